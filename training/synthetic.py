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
- a long page for every fifth such page of a fold: 30 to 500 paragraphs drawn from
  the fold's pages, an ``<h2>`` every nine blocks, in one of three wrappers.

Every block outside page furniture (``Block.chrome == 0``) is labelled main content.
Each synthetic page belongs to the fold of the pages its paragraphs come from, so no
fold's model sees the text of the pages it is scored on.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

import webfold
from training.dataset import PageRows, page_rows

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


def _page(name: str, wrapper: str, parts: list[tuple[str, str]]) -> PageRows:
    """A page of ``parts`` ((tag, text) pairs) in ``wrapper``, every block outside
    furniture labelled main content."""
    markup = wrapper.format("".join(f"<{tag}>{html.escape(text)}</{tag}>" for tag, text in parts))
    blocks = webfold.to_blocks(markup, chrome=True)
    return page_rows(name, "synthetic", "synthetic", blocks, [int(block.chrome == 0) for block in blocks],
                     "\n".join(text for _, text in parts))


def synthetic_pages(pages: Sequence[PageRows], fold_of_page: Sequence[int], seed: int = 0
                    ) -> list[tuple[PageRows, int]]:
    """(page, fold) pairs of synthetic pages made of ``pages``' ground truths, each in
    the fold (``fold_of_page[i]`` for ``pages[i]``) of the pages it was made of.
    Deterministic for a given ``seed``."""
    choose = random.Random(seed)
    out: list[tuple[PageRows, int]] = []
    for fold in sorted(set(fold_of_page)):
        texts = [lines for page, k in zip(pages, fold_of_page) if k == fold and (lines := paragraphs(page.main_content))]
        for lines in texts:
            parts = [("p", line) for line in lines[:choose.randint(1, SHORT_PARAGRAPHS)]]
            out.append((_page(f"short-{len(out)}", choose.choice(SHORT_WRAPPERS), parts), fold))
        pool = [line for lines in texts for line in lines]
        for _ in range(len(texts) // LONG_EVERY):
            parts = [("h2", line[:40]) if position % HEADING_EVERY == 0 else ("p", line)
                     for position, line in enumerate(choose.choice(pool) for _ in range(choose.choice(LONG_BLOCKS)))]
            out.append((_page(f"long-{len(out)}", choose.choice(LONG_WRAPPERS), parts), fold))
    return out
