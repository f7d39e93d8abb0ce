"""Peak memory of converting one big page, measured in a fresh subprocess.

The parent (:func:`measure`) writes the page to a temporary file and runs
``python -m bench.memory TOOL PATH``; the child imports the tool, warms it up on a tiny
page, resets the kernel's peak-RSS mark to the current RSS (Linux, ``/proc/self/clear_refs``;
elsewhere the baseline is the peak so far, which can hide a small conversion's peak),
records the peak RSS (the baseline), reads the page, converts it, records the peak RSS
again and prints the figures as JSON. The peak above the baseline thus includes the
input itself.

The peak RSS is ``VmHWM`` from ``/proc/self/status`` where there is one, else
``ru_maxrss``: on Linux ``ru_maxrss`` also counts the RSS of the process that spawned
the child (carried over by exec), which would swamp the figure.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.corpus import REPO

_WARM_UP = b"<html><head><title>t</title></head><body><p>Warm <b>up</b> the imports.</p></body></html>"


@dataclass(frozen=True, slots=True)
class Memory:
    """The child's figures.

    Attributes
    ----------
    input_bytes : int
        The page's size.
    peak_bytes : int
        The peak resident set size above the baseline taken after imports.
    seconds : float
        The conversion's duration.
    output_chars : int
        The Markdown's length.
    reset : bool
        The peak mark was reset before the baseline (else the figure may be low).
    """

    input_bytes: int
    peak_bytes: int
    seconds: float
    output_chars: int
    reset: bool

    @property
    def ratio(self) -> float:
        """Peak above baseline over input size."""
        return self.peak_bytes / self.input_bytes


def max_rss() -> int:
    """This process's peak resident set size so far, in bytes."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024   # in kB
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024   # Linux reports KiB


def reset_peak() -> bool:
    """Set the kernel's peak-RSS mark of this process to its current RSS; False where
    that is not possible (not Linux, or not permitted)."""
    try:
        with open("/proc/self/clear_refs", "w") as control:
            control.write("5")
    except OSError:
        return False
    return True


def child(tool_name: str, path: Path) -> Memory:
    """Convert the page at ``path`` with the named tool, in this process, and measure.

    Run this in a fresh process only: ``ru_maxrss`` never goes down.
    """
    from bench.peers import tool

    chosen = tool(tool_name)
    convert = chosen.load()
    convert(chosen.input_from(_WARM_UP))
    reset = reset_peak()
    baseline = max_rss()
    given = chosen.input_from(path.read_bytes())
    start = time.perf_counter()
    output = convert(given)
    seconds = time.perf_counter() - start
    return Memory(path.stat().st_size, max_rss() - baseline, seconds, len(output), reset)


def measure(page: bytes, tool_name: str = "webfold") -> Memory:
    """Run :func:`child` on ``page`` in a subprocess and return its figures.

    Raises
    ------
    subprocess.CalledProcessError
        If the child fails.
    """
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.html"
        path.write_bytes(page)
        done = subprocess.run([sys.executable, "-m", "bench.memory", tool_name, str(path)],
                              cwd=REPO, check=True, capture_output=True, text=True)
    return Memory(**json.loads(done.stdout))


def main(argv: list[str]) -> None:
    """``python -m bench.memory TOOL PATH``: print :func:`child`'s figures as JSON."""
    tool_name, path = argv
    figures = child(tool_name, Path(path))
    print(json.dumps({name: getattr(figures, name) for name in Memory.__slots__}))


if __name__ == "__main__":
    main(sys.argv[1:])
