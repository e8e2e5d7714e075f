"""The Discord-facing declarations: the slash commands with their descriptions and typed
options, the persistent bot button and its view, and the discord.py client and command tree that
route gateway events, clicks and command errors to a ``DiscordAdapter``.

Nothing here handles a turn: every callback only forwards to the adapter
(``adapters.discord``), which answers, defers and sends. What the client needs of it is the
:class:`AdapterEvents` protocol, so this module never imports the adapter.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import Choice

from adapters.discord import translate as tr
from adapters.types import Button, CommandInfo, CommandOption, Words

Interaction = discord.Interaction[discord.Client]
#: What a slash command callback calls: (interaction, command name, argument, attachment).
CommandRunner = Callable[[Interaction, str, str | None, discord.Attachment | None], Awaitable[None]]


class AdapterEvents(Protocol):
    """What the client, the tree and the button hand to their adapter (``DiscordAdapter``)."""

    async def sync_commands(self) -> None:
        """Register the slash commands (after login, before the gateway)."""

    async def finish_left_drafts(self) -> None:
        """Finish the streamed answers a killed process left half-shown (after login)."""

    async def on_message(self, message: discord.Message) -> None:
        """A gateway MESSAGE_CREATE."""

    async def on_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """A gateway MESSAGE_UPDATE (cached or not)."""

    async def on_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A gateway MESSAGE_DELETE (cached or not)."""

    async def on_press(self, interaction: Interaction, data: str) -> None:
        """A click on a bot button carrying ``data``."""

    async def report_error(self, interaction: Interaction, error: Exception) -> None:
        """A failure around a command or a button."""


def intents() -> discord.Intents:
    """Guilds, guild and DM messages, and message content (a privileged intent)."""
    return discord.Intents(guilds=True, guild_messages=True, dm_messages=True, message_content=True)


class PressButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=tr.CUSTOM_ID_TEMPLATE):
    """A bot button whose ``custom_id`` is ``mb:<signed data>``; matched by template, so it
    works on any message, including ones sent before a restart."""

    def __init__(self, data: str, label: str, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr.label(label),
                custom_id=tr.custom_id(data),
                style=discord.ButtonStyle.secondary,
            ),
            row=row,
        )
        self.data = data

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PressButton:
        """Rebuild the button from a click (called by discord.py's view store)."""
        return cls(match["data"], str(getattr(item, "label", None) or "…"))

    async def callback(self, interaction: Interaction) -> None:
        """Hand the click to the adapter that owns this client."""
        client = interaction.client
        if isinstance(client, AdapterClient | ShardedAdapterClient):
            await client.adapter.on_press(interaction, self.data)


def build_view(rows: Sequence[Sequence[Button]]) -> discord.ui.View | None:
    """A persistent view (no timeout) for the bot's buttons, or ``None`` without buttons."""
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(tr.layout(rows)):
        for button in row:
            view.add_item(PressButton(button.data, button.label, row=index))
    return view


def build_commands(
    run: CommandRunner, commands: Sequence[CommandInfo]
) -> list[app_commands.Command[Any, Any, None]]:
    """The bot's commands (``Handler.command_menu``) as slash commands, each with its
    description and typed options; each one only forwards to ``run``."""
    return [slash_command(run, info) for info in commands]


def slash_command(run: CommandRunner, info: CommandInfo) -> app_commands.Command[Any, Any, None]:
    """One command as a slash command: a text option is a string (with its choices), a file
    option an attachment; the callback hands the text (options joined) and the file to ``run``.
    Descriptions are msgids (``locale_str``): the tree's translator localises them."""

    async def callback(interaction: Interaction, /, **values: Any) -> None:
        texts = [str(v) for o in info.options if o.kind == "text" and (v := values.get(o.name))]
        files = [values[o.name] for o in info.options if o.kind == "file" and values.get(o.name)]
        file = files[0] if files else None
        await run(interaction, info.name, " ".join(texts) or None, file)

    first = inspect.Parameter("interaction", _POSITIONAL, annotation=discord.Interaction)
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [first, *(_parameter(o) for o in info.options)]
    )
    described = app_commands.describe(
        **{o.name: app_commands.locale_str(o.description) for o in info.options}
    )(callback)
    chosen = {o.name: [Choice(name=c, value=c) for c in o.choices] for o in info.options}
    choices = {name: listed for name, listed in chosen.items() if listed}
    if choices:
        described = app_commands.choices(**choices)(described)
    return app_commands.Command(
        name=info.name,
        description=app_commands.locale_str(info.description),
        callback=described,
    )


_POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD
#: What the translator localises: descriptions (names and choices stay as typed).
_DESCRIPTIONS = frozenset(
    {
        app_commands.TranslationContextLocation.command_description,
        app_commands.TranslationContextLocation.parameter_description,
    }
)


class DescriptionTranslator(app_commands.Translator):
    """Describes the slash commands in each of ``languages`` with the adapter's ``Words``
    (Discord shows a user the description for their client's locale)."""

    def __init__(self, words: Words, languages: Sequence[str]) -> None:
        super().__init__()
        self.words = words
        self.languages = frozenset(languages)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The description in ``locale``'s language, or ``None`` (Discord's default)."""
        lang = locale.value.split("-", 1)[0]
        if context.location not in _DESCRIPTIONS or lang not in self.languages:
            return None
        text = self.words(lang, string.message)
        return text[:100] if text != string.message else None


def _parameter(option: CommandOption) -> inspect.Parameter:
    """A slash command option as the callback parameter discord.py reads its type from."""
    kind: type = discord.Attachment if option.kind == "file" else str
    if option.required:
        return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, annotation=kind)
    return inspect.Parameter(
        option.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind | None
    )


class _Forwarding:
    """The gateway events both client classes hand to their adapter."""

    adapter: AdapterEvents

    async def setup_hook(self) -> None:
        """After login, before the gateway: sync the slash commands, and finish what a
        killed process left half-shown."""
        await self.adapter.sync_commands()
        await self.adapter.finish_left_drafts()

    async def on_message(self, message: discord.Message) -> None:
        """Gateway MESSAGE_CREATE."""
        await self.adapter.on_message(message)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """Gateway MESSAGE_UPDATE (the raw event: also for messages no longer cached)."""
        await self.adapter.on_edit(payload)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """Gateway MESSAGE_DELETE (the raw event: also for messages no longer cached)."""
        await self.adapter.on_delete(payload)


class AdapterClient(_Forwarding, discord.Client):
    """The discord.py client, knowing its adapter (for buttons and events): unsharded, or
    one shard of ``shard_count`` (``shard_id``)."""

    def __init__(
        self,
        adapter: AdapterEvents,
        *,
        shard_id: int | None = None,
        shard_count: int | None = None,
    ) -> None:
        super().__init__(
            intents=intents(),
            allowed_mentions=tr.SAFE_MENTIONS,
            shard_id=shard_id,
            shard_count=shard_count,
        )
        self.adapter = adapter


class ShardedAdapterClient(_Forwarding, discord.AutoShardedClient):
    """Several shards in one process (``shard_ids`` of ``shard_count``), one gateway
    connection each."""

    def __init__(
        self, adapter: AdapterEvents, *, shard_ids: Sequence[int] | None, shard_count: int
    ) -> None:
        super().__init__(
            intents=intents(),
            allowed_mentions=tr.SAFE_MENTIONS,
            shard_ids=list(shard_ids) if shard_ids is not None else list(range(shard_count)),
            shard_count=shard_count,
        )
        self.adapter = adapter


def build_client(
    adapter: AdapterEvents, shard_count: int | None, shard_ids: Sequence[int] | None
) -> AdapterClient | ShardedAdapterClient:
    """The client for this process's share of the shards: a plain client without sharding
    or for one shard, an auto-sharded one when it runs several (or all, ids unset)."""
    if shard_count is None:
        return AdapterClient(adapter)
    if shard_ids is not None and len(shard_ids) == 1:
        return AdapterClient(adapter, shard_id=shard_ids[0], shard_count=shard_count)
    return ShardedAdapterClient(adapter, shard_ids=shard_ids, shard_count=shard_count)


class AdapterTree(app_commands.CommandTree[discord.Client]):
    """The command tree; errors discord.py raises around a command reach the one handler."""

    def __init__(self, client: AdapterClient | ShardedAdapterClient) -> None:
        super().__init__(client)
        self.adapter = client.adapter

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """Errors outside our callbacks (unknown command, bad option)."""
        await self.adapter.report_error(interaction, error)
