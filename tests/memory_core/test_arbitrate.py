"""Arbitration is pure: candidates × known facts → decisions, with the guardrails enforced."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial

import pytest

from memory_core.extract.base import TurnInput
from memory_core.learn import policy
from memory_core.learn.arbitrate import cap_writes, decide_one, enforce, partner_keys
from memory_core.learn.decisions import (
    Expire,
    Insert,
    Noop,
    Pending,
    Proposal,
    Supersede,
    Update,
    action_hash,
)
from memory_core.learn.llm_auditor import LLMAuditor
from memory_core.llm import ToolCall, Usage
from memory_core.values import Category, Status
from tests import factories

NOW = datetime(2026, 5, 3, 12, 0, tzinfo=UTC)


#: This file's defaults: identity facts at first-mention confidence, and identity candidates.
fact = partial(factories.fact, category=Category.IDENTITY, confidence=0.4)
candidate = partial(factories.candidate, category=Category.IDENTITY)


def test_new_key_is_inserted_at_first_mention_confidence() -> None:
    d = decide_one(
        candidate("home_city", "Ana lives in Berlin.", value="Berlin"), [], explicit=False, now=NOW
    )
    assert isinstance(d, Insert)
    assert d.proposal.confidence == policy.FIRST_MENTION


def test_explicit_remember_starts_at_095() -> None:
    d = decide_one(
        candidate("home_city", "Ana lives in Berlin.", value="Berlin"), [], explicit=True, now=NOW
    )
    assert isinstance(d, Insert) and d.proposal.confidence == policy.EXPLICIT


def test_repetition_is_noop_that_raises_confidence_toward_one() -> None:
    old = fact(1, "Ana lives in Berlin.", key="home_city", value="Berlin", confidence=0.4)
    d = decide_one(
        candidate("home_city", "Ana lives in berlin!", value="berlin"),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Noop) and d.target_id == 1
    assert 0 < d.confidence_delta <= 1 - old.confidence
    assert old.confidence + d.confidence_delta == pytest.approx(0.58)


def test_contradiction_of_low_confidence_ordinary_fact_supersedes() -> None:
    old = fact(1, "Ana likes tea.", key="likes.tea", category=Category.SOFT_PREFERENCE, value="tea")
    d = decide_one(
        candidate("employer", "Ana works at Acme.", value="Acme", category=Category.OTHER),
        [
            fact(
                2, "Ana works at Initech.", key="employer", value="Initech", category=Category.OTHER
            )
        ],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Supersede) and d.target_id == 2
    assert old.id == 1


def test_contradiction_of_confident_fact_asks_the_user() -> None:
    old = fact(
        1,
        "Ana works at Initech.",
        key="employer",
        value="Initech",
        confidence=0.85,
        category=Category.OTHER,
    )
    d = decide_one(
        candidate("employer", "Ana works at Acme.", value="Acme", category=Category.OTHER),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Pending) and d.target_id == 1


def test_even_explicit_contradiction_of_confident_fact_is_pending() -> None:
    old = fact(1, "Ana lives in Berlin.", key="home_city", value="Berlin", confidence=0.95)
    d = decide_one(
        candidate("home_city", "Ana lives in Lisbon.", value="Lisbon"),
        [old],
        explicit=True,
        now=NOW,
    )
    assert isinstance(d, Pending)


def test_high_risk_fact_is_never_auto_overwritten_below_090() -> None:
    old = fact(1, "Ana lives in Berlin.", key="home_city", value="Berlin", confidence=0.4)
    d = decide_one(
        candidate("home_city", "Ana moved to Lisbon.", value="Lisbon"),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Pending)


def test_multi_valued_same_object_is_an_update() -> None:
    old = fact(1, "Ana likes tea.", key="likes.tea", category=Category.SOFT_PREFERENCE, value="tea")
    d = decide_one(
        candidate(
            "likes.tea",
            "Ana likes tea very much.",
            value="tea with milk",
            category=Category.SOFT_PREFERENCE,
            multi_valued=True,
        ),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Update) and d.target_id == 1


def test_temporary_candidates_are_not_stored() -> None:
    c = candidate(
        "preference.format",
        "Ana wants no slides.",
        category=Category.SOFT_PREFERENCE,
        temporary=True,
    )
    assert decide_one(c, [], explicit=False, now=NOW) is None


def test_time_invalidation_expires_the_fact() -> None:
    old = fact(1, "Ana works at Initech.", key="employer", value="Initech", category=Category.OTHER)
    c = candidate(
        "employer",
        "Ana no longer works at Initech.",
        value="Initech",
        category=Category.OTHER,
        valid_to=NOW - timedelta(days=1),
    )
    d = decide_one(c, [old], explicit=False, now=NOW)
    assert isinstance(d, Expire) and d.target_id == 1


def test_near_duplicate_under_another_key_is_a_noop() -> None:
    old = fact(1, "Ana keeps her bike in the basement.", key="note.x", category=Category.OTHER)
    d = decide_one(
        candidate("note.y", "Ana keeps her bike in the basement", category=Category.OTHER),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Noop) and d.target_id == 1


def test_a_relatives_new_age_is_no_repetition_of_their_name_however_alike_the_sentences() -> None:
    """A relative's age told again with a new number changes the age: the name fact beside it,
    in a sentence about as alike as the user's two-word name makes it ("Jo Barnes's daughter
    Edda is 9." and "Jo Barnes's daughter is named Edda.": Jaccard 0.75), is another slot of
    the same person, never the fact the new age repeats (it was a no-op on the name, and the
    old age kept being answered)."""
    name = fact(
        3,
        "Jo Barnes's daughter is named Edda.",
        key="family.daughter.edda.name",
        value="Edda",
        category=Category.RELATIONSHIP,
    )
    age = fact(
        4,
        "Jo Barnes's daughter Edda is 8.",
        key="family.daughter.edda.age",
        value="8",
        category=Category.RELATIONSHIP,
    )
    new = candidate(
        "family.daughter.edda.age",
        "Jo Barnes's daughter Edda is 9.",
        value="9",
        category=Category.RELATIONSHIP,
    )
    for related in ([name, age], [age, name]):
        d = decide_one(new, related, explicit=False, now=NOW)
        assert isinstance(d, Supersede) and d.target_id == 4, d


def test_enforce_turns_llm_overwrite_of_confident_fact_into_pending() -> None:
    old = fact(1, "Ana works at Initech.", key="employer", confidence=0.9, category=Category.OTHER)
    p = Proposal("employer", "Ana works at Acme.", Category.OTHER, 0.4)
    assert isinstance(enforce(Supersede(1, p), {1: old}), Pending)
    assert isinstance(enforce(Supersede(99, p), {1: old}), Insert)


def test_at_most_three_writes_per_turn_but_noops_kept() -> None:
    p = Proposal("k", "Ana x.", Category.OTHER, 0.4)
    decisions = [Insert(p), Insert(p), Noop(1, "a", 0.1), Insert(p), Insert(p)]
    capped = cap_writes(decisions)
    assert sum(isinstance(d, Insert) for d in capped) == policy.MAX_WRITES_PER_TURN
    assert any(isinstance(d, Noop) for d in capped)


def test_action_hash_is_stable_and_distinguishes_actions() -> None:
    p = Proposal("home_city", "Ana lives in Lisbon.", Category.IDENTITY, 0.4)
    assert action_hash(Insert(p)) == action_hash(Insert(p))
    assert action_hash(Insert(p)) != action_hash(Supersede(1, p))


def test_forgotten_value_is_not_relearned_implicitly_but_explicitly_yes() -> None:
    gone = fact(
        1,
        "Ana works at Initech.",
        key="employer",
        value="Initech",
        category=Category.OTHER,
        status=Status.DELETED,
    )
    c = candidate("employer", "Ana works at Initech.", value="Initech", category=Category.OTHER)
    assert decide_one(c, [gone], explicit=False, now=NOW) is None
    assert isinstance(decide_one(c, [gone], explicit=True, now=NOW), Insert)


# ---- one write policy for every writer (the LLM auditor and consolidation included) --------


def _proposal(key: str, text: str, conf: float, cat: Category = Category.HEALTH) -> Proposal:
    return Proposal(key=key, value_text=text, category=cat, confidence=conf)


def test_no_high_risk_change_below_090_without_asking_even_when_not_confident() -> None:
    old = fact(
        1, "Ana has asthma.", key="health.condition", confidence=0.5, category=Category.HEALTH
    )
    inferred = _proposal("health.condition", "Ana has mild asthma.", 0.6)
    assert isinstance(enforce(Update(1, inferred), {1: old}), Pending)
    assert isinstance(enforce(Supersede(1, inferred), {1: old}), Pending)
    sure = _proposal("health.condition", "Ana has mild asthma.", 0.95)
    assert isinstance(enforce(Update(1, sure), {1: old}), Update)
    assert isinstance(enforce(Update(1, inferred), {1: old}, explicit=True), Update)


def test_an_inferred_expire_never_ends_a_high_risk_fact() -> None:
    old = fact(
        1,
        "Ana earns 85000 a year.",
        key="finance.salary",
        confidence=0.5,
        category=Category.FINANCE,
    )
    inferred = Expire(1, old.key, NOW)
    kept = enforce(inferred, {1: old})
    assert isinstance(kept, Noop) and kept.confidence_delta == 0.0
    assert enforce(Expire(1, old.key, NOW, stated=True), {1: old}) == Expire(
        1, old.key, NOW, stated=True
    )
    low_risk = fact(2, "Ana likes tea.", key="likes.tea", category=Category.SOFT_PREFERENCE)
    assert isinstance(enforce(Expire(2, low_risk.key, NOW), {2: low_risk}), Expire)


def test_a_forgotten_fact_is_never_changed_back_nor_relearned_implicitly() -> None:
    gone = fact(1, "Ana lives in Berlin.", key="home_city", value="Berlin", status=Status.DELETED)
    known = {1: gone}
    same = Proposal(
        key="home_city",
        value_text="Ana lives in Berlin.",
        category=Category.IDENTITY,
        confidence=0.4,
        value="Berlin",
    )
    other = Proposal(
        key="home_city",
        value_text="Ana lives in Lisbon.",
        category=Category.IDENTITY,
        confidence=0.4,
        value="Lisbon",
    )
    assert enforce(Update(1, same), known) is None  # an LLM targeting the deleted row
    assert enforce(Insert(same), known) is None
    assert enforce(Expire(1, "home_city", NOW), known) is None
    assert isinstance(enforce(Update(1, other), known), Insert)  # new information is new
    assert isinstance(enforce(Insert(same), known, explicit=True), Insert)  # /remember


async def test_the_llm_auditor_never_sees_nor_targets_a_forgotten_fact() -> None:
    """Its prompt holds current facts only; a forgotten one cannot be named back to life."""

    class RecordingLLM:
        def __init__(self) -> None:
            self.prompts: list[str] = []

        async def call_tool(self, *, system: str, messages: list, tool: object, max_tokens: int):  # type: ignore[no-untyped-def]
            self.prompts.append(str(messages[-1]["content"]))
            return ToolCall(input={"actions": []}, usage=Usage("fake", 0, 0))

        async def chat(self, **_: object) -> None:
            raise AssertionError("not used")

    gone = fact(7, "Ana is HIV positive.", key="health.condition", status=Status.DELETED)
    live = fact(8, "Ana lives in Porto.", key="home_city")
    llm = RecordingLLM()
    turn = TurnInput(user_text="I live in Porto", time=NOW)
    decisions = await LLMAuditor(llm).decide(  # type: ignore[arg-type]
        turn,
        [candidate("home_city", "Ana lives in Porto.", value="Porto")],
        {"home_city": [live], "health.condition": [gone]},
    )
    assert decisions == []
    assert "Porto" in llm.prompts[0] and "HIV" not in llm.prompts[0]


def test_a_faded_fact_told_again_comes_back_a_forgotten_one_only_when_said_anew() -> None:
    """Faded ≠ forgotten: time's deletion never blocks learning; the user's forget blocks old
    material (no ``said_at``: consolidation, a tool) and what was said before the forget,
    never the user's new statement after it."""
    c = candidate("pet.dog.name", "The user's dog is called Biscuit.", value="Biscuit")
    faded = fact(
        1,
        "The user's dog is called Biscuit.",
        key="pet.dog.name",
        value="Biscuit",
        status=Status.DELETED,
        faded_at=NOW,
    )
    back = decide_one(c, [faded], explicit=False, now=NOW, said_at=None)
    assert isinstance(back, Update) and back.target_id == 1
    assert enforce(back, {1: faded}) == back  # a tool or consolidation may tell it again too

    forgotten = fact(
        1,
        "The user's dog is called Biscuit.",
        key="pet.dog.name",
        value="Biscuit",
        status=Status.DELETED,
        at=NOW,
    )
    later, earlier = NOW + timedelta(minutes=5), NOW - timedelta(minutes=5)
    assert decide_one(c, [forgotten], explicit=False, now=later) is None  # old material
    assert decide_one(c, [forgotten], explicit=False, now=later, said_at=earlier) is None
    anew = decide_one(c, [forgotten], explicit=False, now=later, said_at=later)
    assert isinstance(anew, Insert)
    assert enforce(anew, {1: forgotten}, said_at=later) == anew
    assert enforce(anew, {1: forgotten}) is None  # the same words from a tool: dropped


def test_the_forget_guard_matches_by_meaning_what_the_look_up_found() -> None:
    """A paraphrase under another key ("has a peanut allergy" for the forgotten "is allergic
    to peanuts") is dropped when the look-up matched it by meaning, in every decision."""
    gone = fact(
        1,
        "The user is allergic to peanuts.",
        key="allergy.peanuts",
        status=Status.DELETED,
        category=Category.HEALTH,
    )
    live = fact(2, "The user has no allergies.", key="health.allergy", category=Category.HEALTH)
    p = _proposal("health.allergy", "The user has a peanut allergy.", 0.4)
    similar = {"health.allergy": [gone]}
    known = {1: gone, 2: live}
    assert isinstance(enforce(Insert(p), known), Insert)  # no meaning match given
    assert enforce(Insert(p), known, forgotten=similar) is None
    assert enforce(Supersede(2, p), known, forgotten=similar) is None
    assert enforce(Pending(2, p), known, forgotten=similar) is None
    assert isinstance(enforce(Insert(p), known, forgotten=similar, explicit=True), Insert)
    said = NOW + timedelta(hours=1)
    assert isinstance(enforce(Insert(p), known, forgotten=similar, said_at=said), Insert)


def _son(said: str, name: str, **extra: object) -> object:
    """ "My son is called Sam" after Leo: the rules' candidate for a son's name."""
    return candidate(
        "family.son.name",
        f"Your son is named {name}.",
        category=Category.RELATIONSHIP,
        value=name,
        source_excerpt=said,
        **extra,
    )


LEO = partial(
    fact,
    1,
    "Your son is named Leo.",
    key="family.son.name",
    value="Leo",
    category=Category.RELATIONSHIP,
)


def test_a_second_son_said_as_one_more_is_kept_beside_the_first() -> None:
    for said in ("I also have a son called Sam.", "Tengo otro hijo, Sam.", "I have a son, Sam."):
        d = decide_one(_son(said, "Sam"), [LEO()], explicit=False, now=NOW)  # type: ignore[arg-type]
        assert isinstance(d, Insert), said
        assert d.proposal.key == "family.son.sam.name" and d.proposal.value == "Sam"


def test_another_name_for_the_son_is_asked_about_never_silently_replaced() -> None:
    # Low confidence used to mean a silent overwrite: a second son lost the first.
    d = decide_one(_son("My son is called Sam.", "Sam"), [LEO()], explicit=False, now=NOW)  # type: ignore[arg-type]
    assert isinstance(d, Pending) and d.target_id == 1


def test_a_correction_or_a_rename_changes_the_name() -> None:
    said = "My son is called Sam."
    for extra in ({"corrects": True}, {"valid_from": NOW}):
        d = decide_one(_son(said, "Sam", **extra), [LEO()], explicit=False, now=NOW)  # type: ignore[arg-type]
        assert isinstance(d, Supersede) and d.target_id == 1, extra
    # an LLM's excerpt keeps the user's correction in its words
    d = decide_one(
        _son("Actually my son is called Sam, not Leo.", "Sam"),  # type: ignore[arg-type]
        [LEO()],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Supersede)


def test_the_second_son_told_again_is_the_one_known() -> None:
    sam = fact(
        2,
        "Your son is named Sam.",
        key="family.son.sam.name",
        value="Sam",
        category=Category.RELATIONSHIP,
    )
    d = decide_one(_son("My son is called Sam.", "Sam"), [LEO(), sam], explicit=False, now=NOW)  # type: ignore[arg-type]
    assert isinstance(d, Noop) and d.target_id == 2


def test_a_husband_by_another_name_is_a_change_not_a_second_husband() -> None:
    old = fact(
        1,
        "Your husband is named Tom.",
        key="family.husband.name",
        value="Tom",
        category=Category.RELATIONSHIP,
    )
    new = candidate(
        "family.husband.name",
        "Your husband is named Rui.",
        category=Category.RELATIONSHIP,
        value="Rui",
        source_excerpt="I also have a husband called Rui.",
    )
    d = decide_one(new, [old], explicit=False, now=NOW)
    assert isinstance(d, Supersede)


def _status(state: str, said: str) -> object:
    """ "Single again.": the rules' candidate for the user's relationship status."""
    return candidate(
        f"relationship.{state}",
        f"You're {state}.",
        category=Category.RELATIONSHIP,
        source_excerpt=said,
        stated=True,
    )


TOM = partial(
    fact,
    1,
    "Your husband is named Tom.",
    key="family.husband.name",
    value="Tom",
    category=Category.RELATIONSHIP,
)


@pytest.mark.parametrize(
    ("state", "said"),
    [("single", "Single again."), ("divorced", "Divorcé depuis mars."), ("single", "Снова одна.")],
)
def test_a_status_without_a_partner_asks_about_the_partner_never_silently(
    state: str, said: str
) -> None:
    # It was kept beside "Your husband is named Tom" (another key): both said at once.
    d = decide_one(_status(state, said), [TOM()], explicit=False, now=NOW)  # type: ignore[arg-type]
    assert isinstance(d, Pending) and d.target_id == 1
    assert d.reason == policy.STATED_CHANGE  # the user said it: a stated change
    assert d.proposal.key == f"relationship.{state}"


def test_a_status_with_no_partner_told_is_new_and_married_is_no_change() -> None:
    d = decide_one(_status("single", "Single again."), [], explicit=False, now=NOW)  # type: ignore[arg-type]
    assert isinstance(d, Insert)
    d = decide_one(_status("married", "Married now."), [TOM()], explicit=False, now=NOW)  # type: ignore[arg-type]
    assert isinstance(d, Insert)


def test_the_partner_is_looked_up_for_a_status_without_one() -> None:
    assert "family.husband.name" in partner_keys("relationship.single")
    assert "relationship.married" in partner_keys("relationship.divorced")
    assert partner_keys("relationship.married") == ()
