"""When a statement says something happened or holds: relative times resolved against the turn.

"I moved to Lisbon last month", "we got married two years ago", "I've lived here since March",
"my exam is next Friday": the phrase is resolved against the turn's own time (the injected
clock, never the wall clock) into a :class:`TimeRef` — the first day it names, the day after
its last, whether it is a span rather than one day ("last week" is approximate), and whether it
is before the turn. ``rules`` uses it to set ``valid_from`` (a state that began then: a move, a
new job, "since …") or ``event_time`` (something that happened or will), and to say the date
in the fact instead of a word that means something else tomorrow ("yesterday").

No library here reads these phrases without a model or a locale database (the environment's
lists have no dateparser); the grammar below is small and tested case by case.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from memory_core.text import numbers

_MONTH_NAMES = [calendar.month_name[i] for i in range(1, 13)]
_MONTHS = {name.lower()[:3]: i for i, name in enumerate(_MONTH_NAMES, start=1)}
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
#: A count of days/weeks/months/years, said as a word: one to twelve, and the vague ones.
_NUMBERS = {
    "a": 1,
    "an": 1,
    **numbers.values("en", low=1, high=12),
    "a couple of": 2,
    "a couple": 2,
    "couple of": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}
_N = (
    r"(?P<n>\d{1,3}|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|several|an?|"
    + "|".join(numbers.values("en", low=1, high=12))
    + ")"
)
_UNIT = r"(?P<unit>days?|weeks?|months?|years?)"
_MONTH_WORDS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_MONTH = rf"(?P<month>{_MONTH_WORDS})"
_IN_MONTH = rf"(?P<imonth>{_MONTH_WORDS})"
_WD_WORDS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!s)"
_WD = rf"(?P<wd>{_WD_WORDS})"
_ON_WD = rf"(?P<owd>{_WD_WORDS})"
_SPAN = r"(?P<span>week|weekend|month|year|spring|summer|fall|autumn|winter)"
_ORD = r"(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)"

_PHRASES = re.compile(
    r"\b(?:"
    rf"(?P<since>since)\s+(?:(?:last\s+)?{_MONTH}(?:\s+(?P<smy>\d{{4}}))?|(?P<sy>(?:19|20)\d{{2}})|"
    r"last\s+(?P<slast>week|month|year|spring|summer|fall|autumn|winter)|"
    # "since the summer", "since spring": the last one begun
    r"(?:the\s+)?(?P<sseason>spring|summer|fall|autumn|winter)(?!\s+(?:of|term|holidays?|break)\b))"
    r"|(?P<dby>the\s+day\s+before\s+yesterday)|(?P<dat>the\s+day\s+after\s+tomorrow)"
    r"|(?P<yesterday>yesterday|last\s+night)|(?P<tomorrow>tomorrow|tmrw)"
    r"|(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))"
    rf"|{_N}\s+{_UNIT}\s+(?P<ago>ago)"
    rf"|in\s+(?:about\s+|around\s+)?(?P<fn>\d{{1,3}}|a\s+couple\s+of|a\s+few|an?|one|two|three|four|"
    rf"five|six|seven|eight|nine|ten)\s+(?P<funit>days?|weeks?|months?|years?)"
    rf"|(?P<rel>last|next|this|coming|past)\s+{_WD}"
    # "my last year of college" is no time that moves with the calendar.
    # (whole words: "a lurcher last year" says no "her")
    rf"|(?<!\bmy\s)(?<!\bthe\s)(?<!\bhis\s)(?<!\bher\s)(?<!\bour\s)(?<!\btheir\s)(?<!\bits\s)"
    rf"(?P<srel>last|next|this|past|coming)\s+{_SPAN}(?!'s|\s+of\b)"
    rf"|on\s+the\s+{_ORD}(?!\s+(?:of\s+)?(?:{_MONTH_WORDS}))"
    rf"|on\s+{_ON_WD}(?!\s+(?:mornings|afternoons|evenings|nights))"
    # A month alone is no date ("born in March" says no year): only with its year.
    rf"|(?:back\s+)?in\s+{_IN_MONTH}\s+(?P<my>(?:19|20)\d{{2}})"
    r"|(?:back\s+)?in\s+(?P<year>(?:19|20)\d{2})"
    r")\b",
    re.IGNORECASE,
)
#: A clause told in the past ("I went", "we were", "I moved"): a bare weekday or month is the
#: last one, not the next.
_PAST_TENSE = re.compile(
    r"\b(?:was|were|went|did|had|got|came|saw|met|made|took|left|moved|started|finished|"
    r"bought|sold|visited|lost|won|ran|flew|drove|told|said|became|began|[a-z]{2,}ed)\b",
    re.IGNORECASE,
)
_FUTURE = re.compile(
    r"\b(?:will|'ll|going\s+to|gonna|plan|planning|next|coming|in\s+\d|am\s+\w+ing|'m\s+\w+ing|"
    r"are\s+\w+ing|is\s+\w+ing)\b",
    re.I,
)
#: "I haven't been home in 2 years": a duration up to now, not a time ahead.
_DURATION = re.compile(r"\b(?:not|never|haven't|hasn't|hadn't|n't|have\s+been|has\s+been)\b", re.I)
_VAGUE = frozenset({"a few", "few", "several", "a couple of", "a couple", "couple of"})


@dataclass(frozen=True, slots=True)
class TimeRef:
    """A time a phrase names: ``[start, end)`` in UTC days."""

    start: datetime
    end: datetime
    approximate: bool
    past: bool
    since: bool
    kind: str  # day, week, weekend, month, season, year
    span: tuple[int, int]
    phrase: str

    @property
    def future(self) -> bool:
        """True when it starts after the turn's day."""
        return not self.past and self.kind != "today"

    def spoken(self) -> str:
        """The time as a fact says it, for any day it is read: "on 23 November 2026"."""
        day = self.start
        if self.since and self.kind == "season":
            return f"since {_season_of(day.month)} {day.year}"
        if self.since:
            return f"since {_month_year(day) if self.kind != 'year' else day.year}"
        match self.kind:
            case "day" | "today":
                return f"on {day.day} {_MONTH_NAMES[day.month - 1]} {day.year}"
            case "week":
                return f"in the week of {day.day} {_MONTH_NAMES[day.month - 1]} {day.year}"
            case "weekend":
                return f"on the weekend of {day.day} {_MONTH_NAMES[day.month - 1]} {day.year}"
            case "month":
                return f"in {_month_year(day)}"
            case "season":
                return f"in {_season_of(day.month)} {day.year}"
            case _:
                return f"in {day.year}"


def _month_year(day: datetime) -> str:
    return f"{_MONTH_NAMES[day.month - 1]} {day.year}"


def _season_of(month: int) -> str:
    return {3: "spring", 6: "summer", 9: "autumn", 12: "winter"}[month]


def _midnight(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


def _add_months(d: date, months: int) -> date:
    total = d.year * 12 + (d.month - 1) + months
    year, month = divmod(total, 12)
    return date(year, month + 1, min(d.day, calendar.monthrange(year, month + 1)[1]))


def _month_start(d: date) -> date:
    return d.replace(day=1)


def _number(raw: str) -> int:
    low = " ".join(raw.lower().split())
    return int(low) if low.isdigit() else _NUMBERS.get(low, 1)


def _span(kind: str, today: date, offset: int) -> tuple[date, date, str]:
    """The week/weekend/month/year/season ``offset`` of them from the one holding ``today``."""
    if kind == "week":
        start = today - timedelta(days=today.weekday()) + timedelta(weeks=offset)
        return start, start + timedelta(days=7), "week"
    if kind == "weekend":
        weekday = today.weekday()
        # This weekend: the one under way, or the coming one on a weekday.
        saturday = today + timedelta(days=5 - weekday)
        if offset < 0:
            saturday -= timedelta(weeks=1)  # the one just gone
        elif offset > 0 and weekday >= 5:
            saturday += timedelta(weeks=1)
        return saturday, saturday + timedelta(days=2), "weekend"
    if kind == "month":
        start = _add_months(_month_start(today), offset)
        return start, _add_months(start, 1), "month"
    if kind == "year":
        start = date(today.year + offset, 1, 1)
        return start, date(start.year + 1, 1, 1), "year"
    first = _SEASONS[kind]
    # The season of this name that holds today or last began; winter starts in December.
    year = today.year if today.month >= first else today.year - 1
    if first == 12 and today.month < 3:
        year = today.year - 1
    start = date(year, first, 1)
    current = start <= today < _add_months(start, 3)
    if offset < 0 and current:
        start = date(year - 1, first, 1)
    elif offset > 0:
        start = date(year + 1, first, 1) if start <= today else start
    return start, _add_months(start, 3), "season"


def _since_start(g: dict[str, str | None], today: date) -> tuple[date, str]:
    """The first day of what "since …" names ("since 2019", "since last spring", "since the
    summer", "since May") and its kind."""
    if g["sy"]:
        return date(int(g["sy"]), 1, 1), "year"
    if g["slast"]:
        start, _, kind = _span(g["slast"].lower(), today, -1)
        return start, kind
    if g["sseason"]:
        start, _, kind = _span(g["sseason"].lower(), today, 0)
        return start, kind
    month = _MONTHS[(g["month"] or "")[:3].lower()]
    year = int(g["smy"]) if g["smy"] else today.year - (month > today.month)
    return date(year, month, 1), "month"


def resolve(text: str, now: datetime) -> TimeRef | None:
    """The first time phrase in ``text`` resolved against ``now`` (the turn's time), or None."""
    m = _PHRASES.search(text)
    if m is None:
        return None
    today = now.astimezone(UTC).date()
    told_in_past = bool(_PAST_TENSE.search(text)) and not _FUTURE.search(text)
    g = m.groupdict()
    since = bool(g["since"])
    approximate = True
    kind = "day"
    if since:
        start, kind = _since_start(g, today)
        end = today + timedelta(days=1)
    elif g["dby"] or g["yesterday"] or g["dat"] or g["tomorrow"] or g["today"]:
        shift = (
            -2
            if g["dby"]
            else -1
            if g["yesterday"]
            else 2
            if g["dat"]
            else 1
            if g["tomorrow"]
            else 0
        )
        start, kind, approximate = today + timedelta(days=shift), "day" if shift else "today", False
        end = start + timedelta(days=1)
    elif g["ago"]:
        n, unit = _number(g["n"]), g["unit"].lower().rstrip("s")
        if " ".join(g["n"].lower().split()) in _VAGUE and unit in {"month", "year"}:
            return None  # "a few years ago": no year to name
        if unit == "day":
            start, approximate = today - timedelta(days=n), n > 2
            end = start + timedelta(days=1)
        elif unit == "week":
            start = today - timedelta(weeks=n)
            end, kind = start + timedelta(days=1), "week"
        elif unit == "month":
            start, end, kind = *_span("month", today, -n)[:2], "month"
        else:
            start, end, kind = *_span("year", today, -n)[:2], "year"
    elif g["fn"]:
        n, unit = _number(g["fn"]), g["funit"].lower().rstrip("s")
        vague = " ".join(g["fn"].lower().split()) in _VAGUE
        if _DURATION.search(text) or (vague and unit in {"month", "year"}):
            return None
        if m.group(0).lower() == "in a day":
            return None  # "twice in a day": how often, not when
        if unit == "day":
            start, approximate = today + timedelta(days=n), n > 2
            end = start + timedelta(days=1)
        elif unit == "week":
            start, kind = today + timedelta(weeks=n), "week"
            end = start + timedelta(days=1)
        elif unit == "month":
            start, end, kind = *_span("month", today, n)[:2], "month"
        else:
            start, end, kind = *_span("year", today, n)[:2], "year"
    elif g["rel"]:
        target = _WEEKDAYS.index(g["wd"].lower())
        which = g["rel"].lower()
        if which in {"last", "past"}:
            back = (today.weekday() - target) % 7 or 7
            start = today - timedelta(days=back)
        else:
            ahead = (target - today.weekday()) % 7
            if ahead == 0 and which != "this":
                ahead = 7
            start = today + timedelta(days=ahead)
        end, approximate = start + timedelta(days=1), False
    elif g["srel"]:
        which, span = g["srel"].lower(), g["span"].lower()
        offset = -1 if which in {"last", "past"} else 1 if which in {"next", "coming"} else 0
        start, end, kind = _span(span, today, offset)
        if offset == 0 and kind == "season" and end <= today and not told_in_past:
            start, end = date(start.year + 1, start.month, 1), date(end.year + 1, end.month, 1)
    elif g["day"]:
        fitted = _fit_day(today, int(g["day"]), told_in_past)
        if fitted is None:
            return None
        start, end, approximate = fitted, fitted + timedelta(days=1), False
    elif g["owd"]:
        target = _WEEKDAYS.index(g["owd"].lower())
        if not told_in_past and not _FUTURE.search(text):
            return None  # "I swim on Thursday": every Thursday, a habit
        if told_in_past:
            start = today - timedelta(days=(today.weekday() - target) % 7 or 7)
        else:
            start = today + timedelta(days=(target - today.weekday()) % 7)
        end, approximate = start + timedelta(days=1), False
    elif g["imonth"]:
        month = _MONTHS[g["imonth"][:3].lower()]
        start = date(int(g["my"]), month, 1)
        end, kind = _add_months(start, 1), "month"
    else:
        start = date(int(g["year"]), 1, 1)
        end, kind = date(start.year + 1, 1, 1), "year"
    return TimeRef(
        start=_midnight(start),
        end=_midnight(end),
        approximate=approximate,
        past=since or start < today,
        since=since,
        kind=kind,
        span=m.span(),
        phrase=m.group(0),
    )


def _fit_day(today: date, day: int, past: bool) -> date | None:
    """ "on the 3rd": this month's 3rd, or the nearest one on the side the clause points to."""
    for months in (0, -1, -2) if past else (0, 1, 2):
        month = _add_months(_month_start(today), months)
        if day > calendar.monthrange(month.year, month.month)[1]:
            continue
        found = month.replace(day=day)
        if (past and found <= today) or (not past and found >= today):
            return found
    return None


def absolute(text: str, ref: TimeRef) -> str:
    """``text`` with the phrase said as a date ("I went to Paris yesterday" → "I went to Paris
    on 23 November 2026")."""
    start, end = ref.span
    before = text[:start].rstrip()
    after = text[end:]
    if not before:
        # "Last summer I went to Greece": the statement starts at its subject.
        return f"{after.lstrip(' ,')} {ref.spoken()}".strip()
    return f"{before} {ref.spoken()}{after}".strip()


def as_dated(text: str, told_at: datetime) -> str:
    """``text`` said back later with its time phrase as the date it meant when it was told
    ("Next Friday we fly to Rhodes" told on 27 November → "we fly to Rhodes on
    4 December 2026"); ``text`` itself when it has none."""
    body = text.rstrip(" .!…")
    ref = resolve(body, told_at)
    return f"{absolute(body, ref)}{text[len(body) :]}" if ref is not None else text
