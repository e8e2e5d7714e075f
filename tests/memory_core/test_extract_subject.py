"""Terse and household statements ("Support Hull City.", "we're big Packers fans"): read as
the first person says them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.extract.subject import restored

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def _read(text: str) -> dict[str, str]:
    return {c.key: c.value_text for c in extract_rules(TurnInput(text, NOW))}


@pytest.mark.parametrize(
    ("said", "key", "words"),
    [
        ("Brother's name is Sam.", "family.brother.name", "Sam"),
        ("Daughter is Mia.", "family.daughter.name", "Mia"),
        ("Dog's name is Rex.", "pet.dog.name", "Rex"),
        ("One brother, Sam.", "family.brother.name", "Sam"),
        ("Our eldest is called Rory.", "family.child.name", "Rory"),
        ("we've got a bearded dragon called Ziggy", "pet.bearded_dragon.name", "Ziggy"),
        ("born in tucson", "origin.birthplace", "Tucson"),
        ("raised in Ohio", "origin", "Ohio"),
        ("we live in Perth", "home_city", "Perth"),
        # Chat and British household shorthand (the fourth blind walk's class).
        ("favourite film is Heat", "favorite.film", "Heat"),
        ("There's a little terrier named Rab that sleeps on my bed.", "pet.dog.name", "Rab"),
        ("We've two cats, Tig and Pip.", "pet.cat.tig.name", "Tig"),
    ],
)
def test_a_terse_or_household_statement_fills_its_slot(said: str, key: str, words: str) -> None:
    found = _read(said)
    assert key in found and words in found[key], found


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("Support Hull City.", "supports Hull City"),
        ("we're big Packers fans", "big Packers fan"),
        ("We've lived in Derby for years.", "lives in Derby"),
        ("tryna learn the drums", "learn the drums"),
        ("obsessed with crochet", "obsessed with crochet"),
        ("The husband's called Dev.", "Dev"),
        ("You can't beat a bowl of ramen.", "loves ramen"),
        ("Nothing beats a good curry.", "loves curry"),
    ],
)
def test_a_terse_or_household_statement_is_kept(said: str, words: str) -> None:
    assert any(words in v for v in _read(said).values()), _read(said)


@pytest.mark.parametrize(
    "said",
    [
        "Fish is my second favourite food.",
        "Support is hard to find.",
        "Our house is a mess.",
        "We went to the park.",
        "we're all tired",
        "Got it.",
        "Favourite thing is that it works.",
        "Favourite part is when they sing.",
        "You can't beat them.",
        "There's a dog called Rex next door.",
    ],
)
def test_what_is_no_terse_statement_stays_unread(said: str) -> None:
    assert _read(said) == {}


def test_a_moment_or_a_full_sentence_is_left_as_said() -> None:
    """The rewrite is for what leaves its subject out, never for an event of a day."""
    for said in ("Got a rabbit last week.", "I support Hull City.", "My dog is Rex."):
        assert restored(said) == said
    assert restored("Support Hull City.") == "I support Hull City."


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("I support Arsenal.", "sport.arsenal"),
        ("I root for the Cubs.", "sport.cubs"),
        ("I've supported Leeds since I was six.", "sport.supported_leeds_since"),
        ("I'm a lifelong Celtic supporter.", "sport.lifelong_celtic_supporter"),
        ("I'm a huge NBA fan.", "sport.huge_nba_fan"),
    ],
)
def test_the_team_one_supports_is_a_sport(said: str, key: str) -> None:
    """A team the user supports is filed under sport, where a question about teams looks."""
    assert key in _read(said), _read(said)


@pytest.mark.parametrize(
    "said", ["I support my sister.", "I'm a huge Beatles fan.", "I don't support Chelsea."]
)
def test_what_is_no_team_is_no_sport(said: str) -> None:
    assert not [k for k in _read(said) if k.startswith("sport.")], _read(said)


@pytest.mark.parametrize(
    ("said", "city"),
    [
        ("I've lived in Derby for about six years now.", "Derby"),
        ("We have lived in Graz since 2019.", "Graz"),
        ("I've been living in Kyoto since March.", "Kyoto"),
    ],
)
def test_lived_somewhere_for_years_is_the_home(said: str, city: str) -> None:
    found = extract_rules(TurnInput(said, NOW))
    assert [c.value for c in found if c.key == "home_city"] == [city], found


def test_lived_somewhere_once_is_no_home() -> None:
    assert "home_city" not in _read("I've lived in Spain.")


@pytest.mark.parametrize(
    ("said", "keys"),
    [
        ("my daughter is called Ellie shes 4", {"family.daughter.name", "family.daughter.age"}),
        ("My son's name is Leo he just turned 3", {"family.son.name", "family.son.age"}),
        ("my sis Anna is a nurse", {"family.sister.anna.name", "family.sister.anna.job"}),
    ],
)
def test_chat_run_ons_and_short_kin_words(said: str, keys: set[str]) -> None:
    """No comma before "she's", no apostrophe in "shes", "sis" for sister: read all the same."""
    assert keys <= set(_read(said)), _read(said)


def test_after_work_is_when_not_a_job() -> None:
    assert not [k for k in _read("I swim most days after work.") if k.startswith("work")]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Gave up dairy last spring and honestly don't miss it", "food_restriction.dairy"),
        ("Stopped eating pork last year.", "food_restriction.pork"),
        ("cut out gluten a while back, feel loads better", "food_restriction.gluten"),
        ("Went vegan in 2023 after a documentary.", ""),
    ],
)
def test_a_change_of_diet_said_without_i_is_the_users(said: str, key: str) -> None:
    """ "Gave up dairy …", "Stopped eating pork …", "Went vegan …": a change of diet with its
    "I" left out is read as the user's (nothing was kept)."""
    found = _read(said)
    assert found, said
    if key:
        assert any(k.startswith(key) for k in found), found


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("cant stand beetroot, never have", "dislikes.beetroot"),
        ("Cannot stand reality TV.", "dislikes.reality_tv"),
        ("can't bear musicals tbh", "dislikes.musicals"),
        ("not a fan of sushi", "dislikes.sushi"),
        ("not really into golf", "dislikes.golf"),
    ],
)
def test_a_dislike_said_without_i_is_the_users(said: str, key: str) -> None:
    assert key in _read(said), _read(said)


@pytest.mark.parametrize(
    ("said", "liked", "disliked"),
    [
        ("love techno, hate country", "likes.techno", "dislikes.country"),
        ("I like pears but hate plums", "likes.pears", "dislikes.plums"),
    ],
)
def test_a_like_then_a_dislike_in_one_line_are_two_tastes(
    said: str, liked: str, disliked: str
) -> None:
    found = _read(said)
    assert liked in found and disliked in found, found
    assert not any(k.startswith("likes.hate") for k in found), found


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("I can't stand celery, it's stringy", "dislikes.celery"),
        ("i love paddleboarding, its so relaxing", "likes.paddleboarding"),
        ("cant stand jazz fusion, never could", "dislikes.jazz_fusion"),
        ("i'm not really a fan of westerns", "dislikes.westerns"),
    ],
)
def test_a_remark_after_a_taste_is_no_second_taste(said: str, key: str) -> None:
    found = _read(said)
    assert set(found) == {key}, found
