# cython: language_level=3
"""The byte scanner: one pass over UTF-8 HTML, producing tag and text tokens.

Follows the WHATWG HTML tokenizer (§13.2.5), simplified where the Markdown cannot
differ: comments (but for React's Suspense boundary markers, which are comment
tokens), doctypes, processing instructions and bogus comments are dropped
(``<![CDATA[`` outside SVG and MathML is a bogus comment that ends at the first ``>``,
as browsers read it; SVG and MathML are dropped whole);
the bodies of raw text elements are only searched for their end tag; a ``<`` that
does not start a tag is text; end of input inside a tag or comment ends the
token stream without touching text already emitted. Tokens are offsets into the
input: nothing is copied until the builder asks for a token's text.

The loop runs without the GIL and touches no Python object.
"""

from array import array

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memchr, memset
from libc.stdint cimport int32_t, uint32_t

from webfold.tables import ATTRIBUTE_NAMES, RAW_TEXT_ELEMENTS, TAG_NAMES
from webfold.decode import without_controls
from webfold.references import decode_references

DEF HASH_SLOTS = 1024
DEF MAX_NAME = 24

cdef struct NameSlot:
    uint32_t hash
    int32_t number
    int32_t length
    char text[MAX_NAME]

cdef NameSlot tag_slots[HASH_SLOTS]
cdef NameSlot attribute_slots[HASH_SLOTS]
cdef bint raw_text_tag[256]


cdef inline unsigned char lower(unsigned char c) noexcept nogil:
    if c >= 65 and c <= 90:
        return c + 32
    return c


cdef inline bint is_space(unsigned char c) noexcept nogil:
    return c == 32 or c == 9 or c == 10 or c == 12 or c == 13


cdef inline bint is_alpha(unsigned char c) noexcept nogil:
    return (c >= 97 and c <= 122) or (c >= 65 and c <= 90)


cdef uint32_t name_hash(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    # FNV-1a over the lower-cased name.
    cdef uint32_t h = 2166136261u
    cdef Py_ssize_t i
    for i in range(n):
        h = (h ^ lower(s[i])) * 16777619u
    return h


cdef void fill_slots(NameSlot* slots, names):
    memset(slots, 0, sizeof(NameSlot) * HASH_SLOTS)
    cdef bytes raw
    cdef uint32_t h, k
    cdef int32_t number
    for number, name in enumerate(names):
        if not name:
            continue
        raw = name.encode("ascii")
        assert len(raw) < MAX_NAME
        h = name_hash(raw, len(raw))
        k = h % HASH_SLOTS
        while slots[k].number:
            k = (k + 1) % HASH_SLOTS
        slots[k].hash = h
        slots[k].number = number
        slots[k].length = len(raw)
        for i in range(len(raw)):
            slots[k].text[i] = raw[i]


cdef int32_t lookup(NameSlot* slots, const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """The number of a name (compared without case), 0 when it is not in the table."""
    if n >= MAX_NAME:
        return 0
    cdef uint32_t h = name_hash(s, n)
    cdef uint32_t k = h % HASH_SLOTS
    cdef Py_ssize_t i
    while slots[k].number:
        if slots[k].hash == h and slots[k].length == n:
            for i in range(n):
                if lower(s[i]) != <unsigned char>slots[k].text[i]:
                    break
            else:
                return slots[k].number
        k = (k + 1) % HASH_SLOTS
    return 0


fill_slots(tag_slots, TAG_NAMES)
fill_slots(attribute_slots, ATTRIBUTE_NAMES)
_ATTRIBUTE_NUMBER = {name: number for number, name in enumerate(ATTRIBUTE_NAMES) if number}
memset(raw_text_tag, 0, sizeof(raw_text_tag))
for _name in RAW_TEXT_ELEMENTS:
    raw_text_tag[TAG_NAMES.index(_name)] = True
del _name
cdef int32_t PLAINTEXT = TAG_NAMES.index("plaintext")
cdef int32_t NOSCRIPT = TAG_NAMES.index("noscript")
cdef const unsigned char* NOSCRIPT_NAME = b"noscript"


cdef struct Scanner:
    const unsigned char* s
    Py_ssize_t n
    CToken* tokens
    Py_ssize_t ntokens
    Py_ssize_t token_capacity
    CAttribute* attributes
    Py_ssize_t nattributes
    Py_ssize_t attribute_capacity
    bint failed          # out of memory


cdef CToken* new_token(Scanner* sc, int32_t kind, int32_t name, Py_ssize_t start, Py_ssize_t end,
                       int32_t flags) noexcept nogil:
    """A new token at the end of the array, its attributes none yet (a start tag's
    follow from the next slot); NULL when the array cannot grow (``sc.failed``)."""
    cdef CToken* grown
    cdef CToken* t
    if sc.ntokens == sc.token_capacity:
        grown = <CToken*>realloc(sc.tokens, sizeof(CToken) * sc.token_capacity * 2)
        if grown == NULL:
            sc.failed = True
            return NULL
        sc.tokens = grown
        sc.token_capacity *= 2
    sc.ntokens += 1
    t = &sc.tokens[sc.ntokens - 1]
    t.kind = kind
    t.name = name
    t.start = start
    t.end = end
    t.attr = sc.nattributes
    t.nattr = 0
    t.flags = flags
    return t


cdef CAttribute* new_attribute(Scanner* sc) noexcept nogil:
    cdef CAttribute* grown
    if sc.nattributes == sc.attribute_capacity:
        grown = <CAttribute*>realloc(sc.attributes, sizeof(CAttribute) * sc.attribute_capacity * 2)
        if grown == NULL:
            sc.failed = True
            return NULL
        sc.attributes = grown
        sc.attribute_capacity *= 2
    sc.nattributes += 1
    return &sc.attributes[sc.nattributes - 1]


cdef void emit_text(Scanner* sc, Py_ssize_t start, Py_ssize_t end, int32_t flags) noexcept nogil:
    if end <= start:
        return
    cdef Py_ssize_t i
    cdef bint blank = True
    for i in range(start, end):
        if sc.s[i] == 38:     # "&"
            flags |= HAS_AMP
            blank = False
            break
        if blank and not is_space(sc.s[i]):
            blank = False
    if blank:
        flags |= WHITESPACE
    new_token(sc, TEXT, 0, start, end, flags)


cdef Py_ssize_t find(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                     const char* needle, Py_ssize_t m) noexcept nogil:
    """Offset of the first ``needle`` at or after i (case-sensitive), or -1."""
    cdef const unsigned char* p
    cdef Py_ssize_t k
    while i + m <= n:
        p = <const unsigned char*>memchr(s + i, needle[0], n - i - m + 1)
        if p == NULL:
            return -1
        i = p - s
        for k in range(1, m):
            if s[i + k] != <unsigned char>needle[k]:
                break
        else:
            return i
        i += 1
    return -1


cdef inline Py_ssize_t boundary_marker_end(const unsigned char* s, Py_ssize_t k, Py_ssize_t end) noexcept nogil:
    """Where the data ends of the comment whose data starts at k and that ends at end
    ("-->" or "--!>", §13.2.5.50), if it is one of the markers of a React Suspense
    boundary: "$" (shown), "$?" (pending), "$!" (client-rendered), "$~" (queued) or
    "/$" (its end); else 0. The builder reads them to put streamed content in place
    (webfold.streaming); other comments are dropped."""
    cdef Py_ssize_t data_end
    if end - k >= 3 and s[end - 3] == 45 and s[end - 2] == 45 and s[end - 1] == 62:
        data_end = end - 3
    elif end - k >= 4 and s[end - 4] == 45 and s[end - 3] == 45 and s[end - 2] == 33 and s[end - 1] == 62:
        data_end = end - 4
    else:
        return 0                                          # never closed
    if data_end - k == 1 and s[k] == 36:
        return data_end
    if data_end - k == 2 and ((s[k] == 36 and (s[k + 1] == 63 or s[k + 1] == 33 or s[k + 1] == 126))
                              or (s[k] == 47 and s[k + 1] == 36)):
        return data_end
    return 0


cdef Py_ssize_t comment_end(const unsigned char* s, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Offset just after the "-->" or "--!>" that ends a comment body starting at i,
    or n when the comment is never closed (§13.2.5.45-52)."""
    cdef Py_ssize_t k
    while True:
        k = find(s, n, i, b"--", 2)
        if k < 0:
            return n
        if k + 2 < n and s[k + 2] == 62:
            return k + 3
        if k + 3 < n and s[k + 2] == 33 and s[k + 3] == 62:
            return k + 4
        i = k + 1


cdef Py_ssize_t skip_attributes(Scanner* sc, Py_ssize_t i, CToken* t) noexcept nogil:
    """Parse attributes from i up to and including ">"; return the offset after it,
    or -1 at end of input. Attributes are recorded when t is not NULL."""
    cdef const unsigned char* s = sc.s
    cdef Py_ssize_t n = sc.n
    cdef Py_ssize_t name_start, name_end, value_start, value_end
    cdef unsigned char c, quote
    cdef const unsigned char* p
    cdef CAttribute* a
    cdef int32_t flags
    while True:
        while i < n and (is_space(s[i]) or s[i] == 47):      # "/"
            if s[i] == 47 and i + 1 < n and s[i + 1] == 62 and t != NULL:
                t.flags |= SELF_CLOSING
            i += 1
        if i >= n:
            return -1
        if s[i] == 62:     # ">"
            return i + 1
        name_start = i
        i += 1             # the first character may be "=" (§13.2.5.32)
        while i < n:
            c = s[i]
            if is_space(c) or c == 47 or c == 62 or c == 61:
                break
            i += 1
        name_end = i
        while i < n and is_space(s[i]):
            i += 1
        value_start = -1
        value_end = -1
        flags = 0
        if i < n and s[i] == 61:       # "="
            i += 1
            while i < n and is_space(s[i]):
                i += 1
            if i >= n:
                return -1
            c = s[i]
            if c == 34 or c == 39:     # quoted value
                quote = c
                p = <const unsigned char*>memchr(s + i + 1, quote, n - i - 1)
                if p == NULL:
                    return -1
                value_start = i + 1
                value_end = p - s
                i = value_end + 1
            elif c == 62:
                value_start = i
                value_end = i
            else:
                value_start = i
                while i < n and not is_space(s[i]) and s[i] != 62:
                    i += 1
                value_end = i
            if memchr(s + value_start, 38, value_end - value_start) != NULL:
                flags = HAS_AMP
        if t != NULL:
            a = new_attribute(sc)
            if a == NULL:
                return -1
            a.name = lookup(attribute_slots, s + name_start, name_end - name_start)
            a.flags = flags
            a.name_start = name_start
            a.name_end = name_end
            a.value_start = value_start
            a.value_end = value_end
            t.nattr += 1


cdef Py_ssize_t raw_text_end(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                             const unsigned char* name, Py_ssize_t name_len) noexcept nogil:
    """Offset of the "</name" that ends a raw text body starting at i, or n."""
    cdef const unsigned char* p
    cdef Py_ssize_t k, j
    while i < n:
        p = <const unsigned char*>memchr(s + i, 60, n - i)
        if p == NULL:
            return n
        j = p - s
        if j + 2 + name_len <= n and s[j + 1] == 47:
            for k in range(name_len):
                if lower(s[j + 2 + k]) != lower(name[k]):
                    break
            else:
                if j + 2 + name_len == n:
                    return j
                k = s[j + 2 + name_len]
                if is_space(k) or k == 47 or k == 62:
                    return j
        i = j + 1
    return n


cdef void scan(Scanner* sc) noexcept nogil:
    cdef const unsigned char* s = sc.s
    cdef Py_ssize_t n = sc.n
    cdef Py_ssize_t i = 0, text_start = 0, j, k, name_start, end, data_end
    cdef const unsigned char* p
    cdef unsigned char c
    cdef CToken* t
    cdef bint end_tag
    cdef bint in_noscript = False
    while i < n and not sc.failed:
        p = <const unsigned char*>memchr(s + i, 60, n - i)      # "<"
        if p == NULL:
            break
        j = p - s
        if j + 1 >= n:
            break
        c = s[j + 1]
        if is_alpha(c) or (c == 47 and j + 2 < n and is_alpha(s[j + 2])):
            end_tag = c == 47
            emit_text(sc, text_start, j, 0)
            name_start = j + 2 if end_tag else j + 1
            k = name_start
            while k < n and not is_space(s[k]) and s[k] != 47 and s[k] != 62:
                k += 1
            t = new_token(sc, END_TAG if end_tag else START_TAG, lookup(tag_slots, s + name_start, k - name_start),
                          name_start, k, 0)
            if t == NULL:
                return
            end = skip_attributes(sc, k, NULL if end_tag else t)
            if end < 0:
                sc.ntokens -= 1       # end of input inside a tag: the tag is dropped
                sc.nattributes = t.attr
                text_start = n
                break
            i = end
            text_start = end
            if t.name == NOSCRIPT:
                in_noscript = not end_tag
            if not end_tag and raw_text_tag[t.name]:
                if t.name == PLAINTEXT:
                    k = n
                else:
                    k = raw_text_end(s, n, end, s + name_start, t.end - name_start)
                if in_noscript:
                    # A browser that runs scripts (as Webfold's reader is taken to) reads
                    # a <noscript> as raw text to its end tag (§13.2.6.4.4): a raw text
                    # element inside ends there too. Unclosed, Google Tag Manager's
                    # "<noscript><iframe …/></noscript>" swallowed the page (newcomer of
                    # session 33). (Sought only within the body, so linear.)
                    j = raw_text_end(s, min(k + 11, n), end, NOSCRIPT_NAME, 8)
                    if j < k:
                        k = j
                if k > end and new_token(sc, RAW_TEXT, t.name, end, k, 0) == NULL:
                    return
                i = k
                text_start = k
        elif c == 33:                                        # "<!"
            emit_text(sc, text_start, j, 0)
            if j + 3 < n and s[j + 2] == 45 and s[j + 3] == 45:      # comment
                k = j + 4
                if k < n and s[k] == 62:
                    end = k + 1                               # <!-->
                elif k + 1 < n and s[k] == 45 and s[k + 1] == 62:
                    end = k + 2                               # <!--->
                else:
                    end = comment_end(s, n, k)
                    data_end = boundary_marker_end(s, k, end)
                    if data_end > 0 and new_token(sc, COMMENT, 0, k, data_end, 0) == NULL:
                        return
            else:                                             # doctype, CDATA, bogus comment
                p = <const unsigned char*>memchr(s + j, 62, n - j)
                end = n if p == NULL else (p - s) + 1
            i = end
            text_start = end
        elif c == 63 or (c == 47 and j + 2 < n):             # "<?" or "</" + non-letter
            emit_text(sc, text_start, j, 0)
            p = <const unsigned char*>memchr(s + j, 62, n - j)
            end = n if p == NULL else (p - s) + 1
            i = end
            text_start = end
        else:
            i = j + 1                                         # a "<" that is text
    if text_start < n:
        emit_text(sc, text_start, n, 0)


cdef class Tokens:
    """The tokens of one document; see ``_scan.pyi`` for the public description."""

    cdef Scanner sc
    cdef readonly bytes source

    def __cinit__(self):
        self.sc.tokens = NULL
        self.sc.attributes = NULL

    def __dealloc__(self):
        free(self.sc.tokens)
        free(self.sc.attributes)

    def __len__(self):
        return self.sc.ntokens

    cdef CToken* token(self, Py_ssize_t index) except NULL:
        if index < 0:
            index += self.sc.ntokens
        if index < 0 or index >= self.sc.ntokens:
            raise IndexError(f"token index {index} out of range (0 to {self.sc.ntokens - 1})")
        return &self.sc.tokens[index]

    def __getitem__(self, Py_ssize_t index):
        cdef CToken* t = self.token(index)
        return (t.kind, t.name, t.start, t.end, t.flags | (HAS_ATTRIBUTES if t.nattr else 0))

    def table(self):
        """The tokens as a flat ``array('q')`` of ``5 * len(self)`` integers: kind, tag
        number, start, end and flags of each token in turn (see ``_scan.pyi``)."""
        cdef Py_ssize_t k
        cdef CToken* t
        out = array("q", bytes(8 * 5 * self.sc.ntokens))
        cdef long long[:] view = out
        for k in range(self.sc.ntokens):
            t = &self.sc.tokens[k]
            view[5 * k] = t.kind
            view[5 * k + 1] = t.name
            view[5 * k + 2] = t.start
            view[5 * k + 3] = t.end
            view[5 * k + 4] = t.flags | (HAS_ATTRIBUTES if t.nattr else 0)
        return out

    def name(self, Py_ssize_t index):
        cdef CToken* t = self.token(index)
        if t.name:
            return TAG_NAMES[t.name]
        return _nul_replaced(self.source[t.start:t.end].decode("utf-8", "replace").lower())

    def text(self, Py_ssize_t start, Py_ssize_t end, bint references=True, bint keep_controls=True):
        if start < 0 or end > self.sc.n or start > end:
            raise IndexError(f"byte range {start}:{end} outside the document (0:{self.sc.n})")
        cdef const char* s = <const char*>self.sc.s + start
        text = PyUnicode_DecodeUTF8(s, end - start, "replace")      # no bytes copy first
        if references and memchr(s, b"&", end - start) != NULL:
            text = decode_references(text, False)
            # a numeric reference may stand for a control character
            return text if keep_controls or not has_control_character(text) else without_controls(text)
        if not keep_controls and has_control(self.sc.s + start, end - start):
            return without_controls(text)
        return text

    def attribute_count(self, Py_ssize_t index):
        """The number of attributes of token ``index`` as written, those Webfold does
        not read included (0 for a token that is not a start tag)."""
        return self.token(index).nattr

    @property
    def attribute_total(self):
        """The number of attributes of all start tags, as written."""
        return self.sc.nattributes

    def attributes(self, Py_ssize_t index):
        cdef CToken* t = self.token(index)
        cdef CAttribute* a
        cdef Py_ssize_t k
        found = {}
        for k in range(t.attr, t.attr + t.nattr):
            a = &self.sc.attributes[k]
            if not a.name:
                continue            # only the attributes Webfold reads are decoded
            key = ATTRIBUTE_NAMES[a.name]
            if key in found:
                continue            # the first of duplicate attributes wins (§13.2.5.33)
            found[key] = self.value(a)
        return found

    def attribute(self, Py_ssize_t index, str name):
        cdef CToken* t = self.token(index)
        cdef Py_ssize_t k
        cdef int32_t number = _ATTRIBUTE_NUMBER.get(name, 0)
        if number:
            for k in range(t.attr, t.attr + t.nattr):
                if self.sc.attributes[k].name == number:
                    return self.value(&self.sc.attributes[k])   # the first one wins
        return None

    cdef str value(self, CAttribute* a):
        """An attribute's value, decoded with the attribute-value exception."""
        if a.value_start < 0:
            return ""
        cdef const unsigned char* s = self.sc.s + a.value_start
        cdef Py_ssize_t n = a.value_end - a.value_start
        value = PyUnicode_DecodeUTF8(<const char*>s, n, "replace")
        cdef bint control = has_control(s, n)      # NUL among them
        if control:
            value = _nul_replaced(value)
        if a.flags & HAS_AMP:
            value = decode_references(value, True)
            # a numeric reference may stand for a control character
            control = control or has_control_character(value)
        return without_controls(value) if control else value


cdef bint has_control(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """Whether UTF-8 bytes hold a control character that no reader sees: C0 but for
    tab, line feed, form feed and carriage return, DEL, or C1 (``C2 80``-``C2 9F``).
    A byte loop: the text of every element passes here, and a regex costs 20 times more."""
    cdef Py_ssize_t i
    for i in range(n):
        # a byte past 0x7F is part of a character: C1 controls are C2 80 to C2 9F
        if (s[i] < 0x80 and is_control(s[i])) or (s[i] == 0xC2 and i + 1 < n and 0x80 <= s[i + 1] <= 0x9F):
            return True
    return False


cdef inline bint is_control(Py_UCS4 c) noexcept nogil:
    """Whether ``c`` is a control character that no reader sees: C0 but for tab, line
    feed, form feed and carriage return, DEL, or C1 (what ``decode.without_controls``
    removes)."""
    if c < 0x20:
        return c != 9 and c != 10 and c != 12 and c != 13
    return 0x7F <= c <= 0x9F


cdef bint has_control_character(str text) noexcept:
    """Whether ``text`` holds a character that :func:`has_control` looks for (what
    ``decode.without_controls`` removes): a loop over the string's code points, for
    text whose references were decoded, where a regex search costs far more."""
    cdef Py_UCS4 c
    for c in text:
        if is_control(c):
            return True
    return False


cdef str _nul_replaced(str value):
    """``value`` with U+0000 as U+FFFD, as the tokenizer's tag-name and attribute-value
    states do (§13.2.5.8, §13.2.5.36-38): a NUL must not reach a link target. (Other
    control characters are then removed from attribute values.)"""
    return value.replace("\x00", "\ufffd") if "\x00" in value else value


def scan_bytes(source):
    if not isinstance(source, bytes):
        raise TypeError(f"scan_bytes() takes bytes, not {type(source).__name__}")
    cdef Tokens tokens = Tokens()
    tokens.source = source
    cdef Scanner* sc = &tokens.sc
    sc.s = <const unsigned char*>PyBytes_AS_STRING(source)
    sc.n = PyBytes_GET_SIZE(source)
    sc.token_capacity = 64 + sc.n // 32
    sc.attribute_capacity = 64 + sc.n // 64
    sc.tokens = <CToken*>malloc(sizeof(CToken) * sc.token_capacity)
    sc.attributes = <CAttribute*>malloc(sizeof(CAttribute) * sc.attribute_capacity)
    sc.ntokens = 0
    sc.nattributes = 0
    sc.failed = sc.tokens == NULL or sc.attributes == NULL
    if not sc.failed:
        with nogil:
            scan(sc)
    if sc.failed:
        raise MemoryError("out of memory while scanning the document")
    return tokens
