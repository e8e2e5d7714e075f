"""``membot run``: the bot on Telegram and/or Discord, on one event loop, until SIGTERM.

Start order: memory and observer (unfinished jobs resume), then adapters. Stop order: adapters
stop taking updates and finish in-flight turns, then the observer drains, then the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal

import structlog

from bot import app, i18n
from bot.config import ConfigError, Settings, token_problem
from bot.drafts import StoredDrafts
from bot.platforms import PLATFORMS, Edge, PlatformAdapter
from bot.platforms import names as platform_names

log = structlog.get_logger("bot.runner")


class PlatformsDown(RuntimeError):
    """No platform is serving any more (each failed to start or stopped for good)."""


def build_adapters(
    settings: Settings, runtime: app.Runtime, platforms: list[str]
) -> list[PlatformAdapter]:
    """Create the chosen adapters from their registrations (tokens are checked here)."""
    for name in platforms:
        entry = PLATFORMS.get(name)
        if entry is None:
            raise ConfigError(f"unknown platform {name!r} (use {platform_names()})")
        # Checked before connecting, as doctor does (a shape only where it is documented).
        if problem := token_problem(settings, name, shape=entry.strict_shape):
            raise ConfigError(problem)
    edge = edge_of(settings, runtime)
    return [PLATFORMS[name].build(PLATFORMS[name].of(settings), edge) for name in platforms]


def edge_of(settings: Settings, runtime: app.Runtime) -> Edge:
    """What the bot gives every platform's adapter."""
    page = runtime.page
    return Edge(
        handler=runtime.handler,
        words=i18n.words(settings.default_language),
        menu_languages=tuple(lang for lang in i18n.SUPPORTED if lang != "en"),
        stream_edit_interval_s=settings.stream_edit_interval_s if settings.stream_replies else None,
        drafts=StoredDrafts(runtime.memory),
        inbox=runtime.inbox,
        mini_app_url=page.mini_app_url() if page else None,
        page_routes=page.install if page is not None and not page.standalone else None,
    )


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
    runtime.probes.append(lambda: _stopped_loops(started))
    try:
        for adapter in adapters:
            runtime.attach(adapter.platform, adapter)
            try:
                entry = PLATFORMS[adapter.platform]
                if entry.claim is not None:  # e.g. one Telegram poller, one process per shard
                    assert runtime.lock is not None
                    await asyncio.to_thread(entry.claim, entry.of(settings), runtime.lock)
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
        log.info("start_up_heap_frozen", objects=app.freeze_start_up_heap())
        await _serve_until_stopped(runtime, started, stop)
    finally:
        # The platforms stop together, within one MEMBOT_SHUTDOWN_TIMEOUT_S: one after the
        # other, a bot on Telegram and Discord took twice that (docs/deploy.md, "Stopping").
        await asyncio.gather(*(_stop(a, settings.shutdown_timeout_s) for a in reversed(started)))
        await runtime.stop()
        log.info("shutdown_complete")


def _stopped_loops(live: list[PlatformAdapter]) -> list[str]:
    """Readiness: each serving platform's loops that stopped (``telegram update dispatcher
    stopped``)."""
    return [f"{a.platform} {name} stopped" for a in live for name in a.health.stopped_loops()]


async def _stop(adapter: PlatformAdapter, timeout: float) -> None:
    """Stop one platform: in-flight turns get ``timeout`` seconds, then they are cut short
    (a warning says so: the operator sees which platform did not finish in time)."""
    try:
        await asyncio.wait_for(adapter.stop(), timeout)
    except TimeoutError:
        log.warning("platform_stop_timed_out", platform=adapter.platform, timeout_s=timeout)
    except Exception as exc:  # the others still stop, and the database closes
        log.warning(
            "platform_stop_failed", platform=adapter.platform, error_type=type(exc).__name__
        )
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
