"""Facts said loosely, as people chat: a filler first or last, a goal or a team without "I",
a weekday said first, a verb without its pronoun in another language, names listed after a
count. Each is read as its plain form is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def _read(text: str) -> dict[str, str]:
    return {c.key: c.value_text for c in extract_rules(TurnInput(text, NOW))}


@pytest.mark.parametrize(
    ("said", "job"),
    [
        ("so basically im a vet nurse, 6 years now lol", "vet nurse"),
        ("ngl i'm a barista haha", "barista"),
        ("literally i work as a plumber", "plumber"),
        ("I mean, I'm a roofer", "roofer"),
    ],
)
def test_a_job_after_a_chatty_lead_in_is_the_job(said: str, job: str) -> None:
    found = _read(said)
    assert job in found.get("job_title", ""), found


@pytest.mark.parametrize(
    "said",
    [
        "been a forklift driver, like six years now",
        "i do deliveries, like 3 nights a week",
        "like 10 yrs now tbh",
    ],
)
def test_a_hedging_like_before_a_number_is_no_taste(said: str) -> None:
    """ "…, like six years now" is a hedge on a figure: no "likes six years" is kept."""
    found = _read(said)
    assert not any(k.startswith("likes.") for k in found), found


def test_a_goal_with_a_tail_is_kept() -> None:
    found = _read("im trying to swim a mile this autumn fingers crossed")
    goal = next(v for k, v in found.items() if k.startswith(("goal.", "plan.")))
    assert "swim a mile" in goal and "fingers" not in goal, found


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("Goal for next year is a sub-4 marathon.", "goal is a sub-4 marathon"),
        ("Target this spring is a 25-minute parkrun.", "target is a 25-minute parkrun"),
        ("Goal: a triathlon before I'm fifty.", "goal is a triathlon"),
        ("Resolution for 2027: learn Welsh.", "resolution is to learn Welsh"),
    ],
)
def test_a_goal_said_without_i_is_a_goal(said: str, words: str) -> None:
    found = _read(said)
    goals = [v for k, v in found.items() if k.startswith("goal.")]
    assert any(words in g for g in goals), found


@pytest.mark.parametrize(
    "said", ["The goal is to win.", "Target audience is teenagers.", "Goal: figure this out."]
)
def test_a_goal_word_alone_is_no_goal_of_the_user(said: str) -> None:
    assert not any(k.startswith("goal.") for k in _read(said)), _read(said)


@pytest.mark.parametrize(
    "said",
    [
        "On Thursday evenings I go bouldering.",
        "Most Friday nights I play poker.",
        "Every Monday morning I swim lengths.",
    ],
)
def test_a_weekday_said_first_is_a_pastime(said: str) -> None:
    found = _read(said)
    assert any(k.startswith("habit.") for k in found), found


@pytest.mark.parametrize(
    ("said", "lang"),
    [
        ("Хочу переплыть Ладогу на байдарке.", "ru"),
        ("Мечтаю увидеть северное сияние.", "ru"),
        ("Болею за «Торпедо».", "ru"),
        ("No aguanto las aceitunas.", "es"),
    ],
)
def test_a_verb_without_its_pronoun_is_said_by_the_user(said: str, lang: str) -> None:
    found = _read(said)
    assert any(k.startswith(f"note.{lang}.") for k in found), found


@pytest.mark.parametrize("said", ["Хочу спать.", "Я так хочу есть!"])
def test_a_passing_want_is_no_note(said: str) -> None:
    assert _read(said) == {}


@pytest.mark.parametrize(
    ("said", "names", "key"),
    [
        ("Two kids, Bo and Cy.", ["bo", "cy"], "family.child"),
        ("Three sons, Al, Ed and Ty.", ["al", "ed", "ty"], "family.son"),
        ("Got two daughters, Ava and Mia.", ["ava", "mia"], "family.daughter"),
        ("I'm 40, married, two kids, Zoe and Finn.", ["zoe", "finn"], "family.child"),
    ],
)
def test_names_after_a_count_are_the_people_never_a_home(
    said: str, names: list[str], key: str
) -> None:
    found = _read(said)
    assert "home_city" not in found, found
    for name in names:
        assert f"{key}.{name}.name" in found, found


def test_a_town_after_the_named_ones_is_still_the_home() -> None:
    found = _read("Two kids, Bo and Cy, Leeds.")
    assert "Leeds" in found.get("home_city", ""), found
    found = _read("Two kids, Bo, Leeds.")
    assert "Leeds" in found.get("home_city", "") and "family.child.leeds.name" not in found
