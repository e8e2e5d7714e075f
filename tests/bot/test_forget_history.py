"""Forget reaches the conversation history (issue 22, item 6): after /forget, the turns that told
the fact are not in what the model is sent next (the fake Messages API records every request),
nor in the offline answers that quote old turns, nor left in the database file."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from adapters.types import ButtonPress
from memory_core.store import consolidation
from memory_core.values import Audience, SearchFilters
from tests.bot.test_memory_tools import ANA, llm_bot, tool_results
from tests.factories import START, message
from tests.fakes.anthropic_server import FakeAnthropic

# One fact: "… and take antiretrovirals" would be a second one (clauses are split), which the
# user did not forget.
SAID = "I have HIV, diagnosed in 2015."
WORDS = "diagnosed in 2015"


async def test_a_forgotten_fact_leaves_the_history_the_model_is_sent(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.text("Thanks for trusting me with that.")
        await rt.router.on_message(message(SAID))
        fake.text("Hello!")
        await rt.router.on_message(message("I live in Lisbon by the way"))
        await rt.settle()
        fake.text("Hi again.")
        await rt.router.on_message(message("hi"))
        assert WORDS in json.dumps(fake.requests[-1]["messages"])  # sent before
        (hiv,) = [
            f for f in await rt.memory.list_facts(ANA, SearchFilters()) if "HIV" in f.value_text
        ]
        # /forget through the bot: the command lists it as a button, the press forgets it.
        (listed,) = await rt.router.on_message(message("/forget HIV"))
        (button,) = [b for row in listed.buttons for b in row if "HIV" in b.label]
        pressed = await rt.router.on_button(
            ButtonPress("console", "console", "ana", "Ana", button.data, START, None, True)
        )
        assert pressed.notice == "Forgotten"
        for line in ("what's new?", "tell me a joke", "and another"):
            fake.text("Sure.")
            await rt.router.on_message(message(line))
            sent = json.dumps(fake.requests[-1])
            assert WORDS not in sent and "HIV" not in sent
            assert "trusting me" not in sent  # the bot's answer to that turn went with it
            assert "Lisbon" in sent  # the other turns stay
        # The offline answers quote old turns: that one is gone from them too.
        recall = await rt.memory.recall(
            ANA, "what did I say about my diagnosis in 2015?", chat_id="console", group=False
        )
        assert recall.episodes == [] and all("HIV" not in t for _, t in recall.history)
        assert hiv.id not in {f.id for f in await rt.memory.list_facts(ANA, SearchFilters())}
        # Consolidating the session later reads none of it either.
        with rt.memory.db.read() as conn:
            session_ids = {int(str(r[0])) for r in conn.exec_driver_sql("SELECT id FROM sessions")}
            turns = [
                t.text
                for sid in session_ids
                if (session := consolidation.get(conn, sid)) is not None
                for t in consolidation.user_turns(conn, session, 0, 100)
            ]
        assert turns and not any("HIV" in t or "forgotten" in t for t in turns)
        await rt.settle()
    # No copy of the words stays in the turns or the learning queue (the fact row itself is
    # kept, deleted, until its purge: /undo can bring it back).
    with closing(sqlite3.connect(tmp_path / "m.db")) as db:
        for table, column in (
            ("episodes", "text"),
            ("episodes", "context"),
            ("outbox", "user_text"),
        ):
            rows = db.execute(f"SELECT {column} FROM {table}").fetchall()
            assert rows and not any(WORDS in str(r[0]) for r in rows), table


async def test_the_model_cannot_see_a_forgotten_turn_through_a_tool(tmp_path: Path) -> None:
    """The memory tools search facts, not turns; the forgotten fact is not among them."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember " + SAID))
        await rt.settle()
        (hiv,) = await rt.memory.list_facts(ANA, SearchFilters())
        await rt.memory.view(ANA, Audience.PRIVATE).forget(hiv.id)
        fake.tool_calls([("memory_query", {"query": "HIV diagnosis", "top_k": 5})])
        fake.text("Nothing.")
        await rt.router.on_message(message("what meds do I take?"))
        (result,) = tool_results(fake.requests[-1])
        assert json.loads(result["content"])["memories"] == []
        history = fake.requests[-1]["messages"][:-2]  # all but the tool round
        assert WORDS not in json.dumps(history)
