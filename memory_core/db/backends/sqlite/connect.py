"""Opening an SQLite file: pysqlite3 with sqlite-vec loaded, WAL, and writers that take the
write lock up front."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pysqlite3.dbapi2 as sqlite_driver
import sqlite_vec
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import QueuePool

from memory_core.db import connection
from memory_core.db.connection import Opened
from memory_core.errors import StoreError


def _on_connect(dbapi_conn: Any, _record: Any) -> None:
    # The stock sqlite3 module here cannot load extensions; pysqlite3 can (DESIGN.md).
    dbapi_conn.enable_load_extension(True)
    sqlite_vec.load(dbapi_conn)
    dbapi_conn.enable_load_extension(False)
    # Let SQLAlchemy's "begin" hook issue BEGIN itself: the driver's implicit transactions
    # would otherwise start late (only before DML) and make DDL migrations non-atomic.
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    # WAL: readers never block the writer and vice versa (measured: 4 readers + 1 writer).
    cur.execute("PRAGMA journal_mode=WAL")
    # NORMAL is durable across application crashes in WAL mode (only power loss can lose
    # the last commits), and much faster than FULL.
    cur.execute("PRAGMA synchronous=NORMAL")
    # Deleted content is overwritten with zeros, not left in free pages: what a user erased
    # (/forgetme, /forget's purge) is unreadable in the file, not only after a VACUUM.
    cur.execute("PRAGMA secure_delete=ON")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={connection.BUSY_TIMEOUT_MS}")
    cur.close()


def _on_begin(conn: Connection) -> None:
    # Writers take the write lock up front (BEGIN IMMEDIATE): a deferred transaction that
    # later upgrades to a writer fails with SQLITE_BUSY regardless of busy_timeout.
    mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
    conn.exec_driver_sql(f"BEGIN {mode}")


def open_engine(path: Path | str) -> Engine:
    """Create the engine for ``path`` (``:memory:`` is refused: WAL needs a file)."""
    path = Path(path)
    if str(path) == ":memory:":
        raise StoreError("membot needs a database file, not :memory:")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder {path.parent}: {exc}") from exc
    # module= (not creator=) keeps SQLAlchemy's error mapping and the real SQLite version.
    engine = create_engine(
        f"sqlite:///{path}",
        module=sqlite_driver,
        poolclass=QueuePool,
        pool_size=8,
        max_overflow=8,
    )
    event.listen(engine, "connect", _on_connect)
    event.listen(engine, "begin", _on_begin)
    return engine


def open_file(target: Path | str) -> Opened:
    """The engine of the SQLite file ``target``."""
    path = Path(target)
    return Opened(open_engine(path), str(path), path=path)
