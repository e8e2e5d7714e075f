"""/forgetme cut short: recorded before anything is deleted, the user's data hidden while it
is unfinished, and finished later — at the next start, by the ``erasures`` job, or when the
user is seen again at the door. kill -9 mid-erasure on PostgreSQL (where it goes piecewise)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from sqlalchemy import text

from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.store import bulk
from memory_core.user import erase
from memory_core.values import Category, NewFact

ALICE, BOB = "telegram:1", "telegram:2"
EPISODES = 3000

_CHILD = """
import asyncio, sys, time
from memory_core.memory import Memory
from memory_core.store import user_data as repo

real = repo.erase_some

def slow(conn, table, user_id, limit):
    n = real(conn, table, user_id, limit)
    if n and table == "episodes":
        print("piece", n, flush=True)
        time.sleep(0.2)  # pieces shrink toward 100 rows: many before the kill
    return n

repo.erase_some = slow

async def main(url):
    memory = Memory.open(url, None)
    await memory.erase("telegram:1", rewrite=False)
    print("done", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main(sys.argv[1]))
"""


def _count(memory: Memory, user: str) -> int:
    with memory.db.read() as conn:
        sql = text("SELECT COUNT(*) FROM episodes WHERE user_id = :u")
        return int(conn.execute(sql, {"u": user}).scalar_one())


def _kill_mid_erasure(url: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, url],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    try:
        assert child.stdout is not None
        pieces = 0
        for line in child.stdout:
            assert not line.startswith("done"), "the erasure finished before the kill"
            pieces += line.startswith("piece")
            if pieces >= 2:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert child.returncode == -signal.SIGKILL


async def _seed(memory: Memory) -> None:
    with memory.db.write(users=[ALICE]) as conn:
        bulk.generate_episodes(conn, ALICE, 0, EPISODES - 1, 1.0)
    for user in (ALICE, BOB):
        await memory.remember(
            user, NewFact(key="home.city", value_text="lives in Oslo", category=Category.OTHER)
        )


async def test_an_erasure_killed_half_way_is_hidden_and_finished_at_the_next_start(
    pg_url: str, clock: ManualClock
) -> None:
    memory = Memory.open(pg_url, None, clock=clock)
    try:
        await _seed(memory)
        _kill_mid_erasure(pg_url)
        # Cut short: part of Alice's rows are gone, the rest wait, and the request is on record.
        assert 0 < _count(memory, ALICE) < EPISODES
        with memory.db.read() as conn:
            assert set(erase.pending(conn)) == {ALICE}
        # The start's (and the ``erasures`` job's) resume finishes it; Bob is untouched.
        assert await memory.resume_erasures() == [ALICE]
        assert erase.leftovers(memory.db, ALICE) == {}
        assert len(await memory.list_facts(BOB)) == 1
        with memory.db.read() as conn:
            assert erase.pending(conn) == {}
        assert _count(memory, BOB) == 0 and await memory.resume_erasures() == []
    finally:
        memory.close()


async def test_an_unfinished_erasure_is_finished_before_the_door_lets_the_user_in(
    store: str | Path, clock: ManualClock
) -> None:
    """A crash right after the request was recorded (nothing deleted yet): the user's next
    message or button press resolves them at the door, which finishes the erasure first —
    nothing of theirs is read (or added to) before it is done."""
    memory = Memory.open(store, None, clock=clock)
    try:
        await _seed(memory)
        erase._record(memory.db, ALICE, erase.Request(rewrite=False))  # then the process died
        assert _count(memory, ALICE) == EPISODES
        assert await memory.owner_of(ALICE) == ALICE
        assert _count(memory, ALICE) == 0
        assert await memory.list_facts(ALICE) == []
        assert len(await memory.list_facts(BOB)) == 1
        with memory.db.read() as conn:
            assert erase.pending(conn) == {}
    finally:
        memory.close()
