"""LLM usage attributed to users and purposes, summed per day, capped per user, erased with them."""

from __future__ import annotations

from memory_core.clock import ManualClock
from memory_core.llm import Usage, attribution, llm_scope
from memory_core.memory import Memory
from memory_core.ops.metrics import Price, llm_shares
from memory_core.ops.usage import LLMBudget, UsageMeter
from memory_core.store import llm_usage
from tests.factories import USER


def usage(user: str | None, purpose: str, tokens: int = 100) -> Usage:
    return Usage(
        model="claude-haiku-5-5",
        input_tokens=tokens,
        output_tokens=10,
        cache_read_input_tokens=5,
        cache_creation_input_tokens=1,
        user_id=user,
        purpose=purpose,
    )


def test_a_scope_names_the_user_and_overrides_the_tool_purpose() -> None:
    assert attribution("record_facts") == (None, "extraction")
    with llm_scope(user_id="console:ana"):
        assert attribution("record_actions") == ("console:ana", "audit")
        with llm_scope(purpose="consolidation"):
            assert attribution("record_facts") == ("console:ana", "consolidation")
        assert attribution("chat") == ("console:ana", "reply")
    assert attribution("judge_duplicates") == (None, "dedup")


async def test_meter_sums_per_user_and_purpose_and_the_budget_counts_unwritten_usage(
    lexical: Memory, clock: ManualClock
) -> None:
    meter = UsageMeter(clock)
    budget = LLMBudget(lexical, meter, daily_tokens_per_user=300)
    meter.record(usage(USER, "reply"))
    meter.record(usage(USER, "reply"))
    meter.record(usage("console:bob", "extraction"))
    assert await budget.spent_today(USER) == 232  # nothing written yet: the meter's share
    assert not await budget.exhausted(USER)
    with lexical.db.write() as conn:
        meter.flush(conn, clock.now().timestamp())
    assert not meter.pending()
    meter.record(usage(USER, "tools"))
    assert await budget.spent_today(USER) == 348 and await budget.exhausted(USER)
    assert not await budget.exhausted("console:bob")
    day = meter.day()
    with lexical.db.read() as conn:
        rows = llm_usage.between(conn, day, day)
    assert [(r.user_id, r.purpose, r.calls, r.tokens) for r in rows] == [
        ("console:ana", "reply", 2, 232),
        ("console:bob", "extraction", 1, 116),
    ]
    shares = llm_shares(rows, "purpose", {"claude-haiku-5-5": Price(1.0, 1.0, 1.0, 1.0)})
    assert [(s.name, s.tokens, s.cost_usd) for s in shares] == [
        ("reply", 232, 0.000232),
        ("extraction", 116, 0.000116),
    ]


async def test_the_cap_notice_is_claimed_once_a_day(lexical: Memory, clock: ManualClock) -> None:
    budget = LLMBudget(lexical, UsageMeter(clock), daily_tokens_per_user=None)
    assert not await budget.exhausted(USER)  # no cap
    assert await budget.first_notice_today(USER)
    assert not await budget.first_notice_today(USER)
    clock.advance(days=1)
    assert await budget.first_notice_today(USER)


async def test_erasing_a_user_erases_their_usage(lexical: Memory, clock: ManualClock) -> None:
    """Written rows go with the user; unwritten ones, and calls still in flight, lose the id."""
    meter = UsageMeter(clock)
    lexical.erase_listeners.append(meter.forget_user)
    meter.record(usage(USER, "reply"))
    with lexical.db.write() as conn:
        meter.flush(conn, clock.now().timestamp())
    await LLMBudget(lexical, meter, 10).first_notice_today(USER)
    meter.record(usage(USER, "extraction"))  # not written yet when the user is erased
    erasure = await lexical.erase(USER)
    assert not erasure.left
    meter.record(usage(USER, "extraction"))  # a call that was in flight
    with lexical.db.write() as conn:
        meter.flush(conn, clock.now().timestamp())
    day = meter.day()
    with lexical.db.read() as conn:
        rows = llm_usage.between(conn, day, day)
    assert [(r.user_id, r.purpose, r.calls) for r in rows] == [("", "extraction", 2)]
