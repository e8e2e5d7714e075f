"""Button presses: verify, then act (conflicts, forget, pages, imports, erase)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import structlog

from adapters.types import Button, ButtonPress, PressResult, Reply
from bot import memory_md, texts
from bot.buttons import Action, Verdict
from bot.responder import second_person
from memory_core import edits
from memory_core.errors import NotFoundError
from memory_core.learn import resolve
from memory_core.store import users
from memory_core.values import Fact, Status

if TYPE_CHECKING:
    from bot.bot import Bot

log = structlog.get_logger("bot.presses")


def _said(fact: Fact) -> str:
    if fact.source_excerpt and not fact.sensitive:
        return second_person(fact.source_excerpt)
    return fact.value_text.rstrip(".")


def _label(fact: Fact) -> str:
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return texts.short(str(value) if value else fact.value_text, 30)


async def conflict_reply(bot: Bot, conflict: resolve.Conflict) -> Reply:
    """ "Earlier you told me … Just now: … Which is right?" with three buttons."""
    uid = conflict.user_id
    rev = conflict.new.id  # binds the buttons to this exact pending fact
    codec = bot.codec
    text = (
        f"Earlier you told me {_said(conflict.old)}. Just now: {_said(conflict.new)}. "
        "Which is right?"
    )
    return Reply(
        text,
        buttons=(
            (
                Button(
                    _label(conflict.new), codec.encode(uid, Action("c", conflict.id, "update", rev))
                ),
                Button(
                    _label(conflict.old), codec.encode(uid, Action("c", conflict.id, "keep", rev))
                ),
                Button("Only for now", codec.encode(uid, Action("c", conflict.id, "now", rev))),
            ),
        ),
    )


class Presses:
    """Routes verified button actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.memory = bot.memory

    async def handle(self, press: ButtonPress) -> PressResult:
        """Check the press, then act; forged or foreign data changes nothing."""
        verdict, action = self.bot.codec.decode(press.user_key, press.data)
        if verdict == Verdict.NOT_YOURS:
            log.info("button_refused", reason="not_owner")
            return PressResult(texts.NOT_YOURS)
        if verdict == Verdict.INVALID or action is None:
            log.warning("button_invalid")
            return PressResult(texts.INVALID_BUTTON)
        log.info("button_pressed", action=action.action, item_id=action.item_id)
        handler = getattr(self, f"on_{action.action}", None)
        if handler is None:
            return PressResult(texts.INVALID_BUTTON)
        result: PressResult = await handler(press, action)
        return result

    async def on_c(self, press: ButtonPress, action: Action) -> PressResult:
        """A conflict choice."""
        try:
            choice = resolve.Choice(action.arg)
        except ValueError:
            return PressResult(texts.INVALID_BUTTON)
        conflict = await resolve.get_conflict(self.memory, press.user_key, action.item_id)
        if conflict is None or conflict.new.id != action.rev:
            return PressResult(texts.INVALID_BUTTON)
        outcome = await resolve.resolve(self.memory, press.user_key, action.item_id, choice)
        if outcome.outcome != resolve.Outcome.RESOLVED:
            return PressResult(texts.ALREADY_SETTLED, edit=None)
        kept = outcome.kept
        assert kept is not None
        words = {
            resolve.Choice.UPDATE: f"Updated: {kept.value_text}",
            resolve.Choice.KEEP: f"Kept: {kept.value_text}",
            resolve.Choice.ONLY_FOR_NOW: f"Noted for now: {kept.value_text} "
            f"(I'll go back to the earlier one after that).",
        }[choice]
        return PressResult("Done", edit=words)

    async def on_f(self, press: ButtonPress, action: Action) -> PressResult:
        """Forget one memory."""
        try:
            fact = await self.memory.get_fact(press.user_key, action.item_id)
        except NotFoundError:
            return PressResult(texts.ALREADY_SETTLED, edit="Already forgotten.")
        if fact.status == Status.DELETED:
            return PressResult(texts.ALREADY_SETTLED)
        await self.memory.forget(press.user_key, fact.id)
        return PressResult("Forgotten", edit=f"Forgotten: {fact.value_text} (/undo to restore)")

    async def on_x(self, _press: ButtonPress, _action: Action) -> PressResult:
        """Cancel."""
        return PressResult("Cancelled", edit="Cancelled — nothing changed.")

    async def on_p(self, press: ButtonPress, action: Action) -> PressResult:
        """Next page of /memories."""
        page = await self.bot.commands.memories_page(press.user_key, "", action.item_id)
        return PressResult("", followups=(page,))

    async def on_fm(self, press: ButtonPress, _action: Action) -> PressResult:
        """Erase the user."""
        await edits.erase_user(self.memory, press.user_key)
        return PressResult("Deleted", edit="Done — I've deleted everything I knew about you.")

    async def on_ia(self, press: ButtonPress, action: Action) -> PressResult:
        """Apply a confirmed import."""
        plan = await self._take_import(press.user_key, action.item_id, "applied")
        if plan is None:
            return PressResult(texts.ALREADY_SETTLED)
        summary = await self.bot.commands.apply_import(press.user_key, plan)
        return PressResult("Imported", edit=summary)

    async def on_ix(self, press: ButtonPress, action: Action) -> PressResult:
        """Cancel an import."""
        plan = await self._take_import(press.user_key, action.item_id, "cancelled")
        if plan is None:
            return PressResult(texts.ALREADY_SETTLED)
        return PressResult("Cancelled", edit="Import cancelled — nothing changed.")

    async def _take_import(
        self, uid: str, import_id: int, status: str
    ) -> memory_md.ImportPlan | None:
        import asyncio

        def run() -> dict[str, object] | None:
            with self.memory.db.write() as conn:
                return users.take_import(conn, uid, import_id, status)

        data = await asyncio.to_thread(run)
        return None if data is None else memory_md.ImportPlan.from_dict(data)

    # ---- reflections and "still true?" questions (bot/reflections.py) ----------------------

    async def on_rk(self, press: ButtonPress, action: Action) -> PressResult:
        """A weekly reflection looks right."""
        from bot import reflections

        return await reflections.press_reflection(self.bot, press, action, ok=True)

    async def on_rf(self, press: ButtonPress, action: Action) -> PressResult:
        """A weekly reflection needs fixing: open the memory list."""
        from bot import reflections

        return await reflections.press_reflection(self.bot, press, action, ok=False)

    async def on_sk(self, press: ButtonPress, action: Action) -> PressResult:
        """A decayed important fact is still true: keep (and protect) it."""
        from bot import reflections

        return await reflections.press_question(self.bot, press, action, keep=True)

    async def on_sf(self, press: ButtonPress, action: Action) -> PressResult:
        """A decayed important fact is no longer true: forget it."""
        from bot import reflections

        return await reflections.press_question(self.bot, press, action, keep=False)
