"""Arbitration is pure: candidates × known facts → decisions, with the guardrails enforced."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memory_core.extract.base import Candidate, TurnInput
from memory_core.learn import policy
from memory_core.learn.arbitrate import cap_writes, decide_one, enforce
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
from memory_core.values import Category, Fact, Status

NOW = datetime(2026, 5, 3, 12, 0, tzinfo=UTC)


def fact(
    fid: int,
    key: str,
    text: str,
    *,
    value: str | None = None,
    conf: float = 0.4,
    cat: Category = Category.IDENTITY,
    status: Status = Status.ACTIVE,
    pinned: bool = False,
) -> Fact:
    return Fact(
        id=fid,
        user_id="console:ana",
        key=key,
        value_text=text,
        category=cat,
        confidence=conf,
        status=status,
        valid_from=NOW,
        valid_to=None,
        created_at=NOW,
        updated_at=NOW,
        last_mentioned_at=NOW,
        value_json={"value": value} if value else None,
        pinned=pinned,
    )


def cand(
    key: str,
    text: str,
    *,
    value: str | None = None,
    cat: Category = Category.IDENTITY,
    **kw: object,
) -> Candidate:
    return Candidate(key=key, value_text=text, category=cat, confidence_hint=0.6, value=value, **kw)  # type: ignore[arg-type]


def test_new_key_is_inserted_at_first_mention_confidence() -> None:
    d = decide_one(
        cand("home_city", "Ana lives in Berlin.", value="Berlin"), [], explicit=False, now=NOW
    )
    assert isinstance(d, Insert)
    assert d.proposal.confidence == policy.FIRST_MENTION


def test_explicit_remember_starts_at_095() -> None:
    d = decide_one(
        cand("home_city", "Ana lives in Berlin.", value="Berlin"), [], explicit=True, now=NOW
    )
    assert isinstance(d, Insert) and d.proposal.confidence == policy.EXPLICIT


def test_repetition_is_noop_that_raises_confidence_toward_one() -> None:
    old = fact(1, "home_city", "Ana lives in Berlin.", value="Berlin", conf=0.4)
    d = decide_one(
        cand("home_city", "Ana lives in berlin!", value="berlin"), [old], explicit=False, now=NOW
    )
    assert isinstance(d, Noop) and d.target_id == 1
    assert 0 < d.confidence_delta <= 1 - old.confidence
    assert old.confidence + d.confidence_delta == pytest.approx(0.58)


def test_contradiction_of_low_confidence_ordinary_fact_supersedes() -> None:
    old = fact(1, "likes.tea", "Ana likes tea.", cat=Category.SOFT_PREFERENCE, value="tea")
    d = decide_one(
        cand("employer", "Ana works at Acme.", value="Acme", cat=Category.OTHER),
        [fact(2, "employer", "Ana works at Initech.", value="Initech", cat=Category.OTHER)],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Supersede) and d.target_id == 2
    assert old.id == 1


def test_contradiction_of_confident_fact_asks_the_user() -> None:
    old = fact(
        1, "employer", "Ana works at Initech.", value="Initech", conf=0.85, cat=Category.OTHER
    )
    d = decide_one(
        cand("employer", "Ana works at Acme.", value="Acme", cat=Category.OTHER),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Pending) and d.target_id == 1


def test_even_explicit_contradiction_of_confident_fact_is_pending() -> None:
    old = fact(1, "home_city", "Ana lives in Berlin.", value="Berlin", conf=0.95)
    d = decide_one(
        cand("home_city", "Ana lives in Lisbon.", value="Lisbon"), [old], explicit=True, now=NOW
    )
    assert isinstance(d, Pending)


def test_high_risk_fact_is_never_auto_overwritten_below_090() -> None:
    old = fact(1, "home_city", "Ana lives in Berlin.", value="Berlin", conf=0.4)
    d = decide_one(
        cand("home_city", "Ana moved to Lisbon.", value="Lisbon"), [old], explicit=False, now=NOW
    )
    assert isinstance(d, Pending)


def test_multi_valued_same_object_is_an_update() -> None:
    old = fact(1, "likes.tea", "Ana likes tea.", cat=Category.SOFT_PREFERENCE, value="tea")
    d = decide_one(
        cand(
            "likes.tea",
            "Ana likes tea very much.",
            value="tea with milk",
            cat=Category.SOFT_PREFERENCE,
            multi_valued=True,
        ),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Update) and d.target_id == 1


def test_temporary_candidates_are_not_stored() -> None:
    c = cand(
        "preference.format", "Ana wants no slides.", cat=Category.SOFT_PREFERENCE, temporary=True
    )
    assert decide_one(c, [], explicit=False, now=NOW) is None


def test_time_invalidation_expires_the_fact() -> None:
    old = fact(1, "employer", "Ana works at Initech.", value="Initech", cat=Category.OTHER)
    c = cand(
        "employer",
        "Ana no longer works at Initech.",
        value="Initech",
        cat=Category.OTHER,
        valid_to=NOW - timedelta(days=1),
    )
    d = decide_one(c, [old], explicit=False, now=NOW)
    assert isinstance(d, Expire) and d.target_id == 1


def test_near_duplicate_under_another_key_is_a_noop() -> None:
    old = fact(1, "note.x", "Ana keeps her bike in the basement.", cat=Category.OTHER)
    d = decide_one(
        cand("note.y", "Ana keeps her bike in the basement", cat=Category.OTHER),
        [old],
        explicit=False,
        now=NOW,
    )
    assert isinstance(d, Noop) and d.target_id == 1


def test_enforce_turns_llm_overwrite_of_confident_fact_into_pending() -> None:
    old = fact(1, "employer", "Ana works at Initech.", conf=0.9, cat=Category.OTHER)
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
        "employer",
        "Ana works at Initech.",
        value="Initech",
        cat=Category.OTHER,
        status=Status.DELETED,
    )
    c = cand("employer", "Ana works at Initech.", value="Initech", cat=Category.OTHER)
    assert decide_one(c, [gone], explicit=False, now=NOW) is None
    assert isinstance(decide_one(c, [gone], explicit=True, now=NOW), Insert)


# ---- one write policy for every writer (the LLM auditor and consolidation included) --------


def _proposal(key: str, text: str, conf: float, cat: Category = Category.HEALTH) -> Proposal:
    return Proposal(key=key, value_text=text, category=cat, confidence=conf)


def test_no_high_risk_change_below_090_without_asking_even_when_not_confident() -> None:
    old = fact(1, "health.condition", "Ana has asthma.", conf=0.5, cat=Category.HEALTH)
    inferred = _proposal("health.condition", "Ana has mild asthma.", 0.6)
    assert isinstance(enforce(Update(1, inferred), {1: old}), Pending)
    assert isinstance(enforce(Supersede(1, inferred), {1: old}), Pending)
    sure = _proposal("health.condition", "Ana has mild asthma.", 0.95)
    assert isinstance(enforce(Update(1, sure), {1: old}), Update)
    assert isinstance(enforce(Update(1, inferred), {1: old}, explicit=True), Update)


def test_an_inferred_expire_never_ends_a_high_risk_fact() -> None:
    old = fact(1, "finance.salary", "Ana earns 85000 a year.", conf=0.5, cat=Category.FINANCE)
    inferred = Expire(1, old.key, NOW)
    kept = enforce(inferred, {1: old})
    assert isinstance(kept, Noop) and kept.confidence_delta == 0.0
    assert enforce(Expire(1, old.key, NOW, stated=True), {1: old}) == Expire(
        1, old.key, NOW, stated=True
    )
    low_risk = fact(2, "likes.tea", "Ana likes tea.", cat=Category.SOFT_PREFERENCE)
    assert isinstance(enforce(Expire(2, low_risk.key, NOW), {2: low_risk}), Expire)


def test_a_forgotten_fact_is_never_changed_back_nor_relearned_implicitly() -> None:
    gone = fact(1, "home_city", "Ana lives in Berlin.", value="Berlin", status=Status.DELETED)
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

    gone = fact(7, "health.condition", "Ana is HIV positive.", status=Status.DELETED)
    live = fact(8, "home_city", "Ana lives in Porto.")
    llm = RecordingLLM()
    turn = TurnInput(user_text="I live in Porto", time=NOW)
    decisions = await LLMAuditor(llm).decide(  # type: ignore[arg-type]
        turn,
        [cand("home_city", "Ana lives in Porto.", value="Porto")],
        {"home_city": [live], "health.condition": [gone]},
    )
    assert decisions == []
    assert "Porto" in llm.prompts[0] and "HIV" not in llm.prompts[0]
