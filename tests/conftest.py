"""Shared test helpers: where the shared data lives, and how its absence is handled.

Tests read the shared data from ``$WEBFOLD_DATA`` or else ``../shared/data`` beside the
repository. When it is absent they skip with the reason, except under CI (the ``CI``
environment variable set), where absent data is a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The shared data folder (it may not exist)."""
    return Path(os.environ.get("WEBFOLD_DATA") or REPO.parent / "shared" / "data")


def require(path: Path) -> Path:
    """``path`` if it exists; otherwise skip the test (fail it under CI)."""
    if not path.exists():
        message = f"shared data not found at {path} (set WEBFOLD_DATA to the data folder)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def require_browser() -> None:
    """Skip the test unless Playwright and Chromium are there (fail it under CI, where
    ``.ci/run`` installs them)."""
    from webfold.browser import available

    if not available():
        message = "no browser: Playwright and Chromium are needed (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


#: The most a time may grow when the input doubles, for work that should be linear:
#: linear gives about 2, quadratic 4; the room above 2 is for a noisy machine.
LINEAR_GROWTH = 3


def growth(run, small, large, rounds: int = 5) -> float:
    """How much longer ``run(large)`` takes than ``run(small)``: the best of ``rounds``
    timings each, taken in turn so that a busy machine slows both alike. For inputs
    twice as large, linear work gives about 2 and quadratic work 4. A ratio of
    :data:`LINEAR_GROWTH` or more is measured up to twice more and the lowest returned:
    a machine busy with other work has given 3.1 and 3.5 for linear work (CI, and a run
    beside a browser test), and 3.05 twice in a row (a full run beside a training job),
    while quadratic work stays high in every measurement."""
    ratio = _ratio(run, small, large, rounds)
    for _ in range(2):
        if ratio < LINEAR_GROWTH:
            break
        ratio = min(ratio, _ratio(run, small, large, rounds))
    return ratio


def relative_time(run, page, reference, rounds: int = 5) -> float:
    """How long ``run(page)`` takes as a share of ``run(reference)``, the best of
    ``rounds`` timings each, taken in turn so that a busy machine slows both alike: a
    bound on work per byte that asserts no time. A share of 1 or more is measured up
    to twice more and the lowest returned, as :func:`growth` does."""
    ratio = _ratio(run, reference, page, rounds)
    for _ in range(2):
        if ratio < 1:
            break
        ratio = min(ratio, _ratio(run, reference, page, rounds))
    return ratio


def _ratio(run, small, large, rounds: int) -> float:
    import gc
    import time

    best = {id(small): float("inf"), id(large): float("inf")}
    for _ in range(rounds):
        for value in (small, large):
            # As timeit does: the collector's pauses depend on what earlier tests
            # left alive, not on the code under test.
            gc.collect()
            gc.disable()
            try:
                started = time.perf_counter()
                run(value)
                best[id(value)] = min(best[id(value)], time.perf_counter() - started)
            finally:
                gc.enable()
    return best[id(large)] / best[id(small)]


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return require(data_dir() / "firecrawl-fixtures")


@pytest.fixture(scope="session")
def wcxb_dir() -> Path:
    return require(data_dir() / "wcxb" / "dev")
