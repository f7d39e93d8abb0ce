"""The records the builder produces: :class:`Element` (where a block sits in the page)
and :class:`Block` (one top-level Markdown block and the facts a selector needs)."""

from __future__ import annotations

import re
from collections.abc import Iterator

_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """The words of ``text`` as WCXB counts them: lower-cased ``\\w+`` runs. One
    tokenization for signatures, features, the main-heading rule and training labels."""
    return _WORD.findall(text.lower())

def check_blocks(blocks: object, function: str) -> None:
    """Raise ``TypeError`` (naming ``function``) unless ``blocks`` is a list or tuple,
    what the functions that take a page's blocks take. Its items are read as blocks
    are: an object with a block's attributes will do."""
    if not isinstance(blocks, (list, tuple)):
        raise TypeError(f"{function}() takes a list of blocks, not {type(blocks).__name__}")

# Kinds of page chrome, the bits of Block.chrome. The drop rules (build.without_chrome)
# remove hidden blocks, and the blocks of each other kind unless they hold more than
# four fifths of the page's text (beside the dialogs that are windows over the page);
# the selector sees them all and may keep some.
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
#: with ``CHROME_HIDDEN``: a closed disclosure or tab panel, which a control on the page
#: shows with one click, as it shows the body of a closed ``<details>``
#: (build.Builder.closed_panel: the first element of an id after a shown control that
#: names it in ``aria-controls``, a ``role="tabpanel"`` on a page with a shown tab,
#: ``hidden="until-found"``). The drop rules remove it as hidden; selection may keep it
#: (select.unseen)
CHROME_PANEL = 128
#: inside a dialog: an element of WAI-ARIA role ``dialog`` or ``alertdialog``, with
#: ``aria-modal="true"``, or a popover (build.Builder.chrome_kinds) whose text makes
#: blocks of its own (build.Builder.hidden_candidate): a window over the page, such as
#: a policy, a size guide, a sign-up form or a cart. Not a kind that the drop rules
#: judge: main-content selection leaves it out (select.choose)
CHROME_DIALOG = 256


class Element:
    """An element of the page that holds blocks; parents are linked, never copied.

    A plain class rather than a dataclass, like the other records of the conversion
    path: importing :mod:`dataclasses` costs a command-line run a tenth of its start-up.
    """

    __slots__ = ("tag", "id", "classes", "parent", "depth", "serial")

    def __init__(self, tag: str, id: str, classes: str, parent: Element | None, depth: int,
                 serial: int) -> None:
        #: lower-case tag name, e.g. ``"div"``
        self.tag = tag
        #: the ``id`` attribute, ``""`` when absent
        self.id = id
        #: the ``class`` attribute as written, ``""`` when absent
        self.classes = classes
        #: the enclosing element, None for the outermost one
        self.parent = parent
        #: number of open elements above this one (0 for the outermost)
        self.depth = depth
        #: order of the start tag among all start tags of the page (0-based)
        self.serial = serial

    def __repr__(self) -> str:
        return f"Element(tag={self.tag!r}, id={self.id!r}, classes={self.classes!r}, depth={self.depth})"

    def ancestors(self, limit: int = 32) -> Iterator[Element]:
        """This element, then its parents, nearest first, at most ``limit`` of them
        (a bound, because pages can nest elements a hundred thousand deep)."""
        element: Element | None = self
        while element is not None and limit > 0:
            yield element
            element = element.parent
            limit -= 1


def description_part(element: Element, serial: int) -> str | None:
    """The part of the description list (<dl>) whose ``Element.serial`` is ``serial``
    that holds ``element`` (itself included): ``"dt"`` or ``"dd"``, the one directly in
    the list; ``""`` when ``element`` is in the list but in neither; None when it is not
    in the list, as far as 32 ancestors tell (``Element.ancestors``)."""
    part = ""
    for ancestor in element.ancestors():
        if ancestor.serial == serial:
            return part
        if ancestor.tag == "dt" or ancestor.tag == "dd":
            part = ancestor.tag
    return None


class Page:
    """Facts about the whole page, shared by its blocks (``Block.page``)."""

    __slots__ = ("title", "url", "og_type", "ld_types", "meta", "canonical", "lang", "json_ld", "times", "base")

    def __init__(self, title: str = "", url: str | None = None, og_type: str = "",
                 ld_types: list[str] | None = None, meta: dict[str, str] | None = None, canonical: str = "",
                 lang: str = "", json_ld: list[str] | None = None, times: list[str] | None = None) -> None:
        #: the ``<title>`` text, white space collapsed (``""`` when absent)
        self.title = title
        #: the page address the caller gave (None when unknown)
        self.url = url
        #: ``<meta property="og:type">`` (Open Graph), ``""`` when absent
        self.og_type = og_type
        #: every JSON-LD ``@type`` found in ``application/ld+json`` scripts, in order
        self.ld_types = [] if ld_types is None else ld_types
        #: ``<meta>`` contents by lower-cased ``property``, ``name``, ``itemprop`` or
        #: ``http-equiv`` (the first of each; at most 256 keys of 4,096 characters)
        self.meta = {} if meta is None else meta
        #: ``<link rel="canonical">``'s ``href`` as written (``""`` when absent)
        self.canonical = canonical
        #: ``<html lang>`` (``""`` when absent)
        self.lang = lang
        #: the text of each ``application/ld+json`` script outside hidden and dropped
        #: subtrees, in order (at most 32)
        self.json_ld = [] if json_ld is None else json_ld
        #: the ``datetime`` of the first 16 ``<time>`` elements outside dropped subtrees
        self.times = [] if times is None else times
        #: the document's base URL, from its first ``<base href>`` (resolved against
        #: ``url``), or None when it has none that is read: what its links and its
        #: canonical address resolve against, in place of ``url``
        self.base: str | None = None

    def __repr__(self) -> str:
        return f"Page(title={self.title!r}, url={self.url!r})"


class Block:
    """One top-level Markdown block: a heading, a paragraph, a whole list, a whole block
    quote, a fenced code block, a table, an image or a thematic break."""

    __slots__ = ("md", "kind", "links", "text_chars", "link_chars", "level", "element", "position",
                 "chrome", "text", "rows", "page")

    def __init__(self, md: str, kind: str, links: list[str] | None = None, text_chars: int = 0,
                 link_chars: int = 0, level: int = 0, element: Element | None = None,
                 position: int = 0, chrome: int = 0, text: str = "",
                 rows: list[list[str]] | None = None, page: Page | None = None) -> None:
        #: the block's Markdown (CommonMark/GFM), without a trailing newline
        self.md = md
        #: ``"heading"``, ``"paragraph"``, ``"list"``, ``"quote"``, ``"code"``, ``"table"``,
        #: ``"image"`` or ``"thematic_break"``
        self.kind = kind
        #: resolved link targets of the block, in document order
        self.links = [] if links is None else links
        #: characters of visible text (whitespace collapsed, markup excluded); for a
        #: list or quote, the sum of its leaves' (the spaces that join them in ``text``
        #: are not counted)
        self.text_chars = text_chars
        #: characters of that text that sit inside links (link density = this / text_chars)
        self.link_chars = link_chars
        #: 1–6 for a heading, else 0
        self.level = level
        #: the innermost element that holds the block (for a list or quote: the outermost
        #: list or quote element itself)
        self.element = element
        #: 0-based index of the block among the blocks built for the page, chrome
        #: included: the same in every list made from one conversion
        self.position = position
        #: the kinds of page chrome the block sits in, ``CHROME_*`` bits (0: none)
        self.chrome = chrome
        #: plain text of the block (whitespace collapsed), for features and the signature
        self.text = text
        #: for a table: its cells' Markdown, row by row (kept to flatten nested tables)
        self.rows = rows
        #: the page the block belongs to (shared by all its blocks)
        self.page = page

    def __repr__(self) -> str:
        return (f"Block(md={self.md!r}, kind={self.kind!r}, text_chars={self.text_chars}, "
                f"link_chars={self.link_chars}, level={self.level}, position={self.position}, "
                f"chrome={self.chrome})")

    @property
    def sig(self) -> int:
        """A stable 64-bit signature of the block's normalized text: the lower-cased
        ``\\w+`` words joined by spaces, hashed with BLAKE2b (8 bytes, big-endian).
        Equal for blocks whose words are equal, on any machine and in any run."""
        import hashlib     # here: most runs never ask for a signature, and it costs start-up

        normalized = " ".join(words(self.text))
        return int.from_bytes(hashlib.blake2b(normalized.encode("utf-8"), digest_size=8).digest(), "big")
