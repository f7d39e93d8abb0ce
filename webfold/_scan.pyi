"""The byte scanner (typed stub of ``_scan.pyx``).

One pass over UTF-8 HTML, following the WHATWG HTML tokenizer (§13.2.5) where the
Markdown can differ. Tokens are offsets into the input; text is copied and decoded
only when :meth:`Tokens.text` is called.
"""

import enum
from array import array

class TokenKind(enum.IntEnum):
    """What a token is (the ``kind`` of ``Tokens[i]``)."""

    TEXT = 1
    START_TAG = 2
    END_TAG = 3
    RAW_TEXT = 4
    COMMENT = 5

class TokenFlag(enum.IntFlag):
    """The bits of a token's ``flags``."""

    HAS_AMP = 1
    WHITESPACE = 2
    SELF_CLOSING = 4
    HAS_ATTRIBUTES = 16

class Tokens:
    """The tokens of one document.

    ``tokens[i]`` is ``(kind, tag_number, start, end, flags)``:

    - ``kind``: 1 text, 2 start tag, 3 end tag, 4 the body of a raw text element, 5 a
      comment that marks a React Suspense boundary (``$``, ``$?``, ``$!``, ``$~`` or
      ``/$``; other comments make no token).
    - ``tag_number``: the index of the tag name in ``webfold.tables.TAG_NAMES`` (0 for
      any other name, whose lower-cased form :meth:`name` gives).
    - ``start``, ``end``: byte offsets into :attr:`source`. For text, the text. For tags,
      the tag name. For a comment, its data.
    - ``flags``: bit 1 the text holds ``&``, 2 the text is only ASCII white space, 4 the
      start tag ends with ``/>``, 16 the start tag has attributes.
    """

    #: the UTF-8 document the offsets point into
    source: bytes

    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> tuple[int, int, int, int, int]:
        """One token; IndexError outside ``-len(self) <= index < len(self)`` (so do
        :meth:`name` and :meth:`attributes`)."""
    def table(self) -> array:
        """Every token as five ``int64`` values in turn: ``array('q')`` of length
        ``5 * len(self)``."""
    def name(self, index: int) -> str:
        """The lower-case tag name of tag token ``index``."""
    def text(self, start: int, end: int, references: bool = True, keep_controls: bool = True) -> str:
        """The bytes ``source[start:end]`` as text (invalid UTF-8 becomes U+FFFD), with
        character references decoded unless ``references`` is False. With
        ``keep_controls`` False, control characters are removed
        (``webfold.decode.without_controls``; NUL among them, as the tree builder
        drops it), found by a byte loop that costs a twentieth of a regex search.
        IndexError when the range is not inside the document."""
    def attribute_count(self, index: int) -> int:
        """The number of attributes of token ``index`` as written, those Webfold does
        not read included (0 for a token that is not a start tag)."""
    @property
    def attribute_total(self) -> int:
        """The number of attributes of all start tags, as written."""
    def attributes(self, index: int) -> dict[str, str]:
        """The attributes of start tag ``index`` that Webfold reads (the names in
        ``webfold.tables.ATTRIBUTE_NAMES``). Names are lower-case. Values are decoded
        with the attribute-value exception. The first of duplicate attributes wins.
        A valueless attribute maps to ``""``."""
    def attribute(self, index: int, name: str) -> str | None:
        """The value of one attribute of start tag ``index``, decoded as
        :meth:`attributes` decodes it, without the others; None when the tag does not
        have it or ``name`` is not one Webfold reads."""

def scan_bytes(source: bytes) -> Tokens:
    """Scan a UTF-8 document.

    Runs without the GIL, so several threads can scan at once. Raises TypeError when
    ``source`` is not ``bytes``, and MemoryError when the token arrays cannot grow.
    """
