"""Edited and deleted messages revise memory (issue 23 item 7).

A message the user edits or deletes on the platform takes back what was learned from it:
every fact change made by its turn (and by earlier edits of it) is reverted — a fact it
created is retracted, one it changed goes back to its state before — unless something else
changed that fact since (then the later word stands); its episodes go (words, FTS entry,
vector), and its learning, if still queued, is cancelled. An edit's new text is then learned
as a new turn (by the caller), so the facts and episode follow the new text. Each change is
in the fact's history (event ``retracted`` / ``restored``, reason "message edited" or
"message deleted").

Turn ids: an edit's turn id is its message's turn id, ``:edit:`` and a stamp
(the adapters name an edit ``<message id>:edit:<unix time>``), so the revisions of a message
are found by prefix.

An edit's retraction is stamped just before the edit's own time: the edit's new text may say
the same thing again and is learned (the user's new word); old material — a consolidation of
the session, a tool — does not bring back what a deleted message said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import structlog
from sqlalchemy import Connection

from memory_core.runtime.executors import Lane
from memory_core.store import facts as fact_repo
from memory_core.store import outbox as outbox_repo
from memory_core.store import revisions as repo
from memory_core.values import RETRIEVABLE, Fact, HistoryEntry, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.revisions")

#: How far before the edit its retractions are stamped (see the module docstring).
_BEFORE = timedelta(milliseconds=1)


@dataclass(frozen=True, slots=True)
class Revision:
    """What revising one message took back."""

    retracted: tuple[Fact, ...] = ()
    restored: tuple[Fact, ...] = ()
    #: Facts the message taught that were changed since by something else: left as they are.
    kept: tuple[int, ...] = ()
    episodes: int = 0
    cancelled: int = 0

    @property
    def changed(self) -> bool:
        """Whether memory changed."""
        return bool(self.retracted or self.restored or self.episodes or self.cancelled)


async def revise_message(
    ctx: Context,
    user_id: str,
    turn_id: str,
    *,
    deleted: bool,
    at: datetime | None = None,
    edit_turn_id: str | None = None,
) -> Revision:
    """Take back what the message with ``turn_id`` (and its earlier edits) taught this user:
    ``deleted`` — the user deleted it; else they edited it (``at``: the edit's time; the
    caller learns the new text as ``edit_turn_id`` after this). An edit already handled (its
    turn exists: a redelivery) revises nothing."""
    when = at or ctx.clock.now()
    result = await ctx.lanes.run(
        Lane.REPLY, _revise, ctx, user_id, turn_id, when, deleted, edit_turn_id
    )
    if result.changed:
        await ctx.vectors.settle()
    log.info(
        "message_revised",
        user_id=user_id,
        deleted=deleted,
        retracted=[f.id for f in result.retracted],
        restored=[f.id for f in result.restored],
        kept=list(result.kept),
        episodes=result.episodes,
        cancelled=result.cancelled,
    )
    return result


def _revise(
    ctx: Context,
    user_id: str,
    turn_id: str,
    at: datetime,
    deleted: bool,
    edit_turn_id: str | None,
) -> Revision:
    # An edit's retractions come just before the edit (its new text is the user's new word);
    # a deletion's at its time.
    stamp = at if deleted else at - _BEFORE
    reason = "message deleted" if deleted else "message edited"
    retracted: list[Fact] = []
    restored: list[Fact] = []
    kept: list[int] = []
    with ctx.db.write(users=[user_id]) as conn:
        if edit_turn_id is not None and outbox_repo.exists(conn, edit_turn_id):
            return Revision()  # this edit was handled before (the platform sent it again)
        cancelled = repo.cancel_learning(conn, user_id, turn_id, ctx.clock.now(), reason)
        turns, fact_ids = repo.taught(conn, user_id, turn_id)
        for fact_id in fact_ids:
            current = fact_repo.get(conn, user_id, fact_id)
            if current is None:
                continue
            history = fact_repo.history(conn, user_id, fact_id=fact_id)
            outcome = _take_back(conn, ctx, user_id, current, history, turns, stamp, reason)
            if outcome is None:
                kept.append(fact_id)
            elif outcome.status == Status.DELETED:
                retracted.append(outcome)
            else:
                restored.append(outcome)
        episodes = repo.drop_episodes(conn, user_id, turn_id, vectors=ctx.embedder is not None)
    return Revision(tuple(retracted), tuple(restored), tuple(kept), episodes, cancelled)


def _take_back(
    conn: Connection,
    ctx: Context,
    user_id: str,
    fact: Fact,
    history: Sequence[HistoryEntry],
    turns: set[str],
    stamp: datetime,
    reason: str,
) -> Fact | None:
    """Revert what ``turns`` did to one fact; ``None`` when nothing is taken back (changed by
    something else since, or already gone)."""
    ours = [i for i, e in enumerate(history) if e.turn_id in turns]
    if not ours or history[-1].turn_id not in turns:
        return None  # a later word (another message, the user's /forget…) stands
    if fact.status == Status.DELETED:
        return None
    # Never before what it takes back, so the fact's history reads in order.
    stamp = max(stamp, history[-1].ts)
    before = [e for e in history[: ours[0]] if e.after]
    if not before:
        # The message created it: retracted (not "forgotten" by a request, but guarded
        # against old material, see the module docstring).
        after = fact_repo.delete(
            conn, user_id, fact, stamp, actor="user", reason=reason, event="retracted"
        )
        ctx.vectors.queue_fact(conn, after)
        return after
    state = before[-1].after
    assert state is not None
    fields: dict[str, Any] = {
        "status": Status(str(state.get("status", fact.status.value))),
        "value_text": state.get("value_text", fact.value_text),
        "confidence": float(str(state.get("confidence", fact.confidence))),
        "mention_count": int(str(state.get("mention_count", fact.mention_count))),
    }
    valid_to = state.get("valid_to")
    fields["valid_to"] = None if valid_to is None else datetime.fromisoformat(str(valid_to))
    mentioned = state.get("last_mentioned_at")
    if mentioned is not None:
        fields["last_mentioned_at"] = datetime.fromisoformat(str(mentioned))
    if fields["status"] != Status.DELETED:
        fields["deleted_at"] = None
    bump = (fields["status"] in RETRIEVABLE) != (fact.status in RETRIEVABLE) or (
        fields["value_text"] != fact.value_text
    )
    after = fact_repo.transition(
        conn, user_id, fact, stamp, event="restored", actor="user", reason=reason, **fields
    )
    if bump:
        ctx.vectors.queue_fact(conn, after)
    return after
