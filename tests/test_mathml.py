"""Formulas: a <math> element's text kept as TeX between dollar signs (webfold.mathml)."""

from __future__ import annotations

import html
import re

import pytest
from markdown_it import MarkdownIt

import webfold
from webfold.mathml import REORDER_LIMIT, MathText


def md(page: str) -> str:
    """Every block's Markdown (no selection: these are the converter's rules)."""
    return webfold.to_markdown(page, selection=False)


def tex(*events: str, alttext: str = "", display: bool = False) -> str:
    """MathText's result for a <math> holding ``events``: "<tag" starts an element
    ("<annotation" one of TeX encoding), ")" ends the last one, anything else is text."""
    formula = MathText(alttext, display)
    formula.start("math", "", False)
    for event in events:
        if event == ")":
            formula.end()
        elif event.startswith("<"):
            formula.start(event[1:], "application/x-tex" if event == "<annotation" else "", False)
        else:
            formula.text(event)
    formula.end()
    return formula.result()


@pytest.mark.parametrize("events, expected", [
    # tokens in order; a script's operands braced, so a group stays one
    (("<mi", "E", ")", "<mo", "=", ")", "<mi", "m", ")", "<msup", "<mi", "c", ")", "<mn", "2", ")", ")"),
     "$E=m{c}^{2}$"),
    (("<msup", "<mrow", "<mi", "a", ")", "<mo", "+", ")", "<mi", "b", ")", ")", "<mn", "2", ")", ")"),
     "${a+b}^{2}$"),
    (("<msubsup", "<mi", "x", ")", "<mi", "i", ")", "<mn", "2", ")", ")"), "${x}_{i}^{2}$"),
    (("<mfrac", "<mn", "1", ")", "<mrow", "<mi", "x", ")", "<mo", "+", ")", "<mn", "1", ")", ")", ")"),
     "$\\frac{1}{x+1}$"),
    (("<msqrt", "<mi", "x", ")", "<mo", "+", ")", "<mn", "1", ")", ")"), "$\\sqrt{x+1}$"),
    # TeX names the index of a root, and what is over or under a base, before the base
    (("<mroot", "<mi", "x", ")", "<mn", "3", ")", ")"), "$\\sqrt[3]{x}$"),
    (("<mover", "<mi", "x", ")", "<mo", "¯", ")", ")"), "$\\overset{¯}{x}$"),
    (("<munder", "<mi", "lim", ")", "<mrow", "<mi", "n", ")", "<mo", "→", ")", "<mi", "∞", ")", ")", ")"),
     "$\\underset{n→∞}{\\lim}$"),
    (("<munderover", "<mo", "∑", ")", "<mrow", "<mi", "i", ")", "<mo", "=", ")", "<mn", "1", ")", ")",
      "<mi", "n", ")", ")"), "$\\underset{i=1}{\\overset{n}{∑}}$"),
    (("<mtable", "<mtr", "<mtd", "<mn", "1", ")", ")", "<mtd", "<mn", "2", ")", ")", ")",
      "<mtr", "<mtd", "<mn", "3", ")", ")", "<mtd", "<mn", "4", ")", ")", ")", ")"),
     "$\\begin{matrix} 1 & 2 \\\\ 3 & 4 \\end{matrix}$"),
    (("<mfenced", "<mi", "a", ")", "<mi", "b", ")", ")"), "$(a,b)$"),
    # function names upright, other names of several letters as roman, invisible
    # operators (U+2061 function application) dropped
    (("<mi", "sin", ")", "<mo", "\u2061", ")", "<mi", "x", ")"), "$\\sin x$"),
    (("<mi", "rank", ")", "<mo", "\u2062", ")", "<mi", "A", ")"), "$\\mathrm{rank}A$"),
    # TeX's special characters as TeX writes them, in math and in text
    (("<mo", "{", ")", "<mi", "x", ")", "<mo", "}", ")", "<mo", "%", ")", "<mi", "a_b", ")"),
     "$\\{x\\}\\%\\mathrm{a\\_b}$"),
    (("<mtext", "if x ≥ 0 & y\\z", ")",), "$\\text{if x ≥ 0 \\& y\\textbackslash{}z}$"),
    # <semantics> and <maction> show their first child; <mphantom>, <mspace> nothing
    (("<maction", "<mi", "a", ")", "<mi", "HIDDEN", ")", ")"), "$a$"),
    (("<mi", "a", ")", "<mphantom", "<mi", "b", ")", ")", "<mspace", ")"), "$a$"),
    # a child that writes nothing still closes its group (breaker on 4aff3af)
    (("<mfrac", "<mspace", ")", "<mi", "x", ")", ")", "<mo", "=", ")", "<mn", "2", ")"), "$\\frac{}{x}=2$"),
    (("<msup", "<mi", "x", ")", "<mphantom", "<mn", "2", ")", ")", ")", "<mo", "+", ")"), "${x}^{}+$"),
    (("<mroot", "<mi", "x", ")", "<mphantom", "<mn", "3", ")", ")", ")"), "$\\sqrt[]{x}$"),
    (("<msubsup", "<mi", "x", ")", "<none", ")", "<mn", "2", ")", ")"), "${x}_{}^{2}$"),
    # text outside token elements is not drawn (MathML Core §3.1.1)
    (("x + 1",), ""),
    (("<msup", "<mi", "x", ")", "2", ")"), "${x}$"),
    (("<mi", "x", ")", "<annotation", "LEAK", ")"), "$x$"),
    # MathJax writes \lim as <mo>lim</mo>; a name's spaces are TeX's control spaces
    (("<munder", "<mo", "lim", ")", "<mi", "n", ")", ")"), "$\\underset{n}{\\lim}$"),
    (("<mi", "arg max", ")",), "$\\mathrm{arg\\ max}$"),
    (("<mi", "a", ")", "<mtext", "\u00a0", ")", "<mi", "b", ")"), "$a\\text{ }b$"),
    # an empty formula writes nothing
    ((), ""),
    (("<mrow", ")"), ""),
])
def test_presentation_markup_is_written_as_tex(events, expected):
    assert tex(*events) == expected


def test_the_tex_annotation_comes_first_then_the_markup_then_the_alttext():
    semantics = ("<semantics", "<mi", "x", ")", "<annotation", "x^2", ")", ")")
    assert tex(*semantics, alttext="alt") == "$x^2$"
    # alttext is a text alternative, which may be prose (MathML Core §2.1)
    assert tex("<mi", "x", ")", alttext="x squared") == "$x$"
    assert tex("<mspace", ")", alttext="x_{alt}") == "$x_{alt}$"
    # an annotation stands for the formula only as the TeX of its only child: one
    # deeper, or beside other children, is of a part (breaker on 4aff3af)
    assert tex("<mi", "y", ")", "<mo", "=", ")", "<mrow", *semantics, ")", "<mo", "+", ")", "<mn", "1", ")") \
        == "$y=x+1$"
    assert tex(*semantics, "<mo", "+", ")", "<mn", "1", ")") == "$x+1$"
    # an annotation of another encoding is not shown, nor read as TeX
    formula = MathText("", False)
    formula.start("math", "", False)
    formula.start("semantics", "", False)
    formula.start("mi", "", False)
    formula.text("y")
    formula.end()
    formula.start("annotation", "text/plain", False)
    formula.text("NOT TEX")
    formula.end()
    formula.end()
    formula.end()
    assert formula.result() == "$y$"
    # white space runs become one space; display math is between double dollars;
    # comments go, as on one line they would end the formula; a final backslash keeps
    # its space (breaker on 4aff3af)
    assert tex("<semantics", "<mi", "a", ")", "<annotation", "  a +\n  b ", ")", ")", display=True) == "$$a + b$$"
    assert tex("<semantics", "<mi", "a", ")", "<annotation", "a % first\n+ b 50\\% \\\\ c\\ ", ")", ")") \
        == "$a + b 50\\% \\\\ c\\ $"


def test_a_root_too_large_to_reorder_keeps_its_children_in_order_and_every_token():
    events = ["<mroot", "<mrow"] + ["<mi", "x", ")"] * REORDER_LIMIT + [")", "<mn", "3", ")", ")"]
    result = tex(*events)
    assert result == "$\\sqrt{" + "x" * REORDER_LIMIT + "}[3]$"


def plain(markdown: str) -> str:
    """The text a CommonMark reader shows for ``markdown``: tags dropped, entities read."""
    rendered = MarkdownIt("commonmark").enable("table").render(markdown)
    return html.unescape(re.sub(r"<[^>]+>", "", rendered)).strip()


KATEX = ('<p>The energy is <span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/'
         'Math/MathML"><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup>'
         '</mrow><annotation encoding="application/x-tex">E=mc^2</annotation></semantics></math></span>'
         '<span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">E'
         '</span><span class="mrel">=</span><span class="mord mathnormal">mc</span><span class="msupsub">'
         '<span class="mord mtight">2</span></span></span></span></span> here.</p>')


@pytest.mark.parametrize("page, expected", [
    # KaTeX: the MathML with its TeX annotation, beside a drawing hidden from readers
    (KATEX, "The energy is $E=mc^2$ here.\n"),
    # MathJax 3: glyphs drawn by CSS (no text), beside the MathML for assistive tools
    ('<p>Then <mjx-container class="MathJax" jax="CHTML"><mjx-math><mjx-mi><mjx-c class="mjx-c1D465">'
     '</mjx-c></mjx-mi></mjx-math><mjx-assistive-mml><math><mi>x</mi><mo>=</mo><mn>1</mn></math>'
     '</mjx-assistive-mml></mjx-container>.</p>', "Then $x=1$.\n"),
    ('<p>Euler: <math alttext="e^{i\\pi}+1=0"><mglyph src=e.png></mglyph></math>.</p>',
     "Euler: $e^{i\\pi}+1=0$.\n"),
    # MathJax 2's screen-reader copy beside the script it typeset: written once, from
    # the script (breaker on 2a055d9)
    ('<p>So <span class="MathJax"><nobr aria-hidden="true"><span class="mi">x</span></nobr>'
     '<span class="MJX_Assistive_MathML"><math><msup><mi>x</mi><mn>2</mn></msup></math></span></span>'
     '<script type="math/tex">x^2</script>.</p>', "So $x^2$.\n"),
    # two formulas side by side stay two
    ("<p><math><mi>x</mi></math><math><mi>y</mi></math></p>", "$x$ $y$\n"),
    # styles that leave text unseen hide a formula or its part, as on a phrasing element
    ('<p>a <math style="visibility:hidden"><mi>x</mi></math> b</p>', "a b\n"),
    ('<p>a <math style="position:absolute;left:-9999px"><mi>x</mi></math> b</p>', "a b\n"),
    ('<p>a <math><mi>x</mi><mi style="color:transparent">y</mi></math> b</p>', "a $x$ b\n"),
    ("<p>Display:</p><p><math display=block><mi>x</mi></math></p>", "Display:\n\n$$x$$\n"),
    # Markdown's own characters are escaped as in any text
    ("<p><math><mi>a</mi><mo>*</mo><mi>b</mi><mo>*</mo><mi>c</mi></math></p>", "$a\\*b\\*c$\n"),
    # where it stands: in a link, an item, a cell, a heading, code, preformatted text
    ("<p><a href=/x>see <math><mi>a</mi></math> here</a></p>", "[see $a$ here](/x)\n"),
    ("<ul><li>x <math><mi>a</mi></math><li>y</ul>", "- x $a$\n- y\n"),
    ("<table><tr><th>h<tr><td><math><mi>a</mi></math><td>b</table>", "| h |  |\n| --- | --- |\n| $a$ | b |\n"),
    ("<h2>Sum <math><mi>s</mi></math></h2>", "## Sum $s$\n"),
    # a closer is not moved into a formula before a letter: it cannot close there, so
    # the emphasis goes (it was "**foo$x**$Bar", breaking the formula: breaker of
    # session 41)
    ("<p><b>foo<math><mi>x</mi></math></b>Bar and <b>foo <math><mi>y</mi></math></b> Bar</p>",
     "foo$x$Bar and **foo $y$** Bar\n"),
    ("<p><code>x <math><mi>a</mi></math> y</code></p>", "`x $a$ y`\n"),
    ("<pre>x <math><mi>a</mi></math> y</pre>", "```\nx $a$ y\n```\n"),
    # a formula that a reader does not see is not written, nor its hidden parts
    ("<p>x <math hidden><mi>a</mi></math> y</p>", "x y\n"),
    ('<p>x <math style="display:none"><mi>a</mi></math> y</p>', "x y\n"),
    ("<p hidden>x <math><mi>a</mi></math></p><p>y</p>", "y\n"),
    ('<p>x <math><mi>a</mi><mi style="display:none">S</mi><mtext><span hidden>S</span>t</mtext>'
     '<mtext><script>S</script><svg><text>S</text></svg></mtext></math> y</p>', "x $a\\text{t}$ y\n"),
    # HTML in an <mtext> is the formula's text (a text integration point, §13.2.6.5)
    ("<p>a <math><mtext><b>w1</b></mtext></math> b</p>", "a $\\text{w1}$ b\n"),
    ("<math><mtext><section>w1<p>w2</section></mtext></math><p>after", "$\\text{w1}\\text{w2}$\n\nafter\n"),
    # it ends where browsers end it: at an HTML tag outside an integration point, at
    # the end tag of an element around it, or at the end of the page
    ("<p>x <math><mi>a</mi><p>y", "x $a$\n\ny\n"),
    ("<div>x <math><mi>a</mi></div>after", "x $a$\n\nafter\n"),
    ("<p>x <math><msup><mi>a</mi><mn>2", "x ${a}^{2}$\n"),
    ("<p>x <math/> y", "x y\n"),
    # HTML open in a token element is the current node: </math> closes nothing, and
    # what follows stays in it, hidden or not (Chromium; second breaker on beb74ba)
    ("<p>w1 <math><mi>a</mi><mtext><span hidden>h</mtext></math> IGNORE<p>more", "w1 $a$\n"),
    ("<p>w1 <math><mi>a</mi><mo><span hidden>h</math>w3</span> w4</mo> w5</math> w6", "w1 $a w4$ w6\n"),
    ("<p>w1 <math><mi>a</mi><mo><b>w2</math>w3", "w1 $aw2w3$\n"),
    # under a MathML element, <svg> is MathML too (§13.2.6.5), and HTML elements are
    # not MathML ones, whatever their names; text right in a nested <math> is not drawn
    ("<p>w1 <math><mi>a</mi><svg><mo><em>w2</em></mo></svg></math> w3", "w1 $aw2$ w3\n"),
    ("<p>w1 <math><mi>a</mi><mi><span><mphantom>w2</mphantom></span></mi></math> w3", "w1 $a\\mathrm{w2}$ w3\n"),
    ("<p>w1 <math><mi>a</mi><mo><math>w2</math></mo></math> w3", "w1 $a$ w3\n"),
    ("<p>w1 <math><mi>a</mi><mtext><svg><text>S</text></svg>t</mtext></math>", "w1 $a\\text{t}$\n"),
])
def test_a_formula_is_written_where_it_stands(page, expected):
    assert md(page) == expected


@pytest.mark.parametrize("page, expected", [
    # MathJax 2's TeX input, as kramdown writes it into pages as served
    ('<p>Energy <script type="math/tex">E = mc^2</script> here.</p>', "Energy $E = mc^2$ here.\n"),
    ('<p>So:</p><script type="math/tex; mode=display">\\int_0^1 x\\,dx</script>',
     "So:\n\n$$\\int_0^1 x\\\\,dx$$\n"),
    # other scripts, and hidden ones, write nothing; nor does a script after an empty
    # formula's (the delimiter is the script's own)
    ('<p>a<script type="math/tex" hidden>S</script><script>S</script>b', "ab\n"),
    ('<script type="math/tex"></script><div hidden><script>S</script></div><p>v', "v\n"),
    ('<p>a<script type=math/tex></script><style>b{}</style>c', "ac\n"),
    ('<div hidden><script type="math/tex">S</script></div><p>v', "v\n"),
    ('<p>x <script type="math/tex"> </script><script type="math/tex">q</script> y</p>', "x $q$ y\n"),
])
def test_a_mathjax_tex_script_is_a_formula(page, expected):
    assert md(page) == expected


WIKIPEDIA = ('<p>If <span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" '
             'style="display: none;"><math alttext="{\\displaystyle a}"><semantics><mi>a</mi><annotation '
             'encoding="application/x-tex">{\\displaystyle a}</annotation></semantics></math></span><img '
             'src="a.svg" class="mwe-math-fallback-image-inline mw-invert" aria-hidden="true" '
             'alt="{\\displaystyle a}"></span> is known:</p>')


@pytest.mark.parametrize("page, expected", [
    # MediaWiki's markup: the MathML copy hidden, the image (aria-hidden) drawn, its
    # alt the TeX; "{\displaystyle …}" is the delimiter's business (newcomer on 75c45a8)
    (WIKIPEDIA, "If $a$ is known:\n"),
    ('<dl><dd><span class="mwe-math-element"><img class="mwe-math-fallback-image-display" aria-hidden="true" '
     'alt="{\\displaystyle a^{2}+b^{2}=c^{2}.}" src="b.svg"></span></dd></dl>', "$$a^{2}+b^{2}=c^{2}.$$\n"),
    # the screen-reader copy shown (older markup) is not written beside the image
    ('<p>So <span class="mwe-math-mathml-inline mwe-math-mathml-a11y"><math><mi>x</mi></math></span>'
     '<img class="mwe-math-fallback-image-inline" aria-hidden="true" alt="x" src="x.svg"> ok</p>', "So $x$ ok\n"),
    # hidden otherwise, nothing; without alt text, an image as any
    ('<p>a <img class="mwe-math-fallback-image-inline" style="display:none" alt="S" src="s.svg"> b</p>', "a b\n"),
    ('<p>a <img class="mwe-math-fallback-image-inline" alt="" src="q.svg"> b</p>', "a ![](q.svg) b\n"),
    # only a whole-formula wrapper goes: not one whose last brace is escaped; an empty
    # one is no formula (breaker on 02845d1: "$$" paired with later dollars)
    ('<p><img class="mwe-math-fallback-image-inline" alt="{\\displaystyle a}+{b}" src="q.svg"></p>',
     "${\\displaystyle a}+{b}$\n"),
    ('<p><img class="mwe-math-fallback-image-inline" alt="{\\displaystyle a\\}" src="q.svg"></p>',
     "${\\displaystyle a\\\\}$\n"),
    ('<p>a <img class="mwe-math-fallback-image-inline" aria-hidden="true" alt="{\\displaystyle }" src="q.svg"> b '
     '<math><mi>y</mi></math></p>', "a b $y$\n"),
    # MediaWiki's MathML copy, when shown, is the formula: written without an image
    # beside it, and then the image is not written again
    ('<p>q <span class="mwe-math-mathml-a11y"><math><mi>x</mi><mo>+</mo><mn>1</mn></math></span> r</p>',
     "q $x+1$ r\n"),
    # MathJax 2's copy is known by its class, not by a class that holds its name
    ('<p>q <span class="not-MJX_Assistive_MathML-x"><math><mi>x</mi></math></span> r</p>', "q $x$ r\n"),
])
def test_a_wikipedia_formula_is_its_image_alt_text(page, expected):
    assert md(page) == expected


def test_a_commonmark_reader_sees_the_tex_exactly():
    page = ('<p>Sets <math><semantics><mi>S</mi><annotation encoding="application/x-tex">'
            'S=\\{x_1,\\dots,x_n\\}\\ *[a]*</annotation></semantics></math> end</p>')
    assert plain(md(page)) == "Sets $S=\\{x_1,\\dots,x_n\\}\\ *[a]*$ end"
    assert plain(md(KATEX)) == "The energy is $E=mc^2$ here."


def test_formulas_are_main_content():
    page = ("<html><head><title>Proof</title></head><body><nav><a href=/>Home</a></nav><main><h1>Proof</h1>"
            + "<p>We show that the sum is finite, as the bound below gives for every term.</p>" * 3
            + KATEX + "</main><footer>© Site</footer></body></html>")
    assert "$E=mc^2$" in webfold.to_markdown(page)


@pytest.mark.parametrize("page, expected", [
    # a math reader would pair "$5" with the formula's "$" (session 27)
    ("<p>It costs $5 and <math><mi>x</mi></math> is $10</p>", "It costs \\$5 and $x$ is \\$10\n"),
    ('<p>Price $5 <a href="/p">at $6</a> <math><mi>y</mi></math></p>', "Price \\$5 [at \\$6](/p) $y$\n"),
    ('<p><img alt="a$b" src="/i.png"> <math><mi>y</mi></math></p>', "![a\\$b](/i.png) $y$\n"),
    ("<h2>Cost $5 <math><mi>y</mi></math></h2>", "## Cost \\$5 $y$\n"),
    # an escaped backslash before it stays one; a code span, an autolink and a bare
    # address are left as they are (a backslash would be text there)
    ("<p>\\$ <math><mi>y</mi></math></p>", "\\\\\\$ $y$\n"),
    ("<p><code>$a</code> <math><mi>y</mi></math></p>", "`$a` $y$\n"),
    # the breaker on e4def53: a formula written where emphasis continues a touching run
    # kept its own dollars; an address that holds one is unlinked and escaped (GFM would
    # link a backslash), in link text too; an address before a formula ends before it
    ("<p><math><mi>q</mi></math> a.<i><strong> _</strong><b><math><mi>q</mi></math></b></i></p>",
     "$q$ a. ***\\_$q$***\n"),
    ("<p>see https://a.example/$x and <math><mi>F</mi></math> more $</p>",
     "see https\\://a.example/\\$x and $F$ more \\$\n"),
    ('<p><a href="/l">https://a.example/$x</a> <math><mi>F</mi></math> $</p>',
     "[https\\://a.example/\\$x](/l) $F$ \\$\n"),
    ("<p>&lt;https://a.example/$x&gt; <math><mi>y</mi></math></p>", "\\<https\\://a.example/\\$x> $y$\n"),
    ("<p>https://a.example/x<math><mi>y</mi></math></p>", "<https://a.example/x>$y$\n"),
])
def test_dollars_beside_a_formula_are_escaped(page, expected):
    output = md(page)
    assert output == expected
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    rendered = MarkdownIt("commonmark").use(dollarmath_plugin).render(output)
    # a math reader sees each formula, and every other "$" as text
    assert rendered.count('class="math inline"') == page.count("<math>")


def test_dollars_stay_bare_in_prose_without_a_formula():
    # ordinary prose stays free of backslashes; a formula's paragraph is the reach of
    # a math reader's pairing
    assert md("<p>From $5 to $6</p>") == "From $5 to $6\n"
    assert md("<p><math><mi>y</mi></math></p><p>From $5</p>") == "$y$\n\nFrom $5\n"
