"""The answer score's data file (``memory_core/read/answer_score.json``) and its decision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
