"""One turn through the learning stages: extract → look-up → arbitrate → apply.

The job's outbox row is marked done in the same transaction that applies its decisions, so a
crash anywhere either leaves the job pending (it runs again from scratch) or fully applied.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import structlog

from memory_core import entities
from memory_core.clock import to_ts
from memory_core.errors import EmbedderError
from memory_core.executors import Lane
from memory_core.extract.base import Candidate, Extractor, TurnInput
from memory_core.extract.sensitive import redact
from memory_core.learn import policy
from memory_core.learn.apply import Applied, TurnRef, apply_decisions
from memory_core.learn.arbitrate import Auditor, cap_writes, enforce
from memory_core.learn.decisions import Decision
from memory_core.learn.lookup import file_people, related_facts
from memory_core.llm import llm_scope
from memory_core.notes import NoteCategories, categorize, is_note
from memory_core.sensitivity_meaning import read_by_meaning
from memory_core.store import episodes as episode_repo
from memory_core.store import events as event_log
from memory_core.store import outbox
from memory_core.values import SECRET_CATEGORIES

if TYPE_CHECKING:
    from memory_core.memory import Memory

log = structlog.get_logger("memory_core.learn")


@dataclass(frozen=True, slots=True)
class LearnResult:
    """What one turn taught the memory."""

    turn_id: str
    user_id: str
    chat_id: str
    applied: tuple[Applied, ...] = ()
    skipped: tuple[str, ...] = field(default_factory=tuple)

    @property
    def conflicts(self) -> list[Applied]:
        """Applied decisions that opened a conflict for the user to settle."""
        return [a for a in self.applied if a.conflict_id is not None]

    def summary(self) -> dict[str, object]:
        """A compact, log-safe description (no fact text)."""
        return {
            "decisions": [type(a.decision).__name__.lower() for a in self.applied],
            "facts": [a.fact.id for a in self.applied if a.fact],
            "conflicts": [a.conflict_id for a in self.conflicts],
            "replayed": sum(a.replayed for a in self.applied),
            "skipped": list(self.skipped),
        }


class Learner:
    """Runs one outbox job through the pipeline."""

    def __init__(
        self,
        memory: Memory,
        extractor: Extractor,
        auditor: Auditor,
        usage: event_log.UsageBuffer | None = None,
    ) -> None:
        self.memory = memory
        self.extractor = extractor
        self.auditor = auditor
        # Notes (statements no rule read, in any language) get their category by meaning.
        self.notes = NoteCategories(memory.embedder) if memory.embedder is not None else None
        # LLM usage summed in memory, written with each job's apply transaction.
        self.usage = usage

    async def process(self, job: outbox.Job) -> LearnResult:
        """Learn from one job and mark it done, atomically."""
        # Model calls made for this job are the job's user's (extraction, audit).
        with llm_scope(user_id=job.user_id):
            return await self._process(job)

    async def _process(self, job: outbox.Job) -> LearnResult:
        started = time.perf_counter()
        turn = TurnInput(
            user_text=job.user_text,
            assistant_text=job.assistant_text,
            user_name=job.user_name,
            time=job.turn_time,
            explicit=job.explicit,
        )
        decisions: list[Decision] = []
        skipped: list[str] = []
        links: Mapping[str, Sequence[tuple[int, float]]] = {}
        if job.learn:
            candidates = policy.bound_candidates(await self.extractor.extract(turn))
            if self.notes is not None and any(is_note(c.key) for c in candidates):
                try:
                    candidates = await self.memory.run(
                        Lane.BACKGROUND, categorize, self.notes, candidates
                    )
                except EmbedderError as exc:
                    # The note is kept all the same, as ``other`` (a word list still reads
                    # a sensitive topic on the write path).
                    log.warning("note_category_failed", turn_id=job.turn_id, error=str(exc))
            if self.memory.sensitivity is not None:
                # What the rules do not read as private may still be, by meaning.
                try:
                    candidates = await self.memory.run(
                        Lane.BACKGROUND, read_by_meaning, self.memory.sensitivity, candidates
                    )
                except EmbedderError as exc:
                    log.warning("sensitivity_meaning_failed", turn_id=job.turn_id, error=str(exc))
            # "Marco is a chef" goes to the Marco the user told us about before.
            candidates = await self.memory.run(
                Lane.BACKGROUND, file_people, self.memory, job.user_id, candidates
            )
            kept: list[Candidate] = []
            for cand in candidates:
                if cand.temporary and not job.explicit:
                    skipped.append(f"temporary:{cand.key}")
                elif cand.sensitive and cand.category in SECRET_CATEGORIES and not job.explicit:
                    skipped.append(f"sensitive:{cand.key}")
                else:
                    kept.append(cand)
            # A job is the user's own statement, made at the turn's time: what they said after
            # a forget is their new word (learned); a backlog turn said before it is not.
            related = await self.memory.run(
                Lane.BACKGROUND, related_facts, self.memory, job.user_id, kept, job.turn_time
            )
            raw = await self.auditor.decide(turn, kept, related.by_key)
            guarded = (
                enforce(
                    d,
                    related.known,
                    explicit=job.explicit,
                    said_at=job.turn_time,
                    forgotten=related.forgotten,
                )
                for d in raw
            )
            stated = frozenset(c.key for c in kept if c.stated)
            decisions = cap_writes([d for d in guarded if d is not None], stated)
            links = related.links
        applied = await self.memory.run(
            Lane.BACKGROUND, self._apply, job, decisions, links, started
        )
        result = LearnResult(job.turn_id, job.user_id, job.chat_id, tuple(applied), tuple(skipped))
        log.info("turn_learned", turn_id=job.turn_id, user_id=job.user_id, **result.summary())
        return result

    def _apply(
        self,
        job: outbox.Job,
        decisions: Sequence[Decision],
        links: Mapping[str, Sequence[tuple[int, float]]],
        started: float | None = None,
    ) -> list[Applied]:
        now = self.memory.clock.now()
        ref = TurnRef(
            job.user_id, job.turn_id, job.chat_id, actor="user" if job.explicit else "observer"
        )
        with self.memory.db.write() as conn:
            if not outbox.is_pending(conn, job.id):
                # The user was erased (or the job settled) while it was being learned:
                # nothing it decided is written, so nothing comes back after "deleted".
                log.info("learning_dropped", turn_id=job.turn_id, reason="job_gone")
                return []
            applied = apply_decisions(
                conn, ref, decisions, now, queue=self.memory.vectors.queue_fact, links=links
            )
            # Episodes get their entity links here, off the reply path.
            for episode_id, body in episode_repo.texts_of_turn(conn, job.user_id, job.turn_id):
                entities.link(conn, job.user_id, "episode", episode_id, entities.extract(body))
            result = LearnResult(job.turn_id, job.user_id, job.chat_id, tuple(applied))
            # Learned: the clear text of an explicit /remember is not kept any longer.
            scrubbed = redact(job.user_text)
            outbox.mark_done(
                conn,
                job.id,
                now,
                json.dumps(result.summary()),
                user_text=scrubbed if scrubbed != job.user_text else None,
            )
            event_log.add(conn, _job_events(job.user_id, applied, started), to_ts(now))
            if self.usage is not None:
                self.usage.flush(conn, to_ts(now))
        return applied


def _job_events(
    user_id: str, applied: Sequence[Applied], started: float | None
) -> list[event_log.Event]:
    """The job's operational events: each decision applied, and how long the job took."""
    out = [
        event_log.Event(
            "worker",
            type(a.decision).__name__.lower(),
            "replayed" if a.replayed else "ok",
            user_id,
            memory_id=a.fact.id if a.fact else None,
            category=a.fact.category.value if a.fact else None,
        )
        for a in applied
    ]
    if started is not None:
        ms = round((time.perf_counter() - started) * 1000, 1)
        out.append(event_log.Event("worker", "observe", "ok", user_id, value=ms))
    return out
