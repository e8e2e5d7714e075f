"""What arbitration decides for one candidate fact: a closed set of values, matched exhaustively.

Nothing here touches the database; ``apply`` turns decisions into one transaction.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime

from memory_core.values import Category


@dataclass(frozen=True, slots=True)
class Proposal:
    """The new fact a decision would write (already normalised by the extract stage)."""

    key: str
    value_text: str
    category: Category
    confidence: float
    value: str | None = None
    event_time: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    sensitive: bool = False
    source_excerpt: str = ""
    #: The notes of the line held back while this change waits for the user's answer
    #: (``arbitrate.held_with_pending``): written once the change stands, never before.
    held: tuple[Proposal, ...] = ()


@dataclass(frozen=True, slots=True)
class Insert:
    """A new fact; no current fact has its key."""

    proposal: Proposal
    reason: str = "new fact"


@dataclass(frozen=True, slots=True)
class Update:
    """A compatible refinement of an existing fact, changed in place."""

    target_id: int
    proposal: Proposal
    reason: str = "refinement"


@dataclass(frozen=True, slots=True)
class Supersede:
    """A contradiction: end the old fact's validity and insert the new one."""

    target_id: int
    proposal: Proposal
    reason: str = "contradiction"


@dataclass(frozen=True, slots=True)
class Expire:
    """The fact stopped being true at ``valid_to`` (explicit time invalidation)."""

    target_id: int
    key: str
    valid_to: datetime
    reason: str = "no longer true"
    #: The user's own words ended it ("I don't live in Berlin any more", matched by a rule),
    #: not an inference: only such a statement (or a confirmation) ends a high-risk fact.
    stated: bool = False
    #: The ending as the user would see it asked ("Ana no longer lives in Berlin."): when the
    #: policy may not end the fact at once, it becomes this pending fact and a question.
    proposal: Proposal | None = None


@dataclass(frozen=True, slots=True)
class Noop:
    """A repetition: refresh the mention time and raise confidence by ``confidence_delta``."""

    target_id: int
    key: str
    confidence_delta: float
    reason: str = "repetition"


@dataclass(frozen=True, slots=True)
class Pending:
    """A conflict only the user can settle: store the new value as pending and ask."""

    target_id: int
    proposal: Proposal
    reason: str = "conflict needs confirmation"


Decision = Insert | Update | Supersede | Expire | Noop | Pending


def decision_key(decision: Decision) -> str:
    """The fact key a decision is about."""
    match decision:
        case Insert(proposal=p) | Update(proposal=p) | Supersede(proposal=p) | Pending(proposal=p):
            return p.key
        case Expire(key=key) | Noop(key=key):
            return key


def action_hash(decision: Decision) -> str:
    """A stable hash of what a decision does (with the turn id and key: the idempotency key)."""
    match decision:
        case Insert(proposal=p):
            payload: list[object] = ["insert", p.key, p.value_text]
        case Update(target_id=t, proposal=p):
            payload = ["update", t, p.value_text]
        case Supersede(target_id=t, proposal=p):
            payload = ["supersede", t, p.value_text]
        case Pending(target_id=t, proposal=p):
            payload = ["pending", t, p.value_text]
        case Expire(target_id=t, valid_to=v):
            payload = ["expire", t, v.isoformat()]
        case Noop(target_id=t):
            payload = ["noop", t]
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode()).hexdigest()[:32]


def is_write(decision: Decision) -> bool:
    """Whether a decision changes what the user's memory says (noops only refresh)."""
    return not isinstance(decision, Noop)
