"""Opening a PostgreSQL server (psycopg 3): session settings, keepalives, and the pipeline a
batched write sends its statements in."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import DisconnectionError, InvalidatePoolError
from sqlalchemy.pool import ConnectionPoolEntry, QueuePool

from memory_core.db import connection
from memory_core.db.connection import PIPELINE, QUEUED, Opened, redacted, sqlalchemy_url
from memory_core.errors import StoreError


def _blind(statement: str) -> bool:
    """Whether a statement returns nothing to read (an INSERT, UPDATE or DELETE without
    RETURNING): in a batch it is sent without waiting for the server."""
    return statement.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE") and (
        "RETURNING" not in statement.upper()
    )


def _after_execute(
    conn: Connection, _cursor: Any, statement: str, _params: Any, context: Any, _many: bool
) -> None:
    # A batched write sends its statements in a pipeline: one that returns rows waits here
    # for the server (one round trip for it and everything queued before it), so the
    # caller's code reads its rows as usual; blind writes just queue.
    pipeline = conn.info.get(PIPELINE)
    if pipeline is None or _blind(statement) or context.execution_options.get(QUEUED):
        return
    pipeline.sync()


#: Seconds a new connection may take, handshake and login included, unless the URL sets
#: ``connect_timeout`` itself: libpq waits forever by default, so a hung server (a frozen
#: host, a half-open proxy) blocked a replica's start with no log line and no exit, and later
#: every thread that opened a connection.
CONNECT_TIMEOUT_S = 10

#: ``ConnectionPoolEntry.info`` key: the connection was just opened (nothing to ping yet).
_FRESH = "membot_fresh"


def _on_pg_connect(dbapi_conn: Any, record: ConnectionPoolEntry) -> None:
    record.info[_FRESH] = True
    cur = dbapi_conn.cursor()
    # A writer waits this long for another process's writer, as SQLite's busy_timeout.
    cur.execute(f"SET lock_timeout = '{connection.BUSY_TIMEOUT_MS}ms'")
    # A frozen holder of locks (a stopped replica mid-transaction) is ended by the server.
    cur.execute(
        f"SET idle_in_transaction_session_timeout = '{connection.IDLE_IN_TRANSACTION_MS}ms'"
    )
    # Many small queries: JIT compilation only ever costs time here.
    cur.execute("SET jit = off")
    # psycopg prepares a statement run 5 times; a generic plan ignores the user and the
    # terms, and ranked searches then took 10-20x longer (LoCoMo): plan every execution.
    cur.execute("SET plan_cache_mode = force_custom_plan")
    cur.close()
    dbapi_conn.commit()


def _liveness_check(engine: Engine) -> Any:
    """The pool's pre-ping, skipped where the caller finds a dead connection itself
    (``connection.unpinged``: a batched write, which runs again when its first round trip
    meets a dead connection): the ping costs a round trip of its own, a third of a turn's
    commit. A connection the driver already knows is closed is replaced either way."""

    def check(dbapi_conn: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
        if dbapi_conn.closed:
            raise DisconnectionError("the connection was closed")
        if record.info.pop(_FRESH, False) or connection.ping_skipped():
            return
        if not engine.dialect._do_ping_w_event(dbapi_conn):
            # The server went away (a restart drops every session): replace them all.
            raise InvalidatePoolError("the connection did not answer a ping")

    return check


def open_pg_engine(url: str) -> Engine:
    """Create the engine for a PostgreSQL URL (the psycopg 3 driver: the ``postgres`` extra)."""
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        raise StoreError(
            "MEMBOT_DB names a PostgreSQL database, but the driver is not installed: "
            "pip install -e '.[postgres]' in the checkout (psycopg 3)"
        ) from exc
    given = "connect_timeout" in parse_qs(urlsplit(url.strip()).query)
    timeout = {} if given else {"connect_timeout": CONNECT_TIMEOUT_S}
    engine = create_engine(
        sqlalchemy_url(url),
        poolclass=QueuePool,
        pool_size=8,
        max_overflow=8,
        # The pre-ping is ours (_liveness_check): SQLAlchemy's cannot be skipped per checkout.
        pool_pre_ping=False,
        # TCP keepalives: a server or network gone silent is noticed in ~1 min, not hours
        # (libpq ignores them on a unix socket).
        connect_args={
            "keepalives": 1,
            "keepalives_idle": 30,
            "keepalives_interval": 10,
            "keepalives_count": 3,
            **timeout,
        },
    )
    event.listen(engine, "connect", _on_pg_connect)
    event.listen(engine, "checkout", _liveness_check(engine))
    event.listen(engine, "after_cursor_execute", _after_execute)
    return engine


def open_server(url: str) -> Opened:
    """The engine of the PostgreSQL database at ``url``."""
    url = url.strip()
    return Opened(open_pg_engine(url), redacted(url), url=url)
