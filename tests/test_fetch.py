"""``webfold scrape URL`` without a browser, against the local site (tests/website.py):
redirects, timeouts, error statuses, charsets, content codings, PDF and text."""

from __future__ import annotations

import gzip
import json
import socket
import ssl
import threading
import time
from http.server import ThreadingHTTPServer

import pytest

import webfold
from webfold.cli import main
from webfold.classify import verdict
from webfold.errors import ContentTypeError, FetchError, HTTPStatusError, InputTooLargeError
from webfold.fetch import USER_AGENT, Deadline, bounded
from webfold.pdf import paragraphs
from webfold.scraper import scrape
from website import ARTICLE, CHINESE, JAPANESE, Handler, Site


@pytest.fixture(scope="module")
def site():
    served = Site()
    yield served
    served.close()


def run(capsys, *argv):
    """The CLI's exit code, standard output and standard error for ``argv``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def plain(url: str, **options) -> webfold.Document:
    return scrape(url, render=False, **options).document


def test_a_page_is_fetched_and_converted(site):
    result = scrape(site.url("/page"), render=False)
    assert result.status == 200 and result.strategy == "plain" and result.verdict == "ok"
    assert result.content_type == "text/html"
    assert result.document.markdown.startswith("# River notes\n\nThe river keeps its own calendar")
    assert "Home" not in result.document.markdown             # navigation is boilerplate


def test_a_chain_of_three_redirects_ends_at_the_page_and_links_resolve_against_it(site):
    result = scrape(site.url("/redirect/3"), render=False)
    assert result.final_url == site.url("/page")
    assert f"[the next part]({site.url('/notes/next')})" in result.document.markdown


def test_ten_redirects_are_followed_and_eleven_are_too_many(site):
    assert scrape(site.url("/redirect/10"), render=False).final_url == site.url("/page")
    with pytest.raises(FetchError, match=r"^too many redirects: more than 10$"):
        scrape(site.url("/redirect/11"), render=False)


def test_a_redirect_loop_is_named(site):
    with pytest.raises(FetchError, match=r"more than 10 \(a redirect loop\)"):
        scrape(site.url("/loop/a"), render=False)


@pytest.mark.parametrize("path", ["/slow", "/drip", "/slow-head", "/endless-gzip-name"])
def test_the_timeout_bounds_the_whole_acquisition(site, path):
    # /slow answers after 5 s; /drip sends its body a byte every 0.2 s for 20 s,
    # /slow-head its headers a byte a second, /endless-gzip-name a gzip header that
    # never ends: no single read times out, only a deadline over the whole fetch.
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"^timed out after 1 s$"):
        scrape(site.url(path), timeout=1, render=False)
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("path, status, message", [
    ("/nothere", 404, "HTTP 404 Not Found"),
    ("/503", 503, "HTTP 503 Service Unavailable"),
    ("/forbidden-wall", 403, "HTTP 403 Forbidden (a bot wall)"),
])
def test_error_statuses_are_errors_that_name_the_status(site, path, status, message):
    with pytest.raises(HTTPStatusError) as caught:
        scrape(site.url(path), render=False)
    assert caught.value.status == status and str(caught.value) == message


def test_cli_errors_are_one_line_naming_the_url_with_exit_code_1(site, capsys):
    url = site.url("/nothere")
    assert run(capsys, "scrape", url) == (1, "", f"webfold: error: {url}: HTTP 404 Not Found\n")


def test_bounded_work_returns_raises_or_is_left_behind_at_its_deadline():
    assert bounded(lambda: 7, Deadline(1), name="bounded-work") == 7
    with pytest.raises(ValueError, match="^bad$"):
        bounded(lambda: (_ for _ in ()).throw(ValueError("bad")), Deadline(1), name="bounded-work")
    # A call that never returns (a stalled peer): released at the deadline and the
    # grace after it, after on_timeout was called to make the work fail.
    release, called = threading.Event(), []
    started = time.monotonic()
    with pytest.raises(FetchError, match=r"^timed out after 0.2 s$"):
        bounded(release.wait, Deadline(0.2), grace=0.3, on_timeout=lambda: called.append(1), name="bounded-work")
    assert 0.5 <= time.monotonic() - started < 3 and called == [1]
    release.set()


def test_a_refused_connection_and_a_failed_dns_lookup_are_named(capsys):
    with socket.socket() as sock:              # a port that nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    assert run(capsys, "scrape", url) == (1, "", f"webfold: error: {url}: connection refused\n")
    code, out, err = run(capsys, "scrape", "http://no-such-host.invalid/")   # RFC 6761: never resolves
    assert (code, out) == (1, "")
    assert err.startswith("webfold: error: http://no-such-host.invalid/: DNS lookup failed (")


def test_an_untrusted_tls_certificate_is_named(tmp_path, capsys):
    trustme = pytest.importorskip("trustme")
    authority = trustme.CA()                   # a certificate authority nobody trusts
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(context)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"https://127.0.0.1:{server.server_port}/page"
        code, out, err = run(capsys, "scrape", url)
    finally:
        server.shutdown()
        server.server_close()
    assert (code, out) == (1, "")
    assert err.startswith(f"webfold: error: {url}: TLS certificate not trusted (")


@pytest.mark.parametrize("path, text", [
    ("/sjis-header", JAPANESE),          # charset from the Content-Type header
    ("/sjis-undeclared", JAPANESE),      # no label anywhere: detection
    ("/gbk-meta", CHINESE),              # <meta charset=gbk>
    ("/header-over-meta", JAPANESE),     # the header wins over a wrong <meta>
])
def test_each_charset_path_gives_the_text(site, path, text):
    markdown = plain(site.url(path)).markdown
    assert markdown == text + "\n"
    assert "\ufffd" not in markdown


def test_the_caller_charset_wins_over_the_header(site):
    assert "\ufffd" in plain(site.url("/sjis-header"), charset="utf-8").markdown


@pytest.mark.parametrize("path", ["/gzip", "/deflate", "/brotli"])
def test_content_codings_are_undone(site, path):
    assert plain(site.url(path)).markdown == plain(site.url("/page")).markdown


def test_a_gzip_body_over_the_limit_is_refused_by_its_decoded_size(site):
    # The compressed body (about 330 bytes) is under the limit; the page is not.
    assert len(gzip.compress(ARTICLE.encode())) < 500 < len(ARTICLE.encode())
    with pytest.raises(InputTooLargeError, match="over the limit of 500 bytes"):
        scrape(site.url("/gzip"), render=False, max_input_bytes=500)


def test_a_decompression_bomb_stops_at_the_limit(site):
    with pytest.raises(InputTooLargeError, match="over the limit of 1,000,000 bytes"):
        scrape(site.url("/bomb"), render=False, max_input_bytes=1_000_000)


@pytest.mark.parametrize("path, note", [
    ("/short-body", "the body was cut short ("),
    # zlib's words without its "Error -3 while decompressing data:", and where
    ("/bad-checksum", "content coding 'gzip' is damaged (incorrect data check, in bytes "),
])
def test_a_damaged_body_keeps_its_text_with_a_note(site, path, note):
    result = scrape(site.url(path), render=False)
    assert result.document.markdown == plain(site.url("/page")).markdown
    assert len(result.notes) == 1 and result.notes[0].startswith(note)


def test_a_pdf_that_takes_too_long_is_stopped(site):
    started = time.monotonic()
    with pytest.raises(webfold.DecodeError, match=r"^the PDF's text was not extracted within the "):
        scrape(site.url("/slow.pdf"), render=False, timeout=2)
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("url, message", [
    ("http://a..b/", "not a valid URL or request (UnicodeError: "),
    ("http://xn--a.com/", "not a valid URL or request ("),
    ("http://127.0.0.1:74237/", "not a valid URL (Port out of range 0-65535)"),
])
def test_urls_that_cannot_be_requested_are_fetch_errors(url, message):
    with pytest.raises(FetchError) as caught:
        scrape(url, render=False)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("path", ["/report.pdf", "/download"])
def test_a_pdf_becomes_paragraphs_also_when_served_as_octet_stream(site, path):
    result = scrape(site.url(path), render=False)
    assert result.content_type in ("application/pdf", "application/octet-stream")
    assert result.document.markdown == ("A short report on the river.\n\n"
                                        "The water rose in April and fell in August, as it does every year.\n\n"
                                        "Fishing was good.\n")
    assert result.document.metadata.title == "River report"


def test_pdf_lines_join_into_paragraphs_at_short_sentence_ends():
    text = "A line that runs the full width of the page and\nends here.\nNext one"
    assert paragraphs(text) == ["A line that runs the full width of the page and ends here.", "Next one"]


@pytest.mark.parametrize("path, markdown", [
    ("/notes.txt", "Plain *notes*\n\nkept as they are.\n"),
    ("/notes.md", "# Notes\n\n- one\n- two\n"),
])
def test_text_and_markdown_pass_through(site, path, markdown):
    assert plain(site.url(path)).markdown == markdown


def test_other_content_types_are_an_error_naming_the_type(site, capsys):
    with pytest.raises(ContentTypeError, match=r"^the response is image/png, not HTML, text or PDF$"):
        scrape(site.url("/image.png"), render=False)
    url = site.url("/image.png")
    assert run(capsys, "scrape", url)[0] == 1


def test_the_user_agent_is_a_browser_s_unless_overridden(site):
    assert f"UA: {USER_AGENT}" in plain(site.url("/ua")).markdown
    assert USER_AGENT.startswith("Mozilla/5.0 ") and "Chrome/" in USER_AGENT
    assert "UA: tester/1.0" in plain(site.url("/ua"), user_agent="tester/1.0").markdown


def test_json_for_a_url_reports_the_fetch(site, capsys):
    url = site.url("/redirect/1")
    code, out, err = run(capsys, "scrape", url, "--json", "--plain")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert {key: data[key] for key in ("url", "final_url", "status", "content_type", "strategy",
                                       "verdict", "browser_start_ms", "bytes_html")} == {
        "url": url, "final_url": site.url("/page"), "status": 200, "content_type": "text/html",
        "strategy": "plain", "verdict": "ok", "browser_start_ms": None,
        "bytes_html": len(ARTICLE.encode())}
    assert data["blocks_content"] == 4 and data["metadata"]["title"] == "River notes"
    assert data["markdown"].startswith("# River notes\n") and data["elapsed_ms"] > 0


def test_scrape_of_a_file_is_md(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text(ARTICLE)
    assert run(capsys, "scrape", str(page), "https://example.com/a/") == \
        run(capsys, "md", str(page), "https://example.com/a/")
    assert run(capsys, "scrape", str(tmp_path / "missing.html"))[0] == 2


@pytest.mark.parametrize("argv, message", [
    (["ftp://example.com/"], "ftp://example.com/: webfold scrape takes http:// and https:// URLs"),
    (["http://example.com/", "--timeout", "0"],
     "--timeout takes a number of seconds above 0 and at most 86,400, not 0.0"),
    (["http://example.com/", "--timeout", "1e10"],
     "--timeout takes a number of seconds above 0 and at most 86,400, not 10000000000.0"),
    (["http://example.com/", "--user-agent", "a\r\nX-Injected: 1"],
     "--user-agent takes printable ASCII characters only (an HTTP header value)"),
    (["http://example.com/", "--wait-selector", ""], "--wait-selector takes a CSS selector, not an empty string"),
    (["http://example.com/", "--wait-for", "-1"], "--wait-for takes a number of seconds of at least 0, not -1.0"),
    (["http://example.com/", "--render", "--plain"], "--render and --plain do not go together"),
    (["page.html", "--render"], "page.html: --render takes a URL (http:// or https://)"),
    (["page.html", "--scroll-document"], "page.html: --scroll-document takes a URL (http:// or https://)"),
    (["http://example.com/", "--plain", "--wait-for", "2"], "--plain and --wait-for do not go together"),
    (["http://example.com/", "--plain", "--browser", "http://127.0.0.1:9222"],
     "--plain and --browser do not go together"),
    (["http://example.com/", "--charset", "nonsense"],
     "--charset nonsense: not an encoding webfold decodes (a label of the WHATWG "
     "Encoding standard, such as utf-8, windows-1252, shift_jis or gbk)"),
    (["http://example.com/", "https://example.com/"],
     "http://example.com/: BASE goes with a FILE; a URL is its own base"),
])
def test_usage_errors_exit_2_with_one_line(capsys, argv, message):
    assert run(capsys, "scrape", *argv) == (2, "", f"webfold: error: {message}\n")


@pytest.mark.parametrize("render", [None, True, False])
def test_only_http_and_https_urls_are_fetched_or_rendered(render):
    with pytest.raises(FetchError, match=r"^not an http or https URL: 'file:///etc/passwd'$"):
        scrape("file:///etc/passwd", render=render)


def test_render_options_without_a_browser_are_a_value_error():
    with pytest.raises(ValueError, match="render options"):
        scrape("http://127.0.0.1:9/", render=False, options=webfold.RenderOptions(wait_for=1))


def test_the_library_exports_scrape_and_its_errors_lazily():
    import subprocess
    import sys

    code = ("import sys, webfold; assert 'webfold.scraper' not in sys.modules; "
            "assert webfold.scrape.__module__ == 'webfold.scraper'; "
            "assert issubclass(webfold.HTTPStatusError, webfold.FetchError)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_a_challenge_marker_needs_a_wall_status_or_a_thin_page():
    wall = b"<title>Just a moment...</title>"
    assert verdict(503, wall, []) == "blocked"
    assert verdict(200, wall, []) == "blocked"
    article = webfold.to_blocks(ARTICLE)
    assert verdict(200, wall + ARTICLE.encode(), article) == "ok"
    assert verdict(200, b"<p>hello</p>", webfold.to_blocks("<p>hello</p>")) == "empty"
