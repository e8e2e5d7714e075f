"""Ordered, named schema migrations for both stores, each applied in one transaction and recorded.

FTS5 and vec0 tables are virtual tables that ``metadata.create_all()`` cannot make, so the
whole schema is raw DDL here. A database written by a newer membot is refused, never guessed at.
Vector tables are not here: their dimension comes from the embedding model (see ``vectors``).

One list serves SQLite and PostgreSQL. Table DDL is written once in SQLite's spelling and
translated for PostgreSQL (``pg_ddl``: identity keys, ``DOUBLE PRECISION`` times, ``BIGINT``
integers); what has no common spelling comes per dialect: FTS5 tables and their triggers on
SQLite, generated ``tsvector`` columns with GIN indexes (and the counters BM25 needs) on
PostgreSQL.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from memory_core.db.dialect import of as dialect_of
from memory_core.db.engine import Database
from memory_core.errors import ForeignDatabaseError, SchemaTooNewError, StoreError

STATUSES = "'active','superseded','expired','pending_confirmation','deleted'"

M001_INITIAL = f"""
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Facts: active and historical rows. Ids are small integers so users can type them.
CREATE TABLE facts (
    id                INTEGER PRIMARY KEY,
    user_id           TEXT NOT NULL,
    owner_token       TEXT NOT NULL,       -- one FTS token derived from user_id (scoping)
    kind              TEXT NOT NULL DEFAULT 'fact' CHECK (kind IN ('fact','reflection','insight')),
    key               TEXT NOT NULL,
    value_text        TEXT NOT NULL,
    value_json        TEXT,
    category          TEXT NOT NULL,
    confidence        REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
    importance        INTEGER NOT NULL DEFAULT 2,
    pinned            INTEGER NOT NULL DEFAULT 0,
    sensitive         INTEGER NOT NULL DEFAULT 0,
    event_time        REAL,
    valid_from        REAL NOT NULL,
    valid_to          REAL,
    status            TEXT NOT NULL CHECK (status IN ({STATUSES})),
    source_turn_id    TEXT,
    source_chat_id    TEXT,
    source_excerpt    TEXT,
    supersedes_id     INTEGER REFERENCES facts(id) ON DELETE SET NULL,
    created_at        REAL NOT NULL,
    updated_at        REAL NOT NULL,
    last_mentioned_at REAL NOT NULL,
    mention_count     INTEGER NOT NULL DEFAULT 1,
    access_count      INTEGER NOT NULL DEFAULT 0,
    last_accessed_at  REAL,
    decay_rate        REAL NOT NULL DEFAULT 0.1,
    deleted_at        REAL,
    purge_at          REAL
);
CREATE INDEX ix_facts_user_status ON facts(user_id, status);
CREATE INDEX ix_facts_user_key ON facts(user_id, key);
CREATE INDEX ix_facts_valid_to ON facts(valid_to);
CREATE INDEX ix_facts_user_updated ON facts(user_id, updated_at);

-- Immutable audit trail: rows are never updated (erasure may delete them).
CREATE TABLE fact_history (
    id          INTEGER PRIMARY KEY,
    fact_id     INTEGER NOT NULL,
    user_id     TEXT NOT NULL,
    event       TEXT NOT NULL,
    before_json TEXT,
    after_json  TEXT,
    actor       TEXT NOT NULL,
    reason      TEXT,
    turn_id     TEXT,
    rev         INTEGER,
    ts          REAL NOT NULL
);
CREATE INDEX ix_history_fact ON fact_history(fact_id, ts);
CREATE INDEX ix_history_user ON fact_history(user_id, ts);

-- Raw turns. `context` is the turn before (indexed with it: answers often follow questions).
CREATE TABLE episodes (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT NOT NULL,
    owner_token TEXT NOT NULL,
    chat_id     TEXT NOT NULL,
    session_id  TEXT,
    turn_id     TEXT,
    role        TEXT NOT NULL CHECK (role IN ('user','assistant','other')),
    speaker     TEXT,
    text        TEXT NOT NULL,
    context     TEXT NOT NULL DEFAULT '',
    created_at  REAL NOT NULL
);
CREATE INDEX ix_episodes_user_time ON episodes(user_id, created_at);
CREATE INDEX ix_episodes_session ON episodes(user_id, session_id, id);
-- Per-user revision and change log (the "Memory updates since rev X" header).
CREATE TABLE user_revisions (
    user_id TEXT PRIMARY KEY,
    rev     INTEGER NOT NULL
);
CREATE TABLE change_log (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT NOT NULL,
    rev       INTEGER NOT NULL,
    fact_id   INTEGER,
    event     TEXT NOT NULL,
    summary   TEXT NOT NULL,
    meta_json TEXT,
    ts        REAL NOT NULL
);
CREATE INDEX ix_change_log_user_rev ON change_log(user_id, rev DESC);

-- Vectors are written after the owning transaction commits, from this persisted queue.
CREATE TABLE vector_queue (
    id              INTEGER PRIMARY KEY,
    item_kind       TEXT NOT NULL CHECK (item_kind IN ('fact','episode')),
    item_id         INTEGER NOT NULL,
    user_id         TEXT NOT NULL,
    op              TEXT NOT NULL CHECK (op IN ('upsert','delete')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL NOT NULL,
    last_error      TEXT,
    created_at      REAL NOT NULL,
    UNIQUE (item_kind, item_id)
);
CREATE INDEX ix_vector_queue_due ON vector_queue(next_attempt_at);

-- Bumped with every vector write so in-memory matrix caches know when they are stale,
-- even when another process (an admin command) wrote.
CREATE TABLE vector_versions (
    user_id   TEXT NOT NULL,
    item_kind TEXT NOT NULL,
    version   INTEGER NOT NULL,
    PRIMARY KEY (user_id, item_kind)
);
"""


M001_SQLITE = """
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
# BM25's length normalisation (``store/pg_lexical.py``).
M001_POSTGRES: tuple[str, ...] = (
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


M002_LEARNING = """
-- The observer's durable outbox: a turn is committed here before the bot replies.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    turn_id         TEXT NOT NULL UNIQUE,
    user_id         TEXT NOT NULL,
    chat_id         TEXT NOT NULL,
    session_id      TEXT,
    user_name       TEXT,
    user_text       TEXT NOT NULL,
    assistant_text  TEXT NOT NULL DEFAULT '',
    explicit        INTEGER NOT NULL DEFAULT 0,
    learn           INTEGER NOT NULL DEFAULT 1,
    is_group        INTEGER NOT NULL DEFAULT 0,
    turn_time       REAL NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','done','failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL NOT NULL,
    last_error      TEXT,
    result_json     TEXT,
    created_at      REAL NOT NULL,
    finished_at     REAL
);
CREATE INDEX ix_outbox_pending ON outbox(status, next_attempt_at);
CREATE INDEX ix_outbox_user ON outbox(user_id, status, id);

-- Idempotency keys of applied actions (seed 000): (turn_id, key, action_hash).
CREATE TABLE applied_actions (
    turn_id     TEXT NOT NULL,
    key         TEXT NOT NULL,
    action_hash TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    fact_id     INTEGER,
    ts          REAL NOT NULL,
    PRIMARY KEY (turn_id, key, action_hash)
);
CREATE INDEX ix_applied_user ON applied_actions(user_id);

-- Conflicts waiting for the user's decision (buttons).
CREATE TABLE conflicts (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT NOT NULL,
    chat_id     TEXT,
    old_fact_id INTEGER NOT NULL,
    new_fact_id INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','resolved','expired')),
    resolution  TEXT,
    created_at  REAL NOT NULL,
    expires_at  REAL NOT NULL,
    notified_at REAL,
    resolved_at REAL
);
CREATE INDEX ix_conflicts_user ON conflicts(user_id, status);

-- Light graph edges between a user's facts (seed 003 §2).
CREATE TABLE relations (
    id            INTEGER PRIMARY KEY,
    user_id       TEXT NOT NULL,
    from_id       INTEGER NOT NULL,
    to_id         INTEGER NOT NULL,
    relation_type TEXT NOT NULL DEFAULT 'related_to',
    strength      REAL NOT NULL,
    created_at    REAL NOT NULL,
    UNIQUE (from_id, to_id, relation_type)
);
CREATE INDEX ix_relations_from ON relations(user_id, from_id);
CREATE INDEX ix_relations_to ON relations(user_id, to_id);

-- Entities (regex NER) and their links to facts and episodes (seed 002).
CREATE TABLE entities (
    id             INTEGER PRIMARY KEY,
    user_id        TEXT NOT NULL,
    canonical_name TEXT NOT NULL,
    type           TEXT NOT NULL,
    mention_count  INTEGER NOT NULL DEFAULT 1,
    UNIQUE (user_id, canonical_name, type)
);
CREATE TABLE memory_entities (
    item_kind TEXT NOT NULL CHECK (item_kind IN ('fact','episode')),
    item_id   INTEGER NOT NULL,
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    user_id   TEXT NOT NULL,
    PRIMARY KEY (item_kind, item_id, entity_id)
);
CREATE INDEX ix_me_entity ON memory_entities(entity_id);

-- Per-user switches (learning paused, reflections) and the last revision shown to them.
CREATE TABLE user_settings (
    user_id      TEXT PRIMARY KEY,
    paused       INTEGER NOT NULL DEFAULT 0,
    reflections  INTEGER NOT NULL DEFAULT 1,
    seen_rev     INTEGER NOT NULL DEFAULT 0,
    private_chat TEXT,
    updated_at   REAL NOT NULL
);

-- Conversations: one user in one chat until a silence or /new (seed 002 sessions).
CREATE TABLE sessions (
    id              INTEGER PRIMARY KEY,
    user_id         TEXT NOT NULL,
    chat_id         TEXT NOT NULL,
    first_seen      REAL NOT NULL,
    last_seen       REAL NOT NULL,
    turns           INTEGER NOT NULL DEFAULT 0,
    closed_at       REAL,
    consolidated_at REAL
);
CREATE INDEX ix_sessions_user_chat ON sessions(user_id, chat_id, id);
CREATE INDEX ix_sessions_pending ON sessions(consolidated_at, last_seen);

-- Imports of an edited MEMORY.md waiting for the user's confirmation.
CREATE TABLE imports (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL,
    plan_json  TEXT NOT NULL,
    status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','applied','cancelled')),
    created_at REAL NOT NULL
);
CREATE INDEX ix_imports_user ON imports(user_id, status);

-- Operational events (seed 003 §14): what the pipeline did, for metrics.
CREATE TABLE events (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT,
    node      TEXT NOT NULL,
    op        TEXT NOT NULL,
    status    TEXT NOT NULL,
    memory_id INTEGER,
    category  TEXT,
    sim       REAL,
    value     REAL,
    ts        REAL NOT NULL
);
CREATE INDEX ix_events_user ON events(user_id, ts);
CREATE INDEX ix_events_node ON events(node, ts);
"""


M003_JOBS = """
-- Materialised profiles (seed 000 stage 5), rebuilt every N turns and at session end;
-- /profile and prompt injection read them. fact_ids: the facts the projection holds.
CREATE TABLE profiles (
    user_id      TEXT PRIMARY KEY,
    profile_json TEXT NOT NULL,
    fact_ids     TEXT NOT NULL,
    rev          INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    built_at     REAL NOT NULL
);

-- Scheduled job runs, one row per (job, slot, trigger): a restart neither repeats a finished
-- slot nor skips a missed one; a row left 'running' by a crash is run again.
CREATE TABLE job_runs (
    id          INTEGER PRIMARY KEY,
    job         TEXT NOT NULL,
    slot        REAL NOT NULL,
    trigger     TEXT NOT NULL CHECK (trigger IN ('schedule','baseline','manual')),
    status      TEXT NOT NULL CHECK (status IN ('running','done','failed')),
    attempts    INTEGER NOT NULL DEFAULT 1,
    started_at  REAL NOT NULL,
    finished_at REAL,
    detail_json TEXT,
    UNIQUE (job, slot, trigger)
);

-- Daily dedup (seed 003 section 4): pair fingerprints, so a pair is not rechecked for 14 days.
CREATE TABLE dedup_checks (
    user_id     TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    verdict     TEXT NOT NULL CHECK (verdict IN ('same','different')),
    checked_at  REAL NOT NULL,
    PRIMARY KEY (user_id, fingerprint)
);

-- Weekly reflections: saved with the reflection fact, then posted (a restart posts the rest).
CREATE TABLE reflection_posts (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL,
    fact_id    INTEGER NOT NULL,
    chat_id    TEXT,
    created_at REAL NOT NULL,
    posted_at  REAL,
    feedback   TEXT
);
CREATE INDEX ix_reflection_posts_user ON reflection_posts(user_id, created_at);

-- "Still true?" questions about important facts that decayed (keep / forget buttons).
CREATE TABLE fact_questions (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT NOT NULL,
    fact_id     INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open'
                CHECK (status IN ('open','kept','forgotten','gone')),
    created_at  REAL NOT NULL,
    asked_at    REAL,
    answered_at REAL
);
CREATE UNIQUE INDEX ux_fact_questions_open ON fact_questions(fact_id) WHERE status = 'open';
CREATE INDEX ix_fact_questions_user ON fact_questions(user_id, status);

-- Decay is applied for the days since the later of last access, last mention and last decay,
-- so running it nightly never compounds (seed 002's formula, applied once per day elapsed).
ALTER TABLE facts ADD COLUMN decayed_at REAL;
CREATE INDEX ix_facts_purge ON facts(purge_at) WHERE purge_at IS NOT NULL;
"""

# LLM usage per UTC day, user ('' for none), purpose and model: cost per user and purpose, and
# the daily per-user token cap (summed on the reply path, so keyed by user and day first).
M004_LLM_USAGE = """
CREATE TABLE llm_usage (
    day                TEXT NOT NULL,
    user_id            TEXT NOT NULL,
    purpose            TEXT NOT NULL,
    model              TEXT NOT NULL,
    calls              INTEGER NOT NULL DEFAULT 0,
    input_tokens       INTEGER NOT NULL DEFAULT 0,
    output_tokens      INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day, purpose, model)
);
CREATE INDEX ix_llm_usage_day ON llm_usage(day);

-- The day a user was told their daily LLM allowance is used up (told once a day).
CREATE TABLE llm_cap_notices (
    user_id    TEXT NOT NULL,
    day        TEXT NOT NULL,
    noticed_at REAL NOT NULL,
    PRIMARY KEY (user_id, day)
);
"""


_PG_TYPES = (
    (re.compile(r"\bINTEGER PRIMARY KEY\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
)


def pg_ddl(statement: str) -> str:
    """Table DDL in SQLite's spelling, for PostgreSQL: ``INTEGER PRIMARY KEY`` (SQLite's rowid
    alias) becomes an identity column, ``REAL`` (epoch-second times need all 53 bits) a
    ``DOUBLE PRECISION``, other integers ``BIGINT``."""
    for pattern, replacement in _PG_TYPES:
        statement = pattern.sub(replacement, statement)
    return statement


def _script(
    sql: str, *, sqlite: str = "", postgres: Sequence[str] = ()
) -> Callable[[Connection], None]:
    """A step: ``sql`` runs on both stores (translated for PostgreSQL), then ``sqlite`` (a
    script) or ``postgres`` (statements) on its own store."""

    def apply(conn: Connection) -> None:
        if dialect_of(conn).postgres:
            for statement in _split_sql(sql):
                conn.exec_driver_sql(pg_ddl(statement))
            for statement in postgres:
                conn.exec_driver_sql(statement)
            return
        for statement in _split_sql(sql + sqlite):
            conn.exec_driver_sql(statement)

    return apply


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: a version number, a name, and the function that applies it."""

    version: int
    name: str
    apply: Callable[[Connection], None]


# A turn's episodes by turn id: the learner reads them, and a redelivered update is told
# from a new one (its answer is already stored) on every chat turn.
M005_EPISODE_TURNS = """
CREATE INDEX ix_episodes_turn ON episodes(user_id, turn_id);
"""

# Several bot processes on one PostgreSQL (SQLite has one, but the same columns keep one code
# path): a learning job, a scheduled run or a received update is leased to the process working
# on it (``lease_owner``: its id) until ``lease_until``; the owner renews the lease while it
# works, and another process takes the work over once a lease ran out (its owner died).
# ``inbox``: webhook updates committed before they are acknowledged, handled per chat in
# ``update_id`` order; the row (without its payload, once handled) drops a redelivered update.
M006_LEASES = """
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until REAL;
ALTER TABLE job_runs ADD COLUMN lease_owner TEXT;
ALTER TABLE job_runs ADD COLUMN lease_until REAL;
CREATE TABLE inbox (
    id          INTEGER PRIMARY KEY,
    platform    TEXT NOT NULL,
    update_id   INTEGER NOT NULL,
    chat_key    TEXT NOT NULL,
    payload     TEXT,
    status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','done','failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_until REAL,
    received_at REAL NOT NULL,
    finished_at REAL,
    UNIQUE (platform, update_id)
);
CREATE INDEX ix_inbox_pending ON inbox(platform, status, chat_key, update_id);
CREATE INDEX ix_inbox_finished ON inbox(finished_at) WHERE finished_at IS NOT NULL;
"""

# When a handled update's answer was about to be sent (webhook mode): the process that takes an
# update over from a dead or frozen one sends nothing when its predecessor had begun to.
M007_INBOX_SENT = """
ALTER TABLE inbox ADD COLUMN sent_at REAL;
"""

# A fact that faded (seed 003 §7: unused for months, of low importance) is soft-deleted like a
# forgotten one but marked: it is listed as faded, restorable, and learned again when told
# again — only what the user asked to forget is guarded against re-learning.
M008_FADED = """
ALTER TABLE facts ADD COLUMN faded_at REAL;
"""

# The language each user message is written in (ISO 639-1, detected when it is recorded;
# NULL when unsure or for the bot's own turns): replies and the message catalogue use it.
M009_EPISODE_LANGUAGE = """
ALTER TABLE episodes ADD COLUMN language TEXT;
"""

# PostgreSQL: BM25's document and token totals were one row per table, updated by every insert's
# trigger — a row lock every writer queued on until commit, whatever user it wrote for. They are
# now spread over 64 stripes: a statement adds to the first stripe no other transaction holds,
# starting from one its session prefers, and a search sums the stripes (exact, not estimated:
# scores stay FTS5's). SQLite has one writer and its FTS5 keeps its own totals: nothing to do.
STRIPES = 64
M011_POSTGRES_STRIPES: tuple[str, ...] = (
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

# Claiming received updates walks the pending ones in update_id order and stops after a batch
# of chats' heads (``store/inbox.claim``): one partial index gives that order, another answers
# "is an older update of this chat pending?" with one probe. Both hold pending rows only, so
# handled rows (kept for the redelivery check) cost the claim nothing.
M012_INBOX_CLAIM = """
CREATE INDEX ix_inbox_pending_order ON inbox(platform, update_id) WHERE status = 'pending';
CREATE INDEX ix_inbox_pending_chat ON inbox(platform, chat_key, update_id)
    WHERE status = 'pending';
DROP INDEX ix_inbox_pending;
"""


# Delivery marks (a command's message claimed once, a page link spent, a page session begun)
# are pruned by the nightly retention run once past any redelivery: found by age through this
# index, not by scanning every applied decision.
M_DELIVERY_MARKS = """
CREATE INDEX ix_applied_delivery_ts ON applied_actions(ts)
    WHERE key = 'delivery' AND action_hash = 'command';
"""


def _pg_restorable_fts(conn: Connection) -> None:
    """PostgreSQL: ``membot_fts_doc`` names its helper and text search configuration by schema.

    ``pg_restore`` loads rows with an empty ``search_path``, and computes the generated
    ``fts``/``fts_len`` columns again as it does: the unqualified ``membot_fts_words`` was not
    found and every ``pg_dump`` of a membot database failed to restore (tests/
    test_deploy_postgres.py restores one). Qualified names keep the function inlinable (a
    ``SET search_path`` clause would not). Nothing to do on SQLite."""
    if not dialect_of(conn).postgres:
        return
    schema = str(conn.exec_driver_sql("SELECT current_schema()").scalar_one())
    s = '"' + schema.replace('"', '""') + '"'
    conn.exec_driver_sql(
        "CREATE OR REPLACE FUNCTION membot_fts_doc(a TEXT, b TEXT) RETURNS tsvector "
        "LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ "
        f"SELECT setweight(to_tsvector('{s}.membot'::regconfig, {s}.membot_fts_words(a)), 'A') "
        f"|| setweight(to_tsvector('{s}.membot'::regconfig, {s}.membot_fts_words(b)), 'B') $$"
    )


_KINDS_BEFORE = "CHECK (kind IN ('fact','reflection','insight'))"
_KINDS_AFTER = "CHECK (kind IN ('fact','reflection','insight','procedure'))"


def _procedure_kind(conn: Connection) -> None:
    """Procedural memory (seed 003 §12) is a fact kind of its own: ``procedure`` joins the
    kinds the ``facts`` CHECK admits. PostgreSQL replaces the constraint; SQLite cannot alter
    one, and widening a CHECK changes nothing on disk, so the table's stored DDL is edited in
    place (SQLite's documented ``writable_schema`` procedure for CHECK changes) and the schema
    version bumped so every open connection reloads it."""
    if dialect_of(conn).postgres:
        conn.exec_driver_sql("ALTER TABLE facts DROP CONSTRAINT IF EXISTS facts_kind_check")
        conn.exec_driver_sql(f"ALTER TABLE facts ADD CONSTRAINT facts_kind_check {_KINDS_AFTER}")
        return
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


# Entities gain what seed 002 gives them: the other names one is mentioned by ("Aoife's",
# "Aoife S"; a JSON list), a short summary (from the user's non-sensitive facts linked to it,
# rebuilt when a link is added or removed; an older entity's is made when it is read) and a
# protected flag (the user's own people — every ``person`` entity so far: facts about them
# never decay).
M014_ENTITY_PROFILE = """
ALTER TABLE entities ADD COLUMN aliases TEXT NOT NULL DEFAULT '[]';
ALTER TABLE entities ADD COLUMN summary TEXT;
ALTER TABLE entities ADD COLUMN protected INTEGER NOT NULL DEFAULT 0;
UPDATE entities SET protected = 1 WHERE type = 'person';
"""


# One person on several platforms (``docs/linking.md``). ``identities`` maps a platform identity
# (``telegram:123``) to the memory owner it reads and writes (``user_id``); an identity without
# a row owns the memory of its own key, so nothing changes for users who never link. A row is
# written when an identity joins a person and when the identity whose key names a person leaves
# it (it then gets an owner of its own). ``link_codes``: one-time codes, stored only as a keyed
# hash; a code is issued by one identity, claimed by another, and becomes a link only once its
# issuer confirms. ``link_attempts``: redemption tries, for the per-identity and global limits.
M015_IDENTITY_LINKS = """
CREATE TABLE identities (
    identity   TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    linked_at  REAL NOT NULL
);
CREATE INDEX ix_identities_user ON identities(user_id);
CREATE TABLE link_codes (
    id          INTEGER PRIMARY KEY,
    code_hash   TEXT NOT NULL UNIQUE,
    user_id     TEXT NOT NULL,
    issuer      TEXT NOT NULL,
    issuer_chat TEXT NOT NULL,
    created_at  REAL NOT NULL,
    expires_at  REAL NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open'
                CHECK (status IN ('open','claimed','linked','refused','replaced','void')),
    claimed_by  TEXT,
    claimed_name TEXT,
    claimed_at  REAL
);
CREATE INDEX ix_link_codes_user ON link_codes(user_id, status);
CREATE TABLE link_attempts (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT NOT NULL,
    identity  TEXT NOT NULL,
    at        REAL NOT NULL,
    ok        INTEGER NOT NULL
);
CREATE INDEX ix_link_attempts_at ON link_attempts(at);
CREATE INDEX ix_link_attempts_identity ON link_attempts(identity, at);
ALTER TABLE user_settings ADD COLUMN private_identity TEXT;
"""


# A group's own memory (``docs/group-memory.md``). A group chat (or forum topic) owns facts
# under the key ``chat:<platform>:<chat id>[:<topic>]`` in the ordinary tables. ``group_consent``:
# whether a member (``user_id``: their memory owner) agreed that what they say about the group
# is kept in a chat's memory (``chat``: ``chat:<platform>:<chat id>``, all its topics), with the
# statement that prompted the question (kept until they answer). ``group_said``: which member
# said each group fact (what their /forgetme, their revoked consent and "the member who said
# it may forget it" need). Both name the member in ``user_id``: erasure deletes them.
M016_GROUP_MEMORY = """
CREATE TABLE group_consent (
    user_id       TEXT NOT NULL,
    chat          TEXT NOT NULL,
    state         TEXT NOT NULL CHECK (state IN ('asked','agreed','refused')),
    pending_text  TEXT,
    pending_turn  TEXT,
    pending_group TEXT,
    pending_name  TEXT,
    pending_at    REAL,
    updated_at    REAL NOT NULL,
    PRIMARY KEY (user_id, chat)
);
CREATE TABLE group_said (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT NOT NULL,
    group_key   TEXT NOT NULL,
    fact_id     INTEGER NOT NULL,
    speaker     TEXT NOT NULL,
    said_at     REAL NOT NULL
);
CREATE INDEX ix_group_said_group ON group_said(group_key, fact_id);
CREATE INDEX ix_group_said_user ON group_said(user_id);
"""


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "m001_initial", _script(M001_INITIAL, sqlite=M001_SQLITE, postgres=M001_POSTGRES)),
    Migration(2, "m002_learning", _script(M002_LEARNING)),
    Migration(3, "m003_jobs", _script(M003_JOBS)),
    Migration(4, "m004_llm_usage", _script(M004_LLM_USAGE)),
    Migration(5, "m005_episode_turns", _script(M005_EPISODE_TURNS)),
    Migration(6, "m006_leases", _script(M006_LEASES)),
    Migration(7, "m007_inbox_sent", _script(M007_INBOX_SENT)),
    Migration(8, "m008_faded", _script(M008_FADED)),
    Migration(9, "m009_episode_language", _script(M009_EPISODE_LANGUAGE)),
    Migration(10, "m010_pg_restorable_fts", _pg_restorable_fts),
    Migration(11, "m011_striped_fts_totals", _script("", postgres=M011_POSTGRES_STRIPES)),
    Migration(12, "m012_inbox_claim", _script(M012_INBOX_CLAIM)),
    Migration(13, "m013_procedure_kind", _procedure_kind),
    Migration(14, "m014_entity_profile", _script(M014_ENTITY_PROFILE)),
    Migration(15, "m015_identity_links", _script(M015_IDENTITY_LINKS)),
    Migration(16, "m016_group_memory", _script(M016_GROUP_MEMORY)),
    # Another branch may take 17 first: renumber at merge.
    Migration(17, "m017_delivery_marks_index", _script(M_DELIVERY_MARKS)),
)
SCHEMA_VERSION = MIGRATIONS[-1].version
#: The FTS5 indexes the migrations create (each mirrors its content table through triggers).
FTS_TABLES = ("facts_fts", "episodes_fts")


def _split_sql(script: str) -> list[str]:
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


def table_names(conn: Connection) -> list[str]:
    """The tables of the database, SQLite's own excluded (virtual tables and their shadow
    tables included)."""
    if dialect_of(conn).postgres:
        sql = (
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    return [str(r[0]) for r in conn.exec_driver_sql(sql)]


def current_version(conn: Connection) -> int:
    """The highest applied migration, 0 for a new file; :class:`ForeignDatabaseError` for a
    database that has tables but is not membot's."""
    tables = table_names(conn)
    if tables and "schema_migrations" not in tables:
        shown = ", ".join(sorted(tables)[:5]) + (" …" if len(tables) > 5 else "")
        raise ForeignDatabaseError(
            f"this is not a membot database (it has other tables: {shown}); refusing to "
            "change it — point MEMBOT_DB at a membot file or a new path"
        )
    ddl = (
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    conn.exec_driver_sql(pg_ddl(ddl) if dialect_of(conn).postgres else ddl)
    row = conn.execute(text("SELECT MAX(version) FROM schema_migrations")).scalar()
    return int(row or 0)


def migrate(db: Database) -> list[str]:
    """Apply every pending migration in order; return the names applied (empty if none).
    A file SQLite cannot use (not a database, damaged, unreadable, read-only, disk full)
    is a :class:`StoreError` naming the file and the reason, never a driver traceback."""
    try:
        return _migrate(db)
    except DBAPIError as exc:
        raise StoreError(f"cannot use {db.location}: {str(exc.orig).strip()}") from exc


def _migrate(db: Database) -> list[str]:
    applied: list[str] = []
    with db.write() as conn:
        version = current_version(conn)
    if version > SCHEMA_VERSION:
        raise SchemaTooNewError(
            f"{db.location} has schema version {version}, but this membot knows only up to "
            f"{SCHEMA_VERSION}. Upgrade membot (or restore a backup made by this version)."
        )
    for migration in MIGRATIONS:
        if migration.version <= version:
            continue
        with db.write() as conn:
            # Re-check inside the write lock: another process may have migrated meanwhile.
            if current_version(conn) >= migration.version:
                continue
            if db.postgres:
                # A step may rebuild a big table or index: the role's statement_timeout
                # (deploy/postgres-init.sql) is for stuck statements, not for this one.
                conn.exec_driver_sql("SET LOCAL statement_timeout = 0")
            migration.apply(conn)
            conn.execute(
                text(
                    "INSERT INTO schema_migrations(version, name, applied_at) VALUES (:v, :n, :t)"
                ),
                {"v": migration.version, "n": migration.name, "t": time.time()},
            )
        applied.append(migration.name)
    if not db.postgres:
        with db.write() as conn:
            secure_fts(conn)
    return applied


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
