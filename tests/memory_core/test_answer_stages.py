"""Where ``eval answers`` lost a question (``memory_core.evaluation.answer_stages.stage``)."""

from __future__ import annotations

from memory_core.evaluation.answer_stages import stage
from memory_core.values import SearchHit
from tests.factories import fact


def keyed(id: int, key: str, text: str, vector: float, topic: float = 0.0) -> SearchHit:
    return SearchHit("facts", id, text, 0.5, 0.0, vector, fact=fact(id, text, key=key), topic=topic)


FILLER = [keyed(8, "k8", "Rosa collects stamps.", 0.75), keyed(9, "k9", "x y z", 0.74)]


def test_a_right_answer_and_a_right_abstention_are_no_loss() -> None:
    job = keyed(1, "job_title", "Rosa is a baker.", 0.88, 0.7)
    assert stage([job, *FILLER], frozenset({1}), "what's my job?") == "right"
    assert stage([*FILLER], frozenset(), "what's my job?") == "abstained"


def test_a_memory_the_search_did_not_bring_is_not_retrieved() -> None:
    assert stage(FILLER, frozenset({1}), "what's my job?") == "missed: not retrieved"


def test_a_memory_left_out_by_a_gate_names_the_gate() -> None:
    """The partner's job asked of the user ("what is my occupation?"): the gate that keeps
    one of the user's people out of the user's own life withheld it."""
    theirs = keyed(1, "family.wife.job", "Rosa's wife nurses at St Jude's.", 0.88, 0.7)
    got = stage([theirs, *FILLER], frozenset({1}), "what is my occupation?")
    assert got == "missed: withheld by: one of the user's people asked of the user"
    dog = keyed(2, "pet.dog.name", "Rosa's dog is called Pip.", 0.88, 0.7)
    got = stage([dog, *FILLER], frozenset({2}), "what's my cat called?")
    assert got == "missed: withheld by: another person or animal"


def test_a_right_memory_under_a_wrong_one_is_outranked_and_a_weak_one_withheld() -> None:
    job = keyed(1, "job_title", "Rosa is a baker.", 0.80, 0.2)
    city = keyed(2, "home_city", "Rosa lives in Leeds.", 0.90, 0.8)
    assert stage([city, job, *FILLER], frozenset({1}), "what's my job?").endswith("outranked")
    weak = keyed(3, "note.n3", "I knead dough at dawn.", 0.76)
    got = stage([weak, *FILLER], frozenset({3}), "what's my job?")
    assert got.startswith("missed: withheld by: the answer score")
