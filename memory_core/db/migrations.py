"""Ordered, named schema migrations for both stores, each applied in one transaction and recorded.

FTS5 and vec0 tables are virtual tables that ``metadata.create_all()`` cannot make, so the
whole schema is raw DDL here. A database written by a newer membot is refused, never guessed at.
Vector tables are not here: their dimension comes from the embedding model (see ``vectors``).

One list serves every store backend. Table DDL is written once in SQLite's spelling and
translated by the backend (``Backend.ddl``; PostgreSQL: identity keys, ``DOUBLE PRECISION``
times, ``BIGINT`` integers); what has no common spelling is the backend's own part of a step
(``Backend.migration_step``, in ``memory_core/db/backends/<name>/schema.py``): FTS5 tables and
their triggers on SQLite, generated ``tsvector`` columns with GIN indexes (and the counters
BM25 needs) on PostgreSQL.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from memory_core.db.backend import split_sql
from memory_core.db.backends import of as backend_of
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


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: a version number, a name, and the function that applies it."""

    version: int
    name: str
    apply: Callable[[Connection], None]


def _step(version: int, sql: str = "") -> Callable[[Connection], None]:
    """Migration ``version``: the common DDL ``sql`` (SQLite's spelling, translated by the
    backend), then the backend's own part of it (``Backend.migration_step``)."""

    def apply(conn: Connection) -> None:
        backend = backend_of(conn)
        for statement in split_sql(sql):
            conn.exec_driver_sql(backend.ddl(statement))
        backend.migration_step(conn, version)

    return apply


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


# Who began sending an update's answer (webhook mode): a process taking over an update whose
# answer was begun sends it again only once that process is gone (PostgreSQL: its liveness
# lock) and the send grace has passed — else the answer would be lost (see store.inbox).
M_INBOX_SENT_BY = """
ALTER TABLE inbox ADD COLUMN sent_by TEXT;
"""

# When the platform accepted an update's answer, and the id it gave the (last accepted)
# message (webhook mode): recorded the moment the platform answers, so a process taking the
# update over from one that died sends the answer again only when it was begun and never
# accepted — the duplicate's window shrinks to that one write (see store.inbox).
M_INBOX_ACCEPTED = """
ALTER TABLE inbox ADD COLUMN accepted_at REAL;
ALTER TABLE inbox ADD COLUMN accepted_message TEXT;
"""

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
    Migration(1, "m001_initial", _step(1, M001_INITIAL)),
    Migration(2, "m002_learning", _step(2, M002_LEARNING)),
    Migration(3, "m003_jobs", _step(3, M003_JOBS)),
    Migration(4, "m004_llm_usage", _step(4, M004_LLM_USAGE)),
    Migration(5, "m005_episode_turns", _step(5, M005_EPISODE_TURNS)),
    Migration(6, "m006_leases", _step(6, M006_LEASES)),
    Migration(7, "m007_inbox_sent", _step(7, M007_INBOX_SENT)),
    Migration(8, "m008_faded", _step(8, M008_FADED)),
    Migration(9, "m009_episode_language", _step(9, M009_EPISODE_LANGUAGE)),
    Migration(10, "m010_pg_restorable_fts", _step(10)),
    Migration(11, "m011_striped_fts_totals", _step(11)),
    Migration(12, "m012_inbox_claim", _step(12, M012_INBOX_CLAIM)),
    Migration(13, "m013_procedure_kind", _step(13)),
    Migration(14, "m014_entity_profile", _step(14, M014_ENTITY_PROFILE)),
    Migration(15, "m015_identity_links", _step(15, M015_IDENTITY_LINKS)),
    Migration(16, "m016_group_memory", _step(16, M016_GROUP_MEMORY)),
    # Another branch may take 17 first: renumber at merge.
    Migration(17, "m017_delivery_marks_index", _step(17, M_DELIVERY_MARKS)),
    # Another branch may take 18 first: renumber at merge.
    Migration(18, "m018_inbox_sent_by", _step(18, M_INBOX_SENT_BY)),
    # Another branch may take 19 first: renumber at merge.
    Migration(19, "m019_inbox_accepted", _step(19, M_INBOX_ACCEPTED)),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def table_names(conn: Connection) -> list[str]:
    """The tables of the database, SQLite's own excluded (virtual tables and their shadow
    tables included)."""
    return backend_of(conn).table_names(conn)


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
    conn.exec_driver_sql(backend_of(conn).ddl(ddl))
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
            backend_of(conn).begin_migration(conn)
            migration.apply(conn)
            conn.execute(
                text(
                    "INSERT INTO schema_migrations(version, name, applied_at) VALUES (:v, :n, :t)"
                ),
                {"v": migration.version, "n": migration.name, "t": time.time()},
            )
        applied.append(migration.name)
    with db.write() as conn:
        backend_of(conn).after_migrations(conn)
    return applied
