"""The command catalogue is the one list: every command method is declared in it, every
declared command has a method, and the platforms' command menus offer only declared ones."""

from __future__ import annotations

from typing import Any

from adapters.discord.commands import build_commands
from adapters.telegram.translate import COMMAND_MENU
from bot.catalogue import CATALOGUE
from bot.commands import Commands


def test_every_command_method_is_declared_and_every_declared_command_runs() -> None:
    methods = {name.removeprefix("cmd_") for name in dir(Commands) if name.startswith("cmd_")}
    assert methods == set(CATALOGUE)


def test_the_platform_menus_offer_only_declared_commands() -> None:
    async def run(*_args: Any) -> None:
        return None

    discord_names = {c.name for c in build_commands(run)}
    telegram_names = {name for name, _ in COMMAND_MENU}
    assert telegram_names <= set(CATALOGUE) and discord_names <= set(CATALOGUE)
    assert {"import", "export", "profile", "memories"} <= telegram_names & discord_names


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
