"""Line-number gutters: the column of numbers that code viewers set beside a code
block, written as text of its own before the code.

Hugo's Chroma (``<table class="lntable">``, a ``td.lntd`` of numbers and one of code),
Pygments' table line numbers (``td.linenos``), Rouge's and Hexo's ``td.gutter`` and
hand-made viewers (a ``<ul class="select-none">`` of ``<li>1</li><li>2</li>…`` beside
the ``<pre>``) all put the numbers in an element before the code's. A reader sees them
as the code's margin and copies only the code; written as Markdown they are a code
block or a list of bare numbers ahead of it, which no reader of the page would write
down. Numbers that only stand before code (a list of ports, a program's output, a
year per line, the input beside a program's output in a table) are content: a gutter
is told from them by the class that names it.
"""

from __future__ import annotations

from webfold.block import CHROME_HIDDEN, CHROME_INVISIBLE, Block

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
#: Class tokens that name a gutter, on the numbers' element or one around it below
#: where it meets the code's: Chroma's ``lntd``, ``lnt`` and ``ln``, Pygments'
#: ``linenos`` and ``linenodiv``, Rouge's and Hexo's ``gutter`` and ``lineno``, and
#: the words of hand-made ones (Tailwind's ``select-none``: numbers a reader cannot
#: select, so never copies with the code).
GUTTER_TOKENS = frozenset({
    "gutter", "lineno", "linenos", "linenodiv", "lntd", "lnt", "ln", "line-numbers", "line-number",
    "linenumber", "linenumbers", "numbers", "select-none", "hljs-ln-numbers", "code-line-numbers"})
#: Of those, the generic words, which mark other numbers too: a gutter named by them
#: alone is no gutter right after a code block beside it (a sibling), whose output it
#: is then (a ``<pre class="select-none">`` of ``seq 3``'s ``1 2 3``: newcomer of
#: session 36); after the code of another viewer, it is this one's.
GENERIC_GUTTER_TOKENS = frozenset({"numbers", "select-none"})
#: Of those, the ones that name line numbers inside the code itself, where generic
#: words ("numbers", a number a reader cannot select) may mark real values.
IN_CODE_TOKENS = frozenset({"gutter", "lineno", "linenos", "linenodiv", "lntd", "lnt", "ln", "line-number",
                            "linenumber", "hljs-ln-numbers", "code-line-numbers"})
#: Class tokens of the tables that highlighters write for line numbers (Pygments'
#: ``highlighttable``, Chroma's ``lntable``, Rouge's ``rouge-table``).
NUMBERED_TABLE_TOKENS = frozenset({"highlighttable", "lntable", "rouge-table"})
#: Lines a gutter may number past the code's last: the trailing blank lines that the
#: code block leaves out.
TRAILING_LINES = 2


def names_gutter(classes: str) -> bool:
    """Whether the ``class`` attribute of an element inside preformatted text holds a
    token of :data:`IN_CODE_TOKENS`."""
    return any(token in IN_CODE_TOKENS for token in classes.lower().split())


def numbered_table(classes: str) -> bool:
    """Whether a ``<table>``'s ``class`` attribute names a highlighter's table of line
    numbers and code (:data:`NUMBERED_TABLE_TOKENS`)."""
    return any(token in NUMBERED_TABLE_TOKENS for token in classes.lower().split())


def only_numbers(text: str) -> bool:
    """Whether ``text`` is numbers of at most :data:`MAX_DIGITS` digits and white space,
    and at least one number: what an element of line numbers inside preformatted text
    holds (Chroma's ``<span class="ln">12</span>``, Pygments' ``<span
    class="linenos"> 9</span>``, the ``<td class="gutter">`` of a Rouge table that
    Jekyll writes inside ``<pre>``)."""
    tokens = text.split()
    return bool(tokens) and all(len(token) <= MAX_DIGITS and token.isascii() and token.isdigit()
                                for token in tokens)


def line_numbers(block: Block) -> int:
    """How many numbers ``block``'s text holds when it holds nothing else
    (:func:`only_numbers`) and they count up by one (``1 2 3``, or ``40 41 42`` for an
    excerpt); 0 otherwise."""
    if not only_numbers(block.text):
        return 0
    tokens = block.text.split()
    first = int(tokens[0])
    if any(int(token) != first + step for step, token in enumerate(tokens)):
        return 0
    return len(tokens)


def is_gutter(block: Block, code: Block, before: Block | None = None) -> bool:
    """Whether ``block``, written before the code block ``code`` and as seen as it (both
    shown, or both hidden), is its line-number gutter: only numbers counting up by one
    (:func:`line_numbers`), no image, as many as ``code`` has lines (or up to
    :data:`TRAILING_LINES` more), in an element that meets ``code``'s within
    :data:`REACH` levels (or both within that of the top), named a gutter by a class
    (:data:`GUTTER_TOKENS`) below the meeting point; by a generic one
    (:data:`GENERIC_GUTTER_TOKENS`) only when ``before``, the block written before it
    (None: none), is no code block beside it. One number alone is a gutter as viewers
    write it beside a line of code: a code block of any number in an element of a
    viewer's own class (an excerpt from line 40), a code block of 1 of a generic
    class, or the 1 of a viewer's own class outside a ``<pre>`` (GitLab's linked
    "1"). A number of a generic class outside a ``<pre>`` is a step's badge, and a
    ``<pre>`` of another number of such a class a command's output ("42"; newcomer and
    breakers of session 36)."""
    if block.kind not in GUTTER_KINDS or code.kind != "code" or "![" in block.md \
            or (block.chrome ^ code.chrome) & (CHROME_HIDDEN | CHROME_INVISIBLE):
        return False
    gutter, source = block.element, code.element
    if gutter is None or source is None or block.kind == "list" and gutter.tag not in ("ul", "ol"):
        return False
    count = line_numbers(block)
    lines = code.text.count("\n") + 1
    if not lines <= count <= lines + TRAILING_LINES:
        return False
    own = list(gutter.ancestors(REACH + 1))
    theirs = set(map(id, source.ancestors(REACH + 1)))
    meeting = next((level for level, element in enumerate(own) if id(element) in theirs), None)
    if meeting is None:
        if len(own) > REACH or len(theirs) > REACH:
            return False
        meeting = len(own)      # both near the top: they meet at the document
    tokens = {token for element in own[:meeting] for token in element.classes.lower().split()} & GUTTER_TOKENS
    if not tokens:
        return False
    generic = tokens <= GENERIC_GUTTER_TOKENS
    if count == 1 and (int(block.text) != 1 and (generic or block.kind != "code")
                       or generic and block.kind != "code"):
        return False
    return not (generic and before is not None and before.kind == "code"
                and not (before.chrome ^ code.chrome) & (CHROME_HIDDEN | CHROME_INVISIBLE)
                and _siblings(before.element, gutter))


def _siblings(one, other) -> bool:
    """Whether two elements (None: unknown) have the same parent."""
    return one is not None and one.parent is not None and other.parent is not None \
        and one.parent.serial == other.parent.serial
