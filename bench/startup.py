"""Fresh-process time: ``python -m bench.startup [PAGE] [--runs N] [--instructions]``.

Runs ``python -m webfold PAGE`` (with and without ``--all-blocks``), a script that
imports html-to-markdown and converts the same page, and ``python -c pass``, each in a
new process, interleaved, and prints the median wall time of each. Bytecode caching is
turned on for the children even where the environment turns it off, as on a user's
machine after installation. The default page is the first Firecrawl fixture. Needs the
``bench`` extra (html-to-markdown).

Two more rows run ``python -m webfold PAGE`` and ``python -c pass`` as a user's
installed package runs them: in a bare virtual environment made for the run (no pip,
no setuptools, no ``.pth`` files), with the folder that holds ``webfold`` and then this
environment's site-packages (the dependencies) on ``PYTHONPATH``. An editable install
(``pip install -e``) puts an import hook in its environment that every Python process
there loads at start-up, with ``pathlib``, ``re`` and ``enum``: about 50 million
instructions, more than Python's own start-up.

``--instructions`` also counts each command's instructions once with Valgrind's
callgrind (string hashing seeded), a figure that does not move with the machine's load.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import signal
import site
import statistics
import subprocess
import sys
import tempfile
import time
import venv

import webfold
from bench.corpus import DataMissing, firecrawl_paths
from bench.instructions import callgrind


def commands(page: str, bare: str, env: dict[str, str]) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Each row's name → its command and environment; ``bare`` is the bare virtual
    environment's Python."""
    installed = {**env, "PYTHONPATH": os.pathsep.join(
        [os.path.dirname(os.path.dirname(webfold.__file__)), *site.getsitepackages()])}
    convert = ("import html_to_markdown, sys; "
               f"sys.stdout.write(str(html_to_markdown.convert(open({page!r}, encoding='utf-8').read())))")
    return {
        "python -m webfold PAGE": ([sys.executable, "-m", "webfold", page], env),
        "python -m webfold --all-blocks PAGE": ([sys.executable, "-m", "webfold", "--all-blocks", page], env),
        "html-to-markdown (import and convert)": ([sys.executable, "-c", convert], env),
        "python -c pass": ([sys.executable, "-c", "pass"], env),
        "python -m webfold PAGE, as an installed package": ([bare, "-m", "webfold", page], installed),
        "python -c pass, without an editable install's hook": ([bare, "-c", "pass"], installed),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the median fresh-process times; returns the exit code (2: bad usage,
    missing data or tools; 1: a command failed)."""
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.split("\n")[0])
    parser.add_argument("page", nargs="?", help="an HTML file (default: the first Firecrawl fixture)")
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each command's instructions once (needs Valgrind)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs takes at least 1, not {args.runs}")
    if args.page is None:
        try:
            args.page = str(firecrawl_paths()[0])
        except DataMissing as error:
            print(f"bench.startup: {error}; or name a PAGE", file=sys.stderr)
            return 2
    page = os.path.abspath(args.page)
    if not os.path.isfile(page):
        print(f"bench.startup: {args.page}: {'not a file' if os.path.exists(page) else 'no such file'}",
              file=sys.stderr)
        return 2
    if importlib.util.find_spec("html_to_markdown") is None:
        print("bench.startup: html-to-markdown is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    if args.instructions and shutil.which("valgrind") is None:
        print("bench.startup: valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # A kill (SIGTERM) ends the run as Ctrl-C does, removing the temporary environment.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory() as folder:
        venv.create(folder, with_pip=False)
        rows = commands(page, os.path.join(folder, "bin", "python"), env)
        try:
            for command, command_env in rows.values():      # warm the caches, write the bytecode
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=command_env,
                               check=True)
            times: dict[str, list[float]] = {name: [] for name in rows}
            for _ in range(args.runs):
                for name, (command, command_env) in rows.items():
                    started = time.perf_counter()
                    subprocess.run(command, stdout=subprocess.DEVNULL, env=command_env, check=True)
                    times[name].append(time.perf_counter() - started)
            counts = {name: callgrind(command, {**command_env, "PYTHONHASHSEED": "0"})
                      for name, (command, command_env) in rows.items()} if args.instructions else {}
        except subprocess.CalledProcessError as error:
            said = (error.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            print(f"bench.startup: {' '.join(error.cmd)[:200]} failed (exit {error.returncode})"
                  + (f": {said[-1]}" if said else ""), file=sys.stderr)
            return 1
        except RuntimeError as error:
            print(f"bench.startup: {error}", file=sys.stderr)
            return 1
    print(f"Fresh processes on {args.page}, median of {args.runs} interleaved runs:\n")
    print("| command | median |" + (" instructions |" if counts else "") + "\n|---|---|" + ("---|" if counts else ""))
    for name, values in times.items():
        print(f"| {name} | {statistics.median(values) * 1000:.0f} ms |"
              + (f" {counts[name] / 1e6:,.1f} million |" if counts else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
