"""The byte scanner: tokens, attributes, raw text, comments, malformed input."""

import pytest

from webfold._scan import scan_bytes
from webfold.tables import TAG_NAMES

TEXT, START, END, RAW = 1, 2, 3, 4


def tokens(source: bytes) -> list[tuple]:
    """(kind, name or text) pairs, the way a reader thinks of tokens."""
    toks = scan_bytes(source)
    out = []
    for index in range(len(toks)):
        kind, number, start, end, flags = toks[index]
        if kind == TEXT:
            out.append(("text", toks.text(start, end)))
        elif kind == RAW:
            out.append(("raw", source[start:end].decode()))
        else:
            out.append(("start" if kind == START else "end", toks.name(index)))
    return out


def test_start_end_and_text():
    assert tokens(b"<P>Hi <b>there</B></p>") == [
        ("start", "p"), ("text", "Hi "), ("start", "b"), ("text", "there"), ("end", "b"),
        ("end", "p")]


def test_unknown_tag_name_is_lower_cased():
    assert tokens(b"<My-Widget>x</MY-WIDGET>") == [
        ("start", "my-widget"), ("text", "x"), ("end", "my-widget")]


def test_attributes_quoted_unquoted_valueless_and_first_duplicate_wins():
    toks = scan_bytes(b"<a HREF='/x' class=big hidden id=\"one\" id=two title=\"a>b\">")
    assert toks.attributes(0) == {"href": "/x", "class": "big", "hidden": "", "id": "one",
                                  "title": "a>b"}


def test_one_attribute_is_decoded_as_all_of_them_are():
    toks = scan_bytes(b"<a HREF='/x' class=big hidden id=\"one\" id=two title=\"&copy;\" data-x=y>")
    assert [toks.attribute(0, name) for name in ("id", "hidden", "title", "style", "data-x")] == [
        "one", "", "\u00a9", None, None]      # the first duplicate; data-x is not read


def test_attribute_references_and_the_attribute_exception():
    toks = scan_bytes(b'<a href="?a=1&copy=2&amp;b=&eacute;" title="&copy 2024">')
    assert toks.attributes(0) == {"href": "?a=1&copy=2&b=\u00e9", "title": "\u00a9 2024"}


def test_self_closing_flag():
    toks = scan_bytes(b"<br/><img src=x />")
    assert toks[0][4] & 4 and toks[1][4] & 4


def test_comments_doctype_and_processing_instructions_are_dropped():
    assert tokens(b"<!DOCTYPE html>a<!-- c <p> -->b<!---->c<!-->d<?xml x?>e") == [
        ("text", "a"), ("text", "b"), ("text", "c"), ("text", "d"), ("text", "e")]


def test_react_boundary_markers_are_the_only_comment_tokens():
    # "--!>" ends a comment as "-->" does (§13.2.5.50): a breaker of session 34
    source = b"<!--$-->a<!--$?--><!--$!--><!--$~--><!--/$--><!--$$--><!--/$ --><!--$--!><!-- $--><!--/$--!>b<!--$"
    toks = scan_bytes(source)
    found = [(toks[i][0], source[toks[i][2]:toks[i][3]]) for i in range(len(toks))]
    assert found == [(5, b"$"), (TEXT, b"a"), (5, b"$?"), (5, b"$!"), (5, b"$~"), (5, b"/$"), (5, b"$"),
                     (5, b"/$"), (TEXT, b"b")]


def test_cdata_in_html_is_a_bogus_comment_up_to_the_first_greater_than_sign():
    # as browsers read it (§13.2.5.42): only SVG and MathML have CDATA sections
    assert tokens(b"a<![CDATA[x > y]]>b") == [("text", "a"), ("text", " y]]>b")]


@pytest.mark.parametrize("name", ["script", "style", "textarea", "title", "xmp", "iframe",
                                  "noembed", "noframes"])
def test_raw_text_bodies_are_only_searched_for_their_end_tag(name):
    source = f"<{name}>a <p> </{name}x> &amp; </{name.upper()} >after".encode()
    assert tokens(source) == [("start", name), ("raw", f"a <p> </{name}x> &amp; "),
                              ("end", name), ("text", "after")]


def test_plaintext_takes_the_rest_of_the_input():
    assert tokens(b"<plaintext><p>all</p>") == [("start", "plaintext"), ("raw", "<p>all</p>")]


def test_a_less_than_sign_that_starts_no_tag_is_text():
    assert [t for t in tokens(b"a < b <3 <> </ >c") if t[0] == "text"] == [
        ("text", "a < b <3 <> "), ("text", "c")]


@pytest.mark.parametrize("source, text", [
    (b"before<p class='x", "before"),          # end of input inside a tag
    (b"before<!-- never closed", "before"),    # inside a comment
    (b"before<script>x = 1", "before"),        # inside raw text
    (b"before<![CDATA[inside", "before"),
])
def test_end_of_input_keeps_the_text_before(source, text):
    assert "".join(t[1] for t in tokens(source) if t[0] == "text") == text


def test_tag_numbers_match_the_table():
    toks = scan_bytes(b"<blockquote></blockquote>")
    assert TAG_NAMES[toks[0][1]] == "blockquote"


@pytest.mark.parametrize("call", [
    lambda t: t.name(10 ** 7), lambda t: t.attributes(-5), lambda t: t.attribute(-5, "id"), lambda t: t[3],
    lambda t: t.text(0, 10 ** 6), lambda t: t.text(-1, 2)])
def test_token_accessors_check_their_index(call):
    with pytest.raises(IndexError):
        call(scan_bytes(b"<p>x</p>"))


def test_scan_rejects_str():
    with pytest.raises(TypeError, match="bytes, not str"):
        scan_bytes("<p>")


def test_nul_bytes_and_invalid_utf8_do_not_stop_the_scan():
    toks = tokens(b"<p>a\x00b\xff\xfec</p><p>d</p>")
    assert toks[1] == ("text", "a\x00b\ufffd\ufffdc") and toks[-2] == ("text", "d")
