# Types for compiling features.py with Cython (an "augmenting" .pxd, as build.pxd): the
# module stays plain Python; compiled, each feature row is written as C doubles into
# its matrix, without a Python float per value, and the text statistics are read as C
# fields (_text.pxd). The module's math.log and math.log1p become C's (the same
# functions that Python's call), without a Python call and a float object each.
cimport cython
cimport libc.math as math
from webfold._text cimport TextStats

cdef dict _TAG_BITS
cdef tuple CHROME_BITS

cdef class PageFeatures:
    cdef public list blocks
    cdef public Py_ssize_t total_chars
    cdef public double mean_chars
    cdef public list title_words
    cdef public object title
    cdef public dict parents, elements, parent_chars, parent_blocks
    cdef public dict parent_group_chars, element_group_chars
    cdef public object chars_before
    cdef public dict subtrees
    cdef public object container
    cdef public double container_share
    cdef public Py_ssize_t main_heading
    cdef public object page_part
    cdef public dict copies, first_copy
    cdef public set kept_by_rules
    cdef public dict slots_of, inside

    @cython.locals(index=Py_ssize_t, k=Py_ssize_t, count=Py_ssize_t, column=Py_ssize_t,
                   total_chars=Py_ssize_t, main_heading=Py_ssize_t, title_count=Py_ssize_t,
                   width=Py_ssize_t, same_kind=Py_ssize_t, offset=Py_ssize_t, part="double[::1]",
                   words=Py_ssize_t, overlap=Py_ssize_t, name=str, kind=str, stats=TextStats)
    cpdef fill(self, Py_ssize_t start, Py_ssize_t stop, double[::1] x, Py_ssize_t stride)

@cython.locals(chain=list)
cdef list _chain(object element, Py_ssize_t reach)

cdef int _check_fill(Py_ssize_t start, Py_ssize_t stop, Py_ssize_t count, Py_ssize_t size,
                     Py_ssize_t stride, Py_ssize_t column, Py_ssize_t width) except -1

cdef tuple _signature(object element)

@cython.locals(walked=list)
cdef int _inside(object element, object container, dict memo) except -1

@cython.locals(chars=Py_ssize_t, words=Py_ssize_t, sentences=Py_ssize_t, links=Py_ssize_t,
               column=Py_ssize_t, phrases="unsigned long long")
cdef Py_ssize_t _text_row(object block, TextStats stats, double[::1] x, Py_ssize_t k) except -1

@cython.locals(distance=Py_ssize_t, chars=Py_ssize_t, links=Py_ssize_t)
cdef Py_ssize_t _subtree_row(object element, list chain, dict subtrees, Py_ssize_t total_chars,
                             object container, dict inside, double[::1] x, Py_ssize_t k) except -1

@cython.locals(seen="unsigned long long", column=Py_ssize_t, bit=long)
cdef Py_ssize_t _structure_row(object element, list chain, long chrome, double[::1] x,
                               Py_ssize_t k) except -1

@cython.locals(distance=Py_ssize_t, weight=double, slot=Py_ssize_t, found=tuple)
cdef Py_ssize_t _class_row(list chain, dict slots_of, double[::1] x, Py_ssize_t k,
                           Py_ssize_t reach=*) except -1

cdef class ContextFeatures:
    cdef public list scores
    cdef public object containers
    cdef public object prefix, confident, rank
    cdef public list sums, sizes
    cdef public double page_mean, page_max, above

    @cython.locals(prefix="double[::1]", confident="long long[::1]",
                   index=Py_ssize_t, k=Py_ssize_t, count=Py_ssize_t, width=Py_ssize_t,
                   low=Py_ssize_t, high=Py_ssize_t, distance=Py_ssize_t, size=Py_ssize_t,
                   before=Py_ssize_t, after=Py_ssize_t, total_confident=Py_ssize_t, score=double)
    cpdef fill(self, Py_ssize_t start, Py_ssize_t stop, double[::1] x, Py_ssize_t stride,
               Py_ssize_t column)
