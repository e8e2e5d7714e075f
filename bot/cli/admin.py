"""``membot admin …``: operator commands — doctor, stats, metrics, backup/restore, reindex,
vacuum, and per-user export/erasure for access and deletion requests.

Every command takes ``--db`` (default: ``MEMBOT_DB``); those that print figures take
``--json``. Logs go to stderr so stdout stays clean for JSON.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.cli.common import (
    console,
    err_console,
    fail,
    open_memory,
    quiet_settings,
    run,
    warn_unknown_variables,
)
from bot.cli.options import DbOpt, JsonOpt, UserOpt, YesOpt, user_id
from bot.cli.progress import progress
from bot.platforms import names as platform_names

if TYPE_CHECKING:
    from bot.config import Settings
    from memory_core import Memory, Operations
    from memory_core.types import HealthCheck, LLMShare, StoreStats

admin_cli = typer.Typer(
    rich_markup_mode=None,  # plain help: rich's formatter costs ~80 ms of every --help
    help="Operator commands.",
    no_args_is_help=True,
)


def _db_target(db: str | None) -> Path | str:
    """``--db`` or ``MEMBOT_DB``: an SQLite file, or a PostgreSQL URL (kept as a string)."""
    from bot.config import db_target

    if db is None:
        return quiet_settings().db
    return db_target(db)  # checked by --db's callback already


def _db_path(db: str | None, action: str) -> Path:
    """The SQLite file for a command that works on the file itself; PostgreSQL is refused."""
    target = _db_target(db)
    if isinstance(target, str):
        raise fail(f"not yet supported on PostgreSQL: {action} (use the server's own tools)", 2)
    return target


@contextmanager
def _operations(db: str | None) -> Iterator[Operations]:
    """The existing database, migrated (a missing file is an error, never created here)."""
    from bot import app as composition
    from memory_core import Operations
    from memory_core.errors import MemoryCoreError

    path = _db_target(db)
    if isinstance(path, Path) and not path.exists():
        raise fail(f"no database at {path} (set MEMBOT_DB or pass --db)", 2)
    try:
        prices = composition.llm_prices(quiet_settings())
        with Operations.open(path, prices=prices) as operations:
            yield operations
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc


def _mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def _echo_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=None, default=str))


# ---- doctor ---------------------------------------------------------------------------------


def _token_checks(settings: Settings, platforms: list[str]) -> list[HealthCheck]:
    from bot.config import token_problem
    from bot.platforms import PLATFORMS
    from memory_core.types import HealthCheck

    out = []
    for name in platforms:
        problem = token_problem(settings, name)
        if name not in PLATFORMS:
            out.append(HealthCheck(name, False, problem or ""))
        elif problem:
            out.append(HealthCheck(f"{name} token", False, problem))
        else:
            out.append(HealthCheck(f"{name} token", True, f"{PLATFORMS[name].token_env} set"))
    return out


def _driver_check(path: Path | str) -> HealthCheck | None:
    """A failed check when ``path`` is a PostgreSQL URL and psycopg is not installed."""
    import importlib.util

    from memory_core.types import HealthCheck

    if isinstance(path, str) and importlib.util.find_spec("psycopg") is None:
        return HealthCheck(
            "database",
            False,
            "a PostgreSQL URL, but its driver psycopg is not installed: "
            "pip install 'psycopg[binary]>=3.2,<4'",
        )
    return None


def _running_checks(path: Path | str) -> list[HealthCheck]:
    """Whether a bot holds the database's run lock, and its platforms' states."""
    from memory_core import Operations
    from memory_core.errors import MemoryCoreError
    from memory_core.types import HealthCheck

    if isinstance(path, str):
        try:
            with Operations.open(path) as ops:
                count = ops.bots_running()
                location = ops.location
        except MemoryCoreError as exc:
            return [HealthCheck("bot", False, f"cannot ask the database: {exc}")]
        detail = f"{count} bot{'s' if count != 1 else ''} running on {location}"
        return [HealthCheck("bot", count > 0, detail)] + (_platform_checks(path) if count else [])
    up = Operations.bot_running(path)
    detail = "a bot holds" if up else "no bot holds"
    checks = [HealthCheck("bot", up, f"{detail} {Operations.lock_path(path)}")]
    return checks + (_platform_checks(path) if up else [])


def _readiness_checks(settings: Settings) -> list[HealthCheck]:
    """What the running bot's own ``/readyz`` says — the very checks a load balancer sees
    (database session and locks, database answering, background loops); one failed check per
    reason, and one passed check per warning (learning lag). Asked over HTTP on the metrics
    port, so this process loads no model and opens no file of its own."""
    import urllib.error
    import urllib.request

    from memory_core.types import HealthCheck

    if settings.metrics_port is None:
        return [HealthCheck("ready", True, "not asked: /readyz needs MEMBOT_METRICS_PORT")]
    host = settings.metrics_host
    host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    url = f"http://{host}:{settings.metrics_port}/readyz"
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            # "ready", then a line per warning (learning far behind): reported, not failed
            lines = answer.read().decode(errors="replace").splitlines() or ["ready"]
            return [HealthCheck("ready", True, f"{url}: {line}") for line in lines if line]
    except urllib.error.HTTPError as exc:
        reasons = exc.read().decode(errors="replace").splitlines() or [f"HTTP {exc.code}"]
        return [HealthCheck("ready", False, f"{url}: {reason}") for reason in reasons if reason]
    except OSError as exc:
        return [HealthCheck("ready", False, f"{url} does not answer ({exc}): no bot serves it")]


def _platform_checks(path: Path | str) -> list[HealthCheck]:
    """Each platform's state as the running bot (replicas: the last to change it) recorded it."""
    from memory_core import Operations
    from memory_core.errors import MemoryCoreError
    from memory_core.types import HealthCheck

    if isinstance(path, Path) and not path.exists():
        return []
    try:
        with Operations.open(path) as ops:
            states = ops.platform_states()
    except MemoryCoreError as exc:
        return [HealthCheck("platforms", False, f"cannot read their state: {exc}")]
    return [
        HealthCheck(
            f"platform {name}",
            state.get("state") == "running",
            f"{state.get('state')} since {state.get('since')}"
            + (f": {state['detail']}" if state.get("detail") else ""),
        )
        for name, state in states.items()
    ]


@admin_cli.command("doctor", short_help="Check installation and configuration.")
def admin_doctor(
    platform: Annotated[
        str, typer.Option(help=f"check tokens for these platforms ({platform_names()})")
    ] = "",
    running: Annotated[
        bool,
        typer.Option(
            "--running",
            help="check the running bot instead of the installation: its run lock, platforms "
            "and its /readyz (no model load, no file check)",
        ),
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check the installation and configuration; one ok/FAIL line each, exit 1 on a failure.
    ``--running``: check the running bot instead, as cheaply as its ``/readyz``, and agreeing
    with it."""
    from bot import app as composition
    from bot.config import ConfigError
    from memory_core import Operations
    from memory_core.types import HealthCheck

    started = time.perf_counter()
    warn_unknown_variables()
    try:
        settings = composition.load_settings()
    except ConfigError as exc:
        checks = [HealthCheck("settings", False, line) for line in exc.lines]
    else:
        quiet_settings()  # logs on stderr; unknown variables warned about
        path = _db_target(db) if db is not None else settings.db
        checks = [HealthCheck("settings", True, "loaded")]
        if driver := _driver_check(path):
            checks.append(driver)
        elif not running:  # the installation: SQLite build, the model, the whole file
            checks += Operations.health_checks(path, composition.build_embedder(settings))
        llm = (
            f"anthropic ({settings.anthropic_model}, {settings.anthropic_extract_model})"
            if settings.anthropic_api_key is not None
            else "offline rules (no ANTHROPIC_API_KEY)"
        )
        checks.append(HealthCheck("llm", True, llm))
        platforms = [p.strip().lower() for p in platform.split(",") if p.strip()]
        checks += _token_checks(settings, platforms)
        if running and driver is None:
            checks += _running_checks(path) + _readiness_checks(settings)
    failed = [c for c in checks if not c.ok]
    if as_json:
        _echo_json(
            {
                "ok": not failed,
                "seconds": round(time.perf_counter() - started, 3),
                "checks": [asdict(c) for c in checks],
            }
        )
    else:
        for c in checks:
            mark = "ok  " if c.ok else "FAIL"
            typer.echo(f"{mark}  {c.name}: {c.detail}")
    if failed:
        # Settings that cannot be read exit 2, like every other command's; a failed check 1.
        raise typer.Exit(2 if not checks[0].ok and checks[0].name == "settings" else 1)


# ---- stats, metrics -------------------------------------------------------------------------


def _stats_json(stats: StoreStats, path: Path | str) -> dict[str, Any]:
    c = stats.counts
    return {
        "database": str(path),
        "size_bytes": stats.sizes,
        "schema_version": c.schema_version,
        "embedding_model": c.embedding_model,
        "users": c.users,
        "facts": {
            "by_status": c.facts_by_status,
            "active_by_category": c.active_facts_by_category,
        },
        "episodes": c.episodes,
        "sessions": c.sessions,
        "pending_confirmations": c.pending_conflicts,
        "outbox": c.outbox,
        "failed_jobs": c.failed_jobs,
        "vector_queue": {"waiting": c.vector_queue, "retrying": c.vector_queue_retrying},
        "events": c.events,
    }


def _pairs(values: dict[str, int]) -> str:
    return " · ".join(f"{k} {v:,}" for k, v in values.items()) or "none"


@admin_cli.command("stats", short_help="What the database holds, counted.")
def admin_stats(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Users, facts by status and category, episodes, pending confirmations, queues, size."""
    from rich.table import Table

    with _operations(db) as operations:
        stats = operations.stats()
    data = _stats_json(stats, operations.location)
    if as_json:
        _echo_json(data)
        return
    c = stats.counts
    table = Table(title=f"membot {operations.location}", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    table.add_row("size", f"{_mib(stats.sizes['db'])} + WAL {_mib(stats.sizes['wal'])}")
    table.add_row("schema", f"{c.schema_version}, vectors by {c.embedding_model or 'none yet'}")
    table.add_row("users", f"{c.users:,}")
    table.add_row("facts", _pairs(c.facts_by_status))
    table.add_row("active by category", _pairs(c.active_facts_by_category))
    table.add_row("episodes", f"{c.episodes:,} in {c.sessions:,} sessions")
    table.add_row("pending confirmations", f"{c.pending_conflicts:,}")
    table.add_row("learning queue", _pairs(c.outbox))
    table.add_row("failed jobs", _pairs(c.failed_jobs))
    table.add_row("vector queue", f"{c.vector_queue:,} ({c.vector_queue_retrying:,} retrying)")
    table.add_row("events", f"{c.events:,}")
    console.print(table)


def _fmt(value: float | None, unit: str = "", pct: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value * 100:.1f} %" if pct else f"{value:,.1f}{unit}"


@admin_cli.command("metrics", short_help="Operational metrics of the last days.")
def admin_metrics(
    days: Annotated[float, typer.Option(min=0.01, max=3650, help="window: the last N days")] = 7,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Seed 000's operational metrics over the last ``--days`` (from the event log)."""
    from rich.table import Table

    until = time.time()
    with _operations(db) as operations:
        report = operations.metrics(since=until - days * 86400, until=until)
    data = report.as_json()
    if as_json:
        _echo_json(data)
        return
    r = report
    table = Table(title=f"membot metrics, last {days:g} days", show_header=False)
    table.add_column("metric", style="bold")
    table.add_column("value")
    table.add_row("answered turns", f"{r.turns:,}")
    table.add_row(
        "lexical hit rate", f"{_fmt(r.lexical_hit_rate, pct=True)} of {r.searched_turns:,}"
    )
    table.add_row(
        "vector hit rate", f"{_fmt(r.vector_hit_rate, pct=True)} of {r.vector_searched_turns:,}"
    )
    tok = r.injected_tokens
    table.add_row(
        "memory tokens / turn",
        f"mean {_fmt(tok.mean)} · p50 {_fmt(tok.p50)} · p95 {_fmt(tok.p95)}",
    )
    table.add_row(
        "on-demand recall",
        f"{_fmt(r.on_demand_share, pct=True)} of turns ({r.on_demand_turns:,} turns called "
        f"memory_query, {r.on_demand_capped:,} refused by the cap)",
    )
    lat = r.observer_latency_ms
    table.add_row(
        "observer latency",
        f"p50 {_fmt(lat.p50, ' ms')} · p95 {_fmt(lat.p95, ' ms')} "
        f"({r.observer_jobs:,} jobs, {r.observer_errors:,} errors)",
    )
    table.add_row("decisions", _pairs({k: v for k, v in r.decisions.items() if v}))
    table.add_row(
        "confirmations resolved",
        f"{_fmt(r.confirmation_resolution_rate, pct=True)} "
        f"({r.confirmations_resolved} resolved, {r.confirmations_expired} expired, "
        f"{r.confirmations_open} open)",
    )
    table.add_row(
        "wrong overwrites",
        f"{_fmt(r.wrong_overwrite_rate, pct=True)} "
        f"({r.corrected_overwrites} of {r.automatic_overwrites} automatic changes corrected)",
    )
    per_day: dict[str, dict[str, int]] = {}
    for c in r.operations:
        name = f"{c.node}/{c.op}" + ("" if c.status in ("ok", "hit") else f" {c.status}")
        per_day.setdefault(c.day, {})[name] = c.count
    for day, counts in per_day.items():
        table.add_row(f"events {day}", _pairs(counts))
    if r.link_edge_ms.count:
        edge = r.link_edge_ms
        table.add_row(
            "relation edge write",
            f"p50 {edge.p50 or 0:.3f} ms · p95 {edge.p95 or 0:.3f} ms ({edge.count:,} edges)",
        )
    for d in r.llm_days:
        cost = "cost unknown" if d.cost_usd is None else f"${d.cost_usd:.4f}"
        table.add_row(
            f"llm {d.day}",
            f"{d.model}: {d.calls} calls, {d.input_tokens:,} in / {d.output_tokens:,} out "
            f"/ {d.cache_read_tokens:,} cached, {cost}",
        )
    if r.llm_cost_usd is not None:
        table.add_row("llm cost", f"${r.llm_cost_usd:.4f}")
    for s in r.llm_purposes:
        table.add_row(f"llm for {s.name}", _share(s))
    for s in r.llm_users:
        table.add_row(f"llm user {s.name}", _share(s))
    console.print(table)


def _share(share: LLMShare) -> str:
    cost = "cost unknown" if share.cost_usd is None else f"${share.cost_usd:.4f}"
    return (
        f"{share.calls:,} calls, {share.tokens:,} tokens ({share.input_tokens:,} in / "
        f"{share.output_tokens:,} out / {share.cache_read_tokens:,} cache read / "
        f"{share.cache_write_tokens:,} cache write), {cost}"
    )


# ---- backup, restore, reindex, vacuum -------------------------------------------------------


@admin_cli.command("backup", short_help="Copy the SQLite database, live.")
def admin_backup(
    file: Annotated[Path, typer.Argument(help="where to write the copy")],
    force: Annotated[bool, typer.Option("--force", help="replace an existing file")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Copy the database with SQLite's online backup API (consistent while the bot runs)."""
    from memory_core import Operations
    from memory_core.errors import MemoryCoreError

    path = _db_path(db, "backup (use pg_dump)")
    try:
        info = Operations.backup(path, file, overwrite=force)
    except MemoryCoreError as exc:
        raise fail(str(exc)) from exc
    if as_json:
        _echo_json(
            {
                "database": str(path),
                "backup": str(info.path),
                "bytes": info.bytes,
                "schema_version": info.schema_version,
                "seconds": round(info.seconds, 3),
            }
        )
        return
    console.print(
        f"Backed up {path} → {info.path} ({_mib(info.bytes)}, schema {info.schema_version}) "
        f"in {info.seconds:.2f} s."
    )


@admin_cli.command("migrate", short_help="Copy SQLite into PostgreSQL (resumable).")
def admin_migrate(
    to: Annotated[
        str, typer.Option("--to", help="a postgresql:// database, empty or partly copied")
    ],
    batch_rows: Annotated[
        int, typer.Option("--batch-rows", min=1, help="rows per committed batch")
    ] = 2000,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Copy the SQLite database (vectors included) into an empty PostgreSQL database and
    verify the row counts; then point MEMBOT_DB at the URL. Resumable: if a copy is
    interrupted, run the same command again; it continues where the last batch was committed.
    The bot must be stopped (its run lock is held for the whole copy)."""
    from memory_core import Operations
    from memory_core.errors import MemoryCoreError
    from memory_core.types import TransferStep

    quiet_settings()  # logs to stderr: stdout stays clean for --json
    path = _db_path(db, "migrate from PostgreSQL (the source must be an SQLite file)")
    started = time.perf_counter()
    try:
        with progress("copying", quiet=as_json, transient=False, unit="rows") as reporter:

            def show(step: TransferStep) -> None:
                reporter.update(step.done, step.total, step.table)

            result = Operations.copy_to_postgres(path, to, show, batch=batch_rows)
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc
    seconds = round(time.perf_counter() - started, 3)
    if as_json:
        _echo_json(
            {
                "from": str(path),
                "rows": result.rows,
                "resumed": result.resumed,
                "already_done": result.already_done,
                "seconds": seconds,
            }
        )
        return
    if result.already_done:
        console.print(
            f"Already copied: PostgreSQL holds a finished, verified copy of {path} "
            f"({_pairs(result.rows)}); nothing changed. Set MEMBOT_DB to the URL."
        )
        return
    console.print(
        f"{'Resumed and finished' if result.resumed else 'Copied'} {path} into PostgreSQL in "
        f"{seconds:.1f} s: {_pairs(result.rows)}. Counts verified; set MEMBOT_DB to the URL."
    )


@admin_cli.command("restore", short_help="Replace the database with a backup.")
def admin_restore(
    file: Annotated[Path, typer.Argument(help="a backup made by `membot admin backup`")],
    yes: YesOpt = False,
    db: DbOpt = None,
) -> None:
    """Replace the database with a backup; refuses while a bot runs on it."""
    from memory_core import Operations
    from memory_core.errors import MemoryCoreError

    path = _db_path(db, "restore (use pg_restore)")
    if Operations.bot_running(path):
        raise fail(f"membot is running on {path}: stop it first")
    try:  # a file that cannot be restored is refused before anyone is asked to confirm
        Operations.check_backup(file)
    except MemoryCoreError as exc:
        raise fail(str(exc)) from exc
    if path.exists() and not yes:
        typer.confirm(f"Replace {path} with {file}?", abort=True)
    try:
        info = Operations.restore(file, path)
    except MemoryCoreError as exc:
        raise fail(str(exc)) from exc
    console.print(
        f"Restored {path} from {file} ({_mib(info.bytes)}, schema {info.schema_version})."
    )


@admin_cli.command("reindex", short_help="Re-embed everything with the current model.")
def admin_reindex(db: DbOpt = None) -> None:
    """Re-embed every fact and episode with the configured model (after changing it)."""
    memory = open_memory(db)
    try:
        with progress("re-embedding", transient=False) as step:
            count = memory.reindex_blocking(step)
    finally:
        memory.close()
    console.print(f"Re-embedded {count} items.")


@admin_cli.command("vacuum", short_help="Drop old events and compact the database.")
def admin_vacuum(
    keep_events_days: Annotated[
        float, typer.Option(min=1, help="drop operational events older than this")
    ] = 90,
    db: DbOpt = None,
) -> None:
    """Drop old events, merge the full-text indexes and compact the file (VACUUM)."""
    with _operations(db) as operations:
        info = operations.vacuum(keep_events_days=keep_events_days)
    console.print(
        f"Vacuumed {operations.location}: {_mib(info.before)} → {_mib(info.after)}; "
        f"{info.events_purged:,} events older than {keep_events_days:g} days dropped."
    )


@admin_cli.command("erase-wal", short_help="PostgreSQL: push erased text out of the WAL.")
def admin_erase_wal(db: DbOpt = None) -> None:
    """PostgreSQL: push erased text out of the write-ahead log now (see docs/privacy-erasure.md)."""
    with _operations(db) as operations:
        done = operations.erase_wal()
    recycled = "recycled (renamed for reuse)" if done.recycle else "deleted"
    console.print(
        f"Switched the WAL and checkpointed {done.rounds} times on {operations.location}: the "
        f"segments written before are {recycled} and written over. WAL archives, standbys, "
        "replication slots and base backups keep their own copies."
    )


@admin_cli.command("vector-index", short_help="PostgreSQL: exact scans or HNSW indexes.")
def admin_vector_index(
    kind: Annotated[
        str | None,
        typer.Argument(
            help="hnsw: build the HNSW indexes; exact: drop them; nothing: say which is on"
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """PostgreSQL: how a user's vectors are searched when their matrix is not cached — an
    exact scan of their rows (default), or the HNSW graph for users past 20,000 vectors
    (faster for them; every vector write pays the graph's insert). See docs/scaling.md."""
    from memory_core.errors import MemoryCoreError

    if kind not in (None, "hnsw", "exact"):
        raise typer.BadParameter("takes hnsw or exact", param_hint="KIND")
    with _operations(db) as operations:
        try:
            built = operations.vector_index(None if kind is None else kind == "hnsw")
        except MemoryCoreError as exc:
            raise fail(str(exc), 2) from exc
    if built:
        console.print(
            f"{operations.location}: HNSW indexes built (users past 20,000 vectors are "
            "searched through them)."
        )
    else:
        console.print(f"{operations.location}: exact per-user scans (no HNSW index).")


# ---- one user's data ------------------------------------------------------------------------


@admin_cli.command("export-user", short_help="Everything stored about a user, as JSON.")
def admin_export_user(
    user: UserOpt,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="write here instead of stdout")
    ] = None,
    db: DbOpt = None,
) -> None:
    """Everything stored about a user, as JSON (for an access request)."""
    uid = user_id(user)
    with _operations(db) as operations:
        data = operations.export_user(uid)
    text = json.dumps(data, ensure_ascii=False, indent=2, default=str)
    if out is None:
        typer.echo(text)
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n", encoding="utf-8")
    err_console.print(f"Wrote {len(data['facts'])} facts of {uid} to {out}.")


@admin_cli.command("delete-user", short_help="Erase every trace of a user, verified.")
def admin_delete_user(
    user: UserOpt,
    yes: YesOpt = False,
    compact: Annotated[
        bool, typer.Option("--vacuum", help="then VACUUM, so freed pages keep no old bytes")
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Erase every trace of a user (rows, full-text entries, vectors) and verify it."""
    from memory_core import Operations

    uid = user_id(user)
    path = _db_target(db)
    if isinstance(path, Path) and not path.exists():
        raise fail(f"no database at {path}", 2)
    if not yes:
        typer.confirm(f"Erase everything stored about {uid} in {path}?", abort=True)
    memory = _open_without_embedder(path)
    try:
        erasure = run(Operations.erase_user(memory, uid, compact=compact))
    finally:
        memory.close()
    if as_json:
        _echo_json({"user_id": uid, "removed": erasure.removed, "left": erasure.left})
    elif erasure.left:
        err_console.print(f"[red]FAIL[/red] data of {uid} is left: {_pairs(erasure.left)}")
    else:
        console.print(
            f"Erased {uid}: {_pairs(erasure.removed)}. Verified: no row, full-text entry "
            "or vector is left."
            + ("" if compact else " (Run `membot admin vacuum` to compact the file.)")
        )
    if erasure.left:
        raise typer.Exit(1)


def _open_without_embedder(path: Path | str) -> Memory:
    # Erasure needs no model: vectors are deleted whatever the model lock says.
    from memory_core import Memory
    from memory_core.errors import MemoryCoreError

    quiet_settings()
    try:
        return Memory.open(path, None)
    except MemoryCoreError as exc:
        raise fail(str(exc), 2) from exc
