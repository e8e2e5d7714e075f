"""The fake Telegram Bot API server for tests (it lives in ``bot.devtools`` so that
``membot bench telegram`` can start the same server; tests import it from here)."""

from bot.devtools.fake_telegram import Call, FakeTelegram, Fault, TgChat, TgUser, utf16_len

__all__ = ["Call", "FakeTelegram", "Fault", "TgChat", "TgUser", "utf16_len"]
