"""Instructions that each stage of webfold's pipeline executes over the WCXB benchmark
pages, counted by Valgrind's callgrind: a figure that does not move with the load of a
shared machine, as times do (they moved by a fifth between two runs an hour apart).

``python -m bench.instructions [--stage STAGE ...]`` (Valgrind must be installed:
Debian's package ``valgrind``; the package's base install and the shared data are all
else it needs). A stage's count is that of a process that runs the stage once over
every page's input (:mod:`bench.stages`) minus that of a process that only prepares
those inputs, so start-up, reading the pages and the earlier stages cancel out. Both
processes hash strings with the same seed (``PYTHONHASHSEED=0``), so a count is the
same in every run of one build. Each process takes about two minutes of CPU under
Valgrind, so a stage takes about four.

That first pass also pays what a process pays once: the regular expressions that
compile on first use (:mod:`webfold.patterns`) and the memos of attribute values
(:mod:`webfold.memo`) filling up; over the build stage of the 100 pages, about 8% of
its count. ``--warm`` counts a second pass instead (two passes minus one): the cost
that a long run pays a page, with the memos holding these pages' own values (which a
run over many pages of one site comes close to).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import corpus, stages

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def child(stage: str, passes: int) -> None:
    """Prepare every WCXB benchmark page's input to ``stage``, and run the stage over
    them ``passes`` times (0: only prepare; the process that Valgrind counts)."""
    given = stages.inputs([page.raw for page in corpus.load("wcxb")], last=stage)
    function = stages.functions()[stage]
    for _ in range(passes):
        for value in given[stage]:
            function(value)


def callgrind(command: list[str], env: dict[str, str], cwd: str | Path | None = None) -> int:
    """Instructions that the process ``command`` executes, as callgrind counts them.

    Raises
    ------
    RuntimeError
        Valgrind failed or printed no count.
    """
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(folder) / 'out'}",
                               *command], capture_output=True, text=True, cwd=cwd, env=env)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"valgrind failed on {' '.join(command)[:200]} (exit {done.returncode}): "
                           + done.stderr.strip()[-500:])
    return int(found.group(1))


def count(stage: str, passes: int) -> int:
    """Instructions of one :func:`child` process, as callgrind counts them.

    Raises
    ------
    RuntimeError
        Valgrind failed or printed no count.
    """
    return callgrind([sys.executable, "-m", "bench.instructions", "--child", stage, "--passes", str(passes)],
                     {**os.environ, "PYTHONHASHSEED": "0"}, corpus.REPO)

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--stage", action="append", choices=stages.STAGES,
                        help="stage to count (repeatable; default build and select)")
    parser.add_argument("--warm", action="store_true",
                        help="count a second pass over the pages, after one that compiles the patterns "
                             "and fills the memos (twice the time)")
    parser.add_argument("--child", choices=stages.STAGES, help=argparse.SUPPRESS)
    parser.add_argument("--passes", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.passes)
        return 0
    if shutil.which("valgrind") is None:
        print("bench.instructions: valgrind is not installed (Debian: apt-get install valgrind)",
              file=sys.stderr)
        return 2
    try:
        pages = len(corpus.wcxb_paths())      # counted, not read: the children read them
    except corpus.DataMissing as error:
        print(f"bench.instructions: {error}", file=sys.stderr)
        return 2
    which = "a second pass over" if args.warm else "one pass over"
    print(f"| stage | instructions, {which} {pages} WCXB pages (millions) | per page (millions) |")
    print("| --- | --- | --- |")
    for stage in args.stage or ["build", "select"]:
        try:
            first = 1 if args.warm else 0
            spent = count(stage, first + 1) - count(stage, first)
        except RuntimeError as error:
            print(f"bench.instructions: {error}", file=sys.stderr)
            return 1
        print(f"| {stage} | {spent / 1e6:,.0f} | {spent / 1e6 / pages:,.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
