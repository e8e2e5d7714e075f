"""The answer score's data file (``memory_core/read/answer_score.json``) and its decision."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from devtools import answer_calibration as calibration
from memory_core.read.answer import DEFAULT_ANSWER, FEATURES, SCORE_PATH, load_score


def test_the_shipped_score_is_the_data_file() -> None:
    data = json.loads(SCORE_PATH.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES
    assert DEFAULT_ANSWER.weights == tuple(data["weights"])
    assert DEFAULT_ANSWER.min_probability == data["min_probability"]
    assert 0.0 < DEFAULT_ANSWER.min_probability < 1.0


def test_a_score_fitted_on_other_features_is_refused(tmp_path: Path) -> None:
    data = json.loads(SCORE_PATH.read_text(encoding="utf-8"))
    data["features"] = [*data["features"][:-1], "something_else"]
    path = tmp_path / "answer_score.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="fitted on"):
        load_score(path)


def _row(source: str, p: float, opened: str, never: bool = False) -> dict[str, object]:
    """A dumped question whose answer score is ``p`` (one feature, the bias: its logit)."""
    logit = math.log(p / (1 - p))
    return {"source": source, "x": [logit], "open": opened, "closed": "abstained", "never": never}


def test_the_threshold_never_buys_right_answers_with_more_wrong_ones() -> None:
    """``devtools.answer_calibration.choose``: the most right answers such that no source
    answers more questions wrongly (told or never told) than the shipped score did."""
    rows = [
        _row("walk", 0.9, "right"),
        _row("walk", 0.7, "wrong"),
        _row("walk", 0.6, "right"),
        _row("walk", 0.45, "right"),
        _row("walk", 0.35, "answered", never=True),
        _row("walk", 0.3, "right"),
        _row("msc", 0.8, "right"),
        _row("msc", 0.4, "right"),
        _row("msc", 0.2, "wrong"),
    ]
    shipped = calibration._tally(rows, [r["x"][0] >= 0.0 for r in rows])  # type: ignore[index]
    assert shipped == {"walk": [2, 1, 0], "msc": [1, 0, 0]}
    chosen = calibration.choose(rows, [1.0], shipped)
    assert chosen is not None
    threshold, got = chosen
    # 0.40 answers two more right ones; 0.35 would answer the never-told question too.
    assert 0.35 < threshold <= 0.40
    assert got == {"walk": [3, 1, 0], "msc": [2, 0, 0]}
    # With no wrong answer allowed anywhere, the wrong one at 0.7 stays unanswered.
    strict = calibration.choose(rows, [1.0], {"walk": [0, 0, 0], "msc": [0, 0, 0]})
    assert strict is not None and 0.7 < strict[0] <= 0.8
    assert strict[1] == {"walk": [1, 0, 0], "msc": [1, 0, 0]}
