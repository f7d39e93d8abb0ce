"""Splitting Markdown into chunks of bounded size, for retrieval and model context windows."""

from __future__ import annotations

import re

from webfold.block import Block

_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


def chunks(blocks: list[Block], limit: int) -> list[str]:
    """The blocks' Markdown cut into chunks of at most ``limit`` characters.

    Chunks end at block boundaries, never right after a heading (a heading goes with
    the block that follows it); a block longer than ``limit`` is cut at line
    boundaries, then sentence boundaries, then (a single sentence still too long) every
    ``limit`` characters. Blocks inside one chunk are joined by a blank line, as in
    :func:`webfold.render`. Splitting a block may break its Markdown (a list or a
    fenced code block cut in two); each chunk still holds every character of text.

    Raises
    ------
    ValueError
        ``limit`` is below 1.
    """
    if limit < 1:
        raise ValueError(f"chunk size must be at least 1 character, not {limit}")
    pieces: list[str] = []
    heading = ""
    for block in blocks:
        if block.kind == "heading":       # a heading stays with the block it heads
            heading = heading + block.md + "\n\n"
            continue
        pieces.extend(_split(heading + block.md, limit))
        heading = ""
    if heading:
        pieces.extend(_split(heading.rstrip("\n"), limit))
    return _pack(pieces, "\n\n", limit)


def _pack(pieces: list[str], separator: str, limit: int) -> list[str]:
    """Consecutive pieces joined by ``separator`` into as few chunks of at most
    ``limit`` characters as keeping their order allows (each piece fits alone)."""
    out: list[str] = []
    current = ""
    for piece in pieces:
        if current and len(current) + len(separator) + len(piece) <= limit:
            current += separator + piece
        else:
            if current:
                out.append(current)
            current = piece
    if current:
        out.append(current)
    return out


def _split(text: str, limit: int) -> list[str]:
    """``text`` cut into pieces of at most ``limit`` characters: at lines, else at
    sentences, else every ``limit`` characters."""
    if len(text) <= limit:
        return [text]
    for separator, parts in (("\n", text.split("\n")), (" ", _SENTENCE_END.split(text))):
        if len(parts) > 1:
            pieces = [piece for part in parts for piece in _split(part, limit)]
            return _pack(pieces, separator, limit)
    return [text[start:start + limit] for start in range(0, len(text), limit)]
