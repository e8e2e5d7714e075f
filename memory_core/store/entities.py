"""The entity links repository: one user's named entities and which items mention them."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, bindparam, text


def link(
    conn: Connection,
    user_id: str,
    item_kind: str,
    item_id: int,
    entities: Sequence[tuple[str, str]],
) -> None:
    """Create or count each ``(canonical name, type)`` for this user and link it to the item."""
    for canonical, kind in entities:
        entity_id = conn.execute(
            text(
                "INSERT INTO entities (user_id, canonical_name, type) VALUES (:u, :n, :t) "
                "ON CONFLICT(user_id, canonical_name, type) DO UPDATE SET "
                "mention_count = entities.mention_count + 1 RETURNING id"
            ),
            {"u": user_id, "n": canonical, "t": kind},
        ).scalar_one()
        conn.execute(
            text(
                "INSERT INTO memory_entities (item_kind, item_id, entity_id, user_id) "
                "VALUES (:k, :i, :e, :u) ON CONFLICT DO NOTHING"
            ),
            {"k": item_kind, "i": item_id, "e": entity_id, "u": user_id},
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
    """Remove an item's entity links (forgetting, purging)."""
    conn.execute(
        text("DELETE FROM memory_entities WHERE user_id = :u AND item_kind = :k AND item_id = :i"),
        {"u": user_id, "k": item_kind, "i": item_id},
    )


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
