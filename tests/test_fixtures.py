"""Firecrawl's conversion fixtures (Apache-2.0), read from the shared data folder.

A fixture passes when every non-blank line of its ``.expected.md``, trimmed, appears in
the output and no ``must_not_contain`` phrase does (the rule of the folder's README).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import webfold

from conftest import data_dir
from structure import html_counts, markdown_counts

FIXTURES = sorted((data_dir() / "firecrawl-fixtures").glob("*/*.html"))
IDS = [f"{path.parent.name}/{path.stem}" for path in FIXTURES]
#: Without the data, one stand-in case: its ``fixtures_dir`` skips it with the reason
#: (fails it under CI), where an empty list would only say "got empty parameter set".
ABSENT = [pytest.param(None, id="fixtures-absent")]
PATHS = [pytest.param(path, id=name) for path, name in zip(FIXTURES, IDS)] or ABSENT


def convert(path: Path, selection: bool = True, precision: bool = False) -> str:
    meta_path = path.with_suffix(".meta.json")
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    return webfold.to_markdown(path.read_bytes(), meta.get("url"), selection=selection, precision=precision)


def test_fixtures_are_present(fixtures_dir):
    assert len(list(fixtures_dir.glob("*/*.meta.json"))) == 54


#: Fixtures whose expected text ``--precision`` loses: r22 scores the attribute table of
#: both stores' pages ("Material Stoneware Color Slate Weight 320g") 0.501, under its
#: precision threshold of 0.52 (r19 0.69; r19 lost a line of amazon_001 instead).
PRECISION_LOSES = {"products/bigcom_001", "products/shopify_001"}
PRECISE_PATHS = [pytest.param(*case.values, id=case.id, marks=pytest.mark.xfail(
                     strict=True, reason="--precision drops the attribute table"))
                 if case.id in PRECISION_LOSES else case for case in PATHS]


def _passes(path: Path, output: str) -> None:
    expected_path = path.with_suffix(".expected.md")
    expected = expected_path.read_text() if expected_path.exists() else ""
    missing = [line.strip() for line in expected.splitlines()
               if line.strip() and line.strip() not in output]
    assert missing == []
    meta_path = path.with_suffix(".meta.json")
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    leaked = [phrase for phrase in meta.get("must_not_contain", []) if phrase in output]
    assert leaked == []


@pytest.mark.parametrize("path", PATHS)
def test_fixture(path: Path, fixtures_dir):
    _passes(path, convert(path))


@pytest.mark.parametrize("path", PRECISE_PATHS)
def test_fixture_with_precision(path: Path, fixtures_dir):
    # --precision trades text for cleanliness on the WCXB pages, but a fixture's
    # expected lines are the main content that every mode should keep.
    _passes(path, convert(path, precision=True))


@pytest.mark.parametrize("path", PATHS)
def test_structure_survives_the_round_trip(path: Path, fixtures_dir):
    html = path.read_text(encoding="utf-8", errors="replace")
    assert markdown_counts(convert(path, selection=False)) == html_counts(html)


def test_threads_give_the_same_output_as_one(fixtures_dir):
    from concurrent.futures import ThreadPoolExecutor

    pages = [path.read_bytes() for path in FIXTURES] * 3
    serial = [webfold.to_markdown(page) for page in pages]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(webfold.to_markdown, pages)) == serial
