"""What differs between the two stores, in one place: SQLite (a file) and PostgreSQL (a URL).

``MEMBOT_DB=postgresql://user:pass@host:5432/membot`` (a libpq URL; ``?host=/socket/dir`` works
too) selects PostgreSQL; anything else is an SQLite path, as before. Repositories ask
:func:`of` for the dialect of the connection they were handed and use its few helpers where
the SQL differs (scalar ``MAX`` vs ``GREATEST``, JSON access); everything else
is the same text SQL with SQLAlchemy named parameters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import Connection

DialectName = Literal["sqlite", "postgresql"]

_PG_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` (a ``MEMBOT_DB`` value) names a PostgreSQL database."""
    return isinstance(target, str) and target.strip().lower().startswith(_PG_SCHEMES)


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


@dataclass(frozen=True, slots=True)
class Dialect:
    """The SQL spellings that differ between SQLite and PostgreSQL."""

    name: DialectName

    @property
    def postgres(self) -> bool:
        """Whether this is PostgreSQL."""
        return self.name == "postgresql"

    def greatest(self, *exprs: str) -> str:
        """The largest of several expressions (SQLite's scalar ``MAX``)."""
        fn = "GREATEST" if self.postgres else "MAX"
        return f"{fn}({', '.join(exprs)})"

    def least(self, *exprs: str) -> str:
        """The smallest of several expressions (SQLite's scalar ``MIN``)."""
        fn = "LEAST" if self.postgres else "MIN"
        return f"{fn}({', '.join(exprs)})"

    def json_text(self, column: str, key: str) -> str:
        """The text of top-level ``key`` in a JSON text column."""
        if self.postgres:
            return f"(CAST({column} AS jsonb) ->> '{key}')"
        return f"json_extract({column}, '$.{key}')"

    def json_real(self, column: str, key: str) -> str:
        """The number at top-level ``key`` in a JSON text column."""
        if self.postgres:
            return f"CAST(CAST({column} AS jsonb) ->> '{key}' AS DOUBLE PRECISION)"
        return f"json_extract({column}, '$.{key}')"

    def json_int(self, column: str, key: str) -> str:
        """The integer at top-level ``key`` in a JSON text column."""
        if self.postgres:
            return f"CAST(CAST({column} AS jsonb) ->> '{key}' AS BIGINT)"
        return f"json_extract({column}, '$.{key}')"


SQLITE = Dialect("sqlite")
POSTGRES = Dialect("postgresql")


def of(conn: Connection) -> Dialect:
    """The dialect of an open connection."""
    return POSTGRES if conn.dialect.name == "postgresql" else SQLITE
