"""Bad configuration gets one line naming the variable and exit 2, from every command; typos
get a warning with the nearest real name; a foreign database URL is refused without showing
its password; an empty key means offline; an unreachable model falls back to the rules."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from bot import runner
from bot.cli import cli
from bot.config import ConfigError, Settings, db_target, hide_password, unknown_variables


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """The real CLI in ``tmp_path`` with no stray settings (see ``isolated_cli``)."""


def membot(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def errors(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


#: Every command that reads settings, with the arguments it needs to get that far.
COMMANDS: list[list[str]] = [
    ["chat"],
    ["run", "--platform", "telegram"],
    ["extract"],
    ["memories", "list", "-u", "ana"],
    ["memories", "add", "tea", "-u", "ana"],
    ["memories", "search", "tea", "-u", "ana"],
    ["memories", "forget", "-u", "ana", "12"],
    ["memories", "history", "-u", "ana", "12"],
    ["jobs", "list"],
    ["jobs", "run", "decay"],
    ["admin", "stats"],
    ["admin", "metrics"],
    ["admin", "vacuum"],
    ["admin", "backup", "copy.db"],
    ["admin", "restore", "copy.db", "--yes"],
    ["admin", "reindex"],
    ["admin", "export-user", "-u", "ana"],
    ["admin", "delete-user", "-u", "ana", "--yes"],
    ["admin", "migrate", "--to", "postgresql://localhost/x"],
    ["admin", "vector-index"],
    ["eval", "extraction", "--data", "personas.json"],
    ["eval", "scenarios"],
    ["eval", "locomo", "--data", "locomo.json"],
    ["bench", "pipeline"],
    ["bench", "retrieval"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command_says_a_bad_setting_in_one_line_and_exits_2(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "personas.json").write_text("[]")
    (tmp_path / "locomo.json").write_text("[]")
    monkeypatch.setenv("MEMBOT_OBSERVER_WORKERS", "abc")
    result = membot(*args, stdin="")
    assert result.exit_code == 2, result.output
    assert errors(result) == ["error: MEMBOT_OBSERVER_WORKERS=abc: not a whole number"]
    assert not (tmp_path / "data").exists()  # nothing opened or created


def test_doctor_names_the_variable_and_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMBOT_LOG_LEVEL", "loud")
    result = membot("admin", "doctor")
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        "FAIL  settings: MEMBOT_LOG_LEVEL=loud: must be 'debug', 'info', 'warning' or 'error'"
    ]


@pytest.mark.parametrize(
    ("env", "value", "line"),
    [
        ("MEMBOT_SEARCH_K", "0", "MEMBOT_SEARCH_K=0: must be ≥ 1"),
        ("MEMBOT_W_LEX", "x", "MEMBOT_W_LEX=x: not a number"),
        ("MEMBOT_STREAM_REPLIES", "maybe", "MEMBOT_STREAM_REPLIES=maybe: not true or false"),
        ("MEMBOT_LLM_PRICES", "{oops", "MEMBOT_LLM_PRICES: not valid JSON"),
        ("MEMBOT_TIMEZONE", "Mars/Base", "MEMBOT_TIMEZONE=Mars/Base: unknown timezone"),
    ],
)
def test_each_kind_of_bad_value_is_said_plainly(
    env: str, value: str, line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(env, value)
    result = membot("jobs", "list")
    assert result.exit_code == 2
    [error] = errors(result)
    assert error.startswith(f"error: {line}")


def test_unknown_variables_and_typos_get_one_warning_with_the_nearest_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMBOT_LOG_LEVL", "debug")
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:abc")
    (tmp_path / ".env").write_text("MEMBOT_SEACH_K=3\n")
    result = membot("jobs", "list", "--json")
    assert result.exit_code == 0, result.output
    warnings = [line for line in errors(result) if line.startswith("warning:")]
    assert warnings == [
        "warning: MEMBOT_LOG_LEVL is not a membot setting; did you mean MEMBOT_LOG_LEVEL?",
        "warning: MEMBOT_SEACH_K is not a membot setting; did you mean MEMBOT_SEARCH_K?",
        "warning: TELEGRAM_TOKEN is not a membot setting; did you mean TELEGRAM_BOT_TOKEN?",
    ]
    assert "123:abc" not in result.output
    json.loads(result.stdout)  # stdout stays clean for --json


def test_other_programs_variables_are_not_flagged() -> None:
    names = [
        "PATH",
        "HOME",
        "ANTHROPIC_AUTH_TOKEN",
        "ANTHROPIC_LOG",
        "ANTHROPIC_BASE_URL",
        "MEMBOT_DOMAIN",
        "MEMBOT_TLS",
        "MEMBOT_DB",
        "TELEGRAM_BOT_TOKEN",
    ]
    assert unknown_variables(names) == []
    assert unknown_variables(["DISCORD_TOKEN", "ANTHROPIC_KEY", "MEMBOT_NOPE_AT_ALL"]) == [
        "ANTHROPIC_KEY is not a membot setting; did you mean ANTHROPIC_API_KEY?",
        "DISCORD_TOKEN is not a membot setting; did you mean DISCORD_BOT_TOKEN?",
        "MEMBOT_NOPE_AT_ALL is not a membot setting (see deploy/.env.example)",
    ]


def test_a_mysql_url_is_refused_without_creating_a_folder_or_showing_the_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMBOT_DB", "mysql://user:hunter2@host/db")
    for args in (["admin", "stats"], ["admin", "doctor"], ["memories", "list", "-u", "a"]):
        result = membot(*args)
        assert result.exit_code == 2, result.output
        assert "hunter2" not in result.output
        assert "mysql://user:***@host/db" in result.output
        assert "unsupported database mysql://" in result.output
    monkeypatch.delenv("MEMBOT_DB")
    result = membot("memories", "list", "-u", "a", "--db", "mysql://user:hunter2@host/db")
    assert result.exit_code == 2
    assert errors(result) == [
        "error: --db mysql://user:***@host/db: unsupported database mysql:// (use an SQLite "
        "file path or a postgresql:// URL)"
    ]
    assert not any("mysql" in p.name or "hunter2" in p.name for p in tmp_path.rglob("*"))
    assert not any("hunter2" in p.read_text() for p in tmp_path.rglob("*.log"))


def test_database_targets() -> None:
    assert db_target("data/m.db") == Path("data/m.db")
    assert db_target("sqlite:///data/m.db") == Path("data/m.db")
    assert db_target("sqlite:////srv/m.db") == Path("/srv/m.db")
    assert db_target(" postgresql://u@h/db ") == "postgresql://u@h/db"
    assert db_target("postgres://u@h/db") == "postgres://u@h/db"
    with pytest.raises(ValueError, match=r"mongodb://") as caught:
        db_target("mongodb://root:pw@h/db")
    assert "pw" not in str(caught.value)
    assert hide_password("postgresql://u:pw@h:5432/db?x=1") == "postgresql://u:***@h:5432/db?x=1"
    assert hide_password("postgresql://u@h/db") == "postgresql://u@h/db"
    assert hide_password("mysql://h/db?user=u&password=pw&x=1") == (
        "mysql://h/db?user=u&password=***&x=1"
    )


def test_a_postgresql_password_is_not_shown_when_the_server_is_unreachable() -> None:
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://membot:hunter2@127.0.0.1:{port}/membot?connect_timeout=2"
    result = membot("admin", "stats", "--db", url)
    assert result.exit_code == 2
    assert "hunter2" not in result.output


def test_doctor_on_postgresql_without_the_driver_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # find_spec: not installed
    result = membot("admin", "doctor", "--db", "postgresql://u:hunter2@127.0.0.1:1/x")
    assert result.exit_code == 1
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert fails == [
        "FAIL  database: a PostgreSQL URL, but its driver psycopg is not installed: "
        "pip install 'psycopg[binary]>=3.2,<4'"
    ]
    assert "hunter2" not in result.output


def test_an_empty_api_key_means_offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "")
    assert Settings(_env_file=None).anthropic_api_key is None  # type: ignore[call-arg]
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    (tmp_path / ".env").write_text("ANTHROPIC_API_KEY=\nTELEGRAM_BOT_TOKEN=  \n")
    assert Settings().anthropic_api_key is None
    assert Settings().platforms.telegram.token is None  # type: ignore[attr-defined]
    result = membot("extract", "--json", stdin="I live in Berlin\n")
    assert result.exit_code == 0, result.output
    [item] = json.loads(result.stdout)
    assert [f["key"] for f in item["facts"]] == ["home_city"]
    assert "fallback" not in item


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_model_falls_back_to_the_rules_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-unreachable")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{_closed_port()}")
    monkeypatch.setenv("MEMBOT_ANTHROPIC_MAX_RETRIES", "0")
    result = membot("extract", "--json", stdin="I live in Berlin\n")
    assert result.exit_code == 0, result.output
    [item] = json.loads(result.stdout)
    assert [f["key"] for f in item["facts"]] == ["home_city"]
    assert item["fallback"] == "LLM connection failed"
    assert "extraction_fallback" in result.stderr  # the log event
    assert "warning: the language model could not be reached" in result.stderr
    assert "sk-test-unreachable" not in result.output


def test_run_checks_the_telegram_token_shape_before_opening_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "not-a-token")
    result = membot("run", "--platform", "telegram")
    assert result.exit_code == 2
    assert errors(result) == ["error: TELEGRAM_BOT_TOKEN does not look like a telegram bot token"]
    assert "not-a-token" not in result.output
    assert not (tmp_path / "data").exists()
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN")
    result = membot("run", "--platform", "telegram,discord")
    assert errors(result) == ["error: TELEGRAM_BOT_TOKEN is not set; DISCORD_BOT_TOKEN is not set"]


def test_the_runner_refuses_a_malformed_token_before_connecting(tmp_path: Path) -> None:
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, db=tmp_path / "m.db", telegram_bot_token="12345"
    )
    with pytest.raises(ConfigError, match="does not look like a telegram bot token"):
        runner.build_adapters(settings, None, ["telegram"])  # type: ignore[arg-type]


def test_eval_extraction_with_an_unreachable_model_fails_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Figures are never made up from a fallback: the evaluation stops and says why."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-unreachable")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{_closed_port()}")
    monkeypatch.setenv("MEMBOT_ANTHROPIC_MAX_RETRIES", "0")
    personas = tmp_path / "p.json"
    personas.write_text(json.dumps([{"Speaker 1": ["I have a cat."], "Speaker 2": []}]))
    result = membot("eval", "extraction", "--data", str(personas), "--json")
    assert result.exit_code == 1
    assert [line for line in errors(result) if line.startswith("error:")] == [
        "error: the extractor failed: LLM connection failed"
    ]
