"""Character references (WHATWG HTML §13.2.5.72–80)."""

import pytest

from webfold.references import decode_references


@pytest.mark.parametrize("source, expected", [
    ("&copy;", "\u00a9"), ("&eacute;", "\u00e9"), ("&#x27;", "'"), ("&#150;", "\u2013"),
    ("&#39;", "'"), ("&amp;lt;", "&lt;"), ("&notin;", "\u2209"), ("&notit;", "\u00acit;"),
    ("&copy 2024", "\u00a9 2024"), ("&AMP", "&"), ("&unknown;", "&unknown;"),
    ("& alone", "& alone"), ("&#0;", "\ufffd"), ("&#xD800;", "\ufffd"),
    ("&#x110000;", "\ufffd"), ("&#99999999999;", "\ufffd"), ("&#x80;", "\u20ac"),
    ("&#x81;", "\x81"), ("&NotNestedGreaterGreater;", "\u2aa2\u0338"), ("&#65", "A"),
    # the ends of the loop that reads them: no digits, a name at the end, runs in a row
    ("&#x;", "&#x;"), ("&#;", "&#;"), ("&#xg", "&#xg"), ("&#", "&#"), ("&", "&"), ("&amp", "&"),
    ("&copy9;", "\u00a99;"), ("&&amp;&", "&&&"), ("&#x41&#66;&amp", "AB&"),
    ("&#\u0663;", "&#\u0663;"), ("&\u00e9;", "&\u00e9;"),
])
def test_text(source, expected):
    assert decode_references(source) == expected


def test_every_name_of_the_standard_table_decodes():
    from html.entities import html5
    assert len(html5) == 2231
    for name, value in html5.items():
        assert decode_references("&" + name) == value, name


def test_attribute_exception_keeps_legacy_names_before_equals_or_alphanumerics():
    assert decode_references("a?x=1&copy=2", True) == "a?x=1&copy=2"
    assert decode_references("a?x=1&copyx", True) == "a?x=1&copyx"
    assert decode_references("a?x=1&copy;=2", True) == "a?x=1\u00a9=2"
    assert decode_references("&copy 1", True) == "\u00a9 1"
    assert decode_references("a?x=1&copyx", False) == "a?x=1\u00a9x"


def test_mixed_references_decode_as_pythons_html_unescape_does():
    # Python's own decoder follows the same standard (for text: it has no attribute
    # exception, and these numbers are all valid ones).
    import html
    import random
    pieces = ["&amp;", "&quot;", "&#39;", "&#x27;", "&#039;", "&nbsp;", "&lt;", "&gt;", "&#8217;",
              "&rsquo;", "&", "amp;", "lt;", "#39;", "&copy", "&#038;", "x", " ", "&amp", "&#X27;"]
    rng = random.Random(7)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        assert decode_references(text) == html.unescape(text), text
