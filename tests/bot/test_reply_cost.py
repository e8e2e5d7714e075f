"""What a reply computes on its own path (issue 23: a reply's own time): no work whose result
the reply does not read."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from memory_core.runtime.executors import on_background_thread
from tests.bot.conftest import ConsoleSession
from tests.factories import NOW


async def test_an_offline_statement_embeds_no_query_on_the_reply_path(tmp_path: Path) -> None:
    """The acknowledgement of a statement reads no search hits: its reply embeds no query
    (~12 ms of CPU); a question that follows is searched by meaning and answered."""
    async with ConsoleSession(tmp_path / "m.db", ManualClock(NOW), user="ana") as s:
        assert s.runtime is not None
        embedder = s.runtime.memory.embedder
        assert embedder is not None
        queries: list[str] = []
        embed = embedder.embed_queries

        def counting(texts: Sequence[str]) -> Any:
            if not on_background_thread():
                queries.extend(texts)
            return embed(texts)

        embedder.embed_queries = counting  # type: ignore[method-assign]
        said = await s.say("I work as a plumber.")
        assert "plumber" in said, said
        assert queries == []
        answer = await s.say("What's my trade again?")
    assert "plumber" in answer, answer
    assert len(queries) == 1, queries  # the question's
