"""The fake Anthropic Messages API the tests use: ``devtools.fake_anthropic`` (the benchmark
runs the same server)."""

from devtools.fake_anthropic import FakeAnthropic, Scripted

__all__ = ["FakeAnthropic", "Scripted"]
