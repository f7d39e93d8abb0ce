"""Fresh-process time: ``python -m bench.startup [PAGE]``.

Runs ``python -m webfold PAGE`` (with and without ``--all-blocks``), a script that
imports html-to-markdown and converts the same page, and ``python -c pass``, each in a
new process, interleaved, and prints the median wall time of each. Bytecode caching is
turned on for the children even where the environment turns it off, as on a user's
machine after installation. The default page is the first Firecrawl fixture.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from bench.corpus import DataMissing, firecrawl_paths


def main(argv: list[str] | None = None) -> int:
    """Print the median fresh-process times; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.split("\n")[0])
    parser.add_argument("page", nargs="?", help="an HTML file (default: the first Firecrawl fixture)")
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    args = parser.parse_args(argv)
    if args.page is None:
        try:
            args.page = str(firecrawl_paths()[0])
        except DataMissing as error:
            print(f"bench.startup: {error}; or name a PAGE", file=sys.stderr)
            return 2
    page = args.page
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    convert = ("import html_to_markdown, sys; "
               f"sys.stdout.write(str(html_to_markdown.convert(open({page!r}, encoding='utf-8').read())))")
    commands = {
        "python -m webfold PAGE": [sys.executable, "-m", "webfold", page],
        "python -m webfold --all-blocks PAGE": [sys.executable, "-m", "webfold", "--all-blocks", page],
        "html-to-markdown (import and convert)": [sys.executable, "-c", convert],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    for command in commands.values():       # warm the caches, write the bytecode
        subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            started = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
            times[name].append(time.perf_counter() - started)
    print(f"Fresh processes on {page}, median of {args.runs} interleaved runs:\n")
    print("| command | median |\n|---|---|")
    for name, values in times.items():
        print(f"| {name} | {statistics.median(values) * 1000:.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
