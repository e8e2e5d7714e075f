"""The slash commands, platform-neutral: each returns the replies to send."""

from __future__ import annotations

import structlog

from adapters.types import Button, Document, IncomingMessage, Reply
from bot import questions, texts
from bot.buttons import Action, ButtonCodec, ButtonKind
from memory_core import (
    Expire,
    Insert,
    Memory,
    Noop,
    Observer,
    Pending,
    Supersede,
    Turn,
    Update,
)
from memory_core.errors import InvalidInputError, MemoryCoreError, NotFoundError
from memory_core.values import SENSITIVE_CATEGORIES, SearchFilters

log = structlog.get_logger("bot.commands")
PAGE = 10
#: Commands whose answers are personal: in a group they go to the user's private chat.
PERSONAL = frozenset({"profile", "memories", "why", "export"})
#: /profile sections (memory_core.jobs.profile) and their titles, in display order.
PROFILE_TITLES = {
    "identity": "Identity",
    "hard_preferences": "Hard preferences",
    "current_tasks": "Current tasks",
    "soft_preferences": "Preferences",
    "sensitive_topics": "Sensitive",
    "other": "Other",
}


class Commands:
    """Dispatches ``/command args`` to a method."""

    def __init__(self, memory: Memory, observer: Observer, codec: ButtonCodec) -> None:
        self.memory = memory
        self.observer = observer
        self.codec = codec

    async def dispatch(self, msg: IncomingMessage, turn_id: str) -> list[Reply]:
        """Run the command in ``msg.text``."""
        head, _, arg = msg.text.strip().partition(" ")
        name = head[1:].split("@", 1)[0].lower()
        arg = arg.strip()
        handler = getattr(self, f"cmd_{name}", None)
        if handler is None or not name.isidentifier():
            return [Reply(f"I don't know {head[:40]}. Try /help.")]
        try:
            replies: list[Reply] = await handler(msg, turn_id, arg)
        except InvalidInputError as exc:
            return [Reply(f"Sorry — {exc}.")]
        except NotFoundError:
            return [Reply("I couldn't find that memory. /memories lists them with their ids.")]
        if name in PERSONAL and not msg.is_private:
            # The group hears about it once the private answer got through.
            return [*[_private(r) for r in replies], Reply(texts.PRIVATE_ONLY, after_private=True)]
        return replies

    # ---- basics ----------------------------------------------------------------------------

    async def cmd_start(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """Greet and explain."""
        return [Reply(f"Hi {msg.display_name}! " + texts.HELP)]

    async def cmd_help(self, _msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """List the commands."""
        return [Reply(texts.HELP)]

    # ---- remembering and forgetting --------------------------------------------------------

    async def cmd_remember(self, msg: IncomingMessage, turn_id: str, arg: str) -> list[Reply]:
        """``/remember <text>``: explicit, stored even when learning is paused."""
        if not arg:
            return [Reply(texts.USAGE["remember"])]
        return await self.remember(msg, turn_id, arg)

    async def remember(self, msg: IncomingMessage, turn_id: str, text: str) -> list[Reply]:
        """Learn ``text`` explicitly, now, and say what happened."""
        text = text.strip()
        if not text:
            return [Reply(texts.USAGE["remember"])]
        turn = Turn(
            turn_id=turn_id,
            user_id=msg.user_key,
            chat_id=msg.chat_id,
            user_text=text,
            time=msg.time,
            user_name=msg.display_name,
            explicit=True,
            is_group=not msg.is_private,
        )
        try:
            result = await self.observer.learn_now(turn)
        except MemoryCoreError as exc:
            log.warning("remember_failed", error_type=type(exc).__name__)
            return [Reply("I couldn't store that just now — it's saved and I'll retry shortly.")]
        replies: list[Reply] = []
        lines: list[str] = []
        for applied in result.applied:
            fact = applied.fact
            shown = (
                "(kept private)"
                if fact
                and (
                    fact.sensitive or (not msg.is_private and fact.category in SENSITIVE_CATEGORIES)
                )
                else (fact.value_text if fact else "")
            )
            match applied.decision:
                case Insert() | Supersede() | Update():
                    lines.append(f"Got it — I'll remember: {shown} (#{fact.id if fact else '?'})")
                case Noop():
                    lines.append(f"I already knew that: {shown}")
                case Expire():
                    lines.append(f"Noted — that's no longer true: {shown}")
                case Pending():
                    lines.append("That's different from what I had — see the question below.")
        if not lines:
            lines.append("I couldn't find anything to remember in that.")
        replies.append(Reply("\n".join(lines)))
        for applied in result.conflicts:
            assert applied.conflict_id is not None
            conflict = await self.memory.conflict(msg.user_key, applied.conflict_id)
            if conflict is not None:
                question = questions.conflict_reply(self.codec, conflict)
                replies.append(question if msg.is_private else _private(question))
                await self.memory.conflict_asked(msg.user_key, conflict.id)
        return replies

    async def cmd_forget(self, msg: IncomingMessage, _turn: str, arg: str) -> list[Reply]:
        """``/forget <words|#id>``: show matching memories as buttons."""
        if not arg:
            return [Reply(texts.USAGE["forget"])]
        uid = msg.user_key
        if arg.lstrip("#").isdigit():
            facts = [await self.memory.get_fact(uid, int(arg.lstrip("#")))]
        else:
            hits = await self.memory.search(uid, arg, k=5)
            facts = [
                h.fact for h in hits if h.fact is not None and (h.lexical > 0 or h.vector >= 0.85)
            ]
        if not msg.is_private:
            facts = [f for f in facts if f.category not in SENSITIVE_CATEGORIES and not f.sensitive]
        if not facts:
            return [Reply("I don't have a memory matching that.")]
        rev = await self.memory.revision(uid)
        picks = [
            (
                Button(
                    f"Forget: {texts.short(f.value_text)}",
                    self.codec.encode(uid, Action(ButtonKind.FORGET, f.id, rev=rev)),
                ),
            )
            for f in facts
        ]
        cancel = Button("Cancel", self.codec.encode(uid, Action(ButtonKind.CANCEL, rev=rev)))
        rows = (*picks, (cancel,))
        return [Reply("Which one should I forget?", buttons=rows)]

    async def cmd_forgetme(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/forgetme``: erase everything after a confirmation button."""
        uid = msg.user_key
        rev = await self.memory.revision(uid)
        reply = Reply(
            "This deletes everything I know about you — memories, history and our past "
            "messages. It cannot be undone. Are you sure?",
            buttons=(
                (
                    Button(
                        "Yes, delete everything",
                        self.codec.encode(uid, Action(ButtonKind.FORGET_ME, rev=rev)),
                    ),
                    Button("Cancel", self.codec.encode(uid, Action(ButtonKind.CANCEL, rev=rev))),
                ),
            ),
        )
        return [reply if msg.is_private else _private(reply)]

    async def cmd_undo(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/undo``: revert the last change to the user's memory."""
        result = await self.memory.undo(msg.user_key)
        if not result.reverted:
            return [Reply("There's nothing to undo.")]
        return [
            Reply(
                "Undone: "
                + "; ".join(
                    texts.fact_line(f, with_id=False) + f" → {f.status.value}"
                    for f in result.reverted
                )
            )
        ]

    # ---- looking at memory -----------------------------------------------------------------

    async def cmd_profile(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/profile``: the materialised profile (rebuilt first when memory changed since),
        by section, with plain confidence."""
        profile = await self.memory.profile(msg.user_key, fresh=True)
        if profile is None or profile.empty:
            return [Reply("I don't know anything about you yet. Tell me about yourself!")]
        parts = [f"What I know about {msg.display_name}:"]
        for name, title in PROFILE_TITLES.items():
            entries = profile.sections.get(name, ())
            if entries:
                parts.append(f"\n{title}")
                parts += [f"• {e.value_text} — {texts.certainty(e.confidence)}" for e in entries]
        return [Reply("\n".join(parts))]

    async def cmd_memories(self, msg: IncomingMessage, _turn: str, arg: str) -> list[Reply]:
        """``/memories [query]``: a page of memories, or search results."""
        return [await self.memories_page(msg.user_key, arg, 0)]

    async def memories_page(self, uid: str, query: str, offset: int) -> Reply:
        """One page of the list (with a "More" button), or search results."""
        if query:
            hits = await self.memory.search(uid, query, k=PAGE)
            lines = [texts.fact_line(h.fact) for h in hits if h.fact is not None]
            return Reply("\n".join(lines) if lines else "Nothing matches that.")
        facts = await self.memory.list_facts(uid, SearchFilters(), limit=PAGE + 1, offset=offset)
        if not facts:
            return Reply("No memories yet." if offset == 0 else "That's all.")
        lines = [texts.fact_line(f) for f in facts[:PAGE]]
        buttons: tuple[tuple[Button, ...], ...] = ()
        if len(facts) > PAGE:
            rev = await self.memory.revision(uid)
            more = Action(ButtonKind.PAGE, offset + PAGE, rev=rev)
            buttons = ((Button("More", self.codec.encode(uid, more)),),)
        return Reply("\n".join(lines), buttons=buttons)

    async def cmd_why(self, msg: IncomingMessage, _turn: str, arg: str) -> list[Reply]:
        """``/why <query>``: which turn taught it, when, and its history."""
        if not arg:
            return [Reply(texts.USAGE["why"])]
        uid = msg.user_key
        if arg.lstrip("#").isdigit():
            fact = await self.memory.get_fact(uid, int(arg.lstrip("#")))
        else:
            hits = await self.memory.search(uid, arg, k=1)
            if not hits or hits[0].fact is None:
                return [Reply("I don't have a memory about that.")]
            fact = hits[0].fact
        history = await self.memory.history(uid, key=fact.key)
        lines = [
            f"#{fact.id} {fact.value_text}",
            f"Learned on {fact.created_at:%d %b %Y %H:%M} UTC"
            + (
                f" from your message: “{fact.source_excerpt}”"
                if fact.source_excerpt and not fact.sensitive
                else ""
            )
            + ".",
            f"Confidence: {texts.certainty(fact.confidence)} ({fact.confidence:.2f}); "
            f"mentioned {fact.mention_count}×.",
        ]
        if history:
            lines.append("History:")
            for e in history[-8:]:
                state = e.after or e.before or {}
                lines.append(
                    f"• {e.ts:%d %b %Y} {e.event} by {e.actor}: "
                    f"{str(state.get('value_text', ''))[:80]}"
                )
        return [Reply("\n".join(lines))]

    # ---- sovereignty: export / import ------------------------------------------------------

    async def cmd_export(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/export``: MEMORY.md plus a JSON export."""
        export = await self.memory.export(msg.user_key, msg.display_name)
        return [
            Reply(
                f"Your memory ({export.count} items). Edit MEMORY.md and send it back with "
                "/import.",
                document=Document("MEMORY.md", export.markdown.encode(), "MEMORY.md"),
            ),
            Reply(
                "The same, as JSON.",
                document=Document("memories.json", export.json.encode(), "memories.json"),
            ),
        ]

    async def cmd_import(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/import`` with an attached MEMORY.md: show the diff for confirmation."""
        if msg.attachment is None:
            return [Reply(texts.USAGE["import"])]
        uid = msg.user_key
        pending = await self.memory.plan_import(uid, msg.attachment.content)
        if pending.import_id is None:
            return [Reply("That file matches what I already have — nothing to change.")]
        rev = await self.memory.revision(uid)

        def button(label: str, kind: ButtonKind) -> Button:
            assert pending.import_id is not None
            return Button(label, self.codec.encode(uid, Action(kind, pending.import_id, rev=rev)))

        return [
            Reply(
                "Here's what your file changes:\n"
                + pending.description
                + "\n\nApply these changes?",
                buttons=(
                    (
                        button("Apply", ButtonKind.IMPORT_APPLY),
                        button("Cancel", ButtonKind.IMPORT_CANCEL),
                    ),
                ),
            )
        ]

    # ---- switches --------------------------------------------------------------------------

    async def cmd_pause(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/pause``: stop automatic learning."""
        await self.memory.update_settings(msg.user_key, paused=True)
        return [Reply("Paused: I won't learn from our chat until /resume. /remember still works.")]

    async def cmd_resume(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/resume``: learn automatically again."""
        await self.memory.update_settings(msg.user_key, paused=False)
        return [Reply("Resumed: I'll learn from our chat again.")]

    async def cmd_reflections(self, msg: IncomingMessage, _turn: str, arg: str) -> list[Reply]:
        """``/reflections on|off``: weekly reflection posts."""
        if arg.lower() not in ("on", "off"):
            return [Reply(texts.USAGE["reflections"])]
        await self.memory.update_settings(msg.user_key, reflections=arg.lower() == "on")
        return [Reply(f"Weekly reflections are {arg.lower()}.")]

    async def cmd_new(self, msg: IncomingMessage, _turn: str, _arg: str) -> list[Reply]:
        """``/new``: start a new conversation (the last one gets consolidated)."""
        await self.memory.new_session(msg.user_key, msg.chat_id)
        return [Reply("Started a new conversation. I still remember everything you told me.")]


def _private(reply: Reply) -> Reply:
    return Reply(reply.text, reply.buttons, reply.document, private=True)
