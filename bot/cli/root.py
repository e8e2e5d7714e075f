"""The ``membot`` command line's root: the typer app, ``chat`` and ``run``, and the command
groups (``memories``, ``admin``, ``eval``, ``bench``, ``jobs``), each in a module of its own.

Only typer and the command modules are imported here; every command imports the engine in its
body, so ``--help`` and ``--version`` answer without loading it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from bot.cli.admin import admin_cli
from bot.cli.bench import bench_cli
from bot.cli.common import fail, load_settings, new_command, run
from bot.cli.eval import eval_cli
from bot.cli.extract import extract
from bot.cli.jobs import jobs_cli
from bot.cli.memories import memories_cli
from bot.cli.options import DbOpt
from bot.platforms import PLATFORMS
from bot.platforms import names as platform_names


def version() -> str:
    """membot's installed version (``unknown`` when run from a checkout never installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("membot")
    except PackageNotFoundError:
        return "unknown"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"membot {version()}")
        raise typer.Exit()


# Tracebacks never print local variables: they can hold tokens and users' messages.
cli = typer.Typer(
    rich_markup_mode=None,  # plain help: rich's formatter costs ~80 ms of every --help
    help="membot: a chat bot that remembers its users.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
cli.add_typer(memories_cli, name="memories")


@cli.callback()
def root(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    """membot: a chat bot that remembers its users."""
    new_command()


@cli.command("chat")
def chat(
    user: Annotated[str, typer.Option("--user", "-u", help="your name")] = "you",
    db: DbOpt = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="logs to stderr")] = False,
) -> None:
    """Chat with the bot in the terminal (no token, no network)."""
    from bot.console_chat import run_console
    from bot.logging import configure as configure_logging
    from memory_core.errors import MemoryCoreError

    settings = load_settings()
    if verbose:
        configure_logging(settings.log_level, stream=sys.stderr, json=settings.log_format == "json")
    else:
        configure_logging(
            settings.log_level,
            file=settings.log_file or Path("data/membot.log"),
            json=settings.log_format == "json",
        )
    try:
        run(run_console(settings, user, db))
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc


@cli.command("run")
def run_bot(
    platform: Annotated[
        str, typer.Option(help=f"{platform_names()}, or several: {','.join(PLATFORMS)}")
    ],
    db: DbOpt = None,
) -> None:
    """Run the bot on its platforms (Telegram, Discord: bot/platforms/).

    It runs until SIGTERM; logs are JSON lines on stdout."""
    from bot.config import ConfigError, token_problem

    settings = load_settings(db=db)
    platforms = [p.strip().lower() for p in platform.split(",") if p.strip()]
    # Tokens are checked before anything is opened or connected (as `admin doctor` does).
    problems = [
        p
        for name in platforms
        if (p := token_problem(settings, name, shape=name not in PLATFORMS or _strict(name)))
    ]
    if problems:
        raise fail("; ".join(problems), 2)

    from bot.logging import configure as configure_logging
    from bot.runner import PlatformsDown, serve
    from memory_core.errors import MemoryCoreError

    configure_logging(
        settings.log_level, file=settings.log_file, json=settings.log_format == "json"
    )
    try:
        run(serve(settings, platforms))
    except (ConfigError, MemoryCoreError) as exc:
        raise fail(str(exc), 2) from exc
    except PlatformsDown as exc:  # it was serving: exit 1 so a supervisor restarts or alerts
        raise fail(str(exc), 1) from exc


cli.command("extract")(extract)
cli.add_typer(admin_cli, name="admin")
cli.add_typer(eval_cli, name="eval")
cli.add_typer(bench_cli, name="bench")
cli.add_typer(jobs_cli, name="jobs")


def _strict(platform: str) -> bool:
    """Whether ``run`` refuses ``platform``'s token when it is not shaped like one."""
    return PLATFORMS[platform].strict_shape


def main() -> None:
    """Console-script entry point."""
    cli()
