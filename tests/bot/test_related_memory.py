"""Relations learned in conversation (seed 003 §2, §8, §14): an edge between similar facts is
audited on the fact ("linked"), counted as a worker/link event with the time it took, and the
related fact follows a relevant one in the memory block."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from tests.factories import START


async def test_similar_facts_are_linked_audited_counted_and_shown_together(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say("I love hiking in the Alps.", "I love hiking in the Dolomites.")
        assert s.runtime is not None
        memory = s.runtime.memory
        await s.runtime.observer.drain()
        facts = {f.value_text: f for f in await memory.list_facts("console:ana", limit=10)}
        alps, dolomites = (
            next(f for t, f in facts.items() if "Alps" in t),
            next(f for t, f in facts.items() if "Dolomites" in t),
        )
        with memory.db.read() as conn:
            links = conn.exec_driver_sql(
                "SELECT node, memory_id, sim, value FROM events WHERE op = 'link'"
            ).all()
        assert [(n, m) for n, m, _, _ in links] == [("worker", dolomites.id)]
        assert links[0][2] >= 0.86 and 0 < links[0][3] < 50  # ms per edge, measured
        history = await memory.history("console:ana", fact_id=dolomites.id)
        linked = [h for h in history if h.event == "linked"]
        assert len(linked) == 1 and f"related to #{alps.id}" in (linked[0].reason or "")
        recall = await memory.recall("console:ana", "Dolomites trip", chat_id="c", group=False)
        # The related fact is in the block once: after the hit, or where the profile has it.
        assert recall.block.text.count("Alps") == 1, recall.block.text
        assert alps.id in recall.block.fact_ids
