"""A minimal terminal loop over the memory commands (the full console bot replaces it)."""

from __future__ import annotations

import asyncio
import sys

from memory_core.errors import InvalidInputError, NotFoundError
from memory_core.memory import Memory
from memory_core.values import NewFact

HELP = (
    "Commands: /remember <text>, /forget <id|words>, /memories [query], /help. "
    "Anything else searches your memories."
)


async def handle_line(memory: Memory, user: str, line: str) -> str:
    """Answer one input line."""
    line = line.strip()
    if not line:
        return "Say something, or /help."
    cmd, _, arg = line.partition(" ")
    arg = arg.strip()
    try:
        if cmd == "/help" or cmd == "/start":
            return HELP
        if cmd == "/remember" or line.lower().startswith("remember that "):
            body = arg if cmd == "/remember" else line[len("remember that ") :]
            fact = await memory.remember(
                user, NewFact(key="", value_text=body, confidence=0.95, decay_rate=0.0)
            )
            return f"Got it, I'll remember: {fact.value_text} (#{fact.id})"
        if cmd == "/forget":
            if not arg:
                return "Usage: /forget <id|words>"
            if arg.lstrip("#").isdigit():
                fact = await memory.forget(user, int(arg.lstrip("#")))
                return f"Forgotten: {fact.value_text}"
            gone = await memory.forget_matching(user, arg)
            return f"Forgotten {len(gone)} memories." if gone else "Nothing matched."
        if cmd == "/memories":
            if arg:
                hits = await memory.search(user, arg, k=10)
                lines = [f"#{h.id} {h.text}" for h in hits]
            else:
                lines = [f"#{f.id} {f.value_text}" for f in await memory.list_facts(user)]
            return "\n".join(lines) if lines else "No memories yet."
        if cmd.startswith("/"):
            return f"Unknown command {cmd}. {HELP}"
        hits = await memory.search(user, line, k=3)
        if not hits:
            return "I don't remember anything about that yet."
        return "Here is what I remember:\n" + "\n".join(f"- {h.text}" for h in hits)
    except (InvalidInputError, NotFoundError) as exc:
        return f"Sorry: {exc}"


async def run_console(memory: Memory, user: str) -> None:
    """Read lines from stdin until EOF, printing ``bot> …`` answers."""
    interactive = sys.stdin.isatty()
    if interactive:
        print("membot — type /help, Ctrl-D to leave.")
    while True:
        line = await asyncio.to_thread(_read, interactive)
        if line is None:
            return
        print("bot> " + (await handle_line(memory, user, line)).replace("\n", "\n     "))


def _read(interactive: bool) -> str | None:
    try:
        return input("you> ") if interactive else sys.stdin.readline() or None
    except EOFError:
        return None
