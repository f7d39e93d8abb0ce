"""HTML tables to GFM pipe tables, or unwrapped when they only lay the page out.

The grid follows the HTML table model (WHATWG HTML §4.9.12, "forming a table"):
``colspan`` and ``rowspan`` are expanded (the text stays in the first slot, the
spanned slots are empty), ``colspan`` is clamped to 1,000 and ``rowspan`` to 65,534
and to the rows that exist, and short rows are padded so the grid is rectangular.
The output is a GFM pipe table (GFM spec §4.10): one header row, a delimiter row,
``|`` in cell text escaped, line breaks in a cell written as ``<br>``.
"""

from __future__ import annotations

from webfold.block import Block
from webfold.markdown import unescape_line_start

MAX_COLSPAN = 1000
MAX_ROWSPAN = 65534
#: A grid may have this many slots per cell (and 100,000 in any case); past that the
#: spans, not the cells, make the table (rowspans that widen every row below them, or
#: colspans of a thousand), and it is unwrapped, so that its Markdown grows with the
#: input, not with its square.
SLOTS_PER_CELL = 64
MIN_SLOT_BUDGET = 100_000
#: Cells holding blocks of these kinds make a table a layout table.
LAYOUT_KINDS = frozenset({"heading", "list", "quote", "code", "thematic_break"})


class Cell:
    """One ``td`` or ``th``: its blocks and spans."""

    __slots__ = ("blocks", "colspan", "rowspan", "header")

    def __init__(self, blocks: list[Block], colspan: int = 1, rowspan: int = 1, header: bool = False) -> None:
        self.blocks = blocks
        self.colspan = colspan
        self.rowspan = rowspan
        self.header = header


class Table:
    """The rows of one ``<table>`` as the builder meets them."""

    __slots__ = ("rows", "head_rows", "caption")

    def __init__(self) -> None:
        self.rows: list[list[Cell]] = []
        #: rows that came from ``<thead>`` (indices into ``rows``, empty rows counted)
        self.head_rows: set[int] = set()
        self.caption: list[Block] = []

    def is_layout(self) -> bool:
        """True when the table only arranges the page: one column, or a cell holding a
        heading, a list, a quote, code or several paragraphs."""
        columns = 0
        for row in self.rows:
            width = sum(cell.colspan for cell in row)
            columns = max(columns, width)
            for cell in row:
                prose = 0
                for block in cell.blocks:
                    if block.kind in LAYOUT_KINDS:
                        return True
                    if block.kind == "paragraph":
                        prose += 1
                if prose > 1:
                    return True
        return columns <= 1

    def grid(self) -> list[list[str]] | None:
        """The table as a rectangle of cell Markdown strings (spans expanded), header
        row first (the first ``<thead>`` row, else the first row: GFM tables have
        exactly one); rows with no text are left out after spans are laid. None when
        the grid would pass its budget of slots (:data:`SLOTS_PER_CELL`)."""
        grid: list[list[str]] = []
        covered: dict[int, int] = {}        # column -> rows below that a rowspan still covers
        limit = max(MIN_SLOT_BUDGET, SLOTS_PER_CELL * sum(len(row) for row in self.rows))
        laid = 0                            # slots laid so far: a wide grid stops early
        for index, row in enumerate(self.rows):
            line: list[str] = []
            rows_left = len(self.rows) - index
            for cell in row:
                while covered.get(len(line), 0) > 0:
                    covered[len(line)] -= 1
                    line.append("")
                rowspan = rows_left if cell.rowspan == 0 else min(cell.rowspan, rows_left)
                line.append(cell_text(cell.blocks))
                line.extend([""] * (cell.colspan - 1))
                if rowspan > 1:
                    for column in range(len(line) - cell.colspan, len(line)):
                        covered[column] = rowspan - 1
            for column in sorted(c for c, rows in covered.items() if rows > 0 and c >= len(line)):
                line.extend([""] * (column - len(line) + 1))
                covered[column] -= 1
            covered = {column: rows for column, rows in covered.items() if rows > 0}
            grid.append(line)
            laid += len(line)
            if laid > limit:
                return None
        width = max((len(line) for line in grid), default=0)
        if width * len(grid) > limit:       # short rows are padded to the widest
            return None
        for line in grid:
            line.extend([""] * (width - len(line)))
        header = min(self.head_rows) if self.head_rows else 0
        ordered = [grid[header]] + grid[:header] + grid[header + 1:] if grid else grid
        return [line for line in ordered if any(line)]


def cell_text(blocks: list[Block]) -> str:
    """One line of cell Markdown from a cell's blocks: hard breaks and separate blocks
    become ``<br>``; a nested table is flattened, its cells joined by spaces."""
    lines: list[str] = []
    for block in blocks:
        if block.rows is not None:
            lines.extend(" ".join(c for c in row if c) for row in block.rows)
        else:
            # (each line of a block starts no line here: no block-start escape)
            lines.extend(unescape_line_start(line).replace("\n", " ") for line in block.md.split("\\\n"))
    pieces: list[str] = []
    for line in lines:
        if line:
            if pieces:
                # A delimiter run after "<br>" follows punctuation, so it may close
                # emphasis opened before the break ("***a*<br>*(b)* c**" showed "**";
                # breaker of session 33); after white space it only opens.
                pieces.append("<br> " if line[0] in "*_~" else "<br>")
            pieces.append(line)
    return "".join(pieces).replace("|", "\\|")


def pipe_table(grid: list[list[str]]) -> str:
    """A GFM pipe table from a rectangular grid whose first row is the header."""
    rows = grid
    lines = [pipe_row(rows[0]), "|" + "|".join(" --- " for _ in rows[0]) + "|"]
    lines.extend(pipe_row(row) for row in rows[1:])
    return "\n".join(lines)


def pipe_row(cells: list[str]) -> str:
    """One row of a GFM pipe table from its cells' Markdown (``|`` already escaped)."""
    return "| " + " | ".join(cells) + " |"
