"""The thread lanes blocking memory work runs on: the reply path's and the background's.

Store work reaches a thread one way: :meth:`Lanes.run` (``read`` and ``write`` wrap one
repository call in a transaction on the way).

Replies and background learning share a small machine. Each gets its own threads, so
learning can never occupy the threads a reply needs, and background threads run at a lower
OS scheduling priority (a higher nice value), so an embedding done for learning yields the
CPU to one done for a reply. On a 2-core machine under load that is most of a reply's tail:
measured with ``membot bench telegram``, see docs/evaluation.md.

A lower priority is only right for work that lets go of Python's GIL while it computes (an
embedding in numpy, a query in SQLite). Long pure-Python work (an import's parsing and
batches) holds the GIL: on a lower-priority thread the OS leaves it waiting for a core *while
it holds the GIL*, and every other thread (the event loop, a reply's) waits on it — a priority
inversion (measured beside two CPU-bound processes: the loop's gaps' p95 went from ~110 ms
with a normal-priority busy thread to ~300-390 ms with a niced one). Such work runs on the
``BULK`` lane: background threads at the process's priority, which pace themselves
(:class:`Pacer`) instead.

Learning and the vector writer also hold the GIL between their embeddings' numpy calls and in
their SQL, so a lower priority alone leaves a reply sharing the cores and the GIL with them.
Their steps give way to replies instead (:class:`ReplyActivity`, ``BACKGROUND_GIVE_WAY_S``):
they start while no reply is being answered, waiting at most that long a turn (a sync).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

import structlog

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from memory_core.db.engine import Database

log = structlog.get_logger("memory_core")

T = TypeVar("T")
P = ParamSpec("P")

_thread = threading.local()


def on_background_thread() -> bool:
    """Whether the caller runs on a background thread (work for learning, not for a reply)."""
    return getattr(_thread, "background", False)


def on_bulk_thread() -> bool:
    """Whether the caller runs on a bulk thread (an import: background work at the process's
    priority)."""
    return getattr(_thread, "bulk", False)


def _start_background_thread(
    nice: int, bulk: bool = False, replies: ReplyActivity | None = None
) -> None:
    _thread.background = True
    _thread.bulk = bulk
    _thread.replies = replies
    lower_thread_priority(nice)


def give_way_to_replies(at_most: float) -> float:
    """On a background thread (not a bulk one): wait while its executors answer a reply, at
    most ``at_most`` seconds; returns how long it waited (0 elsewhere). Long background work
    calls it between its pieces (an embedding's chunks)."""
    replies: ReplyActivity | None = getattr(_thread, "replies", None)
    if replies is None or not replies.busy():
        return 0.0
    started = time.monotonic()
    replies.wait_quiet(at_most)
    return time.monotonic() - started


def lower_thread_priority(nice: int) -> bool:
    """Add ``nice`` to the calling thread's nice value (Linux keeps one per thread).

    Returns whether it took effect; elsewhere (or when refused) the thread keeps its
    priority, which only costs latency under load.
    """
    if nice <= 0 or not hasattr(os, "setpriority"):
        return False
    tid = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, current + nice))
    except OSError as exc:
        log.warning("thread_priority_unchanged", nice=nice, error=str(exc))
        return False
    return True


class Lane(Enum):
    """Which threads a piece of blocking memory work runs on: chosen by what it serves."""

    #: A user is waiting: recall, commands and button presses answering them.
    REPLY = "reply"
    #: Nobody is waiting: learning, scheduled jobs, vector writes (lower priority).
    BACKGROUND = "background"
    #: Nobody is waiting, but the work is long pure Python holding the GIL (an import's
    #: planning and batches): the process's priority (see the module's note), paced.
    BULK = "bulk"
    #: A platform send's records (begun, accepted; webhook mode): one tiny write each, never
    #: queued behind a reply's work — from the platform accepting an answer to its record's
    #: commit is the window in which a replica's death has the answer sent twice.
    SEND = "send"


class Executors:
    """One thread pool per lane: ``run(lane, fn, ...)`` is how async code runs store work."""

    def __init__(
        self,
        *,
        reply_workers: int = 4,
        background_workers: int = 8,
        nice: int = 10,
        bulk_workers: int = 2,
        send_workers: int = 2,
    ):
        #: Whether a reply is being answered now (background and bulk work give way to it).
        self.replies = ReplyActivity()
        self._pools = {
            Lane.REPLY: ThreadPoolExecutor(
                max_workers=reply_workers, thread_name_prefix="membot-reply"
            ),
            Lane.BACKGROUND: ThreadPoolExecutor(
                max_workers=background_workers,
                thread_name_prefix="membot-bg",
                initializer=_start_background_thread,
                initargs=(nice, False, self.replies),
            ),
            Lane.BULK: ThreadPoolExecutor(
                max_workers=bulk_workers,
                thread_name_prefix="membot-bulk",
                initializer=_start_background_thread,
                initargs=(0, True),
            ),
            Lane.SEND: ThreadPoolExecutor(
                max_workers=send_workers, thread_name_prefix="membot-send"
            ),
        }

    async def run(self, lane: Lane, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run blocking ``fn(*args, **kwargs)`` on ``lane``'s threads and await its result."""
        loop = asyncio.get_running_loop()
        if lane is not Lane.REPLY:
            return await loop.run_in_executor(self._pools[lane], partial(fn, *args, **kwargs))
        self.replies.begin()
        try:
            return await loop.run_in_executor(self._pools[lane], partial(fn, *args, **kwargs))
        finally:
            self.replies.end()

    async def run_waited(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn`` on the reply threads (its caller waits for it) without counting it as a
        reply being answered: learning's own vector sync when there is no background writer
        (benchmarks, the CLI) must not make other learning give way to it."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pools[Lane.REPLY], partial(fn, *args, **kwargs))

    def shutdown(self) -> None:
        """Wait for running work, then release the threads."""
        for pool in self._pools.values():
            pool.shutdown(wait=True)


class ReplyActivity:
    """Whether a user is waiting for a reply now: reply-lane work is in flight, or ended less
    than ``linger_s`` ago (a reply's own steps on the event loop run between its trips to a
    thread). Updated on the event loop; read from any thread (background work gives way to
    it). Waiting for quiet costs nothing while it lasts: the loop (:meth:`quiet`) and threads
    (:meth:`wait_quiet`) are woken when the last reply's linger is over, not polled."""

    def __init__(self, linger_s: float = 0.05, clock: Callable[[], float] = time.monotonic):
        self.linger_s = linger_s
        self._clock = clock
        self._running = 0
        self._ended = -float("inf")
        #: Set while no reply is in flight (threads wait on it).
        self._quiet = threading.Event()
        self._quiet.set()
        #: The event loop's waiters for quiet.
        self._waiters: set[asyncio.Future[None]] = set()

    def begin(self) -> None:
        """Reply work was handed to a thread."""
        self._running += 1
        self._quiet.clear()

    def end(self) -> None:
        """Reply work came back."""
        self._running -= 1
        self._ended = self._clock()
        if not self._running:
            asyncio.get_running_loop().call_later(self.linger_s, self._settle)

    def _settle(self) -> None:
        """The last reply's linger should be over: wake whoever waits for quiet."""
        if self._running:
            return  # that reply's end looks again
        left = self.linger_s - (self._clock() - self._ended)
        if left > 0:  # another reply ended meanwhile, or the timer ran a hair early
            asyncio.get_running_loop().call_later(left, self._settle)
            return
        self._quiet.set()
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    def busy(self) -> bool:
        """Whether a reply is being answered (or was, a moment ago)."""
        return self._running > 0 or self._clock() - self._ended < self.linger_s

    async def quiet(self, at_most: float) -> None:
        """Wait (on the event loop) until no reply is being answered, ``at_most`` seconds."""
        if not self.busy():
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.add(waiter)
        try:
            await asyncio.wait({waiter}, timeout=at_most)
        finally:
            self._waiters.discard(waiter)

    def wait_quiet(self, at_most: float) -> None:
        """Wait (on a thread, the GIL let go) until no reply is being answered, ``at_most``
        seconds."""
        if self.busy():
            self._quiet.wait(at_most)


class Pacer:
    """Paces long pure-Python work on a thread (call it between small steps): after each
    ``slice_s`` of work it sleeps ``rest_ratio`` times as long, so the event loop and the reply
    threads find Python's GIL free, and the work takes at most ``1 / (1 + rest_ratio)`` of the
    interpreter's time (the same policy as an import's apply batches).

    ``busy`` (a :class:`ReplyActivity`'s): while a reply is being answered the work also
    steps aside — after at least ``slice_s / 2`` of work it sleeps until the reply is done, at
    most ``5 × slice_s`` at a time, so it still gets ≥ ~1/11 of the time however busy the bot
    is. Every GIL hand-over costs the waiting thread up to the interpreter's switch interval
    (5 ms): a reply makes dozens, and each one behind a busy import paid it."""

    def __init__(
        self,
        slice_s: float = 0.02,
        rest_ratio: float = 1.0,
        *,
        busy: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.slice_s = slice_s
        self.rest_ratio = rest_ratio
        self._busy = busy
        self._clock = clock
        self._sleep = sleep
        self._since = clock()
        #: Seconds rested so far (stepping aside for replies included).
        self.rested = 0.0

    def __call__(self) -> None:
        """One small step done: rest when this slice of work is used up, or step aside while
        a reply is being answered."""
        worked = self._clock() - self._since
        if worked >= self.slice_s:
            if self.rest_ratio > 0:
                self._sleep(worked * self.rest_ratio)
                self.rested += worked * self.rest_ratio
            self._since = self._clock()
        elif self._busy is not None and worked >= self.slice_s / 2 and self._busy():
            self.rested += give_way(self._busy, 5 * self.slice_s, self._clock, self._sleep)
            self._since = self._clock()


#: How often work that gives way looks whether the reply is done.
GIVE_WAY_POLL_S = 0.002
#: How long a step of background work (learning, vector writes) waits at most for the
#: replies being answered to be done before it runs anyway: about one busy reply's time, so
#: a reply never shares the two cores with it, and background work still moves on when the
#: bot is never quiet.
BACKGROUND_GIVE_WAY_S = 0.2


def give_way(
    busy: Callable[[], bool],
    at_most: float,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> float:
    """Sleep (letting go of the GIL) while ``busy()``, at most ``at_most`` seconds; returns
    how long it slept."""
    started = clock()
    while busy() and clock() - started < at_most:
        sleep(GIVE_WAY_POLL_S)
    return clock() - started


#: First and longest pause of ``run_until_done`` between attempts.
_RETRY_S = 0.5
_RETRY_MAX_S = 10.0


class Lanes:
    """The lanes bound to one database: how every part of the engine runs store work."""

    def __init__(self, db: Database, executors: Executors) -> None:
        self.db = db
        self.executors = executors

    async def run(self, lane: Lane, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run blocking store work ``fn(*args, **kwargs)`` on ``lane``'s threads."""
        return await self.executors.run(lane, fn, *args, **kwargs)

    async def run_until_done(self, lane: Lane, fn: Callable[[], T], /, *, failure: str) -> T:
        """Run ``fn`` on ``lane`` until it succeeds — the first step of a background loop, which
        must not die of a database that is away: each failure is logged as ``failure`` and
        tried again after a pause doubling from 0.5 s to 10 s."""
        pause = _RETRY_S
        while True:
            try:
                return await self.run(lane, fn)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: the loop's owner tries again
                log.warning(failure, error_type=type(exc).__name__)
                await asyncio.sleep(pause)
                pause = min(pause * 2, _RETRY_MAX_S)

    async def read(
        self,
        lane: Lane,
        fn: Callable[Concatenate[Connection, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run one repository read ``fn(conn, *args, **kwargs)`` in a read transaction."""
        return await self.run(lane, self._in_read, fn, *args, **kwargs)

    async def write(
        self,
        lane: Lane,
        fn: Callable[Concatenate[Connection, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run one repository write ``fn(conn, *args, **kwargs)`` in a write transaction."""
        return await self.run(lane, self._in_write, fn, *args, **kwargs)

    async def write_for(
        self,
        lane: Lane,
        fn: Callable[Concatenate[Connection, str, P], T],
        user_id: str,
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Run ``fn(conn, user_id, *args, **kwargs)``, a write of ``user_id``'s rows only, in a
        write transaction holding that user's write lock (other users' writes run meanwhile)."""
        return await self.run(lane, self._in_write_for, fn, user_id, *args, **kwargs)

    def _in_write_for(
        self,
        fn: Callable[Concatenate[Connection, str, P], T],
        user_id: str,
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        with self.db.write(users=[user_id]) as conn:
            return fn(conn, user_id, *args, **kwargs)

    def _in_read(
        self, fn: Callable[Concatenate[Connection, P], T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T:
        with self.db.read() as conn:
            return fn(conn, *args, **kwargs)

    def _in_write(
        self, fn: Callable[Concatenate[Connection, P], T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T:
        with self.db.write() as conn:
            return fn(conn, *args, **kwargs)

    def shutdown(self) -> None:
        """Wait for running work, then release the threads."""
        self.executors.shutdown()
