"""Cron expressions: five fields (minute hour day-of-month month day-of-week), in a timezone.

Supports ``*``, lists, ranges, steps and the ``@hourly``/``@daily``/``@weekly``/``@monthly``
aliases; day-of-month and day-of-week combine as in cron (either matches when both are set).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

_ALIASES = {
    "@hourly": "0 * * * *",
    "@daily": "0 0 * * *",
    "@midnight": "0 0 * * *",
    "@weekly": "0 0 * * 0",
    "@monthly": "0 0 1 * *",
}
_BOUNDS = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))
#: How far cron searches for a matching day (covers "29 Feb" style expressions).
_SEARCH_DAYS = 366 * 8


def _field(spec: str, lo: int, hi: int) -> frozenset[int]:
    values: set[int] = set()
    for part in spec.split(","):
        body, _, step_s = part.partition("/")
        step = int(step_s) if step_s else 1
        if body in ("*", ""):
            start, end = lo, hi
        elif "-" in body:
            a, b = body.split("-", 1)
            start, end = int(a), int(b)
        else:
            start = int(body)
            end = hi if step_s else start
        if step < 1 or not lo <= start <= end <= hi:
            raise ValueError(f"cron field {spec!r} is out of range {lo}-{hi}")
        values.update(range(start, end + 1, step))
    return frozenset(values)


@dataclass(frozen=True, slots=True)
class Cron:
    """A five-field cron expression (minute hour day-of-month month day-of-week)."""

    expr: str
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int]
    months: frozenset[int]
    weekdays: frozenset[int]  # 0 = Sunday
    any_day: bool
    any_weekday: bool

    @classmethod
    def parse(cls, expr: str) -> Cron:
        """Parse ``*``, lists, ranges and steps, and the ``@daily``-style aliases."""
        text = _ALIASES.get(expr.strip(), expr.strip())
        parts = text.split()
        if len(parts) != 5:
            raise ValueError(f"cron needs 5 fields, got {expr!r}")
        try:
            fields = [_field(p, lo, hi) for p, (lo, hi) in zip(parts, _BOUNDS, strict=True)]
        except ValueError as exc:
            raise ValueError(f"bad cron {expr!r}: {exc}") from exc
        weekdays = frozenset(d % 7 for d in fields[4])
        minutes, hours, days, months, _dow = fields
        return cls(expr, minutes, hours, days, months, weekdays, parts[2] == "*", parts[4] == "*")

    def _day_ok(self, day: date) -> bool:
        if day.month not in self.months:
            return False
        dom, dow = day.day in self.days, day.isoweekday() % 7 in self.weekdays
        if self.any_day or self.any_weekday:
            return dom and dow
        return dom or dow  # cron: both restricted means either matches

    def _times(self, day: date, tz: tzinfo) -> list[datetime]:
        return sorted(
            datetime.combine(day, time(h, m), tz).astimezone(tz)
            for h in self.hours
            for m in self.minutes
        )

    def next_after(self, when: datetime, tz: tzinfo) -> datetime:
        """The first matching time strictly after ``when``."""
        start = when.astimezone(tz).date()
        for offset in range(_SEARCH_DAYS):
            day = start + timedelta(days=offset)
            if self._day_ok(day):
                for t in self._times(day, tz):
                    if t > when:
                        return t
        raise ValueError(f"cron {self.expr!r} never matches")

    def latest_at_or_before(self, when: datetime, tz: tzinfo) -> datetime | None:
        """The last matching time at or before ``when`` (``None`` if none in years)."""
        start = when.astimezone(tz).date()
        for offset in range(_SEARCH_DAYS):
            day = start - timedelta(days=offset)
            if self._day_ok(day):
                for t in reversed(self._times(day, tz)):
                    if t <= when:
                        return t
        return None
