"""Logs: secrets are redacted by field name, counters whose names merely contain a secret's
word (``memory_tokens``, ``input_tokens``) stay readable."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
import structlog

from bot import logging as bot_logging


@pytest.fixture
def lines() -> Iterator[io.StringIO]:
    out = io.StringIO()
    bot_logging.configure("info", stream=out)
    yield out
    logging.getLogger().handlers[:] = []
    structlog.reset_defaults()


def _events(out: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_counters_named_like_secrets_stay_readable(lines: io.StringIO) -> None:
    structlog.get_logger("t").info(
        "llm_call",
        memory_tokens=120,
        input_tokens=900,
        output_tokens=80,
        cache_read_input_tokens=700,
        cache_creation_input_tokens=0,
        key="home_city",
    )
    event = _events(lines)[-1]
    assert event["memory_tokens"] == 120
    assert event["input_tokens"] == 900
    assert event["output_tokens"] == 80
    assert event["cache_read_input_tokens"] == 700
    assert event["cache_creation_input_tokens"] == 0
    assert event["key"] == "home_city"


@pytest.mark.parametrize(
    "field",
    [
        "token",
        "bot_token",
        "access_token",
        "api_key",
        "anthropic_api_key",
        "password",
        "secret",
        "webhook_secret",
        "authorization",
    ],
)
def test_secret_fields_are_redacted(lines: io.StringIO, field: str) -> None:
    structlog.get_logger("t").info("configured", **{field: "s3cr3t-value"})
    event = _events(lines)[-1]
    assert event[field] == "[redacted]"
    assert "s3cr3t-value" not in lines.getvalue()


def test_bearer_values_are_redacted_whatever_the_field(lines: io.StringIO) -> None:
    structlog.get_logger("t").info("request", header="Bearer abc.def.ghi")
    assert "abc.def.ghi" not in lines.getvalue()
