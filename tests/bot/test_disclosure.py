"""Every reply knows its audience: a group never sees a sensitive fact, and no chat reply ever
shows a secret in clear, whichever command or button produced it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pytest

from adapters.types import ButtonPress, Document, Reply
from bot import app, texts
from bot.router import Router
from memory_core.clock import ManualClock
from memory_core.errors import InvalidInputError
from memory_core.read.disclosure import mask_secrets
from memory_core.values import Audience, Fact
from tests.factories import START, group_message, message

SECRET_PIN = "my bank card PIN is 4921"
HEALTH = "I have asthma"


class Console(Protocol):
    """What these tests use of a session opened by the ``console`` fixture."""

    runtime: app.Runtime | None

    async def say(self, *lines: str) -> str: ...


def group_text(replies: list[Reply]) -> str:
    """Everything the group itself would read."""
    return "\n".join(r.text for r in replies if not r.private)


async def _remember(bot: Router, clock: ManualClock, *texts: str) -> None:
    for text in texts:
        await bot.on_message(message(f"/remember {text}", at=clock.advance(minutes=1)))


@dataclass
class Chat:
    """A running console runtime, its router and clock."""

    session: Console
    bot: Router
    clock: ManualClock

    async def facts(self) -> list[Fact]:
        assert self.session.runtime is not None
        return await self.session.runtime.memory.list_facts("console:ana")


@pytest.fixture
async def chat(
    tmp_path: Path, console: Callable[..., AbstractAsyncContextManager[Console]]
) -> AsyncIterator[Chat]:
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        yield Chat(s, s.runtime.router, clock)


async def test_undo_in_a_group_does_not_print_a_health_fact(chat: Chat) -> None:
    bot, clock = chat.bot, chat.clock
    await _remember(bot, clock, HEALTH)
    replies = await bot.on_message(group_message("/undo", at=clock.advance(minutes=1)))
    assert "asthma" not in group_text(replies).lower()
    # What was undone is said to the user alone.
    assert "asthma" in "\n".join(r.text for r in replies if r.private).lower()


async def test_undo_in_a_group_does_not_tell_the_group_there_were_private_memories(
    chat: Chat,
) -> None:
    """Issue 22 re-attacked: in a group, /undo answered "Undone: (private) (removed)" once per
    private fact (seven of them after one import) — no content, but the group learned the user
    has private memories, and how many. The group hears the same words whatever was undone."""
    bot, clock = chat.bot, chat.clock
    await _remember(bot, clock, "I was arrested for shoplifting in 2018")
    await _remember(bot, clock, HEALTH)
    hidden = await bot.on_message(group_message("/undo", at=clock.advance(minutes=1)))
    await _remember(bot, clock, "I play chess on Sundays")
    plain = await bot.on_message(group_message("/undo", at=clock.advance(minutes=1)))
    assert group_text(hidden) == group_text(plain) != ""
    assert "private)" not in group_text(hidden) and "Undone" not in group_text(hidden)


async def test_remember_in_a_group_does_not_say_a_private_memory_was_already_there(
    chat: Chat,
) -> None:
    """h-group17: `/remember I have asthma` in a group answered "I already knew that:
    (private)." when it was told privately before — the group learned of an older private
    memory — and a new private one was "(private). (#3)". A private thing /remember'ed in a
    group gets the same words, new or known, with no id."""
    bot, clock = chat.bot, chat.clock
    await _remember(bot, clock, HEALTH)  # told privately first
    known = await bot.on_message(group_message(f"/remember {HEALTH}", at=clock.advance(minutes=1)))
    said = "/remember I was arrested for shoplifting in 2018"
    new = await bot.on_message(group_message(said, at=clock.advance(minutes=1)))
    assert group_text(known) == group_text(new) != ""
    for text in (group_text(known), group_text(new)):
        assert "(private)" not in text and "#" not in text and "knew" not in text, text
    assert any("shoplifting" in f.value_text for f in await chat.facts())


async def test_an_import_in_a_group_is_refused_without_reading_the_file(chat: Chat) -> None:
    """Issue 22: a group saw "HIV positive" and "arrested" lines in an /import preview."""
    bot, clock = chat.bot, chat.clock
    md = (
        "# Memory\n\n## Other\n- I am HIV positive and take antiretrovirals\n"
        "- I was arrested for shoplifting in 2018\n\n## Credentials\n- My PIN is 4921\n"
    )
    upload = group_message(
        "/import",
        at=clock.advance(minutes=1),
        attachment=Document("MEMORY.md", md.encode(), "MEMORY.md"),
    )
    replies = await bot.on_message(upload)
    assert [r.text for r in replies] == [texts.SEND_PRIVATELY.format(command="import")]
    assert not any(r.buttons or r.private for r in replies)
    assert await chat.facts() == []
    assert chat.session.runtime is not None
    with pytest.raises(InvalidInputError):  # the memory_core door refuses a group as well
        await chat.session.runtime.memory.view("console:ana", Audience.GROUP).plan_import(
            md.encode()
        )


async def test_forget_in_a_group_offers_no_sensitive_fact_and_a_forged_press_shows_none(
    chat: Chat,
) -> None:
    bot, clock = chat.bot, chat.clock
    await _remember(bot, clock, HEALTH)
    facts = await chat.facts()
    (health,) = [f for f in facts if "asthma" in f.value_text.lower()]
    replies = await bot.on_message(group_message("/forget asthma", at=clock.advance(minutes=1)))
    assert "asthma" not in group_text(replies).lower()
    assert all(r.private for r in replies if r.buttons)  # the choice is offered privately
    replies = await bot.on_message(
        group_message(f"/forget #{health.id}", at=clock.advance(minutes=1))
    )
    assert "asthma" not in group_text(replies).lower()


async def test_secrets_are_masked_in_every_private_reply(chat: Chat) -> None:
    bot, clock = chat.bot, chat.clock
    replies = await bot.on_message(message(f"/remember {SECRET_PIN}", at=clock.advance(minutes=1)))
    assert "4921" not in "\n".join(r.text for r in replies)
    for command in ("/memories", "/memories PIN", "/why PIN", "/profile", "/forget PIN"):
        replies = await bot.on_message(message(command, at=clock.advance(minutes=1)))
        shown = "\n".join(
            [r.text for r in replies] + [b.label for r in replies for row in r.buttons for b in row]
        )
        assert "4921" not in shown, command
    facts = await chat.facts()
    (pin,) = [f for f in facts if "4921" in f.value_text]  # stored as given, shown masked
    replies = await bot.on_message(message(f"/forget #{pin.id}", at=clock.advance(minutes=1)))
    forget = next(b for r in replies for row in r.buttons for b in row if b.label != "Cancel")
    press = ButtonPress("console", "console", "ana", "Ana", forget.data, clock.now(), None, True)
    result = await bot.on_button(press)
    assert result.edit is not None and "Forgotten" in result.edit and "4921" not in result.edit
    replies = await bot.on_message(message("/undo", at=clock.advance(minutes=1)))
    assert "Undone" in replies[0].text and "4921" not in replies[0].text


async def test_export_masks_secrets_unless_asked_for_them_in_private(chat: Chat) -> None:
    bot, clock = chat.bot, chat.clock
    await _remember(bot, clock, SECRET_PIN)

    def exported(replies: list[Reply]) -> str:
        """The PIN's line in MEMORY.md and its value in the JSON (ids and turn ids, random
        hex, may contain any four digits)."""
        docs = {r.document.filename: r.document.content.decode() for r in replies if r.document}
        lines = [line for line in docs["MEMORY.md"].splitlines() if "PIN" in line]
        values = [f["value_text"] for f in json.loads(docs["memories.json"])["facts"]]
        assert lines and values
        return "\n".join(lines + [v for v in values if "PIN" in v])

    assert "4921" not in exported(
        await bot.on_message(message("/export", at=clock.advance(minutes=1)))
    )
    revealed = exported(
        await bot.on_message(message("/export secrets", at=clock.advance(minutes=1)))
    )
    assert "4921" in revealed
    in_group = await bot.on_message(group_message("/export secrets", at=clock.advance(minutes=1)))
    assert "4921" not in exported(in_group)  # asked in a group: sent privately, still masked
    assert all(r.private for r in in_group if r.document is not None)


@pytest.mark.parametrize("arg", ["#99999999999999999999999", "#²", "#-1", "#"])
async def test_odd_ids_are_not_found_not_a_crash(chat: Chat, arg: str) -> None:
    bot, clock = chat.bot, chat.clock
    for command in ("/forget", "/why"):
        replies = await bot.on_message(message(f"{command} {arg}", at=clock.advance(minutes=1)))
        assert replies
        assert any(w in replies[0].text for w in ("couldn't find", "don't have", "nothing about"))


def test_masking_keeps_only_the_tail_of_long_secrets() -> None:
    assert mask_secrets("My PIN is 4921") == "My PIN is ••••"
    masked = mask_secrets("my passport number is X1234567")
    assert masked.endswith("••••4567") and "X123" not in masked


def test_a_code_said_in_words_is_masked_whole() -> None:
    """ "two nine five eight": a kept tail ("ight") would spell out the last digit."""
    assert mask_secrets("door code is two nine five eight") == "door code is ••••"
    assert mask_secrets("the alarm code is four seven seven one") == "the alarm code is ••••"


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("My HIV test came back positive", "hiv"),
        ("I take insulin", "insulin"),
        ("I'm on sertraline", "sertraline"),
        ("I'm in rehab", "rehab"),
        ("I earn 85000 a year", "85000"),
        ("I owe the bank 20000 euros", "20000"),
    ],
)
async def test_what_the_classifier_used_to_miss_is_sensitive_and_stays_out_of_groups(
    chat: Chat, said: str, word: str
) -> None:
    bot, clock = chat.bot, chat.clock
    await bot.on_message(message(f"/remember {said}", at=clock.advance(minutes=1)))
    await bot.on_message(message(said, at=clock.advance(minutes=1)))  # and said in plain chat
    await chat.session.runtime.settle()  # type: ignore[union-attr]
    facts = [f for f in await chat.facts() if word in f.value_text.lower()]
    assert facts and all(f.sensitive for f in facts)
    replies = await bot.on_message(
        group_message(f"what do you know about {word}?", at=clock.advance(minutes=1))
    )
    assert word not in group_text(replies).lower()


@pytest.mark.parametrize("query", ["4821", "six one three zero", "Four-seven-seven-one"])
async def test_a_search_for_a_code_is_not_said_back(chat: Chat, query: str) -> None:
    """A PIN or door code typed (or said as words) as a search is not repeated in the reply
    (the property test found "I have nothing about six one three zero.")."""
    bot, clock = chat.bot, chat.clock
    for command in ("/memories", "/why"):
        replies = await bot.on_message(message(f"{command} {query}", at=clock.advance(minutes=1)))
        assert replies
        assert all(query.lower() not in r.text.lower() for r in replies)


def test_a_history_row_keeps_its_slot_value_only_where_nothing_was_masked() -> None:
    """/why says an old row's slot in the user's language from its value; a row whose text
    was masked (a secret) or hidden (a group) keeps no value at all."""
    from memory_core.read.disclosure import shown_state
    from memory_core.values import Audience

    plain = {
        "key": "name",
        "value_text": "The user's name is Оля.",
        "category": "identity",
        "value_json": {"value": "Оля", "note": "kept back"},
    }
    shown = shown_state(plain, Audience.PRIVATE, sensitive=False)
    assert shown is not None and shown["value_json"] == {"value": "Оля"}
    secret = {
        "key": "wifi_password",
        "value_text": "The user's wifi password is hunter2hunter2.",
        "category": "credential",
        "value_json": {"value": "hunter2hunter2"},
    }
    masked = shown_state(secret, Audience.PRIVATE, sensitive=True)
    assert masked is not None and "value_json" not in masked
    assert "hunter2hunter2" not in str(masked)
    hidden = shown_state(plain, Audience.GROUP, sensitive=True)
    assert hidden is not None and "value_json" not in hidden and "Оля" not in str(hidden)
