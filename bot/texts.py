"""User-facing wording shared by commands, buttons and notifications (English msgids of the
catalogue, bot/i18n.py: translated where they are shown)."""

from __future__ import annotations

from bot.i18n import N_, t
from bot.responder import yours
from memory_core.types import procedure_steps, procedure_topic
from memory_core.values import Fact

HELP = N_("""I'm membot — I remember what you tell me, across conversations.

Talk to me normally, or use:
/remember <text> — remember something exactly as you say it
/forget <text or #id> — pick memories to forget
/profile — what I know about you
/memories [search] — list or search your memories
/why <topic> — when and from which message I learned something
/undo — revert my last change to your memory
/restore <#id> — bring back a memory that faded (listed under Faded in /memories)
/export — download your memory as MEMORY.md (and JSON)
/import — send back an edited MEMORY.md (in a private chat)
/pause, /resume — stop or restart automatic learning (/remember still works)
/new — start a new conversation
/reflections on|off — weekly summaries of what I learned
/forgetme — delete everything I know about you""")
#: The linking commands, listed after HELP (a msgid of their own, translated on its own).
HELP_LINK = N_("""/link — use one memory on Telegram, Discord and the console (in a private chat)
/unlink — stop sharing this platform's memory with your other platforms""")

#: Where to find help, added to every reply to a message about self-harm (the model's too).
HELP_POINTER = N_(
    "If you might act on these thoughts, call your local emergency number. You can also talk to "
    "someone any time: findahelpline.com lists free, confidential crisis lines in your country "
    "(for example 988 in the US, 116 123 Samaritans in the UK and Ireland)."
)

USAGE = {
    "remember": N_("Usage: /remember <what I should remember>"),
    "forget": N_("Usage: /forget <words from the memory, or its #id>"),
    "why": N_("Usage: /why <what you want to know about>"),
    "restore": N_("Usage: /restore <#id of a faded memory> (/memories lists them under Faded)"),
    "import": N_(
        "Attach your edited MEMORY.md to /import (Telegram: send the file with the "
        "caption /import; Discord: the file option; console: /import PATH)."
    ),
    "reflections": N_("Usage: /reflections on|off"),
    "link": N_(
        "Usage: /link gives you a code; send /link CODE to me in a private chat on your "
        "other platform."
    ),
}


def usage(lang: str, command: str) -> str:
    """How to use ``command``, in ``lang``."""
    return t(lang, USAGE[command])


NOT_YOURS = N_("This isn't yours.")
ALREADY_SETTLED = N_("Already settled.")
INVALID_BUTTON = N_("That button isn't valid any more (or was never mine). Nothing changed.")
EXPIRED_BUTTON = N_(
    "That button has expired — nothing changed. Send the command again if you still want it."
)
STALE_CONFIRMATION = N_(
    "Your memory changed since I asked, so nothing changed. Send the command again if you "
    "still want it."
)
PRIVATE_ONLY = N_("I've sent that to you in a private chat.")
FADED_TITLE = N_("Faded (not used for months; /restore #id brings one back):")
#: A private-only command sent in a group: refused before anything of it is read.
SEND_PRIVATELY = N_(
    "Please send /{command} to me in a private chat — I don't read it in a group, so "
    "nothing was changed or shown."
)


def certainty(confidence: float, lang: str = "en") -> str:
    """Confidence in plain words: what the user said is theirs, never shown as doubt."""
    if confidence >= 0.95:
        return t(lang, "certain")
    if confidence >= 0.75:
        return t(lang, "you've told me more than once")
    return t(lang, "you told me")


def said_to_user(fact: Fact, who: str | None) -> str:
    """A stored fact said to its owner as a sentence: "You live in Lisbon."."""
    return said_to_user_text(fact.value_text, who)


def said_to_user_text(value_text: str, who: str | None) -> str:
    """A stored fact's text said to its owner as a sentence."""
    text = yours(value_text, who)
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def procedure_lines(key: str, value_text: str) -> str:
    """A procedure as its topic and numbered steps ("• Reports:\n   1. Start with …")."""
    topic = procedure_topic(key, value_text)
    steps = procedure_steps(value_text)
    return f"• {topic[:1].upper()}{topic[1:]}:" + "".join(
        f"\n   {i}. {step}" for i, step in enumerate(steps, 1)
    )


def fact_line(fact: Fact, lang: str = "en", who: str | None = None, *, with_id: bool = True) -> str:
    """One memory as a line for lists, said to its owner ("#4 You live in Lisbon.")."""
    tag = f"#{fact.id} " if with_id else ""
    flag = (
        f" ({t(lang, 'not confirmed yet')})" if fact.status.value == "pending_confirmation" else ""
    )
    return f"{tag}{said_to_user(fact, who)}{flag}"


def short(text: str, limit: int = 40) -> str:
    """Shorten for a button label."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
