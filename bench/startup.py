"""Fresh-process time: ``python -m bench.startup [PAGE]``.

Runs ``python -m webfold PAGE`` (with and without ``--all-blocks``), a script that
imports html-to-markdown and converts the same page, and ``python -c pass``, each in a
new process, interleaved, and prints the median wall time of each. Bytecode caching is
turned on for the children even where the environment turns it off, as on a user's
machine after installation. The default page is the first Firecrawl fixture.

Two more rows run ``python -m webfold PAGE`` and ``python -c pass`` as a user's
installed package runs them: in a bare virtual environment made for the run (no pip,
no other packages), with the imported ``webfold``'s folder on ``PYTHONPATH``. An
editable install (``pip install -e``) puts an import hook in its environment that
every Python process there loads at start-up, with ``pathlib``, ``re`` and ``enum``:
49 million instructions, more than Python's own start-up (callgrind).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv

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
    import webfold

    with tempfile.TemporaryDirectory() as folder:
        venv.create(folder, with_pip=False)
        bare = os.path.join(folder, "bin", "python")
        installed = {**env, "PYTHONPATH": os.path.dirname(os.path.dirname(webfold.__file__))}
        commands = {
            "python -m webfold PAGE": ([sys.executable, "-m", "webfold", page], env),
            "python -m webfold --all-blocks PAGE": ([sys.executable, "-m", "webfold", "--all-blocks", page], env),
            "html-to-markdown (import and convert)": ([sys.executable, "-c", convert], env),
            "python -c pass": ([sys.executable, "-c", "pass"], env),
            "python -m webfold PAGE, as an installed package": ([bare, "-m", "webfold", page], installed),
            "python -c pass, without an editable install's hook": ([bare, "-c", "pass"], installed),
        }
        for command, command_env in commands.values():      # warm the caches, write the bytecode
            subprocess.run(command, stdout=subprocess.DEVNULL, env=command_env, check=True)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, command_env) in commands.items():
                started = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, env=command_env, check=True)
                times[name].append(time.perf_counter() - started)
    print(f"Fresh processes on {page}, median of {args.runs} interleaved runs:\n")
    print("| command | median |\n|---|---|")
    for name, values in times.items():
        print(f"| {name} | {statistics.median(values) * 1000:.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
