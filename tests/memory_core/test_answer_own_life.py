"""The user's own memories that speak of one of their people, and their people's memories that
speak of the user (``read.answer._about_another``; MSC tune split, h-eng13)."""

from __future__ import annotations

from memory_core import answering
from memory_core.values import SearchHit
from tests.factories import fact


def keyed(
    id: int, key: str, text: str, vector: float, topic: float = 0.0, **told: str
) -> SearchHit:
    return SearchHit(
        "facts", id, text, 0.5, 0.0, vector, fact=fact(id, text, key=key, **told), topic=topic
    )


FILLER = [keyed(8, "k8", "Pia knits scarves.", 0.76), keyed(9, "k9", "Pia hums.", 0.75)]


def ids(hits: list[SearchHit]) -> list[int]:
    return [h.id for h in hits]


def test_being_single_answers_what_the_user_told_of_a_partner() -> None:
    """ "what do you know about my spouse?" of a user who said they are single: their own
    fact about partners (its key's area) answers; what a partner is called or does it does
    not."""
    single = keyed(1, "relationship.single", "Pia is single.", 0.86, 0.7)
    assert ids(answering([single, *FILLER], question="what do you know about my spouse?")) == [1]
    assert ids(answering([single, *FILLER], question="tell me about my significant other")) == [1]
    assert answering([single, *FILLER], question="what's my husband's name?") == []
    assert answering([single, *FILLER], question="where is my husband employed these days?") == []


def test_the_users_own_fact_naming_the_relative_asked_about_answers_about_them() -> None:
    """ "Pia lives with her mum and dad." is the user's home but names the parents: it answers
    "what do you know about my parents?", not where or what they work."""
    home = keyed(1, "home.parents", "Pia lives with her mum and dad.", 0.86, 0.7)
    assert ids(answering([home, *FILLER], question="what do you know about my parents?")) == [1]
    assert answering([home, *FILLER], question="what do my parents do for a living?") == []
    kids = keyed(2, "pet.cat", "Pia has two cats and a daughter.", 0.86, 0.7)
    assert ids(answering([kids, *FILLER], question="what can you tell me about my daughter?")) == [
        2
    ]
    assert answering([kids, *FILLER], question="what's my daughter called?") == []
    # ... and a fact naming another relative still does not.
    aunt = keyed(3, "home.aunt", "Pia lives with her aunt.", 0.86, 0.7)
    assert answering([aunt, *FILLER], question="what do you know about my parents?") == []


def test_a_fact_of_one_of_the_users_people_done_to_the_user_answers_about_the_user() -> None:
    """ "My uncle gave me his old van." is kept under the uncle but the van is the user's:
    it answers "what car do I drive?"; the uncle's own job does not answer the user's."""
    van = keyed(
        1,
        "family.uncle.gave_van",
        "Pia's uncle gave the user his old van.",
        0.86,
        0.7,
        source_excerpt="My uncle gave me his old van.",
    )
    assert ids(answering([van, *FILLER], question="what car do I drive?")) == [1]
    job = keyed(
        2,
        "family.uncle.job",
        "Pia's uncle drives a taxi.",
        0.86,
        0.7,
        source_excerpt="My uncle drives a taxi.",
    )
    assert answering([job, *FILLER], question="what do I do for work?") == []


def test_a_question_about_a_group_of_the_users_people_is_not_answered_by_another_group() -> None:
    """ "do I have kids?" (no one relative asked) of a user who told only that their parents
    split up: the parents' fact does not answer; the children's does, and so does a note
    opened by the user's own child."""
    parents = keyed(1, "family.parents.split", "Pia's parents split up.", 0.86, 0.7)
    assert answering([parents, *FILLER], question="do I have kids?") == []
    assert answering([parents, *FILLER], question="Habe ich Geschwister?") == []
    assert ids(answering([parents, *FILLER], question="who are my parents?")) == [1]
    son = keyed(2, "family.son.name", "Pia's son is called Emil.", 0.86, 0.7)
    assert ids(answering([son, *FILLER], question="do I have kids?")) == [2]
    note = keyed(3, "note.x.n3", "Mon fils joue du violon.", 0.86, 0.7)
    assert ids(answering([note, *FILLER], question="Est-ce que j'ai des enfants ?")) == [3]
    mum = keyed(4, "note.x.n4", "Meine Mutter malt Aquarelle.", 0.86, 0.7)
    assert answering([mum, *FILLER], question="Habe ich Kinder?") == []


def test_a_memory_naming_the_group_asked_about_or_the_user_as_a_parent_still_answers() -> None:
    """ "Pia has a husband and two children." (kept under the husband) names the children: it
    answers "do I have kids?"; "am I a parent?" asks about the user's children, not parents."""
    both = keyed(1, "family.husband.kids", "Pia has a husband and two children.", 0.86, 0.7)
    assert ids(answering([both, *FILLER], question="do I have kids?")) == [1]
    boy = keyed(2, "family.child.age", "Pia's child is 6.", 0.86, 0.7)
    assert ids(answering([boy, *FILLER], question="am I a parent?")) == [2]
    assert ids(answering([boy, *FILLER], question="Bin ich Vater oder Mutter?")) == [2]
