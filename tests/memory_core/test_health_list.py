"""The one list of health conditions: both readers take theirs from it, loaded once."""

from __future__ import annotations

import pytest

from memory_core.extract import health, lexicon, sensitivity


def test_both_readers_take_the_one_list() -> None:
    assert lexicon.CONDITIONS == health.CHRONIC and "asthma" in health.CHRONIC
    assert "chemotherapy" in health.SENSITIVE and "chemotherapy" not in health.CHRONIC
    assert sensitivity.sensitive_topic("I have asthma") is not None
    assert len(health.CHRONIC & health.SENSITIVE) == 52  # the conditions both lists held


def test_a_line_without_a_known_tag_is_refused() -> None:
    assert health.load("# note\nasthma | chronic sensitive\n\ngout | chronic\n") == {
        "chronic": frozenset({"asthma", "gout"}),
        "sensitive": frozenset({"asthma"}),
    }
    with pytest.raises(ValueError, match=":2: tags"):
        health.load("asthma | chronic\ngout | chronik\n")
    with pytest.raises(ValueError, match=":1: tags"):
        health.load("gout\n")
