"""Writing CommonMark 0.31 / GFM: escaping text, code spans, fences, link parts.

Escaping follows the CommonMark spec's own list of what can open markup (§2.4
backslash escapes, §4 leaf blocks, §6 inlines) and escapes a character only where it
could open or close something, so ordinary prose stays free of backslashes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Superscript and subscript, which Markdown has no syntax for, as their HTML tags
#: (CommonMark §6.6, raw inline HTML, which GitHub shows; pandoc's GFM writer and
#: html-to-markdown write them so): as plain text, "10<sup>6</sup>" would read "106".
#: Element name → (start tag, end tag).
TAG_MARKS = {"sup": ("<sup>", "</sup>"), "sub": ("<sub>", "</sub>")}

# The text beside a piece is unknown (the next element may start with a letter), so
# the ends of a piece count as "anything": "*" is left alone only between two spaces
# inside the piece, and "<" and "&" at its end are escaped.
_INLINE = re.compile(
    # a run of two or more of these: the rules below escape each of them (each has a
    # neighbour in the run, which is punctuation), but for a last backslash that
    # escapes nothing
    r"[`\[\]~*_\\]+(?:[`\[\]~*_]|\\(?=[!-/:-@\[-`{-~]|$))"
    r"|\\(?=[!-/:-@\[-`{-~]|$)"          # a backslash that would escape what follows
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
            break
    else:
        return text
    # Not _INLINE.sub: its list holds a new string a match until the end, 70 bytes of
    # memory a byte for a page of "*" (found beside the NULs of session 33). Here a run
    # of such characters is one match, and the pieces are joined every PIECES of them.
    pieces: list[str] = []
    written: list[str] = []
    at = 0
    for found in _INLINE.finditer(text):
        start = found.start()
        pieces.append(text[at:start])
        pieces.append(found.group().translate(_BACKSLASHED))
        at = found.end()
        if len(pieces) >= PIECES:
            written.append("".join(pieces))
            pieces.clear()
    pieces.append(text[at:])
    return "".join(written) + "".join(pieces) if written else "".join(pieces)


#: Each character of a match of _INLINE with a backslash before it.
_BACKSLASHED = str.maketrans({character: "\\" + character for character in "\\*_`[]<&~"})
#: Pieces of escaped text held before they are joined: a bound on the list's memory.
PIECES = 4096


#: Where GFM's autolink extension starts a bare web address in text (GFM §6.9): a
#: scheme, not right after a letter (cmark-gfm reads the letters before "://" as the
#: scheme, so "xhttps://" is none), or "www." (case as written, as cmark-gfm reads it)
#: at the start or after white space, "*", "_", "~" or "(".
_ADDRESS_START = re.compile(r"(?<![A-Za-z])(?i:https?|ftp)://|(?<![^\s*_~(])www\.")
_WWW = "www."
#: What ends such an address: ASCII white space or "<" (a no-break space does not).
_ADDRESS_ENDS = " \t\n\v\f\r<"
#: The rest of such an address, up to one of those.
_ADDRESS_REST = re.compile(f"[^{re.escape(_ADDRESS_ENDS)}]*")
#: What GFM leaves out at the end of such an address (§6.9, trailing punctuation, and
#: the quotes that cmark-gfm leaves out too).
_TRAILING = "?!.,:*_~'\""


def holds_address(text: str) -> bool:
    """Whether ``text`` may hold a bare web address that GFM's autolink extension
    links: the test that every text outside links passes, so a cheap one."""
    return "://" in text or _WWW in text


def linked_length(address: str) -> int:
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


#: One character of escaped text: an escape (a backslash and ASCII punctuation,
#: CommonMark §2.4), or any other character.
_ESCAPED_CHARACTER = re.compile(r"\\[!-/:-@\[-`{-~]|.", re.S)


def _escape_start(found: re.Match) -> str:
    """The address start ``found`` (:data:`_ADDRESS_START`) with its ":" or "." escaped."""
    start = found.group()
    return start[:-3] + "\\://" if start.endswith("://") else start[:-1] + "\\."


def _unswallowing(escaped: str, autolink: bool = True) -> str:
    """``escaped``, the Markdown (as :func:`escape_inline` writes it) of a bare web
    address up to white space or "<", written so that GFM's autolink extension does
    not run past it: as a CommonMark autolink (``<https://x.example/a]>``, §6.5), in
    which nothing is escaped and which shows the same text, the trailing punctuation
    that GFM leaves out after it; else, or where no autolink may hold the address (a
    ">", or what reads as a character reference, which an autolink would decode) or it
    starts with "www." (no scheme, no autolink), with the ":" or "." of each address
    start in it escaped: no extension reads an address there (it would link the
    second one of ``https://a/?u=https://b`` once the first is not), and the text it
    shows is the same."""
    if "\\" in escaped:
        characters = _ESCAPED_CHARACTER.findall(escaped)
        address = "".join([character[-1] for character in characters])
    else:
        characters = address = escaped      # nothing escaped: the common case
    end = linked_length(address)
    while end and address[end - 1].isspace():
        end -= 1                        # a no-break space: shown after it, not linked
    if (autolink and end and not address.startswith(_WWW) and ">" not in address[:end]
            and not _REFERENCE_LIKE.search(address, 0, end)):
        return f"<{address[:end]}>" + "".join(characters[end:])
    return _ADDRESS_START.sub(_escape_start, escaped)


def escape_prose(text: str) -> str:
    """:func:`escape_inline` for text outside links, where GFM's autolink extension
    links bare web addresses (§6.9) up to white space or "<", taking whatever Markdown
    follows in with them: ``https://x.example/a\\]`` would link to ``a%5C]``, and
    ``https://x.example/\\<img …>`` would make the ``<img>`` raw HTML. A bare address
    whose escaped form would hold a backslash, or be followed by one, is written so
    that the extension does not run past it (:func:`_unswallowing`). Linear in the
    length of ``text``."""
    if not holds_address(text):
        return escape_inline(text)
    pieces = []
    at = taken = 0
    for found in _ADDRESS_START.finditer(text):
        start = found.start()
        if start < taken:               # inside an address already read
            continue
        taken = _ADDRESS_REST.match(text, found.end()).end()
        address = text[start:taken]
        if escape_inline(address) == address and not escape_inline(text[taken:taken + 2]).startswith("\\"):
            continue
        pieces.append(escape_inline(text[at:start]))
        pieces.append(_unswallowing(escape_inline(address)))
        at = taken
    if not pieces:
        return escape_inline(text)
    pieces.append(escape_inline(text[at:]))
    return "".join(pieces)


def address_at_end(escaped: str) -> int:
    """Where the bare web address that ends ``escaped`` (text written by
    :func:`escape_prose`) starts, or -1: none, or one written already so that GFM's
    autolink extension does not run past it. Linear in the length of ``escaped``."""
    if not holds_address(escaped):
        return -1
    found = _ADDRESS_START.search(escaped, max(escaped.rfind(stop) for stop in _ADDRESS_ENDS) + 1)
    if found is None:
        return -1
    start = found.start()
    if start and escaped[start - 1] == "<" and not backslashes_before(escaped, start - 1) % 2:
        return -1                       # in an autolink (an escaped "<" is text)
    return start


#: How parts that are not text start: emphasis and strikethrough delimiters, a code
#: span, a link's text and its end, a backslash (an escape or a hard break); an image
#: starts with "![".
_MARKUP_STARTS = "\\*_~`[]"
_ADDRESS_END = re.compile(f"[{re.escape(_ADDRESS_ENDS)}]")


def starts_markup(part: str, formulas: bool = False) -> bool:
    """Whether ``part``, a part of a paragraph's Markdown (text as :func:`escape_prose`
    writes it, or markup), starts with markup: delimiters, a code span, a link, an
    image, a backslash; with ``formulas`` (see :func:`runs_into_markup`), a formula."""
    return bool(part) and (part[0] in _MARKUP_STARTS or formulas and part[0] == "$") or part[:2] == "!["


def runs_into_markup(address: str, following: Iterable[str | None], formulas: bool = False) -> bool:
    """Whether GFM's autolink extension would link ``address`` (the bare web address
    that ends a part of Markdown, as :func:`address_at_end` finds it) on into markup:
    ``following`` are the parts written after it, text (as :func:`escape_prose`
    writes it) or markup, where None stands for a part that ends in an address found
    not to run into markup. What GFM links runs up to white space or "<" (but for
    trailing punctuation, :func:`linked_length`); it runs into markup when it reaches
    a part that starts with markup or a backslash in text; with ``formulas`` (the
    paragraph holds a formula, and its other dollars are escaped), a part that starts
    with "$" is a formula, markup too. Reads ``following`` up to the end of the run, or
    of the first markup and a character after it that GFM cannot leave out."""
    run: list[str] = []
    length = 0
    markup = -1                     # where the first markup starts in the run
    for part in following:
        if part is None:            # runs on as that address does; past markup, its letters
            return markup >= 0
        found = _ADDRESS_END.search(part)
        piece = part if found is None else part[:found.start()]
        if markup < 0:
            if starts_markup(piece, formulas):
                markup = length
            elif "\\" in piece:
                markup = length + piece.index("\\")
        if markup >= 0 and piece[max(markup - length, 0):].strip(_TRAILING + ")"):
            return True             # GFM links up to a character it cannot leave out
        run.append(piece)
        length += len(piece)
        if found is not None:
            break
    return markup >= 0 and linked_length(address + "".join(run)) > len(address) + markup


def reads_through(escaped: str, start: int) -> bool:
    """Whether a link that GFM's autolink extension runs on into ``escaped`` (text
    written by :func:`escape_prose`) from an address before it goes on to the address
    at its end, from ``start``: no white space, "<" or backslash comes before it."""
    return _ADDRESS_END.search(escaped, 0, start) is None and "\\" not in escaped[:start]


def before_markup(escaped: str, start: int, autolink: bool) -> str:
    """``escaped`` (text written by :func:`escape_prose`) ready for Markdown after it
    that GFM's autolink extension would take into the bare web address that ends it,
    from ``start`` (:func:`address_at_end`): a backslash (a hard break's, or an
    escape), emphasis delimiters, a link, an image, a code span or a formula. The address is
    written as :func:`_unswallowing` writes it: as an autolink only if ``autolink``,
    which the caller makes false where the autolink's "<" or ">" would change what
    emphasis delimiters beside it do (§6.2). A backslash right before
    an autolink's "<" is escaped (it would make the "<" text). The text it shows is the
    same."""
    head = escaped[:start]
    address = _unswallowing(escaped[start:], autolink)
    if address.startswith("<") and backslashes_before(head, len(head)) % 2:
        head += "\\"
    return head + address


#: A CommonMark autolink (§6.5): a scheme, then no white space, "<" or ">".
_AUTOLINK = r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>"
#: An autolink (CommonMark §6.5) where the match starts.
AUTOLINK = re.compile(_AUTOLINK)
_AUTOLINK_AT_END = re.compile(_AUTOLINK + r"\Z")


def unlinked(escaped: str, at_start: bool) -> str:
    """``escaped`` (text written by :func:`escape_prose`) with the autolink that starts
    it (``at_start``) or ends it written instead as its text, with the ":" of each
    address start in it escaped, which GFM does not link (:func:`_unswallowing`): the
    same text shown, and a letter or digit where the "<" or ">" stood, for emphasis
    delimiters beside it, which those would stop opening or closing (§6.2). ``escaped``
    itself when no autolink stands there."""
    if at_start:
        found = AUTOLINK.match(escaped)
    else:
        found = _AUTOLINK_AT_END.search(escaped)
        if found is not None and backslashes_before(escaped, found.start()) % 2:
            found = None                # an escaped "<": text, no autolink
    if found is None:
        return escaped
    text = _unswallowing(escape_inline(found.group(1)), autolink=False)
    return escaped[:found.start()] + text + escaped[found.end():]


#: What :func:`escape_dollars` reads, left to right: an escape (kept: its "<" is
#: text), a CommonMark autolink (§6.5: a scheme, then no white space, "<" or ">"), in
#: which a backslash would be text, a bare web address (as :func:`escape_prose` leaves
#: it), into which GFM would link a backslash, or a dollar sign.
_DOLLAR_OR_ADDRESS = re.compile(r"\\[!-/:-@\[-`{-~]|" + _AUTOLINK
                                + f"|(?:{_ADDRESS_START.pattern})[^{re.escape(_ADDRESS_ENDS)}]*|\\$")


def _dollar(found: re.Match) -> str:
    text = found.group()
    if text == "$":
        return "\\$"
    if "$" not in text or text[0] in "\\<":
        return text                     # an escape, an autolink, an address without one
    # an address holding one: unlinked, so that its dollars can be escaped
    return _unswallowing(text, autolink=False).replace("$", "\\$")


def escape_dollars(escaped: str) -> str:
    """``escaped`` (text written by :func:`escape_inline` or :func:`escape_prose`, or an
    image) with each ``$`` escaped (``\\$``, CommonMark §2.4), but in autolinks: for
    text beside a formula, whose dollars a math reader (GitHub's, pandoc's
    ``tex_math_dollars``, markdown-it's dollarmath) would pair with the formula's. A bare
    web address that holds a ``$`` is first written so that GFM does not link it
    (:func:`_unswallowing`: a backslash in it would be linked). Every ``$`` has an even
    run of backslashes before it (:func:`escape_inline` escapes a backslash before
    punctuation), so one more escapes it."""
    return _DOLLAR_OR_ADDRESS.sub(_dollar, escaped)


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
    r"|(?=\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$)(?=.*[|:])"  # GFM table delimiter row
)


_LINE_START_CHARACTERS = frozenset("#>+-*_=0123456789|:")


def escape_line_start(text: str) -> str:
    """Escape what would make the start of a line a block: ``#``, ``>``, ``-``, ``+``,
    ``1.`` or ``1)``, a thematic break, a setext underline, a GFM table delimiter
    row (with a pipe or a colon: cmark-gfm reads ``:-:`` after a line as a table of one
    column, breaker of session 32), or ``: `` (a description, in the definition lists written for ``<dl>``). Fences need nothing here: :func:`escape_inline` escapes every backtick and
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


#: An ordered list item's number that escape_line_start escaped the delimiter after.
_ESCAPED_NUMBER = re.compile(r"\d{1,9}(?=\\[.)])")
#: The characters that escape_line_start writes a backslash before, at a line's start.
_ESCAPED_STARTS = "#>+-=:|"


def unescape_line_start(line: str) -> str:
    """``line`` without the backslash that :func:`escape_line_start` gave it, for text
    that starts no line of its own: a table cell's, which holds inlines only (GFM
    §4.10), where ``\\-5%`` and ``\\+7.2`` are noise. A backslash before such a
    character came from there: :func:`escape_inline` escapes none of them, and escapes
    a backslash of the text before one."""
    if len(line) > 1 and line[0] == "\\" and line[1] in _ESCAPED_STARTS:
        return line[1:]
    number = _ESCAPED_NUMBER.match(line)
    if number is not None:
        return line[:number.end()] + line[number.end() + 1:]
    return line


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


def _escaped(found: re.Match) -> str:
    # "&" as a reference of its own, not "\&": cmark-gfm decodes the references of a
    # destination before its backslash escapes, so it read "javascript\&colon;x" as a
    # javascript: link (breaker of session 32), which safe_links had left as a path
    return "\\\\" if found.group(0) == "\\" else "&amp;"


#: What a bare link destination may not hold (CommonMark §6.3): white space, parentheses
#: (balanced ones are allowed, but any here go in ``<...>``), ``<``, ``>`` and ASCII
#: control characters.
_NOT_BARE = re.compile(r"[\s()<>\x00-\x1f\x7f]")


def destination(url: str) -> str:
    """A link destination (CommonMark §6.3): bare when it can be, else in ``<...>``.
    Backslashes are escaped, and an ``&`` that would read as a character reference is
    written as ``&amp;``: the URL has had its references decoded already."""
    if not url:
        return "<>"
    if "\\" in url or "&" in url:
        url = _ESCAPED.sub(_escaped, url)
    if _NOT_BARE.search(url) is None:
        return url
    return "<" + url.replace("\r", "").replace("\n", "").replace("<", "\\<").replace(">", "\\>") + ">"


def link_title(title: str) -> str:
    """A link title in double quotes with ``"`` and ``\\`` escaped and an ``&`` that would
    read as a character reference written as ``&amp;``, or ``""`` for none."""
    title = " ".join(title.split())
    if not title:
        return ""
    title = title.replace("\\", "\\\\").replace('"', '\\"')
    if "&" in title:
        title = _REFERENCE_LIKE.sub("&amp;", title)
    return ' "' + title + '"'
