"""Where the stages meet: bytes → decode → scan (tokens) → build (blocks) → render."""

from __future__ import annotations


from webfold._scan import Tokens, scan_bytes
from webfold.block import Block, Page
from webfold.build import Builder, without_chrome
from webfold.classify import thin
from webfold.decode import decode
from webfold.errors import InputTooLargeError
from webfold.locks import ForkSafeLock
from webfold.payloads import payload_html
from webfold.render import render
from webfold.select import select_main, unseen
from webfold.urls import Resolver

# Type checkers read this block (they treat a TYPE_CHECKING constant as true); the
# runtime skips it, since importing typing or the metadata reader costs start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from webfold.metadata import Metadata

#: Larger inputs are refused unless the caller raises the limit: 200 MB, about 60
#: times the largest page in the WCXB development split.
MAX_INPUT_BYTES = 200_000_000

#: Build again with ``<noscript>`` kept when its markup (bytes) is more than this many
#: times the text (characters) found outside it. Markup runs 3 to 10 times the size
#: of the text it holds, so 4 means "probably more text in there than outside".
NOSCRIPT_SHARE = 4


def to_blocks(html: str | bytes, base: str | None = None, *, charset: str | None = None,
              images: bool = True, max_input_bytes: int = MAX_INPUT_BYTES, safe_links: bool = False,
              data_images: bool = False, chrome: bool = False) -> list[Block]:
    """The page's content blocks, in document order: those the drop rules keep, or
    with ``chrome`` every block built, page chrome included.

    Parameters
    ----------
    html : str or bytes
        The page. Bytes are decoded as a browser does (see :mod:`webfold.decode`).
    base : str, optional
        The page address; relative link and image targets resolve against it (and
        against ``<base href>``, itself resolved against it). Without it, targets are
        written as they appear.
    charset : str, optional
        An encoding label from outside the page (an HTTP header), for bytes input.
    images : bool, default True
        Keep images; False drops them.
    max_input_bytes : int, default 200,000,000
        Refuse larger inputs (counted in UTF-8 bytes after decoding).
    safe_links : bool, default False
        For output that readers or programs will follow: drop link and image targets
        with a ``javascript:``, ``vbscript:``, ``data:`` or ``file:`` scheme (a link
        keeps its text; an image goes) and write protocol-relative targets with
        ``https:``. By default targets are written as the page has them.
    data_images : bool, default False
        Write images whose only source is a ``data:image/`` URL (even with
        ``safe_links``). By default they are left out: most are the stand-ins of lazy
        loading, and each puts its image into the text as base64.
    chrome : bool, default False
        Also return the blocks of page chrome, marked in ``Block.chrome``: hidden
        blocks, page headers and footers, asides, forms, consent and ad chrome. This is
        what :func:`webfold.select_main` was trained on; by default the drop rules
        remove them (:func:`webfold.build.without_chrome`).

    Returns
    -------
    list of Block

    Raises
    ------
    TypeError
        ``html`` is not ``str`` or ``bytes``, ``base`` or ``charset`` is not ``str`` or
        None, or ``max_input_bytes`` is not ``int`` (a ``bool`` is not taken for one).
    ValueError
        ``max_input_bytes`` is negative.
    InputTooLargeError
        The input is larger than ``max_input_bytes``.
    """
    blocks = _build(html, base, charset, images, max_input_bytes, safe_links, data_images, chrome)[0]
    return blocks if chrome else without_chrome(blocks)


def document_base(html: str | bytes, base: str | None = None) -> str | None:
    """The document's base URL as the converter reads the page (HTML §2.4.1): its
    first ``<base href>`` that counts, resolved against ``base`` (the page address),
    or None when it has none (see :meth:`webfold.build.Builder.base`). The page is
    converted to find it.

    Raises
    ------
    TypeError, InputTooLargeError
        As :func:`to_blocks`.
    """
    return _build(html, base, None, False, MAX_INPUT_BYTES)[1].base


def _build(html: str | bytes, base: str | None, charset: str | None, images: bool,
           max_input_bytes: int, safe_links: bool = False, data_images: bool = False,
           hidden_blocks: bool = True) -> tuple[list[Block], Page]:
    """Every block of :func:`to_blocks` (chrome included; hidden blocks only with
    ``hidden_blocks``: see :class:`webfold.build.Builder`) and the page's facts."""
    if base is not None and not isinstance(base, str):
        raise TypeError(f"base must be str or None, not {type(base).__name__}")
    if charset is not None and not isinstance(charset, str):
        raise TypeError(f"charset must be str or None, not {type(charset).__name__}")
    if not isinstance(max_input_bytes, int) or isinstance(max_input_bytes, bool):
        raise TypeError(f"max_input_bytes must be int, not {type(max_input_bytes).__name__}")
    if max_input_bytes < 0:
        raise ValueError(f"max_input_bytes must be at least 0, not {max_input_bytes}")
    if isinstance(html, (bytes, bytearray)) and len(html) > max_input_bytes:
        raise InputTooLargeError(f"input is {len(html):,} bytes, over the limit of {max_input_bytes:,}")
    decoded = decode(html, charset)
    if len(decoded.utf8) > max_input_bytes:
        raise InputTooLargeError(
            f"input is {len(decoded.utf8):,} bytes as UTF-8, over the limit of {max_input_bytes:,}")
    tokens = scan_bytes(decoded.utf8)
    policy = {"safe_links": safe_links, "data_images": data_images, "hidden_blocks": hidden_blocks}
    builder, blocks = _built(tokens, base, images, policy)
    if builder.unclosed_nav or builder.saw_nav and not _shows_text(blocks):
        # The unclosed <nav> holds the rest of the page (browsers show it), or the
        # page is all navigation: build again with navigation as chrome, removed
        # only when it holds little.
        builder, blocks = _built(tokens, base, images, policy, keep_nav=True)
    page = builder.page
    if builder.noscript_bytes and builder.noscript_bytes > NOSCRIPT_SHARE * _visible_chars(blocks):
        # Much more markup in <noscript> than text outside it: a page (Discourse, for
        # one) that serves its content to readers without scripts there.
        scripted, with_noscript = _built(tokens, base, images, policy, keep_noscript=True, keep_nav=builder.keep_nav)
        if _visible_chars(with_noscript) > 2 * _visible_chars(blocks):
            # its facts too: its blocks' page, whose base a <noscript> may set
            # (webfold.crawl.page_links resolves against it; breaker of session 41)
            blocks, page = with_noscript, scripted.page
    if builder.payloads and thin(without_chrome(blocks)):
        blocks = _with_payloads(blocks, builder, images, policy)
    return blocks, page


def _built(tokens: Tokens, base: str | None, images: bool, policy: dict, **variant) -> tuple[Builder, list[Block]]:
    """A :class:`~webfold.build.Builder` of these options that has built the page, and
    its blocks. Where the page's first ``<base href>`` came after links that it
    resolves (``Builder.late_base``: the links, and the ``<base>``, that a build reads
    depend on its options), the page is built again with that base from the start, as
    browsers resolve every link against the document's base URL (HTML §2.4.1)."""
    builder = Builder(tokens, base, images, **policy, **variant)
    blocks = builder.run()
    if builder.late_base is not None:
        builder = Builder(tokens, base, images, **policy, **variant, document_base=builder.late_base)
        blocks = builder.run()
    return builder, blocks


def _shows_text(blocks: list[Block]) -> bool:
    """Whether the drop rules keep any text. A block outside all chrome answers at
    once (the rules never drop one), so the rules run only on pages of chrome alone."""
    return any(block.text_chars and not block.chrome for block in blocks) or _visible_chars(blocks) > 0


def _visible_chars(blocks: list[Block]) -> int:
    """The text characters of the blocks that the drop rules keep."""
    return sum(block.text_chars for block in without_chrome(blocks))


def _with_payloads(blocks: list[Block], builder: Builder, images: bool, policy: dict) -> list[Block]:
    """A thin page's blocks followed by those made from its payloads (see
    :mod:`webfold.payloads`)."""
    documents = payload_html([(kind, builder.tokens.text(start, end, False))
                              for kind, start, end in builder.payloads])
    serial = builder.serial
    blocks = list(blocks)
    for html in documents:
        extra = Builder(scan_bytes(html.encode("utf-8")), builder.resolve.base, images, **policy)
        extra.serial = serial               # element serials stay unique on the page
        extra.base_seen = True              # a payload's <base> does not move the page's links
        blocks += extra.run()
        serial = extra.serial
    for position, block in enumerate(blocks):
        block.position = position
        block.page = builder.page
    return blocks


def to_markdown(html: str | bytes, base: str | None = None, *, charset: str | None = None,
                images: bool = True, selection: bool = True, precision: bool = False,
                hidden: bool = False, max_input_bytes: int = MAX_INPUT_BYTES, safe_links: bool = False,
                data_images: bool = False) -> str:
    """The page's main content as a Markdown document (CommonMark 0.31 with GFM tables
    and strikethrough), ending in one newline, or ``""`` for a page with no content.

    Takes the parameters of :func:`to_blocks`, and:

    selection : bool, default True
        Keep only the main content (:func:`webfold.select_main`); False keeps every
        block (the CLI's ``--all-blocks``).
    precision : bool, default False
        Select with the model's higher threshold: fewer, cleaner blocks.
    hidden : bool, default False
        Also keep the chosen blocks that readers see only once a script shows them
        (deferred sections, hidden stores; see :func:`webfold.select_main`). Left out by
        default: hidden text is the usual carrier of prompt injections. Closed tab and
        accordion panels that a control on the page names may be kept either way.

    Raises the errors of :func:`to_blocks`, and :class:`webfold.select.ModelError`
    when the shipped selector cannot be loaded.
    """
    blocks = to_blocks(html, base, charset=charset, images=images, max_input_bytes=max_input_bytes,
                       safe_links=safe_links, data_images=data_images, chrome=selection)
    return render(select_main(blocks, precision=precision, hidden=hidden) if selection else blocks)


class Document:
    """A converted page (:func:`to_document`).

    ``metadata`` None means: read it from ``page`` and the blocks given (the list as
    it is now) when first asked for, with ``safe_links`` applied to its canonical URL.
    """

    __slots__ = ("markdown", "blocks", "content", "hidden_chars", "_metadata", "_source")

    def __init__(self, markdown: str, metadata: Metadata | None, blocks: list[Block], content: list[Block],
                 *, page: Page | None = None, safe_links: bool = False, hidden_chars: int = 0) -> None:
        #: the Markdown of the kept blocks, as :func:`to_markdown` returns it
        self.markdown = markdown
        #: the blocks that the drop rules keep, in document order (``to_blocks``)
        self.blocks = blocks
        #: the blocks kept (the main content, or every block without selection)
        self.content = content
        #: the text characters of the blocks that readers do not see until a script
        #: shows them (:func:`webfold.select.unseen`), which ``blocks`` leaves out and
        #: selection chooses among only with ``hidden=True``
        self.hidden_chars = hidden_chars
        self._metadata = metadata
        # a tuple: changes to the lists after conversion do not change the metadata
        self._source = (page, tuple(blocks), safe_links) if metadata is None else None

    @property
    def metadata(self) -> Metadata:
        """What the page says about itself: title, author, dates, language, ...
        (:mod:`webfold.metadata`; all None for a document made without a page).
        Read on first use, once even when threads ask at the same time: most
        conversions never ask, and the reading (and importing its module) costs
        start-up."""
        if self._metadata is None:
            with _METADATA_READING.lock:
                if self._metadata is None:
                    self._metadata = _read_metadata(*self._source)
        return self._metadata

    @metadata.setter
    def metadata(self, value: Metadata) -> None:
        self._metadata = value

    def __repr__(self) -> str:
        return f"Document({len(self.content)} of {len(self.blocks)} blocks, {len(self.markdown):,} characters)"


_METADATA_READING = ForkSafeLock()


def _read_metadata(page: Page | None, blocks: tuple[Block, ...], safe_links: bool) -> Metadata:
    from webfold.metadata import Metadata, page_metadata

    if page is None:
        return Metadata()
    metadata = page_metadata(page, list(blocks))
    if safe_links and metadata.canonical:
        metadata.canonical = Resolver(None, safe_links=True).target(metadata.canonical)
    return metadata


def to_document(html: str | bytes, base: str | None = None, *, charset: str | None = None,
                images: bool = True, selection: bool = True, precision: bool = False,
                hidden: bool = False, max_input_bytes: int = MAX_INPUT_BYTES, safe_links: bool = False,
                data_images: bool = False) -> Document:
    """The page's Markdown, blocks and metadata (:mod:`webfold.metadata`).

    Takes the parameters of :func:`to_markdown` and raises its errors.
    """
    candidates, page = _build(html, base, charset, images, max_input_bytes, safe_links, data_images,
                              selection)
    blocks = without_chrome(candidates)
    content = select_main(candidates, precision=precision, hidden=hidden) if selection else blocks
    hidden_chars = 0
    if selection:       # (else the candidates are the blocks the rules keep: none is hidden)
        kept = {id(block) for block in blocks}
        hidden_chars = sum(block.text_chars for block in candidates
                           if unseen(block.chrome) and id(block) not in kept)
    return Document(render(content), None, blocks, content, page=page, safe_links=safe_links,
                    hidden_chars=hidden_chars)
