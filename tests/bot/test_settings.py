"""Settings are read once, documented in deploy/.env.example, and never leak secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings

ENV_EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / ".env.example"


def env_name(name: str) -> str:
    field = Settings.model_fields[name]
    return field.alias or f"MEMBOT_{name.upper()}"


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_every_setting_is_documented_in_env_example(name: str) -> None:
    assert env_name(name) in ENV_EXAMPLE.read_text(), f"{env_name(name)} missing"


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
