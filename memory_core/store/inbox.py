"""Received platform updates (webhooks), committed before they are acknowledged.

A row per ``(platform, update_id)``: a redelivered update finds its row and is dropped. Each
chat's updates are handled in ``update_id`` order, one at a time across every process: only a
chat's oldest pending update can be leased, and only while no live lease holds it. A handled
update keeps its row (for the redelivery check) but not its payload.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, text

from memory_core.clock import to_ts
from memory_core.db.backends import of as backend_of
from memory_core.store import leases as lease_repo

#: Handled updates are kept this long for the redelivery check by default (Telegram gives up
#: retrying an update well within a day); the nightly lifecycle run deletes older ones
#: (``MEMBOT_INBOX_KEEP_HOURS``).
KEEP_HANDLED = timedelta(days=2)

#: A process that began sending an update's answer keeps the update (and its chat's later
#: ones wait) this long after the send began (or was last renewed), lease lapsed or not, alive
#: or not: a process stopped between recording the send and the platform receiving it
#: (SIGSTOP, a stalled VM) sends when it resumes, and one cut off from the database (a server
#: restart) is still sending — a takeover meanwhile would let the chat's later answers go
#: first, or answer twice. Past it the update is taken over, and its answer sent by the
#: process taking it over unless the platform accepted it (``begin_send``); a sender that
#: resumes later renews before its next request (``renew_send``), finds the send taken over
#: and sends nothing.
SEND_GRACE_S = 30.0  # by default: MEMBOT_SEND_GRACE_S (``Config.send_grace_s``)

#: A claim looks at this many of the oldest pending updates, whatever the backlog.
_SCAN_ROWS = 512
# A claim's candidates: the chats' heads among the oldest :scan pending updates, walked in
# update_id order through a partial index (migration m012) and stopped at the claim's limit,
# one probe each of the per-chat index for "is an older update of this chat pending?".
# Bounded whatever the backlog; the cost: a chat whose first pending update is newer than the
# 512 oldest waits until they drain — arrival order across chats, so one chat's burst of
# more than 512 updates delays the chats that wrote after it.
_OLDEST = (
    "(SELECT id, update_id, chat_key, lease_owner, lease_until, sent_at, sent_by FROM inbox "
    "WHERE platform = :p "
    "AND status = 'pending' ORDER BY update_id LIMIT :scan)"
)


@dataclass(frozen=True, slots=True)
class Update:
    """One received update, leased to the process that will handle it."""

    id: int
    update_id: int
    chat_key: str
    payload: str
    #: How many times it was leased, this time included (more than one: a process died).
    attempts: int


def put(
    conn: Connection, platform: str, update_id: int, chat_key: str, payload: str, now: datetime
) -> bool:
    """Record a received update; ``False`` if it was received before (a redelivery)."""
    res = conn.execute(
        text(
            "INSERT INTO inbox (platform, update_id, chat_key, payload, received_at) "
            "VALUES (:p, :uid, :chat, :payload, :now) ON CONFLICT(platform, update_id) DO NOTHING"
        ),
        {"p": platform, "uid": update_id, "chat": chat_key, "payload": payload, "now": to_ts(now)},
    )
    return bool(res.rowcount)


def put_handled(
    conn: Connection, platform: str, updates: list[tuple[int, str]], at: datetime
) -> None:
    """Record ``updates`` (update id, chat key) as received and handled at ``at``, the way a
    running bot leaves them: each row inserted pending, then finished (benchmarks: a table
    with a history of handled updates, as a busy bot's holds until the retention job)."""
    ts = to_ts(at)
    conn.execute(
        text(
            "INSERT INTO inbox (platform, update_id, chat_key, payload, received_at) "
            "VALUES (:p, :uid, :chat, '{}', :at)"
        ),
        [{"p": platform, "uid": uid, "chat": chat, "at": ts} for uid, chat in updates],
    )
    conn.execute(
        text(
            "UPDATE inbox SET status = 'done', payload = NULL, finished_at = :at "
            "WHERE platform = :p AND status = 'pending' AND update_id >= :a AND update_id <= :b"
        ),
        {"p": platform, "at": ts, "a": min(u for u, _ in updates), "b": max(u for u, _ in updates)},
    )


def claim(
    conn: Connection,
    platform: str,
    owner: str,
    now: datetime,
    lease_s: float,
    limit: int,
    *,
    alive_only: bool = False,
    grace_s: float = SEND_GRACE_S,
) -> list[Update]:
    """Lease up to ``limit`` chats' first pending updates (by ``update_id``) to ``owner``
    (with ``alive_only``, on PostgreSQL, only while ``owner`` holds its liveness lock).

    A chat whose oldest pending update is leased (another process, or this one, is handling
    it) is skipped: its later updates wait. The conditions on the row itself are checked again
    under its row lock on PostgreSQL, so two processes never lease the same update.

    The candidates are the chats' heads among the oldest pending updates (:data:`_OLDEST`),
    so a backlog does not slow its own drain (the query used to visit and sort every pending
    row: 372 ms at 20,000).

    A head another open transaction holds (on PostgreSQL: a replica stopped mid-transaction
    on it keeps its row lock until the server ends its session) is passed over, not waited
    for (``FOR UPDATE SKIP LOCKED`` on the heads only): the other chats are claimed meanwhile.
    Its chat waits all the same — the heads are told from the claim's snapshot, where the held
    row is still its chat's oldest pending update, so the chat's next update is no head.
    (Skipping locked rows while *choosing* a chat's oldest would hand its next one out, out of
    order: ``outbox.claim_next`` does not, for that reason.)
    """
    # Not its own: an update this process holds is being handled by it. A process that began
    # sending stays its holder for SEND_GRACE_S.
    backend = backend_of(conn)
    not_sending = backend.not_sending_sql
    free = lease_repo.free_sql(conn, mine=False, alive_only=alive_only) + not_sending("")
    free_i = lease_repo.free_sql(conn, "i.", mine=False, alive_only=alive_only) + not_sending("i.")
    free_h = lease_repo.free_sql(conn, "h.", mine=False, alive_only=alive_only) + not_sending("h.")
    heads = (
        f"SELECT i.id FROM {_OLDEST} i WHERE {free_i} AND NOT EXISTS ("
        "SELECT 1 FROM inbox j WHERE j.platform = :p AND j.status = 'pending' "
        "AND j.chat_key = i.chat_key AND j.update_id < i.update_id) "
        "ORDER BY i.update_id LIMIT :lim"
    )
    rows = conn.execute(
        text(
            "UPDATE inbox SET lease_owner = :me, lease_until = :until, attempts = attempts + 1 "
            f"WHERE id IN (SELECT h.id FROM inbox h WHERE h.id IN ({heads}) "
            f"AND h.status = 'pending' AND {free_h} "
            f"ORDER BY h.update_id LIMIT :lim{backend.skip_locked_sql()}) "
            f"AND status = 'pending' AND {free} "
            "RETURNING id, update_id, chat_key, payload, attempts"
        ),
        {
            "p": platform,
            "me": owner,
            "now": to_ts(now),
            "until": to_ts(now) + lease_s,
            "lim": limit,
            "scan": _SCAN_ROWS,
            "grace": grace_s,
        },
    ).all()
    updates = [Update(r[0], int(r[1]), r[2], r[3] or "", int(r[4])) for r in rows]
    return sorted(updates, key=lambda u: u.update_id)


def finish(conn: Connection, row_id: int, owner: str, now: datetime, status: str = "done") -> bool:
    """Close a handled (or given-up) update ``owner`` holds and drop its payload; ``False`` if
    it is not pending or no longer ``owner``'s (a frozen process woke after a takeover)."""
    res = conn.execute(
        text(
            "UPDATE inbox SET status = :st, payload = NULL, finished_at = :now, "
            "lease_owner = NULL, lease_until = NULL "
            "WHERE id = :id AND status = 'pending' AND lease_owner = :me"
        ),
        {"id": row_id, "st": status, "now": to_ts(now), "me": owner},
    )
    return bool(res.rowcount)


def release(conn: Connection, row_id: int, owner: str) -> bool:
    """Hand back an update ``owner`` could not handle for now (the database went away
    mid-way, or the platform refused its answer): it is leased again at once, by any
    process, keeping its attempt count. A send ``owner`` began is forgotten: nothing of the
    answer reached the platform (the caller's promise), so the next holder sends it."""
    res = conn.execute(
        text(
            "UPDATE inbox SET lease_owner = NULL, lease_until = NULL, "
            "sent_at = CASE WHEN sent_by = :me THEN NULL ELSE sent_at END, "
            "sent_by = CASE WHEN sent_by = :me THEN NULL ELSE sent_by END "
            "WHERE id = :id AND status = 'pending' AND lease_owner = :me"
        ),
        {"id": row_id, "me": owner},
    )
    return bool(res.rowcount)


def extend(conn: Connection, row_ids: list[int], owner: str, now: datetime, lease_s: float) -> None:
    """Renew ``owner``'s leases on ``row_ids`` from ``now`` (a claim that waited long for a
    row lock would otherwise return leases that ran out while it waited)."""
    for row_id in row_ids:
        conn.execute(
            text(
                "UPDATE inbox SET lease_until = :until "
                "WHERE id = :id AND status = 'pending' AND lease_owner = :me"
            ),
            {"id": row_id, "me": owner, "until": to_ts(now) + lease_s},
        )


def begin_send(
    conn: Connection, row_id: int, owner: str, now: datetime, grace_s: float = SEND_GRACE_S
) -> bool:
    """Record that ``owner`` is about to send an update's answer; ``False`` when it must not:
    the update is no longer its own (taken over while this process was frozen or cut off),
    or another process began sending it and may still do so (sending again could answer
    twice). A begun answer is sent again once its sender stopped renewing it for the grace
    (``SEND_GRACE_S``: it died around the send, or it is stopped and, if it resumes, finds the
    send taken over) — unless the platform accepted it (:func:`accept`): then it reached the
    chat, and is never sent again."""
    resend = backend_of(conn).resend_sql()
    res = conn.execute(
        text(
            "UPDATE inbox SET sent_at = :now, sent_by = :me WHERE id = :id "
            "AND status = 'pending' AND lease_owner = :me "
            # Accepted by the platform: it reached the chat, whoever sent it.
            f"AND (sent_at IS NULL OR (accepted_at IS NULL AND {resend}))"
        ),
        {"id": row_id, "me": owner, "now": to_ts(now), "grace": grace_s},
    )
    return bool(res.rowcount)


def renew_send(conn: Connection, row_id: int, owner: str, now: datetime) -> bool:
    """Before another request of an answer ``owner`` began long ago (it was stopped, or its
    requests were retried): whether the send is still its own — renewed from ``now`` if so,
    ``False`` when another process took the send over (or closed the update) meanwhile."""
    res = conn.execute(
        text(
            "UPDATE inbox SET sent_at = :now WHERE id = :id "
            "AND status = 'pending' AND sent_by = :me"
        ),
        {"id": row_id, "me": owner, "now": to_ts(now)},
    )
    return bool(res.rowcount)


def accept(conn: Connection, row_id: int, now: datetime, message_id: str | None) -> None:
    """Record that the platform accepted a message of an update's answer (its id, the last
    one's for a multi-message answer): whoever began the send, the answer reached the chat,
    and nobody sends it again (``begin_send``)."""
    # PostgreSQL: this transaction does not wait for its WAL flush (synchronous_commit off,
    # set in the same statement: no extra round trip). Once committed, every session sees it,
    # which is all a replica's death needs, and the record's window is as short as it gets;
    # only a crash of the server itself in the next moments (wal_writer_delay, 200 ms) could
    # lose it — then the answer may be sent twice, as without the record.
    fast = (
        " FROM (SELECT set_config('synchronous_commit', 'off', true)) AS fast"
        if backend_of(conn).name == "postgresql"
        else ""
    )
    conn.execute(
        text(
            "UPDATE inbox SET accepted_at = COALESCE(accepted_at, :now), "
            f"accepted_message = COALESCE(:mid, accepted_message){fast} WHERE id = :id"
        ),
        {"id": row_id, "now": to_ts(now), "mid": message_id},
    )


def forget_before(conn: Connection, before: datetime, limit: int) -> int:
    """Delete up to ``limit`` handled updates finished before ``before`` (past any
    redelivery), oldest first; how many."""
    res = conn.execute(
        text(
            "DELETE FROM inbox WHERE id IN (SELECT id FROM inbox WHERE finished_at < :t "
            "AND status <> 'pending' ORDER BY finished_at LIMIT :lim)"
        ),
        {"t": to_ts(before), "lim": limit},
    )
    return int(res.rowcount)
