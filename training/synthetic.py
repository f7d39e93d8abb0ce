"""Synthetic training pages: clean and long pages made of dev pages' ground-truth paragraphs.

Every WCXB dev page carries page furniture (menus, footers, sidebars), and none is an
article of hundreds of paragraphs. Trees answer a page past their training data as
they answer its edge, so models trained on dev alone dropped the text of pages with
little furniture (a two-paragraph ``<article>``) or of long articles, each retrain
differently (training/README.md, "Long and clean pages"). These pages fill that
corner with main content the annotators wrote out:

- a short page for each dev page that has paragraphs: 1 to 6 of them, bare, in an
  ``<article>``, under a ``<title>``, under an ``<h1>``, or in a ``<main>`` between a
  ``<nav>`` and a ``<footer>``;
- every other short page is instead the first 1 to 12 blocks that the annotators kept
  of its source page, as they were built (headings, lists, links, one-line questions
  and specifications), beside a run of 2 to 12 blocks that they left out of it (a
  menu, a sidebar, related links, a byline), in a ``<div>`` or an ``<aside>``, before
  or after: without them, short pages taught the models that everything on a short
  page is content, and with paragraphs beside them, that a short line is furniture;
- a long page for every fifth such page of a fold: 30 to 500 paragraphs drawn from
  the fold's pages, an ``<h2>`` every nine blocks, in one of three wrappers.

Every block outside page furniture (``Block.chrome == 0``) is labelled main content,
but for the blocks left out of the source page.
Each synthetic page belongs to the fold of the pages its paragraphs come from, so no
fold's model sees the text of the pages it is scored on.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

import webfold
from training.dataset import PageRows, page_rows
from webfold.features import FEATURE_NAMES

#: A ground-truth line is a paragraph if it has more characters than this (shorter
#: lines are mostly headings, list items and captions).
PARAGRAPH_CHARS = 40
#: Short pages hold 1 to this many paragraphs.
SHORT_PARAGRAPHS = 6
#: Wrappers of short pages ("{}" is the paragraphs' markup).
SHORT_WRAPPERS = (
    "{}",
    "<html><head><title>Notes</title></head><body>{}</body></html>",
    "<h1>Notes</h1>{}",
    "<article>{}</article>",
    "<nav><a href=/>Home</a> <a href=/about>About</a></nav><main>{}</main><footer>(c) 2026</footer>",
)
#: One short page in this many carries furniture of its source page.
FURNITURE_EVERY = 2
#: A run of furniture holds this many of the source page's blocks, at most.
FURNITURE_BLOCKS = (2, 12)
FURNITURE_WRAPPERS = ("<div>{}</div>", "<aside>{}</aside>")
#: A short page with furniture holds this many of its source page's first content blocks, at most.
CONTENT_BLOCKS = 12
#: Feature columns that say how a furniture block is written back as HTML.
_HEADING, _LIST = FEATURE_NAMES.index("kind_heading"), FEATURE_NAMES.index("kind_list")
_LINK_DENSITY = FEATURE_NAMES.index("link_density")
#: Lengths of long pages, in blocks (paragraphs and headings).
LONG_BLOCKS = (30, 60, 120, 250, 500)
#: One long page per this many short pages of a fold.
LONG_EVERY = 5
#: A long page has an ``<h2>`` (a paragraph's first 40 characters) every this many blocks.
HEADING_EVERY = 9
LONG_WRAPPERS = (
    "<title>Notes</title><main><article><h1>Notes</h1>{}</article></main>",
    "<div><div><h1>Notes</h1>{}</div></div>",
    "<title>Notes</title><nav><a href=/>Home</a></nav><main><article><h1>Notes</h1>{}</article></main>"
    "<footer>(c) 2026</footer>",
)


def paragraphs(main_content: str) -> list[str]:
    """The lines of a ground-truth text longer than :data:`PARAGRAPH_CHARS` characters,
    stripped."""
    return [line.strip() for line in main_content.split("\n") if len(line.strip()) > PARAGRAPH_CHARS]


def labelled(page: PageRows, content: bool) -> list[tuple[str, str]]:
    """(element, text) of each block of ``page`` that holds text and is labelled
    content (or, with ``content`` false, not): ``h2`` for a heading, ``a`` for a block
    mostly of link text, ``li`` for a list, else ``p``."""
    out = []
    for text, label, row in zip(page.texts, page.labels, page.features):
        if bool(label) != content or not text.strip():
            continue
        element = "h2" if row[_HEADING] else "a" if row[_LINK_DENSITY] > 0.5 else "li" if row[_LIST] else "p"
        out.append((element, text))
    return out


def _markup(parts: list[tuple[str, str]]) -> str:
    """HTML of (element, text) pairs; links and list items each in a list of their own."""
    html_parts = []
    for element, text in parts:
        text = html.escape(text)
        html_parts.append(f'<ul><li><a href="/">{text}</a></li></ul>' if element == "a" else
                          f"<ul><li>{text}</li></ul>" if element == "li" else f"<{element}>{text}</{element}>")
    return "".join(html_parts)


def _page(name: str, wrapper: str, parts: list[tuple[str, str]], left_out: list[tuple[str, str]] = ()
          ) -> PageRows:
    """A page of ``parts`` ((element, text) pairs) in ``wrapper``, every block outside
    furniture labelled main content, but those of ``left_out`` (placed by the wrapper as
    ``{left_out}``)."""
    markup = wrapper.format(_markup(parts), left_out=_markup(left_out))
    blocks = webfold.to_blocks(markup, chrome=True)
    outside = {" ".join(text.split()) for _, text in left_out}
    return page_rows(name, "synthetic", "synthetic", blocks,
                     [int(block.chrome == 0 and " ".join(block.text.split()) not in outside) for block in blocks],
                     "\n".join(text for _, text in parts))


def synthetic_pages(pages: Sequence[PageRows], fold_of_page: Sequence[int], seed: int = 0
                    ) -> list[tuple[PageRows, int]]:
    """(page, fold) pairs of synthetic pages made of ``pages``' ground truths, each in
    the fold (``fold_of_page[i]`` for ``pages[i]``) of the pages it was made of.
    Deterministic for a given ``seed``."""
    choose = random.Random(seed)
    out: list[tuple[PageRows, int]] = []
    for fold in sorted(set(fold_of_page)):
        sources = [(page, lines) for page, k in zip(pages, fold_of_page)
                   if k == fold and (lines := paragraphs(page.main_content))]
        for number, (page, lines) in enumerate(sources):
            parts = [("p", line) for line in lines[:choose.randint(1, SHORT_PARAGRAPHS)]]
            wrapper = choose.choice(SHORT_WRAPPERS)
            runs, kept = labelled(page, False), labelled(page, True)
            left_out = []
            if number % FURNITURE_EVERY == 0 and runs and kept:
                # the page's own content blocks as they were (questions, specifications,
                # one-line replies), so that short lines are not all furniture
                parts = kept[:choose.randint(1, CONTENT_BLOCKS)]
                start = choose.randrange(len(runs))
                left_out = runs[start:start + choose.randint(*FURNITURE_BLOCKS)]
                around = choose.choice(FURNITURE_WRAPPERS).format("{left_out}")
                wrapper = choose.choice((around + wrapper, wrapper + around))
            out.append((_page(f"short-{len(out)}", wrapper, parts, left_out), fold))
        pool = [line for _, lines in sources for line in lines]
        for _ in range(len(sources) // LONG_EVERY):
            parts = [("h2", line[:40]) if position % HEADING_EVERY == 0 else ("p", line)
                     for position, line in enumerate(choose.choice(pool) for _ in range(choose.choice(LONG_BLOCKS)))]
            out.append((_page(f"long-{len(out)}", choose.choice(LONG_WRAPPERS), parts), fold))
    return out
