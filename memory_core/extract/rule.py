"""What a rule is: a function from one first-person clause to candidate facts, and its helpers.

Rules live in the ``patterns_*`` modules; each returns candidates whose value_text already
passed the writing constraints. The orchestrator (``rules``) adds excerpts, flags and caps.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from memory_core.extract.base import Candidate, is_multi_valued_key
from memory_core.extract.filters import normalize_value_text
from memory_core.extract.lexicon import NOT_NAMES
from memory_core.extract.text import third_person, titlecase
from memory_core.values import Category


@dataclass(frozen=True, slots=True)
class Context:
    """Who the clause is about and when it was said."""

    name: str | None
    time: datetime
    explicit: bool = False
    lowercase: bool = False
    #: The user writes without capitals even at a message's start ("i'm a barman …"), so a
    #: lower-case word after "in" may be a town; "I am a nurse in the ER" is not so written.
    all_lower: bool = False

    @property
    def subject(self) -> str:
        """The user as a sentence subject: their name, or "The user"."""
        return self.name or "The user"

    @property
    def possessive(self) -> str:
        """The user's possessive: "Ana's" or "The user's"."""
        return f"{self.subject}'s"

    @property
    def possessive_within(self) -> str:
        """The possessive inside a sentence: "Ana's" or "the user's"."""
        return self.possessive if self.name else "the user's"

    def third(self, phrase: str) -> str:
        """A user phrase with "my"/"I" rewritten, the user having been named already."""
        return third_person(phrase, self.subject, named=True)

    def proper(self, value: str, *, strict: bool = False, lenient: bool = False) -> str | None:
        """``value`` as a proper noun, or None when it reads as an ordinary word.

        A capitalised value (or one in a script without case, as in CJK) always passes.
        A lower-case one is capitalised when ``lenient`` (after "my name is") or when the
        user writes everything in lower case, unless ``strict``.
        """
        value = value.strip(" '\"")
        if not value or value.lower() in NOT_NAMES or len(value) > 60:
            return None
        first = value[0]
        if first.isupper() or first.isdigit() or (first.isalpha() and not first.islower()):
            return value
        if not strict and (lenient or self.lowercase) and first.isalpha():
            return titlecase(value)
        return None


Rule = Callable[[str, Context], list[Candidate]]


def fact(
    key: str,
    text: str,
    category: Category,
    hint: float,
    value: str | None = None,
    *,
    event_time: datetime | None = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    temporary: bool = False,
    sensitive: bool = False,
    own_words: bool = False,
) -> list[Candidate]:
    """One candidate (as a list, ready to concatenate), or none if its text is unusable
    (``own_words``: a note in the user's words, see ``normalize_value_text``)."""
    normalized = normalize_value_text(text, own_words=own_words)
    if normalized is None or not key or key.endswith(".") or ".." in key:
        return []
    return [
        Candidate(
            key=key,
            value_text=normalized,
            category=category,
            confidence_hint=hint,
            value=value,
            event_time=event_time,
            valid_from=valid_from,
            valid_to=valid_to,
            temporary=temporary,
            sensitive=sensitive,
            multi_valued=is_multi_valued_key(key),
        )
    ]


#: Words that make an object phrase point at something we cannot name ("I love it").
DEICTIC = re.compile(
    r"^(?:it|this|that|these|those|them|him|her|you|your|yours|u|ur|everything|nothing|"
    r"something|anything|what|how|when|where|the\s+way|which|one|ones|here|there|mine|me|"
    r"myself|yourself|all|both|either|neither|such|so|too|very|not)\b",
    re.IGNORECASE,
)


def usable_object(phrase: str | None) -> str | None:
    """``phrase`` unless it is empty or only points at something ("it", "that", "you")."""
    if phrase is None or DEICTIC.match(phrase):
        return None
    return phrase
