"""What every ``membot`` command group shares: the consoles, error exits, settings (one line per
bad variable, exit 2) and opening the memory. Logs go to stderr so stdout stays clean for
``--json``.

This module and the command modules import only typer and rich at the top: the engine is
imported inside the commands, so ``membot --help`` does not load it.
"""

from __future__ import annotations

import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

if TYPE_CHECKING:
    from bot.config import Settings
    from memory_core import Memory

T = TypeVar("T")

#: Output to a file or pipe is as wide as a table of figures needs (not rich's 80 columns,
#: which squash `membot bench …` tables into unreadable columns); a terminal keeps its width.
_PIPED_WIDTH = 120


def _console(*, stderr: bool = False) -> Console:
    found = Console(stderr=stderr)
    return found if found.is_terminal else Console(stderr=stderr, width=_PIPED_WIDTH)


console = _console()
err_console = _console(stderr=True)
#: Unknown variables are warned about once per command, however many times settings load.
_warned: list[str] = []


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``error: message`` on stderr; the exit to raise, with ``code``."""
    # Escaped: a message quoting ``membot[dev]`` or a path with brackets is not markup.
    err_console.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def warn(message: str) -> None:
    """Print ``warning: message`` on stderr."""
    err_console.print(
        f"[yellow]warning:[/yellow] {escape(message)}", highlight=False, soft_wrap=True
    )


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run one coroutine to completion on a fresh event loop."""
    import asyncio

    return asyncio.run(coro)


def warn_unknown_variables() -> None:
    """Warn (once per command) about each set variable that looks meant for membot but is no
    setting, with the nearest real name; values are never read out."""
    from bot import config

    if not _warned:
        _warned.extend(config.unknown_variables(config.variables_seen()) or [""])
        for line in filter(None, _warned):
            warn(line)


def new_command() -> None:
    """Forget what was warned about: a new command line is being run."""
    _warned.clear()


def load_settings(**overrides: object) -> Settings:
    """The settings (``overrides``: CLI flags, they win). A bad value exits 2 with one line per
    bad variable, named as the operator set it; unknown ``MEMBOT_*`` names and misspelt token
    names are warned about once, with the nearest real name."""
    from bot import app as composition
    from bot import config

    warn_unknown_variables()
    try:
        return composition.load_settings(**overrides)
    except config.ConfigError as exc:
        for line in exc.lines:
            err_console.print(f"[red]error:[/red] {escape(line)}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


def db_option(db: str | None) -> Path | str | None:
    """``--db`` as a target: an SQLite path or a ``postgresql://`` URL; another URL scheme
    exits 2 (the password, if any, hidden)."""
    if db is None:
        return None
    from bot.config import db_target, hide_password

    try:
        return db_target(db)
    except ValueError as exc:
        raise fail(f"--db {hide_password(db)}: {exc}", 2) from None


def quiet_settings(**overrides: object) -> Settings:
    """The settings, with logs on stderr at warning level unless a finer level is set."""
    from bot.logging import configure as configure_logging

    settings = load_settings(**overrides)
    configure_logging(
        settings.log_level if settings.log_level != "info" else "warning",
        stream=sys.stderr,
        json=settings.log_format == "json",
    )
    return settings


def figures_settings(**overrides: object) -> Settings:
    """Settings for evaluations and benchmarks (CLI flags in ``overrides`` win); logs go to
    stderr at warning level whatever is configured, so only the figures reach stdout."""
    from bot.logging import configure as configure_logging

    settings = load_settings(**overrides)
    configure_logging("warning", stream=sys.stderr)
    return settings


def open_memory(db: Path | str | None, settings: Settings | None = None) -> Memory:
    """Open the configured memory (exit 2 when it cannot be opened)."""
    from bot import app as composition
    from memory_core.errors import MemoryCoreError

    settings = settings or quiet_settings()
    target = db_option(db) if isinstance(db, str) else db
    try:
        return composition.open_memory(settings, target)
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc
