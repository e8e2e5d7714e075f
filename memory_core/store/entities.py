"""The entity links repository: one user's named entities and which items mention them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, text

#: A summary is at most this long (seed 003 §9's limit for a memory).
MAX_SUMMARY = 280
#: ... made of at most this many facts.
SUMMARY_FACTS = 3
MAX_ALIASES = 10


@dataclass(frozen=True, slots=True)
class EntityRow:
    """One of a user's entities."""

    id: int
    canonical_name: str
    type: str
    aliases: tuple[str, ...]
    summary: str | None
    protected: bool
    mention_count: int


def link(
    conn: Connection,
    user_id: str,
    item_kind: str,
    item_id: int,
    entities: Sequence[tuple[str, str]] | Sequence[tuple[str, str, str | None, bool]],
) -> None:
    """Create or count each ``(canonical name, type[, alias, protected])`` for this user, link
    it to the item, and rebuild the summaries of the entities a fact was linked to."""
    touched: list[int] = []
    for entity in entities:
        canonical, kind = entity[0], entity[1]
        alias = entity[2] if len(entity) > 2 else None
        protect = bool(entity[3]) if len(entity) > 3 else False
        entity_id = int(
            conn.execute(
                text(
                    "INSERT INTO entities (user_id, canonical_name, type, protected) "
                    "VALUES (:u, :n, :t, :p) ON CONFLICT(user_id, canonical_name, type) DO "
                    "UPDATE SET mention_count = entities.mention_count + 1, "
                    "protected = CASE WHEN :p = 1 THEN 1 ELSE entities.protected END "
                    "RETURNING id"
                ),
                {"u": user_id, "n": canonical, "t": kind, "p": int(protect)},
            ).scalar_one()
        )
        if alias and alias.casefold() != canonical:
            _add_alias(conn, entity_id, alias)
        inserted = (
            conn.execute(
                text(
                    # RETURNING, not the row count: a batched write's blind INSERT has none.
                    "INSERT INTO memory_entities (item_kind, item_id, entity_id, user_id) "
                    "VALUES (:k, :i, :e, :u) ON CONFLICT DO NOTHING RETURNING entity_id"
                ),
                {"k": item_kind, "i": item_id, "e": entity_id, "u": user_id},
            ).first()
            is not None
        )
        if item_kind == "fact" and inserted:
            touched.append(entity_id)
    refresh_summaries(conn, user_id, touched)


def _add_alias(conn: Connection, entity_id: int, alias: str) -> None:
    raw = conn.execute(
        text("SELECT aliases FROM entities WHERE id = :e"), {"e": entity_id}
    ).scalar_one()
    aliases: list[str] = json.loads(raw or "[]")
    if alias in aliases or len(aliases) >= MAX_ALIASES:
        return
    conn.execute(
        text("UPDATE entities SET aliases = :a WHERE id = :e"),
        {"a": json.dumps([*aliases, alias[:80]], ensure_ascii=False), "e": entity_id},
    )


def refresh_summaries(conn: Connection, user_id: str, entity_ids: Sequence[int]) -> None:
    """Rebuild each entity's summary from the user's current, non-sensitive facts linked to
    it (oldest first; none: no summary). Nothing sensitive is ever in a summary, and what the
    user forgot leaves it when its link goes."""
    for entity_id in dict.fromkeys(entity_ids):
        rows = conn.execute(
            text(
                "SELECT f.value_text FROM memory_entities me JOIN facts f ON f.id = me.item_id "
                "AND f.user_id = me.user_id WHERE me.user_id = :u AND me.entity_id = :e "
                "AND me.item_kind = 'fact' AND f.status = 'active' AND f.kind = 'fact' "
                "AND f.sensitive = 0 AND f.category NOT IN "
                "('health','finance','identity_document','credential') "
                "ORDER BY f.id LIMIT :n"
            ),
            {"u": user_id, "e": entity_id, "n": SUMMARY_FACTS},
        ).all()
        summary = " ".join(str(r[0]).strip() for r in rows)
        if len(summary) > MAX_SUMMARY:
            summary = summary[: MAX_SUMMARY - 1].rstrip() + "…"
        conn.execute(
            text("UPDATE entities SET summary = :s WHERE id = :e AND user_id = :u"),
            {"s": summary or None, "e": entity_id, "u": user_id},
        )


def find(conn: Connection, user_id: str, names: Sequence[str]) -> list[EntityRow]:
    """This user's entities called any of ``names`` (canonical, case-folded) or known by one
    of them as an alias, most mentioned first (two indexed look-ups, no scan of the rest)."""
    wanted = sorted({n.casefold() for n in names if n})
    if not wanted:
        return []
    columns = "id, canonical_name, type, aliases, summary, protected, mention_count"
    by_name = text(
        f"SELECT {columns} FROM entities WHERE user_id = :u AND canonical_name IN :names "
        "ORDER BY mention_count DESC, id"
    ).bindparams(bindparam("names", expanding=True))
    rows = list(conn.execute(by_name, {"u": user_id, "names": wanted}))
    if not rows:
        # An alias is stored as said ("Aoife's"): matched inside the JSON list, then checked.
        likes = " OR ".join(f"LOWER(aliases) LIKE :a{i}" for i in range(len(wanted)))
        params: dict[str, object] = {"u": user_id}
        params.update({f"a{i}": f'%"{_like(n)}"%' for i, n in enumerate(wanted)})
        rows = list(
            conn.execute(
                text(
                    f"SELECT {columns} FROM entities WHERE user_id = :u AND aliases <> '[]' "
                    f"AND ({likes}) ORDER BY mention_count DESC, id LIMIT 20"
                ),
                params,
            )
        )
    out = []
    for r in rows:
        aliases = tuple(json.loads(r[3] or "[]"))
        if str(r[1]) in wanted or any(a.casefold() in wanted for a in aliases):
            out.append(
                EntityRow(int(r[0]), str(r[1]), str(r[2]), aliases, r[4], bool(r[5]), int(r[6]))
            )
    return out


def _like(name: str) -> str:
    """A LIKE pattern part for ``name``: its own wildcards and quotes widened to ``_`` (the
    exact alias is checked once the row is read)."""
    return name.replace("\\", "").replace("%", "_").replace('"', "_")


def linked_items(
    conn: Connection,
    user_id: str,
    entity_ids: Sequence[int],
    item_kind: str = "fact",
    limit: int = 200,
) -> list[int]:
    """Ids of this user's items linked to any of ``entity_ids``: the newest ``limit``, oldest
    first."""
    if not entity_ids:
        return []
    stmt = text(
        "SELECT DISTINCT item_id FROM memory_entities WHERE user_id = :u AND item_kind = :k "
        "AND entity_id IN :ids ORDER BY item_id DESC LIMIT :lim"
    ).bindparams(bindparam("ids", expanding=True))
    params = {"u": user_id, "k": item_kind, "ids": list(entity_ids), "lim": limit}
    return sorted(int(r[0]) for r in conn.execute(stmt, params))


def entities_of(conn: Connection, user_id: str, fact_id: int) -> list[int]:
    """Ids of the entities one of this user's facts is linked to."""
    rows = conn.execute(
        text(
            "SELECT entity_id FROM memory_entities WHERE user_id = :u AND item_kind = 'fact' "
            "AND item_id = :i"
        ),
        {"u": user_id, "i": fact_id},
    )
    return [int(r[0]) for r in rows]


def count(conn: Connection, user_id: str) -> int:
    """How many entities this user has."""
    return int(
        conn.execute(
            text("SELECT COUNT(*) FROM entities WHERE user_id = :u"), {"u": user_id}
        ).scalar_one()
    )


def items_sharing(
    conn: Connection, user_id: str, item_kind: str, names: Sequence[str], limit: int
) -> list[tuple[int, int]]:
    """This user's items linked to any of the canonical ``names``: (item id, how many), most
    shared first."""
    if not names:
        return []
    stmt = text(
        "SELECT me.item_id, COUNT(*) AS n FROM memory_entities me "
        "JOIN entities e ON e.id = me.entity_id "
        "WHERE e.user_id = :u AND me.user_id = :u AND me.item_kind = :k "
        "AND e.canonical_name IN :names GROUP BY me.item_id ORDER BY n DESC, me.item_id DESC "
        "LIMIT :lim"
    ).bindparams(bindparam("names", expanding=True))
    rows = conn.execute(stmt, {"u": user_id, "k": item_kind, "names": list(names), "lim": limit})
    return [(int(r[0]), int(r[1])) for r in rows]


def unlink_item(conn: Connection, user_id: str, item_kind: str, item_id: int) -> None:
    """Remove an item's entity links (forgetting, purging), and what it gave their summaries."""
    linked = conn.execute(
        text(
            "SELECT entity_id FROM memory_entities WHERE user_id = :u AND item_kind = :k "
            "AND item_id = :i"
        ),
        {"u": user_id, "k": item_kind, "i": item_id},
    ).all()
    conn.execute(
        text("DELETE FROM memory_entities WHERE user_id = :u AND item_kind = :k AND item_id = :i"),
        {"u": user_id, "k": item_kind, "i": item_id},
    )
    if item_kind == "fact":
        refresh_summaries(conn, user_id, [int(r[0]) for r in linked])


def few_entity_facts(
    conn: Connection,
    *,
    since: float,
    max_links: int,
    skip_categories: Sequence[str],
    limit: int,
    user_id: str | None = None,
) -> list[tuple[str, int, str]]:
    """Active facts changed since ``since`` (a timestamp) with at most ``max_links`` entity
    links, outside ``skip_categories``: (user id, fact id, text), by user then id."""
    cond = " AND f.user_id = :u" if user_id else ""
    stmt = text(
        "SELECT f.user_id, f.id, f.value_text FROM facts f WHERE f.status = 'active' "
        f"AND f.kind = 'fact' AND f.updated_at >= :since{cond} "
        "AND f.category NOT IN :skip "
        "AND (SELECT COUNT(*) FROM memory_entities me WHERE me.user_id = f.user_id "
        "AND me.item_kind = 'fact' AND me.item_id = f.id) <= :most "
        "ORDER BY f.user_id, f.id LIMIT :lim"
    ).bindparams(bindparam("skip", expanding=True))
    rows = conn.execute(
        stmt,
        {
            "since": since,
            "u": user_id,
            "skip": list(skip_categories) or [""],
            "most": max_links,
            "lim": limit,
        },
    ).all()
    return [(str(r[0]), int(r[1]), str(r[2])) for r in rows]
