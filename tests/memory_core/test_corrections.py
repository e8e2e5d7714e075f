"""Corrections that land: "Tom is a lecturer, not a teacher", "Actually I'm a nurse, not a
doctor", "I moved in 2024, not 2023" change the right fact (through the write policy: a
confident or high-risk fact is asked about) and its date; the negated alternative and a
greeting before the correction are never stored."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.clock import ManualClock
from memory_core.extract.base import TurnInput
from memory_core.extract.corrections import (
    before_apology,
    corrected,
    self_corrected,
    without_negation,
)
from memory_core.extract.replacements import replacements
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.values import SearchFilters, Status

USER = "console:niamh"


async def _say(memory: Memory, clock: ManualClock, n: int, text: str) -> None:
    clock.advance(minutes=1)
    observer = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.05)
    await observer.observe(Turn(f"t{n}", USER, "c1", text, clock.now(), user_name="Niamh"))
    observer.start()
    await observer.drain()
    await observer.aclose()


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("I live in Leeds, wait no, I moved to York in May.", "I moved to York in May."),
        ("I speak Dutch, sorry, I meant Danish.", "I speak Danish."),
        ("We have two dogs, actually three.", "We have three dogs."),
        ("We have a dog, actually two dogs.", "We have two dogs."),
        ("I drive a Honda Civic, actually it's a Honda Jazz.", "I drive a Honda Jazz."),
        ("I'm a teacher — no, a lecturer.", "I'm a lecturer."),
        ("I was born in 1988, actually in 1989.", "I was born in 1989."),
        ("I follow Chelsea, well, Fulham really.", "I follow Fulham."),
        ("I'm into running — well, trail running really.", "I'm into trail running."),
        ("My son is called Ben, no wait, it's Sam.", "My son is called Sam."),
        ("I work at a bakery, or rather a patisserie.", "I work at a patisserie."),
        (
            "My anniversary is the 4th of May — not the 14th, nobody remembers.",
            "My anniversary is the 4th of May.",
        ),
    ],
)
def test_a_correction_inside_the_sentence_keeps_what_was_meant(said: str, meant: str) -> None:
    """ "X, wait no, Y", "X, sorry, I meant Y", "X — no, Y", "X, well, Y really": the
    speaker's own second word is the fact (the first was kept, the second lost)."""
    assert self_corrected(said) == meant


@pytest.mark.parametrize(
    "said",
    [
        "I paint, well, I try.",
        "We have two kids, no pets.",
        "I work at Tesco, no idea why.",
        "I love hiking, I mean really love it.",
        "I like dogs, actually I love them.",
        "I'm a nurse, actually.",
        "No, I live in Paris.",
        "Sorry, I'm late.",
        "Actually, no, I work in Leeds — I got that wrong.",
    ],
)
def test_what_corrects_nothing_is_left_as_said(said: str) -> None:
    assert self_corrected(said) == said


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("We bought a flat in Derby — sorry, I'm half asleep.", "We bought a flat in Derby."),
        ("I teach yoga, sorry, my brain is fried today.", "I teach yoga."),
        # A correction, or no apology at all: nothing to keep before it.
        ("I live in Hull, sorry, I moved to Selby.", None),
        ("I live in Hull, sorry, I'm in Selby now.", None),
        ("Sorry, I'm tired.", None),
    ],
)
def test_a_sorry_that_excuses_the_speaker_keeps_the_statement_before_it(
    said: str, meant: str | None
) -> None:
    """ "X — sorry, I'm half asleep" was read as a self-correction to "I'm half asleep": the
    statement was lost."""
    assert before_apology(said) == meant


async def test_a_self_correction_keeps_the_second_word(memory: Memory, clock: ManualClock) -> None:
    await _say(memory, clock, 1, "I speak Swedish, sorry, I meant Norwegian.")
    facts = await memory.list_facts(USER, SearchFilters(statuses=(Status.ACTIVE, Status.PENDING)))
    said = " ".join(f.value_text for f in facts)
    assert "Norwegian" in said and "Swedish" not in said, said


def test_the_negated_alternative_is_no_part_of_the_statement() -> None:
    assert without_negation("Tom is a lecturer, not a teacher.") == "Tom is a lecturer."
    assert without_negation("I'm not a doctor.") == "I'm not a doctor."
    assert corrected("Actually I'm a nurse, not a doctor.") == "I'm a nurse."
    assert corrected("I used to collect stamps, but not anymore.").endswith("not anymore.")
    assert corrected("No one knows I won the lottery.") == "No one knows I won the lottery."
    assert corrected("I am not a good singer but I like to sing.").startswith("I am not a good")
    assert corrected("I live in Leeds.") == "I live in Leeds."


def test_a_correction_said_with_other_leads_is_read_without_them() -> None:
    """ "Sorry, I meant …", "Scratch that, …", "My bad — …", "To be clear: …": the lead goes,
    the statement stays (and "I mean it" is no lead)."""
    assert corrected("Sorry, I meant I work at Deloitte.") == "I work at Deloitte."
    assert corrected("Scratch that, my sister lives in Leeds") == "My sister lives in Leeds"
    assert corrected("My bad — my cat is called Miso.") == "My cat is called Miso."
    assert corrected("To be clear: I'm 34, not 43.") == "I'm 34."
    assert corrected("I meant to call you yesterday.") == "I meant to call you yesterday."


async def test_a_correction_changes_the_right_fact_and_its_date(
    memory: Memory, clock: ManualClock
) -> None:
    await _say(memory, clock, 1, "I moved to Dublin in 2023.")
    await _say(memory, clock, 2, "Tom is a teacher.")
    await _say(
        memory, clock, 3, "Hiya, it's Niamh again. Actually we moved in 2024, not last year."
    )
    await _say(memory, clock, 4, "Tom is a lecturer, not a teacher.")
    facts = await memory.list_facts(USER, SearchFilters(statuses=(Status.ACTIVE, Status.PENDING)))
    by_key = {f.key: f for f in facts}
    assert set(by_key) == {"home_city", "person.tom.job"}, [f.value_text for f in facts]
    home = by_key["home_city"]
    assert "Dublin" in home.value_text and home.status == Status.ACTIVE
    assert home.valid_from == datetime(2024, 1, 1, tzinfo=UTC)
    tom = [f for f in facts if f.key == "person.tom.job"]
    assert [f.value_text for f in tom] == ["Tom is a lecturer."]
    assert not any("Hiya" in f.value_text or "Niamh again" in f.value_text for f in facts)
    history = await memory.history(USER, fact_id=home.id)
    assert history[-1].reason == "date corrected"


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        ("Not Oslo but Bergen, we changed our minds.", "Oslo", "Bergen"),
        ("Wir fliegen nicht nach Rom, sondern nach Neapel.", "Rom", "Neapel"),
        ("No a Bilbao sino a Oviedo.", "Bilbao", "Oviedo"),
        ("Pas à Dijon mais à Metz.", "Dijon", "Metz"),
        ("Не в Тверь, а в Псков.", "Тверь", "Псков"),
        ("The bike is a 2019, not a 2017.", "2017", "2019"),
        ("Five rabbits, not three.", "three", "Five"),
        ("Vier Hunde, nicht drei.", "drei", "Vier"),
        ("Tres conejos, no dos.", "dos", "Tres"),
        ("My aunt moved from Derby to Hull now.", "Derby", "Hull"),
        ("Mein Onkel ist von Ulm nach Jena gezogen.", "Ulm", "Jena"),
        ("Mi tía se mudó de Cádiz a Vigo.", "Cádiz", "Vigo"),
        ("Mon oncle a déménagé de Pau à Tours.", "Pau", "Tours"),
        ("Мой брат переехал из Твери в Псков.", "Твери", "Псков"),
        ("Not two hamsters but three.", "two", "three"),
        ("Nicht zwei Ponys, sondern drei.", "zwei", "drei"),
        ("Das Boot ist ein 2016er, nicht 2015.", "2015", "2016"),
        ("Meine Tante wohnt jetzt in Jena, nicht mehr in Gera.", "Gera", "Jena"),
    ],
)
def test_a_correction_said_alone_names_the_words_it_replaces(said: str, old: str, new: str) -> None:
    """Days later, on its own: the old value and the new one (the learner finds the fact)."""
    (rep,) = replacements(said)
    assert (rep.old, rep.new) == (old, new)


@pytest.mark.parametrize(
    ("said", "name", "age"),
    [
        ("Nora is already 9 now.", "Nora", "9"),
        ("Tim ist jetzt schon zwölf.", "Tim", "12"),
        ("Lucía ya tiene ocho.", "Lucía", "8"),
        ("Léo a déjà 7 ans.", "Léo", "7"),
        ("Пете уже 10.", "Пете", "10"),
        ("Nora's already 9.", "Nora", "9"),
    ],
)
def test_an_age_said_again_names_whose_age_and_the_new_number(
    said: str, name: str, age: str
) -> None:
    (rep,) = replacements(said)
    assert (rep.old, rep.name, rep.new) == (None, name, age)


@pytest.mark.parametrize(
    "said",
    [
        "I like not only cats but also dogs.",
        "I'm not sure but I think so.",
        "I live in Leeds.",
        "We moved in 2024.",
        "Is it three cats, not two?",
        "He's already 16 now.",
        "I'm 40 now.",
    ],
)
def test_what_replaces_nothing_names_nothing(said: str) -> None:
    assert replacements(said) == []


def test_a_relative_who_moved_names_the_relative() -> None:
    (rep,) = replacements("My sister moved from Bristol to Cardiff now.")
    assert rep.relation == "sister"


def test_an_age_said_again_of_a_relative_names_the_relative() -> None:
    (rep,) = replacements("Моему сыну уже 10 лет.")
    assert (rep.relation, rep.name, rep.new) == ("son", None, "10")


@pytest.mark.parametrize(
    ("said", "old", "name", "new"),
    [
        # a correction's lead in every language is no part of it (it hid the correction)
        ("Небольшая поправка: Мише уже 12.", None, "Мише", "12"),
        ("Kleine Korrektur: Tim ist jetzt schon elf.", None, "Tim", "11"),
        ("Oups, correction : pas à Brest mais à Rennes.", "Brest", None, "Rennes"),
        ("Ay, me equivoqué: no a Lugo sino a Soria.", "Lugo", None, "Soria"),
        # the new value alone after a lead: "not X, <a clause ending in Y>"
        ("Me confundí: no es alemán, estudio sueco.", "alemán", None, "sueco"),
        ("Ich hab mich vertan: nicht Tennis, ich spiele Badminton.", "Tennis", None, "Badminton"),
        # digits against digits need no comma; a verb after a name is no part of it
        ("I told you the wrong model, the van is a 2019 not 2017.", "2017", None, "2019"),
        ("Ой, поправка: не в Анапу, а в Ейск поедем.", "Анапу", None, "Ейск"),
        ("Not Bogotá but Rio de Janeiro.", "Bogotá", None, "Rio de Janeiro"),
    ],
)
def test_a_correction_in_any_language_names_what_it_replaces(
    said: str, old: str | None, name: str | None, new: str
) -> None:
    (rep,) = replacements(said)
    assert (rep.old, rep.name, rep.new) == (old, name, new)


@pytest.mark.parametrize(
    "said",
    [
        "Ой, как я устала.",
        "No es grave, estoy bien.",
        "not bad, I've been busy",
        "Ach, jetzt weiß ich es.",
    ],
)
def test_no_lead_no_new_clause_correction(said: str) -> None:
    assert replacements(said) == []


def test_a_remark_after_the_old_value_is_no_part_of_it() -> None:
    """ "…, pas à Nancy, je confonds tout le temps": the remark after "not X" hid the
    correction (session 13, the eighth walk); the old value is still read."""
    from memory_core.extract.replacements import replacements

    said = replacements("Petite correction : Malo étudie à Metz, pas à Nancy, je confonds tout.")
    assert [(r.old, r.new) for r in said] == [("Nancy", "Metz")]
    # ... and a count corrected before a remark too.
    assert [(r.old, r.new) for r in replacements("Four hens, not three, silly me.")] == [
        ("three", "Four")
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Actually I'm a nurse now, and I love the night shifts.",
        "Actually I'm a nurse now and I love the night shifts.",
    ],
)
async def test_a_correction_with_more_said_is_no_card(said: str) -> None:
    """ "Actually I'm a nurse now, and …" was read as an introduction card: the job "an
    actually I'm a nurse now" (a trait), not the job "nurse"."""
    when = datetime(2026, 3, 1, tzinfo=UTC)
    found = await RulesExtractor().extract(TurnInput(user_text=said, time=when))
    assert {(c.key, c.value) for c in found if not c.key.startswith("likes.")} == {
        ("job_title", "nurse")
    }
    assert all("actually" not in c.value_text.lower() for c in found)
