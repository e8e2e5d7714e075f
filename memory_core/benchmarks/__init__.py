"""Speed benchmarks of the memory engine (figures for ``membot bench``)."""

from memory_core.benchmarks.corpus import generate_fact, generate_queries
from memory_core.benchmarks.import_stall import (
    StallReport,
    measure_stall,
    scratch_store,
    stall_file,
)
from memory_core.benchmarks.pipeline import PipelineRun, run_pipeline
from memory_core.benchmarks.retrieval import (
    BenchRun,
    Percentiles,
    RetrievalBench,
    RetrievalBenchReport,
    run_retrieval_bench,
)

__all__ = [
    "BenchRun",
    "Percentiles",
    "PipelineRun",
    "RetrievalBench",
    "RetrievalBenchReport",
    "StallReport",
    "generate_fact",
    "generate_queries",
    "measure_stall",
    "run_pipeline",
    "run_retrieval_bench",
    "scratch_store",
    "stall_file",
]
