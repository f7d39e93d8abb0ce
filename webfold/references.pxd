# Types for compiling references.py with Cython (an "augmenting" .pxd, as build.pxd).
cimport cython

@cython.locals(amp=Py_ssize_t, position=Py_ssize_t, length=Py_ssize_t, i=Py_ssize_t, first=Py_ssize_t,
               size=Py_ssize_t, end=Py_ssize_t, hexadecimal=bint)
cpdef str decode_references(str text, bint in_attribute=*)

cdef bint _is_ascii_letter(Py_UCS4 character) noexcept
cdef bint _is_hex_digit(Py_UCS4 character) noexcept
