"""bench.instructions: the instruction counter's own process and its refusals (the
Valgrind runs themselves are a benchmark, not a test)."""

from __future__ import annotations

import sys

from conftest import REPO, data_dir, require

sys.path.insert(0, str(REPO))       # bench is a folder of the repository, not installed

from bench import instructions  # noqa: E402


def test_the_counted_process_runs_a_stage_over_the_pages(monkeypatch):
    require(data_dir() / "wcxb")
    monkeypatch.setenv("WEBFOLD_DATA", str(data_dir()))
    ran = []
    real = instructions.stages.functions
    monkeypatch.setattr(instructions.stages, "functions", lambda: {**real(), "scan": ran.append})
    instructions.child("scan", 1)
    assert len(ran) == 100 and all(isinstance(value, bytes) and value for value in ran)
    ran.clear()
    instructions.child("scan", 0)          # the baseline prepares the inputs only
    assert ran == []
    instructions.child("scan", 2)          # --warm's count: two passes minus one
    assert len(ran) == 200 and ran[:100] == ran[100:]


def test_a_missing_valgrind_is_named(monkeypatch, capsys):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    assert instructions.main([]) == 2
    assert "valgrind is not installed" in capsys.readouterr().err
