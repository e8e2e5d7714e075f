"""Fit the answer score (``read.answer.probability``) on the questions ``devtools.answer_dump``
wrote, choose its threshold, and write both to ``memory_core/read/answer_score.json``.

    PYTHONPATH=$PWD .venv/bin/python -m devtools.answer_calibration /tmp/msc.pkl /tmp/walks.pkl \
        [--write]

Each dumped question reached the score and says what answering (``open``) and abstaining
(``closed``) would have given. Only the questions where the two differ teach anything: the
label is whether answering is right. The weights are a logistic regression of that label on
``read.answer.FEATURES`` (standardised features, L2, plain gradient descent: deterministic),
each question weighted so that every source (an MSC part, a walk script) weighs as much as
its questions, and a wrong answer to a never-told question counts like a wrong one.

The threshold is the one with the most right answers on the tune data such that **no source
gets more wrong answers (told or never told) than under the shipped score**: a wrong answer is
worse than "I don't know", so the shipped score's mistakes are the budget, never exceeded.
Prints the shipped weights' trade-off by threshold, then, for each source, right / wrong /
never-told answered under the shipped score and the new one (``--keep-weights``: the shipped
weights, a threshold chosen again); ``--write`` writes the data file (what ``read.answer``
loads) only when it gives more right answers than the shipped score.
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memory_core.read import answer as A

#: What the data file holds (``read.answer`` reads it at import).
OUT = Path(A.__file__).with_name("answer_score.json")


def _load(paths: Sequence[Path]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        rows += pickle.loads(path.read_bytes())
    for r in rows:
        r["x"] = A.features(r["ranked"], r["base"])
    return rows


def _tally(rows: Sequence[dict[str, Any]], answers: Sequence[bool]) -> dict[str, list[int]]:
    """source → [right, wrong, never-told answered] when ``answers`` says which answer."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for r, yes in zip(rows, answers, strict=True):
        said = r["open"] if yes else r["closed"]
        t = out[r["source"]]
        if said == "right":
            t[0] += 1
        elif r["never"] and said == "answered":
            t[2] += 1
        elif said == "wrong":
            t[1] += 1
    return dict(out)


def fit(rows: Sequence[dict[str, Any]], *, l2: float = 0.01, steps: int = 4000) -> list[float]:
    """The weights (on the features' own scale) of the label "answering is right"."""
    useful = [r for r in rows if r["open"] != r["closed"]]
    x = np.array([r["x"] for r in useful], dtype=np.float64)
    y = np.array([1.0 if r["open"] == "right" else 0.0 for r in useful])
    per_source: dict[str, int] = defaultdict(int)
    for r in useful:
        per_source[r["source"]] += 1
    w_row = np.array([1.0 / per_source[r["source"]] for r in useful])
    w_row *= len(useful) / w_row.sum()
    mu, sd = x[:, 1:].mean(axis=0), x[:, 1:].std(axis=0) + 1e-9
    z = np.column_stack([x[:, 0], (x[:, 1:] - mu) / sd])
    w = np.zeros(z.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        w -= 0.5 * (z.T @ (w_row * (p - y)) / len(y) + l2 * np.r_[0.0, w[1:]])
    raw = w[1:] / sd
    return [round(float(w[0] - raw @ mu), 4), *(round(float(v), 4) for v in raw)]


def probabilities(rows: Sequence[dict[str, Any]], weights: Sequence[float]) -> np.ndarray:
    """Each row's answer score under ``weights``."""
    z = np.array([r["x"] for r in rows]) @ np.array(weights)
    out: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
    return out


def choose(
    rows: Sequence[dict[str, Any]], weights: Sequence[float], budget: dict[str, list[int]]
) -> tuple[float, dict[str, list[int]]] | None:
    """The threshold with the most right answers whose wrong answers (told and never told)
    stay within ``budget`` in every source (ties: the higher threshold)."""
    p = probabilities(rows, weights)
    best: tuple[int, float, dict[str, list[int]]] | None = None
    for t in [x / 100 for x in range(5, 96)]:
        got = _tally(rows, list(p >= t))
        if any(
            got.get(s, [0, 0, 0])[1] + got.get(s, [0, 0, 0])[2] > b[1] + b[2]
            for s, b in budget.items()
        ):
            continue
        right = sum(v[0] for v in got.values())
        if best is None or right >= best[0]:
            best = (right, t, got)
    return None if best is None else (best[1], best[2])


def main() -> None:
    """Fit, choose, print; ``--write`` the data file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dumps", nargs="+", type=Path)
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument(
        "--keep-weights", action="store_true", help="the shipped weights; choose the threshold"
    )
    parser.add_argument("--write", action="store_true", help="write it when it beats the shipped")
    args = parser.parse_args()
    rows = _load(args.dumps)
    shipped = A.DEFAULT_ANSWER
    p = probabilities(rows, shipped.weights)
    budget = _tally(rows, list(p >= shipped.min_probability))
    differ = sum(r["open"] != r["closed"] for r in rows)
    print(f"{len(rows)} questions reached the score; {differ} differ")
    print("the shipped weights, by threshold: right / wrong / never-told answered")
    for t in (0.3, 0.35, 0.4, 0.45, shipped.min_probability, 0.55, 0.6):
        got = _tally(rows, list(p >= t))
        total = [sum(v[i] for v in got.values()) for i in range(3)]
        print(f"  {t:.2f} {total} " + " ".join(f"{s} {v}" for s, v in sorted(got.items())))
    weights = list(shipped.weights) if args.keep_weights else fit(rows, l2=args.l2)
    chosen = choose(rows, weights, budget)
    if chosen is None:
        print("no threshold keeps every source within its wrong answers")
        return
    threshold, got = chosen
    print(f"threshold {threshold}")
    print(f"{'source':<24} shipped right/wrong/never → new")
    for s in sorted(budget):
        print(f"{s:<24} {budget[s]} → {got.get(s)}")
    print("weights", dict(zip(A.FEATURES, weights, strict=True)))
    gained = sum(v[0] for v in got.values()) - sum(v[0] for v in budget.values())
    if gained <= 0:
        print(f"no more right answers than the shipped score ({gained:+d}): nothing written")
        return
    if args.write:
        OUT.write_text(
            json.dumps(
                {
                    "fitted_by": "devtools/answer_calibration.py",
                    "data": sorted(str(p.name) for p in args.dumps),
                    "features": list(A.FEATURES),
                    "weights": weights,
                    "min_probability": threshold,
                },
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
        print(f"→ {OUT}")


if __name__ == "__main__":
    main()
