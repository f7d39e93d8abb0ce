"""bench.visible: the innerText reader in the real Chromium, the coverage and leak
scorer, and the whole comparison on two pages of the shared data.

The browser tests need Playwright and Chromium (``.ci/run`` installs Debian's
chromium); without them they skip, except under CI, where they fail."""

from __future__ import annotations

import sys

import pytest

from conftest import REPO, data_dir, require, require_browser

sys.path.insert(0, str(REPO))       # bench is a folder of the repository, not installed

from bench.visible import capture  # noqa: E402
from bench.visible.capture import Job, read_all  # noqa: E402
from bench.visible.score import coverage_leak, score, summarize  # noqa: E402


@pytest.fixture(scope="module")
def browser():
    require_browser()


def test_coverage_and_leak_count_words():
    # output: one two two secret (4 words); visible: one two three (3 words)
    coverage, leak, out, leaked = coverage_leak("One *two* two [secret](http://x.test/)", "one two\nthree")
    assert (coverage, leak, out, dict(leaked)) == (2 / 3, 2 / 4, 4, {"two": 1, "secret": 1})


def test_markdown_is_projected_to_the_words_a_browser_shows():
    # inline tags join the text around them (a link inside a word, inside a CJK run);
    # block tags, cells and line breaks part it (shared with the WCXB scorer)
    from bench.wcxb import plain_text, words

    markdown = ("foo[bar](http://x.test/)baz 中文[链接](x)文字 **b**old mc<sup>2</sup> H<sub>2</sub>O"
                "\n\n| a | b |\n|---|---|\n| c | d |\n\nline  \nbreak\n\n- [x] done\n- [ ] todo [x]")
    assert words(plain_text(markdown)) == ["foobarbaz", "中文链接文字", "bold", "mc2", "h2o", "a", "b", "c", "d",
                                           "line", "break", "done", "todo", "x"]
    assert coverage_leak("中文[链接](x)文字", "中文链接文字")[:2] == (1.0, 0.0)


def test_an_empty_output_leaks_nothing_and_covers_nothing():
    assert coverage_leak("", "seen words")[:3] == (0.0, 0.0, 0)


def test_a_page_that_shows_no_words_has_no_coverage():
    result = score("p", "article", "text", "")
    assert (result.coverage, result.leak) == (None, 1.0)
    assert summarize([result, score("q", "article", "a b", "a c")]).coverage_mean == 0.5


def test_a_tool_that_raises_on_a_page_gives_an_empty_output_and_its_error(monkeypatch):
    from bench.visible import __main__ as comparison

    def broken(tool):
        def convert(raw, url):
            raise ValueError("Document is empty\nmore")
        return convert

    monkeypatch.setattr(comparison, "extractor", broken)
    page = comparison.Page("wcxb/0001", "wcxb", "article", b"", None)
    result = comparison.score_job(("peer", page, "seen words"))
    assert (result.coverage, result.leak, result.error) == (0.0, 0.0, "ValueError: Document is empty")


HIDDEN_BY_STYLESHEET = (b"<html><head><style>p + p { display: none }</style></head>"
                        b"<body><p>one two three</p><p>secret words</p></body></html>")
WRITTEN_BY_SCRIPT = b"<p>static</p><script>document.body.append(' added')</script>"


def test_inner_text_applies_the_page_stylesheet_and_is_cached(browser, tmp_path, monkeypatch):
    jobs = [Job("styled", HIDDEN_BY_STYLESHEET), Job("scripted", WRITTEN_BY_SCRIPT)]
    found = read_all(jobs, tmp_path, workers=1, progress=False)
    assert found["styled"].text == "one two three" and found["styled"].error is None
    assert found["styled"].browser.startswith("Chromium ")
    assert found["scripted"].text == "static"           # scripts are off by default
    assert len(list(tmp_path.glob("*/*-static.json"))) == 2
    monkeypatch.setattr(capture, "_Reader", None)       # a second run reads only the cache
    assert read_all(jobs, tmp_path, workers=1, progress=False)["styled"].text == "one two three"


@pytest.mark.parametrize("content", [b"", b'{"text": "x"', b"null", b"[1]", b'{"text": 5, "error": null, "browser": ""}',
                                     b'{"text": "x", "error": null, "browser": "", "more": 1}', b"\xff\xfe"])
def test_a_damaged_cache_file_is_read_again(browser, tmp_path, content):
    page = Job("p", b"<p>fresh</p>")
    path = capture.cache_path(tmp_path, page.served, False)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert read_all([page], tmp_path, workers=1, progress=False)["p"].text == "fresh"
    assert read_all([page], tmp_path, workers=1, progress=False)["p"].text == "fresh"   # and replaced


def test_the_page_is_read_in_the_encoding_webfold_reads_it(browser, tmp_path):
    # no charset declared: Chromium alone would take the UTF-8 bytes as windows-1252
    jobs = [Job("undeclared", "<p>LinkedIn’s café</p>".encode()),
            Job("declared", '<meta charset="windows-1252"><p>caf\xe9</p>'.encode("latin-1"))]
    found = read_all(jobs, tmp_path, workers=1, progress=False)
    assert (found["undeclared"].text, found["declared"].text) == ("LinkedIn’s café", "café")


def test_identical_pages_are_read_once(browser, tmp_path):
    found = read_all([Job("a", b"<p>same</p>"), Job("b", b"<p>same</p>")], tmp_path, workers=1, progress=False)
    assert (found["a"].text, found["b"].text) == ("same", "same")
    assert len(list(tmp_path.glob("*/*.json"))) == 1


AMP_START = (b"<style>body { animation: start 8s steps(1, end) 0s 1 normal both }"
             b"@keyframes start { from { visibility: hidden } to { visibility: visible } }</style>"
             b"<p>shown after eight seconds</p>")


@pytest.mark.parametrize("page, text", [
    (AMP_START, "shown after eight seconds"),                              # the settled page
    (b"<style>p { animation: spin 1s infinite }@keyframes spin { to { opacity: .5 } }</style><p>spins</p>",
     "spins"),
    (b'<body style="display:none"><p>never shown</p><script>var x = 1</script>', ""),
    (b"<html style='display:none'><p>never shown</p>", ""),
    (b"<frameset><frame src='a.html'></frameset>", ""),
])
def test_what_a_settled_page_shows(browser, tmp_path, page, text):
    assert read_all([Job("p", page)], tmp_path, workers=1, progress=False)["p"].text == text


def test_a_page_that_leaves_for_another_address_fails(browser, tmp_path):
    jobs = [Job("refresh", b'<meta http-equiv="Refresh" content="0; URL=\'https://example.test/next\'"><p>x</p>'),
            Job("reload", b'<meta http-equiv="refresh" content="300"><p>stays</p>'),
            Job("same", b'<meta http-equiv="refresh" content="5;url=page.html#top"><p>stays</p>')]
    found = read_all(jobs, tmp_path, workers=1, progress=False)
    assert (found["refresh"].text, found["refresh"].error) == ("", "the page leaves for https://example.test/next")
    assert [(found[n].text, found[n].error) for n in ("reload", "same")] == [("stays", None)] * 2
    assert len(list(tmp_path.glob("*/*.json"))) == 2        # the failure is not cached


def test_a_script_that_leaves_fails(browser, tmp_path):
    page = b"<p>x</p><script>location.href = 'https://example.test/elsewhere'</script>"
    found = read_all([Job("p", page)], tmp_path, scripts=True, workers=1, progress=False)
    assert found["p"].text == "" and found["p"].error is not None


def test_no_other_service_on_this_machine_is_reached(browser, tmp_path):
    import http.server
    import threading

    asked = []

    class Listener(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Listener)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    port = other.server_address[1]
    page = "".join(f'<img src="http://{host}:{port}/{n}" onerror="document.body.append(\' refused\')">'
                   for n, host in enumerate(["127.0.0.1", "localhost", "127.0.0.2"]))
    try:
        found = read_all([Job("p", b"<p>page</p>" + page.encode())], tmp_path, scripts=True, workers=1,
                         progress=False)
    finally:
        other.shutdown()
        other.server_close()
    assert (found["p"].text.split(), asked) == (["page", "refused", "refused", "refused"], [])


def test_scripts_run_on_request_and_nothing_else_loads(browser, tmp_path):
    page = (b"<p>static</p><script>document.body.append(' added')</script>"
            b"<img src=\"https://example.test/x.png\" onerror=\"document.body.append(' refused')\">")
    found = read_all([Job("p", page)], tmp_path, scripts=True, workers=1,
                     progress=False)
    assert found["p"].text == "static\n\nadded refused"
    assert list(tmp_path.glob("*/*-scripts.json"))


def test_a_page_whose_script_never_yields_fails_and_the_next_is_read(browser, tmp_path, monkeypatch):
    monkeypatch.setattr(capture, "PAGE_SECONDS", 5)
    jobs = [Job("first", b"<p>first</p>"),
            Job("stuck", b"<p>x</p><script>addEventListener('load', () => { for (;;) {} })</script>"),
            Job("next", b"<p>next</p>")]
    found = read_all(jobs, tmp_path, scripts=True, workers=1, progress=False)
    assert (found["stuck"].text, found["stuck"].error) == ("", "no answer in 5 s")
    assert [(found[name].text, found[name].error) for name in ("first", "next")] == [
        ("first", None), ("next", None)]
    assert len(list(tmp_path.glob("*/*.json"))) == 2      # a failure is not cached


def test_a_browser_that_cannot_start_fails_every_page_with_the_reason(browser, tmp_path, monkeypatch):
    monkeypatch.setenv("WEBFOLD_CHROMIUM", "/bin/false")
    found = read_all([Job(str(n), b"<p>%d</p>" % n) for n in range(25)], tmp_path, workers=2, progress=False)
    assert len(found) == 25 and not list(tmp_path.iterdir())
    assert {v.error for v in found.values()} == {
        "the reading process ended (exit code 1: playwright._impl._errors.TargetClosedError: "
        "BrowserType.launch: Target page, context or browser has been closed)"}


def test_converter_leak_of_text_a_stylesheet_hides(browser, tmp_path):
    import webfold

    visible = read_all([Job("styled", HIDDEN_BY_STYLESHEET)], tmp_path,
                       workers=1, progress=False)["styled"].text
    markdown = webfold.to_markdown(HIDDEN_BY_STYLESHEET, selection=False)
    assert markdown == "one two three\n\nsecret words\n"   # webfold does not read stylesheets
    assert coverage_leak(markdown, visible)[:2] == (1.0, 2 / 5)


def test_the_comparison_on_two_pages_of_the_shared_data(browser, tmp_path, capsys):
    import json

    from bench.visible.__main__ import main

    root = require(data_dir() / "wcxb")
    png, results = tmp_path / "plot.png", tmp_path / "results.json"
    assert main(["--data", str(root.parent), "--limit", "1", "--tool", "webfold", "--tool",
                 "webfold-all-blocks", "--cache", str(tmp_path / "cache"), "--plot", str(png),
                 "--json", str(results)]) == 0
    out = capsys.readouterr().out
    for corpus in ("wcxb", "firecrawl"):
        for tool in ("webfold", "webfold-all-blocks"):
            assert f"| {corpus} | {tool} | 1 |" in out
    pages = json.loads(results.read_text())
    assert [r["page"] for r in pages["webfold"]] == ["wcxb/0001", "firecrawl/articles/apnews_001"]
    for rows in pages.values():
        for r in rows:
            assert 0.5 < r["coverage"] <= 1 and 0 <= r["leak"] < 0.1 and r["error"] is None
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_unwritable_outputs_are_refused_before_the_run(tmp_path, capsys):
    from bench.visible.__main__ import main

    assert main(["--json", str(tmp_path / "missing" / "out.json")]) == 1
    assert capsys.readouterr().err == (f"bench.visible: cannot write {tmp_path / 'missing' / 'out.json'}: "
                                       "its folder is missing or not writable\n")


@pytest.mark.parametrize("html, truth", [(b"not gzip", b'{"url": "https://a.test/"}'),
                                         (None, b'{"url": "https://a.test/"'), (None, b"[]")])
def test_a_damaged_data_file_is_named(tmp_path, capsys, html, truth):
    import gzip

    from bench.visible.__main__ import main

    folder = tmp_path / "wcxb" / "dev"
    (folder / "html").mkdir(parents=True)
    (folder / "ground-truth").mkdir()
    (folder / "html" / "0001.html.gz").write_bytes(html or gzip.compress(b"<p>x</p>"))
    (folder / "ground-truth" / "0001.json").write_bytes(truth)
    damaged = folder / ("html/0001.html.gz" if html else "ground-truth/0001.json")
    # webfold alone: the peers are in the bench extra, which the test command does not install
    assert main(["--data", str(tmp_path), "--corpus", "wcxb", "--tool", "webfold"]) == 1
    assert capsys.readouterr().err.startswith(f"bench.visible: cannot read {damaged}: ")


def test_a_missing_data_folder_and_an_unusable_cache_are_refused_before_the_run(tmp_path, capsys):
    from bench.visible.__main__ import main

    assert main(["--data", str(tmp_path / "absent"), "--tool", "webfold"]) == 1
    assert capsys.readouterr().err == (f"bench.visible: the data folder {tmp_path / 'absent'} does not exist "
                                       "(give --data, or set WEBFOLD_DATA)\n")
    (tmp_path / "file").write_text("x")
    assert main(["--data", str(tmp_path), "--cache", str(tmp_path / "file"), "--tool", "webfold"]) == 1
    assert capsys.readouterr().err.startswith(f"bench.visible: cannot use the cache folder {tmp_path / 'file'}: ")


def test_workers_are_bounded(capsys):
    from bench.visible.__main__ import main

    with pytest.raises(SystemExit):
        main(["--workers", "33"])
    assert "a whole number from 1 to 32, not '33'" in capsys.readouterr().err
