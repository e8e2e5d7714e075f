"""Operator actions on one database: the run lock, counts, metrics, backup/restore, vacuum.

A running bot holds a shared advisory lock on ``<db>.lock`` (:class:`RunLock`); ``restore``
needs it exclusively, so it refuses while any bot runs. Backups use SQLite's online backup
API: one consistent snapshot even while the bot writes. Health checks live in
``memory_core.ops.health``, per-user export and erasure in ``memory_core.user.erase``; the
SQLite work itself (backup API, checks, VACUUM) in ``memory_core.db.maintenance``.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import structlog
from sqlalchemy import Connection

from memory_core.db import maintenance
from memory_core.db.engine import Database
from memory_core.db.migrations import SCHEMA_VERSION
from memory_core.errors import InvalidInputError, StoreError
from memory_core.ops import metrics
from memory_core.store import events as event_log
from memory_core.store import llm_usage
from memory_core.store import stats as stats_repo
from memory_core.user import erase as user_data

log = structlog.get_logger("memory_core.admin")

#: How long a starting bot waits for the run lock (a ``doctor`` probe holds it for microseconds;
#: a ``restore`` holds it until it is done).
START_LOCK_WAIT_S = 5.0


# ---- the run lock -----------------------------------------------------------------------------


def lock_path(db_path: Path) -> Path:
    """The advisory lock file of a database: ``membot.db`` → ``membot.db.lock``."""
    return db_path.with_name(db_path.name + ".lock")


def bot_lock_path(db_path: Path) -> Path:
    """The lock only one bot process holds: ``membot.db`` → ``membot.db.bot.lock``."""
    return db_path.with_name(db_path.name + ".bot.lock")


class RunLock:
    """``flock`` on ``<db>.lock``: shared while a bot runs, exclusive while a restore runs;
    and ``<db>.bot.lock``, exclusive while a bot runs: one bot per SQLite file (two would
    learn every turn twice)."""

    @staticmethod
    def for_database(db: Database) -> RunLock:
        """The run lock of an open database: files beside an SQLite file, an advisory lock on
        PostgreSQL."""
        return PgRunLock(db) if db.postgres else RunLock(db.path)

    def __init__(self, db_path: Path) -> None:
        self.path = lock_path(Path(db_path))
        self.bot_path = bot_lock_path(Path(db_path))
        self._fd: int | None = None
        self._bot_fd: int | None = None

    def acquire_bot(self, timeout: float = START_LOCK_WAIT_S) -> None:
        """Hold the database as its one running bot (then the shared run lock);
        :class:`StoreError` when another bot process has it."""
        if self._bot_fd is None:
            self.bot_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.bot_path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                os.close(fd)
                raise StoreError(
                    f"another membot (pid {holder}) is already running on "
                    f"{self.path.with_suffix('')}; stop it first (read-only admin commands "
                    "still work)"
                ) from exc
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode(), 0)
            self._bot_fd = fd
        try:
            self.acquire_shared(timeout)
        except StoreError:
            self._release_bot()
            raise

    def _release_bot(self) -> None:
        if self._bot_fd is not None:
            os.close(self._bot_fd)
            self._bot_fd = None

    def acquire_shared(self, timeout: float = START_LOCK_WAIT_S) -> None:
        """Hold the lock as a running bot; waits up to ``timeout`` for a restore to finish."""
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES) or time.monotonic() > deadline:
                    os.close(fd)
                    raise StoreError(
                        f"{self.path} is locked exclusively (a `membot admin restore` is "
                        "running?); try again when it has finished"
                    ) from exc
                time.sleep(0.05)
        self._fd = fd

    def claim_role(self, role: str) -> None:
        """Be the one process doing ``role`` (e.g. polling Telegram): on SQLite the bot lock
        already makes this process the only one."""

    def claim_shards(self, platform: str, count: int, ids: Sequence[int]) -> None:
        """Be the one process running shards ``ids`` of ``platform``'s ``count``: on SQLite
        the bot lock already makes this process the only one."""

    def reconnect(self) -> None:
        """Nothing to take again on SQLite: the lock is a file, not a database session."""

    def release(self) -> None:
        """Let go of the locks (closing a descriptor releases it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self._release_bot()

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold the lock alone for the block; :class:`StoreError` while a bot runs."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                raise StoreError(
                    f"membot is running on {self.path.with_suffix('')} (it holds {self.path}); "
                    "stop it first"
                ) from exc
            yield
        finally:
            os.close(fd)


#: The session advisory lock a running bot holds on a PostgreSQL database.
PG_BOT_LOCK_KEY = 0x6D656D626F75


def _key31(name: str) -> int:
    """A stable non-negative 31-bit advisory lock key for ``name`` (the two-key form's keys
    are int4; pg_locks shows them unsigned, so the sign bit stays clear)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big") & 0x7FFFFFFF


class PgRunLock(RunLock):
    """PostgreSQL: a *shared* session advisory lock, held on a connection of its own while a
    bot runs. Any number of bots (replicas) may run on one database — learning jobs, scheduled
    runs and webhook updates are leased to one of them at a time (:mod:`memory_core.runtime.leases`)
    and every write is serialised by the database-wide writer lock — so the lock only says
    that bots are running: an operation that needs them all stopped takes it exclusively. It
    goes with its connection, so a bot that dies releases it."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._conn: Connection | None = None
        self._roles: list[str] = []
        self._shards: list[tuple[str, int, tuple[int, ...]]] = []

    def acquire_bot(self, timeout: float = START_LOCK_WAIT_S) -> None:
        """Hold the database as one of its running bots; :class:`StoreError` while an
        operation holds it exclusively."""
        if self._conn is not None:
            return
        conn = self._db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            held = maintenance.pg_try_session_lock(conn, PG_BOT_LOCK_KEY, shared=True)
        except Exception:
            conn.close()
            raise
        if not held:
            conn.close()
            raise StoreError(
                f"{self._db.location} is held by a maintenance operation; try again when it "
                "has finished"
            )
        self._conn = conn

    def acquire_shared(self, timeout: float = START_LOCK_WAIT_S) -> None:
        """Nothing to share on PostgreSQL (no file to restore over)."""

    def claim_role(self, role: str) -> None:
        """Be the one replica doing ``role`` (e.g. polling Telegram, which serves a single
        poller), held with the bot's lock; :class:`StoreError` when another replica has it."""
        if self._conn is None:
            raise StoreError("the bot lock is not held")
        key = int.from_bytes(hashlib.sha256(f"membot:{role}".encode()).digest()[:7], "big")
        if not maintenance.pg_try_session_lock(self._conn, key):
            raise StoreError(
                f"another membot on {self._db.location} is already {role.replace('_', ' ')}: "
                "run one such process (Telegram: use webhook mode for several replicas)"
            )
        if role not in self._roles:
            self._roles.append(role)

    def claim_shards(self, platform: str, count: int, ids: Sequence[int]) -> None:
        """Be the one replica running shards ``ids`` of ``platform``'s ``count`` (Discord sends
        a guild's events to every connection that identified for its shard: two processes on
        one shard answer every message twice), held with the bot's lock. :class:`StoreError`
        when another replica runs one of these shards, or the platform with another shard
        count (its shards cover other guilds' slices: they overlap these)."""
        if self._conn is None:
            raise StoreError("the bot lock is not held")
        conn = self._conn
        family = _key31(f"membot:{platform}:shard_count")
        shards = _key31(f"membot:{platform}:shard")
        taken: list[tuple[int, int, bool]] = []  # let go again if the claim fails halfway
        try:
            if not maintenance.pg_try_pair_lock(conn, family, count, shared=True):
                raise StoreError(f"cannot register {platform}'s shard count on {self._db.location}")
            taken.append((family, count, True))
            others = maintenance.pg_pair_lock_members(conn, family) - {count}
            if others:
                raise StoreError(
                    f"another membot on {self._db.location} runs {platform} with "
                    f"{', '.join(map(str, sorted(others)))} shard(s), this one with {count}: "
                    f"give every process the same MEMBOT_{platform.upper()}_SHARDS"
                )
            for shard in ids:
                if not maintenance.pg_try_pair_lock(conn, shards, shard, shared=False):
                    raise StoreError(
                        f"another membot on {self._db.location} already runs {platform} shard "
                        f"{shard} of {count}: each shard must run in one process only "
                        f"(MEMBOT_{platform.upper()}_SHARD_IDS)"
                    )
                taken.append((shards, shard, False))
        except StoreError:
            for key, member, shared in reversed(taken):
                maintenance.pg_pair_unlock(conn, key, member, shared=shared)
            raise
        if (platform, count, tuple(ids)) not in self._shards:
            self._shards.append((platform, count, tuple(ids)))

    def reconnect(self) -> None:
        """Take the bot lock and this process's roles and shards again on a new session,
        after the old one was lost (a server restart or failover ends every session, and the
        locks with it). :class:`StoreError` when that cannot be done yet: the caller tries
        again."""
        dead, self._conn = self._conn, None
        if dead is not None:
            with contextlib.suppress(Exception):
                dead.invalidate()
            with contextlib.suppress(Exception):
                dead.close()
        self.acquire_bot()
        for role in self._roles:
            self.claim_role(role)
        for platform, count, ids in self._shards:
            self.claim_shards(platform, count, ids)

    def release(self) -> None:
        """Let go of the lock, and this process's roles and shards with it: its connection
        is closed, not returned to the pool."""
        if self._conn is not None:
            try:
                # Unlock first, every key: the server ends a closed session's backend (and
                # frees what it held) a moment later, when the next process may already ask.
                maintenance.pg_session_unlock_all(self._conn)
            except Exception as exc:  # the session is gone (a server restart): its locks too
                log.info("bot_lock_session_gone", error_type=type(exc).__name__)
            finally:
                self._conn.invalidate()
                self._conn.close()
                self._conn = None

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        """Restores do not run on PostgreSQL."""
        raise StoreError("not yet supported on PostgreSQL: restore (use pg_restore)")
        yield  # pragma: no cover


def bots_running(db: Database) -> int:
    """How many bots run on a PostgreSQL database (sessions holding its bot lock)."""
    with db.engine.connect() as conn:
        return maintenance.pg_lock_holders(conn, PG_BOT_LOCK_KEY)


def bot_running(db_path: Path) -> bool:
    """Whether some process holds the run lock of ``db_path`` (a running bot)."""
    path = lock_path(Path(db_path))
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # also releases the probe's lock at once
    return False


# ---- files ------------------------------------------------------------------------------------


def file_sizes(db_path: Path) -> dict[str, int]:
    """Bytes of the database file and its WAL (0 when absent)."""

    def size(p: Path) -> int:
        return p.stat().st_size if p.exists() else 0

    return {"db": size(db_path), "wal": size(db_path.with_name(db_path.name + "-wal"))}


# ---- stats, metrics -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stats:
    """Store counts plus file sizes."""

    counts: stats_repo.StoreCounts
    sizes: dict[str, int]


def store_sizes(db: Database) -> dict[str, int]:
    """Bytes of the database file and its WAL, or of the PostgreSQL database (``wal``: 0)."""
    if db.postgres:
        return {"db": maintenance.pg_size(db.engine), "wal": 0}
    return file_sizes(db.path)


def stats(db: Database) -> Stats:
    """Count what the database holds."""
    with db.read() as conn:
        counts = stats_repo.counts(conn)
    return Stats(counts, store_sizes(db))


def compute_metrics(
    db: Database,
    *,
    since: float,
    until: float,
    correction_window_s: float = metrics.DEFAULT_CORRECTION_WINDOW_S,
    prices: metrics.Prices | None = None,
) -> metrics.Report:
    """Seed 000's operational metrics for ``since <= ts < until`` (epoch seconds); LLM usage
    per purpose and user covers every UTC day the window touches."""
    first_day = datetime.fromtimestamp(since, UTC).date().isoformat()
    last_day = datetime.fromtimestamp(until, UTC).date().isoformat()
    with db.read() as conn:
        events = event_log.rows(conn, since, until)
        usage = llm_usage.between(conn, first_day, last_day)
        history = stats_repo.history_rows(conn, since, until + correction_window_s)
        conflicts = stats_repo.conflict_rows(conn, since, until)
        lags = stats_repo.outbox_lags(conn, since, until)
    return metrics.compute(
        events,
        history,
        conflicts,
        lags,
        since=since,
        until=until,
        correction_window_s=correction_window_s,
        usage=usage,
        prices=prices,
    )


# ---- backup, restore, vacuum ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BackupInfo:
    """Where a backup went, its size, schema version and how long it took."""

    path: Path
    bytes: int
    schema_version: int
    seconds: float


def backup(db_path: Path, dest: Path, *, overwrite: bool = False) -> BackupInfo:
    """Copy the live database to ``dest`` with SQLite's online backup API.

    The copy is taken in one step under a read transaction, so it is one consistent snapshot
    even while the bot writes (WAL readers never block the writer). It is checked
    (``quick_check``) and renamed into place only when complete.
    """
    db_path, dest = Path(db_path), Path(dest)
    if not db_path.exists():
        raise StoreError(f"no database at {db_path}")
    if dest.resolve() == db_path.resolve():
        raise InvalidInputError("the backup must go to another file than the database")
    if dest.exists() and not overwrite:
        raise InvalidInputError(f"{dest} exists (pass --force to replace it)")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(f".{dest.name}.partial-{os.getpid()}")
    started = time.perf_counter()
    try:
        copy = maintenance.snapshot(db_path, partial)
    except StoreError:
        partial.unlink(missing_ok=True)
        raise
    if copy.integrity != "ok":
        partial.unlink(missing_ok=True)
        raise StoreError(f"the backup copy failed its integrity check: {copy.integrity}")
    os.replace(partial, dest)
    return BackupInfo(dest, dest.stat().st_size, copy.schema_version, time.perf_counter() - started)


def check_backup(src: Path) -> int:
    """Check that ``src`` is a backup this membot can restore (a SQLite file, ``quick_check``
    ok, a schema this membot knows); its schema version, or :class:`InvalidInputError`."""
    src = Path(src)
    if not src.is_file():
        raise InvalidInputError(f"no backup file at {src}")
    with open(src, "rb") as handle:
        if handle.read(16) != b"SQLite format 3\x00":
            raise InvalidInputError(f"{src} is not a SQLite database")
    found = maintenance.check_file(src)
    version = found.schema_version
    if found.integrity != "ok":
        raise InvalidInputError(f"{src} failed its integrity check: {found.integrity}")
    if version == 0:
        raise InvalidInputError(f"{src} is not a membot database (no schema_migrations)")
    if version > SCHEMA_VERSION:
        raise InvalidInputError(
            f"{src} has schema {version}; this membot knows up to {SCHEMA_VERSION}"
        )
    return version


def restore(src: Path, db_path: Path) -> BackupInfo:
    """Replace the database with the backup ``src``; refuses while a bot runs on it.

    The backup is checked first (:func:`check_backup`); the copy goes through the backup API
    into the live file, so readers never see a half-written database.
    """
    src, db_path = Path(src), Path(db_path)
    started = time.perf_counter()
    version = check_backup(src)
    with RunLock(db_path).exclusive():
        db_path.parent.mkdir(parents=True, exist_ok=True)
        maintenance.copy_into(src, db_path)
    return BackupInfo(db_path, db_path.stat().st_size, version, time.perf_counter() - started)


@dataclass(frozen=True, slots=True)
class VacuumInfo:
    """Sizes before and after, and how many old events were dropped."""

    before: int
    after: int
    events_purged: int


def vacuum(db: Database, *, keep_events_days: float | None = None) -> VacuumInfo:
    """Drop events older than ``keep_events_days``, merge the FTS indexes, ``VACUUM``
    (PostgreSQL: ``VACUUM (ANALYZE)``, then ``VACUUM FULL`` of the tables that hold user text,
    so purged facts leave the table and index files too, then their text is pushed out of the
    WAL, as the nightly ``rewrite`` job does after a /forgetme)."""
    before = sum(store_sizes(db).values())
    purged = 0
    with db.write() as conn:
        if keep_events_days is not None:
            purged = event_log.purge_before(conn, time.time() - keep_events_days * 86400)
        if not db.postgres:
            # FTS5 keeps deleted rows' tokens in old segments until a merge: 'optimize' drops them.
            maintenance.merge_fts(conn)
    if db.postgres:
        maintenance.pg_vacuum(db.engine)
        user_data.rewrite_erased(db, ("facts", "episodes", "fact_history", "change_log"))
        # The rewritten tables no longer hold deleted text (a /forgetme's, purged facts',
        # anything removed): the write-ahead log still does until it is pushed.
        user_data.push_out_of_wal(db)
    else:
        maintenance.vacuum(db.engine)
    return VacuumInfo(before, sum(store_sizes(db).values()), purged)
