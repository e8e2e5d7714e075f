"""Time as a port: the system clock in production, a manual clock in tests and evals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Something that tells the current time (timezone-aware UTC)."""

    def now(self) -> datetime:
        """Return the current time."""
        ...


class SystemClock:
    """The real wall clock."""

    def now(self) -> datetime:
        """Return the current UTC time."""
        return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to (tests, replays, evaluations)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        """Return the clock's current time."""
        return self._now

    def set(self, when: datetime) -> None:
        """Jump to ``when``."""
        self._now = when if when.tzinfo else when.replace(tzinfo=UTC)

    def advance(self, **delta: float) -> datetime:
        """Move forward by a ``timedelta(**delta)`` and return the new time."""
        self._now += timedelta(**delta)
        return self._now


def to_ts(when: datetime) -> float:
    """Convert an aware datetime to the epoch seconds stored in the database."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def from_ts(ts: float | None) -> datetime | None:
    """Convert stored epoch seconds back to an aware UTC datetime."""
    return None if ts is None else datetime.fromtimestamp(ts, UTC)
