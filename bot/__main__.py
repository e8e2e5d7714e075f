"""``python -m bot`` runs the membot command line."""

from bot.cli import main

main()
