"""Reading from files and streams with a bound on what is held, and giving up standard
output when its reader has gone."""

from __future__ import annotations

import os
import sys


def read_at_most(stream, size: int) -> bytes:
    """Up to ``size`` bytes of ``stream`` (anything with ``read(n)``), read a megabyte
    at a time: one read of a huge ``size`` would allocate it all first (FastWARC's
    reader does)."""
    chunks = []
    while size > 0:
        chunk = stream.read(min(size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def stdout_to_devnull() -> None:
    """Point standard output at the null device, so that Python's flush at exit does not
    fail again on a pipe whose reader went away (``| head``) or a full disk: the recipe
    of Python's ``signal`` documentation, "Note on SIGPIPE"."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
