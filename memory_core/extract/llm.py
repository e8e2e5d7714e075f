"""The LLM extractor: one user turn → at most five candidate facts, through a forced tool call.

The model's tool input is validated strictly (pydantic, here at the edge) and re-prompted with
the validation error when it does not fit; then the same filters as the rules extractor apply
(writing constraints, sensitive values only on explicit turns, the per-turn cap).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from memory_core.extract.base import (
    MAX_CANDIDATES,
    MAX_EXCERPT,
    MAX_VALUE_TEXT,
    Candidate,
    TurnInput,
    is_multi_valued_key,
    is_valid_key,
)
from memory_core.extract.filters import find_sensitive, normalize_value_text, redact
from memory_core.llm import LLM, ToolSpec, call_validated, rejection
from memory_core.values import Category

#: Categories the extractor may propose (reflections are written by the weekly job only;
#: procedures only on the user's explicit trigger, ``memory_core.text.procedures``).
EXTRACT_CATEGORIES: tuple[Category, ...] = tuple(
    c for c in Category if c not in (Category.REFLECTION, Category.PROCEDURAL)
)
#: Categories whose values are secret by nature, whatever the model says.
_ALWAYS_SENSITIVE = frozenset({Category.CREDENTIAL, Category.IDENTITY_DOCUMENT})
MAX_TOKENS = 1024

_NULLABLE_TIME: dict[str, Any] = {
    "type": ["string", "null"],
    "description": "ISO-8601 date-time with offset, or null",
}

RECORD_FACTS = ToolSpec(
    name="record_facts",
    description=(
        "Record the durable facts the user's latest message states about the user. "
        "Call with an empty list when there is nothing worth remembering."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "facts": {
                "type": "array",
                "maxItems": MAX_CANDIDATES,
                "items": {
                    "type": "object",
                    "properties": {
                        "key": {
                            "type": "string",
                            "description": "lower-case dotted key, e.g. home_city, "
                            "likes.green_tea, pet.cat.name, family.sister.name",
                        },
                        "value_text": {
                            "type": "string",
                            "maxLength": MAX_VALUE_TEXT,
                            "description": "self-contained third-person sentence about the user",
                        },
                        "value": {
                            "type": ["string", "null"],
                            "description": "the bare value, e.g. Berlin",
                        },
                        "category": {
                            "type": "string",
                            "enum": [c.value for c in EXTRACT_CATEGORIES],
                        },
                        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                        "event_time": _NULLABLE_TIME,
                        "valid_from": _NULLABLE_TIME,
                        "valid_to": _NULLABLE_TIME,
                        "temporary": {"type": "boolean"},
                        "sensitive": {"type": "boolean"},
                        "multi_valued": {"type": "boolean"},
                        "source_excerpt": {
                            "type": "string",
                            "description": "the user's words this fact comes from",
                        },
                    },
                    "required": ["key", "value_text", "category", "confidence"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["facts"],
        "additionalProperties": False,
    },
)

SYSTEM_PROMPT = f"""\
You extract durable facts about one user from their latest chat message, for a chat assistant's \
long-term memory. Call the record_facts tool exactly once; an empty list is a good answer when \
the message holds nothing worth remembering.

What counts as a fact about the user:
- Only what the user states about themselves: identity, home, work, family, pets, preferences, \
dislikes, health, goals, projects, routines, languages, ongoing tasks.
- Questions, hypotheticals, wishes and what-ifs are not facts ("if I lived in Paris", \
"where do I live?").
- Facts about third parties are not user facts, unless they describe the user's relationship \
(then use a family./friend./pet. key).
- What the assistant said is context only, never a source of facts.
- Instructions scoped to now ("just this once", "for now", "today only") are temporary=true.
- Passwords, PINs, API keys, tokens, card, bank account and IBAN numbers, passport or national \
id numbers are sensitive=true (category credential, finance or identity_document).
- At most {MAX_CANDIDATES} facts, the most durable and useful first.

Writing constraints for value_text:
- One or two complete, self-contained sentences in the third person, neutral tone, at most \
{MAX_VALUE_TEXT} characters.
- Name the user by the given name, else "The user"; never "I", "my", "me" or "you". Refer to the \
AI as "the assistant", never with a pronoun.
- Example: "The user lives in Berlin." / "Alice's sister is called Maria."

Keys: lower-case, dotted, snake_case segments, the general thing first: home_city, job.title, \
employer, likes.green_tea, dislikes.olives, pet.cat.name, family.sister.name, language.spanish, \
allergy.peanuts, goal.marathon, project.membot. Keys that name one of several values \
(likes., dislikes., language., allergy., goal., project.) are multi_valued=true.

Other fields: value is the bare value ("Berlin") or null; confidence is how clearly the user \
stated it (0..1); event_time is when a described event happened, valid_from / valid_to when the \
fact starts or stopped being true (e.g. "I moved out of Berlin last month": valid_to), all \
ISO-8601 with a UTC offset or null; source_excerpt quotes the user's words (short).
"""


def _aware(value: datetime | None) -> datetime | None:
    """Times without an offset are read as UTC (the turn clock is UTC)."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _key(value: str) -> str:
    if not is_valid_key(value):
        raise ValueError("key must be lower-case word segments joined by dots, e.g. likes.tea")
    return value


def _category(value: Category) -> Category:
    if value == Category.REFLECTION:
        raise ValueError("category 'reflection' is not allowed here")
    return value


_Time = Annotated[datetime | None, Field(strict=False), AfterValidator(_aware)]


class _Fact(BaseModel):
    """One fact as the model must send it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    key: Annotated[str, AfterValidator(_key)]
    value_text: Annotated[str, Field(min_length=1, max_length=MAX_VALUE_TEXT)]
    category: Annotated[Category, Field(strict=False), AfterValidator(_category)]
    confidence: Annotated[float, Field(ge=0.0, le=1.0)]
    value: str | None = None
    event_time: _Time = None
    valid_from: _Time = None
    valid_to: _Time = None
    temporary: bool = False
    sensitive: bool = False
    multi_valued: bool = False
    source_excerpt: str = ""


class _RecordFacts(BaseModel):
    """The whole tool input."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    # More than the cap is not an error: the list is cut to MAX_CANDIDATES afterwards.
    facts: list[_Fact]


def _parse(tool_input: dict[str, Any]) -> list[_Fact]:
    try:
        return list(_RecordFacts.model_validate(tool_input).facts)
    except ValidationError as exc:
        raise rejection(exc) from exc


def render_turn(turn: TurnInput) -> str:
    """The per-turn prompt: time, name, the assistant's last reply (context) and the message."""
    lines = [
        f"Current time: {turn.time.isoformat()}",
        f"User's name: {turn.user_name or 'unknown'}",
        f"Explicit remember request: {'yes' if turn.explicit else 'no'}",
    ]
    if turn.assistant_text:
        lines += [
            "",
            "The assistant's reply (context only, not a source of facts):",
            f"<assistant>{turn.assistant_text}</assistant>",
        ]
    lines += ["", "The user's message:", f"<user>{turn.user_text}</user>"]
    return "\n".join(lines)


class LLMExtractor:
    """An :class:`~memory_core.extract.base.Extractor` backed by a language model."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """At most ``MAX_CANDIDATES`` candidates; raises ``LLMError`` if the model fails."""
        if not turn.user_text.strip():
            return []
        facts = await call_validated(
            self.llm,
            system=SYSTEM_PROMPT,
            prompt=render_turn(turn),
            tool=RECORD_FACTS,
            parse=_parse,
            max_tokens=MAX_TOKENS,
        )
        out: list[Candidate] = []
        for fact in facts:
            candidate = _candidate(fact, explicit=turn.explicit)
            if candidate is not None:
                out.append(candidate)
            if len(out) == MAX_CANDIDATES:
                break
        return out


def _candidate(fact: _Fact, *, explicit: bool) -> Candidate | None:
    """The candidate a validated fact becomes, or None when the filters drop it."""
    value_text = normalize_value_text(fact.value_text)
    if value_text is None:
        return None  # first person, addressed to the assistant, or empty
    sensitive = (
        fact.sensitive
        or fact.category in _ALWAYS_SENSITIVE
        or bool(find_sensitive(value_text))
        or bool(fact.value and find_sensitive(fact.value))
    )
    if sensitive and not explicit:
        return None  # secrets are stored only when the user explicitly asks (seed 001 §8)
    return Candidate(
        key=fact.key,
        value_text=value_text,
        category=fact.category,
        confidence_hint=fact.confidence,
        value=fact.value,
        event_time=fact.event_time,
        valid_from=fact.valid_from,
        valid_to=fact.valid_to,
        temporary=fact.temporary,
        sensitive=sensitive,
        multi_valued=fact.multi_valued or is_multi_valued_key(fact.key),
        source_excerpt=redact(fact.source_excerpt)[:MAX_EXCERPT],
    )
