"""Ordinary sentences with several facts, education, family counts, and dense cards (issue 23).

Written as variants of the issue's examples (not copied from any evaluation set): each stored
value must be the one stated, none may span a clause boundary, and noise keeps nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def facts(text: str) -> dict[str, Candidate]:
    """What the offline extractor keeps from ``text`` said as an ordinary turn."""
    found = extract_rules(TurnInput(user_text=text, time=NOW))
    return {c.key: c for c in found if not c.temporary}


def value(c: Candidate) -> str:
    """The fact's value, else its whole text."""
    return c.value or c.value_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I live in Lisbon and work as a nurse at Santa Maria hospital",
            {"home_city": "Lisbon", "job_title": "nurse", "employer": "Santa Maria hospital"},
        ),
        (
            "I work as a plumber and live in Cardiff with my wife Ellen",
            {"job_title": "plumber", "home_city": "Cardiff", "family.wife.ellen.name": "Ellen"},
        ),
        ("I'm pescatarian and lactose intolerant", {"diet": "pescatarian"}),
        (
            "I'm gluten-free, and I'm allergic to kiwi",
            {"diet": "gluten-free", "allergy.kiwi": "kiwi"},
        ),
        (
            "We have two kids, Ava and Finn, and a cat named Pickle",
            {
                "family.child.ava.name": "Ava",
                "family.child.finn.name": "Finn",
                "pet.cat.name": "Pickle",
            },
        ),
        (
            "I'm 34 and I work at Siemens as a project manager",
            {"age": "34", "employer": "Siemens", "job_title": "project manager"},
        ),
        ("I'm from Cork but I live in Madrid now", {"origin": "Cork", "home_city": "Madrid"}),
        ("I live with my wife in Cologne.", {"home_city": "Cologne"}),
        ("I live in Cork with our two girls, Mia and Zoe.", {"home_city": "Cork"}),
        (
            "We have two boys, Tom and Sam.",
            {"family.son.tom.name": "Tom", "family.son.sam.name": "Sam"},
        ),
        ("I have a little girl called Ruby.", {"family.daughter.name": "Ruby"}),
        (
            "I live with my boyfriend Sam in Austin",
            {"home_city": "Austin", "family.boyfriend.sam.name": "Sam"},
        ),
        (
            "I'm originally from Lagos but live in Houston",
            {"origin": "Lagos", "home_city": "Houston"},
        ),
        (
            "My husband Sam and I have three children",
            {"family.husband.sam.name": "Sam", "family.children": "The user has three children."},
        ),
        (
            "I'm divorced and have a teenage daughter called Mia",
            {"relationship.divorced": "The user is divorced.", "family.daughter.name": "Mia"},
        ),
        (
            "I'm a student at McGill and work part-time as a barista",
            {
                "education.student": "The user is a student.",
                "school": "McGill",
                "job_title": "barista",
            },
        ),
        (
            "I work for the NHS as a physiotherapist",
            {"employer": "the NHS", "job_title": "physiotherapist"},
        ),
        (
            "I'm single and I have no kids",
            {
                "relationship.single": "The user is single.",
                "family.children": "The user has no kids.",
            },
        ),
        (
            "Oh, and I'm allergic to bees and I hate coriander",
            {"allergy.bees": "bees", "dislikes.coriander": "coriander"},
        ),
        (
            "I'm 52, married, with two grown-up sons",
            {"age": "52", "relationship.married": "The user is married."},
        ),
        (
            "I live in Galway with my partner Tom and our little boy Oisín, and we have a beagle"
            " called Biscuit",
            {
                "home_city": "Galway",
                "family.partner.tom.name": "Tom",
                "family.son.oisin.name": "Oisín",
                "pet.dog.name": "Biscuit",
            },
        ),
        ("Not many people know this, but I'm allergic to latex", {"allergy.latex": "latex"}),
        ("To be honest, I'm a vegan and I run marathons", {"diet": "vegan"}),
        ("I graduated from Edinburgh in 2019 and now work at Google", {"employer": "Google"}),
        (
            "I'm a nursing student in Bristol",
            {"education.student": "The user is a nursing student.", "home_city": "Bristol"},
        ),
    ],
)
def test_every_fact_of_an_ordinary_sentence_is_kept(text: str, expected: dict[str, str]) -> None:
    """Each statement of the sentence, with the value it states (and no value glued across
    "and" or a comma)."""
    found = facts(text)
    for key, want in expected.items():
        assert key in found, (text, key, sorted(found))
        assert value(found[key]) == want, (text, key, value(found[key]))
    for cand in found.values():
        assert " and " not in (cand.value or ""), (text, cand.key, cand.value)


def test_a_student_is_in_education_not_in_a_job() -> None:
    """ "I'm a student at …" names a school and what the user is, never a job title."""
    found = facts("I'm a law student at Trinity College")
    assert "job_title" not in found
    assert found["education.student"].value_text == "The user is a law student."
    assert value(found["school"]) == "Trinity College"
    assert "job_title" in facts("I'm a teacher at Trinity College")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("I'm a mum of two", "two children"),
        ("I'm a father of three", "three children"),
        ("I am a mother to 3 girls and 2 boys.", "3 girls and 2 boys"),
    ],
)
def test_a_parent_of_n_has_n_children(text: str, count: str) -> None:
    """ "mum of two" says how many children, and nothing says the user "is 2 boys"."""
    found = facts(text)
    assert count in found["family.children"].value_text
    assert not any(k.startswith("trait.") for k in found), sorted(found)


def test_boys_and_girls_the_user_has_are_sons_and_daughters() -> None:
    """ "I have two boys" is about the user's sons."""
    assert set(facts("I have two boys")) == {"family.son"}
    assert set(facts("I have a little girl")) == {"family.daughter"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "hey! tessa here, 38, optician, two kids, allergic to mango haha",
            {"name": "Tessa", "age": "38", "job_title": "optician", "allergy.mango": "mango"},
        ),
        (
            "I'm Bram, 44, a baker from Ghent living in Antwerp with my husband Pieter.",
            {
                "name": "Bram",
                "age": "44",
                "job_title": "baker",
                "origin": "Ghent",
                "home_city": "Antwerp",
                "family.husband.pieter.name": "Pieter",
            },
        ),
        (
            "I'm Iris, 50, a pilot in Oslo. Widowed, one son, Aksel.",
            {"name": "Iris", "family.son.name": "Aksel", "home_city": "Oslo"},
        ),
        (
            "Kai, 29, roofer in Hull, single, keen angler, cat dad to Miso.",
            {
                "name": "Kai",
                "age": "29",
                "job_title": "roofer",
                "home_city": "Hull",
                "likes.fishing": "fishing",
                "pet.cat.name": "Miso",
            },
        ),
        (
            "Hi, Wren here. 33, married, vegetarian.",
            {"name": "Wren", "age": "33", "diet": "vegetarian"},
        ),
    ],
)
def test_a_dense_card_keeps_what_the_rules_read(text: str, expected: dict[str, str]) -> None:
    """A card with fragments beyond name/age/job/town keeps each one the rules read."""
    found = facts(text)
    for key, want in expected.items():
        assert key in found, (text, key, sorted(found))
        assert value(found[key]) == want, (text, key, value(found[key]))


@pytest.mark.parametrize(
    "text",
    [
        "everyone here, 40 people came",
        "oh sure, I just adore ironing shirts",
        "I'm so bored I could scream",
        "my printer is older than dirt",
        "ugh, tax season, am I right",
        "I'm walking on air, oh oh",
        "I'm over the moon",
        "Hi, it's me again.",
        "Yeah right, I'm totally a morning person.",
        "yeah sure, I love waking up at 5",
        "As if I'd ever run a marathon.",
    ],
)
def test_noise_keeps_nothing(text: str) -> None:
    """Sarcasm, a feeling measured by what it could make one do, hyperbole, tag questions, a
    sung line, a greeting: no fact."""
    assert facts(text) == {}, text


def test_a_workplace_said_with_its_town_names_both() -> None:
    """ "I work at Zara in Madrid": the employer is Zara, and the town is where the user lives
    (as "a nurse in Leeds" says); "a lab doing research" names the lab only."""
    found = facts("I work at Zara in Madrid")
    assert value(found["employer"]) == "Zara" and value(found["home_city"]) == "Madrid"
    assert value(facts("I work at a lab doing research")["employer"]) == "a lab"


def test_a_card_says_counts_as_had_and_keeps_the_case_of_a_title() -> None:
    """ "three grandkids" is had (never "the user is three grandkids"); "PhD student" stays
    as written; "Just turned 40!" is an age."""
    found = facts("Hi! I'm Dolores, 66, retired, three grandkids, love gardening")
    assert not any(k.startswith("trait.") for k in found), sorted(found)
    assert "three grandkids" in found["family.grandchildren"].value_text
    jin = facts("I'm Jin, 27, PhD student at Oxford, from Seoul")
    assert jin["education.student"].value_text == "The user is a PhD student."
    assert value(facts("Just turned 40! Accountant, divorced, living in Dublin.")["age"]) == "40"


def test_married_or_engaged_to_a_name_keeps_the_status_and_the_partner() -> None:
    """ "I'm married to Sam": married, and the spouse's name; "married to my job" is neither."""
    found = facts("I'm engaged to Priya and we live in Leeds")
    assert found["relationship.engaged"].value_text == "The user is engaged."
    assert value(found["family.fiance.name"]) == "Priya"
    assert value(found["home_city"]) == "Leeds"
    assert value(facts("I'm married to Sam.")["family.spouse.name"]) == "Sam"
    assert facts("I'm married to my job") == {}


def test_good_news_after_oh_great_and_a_sarcastic_aside_keep_the_fact() -> None:
    """Only sarcasm that inverts the whole sentence drops it: "Oh great, …" may open good
    news, and an aside about liking keeps the job said before it."""
    assert "job_title" in facts("I'm a nurse, because I totally love night shifts.")
    assert facts("Oh great, I got the job at Google!")
