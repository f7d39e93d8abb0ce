"""The README's figure: coverage against leak, one point per tool and corpus (left), and
webfold's pages one by one (right)."""

from __future__ import annotations

from pathlib import Path

from bench.visible.score import PageResult, summarize


def draw(results: dict[str, list[PageResult]], path: Path) -> None:
    """Write the figure as PNG to ``path`` (matplotlib, no screen needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (tools, pages) = plt.subplots(1, 2, figsize=(11, 4.6))
    for corpus, marker in (("wcxb", "o"), ("firecrawl", "s")):
        for index, (tool, rows) in enumerate(results.items()):
            group = [r for r in rows if r.page.startswith(corpus + "/")]
            if not group:
                continue
            s = summarize(group)
            tools.scatter(s.leak_mean, s.coverage_mean, marker=marker, color=f"C{index}", s=60,
                          label=f"{tool}, {corpus}")
    tools.set_xlabel("leak (mean share of output words not visible)")
    tools.set_ylabel("coverage (mean share of visible words in output)")
    tools.set_title("Tools against Chromium's innerText")
    tools.set_xlim(left=0)
    tools.set_ylim(0, 1)
    tools.legend(fontsize=7, loc="lower right")
    for tool, color in (("webfold", "C0"), ("webfold-all-blocks", "C1")):
        rows = [r for r in results.get(tool, []) if r.coverage is not None]
        pages.scatter([r.leak for r in rows], [r.coverage for r in rows], s=6, alpha=0.4, color=color,
                      label=tool)
    pages.set_xlabel("leak")
    pages.set_ylabel("coverage")
    pages.set_title("webfold, one point per page")
    pages.set_xlim(0, 1)
    pages.set_ylim(0, 1)
    pages.legend(fontsize=8, loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
