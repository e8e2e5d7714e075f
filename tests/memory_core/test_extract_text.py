"""Text plumbing of the rules: dates, person rewriting, splitting, slugs, the explicit trigger."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.dates import DateMention, next_occurrence, parse_date
from memory_core.extract.explicit import detect_explicit, note_key
from memory_core.extract.text import (
    clean_input,
    clean_phrase,
    slug,
    split_clauses,
    split_list,
    split_sentences,
    strip_fillers,
    third_person,
)

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)  # a Tuesday


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("on 3 May", "--05-03"),
        ("3rd of May", "--05-03"),
        ("May 3rd", "--05-03"),
        ("May the 3rd, 1990", "1990-05-03"),
        ("3 May 1990", "1990-05-03"),
        ("1990-05-03", "1990-05-03"),
        ("03/05/1990", "1990-05-03"),
        ("12/25", "--12-25"),
        ("29 Feb", "--02-29"),
        ("today", "2026-03-10"),
        ("tomorrow", "2026-03-11"),
        ("the day after tomorrow", "2026-03-12"),
        ("yesterday", "2026-03-09"),
        ("on Friday", "2026-03-13"),
        ("next Tuesday", "2026-03-17"),
        ("this Tuesday", "2026-03-10"),
        ("in 3 days", "2026-03-13"),
    ],
)
def test_parse_date(text: str, iso: str) -> None:
    found = parse_date(text, NOW)
    assert found is not None
    assert found.iso() == iso


@pytest.mark.parametrize("text", ["sometime", "31 February", "2026-13-01", "on 45/45", "", "May"])
def test_unparseable_dates(text: str) -> None:
    assert parse_date(text, NOW) is None


def test_spans_are_approximate() -> None:
    week = parse_date("next week", NOW)
    assert week is not None and week.approximate
    day = parse_date("tomorrow", NOW)
    assert day is not None and not day.approximate


def test_next_occurrence_of_a_yearless_date() -> None:
    assert next_occurrence(DateMention(6, 1), NOW).iso() == "2026-06-01"
    assert next_occurrence(DateMention(1, 1), NOW).iso() == "2027-01-01"
    assert DateMention(5, 3, 1990).spoken() == "3 May 1990"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I park on level 3", "Ana parks on level 3"),
        ("I'm late", "Ana is late"),
        ("I've got a cat", "Ana has got a cat"),
        ("I always watch the news", "Ana always watches the news"),
        ("I study at night and I go home", "Ana studies at night and they go home"),
        ("my car is blue and my bike is red", "Ana's car is blue and their bike is red"),
        ("I went to Rome", "Ana went to Rome"),
        ("I don't eat fish", "Ana doesn't eat fish"),
        ("call me at noon", "call Ana at noon"),
        ("i keep it here", "Ana keeps it here"),
        ("the key is mine", "the key is Ana's"),
        ("Eva and I", "Eva and Ana"),
    ],
)
def test_third_person(text: str, expected: str) -> None:
    assert third_person(text, "Ana") == expected


def test_third_person_repeats_the_subject_beside_others_they() -> None:
    # "they make them laugh" would make the user one of the friends.
    said = third_person("My friends are hilarious, they make me laugh", "Ana")
    assert said == "Ana's friends are hilarious, they make the user laugh"
    said = third_person("My sisters visit me and I cook for them", "The user")
    assert said == "The user's sisters visit the user and the user cooks for them"
    assert third_person("I study at night and I go home", "Ana") == (
        "Ana studies at night and they go home"
    )


def test_third_person_after_naming_uses_they() -> None:
    assert third_person("cooking for my friends", "Ana", named=True) == "cooking for their friends"


def test_third_person_addresses_the_assistant_only_on_request() -> None:
    assert third_person("you promised me", "Ana") == "you promised Ana"
    assert third_person("you promised me", "Ana", assistant=True) == "the assistant promised Ana"


def test_sentences_keep_abbreviations_whole() -> None:
    text = "I work at St. Mary's. Dr. Eva is my boss! Is it? Yes\nNew line"
    assert split_sentences(text) == [
        "I work at St. Mary's.",
        "Dr. Eva is my boss!",
        "Is it?",
        "Yes",
        "New line",
    ]


def test_a_german_ordinal_ends_no_sentence() -> None:
    """ "Ich bin in der 8. Woche schwanger" was kept as "Ich bin in der 8."."""
    assert split_sentences("Ich bin in der 8. Woche schwanger. Wir wohnen im 3. Stock.") == [
        "Ich bin in der 8. Woche schwanger.",
        "Wir wohnen im 3. Stock.",
    ]
    assert split_sentences("Ich habe 8. Dann gehe ich.") == ["Ich habe 8.", "Dann gehe ich."]


def test_cjk_sentences_split_on_full_stops() -> None:
    assert split_sentences("我住在北京。我喜欢寿司！") == ["我住在北京。", "我喜欢寿司！"]


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        ("I live in Berlin and I work at Google", ["I live in Berlin", "I work at Google"]),
        ("I love tea, but my sister hates it", ["I love tea", "my sister hates it"]),
        ("I speak Portuguese and English", ["I speak Portuguese and English"]),
        ("I'm Ana but call me Annie", ["I'm Ana", "call me Annie"]),
        ("I live in Berlin - my wife is from Rome", ["I live in Berlin", "my wife is from Rome"]),
        ("remember that X and that my Y", ["remember that X", "my Y"]),
        # A comma splice turning to small talk is a clause of its own (a note that ran on
        # across it held the week, the weather and the job in one).
        ("I teach piano, it's been a long month, anyway the weather is grim",
         ["I teach piano", "it's been a long month", "anyway the weather is grim"]),
        # What follows from what was said of someone is no part of it.
        ("my uncle is a vet so he knows dogs, and I'm a baker",
         ["my uncle is a vet", "I'm a baker"]),
    ],
)  # fmt: skip
def test_split_clauses(sentence: str, clauses: list[str]) -> None:
    assert split_clauses(sentence) == clauses


@pytest.mark.parametrize(
    ("clause", "stripped", "hedged"),
    [
        ("btw, I live in Berlin", "I live in Berlin", False),
        ("Oh and by the way I'm vegan", "I'm vegan", False),
        ("I think I'm allergic to cats", "I'm allergic to cats", True),
        ("🎉 I live in Berlin", "I live in Berlin", False),
        ("Could you please call me Alex", "call me Alex", False),
    ],
)
def test_strip_fillers(clause: str, stripped: str, hedged: bool) -> None:
    assert strip_fillers(clause) == (stripped, hedged)


@pytest.mark.parametrize(
    ("raw", "phrase"),
    [
        ("green tea because it's calming", "green tea"),
        ("Berlin now", "Berlin"),
        ("Lisbon last month", "Lisbon"),
        ("jazz so much!!! 🎷", "jazz"),
        ("'The Wire'", "The Wire"),
        ("C++ a lot", "C++"),
        ("   ", None),
        ("a " * 20, None),
    ],
)
def test_clean_phrase(raw: str, phrase: str | None) -> None:
    assert clean_phrase(raw) == phrase


def test_split_list_only_splits_real_lists() -> None:
    assert split_list("hiking, cooking and jazz") == ["hiking", "cooking", "jazz"]
    assert split_list("mac and cheese") == ["mac and cheese"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Green Tea", "green_tea"),
        ("the Beatles", "beatles"),
        ("crème brûlée", "creme_brulee"),
        ("R&B", "r_and_b"),
        ("寿司", "寿司"),
        ("🎉", ""),
        (
            "a very long phrase that goes on and on and on forever",
            "very_long_phrase_that_goes_on_and_on_and",
        ),
    ],
)
def test_slug(text: str, key: str) -> None:
    assert slug(text) == key


def test_clean_input_drops_control_characters_and_bounds_length() -> None:
    assert clean_input("a\x00b\u200bc’s\ud800") == "a b c's"
    assert len(clean_input("x" * 100_000)) == 4000


@pytest.mark.parametrize(
    ("text", "explicit", "body"),
    [
        ("remember that I park on level 3", True, "I park on level 3"),
        ("Remember: my bike is blue", True, "my bike is blue"),
        ("/remember my bike is blue", True, "my bike is blue"),
        ("/remember@membot_bot my bike is blue", True, "my bike is blue"),
        ("please don't forget I'm vegan", True, "I'm vegan"),
        ("Could you remember that I'm vegan?", True, "I'm vegan"),
        ("Note: I'm vegan", True, "I'm vegan"),
        ("remember that if I'm late, call", True, "if I'm late, call"),
        ("Do you remember where I live?", False, "Do you remember where I live?"),
        ("remember where I parked?", False, "remember where I parked?"),
        ("remember to buy milk", False, "remember to buy milk"),
        ("I remember my first dog", False, "I remember my first dog"),
    ],
)
def test_detect_explicit(text: str, explicit: bool, body: str) -> None:
    assert detect_explicit(text, False) == (explicit, body)


def test_note_key_uses_content_words() -> None:
    assert note_key("my car is parked on level 3") == "note.car_parked_level_3"
    assert note_key("that") == "note.untitled"
