"""Telegram's registration: its settings (``MEMBOT_TELEGRAM_*``, ``TELEGRAM_BOT_TOKEN``) and how
its adapter (``adapters.telegram``) is built from them."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, SecretStr, field_validator

from bot.i18n import N_
from bot.platforms.base import Edge, Platform, PlatformAdapter, PlatformSettings, RoleLock


class TelegramSettings(PlatformSettings):
    """Telegram: the Bot API address, long polling or a webhook (docs/deploy.md)."""

    base_url: str = "https://api.telegram.org/bot"
    base_file_url: str = "https://api.telegram.org/file/bot"
    mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = Field(default=8443, ge=1, le=65535)
    webhook_path: str = "telegram"
    webhook_secret: SecretStr | None = None
    poll_timeout_s: int = Field(default=30, ge=0, le=60)

    @field_validator("webhook_secret", mode="before")
    @classmethod
    def _blank_secret(cls, value: object) -> object:
        """A blank secret (only spaces) is no secret."""
        return None if isinstance(value, str) and not value.strip() else value


def build(settings: TelegramSettings, edge: Edge) -> PlatformAdapter:
    """The Telegram adapter (python-telegram-bot is imported only when it runs)."""
    from adapters.telegram import TelegramAdapter, TelegramConfig

    assert settings.token is not None  # the runner checked it
    secret = settings.webhook_secret
    webhook = settings.mode == "webhook"
    return TelegramAdapter(
        edge.handler,
        TelegramConfig(
            token=settings.token.get_secret_value(),
            base_url=settings.base_url,
            base_file_url=settings.base_file_url,
            mode=settings.mode,
            webhook_url=settings.webhook_url,
            webhook_listen=settings.webhook_listen,
            webhook_port=settings.webhook_port,
            webhook_path=settings.webhook_path,
            webhook_secret=secret.get_secret_value() if secret else None,
            poll_timeout=settings.poll_timeout_s,
            stream_edit_interval_s=edge.stream_edit_interval_s,
            mini_app_url=edge.mini_app_url,
            webhook_routes=edge.page_routes,
        ),
        inbox=edge.inbox("telegram") if webhook else None,
        words=edge.words,
        menu_languages=edge.menu_languages,
        drafts=edge.drafts,
    )


def claim(settings: TelegramSettings, lock: RoleLock) -> None:
    """Telegram serves one poller: a second replica would take turns with the first (409s)
    and split chats between them. Webhook replicas share the work through the inbox."""
    if settings.mode == "polling":
        lock.claim_role("polling_telegram")


PLATFORM = Platform(
    name="telegram",
    title=N_("Telegram"),
    settings=TelegramSettings,
    token_env="TELEGRAM_BOT_TOKEN",
    token_shape=re.compile(r"^\d+:[\w-]{20,}$"),
    strict_shape=True,
    build=build,
    claim=claim,
)
