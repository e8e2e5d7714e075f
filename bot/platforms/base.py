"""What a platform registers: its name, its settings (a sub-model whose environment variables
are ``MEMBOT_<PLATFORM>_<FIELD>``, the token under its conventional name), how its token looks,
and how to build its adapter from those settings and what the bot gives every adapter (the
:class:`Edge`). ``bot.config`` composes the settings, ``membot run`` and ``admin doctor`` read
the rest (``bot.platforms.PLATFORMS``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, SecretStr, field_validator

from adapters.types import DraftLog, Handler, Outbound, PlatformHealth, Words

if TYPE_CHECKING:  # aiohttp: loaded when a webhook runs, not with the settings
    from adapters.webhook import UpdateInbox


class PlatformAdapter(Outbound, Protocol):
    """What the runner needs from a platform adapter: it also sends unasked messages, and
    says when it stopped for good."""

    platform: str
    health: PlatformHealth

    async def start(self) -> None:
        """Connect and start receiving updates."""
        ...

    async def stop(self) -> None:
        """Stop receiving, finish in-flight turns, disconnect."""
        ...


class RoleLock(Protocol):
    """The run lock's claims (``memory_core``'s run lock): one process per role or shard."""

    def claim_role(self, role: str) -> None:
        """Be the one process doing ``role``."""
        ...

    def claim_shards(self, platform: str, count: int, ids: Sequence[int]) -> None:
        """Be the one process running shards ``ids`` of ``platform``'s ``count``."""
        ...


@dataclass(frozen=True, slots=True)
class Edge:
    """What the bot gives every platform's adapter (built by the runner from its runtime)."""

    handler: Handler
    #: The adapters' own texts in the user's language (the message catalogue).
    words: Words
    #: Languages the bot has a catalogue for, besides English (per-language menus).
    menu_languages: tuple[str, ...]
    #: Edits of a streamed answer at most this often; ``None``: answers are sent whole.
    stream_edit_interval_s: float | None
    drafts: DraftLog
    #: A platform's durable webhook inbox (``inbox(platform)``).
    inbox: Callable[[str], UpdateInbox]
    #: The memory page's Mini App address, and its routes when it shares a webhook's port.
    mini_app_url: str | None = None
    page_routes: Callable[[Any], None] | None = None


class PlatformSettings(BaseModel):
    """A platform's settings. Every platform has a ``token``; its other fields are read from
    ``MEMBOT_<PLATFORM>_<FIELD>``."""

    model_config = ConfigDict(extra="forbid")

    token: SecretStr | None = None

    @field_validator("token", mode="before")
    @classmethod
    def _blank_token(cls, value: object) -> object:
        """A blank token (only spaces) is no token."""
        return None if isinstance(value, str) and not value.strip() else value


S = TypeVar("S", bound=PlatformSettings)


@dataclass(frozen=True, slots=True)
class Platform(Generic[S]):
    """One platform: what ``membot run --platform <name>`` starts."""

    name: str
    #: Its name shown to users (a msgid: "Telegram").
    title: str
    settings: type[S]
    #: The token's environment variable (its platform's convention: ``TELEGRAM_BOT_TOKEN``).
    token_env: str
    #: What a token looks like (checked by ``admin doctor``; by ``run`` too when ``strict``).
    token_shape: re.Pattern[str]
    #: ``run`` refuses a token of another shape (Discord does not document its format: only
    #: the doctor warns).
    strict_shape: bool
    #: The adapter, from the platform's settings and what the bot gives every adapter.
    build: Callable[[S, Edge], PlatformAdapter]
    #: Before it starts: what it must be the only process doing (polling, shards).
    claim: Callable[[S, RoleLock], None] | None = None

    def env_of(self, field: str) -> str:
        """The environment variable that sets ``field`` of this platform's settings."""
        if field == "token":
            return self.token_env
        return f"MEMBOT_{self.name.upper()}_{field.upper()}"

    def of(self, settings: Any) -> S:
        """This platform's settings within membot's ``Settings``."""
        found = getattr(settings.platforms, self.name)
        assert isinstance(found, self.settings)
        return found
