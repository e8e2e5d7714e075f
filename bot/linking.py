"""What linking says: platform names, the code, the issuer's confirmation question, and the
answers to a sent code (``/link``, ``/unlink``; the flow is ``memory_core.user.linking``)."""

from __future__ import annotations

from adapters.types import Button, Reply
from bot.buttons import Action, ButtonCodec, ButtonKind
from bot.i18n import N_, t
from bot.platforms import PLATFORMS as REGISTERED
from memory_core.types import LinkClaimOutcome as ClaimOutcome

#: Platform → its name shown to users: the registered platforms' titles, and the console.
PLATFORMS = {name: p.title for name, p in REGISTERED.items()} | {"console": N_("the console")}


def platform_name(lang: str, identity_or_platform: str) -> str:
    """``telegram:12`` or ``telegram`` → "Telegram" (in ``lang``)."""
    platform = identity_or_platform.partition(":")[0]
    return t(lang, PLATFORMS[platform]) if platform in PLATFORMS else platform


def platforms_text(lang: str, identities: list[str]) -> str:
    """The platforms of ``identities`` as a list in words ("Telegram, Discord")."""
    return ", ".join(platform_name(lang, i) for i in identities)


def code_reply(lang: str, code: str) -> Reply:
    """The new code and what to do with it."""
    shown = f"{code[:4]}-{code[4:]}"
    return Reply(
        t(
            lang,
            "Your link code: {code}\n\nWithin 10 minutes, send /link {code} to me in a private "
            "chat on your other platform (Telegram, Discord or the console). I'll then ask you "
            "here to confirm. The code works once — don't share it with anyone.",
            code=shown,
        )
    )


def confirm_question(
    codec: ButtonCodec, lang: str, owner: str, code_id: int, claimant: str, name: str
) -> Reply:
    """The question to the identity that asked for the code: link this claimant?"""
    rev = 0

    def button(label: str, kind: ButtonKind) -> Button:
        return Button(label, codec.encode(owner, Action(kind, code_id, rev=rev)))

    return Reply(
        t(
            lang,
            "{name} on {platform} just sent me your link code. Link that account, so it shares "
            "your memory (what it told me joins what you told me here)? Only say yes if that "
            "account is yours.",
            name=name[:40] or "?",
            platform=platform_name(lang, claimant),
        ),
        buttons=(
            (
                button(t(lang, "Yes, link it"), ButtonKind.LINK_YES),
                button(t(lang, "No"), ButtonKind.LINK_NO),
            ),
        ),
    )


def claim_answer(lang: str, outcome: ClaimOutcome, issuer: str | None, delivered: bool) -> str:
    """What the sender of a code is told."""
    match outcome:
        case ClaimOutcome.CLAIMED if delivered:
            return t(
                lang,
                "Almost done: I've asked you on {platform} to confirm the link.",
                platform=platform_name(lang, issuer or ""),
            )
        case ClaimOutcome.CLAIMED:
            return t(
                lang,
                "I couldn't reach you on {platform} to confirm. Open a private chat with me "
                "there and ask for a new code with /link.",
                platform=platform_name(lang, issuer or ""),
            )
        case ClaimOutcome.INVALID:
            return t(
                lang,
                "That code isn't valid. Codes work once, for 10 minutes: ask for a new one "
                "with /link on your other platform.",
            )
        case ClaimOutcome.OWN_CODE:
            return t(lang, "Send that code from your other platform, not from here.")
        case ClaimOutcome.SAME_PLATFORM:
            return t(
                lang,
                "That memory is already used by an account on this platform. /unlink it there "
                "first.",
            )
        case ClaimOutcome.ALREADY_LINKED:
            return t(lang, "These accounts are linked already.")
        case ClaimOutcome.LINKED_ELSEWHERE:
            return t(lang, "This account is linked to other accounts. Send /unlink first.")
        case ClaimOutcome.TOO_MANY:
            return t(lang, "Too many tries with link codes. Please wait an hour and try again.")
    raise AssertionError(outcome)
