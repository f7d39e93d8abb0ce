"""webfold's ``to_markdown`` over the WCXB pages from a pool of 1 and of 2 threads."""

from __future__ import annotations

import pytest

from bench import measure, peers
from bench.conftest import ROUNDS


@pytest.mark.parametrize("workers", (1, 2))
def test_threads(benchmark, pages, sane, workers: int) -> None:
    """Time one pass over the WCXB pages through a ThreadPoolExecutor of ``workers``;
    compare the two rows' means for the speed-up."""
    given = pages("wcxb")
    convert = sane("webfold", "wcxb")
    benchmark.group = f"webfold threads ({len(given)} WCXB pages)"
    benchmark.extra_info["workers"] = workers
    benchmark.pedantic(measure.threaded_pass, args=(convert, peers.tool("webfold").inputs(given), workers),
                       rounds=ROUNDS, iterations=1)
