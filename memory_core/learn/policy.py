"""The confidence policy and the high-risk guardrails (seed 000), as numbers and pure rules."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_core.extract.base import MAX_STATED_CANDIDATES, Candidate
from memory_core.values import HIGH_RISK_CATEGORIES, Category, Fact

FIRST_MENTION = 0.40
EXPLICIT = 0.95
CONFIRMED = 1.0
#: A repetition closes this share of the gap to 1.0 (0.40 → 0.58 → 0.71 → 0.79 → 0.86 …).
REPETITION_GAIN = 0.30
#: A contradiction of a fact at least this confident is asked about, never overwritten.
CONFIDENT = 0.80
#: High-risk facts are never overwritten automatically by a value below this confidence.
HIGH_RISK_MIN = 0.90
#: Seed 003 §13's caps are for an LLM's multi-fact pass over one long turn: they bound the
#: *inferred* candidates and their writes. What the user plainly stated (``Candidate.stated``)
#: is never dropped by them; ``MAX_STATED_PER_TURN`` bounds it against a huge pasted list.
MAX_CANDIDATES_PER_TURN = 5
MAX_WRITES_PER_TURN = 3
MAX_STATED_PER_TURN = MAX_STATED_CANDIDATES
#: Unanswered conflicts expire after this many days: the old value stays — unless the user
#: plainly said the change of something that naturally changes (``STATED_CHANGE``).
CONFLICT_TTL_DAYS = 7
#: The question's reason for a change of home, job or plans the user said in their own words
#: ("I moved to Lisbon", "я переехал в Иркутск"): left unanswered, the newer statement stands
#: (it was dropped after a week, and the bot said the old home for good).
STATED_CHANGE = "a change the user said: the newer statement stands if unanswered"
#: What naturally changes (home, job, school, plans): the keys a stated change may settle.
_CHANGES_NATURALLY = re.compile(
    r"^(?:home|job_title$|employer$|workplace$|school|plan\.|project\.)"
)


def corrected_plainly(candidate: Candidate) -> bool:
    """Whether the user corrected what they said before in so many words: the value they say
    is not so named ("tengo 26, no 25", "meine Katze heißt Lina, nicht Luna"), or their age
    said anew ("actually I just turned 30"): unanswered, the correction stands (the old value
    stayed for good, and "how old am I?" said 29 a month after "I just turned 30")."""
    if not candidate.corrects:
        return False
    return bool(candidate.rejected) or candidate.key == "age"


def changes_naturally(key: str) -> bool:
    """Whether a fact of ``key`` is of a kind that naturally changes (home, job, plans)."""
    return _CHANGES_NATURALLY.match(key) is not None


#: "Only for now" keeps the new value for this many hours.
ONLY_FOR_NOW_HOURS = 24


def initial_confidence(hint: float, *, explicit: bool) -> float:
    """Confidence of a new fact: explicit remembers start at 0.95, others at the first-mention
    level (an extractor's hint can lower it, never raise it above first mention)."""
    if explicit:
        return EXPLICIT
    return round(min(FIRST_MENTION, max(0.05, hint)), 4)


def repetition_delta(current: float, *, explicit: bool) -> float:
    """How much a repetition (or explicit restatement) raises a fact's confidence."""
    target = max(current + (1.0 - current) * REPETITION_GAIN, EXPLICIT if explicit else 0.0)
    return round(min(1.0, target) - current, 4)


def is_high_risk(category: Category) -> bool:
    """Identity, health and finance-like facts are high risk."""
    return category in HIGH_RISK_CATEGORIES


def may_overwrite(old: Fact, new_confidence: float) -> bool:
    """Whether a contradicting value may replace ``old`` without asking the user."""
    if old.confidence >= CONFIDENT or old.pinned:
        return False  # a single contradiction of a confident fact is asked, never applied
    # High-risk facts need a confident new value (otherwise the user is asked).
    return not (is_high_risk(old.category) and new_confidence < HIGH_RISK_MIN)


def is_ending(fact: Fact) -> bool:
    """Whether a fact says another one ended ("Ana no longer lives in Berlin.": valid only
    until it was said) — a pending one is a question, never a current value."""
    return fact.valid_to is not None and fact.valid_to <= fact.created_at


def bound_candidates(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The turn's candidates within the caps, in order: up to ``MAX_STATED_PER_TURN`` stated ones
    and up to ``MAX_CANDIDATES_PER_TURN`` inferred ones."""
    out: list[Candidate] = []
    stated = inferred = 0
    for cand in candidates:
        if cand.stated and stated < MAX_STATED_PER_TURN:
            stated += 1
            out.append(cand)
        elif not cand.stated and inferred < MAX_CANDIDATES_PER_TURN:
            inferred += 1
            out.append(cand)
    return out
