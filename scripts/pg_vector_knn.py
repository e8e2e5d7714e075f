"""Store-side vector search on PostgreSQL: an exact scan of one user's rows (B-tree on
``user_id``) against a global HNSW index filtered to the user, with other users' rows present.

    python scripts/pg_vector_knn.py URL load    # 205k rows: a 100k user, a 10k user, 19 × 5k
    python scripts/pg_vector_knn.py URL exact   # exact p50/p95 per user; the truth for recall
    python scripts/pg_vector_knn.py URL build   # HNSW build time and size
    python scripts/pg_vector_knn.py URL hnsw    # p50/p95, recall@10 by iterative scan, ef_search
    python scripts/pg_vector_knn.py URL inserts # inserting into the built index

URL: an empty database with pgvector (``CREATE EXTENSION vector`` done). Vectors are 384-dim
unit vectors around 400 random centres (clustered like embeddings, not uniform); the figures
are in docs/scaling.md.
"""

from __future__ import annotations

import json
import struct
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import psycopg

DIM = 384
USERS = {"big": 100_000, "mid": 10_000, **{f"o{i}": 5_000 for i in range(19)}}
TRUTH = Path("/tmp/pg_vector_knn_exact.json")
KNN = "SELECT fact_id FROM vec_facts WHERE user_id = %s ORDER BY embedding <=> %s::vector LIMIT 10"
rng = np.random.default_rng(7)
CENTRES = rng.standard_normal((400, DIM)).astype(np.float32)


def clustered(n: int) -> Any:
    v = CENTRES[rng.integers(0, len(CENTRES), n)] + 1.2 * rng.standard_normal((n, DIM))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def copy_rows(conn: psycopg.Connection[Any], first: int, user: str, mat: Any) -> None:
    n = len(mat)
    layout = np.dtype(
        [("nf", ">i2"), ("l1", ">i4"), ("id", ">i8"), ("l2", ">i4"), ("u", f"S{len(user)}"),
         ("l3", ">i4"), ("dim", ">i2"), ("z", ">i2"), ("v", ">f4", (DIM,))]
    )  # fmt: skip
    rec = np.zeros(n, dtype=layout)
    rec["nf"], rec["l1"], rec["id"] = 3, 8, np.arange(first, first + n)
    rec["l2"], rec["u"], rec["l3"], rec["dim"], rec["v"] = len(user), user, 4 + 4 * DIM, DIM, mat
    data = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0) + rec.tobytes() + b"\xff\xff"
    sql = "COPY vec_facts (fact_id, user_id, embedding) FROM STDIN (FORMAT BINARY)"
    with conn.cursor().copy(sql) as cp:
        cp.write(data)


def literal(q: Any) -> str:
    return "[" + ",".join(map(str, q.tolist())) + "]"


def pct(xs: list[float]) -> tuple[float, float]:
    p50, p95 = np.percentile(np.asarray(xs), [50, 95])
    return round(float(p50), 2), round(float(p95), 2)


def timed(conn: psycopg.Connection[Any], user: str, queries: Any) -> tuple[list[float], list[Any]]:
    for q in queries[:5]:  # warm the cache
        conn.execute(KNN, (user, literal(q))).fetchall()
    lat, res = [], []
    for q in queries:
        start = time.perf_counter()
        res.append([r[0] for r in conn.execute(KNN, (user, literal(q)))])
        lat.append((time.perf_counter() - start) * 1000)
    return lat, res


def main(url: str, step: str) -> None:
    conn = psycopg.connect(url, autocommit=True)
    queries = clustered(60)  # the first draws: the same in every step
    if step == "load":
        conn.execute("DROP TABLE IF EXISTS vec_facts")
        conn.execute(
            "CREATE TABLE vec_facts (fact_id BIGINT PRIMARY KEY, user_id TEXT NOT NULL, "
            "status TEXT NOT NULL DEFAULT 'active', embedding vector(384) NOT NULL)"
        )
        conn.execute("CREATE INDEX ix_vec_facts_user ON vec_facts (user_id)")
        blocks = [u for u, n in USERS.items() for _ in range(n // 5000)]
        rng.shuffle(blocks)  # users' rows interleave in the heap, as writes over time would
        for b, user in enumerate(blocks):
            copy_rows(conn, 1 + 5000 * b, user, clustered(5000))
        conn.execute("VACUUM ANALYZE vec_facts")
        return
    if step == "exact":
        truth = {}
        for user in ("mid", "big"):
            lat, truth[user] = timed(conn, user, queries)
            print(json.dumps({"user": user, "rows": USERS[user], "exact_p50_p95_ms": pct(lat)}))
        TRUTH.write_text(json.dumps(truth))
        return
    if step == "build":
        start = time.perf_counter()
        conn.execute("SET maintenance_work_mem = '2GB'")
        conn.execute(
            "CREATE INDEX ix_vec_facts_hnsw ON vec_facts USING hnsw (embedding vector_cosine_ops)"
        )
        sizes = conn.execute(
            "SELECT pg_size_pretty(pg_relation_size('ix_vec_facts_hnsw')), "
            "pg_size_pretty(pg_relation_size('vec_facts'))"
        ).fetchone()
        print(json.dumps({"build_s": round(time.perf_counter() - start, 1), "index_table": sizes}))
        return
    if step == "hnsw":
        truth = json.loads(TRUTH.read_text())
        for user in ("mid", "big"):
            for mode in ("relaxed_order", "strict_order", "off"):
                for ef in (40, 100, 200):
                    conn.execute(f"SET hnsw.iterative_scan = {mode}")
                    conn.execute(f"SET hnsw.ef_search = {ef}")
                    lat, res = timed(conn, user, queries)
                    pairs = zip(res, truth[user], strict=True)
                    recall = np.mean([len(set(a) & set(b)) / 10 for a, b in pairs])
                    row = {"user": user, "rows": USERS[user], "iterative": mode, "ef_search": ef}
                    row |= {"p50_p95_ms": pct(lat), "recall@10": round(float(recall), 3)}
                    row["full_k"] = round(float(np.mean([len(a) == 10 for a in res])), 3)
                    print(json.dumps(row), flush=True)
        return
    if step == "inserts":
        start = time.perf_counter()
        copy_rows(conn, 300_001, "ins", clustered(5000))
        copy_ms = (time.perf_counter() - start) * 1000 / 5000
        start = time.perf_counter()
        for i, v in enumerate(clustered(200)):
            conn.execute(
                "INSERT INTO vec_facts (fact_id, user_id, embedding) VALUES (%s, 'ins', %s)",
                (310_000 + i, literal(v)),
            )
        one_ms = (time.perf_counter() - start) * 1000 / 200
        conn.execute("DELETE FROM vec_facts WHERE user_id = 'ins'")
        print(json.dumps({"copy_ms_per_row": round(copy_ms, 2), "insert_ms": round(one_ms, 2)}))
        return
    raise SystemExit(__doc__)


if __name__ == "__main__":
    main(*sys.argv[1:3])
