"""A purged fact leaves no text in the SQLite file — its FTS index included (issue 22, item 8):
FTS5 keeps a deleted row's terms in its segment b-tree until a merge, unless the index runs
with ``secure-delete`` (SQLite ≥ 3.44)."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from pysqlite3 import dbapi2

from memory_core.clock import ManualClock
from memory_core.db.backends.sqlite.schema import FTS_TABLES
from memory_core.jobs import Lifecycle
from memory_core.memory import Memory
from memory_core.values import Category, NewFact
from tests.factories import USER

PIN = "73915"
WORD = "Quixotlanx"


def _file_bytes(db: Path) -> bytes:
    """The file's bytes once the WAL is checkpointed (its frames hold old page images until
    they are overwritten: the WAL is not what this is about)."""
    with closing(dbapi2.connect(str(db))) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db.read_bytes()


def _fts_data(db: Path) -> bytes:
    with closing(dbapi2.connect(str(db))) as conn:
        return b"".join(
            bytes(r[0]) for t in FTS_TABLES for r in conn.execute(f"SELECT block FROM {t}_data")
        )


async def test_a_purged_fact_leaves_no_text_in_the_fts_index(
    memory: Memory, clock: ManualClock, db_path: Path
) -> None:
    for i in range(2):  # a few segments: no automatic merge rewrites the deleted one
        await memory.remember(USER, NewFact(key=f"thing_{i}", value_text=f"Ana likes thing {i}."))
    fact = await memory.remember(
        USER,
        NewFact(
            key="door_pin",
            value_text=f"Ana's door PIN is {PIN}, word {WORD}.",
            category=Category.CREDENTIAL,
            sensitive=True,
        ),
    )
    await memory.remember(USER, NewFact(key="later", value_text="Ana likes tea.", decay_rate=0.0))
    await memory.forget(USER, fact.id)
    clock.advance(days=31)
    assert (await Lifecycle(memory).run()).purged == 1
    assert WORD.lower().encode() not in _fts_data(db_path)
    data = _file_bytes(db_path)
    assert WORD.lower().encode() not in data.lower() and PIN.encode() not in data
    # The index still works for what is left (the other facts did not fade in a month: they
    # may follow, below it).
    found = [h.fact.value_text for h in await memory.search(USER, "tea") if h.fact]
    assert found[0] == "Ana likes tea." and not any(PIN in v for v in found)
