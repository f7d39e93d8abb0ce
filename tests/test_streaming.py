"""React's streamed segments, read where a browser shows them (webfold.streaming).

The markup is React's own (react-dom's ReactFizzConfigDOM): a pending boundary
``<!--$?--><template id="B:n"></template>FALLBACK<!--/$-->``, a placeholder
``<template id="P:n"></template>``, and the segment ``<div hidden id="S:n">`` that
``$RC``/``$RS`` move into their place.
"""

import pytest

import webfold
from webfold._scan import scan_bytes
from webfold.streaming import display_order

FOOTER = "<footer><p>Footer</p></footer>"
RC = '<script>$RC("B:0","S:0")</script>'


def markdown(html: str) -> str:
    return webfold.to_markdown(html, selection=False)


def test_a_segment_replaces_its_boundary_fallback():
    page = ("<main><h1>Title</h1><!--$?--><template id=\"B:0\"></template><p>Loading paragraph...</p>"
            "<!--/$--><p>After</p></main>" + FOOTER + '<div hidden id="S:0"><p>The article.</p></div>' + RC)
    assert markdown(page) == "# Title\n\nThe article.\n\nAfter\n"      # the footer is chrome


def test_a_segment_fills_its_placeholder_and_segments_nest():
    # S:0 holds the placeholder of S:1, which comes after it, as React streams them
    page = ("<p>One</p><template id=\"P:0\"></template><p>Four</p>"
            '<div hidden id="S:0"><p>Two</p><template id="P:1"></template></div>'
            '<div hidden id="S:1"><p>Three</p></div>')
    assert markdown(page) == "One\n\nTwo\n\nThree\n\nFour\n"


def test_boundaries_inside_a_fallback_are_counted_as_rc_counts_them():
    page = ('<div><!--$?--><template id="B:0"></template><!--$--><p>Spinner</p><!--/$-->'
            '<p>Loading</p><!--/$--><p>Kept</p></div><div hidden id="S:0"><p>Content</p></div>')
    assert markdown(page) == "Content\n\nKept\n"


def test_without_the_boundary_comments_the_fallback_stays():
    # pages saved with comments removed: nothing tells where the fallback ends, and
    # what follows the template may be content (a boundary with no fallback)
    page = ('<div><template id="B:0"></template><p>Loading</p><p>More</p></div>'
            '<div hidden id="S:0"><p>Content</p></div>')
    assert markdown(page) == "Content\n\nLoading\n\nMore\n"


def test_a_fallback_end_outside_the_templates_parent_is_not_its_end():
    # $RC removes siblings only: a "/$" after the parent's end tag ends nothing
    page = ('<section><template id="B:0"></template><p>Stays</p></section><p>Also</p><!--/$-->'
            '<div hidden id="S:0"><p>Content</p></div>')
    assert markdown(page) == "Content\n\nStays\n\nAlso\n"


def test_a_segment_without_a_placeholder_is_shown_where_it_stands():
    page = '<p>One</p><div hidden id="S:3"><p>Streamed</p></div><p>Two</p>'
    assert display_order(scan_bytes(page.encode())) is None
    assert markdown(page) == "One\n\nStreamed\n\nTwo\n"


def test_a_segment_inside_its_own_placeholder_is_not_lost():
    # no browser could place it: the tokens are read as written
    page = '<div hidden id="S:0"><p>Inside</p><template id="P:0"></template></div><p>After</p>'
    assert display_order(scan_bytes(page.encode())) is None
    assert markdown(page) == "Inside\n\nAfter\n"


def test_only_start_tags_of_that_id_are_segments_and_placeholders():
    # the id's text in an attribute value, in text and in a script is no element
    page = ('<p title=\' id="S:0">\'>Title attribute</p><p>text id="S:0"> here</p>'
            '<script>x = \'<template id="P:0">\'</script><template id="P:0"></template>')
    tokens = scan_bytes(page.encode())
    assert display_order(tokens) is None
    # an id that is React's but a template with content is no placeholder React wrote
    page = '<template id="P:0"><b>x</b></template><div hidden id="S:0"><p>Segment</p></div>'
    assert display_order(scan_bytes(page.encode())) is None


def test_display_order_reads_each_token_once():
    page = ('<p>a</p><!--$?--><template id="B:0"></template><p>Loading</p><!--/$-->'
            '<div hidden id="S:0"><p>b</p><template id="P:1"></template></div><div hidden id="S:1"><p>c</p></div>')
    tokens = scan_bytes(page.encode())
    order = display_order(tokens)
    assert len(order) == len(set(order))
    texts = [tokens.text(tokens[i][2], tokens[i][3]) for i in order if tokens[i][0] == 1]
    assert texts == ["a", "b", "c"]


# Found by the breaker of session 34: each is what a browser shows after React's
# scripts ran, or, where the markup is not React's, the page as written (no text lost).
@pytest.mark.parametrize("page, expected", [
    # the template's parent ends before any "/$": the fallback is not left out
    ('<div><!--$?--><template id="B:0"></template><p>Loading</div><p>Outside</p><!--/$-->'
     '<div hidden id="S:0"><p>Content</p></div>', "Content\n\nLoading\n\nOutside\n"),
    # an element left open in a segment: the segment stays where it stands
    ('<template id="P:0"></template><p>After</p><div hidden id="S:0"><p>A</p><span hidden>x</div>',
     "After\n\nA\n"),
    ('<template id="P:0"></template><p>After</p><div hidden id="S:0"><h1>A</div>', "After\n\n# A\n"),
    # a segment named by two placeholders is read once, at the first
    ('<template id="P:1"></template><p>M</p><template id="B:1"></template><div hidden id="S:1">X</div>',
     "X\n\nM\n"),
    ('<template id="P:1"></template><div hidden id="S:1"><p>x</p><template id="B:1"></template></div>', "x\n"),
    # a segment inside its own placeholder's segment is shown where it stands
    ('<template id="P:1"></template><template id="B:1"></template><div hidden id="S:1"><template id="P:4">'
     '</template></div><div hidden id="S:4">a</div><p>Before</p><div id="S:2">Visible<template id="P:2">'
     '</template></div><p>After</p>', "a\n\nBefore\n\nVisible\n\nAfter\n"),
    # React 18 numbers boundaries and segments apart: the scripts say which fills which
    ('<template id="P:0"></template><!--$?--><template id="B:0"></template><p>Loading</p><!--/$--><p>End</p>'
     '<div hidden id="S:0"><p>Zero</p></div><script>$RS("S:0","P:0")</script>'
     '<div hidden id="S:1"><p>One</p></div><script>$RC("B:0","S:1")</script>', "Zero\n\nOne\n\nEnd\n"),
    # a block start tag in a <p> closes it: the fallback is not the template's sibling
    ('<p><!--$?--><template id="B:0"></template><div>Loading</div><!--/$--></p><div hidden id="S:0">Content</div>',
     "Content\n\nLoading\n"),
    # "<div/>" opens a div (only foreign elements close themselves)
    ('<p>Before</p><template id="P:0"></template><p>After</p><div hidden id="S:0"><div/>Seg1</div>Seg2</div>',
     "Before\n\nSeg1\n\nSeg2\n\nAfter\n"),
    # a boundary inside a fallback that is left out: its segment is kept where it stands
    ('<div><!--$?--><template id="B:0"></template><!--$?--><template id="B:1"></template><p>inner loading</p>'
     '<!--/$--><p>outer loading</p><!--/$--></div><div hidden id="S:1"><p>Skeleton</p></div>'
     '<div hidden id="S:0"><p>Real</p></div>', "Real\n\nSkeleton\n"),
])
def test_markup_that_is_not_reacts_loses_nothing(page, expected):
    assert markdown(page) == expected


def test_nested_segments_each_holding_two_placeholders_are_read_once_each():
    # was exponential: each segment was read again at its second placeholder
    levels = 200
    page = '<template id="P:0"></template>' + "".join(
        f'<div hidden id="S:{i:x}"><p>s{i}</p><template id="P:{i + 1:x}"></template>'
        f'<template id="B:{i + 1:x}"></template></div>' for i in range(levels))
    assert markdown(page) == "".join(f"s{i}\n\n" for i in range(levels))[:-1]


B = '<!--$?--><template id="B:0"></template>'
SEG = '<div hidden id="S:0"><p>New</p></div><script>$RC("B:0","S:0")</script>'


# The second breaker of session 34, checked in Chromium with React's own $RC and $RS:
# where the tree builder reads tags otherwise than as written, or a script does not
# run as React's does, the fallback stays (its text is shown) and nothing is lost.
@pytest.mark.parametrize("page, expected", [
    (f"<h2>{B} Loading<h3>Title</h3><p>Body</p><!--/$--></h2>{SEG}", "## New Loading\n\n### Title\n\nBody\n"),
    (f"<h2>{B} Loading</h3><p>Body</p><!--/$--></h2>{SEG}", "## New Loading\n\nBody\n"),
    (f'<a href="/card">{B}<a href="/more">Read more</a><!--/$--></a>{SEG}',
     "[New](https://e.org/card)\n\n[Read more](https://e.org/more)\n"),
    (f"<table><tr><td>{B} Loading<td>Price</td><!--/$--></tr></table>{SEG}", "New\n\nLoading\n\nPrice\n"),
    (f"<div><math>{B}<mi>x</mi><p>Kept</p><!--/$--></math></div>{SEG}", "New\n\nx\n\nKept\n"),
    # the first call for a segment moves it; a second finds it gone and does nothing
    ('<div><!--$?--><template id="B:1"></template><p>Fallback</p><!--/$--></div><template id="P:1"></template>'
     '<p>End</p><div hidden id="S:1"><p>New</p></div><script>$RS("S:1","P:1");$RC("B:1","S:1")</script>',
     "Fallback\n\nNew\n\nEnd\n"),
    # a script that does not run, or runs before the elements exist
    (f'<div>{B}<p>Fallback</p><!--/$--></div><div hidden id="S:0"><p>New</p></div>'
     '<script type="application/json">$RC("B:0","S:0")</script>', "Fallback\n\nNew\n"),
    ('<script>$RC("B:0","S:0")</script>' f'<div>{B}<p>Fallback</p><!--/$--></div><div hidden id="S:0"><p>New</p></div>',
     "Fallback\n\nNew\n"),
    # $RC starts from the template's previous sibling: a template first in its parent has none
    (f'<div><template id="B:0"></template><p>Fallback</p><!--/$--></div>{SEG}', "Fallback\n\nNew\n"),
    # "--!>" ends a comment too
    (f"<div><!--$-->{B}<p>Loading</p><!--/$--!><p>Body</p><!--/$--></div>{SEG}", "New\n\nBody\n"),
])
def test_a_fallback_is_left_out_only_where_the_browser_leaves_it_out(page, expected):
    assert webfold.to_markdown(page, "https://e.org/", selection=False) == expected
