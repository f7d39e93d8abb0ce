"""Golden files a human can diff: ``tests/golden/NAME.html`` converts (every block,
no selection) to ``NAME.md``; the example page converts, with selection, to
``examples/article.md``.

The page address is given on the HTML file's first line as ``<!-- base: URL -->``. The
example page that ships with the repository is checked the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import webfold

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).parent.parent / "examples"


def base_of(html: str) -> str | None:
    found = re.match(r"<!-- base: (\S+) -->", html)
    return found.group(1) if found else None


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.html")), ids=lambda p: p.stem)
def test_golden(path: Path):
    html = path.read_text(encoding="utf-8")
    assert webfold.to_markdown(html, base_of(html), selection=False) == \
        path.with_suffix(".md").read_text(encoding="utf-8")


def test_example_page():
    html = (EXAMPLES / "article.html").read_bytes()
    expected = (EXAMPLES / "article.md").read_text(encoding="utf-8")
    assert webfold.to_markdown(html, "https://notebook.example/guides/coffee/") == expected
