"""Several ``membot run`` processes on one database, in Telegram webhook mode, for the
multi-replica test and ``membot bench telegram --replicas N``.

    replicas = ReplicaSet(3, db=url, telegram=fake, workdir=tmp)
    await replicas.start()            # each listens on a port of its own
    fake = FakeTelegram(webhook_targets=replicas.urls)   # the fake plays Telegram + the proxy
    replicas.kill(1)                  # SIGKILL, mid-flight
    await replicas.stop()             # SIGTERM the rest, wait for them

Each replica is a real process (``python -m bot run --platform telegram``) started from this
checkout with settings in its environment only (its working directory is ``workdir``, so no
``.env`` of the checkout is read) and its JSON log in ``workdir/replica-N.log``.

Development tooling (not in the wheel).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from devtools.ports import free_port

#: The checkout's root: replicas run ``-m bot`` from it.
CHECKOUT = Path(__file__).resolve().parents[1]
SECRET = "replica-secret-0123"
PATH = "hook"


def cpu_seconds(pid: int, *, reaped: bool = False) -> float:
    """User + system CPU process ``pid`` used so far (Linux ``/proc``; 0 when gone);
    ``reaped``: plus what its children that exited used (a server's finished workers)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(stat[11]) + int(stat[12])
    if reaped:
        ticks += int(stat[13]) + int(stat[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def listens(pid: int, port: int, host: str = "127.0.0.1") -> bool:
    """Whether process ``pid`` itself listens on TCP ``port`` (Linux: one of its descriptors is
    a socket ``/proc/net/tcp`` shows listening there).

    Not "a connection to the port succeeds": that is also true of another process listening on
    it (the replica, failing to bind, exits a moment later — after a caller was told it
    listens), and on Linux a connect to a port nobody listens on yet can be given that same
    port as its source, when the port lies in the ephemeral range, and connect to itself: the
    probe then says "listening", and the TIME_WAIT it leaves keeps the replica from binding the
    port for a minute. Elsewhere (no ``/proc``): whether a connection succeeds."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not tables[0].exists():
        with socket.socket() as sock:
            return sock.connect_ex((host, port)) == 0
    inodes: set[str] = set()
    for table in tables:
        with contextlib.suppress(OSError):
            for line in table.read_text().splitlines()[1:]:
                fields = line.split()
                # local_address is "HEXADDR:HEXPORT"; state 0A is LISTEN; field 9 the inode.
                if len(fields) > 9 and fields[3] == "0A" and fields[1].endswith(f":{port:04X}"):
                    inodes.add(f"socket:[{fields[9]}]")
    if not inodes:
        return False
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:  # gone
        return False
    for fd in fds:
        with contextlib.suppress(OSError):  # closed meanwhile
            if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                return True
    return False


@dataclass
class Replica:
    """One ``membot run`` process."""

    index: int
    port: int
    log_path: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its webhook URL (the proxy would send here)."""
        return f"http://127.0.0.1:{self.port}/{PATH}"

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.proc is not None and self.proc.poll() is None

    def cpu_seconds(self) -> float:
        """User + system CPU the process used so far (Linux ``/proc``; 0 when gone)."""
        return 0.0 if self.proc is None else cpu_seconds(self.proc.pid)


def application_name(index: int) -> str:
    """The ``application_name`` of replica ``index``'s PostgreSQL sessions."""
    return f"membot-replica-{index}"


@dataclass
class ReplicaSet:
    """``count`` replicas of one bot on the database ``db``, talking to a (fake) Bot API."""

    count: int
    db: str
    token: str
    base_url: str
    base_file_url: str
    workdir: Path
    lease_s: float = 5.0
    embedder: str = "none"
    env: dict[str, str] = field(default_factory=dict)
    replicas: list[Replica] = field(default_factory=list)
    #: The replica :meth:`kill` killed (``None``: none).
    killed: int | None = None

    @property
    def urls(self) -> list[str]:
        """Every replica's webhook URL (known before they start)."""
        self._plan()
        return [r.url for r in self.replicas]

    def _plan(self) -> None:
        if not self.replicas:
            self.workdir.mkdir(parents=True, exist_ok=True)
            ports: list[int] = []
            while len(ports) < self.count:  # one each: two on one port, one fails to bind
                port = free_port()
                if port not in ports:
                    ports.append(port)
            self.replicas = [
                Replica(i, port, self.workdir / f"replica-{i}.log") for i, port in enumerate(ports)
            ]

    def db_of(self, index: int) -> str:
        """The database a replica opens: on PostgreSQL with its own ``application_name``
        (:func:`application_name`), so what its sessions hold can be told apart."""
        if not self.db.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
            return self.db
        joint = "&" if "?" in self.db else "?"
        return f"{self.db}{joint}application_name={application_name(index)}"

    def _environment(self, replica: Replica) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMBOT_", "ANTHROPIC_"))}
        env.pop("TELEGRAM_BOT_TOKEN", None)
        env.update(
            {
                "PYTHONPATH": str(CHECKOUT),
                # A replica killed (SIGKILL) leaves nothing of its output in a buffer.
                "PYTHONUNBUFFERED": "1",
                "MEMBOT_DB": self.db_of(replica.index),
                "MEMBOT_EMBEDDER": self.embedder,
                "MEMBOT_LEASE_S": str(self.lease_s),
                "TELEGRAM_BOT_TOKEN": self.token,
                # "{replica}" in it: each replica's own (the fake records who called).
                "MEMBOT_TELEGRAM_BASE_URL": self.base_url.replace("{replica}", str(replica.index)),
                "MEMBOT_TELEGRAM_BASE_FILE_URL": self.base_file_url,
                "MEMBOT_TELEGRAM_MODE": "webhook",
                # The public URL every replica registers: in front of them all (the proxy).
                "MEMBOT_TELEGRAM_WEBHOOK_URL": f"https://bot.example/{PATH}",
                "MEMBOT_TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
                "MEMBOT_TELEGRAM_WEBHOOK_PORT": str(replica.port),
                "MEMBOT_TELEGRAM_WEBHOOK_PATH": PATH,
                "MEMBOT_TELEGRAM_WEBHOOK_SECRET": SECRET,
                **self.env,
            }
        )
        return env

    async def start(self, timeout: float = 90.0) -> None:
        """Start every replica and wait until each listens."""
        self._plan()
        for replica in self.replicas:
            self._spawn(replica)
        deadline = time.monotonic() + timeout
        for replica in self.replicas:
            await self._wait_listening(replica, deadline)

    def _spawn(self, replica: Replica) -> None:
        with replica.log_path.open("ab") as log:
            replica.proc = subprocess.Popen(
                [sys.executable, "-m", "bot", "run", "--platform", "telegram"],
                cwd=self.workdir,
                env=self._environment(replica),
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    async def _wait_listening(self, replica: Replica, deadline: float) -> None:
        while True:
            if not replica.alive:
                raise RuntimeError(
                    f"replica {replica.index} exited at start:\n{self.log_tail(replica.index)}"
                )
            if replica.proc is not None and listens(replica.proc.pid, replica.port):
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"replica {replica.index} did not listen in time")
            await asyncio.sleep(0.05)

    def kill(self, index: int) -> None:
        """SIGKILL one replica (no shutdown of any kind) and wait until it is gone."""
        self.signal_kill(index)
        proc = self.replicas[index].proc
        if proc is not None:
            proc.wait()

    def signal_kill(self, index: int) -> None:
        """Send one replica SIGKILL without waiting for the kernel to reap it (tens to hundreds
        of ms on a loaded machine: a caller on an event loop waits for it in a thread)."""
        self.killed = index
        proc = self.replicas[index].proc
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGKILL)

    def freeze(self, index: int) -> None:
        """SIGSTOP one replica: it keeps its database sessions (and liveness lock) but does
        nothing — a hung process, a long GC pause, a VM stolen for a while."""
        proc = self.replicas[index].proc
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGSTOP)

    def thaw(self, index: int) -> None:
        """SIGCONT a frozen replica: it carries on from where it stopped."""
        proc = self.replicas[index].proc
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGCONT)

    async def stop(self, timeout: float = 30.0) -> list[int | None]:
        """SIGTERM every live replica and wait; returns their exit codes."""
        for replica in self.replicas:
            if replica.alive and replica.proc is not None:
                replica.proc.send_signal(signal.SIGTERM)
        codes: list[int | None] = []
        for replica in self.replicas:
            if replica.proc is None:
                codes.append(None)
                continue
            try:
                codes.append(await asyncio.to_thread(replica.proc.wait, timeout))
            except subprocess.TimeoutExpired:
                replica.proc.kill()
                codes.append(await asyncio.to_thread(replica.proc.wait))
        return codes

    def log_tail(self, index: int, lines: int = 40) -> str:
        """The end of one replica's log (for failure messages)."""
        with contextlib.suppress(OSError):
            text = self.replicas[index].log_path.read_text(errors="replace")
            return "\n".join(text.splitlines()[-lines:])
        return ""

    def log_lines(self, text: str) -> int:
        """How many log lines of every replica contain ``text``."""
        total = 0
        for replica in self.replicas:
            with contextlib.suppress(OSError):
                lines = replica.log_path.read_text(errors="replace").splitlines()
                total += sum(1 for line in lines if text in line)
        return total

    def log_events(self, event: str, *, index: int | None = None, containing: str = "") -> int:
        """How many log lines of every replica (or replica ``index``'s) carry ``"event":
        "<event>"`` (and ``containing``)."""
        needle = f'"event": "{event}"'
        total = 0
        for replica in self.replicas:
            if index is not None and replica.index != index:
                continue
            with contextlib.suppress(OSError):
                lines = replica.log_path.read_text(errors="replace").splitlines()
                total += sum(1 for line in lines if needle in line and containing in line)
        return total
