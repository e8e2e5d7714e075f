"""Fixtures for the memory_core tests: a lexical-only Memory, and turn recording for the jobs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from memory_core.clock import ManualClock
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from tests.factories import USER
from tests.fakes.extractor import ScriptedExtractor


@pytest.fixture(params=["sqlite", "postgresql"])
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Every memory_core test runs on an SQLite file and on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "m.db"
    return str(request.getfixturevalue("pg_url"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``sqlite_only`` (the SQLite file itself: PRAGMAs, vec0 chunks, the file on
    disk) run on SQLite only."""
    kept, dropped = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if params.get("db_path") == "postgresql" and item.get_closest_marker("sqlite_only"):
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture
def lexical(db_path: Path, clock: ManualClock) -> Iterator[Memory]:
    """A migrated Memory without an embedder (fast: lexical search only)."""
    mem = Memory.open(db_path, None, clock=clock)
    yield mem
    mem.close()


def _observer_for(memory: Memory) -> Observer:
    """An observer that is never started: it commits turns (episodes, sessions) only."""
    return Observer(Learner(memory, ScriptedExtractor(), RulesAuditor()), poll_interval=0.02)


async def _say(
    obs: Observer,
    clock: ManualClock,
    n: int,
    text: str,
    *,
    user: str = USER,
    chat: str = "c1",
    **kw: object,
) -> None:
    """Commit one user turn at the clock's time, then let a minute pass."""
    await obs.observe(
        Turn(
            turn_id=f"{user}:{chat}:{n}",
            user_id=user,
            chat_id=chat,
            user_text=text,
            time=clock.now(),
            assistant_text="ok",
            user_name="Ana",
            **kw,  # type: ignore[arg-type]
        )
    )
    clock.advance(minutes=1)


@pytest.fixture
def observer_for() -> Callable[[Memory], Observer]:
    """``observer_for(memory)``: an observer that is never started (it commits turns only)."""
    return _observer_for


@pytest.fixture
def say() -> Callable[..., Awaitable[None]]:
    """``await say(obs, clock, n, text, user=..., chat=..., **turn)``: commit one user turn at
    the clock's time, then let a minute pass."""
    return _say
