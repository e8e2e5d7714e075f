"""The per-turn caps bound inferred facts, never the user's plain statements about themselves."""

from __future__ import annotations

from datetime import UTC, datetime

from memory_core.clock import ManualClock
from memory_core.extract.base import MAX_STATED_CANDIDATES, TurnInput
from memory_core.extract.rules import RulesExtractor, extract_rules
from memory_core.learn import policy
from memory_core.learn.arbitrate import RulesAuditor, cap_writes
from memory_core.learn.decisions import Insert, Proposal
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.values import Category
from tests.factories import candidate

USER = "console:marta"
NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def test_inferred_candidates_are_capped_and_stated_ones_are_not() -> None:
    inferred = [candidate(f"inferred_{i}", stated=False) for i in range(8)]
    stated = [candidate(f"stated_{i}", stated=True) for i in range(8)]
    kept = policy.bound_candidates(inferred + stated)
    assert sum(not c.stated for c in kept) == policy.MAX_CANDIDATES_PER_TURN
    assert [c.key for c in kept if c.stated] == [c.key for c in stated]


def test_stated_candidates_are_bounded_against_a_pasted_list() -> None:
    flood = [candidate(f"stated_{i}", stated=True) for i in range(MAX_STATED_CANDIDATES * 3)]
    assert len(policy.bound_candidates(flood)) == policy.MAX_STATED_PER_TURN


def test_write_cap_counts_only_inferred_writes() -> None:
    def insert(key: str) -> Insert:
        return Insert(Proposal(key, f"Marta's {key} is set.", Category.OTHER, 0.4))

    decisions = [insert(f"s{i}") for i in range(6)] + [insert(f"i{i}") for i in range(6)]
    capped = cap_writes(decisions, frozenset(f"s{i}" for i in range(6)))
    keys = [d.proposal.key for d in capped if isinstance(d, Insert)]
    assert keys == [f"s{i}" for i in range(6)] + [f"i{i}" for i in range(3)]


def test_rules_candidates_are_stated() -> None:
    found = extract_rules(TurnInput("I live in Oslo and I work as a nurse.", NOW))
    assert found and all(c.stated for c in found)


async def test_an_introduction_keeps_every_fact_it_states(
    memory: Memory, clock: ManualClock
) -> None:
    """Four plain statements in one turn become four facts (the old cap kept three)."""
    learner = Learner(memory, RulesExtractor(), RulesAuditor())
    observer = Observer(learner, poll_interval=0.05)
    observer.start()
    text = (
        "Hi there! I'm Marta, I'm a software engineer at Spotify and I live in Stockholm. "
        "I have a dog called Rex."
    )
    result = await observer.learn_now(Turn("t1", USER, "c1", text, clock.now(), user_name="Marta"))
    await observer.aclose()
    keys = {a.fact.key for a in result.applied if a.fact}
    assert {"name", "job_title", "employer", "home_city", "pet.dog.name"} <= keys
    stored = {f.key: f.value_text for f in await memory.list_facts(USER)}
    assert stored["home_city"] == "Marta lives in Stockholm."
