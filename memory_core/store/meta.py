"""The database-level key/value table (model lock, installation secrets)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, text

#: Keys holding each platform's state in the running bot.
PLATFORM_STATE = "platform_state:"


def get(conn: Connection, key: str) -> str | None:
    """One metadata value."""
    value = conn.execute(text("SELECT value FROM meta WHERE key = :k"), {"k": key}).scalar()
    return None if value is None else str(value)


def lock_embedding_model(conn: Connection, model_id: str, dim: int) -> None:
    """Record which model (and dimension) the database's vectors belong to."""
    conn.execute(
        text(
            "INSERT INTO meta(key, value) VALUES ('embedding_model', :m), ('embedding_dim', :d) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
        ),
        {"m": model_id, "d": str(dim)},
    )


def get_or_create(conn: Connection, key: str, factory: Callable[[], str]) -> str:
    """A metadata value, created with ``factory()`` the first time it is asked for."""
    value = get(conn, key)
    if value is None:
        value = factory()
        conn.execute(text("INSERT INTO meta(key, value) VALUES (:k, :v)"), {"k": key, "v": value})
    return value


def put(conn: Connection, key: str, value: str) -> None:
    """Set one metadata value."""
    conn.execute(
        text(
            "INSERT INTO meta(key, value) VALUES (:k, :v) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
        ),
        {"k": key, "v": value},
    )


def with_prefix(conn: Connection, prefix: str) -> dict[str, str]:
    """Every metadata value whose key starts with ``prefix`` (keys without it)."""
    rows = conn.execute(
        text("SELECT key, value FROM meta WHERE substr(key, 1, length(:p)) = :p"), {"p": prefix}
    ).all()
    return {str(k)[len(prefix) :]: str(v) for k, v in rows}


def delete(conn: Connection, key: str) -> None:
    """Remove one metadata value (nothing if it is not set)."""
    conn.execute(text("DELETE FROM meta WHERE key = :k"), {"k": key})
