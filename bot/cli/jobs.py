"""``membot jobs …``: list the background jobs and their runs, or run one now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.cli.common import console, fail, open_memory, quiet_settings, run
from bot.cli.options import DbOpt, JsonOpt, user_id

if TYPE_CHECKING:
    from bot.config import Settings

jobs_cli = typer.Typer(
    rich_markup_mode=None,  # plain help: rich's formatter costs ~80 ms of every --help
    help="Background jobs (consolidation, decay, dedup, …).",
    no_args_is_help=True,
)


@jobs_cli.command("list")
def list_jobs(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Each job's schedule, next run and last run."""
    from zoneinfo import ZoneInfo

    from rich.table import Table

    from bot import app as composition
    from memory_core.cron import Cron

    settings = quiet_settings()
    tz = ZoneInfo(settings.timezone)
    try:
        schedule = composition.jobs_config(settings).schedule()
    except ValueError as exc:  # MEMBOT_JOBS_CRON names no declared job
        raise fail(f"MEMBOT_JOBS_CRON: {exc}", 2) from exc
    memory = open_memory(db, settings)
    try:
        now = memory.clock.now()
        operations = memory.operations()
        rows: list[dict[str, Any]] = []
        for name, cron, about in schedule:
            last = operations.job_runs(name, limit=1)
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
    console.print(table)


@jobs_cli.command("run")
def run_job(
    name: Annotated[str, typer.Argument(help="the job ('membot jobs list' shows them)")],
    user: Annotated[
        str | None, typer.Option("--user", "-u", help="only this user (platform:id or name)")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Run one job now (recorded as a manual run). Reflections saved here are posted by the
    running bot at its next ``reflect`` run (this command has no platform connection)."""
    from memory_core.errors import MemoryCoreError

    settings = quiet_settings()
    uid = None if user is None else user_id(user)
    try:
        status, detail = run(_run(settings, name, uid, db))
    except KeyError as exc:
        raise fail(f"unknown job {name!r} (one of: {exc.args[0]})", 2) from exc
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc
    if as_json:
        print(json.dumps({"job": name, "user": uid, "status": status, **detail}, default=str))
    else:
        console.print(f"{name}: {status} " + " ".join(f"{k}={v}" for k, v in detail.items()))
    if status != "done":
        raise typer.Exit(1)


async def _run(
    settings: Settings, name: str, uid: str | None, db: Path | str | None
) -> tuple[str, dict[str, Any]]:
    from bot import app as composition

    runtime = composition.build_runtime(settings, db=db)
    try:
        return await runtime.engine.run_job(name, uid)
    except KeyError as exc:  # an unknown job: the scheduler's own names, for the error
        raise KeyError(", ".join(spec.name for spec in runtime.scheduler.specs)) from exc
    finally:
        await runtime.stop()
