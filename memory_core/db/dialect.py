"""The ``MEMBOT_DB`` value: an SQLite path, or a URL that selects another store backend.

``MEMBOT_DB=postgresql://user:pass@host:5432/membot`` (a libpq URL; ``?host=/socket/dir`` works
too) selects PostgreSQL; anything else is an SQLite path, as before. Which backend a value
selects is the registry's answer (``memory_core.db.backends.for_target``); what differs in
SQL is the backend's (``memory_core.db.backend.Backend``).
"""

from __future__ import annotations

from memory_core.db import backends
from memory_core.db.connection import redacted, sqlalchemy_url

__all__ = ["is_postgres_url", "redacted", "sqlalchemy_url"]


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` (a ``MEMBOT_DB`` value) names a PostgreSQL database."""
    return isinstance(target, str) and backends.for_target(target).name == "postgresql"
