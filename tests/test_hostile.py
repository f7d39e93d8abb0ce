"""Hostile pages (tests/hostile.py): each finishes with the text it holds, its time
grows linearly with its size, and its memory stays within the case's bound."""

from __future__ import annotations

import pytest

import webfold
from conftest import LINEAR_GROWTH, growth
from hostile import CASES, convert, run_child

IDS = [case.name for case in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_full_size_keeps_its_text_within_its_memory_bound(case):
    # In a child process, so that the peak resident set is this conversion's own.
    result = run_child(case.name, 1.0)
    assert result["ok"], result
    assert result["memory_mb"] <= case.memory_mb, result


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_time_grows_linearly(case):
    # A twentieth and a tenth of the named size: linear work gives 2, quadratic 4.
    small, large = case.make(0.05), case.make(0.1)
    assert growth(convert, small, large) < LINEAR_GROWTH


def test_binary_input_names_its_type():
    with pytest.raises(webfold.BinaryInputError, match=r"binary \(image/png\)"):
        webfold.to_markdown(CASES[IDS.index("png")].make(1.0))


def test_random_bytes_are_binary():
    import random

    noise = random.Random(7).randbytes(3000)
    with pytest.raises(webfold.BinaryInputError, match=r"binary \(application/octet-stream\)"):
        webfold.to_markdown(noise)


def test_a_pdf_is_binary_by_its_first_bytes():
    with pytest.raises(webfold.BinaryInputError, match=r"application/pdf"):
        webfold.to_markdown(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n")


@pytest.mark.parametrize("page", [b"BMW <p>cars</p>", b"ID3 tags <p>x</p>", b"MZ\n<p>x</p>",
                                  b"<p>a\x00b</p>", "<p>x</p>".encode("utf-16"),
                                  b"<p>Hello there</p>\x1a", b"<p>one\x0btwo\x0bthree</p>",
                                  b"<pre>" + b"N\x08NA\x08AM\x08ME\x08E " * 40 + b"</pre>"])
def test_text_that_looks_like_a_signature_is_not_binary(page):
    # A signature alone, or a control byte alone, does not make a page binary.
    assert webfold.to_markdown(page, selection=False).strip()
