"""Vector search on PostgreSQL: exact per-user scan below ``HNSW_MIN_ROWS``, the HNSW index
(iterative scan, filtered to the user) above it; the matrix read by binary COPY."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from memory_core.benchmarks.corpus import random_unit_vectors
from memory_core.db.backends.postgresql import vectors as pg_vec
from memory_core.db.engine import Database
from memory_core.store import vectors as vec

ALICE = "console:alice"
BOB = "console:bob"
DIM = 16


@pytest.fixture
def db(pg_url: str) -> Iterator[Database]:
    database = Database(pg_url)
    with database.write() as conn:
        vec.create_tables(conn, DIM)
    yield database
    database.dispose()


def _fill(db: Database, rng: np.random.Generator, user: str, first_id: int, n: int) -> Any:
    matrix = random_unit_vectors(rng, n, DIM)
    with db.write() as conn:
        vec.insert_many(conn, "facts", user, list(range(first_id, first_id + n)), matrix, "active")
    return matrix


def _exact(ids: range, matrix: Any, query: Any, k: int) -> list[int]:
    sims = matrix @ query
    return [ids[i] for i in np.argsort(-sims)[:k]]


def test_the_hnsw_path_finds_the_exact_top_k_and_only_the_users_rows(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(16)
    alice = _fill(db, rng, ALICE, 1, 300)
    queries = random_unit_vectors(rng, 5, DIM)
    # Bob holds the queries themselves: nearer than any of Alice's rows.
    with db.write() as conn:
        vec.insert_many(conn, "facts", BOB, [1001, 1002, 1003, 1004, 1005], queries, "active")
    _fill(db, rng, BOB, 2001, 700)
    monkeypatch.setattr(pg_vec, "HNSW_MIN_ROWS", 100)
    with db.write() as conn:
        vec.build_hnsw(conn)  # opt-in: `membot admin vector-index hnsw`
    for query in queries:
        with db.read() as conn:
            plan = pg_vec.knn_plan(conn, vec.VECTOR_TABLES["facts"], ALICE, query, 10)
            found = vec.vec0_knn(conn, ALICE, "facts", query, 10)
            assert conn.exec_driver_sql("SHOW enable_sort").scalar() == "on"
        assert "ix_vec_facts_hnsw" in plan
        assert [i for i, _ in found] == _exact(range(1, 301), alice, query, 10)
        sims = [s for _, s in found]
        assert sims == sorted(sims, reverse=True)
        assert sims[0] == pytest.approx(float(np.max(alice @ query)), abs=1e-5)


def test_below_the_threshold_the_users_rows_are_scanned_exactly(db: Database) -> None:
    rng = np.random.default_rng(17)
    alice = _fill(db, rng, ALICE, 1, 200)
    _fill(db, rng, BOB, 1001, 400)
    query = random_unit_vectors(rng, 1, DIM)[0]
    with db.read() as conn:
        plan = pg_vec.knn_plan(conn, vec.VECTOR_TABLES["facts"], ALICE, query, 10)
        found = vec.vec0_knn(conn, ALICE, "facts", query, 10)
        # The caller's transaction plans as usual afterwards.
        assert conn.exec_driver_sql("SHOW enable_indexscan").scalar() == "on"
    assert "hnsw" not in plan and "ix_vec_facts_user" in plan
    assert [i for i, _ in found] == _exact(range(1, 201), alice, query, 10)


def test_a_short_hnsw_walk_falls_back_to_the_exact_scan(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(18)
    alice = _fill(db, rng, ALICE, 1, 40)
    _fill(db, rng, BOB, 1001, 600)
    monkeypatch.setattr(pg_vec, "HNSW_MIN_ROWS", 1)
    with db.write() as conn:
        vec.build_hnsw(conn)
    query = random_unit_vectors(rng, 1, DIM)[0]
    with db.read() as conn:
        # The walk gives up after one tuple: fewer than k of Alice's rows come back.
        conn.exec_driver_sql("SET LOCAL hnsw.max_scan_tuples = 1")
        found = vec.vec0_knn(conn, ALICE, "facts", query, 10)
    assert [i for i, _ in found] == _exact(range(1, 41), alice, query, 10)


def test_the_matrix_comes_back_whole_by_binary_copy(db: Database) -> None:
    rng = np.random.default_rng(19)
    alice = _fill(db, rng, ALICE, 1, 250)
    _fill(db, rng, BOB, 1001, 50)
    with db.read() as conn:
        loaded = vec.read_matrix(conn, "facts", ALICE, 1 << 30)
        nobody = vec.read_matrix(conn, "facts", "console:nobody", 1 << 30)
        too_big = vec.read_matrix(conn, "facts", ALICE, 250 * DIM * 4)
        status = conn.exec_driver_sql(
            "SELECT DISTINCT status, user_id FROM vec_facts WHERE fact_id <= 250"
        ).all()
    assert loaded is not None and nobody is not None and too_big is None
    ids, matrix = loaded
    order = np.argsort(ids)
    assert ids[order].tolist() == list(range(1, 251))
    assert np.array_equal(matrix[order], alice)  # every float32 bit survives
    assert nobody[0].size == 0 and nobody[1].shape == (0, DIM)
    assert status == [("active", ALICE)]


def test_hnsw_is_opt_in_and_a_big_user_is_scanned_exactly_without_it(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """New vector tables come without the graph (every vector written would pay its insert);
    a user past the threshold is then scanned exactly, and through the graph once built."""
    rng = np.random.default_rng(20)
    alice = _fill(db, rng, ALICE, 1, 150)
    monkeypatch.setattr(pg_vec, "HNSW_MIN_ROWS", 100)
    query = random_unit_vectors(rng, 1, DIM)[0]
    with db.read() as conn:
        assert not vec.has_hnsw(conn)
        plan = pg_vec.knn_plan(conn, vec.VECTOR_TABLES["facts"], ALICE, query, 10)
        found = vec.vec0_knn(conn, ALICE, "facts", query, 10)
    assert "hnsw" not in plan
    assert [i for i, _ in found] == _exact(range(1, 151), alice, query, 10)
    with db.write() as conn:
        vec.build_hnsw(conn)
    with db.read() as conn:
        assert vec.has_hnsw(conn)
        assert "ix_vec_facts_hnsw" in pg_vec.knn_plan(
            conn, vec.VECTOR_TABLES["facts"], ALICE, query, 10
        )
    with db.write() as conn:
        assert vec.drop_hnsw(conn)
    with db.read() as conn:
        assert not vec.has_hnsw(conn)
