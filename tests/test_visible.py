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
    path = capture.cache_path(tmp_path, page.raw, False)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert read_all([page], tmp_path, workers=1, progress=False)["p"].text == "fresh"
    assert read_all([page], tmp_path, workers=1, progress=False)["p"].text == "fresh"   # and replaced


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
