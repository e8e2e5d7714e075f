"""Dense chat introductions (issue 23, session 8): jobs no list names read by their shape,
names that end like English words or are also a job's short word, ages in chat's shapes, a
lower-case town after a workplace, and what must stay no job."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract import job_nouns
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def values(text: str) -> dict[str, str]:
    return {c.key: (c.value or c.value_text) for c in extract_rules(TurnInput(text, NOW))}


@pytest.mark.parametrize(
    "title",
    [
        "upholsterer",
        "signwriter",
        "gunsmith",
        "farmhand",
        "radiographer",
        "audiologist",
        "cellist",
        "puppeteer",
        "lift operator",
        "parking attendant",
        "IT tech",
        "school aide",
    ],
)
def test_a_worker_noun_no_list_names_reads_by_its_shape(title: str) -> None:
    assert job_nouns.shaped_title(title)


@pytest.mark.parametrize(
    "phrase",
    [
        "cat lover",
        "big reader",
        "optimist",
        "older",
        "hard worker",
        "having a sleepover",
        "waiting forever",
        "gentleman",
        "Newman",
        "answer",
        "team player",
        "the worker",
    ],
)
def test_what_is_shaped_like_a_worker_but_names_no_job_is_refused(phrase: str) -> None:
    assert not job_nouns.shaped_title(phrase)


def test_a_card_with_a_job_no_list_names_keeps_it() -> None:
    got = values("yo, pax here, 29, upholsterer in derby")
    assert got == {"name": "Pax", "age": "29", "job_title": "upholsterer", "home_city": "Derby"}
    assert values("I work as a signwriter.")["job_title"] == "signwriter"
    assert values("I'm a parking attendant")["job_title"] == "parking attendant"


def test_a_shape_alone_is_no_job_outside_a_place_for_a_job() -> None:
    assert "job_title" not in values("I'm a hard worker")
    assert "job_title" not in values("I'm a big dreamer")
    assert values("answer in Spanish") == {}
    got = values("I've been a puppeteer for 20 years")
    assert got.get("job_title") == "puppeteer" and "employer" not in got


def test_names_that_end_like_english_words_are_names_before_an_age() -> None:
    assert values("hey im rasheed, 40, tiler in luton")["name"] == "Rasheed"
    assert values("hiya im irving, 52, upholsterer in ely")["name"] == "Irving"
    assert "name" not in values("im exhausted, 14 hours on my feet")


def test_a_short_job_word_is_a_name_where_a_name_goes() -> None:
    got = values("Dev here, 40, tiler in Bury")
    assert got["name"] == "Dev" and got["job_title"] == "tiler"
    got = values("I'm Dev, 27, radiographer at Leeds General")
    assert got["name"] == "Dev" and got["job_title"] == "radiographer"
    assert values("I'm a dev at a bank")["job_title"] == "dev"


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("hi im tilly (f/34), baker in wells", "34"),
        ("im gus (52m), welder in hull", "52"),
        ("Name's Orla, 61 years young, florist in Sligo", "61"),
        ("Bram, fifty-one, glazier in Ghent", "51"),
        ("hey, ines here, just turned 40, baker in faro", "40"),
    ],
)
def test_ages_in_chat_shapes(text: str, age: str) -> None:
    assert values(text)["age"] == age


def test_married_to_someone_for_a_while_names_them() -> None:
    got = values("I'm married to Arlo for 12 years")
    assert got["family.spouse.name"] == "Arlo"


def test_a_lower_case_town_after_a_workplace_is_where_the_user_lives() -> None:
    got = values("i'm a barman at a pub in whitby")
    assert got["home_city"] == "Whitby" and got["employer"] == "a pub"
    assert "home_city" not in values("i'm a teacher at a school in history")


@pytest.mark.parametrize(
    "text",
    [
        "my hips are about ninety years old this morning",
        "my shoulders feel a hundred today",
        "our new intern is a literal ray of sunshine",
        "the work chat is on fire today",
        "i'm a total zombie until my second tea",
        "lol my dog thinks he's a cat",
        "running on two hours of sleep here",
        "been up since 4 with the baby",
        "the woman across from me on the bus is knitting a jumper",
        "my taxi driver was from lisbon",
        "my mate's sister just moved to lyon",
        "my boss's cat has its own instagram",
        "i'm soooo stuffed, that curry was massive",
        "i'm sweating, it's 30 degrees in the office",
        "I'm gonna lose the plot if the printer jams again",
        "I finally got five minutes to myself",
        "I got a spare hour for lunch today",
    ],
)
def test_chat_noise_stores_nothing(text: str) -> None:
    assert values(text) == {}


def test_a_card_keeps_a_town_said_near_and_drops_what_is_said_of_the_counted() -> None:
    got = values("kim, 33, welder just outside leeds. 3 cats, all little monsters")
    assert got["home_city"] == "Leeds" and got["job_title"] == "welder"
    assert "pet.cat" in got and not any("monster" in v for v in got.values())
    assert values("im a 40 yr old, overworked bus driver in york")["job_title"] == "bus driver"


def test_noise_rules_leave_real_facts_alone() -> None:
    assert values("My grandad is 91 years old") != {}
    assert values("My back hurts all the time, I have a slipped disc") != {}
    assert values("my friend Tom is a teacher") != {}


def test_a_student_keeps_the_subject_and_the_town() -> None:
    got = values("hey im bo, 20, uni student in hull studying physics")
    assert "physics" in got["education.student"]
    assert got["home_city"] == "Hull"
    got = values("I'm a phd student at Durham doing astrophysics")
    assert "astrophysics" in got["education.student"]


def test_chat_cards_with_labels_brackets_and_shorthand() -> None:
    got = values("ok intro time: fern, 41, glazier in sligo, married, 2 kids")
    assert got["name"] == "Fern" and got["age"] == "41" and got["job_title"] == "glazier"
    got = values("me? 33, lift operator, live in hamburg w my gf lena")
    assert got["age"] == "33" and got["job_title"] == "lift operator"
    assert got["home_city"] == "Hamburg"
    got = values("Jules, 35, tiler in Leeds. Married, 1 cat (Biscuit)")
    assert got["pet.cat.name"] == "Biscuit"
    got = values("hi im nell, 30, baker (yes, really) in ripon")
    assert got["home_city"] == "Ripon"
    got = values("hi im rue, 36, florist in wells, mum to twins")
    assert any(k.startswith("family.") and "twins" in v for k, v in got.items())
    assert values("i'm bea, age 58, live in york")["age"] == "58"


def test_a_fragment_after_an_introduction_is_a_job_said_alone() -> None:
    got = values("Hi, I'm Ola. Aged 44. Gunsmith. Live in Bath.")
    assert got["job_title"] == "gunsmith" and got["age"] == "44"


def test_a_job_word_is_a_name_among_the_users_people() -> None:
    got = values("We have two sons, Arjun and Dev")
    assert got["family.son.arjun.name"] == "Arjun" and got["family.son.dev.name"] == "Dev"
    assert values("my husband Dev is a chef")["family.husband.dev.name"] == "Dev"


def test_a_card_town_after_live_in_is_a_town_in_lower_case() -> None:
    got = values("Hiya! Im Rosa, 33, live in bergen, work as a welder")
    assert got["home_city"] == "Bergen" and got["job_title"] == "welder"


def test_a_card_job_living_in_a_two_word_town_and_a_parent_of_several() -> None:
    got = values("hi im ros, 61, retired nurse living in san jose")
    assert got["home_city"] == "San Jose" and got["job_title"] == "retired nurse"
    got = values("hey im pia, 40, stay at home mum of 4, we live in hobart")
    assert got["family.children"] == "The user has 4 kids." and got["home_city"] == "Hobart"


def test_a_sucker_for_something_has_no_job() -> None:
    """ "a sucker for …" is shaped like a worker's noun and followed by "for": no job."""
    found = extract_rules(TurnInput("honestly i'm such a sucker for salted caramel", NOW))
    assert not any(c.key == "job_title" for c in found), found


def test_a_card_town_after_a_count_of_several_is_no_childs_name() -> None:
    """Several counted are named by a list ("…, Bo and Cy"): one capitalised word after "two
    kids" is the card's next field (the town), never a child called so."""
    got = values("Meg, 38, three boys, Truro.")
    assert got.get("home_city") == "Truro"
    assert not [k for k in got if k.startswith("family.") and k.endswith(".name")]
    named = values("Meg, 38, two boys, Al and Ro, Truro.")
    assert named.get("family.son.ro.name") == "Ro"


def test_a_card_opened_by_an_age_or_a_job_reads_its_other_fragments() -> None:
    """ "61, widowed, one son called Ewan", "Plumber, work for Kier in Derby", "Baker by trade,
    been at Greggs six years", "…, based out of Hull"; a one-word aside after a job alone is no
    statement ("Lawyer, ugh.")."""
    got = values("61, widowed, one son called Ewan.")
    assert got.get("age") == "61" and got.get("family.son.name") == "Ewan"
    got = values("Plumber, work for Kier in Derby.")
    assert got.get("job_title") == "plumber" and got.get("employer") == "Kier"
    got = values("Baker by trade, been at Greggs six years.")
    assert got.get("job_title") == "baker" and got.get("employer") == "Greggs"
    got = values("Welder, freelance, based out of Hull.")
    assert got.get("home_city") == "Hull"
    assert values("Lawyer, ugh.") == {}
