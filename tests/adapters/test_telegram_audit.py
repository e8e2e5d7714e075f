"""Group failures found walking issue 22 as a user (docs/audit.md), through the real Telegram
adapter and the fake Bot API."""

from __future__ import annotations

from pathlib import Path

from tests.adapters.test_telegram_e2e import BOT, running


async def test_a_group_never_hears_that_a_member_has_a_secret(tmp_path: Path) -> None:
    """ "Here's what I know: your bank login is [redacted]" told the group Ana has one."""
    async with running(tmp_path) as h:
        ana = h.tg.user(201, "Ana")
        group = h.tg.group(-1002, "Friends")
        await h.say(ana, "my bank login is ana.k / Passw0rd!")
        await h.say(ana, "my pin is nine nine zero two, keep it secret")
        await h.say(ana, "I have a cat named Tom.")
        await h.settle()
        await h.say(ana, f"@{BOT} what do you know about me?", group)
        said = " ".join(h.tg.texts(group.id)).lower()
        assert "tom" in said, said
        assert "login" not in said and "pin" not in said and "redacted" not in said, said


async def test_an_import_preview_speaks_to_the_user(tmp_path: Path) -> None:
    """The preview listed "Ana is HIV positive and take antiretrovirals.", "Ana overstayed
    their visa.": the lines are the user's, said to them."""
    async with running(tmp_path) as h:
        ana = h.tg.user(201, "Ana")
        md = b"# Memory\n\n- I am HIV positive and take antiretrovirals.\n- I overstayed my visa.\n"
        h.clock.advance(minutes=1)
        h.tg.send_document(ana, "MEMORY.md", md, caption="/import")
        await h.idle()
        preview = h.tg.texts(ana.id)[-1]
        assert "You're HIV positive and take antiretrovirals." in preview, preview
        assert "You overstayed your visa." in preview, preview
        assert "Ana" not in preview and "their" not in preview, preview
