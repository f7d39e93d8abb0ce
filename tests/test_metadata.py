"""Page metadata (webfold.metadata, webfold.to_document, the CLI's --json)."""

import json

import pytest

import webfold
from webfold.cli import main

PAGE = """<!DOCTYPE html>
<html lang="en-gb"><head>
<title>Tide tables explained | Coastline Weekly</title>
<meta name="description" content="How to read a tide table before a walk on the beach.">
<meta name="author" content="Mara Quinn">
<meta property="og:site_name" content="Coastline Weekly">
<meta property="og:type" content="article">
<meta property="og:title" content="Tide tables, explained">
<meta property="article:published_time" content="2024-03-05T08:00:00Z">
<meta property="article:modified_time" content="2024-03-07">
<link rel="canonical" href="/guides/tide-tables">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article",
 "headline":"JSON-LD headline","author":{"@type":"Person","name":"Someone Else"},
 "datePublished":"2020-01-01","publisher":{"@type":"Organization","name":"Coastline Media"}}</script>
</head><body><main><h1>Tide tables explained</h1><p>High water comes twice a day.</p></main></body></html>"""


def metadata_of(html, base="https://coast.example/a/b"):
    return webfold.to_document(html, base).metadata


def test_every_field_from_its_most_trusted_source():
    found = metadata_of(PAGE)
    assert found.as_dict() == {
        "title": "Tide tables explained", "author": "Mara Quinn",
        "published": "2024-03-05T08:00:00+00:00", "modified": "2024-03-07", "language": "en-GB",
        "description": "How to read a tide table before a walk on the beach.",
        "canonical": "https://coast.example/guides/tide-tables", "site_name": "Coastline Weekly",
        "og_type": "article", "ld_types": ["Article", "Person", "Organization"]}


def test_json_ld_fills_what_the_head_does_not_give():
    html = """<title>Plain</title><script type="application/ld+json">{"@graph":[
      {"@type":"WebSite","name":"The Site"},
      {"@type":"BlogPosting","headline":"Post","inLanguage":"fr_FR","datePublished":"2023-11-02T10:00:00+01:00",
       "dateModified":"not a date","description":"Desc.","url":"https://x.example/post",
       "author":[{"@type":"Person","name":"Ann Lee"},{"@type":"Person","name":"Bo Chen"},
                 {"@type":"Person","name":"Cy Diaz"}]}]}</script><p>Body text.</p>"""
    found = metadata_of(html)
    # the page is thin, so the JSON-LD headline is also its <h1>: the title
    assert (found.title, found.author, found.published, found.modified) == \
        ("Post", "Ann Lee, Bo Chen and Cy Diaz", "2023-11-02T10:00:00+01:00", None)
    assert (found.language, found.description, found.canonical, found.site_name) == \
        ("fr-FR", "Desc.", "https://x.example/post", "The Site")


@pytest.mark.parametrize("html", [
    '<head><base href="https://other.example/b/"><link rel="canonical" href="canon/a"></head><p>x</p>',
    '<link rel="canonical" href="canon/a"><p><a href="x">x</a></p><base href="https://other.example/b/">',
])
def test_the_canonical_address_resolves_against_the_base_element(html):
    # as a browser resolves <link href> (breaker of session 39: against the page address)
    assert metadata_of(html).canonical == "https://other.example/b/canon/a"


def test_an_empty_page_has_no_metadata():
    found = metadata_of("", None)
    assert found.as_dict() == {"title": None, "author": None, "published": None, "modified": None,
                               "language": None, "description": None, "canonical": None,
                               "site_name": None, "og_type": None, "ld_types": []}


@pytest.mark.parametrize("title, site, expected", [
    ("Tide tables | Coastline Weekly", "Coastline Weekly", "Tide tables"),
    ("Coastline Weekly - Tide tables", "coastline weekly", "Tide tables"),
    ("Tide tables – coast.example", None, "Tide tables"),
    ("Tide tables: a guide | Coast", None, "Tide tables: a guide | Coast"),   # no site name known
    ("Pros - and cons", "Other", "Pros - and cons"),
])
def test_the_site_name_is_cut_from_the_title(title, site, expected):
    head = f"<title>{title}</title>" + (f'<meta property="og:site_name" content="{site}">' if site else "")
    assert metadata_of(head + "<p>x</p>").title == expected


@pytest.mark.parametrize("written, iso", [
    ("2024-03-05", "2024-03-05"), ("2024-03-05T08:00:00Z", "2024-03-05T08:00:00+00:00"),
    ("2024-03-05T08:00:00+0100", "2024-03-05T08:00:00+01:00"),
    ("Tue, 05 Mar 2024 08:00:00 GMT", "2024-03-05T08:00:00+00:00"),
    ("2024/3/5", "2024-03-05"), ("05.03.2024", "2024-03-05"), ("March 5, 2024", "2024-03-05"),
    ("5 Mar 2024", "2024-03-05"),
    ("yesterday", None), ("2024-13-45", None), ("31.02.2024", None), ("0001-01-01", None), ("", None),
])
def test_dates_are_normalized_or_left_out(written, iso):
    page = f'<meta name="date" content="{written}"><p>text</p>'
    assert metadata_of(page).published == iso


def test_dates_from_the_page_when_the_head_has_none():
    near_title = "<h1>Title</h1><p>By Jo Park | March 9, 2021</p><p>Body</p>"
    assert (metadata_of(near_title).published, metadata_of(near_title).author) == ("2021-03-09", "Jo Park")
    time_element = '<p>Posted <time datetime="2022-10-21T23:17:25+01:00">Oct 21</time></p>'
    assert metadata_of(time_element).published == "2022-10-21T23:17:25+01:00"
    microdata = '<span itemprop="datePublished" content="2019-09-19">Sept 2019</span><p>x</p>'
    assert metadata_of(microdata).published == "2019-09-19"
    hidden = '<div hidden><time datetime="2001-01-01">old</time></div><p>x</p>'
    assert metadata_of(hidden).published is None


def test_profile_urls_and_handles_are_not_author_names():
    page = ('<meta property="article:author" content="https://facebook.com/someone">'
            '<meta name="twitter:creator" content="@someone"><h1>T</h1><p>By Real Name</p>')
    assert metadata_of(page).author == "Real Name"


@pytest.mark.parametrize("lang, tag", [("EN", "en"), ("pt_br", "pt-BR"), ("zh-Hant-TW", "zh-Hant-TW"),
                                       ("", None), ("english please", None)])
def test_language_tags(lang, tag):
    assert metadata_of(f'<html lang="{lang}"><p>x</p>').language == tag


def test_the_cli_json_has_the_metadata(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main([str(page), "https://coast.example/", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["metadata"]
    assert found["title"] == "Tide tables explained" and found["published"] == "2024-03-05T08:00:00+00:00"


# Found by trying to break it: each must give a value or None, never an exception.
@pytest.mark.parametrize("html", [
    '<script type="application/ld+json">{"@type": null}</script><p>hi</p>',
    '<script type="application/ld+json">{"@type": 5, "author": {"name": 7}}</script><p>hi</p>',
    '<meta name="date" content="1 Jan 99999999999999999999 00:00:00"><p>hi</p>',
    '<time datetime="Mon, 1 Jan 2024 00:00:00 +99999999999999999999">x</time>',
    '<link rel="canonical" href="http://[oops/"><p>hi</p>',
    '<meta property="og:url" content="http://[oops/"><p>hi</p>',
])
def test_odd_facts_never_raise(html):
    found = metadata_of(html)
    assert found.published is None and found.canonical is None


def test_lone_surrogates_become_replacement_characters(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text('<script type="application/ld+json">{"@type":"Article","headline":"Hi \\ud83d there",'
                    '"description":"caf\\udce9"}</script><p>' + "word " * 60 + "</p>", encoding="utf-8")
    assert main([str(page), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["metadata"]
    assert (found["title"], found["description"]) == ("Hi \ufffd there", "caf\ufffd")


def test_a_source_that_does_not_parse_gives_way_to_the_next():
    page = ('<meta name="date" content="unknown"><meta property="article:published_time" content="2024-05-01">'
            '<meta name="last-modified" content="soon"><meta property="og:updated_time" content="2024-05-02">'
            '<meta http-equiv="content-language" content="German"><html lang="de"><p>x</p>')
    found = metadata_of(page)
    assert (found.published, found.modified, found.language) == ("2024-05-01", "2024-05-02", "de")


@pytest.mark.parametrize("written, iso", [("03/04/2024", None), ("13/04/2024", "2024-04-13"),
                                          ("04/04/2024", "2024-04-04"), ("03.04.2024", "2024-04-03")])
def test_slashed_dates_are_read_only_when_unambiguous(written, iso):
    assert metadata_of(f'<meta name="date" content="{written}"><p>x</p>').published == iso


@pytest.mark.parametrize("line, author", [
    ("By clicking Subscribe, you agree to our Terms", None), ("By the way, it rained", None),
    ("By Ana Lima · 14 March 2026", "Ana Lima"), ("Written by Jo\u00a0\u00a0Park", "Jo Park"),
])
def test_bylines(line, author):
    assert metadata_of(f"<h1>Title</h1><p>{line}</p><p>Body text.</p>").author == author


def test_a_byline_search_stays_linear():
    from conftest import LINEAR_GROWTH, growth

    def page(n):
        return "<h1>Title</h1><pre>by " + "x on " * n + "\nz</pre>"

    assert growth(lambda html: metadata_of(html, None), page(10_000), page(20_000)) < LINEAR_GROWTH


@pytest.mark.parametrize("title, meta, url, expected", [
    ("Node.js - Wikipedia", "", "https://en.wikipedia.org/wiki/Node.js", "Node.js - Wikipedia"),
    ("Node.js - Wikipedia", '<meta property="og:site_name" content="Wikipedia">', None, "Node.js"),
    ("Docs | www.example.com", "", "https://www.example.com/docs", "Docs"),
    ("example.com - Docs", "", "https://example.com/docs", "Docs"),
])
def test_only_the_site_name_or_host_is_cut_from_a_title(title, meta, url, expected):
    assert metadata_of(f"<title>{title}</title>{meta}<p>x</p>", url).title == expected


@pytest.mark.parametrize("html", ["<h1>By Any Means Necessary</h1><p>Text.</p>",
                                  "<h1>T</h1><ul><li>By Topic</li><li>By Date</li></ul>",
                                  "<h1>T</h1><h2>By The Numbers</h2><p>Text.</p>",
                                  "<h1>T</h1><p>by" + ":" * 20000 + "|</p>"])
def test_headings_lists_and_long_lines_are_no_bylines(html):
    assert metadata_of(html).author is None


# Metadata is read on first use (start-up): faults found by trying to break that.

def test_metadata_is_read_from_the_blocks_as_converted_not_as_changed_later():
    page = "<title>Site title | Site</title><h1>Real Headline</h1><p>Text of the page.</p>"
    document = webfold.to_document(page, selection=False)
    document.blocks.pop(0)
    document.content.clear()
    assert document.metadata.title == "Real Headline"


def test_threads_asking_at_once_get_one_metadata_object():
    from concurrent.futures import ThreadPoolExecutor

    for _ in range(10):
        document = webfold.to_document(PAGE)
        with ThreadPoolExecutor(4) as pool:
            found = list(pool.map(lambda _: document.metadata, range(8)))
        assert all(item is found[0] for item in found) and found[0].title == "Tide tables explained"


def test_a_document_made_with_metadata_keeps_it():
    made = webfold.Document("text\n", webfold.Metadata(title="Given"), [], [])
    assert made.metadata.title == "Given"
    made.metadata = webfold.Metadata(title="Set")
    assert made.metadata.title == "Set"


def test_the_cli_json_elapsed_time_counts_the_metadata_reading(tmp_path, capsys, monkeypatch):
    import time

    import webfold.pipeline

    read = webfold.pipeline._read_metadata
    monkeypatch.setattr(webfold.pipeline, "_read_metadata", lambda *args: (time.sleep(0.25), read(*args))[1])
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main([str(page), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["elapsed_ms"] >= 250


def test_a_later_html_tag_still_gives_the_language():
    # The body began before it, so it opens nothing, but a browser adds its attributes
    # to the root (WHATWG HTML §13.2.6.4.7): a doubled byte order mark from a template
    # include is text before <html lang=fr>.
    page = "\ufeff<!DOCTYPE html><html lang=fr><head><title>t</title></head><body><p>Bonjour</p>"
    assert webfold.to_document(b"\xef\xbb\xbf" + page.encode()).metadata.language == "fr"
    assert webfold.to_document(b"x<html lang=fr><p>Bonjour</p>").metadata.language == "fr"


@pytest.mark.parametrize("heading, title", [
    ('<h1 id="i">Install<a class="headerlink" href="#i">¶</a></h1>', "Install"),
    ('<h1 id="i">Install <a class="anchor" href="#i">#</a></h1>', "Install"),
    ('<h1 id="i"><a class="anchor" href="#i">🔗</a>Getting started</h1>', "Getting started"),
])
def test_a_headings_permalink_is_no_part_of_the_title(heading, title):
    # The Markdown left the mark out, the title did not (newcomer of session 38:
    # "Configuring the cache¶" in --json, webfold warc and crawl)
    assert metadata_of(f"<title>T</title>{heading}<p>Text of the page.</p>").title == title
