"""``membot extract``: the configured extractor on stdin lines, with no database (evaluation,
debugging a phrasing)."""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime
from typing import Any

import typer

from bot import app as composition
from bot.cli.common import console, figures_settings
from bot.cli.options import JsonOpt
from memory_core import Candidate, Extractor, TurnInput
from memory_core.errors import MemoryCoreError


def _fact(c: Candidate) -> dict[str, Any]:
    return {
        "key": c.key,
        "value": c.value_text,
        "category": c.category.value,
        "object": c.value,
        "confidence": c.confidence_hint,
        "temporary": c.temporary,
        "sensitive": c.sensitive,
        "valid_from": c.valid_from.isoformat() if c.valid_from else None,
        "valid_to": c.valid_to.isoformat() if c.valid_to else None,
        "event_time": c.event_time.isoformat() if c.event_time else None,
    }


async def _extract_all(extractor: Extractor, lines: list[str]) -> list[dict[str, Any]]:
    now = datetime.now(UTC)
    out: list[dict[str, Any]] = []
    for line in lines:
        facts: list[dict[str, Any]] = []
        if line.strip():
            try:
                found = await extractor.extract(TurnInput(user_text=line, time=now))
            except MemoryCoreError as exc:
                out.append({"text": line, "facts": [], "error": str(exc)})
                continue
            facts = [_fact(c) for c in found]
        out.append({"text": line, "facts": facts})
    return out


def extract(as_json: JsonOpt = False) -> None:
    """Read messages from stdin, one per line, and print the facts the configured extractor
    (offline rules, or Anthropic with ANTHROPIC_API_KEY) finds in each. No database."""
    extractor, _auditor, _responder = composition.build_learning(figures_settings())
    lines = [line.rstrip("\n") for line in sys.stdin]
    results = asyncio.run(_extract_all(extractor, lines))
    if as_json:
        typer.echo(json.dumps(results, ensure_ascii=False))
        return
    for item in results:
        console.print(f"[bold]{item['text']}[/bold]", markup=True, highlight=False)
        if item.get("error"):
            console.print(f"  ! {item['error']}", markup=False)
        for fact in item["facts"]:
            flags = "".join(f" ({f})" for f in ("temporary", "sensitive") if fact[f])
            console.print(
                f"  {fact['key']} [{fact['category']}]: {fact['value']}{flags}", markup=False
            )
        if not item["facts"] and not item.get("error"):
            console.print("  (nothing)", markup=False)
