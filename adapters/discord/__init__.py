"""Discord: the adapter (discord.py wiring), its slash commands and its pure translate step."""

from adapters.discord.adapter import DiscordAdapter, DiscordConfig

__all__ = ["DiscordAdapter", "DiscordConfig"]
