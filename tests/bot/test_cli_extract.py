"""``membot extract``: the configured extractor on stdin lines, no database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import cli


def test_extract_json_lists_one_item_per_line_and_touches_no_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    lines = "I'm a fisherman.\n\nMy wife Sofia is a doctor\nthanks!\n"
    result = CliRunner().invoke(cli, ["extract", "--json"], input=lines)
    assert result.exit_code == 0, result.output
    items = json.loads(result.stdout)
    assert [i["text"] for i in items] == [
        "I'm a fisherman.",
        "",
        "My wife Sofia is a doctor",
        "thanks!",
    ]
    assert {"key", "value", "category"} <= set(items[0]["facts"][0])
    assert "fisherman" in items[0]["facts"][0]["value"]
    assert items[1]["facts"] == [] and items[3]["facts"] == []
    assert any("doctor" in f["value"] for f in items[2]["facts"])
    assert not list(tmp_path.rglob("*.db"))
