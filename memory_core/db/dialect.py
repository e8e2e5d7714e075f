"""The ``MEMBOT_DB`` value: an SQLite path, or a URL that selects another store backend.

``MEMBOT_DB=postgresql://user:pass@host:5432/membot`` (a libpq URL; ``?host=/socket/dir`` works
too) selects PostgreSQL; anything else is an SQLite path, as before. Which backend a value
selects is the registry's answer (``memory_core.db.backends.for_target``); what differs in
SQL is the backend's (``memory_core.db.backend.Backend``).
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from memory_core.db import backends


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` (a ``MEMBOT_DB`` value) names a PostgreSQL database."""
    return isinstance(target, str) and backends.for_target(target).name == "postgresql"


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
