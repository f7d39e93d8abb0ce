"""Fixtures for the pytest-benchmark suite (``python -m pytest bench/ --benchmark-only``).

Missing data skips a benchmark, or fails it when ``$CI`` is set. A tool is timed only
after it passes the sanity check of :mod:`bench.peers` on the corpus; a peer that fails
it, or is not installed, is skipped with the reason (``-rs`` shows it), and webfold
failing it is a test failure.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bench import corpus, peers

#: Timed rounds per benchmark; the sanity pass before them is the warm-up.
ROUNDS = 3

_NOTES: list[str] = []


def note(line: str) -> None:
    """Add a line to the "bench notes" section printed after the benchmark tables."""
    _NOTES.append(line)


def pytest_terminal_summary(terminalreporter) -> None:
    """Print the notes: sanity-check outcomes and memory figures."""
    if _NOTES:
        terminalreporter.section("bench notes")
        for line in _NOTES:
            terminalreporter.write_line(line)


def unavailable(reason: str) -> None:
    """Skip the test for missing data, or fail it when ``$CI`` is set."""
    if corpus.strict():
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def pages() -> Callable[[str], tuple[corpus.Page, ...]]:
    """``pages(name)``: the corpus's pages, or skip (fail in CI) when the data is absent."""
    def load(name: str) -> tuple[corpus.Page, ...]:
        try:
            return corpus.load(name)
        except corpus.DataMissing as error:
            unavailable(str(error))
            raise   # not reached: skip and fail raise

    return load


@pytest.fixture(scope="session")
def sane(pages) -> Callable[[str, str], peers.Convert]:
    """``sane(tool, corpus)``: the tool's converter once it has passed the sanity check
    on the corpus (checked once per session), else skip, or fail for webfold."""
    verdicts: dict[tuple[str, str], tuple[peers.Convert | None, str]] = {}

    def converter(tool_name: str, corpus_name: str) -> peers.Convert:
        key = (tool_name, corpus_name)
        if key not in verdicts:
            verdicts[key] = peers.vet(peers.tool(tool_name), pages(corpus_name))
            note(f"sanity, {tool_name} on {corpus_name}: {verdicts[key][1]}")
        convert, summary = verdicts[key]
        if convert is None and tool_name == "webfold":
            pytest.fail(f"{tool_name} on {corpus_name}: {summary}")
        if convert is None:
            pytest.skip(f"{tool_name} on {corpus_name}: {summary}")
        return convert

    return converter

