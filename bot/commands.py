"""The slash commands, platform-neutral: each returns the replies to send."""

from __future__ import annotations

import re
from dataclasses import dataclass

import structlog

from adapters.types import Button, Document, IncomingMessage, Reply
from bot import questions, texts
from bot.buttons import Action, ButtonCodec, ButtonKind
from bot.catalogue import Audience as Where
from bot.catalogue import spec_of
from bot.quotas import HeavyQuota
from bot.responder import first_name, person_label, person_said, yours
from bot.turn import turn_of
from memory_core import (
    MAX_IMPORT_LINES,
    MAX_REMEMBER_CHARS,
    Expire,
    Insert,
    Memory,
    Noop,
    Observer,
    Pending,
    Supersede,
    Update,
    UserView,
    is_person_key,
)
from memory_core.errors import InvalidInputError, MemoryCoreError, NotFoundError
from memory_core.values import Audience, Fact, SearchHit

log = structlog.get_logger("bot.commands")
PAGE = 10
#: /profile sections (memory_core.jobs.profile) and their titles, in display order.
PROFILE_TITLES = {
    "identity": "Identity",
    "hard_preferences": "Hard preferences",
    "current_tasks": "Current tasks",
    "soft_preferences": "Preferences",
    "sensitive_topics": "Sensitive",
    "other": "Other",
    "insights": "My impressions (insights — /forget any you disagree with)",
}


@dataclass(frozen=True, slots=True)
class Call:
    """One command call: the message, its turn id, the argument, and the user's memory as
    the reply's audience may see it (a personal command's reply goes to the private chat)."""

    msg: IncomingMessage
    turn_id: str
    arg: str
    view: UserView

    @property
    def uid(self) -> str:
        """The caller as a memory owner."""
        return self.msg.user_key


class Commands:
    """Dispatches ``/command args`` to a method."""

    def __init__(
        self,
        memory: Memory,
        observer: Observer,
        codec: ButtonCodec,
        quota: HeavyQuota | None = None,
    ) -> None:
        self.memory = memory
        self.observer = observer
        self.codec = codec
        self.quota = quota or HeavyQuota()

    async def dispatch(self, msg: IncomingMessage, turn_id: str) -> list[Reply]:
        """Run the command in ``msg.text`` as the catalogue declares it: only declared
        commands run; a private-only one is refused in a group before anything is read; a
        private-reply one answers in the private chat; a heavy one passes the user's quota."""
        head, _, arg = msg.text.strip().partition(" ")
        name = head[1:].split("@", 1)[0].lower()
        arg = arg.strip()
        spec = spec_of(name)
        handler = getattr(self, f"cmd_{name}", None) if spec is not None else None
        if spec is None or handler is None:
            return [Reply(f"I don't know {head[:40]}. Try /help.")]
        if spec.audience == Where.PRIVATE_ONLY and not msg.is_private:
            log.info("command_refused", command=name, reason="private_only")
            return [Reply(texts.SEND_PRIVATELY.format(command=name))]
        to_private = not msg.is_private and spec.audience == Where.PRIVATE_REPLY
        private = msg.is_private or to_private
        view = self.memory.view(msg.user_key, Audience.PRIVATE if private else Audience.GROUP)
        refusal = self.quota.begin(msg.user_key, name) if spec.heavy else None
        if refusal is not None:
            log.info("command_refused", command=name, reason="quota")
            return [_private(Reply(refusal)) if to_private else Reply(refusal)]
        try:
            replies: list[Reply] = await handler(Call(msg, turn_id, arg, view))
        except InvalidInputError as exc:
            return [Reply(f"Sorry — {exc}.")]
        except NotFoundError:
            return [Reply("I couldn't find that memory. /memories lists them with their ids.")]
        finally:
            if spec.heavy:
                self.quota.end(msg.user_key)
        if to_private:
            # The group hears about it once the private answer got through.
            return [*[_private(r) for r in replies], Reply(texts.PRIVATE_ONLY, after_private=True)]
        return replies

    # ---- basics ----------------------------------------------------------------------------

    async def cmd_start(self, c: Call) -> list[Reply]:
        """Greet and explain."""
        return [Reply(f"Hi {c.msg.display_name}! " + texts.HELP)]

    async def cmd_help(self, c: Call) -> list[Reply]:
        """List the commands."""
        return [Reply(texts.HELP)]

    # ---- remembering and forgetting --------------------------------------------------------

    async def cmd_remember(self, c: Call) -> list[Reply]:
        """``/remember <text>``: explicit, stored even when learning is paused."""
        if not c.arg:
            return [Reply(texts.USAGE["remember"])]
        return await self.remember(c.msg, c.turn_id, c.arg)

    async def remember(self, msg: IncomingMessage, turn_id: str, text: str) -> list[Reply]:
        """Learn ``text`` explicitly, now, and say what happened."""
        view = self.memory.view(
            msg.user_key, Audience.PRIVATE if msg.is_private else Audience.GROUP
        )
        text = text.strip()
        if not text:
            return [Reply(texts.USAGE["remember"])]
        if len(text) > MAX_REMEMBER_CHARS:
            return [
                Reply(
                    f"That's too long to remember in one go ({len(text)} characters; the limit "
                    f"is {MAX_REMEMBER_CHARS}). Could you shorten it or split it up? "
                    "Nothing was saved."
                )
            ]
        turn = turn_of(msg, turn_id, text, explicit=True)
        try:
            result = await self.observer.learn_now(turn)
        except MemoryCoreError as exc:
            log.warning("remember_failed", error_type=type(exc).__name__)
            return [Reply("I couldn't store that just now — it's saved and I'll retry shortly.")]
        replies: list[Reply] = []
        lines: list[str] = []
        for applied in result.applied:
            fact = view.show(applied.fact) if applied.fact is not None else None
            # Said back in the second person, as a sentence (the stored text ends with one).
            shown = f"{yours(fact.value_text, first_name(msg.display_name))}." if fact else ""
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
            replies += await self.ask_conflict(msg, applied.conflict_id)
        return replies

    async def ask_conflict(self, msg: IncomingMessage, conflict_id: int) -> list[Reply]:
        """The question about one of the user's conflicts, for their private chat."""
        # Shown as the user sees it there, whichever chat the command came from.
        conflict = await self.memory.view(msg.user_key, Audience.PRIVATE).conflict(conflict_id)
        if conflict is None:
            return []
        question = questions.conflict_reply(self.codec, conflict)
        await self.memory.conflict_asked(msg.user_key, conflict.id)
        return [question if msg.is_private else _private(question)]

    async def cmd_forget(self, c: Call) -> list[Reply]:
        """``/forget <words|#id>``: show matching memories as buttons."""
        if not c.arg:
            return [Reply(texts.USAGE["forget"])]
        if c.arg.lstrip("#").isdigit():
            facts = [await c.view.fact(_fact_id(c.arg))]
        else:
            facts = _matching(await c.view.search(c.arg, k=5))
        if not facts:
            return [Reply("I don't have a memory matching that.")]
        rev = await self.memory.revision(c.uid)
        who = first_name(c.msg.display_name)
        picks = [
            (
                Button(
                    f"Forget: {texts.short(_capital(yours(f.value_text, who)))}",
                    self.codec.encode(c.uid, Action(ButtonKind.FORGET, f.id, rev=rev)),
                ),
            )
            for f in facts
        ]
        cancel = Button("Cancel", self.codec.encode(c.uid, Action(ButtonKind.CANCEL, rev=rev)))
        rows = (*picks, (cancel,))
        return [Reply("Which one should I forget?", buttons=rows)]

    async def cmd_forgetme(self, c: Call) -> list[Reply]:
        """``/forgetme``: erase everything after a confirmation button."""
        uid = c.uid
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
        return [reply]

    async def cmd_undo(self, c: Call) -> list[Reply]:
        """``/undo``: revert the last change to the user's memory (each /undo one step
        further back); an undone answer to a question asks it again."""
        result = await c.view.undo()
        if not result.reverted:
            return [Reply("There's nothing to undo.")]
        replies = [
            Reply(
                "Undone: "
                + "; ".join(
                    texts.fact_line(f, with_id=False) + f" → {f.status.value}"
                    for f in result.reverted
                )
            )
        ]
        if result.reopened_conflict_id is not None:
            replies += await self.ask_conflict(c.msg, result.reopened_conflict_id)
        return replies

    # ---- looking at memory -----------------------------------------------------------------

    async def cmd_profile(self, c: Call) -> list[Reply]:
        """``/profile``: the materialised profile (rebuilt first when memory changed since),
        by section, with plain confidence."""
        profile = await c.view.profile(fresh=True)
        if profile is None or profile.empty:
            return [Reply("I don't know anything about you yet. Tell me about yourself!")]
        parts = ["Here's what I know about you:"]
        who = first_name(c.msg.display_name)
        people = await c.view.people()
        for name, title in PROFILE_TITLES.items():
            # The people around the user have a section of their own, below.
            entries = [e for e in profile.sections.get(name, ()) if not is_person_key(e.key)]
            if entries:
                parts.append(f"\n{title}")
                parts += [
                    f"• {_capital(yours(e.value_text, who))} — {texts.certainty(e.confidence)}"
                    for e in entries
                ]
        if people:
            parts.append("\nPeople")
            parts += [
                f"• {_capital(person_label(p))}: {'; '.join(person_said(p, who))}" for p in people
            ]
        return [Reply("\n".join(parts))]

    async def cmd_memories(self, c: Call) -> list[Reply]:
        """``/memories [query]``: a page of memories, or search results."""
        return [await self.memories_page(c.view, c.arg, 0)]

    async def memories_page(self, view: UserView, query: str, offset: int) -> Reply:
        """One page of the list (with a "More" button), or search results."""
        uid = view.user_id
        if query:
            found = _matching(await view.search(query, k=PAGE))
            lines = [texts.fact_line(f) for f in found]
            return Reply("\n".join(lines) if lines else f"I have nothing about {_echo(query)}.")
        facts = await view.facts(limit=PAGE + 1, offset=offset)
        if not facts:
            return Reply("No memories yet." if offset == 0 else "That's all.")
        lines = [texts.fact_line(f) for f in facts[:PAGE]]
        buttons: tuple[tuple[Button, ...], ...] = ()
        if len(facts) > PAGE:
            rev = await self.memory.revision(uid)
            more = Action(ButtonKind.PAGE, offset + PAGE, rev=rev)
            buttons = ((Button("More", self.codec.encode(uid, more)),),)
        return Reply("\n".join(lines), buttons=buttons)

    async def cmd_why(self, c: Call) -> list[Reply]:
        """``/why <query>``: which turn taught it, when, and its history."""
        if not c.arg:
            return [Reply(texts.USAGE["why"])]
        if c.arg.lstrip("#").isdigit():
            fact = await c.view.fact(_fact_id(c.arg))
        else:
            found = _matching(await c.view.search(c.arg, k=3))
            if not found:
                return [Reply(f"I have nothing about {_echo(c.arg)}.")]
            fact = found[0]
        history = await c.view.history(fact)
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

    async def cmd_export(self, c: Call) -> list[Reply]:
        """``/export``: MEMORY.md plus a JSON export."""
        # Secrets stay masked unless asked for by name, in the private chat.
        reveal = c.arg.lower() == "secrets" and c.msg.is_private
        export = await c.view.export(c.msg.display_name, reveal_secrets=reveal)
        note = (
            "Edit MEMORY.md and send it back with /import."
            if export.count <= MAX_IMPORT_LINES
            else f"That's all of it — but /import takes at most {MAX_IMPORT_LINES:,} memories, "
            "so this file can't be sent back as it is."
        )
        return [
            Reply(
                f"Your memory ({export.count} items). {note}",
                document=Document("MEMORY.md", export.markdown.encode(), "MEMORY.md"),
            ),
            Reply(
                "The same, as JSON.",
                document=Document("memories.json", export.json.encode(), "memories.json"),
            ),
        ]

    async def cmd_import(self, c: Call) -> list[Reply]:
        """``/import`` with an attached MEMORY.md: show the diff for confirmation."""
        if c.msg.attachment is None:
            return [Reply(texts.USAGE["import"])]
        uid = c.uid
        pending = await c.view.plan_import(c.msg.attachment.content, owner=c.msg.display_name)
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

    async def cmd_pause(self, c: Call) -> list[Reply]:
        """``/pause``: stop automatic learning."""
        await self.memory.update_settings(c.uid, paused=True)
        return [Reply("Paused: I won't learn from our chat until /resume. /remember still works.")]

    async def cmd_resume(self, c: Call) -> list[Reply]:
        """``/resume``: learn automatically again."""
        await self.memory.update_settings(c.uid, paused=False)
        return [Reply("Resumed: I'll learn from our chat again.")]

    async def cmd_reflections(self, c: Call) -> list[Reply]:
        """``/reflections on|off``: weekly reflection posts."""
        if c.arg.lower() not in ("on", "off"):
            return [Reply(texts.USAGE["reflections"])]
        await self.memory.update_settings(c.uid, reflections=c.arg.lower() == "on")
        return [Reply(f"Weekly reflections are {c.arg.lower()}.")]

    async def cmd_new(self, c: Call) -> list[Reply]:
        """``/new``: start a new conversation (the last one gets consolidated)."""
        await self.memory.new_session(c.uid, c.msg.chat_id)
        return [Reply("Started a new conversation. I still remember everything you told me.")]


#: A vector-only hit this similar still counts as "about" the words asked for.
_VECTOR_MATCH = 0.85


def _matching(hits: list[SearchHit]) -> list[Fact]:
    """The facts really about what was asked: a shared word, or a very close meaning (a mere
    nearest neighbour — "pizza" → "Eve is a nurse" — is not an answer)."""
    return [
        h.fact for h in hits if h.fact is not None and (h.lexical > 0 or h.vector >= _VECTOR_MATCH)
    ]


def _echo(query: str) -> str:
    """A query said back: short, and never one with digits in it (a PIN, a password or a
    card number typed as a search must not be repeated)."""
    return "that" if re.search(r"\d", query) else query[:60]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fact_id(arg: str) -> int:
    """``#12`` → 12; anything that is not a plausible memory id is not found (no crash on
    ``#99999999999999999999`` or a superscript digit)."""
    digits = arg.lstrip("#")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
        raise NotFoundError(f"no memory {arg[:20]}")
    return int(digits)


def _private(reply: Reply) -> Reply:
    return Reply(reply.text, reply.buttons, reply.document, private=True)
