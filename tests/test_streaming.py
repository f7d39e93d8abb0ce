"""React's streamed segments, read where a browser shows them (webfold.streaming).

The markup is React's own (react-dom's ReactFizzConfigDOM): a pending boundary
``<!--$?--><template id="B:n"></template>FALLBACK<!--/$-->``, a placeholder
``<template id="P:n"></template>``, and the segment ``<div hidden id="S:n">`` that
``$RC``/``$RS`` move into their place.
"""

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
