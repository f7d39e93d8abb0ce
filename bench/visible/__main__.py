"""Coverage and leak against a browser's innerText: ``python -m bench.visible``.

Loads every WCXB dev page and Firecrawl fixture into headless Chromium, offline
(:mod:`bench.visible.capture`), converts each with every tool, and prints coverage
and leak (:mod:`bench.visible.score`) overall and per page type, and the pages where
webfold leaks most. ``--plot FILE`` draws coverage against leak (:mod:`bench.visible.plot`).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from bench.corpus import DataMissing, data_root, firecrawl_paths
from bench.visible.capture import Job, cache_path, default_cache, read_all
from bench.visible.score import PageResult, score, summarize
from bench.wcxb import TYPE_ALIASES, extractor, pages as wcxb_pages, read_page

#: The tools compared, in the order of the report.
TOOLS = ("webfold", "webfold-all-blocks", "trafilatura", "readability", "html-to-markdown")
#: How many of the highest-leak pages are listed.
WORST = 10
#: The most browser processes ``--workers`` may ask for.
MAX_WORKERS = 32


@dataclass(frozen=True, slots=True)
class Page:
    """A page of either corpus."""

    #: ``wcxb/0001`` or ``firecrawl/articles/apnews_001``
    name: str
    corpus: str
    page_type: str
    raw: bytes
    #: the address it was saved from (WCXB's ground truth), else None
    url: str | None


def load_pages(root: Path, corpora: list[str], limit: int | None) -> list[Page]:
    """The pages of the chosen corpora under the data root (the first ``limit`` of each)."""
    found: list[Page] = []
    if "wcxb" in corpora:
        for html_path, truth_path in wcxb_pages(root / "wcxb", "dev")[:limit]:
            raw, truth = read_page(html_path, truth_path)
            kind = truth.get("_internal", {}).get("page_type", {}).get("primary", "unknown")
            found.append(Page("wcxb/" + Path(html_path).name.split(".")[0], "wcxb",
                              TYPE_ALIASES.get(kind, kind), raw, truth.get("url")))
    if "firecrawl" in corpora:
        for path in firecrawl_paths(root)[:limit]:
            found.append(Page(f"firecrawl/{path.parent.name}/{path.stem}", "firecrawl", path.parent.name,
                              path.read_bytes(), None))
    return found


def score_job(job: tuple[str, Page, str]) -> PageResult:
    """Convert one page with one tool and score it (runs in a worker process)."""
    tool, page, visible = job
    try:
        markdown, error = extractor(tool)(page.raw, page.url), None
    except Exception as failure:        # a peer's bug on one page is a result, not the end of the run
        markdown, error = "", f"{type(failure).__name__}: {failure}".splitlines()[0][:200]
    return score(page.name, page.page_type, markdown, visible, error)


def report(results: dict[str, list[PageResult]], corpora: list[str], worst: int) -> str:
    """The Markdown report: per corpus and tool, then per WCXB page type, then the pages
    where webfold leaks most."""
    lines = ["| corpus | tool | pages | coverage median | coverage mean | leak median | leak mean "
             "| leak pooled |", "|---|---|---|---|---|---|---|---|"]
    for corpus in corpora:
        for tool, rows in results.items():
            group = [r for r in rows if r.page.startswith(corpus + "/")]
            if group:
                s = summarize(group)
                lines.append(f"| {corpus} | {tool} | {s.pages} | {s.coverage_median:.3f} | "
                             f"{s.coverage_mean:.3f} | {s.leak_median:.3f} | {s.leak_mean:.3f} | "
                             f"{s.leak_pooled:.3f} |")
    if "wcxb" in corpora:
        lines += ["", "WCXB dev by page type (mean coverage / mean leak):", "",
                  "| page type | " + " | ".join(results) + " |", "|---" * (len(results) + 1) + "|"]
        kinds = sorted({r.page_type for rows in results.values() for r in rows if r.page.startswith("wcxb/")})
        for kind in kinds:
            groups = [[r for r in rows if r.page.startswith("wcxb/") and r.page_type == kind]
                      for rows in results.values()]
            cells = [f"{s.coverage_mean:.3f} / {s.leak_mean:.3f}" for s in map(summarize, groups)]
            lines.append(f"| {kind} ({len(groups[0])}) | " + " | ".join(cells) + " |")
    for tool in ("webfold", "webfold-all-blocks"):
        leaking = sorted((r for r in results.get(tool, []) if r.leak > 0),
                         key=lambda r: (-r.leak, -r.leaked_words))[:worst]
        if leaking:
            lines += ["", f"The {len(leaking)} pages where {tool} leaks most (leaked words / output "
                          "words; the most frequent leaked words):", ""]
            for r in leaking:
                lines.append(f"- {r.page} ({r.page_type}): {r.leak:.3f} "
                             f"({r.leaked_words}/{r.output_words}): {' '.join(r.leaked_sample)}")
    return "\n".join(lines)


def _positive(text: str, most: int | None = None) -> int:
    """An argument that must be a whole number of at least 1 (and at most ``most``)."""
    if not text.strip().isdigit() or int(text) < 1 or most is not None and int(text) > most:
        raise argparse.ArgumentTypeError(f"a whole number from 1{f' to {most}' if most else ' up'}, not {text!r}")
    return int(text)


def _workers(text: str) -> int:
    """``--workers``: each is a browser of some 300 MB, so at most :data:`MAX_WORKERS`."""
    return _positive(text, MAX_WORKERS)


def _ignore_interrupt() -> None:
    """In a scoring worker: Ctrl-C is the parent's to handle (one line, no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print its report; returns the exit code (130 on Ctrl-C)."""
    try:
        return _compare(argv)
    except KeyboardInterrupt:
        print("bench.visible: stopped", file=sys.stderr)
        return 130


def _compare(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.visible",
                                     description="Coverage and leak of each tool against Chromium's innerText.")
    parser.add_argument("--data", type=Path, default=None,
                        help="the shared data folder (default: $WEBFOLD_DATA, else ../shared/data)")
    parser.add_argument("--corpus", action="append", choices=["wcxb", "firecrawl"],
                        help="which pages (repeatable; default both)")
    parser.add_argument("--tool", action="append", choices=TOOLS, help="which tools (repeatable; default all)")
    parser.add_argument("--limit", type=_positive, help="only the first N pages of each corpus")
    parser.add_argument("--scripts", action="store_true", help="let the pages' inline scripts run")
    parser.add_argument("--workers", type=_workers, default=2,
                        help=f"browser and converter processes (default 2, at most {MAX_WORKERS})")
    parser.add_argument("--cache", type=Path, default=None, help=f"innerText cache (default {default_cache()})")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every page's results here")
    parser.add_argument("--plot", type=Path, metavar="PNG", help="draw coverage against leak here")
    args = parser.parse_args(argv)
    for path in (args.json, args.plot):
        if path is not None and not os.access(path.parent if str(path.parent) else ".", os.W_OK):
            print(f"bench.visible: cannot write {path}: its folder is missing or not writable", file=sys.stderr)
            return 1
    corpora = args.corpus or ["wcxb", "firecrawl"]
    tools = args.tool or list(TOOLS)
    for tool in tools:
        extractor(tool)         # a missing peer is one line, before the long part
    root = args.data or data_root()
    if not root.is_dir():
        print(f"bench.visible: the data folder {root} does not exist (give --data, or set WEBFOLD_DATA)",
              file=sys.stderr)
        return 1
    cache = args.cache or default_cache()
    try:
        cache.mkdir(parents=True, exist_ok=True)
        if not os.access(cache, os.W_OK):
            raise PermissionError("not writable")
    except OSError as error:
        print(f"bench.visible: cannot use the cache folder {cache}: {error}", file=sys.stderr)
        return 1
    try:
        pages = load_pages(root, corpora, args.limit)
    except (DataMissing, SystemExit) as error:
        print(f"bench.visible: {str(error).removeprefix('bench.wcxb: ')}", file=sys.stderr)
        return 1
    started = time.perf_counter()
    jobs = [Job(p.name, p.raw) for p in pages]
    cached = sum(cache_path(cache, job.served, args.scripts).exists() for job in jobs)
    from webfold.errors import BrowserError
    try:
        visible = read_all(jobs, cache, args.scripts, args.workers)
    except BrowserError as error:
        print(f"bench.visible: {error}", file=sys.stderr)          # what to install
        return 1
    failed = [p.name for p in pages if visible[p.name].error is not None]
    shown = [p for p in pages if visible[p.name].error is None]
    if not shown:
        print(f"bench.visible: no page could be read in the browser: {visible[failed[0]].error}",
              file=sys.stderr)
        return 1
    print(f"innerText of {len(pages)} pages ({cached} from the cache) in {time.perf_counter() - started:.0f} s "
          f"({visible[pages[0].name].browser}, scripts {'on' if args.scripts else 'off'}); "
          f"{len(failed)} failed to load{': ' if failed else ''}"
          + "; ".join(f"{name} ({visible[name].error})" for name in failed), file=sys.stderr)
    results: dict[str, list[PageResult]] = {}
    with ProcessPoolExecutor(args.workers, initializer=_ignore_interrupt) as pool:
        for tool in tools:
            results[tool] = list(pool.map(score_job, [(tool, p, visible[p.name].text) for p in shown],
                                          chunksize=8))
            errors = [r for r in results[tool] if r.error is not None]
            print(f"{tool}: {len(shown)} pages converted and scored"
                  + (f"; it failed on {len(errors)} (output taken as empty), first {errors[0].page}: "
                     f"{errors[0].error}" if errors else ""), file=sys.stderr)
    credits = {"wcxb": "WCXB dev (Murrough Foley, 2026, CC-BY-4.0)", "firecrawl": "Firecrawl's fixtures (Apache-2.0)"}
    print(f"Coverage and leak against Chromium's innerText (offline, scripts "
          f"{'on' if args.scripts else 'off'}): {len(shown)} pages. "
          + "; ".join(credits[corpus] for corpus in corpora) + ".\n")
    print(report(results, corpora, WORST))
    if args.json:
        args.json.write_text(json.dumps({tool: [asdict(r) for r in rows] for tool, rows in results.items()},
                                        indent=1), encoding="utf-8")
    if args.plot:
        from bench.visible.plot import draw
        draw(results, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
