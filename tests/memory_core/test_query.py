"""``memory_query`` (seed 003 §6): every filter applied inside the search, the threshold,
top_k, the token budget and both return shapes, on both stores."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.errors import InvalidInputError
from memory_core.memory import Memory
from memory_core.read.query import MemoryQuery
from memory_core.values import Audience, Category, NewFact
from tests.factories import USER


async def facts(memory: Memory, clock: ManualClock) -> dict[str, int]:
    """A small memory, one day apart each, with every field a filter reads."""
    rows: dict[str, NewFact] = {
        "home": NewFact(
            "home_city", "Ana lives in Lisbon.", Category.IDENTITY, 0.95, importance=4, pinned=True
        ),
        "tea": NewFact(
            "likes.tea",
            "Ana likes green tea in the evening.",
            Category.SOFT_PREFERENCE,
            0.5,
            importance=1,
        ),
        "sister": NewFact(
            "family.sister.name",
            "Ana's sister is called Mia.",
            Category.RELATIONSHIP,
            0.8,
            value_json={"value": "Mia"},
            importance=3,
        ),
        "sister_home": NewFact(
            "family.sister.home",
            "Ana's sister lives in Rome.",
            Category.RELATIONSHIP,
            0.7,
            importance=2,
        ),
        "note": NewFact(
            "note.garden_tomatoes", "Ana grows tomatoes in the garden.", Category.OTHER, 0.6
        ),
        "insight": NewFact(
            "insight.2026_01_01.1",
            "Ana enjoys evenings with tea and books.",
            Category.OTHER,
            0.3,
            kind="insight",
        ),
    }
    out = {}
    for name, new in rows.items():
        out[name] = (await memory.remember(USER, new)).id
        clock.advance(days=1)
    return out


async def ask(memory: Memory, **request: Any) -> list[int]:
    found = await memory.query(USER, MemoryQuery.parse(request))
    return [item["id"] for item in found.items]


async def test_every_filter_narrows_inside_the_search(lexical: Memory, clock: ManualClock) -> None:
    ids = await facts(lexical, clock)

    def day(n: int) -> str:
        return (clock.now() - timedelta(days=n)).date().isoformat()

    assert set(await ask(lexical, query="Ana", categories=["relationship"], top_k=10)) == {
        ids["sister"],
        ids["sister_home"],
    }
    assert await ask(lexical, filters={"pinned": True}) == [ids["home"]]
    assert set(await ask(lexical, filters={"importance_min": 3}, top_k=10)) == {
        ids["home"],
        ids["sister"],
    }
    assert await ask(lexical, filters={"importance_max": 1}, top_k=10) == [ids["tea"]]
    assert set(await ask(lexical, filters={"confidence_min": 0.75}, top_k=10)) == {
        ids["home"],
        ids["sister"],
    }
    assert await ask(lexical, filters={"kind": "insight"}) == [ids["insight"]]
    assert await ask(lexical, filters={"kind": "note"}) == [ids["note"]]
    assert ids["note"] not in await ask(lexical, filters={"kind": "fact"}, top_k=10)
    # Six facts a day apart (at 9:30), the clock a day past the last: updated after the date
    # two days ago keeps the last two; updated before the date four days ago, the first two.
    assert set(await ask(lexical, filters={"updated_after": day(2)}, top_k=10)) == {
        ids["note"],
        ids["insight"],
    }
    assert set(await ask(lexical, filters={"updated_before": day(4)}, top_k=10)) == {
        ids["home"],
        ids["tea"],
    }
    # A person by name or by relation: their facts only.
    assert set(await ask(lexical, filters={"person": "Mia"}, top_k=10)) == {
        ids["sister"],
        ids["sister_home"],
    }
    assert set(await ask(lexical, filters={"person": "sister"}, top_k=10)) == {
        ids["sister"],
        ids["sister_home"],
    }
    # Filters combine with the query.
    assert await ask(lexical, query="lives", filters={"person": "Mia"}) == [ids["sister_home"]]


async def test_top_k_budget_and_both_return_shapes(lexical: Memory, clock: ManualClock) -> None:
    ids = await facts(lexical, clock)
    bullets = await lexical.query(USER, MemoryQuery.parse({"query": "Ana", "top_k": 2}))
    assert len(bullets.items) == 2
    for item in bullets.items:
        assert set(item) == {"id", "category", "text"}
        assert item["text"].startswith(f"[{item['category']}] ")
    full = await lexical.query(
        USER, MemoryQuery.parse({"filters": {"pinned": True}, "return": "full"})
    )
    (item,) = full.items
    assert item["id"] == ids["home"] and item["text"] == "Ana lives in Lisbon."
    assert {
        "valid_from",
        "valid_to",
        "confidence",
        "importance",
        "pinned",
        "source",
        "history",
    } <= set(item)
    assert item["history"] >= 1 and item["pinned"] is True and item["confidence"] == 0.95
    assert full.payload()["return"] == "full"
    # A budget that fits one bullet: one, and the model is told how many were left out.
    small = await lexical.query(
        USER, MemoryQuery.parse({"query": "Ana", "top_k": 5, "budget_tokens": 30})
    )
    assert len(small.items) == 1 and small.omitted >= 1 and small.tokens <= 30
    assert small.payload()["omitted_over_budget"] == small.omitted


@pytest.mark.parametrize(
    "request_",
    [
        {"query": "x", "budget_tokens": 10**9},
        {"query": "x", "budget_tokens": 5},
        {"query": "x", "top_k": 0},
        {"query": "x", "top_k": True},
        {"query": "x", "threshold": 1.5},
        {"threshold": 0.5, "categories": ["identity"]},
        {"query": "x", "return": "everything"},
        {"query": "x", "filters": {"user_id": "telegram:2"}},
        {"query": "x", "filters": {"kind": "secrets"}},
        {"query": "x", "filters": {"updated_after": "last tuesday"}},
        {"query": "x", "filters": {"importance_min": 4, "importance_max": 2}},
        {"query": "x", "agent": "planner"},
        {"query": "x", "categories": "identity"},
        {},
    ],
)
def test_a_malformed_or_hostile_query_is_refused_whole(request_: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError):
        MemoryQuery.parse(request_)


async def test_threshold_drops_what_is_not_similar_enough(
    memory: Memory, clock: ManualClock
) -> None:
    """With the real embedder: a threshold above any similarity keeps nothing; none keeps the
    best matches."""
    await facts(memory, clock)
    await memory.vectors.settle()
    loose = await memory.query(USER, MemoryQuery.parse({"query": "where does Ana live?"}))
    assert loose.items and loose.items[0]["text"] == "[identity] Ana lives in Lisbon."
    strict = await memory.query(
        USER, MemoryQuery.parse({"query": "where does Ana live?", "threshold": 0.999})
    )
    assert strict.items == ()
    full = await memory.query(
        USER, MemoryQuery.parse({"query": "where does Ana live?", "return": "full", "top_k": 6})
    )
    sims = [i["similarity"] for i in full.items]
    cut = sims[0] - 0.001  # shown rounded to three places
    kept = await memory.query(
        USER, MemoryQuery.parse({"query": "where does Ana live?", "threshold": cut, "top_k": 6})
    )
    assert [i["id"] for i in kept.items] == [i["id"] for i in full.items if i["similarity"] >= cut]


async def test_a_secret_reaches_the_model_masked_whole_even_in_private(lexical: Memory) -> None:
    """memory_query and the prompt's memory block give the model no character of a stored
    secret, not even the last four the user sees in their private chat."""
    await lexical.remember(
        USER, NewFact("wifi_password", "My wifi password is Xk29pQ7788", Category.CREDENTIAL, 0.95)
    )
    for mode in ("bullets", "full"):
        found = await lexical.query(
            USER, MemoryQuery.parse({"query": "wifi password", "return": mode})
        )
        texts = [item["text"] for item in found.items]
        assert any("••••" in t for t in texts), texts
        assert not any("7788" in t or "Xk29" in t for t in texts), texts
    recall = await lexical.recall(USER, "what is my wifi password?", chat_id="c1", group=False)
    assert "••••" in recall.block.text
    assert "7788" not in recall.block.text
    shown = await lexical.view(USER, Audience.PRIVATE).facts(limit=10)
    assert [f.value_text for f in shown] == ["My wifi password is ••••7788"]  # the user's own view
