"""Untrusted output: text hidden from readers never reaches the Markdown, and
``safe_links`` drops targets that run code or read local files."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import webfold
from webfold.build import invisible, plain_css

HIDDEN_PAGE = Path(__file__).parent / "security" / "hidden-text.html"


@pytest.mark.parametrize("selection", [True, False])
def test_hidden_text_tricks_do_not_reach_the_markdown(selection):
    markdown = webfold.to_markdown(HIDDEN_PAGE.read_bytes(), selection=selection)
    assert re.findall(r"INJECTED-[\w-]+", markdown) == []
    if not selection:   # which visible blocks are content is the selector's choice
        # ...while the rules keep every visible marker: font-size:0 on a block (the
        # inline-block white space trick), dark text on white, a collapsed panel and a
        # fade-in included.
        assert sorted(re.findall(r"VISIBLE-\d", markdown)) == [f"VISIBLE-{i}" for i in range(1, 10)]


def test_hidden_text_stays_out_whatever_the_selector_keeps(monkeypatch):
    # A selector that keeps every block, hidden ones included: the default output still
    # holds none of the tricks, and --hidden is what lets the hidden blocks in.
    from webfold import select

    class KeepAll:
        threshold = precision_threshold = 0.5
        floor = 0.05

        def scores(self, blocks):
            return [1.0] * len(blocks)

    monkeypatch.setattr(select, "selector", KeepAll)
    page = HIDDEN_PAGE.read_bytes()
    assert re.findall(r"INJECTED-[\w-]+", webfold.to_markdown(page)) == []
    assert re.findall(r"INJECTED-[\w-]+", webfold.to_markdown(page, precision=True)) == []
    assert re.findall(r"INJECTED-[\w-]+", webfold.to_markdown(page, hidden=True)) != []


@pytest.mark.parametrize("style, phrasing, expected", [
    ("visibility: hidden", False, True), ("VISIBILITY:COLLAPSE !important", False, True),
    ("opacity:0", True, True), ("opacity: 0.0;", True, True), ("opacity:0.5", True, False),
    ("opacity:0", False, False),
    ("color: transparent", False, True), ("color: #333", False, False),
    ("color:rgba(0,0,0,0)", False, True), ("color: rgb(0 0 0 / 0)", False, True),
    ("color:rgba(0,0,0,0.8)", False, False), ("color: rgb(0, 0, 0)", False, False),
    ("color:rgb(10 0 0)", False, False), ("color:hsla(0, 0%, 0%, 0)", False, True),
    ("font-size:0", True, True), ("font-size: 0px", True, True), ("font-size:0", False, False),
    ("font-size:0.8em", True, False), ("font-size:10px", True, False),
    ("font:0/0 a", True, True), ("font: italic bold 0px Arial", True, True), ("font:0/0 a", False, False),
    ("font:10px/0 serif", True, False), ("font:100 10px serif", True, False),
    ("position:absolute;left:-9999px", False, True), ("left:-10px", False, False),
    ("text-indent:-99999px", False, True), ("top:-200em", False, True), ("margin-left:-12px", False, False),
    ("width:0;height:0;overflow:hidden", False, True), ("height:0px; width: 0; overflow-y: hidden", False, True),
    ("height:0;overflow:hidden", False, False), ("height:0", False, False),
    ("max-height:0;overflow:hidden", False, False),
    ("width:100%;overflow:hidden", False, False),
    ("clip: rect(0 0 0 0)", False, True), ("clip:rect(0px,0px,0px,0px)", False, True),
    ("clip-path: inset(100%)", False, True), ("clip-path: inset(10%)", False, False),
    ("color:#fff;background:#ffffff", False, True), ("color:white;background-color:RGB(255, 255, 255)", False, True),
    ("color: #000; background: black url(x.png)", False, True), ("color:#fff;background:#000", False, False),
    ("color:rgba(255,255,255,0.5);background:#fff", False, False), ("background:#fff", False, False),
    ("transform: scale(0)", False, True), ("transform:scale(0.5)", False, False),
    ("transform: translate(0) scaleX(0)", False, True), ("scale: 0", False, True),
    ("transform:translateX(-9999px)", False, True), ("transform:translateX(-20px)", False, False),
    ("filter: opacity(0)", False, True), ("filter:opacity(50%)", False, False),
    ("right:-99999px", False, True), ("left:-200vw", False, True), ("left:-50vw", False, False),
    ("clip:rect(1px,1px,1px,1px)", False, True), ("clip:rect(0, 300px, 80px, 0)", False, False),
    ("clip-path: circle(0)", False, True), ("clip-path:circle(40%)", False, False),
    ("color:#ffffff00", False, True), ("color:#0000", False, True), ("color:#000", False, False),
    ("visibility:hidden ! important", False, True),
    ("content-visibility: hidden", False, True), ("content-visibility:auto", False, False),
])
def test_invisible_styles(style, phrasing, expected):
    assert invisible(style, phrasing) is expected


def test_an_invisible_verdict_is_remembered_per_kind_of_element():
    # font-size:0 hides phrasing text only; the verdict on one kind is not the other's
    assert invisible("font-size: 0", True) is True
    assert invisible("font-size: 0", False) is False
    assert invisible("opacity:0", False) is False
    assert invisible("opacity:0", True) is True


@pytest.mark.parametrize("style, plain", [
    ("disp\\lay:none", "display:none"), ("display:/* x */none", "display: none"),
    # a comment ends the token before it (breaker of session 32: both hid the text)
    ("dis/**/play:none", "dis play:none"), ("display:no/**/ne", "display:no ne"),
    ("color:\\72 ed", "color:red"), ("a:\\0", "a:\ufffd"), ("b:/* open", "b: "),
])
def test_css_escapes_and_comments_are_read_as_css_reads_them(style, plain):
    assert plain_css(style) == plain


@pytest.mark.parametrize("tag", ["div", "app-root", "main"])
@pytest.mark.parametrize("style", ["visibility:hidden", "opacity:0", "transform:scale(0)"])
def test_a_page_wrapped_in_an_invisible_style_keeps_its_text(tag, style):
    # Pages are wrapped whole in such styles until their scripts run: on anything but
    # a phrasing element they are chrome, removed only when they hold little.
    page = f'<{tag} style="{style}"><h1>Title</h1><p>All of the article.</p></{tag}>'
    assert webfold.to_markdown(page, selection=False) == "# Title\n\nAll of the article.\n"


def test_display_none_with_a_spaced_important_is_hidden():
    page = '<p>a <span style="display:none ! important">HIDDEN</span> b</p>'
    assert webfold.to_markdown(page, selection=False) == "a b\n"


def test_control_characters_never_reach_the_output():
    # ESC, BEL and C1 controls are unseen and some terminals obey them.
    page = ('<title>T\x1bitle</title><p>a \x1bc b \x07bell \u009b csi</p><pre>x\x1b[31my</pre>'
            '<a href="/a\x1bb" title="t\x07">l</a>')
    document = webfold.to_document(page, selection=False)
    assert document.markdown == 'a c b bell csi\n\n```\nx[31my\n```\n\n[l](/ab "t")\n'
    assert document.metadata.title == "Title"


@pytest.mark.parametrize("base", ["http://ex.com/\x1b[31m/", "http://e\x01x.com/c\x85d/", "http://ex.com/a\x7fb/",
                                  "http://ex.com/a\tb/\n"])
def test_control_characters_of_the_callers_base_never_reach_the_output(base):
    # The caller's address is written into every link resolved against it.
    page = '<p><a href="rel">x</a> <img src="i.png" alt=a></p>'
    expected = base.replace("\x1b", "").replace("\x01", "").replace("\x85", "").replace("\x7f", "")
    expected = expected.replace("\t", "").replace("\n", "")
    assert webfold.to_markdown(page, base, selection=False) == f"[x]({expected}rel) ![a]({expected}i.png)\n"


def test_a_long_base_is_ignored():
    # Every relative target would carry it: 5,000 links to a base of 100,000 characters
    # made 500 MB of Markdown.
    page = '<base href="http://a.example/' + "A" * 100_000 + '/"><p>' + '<a href="x">y</a>' * 5
    assert webfold.to_markdown(page, "https://page.example/", selection=False) == \
        " ".join(["[y](https://page.example/x)"] * 5) + "\n"     # links side by side: apart


LINKS = ('<p><a href="javascript:alert(1)">js</a> <a href=" JaVa&#9;ScRipt:alert(1)">js2</a> '
         '<a href="vbscript:x">vb</a> <a href="data:text/html,x">data</a> <a href="FILE:///etc/passwd">file</a> '
         '<a href="//cdn.example/x">proto</a> <a href="/ok">ok</a> <a href="mailto:a@b.example">mail</a> '
         '<img src="data:image/png;base64,AAAA" alt="inline"> <img src="javascript:x" alt="jimg"> '
         '<img src="//img.example/p.png" alt="p"></p>')


def test_targets_are_written_as_the_page_has_them_by_default():
    assert webfold.to_markdown(LINKS, "http://example.com/", selection=False) == (
        "[js](<javascript:alert(1)>) [js2](<JaVaScRipt:alert(1)>) [vb](vbscript:x) [data](data:text/html,x) "
        "[file](FILE:///etc/passwd) [proto](http://cdn.example/x) [ok](http://example.com/ok) "
        "[mail](mailto:a@b.example) ![jimg](javascript:x) ![p](http://img.example/p.png)\n")


def test_safe_links_drop_unsafe_targets_and_keep_the_text():
    assert webfold.to_markdown(LINKS, "http://example.com/", selection=False, safe_links=True) == (
        "js js2 vb data file [proto](https://cdn.example/x) [ok](http://example.com/ok) "
        "[mail](mailto:a@b.example) ![p](https://img.example/p.png)\n")


def test_data_images_only_when_asked():
    kept = webfold.to_markdown(LINKS, None, selection=False, safe_links=True, data_images=True)
    assert "![inline](data:image/png;base64,AAAA)" in kept and "javascript" not in kept
    # a lazy-loading stand-in is still replaced by the real source
    lazy = '<img src="data:image/gif;base64,R0lGOD" data-src="/real.png" alt="a">'
    assert webfold.to_markdown(lazy, selection=False, data_images=True) == "![a](/real.png)\n"


@pytest.mark.parametrize("page", ['<a href="\t/\t/evil.example/x">y</a>', '<a href="/\\evil.example/x">y</a>',
                                  '<base href="//evil.example/"><a href="x">y</a>'])
def test_safe_links_give_protocol_relative_targets_https(page):
    assert webfold.to_markdown(page, selection=False, safe_links=True) == "[y](https://evil.example/x)\n"


def test_safe_links_drop_an_unsafe_canonical_url():
    page = '<link rel="canonical" href="javascript:alert(1)"><p>x</p>'
    assert webfold.to_document(page, safe_links=True).metadata.canonical is None
    assert webfold.to_document(page).metadata.canonical == "javascript:alert(1)"


def test_safe_links_on_the_command_line(tmp_path):
    page = tmp_path / "links.html"
    page.write_text(LINKS, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "webfold", str(page), "--all-blocks", "--safe-links"],
                          capture_output=True, text=True, cwd=tmp_path, check=True)
    assert done.stdout.startswith("js js2 vb data file [proto](https://cdn.example/x)")


@pytest.mark.parametrize("href, expected", [
    # a backslash is a slash in http(s) URLs: browsers go to evil.example, not to a path
    ("\\\\evil.example\\x", "https://evil.example/x"),
    ("/a\\b?q=\\c", "https://example.com/a/b?q=\\c"),
    ("mailto:a\\b", "mailto:a\\b"),
    # ... and slashes past two lead to the host (breaker of session 32: a path of the
    # page's own host, where browsers go to evil.example)
    ("///evil.example/x", "https://evil.example/x"), ("////evil.example/x", "https://evil.example/x"),
    ("\\\\\\evil.example\\x", "https://evil.example/x"), ("/\\/evil.example/x", "https://evil.example/x"),
    ("///", "///"),
    # empty segments stay and %2e is a dot, as in browsers (newcomer of session 32:
    # urljoin wrote "a//b" as "a/b")
    ("a//b", "https://example.com/dir/a//b"), ("..//x", "https://example.com//x"),
    ("ht tps://x", "https://example.com/dir/ht tps://x"), ("/a/%2e%2e/b", "https://example.com/b"),
    ("%2E/x", "https://example.com/dir/x"), (".%2e/z", "https://example.com/z"),
    ("//h/a/../b", "https://h/b"), ("../../../x", "https://example.com/x"),
    # no host is no URL: left as written (as "http:" is)
    ("//", "//"), ("//?q", "//?q"),
])
def test_targets_resolve_as_browsers_resolve_them(href, expected):
    from webfold.urls import Resolver

    assert Resolver("https://example.com/dir/page")(href) == expected


@pytest.mark.parametrize("base, href, expected", [
    # a relative base: no path of two slashes is read as a host (RFC 3986 §5.3)
    ("/guides/", "..//x", "/.//x"), ("docs/", "..", "./"), ("docs/", "a//b", "docs/a//b"),
    ("file:///tmp/x", "a//b", "file:///tmp/a//b"), ("//cdn.example/a/b", "../c", "//cdn.example/c"),
    # a host with no path has the path "/" (URL Standard §4.4; newcomer of session 39:
    # "https://example.com#x")
    ("https://example.com", "#x", "https://example.com/#x"), ("https://example.com?q", "", "https://example.com/?q"),
    ("http:/x", "#y", "http://x/#y"), ("https://u@ex.example:81#f", "#x", "https://u@ex.example:81/#x"),
    ("mailto:a@b.example", "#x", "mailto:a@b.example#x"),
])
def test_targets_resolve_against_other_bases(base, href, expected):
    from webfold.urls import Resolver

    assert Resolver(base)(href) == expected


def test_a_javascript_or_data_base_is_ignored():
    # HTML §2.4.1: such a base falls back to the document's address
    for base in ("javascript:alert(1)//", "data:text/html,x/"):
        page = f'<base href="{base}"><a href="x">y</a>'
        assert webfold.to_markdown(page, "https://ex.com/dir/", selection=False) == "[y](https://ex.com/dir/x)\n"


def test_safe_links_give_a_protocol_relative_base_https():
    page = '<base href="//evil.example/"><a href="x">y</a>'
    assert webfold.to_markdown(page, "http://p.example/", selection=False, safe_links=True) == \
        "[y](https://evil.example/x)\n"


def test_safe_links_read_a_scheme_past_white_space_in_a_relative_path():
    # (breaker on 4060fe7: "https: javascript:…" on an https page went through urljoin,
    # which strips the space, and came out as a javascript: link)
    html = '<p><a href="https: javascript:alert(1)">click</a><img src="https:&#12;javascript:x" alt=i></p>'
    output = webfold.to_markdown(html, "https://a.com/d/p.html", selection=False, safe_links=True)
    assert output == "[click](<https://a.com/d/ javascript:alert(1)>)![i](<https://a.com/d/\x0cjavascript:x>)\n"


@pytest.mark.parametrize("href", ["javascript&colon;alert(1)", "javascript&#58;alert(1)", "javascript&#x3a;x"])
def test_a_reference_in_a_path_never_renders_as_a_scheme(href):
    # cmark-gfm decodes a destination's references before its backslash escapes: the
    # path "javascript&colon;alert(1)" written as "javascript\&colon;…" became a
    # javascript: link there (breaker of session 32); "&amp;" reads back as "&" in
    # every renderer
    import cmarkgfm
    from cmarkgfm.cmark import Options

    html = f'<p><a href="{href.replace("&", "&amp;")}">x</a> <img src="{href.replace("&", "&amp;")}" alt=i></p>'
    markdown = webfold.to_markdown(html, selection=False, safe_links=True)
    for render in (cmarkgfm.github_flavored_markdown_to_html, cmarkgfm.markdown_to_html):
        rendered = render(markdown, options=Options.CMARK_OPT_UNSAFE)
        assert re.findall(r'(?:href|src)="([^"]*)"', rendered) == [href.replace("&", "&amp;")] * 2
