"""User sovereignty over memory: undo the last change, erase a user completely.

Erasure leaves no row, FTS entry or vector of the user behind (facts, history, episodes,
change log, conflicts, relations, entities, outbox, sessions, settings).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import structlog
from sqlalchemy import Connection

from memory_core.executors import Lane
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
    "confirmed",
    "rejected",
    "pending",
)

if TYPE_CHECKING:
    from memory_core.memory import Memory


@dataclass(frozen=True, slots=True)
class UndoResult:
    """What an undo reverted (empty when there was nothing to undo)."""

    reverted: tuple[Fact, ...] = ()
    description: str = ""


def _restore(
    conn: Connection,
    memory: Memory,
    user_id: str,
    fact: Fact,
    state: dict[str, object],
    reason: str,
) -> Fact:
    now = memory.clock.now()
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
    after = fact_repo.transition(
        conn, user_id, fact, now, event="restored", actor="user", reason=reason, **fields
    )
    memory.vectors.queue_fact(conn, after)
    return after


async def undo_last(memory: Memory, user_id: str) -> UndoResult:
    """Revert the user's most recent memory change (a supersede reverts both facts)."""
    result = await memory.run(Lane.REPLY, _undo, memory, user_id)
    if result.reverted:
        await memory.vectors.settle()
    return result


def _undo(memory: Memory, user_id: str) -> UndoResult:
    with memory.db.write() as conn:
        last = fact_repo.last_change(conn, user_id, _UNDOABLE)
        if last is None:
            return UndoResult()
        fact_id, rev = last
        # Everything written at that revision and, for a supersede/resolution, its pair.
        entries = fact_repo.history(conn, user_id, fact_id=fact_id)
        entry = next((e for e in reversed(entries) if e.rev == rev), None)
        if entry is None:
            return UndoResult()
        current = fact_repo.get(conn, user_id, entry.fact_id)
        if current is None:
            return UndoResult()
        reverted: list[Fact] = []
        if entry.event in ("created", "pending") or (
            entry.event == "updated"
            and current.supersedes_id is not None
            and entry.before is not None
            and entry.before.get("id") != current.id
        ):
            now = memory.clock.now()
            gone = fact_repo.transition(
                conn,
                user_id,
                current,
                now,
                event="deleted",
                actor="user",
                reason="undo",
                status=Status.DELETED,
                valid_to=now,
                deleted_at=now,
            )
            memory.vectors.queue_fact(conn, gone)
            reverted.append(gone)
            if entry.event == "updated" and entry.before is not None:
                old = fact_repo.get(conn, user_id, int(str(entry.before["id"])))
                if old is not None:
                    reverted.append(_restore(conn, memory, user_id, old, entry.before, "undo"))
        elif entry.before is not None:
            reverted.append(_restore(conn, memory, user_id, current, entry.before, "undo"))
        description = f"{entry.event} {current.value_text}"
    log.info("memory_undone", user_id=user_id, rev=rev, facts=[f.id for f in reverted])
    return UndoResult(tuple(reverted), description)


async def erase_user(memory: Memory, user_id: str) -> dict[str, int]:
    """Delete every trace of one user; returns rows removed per table."""
    counts = await memory.run(Lane.REPLY, _erase, memory, user_id)
    memory.vectors.cache.clear()
    log.info("user_erased", user_id=user_id, rows=sum(counts.values()))
    return counts


def _erase(memory: Memory, user_id: str) -> dict[str, int]:
    with memory.db.write() as conn:
        return user_data_repo.erase(conn, user_id)
