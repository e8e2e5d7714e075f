"""What a reply computes on its own path (issue 23: a reply's own time): no work whose result
the reply does not read."""

from __future__ import annotations

from pathlib import Path

from memory_core.clock import ManualClock
from tests.bot.conftest import ConsoleSession, reply_side_texts
from tests.factories import NOW


async def test_an_offline_statement_embeds_no_query_on_the_reply_path(tmp_path: Path) -> None:
    """The acknowledgement of a statement reads no search hits: its reply embeds no query
    (~12 ms of CPU); a question that follows is searched by meaning and answered."""
    async with ConsoleSession(tmp_path / "m.db", ManualClock(NOW), user="ana") as s:
        assert s.runtime is not None
        embedder = s.runtime.memory.embedder
        assert embedder is not None
        queries = reply_side_texts(embedder, "embed_queries")
        said = await s.say("I work as a plumber.")
        assert "plumber" in said, said
        assert queries == []
        answer = await s.say("What's my trade again?")
    assert "plumber" in answer, answer
    assert len(queries) == 1, queries  # the question's


async def test_reply_cpu_reads_each_kind_of_turn_per_thread_group() -> None:
    """``python -m devtools.reply_cpu``: the bench's script one turn at a time; the first
    user warms up, the second is counted, by kind."""
    from devtools.reply_cpu import measure, summary

    rows = await measure(2, fresh=True, embedder="none")
    assert len(rows) == 40 and {r["user"] for r in rows} == {0, 1}
    figures = summary(rows)
    assert {k: v["turns"] for k, v in figures.items()} == {
        "statement": 12,
        "question": 5,
        "small talk": 3,
    }
    for kind in figures.values():
        assert "loop" in kind["reply_cpu_ms"] and kind["learn_cpu_ms"] >= 0
        assert kind["reply_wall_ms"]["p95"] >= kind["reply_wall_ms"]["p50"] > 0
