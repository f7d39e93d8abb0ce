"""Main-content selection: which blocks of a page are its main content.

A two-stage gradient-boosting model trained on the WCXB development split (see
``training/README.md``). Stage 1 scores each block from its own features
(:func:`webfold.features.page_features`); stage 2 scores it again with stage 1's
scores around it (:func:`webfold.features.context_features`). The model ships in
``webfold/models/`` as ``selector.trees`` (evaluated by ``webfold._trees``, so neither
scikit-learn nor numpy is imported at run time) and ``selector.json`` (versions,
feature names, thresholds, cross-validated scores).
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from webfold._trees import Forest
from webfold.block import Block
from webfold.errors import WebfoldError
from webfold.features import CONTEXT_NAMES, FEATURE_NAMES, context_features, page_features, parent_ids

MODEL_DIR = Path(__file__).parent / "models"


class ModelError(WebfoldError):
    """The shipped selector is missing, damaged, or made for other feature code."""


class Selector:
    """The two stages and their thresholds, loaded from a model folder.

    Parameters
    ----------
    folder : Path
        Holds ``selector.json`` and ``selector.trees``.

    Raises
    ------
    ModelError
        A file is missing or damaged, or the model's feature names are not the code's.
    """

    def __init__(self, folder: Path = MODEL_DIR) -> None:
        try:
            meta = json.loads((folder / "selector.json").read_text(encoding="utf-8"))
            data = (folder / "selector.trees").read_bytes()
        except (OSError, ValueError) as error:
            raise ModelError(f"cannot load the selector from {folder}: {error}") from None
        for key, names in (("features", FEATURE_NAMES), ("context_features", CONTEXT_NAMES)):
            if meta.get(key) != names:
                theirs = meta.get(key) or []
                first = next((i for i, (a, b) in enumerate(zip(theirs, names)) if a != b),
                             min(len(theirs), len(names)))
                raise ModelError(
                    f"the selector in {folder} was trained on other {key.replace('_', ' ')} "
                    f"({len(theirs)} names, the code has {len(names)}; they differ from #{first}): "
                    "retrain it with python -m training.train")
        stage1_size = meta["stage1_bytes"]
        try:
            self.stage1 = Forest(data[:stage1_size])
            self.stage2 = Forest(data[stage1_size:])
        except ValueError as error:
            raise ModelError(f"damaged selector.trees in {folder}: {error}") from None
        self.threshold = float(meta["thresholds"]["default"])
        self.precision_threshold = float(meta["thresholds"]["precision"])
        self.meta = meta

    def scores(self, blocks: list[Block]) -> list[float]:
        """The stage-2 probability that each block is main content (0 to 1)."""
        rows = page_features(blocks)
        first = self.stage1.probabilities(rows)
        context = context_features(first, parent_ids(blocks))
        return self.stage2.probabilities([row + extra for row, extra in zip(rows, context)])


_LOCK = threading.Lock()
_SELECTOR: Selector | None = None


def selector() -> Selector:
    """The shipped selector, loaded once (thread-safe)."""
    global _SELECTOR
    if _SELECTOR is None:
        with _LOCK:
            if _SELECTOR is None:
                _SELECTOR = Selector()
    return _SELECTOR


def choose(blocks: list[Block], scores: list[float], threshold: float) -> list[Block]:
    """The blocks whose score reaches ``threshold``, in page order, with the content's
    main heading; the whole page when none does (a page with text never comes out
    empty)."""
    kept = [index for index, score in enumerate(scores) if score >= threshold]
    if not kept or not any(blocks[index].text_chars for index in kept):
        return list(blocks)
    chosen = set(kept)
    # The heading that names the content: the page's first <h1> above the first kept
    # block, else (when no heading is kept) the nearest heading above it.
    if not any(blocks[index].kind == "heading" and blocks[index].level == 1 for index in kept):
        before = [i for i in range(kept[0]) if blocks[i].kind == "heading"]
        top = [i for i in before if blocks[i].level == 1]
        if top:
            chosen.add(top[0])
        elif before and not any(blocks[index].kind == "heading" for index in kept):
            chosen.add(before[-1])
    return [block for index, block in enumerate(blocks) if index in chosen]


def select_main(blocks: list[Block], *, precision: bool = False) -> list[Block]:
    """The page's main-content blocks.

    Parameters
    ----------
    blocks : list of Block
        All blocks of one page, as :func:`webfold.to_blocks` returns them.
    precision : bool, default False
        Use the model's higher threshold: fewer, cleaner blocks.

    Returns
    -------
    list of Block
        A subset of ``blocks`` in page order; all of them when no block reaches the
        threshold.

    Raises
    ------
    ModelError
        The shipped model cannot be loaded (see :class:`Selector`).
    """
    if not blocks:
        return []
    model = selector()
    threshold = model.precision_threshold if precision else model.threshold
    return choose(blocks, model.scores(blocks), threshold)
