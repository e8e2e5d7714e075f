"""Transactions never wait on the event loop: no ``await`` (or ``yield``) inside a ``with
….write(…)`` / ``with ….read(…)`` block. PostgreSQL ends a session that sits in an open
transaction for ``IDLE_IN_TRANSACTION_MS`` (20 s) without a statement, and a model call or
another task awaited there could take that long (docs/scaling.md, the audit)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_OPENERS = (".write(", ".read(", "_in_write(", "_in_read(")


def _waits_inside_transactions(source: str) -> list[int]:
    """Lines of the awaits (and yields) inside transaction blocks of ``source``."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.With | ast.AsyncWith):
            continue
        heads = [ast.unparse(item.context_expr) for item in node.items]
        if not any(opener in head for head in heads for opener in _OPENERS):
            continue
        for stmt in node.body:
            for sub in ast.walk(stmt):
                if isinstance(sub, ast.Await | ast.Yield | ast.YieldFrom):
                    found.append(sub.lineno)
    return found


def test_the_check_finds_an_await_inside_a_transaction() -> None:
    source = (
        "async def f(memory, llm):\n"
        "    with memory.db.write(users=[u]) as conn:\n"
        "        x = await llm.chat()\n"
        "    with memory.db.read() as conn:\n"
        "        pass\n"
        "    await llm.chat()\n"
    )
    assert _waits_inside_transactions(source) == [3]


def test_no_transaction_block_awaits() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in ("memory_core", "bot", "adapters")
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in _waits_inside_transactions(path.read_text(encoding="utf-8"))
    ]
    assert found == []
