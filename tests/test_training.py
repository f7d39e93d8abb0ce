"""The training pipeline end to end on a few dev pages, in seconds (CI never retrains
the shipped model): labels, features, both stages, export, and the exported trees
agreeing with scikit-learn."""

from __future__ import annotations

import json

import pytest

from conftest import data_dir, require


def test_train_on_thirty_pages(tmp_path):
    pytest.importorskip("sklearn")
    joblib = pytest.importorskip("joblib")
    numpy = pytest.importorskip("numpy")
    from training.dataset import load
    from training.train import main
    from webfold.features import CONTEXT_NAMES, FEATURE_NAMES
    from webfold.select import Selector

    root = require(data_dir() / "wcxb")
    assert main(["--data", str(root), "--out", str(tmp_path), "--limit", "30",
                 "--iterations", "15", "--jobs", "1"]) == 0
    meta = json.loads((tmp_path / "selector.json").read_text())
    assert meta["features"] == FEATURE_NAMES and meta["context_features"] == CONTEXT_NAMES
    assert meta["data"]["pages"] == 30 and meta["data"]["split"] == "dev"
    assert 0.5 < meta["cross_validation"]["f1"] <= 1.0
    selector = Selector(tmp_path)
    models = joblib.load(tmp_path / "selector.joblib")
    pages = load(root, limit=3, jobs=1)
    for page in pages:
        ours = selector.stage1.probabilities(page.features.tolist())
        theirs = models["stage1"].predict_proba(page.features)[:, 1]
        assert numpy.abs(numpy.asarray(ours) - theirs).max() < 1e-6
        assert set(page.labels.tolist()) <= {0, 1} and len(page.labels) == len(page.features)
