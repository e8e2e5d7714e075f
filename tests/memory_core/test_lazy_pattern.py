"""Patterns compiled on first use (``memory_core.text.lazy_pattern``): the same pattern
``re.compile`` makes, made once, and every one of the rule tables' compiles."""

from __future__ import annotations

import re

import memory_core.extract.sensitivity  # noqa: F401  (its rule tables make lazy patterns)
from memory_core.text.lazy_pattern import LazyPattern, every_lazy_pattern


def test_a_lazy_pattern_is_compiled_on_first_use_and_once() -> None:
    lazy = LazyPattern(r"\bqx\d\b", re.IGNORECASE)
    assert "not compiled yet" in repr(lazy)
    assert lazy.search("a QX7 b") is not None
    first = lazy.compiled
    assert first is lazy.compiled
    assert first == re.compile(r"\bqx\d\b", re.IGNORECASE)
    assert lazy.sub("qy", "a qx7 b") == "a qy b"
    assert lazy.search("qx77") is None


def test_every_lazy_pattern_of_the_rules_compiles_as_re_compile_would() -> None:
    """A pattern that does not compile fails here, not at its first user's message."""
    patterns = list(every_lazy_pattern())
    assert len(patterns) > 500  # the sensitivity rules' context patterns
    for lazy in patterns:
        assert lazy.compiled == re.compile(lazy.pattern, lazy.flags), lazy.pattern
