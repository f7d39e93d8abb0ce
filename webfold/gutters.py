"""Line-number gutters: the column of numbers that code viewers set beside a code
block, written as text of its own before the code.

Hugo's Chroma (``<table class="lntable">``, a cell of numbers and a cell of code),
Pygments' and Rouge's table line numbers, Hexo's ``<td class="gutter">`` and
hand-made viewers (a ``<ul>`` of ``<li>1</li><li>2</li>…`` beside the ``<pre>``) all
put the numbers in an element before the code's. A reader sees them as the code's
margin and copies only the code; written as Markdown they are a code block or a list
of bare numbers ahead of it, which no reader of the page would write down.
"""

from __future__ import annotations

from webfold.block import Block

#: The gutter's element and the code's meet at most this many levels up from each:
#: siblings (a ``<ul>`` beside the ``<pre>``) meet one level up, the cells of a table
#: row (``<td><pre>`` beside ``<td><pre>``) two, a ``<div>`` around each cell's
#: ``<pre>`` three.
REACH = 3
#: The most digits a line number has: a file of a billion lines has ten. (Longer
#: runs of digits are no line numbers, and Python refuses to read one of over 4,300
#: digits as an int.)
MAX_DIGITS = 10
#: The kinds of block that a gutter is built as: ``<pre>`` numbers, a list's items,
#: or ``<br>``-separated lines.
GUTTER_KINDS = ("code", "list", "paragraph")


def line_numbers(block: Block) -> int:
    """How many numbers ``block``'s text holds when it holds nothing else and they
    count up by one (``1 2 3``, or ``40 41 42`` for an excerpt); 0 otherwise, and for
    a single number, which is no gutter."""
    tokens = block.text.split()
    if len(tokens) < 2 or not all(len(token) <= MAX_DIGITS and token.isascii() and token.isdigit()
                                  for token in tokens):
        return 0
    first = int(tokens[0])
    return len(tokens) if all(int(token) == first + step for step, token in enumerate(tokens)) else 0


def is_gutter(block: Block, code: Block) -> bool:
    """Whether ``block``, the block written just before the code block ``code``, is
    its line-number gutter: only numbers counting up by one (:func:`line_numbers`),
    as many as ``code`` has lines, in an element that meets ``code``'s within
    :data:`REACH` levels (so a list of numbers elsewhere on the page is never one)."""
    if block.kind not in GUTTER_KINDS or code.kind != "code" or block.element is None or code.element is None:
        return False
    if line_numbers(block) != code.text.count("\n") + 1:
        return False
    near = set(map(id, block.element.ancestors(REACH + 1)))
    return any(id(element) in near for element in code.element.ancestors(REACH + 1))
