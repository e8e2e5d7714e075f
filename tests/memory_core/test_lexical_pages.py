"""SQLite's BM25 ranks the best 2k matches first and every match only when fewer than k of
those pass the filters: the result is the same as ranking every match, and a user whose
matches all fit in the first page is ranked once (one statement, not two)."""

from __future__ import annotations

import pytest
from sqlalchemy import event, text

from memory_core.memory import Memory
from memory_core.store import lexical as lexical_repo
from memory_core.store.fts import match_expression
from memory_core.store.rows import owner_token
from memory_core.values import NewFact, SearchFilters

USER, OTHER = "console:lex", "console:other"
WEIGHTS = (0.5, 1.0)


def _ranked(memory: Memory, user: str, query: str, k: int) -> tuple[list[int], int]:
    """(ids, statements run) of one BM25 search of ``user``'s facts."""
    expr = match_expression(query, owner_token(user))
    assert expr is not None
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(memory.db.engine, "before_cursor_execute", count)
    try:
        with memory.db.read() as conn:
            found = lexical_repo.bm25(conn, user, expr, "facts", k, WEIGHTS, SearchFilters())
    finally:
        event.remove(memory.db.engine, "before_cursor_execute", count)
    return [i for i, _ in found], sum("bm25(" in s for s in statements)


@pytest.mark.sqlite_only  # the two-step ranking is SQLite's (PostgreSQL ranks once)
async def test_a_short_first_page_is_the_whole_ranking_and_is_read_once(lexical: Memory) -> None:
    memory = lexical
    teas = [
        await memory.remember(USER, NewFact(key=f"tea.{n}", value_text=f"I drink tea number {n}"))
        for n in range(9)
    ]
    await memory.remember(USER, NewFact(key="coffee", value_text="I drink coffee at noon"))
    await memory.remember(OTHER, NewFact(key="tea", value_text="I drink green tea"))
    # Three of the user's best matches stay in the index but no longer pass the filters.
    with memory.db.write() as conn:
        conn.execute(
            text("UPDATE facts SET status = 'superseded' WHERE id IN (:a, :b, :c)"),
            {"a": teas[8].id, "b": teas[7].id, "c": teas[6].id},
        )
    every, _ = _ranked(memory, USER, "tea", 100)
    assert len(every) == 6 and not {t.id for t in teas[6:]} & set(every)
    for k in range(1, 9):
        assert _ranked(memory, USER, "tea", k)[0] == every[:k], k
    # 9 matches (6 passing) fit in a first page of 2k = 16 rows: ranked once, though
    # fewer than k = 8 pass; so with k = 6 (a page of 12).
    assert _ranked(memory, USER, "tea", 8) == (every, 1)
    assert _ranked(memory, USER, "tea", 6) == (every, 1)
    # k = 2: the best 4 (ties go newest first) hold the three filtered ones, and more
    # matches lie beyond them: every match is ranked, in a second statement.
    assert _ranked(memory, USER, "tea", 2) == (every[:2], 2)
    coffee, _ = _ranked(memory, USER, "coffee", 100)
    assert len(coffee) == 1 and _ranked(memory, USER, "coffee", 5) == (coffee, 1)
