# C declarations of the text statistics (see _text.pyx), so that webfold.features,
# compiled, reads each count as a C field rather than as a Python attribute (an int
# object made per read).

cdef class TextStats:
    #: characters of the text
    cdef readonly Py_ssize_t chars
    #: words (runs of word characters), and the characters in them
    cdef readonly Py_ssize_t words, word_chars
    #: letters, decimal digits, upper-case letters
    cdef readonly Py_ssize_t letters, digits, upper
    #: the punctuation ``. , ; : ! ?``, commas alone, separators ``| · • / › » >``
    cdef readonly Py_ssize_t punctuation, commas, separators
    #: sentence ends: ``. ! ? 。`` followed by white space or the end of the text
    cdef readonly Py_ssize_t sentences
    #: words whose lexicon mask meets the ``counted`` mask (e.g. stop words)
    cdef readonly Py_ssize_t counted
    #: words of at least ``MIXED_LENGTH`` characters that mix decimal digits with ASCII
    #: letters: identifiers, SKUs, hashes and the GUIDs of obfuscated labels (not
    #: ``2024年10月``: CJK text runs words together)
    cdef readonly Py_ssize_t mixed
    #: the last character that is not white space is one of ``. ! ? : 。``
    cdef readonly bint ends_with_stop
    #: the first character is an upper-case letter
    cdef readonly bint starts_upper
    #: OR of the lexicon masks of the patterns found (without ``counted`` bits)
    cdef readonly unsigned long long phrases
    #: OR of the masks the second lexicon (e.g. the page title's words) gives the words
    cdef readonly unsigned long long title
    #: word count of each hashed bin (``word_hash(word) % nbins``), ``nbins`` of them
    #: (the ``bins`` property gives them as a list)
    cdef Py_ssize_t* counts
    cdef readonly Py_ssize_t nbins
    cpdef Py_ssize_t bin_count(self, Py_ssize_t index) except -1
