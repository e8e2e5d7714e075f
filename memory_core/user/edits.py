"""User sovereignty over memory: undo the last change, erase a user completely.

Erasure leaves no row, FTS entry or vector of the user behind (facts, history, episodes,
change log, conflicts, relations, entities, outbox, sessions, settings).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import structlog
from sqlalchemy import Connection

from memory_core.read import entities
from memory_core.runtime.executors import Lane
from memory_core.store import conflicts as conflict_repo
from memory_core.store import facts as fact_repo
from memory_core.store import user_data as user_data_repo
from memory_core.values import Fact, Status

log = structlog.get_logger("memory_core.edits")

#: Change log events that undo can revert (the newest one is).
_UNDOABLE = (
    "created",
    "updated",
    "superseded",
    "expired",
    "deleted",
    "faded",
    "confirmed",
    "rejected",
    "pending",
)

if TYPE_CHECKING:
    from memory_core.context import Context


@dataclass(frozen=True, slots=True)
class UndoResult:
    """What an undo reverted (empty when there was nothing to undo)."""

    reverted: tuple[Fact, ...] = ()
    description: str = ""
    #: The conflict whose answer was undone: open again, to be asked again.
    reopened_conflict_id: int | None = None


def _restore(
    conn: Connection,
    ctx: Context,
    user_id: str,
    fact: Fact,
    state: dict[str, object],
    reason: str,
    undoes: float,
    *,
    unfade: bool = False,
) -> Fact:
    now = ctx.clock.now()
    status = Status(str(state.get("status", fact.status.value)))
    fields: dict[str, Any] = {
        "status": status,
        "value_text": state.get("value_text", fact.value_text),
        "confidence": float(str(state.get("confidence", fact.confidence))),
        "decay_rate": float(str(state.get("decay_rate", fact.decay_rate))),
    }
    valid_to = state.get("valid_to")
    fields["valid_to"] = None if valid_to is None else datetime.fromisoformat(str(valid_to))
    if status != Status.DELETED:
        fields["deleted_at"] = None
    if unfade and status != Status.DELETED:
        # An undone fade sticks: the user wants it kept, so time no longer takes it.
        fields |= {"decay_rate": 0.0, "last_accessed_at": now}
    after = fact_repo.transition(
        conn,
        user_id,
        fact,
        now,
        event="restored",
        actor="user",
        reason=reason,
        undoes=undoes,
        **fields,
    )
    if unfade and status != Status.DELETED:
        # Fading unlinked its entities: "who is Moira?" finds it again.
        entities.link_fact(conn, user_id, after)
    ctx.vectors.queue_fact(conn, after)
    return after


async def undo_last(ctx: Context, user_id: str) -> UndoResult:
    """Revert the user's most recent memory change (a supersede reverts both facts)."""
    result = await ctx.lanes.run(Lane.REPLY, _undo, ctx, user_id)
    if result.reverted:
        await ctx.vectors.settle()
    return result


def _undo(ctx: Context, user_id: str) -> UndoResult:
    """Revert the newest operation not undone yet: every fact it changed goes back to its
    state before (a fact it created goes), so each ``/undo`` goes one step further back; an
    undone answer to a conflict re-opens its question."""
    with ctx.db.write(users=[user_id]) as conn:
        ts = fact_repo.last_undoable_ts(conn, user_id, _UNDOABLE)
        if ts is None:
            return UndoResult()
        first_rev: dict[int, int] = {}
        events: list[str] = []
        for fact_id, rev in fact_repo.changes_at(conn, user_id, ts):
            first_rev[fact_id] = min(rev, first_rev.get(fact_id, rev))
        reverted: list[Fact] = []
        for fact_id, rev in first_rev.items():
            current = fact_repo.get(conn, user_id, fact_id)
            if current is None:
                continue
            history = fact_repo.history(conn, user_id, fact_id=fact_id)
            undone = [e.event for e in history if e.rev is not None and e.rev >= rev][:1]
            events += undone
            earlier = [e for e in history if e.rev is not None and e.rev < rev and e.after]
            if earlier:
                state = earlier[-1].after
                assert state is not None
                unfade = undone == ["faded"]
                reverted.append(
                    _restore(conn, ctx, user_id, current, state, "undo", ts, unfade=unfade)
                )
            else:
                reverted.append(_drop(conn, ctx, user_id, current, ts))
        reopened = conflict_repo.reopen_resolved_at(conn, user_id, ts)
    log.info(
        "memory_undone",
        user_id=user_id,
        facts=[f.id for f in reverted],
        reopened_conflict=reopened,
    )
    return UndoResult(tuple(reverted), ", ".join(events), reopened)


def _drop(conn: Connection, ctx: Context, user_id: str, fact: Fact, undoes: float) -> Fact:
    """A fact the undone operation created: deleted."""
    now = ctx.clock.now()
    gone = fact_repo.delete(conn, user_id, fact, now, actor="user", reason="undo", undoes=undoes)
    ctx.vectors.queue_fact(conn, gone)
    return gone


async def erase_user(ctx: Context, user_id: str) -> dict[str, int]:
    """Delete every trace of one user; returns rows removed per table."""
    counts = await ctx.lanes.run(Lane.REPLY, _erase, ctx, user_id)
    ctx.vectors.cache.clear()
    for listener in ctx.erase_listeners:  # in-memory state of the user (LLM usage)
        listener(user_id)
    log.info("user_erased", user_id=user_id, rows=sum(counts.values()))
    return counts


#: PostgreSQL: each transaction of an erasure deletes about this long's worth of rows: the
#: longest a cross-user write that meets one of its rows waits for it.
ERASE_STEP_S = 0.025


def _erase(ctx: Context, user_id: str) -> dict[str, int]:
    if not ctx.db.postgres:
        # SQLite has one writer: everything at once, in one transaction.
        with ctx.db.write(users=[user_id]) as conn:
            return user_data_repo.erase(conn, user_id)
    # Piecewise, in transactions of ~25 ms, each under the user's write lock alone (not the
    # database-wide lock shared: ``Database.write(erasing=True)``). One long DELETE (a user
    # with 1M episodes: minutes) holding that lock shared would keep a cross-user writer,
    # which needs it exclusively, waiting all along — and while it waits, PostgreSQL queues
    # every other user's write behind it. Pieces holding it shared still made such a writer
    # wait up to a piece's time, with everyone queued behind it.
    counts: dict[str, int] = {}
    with ctx.db.read() as conn:
        tables = user_data_repo.erase_order(conn)
    for table in tables:
        counts[table] = _erase_table(ctx, user_id, table)
    # Then what was left, or written meanwhile. A cross-user write (it holds the database-wide
    # lock exclusively) may have added a row of the user while the pieces went: the barrier
    # takes that lock shared and nothing else — granted once every such write began before it
    # is committed — so the sweep after it finds their rows. The barrier is the only part that
    # holds the shared lock, and it is empty: the sweep (every table's ``DELETE … WHERE
    # user_id``, which walks the deleted rows' dead index entries: ~160 ms at 1M episodes)
    # runs under the user's lock alone, like a piece. (It used to run under the shared lock,
    # so a cross-user writer asking meanwhile waited for it, and everyone behind that writer;
    # a throttled VACUUM before it took it to ~20 ms but slowed other users' commits past
    # 100 ms: docs/scaling.md.) A cross-user write begun after the barrier may still add a row
    # of the user, as one begun after the last transaction could before; the verification
    # that follows the erasure reports it.
    started = time.perf_counter()
    with ctx.db.write(users=[user_id]):
        pass
    barrier_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    rest = ctx.db.retrying(_erase_rest, ctx, user_id)
    log.info(
        "erasure_last_write",
        barrier_ms=round(barrier_ms, 1),
        sweep_ms=round((time.perf_counter() - started) * 1000, 1),
    )
    return {t: counts.get(t, 0) + rest.get(t, 0) for t in {*counts, *rest}}


def _erase_rest(ctx: Context, user_id: str) -> dict[str, int]:
    """PostgreSQL: the user's rows still left in any table, in one transaction under the
    user's lock alone (run under :meth:`Database.retrying`, as a piece)."""
    with ctx.db.write(users=[user_id], erasing=True) as conn:
        return user_data_repo.erase(conn, user_id)


def _erase_table(ctx: Context, user_id: str, table: str) -> int:
    """Delete the user's rows of ``table`` in transactions sized to take ~ERASE_STEP_S each."""
    removed, batch = 0, 500
    while True:
        started = time.perf_counter()
        n = ctx.db.retrying(_erase_piece, ctx, table, user_id, batch)
        removed += n
        if n < batch:
            return removed
        took = time.perf_counter() - started
        # Toward the target time, at most doubling or halving (within 100 - 20,000 rows).
        factor = min(2.0, max(0.5, ERASE_STEP_S / max(took, 1e-3)))
        batch = max(100, min(20_000, int(batch * factor)))


def _erase_piece(ctx: Context, table: str, user_id: str, limit: int) -> int:
    """One transaction of an erasure: up to ``limit`` of the user's rows of ``table``, under
    the user's lock alone; a lock wait that gives up (a cross-user writer holds a row) rolls
    it back whole, and :meth:`Database.retrying` runs it again."""
    with ctx.db.write(users=[user_id], erasing=True) as conn:
        return user_data_repo.erase_some(conn, table, user_id, limit)
