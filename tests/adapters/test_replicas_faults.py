"""Faults under load: three ``membot run`` replicas on one PostgreSQL while the database goes
away under them, a replica is stopped, or a session holds a user's locks.

A server restart (or failover, or every backend ended) drops every session at once, and with
them the replicas' liveness and bot locks: each replica must notice, stop claiming, reconnect,
take its locks back and only then claim again — so every message is still answered exactly
once, in each chat's order, and every turn learned exactly once, with nothing given up.
A replica stopped mid-send for longer than the send grace has its answer sent by the replica
taking the update over, and once woken sends nothing of it. A session frozen mid-transaction
holding one user's write lock (and, for a while, the
database-wide one) holds up that user's turns only: the others are answered meanwhile, and
no turn is lost to a lock timeout. A replica killed (SIGKILL) leaves only the residual
window: an answer Telegram took whose record it never committed is resent by the replica
taking over, and no other duplicate. The replicas connect as the bot's ordinary role, set up
by deploy/postgres-init.sh, never as the superuser. The scenario and its counting live in
``devtools/faults.py`` (``membot bench faults`` prints the same figures as a table).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from devtools.faults import run_fault
from devtools.pg_app import AppDatabase, create_app_database, drop_app_database
from tests.postgres import PgServer

# Run alone (``make test``'s second pass): a frozen replica's takeover is timing; a second test
# worker beside it made one answer go missing (see docs/scaling.md).
pytestmark = [pytest.mark.timeout(240), pytest.mark.alone]

FAULTS = [
    "restart_server",
    "terminate_backends",
    "kill_replica",
    "freeze_replica",
    "freeze_past_grace",
    "held_lock",
]
#: ``freeze_past_grace`` at a small scale: the replicas' send grace 5 s (30 s by default; the
#: bench's run, ``--faults freeze_past_grace``, stops the sender for 35 s), stopped 10 s.
SMALL_GRACE_S = 5.0


@pytest.fixture
def app_db(pg_server: PgServer) -> Iterator[AppDatabase]:
    """A database set up as deploy/ sets it up: the replicas connect as the bot's ordinary
    role (not the superuser the other tests use), so a permission it lacks fails here."""
    app = create_app_database(pg_server.uri, f"faults_{uuid.uuid4().hex[:8]}")
    try:
        yield app
    finally:
        drop_app_database(app)


@pytest.mark.parametrize("fault", FAULTS)
async def test_replicas_answer_and_learn_every_update_once_through_a_database_fault(
    pg_server: PgServer, app_db: AppDatabase, tmp_path: Path, fault: str
) -> None:
    grace = SMALL_GRACE_S if fault == "freeze_past_grace" else None
    run = await run_fault(
        fault,
        server=pg_server,
        url=app_db.url,
        admin_url=app_db.admin_url,
        workdir=tmp_path,
        send_grace_s=grace,
    )
    logs = "\n".join(run.log_tails)
    figures = run.as_json()
    # Exactly once each, in each chat's order; every turn stored and learned once. SIGKILL:
    # but for the residual window (README): an answer Telegram took in the milliseconds before
    # the kill, whose record the killed replica never committed, is sent again by the replica
    # taking over — each such duplicate's first copy came before the kill and was resent.
    # Stopped past the grace: the same window, for an answer the stopped replica had on its
    # way at the stop — the fault stops it again until it has none (in_flight_at_freeze
    # names them when the retry came first), so only those chats' duplicates are tolerated.
    window = run.duplicates if fault == "kill_replica" else len(run.window_ms)
    expected = (run.messages + window, window, 0)
    # The figures whole, then the logs (a tuple's repr was cut to "…" and hid them).
    said = f"{json.dumps(figures, default=str)}\n{logs}"
    assert (run.replies, run.duplicates, run.missing) == expected, said
    assert len(run.window_ms) == window and run.duplicates_outside_window == 0, figures
    assert window <= run.resent, (figures, logs)
    assert run.out_of_order == 0 and run.other_replies == 0, (figures, logs)
    # ... and the order held because the bot kept it: the fake Bot API never sent a chat's
    # update before its previous one was acknowledged (else an in-order run proves nothing).
    assert run.webhook_order_breaks == 0, (figures, logs)
    assert run.counters_off() == (["duplicates"] if window else []), figures
    assert run.turns_stored == run.turns_learned == run.messages, (figures, logs)
    assert run.learned_twice == 0 and run.inbox == {"done": run.messages}, figures
    assert run.given_up == 0, (figures, logs)
    assert run.unhandled == 0, (figures, logs)  # no loop died instead of retrying
    restarted = fault in ("restart_server", "terminate_backends")
    assert run.sessions_restored == (3 if restarted else 0), (figures, logs)
    if fault == "held_lock":  # everyone else was answered while one user's writes were held
        assert run.answered_during_hold, figures
    if fault == "freeze_past_grace":
        # Stopped mid-send past the grace: another replica took the update over and sent the
        # answer; the stopped one, woken, sent nothing (no duplicate above). Whether it logged
        # a recheck is timing: on a quiet machine its retry may be dropped before it rechecks.
        assert run.resent >= 1, (figures, logs)
    survivors = [c for i, c in enumerate(run.exit_codes) if i != run.killed]
    assert all(code == 0 for code in survivors), (figures, logs)
    assert run.exact_but_the_window and (run.ok or window), figures
    # The replicas ran as the ordinary role, not as a superuser.
    assert run.roles == [app_db.role], figures
    with psycopg.connect(app_db.admin_url) as conn:
        row = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = %s", (app_db.role,))
        assert row.fetchone() == (False,)
