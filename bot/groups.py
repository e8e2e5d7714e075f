"""A group's own memory in chat: hearing members' statements about the group, the one-time
consent question, ``/groupmemory`` (show, forget, on/off) and the group's buttons — consent,
forget, and the conflicts of a changed plan, which any of the group's admins may settle
(``docs/group-memory.md``). What is stored, and every guarantee, is
``memory_core.user.groups``'s."""

from __future__ import annotations

from dataclasses import dataclass

import structlog

from adapters.types import Button, ButtonPress, IncomingMessage, PressResult, Reply
from bot import questions, texts
from bot.buttons import Action, ButtonCodec, ButtonKind, Verdict
from bot.i18n import N_, t
from memory_core import Memory
from memory_core.types import (
    ConflictChoice,
    ConflictOutcome,
    GroupForgetOutcome,
    GroupHeard,
    chat_of,
    group_key,
)
from memory_core.values import Audience

log = structlog.get_logger("bot.groups")

USAGE = N_(
    "Usage: /groupmemory shows the group's memory; /groupmemory forget <#id> forgets one "
    "entry (the group's admins, or whoever said it); /groupmemory on|off — whether I keep what "
    "you say about the group."
)
ONLY_IN_GROUPS = N_("The group memory lives in group chats: use /groupmemory there.")


def key_of(platform: str, chat_id: str, thread_id: str | None) -> str:
    """The memory owner of a group chat (or forum topic)."""
    return group_key(platform, chat_id, thread_id)


@dataclass(frozen=True, slots=True)
class Heard:
    """What a member's group message did: whether it was about the group (then it is not
    learned as the speaker's own) and what to say in the group."""

    statement: bool
    replies: list[Reply]
    #: What the group's memory kept of it (``""``: nothing, e.g. no consent yet).
    noted: str = ""


async def _admin(check: object) -> bool:
    """Asks the platform (``IncomingMessage.is_admin``); unknown means no."""
    if check is None:
        return False
    try:
        return bool(await check())  # type: ignore[operator]
    except Exception:
        log.warning("group_admin_check_failed")
        return False


class GroupDesk:
    """The group memory's side of the bot: hear, ask, show, forget, settle."""

    def __init__(self, memory: Memory, codec: ButtonCodec) -> None:
        self.memory = memory
        self.codec = codec

    async def hear(self, msg: IncomingMessage, turn_id: str, text: str) -> Heard:
        """A member's group message: a statement about the group goes to its memory (once they
        agreed); the first time they say one to the bot, they are asked with a button only
        they can press (a message not for the bot is never answered: no question then)."""
        group = key_of(msg.platform, msg.chat_id, msg.thread_id)
        heard = await self.memory.hear_in_group(
            group, msg.user_key, msg.display_name, turn_id, text, msg.time, ask=msg.addressed
        )
        if not heard.statement:
            return Heard(False, [])
        lang = msg.language or "en"
        replies: list[Reply] = []
        if heard.ask:
            replies.append(self._consent_question(msg, lang))
        replies += await self._conflicts(group, heard, lang)
        noted = heard.fact.value_text if heard.fact is not None and not heard.conflict_ids else ""
        return Heard(True, replies, noted)

    def _consent_question(self, msg: IncomingMessage, lang: str) -> Reply:
        uid = msg.user_key

        def button(label: str, kind: ButtonKind) -> Button:
            return Button(label, self.codec.encode(uid, Action(kind)))

        return Reply(
            t(
                lang,
                "{name}, that sounds like something for the whole group. May I keep what you say "
                "about the group (plans, dates, decisions) in this chat's memory? Everyone here "
                "can see it; nothing personal or private goes in. /groupmemory off stops it.",
                name=msg.display_name,
            ),
            buttons=(
                (
                    button(t(lang, "Yes, keep it"), ButtonKind.GROUP_AGREE),
                    button(t(lang, "No"), ButtonKind.GROUP_REFUSE),
                ),
            ),
        )

    async def _conflicts(self, group: str, heard: GroupHeard | None, lang: str) -> list[Reply]:
        """The conflict questions a statement opened, bound to the group (admins settle)."""
        if heard is None:
            return []
        out = []
        view = self.memory.view(group, Audience.GROUP)
        for conflict_id in heard.conflict_ids:
            conflict = await view.conflict(conflict_id)
            if conflict is not None:
                out.append(questions.conflict_reply(self.codec, conflict, lang, group=True))
                await self.memory.conflict_asked(group, conflict_id)
        return out

    # ---- /groupmemory --------------------------------------------------------------------------

    async def command(self, msg: IncomingMessage, arg: str) -> list[Reply]:
        """``/groupmemory`` [forget <#id> | on | off]."""
        lang = msg.language or "en"
        if msg.is_private:
            return [Reply(t(lang, ONLY_IN_GROUPS))]
        group = key_of(msg.platform, msg.chat_id, msg.thread_id)
        word, _, rest = arg.partition(" ")
        word = word.lower()
        if word in ("on", "off"):
            return await self._switch(msg, group, agree=word == "on", lang=lang)
        if word == "forget":
            return await self._forget(msg, group, rest.strip().lstrip("#"), lang)
        if word:
            return [Reply(t(lang, USAGE))]
        return [await self._show(group, lang)]

    async def _show(self, group: str, lang: str) -> Reply:
        found = await self.memory.group_facts(group)
        if not found:
            return Reply(
                t(
                    lang,
                    "This group's memory is empty. Tell me the group's plans, dates and "
                    'decisions ("our book club meets on Thursdays at 7") and I\'ll keep them.',
                )
            )
        lines = [t(lang, "What this group asked me to keep:")]
        for item in found:
            who = ", ".join(item.said_by) or "?"
            lines.append(f"#{item.fact.id} {item.fact.value_text} — {who}")
        lines.append(t(lang, "Admins, or whoever said it: /groupmemory forget <#id>"))
        buttons = tuple(
            (
                Button(
                    t(lang, "Forget #{id}", id=item.fact.id),
                    self.codec.encode(
                        chat_of(group), Action(ButtonKind.GROUP_FORGET, item.fact.id)
                    ),
                ),
            )
            for item in found[:5]
        )
        return Reply("\n".join(lines), buttons=buttons)

    async def _switch(
        self, msg: IncomingMessage, group: str, *, agree: bool, lang: str
    ) -> list[Reply]:
        heard = await self.memory.answer_group_consent(msg.user_key, chat_of(group), agree=agree)
        if agree:
            done = t(lang, "Thanks — I'll keep what you say about the group in its memory.")
            return [Reply(done), *await self._conflicts(group, heard, lang)]
        return [
            Reply(
                t(
                    lang,
                    "Done — I won't keep what you say about the group, and what you said "
                    "before is gone from its memory.",
                )
            )
        ]

    async def _forget(self, msg: IncomingMessage, group: str, raw: str, lang: str) -> list[Reply]:
        if not raw.isdigit():
            return [Reply(t(lang, USAGE))]
        return [Reply(await self._forget_one(group, int(raw), msg.user_key, msg.is_admin, lang))]

    async def _forget_one(
        self, group: str, fact_id: int, member: str, check: object, lang: str
    ) -> str:
        outcome = await self.memory.forget_group_fact(
            group, fact_id, member, admin=await _admin(check)
        )
        if outcome == GroupForgetOutcome.NOT_ALLOWED:
            # The speaker may forget without asking the platform; others must be admins.
            return t(lang, "Only the group's admins, or whoever said it, can forget that.")
        if outcome == GroupForgetOutcome.NOT_FOUND:
            return t(lang, "There is no #{id} in this group's memory.", id=fact_id)
        return t(lang, "Forgotten from the group's memory: #{id}.", id=fact_id)

    # ---- buttons -------------------------------------------------------------------------------

    async def press(self, press: ButtonPress) -> PressResult | None:
        """A group-bound button (a conflict or forget in the group's chat), or ``None`` when
        the data is not bound to this press's group."""
        if press.is_private:
            return None
        chat = chat_of(key_of(press.platform, press.chat_id, None))
        verdict, action = self.codec.decode(chat, press.data)
        if verdict != Verdict.OK or action is None:
            return None
        lang = press.language or "en"
        if action.kind == ButtonKind.GROUP_FORGET:
            group = key_of(press.platform, press.chat_id, press.thread_id)
            said = await self._forget_one(
                group, action.item_id, press.user_key, press.is_admin, lang
            )
            return PressResult(texts.short(said, 190))
        if action.kind == ButtonKind.CONFLICT:
            return await self._settle(press, chat, action, lang)
        return None

    async def _settle(
        self, press: ButtonPress, chat: str, action: Action, lang: str
    ) -> PressResult:
        """A changed plan: any admin of the group settles it."""
        group = await self.memory.group_of_conflict(chat, action.item_id)
        if group is None:
            return PressResult(t(lang, texts.INVALID_BUTTON))
        if not await _admin(press.is_admin):
            log.info("button_refused", reason="not_group_admin")
            return PressResult(t(lang, "Only the group's admins can settle that."))
        try:
            choice = ConflictChoice(action.arg)
        except ValueError:
            return PressResult(t(lang, texts.INVALID_BUTTON))
        view = self.memory.view(group, Audience.GROUP)
        conflict = await view.conflict(action.item_id)
        if conflict is None or conflict.new.id != action.fact_id:
            return PressResult(t(lang, texts.INVALID_BUTTON))
        outcome = await view.settle_conflict(action.item_id, choice)
        if outcome.outcome != ConflictOutcome.RESOLVED or outcome.kept is None:
            return PressResult(t(lang, texts.ALREADY_SETTLED))
        kept = outcome.kept.value_text
        return PressResult(
            t(lang, "Done"), edit=t(lang, "The group's memory now says: {fact}", fact=kept)
        )

    async def consent(self, press: ButtonPress, *, agree: bool) -> PressResult:
        """The one-time consent button, pressed by the member it was sent to."""
        lang = press.language or "en"
        chat = chat_of(key_of(press.platform, press.chat_id, None))
        heard = await self.memory.answer_group_consent(press.user_key, chat, agree=agree)
        if not agree:
            no = t(lang, "Understood — I won't keep what you say about the group.")
            return PressResult(t(lang, "Done"), edit=no)
        noted = heard.fact.value_text if heard is not None and heard.fact is not None else None
        group = key_of(press.platform, press.chat_id, press.thread_id)
        followups = tuple(await self._conflicts(group, heard, lang))
        yes = (
            t(lang, "Thanks! Kept for the group: {fact}", fact=noted)
            if noted
            else t(lang, "Thanks — I'll keep what you say about the group in its memory.")
        )
        return PressResult(t(lang, "Done"), edit=yes, followups=followups)
