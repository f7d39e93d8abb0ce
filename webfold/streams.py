"""Reading from files and streams with a bound on what is held."""

from __future__ import annotations


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
