"""Where a question of ``membot eval answers`` was lost: the stage of ``read.answer``.

A right answer needs a right memory among the search's hits (*not retrieved* otherwise), kept
by every gate ``read.answer.judged`` applies before ranking (an attribute the question names,
food and allergies, medicines, another of the user's people, what a name alone cannot say:
*withheld by* that gate), ranked first by relevance (*outranked* by another memory
otherwise), and over the floors and the answer score (*withheld by* the score); the steps
after that may still put another memory first (*reordered*). ``stage`` names the first stage
that lost the right memories; it replays ``judged``'s gates in order, and says so when it
cannot tell (a gate it does not know of: *unmirrored*).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from memory_core.read import answer as a
from memory_core.text.domains import RESTRICTION
from memory_core.values import SearchHit

Gate = Callable[[list[SearchHit], str], list[SearchHit]]


def _food(hits: list[SearchHit], q: str) -> list[SearchHit]:
    if not a._asks_what_one_likes_to_eat(q):
        return hits
    return [h for h in hits if a._restricts(h) != a._ALLERGY_OR_INTOLERANCE]


def _allergy(hits: list[SearchHit], q: str) -> list[SearchHit]:
    return [h for h in hits if a._restricts(h)] if a._ASKS_ALLERGY.search(q) else hits


def _medicine(hits: list[SearchHit], q: str) -> list[SearchHit]:
    if not (a._ASKS_MEDICINE.search(q) or a._ASKS_TAKEN.search(q)):
        return hits
    avoid = RESTRICTION.search(q) is not None or a._NEGATED.search(q) is not None
    return [h for h in hits if a._takes(h) or (avoid and a._restricts(h))]


#: ``judged``'s gates before ``_about_another``, in its order.
_FIRST_GATES: tuple[tuple[str, Gate], ...] = (
    ("attribute named", a._naming_the_attribute),
    ("food, not an allergy", _food),
    ("allergy asked", _allergy),
    ("medicine asked", _medicine),
)


def another_reason(hit: SearchHit, q: str, everyone: Sequence[SearchHit]) -> str | None:
    """Why ``read.answer._about_another`` leaves ``hit`` out for question ``q`` (its
    branches, named), or ``None`` when it does not."""
    if a._own_of_them(hit, a.asked_relation(q), q) or not a._about_another(hit, q, everyone):
        return None
    key = hit.fact.key if hit.fact is not None else ""
    if a._ORIGIN.search(q) and (
        a._HOME_KEY.match(key) or (key.startswith("note.") and a._LIVES.search(hit.text))
    ):
        return "home for where the user comes from"
    relation = a.asked_relation(q)
    named = a._person_named(q, everyone) if relation is None else None
    animal = a.animal_named(q) if relation is None and named is None else None
    if relation is None and named is None and animal is None:
        return "one of the user's people asked of the user"
    whom = a._one_of(hit)
    if whom is None and key.startswith("note."):
        if animal is None and a._of_the_user_alone(hit.text, q):
            return "a note of the user for one of their people"
        return "a note about another"
    if whom is None:
        if a._OWN_PERSONAL.match(key):
            return "the user's own fact for one of their people"
        return "a fact naming no one for one of their people"
    return "another person or animal"


def stage(
    hits: Sequence[SearchHit],
    right: frozenset[int],
    question: str,
    config: a.AnswerConfig = a.DEFAULT_ANSWER,
) -> str:
    """Where an answerable question (``right``: the memories that answer it) was lost, or
    what answered an unanswerable one: ``right``; ``abstained``; ``answered …``; ``not
    retrieved``; ``withheld by <gate>``; ``outranked`` (another memory ranked first by
    relevance); ``withheld by the cosine floor | the margin | the answer score <p>``;
    ``reordered`` — each loss prefixed ``missed: `` (no answer) or ``wrong: ``."""
    q = a.plain_question(question)
    chosen = a.answering(hits, config, question=q)
    if not right:
        return "abstained" if not chosen else "answered (unanswerable)"
    if chosen and chosen[0].id in right:
        return "right"
    said = "wrong" if chosen else "missed"
    return f"{said}: {_lost(list(hits), right, q, config)}"


def _lost(hits: list[SearchHit], right: frozenset[int], q: str, config: a.AnswerConfig) -> str:
    """The first stage that lost every right memory of ``hits``."""
    if not any(h.id in right for h in hits):
        return "not retrieved"
    if a.about_the_world(q, hits):
        return "withheld by: about the world"
    gated = _gate(hits, right, q)
    if gated is not None:
        return f"withheld by: {gated}"
    j = a.judged(hits, config, q)
    if not any(h.id in right for h in j.ranked):
        return "withheld by: no vectors" if not j.ranked else "withheld by: unmirrored gate"
    top = j.ranked[0]
    if top.id not in right:
        return "outranked"
    if top.vector < config.min_cosine:
        return "withheld by: the cosine floor"
    if a.relevance(top, config) - j.base < config.min_margin:
        return "withheld by: the margin"
    if config.weights:
        p = a.probability(j.ranked, j.base, config, j.rivals)
        if p < config.min_probability:
            return f"withheld by: the answer score {p:.2f}"
    return "reordered"


def _gate(hits: list[SearchHit], right: frozenset[int], q: str) -> str | None:
    """The gate of ``judged`` that leaves out the last right memory of ``hits``, or ``None``."""
    for name, gate in _FIRST_GATES:
        hits = gate(hits, q)
        if not any(h.id in right for h in hits):
            return name
    everyone = hits
    reasons = {h.id: another_reason(h, q, everyone) for h in hits}
    if not any(h.id in right and reasons[h.id] is None for h in hits):
        return ", ".join(sorted({reasons[h.id] or "" for h in hits if h.id in right}))
    hits = [h for h in hits if reasons[h.id] is None]
    hits = a._saying_what_is_asked(hits, q, everyone)
    return None if any(h.id in right for h in hits) else "not what is asked"
