"""Dense introductions and chat noise: does one chat line keep every fact it states, and no junk?

The labelled lines (``labels/intros_noise.jsonl``, written for membot, one JSON object per line)
are of two kinds: an introduction or plain statement with the facts it must yield (``expect``:
key → value, compared case-insensitively), and *junk* (``"junk": true``: hyperbole, sarcasm,
passing moments, remarks about the world, greetings, hypotheticals) from which nothing may be
stored. A line is split by a hash of its text into a *tune* part, for developing the rules,
and a *held-out* part that only scores them (``membot eval intros``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_core.evaluation.extraction import EVAL_TIME, facts_of, is_held_out
from memory_core.extract.base import Extractor

LABELS_PATH = Path(__file__).parent / "labels" / "intros_noise.jsonl"
#: Share of the lines held out from tuning.
HELD_OUT_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Line:
    """One labelled chat line: what it must yield, or that it is junk."""

    text: str
    expect: dict[str, str]
    junk: bool

    @property
    def held_out(self) -> bool:
        """True when the line only scores (a hash of its text decides)."""
        return is_held_out(self.text, HELD_OUT_SHARE)


def load_lines(path: Path = LABELS_PATH) -> list[Line]:
    """The labelled lines."""
    out: list[Line] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.strip():
            row = json.loads(raw)
            out.append(Line(row["text"], dict(row.get("expect", {})), bool(row.get("junk"))))
    return out


@dataclass(frozen=True, slots=True)
class LineResult:
    """What the extractor kept from one line, and whether that holds."""

    line: Line
    kept: dict[str, str]

    @property
    def missing(self) -> dict[str, str]:
        """Expected facts not kept with the expected value."""
        got = {k: v.casefold() for k, v in self.kept.items()}
        return {k: v for k, v in self.line.expect.items() if got.get(k) != v.casefold()}

    @property
    def holds(self) -> bool:
        """Junk: nothing kept; a statement: every expected fact kept."""
        return not self.kept if self.line.junk else not self.missing


@dataclass(frozen=True, slots=True)
class IntrosReport:
    """Per part (tune, held-out): lines that hold, expected facts found, junk facts stored."""

    results: tuple[LineResult, ...]

    def part(self, held_out: bool) -> dict[str, Any]:
        """The figures of one part."""
        rows = [r for r in self.results if r.line.held_out == held_out]
        statements = [r for r in rows if not r.line.junk]
        junk = [r for r in rows if r.line.junk]
        expected = sum(len(r.line.expect) for r in statements)
        found = expected - sum(len(r.missing) for r in statements)
        return {
            "lines": len(rows),
            "hold": sum(r.holds for r in rows),
            "statements": len(statements),
            "statements_hold": sum(r.holds for r in statements),
            "expected_facts": expected,
            "found_facts": found,
            "junk_lines": len(junk),
            "junk_facts": sum(len(r.kept) for r in junk),
        }

    def as_json(self) -> dict[str, Any]:
        """Both parts and every line that does not hold."""
        return {
            "tune": self.part(False),
            "held_out": self.part(True),
            "failures": [
                {
                    "text": r.line.text,
                    "held_out": r.line.held_out,
                    "missing": r.missing,
                    "kept": r.kept,
                }
                for r in self.results
                if not r.holds
            ],
        }

    def lines(self) -> list[str]:
        """The human report."""
        out = []
        for name, held in (("tune", False), ("held-out", True)):
            p = self.part(held)
            out.append(
                f"{name:<9} {p['hold']}/{p['lines']} lines hold; statements "
                f"{p['statements_hold']}/{p['statements']} "
                f"({p['found_facts']}/{p['expected_facts']} facts); "
                f"junk {p['junk_facts']} facts from {p['junk_lines']} junk lines"
            )
        for r in self.results:
            if not r.holds:
                part = "held-out" if r.line.held_out else "tune"
                out.append(f"  [{part}] {r.line.text!r}: missing {r.missing}, kept {r.kept}")
        return out


async def run_intros_eval(
    extractor: Extractor, lines: Sequence[Line] | None = None
) -> IntrosReport:
    """Run ``extractor`` on each labelled line as one ordinary turn."""
    results = []
    for line in load_lines() if lines is None else lines:
        kept = {c.key: (c.value or c.value_text) for c in await facts_of(line.text, extractor)}
        results.append(LineResult(line, kept))
    return IntrosReport(tuple(results))


__all__ = ["EVAL_TIME", "IntrosReport", "Line", "load_lines", "run_intros_eval"]
