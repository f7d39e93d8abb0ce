"""Markdown output rules (CommonMark 0.31, GFM): every expected value is the exact output."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

import webfold

BASE = "https://example.com/dir/page.html"


def md(html: str, base: str | None = BASE, **options) -> str:
    """Every block converted (no main-content selection)."""
    return webfold.to_markdown(html, base, selection=False, **options)


def to_html(markdown: str) -> str:
    return MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(markdown)


CASES = [
    # headings
    ("<h2>Title<br>second</h2>", "## Title second\n"),
    ("<h3>C# and F# #</h3>", "### C# and F# \\#\n"),
    ("<h1>Head <a href='/h'>link</a></h1>", "# Head [link](https://example.com/h)\n"),
    # whitespace
    ("<p>line one\n   line two\t\ttab</p>", "line one line two tab\n"),
    ("<p>a <!-- c --> b</p>", "a b\n"),
    ("<p>no<span>gap</span> <span>one</span>  gap</p>", "nogap one gap\n"),
    ("<p>a&nbsp;&nbsp;b</p>", "a\u00a0\u00a0b\n"),
    # emphasis
    ("<p>foo<b> bar </b>baz</p>", "foo **bar** baz\n"),
    ("<p><b></b><i> </i>x</p>", "x\n"),
    ("<p><b>a</b><b>b</b></p>", "**ab**\n"),
    ("<p><b>foo <i>bar</i></b></p>", "**foo *bar***\n"),
    ("<p><em>em</em>bedded</p>", "*em*bedded\n"),
    ("<p><b>\"q\"</b>word</p>", "\"q\"word\n"),
    ("<p>x<del>gone</del> <s>also</s></p>", "x~~gone~~ ~~also~~\n"),
    ("<p><b>bold<br></b>next</p>", "**bold**\\\nnext\n"),
    # hard breaks
    ("<p>a<br>b<br><br>c<br></p>", "a\\\nb\n\nc\n"),
    # escaping
    ("<p>1. not a list</p>", "1\\. not a list\n"),
    ("<p>2) nor this</p>", "2\\) nor this\n"),
    ("<p># not heading</p>", "\\# not heading\n"),
    ("<p>#hashtag</p>", "#hashtag\n"),
    ("<p>- dash</p><p>+ plus</p><p>> gt</p>", "\\- dash\n\n\\+ plus\n\n\\> gt\n"),
    ("<p>===</p><p>---</p><p>***</p>", "\\===\n\n\\---\n\n\\*\\*\\*\n"),
    ("<p>2 * 3 = 6, snake_case, a_b_c</p>", "2 * 3 = 6, snake_case, a_b_c\n"),
    ("<p>__init__ *star* [1] `tick` &lt;div&gt; &amp;copy; ~~x~~</p>",
     "\\_\\_init\\_\\_ \\*star\\* \\[1\\] \\`tick\\` \\<div> \\&copy; \\~\\~x\\~\\~\n"),
    ("<p>a\\b and C:\\Users and end\\</p>", "a\\b and C:\\Users and end\\\\\n"),
    ("<p>Plain prose, with commas; colons: and (parentheses) - dashes! 50% off?</p>",
     "Plain prose, with commas; colons: and (parentheses) - dashes! 50% off?\n"),
    # code
    ("<pre class='language-python'><code>def f():\n    return '<b>' &amp; 1\n```\n</code></pre>",
     "````python\ndef f():\n    return '' & 1\n```\n````\n"),
    ("<pre>\n  indented\n\n  *code*</pre>", "```\n  indented\n\n  *code*\n```\n"),
    ("<pre>a<br>b</pre>", "```\na\nb\n```\n"),
    ("<pre lang='rust'>fn x()</pre>", "```rust\nfn x()\n```\n"),
    ("<div class='highlight-source-js'><pre>x</pre></div>", "```\nx\n```\n"),
    ("<pre><code class='lang-go'>go</code></pre>", "```go\ngo\n```\n"),
    ("<pre class='brush: php'>p</pre>", "```php\np\n```\n"),
    ("<pre data-lang='sql'>s</pre>", "```sql\ns\n```\n"),
    ("<p>use <code>a`b</code> and <code>`x`</code> and <code>*no*</code></p>",
     "use ``a`b`` and `` `x` `` and `*no*`\n"),
    # links and images
    ("<p><a href='/a b(c)' title='T \"q\"'>text</a></p>",
     "[text](<https://example.com/a b(c)> \"T \\\"q\\\"\")\n"),
    ("<p><a href='rel/x?y=1#f'>r</a> <a href='#top'>t</a> <a href='//cdn.org/x'>p</a></p>",
     "[r](https://example.com/dir/rel/x?y=1#f) [t](https://example.com/dir/page.html#top) "
     "[p](https://cdn.org/x)\n"),
    ("<p><a>no href</a> <a href=''>empty</a></p>", "no href [empty](https://example.com/dir/page.html)\n"),
    ("<p><a href='/x'><img src='/i.png' alt='logo'></a></p>",
     "[![logo](https://example.com/i.png)](https://example.com/x)\n"),
    ("<a href='/card'><h3>Card</h3><p>Desc</p></a>",
     "### [Card](https://example.com/card)\n\n[Desc](https://example.com/card)\n"),
    ("<p><img src='data:image/gif;base64,R0l' data-src='/real.jpg' alt='Alt [x]'></p>",
     "![Alt \\[x\\]](https://example.com/real.jpg)\n"),
    ("<p><img src='/placeholder.gif' alt='a'><noscript><img src='/real2.jpg'></noscript></p>",
     "![a](https://example.com/real2.jpg)\n"),
    ("<p><img srcset='/s.jpg 300w, /l.jpg 1200w' src=''></p>", "![](https://example.com/l.jpg)\n"),
    ("<p><img src='/i.png' title='Tip'></p>", "![](https://example.com/i.png \"Tip\")\n"),
    # lists
    ("<ol start=9><li>nine<li>ten<ul><li>sub</ul></ol>", "9. nine\n10. ten\n    - sub\n"),
    ("<ul><li><p>para1</p><p>para2</p></li><li>next</li></ul>", "- para1\n\n  para2\n\n- next\n"),
    ("<ul><li>x</li><ul><li>direct nested</li></ul></ul>", "- x\n  - direct nested\n"),
    ("<ul><li><ul><li>only nested</li></ul></li></ul>", "- - only nested\n"),
    ("<li>orphan item</li>", "- orphan item\n"),
    ("<ul><li>item<pre>code\nline</pre></li></ul>", "- item\n\n  ```\n  code\n  line\n  ```\n"),
    ("<ul><li>a</li></ul><p>p</p><ol><li>b</li></ol>", "- a\n\np\n\n1. b\n"),
    ("<ul><li>text<ol start=3><li>three</li></ol></li></ul>", "- text\n\n  3. three\n"),
    ("<ol><li>1<li>2<li>3<li>4<li>5<li>6<li>7<li>8<li>9<li>10<ol><li>in</ol></ol>",
     "1. 1\n2. 2\n3. 3\n4. 4\n5. 5\n6. 6\n7. 7\n8. 8\n9. 9\n10. 10\n    1. in\n"),
    # block quotes
    ("<blockquote><blockquote><p>deep</p></blockquote><p>outer</p></blockquote>",
     "> > deep\n>\n> outer\n"),
    ("<blockquote>q<pre>c1\n\nc2</pre></blockquote>", "> q\n>\n> ```\n> c1\n>\n> c2\n> ```\n"),
    ("<ul><li>p<blockquote>in</blockquote></li></ul>", "- p\n\n  > in\n"),
    # thematic break
    ("<p>a</p><hr><p>b</p>", "a\n\n***\n\nb\n"),
]


@pytest.mark.parametrize("html, expected", CASES, ids=[c[0][:40] for c in CASES])
def test_markdown(html, expected):
    assert md(html) == expected


def test_images_can_be_left_out():
    assert md("<p>a <img src=x.png alt=x> b</p>", images=False) == "a b\n"


def test_without_base_targets_stay_as_written():
    assert md("<a href='/x'>x</a><img src='y.png'>", None) == "[x](/x)![](y.png)\n"


def test_relative_base_element_without_a_caller_base():
    html = "<head><base href='/guides/'></head><a href='x'>x</a> <img src='i.png'> <a href='//h/y'>y</a>"
    assert md(html, None) == "[x](/guides/x) ![](/guides/i.png) [y](//h/y)\n"


def test_base_element_is_resolved_against_the_caller_base():
    html = "<head><base href='/sub/'></head><a href='x'>x</a>"
    assert md(html, "https://e.org/a/b") == "[x](https://e.org/sub/x)\n"


@pytest.mark.parametrize("html, tag", [
    ("<p>1. x</p>", "<p>1. x</p>"),
    ("<p>*a* _b_ `c` [d](e) &lt;f&gt; &amp;copy; ~~g~~</p>",
     "<p>*a* _b_ `c` [d](e) &lt;f&gt; &amp;copy; ~~g~~</p>"),
    ("<p>===</p>", "<p>===</p>"),
    ("<p>a<br>- b</p>", "<p>a<br />\n- b</p>"),
])
def test_escaped_text_renders_as_the_text(html, tag):
    assert to_html(md(html)).strip() == tag


def test_nested_structures_parse_back():
    html = ("<blockquote><ul><li>one<ol><li>two<pre>code</pre></li></ol></li></ul></blockquote>")
    rendered = to_html(md(html))
    assert rendered == ("<blockquote>\n<ul>\n<li>one\n<ol>\n<li>\n<p>two</p>\n<pre><code>code\n"
                        "</code></pre>\n</li>\n</ol>\n</li>\n</ul>\n</blockquote>\n")


def test_document_has_no_trailing_spaces_and_one_final_newline():
    out = md("<p>a  </p>  <ul><li> b </li></ul>  <blockquote> <p>c </p><p> d</p></blockquote>")
    assert out == "a\n\n- b\n\n> c\n>\n> d\n"
    assert all(line == line.rstrip() for line in out.split("\n"))


def test_empty_page_is_empty():
    assert md("") == ""
    assert md("<html><body>  </body></html>") == ""


@pytest.mark.parametrize("url", ["foo:a\\&b", "foo:a\\&copy;", "x y\\&b", "'\n\\\n&]", "a\\b", "a\\", "a<b>\\",
                                 "foo:(a)\\", "a&amp;b", "foo:\x7f"])
def test_link_destinations_keep_every_backslash_and_ampersand(url):
    # A backslash before "&" was taken for the one that escapes a reference-like "&",
    # and was lost: "foo:a\&b" came back as "foo:a&b".
    from urllib.parse import unquote
    from webfold.markdown import destination
    tokens = MarkdownIt("commonmark").parseInline(f"[x]({destination(url)})")[0].children
    assert tokens[0].type == "link_open"
    assert unquote(tokens[0].attrs["href"]) == url.replace("\n", "")


@pytest.mark.parametrize("title", ['a\\b "q"', "&copy; & &#38; x", '\\"', "plain", "  spaced\tout  "])
def test_link_titles_read_back_as_written(title):
    from webfold.markdown import link_title
    tokens = MarkdownIt("commonmark").parseInline(f"[x](u{link_title(title)})")[0].children
    assert tokens[0].attrs["title"] == " ".join(title.split())


def test_a_backslash_before_an_ampersand_survives_the_whole_path():
    markdown = webfold.to_markdown('<p><a href="foo:a\\&amp;b">x</a> and <a href="mailto:a\\&amp;copy;">y</a></p>',
                                   selection=False)
    assert markdown == "[x](foo:a\\\\&b) and [y](mailto:a\\\\\\&copy;)\n"
    links = [t.attrs["href"] for t in MarkdownIt("commonmark").parseInline(markdown)[0].children
             if t.type == "link_open"]
    assert links == ["foo:a%5C&b", "mailto:a%5C&copy;"]     # the href attributes, percent-encoded
