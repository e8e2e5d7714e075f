""" "Still true?" questions about facts that naturally change (home, job, plans).

The nightly lifecycle job opens one after months without a mention (never about the user's
name, nor about what never changes); the bot asks it (keep / forget) at the user's next
conversation — at most one question per user in ``ASK_EVERY`` — and the answer confirms the
fact (protected from time from then on) or forgets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING

from memory_core.learn import policy
from memory_core.runtime.executors import Lane
from memory_core.store import facts as fact_repo
from memory_core.store import lifecycle as repo
from memory_core.values import Fact, Status

if TYPE_CHECKING:
    from memory_core.context import Context


#: At most one "still true?" question reaches a user in this time (so one per session).
ASK_EVERY = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class Question:
    """An open question about one of the user's facts."""

    id: int
    user_id: str
    fact: Fact


class Answer(StrEnum):
    """How answering a question ended."""

    KEPT = "kept"
    FORGOTTEN = "forgotten"
    ALREADY_SETTLED = "already_settled"
    NOT_FOUND = "not_found"


async def due(ctx: Context, user_id: str, limit: int = 1) -> list[Question]:
    """Open questions not asked yet whose fact is still active (others are closed as gone):
    at most one, and none when one was asked within ``ASK_EVERY``."""
    return await ctx.lanes.run(Lane.BACKGROUND, _due, ctx, user_id, limit)


def _due(ctx: Context, user_id: str, limit: int) -> list[Question]:
    out: list[Question] = []
    # Asked after every learned turn: look first, take the write lock only when there
    # is something to ask (or to close).
    limit = min(limit, 1)
    with ctx.db.read() as conn:
        if not repo.unasked(conn, user_id, 1):
            return out
        if repo.asked_since(conn, user_id, ctx.clock.now() - ASK_EVERY):
            return out
    with ctx.db.write(users=[user_id]) as conn:
        for qid, fid in repo.unasked(conn, user_id, limit * 3):
            fact = fact_repo.get(conn, user_id, fid)
            if fact is None or fact.status != Status.ACTIVE:
                repo.close_question(conn, user_id, qid, "gone", ctx.clock.now())
                continue
            out.append(Question(qid, user_id, fact))
            if len(out) >= limit:
                break
    return out


async def mark_asked(ctx: Context, user_id: str, question_id: int) -> None:
    """Record that the question reached the user."""
    await ctx.lanes.write_for(Lane.REPLY, repo.mark_asked, user_id, question_id, ctx.clock.now())


async def answer(
    ctx: Context, user_id: str, question_id: int, *, keep: bool
) -> tuple[Answer, Fact | None]:
    """Apply the user's answer once: keep (confirmed, no more decay) or forget."""
    result = await ctx.lanes.run(Lane.REPLY, _answer, ctx, user_id, question_id, keep)
    if result[0] == Answer.FORGOTTEN:
        await ctx.vectors.settle()
    return result


def _answer(ctx: Context, user_id: str, question_id: int, keep: bool) -> tuple[Answer, Fact | None]:
    now = ctx.clock.now()
    with ctx.db.write(users=[user_id]) as conn:
        found = repo.question_fact(conn, user_id, question_id)
        if found is None:
            return Answer.NOT_FOUND, None
        fact = fact_repo.get(conn, user_id, found[0])
        status = "kept" if keep else "forgotten"
        if fact is None or not repo.close_question(conn, user_id, question_id, status, now):
            return Answer.ALREADY_SETTLED, fact
        if fact.status != Status.ACTIVE:
            return Answer.ALREADY_SETTLED, fact
        if keep:
            after = fact_repo.transition(
                conn,
                user_id,
                fact,
                now,
                event="confirmed",
                actor="user",
                reason="still true",
                confidence=policy.CONFIRMED,
                decay_rate=0.0,
                last_mentioned_at=now,
            )
            return Answer.KEPT, after
        after = fact_repo.delete(conn, user_id, fact, now, actor="user", reason="no longer true")
        ctx.vectors.queue_fact(conn, after)
        return Answer.FORGOTTEN, after
