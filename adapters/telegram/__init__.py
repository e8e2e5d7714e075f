"""Telegram: the adapter (python-telegram-bot wiring), its pure translate step and transport."""

from adapters.telegram.adapter import TelegramAdapter, TelegramConfig

__all__ = ["TelegramAdapter", "TelegramConfig"]
