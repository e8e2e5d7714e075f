"""Discord's registration: its settings (``MEMBOT_DISCORD_*``, ``DISCORD_BOT_TOKEN``) and how
its adapter (``adapters.discord``) is built from them."""

from __future__ import annotations

import re

from pydantic import Field, model_validator

from bot.i18n import N_
from bot.platforms.base import Edge, Platform, PlatformAdapter, PlatformSettings, RoleLock


class DiscordSettings(PlatformSettings):
    """Discord: a guild to sync the slash commands to at once (testing), and sharding."""

    test_guild: int | None = None
    # The bot's total shard count, and which of them this process runs ("0,1" or "0-3";
    # unset: all of them). Unset count: one unsharded connection.
    shards: int | None = Field(default=None, ge=1, le=4096)
    shard_ids: str | None = None

    @property
    def shard_list(self) -> tuple[int, ...] | None:
        """``shard_ids`` parsed (validated with the model)."""
        return parse_shard_ids(self.shard_ids) if self.shard_ids else None

    @model_validator(mode="after")
    def _shards(self) -> DiscordSettings:
        ids = self.shard_list
        if ids is None:
            return self
        if self.shards is None:
            raise ValueError("MEMBOT_DISCORD_SHARD_IDS needs MEMBOT_DISCORD_SHARDS (the total)")
        if bad := [i for i in ids if i >= self.shards]:
            raise ValueError(
                f"MEMBOT_DISCORD_SHARD_IDS {bad} out of range: shards are numbered "
                f"0-{self.shards - 1}"
            )
        return self


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


def build(settings: DiscordSettings, edge: Edge) -> PlatformAdapter:
    """The Discord adapter (discord.py is imported only when it runs)."""
    from adapters.discord import DiscordAdapter, DiscordConfig

    assert settings.token is not None  # the runner checked it
    return DiscordAdapter(
        edge.handler,
        DiscordConfig(
            token=settings.token.get_secret_value(),
            test_guild=settings.test_guild,
            shard_count=settings.shards,
            shard_ids=settings.shard_list,
        ),
        stream_edit_interval_s=edge.stream_edit_interval_s,
        words=edge.words,
        menu_languages=edge.menu_languages,
        drafts=edge.drafts,
    )


def claim(settings: DiscordSettings, lock: RoleLock) -> None:
    """One process per Discord shard: two would answer every message twice."""
    count = settings.shards or 1
    lock.claim_shards("discord", count, settings.shard_list or tuple(range(count)))


PLATFORM = Platform(
    name="discord",
    title=N_("Discord"),
    settings=DiscordSettings,
    token_env="DISCORD_BOT_TOKEN",
    token_shape=re.compile(r"^[\w-]+\.[\w-]+\.[\w-]+$"),
    strict_shape=False,
    build=build,
    claim=claim,
)
