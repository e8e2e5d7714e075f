"""The general reading: plain statements no specific pattern was written for are still learned.

Each table row is a different way of saying something about oneself; the expected fact keeps
what was said, in third person, about the right person, under a key of the right family.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from memory_core.extract import Candidate, TurnInput, extract_rules, normalize_value_text
from memory_core.extract.base import is_valid_key
from memory_core.values import Category

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def run(text: str, name: str | None = "Ana") -> list[Candidate]:
    """What an ordinary turn would store (nothing temporary)."""
    found = extract_rules(TurnInput(user_text=text, time=NOW, user_name=name))
    return [c for c in found if not c.temporary]


def texts(text: str, name: str | None = "Ana") -> list[str]:
    return [c.value_text for c in run(text, name)]


def assert_well_formed(cand: Candidate) -> None:
    assert normalize_value_text(cand.value_text) == cand.value_text
    assert is_valid_key(cand.key)
    assert cand.stated
    assert not re.search(r"\b(?:I|my|me|we|our|you|your)\b", cand.value_text)


# ---- what people say about themselves, phrased every which way ------------------------------

STATEMENTS: list[tuple[str, str, str]] = [
    # occupations the job list never named, and work that names no employer
    ("I'm a fisherman.", "job_title", "Ana is a fisherman."),
    ("I am an upholsterer", "trait.", "Ana is an upholsterer."),
    ("I work for the city council.", "work.", "Ana works for the city council."),
    ("I work with children", "work.", "Ana works with children."),
    ("I drive a delivery van for a living", "habit.", "Ana drives a delivery van for a living."),
    ("I teach piano to kids", "work.", "Ana teaches piano to kids."),
    # animals and possessions
    ("I've got three rabbits", "pet.rabbit", "Ana has got three rabbits."),
    ("I have two pet snakes.", "pet.snake", "Ana has two pet snakes."),
    ("I own a poodle", "pet.dog", "Ana owns a poodle."),
    ("I have a vintage motorbike.", "has.", "Ana has a vintage motorbike."),
    ("I don't own a car", "has.car", "Ana doesn't own a car."),
    # family, counted and described
    ("I have a son and a daughter.", "family.son", "Ana has a son and a daughter."),
    ("I have three older brothers", "family.brother", "Ana has three older brothers."),
    ("I'm a single mom", "relationship.", "Ana is a single mom."),
    ("I've been married for ten years", "relationship.", "Ana has been married for ten years."),
    # habits, hobbies, abilities, the past
    ("I jog every morning", "habit.", "Ana jogs every morning."),
    ("I knit scarves for my grandkids", "habit.", "Ana knits scarves for their grandkids."),
    ("I eat Italian food and read poetry.", "habit.", "Ana eats Italian food and reads poetry."),
    ("I do yoga twice a week", "habit.", "Ana does yoga twice a week."),
    ("I can juggle five balls", "ability.", "Ana can juggle five balls."),
    ("I know how to sail", "ability.", "Ana knows how to sail."),
    ("I grew up on a dairy farm", "home.", "Ana grew up on a dairy farm."),
    ("I was raised by my grandparents", "past.", "Ana was raised by their grandparents."),
    ("I have visited every state but Alaska", "experience.", "Ana has visited every state"),
    # traits and beliefs
    ("I'm afraid of heights", "trait.", "Ana is afraid of heights."),
    ("I am a night owl", "trait.", "Ana is a night owl."),
    ("I believe in astrology", "habit.", "Ana believes in astrology."),
    # education and plans
    ("I'm studying nursing at the community college", "education.", "Ana is studying nursing"),
    ("I dropped out of law school", "education.", "Ana dropped out of law school."),
    ("I'm planning to open a bakery", "goal.", "Ana is planning to open a bakery."),
    ("I want to go skydiving", "goal.", "Ana wants to go skydiving."),
    ("I want a big family", "goal.", "Ana wants a big family."),
    # things of the user's, and statements that mention the user
    ("My car is a red pickup truck", "about.", "Ana's car is a red pickup truck."),
    ("Spiders terrify me", "about.", "Spiders terrify Ana."),
    ("Chess is a big part of my life", "about.", "Chess is a big part of Ana's life."),
]


@pytest.mark.parametrize(("text", "key_prefix", "wording"), STATEMENTS)
def test_plain_statements_become_third_person_facts(
    text: str, key_prefix: str, wording: str
) -> None:
    found = run(text)
    assert found, text
    assert any(c.key.startswith(key_prefix) for c in found), [c.key for c in found]
    assert any(c.value_text.startswith(wording) for c in found), texts(text)
    for cand in found:
        assert_well_formed(cand)


def test_without_a_name_the_user_is_the_subject() -> None:
    assert texts("I jog every morning", name=None) == ["The user jogs every morning."]
    assert texts("Spiders terrify me", name=None) == ["Spiders terrify the user."]


def test_a_negation_and_its_positive_share_a_key() -> None:
    """So a later "I have a car" contradicts "I don't have a car" in arbitration."""
    (no,) = run("I don't have a car")
    (yes,) = run("I have a car")
    assert no.key == yes.key


# ---- other people's facts stay theirs ------------------------------------------------------

PEOPLE: list[tuple[str, str, str]] = [
    ("My mom is a nurse.", "family.mother.job", "Ana's mom is a nurse."),
    ("My dad works in construction", "family.father.", "Ana's dad works in construction."),
    ("My parents own a bakery", "family.parents.", "Ana's parents own a bakery."),
    ("My brother plays the drums", "family.brother.", "Ana's brother plays the drums."),
    ("My boss is vegan", "people.boss.", "Ana's boss is vegan."),
    ("My best friend lives in Rome", "people.best_friend.", "Ana's best friend lives in Rome."),
    ("My dog loves the beach", "pet.dog.", "Ana's dog loves the beach."),
]


@pytest.mark.parametrize(("text", "key_prefix", "wording"), PEOPLE)
def test_statements_about_the_users_people_are_theirs(
    text: str, key_prefix: str, wording: str
) -> None:
    (cand,) = run(text)
    assert cand.key.startswith(key_prefix)
    assert cand.value_text == wording
    assert cand.category == Category.RELATIONSHIP
    assert not cand.key.startswith(("home", "job", "employer", "diet", "likes", "work."))


# ---- several facts in one sentence ---------------------------------------------------------


def test_each_clause_of_a_multi_clause_sentence_is_kept() -> None:
    found = {
        c.key: c.value_text for c in run("I'm vegetarian by the way, and I'm learning Japanese")
    }
    assert found == {"diet": "Ana is vegetarian.", "language.japanese": "Ana is learning Japanese."}


def test_every_named_child_is_kept_with_their_age() -> None:
    found = {c.key: c.value_text for c in run("I have two kids, Leo who is 7 and Ida who is 4")}
    assert found == {
        "family.child.leo.name": "Leo, one of Ana's kids, is 7.",
        "family.child.leo.age": "Leo, one of Ana's kids, is 7.",  # "how old is Leo?"
        "family.child.ida.name": "Ida, one of Ana's kids, is 4.",
        "family.child.ida.age": "Ida, one of Ana's kids, is 4.",
    }


def test_a_named_relative_keeps_name_and_job() -> None:
    found = {c.key: c.value_text for c in run("My wife Sofia is a doctor")}
    assert found == {
        "family.wife.sofia.name": "Ana's wife is named Sofia.",
        "family.wife.sofia.job": "Ana's wife Sofia is a doctor.",
    }


def test_an_introduction_keeps_every_fact() -> None:
    found = {
        c.key: c.value
        for c in run(
            "Hi there! I'm Marta, I'm a software engineer at Spotify and I live in Stockholm.",
            name=None,
        )
    }
    assert found == {
        "name": "Marta",
        "job_title": "software engineer",
        "employer": "Spotify",
        "home_city": "Stockholm",
    }


def test_work_with_something_is_no_employer() -> None:
    found = run("I work with animals.")
    assert [c.key for c in found] != ["employer"]
    assert texts("I work with animals.") == ["Ana works with animals."]


def test_a_list_of_people_is_one_statement() -> None:
    assert texts("I live with my mom and my sister") == [
        "Ana lives with their mom and their sister."
    ]


# ---- what is no fact ------------------------------------------------------------------------

NOTHING = [
    # small talk and feelings of the moment
    "I'm fine, thanks",
    "I see",
    "I agree",
    "I'm so tired",
    "I was kidding",
    "I know right",
    # this very moment
    "I'm at work",
    "I'm on my way",
    "I just got home",
    "I'm eating lunch",
    "I had pasta for dinner",
    "I'll check",
    "I have to go",
    "My wifi is down",
    # opinions and references to what was said before
    "My boss is awesome",
    "I play tennis with him on Sundays",
    "My sister hates it",
    # not about the user
    "She is a teacher",
    "We had a great time",
    "You are very helpful",
    "Summer is the best season",
    # wishes, requests and times that move
    "I wish I lived by the sea",
    "I want to know the time",
    "I'd like a coffee",
    "My birthday was yesterday",
    # names typed in lower case are no traits
    "I'm mia",
]


@pytest.mark.parametrize("text", NOTHING)
def test_non_statements_yield_nothing(text: str) -> None:
    assert run(text) == []


def test_ephemeral_statements_are_temporary() -> None:
    found = extract_rules(
        TurnInput(user_text="For now I'm working from my parents' house", time=NOW)
    )
    assert found and all(c.temporary for c in found)


def test_secrets_never_become_statements() -> None:
    assert run("I use hunter2 as my password is hunter2") == []
    assert run("my pin is 4921") == []


def test_a_statement_before_a_question_is_kept() -> None:
    assert texts("I knit every evening, do you?") == ["Ana knits every evening."]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I used to be a lifeguard.", "Ana used to be a lifeguard."),
        ("I used to live in Ghent.", "Ana used to live in Ghent."),
        ("I knit a lot.", "Ana knits a lot."),
        ("I emigrated when I was 9.", "Ana emigrated when they were 9."),
        ("I'm getting engaged in the autumn.", "Ana is getting engaged in the autumn."),
        ("I am getting a new kitten.", "Ana is getting a new kitten."),
        ("I don't ski or skate.", "Ana doesn't ski or skate."),
        ("I wrote letters before I went to bed.", "Ana wrote letters before they went to bed."),
    ],
)
def test_former_lives_habits_and_coming_events_are_kept_as_said(text: str, said: str) -> None:
    """A former job or home, how often, when in life, what is coming; a negated pair of verbs
    stays bare and a past stays past (issue 23: nothing said is lost)."""
    assert [c.value_text for c in run(text)] == [said]


@pytest.mark.parametrize(
    "text", ["I used to be a vegetarian.", "I see a lot.", "I'm getting a coffee."]
)
def test_what_other_rules_own_or_this_moment_is_not_a_general_fact(text: str) -> None:
    assert [c.key for c in run(text) if c.key.startswith(("past.", "habit.", "plan."))] == []


@pytest.mark.parametrize(
    ("text", "keys", "said"),
    [
        # A third-person verb after "I" is read as the sentence meant ("I is a nurse" was
        # filed as ``habit.nurse``).
        ("I is a nurse.", ["job_title"], "Ana is a nurse."),
        ("i is from Ohio", ["origin"], "Ana is from Ohio."),
        ("I has two cats.", ["pet.cat"], "Ana has two cats."),
        # A relation said in several words is the relation, not a word of the key ("a baby
        # girl" was ``family.daughter.girl``).
        ("I have a baby girl.", ["family.daughter"], "Ana has a baby girl."),
        ("We have a baby boy.", ["family.son"], "Ana has a baby boy."),
        ("I have two dogs and a baby girl", ["pet.dog"], "Ana has two dogs and a baby girl."),
    ],
)
def test_small_slips_get_the_right_key(text: str, keys: list[str], said: str) -> None:
    found = run(text)
    assert [c.key for c in found] == keys
    assert found[0].value_text == said
