"""Pages from URLs: fetch (:mod:`webfold.fetch`), classify (:mod:`webfold.classify`),
render in a browser when the response needs it (:mod:`webfold.browser`), convert
(:mod:`webfold.pipeline`). PDF responses go through :mod:`webfold.pdf`; plain text and
Markdown pass through.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from webfold.block import Block
from webfold.browser import INSTALL, RenderOptions, available, render_page
from webfold.classify import BLOCKED_STATUSES, challenge, verdict
from webfold.decode import decode, without_controls
from webfold.errors import ContentTypeError, FetchError, HTTPStatusError, WebfoldError
from webfold.fetch import TIMEOUT, USER_AGENT, Deadline, Response, fetch
from webfold.metadata import Metadata
from webfold.pipeline import MAX_INPUT_BYTES, Document, to_document

__all__ = ["RenderOptions", "Scrape", "scrape"]

#: Media types converted as HTML; a response without a ``Content-Type`` is too (a
#: binary one is then refused by :func:`webfold.decode.decode`).
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml", ""})
#: Media types passed through as they are: text, and Markdown (RFC 7763, and the
#: older unregistered name).
TEXT_TYPES = frozenset({"text/plain", "text/markdown", "text/x-markdown"})
PDF_TYPE = "application/pdf"


@dataclass(slots=True)
class Scrape:
    """A page from a URL (:func:`scrape`)."""

    #: the converted page; its ``markdown`` is the result
    document: Document
    #: the URL asked for
    url: str
    #: the URL of the page converted, after redirects (and script navigations when rendered)
    final_url: str
    #: the HTTP status of that page (None when a browser gives none)
    status: int | None
    #: the media type of the response, lower case ("text/html"); "text/html" when rendered
    content_type: str
    #: ``"plain"`` (the HTTP response) or ``"rendered"`` (the DOM after scripts, from Chromium)
    strategy: str
    #: what the plain response was: ``"ok"``, ``"blocked"`` or ``"empty"``
    #: (:func:`webfold.classify.verdict`); None when it was not fetched (``render=True``)
    #: or is not HTML
    verdict: str | None
    #: bytes converted: the response body, or the rendered HTML as UTF-8
    bytes: int
    #: seconds the whole acquisition and conversion took
    elapsed: float
    #: seconds spent starting Playwright and the browser (or connecting to it); None
    #: when not rendered
    browser_seconds: float | None = None
    #: things the caller should hear about (a render that failed, a selector that never came)
    notes: list[str] = field(default_factory=list)
    #: the HTML converted: the response body, or the rendered DOM as UTF-8 (``b""`` for
    #: PDF and text); a crawler reads its links here, navigation included
    html: bytes = b""


def scrape(url: str, *, timeout: float = TIMEOUT, user_agent: str = USER_AGENT,
           render: bool | None = None, browser: str | None = None,
           options: RenderOptions = RenderOptions(), charset: str | None = None,
           images: bool = True, selection: bool = True, precision: bool = False,
           hidden: bool = False, max_input_bytes: int = MAX_INPUT_BYTES, safe_links: bool = False,
           data_images: bool = False, follow=None) -> Scrape:
    """Fetch ``url`` and convert it, rendering it in headless Chromium when needed.

    Parameters
    ----------
    url : str
        An ``http:`` or ``https:`` URL.
    timeout : float, default 20
        Seconds the whole acquisition (redirects, body, browser start, load and
        waits) may take.
    user_agent : str
        The ``User-Agent`` header; by default a desktop Chrome's.
    render : bool or None, default None
        None: fetch, and render when the response is blocked or empty, a browser is
        available and a second of the timeout is left (else a note says why not).
        True: always render (a PDF or text response is then fetched and converted
        as it is). False: never.
    browser : str, optional
        The DevTools endpoint of a Chromium to use instead of launching one.
    options : RenderOptions
        Waits, scrolling and disclosures; any of them asks for a render, as
        ``render=True`` does.
    charset : str, optional
        The page's encoding label, over the ``Content-Type`` header's.
    follow : callable, optional
        Asked before each HTTP redirect is followed, as :func:`webfold.fetch.fetch`
        asks it (a browser's own navigations are not asked).

    The other parameters are those of :func:`webfold.to_document`.

    Returns
    -------
    Scrape

    Raises
    ------
    FetchError
        ``url`` is not http or https, or the page cannot be fetched (see
        :func:`webfold.fetch.fetch`);
        :class:`~webfold.errors.HTTPStatusError` for a 4xx or 5xx status.
    ContentTypeError
        The response is not HTML, text or PDF.
    BrowserError
        ``render=True`` and no browser is available, or it fails.
    DecodeError, InputTooLargeError
        As :func:`webfold.to_document` raises them; a PDF that cannot be read.
    ValueError
        ``options`` ask for a render and ``render`` is False; ``timeout`` is not above
        0 and at most a day; ``user_agent`` is not printable ASCII.
    """
    if not isinstance(user_agent, str) or not all(" " <= ch <= "~" for ch in user_agent):
        raise ValueError("user_agent takes printable ASCII characters only (an HTTP header value)")
    if not isinstance(url, str) or url.split(":", 1)[0].strip().lower() not in ("http", "https"):
        # Checked here, not left to httpx, because a browser would open file: URLs.
        raise FetchError(f"not an http or https URL: {url!r}"[:300])
    if options != RenderOptions():
        if render is False:
            raise ValueError("render options (waits, scrolling, disclosures) need a render: "
                             "render=False leaves no browser to apply them in")
        render = True           # waiting, scrolling and clicking are asked of a browser
    started = time.perf_counter()
    deadline = Deadline(timeout)
    convert = dict(images=images, selection=selection, precision=precision, hidden=hidden,
                   max_input_bytes=max_input_bytes, safe_links=safe_links, data_images=data_images)

    def plain() -> Scrape:
        """Fetch and convert; a 4xx or 5xx is an error unless it is a wall to render."""
        response = fetch(url, deadline=deadline, user_agent=user_agent, max_bytes=max_input_bytes,
                         follow=follow)
        kind = _kind(response)
        if response.status >= 400:
            blocked = response.status in BLOCKED_STATUSES and challenge(response.body)
            if blocked and render is None and available(browser):
                return rendered("blocked")
            wall = "" if not blocked else " (a bot wall)" if render is False else \
                " (a bot wall; no browser to retry it in)"
            raise HTTPStatusError(f"HTTP {response.status} {response.reason}".rstrip() + wall,
                                  response.status)
        if kind == "text":
            document, found = _text_document(response.body, charset or response.charset), None
        elif kind == "pdf":
            from webfold.pdf import pdf_html_within     # here: it imports pypdf

            document, found = to_document(pdf_html_within(response.body, deadline.left()),
                                          response.final_url,
                                          **{**convert, "selection": False}), None
        else:
            document = to_document(response.body, response.final_url,
                                   charset=charset or response.charset, **convert)
            found = verdict(response.status, response.body, document.blocks)
        return Scrape(document, url, response.final_url, response.status,
                      response.content_type or "text/html", "plain", found, len(response.body), 0.0,
                      notes=[response.note] if response.note else [],
                      html=response.body if kind == "html" else b"")

    def rendered(verdict_: str | None) -> Scrape:
        page = render_page(url, deadline=deadline, user_agent=user_agent, options=options,
                           endpoint=browser)
        if page.content_type not in HTML_TYPES:
            # A PDF or a text file in a browser is its viewer, not the document.
            result = plain()
            result.notes.append(f"{page.content_type} is not rendered: it was fetched and converted")
            return result
        if page.status is not None and page.status >= 400:
            wall = " (a bot wall the browser did not pass)" if challenge(page.html) else ""
            raise HTTPStatusError(f"HTTP {page.status} in the browser{wall}", page.status)
        html = page.html.encode("utf-8")
        return Scrape(to_document(html, page.final_url, **convert), url, page.final_url, page.status,
                      "text/html", "rendered", verdict_, len(html), 0.0, page.start_seconds, page.notes,
                      html)

    result = rendered(None) if render else plain()
    if result.verdict in ("blocked", "empty") and result.strategy == "plain" and render is None:
        result = _escalated(result, lambda: rendered(result.verdict), deadline, browser)
    result.elapsed = time.perf_counter() - started
    return result


#: Seconds of the timeout that must be left for an escalation to start a browser:
#: starting Playwright and Chromium alone takes 0.3 to 0.9 s (``python -m bench.scrape``).
MIN_RENDER_SECONDS = 1.0


def _escalated(result: Scrape, render, deadline: Deadline, browser: str | None) -> Scrape:
    """``render()`` in place of a blocked or empty plain ``result``, when a browser is
    available and time is left; else ``result`` with a note that says why not."""
    if not available(browser):
        result.notes.append(f"the response is {result.verdict} and no browser is available to "
                            f"render it: {INSTALL}")
        return result
    if deadline.left() < MIN_RENDER_SECONDS:
        result.notes.append(f"the response is {result.verdict} and too little of the timeout "
                            f"({deadline.seconds:g} s) is left to render it")
        return result
    try:
        better = render()
    except WebfoldError as error:        # the browser, the page's load, or its size
        result.notes.append(f"rendering failed ({error}); the plain response is used")
        return result
    if _chars(better.document) >= _chars(result.document):
        return better
    result.notes.append("the rendered page held less text; the plain response is used")
    return result


def _kind(response: Response) -> str:
    """``"html"``, ``"pdf"`` or ``"text"`` for a response, by its ``Content-Type`` (a
    PDF also by its first bytes, since servers often call it application/octet-stream).

    Raises
    ------
    ContentTypeError
        Any other type.
    """
    if response.content_type == PDF_TYPE or response.body.startswith(b"%PDF-"):
        return "pdf"
    if response.content_type in HTML_TYPES:
        return "html"
    if response.content_type in TEXT_TYPES:
        return "text"
    if response.status >= 400:
        return "html"           # an error page: its status is what the caller hears of
    raise ContentTypeError(f"the response is {response.content_type}, not HTML, text or PDF")


def _text_document(body: bytes, charset: str | None) -> Document:
    """Plain text or Markdown as it is (control characters removed), one block."""
    text = without_controls(decode(body, charset).utf8.decode("utf-8"))
    blocks = [Block(md=text.strip("\n"), kind="paragraph", text=" ".join(text.split()),
                    text_chars=len(text))] if text.strip() else []
    return Document(text, Metadata(), blocks, blocks)


def _chars(document: Document) -> int:
    return sum(block.text_chars for block in document.blocks)
