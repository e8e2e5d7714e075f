"""Every command in the catalogue, sent in a Telegram group through the real adapter (a real PTB
Application against the fake Bot API): the group never reads a sensitive fact, a secret or —
for a private-only or private-reply command — any memory at all. Parametrized over the
catalogue, so a new command is covered the day it is declared."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import texts
from bot.catalogue import CATALOGUE, Audience, CommandSpec
from tests.adapters.test_telegram_e2e import BOT, Harness, running, text_of

#: What Alice told the bot privately: special categories, a secret, and a plain fact.
SENSITIVE = ("HIV", "antiretroviral", "4921", "diabetes")
PLAIN = "Porto"
#: An argument per command that would show the most (a search for the sensitive fact).
ARGS = {"remember": "I have type 2 diabetes", "forget": "HIV", "why": "HIV", "memories": "HIV"}
IMPORT_FILE = (
    b"# Memory of Alice\n\n## Other\n- I am HIV positive and take antiretrovirals\n"
    b"- My PIN is 4921\n- I live in Porto\n"
)


async def _alice_with_memories(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    for line in (
        "/start",
        "/remember I am HIV positive and take antiretrovirals",
        "/remember my bank card PIN is 4921",
        "/remember I live in Porto",
    ):
        await h.say(alice, line)


@pytest.mark.parametrize("spec", list(CATALOGUE), ids=CATALOGUE.names())
async def test_a_command_in_a_group_shows_the_group_nothing_private(
    tmp_path: Path, spec: CommandSpec
) -> None:
    async with running(tmp_path) as h:
        await _alice_with_memories(h)
        alice, group = h.tg.user(101, "Alice"), h.tg.group(-1001, "Friends")
        h.tg.user(102, "Bob")
        command = f"/{spec.name}@{BOT} {ARGS.get(spec.name, '')}".strip()
        before = len(h.tg.sent())
        if spec.name == "import":
            h.clock.advance(minutes=1)
            h.tg.send_document(alice, "MEMORY.md", IMPORT_FILE, caption=command, chat=group)
            await h.idle()
        else:
            h.tg.send_text(alice, command, group)
            await h.idle()
        sent = h.tg.sent()[before:]
        in_group = text_of([m for m in sent if m["chat"]["id"] == group.id])
        buttons = [
            b["text"]
            for m in sent
            if m["chat"]["id"] == group.id
            for row in m.get("reply_markup", {}).get("inline_keyboard", [])
            for b in row
        ]
        shown = in_group + "\n" + "\n".join(buttons)
        assert in_group, "the group got no answer at all"
        for word in SENSITIVE:
            assert word.lower() not in shown.lower(), (spec.name, word, shown)
        if spec.audience in (Audience.PRIVATE_ONLY, Audience.PRIVATE_REPLY):
            assert PLAIN not in shown and not buttons, (spec.name, shown)
        if spec.audience == Audience.PRIVATE_ONLY:
            assert in_group == texts.SEND_PRIVATELY.format(command=spec.name)
            assert not h.tg.calls_of("getFile") and h.tg.downloads == []
            assert not [m for m in sent if m["chat"]["id"] == alice.id]
        if spec.audience == Audience.PRIVATE_REPLY:
            assert in_group == texts.PRIVATE_ONLY
        # Nothing reached Bob, who is in the group too.
        assert h.tg.sent(102) == []


async def test_an_import_sent_privately_still_works_after_a_refused_one_in_a_group(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as h:
        alice, group = h.tg.user(101, "Alice"), h.tg.group(-1001, "Friends")
        await h.say(alice, "/start")
        h.tg.send_document(alice, "MEMORY.md", IMPORT_FILE, caption="/import", chat=group)
        await h.idle()
        h.clock.advance(minutes=1)
        h.tg.send_document(alice, "MEMORY.md", IMPORT_FILE, caption="/import")
        await h.idle()
        plan = h.tg.sent(alice.id)[-1]
        assert "Add (3)" in plan["text"] and "HIV" in plan["text"]  # her own chat: all shown
