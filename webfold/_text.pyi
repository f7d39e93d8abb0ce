"""Character and word statistics of a block's text in one pass (typed stub of
``_text.pyx``; the module docstring there gives the word and pattern rules)."""

def word_hash(word: str) -> int:
    """64-bit FNV-1a of ``word`` lower-cased character by character (0 to 2**64 - 1)."""

class Lexicon:
    """Word patterns and their bit masks.

    Raises ValueError for an empty pattern, one of more than two words, one that is
    only ``*``, or a prefix longer than 16 characters."""

    size: int

    def __init__(self, patterns: dict[str, int]) -> None: ...

class TextStats:
    """What :func:`analyze` counts in one text (characters and words)."""

    chars: int
    words: int
    word_chars: int
    letters: int
    digits: int
    upper: int
    punctuation: int
    commas: int
    separators: int
    sentences: int
    counted: int
    mixed: int
    ends_with_stop: bool
    starts_upper: bool
    phrases: int
    title: int
    bins: list[int]

def analyze(text: str, lexicon: Lexicon, title: Lexicon, counted: int, bins: int) -> TextStats:
    """Count the characters, words and patterns of ``text`` in one pass.

    Raises ValueError when ``bins`` is less than 1."""

def class_slots(value: str, groups: Lexicon, limit: int, bins: int, first_bin: int) -> tuple[int, tuple[int, ...]]:
    """The number of ``[a-z][a-z0-9]*`` tokens of ``value.lower()`` (the first ``limit``)
    and the feature row places they add to: each token's groups in ``groups``, then
    ``first_bin + word_hash(token) % bins``.

    Raises ValueError when ``bins`` is 0 or ``limit`` is negative."""

def attribute_marks(value: str, tokens: Lexicon, names: Lexicon | None) -> int:
    """The OR of the masks of a class or id value's ``[\\w-]+`` tokens (folded and
    lower-cased) in ``tokens`` and of its names (split on ASCII white space,
    lower-cased) in ``names``."""
