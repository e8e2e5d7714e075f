"""The Discord-facing declarations: the slash commands with their descriptions and typed
options, the persistent bot button and its view, and the discord.py client and command tree that
route gateway events, clicks and command errors to a ``DiscordAdapter``.

Nothing here handles a turn: every callback only forwards to the adapter
(``adapters.discord``), which answers, defers and sends. What the client needs of it is the
:class:`AdapterEvents` protocol, so this module never imports the adapter.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal, Protocol

import discord
from discord import app_commands

from adapters.discord import translate as tr
from adapters.types import Button

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


def build_commands(run: CommandRunner) -> list[app_commands.Command[Any, Any, None]]:
    """Every bot command as a slash command with a description and typed options; each one
    only forwards to ``run``."""
    return [*_memory_commands(run), *_account_commands(run), *_group_commands(run)]


def _group_commands(run: CommandRunner) -> list[app_commands.Command[Any, Any, None]]:
    """The group's own memory (in a server channel or thread)."""

    @app_commands.command(
        name="groupmemory", description="What this channel's group asked me to keep"
    )
    @app_commands.describe(action="Empty: show it; forget <#id>; on or off (your consent)")
    async def groupmemory(interaction: Interaction, action: str | None = None) -> None:
        await run(interaction, "groupmemory", action, None)

    return [groupmemory]


def _memory_commands(run: CommandRunner) -> list[app_commands.Command[Any, Any, None]]:
    """The commands that show or change what the bot remembers."""

    @app_commands.command(name="remember", description="Remember something exactly as you say it")
    @app_commands.describe(text="What I should remember")
    async def remember(interaction: Interaction, text: str) -> None:
        await run(interaction, "remember", text, None)

    @app_commands.command(name="forget", description="Pick memories to forget")
    @app_commands.describe(what="Words from the memory, or its #id")
    async def forget(interaction: Interaction, what: str) -> None:
        await run(interaction, "forget", what, None)

    @app_commands.command(name="profile", description="What I know about you")
    async def profile(interaction: Interaction) -> None:
        await run(interaction, "profile", None, None)

    @app_commands.command(name="memories", description="List or search your memories")
    @app_commands.describe(search="Words to search for, or web for a link to your memory page")
    async def memories(interaction: Interaction, search: str | None = None) -> None:
        await run(interaction, "memories", search, None)

    @app_commands.command(name="why", description="When and from which message I learned something")
    @app_commands.describe(topic="What you want to know about, or a memory's #id")
    async def why(interaction: Interaction, topic: str) -> None:
        await run(interaction, "why", topic, None)

    @app_commands.command(name="undo", description="Revert my last change to your memory")
    async def undo(interaction: Interaction) -> None:
        await run(interaction, "undo", None, None)

    @app_commands.command(name="restore", description="Bring back a memory that faded")
    @app_commands.describe(memory="The #id of a faded memory (/memories lists them)")
    async def restore(interaction: Interaction, memory: str) -> None:
        await run(interaction, "restore", memory, None)

    @app_commands.command(name="export", description="Download your memory as MEMORY.md and JSON")
    async def export(interaction: Interaction) -> None:
        await run(interaction, "export", None, None)

    @app_commands.command(name="import", description="Send back an edited MEMORY.md")
    @app_commands.describe(file="Your edited MEMORY.md (at most 1 MB)")
    async def import_(interaction: Interaction, file: discord.Attachment) -> None:
        await run(interaction, "import", None, file)

    return [remember, forget, profile, memories, why, undo, restore, export, import_]


def _account_commands(run: CommandRunner) -> list[app_commands.Command[Any, Any, None]]:
    """The commands about the conversation and the account: learning on or off, a new
    conversation, erasure, linked platforms, help, reflections."""

    @app_commands.command(name="pause", description="Stop learning from our chat (/remember works)")
    async def pause(interaction: Interaction) -> None:
        await run(interaction, "pause", None, None)

    @app_commands.command(name="resume", description="Learn from our chat again")
    async def resume(interaction: Interaction) -> None:
        await run(interaction, "resume", None, None)

    @app_commands.command(name="new", description="Start a new conversation")
    async def new(interaction: Interaction) -> None:
        await run(interaction, "new", None, None)

    @app_commands.command(name="forgetme", description="Delete everything I know about you")
    async def forgetme(interaction: Interaction) -> None:
        await run(interaction, "forgetme", None, None)

    @app_commands.command(name="link", description="Use one memory on Telegram and Discord")
    @app_commands.describe(code="The code I gave you on your other platform (empty: get a code)")
    async def link(interaction: Interaction, code: str | None = None) -> None:
        await run(interaction, "link", code, None)

    @app_commands.command(
        name="unlink", description="Stop sharing memory with your other platforms"
    )
    async def unlink(interaction: Interaction) -> None:
        await run(interaction, "unlink", None, None)

    @app_commands.command(name="help", description="What I can do")
    async def help_(interaction: Interaction) -> None:
        await run(interaction, "help", None, None)

    @app_commands.command(name="reflections", description="Weekly summaries of what I learned")
    @app_commands.describe(state="Turn them on or off")
    async def reflections(interaction: Interaction, state: Literal["on", "off"]) -> None:
        await run(interaction, "reflections", state, None)

    return [pause, resume, new, forgetme, link, unlink, help_, reflections]


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
