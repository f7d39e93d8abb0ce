"""The records the builder produces: :class:`Element` (where a block sits in the page)
and :class:`Block` (one top-level Markdown block and the facts a selector needs)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Iterator

_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """The words of ``text`` as WCXB counts them: lower-cased ``\\w+`` runs. One
    tokenization for signatures, features, the main-heading rule and training labels."""
    return _WORD.findall(text.lower())

# Kinds of page chrome, the bits of Block.chrome. The drop rules (build.without_chrome)
# remove hidden blocks, and the blocks of each other kind unless they hold more than
# four fifths of the page's text; the selector sees them all and may keep some.
#: inside a page-level <header> or <footer> (no article, section, main, aside or nav ancestor)
CHROME_HEADER_FOOTER = 1
#: inside an element whose class or id names consent, ad or newsletter chrome
CHROME_CLASS = 2
#: inside a <form>
CHROME_FORM = 4
#: inside an element whose inline style leaves its text unseen (see build.invisible)
CHROME_INVISIBLE = 8
#: inside an <aside> that is not inside <main> or <article>
CHROME_ASIDE = 16
#: inside <nav>, on a page that leaves a <nav> unclosed (elsewhere <nav> is dropped
#: outright)
CHROME_NAV = 32
#: inside an element that its attributes hide (``hidden``, ``aria-hidden="true"``, an
#: inline ``display:none``: build.Builder.hidden_by) whose text makes blocks of its own
#: (build.Builder.hidden_candidate); other hidden elements are dropped outright
CHROME_HIDDEN = 64


@dataclass(slots=True, eq=False)
class Element:
    """An element of the page that holds blocks; parents are linked, never copied."""

    #: lower-case tag name, e.g. ``"div"``
    tag: str
    #: the ``id`` attribute, ``""`` when absent
    id: str
    #: the ``class`` attribute as written, ``""`` when absent
    classes: str
    #: the enclosing element, None for the outermost one (left out of ``repr()``)
    parent: Element | None = field(repr=False)
    #: number of open elements above this one (0 for the outermost)
    depth: int
    #: order of the start tag among all start tags of the page (0-based)
    serial: int

    def ancestors(self, limit: int = 32) -> Iterator[Element]:
        """This element, then its parents, nearest first, at most ``limit`` of them
        (a bound, because pages can nest elements a hundred thousand deep)."""
        element: Element | None = self
        while element is not None and limit > 0:
            yield element
            element = element.parent
            limit -= 1


@dataclass(slots=True, eq=False)
class Page:
    """Facts about the whole page, shared by its blocks (``Block.page``)."""

    #: the ``<title>`` text, white space collapsed (``""`` when absent)
    title: str = ""
    #: the page address the caller gave (None when unknown)
    url: str | None = None
    #: ``<meta property="og:type">`` (Open Graph), ``""`` when absent
    og_type: str = ""
    #: every JSON-LD ``@type`` found in ``application/ld+json`` scripts, in order
    ld_types: list[str] = field(default_factory=list)
    #: ``<meta>`` contents by lower-cased ``property``, ``name``, ``itemprop`` or
    #: ``http-equiv`` (the first of each; at most 256 keys of 4,096 characters)
    meta: dict[str, str] = field(default_factory=dict)
    #: ``<link rel="canonical">``'s ``href`` as written (``""`` when absent)
    canonical: str = ""
    #: ``<html lang>`` (``""`` when absent)
    lang: str = ""
    #: the text of each ``application/ld+json`` script outside hidden and dropped
    #: subtrees, in order (at most 32)
    json_ld: list[str] = field(default_factory=list)
    #: the ``datetime`` of the first 16 ``<time>`` elements outside dropped subtrees
    times: list[str] = field(default_factory=list)


@dataclass(slots=True, eq=False)
class Block:
    """One top-level Markdown block: a heading, a paragraph, a whole list, a whole block
    quote, a fenced code block, a table, an image or a thematic break."""

    #: the block's Markdown (CommonMark/GFM), without a trailing newline
    md: str
    #: ``"heading"``, ``"paragraph"``, ``"list"``, ``"quote"``, ``"code"``, ``"table"``,
    #: ``"image"`` or ``"thematic_break"``
    kind: str
    #: resolved link targets of the block, in document order
    links: list[str] = field(default_factory=list)
    #: characters of visible text (whitespace collapsed, markup excluded)
    text_chars: int = 0
    #: characters of that text that sit inside links (link density = this / text_chars)
    link_chars: int = 0
    #: 1–6 for a heading, else 0
    level: int = 0
    #: the innermost element that holds the block (for a list or quote: the outermost
    #: list or quote element itself)
    element: Element | None = field(default=None, repr=False)
    #: 0-based index of the block among the blocks built for the page, chrome
    #: included: the same in every list made from one conversion
    position: int = 0
    #: the kinds of page chrome the block sits in, ``CHROME_*`` bits (0: none)
    chrome: int = 0
    #: plain text of the block (whitespace collapsed), for features and the signature
    text: str = ""
    #: for a table: its cells' Markdown, row by row (kept to flatten nested tables)
    rows: list[list[str]] | None = None
    #: the page the block belongs to (shared by all its blocks)
    page: Page | None = field(default=None, repr=False)

    @property
    def sig(self) -> int:
        """A stable 64-bit signature of the block's normalized text: the lower-cased
        ``\\w+`` words joined by spaces, hashed with BLAKE2b (8 bytes, big-endian).
        Equal for blocks whose words are equal, on any machine and in any run."""
        import hashlib     # here: most runs never ask for a signature, and it costs start-up

        normalized = " ".join(words(self.text))
        return int.from_bytes(hashlib.blake2b(normalized.encode("utf-8"), digest_size=8).digest(), "big")
