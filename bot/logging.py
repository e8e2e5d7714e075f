"""structlog configured once: JSON lines, contextvars merged first, stdlib loggers routed in."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any, TextIO

import structlog

#: A field is a secret when the last word of its snake_case name is one of these (``token``,
#: ``bot_token``, ``webhook_secret``), or it names an API key. Matching whole words, not
#: substrings, keeps counters such as ``input_tokens`` and ``memory_tokens`` readable.
_SECRET_WORDS = frozenset({"token", "secret", "password", "passwd", "authorization", "cookie"})


def is_secret_field(name: str) -> bool:
    """Whether a log field's name says it holds a secret."""
    lowered = name.lower()
    return lowered.rsplit("_", 1)[-1] in _SECRET_WORDS or lowered.endswith("api_key")


def _redact(_logger: Any, _name: str, event: dict[str, Any]) -> dict[str, Any]:
    """Never let a field that names a secret, or a bearer credential, reach the output."""
    for key, value in list(event.items()):
        if is_secret_field(key) or (isinstance(value, str) and value.startswith("Bearer ")):
            event[key] = "[redacted]"
    return event


def configure(
    level: str = "info",
    *,
    stream: TextIO | None = None,
    file: Path | None = None,
    json: bool = True,
) -> None:
    """Configure structlog and the stdlib root logger to write one JSON event per line."""
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        stream = open(file, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - process-long
    stream = stream or sys.stdout
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _redact,
    ]
    renderer: Any = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=False,
    )
    handler = logging.StreamHandler(stream)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                renderer,
            ],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # httpx logs request URLs, and Telegram URLs contain the bot token.
    for noisy in ("httpx", "httpcore", "httpx2", "httpcore2", "telegram.ext._updater", "asyncio"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
