"""User-facing wording shared by commands, buttons and notifications."""

from __future__ import annotations

from memory_core.values import Fact

HELP = """I'm membot — I remember what you tell me, across conversations.

Talk to me normally, or use:
/remember <text> — remember something exactly as you say it
/forget <text or #id> — pick memories to forget
/profile — what I know about you
/memories [search] — list or search your memories
/why <topic> — when and from which message I learned something
/undo — revert my last change to your memory
/export — download your memory as MEMORY.md (and JSON)
/import — send back an edited MEMORY.md (in a private chat)
/pause, /resume — stop or restart automatic learning (/remember still works)
/new — start a new conversation
/reflections on|off — weekly summaries of what I learned
/forgetme — delete everything I know about you"""

USAGE = {
    "remember": "Usage: /remember <what I should remember>",
    "forget": "Usage: /forget <words from the memory, or its #id>",
    "why": "Usage: /why <what you want to know about>",
    "import": "Attach your edited MEMORY.md to /import (Telegram: send the file with the "
    "caption /import; Discord: the file option; console: /import PATH).",
    "reflections": "Usage: /reflections on|off",
}
NOT_YOURS = "This isn't yours."
ALREADY_SETTLED = "Already settled."
INVALID_BUTTON = "That button isn't valid any more (or was never mine). Nothing changed."
EXPIRED_BUTTON = (
    "That button has expired — nothing changed. Send the command again if you still want it."
)
STALE_CONFIRMATION = (
    "Your memory changed since I asked, so nothing changed. Send the command again if you "
    "still want it."
)
PRIVATE_ONLY = "I've sent that to you in a private chat."
#: A private-only command sent in a group: refused before anything of it is read.
SEND_PRIVATELY = (
    "Please send /{command} to me in a private chat — I don't read it in a group, so "
    "nothing was changed or shown."
)


def certainty(confidence: float) -> str:
    """Confidence in plain words: what the user said is theirs, never shown as doubt."""
    if confidence >= 0.95:
        return "certain"
    if confidence >= 0.75:
        return "confirmed by repetition"
    if confidence >= 0.5:
        return "you've mentioned it"
    return "you told me"


def fact_line(fact: Fact, *, with_id: bool = True) -> str:
    """One memory as a line for lists."""
    tag = f"#{fact.id} " if with_id else ""
    flag = " (unconfirmed)" if fact.status.value == "pending_confirmation" else ""
    return f"{tag}{fact.value_text}{flag}"


def short(text: str, limit: int = 40) -> str:
    """Shorten for a button label."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
