"""``membot jobs …``: list the background jobs and their runs, or run one now."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Annotated, Any
from zoneinfo import ZoneInfo

import typer
from rich.console import Console
from rich.table import Table

from bot import app as composition
from bot.cron import Cron
from bot.jobs import schedule
from bot.logging import configure as configure_logging
from memory_core.errors import MemoryCoreError
from memory_core.store import job_runs

jobs_cli = typer.Typer(
    help="Background jobs (consolidation, decay, dedup, …).", no_args_is_help=True
)

_console = Console()
_err = Console(stderr=True)

DbOpt = Annotated[Path | None, typer.Option("--db", help="SQLite file (default: MEMBOT_DB)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable output")]


def _settings() -> Any:
    settings = composition.load_settings()
    configure_logging(
        settings.log_level if settings.log_level != "info" else "warning", stream=sys.stderr
    )
    return settings


@jobs_cli.command("list")
def list_jobs(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Each job's schedule, next run and last run."""
    settings = _settings()
    tz = ZoneInfo(settings.timezone)
    try:
        memory = composition.open_memory(settings, db)
    except MemoryCoreError as exc:
        _err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    try:
        now = memory.clock.now()
        rows = []
        for name, cron, about in schedule(composition.jobs_config(settings)):
            with memory.db.read() as conn:
                last = job_runs.recent(conn, name, limit=1)
            rows.append(
                {
                    "job": name,
                    "cron": cron,
                    "timezone": settings.timezone,
                    "next_run": Cron.parse(cron).next_after(now, tz).isoformat(),
                    "last_run": last[0].started_at.isoformat() if last else None,
                    "last_status": last[0].status if last else None,
                    "last_trigger": last[0].trigger if last else None,
                    "about": about,
                }
            )
    finally:
        memory.close()
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    table = Table("job", "cron", "next run", "last run", "status", "what it does")
    for r in rows:
        table.add_row(
            r["job"],
            r["cron"],
            r["next_run"][:16].replace("T", " "),
            (r["last_run"] or "-")[:16].replace("T", " "),
            f"{r['last_status'] or '-'} ({r['last_trigger'] or '-'})",
            r["about"],
        )
    _console.print(table)


@jobs_cli.command("run")
def run_job(
    name: Annotated[str, typer.Argument(help="consolidate, expire, decay, dedup or reflect")],
    user: Annotated[
        str | None, typer.Option("--user", "-u", help="only this user (platform:id or name)")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Run one job now (recorded as a manual run). Reflections saved here are posted by the
    running bot at its next ``reflect`` run (this command has no platform connection)."""
    settings = _settings()
    uid = None if user is None else (user if ":" in user else f"console:{user}")
    try:
        status, detail = asyncio.run(_run(settings, name, uid, db))
    except KeyError as exc:
        names = ", ".join(n for n, _c, _a in schedule(composition.jobs_config(settings)))
        _err.print(f"[red]error:[/red] unknown job {name!r} (one of: {names})")
        raise typer.Exit(2) from exc
    except MemoryCoreError as exc:
        _err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    if as_json:
        print(json.dumps({"job": name, "user": uid, "status": status, **detail}, default=str))
    else:
        _console.print(f"{name}: {status} " + " ".join(f"{k}={v}" for k, v in detail.items()))
    if status != "done":
        raise typer.Exit(1)


async def _run(
    settings: Any, name: str, user_id: str | None, db: Path | None
) -> tuple[str, dict[str, Any]]:
    runtime = composition.build_runtime(settings, db=db)
    try:
        assert runtime.scheduler is not None
        runtime.scheduler.spec(name)  # KeyError for an unknown job, before anything runs
        result = await runtime.scheduler.run_now(name, user_id)
        await runtime.scheduler.drain()
        return result
    finally:
        await runtime.stop()
