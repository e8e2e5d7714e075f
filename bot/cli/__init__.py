"""The ``membot`` command line (console script ``membot = "bot.cli:main"``)."""

from bot.cli.root import cli, main

__all__ = ["cli", "main"]
