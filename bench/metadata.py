"""Metadata accuracy on a WCXB split: ``python -m bench.metadata DIR [--split dev]``.

WCXB's ground truth (Murrough Foley, 2026; CC-BY-4.0) gives most pages a title, an
author and a publication date. For each field this prints the share of the pages that
give it where the tool's value matches: the title exactly after white space is
collapsed, the author without regard to case, the date as a day. trafilatura 2.3.1's
``extract_metadata`` is scored on the same pages in the same run.
"""

from __future__ import annotations

import argparse
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.corpus import DataMissing
from bench.wcxb import pages, read_page

FIELDS = ("title", "author", "publish_date")


def normalized(field: str, value) -> str | None:
    """The form two values of a field are compared in (None: no value)."""
    if not isinstance(value, str) or not value.strip():
        return None
    value = " ".join(value.split())
    if field == "author":
        return value.lower()
    if field == "publish_date":
        match = re.match(r"\d{4}-\d{2}-\d{2}", value)
        return match.group(0) if match else None
    return value


def tool_values(tool: str, html: bytes, url: str) -> dict[str, str | None]:
    if tool == "webfold":
        import webfold

        metadata = webfold.to_document(html, url, selection=False).metadata
        return {"title": metadata.title, "author": metadata.author, "publish_date": metadata.published}
    import trafilatura

    found = trafilatura.extract_metadata(html.decode("utf-8", "replace"), default_url=url)
    return {"title": found.title, "author": found.author, "publish_date": found.date}


def score_page(job: tuple[str, str, str]) -> dict[str, bool | None]:
    """For each field: True (match), False (no match) or None (no ground truth)."""
    tool, html_path, truth_path = job
    raw, truth = read_page(html_path, truth_path)
    wanted = truth.get("ground_truth", {})
    got = tool_values(tool, raw, truth.get("url"))
    result = {}
    for field in FIELDS:
        want = normalized(field, wanted.get(field))
        result[field] = None if want is None else normalized(field, got[field]) == want
    return result


def main(argv: list[str] | None = None) -> int:
    """Print the share of matching pages per field and tool; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.metadata", description=__doc__.split("\n")[0])
    parser.add_argument("root", metavar="DIR", type=Path, help="a WCXB checkout")
    parser.add_argument("--split", default="dev", help="the split to score (default dev)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    found = pages(args.root, args.split)
    rows = ["| field | pages with it | webfold | trafilatura 2.3.1 |", "|---|---|---|---|"]
    results = {}
    for tool in ("webfold", "trafilatura"):
        try:
            with ProcessPoolExecutor(args.jobs) as pool:
                results[tool] = list(pool.map(score_page, [(tool, h, t) for h, t in found], chunksize=16))
        except DataMissing as error:            # a damaged file of the data set
            print(f"bench.metadata: {error}", file=sys.stderr)
            return 1
        print(f"{tool}: {len(found)} pages read", file=sys.stderr)
    for field in FIELDS:
        cells = []
        for tool in ("webfold", "trafilatura"):
            marks = [r[field] for r in results[tool] if r[field] is not None]
            cells.append(f"{sum(marks) / len(marks):.3f}" if marks else "n/a")
        given = sum(1 for r in results["webfold"] if r[field] is not None)
        rows.append(f"| {field} | {given} | {cells[0]} | {cells[1]} |")
    print(f"WCXB {args.split} split, {len(found)} pages (WCXB: Murrough Foley, 2026, CC-BY-4.0): "
          "share of the pages with the field in the ground truth where the tool's value matches.\n")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
