"""One user's memory: the view and the tools the bot goes through, remember, corrections,
undo, erase, MEMORY.md export and import, groups, linked identities and revised messages."""
