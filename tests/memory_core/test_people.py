"""The people around a user: their facts are grouped by person, filed under the person the
user named, linked to a person entity, and never become the user's own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from memory_core.clock import ManualClock
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import RulesExtractor, extract_rules
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.read.people import find_people, parse_key, people_of, rekey
from memory_core.values import Category
from tests.factories import candidate, fact

USER = "console:marta"
NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
R = Category.RELATIONSHIP


def test_person_keys_are_taken_apart() -> None:
    assert parse_key("family.brother.marco.home") is not None
    named = parse_key("family.brother.marco.home")
    assert named is not None and (named.relation, named.name, named.attribute) == (
        "brother",
        "marco",
        "home",
    )
    unnamed = parse_key("family.sister.home")
    assert unnamed is not None and (unnamed.name, unnamed.attribute) == (None, "home")
    bare = parse_key("person.marco.job")
    assert bare is not None and (bare.relation, bare.name, bare.attribute) == (None, "marco", "job")
    assert parse_key("home_city") is None and parse_key("pet.dog.name") is None


def test_facts_about_one_person_are_joined_whatever_their_keys() -> None:
    facts = [
        fact(1, "Marta's sister is named Eva.", R, key="family.sister.name", value="Eva"),
        fact(2, "Marta's sister Eva lives in Rome.", R, key="family.sister.eva.home", value="Rome"),
        fact(3, "Eva is a chef.", R, key="person.eva.job", value="chef"),
        fact(4, "Marta's wife is named Ana.", R, key="family.wife.ana.name", value="Ana"),
        fact(5, "Marta's mom is a teacher.", R, key="family.mother.job"),
        fact(6, "Marta lives in Oslo.", Category.IDENTITY, key="home_city", value="Oslo"),
    ]
    people = people_of(facts)
    assert [(p.name, p.relation) for p in people] == [
        ("Eva", "sister"),
        ("Ana", "wife"),
        (None, "mother"),
    ]
    eva = people[0]
    assert [f.id for f in eva.facts] == [1, 2, 3]
    assert [f.id for f in eva.attribute("job")] == [3]
    assert find_people(people, name="eva") == [eva]
    assert find_people(people, relation="mom") == [people[2]]
    assert find_people(people, relation="sisters") == [eva]


def test_an_unnamed_relatives_facts_go_to_the_only_one_named() -> None:
    facts = [
        fact(1, "Marta's brother is named Leo.", R, key="family.brother.name", value="Leo"),
        fact(2, "Marta's brother lives in Madrid.", R, key="family.brother.home", value="Madrid"),
    ]
    (leo,) = people_of(facts)
    assert leo.name == "Leo" and [f.id for f in leo.facts] == [1, 2]


def test_a_bare_name_is_filed_under_the_person_the_user_named() -> None:
    known = [fact(1, "Marta's brother is named Marco.", R, key="family.brother.marco.name")]
    found = rekey([candidate("person.marco.job", "Marco is a chef.", R, value="chef")], known)
    assert [c.key for c in found] == ["family.brother.marco.job"]
    single = [fact(1, "Marta's brother is named Leo.", R, key="family.brother.name", value="Leo")]
    found = rekey([candidate("person.leo.home", "Leo lives in Rome.", R)], single)
    assert [c.key for c in found] == ["family.brother.leo.home"]
    # Someone never introduced stays a person of their own.
    found = rekey([candidate("person.bob.job", "Bob is a chef.", R)], known)
    assert [c.key for c in found] == ["person.bob.job"]


def test_a_name_said_again_in_passing_is_the_same_naming_fact() -> None:
    single = [fact(1, "Marta's brother is named Leo.", R, key="family.brother.name", value="Leo")]
    again = candidate("family.brother.leo.name", "Marta's brother is named Leo.", R, value="Leo")
    assert [c.key for c in rekey([again], single)] == ["family.brother.name"]
    named = [fact(1, "…", R, key="family.brother.leo.name", value="Leo")]
    called = candidate("family.brother.name", "Marta's brother is named Leo.", R, value="Leo")
    assert [c.key for c in rekey([called], named)] == ["family.brother.leo.name"]


async def test_learning_files_a_third_party_under_them_and_links_a_person_entity(
    memory: Memory, clock: ManualClock
) -> None:
    observer = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.05)
    observer.start()
    lines = ["My brother Marco lives in Rome.", "Marco is a chef.", "My wife Ana is a nurse."]
    for n, line in enumerate(lines):
        await observer.learn_now(Turn(f"t{n}", USER, "c1", line, clock.now(), user_name="Marta"))
        clock.advance(minutes=1)
    await observer.aclose()
    keys = {f.key for f in await memory.list_facts(USER)}
    assert {"family.brother.marco.home", "family.brother.marco.job", "family.wife.ana.job"} <= keys
    assert not keys & {"job_title", "home_city", "employer"}  # never the user's own
    with memory.db.read() as conn:
        linked = conn.execute(
            text(
                "SELECT f.key FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
                "JOIN facts f ON f.id = me.item_id WHERE e.type = 'person' "
                "AND e.canonical_name = 'marco' AND me.user_id = :u"
            ),
            {"u": USER},
        ).all()
    assert {r[0] for r in linked} >= {"family.brother.marco.home", "family.brother.marco.job"}


def test_one_naming_fact_per_person_in_a_turn() -> None:
    found = rekey(
        [
            candidate("people.friend.name", "Marta's friend is named Tom.", R, value="Tom"),
            candidate("people.friend.tom.name", "Marta's friend is named Tom.", R, value="Tom"),
            candidate("people.friend.tom.home", "Marta's friend Tom lives in Oslo.", R),
        ],
        [],
    )
    assert [c.key for c in found] == ["people.friend.name", "people.friend.tom.home"]


@pytest.mark.parametrize(
    "text",
    [
        "Brother lives in England.",  # a relation typed without "my"
        "Family lives in England.",
        "Stephen King is a favorite author.",  # a judgement, not a job
        "Paris is a beautiful city.",
        "I have a mom, dad and brother.",  # relations, not names
        "MY MOM IS A PRO TENNIS PLAYER.",  # shouting, not a name
        "My mom Inspires me.",
        "Marta is a software engineer.",  # the user herself
    ],
)
def test_no_one_is_made_up(text: str) -> None:
    found = extract_rules(TurnInput(text, NOW, user_name="Marta"))
    assert not [c.key for c in found if c.key.startswith("person.") or c.key.endswith(".name")]


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("Marco is a chef.", {"person.marco.job"}),
        ("Marco works at Google.", {"person.marco.employer"}),
        ("Marco lives in Rome.", {"person.marco.home"}),
        ("Marco is 34.", {"person.marco.age"}),
        ("Marco is my brother.", {"family.brother.marco.name"}),
        (
            "My brother Marco lives in Rome. He works at Google.",
            {
                "family.brother.marco.name",
                "family.brother.marco.home",
                "family.brother.marco.employer",
            },
        ),
        ("I have a son and he is a pilot.", {"family.son", "family.son.job"}),
    ],
)
def test_someone_named_gets_their_own_facts(text: str, keys: set[str]) -> None:
    assert {c.key for c in extract_rules(TurnInput(text, NOW, user_name="Marta"))} == keys


def test_a_possessive_or_an_initial_is_the_same_person() -> None:
    """ "Aoife", "Aoife's", "Aoife S": one sister (issue 23 item 7)."""
    from memory_core.read import entities
    from memory_core.read.people import rekey, same_name
    from tests import factories

    assert same_name("aoife_s", ["aoife", "tom"]) == "aoife"
    assert same_name("aoife", ["aoife"]) == "aoife"
    assert same_name("tom_b", ["aoife"]) is None
    assert [e.canonical for e in entities.extract("I met Aoife’s friend and Aoife's dog")] == [
        "aoife"
    ]
    sister = factories.fact(
        1, "The user's sister is named Aoife.", key="family.sister.aoife.name", value="Aoife"
    )
    later = [
        factories.candidate("person.aoife_s.birthday", "Aoife S's birthday is on 3 May."),
        factories.candidate("family.sister.aoife_s.job", "The user's sister is a nurse."),
    ]
    assert [c.key for c in rekey(later, [sister])] == [
        "family.sister.aoife.birthday",
        "family.sister.aoife.job",
    ]


def test_a_possessive_is_no_part_of_a_name() -> None:
    """ "My brother Cian's birthday …", "Cian's birthday …": the person is Cian, never "Cian S",
    and the birthday is his (issue 23, item 7: one person per name)."""
    from datetime import UTC, datetime

    from memory_core.extract.base import TurnInput
    from memory_core.extract.rules import extract_rules

    now = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)

    def keys(text: str) -> dict[str, str]:
        return {c.key: c.value_text for c in extract_rules(TurnInput(user_text=text, time=now))}

    own = keys("My brother Cian's birthday is on 12 August")
    assert (
        own.get("family.brother.cian.birthday")
        == "The user's brother Cian's birthday is on 12 August."
    )
    assert all("cian_s" not in k for k in own), own
    assert keys("I visited my brother Cian's new flat") == {
        "family.brother.cian.name": "The user's brother is named Cian."
    }
    bare = keys("Cian's birthday is on the 12th of August")
    assert bare.get("person.cian.birthday") == "Cian's birthday is on 12 August.", bare


def test_a_name_asked_in_lower_case_is_one_the_user_told() -> None:
    """ "how old is rory": a question written all in lower case names a told person too (it
    was read as about the world: "I can't look that up"); a word no memory names is none."""
    from memory_core.read.people import names_someone_told

    told = ["My nephew Rory is 14 and plays rugby."]
    assert names_someone_told("how old is rory", told)
    assert names_someone_told("wie alt ist rory jetzt", told)
    assert not names_someone_told("how old is the universe", told)
    assert not names_someone_told("How old is the universe?", told)


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("My husband, Ravi, is a sous-chef in a hotel kitchen.", "family.husband.ravi.job"),
        ("My aunt Bea is a head-teacher.", "family.aunt.bea.job"),
        ("Tomasz is a sous-chef.", "person.tomasz.job"),
        ("I'm a sous-chef.", "job_title"),
    ],
)
def test_a_hyphenated_job_is_a_job(said: str, key: str) -> None:
    """ "sous-chef", "head-teacher": the job of the compound's last part (h-walk16: the
    partner's was keyed by its words, "…sous_chef_seafood_place", and "what's his job?" was
    answered "I don't know that about … yet — only that … is a sous-chef")."""
    found = extract_rules(TurnInput(said, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim"))
    assert key in [c.key for c in found], [c.key for c in found]
