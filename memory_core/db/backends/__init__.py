"""The store backends, chosen once by the ``MEMBOT_DB`` value: a registry keyed by URL scheme
(for a target) and by SQLAlchemy dialect name (for an open connection).

A new backend is a folder here implementing ``memory_core.db.backend.Backend`` and one
``register(...)`` line at the end of this module.
"""

from __future__ import annotations

from sqlalchemy import Connection

from memory_core.db.backend import Backend

_BY_NAME: dict[str, Backend] = {}
_DEFAULT: list[Backend] = []


def register(backend: Backend) -> None:
    """Make ``backend`` selectable by its URL schemes (none: the default, a file path)."""
    _BY_NAME[backend.name] = backend
    if not backend.schemes:
        _DEFAULT[:] = [backend]


def for_target(target: object) -> Backend:
    """The backend a ``MEMBOT_DB`` value (a URL, or a file path) selects."""
    if isinstance(target, str):
        low = target.strip().lower()
        for backend in _BY_NAME.values():
            if backend.schemes and low.startswith(backend.schemes):
                return backend
    return _DEFAULT[0]


def named(name: str) -> Backend:
    """The backend registered under SQLAlchemy's dialect ``name``."""
    return _BY_NAME[name]


def of(conn: Connection) -> Backend:
    """The backend of an open connection."""
    return _BY_NAME[conn.dialect.name]


# The registrations (imported here, after the registry exists: they import nothing of it).
from memory_core.db.backends.postgresql import PostgreSQLBackend  # noqa: E402
from memory_core.db.backends.sqlite import SQLiteBackend  # noqa: E402

register(SQLiteBackend())
register(PostgreSQLBackend())
