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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.search import search_on_thread
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

#: ``progress(phase, done, total)``: phase is ``"ingest"`` (turns embedded) or ``"questions"``.
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
class Turn:
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
    turns: tuple[Turn, ...]
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
    turns: list[Turn] = []
    previous_start: datetime | None = None
    for number in numbers:
        start = parse_session_time(conv.get(f"session_{number}_date_time"))
        if start is None:  # undated session: a day after the one before
            start = (previous_start or datetime(2000, 1, 1, tzinfo=UTC)) + timedelta(days=1)
        previous_start = start
        before: Turn | None = None
        for index, raw in enumerate(conv[f"session_{number}"]):
            if not isinstance(raw, dict) or not raw.get("dia_id"):
                continue
            text = _turn_text(raw)
            if not text:
                continue
            dia = parse_evidence(str(raw["dia_id"]))
            turn = Turn(
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

    def add(self, category: int, k: int, fraction: float) -> None:
        """Record one question's fraction of evidence found in the top ``k``."""
        self.scores.setdefault(k, []).append(fraction)
        self.by_category.setdefault(category, {}).setdefault(k, []).append(fraction)

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
        return {
            "recall": {str(k): round(self.recall(k), 4) for k in ks},
            "by_category": {
                str(cat): {
                    "name": CATEGORIES[cat],
                    "n": max(len(v) for v in per_k.values()),
                    "recall": {str(k): round(self.recall(k, cat), 4) for k in ks},
                }
                for cat, per_k in sorted(self.by_category.items())
            },
            "n": self.n,
        }


@dataclass(slots=True)
class LocomoReport:
    """Results of one LoCoMo run: per mode, plus what was run."""

    ks: tuple[int, ...]
    modes: dict[str, ModeResult]
    conversations: list[str]
    settings: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` document."""
        return {
            "modes": {name: result.as_json() for name, result in self.modes.items()},
            "k": list(self.ks),
            "conversations": self.conversations,
            "settings": self.settings,
        }


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
                    hits = search_on_thread(
                        memory,
                        conv.user_id,
                        question.question,
                        k=k,
                        mode=mode,
                        kind="episodes",
                        query_vec=query_vec,
                    )
                    found = {h.episode.turn_id for h in hits if h.episode is not None}
                    results[mode].add(question.category, k, len(wanted & found) / len(wanted))
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
) -> LocomoReport:
    """Ingest the conversations not yet in ``memory``, embed them, then ``evaluate``."""

    async def ingest_missing() -> int:
        count = 0
        for conv in conversations:
            if not await memory.recent_episodes(conv.user_id, limit=1):
                count += len(await ingest(memory, conv))
        return count

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
    report = evaluate(memory, conversations, modes=modes, ks=ks, clock=clock, progress=progress)
    report.settings = dataclasses.asdict(memory.config.retrieval)
    return report
