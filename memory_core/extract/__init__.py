"""Extraction, the first stage of learning: one user turn in, candidate facts out.

The port (:class:`Extractor`) and its values live in ``base``; the offline rule-based
implementation in ``rules`` (with its ``patterns_*`` modules); the shared checks that every
extractor's output must pass in ``filters``.
"""

from memory_core.extract.base import (
    EXPLICIT_HINT,
    MAX_CANDIDATES,
    MAX_EXCERPT,
    MAX_VALUE_TEXT,
    Candidate,
    Extractor,
    TurnInput,
    is_multi_valued_key,
    is_valid_key,
)
from memory_core.extract.filters import (
    SensitiveSpan,
    find_sensitive,
    is_ephemeral,
    is_hypothetical,
    is_question,
    luhn_valid,
    normalize_value_text,
    redact,
)
from memory_core.extract.rules import RulesExtractor, extract_rules

__all__ = [
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
]
