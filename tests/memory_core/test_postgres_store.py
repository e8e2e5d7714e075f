"""PostgreSQL as the store: chosen by URL, migrated from the same list, BM25 like FTS5's,
exact per-user vector search, and erasure that leaves no text readable in the server's files."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import Connection, text
from structlog.testing import capture_logs

from memory_core.clock import ManualClock
from memory_core.db import migrations
from memory_core.db.dialect import is_postgres_url, redacted, sqlalchemy_url
from memory_core.db.engine import Database
from memory_core.db.migrations import MIGRATIONS, SCHEMA_VERSION, Migration, migrate
from memory_core.errors import ForeignDatabaseError, SchemaTooNewError, StoreError
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.store import lexical as lexical_repo
from memory_core.store import vectors as vector_repo
from memory_core.store.fts import match_expression
from memory_core.store.rows import owner_token
from memory_core.values import NewEpisode, NewFact, SearchFilters
from tests.conftest import HashEmbedder
from tests.postgres import PgServer

ALICE = "console:alice"
BOB = "console:bob"


@pytest.mark.parametrize(
    ("target", "postgres"),
    [
        ("postgresql://membot:secret@db.example:5432/membot", True),
        ("postgres://membot@/membot?host=/var/run/postgresql", True),
        ("POSTGRESQL://u@h/db", True),
        ("data/membot.db", False),
        ("postgresql-notes.db", False),
        (Path("postgresql://x"), False),  # a Path has already lost the URL's '//'
    ],
)
def test_a_libpq_url_selects_postgresql_anything_else_is_a_file(
    target: str | Path, postgres: bool
) -> None:
    assert is_postgres_url(target) is postgres


def test_urls_become_psycopg_urls_and_passwords_never_show() -> None:
    url = "postgresql://membot:s3cret@db:5432/membot?host=/run/pg"
    assert sqlalchemy_url(url) == "postgresql+psycopg://membot:s3cret@db:5432/membot?host=/run/pg"
    assert "s3cret" not in redacted(url)
    assert redacted(url) == "postgresql://membot:***@db:5432/membot?host=/run/pg"


def test_an_unreachable_server_is_one_clear_error_and_creates_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    url = f"postgresql://membot:hunter2@/membot?host={tmp_path}/no-server"
    with pytest.raises(StoreError) as info:
        Memory.open(url, None)
    assert "hunter2" not in str(info.value)
    assert "no-server" in str(info.value)
    assert list(tmp_path.iterdir()) == []  # no folder named "postgresql:"


def _recorded(conn: Connection) -> list[tuple[int, str]]:
    rows = conn.execute(text("SELECT version, name FROM schema_migrations ORDER BY version"))
    return [(int(v), str(n)) for v, n in rows]


def test_migrations_are_recorded_once_and_a_newer_schema_is_refused(pg_empty_url: str) -> None:
    db = Database(pg_empty_url)
    try:
        assert migrate(db) == [m.name for m in MIGRATIONS]
        assert migrate(db) == []
        with db.write() as conn:
            assert _recorded(conn) == [(m.version, m.name) for m in MIGRATIONS]
            tables = set(migrations.table_names(conn))
            conn.execute(
                text("INSERT INTO schema_migrations VALUES (:v, 'm999_future', 0)"),
                {"v": SCHEMA_VERSION + 1},
            )
        assert {"facts", "episodes", "fact_history", "fts_totals", "outbox", "job_runs"} <= tables
        with pytest.raises(SchemaTooNewError, match="schema version"):
            migrate(db)
    finally:
        db.dispose()


def test_a_failing_migration_leaves_no_trace(
    pg_empty_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL's DDL is transactional too: a failed step rolls back whole."""

    def broken(conn: Connection) -> None:
        conn.exec_driver_sql("CREATE TABLE half_done (id INTEGER PRIMARY KEY)")
        raise RuntimeError("migration bug")

    future = Migration(SCHEMA_VERSION + 1, "m_broken", broken)
    db = Database(pg_empty_url)
    try:
        migrate(db)
        monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, future))
        monkeypatch.setattr(migrations, "SCHEMA_VERSION", future.version)
        with pytest.raises(RuntimeError, match="migration bug"):
            migrate(db)
        with db.read() as conn:
            assert "half_done" not in migrations.table_names(conn)
            assert _recorded(conn)[-1][0] == SCHEMA_VERSION
    finally:
        db.dispose()


def test_a_database_with_other_tables_is_refused(pg_empty_url: str) -> None:
    db = Database(pg_empty_url)
    try:
        with db.write() as conn:
            conn.exec_driver_sql("CREATE TABLE invoices (id INTEGER)")
        with pytest.raises(ForeignDatabaseError, match="invoices"):
            migrate(db)
    finally:
        db.dispose()


# A small corpus whose words stem the same under Porter (FTS5) and Snowball (PostgreSQL).
CORPUS = [
    ("home.city", "Alice lives in Lisbon near the river"),
    ("job", "Alice works as a nurse in a big hospital"),
    ("pet", "Alice has a black cat and a small dog"),
    ("food.likes", "Alice likes green tea and dark chocolate"),
    ("hobby", "Alice plays chess with her brother on Sundays"),
    ("travel", "Alice visited Porto and Lisbon last summer with her brother"),
    ("family.brother", "Her brother Tom lives in Porto"),
    ("music", "Alice listens to jazz when she cooks dinner"),
]
QUERIES = [
    "lisbon",
    "brother porto",
    "tea chocolate",
    "alice",
    "chess sundays brother",
    "jazz dinner",
    "hospital nurse lisbon",
]


async def _bm25_scores(
    target: str | Path, clock: ManualClock
) -> dict[str, list[tuple[str, float]]]:
    memory = Memory.open(target, None, clock=clock)
    try:
        keys: dict[int, str] = {}
        for key, value in CORPUS:
            keys[(await memory.remember(ALICE, NewFact(key=key, value_text=value))).id] = key
        await memory.remember(BOB, NewFact(key="home.city", value_text="Bob lives in Lisbon"))
        out: dict[str, list[tuple[str, float]]] = {}
        with memory.db.read() as conn:
            for query in QUERIES:
                expr = match_expression(query, owner_token(ALICE))
                assert expr is not None
                found = lexical_repo.bm25(
                    conn, ALICE, expr, "facts", 10, (0.5, 1.0), SearchFilters()
                )
                out[query] = [(keys[i], s) for i, s in found]
        return out
    finally:
        memory.close()


async def test_lexical_ranking_and_scores_match_sqlite_fts5_bm25(
    tmp_path: Path, pg_url: str, clock: ManualClock
) -> None:
    sqlite = await _bm25_scores(tmp_path / "m.db", clock)
    postgres = await _bm25_scores(pg_url, clock)
    for query in QUERIES:
        assert [k for k, _ in postgres[query]] == [k for k, _ in sqlite[query]], query
        for (_, want), (_, got) in zip(sqlite[query], postgres[query], strict=True):
            assert got == pytest.approx(want, rel=1e-6), query


async def test_vector_search_is_an_exact_scan_of_the_users_rows(
    pg_url: str, clock: ManualClock
) -> None:
    embedder = HashEmbedder(dim=16)
    memory = Memory.open(pg_url, embedder, clock=clock)
    try:
        texts = [f"Alice fact number {i} about topic {i % 7} and {i % 3}" for i in range(40)]
        ids = [(await memory.remember(ALICE, NewFact(key="", value_text=t))).id for t in texts]
        await memory.remember(BOB, NewFact(key="", value_text=texts[0]))
        while await memory.run(Lane.BACKGROUND, memory.vectors.sync):
            pass
        query = embedder.embed_queries(["topic 3 and 1"])[0]
        with memory.db.read() as conn:
            found = vector_repo.vec0_knn(conn, ALICE, "facts", query, 5)
            loaded = vector_repo.read_matrix(conn, "facts", ALICE, 1 << 30)
        assert loaded is not None
        got_ids, matrix = loaded
        assert sorted(got_ids.tolist()) == sorted(ids)
        by_id = dict(zip(got_ids.tolist(), matrix, strict=True))
        stored = embedder.embed_passages([f"note: {t}" for t in texts])
        sims = {i: float(np.dot(by_id[i], query)) for i in ids}
        # The five best similarities, in order (rows of equal similarity may come either way:
        # 16 hashed dimensions give ties).
        best = sorted(sims.values(), reverse=True)[:5]
        assert [sims[i] for i, _ in found] == pytest.approx(best, abs=1e-6)
        for i, sim in found:
            assert sim == pytest.approx(sims[i], abs=1e-6)
        assert stored.shape[1] == matrix.shape[1] == 16
    finally:
        memory.close()


def _files_holding(server: PgServer, url: str, needle: bytes) -> list[str]:
    """The relation files of ``url``'s database (tables, TOAST, indexes) that contain ``needle``."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CHECKPOINT")
        paths = [
            (str(r[0]), str(r[1]))
            for r in conn.execute(
                "SELECT pg_relation_filepath(c.oid), c.relname FROM pg_class c "
                "WHERE c.relkind IN ('r', 't', 'i') AND pg_relation_filepath(c.oid) IS NOT NULL "
                "AND c.relnamespace IN (SELECT oid FROM pg_namespace "
                "WHERE nspname IN ('public', 'pg_toast'))"
            )
        ]
    found = []
    for rel, name in paths:
        base = server.data / rel
        for part in [base, *sorted(base.parent.glob(base.name + ".*"))]:
            if part.is_file() and needle in part.read_bytes():
                found.append(name)
    return found


async def test_erasure_leaves_no_text_readable_in_the_database_files(
    pg_server: PgServer, pg_url: str, clock: ManualClock
) -> None:
    memory = Memory.open(pg_url, HashEmbedder(), clock=clock)
    try:
        await memory.remember(ALICE, NewFact(key="secret", value_text="Alice hides zanzibarquux"))
        await memory.record_episodes(
            ALICE,
            [
                NewEpisode(
                    chat_id="c", role="user", text="zanzibarquux " * 400, created_at=clock.now()
                )
            ],
        )
        await memory.remember(BOB, NewFact(key="note", value_text="Bob keeps his words"))
        assert _files_holding(pg_server, pg_url, b"zanzibarquux")  # the check can see text

        erasure = await memory.erase(ALICE)

        assert erasure.left == {}
        assert erasure.removed["facts"] == 1
        assert _files_holding(pg_server, pg_url, b"zanzibarquux") == []
        assert _files_holding(pg_server, pg_url, ALICE.encode()) == []
        assert _files_holding(pg_server, pg_url, b"Bob keeps his words")
        assert [h.fact.value_text for h in await memory.search(BOB, "words", mode="lexical")] == [
            "Bob keeps his words"
        ]
    finally:
        memory.close()


async def test_forgetme_erases_without_a_table_rewrite_and_maintenance_finishes_it(
    pg_server: PgServer, pg_url: str, clock: ManualClock
) -> None:
    """A user's own erasure takes no table lock: it completes while another session reads the
    tables (a ``VACUUM FULL`` would wait for that reader, and every writer behind it), and
    another user's write goes through meanwhile; the tables are marked due, and the scheduled
    rewrite does them: then the text is gone from the files."""
    import psycopg

    from memory_core.user import erase as user_data

    memory = Memory.open(pg_url, None, clock=clock)
    try:
        await memory.remember(ALICE, NewFact(key="secret", value_text="Alice hides zanzibarquux"))
        await memory.record_episodes(
            ALICE,
            [
                NewEpisode(
                    chat_id="c", role="user", text="zanzibarquux said", created_at=clock.now()
                )
            ],
        )
        with psycopg.connect(pg_url) as reader:  # an open transaction that read the tables
            reader.execute("SELECT count(*) FROM episodes")
            reader.execute("SELECT count(*) FROM facts")
            erasure = await asyncio.wait_for(memory.erase(ALICE, rewrite=False), 60)
            await asyncio.wait_for(
                memory.remember(BOB, NewFact(key="note", value_text="Bob keeps his words")), 60
            )
        assert erasure.left == {}
        with memory.db.read() as conn:
            due = user_data.rewrite_due(conn)
        assert due is not None and {"facts", "episodes"} <= set(due[1])

        with capture_logs() as logs:
            rewritten = await memory.rewrite_erased()  # the scheduled `rewrite` job

        assert {"facts", "episodes"} <= set(rewritten)
        # ... and pushes the erased text out of the server's WAL too (`admin erase-wal`): else
        # it stays in pg_wal until the segments are written again, days on a quiet server.
        pushed = [e for e in logs if e["event"] == "erasure_wal_pushed"]
        assert len(pushed) == 1 and pushed[0]["rounds"] >= 2
        assert _files_holding(pg_server, pg_url, b"zanzibarquux") == []
        assert _files_holding(pg_server, pg_url, ALICE.encode()) == []
        with memory.db.read() as conn:
            assert user_data.rewrite_due(conn) is None
        assert await memory.rewrite_erased() == []  # nothing due: nothing locked
    finally:
        memory.close()


async def test_erasure_leaves_no_webhook_update_of_the_user_readable(
    pg_server: PgServer, pg_url: str, clock: ManualClock
) -> None:
    """A handled update keeps its row (the redelivery check), not its text: the old version of
    the row that held the text goes with the erasure's rewrite too."""
    from memory_core.runtime.inbox import Inbox

    memory = Memory.open(pg_url, None, clock=clock)
    try:
        inbox = Inbox(memory, "telegram")
        await inbox.put(7, "chat:1", '{"message": {"text": "my code is quokkaplinth"}}')
        [update] = await inbox.claim(1)
        await inbox.finish(update)
        await memory.remember(ALICE, NewFact(key="note", value_text="Alice said quokkaplinth"))
        assert _files_holding(pg_server, pg_url, b"quokkaplinth")  # the check can see text

        await memory.erase(ALICE)

        assert _files_holding(pg_server, pg_url, b"quokkaplinth") == []
        assert not await inbox.put(7, "chat:1", "{}")  # still known: a redelivery is dropped
    finally:
        memory.close()


def test_sqlite_paths_still_open_files(tmp_path: Path) -> None:
    db = Database(tmp_path / "sub" / "m.db")
    try:
        assert not db.postgres and db.path == tmp_path / "sub" / "m.db"
    finally:
        db.dispose()


def test_file_operations_refuse_clearly_on_postgresql(pg_url: str) -> None:
    db = Database(pg_url)
    try:
        with pytest.raises(StoreError, match="not yet supported on PostgreSQL"):
            _ = db.path
    finally:
        db.dispose()


def test_no_folder_is_made_for_a_url(tmp_path: Path, pg_url: str) -> None:
    os.chdir(tmp_path)
    Memory.open(pg_url, None).close()
    assert list(tmp_path.iterdir()) == []
