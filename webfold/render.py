"""Blocks to the Markdown document."""

from __future__ import annotations

from webfold.block import Block


def render(blocks: list[Block]) -> str:
    """The Markdown document: the blocks' Markdown joined by one blank line, ending in
    one newline; ``""`` when there are no blocks.

    Parameters
    ----------
    blocks : list of Block
        Blocks as :func:`webfold.to_blocks` returns them (any subset, in any order).
    """
    if not blocks:
        return ""
    return "\n\n".join(block.md for block in blocks) + "\n"


def links(blocks: list[Block]) -> list[str]:
    """Every link target of every block, in order (resolved against the page address)."""
    return [target for block in blocks for target in block.links]
