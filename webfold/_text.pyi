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
