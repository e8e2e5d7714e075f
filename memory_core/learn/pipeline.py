"""One turn through the learning stages: extract → look-up → arbitrate → apply.

The job's outbox row is marked done in the same transaction that applies its decisions, so a
crash anywhere either leaves the job pending (it runs again from scratch) or fully applied.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import structlog

from memory_core.clock import to_ts
from memory_core.db.changes import log_key
from memory_core.errors import EmbedderError
from memory_core.extract.base import Candidate, Extractor, TurnInput
from memory_core.extract.explicit import detect_explicit
from memory_core.extract.sensitive import redact
from memory_core.learn import policy
from memory_core.learn.apply import Applied, TurnRef
from memory_core.learn.arbitrate import (
    NEAR_DUPLICATE_JACCARD,
    Auditor,
    cap_writes,
    decide_one,
    held_with_pending,
    normalise_value,
)
from memory_core.learn.decisions import Decision, Insert, Pending, decision_key
from memory_core.learn.flow import Pipeline
from memory_core.learn.lookup import replaced_facts
from memory_core.llm import llm_scope
from memory_core.read import entities
from memory_core.runtime.executors import Lane
from memory_core.store import episodes as episode_repo
from memory_core.store import events as event_log
from memory_core.store import outbox
from memory_core.store.fts import jaccard, tokens
from memory_core.text import procedures
from memory_core.text.notes import NoteCategories, categorize, is_note
from memory_core.text.sensitivity_meaning import read_by_meaning
from memory_core.values import SECRET_CATEGORIES, Fact

if TYPE_CHECKING:
    from memory_core.context import Context

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

    def outcome(
        self, said: Sequence[Candidate]
    ) -> tuple[list[Candidate], list[tuple[Fact, Candidate]]]:
        """Of what was read in the turn (``said``: a preview's candidates), what learning kept
        (written, or known already) and the changes that wait for the user's confirmation:
        the fact asked about, and the candidate that would change it (sensitive when learning
        read the new fact so); what learning dropped is in neither."""
        kept: list[Candidate] = []
        waiting: dict[int, tuple[Fact, Candidate]] = {}
        for cand in said:
            match = next((a for a in self.applied if _about(a, cand)), None)
            if match is None:
                continue
            if not isinstance(match.decision, Pending) and not match.waits:
                written = match.fact
                if (
                    isinstance(match.decision, Insert)
                    and written is not None
                    and is_note(cand.key)
                    and written.value_text != cand.value_text
                ):
                    # A note kept in part (what a line said beside a change asked about):
                    # named as it was written.
                    cand = replace(
                        cand,
                        value_text=written.value_text,
                        source_excerpt=written.source_excerpt or cand.source_excerpt,
                    )
                kept.append(cand)
            elif match.previous is not None:
                private = cand.sensitive or (match.fact is not None and match.fact.sensitive)
                new = replace(cand, sensitive=True) if private else cand
                waiting.setdefault(match.previous.id, (match.previous, new))
        return kept, list(waiting.values())

    def summary(self) -> dict[str, object]:
        """A compact, log-safe description (no fact text)."""
        return {
            "decisions": [type(a.decision).__name__.lower() for a in self.applied],
            "facts": [a.fact.id for a in self.applied if a.fact],
            "conflicts": [a.conflict_id for a in self.conflicts],
            "replayed": sum(a.replayed for a in self.applied),
            "skipped": list(self.skipped),
        }


def _about(applied: Applied, cand: Candidate) -> bool:
    """Whether ``applied`` is learning's decision on ``cand``: the same key, the same words, or
    a fact that says the same (a repetition filed under another key)."""
    decision = applied.decision
    if decision_key(decision) == cand.key:
        return True
    proposal = getattr(decision, "proposal", None)
    if proposal is not None and normalise_value(proposal.value_text) == normalise_value(
        cand.value_text
    ):
        return True
    return applied.fact is not None and (
        jaccard(tokens(applied.fact.value_text), tokens(cand.value_text)) >= NEAR_DUPLICATE_JACCARD
    )


def _background(_user_id: str) -> Lane:
    return Lane.BACKGROUND


async def _go_on(_user_id: str) -> None:
    return None


class Learner:
    """Runs one outbox job through the pipeline."""

    def __init__(
        self,
        ctx: Context,
        extractor: Extractor,
        auditor: Auditor,
        usage: event_log.UsageBuffer | None = None,
    ) -> None:
        self.ctx = ctx
        #: The stages every learned write shares (look-up, write policy, apply).
        self.flow = Pipeline(ctx)
        self.extractor = extractor
        self.auditor = auditor
        # Notes (statements no rule read, in any language) get their category by meaning.
        self.notes = NoteCategories(ctx.embedder) if ctx.embedder is not None else None
        # LLM usage summed in memory, written with each job's apply transaction.
        self.usage = usage
        #: The lane a user's job steps run on: the background's, unless a reply waits for the
        #: user's learning (the observer says so: that job then runs at the reply's priority).
        self.lane_of: Callable[[str], Lane] = _background
        #: Awaited before each of a job's steps on a thread: background learning waits there
        #: while a reply is being answered (the observer says how; by default it goes on).
        self.give_way: Callable[[str], Awaitable[None]] = _go_on

    async def process(self, job: outbox.Job) -> LearnResult:
        """Learn from one job and mark it done, atomically."""
        # Model calls made for this job are the job's user's (extraction, audit).
        with llm_scope(user_id=job.user_id):
            return await self._process(job)

    async def _process(self, job: outbox.Job) -> LearnResult:
        started = time.perf_counter()
        # "Can you remember that my daughter's name is Sofia?" said in chat asks what /remember
        # asks: the same starting confidence and write policy. Secrets and passing things stay
        # /remember's alone (``job.explicit`` below), and the chat line was stored redacted.
        explicit = job.explicit or detect_explicit(job.user_text.strip(), False)[0]
        turn = TurnInput(
            user_text=job.user_text,
            assistant_text=job.assistant_text,
            user_name=job.user_name,
            time=job.turn_time,
            explicit=explicit,
        )
        decisions: list[Decision] = []
        # Seed 003 §14's hotpath/classify: what the turn was read as (skipped: not learned
        # from, or nothing worth keeping), written with the job's other events.
        classify = event_log.Event("hotpath", "classify", "skipped", job.user_id, value=0)
        skipped: list[str] = []
        links: Mapping[str, Sequence[tuple[int, float]]] = {}
        # With auto-extraction off (seed 001), only what the user asks to be remembered.
        # "Remember how I like my reports: …" is a procedure, and only that (its steps are no
        # facts of their own): read by the same rules whichever extractor is configured.
        if job.learn and (job.explicit or self.ctx.learns_from(job.user_text)):
            procedure = procedures.detect(job.user_text, explicit=explicit)
            candidates = (
                [procedure]
                if procedure is not None
                else policy.bound_candidates(await self.extractor.extract(turn))
            )
            candidates = await self._categorized(job, candidates)
            # "Not Lisbon but Porto", said days later: the told fact with the new words.
            candidates = await self.ctx.lanes.run(
                self.lane_of(job.user_id),
                replaced_facts,
                self.ctx,
                job.user_id,
                job.user_text,
                candidates,
            )
            # "Marco is a chef" goes to the Marco the user told us about before.
            candidates = await self.flow.file_people(
                self.lane_of(job.user_id), job.user_id, candidates
            )
            kept: list[Candidate] = []
            for cand in candidates:
                if cand.temporary and not job.explicit:
                    skipped.append(f"temporary:{log_key(cand.key, private=cand.sensitive)}")
                elif cand.sensitive and cand.category in SECRET_CATEGORIES and not job.explicit:
                    skipped.append(f"sensitive:{log_key(cand.key, private=True)}")
                else:
                    kept.append(cand)
            # A job is the user's own statement, made at the turn's time: what they said after
            # a forget is their new word (learned); a backlog turn said before it is not.
            await self.give_way(job.user_id)
            related = await self.flow.look_up(
                self.lane_of(job.user_id), job.user_id, kept, job.turn_time
            )
            if procedure is not None:
                # The rules decide a procedure (a new one, or the same topic's steps replaced).
                now = self.ctx.clock.now()
                said = (
                    decide_one(c, related.by_key.get(c.key, ()), explicit=explicit, now=now)
                    for c in kept
                )
                raw = [d for d in said if d is not None]
            else:
                raw = await self.auditor.decide(turn, kept, related.by_key)
            guarded = self.flow.guard_all(raw, related, explicit=explicit, said_at=job.turn_time)
            stated = frozenset(c.key for c in kept if c.stated)
            if kept:
                classify = event_log.Event(
                    "hotpath",
                    "classify",
                    user_id=job.user_id,
                    category=kept[0].category.value,
                    value=len(kept),
                )
            decisions = cap_writes(
                held_with_pending(guarded, related.known),
                stated,
                self.ctx.config.max_facts_per_turn,
            )
            links = related.links
        await self.give_way(job.user_id)
        applied = await self.ctx.lanes.run(
            self.lane_of(job.user_id),
            self.ctx.db.retrying,
            self._apply,
            job,
            decisions,
            links,
            started,
            classify,
        )
        result = LearnResult(job.turn_id, job.user_id, job.chat_id, tuple(applied), tuple(skipped))
        log.info("turn_learned", turn_id=job.turn_id, user_id=job.user_id, **result.summary())
        return result

    async def _categorized(self, job: outbox.Job, candidates: list[Candidate]) -> list[Candidate]:
        """Notes filed under a category, and what the rules do not read as private marked so
        when it is by meaning (each step skipped, logged, when the embedder fails)."""
        if self.notes is not None and any(is_note(c.key) for c in candidates):
            await self.give_way(job.user_id)
            try:
                candidates = await self.ctx.lanes.run(
                    self.lane_of(job.user_id), categorize, self.notes, candidates
                )
            except EmbedderError as exc:
                # The note is kept all the same, as ``other`` (a word list still reads
                # a sensitive topic on the write path).
                log.warning("note_category_failed", turn_id=job.turn_id, error=str(exc))
        if self.ctx.sensitivity is not None:
            # What the rules do not read as private may still be, by meaning.
            await self.give_way(job.user_id)
            try:
                candidates = await self.ctx.lanes.run(
                    self.lane_of(job.user_id), read_by_meaning, self.ctx.sensitivity, candidates
                )
            except EmbedderError as exc:
                log.warning("sensitivity_meaning_failed", turn_id=job.turn_id, error=str(exc))
        return candidates

    def _apply(
        self,
        job: outbox.Job,
        decisions: Sequence[Decision],
        links: Mapping[str, Sequence[tuple[int, float]]],
        started: float | None = None,
        classify: event_log.Event | None = None,
    ) -> list[Applied]:
        now = self.ctx.clock.now()
        ref = TurnRef(
            job.user_id, job.turn_id, job.chat_id, actor="user" if job.explicit else "observer"
        )
        # Batched (PostgreSQL): the writes whose results nothing reads (history, change log,
        # vector queue, claims, events, the job's end) go with the COMMIT instead of a round
        # trip each; a lock wait that gave up raises at the commit and ``retrying`` runs the
        # whole transaction again.
        with self.ctx.db.write(users=[job.user_id], batch=True) as conn:
            if not outbox.is_pending(conn, job.id):
                # The user was erased (or the job settled) while it was being learned:
                # nothing it decided is written, so nothing comes back after "deleted".
                log.info("learning_dropped", turn_id=job.turn_id, reason="job_gone")
                return []
            applied = self.flow.apply(conn, ref, decisions, now, links)
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
            done = _job_events(job.user_id, applied, started)
            event_log.add(conn, [classify, *done] if classify else done, to_ts(now))
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
