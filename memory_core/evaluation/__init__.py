"""Evaluations of the memory engine, run through its public API: LoCoMo retrieval
(``locomo``) and the scripted learning scenarios (``scenarios``)."""

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
from memory_core.evaluation.scenarios import SuiteReport, run_suite, select_scenarios

__all__ = [
    "Conversation",
    "LocomoReport",
    "ModeResult",
    "Question",
    "SuiteReport",
    "Turn",
    "evaluate",
    "ingest",
    "load",
    "parse_evidence",
    "parse_session_time",
    "run_locomo",
    "run_suite",
    "select_scenarios",
]
