"""Evaluations of the memory engine, run through its public API: LoCoMo retrieval
(``locomo``, and hidden among distractor sessions: ``haystacks``), the scripted learning
scenarios (``scenarios``), offline extraction on persona sentences (``extraction``), answering
by meaning (``answers``) and scripted lives over simulated months (``life``) and its blind walk
(``walk``)."""

from memory_core.evaluation.answers import AnswersReport, run_answers_eval
from memory_core.evaluation.extraction import LABELS_PATH, ExtractionEval, run_extraction_eval
from memory_core.evaluation.haystack import build as haystacks
from memory_core.evaluation.haystack import in_first_person
from memory_core.evaluation.intros import IntrosReport, run_intros_eval
from memory_core.evaluation.life import (
    REFLECTION_MARK,
    STILL_TRUE_MARK,
    LifeChat,
    LifeReport,
    run_life,
)
from memory_core.evaluation.life import START as LIFE_START
from memory_core.evaluation.locomo import (
    TUNED,
    Conversation,
    DialogueTurn,
    Fold,
    LeaveOneOut,
    LocomoReport,
    ModeResult,
    Question,
    evaluate,
    ingest,
    load,
    parse_evidence,
    parse_session_time,
    run_locomo,
    seed_config,
    tune_leave_one_out,
)
from memory_core.evaluation.scenarios import SuiteReport, run_suite, select_scenarios
from memory_core.evaluation.sensitivity import SensitivityReport
from memory_core.evaluation.sensitivity import evaluate as evaluate_sensitivity
from memory_core.evaluation.sensitivity import load_labels as load_sensitivity_labels
from memory_core.evaluation.walk import BLIND2_PATH as BLIND_WALK2
from memory_core.evaluation.walk import BLIND_PATH as BLIND_WALK
from memory_core.evaluation.walk import WalkScore, run_walk
from memory_core.evaluation.walk import script_path as walk_script_path
from memory_core.text.sensitivity_meaning import SensitivityModel

#: The sensitivity model (rules, then meaning) for an embedder; None: the rules alone.
sensitivity_model = SensitivityModel.for_embedder

__all__ = [
    "BLIND_WALK",
    "BLIND_WALK2",
    "LABELS_PATH",
    "LIFE_START",
    "REFLECTION_MARK",
    "STILL_TRUE_MARK",
    "TUNED",
    "AnswersReport",
    "Conversation",
    "DialogueTurn",
    "ExtractionEval",
    "Fold",
    "IntrosReport",
    "LeaveOneOut",
    "LifeChat",
    "LifeReport",
    "LocomoReport",
    "ModeResult",
    "Question",
    "SensitivityReport",
    "SuiteReport",
    "WalkScore",
    "evaluate",
    "evaluate_sensitivity",
    "haystacks",
    "in_first_person",
    "ingest",
    "load",
    "load_sensitivity_labels",
    "parse_evidence",
    "parse_session_time",
    "run_answers_eval",
    "run_extraction_eval",
    "run_intros_eval",
    "run_life",
    "run_locomo",
    "run_suite",
    "run_walk",
    "seed_config",
    "select_scenarios",
    "sensitivity_model",
    "tune_leave_one_out",
    "walk_script_path",
]
