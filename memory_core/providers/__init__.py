"""Concrete implementations of ``memory_core``'s ports; each is the only importer of its SDK."""

from __future__ import annotations

from memory_core.providers.anthropic import DEFAULT_MODEL, AnthropicLLM

__all__ = ["DEFAULT_MODEL", "AnthropicLLM"]
