"""A platform that delivers the same message twice (Telegram retries a webhook that was slow
to answer) gets one answer; the turn is stored and learned once."""

from __future__ import annotations

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
