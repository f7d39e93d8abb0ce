"""Splitting Markdown into chunks of bounded size, for retrieval and model context windows."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator

from webfold.block import Block
from webfold.markdown import AUTOLINK, TAG_MARKS, backslashes_before, escape_line_start
from webfold.patterns import LazyPattern
from webfold.render import written
from webfold.table import pipe_row, pipe_table

_SENTENCE_END = LazyPattern(r"(?<=[.!?。！？])\s+")
_SPACE = LazyPattern(" ")
_NEWLINE = LazyPattern("\n")
_BACKTICKS = LazyPattern("`+")
#: A blank line, in a list or a quote too.
_BLANK_LINE = LazyPattern(r"\n[ >]*\n")
#: The characters that :func:`_places` reads: what may start or end a place.
_MARKUP = LazyPattern(r"[`$<\[\]]")
#: A superscript's or subscript's start or end tag, as the builder writes them.
_TAG = LazyPattern("<(/?)(?:" + "|".join(TAG_MARKS) + ")>")
#: A link's or image's destination and title as the builder writes them, from the "("
#: after the text's "]" to the ")" (``webfold.markdown.destination`` and ``link_title``).
_DESTINATION = LazyPattern(r'\((?:<(?:[^<>\\\n]|\\.)*>|(?:[^\s()<>\\]|\\.)*)(?: "(?:[^"\\]|\\.)*")?\)')
#: What starts a fence, an HTML block (CommonMark §4.5, §4.6) or a thematic break
#: (§4.1) at a chunk's start, whatever follows it in the piece (breaker on 789706b).
_BLOCK_START = LazyPattern(r"([-_*])(?:[ \t]*\1){2,}|`{3,}(?![^\n]*`)|~{3,}|<[A-Za-z/!?]")
#: The characters that a block :func:`_opens_block` finds may start with.
_BLOCK_START_CHARACTERS = frozenset("#>+-*_=0123456789|:`~<")
#: A list item's marker (and task marker) or an ATX heading's alone, after indentation
#: or quote markers: no cut is made after it, which would leave an empty item (or a
#: setext underline) or heading.
_MARKER_ONLY = LazyPattern(r"[ >]*(?:[-+*]|\d{1,9}[.)]|#{1,6})(?: \[[ xX]\])?\Z")
#: The last characters of what :data:`_MARKER_ONLY` matches.
_MARKER_ENDS = frozenset("-+*.)]#")
#: How far back :func:`_breaks_line` looks for a line's start, in characters.
_MARKER_READ = 40
#: A code fence's line in a list or a quote: the indentation, quote markers and list
#: item markers before it, and the fence.
_FENCE_LINE = LazyPattern(r"((?:[ >]|(?:[-+*]|\d{1,9}[.)]) )*)(`{3,}|~{3,})")
#: A list item's marker (and the space after it) in what stands before a fence.
_LIST_MARKER = LazyPattern(r"(?:[-+*]|\d{1,9}[.)]) ")
#: Indentation at the start of a line.
_INDENT = LazyPattern(" *")
#: A list's line that starts a line of the list: indented, or a list item's marker.
_LIST_LINE = LazyPattern(r" |(?:[-+*]|\d{1,9}[.)])(?: |$)")
#: The block quote markers at the start of a line of a quote, as the builder writes them.
_QUOTE_MARKERS = LazyPattern("(?:> ?)*")


def chunks(blocks: list[Block], limit: int) -> list[str]:
    """The blocks' Markdown cut into chunks of at most ``limit`` characters.

    Chunks end at block boundaries, and a heading goes with the block that follows it
    (it ends a chunk only when it does not fit with the start of that block). A block
    longer than ``limit`` is cut at line boundaries, then sentence boundaries, then
    spaces, each outside the formulas (``$…$``, :mod:`webfold.mathml`), superscripts
    and subscripts (their HTML tags and what these enclose), links and images, their
    destinations, autolinks and code spans (see :func:`_places`), then at spaces
    outside those that fit in a chunk, then (a single word still too long) every
    ``limit`` characters, before such a place rather than in it, and one fewer where a
    cut would part a backslash from the character it escapes. No cut inside a line is
    made where the text after it would start a block (``# of retries``; see
    :func:`_opens_block`), but a piece of a word is escaped instead. A block quote's
    line cut inside goes on under its ``>`` markers, a list's piece that starts at
    an indented line is dedented (:func:`_dedent`), and a piece that ends at a hard
    break loses the break's backslash. A fenced code
    block that is cut is closed and opened again in each chunk. A table is cut between
    rows, and each piece repeats its header row and delimiter row; a row that does not
    fit with them is written as several rows of the same columns, each holding a
    consecutive part of its text (a cell that does not fit in what is left of a row
    starts the next one; a cell longer than a whole row is cut as a block is and goes
    on in the same column of the rows below). So each chunk stays valid
    CommonMark/GFM, with every table row as wide as its header, when ``limit`` leaves
    room for the fence, or for the header row, the delimiter row and a row of two
    characters of text; a table with less room is cut as other blocks are. Blocks
    inside one chunk are joined by a blank line, as in :func:`webfold.render`; the
    chunks hold every character of text (only spaces at cuts are dropped, and
    indentation, escapes and quote markers changed as said).

    Parameters
    ----------
    blocks : list of Block
        Blocks as :func:`webfold.to_blocks` returns them; a table is cut by the cells
        of its ``rows``.
    limit : int
        The most characters (Python ``str`` length) a chunk may have.

    Raises
    ------
    TypeError
        ``limit`` is not an ``int``.
    ValueError
        ``limit`` is below 1.
    """
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise TypeError(f"chunk size must be an int (characters), not {type(limit).__name__}")
    if limit < 1:
        raise ValueError(f"chunk size must be at least 1 character, not {limit}")
    out: list[str] = []
    headings: list[str] = []
    for block, markdown in zip(blocks, written(blocks)):
        if block.kind == "heading":       # a heading stays with the block it heads
            headings.append(markdown)
            continue
        heading = "".join(md + "\n\n" for md in headings)
        headings = []
        parts = _block_pieces(block, markdown, limit)
        # Make room for the heading in the block's first piece when that is possible
        # (that piece cut again, the others whole: newcomer on 789706b); not for code
        # and tables, whose every piece repeats the fence or the header (less room
        # there would cut lines and rows).
        if heading and len(heading) + len(parts[0]) > limit and len(heading) <= limit // 2 \
                and block.kind not in ("code", "table"):
            parts = _block_pieces(block, parts[0], limit - len(heading)) + parts[1:]
        if heading and len(heading) + len(parts[0]) <= limit:
            parts[0] = heading + parts[0]
        elif heading:
            parts = _split(heading.rstrip("\n"), limit) + parts
        # Only a block's first piece may join the chunk before it: joining two
        # pieces of one block with a blank line would change its Markdown.
        if out and len(out[-1]) + 2 + len(parts[0]) <= limit:
            out[-1] += "\n\n" + parts[0]
            parts = parts[1:]
        out.extend(parts)
    if headings:
        out.extend(_split("\n\n".join(headings), limit))
    # (limit 1 cuts pieces of spaces; a cut may leave a quote's blank line alone)
    return [chunk for chunk in out if chunk.strip(" >\n")]


def _block_pieces(block: Block, text: str, limit: int) -> list[str]:
    """One block's Markdown (``text``, as written) in pieces of at most ``limit``
    characters; fenced code and tables are cut so that each piece is a whole code block
    or table."""
    if len(text) <= limit:
        return [text]
    lines = text.split("\n")
    if block.kind == "code" and len(lines) > 2:
        pieces = _code_pieces(lines, limit)
        if pieces is not None:
            return pieces
    if block.kind == "table" and block.rows is not None and len(block.rows) > 1:
        header = pipe_table(block.rows[:1])
        room = limit - len(header) - 1             # the rows' room, after the header's newline
        # Cell text a row can hold: at least 2 characters, so that a cut never parts a
        # backslash from the "|" it escapes (which would add a column).
        cell_room = room - len(pipe_row([""] * len(block.rows[0])))
        if cell_room >= 2:
            rows = [row for cells in block.rows[1:] for row in _row_pieces(cells, cell_room)]
            return [f"{header}\n{piece}" for piece in _pack(rows, "\n", room)]
    prose = _quote_pieces if block.kind == "quote" else _split
    if "```" in text or "~~~" in text:
        # code in a list item or a quote: cut as a code block is, inside its prefix
        # (breaker on 789706b: its fences were read as a code span's backticks)
        pieces = []
        for prefix, first, run in _fenced_runs(lines):
            part = "\n".join(run)
            if prefix is None or len(part) <= limit:
                pieces += prose(part, limit) if prefix is None else [part]
            else:
                pieces += _code_pieces(run, limit, prefix, first) or _split(part, limit, True)
        pieces = [piece.strip("\n") for piece in _pack(pieces, "\n", limit)]     # (blank lines by a fence)
    else:
        pieces = prose(text, limit)
    pieces = _unbroken(pieces)
    if block.kind == "paragraph":
        return [escaped for piece in pieces for escaped in _escaped(piece, limit)]
    if block.kind in ("list", "quote"):
        return pieces[:1] + [(_dedent if block.kind == "list" else _dedent_quote)(piece) for piece in pieces[1:]]
    return pieces


def _code_pieces(lines: list[str], limit: int, prefix: str = "", first: str = "") -> list[str] | None:
    """A fenced code block's ``lines`` (its opening fence first and its closing fence
    last; each line after ``prefix``, a list item's indentation or a quote's markers,
    the opening fence after ``first``, which may hold the item's marker) in pieces of
    at most ``limit`` characters, each closed and opened again by the fences (after
    ``prefix`` from the second on), its lines cut as :func:`_split` cuts code; None
    where ``limit`` leaves no room for the fences and a character of code."""
    opening, closing = lines[0], lines[-1]
    room = limit - len(opening) - len(closing) - 2
    if room < len(prefix) + 1:
        return None
    body = []
    for line in lines[1:-1]:
        line = line[len(prefix):] if line.startswith(prefix) else line.lstrip(" >")
        body += [prefix + piece if piece else prefix.rstrip() for piece in _split(line, room - len(prefix), True)]
    again = prefix + opening[len(first):]
    return [f"{again if number else opening}\n{piece}\n{closing}"
            for number, piece in enumerate(_pack(body, "\n", room))]


def _fenced_runs(lines: list[str]) -> list[tuple[str | None, str, list[str]]]:
    """A list's or quote's ``lines`` as runs: ``(prefix, first, lines)`` of each fenced
    code block, from its opening fence to its closing one, ``first`` what stands before
    the opening fence (indentation, quote markers, a list item's marker) and
    ``prefix`` what stands before its other lines (the marker's width in spaces);
    ``(None, "", lines)`` of the lines between them. A backtick fence whose line holds
    another backtick is none (a code span, §4.5); a fence that nothing closes is
    none, nor any after it (so the lines are read once: breaker on 259369b)."""
    runs: list[tuple[str | None, str, list[str]]] = []
    index = 0
    closed = True
    while index < len(lines):
        found = _FENCE_LINE.match(lines[index]) if closed else None
        end = index + 1
        if found is not None and not (found.group(2)[0] == "`" and "`" in lines[index][found.end():]):
            first, fence = found.group(1), found.group(2)
            prefix = _LIST_MARKER.sub(lambda marker: " " * len(marker.group()), first)
            while end < len(lines) and not (lines[end].startswith(prefix) and (
                    lines[end][len(prefix):].rstrip().lstrip(" ").strip(fence[0]) == ""
                    and lines[end][len(prefix):].strip().startswith(fence))):
                end += 1
            if end < len(lines):
                runs.append((prefix, first, lines[index:end + 1]))
                index = end + 1
                continue
            end, closed = index + 1, False
        if runs and runs[-1][0] is None:
            runs[-1][2].append(lines[index])
        else:
            runs.append((None, "", [lines[index]]))
        index = end
    return runs


def _quote_pieces(text: str, limit: int) -> list[str]:
    """A block quote's Markdown in pieces of at most ``limit`` characters, cut as
    :func:`_split` cuts, where a line cut inside goes on under its own ``>`` markers
    (as a paragraph of its own it would have left the quote). The quote's blank lines
    (markers only) that a cut leaves at a piece's start or end are dropped."""
    pieces = []
    for line in _apart(text, _NEWLINE, _outermost(_places(text)), False):
        markers = _QUOTE_MARKERS.match(line).group()
        if len(line) <= limit or limit - len(markers) < 2:
            pieces += _split(line, limit)
        else:
            pieces += [markers + piece for piece in _split(line[len(markers):], limit - len(markers))]
    trimmed = []
    for piece in _pack(pieces, "\n", limit):
        lines = piece.split("\n")
        while len(lines) > 1 and not lines[-1].strip("> "):
            lines.pop()
        while len(lines) > 1 and not lines[0].strip("> "):
            lines.pop(0)
        trimmed.append("\n".join(lines))
    return trimmed


def _dedent(piece: str) -> str:
    """A piece of a list that starts a chunk, with its lines' indentation taken down
    by the least of them, and by more where the first is still four spaces deeper,
    each line by at most its own (nested items stay nested where they can): at four
    spaces a chunk's first line would be an indented code block (CommonMark §4.4),
    and after text, a paragraph's continuation. A first line that a cut started
    inside (neither indented nor an item) is text and stays as it is."""
    lines = piece.split("\n")
    head = 0 if _LIST_LINE.match(lines[0]) else 1
    indents = [len(_INDENT.match(line).group()) for line in lines[head:] if line.strip()]
    if not indents:
        return piece
    shift = max(min(indents), indents[0] - 3)
    return "\n".join(lines[:head] + [line[min(shift, len(_INDENT.match(line).group())):] for line in lines[head:]])


def _dedent_quote(piece: str) -> str:
    """A piece of a block quote that starts a chunk, dedented as :func:`_dedent` does
    a list's, inside each line's quote markers (a nested list in a quote, breaker on
    789706b)."""
    lines = piece.split("\n")
    markers = [_QUOTE_MARKERS.match(line).group() for line in lines]
    contents = _dedent("\n".join(line[len(marker):] for line, marker in zip(lines, markers))).split("\n")
    return "\n".join(marker + content for marker, content in zip(markers, contents))


def _row_pieces(cells: list[str], limit: int) -> list[str]:
    """One table row (its cells' Markdown) as GFM rows of the same columns whose cells
    hold at most ``limit`` characters together (``limit`` >= 2): the row itself when it
    fits. Otherwise a cell that does not fit in what is left of a row starts the next
    row, and a cell longer than ``limit`` is cut as :func:`_split` cuts text, its pieces
    going on in the same column of the rows below."""
    rows = [[""] * len(cells)]
    used = 0                                       # characters of cell text in rows[-1]
    for column, cell in enumerate(cells):
        for piece in _split(cell, limit):
            if rows[-1][column] or used + len(piece) > limit:
                rows.append([""] * len(cells))
                used = 0
            rows[-1][column] = piece
            used += len(piece)
    return [pipe_row(row) for row in rows]


def _pack(pieces: list[str], separator: str, limit: int) -> list[str]:
    """Consecutive pieces joined by ``separator`` into as few chunks of at most
    ``limit`` characters as keeping their order allows (each piece fits alone)."""
    out: list[str] = []
    current = None
    for piece in pieces:
        # (an empty piece joins too: the separators around it are text, such as a
        # code line's indentation)
        if current is not None and len(current) + len(separator) + len(piece) <= limit:
            current += separator + piece
        else:
            if current is not None:
                out.append(current)
            current = piece
    if current is not None:
        out.append(current)
    return out


def _split(text: str, limit: int, verbatim: bool = False) -> list[str]:
    """``text`` cut into pieces of at most ``limit`` characters: at lines, else at
    sentence ends, else at spaces, each outside the formulas, superscripts and
    subscripts (:func:`_places`), else at spaces outside those that fit in a piece,
    else every ``limit`` characters outside them (see :func:`_cut`). ``verbatim``
    text (a code block's) holds no markup: it is cut at its lines first, wherever a
    ``$`` or a tag stands, and its pieces are not escaped; a line's indentation stays
    with it."""
    if len(text) <= limit:
        return [text]
    places = [] if verbatim else _places(text)
    fitting = _outermost(places, limit)
    for separator, parts in _cuts(text, _outermost(places), fitting, not verbatim):
        if len(parts) > 1:
            pieces = [piece for part in parts for piece in _split(part, limit, verbatim)]
            return _pack(pieces, separator, limit)
    return _cut(text, limit, fitting, not verbatim)


def _cuts(text: str, every: list[tuple[int, int]], fitting: list[tuple[int, int]],
          markup: bool) -> Iterator[tuple[str, list[str]]]:
    """The ways :func:`_split` tries to cut ``text``, in order, each made only when the
    one before did not cut: ``(separator, parts)``. Lines, sentence ends and spaces
    outside ``every`` place (:func:`_outermost`; a superscript may hold a hard break:
    breaker on 4cb993b), then spaces outside those that fit in a piece (``fitting``):
    a formula inside a superscript too long for one, and a superscript in a word
    (breaker on e477048). Where no such space is left, :func:`_cut` cuts around them.
    In ``markup``, no cut inside a line is made where the text after it would start a
    block (:func:`_opens_block`); the lines themselves were escaped where they start."""
    yield "\n", _apart(text, _NEWLINE, every, False)
    yield " ", _apart(text, _SENTENCE_END, every, markup)
    if every:
        yield " ", _apart(text, _SPACE, every, markup)
    yield " ", _apart(text, _SPACE, fitting, markup)


def _places(text: str) -> list[tuple[int, int]]:
    """The places ``(start, end)`` of what a cut would break in ``text``, a block's
    Markdown: a formula, from a ``$`` or ``$$`` to the next; a superscript or
    subscript, from its tag to the end tag that closes it (the raw HTML of
    ``webfold.markdown.TAG_MARKS``); and each of those tags; a link or image, from its
    ``[`` or ``![`` to the ``)`` after its destination and title, and that
    destination and title from the ``]`` (so that a link too long for a chunk is cut
    in its text, never in its address); an autolink (``<https://…>``); a code span. A ``$``
    after an odd run of backslashes is no delimiter (escaped in Markdown), nor, in a
    formula, one after twice an odd number (the TeX's own ``\\$``, its backslash
    escaped; after an escaped backslash in prose, a ``$`` opens), nor is a tag,
    bracket or autolink after an odd run of backslashes (escaped), nor
    any of them in a code span (whose backticks are none when escaped); a last ``$``
    without its pair opens nothing, nor does a tag without its end tag (which is still
    a place of its own), nor a ``]`` without a destination after it (a task marker).
    A ``$`` in prose pairs with the next, unless a tag or a link's edge stands
    between them (breakers on 674ef39 and 789706b: such a pair joined two
    superscripts, or a price and a link, into a place too long to keep)."""
    if "$" not in text and "<" not in text and "](" not in text and "`" not in text:
        return []
    # the backtick runs of each length, for finding where a code span ends (§6.1)
    runs: dict[int, list[int]] = {}
    for run in _BACKTICKS.finditer(text):
        runs.setdefault(len(run.group()), []).append(run.start())
    found = []
    opened = -1                                     # where the open formula starts
    around: tuple = ([], [])                        # the tags and link texts open where it starts
    tagged: list[int] = []                          # where the open tags start
    bracketed: list[int] = []                       # where the open link texts start
    index = 0
    while True:
        mark = _MARKUP.search(text, index)          # (the next character that may matter)
        if mark is None:
            break
        index = mark.start()
        character = text[index]
        if character == "`" and not backslashes_before(text, index) % 2:
            length = len(_BACKTICKS.match(text, index).group())
            starts = runs.get(length, [])
            after = bisect_right(starts, index)
            if after < len(starts):
                found.append((index, starts[after] + length))      # a code span
                index = starts[after] + length
                continue
            index += length                         # no closer: literal backticks
            continue
        # (in a formula, two backslashes are the TeX's one, escaped: "\\$" is its "\$")
        if character == "$" and not backslashes_before(text, index) % (4 if opened >= 0 else 2):
            width = 2 if text.startswith("$$", index) else 1
            if opened < 0:
                opened, around = index, (tagged[:], bracketed[:])
            else:
                # (across a tag, a link's edge or a blank line, two dollars of prose)
                if around == (tagged, bracketed) and _BLANK_LINE.search(text, opened, index) is None:
                    found.append((opened, index + width))
                opened = -1
            index += width
            continue
        if character in "<[]" and backslashes_before(text, index) % 2:
            index += 1                              # escaped: text
            continue
        if character == "<":
            tag = _TAG.match(text, index)
            if tag is not None:
                if not tag.group(1):
                    tagged.append(index)
                elif tagged:
                    found.append((tagged.pop(), tag.end()))
                found.append((index, tag.end()))
                index = tag.end()
                continue
            autolink = AUTOLINK.match(text, index)
            if autolink is not None:
                found.append((index, autolink.end()))
                index = autolink.end()
                continue
        elif character == "[":
            image = index > 0 and text[index - 1] == "!" and not backslashes_before(text, index - 1) % 2
            bracketed.append(index - image)
        elif character == "]":
            start = bracketed.pop() if bracketed else -1
            target = _DESTINATION.match(text, index + 1)
            if target is not None:                  # a link or image, from its "[" or "![" to its ")"
                if start >= 0:
                    found.append((start, target.end()))
                # and its destination, from the "]", also in a piece cut from the link's
                # text (breaker on 789706b): the builder escapes every other "]"
                found.append((index, target.end()))
                index = target.end()
                continue
        index += 1
    return found


def _outermost(places: list[tuple[int, int]], limit: int | None = None) -> list[tuple[int, int]]:
    """Of ``places`` (:func:`_places`), those of at most ``limit`` characters (all,
    without one), in order and apart: of places inside one another the outermost, and
    places that overlap made one."""
    found = sorted((start, end) for start, end in places if limit is None or end - start <= limit)
    merged: list[tuple[int, int]] = []
    for start, end in found:
        if merged and start < merged[-1][1]:        # inside it, or overlapping it
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _apart(text: str, separator: LazyPattern, whole: list[tuple[int, int]], within_line: bool) -> list[str]:
    """``separator.split(text)``, without the cuts inside ``whole`` (:func:`_outermost`)
    and, ``within_line``, those before text that would start a block."""
    if not whole and not within_line:
        return separator.split(text)
    parts = []
    start = 0
    for match in separator.finditer(text):
        if whole:
            inside = bisect_right(whole, (match.start(), len(text)))     # places starting at or before it
            if inside and whole[inside - 1][1] > match.start():
                continue
        if within_line and _breaks_line(text, match.start(), match.end()):
            continue
        parts.append(text[start:match.start()])
        start = match.end()
    parts.append(text[start:])
    return parts


def _cut(text: str, limit: int, whole: list[tuple[int, int]], markup: bool = True) -> list[str]:
    """``text`` cut every ``limit`` characters, one fewer where the cut would part a
    backslash from the character it escapes (CommonMark §2.4): the backslash would be
    read as a literal one, and the character as Markdown (a ``|`` as a new table
    cell); and before a place of ``whole`` (:func:`_outermost`) that the cut would fall
    in and that fits in a piece (breaker on 4cb993b: a word's last characters and a
    subscript after it). A piece that would start a block (:func:`_opens_block`: the
    ``#`` of ``C#``, the last digits of ``1234567890.``) holds one character fewer and
    is escaped (:func:`webfold.markdown.escape_line_start`), and spaces at a cut are
    dropped, unless the text is not ``markup`` (code). With ``limit`` 1 every
    character is a piece."""
    pieces = []
    start = 0
    while start < len(text):
        escape = markup and start > 0 and limit > 1 and (
            _opens_block(text, start) or _opens_block(text, start, start + limit))
        room = limit - escape
        end = min(start + room, len(text))
        inside = bisect_right(whole, (end, len(text)))      # places starting at or before the cut
        if inside and whole[inside - 1][0] > start and whole[inside - 1][1] > end \
                and whole[inside - 1][1] - whole[inside - 1][0] <= room:
            end = whole[inside - 1][0]
        elif room > 1 and end < len(text):
            # start is never inside an escape, so an odd run of backslashes before end
            # ends in one that escapes text[end].
            end -= backslashes_before(text, end, start) % 2
        pieces.append(_escape_start(text[start:end]) if escape else text[start:end])
        start = end
        while markup and text[start:start + 1] == " ":
            start += 1
    return pieces


#: How far :func:`_opens_block` reads a line, in characters: a thematic break, a setext
#: underline or a table's delimiter row is a whole line, and a longer one does not
#: come from text that was cut inside a line.
_LINE_READ = 200
def _opens_block(text: str, index: int, stop: int | None = None) -> bool:
    """Whether a chunk starting at ``text[index]`` (and ending at ``stop`` at the
    latest) would start with a block that the text did not have there: an ATX heading
    (``# of retries``), a list item, a block quote, a thematic break, what
    :func:`webfold.markdown.escape_line_start` escapes; or what may start a fence, an
    HTML block or a thematic break, whatever follows (:data:`_BLOCK_START`)."""
    if text[index:index + 1] not in _BLOCK_START_CHARACTERS:
        return False
    if _BLOCK_START.match(text, index) is not None:
        return True
    stop = min(len(text) if stop is None else stop, index + _LINE_READ)
    end = text.find("\n", index, stop)
    line = text[index:end if end >= 0 else stop]
    return escape_line_start(line) != line


def _breaks_line(text: str, before: int, after: int) -> bool:
    """Whether a cut of ``text`` inside a line, dropping ``text[before:after]``, would
    make a chunk start a block (:func:`_opens_block`) or leave a list item's marker
    alone at a chunk's end (:data:`_MARKER_ONLY`; read in the :data:`_MARKER_READ`
    characters before the cut, so that the cost does not grow with the line)."""
    if text[after:after + 1] in _BLOCK_START_CHARACTERS and _opens_block(text, after):
        return True
    if text[before - 1:before] not in _MARKER_ENDS:
        return False
    head = text[max(0, before - _MARKER_READ):before]
    if "\n" not in head and before > _MARKER_READ:
        return False                                # the line starts further back
    return _MARKER_ONLY.match(head.rpartition("\n")[2]) is not None


def _unbroken(pieces: list[str]) -> list[str]:
    """``pieces`` of a block, where one cut at a hard break's newline loses the break's
    backslash, which would be text at the end of a chunk (CommonMark §6.7)."""
    return [piece[:-1] if backslashes_before(piece, len(piece)) % 2 else piece for piece in pieces[:-1]] \
        + pieces[-1:]


def _escaped(piece: str, limit: int) -> list[str]:
    """A piece of a paragraph with its ends escaped (:func:`_escape_ends`): a piece's
    first or last line may read as a block's start once cut ("---" before a word too
    long; breaker on 259369b). Where the escapes make it too long, it is cut again
    with room for them (unless ``limit`` leaves none)."""
    escaped = _escape_ends(piece)
    if len(escaped) <= limit or limit <= 4:
        return [escaped if len(escaped) <= limit else piece]
    return [_escape_ends(part) for part in _unbroken(_split(piece, limit - 2))]


def _escape_ends(piece: str) -> str:
    """A piece of a paragraph with its first and last lines escaped where they would
    start a block (:func:`_escape_start`): at most two characters more."""
    first, newline, rest = piece.partition("\n")
    if not newline:
        return _escape_start(first)
    body, newline, last = rest.rpartition("\n")
    return _escape_start(first) + "\n" + body + newline + _escape_start(last)


def _escape_start(piece: str) -> str:
    """``piece``, which starts a chunk inside a line, escaped where it would start a
    block (:func:`_opens_block`)."""
    escaped = escape_line_start(piece)
    return "\\" + piece if escaped == piece and _BLOCK_START.match(piece) is not None else escaped
