"""Pin the public API of ``memory_core.extract``."""

from __future__ import annotations

import memory_core.extract as extract

EXPECTED = {
    "EXPLICIT_HINT",
    "MAX_CANDIDATES",
    "MAX_EXCERPT",
    "MAX_VALUE_TEXT",
    "Candidate",
    "Extractor",
    "RulesExtractor",
    "SensitiveSpan",
    "TurnInput",
    "extract_rules",
    "find_sensitive",
    "is_ephemeral",
    "is_hypothetical",
    "is_multi_valued_key",
    "is_question",
    "is_valid_key",
    "luhn_valid",
    "normalize_value_text",
    "redact",
}


def test_exported_members_are_pinned() -> None:
    assert set(extract.__all__) == EXPECTED
    for name in extract.__all__:
        assert getattr(extract, name) is not None


def test_public_functions_and_classes_are_documented() -> None:
    for name in extract.__all__:
        member = getattr(extract, name)
        if callable(member):
            assert member.__doc__, name
