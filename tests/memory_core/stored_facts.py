"""What learning keeps from one chat line, for the extraction tests of each session: the rules'
candidates filed as learning files them (``evaluation.extraction.stored``), as the evals score
them."""

from __future__ import annotations

from datetime import UTC, datetime

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def stored_from(text: str, now: datetime = NOW) -> list[Candidate]:
    """Everything learning keeps from ``text`` said at ``now``, notes included."""
    return stored(extract_rules(TurnInput(text, now)))


def facts(text: str, now: datetime = NOW) -> list[Candidate]:
    """What learning keeps from ``text``, notes left out."""
    return [c for c in stored_from(text, now) if not c.key.startswith("note.")]


def kept(text: str, now: datetime = NOW) -> dict[str, str | None]:
    """Key → value of what learning keeps from ``text`` (notes left out)."""
    return {c.key: c.value for c in facts(text, now)}
