"""Button presses: verify, then act through a table from button kind to handler."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import structlog

from adapters.types import ButtonPress, PressResult, Reply
from bot import texts
from bot.buttons import Action, ButtonCodec, ButtonKind, Verdict
from bot.imports import ImportRunner
from bot.quotas import HeavyQuota
from bot.responder import first_name, yours
from memory_core import ConflictChoice, ConflictOutcome, Memory, QuestionAnswer, UserView
from memory_core.errors import NotFoundError
from memory_core.values import Audience, Fact

log = structlog.get_logger("bot.presses")

#: Renders one page of /memories at an offset (``Commands.memories_page``).
PageFn = Callable[[UserView, str, int], Awaitable[Reply]]
Handler = Callable[["Press", Action], Awaitable[PressResult]]


class Press:
    """A verified press and the presser's memory as the pressed message's audience sees it."""

    __slots__ = ("press", "view")

    def __init__(self, press: ButtonPress, view: UserView) -> None:
        self.press = press
        self.view = view


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
        self.handlers: dict[ButtonKind, Handler] = {
            ButtonKind.CONFLICT: self.conflict,
            ButtonKind.FORGET: self.forget,
            ButtonKind.CANCEL: self.cancel,
            ButtonKind.PAGE: self.next_page,
            ButtonKind.FORGET_ME: self.forget_me,
            ButtonKind.IMPORT_APPLY: self.apply_import,
            ButtonKind.IMPORT_CANCEL: self.cancel_import,
            ButtonKind.REFLECTION_OK: self.reflection_ok,
            ButtonKind.REFLECTION_FIX: self.reflection_fix,
            ButtonKind.STILL_TRUE_KEEP: self.still_true_keep,
            ButtonKind.STILL_TRUE_FORGET: self.still_true_forget,
        }

    async def handle(self, press: ButtonPress) -> PressResult:
        """Check the press, then act."""
        verdict, action = self.codec.decode(press.user_key, press.data)
        if verdict == Verdict.NOT_YOURS:
            log.info("button_refused", reason="not_owner")
            return PressResult(texts.NOT_YOURS)
        if verdict == Verdict.EXPIRED:
            log.info("button_refused", reason="expired")
            return PressResult(texts.EXPIRED_BUTTON, edit=texts.EXPIRED_BUTTON)
        if verdict == Verdict.INVALID or action is None:
            log.warning("button_invalid")
            return PressResult(texts.INVALID_BUTTON)
        log.info("button_pressed", action=action.kind.value, item_id=action.item_id)
        audience = Audience.PRIVATE if press.is_private else Audience.GROUP
        view = self.memory.view(press.user_key, audience)
        return await self.handlers[action.kind](Press(press, view), action)

    # ---- conflicts and forgetting ------------------------------------------------------------

    async def conflict(self, p: Press, action: Action) -> PressResult:
        """A conflict choice (bound to the pending fact it was asked about)."""
        try:
            choice = ConflictChoice(action.arg)
        except ValueError:
            return PressResult(texts.INVALID_BUTTON)
        conflict = await p.view.conflict(action.item_id)
        if conflict is None or conflict.new.id != action.fact_id:
            return PressResult(texts.INVALID_BUTTON)
        outcome = await p.view.settle_conflict(action.item_id, choice)
        if outcome.outcome != ConflictOutcome.RESOLVED:
            return PressResult(texts.ALREADY_SETTLED, edit=None)
        kept = outcome.kept
        assert kept is not None
        said = _said(kept, p)
        words = {
            ConflictChoice.UPDATE: f"Updated: {said}",
            ConflictChoice.KEEP: f"Kept: {said}",
            ConflictChoice.ONLY_FOR_NOW: f"Noted for now: {said} "
            f"(I'll go back to the earlier one after that).",
        }[choice]
        return PressResult("Done", edit=words)

    async def forget(self, p: Press, action: Action) -> PressResult:
        """Forget one memory."""
        try:
            fact = await p.view.forget(action.item_id)
        except NotFoundError:
            return PressResult(texts.ALREADY_SETTLED, edit="Already forgotten.")
        return PressResult("Forgotten", edit=f"Forgotten: {_said(fact, p)} (/undo to restore)")

    async def cancel(self, _p: Press, _action: Action) -> PressResult:
        """Cancel."""
        return PressResult("Cancelled", edit="Cancelled — nothing changed.")

    async def next_page(self, p: Press, action: Action) -> PressResult:
        """Next page of /memories."""
        page = await self.page(p.view, "", action.item_id)
        return PressResult("", followups=(page,))

    async def forget_me(self, p: Press, action: Action) -> PressResult:
        """Erase the user, if their memory is still what it was when they were asked."""
        if await self.memory.revision(p.press.user_key) != action.rev:
            return PressResult(texts.STALE_CONFIRMATION, edit=texts.STALE_CONFIRMATION)
        refusal = self.quota.begin(p.press.user_key, "forgetme")
        if refusal is not None:
            return PressResult(texts.short(refusal, 190), followups=(Reply(refusal),))
        try:
            await self.memory.erase(p.press.user_key)
        finally:
            self.quota.end(p.press.user_key)
        return PressResult("Deleted", edit="Done — I've deleted everything I knew about you.")

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
                "Still importing",
                edit=f"Still importing: {progress.done:,} of {progress.total:,} done. "
                "I'll message you when it's finished.",
            )
        if await self.memory.revision(uid) != action.rev:
            await self.memory.cancel_import(uid, action.item_id)
            return PressResult(texts.STALE_CONFIRMATION, edit=texts.STALE_CONFIRMATION)
        refusal = self.quota.begin(uid, "import")
        if refusal is not None:
            return PressResult(texts.short(refusal, 190), followups=(Reply(refusal),))
        try:
            taken = await self.memory.begin_import(uid, action.item_id)
        except BaseException:
            self.quota.end(uid)
            raise
        if not taken:
            self.quota.end(uid)
            return PressResult(texts.ALREADY_SETTLED)
        done = await self.imports.apply(uid, action.item_id)  # ends the quota slot itself
        if done is None:
            return PressResult(
                "Importing",
                edit="Importing your file — it's big, so this takes a while. Nothing else is "
                "held up; I'll message you when it's done.",
            )
        return PressResult("Imported", edit=done)

    async def cancel_import(self, p: Press, action: Action) -> PressResult:
        """Cancel an import."""
        if not await self.memory.cancel_import(p.press.user_key, action.item_id):
            return PressResult(texts.ALREADY_SETTLED)
        return PressResult("Cancelled", edit="Import cancelled — nothing changed.")

    # ---- weekly reflections and "still true?" questions ----------------------------------------

    async def reflection_ok(self, p: Press, action: Action) -> PressResult:
        """A weekly reflection looks right: record the feedback."""
        if not await self.memory.reflection_feedback(p.press.user_key, action.item_id, "ok"):
            return PressResult(texts.ALREADY_SETTLED)
        return PressResult("Thanks!", edit="Thanks — glad I got that right.")

    async def reflection_fix(self, p: Press, action: Action) -> PressResult:
        """A weekly reflection needs fixing: record it and open the memory list."""
        if not await self.memory.reflection_feedback(p.press.user_key, action.item_id, "fix"):
            return PressResult(texts.ALREADY_SETTLED)
        page = await self.page(p.view, "", 0)
        return PressResult(
            "Let's fix it",
            edit="Let's fix it. Here's what I remember — /forget or /remember to correct it.",
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
            return PressResult(texts.INVALID_BUTTON)
        if outcome == QuestionAnswer.ALREADY_SETTLED or fact is None:
            return PressResult(texts.ALREADY_SETTLED)
        if outcome == QuestionAnswer.KEPT:
            return PressResult("Kept", edit=f"Kept: {_said(fact, p)}")
        return PressResult("Forgotten", edit=f"Forgotten: {_said(fact, p)} (/undo to restore)")


def _said(fact: Fact, p: Press) -> str:
    """A fact said back to the user who pressed: "You moved to Lisbon and live there."."""
    text = yours(fact.value_text, first_name(p.press.display_name))
    return (text[:1].upper() + text[1:]).rstrip(".") + "."
