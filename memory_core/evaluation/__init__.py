"""Evaluations of the memory engine, run through its public API (LoCoMo retrieval here; the
scripted scenarios live in ``scenarios``)."""

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
