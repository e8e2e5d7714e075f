"""``membot eval …``: retrieval and scenario evaluations."""

from __future__ import annotations

import typer

eval_cli = typer.Typer(help="Evaluations (LoCoMo retrieval, scenarios).", no_args_is_help=True)
