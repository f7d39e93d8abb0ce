"""``webfold crawl DIR``: every page converted, and the blocks a site repeats on many
pages removed as template."""

from __future__ import annotations

import gzip
import json
import os

import pytest

import webfold
from webfold.cli import main
from webfold.crawl import MIN_TEMPLATE_PAGES, page_files, page_links, robots_rules, site_of, template_signatures

POST = ("<html><body><main><h1>Post {0}</h1><p>Post {0} tells its own story about the river, "
        "number {0}.</p><p>Subscribe to our weekly letter for river news.</p>"
        "<p>Copyright River Inc, all rights kept.</p>{1}</main></body></html>")


def write_site(folder, count: int, host: str = "river.example") -> None:
    blog = folder / host / "blog"
    blog.mkdir(parents=True)
    for number in range(count):
        extra = "<p>Only the first two pages carry this sentence.</p>" if number < 2 else ""
        (blog / f"post{number}.html").write_text(POST.format(number, extra))


def crawl_json(capsys, folder, *options):
    code = main(["crawl", str(folder), "--json", "--jobs", "1", *options])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_blocks_on_half_the_pages_or_more_are_template(tmp_path, capsys):
    write_site(tmp_path, 4)
    code, pages, err = crawl_json(capsys, tmp_path)
    assert code == 0
    assert [page["path"] for page in pages] == [f"river.example/blog/post{n}.html" for n in range(4)]
    assert pages[3]["markdown"] == "# Post 3\n\nPost 3 tells its own story about the river, number 3.\n"
    # On 2 of 4 pages: half, but the sentence must also be on 3 pages to be template.
    assert "Only the first two pages" in pages[0]["markdown"]
    assert [page["template_blocks"] for page in pages] == [2, 2, 2, 2]
    assert err == "webfold: crawl: 4 pages: 4 converted, 0 failed; 8 template blocks dropped\n"


def test_a_higher_share_keeps_more(tmp_path, capsys):
    write_site(tmp_path, 4)
    (tmp_path / "river.example" / "blog" / "post3.html").write_text("<p>A page of its own, short.</p>")
    _, pages, _ = crawl_json(capsys, tmp_path, "--template-share", "0.9")
    assert [page["template_blocks"] for page in pages] == [0, 0, 0, 0]      # 3 of 4 < 0.9
    _, pages, _ = crawl_json(capsys, tmp_path, "--template-share", "0.75")
    assert [page["template_blocks"] for page in pages] == [2, 2, 2, 0]
    _, pages, _ = crawl_json(capsys, tmp_path, "--keep-template")
    assert [page["template_blocks"] for page in pages] == [0, 0, 0, 0]
    assert "Subscribe to our weekly letter" in pages[0]["markdown"]


def test_sites_are_counted_apart(tmp_path, capsys):
    write_site(tmp_path, 3, "a.example")
    write_site(tmp_path, 2, "b.example")
    _, pages, _ = crawl_json(capsys, tmp_path)
    assert [page["template_blocks"] for page in pages] == [2, 2, 2, 0, 0]   # b has 2 pages only


def test_a_page_that_is_all_template_keeps_its_content(tmp_path, capsys):
    blog = tmp_path / "blog"
    blog.mkdir()
    for number in range(3):
        (blog / f"copy{number}.html").write_text("<main><h1>Same</h1><p>The same page three times over.</p></main>")
    _, pages, _ = crawl_json(capsys, tmp_path)
    assert [page["markdown"] for page in pages] == ["# Same\n\nThe same page three times over.\n"] * 3


def test_markdown_files_mirror_the_folder_and_gzip_pages_are_read(tmp_path, capsys):
    write_site(tmp_path / "in", 3)
    page = tmp_path / "in" / "river.example" / "blog" / "post0.html"
    page.with_suffix(".html.gz").write_bytes(gzip.compress(page.read_bytes()))
    page.unlink()
    # an .xhtml page gzipped too (newcomer of session 32: skipped)
    other = tmp_path / "in" / "river.example" / "blog" / "post1.html"
    other.with_suffix(".xhtml.gz").write_bytes(gzip.compress(other.read_bytes()))
    other.unlink()
    assert main(["crawl", str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--jobs", "2"]) == 0
    written = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.md"))
    assert written == [f"river.example/blog/post{n}.md" for n in range(3)]
    assert (tmp_path / "out" / "river.example/blog/post0.md").read_text().startswith("# Post 0\n")


def test_an_output_folder_that_is_a_file_is_a_usage_error(tmp_path, capsys):
    # as with webfold warc (newcomer of session 32: "OUT/page.md: cannot write", code 1)
    write_site(tmp_path / "in", 1)
    (tmp_path / "out").touch()
    assert main(["crawl", str(tmp_path / "in"), "-o", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == f"webfold: error: {tmp_path / 'out'}: cannot make the folder (File exists)\n"


def test_an_output_folder_of_a_dash_is_a_usage_error(tmp_path, capsys):
    # (breaker of session 32: it made a folder named "-")
    write_site(tmp_path / "in", 1)
    assert main(["crawl", str(tmp_path / "in"), "-o", "-"]) == 2
    assert "give --json" in capsys.readouterr().err


def test_a_page_that_fails_is_reported_and_the_run_goes_on(tmp_path, capsys):
    write_site(tmp_path, 3)
    (tmp_path / "river.example" / "blog" / "broken.html.gz").write_bytes(b"\x1f\x8b not gzip")
    code, pages, err = crawl_json(capsys, tmp_path)
    assert code == 1 and len(pages) == 4
    assert pages[0]["path"].endswith("broken.html.gz") and pages[0]["error"].startswith("ValueError: not a valid gzip")
    assert err.splitlines()[-1] == "webfold: crawl: 4 pages: 3 converted, 1 failed; 6 template blocks dropped"


@pytest.fixture(scope="module")
def site():
    from website import Site

    served = Site()
    yield served
    served.close()


def test_a_site_is_crawled_breadth_first_within_robots_txt(site, capsys):
    code, pages, err = crawl_json(capsys, site.url("/site/"), "--plain")
    assert code == 0
    assert [page["url"] for page in pages] == [site.url(p) for p in ("/site/a", "/site/b", "/site/")]
    assert pages[0]["markdown"] == ("# Page a\n\nPage a says something of its own about the river "
                                    "and its bridges.\n")
    assert [page["template_blocks"] for page in pages] == [1, 1, 1]
    assert f"webfold: note: {site.url('/site/private')}: skipped: robots.txt disallows it\n" in err
    assert f"webfold: note: {site.url('/site/style.css')}: skipped: the response is text/css" in err
    # Redirects are checked as links are: robots.txt, the site, and pages saved once.
    assert (f"webfold: note: {site.url('/site/to-private')}: skipped: redirected to {site.url('/site/private')}, "
            "not followed: robots.txt disallows it\n") in err
    assert (f"webfold: note: {site.url('/site/away')}: skipped: redirected to http://localhost:9/elsewhere, "
            "not followed: another site\n") in err
    assert err.splitlines()[-1] == "webfold: crawl: 3 pages: 3 converted, 0 failed; 3 template blocks dropped"
    _, pages, _ = crawl_json(capsys, site.url("/site/"), "--plain", "--max-pages", "2")
    assert [page["url"] for page in pages] == [site.url(p) for p in ("/site/a", "/site/")]


def test_a_start_url_that_redirects_to_another_site_is_an_error(site, capsys):
    code, pages, err = crawl_json(capsys, site.url("/hop"), "--plain")
    assert (code, pages) == (1, [])
    assert (f"webfold: error: {site.url('/hop')}: skipped: redirected to http://localhost:9/, not followed: "
            "another site\n") in err
    # A start URL robots.txt forbids, or one that is not a page, is an error too.
    for path, reason in [("/site/private", "robots.txt disallows it"),
                         ("/site/style.css", "the response is text/css")]:
        code, pages, err = crawl_json(capsys, site.url(path), "--plain")
        assert code == 1 and f"webfold: error: {site.url(path)}: skipped: {reason}" in err


def test_a_site_is_one_however_its_host_is_written(site, capsys):
    upper = site.url("/site/").replace("127.0.0.1", "LOCALHOST")      # httpx writes it lower case
    code, pages, err = crawl_json(capsys, upper, "--plain", "--max-pages", "2")
    assert (code, len(pages)) == (0, 2)


def test_a_start_url_is_read_as_its_links_are(site, capsys):
    # "http://h:p" is "http://h:p/", which its page links to: fetched and saved once,
    # and a scheme is the same in any case (breaker of session 41)
    code, pages, err = crawl_json(capsys, site.url(""), "--plain", "--max-pages", "3")
    assert (code, [page["url"] for page in pages]) == (0, [site.url("/")])
    code, pages, err = crawl_json(capsys, site.url("/site/").replace("http:", "HTTP:"), "--plain", "--max-pages", "2")
    assert (code, len(pages)) == (0, 2)


def test_a_page_that_cannot_be_saved_still_leads_to_its_links(site, capsys, monkeypatch):
    # /deep/c, linked only from a page that the file system refused, was lost (breaker
    # of session 41: the page's folder was a file then; here the name is refused)
    import builtins
    import errno

    import webfold.crawl

    def refusing(path, *args, **kwargs):
        if "a.html_" in str(path):
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), path)
        return builtins.open(path, *args, **kwargs)

    monkeypatch.setattr(webfold.crawl, "open", refusing, raising=False)
    code, pages, err = crawl_json(capsys, site.url("/deep/a.html"), "--plain")
    assert [page["url"] for page in pages] == [site.url("/deep/a.html"), site.url("/deep/c")]
    assert "/deep/a.html/b: cannot be saved as 127.0.0.1_" in err and code == 1


def test_a_page_linked_in_other_spellings_is_fetched_once(site, capsys):
    # so three requests reach three pages (quick breaker of session 41: each spelling
    # was fetched, and the budget spent before /dupes/y)
    code, pages, err = crawl_json(capsys, site.url("/dupes/"), "--plain", "--max-pages", "3")
    assert (code, [page["url"] for page in pages]) == (0, [site.url(f"/dupes/{name}") for name in ("", "x", "y")])


def test_max_pages_counts_requests_that_fail(site, capsys):
    code, pages, err = crawl_json(capsys, site.url("/lost/"), "--plain", "--max-pages", "1")
    assert [page["url"] for page in pages] == [site.url("/lost/")]
    assert "/lost/gone" not in err and code == 0


def test_urls_that_cannot_be_fetched_are_counted(site, capsys):
    code, pages, err = crawl_json(capsys, site.url("/lost/"), "--plain")
    assert [page["url"] for page in pages] == [site.url("/lost/")]
    assert f"webfold: error: {site.url('/lost/gone')}: HTTP 404" in err
    assert err.splitlines()[-1] == ("webfold: crawl: 1 page: 1 converted, 0 failed; 1 URL not fetched; "
                                    "0 template blocks dropped")
    assert code == 1


def test_a_crawl_delay_in_fractions_of_a_second_is_read(site):
    rules = robots_rules(site.url("/site/"), "webfold", 5.0, failures := [])
    assert (rules.crawl_delay("webfold"), failures) == (0.05, [])
    assert not rules.can_fetch(site.url("/site/private"), "webfold")


@pytest.mark.parametrize("relative, site", [
    ("example.com/blog/a.html", "example.com"), ("blog/a.html", ""), ("a.html", ""),
    ("v1.2/a.html", "v1.2"),
])
def test_the_site_is_a_host_named_first_folder(relative, site):
    assert site_of(relative) == site


def test_template_needs_the_share_and_three_pages():
    pages = [{1, 2}, {1, 3}, {1}, {4}]
    assert template_signatures(pages, 0.5) == frozenset({1})
    assert template_signatures(pages[:2], 0.5) == frozenset()      # 2 pages < MIN_TEMPLATE_PAGES
    assert MIN_TEMPLATE_PAGES == 3


@pytest.mark.parametrize("argv, message", [
    (["{tmp}"], "give -o OUT (Markdown files) or --json (JSON Lines on stdout)"),
    (["{tmp}", "--json", "-o", "{tmp}/out"], "give either -o OUT (Markdown files) or --json (JSON Lines on "
                                              "stdout), not both"),
    (["{tmp}", "--json", "--template-share", "0"], "--template-share takes a share above 0 and at most 1, not 0.0"),
    (["{tmp}/nowhere", "--json"], "{tmp}/nowhere: not a folder (nor an http:// or https:// URL)"),
    # the options of fetching are for a URL: a folder's pages are all converted, so they
    # were ignored there without a word (newcomer of session 41)
    (["{tmp}", "--json", "--max-pages", "2"], "--max-pages: only for a URL to crawl (a folder's pages are all "
                                              "converted)"),
    (["{tmp}", "--json", "--timeout", "3", "--plain"], "--timeout and --plain: only for a URL to crawl (a "
                                                        "folder's pages are all converted)"),
    (["https://ex.example/", "--json", "--max-pages", "0"], "--max-pages takes at least 1 page, not 0"),
    (["https://ex.example/", "--json", "--timeout", "-1"], "--timeout takes a number of seconds above 0 and at "
                                                          "most 86,400, not -1.0"),
])
def test_usage_errors(tmp_path, capsys, argv, message):
    assert main(["crawl", *[a.format(tmp=tmp_path) for a in argv]]) == 2
    assert capsys.readouterr().err == f"webfold: error: {message.format(tmp=tmp_path)}\n"


def test_pages_whose_names_meet_are_both_written_and_fifos_are_left_alone(tmp_path, capsys):
    import os

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.html").write_text("<main><p>The page written as html.</p></main>")
    (folder / "a.htm").write_text("<main><p>The page written as htm.</p></main>")
    os.mkfifo(folder / "pipe.html")
    assert main(["crawl", str(folder), "-o", str(tmp_path / "out"), "--jobs", "1"]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.html.md", "a.md"]
    assert (tmp_path / "out" / "a.md").read_text() == "The page written as htm.\n"


def test_a_site_that_cannot_be_reached_is_an_error(capsys):
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, pages, err = crawl_json(capsys, f"http://127.0.0.1:{port}/", "--plain")
    assert (code, pages) == (1, [])
    assert f"webfold: error: http://127.0.0.1:{port}/robots.txt: connection refused; nothing is fetched" in err


def test_file_names_that_are_not_utf8_stay_apart(tmp_path, capsys):
    folder = tmp_path / "site"
    folder.mkdir()
    for name in (b"caf\xe8.html", b"caf\xe9.html"):
        (folder / os.fsdecode(name)).write_bytes(b"<p>" + name + b" is a page of its own.</p>")
    code, pages, _ = crawl_json(capsys, folder)
    assert code == 0
    assert sorted(page["path"] for page in pages) == ["caf\\xe8.html", "caf\\xe9.html"]
    assert main(["crawl", str(folder), "-o", str(tmp_path / "out"), "--jobs", "1"]) == 0
    assert sorted(os.listdir(os.fsencode(tmp_path / "out"))) == [b"caf\xe8.md", b"caf\xe9.md"]
    capsys.readouterr()
    assert main(["md", os.fsdecode(b"/nowhere/caf\xe9.html")]) == 2
    assert capsys.readouterr().err == "webfold: error: /nowhere/caf\\xe9.html: no such file\n"


def test_an_output_that_cannot_be_written_stops_the_crawl(tmp_path, capsys):
    write_site(tmp_path / "site", 3)
    out = tmp_path / "out"
    (out / "river.example" / "blog" / "post0.md").mkdir(parents=True)
    assert main(["crawl", str(tmp_path / "site"), "-o", str(out), "--jobs", "1"]) == 1
    assert capsys.readouterr().err == \
        f"webfold: error: {out}/river.example/blog/post0.md: cannot write (Is a directory)\n"


def test_links_are_not_followed_and_unreadable_folders_are_errors(tmp_path, capsys):
    write_site(tmp_path / "site", 3)
    blog = tmp_path / "site" / "river.example" / "blog"
    (blog / "dangling.html").symlink_to(tmp_path / "nowhere.html")
    (tmp_path / "outside.html").write_text("<p>A page outside the folder.</p>")
    (blog / "outside.html").symlink_to(tmp_path / "outside.html")
    code, pages, err = crawl_json(capsys, tmp_path / "site")
    assert [page["path"].rsplit("/", 1)[1] for page in pages] == ["post0.html", "post1.html", "post2.html"]
    assert code == 0
    # A folder that cannot be listed (no permission; here, as root, one that is gone).
    assert page_files(str(tmp_path / "gone"), problems := []) == []
    assert problems == [f"{tmp_path / 'gone'}: cannot read this folder (No such file or directory)"]


@pytest.mark.parametrize("base, expected", [
    ("/x/", ["https://ex.example/x/a.html"]),
    # one that the converter ignores leaves the page's address (breaker of session 39:
    # a "javascript:" base left no link to follow)
    ("javascript:void(0)", ["https://ex.example/d/a.html"]),
    ("data:text/html,x", ["https://ex.example/d/a.html"]),
    ("/" + "x" * 2100, ["https://ex.example/d/a.html"]),
    ("java\tscript:x", ["https://ex.example/d/a.html"]),
    # and what it takes is read as the converter reads it (quick breaker of session 39)
    ("\\\\other.example\\b\\", ["https://other.example/b/a.html"]),
    ("https:///other.example/b/", ["https://other.example/b/a.html"]),
])
def test_a_crawl_follows_links_from_the_base_that_the_converter_takes(base, expected):
    html = f'<p><a href="a.html">a</a></p><base href="{base}">'.encode()
    assert page_links(html, "https://ex.example/d/p.html") == expected


@pytest.mark.parametrize("before, base", [
    # a base the converter ignores: in a template's inert content, in SVG or MathML, in a
    # <noscript> read as text, in raw text or a comment, or after a first <base href>
    ("<template><base href='/x/'></template>", "/d/"),
    ("<svg><base href='/x/'></svg>", "/d/"),
    ("<math><base href='/x/'></math>", "/d/"),
    ("<noscript><base href='/x/'></noscript>", "/d/"),
    ("<title><base href='/x/'></title>", "/d/"),
    ("<textarea><base href='/x/'></textarea>", "/d/"),
    ("<template></svg><base href='/x/'></template>", "/d/"),
    ("<base href><base href='/x/'>", "/d/"),
    # and one it takes: HTML again after foreign content, at an integration point, or
    # after a comment that a lenient reader would take to go on (breaker of session 41)
    ("<svg><foreignObject><base href='/x/'></foreignObject></svg>", "/x/"),
    ("<svg><p>x</p><base href='/x/'>", "/x/"),
    ("<template><svg></template><base href='/x/'>", "/x/"),
    ("<head><noscript></head><base href='/x/'>", "/x/"),
    ("<!--> <base href='/x/'> -->", "/x/"),
])
def test_a_crawl_follows_links_from_the_base_of_the_markdown(before, base):
    html = (before + '<p><a href="a.html">a</a></p>').encode()
    expected = f"https://ex.example{base}a.html"
    assert page_links(html, "https://ex.example/d/p.html") == [expected]
    assert f"]({expected})" in webfold.to_markdown(html, "https://ex.example/d/p.html", selection=False)


@pytest.mark.parametrize("html, expected", [
    # read as the converter reads the page (breaker of session 41): its encoding, a
    # reference-like run in an attribute value, the first of duplicate attributes, no
    # tags in raw text or after a comment's "--!>", a base in <noscript> that the page
    # serves its content in
    ('<meta charset="windows-1252"><a href="caf\xe9">x</a>'.encode("latin-1"), ["https://ex.example/d/caf\u00e9"]),
    ('\ufeff<a href="b">x</a>'.encode("utf-16"), ["https://ex.example/d/b"]),
    (b'<a href="?a=1&copy=2">x</a>', ["https://ex.example/d/p.html?a=1&copy=2"]),
    (b'<a href="x" href="y">x</a>', ["https://ex.example/d/x"]),

    (b'<textarea><a href="t">t</a></textarea><!-- c --!><a href="z">z</a>', ["https://ex.example/d/z"]),
    (b"<noscript><base href='/b/'><p><a href=x>x</a> " + b"Text of the page. " * 20 + b"</p></noscript>",
     ["https://ex.example/b/x"]),
])
def test_a_crawl_reads_links_as_the_converter_does(html, expected):
    assert page_links(html, "https://ex.example/d/p.html") == expected
    markdown = webfold.to_markdown(html, "https://ex.example/d/p.html", selection=False)
    assert all(f"]({target})" in markdown for target in expected)


def test_a_crawl_follows_links_whose_scheme_is_upper_case_and_keeps_no_break_spaces():
    # (quick breaker of session 41: "HTTP://" links were dropped, and a no-break space
    # at an href's start was stripped, which the URL standard does not do)
    html = b'<a href="HTTPS://ex.example/u">u</a><a href="\xc2\xa0nb">n</a>'
    assert page_links(html, "https://ex.example/d/p.html") == ["https://ex.example/u", "https://ex.example/d/\u00a0nb"]


def test_a_crawl_follows_the_links_of_navigation_and_hidden_menus_once_each():
    html = (b"<nav><a href='/a'>A</a> <a href='/b#top'>B</a></nav><div hidden><a href='/c'>C</a></div>"
            b"<main><p>Text <a href='/b'>again</a>, <a href='mailto:x@ex.example'>mail</a>, "
            b"<a href='https://other.example/'>out</a>.</p></main>")
    assert page_links(html, "https://ex.example/") == [
        "https://ex.example/a", "https://ex.example/b", "https://ex.example/c", "https://other.example/"]


def test_file_names_fit_a_file_system_and_stay_inside_the_folder():
    from webfold.crawl import MAX_NAME_BYTES, _file_name

    # a folder is never named as a file is, in either order; a long slug is cut and
    # hashed; no host makes a ".." folder (breakers of session 41)
    for order in (["/a.html", "/a.html/", "/a.html/b", "/p.HTM"], ["/a.html/b", "/a.html", "/p.HTM"]):
        taken = set()
        for path in order:
            taken.add(_file_name("https://h.example" + path, taken))
        assert not any(name.startswith(other + "/") for name in taken for other in taken)
    assert taken == {"h.example/a.html_/b.html", "h.example/a.html", "h.example/p.HTM"}
    long = _file_name("https://h.example/" + "\u65e5" * 90, set())
    assert len(long.split("/")[1].encode()) <= MAX_NAME_BYTES + len(".html")
    assert long != _file_name("https://h.example/" + "\u65e5" * 89 + "x", set())
    assert _file_name("https://../x", set()) == "__/x.html"


def test_pages_whose_names_collide_are_numbered_from_the_same_stem():
    # "/", "/index.html" and "/index" all name index.html: the third was index_2_3.html
    # (newcomer of session 41)
    from webfold.crawl import _file_name

    taken = set()
    for url in ("http://h.example/", "http://h.example/index.html", "http://h.example/index"):
        taken.add(_file_name(url, taken))
    assert sorted(taken) == ["h.example/index.html", "h.example/index_2.html", "h.example/index_3.html"]
