"""``membot bench …``: speed benchmarks that print figures."""

from __future__ import annotations

import typer

bench_cli = typer.Typer(help="Benchmarks (retrieval, pipeline, telegram).", no_args_is_help=True)
