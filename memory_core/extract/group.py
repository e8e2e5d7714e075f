"""Statements about a group, not about the speaker: plans, decisions, schedules, rules and
shared facts said in a group chat ("our book club meets on Thursdays at 7", "we decided to go
to Lisbon in May", "the rota: Ana does the shopping this week"), read off as the group's own
candidate facts (``docs/group-memory.md``).

A statement is the group's when it speaks for the group (we, our, us, let's, everyone, the
group/team/club, a rota or a rule) and says something to keep (a day, a time, a month, a
decision, an arrangement). Questions, hypotheticals and anything sensitive or secret (one
sensitivity model: ``extract.sensitivity``, ``extract.sensitive``) are not the group's to
keep. English only for now.
"""

from __future__ import annotations

import re

from memory_core.extract.base import MAX_EXCERPT, MAX_VALUE_TEXT, Candidate
from memory_core.extract.sensitive import find_sensitive
from memory_core.extract.sensitivity import classified, sensitive_topic
from memory_core.values import Category

_FOR_THE_GROUP = re.compile(
    r"\b(we|we're|we've|we'll|we'd|our|ours|us|let's|lets|everyone|everybody|all of us|"
    r"the (?:group|team|club|band|class|crew|squad))\b|^\s*(?:the )?(?:rota|rule|rules|schedule)"
    r"\b|\brota\b|\bhouse rules?\b",
    re.IGNORECASE,
)
_DAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|"
    r"thursdays|fridays|saturdays|sundays|weekend|weekends|tonight|tomorrow|weekly|monthly|daily"
)
_MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december"
_KEEPABLE = re.compile(
    rf"\b(?:{_DAYS}|{_MONTHS}|\d{{1,2}}(?::\d\d)?\s*(?:am|pm|h)\b|at \d{{1,2}}\b|o'clock|noon|"
    r"decided|agreed|agree on|settled on|chose|chosen|voted|plan|plans|planning|meet|meets|"
    r"meeting|gather|rota|rule|rules|schedule|deadline|budget|every|always|never|"
    r"going to|trip|turn to|in charge of|responsible for|does the|brings?|hosts?|hosting)\b",
    re.IGNORECASE,
)
_MEETING = re.compile(r"\b(?:meet|meets|meeting|meetings|gather|gathers|get together)\b", re.I)
_ROTA = re.compile(r"\b(?:rota|turn to|in charge of|does the|responsible for)\b", re.I)
_RULE = re.compile(r"\b(?:rules?|always|never|no one|nobody may|must)\b", re.I)
_DECISION = re.compile(r"\b(?:decided|agreed|settled on|chose|voted|going to|trip|plan)\b", re.I)
_QUESTION = re.compile(
    r"\?\s*$|^\s*(?:what|when|where|who|which|how|why|do|does|did|shall|should|can|could|"
    r"would|will|is|are|am)\b",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:if we|maybe|perhaps|might|what if|should we|could we|would we|i wonder|not sure)\b",
    re.IGNORECASE,
)
#: "Don't tell anyone", "between us": a secret about someone is never the group's to keep.
_CONFIDENTIAL = re.compile(
    r"\b(?:secret|don't tell|do not tell|between us|confidential|keep (?:it|this) quiet|"
    r"off the record)\b",
    re.IGNORECASE,
)
_STOP = frozenset(
    "a an the we our us let's lets to on at in of and or for is are be will we're we've we'll "
    "decided agreed going go this that it every".split()
)


_WHEN = re.compile(rf"\b(?:{_DAYS}|{_MONTHS})\b|\b\d{{1,2}}(?::\d\d)?\b", re.IGNORECASE)


def schedule_of(text: str) -> frozenset[str]:
    """The days, months and times ``text`` names ("Thursdays at 7" → {thursday, 7}): two
    statements of one plan in other words name the same ones."""
    return frozenset(w.lower().removesuffix("s") for w in _WHEN.findall(text))


def _slug(text: str) -> str:
    words = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP]
    return "_".join(words[:4]) or "note"


def _key(text: str) -> str:
    """The group fact's key: one meeting time, one rota (a change asks, see the conflict
    policy), and a key per decision, rule or other shared fact (several coexist)."""
    if _MEETING.search(text):
        return "group.meeting"
    if _ROTA.search(text):
        return "group.rota"
    if _RULE.search(text):
        return f"group.rule.{_slug(text)}"
    if _DECISION.search(text):
        return f"group.plan.{_slug(text)}"
    return f"group.fact.{_slug(text)}"


def _sentence(text: str) -> str:
    said = " ".join(text.split())
    said = said[:1].upper() + said[1:]
    return said if said.endswith((".", "!")) else f"{said}."


def is_private_statement(text: str) -> bool:
    """Whether ``text`` holds something a group must never keep: a sensitive topic, a
    secret value, a special category, or words asking for confidence."""
    _category, sensitive = classified(Category.OTHER, False, text)
    return (
        sensitive
        or sensitive_topic(text) is not None
        or bool(find_sensitive(text))
        or _CONFIDENTIAL.search(text) is not None
    )


def group_candidate(text: str) -> Candidate | None:
    """The group's candidate fact in ``text`` (a statement for the group with something to
    keep), or ``None``: not about the group, a question, a maybe, or private."""
    said = text.strip()
    if not said or len(said) > MAX_VALUE_TEXT or said.startswith("/"):
        return None
    if _QUESTION.search(said) or _HYPOTHETICAL.search(said):
        return None
    if not _FOR_THE_GROUP.search(said) or not _KEEPABLE.search(said):
        return None
    if is_private_statement(said):
        return None
    key = _key(said)
    return Candidate(
        key=key,
        value_text=_sentence(said),
        category=Category.TASK_CONTEXT,
        confidence_hint=0.9,
        value=said[:120],
        sensitive=False,
        multi_valued=False,
        source_excerpt=said[:MAX_EXCERPT],
        stated=True,
    )
