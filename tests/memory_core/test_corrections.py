"""Corrections that land: "Tom is a lecturer, not a teacher", "Actually I'm a nurse, not a
doctor", "I moved in 2024, not 2023" change the right fact (through the write policy: a
confident or high-risk fact is asked about) and its date; the negated alternative and a
greeting before the correction are never stored."""

from __future__ import annotations

from datetime import UTC, datetime

from memory_core.clock import ManualClock
from memory_core.extract.corrections import corrected, without_negation
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
