"""A forget blanks the turns that told the fact, on both stores (issue 22, item 6)."""

from __future__ import annotations

from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.store.episodes import FORGOTTEN
from memory_core.values import NewEpisode, NewFact
from tests.factories import USER


async def test_forget_blanks_the_turns_of_the_fact_and_no_other(
    memory: Memory, clock: ManualClock
) -> None:
    now = clock.now()
    told = [
        NewEpisode("c1", "user", "I have HIV, by the way.", now, turn_id="t1"),
        NewEpisode("c1", "assistant", "Thanks for telling me about your HIV.", now, turn_id="t1"),
        NewEpisode("c1", "user", "ok", now, turn_id="t2", context="Thanks for telling me"),
        NewEpisode("c1", "user", "I like tea.", now, turn_id="t3"),
    ]
    await memory.record_episodes(USER, told)
    fact = await memory.remember(
        USER, NewFact(key="note.hiv", value_text="Ana has HIV.", source_turn_id="t1")
    )
    await memory.forget(USER, fact.id)
    after = await memory.recent_episodes(USER)
    assert [(e.turn_id, e.text) for e in after] == [
        ("t1", FORGOTTEN),
        ("t1", FORGOTTEN),
        ("t2", "ok"),
        ("t3", "I like tea."),
    ]
    with memory.db.read() as conn:
        contexts = [str(r[0]) for r in conn.exec_driver_sql("SELECT context FROM episodes")]
    assert not any("HIV" in c or "Thanks" in c for c in contexts)
    recall = await memory.recall(USER, "tea", chat_id="c1", group=False)
    assert recall.history == [("user", "ok"), ("user", "I like tea.")]
