"""Timing: per-page medians over repeated corpus passes, and threaded wall times.

Every clock reading is :func:`time.perf_counter`. The garbage collector stays on, as it
is in real use.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

#: Passes over a corpus (after the sanity pass, which warms up) in ``bench.compare``.
REPEAT = 5


@dataclass(frozen=True, slots=True)
class Timing:
    """Per-page times of one function over one corpus.

    Attributes
    ----------
    per_page : list of float
        Each page's median time over the passes, in seconds.
    """

    per_page: list[float]

    @property
    def median(self) -> float:
        """The median of the per-page medians, in seconds."""
        return statistics.median(self.per_page)

    @property
    def total(self) -> float:
        """The corpus total: the sum of the per-page medians, in seconds."""
        return sum(self.per_page)


def convert_all(function: Callable[[Any], Any], inputs: Sequence[Any]) -> None:
    """Call ``function`` on every input, in order (one corpus pass, untimed)."""
    for given in inputs:
        function(given)


def corpus_pass(function: Callable[[Any], Any], inputs: Sequence[Any]) -> list[float]:
    """One corpus pass: the seconds ``function`` takes on each input, in order."""
    clock = time.perf_counter
    seconds = []
    for given in inputs:
        start = clock()
        function(given)
        seconds.append(clock() - start)
    return seconds


def time_pages(function: Callable[[Any], Any], inputs: Sequence[Any], repeat: int = REPEAT) -> Timing:
    """Time ``function`` on every input, ``repeat`` whole passes over the corpus (pages
    interleaved, not one page hammered), keeping each page's median.

    Parameters
    ----------
    function : callable
        Takes one input; its result is discarded.
    inputs : sequence
        The corpus, one input per page.
    repeat : int, default :data:`REPEAT`

    Returns
    -------
    Timing
    """
    passes = [corpus_pass(function, inputs) for _ in range(repeat)]
    return Timing([statistics.median(page) for page in zip(*passes)])


def threaded_pass(function: Callable[[Any], Any], inputs: Sequence[Any], workers: int) -> None:
    """Call ``function`` on every input from a pool of ``workers`` threads."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for _ in pool.map(function, inputs):
            pass


def thread_wall(function: Callable[[Any], Any], inputs: Sequence[Any], workers: int,
                repeat: int = REPEAT) -> float:
    """The median wall time, in seconds, of :func:`threaded_pass` over ``repeat`` runs."""
    clock = time.perf_counter
    walls = []
    for _ in range(repeat):
        start = clock()
        threaded_pass(function, inputs, workers)
        walls.append(clock() - start)
    return statistics.median(walls)
