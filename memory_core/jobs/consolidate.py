"""Consolidation: re-read a finished session as one dialogue and learn what per-turn missed.

Seed 002: the session's user turns are read in pages (30 by default); each page is extracted
as one dialogue; two-level dedup drops candidates already known (exact within the batch,
same key and value in the store — even forgotten ones — or Jaccard ≥ 0.75 with a stored
fact); survivors go through the turn learner's own stages (``learn.lookup``, ``learn.arbitrate``,
``learn.apply``) under the idempotency key ``consolidate:<session>:<page>``, so a re-run after a
crash applies nothing twice. Only then is the session marked consolidated. Consolidation never
re-counts a mention (no noops) and never touches a key changed since the session ended by anyone
else (newer facts win).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

import structlog

from memory_core.clock import to_ts
from memory_core.errors import EmbedderError
from memory_core.extract.base import Candidate, Extractor, TurnInput, is_multi_valued_key
from memory_core.learn.apply import Applied, TurnRef
from memory_core.learn.arbitrate import (
    NEAR_DUPLICATE_JACCARD,
    Auditor,
    held_from_rejected,
    held_with_pending,
    normalise_value,
)
from memory_core.learn.decisions import Decision, Insert, Noop, Pending
from memory_core.learn.flow import Pipeline
from memory_core.learn.lookup import replaced_facts
from memory_core.runtime.executors import Lane
from memory_core.store import consolidation as repo
from memory_core.store import events as event_log
from memory_core.store import facts as fact_repo
from memory_core.store import fts
from memory_core.store.consolidation import SessionRef, UserTurn
from memory_core.text import procedures
from memory_core.text.sensitivity_meaning import read_by_meaning
from memory_core.values import Fact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.jobs.consolidate")


@dataclass(frozen=True, slots=True)
class ConsolidateConfig:
    """Page size (episodes per extraction), a bound on pages, and when a session has ended."""

    page_size: int = 30
    max_pages: int = 100
    silence: timedelta = timedelta(minutes=30)


@dataclass(frozen=True, slots=True)
class ConsolidationResult:
    """What consolidating one session did."""

    session_id: int
    user_id: str
    chat_id: str
    pages: int = 0
    candidates: int = 0
    dropped: int = 0
    applied: tuple[Applied, ...] = ()
    already: bool = False
    truncated: bool = False
    #: The session vanished (the user erased everything meanwhile): nothing was written.
    gone: bool = False

    @property
    def conflict_ids(self) -> list[int]:
        """Conflicts opened for the user to settle."""
        return [a.conflict_id for a in self.applied if a.conflict_id is not None]

    def summary(self) -> dict[str, object]:
        """A compact, log-safe description (no fact text)."""
        return {
            "session_id": self.session_id,
            "pages": self.pages,
            "candidates": self.candidates,
            "dropped": self.dropped,
            "written": sum(1 for a in self.applied if not a.replayed),
            "replayed": sum(1 for a in self.applied if a.replayed),
            "conflicts": self.conflict_ids,
            "already": self.already,
            "truncated": self.truncated,
            "gone": self.gone,
        }


@dataclass(slots=True)
class _RunState:
    """What one consolidation run has seen so far (the batch, and the store's texts)."""

    live_terms: list[frozenset[str]]
    seen: set[tuple[str, str]] = field(default_factory=set)
    #: Candidates of the current page merged into what the store already holds (seed 003
    #: §14's episodic/merge), counted until the page's write records them.
    merged: int = 0


class Consolidator:
    """Consolidates sessions: ``pending()`` lists them, ``run()`` does one, idempotently."""

    def __init__(
        self,
        ctx: Context,
        extractor: Extractor,
        auditor: Auditor,
        config: ConsolidateConfig | None = None,
    ) -> None:
        self.ctx = ctx
        #: The learning pipeline's shared stages (the same write policy as the learner's).
        self.flow = Pipeline(ctx)
        self.extractor = extractor
        self.auditor = auditor
        self.config = config or ConsolidateConfig()

    async def pending(
        self, *, user_id: str | None = None, followed_only: bool = False, limit: int = 100
    ) -> list[SessionRef]:
        """Ended, unconsolidated sessions (``followed_only``: the user has started a newer one)."""
        ended = self.ctx.clock.now() - self.config.silence

        def run() -> list[SessionRef]:
            with self.ctx.db.read() as conn:
                return repo.pending(
                    conn, ended, user_id=user_id, followed_only=followed_only, limit=limit
                )

        return await self.ctx.lanes.run(Lane.BACKGROUND, run)

    async def run(self, session_id: int) -> ConsolidationResult:
        """Consolidate one session (nothing happens if it already was)."""
        session = await self.ctx.lanes.run(Lane.BACKGROUND, self._get, session_id)
        if session is None:  # erased with its user since it was listed
            log.info("consolidation_skipped", session_id=session_id, reason="session_gone")
            return ConsolidationResult(session_id, "", "", gone=True)
        if session.consolidated_at is not None:
            return ConsolidationResult(session.id, session.user_id, session.chat_id, already=True)
        state = await self.ctx.lanes.run(Lane.BACKGROUND, self._start, session)
        applied: list[Applied] = []
        candidates = dropped = pages = 0
        after = 0
        while True:
            turns = await self.ctx.lanes.run(Lane.BACKGROUND, self._page, session, after)
            if not turns:
                break
            if pages >= self.config.max_pages:
                log.warning("consolidation_truncated", session_id=session.id, pages=pages)
                break
            after = turns[-1].id
            found, kept, done = await self._page_once(session, pages, turns, state)
            if done is None:
                log.info("consolidation_skipped", session_id=session.id, reason="session_gone")
                return ConsolidationResult(
                    session.id, session.user_id, session.chat_id, pages, gone=True
                )
            candidates += found
            dropped += found - kept
            applied += done
            pages += 1
            await asyncio.sleep(0)  # let the chat hot path run between pages
        await self.ctx.lanes.run(Lane.BACKGROUND, self._mark, session.id)
        result = ConsolidationResult(
            session.id,
            session.user_id,
            session.chat_id,
            pages,
            candidates,
            dropped,
            tuple(applied),
            truncated=bool(turns) and pages >= self.config.max_pages,
        )
        log.info("session_consolidated", user_id=session.user_id, **result.summary())
        return result

    async def _page_once(
        self, session: SessionRef, page: int, turns: Sequence[UserTurn], state: _RunState
    ) -> tuple[int, int, list[Applied] | None]:
        """Extract, dedup, arbitrate and apply one page: (found, kept, applied); applied is
        ``None`` when the session vanished before it could be written."""
        # A procedure turn was learned as one (seed 003 §12): its steps are no facts to read
        # again, nor the start of a page the procedure rules would swallow.
        said = [t.text for t in turns if procedures.detect(t.text, explicit=False) is None]
        if not said:
            return 0, 0, []
        turn = TurnInput(
            user_text="\n".join(said),
            time=turns[-1].time,
            user_name=turns[-1].speaker,
        )
        found = await self.flow.file_people(
            Lane.BACKGROUND, session.user_id, await self.extractor.extract(turn)
        )
        # "Not Lisbon but Porto": the told fact with the new words, no note of the line.
        found = await self.ctx.lanes.run(
            Lane.BACKGROUND, replaced_facts, self.ctx, session.user_id, turn.user_text, found
        )
        kept = self._dedup(found, state)
        if not kept:
            return len(found), 0, []
        kept = await self.ctx.lanes.run(Lane.BACKGROUND, self._unknown, session, kept, state)
        if not kept:
            if state.merged:  # the page's merges are still counted
                await self.ctx.lanes.run(Lane.BACKGROUND, self._apply, session, page, [], {}, state)
            return len(found), 0, []
        kept = await self._read_by_meaning(kept)
        related = await self.flow.look_up(Lane.BACKGROUND, session.user_id, kept)
        raw = await self.auditor.decide(turn, kept, related.by_key)
        # A consolidation never re-counts a mention the observer already counted.
        # Old material: never brings back what the user asked to forget, in any words.
        guarded = self.flow.guard_all(raw, related)
        # A change still asked about shows nowhere else: no note of its line (as per turn).
        asked = await self.ctx.lanes.run(Lane.BACKGROUND, _asked_about, self.ctx, session.user_id)
        guarded = held_with_pending(guarded, {**related.known, **asked})
        # A value the user rejected (or asked to forget) comes back in no note of its line.
        rejected = await self.ctx.lanes.run(Lane.BACKGROUND, _rejected, self.ctx, session.user_id)
        guarded = held_from_rejected(guarded, related.known, rejected)
        decisions = [d for d in guarded if not isinstance(d, Noop)]
        applied = await self.ctx.lanes.run(
            Lane.BACKGROUND, self._apply, session, page, decisions, related.links, state
        )
        if applied and self.ctx.vectors.enabled:
            await self.ctx.vectors.settle()
        return len(found), len(kept), applied

    async def _read_by_meaning(self, kept: list[Candidate]) -> list[Candidate]:
        """``kept`` read by the one sensitivity model's reader by meaning, as per-turn learning
        reads them (what the rules miss may still be private); unchanged without the model or
        when the embedder fails (the rules still read them on the write path)."""
        if self.ctx.sensitivity is None:
            return kept
        try:
            return await self.ctx.lanes.run(
                Lane.BACKGROUND, read_by_meaning, self.ctx.sensitivity, kept
            )
        except EmbedderError as exc:
            log.warning("sensitivity_meaning_failed", error=str(exc))
            return kept

    # ---- thread-side steps -----------------------------------------------------------------

    def _get(self, session_id: int) -> SessionRef | None:
        with self.ctx.db.read() as conn:
            return repo.get(conn, session_id)

    def _start(self, session: SessionRef) -> _RunState:
        with self.ctx.db.read() as conn:
            texts = repo.live_texts(conn, session.user_id)
        return _RunState([fts.tokens(t) for t in texts])

    def _page(self, session: SessionRef, after: int) -> list[UserTurn]:
        with self.ctx.db.read() as conn:
            return repo.user_turns(conn, session, after, self.config.page_size)

    def _dedup(self, found: Sequence[Candidate], state: _RunState) -> list[Candidate]:
        """Level one: exact duplicates within the batch; one value per single-valued key (the
        last said wins); nothing temporary or sensitive."""
        last_by_key: dict[str, Candidate] = {}
        for cand in found:
            if cand.temporary or cand.sensitive:
                continue
            ident = (cand.key, normalise_value(cand.value_text))
            if ident in state.seen:
                continue
            state.seen.add(ident)
            slot = cand.key if not is_multi_valued_key(cand.key) else f"{cand.key}\x00{ident[1]}"
            last_by_key[slot] = cand
        return list(last_by_key.values())

    def _unknown(
        self, session: SessionRef, kept: list[Candidate], state: _RunState
    ) -> list[Candidate]:
        """Level two: drop what the store already holds — the same key and value in any
        status (a forgotten fact is never re-learned), or a text with Jaccard ≥ 0.75 — and
        keys changed since the session ended by anyone else (newer facts win)."""
        with self.ctx.db.read() as conn:
            by_key = repo.values_by_key(conn, session.user_id, sorted({c.key for c in kept}))
            stale = repo.keys_changed_since(conn, session.user_id, session.last_seen)
        out = []
        for cand in kept:
            if cand.key in stale:
                continue
            value = normalise_value(cand.value_text)
            if any(normalise_value(v) == value for _s, v in by_key.get(cand.key, ())):
                state.merged += 1
                continue
            terms = fts.tokens(cand.value_text)
            if any(fts.jaccard(terms, t) >= NEAR_DUPLICATE_JACCARD for t in state.live_terms):
                state.merged += 1
                continue
            out.append(cand)
        return out

    def _apply(
        self,
        session: SessionRef,
        page: int,
        decisions: Sequence[Decision],
        links: Mapping[str, Sequence[tuple[int, float]]],
        state: _RunState,
    ) -> list[Applied] | None:
        ref = TurnRef(
            session.user_id,
            f"consolidate:{session.id}:{page}",
            session.chat_id,
            actor="consolidator",
        )
        with self.ctx.db.write(users=[session.user_id]) as conn:
            # Checked in the write that applies: a /forgetme since the page was read took the
            # session with it, and nothing of the user may be written back.
            if repo.get(conn, session.id) is None:
                return None
            now = self.ctx.clock.now()
            applied = self.flow.apply(conn, ref, decisions, now, links)
            for a in applied:
                if a.fact is not None and a.fact.status in (Status.ACTIVE, Status.PENDING):
                    state.live_terms.append(fts.tokens(a.fact.value_text))
            event_log.add(
                conn, _episodic_events(session.user_id, applied, state.merged), to_ts(now)
            )
            state.merged = 0
        return applied

    def _mark(self, session_id: int) -> None:
        with self.ctx.db.write() as conn:
            repo.mark_consolidated(conn, session_id, self.ctx.clock.now())


def _episodic_events(
    user_id: str, applied: Sequence[Applied], merged: int
) -> list[event_log.Event]:
    """Seed 003 §14's episodic events of one page: a fact created or updated from the
    session, and the candidates merged into what memory already held (``value``: how many)."""
    out = [
        event_log.Event(
            "episodic",
            "create" if isinstance(a.decision, Insert | Pending) else "update",
            "replayed" if a.replayed else "ok",
            user_id,
            memory_id=a.fact.id if a.fact else None,
            category=a.fact.category.value if a.fact else None,
        )
        for a in applied
        if a.fact is not None
    ]
    if merged:
        out.append(event_log.Event("episodic", "merge", user_id=user_id, value=merged))
    return out


def _asked_about(ctx: Context, user_id: str) -> dict[int, Fact]:
    """The user's changes still waiting for their answer (a page reads their lines again)."""
    with ctx.db.read() as conn:
        waiting = fact_repo.list_facts(
            conn, user_id, SearchFilters(statuses=(Status.PENDING,)), limit=_ASKED_READ
        )
    return {f.id: f for f in waiting}


#: At most this many waiting changes are read per page (a user has a few at most).
_ASKED_READ = 100


def _rejected(ctx: Context, user_id: str) -> list[Fact]:
    """The user's deleted facts, newest first (a value rejected with the button, or
    forgotten): a page's lines read again bring none of them back in a note."""
    with ctx.db.read() as conn:
        return fact_repo.list_facts(
            conn, user_id, SearchFilters(statuses=(Status.DELETED,)), limit=_REJECTED_READ
        )


#: At most this many deleted facts are read per page (the newest: what a session said).
_REJECTED_READ = 200
