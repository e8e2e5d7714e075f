"""SQLite's own part of the schema: FTS5 indexes mirrored through triggers, CHECK changes
through ``writable_schema``, FTS5's secure-delete (``memory_core.db.migrations`` runs them)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection

from memory_core.db.backend import split_sql

#: The FTS5 indexes the migrations create (each mirrors its content table through triggers).
FTS_TABLES = ("facts_fts", "episodes_fts")

M001_FTS = """
-- Lexical mirror of facts. Deleted facts are not indexed: forgetting removes them here too.
CREATE VIRTUAL TABLE facts_fts USING fts5(
    key, value_text, owner_token,
    content='facts', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER facts_fts_ai AFTER INSERT ON facts WHEN new.status != 'deleted' BEGIN
    INSERT INTO facts_fts(rowid, key, value_text, owner_token)
    VALUES (new.id, new.key, new.value_text, new.owner_token);
END;
CREATE TRIGGER facts_fts_ad AFTER DELETE ON facts WHEN old.status != 'deleted' BEGIN
    INSERT INTO facts_fts(facts_fts, rowid, key, value_text, owner_token)
    VALUES ('delete', old.id, old.key, old.value_text, old.owner_token);
END;
-- One trigger, so the old tokens are removed before the new ones are added: SQLite fires
-- separate triggers newest first, and a later 'delete' would wipe the tokens old and new share.
CREATE TRIGGER facts_fts_au AFTER UPDATE OF key, value_text, status ON facts BEGIN
    INSERT INTO facts_fts(facts_fts, rowid, key, value_text, owner_token)
    SELECT 'delete', old.id, old.key, old.value_text, old.owner_token
    WHERE old.status != 'deleted';
    INSERT INTO facts_fts(rowid, key, value_text, owner_token)
    SELECT new.id, new.key, new.value_text, new.owner_token
    WHERE new.status != 'deleted';
END;

CREATE TRIGGER fact_history_immutable BEFORE UPDATE ON fact_history BEGIN
    SELECT RAISE(ABORT, 'fact_history rows are immutable');
END;

CREATE VIRTUAL TABLE episodes_fts USING fts5(
    text, context, owner_token,
    content='episodes', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER episodes_fts_ai AFTER INSERT ON episodes BEGIN
    INSERT INTO episodes_fts(rowid, text, context, owner_token)
    VALUES (new.id, new.text, new.context, new.owner_token);
END;
CREATE TRIGGER episodes_fts_ad AFTER DELETE ON episodes BEGIN
    INSERT INTO episodes_fts(episodes_fts, rowid, text, context, owner_token)
    VALUES ('delete', old.id, old.text, old.context, old.owner_token);
END;
CREATE TRIGGER episodes_fts_au AFTER UPDATE OF text, context ON episodes BEGIN
    INSERT INTO episodes_fts(episodes_fts, rowid, text, context, owner_token)
    VALUES ('delete', old.id, old.text, old.context, old.owner_token);
    INSERT INTO episodes_fts(rowid, text, context, owner_token)
    VALUES (new.id, new.text, new.context, new.owner_token);
END;
"""


_KINDS_BEFORE = "CHECK (kind IN ('fact','reflection','insight'))"
_KINDS_AFTER = "CHECK (kind IN ('fact','reflection','insight','procedure'))"


def _fts(conn: Connection) -> None:
    for statement in split_sql(M001_FTS):
        conn.exec_driver_sql(statement)


def _procedure_kind(conn: Connection) -> None:
    """Procedural memory (seed 003 §12) joins the kinds the ``facts`` CHECK admits. SQLite
    cannot alter a constraint, and widening a CHECK changes nothing on disk, so the table's
    stored DDL is edited in place (SQLite's documented ``writable_schema`` procedure for CHECK
    changes) and the schema version bumped so every open connection reloads it."""
    version = int(conn.exec_driver_sql("PRAGMA schema_version").scalar_one())
    conn.exec_driver_sql("PRAGMA writable_schema = ON")
    try:
        conn.exec_driver_sql(
            "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' "
            "AND name = 'facts'",
            (_KINDS_BEFORE, _KINDS_AFTER),
        )
        conn.exec_driver_sql(f"PRAGMA schema_version = {version + 1}")
    finally:
        conn.exec_driver_sql("PRAGMA writable_schema = OFF")


#: Migration version → SQLite's own part of it.
STEPS: dict[int, Callable[[Connection], None]] = {1: _fts, 13: _procedure_kind}


def table_names(conn: Connection) -> list[str]:
    """The tables, SQLite's own excluded (virtual tables and their shadow tables included)."""
    sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    return [str(r[0]) for r in conn.exec_driver_sql(sql)]


def secure_fts(conn: Connection) -> None:
    """Turn on FTS5's ``secure-delete`` for every FTS index (once; idempotent).

    A deleted row's terms otherwise stay in the index's segment b-tree (its ``_data`` shadow
    table) until a merge happens to rewrite that segment — measured: a purged PIN was still in
    the file after its row was gone. With the option (SQLite ≥ 3.44) a delete removes the
    terms from the segment at once, and the file's own ``secure_delete`` zeroes the freed
    bytes. Turning it on merges the index once (``optimize``), so what an older version left
    behind goes too. A setting, not a migration: it writes only when it is not on yet."""
    for table in FTS_TABLES:
        on = conn.exec_driver_sql(
            f"SELECT v FROM {table}_config WHERE k = 'secure-delete'"
        ).scalar()
        if on is None or int(on) != 1:
            conn.exec_driver_sql(f"INSERT INTO {table}({table}, rank) VALUES ('secure-delete', 1)")
            conn.exec_driver_sql(f"INSERT INTO {table}({table}) VALUES ('optimize')")
