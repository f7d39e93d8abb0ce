"""Train the main-content selector: ``python -m training.train --data DIR --out webfold/models/``.

DIR is a WCXB checkout; only its dev split is read. Stage 1 is a gradient-boosting
classifier on each block's features; stage 2 adds stage 1's scores around the block,
computed out of fold so that no page sees a model trained on itself. Both are
validated by 5-fold cross-validation grouped by domain (no site is in two folds), and
the decision's floor (the lowest score a page may keep) is chosen on the out-of-fold
predictions. The final models are then
fitted on all of dev and written as ``selector.joblib`` (scikit-learn), ``selector.trees``
(what the runtime reads) and ``selector.json`` (versions, features, data, the decision,
cross-validated scores).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import joblib
import numpy as np
import sklearn
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import GroupKFold

from training.dataset import SPLIT, PageRows, load
from training.export import forest_bytes
from webfold.block import CHROME_HIDDEN, CHROME_INVISIBLE
from webfold.features import CONTEXT_NAMES, FEATURE_NAMES, KINDS, context_features
from webfold.select import DEFAULT_BETA, PRECISION_BETA, decide

#: The shipped model's settings (chosen by cross-validation on dev).
PARAMETERS = dict(max_iter=300, learning_rate=0.08, max_leaf_nodes=31, min_samples_leaf=40,
                  l2_regularization=1.0, early_stopping=False, random_state=0)
FOLDS = 5
#: The floors tried (see webfold.select.page_threshold).
FLOORS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3)
#: F1 differences below this are ties: a tenth of the standard error of a mean page F1
#: over 1,489 pages (about 0.005).
TIE = 0.0005
#: Identity of the data the shipped model was trained on (from its README).
DATA = {"name": "WCXB development split", "commit": "c039d5ee9f5a", "licence": "CC-BY-4.0",
        "credit": "Murrough Foley, 2026"}


def stage_matrix(pages: list[PageRows]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stacked features, labels and per-row page indices."""
    features = np.vstack([page.features for page in pages])
    labels = np.concatenate([page.labels for page in pages])
    owner = np.concatenate([np.full(len(page.labels), i) for i, page in enumerate(pages)])
    return features, labels, owner


def sample_weights(pages: list[PageRows]) -> np.ndarray:
    """Each row's weight in training, shaped like the metric: mean word F1 over pages
    weighs every page the same, and within a page the words. So each page's rows sum
    to the same, shared by its blocks by their words plus one (a block without words
    still counts). The mean weight is 1. (Cross-validated on dev at 100 iterations:
    F1 0.8612 against 0.8584 unweighted, and 0.8601 for pages weighted alone.)"""
    shares = []
    for page in pages:
        sizes = np.array([sum(words.values()) + 1.0 for words in page.words])
        shares.append(sizes / sizes.sum())
    weights = np.concatenate(shares)
    return weights * (len(weights) / weights.sum())


def with_context(pages: list[PageRows], scores: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """Stage-2 rows: each page's features and the context of its stage-1 scores."""
    rows = []
    for index, page in enumerate(pages):
        context = context_features(scores[owner == index].tolist(), page.containers.tolist())
        rows.append(np.hstack([page.features, np.asarray(context).reshape(len(page.labels), -1)]))
    return np.vstack(rows)


def fit(x: np.ndarray, y: np.ndarray, weights: np.ndarray) -> HistGradientBoostingClassifier:
    """One stage's model, fitted with the shipped settings."""
    return HistGradientBoostingClassifier(**PARAMETERS).fit(x, y, sample_weight=weights)


def out_of_fold(x: np.ndarray, y: np.ndarray, weights: np.ndarray, folds) -> np.ndarray:
    """Out-of-fold probabilities of a stage, over the given folds of rows."""
    predictions = np.zeros(len(y))
    for train, test in folds:
        predictions[test] = fit(x[train], y[train], weights[train]).predict_proba(x[test])[:, 1]
    return predictions


#: Feature columns that say what the runtime may output (webfold.select.select_main).
_KEPT = FEATURE_NAMES.index("kept_by_rules")
_UNSEEN = [FEATURE_NAMES.index(f"chrome_{bit}") for bit in (CHROME_HIDDEN, CHROME_INVISIBLE)]
#: The one-hot columns of the block kind (a run of siblings is of one kind: decide).
_KINDS = [FEATURE_NAMES.index(f"kind_{kind}") for kind in KINDS]


def page_scores(pages: list[PageRows], probabilities: np.ndarray, owner: np.ndarray,
                floor: float, precision: bool = False, hidden: bool = False) -> np.ndarray:
    """(pages, 3) precision, recall and F1 of each page when its blocks are kept as
    ``select_main(precision=precision, hidden=hidden)`` keeps them with the given
    floor (each page cut at its own threshold, webfold.select.decide; unseen
    blocks left out unless the drop rules keep them; the rules' blocks when nothing
    is left), on word multisets of the block texts against the ground truth (WCXB's
    metric)."""
    out = np.zeros((len(pages), 3))
    for index, page in enumerate(pages):
        scores = probabilities[owner == index]
        kept_by_rules = page.features[:, _KEPT] > 0
        if not hidden:
            scores = np.where(kept_by_rules | ~(page.features[:, _UNSEEN] > 0).any(axis=1), scores, 0.0)
        groups = list(zip(page.containers[:, 0].tolist(), page.features[:, _KINDS].argmax(axis=1).tolist()))
        keep = np.array(decide(scores.tolist(), page.chars, groups, floor, precision))
        if not any(chars for chars, kept in zip(page.chars, keep) if kept):
            keep = kept_by_rules
        got = Counter()
        for block_words, kept in zip(page.words, keep):
            if kept:
                got.update(block_words)
        want = page.reference
        if not want or not got:
            out[index] = (1.0, 1.0, 1.0) if not want and not got else (0.0, 0.0, 0.0)
            continue
        overlap = sum((got & want).values())
        p, r = overlap / sum(got.values()), overlap / sum(want.values())
        out[index] = (p, r, 2 * p * r / (p + r) if overlap else 0.0)
    return out


def main(argv: list[str] | None = None) -> int:
    """Train, validate, export; print the cross-validated scores. Returns 0."""
    parser = argparse.ArgumentParser(prog="python -m training.train", description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="a WCXB checkout (its dev split is read)")
    parser.add_argument("--out", type=Path, required=True, help="the model folder to write")
    parser.add_argument("--limit", type=int, help="use only the first N dev pages (for tests)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for reading pages")
    parser.add_argument("--iterations", type=int, default=PARAMETERS["max_iter"],
                        help=f"boosting iterations per stage (default {PARAMETERS['max_iter']}; "
                             "fewer only for quick tests)")
    args = parser.parse_args(argv)
    PARAMETERS["max_iter"] = args.iterations
    started = time.perf_counter()
    pages = load(args.data, args.limit, args.jobs)
    print(f"{len(pages)} pages, {sum(len(p.labels) for p in pages)} blocks read in "
          f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    x1, y, owner = stage_matrix(pages)
    weights = sample_weights(pages)
    domains = np.array([page.domain for page in pages])[owner]
    folds = list(GroupKFold(n_splits=min(FOLDS, len(set(domains)))).split(x1, y, domains))
    first = out_of_fold(x1, y, weights, folds)
    x2 = with_context(pages, first, owner)
    second = out_of_fold(x2, y, weights, folds)

    table = {f: page_scores(pages, second, owner, f).mean(axis=0) for f in FLOORS}
    # The lowest floor whose F1 is within TIE of the best: of floors the data cannot
    # tell apart, the one that loses least text.
    best = max(table[f][2] for f in FLOORS)
    floor = min(f for f in FLOORS if table[f][2] >= best - TIE)
    by_page = page_scores(pages, second, owner, floor)
    types = sorted({page.page_type for page in pages})

    def rounded(scores: np.ndarray) -> dict[str, float]:
        return {k: round(float(v), 4) for k, v in zip(("precision", "recall", "f1"), scores)}

    # The oracle (the label quality) keeps exactly the positive blocks: scores of 0 or 1.
    oracle = y.astype(float)
    cv = {"folds": len(folds), "grouped_by": "domain", "floor": floor, **rounded(by_page.mean(axis=0)),
          "precision_choice": rounded(page_scores(pages, second, owner, floor, precision=True).mean(axis=0)),
          "per_type": {kind: round(float(by_page[[p.page_type == kind for p in pages], 2].mean()), 4)
                       for kind in types},
          "hidden": rounded(page_scores(pages, second, owner, floor, hidden=True).mean(axis=0)),
          "scorer": "word multisets of the kept blocks' text (training/train.py page_scores)",
          "oracle_f1": round(float(page_scores(pages, oracle, owner, 0.5).mean(axis=0)[2]), 4),
          "oracle_f1_hidden": round(float(page_scores(pages, oracle, owner, 0.5, hidden=True).mean(axis=0)[2]), 4)}

    stage1, stage2 = fit(x1, y, weights), fit(x2, y, weights)
    args.out.mkdir(parents=True, exist_ok=True)
    joblib.dump({"stage1": stage1, "stage2": stage2}, args.out / "selector.joblib", compress=3)
    first_bytes, second_bytes = forest_bytes(stage1), forest_bytes(stage2)
    (args.out / "selector.trees").write_bytes(first_bytes + second_bytes)
    meta = {"version": 1, "features": FEATURE_NAMES, "context_features": CONTEXT_NAMES,
            "stage1_bytes": len(first_bytes),
            "versions": {"scikit-learn": sklearn.__version__, "joblib": joblib.__version__,
                         "numpy": np.__version__},
            "parameters": PARAMETERS,
            "sample_weight": "each page the same, shared by its blocks by words + 1 (sample_weights)",
            "data": {**DATA, "split": SPLIT, "pages": len(pages), "blocks": int(len(y)),
                     "positive_blocks": int(y.sum())},
            "decision": {"rule": "per page, the threshold of the highest expected F-beta "
                                 "(webfold.select.page_threshold)",
                         "beta": {"default": DEFAULT_BETA, "precision": PRECISION_BETA}, "floor": floor,
                         # mean page precision, recall and F1 at every floor tried
                         "curve": {str(f): [round(float(v), 4) for v in table[f]] for f in FLOORS}},
            "cross_validation": cv}
    (args.out / "selector.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(cv, indent=1))
    print(f"trained in {time.perf_counter() - started:.0f} s; model written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
