"""What every backend's connections share: the timeouts they set and how a batched write marks
its statements (``memory_core.db.engine`` runs the transactions, a backend opens the engine)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import Engine

#: A write transaction waits this long for another process's writer before failing.
BUSY_TIMEOUT_MS = 5000
#: PostgreSQL ends a session that sits in an open transaction without a statement this long (a
#: replica frozen mid-transaction, SIGSTOP or a stalled VM): its locks go with it.
IDLE_IN_TRANSACTION_MS = 20_000
#: ``Connection.info`` key of the pipeline a batched write runs in (PostgreSQL).
PIPELINE = "membot_pipeline"
#: Attribute set on a driver error raised before a batched write sent its COMMIT on a connection
#: found dead: the server saw no COMMIT, so nothing was written and the write may run again.
UNCOMMITTED = "membot_uncommitted"
#: Execution option: send the statement in the batch without waiting for its result (only for
#: a statement whose result nobody reads, e.g. the lock statement: an error still surfaces).
QUEUED = "membot_queued"


@dataclass(frozen=True)
class Opened:
    """An engine a backend opened for a ``MEMBOT_DB`` value."""

    engine: Engine
    #: Where it is, as logs may show it (a URL's password hidden).
    location: str
    #: The server's URL (``None``: a file).
    url: str | None = None
    #: The database file (``None``: a server).
    path: Path | None = None


def sqlalchemy_url(url: str) -> str:
    """The libpq URL as SQLAlchemy's psycopg 3 URL (query parameters such as ``host=`` kept)."""
    rest = url.strip().split("://", 1)[1]
    return f"postgresql+psycopg://{rest}"


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url.strip())
    if not parts.password:
        return url.strip()
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


_unpinged = threading.local()


@contextmanager
def unpinged() -> Iterator[None]:
    """Connections this thread checks out in the block skip the pool's liveness ping (a round
    trip of its own): the caller's first statement finds a dead connection instead, before
    anything was written, and the caller runs its transaction again (a batched write)."""
    _unpinged.on = True
    try:
        yield
    finally:
        _unpinged.on = False


def ping_skipped() -> bool:
    """Whether a connection checked out now skips the liveness ping (see :func:`unpinged`)."""
    return bool(getattr(_unpinged, "on", False))
