"""Relative times resolved against the turn's time (never the wall clock)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from memory_core.extract.when import absolute, resolve

TUESDAY = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
SATURDAY = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start", "end", "past", "since", "approximate"),
    [
        ("I went to Paris yesterday", date(2026, 11, 23), date(2026, 11, 24), True, False, False),
        ("the day before yesterday", date(2026, 11, 22), date(2026, 11, 23), True, False, False),
        ("I saw it last night", date(2026, 11, 23), date(2026, 11, 24), True, False, False),
        ("tomorrow I fly", date(2026, 11, 25), date(2026, 11, 26), False, False, False),
        ("in two days I have an exam", date(2026, 11, 26), date(2026, 11, 27), False, False, False),
        ("a couple of days ago", date(2026, 11, 22), date(2026, 11, 23), True, False, False),
        ("two weeks ago I started", date(2026, 11, 10), date(2026, 11, 11), True, False, True),
        ("I moved here last month", date(2026, 10, 1), date(2026, 11, 1), True, False, True),
        ("three years ago", date(2023, 1, 1), date(2024, 1, 1), True, False, True),
        ("last week", date(2026, 11, 16), date(2026, 11, 23), True, False, True),
        ("next week", date(2026, 11, 30), date(2026, 12, 7), False, False, True),
        ("next month", date(2026, 12, 1), date(2027, 1, 1), False, False, True),
        ("last weekend I hiked", date(2026, 11, 21), date(2026, 11, 23), True, False, True),
        ("this weekend", date(2026, 11, 28), date(2026, 11, 30), False, False, True),
        ("last Friday I saw him", date(2026, 11, 20), date(2026, 11, 21), True, False, False),
        ("my exam is next Friday", date(2026, 11, 27), date(2026, 11, 28), False, False, False),
        ("we went there on Friday", date(2026, 11, 20), date(2026, 11, 21), True, False, False),
        ("I'm going there on Friday", date(2026, 11, 27), date(2026, 11, 28), False, False, False),
        ("I met her on the 3rd", date(2026, 11, 3), date(2026, 11, 4), True, False, False),
        ("the party is on the 30th", date(2026, 11, 30), date(2026, 12, 1), False, False, False),
        ("last summer we went to Greece", date(2026, 6, 1), date(2026, 9, 1), True, False, True),
        ("last winter", date(2025, 12, 1), date(2026, 3, 1), True, False, True),
        ("this summer I'm going to Spain", date(2027, 6, 1), date(2027, 9, 1), False, False, True),
        ("we got married in 2019", date(2019, 1, 1), date(2020, 1, 1), True, False, True),
        ("in March 2024 I moved", date(2024, 3, 1), date(2024, 4, 1), True, False, True),
        ("I've lived here since 2019", date(2019, 1, 1), date(2026, 11, 25), True, True, True),
        ("since March I work at home", date(2026, 3, 1), date(2026, 11, 25), True, True, True),
        ("since last year I'm vegan", date(2025, 1, 1), date(2026, 11, 25), True, True, True),
    ],
)
def test_phrases_resolve_against_the_turn(
    text: str, start: date, end: date, past: bool, since: bool, approximate: bool
) -> None:
    ref = resolve(text, TUESDAY)
    assert ref is not None, text
    assert (ref.start.date(), ref.end.date()) == (start, end)
    assert (ref.past, ref.since, ref.approximate) == (past, since, approximate)
    assert ref.start.tzinfo is UTC


@pytest.mark.parametrize(
    "text",
    ["I love Fridays", "I work on Sundays", "I was born in March", "I may be late", "I live here"],
)
def test_no_date_where_none_is_said(text: str) -> None:
    assert resolve(text, TUESDAY) is None


def test_the_weekend_depends_on_the_day_it_is_said() -> None:
    said_on_saturday = resolve("this weekend", SATURDAY)
    assert said_on_saturday is not None and said_on_saturday.start.date() == date(2026, 11, 28)
    last = resolve("last weekend", SATURDAY)
    assert last is not None and last.start.date() == date(2026, 11, 21)
    coming = resolve("next weekend", SATURDAY)
    assert coming is not None and coming.start.date() == date(2026, 12, 5)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I went to Paris yesterday", "I went to Paris on 23 November 2026"),
        ("Last summer I went to Greece", "I went to Greece in summer 2026"),
        ("I moved to Lisbon last month", "I moved to Lisbon in October 2026"),
        ("I'm flying to Tokyo next week", "I'm flying to Tokyo in the week of 30 November 2026"),
        ("I have been vegan since 2019", "I have been vegan since 2019"),
        ("we met on Friday at the bar", "we met on 20 November 2026 at the bar"),
    ],
)
def test_a_phrase_is_said_as_a_date(text: str, said: str) -> None:
    ref = resolve(text, TUESDAY)
    assert ref is not None and absolute(text, ref) == said


@pytest.mark.parametrize(
    "text",
    [
        "I swim on Thursday",  # every Thursday
        "I watch wrestling on Saturday mornings",
        "I am in my last year of grad school",  # no calendar year
        "September is my last month of college",
        "I haven't been to Europe in a few years",  # how long, not when
        "I have not been back home in 2 years",
        "I graduate in a few years",  # too vague to date
        "I got divorced a few months ago",
        "I sit at my computer for hours in a day",
    ],
)
def test_habits_durations_and_vague_spans_are_not_dated(text: str) -> None:
    assert resolve(text, TUESDAY) is None
