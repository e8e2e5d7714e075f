"""``membot memories …``: inspect and edit one user's memories (add, list, search, forget,
history), as tables or ``--json``."""

from __future__ import annotations

import json
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bot.cli.common import console, fail, open_memory, run
from bot.cli.options import DbOpt, JsonOpt, UserOpt, user_id

if TYPE_CHECKING:
    from memory_core import Memory
    from memory_core.values import Fact, SearchHit


class CategoryChoice(StrEnum):
    """The categories ``memories add --category`` takes: memory_core's ``Category`` values,
    repeated so that ``--help`` does not import the engine (a test pins them equal)."""

    IDENTITY = "identity"
    HARD_PREFERENCE = "hard_preference"
    SOFT_PREFERENCE = "soft_preference"
    TASK_CONTEXT = "task_context"
    RELATIONSHIP = "relationship"
    HEALTH = "health"
    FINANCE = "finance"
    IDENTITY_DOCUMENT = "identity_document"
    CREDENTIAL = "credential"
    REFLECTION = "reflection"
    PROCEDURAL = "procedural"
    OTHER = "other"


memories_cli = typer.Typer(
    rich_markup_mode=None,  # plain help: rich's formatter costs ~80 ms of every --help
    help="Inspect and edit one user's memories.",
    no_args_is_help=True,
)

#: ``--secrets``: show passwords, keys and card numbers in clear (masked ``••••7788`` otherwise).
SecretsOpt = Annotated[
    bool, typer.Option("--secrets", help="show secret values in clear (masked by default)")
]


def _shown(memory: Memory, uid: str, facts: list[Fact], secrets: bool) -> list[Fact]:
    """The facts as the user's private chat shows them (secrets masked) unless ``secrets``."""
    from memory_core.values import Audience

    if secrets:
        return facts
    view = memory.view(uid, Audience.PRIVATE)
    return [view.show(f) for f in facts]


def fact_json(fact: Fact) -> dict[str, Any]:
    """The stable JSON shape of a fact in CLI output."""
    return {
        "id": fact.id,
        "key": fact.key,
        "value": fact.value_text,
        "category": fact.category.value,
        "status": fact.status.value,
        "confidence": round(fact.confidence, 4),
        "valid_from": fact.valid_from.isoformat(),
        "valid_to": fact.valid_to.isoformat() if fact.valid_to else None,
        "created_at": fact.created_at.isoformat(),
        "updated_at": fact.updated_at.isoformat(),
        "source_turn_id": fact.source_turn_id,
    }


def hit_json(hit: SearchHit) -> dict[str, Any]:
    """A search hit as JSON: the fact's fields plus the score and its signals."""
    base: dict[str, Any] = fact_json(hit.fact) if hit.fact else {"id": hit.id, "text": hit.text}
    base.update(
        score=round(hit.score, 6),
        lexical=round(hit.lexical, 6),
        vector=round(hit.vector, 6),
        recency=round(hit.recency, 6),
    )
    return base


def print_facts(facts: list[Fact], *, as_json: bool, title: str) -> None:
    """Print facts as a table, or as a JSON list."""
    from rich.table import Table

    if as_json:
        typer.echo(json.dumps([fact_json(f) for f in facts], ensure_ascii=False))
        return
    if not facts:
        console.print("No memories.")
        return
    table = Table(title=title)
    for col in ("id", "key", "value", "category", "status", "confidence"):
        table.add_column(col)
    for f in facts:
        table.add_row(
            str(f.id), f.key, f.value_text, f.category.value, f.status.value, f"{f.confidence:.2f}"
        )
    console.print(table)


def _fact_id(target: str) -> int | None:
    """``12`` or ``#12`` → 12; ``None`` when the target is words or a key."""
    digits = target.strip().lstrip("#")
    return int(digits) if digits.isdigit() else None


@memories_cli.command("add")
def memories_add(
    text: Annotated[str, typer.Argument(help="what to remember")],
    user: UserOpt,
    key: Annotated[str, typer.Option(help="fact key (default: derived from the text)")] = "",
    category: Annotated[CategoryChoice, typer.Option(help="category")] = CategoryChoice.OTHER,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store a fact as an explicit remember (confidence 0.95)."""
    from memory_core.errors import MemoryCoreError
    from memory_core.values import Category, NewFact

    memory = open_memory(db)
    try:
        fact = run(
            memory.remember(
                user_id(user),
                NewFact(
                    key=key,
                    value_text=text,
                    category=Category(category.value),
                    confidence=0.95,
                    decay_rate=0.0,
                ),
                actor="operator",
            )
        )
    except MemoryCoreError as exc:
        raise fail(str(exc)) from exc
    finally:
        memory.close()
    print_facts(_shown(memory, user_id(user), [fact], False), as_json=as_json, title="Remembered")


@memories_cli.command("list")
def memories_list(
    user: UserOpt,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    include_history: Annotated[bool, typer.Option("--all", help="include superseded")] = False,
    limit: Annotated[int, typer.Option(min=1, max=10000)] = 100,
    secrets: SecretsOpt = False,
) -> None:
    """List a user's memories, newest first.

    Secret values are masked unless --secrets."""
    from memory_core.values import SearchFilters

    memory = open_memory(db)
    try:
        facts = run(
            memory.list_facts(
                user_id(user), SearchFilters(include_superseded=include_history), limit=limit
            )
        )
    finally:
        memory.close()
    facts = _shown(memory, user_id(user), facts, secrets)
    print_facts(facts, as_json=as_json, title=f"Memories of {user_id(user)}")


@memories_cli.command("search", short_help="Search a user's memories, with scores.")
def memories_search(
    query: Annotated[str, typer.Argument(help="search text")],
    user: UserOpt,
    k: Annotated[int, typer.Option("-k", min=1, max=200)] = 10,
    mode: Annotated[str, typer.Option(help="lexical | vector | hybrid")] = "hybrid",
    db: DbOpt = None,
    as_json: JsonOpt = False,
    secrets: SecretsOpt = False,
) -> None:
    """Search a user's memories; prints ranked results with their scores (secret values
    masked unless --secrets)."""
    if mode not in ("lexical", "vector", "hybrid"):
        raise typer.BadParameter("mode must be lexical, vector or hybrid")
    from rich.table import Table

    memory = open_memory(db)
    try:
        hits = run(memory.search(user_id(user), query, k=k, mode=mode))  # type: ignore[arg-type]
    finally:
        memory.close()
    if not secrets:
        from memory_core.values import Audience

        view = memory.view(user_id(user), Audience.PRIVATE)
        hits = [
            replace(h, fact=view.show(h.fact), text=view.show(h.fact).value_text) if h.fact else h
            for h in hits
        ]
    if as_json:
        typer.echo(json.dumps([hit_json(h) for h in hits], ensure_ascii=False))
        return
    if not hits:
        console.print("Nothing found.")
        return
    table = Table(title=f"{mode} search: {query[:60]}")
    for col in ("id", "value", "score", "lex", "vec", "rec"):
        table.add_column(col)
    for h in hits:
        table.add_row(
            str(h.id),
            h.text,
            f"{h.score:.3f}",
            f"{h.lexical:.2f}",
            f"{h.vector:.2f}",
            f"{h.recency:.2f}",
        )
    console.print(table)


@memories_cli.command("forget", short_help="Forget a fact by id, or by words.")
def memories_forget(
    user: UserOpt,
    target: Annotated[str, typer.Argument(help="a fact id, or words every forgotten fact has")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Forget a fact by id, or every fact containing all the given words (soft delete)."""
    from memory_core.errors import NotFoundError

    memory = open_memory(db)
    uid = user_id(user)
    try:
        fact_id = _fact_id(target)
        if fact_id is not None:
            facts = [run(memory.forget(uid, fact_id, actor="operator"))]
        else:
            facts = run(memory.forget_matching(uid, target))
    except NotFoundError as exc:
        raise fail(str(exc)) from exc
    finally:
        memory.close()
    print_facts(_shown(memory, uid, facts, False), as_json=as_json, title="Forgotten")


@memories_cli.command("history", short_help="The audit trail of a fact or a key.")
def memories_history(
    user: UserOpt,
    target: Annotated[str, typer.Argument(help="a fact id or a key")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
    secrets: SecretsOpt = False,
) -> None:
    """Show the audit trail of one fact (by id) or of every fact that had a key (secret
    values masked unless --secrets)."""
    memory = open_memory(db)
    uid = user_id(user)
    try:
        fact_id = _fact_id(target)
        if fact_id is not None:
            entries = run(memory.history(uid, fact_id=fact_id))
        else:
            entries = run(memory.history(uid, key=target.strip()))
    finally:
        memory.close()
    if not secrets:
        from memory_core.values import Audience

        entries = memory.view(uid, Audience.PRIVATE).show_history(entries)
    rows = [
        {
            "id": e.id,
            "fact_id": e.fact_id,
            "event": e.event,
            "actor": e.actor,
            "reason": e.reason,
            "rev": e.rev,
            "ts": e.ts.isoformat(),
            "before": e.before,
            "after": e.after,
        }
        for e in entries
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    if not rows:
        console.print("No history.")
        return
    from rich.table import Table

    table = Table(title=f"History of {target}")
    for col in ("fact", "event", "actor", "when", "value"):
        table.add_column(col)
    for e in entries:
        state = e.after or e.before or {}
        table.add_row(
            str(e.fact_id),
            e.event,
            e.actor,
            e.ts.isoformat(timespec="seconds"),
            f"{state.get('value_text', '')} ({state.get('status', '')})",
        )
    console.print(table)
