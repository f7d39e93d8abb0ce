"""Every tool converting every page of each corpus: one round is one corpus pass."""

from __future__ import annotations

import pytest

from bench import corpus, measure, peers
from bench.conftest import ROUNDS


@pytest.mark.parametrize("tool_name", peers.TOOL_NAMES)
@pytest.mark.parametrize("corpus_name", tuple(corpus.CORPORA))
def test_convert(benchmark, pages, sane, corpus_name: str, tool_name: str) -> None:
    """Time a whole pass of ``tool_name`` over ``corpus_name`` (after its sanity check)."""
    given = pages(corpus_name)
    convert = sane(tool_name, corpus_name)
    benchmark.group = f"convert {corpus_name} ({len(given)} pages)"
    benchmark.extra_info.update(pages=len(given), input_bytes=sum(len(page.raw) for page in given),
                                version=peers.tool(tool_name).version())
    benchmark.pedantic(measure.convert_all, args=(convert, peers.tool(tool_name).inputs(given)),
                       rounds=ROUNDS, iterations=1)
