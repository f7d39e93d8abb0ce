# cython: language_level=3
"""Character and word statistics of a block's text in one pass, for the selector's
features (:mod:`webfold.features`).

Words are runs of word characters (what ``\\w+`` matches: letters, digits and ``_``),
lower-cased character by character and hashed with 64-bit FNV-1a over their code
points, so a word's hash is the same on every machine and in every run. The
characters ``$ € £ ¥ ©`` are one-character tokens of their own (for price and
copyright phrases); they are not counted as words.

A :class:`Lexicon` maps word patterns to bit masks; :func:`analyze` ORs the masks of
the patterns a text holds. Patterns:

- ``"word"``: the word itself;
- ``"word*"``: a word that starts with ``word``;
- ``"one two"``: the two words in a row;
- ``"word #"``: the word followed by a number (a word of decimal digits);
- ``"# word"``: the word after a number;
- ``"<year>"``: a number from 1900 to 2099.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free

cdef extern from "Python.h" nogil:
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch)
    bint Py_UNICODE_ISALPHA(Py_UCS4 ch)
    bint Py_UNICODE_ISDECIMAL(Py_UCS4 ch)
    bint Py_UNICODE_ISUPPER(Py_UCS4 ch)
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch)
    Py_UCS4 Py_UNICODE_TOLOWER(Py_UCS4 ch)

cdef uint64_t FNV_OFFSET = 14695981039346656037ULL
cdef uint64_t FNV_PRIME = 1099511628211ULL
# Salts keep the kinds of pattern apart in one table.
cdef uint64_t PREFIX = 0x9E3779B97F4A7C15ULL
cdef uint64_t BIGRAM = 0xC2B2AE3D27D4EB4FULL
cdef uint64_t BEFORE_NUMBER = 0x165667B19E3779F9ULL
cdef uint64_t AFTER_NUMBER = 0x27D4EB2F165667C5ULL
#: the longest prefix pattern, in characters
cdef int MAX_PREFIX = 16
#: The shortest word that ``TextStats.mixed`` counts: ``a1``, ``mp3`` and ``4k`` are
#: ordinary words; ``X510NZ``, ``42bf1e13`` (a piece of a GUID) are identifiers.
cdef Py_ssize_t MIXED_LENGTH = 6


cdef inline uint64_t fnv(uint64_t h, Py_UCS4 ch) noexcept nogil:
    return (h ^ <uint64_t>ch) * FNV_PRIME


cdef inline uint64_t pair(uint64_t first, uint64_t second) noexcept nogil:
    return (first * FNV_PRIME + second) ^ BIGRAM


# The character classes, with ASCII decided here: Python's tests are calls into its
# Unicode database, and most of a page's text is ASCII (the answers are the same).
cdef inline bint is_word_char(Py_UCS4 ch) noexcept nogil:
    if ch < 128:
        return 65 <= (<unsigned int>ch & 0xDF) <= 90 or 48 <= ch <= 57 or ch == 95
    return Py_UNICODE_ISALNUM(ch)


cdef inline bint is_alpha(Py_UCS4 ch) noexcept nogil:
    return 65 <= (<unsigned int>ch & 0xDF) <= 90 if ch < 128 else Py_UNICODE_ISALPHA(ch)


cdef inline bint is_decimal(Py_UCS4 ch) noexcept nogil:
    return 48 <= ch <= 57 if ch < 128 else Py_UNICODE_ISDECIMAL(ch)


cdef inline bint is_upper(Py_UCS4 ch) noexcept nogil:
    return 65 <= ch <= 90 if ch < 128 else Py_UNICODE_ISUPPER(ch)


cdef inline Py_UCS4 to_lower(Py_UCS4 ch) noexcept nogil:
    if ch < 128:
        return <Py_UCS4>(<unsigned int>ch + 32) if 65 <= ch <= 90 else ch
    return Py_UNICODE_TOLOWER(ch)


cdef inline bint is_symbol(Py_UCS4 ch) noexcept nogil:
    return ch == u"$" or ch == u"\u20ac" or ch == u"\u00a3" or ch == u"\u00a5" or ch == u"\u00a9"


cpdef unsigned long long word_hash(str word):
    """The 64-bit FNV-1a hash of ``word`` lower-cased character by character: the hash
    :func:`analyze` gives each word (an int from 0 to 2**64 - 1)."""
    cdef uint64_t h = FNV_OFFSET
    cdef Py_UCS4 ch
    for ch in word:
        h = fnv(h, to_lower(ch))
    return h


cdef class Lexicon:
    """Word patterns (see the module docstring) and the bit mask of each.

    Parameters
    ----------
    patterns : dict of str to int
        Each pattern's mask (an int from 1 to 2**64 - 1); a pattern given twice keeps
        the OR of its masks.

    Raises
    ------
    ValueError
        A pattern is empty, has more than two words, is only ``*``, or a prefix is
        longer than 16 characters.
    """

    cdef uint64_t* keys
    cdef uint64_t* masks
    cdef uint64_t capacity
    cdef uint64_t year_mask
    cdef unsigned int prefix_lengths     # bit k: some prefix pattern has k characters
    cdef readonly int size

    def __cinit__(self, dict patterns):
        self.capacity = 16
        while self.capacity < 2 * len(patterns) + 2:
            self.capacity *= 2
        self.keys = <uint64_t*>calloc(self.capacity, sizeof(uint64_t))
        self.masks = <uint64_t*>calloc(self.capacity, sizeof(uint64_t))
        if self.keys == NULL or self.masks == NULL:
            raise MemoryError()
        for pattern, mask in patterns.items():
            self._add(pattern, mask)
        self.size = len(patterns)

    def __dealloc__(self):
        free(self.keys)
        free(self.masks)

    def _add(self, str pattern, unsigned long long mask):
        parts = pattern.split()
        if not 1 <= len(parts) <= 2 or any(not part.rstrip("*") for part in parts):
            raise ValueError(f"bad lexicon pattern {pattern!r}")
        if pattern == "<year>":
            self.year_mask |= mask
        elif len(parts) == 1 and parts[0].endswith("*") and len(parts[0]) > 1:
            prefix = parts[0].rstrip("*")
            if len(prefix) > MAX_PREFIX:
                raise ValueError(f"prefix pattern {pattern!r} is longer than {MAX_PREFIX} characters")
            self.prefix_lengths |= 1u << len(prefix)
            self._put(word_hash(prefix) ^ PREFIX, mask)
        elif len(parts) == 1:
            self._put(word_hash(parts[0]), mask)
        elif len(parts) == 2 and parts[1] == "#":
            self._put(word_hash(parts[0]) ^ BEFORE_NUMBER, mask)
        elif len(parts) == 2 and parts[0] == "#":
            self._put(word_hash(parts[1]) ^ AFTER_NUMBER, mask)
        else:
            self._put(pair(word_hash(parts[0]), word_hash(parts[1])), mask)

    cdef void _put(self, uint64_t key, uint64_t mask):
        if key == 0:        # 0 marks an empty slot
            key = 1
        cdef uint64_t slot = key & (self.capacity - 1)
        while self.keys[slot] != 0 and self.keys[slot] != key:
            slot = (slot + 1) & (self.capacity - 1)
        self.keys[slot] = key
        self.masks[slot] |= mask

    cdef inline uint64_t get(self, uint64_t key) noexcept nogil:
        if key == 0:
            key = 1
        cdef uint64_t slot = key & (self.capacity - 1)
        while self.keys[slot] != 0:
            if self.keys[slot] == key:
                return self.masks[slot]
            slot = (slot + 1) & (self.capacity - 1)
        return 0


cdef class TextStats:
    """What :func:`analyze` counts in one text (all counts are characters or words; the
    fields are declared in ``_text.pxd``, where :mod:`webfold.features` reads them)."""

    def __dealloc__(self):
        free(self.counts)

    @property
    def bins(self):
        """The word count of each hashed bin (``word_hash(word) % len(bins)``), a list."""
        return [self.counts[i] for i in range(self.nbins)]

    cpdef Py_ssize_t bin_count(self, Py_ssize_t index) except -1:
        """The word count of hashed bin ``index`` (0 to ``len(bins) - 1``), read without
        making the list of :attr:`bins`.

        Raises
        ------
        IndexError
            ``index`` is outside the bins.
        """
        if not 0 <= index < self.nbins:
            raise IndexError(f"bin {index} outside 0:{self.nbins}")
        return self.counts[index]


cdef struct Scan:
    # the token being read
    uint64_t h
    Py_ssize_t length
    uint64_t value          # its value while it is a number of at most 4 ASCII digits
    bint numeric
    bint has_digit
    bint has_latin          # an ASCII letter
    # the token before it
    uint64_t previous
    bint have_previous
    bint previous_number
    uint64_t pending        # the mask of a "word #" pattern waiting for a number
    # what was found
    Py_ssize_t words, word_chars, counted, mixed
    uint64_t phrases, title


cdef inline void start_token(Scan* s) noexcept:
    s.h = FNV_OFFSET
    s.length = 0
    s.value = 0
    s.numeric = True
    s.has_digit = s.has_latin = False


cdef void end_token(Scan* s, Lexicon lexicon, Lexicon title, uint64_t counted,
                    Py_ssize_t* counts, uint64_t bins, bint symbol) noexcept:
    """Look the token up; a symbol is a token but not a word."""
    cdef uint64_t h = s.h
    cdef uint64_t mask = lexicon.get(h)
    if symbol:
        s.numeric = False
    else:
        s.words += 1
        s.word_chars += s.length
        if s.has_digit and s.has_latin and s.length >= MIXED_LENGTH:
            s.mixed += 1
        counts[h % bins] += 1
        s.title |= title.get(h)
        if mask & counted:
            s.counted += 1
    s.phrases |= mask
    if s.have_previous:
        s.phrases |= lexicon.get(pair(s.previous, h))
    if s.numeric:
        s.phrases |= s.pending
        if s.length == 4 and 1900 <= s.value <= 2099:
            s.phrases |= lexicon.year_mask
    elif s.previous_number:
        s.phrases |= lexicon.get(h ^ AFTER_NUMBER)
    s.pending = 0 if s.numeric else lexicon.get(h ^ BEFORE_NUMBER)
    s.previous_number = s.numeric
    s.previous = h
    s.have_previous = True
    start_token(s)


def analyze(str text, Lexicon lexicon not None, Lexicon title not None, unsigned long long counted, int bins):
    """Count the characters, words and patterns of ``text`` in one pass.

    Parameters
    ----------
    text : str
    lexicon : Lexicon
        Phrase patterns; a word's mask is ORed into ``phrases`` and, where it meets
        ``counted``, the word is counted in ``counted``.
    title : Lexicon
        Single-word patterns ORed into ``title`` (e.g. one bit per title word).
    counted : int
        The mask of lexicon bits to count per occurrence.
    bins : int
        The number of hashed word bins (at least 1).

    Returns
    -------
    TextStats

    Raises
    ------
    ValueError
        ``bins`` is less than 1.
    """
    if bins < 1:
        raise ValueError("bins must be at least 1")
    cdef TextStats stats = TextStats.__new__(TextStats)
    # the bins' counts are the result's own: freed with it
    stats.counts = <Py_ssize_t*>calloc(bins, sizeof(Py_ssize_t))
    cdef Py_ssize_t* counts = stats.counts
    if counts == NULL:
        raise MemoryError()
    stats.nbins = bins
    cdef Scan s
    s.previous = 0
    s.have_previous = s.previous_number = False
    s.pending = s.phrases = s.title = 0
    s.words = s.word_chars = s.counted = s.mixed = 0
    start_token(&s)
    cdef Py_ssize_t n = len(text), i
    cdef Py_UCS4 ch, lower, last = 0
    cdef Py_ssize_t letters = 0, digits = 0, upper = 0, punctuation = 0, commas = 0
    cdef Py_ssize_t separators = 0, sentences = 0
    i = -1
    for ch in text:                 # compiled to a loop over the string's code units
        i += 1
        if is_word_char(ch):
            lower = to_lower(ch)
            s.h = fnv(s.h, lower)
            s.length += 1
            if is_decimal(ch):
                digits += 1
                s.has_digit = True
                # a year has 4 ASCII digits; other digits make the value no year
                s.value = s.value * 10 + (<int>ch - 48) if u"0" <= ch <= u"9" and s.length <= 4 else 10000
            else:
                s.numeric = False
                if is_alpha(ch):
                    letters += 1
                    if ch < 128:
                        s.has_latin = True
                    if is_upper(ch):
                        upper += 1
            if s.length <= MAX_PREFIX and lexicon.prefix_lengths & (1u << s.length):
                s.phrases |= lexicon.get(s.h ^ PREFIX)
            last = ch
            continue
        if s.length:
            end_token(&s, lexicon, title, counted, counts, bins, False)
        if Py_UNICODE_ISSPACE(ch):
            continue
        last = ch
        if is_symbol(ch):
            s.h = fnv(FNV_OFFSET, ch)
            end_token(&s, lexicon, title, counted, counts, bins, True)
        elif ch == u"." or ch == u"!" or ch == u"?" or ch == u"\u3002":
            if ch != u"\u3002":
                punctuation += 1
            if i + 1 == n or Py_UNICODE_ISSPACE(text[i + 1]):
                sentences += 1
        elif ch == u"," or ch == u";" or ch == u":":
            punctuation += 1
            if ch == u",":
                commas += 1
        elif (ch == u"|" or ch == u"\u00b7" or ch == u"\u2022" or ch == u"/" or ch == u"\u203a"
              or ch == u"\u00bb" or ch == u">"):
            separators += 1
    if s.length:
        end_token(&s, lexicon, title, counted, counts, bins, False)
    stats.chars = n
    stats.words = s.words
    stats.word_chars = s.word_chars
    stats.letters = letters
    stats.digits = digits
    stats.upper = upper
    stats.punctuation = punctuation
    stats.commas = commas
    stats.separators = separators
    stats.sentences = sentences
    stats.counted = s.counted
    stats.mixed = s.mixed
    stats.ends_with_stop = last == u"." or last == u"!" or last == u"?" or last == u":" or last == u"\u3002"
    stats.starts_upper = n > 0 and is_upper(text[0])
    stats.phrases = s.phrases & ~counted
    stats.title = s.title
    return stats


def class_slots(str value, Lexicon groups not None, Py_ssize_t limit, unsigned int bins, Py_ssize_t first_bin):
    """The class or id tokens of an attribute value, and the places of a feature row
    they add to (for :mod:`webfold.features`), in one pass.

    The tokens are the runs of ``[a-z][a-z0-9]*`` in ``value.lower()``, the first
    ``limit`` of them. Each adds to the places of its signal groups (the bits of its
    mask in ``groups``, lowest first: a word's mask, looked up by its 64-bit hash as
    :func:`analyze` looks words up), then to ``first_bin + word_hash(token) % bins``.

    Returns
    -------
    (int, tuple of int)
        The number of tokens (at most ``limit``), and the places in token order.

    Raises
    ------
    ValueError
        ``bins`` is 0, or ``limit`` is negative.
    """
    if bins == 0 or limit < 0:
        raise ValueError("bins must be at least 1 and limit at least 0")
    cdef list slots = []
    cdef Py_ssize_t count = 0, i, n = len(value)
    cdef Py_UCS4 ch
    cdef uint64_t h = FNV_OFFSET, mask
    cdef bint inside = False, ends = False
    cdef Py_ssize_t group
    for i in range(n + 1):
        if i == n:
            ch = 0                  # ends the last token
        else:
            ch = value[i]
            # str.lower's mapping for ASCII letters and the two characters outside
            # ASCII that lower-case to ASCII: the Kelvin sign, and the dotted capital
            # I, whose "i" is followed by a combining dot (which ends a token)
            if 65 <= ch <= 90:
                ch = <Py_UCS4>(<unsigned int>ch + 32)
            elif ch == 0x212A:
                ch = u"k"
            elif ch == 0x130:
                ch = u"i"
                ends = True
        if 97 <= ch <= 122 or inside and 48 <= ch <= 57:
            if not inside:
                h = FNV_OFFSET
                inside = True
            h = fnv(h, ch)
            if not ends:
                continue
        if inside:
            if count == limit:
                break
            count += 1
            mask = groups.get(h)
            group = 0
            while mask:
                if mask & 1:
                    slots.append(group)
                mask >>= 1
                group += 1
            slots.append(first_bin + <Py_ssize_t>(h % bins))
            inside = ends = False
    return count, tuple(slots)


def attribute_marks(str value, Lexicon tokens not None, Lexicon names):
    """Which of two word lists a class or id attribute meets, in one pass (for
    :func:`webfold.build.class_marks`): the OR of the masks of its tokens in
    ``tokens`` and of its names in ``names`` (None: none), looked up by their 64-bit
    hashes. Both lists must be of lower-case ASCII words.

    Tokens are the runs of word characters and ``-`` (the regular expression
    ``[\\w-]+``) in the value, lower-cased, with the dotted and dotless i made "i" and
    the long s "s": the letters that case-insensitive matching (Unicode simple case
    folding) takes for ASCII ones and ``str.lower`` does not (Turkish upper-cases
    "advertisement" ADVERTİSEMENT). Names are the runs
    between ASCII white space (as CSS splits class names) of the lower-cased value.
    Lower-casing is ``str.lower``'s; only ASCII words can match, so a token or name
    keeping a character outside ASCII is not looked up.

    Returns
    -------
    int
        The OR of the masks met (0: none).
    """
    cdef Py_ssize_t i, n = len(value)
    cdef Py_UCS4 ch, token_char, name_char
    cdef uint64_t token_hash = FNV_OFFSET, name_hash = FNV_OFFSET, found = 0
    cdef bint in_token = False, token_ascii = True, in_name = False, name_ascii = True
    for i in range(n + 1):
        ch = value[i] if i < n else u" "        # a space ends the last token and name
        if ch < 128:
            token_char = name_char = to_lower(ch)
        elif ch == 0x212A:                      # the Kelvin sign lower-cases to "k"
            token_char = name_char = u"k"
        else:
            name_char = 0
            token_char = u"i" if ch == 0x130 or ch == 0x131 else u"s" if ch == 0x17F else 0
        if ch == u" " or ch == u"\t" or ch == u"\n" or ch == u"\r" or ch == u"\x0c":
            if in_name and name_ascii and names is not None:
                found |= names.get(name_hash)
            in_name, name_ascii, name_hash = False, True, FNV_OFFSET
        else:
            in_name = True
            if name_char:
                name_hash = fnv(name_hash, name_char)
            else:
                name_ascii = False
        if ch == u"-" or is_word_char(ch):
            in_token = True
            if token_char:
                token_hash = fnv(token_hash, token_char)
            else:
                token_ascii = False
        else:
            if in_token and token_ascii:
                found |= tokens.get(token_hash)
            in_token, token_ascii, token_hash = False, True, FNV_OFFSET
    return found
