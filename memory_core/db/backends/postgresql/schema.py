"""PostgreSQL's own part of the schema: table DDL translated from SQLite's spelling, the
lexical index (generated ``tsvector`` columns, GIN indexes, BM25's striped totals), restorable
helper functions, constraint changes (``memory_core.db.migrations`` runs them)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from sqlalchemy import Connection


def _diacritic_folds() -> tuple[str, str]:
    """Letters with diacritics and their bases (Latin, Greek, Cyrillic): FTS5's
    ``remove_diacritics`` without the unaccent extension, which managed servers may not offer."""
    src, dst = [], []
    for code in range(0xC0, 0x500):
        char = chr(code)
        parts = unicodedata.normalize("NFD", char)
        if len(parts) > 1 and all(unicodedata.combining(c) for c in parts[1:]):
            src.append(char)
            dst.append(parts[0])
    return "".join(src), "".join(dst)


_FOLD_FROM, _FOLD_TO = _diacritic_folds()

# PostgreSQL: the lexical index is a generated tsvector column per table with a GIN index. The
# text is cut into runs of letters and digits first, as FTS5's unicode61 does, then stemmed
# with Snowball English (FTS5: Porter), no stop words (FTS5 has none), diacritics folded.
# Column labels carry the column (facts: A = value_text, B = key; episodes: A = text,
# B = context) so the query applies bm25's column weights; ``fts_len`` is the row's token count
# (plus the owner token FTS5 also counts) and ``fts_totals`` the document and token totals, for
# BM25's length normalisation (``lexical.py`` here).
M001_FTS: tuple[str, ...] = (
    # Runs of letters and digits, diacritics folded: what unicode61 tokenises.
    "CREATE FUNCTION membot_fts_words(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE "
    f"AS $$ SELECT translate(regexp_replace(t, '[^[:alnum:]]+', ' ', 'g'), '{_FOLD_FROM}', "
    f"'{_FOLD_TO}') $$",
    "CREATE TEXT SEARCH DICTIONARY membot_stem (TEMPLATE = snowball, Language = english)",
    "CREATE TEXT SEARCH CONFIGURATION membot (COPY = simple)",
    "ALTER TEXT SEARCH CONFIGURATION membot ALTER MAPPING FOR asciiword, asciihword, "
    "hword_asciipart, word, hword, hword_part WITH membot_stem",
    "CREATE FUNCTION membot_fts_doc(a TEXT, b TEXT) RETURNS tsvector LANGUAGE sql IMMUTABLE "
    "PARALLEL SAFE AS $$ SELECT setweight(to_tsvector('membot', membot_fts_words(a)), 'A') "
    "|| setweight(to_tsvector('membot', membot_fts_words(b)), 'B') $$",
    "CREATE FUNCTION membot_fts_len(doc tsvector) RETURNS INTEGER LANGUAGE sql IMMUTABLE "
    "PARALLEL SAFE AS $$ SELECT 1 + COALESCE(SUM(cardinality(positions)), 0)::INTEGER "
    "FROM unnest(doc) $$",
    "ALTER TABLE facts ADD COLUMN fts tsvector "
    "GENERATED ALWAYS AS (membot_fts_doc(value_text, key)) STORED",
    "ALTER TABLE facts ADD COLUMN fts_len INTEGER "
    "GENERATED ALWAYS AS (membot_fts_len(membot_fts_doc(value_text, key))) STORED",
    # fastupdate off: GIN's pending list of new entries is scanned by every search until a
    # VACUUM merges it; a chat's writes are small, its searches many.
    "CREATE INDEX ix_facts_fts ON facts USING gin (fts) WITH (fastupdate = off) "
    "WHERE status <> 'deleted'",
    "ALTER TABLE episodes ADD COLUMN fts tsvector "
    "GENERATED ALWAYS AS (membot_fts_doc(text, context)) STORED",
    "ALTER TABLE episodes ADD COLUMN fts_len INTEGER "
    "GENERATED ALWAYS AS (membot_fts_len(membot_fts_doc(text, context))) STORED",
    "CREATE INDEX ix_episodes_fts ON episodes USING gin (fts) WITH (fastupdate = off)",
    "CREATE TABLE fts_totals (kind TEXT PRIMARY KEY, docs BIGINT NOT NULL, tokens BIGINT NOT NULL)",
    "INSERT INTO fts_totals VALUES ('facts', 0, 0), ('episodes', 0, 0)",
    # Deleted facts are not indexed (as on SQLite): they leave the totals too.
    """CREATE FUNCTION membot_facts_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d BIGINT := 0; t BIGINT := 0;
BEGIN
    IF TG_OP <> 'DELETE' AND NEW.status <> 'deleted' THEN
        d := d + 1; t := t + NEW.fts_len;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.status <> 'deleted' THEN
        d := d - 1; t := t - OLD.fts_len;
    END IF;
    IF d <> 0 OR t <> 0 THEN
        UPDATE fts_totals SET docs = docs + d, tokens = tokens + t WHERE kind = 'facts';
    END IF;
    RETURN NULL;
END $$""",
    "CREATE TRIGGER facts_fts_totals AFTER INSERT OR DELETE OR UPDATE OF key, value_text, "
    "status ON facts FOR EACH ROW EXECUTE FUNCTION membot_facts_totals()",
    """CREATE FUNCTION membot_episodes_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d BIGINT := 0; t BIGINT := 0;
BEGIN
    IF TG_OP <> 'DELETE' THEN d := d + 1; t := t + NEW.fts_len; END IF;
    IF TG_OP <> 'INSERT' THEN d := d - 1; t := t - OLD.fts_len; END IF;
    UPDATE fts_totals SET docs = docs + d, tokens = tokens + t WHERE kind = 'episodes';
    RETURN NULL;
END $$""",
    "CREATE TRIGGER episodes_fts_totals AFTER INSERT OR DELETE OR UPDATE OF text, context "
    "ON episodes FOR EACH ROW EXECUTE FUNCTION membot_episodes_totals()",
    """CREATE FUNCTION membot_history_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'fact_history rows are immutable';
END $$""",
    "CREATE TRIGGER fact_history_immutable BEFORE UPDATE ON fact_history FOR EACH ROW "
    "EXECUTE FUNCTION membot_history_immutable()",
)


_PG_TYPES = (
    (re.compile(r"\bINTEGER PRIMARY KEY\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
)


def ddl(statement: str) -> str:
    """Table DDL in SQLite's spelling, for PostgreSQL: ``INTEGER PRIMARY KEY`` (SQLite's rowid
    alias) becomes an identity column, ``REAL`` (epoch-second times need all 53 bits) a
    ``DOUBLE PRECISION``, other integers ``BIGINT``."""
    for pattern, replacement in _PG_TYPES:
        statement = pattern.sub(replacement, statement)
    return statement


# PostgreSQL: BM25's document and token totals were one row per table, updated by every insert's
# trigger — a row lock every writer queued on until commit, whatever user it wrote for. They are
# now spread over 64 stripes: a statement adds to the first stripe no other transaction holds,
# starting from one its session prefers, and a search sums the stripes (exact, not estimated:
# scores stay FTS5's). SQLite has one writer and its FTS5 keeps its own totals: nothing to do.
STRIPES = 64
M011_STRIPES: tuple[str, ...] = (
    "ALTER TABLE fts_totals ADD COLUMN stripe INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE fts_totals DROP CONSTRAINT fts_totals_pkey",
    "ALTER TABLE fts_totals ADD PRIMARY KEY (kind, stripe)",
    "INSERT INTO fts_totals (kind, stripe, docs, tokens) SELECT k.kind, s, 0, 0 FROM "
    f"(VALUES ('facts'), ('episodes')) AS k(kind), generate_series(1, {STRIPES - 1}) AS s",
    f"""CREATE FUNCTION membot_fts_add(k TEXT, d BIGINT, t BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE s INTEGER;
BEGIN
    -- (mod(), not the operator: the driver reads a percent sign as a placeholder.)
    -- SKIP LOCKED: a stripe another open transaction added to is passed over, never waited on
    -- (this transaction's own stripe is not locked to it, and stays its first choice).
    SELECT stripe INTO s FROM fts_totals WHERE kind = k
    ORDER BY mod(stripe - mod(pg_backend_pid(), {STRIPES}) + {STRIPES}, {STRIPES})
    LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
    IF s IS NULL THEN
        s := mod(pg_backend_pid(), {STRIPES});
    END IF;
    UPDATE fts_totals SET docs = docs + d, tokens = tokens + t WHERE kind = k AND stripe = s;
END $$""",
    # One update of the totals per statement, from its transition tables: a per-row trigger
    # updated the same counter row once per row, and a DELETE of 100,000 episodes (an
    # erasure) then spent minutes walking that row's versions.
    "DROP TRIGGER facts_fts_totals ON facts",
    "DROP TRIGGER episodes_fts_totals ON episodes",
    "DROP FUNCTION membot_facts_totals()",
    "DROP FUNCTION membot_episodes_totals()",
    """CREATE FUNCTION membot_facts_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d BIGINT := 0; t BIGINT := 0; od BIGINT := 0; ot BIGINT := 0;
BEGIN
    -- Deleted facts are not indexed (as on SQLite): they leave the totals too.
    IF TG_OP <> 'DELETE' THEN
        SELECT count(*), COALESCE(sum(fts_len), 0) INTO d, t FROM membot_new
        WHERE status <> 'deleted';
    END IF;
    IF TG_OP <> 'INSERT' THEN
        SELECT count(*), COALESCE(sum(fts_len), 0) INTO od, ot FROM membot_old
        WHERE status <> 'deleted';
    END IF;
    IF d <> od OR t <> ot THEN
        PERFORM membot_fts_add('facts', d - od, t - ot);
    END IF;
    RETURN NULL;
END $$""",
    """CREATE FUNCTION membot_episodes_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d BIGINT := 0; t BIGINT := 0; od BIGINT := 0; ot BIGINT := 0;
BEGIN
    IF TG_OP <> 'DELETE' THEN
        SELECT count(*), COALESCE(sum(fts_len), 0) INTO d, t FROM membot_new;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        SELECT count(*), COALESCE(sum(fts_len), 0) INTO od, ot FROM membot_old;
    END IF;
    IF d <> od OR t <> ot THEN
        PERFORM membot_fts_add('episodes', d - od, t - ot);
    END IF;
    RETURN NULL;
END $$""",
    *(
        f"CREATE TRIGGER {table}_fts_totals_{op[:3].lower()} AFTER {op} ON {table} "
        f"REFERENCING {refs} FOR EACH STATEMENT EXECUTE FUNCTION membot_{table}_totals()"
        for table in ("facts", "episodes")
        for op, refs in (
            ("INSERT", "NEW TABLE AS membot_new"),
            ("UPDATE", "OLD TABLE AS membot_old NEW TABLE AS membot_new"),
            ("DELETE", "OLD TABLE AS membot_old"),
        )
    ),
)


def _pg_restorable_fts(conn: Connection) -> None:
    """``membot_fts_doc`` names its helper and text search configuration by schema.

    ``pg_restore`` loads rows with an empty ``search_path``, and computes the generated
    ``fts``/``fts_len`` columns again as it does: the unqualified ``membot_fts_words`` was not
    found and every ``pg_dump`` of a membot database failed to restore (tests/
    test_deploy_postgres.py restores one). Qualified names keep the function inlinable (a
    ``SET search_path`` clause would not)."""
    schema = str(conn.exec_driver_sql("SELECT current_schema()").scalar_one())
    s = '"' + schema.replace('"', '""') + '"'
    conn.exec_driver_sql(
        "CREATE OR REPLACE FUNCTION membot_fts_doc(a TEXT, b TEXT) RETURNS tsvector "
        "LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ "
        f"SELECT setweight(to_tsvector('{s}.membot'::regconfig, {s}.membot_fts_words(a)), 'A') "
        f"|| setweight(to_tsvector('{s}.membot'::regconfig, {s}.membot_fts_words(b)), 'B') $$"
    )


_KINDS_AFTER = "CHECK (kind IN ('fact','reflection','insight','procedure'))"


def _procedure_kind(conn: Connection) -> None:
    """Procedural memory (seed 003 §12) joins the kinds the ``facts`` CHECK admits."""
    conn.exec_driver_sql("ALTER TABLE facts DROP CONSTRAINT IF EXISTS facts_kind_check")
    conn.exec_driver_sql(f"ALTER TABLE facts ADD CONSTRAINT facts_kind_check {_KINDS_AFTER}")


def _run(statements: Sequence[str]) -> Callable[[Connection], None]:
    def apply(conn: Connection) -> None:
        for statement in statements:
            conn.exec_driver_sql(statement)

    return apply


#: Migration version → PostgreSQL's own part of it.
STEPS: dict[int, Callable[[Connection], None]] = {
    1: _run(M001_FTS),
    10: _pg_restorable_fts,
    11: _run(M011_STRIPES),
    13: _procedure_kind,
}


def table_names(conn: Connection) -> list[str]:
    """The tables of the current schema."""
    sql = (
        "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
    )
    return [str(r[0]) for r in conn.exec_driver_sql(sql)]
