"""What every ``membot`` command group shares: the consoles, error exits, quiet settings and
opening the memory. Logs go to stderr so stdout stays clean for ``--json``."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from bot import app as composition
from bot.config import Settings
from bot.logging import configure as configure_logging
from memory_core import Memory, MemoryCoreError

T = TypeVar("T")

console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``error: message`` on stderr; the exit to raise, with ``code``."""
    # Escaped: a message quoting ``membot[dev]`` or a path with brackets is not markup.
    err_console.print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(code)


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run one coroutine to completion on a fresh event loop."""
    return asyncio.run(coro)


def quiet_settings() -> Settings:
    """The settings, with logs on stderr at warning level unless a finer level is set."""
    settings = composition.load_settings()
    configure_logging(
        settings.log_level if settings.log_level != "info" else "warning",
        stream=sys.stderr,
        json=settings.log_format == "json",
    )
    return settings


def figures_settings(**overrides: object) -> Settings:
    """Settings for evaluations and benchmarks (CLI flags in ``overrides`` win); logs go to
    stderr at warning level whatever is configured, so only the figures reach stdout."""
    settings = composition.load_settings(**overrides)
    configure_logging("warning", stream=sys.stderr)
    return settings


def open_memory(db: Path | str | None, settings: Settings | None = None) -> Memory:
    """Open the configured memory (exit 2 when it cannot be opened)."""
    settings = settings or quiet_settings()
    try:
        return composition.open_memory(settings, db)
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc
