"""Thin pages: text from embedded payloads (webfold.payloads).

Each page in tests/payloads/ is a shell of our own making, with a framework's data or
JSON-LD laid out as the framework writes it. The text a reader needs must come out;
identifiers, addresses, class names, settings and interface labels must not."""

import json
from pathlib import Path

import pytest

import webfold
from webfold.payloads import THIN_WORDS, is_prose, payload_html, script_kind

PAGES = Path(__file__).parent / "payloads"

# page: (Markdown lines that must appear, strings that must not appear anywhere)
EXPECTED = {
    "next-pages.html": (
        ["# Composting at home", "A short guide to turning kitchen scraps into soil for the garden.",
         "Start with a bin that has **air holes** and a lid.", "## What goes in",
         "- Fruit and vegetable peelings from the kitchen"],
        ["a81f2c9e", "composting-at-home", "prose lg:prose-xl", "Back to the home page",
         "Subscribe to the monthly newsletter", "Xk3J9aPq", "4b1c2d3e", "rosa.png", "/blog/[slug]"]),
    "next-app.html": (
        ["# Release notes 4.2", "This release makes sync **twice as fast** on large workspaces.",
         "## Fixed", "- Uploads no longer stall at 99 percent", "- Search finds words with accents",
         "Thanks to everyone who reported these bugs."],
        ["nav-getting-started", "static/chunks", "Sidebar", "app-7d1e.css", "react.fragment",
         "docs-content"]),
    "nuxt3.html": (
        ["# Sauerteig für Anfänger",
         "Ein Sauerteig braucht nur Mehl, Wasser und ein wenig Geduld. Nach fünf Tagen ist er bereit "
         "zum Backen."],
        ["sauerteig-fuer-anfaenger", "card--wide", "api.example.de", "c0ffee12", "ShallowReactive"]),
    "nuxt2.html": (
        ["# Night trains of Europe",
         "Sleeper trains are back: twelve routes now link the capitals of Europe overnight.",
         "The Vienna to Brussels line leaves at seven in the evening and arrives after breakfast."],
        ["art_93b2f1", "/travel/night-trains", "app.4f2a1b", "default"]),
    "sveltekit.html": (
        ["# Pairing cheese and wine",
         "Soft cheeses love crisp whites, and aged cheeses stand up to big reds.",
         "Start with one cheese and two wines, and taste them side by side.",
         "Write down what you notice before you compare notes with friends.",
         "Older SvelteKit versions wrote their data in this form of script."],
        ["4412", "cheese.jpg", "/api/articles", "statusText"]),
    "remix.html": (
        ["# Fixing a flat tyre", "Take the wheel off and let out any air that is left.",
         "Find the hole by pumping the tube and listening for the hiss."],
        ["pk_live", "/guides/flat-tyre", "v3_fetcherPersist", "routes/guides"]),
    "angular.html": (
        ["# Store opening hours",
         "Our store on Harbour Street is open every day from nine in the morning until six in the "
         "evening.", "Parking is free for customers for the first two hours of every visit."],
        ["pg-1120", "4077435541", "api.example.com", "&q;"]),
    "gatsby.html": (
        ["# Bird watching in winter", "Winter is the best season to see waders on the estuary at low tide."],
        ["9a1b2c3d4e", "/winter-birds/", "gatsby-focus-wrapper"]),
    "json-ld-article.html": (
        ["# Why rivers meander", "Water on the outside of a bend runs faster and cuts the bank.",
         "A river never runs straight for long. The faster water on the outer bank erodes it, while "
         "slow water on the inner bank drops sand."],
        ["Field Notes", "logo.png", "fieldnotes.example", "Home", "Ada Brook", "2024-03-05"]),
    "json-ld-product.html": (
        ["# Trail Runner 3", "A light trail shoe with a grippy outsole and a rock plate for stony paths.",
         "- Brand: Stride", "- Price: 129.95 EUR", "- Availability: In stock",
         "Comfortable from the first run and dry after a muddy loop."],
        ["TR3-BLK-42", "4006381333931", "tr3.jpg", "NewCondition", "schema.org"]),
    "json-ld-faq.html": (
        ["## Who can get a library card?",
         "Anyone who **lives, works or studies** in the city can get a card for free.",
         "## How many books can I borrow?", "You can borrow up to twenty items at a time for three weeks."],
        ["<p>", "<b>", "js-faq", "Question"]),
    "json-ld-recipe.html": (
        ["# Red lentil soup", "A warming soup that is ready in thirty minutes.", "- 200 g red lentils",
         "- 1 onion, chopped", "1. Soften the onion in a little oil.",
         "2. Add the lentils and stock and simmer for twenty minutes.",
         "3. Blend until smooth and season to taste.", "## Cleaning a cast iron pot",
         "1. Rinse the pot with hot water while it is still warm.",
         "2. Dry it on the stove and rub in a drop of oil."],
        ["PT10M", "HowToSection", "Cook\n"]),
}


def test_every_page_has_expectations():
    assert sorted(p.name for p in PAGES.glob("*.html")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_payload_text_comes_out_and_identifiers_do_not(name):
    wanted, unwanted = EXPECTED[name]
    markdown = webfold.to_markdown((PAGES / name).read_bytes(), selection=False)
    lines = markdown.splitlines()
    for line in wanted:
        assert line in lines, f"{name}: missing {line!r} in\n{markdown}"
    for text in unwanted:
        assert text not in markdown, f"{name}: {text!r} leaked into\n{markdown}"
    # in reading order: the title first
    assert lines.index(wanted[0]) <= min(lines.index(line) for line in wanted)


@pytest.mark.parametrize("name", ["next-pages.html", "json-ld-product.html", "nuxt2.html"])
def test_selection_keeps_the_payload_text(name):
    markdown = webfold.to_markdown((PAGES / name).read_bytes())
    assert EXPECTED[name][0][0] in markdown.splitlines()
    assert EXPECTED[name][0][1] in markdown.splitlines()


def article(words: int) -> str:
    return "<main><p>" + " ".join(f"word{i}" for i in range(words)) + "</p></main>"


LD = ('<script type="application/ld+json">{"@type":"Article","headline":"Payload headline",'
      '"articleBody":"Text that only the payload holds, in a sentence of its own."}</script>')


def test_payloads_are_read_only_when_the_body_is_thin():
    thin = webfold.to_markdown(LD + article(THIN_WORDS - 1), selection=False)
    full = webfold.to_markdown(LD + article(THIN_WORDS), selection=False)
    assert "# Payload headline" in thin and "Payload headline" not in full


@pytest.mark.parametrize("wrapper", [
    '<div hidden>{}</div>', '<div style="display:none">{}</div>', '<template>{}</template>',
    '<noscript>{}</noscript>', '<div aria-hidden="true">{}</div>',
])
def test_payloads_in_hidden_or_dropped_subtrees_are_never_read(wrapper):
    markdown = webfold.to_markdown(wrapper.format(LD) + "<p>Shell</p>", selection=False)
    assert "Payload" not in markdown and "Shell" in markdown


@pytest.mark.parametrize("broken", [
    '<script type="application/ld+json">{"@type":"Article", "headline": </script>',
    '<script id="__NEXT_DATA__" type="application/json">{"props":</script>',
    '<script id="__NUXT_DATA__" type="application/json">[["Reactive", 99], 5, </script>',
    '<script>window.__NUXT__=(function(a){return {title:a</script>',
    '<script>self.__next_f.push([1,"0:T zz,broken"])</script>',
    '<script>self.__next_f.push([1,"0:[\\"$\\",\\"p\\",null,{\\"children\\":\\"$0\\"}]\\n"])</script>',
    '<script id="ng-state" type="application/json">&q;</script>',
])
def test_a_payload_that_does_not_parse_is_skipped(broken):
    markdown = webfold.to_markdown(broken + LD + "<p>Shell</p>", selection=False)
    assert "# Payload headline" in markdown.splitlines() and "Shell" in markdown


def test_a_flight_row_that_refers_to_itself_ends():
    flight = '<script>self.__next_f.push([1,"0:[\\"$\\",\\"p\\",null,{\\"children\\":[\\"Round and round it goes forever\\",\\"$1\\"]}]\\n1:[\\"$\\",\\"b\\",null,{\\"children\\":\\"$0\\"}]\\n"])</script>'
    assert payload_html([("javascript", flight[8:-9])]) == []     # no root: nothing, and no hang


def test_devalue_cycles_and_shared_values_are_read_once():
    data = '[{"a":1,"b":1,"self":0},{"text":2},"A shared paragraph that two keys point at."]'
    assert payload_html([("nuxt", data)]) == ["<p>A shared paragraph that two keys point at.</p>"]


@pytest.mark.parametrize("attributes, kind", [
    ({"type": "application/ld+json"}, "json-ld"), ({"type": " Application/LD+JSON "}, "json-ld"),
    ({"id": "__NEXT_DATA__", "type": "application/json"}, "next"),
    ({"id": "__NUXT_DATA__", "type": "application/json"}, "nuxt"),
    ({"type": "application/json", "data-sveltekit-fetched": ""}, "sveltekit"),
    ({"type": "application/json", "id": "ng-state"}, "angular"),
    ({"type": "application/json", "id": "serverApp-state"}, "angular"),
    (None, "javascript"), ({"type": "module"}, "javascript"),
    ({"src": "/app.js"}, None), ({"type": "text/template"}, None), ({"type": "application/json"}, None),
])
def test_script_kind(attributes, kind):
    assert script_kind(attributes) == kind


@pytest.mark.parametrize("text, prose", [
    ("A short guide to turning kitchen scraps into soil.", True),
    ("Ein Sauerteig braucht nur Mehl und Wasser.", True),
    ("flex items-center px-4 md:py-2 text-sm", False), ("https://example.com/a long url here", False),
    ("Sign in", False), ("a81f2c9e-77d1-4c1b-9d0e-2f1b6c0d9e11", False),
    ("{{ user.name }} has {{ count }} new messages", False), ("12 34 56 78 90 12 34", False),
])
def test_is_prose(text, prose):
    assert is_prose(text) is prose


# Found by trying to break it. Each input is a thin page; each must end quickly, keep
# its text and leak nothing.
def shell(script: str) -> str:
    return '<div id="root"></div>' + script


@pytest.mark.parametrize("script", [
    '<script>self.__next_f.push([1,"\\n0:T1x"])</script>',              # a text row without a comma
    '<script>self.__next_f.push([1,"0:[\\"$\\",\\"p\\",null,{}]\\n5:T1a3"])</script>',   # cut short
])
def test_a_broken_flight_text_row_ends_the_flight_data(script):
    assert webfold.to_markdown(shell(script), selection=False) == ""


def test_lone_surrogates_in_a_payload_become_replacement_characters():
    data = '{"props":{"pageProps":{"body":"Sleeper trains are back \\ud800 and link the capitals."}}}'
    page = shell(f'<script id="__NEXT_DATA__" type="application/json">{data}</script>')
    assert webfold.to_markdown(page, selection=False) == "Sleeper trains are back \ufffd and link the capitals.\n"


def test_devalue_map_keys_that_are_containers_are_skipped():
    n = 40     # each level refers to the next twice: expanding the keys would double per level
    table = [["Map", 1, n + 1]] + [[k + 1, k + 1] for k in range(1, n + 1)] + ["x"]
    assert payload_html([("nuxt", json.dumps(table))]) == []


def test_shared_strings_and_text_rows_stay_linear():
    from conftest import LINEAR_GROWTH, growth

    prose = "A paragraph of prose that many keys point at. " * 200

    def devalue(n):     # a root list of n references to one long string
        return [("nuxt", json.dumps([[1] * n, prose]))]

    def flight(n):
        rows = "".join(f"{i:x}:T5,hello" for i in range(n))
        return [("javascript", 'self.__next_f.push([1,' + json.dumps(rows) + '])')]

    assert growth(payload_html, devalue(20_000), devalue(40_000)) < LINEAR_GROWTH
    assert growth(payload_html, flight(10_000), flight(20_000)) < LINEAR_GROWTH


@pytest.mark.parametrize("payload, leak", [
    ('{"props":{"pageProps":{"cookieConsent":{"title":"We value your privacy",'
     '"text":"We use cookies to improve the experience of our visitors here."},'
     '"post":{"title":"Night trains","body":"Sleeper trains are back on twelve routes now."}}}}',
     "privacy"),
    ('{"props":{"pageProps":{"_nextI18Next":{"initialI18nStore":{"en":{"common":'
     '{"signin":"Sign in to your account to continue reading"}}}},'
     '"post":{"title":"Night trains","body":"Sleeper trains are back on twelve routes now."}}}}',
     "account"),
    ('{"props":{"pageProps":{"i18nMessages":{"a":"Please accept the terms before you go on"},'
     '"post":{"title":"Night trains","body":"Sleeper trains are back on twelve routes now."}}}}',
     "terms"),
    ('{"props":{"pageProps":{"banner":{"title":"hero-banner-v2"},"flag":{"title":"true"},'
     '"post":{"title":"Night trains","body":"Sleeper trains are back on twelve routes now."}}}}',
     "hero"),
    ('{"props":{"pageProps":{"post":{"Title":"Night trains","classes":"Header_nav__a1B2c flex gap-2 '
     'md:px-4 [&>svg]:size-4","body":"Sleeper trains are back on twelve routes now."}}}}',
     "Header_nav"),
])
def test_interface_text_does_not_leak_and_the_title_leads(payload, leak):
    page = shell(f'<script id="__NEXT_DATA__" type="application/json">{payload}</script>')
    markdown = webfold.to_markdown(page, selection=False)
    assert markdown == "# Night trains\n\nSleeper trains are back on twelve routes now.\n", markdown
    assert leak not in markdown


FLIGHT_ROWS = [
    # a root row that is a list of strings: module paths and class names, not text
    '5:[\\"static/chunks/app/page-7d1e.js\\",\\"flex items-center\\"]',
    # hidden by style, and a raw text element: neither is text a reader sees
    '6:[\\"$\\",\\"div\\",null,{\\"style\\":{\\"display\\":\\"none\\"},\\"children\\":\\"Hidden words here\\"}]',
    '7:[\\"$\\",\\"plaintext\\",null,{\\"children\\":\\"<b>raw</b>\\"}]',
    # an unclosed comment in one element's HTML must not hide the next row
    '8:[\\"$\\",\\"div\\",null,{\\"dangerouslySetInnerHTML\\":{\\"__html\\":\\"<p>Before</p><!-- open\\"}}]',
    '9:[\\"$\\",\\"p\\",null,{\\"children\\":\\"After the comment, this paragraph still shows.\\"}]',
]


def test_flight_rows_give_only_what_a_reader_sees():
    data = "\\n".join(FLIGHT_ROWS) + "\\n"
    markdown = webfold.to_markdown(shell(f'<script>self.__next_f.push([1,"{data}"])</script>'), selection=False)
    assert markdown == "Before\n\nAfter the comment, this paragraph still shows.\n"


def test_a_base_element_in_a_payload_does_not_move_the_links():
    html = json.dumps('<base href="http://evil.example/"><p>See <a href="/guide">the guide</a> for all details.</p>')
    page = ('<script type="application/ld+json">{"@type":"Article","articleBody":' + html + '}</script>'
            '<div id="root"></div>')
    assert "https://site.example/guide" in webfold.to_markdown(page, "https://site.example/a", selection=False)


def test_javascript_assignments_read_only_their_own_value():
    script = ('<script>window.__remixContext = null; var strings = {"a": "Please enable JavaScript to use '
              'this application properly"};</script>')
    assert webfold.to_markdown(shell(script), selection=False) == ""


def test_a_nuxt2_call_that_cannot_be_read_is_skipped():
    script = ('<script>window.__NUXT__=(function(a,b){return {data:[{body:a,lead:b}]}}'
              '("text with }( inside it and more words","The lead paragraph of the story here."));</script>')
    markdown = webfold.to_markdown(shell(script), selection=False)
    assert "inside it" not in markdown or "The lead paragraph" in markdown
    assert "&quot;" not in markdown and "over the" not in markdown


def test_cjk_text_counts_as_words():
    article = "<p>" + "新しい列車が走り始めました。" * 10 + "</p>"
    ld = ('<script type="application/ld+json">{"@type":"NewsArticle","headline":"夜行列車",'
          '"articleBody":"' + "新しい列車が走り始めました。" * 10 + '"}</script>')
    assert webfold.to_markdown(ld + article, selection=False).count("新しい列車") == 10   # not thin: no copy
    body = ld.replace("NewsArticle", "Article") + '<div id="root"></div>'
    assert webfold.to_markdown(body, selection=False).startswith("# 夜行列車\n\n新しい列車")


def test_a_price_given_as_an_object_is_read_through():
    ld = ('<script type="application/ld+json">{"@type":"Product","name":"Kettle","offers":{"price":'
          '{"@value":"12.00"},"priceCurrency":"EUR","lowPrice":{"x":1},"highPrice":"20"}}</script>')
    assert "- Price: 12.00 EUR" in webfold.to_markdown(ld, selection=False).splitlines()


@pytest.mark.parametrize("wrapper", ["<template>{}</template>", "<noscript>{}</noscript>"])
def test_payloads_in_hidden_subtrees_of_head_are_never_read(wrapper):
    page = "<html><head>" + wrapper.format(LD) + "</head><body><p>Shell</p></body></html>"
    document = webfold.to_document(page, selection=False)
    assert document.markdown == "Shell\n" and document.metadata.title is None


# Found by the second breaker: more paths to the same kinds of fault.
def test_a_deeply_nested_flight_call_is_skipped_and_the_page_kept():
    page = "<h1>Hello</h1><p>A short page.</p><script>self.__next_f.push(" + "[" * 1000 + ")</script>"
    assert webfold.to_markdown(page, selection=False) == "# Hello\n\nA short page.\n"


def test_failing_calls_markup_and_many_parts_stay_linear():
    from conftest import LINEAR_GROWTH, growth

    def calls(n):
        return [("javascript", "self.__next_f.push(x\n" * n)]

    def markup(n):     # a tag that never closes, in an article body
        return [("json-ld", json.dumps({"@type": "Article", "articleBody": "<a" + "a" * n}))]

    def parts(n):
        items = [f"Paragraph number {i} of the story goes on for a while here." for i in range(n)]
        return [("next", json.dumps({"props": {"pageProps": {"items": items}}}))]

    assert growth(payload_html, calls(20_000), calls(40_000)) < LINEAR_GROWTH
    assert growth(payload_html, markup(20_000), markup(40_000)) < LINEAR_GROWTH
    assert growth(payload_html, parts(5_000), parts(10_000)) < LINEAR_GROWTH


def flight_page(*rows: str) -> str:
    data = json.dumps("".join(row + "\n" for row in rows))
    return shell(f"<script>self.__next_f.push([1,{data}])</script>")


def test_inner_html_of_a_nested_element_cannot_swallow_its_siblings():
    for inner in ("<!-- open", "<plaintext>", "<xmp>", "<textarea>", "<title>", "<script>", "<template>"):
        row = json.dumps(["$", "main", None, {"children": [
            ["$", "div", None, {"dangerouslySetInnerHTML": {"__html": inner}}],
            ["$", "p", None, {"children": "This paragraph is the visible article text that readers see."}]]}])
        assert webfold.to_markdown(flight_page("0:" + row), selection=False) == \
            "This paragraph is the visible article text that readers see.\n", inner


@pytest.mark.parametrize("props", [{"hidden": True}, {"hidden": ""}, {"aria-hidden": True},
                                   {"style": {"display": "None"}}, {"style": {"display": "none !important"}},
                                   {"style": {"visibility": "hidden"}}])
def test_flight_elements_hidden_by_their_props_are_skipped(props):
    hidden = json.dumps(["$", "div", None, {**props, "children": "Secret hidden words are here."}])
    shown = json.dumps(["$", "p", None, {"children": "Shown words are here for all."}])
    assert webfold.to_markdown(flight_page("0:" + hidden, "1:" + shown), selection=False) == \
        "Shown words are here for all.\n"


def test_one_malformed_flight_row_costs_only_itself():
    bad = json.dumps(["$", ["x"], None, {"children": "never"}])
    good = json.dumps(["$", "p", None, {"children": "The good row still comes out."}])
    assert webfold.to_markdown(flight_page("0:" + bad, "1:" + good), selection=False) == \
        "The good row still comes out.\n"


def test_text_forty_elements_deep_is_kept():
    value = "Deep text that a component tree nests far down."
    for _ in range(40):
        value = ["$", "div", None, {"children": value}]
    assert webfold.to_markdown(flight_page("0:" + json.dumps(value)), selection=False) == \
        "Deep text that a component tree nests far down.\n"


@pytest.mark.parametrize("value", ["(null)", "( void 0 )", "(window.__remixContext || null)", "(undefined)"])
def test_an_assignment_that_is_no_object_reads_nothing(value):
    script = (f'<script>window.__remixContext = {value}; var strings = {{"a": "Please enable JavaScript to '
              'use this application properly"}};</script>')
    assert webfold.to_markdown(shell(script), selection=False) == ""


def test_thai_text_counts_as_words():
    sentence = "รถไฟกลางคืนกลับมาแล้วในยุโรป"
    body = " ".join([sentence] * 45)
    ld = ('<script type="application/ld+json">{"@type":"Article","headline":"รถไฟ","articleBody":"'
          + body + '"}</script>')
    assert webfold.to_markdown(ld + f"<article><p>{body}</p></article>", selection=False).count(sentence) == 45


@pytest.mark.parametrize("props", [
    '"navItems":[{"title":"Home"},{"title":"About us"}]', '"localization":{"a":"Read the full story below"}',
    '"phrases":{"x":"Please sign in to leave a comment"}', '"microcopy":{"y":"Thanks for reading this story"}',
    '"newsletter":{"body":"Get the best stories in your inbox"}', '"paywall":{"text":"Subscribe to read the rest"}',
    '"errorMessages":{"e":"Something went wrong, please try again"}',
])
def test_more_interface_text_does_not_leak(props):
    data = '{"props":{"pageProps":{' + props + ',"post":{"title":"Night trains","body":"Sleeper trains are back on twelve routes now."}}}}'
    page = shell(f'<script id="__NEXT_DATA__" type="application/json">{data}</script>')
    assert webfold.to_markdown(page, selection=False) == \
        "# Night trains\n\nSleeper trains are back on twelve routes now.\n"


@pytest.mark.parametrize("title", ["{{ page.title }}", "%s | Example News", "SIGN_IN PAGE", "ArticleHero v2.3.1"])
def test_templates_and_identifiers_are_no_titles(title):
    data = json.dumps({"props": {"pageProps": {"title": title, "body": "Sleeper trains are back on twelve routes now."}}})
    page = shell(f'<script id="__NEXT_DATA__" type="application/json">{data}</script>')
    assert webfold.to_markdown(page, selection=False) == "Sleeper trains are back on twelve routes now.\n"


def test_prices_that_are_no_numbers_and_references_in_json_ld():
    ld = ('<script type="application/ld+json">{"@type":"Product","name":"It&#8217;s Tom &amp; Jerry",'
          '"offers":[{"price":NaN,"priceCurrency":"EUR"},{"price":Infinity},{"price":"12"}]}</script>')
    markdown = webfold.to_markdown(ld, selection=False)
    assert markdown.splitlines()[0] == "# It’s Tom & Jerry" and "nan" not in markdown and "inf" not in markdown
    assert webfold.to_document(ld, selection=False).metadata.title == "It’s Tom & Jerry"
