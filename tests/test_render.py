"""``webfold scrape`` with headless Chromium (Playwright), against the local site
(tests/website.py): pages drawn by scripts, escalation, a challenge page, lazy lists,
disclosures, and a browser reached over its DevTools endpoint.

These tests need Playwright and Chromium (``.ci/run`` installs Debian's chromium).
Without them they skip, except under CI, where they fail."""

from __future__ import annotations

import json
import re
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest

from webfold.browser import FLAGS, INSTALL, RenderOptions, chromium_path
from webfold.cli import main
from webfold.errors import BrowserError, FetchError
from webfold.scraper import scrape
from conftest import require_browser
from website import Site


@pytest.fixture(scope="module")
def site():
    require_browser()
    served = Site()
    yield served
    served.close()


def test_a_page_drawn_by_a_script_is_empty_plain_and_full_rendered(site):
    plain = scrape(site.url("/script"), render=False)
    assert (plain.strategy, plain.verdict, plain.document.markdown) == ("plain", "empty", "")
    rendered = scrape(site.url("/script"), render=True)
    assert rendered.strategy == "rendered" and rendered.verdict is None
    assert rendered.document.markdown.startswith("# Rendered story\n\nRENDERED-MARKER The river keeps")
    assert rendered.browser_seconds > 0


def test_an_empty_response_escalates_to_the_browser(site):
    result = scrape(site.url("/script"))
    assert (result.strategy, result.verdict) == ("rendered", "empty")
    assert "RENDERED-MARKER" in result.document.markdown


def test_a_challenge_page_is_waited_out_in_the_browser(site):
    # The 503 page sets a cookie by script and reloads; the server then gives the page.
    result = scrape(site.url("/challenge"))
    assert (result.strategy, result.verdict, result.status) == ("rendered", "blocked", 200)
    assert result.document.markdown.startswith("# Past the wall\n")


def test_a_wall_the_browser_does_not_pass_is_an_error(site, capsys):
    url = site.url("/forbidden-wall")
    # The wall is watched until the deadline; it is long enough for a loaded machine
    # to start the browser (which took 4 s with six busy processes on two cores).
    assert main(["scrape", url, "--timeout", "6"]) == 1
    assert capsys.readouterr().err == \
        f"webfold: error: {url}: HTTP 403 in the browser (a bot wall the browser did not pass)\n"


def test_a_lazy_list_needs_scrolling(site):
    unscrolled = scrape(site.url("/lazy"), render=True).document.markdown
    scrolled = scrape(site.url("/lazy"), render=True,
                      options=RenderOptions(scroll_document=True)).document.markdown
    assert "- Item number 9\n" in unscrolled and "Item number 10" not in unscrolled
    assert "- Item number 39\n" in scrolled


def test_render_options_ask_for_a_render(site, capsys):
    assert main(["scrape", site.url("/lazy"), "--scroll-document", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["strategy"] == "rendered" and "- Item number 39\n" in data["markdown"]


@pytest.mark.parametrize("path, markdown", [
    ("/report.pdf", "A short report on the river.\n\n"),
    ("/notes.txt", "Plain *notes*\n\nkept as they are.\n"),
])
def test_render_of_a_pdf_or_text_fetches_and_converts_it(site, path, markdown):
    result = scrape(site.url(path), render=True)
    assert result.strategy == "plain" and result.document.markdown.startswith(markdown)
    assert result.notes == [f"{result.content_type} is not rendered: it was fetched and converted"]


def test_an_empty_response_late_in_the_timeout_is_not_rendered(site):
    # The shell arrives after 1.5 s of a 2 s timeout: no time to start a browser.
    result = scrape(site.url("/late-script"), timeout=2)
    assert (result.strategy, result.verdict) == ("plain", "empty")
    assert result.notes == ["the response is empty and too little of the timeout (2 s) is left to "
                            "render it"]


def test_a_script_that_never_yields_is_stopped_at_the_deadline(site):
    # Its loop holds Chromium's main thread: no Playwright call returns until the
    # browser is killed at the deadline.
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"^timed out after 4 s$"):
        scrape(site.url("/busy"), render=True, timeout=4)
    assert time.monotonic() - started < 6


def test_a_page_whose_load_never_ends_is_converted_as_it_stands(site):
    result = scrape(site.url("/hanging-image"), render=True, timeout=8)    # as the wall's
    assert result.document.markdown.startswith("# Waiting\n\nThe river keeps")
    assert len(result.notes) == 1
    assert re.fullmatch(r"the page had not finished loading after \d\.\d s; it is converted as it was",
                        result.notes[0])


def test_collapsed_disclosures_are_opened_on_request(site):
    # Every block: what is tested is that the text reaches the page, not the selector's
    # choice among two short answers on a made-up page.
    closed = scrape(site.url("/disclosures"), render=True, selection=False).document.markdown
    opened = scrape(site.url("/disclosures"), render=True, selection=False,
                    options=RenderOptions(expand_disclosures=True)).document.markdown
    assert "DETAILS-ANSWER" not in closed and "EXPANDED-MORE" not in closed
    assert "DETAILS-ANSWER four metres" in opened and "EXPANDED-MORE text behind a button" in opened


def test_a_selector_that_never_comes_is_a_note_and_the_page_is_kept(site, capsys):
    url = site.url("/page")
    assert main(["scrape", url, "--render", "--wait-selector", "#never", "--timeout", "6"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("# River notes\n")
    assert err == (f"webfold: note: {url}: --wait-selector '#never' did not appear within 6 s; "
                   "the page is converted as it was\n")


def test_wait_selector_waits_for_the_script(site):
    result = scrape(site.url("/script"), render=True, options=RenderOptions(wait_selector="h1"))
    assert result.document.markdown.startswith("# Rendered story\n")


def test_a_chromium_reached_over_its_devtools_endpoint(site):
    # Chromium's helper processes may still write to the profile as it goes down.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = subprocess.Popen(
            [chromium_path(), "--headless", "--no-sandbox", "--remote-debugging-port=0",
             f"--user-data-dir={profile}", *FLAGS, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            endpoint = _endpoint(profile)
            result = scrape(site.url("/script"), render=True, browser=endpoint)
            # The user's browser is left running: only the connection is closed.
            urllib.request.urlopen(endpoint + "/json/version", timeout=5).close()
        finally:
            os.killpg(process.pid, signal.SIGKILL)      # the browser and its helpers
            process.wait()
    assert result.strategy == "rendered" and "RENDERED-MARKER" in result.document.markdown


def _endpoint(profile: str) -> str:
    """The DevTools endpoint of the Chromium using ``profile``: it writes its port to
    the profile's DevToolsActivePort file once it listens."""
    path = os.path.join(profile, "DevToolsActivePort")
    for _ in range(100):
        if os.path.exists(path):
            with open(path) as handle:
                lines = handle.read().split()
            if lines:
                endpoint = f"http://127.0.0.1:{lines[0]}"
                urllib.request.urlopen(endpoint + "/json/version", timeout=5).close()
                return endpoint
        time.sleep(0.1)
    raise AssertionError("Chromium did not open its DevTools port")


def test_without_a_browser_render_is_a_clear_error_and_escalation_keeps_the_plain_page(
        site, monkeypatch, capsys):
    monkeypatch.setenv("WEBFOLD_CHROMIUM", "/nonexistent/chromium")
    url = site.url("/script")
    assert main(["scrape", url, "--render"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"webfold: error: {url}: no Chromium found: install Playwright")
    assert "apt-get install chromium" in err and err.count("\n") == 1
    result = scrape(url)
    assert (result.strategy, result.verdict) == ("plain", "empty")
    assert result.notes == ["the response is empty and no browser is available to render it: "
                            + INSTALL]
    with pytest.raises(BrowserError):
        scrape(url, render=True)


def test_a_dead_devtools_endpoint_is_a_browser_error(site, capsys):
    url = site.url("/page")
    assert main(["scrape", url, "--render", "--browser", "http://127.0.0.1:9", "--timeout", "5"]) == 1
    assert capsys.readouterr().err.startswith(f"webfold: error: {url}: cannot start the browser "
                                              "(http://127.0.0.1:9): ")


def test_a_devtools_endpoint_that_never_answers_is_a_timeout(site, capsys):
    # It accepts the connection and says nothing: connecting outlasts the deadline,
    # which is a timeout (as a browser that starts too slowly is), not a broken browser.
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        endpoint = f"http://127.0.0.1:{listener.getsockname()[1]}"
        url = site.url("/page")
        started = time.monotonic()
        assert main(["scrape", url, "--render", "--browser", endpoint, "--timeout", "2"]) == 1
        assert time.monotonic() - started < 2 + 5
    assert capsys.readouterr().err == f"webfold: error: {url}: timed out after 2 s\n"
