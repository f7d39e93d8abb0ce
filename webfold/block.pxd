# Types for compiling block.py with Cython (an "augmenting" .pxd, as build.pxd): a
# compiled Block is an extension type whose fields build.py and features.py read as
# C struct members rather than through attribute lookup. The fields stay Python
# objects, so a block holds whatever the Python class would (a hand-made block's
# chrome bit past 2**31 included). Element stays a Python class: a chain of parents a
# million deep must be freed through Python's trashcan, which an augmenting .pxd
# cannot give an extension type.
cdef class Block:
    cdef public object md, kind, links, text_chars, link_chars, level, element, position
    cdef public object chrome, text, rows, page
