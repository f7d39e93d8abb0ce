"""Print the benchmark report as Markdown: ``python -m bench.compare [options]``.

Sections: the machine and versions; each tool on each corpus (per-page median, corpus
total, webfold/tool ratios), after a sanity check that decides whether it is timed;
webfold's stages; webfold from 1 and 2 threads; peak memory on a ~10 MB page.

Exit status: 0, or 1 when data is missing and ``$CI`` is set, or webfold failed its
sanity check.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from bench import corpus, measure, memory, peers, stages
from bench.corpus import DataMissing


@dataclass(frozen=True, slots=True)
class Row:
    """One tool on one corpus: its timing, or why it has none."""

    tool: peers.Tool
    corpus: str
    pages: int
    timing: measure.Timing | None
    note: str


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=measure.REPEAT,
                        help="timed passes over each corpus (default %(default)s)")
    parser.add_argument("--corpus", choices=tuple(corpus.CORPORA), action="append",
                        help="corpus to run (repeatable; default all)")
    parser.add_argument("--tool", choices=peers.TOOL_NAMES, action="append",
                        help="tool to run (repeatable; default all; webfold always runs)")
    parser.add_argument("--no-stages", action="store_true", help="skip the stage breakdown")
    parser.add_argument("--no-threads", action="store_true", help="skip the thread runs")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory measurement")
    parser.add_argument("--memory-mb", type=float, default=10.0,
                        help="size of the big page for the memory run (default %(default)s)")
    parser.add_argument("--memory-tool", choices=peers.TOOL_NAMES, action="append",
                        help="tool whose memory to measure (repeatable; default webfold and html-to-markdown)")
    return parser.parse_args(argv)


def milliseconds(seconds: float) -> str:
    """A duration in milliseconds, three significant digits or more."""
    value = seconds * 1000
    return f"{value:,.0f} ms" if value >= 100 else f"{value:.3g} ms"


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


@functools.cache
def git_revision() -> str:
    """The checkout's short commit, with ``+dirty`` for uncommitted changes; ``""``
    when git cannot tell."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=corpus.REPO,
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=corpus.REPO,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return commit + ("+dirty" if dirty else "")


def version(tool: peers.Tool) -> str:
    """The tool's version; for webfold, with the git revision."""
    found = tool.version()
    revision = git_revision() if tool.name == "webfold" else ""
    return f"{found} ({revision})" if revision else found


#: Where the pages come from; WCXB's licence requires the attribution wherever figures
#: derived from it are published.
DATA_CREDIT = ("- data: Firecrawl html-extractor test fixtures (Apache-2.0); WCXB development split "
               "(Murrough Foley, 2026; CC-BY-4.0)")


def machine() -> str:
    """The machine section: platform, CPU, Python."""
    return "\n".join([
        f"- platform: {platform.platform()}",
        f"- CPU: {platform.processor() or platform.machine()}, {os.cpu_count()} logical CPUs",
        f"- Python: {platform.python_implementation()} {platform.python_version()}",
    ])


def run_tool(tool: peers.Tool, name: str, pages: Sequence[corpus.Page], repeat: int) -> Row:
    """Check the tool on the corpus and, when it is sane, time it."""
    convert, note = peers.vet(tool, pages)
    timing = None if convert is None else measure.time_pages(convert, tool.inputs(pages), repeat)
    return Row(tool, name, len(pages), timing, note)


def ratio(webfold: measure.Timing | None, timing: measure.Timing | None, part: str) -> str:
    """webfold's figure over the tool's (below 1: webfold is faster)."""
    if webfold is None or timing is None:
        return "–"
    return f"{getattr(webfold, part) / getattr(timing, part):.2f}"


def speed_section(rows: Sequence[Row]) -> str:
    """The speed table and the sanity notes under it."""
    webfold = {row.corpus: row.timing for row in rows if row.tool.name == "webfold"}
    main = {row.corpus: row.timing for row in rows if row.tool.name == "webfold-main"}
    cells = []
    for row in rows:
        timed = row.timing is not None
        cells.append([row.tool.name, version(row.tool), row.corpus, row.pages,
                      milliseconds(row.timing.median) if timed else "not timed",
                      milliseconds(row.timing.total) if timed else "–",
                      ratio(webfold.get(row.corpus), row.timing, "median"),
                      ratio(webfold.get(row.corpus), row.timing, "total"),
                      ratio(main.get(row.corpus), row.timing, "median")])
    header = ["tool", "version", "corpus", "pages", "median per page", "total",
              "webfold/tool (median)", "webfold/tool (total)", "webfold-main/tool (median)"]
    notes = [f"- {row.tool.name} on {row.corpus}: {row.note}" for row in rows]
    return table(header, cells) + "\n\nSanity check (before timing):\n\n" + "\n".join(notes)


def stage_section(pages: Sequence[corpus.Page], repeat: int) -> str:
    """webfold's per-stage medians on the pages."""
    given = stages.inputs([page.raw for page in pages])
    run = stages.functions()
    timings = {stage: measure.time_pages(run[stage], given[stage], repeat) for stage in stages.STAGES}
    whole = sum(timing.total for timing in timings.values())
    cells = [[stage, milliseconds(timing.median), milliseconds(timing.total), f"{timing.total / whole:.0%}"]
             for stage, timing in timings.items()]
    cells.append(["all stages", milliseconds(sum(t.median for t in timings.values())) + " (sum)",
                  milliseconds(whole), "100%"])
    return table(["stage", "median per page", "total", "share of total"], cells)


def thread_section(pages: Sequence[corpus.Page], repeat: int) -> str:
    """webfold's wall time over the pages from 1 and 2 threads."""
    tool = peers.tool("webfold")
    convert, inputs = tool.load(), tool.inputs(pages)
    walls = {workers: measure.thread_wall(convert, inputs, workers, repeat) for workers in (1, 2)}
    cells = [[workers, milliseconds(wall), f"{walls[1] / wall:.2f}×"] for workers, wall in walls.items()]
    return table(["threads", "wall time (median)", "speed-up vs 1 thread"], cells)


def memory_section(target_mb: float, tool_names: Sequence[str]) -> str:
    """Peak memory of converting one big page, per tool."""
    page = corpus.big_page(int(target_mb * 1_000_000))
    cells, unreset = [], []
    for name in tool_names:
        try:
            found = memory.measure(page, name)
        except subprocess.CalledProcessError as error:
            reason = (error.stderr or "").strip().splitlines()[-1:] or ["no message"]
            cells.append([name, f"{len(page) / 1e6:.1f} MB", "failed", reason[0][:120], "–", "–"])
            continue
        cells.append([name, f"{found.input_bytes / 1e6:.1f} MB", f"{found.peak_bytes / 1e6:.0f} MB",
                      f"{found.ratio:.1f}×", milliseconds(found.seconds), f"{found.output_chars:,}"])
        if not found.reset:
            unreset.append(name)
    note = (f"\n\nThe peak-RSS mark could not be reset for {', '.join(unreset)}: "
            "the figure counts only memory above the import-time peak." if unreset else "")
    return table(["tool", "input", "peak RSS above baseline (incl. input)", "peak / input",
                  "time", "output chars"], cells) + note


def try_load(name: str, missing: dict[str, str]) -> tuple[corpus.Page, ...] | None:
    """The corpus's pages, or None after recording in ``missing`` why they are absent."""
    if name in missing:
        return None
    try:
        return corpus.load(name)
    except DataMissing as error:
        missing[name] = str(error)
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print the report; returns the exit status."""
    options = parse(argv)
    chosen = [peers.tool(name) for name in peers.TOOL_NAMES
              if name == "webfold" or not options.tool or name in options.tool]
    missing: dict[str, str] = {}
    print("# webfold benchmark\n\n" + machine() + f"\n- repetitions: {options.repeat} timed passes per "
          "corpus after one sanity/warm-up pass; per page, the median of the passes\n" + DATA_CREDIT)
    rows = [run_tool(tool, name, pages, options.repeat)
            for name in options.corpus or corpus.CORPORA
            if (pages := try_load(name, missing)) for tool in chosen]
    if rows:
        print("\n## Conversion speed\n\nwebfold is given bytes (its decoding is timed); the peers are "
              "given str (decoded as UTF-8 with replacement, untimed).\n")
        print(speed_section(rows))
    wcxb = None if options.no_stages and options.no_threads else try_load("wcxb", missing)
    if wcxb and not options.no_stages:
        print(f"\n## webfold stages ({len(wcxb)} WCXB pages)\n\n" + stage_section(wcxb, options.repeat))
    if wcxb and not options.no_threads:
        print(f"\n## webfold threads ({len(wcxb)} WCXB pages, `to_markdown` through ThreadPoolExecutor)\n\n"
              + thread_section(wcxb, options.repeat))
    if not options.no_memory:
        try:
            section = memory_section(options.memory_mb, options.memory_tool or ("webfold", "html-to-markdown"))
            print(f"\n## Peak memory (one ~{options.memory_mb:g} MB page of concatenated WCXB bodies, "
                  "fresh subprocess, peak RSS)\n\n" + section)
        except DataMissing as error:
            missing["memory"] = str(error)
    for name, reason in missing.items():
        print(f"\n- skipped ({name}): {reason}")
    webfold_failed = any(row.tool.name == "webfold" and row.timing is None for row in rows)
    return 1 if (missing and corpus.strict()) or webfold_failed else 0


if __name__ == "__main__":
    sys.exit(main())
