"""Train the main-content selector: ``python -m training.train --data DIR --out webfold/models/``.

DIR is a WCXB checkout; only its dev split is read, and synthetic pages made of its
ground-truth paragraphs (training/synthetic.py) are added to it. Stage 1 is a gradient-boosting
classifier on each block's features; stage 2 adds stage 1's scores around the block,
computed out of fold so that no page sees a model trained on itself. Both are
validated by 5-fold cross-validation grouped by domain (no site is in two folds, and
each synthetic page is in the fold of the pages it was made of), and the thresholds
are chosen on the out-of-fold predictions of the dev pages. The final models are then
fitted on all of dev and written as ``selector.joblib`` (scikit-learn), ``selector.trees``
(what the runtime reads) and ``selector.json`` (versions, features, data, thresholds,
cross-validated scores).
"""

from __future__ import annotations

import argparse
import ast
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

from training import STAGE1
from training.dataset import SPLIT, PageRows, load
from training.export import forest_bytes
from training.synthetic import synthetic_pages
from webfold.block import CHROME_DIALOG, CHROME_HIDDEN
from webfold.features import CONTEXT_NAMES, FEATURE_NAMES, context_features
from webfold.build import leaves_dialogs_out
from webfold.select import page_threshold, repeated_runs, unseen

#: The shipped model's settings (chosen by cross-validation on dev), of both stages;
#: ``--set stage1.NAME=VALUE`` gives stage 1 a setting of its own (see
#: :func:`stage_parameters`). max_bins is scikit-learn's default, named so that
#: ``--set`` can change it.
PARAMETERS = dict(max_iter=300, learning_rate=0.08, max_leaf_nodes=31, min_samples_leaf=40,
                  l2_regularization=1.0, max_bins=255, early_stopping=False, random_state=0)
#: The most boosting iterations ``--set`` allows: cross-validating 300 takes about 20
#: minutes here, so this many would take about 11 hours.
MAX_ITERATIONS = 10_000
FOLDS = 5
THRESHOLDS = [round(t, 2) for t in np.arange(0.10, 0.91, 0.02)]
#: Floors tried for the per-page cut (webfold.select.choose): the lowest score that counts.
FLOORS = (0.02, 0.05, 0.1, 0.2)
#: F1 differences below this are ties: a tenth of the standard error of a mean page F1
#: over 1,489 pages (about 0.005).
TIE = 0.0005
#: Thresholds whose fixed-threshold F1 is within this of the best are tried with each
#: floor (on dev with r22, the thirteen from 0.18 to 0.42; the best pair, 0.42 with the
#: floor 0.02, is at the edge of them, so it is the best of the pairs tried).
NEAR_TOP = 0.005
#: Identity of the data the shipped model was trained on (from its README).
DATA = {"name": "WCXB development split", "commit": "c039d5ee9f5a", "licence": "CC-BY-4.0",
        "credit": "Murrough Foley, 2026"}


def stage_matrix(pages: list[PageRows]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stacked features, labels and per-row page indices."""
    features = np.vstack([page.features for page in pages])
    labels = np.concatenate([page.labels for page in pages])
    owner = np.concatenate([np.full(len(page.labels), i) for i, page in enumerate(pages)])
    return features, labels, owner


def page_folds(pages: list[PageRows]) -> np.ndarray:
    """(pages,) int: each page's fold of :data:`FOLDS` (fewer if there are fewer
    domains), scikit-learn's GroupKFold over the pages' blocks grouped by domain."""
    # GroupKFold reads only the number of rows and their groups, so the page index of
    # each block stands in for the feature matrix, which stage_matrix stacks once, later.
    owner = np.repeat(np.arange(len(pages)), [len(page.labels) for page in pages])
    domains = np.array([page.domain for page in pages])[owner]
    folds = np.zeros(len(pages), dtype=np.int64)
    splits = GroupKFold(n_splits=min(FOLDS, len(set(domains)))).split(owner, groups=domains)
    for fold, (_, held_out) in enumerate(splits):
        folds[owner[held_out]] = fold
    return folds


def with_context(pages: list[PageRows], scores: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """Stage-2 rows: each page's features and the context of its stage-1 scores."""
    rows = []
    for index, page in enumerate(pages):
        context = context_features(scores[owner == index].tolist(), page.containers.tolist())
        rows.append(np.hstack([page.features, np.asarray(context).reshape(len(page.labels), -1)]))
    return np.vstack(rows)


def stage_parameters(parameters: dict, stage: int) -> dict:
    """The keyword arguments of ``HistGradientBoostingClassifier`` for stage 1 or 2
    from ``parameters`` (:data:`PARAMETERS` and its kind): the settings of both stages,
    with stage 1's own (``stage1.NAME``) in their place for stage 1."""
    both = {name: value for name, value in parameters.items() if not name.startswith(STAGE1)}
    if stage == 1:
        both.update({name.removeprefix(STAGE1): value for name, value in parameters.items()
                     if name.startswith(STAGE1)})
    return both


def out_of_fold(x: np.ndarray, y: np.ndarray, folds, parameters: dict) -> np.ndarray:
    """Out-of-fold probabilities of a stage, over the given folds of rows, each fold's
    model made with ``parameters`` (of ``HistGradientBoostingClassifier``)."""
    predictions = np.zeros(len(y))
    for fitted, held_out in folds:
        model = HistGradientBoostingClassifier(**parameters).fit(x[fitted], y[fitted])
        predictions[held_out] = model.predict_proba(x[held_out])[:, 1]
    return predictions


#: Feature columns that the runtime's choice of blocks reads (webfold.select.choose).
_KEPT = FEATURE_NAMES.index("kept_by_rules")
_CHARS = FEATURE_NAMES.index("log_chars")
_HEADING = FEATURE_NAMES.index("kind_heading")
_LINK_DENSITY = FEATURE_NAMES.index("link_density")     # link characters / text characters


def _reaching(scores: np.ndarray, chars: np.ndarray, threshold: float, floor: float | None) -> np.ndarray:
    """The indices of the blocks at or above the page's cut (``webfold.select._reaching``,
    without ``--precision``)."""
    cut = threshold
    if floor is not None:
        cut = min(threshold, page_threshold(scores.tolist(), chars.tolist(), floor))
    return np.flatnonzero(scores >= cut)


def page_scores(pages: list[PageRows], probabilities: np.ndarray, owner: np.ndarray,
                threshold: float, hidden: bool = False, floor: float | None = None) -> np.ndarray:
    """(pages, 3) precision, recall and F1 of each page when blocks at or above the
    threshold are kept, as ``select_main(hidden=hidden)`` keeps them (unseen blocks
    left out unless the drop rules keep them, and blocks in dialogs as
    ``webfold.build.dialogs_left_out`` leaves them out, unless nothing else reaches
    the cut; the rules' blocks when nothing is left, without those dialogs where the
    rest holds text; second copies of runs of blocks dropped,
    ``webfold.select.repeated_runs``), on word multisets of the block texts against
    the ground truth (WCXB's metric). With ``floor``, each page is cut at the lower of the threshold and its own cut
    (``webfold.select.choose``)."""
    out = np.zeros((len(pages), 3))
    for index, page in enumerate(pages):
        scores = probabilities[owner == index]
        kept_by_rules = page.features[:, _KEPT] > 0
        seen = kept_by_rules | np.array([not unseen(int(bits)) for bits in page.chrome], dtype=bool)
        if not hidden:
            scores = np.where(seen, scores, -1.0)
        chars = np.expm1(page.features[:, _CHARS])          # log_chars is log1p(text characters)
        dialog = (page.chrome & CHROME_DIALOG) > 0
        # webfold.build.dialogs_left_out: text outside links and hidden elements
        counted = (page.chrome & CHROME_HIDDEN) == 0
        mine = chars * (1 - page.features[:, _LINK_DENSITY])
        left_out = dialog.any() and leaves_dialogs_out(mine[counted & dialog].sum(), mine[counted & ~dialog].sum())
        chosen = _reaching(np.where(dialog, -1.0, scores), chars, threshold, floor) if left_out else []
        if not len(chosen):     # nothing outside dialogs: they are judged with the page
            chosen = _reaching(scores, chars, threshold, floor)
        if len(chosen):
            copies = repeated_runs([page.texts[block] for block in chosen],
                                   list(page.features[chosen, _HEADING] > 0), list(~seen[chosen]))
            chosen = [block for position, block in enumerate(chosen) if position not in copies]
        else:
            rest = kept_by_rules & ~dialog if left_out else kept_by_rules
            chosen = np.flatnonzero(rest if chars[rest].sum() else kept_by_rules)
        got = Counter()
        for block in chosen:
            got.update(page.words[block])
        want = page.reference
        if not want or not got:
            out[index] = (1.0, 1.0, 1.0) if not want and not got else (0.0, 0.0, 0.0)
            continue
        overlap = sum((got & want).values())
        precision, recall = overlap / sum(got.values()), overlap / sum(want.values())
        out[index] = (precision, recall, 2 * precision * recall / (precision + recall) if overlap else 0.0)
    return out


def oracle(pages: list[PageRows], labels: np.ndarray, owner: np.ndarray) -> dict:
    """The label quality: the mean F1 over pages of an oracle that keeps exactly the
    positive blocks (``labels``, one per row of ``owner``), as the default output may
    hold them (``oracle_f1``) and with hidden ones (``oracle_f1_hidden``), and the
    former by page type (``oracle_per_type``)."""
    kept = page_scores(pages, labels.astype(float), owner, 0.5)[:, 2]
    hidden = page_scores(pages, labels.astype(float), owner, 0.5, True)[:, 2]
    return {"oracle_f1": round(float(kept.mean()), 4), "oracle_f1_hidden": round(float(hidden.mean()), 4),
            "oracle_per_type": {kind: round(float(kept[[p.page_type == kind for p in pages]].mean()), 4)
                                for kind in sorted({page.page_type for page in pages})}}


def _truth_recall(blocks: list[Counter], reference: Counter) -> float:
    """The share of the ground truth's words (a multiset) that ``blocks`` hold."""
    held = Counter()
    for block in blocks:
        held.update(block)
    return sum((held & reference).values()) / sum(reference.values())


def label_report(pages: list[PageRows]) -> dict:
    """Where the labels lose text, by page type (``per_type``): the pages, those whose
    ground truth is empty (only an empty output matches them), and, as means over the
    other pages, the share of the ground truth's words (multisets) that all blocks
    hold, hidden ones too (``truth_in_blocks``), and that the positive blocks hold
    (``truth_in_positive_blocks``); the gap between the two is text in blocks whose
    majority is not content (None where every ground truth of the type is empty). Also
    the pages with blocks in dialogs (``webfold.block.CHROME_DIALOG``), those blocks'
    words, and the words of those among them labelled content."""

    def mean(shares: list[float]) -> float | None:
        """None (JSON's null) for a type whose every ground truth is empty."""
        return round(float(np.mean(shares)), 4) if shares else None

    per_type = {}
    for kind in sorted({page.page_type for page in pages}):
        mine = [page for page in pages if page.page_type == kind]
        full = [page for page in mine if page.reference]
        per_type[kind] = {
            "pages": len(mine), "empty_truth": len(mine) - len(full),
            "truth_in_blocks": mean([_truth_recall(p.words, p.reference) for p in full]),
            "truth_in_positive_blocks": mean(
                [_truth_recall([w for w, label in zip(p.words, p.labels) if label], p.reference) for p in full])}
    dialog = [(sum(words.values()), label) for page in pages
              for words, label, bits in zip(page.words, page.labels, page.chrome) if bits & CHROME_DIALOG]
    return {"per_type": per_type, "dialog_pages": sum(bool((page.chrome & CHROME_DIALOG).any()) for page in pages),
            "dialog_words": sum(count for count, _ in dialog),
            "dialog_words_positive": sum(count for count, label in dialog if label)}


def precision_threshold(curve: dict[float, tuple[float, float]], default: float) -> float:
    """The ``--precision`` threshold: of the thresholds of ``curve`` (each mapped to the
    mean page precision and recall it gives) at or above ``default``, the lowest whose
    F0.5 (which weighs precision twice recall; van Rijsbergen, 1979) is within
    :data:`TIE` of the best. The top of the curve is flat, and of thresholds the data
    cannot tell apart, the one that loses least text (as the default is chosen).

    Raises
    ------
    ValueError
        No threshold of ``curve`` is at or above ``default``.
    """
    f_half = {t: 1.25 * p * r / (0.25 * p + r) if p + r else 0.0 for t, (p, r) in curve.items() if t >= default}
    if not f_half:
        raise ValueError(f"no threshold at or above {default}")
    best = max(f_half.values())
    return min(t for t, f in f_half.items() if f >= best - TIE)


def model_parameters(settings: list[str]) -> dict:
    """:data:`PARAMETERS` with ``settings`` ("NAME=VALUE", the value a Python literal)
    applied, each stage's checked by scikit-learn on a fit of one iteration to 40 rows.
    A NAME of both stages sets it for both (stage 1's own setting of it goes); a
    ``stage1.NAME`` sets it for stage 1 alone, whichever comes first.

    Raises
    ------
    ValueError
        A setting is not NAME=VALUE with NAME a setting of both stages or such a name
        after ``stage1.``, or its value is not a literal or not one that scikit-learn
        accepts.
    """
    parameters = dict(PARAMETERS)
    names = [name for name in PARAMETERS if not name.startswith(STAGE1)]
    given: set[str] = set()
    for setting in sorted(settings, key=lambda setting: setting.startswith(STAGE1)):
        name, _, value = setting.partition("=")
        if name.removeprefix(STAGE1) not in names:
            raise ValueError(f"takes NAME=VALUE with NAME one of {', '.join(names)}, or one of them after "
                             f"{STAGE1} (stage 1 alone), not {setting[:80]!r}")
        if not value:
            raise ValueError(f"{name}: no value given (NAME=VALUE)")
        if name in given:
            raise ValueError(f"{name} given twice")
        given.add(name)
        try:
            parameters[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise ValueError(f"{name}: {value[:80]!r} is not a Python literal (a number, True, False, None "
                             "or a quoted string)") from None
        parameters.pop(STAGE1 + name, None)     # (the settings of stage 1 alone come last)
    # Stage 2's are the settings of both stages, so a fault found in stage 1's alone
    # is in its own settings.
    for stage, prefix, own in ((2, "", ""), (1, STAGE1, "stage 1's own settings: ")):
        checked = stage_parameters(parameters, stage)
        iterations = checked["max_iter"]
        # The check fits one iteration, so the iteration count is checked here.
        if type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"{prefix}max_iter: {str(iterations)[:80]} is not a whole number from 1 to "
                             f"{MAX_ITERATIONS:,}")
        try:
            # 40 rows: enough for the validation split of early_stopping=True
            HistGradientBoostingClassifier(**{**checked, "max_iter": 1}).fit(
                [[float(row)] for row in range(40)], [row % 2 for row in range(40)])
        except (ValueError, TypeError) as error:       # scikit-learn's InvalidParameterError is both
            raise ValueError(own + str(error).splitlines()[0]) from None
    return parameters


def _positive(value: str) -> int:
    """An argparse type: a whole number of at least 1."""
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a whole number of at least 1")
    return number


def main(argv: list[str] | None = None) -> int:
    """Train, validate, export; print the cross-validated scores. Returns 0 (argparse
    exits with 2 on a usage error)."""
    parser = argparse.ArgumentParser(prog="python -m training.train", description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="a WCXB checkout (its dev split is read)")
    parser.add_argument("--out", type=Path, help="the model folder to write (not with --cv-only or --oracle)")
    parser.add_argument("--limit", type=_positive, help="use only the first N dev pages in name order (for tests: "
                                                  "a few page types only)")
    parser.add_argument("--jobs", type=_positive, default=2, help="worker processes for reading pages (default 2)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="change a model setting of both stages, e.g. max_leaf_nodes=15, or of stage "
                             f"1 alone, e.g. {STAGE1}max_iter=50 (repeatable; the shipped settings: "
                             f"{PARAMETERS})")
    parser.add_argument("--cv-only", action="store_true",
                        help="cross-validate and print the scores and settings, without fitting or "
                             "writing a model")
    parser.add_argument("--oracle", action="store_true",
                        help="print the label quality (the F1 of an oracle that keeps exactly the "
                             "positive blocks, overall and by page type, and by type the pages with "
                             "an empty ground truth and the share of its words that the blocks and "
                             "the positive blocks hold) as JSON, without training")
    parser.add_argument("--no-synthetic", action="store_true",
                        help="train on the dev pages alone, without the synthetic pages made of their "
                             "ground truths (training/synthetic.py)")
    parser.add_argument("--per-page", type=Path, metavar="FILE",
                        help="write each page's cross-validated precision, recall and F1, and its "
                             "blocks' out-of-fold stage-2 scores and labels (in the order of "
                             "webfold.to_blocks(html, url, chrome=True)), as JSON (compare two runs "
                             "with python -m training.paired)")
    args = parser.parse_args(argv)
    # Each mistake is said now, not after the twenty minutes of cross-validation.
    if args.oracle:
        given = [name for name, value in (("--out", args.out), ("--cv-only", args.cv_only),
                                          ("--per-page", args.per_page), ("--set", args.set),
                                          ("--no-synthetic", args.no_synthetic)) if value]
        if given:
            parser.error(f"--oracle trains nothing: not with {', '.join(given)}")
    elif args.out is None and not args.cv_only:
        parser.error("--out is required, unless --cv-only or --oracle")
    try:
        parameters = model_parameters(args.set)
    except ValueError as error:
        parser.error(f"--set: {error}")
    if args.per_page:
        try:
            # opened for appending: a file already there is left as it is until the run ends
            with open(args.per_page, "a", encoding="utf-8"):
                pass
        except OSError as error:
            parser.error(f"--per-page: {error}")
    if args.out is not None and not args.cv_only:
        try:
            args.out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            parser.error(f"--out: {error}")
    started = time.perf_counter()
    pages = load(args.data, args.limit, args.jobs)
    print(f"{len(pages)} pages, {sum(len(p.labels) for p in pages)} blocks read in "
          f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.oracle:
        _, labels, owner = stage_matrix(pages)
        print(json.dumps({**oracle(pages, labels, owner), "labels": label_report(pages)}, indent=1))
        return 0
    fold_of_page = page_folds(pages)
    extra = [] if args.no_synthetic else synthetic_pages(pages, fold_of_page.tolist())
    everything = pages + [page for page, _ in extra]
    if extra:
        print(f"{len(extra)} synthetic pages, {sum(len(page.labels) for page, _ in extra)} blocks added",
              file=sys.stderr)
    x1, y, owner = stage_matrix(everything)
    fold_of_row = np.concatenate([fold_of_page, np.array([fold for _, fold in extra], dtype=np.int64)])[owner]
    folds = [(np.flatnonzero(fold_of_row != fold), np.flatnonzero(fold_of_row == fold))
             for fold in range(fold_of_page.max() + 1)]
    first = out_of_fold(x1, y, folds, stage_parameters(parameters, 1))
    x2 = with_context(everything, first, owner)
    # Scores, thresholds and labels from here on are of the dev pages (the first rows).
    dev = len(owner) - sum(len(page.labels) for page, _ in extra)
    second, dev_owner, dev_labels = out_of_fold(x2, y, folds, stage_parameters(parameters, 2))[:dev], owner[:dev], y[:dev]

    table = {t: page_scores(pages, second, dev_owner, t).mean(axis=0) for t in THRESHOLDS}
    # The threshold and the floor are chosen together, on the selection as the runtime
    # makes it (each page cut at the lower of the threshold and its own cut): of the
    # pairs within TIE of the best, the lowest threshold, then the lowest floor. The
    # top of the curve is flat, and of settings the data cannot tell apart, the one
    # that loses least text. Each pair reads every page (about 2 s), so only the
    # thresholds near the top of the fixed-threshold curve are tried.
    top = max(table[t][2] for t in THRESHOLDS)
    pairs = {(t, f): page_scores(pages, second, dev_owner, t, floor=f).mean(axis=0)[2]
             for t in THRESHOLDS if table[t][2] >= top - NEAR_TOP for f in FLOORS}
    default, floor = min(pair for pair, f1 in pairs.items() if f1 >= max(pairs.values()) - TIE)
    precise = precision_threshold({t: tuple(table[t][:2]) for t in THRESHOLDS}, default)
    by_page = page_scores(pages, second, dev_owner, default, floor=floor)
    types = sorted({page.page_type for page in pages})
    cv = {"folds": len(folds), "grouped_by": "domain", "threshold": default, "floor": floor,
          "fixed_threshold_f1": round(float(table[default][2]), 4),
          "precision": round(float(by_page[:, 0].mean()), 4), "recall": round(float(by_page[:, 1].mean()), 4),
          "f1": round(float(by_page[:, 2].mean()), 4),
          "precision_threshold": {"threshold": precise, **{k: round(float(v), 4) for k, v in
                                  zip(("precision", "recall", "f1"), table[precise])}},
          "per_type": {kind: round(float(by_page[[p.page_type == kind for p in pages], 2].mean()), 4)
                       for kind in types},
          "hidden": {k: round(float(v), 4) for k, v in
                     zip(("precision", "recall", "f1"), page_scores(pages, second, dev_owner, default, True, floor).mean(axis=0))},
          "scorer": "word multisets of the kept blocks' text (training/train.py page_scores)",
          **oracle(pages, dev_labels, dev_owner)}

    if args.per_page:
        args.per_page.write_text(json.dumps(
            {"parameters": parameters, "threshold": default, "floor": floor,
             "pages": [{"page": page.page, "domain": page.domain, "type": page.page_type,
                        "precision": round(float(p), 6), "recall": round(float(r), 6), "f1": round(float(f), 6),
                        # each block's out-of-fold stage-2 score and label, for reading the errors
                        "scores": np.round(second[dev_owner == index], 4).tolist(),
                        "labels": page.labels.tolist()}
                       for index, (page, (p, r, f)) in enumerate(zip(pages, by_page))]}) + "\n", encoding="utf-8")
    if args.cv_only:
        print(json.dumps({"parameters": parameters, **cv}, indent=1))
        print(f"cross-validated in {time.perf_counter() - started:.0f} s; no model written", file=sys.stderr)
        return 0
    stage1 = HistGradientBoostingClassifier(**stage_parameters(parameters, 1)).fit(x1, y)
    stage2 = HistGradientBoostingClassifier(**stage_parameters(parameters, 2)).fit(x2, y)
    joblib.dump({"stage1": stage1, "stage2": stage2}, args.out / "selector.joblib", compress=3)
    first_bytes, second_bytes = forest_bytes(stage1), forest_bytes(stage2)
    (args.out / "selector.trees").write_bytes(first_bytes + second_bytes)
    meta = {"version": 1, "features": FEATURE_NAMES, "context_features": CONTEXT_NAMES,
            "stage1_bytes": len(first_bytes),
            "versions": {"scikit-learn": sklearn.__version__, "joblib": joblib.__version__,
                         "numpy": np.__version__},
            "parameters": parameters,
            "data": {**DATA, "split": SPLIT, "pages": len(pages), "blocks": dev,
                     "positive_blocks": int(dev_labels.sum()),
                     "synthetic_pages": len(extra), "synthetic_blocks": int(len(y) - dev)},
            "thresholds": {"default": default, "precision": precise, "floor": floor,
                           # mean page precision, recall and F1 at every threshold tried
                           "curve": {str(t): [round(float(v), 4) for v in table[t]] for t in THRESHOLDS},
                           # mean page F1 with the per-page cut, at each threshold and floor tried
                           "cut_curve": {str(t): {str(f): round(float(pairs[t, f]), 4) for f in FLOORS}
                                         for t in THRESHOLDS if (t, FLOORS[0]) in pairs}},
            "cross_validation": cv}
    (args.out / "selector.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(cv, indent=1))
    print(f"trained in {time.perf_counter() - started:.0f} s; model written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
