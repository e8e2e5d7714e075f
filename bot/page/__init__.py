"""The memory page: the user's memory as a web page served by the bot itself — a Telegram
Mini App, or a one-time link from ``/memories web`` on Discord and the console."""

from bot.page.auth import PageKeys
from bot.page.server import PageServer

__all__ = ["PageKeys", "PageServer"]
