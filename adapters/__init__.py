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
    ReplyStream,
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
    "ReplyStream",
    "Target",
]
