"""React's streamed content, read where a browser shows it.

A React server that streams a page (``renderToPipeableStream``; Next.js's app router)
sends it before all of its parts are ready. A part still loading is a pending Suspense
boundary: ``<!--$?--><template id="B:1"></template>FALLBACK<!--/$-->``, the fallback
being a spinner or "Loading…". When the part is ready, the server appends it to the
body as a hidden segment, ``<div hidden id="S:1">CONTENT</div>``, and a script,
``$RC("B:1","S:1")``, that removes the template and the fallback (its next siblings
up to the boundary's ``<!--/$-->``, the boundaries among them counted) and moves
CONTENT into their place. A segment that fills a placeholder,
``<template id="P:2"></template>``, is moved there by ``$RS("S:2","P:2")``
(react-dom's ``ReactFizzConfigDOM`` and its inline scripts).

A converter that runs no scripts reads the fallbacks where the content belongs and
the content after the page's footer: 33 of the 1,497 WCXB dev pages are streamed.
:func:`display_order` gives the order of the tokens as a browser shows them once
those scripts have run; the builder reads the tokens in that order.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from webfold._scan import TokenFlag, TokenKind, Tokens
from webfold.payloads import script_kind
from webfold.tables import (FOREIGN_BREAKOUT, HEADING_LEVEL, P_CLOSERS, SCOPE_BOUNDARIES, SPECIAL_ELEMENTS,
                            TAG_NAMES, VOID_ELEMENTS)

TEXT, START_TAG, END_TAG, RAW_TEXT, COMMENT = (int(TokenKind.TEXT), int(TokenKind.START_TAG),
                                               int(TokenKind.END_TAG), int(TokenKind.RAW_TEXT),
                                               int(TokenKind.COMMENT))
SELF_CLOSING, WHITESPACE = int(TokenFlag.SELF_CLOSING), int(TokenFlag.WHITESPACE)
TEMPLATE, SCRIPT, P = (TAG_NAMES.index(name) for name in ("template", "script", "p"))
_VOID = frozenset(TAG_NAMES.index(name) for name in VOID_ELEMENTS if name in TAG_NAMES)
_FOREIGN = frozenset(TAG_NAMES.index(name) for name in ("svg", "math"))
#: Start tags that close an open <p> (in button scope), and those that close an open
#: element of their group in list item scope: the tree construction's "in body" rules
#: (§13.2.6.4.7, §13.2.4.2)
_P_CLOSERS = frozenset(TAG_NAMES.index(name) for name in P_CLOSERS)
_HEADINGS = frozenset(TAG_NAMES.index(name) for name in HEADING_LEVEL)
_NESTED_FORMATTING = frozenset(TAG_NAMES.index(name) for name in ("a", "nobr"))
_BREAKOUT = frozenset(TAG_NAMES.index(name) for name in FOREIGN_BREAKOUT)
#: The parents a table's parts need: elsewhere the tree builder closes or ignores them
_TABLE_PARENTS = {TAG_NAMES.index(name): frozenset(TAG_NAMES.index(parent) for parent in parents)
                  for names, parents in ((("td", "th"), ("tr",)), (("tr",), ("tbody", "thead", "tfoot", "table")),
                                         (("tbody", "thead", "tfoot", "caption", "colgroup"), ("table",)),
                                         (("col",), ("colgroup", "table")))
                  for name in names}
_P_SCOPE = frozenset(TAG_NAMES.index(name) for name in SCOPE_BOUNDARIES | {"button"} if name in TAG_NAMES)
_LIST_ITEM_SCOPE = frozenset(TAG_NAMES.index(name) for name in SPECIAL_ELEMENTS - {"address", "div", "p"}
                             if name in TAG_NAMES)
#: The bits of an open element's reach (what a start tag inside it may close): a <p>
#: in button scope, an <li> or a <dt>/<dd> in list item scope; and the elements of each
REACH_P, REACH_LI, REACH_DD = 1, 2, 4
_REACHED = {P: (P,), TAG_NAMES.index("li"): (TAG_NAMES.index("li"),),
            TAG_NAMES.index("dt"): (TAG_NAMES.index("dt"), TAG_NAMES.index("dd")),
            TAG_NAMES.index("dd"): (TAG_NAMES.index("dt"), TAG_NAMES.index("dd"))}
_REACH = {P: REACH_P, TAG_NAMES.index("li"): REACH_LI, TAG_NAMES.index("dt"): REACH_DD,
          TAG_NAMES.index("dd"): REACH_DD}
#: The elements whose content is table rows and cells: anything else there is moved
#: out of the table (§13.2.6.4.9, foster parenting)
_TABLE_CONTEXT = frozenset(TAG_NAMES.index(name) for name in ("table", "tbody", "thead", "tfoot", "tr"))
_IN_TABLE = frozenset(TAG_NAMES.index(name) for name in (
    "caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td", "th", "script", "style",
    "template", "input"))

#: React's instructions as its inline scripts call them: ``$RC`` (and ``$RR``, with
#: stylesheets) completes boundary B with segment S, ``$RS`` fills placeholder P with S
_INSTRUCTION = re.compile(rb'\$R([CRS])\("([^"\\<>]{1,64})","([^"\\<>]{1,64})"')
#: A placeholder or pending boundary's template, as React writes it
_TEMPLATE = re.compile(rb'<template id="([^"\\<>]{1,64})"></template>')
#: The end of a segment's start tag, as React writes it (its id last)
_ID = re.compile(rb' id="([^"\\<>]{1,64})">')
#: Without scripts (a page saved without them): React 19 names a boundary, and a
#: placeholder, by the segment that fills it
_CONVENTION = re.compile(r"[BP]:([0-9a-f]+)")


def display_order(tokens: Tokens) -> list[int] | None:
    """The indices of ``tokens`` in the order a browser shows them after React's
    ``$RC``, ``$RR`` and ``$RS`` scripts ran: each segment's content (the tokens inside
    its element) in place of its placeholder's template, or of its pending boundary's
    template and the fallback after it, up to the boundary's ``<!--/$-->``; the
    segment's element itself left out. The pairs are those that the page's running
    scripts call for, after the elements they name (:func:`_fills`, :func:`_runs`); on
    a page without such scripts, ``B:n`` and ``P:n`` are filled by ``S:n`` (React 19's
    naming).

    Only what React writes is moved: a segment that is not well-formed (see
    :func:`_shape`: an element left open in it, a tag that the tree builder reads
    otherwise than as written) stays where it stands, as does one whose placeholder is
    never read (inside the segment itself, or in a fallback that is left out). A
    fallback is left out only where it is well-formed and its ``<!--/$-->`` is among
    the template's siblings (on a page saved without comments, the fallback stays:
    nothing tells where it ends). Each segment is read once, at the first of its
    placeholders read. None when nothing moves. Linear in the number of tokens."""
    source = tokens.source
    if b'<template id="' not in source:
        return None
    table = tokens.table()
    count = len(table) // 5
    starts = table[2::5]
    fills, boundaries, calls = _fills(tokens, table, starts)
    if not fills:
        return None
    templates = _templates(table, count, starts, source, fills)
    segments = _segments(tokens, starts, {fills[name] for name in templates})
    # a placeholder's template -> the start tag of the segment that fills it
    filling = {index: segments[fills[name]] for name, index in templates.items() if fills[name] in segments}
    if not filling:
        return None
    ends, fallbacks = _shape(tokens, table, count, set(filling.values()),
                             {index for name, index in templates.items() if name in boundaries})
    names = {index: name for name, index in templates.items()}
    filling = {template: segment for template, segment in filling.items() if segment in ends
               and _runs(table, template, names[template] in boundaries, ends[segment], calls.get(names[template]))}
    for _ in range(2):
        # A segment whose placeholder is never read stays where it stands; it may hold
        # placeholders of others, so those are read in a second round.
        order, unplaced = _read(count, filling, ends, fallbacks)
        if not unplaced:
            break
        filling = {template: segment for template, segment in filling.items() if segment not in unplaced}
    return order if filling and not unplaced else None


def _fills(tokens: Tokens, table, starts) -> tuple[dict[str, str], set[str], dict[str, int]]:
    """Which segment fills each placeholder (by id), which placeholders are pending
    boundaries, and the index of the script that calls for each fill: from the page's
    scripts that run (inline JavaScript; the first call for each segment, as a second
    finds it moved), else by React 19's naming (no scripts)."""
    source = tokens.source
    fills: dict[str, str] = {}
    boundaries: set[str] = set()
    calls: dict[str, int] = {}
    called: set[str] = set()
    runs: dict[int, bool] = {}
    for match in _INSTRUCTION.finditer(source):
        index = bisect_right(starts, match.start()) - 1
        if index < 1 or table[5 * index] != RAW_TEXT or table[5 * index + 1] != SCRIPT \
                or table[5 * index + 3] <= match.start():
            continue                        # not inside a script
        if index not in runs:
            runs[index] = script_kind(tokens.attributes(index - 1)) == "javascript"
        kind, first, second = (group.decode("utf-8", "replace") for group in match.groups())
        placeholder, segment = (second, first) if kind == "S" else (first, second)
        if runs[index] and placeholder not in fills and segment not in called:
            fills[placeholder] = segment
            calls[placeholder] = index
            called.add(segment)
            if kind != "S":
                boundaries.add(placeholder)
    if runs:
        return fills, boundaries, calls
    for match in _TEMPLATE.finditer(source):
        name = match[1].decode("utf-8", "replace")
        found = _CONVENTION.fullmatch(name)
        if found and name not in fills:
            fills[name] = "S:" + found[1]
            if name[0] == "B":
                boundaries.add(name)
    return fills, boundaries, calls


def _runs(table, template: int, boundary: bool, segment_end: int, call: int | None) -> bool:
    """Whether the script that calls for a fill moves the segment: it comes after the
    template and the segment (before them, ``getElementById`` finds neither), and a
    boundary's template has a node before it (``$RC`` starts from the template's
    previous sibling, React's ``<!--$?-->``). Always, on a page without scripts."""
    if call is None:
        return True
    if call < template or call < segment_end:
        return False
    before = template - 1
    return not boundary or (before >= 0 and not (table[5 * before] == START_TAG
                                                 and table[5 * before + 1] not in _VOID))


def _templates(table, count: int, starts, source: bytes, fills: dict[str, str]) -> dict[str, int]:
    """The index of the start tag of each placeholder's template, by id: the first
    ``<template id=…></template>`` of that id, a start tag and its end tag."""
    found: dict[str, int] = {}
    for match in _TEMPLATE.finditer(source):
        name = match[1].decode("utf-8", "replace")
        if name not in fills or name in found:
            continue
        index = bisect_right(starts, match.start() + 1) - 1
        if index >= 0 and table[5 * index + 2] == match.start() + 1 and table[5 * index] == START_TAG \
                and table[5 * index + 1] == TEMPLATE and index + 1 < count \
                and table[5 * index + 5] == END_TAG and table[5 * index + 6] == TEMPLATE:
            found[name] = index
    return found


def _segments(tokens: Tokens, starts, wanted: set[str]) -> dict[str, int]:
    """The index of the start tag of each segment in ``wanted``, by id: the first start
    tag of that id (``getElementById``). A tag's id is read once, however many times
    its other attributes' values hold the pattern."""
    found: dict[str, int] = {}
    read: dict[int, str | None] = {}
    for match in _ID.finditer(tokens.source):
        name = match[1].decode("utf-8", "replace")
        if name not in wanted or name in found:
            continue
        index = bisect_right(starts, match.start()) - 1
        if index < 0 or tokens[index][0] != START_TAG:
            continue
        if index not in read:
            read[index] = tokens.attribute(index, "id")
        if read[index] == name:
            found[name] = index
    return found


def _shape(tokens: Tokens, table, count: int, segments: set[int],
           boundaries: set[int]) -> tuple[dict[int, int], dict[int, int]]:
    """In one pass over the tokens, following the open elements as the tree builder
    does for what React writes: the end tag of each segment that is well-formed (by
    its start tag's index), and where each boundary's fallback ends (by its template's
    index): the ``<!--/$-->`` among the template's next siblings that closes the
    boundary, the boundaries among them counted as ``$RC`` counts them.

    Well-formed: every element in it closed by its own end tag, and no tag in it that
    the tree builder reads otherwise than as written: a start tag that closes an open
    element (a block in a ``<p>``, a heading in a heading, a link in a link, a cell
    outside a row), an end tag of no open element, text or elements that a table moves
    out (§13.2.6.4.9, foster parenting), HTML that ends SVG or MathML (§13.2.6.5); the
    same holds of a fallback. What React writes is so (breakers of session 34 found
    fallback text dropped where any of these moved the ``<!--/$-->``)."""
    source = tokens.source
    ends: dict[int, int] = {}
    fallbacks: dict[int, int] = {}
    # open elements: [tag number, start tag's index, faults when opened, the boundary
    # level among its children, {level: [(template, faults)]} of the searches for a
    # fallback's end among them, its reach (REACH_*)]; the first stands for the document
    stack: list[list] = [[-1, -1, 0, 0, None, 0]]
    open_count: dict[int, int] = {}
    foreign = 0                             # open <svg> and <math> elements
    faults = 0                              # what a well-formed element must not hold

    def close(to: int) -> None:
        """Pop the open elements down to ``stack[to]``, which is closed too."""
        nonlocal foreign
        while len(stack) > to:
            closed = stack.pop()
            open_count[closed[0]] -= 1
            if closed[0] in _FOREIGN:
                foreign -= 1

    for index in range(count):
        kind = table[5 * index]
        number = table[5 * index + 1]
        if kind == START_TAG:
            if stack[-1][5] & REACH_P and number in _P_CLOSERS:
                faults += 1
                close(_nearest(stack, (P,)))
            if number != P and stack[-1][5] & _REACH.get(number, 0):
                faults += 1
                close(_nearest(stack, _REACHED[number]))
            top = stack[-1]
            if (top[0] in _TABLE_CONTEXT and number not in _IN_TABLE) \
                    or (number in _TABLE_PARENTS and top[0] not in _TABLE_PARENTS[number]) \
                    or (number in _HEADINGS and top[0] in _HEADINGS) \
                    or (number in _NESTED_FORMATTING and open_count.get(number)) \
                    or (foreign and number in _BREAKOUT):
                faults += 1                 # the tree builder closes or moves elements here
            if (number in _VOID and not foreign) or (table[5 * index + 4] & SELF_CLOSING and foreign):
                continue
            if number == TEMPLATE and index in boundaries:
                if top[4] is None:
                    top[4] = {}
                top[4].setdefault(top[3], []).append((index, faults))
            reach = top[5]
            if number in _P_SCOPE:
                reach &= ~REACH_P
            if number in _LIST_ITEM_SCOPE:
                reach &= ~(REACH_LI | REACH_DD)
            stack.append([number, index, faults, 0, None, reach | _REACH.get(number, 0)])
            open_count[number] = open_count.get(number, 0) + 1
            if number in _FOREIGN:
                foreign += 1
        elif kind == END_TAG:
            top = stack[-1]
            if len(stack) > 1 and top[0] == number and (number or tokens.name(top[1]) == tokens.name(index)):
                if top[2] == faults and top[1] in segments:
                    ends[top[1]] = index
                close(len(stack) - 1)
            else:                           # it closes what was opened inside its own, or
                faults += 1                 # is stray (a heading's may close another's)
                if open_count.get(number):
                    close(_nearest(stack, (number,)))
        elif kind == COMMENT:
            top = stack[-1]
            if source[table[5 * index + 2]] == 47:      # "/$": a boundary ends
                searches = top[4]
                if searches and top[3] in searches:
                    for template, at in searches.pop(top[3]):
                        if at == faults:
                            fallbacks[template] = index
                top[3] -= 1
            else:                           # "$", "$?", "$!", "$~": one starts
                top[3] += 1
        elif kind == TEXT and stack[-1][0] in _TABLE_CONTEXT and not table[5 * index + 4] & WHITESPACE:
            faults += 1
    return ends, fallbacks


def _nearest(stack: list[list], numbers) -> int:
    """The depth of the open element nearest the top whose tag number is in
    ``numbers``, one that is open (what it closes pays for the search)."""
    depth = len(stack) - 1
    while stack[depth][0] not in numbers:
        depth -= 1
    return depth


def _read(count: int, filling: dict[int, int], ends: dict[int, int],
          fallbacks: dict[int, int]) -> tuple[list[int], set[int]]:
    """The tokens' indices in reading order, each segment of ``filling`` read once, at
    the first of its placeholders read; and the segments never read."""
    moved = {segment: ends[segment] for segment in filling.values()}
    marks = sorted([*filling, *moved])      # where reading leaves the written order
    order: list[int] = []
    placed: set[int] = set()
    pending = [(0, count)]
    while pending:
        index, stop = pending.pop()
        while index < stop:
            at = bisect_right(marks, index - 1)
            mark = marks[at] if at < len(marks) else count
            if mark > index:
                order.extend(range(index, min(mark, stop)))
                index = mark
            elif index in moved:            # a segment: read where its placeholder stands
                index = moved[index] + 1
            elif filling[index] in placed:  # a second placeholder of a segment read
                order.append(index)
                index += 1
            else:
                segment = filling[index]
                placed.add(segment)
                pending.append((fallbacks.get(index, index + 1) + 1, stop))
                index, stop = segment + 1, moved[segment]
    return order, set(moved) - placed
