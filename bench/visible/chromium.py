"""The child process of :mod:`bench.visible.capture`: reads a chunk of pages, one after
another, in one headless Chromium, caches each text and answers one JSON line per page.

``python -m bench.visible.chromium JOBS CACHE MODE``: JOBS is a pickled list of (name,
served bytes) pairs (:attr:`~bench.visible.capture.Job.served`), MODE is ``static`` or
``scripts``.

What is read is what a visitor sees once the page has settled: the ``load`` event has
fired and every finite CSS animation is finished (AMP hides the body for 8 s with
one). A page that shows nothing (``display:none`` on ``<body>`` or ``<html>``, an
anti-flash pattern) reads as "": innerText would give its whole text content there
(WHATWG HTML §3.2.7: an element that is not being rendered returns its descendant
text). A page that leaves for another address (a meta refresh that names one, a
script) fails: what a visitor sees is another page, which was not saved.
"""

from __future__ import annotations

import json
import pickle
import sys
from dataclasses import asdict
from pathlib import Path

from bench.visible.capture import LOAD_SECONDS, Visible, cache_path
from bench.visible.server import PageServer

#: Evaluated once the document is parsed, before the ``load`` event starts a refresh's
#: timer: the address a meta refresh leaves for (HTML §4.2.5.3), or null.
_REFRESH = """() => {
  const refresh = document.querySelector('meta[http-equiv="refresh" i]');
  const target = refresh && /url\\s*=\\s*["']?([^"']*)/i.exec(refresh.content || '');
  try {
    const to = target && new URL(target[1].trim(), document.baseURI).href.split('#')[0];
    return to && to !== location.href.split('#')[0] ? to : null;
  } catch (invalid) {
    return null;                                          // the browser ignores it too
  }
}"""
#: Evaluated after the ``load`` event: what the settled page shows.
_READ = """() => {
  for (const animation of document.getAnimations()) {
    try { animation.finish() } catch (infinite) {}        // a spinner: it never settles
  }
  const body = document.body;                              // none in a frameset
  return body && body.checkVisibility() ? body.innerText : '';
}"""


def read_chunk(pages: list[tuple[str, bytes]], cache: Path, scripts: bool) -> None:
    """Read pages one after another in one browser, caching each and writing one JSON
    line per page, ``[name, Visible fields]``, to standard output."""
    from playwright.sync_api import sync_playwright

    from webfold.browser import FLAGS, chromium_path

    with PageServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS,
                                             proxy=server.proxy())
        name = f"Chromium {browser.version}"
        try:
            for page_name, page in pages:
                server.page = page
                visible = read_one(browser, server.address, scripts, name)
                if visible.error is None:       # failures are not cached: the next run tries again
                    path = cache_path(cache, page, scripts)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    partial = path.with_suffix(".part")
                    partial.write_text(json.dumps(asdict(visible)), encoding="utf-8")
                    partial.replace(path)       # whole or absent, if the run is stopped
                sys.stdout.write(json.dumps([page_name, asdict(visible)]) + "\n")
                sys.stdout.flush()
        finally:
            browser.close()


def read_one(browser, address: str, scripts: bool, name: str) -> Visible:
    """Load one page in a fresh context and read what it shows (see the module)."""
    from playwright.sync_api import Error

    went: list[str] = []                # where the page's main frame was sent instead
    context = browser.new_context(java_script_enabled=scripts, service_workers="block")
    try:
        page = context.new_page()
        page.on("request", lambda request: request.is_navigation_request() and request.frame == page.main_frame
                and request.url.split("#")[0] != address and went.append(request.url))
        page.goto(address, wait_until="domcontentloaded", timeout=LOAD_SECONDS * 1000)
        refresh = page.evaluate(_REFRESH)
        if refresh:
            return Visible("", f"the page leaves for {refresh}", name)
        page.wait_for_load_state("load", timeout=LOAD_SECONDS * 1000)
        text = page.evaluate(_READ)
        if not went:
            return Visible(text, None, name)
    except Error as error:
        if not went:
            return Visible("", str(error).strip().splitlines()[0] if str(error).strip() else "error", name)
    finally:
        context.close()
    return Visible("", f"the page leaves for {went[0]}", name)


if __name__ == "__main__":
    read_chunk(pickle.loads(Path(sys.argv[1]).read_bytes()), Path(sys.argv[2]), sys.argv[3] == "scripts")
