"""Splitting Markdown into chunks of bounded size, for retrieval and model context windows."""

from __future__ import annotations

from webfold.block import Block
from webfold.cuts import INDENT, ITEM_MARKER, cuts_place, escape_start, pack, split, split_lines
from webfold.markdown import backslashes_before
from webfold.patterns import LazyPattern
from webfold.render import written
from webfold.table import pipe_row, pipe_table

#: A code fence's line in a list or a quote: the indentation, quote markers and list
#: item markers before it, and the fence.
_FENCE_LINE = LazyPattern(r"((?:[ >]|" + ITEM_MARKER + r" )*)(`{3,}|~{3,})")
#: A list item's marker (and the space after it) in what stands before a fence.
_LIST_MARKER = LazyPattern(ITEM_MARKER + " ")
#: The most characters a cut drops between two pieces that :func:`_unbroken` looks past.
_PIECE_GAP = 64
#: An ordered list item numbered other than 1 (which cannot interrupt a paragraph).
_LATER_ITEM = LazyPattern(r" *(?!1[.)])\d{1,9}[.)](?: |$)")
#: An ordered list item's line, its indentation grouped.
_ORDERED_ITEM = LazyPattern(r"( *)\d{1,9}[.)](?: |$)")
#: A list's line that starts a line of the list: indented, or a list item's marker.
_LIST_LINE = LazyPattern(" |" + ITEM_MARKER + "(?: |$)")
#: The block quote markers at the start of a line of a quote, as the builder writes them.
_QUOTE_MARKERS = LazyPattern("(?:> ?)*")
#: The block quote markers at the start of a line of a quote or a list, with the
#: indentation before each (a quote in a list item, or in a list in a quote).
_LINE_MARKERS = LazyPattern("(?: *> ?)*")


def chunks(blocks: list[Block], limit: int) -> list[str]:
    """The blocks' Markdown cut into chunks of at most ``limit`` characters.

    A chunk holds whole blocks or pieces of them: blocks that fit together share a
    chunk, and a block longer than the room left is cut, its first piece joining the
    chunk before it where it fits. A heading goes with the start of the block that
    follows it when it takes at most half of ``limit`` (that block's first piece cut to
    leave it room, the rest again as a whole); otherwise it is a piece of its own. A
    block longer than ``limit`` is cut at line boundaries, then sentence boundaries
    (also after ``。！？`` with no space, :func:`webfold.cuts.split`), then
    spaces, each outside the formulas (``$…$``, :mod:`webfold.mathml`), superscripts
    and subscripts (their HTML tags and what these enclose), links and images, their
    destinations, autolinks and code spans, and outside emphasis and strikethrough
    that fit in a chunk (see :mod:`webfold.cuts`), then at spaces
    outside those that fit in a chunk, then (a single word still too long) every
    ``limit`` characters, before such a place rather than in it, and one fewer where a
    cut would part a backslash from the character it escapes. No cut inside a line is
    made where the text after it would start a block (``# of retries``; see
    :mod:`webfold.cuts`), but a piece of a word is escaped instead. A block quote's
    line (also in a list) cut inside goes on under its ``>`` markers, a list's piece that starts at
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
        # Make room for the heading in the block's first piece when that is possible;
        # not for code and tables, whose every piece repeats the fence or the header
        # (less room there would cut lines and rows).
        if heading and len(heading) + len(parts[0]) > limit and len(heading) <= limit // 2 \
                and block.kind not in ("code", "table"):
            parts = _room_for_heading(block, markdown, parts, limit - len(heading), limit)
        if heading and len(heading) + len(parts[0]) <= limit:
            parts[0] = heading + parts[0]
        elif heading:
            parts = split(heading.rstrip("\n"), limit) + parts
        # Only a block's first piece may join the chunk before it: joining two
        # pieces of one block with a blank line would change its Markdown.
        if out and len(out[-1]) + 2 + len(parts[0]) <= limit:
            out[-1] += "\n\n" + parts[0]
            parts = parts[1:]
        out.extend(parts)
    if headings:
        out.extend(split("\n\n".join(headings), limit))
    # (limit 1 cuts pieces of spaces; a cut may leave a quote's blank line alone, or a
    # blank line between headings or in a list at a chunk's edge)
    return [chunk.strip("\n") for chunk in out if chunk.strip(" >\n")]


def _room_for_heading(block: Block, markdown: str, parts: list[str], room: int, limit: int) -> list[str]:
    """The pieces (``parts``, of at most ``limit`` characters) of a block's ``markdown``
    with its first piece cut again to ``room``, what a heading before it leaves (the
    other pieces whole: newcomer on 789706b); ``parts`` as they are where that cut would
    fall inside a link, a formula or emphasis that a piece of ``limit`` holds whole
    (:func:`webfold.cuts.cuts_place`; newcomer on f0d6186: an image's address was cut),
    so that the heading is a piece of its own."""
    first = _block_pieces(block, parts[0], room)
    prefix = markdown.startswith(first[0])          # (not where the piece was dedented or escaped)
    if prefix and cuts_place(markdown, len(first[0]), limit):
        return parts
    if block.kind == "paragraph" and prefix:
        # a paragraph's rest is cut again as a whole, not left with a short piece
        # before the others (newcomer on 2bbc73c)
        rest = markdown[len(first[0]):].removeprefix("\\\n").lstrip(" \n")
        return first[:1] + [escaped for piece in _block_pieces(block, rest, limit)
                            for escaped in _escaped(piece, limit)]
    return first + parts[1:]


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
            return [f"{header}\n{piece}" for piece in pack(rows, "\n", room)]
    prose = _quoted_pieces if block.kind in ("quote", "list") else split
    if "```" in text or "~~~" in text:
        # code in a list item or a quote: cut as a code block is, inside its prefix
        # (breaker on 789706b: its fences were read as a code span's backticks)
        pieces = []
        for prefix, first, run in _fenced_runs(lines):
            part = "\n".join(run)
            if prefix is None or len(part) <= limit:
                pieces += prose(part, limit) if prefix is None else [part]
            else:
                pieces += _code_pieces(run, limit, prefix, first) or split(part, limit, True)
        pieces = [piece.strip("\n") for piece in pack(pieces, "\n", limit)]     # (blank lines by a fence)
    else:
        pieces = prose(text, limit)
    if block.kind in ("quote", "list"):
        # (trimmed once packed: a blank line packed away would join two paragraphs,
        # breaker on 418416b)
        pieces = [_trimmed(piece) for piece in pieces]
    pieces = _unbroken(pieces, text)
    if block.kind == "paragraph":
        return [escaped for piece in pieces for escaped in _escaped(piece, limit)]
    if block.kind == "list":
        return pieces[:1] + [part for piece in pieces[1:] for part in _before_items(_dedent(piece), limit)]
    if block.kind == "quote":
        return pieces[:1] + [part for piece in pieces[1:] for part in _before_items(_dedent_quote(piece), limit)]
    return pieces


def _code_pieces(lines: list[str], limit: int, prefix: str = "", first: str = "") -> list[str] | None:
    """A fenced code block's ``lines`` (its opening fence first and its closing fence
    last; each line after ``prefix``, a list item's indentation or a quote's markers,
    the opening fence after ``first``, which may hold the item's marker) in pieces of
    at most ``limit`` characters, each closed and opened again by the fences (after
    ``prefix`` from the second on), its lines cut as :func:`webfold.cuts.split` cuts code; None
    where ``limit`` leaves no room for the fences and a character of code."""
    opening, closing = lines[0], lines[-1]
    room = limit - len(opening) - len(closing) - 2
    if room < len(prefix) + 1:
        return None
    body = []
    for line in lines[1:-1]:
        line = line[len(prefix):] if line.startswith(prefix) else line.lstrip(" >")
        body += [prefix + piece if piece else prefix.rstrip() for piece in split(line, room - len(prefix), True)]
    again = prefix + opening[len(first):]
    return [f"{again if number else opening}\n{piece}\n{closing}"
            for number, piece in enumerate(pack(body, "\n", room))]


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


def _quoted_pieces(text: str, limit: int) -> list[str]:
    """A block quote's or list's Markdown in pieces of at most ``limit`` characters,
    cut as :func:`webfold.cuts.split` cuts, where a line of a quote cut inside goes on
    under its own ``>`` markers and the indentation before them (as a paragraph of its
    own it would have left the quote). A piece may start or end with a blank line
    (:func:`_trimmed`)."""
    pieces = []
    for line in split_lines(text):
        markers = _LINE_MARKERS.match(line).group()
        if len(line) <= limit or limit - len(markers) < 2:
            pieces += split(line, limit)
        else:
            pieces += [markers + piece for piece in split(line[len(markers):], limit - len(markers))]
    return pack(pieces, "\n", limit)


def _trimmed(piece: str) -> str:
    """A quote's or list's piece without the blank lines (markers only) at its start
    and end that a cut leaves there."""
    lines = piece.split("\n")
    while len(lines) > 1 and not lines[-1].strip("> "):
        lines.pop()
    while len(lines) > 1 and not lines[0].strip("> "):
        lines.pop(0)
    return "\n".join(lines)


def _dedent(piece: str) -> str:
    """A piece of a list that starts a chunk, with its lines' indentation taken down
    by the least of them, and the lines of the item it starts in (up to the first line
    indented less: a return to an outer item) by more where its first line is still
    four spaces deeper, each line by at most its own (nested items stay nested where
    they can): at four spaces a chunk's first line would be an indented code block
    (CommonMark §4.4), and after text, a paragraph's continuation. An outer item's
    lines keep their place in it (an item's block quote, which one space less takes
    out of it: newcomer on f0d6186). A first line that a cut started inside (neither
    indented nor an item) is text and stays as it is."""
    lines = piece.split("\n")
    head = 0 if _LIST_LINE.match(lines[0]) else 1
    indents = [len(INDENT.match(line).group()) for line in lines[head:]]
    shown = [indent for line, indent in zip(lines[head:], indents) if line.strip()]
    if not shown:
        return piece
    least, first = min(shown), shown[0]
    out = lines[:head]
    inner = True                        # (still in the item the piece starts in)
    for line, indent in zip(lines[head:], indents):
        inner = inner and (indent >= first or not line.strip())
        out.append(line[min(max(least, first - 3) if inner else least, indent):])
    return "\n".join(out)


def _before_items(piece: str, limit: int) -> list[str]:
    """A list's or quote's piece (dedented) whose first line, text or an item of
    another list, goes on with an ordered item numbered other than 1, which cannot
    start a list there (CommonMark §5.2: it would read as that line's text, with the
    items after it): the first line is made a paragraph or list of its own by a blank
    line after it (in a quote, of its markers), or a piece of its own where the blank
    line does not fit (breaker on 259369b; in a quote, and after an item or an
    indented paragraph, breaker on 418416b)."""
    first, newline, rest = piece.partition("\n")
    inside = _QUOTE_MARKERS.match(rest).group()
    later = _LATER_ITEM.match(rest, len(inside))
    if not newline or later is None:
        return [piece]
    sibling = _ORDERED_ITEM.match(first, len(_QUOTE_MARKERS.match(first).group()))
    if sibling is not None and len(sibling.group(1)) == len(later.group()) - len(later.group().lstrip(" ")):
        return [piece]                  # an item of the same list
    joined = first + "\n" + inside.rstrip() + "\n" + rest
    return [joined] if len(joined) <= limit else [first, rest]


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
    row, and a cell longer than ``limit`` is cut as :func:`webfold.cuts.split` cuts text, its pieces
    going on in the same column of the rows below."""
    rows = [[""] * len(cells)]
    used = 0                                       # characters of cell text in rows[-1]
    for column, cell in enumerate(cells):
        for piece in split(cell, limit):
            if rows[-1][column] or used + len(piece) > limit:
                rows.append([""] * len(cells))
                used = 0
            rows[-1][column] = piece
            used += len(piece)
    return [pipe_row(row) for row in rows]


def _unbroken(pieces: list[str], text: str) -> list[str]:
    """``pieces`` of a block's Markdown ``text``, where one cut at a hard break's newline
    loses the break's backslash, which would be text at the end of a chunk (CommonMark
    §6.7). A backslash that the text has before a space is text, and stays (breaker
    on 27d8fc8: "aa \\ bb" lost it); each piece is looked for just past the one before
    it, and one that a cut changed (quote markers, an escape) is taken to end at a
    break."""
    out = []
    at = 0
    for number, piece in enumerate(pieces):
        found = text.find(piece, at, at + len(piece) + _PIECE_GAP)
        at = found + len(piece) if found >= 0 else at + len(piece)
        if number < len(pieces) - 1 and backslashes_before(piece, len(piece)) % 2 \
                and (found < 0 or text[at:at + 1] == "\n"):
            piece = piece[:-1]
        out.append(piece)
    return out


def _escaped(piece: str, limit: int) -> list[str]:
    """A piece of a paragraph with its ends escaped (:func:`_escape_ends`): a piece's
    first or last line may read as a block's start once cut ("---" before a word too
    long; breaker on 259369b). Where the escapes make it too long, it is cut again
    with room for them (unless ``limit`` leaves none: 2 or less)."""
    escaped = _escape_ends(piece)
    if len(escaped) <= limit or limit <= 2:
        return [escaped if len(escaped) <= limit else piece]
    return [_escape_ends(part) for part in _unbroken(split(piece, limit - 2), piece)]


def _escape_ends(piece: str) -> str:
    """A piece of a paragraph with its first and last lines escaped where they would
    start a block (:func:`webfold.cuts.escape_start`): at most two characters more."""
    first, newline, rest = piece.partition("\n")
    if not newline:
        return escape_start(first)
    body, newline, last = rest.rpartition("\n")
    return escape_start(first) + "\n" + body + newline + escape_start(last)
