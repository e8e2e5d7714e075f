"""A platform that delivers the same message twice (Telegram retries a webhook that was slow
to answer) gets one answer; the turn is stored and learned once."""

from __future__ import annotations

from memory_core.values import SearchFilters, Status
from tests.bot.conftest import Harness
from tests.factories import message


async def test_the_same_message_delivered_twice_is_answered_once(harness: Harness) -> None:
    first = await harness.bot.on_message(message("I live in Porto.", message_id="m7"))
    await harness.settle()
    again = await harness.bot.on_message(message("I live in Porto.", message_id="m7"))
    await harness.settle()
    assert len(first) == 1 and again == []
    rows = harness.runtime.memory.db
    with rows.read() as conn:
        episodes = conn.exec_driver_sql(
            "SELECT role FROM episodes WHERE turn_id = 'console:console:m7' ORDER BY id"
        ).all()
        outbox = conn.exec_driver_sql("SELECT COUNT(*) FROM outbox").scalar_one()
    assert [r[0] for r in episodes] == ["user", "assistant"] and outbox == 1
    # Another message (a new id) with the same words is a new turn, answered as usual.
    other = await harness.bot.on_message(message("I live in Porto.", message_id="m8"))
    assert len(other) == 1


async def test_a_command_delivered_twice_runs_once(harness: Harness) -> None:
    """An /undo delivered twice must not undo two steps."""
    await harness.bot.on_message(message("/remember employer=Acme", message_id="r1"))
    harness.clock.advance(minutes=1)  # a separate change for /undo
    await harness.bot.on_message(message("/remember hobby=chess", message_id="r2"))
    harness.clock.advance(minutes=1)
    await harness.settle()

    async def state() -> list[tuple[str, str]]:
        facts = await harness.memory.list_facts(
            "console:ana", SearchFilters(statuses=tuple(Status))
        )
        return sorted((f.value_text, f.status.value) for f in facts)

    first = await harness.bot.on_message(message("/undo", message_id="u1"))
    after_one = await state()
    again = await harness.bot.on_message(message("/undo", message_id="u1"))
    assert len(first) == 1 and again == []
    assert await state() == after_one
    assert [status for text, status in after_one if "chess" in text] == ["deleted"]
    assert [status for text, status in after_one if "Acme" in text] == ["active"]
    # A new /undo (another message) does undo the next step.
    assert await harness.bot.on_message(message("/undo", message_id="u2")) != []
    assert await state() != after_one
