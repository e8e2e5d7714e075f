"""What a store backend implements: the operations whose SQL differs between databases.

Repositories in ``memory_core/store`` write portable SQL (SQLAlchemy named parameters) and ask
the backend of the connection they were handed (``memory_core.db.backends.of(conn)``) for the
rest: SQL spellings (scalar ``MAX`` vs ``GREATEST``, JSON access), the lexical index (FTS5 vs
``tsvector`` BM25), the vector index (vec0 vs pgvector), lease liveness (advisory locks),
bulk loads and the schema's introspection. A new backend is one folder under
``memory_core/db/backends/`` implementing :class:`Backend`, plus one ``register`` line there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection

from memory_core.db.connection import Opened
from memory_core.values import ItemKind

#: One float32 vector per row.
Matrix = npt.NDArray[np.float32]


def split_sql(script: str) -> list[str]:
    """Split a DDL script into statements, keeping trigger bodies (BEGIN … END;) whole."""
    statements: list[str] = []
    buf: list[str] = []
    in_trigger = False
    for line in script.splitlines():
        stripped = line.strip()
        if not stripped or (stripped.startswith("--") and not buf):
            continue
        buf.append(line)
        upper = stripped.upper()
        if upper.startswith("CREATE TRIGGER"):
            in_trigger = True
        if in_trigger:
            if upper == "END;":
                statements.append("\n".join(buf))
                buf, in_trigger = [], False
        elif stripped.endswith(";"):
            statements.append("\n".join(buf))
            buf = []
    if buf:
        statements.append("\n".join(buf))
    return statements


class MatchExpression(str):
    """An FTS5 MATCH expression that also carries its terms: the PostgreSQL store builds its
    own query from them (``terms``, AND-ed when ``all_terms``), never from the string."""

    terms: tuple[str, ...]
    all_terms: bool

    def __new__(cls, expr: str, words: tuple[str, ...], all_terms: bool) -> MatchExpression:
        made = super().__new__(cls, expr)
        made.terms = words
        made.all_terms = all_terms
        return made


@dataclass(frozen=True, slots=True)
class VectorTable:
    """A vector index table: its name, item kind, id column and metadata column."""

    name: str
    kind: ItemKind
    pk: str
    meta: str


@dataclass(frozen=True, slots=True)
class LexicalQuery:
    """A BM25 search of one user's rows of ``kind``: ``where`` adds conditions on alias ``f``
    with ``params`` (list values expand); ``narrowed`` says the conditions filter hard."""

    user_id: str
    expr: MatchExpression
    kind: ItemKind
    k: int
    weights: tuple[float, float]
    where: str = ""
    params: dict[str, Any] | None = None
    narrowed: bool = False


class Backend(Protocol):
    """A database the store runs on (see the module docstring)."""

    #: SQLAlchemy's dialect name for its connections (the registry's key).
    name: str
    #: ``MEMBOT_DB`` URL prefixes that select it (lower case); empty: a plain file path.
    schemes: tuple[str, ...]
    #: Whether several processes may share the database (leases need liveness locks).
    shared: bool

    def open(self, target: str | Path) -> Opened:
        """Open the engine for a ``MEMBOT_DB`` value this backend was chosen for."""
        ...

    # --- schema ----------------------------------------------------------------------------
    def ddl(self, statement: str) -> str:
        """Table DDL written in SQLite's spelling, in this backend's."""
        ...

    def migration_step(self, conn: Connection, version: int) -> None:
        """This backend's own part of migration ``version`` (its lexical index, functions,
        constraint changes), after the common DDL; nothing when it has none."""
        ...

    def begin_migration(self, conn: Connection) -> None:
        """Set up the transaction of one migration step (a step may rebuild a big table)."""
        ...

    def after_migrations(self, conn: Connection) -> None:
        """Settings applied after every migration run (idempotent)."""
        ...

    def table_names(self, conn: Connection) -> list[str]:
        """The tables of the database, the engine's own catalogue excluded."""
        ...

    # --- SQL spellings -------------------------------------------------------------------
    def greatest(self, *exprs: str) -> str:
        """The largest of several expressions."""
        ...

    def least(self, *exprs: str) -> str:
        """The smallest of several expressions."""
        ...

    def json_text(self, column: str, key: str) -> str:
        """The text of top-level ``key`` in a JSON text column."""
        ...

    def json_real(self, column: str, key: str) -> str:
        """The number at top-level ``key`` in a JSON text column."""
        ...

    def json_int(self, column: str, key: str) -> str:
        """The integer at top-level ``key`` in a JSON text column."""
        ...

    def shift_left(self, value: str, bits: str) -> str:
        """``value << bits`` on 64-bit integers."""
        ...

    def by_id_hint(self) -> str:
        """A prefix for the owner column in ``WHERE id IN … AND <hint>user_id = :u`` that keeps
        a lookup by id on the primary key (SQLite's ``+``), or ``""``."""
        ...

    def reserve_ids_sql(self, table: str, count_param: str) -> str:
        """A select-list item ``, … AS ids`` reserving ``:count_param`` ids of ``table`` ahead
        of the insert, or ``""`` when the insert returns them at no cost."""
        ...

    def integer_series_sql(self, first_param: str, last_param: str) -> str:
        """A FROM item ``… AS s`` with one row per integer ``i`` from ``:first`` to ``:last``."""
        ...

    # --- bulk loads ------------------------------------------------------------------------
    def insert_rows(
        self, conn: Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert many rows (explicit ids allowed) in one driver call."""
        ...

    def after_explicit_ids(self, conn: Connection, table: str) -> None:
        """Move ``table``'s id generator past ids inserted explicitly."""
        ...

    # --- lexical index ---------------------------------------------------------------------
    def bm25(self, conn: Connection, query: LexicalQuery) -> list[tuple[int, float]]:
        """The ``k`` best matches as (id, bm25), best (lowest) first, equal scores newest first."""
        ...

    def matching_all_terms(
        self, conn: Connection, user_id: str, expr: MatchExpression, limit: int
    ) -> list[int]:
        """Ids of the user's retrievable facts matching every term, best BM25 first."""
        ...

    def match_count(self, conn: Connection, user_id: str, expr: MatchExpression) -> int:
        """How many indexed facts of ``user_id`` match ``expr``."""
        ...

    # --- vector index ----------------------------------------------------------------------
    def create_vector_tables(
        self, conn: Connection, tables: Sequence[VectorTable], dim: int
    ) -> None:
        """Create the vector tables for ``dim`` dimensions (idempotent)."""
        ...

    def write_vector(
        self,
        conn: Connection,
        table: VectorTable,
        user_id: str,
        item_id: int,
        vector: Matrix | None,
        meta: str,
    ) -> None:
        """Upsert (``vector`` given) or delete one item's vector."""
        ...

    def insert_vectors(
        self,
        conn: Connection,
        table: VectorTable,
        user_id: str,
        item_ids: Sequence[int],
        matrix: Matrix,
        meta: str,
    ) -> None:
        """Insert vectors of items that have none yet (bulk fill)."""
        ...

    def vector_version(self, conn: Connection, user_id: str, kind: ItemKind) -> int:
        """The user's vector version for ``kind`` (0 if never written); runs before every
        vector search, so it should be cheap."""
        ...

    def read_matrix(
        self, conn: Connection, table: VectorTable, user_id: str, max_bytes: int
    ) -> tuple[npt.NDArray[np.int64], Matrix] | None:
        """All of the user's ids and vectors; ``None`` when they would take more than
        ``max_bytes``."""
        ...

    def knn(
        self, conn: Connection, table: VectorTable, user_id: str, query: Matrix, k: int
    ) -> list[tuple[int, float]]:
        """The ``k`` nearest items of this user as (id, cosine similarity)."""
        ...

    def stored_vector(self, conn: Connection, table: VectorTable, item_id: int) -> Matrix | None:
        """One item's stored vector (``None`` if it has none)."""
        ...

    def drop_ann_indexes(self, conn: Connection) -> bool:
        """Drop approximate-neighbour indexes before a bulk fill; whether there were any."""
        ...

    def has_ann_indexes(self, conn: Connection) -> bool:
        """Whether approximate-neighbour indexes are built."""
        ...

    def build_ann_indexes(
        self, conn: Connection, tables: Sequence[VectorTable], memory_mb: int
    ) -> None:
        """(Re)build approximate-neighbour indexes with ``memory_mb`` of working memory."""
        ...

    # --- leases and liveness ---------------------------------------------------------------
    def lease_free_sql(self, prefix: str, *, mine: bool, alive_only: bool) -> str:
        """The condition under which a row's lease may be taken by ``:me`` at ``:now``
        (see ``store.leases.free_sql``)."""
        ...

    def not_sending_sql(self, prefix: str) -> str:
        """An ``AND …`` condition on an inbox row being claimed by ``:me`` at ``:now``: no
        process that may still be sending its answer began less than ``:grace`` seconds ago."""
        ...

    def skip_locked_sql(self) -> str:
        """A ``SELECT``'s locking clause that passes over rows another open transaction holds
        instead of waiting for them (``""`` where no other transaction can hold a row)."""
        ...

    def resend_sql(self) -> str:
        """The condition under which an inbox row's begun answer (``sent_at``, ``sent_by``)
        may be begun again by ``:me`` at ``:now``: whoever began it cannot send late."""
        ...

    def hold_owner(self, conn: Connection, owner: str) -> None:
        """Take ``owner``'s liveness lock on this (long-lived) connection."""
        ...

    def release_owner(self, conn: Connection, owner: str) -> None:
        """Let go of ``owner``'s liveness lock."""
        ...

    def owner_alive(self, conn: Connection, owner: str) -> bool:
        """Whether the process ``owner`` still runs (it holds its liveness lock)."""
        ...

    # --- schema introspection (export, erasure) -------------------------------------------
    def user_tables(self, conn: Connection) -> list[str]:
        """Ordinary tables with a ``user_id`` column (virtual, shadow, vector tables excluded)."""
        ...

    def user_rows(self, conn: Connection, table: str, user_id: str) -> list[dict[str, Any]]:
        """Every row of ``table`` of ``user_id``, column → value, in insertion order (index
        columns left out)."""
        ...

    def index_leftovers(
        self, conn: Connection, user_id: str, token: str, vector_tables: Sequence[str]
    ) -> dict[str, int]:
        """Index entries (lexical, vector) still held for ``user_id`` (owner ``token``)."""
        ...
