"""What the README says about the code and the repository, checked, so that a change
that makes a sentence untrue fails here instead of leaving the sentence stale."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

import webfold

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The example page that ships with the repository, and its address (as the README's
#: first command gives it).
EXAMPLE = ROOT / "examples" / "article.html"
EXAMPLE_BASE = "https://notebook.example/guides/coffee/"


def passage(starting: str) -> str:
    """The README's text from ``starting`` to the end of its paragraph (a blank line)."""
    found = re.search(re.escape(starting) + r".*?(?:\n\n|$)", README, re.DOTALL)
    assert found, f"the README has no {starting!r}"
    return found.group()


def test_select_main_on_the_example_page_chooses_as_the_readme_says():
    html = EXAMPLE.read_bytes()
    markdown = webfold.to_markdown(html, EXAMPLE_BASE)
    chosen = webfold.select_main(webfold.to_blocks(html, EXAMPLE_BASE, chrome=True))
    assert webfold.render(chosen) == markdown
    trained_on = [block.md for block in chosen]
    default = [block.md for block in webfold.select_main(webfold.to_blocks(html, EXAMPLE_BASE))]
    # the default blocks give one block more: the caption the README quotes
    caption = "A pour-over brewer: simple, cheap and forgiving."
    assert [md for md in default if md not in trained_on] == [caption]
    assert [md for md in default if md != caption] == trained_on
    told = passage("`to_markdown` also takes `selection=False`")
    assert "`to_blocks(..., chrome=True)`" in told and f'"{caption}"' in told


def test_the_example_without_its_address_differs_only_in_relative_links():
    # The README's first command gives BASE; what it says of leaving BASE out is checked.
    told = passage("It prints the page's main content as Markdown")
    assert "the links stay relative (on\nthis page, the only difference)" in told
    expected = (ROOT / "examples" / "article.md").read_text(encoding="utf-8")
    assert webfold.to_markdown(EXAMPLE.read_bytes()) == expected.replace("](https://notebook.example/", "](/")
    assert webfold.to_markdown(EXAMPLE.read_bytes(), EXAMPLE_BASE) == expected


def test_every_repository_path_the_readme_names_exists():
    # a path under one of the repository's own folders (not build/, which a build makes)
    named = {path.rstrip(".") for path in re.findall(
        r"(?<![\w./-])((?:\.ci|bench|examples|tests|training|webfold)/[\w./-]*)", README)}
    assert len(named) > 40         # the pattern still finds the README's paths
    assert sorted(path for path in named if not (ROOT / path).exists()) == []


def test_the_library_neither_gunzips_nor_checks_a_base_as_the_readme_says():
    told = passage("The library converts what it is given.")
    with pytest.raises(webfold.BinaryInputError, match=r"\(application/gzip\)"):
        webfold.to_markdown(gzip.compress(b"<p>x</p>"))
    link = b"<p><a href='other'>o</a></p>"
    assert webfold.to_markdown(link, "example.com/", selection=False) == "[o](example.com/other)\n"
    assert webfold.to_markdown(link, "mailto:x", selection=False) == "[o](other)\n"
    assert all(f"`{said}`" in told for said in ("BinaryInputError", "example.com/other", "mailto:x"))
