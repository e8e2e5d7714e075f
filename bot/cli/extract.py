"""``membot extract``: the configured extractor on stdin lines, with no database (evaluation,
debugging a phrasing)."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import typer

from bot.cli.common import console, figures_settings, run, warn
from bot.cli.options import JsonOpt

if TYPE_CHECKING:
    from memory_core import Extractor
    from memory_core.types import Candidate


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


async def _extract_all(
    extractor: Extractor, lines: list[str], fallbacks: list[str]
) -> list[dict[str, Any]]:
    from memory_core.errors import MemoryCoreError
    from memory_core.types import TurnInput

    now = datetime.now(UTC)
    out: list[dict[str, Any]] = []
    for line in lines:
        facts: list[dict[str, Any]] = []
        if line.strip():
            seen = len(fallbacks)
            try:
                found = await extractor.extract(TurnInput(user_text=line, time=now))
            except MemoryCoreError as exc:
                out.append({"text": line, "facts": [], "error": str(exc)})
                continue
            facts = [_fact(c) for c in found]
            if len(fallbacks) > seen:  # the model was unreachable: these are the rules' facts
                out.append({"text": line, "facts": facts, "fallback": fallbacks[-1]})
                continue
        out.append({"text": line, "facts": facts})
    return out


def extract(as_json: JsonOpt = False) -> None:
    """Print the facts found in each stdin line (no database).

    One message per line; the configured extractor (offline rules, or Anthropic with
    ANTHROPIC_API_KEY) reads each. When the model cannot be reached, the offline rules answer
    instead, and a warning says so."""
    from bot import app as composition

    fallbacks: list[str] = []
    settings = figures_settings()
    extractor, _auditor, _responder = composition.build_learning(
        settings, on_fallback=fallbacks.append
    )
    lines = [line.rstrip("\n") for line in sys.stdin]
    results = run(_extract_all(extractor, lines, fallbacks))
    if fallbacks:
        warn(
            f"the language model could not be reached ({fallbacks[-1]}): the facts of "
            f"{len(fallbacks)} message(s) come from the offline rules"
        )
    if as_json:
        typer.echo(json.dumps(results, ensure_ascii=False))
        return
    for item in results:
        console.print(f"[bold]{item['text']}[/bold]", markup=True, highlight=False)
        if item.get("error"):
            console.print(f"  ! {item['error']}", markup=False)
        if item.get("fallback"):
            console.print("  (offline rules: the model was unreachable)", markup=False)
        for fact in item["facts"]:
            flags = "".join(f" ({f})" for f in ("temporary", "sensitive") if fact[f])
            console.print(
                f"  {fact['key']} [{fact['category']}]: {fact['value']}{flags}", markup=False
            )
        if not item["facts"] and not item.get("error"):
            console.print("  (nothing)", markup=False)
