"""What a write transaction changed, announced once it commits: the ``fact_learned`` /
``fact_changed`` / ``fact_forgotten`` log events and the process's counters.

Repositories :func:`note` a change inside the caller's transaction (every audited fact change
goes through ``store.facts``' one audit writer, so a new writer cannot skip it);
:meth:`Database.write <memory_core.db.engine.Database.write>` announces the notes after the
commit and drops them on a rollback, so a log line or a counter never reports a change that
did not happen. Values are never part of a note: a fact's key, id, action and source are,
its text is not (it may be sensitive or a secret).

The counters live as long as the process (Prometheus counters reset on restart; ``rate()``
and ``increase()`` handle it), one set per open database; each replica counts its own.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import structlog
from sqlalchemy import Connection

log = structlog.get_logger("memory_core.changes")

_KEY = "membot_changes"
#: A fact whose change leaves it in this status is announced as ``fact_forgotten`` (forgotten,
#: rejected, merged away or faded: the ``action`` says which).
FORGOTTEN_STATUS = "deleted"


@dataclass(frozen=True, slots=True)
class Note:
    """One change: a counter name, its labels, the amount, and the log event (if any)."""

    counter: str
    labels: tuple[tuple[str, str], ...] = ()
    amount: float = 1.0
    event: str | None = None
    fields: Mapping[str, Any] | None = None


class Counters:
    """Monotonic counters of this process, by name and labels (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._values: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}

    def add(self, name: str, amount: float = 1.0, **labels: str) -> None:
        """Add ``amount`` to the counter ``name`` with ``labels``."""
        self.add_labelled(name, tuple(sorted(labels.items())), amount)

    def add_labelled(self, name: str, labels: tuple[tuple[str, str], ...], amount: float) -> None:
        """Add ``amount`` to the counter ``name`` with sorted ``labels`` pairs."""
        with self._lock:
            self._values[(name, labels)] = self._values.get((name, labels), 0.0) + amount

    def snapshot(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        """Every counter now: ``{(name, ((label, value), …)): total}``."""
        with self._lock:
            return dict(self._values)

    def get(self, name: str, **labels: str) -> float:
        """One counter's total (0 before it was first counted)."""
        with self._lock:
            return self._values.get((name, tuple(sorted(labels.items()))), 0.0)


def note(conn: Connection, change: Note) -> None:
    """Remember ``change`` until the transaction of ``conn`` commits (nothing outside one)."""
    pending = conn.info.get(_KEY)
    if pending is not None:
        pending.append(change)


def log_key(key: str, *, private: bool) -> str:
    """A fact's key as a log may show it: a private fact's key only by its first part
    ("habit", "health", "note"): its other parts are often the user's own words
    ("habit.vote_greens…", "health.hiv"), which would say in a log what the fact says."""
    return key.split(".", 1)[0] if private else key


def note_fact(
    conn: Connection,
    *,
    user_id: str,
    fact_id: int,
    key: str,
    action: str,
    source: str,
    status: str,
    created: bool,
    turn_id: str | None,
    rev: int,
) -> None:
    """Note one audited change of a fact (never its value)."""
    if created:
        event = "fact_learned"
    elif status == FORGOTTEN_STATUS:
        event = "fact_forgotten"
    else:
        event = "fact_changed"
    fields = {
        "user_id": user_id,
        "fact_id": fact_id,
        "key": key,
        "action": action,
        "source": source,
        "status": status,
        "turn_id": turn_id,
        "rev": rev,
    }
    note(conn, Note("facts", (("action", action),), event=event, fields=fields))


@contextmanager
def collecting(conn: Connection) -> Iterator[list[Note]]:
    """Collect the notes of the transaction the block runs in (the list is filled as it runs;
    the caller announces it after the commit)."""
    pending: list[Note] = []
    # Held apart: ``conn.info`` is unreachable through a connection the server dropped (an
    # invalidated connection raises on it, hiding the driver error that lets the write run
    # again on a new one).
    info = conn.info
    info[_KEY] = pending
    try:
        yield pending
    finally:
        # conn.info belongs to the pooled DBAPI connection: never leave a list behind.
        info.pop(_KEY, None)


def announce(notes: list[Note], counters: Counters) -> None:
    """Count and log the notes of a committed transaction."""
    for n in notes:
        counters.add_labelled(n.counter, n.labels, n.amount)
        if n.event is not None:
            log.info(n.event, **dict(n.fields or {}))
