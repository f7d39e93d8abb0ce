"""Coverage and leak of a conversion against the text a visitor sees.

Both are computed on word multisets with the WCXB scorer's tokens (lower-cased
``\\w+`` runs, :func:`bench.wcxb.words`), the output's Markdown first projected to plain
text (:func:`bench.wcxb.plain_text`):

- coverage = |output ∩ visible| / |visible|: the share of the visible words that reach
  the output (None when the page shows no words);
- leak = |output − visible| / |output|: the share of the output's words that the visitor
  never saw (hidden by CSS, from templates or payloads, or invented); 0 for an empty
  output, which leaks nothing (its coverage says what it lost).
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from bench.wcxb import plain_text, words


@dataclass(slots=True)
class PageResult:
    """One tool on one page."""

    page: str
    page_type: str
    #: share of the visible words in the output (None: nothing visible)
    coverage: float | None
    #: share of the output's words not visible
    leak: float
    #: words in the output, and the leaked ones
    output_words: int
    leaked_words: int
    #: the most frequent leaked words, most frequent first (for reading the worst pages)
    leaked_sample: list[str]
    #: the tool's exception on this page, in one line (its output is then taken as "")
    error: str | None = None


def coverage_leak(markdown: str, visible: str) -> tuple[float | None, float, int, Counter]:
    """(coverage, leak, output words, leaked word multiset) of one output against the
    page's visible text (module docstring)."""
    got = Counter(words(plain_text(markdown)))
    seen = Counter(words(visible))
    overlap = sum((got & seen).values())
    out = sum(got.values())
    leaked = got - seen
    coverage = overlap / sum(seen.values()) if seen else None
    return coverage, (out - overlap) / out if out else 0.0, out, leaked


def score(page: str, page_type: str, markdown: str, visible: str, error: str | None = None) -> PageResult:
    """:class:`PageResult` of one output (``error``: why the tool gave none)."""
    coverage, leak, out, leaked = coverage_leak(markdown, visible)
    return PageResult(page, page_type, coverage, leak, out, sum(leaked.values()),
                      [word for word, _ in leaked.most_common(12)], error)


@dataclass(slots=True)
class Summary:
    """Medians and means of a group of pages (coverage over pages that show words)."""

    pages: int
    coverage_median: float
    coverage_mean: float
    leak_median: float
    leak_mean: float
    #: leaked words over output words, all pages pooled
    leak_pooled: float


def summarize(results: list[PageResult]) -> Summary:
    """The :class:`Summary` of some pages (at least one)."""
    coverages = [r.coverage for r in results if r.coverage is not None] or [float("nan")]
    leaks = [r.leak for r in results]
    out = sum(r.output_words for r in results)
    return Summary(len(results), statistics.median(coverages), statistics.fmean(coverages),
                   statistics.median(leaks), statistics.fmean(leaks),
                   sum(r.leaked_words for r in results) / out if out else 0.0)
