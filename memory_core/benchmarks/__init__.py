"""Speed benchmarks of the memory engine (figures for ``membot bench``)."""

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
    "run_pipeline",
    "run_retrieval_bench",
]
