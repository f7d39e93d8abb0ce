"""Main-content selection: which blocks of a page are its main content.

A two-stage gradient-boosting model trained on the WCXB development split (see
``training/README.md``). Stage 1 scores each block from its own features
(:class:`webfold.features.PageFeatures`); stage 2 scores it again with stage 1's
scores around it (:class:`webfold.features.ContextFeatures`). A page keeps the blocks
at or above the model's threshold, or above its own lower cut where that has a higher
expected F1 (:func:`choose`). The model ships in
``webfold/models/`` as ``selector.trees`` (evaluated by ``webfold._trees``, so neither
scikit-learn nor numpy is imported at run time) and ``selector.json`` (versions,
feature names, thresholds and floor, cross-validated scores).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat

from webfold._trees import Forest
from webfold.block import (CHROME_DIALOG, CHROME_HIDDEN, CHROME_INVISIBLE, CHROME_PANEL, Block, check_blocks,
                           words as words_of)
from webfold.build import dialogs_left_out, without_chrome
from webfold.errors import WebfoldError
from webfold.features import CONTEXT_NAMES, FEATURE_NAMES, ContextFeatures, PageFeatures, container_ids, matrix
from webfold.locks import ForkSafeLock

#: The shipped model's folder. A ``str`` joined with :mod:`os.path`: importing
#: :mod:`pathlib` would cost a command-line run about 3% of its instructions.
MODEL_DIR = os.path.join(os.path.dirname(__file__), "models")
#: Blocks whose rows are made at a time: a page's rows take 2.5 KB a block, so a page
#: of a million blocks would otherwise hold 2.5 GB of them.
SLICE = 2048
#: Pages of more blocks are kept whole, unselected: scoring costs about 15 µs a block
#: (README, "Main-content selection"), so a page of a million tiny blocks would take 15 s
#: and hold its blocks' features and records in memory. The longest WCXB dev page
#: has a few thousand blocks; a page of this many is a dump or an attack, not an article.
MAX_BLOCKS = 100_000
#: The largest model file read (the shipped trees take 588 KB): a bigger one is damaged,
#: or a sparse file that would fill the memory.
MAX_MODEL_BYTES = 64 * 1024 * 1024
#: A run of at least this many chosen blocks, holding at least COPY_WORDS words and a
#: heading, that repeats an earlier run of chosen blocks is a second copy of it (see
#: repeated_runs).
COPY_BLOCKS = 4
COPY_WORDS = 30
#: Earlier blocks of the same text that a block is matched against, the nearest ones:
#: with them, and each run judged once, a page of n blocks costs at most about
#: 8 · COPY_BLOCKS · n comparisons.
COPY_LOOKBACK = 8
_ANY_WORD = re.compile(r"\w")     # a text holds a word (webfold.block.words) if it holds this


def unseen(chrome: int) -> bool:
    """Whether a block of these chrome bits is one that readers do not see: hidden or
    of an unseen style, but not a closed panel that a click on the page shows
    (``CHROME_PANEL``), which is treated as the body of a closed ``<details>`` is."""
    return bool(chrome & CHROME_INVISIBLE or chrome & CHROME_HIDDEN and not chrome & CHROME_PANEL)


class ModelError(WebfoldError):
    """The shipped selector is missing, damaged, or made for other feature code."""


def _read_regular_file(path: str) -> bytes:
    """The bytes of the regular file at ``path``.

    Raises ``OSError`` if it cannot be read, is not a regular file, or is over
    :data:`MAX_MODEL_BYTES`. It is opened without blocking, so that a FIFO in its
    place is refused instead of waited on for ever (POSIX ``open``, ``O_NONBLOCK``).
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(f"{path} is not a regular file")
        if status.st_size > MAX_MODEL_BYTES:
            raise OSError(f"{path} has {status.st_size:,} bytes, over the {MAX_MODEL_BYTES:,} "
                          "that a model file may have")
        with open(descriptor, "rb", closefd=False) as handle:
            return handle.read()
    finally:
        os.close(descriptor)


class Selector:
    """The two stages and their thresholds, loaded from a model folder.

    Parameters
    ----------
    folder : str, bytes or os.PathLike
        Holds ``selector.json`` and ``selector.trees``.

    Raises
    ------
    TypeError
        ``folder`` is not a path.
    ModelError
        A file is missing or damaged, or the model's feature names are not the code's.
    """

    def __init__(self, folder: str | bytes | os.PathLike = MODEL_DIR) -> None:
        folder = os.fsdecode(folder) or "."     # named as a path in every message below
        try:
            meta = json.loads(_read_regular_file(os.path.join(folder, "selector.json")))
            data = _read_regular_file(os.path.join(folder, "selector.trees"))
        except (OSError, ValueError, RecursionError) as error:
            raise ModelError(f"cannot load the selector from {folder}: {error}") from None
        if not isinstance(meta, dict):
            raise ModelError(f"damaged selector.json in {folder}: not an object")
        for key, names in (("features", FEATURE_NAMES), ("context_features", CONTEXT_NAMES)):
            if meta.get(key) != names:
                theirs = meta.get(key) if isinstance(meta.get(key), list) else []
                first = next((i for i, (a, b) in enumerate(zip(theirs, names)) if a != b),
                             min(len(theirs), len(names)))
                raise ModelError(
                    f"the selector in {folder} was trained on other {key.replace('_', ' ')} "
                    f"({len(theirs)} names, the code has {len(names)}; they differ from #{first}): "
                    "retrain it with python -m training.train")
        try:
            stage1_size = int(meta["stage1_bytes"])
            if not 0 < stage1_size < len(data):
                raise ValueError(f"stage1_bytes {stage1_size} outside the {len(data)}-byte trees file")
            view = memoryview(data)         # each stage's part, not a copy of it
            self.stage1 = Forest(view[:stage1_size])
            self.stage2 = Forest(view[stage1_size:])
            self.threshold = float(meta["thresholds"]["default"])
            self.precision_threshold = float(meta["thresholds"]["precision"])
            self.floor = float(meta["thresholds"]["floor"])
        except (KeyError, TypeError, ValueError, OverflowError, MemoryError) as error:
            raise ModelError(f"damaged selector in {folder}: {error!r}") from None
        if (self.stage1.n_features, self.stage2.n_features) != (
                len(FEATURE_NAMES), len(FEATURE_NAMES) + len(CONTEXT_NAMES)):
            raise ModelError(f"damaged selector.trees in {folder}: its trees read "
                             f"{self.stage1.n_features} and {self.stage2.n_features} features")
        if not 0 < self.floor <= self.threshold <= self.precision_threshold <= 1:
            raise ModelError(f"damaged selector.json in {folder}: floor {self.floor} and "
                             f"thresholds {self.threshold} and {self.precision_threshold}")
        self.meta = meta

    def scores(self, blocks: list[Block]) -> list[float]:
        """The stage-2 probability that each block is main content (0 to 1)."""
        features = PageFeatures(blocks)
        slices = [(start, min(start + SLICE, len(blocks))) for start in range(0, len(blocks), SLICE)]
        # One matrix a slice: each row holds a block's features, then its context
        # (stage 1 reads the first columns of each row, stage 2 all of them).
        stride = len(FEATURE_NAMES) + len(CONTEXT_NAMES)
        x = matrix(min(len(blocks), SLICE), stride)
        first: list[float] = []
        for start, stop in slices:
            features.fill(start, stop, x, stride)
            first += self.stage1.matrix_probabilities(x, stop - start, stride)
        context = ContextFeatures(first, container_ids(blocks))
        scores: list[float] = []
        for start, stop in slices:
            if len(slices) > 1:     # a page of one slice still has its rows at hand
                features.fill(start, stop, x, stride)
            context.fill(start, stop, x, stride, len(FEATURE_NAMES))
            scores += self.stage2.matrix_probabilities(x, stop - start, stride)
        return scores


_LOADING = ForkSafeLock()
_SELECTOR: Selector | None = None


def selector() -> Selector:
    """The shipped selector, loaded once (thread-safe)."""
    global _SELECTOR
    if _SELECTOR is None:
        with _LOADING.lock:
            if _SELECTOR is None:
                _SELECTOR = Selector()
    return _SELECTOR


def main_heading(blocks: list[Block], visible: set[int] | None = None, dialogs: bool = True) -> int:
    """The index of the heading that names the page's content, or -1: of the ``<h1>``
    and ``<h2>`` headings that the drop rules keep, outside dialogs unless ``dialogs``
    is False (a hidden menu's heading names nothing, nor does a size guide's;
    ``visible``: the ``id`` of each block that the drop rules keep, when known), the one sharing
    most words with ``<title>`` (the first of equals), else the first ``<h1>``. It does
    not depend on the scores, so every threshold keeps the same one."""
    if visible is None:
        visible = {id(block) for block in without_chrome(blocks)}
    candidates = [i for i, block in enumerate(blocks) if block.kind == "heading" and block.level <= 2
                  and id(block) in visible and not (dialogs and block.chrome & CHROME_DIALOG)]
    if not candidates:
        return -1
    page = blocks[0].page
    title = set(words_of(page.title)) if page is not None and page.title else set()
    overlap = {i: len(title.intersection(words_of(blocks[i].text))) for i in candidates}
    best = max(candidates, key=lambda i: (overlap[i], -i))
    if overlap[best]:
        return best
    return next((i for i in candidates if blocks[i].level == 1), -1)


def page_threshold(scores: list[float], weights: list[float], floor: float) -> float:
    """The threshold whose choice of a page's blocks has the highest expected F1.

    Each score is taken as the probability that the block is main content, and each
    weight (its text characters) as its size. Keeping the k best-scored blocks is then
    expected to find ``sum(p·w)`` over them of the page's ``sum(p·w)`` over all blocks,
    in ``sum(w)`` kept; the expected F1 is taken as the ratio of those expectations,
    ``2 kept(p·w) / (all(p·w) + kept(w))``, and the threshold is the score of the k-th
    block for the best k (the decision-theoretic approach to F-measures: Jansche,
    2007; Nan et al., 2012, "Optimizing F-measures: a tale of two approaches").
    Blocks under ``floor`` count for nothing.

    Parameters
    ----------
    scores : list of float
        Each block's probability (0 to 1); below 0 for a block that may not be kept.
    weights : list of float
        Each block's size in characters of text.
    floor : float
        The lowest score that counts (0 to 1).

    Returns
    -------
    float
        The threshold: at least ``floor``, and ``math.inf`` when no score reaches it.
    """
    ranked = sorted(((score, weight) for score, weight in zip(scores, weights) if score >= floor),
                    reverse=True)
    if not ranked:
        return math.inf
    truth = sum(score * weight for score, weight in ranked)
    found = kept = 0.0
    best, threshold = -1.0, ranked[0][0]
    for score, weight in ranked:
        found += score * weight
        kept += weight
        value = found / (truth + kept) if kept else 0.0     # half the expected F1
        if value > best:
            best, threshold = value, score
    return threshold


def repeated_runs(texts: list[str], headings: list[bool], unseen: list[bool]) -> set[int]:
    """The positions of the blocks that repeat a section given earlier: the second
    copies, to be left out.

    A copy is a run of at least :data:`COPY_BLOCKS` consecutive blocks, holding at least
    :data:`COPY_WORDS` words (:func:`webfold.block.words`) and a heading, each with the
    same text as its counterpart in a run before it, and not directly under another
    heading. Such copies are a page's sections rendered twice, of which a reader sees
    one: a responsive layout's phone and desktop versions, a whole article repeated.
    Repeats without a heading, or under a heading of their own, are content more
    often than not: a chorus, the same specifications under two products' names, the
    same steps under "Linux" and "macOS". Of a copy and its original, the one left out
    is the later, unless only the original is unseen (hidden, see :func:`unseen`).
    Among the blocks that selection keeps on WCXB's dev pages, dropping these copies
    raises the cross-validated mean F1 by 0.0012 and lowers it on no page
    (``training/README.md``).

    Parameters
    ----------
    texts : list of str
        Each block's text, in page order. Blocks without words are neither copies nor
        break a run.
    headings, unseen : list of bool
        Whether each block is a heading, and whether readers do not see it.

    Returns
    -------
    set of int
        Positions into ``texts``: of each copy and its original, one.
    """
    # Texts are compared whole (their hashes are cached), and words are counted only
    # for a run found: a page without copies costs a dictionary lookup a block.
    places = [index for index, text in enumerate(texts) if _ANY_WORD.search(text)]
    earlier: dict[str, list[int]] = {}
    copies: set[int] = set()
    at = 0
    while at < len(places):
        text = texts[places[at]]
        longest = original = 0
        for start in earlier.get(text, ())[-COPY_LOOKBACK:]:
            length = 0
            while at + length < len(places) and start + length < at \
                    and texts[places[start + length]] == texts[places[at + length]]:
                length += 1
            if length > longest:
                longest, original = length, start
        if longest < COPY_BLOCKS:
            earlier.setdefault(text, []).append(at)
            at += 1
            continue
        run = places[at:at + longest]
        # Under a heading of its own, a repeated body is that heading's content (the
        # same steps under "## Linux" and "## macOS", each with its "### Install").
        if any(headings[index] for index in run) and not (at and headings[places[at - 1]]) \
                and sum(len(words_of(texts[index])) for index in run) >= COPY_WORDS:
            for index, first in zip(run, places[original:original + longest]):
                copies.add(first if unseen[first] and not unseen[index] else index)
        # A run is judged whole, and passed over whether it is a copy or not: its tail
        # is no copy where the whole is not, and is not read again block by block.
        for position in range(at, at + longest):
            earlier.setdefault(texts[places[position]], []).append(position)
        at += longest
    return copies


def _reaching(blocks: list[Block], scores: list[float], threshold: float, floor: float,
              precise: float | None) -> list[int]:
    """The indices of the blocks whose score reaches the page's cut (see :func:`choose`),
    or [] when none of them holds text."""
    cut = min(threshold, page_threshold(scores, [block.text_chars for block in blocks], floor))
    for limit in (cut,) if precise is None else (precise, cut):
        kept = [index for index, score in enumerate(scores) if score >= limit]
        if any(blocks[index].text_chars for index in kept):
            return kept
    return []


def choose(blocks: list[Block], scores: list[float], threshold: float, floor: float,
           precise: float | None = None, hidden: bool = False) -> list[Block]:
    """The blocks whose score reaches the page's cut, in page order, but for second
    copies of runs of them (:func:`repeated_runs`), with the content's main heading
    (:func:`main_heading`); unseen blocks only with ``hidden`` (see :func:`select_main`),
    and no block in a dialog (``CHROME_DIALOG``: a window over the page, which on WCXB
    dev holds main content for 1.3% of its words; ``tables.DIALOG_ROLES``) unless the
    page is shown whole in one (:func:`dialogs_left_out`) or no other block reaches
    the cut.

    The cut is ``threshold``, or lower where the page's own cut (:func:`page_threshold`
    with ``floor``) is lower: a page whose blocks the model is unsure of keeps its
    likeliest ones. It is never higher: the fixed threshold keeps the short blocks
    (a product's specification table) that a page of long, sure blocks would cut.
    With ``precise`` (a higher threshold), the blocks reaching it, and the page's cut
    only when none does. When none is left, the blocks the drop rules keep
    (:func:`webfold.build.without_chrome`: a page with text never comes out empty),
    without the dialogs left out where the rest holds text."""
    rules = without_chrome(blocks)
    visible = {id(block) for block in rules}
    dialogs = dialogs_left_out(blocks)
    allowed = [score if hidden or not unseen(block.chrome) or id(block) in visible else -1.0
               for block, score in zip(blocks, scores)]
    kept = []
    if dialogs:
        kept = _reaching(blocks, [-1.0 if block.chrome & CHROME_DIALOG else score
                                  for block, score in zip(blocks, allowed)], threshold, floor, precise)
    if not kept:
        # Nothing outside the dialogs is chosen: they are judged with the page (a page
        # shown in a dialog beside a footer of its own).
        kept = _reaching(blocks, allowed, threshold, floor, precise)
        if not kept:
            rest = [block for block in rules if not block.chrome & CHROME_DIALOG] if dialogs else rules
            return rest if any(block.text_chars for block in rest) else rules
        dialogs = False
    copies = {kept[position] for position in repeated_runs(
        [blocks[index].text for index in kept], [blocks[index].kind == "heading" for index in kept],
        [unseen(blocks[index].chrome) and id(blocks[index]) not in visible for index in kept])}
    chosen = set(kept) - copies
    heading = main_heading(blocks, visible, dialogs)
    if heading >= 0 and heading not in copies:     # a copy's heading: the original is kept
        chosen.add(heading)
    return [block for index, block in enumerate(blocks) if index in chosen]


def select_main(blocks: list[Block], *, precision: bool = False, hidden: bool = False) -> list[Block]:
    """The page's main-content blocks.

    Parameters
    ----------
    blocks : list of Block
        All blocks of one page, as ``webfold.to_blocks(html, chrome=True)`` returns
        them: the model was trained on these, page chrome included. The default
        output of :func:`webfold.to_blocks` (chrome removed) works too.
    precision : bool, default False
        Use the model's higher threshold: fewer, cleaner blocks.
    hidden : bool, default False
        Also return the chosen blocks that readers do not see until a script shows
        them (:func:`unseen`): hidden ones (``CHROME_HIDDEN``: deferred sections,
        stores that scripts move into place) and those of an unseen inline style that
        the drop rules remove. The model scores them either way (they are context for
        the others), but by default they are left out: hidden text is the usual
        carrier of prompt injections. A closed panel that a control on the page shows
        (``CHROME_PANEL``: tabs, accordions) may be returned either way, as the body
        of a closed ``<details>`` is.

    Returns
    -------
    list of Block
        A subset of ``blocks`` in page order (see :func:`choose`); those the drop
        rules keep (:func:`webfold.build.without_chrome`) when no block reaches the
        model's floor (or none but unseen ones), or when there are more than :data:`MAX_BLOCKS`.

    Raises
    ------
    TypeError
        ``blocks`` is not a list or tuple.
    ModelError
        The shipped model cannot be loaded (see :class:`Selector`).
    """
    check_blocks(blocks, "select_main")
    if not blocks:
        return []
    if len(blocks) > MAX_BLOCKS:
        return without_chrome(blocks)
    model = selector()
    return choose(blocks, model.scores(blocks), model.threshold, model.floor,
                  model.precision_threshold if precision else None, hidden)
