"""webfold's stages (decode, scan, build, render), each over the WCXB pages."""

from __future__ import annotations

import pytest

from bench import measure, stages
from bench.conftest import ROUNDS


@pytest.fixture(scope="module")
def stage_inputs(pages, sane) -> dict[str, list]:
    """Each stage's input for every WCXB page (webfold must pass its sanity check)."""
    sane("webfold", "wcxb")
    return stages.inputs([page.raw for page in pages("wcxb")])


@pytest.mark.parametrize("stage", stages.STAGES)
def test_stage(benchmark, stage_inputs, stage: str) -> None:
    """Time one stage over all WCXB pages, on the previous stage's output."""
    benchmark.group = f"webfold stages ({len(stage_inputs[stage])} WCXB pages)"
    benchmark.pedantic(measure.convert_all, args=(stages.functions()[stage], stage_inputs[stage]),
                       rounds=ROUNDS, iterations=1)
