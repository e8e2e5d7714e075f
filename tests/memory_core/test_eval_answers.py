"""``membot eval answers`` scoring: precision and recall per language (no model, no data)."""

from __future__ import annotations

from dataclasses import replace

from memory_core.evaluation.answers import Asked, score
from memory_core.read.answer import DEFAULT_ANSWER
from memory_core.values import SearchHit

#: Margin and cosine alone decide (no answer score): a clear best hit answers.
PLAIN = replace(DEFAULT_ANSWER, weights=())


def _hits(best: int) -> tuple[SearchHit, ...]:
    """A clear best hit ``best`` above three unrelated ones."""
    top = SearchHit("facts", best, "best", 1.0, vector=0.9, topic=0.9)
    rest = tuple(SearchHit("facts", 100 + n, "other", 0.1, vector=0.74) for n in range(3))
    return (top, *rest)


def test_precision_and_recall_are_counted_per_language() -> None:
    asked = [
        Asked("u1", "job", "de", "Was ist mein Beruf?", frozenset({1}), _hits(1)),  # right
        Asked("u2", "job", "de", "Was ist mein Beruf?", frozenset({2}), _hits(9)),  # wrong
        Asked("u3", "pets", "ru", "Какие у меня питомцы?", frozenset({3}), _hits(3)),  # right
        Asked("u4", "car", "ru", "Какая у меня машина?", frozenset(), _hits(4)),  # unanswerable
    ]
    got = score(asked, PLAIN).as_json()
    assert got["recall_by_language"] == {"de": 0.5, "ru": 1.0}
    assert got["precision_by_language"] == {"de": 0.5, "ru": 0.5}
    assert (got["answered"], got["right"], got["abstention"]) == (4, 2, 0.0)
