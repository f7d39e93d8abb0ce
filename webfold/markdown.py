"""Writing CommonMark 0.31 / GFM: escaping text, code spans, fences, link parts.

Escaping follows the CommonMark spec's own list of what can open markup (§2.4
backslash escapes, §4 leaf blocks, §6 inlines) and escapes a character only where it
could open or close something, so ordinary prose stays free of backslashes.
"""

from __future__ import annotations

import re

# The text beside a piece is unknown (the next element may start with a letter), so
# the ends of a piece count as "anything": "*" is left alone only between two spaces
# inside the piece, and "<" and "&" at its end are escaped.
_INLINE = re.compile(
    r"\\(?=[!-/:-@\[-`{-~]|$)"          # a backslash that would escape what follows
    r"|(?<![ \t])\*|\*(?![ \t])"         # "*" not between two spaces (§6.2 flanking)
    r"|(?<![^\W_])_|_(?![^\W_])"        # "_" at a word boundary (intraword "_" is inert)
    r"|[`\[\]~]"                        # code spans, links, images, GFM strikethrough
    r"|<(?=[A-Za-z/!?]|$)"              # raw HTML and autolinks (§6.6, §6.5)
    r"|&(?=#?[0-9A-Za-z]+;|#?[0-9A-Za-z]*$)"   # what reads (or may read) as a reference
)


def escape_inline(text: str) -> str:
    """Backslash-escape the characters of ``text`` that would open Markdown inline markup.

    ``text`` is plain text (no markup). A ``*`` with white space on both sides, an
    intraword ``_``, ``<`` before a space and ``&`` that is not a reference are left alone.
    """
    # Text without a character that may open inline markup somewhere is copied as is.
    # A loop, not a regex search: compiled (markdown.pxd), it costs a few instructions
    # a character, and every text node of a page passes here.
    for character in text:
        if character in "\\*_`[]<&~":
            return _INLINE.sub(r"\\\g<0>", text)
    return text


#: Where GFM's autolink extension starts a web address in text (GFM §6.9, extended url
#: autolink): its scheme, not right after a letter (cmark-gfm reads the letters before
#: "://" as the scheme, so "xhttps://" is none).
_SCHEME = re.compile(r"(?<![A-Za-z])(?:https?|ftp)://", re.IGNORECASE)
#: What ends such an address: ASCII white space or "<" (a no-break space does not).
_ADDRESS_ENDS = " \t\n\v\f\r<"
#: The rest of such an address, up to one of those.
_ADDRESS_REST = re.compile(f"[^{re.escape(_ADDRESS_ENDS)}]*")
#: What GFM leaves out at the end of such an address (§6.9, trailing punctuation, and
#: the quotes that cmark-gfm leaves out too).
_TRAILING = "?!.,:*_~'\""


def _linked_length(address: str) -> int:
    """How much of ``address`` GFM's autolink extension links: trailing punctuation,
    and the ")" that no "(" in it matches, are left out (§6.9). Linear in its length."""
    end = len(address)
    unmatched = address.count(")") - address.count("(")
    while end:
        last = address[end - 1]
        if last in _TRAILING:
            end -= 1
        elif last == ")" and unmatched > 0:
            end -= 1
            unmatched -= 1
        else:
            break
    return end


def escape_prose(text: str) -> str:
    """:func:`escape_inline` for text outside links, where GFM's autolink extension
    links bare web addresses (§6.9) up to white space or "<", taking a backslash in
    with them: ``https://x.example/a\\]`` would link to ``a%5C]``, and
    ``https://x.example/\\<img …>`` would make the ``<img>`` raw HTML. A bare address
    whose escaped form would hold a backslash, or be followed by one, is written as a
    CommonMark autolink instead (``<https://x.example/a]>``, §6.5), in which nothing
    is escaped; the text it shows is the same. An address holding ">" (which no
    autolink may hold) or what reads as a character reference (``&amp;``, which an
    autolink would decode) is escaped as before. Linear in the length of ``text``."""
    if "://" not in text:
        return escape_inline(text)
    pieces = []
    at = taken = 0
    for found in _SCHEME.finditer(text):
        start = found.start()
        if start < taken:               # inside an address already read
            continue
        taken = _ADDRESS_REST.match(text, found.end()).end()
        address = text[start:taken]
        end = start + _linked_length(address)
        if (escape_inline(address) == address and not escape_inline(text[taken:taken + 2]).startswith("\\")
                or ">" in address or _REFERENCE_LIKE.search(address)):
            continue
        pieces.append(escape_inline(text[at:start]))
        pieces.append(f"<{text[start:end]}>")
        at = end
    if not pieces:
        return escape_inline(text)
    pieces.append(escape_inline(text[at:]))
    return "".join(pieces)


def before_backslash(escaped: str) -> str:
    """``escaped`` (text written by :func:`escape_prose`) ready for a backslash after
    it (a hard break's, or an escape in the text after it): a bare web address at its
    end, which GFM's autolink extension would take the backslash into, is written as
    an autolink (``<…>``). Linear in the length of ``escaped``."""
    if "://" not in escaped:
        return escaped
    found = _SCHEME.search(escaped, max(escaped.rfind(stop) for stop in _ADDRESS_ENDS) + 1)
    if found is None or "\\" in escaped[found.start():] or ">" in escaped[found.start():]:
        return escaped                  # no address, or one :func:`escape_prose` left escaped
    end = found.start() + _linked_length(escaped[found.start():])
    return f"{escaped[:found.start()]}<{escaped[found.start():end]}>{escaped[end:]}"


def backslashes_before(text: str, end: int, start: int = 0) -> int:
    """How many backslashes stand right before ``text[end]``, not counting back past
    ``start``. An odd number ends in one that escapes ``text[end]`` (CommonMark §2.4)."""
    index = end
    while index > start and text[index - 1] == "\\":
        index -= 1
    return end - index


def escape_end(text: str) -> str:
    """``text``, escaped by :func:`escape_inline`, with its last character escaped where
    a closer will now touch it: a backslash (it would escape the closer) or a ``*`` left
    alone between spaces (it would join the closer's delimiter run). Needed where white
    space that ended a piece is moved out past a closer."""
    if backslashes_before(text, len(text)) % 2:
        return text + "\\"
    if text.endswith("*") and backslashes_before(text, len(text) - 1) % 2 == 0:
        return text[:-1] + "\\*"
    return text


_LINE_START = re.compile(
    r"#{1,6}(?=[ \t]|$)"                # ATX heading (§4.2)
    r"|[>+]"                            # block quote (§5.1), "+" list item
    r"|[-*+](?=[ \t]|$)"                # bullet list item (§5.2)
    r"|([-_*])(?=[ \t]*(?:\1[ \t]*){2,}$)"  # thematic break: three of one character (§4.1)
    r"|(?=(?:=+|-+)[ \t]*$)"            # setext heading underline (§4.3)
    r"|\d{1,9}(?=[.)](?:[ \t]|$))"      # ordered list item: escape the delimiter
    r"|:(?=[ \t])"                      # a description (PHP Markdown Extra, as written for <dd>)
    r"|(?=\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$)(?=.*[|])"  # GFM table delimiter row
)


_LINE_START_CHARACTERS = frozenset("#>+-*_=0123456789|:")


def escape_line_start(text: str) -> str:
    """Escape what would make the start of a line a block: ``#``, ``>``, ``-``, ``+``,
    ``1.`` or ``1)``, a thematic break, a setext underline, a GFM table delimiter
    row, or ``: `` (a description, in the definition lists written for ``<dl>``). Fences need nothing here: :func:`escape_inline` escapes every backtick and
    tilde. ``text`` is a whole line that has gone through :func:`escape_inline`."""
    if text[:1] not in _LINE_START_CHARACTERS:
        return text
    match = _LINE_START.match(text)
    if match is None:
        return text
    found = match.group(0)
    if found[:1].isdigit():
        end = match.end()
        return text[:end] + "\\" + text[end:]
    return "\\" + text


def code_span(text: str) -> str:
    """A code span holding ``text`` verbatim: fenced by one more backtick than the longest
    run inside, padded with a space where the text starts or ends with a backtick or
    a space (CommonMark §6.1)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    if text.startswith(("`", " ")) or text.endswith(("`", " ")):
        text = f" {text} "
    return f"{fence}{text}{fence}"


def code_fence(code: str) -> str:
    """A backtick fence longer than any backtick run at the start of a line of ``code``
    (CommonMark §4.5), at least three long."""
    longest = max((len(run) for run in re.findall(r"^[ \t]*(`{3,})", code, re.M)), default=2)
    return "`" * max(3, longest + 1)


_REFERENCE_LIKE = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
#: What a destination escapes wherever it is written: every backslash (a literal one
#: could escape what follows it) and an ``&`` that would read as a character reference.
_ESCAPED = re.compile(r"\\|" + _REFERENCE_LIKE.pattern)
#: What a bare link destination may not hold (CommonMark §6.3): white space, parentheses
#: (balanced ones are allowed, but any here go in ``<...>``), ``<``, ``>`` and ASCII
#: control characters.
_NOT_BARE = re.compile(r"[\s()<>\x00-\x1f\x7f]")


def destination(url: str) -> str:
    """A link destination (CommonMark §6.3): bare when it can be, else in ``<...>``.
    Backslashes, and an ``&`` that would read as a character reference, are escaped:
    the URL has had its references decoded already."""
    if not url:
        return "<>"
    if "\\" in url or "&" in url:     # a template sub runs Python code: only when needed
        url = _ESCAPED.sub(r"\\\g<0>", url)
    if _NOT_BARE.search(url) is None:
        return url
    return "<" + url.replace("\r", "").replace("\n", "").replace("<", "\\<").replace(">", "\\>") + ">"


def link_title(title: str) -> str:
    """A link title in double quotes with ``"`` and ``\\`` escaped, or ``""`` for none."""
    title = " ".join(title.split())
    if not title:
        return ""
    title = title.replace("\\", "\\\\").replace('"', '\\"')
    if "&" in title:
        title = _REFERENCE_LIKE.sub(r"\\&", title)
    return ' "' + title + '"'
