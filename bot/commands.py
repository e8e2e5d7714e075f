"""The slash commands, platform-neutral: each returns the replies to send."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from datetime import date
from typing import Protocol

import structlog

from adapters.types import Button, Document, IncomingMessage, Reply
from bot import linking, questions, texts
from bot.buttons import Action, ButtonCodec, ButtonKind
from bot.catalogue import CATALOGUE, Call, Catalogue
from bot.catalogue import Audience as Where
from bot.groups import GroupDesk
from bot.i18n import N_, clauses, day_text, supported, t, tn
from bot.imports import left_out_text, preview_text
from bot.quotas import HeavyQuota
from bot.responder import CARE_REPLY, GROUP_CARE_REPLY, WORRY_REPLY
from bot.slots import counted
from bot.turn import turn_of
from bot.wording import (
    first_name,
    greeting_name,
    knows_user,
    person_label,
    person_said,
    told_name,
)
from memory_core import LearnResult, Memory, Observer, UserView, detect_language
from memory_core.errors import InvalidInputError, MemoryCoreError, NotFoundError
from memory_core.types import (
    MAX_IMPORT_LINES,
    MAX_REMEMBER_CHARS,
    Expire,
    Insert,
    LinkClaimOutcome,
    Noop,
    Pending,
    Person,
    Profile,
    ProfileEntry,
    Supersede,
    Update,
    is_note,
    is_person_key,
    worries_about_someone,
)
from memory_core.values import Audience, Category, Fact, SearchHit, Status, Topic


class PageLinks(Protocol):
    """Where the memory page is (``bot.page.PageServer``): a one-time link, the Mini App."""

    def link(self, user_id: str, name: str | None = None) -> str:
        """A one-time link to ``user_id``'s page."""
        ...

    def mini_app_url(self) -> str:
        """The Telegram Mini App's address."""
        ...


log = structlog.get_logger("bot.commands")
#: Sends a reply to one identity's private chat on its platform: ``(identity, chat, reply)``
#: → delivered (the notifier's; a link confirmation goes to the code's issuer).
SendTo = Callable[[str, str, Reply], Awaitable[bool]]
PAGE = 10
#: /profile sections (memory_core.jobs.profile) and their titles, in display order.
PROFILE_TITLES = {
    "identity": N_("About you"),
    "hard_preferences": N_("Firm preferences"),
    # Goals, plans and projects ("you want to run a half marathon"): no "tasks".
    "current_tasks": N_("Plans and goals"),
    "soft_preferences": N_("Preferences"),
    "sensitive_topics": N_("Private"),
    "notes": N_("Notes (in your own words)"),
    "other": N_("Other"),
    "insights": N_("My impressions (/forget any you disagree with)"),
    "procedures": N_("How you like things done"),
}
#: MEMORY.md's sections in the user's language (the titles the memory page and /profile show,
#: which an edited file's /import reads back into the same categories).
EXPORT_TITLES = {
    Category.IDENTITY: N_("About you"),
    Category.HARD_PREFERENCE: N_("Firm preferences"),
    Category.SOFT_PREFERENCE: N_("Preferences"),
    Category.TASK_CONTEXT: N_("Plans and goals"),
    Category.RELATIONSHIP: N_("People"),
    Category.HEALTH: N_("Health"),
    Category.FINANCE: N_("Money"),
    Category.IDENTITY_DOCUMENT: N_("Documents"),
    Category.CREDENTIAL: N_("Secrets"),
    Category.REFLECTION: N_("Reflections"),
    Category.PROCEDURAL: N_("How you like things done"),
    Category.OTHER: N_("Other"),
}
#: A history event (memory_core's fact_history) in words.
HISTORY_EVENTS = {
    "created": N_("learned"),
    "updated": N_("updated"),
    "superseded": N_("replaced by something newer"),
    "confirmed": N_("confirmed"),
    "mentioned": N_("mentioned again"),
    "pending": N_("waiting for your answer"),
    "expired": N_("no longer true"),
    "forgotten": N_("forgotten"),
    "deleted": N_("removed"),
    "rejected": N_("not kept"),
    "linked": N_("linked to a related memory"),
    "merged": N_("merged with a matching memory"),
    "restored": N_("restored"),
    "decayed": N_("faded"),
    "faded": N_("faded"),
}
#: The events the expiry job writes when a change the user stated stood unanswered for 7 days
#: (memory_core's ``expire_due``: the only "updated"/"superseded" rows by the system).
LAPSED_EVENTS = {
    "updated": N_("you didn't answer, so what you said last stands"),
    "superseded": N_("replaced by what you said last (you didn't answer)"),
}
#: What an /undo did to each memory, by the status it is back in.
UNDONE = {
    Status.ACTIVE: N_("{fact} (back in your memory)"),
    Status.PENDING: N_("{fact} (waiting for your answer)"),
    Status.DELETED: N_("{fact} (removed)"),
    Status.SUPERSEDED: N_("{fact} (no longer current)"),
    Status.EXPIRED: N_("{fact} (no longer current)"),
}


async def _excerpt(c: Call, e: ProfileEntry) -> str | None:
    """The user's words a /profile entry was read from ("" when none were kept), or ``None``
    when the fact is gone meanwhile."""
    try:
        return texts.own_words(await c.view.fact(e.fact_id))
    except NotFoundError:
        return None


def _listed(lang: str, fact: Fact, who: str | None) -> str:
    """A memory said to its owner as /profile says it (a fact no phrase of ``lang`` fits
    quoted from their words, never an English sentence in another language)."""
    value = texts.slot_value(fact)
    excerpt = texts.own_words(fact)
    return texts.listed_words(lang, fact.key, fact.value_text, value, who, excerpt, in_notes=True)


def _note_words(profile: Profile) -> set[str]:
    """The words of every note /profile shows (a fact read from the same words is not quoted
    again)."""
    return {
        texts.said_alike(e.value_text)
        for entries in profile.sections.values()
        for e in entries
        if is_note(e.key)
    }


def _person_line(person: Person, who: str | None, lang: str) -> str:
    """One of the user's people in /profile: "• Tom, your brother: he lives in Rome"; a
    person known only by name and relation is that label alone ("• Sam, your spouse", not
    "…: your spouse is named Sam")."""
    if not person.name and person.facts and all(counted(f.key, f.value_text) for f in person.facts):
        # "Deine Tochter: you have 2 daughters" was a count said as if it were one person.
        return "• " + _capital(clauses(lang, person_said(person, who, lang, counts=True)))
    label = _capital(person_label(person, lang))
    told = [f for f in person.about() if not counted(f.key, f.value_text)]
    if person.name and person.relation and not told:
        return f"• {label}"
    # i18n: one of the user's people and what they said of them ("Tom, your brother: your
    # brother lives in Rome").
    said = clauses(lang, person_said(person, who, lang))
    return "• " + t(lang, "{person}: {said}", person=label, said=said)


#: Users whose open /forget choice is remembered (the oldest is let go beyond it).
_FORGET_ASKED_KEPT = 10_000


class Commands:
    """Dispatches ``/command args`` to a method."""

    def __init__(
        self,
        memory: Memory,
        observer: Observer,
        codec: ButtonCodec,
        quota: HeavyQuota | None = None,
        send_to: SendTo | None = None,
        *,
        page: PageLinks | None = None,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.memory = memory
        self.observer = observer
        self.codec = codec
        self.quota = quota or HeavyQuota()
        #: How a link confirmation reaches the platform that issued the code.
        self.send_to = send_to
        #: The group's own memory: hearing statements, /groupmemory.
        self.groups = GroupDesk(memory, codec)
        #: The memory page (``None``: not served, ``/memories web`` says so).
        self.page = page
        #: The commands there are (``bot.catalogue``): dispatch, /help and the menus.
        self.catalogue = catalogue if catalogue is not None else CATALOGUE
        #: Users shown /forget's choice, with their memory's revision then: an /undo while
        #: nothing changed since has no forget to undo (and must undo nothing else).
        self._forget_asked: dict[str, int] = {}

    async def dispatch(self, msg: IncomingMessage, turn_id: str) -> list[Reply]:
        """Run the command in ``msg.text`` as the catalogue declares it: only declared
        commands run; a private-only one is refused in a group before anything is read; a
        private-reply one answers in the private chat; a heavy one passes the user's quota."""
        head, _, arg = msg.text.strip().partition(" ")
        name = head[1:].split("@", 1)[0].lower()
        arg = arg.strip()
        lang = msg.language or "en"
        spec = self.catalogue.get(name)
        handler = None if spec is None else spec.run or getattr(self, f"cmd_{name}", None)
        if spec is None or handler is None:
            return [Reply(t(lang, "I don't know {command}. Try /help.", command=head[:40]))]
        if spec.audience == Where.PRIVATE_ONLY and not msg.is_private:
            log.info("command_refused", command=name, reason="private_only")
            if name == "link" and arg:
                # A link code posted in a group is known to its members: void it (only its
                # hash is looked up; nothing else of the message is read).
                await self.memory.void_link_code(arg)
            return [Reply(t(lang, texts.SEND_PRIVATELY, command=name))]
        to_private = not msg.is_private and spec.audience == Where.PRIVATE_REPLY
        private = msg.is_private or to_private
        view = self.memory.view(msg.user_key, Audience.PRIVATE if private else Audience.GROUP)
        refusal = self.quota.begin(msg.user_key, name, lang) if spec.heavy else None
        if refusal is not None:
            log.info("command_refused", command=name, reason="quota")
            return [_private(Reply(refusal)) if to_private else Reply(refusal)]
        try:
            replies: list[Reply] = await handler(Call(msg, turn_id, arg, view))
        except InvalidInputError as exc:
            log.info("command_input_refused", command=name, error=str(exc)[:80])
            reason = texts.refusal(lang, exc)
            return [Reply(t(lang, "Sorry — I can't use that: {reason}.", reason=reason))]
        except NotFoundError:
            return [
                Reply(t(lang, "I couldn't find that memory. /memories lists them with their ids."))
            ]
        finally:
            if spec.heavy:
                self.quota.end(msg.user_key)
        if to_private:
            # The group hears about it once the private answer got through.
            notice = Reply(t(lang, texts.PRIVATE_ONLY), after_private=True)
            return [*[_private(r) for r in replies], notice]
        return replies

    # ---- basics ----------------------------------------------------------------------------

    async def cmd_start(self, c: Call) -> list[Reply]:
        """Greet: a new user hears what the bot does (the help text), a user it already
        knows a short welcome back by name and where the help is."""
        profile = await c.view.profile(fresh=True)
        # A platform handle ("jaz_m") is no name to greet by: "Hi!" then.
        name = told_name(profile) or greeting_name(c.msg.display_name)
        hello = t(c.lang, "Hi {name}!", name=name) if name else t(c.lang, "Hi!")
        if knows_user(profile):
            back = t(
                c.lang,
                "Welcome back — I still remember what you told me. /help lists what I can do.",
            )
            return [Reply(f"{hello} {back}")]
        return [Reply(f"{hello} {self.catalogue.help_text(c.lang)}")]

    async def cmd_help(self, c: Call) -> list[Reply]:
        """List the commands (``bot.catalogue``)."""
        return [Reply(self.catalogue.help_text(c.lang))]

    # ---- remembering and forgetting --------------------------------------------------------

    async def cmd_remember(self, c: Call) -> list[Reply]:
        """``/remember <text>``: explicit, stored even when learning is paused."""
        if not c.arg:
            return [Reply(texts.usage(c.lang, "remember"))]
        return await self.remember(c.msg, c.turn_id, c.arg)

    async def remember(self, msg: IncomingMessage, turn_id: str, text: str) -> list[Reply]:
        """Learn ``text`` explicitly, now, and say what happened."""
        view = self.memory.view(
            msg.user_key, Audience.PRIVATE if msg.is_private else Audience.GROUP
        )
        lang = msg.language or "en"
        text = text.strip()
        if (refused := _not_rememberable(text, lang)) is not None:
            return [refused]
        turn = turn_of(msg, turn_id, text, explicit=True)
        try:
            result = await self.observer.learn_now(turn)
        except MemoryCoreError as exc:
            log.warning("remember_failed", error_type=type(exc).__name__)
            return [
                Reply(
                    t(lang, "I couldn't store that just now — it's saved and I'll retry shortly.")
                )
            ]
        replies: list[Reply] = []
        if await self.memory.read_topic(text) == Topic.SELF_HARM:
            return await self._remembered_with_care(msg, text, lang, result)
        name = first_name(msg.display_name)
        said = [_remembered_line(a.decision, a.fact, view, name, lang) for a in result.applied]
        lines = [line for line in said if line]
        if not lines:
            lines.append(t(lang, "I couldn't find anything to remember in that."))
        replies.append(Reply("\n".join(dict.fromkeys(lines))))
        for applied in result.conflicts:
            assert applied.conflict_id is not None
            replies += await self.ask_conflict(msg, applied.conflict_id)
        return replies

    async def _remembered_with_care(
        self, msg: IncomingMessage, text: str, lang: str, result: LearnResult
    ) -> list[Reply]:
        """Kept (privately), but self-harm is answered with care and where to find help, in
        the language it was written in — never "Got it — I'll remember: …"; a group hears the
        short caring word only."""
        said_in = supported(detect_language(text)) or lang
        worry = worries_about_someone(text)
        reply, pointer = (
            (WORRY_REPLY, texts.HELP_POINTER_SOMEONE) if worry else (CARE_REPLY, texts.HELP_POINTER)
        )
        care = (
            f"{t(said_in, reply)}\n\n{t(said_in, pointer)}"
            if msg.is_private
            else t(said_in, GROUP_CARE_REPLY)
        )
        replies = [Reply(care)]
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
        question = questions.conflict_reply(
            self.codec, conflict, msg.language or "en", who=first_name(msg.display_name)
        )
        await self.memory.conflict_asked(msg.user_key, conflict.id)
        return [question if msg.is_private else _private(question)]

    async def cmd_forget(self, c: Call) -> list[Reply]:
        """``/forget <words|#id>``: show matching memories as buttons."""
        if not c.arg:
            return [Reply(texts.usage(c.lang, "forget"))]
        if c.arg.lstrip("#").isdigit():
            facts = [await c.view.fact(_fact_id(c.arg))]
        else:
            facts = _matching(await c.view.search(c.arg, k=5, procedures=True))
        if not facts:
            return [Reply(t(c.lang, "I don't have a memory matching that."))]
        rev = await self.memory.revision(c.uid)
        who = first_name(c.msg.display_name)
        picks = [
            (
                Button(
                    t(
                        c.lang,
                        "Forget: {fact}",
                        fact=texts.short(_listed(c.lang, f, who)),
                    ),
                    self.codec.encode(c.uid, Action(ButtonKind.FORGET, f.id, rev=rev)),
                ),
            )
            for f in facts
        ]
        cancel = Button(
            t(c.lang, "Cancel"), self.codec.encode(c.uid, Action(ButtonKind.CANCEL, rev=rev))
        )
        rows = (*picks, (cancel,))
        self._forget_asked.pop(c.uid, None)
        while len(self._forget_asked) >= _FORGET_ASKED_KEPT:
            del self._forget_asked[next(iter(self._forget_asked))]  # the oldest first
        self._forget_asked[c.uid] = rev
        return [Reply(t(c.lang, "Which one should I forget?"), buttons=rows)]

    async def cmd_forgetme(self, c: Call) -> list[Reply]:
        """``/forgetme``: erase everything after a confirmation button (a person linked
        across platforms may erase only this platform's identity instead)."""
        uid = c.uid
        rev = await self.memory.revision(uid)
        linked = [i.identity for i in await self.memory.linked_identities(uid)]
        if len(linked) > 1:
            here = c.msg.identity
            others = [i for i in linked if i != here]
            return [
                Reply(
                    t(
                        c.lang,
                        "You use one memory on {platforms}. Should I delete everything I know "
                        "about you, everywhere? Or only this {platform} account: it is unlinked "
                        "and our conversations here are deleted, while your memories stay on "
                        "{others}. It cannot be undone.",
                        platforms=linking.platforms_text(c.lang, linked),
                        platform=linking.platform_name(c.lang, here),
                        others=linking.platforms_text(c.lang, others),
                    ),
                    buttons=(
                        (
                            Button(
                                t(c.lang, "Everything, everywhere"),
                                self.codec.encode(uid, Action(ButtonKind.FORGET_ME, rev=rev)),
                            ),
                        ),
                        (
                            Button(
                                t(
                                    c.lang,
                                    "Only this {platform} account",
                                    platform=linking.platform_name(c.lang, here),
                                ),
                                self.codec.encode(uid, Action(ButtonKind.FORGET_ME_HERE, rev=rev)),
                            ),
                        ),
                        (
                            Button(
                                t(c.lang, "Cancel"),
                                self.codec.encode(uid, Action(ButtonKind.CANCEL, rev=rev)),
                            ),
                        ),
                    ),
                )
            ]
        reply = Reply(
            t(
                c.lang,
                "This deletes everything I know about you — memories, history and our past "
                "messages. It cannot be undone. Are you sure?",
            ),
            buttons=(
                (
                    Button(
                        t(c.lang, "Yes, delete everything"),
                        self.codec.encode(uid, Action(ButtonKind.FORGET_ME, rev=rev)),
                    ),
                    Button(
                        t(c.lang, "Cancel"),
                        self.codec.encode(uid, Action(ButtonKind.CANCEL, rev=rev)),
                    ),
                ),
            ),
        )
        return [reply]

    async def cmd_undo(self, c: Call) -> list[Reply]:
        """``/undo``: revert the last change to the user's memory (each /undo one step
        further back); an undone answer to a question asks it again. While /forget's choice
        is still open (nothing changed since it was shown), nothing was forgotten: it says so
        and undoes nothing — the last thing learned is no forget."""
        asked = self._forget_asked.pop(c.uid, None)
        if asked is not None and asked == await self.memory.revision(c.uid):
            return [
                Reply(
                    t(
                        c.lang,
                        "Nothing has been forgotten yet, so there's nothing to undo — "
                        "your memories are as they were.",
                    )
                )
            ]
        result = await c.view.undo()
        if not result.reverted:
            return [Reply(t(c.lang, "There's nothing to undo."))]
        undone = [
            t(
                c.lang,
                UNDONE.get(f.status, "{fact}"),
                # "You live in Berlin (back in your memory)": one sentence, its status once.
                fact=texts.fact_line(f, c.lang, c.who, with_id=False, flag=False).rstrip("."),
            )
            for f in result.reverted
        ]
        replies = [Reply(t(c.lang, "Undone: {changes}", changes=clauses(c.lang, undone)))]
        if result.reopened_conflict_id is not None:
            replies += await self.ask_conflict(c.msg, result.reopened_conflict_id)
        return replies

    # ---- looking at memory -----------------------------------------------------------------

    async def cmd_profile(self, c: Call) -> list[Reply]:
        """``/profile``: the materialised profile (rebuilt first when memory changed since),
        by section, with plain confidence."""
        profile = await c.view.profile(fresh=True, shown=True)
        # What time faded is not gone silently: the profile says how much, and where it is.
        faded = len(await c.view.faded(limit=100))
        gone = (
            tn(
                c.lang,
                "One memory has faded (unused for months): /memories lists it, /restore "
                "brings it back.",
                "{n} memories have faded (unused for months): /memories lists them, /restore "
                "brings one back.",
                faded,
            )
            if faded
            else ""
        )
        if profile is None or profile.empty:
            empty = t(c.lang, "I don't know anything about you yet. Tell me about yourself!")
            return [self._with_page_button(Reply(f"{empty}\n\n{gone}" if gone else empty), c)]
        parts = [t(c.lang, "Here's what I know about you:")]
        who = first_name(c.msg.display_name)
        people = await c.view.people()
        quoted = _note_words(profile)
        for name, title in PROFILE_TITLES.items():
            # The people around the user have a section of their own, below.
            entries = [e for e in profile.sections.get(name, ()) if not is_person_key(e.key)]
            if entries and name == "procedures":
                parts.append(f"\n{t(c.lang, title)}")
                parts += [texts.procedure_lines(e.key, e.value_text) for e in entries]
            elif entries:
                lines = [
                    f"• {said} — {texts.certainty(e.confidence, c.lang)}"
                    for e in texts.shown_entries(entries)
                    if (said := await self._profile_words(c, e, name, quoted, who))
                ]
                parts += [f"\n{t(c.lang, title)}", *lines] if lines else []
        if people:
            parts.append(f"\n{t(c.lang, 'People')}")
            parts += [_person_line(p, who, c.lang) for p in people]
        if gone:
            parts.append(f"\n{gone}")
        return [self._with_page_button(Reply("\n".join(parts)), c)]

    async def _profile_words(
        self, c: Call, e: ProfileEntry, section: str, notes: set[str], who: str | None
    ) -> str:
        """One /profile entry said to the user in their language (``texts.listed_words``;
        the user's words it was read from fetched only when they matter)."""
        needed = texts.needs_excerpt(c.lang, e.key, e.value_text, e.slot_value)
        excerpt = await _excerpt(c, e) if needed else None
        return texts.listed_words(
            c.lang,
            e.key,
            e.value_text,
            e.slot_value,
            who,
            excerpt,
            in_notes=section == "notes",
            notes=notes,
        )

    async def cmd_memories(self, c: Call) -> list[Reply]:
        """``/memories [query]``: a page of memories, or search results; ``/memories web``:
        a one-time link to the memory page (private chats only)."""
        if c.arg.lower() == "web":
            return [self.page_link(c)]
        return [
            self._with_page_button(await self.memories_page(c.view, c.arg, 0, c.lang, c.who), c)
        ]

    def page_link(self, c: Call) -> Reply:
        """The memory page for the caller: a Mini App button on Telegram, a one-time link
        (15 minutes, single use) elsewhere; never in a group."""
        if self.page is None:
            return Reply(t(c.lang, "The memory page isn't switched on for this bot."))
        if not c.msg.is_private:
            log.info("page_link_refused", user_id=c.uid, reason="group")
            return Reply(t(c.lang, texts.SEND_PRIVATELY, command="memories web"))
        if c.msg.platform == "telegram":
            button = Button(t(c.lang, "Open memory"), "", web_app=self.page.mini_app_url())
            return Reply(t(c.lang, "Your memory, as a page:"), buttons=((button,),))
        link = self.page.link(c.msg.identity, c.who)
        log.info("page_link_made", user_id=c.uid)
        return Reply(
            t(
                c.lang,
                "Your memory, as a page (the link works once, for 15 minutes — don't share "
                "it): {link}",
                link=link,
            )
        )

    def _with_page_button(self, reply: Reply, c: Call) -> Reply:
        """An "Open memory" Mini App button under a private Telegram reply."""
        if self.page is None or c.msg.platform != "telegram" or not c.msg.is_private:
            return reply
        button = Button(t(c.lang, "Open memory"), "", web_app=self.page.mini_app_url())
        return dataclasses.replace(reply, buttons=(*reply.buttons, (button,)))

    async def memories_page(
        self, view: UserView, query: str, offset: int, lang: str = "en", who: str | None = None
    ) -> Reply:
        """One page of the list (with a "More" button), or search results, said to ``who``."""
        uid = view.user_id
        if query:
            found = _matching(await view.search(query, k=PAGE, procedures=True))
            lines = texts.fact_lines(found, lang, who)
            nothing = t(lang, "I have nothing about {topic}.", topic=_echo(query, lang))
            return Reply("\n".join(lines) if lines else nothing)
        facts = await view.facts(limit=PAGE + 1, offset=offset)
        faded = await view.faded(limit=PAGE) if offset == 0 else []
        if not facts and not faded:
            return Reply(t(lang, "No memories yet.") if offset == 0 else t(lang, "That's all."))
        lines = texts.fact_lines(facts[:PAGE], lang, who)
        if faded:
            # Unused for months: not forgotten, not in my answers — one command away.
            lines += [
                "",
                t(lang, texts.FADED_TITLE),
                *(texts.fact_line(f, lang, who) for f in faded),
            ]
        buttons: tuple[tuple[Button, ...], ...] = ()
        if len(facts) > PAGE:
            rev = await self.memory.revision(uid)
            more = Action(ButtonKind.PAGE, offset + PAGE, rev=rev)
            buttons = ((Button(t(lang, "More"), self.codec.encode(uid, more)),),)
        return Reply("\n".join(lines), buttons=buttons)

    async def cmd_restore(self, c: Call) -> list[Reply]:
        """``/restore <#id>``: bring back a faded memory (it no longer fades)."""
        if not c.arg.lstrip("#").isdigit():
            return [Reply(texts.usage(c.lang, "restore"))]
        fact = await c.view.restore(_fact_id(c.arg))
        line = texts.fact_line(fact, c.lang, with_id=False)
        return [Reply(t(c.lang, "Restored: {fact}", fact=line))]

    async def cmd_why(self, c: Call) -> list[Reply]:
        """``/why <query>``: which turn taught it, when, and its history."""
        lang = c.lang
        if not c.arg:
            return [Reply(texts.usage(lang, "why"))]
        if c.arg.lstrip("#").isdigit():
            fact = await c.view.fact(_fact_id(c.arg))
        else:
            found = _matching(await c.view.search(c.arg, k=3))
            if not found:
                return [Reply(t(lang, "I have nothing about {topic}.", topic=_echo(c.arg, lang)))]
            fact = found[0]
        history = await c.view.history(fact)
        learned = day_text(lang, fact.created_at)
        quote = texts.quotable_source(fact)
        imported = texts.imported_from(fact)
        if imported is not None:
            source = t(lang, "Imported from {source} on {day}.", source=imported, day=learned)
        elif quote is not None:
            source = t(
                lang, "I learned it on {day} from your message: “{quote}”", day=learned, quote=quote
            )
        else:
            source = t(lang, "I learned it on {day}.", day=learned)
        lines = [
            texts.fact_line(fact, lang, c.who),
            source,
            t(lang, "How sure I am: {certainty}.", certainty=texts.certainty(fact.confidence, lang))
            + " "
            + tn(
                lang,
                "You've mentioned it once.",
                "You've mentioned it {n} times.",
                max(fact.mention_count, 1),
            ),
        ]
        if history:
            lines.append(t(lang, "What happened to it:"))
            for e in history[-8:]:
                state = e.after or e.before or {}
                value = str(state.get("value_text", ""))
                lapsed = LAPSED_EVENTS.get(e.event) if e.actor == "system" else None
                what = t(lang, lapsed or HISTORY_EVENTS.get(e.event, N_("changed")))
                # The row's own slot value ("Your name is Оля" was English in a French /why
                # when the fact has changed since); an older row without one: the shown
                # fact's, when the row says the same.
                slot_value = _history_value(state, fact, value)
                key = str(state.get("key") or fact.key)
                # The fact's own words say a row that holds what it holds ("„Ich singe im
                # Chor“"); an older value's words are not known.
                same = key == fact.key and value == fact.value_text
                excerpt = texts.own_words(fact) if same else None
                said = (
                    texts.listed_words(lang, key, value, slot_value, c.who, excerpt, in_notes=True)
                    if value
                    else ""
                )[:80]
                lines.append(f"• {day_text(lang, e.ts)}: {what}" + (f" — {said}" if said else ""))
        return [Reply("\n".join(lines))]

    # ---- sovereignty: export / import ------------------------------------------------------

    async def cmd_export(self, c: Call) -> list[Reply]:
        """``/export``: MEMORY.md plus a JSON export."""
        # Secrets stay masked unless asked for by name, in the private chat.
        reveal = c.arg.lower() == "secrets" and c.msg.is_private
        english = c.lang == "en"  # English keeps MEMORY.md's own titles
        export = await c.view.export(
            c.msg.display_name,
            reveal_secrets=reveal,
            titles=None if english else {k: t(c.lang, v) for k, v in EXPORT_TITLES.items()},
            heading=None if english else f"{t(c.lang, 'Memory')} — {c.msg.display_name}",
        )
        note = (
            t(c.lang, "Edit MEMORY.md and send it back with /import.")
            if export.count <= MAX_IMPORT_LINES
            else t(
                c.lang,
                "That's all of it — but /import takes at most {limit} memories, so this file "
                "can't be sent back as it is.",
                limit=f"{MAX_IMPORT_LINES:,}",
            )
        )
        linked = [i.identity for i in await self.memory.linked_identities(c.uid)]
        if len(linked) > 1:
            note += "\n" + t(
                c.lang,
                "Linked accounts sharing this memory: {accounts}",
                accounts=", ".join(
                    f"{linking.platform_name(c.lang, i)} ({i.partition(':')[2]})" for i in linked
                ),
            )
        return [
            Reply(
                tn(
                    c.lang,
                    "Your memory ({n} item). {note}",
                    "Your memory ({n} items). {note}",
                    export.count,
                    note=note,
                ),
                document=Document("MEMORY.md", export.markdown.encode(), "MEMORY.md"),
            ),
            Reply(
                t(c.lang, "The same, as JSON."),
                document=Document("memories.json", export.json.encode(), "memories.json"),
            ),
        ]

    async def cmd_import(self, c: Call) -> list[Reply]:
        """``/import`` with an attached MEMORY.md: show the diff for confirmation."""
        if c.msg.attachment is None:
            return [Reply(texts.usage(c.lang, "import"))]
        uid = c.uid
        pending = await c.view.plan_import(c.msg.attachment.content, owner=c.msg.display_name)
        if pending.import_id is None:
            left_out = left_out_text(pending.plan, c.lang)
            same = t(c.lang, "That file matches what I already have — nothing to change.")
            return [Reply(left_out or same)]
        rev = await self.memory.revision(uid)

        def button(label: str, kind: ButtonKind) -> Button:
            assert pending.import_id is not None
            return Button(label, self.codec.encode(uid, Action(kind, pending.import_id, rev=rev)))

        intro = t(c.lang, "Here's what your file changes:")
        if pending.plan.source:
            intro = t(
                c.lang,
                "Here's what your {source} memory export adds (each memory will say it was "
                "imported from {source} on {day}):",
                source=texts.FOREIGN_SOURCES.get(pending.plan.source, pending.plan.source),
                day=day_text(c.lang, date.fromisoformat(pending.plan.imported_on)),
            )
        return [
            Reply(
                intro
                + "\n"
                + preview_text(pending.shown, c.lang, c.msg.display_name)
                + "\n\n"
                + t(c.lang, "Apply these changes?"),
                buttons=(
                    (
                        button(t(c.lang, "Apply"), ButtonKind.IMPORT_APPLY),
                        button(t(c.lang, "Cancel"), ButtonKind.IMPORT_CANCEL),
                    ),
                ),
            )
        ]

    # ---- one person on several platforms ---------------------------------------------------

    async def cmd_link(self, c: Call) -> list[Reply]:
        """``/link``: a one-time code for this account; ``/link CODE`` (sent from the other
        platform): the account that asked for the code is asked to confirm there."""
        identity = c.msg.identity
        if not c.arg:
            issued = await self.memory.issue_link_code(identity, c.msg.chat_id)
            if issued.code is None:
                return [
                    Reply(
                        t(
                            c.lang,
                            "You've asked for several codes in the last hour. Please wait a "
                            "while, then try again.",
                        )
                    )
                ]
            return [linking.code_reply(c.lang, issued.code)]
        claim = await self.memory.claim_link_code(identity, c.msg.display_name, c.arg)
        delivered = False
        if claim.outcome == LinkClaimOutcome.CLAIMED:
            assert claim.issuer and claim.issuer_chat and claim.owner and claim.code_id
            question = linking.confirm_question(
                self.codec, c.lang, claim.owner, claim.code_id, identity, c.msg.display_name
            )
            if self.send_to is not None:
                delivered = await self.send_to(claim.issuer, claim.issuer_chat, question)
        return [Reply(linking.claim_answer(c.lang, claim.outcome, claim.issuer, delivered))]

    async def cmd_unlink(self, c: Call) -> list[Reply]:
        """``/unlink``: this account leaves the person; the memory stays with the others."""
        unlinked = await self.memory.unlink(c.msg.identity)
        if unlinked.new_owner is None:
            return [Reply(t(c.lang, "This account isn't linked to another platform."))]
        return [
            Reply(
                t(
                    c.lang,
                    "Unlinked. Your memory stays with {others}; here on {platform} I start "
                    "with an empty memory. (To bring memories here: /export there, then "
                    "/import here.)",
                    others=linking.platforms_text(c.lang, list(unlinked.kept_by)),
                    platform=linking.platform_name(c.lang, c.msg.identity),
                )
            )
        ]

    # ---- switches --------------------------------------------------------------------------

    async def cmd_groupmemory(self, c: Call) -> list[Reply]:
        """The group's memory: show it, forget an entry, or switch one's consent."""
        return await self.groups.command(c.msg, c.arg)

    async def cmd_pause(self, c: Call) -> list[Reply]:
        """``/pause``: stop automatic learning."""
        await self.memory.update_settings(c.uid, paused=True)
        return [
            Reply(
                t(
                    c.lang,
                    "Paused: I won't learn from our chat until /resume. /remember still works.",
                )
            )
        ]

    async def cmd_resume(self, c: Call) -> list[Reply]:
        """``/resume``: learn automatically again."""
        await self.memory.update_settings(c.uid, paused=False)
        return [Reply(t(c.lang, "Resumed: I'll learn from our chat again."))]

    async def cmd_reflections(self, c: Call) -> list[Reply]:
        """``/reflections on|off``: weekly reflection posts."""
        if c.arg.lower() not in ("on", "off"):
            return [Reply(texts.usage(c.lang, "reflections"))]
        on = c.arg.lower() == "on"
        await self.memory.update_settings(c.uid, reflections=on)
        if on:
            return [Reply(t(c.lang, "Weekly reflections are on."))]
        return [Reply(t(c.lang, "Weekly reflections are off."))]

    async def cmd_new(self, c: Call) -> list[Reply]:
        """``/new``: start a new conversation (the last one gets consolidated)."""
        await self.memory.new_session(c.uid, c.msg.chat_id)
        return [
            Reply(t(c.lang, "Started a new conversation. I still remember everything you told me."))
        ]


#: A vector-only hit this similar still counts as "about" the words asked for.
_VECTOR_MATCH = 0.85


def _matching(hits: list[SearchHit]) -> list[Fact]:
    """The facts really about what was asked: a shared word, or a very close meaning (a mere
    nearest neighbour — "pizza" → "Eve is a nurse" — is not an answer)."""
    return [
        h.fact for h in hits if h.fact is not None and (h.lexical > 0 or h.vector >= _VECTOR_MATCH)
    ]


def _echo(query: str, lang: str = "en") -> str:
    """A query said back: short, and never one with digits in it, typed or said as words (a
    PIN, a password, a door code or a card number typed as a search must not be repeated)."""
    secret = re.search(r"\d", query) or Memory.holds_spoken_code(query)
    return t(lang, "that") if secret else query[:60]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fact_id(arg: str) -> int:
    """``#12`` → 12; anything that is not a plausible memory id is not found (no crash on
    ``#99999999999999999999`` or a superscript digit)."""
    digits = arg.lstrip("#")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
        raise NotFoundError(f"no memory {arg[:20]}")
    return int(digits)


def _remembered_line(
    decision: object, fact: Fact | None, view: UserView, name: str | None, lang: str
) -> str:
    """What /remember says of one applied decision about ``fact`` ("" when nothing)."""
    if fact is not None and view.hides(fact):
        # The same words, new or known, and no id: "I already knew that: (private)" told a
        # group of an older private memory.
        return t(lang, texts.KEPT_PRIVATE)
    shown_fact = view.show(fact) if fact is not None else None
    # Said back in the second person, as a sentence (the stored text ends with one).
    shown = texts.said_to_user(shown_fact, name, lang) if shown_fact else ""
    match decision:
        case Insert() | Supersede() | Update():
            ident = shown_fact.id if shown_fact else "?"
            return t(lang, "Got it — I'll remember: {fact} (#{id})", fact=shown, id=ident)
        case Noop():
            return t(lang, "I already knew that: {fact}", fact=shown)
        case Expire():
            return t(lang, "Noted — that's no longer true: {fact}", fact=shown)
        case Pending():
            return t(lang, "That's different from what I had — see the question below.")
    return ""


def _private(reply: Reply) -> Reply:
    return Reply(reply.text, reply.buttons, reply.document, private=True)


def _history_value(state: dict[str, object], fact: Fact, value_text: str) -> object:
    """The slot value a history row recorded, else the shown fact's when the row's text is
    the fact's (``None``: no slot value to say)."""
    recorded = state.get("value_json")
    if isinstance(recorded, dict):
        return recorded.get("value")
    if value_text == fact.value_text and isinstance(fact.value_json, dict):
        return fact.value_json.get("value")
    return None


def _not_rememberable(text: str, lang: str) -> Reply | None:
    """The reply to a ``/remember`` with nothing to keep, or too much at once (``None``: fine)."""
    if not text:
        return Reply(texts.usage(lang, "remember"))
    if len(text) > MAX_REMEMBER_CHARS:
        return Reply(
            t(
                lang,
                "That's too long to remember in one go ({length} characters; the limit "
                "is {limit}). Could you shorten it or split it up? Nothing was saved.",
                length=len(text),
                limit=MAX_REMEMBER_CHARS,
            )
        )
    return None
