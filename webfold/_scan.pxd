# C declarations of the byte scanner: the token and attribute records it fills.
from libc.stdint cimport int32_t

cpdef enum TokenKind:
    TEXT = 1        # a run of character data
    START_TAG = 2   # <name ...>
    END_TAG = 3     # </name>
    RAW_TEXT = 4    # the body of a raw text element (script, style, title, ...)
    COMMENT = 5     # <!--data-->, only React's Suspense boundary markers (see scan)

cpdef enum TokenFlag:
    HAS_AMP = 1         # text or value holds "&": character references to decode
    WHITESPACE = 2      # text is only ASCII whitespace
    SELF_CLOSING = 4    # start tag ends with "/>"
    HAS_ATTRIBUTES = 16 # start tag with at least one attribute (set when tokens are read)

cdef struct CToken:
    int32_t kind        # a TokenKind
    int32_t name        # tag number (index in tables.TAG_NAMES), 0 if unknown
    Py_ssize_t start    # byte offset: text start, or tag name start
    Py_ssize_t end      # byte offset: text end, or tag name end
    Py_ssize_t attr     # index of the first attribute in the attribute array
    int32_t nattr       # number of attributes
    int32_t flags       # TokenFlag bits

cdef struct CAttribute:
    int32_t name        # attribute number (index in tables.ATTRIBUTE_NAMES), 0 if unknown
    int32_t flags       # HAS_AMP when the value holds "&"
    Py_ssize_t name_start
    Py_ssize_t name_end
    Py_ssize_t value_start   # -1 for a valueless attribute
    Py_ssize_t value_end
