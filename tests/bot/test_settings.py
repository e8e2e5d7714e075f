"""Settings are read once, documented in deploy/.env.example, and never leak secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings, known_variables

ENV_EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / ".env.example"


@pytest.mark.parametrize("name", known_variables())
def test_every_setting_is_documented_in_env_example(name: str) -> None:
    """Every variable, the platforms' too (bot/platforms/: MEMBOT_TELEGRAM_MODE...)."""
    assert name in ENV_EXAMPLE.read_text(), f"{name} missing"


def test_the_platforms_variables_are_the_ones_operators_know() -> None:
    """A platform's settings moved into its registration; their variables did not change."""
    names = set(known_variables())
    assert {
        "TELEGRAM_BOT_TOKEN",
        "DISCORD_BOT_TOKEN",
        "MEMBOT_TELEGRAM_BASE_URL",
        "MEMBOT_TELEGRAM_BASE_FILE_URL",
        "MEMBOT_TELEGRAM_MODE",
        "MEMBOT_TELEGRAM_WEBHOOK_URL",
        "MEMBOT_TELEGRAM_WEBHOOK_LISTEN",
        "MEMBOT_TELEGRAM_WEBHOOK_PORT",
        "MEMBOT_TELEGRAM_WEBHOOK_PATH",
        "MEMBOT_TELEGRAM_WEBHOOK_SECRET",
        "MEMBOT_TELEGRAM_POLL_TIMEOUT_S",
        "MEMBOT_DISCORD_TEST_GUILD",
        "MEMBOT_DISCORD_SHARDS",
        "MEMBOT_DISCORD_SHARD_IDS",
    } <= names
    assert "MEMBOT_PLATFORMS" not in names


def test_platform_settings_come_from_the_environment_then_env_file_then_flags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("TELEGRAM_BOT_TOKEN", "MEMBOT_TELEGRAM_MODE", "MEMBOT_TELEGRAM_WEBHOOK_PORT"):
        monkeypatch.delenv(var, raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text(
        "TELEGRAM_BOT_TOKEN=1:from-the-file\nMEMBOT_TELEGRAM_MODE=webhook\n"
        "MEMBOT_TELEGRAM_WEBHOOK_PORT=8000\nMEMBOT_DISCORD_TEST_GUILD=\n"
    )
    monkeypatch.setenv("MEMBOT_TELEGRAM_MODE", "polling")
    read = Settings(_env_file=env_file).platforms  # type: ignore[call-arg, attr-defined]
    assert read.telegram.mode == "polling"  # the environment wins over the file
    assert read.telegram.webhook_port == 8000 and read.discord.test_guild is None
    assert read.telegram.token.get_secret_value() == "1:from-the-file"
    flagged = Settings(_env_file=env_file, telegram_mode="webhook", DISCORD_BOT_TOKEN="a.b.c")  # type: ignore[call-arg]
    assert flagged.platforms.telegram.mode == "webhook"  # type: ignore[attr-defined]
    assert flagged.platforms.discord.token.get_secret_value() == "a.b.c"  # type: ignore[attr-defined]


def test_env_variables_and_aliases_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMBOT_SEARCH_K", "7")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-123")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123:abc")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.search_k == 7
    assert settings.anthropic_api_key is not None
    assert settings.anthropic_api_key.get_secret_value() == "sk-test-123"
    assert "sk-test-123" not in repr(settings)
    assert "123:abc" not in repr(settings)


def test_defaults_are_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("ANTHROPIC_API_KEY", "TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.anthropic_api_key is None
    assert settings.db == Path("data/membot.db")
