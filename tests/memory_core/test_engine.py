"""open_engine: the engine assembles and owns learning and jobs, and tells the bot through
its events protocol (one News per learned turn)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

import memory_core.engine as engine_module
from memory_core import Delivered, EngineConfig, News, Ports, open_engine
from memory_core.clock import ManualClock
from memory_core.learn.observer import Turn
from memory_core.store.reflection_posts import PostRow
from memory_core.values import Audience

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ANA = "console:ana"


class Recorder:
    """The bot's side of the events: records what it was told, delivers it all."""

    def __init__(self) -> None:
        self.heard: list[News] = []

    async def news(self, news: News) -> Delivered:
        self.heard.append(news)
        return Delivered(tuple(c.id for c in news.conflicts), tuple(q.id for q in news.questions))

    async def reflection_ready(self, post: PostRow) -> str | None:
        return None


async def test_a_conflicting_turn_becomes_one_news_event_and_is_asked_once(
    tmp_path: Path,
) -> None:
    clock = ManualClock(START)
    told = Recorder()
    config = EngineConfig(db=tmp_path / "m.db", observer_poll_s=0.05)
    async with open_engine(config, Ports(clock=clock), told) as engine:

        async def say(n: int, text: str) -> None:
            turn = Turn(f"t{n}", ANA, "ana", text, clock.now(), user_name="Ana")
            assert await engine.observer.observe(turn)
            await engine.settle()

        await say(1, "Hi! I live in Berlin with my partner.")
        clock.advance(days=40)
        await say(2, "We finally moved to Lisbon last weekend!")
        asked = [c for n in told.heard for c in n.conflicts]
        assert len(asked) == 1 and asked[0].user_id == ANA
        view = engine.memory.view(ANA, Audience.PRIVATE)
        assert await view.unasked_conflicts() == []  # recorded as asked by the engine
        await say(3, "The weather is nice today.")
        assert [c for n in told.heard for c in n.conflicts] == asked  # not asked again


async def test_the_engine_starts_once_the_language_model_is_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event loop reads each message's language; a message taken before the model's load
    (~2 s of CPU) was done waited for it on the loop, and every reply in flight with it. The
    load runs on a thread, and start returns after it."""
    loaded: list[bool] = []
    monkeypatch.setattr(
        engine_module,
        "warm_up",
        lambda: loaded.append(threading.current_thread() is threading.main_thread()),
    )
    config = EngineConfig(db=tmp_path / "m.db")
    async with open_engine(config, Ports(clock=ManualClock(START)), Recorder()):
        assert loaded == [False]
