"""Retrieval evaluations of the memory engine (LoCoMo), run through the public ``Memory`` API."""

from memory_core.evaluation.locomo import (
    Conversation,
    LocomoReport,
    ModeResult,
    Question,
    Turn,
    evaluate,
    ingest,
    load,
    parse_evidence,
    parse_session_time,
    run_locomo,
)

__all__ = [
    "Conversation",
    "LocomoReport",
    "ModeResult",
    "Question",
    "Turn",
    "evaluate",
    "ingest",
    "load",
    "parse_evidence",
    "parse_session_time",
    "run_locomo",
]
