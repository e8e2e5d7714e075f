"""Platform adapters: translate Telegram, Discord and console events to neutral types."""

__all__: list[str] = []
