"""The page's own stylesheets: which elements their display:none rules hide on a
desktop screen (webfold.stylesheet), and what the builder does with them."""

from __future__ import annotations

import pytest

import webfold
from webfold.block import CHROME_HIDDEN, CHROME_INVISIBLE, CHROME_PANEL
from webfold.stylesheet import MAX_RULES_PER_KEY, Stylesheet, media_matches


def md(html: str) -> str:
    return webfold.to_markdown(html, selection=False)


@pytest.mark.parametrize("query, holds", [
    ("", True), ("all", True), ("screen", True), ("only screen", True), ("print", False),
    ("not print", True), ("not screen", False), ("print, screen", True), ("speech", False),
    ("(min-width: 1200px)", True), ("(min-width: 1281px)", False), ("(max-width: 809px)", False),
    ("(max-width: 1280px)", True), ("screen and (min-width: 64em)", True),
    ("screen and (min-width:80.0625rem)", False), ("SCREEN AND (MIN-WIDTH: 768PX)", True),
    ("(min-width: 810px) and (max-width: 1199.98px)", False), ("not all and (max-width: 600px)", True),
    ("(width >= 1200px)", True), ("(width < 1200px)", False), ("(600px <= width <= 1300px)", True),
    ("(1300px < width)", False), ("(orientation: landscape)", True), ("(orientation: portrait)", False),
    ("(hover: hover) and (pointer: fine)", True), ("(hover: none)", False),
    ("(prefers-color-scheme: dark)", False), ("(prefers-reduced-motion: reduce)", False),
    ("(-webkit-min-device-pixel-ratio: 2)", False), ("(min-height: 700px)", True),
    # not known to hold: left out, so a rule in such a block neither hides nor shows
    ("(min-width: 50vw)", False), ("(min-width: 600px) or (max-width: 200px)", False),
    ("(scripting: enabled)", False), ("tv and (min-width: 1px)", False),
])
def test_media_queries_are_judged_for_a_desktop_screen(query, holds):
    assert media_matches(query) is holds


def sheet(css: str) -> Stylesheet:
    found = Stylesheet()
    found.add(css)
    return found


@pytest.mark.parametrize("classes, hidden", [
    ("d-none", True), ("d-none d-lg-block", False),      # Bootstrap: the wider rule shows it
    ("d-lg-none", True), ("d-md-none d-lg-block", False),
    ("hidden", True), ("hidden md:block", False),         # Tailwind, with its escaped colon
    ("x", False), ("", False), ("D-NONE", False),         # class names are case-sensitive
])
def test_the_cascade_of_display_rules(classes, hidden):
    css = (".d-none{display:none!important}.d-lg-block{display:block}"     # Bootstrap's order
           "@media (min-width:768px){.d-md-none{display:none!important}}"
           "@media (min-width:992px){.d-lg-none{display:none!important}.d-lg-block{display:block!important}}"
           ".hidden{display:none}@media (min-width: 768px){.md\\:block{display:block}}")
    assert sheet(css).hides("div", {"class": classes}) is hidden


@pytest.mark.parametrize("css, attributes, hidden", [
    (".a{display:none}.a{display:block}", {"class": "a"}, False),           # the later rule wins
    (".a{display:block}.a{display:none}", {"class": "a"}, True),
    (".a.b{display:block}.a{display:none}", {"class": "a b"}, False),       # specificity
    ("#x{display:none}.a.b.c{display:block}", {"class": "a b c", "id": "x"}, True),
    ("div.a{display:none}", {"class": "a"}, True), ("span.a{display:none}", {"class": "a"}, False),
    ("*.a{display:none}", {"class": "a"}, True),
    (".a{display:none;display:flex}", {"class": "a"}, False),                # the last declaration
    (".a{display:none}", {"class": "a", "style": "display:flex"}, False),    # inline beats normal
    (".a{display:none !important}", {"class": "a", "style": "display:flex"}, True),
    ("/* .a{display:none} */ .b{display:none}", {"class": "a"}, False),
    (".a{content:'}';display:none}", {"class": "a"}, True),
    (".a:hover{display:none}", {"class": "a"}, False),                       # not a simple compound
    (".x .a{display:none}", {"class": "a"}, False), (".x>.a{display:none}", {"class": "a"}, False),
    ("[data-a].a{display:none}", {"class": "a"}, False), (".a::before{display:none}", {"class": "a"}, False),
    (".b,.a{display:none}", {"class": "a"}, True), (".b:not(.c),.a{display:none}", {"class": "a"}, True),
    ("div{display:none}", {"class": "a"}, False),                            # no class or id
    ("@media print{.a{display:none}}", {"class": "a"}, False),
    ("@supports (display:grid){.a{display:none}}", {"class": "a"}, True),
    ("@font-face{font-family:x}.a{display:none}", {"class": "a"}, True),
    ("@import url(x.css);.a{display:none}", {"class": "a"}, True),
    ("@media print{.b{color:red}}.a{display:none}", {"class": "a"}, True),
    ("@media (max-width:600px){@media print{.b{x:y}}.c{x:y}}.a{display:none}", {"class": "a"}, True),
    (".a{display:none}", {"class": "a\tb"}, True),
    (".\\31 0{display:none}", {"class": "10"}, True),                        # a hex escape
    (".a{color:red;.b{display:flex}display:none}", {"class": "a"}, False),   # nested: not read
    (".a{color:red;.b{display:flex}}.c{display:none}", {"class": "c"}, True),
    (".a{display:none", {"class": "a"}, True),                               # closed by the end
    (".a{--display:none;x-display:none}", {"class": "a"}, False),
])
def test_which_rules_are_read(css, attributes, hidden):
    assert sheet(css).hides("div", attributes) is hidden


def test_rules_nested_as_deep_as_the_text_is_long_are_read_without_recursion():
    assert sheet("@media screen{" * 100_000 + ".a{display:none}").hides("div", {"class": "a"})


def test_a_class_keeps_a_bounded_number_of_selectors():
    css = "".join(f".a.b{n}{{display:none}}" for n in range(1000)) + ".a.b{display:none}"
    read = sheet(css)
    assert len(read.rules[".a"]) == MAX_RULES_PER_KEY
    # the same selector again is one rule: only its highest declaration can win
    assert len(sheet(".a{display:none}" * 1000).rules[".a"]) == 1


FRAMER = ("<html><head><style>.hidden-a{display:none}"
          "@media (min-width: 1200px){.hidden-desktop{display:none!important}}"
          "@media (max-width: 809px){.hidden-phone{display:none!important}}</style></head><body>"
          "<div class='ssr-variant hidden-desktop'><p>phone copy</p></div>"
          "<div class='ssr-variant hidden-phone'><p>desktop copy</p></div></body></html>")


def test_responsive_copies_that_the_desktop_width_hides_are_left_out():
    assert md(FRAMER) == "desktop copy\n"


def test_a_style_element_after_the_content_applies_to_it():
    assert md("<p class=menu>mobile menu</p><p>text</p><style>.menu{display:none}</style>") == "text\n"


@pytest.mark.parametrize("wrapper", ["noscript", "template"])
def test_styles_in_noscript_and_template_are_not_applied(wrapper):
    page = f"<{wrapper}><style>.lazy{{display:none}}</style></{wrapper}><p><img class=lazy src=a.png alt=pic></p>"
    assert md(page) == "![pic](a.png)\n"


def test_a_style_for_print_is_not_applied():
    assert md("<style media=print>.a{display:none}</style><p class=a>seen</p>") == "seen\n"
    assert md("<style media='screen and (min-width: 900px)'>.a{display:none}</style><p class=a>x</p><p>y</p>") == "y\n"


def test_hidden_blocks_are_built_for_the_selector_as_unseen_style():
    blocks = webfold.to_blocks("<style>.m{display:none}</style><div class=m><p>menu text</p></div><p>body</p>",
                               chrome=True)
    assert [(b.text, bool(b.chrome & CHROME_INVISIBLE)) for b in blocks] == [("menu text", True), ("body", False)]


def test_a_wrapper_hidden_until_scripts_run_keeps_the_page():
    # the drop rules keep a kind of chrome that holds most of the text
    assert md("<style>.app{display:none}</style><div class=app><p>the whole page</p></div>") == "the whole page\n"
    assert md("<style>body{display:none}.b{display:none}</style><body class=b><p>page</p>") == "page\n"


def test_a_closed_panel_hidden_by_the_stylesheet_is_one():
    page = ("<style>.panel{display:none}</style><button aria-controls=spec aria-expanded=false>Specs</button>"
            "<div class=panel id=spec><p>weight 2 kg</p></div>")
    blocks = webfold.to_blocks(page, chrome=True)
    assert blocks[-1].text == "weight 2 kg"
    assert blocks[-1].chrome & (CHROME_HIDDEN | CHROME_PANEL) == CHROME_HIDDEN | CHROME_PANEL


def test_hidden_phrasing_is_dropped_and_hidden_images_are_not_written():
    assert md("<style>.sr{display:none}.x{display:none}</style><p>price <span class=sr>old</span>9 €"
              "<img class=x src=a.png alt=pic></p>") == "price 9 €\n"
