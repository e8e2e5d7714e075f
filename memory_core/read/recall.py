"""Recall for one turn: the memory block for a prompt, the delta header, then priorities,
within a token budget.

Order (seeds 000, 003, 004): "Memory updates since rev X" (≤ 3 bullets), hard constraints and
hard preferences, who the user is (identity), current tasks, relevant facts, soft
preferences, the latest reflection.
Over budget, the stalest and least confident items go first. In a group, sensitive
categories are never included. Trivial turns ("thanks", "2+2?") get no memory at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from memory_core.extract.filters import QUESTION_LEAD_IN
from memory_core.extract.filters import is_question as learner_is_question
from memory_core.extract.notes import UNMARKED_QUESTION
from memory_core.read.disclosure import is_private, mask_secrets, private_text
from memory_core.store.users import UserSettings
from memory_core.text.asking import asks_unmarked
from memory_core.text.spelling import plainly
from memory_core.values import (
    SENSITIVE_CATEGORIES,
    Category,
    Change,
    Fact,
    SearchHit,
    Status,
)

MAX_DELTA_BULLETS = 3
_TRIVIAL = re.compile(
    r"^\s*(?:hi|hey|hello|yo|thanks?|thank you|thx|ty|ok(?:ay)?|k|cool|nice|great|lol|haha+|"
    r"bye|good ?night|gn|yes|no|yep|nope|sure|\W*|[\d\s+\-*/().=?^%x]+)\s*[!.?]*\s*$",
    re.IGNORECASE,
)
_DELTA_MARK = {
    "created": "+created",
    "updated": "↑updated",
    "merged": "↔merged",
    "deleted": "−deleted",
    "faded": "⌁faded",
    "restored": "↺restored",
    "expired": "⌛expired",
    "pending": "?unconfirmed",
    "confirmed": "✓confirmed",
}


_QUESTION = re.compile(
    r"\?\s*$|^\s*(?:what|whats|where|wheres|when|who|whos|which|how|hows|do|does|did|am|is|are|can|"
    r"could|tell\s+me|"
    r"remind\s+me)\b",
    re.IGNORECASE,
)
#: A question or request for what the user told, in the other languages the bot speaks, when
#: it does not end with "?": its opening words (question words, inverted verbs, "tell me",
#: "remind me"). Only openers statements rarely have: "Tengo un perro", "Quand j'étais petit…",
#: "Когда я…", "Wie gesagt…" are statements, so those words are not here.
_ASKS_ABROAD = re.compile(
    r"^\s*(?:¿"
    # de
    r"|(?:wo|woher|wer|wann|welche[rsnm]?|warum|weißt\s+du|erzähle?\s+mir|"
    r"erinnere\s+mich|sag\s+mir|habe\s+ich|hab\s+ich|bin\s+ich|"
    # … and said formally ("Erinnern Sie mich …", "Recuérdeme …", "Rappelez-moi …",
    # "Напомните, пожалуйста, …").
    r"erinnern\s+Sie\s+mich|sagen\s+Sie\s+mir|erzählen\s+Sie\s+mir|wissen\s+Sie)\b"
    # es
    r"|(?:qué|dónde|quién(?:es)?|cuándo|cómo|cuál(?:es)?|cuánt[oa]s?|dime|cuéntame|"
    r"recuérdame|sabes|recuérdeme|dígame|cuénteme|sabe\s+usted)(?!\w)"
    # fr
    r"|(?:quel(?:le)?s?|où|combien|est-ce\s+que|ai-je|suis-je|dis-moi|"
    r"rappelle-moi|parle-moi|sais-tu|rappelez-moi|dites-moi|parlez-moi|savez-vous)(?![\w-])"
    # ru
    r"|(?:где|кто|какой|какая|какое|какие|сколько|кем|откуда|расскажи|"
    r"напомни|скажи|есть\s+ли|ты\s+знаешь|напомните|скажите|расскажите|подскажите|"
    r"не\s+подскажете|вы\s+знаете)(?!\w))",
    re.IGNORECASE,
)


def is_question(text: str) -> bool:
    """True for a line that asks something (it may be answered from earlier turns), in chat
    without "?" or accents too ("wie heißt mein mann"), after a spoken lead-in ("hang on, who's
    my dentist", "а где я живу"), or in chat shorthand ("wat car do i drive")."""
    text = QUESTION_LEAD_IN.sub("", text.strip())
    if bool(_QUESTION.search(text) or _ASKS_ABROAD.search(text) or UNMARKED_QUESTION.match(text)):
        return True
    # Asked the way chat asks without "?" ("tu bosses où", "Trinke ich genug", "whos my
    # dentist", "что я пью по утрам"): the learner keeps none of it as a statement either.
    if asks_unmarked(text):
        return True
    # What the learner's question test refuses is answered as one ("have i got a bike or
    # wat"): else it is neither kept nor answered ("I didn't save that"). Not the notes' own
    # test, which refuses any sentence opening with a question word ("Что касается работы, я
    # бухгалтер." is a statement neither side keeps).
    if learner_is_question(text):
        return True
    plain = plainly(text)
    return plain != text and bool(
        _QUESTION.search(plain) or UNMARKED_QUESTION.match(plain) or asks_unmarked(plain)
    )


def is_trivial(text: str) -> bool:
    """Greetings, thanks, acknowledgements and bare arithmetic need no memory (seed 004)."""
    return len(text) <= 40 and bool(_TRIVIAL.match(text))


def estimate_tokens(text: str) -> int:
    """A cheap token estimate (≈ 4 characters per token)."""
    return max(1, (len(text) + 3) // 4)


def delta_bullets(changes: Sequence[Change], *, group: bool) -> list[str]:
    """At most three bullets for the newest changes (seed 003 §1); sensitive ones hidden in
    groups; a superseded row is shown through its replacement's "updated" bullet."""
    out: list[str] = []
    for ch in changes:
        mark = _DELTA_MARK.get(ch.event)
        if mark is None or (
            group and (ch.meta.get("sensitive") or ch.meta.get("kind") == "insight")
        ):
            continue
        if group and any(f"[{c.value}]" in ch.summary for c in SENSITIVE_CATEGORIES):
            continue
        if group and private_text(ch.summary):
            continue
        if str(ch.meta.get("key", "")).startswith("procedure.") or ch.summary.startswith(
            f"[{Category.PROCEDURAL.value}]"
        ):
            continue  # a procedure is never in the default context (seed 003 §12)
        # What the user made us forget never reaches a prompt again, not even as a delta.
        # A faded one is not in context either (seed 003 §7), but it was not a user's wish.
        if ch.event == "deleted":
            said = "a memory the user asked to forget"
        elif ch.event == "faded":
            said = "a memory unused for months faded (the user can restore it)"
        else:
            said = as_data(mask_secrets(ch.summary, tail=False)[:160])
        out.append(f"- {mark}: {said}")
        if len(out) == MAX_DELTA_BULLETS:
            break
    return out


@dataclass(frozen=True, slots=True)
class MemoryBlock:
    """The text injected into the prompt, its size, and what it contains."""

    text: str
    tokens: int
    fact_ids: tuple[int, ...]
    delta_from_rev: int | None = None
    #: The user's revision this block brought them up to (recorded with the turn).
    shown_rev: int | None = None
    #: The facts in the block, in block order (as the block's audience may see them).
    facts: tuple[Fact, ...] = ()


@dataclass(frozen=True, slots=True)
class Recall:
    """What one chat turn reads before answering: the user's settings, the ranked hits, the
    memory block and this chat's recent history (``(role, text)``, oldest first)."""

    settings: UserSettings
    hits: list[SearchHit]
    block: MemoryBlock
    history: list[tuple[str, str]]
    trivial: bool
    #: For a question in a private chat: what the user said before that matches it (their
    #: own earlier turns, best first), so an answer can fall back on it when no fact does.
    episodes: list[SearchHit] = field(default_factory=list)
    #: The turn was answered already (the platform delivered the same message again): nothing
    #: else was read, and nothing should be answered or committed.
    answered: bool = False
    #: That answer, as stored (secrets masked): sent again only when the delivery that
    #: answered may have died before sending it (see ``IncomingMessage.resumed``).
    answer: str = ""
    #: Every hit of the turn's search, before the block's score floor (a question's are read
    #: ``ANSWER_K`` deep): what ``memory_core.answering`` judges.
    candidates: list[SearchHit] = field(default_factory=list)
    #: The topic the message asks the user's way of doing for ("how do I like my reports
    #: done?" → "reports"), and those procedures (seed 003 §12: never in the block, read
    #: only when asked), as the audience may see them; ``asks_steps``: the question is
    #: plainly about a way of doing it ("… done?", "… routine?"), not a mere preference.
    procedure_topic: str | None = None
    asks_steps: bool = False
    procedures: list[Fact] = field(default_factory=list)
    #: For a question naming someone or something the user told us about ("tell me everything
    #: about Marco"): the facts linked to that entity, as the audience may see them.
    about: tuple[Fact, ...] = ()
    #: In a group chat: the hits of the chat's own memory (``memory_core.user.groups``), best first.
    group_hits: list[SearchHit] = field(default_factory=list)
    #: Of the keys the recall was asked about (a statement's, read by the preview), those that
    #: meet something the user told before (in any status, the opposite liking too).
    known_keys: frozenset[str] = frozenset()


_MARKUP = str.maketrans({"<": "‹", ">": "›", "\n": " ", "\r": " ", "`": "'"})


def as_data(text: str) -> str:
    """Stored text made inert for a prompt: no tags (``</user_memory>``, ``<system>``), no
    line breaks that could start a heading or a fake turn, no code fences. Memory is data
    the user gave us, never instructions."""
    return " ".join(text.translate(_MARKUP).split())


def _line(fact: Fact) -> str:
    flag = " (unconfirmed)" if fact.status == Status.PENDING else ""
    # A state the user said began earlier than they said it ("I moved here last month").
    since = (
        f" (since {fact.valid_from:%B %Y})" if (fact.created_at - fact.valid_from).days >= 2 else ""
    )
    # An insight is written to the user ("You take pride in…"): "you" there is the user.
    said = "(impression, worded to the user) " if fact.kind == "insight" else ""
    return f"- {said}{as_data(fact.value_text)}{since}{flag}"


HARD = "Hard constraints and preferences"
IDENTITY = "About the user"
ALSO = "Also known"
#: Profile categories with a section of their own (hard constraints are found by key too).
_SECTIONED = frozenset(
    {
        Category.HARD_PREFERENCE,
        Category.HEALTH,
        Category.IDENTITY,
        Category.TASK_CONTEXT,
        Category.SOFT_PREFERENCE,
    }
)


def is_hard_constraint(fact: Fact) -> bool:
    """Allergies, diets, health and other hard preferences: what must never be forgotten
    when it matters ("what should I cook tonight?")."""
    return fact.category in (Category.HARD_PREFERENCE, Category.HEALTH) or fact.key.startswith(
        ("allergy.", "diet")
    )


def _rank(fact: Fact, now: datetime) -> float:
    age_days = max(0.0, (now - fact.last_mentioned_at).total_seconds() / 86400)
    return fact.confidence / (1.0 + age_days / 30.0)


def _admissible(f: Fact, group: bool, min_confidence: float) -> bool:
    """Whether ``f`` may be in a block (for a group: nothing private)."""
    if f.status not in (Status.ACTIVE, Status.PENDING):
        return False
    if group and is_private(f):
        return False
    # A hard constraint never fades out of the block (decay asks "still true?" instead).
    return is_hard_constraint(f) or f.confidence >= min_confidence


def _once(items: Sequence[Fact], seen: set[int]) -> list[Fact]:
    """``items`` not ``seen`` yet (then seen): once per block — a fact in the profile slice
    that is also a search hit (the allergy the user asks about) is in two sections' lists."""
    out: list[Fact] = []
    for f in items:
        if f.id not in seen:
            seen.add(f.id)
            out.append(f)
    return out


def _follows(
    relevant: Sequence[Fact],
    related: Mapping[int, Sequence[Fact]],
    seen: set[int],
    allowed: Callable[[Fact], bool],
) -> dict[int, list[Fact]]:
    """Each related fact once, after the first relevant fact it is related to."""
    follows: dict[int, list[Fact]] = {}
    for fact in relevant:
        extra = [f for f in related.get(fact.id, ()) if f.id not in seen and allowed(f)]
        seen.update(f.id for f in extra)
        if extra:
            follows[fact.id] = extra
    return follows


def _lines(items: Sequence[Fact], follows: Mapping[int, Sequence[Fact]]) -> str:
    """A section's bullets, each fact's related bullets right after it."""
    out = []
    for f in items:
        out.append(_line(f))
        out += [f"  - related: {_line(r)[2:]}" for r in follows.get(f.id, ())]
    return "\n".join(out)


def build(
    *,
    profile_facts: Sequence[Fact],
    hits: Sequence[SearchHit],
    changes: Sequence[Change],
    since_rev: int | None,
    reflection: str | None,
    group: bool,
    budget_tokens: int,
    now: datetime,
    min_confidence: float = 0.2,
    related: Mapping[int, Sequence[Fact]] | None = None,
) -> MemoryBlock:
    """Assemble the memory block within ``budget_tokens``; ``related``: facts related to a
    relevant one (seed 003 §2), shown right after it unless the block has them already —
    the first thing left out when the budget is short."""

    def allowed(f: Fact) -> bool:
        return _admissible(f, group, min_confidence)

    facts = [f for f in profile_facts if allowed(f)]
    relevant = [h.fact for h in hits if h.fact is not None and allowed(h.fact)]
    sections: list[tuple[str, list[Fact]]] = [
        (HARD, [f for f in [*facts, *relevant] if is_hard_constraint(f)]),
        (IDENTITY, [f for f in facts if f.category == Category.IDENTITY]),
        ("Current tasks", [f for f in facts if f.category == Category.TASK_CONTEXT]),
        ("Relevant memories", relevant),
        ("Soft preferences", [f for f in facts if f.category == Category.SOFT_PREFERENCE]),
        # A category the categories file puts in every block (context ``all``) that has no
        # section of its own (the shipped file has none).
        (ALSO, [f for f in facts if f.category not in _SECTIONED]),
    ]
    seen: set[int] = set()
    chosen = [(title, _once(items, seen)) for title, items in sections]
    bullets = delta_bullets(changes, group=group) if since_rev is not None else []
    follows = _follows(dict(chosen)["Relevant memories"], related or {}, seen, allowed)

    def render() -> str:
        parts: list[str] = []
        if bullets:
            parts.append(f"Memory updates since rev {since_rev}:\n" + "\n".join(bullets))
        for title, items in chosen:
            if items:
                parts.append(f"## {title}\n" + _lines(items, follows))
        if reflection:
            parts.append(f"## Latest reflection\n{as_data(reflection[:600])}")
        return "\n\n".join(parts)

    text = render()
    # Over budget, by priority (seeds 000, 003): the reflection first, then soft preferences,
    # relevant memories, current tasks and the delta header; hard constraints last. Within a
    # tier the stalest, least confident fact goes first.
    by_title = dict(chosen)
    tiers = [
        by_title[t]
        for t in (ALSO, "Soft preferences", "Relevant memories", "Current tasks", IDENTITY)
    ]
    while estimate_tokens(text) > budget_tokens:
        tier = next((t for t in tiers if t), None)
        if follows:
            last = list(follows)[-1]
            follows[last].pop()
            if not follows[last]:
                del follows[last]
        elif reflection:
            reflection = None
        elif tier is not None:
            tier.remove(min(tier, key=lambda f: _rank(f, now)))
        elif bullets:
            bullets.pop()
        elif by_title[HARD]:
            hard = by_title[HARD]
            hard.remove(min(hard, key=lambda f: _rank(f, now)))
        else:
            break
        text = render()
    shown = tuple(g for _, items in chosen for f in items for g in (f, *follows.get(f.id, ())))
    ids = tuple(f.id for f in shown)
    return MemoryBlock(text, estimate_tokens(text) if text else 0, ids, since_rev, facts=shown)
