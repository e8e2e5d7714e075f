"""Health checks for ``membot admin doctor``: Python, the SQLite build (FTS5, sqlite-vec), the
embedding model, the database's schema and model lock, and the data folder.

Each check is quick and read-only (the healthcheck of the Docker image runs them every minute);
a failure is a :class:`Check` with ``ok=False`` and a one-line reason, never an exception.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from memory_core.db import maintenance
from memory_core.db.dialect import is_postgres_url
from memory_core.db.engine import Database
from memory_core.db.maintenance import pg_state
from memory_core.db.migrations import SCHEMA_VERSION
from memory_core.embed import Embedder
from memory_core.errors import MemoryCoreError, StoreError

#: Oldest SQLite with everything the schema uses (RETURNING, json_extract, UPSERT): 3.35.
#: The bundled pysqlite3 build is far newer.
MIN_SQLITE = (3, 35, 0)
#: Below this much free space next to the database the check fails (WAL and VACUUM need room).
MIN_FREE_BYTES = 100 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Check:
    """One health check: its name, whether it passed, and a one-line detail."""

    name: str
    ok: bool
    detail: str


def checks(db_path: Path | str, embedder: Embedder | None) -> list[Check]:
    """Check Python, SQLite (FTS5, sqlite-vec), the embedder, the database and its folder
    (PostgreSQL: Python, the embedder, and the server: reachable, schema, pgvector)."""
    if is_postgres_url(db_path):
        return [_check_python(), _check_embedder(embedder), _check_server(str(db_path))]
    checks = [_check_python(), *_check_sqlite(), _check_embedder(embedder)]
    checks += _check_database(Path(db_path), embedder)
    checks.append(_check_folder(Path(db_path).parent))
    return checks


def _check_server(url: str) -> Check:
    db = Database(url)
    try:
        with db.read() as conn:
            found = pg_state(conn)
    except StoreError as exc:
        return Check("database", False, str(exc))
    finally:
        db.dispose()
    server, version, vector = found
    if version > SCHEMA_VERSION:
        return Check(
            "database", False, f"{db.location}: schema {version} is newer than this membot"
        )
    pgvector = f"pgvector {vector}" if vector else "no pgvector (CREATE EXTENSION vector)"
    return Check("database", True, f"{db.location}: {server}, schema {version}, {pgvector}")


def _check_python() -> Check:
    v = sys.version_info
    return Check("python", v >= (3, 11), f"{v.major}.{v.minor}.{v.micro} ({sys.executable})")


def _check_sqlite() -> list[Check]:
    build = maintenance.probe_build()
    version = tuple(int(p) for p in build.version.split("."))
    needs = ".".join(map(str, MIN_SQLITE))
    out = [Check("sqlite", version >= MIN_SQLITE, f"{build.version} (pysqlite3); needs >= {needs}")]
    if build.fts5_error is None:
        out.append(Check("fts5", True, "available"))
    else:
        out.append(Check("fts5", False, f"this SQLite build has no FTS5: {build.fts5_error}"))
    if build.vec_error is None:
        out.append(Check("sqlite-vec", True, str(build.vec_version)))
    else:
        out.append(Check("sqlite-vec", False, f"cannot load the extension: {build.vec_error}"))
    return out


def _check_embedder(embedder: Embedder | None) -> Check:
    if embedder is None:
        return Check("embedder", True, "disabled (MEMBOT_EMBEDDER=none): lexical search only")
    started = time.perf_counter()
    try:
        vectors = embedder.embed_queries(["membot doctor"])
    except MemoryCoreError as exc:
        return Check("embedder", False, f"{embedder.model_id}: {exc}")
    ms = (time.perf_counter() - started) * 1000
    if vectors.shape != (1, embedder.dim):
        return Check("embedder", False, f"{embedder.model_id}: got shape {vectors.shape}")
    return Check("embedder", True, f"{embedder.model_id}, {embedder.dim} dims, {ms:.0f} ms")


def _check_database(db_path: Path, embedder: Embedder | None) -> list[Check]:
    if not db_path.exists():
        return [Check("database", True, f"{db_path} not created yet (made at first start)")]
    try:
        version, meta = maintenance.file_state(db_path)
        integrity = maintenance.check_file(db_path).integrity
    except StoreError as exc:
        return [Check("database", False, f"{db_path}: cannot read it: {exc}")]
    if integrity != "ok":
        return [
            Check(
                "database",
                False,
                f"{db_path} is damaged (quick_check: {integrity[:200]}); restore a backup "
                "(`membot admin restore`)",
            )
        ]
    if version == 0 and maintenance.has_tables(db_path):
        return [Check("database", False, f"{db_path} is not a membot database")]
    if version > SCHEMA_VERSION:
        schema = Check(
            "database",
            False,
            f"{db_path}: schema {version} is newer than this membot ({SCHEMA_VERSION}); "
            "upgrade membot or restore an older backup",
        )
    elif version < SCHEMA_VERSION:
        schema = Check(
            "database",
            True,
            f"{db_path}: schema {version}, migrated to {SCHEMA_VERSION} at next start",
        )
    else:
        schema = Check("database", True, f"{db_path}: schema {version} (current)")
    stored = meta.get("embedding_model")
    if embedder is None or stored is None:
        lock = Check("embedding lock", True, f"stored model: {stored or 'none yet'}")
    elif stored != embedder.model_id or meta.get("embedding_dim") != str(embedder.dim):
        lock = Check(
            "embedding lock",
            False,
            f"vectors were made by {stored} ({meta.get('embedding_dim')} dims) but the "
            f"configured model is {embedder.model_id}: vector search is off until "
            "`membot admin reindex`",
        )
    else:
        lock = Check("embedding lock", True, f"matches ({stored})")
    return [schema, lock]


def _check_folder(folder: Path) -> Check:
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    try:
        with tempfile.NamedTemporaryFile(dir=existing, prefix=".membot-doctor-") as handle:
            handle.write(b"ok")
            handle.flush()
    except OSError as exc:
        return Check("data folder", False, f"{existing} is not writable: {exc.strerror}")
    free = shutil.disk_usage(existing).free
    detail = f"{folder} writable, {free / 2**30:.1f} GiB free"
    if existing != folder:
        detail = f"{folder} will be created in writable {existing}"
    if free < MIN_FREE_BYTES:
        return Check("data folder", False, f"{folder}: only {free / 2**20:.0f} MiB free")
    return Check("data folder", True, detail)
