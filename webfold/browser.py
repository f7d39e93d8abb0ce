"""Rendering a page in headless Chromium through the DevTools protocol (Playwright):
the DOM after scripts have run, serialized as HTML.

Playwright drives a Chromium that is already on the machine (``WEBFOLD_CHROMIUM``,
else ``/usr/bin/chromium`` or ``chromium`` on the ``PATH``), or one the user runs
(``browser``: a CDP endpoint such as ``http://127.0.0.1:9222``). It never downloads
a browser of its own.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from dataclasses import dataclass, field

from webfold.classify import challenge
from webfold.errors import BrowserError, FetchError
from webfold.fetch import Deadline, bounded

#: Where Debian's and Ubuntu's chromium packages put the browser.
CHROMIUM = "/usr/bin/chromium"
#: How to get a browser, for the error when there is none.
INSTALL = ("install Playwright (pip install 'webfold[browser]') and Chromium (apt-get install "
           "chromium, or set WEBFOLD_CHROMIUM to a Chromium or Chrome binary), or pass --browser "
           "with the DevTools endpoint of a Chromium you run")
#: Chromium switches for a quiet headless run: no GPU, and none of the background
#: traffic (component updates, sync, QUIC probes) that a closed network refuses.
FLAGS = ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
#: Scrolling stops when the document has not grown for this many steps, or after
#: :data:`MAX_SCROLLS` steps; each step waits :data:`SCROLL_PAUSE` seconds for lazy
#: content to arrive.
STILL_STEPS = 2
MAX_SCROLLS = 50
SCROLL_PAUSE = 0.3
#: Seconds given to scripts after disclosures are opened, and after a challenge page
#: is seen, between looks.
SETTLE = 0.5
#: Rounds of opening disclosures: an opened one may reveal others.
DISCLOSURE_ROUNDS = 2

# Opens every closed <details> and clicks every control that says it is collapsed
# (aria-expanded="false"), except links that lead away and buttons that would submit
# a form. Returns how many it opened.
_EXPAND = """() => {
  let opened = 0;
  for (const details of document.querySelectorAll('details:not([open])')) {
    details.open = true; opened++;
  }
  for (const control of document.querySelectorAll('[aria-expanded="false"]')) {
    const href = control.getAttribute('href');
    if (control.tagName === 'A' && href && !href.startsWith('#')) continue;
    if (control.form && (control.type || 'submit') === 'submit') continue;
    control.click(); opened++;
  }
  return opened;
}"""
_SCROLL = """() => {
  const root = document.scrollingElement || document.documentElement;
  window.scrollTo(0, root.scrollHeight);
  return root.scrollHeight;
}"""


@dataclass(slots=True)
class RenderOptions:
    """How to shape a render (the CLI's ``--wait-for``, ``--wait-selector``,
    ``--scroll-document`` and ``--expand-disclosures``)."""

    #: seconds to wait after the page has loaded
    wait_for: float = 0.0
    #: a CSS selector to wait for (until the deadline) before reading the DOM
    wait_selector: str | None = None
    #: scroll to the end, again until the document stops growing, to load lazy content
    scroll_document: bool = False
    #: open ``<details>`` and click ``aria-expanded="false"`` controls
    expand_disclosures: bool = False


@dataclass(slots=True)
class Rendered:
    """A rendered page (:func:`render_page`)."""

    #: the DOM after scripts ran, serialized as HTML
    html: str
    #: the page's URL at the end (after redirects and script navigations)
    final_url: str
    #: the HTTP status of the main document, or None when the browser gives none
    status: int | None
    #: the media type of the main document ("text/html"); for any other type (a PDF)
    #: nothing is rendered and ``html`` is ""
    content_type: str
    #: seconds spent starting Playwright's driver and the browser (or connecting to it)
    start_seconds: float
    #: things the caller should hear about (a selector that never appeared)
    notes: list[str] = field(default_factory=list)


def chromium_path() -> str | None:
    """The Chromium binary to launch: ``WEBFOLD_CHROMIUM`` when set, else
    :data:`CHROMIUM`, else ``chromium`` or ``chromium-browser`` on the ``PATH``; None
    when there is none (or ``WEBFOLD_CHROMIUM`` names no executable file)."""
    import shutil       # here: importing webfold should not pay for it

    chosen = os.environ.get("WEBFOLD_CHROMIUM")
    if chosen:
        return chosen if os.path.isfile(chosen) and os.access(chosen, os.X_OK) else None
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    return shutil.which("chromium") or shutil.which("chromium-browser")


def available(endpoint: str | None = None) -> bool:
    """Whether a page can be rendered: Playwright is installed, and a CDP ``endpoint``
    is given or a Chromium binary is found (:func:`chromium_path`)."""
    try:
        import playwright  # noqa: F401  (only whether it is there)
    except ImportError:
        return False
    return endpoint is not None or chromium_path() is not None


def render_page(url: str, *, deadline: Deadline, user_agent: str,
                options: RenderOptions = RenderOptions(), endpoint: str | None = None) -> Rendered:
    """Load ``url`` in headless Chromium and return the DOM once scripts have run.

    Parameters
    ----------
    url : str
        An ``http:``, ``https:`` or ``file:`` URL.
    deadline : Deadline
        When everything (starting the browser, loading, waiting) must be over.
    user_agent : str
        The ``User-Agent`` the browser sends.
    options : RenderOptions
        Waits, scrolling and disclosures.
    endpoint : str, optional
        The DevTools endpoint of a running Chromium (``http://host:9222`` or a
        ``ws://`` URL) to connect to instead of launching one.

    Returns
    -------
    Rendered

    Raises
    ------
    BrowserError
        Playwright or Chromium is missing, the browser cannot start or be reached,
        or ``wait_selector`` is not a valid selector.
    FetchError
        The page cannot be loaded (DNS, refused, TLS: as the browser says it), or
        the deadline passes.
    """
    try:
        import playwright.sync_api  # noqa: F401  (here, for the error when it is missing)
    except ImportError:
        raise BrowserError(f"rendering needs a browser: {INSTALL}") from None
    executable = None if endpoint else chromium_path()
    if endpoint is None and executable is None:
        raise BrowserError(f"no Chromium found: {INSTALL}")
    # The watchdog in _launch kills Chromium at the deadline, which makes the waiting
    # Playwright call fail; should the driver miss that (seen once on a loaded
    # machine: the browser gone, the call waiting on), the caller is released anyway.
    return bounded(lambda: _drive(url, deadline, user_agent, options, endpoint, executable),
                   deadline, grace=UNWIND, name="webfold-render")


#: Seconds after the deadline given to Playwright to report the killed browser.
UNWIND = 5.0


def _drive(url: str, deadline: Deadline, user_agent: str, options: RenderOptions,
           endpoint: str | None, executable: str | None) -> Rendered:
    """:func:`render_page`'s work, in its thread."""
    from playwright.sync_api import Error, TimeoutError, sync_playwright

    started = time.monotonic()
    killed = threading.Event()
    with contextlib.ExitStack() as stack:
        if executable:
            # Launched here, not by Playwright, so that the deadline can end it: a
            # page's script can keep Chromium's main thread busy forever, and no
            # Playwright call (content(), evaluate()) takes a timeout then.
            started_endpoint = _launch(executable, deadline, stack, killed)
        try:
            # Playwright's driver process starts while Chromium does.
            with sync_playwright() as playwright:
                if executable:
                    endpoint = started_endpoint()
                try:
                    browser = playwright.chromium.connect_over_cdp(endpoint, timeout=_ms(deadline))
                except TimeoutError:
                    raise FetchError(f"timed out after {deadline.seconds:g} s") from None
                except Error as error:
                    raise BrowserError(f"cannot start the browser ({executable or endpoint}): "
                                       f"{_first_line(error)}") from None
                try:
                    return _render(browser, url, deadline, user_agent, options,
                                   time.monotonic() - started)
                finally:
                    if not killed.is_set():     # closing a killed browser can wait forever
                        with contextlib.suppress(Error):
                            browser.close()
        except TimeoutError:
            raise FetchError(f"timed out after {deadline.seconds:g} s") from None
        except Error as error:
            if deadline.passed():
                raise FetchError(f"timed out after {deadline.seconds:g} s") from None
            raise BrowserError(f"the browser failed: {_first_line(error)}") from None


#: Seconds of the deadline kept back from the page load for reading the page: a page
#: whose load never ends (an image that never arrives) is converted as it stands.
READ_RESERVE = 1.0


def _render(browser, url: str, deadline: Deadline, user_agent: str, options: RenderOptions,
            start_seconds: float) -> Rendered:
    from playwright.sync_api import Error, TimeoutError

    context = browser.new_context(user_agent=user_agent)
    page = context.new_page()
    # The status and type are those of the last document the main frame loaded: a
    # challenge page's 503 is followed by the page's own 200.
    documents = []
    page.on("response", lambda response: documents.append(response)
            if response.request.is_navigation_request() and response.frame == page.main_frame else None)
    notes = []
    load = max(deadline.left() - READ_RESERVE, min(deadline.left(), 0.5))
    try:
        page.goto(url, wait_until="load", timeout=load * 1000)
    except TimeoutError:
        if not documents:
            raise FetchError(f"timed out after {deadline.seconds:g} s") from None
        notes.append(f"the page had not finished loading after {load:.1f} s; it is converted as it was")
    except Error as error:
        if documents and _media_type(documents[-1]) not in ("text/html", ""):
            # Chromium downloads what it does not display: a PDF, say.
            return Rendered("", page.url, documents[-1].status, _media_type(documents[-1]), start_seconds)
        raise FetchError(_net_error(error)) from None
    last = documents[-1] if documents else None
    if last is not None and _media_type(last) not in ("text/html", "application/xhtml+xml", ""):
        return Rendered("", page.url, last.status, _media_type(last), start_seconds)
    notes += _shape(page, deadline, options)
    html = _content(page, deadline)
    last = documents[-1] if documents else None
    return Rendered(html=html, final_url=page.url, status=last.status if last else None,
                    content_type=_media_type(last) if last else "text/html",
                    start_seconds=start_seconds, notes=notes)


def _launch(executable: str, deadline: Deadline, stack: contextlib.ExitStack,
            killed: threading.Event):
    """Start headless Chromium with a fresh profile and its DevTools port open; return
    a function that waits for it and gives the endpoint. ``stack`` ends it: a watchdog kills it (and its helpers) at the
    deadline, and on the way out it is killed and its profile removed."""
    import shutil
    import signal
    import subprocess
    import tempfile

    profile = tempfile.mkdtemp(prefix="webfold-chromium-")
    stack.callback(shutil.rmtree, profile, True)
    # Chromium's sandbox cannot run as root: there it needs --no-sandbox.
    sandbox = ["--no-sandbox"] if os.geteuid() == 0 else []
    process = subprocess.Popen([executable, "--headless", *sandbox, "--remote-debugging-port=0",
                                f"--user-data-dir={profile}", *FLAGS, "about:blank"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)

    def end():
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)      # the browser and its helpers

    def kill():                                          # at the deadline
        killed.set()
        end()

    stack.callback(process.wait)
    stack.callback(end)
    watchdog = threading.Timer(deadline.left(), kill)
    watchdog.daemon = True
    watchdog.start()
    stack.callback(watchdog.cancel)
    port_file = os.path.join(profile, "DevToolsActivePort")

    def endpoint() -> str:
        """Wait for Chromium to write its DevTools port (it does once it listens)."""
        while True:
            if os.path.exists(port_file):
                with open(port_file) as handle:
                    lines = handle.read().split()
                if lines:
                    return f"http://127.0.0.1:{lines[0]}"
            if process.poll() is not None:
                if deadline.passed():
                    raise FetchError(f"timed out after {deadline.seconds:g} s")
                raise BrowserError(f"cannot start the browser ({executable}): it exited with code "
                                   f"{process.returncode}")
            if deadline.passed():
                raise FetchError(f"timed out after {deadline.seconds:g} s")
            time.sleep(0.02)

    return endpoint


def _shape(page, deadline: Deadline, options: RenderOptions) -> list[str]:
    """Wait out a challenge page, then apply ``options``; return notes for the caller."""
    from playwright.sync_api import Error, TimeoutError

    notes = []
    # A challenge page runs its check and navigates to the page: look again until it
    # is gone or the deadline is near. Only a thin page with a marker is a wall: an
    # article may quote "verify you are human". The time left must hold a pause,
    # another look and the final read, each as long as this look took: on a loaded
    # machine a look takes seconds.
    while True:
        began = time.monotonic()
        walled = _walled(_content(page, deadline))
        look = time.monotonic() - began
        if not walled or deadline.left() <= SETTLE + 2 * look + READ_RESERVE:
            break
        page.wait_for_timeout(SETTLE * 1000)
    if options.wait_selector:
        try:
            page.wait_for_selector(options.wait_selector, state="attached",
                                   timeout=max(deadline.left() - READ_RESERVE, 0.1) * 1000)
        except TimeoutError:
            notes.append(f"--wait-selector {options.wait_selector!r} did not appear within "
                         f"{deadline.seconds:g} s; the page is converted as it was")
        except Error as error:
            if deadline.passed():
                raise
            raise BrowserError(f"--wait-selector {options.wait_selector!r}: "
                               f"{_first_line(error)}") from None
    if options.wait_for > 0:
        page.wait_for_timeout(max(min(options.wait_for, deadline.left() - READ_RESERVE), 0) * 1000)
    try:
        if options.expand_disclosures:
            for _ in range(DISCLOSURE_ROUNDS):
                if not page.evaluate(_EXPAND) or deadline.left() < READ_RESERVE:
                    break
                page.wait_for_timeout(SETTLE * 1000)
        if options.scroll_document:
            height, still = -1, 0
            for _ in range(MAX_SCROLLS):
                grown = page.evaluate(_SCROLL)
                still = still + 1 if grown == height else 0
                if still >= STILL_STEPS or deadline.left() < SCROLL_PAUSE + READ_RESERVE:
                    break
                height = grown
                page.wait_for_timeout(SCROLL_PAUSE * 1000)
    except Error as error:
        # The page's own script broke scrolling, or a click led away: the page is
        # converted as it now stands.
        if deadline.passed():
            raise
        notes.append(f"scrolling or opening disclosures failed ({_first_line(error)}); the page is "
                     "converted as it stands")
    return notes


#: Chromium's network errors (net/base/net_error_list.h) in the words of
#: :mod:`webfold.fetch`, so that a failure reads the same whichever way it came.
NET_ERRORS = {"ERR_NAME_NOT_RESOLVED": "DNS lookup failed", "ERR_CONNECTION_REFUSED": "connection refused",
              "ERR_TOO_MANY_REDIRECTS": "too many redirects", "ERR_CERT_": "TLS certificate not trusted",
              "ERR_SSL_": "TLS failed", "ERR_TIMED_OUT": "timed out"}


def _net_error(error: Exception) -> str:
    line = _first_line(error)
    for code, words in NET_ERRORS.items():
        if f"net::{code}" in line:
            return f"{words} ({line.split('net::', 1)[1].split()[0]})"
    return line


def _walled(html: str) -> bool:
    """Whether the rendered ``html`` is a challenge page: a marker on a thin page."""
    from webfold.classify import thin
    from webfold.pipeline import to_blocks

    return challenge(html) and thin(to_blocks(html))


def _content(page, deadline: Deadline) -> str:
    """The page's HTML; while a script navigates (a challenge page reloading), wait
    for the next document to load and read that."""
    from playwright.sync_api import Error

    while True:
        try:
            return page.content()
        except Error:
            if deadline.passed():
                raise
            page.wait_for_load_state("load", timeout=_ms(deadline))


def _media_type(response) -> str:
    """A Playwright response's media type, lower case without parameters."""
    return (response.header_value("content-type") or "").split(";", 1)[0].strip().lower()


def _ms(deadline: Deadline) -> float:
    return deadline.left() * 1000


def _first_line(error: Exception) -> str:
    """Playwright's messages run to many lines (a call log); the first says what failed."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
