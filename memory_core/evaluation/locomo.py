"""LoCoMo turn-level retrieval: parse the file, ingest it as episodes, score evidence recall@k.

Each conversation becomes one user (``locomo:<sample_id>``) whose episodes are its turns, in
order, stamped with their session's date and time, each with the previous turn of its session
as ``context``. Every question of categories 1–4 that has evidence is asked through
``search_on_thread(kind="episodes")`` — the same call the bot makes — and scored as the
fraction of its evidence turns found in the top k; the report gives the mean over questions,
overall and per category. Category 5 (adversarial) has no answer and is left out, as in the
LoCoMo paper's retrieval table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_core import Memory
from memory_core.clock import ManualClock
from memory_core.config import RetrievalConfig
from memory_core.embed import Vectors
from memory_core.read import retrieve
from memory_core.read.retrieve import EpisodeSignals
from memory_core.read.search import search_on_thread
from memory_core.text.cleaning import clean_query
from memory_core.values import NewEpisode, SearchMode

#: Categories scored (5, adversarial, has no evidence to find).
CATEGORIES: dict[int, str] = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
DEFAULT_KS: tuple[int, ...] = (5, 10, 25)
ALL_MODES: tuple[SearchMode, ...] = ("lexical", "vector", "hybrid")

# ``D8:6``, and the malformed ``D:11:26`` / ``D 3 : 4``; one entry may hold several ids.
_DIA_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_SESSION_KEY = re.compile(r"session_(\d+)")
_TIME = re.compile(r"(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?", re.IGNORECASE)
_DATE = re.compile(r"(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})")
_MONTHS = {
    name: i + 1
    for i, name in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        )
    )
}

#: ``progress(phase, done, total)``: phase is ``"ingest"`` (turns embedded), ``"questions"`` or
#: ``"leave-one-out"`` (folds tuned, one per mode and conversation).
Progress = Callable[[str, int, int], None]


def parse_evidence(raw: object) -> list[str]:
    """Every ``D<session>:<turn>`` id inside one evidence entry (``"D:11:26"`` → ``D11:26``)."""
    if not isinstance(raw, str):
        return []
    return [f"D{int(s)}:{int(t)}" for s, t in _DIA_ID.findall(raw)]


def parse_session_time(raw: object) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` → an aware UTC datetime; ``None`` if there is no date."""
    if not isinstance(raw, str):
        return None
    date = _DATE.search(raw)
    if date is None:
        return None
    word = date.group(2).lower()
    # Full names, and abbreviations ("Sept", "Jan") by their first three letters.
    month = next((n for name, n in _MONTHS.items() if len(word) >= 3 and name[:3] == word[:3]), 0)
    if not month:
        return None
    hour = minute = 0
    clock = _TIME.search(raw)
    if clock is not None:
        hour, minute = int(clock.group(1)) % 12, int(clock.group(2))
        if clock.group(3).lower() == "p":
            hour += 12
    try:
        return datetime(int(date.group(3)), month, int(date.group(1)), hour, minute, tzinfo=UTC)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class DialogueTurn:
    """One dialogue turn, ready to become an episode."""

    dia_id: str
    session: int
    speaker: str
    text: str
    when: datetime
    context: str = ""

    @property
    def line(self) -> str:
        """The speaker-prefixed text (what the next turn carries as its context)."""
        return f"{self.speaker}: {self.text}"


@dataclass(frozen=True, slots=True)
class Question:
    """One scored question: its text, category and the evidence turns it needs."""

    question: str
    category: int
    evidence: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Conversation:
    """One LoCoMo sample: its turns in order and its scored questions."""

    sample_id: str
    speakers: tuple[str, str]
    turns: tuple[DialogueTurn, ...]
    questions: tuple[Question, ...]

    @property
    def user_id(self) -> str:
        """The memory user this conversation is ingested as."""
        return f"locomo:{self.sample_id}"

    @property
    def asked_at(self) -> datetime:
        """When its questions are asked: the day after its last session."""
        last = max((t.when for t in self.turns), default=datetime(2000, 1, 1, tzinfo=UTC))
        return last + timedelta(days=1)


def _turn_text(raw: dict[str, Any]) -> str:
    """A turn's words; a shared image becomes its caption, as a bot with captioning sees it."""
    words = str(raw.get("text") or "").strip()
    caption = str(raw.get("blip_caption") or "").strip()
    if caption:
        words = f"{words} [shares an image: {caption}]".strip()
    return words


def _conversation(sample: dict[str, Any], max_sessions: int | None) -> Conversation:
    conv = sample.get("conversation") or {}
    speakers = (str(conv.get("speaker_a", "")), str(conv.get("speaker_b", "")))
    # Iterate the session lists, not the date keys: some samples have dates for no session.
    numbers = sorted(
        int(m.group(1))
        for key, value in conv.items()
        if (m := _SESSION_KEY.fullmatch(key)) and isinstance(value, list)
    )
    if max_sessions is not None:
        numbers = numbers[:max_sessions]
    turns: list[DialogueTurn] = []
    previous_start: datetime | None = None
    for number in numbers:
        start = parse_session_time(conv.get(f"session_{number}_date_time"))
        if start is None:  # undated session: a day after the one before
            start = (previous_start or datetime(2000, 1, 1, tzinfo=UTC)) + timedelta(days=1)
        previous_start = start
        before: DialogueTurn | None = None
        for index, raw in enumerate(conv[f"session_{number}"]):
            if not isinstance(raw, dict) or not raw.get("dia_id"):
                continue
            text = _turn_text(raw)
            if not text:
                continue
            dia = parse_evidence(str(raw["dia_id"]))
            turn = DialogueTurn(
                dia_id=dia[0] if dia else str(raw["dia_id"]),
                session=number,
                speaker=str(raw.get("speaker") or "?"),
                text=text,
                # Turns a second apart keep their order without leaving the session's minute.
                when=start + timedelta(seconds=index),
                context=before.line if before else "",
            )
            turns.append(turn)
            before = turn
    known = {t.dia_id for t in turns}
    questions: list[Question] = []
    for qa in sample.get("qa") or []:
        category = qa.get("category")
        if category not in CATEGORIES or not str(qa.get("question") or "").strip():
            continue
        raw_ev = qa.get("evidence") or []
        entries: Iterable[object] = raw_ev if isinstance(raw_ev, list) else [raw_ev]
        evidence = dict.fromkeys(
            dia for entry in entries for dia in parse_evidence(entry) if dia in known
        )
        if evidence:
            questions.append(Question(str(qa["question"]).strip(), category, tuple(evidence)))
    return Conversation(str(sample.get("sample_id", "")), speakers, tuple(turns), tuple(questions))


def load(
    path: Path | str,
    *,
    samples: Sequence[str] | None = None,
    max_sessions: int | None = None,
    max_questions: int | None = None,
) -> list[Conversation]:
    """Read a LoCoMo file; optionally only some samples, first sessions, first questions."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of LoCoMo samples")
    out: list[Conversation] = []
    for sample in data:
        if not isinstance(sample, dict):
            continue
        if samples is not None and sample.get("sample_id") not in samples:
            continue
        conv = _conversation(sample, max_sessions)
        if max_questions is not None:
            conv = Conversation(
                conv.sample_id, conv.speakers, conv.turns, conv.questions[:max_questions]
            )
        out.append(conv)
    return out


async def ingest(memory: Memory, conv: Conversation) -> dict[int, str]:
    """Record the conversation's turns as its user's episodes; returns episode id → dia_id."""
    episodes = [
        NewEpisode(
            chat_id=conv.user_id,
            role="user" if turn.speaker == conv.speakers[0] else "other",
            text=turn.text,
            created_at=turn.when,
            session_id=f"{conv.sample_id}:S{turn.session}",
            turn_id=turn.dia_id,
            speaker=turn.speaker,
            context=turn.context,
        )
        for turn in conv.turns
    ]
    ids = await memory.record_episodes(conv.user_id, episodes)
    return dict(zip(ids, (t.dia_id for t in conv.turns), strict=True))


@dataclass(slots=True)
class ModeResult:
    """Evidence recall of one search mode: mean per k, overall and per category."""

    scores: dict[int, list[float]] = field(default_factory=dict)  # k → per-question fractions
    by_category: dict[int, dict[int, list[float]]] = field(default_factory=dict)
    by_sample: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    search_ms: list[float] = field(default_factory=list)  # one per search (empty: not timed)

    def add(self, category: int, k: int, fraction: float, sample: str = "") -> None:
        """Record one question's fraction of evidence found in the top ``k`` (of ``sample``)."""
        self.scores.setdefault(k, []).append(fraction)
        self.by_category.setdefault(category, {}).setdefault(k, []).append(fraction)
        if sample:
            self.by_sample.setdefault(sample, {}).setdefault(k, []).append(fraction)

    @property
    def n(self) -> int:
        """How many questions were scored."""
        return max((len(v) for v in self.scores.values()), default=0)

    def recall(self, k: int, category: int | None = None) -> float:
        """Mean fraction of evidence in the top ``k`` (overall, or for one category)."""
        values = self.scores.get(k, []) if category is None else self.by_category[category][k]
        return sum(values) / len(values) if values else 0.0

    def as_json(self) -> dict[str, Any]:
        """``{"recall": {"5": …}, "by_category": {"1": {"name", "n", "recall"}}, "n": …}``."""
        ks = sorted(self.scores)
        timed: dict[str, Any] = {}
        if self.search_ms:
            p50, p95 = _percentiles(self.search_ms)
            timed = {"search_ms": {"p50": round(p50, 3), "p95": round(p95, 3)}}
        return {
            **timed,
            "recall": {str(k): round(self.recall(k), 4) for k in ks},
            "by_category": {
                str(cat): {
                    "name": CATEGORIES[cat],
                    "n": max(len(v) for v in per_k.values()),
                    "recall": {str(k): round(self.recall(k, cat), 4) for k in ks},
                }
                for cat, per_k in sorted(self.by_category.items())
            },
            "by_conversation": {
                sample: {str(k): round(sum(v) / len(v), 4) for k, v in sorted(per_k.items())}
                for sample, per_k in self.by_sample.items()
            },
            "n": self.n,
        }


def _percentiles(samples: Sequence[float]) -> tuple[float, float]:
    """p50 and p95 (nearest rank) of non-empty ``samples``."""
    ordered = sorted(samples)
    last = len(ordered) - 1
    return ordered[round(0.50 * last)], ordered[round(0.95 * last)]


@dataclass(slots=True)
class LocomoReport:
    """Results of one LoCoMo run: per mode, plus what was run (and the leave-one-out figure)."""

    ks: tuple[int, ...]
    modes: dict[str, ModeResult]
    conversations: list[str]
    settings: dict[str, Any] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)  # phase → wall time
    leave_one_out: LeaveOneOut | None = None

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` document."""
        doc: dict[str, Any] = {
            "modes": {name: result.as_json() for name, result in self.modes.items()},
            "k": list(self.ks),
            "conversations": self.conversations,
            "settings": self.settings,
            "seconds": {phase: round(t, 1) for phase, t in self.seconds.items()},
        }
        if self.leave_one_out is not None:
            doc["leave_one_out"] = self.leave_one_out.as_json()
        return doc


def evaluate(
    memory: Memory,
    conversations: Sequence[Conversation],
    *,
    modes: Sequence[SearchMode] = ALL_MODES,
    ks: Sequence[int] = DEFAULT_KS,
    clock: ManualClock | None = None,
    progress: Progress | None = None,
) -> LocomoReport:
    """Ask every question in every mode and k; ``clock`` is set to each conversation's asked_at.

    Each (mode, k) is its own search, exactly as the bot would call it.
    """
    ks = tuple(sorted(set(ks)))
    results: dict[str, ModeResult] = {mode: ModeResult() for mode in modes}
    total = sum(len(c.questions) for c in conversations)
    done = 0
    for conv in conversations:
        if clock is not None:
            clock.set(conv.asked_at)
        for question in conv.questions:
            # One embedding per question, shared by every mode and k.
            query_vec = (
                memory.vectors.embed_query(question.question)
                if any(m != "lexical" for m in modes)
                else None
            )
            wanted = set(question.evidence)
            for mode in modes:
                for k in ks:
                    started = time.perf_counter()
                    hits = search_on_thread(
                        memory.ctx,
                        conv.user_id,
                        question.question,
                        k=k,
                        mode=mode,
                        kind="episodes",
                        query_vec=query_vec,
                    )
                    results[mode].search_ms.append((time.perf_counter() - started) * 1000)
                    found = {h.episode.turn_id for h in hits if h.episode is not None}
                    fraction = len(wanted & found) / len(wanted)
                    results[mode].add(question.category, k, fraction, conv.sample_id)
            done += 1
            if progress:
                progress("questions", done, total)
    return LocomoReport(ks, results, [c.sample_id for c in conversations])


def run_locomo(
    memory: Memory,
    conversations: Sequence[Conversation],
    *,
    modes: Sequence[SearchMode] = ALL_MODES,
    ks: Sequence[int] = DEFAULT_KS,
    clock: ManualClock | None = None,
    progress: Progress | None = None,
    leave_one_out: bool = False,
) -> LocomoReport:
    """Ingest the conversations not yet in ``memory``, embed them, then ``evaluate`` (and,
    with ``leave_one_out``, ``tune_leave_one_out``)."""

    async def ingest_missing() -> int:
        count = 0
        for conv in conversations:
            if not await memory.recent_episodes(conv.user_id, limit=1):
                count += len(await ingest(memory, conv))
        return count

    started = time.perf_counter()
    total = asyncio.run(ingest_missing())
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress("ingest", done, total)

    if progress:
        progress("ingest", 0, total)
    memory.vectors.sync(progress=step)
    seconds = {"ingest": time.perf_counter() - started}
    started = time.perf_counter()
    report = evaluate(memory, conversations, modes=modes, ks=ks, clock=clock, progress=progress)
    seconds["in_sample"] = time.perf_counter() - started
    if leave_one_out and len(conversations) > 1:
        started = time.perf_counter()
        report.leave_one_out = tune_leave_one_out(
            memory, conversations, modes=modes, ks=ks, progress=progress
        )
        seconds["leave_one_out"] = time.perf_counter() - started
    report.seconds = seconds
    report.settings = dataclasses.asdict(memory.config.retrieval)
    return report


# ---- leave one conversation out ----------------------------------------------------------------

#: The retrieval parameters only episode search reads, and the values tuning tries for each.
#: The ones fact search shares (``fusion``, ``w_lex``, ``w_vec``, ``rrf_k``, ``top_k_lex``,
#: ``top_k_vec``, ``dedup_jaccard``) keep their seed-000 values: there is no fact evaluation to
#: tune them on, so they are not fitted to LoCoMo either.
TUNED: dict[str, tuple[Any, ...]] = {
    "w_speaker": (0.0, 0.25, 0.5, 0.75),
    "w_date": (0.0, 0.3, 0.6),
    "w_neighbour": (0.0, 0.4, 0.8, 1.2),
    "neighbour_candidates": (0, 10, 20),
    "w_rec_episodes": (0.0, 0.05),
    "signal_window_episodes": (100, 200, 400),
    "bm25_episode_weights": ((1.0, 0.0), (1.0, 0.3), (1.0, 1.0)),
}
#: Parameters a mode does not read (not tried there).
_UNUSED: dict[str, frozenset[str]] = {
    "lexical": frozenset(),
    "vector": frozenset({"bm25_episode_weights"}),
    "hybrid": frozenset(),
}
#: Coordinate ascent: at most this many sweeps over ``TUNED`` (it stops when one changes nothing).
SWEEPS = 2


def seed_config(config: RetrievalConfig) -> RetrievalConfig:
    """Where tuning starts: ``config`` with every ``TUNED`` signal off (no speaker, date,
    neighbour or recency signal, no neighbour candidates, both BM25 columns weighted 1)."""
    return dataclasses.replace(
        config,
        w_speaker=0.0,
        w_date=0.0,
        w_neighbour=0.0,
        neighbour_candidates=0,
        w_rec_episodes=0.0,
        signal_window_episodes=200,
        bm25_episode_weights=(1.0, 1.0),
    )


@dataclass(frozen=True, slots=True)
class Fold:
    """One held-out conversation: what tuning on the others chose, and how it scored there."""

    held_out: str
    chosen: dict[str, Any]  # TUNED parameters, as chosen on the other conversations
    train_objective: float  # mean recall over ks on the other conversations
    held_out_recall: dict[int, float]


@dataclass(slots=True)
class LeaveOneOut:
    """Leave-one-conversation-out recall: each conversation scored with the parameters tuned
    on the others (``modes``), the folds, and what tuning on every conversation chooses."""

    modes: dict[str, ModeResult]
    folds: dict[str, list[Fold]]
    chosen_on_all: dict[str, dict[str, Any]]
    evaluations: int  # distinct (mode, configuration) pairs scored
    seconds: float

    def as_json(self) -> dict[str, Any]:
        """``{"modes": …, "folds": {mode: […]}, "chosen_on_all": …, "tuned": …}``."""
        return {
            "modes": {name: result.as_json() for name, result in self.modes.items()},
            "folds": {
                mode: [
                    {
                        "held_out": f.held_out,
                        "chosen": _jsonable(f.chosen),
                        "train_objective": round(f.train_objective, 4),
                        "held_out_recall": {
                            str(k): round(v, 4) for k, v in f.held_out_recall.items()
                        },
                    }
                    for f in folds
                ]
                for mode, folds in self.folds.items()
            },
            "chosen_on_all": {mode: _jsonable(c) for mode, c in self.chosen_on_all.items()},
            "tuned": {name: _jsonable(list(values)) for name, values in TUNED.items()},
            "objective": "mean of recall@k over the ks, over the training conversations' questions",
            "evaluations": self.evaluations,
            "seconds": round(self.seconds, 1),
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


class _Scorer:
    """Per-question recall of one (mode, configuration) on every conversation, memoised.

    Each question is embedded once and read once per BM25 column weighting, as deep as any
    configuration of ``TUNED`` reads; every configuration then ranks those reads with
    ``retrieve.rank_episodes`` — the ranking ``search_on_thread`` runs — without I/O.
    """

    def __init__(
        self,
        memory: Memory,
        conversations: Sequence[Conversation],
        ks: tuple[int, ...],
    ) -> None:
        self.memory, self.conversations, self.ks = memory, conversations, ks
        base = memory.config.retrieval
        self.envelope = dataclasses.replace(
            base,
            signal_window_episodes=max(
                [*TUNED["signal_window_episodes"], base.signal_window_episodes]
            ),
            neighbour_candidates=max([*TUNED["neighbour_candidates"], 1]),
        )
        self.query_vecs: dict[str, Vectors | None] = {}
        self.reads: dict[tuple[float, float], dict[str, list[EpisodeSignals]]] = {}
        self.memo: dict[tuple[str, RetrievalConfig], dict[str, dict[int, list[float]]]] = {}

    def _read(self, weights: tuple[float, float]) -> dict[str, list[EpisodeSignals]]:
        if weights not in self.reads:
            envelope = dataclasses.replace(self.envelope, bm25_episode_weights=weights)
            out: dict[str, list[EpisodeSignals]] = {}
            for conv in self.conversations:
                rows: list[EpisodeSignals] = []
                with self.memory.db.read() as conn:
                    for q in conv.questions:
                        query = clean_query(q.question)
                        if q.question not in self.query_vecs:
                            self.query_vecs[q.question] = self.memory.vectors.embed_query(query)
                        rows.append(
                            retrieve.episode_signals(
                                conn,
                                self.memory.vectors.cache,
                                conv.user_id,
                                query,
                                k=max(self.ks),
                                mode="hybrid",
                                query_vec=self.query_vecs[q.question],
                                config=envelope,
                            )
                        )
                out[conv.sample_id] = rows
            self.reads[weights] = out
        return self.reads[weights]

    def recall(self, mode: str, config: RetrievalConfig) -> dict[str, dict[int, list[float]]]:
        """sample_id → k → each question's fraction of evidence in the top k."""
        key = (mode, config)
        if key in self.memo:
            return self.memo[key]
        reads = self._read(config.bm25_episode_weights)
        # k sharing one candidate pool rank once: a shorter list is a prefix of a longer one.
        rank_k = {
            k: max(kk for kk in self.ks if retrieve.pools(config, kk) == retrieve.pools(config, k))
            for k in self.ks
        }
        out: dict[str, dict[int, list[float]]] = {}
        for conv in self.conversations:
            now = conv.asked_at
            per_k: dict[int, list[float]] = {k: [] for k in self.ks}
            for q, sig in zip(conv.questions, reads[conv.sample_id], strict=True):
                if mode == "lexical":
                    sig = dataclasses.replace(sig, vec=[])
                elif mode == "vector":
                    sig = dataclasses.replace(sig, lex=[])
                wanted = set(q.evidence)
                ranked = {
                    kk: [h.episode.turn_id for h in hits if h.episode is not None]
                    for kk in set(rank_k.values())
                    for hits in [retrieve.rank_episodes(sig, k=kk, now=now, config=config)]
                }
                for k in self.ks:
                    found = set(ranked[rank_k[k]][:k])
                    per_k[k].append(len(wanted & found) / len(wanted))
            out[conv.sample_id] = per_k
        self.memo[key] = out
        return out

    def objective(self, mode: str, config: RetrievalConfig, samples: Sequence[str]) -> float:
        """Mean over ks of recall@k over the questions of ``samples``."""
        per = self.recall(mode, config)
        values = [
            sum(x for s in samples for x in per[s][k])
            / max(1, sum(len(per[s][k]) for s in samples))
            for k in self.ks
        ]
        return sum(values) / len(values)

    def tune(self, mode: str, samples: Sequence[str]) -> tuple[RetrievalConfig, float]:
        """Coordinate ascent over ``TUNED`` from ``seed_config`` on ``samples`` only."""
        best = seed_config(self.memory.config.retrieval)
        best_value = self.objective(mode, best, samples)
        for _ in range(SWEEPS):
            moved = False
            for name, values in TUNED.items():
                if name in _UNUSED[mode]:
                    continue
                for value in values:
                    candidate = dataclasses.replace(best, **{name: value})
                    if candidate == best:
                        continue
                    score = self.objective(mode, candidate, samples)
                    if score > best_value + 1e-9:
                        best, best_value, moved = candidate, score, True
            if not moved:
                break
        return best, best_value


def _chosen(config: RetrievalConfig, mode: str) -> dict[str, Any]:
    return {name: getattr(config, name) for name in TUNED if name not in _UNUSED[mode]}


def tune_leave_one_out(
    memory: Memory,
    conversations: Sequence[Conversation],
    *,
    modes: Sequence[SearchMode] = ALL_MODES,
    ks: Sequence[int] = DEFAULT_KS,
    progress: Progress | None = None,
) -> LeaveOneOut:
    """For each conversation, tune every ``TUNED`` parameter on the others (coordinate ascent
    from ``seed_config``, objective: mean recall over ``ks``) and score it with what was chosen;
    the result pools every held-out question. Also tunes on all of them (``chosen_on_all``)."""
    started = time.perf_counter()
    ks = tuple(sorted(set(ks)))
    scorer = _Scorer(memory, conversations, ks)
    ids = [c.sample_id for c in conversations]
    categories = {c.sample_id: [q.category for q in c.questions] for c in conversations}
    results: dict[str, ModeResult] = {}
    folds: dict[str, list[Fold]] = {}
    chosen_on_all: dict[str, dict[str, Any]] = {}
    total, done = len(modes) * (len(ids) + 1), 0
    for mode in modes:
        result, mode_folds = ModeResult(), []
        for held_out in ids:
            config, value = scorer.tune(mode, [s for s in ids if s != held_out])
            per = scorer.recall(mode, config)[held_out]
            for k in ks:
                for category, fraction in zip(categories[held_out], per[k], strict=True):
                    result.add(category, k, fraction, held_out)
            mode_folds.append(
                Fold(
                    held_out,
                    _chosen(config, mode),
                    value,
                    {k: sum(per[k]) / len(per[k]) if per[k] else 0.0 for k in ks},
                )
            )
            done += 1
            if progress:
                progress("leave-one-out", done, total)
        config, _ = scorer.tune(mode, ids)
        chosen_on_all[mode] = _chosen(config, mode)
        done += 1
        if progress:
            progress("leave-one-out", done, total)
        results[mode], folds[mode] = result, mode_folds
    return LeaveOneOut(
        results, folds, chosen_on_all, len(scorer.memo), time.perf_counter() - started
    )
