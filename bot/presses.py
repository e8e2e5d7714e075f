"""Button presses: verify, then act through a table from button kind to handler."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import structlog

from adapters.types import ButtonPress, PressResult, Reply
from bot import linking, questions, texts
from bot.buttons import Action, ButtonCodec, ButtonKind, Verdict
from bot.groups import GroupDesk
from bot.i18n import t, tn
from bot.imports import ImportRunner
from bot.quotas import HeavyQuota
from bot.wording import first_name
from memory_core import Memory, UserView
from memory_core.errors import NotFoundError
from memory_core.types import ConflictChoice, ConflictOutcome, LinkOutcome, QuestionAnswer
from memory_core.values import Audience, Fact

log = structlog.get_logger("bot.presses")

#: Renders one page of /memories at an offset (``Commands.memories_page``).
PageFn = Callable[[UserView, str, int, str, str | None], Awaitable[Reply]]
Handler = Callable[["Press", Action], Awaitable[PressResult]]


class Press:
    """A verified press and the presser's memory as the pressed message's audience sees it."""

    __slots__ = ("press", "view")

    def __init__(self, press: ButtonPress, view: UserView) -> None:
        self.press = press
        self.view = view

    @property
    def lang(self) -> str:
        """The language to answer the presser in."""
        return self.press.language or "en"

    def said(self, fact: Fact) -> str:
        """A fact said back to the presser: "You moved to Lisbon and live there."."""
        return texts.said_to_user(fact, first_name(self.press.display_name), self.lang)


class Presses:
    """Routes verified button actions; forged or foreign data changes nothing."""

    def __init__(
        self,
        memory: Memory,
        codec: ButtonCodec,
        page: PageFn,
        imports: ImportRunner,
        quota: HeavyQuota,
    ) -> None:
        self.memory = memory
        self.codec = codec
        self.page = page
        self.imports = imports
        self.quota = quota
        #: Buttons bound to a group (its conflicts, forget) and the members' consent.
        self.groups = GroupDesk(memory, codec)
        self.handlers: dict[ButtonKind, Handler] = {
            ButtonKind.CONFLICT: self.conflict,
            ButtonKind.FORGET: self.forget,
            ButtonKind.CANCEL: self.cancel,
            ButtonKind.PAGE: self.next_page,
            ButtonKind.FORGET_ME: self.forget_me,
            ButtonKind.FORGET_ME_HERE: self.forget_me_here,
            ButtonKind.LINK_YES: self.link_yes,
            ButtonKind.LINK_NO: self.link_no,
            ButtonKind.IMPORT_APPLY: self.apply_import,
            ButtonKind.IMPORT_CANCEL: self.cancel_import,
            ButtonKind.REFLECTION_OK: self.reflection_ok,
            ButtonKind.REFLECTION_FIX: self.reflection_fix,
            ButtonKind.STILL_TRUE_KEEP: self.still_true_keep,
            ButtonKind.STILL_TRUE_FORGET: self.still_true_forget,
            ButtonKind.GROUP_AGREE: self.group_agree,
            ButtonKind.GROUP_REFUSE: self.group_refuse,
            ButtonKind.GROUP_FORGET: self.invalid,
        }

    async def handle(self, press: ButtonPress) -> PressResult:
        """Check the press, then act."""
        verdict, action = self.codec.decode(press.user_key, press.data)
        lang = press.language or "en"
        if verdict == Verdict.NOT_YOURS:
            # Not the presser's own: perhaps the group's (a changed plan, a forget button).
            grouped = await self.groups.press(press)
            if grouped is not None:
                return grouped
            log.info("button_refused", reason="not_owner")
            return PressResult(t(lang, texts.NOT_YOURS))
        if verdict == Verdict.EXPIRED:
            log.info("button_refused", reason="expired")
            expired = t(lang, texts.EXPIRED_BUTTON)
            return PressResult(expired, edit=expired)
        if verdict == Verdict.INVALID or action is None:
            log.warning("button_invalid")
            return PressResult(t(lang, texts.INVALID_BUTTON))
        log.info("button_pressed", action=action.kind.value, item_id=action.item_id)
        audience = Audience.PRIVATE if press.is_private else Audience.GROUP
        view = self.memory.view(press.user_key, audience)
        return await self.handlers[action.kind](Press(press, view), action)

    # ---- the group's memory -------------------------------------------------------------------

    async def group_agree(self, p: Press, _action: Action) -> PressResult:
        """A member agrees that what they say about the group is kept in its memory."""
        return await self.groups.consent(p.press, agree=True)

    async def group_refuse(self, p: Press, _action: Action) -> PressResult:
        """A member refuses: nothing they say about the group is kept."""
        return await self.groups.consent(p.press, agree=False)

    async def invalid(self, p: Press, _action: Action) -> PressResult:
        """A kind that is never bound to one user."""
        return PressResult(t(p.lang, texts.INVALID_BUTTON))

    # ---- conflicts and forgetting ------------------------------------------------------------

    async def conflict(self, p: Press, action: Action) -> PressResult:
        """A conflict choice (bound to the pending fact it was asked about)."""
        try:
            choice = ConflictChoice(action.arg)
        except ValueError:
            return PressResult(t(p.lang, texts.INVALID_BUTTON))
        conflict = await p.view.conflict(action.item_id)
        if conflict is None or conflict.new.id != action.fact_id:
            return PressResult(t(p.lang, texts.INVALID_BUTTON))
        outcome = await p.view.settle_conflict(action.item_id, choice)
        if outcome.outcome != ConflictOutcome.RESOLVED:
            return PressResult(t(p.lang, texts.ALREADY_SETTLED), edit=None)
        kept = outcome.kept
        assert kept is not None
        said = p.said(kept)
        words = {
            ConflictChoice.UPDATE: t(p.lang, "Updated: {fact}", fact=said),
            ConflictChoice.KEEP: t(p.lang, "Kept: {fact}", fact=said),
            ConflictChoice.ONLY_FOR_NOW: t(
                p.lang,
                "Noted for now: {fact} (I'll go back to the earlier one after that).",
                fact=said,
            ),
            ConflictChoice.BOTH: t(
                p.lang, "Kept both — the earlier one and this: {fact}", fact=said
            ),
        }[choice]
        return PressResult(t(p.lang, "Done"), edit=words)

    async def forget(self, p: Press, action: Action) -> PressResult:
        """Forget one memory."""
        try:
            fact = await p.view.forget(action.item_id)
        except NotFoundError:
            return PressResult(
                t(p.lang, texts.ALREADY_SETTLED), edit=t(p.lang, "Already forgotten.")
            )
        return _forgotten(p, fact)

    async def cancel(self, p: Press, _action: Action) -> PressResult:
        """Cancel."""
        return PressResult(t(p.lang, "Cancelled"), edit=t(p.lang, "Cancelled — nothing changed."))

    async def next_page(self, p: Press, action: Action) -> PressResult:
        """Next page of /memories."""
        who = first_name(p.press.display_name)
        page = await self.page(p.view, "", action.item_id, p.lang, who)
        return PressResult("", followups=(page,))

    async def forget_me(self, p: Press, action: Action) -> PressResult:
        """Erase the user, if their memory is still what it was when they were asked."""
        if await self.memory.revision(p.press.user_key) != action.rev:
            return PressResult(
                t(p.lang, texts.STALE_CONFIRMATION), edit=t(p.lang, texts.STALE_CONFIRMATION)
            )
        refusal = self.quota.begin(p.press.user_key, "forgetme", p.lang)
        if refusal is not None:
            return PressResult(texts.short(refusal, 190), followups=(Reply(refusal),))
        try:
            # Any user may press it: no table rewrite that would stall everyone (PostgreSQL;
            # the scheduled `admin vacuum` does it, docs/scaling.md).
            await self.memory.erase(p.press.user_key, rewrite=False)
        finally:
            self.quota.end(p.press.user_key)
        return PressResult(
            t(p.lang, "Deleted"), edit=t(p.lang, "Done — I've deleted everything I knew about you.")
        )

    async def forget_me_here(self, p: Press, action: Action) -> PressResult:
        """Erase only this platform's identity of a linked person (unlinked, its
        conversations deleted); the memories stay with the other identities."""
        uid = p.press.user_key
        if await self.memory.revision(uid) != action.rev:
            return PressResult(
                t(p.lang, texts.STALE_CONFIRMATION), edit=t(p.lang, texts.STALE_CONFIRMATION)
            )
        refusal = self.quota.begin(uid, "forgetme", p.lang)
        if refusal is not None:
            return PressResult(texts.short(refusal, 190), followups=(Reply(refusal),))
        try:
            erased = await self.memory.erase_identity(p.press.identity)
        finally:
            self.quota.end(uid)
        if erased is None:
            return PressResult(t(p.lang, texts.ALREADY_SETTLED), edit=None)
        platform = linking.platform_name(p.lang, p.press.identity)
        return PressResult(
            t(p.lang, "Deleted"),
            edit=t(
                p.lang,
                "Done — this {platform} account is unlinked and our conversations here are "
                "deleted. Your memories stay with your other accounts.",
                platform=platform,
            ),
        )

    # ---- linking -----------------------------------------------------------------------------

    async def link_yes(self, p: Press, action: Action) -> PressResult:
        """The code's issuer agrees: the claimant joins and its memory is merged; the
        contradictions it brought are asked about below."""
        uid = p.press.user_key
        claimant = await self.memory.link_claimant(uid, action.item_id)
        settled = await self.memory.settle_link(uid, action.item_id, accept=True)
        if settled.outcome != LinkOutcome.LINKED or claimant is None:
            gone = t(p.lang, "That link request has expired or was settled already.")
            return PressResult(gone, edit=gone)
        followups: list[Reply] = []
        for conflict_id in settled.conflict_ids:
            conflict = await p.view.conflict(conflict_id)
            if conflict is not None:
                who = first_name(p.press.display_name)
                followups.append(questions.conflict_reply(self.codec, conflict, p.lang, who=who))
                await self.memory.conflict_asked(uid, conflict_id)
        done = tn(
            p.lang,
            "Linked: your {platform} account shares this memory now ({n} memory came along).",
            "Linked: your {platform} account shares this memory now ({n} memories came along).",
            settled.merged,
            platform=linking.platform_name(p.lang, claimant[0]),
        )
        return PressResult(t(p.lang, "Linked"), edit=done, followups=tuple(followups))

    async def link_no(self, p: Press, action: Action) -> PressResult:
        """The code's issuer refuses: the code is spent and nothing is linked."""
        settled = await self.memory.settle_link(p.press.user_key, action.item_id, accept=False)
        if settled.outcome != LinkOutcome.REFUSED:
            return PressResult(t(p.lang, texts.ALREADY_SETTLED), edit=None)
        no = t(p.lang, "Not linked. That code can't be used again.")
        return PressResult(no, edit=no)

    # ---- imports -----------------------------------------------------------------------------

    async def apply_import(self, p: Press, action: Action) -> PressResult:
        """Apply a confirmed import, if memory is still what the plan was made against: a
        heavy operation (the user's quota), applied in the background when it is big."""
        uid = p.press.user_key
        progress = await self.memory.import_progress(uid, action.item_id)
        if progress is not None:  # pressed again while (or after a crash during) applying
            if not self.imports.running(action.item_id):
                await self.imports.resume()
            return PressResult(
                t(p.lang, "Still importing"),
                edit=t(
                    p.lang,
                    "Still importing: {done} of {total} done. I'll message you when it's finished.",
                    done=f"{progress.done:,}",
                    total=f"{progress.total:,}",
                ),
            )
        if await self.memory.revision(uid) != action.rev:
            await self.memory.cancel_import(uid, action.item_id)
            return PressResult(
                t(p.lang, texts.STALE_CONFIRMATION), edit=t(p.lang, texts.STALE_CONFIRMATION)
            )
        refusal = self.quota.begin(uid, "import", p.lang)
        if refusal is not None:
            return PressResult(texts.short(refusal, 190), followups=(Reply(refusal),))
        try:
            taken = await self.memory.begin_import(uid, action.item_id)
        except BaseException:
            self.quota.end(uid)
            raise
        if not taken:
            self.quota.end(uid)
            return PressResult(t(p.lang, texts.ALREADY_SETTLED))
        # Ends the quota slot itself; the console shows its progress.
        done = await self.imports.apply(uid, action.item_id, p.press.progress)
        if done is None:
            return PressResult(
                t(p.lang, "Importing"),
                edit=t(
                    p.lang,
                    "Importing your file — it's big, so this takes a while. Nothing else is "
                    "held up; I'll message you when it's done.",
                ),
            )
        return PressResult(t(p.lang, "Imported"), edit=done)

    async def cancel_import(self, p: Press, action: Action) -> PressResult:
        """Cancel an import."""
        if not await self.memory.cancel_import(p.press.user_key, action.item_id):
            return PressResult(t(p.lang, texts.ALREADY_SETTLED))
        return PressResult(
            t(p.lang, "Cancelled"), edit=t(p.lang, "Import cancelled — nothing changed.")
        )

    # ---- weekly reflections and "still true?" questions ----------------------------------------

    async def reflection_ok(self, p: Press, action: Action) -> PressResult:
        """A weekly reflection looks right: record the feedback."""
        if not await self.memory.reflection_feedback(p.press.user_key, action.item_id, "ok"):
            return PressResult(t(p.lang, texts.ALREADY_SETTLED))
        return PressResult(t(p.lang, "Thanks!"), edit=t(p.lang, "Thanks — glad I got that right."))

    async def reflection_fix(self, p: Press, action: Action) -> PressResult:
        """A weekly reflection needs fixing: record it and open the memory list."""
        if not await self.memory.reflection_feedback(p.press.user_key, action.item_id, "fix"):
            return PressResult(t(p.lang, texts.ALREADY_SETTLED))
        page = await self.page(p.view, "", 0, p.lang, first_name(p.press.display_name))
        return PressResult(
            t(p.lang, "Let's fix it"),
            edit=t(
                p.lang, "Let's fix it. Here's what I remember — /forget or /remember to correct it."
            ),
            followups=(page,),
        )

    async def still_true_keep(self, p: Press, action: Action) -> PressResult:
        """A decayed important fact is still true: keep (and protect) it."""
        return await self._answer(p, action, keep=True)

    async def still_true_forget(self, p: Press, action: Action) -> PressResult:
        """A decayed important fact is no longer true: forget it."""
        return await self._answer(p, action, keep=False)

    async def _answer(self, p: Press, action: Action, *, keep: bool) -> PressResult:
        outcome, fact = await p.view.answer_question(action.item_id, keep=keep)
        if outcome == QuestionAnswer.NOT_FOUND or (fact is not None and fact.id != action.fact_id):
            return PressResult(t(p.lang, texts.INVALID_BUTTON))
        if outcome == QuestionAnswer.ALREADY_SETTLED or fact is None:
            return PressResult(t(p.lang, texts.ALREADY_SETTLED))
        if outcome == QuestionAnswer.KEPT:
            return PressResult(t(p.lang, "Kept"), edit=t(p.lang, "Kept: {fact}", fact=p.said(fact)))
        return _forgotten(p, fact)


def _forgotten(p: Press, fact: Fact) -> PressResult:
    """ "Forgotten: You live in Lisbon. (/undo to restore)"."""
    edit = t(p.lang, "Forgotten: {fact} (/undo to restore)", fact=p.said(fact))
    return PressResult(t(p.lang, "Forgotten"), edit=edit)
