"""The replica harness (``devtools/replicas.py``) says a replica listens only when that replica
does, and the fault scenario fails at once, naming it, when one exits before registering its
webhook — not 60 s later with a count of calls (a CI run once failed so, with no replica log).
"""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import devtools.replicas
from devtools.fake_telegram import FakeTelegram
from devtools.faults import until_registered
from devtools.ports import free_port
from devtools.replicas import Replica, ReplicaSet

#: A process that listens on the port given as its argument (or on none), then waits.
_SERVER = """
import socket, sys, time
if len(sys.argv) > 1:
    sock = socket.socket()
    sock.bind(("127.0.0.1", int(sys.argv[1])))
    sock.listen()
print("ready", flush=True)
time.sleep(120)
"""


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[bytes]]]:
    procs: list[subprocess.Popen[bytes]] = []
    yield procs
    for proc in procs:
        proc.kill()
        proc.wait()


def _start(procs: list[subprocess.Popen[bytes]], *args: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", _SERVER, *args], stdout=subprocess.PIPE)
    procs.append(proc)
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
    return proc


def _exited() -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc


def _replica_set(tmp_path: Path) -> ReplicaSet:
    return ReplicaSet(1, db="", token="t", base_url="", base_file_url="", workdir=tmp_path)


async def test_a_replica_listens_only_when_its_own_process_listens_on_its_port(
    tmp_path: Path, processes: list[subprocess.Popen[bytes]]
) -> None:
    """Another process listening on the replica's port (two replicas given one port: the
    second fails to bind and exits a moment later) is not the replica listening — nor is a
    connection that found no listener and connected to itself (Linux, a port in the
    ephemeral range): the replica then could not bind for a minute."""
    replicas = _replica_set(tmp_path)
    port = free_port()
    with socket.socket() as other:
        other.bind(("127.0.0.1", port))
        other.listen()
        idle = Replica(0, port, tmp_path / "r0.log", proc=_start(processes))
        with pytest.raises(TimeoutError, match="replica 0 did not listen"):
            await replicas._wait_listening(idle, time.monotonic() + 0.5)
    own = free_port()
    serving = Replica(1, own, tmp_path / "r1.log", proc=_start(processes, str(own)))
    await replicas._wait_listening(serving, time.monotonic() + 60)


def test_each_replica_is_planned_a_port_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ports = iter([21001, 21001, 21002, 21001, 21003])
    monkeypatch.setattr(devtools.replicas, "free_port", lambda: next(ports))
    replicas = ReplicaSet(3, db="", token="t", base_url="", base_file_url="", workdir=tmp_path)
    assert len(replicas.urls) == 3
    assert [r.port for r in replicas.replicas] == [21001, 21002, 21003]


async def test_a_replica_that_exits_before_registering_fails_the_run_at_once_naming_it(
    tmp_path: Path,
) -> None:
    replicas = _replica_set(tmp_path)
    replicas.replicas = [Replica(0, free_port(), tmp_path / "replica-0.log", proc=_exited())]
    replicas.replicas[0].log_path.write_text("platform_failed: address already in use\n")
    async with FakeTelegram() as tg:
        # Long before the registration's own bound (10 min): the exit is seen at once.
        async with asyncio.timeout(60):
            with pytest.raises(TimeoutError, match=r"replica 0 \(exited 0\)") as failed:
                await until_registered(tg, replicas, timeout=600)
    assert "address already in use" in str(failed.value)


async def test_a_killed_replicas_last_logged_event_before_the_kill_is_in_its_log(
    tmp_path: Path,
) -> None:
    """A replica killed outright (SIGKILL: no shutdown, no flush at exit) must leave in its log
    file every event it logged before the kill — the evidence a fault run is read from. The
    replica logs ``update_redelivered`` before it acknowledges a redelivered update; once the
    fake Bot API got that acknowledgement, the replica is killed at once and the line must be
    in the file (a buffered log — a queue handler, a block-buffered stream — loses it)."""
    db = tmp_path / "bot.db"
    async with FakeTelegram() as tg:
        replicas = ReplicaSet(
            1,
            db=str(db),
            token=tg.token,
            base_url=tg.caller_base_url("{replica}"),
            base_file_url=tg.base_file_url,
            workdir=tmp_path,
        )
        tg.balance(replicas.urls, redeliver=1.0, seed=3)  # every update sent twice
        await replicas.start()
        try:
            await until_registered(tg, replicas)
            tg.send_text(tg.user(7001, "Ana"), "Hello there")

            def acknowledged_copy() -> bool:
                return any(a.copy == 1 and a.ok for a in tg.webhook_attempts)

            await tg.wait_for(acknowledged_copy, 60)
            replicas.kill(0)
            assert replicas.replicas[0].proc is not None
            assert replicas.replicas[0].proc.returncode == -signal.SIGKILL
            assert replicas.log_events("update_redelivered") == 1, replicas.log_tail(0)
        finally:
            await replicas.stop()
