"""Platform adapters: translate Telegram, Discord and console events to neutral types."""

from adapters.types import (
    Attachment,
    Button,
    ButtonPress,
    Document,
    Handler,
    IncomingMessage,
    Outbound,
    PressResult,
    Reply,
    Target,
)

__all__ = [
    "Attachment",
    "Button",
    "ButtonPress",
    "Document",
    "Handler",
    "IncomingMessage",
    "Outbound",
    "PressResult",
    "Reply",
    "Target",
]
