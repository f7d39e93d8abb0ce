"""webfold on one ~10 MB page: its time here, its peak memory in a fresh subprocess."""

from __future__ import annotations

import pytest

from bench import corpus, memory, peers
from bench.conftest import ROUNDS, note, unavailable

#: The big page's size.
BIG_PAGE_BYTES = 10_000_000


@pytest.fixture(scope="module")
def big_page() -> bytes:
    """The ~10 MB page (:func:`bench.corpus.big_page`), or skip (fail in CI) without data."""
    try:
        return corpus.big_page(BIG_PAGE_BYTES)
    except corpus.DataMissing as error:
        unavailable(str(error))
        raise


def test_big_page(benchmark, big_page: bytes) -> None:
    """Time webfold on the big page; record its peak memory (see :mod:`bench.memory`)
    in ``extra_info`` as bytes and as a multiple of the input size."""
    found = memory.measure(big_page, "webfold")
    benchmark.group = f"webfold on one {len(big_page) / 1e6:.1f} MB page"
    benchmark.extra_info.update(input_bytes=found.input_bytes, peak_bytes=found.peak_bytes,
                                peak_over_input=round(found.ratio, 2), peak_mark_reset=found.reset)
    note(f"memory, webfold on a {found.input_bytes / 1e6:.1f} MB page: peak RSS {found.peak_bytes / 1e6:.0f} MB "
         f"above the baseline, {found.ratio:.1f}x the input (mark reset: {found.reset})")
    benchmark.pedantic(peers.tool("webfold").load(), args=(big_page,), rounds=ROUNDS, iterations=1)
