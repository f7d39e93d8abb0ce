"""Compare two cross-validation runs page by page: ``python -m training.paired BASE NEW``.

BASE and NEW are files written by ``python -m training.train --per-page FILE`` on the
same pages. Each page's F1 in NEW minus its F1 in BASE is averaged, overall and per
page type, with one standard error of that mean. Each run chose its own threshold and
floor on its own out-of-fold scores, as training does, so each model is judged at its
own best cut; both are printed, with the settings that differ. Pairing the pages
removes what the two runs share (a hard page is hard in both): on WCXB dev the standard
error of a paired difference is about 0.001, against 0.008 for the difference of two
runs' mean F1 taken apart. A difference under about twice its standard error is noise.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from training import STAGE1
from webfold.streams import stdout_to_devnull


#: The largest file read: a run of WCXB dev's 1,489 pages writes about 200 KB.
MAX_BYTES = 64 << 20


def read_run(path: Path) -> dict:
    """A ``--per-page`` file, its ``pages`` turned into a dict by page number.

    Raises
    ------
    ValueError
        The file is larger than :data:`MAX_BYTES`, not JSON of that shape (pages, each
        with a page number given once, a printable type of at most 64 characters and
        an F1 from 0 to 1), or lists no pages. The message names the file.
    OSError
        The file cannot be read.
    """
    with open(path, "rb") as file:
        raw = file.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES >> 20} MB")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:        # UnicodeDecodeError is a ValueError
        raise ValueError(f"{path}: {error}") from None
    pages = data.get("pages") if isinstance(data, dict) else None
    if not isinstance(pages, list) or not pages or not all(
            isinstance(page, dict) and isinstance(page.get("page"), str)
            and isinstance(page.get("type"), str) and 0 < len(page["type"]) <= 64 and page["type"].isprintable()
            and type(page.get("f1")) in (int, float) and 0 <= page["f1"] <= 1 for page in pages):
        raise ValueError(f"{path} is not a file of python -m training.train --per-page "
                         "(pages, each with a page number, a printable type and an F1 from 0 to 1)")
    by_number = {page["page"]: page for page in pages}
    if len(by_number) < len(pages):
        raise ValueError(f"{path} lists a page twice")
    return {**data, "pages": by_number}


#: Settings that runs record only since they were named in ``training.train.PARAMETERS``
#: (max_bins: 2026-12-06); a run without one used this value, scikit-learn's default.
UNRECORDED = {"max_bins": 255}


def changed_settings(base: dict, new: dict) -> str:
    """The model settings whose values differ between two runs, as "name old → new"."""
    before, after = base.get("parameters"), new.get("parameters")
    if not isinstance(before, dict) or not isinstance(after, dict):
        return "not recorded"
    before, after = {**UNRECORDED, **before}, {**UNRECORDED, **after}
    # A setting of stage 1 alone ("stage1.max_iter") that one run lacks was that run's
    # setting of both stages.
    for name in [name for name in before.keys() | after.keys() if str(name).startswith(STAGE1)]:
        plain = name.removeprefix(STAGE1)
        before.setdefault(name, before.get(plain))
        after.setdefault(name, after.get(plain))
    return "; ".join(f"{name} {before.get(name)!r} → {after.get(name)!r}"
                     for name in sorted(before.keys() | after.keys(), key=str)
                     if before.get(name) != after.get(name)) or "none"


def cell(text: str) -> str:
    """``text`` (printable: :func:`read_run`) as one cell of a GFM pipe table."""
    return text.replace("|", "\\|")


def mean_and_error(values: list[float]) -> tuple[float, float | None]:
    """The mean of ``values`` and its standard error (None for fewer than two values)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, None
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def main(argv: list[str] | None = None) -> int:
    """Print the paired F1 differences of NEW against BASE; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m training.paired", description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the --per-page file of the run compared against")
    parser.add_argument("new", type=Path, help="the --per-page file of the run being judged")
    args = parser.parse_args(argv)
    try:
        base_run, new_run = read_run(args.base), read_run(args.new)
    except (OSError, ValueError) as error:
        print(f"training.paired: {error}", file=sys.stderr)
        return 2
    base, new = base_run["pages"], new_run["pages"]
    if base.keys() != new.keys():
        print(f"training.paired: the runs scored different pages ({len(base)} and {len(new)}; "
              f"{len(base.keys() ^ new.keys())} in one only)", file=sys.stderr)
        return 2
    differing = [name for name in base if base[name]["type"] != new[name]["type"]]
    if differing:
        print(f"training.paired: the runs give {len(differing)} pages different types "
              f"(page {differing[0]}: {base[differing[0]]['type']!r} and {new[differing[0]]['type']!r})",
              file=sys.stderr)
        return 2
    names = sorted(base)
    by_type: dict[str, list[str]] = {}
    for name in names:
        by_type.setdefault(base[name]["type"], []).append(name)
    groups = [("all pages", names)] + sorted(by_type.items())
    lines = [f"{name}: threshold {run.get('threshold')}, floor {run.get('floor')}"
             for name, run in (("base", base_run), ("new", new_run))]
    lines += [f"settings changed: {changed_settings(base_run, new_run)}", "",
              "| pages | count | base F1 | new F1 | difference |", "| --- | --- | --- | --- | --- |"]
    for group, members in groups:
        before = [base[name]["f1"] for name in members]
        after = [new[name]["f1"] for name in members]
        difference, error = mean_and_error([b - a for a, b in zip(before, after)])
        lines.append(f"| {cell(group)} | {len(members)} | {sum(before) / len(before):.4f} "
                     f"| {sum(after) / len(after):.4f} "
                     f"| {difference:+.4f} ± {'n/a' if error is None else format(error, '.4f')} |")
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:
        stdout_to_devnull()         # the reader went away (| head): stop quietly
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
