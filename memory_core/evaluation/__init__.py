"""Evaluations of the memory engine, run through its public API: LoCoMo retrieval
(``locomo``), the scripted learning scenarios (``scenarios``) and offline extraction on persona
sentences (``extraction``)."""

from memory_core.evaluation.extraction import LABELS_PATH, ExtractionEval, run_extraction_eval
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
    "LABELS_PATH",
    "Conversation",
    "ExtractionEval",
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
    "run_extraction_eval",
    "run_locomo",
    "run_suite",
    "select_scenarios",
]
