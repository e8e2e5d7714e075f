"""``membot run``: the bot on Telegram and/or Discord, on one event loop, until SIGTERM.

Start order: memory and observer (unfinished jobs resume), then adapters. Stop order: adapters
stop taking updates and finish in-flight turns, then the observer drains, then the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Protocol

import structlog

from adapters.types import Outbound, PlatformHealth
from bot import app, i18n
from bot.config import ConfigError, Settings, token_problem
from bot.drafts import StoredDrafts

log = structlog.get_logger("bot.runner")


class PlatformAdapter(Outbound, Protocol):
    """What the runner needs from a platform adapter: it also sends unasked messages, and
    says when it stopped for good."""

    platform: str
    health: PlatformHealth

    async def start(self) -> None:
        """Connect and start receiving updates."""
        ...

    async def stop(self) -> None:
        """Stop receiving, finish in-flight turns, disconnect."""
        ...


class PlatformsDown(RuntimeError):
    """No platform is serving any more (each failed to start or stopped for good)."""


def build_adapters(
    settings: Settings, runtime: app.Runtime, platforms: list[str]
) -> list[PlatformAdapter]:
    """Create the chosen adapters from settings (tokens are checked here)."""
    adapters: list[PlatformAdapter] = []
    interval = settings.stream_edit_interval_s if settings.stream_replies else None
    for name in platforms:
        if name == "telegram":
            if problem := token_problem(settings, "telegram"):
                raise ConfigError(problem)  # checked before connecting, as doctor does
            assert settings.telegram_bot_token is not None
            from adapters.telegram import TelegramAdapter, TelegramConfig

            secret = settings.telegram_webhook_secret
            webhook = settings.telegram_mode == "webhook"
            adapters.append(
                TelegramAdapter(
                    runtime.handler,
                    TelegramConfig(
                        token=settings.telegram_bot_token.get_secret_value(),
                        base_url=settings.telegram_base_url,
                        base_file_url=settings.telegram_base_file_url,
                        mode=settings.telegram_mode,
                        webhook_url=settings.telegram_webhook_url,
                        webhook_listen=settings.telegram_webhook_listen,
                        webhook_port=settings.telegram_webhook_port,
                        webhook_path=settings.telegram_webhook_path,
                        webhook_secret=secret.get_secret_value() if secret else None,
                        poll_timeout=settings.telegram_poll_timeout_s,
                        stream_edit_interval_s=interval,
                        mini_app_url=runtime.page.mini_app_url() if runtime.page else None,
                        webhook_routes=(
                            runtime.page.install
                            if runtime.page is not None and not runtime.page.standalone
                            else None
                        ),
                    ),
                    inbox=runtime.inbox("telegram") if webhook else None,
                    words=i18n.words(settings.default_language),
                    menu_languages=tuple(lang for lang in i18n.SUPPORTED if lang != "en"),
                    drafts=StoredDrafts(runtime.memory),
                )
            )
        elif name == "discord":
            # Only set: Discord does not document its token format (`admin doctor` checks it).
            if problem := token_problem(settings, "discord", shape=False):
                raise ConfigError(problem)
            assert settings.discord_bot_token is not None
            from adapters.discord import DiscordAdapter, DiscordConfig

            adapters.append(
                DiscordAdapter(
                    runtime.handler,
                    DiscordConfig(
                        token=settings.discord_bot_token.get_secret_value(),
                        test_guild=settings.discord_test_guild,
                        shard_count=settings.discord_shards,
                        shard_ids=settings.discord_shard_list,
                    ),
                    stream_edit_interval_s=interval,
                    words=i18n.words(settings.default_language),
                    menu_languages=tuple(lang for lang in i18n.SUPPORTED if lang != "en"),
                    drafts=StoredDrafts(runtime.memory),
                )
            )
        else:
            raise ConfigError(f"unknown platform {name!r} (use telegram, discord)")
    return adapters


async def serve(
    settings: Settings, platforms: list[str], stop: asyncio.Event | None = None
) -> None:
    """Run until ``stop`` is set (SIGTERM/SIGINT set it when not given)."""
    runtime = app.build_runtime(settings)
    try:
        adapters = build_adapters(settings, runtime, platforms)
    except ConfigError:
        runtime.memory.close()
        raise
    stop = stop or _signal_event()
    await runtime.start()
    started: list[PlatformAdapter] = []
    failures: list[str] = []
    try:
        for adapter in adapters:
            runtime.attach(adapter.platform, adapter)
            try:
                if adapter.platform == "telegram" and settings.telegram_mode == "polling":
                    # Telegram serves one poller: a second replica would take turns with the
                    # first (409s) and split chats between them.
                    assert runtime.lock is not None
                    await asyncio.to_thread(runtime.lock.claim_role, "polling_telegram")
                if adapter.platform == "discord":
                    # One process per Discord shard: two would answer every message twice.
                    assert runtime.lock is not None
                    count = settings.discord_shards or 1
                    ids = settings.discord_shard_list or tuple(range(count))
                    await asyncio.to_thread(runtime.lock.claim_shards, "discord", count, ids)
                await adapter.start()
            except Exception as exc:  # one platform failing must not take the others down
                failures.append(f"{adapter.platform}: {exc}")
                log.error("platform_failed", platform=adapter.platform, error=str(exc)[:200])
                await runtime.memory.note_platform(adapter.platform, "failed", str(exc))
                continue
            started.append(adapter)
            await runtime.memory.note_platform(adapter.platform, "running")
            log.info("platform_started", platform=adapter.platform)
        if not started:
            raise PlatformsDown("no platform could start: " + "; ".join(failures))
        await _serve_until_stopped(runtime, started, stop)
    finally:
        # The platforms stop together, within one MEMBOT_SHUTDOWN_TIMEOUT_S: one after the
        # other, a bot on Telegram and Discord took twice that (docs/deploy.md, "Stopping").
        await asyncio.gather(*(_stop(a, settings.shutdown_timeout_s) for a in reversed(started)))
        await runtime.stop()
        log.info("shutdown_complete")


async def _stop(adapter: PlatformAdapter, timeout: float) -> None:
    """Stop one platform: in-flight turns get ``timeout`` seconds, then they are cut short."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(adapter.stop(), timeout)
    log.info("platform_stopped", platform=adapter.platform)


async def _serve_until_stopped(
    runtime: app.Runtime, live: list[PlatformAdapter], stop: asyncio.Event
) -> None:
    """Wait for ``stop``; a platform that stops for good is recorded and left out, and when
    none is left the bot exits non-zero (a supervisor restarts or alerts)."""
    watch = {asyncio.create_task(a.health.failed.wait()): a for a in live}
    stopping = asyncio.create_task(stop.wait())
    troubles = asyncio.create_task(_record_troubles(runtime, live))
    try:
        while watch:
            done, _ = await asyncio.wait({stopping, *watch}, return_when=asyncio.FIRST_COMPLETED)
            if stopping in done:
                log.info("shutdown_requested")
                return
            for task in done:
                adapter = watch.pop(task)
                reason = adapter.health.failure or "stopped"
                log.error("platform_down", platform=adapter.platform, error=reason)
                await runtime.memory.note_platform(adapter.platform, "failed", reason)
        raise PlatformsDown("every platform stopped: see the platform_down log lines")
    finally:
        troubles.cancel()
        for task in (stopping, *watch):
            task.cancel()


#: How often the runner looks at its platforms' transient troubles.
TROUBLE_CHECK_S = 2.0


async def _record_troubles(runtime: app.Runtime, live: list[PlatformAdapter]) -> None:
    """Record a platform that keeps failing while it retries as ``failing`` (and ``running``
    again once its trouble is past), so ``admin doctor --running`` does not say ok meanwhile."""
    noted: dict[str, str | None] = {a.platform: None for a in live}
    while True:
        await asyncio.sleep(TROUBLE_CHECK_S)
        for adapter in live:
            if adapter.health.failed.is_set():
                continue  # stopped for good: recorded as failed by the caller
            reason = adapter.health.troubled()
            if reason == noted[adapter.platform]:
                continue
            noted[adapter.platform] = reason
            if reason is None:
                log.info("platform_recovered", platform=adapter.platform)
                await runtime.memory.note_platform(adapter.platform, "running")
            else:
                log.warning("platform_failing", platform=adapter.platform, error=reason)
                await runtime.memory.note_platform(adapter.platform, "failing", reason)


def _signal_event() -> asyncio.Event:
    event = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, event.set)
    return event
