"""The extraction port and its values: what an extractor sees, what it proposes, and its limits.

Every extractor (the offline rules here, an LLM later) turns one user turn into candidate facts:
at most ``MAX_CANDIDATES`` inferred ones, or up to ``MAX_STATED_CANDIDATES`` ``stated`` ones (read
off what the user plainly said about themselves, so no per-turn cap may drop them). Deciding
what to do with them (insert, update, supersede, ask) is the arbitration stage's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from memory_core.errors import InvalidInputError
from memory_core.values import Category

#: At most this many inferred candidates per turn (seed 003 §13: the multi-fact pass yields 1–5).
MAX_CANDIDATES = 5
#: At most this many *stated* candidates per turn: a plain statement is never dropped to fit
#: the inferred-fact cap, but a huge pasted list must not flood the memory either.
MAX_STATED_CANDIDATES = 20
#: value_text length limit (seed 003 §9).
MAX_VALUE_TEXT = 280
#: ... except a procedure's numbered steps (``memory_core.text.procedures``).
MAX_PROCEDURE_VALUE_TEXT = 1000
#: source_excerpt length limit.
MAX_EXCERPT = 200
#: confidence_hint for things the user explicitly asked us to remember.
EXPLICIT_HINT = 0.95

#: Key prefixes whose keys carry the object, so several values coexist (likes.green_tea, …).
MULTI_VALUED_PREFIXES: tuple[str, ...] = (
    "likes.",
    "dislikes.",
    "language.",
    "allergy.",
    "health.",
    "goal.",
    "project.",
    "food_restriction.",
)

_KEY = re.compile(r"^\w+(?:\.\w+)*$")


def is_multi_valued_key(key: str) -> bool:
    """True when ``key`` names one value among several the user can hold at once."""
    return key.startswith(MULTI_VALUED_PREFIXES)


def is_valid_key(key: str) -> bool:
    """True for a canonical key: lower-case word characters, dotted, no empty segment."""
    return len(key) <= 120 and key == key.lower() and bool(_KEY.match(key))


@dataclass(frozen=True, slots=True)
class TurnInput:
    """What an extractor sees: one user turn, with the assistant's reply as context only."""

    user_text: str
    time: datetime
    assistant_text: str = ""
    user_name: str | None = None
    explicit: bool = False

    def __post_init__(self) -> None:
        if self.time.tzinfo is None:
            raise InvalidInputError("TurnInput.time must be timezone-aware (UTC)")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One proposed fact about the user; the arbitration stage decides whether to keep it."""

    key: str
    value_text: str
    category: Category
    confidence_hint: float
    value: str | None = None
    event_time: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    temporary: bool = False
    sensitive: bool = False
    multi_valued: bool = False
    source_excerpt: str = ""
    #: Read off the user's own plain words (the rules), not inferred (an LLM): exempt from the
    #: per-turn write cap, bounded by ``MAX_STATED_CANDIDATES`` instead.
    stated: bool = False
    #: Corrects only *when* (``valid_from``) the current fact of ``key`` began ("I moved in
    #: 2024, not 2023"): its value is kept (``value_text`` only describes the correction).
    date_only: bool = False
    #: Said as a correction of what the user said before ("Actually my cat is called Tim, not
    #: Tom"; the value is the corrected one): a change of the fact it names, never a second
    #: one beside it (a second cat by that name).
    corrects: bool = False
    #: What a correction says is not so, when it says it ("…, not Italian": "Italian"): the
    #: told fact it names is the one that changes (``learn.arbitrate.rejected_key``).
    rejected: str | None = None
    #: Said as where things stand now, with nothing that says a change ("Wir sind jetzt in
    #: Gera": a move, or a trip): only a change of the told fact of its key — asked about —
    #: never a first one (the sentence's note keeps it).
    changes: bool = False

    def __post_init__(self) -> None:
        if not is_valid_key(self.key):
            raise InvalidInputError(f"not a canonical fact key: {self.key!r}")
        if not 0.0 <= self.confidence_hint <= 1.0:
            raise InvalidInputError(f"confidence_hint out of range: {self.confidence_hint}")
        limit = MAX_PROCEDURE_VALUE_TEXT if self.category == Category.PROCEDURAL else MAX_VALUE_TEXT
        if not self.value_text or len(self.value_text) > limit:
            raise InvalidInputError(f"value_text must be 1..{limit} characters")


class Extractor(Protocol):
    """Turns one user turn into candidate facts; an empty list means nothing worth keeping."""

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Propose facts about the user from ``turn`` (``MAX_CANDIDATES`` inferred at most)."""
        ...
