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
