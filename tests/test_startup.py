"""bench.startup's refusals (its timings are a benchmark, not a test)."""

from __future__ import annotations

import sys

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO))       # bench is a folder of the repository, not installed

from bench import startup  # noqa: E402


def test_a_page_that_is_missing_or_a_folder_is_named(tmp_path, capsys):
    assert startup.main([str(tmp_path / "missing.html")]) == 2
    assert capsys.readouterr().err == f"bench.startup: {tmp_path / 'missing.html'}: no such file\n"
    assert startup.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"bench.startup: {tmp_path}: not a file\n"


@pytest.mark.parametrize("runs", ["0", "-1"])
def test_fewer_than_one_run_is_a_usage_error(runs, tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text("<p>x</p>")
    with pytest.raises(SystemExit) as exit_:
        startup.main([str(page), "--runs", runs])
    assert exit_.value.code == 2 and f"--runs takes at least 1, not {runs}" in capsys.readouterr().err


def test_a_missing_peer_or_valgrind_is_named(tmp_path, monkeypatch, capsys):
    page = tmp_path / "page.html"
    page.write_text("<p>x</p>")
    monkeypatch.setattr(startup.importlib.util, "find_spec", lambda name: None)
    assert startup.main([str(page)]) == 2
    assert "html-to-markdown is not installed: pip install -e '.[bench]'" in capsys.readouterr().err
    monkeypatch.setattr(startup.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(startup.shutil, "which", lambda name: None)
    assert startup.main([str(page), "--instructions"]) == 2
    assert "valgrind is not installed" in capsys.readouterr().err
