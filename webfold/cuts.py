"""Where a block's Markdown may be cut, for :mod:`webfold.chunk`: at lines, sentence
ends and spaces, never inside a place that a cut would break (a formula, a
superscript, a link, a code span, emphasis: :func:`_places`) when it fits, nor where the text
after the cut would start a block at a chunk's start (:func:`_opens_block`)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from webfold.build import is_punctuation, letter_like
from webfold.markdown import AUTOLINK, TAG_MARKS, backslashes_before, escape_line_start
from webfold.patterns import LazyPattern

#: A list item's marker (CommonMark §5.2), as a piece of the patterns that read lists.
ITEM_MARKER = r"(?:[-+*]|\d{1,9}[.)])"
#: A sentence's end: white space after its full stop, question or exclamation mark, and
#: after the closing emphasis delimiters, quotation mark or bracket that follow that.
#: (The first look-behind, of one character, fails fast where the others would each be
#: tried: alone, they took 4.5 times as long.)
_SENTENCE_END = LazyPattern(r"(?<=[.!?。！？*_~\"'”’»)\]])"
                            r"(?:(?<=[.!?。！？])|(?<=[.!?][*_~\"'”’»)\]])|(?<=[.!?][*_~]{2})|(?<=[.!?][*_~]{3}))\s+")
#: The end of a Chinese or Japanese sentence, which no space follows, after a closing
#: quotation mark or bracket that follows the sentence mark (``。」``): a cut there
#: drops nothing.
_CJK_SENTENCE_END = LazyPattern(r"(?<=[。！？])(?=[^」』）”’】〕》〉\s])|(?<=[。！？][」』）”’】〕》〉])(?=\S)")
_SPACE = LazyPattern(" ")
_NEWLINE = LazyPattern("\n")
#: Indentation at the start of a line.
INDENT = LazyPattern(" *")
_BACKTICKS = LazyPattern("`+")
#: A delimiter run of emphasis (CommonMark §6.2) or strikethrough (GFM §6.5).
_DELIMITER_RUN = LazyPattern(r"\*+|_+|~+")
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
#: (§4.1) at a chunk's start, whatever follows it in the piece (breaker on 789706b):
#: a thematic break's characters followed by white space or the end (a cut at that
#: space would leave them alone; "***bold***" never is one), a fence, and a tag, but
#: for the builder's superscripts and subscripts (webfold.markdown.TAG_MARKS), which
#: start an HTML block only alone on their line (§4.6, type 7), and matter only where
#: a line follows them in the piece: a piece of the tag alone goes on with the text
#: that joins it, or makes an HTML block of nothing but the tag (breaker on 892c8d6: a
#: chunk's "</sub> five" and "<sub>two" were escaped, their tags shown as text).
_BLOCK_START = LazyPattern(r"([-_*])(?:[ \t]*\1){2,}(?![^ \t\n])|`{3,}(?![^\n]*`)|~{3,}"
                           r"|<(?!/?su[bp]>)[A-Za-z/!?]|</?su[bp]>[ \t]*\n")
#: The characters that a block :func:`_opens_block` finds may start with.
_BLOCK_START_CHARACTERS = frozenset("#>+-*_=0123456789|:`~<")
#: A list item's marker (and task marker) or an ATX heading's alone, after indentation
#: or quote markers: no cut is made after it, which would leave an empty item (or a
#: setext underline) or heading.
_MARKER_ONLY = LazyPattern(r"[ >]*(?:(?:" + ITEM_MARKER + r"|#{1,6})[ >]+)*(?:" + ITEM_MARKER
                           + r"|#{1,6})(?: \[[ xX]\])? ?\Z")
#: An ATX heading's start, and a closing sequence at the end of what precedes a cut in
#: it, which would drop its "#"s (breaker on 418416b: "## aaaa bbbb #" lost its "#").
_ATX_HEADING = LazyPattern(r"#{1,6} ")
_CLOSING_SEQUENCE = LazyPattern(r" #+\Z")
#: The last characters of what :data:`_MARKER_ONLY` matches.
_MARKER_ENDS = frozenset("-+*.)]#")
#: How far back :func:`_breaks_line` looks for a line's start, in characters.
_MARKER_READ = 40
#: How far :func:`_opens_block` reads a line, in characters: a thematic break, a setext
#: underline or a table's delimiter row is a whole line, and a longer one does not
#: come from text that was cut inside a line.
_LINE_READ = 200


def pack(pieces: list[str], separator: str, limit: int) -> list[str]:
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


def split(text: str, limit: int, verbatim: bool = False) -> list[str]:
    """``text`` cut into pieces of at most ``limit`` characters: at lines, else at
    sentence ends (after ``。``, ``！`` or ``？`` without a space too, as Chinese and
    Japanese write), else at spaces, each outside the formulas, superscripts,
    subscripts, links and code spans, and the emphasis that fits in a piece
    (:func:`_places`), else at spaces outside those that fit in a piece,
    else every ``limit`` characters outside them (see :func:`_cut`). ``verbatim``
    text (a code block's) holds no markup: it is cut at its lines first, wherever a
    ``$`` or a tag stands, and its pieces are not escaped; a line's indentation stays
    with it."""
    if len(text) <= limit:
        return [text]
    places = [] if verbatim else _kept(text, _places(text, limit), limit)
    fitting = _outermost(places, limit)
    for separator, parts in _cuts(text, _outermost(places), fitting, not verbatim):
        if len(parts) > 1:
            # Each part's pieces are as few as its cuts allow; a part's first piece
            # may join the piece before it, never two pieces of one part (with the
            # empty separator of CJK sentence ends they could fit, without their space).
            pieces: list[str] = []
            for part in parts:
                more = split(part, limit, verbatim)
                if pieces and len(pieces[-1]) + len(separator) + len(more[0]) <= limit:
                    pieces[-1] += separator + more.pop(0)
                pieces += more
            return pieces
    return _cut(text, limit, sorted(place for place in places if place[1] - place[0] <= limit), not verbatim)


def cuts_place(text: str, at: int, limit: int) -> bool:
    """Whether a cut of ``text`` at ``at`` falls inside a place (:func:`_places`) that a
    piece of ``limit`` characters would hold whole."""
    return any(start < at < end for start, end in _kept(text, _places(text, limit), limit)
               if end - start <= limit)


def _kept(text: str, places: list[tuple[int, int]], limit: int) -> list[tuple[int, int]]:
    """``places`` but those that no piece can hold whole: a place that only a list
    item's or heading's marker stands before on its line (:data:`_MARKER_ONLY`), which
    no cut may leave alone, is held with it, and is cut at its spaces where the two
    are longer than ``limit`` (newcomer on f0d6186: "- **…**" cut inside a word of the
    bold text, or between a link's text and its address)."""
    kept = []
    for start, end in places:
        # (a marker's line starts within _MARKER_READ characters: the look-back is
        # bounded, or a long line's places would each read back to its start)
        line = text.rfind("\n", max(0, start - _MARKER_READ), start) + 1
        # (its indentation is left out: a chunk that starts with the item drops it)
        line += len(INDENT.match(text, line, start).group())
        if end - line <= limit or line < start - _MARKER_READ or not _MARKER_ONLY.match(text, line, start):
            kept.append((start, end))
    return kept


def _cuts(text: str, every: list[tuple[int, int]], fitting: list[tuple[int, int]],
          markup: bool) -> Iterator[tuple[str, list[str]]]:
    """The ways :func:`split` tries to cut ``text``, in order, each made only when the
    one before did not cut: ``(separator, parts)``. Lines, sentence ends and spaces
    outside ``every`` place (:func:`_outermost`; a superscript may hold a hard break:
    breaker on 4cb993b), then spaces outside those that fit in a piece (``fitting``):
    a formula inside a superscript too long for one, and a superscript in a word
    (breaker on e477048). Where no such space is left, :func:`_cut` cuts around them.
    In ``markup``, no cut inside a line is made where the text after it would start a
    block (:func:`_opens_block`); the lines themselves were escaped where they start."""
    yield "\n", _apart(text, _NEWLINE, every, False)
    yield " ", _apart(text, _SENTENCE_END, every, markup)
    yield "", _apart(text, _CJK_SENTENCE_END, every, markup)
    if every:
        yield " ", _apart(text, _SPACE, every, markup)
    yield " ", _apart(text, _SPACE, fitting, markup)


def _places(text: str, emphasis: int = 0) -> list[tuple[int, int]]:
    """The places ``(start, end)`` of what a cut would break in ``text``, a block's
    Markdown: a formula, from a ``$`` or ``$$`` to the next; emphasis or
    strikethrough of at most ``emphasis`` characters (:func:`_emphasis`); a superscript or
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
    if "$" not in text and "<" not in text and "](" not in text and "`" not in text and not (
            emphasis and ("*" in text or "_" in text or "~" in text)):
        return []
    # the backtick runs of each length, for finding where a code span ends (§6.1)
    runs: dict[int, list[int]] = {}
    for run in _BACKTICKS.finditer(text):
        runs.setdefault(len(run.group()), []).append(run.start())
    found = []
    opaque = []                                     # the places whose text is no markup
    texts = []                                      # the links' texts, from "[" to "]"
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
                opaque.append(found[-1])
                index = starts[after] + length
                continue
            index += length                         # no closer: literal backticks
            continue
        # (in a formula, two backslashes are the TeX's one, escaped: "\\$" is its "\$")
        if character == "$" and not backslashes_before(text, index) % (4 if opened >= 0 else 2):
            width = 2 if text.startswith("$$", index) else 1
            # A "$" before white space opens nothing, nor closes one after white space
            # or before a digit (Pandoc's rule for inline TeX): "$79 and $109" are
            # prices, not a formula (newcomer on f0d6186).
            if width == 1 and (text[index + 1:index + 2].isspace() if opened < 0 else (
                    text[index - 1].isspace() or text[index + 1:index + 2].isdigit())):
                index += 1
                continue
            if opened < 0:
                opened, around = index, (tagged[:], bracketed[:])
            else:
                # (across a tag, a link's edge or a line's end, or a blank line for
                # "$$", two dollars of prose: breaker on 418416b)
                if around == (tagged, bracketed) and (_BLANK_LINE if width == 2 else _NEWLINE).search(
                        text, opened, index) is None:
                    found.append((opened, index + width))
                    opaque.append(found[-1])
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
                opaque.append(found[-1])
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
                    texts.append((start, index))
                # and its destination, from the "]", also in a piece cut from the link's
                # text (breaker on 789706b): the builder escapes every other "]"
                found.append((index, target.end()))
                opaque.append(found[-1])
                index = target.end()
                continue
        index += 1
    if emphasis:
        found += [(start, end) for start, end in _emphasis(text, _outermost(opaque), sorted(texts))
                  if end - start <= emphasis]
    return found


def _emphasis(text: str, opaque: list[tuple[int, int]], texts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The places ``(start, end)`` of emphasis and strikethrough in ``text``: from the
    delimiter run that opens each to the end of the run that closes it, paired as
    CommonMark's delimiter stack pairs them (§6.2 and its appendix: flanking runs, ``_``
    not inside words, the rule of three, and a link's text, ``texts`` in order, paired
    on its own; GFM §6.5: ``~`` runs of one length). Runs
    inside ``opaque`` places (:func:`_outermost`: code spans, formulas, destinations,
    autolinks) and escaped delimiters are text. A cut inside emphasis would leave its
    delimiters unpaired in both chunks, written as text."""
    openers: list[list] = []            # [character, start, characters left, can close, run length]
    # For each kind of closer, the openers below this many were searched and pair with
    # none of its kind (the spec's "openers_bottom"): a search does not read them again,
    # so that a page of unpaired runs costs linear time, not quadratic.
    floors: dict[tuple, int] = {}
    # The link texts open at the run, innermost last: (their end, the openers before them),
    # the bottom of the stack inside them (breaker on 87313a3: "*a [b* c](/u)" paired).
    bottoms: list[tuple[int, int]] = []
    following = 0                           # the next link text
    found = []

    def keep(count: int) -> None:
        """Drop the openers from the ``count``-th on: none of them pairs any more."""
        del openers[count:]
        for searched in floors:
            floors[searched] = min(floors[searched], len(openers))

    for run in _DELIMITER_RUN.finditer(text):
        start, end = run.span()
        start += backslashes_before(text, start) % 2        # an escaped first delimiter is text
        while True:
            if bottoms and bottoms[-1][0] <= start:
                keep(bottoms.pop()[1])          # what a link text leaves open pairs with nothing
            elif following < len(texts) and texts[following][0] < start:
                bottoms.append((texts[following][1], len(openers)))
                following += 1
            else:
                break
        inside = bisect_right(opaque, (start, len(text)))
        if start == end or inside and opaque[inside - 1][1] > start or text[start] == "~" and end - start > 2:
            continue                        # (three tildes or more strike nothing through)
        character, before, after = text[start], text[start - 1:start], text[end:end + 1]
        left = letter_like(after) or is_punctuation(after) and not letter_like(before)
        right = letter_like(before) or is_punctuation(before) and not letter_like(after)
        if character == "_":
            left, right = (left and (not right or is_punctuation(before)),
                           right and (not left or is_punctuation(after)))
        length = size = end - start
        if right:
            kind = (character, left, size if character == "~" else size % 3)
            at = len(openers)
            while length and at > max(floors.get(kind, 0), bottoms[-1][1] if bottoms else 0):
                at -= 1
                opener = openers[at]
                if opener[0] != character or (opener[4] != size if character == "~" else (
                        (opener[3] or left) and (opener[4] + size) % 3 == 0 and (opener[4] % 3 or size % 3))):
                    continue
                used = min(opener[2], length)
                found.append((opener[1], end))
                opener[2] -= used
                length -= used
                keep(at + (opener[2] > 0))      # those between them pair with nothing
            if length:
                floors[kind] = len(openers)
        if length and left:
            openers.append([character, start, length, right, size])
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
    start = place = 0
    for match in separator.finditer(text):
        at = match.start()
        while place < len(whole) and whole[place][1] <= at:
            place += 1                      # (places and matches both in order)
        if place < len(whole) and whole[place][0] <= at:
            continue                        # inside a place
        if within_line and _breaks_line(text, at, match.end()):
            continue
        parts.append(text[start:at])
        start = match.end()
    parts.append(text[start:])
    return parts


def _cut(text: str, limit: int, places: list[tuple[int, int]], markup: bool = True) -> list[str]:
    """``text`` cut every ``limit`` characters, one fewer where the cut would part a
    backslash from the character it escapes (CommonMark §2.4): the backslash would be
    read as a literal one, and the character as Markdown (a ``|`` as a new table
    cell); and before the outermost of the ``places`` (:func:`_places`, sorted) that
    the cut would fall in and that fits in a piece (breaker on 4cb993b: a word's last
    characters and a subscript after it), but for one that only a list item's or
    heading's marker stands before (the item or heading would be empty, its text a
    paragraph): then before the outermost place inside it that the cut falls in (a
    link's destination), if any. A piece that would start a block (:func:`_opens_block`: the
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
        before = end
        # (the places starting inside this piece, read back from its end)
        at = bisect_left(places, (end,))
        while at and places[at - 1][0] > start:
            at -= 1
            place_start, place_end = places[at]
            if place_end > end and place_end - place_start <= room \
                    and not _MARKER_ONLY.match(text, start, place_start):
                before = place_start
        if before < end:
            end = before
        elif room > 1 and end < len(text):
            # start is never inside an escape, so an odd run of backslashes before end
            # ends in one that escapes text[end].
            end -= backslashes_before(text, end, start) % 2
        pieces.append(escape_start(text[start:end]) if escape else text[start:end])
        start = end
        while markup and text[start:start + 1] == " ":
            start += 1
    return pieces


def _opens_block(text: str, index: int, stop: int | None = None) -> bool:
    """Whether a chunk starting at ``text[index]`` (and ending at ``stop`` at the
    latest) would start with a block that the text did not have there: an ATX heading
    (``# of retries``), a list item, a block quote, a thematic break, what
    :func:`webfold.markdown.escape_line_start` escapes; or what may start a fence, an
    HTML block or a thematic break, whatever follows (:data:`_BLOCK_START`)."""
    if text[index:index + 1] not in _BLOCK_START_CHARACTERS:
        return False
    stop = len(text) if stop is None else stop
    if _BLOCK_START.match(text, index, stop) is not None:
        return True
    stop = min(stop, index + _LINE_READ)
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
    if text[before - 1] == "#" and _ATX_HEADING.match(text) \
            and _CLOSING_SEQUENCE.search(text, max(0, before - _MARKER_READ), before):
        return True                     # "## a #" would end with a closing sequence (§4.2)
    head = text[max(0, before - _MARKER_READ):before]
    if "\n" not in head and before > _MARKER_READ:
        return False                                # the line starts further back
    return _MARKER_ONLY.match(head.rpartition("\n")[2]) is not None


def escape_start(piece: str) -> str:
    """``piece``, which starts a chunk inside a line, escaped where it would start a
    block (:func:`_opens_block`)."""
    escaped = escape_line_start(piece)
    return "\\" + piece if escaped == piece and _BLOCK_START.match(piece) is not None else escaped


def split_lines(text: str) -> list[str]:
    """``text``'s lines, where no line break inside a place (:func:`_places`) is cut."""
    return _apart(text, _NEWLINE, _outermost(_places(text)), False)
