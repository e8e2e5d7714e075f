"""A running bot: its run lock, the events its turns write, and the Prometheus endpoint."""

from __future__ import annotations

import asyncio
import json
import math
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pysqlite3.dbapi2 as sqlite
import pytest

from bot.metrics_server import MetricsServer, render
from devtools.ports import free_port
from memory_core.clock import ManualClock
from memory_core.errors import StoreError
from memory_core.memory import Memory
from memory_core.ops import admin, metrics
from memory_core.store.events import EventRow


async def http(port: int, method: str, path: str) -> tuple[int, dict[str, str], str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    head, _, body = raw.decode().partition("\r\n\r\n")
    status_line, *header_lines = head.split("\r\n")
    headers = dict(line.split(": ", 1) for line in header_lines)
    return int(status_line.split()[1]), headers, body


def samples(text: str) -> dict[str, float]:
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


async def test_a_running_bot_holds_the_lock_and_serves_metrics(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    db = tmp_path / "bot.db"
    port = free_port()
    async with console(db, clock, metrics_port=port) as session:
        assert admin.bot_running(db)
        with pytest.raises(StoreError, match="running"):
            admin.restore(db, db)  # refused before anything is touched
        await session.say("I live in Lisbon", "my cat is called Tom", "thanks", "where do I live?")
        assert session.runtime is not None
        await session.runtime.settle()
        clock.advance(seconds=1)  # the window ends "now": let the last turn's events be past

        status, headers, body = await http(port, "GET", "/metrics")
        assert status == 200
        assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
        s = samples(body)
        assert s["membot_up"] == 1
        assert s["membot_turns"] == 4
        assert s["membot_users"] == 1
        assert s["membot_vectors_enabled"] == 1
        assert 0 <= s["membot_lexical_hit_rate"] <= 1
        assert s['membot_observer_latency_ms{quantile="0.95"}'] > 0
        assert s['membot_facts{status="active"}'] >= 2
        assert s["process_resident_memory_bytes"] > 0
        assert math.isnan(s["membot_wrong_overwrite_rate"])  # nothing to rate yet
        assert "# TYPE membot_turns gauge" in body
        # This process's counters beside the 24-hour gauges (Prometheus counters).
        assert s["membot_turns_total"] == 4
        assert s['membot_facts_total{action="created"}'] >= 2
        assert "# TYPE membot_facts_total counter" in body

        assert (await http(port, "GET", "/healthz"))[:1] == (200,)
        ready = await http(port, "GET", "/readyz")
        assert (ready[0], ready[2]) == (200, "ready\n")
        assert (await http(port, "GET", "/nope"))[0] == 404
        assert (await http(port, "POST", "/metrics"))[0] == 405

    # Stopped: the lock is free and the port is closed.
    assert not admin.bot_running(db)
    with pytest.raises(OSError):
        await http(port, "GET", "/metrics")
    inject = db_rows_file(db, "SELECT status FROM events WHERE op = 'inject' ORDER BY id")
    assert inject.count("skipped") >= 1  # "thanks" is trivial: no memory injected
    searched = db_rows_file(
        db, "SELECT status FROM events WHERE op = 'lexical' AND status != 'skipped'"
    )
    assert len(searched) == 3


async def test_readyz_says_why_a_replica_is_not_ready(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    """/readyz is 503 with the reasons while a background loop is down or the database
    session is being re-established; /healthz stays 200 (the process lives)."""
    port = free_port()
    async with console(tmp_path / "bot.db", clock, metrics_port=port) as session:
        runtime = session.runtime
        assert runtime is not None
        await runtime.observer.aclose()  # the learning loop is gone
        runtime.memory.leases.healthy = False  # as while reconnecting
        status, _, body = await http(port, "GET", "/readyz")
        assert status == 503
        assert body.splitlines() == ["learning stopped", "re-establishing the database session"]
        assert (await http(port, "GET", "/healthz"))[0] == 200
        runtime.memory.leases.healthy = True
        runtime.observer.start()
        assert (await http(port, "GET", "/readyz"))[0] == 200


async def test_readyz_fails_when_the_lease_keeper_died(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    """The lease keeper renews this process's leases and watches its database session: once
    its task ended (an error it did not survive), the replica's leases run out under it and a
    lost session goes unnoticed, so it must leave the rotation."""
    port = free_port()
    async with console(tmp_path / "bot.db", clock, metrics_port=port) as session:
        runtime = session.runtime
        assert runtime is not None
        assert (await http(port, "GET", "/readyz"))[0] == 200
        await runtime.memory.leases.aclose()  # as if its loop had died
        status, _, body = await http(port, "GET", "/readyz")
        assert (status, body.splitlines()) == (503, ["lease keeper stopped"])
        await runtime.memory.leases.start()
        assert (await http(port, "GET", "/readyz"))[0] == 200


async def test_a_learning_backlog_is_reported_but_keeps_the_replica_in_rotation(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., Any],
    isolated_cli: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Learning far behind is the same figure on every replica (one queue in one database):
    failing /readyz on it took every replica out of the proxy at once, so a learning backlog
    (a restart after downtime, a slow language model, `admin retry-failed` of many jobs)
    stopped every reply until learning caught up. /readyz stays 200 and says it as a warning;
    `doctor --running` shows it."""
    from datetime import timedelta

    from typer.testing import CliRunner

    from bot.cli import cli
    from memory_core.store import outbox

    port = free_port()
    async with console(tmp_path / "bot.db", clock, metrics_port=port) as session:
        runtime = session.runtime
        assert runtime is not None
        memory = runtime.memory
        # The observer frees every outbox lease once at its start (SQLite: one process, an
        # earlier one's leases are dead): the busy process's job is added after that, else
        # it was sometimes freed, learned, and the lag gone before doctor asked (2 runs in ~20).
        await runtime.observer.drain()
        late = clock.now() - timedelta(seconds=900)
        job = outbox.Job(
            0, "t-late", "console:zed", "c", None, "Zed", "hi", "ok", False, True, False, late, 0
        )
        with memory.db.write() as conn:  # held by a process that is busy with it, 15 min late
            outbox.add(conn, job, late, "another-process", 86400.0)
        status, _, body = await http(port, "GET", "/readyz")
        assert status == 200
        assert body.splitlines() == ["ready", "warning: learning is 900 s behind"]
        monkeypatch.setenv("MEMBOT_METRICS_PORT", str(port))
        args = ["admin", "doctor", "--running", "--db", str(tmp_path / "bot.db"), "--json"]
        result = await asyncio.to_thread(CliRunner().invoke, cli, args)
        ready = [c for c in json.loads(result.stdout)["checks"] if c["name"] == "ready"]
        assert result.exit_code == 0, result.output
        assert [(c["ok"], c["detail"].split(": ", 1)[1]) for c in ready] == [
            (True, "ready"),
            (True, "warning: learning is 900 s behind"),
        ]


def db_rows_file(db: Path, sql: str) -> list[str]:
    conn = sqlite.connect(str(db))
    try:
        return [r[0] for r in conn.execute(sql).fetchall()]
    finally:
        conn.close()


async def test_a_taken_metrics_port_fails_the_start_and_frees_the_lock(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    db = tmp_path / "bot.db"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        session = console(db, clock, metrics_port=port)
        with pytest.raises(OSError):
            await session.__aenter__()
        assert session.runtime is not None
        session.runtime.memory.close()
    assert not admin.bot_running(db)  # the failed start released its lock


def test_one_bot_per_database_and_read_only_work_beside_it(tmp_path: Path) -> None:
    """Two bots on one SQLite file would learn every turn twice: the second is refused."""
    db = tmp_path / "bot.db"
    first, second = admin.RunLock(db), admin.RunLock(db)
    first.acquire_bot()
    with pytest.raises(StoreError, match=rf"another membot \(pid {os.getpid()}\)"):
        second.acquire_bot()
    shared = admin.RunLock(db)
    shared.acquire_shared()  # what read-only admin work needs still works beside the bot
    shared.release()
    first.release()
    second.acquire_bot()  # free again once the first bot stopped
    second.release()


async def test_a_second_runtime_on_the_same_file_does_not_start(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    db = tmp_path / "bot.db"
    async with console(db, clock):
        second = console(db, clock)
        with pytest.raises(StoreError, match="already running"):
            await second.__aenter__()
        assert second.runtime is not None
        second.runtime.memory.close()


def test_bots_share_the_lock_and_a_restore_excludes_them(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    first, second = admin.RunLock(db), admin.RunLock(db)
    first.acquire_shared()
    second.acquire_shared()  # shared holders (the bot, read-only admin work) coexist
    assert admin.bot_running(db)
    with pytest.raises(StoreError, match="running"), admin.RunLock(db).exclusive():
        pass
    first.release()
    second.release()
    assert not admin.bot_running(db)
    with admin.RunLock(db).exclusive(), pytest.raises(StoreError, match="restore"):
        admin.RunLock(db).acquire_shared(timeout=0.1)


async def test_metrics_server_caches_between_scrapes(memory: Memory) -> None:
    server = MetricsServer(memory, port=0, ttl=60)
    await server.start()
    try:
        first = await http(server.port, "GET", "/metrics")
        second = await http(server.port, "GET", "/metrics?x=1")
        assert first[0] == second[0] == 200
        assert first[2] == second[2]
    finally:
        await server.aclose()


def test_render_escapes_labels_and_writes_nan_for_undefined_rates(memory: Memory) -> None:
    events = [EventRow("llm", "calls", "ok", None, 'we"ird\\model', None, 3, 100.0)]
    report = metrics.compute(events, [], [], [], since=0, until=200)
    process = {"start_time": 1.0, "cpu_seconds": 0.5, "resident_bytes": 1e6, "threads": 3.0}
    text = render(report, admin.stats(memory.db), process, {})
    assert 'membot_llm_calls{model="we\\"ird\\\\model"} 3.0' in text
    assert "membot_lexical_hit_rate NaN" in text
    assert "membot_llm_cost_usd" not in text  # unknown model: no cost line at all


async def test_doctor_running_agrees_with_readyz_and_loads_no_model(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., Any],
    isolated_cli: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``admin doctor --running`` (what an operator or a probe runs beside the bot) reports
    what the bot's /readyz reports, reason for reason, and never loads the embedding model."""
    from typer.testing import CliRunner

    from bot import app as composition
    from bot.cli import cli

    def no_model(*_: object) -> None:
        raise AssertionError("doctor --running loaded the embedding model")

    db = tmp_path / "bot.db"
    port = free_port()
    monkeypatch.setenv("MEMBOT_METRICS_PORT", str(port))

    async def doctor() -> tuple[int, list[dict[str, Any]]]:
        args = ["admin", "doctor", "--running", "--db", str(db), "--json"]
        result = await asyncio.to_thread(CliRunner().invoke, cli, args)
        return result.exit_code, json.loads(result.stdout)["checks"]

    async with console(db, clock, metrics_port=port) as session:
        runtime = session.runtime
        assert runtime is not None
        monkeypatch.setattr(composition, "build_embedder", no_model)  # the bot has its own
        code, checks = await doctor()
        ready = [c for c in checks if c["name"] == "ready"]
        assert code == 0 and ready == [
            {"name": "ready", "ok": True, "detail": f"http://127.0.0.1:{port}/readyz: ready"}
        ]
        assert any(c["name"] == "bot" and c["ok"] for c in checks)

        await runtime.observer.aclose()  # the learning loop is gone: /readyz says 503
        runtime.memory.leases.healthy = False
        status, _, body = await http(port, "GET", "/readyz")
        code, checks = await doctor()
        failed = [c["detail"].split(": ", 1)[1] for c in checks if not c["ok"]]
        assert status == 503 and code == 1
        assert (
            failed
            == body.splitlines()
            == [
                "learning stopped",
                "re-establishing the database session",
            ]
        )
        runtime.memory.leases.healthy = True
        runtime.observer.start()

    # No bot any more: no lock holder, and nothing answers on the port.
    code, checks = await doctor()
    assert code == 1
    assert {c["name"] for c in checks if not c["ok"]} == {"bot", "ready"}
