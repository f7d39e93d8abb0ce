# Types for compiling block.py with Cython (an "augmenting" .pxd, as build.pxd): a
# compiled Block is an extension type whose fields build.py and features.py read as
# C struct members rather than through attribute lookup. The fields stay Python
# objects, so a block holds whatever the Python class would (a hand-made block's
# chrome bit past 2**31 included); keep its fields here in step with Block.__slots__.
# Element stays a Python class: pages nest elements a million deep, and its chains must
# be freed through CPython's trashcan (Py_TRASHCAN: nested frees deferred, not
# recursed). Compiled, a chain of 5,000,000 crashed when freed; Cython's trashcan
# directive is refused on a class in a .py and ignored here (tests/test_build.py frees a
# chain of 200,000 on a 256 KB stack).
cdef class Block:
    cdef public object md, kind, links, text_chars, link_chars, level, element, position
    cdef public object chrome, text, rows, page
