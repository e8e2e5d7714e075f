"""Read a calendar date out of a phrase ("3 May", "May 3rd, 1990", "1990-05-03", "tomorrow").

Relative dates resolve against the turn's time (UTC). Numeric dates are read day first
("03/05" is 3 May) unless the second number cannot be a month.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from memory_core.text import numbers

_MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_MONTH = (
    r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_YEAR = r"(?:,?\s+(?:in\s+)?(?P<year>\d{4}))?"
_ORD = r"(?:st|nd|rd|th)?"
_PATTERNS = (
    re.compile(r"\b(?P<year>\d{4})-(?P<m>\d{1,2})-(?P<day>\d{1,2})\b"),
    re.compile(rf"\b(?P<day>\d{{1,2}}){_ORD}(?:\s+of)?\s+{_MONTH}{_YEAR}\b", re.I),
    re.compile(rf"\b{_MONTH}\s+(?:the\s+)?(?P<day>\d{{1,2}}){_ORD}\b{_YEAR}", re.I),
    re.compile(r"\b(?P<a>\d{1,2})[/.](?P<b>\d{1,2})(?:[/.](?P<y>\d{4}|\d{2}))?\b"),
)
#: "in three days": one to seven said as a word.
_SMALL_WORDS = "|".join(numbers.values("en", low=1, high=7))
_RELATIVE = re.compile(
    r"\b(?:(?P<dat>the\s+day\s+after\s+tomorrow)|(?P<today>today)|(?P<tomorrow>tomorrow)|"
    r"(?P<yesterday>yesterday)|(?P<nextweek>next\s+week)|(?P<nextmonth>next\s+month)|"
    rf"in\s+(?P<n>\d{{1,3}}|a|{_SMALL_WORDS})\s+(?P<unit>days?|weeks?)|"
    r"(?:(?P<which>on|this|next|coming)\s+)?(?P<wd>monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday))\b",
    re.IGNORECASE,
)
_SMALL = {"a": 1, **numbers.values("en", low=1, high=7)}


@dataclass(frozen=True, slots=True)
class DateMention:
    """A calendar date, with or without a year."""

    month: int
    day: int
    year: int | None = None
    approximate: bool = False

    def when(self) -> datetime | None:
        """Midnight UTC of the date, when the year is known."""
        if self.year is None:
            return None
        return datetime(self.year, self.month, self.day, tzinfo=UTC)

    def iso(self) -> str:
        """ISO 8601: ``1990-05-03``, or ``--05-03`` without a year."""
        if self.year is None:
            return f"--{self.month:02d}-{self.day:02d}"
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"

    def spoken(self) -> str:
        """How a fact says it: "3 May 1990" or "3 May"."""
        text = f"{self.day} {_MONTH_NAMES[self.month - 1]}"
        return f"{text} {self.year}" if self.year is not None else text


def _make(month: int, day: int, year: int | None) -> DateMention | None:
    try:
        date(year if year is not None else 2000, month, day)  # 2000: 29 Feb is valid
    except ValueError:
        return None
    if year is not None and not 1900 <= year <= 2200:
        return None
    return DateMention(month, day, year)


def _full_year(text: str | None, now: datetime) -> int | None:
    if not text:
        return None
    year = int(text)
    if len(text) == 2:
        year += 2000 if year <= now.year % 100 else 1900
    return year


def _absolute(text: str, now: datetime) -> tuple[int, DateMention] | None:
    best: tuple[int, DateMention] | None = None
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            groups = m.groupdict()
            if "a" in groups:
                a, b = int(groups["a"]), int(groups["b"])
                day, month = (b, a) if b > 12 >= a else (a, b)
                found = _make(month, day, _full_year(groups["y"], now))
            elif "m" in groups:
                found = _make(int(groups["m"]), int(groups["day"]), int(groups["year"]))
            else:
                month = _MONTHS[groups["month"][:3].lower()]
                found = _make(month, int(groups["day"]), _full_year(groups["year"], now))
            if found is not None and (best is None or m.start() < best[0]):
                best = (m.start(), found)
            if found is not None:
                break
    return best


def _relative(m: re.Match[str], now: datetime) -> date:
    today = now.astimezone(UTC).date()
    if m.group("dat"):
        return today + timedelta(days=2)
    if m.group("today"):
        return today
    if m.group("tomorrow"):
        return today + timedelta(days=1)
    if m.group("yesterday"):
        return today - timedelta(days=1)
    if m.group("nextweek"):
        return today + timedelta(days=7)
    if m.group("nextmonth"):
        return today + timedelta(days=30)
    if m.group("n"):
        n = _SMALL.get(m.group("n").lower()) or int(m.group("n"))
        return today + timedelta(days=n * (7 if m.group("unit").startswith("week") else 1))
    ahead = (_WEEKDAYS.index(m.group("wd").lower()) - today.weekday()) % 7
    if ahead == 0 and (m.group("which") or "").lower() in {"next", "coming"}:
        ahead = 7
    return today + timedelta(days=ahead)


def parse_date(text: str, now: datetime) -> DateMention | None:
    """The first date mentioned in ``text``; relative words resolve against ``now``."""
    absolute = _absolute(text, now)
    rel = _RELATIVE.search(text)
    if rel is not None and (absolute is None or rel.start() < absolute[0]):
        day = _relative(rel, now)
        # "next week" or "in 3 weeks" names a span, not a day.
        rough = bool(
            rel.group("nextweek")
            or rel.group("nextmonth")
            or (rel.group("unit") or "").startswith("week")
        )
        return DateMention(day.month, day.day, day.year, approximate=rough)
    return absolute[1] if absolute else None


def next_occurrence(when: DateMention, now: datetime) -> DateMention:
    """A yearless date read as a coming event: its next occurrence on or after ``now``."""
    if when.year is not None:
        return when
    today = now.astimezone(UTC).date()
    for year in (today.year, today.year + 1):
        try:
            candidate = today.replace(year=year, month=when.month, day=when.day)
        except ValueError:
            continue
        if candidate >= today:
            return DateMention(when.month, when.day, year)
    return DateMention(when.month, when.day, today.year + 1)
