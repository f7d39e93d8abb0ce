"""React's streamed content, read where a browser shows it.

A React server that streams a page (``renderToPipeableStream``; Next.js's app router)
sends it before all of its parts are ready. A part still loading is a pending Suspense
boundary: ``<!--$?--><template id="B:1"></template>FALLBACK<!--/$-->``, the fallback
being a spinner or "Loading…". When the part is ready, the server appends it to the
body as a hidden segment, ``<div hidden id="S:1">CONTENT</div>``, and a script,
``$RC("B:1","S:1")``, that removes the template and the fallback (the siblings up to
the boundary's ``<!--/$-->``) and moves CONTENT into their place. A segment that fills
a placeholder, ``<template id="P:2"></template>``, is moved there by
``$RS("S:2","P:2")``. React names a boundary by its root segment, so ``B:n`` and
``P:n`` are filled by ``S:n`` (react-dom's ``ReactFizzConfigDOM``).

A converter that runs no scripts reads the fallbacks where the content belongs and
the content after the page's footer: 33 of the 1,497 WCXB dev pages are streamed.
:func:`display_order` gives the order of the tokens as a browser shows them once
those scripts have run; the builder reads the tokens in that order.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from webfold._scan import TokenKind, Tokens
from webfold.tables import TAG_NAMES, VOID_ELEMENTS

START_TAG, END_TAG, COMMENT = int(TokenKind.START_TAG), int(TokenKind.END_TAG), int(TokenKind.COMMENT)
TEMPLATE = TAG_NAMES.index("template")
_VOID = frozenset(TAG_NAMES.index(name) for name in VOID_ELEMENTS if name in TAG_NAMES)
SELF_CLOSING = 4                            # TokenFlag.SELF_CLOSING: <svg/> opens nothing

#: the start tags as React writes them: a segment (any element: ``<div hidden>``, or
#: inside a table ``<table hidden><tbody>`` and the like) and a placeholder; each found
#: is checked as a start tag of that id (not text, a script, or an attribute's value)
_SEGMENT = re.compile(rb' id="(S:[0-9a-f]+)">')
_PLACEHOLDER = re.compile(rb'<template id="([BP]:[0-9a-f]+)">')


def display_order(tokens: Tokens) -> list[int] | None:
    """The indices of ``tokens`` in the order a browser shows them after React's
    ``$RC`` and ``$RS`` scripts ran: each segment's content (the tokens inside its
    element, ``S:n``) in place of its placeholder (``<template id="P:n"></template>``)
    or of its pending boundary (``<template id="B:n"></template>`` and the fallback
    after it, up to the boundary's ``<!--/$-->``; without those comments, as on pages
    saved with comments removed, the fallback stays, as nothing tells where it ends),
    and the segment's element itself left out. None when the page has no segment that
    fills a placeholder, or when the segments cannot all be placed (one inside the
    segment that fills its own placeholder): the tokens are read as written, and the
    builder shows the segments where they stand. Linear in the number of tokens."""
    source = tokens.source
    if b' id="S:' not in source:
        return None
    table = tokens.table()
    count = len(table) // 5
    starts = table[2::5]
    segments = _start_tags(tokens, starts, _SEGMENT)
    # a placeholder's start tag -> the start tag of the segment that fills it; React
    # writes the template empty, its end tag next
    placeholders = _start_tags(tokens, starts, _PLACEHOLDER)
    filled = {index: segments["S" + name[1:]] for name, index in placeholders.items()
              if "S" + name[1:] in segments and table[5 * index + 1] == TEMPLATE
              and index + 1 < count and table[5 * index + 5] == END_TAG and table[5 * index + 6] == TEMPLATE}
    if not filled:
        return None
    boundaries = {index for name, index in placeholders.items() if name[0] == "B"}
    ends = _ends(table, set(filled.values()), count)
    marks = sorted([*filled, *ends])        # where reading leaves the written order
    order: list[int] = []
    pending = [(0, count)]
    placed = 0
    while pending:
        index, stop = pending.pop()
        while index < stop:
            mark = marks[bisect_left(marks, index)] if index <= marks[-1] else count
            if mark > index:
                order.extend(range(index, min(mark, stop)))
                index = mark
            elif index in ends:             # a segment: read where its placeholder stands
                index = ends[index] + 1
            else:                           # a placeholder: its segment's content instead
                segment = filled[index]
                after = index + 2
                if index in boundaries:     # a pending boundary's, not a "P:n"
                    after = _fallback_end(table, source, after, count, filled)
                pending.append((after, stop))
                index, stop = segment + 1, ends[segment]
                placed += 1
    return order if placed == len(filled) else None


def _start_tags(tokens: Tokens, starts, pattern: re.Pattern) -> dict[str, int]:
    """The index of each start tag that ``pattern`` finds in the source, by its ``id``
    (the pattern's group 1; the first start tag of each id, as ``getElementById``
    finds it)."""
    found: dict[str, int] = {}
    for match in pattern.finditer(tokens.source):
        index = bisect_right(starts, match.end() - 1) - 1     # the tag that ends there
        name = match[1].decode("ascii")
        if name not in found and index >= 0 and tokens[index][0] == START_TAG \
                and tokens.attribute(index, "id") == name:
            found[name] = index
    return found


def _ends(table, wanted: set[int], count: int) -> dict[int, int]:
    """The index of the end tag that closes each element whose start tag's index is in
    ``wanted`` (``count`` when none does), in one pass over the open elements from the
    first of them. An end tag closes the nearest open element of its name and those
    opened inside it; one with no such element open is ignored (React closes every
    element it writes: this only bounds the harm of pages that do not)."""
    ends: dict[int, int] = {}
    stack: list[tuple[int, int]] = []        # open elements: (tag number, start index)
    open_count: dict[int, int] = {}
    for index in range(min(wanted), count):
        kind = table[5 * index]
        number = table[5 * index + 1]
        if kind == START_TAG:
            if number not in _VOID and not table[5 * index + 4] & SELF_CLOSING:
                stack.append((number, index))
                open_count[number] = open_count.get(number, 0) + 1
        elif kind == END_TAG and open_count.get(number):
            while True:
                closed, start = stack.pop()
                open_count[closed] -= 1
                if start in wanted:
                    ends[start] = index
                if closed == number:
                    break
    for start in wanted:
        ends.setdefault(start, count)
    return ends


def _fallback_end(table, source: bytes, index: int, count: int, placeholders) -> int:
    """Where a pending boundary's fallback ends, reading from ``index`` (just after its
    template): at the boundary's ``<!--/$-->`` among the template's next siblings,
    the boundaries among them counted as ``$RC`` counts them. ``index`` itself (no
    fallback is left out) when the template's parent ends first, or another
    placeholder comes first (which also keeps the searches apart: linear)."""
    depth = 0                               # elements opened since the template
    boundaries = 0                          # boundaries opened among its siblings
    for at in range(index, count):
        kind = table[5 * at]
        if at in placeholders:
            return index
        if kind == START_TAG:
            if table[5 * at + 1] not in _VOID and not table[5 * at + 4] & SELF_CLOSING:
                depth += 1
        elif kind == END_TAG:
            if not depth:
                return index
            depth -= 1
        elif kind == COMMENT and not depth:
            if source[table[5 * at + 2]] == 47:     # "/$"
                if not boundaries:
                    return at
                boundaries -= 1
            else:
                boundaries += 1
    return index
