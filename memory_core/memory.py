"""The memory facade: one object the bot talks to. Async methods run the store in threads.

It owns the database, the thread lanes and the vector index (``memory.vectors``); SQL stays in
``store``; ranking stays in ``retrieve``. Writes commit first, vectors follow from the
persisted queue. Store work reaches a thread one way: ``run(lane, fn, ...)`` (``read`` and
``write`` wrap one repository call in a transaction on the way).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import structlog
from sqlalchemy import Connection

from memory_core.categories import CategoryPolicy, Consumer, ContextMode
from memory_core.clock import Clock
from memory_core.config import ImportLimits, MemoryConfig
from memory_core.context import Context
from memory_core.db.engine import Database
from memory_core.db.migrations import migrate
from memory_core.embed import Embedder
from memory_core.errors import EmbedderError, NotFoundError
from memory_core.extract.base import Candidate
from memory_core.extract.replacements import replacements_in
from memory_core.extract.sensitive import find_sensitive, holds_spoken_code, redact
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.jobs import profile as profile_job
from memory_core.jobs import questions
from memory_core.jobs import reflection as reflection_job
from memory_core.learn import resolve
from memory_core.learn.arbitrate import opposite_key
from memory_core.learn.lookup import replaced_facts
from memory_core.ops.metrics import Prices
from memory_core.ops.operations import Operations
from memory_core.read import entities
from memory_core.read import faded as faded_read
from memory_core.read import query as query_mod
from memory_core.read.about import entity_info
from memory_core.read.answer import ANSWER_K, answering, plain_question, relevant
from memory_core.read.disclosure import is_private, private_text, shown
from memory_core.read.query import MemoryQuery, QueryResult
from memory_core.read.recall import MemoryBlock, Recall, is_question, is_trivial
from memory_core.read.recall import build as build_block
from memory_core.read.search import search_on_thread
from memory_core.runtime.executors import Lane, Lanes
from memory_core.runtime.leases import LeaseKeeper
from memory_core.store import applied_actions as applied_repo
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store import fts, meta, sessions, users
from memory_core.store import leases as lease_repo
from memory_core.store import outbox as outbox_repo
from memory_core.store import relations as relation_repo
from memory_core.store.rows import owner_token
from memory_core.text import procedures
from memory_core.text.cleaning import (
    clip_episode,
)
from memory_core.text.language import detect_language, warm_up
from memory_core.text.sensitivity_meaning import SensitivityModel, read_by_meaning
from memory_core.user import edits, groups, imports, linking, memory_md, revisions
from memory_core.user import erase as user_data
from memory_core.user.remember import remember_in
from memory_core.user.tools import MemoryTools, OnDemandGauge
from memory_core.user.view import UserView
from memory_core.values import (
    RETRIEVABLE,
    SECRET_CATEGORIES,
    Audience,
    Category,
    Change,
    Episode,
    Fact,
    HistoryEntry,
    ItemKind,
    NewEpisode,
    NewFact,
    SearchFilters,
    SearchHit,
    SearchMode,
    Status,
    Topic,
)
from memory_core.vectors import VectorIndex

#: Kinds of memory that are the bot's words, not the user's: they never answer a question.
_NOT_TOLD = frozenset({"reflection", "insight"})
#: Between a user name and its password in a login ("ana.k / Passw0rd", "kfox pass Marble#19").
_LOGIN_PARTS = re.compile(r"\s*(?:/|\||,|\band\b|\bpw\b|\bpass(?:word)?\b)\s*(?::\s*)?")
log = structlog.get_logger("memory_core")
#: Meta keys of the streamed answers on screen.
DRAFT = "draft:"
T = TypeVar("T")
P = ParamSpec("P")
#: "No limit" for a query's LIMIT (both stores take a big number; an export is never cut).
_ALL_ROWS = 2**62
#: How long the issuer's yes waits for the claimant's last turns to be learned (merged, not lost).
LINK_LEARN_WAIT_S = 10.0


class Memory:
    """Store, search and audit one bot's memories; every method is scoped to one user."""

    def __init__(
        self,
        db: Database,
        embedder: Embedder | None,
        clock: Clock | None = None,
        config: MemoryConfig | None = None,
    ) -> None:
        #: What the engine's parts work with (they take this, never the facade).
        self.ctx = Context.build(db, embedder, clock, config)
        #: How many recent turns used memory_query, and its cap.
        self.on_demand = OnDemandGauge(
            self.ctx.config.on_demand_max_share, self.ctx.config.on_demand_window
        )
        #: Erasures running in this process, by user (a second request joins the first).
        self._erasures: dict[str, asyncio.Future[user_data.Erasure]] = {}
        #: Erasures of one linked identity running in this process, by identity.
        self._leavings: dict[str, asyncio.Future[user_data.Erasure]] = {}

    # The context's parts, for the facade's own methods and its callers.
    @property
    def db(self) -> Database:
        """The database."""
        return self.ctx.db

    @property
    def lanes(self) -> Lanes:
        """The thread lanes store work runs on."""
        return self.ctx.lanes

    @property
    def clock(self) -> Clock:
        """The engine's clock."""
        return self.ctx.clock

    @property
    def config(self) -> MemoryConfig:
        """The engine's settings."""
        return self.ctx.config

    @config.setter
    def config(self, config: MemoryConfig) -> None:
        self.ctx.config = config

    @property
    def embedder(self) -> Embedder | None:
        """The embedder (``None``: no vectors)."""
        return self.ctx.embedder

    @property
    def sensitivity(self) -> SensitivityModel | None:
        """The sensitivity model's reader by meaning, if the embedder has one."""
        return self.ctx.sensitivity

    @property
    def vectors(self) -> VectorIndex:
        """The vector index."""
        return self.ctx.vectors

    @property
    def owner(self) -> str:
        """This process's id as the holder of leases."""
        return self.ctx.owner

    @owner.setter
    def owner(self, owner: str) -> None:
        self.ctx.owner = owner

    @property
    def leases(self) -> LeaseKeeper:
        """This process's lease keeper."""
        return self.ctx.leases

    @property
    def erase_listeners(self) -> list[Callable[[str], None]]:
        """Called with a user id once that user is erased."""
        return self.ctx.erase_listeners

    # ---- lifecycle -------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | str,
        embedder: Embedder | None,
        clock: Clock | None = None,
        config: MemoryConfig | None = None,
    ) -> Memory:
        """Open (creating and migrating) the database and check the embedding model lock."""
        db = Database(path)
        try:
            applied = migrate(db)
        except Exception:
            db.dispose()
            raise
        if applied:
            log.info("schema_migrated", path=db.location, applied=applied)
        memory = cls(db, embedder, clock, config)
        memory.vectors.check_model_lock()
        # The language model loads (~2 s of CPU) beside start-up, not on the first user's reply.
        threading.Thread(target=warm_up, name="language-warm-up", daemon=True).start()
        return memory

    def close(self) -> None:
        """Release the database connections, the threads and the cached vector matrices."""
        self.ctx.close()

    @property
    def vectors_enabled(self) -> bool:
        """Whether vector search is on (the bot reports it; the CLI warns when it is off)."""
        return self.vectors.enabled

    @property
    def vector_problem(self) -> str | None:
        """Why vector search is off, in words for an operator (``None`` while it is on)."""
        return self.vectors.problem

    def readiness_problems(self, max_lag_s: float) -> tuple[list[str], list[str]]:
        """Why this process should not be sent work now, and what an operator should know
        without that, in words (both empty when all is well): its database session is being
        re-established or the database does not answer (problems); learning is more than
        ``max_lag_s`` behind (a warning: the one queue is as far behind for every replica, and
        taking them all out of rotation would stop replies without speeding learning up). One
        indexed query; blocks briefly."""
        problems, warnings = [], []
        if not self.leases.healthy:
            problems.append("re-establishing the database session")
        try:
            with self.db.read() as conn:
                due = outbox_repo.next_due_at(conn)
        except Exception as exc:  # any failure to read is the answer itself
            problems.append(f"database unreachable ({type(exc).__name__})")
        else:
            lag = 0.0 if due is None else self.clock.now().timestamp() - due
            if lag > max_lag_s:
                warnings.append(f"learning is {lag:.0f} s behind")
        return problems, warnings

    async def readiness(self, max_lag_s: float) -> tuple[list[str], list[str]]:
        """:meth:`readiness_problems`, on a reply thread (for ``/readyz``)."""
        return await self.run(Lane.REPLY, self.readiness_problems, max_lag_s)

    async def in_background(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run blocking operator work ``fn(*args, **kwargs)`` on a background thread (it
        yields the CPU to replies): metrics, reports."""
        return await self.run(Lane.BACKGROUND, fn, *args, **kwargs)

    def operations(self, *, prices: Prices | None = None) -> Operations:
        """The operator's door on this memory's database (counts, metrics, job runs, its
        file); ``prices``: the operator's LLM prices."""
        return Operations(self.db, prices=prices)

    def reindex_blocking(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Re-embed everything with the configured model (``membot admin reindex``; blocks)."""
        return self.vectors.reindex(progress)

    # ---- thread lanes ----------------------------------------------------------------------

    async def run_until_done(self, lane: Lane, fn: Callable[[], T], /, *, failure: str) -> T:
        """Run ``fn`` on ``lane`` until it succeeds (see :meth:`Lanes.run_until_done`)."""
        return await self.ctx.lanes.run_until_done(lane, fn, failure=failure)

    async def run(self, lane: Lane, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run blocking store work ``fn(*args, **kwargs)`` on ``lane``'s threads."""
        return await self.ctx.lanes.run(lane, fn, *args, **kwargs)

    async def read(
        self,
        lane: Lane,
        fn: Callable[Concatenate[Connection, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run one repository read ``fn(conn, *args, **kwargs)`` in a read transaction."""
        return await self.ctx.lanes.read(lane, fn, *args, **kwargs)

    async def write(
        self,
        lane: Lane,
        fn: Callable[Concatenate[Connection, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run one repository write ``fn(conn, *args, **kwargs)`` in a write transaction."""
        return await self.ctx.lanes.write(lane, fn, *args, **kwargs)

    async def write_for(
        self,
        lane: Lane,
        fn: Callable[Concatenate[Connection, str, P], T],
        user_id: str,
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run ``fn(conn, user_id, ...)`` holding ``user_id``'s write lock (see :class:`Lanes`)."""
        return await self.ctx.lanes.write_for(lane, fn, user_id, *args, **kwargs)

    # ---- writes ----------------------------------------------------------------------------

    async def remember(
        self,
        user_id: str,
        new: NewFact,
        *,
        actor: str = "user",
        reason: str | None = "explicit remember",
    ) -> Fact:
        """Store a fact; an identical active fact is refreshed instead of duplicated."""
        fact = await self.run(Lane.REPLY, self._remember, user_id, new, actor, reason)
        await self.vectors.settle()
        return fact

    def _remember(self, user_id: str, new: NewFact, actor: str, reason: str | None) -> Fact:
        new = self.read_by_meaning(new)
        with self.db.write(users=[user_id]) as conn:
            return remember_in(self.ctx, conn, user_id, new, actor, reason, self.clock.now())

    async def set_status(
        self,
        user_id: str,
        fact_id: int,
        status: Status,
        *,
        actor: str = "user",
        reason: str | None = None,
        event: str | None = None,
    ) -> Fact:
        """Move one of the user's facts to ``status`` (history, revision, vectors follow)."""
        fact = await self.run(
            Lane.REPLY, self._set_status, user_id, fact_id, status, actor, reason, event
        )
        await self.vectors.settle()
        return fact

    def _set_status(
        self,
        user_id: str,
        fact_id: int,
        status: Status,
        actor: str,
        reason: str | None,
        event: str | None,
    ) -> Fact:
        now = self.clock.now()
        with self.db.write(users=[user_id]) as conn:
            before = fact_repo.get(conn, user_id, fact_id)
            # A faded fact can still be forgotten (then it is guarded like any forgotten one).
            forgetting_faded = before is not None and before.faded and status == Status.DELETED
            if before is None or (before.status == Status.DELETED and not forgetting_faded):
                raise NotFoundError(f"no memory #{fact_id}")
            fields: dict[str, Any] = {"status": status}
            if status in (Status.SUPERSEDED, Status.EXPIRED, Status.DELETED):
                fields["valid_to"] = now
            if status == Status.DELETED:
                fields["deleted_at"] = now
            name = event or {
                Status.DELETED: "deleted",
                Status.EXPIRED: "expired",
                Status.SUPERSEDED: "superseded",
            }.get(status, "updated")
            after = fact_repo.transition(
                conn, user_id, before, now, event=name, actor=actor, reason=reason, **fields
            )
            if (before.status in RETRIEVABLE) != (after.status in RETRIEVABLE):
                self.vectors.queue_fact(conn, after)
            else:
                self.vectors.set_fact_status(conn, after)
            if status == Status.DELETED and before.kind in ("fact", "procedure"):
                self._forget_quotes(conn, user_id, before, now)
                if reason == "forget":
                    # A forgotten procedure's steps leave the turns that told them too.
                    self._forget_turns(conn, user_id, before)
        log.info(f"fact_{name}", user_id=user_id, fact_id=fact_id, actor=actor)
        return after

    def _forget_quotes(self, conn: Connection, user_id: str, gone: Fact, now: datetime) -> None:
        """A reflection (or insight) that quotes a forgotten fact is forgotten with it: it
        would otherwise keep the fact alive in recall and in every prompt."""
        quoted = gone.value_text.rstrip(".").casefold()
        # The bot's words, not the user's: every one of them (a user's 500 newest facts
        # need not hold a year of weekly reflections).
        ours = SearchFilters(kinds=("reflection", "insight"))
        for fact in fact_repo.list_facts(conn, user_id, ours, limit=100_000):
            named = reflection_job.names(fact, gone.id)
            if named or (quoted and quoted in fact.value_text.casefold()):
                after = fact_repo.delete(
                    conn,
                    user_id,
                    fact,
                    now,
                    actor="system",
                    reason=f"quoted forgotten memory #{gone.id}",
                )
                self.vectors.queue_fact(conn, after)

    def _forget_turns(self, conn: Connection, user_id: str, gone: Fact) -> None:
        """The turns that told (or repeated) a forgotten fact are blanked with it: the model is
        sent the chat's recent turns with every reply, and the offline answers quote old
        turns — a forgotten "I have HIV …" must reach neither (nor a later consolidation)."""
        turns = {gone.source_turn_id} | {
            e.turn_id for e in fact_repo.history(conn, user_id, fact_id=gone.id)
        }
        # A memory tool's write is recorded under "<turn>:tool:<n>": the turn is "<turn>".
        told = {t.split(":tool:", 1)[0] for t in turns if t}
        blanked = episode_repo.forget_turns(conn, user_id, told)
        outbox_repo.forget_turns(conn, user_id, told, episode_repo.FORGOTTEN)
        self.vectors.queue_episode_deletes(conn, user_id, blanked)
        if blanked:
            log.info("turns_forgotten", user_id=user_id, fact_id=gone.id, episodes=len(blanked))

    async def forget(self, user_id: str, fact_id: int, *, actor: str = "user") -> Fact:
        """Soft-delete one fact: status deleted, history row, gone from FTS and vectors."""
        return await self.set_status(user_id, fact_id, Status.DELETED, actor=actor, reason="forget")

    async def forget_matching(self, user_id: str, query: str, *, limit: int = 20) -> list[Fact]:
        """Forget every retrievable fact that contains all the words of ``query``."""
        ids = await self.run(Lane.REPLY, self._all_terms_matches, user_id, query, limit)
        return [await self.forget(user_id, fid) for fid in ids]

    def _all_terms_matches(self, user_id: str, query: str, limit: int) -> list[int]:
        expr = fts.match_expression(query, owner_token(user_id), all_terms=True)
        if expr is None:
            return []
        with self.db.read() as conn:
            return fact_repo.matching_all_terms(conn, user_id, expr, limit)

    async def record_episodes(self, user_id: str, episodes: Sequence[NewEpisode]) -> list[int]:
        """Record raw turns (text cleaned, a long one cut like the observer cuts it); vectors
        are queued."""
        cleaned = [replace(e, text=clip_episode(e.text)) for e in episodes]
        return await self.run(Lane.REPLY, self._record_episodes, user_id, cleaned)

    def _record_episodes(self, user_id: str, episodes: Sequence[NewEpisode]) -> list[int]:
        episodes = [
            replace(e, language=detect_language(e.text))
            if e.role == "user" and e.language is None
            else e
            for e in episodes
        ]
        with self.db.write(users=[user_id]) as conn:
            ids = episode_repo.insert_many(conn, user_id, episodes)
            self.vectors.queue_episodes(conn, user_id, ids, episodes)
        return ids

    # ---- reads -----------------------------------------------------------------------------

    async def user_language(self, user_id: str) -> str | None:
        """The language of the user's latest message it could be told from (ISO 639-1)."""
        return await self.read(Lane.REPLY, episode_repo.latest_language, user_id)

    async def user_speaker(self, user_id: str) -> str | None:
        """The name the user's latest message came with (the platform's display name): what
        the facts learned from them call them ("Ana's home city…")."""
        return await self.read(Lane.REPLY, episode_repo.latest_speaker, user_id)

    async def search(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        mode: SearchMode = "hybrid",
        kind: ItemKind = "facts",
        filters: SearchFilters | None = None,
        touch: bool = False,
    ) -> list[SearchHit]:
        """Ranked facts or episodes of this user for ``query`` (never raises on odd text)."""
        return await self.run(
            Lane.REPLY,
            search_on_thread,
            self.ctx,
            user_id,
            query,
            k=k,
            mode=mode,
            kind=kind,
            filters=filters,
            touch=touch,
        )

    async def get_fact(self, user_id: str, fact_id: int) -> Fact:
        """One of this user's facts (any status but deleted)."""
        fact = await self.read(Lane.REPLY, fact_repo.get, user_id, fact_id)
        if fact is None or fact.status == Status.DELETED:
            raise NotFoundError(f"no memory #{fact_id}")
        return fact

    async def list_facts(
        self,
        user_id: str,
        filters: SearchFilters | None = None,
        *,
        limit: int = 50,
        offset: int = 0,
    ) -> list[Fact]:
        """This user's facts, newest first."""
        return await self.read(
            Lane.REPLY, fact_repo.list_facts, user_id, filters or SearchFilters(), limit, offset
        )

    async def history(
        self, user_id: str, *, fact_id: int | None = None, key: str | None = None
    ) -> list[HistoryEntry]:
        """The audit trail of one fact (by id) or of a key, oldest first."""
        return await self.read(Lane.REPLY, fact_repo.history, user_id, fact_id=fact_id, key=key)

    async def changes_since(self, user_id: str, rev: int, limit: int = 50) -> list[Change]:
        """This user's change log entries after ``rev``, newest first."""
        return await self.read(Lane.REPLY, fact_repo.changes_since, user_id, rev, limit)

    async def recent_episodes(
        self, user_id: str, *, chat_id: str | None = None, limit: int = 20
    ) -> list[Episode]:
        """The user's latest turns, oldest first."""
        return await self.read(
            Lane.REPLY, episode_repo.recent, user_id, chat_id=chat_id, limit=limit
        )

    @staticmethod
    def redact(text: str) -> str:
        """``text`` with every secret value ("my gmail pw is …", "door code is four seven …")
        replaced by ``[redacted]``: what a model, a log or an echo may see of a user's words."""
        return redact(text)

    @staticmethod
    def holds_spoken_code(text: str) -> bool:
        """Whether ``text`` holds a code said aloud ("six one three zero"): never echoed."""
        return holds_spoken_code(text)

    @staticmethod
    def secret_values(text: str) -> tuple[str, ...]:
        """The secret values said in ``text`` (to mask them wherever a reply repeats them)."""
        values: list[str] = []
        for span in find_sensitive(text):
            value = span.text_in(text)
            values.append(value)
            if span.label.endswith("login"):  # "ana.k / Passw0rd": each half is secret too
                values += [p for p in _LOGIN_PARTS.split(value) if p]
        return tuple(values)

    def learns_from(self, text: str) -> bool:
        """Whether a user's message is learned from (auto-extraction, or an explicit ask)."""
        return self.ctx.learns_from(text)

    def read_by_meaning(self, new: NewFact) -> NewFact:
        """``new`` marked sensitive when the sensitivity model reads it so by meaning."""
        return self.ctx.read_by_meaning(new)

    async def meets_known(self, user_id: str, keys: Sequence[str]) -> bool:
        """Whether a statement with these keys meets something the user told before (in any
        status, the opposite liking too): only then can learning keep other than what a
        preview read (a change asked about first, a forgotten fact not learned again), so only
        then need a reply wait for learning to say what was saved."""
        return bool(await self.read(Lane.REPLY, _known_keys, user_id, keys))

    async def private_by_meaning(self, texts: Sequence[str]) -> list[bool]:
        """Whether each text reads as private by meaning (the sensitivity model, any language:
        "Je prends de l'insuline"), so an acknowledgement does not say it back. All False
        without the model or when the embedder fails (the write path still reads them)."""
        if self.sensitivity is None or not texts:
            return [False] * len(texts)
        try:
            topics = await self.run(Lane.REPLY, self.sensitivity.topics, list(texts))
        except EmbedderError as exc:
            log.warning("sensitivity_meaning_failed", error=str(exc))
            return [False] * len(texts)
        return [topic is not None for topic in topics]

    async def with_replacements(
        self, user_id: str, text: str, candidates: Sequence[Candidate]
    ) -> list[Candidate]:
        """A statement's ``candidates`` as learning will read them when it corrects a told
        fact on its own ("three cats, not two": the fact with the new words, no note of the
        line), so the acknowledgement names the corrected fact (``learn/lookup``)."""
        if not replacements_in(text):
            return list(candidates)
        return await self.run(Lane.REPLY, replaced_facts, self.ctx, user_id, text, list(candidates))

    async def kept_only_when_asked(self, candidates: Sequence[Candidate]) -> list[bool]:
        """Whether learning leaves each of a statement's ``candidates`` out unless the user
        asks (``/remember``): money, secrets and documents, read by the rules or by meaning as
        learning reads them — so an acknowledgement never says such a one was saved."""
        read = list(candidates)
        if self.sensitivity is not None and read:
            try:
                read = await self.run(Lane.REPLY, read_by_meaning, self.sensitivity, read)
            except EmbedderError as exc:  # learning reads them again (and logs it too)
                log.warning("sensitivity_meaning_failed", error=str(exc))
        return [c.sensitive and c.category in SECRET_CATEGORIES for c in read]

    @staticmethod
    def is_private_text(text: str) -> bool:
        """Whether ``text`` speaks of something private (health, money, documents, secrets, a
        special category such as religion or a criminal record): never echoed to a group."""
        return private_text(text)

    async def read_topic(self, text: str) -> Topic | None:
        """What makes a user's message private (None: nothing): the one sensitivity model —
        the rules, then, when they find nothing and an embedder fits, the meaning reader on a
        reply thread (one passage embedding; off the event loop). Says whether a message needs
        a caring reply (``Topic.SELF_HARM``) and whether a group may hear any of it back. A
        rule's health or confided reading is read by meaning too: the crisis reader may take
        it for self-harm ("between us, I think about not waking up")."""
        found = sensitive_topic(text)
        if found not in (None, Topic.HEALTH, Topic.CONFIDED) or self.sensitivity is None:
            return found
        if not text.strip():
            return found
        model = self.sensitivity
        try:
            (topic,) = await self.run(Lane.REPLY, model.topics, [text])
        except EmbedderError as exc:  # the rules' answer stands
            log.warning("sensitivity_meaning_failed", error=str(exc))
            return found
        return topic

    async def committed_answer(self, user_id: str, turn_id: str) -> str | None:
        """The bot's stored answer to one of the user's turns (``None``: never committed)."""
        return await self.read(Lane.REPLY, episode_repo.answer_of, user_id, turn_id)

    # ---- streamed answers on screen (so a restart can finish what a killed process left) ----

    async def note_draft(self, key: str, record: str | None) -> None:
        """Note a streamed answer this process shows under ``key`` (``None``: finished)."""
        noted = None if record is None else json.dumps({"owner": self.owner, "record": record})
        await self.run(Lane.REPLY, self._note_draft, key, noted)

    def _note_draft(self, key: str, noted: str | None) -> None:
        # One row of this process's own, written or deleted whole: row locks are enough
        # (PostgreSQL), so the reply path takes no database-wide lock for it. Taking a dead
        # process's drafts (below) still excludes every writer.
        with self.db.write(serial=False) as conn:
            if noted is None:
                meta.delete(conn, DRAFT + key)
            else:
                meta.put(conn, DRAFT + key, noted)

    async def take_drafts(self, prefix: str) -> dict[str, str]:
        """The drafts noted under ``prefix`` by processes that died before finishing them,
        each handed out once (another replica's live stream is its own)."""
        return await self.write(Lane.REPLY, self._take_drafts, prefix)

    def _take_drafts(self, conn: Connection, prefix: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, raw in meta.with_prefix(conn, DRAFT + prefix).items():
            noted = json.loads(raw)
            owner = str(noted["owner"])
            if owner != self.owner and not lease_repo.owner_alive(conn, owner):
                meta.delete(conn, DRAFT + prefix + key)
                out[key] = str(noted["record"])
        return out

    def view(self, user_id: str, audience: Audience) -> UserView:
        """One user's memory as ``audience`` may see it (what the bot shows goes through it)."""
        return UserView(self, user_id, audience)

    def tools(
        self,
        user_id: str,
        audience: Audience,
        *,
        turn_id: str,
        chat_id: str | None = None,
        user_name: str | None = None,
        user_text: str = "",
    ) -> MemoryTools:
        """The memory tools a reply model may call during one turn of ``user_id``, showing
        and changing only what ``audience`` may see, through the usual write policy
        (``user_text``: the user's message, whose own words may end or forget a fact)."""
        return MemoryTools(
            self,
            user_id,
            audience,
            turn_id=turn_id,
            chat_id=chat_id,
            user_name=user_name,
            user_text=user_text,
        )

    async def query(
        self,
        user_id: str,
        request: MemoryQuery,
        *,
        consumer: Consumer = Consumer.TOOLS,
        audience: Audience = Audience.PRIVATE,
    ) -> QueryResult:
        """One scoped read (seed 003 §6): ``request``'s categories must be in ``consumer``'s
        allowlist for ``audience`` (else ``CategoryNotAllowedError``, nothing read); its
        filters, threshold, top_k and token budget apply inside; facts as ``audience`` may
        see them."""
        return await self.run(
            Lane.REPLY,
            query_mod.run_on_thread,
            self.ctx,
            user_id,
            request,
            consumer=consumer,
            audience=audience,
        )

    # ---- recall: what one chat turn reads ----------------------------------------------------

    async def recall(
        self,
        user_id: str,
        text: str,
        *,
        chat_id: str,
        group: bool,
        private_chat: bool = False,
        turn_id: str | None = None,
        identity: str | None = None,
        group_key: str | None = None,
        keys: Sequence[str] = (),
        by_meaning: bool = True,
    ) -> Recall:
        """Settings, hits, the memory block and this chat's history for one turn, in one trip
        to a reply thread. ``group_key``: the group memory of the chat it was asked in (its
        matching facts come as ``group_hits``; nothing private). ``private_chat``: the turn
        came from the user's private chat (remembered as where to reach them, with the
        ``identity`` it belongs to). In a group nothing sensitive is read. ``turn_id``: when
        its answer was committed already (a redelivered update), only that is said. ``keys``:
        a statement's keys, of which ``known_keys`` says those meeting something told before
        (what :meth:`meets_known` says, without a trip of its own). ``by_meaning`` False: the
        facts are searched by their words only (no query embedding, ~12 ms of CPU), for a
        reply that reads no hits (the offline acknowledgement of a statement)."""
        return await self.run(
            Lane.REPLY,
            self._recall,
            user_id,
            text,
            chat_id,
            group,
            private_chat,
            turn_id,
            identity,
            group_key,
            keys,
            by_meaning,
        )

    def _recall(
        self,
        user_id: str,
        text: str,
        chat_id: str,
        group: bool,
        private_chat: bool,
        turn_id: str | None = None,
        identity: str | None = None,
        group_key: str | None = None,
        keys: Sequence[str] = (),
        by_meaning: bool = True,
    ) -> Recall:
        config = self.config.recall
        with self.db.read() as conn:
            settings = users.get(conn, user_id)
            answer = None if turn_id is None else episode_repo.answer_of(conn, user_id, turn_id)
            if answer is not None:
                empty = MemoryBlock("", 0, ())
                return Recall(settings, [], empty, [], True, answered=True, answer=answer)
        if private_chat and (
            settings.private_chat != chat_id or settings.private_identity != identity
        ):
            self._note_private_chat(user_id, chat_id, identity)
        trivial = is_trivial(text)
        block = MemoryBlock("", 0, ())
        hits: list[SearchHit] = []
        candidates: list[SearchHit] = []
        if not trivial:
            audience = Audience.GROUP if group else Audience.PRIVATE
            # The reply's allowlist (a group's narrows it: nothing sensitive) is the search's
            # own filter: what the reply may not read is never read.
            allowed = self.config.categories.allowed(Consumer.REPLY, audience)
            filters = SearchFilters(
                exclude_categories=tuple(sorted(set(Category) - allowed)),
            )
            # A question reads as deep as answering it needs (one query embedding serves
            # both); the block keeps only the relevant hits (the score floor).
            question = is_question(text)
            k = max(config.search_k, ANSWER_K) if question else config.search_k
            query = plain_question(text) if question else text
            found = search_on_thread(
                self.ctx,
                user_id,
                query,
                k=k,
                filters=filters,
                topics=question,
                mode="hybrid" if by_meaning else "lexical",
            )
            candidates = [
                replace(h, fact=shown(h.fact, audience)) if h.fact is not None else h
                for h in found
                if h.fact is None or not (group and is_private(h.fact))
            ]
            kept = relevant(candidates)
            if question:
                # What answers the question by meaning leads the block, even below the floor or
                # the fused top k (the LLM sees the fact the offline answer would quote).
                told = [h for h in candidates if h.fact is None or h.fact.kind not in _NOT_TOLD]
                chosen = answering(told, question=query)
                if not chosen and by_meaning:
                    # Only a memory that faded answers: it is answered, and back by use.
                    restored = self._faded_answer(user_id, query, told, filters, group)
                    found, candidates, chosen = (
                        [*found, *restored],
                        [
                            *candidates,
                            *(replace(h, fact=shown(h.fact, audience)) for h in restored if h.fact),
                        ],
                        restored,
                    )
                kept = list({h.id: h for h in [*chosen, *kept]}.values())
            hits = kept[: config.search_k]
            # The block is for the model: its secrets masked whole (the hits keep the last
            # four characters the user sees in an answer).
            raw = {h.fact.id: h.fact for h in found if h.fact is not None}
            to_model = [
                replace(h, fact=shown(raw[h.fact.id], audience, tail=False))
                if h.fact is not None
                else h
                for h in hits
            ]
            block = self._memory_block(user_id, to_model, settings.seen_rev, group)
        episodes: list[SearchHit] = []
        if not trivial and not group and is_question(text):
            # What the user said before, for an answer no fact gives ("what did I say about
            # the trip?"): lexical only (no second query embedding on the reply path), and
            # never in a group, where another chat's words must not surface.
            found = search_on_thread(self.ctx, user_id, text, k=8, mode="lexical", kind="episodes")
            episodes = [
                h
                for h in found
                if h.episode is not None
                and h.episode.role == "user"
                and h.episode.text != episode_repo.FORGOTTEN
                and not is_question(h.episode.text)
            ]
        group_hits: list[SearchHit] = []
        if group_key is not None and group and not trivial:
            # The chat's own memory (memory_core.user.groups): read in that chat only.
            found = search_on_thread(self.ctx, group_key, text, k=ANSWER_K)
            group_hits = [
                h
                for h in found
                if h.fact is not None
                and h.fact.kind == "fact"
                and h.fact.status == Status.ACTIVE  # not a change waiting for the admins
                and not is_private(h.fact)
            ]
        topic = None if trivial else procedures.asked_topic(text)
        audience = Audience.GROUP if group else Audience.PRIVATE
        with self.db.read() as conn:
            recent = episode_repo.recent(conn, user_id, chat_id=chat_id, limit=config.history_turns)
            asked = [] if topic is None else self._procedures_in(conn, user_id, topic, audience)
            about = self._about(conn, user_id, text, audience) if is_question(text) else ()
            known = _known_keys(conn, user_id, keys)
        # Turns blanked by a forget are not sent at all (a placeholder says nothing useful).
        history = [(e.role, e.text) for e in recent if e.text != episode_repo.FORGOTTEN]
        return Recall(
            settings,
            hits,
            block,
            history,
            trivial,
            episodes,
            candidates=candidates,
            procedure_topic=topic,
            asks_steps=topic is not None and procedures.asks_for_steps(text),
            procedures=asked,
            about=about,
            group_hits=group_hits,
            known_keys=known,
        )

    def _faded_answer(
        self,
        user_id: str,
        question: str,
        told: Sequence[SearchHit],
        filters: SearchFilters,
        group: bool,
    ) -> list[SearchHit]:
        """The asking user's faded facts that answer a question nothing else answers, brought
        back by use (``read.faded``): what the reply may not read in this chat stays faded."""
        found = faded_read.answer_from_faded(
            self.ctx, user_id, question, told, group=group, excluded=filters.exclude_categories
        )
        return [h for h in found if h.fact is not None]

    def _about(
        self, conn: Connection, user_id: str, text: str, audience: Audience
    ) -> tuple[Fact, ...]:
        """The facts about the first entity of the user's a question names (all of them, not
        only the best search hits: "tell me everything about Marco")."""
        for found in entities.extract(text)[:3]:
            if found.type not in ("name", "mention", "hashtag"):
                continue
            info = entity_info(conn, user_id, found.name, audience)
            if info is not None and info.facts:
                return info.facts
        return ()

    def _procedures_in(
        self, conn: Connection, user_id: str, topic: str, audience: Audience
    ) -> list[Fact]:
        """The user's procedures about ``topic``, as ``audience`` may see them."""
        filters = SearchFilters(categories=(Category.PROCEDURAL,), statuses=(Status.ACTIVE,))
        found = fact_repo.list_facts(conn, user_id, filters, limit=200)
        return [
            shown(f, audience)
            for f in procedures.matching(found, topic)
            if not (audience == Audience.GROUP and is_private(f))
        ]

    def _memory_block(
        self, user_id: str, hits: list[SearchHit], seen_rev: int, group: bool
    ) -> MemoryBlock:
        with self.db.read() as conn:
            # The materialised profile; before its first build, the latest facts.
            profile = profile_job.profile_facts(conn, user_id)
            if profile is None:
                profile = fact_repo.list_facts(conn, user_id, SearchFilters(), limit=60)
            changes = fact_repo.changes_since(conn, user_id, seen_rev, limit=10)
            # A change to a fact the user has since forgotten shows no text of it (only
            # the "deleted" bullet, which never carries text).
            changed = fact_repo.get_many(
                conn, user_id, [c.fact_id for c in changes if c.fact_id is not None]
            )
            now_gone = {f.id for f in changed.values() if f.status == Status.DELETED}
            changes = [
                c for c in changes if c.fact_id not in now_gone or c.event in ("deleted", "faded")
            ]
            rev = fact_repo.current_revision(conn, user_id)
            audience = Audience.GROUP if group else Audience.PRIVATE
            related = self._related(conn, user_id, hits, audience)
        policy = self.config.categories
        allowed = policy.allowed(Consumer.REPLY, audience)
        # A related fact is shown (after the hit it relates to) only when its own category
        # may reach the block as a search hit.
        related = {
            fact_id: [
                f
                for f in facts
                if f.category in allowed and policy.in_block(f.category, searched=True)
            ]
            for fact_id, facts in related.items()
        }
        # The delta header speaks only of categories the block may hold (a ``request`` one
        # is not announced either: it is read when asked for).
        changes = [
            c
            for c in changes
            if (f := changed.get(c.fact_id or -1)) is None
            or (f.category in allowed and policy.mode(f.category) != ContextMode.REQUEST)
        ]
        # Context modes (docs/categories.md): ``all`` from the profile slice, ``rag`` only as
        # a search hit (at most its rag_length), ``request`` never.
        reflection = next(
            (
                f.value_text
                for f in profile
                if f.kind == "reflection"
                and Category.REFLECTION in allowed
                and policy.mode(Category.REFLECTION) == ContextMode.ALL
            ),
            None,
        )
        block = build_block(
            profile_facts=[
                shown(f, audience, tail=False)
                for f in profile
                if f.kind == "fact"
                and f.category in allowed
                and policy.in_block(f.category, searched=False)
            ],
            hits=_block_hits(hits, policy, allowed),
            changes=changes,
            since_rev=seen_rev if changes else None,
            reflection=reflection,
            group=group,
            budget_tokens=self.config.recall.budget_tokens,
            now=self.clock.now(),
            min_confidence=self.config.recall.min_inject_confidence,
            related=related,
        )
        # The revision this prompt showed is recorded with the turn's commit (no extra write).
        return replace(block, shown_rev=rev if rev != seen_rev and not group else None)

    def _related(
        self, conn: Connection, user_id: str, hits: Sequence[SearchHit], audience: Audience
    ) -> dict[int, list[Fact]]:
        """The facts related to each relevant hit (seed 003 §2), by the relation edges to any
        of the user's facts — not only to this turn's candidates — as ``audience`` sees them."""
        config = self.config.recall
        ids = [h.fact.id for h in hits if h.fact is not None]
        if not ids or config.related_per_fact <= 0:
            return {}
        edges = relation_repo.related(
            conn, user_id, ids, config.related_min_strength, config.related_per_fact
        )
        others = fact_repo.get_many(conn, user_id, {o for es in edges.values() for o, _ in es})
        return {
            fid: [
                shown(others[o], audience, tail=False)
                for o, _ in found
                if o in others and others[o].kind == "fact"
            ]
            for fid, found in edges.items()
        }

    # ---- user settings and sessions ----------------------------------------------------------

    async def settings(self, user_id: str) -> users.UserSettings:
        """This user's switches (paused, reflections), last shown revision, private chat."""
        return await self.read(Lane.REPLY, users.get, user_id)

    async def update_settings(
        self, user_id: str, *, paused: bool | None = None, reflections: bool | None = None
    ) -> None:
        """Switch automatic learning or weekly reflections on or off for this user."""
        fields = {
            k: v for k, v in (("paused", paused), ("reflections", reflections)) if v is not None
        }
        if not fields:
            return
        await self.write_for(Lane.REPLY, users.set_fields, user_id, self.clock.now(), **fields)
        log.info("user_setting_changed", user_id=user_id, **fields)

    async def first_delivery(self, user_id: str, turn_id: str) -> bool:
        """Claim a command's turn: ``False`` when the same message was delivered before (a
        platform retry), so a command runs at most once (an /undo run twice would undo two
        steps; a lost one can be sent again)."""
        return await self.run(Lane.REPLY, self._first_delivery, user_id, turn_id)

    def _first_delivery(self, user_id: str, turn_id: str) -> bool:
        with self.db.write(hot=True, users=[user_id]) as conn:
            return applied_repo.claim(
                conn, user_id, turn_id, "delivery", "command", self.clock.now()
            )

    async def delivered(self, turn_id: str) -> bool:
        """Whether :meth:`first_delivery` claimed ``turn_id`` and the claim is still kept: it
        goes with its user's erasure, and with the retention job after
        ``MEMBOT_INBOX_KEEP_HOURS``."""
        return await self.read(Lane.REPLY, applied_repo.delivered, turn_id)

    async def note_private_chat(
        self, user_id: str, chat_id: str, identity: str | None = None
    ) -> None:
        """Remember the user's private chat (where questions and reflections go) and, for a
        linked person, the identity it belongs to (the last one written from); writes only
        when it changed."""
        settings = await self.settings(user_id)
        if settings.private_chat != chat_id or settings.private_identity != identity:
            await self.run(Lane.REPLY, self._note_private_chat, user_id, chat_id, identity)

    def _note_private_chat(self, user_id: str, chat_id: str, identity: str | None) -> None:
        with self.db.write(hot=True, users=[user_id]) as conn:
            users.set_fields(
                conn, user_id, self.clock.now(), private_chat=chat_id, private_identity=identity
            )

    # ---- a group's own memory (memory_core.user.groups) ----------------------------------------

    async def hear_in_group(
        self,
        group: str,
        member: str,
        name: str,
        turn_id: str,
        text: str,
        at: datetime,
        *,
        ask: bool = True,
    ) -> groups.Heard:
        """A member's message in a group chat (``group``: ``groups.group_key``): a statement
        about the group goes to its memory once the member agreed (re-checked at write time);
        ``ask`` False: a first statement is not kept for their answer (nobody is asked)."""
        heard = await self.run(
            Lane.REPLY, groups.hear, self.ctx, group, member, name, turn_id, text, at, ask=ask
        )
        await self.vectors.settle()
        return heard

    async def group_consent(self, member: str, chat: str) -> groups.Consent:
        """``member``'s consent for the group memories of ``chat`` (``groups.chat_of``)."""
        return await self.run(Lane.REPLY, groups.consent_of, self.ctx, member, chat)

    async def answer_group_consent(
        self, member: str, chat: str, *, agree: bool
    ) -> groups.Heard | None:
        """A member agrees (the statement that waited is written) or refuses / withdraws
        (what they said in ``chat``'s memories is removed)."""
        heard = await self.run(
            Lane.REPLY, groups.answer_consent, self.ctx, member, chat, agree=agree
        )
        await self.vectors.settle()
        return heard

    async def group_facts(self, group: str) -> list[groups.GroupFact]:
        """The group's memory and who said each fact (shown in that chat only)."""
        return await self.run(Lane.REPLY, groups.facts, self.ctx, group)

    async def forget_group_fact(
        self, group: str, fact_id: int, member: str, *, admin: bool
    ) -> groups.ForgetOutcome:
        """Forget a group fact, asked by one of the group's admins or the member who said it."""
        done = await self.run(
            Lane.REPLY, groups.forget, self.ctx, group, fact_id, member, admin=admin
        )
        await self.vectors.settle()
        return done

    async def group_of_conflict(self, chat: str, conflict_id: int) -> str | None:
        """The group memory (of ``chat``, any topic) a conflict belongs to, or ``None``."""
        return await self.run(Lane.REPLY, groups.conflict_group, self.ctx, chat, conflict_id)

    # ---- one person on several platforms (memory_core.user.linking) -----------------------------

    async def owner_of(self, identity: str) -> str:
        """The memory owner an identity (``platform:id``) reads and writes: its own key until
        it is linked to a person. The door resolves every message and press through it."""
        door = await self.read(Lane.REPLY, user_data.at_door, identity)
        if door.leaving is not None:
            # This identity's own erasure (it leaves its person) is not finished: it is
            # finished first, and the identity then has the (empty) memory it was left with.
            log.info("identity_erasure_awaited", identity=identity)
            await self._leave(identity, door.leaving)
            door = await self.read(Lane.REPLY, user_data.at_door, identity)
        if door.erasing is not None:
            # An erasure was asked for and is not finished (under way, or cut short by a
            # crash): nothing of the user is read or written until it is done.
            log.info("erasure_awaited", user_id=door.owner)
            await self.erase(door.owner, rewrite=door.erasing.rewrite)
        return door.owner

    async def linked_identities(self, user_id: str) -> list[linking.LinkedIdentity]:
        """The identities sharing ``user_id``'s memory (just itself when not linked)."""
        return await self.run(Lane.REPLY, linking.identities, self.ctx, user_id)

    async def issue_link_code(self, identity: str, chat_id: str) -> linking.Issued:
        """A one-time code for ``identity``, asked in its private chat ``chat_id``."""
        return await self.run(
            Lane.REPLY, linking.issue, self.ctx, identity, chat_id, self.config.link_limits
        )

    async def claim_link_code(self, identity: str, display_name: str, code: str) -> linking.Claim:
        """``identity`` sends a code from its private chat (limits, then a constant-time
        compare); a claim waits for the issuer's confirmation."""
        return await self.run(
            Lane.REPLY,
            linking.claim,
            self.ctx,
            identity,
            display_name,
            code,
            self.config.link_limits,
        )

    async def void_link_code(self, code: str) -> bool:
        """A code sent in a group (its members saw it) can no longer be used."""
        return await self.run(Lane.REPLY, linking.void, self.ctx, code)

    async def link_claimant(self, user_id: str, code_id: int) -> tuple[str, str] | None:
        """Who claimed one of the user's codes: ``(identity, display name)``."""
        return await self.run(Lane.REPLY, linking.claimant, self.ctx, user_id, code_id)

    async def settle_link(self, user_id: str, code_id: int, *, accept: bool) -> linking.Settled:
        """The issuer's answer to a claim, once: on yes the claimant joins the person and its
        memory is merged through the write policy, then its own store is erased."""
        if accept:
            await self._learned_before_link(user_id, code_id)
        begun = await self.run(
            Lane.REPLY,
            linking.begin_settle,
            self.ctx,
            user_id,
            code_id,
            accept,
            self.config.link_limits,
        )
        if isinstance(begun, linking.SettleOutcome):
            return linking.Settled(begun)
        merged, conflicts = await self._merge(begun)
        return linking.Settled(linking.SettleOutcome.LINKED, begun.joiner, merged, tuple(conflicts))

    async def _merge(self, joining: linking.Joining) -> tuple[int, list[int]]:
        """Learn the joining identity's memories into the person's, erase its own store, and
        close the merge's journal; ``(memories written, conflicts opened)``."""
        merged = 0
        conflicts: list[int] = []
        for fact in joining.facts:
            applied = await self.run(Lane.BACKGROUND, linking.merge_fact, self.ctx, joining, fact)
            merged += sum(1 for a in applied if not a.replayed)
            conflicts += [a.conflict_id for a in applied if a.conflict_id is not None]
        if joining.old_owner != joining.person:
            # Any user may link: no table rewrite that would stall everyone (PostgreSQL; the
            # scheduled rewrite job does it), as for /forgetme.
            await user_data.delete_user(self.ctx, joining.old_owner, rewrite=False)
        await self.run(Lane.BACKGROUND, linking.end_merge, self.ctx, joining.code_id)
        await self.vectors.settle()
        log.info("link_merged", user_id=joining.person, merged=merged, conflicts=len(conflicts))
        return merged, conflicts

    async def resume_links(self) -> int:
        """Finish the merges a dead process left (at start); how many were finished. Each
        write is idempotent, so finishing one twice (two replicas) changes nothing more."""
        unfinished = await self.run(Lane.BACKGROUND, linking.unfinished_merges, self.ctx)
        for joining in unfinished:
            log.info("link_merge_resumed", user_id=joining.person, joined=joining.joiner)
            await self._merge(joining)
        return len(unfinished)

    async def _learned_before_link(self, user_id: str, code_id: int) -> None:
        """Wait (at most ``LINK_LEARN_WAIT_S``) until the claimant's turns told just before
        the issuer's yes are learned: its store is merged, then erased with their jobs."""
        claimed = await self.link_claimant(user_id, code_id)
        if claimed is None:
            return
        old_owner = await self.owner_of(claimed[0])
        waited = 0.0
        while await self.read(Lane.REPLY, outbox_repo.pending_for_user, old_owner):
            if waited >= LINK_LEARN_WAIT_S:
                log.warning("link_unlearned_turns", user_id=user_id)
                return
            await asyncio.sleep(0.05)
            waited += 0.05

    async def unlink(self, identity: str) -> linking.Unlinked:
        """``identity`` leaves its person: the memory stays with the other identities, the
        leaving one starts with an empty memory of its own."""
        return await self.run(Lane.REPLY, linking.unlink, self.ctx, identity)

    async def erase_identity(self, identity: str) -> user_data.Erasure | None:
        """Erase one platform's identity of a linked person: it is unlinked, the person's
        conversations held on that platform are blanked, its codes and tries deleted, and
        its own (now separate) store erased; the memories stay with the other identities.
        ``None`` when the identity is not linked (erase the whole user instead). Recorded
        before anything changes, as :meth:`erase`: cut short by a crash, it is finished when
        the identity is seen again (:meth:`owner_of`), at the next start or by the
        ``erasures`` job."""
        person = await self.owner_of(identity)
        leaving = await self.run(Lane.REPLY, user_data.record_leaving, self.ctx, identity, person)
        if leaving is None:
            return None
        return await self._leave(identity, leaving)

    async def _leave(self, identity: str, leaving: user_data.Leaving) -> user_data.Erasure:
        """Run (or join, in this process) the recorded erasure of ``identity``."""
        running = self._leavings.get(identity)
        if running is None:
            running = asyncio.ensure_future(self._erase_identity(identity, leaving))
            self._leavings[identity] = running
            running.add_done_callback(lambda _done: self._leavings.pop(identity, None))
        return await asyncio.shield(running)

    async def _erase_identity(self, identity: str, leaving: user_data.Leaving) -> user_data.Erasure:
        erasure = await user_data.erase_identity(self.ctx, identity, leaving)
        await self.vectors.settle()
        log.info("identity_erased", identity=identity, person=leaving.person)
        return erasure

    async def revision(self, user_id: str) -> int:
        """The user's current memory revision (buttons carry it)."""
        return await self.read(Lane.REPLY, fact_repo.current_revision, user_id)

    async def new_session(self, user_id: str, chat_id: str) -> None:
        """End the user's current conversation in this chat (it gets consolidated)."""
        await self.write_for(Lane.REPLY, sessions.close_current, user_id, chat_id, self.clock.now())

    async def note_platform(self, platform: str, state: str, detail: str = "") -> None:
        """Record how a platform of the running bot is doing (``admin doctor --running``)."""
        value = json.dumps(
            {"state": state, "detail": detail[:300], "since": self.clock.now().isoformat()}
        )

        def run() -> None:
            with self.db.write() as conn:
                meta.put(conn, meta.PLATFORM_STATE + platform, value)

        await self.run(Lane.REPLY, run)

    def installation_secret(self, name: str, factory: Callable[[], str]) -> str:
        """A per-installation secret kept in the database (made once by ``factory``)."""
        return self.ctx.installation_secret(name, factory)

    # ---- conflicts -----------------------------------------------------------------------

    async def conflict(self, user_id: str, conflict_id: int) -> resolve.Conflict | None:
        """One of this user's conflicts with both facts (any status)."""
        return await resolve.get_conflict(self.ctx, user_id, conflict_id)

    async def conflict_asked(self, user_id: str, conflict_id: int) -> None:
        """Record that the conflict's question reached the user."""
        await resolve.mark_notified(self.ctx, user_id, conflict_id)

    async def settle_conflict(
        self, user_id: str, conflict_id: int, choice: resolve.Choice
    ) -> resolve.Resolution:
        """Apply the user's choice to one of their open conflicts (once)."""
        return await resolve.resolve(self.ctx, user_id, conflict_id, choice)

    async def expire_due(self) -> int:
        """Close unanswered conflicts and end "only for now" values whose time is up."""
        changed = await self.run(Lane.BACKGROUND, resolve.expire_due, self.ctx)
        if changed:
            await self.vectors.settle()
        return changed

    # ---- "still true?" questions, reflections, the profile ---------------------------------

    async def due_questions(self, user_id: str, limit: int) -> list[questions.Question]:
        """Open "still true?" questions to ask the user now."""
        return await questions.due(self.ctx, user_id, limit)

    async def question_asked(self, user_id: str, question_id: int) -> None:
        """Record that a "still true?" question reached the user."""
        await questions.mark_asked(self.ctx, user_id, question_id)

    async def answer_question(
        self, user_id: str, question_id: int, *, keep: bool
    ) -> tuple[questions.Answer, Fact | None]:
        """Keep (confirmed, no more decay) or forget the fact a question was about, once."""
        return await questions.answer(self.ctx, user_id, question_id, keep=keep)

    async def reflection_feedback(self, user_id: str, post_id: int, feedback: str) -> bool:
        """Record "ok" / "fix" for a reflection post once; ``False`` when already answered."""
        return await reflection_job.set_feedback(self.ctx, user_id, post_id, feedback)

    async def profile(
        self, user_id: str, *, fresh: bool = False, shown: bool = False
    ) -> profile_job.Profile | None:
        """The materialised profile; ``fresh``: rebuilt first when memory changed since.
        ``shown``: the user is shown it, which counts as using its facts (seed 003 §7)."""
        profile = await profile_job.load(self.ctx, user_id, fresh=fresh)
        if shown and profile is not None and profile.fact_ids:
            await self.write_for(
                Lane.REPLY, fact_repo.touch_accessed, user_id, profile.fact_ids, self.clock.now()
            )
        return profile

    async def revise_message(
        self,
        user_id: str,
        turn_id: str,
        *,
        deleted: bool,
        at: datetime | None = None,
        edit_turn_id: str | None = None,
    ) -> revisions.Revision:
        """An edited or deleted message: take back what it (and its earlier edits) taught."""
        return await revisions.revise_message(
            self.ctx, user_id, turn_id, deleted=deleted, at=at, edit_turn_id=edit_turn_id
        )

    async def owner_of_turn(self, turn_id: str) -> str | None:
        """Whose message a turn was (a platform's deletion may not say): ``None`` if unknown."""
        return await self.read(Lane.REPLY, outbox_repo.owner_of, turn_id)

    async def faded(self, user_id: str, *, limit: int = 50) -> list[Fact]:
        """The user's faded facts (unused for months, restorable), most recent first."""
        return await self.read(Lane.REPLY, fact_repo.faded, user_id, limit)

    async def restore(self, user_id: str, fact_id: int) -> Fact:
        """Bring a faded fact back; it sticks (time no longer takes it)."""
        fact = await self.run(Lane.REPLY, self._restore_faded, user_id, fact_id)
        await self.vectors.settle()
        return fact

    def _restore_faded(self, user_id: str, fact_id: int) -> Fact:
        with self.db.write(users=[user_id]) as conn:
            before = fact_repo.get(conn, user_id, fact_id)
            if before is None or not before.faded:
                raise NotFoundError(f"no faded memory #{fact_id}")
            # Restored by the user, it sticks: time no longer takes it.
            after = faded_read.restore(
                self.ctx,
                conn,
                user_id,
                before,
                actor="user",
                reason="restored after fading",
                decay_rate=0.0,
            )
        log.info("fact_restored", user_id=user_id, fact_id=fact_id)
        return after

    async def refresh_profile(
        self, user_id: str, *, every_turns: int | None = None
    ) -> profile_job.Profile | None:
        """Rebuild the profile now, or (``every_turns``) only when that many turns passed
        since the last build; ``None`` when nothing was rebuilt."""
        if every_turns is None:
            return await profile_job.rebuild(self.ctx, user_id)
        return await profile_job.refresh_if_due(self.ctx, user_id, every_turns)

    # ---- sovereignty: undo, erase, export, import ------------------------------------------

    async def undo(self, user_id: str) -> edits.UndoResult:
        """Revert the user's most recent memory change."""
        return await edits.undo_last(self.ctx, user_id)

    async def erase(self, user_id: str, *, rewrite: bool = True) -> user_data.Erasure:
        """Erase every trace of the user (all its linked identities, and the link codes they
        issued or claimed), then verify nothing is left; ``rewrite=False``: on PostgreSQL the
        tables are rewritten by the next ``admin vacuum`` instead of now (see
        ``user_data.delete_user``: no stall for other users). Recorded before anything is
        deleted: cut short by a crash, it is finished at the next start, by the ``erasures``
        job, or as soon as the user is seen again (:meth:`owner_of`)."""
        running = self._erasures.get(user_id)
        if running is None:
            running = asyncio.ensure_future(
                user_data.erase_person(self.ctx, user_id, rewrite=rewrite)
            )
            self._erasures[user_id] = running
            running.add_done_callback(lambda _done: self._erasures.pop(user_id, None))
        # One erasure per user in this process: a second request waits for the first.
        return await asyncio.shield(running)

    async def erasing(self, user_id: str) -> bool:
        """Whether an erasure of ``user_id`` is recorded and not finished (background jobs
        leave such a user alone: ``Jobs.open_for``)."""
        return await self.read(Lane.BACKGROUND, user_data.unfinished, user_id)

    async def resume_erasures(self) -> list[str]:
        """Finish the erasures a dead process left unfinished (at start, and by the
        ``erasures`` job): of one linked identity first, then of whole users; the
        identities and users erased."""
        leaving = await self.read(Lane.BACKGROUND, user_data.pending_identities)
        for identity, left in leaving.items():
            log.info("identity_erasure_resumed", identity=identity)
            await self._leave(identity, left)
        found = await self.read(Lane.BACKGROUND, user_data.pending)
        for user_id, request in found.items():
            log.info("erasure_resumed", user_id=user_id)
            await self.erase(user_id, rewrite=request.rewrite)
        return sorted({*leaving, *found})

    async def rewrite_erased(self) -> list[str]:
        """PostgreSQL: rewrite the tables that /forgetme erasures left due (``VACUUM FULL``:
        each table locked while it is rewritten — the scheduled ``rewrite`` job's work); the
        tables rewritten. Then the erased text is pushed out of the server's WAL too."""
        tables = await self.run(Lane.BACKGROUND, user_data.rewrite_erased, self.db)
        if tables:
            await self.run(Lane.BACKGROUND, user_data.push_out_of_wal, self.db)
        return tables

    async def export(
        self,
        user_id: str,
        owner: str,
        show: Callable[[Fact], Fact] | None,
        titles: Mapping[Category, str] | None = None,
        heading: str | None = None,
    ) -> memory_md.Export:
        """Every one of the user's active and pending facts as MEMORY.md and JSON (read in one
        snapshot and rendered on a thread; nothing is cut), each passed through ``show``;
        ``titles``/``heading``: MEMORY.md's words in the user's language."""

        def build() -> memory_md.Export:
            # The export's allowlist (docs/categories.md): an import never touches the rest.
            scope = self.config.categories.scoped(Consumer.EXPORT)
            with self.db.read() as conn:
                facts = fact_repo.list_facts(conn, user_id, scope, _ALL_ROWS, 0)
            if show is not None:
                facts = [show(f) for f in facts]
            return memory_md.Export(
                memory_md.render(facts, owner, titles, heading),
                memory_md.render_json(facts),
                len(facts),
            )

        return await self.run(Lane.BACKGROUND, build)

    async def plan_import(
        self,
        user_id: str,
        raw: bytes,
        *,
        owner: str = "the user",
        audience: Audience = Audience.PRIVATE,
    ) -> memory_md.PendingImport:
        """Read an edited MEMORY.md and store what applying it would change, for the user to
        confirm, described for ``audience`` (a group is refused); a file that is not one, or
        has a bad line, is refused whole (``InvalidInputError`` saying why). All of it runs on
        a thread, paced: a big file never blocks the event loop (see ``Lane.BULK``)."""
        return await self.run(Lane.BULK, imports.plan, self.ctx, user_id, raw, owner, audience)

    async def begin_import(self, user_id: str, import_id: int) -> bool:
        """Take a pending import for applying — the commit point: from here it is applied
        whole, even across a crash; ``False`` when it was already settled."""
        return await self.run(Lane.REPLY, imports.begin, self.ctx, user_id, import_id)

    async def cancel_import(self, user_id: str, import_id: int) -> bool:
        """Cancel a pending import; ``False`` when it was already settled."""
        return await self.run(Lane.REPLY, imports.cancel, self.ctx, user_id, import_id)

    async def import_progress(self, user_id: str, import_id: int) -> imports.Progress | None:
        """How far one of the user's imports being applied got; ``None`` when it is not
        being applied (or not theirs)."""
        return await self.run(Lane.REPLY, imports.in_progress, self.ctx, user_id, import_id)

    async def unfinished_imports(self) -> list[tuple[str, int]]:
        """``(user_id, import_id)`` of imports a dead process left half-applied."""
        return await self.run(Lane.BACKGROUND, imports.unfinished, self.ctx)

    async def apply_import(
        self,
        user_id: str,
        import_id: int,
        limits: ImportLimits | None = None,
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> memory_md.ImportSummary | None:
        """Apply a taken import (``begin_import``) to the end, batch by batch on a background
        thread — each batch a short transaction, so other users' writes interleave; resumes
        where a dead process stopped. ``None`` when it is not being applied."""
        limits = limits or self.config.import_limits
        applier = imports.Applier(self.ctx, user_id, import_id, limits)
        if not await self.run(Lane.BULK, applier.load):
            return None
        while True:
            started = time.monotonic()
            stood = await self.run(Lane.BULK, applier.step)
            if stood is None:
                return None
            if progress is not None:  # after each batch: (rows done, rows in all)
                progress(stood.done, stood.total)
            if not stood.finished:
                await self._rest_after_batch(time.monotonic() - started, limits)
            if stood.finished:
                log.info(
                    "import_applied",
                    user_id=user_id,
                    import_id=import_id,
                    added=stood.summary.added,
                    changed=stood.summary.changed,
                    removed=stood.summary.removed,
                )
                return stood.summary

    async def _rest_after_batch(self, worked: float, limits: ImportLimits) -> None:
        """Between two batches of an import: rest ``rest_ratio`` times the batch's time, then
        wait while a reply is being answered (at most one batch's time: the import still gets
        ~1/11 of the time however busy the bot is) — its thread needs the GIL the next batch
        would hold."""
        if limits.rest_ratio > 0:
            await asyncio.sleep(worked * limits.rest_ratio)
        await self.lanes.executors.replies.quiet(limits.batch_seconds)

    async def settle_import(
        self,
        user_id: str,
        import_id: int,
        *,
        apply: bool,
        progress: Callable[[int, int], None] | None = None,
    ) -> memory_md.ImportSummary | None:
        """Apply (to the end, vectors included) or cancel a pending import once; ``None``
        when it was already settled."""
        if not apply:
            return (
                memory_md.ImportSummary() if await self.cancel_import(user_id, import_id) else None
            )
        if not await self.begin_import(user_id, import_id):
            return None
        summary = await self.apply_import(user_id, import_id, progress=progress)
        if summary is not None:
            await self.vectors.settle()
        return summary


def _block_hits(
    hits: Sequence[SearchHit], policy: CategoryPolicy, allowed: frozenset[Category]
) -> list[SearchHit]:
    """The search hits the block may take: allowed categories whose context mode admits a
    hit, at most ``rag_length`` of each ``rag`` category (best first)."""
    taken: dict[Category, int] = {}
    out: list[SearchHit] = []
    for hit in hits:
        if hit.fact is None:
            continue
        category = hit.fact.category
        if category not in allowed or not policy.in_block(category, searched=True):
            continue
        limit = policy.rag_length(category) if policy.mode(category) == ContextMode.RAG else None
        if limit is not None and taken.get(category, 0) >= limit:
            continue
        taken[category] = taken.get(category, 0) + 1
        out.append(hit)
    return out


def _known_keys(conn: Connection, user_id: str, keys: Sequence[str]) -> frozenset[str]:
    """Of ``keys``, those meeting a fact the user told before (any status; a liking's
    opposite too): one query, none without keys."""
    wanted = {k for key in keys for k in (key, opposite_key(key)) if k}
    if not wanted:
        return frozenset()
    found = fact_repo.present_keys(conn, user_id, sorted(wanted))
    return frozenset(key for key in keys if key in found or opposite_key(key) in found)
