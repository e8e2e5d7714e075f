"""The operator door into one membot database: counts, metrics, backup/restore, vacuum,
health checks, per-user export and erasure, and the scheduler's job runs.

``bot``'s CLI, scheduler and metrics server use these instead of the engine, the
repositories or SQL: :class:`Operations` works on an open database (``Operations.open(path)``
for an existing file, or ``memory.operations()`` beside a running memory), its static
methods on a database file that need no open engine, and :class:`JobRuns` records the
scheduler's runs. The work itself is done by ``admin``, ``health``, ``user_data`` and the
``job_runs`` repository; this module only opens, scopes and forwards.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from memory_core.db import maintenance, transfer
from memory_core.db.dialect import is_postgres_url
from memory_core.db.engine import Database
from memory_core.db.maintenance import WalErase
from memory_core.db.migrations import migrate
from memory_core.db.transfer import Step as TransferStep
from memory_core.db.transfer import Transfer
from memory_core.embed import Embedder
from memory_core.errors import InvalidInputError, StoreError
from memory_core.ops import admin, health
from memory_core.ops.admin import BackupInfo, VacuumInfo
from memory_core.ops.admin import Stats as StoreStats
from memory_core.ops.health import Check as HealthCheck
from memory_core.ops.metrics import Prices
from memory_core.ops.metrics import Report as MetricsReport
from memory_core.runtime.executors import Lane
from memory_core.runtime.leases import process_id
from memory_core.store import identities as identities_repo
from memory_core.store import job_runs, meta
from memory_core.store import vectors as vector_repo
from memory_core.store.job_runs import JobRun
from memory_core.user import erase as user_data
from memory_core.user.erase import Erasure

if TYPE_CHECKING:
    from memory_core.context import Context

#: What ``memory_core`` exports from here (the result types are used through their fields).
__all__ = [
    "HealthCheck",
    "JobRuns",
    "MetricsReport",
    "Operations",
    "RunClaim",
    "StoreStats",
    "Transfer",
    "TransferStep",
]


class Eraser(Protocol):
    """What erasing a user calls of the facade (which is handed in)."""

    @property
    def ctx(self) -> Context: ...
    async def owner_of(self, identity: str) -> str: ...
    async def erase(self, user_id: str, *, rewrite: bool = True) -> Erasure: ...


class Operations:
    """Operator actions on one open database (never on a single user's behalf)."""

    def __init__(self, db: Database, *, prices: Prices | None = None) -> None:
        self._db = db
        #: The operator's LLM prices (checked before the built-in table).
        self.prices = prices

    @staticmethod
    def is_postgres(target: Path | str) -> bool:
        """Whether ``target`` (``MEMBOT_DB``, ``--db``) is a PostgreSQL URL, not a file."""
        return is_postgres_url(target)

    @classmethod
    @contextmanager
    def open(cls, path: Path | str, *, prices: Prices | None = None) -> Iterator[Operations]:
        """An existing database, migrated, closed afterwards (a missing file is never made)."""
        if not is_postgres_url(path):
            path = Path(path)
            if not path.exists():
                raise StoreError(f"no database at {path}")
        db = Database(path)
        try:
            migrate(db)
            yield cls(db, prices=prices)
        finally:
            db.dispose()

    @property
    def path(self) -> Path:
        """The database file (:class:`StoreError` on PostgreSQL)."""
        return self._db.path

    @property
    def location(self) -> str:
        """The database file, or the PostgreSQL URL without its password: for messages."""
        return self._db.location

    def stats(self) -> StoreStats:
        """What the database holds, counted, plus its file sizes."""
        return admin.stats(self._db)

    def counters(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        """This process's counters of committed changes now: ``{(name, labels): total}``."""
        return self._db.counters.snapshot()

    def job_runs(self, job: str | None = None, limit: int = 20) -> list[JobRun]:
        """The scheduler's latest runs (of one job, or all), newest first."""
        with self._db.read() as conn:
            return job_runs.recent(conn, job, limit=limit)

    def metrics(self, *, since: float, until: float) -> MetricsReport:
        """Seed 000's operational metrics for ``since <= ts < until`` (epoch seconds)."""
        return admin.compute_metrics(self._db, since=since, until=until, prices=self.prices)

    def vacuum(self, *, keep_events_days: float | None = None) -> VacuumInfo:
        """Drop events older than ``keep_events_days``, merge the full-text indexes, compact."""
        return admin.vacuum(self._db, keep_events_days=keep_events_days)

    def erase_wal(self) -> WalErase:
        """PostgreSQL: push erased text out of the write-ahead log now (WAL switches with
        checkpoints; see ``maintenance.pg_erase_wal``). SQLite: ``vacuum`` empties its WAL."""
        if not self._db.postgres:
            raise StoreError(
                "erase-wal is for PostgreSQL; on SQLite `membot admin vacuum` empties the WAL"
            )
        return maintenance.pg_erase_wal(self._db.engine)

    def vector_index(self, hnsw: bool | None = None) -> bool:
        """PostgreSQL: build (``True``) or drop (``False``) the HNSW indexes, or only say
        whether they are built (``None``); returns whether they are built now. Without them a
        user's nearest vectors are an exact scan of the user's rows (5.5 ms at 10k rows, 93 ms
        at 100k); with them users past ``HNSW_MIN_ROWS`` go through the graph (3.2 ms at 100k),
        and every vector written pays the graph's insert (~5 ms at 200k rows, under the writer
        lock). Searches use them only when a user's matrix is not in the cache."""
        if not self._db.postgres:
            raise StoreError("vector indexes are a PostgreSQL choice (SQLite uses vec0)")
        if hnsw is None:
            with self._db.read() as conn:
                return vector_repo.has_hnsw(conn)
        with self._db.write() as conn:
            if hnsw:
                vector_repo.build_hnsw(conn)
            else:
                vector_repo.drop_hnsw(conn)
            return vector_repo.has_hnsw(conn)

    def platform_states(self) -> dict[str, dict[str, str]]:
        """Each platform's last recorded state in the bot (``state``, ``detail``, ``since``)."""
        with self._db.read() as conn:
            found = meta.with_prefix(conn, meta.PLATFORM_STATE)
        return {name: json.loads(value) for name, value in sorted(found.items())}

    def export_user(self, user_id: str) -> dict[str, Any]:
        """Everything stored about one user, as JSON-ready data (an access request); a linked
        identity (``discord:7``) names its person's one memory."""
        with self._db.read() as conn:
            owner = identities_repo.owner_of(conn, user_id)
        return user_data.export_user(self._db, owner)

    # ---- on a database file, nothing opened -----------------------------------------------

    @staticmethod
    def backup(db_path: Path, dest: Path, *, overwrite: bool = False) -> BackupInfo:
        """Copy the live database to ``dest`` (SQLite's online backup: one snapshot)."""
        return admin.backup(db_path, dest, overwrite=overwrite)

    @staticmethod
    def check_backup(src: Path) -> int:
        """Check a backup file before restoring it; its schema version (or an error)."""
        return admin.check_backup(src)

    @staticmethod
    def restore(src: Path, db_path: Path) -> BackupInfo:
        """Replace the database with the backup ``src``; refuses while a bot runs on it."""
        return admin.restore(src, db_path)

    @staticmethod
    def copy_to_postgres(
        db_path: Path,
        url: str,
        progress: Callable[[TransferStep], None] | None = None,
        *,
        batch: int = transfer.BATCH,
    ) -> Transfer:
        """Copy the SQLite database at ``db_path`` (vectors included) into the PostgreSQL
        database ``url`` and verify the counts — or resume a copy of this file that was
        interrupted, or say that it already finished (:class:`Transfer`). Holds the file's run
        lock exclusively meanwhile (a bot cannot start on it: its writes would be lost), and
        refuses a target with rows that are not a partial copy of this file."""
        db_path = Path(db_path)
        if not db_path.exists():
            raise StoreError(f"no database at {db_path}")
        if not is_postgres_url(url):
            raise InvalidInputError("--to takes a postgresql:// URL")
        with admin.RunLock(db_path).exclusive():
            source, target = Database(db_path), Database(url)
            try:
                migrate(source)
                migrate(target)
                return transfer.copy_sqlite_to_postgres(source, target, progress, batch=batch)
            finally:
                source.dispose()
                target.dispose()

    @staticmethod
    def bot_running(db_path: Path) -> bool:
        """Whether a running bot holds the database's run lock."""
        return admin.bot_running(db_path)

    def bots_running(self) -> int:
        """How many bots run on this database now (SQLite: 0 or 1; PostgreSQL: replicas)."""
        if self._db.postgres:
            return admin.bots_running(self._db)
        return int(admin.bot_running(self._db.path))

    @staticmethod
    def lock_path(db_path: Path) -> Path:
        """The run lock file of a database (``membot.db`` → ``membot.db.lock``)."""
        return admin.lock_path(db_path)

    @staticmethod
    def health_checks(db_path: Path | str, embedder: Embedder | None) -> list[HealthCheck]:
        """Python, SQLite (FTS5, sqlite-vec), the embedder, the database and its folder."""
        return health.checks(db_path, embedder)

    @staticmethod
    async def erase_user(memory: Eraser, user_id: str, *, compact: bool = False) -> Erasure:
        """Erase every trace of one user (rows, full-text entries, vectors) and verify it;
        ``compact`` then vacuums, so freed pages keep no old bytes (only when nothing is left).
        An identity linked to a person erases the person (every identity of theirs)."""
        erasure = await memory.erase(await memory.owner_of(user_id))
        if compact and not erasure.left:
            await memory.ctx.lanes.run(Lane.BACKGROUND, admin.vacuum, memory.ctx.db)
        return erasure


@dataclass(frozen=True, slots=True)
class RunClaim:
    """What :meth:`JobRuns.claim` got: a run to execute, or why not."""

    run_id: int | None
    #: Another process is running the slot now (its lease is live): try again later, the slot
    #: is not finished (if that process dies, its lease runs out and the slot is owed again).
    elsewhere: bool = False


class JobRuns:
    """The scheduler's record of job runs: a finished slot is never run twice, and a slot runs
    in one process at a time (leased to ``owner`` for ``lease_s``, renewed while it runs)."""

    def __init__(self, db: Database, owner: str | None = None, lease_s: float = 30.0) -> None:
        self._db = db
        self.owner = owner or process_id()
        self.lease_s = lease_s

    def resume(self, jobs: Iterable[str], now: datetime) -> dict[str, tuple[datetime, str]]:
        """Each job's newest scheduled slot and its status; a job never seen before gets a
        baseline at ``now`` (slots before it are not owed), reported as ``(now, "done")``."""
        out: dict[str, tuple[datetime, str]] = {}
        with self._db.write() as conn:
            for job in jobs:
                found = job_runs.last_slot(conn, job)
                if found is None:
                    job_runs.record_baseline(conn, job, now)
                    found = (now, "done")
                out[job] = found
        return out

    def claim(self, job: str, slot: datetime, trigger: str, now: datetime) -> RunClaim:
        """Start a run of ``slot``, unless it finished or another process is running it."""
        with self._db.write() as conn:
            run_id = job_runs.claim(conn, job, slot, trigger, now, self.owner, self.lease_s)
            if run_id is not None:
                return RunClaim(run_id)
            return RunClaim(None, elsewhere=job_runs.held_elsewhere(conn, job, slot, trigger))

    def finish(self, run_id: int, status: str, now: datetime, detail: dict[str, Any]) -> None:
        """Close a run as ``done`` or ``failed`` with a small JSON detail."""
        with self._db.write() as conn:
            job_runs.finish(conn, run_id, status, now, detail)

    def recent(self, job: str | None = None, limit: int = 20) -> list[JobRun]:
        """The latest runs (of one job, or all), newest first."""
        with self._db.read() as conn:
            return job_runs.recent(conn, job, limit=limit)
