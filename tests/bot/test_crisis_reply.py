"""The crisis reply whatever answers the turn: a model that repeats what it was told (as a
language model may) never puts a member's self-harm words, nor anything but the group's short
caring word, into a group; in private its answer keeps the help pointer, in the user's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import app
from bot.config import Settings
from bot.i18n import t
from bot.responder import (
    CARE_REPLY,
    GROUP_CARE_REPLY,
    SAD_REPLY,
    WORRY_REPLY,
    Answer,
    TurnContext,
)
from bot.texts import HELP_POINTER, HELP_POINTER_SOMEONE
from memory_core.clock import ManualClock
from tests.factories import START, group_message, message

#: Read by the rules in German (no embedder needed).
SAID = "ich will mit meinem Leben Schluss machen"
#: And lines of the fourteenth round's classes (cut as a habit, on purpose), each language's.
SAID_14 = (
    ("de", SAID),
    ("ru", "режусь по ночам"),
    ("es", "me corto las muñecas cuando nadie me ve"),
    ("fr", "je me suis brûlée exprès avec le fer"),
)


class _Parrot:
    """A responder that says the user's words back, with the care it was asked for."""

    def __init__(self) -> None:
        self.contexts: list[TurnContext] = []

    async def respond(self, ctx: TurnContext) -> Answer:
        self.contexts.append(ctx)
        return Answer(f"Oh no, you said: {ctx.user_text}")


@pytest.mark.parametrize(("lang", "said"), SAID_14, ids=[lang for lang, _ in SAID_14])
async def test_a_group_gets_the_short_caring_word_whatever_the_model_would_say(
    tmp_path: Path, lang: str, said: str
) -> None:
    parrot = _Parrot()
    settings = Settings(_env_file=None, embedder="none")  # type: ignore[call-arg]
    clock = ManualClock(START)
    runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=clock, responder=parrot)
    await runtime.start()
    try:
        replies = await runtime.router.on_message(
            group_message(said, user="ben", at=clock.advance(minutes=1))
        )
        shown = " ".join(r.text for r in replies if not r.private)
        assert shown == t(lang, GROUP_CARE_REPLY), shown
        assert not parrot.contexts  # the model never saw the group's crisis turn

        private = await runtime.router.on_message(message(said, at=clock.advance(minutes=1)))
        text = " ".join(r.text for r in private)
        # In private the model answers, with care asked for, and the help pointer is added in
        # the language of the message.
        assert parrot.contexts and parrot.contexts[-1].care
        assert t(lang, HELP_POINTER) in text and t(lang, HELP_POINTER) != HELP_POINTER
        await runtime.settle()
    finally:
        await runtime.stop()


#: Asked to be remembered: kept (privately), but answered with care, never "Got it".
TO_REMEMBER = (
    "/remember ich will mit meinem Leben Schluss machen",
    "remember that I've been hiding sleeping pills in a shoebox",
)


async def test_self_harm_asked_to_be_remembered_gets_the_caring_reply_not_got_it(
    tmp_path: Path,
) -> None:
    settings = Settings(_env_file=None, embedder="none")  # type: ignore[call-arg]
    clock = ManualClock(START)
    runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=clock)
    await runtime.start()
    try:
        for said, lang in zip(TO_REMEMBER, ("de", "en"), strict=True):
            replies = await runtime.router.on_message(message(said, at=clock.advance(minutes=1)))
            text = " ".join(r.text for r in replies)
            assert t(lang, CARE_REPLY) in text and t(lang, HELP_POINTER) in text, text
            assert "Got it" not in text and "remember:" not in text, text
        await runtime.settle()
        kept = await runtime.memory.list_facts("console:ana")
        assert len(kept) == 2 and all(f.sensitive for f in kept)
        said = await runtime.router.on_message(
            group_message(TO_REMEMBER[0], user="ben", at=clock.advance(minutes=1))
        )
        shown = " ".join(r.text for r in said if not r.private)
        assert "Leben" not in shown and "Got it" not in shown, shown
    finally:
        await runtime.stop()


async def test_someone_else_at_risk_gets_the_reply_for_the_worried_and_tears_a_warm_one(
    tmp_path: Path,
) -> None:
    """Fifteenth round: a child or a friend at risk is answered as someone worried about them
    (with where to find help for them), tears every morning warmly — no crisis line, no "Got
    it" — and in a group either gets nothing of the message back."""
    settings = Settings(_env_file=None, embedder="none")  # type: ignore[call-arg]
    clock = ManualClock(START)
    runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=clock)
    await runtime.start()
    try:
        replies = await runtime.router.on_message(
            message(
                "my son has been cutting his wrists, I found blood on the towels",
                at=clock.advance(minutes=1),
            )
        )
        text = " ".join(r.text for r in replies)
        assert WORRY_REPLY in text and HELP_POINTER_SOMEONE in text, text
        assert CARE_REPLY not in text and HELP_POINTER not in text, text
        replies = await runtime.router.on_message(
            message("mein Sohn ritzt sich die Arme auf", at=clock.advance(minutes=1))
        )
        assert t("de", WORRY_REPLY) in " ".join(r.text for r in replies)
        replies = await runtime.router.on_message(
            message("/remember my flatmate cuts her arms at night", at=clock.advance(minutes=1))
        )
        text = " ".join(r.text for r in replies)
        assert WORRY_REPLY in text and HELP_POINTER_SOMEONE in text and "Got it" not in text, text

        replies = await runtime.router.on_message(
            message("I cry in the car every morning before work", at=clock.advance(minutes=1))
        )
        text = " ".join(r.text for r in replies)
        assert SAD_REPLY in text, text
        assert CARE_REPLY not in text and HELP_POINTER not in text and "Got it" not in text, text

        said = await runtime.router.on_message(
            group_message(
                "my son has been cutting his wrists", user="ben", at=clock.advance(minutes=1)
            )
        )
        shown = " ".join(r.text for r in said if not r.private)
        assert shown == GROUP_CARE_REPLY, shown
        await runtime.settle()
    finally:
        await runtime.stop()


async def test_sixteenth_rounds_indirect_lines_get_care_and_their_look_alikes_do_not(
    tmp_path: Path,
) -> None:
    """Sixteenth round: a bridge where one almost let go is answered with care and the help
    pointer (never "Got it"); an errand picked up on the way gets no crisis reply; a child's
    tears are the speaker's worry, not the speaker's sadness (no warm reply for a sad speaker,
    no crisis line)."""
    settings = Settings(_env_file=None, embedder="none")  # type: ignore[call-arg]
    clock = ManualClock(START)
    runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=clock)
    await runtime.start()
    try:
        replies = await runtime.router.on_message(
            message("up on the bridge after midnight I almost let go", at=clock.advance(minutes=1))
        )
        text = " ".join(r.text for r in replies)
        assert CARE_REPLY in text and HELP_POINTER in text and "Got it" not in text, text
        for said in (
            "picked up gran's inhalers on the way to football practice",
            "my little girl has been sobbing every night since school started",
        ):
            replies = await runtime.router.on_message(message(said, at=clock.advance(minutes=1)))
            text = " ".join(r.text for r in replies)
            assert CARE_REPLY not in text and HELP_POINTER not in text, text
            assert SAD_REPLY not in text, text
        await runtime.settle()
    finally:
        await runtime.stop()
