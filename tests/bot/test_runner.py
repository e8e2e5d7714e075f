"""``membot run``: platforms are isolated - one that cannot start or stops for good does not
take the others down; when none is left the bot exits non-zero; each platform's state is
recorded for ``admin doctor --running``."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import structlog

from adapters.types import PlatformHealth, Reply, Target
from bot import runner
from bot.cli.admin import _platform_checks
from bot.config import Settings
from memory_core import Operations


class FakePlatform:
    """A platform adapter that starts (or refuses to) and can stop for good."""

    def __init__(self, platform: str, *, refuse: str | None = None) -> None:
        self.platform = platform
        self.refuse = refuse
        self.health = PlatformHealth()
        self.started = self.stopped = False

    async def start(self) -> None:
        if self.refuse:
            raise RuntimeError(self.refuse)
        self.started = True

    async def stop(self) -> None:
        self.stopped = True

    async def send(self, target: Target, reply: Reply) -> None:
        return None


def _settings(tmp_path: Path) -> Settings:
    return Settings(_env_file=None, db=tmp_path / "m.db", embedder="none")  # type: ignore[call-arg]


async def _serve_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platforms: list[FakePlatform]
) -> tuple[asyncio.Task[None], asyncio.Event]:
    monkeypatch.setattr(runner, "build_adapters", lambda *_: platforms)
    stop = asyncio.Event()
    task = asyncio.create_task(runner.serve(_settings(tmp_path), ["a", "b"], stop))
    return task, stop


async def _eventually(check: Callable[[], bool], timeout: float = 60.0) -> None:
    """Wait until ``check()`` holds (the runtime starts in a loaded machine's own time)."""
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")


def _states(tmp_path: Path) -> dict[str, str]:
    with Operations.open(tmp_path / "m.db") as ops:
        return {name: s["state"] for name, s in ops.platform_states().items()}


async def test_a_platform_that_cannot_log_in_does_not_take_the_other_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    telegram, discord = FakePlatform("telegram"), FakePlatform("discord", refuse="login refused")
    task, stop = await _serve_with(tmp_path, monkeypatch, [telegram, discord])
    want = {"discord": "failed", "telegram": "running"}
    await _eventually(lambda: (tmp_path / "m.db").exists() and _states(tmp_path) == want)
    assert telegram.started and not task.done()
    stop.set()
    await asyncio.wait_for(task, 60)
    assert telegram.stopped


async def test_once_serving_the_start_up_heap_is_left_out_of_garbage_collection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up builds ~100k long-lived objects that every full collection walked again,
    every thread stopped meanwhile (30-80 ms of CPU each, four times a bench run): they are
    frozen once the platforms serve."""
    gc.unfreeze()
    telegram = FakePlatform("telegram")
    task, stop = await _serve_with(tmp_path, monkeypatch, [telegram])
    try:
        await _eventually(lambda: gc.get_freeze_count() > 0)
        assert telegram.started
        assert gc.get_freeze_count() > 10_000
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)
        gc.unfreeze()


async def test_when_the_last_platform_stops_for_good_the_bot_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    telegram = FakePlatform("telegram")
    task, _stop = await _serve_with(tmp_path, monkeypatch, [telegram])
    want = {"telegram": "running"}
    await _eventually(lambda: (tmp_path / "m.db").exists() and _states(tmp_path) == want)
    telegram.health.fail("Telegram rejected the bot token while polling (401)")
    with pytest.raises(runner.PlatformsDown):
        await asyncio.wait_for(task, 60)
    assert telegram.stopped
    assert _states(tmp_path) == {"telegram": "failed"}


async def test_no_platform_starting_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    task, _stop = await _serve_with(tmp_path, monkeypatch, [FakePlatform("x", refuse="nope")])
    with pytest.raises(runner.PlatformsDown, match="no platform could start"):
        await asyncio.wait_for(task, 60)


async def test_a_second_replica_polling_telegram_is_refused_on_postgresql(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram serves one poller: on a database shared by replicas, the second process that
    would poll does not start Telegram (webhook mode is how several replicas serve it)."""
    from memory_core import RunLock
    from memory_core.db.engine import Database

    db = Database(pg_url)
    first = RunLock.for_database(db)
    first.acquire_bot()
    first.claim_role("polling_telegram")
    try:
        telegram = FakePlatform("telegram")
        monkeypatch.setattr(runner, "build_adapters", lambda *_: [telegram])
        settings = Settings(_env_file=None, db=pg_url, embedder="none")  # type: ignore[call-arg]
        serving = runner.serve(settings, ["telegram"], asyncio.Event())
        with pytest.raises(runner.PlatformsDown, match="already polling telegram"):
            await asyncio.wait_for(serving, 30)
        assert not telegram.started
    finally:
        first.release()
        db.dispose()


async def test_doctor_running_fails_while_polling_keeps_failing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library retries a failing poll for ever; meanwhile the platform is recorded as
    failing (doctor --running says FAIL), and as running again once the trouble is past."""
    monkeypatch.setattr(runner, "TROUBLE_CHECK_S", 0.05)
    telegram = FakePlatform("telegram")
    # The window lasts until the test ends it: a 0.5 s one could pass on a loaded machine
    # before the runner's check saw the trouble.
    telegram.health.trouble_window_s = 3600
    task, stop = await _serve_with(tmp_path, monkeypatch, [telegram])
    await _eventually(
        lambda: (tmp_path / "m.db").exists() and _states(tmp_path) == {"telegram": "running"}
    )
    telegram.health.trouble("Telegram polling failing (NetworkError), retrying")
    await _eventually(lambda: _states(tmp_path) == {"telegram": "failing"})
    checks = _platform_checks(tmp_path / "m.db")
    assert [(c.name, c.ok) for c in checks] == [("platform telegram", False)]
    assert "NetworkError" in checks[0].detail
    telegram.health.trouble_window_s = 0  # the window passed
    await _eventually(lambda: _states(tmp_path) == {"telegram": "running"})
    assert not task.done()
    stop.set()
    await asyncio.wait_for(task, 60)


async def test_a_platform_loop_that_died_takes_the_replica_out_of_rotation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A webhook replica whose update dispatcher died still accepts updates (its receiver
    stores them) but handles none: /readyz says so (503, naming the loop), so the proxy sends
    the platform's requests to the other replicas; it is ready again once the loop runs."""
    from devtools.ports import free_port
    from tests.bot.test_admin_runtime import http

    telegram = FakePlatform("telegram")
    dispatching = True
    telegram.health.watch("update dispatcher", lambda: dispatching)
    monkeypatch.setattr(runner, "build_adapters", lambda *_: [telegram])
    port = free_port()
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, db=tmp_path / "m.db", embedder="none", metrics_port=port
    )
    stop = asyncio.Event()
    task = asyncio.create_task(runner.serve(settings, ["telegram"], stop))
    try:
        await _eventually(lambda: telegram.started)
        await _eventually(lambda: (tmp_path / "m.db").exists() and bool(_states(tmp_path)))
        assert (await http(port, "GET", "/readyz"))[0] == 200
        dispatching = False
        status, _, body = await http(port, "GET", "/readyz")
        assert (status, body.splitlines()) == (503, ["telegram update dispatcher stopped"])
        dispatching = True
        assert (await http(port, "GET", "/readyz"))[0] == 200
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)


def _pg_lock(pg_url: str) -> tuple[Any, Any]:
    from memory_core import RunLock
    from memory_core.db.engine import Database

    db = Database(pg_url)
    lock = RunLock.for_database(db)
    lock.acquire_bot()
    return db, lock


def test_one_process_per_discord_shard_on_postgresql(pg_url: str) -> None:
    """Discord gives a shard's guilds to every connection that identifies for it: a second
    process on a shard (or one sharding the bot another way) would answer every message twice.
    Held with the bot lock: free again when its process stops (or dies)."""
    from memory_core.errors import StoreError

    (db1, first), (db2, second), (db3, third) = (_pg_lock(pg_url) for _ in range(3))
    try:
        first.claim_shards("discord", 4, (0, 1))
        with pytest.raises(StoreError, match="already runs discord shard 1 of 4"):
            second.claim_shards("discord", 4, (1, 2))
        with pytest.raises(StoreError, match="with 4 shard"):
            second.claim_shards("discord", 2, (1,))  # another count overlaps every slice
        with pytest.raises(StoreError, match="already runs discord shard 0"):
            third.claim_shards("discord", 4, (0,))
        fresh = _pg_lock(pg_url)
        try:
            fresh[1].claim_shards("discord", 4, (2, 3))  # the other shards: fine beside it
        finally:
            fresh[1].release()
            fresh[0].dispose()
        first.release()  # the first process stops: its shards are free
        third.claim_shards("discord", 4, (0,))
        # After a lost session the shards are taken again with the bot lock.
        third.reconnect()
        with pytest.raises(StoreError, match="already runs discord shard 0"):
            second.claim_shards("discord", 4, (0,))
    finally:
        for lock, db in ((first, db1), (second, db2), (third, db3)):
            lock.release()
            db.dispose()


async def test_a_second_process_on_the_same_discord_shard_is_refused(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`membot run --platform discord` on a shard another replica runs does not connect."""
    db, first = _pg_lock(pg_url)
    first.claim_shards("discord", 1, (0,))  # an unsharded bot is shard 0 of 1
    try:
        discord = FakePlatform("discord")
        monkeypatch.setattr(runner, "build_adapters", lambda *_: [discord])
        settings = Settings(_env_file=None, db=pg_url, embedder="none")  # type: ignore[call-arg]
        serving = runner.serve(settings, ["discord"], asyncio.Event())
        with pytest.raises(runner.PlatformsDown, match="already runs discord shard 0 of 1"):
            await asyncio.wait_for(serving, 30)
        assert not discord.started
    finally:
        first.release()
        db.dispose()


class SlowToStop(FakePlatform):
    """A platform whose in-flight turns never finish: its stop waits until cut short."""

    def __init__(self, platform: str, stopping: dict[str, float]) -> None:
        super().__init__(platform)
        self.stopping = stopping

    async def stop(self) -> None:
        self.stopping[self.platform] = time.monotonic()
        await asyncio.Event().wait()


async def test_platforms_stop_together_within_one_shutdown_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SIGTERM every platform gets the same MEMBOT_SHUTDOWN_TIMEOUT_S at once: a bot on
    Telegram and Discord whose turns hang is cut short after one timeout, not one each (the
    stop time compose's stop_grace_period must exceed: docs/deploy.md)."""
    stopping: dict[str, float] = {}
    platforms = [SlowToStop("telegram", stopping), SlowToStop("discord", stopping)]
    monkeypatch.setattr(runner, "build_adapters", lambda *_: platforms)
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, db=tmp_path / "m.db", embedder="none", shutdown_timeout_s=6
    )
    stop = asyncio.Event()
    task = asyncio.create_task(runner.serve(settings, ["telegram", "discord"], stop))
    await _eventually(lambda: (tmp_path / "m.db").exists() and len(_states(tmp_path)) == 2)
    with structlog.testing.capture_logs() as logs:
        stop.set()
        await asyncio.wait_for(task, 60)
    # The operator is told which platforms were cut short (before: only "platform_stopped").
    cut = sorted(e["platform"] for e in logs if e["event"] == "platform_stop_timed_out")
    assert cut == ["discord", "telegram"]
    # Both were being stopped at once (in turn, the second would have waited out the first's
    # 6 s); both were cut short and the bot stopped cleanly.
    assert sorted(stopping) == ["discord", "telegram"]
    assert abs(stopping["telegram"] - stopping["discord"]) < 3
