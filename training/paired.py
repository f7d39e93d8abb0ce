"""Compare two cross-validation runs page by page: ``python -m training.paired BASE NEW``.

BASE and NEW are files written by ``python -m training.train --per-page FILE`` on the
same pages. Each page's F1 in NEW minus its F1 in BASE is averaged, overall and per
page type, with one standard error of that mean. Pairing the pages removes what the
two runs share (a hard page is hard in both): on WCXB dev the standard error of a
paired difference is about 0.001, against 0.008 for the difference of two runs' mean
F1 taken apart. A difference under about twice its standard error is noise.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path


def read_pages(path: Path) -> dict[str, dict]:
    """The pages of a ``--per-page`` file, by page number.

    Raises
    ------
    ValueError
        The file is not JSON of that shape, or lists no pages.
    OSError
        The file cannot be read.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    pages = data.get("pages") if isinstance(data, dict) else None
    if not isinstance(pages, list) or not pages or not all(
            isinstance(page, dict) and isinstance(page.get("page"), str) and isinstance(page.get("type"), str)
            and type(page.get("f1")) in (int, float) and math.isfinite(page["f1"]) for page in pages):
        raise ValueError(f"{path} is not a file of python -m training.train --per-page "
                         "(pages, each with a page number, a type and a finite F1)")
    return {page["page"]: page for page in pages}


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two values)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def main(argv: list[str] | None = None) -> int:
    """Print the paired F1 differences of NEW against BASE; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m training.paired", description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the --per-page file of the run compared against")
    parser.add_argument("new", type=Path, help="the --per-page file of the run being judged")
    args = parser.parse_args(argv)
    try:
        base, new = read_pages(args.base), read_pages(args.new)
    except (OSError, ValueError) as error:
        print(f"training.paired: {error}", file=sys.stderr)
        return 2
    if base.keys() != new.keys():
        print(f"training.paired: the runs scored different pages ({len(base)} and {len(new)}; "
              f"{len(base.keys() ^ new.keys())} in one only)", file=sys.stderr)
        return 2
    names = sorted(base)
    groups = {"all": names}
    for name in names:
        groups.setdefault(base[name]["type"], []).append(name)
    print("| pages | count | base F1 | new F1 | difference |\n| --- | --- | --- | --- | --- |")
    for group, members in groups.items():
        before = [base[name]["f1"] for name in members]
        after = [new[name]["f1"] for name in members]
        difference, error = mean_and_error([b - a for a, b in zip(before, after)])
        print(f"| {group} | {len(members)} | {sum(before) / len(before):.4f} | {sum(after) / len(after):.4f} "
              f"| {difference:+.4f} ± {error:.4f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
