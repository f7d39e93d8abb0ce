"""Attribute values read as WHATWG HTML reads them (webfold.microsyntaxes)."""

from __future__ import annotations

import pytest

from webfold.microsyntaxes import MAX_INTEGER, html_integer, largest_candidate, srcset_candidates


@pytest.mark.parametrize("value, expected", [
    ("12", 12), ("  +7", 7), ("-3", -3), ("3rd", 3), ("\t\n007", 7), ("0", 0),
    (None, None), ("", None), ("x1", None), ("-", None), ("²", None), ("١٢", None), ("\u00a012", None),
    ("9" * 5000, MAX_INTEGER), ("-" + "9" * 30, -MAX_INTEGER), ("0" * 5000 + "42", 42),
])
def test_html_integer(value, expected):
    assert html_integer(value) == expected


@pytest.mark.parametrize("srcset, expected", [
    ("a.png", [("a.png", 1.0, "x")]),
    ("a.png 1x, b.png 2.5x", [("a.png", 1.0, "x"), ("b.png", 2.5, "x")]),
    ("a.png 300w,b.png 600w", [("a.png", 300.0, "w"), ("b.png", 600.0, "w")]),
    # a URL runs to white space: its commas are its own, and commas at its end end it
    ("/i/c_scale,w_600/s.jpg 600w", [("/i/c_scale,w_600/s.jpg", 600.0, "w")]),
    ("a.png,, b.png 2x", [("a.png", 1.0, "x"), ("b.png", 2.0, "x")]),
    # a comma inside parentheses is no candidate's end
    ("a.png 300w (x, y), b.png 2x", [("b.png", 2.0, "x")]),
    # candidates whose descriptors do not parse are dropped, as browsers drop them
    ("a.png .x, b.png .w, c.png 0w, d.png 2w 3w, e.png 1x 2x, f.png 10h, g.png 1e1x",
     [("g.png", 10.0, "x")]),
    ("a.png 100w 50h", [("a.png", 100.0, "w")]),
    # thousands of digits, an infinite density, a no-break space, parentheses that do
    # not nest (the breaker on 16c2ce5)
    ("a.png 1" + "0" * 5000 + "w", [("a.png", 1e18, "w")]), ("a.png 1" + "0" * 5000 + "h", []),
    ("a.png 1e400x, b.png 2x\u00a0", []), ("a.jpg ((1x), b.jpg 2x", [("b.jpg", 2.0, "x")]),
    ("", []), (" , ,", []),
])
def test_srcset_candidates(srcset, expected):
    assert srcset_candidates(srcset) == expected


@pytest.mark.parametrize("srcset, expected", [
    ("a.png 300w, b.png 600w, c.png 400w", "b.png"),
    ("a.png 2x, b.png 600w", "b.png"),
    ("a.png, b.png 2x", "b.png"),
    ("a.png 1x, b.png", "a.png"),
    ("a.png .x", ""),
])
def test_largest_candidate(srcset, expected):
    assert largest_candidate(srcset) == expected
