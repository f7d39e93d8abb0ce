"""Chunks for retrieval (webfold.chunk): bounded size, whole words, valid Markdown."""

import re
from pathlib import Path

import pytest
from conftest import LINEAR_GROWTH, growth
from markdown_it import MarkdownIt

import webfold
from webfold.chunk import chunks

PARSER = MarkdownIt("commonmark").enable("table")
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "article.html"


def chunked(html, limit):
    return chunks(webfold.to_blocks(html), limit)


def tables(markdown):
    """Each table of ``markdown`` as markdown-it reads it: its rows, header first, each a
    list of cell contents."""
    found, row = [], None
    for token in PARSER.parse(markdown):
        if token.type == "table_open":
            found.append([])
        elif token.type == "tr_open":
            row = []
        elif token.type == "inline" and row is not None:
            row.append(token.content)
        elif token.type == "tr_close":
            found[-1].append(row)
            row = None
    return found


def columns(rows):
    """The text of each column of body ``rows``, read down the column, spaces left out
    (a cut drops the space it cuts at)."""
    return ["".join(row[column] for row in rows).replace(" ", "") for column in range(len(rows[0]))]


def assert_tables_kept(markdown, found):
    """Every table of ``markdown`` comes back whole from the chunks ``found``: each of
    their tables has one of its headers, no row without text, and down each column the
    text of the table's rows in order."""
    pieces = [table for chunk in found for table in tables(chunk)]
    for whole in tables(markdown):
        body = []
        while pieces and pieces[0][0] == whole[0] and columns(body or [[""] * len(whole[0])]) != columns(whole[1:]):
            body += pieces.pop(0)[1:]
        assert all(any(cell.strip() for cell in row) for row in body)
        assert columns(body) == columns(whole[1:])
    assert pieces == []


def test_a_long_sentence_is_cut_between_words():
    words = [f"word{i}" for i in range(40)]
    found = chunked("<p>" + " ".join(words) + "</p>", 30)
    assert all(len(c) <= 30 for c in found)
    assert " ".join(found).split() == words          # no word cut in two


def test_a_word_longer_than_the_limit_is_cut_every_limit_characters():
    assert chunked("<p>" + "x" * 25 + "</p>", 10) == ["x" * 10, "x" * 10, "x" * 5]


def test_a_cut_code_block_is_closed_and_opened_again():
    lines = [f"print({i})" for i in range(30)]
    html = '<pre><code class="language-python">' + "\n".join(lines) + "</code></pre>"
    found = chunked(html, 80)
    assert len(found) > 1 and all(len(c) <= 80 for c in found)
    got = []
    for chunk in found:
        tokens = PARSER.parse(chunk)
        assert [t.type for t in tokens] == ["fence"] and tokens[0].info == "python"
        got += tokens[0].content.splitlines()
    assert got == lines


def test_a_cut_table_repeats_its_header():
    rows = "".join(f"<tr><td>row {i}</td><td>{i * i}</td></tr>" for i in range(20))
    found = chunked(f"<table><tr><th>name</th><th>square</th></tr>{rows}</table>", 90)
    assert len(found) > 1
    cells = []
    for chunk in found:
        assert chunk.startswith("| name | square |\n| --- | --- |\n")
        tokens = PARSER.parse(chunk)
        assert tokens[0].type == "table_open" and tokens[-1].type == "table_close"
        cells += [t.content for t in tokens if t.type == "inline"][2:]
    assert cells == [value for i in range(20) for value in (f"row {i}", str(i * i))]


@pytest.mark.parametrize("limit", [40, 60, 100])
def test_a_heading_does_not_end_a_chunk_when_it_fits_with_its_block(limit):
    html = "<h1>Title</h1><p>" + " ".join(f"word{i}" for i in range(50)) + "</p><h2>Next</h2><p>End.</p>"
    found = chunked(html, limit)
    assert all(len(c) <= limit for c in found)
    assert not any(c.rstrip().splitlines()[-1].startswith("#") for c in found)
    assert found[0].startswith("# Title\n\nword0")


@pytest.mark.parametrize("limit", [60, 300])
def test_a_block_cut_in_pieces_keeps_its_words_in_one_paragraph(limit):
    words = [f"word{i}" for i in range(120)]
    found = chunked("<h1>Title</h1><p>" + " ".join(words) + "</p>", limit)
    # pieces of one paragraph are never joined by a blank line (a new paragraph)
    assert all("\n\nword" not in c for c in found[1:]) and found[0].startswith("# Title\n\nword0")
    assert " ".join(c.removeprefix("# Title\n\n") for c in found).split() == words


def test_many_headings_stay_linear():
    from conftest import LINEAR_GROWTH, growth

    def page(n):
        return webfold.to_blocks("".join(f"<h2>Heading {i}</h2>" for i in range(n)))

    assert growth(lambda blocks: chunks(blocks, 50), page(20_000), page(40_000)) < LINEAR_GROWTH


def test_table_rows_stay_whole_after_a_heading_when_they_fit():
    rows = "".join(f"<tr><td>Pour-over method {i}</td><td>15 grams</td><td>250 grams</td></tr>" for i in range(8))
    found = chunked("<h2>Ratios at a glance</h2><table><tr><th>Method</th><th>Coffee</th><th>Water</th></tr>"
                    + rows + "</table>", 110)
    assert all(len(c) <= 110 for c in found)
    table_chunks = [c for c in found if "| --- |" in c]
    assert table_chunks and all(line.startswith("|") and line.endswith("|")
                                for c in table_chunks for line in c.split("\n") if not line.startswith("#") and line)


@pytest.mark.parametrize("limit", [78, 100, 101, 120, 150, 400])
def test_a_table_row_is_never_cut_out_of_its_columns(limit):
    # The example page's table has a 61-character header; with 100 characters its row
    # "| French press | 30 g | 500 g | 1:16.7 |" (40) no longer fits after it, and was
    # cut at a space into "... | 1:16.7" and a row "|" of no cells.
    blocks = webfold.to_blocks(EXAMPLE.read_bytes(), "https://notebook.example/guides/coffee/")
    found = chunks(blocks, limit)
    assert all(len(c) <= limit for c in found)
    assert_tables_kept(webfold.render(blocks), found)


def test_a_row_too_long_for_its_chunk_goes_on_in_rows_of_the_same_columns():
    found = chunked("<table><tr><th>Method</th><th>Coffee</th><th>Ratio</th></tr>"
                    "<tr><td>French press</td><td>30 g</td><td>1:16.7</td></tr></table>", 74)
    assert found == ["| Method | Coffee | Ratio |\n| --- | --- | --- |\n| French press | 30 g |  |",
                     "| Method | Coffee | Ratio |\n| --- | --- | --- |\n|  |  | 1:16.7 |"]


@pytest.mark.parametrize("limit", [60, 75, 90, 140, 250])
def test_cells_longer_than_a_chunk_are_cut_in_their_own_column(limit):
    notes = "A bold roast. It keeps for weeks in a sealed tin. " * 3 + "x" * 70
    rows = "".join(f"<tr><td>Bean {i}</td><td>{notes if i % 2 else 'short'}</td><td>{i}</td></tr>"
                   for i in range(6))
    html = f"<table><tr><th>Bean</th><th>Notes</th><th>n</th></tr>{rows}</table>"
    found = chunked(html, limit)
    assert all(len(c) <= limit and len(tables(c)) == 1 and c.startswith("| Bean | Notes | n |\n")
               for c in found)
    assert_tables_kept(webfold.to_markdown(html, selection=False), found)


@pytest.mark.parametrize("limit", range(38, 50))
def test_a_cut_never_parts_an_escaped_pipe_from_its_backslash(limit):
    # "x\\|" repeated: a cut every so many characters would leave a backslash at the end
    # of one row and an unescaped "|" (one more column) at the start of the next.
    html = "<table><tr><th>a</th><th>b</th></tr><tr><td>" + "x|" * 40 + "</td><td>y</td></tr></table>"
    found = chunked(html, limit)
    assert all(len(c) <= limit for c in found)
    assert_tables_kept(webfold.to_markdown(html, selection=False), found)


def test_a_word_cut_every_limit_characters_keeps_its_escapes_whole():
    # "a\\*" repeated, cut every 7 characters, put a backslash at the end of the second
    # chunk (a literal one there) and its "*" at the start of the third (emphasis).
    found = chunked("<p>" + "a*" * 40 + "</p>", 7)
    assert all(len(c) <= 7 for c in found)
    assert "".join(re.sub("<[^>]+>|\n", "", PARSER.render(c)) for c in found) == "a*" * 40


STRIKE_PARSER = MarkdownIt("commonmark").enable("strikethrough")


@pytest.mark.parametrize("html, kept", [
    ("<p>It starts here. <b>This bold part holds two sentences. It ends here.</b> Then more text.</p>",
     "**This bold part holds two sentences. It ends here.**"),
    ("<p>It starts here. <em>An italic part of two sentences. It ends here.</em> Then more text.</p>",
     "*An italic part of two sentences. It ends here.*"),
    ("<p>It starts here. <s>A struck part holds two sentences. It ends here.</s> Then more text.</p>",
     "~~A struck part holds two sentences. It ends here.~~"),
    ("<p>It starts here. <b>Bold with <i>italic inside it. Of two</i> sentences.</b> Then more text.</p>",
     "**Bold with *italic inside it. Of two* sentences.**"),
])
def test_emphasis_that_fits_is_never_cut(html, kept):
    # A cut inside emphasis leaves its delimiters unpaired, written as text in both
    # chunks; it is cut at the sentence ends and spaces around it instead.
    found = chunked(html, 60)
    assert all(len(chunk) <= 60 for chunk in found)
    assert kept in found
    assert not any("*" in STRIKE_PARSER.render(chunk) or "~" in STRIKE_PARSER.render(chunk) for chunk in found)
    assert " ".join(found) == webfold.to_markdown(html, selection=False).strip()


@pytest.mark.parametrize("html, expected", [
    # (breaker on 259369b, R3: the cut moved before a place that the item's text starts
    # with, leaving "1. " alone, an empty item, and the text a paragraph)
    ("<ol><li><b>abcdefghijklmnop</b>qrstuvwxyz</li></ol>", ["1. **abcdefghijklmno", "p**qrstuvwxyz"]),
    ("<h2><b>abcdefghijklmnop</b>qrstuvwxyz</h2><p>y</p>", ["## **abcdefghijklmno", "p**qrstuvwxyz", "y"]),
    # a link is then cut before its destination, not in it
    ('<ol><li><a href="/xy">abcdefghijkl</a>mnopqrstuvwxyz</li></ol>', ["1. [abcdefghijkl", "](/xy)mnopqrstuvwxyz"]),
])
def test_a_cut_before_a_place_leaves_no_marker_alone(html, expected):
    assert chunked(html, 20) == expected


def test_a_quote_in_a_list_item_cut_inside_a_line_goes_on_as_a_quote():
    found = chunked("<ul><li>alpha<blockquote><ul><li>beta one two three<ul><li>gamma four five six</li>"
                    "</ul></li></ul></blockquote></li></ul>", 20)
    assert found == ["- alpha", "> - beta one two", "> three", ">   - gamma four", "> five six"]


@pytest.mark.parametrize("html", [
    "<h2>Additional definitions</h2><h3>Undergraduate</h3><h3>Graduate</h3><h3>Postgraduate</h3>",
    "<ul><li><p>alpha one</p><p>two three</p></li><li><p>beta</p></li></ul>",
])
@pytest.mark.parametrize("limit", [10, 12, 20, 30, 40])
def test_no_chunk_starts_or_ends_with_a_blank_line(html, limit):
    found = chunked(html, limit)
    assert found and all(len(chunk) <= limit and chunk == chunk.strip("\n") for chunk in found)


@pytest.mark.parametrize("html, limit, expected", [
    # (breaker on 87313a3: "***" read as a thematic break whatever followed it, so the
    # chunk was escaped and its bold italics shown with a "*" at each end)
    ("<p>one two three <b><i>four five six</i></b> seven eight</p>", 22,
     ["one two three", "***four five six***", "seven eight"]),
    # a subscript's tag at a chunk's start is no HTML block unless alone on its line:
    # not escaped (shown as text, the subscript lost)
    ("<p>one <sub>two <i>three four</i></sub> five</p>", 16, ["one <sub>two", "*three four*", "</sub> five"]),
    ("<p><i>one two three.</i><sub>four five</sub> six</p>", 20, ["*one two three.*", "<sub>four five</sub>", "six"]),
])
def test_a_chunk_may_start_with_emphasis_or_a_tag_unescaped(html, limit, expected):
    assert chunked(html, limit) == expected


@pytest.mark.parametrize("markdown, limit, expected", [
    # (breaker on 87313a3: delimiters inside a link's text paired with ones outside it,
    # into a place that joined the link and was too long, so its address was cut)
    ("x *a [b* c](/u) _d e_ f", 12, ["x *a", "[b* c](/u)", "_d e_ f"]),
    ("[l *m](/u) ,~ a_b _a*b \u3002_,", 20, ["[l *m](/u) ,~ a_b", "_a*b \u3002_,"]),
])
def test_emphasis_pairs_inside_a_link_text_on_its_own(markdown, limit, expected):
    from webfold.cuts import split
    assert split(markdown, limit) == expected


def test_runs_of_many_tildes_are_read_once():
    # Three tildes or more strike nothing through (GFM §6.5): runs of each length were
    # kinds of closer of their own, each pairing read all of them (1 MB: 26 s).
    from webfold.cuts import split
    small, large = (" ".join("a" + "~" * k for k in range(1, 300)) + " *a*" * size for size in (20000, 40000))
    assert growth(lambda text: split(text, 50), small, large) < LINEAR_GROWTH


@pytest.mark.parametrize("html, limit, expected", [
    # (newcomer on f0d6186: the room a heading left cut what a chunk holds whole)
    ('<h1>How to Start a Meditation Practice: A Guide for Beginners</h1><p>by <a href="https://lbb.example/author/'
     'sarah/" title="Posts by Sarah Rudell Beach">Sarah Rudell Beach</a></p>', 120,
     ["# How to Start a Meditation Practice: A Guide for Beginners",
      'by [Sarah Rudell Beach](https://lbb.example/author/sarah/ "Posts by Sarah Rudell Beach")']),
    ("<h1>Brewing notes for the patient</h1><p>Coffee brewing is a <b>careful balance of time, temperature and "
     "grind size</b>, and every one of them matters.</p>", 80,
     ["# Brewing notes for the patient",
      "Coffee brewing is a **careful balance of time, temperature and grind size**, and",
      "every one of them matters."]),
])
def test_a_heading_leaves_whole_what_its_block_would_have_cut(html, limit, expected):
    assert chunked(html, limit) == expected


@pytest.mark.parametrize("html, limit, expected", [
    # (newcomer on f0d6186: bold that fits a chunk, but not with the item's marker,
    # was cut inside a word, and a link between its text and its address)
    ("<ul><li><b>Today: Top 10 best luxury hotel brands in the world</b></li></ul>", 56,
     ["- **Today: Top 10 best luxury hotel brands in the", "world**"]),
    ("<h5><b>Today: Top 10 best luxury hotel brands in the world</b></h5>", 58,
     ["##### **Today: Top 10 best luxury hotel brands in the", "world**"]),
    ('<ul><li><a href="https://example.com/path/page">some link text with words here</a></li></ul>', 63,
     ["- [some link text with words", "here](https://example.com/path/page)"]),
])
def test_a_place_too_long_beside_its_marker_is_cut_at_its_spaces(html, limit, expected):
    assert chunked(html, limit) == expected


def test_prices_are_no_formula():
    # (newcomer on f0d6186: "$79 … $109" was kept whole as a formula; a "$" closes
    # none after white space or before a digit, as Pandoc reads inline TeX)
    page = ("<p>The basic plan costs $79 per employee per month and the plus plan costs $109 per employee per "
            "month in total.</p>")
    assert chunked(page, 60) == ["The basic plan costs $79 per employee per month and the plus",
                                 "plan costs $109 per employee per month in total."]


def test_a_chunk_starting_in_a_nested_item_keeps_an_outer_item_s_quote_in_it():
    # (newcomer on f0d6186: every line was taken back by one space, the quote with them)
    found = chunked("<ul><li>Alpha<ul><li>Beta<ul><li>Gamma item text here</li><li>Delta</li></ul></li></ul></li>"
                    "<li>Epsilon<blockquote><p>Quoted words.</p></blockquote></li></ul>", 50)
    assert found == ["- Alpha\n  - Beta\n    - Gamma item text here", "   - Delta\n- Epsilon\n\n  > Quoted words."]
    assert "<li>\n<p>Epsilon</p>\n<blockquote>" in PARSER.render(found[1])


@pytest.mark.parametrize("html, limit, expected", [
    # (breaker on 418416b, R1: a blank line dropped at a piece's edge, then packed away
    # beside code, joined two paragraphs of an item or a quote)
    ("<ul><li>aaa<pre><code>c</code></pre><p>xx yy zz</p><p>ww vv uu</p></li></ul>", 21,
     ["- aaa", "```\nc\n```", "xx yy zz", "ww vv uu"]),
    ("<ul><li>aaa<pre><code>c</code></pre><blockquote><p>xx yy zz</p><p>ww vv uu</p></blockquote></li></ul>", 25,
     ["- aaa\n\n  ```\n  c\n  ```", "> xx yy zz", "> ww vv uu"]),
    # R2: markers of two items, or of an item and a heading, left alone
    ("<ul><li><ul><li><b>bold words that are quite long</b></li></ul></li></ul>", 35,
     ["- - **bold words that are quite", "long**"]),
    ("<ul><li><h2><b>bold words that are quite long</b></h2></li></ul>", 38,
     ["- ## **bold words that are quite", "long**"]),
    # R3: a nested item's link fits once the item starts a chunk, without its indentation
    ('<ul><li>a<ul><li><a href="/u">link words here ok</a></li></ul></li></ul>', 27,
     ["- a", "- [link words here ok](/u)"]),
    # R4: two dollars on two lines of a list are no formula (it pulled the next item
    # into the quote before it)
    ("<ul><li>x<blockquote>$x</blockquote></li><li>aaa bbb y$ ccc</li></ul>", 14,
     ["- x\n\n  > $x", "- aaa bbb y$", "ccc"]),
])
def test_lists_with_code_quotes_and_places_keep_their_structure(html, limit, expected):
    assert chunked(html, limit) == expected


@pytest.mark.parametrize("limit", [12, 14, 16, 20])
def test_a_heading_is_not_cut_after_a_hash_it_would_read_as_closing(limit):
    # (breaker on 418416b: "## aaaa bbbb #" is the heading "aaaa bbbb", its "#" lost)
    found = chunked("<h2>aaaa bbbb # cccc dddd</h2>", limit)
    assert all(len(chunk) <= limit and not chunk.endswith(" #") for chunk in found)
    assert " ".join(found) == "## aaaa bbbb # cccc dddd"


@pytest.mark.parametrize("html, limit, expected", [
    # (breaker on 418416b: "2. eee" after the text of a cut item, in a quote, and after
    # an indented paragraph of a nested item, read as that text: no list)
    ("<blockquote><ol><li>aaa bbb ccc ddd</li><li>eee</li></ol></blockquote>", 16,
     ["> 1. aaa bbb ccc", "> ddd\n>\n> 2. eee"]),
    ("<ul><li>x<ol><li>aaa<p>bbb ccc ddd eee</p></li><li>fff</li></ol></li></ul>", 30,
     ["- x\n  1. aaa", "   bbb ccc ddd eee\n\n2. fff"]),
])
def test_an_ordered_item_after_a_chunk_s_first_line_starts_a_list(html, limit, expected):
    found = chunked(html, limit)
    assert found == expected
    assert "<ol start=\"2\">" in PARSER.render(found[-1])


def test_places_beside_markers_are_found_in_linear_time():
    # (breaker on 418416b, R5: each place of a long line read back to the line's start
    # for a marker: 4 MB took 10 s)
    small, large = (webfold.to_blocks("<h2>Head</h2><p>" + "<b>a</b> " * size + "</p>") for size in (20000, 40000))
    assert growth(lambda blocks: chunks(blocks, 400), small, large) < LINEAR_GROWTH


def test_emphasis_longer_than_a_chunk_is_cut_as_text_is():
    found = chunked("<p>A start. <b>" + "Bold words. " * 12 + "</b> An end.</p>", 40)
    assert all(len(chunk) <= 40 for chunk in found)
    assert found[0] == "A start. **Bold words. Bold words."
    assert " ".join(found).replace("*", "") == "A start. " + "Bold words. " * 11 + "Bold words. An end."


def test_delimiters_in_code_spans_formulas_and_destinations_pair_nothing():
    # "_" in a formula and "*" in a code span or a link's address are no emphasis: a
    # place read from them would join text that the cuts may part.
    html = ("<p>See <code>a*b</code> then x. And <a href='/p*q'>a link</a> here. "
            "Then <script type='math/tex'>x_1</script> and y. More text is here, then "
            "<code>c*d</code> at the end.</p>")
    found = chunked(html, 30)
    assert all(len(chunk) <= 30 for chunk in found)
    assert found[0] == "See `a*b` then x."


FORMULA = "$\\hat\\beta_1 = \\frac{\\sum_i (x_i-\\bar x)(y_i-\\bar y)}{\\sum_i (x_i-\\bar x)^2}$"


@pytest.mark.parametrize("limit", [90, 100, 120])
def test_a_formula_that_fits_is_never_cut(limit):
    # (newcomer on 75c45a8: a chunk ended inside a formula, leaving a "$" unpaired in each)
    page = ('<p>We model the response as <script type="math/tex">y = X\\beta + \\varepsilon</script> where the '
            'slope is <script type="math/tex">\\hat\\beta_1 = \\frac{\\sum_i (x_i-\\bar x)(y_i-\\bar y)}{\\sum_i '
            '(x_i-\\bar x)^2}</script>. Then more words follow, at $5 each.</p>')
    found = chunked(page, limit)
    assert all(len(chunk) <= limit for chunk in found)
    assert any(FORMULA in chunk for chunk in found)
    assert any("$y = X\\beta + \\varepsilon$" in chunk for chunk in found)
    assert " ".join(found) == webfold.to_markdown(page, selection=False).strip()


def test_a_formula_longer_than_a_chunk_is_cut_at_its_spaces():
    found = chunked(f"<p>So {'<math><mi>x</mi></math>'} and <script type='math/tex'>{'a + ' * 30}b</script> ok</p>",
                    40)
    assert all(len(chunk) <= 40 for chunk in found)
    assert found[0] == "So $x$ and"
    assert " ".join(found) == "So $x$ and $" + "a + " * 30 + "b$ ok"


@pytest.mark.parametrize("page, limit, whole", [
    # a sentence end inside a formula is no place to cut (breaker on 02845d1)
    ('<p>The factorial is written <script type="math/tex">n! = 1 \\cdot 2 \\cdots n</script> for all natural '
     'numbers here.</p>', 30, "$n! = 1 \\cdot 2 \\cdots n$"),
    # a TeX "\$" in a formula is no delimiter, nor a "$" in a code span
    ('<p>Costs are <script type="math/tex">\\$5 + x</script> and also more words follow here so we have '
     '<script type="math/tex">y + z</script> and the end.</p>', 50, "$y + z$"),
    ('<p>Costs are <script type="math/tex">\\$5 + x</script> and also more words follow here so we have '
     '<script type="math/tex">y + z</script> and the end.</p>', 50, "$\\\\$5 + x$"),
    ('<p>Set <code>$HOME</code> first and then we have <script type="math/tex">a + b + c</script> done and '
     'more words.</p>', 40, "$a + b + c$"),
    # a superscript or subscript is kept whole with its tags (newcomer on d34b254: its
    # start and end tags fell into two chunks), with a sentence end or a formula in it;
    # tags written as text, or in a code span, are none
    ('<p>Note the formula a<sup>n + b + c + d</sup> then more words here and more words here and again.</p>',
     30, "a<sup>n + b + c + d</sup>"),
    ("<p>See the note x<sup>Fig. 2. a b</sup> and more words follow here.</p>", 30, "x<sup>Fig. 2. a b</sup>"),
    ('<p>Set y<sup>a b <script type="math/tex">x + y</script> c</sup> then more words here.</p>', 30,
     "y<sup>a b $x + y$ c</sup>"),
    ("<p>Write <code>a &lt;/sup&gt; b</code> or &lt;sub&gt; then x<sub>1 2 3</sub> and more words.</p>", 30,
     "x<sub>1 2 3</sub>"),
    # the breaker on 4cb993b: a superscript holding a hard break, one after a "$" of
    # prose, one after an escaped backtick, and one at the end of a word too long for
    # a chunk
    ("<p>Words words words a<sup>x<br>y</sup> more words here and more words.</p>", 30, "a<sup>x\\\ny</sup>"),
    ("<p>It costs $5 and x<sup>a b c d</sup> more words here and more words here.</p>", 30, "x<sup>a b c d</sup>"),
    ("<p>Tick a` word x<sup>a b c d</sup> more words here and more ` words here.</p>", 30, "x<sup>a b c d</sup>"),
    ("<p>Intro words. Supercalifragilisticexpialidocious<sub>2</sub></p>", 40, "<sub>2</sub>"),
    # the breaker on e477048: a formula (and each tag) inside a superscript too long for
    # a chunk, and a superscript inside a word
    ('<p>a<sup>b <script type="math/tex">x + y</script></sup></p>', 12, "$x + y$"),
    ('<p>a<sup>b <script type="math/tex">x + y</script></sup></p>', 12, "</sup>"),
    ("<p>xxxxxx<sup>a b</sup>yyyyyy</p>", 15, "<sup>a b</sup>"),
    # the breaker on 674ef39: two dollars of prose on either side of a tag pair no
    # formula, and an end tag is kept whole in a piece without its start tag
    ("<p><sup>a $b</sup> x<sub>1 $</sub> y</p>", 20, "<sup>a $b</sup>"),
    ("<p><sup>a $b</sup> x<sub>1 $</sub> y</p>", 20, "x<sub>1 $</sub> y"),
    ("<p><sup>aaaa bbbbbbbbbbb</sup></p>", 12, "</sup>"),
    # a formula after an escaped backslash (session 28's note: its "$" was read as
    # escaped, and the formula cut)
    ('<p>The dir is C:\\<script type="math/tex">a + b + c</script> and more words follow here.</p>', 20,
     "$a + b + c$"),
])
def test_formulas_and_superscripts_are_found_past_sentence_ends_escapes_and_code(page, limit, whole):
    found = chunked(page, limit)
    assert all(len(chunk) <= limit for chunk in found)
    assert any(whole in chunk for chunk in found)


def test_code_is_cut_at_its_lines_whatever_dollars_or_tags_it_holds():
    # code holds no markup: a "$" or "<sup>" in it keeps no line from a cut
    code = "echo $A\necho <sup>\necho $B</sup>\n" + "more code\n" * 4
    found = chunked(f"<pre>{code.replace('<', '&lt;')}</pre>", 30)
    assert all(len(chunk) <= 30 for chunk in found)
    lines = [line for chunk in found for line in chunk.split("\n") if not line.startswith("```")]
    assert lines == code.rstrip("\n").split("\n")


LINKED = ('<p>Read <a href="https://example.com/guides/chunking" title="The guide">the guide to chunking '
          'pages</a> first, then <a href="/a b(1)"><img src="/i.png" alt="a small icon"> the icon</a> and '
          '<a href="https://example.com/">https://example.com/</a> and <code>a b c</code> and '
          '<a href="https://example.com/x">x</a> here.</p>')


def links(markdown):
    """Each link and image of ``markdown`` as markdown-it reads it: ``(href or src,
    text)``, in order."""
    found, link = [], None
    for token in PARSER.parse(markdown):
        for child in token.children or []:
            if child.type == "link_open":
                link = [child.attrs["href"], ""]
                found.append(link)
            elif child.type == "link_close":
                link = None
            elif child.type == "image":
                found.append([child.attrs["src"], child.content])
            elif child.type == "text" and link is not None:
                link[1] += child.content
    return [tuple(link) for link in found]


@pytest.mark.parametrize("limit", range(80, 150, 7))
def test_a_link_that_fits_is_never_cut(limit):
    # (session 28's note: a chunk ended inside a link's address)
    whole = webfold.to_markdown(LINKED, selection=False).strip()
    found = chunked(LINKED, limit)
    assert all(len(chunk) <= limit for chunk in found)
    assert " ".join(found) == whole
    assert [link for chunk in found for link in links(chunk)] == links(whole)
    assert any("`a b c`" in chunk for chunk in found)         # and a code span


@pytest.mark.parametrize("limit", [40, 45, 50])
def test_a_link_longer_than_a_chunk_is_cut_in_its_text_not_its_address(limit):
    found = chunked('<p>See <a href="https://example.com/a/long/path">the long link label with many words '
                    'in it</a> for more.</p>', limit)
    assert all(len(chunk) <= limit for chunk in found)
    assert any("](https://example.com/a/long/path)" in chunk for chunk in found)
    assert " ".join(found) == ("See [the long link label with many words in it](https://example.com/a/long/path) "
                               "for more.")


HAZARDS = ("<p>We count the # of retries - then 2. more and + plus &gt; quote C# and ### three a: b * star "
           "10) ten = equal 1234567890. big --- rule and C##### end ---</p>")


@pytest.mark.parametrize("limit", range(8, 41))
def test_a_chunk_cut_inside_a_paragraph_is_still_one_paragraph(limit):
    # (session 28's note: a cut before "# of retries" made a chunk an ATX heading)
    whole = webfold.to_markdown(HAZARDS, selection=False).strip()
    found = chunked(HAZARDS, limit)
    assert all(len(chunk) <= limit for chunk in found)
    for chunk in found:
        assert [token.type for token in PARSER.parse(chunk)] == ["paragraph_open", "inline", "paragraph_close"], chunk
    # the same text as the paragraph, read by a parser (a chunk may hold an escape more)
    assert "".join(map(read, found)).replace(" ", "") == read(whole).replace(" ", "")


def read(markdown):
    """The text of ``markdown`` as markdown-it reads it (escapes and markup gone)."""
    return "".join(child.content for token in PARSER.parse(markdown) for child in token.children or []
                   if child.type in ("text", "code_inline"))


@pytest.mark.parametrize("limit", [12, 16, 20, 30])
def test_a_chunk_starting_at_a_nested_list_item_is_a_list(limit):
    # indented four spaces or more, a chunk's first line read as an indented code block
    found = chunked("<ul><li>first<ul><li>second<ul><li>third one two<li>fourth</ul></ul><li>fifth</ul>", limit)
    assert all(len(chunk) <= limit for chunk in found)
    kinds = [token.type for chunk in found for token in PARSER.parse(chunk)]
    assert "code_block" not in kinds
    items = [token.content for chunk in found for token in PARSER.parse(chunk) if token.type == "inline"]
    assert " ".join(items).split() == "first second third one two fourth fifth".split()


@pytest.mark.parametrize("limit", [20, 25, 40])
def test_a_quote_cut_inside_a_line_goes_on_as_a_quote(limit):
    found = chunked("<blockquote><p>First sentence of a quote here. Second sentence of the quote.</p>"
                    "<blockquote><p>Nested one here. And the second here.</p></blockquote></blockquote>", limit)
    assert all(len(chunk) <= limit for chunk in found)
    depths = []
    for chunk in found:
        tokens = PARSER.parse(chunk)
        assert tokens[0].type == "blockquote_open", chunk
        depths.append(max(token.level for token in tokens if token.type == "inline"))
    words = [w for chunk in found for token in PARSER.parse(chunk) if token.type == "inline" for w in token.content.split()]
    assert words == ("First sentence of a quote here. Second sentence of the quote. "
                     "Nested one here. And the second here.").split()
    # the nested quote's pieces are two levels deep: inline tokens inside two quotes and a paragraph
    assert depths[-1] == depths[0] + 1


@pytest.mark.parametrize("page", [
    "<p>first line of the text<br>second line of the text<br>third</p>",
    "<blockquote><p>first line of the text<br>second line of the text</p></blockquote>",
    "<ul><li>first line of the text<br>second line of the text</ul>",
])
def test_a_chunk_cut_at_a_hard_break_does_not_end_with_its_backslash(page):
    # (session 28's note: at a chunk's end the break's backslash is text, and showed)
    found = chunked(page, 30)
    assert len(found) > 1 and all(len(chunk) <= 30 for chunk in found)
    assert all(not chunk.endswith("\\") for chunk in found)
    assert read(found[0]) == "first line of the text"
    assert read(found[1]).startswith("second line of the text")


def test_a_heading_takes_room_from_the_first_piece_of_its_block_only():
    # (newcomer on 789706b: every piece of the block was cut to the room left beside
    # the heading, 55 characters of 100)
    words = " ".join(f"word{i:03d}" for i in range(60))
    found = chunked(f"<h2>A heading of about forty characters ok</h2><p>{words}</p>", 100)
    assert found[0].startswith("## A heading of about forty characters ok\n\nword000")
    assert all(len(chunk) <= 100 for chunk in found)
    # and the rest is cut as a whole: no short piece after the first (newcomer on 2bbc73c)
    assert [len(chunk) for chunk in found[1:]] == [95, 95, 95, 95, 39]
    assert " ".join(found).split()[8:] == words.split()


def test_a_code_line_cut_keeps_its_indentation_and_gets_no_escape():
    # (newcomer on 789706b: a long line's indentation was dropped; code holds no
    # Markdown, so a piece starting with "#" or "1." is not escaped either)
    code = ('def f(path):\n        raise FileNotFoundError(f"no such file: {path} in the folder")\n'
            + "x" * 45 + "# 1. b\n")
    found = chunked(f"<pre><code>{code}</code></pre>", 50)
    assert all(len(chunk) <= 50 for chunk in found)
    lines = [line for chunk in found for line in chunk.split("\n")[1:-1]]
    assert lines[1] == "        raise FileNotFoundError(f\"no such"
    assert "\\" not in "".join(lines)
    assert "".join(lines).replace(" ", "") == code.replace("\n", "").replace(" ", "")


def test_a_chunk_of_a_list_keeps_its_items_nested_as_they_were():
    # (newcomer on 789706b: a chunk starting at a deeper item lost the nesting of the
    # items after it)
    page = ("<ul><li>one with a longer text here<ul><li>two<ul><li>three is a longer item here</ul><li>four"
            "<ul><li>five</ul></ul></ul>")
    found = chunked(page, 60)
    assert found[-1] == "  - three is a longer item here\n- four\n  - five"
    tokens = PARSER.parse(found[-1])
    assert [t.level for t in tokens if t.type == "inline"] == [3, 3, 5]    # five inside four


def test_a_quote_chunk_does_not_start_or_end_with_a_blank_quote_line():
    found = chunked("<blockquote><p>First paragraph of the quote.</p><p>Second paragraph of it.</p>"
                    "</blockquote>", 35)
    assert found == ["> First paragraph of the quote.", "> Second paragraph of it."]


def test_a_limit_of_one_gives_no_empty_chunk():
    found = chunked("<ul><li>a b<ul><li>c d<ul><li>e</ul></ul></ul>", 1)
    assert found and all(chunk.strip() and len(chunk) <= 1 for chunk in found)


def test_the_limit_must_be_an_int():
    with pytest.raises(TypeError, match="chunk size must be an int"):
        chunks(webfold.to_blocks("<p>a</p>"), "10")


@pytest.mark.parametrize("page, limit, whole", [
    # the breaker on 789706b: two dollars of prose on either side of a link's edge no
    # formula; a destination kept whole in a piece cut from its link's text; code span
    # text that would start an HTML block or a fence, a thematic break or an ordered
    # list item at a chunk's start; a list marker cut from its item's text (an empty
    # item, and a setext underline after "Note"); a list item's second paragraph
    # indented as code after a cut
    ('<p>Was $5, <a href="https://shop.example/deal">now $4 at our shop</a></p>', 47,
     "[now $4 at our shop](https://shop.example/deal)"),
    ('<p><a href="https://example.com/docs/page">read documentation</a></p>', 35, "](https://example.com/docs/page)"),
    ("<p>Run this <code>xxxxxxxxxx &lt;!--y</code></p><p>Next para</p>", 17, "Next para"),
    ("<p><code>the &lt;div&gt; element</code></p>", 8, "element"),
    ("<p><code>configure ~~~ x</code></p>", 10, "x`"),
    ("<p>xxxxxxxx --- yyyyyyyyy</p>", 9, "yyyyyyyyy"),
    ("<p>xx ab2.cd</p>", 2, "d"),
    ("<blockquote><p>Note</p><ul><li>supercalifragilistic</li></ul></blockquote>", 10, "> - superc"),
    ("<ul><li><p>Alpha</p><ul><li><p>Beta gamma delta epsilon zeta</p><p>Second paragraph</p></li></ul></li></ul>",
     30, "Second paragraph"),
    # the breaker on 259369b: a piece that reads as a block once its end is cut too
    # ("---" before a word too long, "890." before a hard break, "*" of emphasis), a
    # code span of three backticks taken for a fence and escaped, a heading's "##"
    # left alone, a quote's blank line as a chunk of its own
    ("<p>--- averylongwordthatdoesnotfit</p>", 20, "\\---"),
    ("<p>1234567890.<br>or</p>", 7, "890\\."),
    ("<p><em><code>test</code><br></em>error</p>", 7, "error"),
    ('<p><a href="/x">a link here</a><code>a `` b</code> more text</p>', 30, "```a `` b``` more text"),
    ("<h2>A heading that is long</h2><p>x</p>", 10, "## A"),
    ("<blockquote><p>abcdefghijklmnopqrst</p><p>uvwxyzabcdefghijklmn opq</p></blockquote>", 22, "> opq"),
    # the breaker on 27d8fc8: the start of a code span of three backticks, cut short,
    # is a fence; "--- " whose escape did not fit went out unescaped
    ("<p>x <code>a `` b</code> y</p>", 4, "y"),
    ("<p>x <code>a `` b</code> y</p>", 3, "y"),
    ("<p>--- 2)</p>", 4, "2\\)"),
    ("<p>alpha<br>--- beta</p>", 3, "a"),
])
def test_no_chunk_starts_a_block_its_text_did_not_have(page, limit, whole):
    found = chunks(webfold.to_blocks(page, "https://x.org/"), limit)
    assert all(len(chunk) <= limit for chunk in found)
    assert any(whole in chunk for chunk in found)
    for chunk in found:
        kinds = {token.type for token in PARSER.parse(chunk)}
        assert chunk.strip(" >") and not kinds & {"html_block", "fence", "hr", "code_block"}, chunk
        assert "heading_open" not in kinds or chunk == found[0] and page.startswith("<h2>"), chunk


@pytest.mark.parametrize("page, limit", [
    # the breaker on 789706b: code in a list item or a quote was read as a code span
    # and cut at its spaces, its lines made text
    ("<ol><li><p>Install it:</p><pre>pip install webfold\n# then run\nwebfold --chunk 200 page.html</pre>"
     "<p>And then more text after the code.</p></li><li>Second step</li></ol>", 45),
    ("<blockquote><p>Run:</p><pre>pip install webfold\n# then run it\n\nwebfold --chunk 200 page.html</pre>"
     "</blockquote>", 45),
    # the breaker on 259369b: a fence on a list item's marker line ("- ```"), in a
    # list in a quote too
    ("<ul><li><pre>pip install webfold\n# then run\nwebfold --chunk 200 page.html</pre></li></ul>", 30),
    ("<blockquote><ol><li><pre>pip install webfold\n# then run\nwebfold --chunk 200 page.html</pre></li></ol>"
     "</blockquote>", 36),
])
def test_code_in_a_list_or_quote_is_cut_at_its_lines_and_fenced_in_each_chunk(page, limit):
    found = chunked(page, limit)
    assert all(len(chunk) <= limit for chunk in found)
    code = [token.content for chunk in found for token in PARSER.parse(chunk) if token.type == "fence"]
    assert "".join(code).split() == "pip install webfold # then run webfold --chunk 200 page.html".split() \
        or "".join(code).split() == "pip install webfold # then run it webfold --chunk 200 page.html".split()
    assert not any(token.type == "heading_open" for chunk in found for token in PARSER.parse(chunk))


def test_a_chunk_inside_a_quote_starting_at_a_nested_item_is_no_code():
    found = chunked("<blockquote><ul><li>alpha<ul><li>beta<ul><li>gamma delta</li></ul></li></ul></li></ul>"
                    "</blockquote>", 20)
    assert found == ["> - alpha\n>   - beta", "> - gamma delta"]


@pytest.mark.parametrize("name, build", [
    # each line read back to its start at every space looked for a list marker
    ("one_long_line", lambda n: "<p>" + "abcdefgh words " * n + "</p>"),
    ("one_long_line_of_markup", lambda n: "<p>" + '<a href="/x">a</a> <code>b</code> $c$ 1. ' * n + "</p>"),
])
def test_chunking_time_grows_linearly(name, build):
    small, large = (webfold.to_blocks(build(size)) for size in (20000, 40000))
    assert growth(lambda blocks: chunks(blocks, 50), small, large) < LINEAR_GROWTH


def test_two_dollars_of_prose_in_two_paragraphs_of_a_quote_are_no_formula():
    # (breaker on 259369b: the "$5 … $6" place joined the paragraphs, cut inside them)
    found = chunked("<blockquote><p>Costs $5 here.</p><p>And $6 there, with more words.</p></blockquote>", 30)
    assert found == ["> Costs $5 here.", "> And $6 there, with more", "> words."]


def test_unpaired_delimiter_runs_are_read_once():
    # Runs that pair with none (openers of "_", closers of "*") are not searched
    # again by every later closer, as CommonMark's "openers_bottom" says.
    from webfold.cuts import split
    small, large = ("_a " * size + "b* " * size for size in (20000, 40000))
    assert growth(lambda text: split(text, 50), small, large) < LINEAR_GROWTH


def test_an_unclosed_fence_in_a_list_is_read_once():
    # (breaker on 259369b: each fence-like line of code was read to the end for a
    # closing fence: 22 s for 40 KB)
    small, large = (webfold.to_blocks("<ul><li><pre>" + "~~~a\n" * size + "</pre></ul>") for size in (4000, 8000))
    assert growth(lambda blocks: chunks(blocks, 50), small, large) < LINEAR_GROWTH


def test_chinese_and_japanese_text_is_cut_at_its_sentence_ends():
    # (newcomer on 2bbc73c: no space follows "。", so the text was cut every N characters)
    sentences = ["コーヒーの淹れ方は大切です。", "豆の挽き方も重要です！", "温度は何度がいいですか？", "九十度です。"] * 3
    found = chunked("<p>" + "".join(sentences) + "</p>", 40)
    assert all(len(chunk) <= 40 for chunk in found)
    assert all(chunk.endswith(("。", "！", "？")) for chunk in found)
    assert "".join(found) == "".join(sentences)


def test_a_literal_backslash_at_a_cut_is_kept():
    # (breaker on 27d8fc8: a backslash before a space, text, was taken for a hard
    # break's and dropped at the chunk's end)
    assert chunked("<p>aa \\ bb</p>", 3) == ["aa", "\\", "bb"]
    assert chunked("<p>aa \\ bb</p>", 5) == ["aa \\", "bb"]


@pytest.mark.parametrize("text, limit, expected", [
    # (breaker on 27d8fc8: a closing quotation mark or bracket after the sentence mark
    # started the next chunk)
    ("彼は「行きます。」と言った。", 12, ["彼は「行きます。」", "と言った。"]),
    ("你好。（注）他说：“走吧！”我们走。", 12, ["你好。", "（注）他说：“走吧！”", "我们走。"]),
])
def test_a_cjk_sentence_keeps_its_closing_marks(text, limit, expected):
    assert chunked(f"<p>{text}</p>", limit) == expected


@pytest.mark.parametrize("page, limit, expected", [
    # (breaker on 259369b, R8: "2." cannot interrupt a paragraph, so the items after a
    # chunk's first text read as that text)
    ("<ul><li>top<ol><li>alpha beta gamma delta epsilon</li><li>x<p>para one</p></ol></ul>", 30,
     "epsilon\n\n2. x\n\n   para one"),
    ("<ol><li>Preheat the oven to two hundred degrees and wait for it.</li><li>Mix the flour.</li>"
     "<li>Bake it.</li></ol>", 30, "it.\n\n2. Mix the flour."),
])
def test_an_item_numbered_other_than_one_after_a_chunk_s_first_text_is_an_item(page, limit, expected):
    found = chunked(page, limit)
    assert all(len(chunk) <= limit for chunk in found)
    assert expected in found
    tokens = PARSER.parse(expected)
    assert [t.type for t in tokens][:4] == ["paragraph_open", "inline", "paragraph_close", "ordered_list_open"]
