"""Writing fitted scikit-learn gradient-boosting classifiers in the format that
``webfold._trees.Forest`` reads (see that module for the layout)."""

from __future__ import annotations

import struct

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier

MAGIC = b"WFTREES2"
NODE = struct.Struct("<dIHBx")
LEAF, MISSING_LEFT = 1, 2


def forest_bytes(model: HistGradientBoostingClassifier) -> bytes:
    """The fitted binary classifier's trees, serialized.

    Raises
    ------
    ValueError
        The model is not a fitted binary classifier on numeric features, has more
        than 65,535 features, or a tree whose split's left child is not the next node.
    """
    if len(model.classes_) != 2:
        raise ValueError("only binary classifiers are exported")
    if model.n_features_in_ > 0xFFFF:
        raise ValueError(f"{model.n_features_in_} features: at most 65,535 are exported")
    predictors = [trees[0] for trees in model._predictors]      # one tree per iteration
    out = [MAGIC, struct.pack("<I", model.n_features_in_),
           struct.pack("<d", float(np.ravel(model._baseline_prediction)[0])),
           struct.pack("<I", len(predictors))]
    for predictor in predictors:
        nodes = predictor.nodes
        if np.any(nodes["is_categorical"]):
            raise ValueError("categorical splits are not exported")
        out.append(struct.pack("<I", len(nodes)))
        for index, node in enumerate(nodes):
            if node["is_leaf"]:
                out.append(NODE.pack(float(node["value"]), 0, 0, LEAF))
                continue
            if node["left"] != index + 1:
                raise ValueError(f"node {index}'s left child is {node['left']}, not the next node")
            out.append(NODE.pack(float(node["num_threshold"]), int(node["right"]), int(node["feature_idx"]),
                                 MISSING_LEFT if node["missing_go_to_left"] else 0))
    return b"".join(out)
