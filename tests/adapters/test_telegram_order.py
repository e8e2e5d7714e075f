"""The order of two messages, through the real Telegram adapter: a statement that changes a
memory gets the reply ("… I'll change that only once you confirm.") and then the question
with its buttons ("Which is right?"). The question is sent by the notifier once learning is
done, which may be while the reply is still being written: it arrived first, above the reply
that introduces it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from adapters.ordering import ChatOrder
from adapters.types import Reply, Target
from bot.responder import Answer, TurnContext
from tests.adapters.test_telegram_e2e import running

#: Generous: the test never waits this long unless the order is broken both ways.
ASKED_S = 60.0


async def test_the_question_comes_after_the_reply_that_introduces_it(tmp_path: Path) -> None:
    """The reply is held until the notifier has begun sending the question (what a loaded
    machine does by chance): the question still arrives second."""
    async with running(tmp_path) as h:
        h.runtime.router.turn.learning_wait_s = ASKED_S  # the reply names what waits
        notifier = h.runtime.notifier
        responder = h.runtime.router.turn.responder
        asking = asyncio.Event()
        deliver, respond = notifier.deliver, responder.respond

        async def noted_deliver(target: Target, reply: Reply) -> bool:
            if "Which is right?" in reply.text:
                asking.set()
            return await deliver(target, reply)

        async def late_respond(ctx: TurnContext) -> Answer:
            if "moved" in ctx.user_text:
                await asyncio.wait_for(asking.wait(), ASKED_S)
            return await respond(ctx)

        notifier.deliver = noted_deliver  # type: ignore[method-assign]
        responder.respond = late_respond  # type: ignore[method-assign]
        hugo = h.tg.user(31, "Hugo")
        await h.say(hugo, "I live in Ghent.")
        await h.settle()
        sent = [*await h.say(hugo, "We moved to Antwerp last month."), *await h.settle()]
        texts = [m["text"] for m in sent]
        reply = next(i for i, t in enumerate(texts) if "only once you confirm" in t)
        question = next(i for i, t in enumerate(texts) if "Which is right?" in t)
        assert reply < question, texts


async def test_an_unasked_message_waits_only_for_answers_in_its_own_chat() -> None:
    order = ChatOrder(wait_s=5.0)
    went: list[str] = []

    async def unasked(chat: Any, what: str) -> None:
        await order.after_answers(chat)
        went.append(what)

    async with order.answering(1):
        other = asyncio.ensure_future(unasked(2, "other chat"))
        same = asyncio.ensure_future(unasked(1, "question"))
        await asyncio.sleep(0)
        await other
        went.append("reply")
        # A send from inside the answer itself never waits for it.
        await unasked(1, "from the answer")
    await same
    assert went == ["other chat", "reply", "from the answer", "question"]
