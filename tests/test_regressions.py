"""Faults found by trying to break Webfold, each kept as a named case with its right value.

Every case here once gave wrong output, raised, or took time out of proportion to its
size. The whole kind of fault was fixed; the case stands for the kind.
"""

from __future__ import annotations

from pathlib import Path

import cmarkgfm
from cmarkgfm.cmark import Options
import pytest
from markdown_it import MarkdownIt

import webfold

from conftest import LINEAR_GROWTH, growth

RENDER = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def md(html, base=None):
    return webfold.to_markdown(html, base, selection=False)


# Text split across elements must be escaped as a whole: the scanner sees pieces.
SPLIT_TEXT = [
    ("tag_across_wbr", "<p>&lt;<wbr>img src=x onerror=alert(1)&gt;</p>",
     "\\<img src=x onerror=alert(1)>\n", "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n"),
    ("script_across_span", "<p>&lt;<span>script</span>&gt;alert(1)</p>",
     "\\<script>alert(1)\n", "<p>&lt;script&gt;alert(1)</p>\n"),
    ("stars_in_spans", "<p>a<span>*</span>b<span>*</span>c</p>", "a\\*b\\*c\n", "<p>a*b*c</p>\n"),
    ("reference_across_span", "<p>&amp;<span>copy</span>;</p>", "\\&copy;\n", "<p>&amp;copy;</p>\n"),
    ("bang_before_link", '<p>Wow!<a href="/x">click</a></p>', "Wow\\![click](/x)\n",
     '<p>Wow!<a href="/x">click</a></p>\n'),
    ("number_in_own_span", "<p><span>1</span>. item</p>", "1\\. item\n", "<p>1. item</p>\n"),
    ("table_delimiter_row", "<p>a | b<br>-|-</p>", "a | b\\\n\\-|-\n", "<p>a | b<br />\n-|-</p>\n"),
    ("tilde_before_strike", "<p>~<s>x</s></p>", "\\~~~x~~\n", "<p>~<s>x</s></p>\n"),
    ("tilde_inside_strike", "<p><s>~</s></p>", "~~\\~~~\n", "<p><s>~</s></p>\n"),
    # the breaker on 769c92f: "\\!" is an escaped backslash, and the "!" after it made
    # the link an image
    ("bang_after_an_escaped_backslash_before_link", '<p>C:\\!<a href="/x">link</a></p>', "C:\\\\\\![link](/x)\n",
     '<p>C:\\!<a href="/x">link</a></p>\n'),
]

# Unicode white space (general category Zs) before a closing delimiter run stops it
# closing, and after an opening one stops it opening (CommonMark §6.2, right- and
# left-flanking): it goes outside the delimiters.
FLANKING = [
    ("no_break_space_after_an_opener", "<p><b>&nbsp;Lead</b> text</p>", "\u00a0**Lead** text\n",
     "<p><strong>Lead</strong> text</p>\n"),       # markdown-it trims a paragraph's white space
    ("no_break_space_before_nested_openers", "<p><b>&nbsp;<i>x</i>z</b>y</p>", "\u00a0***x*z**y\n",
     "<p><strong><em>x</em>z</strong>y</p>\n"),
    ("no_break_spaces_on_both_sides", "<p>t <b>&nbsp;a&nbsp;</b> u</p>", "t \u00a0**a**\u00a0 u\n",
     "<p>t \u00a0<strong>a</strong>\u00a0 u</p>\n"),
    # WCXB dev 4024: "<strong>Ergonomic and Comfortable Design :&nbsp;</strong>Thicker"
    ("no_break_space_before_a_closer", "<p><strong>Design :&nbsp;</strong>Thicker padded</p>",
     "**Design :**\u00a0Thicker padded\n", "<p><strong>Design :</strong>\u00a0Thicker padded</p>\n"),
    ("two_no_break_spaces", "<p><b>Lead&nbsp;&nbsp;</b>text</p>", "**Lead**\u00a0\u00a0text\n",
     "<p><strong>Lead</strong>\u00a0\u00a0text</p>\n"),
    ("ideographic_space", "<p>a <em>b&#x3000;</em>c</p>", "a *b*\u3000c\n", "<p>a <em>b</em>\u3000c</p>\n"),
    ("nested_closers", "<p><b>a <i>b&nbsp;</i></b>c</p>", "**a *b***\u00a0c\n",
     "<p><strong>a <em>b</em></strong>\u00a0c</p>\n"),
    # the newcomer's page of 643dec7: the inner closer's space stood before the outer one
    ("no_break_spaces_before_nested_closers", "<p><b><i>both&nbsp;</i>&nbsp;</b>z</p>",
     "***both***\u00a0\u00a0z\n", "<p><em><strong>both</strong></em>\u00a0\u00a0z</p>\n"),
    ("emphasis_of_white_space_only", "<p>x <b>&nbsp;</b> y</p>", "x \u00a0 y\n", "<p>x \u00a0 y</p>\n"),
    # the newcomer on 643dec7: touching closers make one run, which a letter before it
    # makes right-flanking ("q*x*y" lost the bold)
    ("closers_forming_one_run", "<p><b>q<i>x</i></b>y</p>", "**q*x***y\n",
     "<p><strong>q<em>x</em></strong>y</p>\n"),
    ("closers_forming_one_run_reversed", "<p><i>q<b>x</b></i>y</p>", "*q**x***y\n",
     "<p><em>q<strong>x</strong></em>y</p>\n"),
    # the run after punctuation closes nothing before a letter: it moves before the
    # punctuation, where it closes; where white space stands before that, both pairs go
    ("run_of_closers_after_punctuation", "<p><b>q<i>x.</i></b>y</p>", "**q*x***.y\n",
     "<p><strong>q<em>x</em></strong>.y</p>\n"),
    ("chain_of_closers_after_punctuation", "<p><b>a <s>b.</s></b>y</p>", "**a ~~b~~**.y\n",
     "<p><strong>a <s>b</s></strong>.y</p>\n"),
    ("run_of_closers_after_spaced_punctuation", "<p><b>q<i>x .</i></b>y</p>", "qx .y\n", "<p>qx .y</p>\n"),
    # (a strikethrough that cannot close is written as HTML: breaker of session 33)
    ("chain_of_closers_after_spaced_punctuation", "<p><b>a <s>b .</s></b>y</p>", "a <del>b .</del>y\n",
     "<p>a <del>b .</del>y</p>\n"),
    ("inner_closer_before_a_letter", "<p><b>a <s>b</s></b>y</p>", "a ~~b~~y\n",
     "<p>a <s>b</s>y</p>\n"),
    # the newcomer on 643dec7: emphasis of one link before a letter (or after one) moves
    # into the link text, where brackets flank it ("<b><a>link</a></b>z" lost the bold)
    ("emphasis_of_a_link_before_a_letter", '<p><b><a href="/x">link</a></b>z</p>', "[**link**](/x)z\n",
     '<p><a href="/x"><strong>link</strong></a>z</p>\n'),
    ("emphasis_of_a_link_after_a_letter", '<p>a<b><a href="/x">x</a></b> y</p>', "a[**x**](/x) y\n",
     '<p>a<a href="/x"><strong>x</strong></a> y</p>\n'),
    ("emphases_of_a_link", '<p><b><i><a href="/x">x</a></i></b>y</p>', "[***x***](/x)y\n",
     '<p><a href="/x"><em><strong>x</strong></em></a>y</p>\n'),
    ("emphasis_of_a_link_before_a_space", '<p><b><a href="/x">link</a></b> z</p>', "**[link](/x)** z\n",
     '<p><strong><a href="/x">link</a></strong> z</p>\n'),
    # emphasis of links separated by white space moves inside each of them
    ("emphasis_of_two_links", '<p><b><a href="/x">a</a> <a href="/y">b</a></b>z</p>', "[**a**](/x) [**b**](/y)z\n",
     '<p><a href="/x"><strong>a</strong></a> <a href="/y"><strong>b</strong></a>z</p>\n'),
    ("emphasis_of_a_link_after_a_letter_ended_and_opened_again", "<div>w0<b><nobr><a href=/2>w2 <nobr>w3",
     "w0[**w2**](/2) [**w3**](/2)\n",
     '<p>w0<a href="/2"><strong>w2</strong></a> <a href="/2"><strong>w3</strong></a></p>\n'),
    ("emphasis_of_two_links_after_a_letter_with_emphasis_and_code_in_them",
     "<p>w0<b><a href=/1><i>x</i></a> <a href=/2><code>y</code></a></b></p>", "w0[__*x*__](/1) [**`y`**](/2)\n",
     '<p>w0<a href="/1"><strong><em>x</em></strong></a> <a href="/2"><strong><code>y</code></strong></a></p>\n'),
    ("strike_of_a_link_after_a_letter_ended_and_opened_again",
     "<p>w0<span><strike><nobr><a href=/1>w1</option><nobr></font></s>w2w3<u>",
     "w0[~~w1~~](/1)[~~w2w3~~](/1)\n",
     '<p>w0<a href="/1"><s>w1</s></a><a href="/1"><s>w2w3</s></a></p>\n'),
    # ... but not where text other than white space is between them: dropped
    ("emphasis_of_two_links_and_a_comma_after_a_letter", "<p>w0<b><a href=/1>x</a>, <a href=/2>y</a></b></p>",
     "w0[x](/1), [y](/2)\n", '<p>w0<a href="/1">x</a>, <a href="/2">y</a></p>\n'),
    ("emphasis_after_punctuation_in_a_link", '<p><a href="/x"><i>x.</i></a>y</p>', "[*x.*](/x)y\n",
     '<p><a href="/x"><em>x.</em></a>y</p>\n'),
    # the breaker on e9f4878: emphasis moved into a link, or dropped, leaves no closer
    # for the next emphasis to continue (the link's destination was lost, or "**" stood);
    # since a closer before an opener closes, that emphasis continues
    ("emphasis_after_emphasis_moved_into_a_link", '<p><b><a href="/x">l</a></b><b>m</b></p>',
     "**[l](/x)m**\n", '<p><strong><a href="/x">l</a>m</strong></p>\n'),
    ("emphasis_after_dropped_emphasis", "<p><b>a.</b><b>y</b></p>", "**a.y**\n",
     "<p><strong>a.y</strong></p>\n"),
    # an opener's flanking characters lie past dropped delimiters and its own run, and
    # past the openers before it, which open nothing either when it opens nothing
    ("opener_before_a_dropped_opener", '<p><a href="/r">Ref<i><b>(</b>2)</i></a>x</p>', "[Ref(2)](/r)x\n",
     '<p><a href="/r">Ref(2)</a>x</p>\n'),
    # (the outer opener moves after the parenthesis: session 32)
    ("run_of_openers_after_a_letter", "<p>a<b><i>(x)</i></b> z</p>", "a(**x)** z\n",
     "<p>a(<strong>x)</strong> z</p>\n"),
    ("run_of_openers_after_a_space", "<p>a <b><i>(x)</i></b> z</p>", "a ***(x)*** z\n",
     "<p>a <em><strong>(x)</strong></em> z</p>\n"),
    # (a strikethrough that cannot open is written as HTML: breaker of session 33)
    ("openers_of_two_characters_after_a_letter", "<p>x<i><s>,</s></i></p>", "x<del>,</del>\n",
     "<p>x<del>,</del></p>\n"),
    ("inner_opener_after_a_dropped_one", "<p>b<s><b>(</b>b(</s>.</p>", "b<del>(b(</del>.\n",
     "<p>b<del>(b(</del>.</p>\n"),
    # the breaker on ec3bcf3: an ASCII space beside a no-break space at an edge of
    # emphasis went inside the delimiters with it, which then opened or closed nothing
    ("ascii_space_after_a_no_break_space_after_an_opener", "<p><b>&nbsp; z</b></p>", "\u00a0 **z**\n",
     "<p><strong>z</strong></p>\n"),
    ("ascii_space_before_a_no_break_space_before_a_closer", "<p><em>q &nbsp;</em>z</p>", "*q* \u00a0z\n",
     "<p><em>q</em> \u00a0z</p>\n"),
    # the breaker on 769c92f (WCXB dev 1087): emphasis moved into a link whose text ends
    # in a no-break space closed nothing ("[**MyChart\xa0**](/m)")
    ("emphasis_moved_into_a_link_that_ends_in_white_space",
     '<p>Login to <strong><a href="/m">MyChart&nbsp;</a></strong>to x</p>', "Login to [**MyChart**\u00a0](/m)to x\n",
     '<p>Login to <a href="/m"><strong>MyChart</strong>\u00a0</a>to x</p>\n'),
    ("emphases_moved_into_a_link_that_ends_in_white_space",
     '<p>Login to <em><strong><a href="/m">MyChart&nbsp;</a></strong></em>to x</p>',
     "Login to [_**MyChart**_\u00a0](/m)to x\n",
     '<p>Login to <a href="/m"><em><strong>MyChart</strong></em>\u00a0</a>to x</p>\n'),
    # the breaker on 40a2670: written inside such a link, the emphasis left a "!" before
    # it bare (an image), and a backslash or a break at the end of its text escaped the
    # closer
    ("bang_before_emphasis_moved_into_a_link_that_ends_in_white_space",
     '<p>!<b><a href="/4">a&nbsp;</a></b>c</p>', "\\![**a**\u00a0](/4)c\n",
     '<p>!<a href="/4"><strong>a</strong>\u00a0</a>c</p>\n'),
    ("backslash_before_white_space_at_the_end_of_an_emphasized_link",
     '<p>x <b><a href="/m">a\\&nbsp;</a></b>y</p>', "x [**a\\\\**\u00a0](/m)y\n",
     '<p>x <a href="/m"><strong>a\\</strong>\u00a0</a>y</p>\n'),
    ("break_before_white_space_at_the_end_of_an_emphasized_link",
     '<p>x <b><a href="/m">a<br>&nbsp;</a></b>y</p>', "x [a\\\n\u00a0](/m)y\n",
     '<p>x <a href="/m">a<br />\n\u00a0</a>y</p>\n'),
    # the newcomer on bb64885: "!" before a link, past dropped emphasis, made an image
    ("exclamation_mark_after_dropped_emphasis_before_a_link", '<p>New<b>!</b><a href="/o">See</a></p>',
     "New\\![See](/o)\n", '<p>New!<a href="/o">See</a></p>\n'),
]
# GFM's autolink extension (§6.9) links a bare web address up to white space, taking a
# backslash after it in (the breaker on 769c92f: 28 places on 8 WCXB dev pages, most
# of them a line break after an image's address). Such an address is written as a
# CommonMark autolink, which shows the same text.
ADDRESSES = [
    ("address_before_a_line_break", "<p>see https://ex.com/pic.jpg<br>next line</p>",
     "see <https://ex.com/pic.jpg>\\\nnext line\n",
     '<p>see <a href="https://ex.com/pic.jpg">https://ex.com/pic.jpg</a><br />\nnext line</p>\n'),
    ("address_and_a_full_stop_before_a_line_break", "<p>see https://ex.com/a.<br>next</p>",
     "see <https://ex.com/a>.\\\nnext\n", '<p>see <a href="https://ex.com/a">https://ex.com/a</a>.<br />\nnext</p>\n'),
    ("address_holding_a_bracket", "<p>(see https://launchpad.net/deja-dup]</p>",
     "(see <https://launchpad.net/deja-dup]>\n",
     '<p>(see <a href="https://launchpad.net/deja-dup%5D">https://launchpad.net/deja-dup]</a></p>\n'),
    ("address_before_an_escaped_underscore", "<p>go https://x.com/a_ now</p>", "go <https://x.com/a>\\_ now\n",
     '<p>go <a href="https://x.com/a">https://x.com/a</a>_ now</p>\n'),
    ("address_with_an_unmatched_parenthesis", "<p>a (https://x.com/a_(b)) z</p>", "a (<https://x.com/a_(b)>) z\n",
     '<p>a (<a href="https://x.com/a_(b)">https://x.com/a_(b)</a>) z</p>\n'),
    # left as they were: nothing escaped in it; inside a link's text; a reference
    ("address_needing_no_escape", "<p>go https://x.com/a_b now</p>", "go https://x.com/a_b now\n",
     "<p>go https://x.com/a_b now</p>\n"),
    ("address_in_a_links_text", '<p><a href="/l">https://x.com/a]</a><br>x</p>', "[https://x.com/a\\]](/l)\\\nx\n",
     '<p><a href="/l">https://x.com/a]</a><br />\nx</p>\n'),
    # the breaker on f21ead8: a "<" after an address is escaped, and that backslash made
    # the rest raw HTML; no address after a letter; the break's backslash past a closer
    ("address_before_escaped_markup", "<p>https://x.example/&lt;img src=x onerror=alert(1)&gt;</p>",
     "<https://x.example/>\\<img src=x onerror=alert(1)>\n",
     '<p><a href="https://x.example/">https://x.example/</a>&lt;img src=x onerror=alert(1)&gt;</p>\n'),
    ("address_after_a_letter", "<p>xhttps://x.example/a]</p>", "xhttps://x.example/a\\]\n",
     "<p>xhttps://x.example/a]</p>\n"),
    ("address_in_quotes", '<p>"https://x.example/a_b*"</p>', '"<https://x.example/a_b>\\*"\n',
     '<p>&quot;<a href="https://x.example/a_b">https://x.example/a_b</a>*&quot;</p>\n'),
    ("address_before_a_no_break_space", "<p>https://x.example/a&nbsp;b]</p>", "<https://x.example/a\u00a0b]>\n",
     '<p><a href="https://x.example/a%C2%A0b%5D">https://x.example/a\u00a0b]</a></p>\n'),
    # (since session 27 an address that delimiters touch, with anything but white
    # space past them, has its ":" escaped: an autolink's "<" or ">" would change
    # what they do)
    ("address_in_emphasis_before_a_break", "<p><em>see https://x.example/a</em><br>next</p>",
     "*see https\\://x.example/a*\\\nnext\n", "<p><em>see https://x.example/a</em><br />\nnext</p>\n"),
    # the re-check of 655cfd6: an escape after closing emphasis, or in the next element
    ("address_in_emphasis_before_escaped_markup",
     "<p><b>https://x.example/a</b>&lt;img src=x onerror=alert(1)&gt;</p>",
     "**https\\://x.example/a**\\<img src=x onerror=alert(1)>\n",
     "<p><strong>https://x.example/a</strong>&lt;img src=x onerror=alert(1)&gt;</p>\n"),
    ("address_before_an_escape_in_the_next_element", "<p>https://x.example/a<span>]</span></p>",
     "<https://x.example/a>\\]\n", '<p><a href="https://x.example/a">https://x.example/a</a>]</p>\n'),
    ("address_before_a_break_that_ends_the_paragraph", "<p>see https://x.example/a.jpg<br></p>",
     "see https://x.example/a.jpg\n", "<p>see https://x.example/a.jpg</p>\n"),
    # no autolink may hold what reads as a reference: the ":" is escaped, so that GFM
    # does not link it (2026-12-06)
    ("address_holding_a_reference_like_text", "<p>x https://x.com/?a&amp;amp;b=[2]</p>",
     "x https\\://x.com/?a\\&amp;b=\\[2\\]\n", "<p>x https://x.com/?a&amp;amp;b=[2]</p>\n"),
]
# Emphasis that touches once a wrapper between them is dropped (the wrapper's closer
# before a letter closes nothing): the closer and the opener that meet make one run
# that closes nothing, "*Note**more*x"; they go, and the emphasis runs on (session 27).
TOUCHING = [
    ("italics_meeting_after_dropped_bold", "<p><i>Note</i><b><i>more</i></b>x</p>", "*Notemore*x\n",
     "<p><em>Notemore</em>x</p>\n"),
    ("bold_meeting_after_dropped_italics", "<p><b>Note</b><i><b>more</b>,</i>y</p>", "**Notemore**,y\n",
     "<p><strong>Notemore</strong>,y</p>\n"),
    ("italics_beside_strikethrough_written_as_html", "<p><i>a</i><s><i>b</i></s>x</p>", "*a*<del>*b*</del>x\n",
     "<p><em>a</em><del><em>b</em></del>x</p>\n"),
]
# A break moved out of emphasis with the white space after it (WCXB dev 4286:
# "<b>David Black<br>&nbsp;</b>") was one part: the paragraph's end kept its backslash,
# which markdown-it showed, and an outer closer after it fell on the next line.
BREAKS = [
    ("break_and_no_break_space_at_the_end_of_bold", "<p><b>David Black<br>\n &nbsp;</b></p>",
     "**David Black**\n", "<p><strong>David Black</strong></p>\n"),
    ("two_breaks_and_spaces_at_the_end_of_bold", "<p><b>a<br>&nbsp;<br>&nbsp;</b></p>", "**a**\n",
     "<p><strong>a</strong></p>\n"),
    ("break_and_no_break_space_in_nested_emphasis", "<p><i><b>a<br>&nbsp;</b></i>c</p>", "***a***\\\n\u00a0c\n",
     "<p><em><strong>a</strong></em><br />\n\u00a0c</p>\n"),
]
RENDERED = SPLIT_TEXT + FLANKING + ADDRESSES + BREAKS + TOUCHING


@pytest.mark.parametrize("name, html, expected, rendered", RENDERED, ids=[c[0] for c in RENDERED])
def test_output_and_its_commonmark_rendering(name, html, expected, rendered):
    output = md(html)
    assert output == expected
    assert RENDER.render(output) == rendered


# GFM's autolink extension (§6.9) links a bare address on into whatever Markdown
# follows it up to white space or "<" (session 27: an image, a link, a code span or
# bold after an address; "www." addresses, which no autolink may hold, before an
# escape). cmark-gfm, GitHub's own renderer, shows what it makes of each.
GFM_ADDRESSES = [
    ("address_before_an_image", '<p>see https://x.co/a<img src="u.png" alt="i"> end</p>',
     "see <https://x.co/a>![i](u.png) end\n",
     '<p>see <a href="https://x.co/a">https://x.co/a</a><img src="u.png" alt="i" /> end</p>'),
    ("address_before_a_link", '<p>https://x.co/a<a href="/u">l</a> d</p>', "<https://x.co/a>[l](/u) d\n",
     '<p><a href="https://x.co/a">https://x.co/a</a><a href="/u">l</a> d</p>'),
    ("address_before_a_code_span", "<p>https://x.co/a<code>c</code> d</p>", "<https://x.co/a>`c` d\n",
     '<p><a href="https://x.co/a">https://x.co/a</a><code>c</code> d</p>'),
    ("address_before_bold", "<p>https://x.co/a<b>b</b> c</p>", "https\\://x.co/a**b** c\n",
     "<p>https://x.co/a<strong>b</strong> c</p>"),
    ("address_in_emphasis_before_a_letter", "<p><em>https://x.co/a</em>b c</p>", "*https\\://x.co/a*b c\n",
     "<p><em>https://x.co/a</em>b c</p>"),
    ("address_in_bold_after_a_letter_before_an_image", 'x<b>https://x.co/a</b><img src="u.png" alt="i">',
     "x**https\\://x.co/a**![i](u.png)\n", '<p>x<strong>https://x.co/a</strong><img src="u.png" alt="i" /></p>'),
    # (the newcomer on fef0e21: an autolink there ended the link where the element did,
    # at "https://x.co/", a wrong address: such an address is left unlinked)
    ("address_then_text_then_bold", "<p>https://x.co/<span>a</span><b>b</b></p>", "https\\://x.co/a**b**\n",
     "<p>https://x.co/a<strong>b</strong></p>"),
    ("address_split_by_an_element_before_a_break",
     '<p>see https://x.example/docs/<span class="hl">page</span>.html<br>next</p>',
     "see https\\://x.example/docs/page.html\\\nnext\n", "<p>see https://x.example/docs/page.html<br />\nnext</p>"),
    ("www_address_before_an_escape", "<p>www.x.co/a] end</p>", "www\\.x.co/a\\] end\n", "<p>www.x.co/a] end</p>"),
    ("www_address_before_a_break", "<p>see www.x.co/a<br>b</p>", "see www\\.x.co/a\\\nb\n",
     "<p>see www.x.co/a<br />\nb</p>"),
    ("address_holding_a_greater_than_sign_before_bold", "<p>x https://x.co/a&gt;b<b>c</b></p>",
     "x https\\://x.co/a>b**c**\n", "<p>x https://x.co/a&gt;b<strong>c</strong></p>"),
    # the breaker on e51c05a: an address inside another's run is escaped too (GFM
    # would link it once the first is not); a backslash before an autolink is escaped;
    # an address after an escaped "<", or before a "!" escaped later, is bare
    ("address_inside_an_escaped_www_address", "<p>www.a.example/?u=https://b.example/x]</p>",
     "www\\.a.example/?u=https\\://b.example/x\\]\n", "<p>www.a.example/?u=https://b.example/x]</p>"),
    ("two_addresses_in_one_run_before_a_code_span", "<p>www.a.example/https://b.example/x*<code>c</code></p>",
     "www\\.a.example/https\\://b.example/x\\*`c`\n", "<p>www.a.example/https://b.example/x*<code>c</code></p>"),
    ("two_addresses_in_bold_before_an_escape", "<p><b>http://x.example/!https://y.example/b</b>[</p>",
     "**http\\://x.example/!https\\://y.example/b**\\[\n",
     "<p><strong>http://x.example/!https://y.example/b</strong>[</p>"),
    # an autolink that escape_prose wrote at the edge of emphasis, which its "<" or ">"
    # would keep from opening or closing, is written as text instead (the emphasis
    # was dropped before)
    ("address_escaped_at_the_start_of_bold_after_a_letter", "<p>y<b>https://a.example/x] z</b></p>",
     "y**https\\://a.example/x\\] z**\n", "<p>y<strong>https://a.example/x] z</strong></p>"),
    ("address_escaped_at_the_end_of_italics_before_a_letter", "<p>a <i>x https://a.example/x]y</i>b</p>",
     "a *x https\\://a.example/x\\]y*b\n", "<p>a <em>x https://a.example/x]y</em>b</p>"),
    ("www_address_inside_a_www_address", "<p>www.a.example/(www.b.example/x]</p>",
     "www\\.a.example/(www\\.b.example/x\\]\n", "<p>www.a.example/(www.b.example/x]</p>"),
    ("backslash_before_an_address_before_a_code_span", "<p>a\\https://a.example/<code>c</code></p>",
     "a\\\\<https://a.example/>`c`\n",
     '<p>a\\<a href="https://a.example/">https://a.example/</a><code>c</code></p>'),
    ("address_after_an_escaped_less_than_sign", "<p>&lt;https://a.example/<b>b</b></p>",
     "\\<https\\://a.example/**b**\n", "<p>&lt;https://a.example/<strong>b</strong></p>"),
    ("address_before_a_bang_before_a_link", '<p>ftp://a.example/!<a href="/l">x</a></p>',
     "<ftp://a.example/>\\![x](/l)\n", '<p><a href="ftp://a.example/">ftp://a.example/</a>!<a href="/l">x</a></p>'),
    # the breaker on e4def53: a no-break space after an address is shown after the
    # autolink, not linked
    ("address_before_a_no_break_space_and_a_code_span", "<p>https://a.example/x&nbsp;<code>c</code></p>",
     "<https://a.example/x>\u00a0`c`\n",
     '<p><a href="https://a.example/x">https://a.example/x</a>\u00a0<code>c</code></p>'),
    # left as they are: what follows is text, white space, or trailing punctuation
    ("address_in_bold_before_white_space", "<p><b>https://x.co/a</b> c</p>", "**https://x.co/a** c\n",
     '<p><strong><a href="https://x.co/a">https://x.co/a</a></strong> c</p>'),
    ("address_before_text_in_another_element", "<p>https://x.co/a<span>b</span> c</p>", "https://x.co/ab c\n",
     '<p><a href="https://x.co/ab">https://x.co/ab</a> c</p>'),
    ("www_address_needing_no_escape", "<p>see www.x.co/a now</p>", "see www.x.co/a now\n",
     '<p>see <a href="http://www.x.co/a">www.x.co/a</a> now</p>'),
]


# Superscript and subscript are written as their HTML tags (raw inline HTML, CommonMark
# §6.6), which no flanking rule binds; as plain text "10<sup>6</sup>" read "106". GitHub
# shows the tags (its sanitizer allows them): cmark-gfm renders them with its unsafe
# option, as GitHub's pipeline does before sanitizing (test_output_and_its_gfm_rendering).
GFM_TAG_MARKS = [
    ("superscript_and_subscript", "<p>E = mc<sup>2</sup>, H<sub>2</sub>O and 10<sup>6</sup> cells</p>",
     "E = mc<sup>2</sup>, H<sub>2</sub>O and 10<sup>6</sup> cells\n",
     "<p>E = mc<sup>2</sup>, H<sub>2</sub>O and 10<sup>6</sup> cells</p>"),
    ("footnote_reference", '<p>Text.<sup><a href="#fn1">1</a></sup> More</p>', "Text.<sup>[1](#fn1)</sup> More\n",
     '<p>Text.<sup><a href="#fn1">1</a></sup> More</p>'),
    ("superscript_inside_a_link", '<p><a href="/x">x<sup>2</sup></a>y</p>', "[x<sup>2</sup>](/x)y\n",
     '<p><a href="/x">x<sup>2</sup></a>y</p>'),
    # an end tag is punctuation: the bold closer before it closes, after punctuation too
    ("bold_before_a_superscript", "<p><b>a.</b><sup>1</sup>c</p>", "**a.**<sup>1</sup>c\n",
     "<p><strong>a.</strong><sup>1</sup>c</p>"),
    ("bold_inside_a_superscript_before_a_letter", "<p>x<sup><b>a.</b></sup>b</p>", "x<sup>**a.**</sup>b\n",
     "<p>x<sup><strong>a.</strong></sup>b</p>"),
    ("white_space_at_the_edges", "<p>a<sup> 1 </sup>b</p>", "a <sup>1</sup> b\n", "<p>a <sup>1</sup> b</p>"),
    ("break_inside", "<p>a<sup>b<br>c</sup>d</p>", "a<sup>b\\\nc</sup>d\n", "<p>a<sup>b<br />\nc</sup>d</p>"),
    ("empty_ones_write_nothing", "<p>x<sup></sup>y <sub> </sub> z</p>", "xy z\n", "<p>xy z</p>"),
    # a backslash before a tag is escaped, and tags in the page's text are text
    ("backslash_before_a_superscript", "<p>a\\<sup>1</sup></p>", "a\\\\<sup>1</sup>\n",
     "<p>a\\<sup>1</sup></p>"),
    ("tags_written_as_text", "<p>&lt;sup&gt;2&lt;/sup&gt;</p>", "\\<sup>2\\</sup>\n", "<p>&lt;sup&gt;2&lt;/sup&gt;</p>"),
    # GFM's autolink extension ends an address at "<"
    ("address_before_a_superscript", "<p>see https://x.co/a<sup>1</sup></p>", "see https://x.co/a<sup>1</sup>\n",
     '<p>see <a href="https://x.co/a">https://x.co/a</a><sup>1</sup></p>'),
    ("heading_and_table_cell", "<h3>CO<sub>2</sub></h3><table><tr><th>a<sup>1</sup></th><th>b</th></tr>"
     "<tr><td>c<sub>2</sub></td><td>d</td></tr></table>",
     "### CO<sub>2</sub>\n\n| a<sup>1</sup> | b |\n| --- | --- |\n| c<sub>2</sub> | d |\n",
     "<h3>CO<sub>2</sub></h3>\n<table>\n<thead>\n<tr>\n<th>a<sup>1</sup></th>\n<th>b</th>\n</tr>\n</thead>\n"
     "<tbody>\n<tr>\n<td>c<sub>2</sub></td>\n<td>d</td>\n</tr>\n</tbody>\n</table>"),
    # emphasis of exactly one, which its tags would keep from opening or closing, moves
    # inside it, as into a link (newcomer on 693d77c), and emphasis of several inside
    # each, as into links; other such emphasis is text
    ("bold_around_a_superscript_beside_letters", "<p>x<b><sup>2</sup></b> and <b><sub>2</sub></b>O</p>",
     "x<sup>**2**</sup> and <sub>**2**</sub>O\n",
     "<p>x<sup><strong>2</strong></sup> and <sub><strong>2</strong></sub>O</p>"),
    ("bang_before_bold_around_a_superscript", "<p>Wow!<b><sup>1</sup></b>x</p>", "Wow!<sup>**1**</sup>x\n",
     "<p>Wow!<sup><strong>1</strong></sup>x</p>"),
    ("emphasis_around_more_than_a_superscript", "<p>x<i><sup>a</sup><sup>b</sup></i>c <b>mc<sup>2</sup></b>x</p>",
     "x<sup>*a*</sup><sup>*b*</sup>c mc<sup>2</sup>x\n",
     "<p>x<sup><em>a</em></sup><sup><em>b</em></sup>c mc<sup>2</sup>x</p>"),
    # the breaker on 693d77c: the opener of a "*" run is judged by the character written
    # after it, a tag's or a link's (the bold's asterisks showed); the closers that an
    # opener taken back had made close end the text again; a format character (a
    # zero-width space, a soft hyphen) is no punctuation beside delimiters
    ("italic_footnote_link_in_bold", '<p><b><i>Note:</i> see<sup><i><a href="#n">a</a></i></sup></b></p>',
     "__*Note:* see<sup>*[a](#n)*</sup>__\n",
     '<p><strong><em>Note:</em> see<sup><em><a href="#n">a</a></em></sup></strong></p>'),
    ("italic_subscript_after_punctuation_in_bold", "<p><b><i>x</i>?<i><sub>a</sub></i></b></p>",
     "__*x*?*<sub>a</sub>*__\n", "<p><strong><em>x</em>?<em><sub>a</sub></em></strong></p>"),
    ("italic_link_after_punctuation_in_bold", '<p><b><i>a</i> (<i><a href="#n">1</a></i>)</b></p>',
     "__*a* (*[1](#n)*)__\n", '<p><strong><em>a</em> (<em><a href="#n">1</a></em>)</strong></p>'),
    ("empty_code_in_a_superscript_after_bold", "<p><b>a.</b><sup><code></code></sup>b</p>", "**a**.b\n",
     "<p><strong>a</strong>.b</p>"),
    ("empty_code_in_a_link_after_bold", '<p><b>a.</b><a href="/x"><code></code></a>b</p>', "**a**.b\n",
     "<p><strong>a</strong>.b</p>"),
    ("empty_code_in_a_superscript_after_spaced_bold", "<p><b>a .</b><sup><code></code></sup>b</p>", "a .b\n",
     "<p>a .b</p>"),
    ("bold_superscript_before_a_soft_hyphen", "<p><b>a<sup>2</sup></b>&#xad;b</p>", "a<sup>2</sup>\xadb\n",
     "<p>a<sup>2</sup>\xadb</p>"),
    ("italic_superscript_after_a_zero_width_space", "<p>&#8203;<i><sup>a</sup></i></p>",
     "\u200b<sup>*a*</sup>\n", "<p>\u200b<sup><em>a</em></sup></p>"),
    ("emphasis_after_punctuation_before_format_characters", "<p><b>a.</b>&#8203;b and <i>x.</i>&#xad;y</p>",
     "**a**.\u200bb and *x*.\xady\n", "<p><strong>a</strong>.\u200bb and <em>x</em>.\xady</p>"),
    # the breaker on 4cb993b: an "_" of text is written escaped, punctuation after a
    # closer; a line separator is no white space to CommonMark
    ("bold_before_an_underscore", "<p><b>a.</b>_ and <b>a<sub>a</sub></b>_</p>", "**a.**\\_ and **a<sub>a</sub>**\\_\n",
     "<p><strong>a.</strong>_ and <strong>a<sub>a</sub></strong>_</p>"),
    ("bold_before_a_line_separator", "<p><b>a.</b>&#x2028;b</p>", "**a**.\u2028b\n",
     "<p><strong>a</strong>.\u2028b</p>"),
    # the breaker on e477048: so does emphasis of exactly one quotation
    ("bold_around_a_quotation_beside_letters", "<p>x<b><q>a</q></b> and <b><q>b</q></b>a</p>",
     "x\u201c**a**\u201d and \u201c**b**\u201da\n",
     "<p>x\u201c<strong>a</strong>\u201d and \u201c<strong>b</strong>\u201da</p>"),
    # (breaker on 674ef39: not where delimiters of its own character stand at its edges,
    # which would make one run with them: the emphasis is written with "_" inside, as
    # inside a link)
    ("italics_around_a_quotation_of_bold", "<p>x<i><q><b>a</b>!<b>!</b></q></i></p>",
     "x\u201c_**a**!**!**_\u201d\n", "<p>x\u201c<em><strong>a</strong>!<strong>!</strong></em>\u201d</p>"),
    # markup inside a code span is text
    ("superscript_inside_code", "<p><code>x<sup>2</sup></code></p>", "`x2`\n", "<p><code>x2</code></p>"),
]


# A disabled checkbox that opens a list item's first paragraph is a task list marker
# (GFM §5.3), as Markdown renderers write one; any other checkbox is a form's.
# the breaker of session 31: cmark-gfm reads "[^" as a footnote reference's start, and
# an image whose alt text starts with "^" became "!" and a link
GFM_IMAGES = [
    ("image_alt_starting_with_a_caret", '<p>a<img src="https://x.example/i.png" alt="^b"></p>',
     "a![\\^b](https://x.example/i.png)\n", '<p>a<img src="https://x.example/i.png" alt="^b" /></p>'),
    ("linked_image_alt_starting_with_a_caret",
     '<a href="https://x.example/">t<img src="https://x.example/i.png" alt="^a"></a>',
     "[t![\\^a](https://x.example/i.png)](https://x.example/)\n",
     '<p><a href="https://x.example/">t<img src="https://x.example/i.png" alt="^a" /></a></p>'),
]

# an opener that a letter before it and punctuation after it keep from opening moves
# after the punctuation, the mirror of a closer moved before it (newcomer of session 32:
# the pair was dropped); not over what may start markup, nor for strikethrough
GFM_MOVED_OPENERS = [
    ("opener_after_a_colon", "<p>foo<b>:bar</b>baz</p>", "foo:**bar**baz\n", "<p>foo:<strong>bar</strong>baz</p>"),
    ("opener_and_closer_around_parentheses", "<p>a<b>(x)</b>b</p>", "a(**x**)b\n", "<p>a(<strong>x</strong>)b</p>"),
    ("opener_after_inverted_question_mark", "<p>a<b>¿Qué?</b>b</p>", "a¿**Qué**?b\n",
     "<p>a¿<strong>Qué</strong>?b</p>"),
    ("opener_not_over_an_escape", "<p>a<b>*x</b>b</p>", "a\\*xb\n", "<p>a*xb</p>"),
    ("opener_not_over_a_symbol", "<p>a<b>€x</b>b</p>", "a€xb\n", "<p>a€xb</p>"),
    # ... nor where the word it joins may be read as an address (third breaker of session 32)
    ("opener_not_moved_into_an_address", "<p>see www<b>.example.com</b> now, http<b>://x.org</b> and a@b<b>.com"
     "</b></p>", "see www.example.com now, http://x.org and a@b.com\n",
     '<p>see <a href="http://www.example.com">www.example.com</a> now, <a href="http://x.org">http://x.org</a> and '
     '<a href="mailto:a@b.com">a@b.com</a></p>'),
    ("strikethrough_opener_not_moved", "<p>1<s>.“1</s>a</p>", "1<del>.“1</del>a\n", "<p>1<del>.“1</del>a</p>"),
    # strikethrough that no "~~" could write is HTML: dropped, deleted text read as
    # current (breaker of session 33), and the bold before it showed its "**"
    ("strikethrough_as_html_after_a_letter", "<p>call foo<del>(a, b)</del><ins>(a)</ins> now, "
     "x<del>\"old\"</del> new</p>", 'call foo<del>(a, b)</del>(a) now, x<del>"old"</del> new\n',
     "<p>call foo<del>(a, b)</del>(a) now, x<del>&quot;old&quot;</del> new</p>"),
    ("strikethrough_as_html_before_a_letter", "<p><b>Sale:</b><s><i>20</i></s>now</p>",
     "**Sale:**<del>*20*</del>now\n", "<p><strong>Sale:</strong><del><em>20</em></del>now</p>"),
]

# a line of a table delimiter row without pipes after a break (breaker of session 32:
# cmark-gfm read "Name\\" and ":-:" as a table of one column)
GFM_DELIMITER_ROWS = [
    (f"delimiter_row_{number}_after_a_break", f"<p>Name<br>{row}</p>", f"Name\\\n\\{row}\n",
     f"<p>Name<br />\n{row}</p>") for number, row in enumerate([":-:", "-:", ":--", "--:"])]

# the breaker on 16c2ce5, on moving a closer before the punctuation that ends its text
GFM_MOVED_CLOSERS = [
    # a continued run of bold, then strikethrough: the pair it continues closes no more
    # (an IndexError)
    ("bold_continued_into_strikethrough", "<p><b>Sale!</b><b><s>Was</s></b></p>", "**Sale!~~Was~~**\n",
     "<p><strong>Sale!<del>Was</del></strong></p>"),
    # a closer after tildes and a letter closes to cmark-gfm too: it stays
    ("bold_strikethrough_before_strikethrough", "<p><b><s>Old</s></b><s>price</s></p>",
     "**~~Old~~**~~price~~\n", "<p><strong><del>Old</del></strong><del>price</del></p>"),
    # before a mark that cmark-gfm counts as punctuation too, not a symbol
    ("bold_ending_in_a_colon_and_a_symbol", "<p><b>Price:\u20ac</b>12 <b>See:\u2192</b>Next</p>",
     "**Price**:\u20ac12 **See**:\u2192Next\n",
     "<p><strong>Price</strong>:\u20ac12 <strong>See</strong>:\u2192Next</p>"),
    # after a link, a code span or a superscript too, where the punctuation is a part
    # of its own (newcomer on 16c2ce5)
    ("bold_ending_in_a_link_then_a_full_stop", '<p><b>x<a href="https://x.example/a">l</a>.</b>y '
     '<b>Note: <code>c</code>.</b>y <b>E=mc<sup>2</sup>.</b>Next</p>',
     "**x[l](https://x.example/a)**.y **Note: `c`**.y **E=mc<sup>2</sup>**.Next\n",
     '<p><strong>x<a href="https://x.example/a">l</a></strong>.y <strong>Note: <code>c</code></strong>.y '
     '<strong>E=mc<sup>2</sup></strong>.Next</p>'),
    # not where the opener makes one run with another opener of its character, whose
    # emphasis would then pair otherwise (breaker on 4060fe7: "7***é*»é*日***")
    ("closer_in_a_run_of_openers", "<p>7<b><i>\u00e9\u00bb</i>\u00e9<i>\u65e5</i></b> "
     "<i><b>Note:</b></i>Text</p>", "7**\u00e9\u00bb\u00e9*\u65e5*** *Note*:Text\n",
     "<p>7<strong>\u00e9\u00bb\u00e9<em>\u65e5</em></strong> <em>Note</em>:Text</p>"),
    # not into text that a web address runs into
    ("bold_ending_after_an_address", "<p><b>see http://x.example/a<span>.)</span></b>Next</p>",
     "see http://x.example/a.)Next\n",
     '<p>see <a href="http://x.example/a.)Next">http://x.example/a.)Next</a></p>'),
]

GFM_TASK_ITEMS = [
    ("task_list", "<ul><li><input type=checkbox checked disabled> Done</li><li><input type=checkbox disabled> "
     "Todo</li></ul>", "- [x] Done\n- [ ] Todo\n",
     '<ul>\n<li><input type="checkbox" checked="" disabled="" /> Done</li>\n'
     '<li><input type="checkbox" disabled="" /> Todo</li>\n</ul>'),
    ("githubs_loose_task_list", '<ul class="contains-task-list"><li class="task-list-item"><p><input '
     'type="checkbox" class="task-list-item-checkbox" checked disabled> <b>Bold</b> task</p><p>more</p></li></ul>',
     "- [x] **Bold** task\n\n  more\n",
     '<ul>\n<li><input type="checkbox" checked="" disabled="" /> \n<p><strong>Bold</strong> task</p>\n'
     '<p>more</p>\n</li>\n</ul>'),
    # pandoc 3 writes its boxes enabled, in a list of class "task-list" (newcomer on e477048)
    ("pandoc_3_task_list", '<ul class="task-list"><li><label><input type="checkbox" checked="" />done</label></li>'
     '<li><label><input type="checkbox" />todo</label></li></ul>', "- [x] done\n- [ ] todo\n",
     '<ul>\n<li><input type="checkbox" checked="" disabled="" /> done</li>\n'
     '<li><input type="checkbox" disabled="" /> todo</li>\n</ul>'),
    # (breaker on 674ef39: whole class names, not a part of one)
    ("checkboxes_of_a_list_whose_class_only_holds_task_list", '<form><ul class="task-list-filters"><li><input '
     'type="checkbox" name="open"> Open</li><li><input type="checkbox" checked> Closed</li></ul></form>',
     "- Open\n- Closed\n", "<ul>\n<li>Open</li>\n<li>Closed</li>\n</ul>"),
    ("first_checkbox_of_an_item", "<ol><li><input type=checkbox disabled checked><input type=checkbox disabled> "
     "a</li></ol>", "1. [x] a\n", '<ol>\n<li><input type="checkbox" checked="" disabled="" /> a</li>\n</ol>'),
    ("checkboxes_of_forms_or_after_text", "<ul><li><input type=checkbox id=r><label for=r>Red</label></li>"
     "<li>Plain <input type=checkbox checked disabled> late</li></ul><p><input type=checkbox checked disabled> x</p>",
     "- Red\n- Plain late\n\nx\n", "<ul>\n<li>Red</li>\n<li>Plain late</li>\n</ul>\n<p>x</p>"),
    # the breaker on 4cb993b: no marker in a heading, and none written for an empty
    # code span alone (it waits for the text)
    ("checkbox_before_a_heading", "<ul><li><input type=checkbox disabled checked><h3>Head</h3></li></ul>",
     "- ### Head\n", "<ul>\n<li>\n<h3>Head</h3>\n</li>\n</ul>"),
    ("checkbox_before_empty_code", "<ul><li><input type=checkbox checked disabled><code></code><p>text</p></li>"
     "<li><input type=checkbox checked disabled><code> </code></li></ul>", "- [x] text\n",
     '<ul>\n<li><input type="checkbox" checked="" disabled="" /> text</li>\n</ul>'),
    ("checkbox_before_a_nested_list_only", "<ul><li><input type=checkbox disabled><ul><li>nested</li></ul></li>"
     "<li>[ ] text</li></ul>", "- - nested\n- \\[ \\] text\n",
     "<ul>\n<li>\n<ul>\n<li>nested</li>\n</ul>\n</li>\n<li>[ ] text</li>\n</ul>"),
]


GFM_CASES = (GFM_ADDRESSES + GFM_TAG_MARKS + GFM_TASK_ITEMS + GFM_IMAGES + GFM_DELIMITER_ROWS + GFM_MOVED_CLOSERS
             + GFM_MOVED_OPENERS)


@pytest.mark.parametrize("name, html, expected, rendered", GFM_CASES, ids=[c[0] for c in GFM_CASES])
def test_output_and_its_gfm_rendering(name, html, expected, rendered):
    output = md(html)
    assert output == expected
    assert cmarkgfm.github_flavored_markdown_to_html(output, options=Options.CMARK_OPT_UNSAFE).strip() == rendered


def test_an_autolink_does_not_make_delimiters_beside_it_close_as_well_as_open():
    # the breaker on 86a4d12: "*~~<https://…>" after a quotation mark: the "<" let the
    # run close as well as open, and cmark-gfm paired the delimiters so that the bold
    # was lost and "**" showed. (It still nests the italics otherwise than the page
    # does, as it did before autolinks were written: a fault of its own kind.)
    output = md('<p><b><i>a "</i><s>https://a.example/!.</s><i>&amp;)</i></b></p>')
    assert output == '***a "*~~https\\://a.example/!.~~*&)***\n'
    rendered = cmarkgfm.github_flavored_markdown_to_html(output)
    assert "**" not in rendered and "<strong>" in rendered and "<del>https://a.example/!.</del>" in rendered


INLINE = [
    # a quotation shows the quotation marks a browser adds (HTML §15.3.6), the inner
    # pair inside another; an empty one shows nothing, nor one inside code
    ("quotation", "<p>He said <q>hello</q>, <q>a <q>b</q> c</q>.<q></q></p>", "He said \u201chello\u201d, "
     "\u201ca \u2018b\u2019 c\u201d.\n"),
    ("quotation_in_code_and_across_a_break", "<p><q>a<br>b</q> <code><q>c</q></code></p>",
     "\u201ca\\\nb\u201d `c`\n"),
    # the marks of the quotation's language: its own lang, its nearest ancestor's, the
    # page's (<html lang>), with the longest matching prefix of subtags (an empty lang
    # passed over, as CSS inherits the marks); the inner
    # pair for every level inside another quotation (session 28's note: the third got none)
    ("quotation_in_the_page_language", '<html lang="de-AT"><p><q>a <q>b</q></q></p>',
     "\u201ea \u201ab\u2018\u201c\n"),
    ("quotation_in_an_ancestor_language", '<html lang="de"><div lang="fr-CH"><p><q>a <q>b</q></q></div>',
     "\u00aba \u2039b\u203a\u00bb\n"),
    ("quotation_in_its_own_language", '<html lang="ja"><p><q lang="EN_gb">a</q> <q lang="">b</q> <q>c</q>',
     "\u201ca\u201d \u300cb\u300d \u300cc\u300d\n"),
    ("quotation_in_a_blank_language", '<html lang="de"><p lang=" "><q>x</q> <q lang="">y</q></p>',
     "\u201ex\u201c \u201ey\u201c\n"),
    # a language the table does not name keeps the marks around it (breaker on 789706b)
    ("quotation_in_an_unnamed_language", '<html lang="de"><p lang="la"><q>Alea</q> <q lang="x-klingon">b</q></p>',
     "\u201eAlea\u201c \u201eb\u201c\n"),
    ("quotation_three_deep", "<p><q>a <q>b <q>c</q></q></q></p>", "\u201ca \u2018b \u2018c\u2019\u2019\u201d\n"),
    ("quotation_inside_one_of_another_language", '<p lang="sv"><q>a <q lang="fr">b</q></q></p>',
     "\u201da \u00abb\u00bb\u201d\n"),
    # emphasis moves into a quotation of any language's marks (as into English's)
    ("bold_around_a_quotation_of_another_language", '<p lang="pl">x<b><q>a</q></b></p>', "x\u201e**a**\u201d\n"),
    # and, where white space ends the text inside, goes in with the white space left
    # outside it, as for a link (it was dropped: session 29's note)
    ("bold_around_a_quotation_ending_in_a_no_break_space", "<p>x<b><q>a&nbsp;</q></b>y</p>",
     "x\u201c**a**\u00a0\u201dy\n"),
    ("bold_around_a_superscript_ending_in_a_no_break_space", "<p>x<b><sup>2&nbsp;</sup></b>y</p>",
     "x<sup>**2**\u00a0</sup>y\n"),
    ("bold_around_quotations_apart", "<p>x<b><q>a&nbsp;</q> <q>b</q></b>y</p>",
     "x\u201c**a**\u00a0\u201d \u201c**b**\u201dy\n"),
    ("bold_around_a_quotation_holding_one", "<p>x<b><q>a <q>b</q>&nbsp;</q></b>y</p>",
     "x\u201c**a \u2018b\u2019**\u00a0\u201dy\n"),
    ("adjacent_code_spans", "<p><code>x</code><code>y</code></p>", "`xy`\n"),
    ("space_before_code_span", "<p>a<code> x</code>b</p>", "a `x`b\n"),
    # code holds no image: its alt text stands for it (breaker of session 33)
    ("image_inside_code", "<p><code>x<img src=i.png alt=alt></code></p>", "`xalt`\n"),
    # the opener touching a run of closers of other delimiters is written with "_"
    ("touching_emphasis_runs", "<p><i><b>a</b></i><b>b</b></p>", "***a***__b__\n"),
    ("emphasis_after_other_closer", "<p><b><i>a</i></b><i>b</i></p>", "***a***_b_\n"),
    # the emphasis inside a link that the next <a> ends opens again around it, as
    # browsers reconstruct it (§13.2.6.4.7, "a"): "z" is emphasised too
    ("emphasis_in_link_ended_by_link", "<p><a href=u><em>w<a href=v>z</a></p>", "[*w*](u)*[z](v)*\n"),
    ("code_in_emphasis_across_blocks", "<div><i><code>y<div>z</div>", "*`y`*\n\n*z*\n"),
    ("references_in_link_parts", '<p><a href="x&amp;lt;y" title="a &amp;amp; b">l</a></p>',
     '[l](x&amp;lt;y "a &amp;amp; b")\n'),
    ("nul_in_text", "<p>a\x00b</p>", "ab\n"),
    # the breaker on ec3bcf3: a code span of white space only joined the words around it
    ("white_space_only_code_span", "<p>a<code>&nbsp;</code>b</p>", "a b\n"),
]


@pytest.mark.parametrize("name, html, expected", INLINE, ids=[c[0] for c in INLINE])
def test_inline(name, html, expected):
    assert md(html) == expected


def test_link_target_keeps_its_text_through_markdown():
    rendered = RENDER.render(md('<a href="?a=1&amp;copy;=2&amp;lt;">m</a>'))
    assert rendered == '<p><a href="?a=1&amp;copy;=2&amp;lt;">m</a></p>\n'


BLOCKS = [
    ("nested_list_starting_after_an_empty_item", "<ul><li>a<ol><li></li><li>b</li></ol></li></ul>",
     "- a\n\n  1.\n  2. b\n"),
    ("adjacent_lists_stay_apart", "<ol><li>a</ol><ol><li>b</ol><ul><li>c</ul><ul><li>d</ul><ul><li>e</ul>",
     "1. a\n\n1) b\n\n- c\n\n* d\n\n- e\n"),
    ("empty_row_under_a_rowspan", "<table><tr><td>a<td rowspan=2>b</tr><tr></tr><tr><td>c<td>d</tr></table>",
     "| a | b |\n| --- | --- |\n| c | d |\n"),
    ("rowspan_zero_runs_to_the_end", "<table><tr><td>a<td rowspan=0>b<tr><td>c<tr><td>d</table>",
     "| a | b |\n| --- | --- |\n| c |  |\n| d |  |\n"),
    ("list_number_over_nine_digits", "<ol start=999999999><li>a<li>b</ol>",
     "999999999. a\n999999999. b\n"),
    ("plaintext_body", "<plaintext>all <b>rest</b> text", "```\nall <b>rest</b> text\n```\n"),
    ("xmp_body", "<xmp><b>raw</b></xmp>", "```\n<b>raw</b>\n```\n"),
    ("block_inside_heading", "<h2>Title<div>Sub</div></h2>", "## Title Sub\n"),
    ("table_inside_heading", "<h3>a<table><tr><td>b</table>c</h3>", "### a b c\n"),
    ("type_hidden_on_a_paragraph", "<p type=hidden>shown</p>", "shown\n"),
    # the second <a> ends the hidden one (§13.2.6.4.7, "a") and is a link of its own
    ("link_after_hidden_link", "<a hidden href=x>a<a href=y>b</a>", "[b](y)\n"),
    ("cdata_is_a_comment_in_html", "<p>x<![CDATA[y]]>z</p>", "xz\n"),
    ("numeric_references_with_leading_zeros", "<p>&#0000000065; &#" + "0" * 5000 + "65;</p>", "A A\n"),
    # the breaker of session 31: numbers in attributes are ASCII digits (WHATWG HTML
    # §2.3.4); "²".isdigit() is true and int("²") raised ValueError, which lost the page
    ("list_start_of_a_superscript_digit", '<p>Intro.</p><ol start="²"><li>item</li></ol>', "Intro.\n\n1. item\n"),
    ("list_start_of_arabic_indic_digits", '<ol start="١٢"><li>item</li></ol>', "1. item\n"),
    ("list_start_before_letters", '<ol start=" 3rd"><li>item</li></ol>', "3. item\n"),
    ("list_start_of_thousands_of_digits", '<ol start="' + "9" * 5000 + '"><li>item</li></ol>', "999999999. item\n"),
    ("colspan_of_arabic_indic_digits", '<table><tr><td colspan="١٠">a<td>b<tr><td>c<td>d</table>',
     "| a | b |\n| --- | --- |\n| c | d |\n"),
    ("colour_of_a_superscript_digit", '<p>Intro <span style="color:rgb(²,0,0);background:#fff">red</span> text.</p>',
     "Intro red text.\n"),
    ("colour_of_thousands_of_digits",
     '<p>Intro <span style="color:rgb(' + "9" * 5000 + ',0,0);background:#fff">red</span> text.</p>', "Intro red text.\n"),
    # a <frameset> once the body has begun is ignored (§13.2.6.4.7), and a <map> shows
    # what it holds but its areas
    ("frameset_in_the_body", "<p>x<frameset>visible words</frameset>y</p>", "xvisible wordsy\n"),
    ("frameset_after_a_body_tag", "<body><span></span><frameset>inside</frameset><p>after</p>", "inside\n\nafter\n"),
    ("content_of_a_map", '<p>a</p><map name=m><area href=x alt=y><p>Map text</p></map>', "a\n\nMap text\n"),
    # a declarative shadow root is rendered in its parent (HTML §4.12.3); another
    # <template> is inert
    ("declarative_shadow_root", '<div><template shadowrootmode="open"><p>Shadow text.</p></template></div>'
     '<div><template shadowrootmode="Closed"><h2>T</h2></template></div><p>Light text.</p>'
     '<template><p>Inert.</p></template><template shadowrootmode="x"><p>Inert too.</p></template>',
     "Shadow text.\n\n## T\n\nLight text.\n"),
    # ... only the first in an element that may host one (breakers on 16c2ce5)
    ("declarative_shadow_roots_that_stay_inert", "<div><template shadowrootmode=open>S1</template>"
     "<template shadowrootmode=open>HIDDEN</template></div><ul><li><template shadowrootmode=open>HIDDEN</template>c"
     "</li></ul><my-el><template shadowrootmode=closed><p>Custom</p></template></my-el>"
     "<font-face><template shadowrootmode=open>HIDDEN</template></font-face>", "S1\n\n- c\n\nCustom\n"),
    # a shadow root's template is no element: its own attributes hide nothing
    # (newcomer of session 32); an inert template is dropped whatever they say
    ("shadow_root_of_a_hidden_template", '<div><template shadowrootmode="open" hidden><p>t1</p></template></div>'
     '<div><template shadowrootmode=open style="display:none" aria-hidden=true><p>t2</p></template></div>'
     '<template style="display:block"><p>inert</p></template>', "t1\n\nt2\n"),
    # table columns are not rendered (CSS 2.1 §17.2; newcomer of session 32)
    ("table_column_displays", '<div><p>A</p><div style="display:table-column"><p>SECRET</p></div>'
     '<div style="display:TABLE-COLUMN-GROUP">SECRET</div></div>', "A\n"),
    # a substitution function is taken while parsing (CSS Values 5 §7)
    ("substitution_functions_show_again", '<div style="display:none;display:env(x)"><p>a</p></div>'
     '<div style="display:none;display:attr(x)"><p>b</p></div><div style="display:none;display:if(x)"><p>c</p></div>',
     "a\n\nb\n\nc\n"),
    # a <noscript> in <head> is text to a browser that runs scripts, and its elements
    # do not end <head>; where it holds the page's text, it is read as without scripts
    ("noscript_in_head", "<html><head><noscript><div>Please enable JavaScript.</div></noscript></head>"
     "<body><p>The body of the page holds a paragraph of ordinary length.</p>",
     "The body of the page holds a paragraph of ordinary length.\n"),
    ("noscript_in_head_holding_the_page", "<head><noscript><div>The text of the page, for readers without "
     "scripts.</div></noscript></head><body></body>", "The text of the page, for readers without scripts.\n"),
    # an inline style is read with its own cascade: the later declaration of a property
    # wins, unless only the earlier is !important (CSS Cascade 4 §6.4)
    ("style_shown_again", '<p>More <span style="visibility:hidden;visibility:visible">shown words</span> here.</p>',
     "More shown words here.\n"),
    ("display_shown_again", '<div style="display:none;display:block"><p>Shown.</p></div>', "Shown.\n"),
    ("size_and_opacity_shown_again", '<p>a <span style="font-size:0;font-size:16px">b</span> '
     '<span style="opacity:0;opacity:1">c</span> <span style="color:transparent;color:black">d</span></p>',
     "a b c d\n"),
    ("important_display_kept", '<div style="display:block !important;display:none"><p>kept</p></div>', "kept\n"),
    ("background_changed_again", '<p>a <span style="color:#fff;background:#fff;background-color:#000">b</span></p>',
     "a b\n"),
    # ... and a declaration whose value its property does not take is dropped, as CSS
    # drops it while parsing (breakers on 16c2ce5: each of these showed the text)
    *[(f"invalid_declaration_{number}", f'<p>a <span style="{style}">SECRET</span> b</p>', "a b\n")
      for number, style in enumerate(["display:none;display:x", "display:none;display:", "visibility:hidden;visibility:0",
                                      "display:none;display:block !ie", "display:none;display:block}",
                                      "display:none;display:block !importantx", "visibility:hidden;visibility:visble",
                                      "font-size:0;font-size:1O px", "font-size:0;font-size:16",
                                      "display:none;display:block\\9", "color:#fff;background:#fff;background:x",
                                      "color:transparent;color:blak", "opacity:0;opacity:one",
                                      # (breaker on 4060fe7)
                                      "display:none;display:block inline", "display:none;display:run-in",
                                      "opacity:0;opacity:1.", "opacity:0;opacity:a()", "font-size:0;font-size:-5px",
                                      "color:transparent;color:rgb(foo)", "left:-9999px;left:1.px",
                                      "width:0;height:0;overflow:hidden;height:-1px",
                                      # a shorthand that CSS drops sets nothing
                                      "font-size:0;font:bold serif", "font-size:0;font:16px",
                                      # an !important longhand outlasts a later shorthand
                                      "font-size:0 !important;font:16px a",
                                      # and an !important shorthand a later longhand
                                      "font:0/0 a !important;font-size:1em",
                                      # the font shorthand's size of zero hides text
                                      "font:0/0 a", "font: bold 0 serif",
                                      # zero in every spelling, among other declarations too,
                                      # and invalid font shorthands (breaker of session 32)
                                      "font-size:0e0;color:red", "font-size:.0;color:red",
                                      "font-size:00;color:red", "font:16px a;font-size:0e0",
                                      "font-size:0;font:16px a,",
                                      # valid font shorthands of zero size (third breaker)
                                      "font:oblique 10deg 0/0 a", "font:0/0 微软雅黑",
                                      "font:0/0 \\5FAE\\8F6F\\96C5\\9ED1", "font:450.5 0/0 a"])],
    # zero in every spelling, negative opacities, zero alphas and scales of any colour
    # or transform function (breaker of session 32: each of these showed the text)
    *[(f"unseen_style_{number}", f'<p>a <span style="{style}">SECRET</span> b</p>', "a b\n")
      for number, style in enumerate(["opacity:-1", "opacity:.0", "opacity:0e0", "opacity:calc(0)",
                                      "font-size:0ch", "font-size:0cm", "font-size:0q", "font-size:0vmin",
                                      "font-size:+0", "font-size:0e3px", "color:rgba(0,0,0,.0)",
                                      "color:oklch(0 0 0 / 0)", "color:color(srgb 0 0 0/0)",
                                      "transform:scale(0%)", "scale:0 0", "transform:scale(1, 0)"])],
    # ... on every phrasing element (HTML §3.2.5.2.5), the obsolete ones too
    *[(f"unseen_{name}", f'<p>a <{name} style="opacity:0">SECRET</{name}> b</p>', "a b\n")
      for name in ("label", "font", "output", "meter", "acronym", "blink", "q")],
    ("unseen_ruby", '<p>a <ruby style="font-size:0">SE<rt>CRET</rt></ruby> b</p>', "a b\n"),
    # what CSS reads as no declaration hides nothing (breaker of session 32: all hid)
    ("display_in_another_value", '<p>a <span style="font-family:x display:none">b</span> '
     '<span style="font-family:&quot;x;display:none;&quot;">c</span> <span style="dis/**/play:none">d</span> '
     '<span style="display:no/**/ne">e</span></p>', "a b c d e\n"),
    ("list_item_displays_show_again", '<p>a <span style="display:none;display:inline list-item">b</span> '
     '<span style="display:none;display:list-item block">c</span> <span style="display:none;display:flow '
     'list-item">d</span> <span style="display:none;display:list-item inline flow">e</span> '
     '<span style="display:none;display:block math">f</span></p>', "a b c d e f\n"),
    # a shorthand sets its longhands (CSS Cascade 4 §6.4), and a later longhand sets
    # the shorthand's part again
    # ... what is no valid declaration or sets nothing hides nothing (breaker of session
    # 32: each of these hid the text)
    *[(f"shown_style_{number}", f'<p>a <span style="{style}">b</span> c</p>', "a b c\n")
      for number, style in enumerate(["font-size:16px !important;font:0/0 a", "font-size:env(x) !important;font:0/0 a",
                                      "font-size:calc(0)", "font:x 0 a", "font:0 0 0 0",
                                      "font-size:0;font:-webkit-small-control",
                                      "font-size:0;font:16px 微软雅黑", "font-size:0;font:bold 16px Ärial",
                                      "font-size:0;font:oblique 10deg 16px a"])],
    ("slot_of_no_opacity", '<p>a <slot style="opacity:0">b</slot> c</p>', "a b c\n"),
    ("shorthands_show_again", '<p>a <span style="font-size:0;font:16px serif">b</span> '
     '<span style="font:0/0 a;font-size:1em">c</span> <span style="font-size:0;font:caption">d</span> '
     '<span style="margin-left:-9999px;margin:0">e</span> <span style="left:-9999px;inset:0">f</span> '
     '<span style="width:0;height:0;overflow-x:hidden;overflow:visible">g</span></p>', "a b c d e f g\n"),
    ("valid_declarations_show_again_too", '<p>a <span style="font-size:0;font-size:clamp(1rem, calc(0.5rem + '
     '(1vw * 2)), 2rem)">b</span> <span style="color:transparent;color:windowtext">c</span> <span style="color:#fff;'
     'background:#fff;background:url(data:image/png;base64,AAA) #000">d</span></p>', "a b c d\n"),
    ("valid_declarations_show_again", '<p>a <span style="display:none;display:bl\\ock">b</span> '
     '<span style="display:none;display:var(--d)">c</span> <span style="font-size:0;font-size:1.2rem">d</span> '
     '<span style="color:transparent;color:RGB(0 0 0 / 50%)">e</span></p>', "a b c d e\n"),
    ("style_hidden_again", '<p>a <span style="Visibility:visible;visibility:hidden">b</span> c'
     '<span style="background:url(data:image/png;base64,x);visibility:hidden">d</span></p>', "a c\n"),
    # a block element inside preformatted text starts and ends a line, as a browser
    # lays it out (prettify numbers lines with an <ol>)
    ("lines_of_divs_in_pre", "<pre><div>a = 1</div><div>b = 2</div></pre>", "```\na = 1\nb = 2\n```\n"),
    ("line_numbers_in_pre", "<pre><ol><li>import os</li><li>print(os)</li></ol></pre>",
     "```\nimport os\nprint(os)\n```\n"),
    ("rule_in_pre", "<pre>a<hr>b</pre>", "```\na\nb\n```\n"),
    # raw text where no code block can stand is text (breaker of session 32: lost)
    ("xmp_in_a_heading", "<h2>Title<xmp>code</xmp></h2><p>after</p>", "## Title code\n\nafter\n"),
    ("plaintext_in_a_heading", "<h2>T<plaintext>rest of page", "## T rest of page\n"),
    ("text_around_a_div_in_pre", "<pre>x<div>a</div>y<span>z</span></pre>", "```\nx\na\nyz\n```\n"),
    # quotations nested deeper than 64 write no more marks, and keep their text
    ("quotations_nested_deeper_than_marks_go", "<p>" + "<q>" * 66 + "x",
     "\u201c" + "\u2018" * 63 + "x" + "\u2019" * 63 + "\u201d\n"),
    ("srcset_descriptor_of_a_dot", '<p>Text</p><img srcset="a.png .x"><img srcset="b.png .w">', "Text\n"),
    # ... and a srcset URL runs to white space, commas and all (§4.8.4.3.10)
    ("srcset_url_holding_commas",
     '<img srcset="https://res.cloudinary.com/d/image/upload/c_scale,w_600/s.jpg 600w" alt="photo">',
     "![photo](https://res.cloudinary.com/d/image/upload/c_scale,w_600/s.jpg)\n"),
    ("srcset_urls_holding_commas", '<img srcset="/d/a?w=300,400 300w, /d/b?w=600,800 600w" alt=p>',
     "![p](/d/b?w=600,800)\n"),
    # blocks of format characters only (a CMS's "<p>&zwj;</p>" spacer) show nothing:
    # no block, no list item, no line after a break; inside words they stay
    # ... but the format characters that are drawn are text (breaker of session 32)
    ("paragraphs_of_drawn_format_characters", "<p>\u06dd</p><h2>\u0600</h2><p>a<br>\u06dd</p>",
     "\u06dd\n\n## \u0600\n\na\\\n\u06dd\n"),
    ("paragraphs_of_format_characters",
     "<p>\u200d</p><p>a\u200db</p><p>\u200b\u2060</p><p>\u00ad</p><p>\ufeff \u200e</p>", "a\u200db\n"),
    ("heading_and_quote_of_a_zero_width_space", "<h2>\u200b</h2><blockquote>\u200d</blockquote><p>y</p>",
     "y\n"),
    ("list_item_of_a_zero_width_joiner", "<ul><li>\u200d</li><li>a</li></ul>", "- a\n"),
    # ... nor do blocks of Unicode spaces that HTML does not collapse (a newcomer of
    # session 34 met paragraphs of thin spaces on dev 2920); an ordered item keeps its number
    ("blocks_of_no_break_and_thin_spaces",
     "<p>&nbsp;</p><p>\u2009\u2009</p><h2>&nbsp;</h2><blockquote>&thinsp;</blockquote><ul><li>&nbsp;</li>"
     "<li>a</li></ul><ol><li>&nbsp;</li><li>b</li></ol>", "- a\n\n1.\n2. b\n"),
    ("link_labelled_by_a_zero_width_space", "<p><a href='/x'>\u200b</a></p><p>b</p>", "b\n"),
    ("zero_width_space_after_a_break", "<p>a<br>\u200b</p>", "a\n"),
    # ... but a self-link of other symbols, code or a footnote's mark is text (breaker of
    # session 32: "## operator", and headings lost whole)
    ("heading_self_links_that_are_text", '<h2 id="op"><a href="#op"><code>+</code></a> operator</h2>'
     '<h3 id="c"><a href="#c"><code>&lt;=&gt;</code></a></h3><h2><a href="#x">🚀</a></h2>'
     '<h2>Title<sup><a href="#fn1">*</a></sup></h2><h2>U<a href="#u">\uf0c1</a></h2>',
     "## [`+`](#op) operator\n\n### [`<=>`](#c)\n\n## [🚀](#x)\n\n## Title<sup>[\\*](#fn1)</sup>\n\n## U\n"),
    # a mark in emphasis is one; a "#" that ends a word is the word's (third breaker)
    ("heading_permalink_in_emphasis_and_a_word_of_a_hash", '<h2 id="x">Title <a href="#x"><em>#</em></a></h2>'
     '<h2 id="cs">C<a href="#cs">#</a></h2>', "## Title\n\n## C[#](#cs)\n"),
    # a heading's permalink to itself is no word of the heading (newcomer of session 32:
    # "## Title[¶](#title "Permanent link")" on Sphinx and MkDocs pages)
    ("heading_permalinks", '<h2 id="a">The pattern<a class="headerlink" href="#a" title="Permanent link">¶</a></h2>'
     '<h3><a href="#x">#</a> Intro</h3><h3>T<a class="hash-link" href="#t">\u200b</a></h3><h4><a href="#y">Real '
     'link</a></h4><h5>Q <a href="/other#z">§</a></h5>',
     "## The pattern\n\n### Intro\n\n### T\n\n#### [Real link](#y)\n\n##### Q [§](/other#z)\n"),
    # a mark that a letter or digit follows directly is a word's, unless it leads to the
    # heading (or its section) itself; a backslash is no empty mark (breaker of session 33:
    # "## Amendments to 12", "## Trending: WorldCup", "## Root")
    ("heading_marks_that_are_text", '<h2>Amendments to <a href="#s12">§</a>12</h2><h2>Trending: <a href="#tags">'
     '#</a>WorldCup</h2><h2>Root <a href="#root">\\</a></h2><h3 id="t"><a href="#t">#</a>Title</h3>'
     '<section id="s"><h3><a href="#s">¶</a>Sec</h3></section><h3><a id="w" href="#w">#</a>What</h3>',
     "## Amendments to [§](#s12)12\n\n## Trending: [#](#tags)WorldCup\n\n## Root [\\\\](#root)\n\n### Title\n\n"
     "### Sec\n\n### What\n"),
    # a heading of nothing but a permalink: it stays out of the next block; marks that
    # are never a word's are not written again; a link to an element around the
    # heading, or by its percent-encoded id, is a permalink (second breaker of session 33)
    ("heading_permalinks_that_stay_out", '<h2><a href="#x">¶</a></h2><p>Body.</p><h2><a href="#y">#</a></h2>'
     '<ul><li>Item</li></ul><h2><a href="#z">\u200b</a>Title</h2><h2><a href="#i">\ue157</a>Icon</h2>'
     '<div id="g"><div><h2><a href="#g">#</a>Deep</h2></div></div><h2 id="Über"><a href="#%C3%9Cber">#</a>Über</h2>',
     "Body.\n\n- Item\n\n## Title\n\n## Icon\n\n## Deep\n\n## Über\n"),
    # a quotation mark of the text is no <q>: emphasis holding only it is dropped, not
    # moved inside it (breaker of session 32: "”****a")
    ("emphasis_of_a_quotation_mark_alone", "<p><b>”</b>a <i>’</i>s a<s>”</s></p>", "”a ’s a<del>”</del>\n"),
    # ruby text in the parentheses that <rp> gives (HTML §4.5.22), where the page
    # gives none: "漢kan字ji" ran the readings into the text
    # a raw text element left open in a <noscript> ends with it, as a browser that runs
    # scripts reads the <noscript> as raw text (newcomer of session 33: Google Tag
    # Manager's "<noscript><iframe …/></noscript>" swallowed a dev page, 2838)
    ("raw_text_left_open_in_noscript", '<noscript><iframe src="x" /></noscript><h1>Title</h1><p>a</p>'
     "<noscript><textarea></noscript><p>b</p><noscript><xmp></noscript><p>c</p><noscript><plaintext>"
     "</NOSCRIPT ><p>d</p><iframe><noscript></iframe><p>e</p>", "# Title\n\na\n\nb\n\nc\n\nd\n\ne\n"),
    ("ruby_text_without_parentheses", "<p>a<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>b</p>", "a漢(kan)字(ji)b\n"),
    ("ruby_text_with_parentheses", "<p>a<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rp>(</rp><rt>ji</rt><rp>)"
     "</rp></ruby>b</p>", "a漢(kan)字(ji)b\n"),
    # one ruby's <rp> is not the next one's (breaker of session 32: "漢(kan)字ji")
    ("ruby_parentheses_of_one_ruby_only", "<p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby><ruby>字<rt>ji</rt>"
     "</ruby></p><p><ruby>東<rp>(</rp><rt>to</rt><rp>)</rp></ruby></p><p><ruby>京<rt>kyo</rt></ruby></p>",
     "漢(kan)字(ji)\n\n東(to)\n\n京(kyo)\n"),
    ("ruby_text_ended_by_the_next", "<p><ruby>東<rt>とう<rt>x</ruby> <ruby>漢<rt></rt></ruby>y</p>",
     "東(とう)(x) 漢y\n"),
    # emphasis around a ruby closes before its parenthesis, as before a typed one
    # (breaker of session 32: the bold was dropped)
    ("emphasis_around_ruby_text", "<p><b><ruby>漢<rt>kan</rt></ruby></b>は <b>x<ruby>字<rt>ji</rt></ruby></b> y</p>",
     "**漢(kan**)は **x字(ji)** y\n"),
    ("ruby_text_in_a_heading", "<h1><ruby>明日<rt>Ashita</rt></ruby></h1>", "# 明日(Ashita)\n"),
    ("image_beside_a_zero_width_space", "<p>\u200b<img src=a.png alt=z></p>", "\u200b![z](a.png)\n"),
]


@pytest.mark.parametrize("name, html, expected", BLOCKS, ids=[c[0] for c in BLOCKS])
def test_blocks(name, html, expected):
    output = md(html)
    assert output == expected


def test_adjacent_lists_parse_as_separate_lists():
    rendered = RENDER.render(md("<ol><li>a</ol><ol><li>b</ol><ul><li>c</ul><ul><li>d</ul>"))
    assert rendered.count("<ol>") == 2 and rendered.count("<ul>") == 2


@pytest.mark.parametrize("page, base", [
    (b'<meta charset="undefined"><p>x</p>', None), (b'<meta charset="base64"><p>x</p>', None),
    (b'<meta charset="idna"><p>x</p>', None), (b'<meta charset="utf-7"><p>+AGE-</p>', None),
    ('<base href="http://[::1"><a href=x>x</a>', None), ("<p>x</p>", "http://[::1"),
])
def test_page_content_never_raises(page, base):
    assert md(page, base).startswith(("x", "[x]", "\\+AGE-"))


def test_unknown_labels_are_ignored_not_run():
    # Python codecs that are no web encoding must not decode the page
    assert md(b'<meta charset="unicode_escape"><p>\\x41</p>') == "\\x41\n"
    assert webfold.to_markdown(b"<p>x</p>", charset="\x00", selection=False) == "x\n"


# Each once grew as the square or cube of its size. Linear means doubling the input
# roughly doubles the time (see conftest.LINEAR_GROWTH).
GROWTH = [
    ("nested_lists", lambda n: "<ul><li>x" * n, 1000),
    ("nested_quotes", lambda n: "<blockquote>" * n + "<p>x</p>" * n, 1000),
    ("lists_in_divs", lambda n: "<div><ul><li>x</li>" * n, 1000),
    ("touching_bold_runs", lambda n: "<p>" + "<b>x</b>" * n, 10000),
    ("long_list", lambda n: "<ol>" + "<li>x</li>" * n + "</ol>", 10000),
    ("nested_tables", lambda n: "<table><tr><td>a</td><td>" * n, 1000),
    ("paragraphs_in_a_quote", lambda n: "<blockquote>" + "<p>x</p>" * n, 10000),
    # the breaker on f21ead8: the ends of bare web addresses (escape_prose, before_backslash)
    ("parentheses_after_an_address", lambda n: "<p>https://x.example/a_" + ")" * n + "</p>", 40000),
    ("addresses_before_a_break", lambda n: "<p>" + "http://a," * n + " x<br>b</p>", 5000),
    ("one_long_address_before_a_break", lambda n: "<p>" + "https://a" * n + "_<br>x</p>", 5000),
    # session 27: the run after each address is read up to the markup it meets
    ("addresses_in_elements_before_bold", lambda n: "<p>" + "<span>http://a</span>" * n + "<b>x</b></p>", 4000),
    ("addresses_after_escapes", lambda n: "<p>" + "<span>]http://a</span>" * n + "<b>x</b></p>", 16000),
    ("bold_addresses", lambda n: "<p>" + "<b>http://a</b>" * n + "</p>", 4000),
    # the breaker of session 31: each <q> read every open mark and every ancestor
    ("nested_quotations", lambda n: "<p>" + "<q>" * n + "x", 10000),
    ("quotations_under_deep_nesting", lambda n: "<div>" * n + "<p>" + "<q>x</q>" * n, 5000),
]


@pytest.mark.parametrize("name, build, size", GROWTH, ids=[c[0] for c in GROWTH])
def test_time_grows_linearly(name, build, size):
    assert growth(lambda page: webfold.to_markdown(page, selection=False),
                  build(size), build(2 * size)) < LINEAR_GROWTH


#: Inputs the fuzzer (tests/fuzz/fuzz.py) found, each with the Markdown it must give
#: (every block, base https://example.com/) beside it.
FUZZ_FINDINGS = sorted((Path(__file__).parent / "regressions").glob("*.html"))


@pytest.mark.parametrize("page", FUZZ_FINDINGS, ids=[page.stem for page in FUZZ_FINDINGS])
def test_fuzz_finding(page):
    expected = page.with_suffix(".md").read_text(encoding="utf-8")
    assert webfold.to_markdown(page.read_bytes(), "https://example.com/", selection=False) == expected


@pytest.mark.parametrize("html, expected", [
    ("<svg/><p>hello world</p>", "hello world\n"),
    ("<math /><p>m</p>", "m\n"),
    ("<p>a<svg/>b</p>", "ab\n"),
    # an icon left open: the HTML after it ends the foreign content (§13.2.6.5), and so
    # does the end tag of the link around it, which closes the link (html5lib's tree)
    ('<a href="/"><svg><path d="M0 0"></a><h1>Title</h1><p>Body</p>', "# Title\n\nBody\n"),
    ('<a href="/"><svg><path d="M0 0"><h1>Title</h1><p>Body</p>', "# [Title](/)\n\n[Body](/)\n"),
    ("<div><svg><g></div><p>x", "x\n"),
    ("<svg><g></p>after", "after\n"),
    ("<svg><text>label</text></svg><p>ok</p>", "ok\n"),
    # ...but not out of a dropped element around it
    ("<nav><svg><p>in nav</p></svg></nav><p>out</p>", "out\n"),
])
def test_foreign_content_ends_where_browsers_end_it(html, expected):
    assert webfold.to_markdown(html, selection=False) == expected


@pytest.mark.parametrize("html, expected", [
    # An unclosed <nav> holds the rest of the page, which browsers show
    ("<nav><a href=/>Home</a><p>" + "Article body words here. " * 20,
     "[Home](/)\n\n" + ("Article body words here. " * 20).strip() + "\n"),
    # ...also when </body> closes it
    ("<body><nav><a href=/>Home</a><p>" + "Article body words here. " * 20 + "</body></html>",
     "[Home](/)\n\n" + ("Article body words here. " * 20).strip() + "\n"),
    # ...and a closed one, or an unclosed one that holds little, is still navigation
    ("<nav><a href=/>Home</a></nav><p>Body</p>", "Body\n"),
    ("<p>Body text of the page</p><nav><a href=/>Home</a> <a href=/b>B</a>", "Body text of the page\n"),
])
def test_an_unclosed_nav_does_not_take_the_page(html, expected):
    assert webfold.to_markdown(html, selection=False) == expected


@pytest.mark.parametrize("html, expected", [
    # A page that is all navigation (a site map, a links page) keeps it: its text is
    # the page's text, and a page with text never comes out empty
    ("<nav><ul><li><a href=/a>Alpha page</a></li><li><a href=/b>Beta page</a></li></ul></nav>",
     "- [Alpha page](/a)\n- [Beta page](/b)\n"),
    ("<body><header></header><nav><p>Only navigation words</p></nav><nav>More</nav></body>",
     "Only navigation words\n\nMore\n"),
    # ...but an empty page beside its navigation is not all navigation
    ("<nav><a href=/>Home</a></nav><p>x</p>", "x\n"),
])
def test_a_page_of_navigation_only_keeps_it(html, expected):
    assert webfold.to_markdown(html, selection=False) == expected
    # the selector chooses among those blocks, and never comes out empty
    chosen = webfold.to_markdown(html).strip("\n").split("\n\n")
    assert chosen != [""] and set(chosen) <= set(expected.strip("\n").split("\n\n"))
