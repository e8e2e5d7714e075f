"""The user's own changes to one fact outside chat (the memory page): a corrected value and a pin.

A correction is the user saying the right value, so it is read and decided like their
``/remember`` in chat: the offline rules read the words, the decision is keyed to the fact being
corrected, and the arbiter's guardrails (``enforce``) decide as for any explicit statement — a
confident or high-risk fact is never overwritten at once: the change becomes a pending fact and
one conflict the user settles with the same choices as the chat's buttons (and a high-risk
value changed from a form always is). It is applied in one
transaction with history and revision, so ``/undo`` reverts it like any other change.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import structlog

from memory_core.errors import InvalidInputError, Reason
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import RulesExtractor
from memory_core.learn import policy
from memory_core.learn.apply import Applied, TurnRef
from memory_core.learn.arbitrate import normalise_value, proposal_of
from memory_core.learn.decisions import Decision, Noop, Pending, Supersede
from memory_core.learn.flow import Pipeline
from memory_core.runtime.executors import Lane
from memory_core.store import facts as fact_repo
from memory_core.text.cleaning import MAX_FACT_CHARS, clean_text
from memory_core.values import Fact, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.corrections")


@dataclass(frozen=True, slots=True)
class Correction:
    """What a correction did: ``changed`` (the new value is stored), ``conflict_id`` (the
    user is asked to confirm, as in chat), or neither (the value was already that)."""

    fact: Fact | None
    changed: bool
    conflict_id: int | None = None


async def correct(
    ctx: Context, user_id: str, target: Fact, text: str, *, turn_id: str
) -> Correction:
    """Replace ``target`` (one of the user's current facts) with the value ``text`` states,
    through the chat's write policy."""
    if target.status != Status.ACTIVE:
        raise InvalidInputError(Reason("only a current memory can be changed"))
    text = clean_text(text, limit=MAX_FACT_CHARS)
    if not text:
        raise InvalidInputError(Reason("the new value is empty"))
    now = ctx.clock.now()
    found = await RulesExtractor().extract(TurnInput(text, now, explicit=True))
    cand = next((c for c in found if c.key == target.key), found[0] if found else None)
    if cand is None:
        raise InvalidInputError(Reason("found nothing to store in that"))
    cand = replace(cand, key=target.key)
    proposal = replace(
        proposal_of(cand, explicit=True),
        key=target.key,
        category=target.category if target.category.value != "other" else cand.category,
        confidence=policy.EXPLICIT,
    )
    flow = Pipeline(ctx)
    related = await flow.look_up(Lane.REPLY, user_id, [cand], now)
    stored = target.value_json.get("value") if isinstance(target.value_json, dict) else None
    said = normalise_value(proposal.value or proposal.value_text)
    decision: Decision | None
    if said in (normalise_value(str(stored or "")), normalise_value(target.value_text)):
        decision = Noop(target.id, target.key, 0.0, "correction repeats the fact")
    else:
        known = {**related.known, target.id: target}
        change = Supersede(target.id, proposal, "corrected on the memory page")
        decision = flow.guard(
            change, related, explicit=True, said_at=now, known=known, forgotten=False
        )
        if isinstance(decision, Supersede) and policy.is_high_risk(target.category):
            # A tap is easier to get wrong than a sentence: a high-risk value (identity,
            # health, money, documents) changed from a form is always confirmed first.
            decision = Pending(target.id, proposal, "high-risk change needs confirmation")
    if decision is None or isinstance(decision, Noop):
        return Correction(target, changed=False)
    ref = TurnRef(user_id, turn_id, None, "user")

    def write() -> list[Applied]:
        with ctx.db.write(users=[user_id]) as conn:
            return flow.apply(conn, ref, [decision], ctx.clock.now(), related.links)

    applied = await ctx.lanes.run(Lane.REPLY, write)
    await ctx.vectors.settle()
    done = applied[0] if applied else None
    if done is None:
        return Correction(target, changed=False)
    asked = isinstance(done.decision, Pending)
    log.info("fact_corrected", user_id=user_id, fact_id=target.id, asked=asked)
    return Correction(done.fact, changed=not asked, conflict_id=done.conflict_id)


async def set_pinned(ctx: Context, user_id: str, target: Fact, pinned: bool) -> Fact:
    """Pin (never fades, never overwritten by an inference) or unpin one of the user's facts."""
    if target.pinned == pinned:
        return target

    def write() -> Fact:
        with ctx.db.write(users=[user_id]) as conn:
            return fact_repo.transition(
                conn,
                user_id,
                target,
                ctx.clock.now(),
                event="updated",
                actor="user",
                reason="pinned" if pinned else "unpinned",
                pinned=pinned,
            )

    fact = await ctx.lanes.run(Lane.REPLY, write)
    log.info("fact_pinned" if pinned else "fact_unpinned", user_id=user_id, fact_id=target.id)
    return fact
