"""The console: the bot in a terminal, buttons shown as numbered choices."""

from adapters.console.adapter import ConsoleAdapter

__all__ = ["ConsoleAdapter"]
