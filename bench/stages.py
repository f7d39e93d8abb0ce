"""webfold's pipeline cut into its stages, each timed on the previous stage's output.

decode (bytes → UTF-8 bytes), scan (UTF-8 bytes → tokens, the Cython scanner), build
(tokens → blocks), select (blocks → main-content blocks: features and both model
stages), render (blocks → Markdown). Together they are what
:func:`webfold.to_markdown` does, minus its argument checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

#: The stages, in pipeline order.
STAGES = ("decode", "scan", "build", "select", "render")


def functions() -> dict[str, Callable[[Any], Any]]:
    """Stage name → the function that runs it on one page's stage input."""
    from webfold._scan import scan_bytes
    from webfold.build import Builder
    from webfold.decode import decode
    from webfold.render import render
    from webfold.select import select_main

    return {
        "decode": lambda raw: decode(raw).utf8,
        "scan": scan_bytes,
        "build": lambda tokens: Builder(tokens, None).run(),
        "select": select_main,
        "render": render,
    }


def inputs(raws: Sequence[bytes], last: str = STAGES[-1]) -> dict[str, list[Any]]:
    """Stage name → each page's input to that stage, made by running the stages once.

    Parameters
    ----------
    raws : sequence of bytes
        The pages as saved.
    last : str, default the last stage
        Make the inputs up to this stage's only (the stages after it are not run).
    """
    run = functions()
    given: dict[str, list[Any]] = {"decode": list(raws)}
    for stage, following in zip(STAGES[:STAGES.index(last)], STAGES[1:]):
        given[following] = [run[stage](value) for value in given[stage]]
    return given
