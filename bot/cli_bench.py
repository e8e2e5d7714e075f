"""``membot bench …``: speed benchmarks that print figures."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from bot import app as composition
from bot.logging import configure as configure_logging
from memory_core.benchmarks import (
    BenchRun,
    Percentiles,
    RetrievalBench,
    RetrievalBenchReport,
    run_retrieval_bench,
)
from memory_core.errors import MemoryCoreError

bench_cli = typer.Typer(help="Benchmarks (retrieval, pipeline, telegram).", no_args_is_help=True)

_console = Console()
_err = Console(stderr=True)


def _sizes(raw: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(part.replace("_", "")) for part in raw.split(",") if part.strip())
    except ValueError as exc:
        raise typer.BadParameter("--facts takes comma-separated numbers, e.g. 1000,10000") from exc
    if not sizes or min(sizes) <= 0:
        raise typer.BadParameter("--facts needs at least one positive number")
    return sizes


@bench_cli.command("retrieval")
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
    workdir: Annotated[
        Path | None, typer.Option("--workdir", help="where the temporary database goes")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Time lexical, vector and hybrid search at growing store sizes (temporary database)."""
    settings = composition.load_settings()
    configure_logging("warning", stream=sys.stderr)
    embedder = composition.build_embedder(settings)
    if embedder is None:
        _err.print("[red]error:[/red] the retrieval benchmark needs an embedder (MEMBOT_EMBEDDER)")
        raise typer.Exit(2)
    bench = RetrievalBench(
        sizes=_sizes(facts), users=users, real_facts=real, queries=queries, rounds=rounds
    )
    try:
        with _err.status("starting") as status:
            report = run_retrieval_bench(
                bench,
                embedder,
                config=composition.memory_config(settings),
                workdir=workdir,
                progress=lambda msg: status.update(msg),
            )
    except MemoryCoreError as exc:
        _err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(1) from exc
    if as_json:
        typer.echo(json.dumps(report.as_json()))
        return
    _console.print(_table(report))
    _console.print(f"[yellow]Note:[/yellow] {report.note}")


def _pair(p: Percentiles) -> str:
    return f"{p.p50:.2f} / {p.p95:.2f}"


_ROWS: tuple[tuple[str, str], ...] = (
    ("lexical", "lexical ms"),
    ("vector", "vector ms"),
    ("hybrid", "hybrid ms"),
    ("vector_incl_embed", "vector + query embed ms"),
    ("hybrid_incl_embed", "hybrid + query embed ms"),
)


def _table(report: RetrievalBenchReport) -> Table:
    """The report as a rich table: one column per size, figures as p50 / p95."""
    table = Table(
        title=f"membot bench retrieval (k={report.bench.k}, {report.embedder})",
        caption=(
            f"p50 / p95 over {report.bench.queries} queries × {report.bench.rounds} rounds; "
            f"as many facts again spread over {report.bench.users} other users"
        ),
    )
    table.add_column("facts of the measured user")
    for run in report.runs:
        table.add_column(f"{run.facts:,}", justify="right")
    runs = report.runs
    table.add_row(
        "real-embedded / generated",
        *(f"{r.real_facts:,} / {r.facts - r.real_facts:,}" for r in runs),
    )
    table.add_row("ingest facts/s (real, first facts)", *(f"{r.ingest_per_s:.1f}" for r in runs))
    for key, label in _ROWS:
        table.add_row(label, *(_pair(r.search_ms[key]) for r in runs))
    table.add_row("query embed ms", *(_pair(r.query_embed_ms) for r in runs))
    table.add_row(
        "first vector search after a write ms", *(_pair(r.matrix_rebuild_ms) for r in runs)
    )
    table.add_row("facts a query matches lexically %", *(_pair(r.lexical_match_pct) for r in runs))
    table.add_row("peak RSS MB", *(f"{r.rss_mb:.0f}" for r in runs))
    table.add_row("target: hybrid p95 ms", *(_verdict(r) for r in runs))
    return table


def _verdict(run: BenchRun) -> str:
    if run.target_hybrid_p95_ms is None:
        return "—"
    ok = "[green]met[/green]" if run.meets_target else "[red]missed[/red]"
    return f"≤ {run.target_hybrid_p95_ms:g}: {ok}"
