# Types for compiling markdown.py with Cython (an "augmenting" .pxd, as build.pxd).
cimport cython

@cython.locals(character=Py_UCS4)
cpdef str escape_inline(str text)
