"""A new SQLite file starts as a copy of one migrated in this session, as each PostgreSQL test
database starts from a migrated template (``tests/postgres.py``).

Migrating a new file runs every migration, one transaction each, plus the FTS5 settings: about
60 ms of CPU, against 4 ms to copy the result, and most tests open at least one new file.
The template is made by the real ``migrate`` on the session's first new file, so the copy is
exactly what migrating gives (``tests/memory_core/test_migrations.py`` runs the migrations
themselves on every new file: it is marked ``real_migrations``).
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from memory_core.db import migrations
from memory_core.db.engine import Database

Migrate = Callable[[Database], list[str]]


class MigratedTemplate:
    """The session's migrated SQLite file and the ``_migrate`` that copies it."""

    def __init__(self, real: Migrate) -> None:
        #: The real ``_migrate`` (every step).
        self.real = real
        self._migrations = migrations.MIGRATIONS
        self._folder = Path(tempfile.mkdtemp(prefix="membot-template-"))
        self._file: Path | None = None
        self._lock = threading.Lock()

    def _template(self) -> Path:
        with self._lock:
            if self._file is None:
                path = self._folder / "migrated.db"
                db = Database(path)
                try:
                    self.real(db)
                finally:
                    db.dispose()  # the last connection checkpoints the WAL into the file
                if path.with_name(path.name + "-wal").exists():
                    raise RuntimeError(f"{path}: WAL left after dispose, cannot copy it")
                self._file = path
            return self._file

    def _copyable(self, db: Database) -> bool:
        """A new SQLite file nothing has opened yet, at the migrations this session started
        with (a test that adds or replaces one migrates for real)."""
        if db.postgres or migrations.MIGRATIONS is not self._migrations:
            return False
        path = db.path
        pool = db.engine.pool
        opened = pool.checkedin() + pool.checkedout()  # type: ignore[attr-defined]
        return not opened and not path.exists() and not path.with_name(path.name + "-wal").exists()

    def migrate(self, db: Database) -> list[str]:
        """``_migrate``, by copying the template when ``db`` is a new file."""
        if not self._copyable(db):
            return self.real(db)
        shutil.copyfile(self._template(), db.path)
        return [m.name for m in self._migrations]

    def close(self) -> None:
        """Remove the template's folder."""
        shutil.rmtree(self._folder, ignore_errors=True)
