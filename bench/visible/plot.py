"""The README's figure: coverage against leak, one point per tool and corpus (left), and
webfold's WCXB pages one by one (right)."""

from __future__ import annotations

from pathlib import Path

from bench.visible.score import PageResult, summarize

#: One colour per tool in both panels, whichever tools were run.
COLOURS = {"webfold": "C0", "webfold-all-blocks": "C1", "trafilatura": "C2", "readability": "C3",
           "html-to-markdown": "C4"}


def draw(results: dict[str, list[PageResult]], path: Path) -> None:
    """Write the figure as PNG to ``path`` (matplotlib, no screen needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (tools, pages) = plt.subplots(1, 2, figsize=(11, 4.6))
    for corpus, marker, size in (("wcxb", "o", 70), ("firecrawl", "s", 35)):
        for tool, rows in results.items():
            group = [r for r in rows if r.page.startswith(corpus + "/")]
            if group:
                s = summarize(group)
                tools.scatter(s.leak_mean, s.coverage_mean, marker=marker, s=size, color=COLOURS[tool],
                              edgecolors="black", linewidths=0.5, clip_on=False, zorder=3,
                              label=f"{tool}, {corpus}")
    tools.set_xlabel("leak (mean share of output words not visible)")
    tools.set_ylabel("coverage (mean share of visible words in output)")
    tools.set_title("Tools against Chromium's innerText (circles WCXB dev, squares Firecrawl)",
                    fontsize=9)
    tools.set_xlim(left=0)
    tools.set_ylim(0, 1)
    tools.legend(fontsize=7, loc="lower right")
    # all-blocks first, so the default's points lie on top
    for tool in ("webfold-all-blocks", "webfold"):
        rows = [r for r in results.get(tool, []) if r.coverage is not None and r.page.startswith("wcxb/")]
        if rows:
            pages.scatter([r.leak for r in rows], [r.coverage for r in rows], s=6, alpha=0.5,
                          color=COLOURS[tool], clip_on=False, label=tool)
    pages.set_xlabel("leak")
    pages.set_ylabel("coverage")
    pages.set_title("webfold on each WCXB dev page", fontsize=9)
    pages.set_xlim(0, 1)
    pages.set_ylim(0, 1)
    if pages.collections:
        pages.legend(fontsize=8, loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
