"""WARC throughput: ``python -m bench.warc [--pages N]``.

Writes a WARC file (gzip, one member per record) of the WCXB development pages (all
1,497 by default; WCXB, CC-BY-4.0), then times ``webfold warc FILE -o DIR`` with 1
and with 2 jobs in fresh processes, reading their peak memory (the largest resident
set among the command and its workers), and converts the same records with
trafilatura 2.3.1 in one process. Prints pages per second, the scaling ratio and the
ratio to trafilatura.
"""

from __future__ import annotations

import argparse
import importlib.util
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from warcs import http_response, record  # noqa: E402  (the tests' WARC writer)

from bench.corpus import REPO  # noqa: E402


def build(folder: Path, pages: int, target: Path) -> int:
    """Write the first ``pages`` WCXB dev pages to ``target`` as response records;
    return how many were written."""
    html = sorted((folder / "dev" / "html").glob("*.html.gz"))[:pages]
    with open(target, "wb") as out:
        for number, path in enumerate(html):
            truth = json.loads((folder / "dev" / "ground-truth" / path.name.replace(".html.gz", ".json"))
                               .read_text(encoding="utf-8"))
            body = gzip.decompress(path.read_bytes())
            out.write(gzip.compress(record(truth.get("url") or f"https://wcxb.example/{number}",
                                           http_response(body, "text/html"), number=number), 1))
    return len(html)


#: Runs a command and prints the peak resident set (KB) of the largest process it
#: waited for, workers included: a fresh parent, so that runs do not mix.
_PEAK = ("import resource, subprocess, sys; "
         "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident set (MB) of the largest process ``command`` ran."""
    started = time.perf_counter()
    peak = subprocess.run([sys.executable, "-c", _PEAK, *command], check=True, capture_output=True,
                          text=True).stdout
    return time.perf_counter() - started, int(peak) / 1024


def trafilatura_seconds(path: Path) -> float:
    """Seconds for trafilatura to extract Markdown from every HTML record of ``path``."""
    import trafilatura

    from webfold.warc import records

    started = time.perf_counter()
    for item in records(str(path)):
        if item.is_html:
            trafilatura.extract(item.body.decode("utf-8", "replace"), url=item.uri,
                                output_format="markdown")
    return time.perf_counter() - started


def reader_seconds(path: Path) -> tuple[float, float]:
    """Seconds for FastWARC, then for warcio, to read the payload of every record of
    ``path`` (the comparison behind Webfold's choice of FastWARC)."""
    from fastwarc.warc import ArchiveIterator
    from warcio.archiveiterator import ArchiveIterator as WarcioIterator

    times = []
    for read in (lambda handle: [item.reader.read() for item in ArchiveIterator(handle, parse_http=True)],
                 lambda handle: [item.content_stream().read() for item in WarcioIterator(handle)]):
        started = time.perf_counter()
        with open(path, "rb") as handle:
            read(handle)
        times.append(time.perf_counter() - started)
    return times[0], times[1]


def main(argv: list[str] | None = None) -> int:
    """Print the table; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.warc", description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=1497, help="WCXB dev pages (default: all 1,497)")
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("WEBFOLD_DATA")
                                                          or REPO.parent / "shared" / "data") / "wcxb")
    parser.add_argument("--no-peer", action="store_true", help="leave trafilatura out")
    args = parser.parse_args(argv)
    for module in ("warcio",) + (() if args.no_peer else ("trafilatura",)):
        if importlib.util.find_spec(module) is None:
            parser.error(f"{module} is not installed: pip install -e '.[bench]'"
                         + ("" if module == "warcio" else ", or leave the peer out with --no-peer"))
    with tempfile.TemporaryDirectory() as scratch:
        warc = Path(scratch) / "wcxb-dev.warc.gz"
        count = build(args.data, args.pages, warc)
        rows = []
        for jobs in (1, 2):
            seconds, peak = timed([sys.executable, "-m", "webfold", "warc", str(warc), "--quiet",
                                   "--jobs", str(jobs), "-o", str(Path(scratch) / f"out{jobs}")])
            rows.append((f"webfold warc --jobs {jobs}", seconds, peak))
        print(f"{count:,} WCXB dev pages in one WARC ({warc.stat().st_size / 1e6:.1f} MB gzip):\n")
        print("| run | seconds | pages/s | peak memory |\n|---|---|---|---|")
        for name, seconds, peak in rows:
            print(f"| {name} | {seconds:.1f} | {count / seconds:.1f} | {peak:.0f} MB |")
        if not args.no_peer:
            seconds = trafilatura_seconds(warc)
            print(f"| trafilatura 2.3.1, one process | {seconds:.1f} | {count / seconds:.1f} | |")
            print(f"\nwebfold --jobs 1 is {seconds / rows[0][1]:.1f} times trafilatura's speed.")
        print(f"Scaling, --jobs 2 over --jobs 1: {rows[0][1] / rows[1][1]:.2f}.")
        fast, warcio = reader_seconds(warc)
        print(f"Reading every record's payload: FastWARC {fast:.2f} s, warcio {warcio:.2f} s.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
