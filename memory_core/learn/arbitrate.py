"""Arbitration: candidates × the user's related facts → decisions. Pure: no I/O.

The rules auditor decides deterministically; an LLM auditor's decisions pass through the same
``enforce`` guardrails, so no model output can overwrite a confident or high-risk fact.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Protocol

from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.corrections import is_correction
from memory_core.extract.sensitivity import classified
from memory_core.extract.text import slug
from memory_core.learn import policy
from memory_core.learn.decisions import (
    Decision,
    Expire,
    Insert,
    Noop,
    Pending,
    Proposal,
    Supersede,
    Update,
    decision_key,
    is_write,
)
from memory_core.store.fts import jaccard, tokens, told_apart
from memory_core.text import kin
from memory_core.text.notes import covers, is_note, said_clauses
from memory_core.values import RETRIEVABLE, Fact, Status

#: Two facts of different keys whose texts overlap this much are the same fact (seed 002).
NEAR_DUPLICATE_JACCARD = 0.75


class Auditor(Protocol):
    """Decides what to do with a turn's candidates given the user's related facts."""

    async def decide(
        self,
        turn: TurnInput,
        candidates: Sequence[Candidate],
        related: Mapping[str, Sequence[Fact]],
    ) -> list[Decision]:
        """One decision per candidate that should change memory (none for skipped ones)."""
        ...


def normalise_value(text: str) -> str:
    """Compare values loosely: case, accents, punctuation and spacing do not matter."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return " ".join(re.findall(r"[^\W_]+", folded))


def _same_value(candidate: Candidate, fact: Fact) -> bool:
    stored = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    if candidate.value and stored:
        return normalise_value(candidate.value) == normalise_value(str(stored))
    return normalise_value(candidate.value_text) == normalise_value(fact.value_text)


#: Words that say an ending or carry no content, left out of a statement's gist.
_NOT_GIST = frozenset(
    """no not longer any anymore more don dont doesn does do didn is am are was were has have
    had be been the an to of in at on and or my her his their who with""".split()
)


def _gist(text: str, drop: str) -> frozenset[str]:
    """A statement's content words, roughly stemmed (five letters), without its subject."""
    words = normalise_value(text).split()
    return frozenset(w[:5] for w in words if len(w) > 2 and w not in _NOT_GIST and w != drop)


def _same_gist(ending: Proposal, fact: Fact) -> bool:
    """Whether an ending ("Ana is no longer allergic to peanuts.") is about ``fact`` ("Ana has
    a peanut allergy."): the same category, and every content word of the ending in the fact
    (which may name more: "no longer has diabetes" ends "has type 2 diabetes")."""
    if fact.kind != "fact" or fact.category != ending.category:
        return False
    subject = normalise_value(fact.value_text).split(" ", 1)[0]
    said, known = _gist(ending.value_text, subject), _gist(fact.value_text, subject)
    return bool(said) and said <= known and jaccard(said, known) >= 0.5


#: Keys that say the opposite of each other about the same thing: a liking and a dislike.
_OPPOSITES = (("likes.", "dislikes."), ("dislikes.", "likes."))


def opposite_key(key: str) -> str | None:
    """The key that says the opposite about the same thing ("likes.sushi" ↔ "dislikes.sushi"),
    or ``None``."""
    for prefix, other in _OPPOSITES:
        if key.startswith(prefix) and len(key) > len(prefix):
            return other + key[len(prefix) :]
    return None


#: Statuses that say the user has no partner now ("Single again.", "Divorcé depuis mars.").
_WITHOUT_PARTNER = frozenset(
    {"relationship.single", "relationship.divorced", "relationship.separated"}
)
#: What says the user has a partner: a status, or a partner said (by name or not).
_PARTNER_KEYS = (
    "relationship.married",
    "relationship.engaged",
    "relationship.relationship",
    *(
        f"{kin.RELATIONS[rel].group}.{kin.RELATIONS[rel].slug}{tail}"
        for rel in sorted(kin.RELATIONS)
        if rel == "partner" or "partner" in kin.RELATIONS[rel].kinds
        for tail in (".name", "")
    ),
)


#: Statuses that say the user has a partner ("married"): no longer true once one ended.
PARTNER_STATUSES = frozenset(k for k in _PARTNER_KEYS if k.startswith("relationship."))


def partner_keys(key: str) -> tuple[str, ...]:
    """The keys of a partner a status of ``key`` says the user no longer has ("Single again."
    after "My husband is called Tom"), or ``()``."""
    return _PARTNER_KEYS if key in _WITHOUT_PARTNER else ()


#: The user's partners by the key's slug ("wife"), each with the slug of what they are once
#: the partnership ended ("ex_wife"; a partner, spouse or fiancé: "ex").
_EX_OF = {
    kin.RELATIONS[rel].slug: kin.RELATIONS.get(f"ex {rel}", kin.RELATIONS["ex"]).slug
    for rel in sorted(kin.RELATIONS)
    if kin.RELATIONS[rel].group == "family"
    and (rel == "partner" or "partner" in kin.RELATIONS[rel].kinds)
}
#: The partner's noun in a slot's (English) text ("Ana's wife is named Marta").
_PARTNER_NOUN = re.compile(
    r"\b(wife|husband|girlfriend|boyfriend|partner|spouse|fianc[ée]e?)\b", re.IGNORECASE
)


def as_an_ex(fact: Fact) -> Proposal | None:
    """What a partner's fact becomes once the user said the partnership ended and it stood
    ("Ana's wife is named Marta" → ``people.ex_wife.name``, "Ana's ex-wife is named Marta"):
    the person stays, findable as "my ex-wife", "my ex"; ``None`` for any other fact."""
    group, _, rest = fact.key.partition(".")
    slug, _, tail = rest.partition(".")
    if group != "family" or slug not in _EX_OF:
        return None
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return Proposal(
        key=".".join(p for p in ("people", _EX_OF[slug], tail) if p),
        value_text=_PARTNER_NOUN.sub(r"ex-\1", fact.value_text, count=1),
        category=fact.category,
        confidence=fact.confidence,
        value=value if isinstance(value, str) else None,
        sensitive=fact.sensitive,
        source_excerpt=fact.source_excerpt or "",
    )


def rejected_key(candidate: Candidate) -> str | None:
    """The key a correction's rejected value is filed under, when the candidate's key names
    its new value ("Actually I'm learning Greek, not Italian": "language.greek" rejects
    "language.italian"); ``None`` for any other candidate."""
    if is_note(candidate.key) or not candidate.corrects or not candidate.rejected:
        return None
    old = slug(candidate.rejected)
    head, _, named = candidate.key.rpartition(".")
    if not head or not old or old == named or not named:
        return None
    # The key names the new value the way it would name the rejected one.
    said = slug(candidate.value or candidate.value_text)
    if named not in said and named not in slug(candidate.source_excerpt):
        return None
    return f"{head}.{old}"


def proposal_of(candidate: Candidate, *, explicit: bool) -> Proposal:
    """The fact a candidate would write, with the policy's starting confidence (and its
    category and sensitivity read off its text: nothing sensitive is stored as plain)."""
    category, sensitive = classified(
        candidate.category, candidate.sensitive, candidate.value_text, candidate.source_excerpt
    )
    return Proposal(
        key=candidate.key,
        value_text=candidate.value_text,
        category=category,
        confidence=policy.initial_confidence(candidate.confidence_hint, explicit=explicit),
        value=candidate.value,
        event_time=candidate.event_time,
        valid_from=candidate.valid_from,
        valid_to=candidate.valid_to,
        sensitive=sensitive,
        source_excerpt=candidate.source_excerpt,
    )


def asked_about(candidate: Candidate, told: Sequence[Fact]) -> Fact | None:
    """The told fact ``candidate`` would change only once the user confirms it (the policy
    asks), or ``None`` — the reply's guess while learning has not finished in time, so a
    change of a confident home is never acknowledged "Got it" and then asked about."""
    if candidate.multi_valued:
        return None
    proposal = proposal_of(candidate, explicit=False)
    for old in told:
        if old.key != candidate.key or old.status != Status.ACTIVE:
            continue
        said = old.value_json.get("value") if isinstance(old.value_json, dict) else None
        if (said is not None and candidate.value is not None) and normalise_value(
            str(said)
        ) == normalise_value(candidate.value):
            return None  # said again
        if normalise_value(old.value_text) == normalise_value(candidate.value_text):
            return None
        if isinstance(enforce(Supersede(old.id, proposal), {old.id: old}), Pending):
            return old  # the write policy's own answer: asked
    return None


def guards(fact: Fact, *, explicit: bool, said_at: datetime | None) -> bool:
    """Whether a deleted fact stops its value being learned again: only what the user asked
    to forget (a faded fact is learned again when told again), never against an explicit
    ``/remember``, and not against the user's own new statement made after the forget
    (``said_at``; ``None`` for old material — consolidation, imports — and a tool's words)."""
    if fact.status != Status.DELETED or fact.faded or explicit:
        return False
    return said_at is None or said_at <= fact.updated_at


def decide_one(
    candidate: Candidate,
    related: Sequence[Fact],
    *,
    explicit: bool,
    now: datetime,
    said_at: datetime | None = None,
) -> Decision | None:
    """The rules auditor for one candidate (``None``: nothing to store). ``said_at``: when
    the user said it, for a statement in chat (see ``guards``)."""
    if candidate.temporary and not explicit:
        return None  # "for now", "just this once": not a durable fact (seed 004)
    if any(
        guards(f, explicit=explicit, said_at=said_at)
        and f.key == candidate.key
        and _same_value(candidate, f)
        for f in related
    ):
        return None  # the user made us forget this: never re-learned from old material
    live = [
        f
        for f in related
        if f.status == Status.ACTIVE or (f.status == Status.PENDING and not policy.is_ending(f))
    ]
    same_key = [f for f in live if f.key == candidate.key]
    if candidate.date_only:
        return _redated(candidate, same_key, explicit=explicit)
    proposal = proposal_of(candidate, explicit=explicit)
    if candidate.valid_to is not None and candidate.valid_to <= now:
        # "I don't live in Berlin any more": end the matching fact's validity (the same key
        # and value, else the same gist: "no longer allergic to peanuts" ends "has a peanut
        # allergy"). Nothing known to end: nothing to store.
        ended = [
            f
            for f in same_key
            if f.status == Status.ACTIVE and (not candidate.value or _same_value(candidate, f))
        ] or [f for f in live if f.status == Status.ACTIVE and _same_gist(proposal, f)]
        if not ended:
            return None
        return Expire(ended[0].id, ended[0].key, candidate.valid_to, stated=True, proposal=proposal)
    for fact in same_key:
        if _same_value(candidate, fact):
            if _new_date(candidate, fact):
                # "I moved to Dublin in 2024" after "… in 2023": the same fact, a new date.
                return Update(fact.id, replace(proposal, category=fact.category), "date corrected")
            delta = policy.repetition_delta(fact.confidence, explicit=explicit)
            return Noop(fact.id, fact.key, delta)
    said = tokens(candidate.value_text)
    for fact in live:
        similar = jaccard(tokens(fact.value_text), said) >= NEAR_DUPLICATE_JACCARD
        # Two slots of one person ("… son Felix is 16." beside "… son is named Felix.", alike
        # in every word but two once the user's name is in both) are never one repetition.
        if (
            fact.key != candidate.key
            and similar
            and not told_apart(fact.key, fact.value_text, candidate.key, candidate.value_text)
        ):
            return Noop(
                fact.id, fact.key, policy.repetition_delta(fact.confidence, explicit=explicit)
            )
    current = [f for f in same_key if f.status == Status.ACTIVE]
    if not current:
        if candidate.changes:
            return None  # "Wir sind jetzt in Rom" with no home told: maybe a trip
        return _first_of_key(candidate, proposal, live, related, explicit=explicit)
    old = current[0]
    if candidate.multi_valued:
        # Same object (the key names it), new wording: a compatible refinement.
        return Update(old.id, proposal, "refined wording")
    several = _one_of_several(candidate, proposal, old, live, explicit=explicit)
    if several is not None:
        return several
    return _said_as_a_change(
        candidate, enforce(Supersede(old.id, proposal), {old.id: old}, explicit=explicit)
    )


def _said_as_a_change(candidate: Candidate, decided: Decision | None) -> Decision | None:
    """``decided``; a question about a change the user stated of their home, job or plans, or
    a correction said plainly, is asked as one (``policy.STATED_CHANGE``: unanswered, the newer
    statement stands)."""
    if (
        isinstance(decided, Pending)
        and candidate.stated
        and not candidate.changes  # "wir sind jetzt in Rom": maybe a trip
        and (policy.changes_naturally(candidate.key) or policy.corrected_plainly(candidate))
    ):
        return replace(decided, reason=policy.STATED_CHANGE)
    return decided


#: The name of one of the user's people or pets (``family.son.name``, ``people.friend.name``,
#: ``pet.dog.name``, ``pet.name``); the head is what a second one's key starts with.
_NAME_KEY = re.compile(r"^(?P<head>(?:family|people)\.(?P<rel>\w+)|pet(?:\.\w+)?)\.name$")
#: A line that adds one more rather than naming the same one again: "we also have a dog called
#: Toby", "I have another son", "tenemos un perro que se llama Toby", "wir haben noch eine
#: Katze", "j'ai aussi une fille", "у нас есть ещё кошка".
_ANOTHER = re.compile(
    r"\b(?:also|too|another|other|second|third|as\s+well|one\s+more|new|both"
    r"|auch|noch|weitere[nmrs]?|zweite[nmrs]?|andere[nmrs]?|neue[nmrs]?"
    r"|también|tambien|otr[oa]s?|segund[oa]|nuev[oa]|aussi|autre|deuxième|seconde?|nouvel(?:le)?"
    r"|тоже|также|ещё|еще|друг(?:ой|ая|ое|ую)|втор(?:ой|ая|ое|ую)|нов(?:ый|ая|ое|ую))\b"
    r"|\b(?:have|has|got|adopted|there's|there\s+is)\s+(?:a|an)\b"
    r"|\b(?:habe|haben|hab|hat)\s+(?:ein|eine|einen)\b|\b(?:tengo|tenemos|tiene)\s+(?:un|una)\b"
    r"|\b(?:j['’]ai|avons|a)\s+(?:un|une)\b|\bесть\b",
    re.IGNORECASE,
)


def named_key(candidate: Candidate) -> str | None:
    """The key a second one of the user's people or pets by this candidate's name would take
    (``family.son.name`` "Sam" → ``family.son.sam.name``), or ``None``: not a name of one the
    user can have several of (a mother, a husband, a boss are held one at a time)."""
    m = _NAME_KEY.match(candidate.key)
    if m is None or not candidate.value:
        return None
    rel = m["rel"]
    if rel is not None and (
        (relation := kin.RELATIONS.get(rel.replace("_", " "))) is None or relation.one
    ):
        return None
    name = slug(candidate.value)
    return f"{m['head']}.{name}.name" if name else None


def second_one(old_key: str, new_key: str) -> bool:
    """Whether a conflict between these keys is about a second one by another name (a son
    "Leo" at ``family.son.name``, "Sam" asked about at ``family.son.sam.name``): "both" is
    then an answer too."""
    m = _NAME_KEY.match(old_key)
    return (
        m is not None
        and new_key.startswith(m["head"] + ".")
        and new_key.endswith(".name")
        and new_key.count(".") == old_key.count(".") + 1
    )


def _one_of_several(
    candidate: Candidate,
    proposal: Proposal,
    old: Fact,
    live: Sequence[Fact],
    *,
    explicit: bool,
) -> Decision | None:
    """Another name for a son, a sister or a dog the user already named: a second one beside
    the first when the line adds one ("we also have a dog called Toby"), the same one told
    again when it is known by that name, else a question — the name was said wrong before or
    it is a second one, and only the user knows which (Sam, Leo or both; "My son is called
    Sam" after Leo replaced Leo without a word). A rename or a correction ("we renamed the
    cat, she's called Luna now", "actually it's Tim, not Tom") changes the name as any change
    does (``None``)."""
    key = named_key(candidate)
    said = candidate.source_excerpt or candidate.value_text
    if key is None or candidate.valid_from is not None or candidate.corrects or is_correction(said):
        return None
    for fact in live:
        if fact.key == key and _same_value(candidate, fact):
            return Noop(
                fact.id, fact.key, policy.repetition_delta(fact.confidence, explicit=explicit)
            )
    if _ANOTHER.search(said):
        return Insert(replace(proposal, key=key), "another one of the user's people or pets")
    # Asked with the second one's key: "both" keeps it beside the first (see ``second_one``).
    return Pending(old.id, replace(proposal, key=key), "another name: the same one or a second?")


def _first_of_key(
    candidate: Candidate,
    proposal: Proposal,
    live: Sequence[Fact],
    related: Sequence[Fact],
    *,
    explicit: bool,
) -> Decision | None:
    """A candidate whose key holds no current fact: it ends the opposite one ("I love sushi
    now" after "I don't like sushi", asked about first when the policy says so: a confident
    dislike is not overruled), brings a faded fact back, or is new."""
    rejected = rejected_key(candidate)
    told = [f for f in live if f.status == Status.ACTIVE and f.key == rejected]
    if told:
        # "Actually I'm learning Greek, not Italian": the told Italian is what changes.
        decision = Supersede(told[0].id, proposal, "the rejected value said")
        return enforce(decision, {told[0].id: told[0]}, explicit=explicit)
    opposite = opposite_key(candidate.key)
    opposed = [f for f in live if f.status == Status.ACTIVE and f.key == opposite]
    ended = partner_keys(candidate.key)
    partners = [f for f in live if f.status == Status.ACTIVE and f.key in ended]
    if partners:
        # "Single again." after "My husband is called Tom": a change the user said, asked
        # about (the partner's name first), never kept silently beside the partner.
        old = next((f for f in partners if f.key.endswith(".name")), partners[0])
        return Pending(old.id, proposal, policy.STATED_CHANGE)
    if opposed:
        old = opposed[0]
        decision = Supersede(old.id, proposal, "the opposite said")
        return enforce(decision, {old.id: old}, explicit=explicit)
    for fact in related:
        if fact.faded and fact.key == candidate.key and _same_value(candidate, fact):
            # Told again after it faded: the same memory comes back (one row, its history).
            return Update(fact.id, proposal, "told again after it faded")
    return Insert(proposal)


def _new_date(candidate: Candidate, fact: Fact) -> bool:
    """Whether the candidate states another beginning (or time) than the fact holds."""
    if candidate.valid_from is not None and candidate.valid_from != fact.valid_from:
        return True
    return candidate.event_time is not None and candidate.event_time != fact.event_time


def _redated(candidate: Candidate, same_key: Sequence[Fact], *, explicit: bool) -> Decision | None:
    """A date-only correction ("I moved in 2024, not 2023"): the current fact of the key keeps
    its value and takes the new date (``None`` when there is none or it says that already)."""
    current = next((f for f in same_key if f.status == Status.ACTIVE), None)
    if current is None or not _new_date(candidate, current):
        return None
    stored = current.value_json.get("value") if isinstance(current.value_json, dict) else None
    proposal = replace(
        proposal_of(candidate, explicit=explicit),
        value_text=current.value_text,
        value=str(stored) if stored else None,
        category=current.category,
        sensitive=current.sensitive,
    )
    return Update(current.id, proposal, "date corrected")


def enforce(
    decision: Decision,
    known: Mapping[int, Fact],
    *,
    explicit: bool = False,
    said_at: datetime | None = None,
    forgotten: Mapping[str, Sequence[Fact]] | None = None,
) -> Decision | None:
    """One write policy for every writer (rules, LLM, consolidation, tools): a confident or
    high-risk fact is never changed by a single inference — the user is asked instead —
    and what the user asked to forget is never re-learned from old material or a tool, by
    the same value or (``forgotten``: the look-up's matches by meaning) the same meaning,
    unless the user states it anew (``said_at``, see ``guards``) or remembers it explicitly
    (``None``: drop the decision). A faded fact told again comes back."""
    match decision:
        case (
            Supersede(target_id=target, proposal=proposal)
            | Update(target_id=target, proposal=proposal)
        ):
            if _repeats_forgotten(proposal, known, forgotten, explicit, said_at):
                return None
            old = known.get(target)
            if old is not None and old.faded and isinstance(decision, Update):
                return decision  # a faded fact told again
            if old is None or old.status not in RETRIEVABLE:
                # Never a change to a forgotten fact: that would bring its value back.
                return _new_unless_forgotten(proposal, known, explicit, said_at, forgotten)
            if isinstance(decision, Update) and normalise_value(
                proposal.value_text
            ) == normalise_value(old.value_text):
                # The same words with another date ("I moved in 2024, not 2023"): no value
                # changes, so nothing to confirm (whoever decided it: the text is the check).
                return decision
            contradicts = isinstance(decision, Supersede)
            if contradicts and not policy.may_overwrite(old, proposal.confidence):
                return Pending(target, proposal)
            if (
                policy.is_high_risk(old.category)
                and proposal.confidence < policy.HIGH_RISK_MIN
                and not explicit
            ):
                return Pending(target, proposal)
            return decision
        case Expire(target_id=target, key=key, stated=stated, proposal=proposal):
            old = known.get(target)
            if old is None or old.status not in RETRIEVABLE:
                return None
            if old.confidence >= policy.CONFIDENT and old.pinned:
                return Noop(target, old.key, 0.0, "pinned fact not expired")
            if stated or explicit:
                return decision
            # An inferred ending (a model's tool call, not the user's words) of a high-risk
            # or confident fact is asked about, never applied: one question with buttons.
            asked = policy.is_high_risk(old.category) or old.confidence >= policy.CONFIDENT
            if asked and proposal is not None:
                return Pending(target, proposal, "ending needs confirmation")
            if policy.is_high_risk(old.category):
                return Noop(target, key, 0.0, "high-risk fact kept: only the user ends it")
            return decision
        case Insert(proposal=proposal):
            return _new_unless_forgotten(proposal, known, explicit, said_at, forgotten, decision)
        case Pending(proposal=proposal):
            if _repeats_forgotten(proposal, known, forgotten, explicit, said_at):
                return None
            return decision
        case Noop():
            return decision


def _repeats_forgotten(
    proposal: Proposal,
    known: Mapping[int, Fact],
    forgotten: Mapping[str, Sequence[Fact]] | None,
    explicit: bool,
    said_at: datetime | None,
) -> bool:
    """Whether ``proposal`` brings back a fact the user asked to forget that still guards:
    the same key and value, or the same meaning (the look-up's embedding matches)."""
    value = normalise_value(proposal.value or proposal.value_text)
    for fact in known.values():
        if not guards(fact, explicit=explicit, said_at=said_at) or fact.key != proposal.key:
            continue
        stored = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
        if value in (normalise_value(str(stored or "")), normalise_value(fact.value_text)):
            return True
    similar = (forgotten or {}).get(proposal.key, ())
    return any(guards(f, explicit=explicit, said_at=said_at) for f in similar)


def _new_unless_forgotten(
    proposal: Proposal,
    known: Mapping[int, Fact],
    explicit: bool,
    said_at: datetime | None = None,
    forgotten: Mapping[str, Sequence[Fact]] | None = None,
    decision: Decision | None = None,
) -> Decision | None:
    """An insert of ``proposal``, unless it brings back what the user asked to forget."""
    if _repeats_forgotten(proposal, known, forgotten, explicit, said_at):
        return None
    return decision if decision is not None else Insert(proposal, "target not found; stored as new")


def cap_writes(
    decisions: Sequence[Decision],
    stated_keys: frozenset[str] = frozenset(),
    limit: int = policy.MAX_WRITES_PER_TURN,
) -> list[Decision]:
    """At most ``limit`` inferred writes per turn (``MEMBOT_MAX_FACTS_PER_TURN``, seed 001;
    seed 003 §13); noops are kept.

    Writes of a key in ``stated_keys`` (what the user plainly said, already bounded by
    ``MAX_STATED_PER_TURN``) do not count: the cap is for an LLM's inferences, and a plain
    "I'm a nurse and I live in Oslo" must keep all of its facts.
    """
    out: list[Decision] = []
    writes = 0
    for decision in decisions:
        if is_write(decision) and decision_key(decision) not in stated_keys:
            if writes >= limit:
                continue
            writes += 1
        out.append(decision)
    return out


def held_with_pending(decisions: Sequence[Decision], known: Mapping[int, Fact]) -> list[Decision]:
    """A change that waits for the user's answer is visible nowhere else until it is given: a
    note written from the same sentence ("Non, j'ai 30 ans et pas 29." beside the age asked
    about, "Ich arbeite als Koch in einem Restaurant" beside the job) is not kept — it would
    show the new value as told in /profile and answers, around the question. A statement said
    again while its change still waits (a noop on the pending fact) holds its note back too."""
    waiting = {_said(d.proposal.source_excerpt) for d in decisions if isinstance(d, Pending)} | {
        _said(fact.source_excerpt or "")
        for d in decisions
        if isinstance(d, Noop | Update)
        and (fact := known.get(d.target_id)) is not None
        and fact.status == Status.PENDING
    }
    # A change asked about before (its line read again by a consolidation): still waiting.
    waiting |= {_said(f.source_excerpt or "") for f in known.values() if f.status == Status.PENDING}
    waiting.discard("")
    if not waiting:
        return list(decisions)
    # The values on both sides of each change waiting: the clauses that say them are its.
    values = [d.proposal.value for d in decisions if isinstance(d, Pending)] + [
        _value_of(fact)
        for d in decisions
        if isinstance(d, Pending | Noop | Update)
        and (fact := known.get(d.target_id)) is not None
        and (fact.status == Status.PENDING or isinstance(d, Pending))
    ]
    values += [_value_of(f) for f in known.values() if f.status == Status.PENDING]
    out: list[Decision] = []
    held: list[Proposal] = []
    for d in decisions:
        if isinstance(d, Insert | Update | Supersede | Pending) and is_note(d.proposal.key):
            said = _said(d.proposal.source_excerpt)
            if _part_of_line(d, said, known):
                # The line read again (a consolidation) while its change waits: the part said
                # beside it is kept already, the whole line is written when the change stands.
                continue
            asked = bool(said) and any(w in said or said in w for w in waiting)
            if isinstance(d, Pending) or not asked:
                out.append(d)
                continue
            if isinstance(d, Update | Supersede):
                # A told note the line corrects: asked about with the rest.
                out.append(Pending(d.target_id, d.proposal, "said with a change asked about"))
                continue
            if (rest := _without_change(d.proposal, [v for v in values if v])) is not None:
                # "Wir sind nach Lyon gezogen und ich habe dort als Bäcker angefangen":
                # what else the line says is learned as usual, while the change waits.
                out.append(Insert(rest, BESIDE_A_CHANGE))
            if not d.proposal.sensitive:
                held.append(d.proposal)  # the whole line: written once the change stands
            continue  # a new note of the line: the change asked about says it
        out.append(d)
    return _holding(out, held)


#: Why a note keeps only what a line said beside a change asked about (its other clauses).
BESIDE_A_CHANGE = "said beside a change asked about"


def _part_of_line(d: Decision, said: str, known: Mapping[int, Fact]) -> bool:
    """Whether ``d`` changes a note written from a part of the same line (its clauses said
    beside a change that waits): the line's note is no change of its own part."""
    if isinstance(d, Insert | Noop | Expire) or not said:
        return False
    target = known.get(d.target_id)
    if target is None or not is_note(target.key) or target.status != Status.ACTIVE:
        return False
    part = _said(target.source_excerpt or "")
    return bool(part) and part != said and part in said


def _holding(decisions: Sequence[Decision], held: Sequence[Proposal]) -> list[Decision]:
    """``decisions``, each question about a change carrying the notes of its line that wait
    with it (``Proposal.held``: written when the change stands, never if the user keeps the
    old value)."""
    left = list(held)
    out: list[Decision] = []
    for d in decisions:
        if left and isinstance(d, Pending) and not is_note(d.proposal.key):
            line = _said(d.proposal.source_excerpt)
            mine = tuple(
                n
                for n in left
                if line and ((w := _said(n.source_excerpt)) and (line in w or w in line))
            )
            if mine:
                d = replace(d, proposal=replace(d.proposal, held=d.proposal.held + mine))
                left = [n for n in left if n not in mine]
        out.append(d)
    return out


def held_from_rejected(
    decisions: Sequence[Decision],
    known: Mapping[int, Fact],
    rejected: Sequence[Fact],
    *,
    said_at: datetime | None = None,
) -> list[Decision]:
    """A value the user rejected with the button (or asked to forget) never comes back in a
    note of the line that said it: old material read again (a session's consolidation,
    ``said_at`` ``None``) wrote "On a déménagé à Mons et j'ai commencé comme boulanger" back
    after the user kept Liège. Such a note keeps only its clauses that do not say a rejected
    value (none when the value is no slot's: the note is dropped whole)."""
    gone = [f for f in rejected if guards(f, explicit=False, said_at=said_at)]
    lines = {_said(f.source_excerpt or "") for f in gone} - {""}
    if not lines:
        return list(decisions)
    values = [v for f in gone if (v := _value_of(f))]
    out: list[Decision] = []
    for d in decisions:
        if not (isinstance(d, Insert | Update | Supersede | Pending) and is_note(d.proposal.key)):
            out.append(d)
            continue
        said = _said(d.proposal.source_excerpt)
        if not said or not any(w in said or said in w for w in lines):
            out.append(d)
            continue
        rest = _without_change(d.proposal, values)
        if rest is None:
            continue  # every clause says the rejected value, or no slot holds it
        if any(
            f.key == rest.key and normalise_value(f.value_text) == normalise_value(rest.value_text)
            for f in gone
        ):
            continue  # the part said beside it, rejected with it (``resolve``'s KEEP)
        target = known.get(d.target_id) if not isinstance(d, Insert) else None
        if target is not None and normalise_value(target.value_text) == normalise_value(
            rest.value_text
        ):
            continue  # what the told note says already
        out.append(replace(d, proposal=rest))
    return out


def _value_of(fact: Fact) -> str | None:
    """A fact's slot value ("Berlin"), when it has one."""
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return value if isinstance(value, str) else None


def _without_change(proposal: Proposal, values: Sequence[str]) -> Proposal | None:
    """A note of a line that also says a change asked about, without the clauses that say
    either side of it (``values``), or ``None`` when every clause says one (or none does: the
    change is said in other words, and the note is held back whole, as before)."""
    if not values:
        return None
    text = proposal.value_text.strip().rstrip(".!")
    parts = said_clauses(text)
    rest = [p for p in parts if not any(covers(v, p) for v in values)]
    if not rest or len(rest) == len(parts) or len(re.findall(r"[^\W\d_]+", " ".join(rest))) < 2:
        return None
    kept = ", ".join(rest)
    kept = kept[:1].upper() + kept[1:] + "."
    excerpt = proposal.source_excerpt.strip().rstrip(".!")
    said = [p for p in said_clauses(excerpt) if not any(covers(v, p) for v in values)]
    return replace(
        proposal, value_text=kept, source_excerpt=", ".join(said) if said else kept.rstrip(".")
    )


def _said(excerpt: str) -> str:
    """A sentence's words, lower case, for telling two readings of one sentence apart."""
    return " ".join(re.findall(r"\w+", excerpt.lower()))


class RulesAuditor:
    """The offline, deterministic auditor."""

    async def decide(
        self,
        turn: TurnInput,
        candidates: Sequence[Candidate],
        related: Mapping[str, Sequence[Fact]],
    ) -> list[Decision]:
        """Decide each candidate against the facts retrieved for it (the forget guard is
        left to ``enforce``, which knows whether the turn is the user's new word)."""
        out: list[Decision] = []
        for cand in policy.bound_candidates(candidates):
            decision = decide_one(
                cand,
                related.get(cand.key, ()),
                explicit=turn.explicit,
                now=turn.time,
                said_at=turn.time,
            )
            if decision is not None:
                out.append(decision)
        return out
