"""Blocks to the Markdown document."""

from __future__ import annotations

import re

from webfold.block import Block, check_blocks, description_part
from webfold.tables import FORMATTING_ELEMENTS

# A top-level list item's marker: lists are written with nothing before their items'
# markers, and every other line of a list block is indented.
_TOP_MARKER = re.compile(r"^(?:([-*])|(\d{1,9})([.)])) ", re.MULTILINE)
_OTHER = {"-": "*", "*": "-", ".": ")", ")": "."}


def _list_id(block: Block) -> int:
    # The list a list block belongs to: its element, or the list holding its item,
    # past the formatting elements a browser opens again between them (a link that an
    # item's end closed opens around the next item: <ol><a><li>).
    element = block.element
    if element is not None and element.tag == "li" and element.parent is not None:
        for element in element.parent.ancestors():     # (at most 32)
            if element.tag not in FORMATTING_ELEMENTS:
                break
    return element.serial if element is not None else -1


def _delimiter(block: Block) -> str:
    found = _TOP_MARKER.match(block.md)
    return (found.group(1) or found.group(3)) if found else ""


def _follows_its_list(block: Block, previous: Block | None) -> bool:
    # Whether the block before a description's first paragraph is a term's or a
    # description's of the same <dl> (the nearest one around the description), as
    # Markdown Extra reads ": " after it.
    element = block.element
    found = next((e.serial for e in element.ancestors() if e.tag == "dl"), None) if element else None
    if found is None or previous is None or previous.element is None:
        return False
    return bool(description_part(previous.element, found))


def _switch(markdown: str) -> str:
    return _TOP_MARKER.sub(lambda m: (_OTHER[m.group(1)] if m.group(1)
                                      else m.group(2) + _OTHER[m.group(3)]) + " ", markdown)


def render(blocks: list[Block]) -> str:
    """The Markdown document: the blocks' Markdown joined by one blank line, ending in
    one newline; ``""`` when there are no blocks.

    Parameters
    ----------
    blocks : list of Block
        Blocks as :func:`webfold.to_blocks` returns them (any subset, in any order).
        Two lists that end up next to each other get different delimiters, so they
        stay two lists.

    Raises
    ------
    TypeError
        ``blocks`` is not a list or tuple.
    """
    check_blocks(blocks, "render")
    if not blocks:
        return ""
    return "\n\n".join(written(blocks)) + "\n"


def written(blocks: list[Block]) -> list[str]:
    """Each block's Markdown as :func:`render` writes it, one string per block: a list
    that now touches another list (a block between them was left out) takes the other
    delimiter, as the two would otherwise read as one (CommonMark §5.3); a
    description's first paragraph (its Markdown starts with ``: ``, which text never
    does: it is escaped) loses the ``: `` where the block before it is no longer a term
    or description of its list (left out by selection or the drop rules), since
    Markdown Extra would read that block as its term."""
    pieces = []
    previous: Block | None = None
    delimiter_written = ""
    for block in blocks:
        delimiter = _delimiter(block) if block.kind == "list" else ""
        switched = bool(delimiter) and previous is not None and previous.kind == "list" \
            and delimiter == delimiter_written and _list_id(block) != _list_id(previous)
        if block.md.startswith(": ") and not _follows_its_list(block, previous):
            pieces.append(block.md[2:])
        else:
            pieces.append(_switch(block.md) if switched else block.md)
        delimiter_written = _OTHER[delimiter] if switched else delimiter
        previous = block
    return pieces


def links(blocks: list[Block]) -> list[str]:
    """Every link target of every block, in order (resolved against the page address).

    Raises
    ------
    TypeError
        ``blocks`` is not a list or tuple.
    """
    check_blocks(blocks, "links")
    return [target for block in blocks for target in block.links]
