"""Fetch and render times: ``python -m bench.scrape [--runs N]``.

Serves the tests' local site (tests/website.py) on 127.0.0.1 and times, in this
process, ``webfold.scraper.scrape`` on its pages: a plain fetch and conversion of an
article, the same with a fresh process per run (``webfold scrape URL --plain``), and a
render in headless Chromium of a page drawn by a script (a browser is started for each
render, as the CLI does). Prints the median of each and the median browser start-up
time (launching Chromium through Playwright, until it takes commands). Needs
Playwright and Chromium for the render rows.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from website import Site  # noqa: E402  (the tests' site, found through the path above)

from webfold.browser import available  # noqa: E402
from webfold.scraper import scrape  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Print the median times as a Markdown table; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.scrape", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each (default 15)")
    args = parser.parse_args(argv)
    site = Site()
    try:
        rows = _measure(site, args.runs)
    finally:
        site.close()
    print(f"Local site on 127.0.0.1, median of {args.runs} runs:\n")
    print("| what | median |\n|---|---|")
    for name, seconds in rows:
        print(f"| {name} | {seconds * 1000:.1f} ms |")
    return 0


def _measure(site: Site, runs: int) -> list[tuple[str, float]]:
    article, script = site.url("/page"), site.url("/script")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "webfold", "scrape", article, "--plain"]
    subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)   # bytecode, caches
    scrape(article, render=False)
    plain, fresh, rendered, start = [], [], [], []
    for _ in range(runs):
        started = time.perf_counter()
        scrape(article, render=False)
        plain.append(time.perf_counter() - started)
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
        fresh.append(time.perf_counter() - started)
    rows = [("plain fetch + convert of an article (in process)", statistics.median(plain)),
            ("`webfold scrape URL --plain` (fresh process)", statistics.median(fresh))]
    if not available():
        print("no browser (Playwright and Chromium): the render rows are left out", file=sys.stderr)
        return rows
    for _ in range(runs):
        started = time.perf_counter()
        result = scrape(script, render=True)
        rendered.append(time.perf_counter() - started)
        start.append(result.browser_seconds)
        assert "RENDERED-MARKER" in result.document.markdown
    return rows + [("rendered: browser start, load, convert of a scripted page (in process)",
                    statistics.median(rendered)),
                   ("of which browser start-up", statistics.median(start))]


if __name__ == "__main__":
    raise SystemExit(main())
