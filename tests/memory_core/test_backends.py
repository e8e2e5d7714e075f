"""Store backends: chosen by a registry, and the store's repositories never ask which one."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from memory_core.db import backends
from memory_core.db.backend import Backend
from memory_core.db.backends.postgresql import PostgreSQLBackend
from memory_core.db.backends.sqlite import SQLiteBackend
from memory_core.db.backends.sqlite.connect import open_file
from memory_core.db.connection import Opened
from memory_core.db.engine import Database

STORE = Path(__file__).resolve().parents[2] / "memory_core" / "store"


def test_the_target_picks_the_backend() -> None:
    assert backends.for_target("/data/membot.db").name == "sqlite"
    assert backends.for_target("postgresql://u@h/membot").name == "postgresql"
    assert backends.for_target(" POSTGRES://u@h/membot").name == "postgresql"
    assert backends.for_target(Path("postgresql.db")).name == "sqlite"


def test_a_new_backend_is_one_registration(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A backend registered by its scheme is chosen for its URLs and for its connections, and
    opens its own engine: ``Database`` needs no edit for it."""

    class Other(SQLiteBackend):
        name = "otherdb"
        schemes = ("otherdb://",)

        def open(self, target: str | Path) -> Opened:
            return open_file(tmp_path / "other.db")

    monkeypatch.setattr(backends, "_BY_NAME", dict(backends._BY_NAME))
    other: Backend = Other()
    backends.register(other)
    assert backends.for_target("otherdb://host/membot") is other
    assert backends.for_target("/data/membot.db").name == "sqlite"

    class Conn:
        class dialect:
            name = "otherdb"

    conn: Any = Conn()
    assert backends.of(conn) is other
    db = Database("otherdb://host/membot")
    try:
        assert db.backend is other and db.location == str(tmp_path / "other.db")
        with db.engine.connect() as c:
            assert c.exec_driver_sql("SELECT 1").scalar() == 1
    finally:
        db.engine.dispose()


def test_both_backends_are_registered() -> None:
    assert isinstance(backends.named("sqlite"), SQLiteBackend)
    assert isinstance(backends.named("postgresql"), PostgreSQLBackend)


@pytest.mark.parametrize("module", sorted(p.name for p in STORE.glob("*.py")))
def test_no_store_module_asks_which_database_it_runs_on(module: str) -> None:
    """Repositories call the connection's backend; none names a dialect or a backend."""
    tree = ast.parse((STORE / module).read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    imports = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }
    assert not ({"postgres", "dialect", "dialect_of", "sqlite"} & (names | attrs)), module
    assert not [m for m in imports if m.startswith("memory_core.db.backends.")], module
    assert "memory_core.db.dialect" not in imports, module
