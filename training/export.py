"""Writing fitted scikit-learn gradient-boosting classifiers in the format that
``webfold._trees.Forest`` reads (see that module for the layout)."""

from __future__ import annotations

import struct

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier

MAGIC = b"WFTREES1"
NODE = struct.Struct("<iIIBBxxdd")


def forest_bytes(model: HistGradientBoostingClassifier) -> bytes:
    """The fitted binary classifier's trees, serialized.

    Raises
    ------
    ValueError
        The model is not a fitted binary classifier on numeric features.
    """
    if len(model.classes_) != 2:
        raise ValueError("only binary classifiers are exported")
    predictors = [trees[0] for trees in model._predictors]      # one tree per iteration
    out = [MAGIC, struct.pack("<I", model.n_features_in_),
           struct.pack("<d", float(np.ravel(model._baseline_prediction)[0])),
           struct.pack("<I", len(predictors))]
    for predictor in predictors:
        nodes = predictor.nodes
        if np.any(nodes["is_categorical"]):
            raise ValueError("categorical splits are not exported")
        out.append(struct.pack("<I", len(nodes)))
        for node in nodes:
            out.append(NODE.pack(int(node["feature_idx"]), int(node["left"]), int(node["right"]),
                                 int(node["missing_go_to_left"]), int(node["is_leaf"]),
                                 float(node["num_threshold"]), float(node["value"])))
    return b"".join(out)
