"""The durable observer: ordering, idempotency, retries, conflicts, crash safety."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pysqlite3.dbapi2 as sqlite3
import pytest

from memory_core.clock import ManualClock
from memory_core.errors import StoreError
from memory_core.extract.base import Candidate, TurnInput
from memory_core.learn import observer as observer_module
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import CONTEXT_CHARS, Observer, Turn, answered_question
from memory_core.learn.pipeline import Learner, LearnResult
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.text.cleaning import MAX_EPISODE_CHARS, clip_episode
from memory_core.values import NewEpisode, SearchFilters, Status
from tests.fakes.extractor import ScriptedExtractor

USER = "console:ana"


def turn(n: int, text: str, clock: ManualClock, user: str = USER, **kw: object) -> Turn:
    return Turn(
        turn_id=f"t{n}",
        user_id=user,
        chat_id="c1",
        user_text=text,
        time=clock.now(),
        assistant_text="ok",
        user_name="Ana",
        **kw,
    )  # type: ignore[arg-type]


def make_observer(
    memory: Memory,
    extractor: ScriptedExtractor | None = None,
    results: list[LearnResult] | None = None,
    **kw: object,
) -> Observer:
    async def collect(result: LearnResult) -> None:
        if results is not None:
            results.append(result)

    learner = Learner(memory, extractor or ScriptedExtractor(), RulesAuditor())
    return Observer(learner, on_result=collect, poll_interval=0.05, **kw)  # type: ignore[arg-type]


async def test_turn_is_committed_before_learning_and_learned_once(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    obs = make_observer(memory)
    assert await obs.observe(turn(1, "home_city=Berlin", clock))
    # Durable immediately: outbox row and both episodes exist before any worker ran.
    assert db_rows(memory, "SELECT status FROM outbox") == [("pending",)]
    assert len(db_rows(memory, "SELECT id FROM episodes")) == 2
    obs.start()
    await obs.drain()
    # Replaying the same turn id changes nothing.
    assert not await obs.observe(turn(1, "home_city=Berlin", clock))
    await obs.drain()
    await obs.aclose()
    facts = await memory.list_facts(USER)
    assert [f.value_text for f in facts] == ["Ana's home city is Berlin."]
    assert db_rows(memory, "SELECT status FROM outbox") == [("done",)]


async def test_a_user_line_keeps_the_question_it_answers(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    obs = make_observer(memory)
    asked = "Noted: you live in Porto. By the way, what's your dog called?"
    await obs.observe(replace(turn(1, "hello", clock), assistant_text=asked))
    await obs.observe(replace(turn(2, "Rex", clock), assistant_text="Noted: Rex."))
    await obs.observe(turn(3, "thanks", clock))
    rows = db_rows(memory, "SELECT text, context FROM episodes WHERE role = 'user' ORDER BY id")
    # Only a question becomes context: a statement adds nothing to what the user's line
    # means, and every token of it is embedded.
    assert rows == [("hello", ""), ("Rex", "By the way, what's your dog called?"), ("thanks", "")]
    await obs.aclose()


async def test_an_over_long_text_is_cut_the_same_way_live_and_in_a_bulk_import(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    """One 24k-character turn in a batch is cut to the episode limit, as the live observer
    cuts it, instead of rejecting the whole batch."""
    long = "Lisbon " * 3500  # 24,500 characters
    obs = make_observer(memory)
    await obs.observe(turn(1, long, clock))
    await obs.aclose()
    ids = await memory.record_episodes(
        "console:bo",
        [
            NewEpisode(chat_id="c1", role="user", text="I live in Porto", created_at=clock.now()),
            NewEpisode(chat_id="c1", role="user", text=long, created_at=clock.now()),
        ],
    )
    assert len(ids) == 2  # the batch was taken whole
    live = db_rows(memory, "SELECT text FROM episodes WHERE user_id = ? AND role = 'user'", USER)
    bulk = db_rows(memory, "SELECT text FROM episodes WHERE user_id = ? ORDER BY id", "console:bo")
    assert bulk[0] == ("I live in Porto",)
    assert live == [bulk[1]]
    assert len(bulk[1][0]) <= MAX_EPISODE_CHARS and bulk[1][0] == clip_episode(long)


def test_answered_question_is_the_last_sentence_if_it_asks() -> None:
    assert answered_question(None) == ""
    assert answered_question("Noted: Ana lives in Porto.") == ""
    assert answered_question("Hi! Where do you live?") == "Where do you live?"
    long_question = "Which " + "very " * 60 + "long question is this?"
    kept = answered_question(long_question)
    assert kept.endswith("long question is this?") and len(kept) <= CONTEXT_CHARS
    assert not kept.startswith(" ")


async def test_jobs_of_one_user_apply_in_order(memory: Memory, clock: ManualClock) -> None:
    obs = make_observer(memory, ScriptedExtractor(delay=0.01))
    for i, city in enumerate(["Berlin", "Berlin", "Lisbon"]):
        await obs.observe(turn(i, f"employer={city}", clock))
    obs.start()
    await obs.drain()
    await obs.aclose()
    active = await memory.list_facts(USER)
    assert [f.value_text for f in active] == ["Ana's employer is Lisbon."]
    history = await memory.history(USER, key="employer")
    assert [e.event for e in history] == ["created", "mentioned", "superseded", "updated"]


async def test_contradiction_of_identity_fact_raises_a_conflict(
    memory: Memory, clock: ManualClock
) -> None:
    results: list[LearnResult] = []
    obs = make_observer(memory, results=results)
    obs.start()
    await obs.observe(turn(1, "home_city=Berlin", clock))
    await obs.drain()
    await obs.observe(turn(2, "home_city=Lisbon", clock))
    await obs.drain()
    await obs.aclose()
    conflicts = [a for r in results for a in r.conflicts]
    assert len(conflicts) == 1
    facts = await memory.list_facts(USER, SearchFilters())
    by_status = {f.status: f.value_text for f in facts}
    assert by_status[Status.ACTIVE] == "Ana's home city is Berlin."
    assert by_status[Status.PENDING] == "Ana's home city is Lisbon."


async def test_failing_job_is_retried_then_succeeds(memory: Memory, clock: ManualClock) -> None:
    obs = make_observer(memory, ScriptedExtractor(fail_times=1), base_delay=0.05)
    obs.start()
    await obs.observe(turn(1, "FAIL employer=Acme", clock))
    await obs.drain()
    clock.advance(seconds=1)  # the retry becomes due (the backoff runs on the memory's clock)
    await obs.drain()
    await obs.aclose()
    assert [f.value_text for f in await memory.list_facts(USER)] == ["Ana's employer is Acme."]


async def test_a_failure_that_cannot_be_recorded_leaves_no_dead_task_and_is_retried(
    memory: Memory, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database going away mid-job (a server restart) fails the job and then its
    postponement: the lane ends with a log line, not an exception nobody retrieves, and the
    job, still leased to this process, is learned once the database answers again."""
    obs = make_observer(memory, ScriptedExtractor(fail_times=1), base_delay=0.05)
    postpone, calls = obs._postpone, []

    def postpone_while_away(job: Any, exc: BaseException) -> str:
        calls.append(job.id)
        if len(calls) == 1:
            raise StoreError("the database system is shutting down")
        return postpone(job, exc)

    monkeypatch.setattr(obs, "_postpone", postpone_while_away)
    unretrieved: list[dict[str, Any]] = []
    asyncio.get_running_loop().set_exception_handler(lambda _loop, c: unretrieved.append(c))
    obs.start()
    await obs.observe(turn(1, "FAIL employer=Acme", clock))
    await obs.drain()
    clock.advance(seconds=1)
    await obs.drain()
    await obs.aclose()
    gc.collect()  # a finished task's unretrieved exception is reported when it is collected
    assert unretrieved == []
    assert calls == [calls[0]]
    assert [f.value_text for f in await memory.list_facts(USER)] == ["Ana's employer is Acme."]


async def test_job_failing_every_time_is_marked_failed_not_dropped(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    obs = make_observer(memory, ScriptedExtractor(fail_times=99), base_delay=0.01, max_attempts=3)
    obs.start()
    await obs.observe(turn(1, "FAIL employer=Acme", clock))
    for _ in range(20):
        await obs.drain()
        clock.advance(seconds=1)  # the next retry becomes due
        if db_rows(memory, "SELECT status FROM outbox")[0][0] == "failed":
            break
    await obs.aclose()
    status, attempts, error = db_rows(memory, "SELECT status, attempts, last_error FROM outbox")[0]
    assert (status, attempts) == ("failed", 3)
    assert "overloaded" in error


async def test_paused_turns_are_recorded_but_not_learned(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    obs = make_observer(memory)
    obs.start()
    await obs.observe(turn(1, "employer=Acme", clock, learn=False))
    await obs.drain()
    await obs.aclose()
    assert await memory.list_facts(USER) == []
    assert db_rows(memory, "SELECT status FROM outbox") == [("done",)]


async def test_learn_now_waits_for_the_result(memory: Memory, clock: ManualClock) -> None:
    obs = make_observer(memory)
    obs.start()
    result = await obs.learn_now(turn(1, "employer=Acme", clock, explicit=True))
    await obs.aclose()
    assert [a.fact.confidence for a in result.applied if a.fact] == [0.95]


class _Gated(ScriptedExtractor):
    """Holds every turn saying ``slow`` until ``release`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = asyncio.Event()
        self.release = asyncio.Event()

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        if "slow" in turn.user_text:
            self.entered.set()
            await self.release.wait()
        return await super().extract(turn)


async def test_a_reply_waiting_for_learning_does_not_wait_behind_other_users(
    memory: Memory, clock: ManualClock
) -> None:
    # The one worker slot is held by another user's slow job: the user a reply waits for is
    # learned from at once, at the reply's priority, not after that job (a priority inversion).
    gated = _Gated()
    obs = make_observer(memory, gated, workers=1)
    lanes: list[Lane] = []
    look_up = obs.learner.flow.look_up

    async def recording(lane: Lane, *args: Any) -> Any:
        lanes.append(lane)
        return await look_up(lane, *args)

    obs.learner.flow.look_up = recording  # type: ignore[method-assign,assignment]
    obs.start()
    try:
        await obs.observe(turn(1, "slow employer=Acme", clock, user="console:other"))
        await asyncio.wait_for(gated.entered.wait(), 60)
        await obs.observe(turn(2, "home_city=Berlin", clock))
        assert await obs.settled(USER, 60.0)  # the other job is held until the end
        assert lanes == [Lane.REPLY]
        assert [f.value_text for f in await memory.list_facts(USER)] == [
            "Ana's home city is Berlin."
        ]
        assert obs.lane_of(USER) is Lane.BACKGROUND  # the reply is no longer waiting
    finally:
        gated.release.set()
        await obs.drain()
        await obs.aclose()
    assert lanes[-1] is Lane.BACKGROUND  # the other user's job, nobody waiting for it


CRASH_SCRIPT = textwrap.dedent(
    """
    import asyncio, sys
    from datetime import UTC, datetime
    sys.path.insert(0, {root!r})
    import structlog
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr))
    from memory_core.memory import Memory
    from memory_core.learn.arbitrate import RulesAuditor
    from memory_core.learn.observer import CONTEXT_CHARS, Observer, Turn, answered_question
    from memory_core.learn.pipeline import Learner
    from tests.fakes.extractor import ScriptedExtractor

    async def main(mode):
        memory = Memory.open({db!r}, None)
        obs = Observer(Learner(memory, ScriptedExtractor(delay=0.02), RulesAuditor()),
                       workers=2, poll_interval=0.02)
        now = datetime(2026, 1, 1, tzinfo=UTC)
        if mode == "fill":
            for i in range({n}):
                user = "console:u%d" % (i % 3)
                await obs.observe(Turn("t%d" % i, user, "c", "note.n%d=v%d" % (i, i), now))
            print("filled", flush=True)
        obs.start()
        print("started", flush=True)
        await obs.drain(timeout=120)
        print("drained", flush=True)
        await obs.aclose()

    asyncio.run(main(sys.argv[1]))
    """
)


def _done(db: Path) -> int:
    """Learning jobs done in ``db`` (0 while its tables are not there yet)."""
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as conn:
        try:
            return int(
                conn.execute("SELECT COUNT(*) FROM outbox WHERE status='done'").fetchone()[0]
            )
        except sqlite3.OperationalError:
            return 0


@pytest.mark.slow
def test_kill_9_mid_batch_then_restart_learns_every_turn_exactly_once(tmp_path: Path) -> None:
    """A subprocess is killed with SIGKILL while learning; a restart finishes the rest."""
    n = 60
    db = tmp_path / "crash.db"
    script = tmp_path / "crash.py"
    root = str(Path(__file__).resolve().parents[2])
    script.write_text(CRASH_SCRIPT.format(root=root, db=str(db), n=n))
    proc = subprocess.Popen(
        [sys.executable, str(script), "fill"], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "filled"
    assert proc.stdout.readline().strip() == "started"
    # Killed once some jobs are done, the rest in flight or waiting (a fixed 0.5 s could come
    # before the first on a slow machine).
    deadline = time.monotonic() + 120
    while not _done(db):
        assert proc.poll() is None and time.monotonic() < deadline, "no job was done"
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    memory = Memory.open(db, None)
    with memory.db.read() as conn:
        done_before = conn.exec_driver_sql(
            "SELECT COUNT(*) FROM outbox WHERE status='done'"
        ).scalar_one()
    memory.close()
    assert 0 < done_before < n, "the kill should land mid-batch"
    out = subprocess.run(
        [sys.executable, str(script), "resume"],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    assert "drained" in out.stdout
    memory = Memory.open(db, None)
    with memory.db.read() as conn:
        statuses = conn.exec_driver_sql("SELECT status, COUNT(*) FROM outbox GROUP BY status").all()
        facts = conn.exec_driver_sql("SELECT key, COUNT(*) FROM facts GROUP BY user_id, key").all()
        applied = conn.exec_driver_sql("SELECT COUNT(*) FROM applied_actions").scalar_one()
    memory.close()
    assert dict(statuses) == {"done": n}
    assert len(facts) == n and all(count == 1 for _, count in facts)
    assert applied == n


async def test_learning_waits_while_a_reply_is_answered_unless_one_waits_for_it(
    tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On two cores a reply queued behind learning's embeddings for the CPU and the GIL:
    background learning's steps wait while a reply is being answered (bounded). A reply that
    waits for a user's learning ("what's my cat called?" right after telling it) lets that
    user's go at once, at the reply's priority; nobody else's."""
    monkeypatch.setattr(observer_module, "BACKGROUND_GIVE_WAY_S", 30.0)
    memory = Memory.open(tmp_path / "m.db", None, clock=clock)  # the store does not matter
    obs = make_observer(memory)
    waiting: set[str] = set()
    both = asyncio.Event()
    give_way = obs.learner.give_way

    async def recording(user_id: str) -> None:
        waiting.add(user_id)
        if len(waiting) == 2:
            both.set()
        await give_way(user_id)

    obs.learner.give_way = recording
    replies = memory.lanes.executors.replies
    obs.start()
    replies.begin()  # another user's reply is being answered, until the end
    try:
        await obs.observe(turn(1, "home_city=Berlin", clock))
        await obs.observe(turn(2, "employer=Acme", clock, user="console:bo"))
        await asyncio.wait_for(both.wait(), 60)
        assert await memory.list_facts(USER) == []
        # Within 20 s: at once, not after the 30 s the others give way (bo's, checked next).
        assert await obs.settled(USER, 20.0)
        assert [f.value_text for f in await memory.list_facts(USER)] == [
            "Ana's home city is Berlin."
        ]
        assert await memory.list_facts("console:bo") == []  # still giving way
        replies.end()
        await obs.drain(timeout=60)
        assert [f.value_text for f in await memory.list_facts("console:bo")] == [
            "Ana's employer is Acme."
        ]
    finally:
        await obs.aclose()
        memory.close()


async def test_learning_gives_way_to_replies_for_a_bounded_time_per_turn(
    tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot that is never quiet still learns: each turn's learning gives way to replies for
    ``BACKGROUND_GIVE_WAY_S`` in all, not at each of its steps."""
    monkeypatch.setattr(observer_module, "BACKGROUND_GIVE_WAY_S", 0.3)
    memory = Memory.open(tmp_path / "m.db", None, clock=clock)
    obs = make_observer(memory)
    replies = memory.lanes.executors.replies
    obs.start()
    replies.begin()  # replies without end
    try:
        # From before the first turn's commit: its learning may begin giving way before the
        # second commit returns (a loaded machine took longer than that between the two).
        started = time.monotonic()
        await obs.observe(turn(1, "home_city=Berlin", clock))
        await obs.observe(turn(2, "employer=Acme", clock))
        await obs.drain(timeout=120)
        assert time.monotonic() - started >= 0.6
        assert len(await memory.list_facts(USER)) == 2
    finally:
        replies.end()
        await obs.aclose()
        memory.close()
