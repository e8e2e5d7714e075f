"""The materialised profile: seed 000's sections, active facts only, rebuilt every N turns."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Connection

from memory_core.clock import ManualClock
from memory_core.jobs import profile as profile_job
from memory_core.learn.observer import Observer
from memory_core.memory import Memory
from memory_core.store import user_data as user_data_repo
from memory_core.values import Category, NewFact
from tests.factories import USER


async def remember(memory: Memory, key: str, text: str, category: Category, **kw: object) -> int:
    fact = await memory.remember(
        USER,
        NewFact(key=key, value_text=text, category=category, **kw),  # type: ignore[arg-type]
    )
    return fact.id


async def test_profile_projects_active_valid_facts_into_seed_sections(
    lexical: Memory, clock: ManualClock
) -> None:
    await remember(lexical, "home_city", "Ana lives in Lisbon.", Category.IDENTITY, confidence=0.9)
    await remember(lexical, "diet", "Ana is vegetarian.", Category.HARD_PREFERENCE)
    await remember(lexical, "likes.tea", "Ana likes green tea.", Category.SOFT_PREFERENCE)
    await remember(lexical, "task.thesis", "Ana is writing a thesis.", Category.TASK_CONTEXT)
    await remember(lexical, "allergy.nuts", "Ana is allergic to nuts.", Category.HEALTH)
    gone = await remember(lexical, "employer", "Ana works at Acme.", Category.OTHER)
    await lexical.forget(USER, gone)
    await remember(
        lexical,
        "trip",
        "Ana is in Rome this week.",
        Category.OTHER,
        valid_to=clock.now() - timedelta(hours=1),
    )

    profile = await profile_job.rebuild(lexical, USER)
    data = profile.as_json()
    assert set(data) >= {
        "identity",
        "hard_preferences",
        "soft_preferences",
        "current_tasks",
        "recent_changes",
        "sensitive_topics",
    }
    assert data["identity"]["home_city"]["value"] == "Ana lives in Lisbon."
    assert data["identity"]["home_city"]["confidence"] == 0.9
    assert data["identity"]["home_city"]["updated_at"] == clock.now().isoformat()
    assert list(data["hard_preferences"]) == ["diet"]
    assert list(data["soft_preferences"]) == ["likes.tea"]
    assert [e["key"] for e in data["current_tasks"]] == ["task.thesis"]
    assert [e["key"] for e in data["sensitive_topics"]] == ["allergy.nuts"]
    assert data["other"] == []  # the forgotten fact and the lapsed one are not projected
    assert any(c["event"] == "deleted" for c in data["recent_changes"])
    # Stored, and read back identically.
    loaded = await profile_job.load(lexical, USER)
    assert loaded is not None and loaded.as_json() == data


async def test_profile_is_rebuilt_every_n_turns(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)
    await say(obs, clock, 1, "hi")
    assert await profile_job.refresh_if_due(lexical, USER, every=3) is not None  # first build
    await remember(lexical, "home_city", "Ana lives in Lisbon.", Category.IDENTITY)
    for n in (2, 3):
        await say(obs, clock, n, "more")
        assert await profile_job.refresh_if_due(lexical, USER, every=3) is None
    await say(obs, clock, 4, "and more")
    rebuilt = await profile_job.refresh_if_due(lexical, USER, every=3)
    assert rebuilt is not None and "home_city" in rebuilt.as_json()["identity"]


async def test_injection_reads_the_profile_facts_in_their_current_state(
    lexical: Memory, clock: ManualClock
) -> None:
    fid = await remember(lexical, "home_city", "Ana lives in Lisbon.", Category.IDENTITY)
    with lexical.db.read() as conn:
        assert profile_job.profile_facts(conn, USER) is None  # never built
    await profile_job.rebuild(lexical, USER)
    await lexical.forget(USER, fid)
    with lexical.db.read() as conn:
        facts = profile_job.profile_facts(conn, USER)
    assert facts is not None and [f.status.value for f in facts] == ["deleted"]
    fresh = await profile_job.load(lexical, USER, fresh=True)  # /profile: rebuilt when stale
    assert fresh is not None and fresh.empty


async def test_an_erasure_between_the_check_and_the_build_leaves_no_profile_row(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """/forgetme lands while a profile refresh of the same user is in flight (after it
    counted the turns, before it writes): nothing of the user is written back."""
    obs = observer_for(lexical)
    await say(obs, clock, 1, "I live in Oslo")
    write = lexical.db.write

    @contextlib.contextmanager
    def erased_first(**kwargs: Any) -> Iterator[Connection]:
        with write(users=[USER]) as conn:
            user_data_repo.erase(conn, USER)
        with write(**kwargs) as conn:
            yield conn

    monkeypatch.setattr(lexical.db, "write", erased_first)
    await profile_job.refresh_if_due(lexical, USER, every=1)
    monkeypatch.undo()
    with lexical.db.read() as conn:
        assert user_data_repo.leftovers(conn, USER) == {}
