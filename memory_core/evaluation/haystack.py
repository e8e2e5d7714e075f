"""LoCoMo haystacks: each conversation's sessions hidden among distractor sessions.

A long-memory QA haystack (LongMemEval's shape) is one user with ~48 chat sessions, a few of
which hold a question's evidence, among many unrelated ones. ``build`` makes one from each
development conversation: its own sessions plus sessions drawn from the *other* conversations,
spoken by this conversation's two people (speakers and every mention of the other pair's names
renamed, so a name in the question does not tell the evidence apart) and dated inside this
conversation's span, between its own sessions. The result is an ordinary
:class:`~memory_core.evaluation.locomo.Conversation` (distractor turns have ids that are never
evidence), so ``locomo.run_locomo`` ingests, embeds, scores and tunes it like any conversation.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace

from memory_core.evaluation.locomo import Conversation, DialogueTurn

#: Sessions per haystack (LongMemEval-S: ~48 sessions per question).
DEFAULT_SESSIONS = 48
#: Distractor session numbers start here (times the source's position), away from real ones.
_SESSION_BASE = 1000


def _sessions(conv: Conversation) -> dict[int, list[DialogueTurn]]:
    out: dict[int, list[DialogueTurn]] = {}
    for turn in conv.turns:
        out.setdefault(turn.session, []).append(turn)
    return out


def _renamer(source: tuple[str, str], target: tuple[str, str]) -> dict[str, str]:
    """The source pair's names → the target pair's (speaker A to A, B to B)."""
    return {a: b for a, b in zip(source, target, strict=True) if a and b and a != b}


def rename(text: str, names: dict[str, str]) -> str:
    """``text`` with every whole-word mention of a name replaced (possessives follow)."""
    if not names or not text:
        return text
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


def _distractors(
    target: Conversation, others: Sequence[Conversation], wanted: int
) -> list[tuple[int, Conversation, int]]:
    """``wanted`` (source position, source, session) picks from ``others``, seeded by the
    target's id, in source order."""
    pool = [
        (position, conv, number)
        for position, conv in enumerate(others)
        for number in sorted(_sessions(conv))
    ]
    if wanted >= len(pool):
        return pool
    chosen = set(random.Random(f"haystack:{target.sample_id}").sample(range(len(pool)), wanted))
    return [pick for index, pick in enumerate(pool) if index in chosen]


def build(
    conversations: Sequence[Conversation], *, sessions: int = DEFAULT_SESSIONS
) -> list[Conversation]:
    """One haystack per conversation: its sessions plus distractor sessions of the others,
    renamed to its speakers and spread over its dates, ``sessions`` in all (as many as there
    are, when the others hold too few)."""
    return [
        build_one(conv, [o for o in conversations if o is not conv], sessions=sessions)
        for conv in conversations
    ]


def build_one(
    target: Conversation, others: Sequence[Conversation], *, sessions: int = DEFAULT_SESSIONS
) -> Conversation:
    """``target``'s haystack of ``sessions`` sessions (see ``build``)."""
    own = _sessions(target)
    picks = _distractors(target, others, max(0, sessions - len(own)))
    starts = [turns[0].when for turns in own.values()]
    first, last = min(starts), max(starts)
    blocks: list[list[DialogueTurn]] = list(own.values())
    for index, (position, source, number) in enumerate(picks):
        names = _renamer(source.speakers, target.speakers)
        turns = _sessions(source)[number]
        # Evenly between the target's first and last session, never on one of its starts.
        start = first + (last - first) * ((index + 0.5) / len(picks))
        start = start.replace(second=0, microsecond=0)
        offset = start - turns[0].when
        session = _SESSION_BASE * (position + 1) + number
        block: list[DialogueTurn] = []
        for turn in turns:
            block.append(
                DialogueTurn(
                    dia_id=f"{source.sample_id}/{turn.dia_id}",
                    session=session,
                    speaker=names.get(turn.speaker, turn.speaker),
                    text=rename(turn.text, names),
                    when=turn.when + offset,
                    context=block[-1].line if block else "",
                )
            )
        blocks.append(block)
    blocks.sort(key=lambda b: (b[0].when, b[0].session))
    ordered = tuple(turn for block in blocks for turn in block)
    return replace(target, sample_id=f"{target.sample_id}+hay{sessions}", turns=ordered)


# ---- questions in the user's first person ------------------------------------------------------

_ASK = {"did": "did I", "does": "do I", "is": "am I", "was": "was I", "has": "have I"}
_SAYS = {"is": "I am", "has": "I have", "was": "I was"}
_OBJECT = r"to|with|for|about|of|from|give|gave|help|helped|tell|told|by|and|than"
_PRONOUNS = (
    (r"\bshe's\b|\bhe's\b", "I'm"),
    (r"\bherself\b|\bhimself\b", "myself"),
    (r"\bher\b(?=\s*(?:[?.!,]|$))", "me"),
    (r"\bher\b|\bhis\b", "my"),
    (r"\bhim\b", "me"),
    (r"\bshe\b|\bhe\b", "I"),
)


def first_person(question: str, speaker: str) -> str:
    """``question`` about ``speaker`` asked by them ("What did Ann's cat eat?" → "What did my
    cat eat?"): the name and the third-person pronouns become I / me / my, roughly (a search
    reads words, not grammar)."""
    name = re.escape(speaker)
    out = re.sub(rf"\b{name}'s\b", "my", question)
    out = re.sub(rf"\b(did|does|is|was|has)\s+{name}\b", lambda m: _ASK[m.group(1)], out)
    out = re.sub(rf"\b{name}\s+(is|has|was)\b", lambda m: _SAYS[m.group(1)], out)
    out = re.sub(rf"\b({_OBJECT})\s+{name}\b", r"\1 me", out, flags=re.IGNORECASE)
    out = re.sub(rf"\b{name}\b", "I", out)
    for pattern, word in _PRONOUNS:
        out = re.sub(pattern, word, out, flags=re.IGNORECASE)
    return out


def in_first_person(conv: Conversation) -> Conversation:
    """``conv`` with each question naming exactly one of its two speakers asked by that
    speaker in the first person (the others, naming both or neither, as they are)."""
    questions = []
    for q in conv.questions:
        named = [s for s in conv.speakers if re.search(rf"\b{re.escape(s)}\b", q.question)]
        text = first_person(q.question, named[0]) if len(named) == 1 else q.question
        questions.append(replace(q, question=text))
    # Same turns, same user: a --db holding the haystack serves both wordings.
    return replace(conv, questions=tuple(questions))
