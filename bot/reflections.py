"""Unsolicited memory messages: weekly reflection posts and "still true?" questions.

Both go only to the user's private chat (``Bot.private_target``), never to a group, with
signed buttons: "Looks right" / "Fix something" for a reflection, keep / forget for a
question. The press handlers' logic lives here; ``bot/presses.py`` routes to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import structlog

from adapters.types import Button, ButtonPress, PressResult, Reply
from bot import texts
from bot.buttons import Action
from memory_core.jobs import questions
from memory_core.jobs import reflection as reflection_job
from memory_core.jobs.reflection import Reflector
from memory_core.store.reflection_posts import PostRow

if TYPE_CHECKING:
    from bot.bot import Bot

log = structlog.get_logger("bot.reflections")

#: At most this many "still true?" questions per conversation turn.
QUESTIONS_PER_TURN = 2


def reflection_reply(bot: Bot, post: PostRow) -> Reply:
    """The weekly post: the reflection, and whether it looks right."""
    codec, uid = bot.codec, post.user_id
    return Reply(
        "Here's my weekly reflection on what I learned about you:\n\n"
        f"{post.text}\n\nDoes that look right?",
        buttons=(
            (
                Button("Looks right", codec.encode(uid, Action("rk", post.id, "", post.fact_id))),
                Button("Fix something", codec.encode(uid, Action("rf", post.id, "", post.fact_id))),
            ),
        ),
    )


async def post_reflection(bot: Bot, reflector: Reflector, post: PostRow) -> bool:
    """Send a saved reflection to the user's private chat; ``False`` if it cannot go yet."""
    target = await bot.private_target(post.user_id, None)
    if target is None:
        log.info("reflection_not_deliverable", post_id=post.id, reason="no private chat")
        return False
    if not await bot.deliver(target, reflection_reply(bot, post)):
        return False
    await reflector.mark_posted(post, target.chat_id)
    log.info("reflection_posted", user_id=post.user_id, post_id=post.id)
    return True


def question_reply(bot: Bot, question: questions.Question) -> Reply:
    """ "A while ago you told me … Is that still true?" with keep / forget buttons."""
    codec, uid, fact = bot.codec, question.user_id, question.fact
    return Reply(
        f"A while ago you told me: {fact.value_text} Is that still true?",
        buttons=(
            (
                Button("Yes, keep it", codec.encode(uid, Action("sk", question.id, "", fact.id))),
                Button("No, forget it", codec.encode(uid, Action("sf", question.id, "", fact.id))),
            ),
        ),
    )


async def ask_still_true(bot: Bot, user_id: str, chat_id: str | None) -> int:
    """Ask the user's pending "still true?" questions (their next conversation)."""
    due = await questions.due(bot.memory, user_id, QUESTIONS_PER_TURN)
    if not due:
        return 0
    target = await bot.private_target(user_id, chat_id)
    if target is None:
        return 0
    asked = 0
    for question in due:
        if not await bot.deliver(target, question_reply(bot, question)):
            break
        await questions.mark_asked(bot.memory, user_id, question.id)
        asked += 1
    return asked


# ---- button presses (routed from bot/presses.py) ------------------------------------------


async def press_reflection(
    bot: Bot, press: ButtonPress, action: Action, *, ok: bool
) -> PressResult:
    """ "Looks right" records the feedback; "Fix something" opens the memory list."""
    if not await reflection_job.set_feedback(
        bot.memory, press.user_key, action.item_id, "ok" if ok else "fix"
    ):
        return PressResult(texts.ALREADY_SETTLED)
    if ok:
        return PressResult("Thanks!", edit="Thanks — glad I got that right.")
    page = await bot.commands.memories_page(press.user_key, "", 0)
    return PressResult(
        "Let's fix it",
        edit="Let's fix it. Here's what I remember — /forget or /remember to correct it.",
        followups=(page,),
    )


async def press_question(
    bot: Bot, press: ButtonPress, action: Action, *, keep: bool
) -> PressResult:
    """Keep (confirmed, no more decay) or forget the fact a "still true?" question was about."""
    outcome, fact = await questions.answer(bot.memory, press.user_key, action.item_id, keep=keep)
    if outcome == questions.Answer.NOT_FOUND or (fact is not None and fact.id != action.rev):
        return PressResult(texts.INVALID_BUTTON)
    if outcome == questions.Answer.ALREADY_SETTLED or fact is None:
        return PressResult(texts.ALREADY_SETTLED)
    if outcome == questions.Answer.KEPT:
        return PressResult("Kept", edit=f"Kept: {fact.value_text}")
    return PressResult("Forgotten", edit=f"Forgotten: {fact.value_text} (/undo to restore)")
