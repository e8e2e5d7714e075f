"""The command catalogue is the one list: every command method is declared in it, every
declared command has a handler, and /help, the Telegram menu, Discord's slash commands and the
dispatch all come from it — a new command is one entry and one handler."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from adapters.discord import DiscordAdapter, DiscordConfig
from adapters.discord.commands import build_commands
from adapters.telegram.translate import command_menu
from adapters.types import CommandOption, Reply
from bot.catalogue import CATALOGUE, Audience, Call, Catalogue, CommandSpec
from bot.commands import Commands
from bot.i18n import N_
from tests.adapters.test_telegram_e2e import running, text_of
from tests.fakes.discord_fakes import ALICE, DM_CHANNEL_ID, FakeInteraction, FakeUser


def test_every_command_method_is_declared_and_every_declared_command_runs() -> None:
    methods = {name.removeprefix("cmd_") for name in dir(Commands) if name.startswith("cmd_")}
    assert methods == {spec.name for spec in CATALOGUE if spec.run is None}


def test_the_platform_menus_and_help_are_the_catalogue() -> None:
    async def run(*_args: Any) -> None:
        return None

    listed = [spec.name for spec in CATALOGUE if spec.listed]
    assert [c.name for c in build_commands(run, CATALOGUE.menu())] == listed
    assert [c.command for c in command_menu(CATALOGUE.menu())] == listed
    shown = CATALOGUE.help_text("en")
    assert all(f"/{name}" in shown for name in listed) and "/start" not in shown
    # One wording per command, wherever it is shown.
    why = CATALOGUE.get("why")
    assert why is not None
    assert f"/why <topic> — {why.summary}" in shown
    assert "/import — Send back an edited MEMORY.md (in a private chat)" in shown


async def test_discord_describes_the_commands_in_the_users_language() -> None:
    from discord import Locale

    from adapters.discord.commands import DescriptionTranslator
    from bot import i18n
    from tests.fakes.discord_fakes import FakeHandler

    adapter = DiscordAdapter(
        FakeHandler(), DiscordConfig(token="t"), words=i18n.words("en"), menu_languages=("de",)
    )
    await adapter.tree.set_translator(DescriptionTranslator(adapter.words, ("de",)))
    profile = adapter.tree.get_command("profile")
    assert isinstance(profile, app_commands.Command)
    payload = await profile.get_translated_payload(adapter.tree, adapter.tree.translator)  # type: ignore[arg-type]
    assert payload["description"] == "What I know about you"
    assert payload["description_localizations"] == {Locale.german.value: "Was ich über dich weiß"}
    assert payload["name_localizations"] == {}


def test_every_usage_the_code_asks_for_is_in_the_catalogue() -> None:
    """``texts.usage(lang, "x")``: the wording lives in /x's entry, like its summary."""
    import re

    from bot import texts

    root = Path(__file__).resolve().parents[2] / "bot"
    asked = {
        name
        for path in root.rglob("*.py")
        for name in re.findall(r'texts\.usage\([^,]+, "(\w+)"\)', path.read_text())
    }
    assert {"remember", "forget", "why", "restore", "import", "reflections"} <= asked
    for name in asked:
        assert texts.usage("en", name).startswith(("Usage: /", "Attach")), name


def test_a_bad_entry_is_refused() -> None:
    table = Catalogue([CommandSpec("ping", Audience.ANY, "Answer pong")])
    with pytest.raises(ValueError, match="twice"):
        table.add(CommandSpec("ping", Audience.ANY, "Again"))
    with pytest.raises(ValueError, match="summary"):
        table.add(CommandSpec("quiet", Audience.ANY))
    with pytest.raises(ValueError, match="bad command name"):
        table.add(CommandSpec("Ping-Pong", Audience.ANY, "x"))
    with pytest.raises(ValueError, match="bad option name"):
        table.add(CommandSpec("pong", Audience.ANY, "x", options=(CommandOption("Who", "y"),)))
    with pytest.raises(ValueError, match="1-100"):
        table.add(CommandSpec("pong", Audience.ANY, "x", options=(CommandOption("who", ""),)))


async def test_an_undeclared_method_is_not_a_command(tmp_path: Any) -> None:
    """A ``cmd_`` method alone does not make a command: dispatch runs only declared ones."""
    from memory_core import Memory
    from tests.factories import message

    class WithExtra(Commands):
        async def cmd_secretdump(self, c: Any) -> list[Any]:
            raise AssertionError("an undeclared command ran")

    memory = Memory.open(tmp_path / "m.db", None)
    try:
        commands = WithExtra(memory, None, None)  # type: ignore[arg-type]
        replies = await commands.dispatch(message("/secretdump"), "t1")
        assert replies and "I don't know /secretdump" in replies[0].text
    finally:
        memory.close()


# ---- a new command: one entry, one handler -------------------------------------------------


async def _echo(c: Call) -> list[Reply]:
    """The test command's handler: says back what it was given, and to whom."""
    return [Reply(f"echo for {c.who}: {c.arg or '(nothing)'}")]


ECHO = CommandSpec(
    "echo",
    Audience.PRIVATE_ONLY,
    N_("Say it back"),
    N_("<words>"),
    (CommandOption("words", N_("What to say back"), required=False),),
    shows_memory=False,
    run=_echo,
)


@pytest.fixture
def echo_command() -> Iterator[CommandSpec]:
    """A command that exists only in this test: one entry (with its handler)."""
    CATALOGUE.add(ECHO)
    try:
        yield ECHO
    finally:
        CATALOGUE.remove(ECHO.name)


async def test_a_new_command_is_one_entry_and_one_handler(
    echo_command: CommandSpec, tmp_path: Path
) -> None:
    async with running(tmp_path) as h:
        # The Telegram menu the fake Bot API received offers it, with its description.
        assert {"command": "echo", "description": "Say it back"} in h.tg.commands
        assert "echo" in [c["command"] for c in h.tg.commands_for("de")]
        alice = h.tg.user(101, "Alice")
        # /help lists it, with its private-only audience.
        helped = text_of(await h.say(alice, "/help"))
        assert "/echo <words> — Say it back (in a private chat)" in helped
        # It is dispatched to its handler.
        assert text_of(await h.say(alice, "/echo hello there")) == "echo for Alice: hello there"
        # The catalogue's audience holds for it: refused in a group, nothing read.
        group = h.tg.group(-500, "Team")
        refused = text_of(await h.say(alice, "/echo secret", group))
        assert "private chat" in refused and "secret" not in refused

        # Discord's command tree has it as a slash command with its typed option, and a
        # call reaches the same handler.
        discord = DiscordAdapter(h.runtime.handler, DiscordConfig(token="test-token"))
        command = discord.tree.get_command("echo")
        assert isinstance(command, app_commands.Command)
        data = command.to_dict(discord.tree)
        assert data["description"] == "Say it back"
        assert [(o["name"], o["type"], o.get("required", False)) for o in data["options"]] == [
            ("words", 3, False)
        ]
        interaction = FakeInteraction(
            FakeUser(ALICE, "Alice"), guild_id=None, channel_id=DM_CHANNEL_ID
        )
        await command.callback(interaction, words="hi")  # type: ignore[call-arg, arg-type]
        assert [s.content for s in interaction.sent] == ["echo for Alice: hi"]
