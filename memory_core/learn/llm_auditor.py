"""The LLM auditor (seed 000, stage 2): old facts × new input × candidates → decisions.

The model answers through the forced ``record_actions`` tool; its actions are validated twice
(shape with pydantic, then meaning: known target ids, known keys, texts where needed) and
re-prompted with the errors when invalid. Valid actions become ``decisions`` values with the
same proposals and confidence policy as the rules auditor. Guardrails are not applied here: the
pipeline passes every decision through ``arbitrate.enforce``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from memory_core.extract.base import MAX_VALUE_TEXT, Candidate, TurnInput
from memory_core.extract.filters import find_sensitive, normalize_value_text
from memory_core.learn import policy
from memory_core.learn.arbitrate import proposal_of
from memory_core.learn.decisions import (
    Decision,
    Expire,
    Insert,
    Noop,
    Pending,
    Proposal,
    Supersede,
    Update,
)
from memory_core.llm import LLM, OutputRejected, ToolSpec, call_validated, rejection
from memory_core.values import RETRIEVABLE, Fact

MAX_TOKENS = 1024
#: Room for one action per candidate plus a few expiries/repetitions of related facts.
MAX_ACTIONS = 2 * policy.MAX_CANDIDATES_PER_TURN

ActionType = Literal["insert", "update", "supersede", "expire", "noop", "mark_pending_confirmation"]
_NEEDS_TARGET = frozenset({"update", "supersede", "expire", "noop", "mark_pending_confirmation"})
_NEEDS_TEXT = frozenset({"insert", "update", "supersede"})

_NULLABLE_TIME: dict[str, Any] = {
    "type": ["string", "null"],
    "description": "ISO-8601 date-time with offset, or null",
}

RECORD_ACTIONS = ToolSpec(
    name="record_actions",
    description="Record what to do with the user's memory for each new candidate fact.",
    input_schema={
        "type": "object",
        "properties": {
            "actions": {
                "type": "array",
                "maxItems": MAX_ACTIONS,
                "items": {
                    "type": "object",
                    "properties": {
                        "type": {
                            "type": "string",
                            "enum": [
                                "insert",
                                "update",
                                "supersede",
                                "expire",
                                "noop",
                                "mark_pending_confirmation",
                            ],
                        },
                        "key": {"type": "string", "description": "the candidate's key"},
                        "new_value_text": {"type": ["string", "null"], "maxLength": MAX_VALUE_TEXT},
                        "target_fact_id": {
                            "type": ["integer", "null"],
                            "description": "id of the old fact acted on",
                        },
                        "valid_from": _NULLABLE_TIME,
                        "valid_to": _NULLABLE_TIME,
                        "confidence_delta": {"type": "number", "minimum": -1, "maximum": 1},
                        "reason": {"type": "string"},
                    },
                    "required": ["type", "key", "reason"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["actions"],
        "additionalProperties": False,
    },
)

SYSTEM_PROMPT = """\
You are a memory auditor for a chat assistant's long-term memory about one user.
You get the user's old facts (with ids, keys, values, confidence and status), the new user input,
and the candidate facts extracted from it. Call the record_actions tool exactly once.

Tasks:
1) Detect confirmations and repetitions: a candidate that restates an old fact is a noop on
   that fact (target_fact_id), even when the old fact's key differs.
2) Detect updates for the same key: a compatible refinement of an old fact (more detail, better
   wording, same meaning) is an update of it, with the refined text.
3) Detect contradictions: a new value that replaces an old one is a supersede of the old fact.
   When the old fact is confident (0.8 or more) or the change is doubtful, use
   mark_pending_confirmation instead, so the user is asked.
4) Decide temporary versus durable change: when the user says an old fact stopped being true
   ("I don't live in Berlin any more"), expire it with valid_to; a change scoped to now is not a
   durable fact.
5) A candidate with no related old fact is an insert.

Rules:
- Use only the candidates' keys as "key", and only the old facts' ids as target_fact_id.
- insert, update and supersede need new_value_text: a self-contained third-person sentence about
  the user (the candidate's value_text, or a merged wording), at most 280 characters, never
  "I", "my" or "you".
- At most one action per candidate unless an old fact must also be expired.
- reason is a few words ("moved city", "repetition").
- Times are ISO-8601 with a UTC offset, or null.
"""


def _aware(value: datetime | None) -> datetime | None:
    """Times without an offset are read as UTC (the turn clock is UTC)."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


_Time = Annotated[datetime | None, Field(strict=False), AfterValidator(_aware)]


class _Action(BaseModel):
    """One action as the model must send it (seed 000's action schema)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: ActionType
    key: str
    reason: Annotated[str, Field(max_length=500)]
    new_value_text: Annotated[str, Field(min_length=1, max_length=MAX_VALUE_TEXT)] | None = None
    target_fact_id: int | None = None
    valid_from: _Time = None
    valid_to: _Time = None
    confidence_delta: Annotated[float, Field(ge=-1.0, le=1.0)] = 0.0


class _RecordActions(BaseModel):
    """The whole tool input."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    actions: Annotated[list[_Action], Field(max_length=MAX_ACTIONS)]


def _fact_line(fact: Fact) -> str:
    return json.dumps(
        {
            "id": fact.id,
            "key": fact.key,
            "value": fact.value_text,
            "category": fact.category.value,
            "confidence": round(fact.confidence, 2),
            "status": fact.status.value,
            "valid_from": fact.valid_from.isoformat(),
            "valid_to": fact.valid_to.isoformat() if fact.valid_to else None,
        },
        ensure_ascii=False,
    )


def _candidate_line(candidate: Candidate) -> str:
    return json.dumps(
        {
            "key": candidate.key,
            "value_text": candidate.value_text,
            "category": candidate.category.value,
            "valid_from": candidate.valid_from.isoformat() if candidate.valid_from else None,
            "valid_to": candidate.valid_to.isoformat() if candidate.valid_to else None,
            "temporary": candidate.temporary,
            "multi_valued": candidate.multi_valued,
        },
        ensure_ascii=False,
    )


def render_audit(turn: TurnInput, candidates: Sequence[Candidate], old: Sequence[Fact]) -> str:
    """Seed 000's auditor prompt: old facts, the new input, and the candidates."""
    old_lines = [_fact_line(f) for f in old] or ["(none)"]
    return "\n".join(
        [
            f"Current time: {turn.time.isoformat()}",
            f"Explicit remember request: {'yes' if turn.explicit else 'no'}",
            "",
            "Old facts:",
            *old_lines,
            "",
            "New user input:",
            f"<user>{turn.user_text}</user>",
            "",
            "Candidates:",
            *(_candidate_line(c) for c in candidates),
        ]
    )


class _Mapper:
    """Validates the meaning of the model's actions and turns them into decisions."""

    def __init__(
        self, turn: TurnInput, candidates: Sequence[Candidate], known: Mapping[int, Fact]
    ) -> None:
        self.turn = turn
        self.by_key: dict[str, Candidate] = {}
        for cand in candidates:
            self.by_key.setdefault(cand.key, cand)
        self.known = known

    def __call__(self, tool_input: dict[str, Any]) -> list[Decision]:
        try:
            actions = _RecordActions.model_validate(tool_input).actions
        except ValidationError as exc:
            raise rejection(exc) from exc
        problems: list[str] = []
        decisions: list[Decision] = []
        for i, action in enumerate(actions):
            try:
                decisions.append(self._decision(action))
            except OutputRejected as exc:
                problems.append(f"- actions.{i}: {exc}")
        if problems:
            raise OutputRejected("\n".join(problems))
        return decisions

    def _text(self, text: str) -> str:
        normalized = normalize_value_text(text)
        if normalized is None:
            raise OutputRejected(
                "new_value_text must be a third-person sentence about the user "
                "(no I/my/me, nothing addressed to 'you')"
            )
        if not self.turn.explicit and find_sensitive(normalized):
            raise OutputRejected("new_value_text must not contain secrets or account numbers")
        return normalized

    def _decision(self, action: _Action) -> Decision:
        cand = self.by_key.get(action.key)
        if cand is None:
            raise OutputRejected(f"key must be one of the candidates' keys: {sorted(self.by_key)}")
        target: Fact | None = None
        if action.type in _NEEDS_TARGET:
            if action.target_fact_id is None:
                raise OutputRejected(f"{action.type} needs target_fact_id")
            target = self.known.get(action.target_fact_id)
            if target is None:
                raise OutputRejected(
                    f"target_fact_id {action.target_fact_id} is not one of the old facts' ids"
                )
        if action.type in _NEEDS_TEXT and action.new_value_text is None:
            raise OutputRejected(f"{action.type} needs new_value_text")
        reason = action.reason.strip()[:200] or action.type
        match action.type:
            case "insert":
                return Insert(self._proposal(cand, action), reason)
            case "update":
                assert target is not None
                return Update(target.id, self._proposal(cand, action), reason)
            case "supersede":
                assert target is not None
                return Supersede(target.id, self._proposal(cand, action), reason)
            case "mark_pending_confirmation":
                assert target is not None
                return Pending(target.id, self._proposal(cand, action), reason)
            case "expire":
                assert target is not None
                valid_to = action.valid_to or cand.valid_to or self.turn.time
                return Expire(target.id, target.key, valid_to, reason)
            case "noop":
                assert target is not None
                # The confidence policy, not the model, sets how much a repetition counts.
                delta = policy.repetition_delta(target.confidence, explicit=self.turn.explicit)
                return Noop(target.id, target.key, delta, reason)

    def _proposal(self, cand: Candidate, action: _Action) -> Proposal:
        base = proposal_of(cand, explicit=self.turn.explicit)
        text = self._text(action.new_value_text) if action.new_value_text else base.value_text
        return replace(
            base,
            value_text=text,
            valid_from=action.valid_from or base.valid_from,
            valid_to=action.valid_to or base.valid_to,
        )


class LLMAuditor:
    """An :class:`~memory_core.learn.arbitrate.Auditor` backed by a language model."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm

    async def decide(
        self,
        turn: TurnInput,
        candidates: Sequence[Candidate],
        related: Mapping[str, Sequence[Fact]],
    ) -> list[Decision]:
        """Decisions for the candidates (unguarded: the caller applies ``enforce``)."""
        candidates = list(candidates[: policy.MAX_CANDIDATES_PER_TURN])
        if not candidates:
            return []
        # Only current facts: a forgotten one never reaches a prompt, nor can it be targeted
        # (``enforce`` still sees it, so its value is not re-learned either).
        known: dict[int, Fact] = {}
        for facts in related.values():
            for fact in facts:
                if fact.status in RETRIEVABLE:
                    known.setdefault(fact.id, fact)
        return await call_validated(
            self.llm,
            system=SYSTEM_PROMPT,
            prompt=render_audit(turn, candidates, list(known.values())),
            tool=RECORD_ACTIONS,
            parse=_Mapper(turn, candidates, known),
            max_tokens=MAX_TOKENS,
        )
