"""English statements as people type them in chat (issue 23, session 7): shorthand and emoji in
an introduction, the user's people said in the third person, a pregnancy said by its weeks,
birthplace beside where the user grew up, a stray comma, and chat noise that stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.clock import ManualClock
from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.introductions import tidy_chat
from memory_core.extract.rules import RulesExtractor, extract_rules
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.read.people import rekey
from memory_core.values import SearchFilters, Status

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
USER = "console:dora"


def facts(text: str) -> dict[str, Candidate]:
    return {c.key: c for c in extract_rules(TurnInput(text, NOW))}


def values(text: str) -> dict[str, str]:
    return {k: (c.value or c.value_text) for k, c in facts(text).items()}


def test_chat_shorthand_is_said_in_full() -> None:
    assert tidy_chat("heyy 👋 im dora, 44. got a cat named pip 🐱").endswith(
        "I've got a cat named pip"
    )
    assert (
        tidy_chat("married w/ 2 kids, nurse @ st james") == "married with 2 kids, nurse at st james"
    )
    assert tidy_chat("33yo, chef") == "33, chef"
    assert tidy_chat("my sister nuala is called", lowercase=True).startswith("my sister Nuala")
    assert tidy_chat("my dad always says", lowercase=True) == "my dad always says"
    assert tidy_chat("My dad Always") == "My dad Always"  # capitals are the user's own


def test_a_lower_case_card_with_emoji_keeps_every_fact() -> None:
    got = values("heyy 👋 im dora, 44, florist in bath. got a cat called pip 🐱")
    assert got == {
        "name": "Dora",
        "age": "44",
        "job_title": "florist",
        "home_city": "Bath",
        "pet.cat.name": "Pip",
    }


def test_a_pregnancy_said_by_its_weeks_is_kept_private() -> None:
    for text in ("I'm 8 weeks along", "im 12 weeks pregnant!", "We're expecting our first"):
        preg = facts(text)["health.pregnancy"]
        assert preg.sensitive, text
    assert "health.pregnancy" not in facts("I'm 3 weeks along in my training plan")


def test_a_stray_comma_joins_what_describes_the_worker() -> None:
    got = facts("I am a young, novelist.")
    assert got["job_title"].value == "novelist"
    assert not any("a young." in c.value_text for c in got.values())


def test_birthplace_and_where_the_user_grew_up_are_two_slots() -> None:
    assert values("Fun fact: I was born in Nairobi") == {"origin.birthplace": "Nairobi"}
    assert values("I grew up in Glasgow") == {"origin": "Glasgow"}
    assert values("I was born in Lima but grew up in Madrid") == {
        "origin.birthplace": "Lima",
        "origin": "Madrid",
    }
    assert values("I was born and raised in Cork") == {"origin": "Cork"}


def test_the_users_people_said_in_the_third_person() -> None:
    assert values("my sister Aoife just turned 30")["family.sister.aoife.age"] == "30"
    assert values("my dad is 68 and lives in Sligo") == {
        "family.father.age": "68",
        "family.father.home": "Sligo",
    }
    assert values("Kev's partner is Jo") == {"person.kev.partner": "Jo"}
    assert "person.ayesha.likes_sushi" in facts("Ayesha likes sushi")
    assert not facts("Tom is on the phone")


def test_only_people_the_user_named_keep_more_than_who_they_are() -> None:
    """A stranger's tastes or anyone named in full is dropped; a first name's job is kept (a
    later correction finds it); a known person's fact is filed under them."""
    said = [
        *facts("Ayesha likes sushi").values(),
        *facts("Taylor Swift lives in Nashville").values(),
        *facts("Tom is a teacher").values(),
    ]
    assert [c.key for c in rekey(said, ())] == ["person.tom.job"]
    flatmate = facts("My flatmate Ayesha is lovely").values()
    filed = rekey([*flatmate, *facts("Ayesha likes sushi").values()], [])
    assert "people.flatmate.ayesha.likes_sushi" in [c.key for c in filed]


@pytest.mark.parametrize(
    "text",
    [
        'my nan always says "I\'m too old for this"',
        'he said "I\'m moving to Spain next year"',
        "wow, great, the dishwasher broke again",
        "I'm dead tired lol",
        "my head is completely fried",
        "my phone is older than my nan",
        "I'm drowning in paperwork",
        "I'm the king of naps",
        "Taylor Swift lives in Nashville",
    ],
)
def test_chat_noise_stores_nothing(text: str) -> None:
    kept = rekey(list(facts(text).values()), ())
    assert not kept, [c.value_text for c in kept]


async def _say(memory: Memory, clock: ManualClock, n: int, text: str) -> None:
    clock.advance(minutes=1)
    observer = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.05)
    await observer.observe(Turn(f"t{n}", USER, "c1", text, clock.now(), user_name="Dora"))
    observer.start()
    await observer.drain()
    await observer.aclose()


async def test_a_birthplace_raises_no_conflict_and_a_named_persons_taste_is_theirs(
    memory: Memory, clock: ManualClock
) -> None:
    await _say(memory, clock, 1, "I grew up in Glasgow.")
    await _say(memory, clock, 2, "Fun fact: I was born in Nairobi")
    await _say(memory, clock, 3, "My flatmate is called Ayesha.")
    await _say(memory, clock, 4, "Ayesha likes sushi. Rihanna likes sushi too.")
    kept = await memory.list_facts(USER, SearchFilters(statuses=(Status.ACTIVE, Status.PENDING)))
    by_key = {f.key: f for f in kept}
    assert by_key["origin"].status == Status.ACTIVE and "Glasgow" in by_key["origin"].value_text
    assert by_key["origin.birthplace"].status == Status.ACTIVE
    assert all(f.status == Status.ACTIVE for f in kept), [f.value_text for f in kept]
    assert "people.flatmate.ayesha.likes_sushi" in by_key, sorted(by_key)
    assert not any("rihanna" in k for k in by_key), sorted(by_key)
