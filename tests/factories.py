"""Value factories shared by the tests: facts, candidates and incoming messages with defaults.

Only plain values live here (no fixtures: those are in the ``conftest.py`` of each folder).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from adapters.types import IncomingMessage
from memory_core.extract.base import Candidate
from memory_core.values import Category, Fact, Status

#: Every test starts at the same instant (the ManualClock only moves when told to).
START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
#: The instant the pure (database-free) tests take as "now".
NOW = datetime(2026, 5, 3, 12, 0, tzinfo=UTC)
#: The default memory owner (console user ``ana``).
USER = "console:ana"


def fact(
    id: int,
    text: str,
    category: Category = Category.OTHER,
    *,
    key: str | None = None,
    user: str = USER,
    confidence: float = 0.5,
    status: Status = Status.ACTIVE,
    at: datetime = NOW,
    value: str | None = None,
    **extra: Any,
) -> Fact:
    """A stored fact: key ``k<id>`` unless given, every timestamp ``at``, ``value`` as JSON."""
    return Fact(
        id=id,
        user_id=user,
        key=key if key is not None else f"k{id}",
        value_text=text,
        category=category,
        confidence=confidence,
        status=status,
        valid_from=at,
        valid_to=None,
        created_at=at,
        updated_at=at,
        last_mentioned_at=at,
        value_json={"value": value} if value else None,
        **extra,
    )


def candidate(
    key: str,
    text: str | None = None,
    category: Category = Category.OTHER,
    *,
    confidence: float = 0.6,
    value: str | None = None,
    **extra: Any,
) -> Candidate:
    """A candidate as an extractor proposes it (text ``"The user's <key> is set."`` if omitted)."""
    return Candidate(
        key=key,
        value_text=text if text is not None else f"The user's {key} is set.",
        category=category,
        confidence_hint=confidence,
        value=value,
        **extra,
    )


def message(
    text: str,
    *,
    at: datetime = START,
    user: str = "ana",
    chat: str | None = None,
    private: bool = True,
    addressed: bool = True,
    platform: str = "console",
    **extra: Any,
) -> IncomingMessage:
    """A message from ``user`` (display name capitalised); chat ``console`` in private,
    ``group-1`` otherwise."""
    return IncomingMessage(
        platform=platform,
        chat_id=chat if chat is not None else ("console" if private else "group-1"),
        user_id=user,
        display_name=user.capitalize(),
        text=text,
        time=at,
        is_private=private,
        addressed=addressed,
        **extra,
    )


def group_message(text: str, **kw: Any) -> IncomingMessage:
    """A message in the group chat ``group-1`` (addressed to the bot unless told otherwise)."""
    return message(text, private=False, **kw)
