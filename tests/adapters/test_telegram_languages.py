"""The Telegram adapter speaks the user's app language (``language_code``) until the bot
knows the language they write in: a real PTB Application against the fake Bot API server."""

from __future__ import annotations

from pathlib import Path

from tests.adapters.test_telegram_e2e import buttons_of, running, text_of


async def test_a_german_telegram_user_gets_german_help_and_buttons(tmp_path: Path) -> None:
    async with running(tmp_path) as h:
        # Telegram shows German users the menu in German (one per language, names unchanged).
        menu = {c["command"]: c["description"] for c in h.tg.commands_for("de")}
        assert menu["profile"] == "Was ich über dich weiß"
        assert [c["command"] for c in h.tg.commands_for("ru")] == [
            c["command"] for c in h.tg.commands
        ]
        assert h.tg.commands[0]["description"] == "What I can do"
        jonas = h.tg.user(201, "Jonas", language_code="de-DE")
        helped = text_of(await h.say(jonas, "/help"))
        assert "Ich bin membot" in helped and "/forgetme — Alles löschen" in helped
        asked = await h.say(jonas, "/forgetme")
        assert "Bist du sicher?" in text_of(asked)
        labels = [label for label, _ in buttons_of(asked[-1])]
        assert labels == ["Ja, alles löschen", "Abbrechen"]
        query = await h.press(jonas, asked[-1], buttons_of(asked[-1])[1][1])
        assert h.answer(query)["text"] == "Abgebrochen"
        # The adapter's own refusal (before the bot sees the message) speaks German too.
        h.tg.send_document(
            jonas, "MEMORY.md", b"- x\n", caption="/import", file_size=3 * 1024 * 1024
        )
        await h.idle()
        assert h.tg.texts(jonas.id)[-1] == "Die Datei ist zu groß (3072 KB; erlaubt sind 1 MB)."
        # Another user with an app language the bot has no catalogue for: English.
        ana = h.tg.user(202, "Ana", language_code="pt-BR")
        assert "I'm membot" in text_of(await h.say(ana, "/help"))
