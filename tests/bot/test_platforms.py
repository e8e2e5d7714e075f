"""The platform registry: a new platform is its adapter and one registration module (found
in ``bot/platforms/``) — its settings are read from its own variables, ``admin doctor`` checks
its token, ``membot run`` names and serves it — with no other file touched. Proved with a
platform that exists only in this test: its module is found by the same discovery in a folder of
the test's, in a subprocess (so this process's registry stays as it is)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.config import known_variables
from bot.platforms import PLATFORMS

ROOT = Path(__file__).resolve().parents[2]

#: The whole registration of a test platform: its settings, its token, its adapter.
ECHO_PLATFORM = """
import asyncio
import re
from datetime import UTC, datetime

from adapters.types import IncomingMessage, PlatformHealth
from bot.platforms.base import Edge, Platform, PlatformSettings

SEEN: list[str] = []


class EchoSettings(PlatformSettings):
    greeting: str = "hi"


class EchoAdapter:
    platform = "echo"

    def __init__(self, settings: EchoSettings, edge: Edge) -> None:
        self.settings, self.edge, self.health = settings, edge, PlatformHealth()

    async def start(self) -> None:
        msg = IncomingMessage("echo", "1", "7", "Ann", "/help", datetime.now(UTC))
        replies = await self.edge.handler.on_message(msg)
        SEEN.append(self.settings.greeting)
        SEEN.extend(r.text for r in replies)

    async def stop(self) -> None:
        SEEN.append("stopped")

    async def send(self, target, reply) -> None:
        SEEN.append(reply.text)


PLATFORM = Platform(
    name="echo",
    title="Echo",
    settings=EchoSettings,
    token_env="ECHO_BOT_TOKEN",
    token_shape=re.compile(r"^e-[a-z]+$"),
    strict_shape=True,
    build=EchoAdapter,
)
"""

#: Registers the test's platforms folder, before anything reads the registry.
PREAMBLE = """
import bot.platforms as registry
import echo_platforms
registry.PLATFORMS.update(registry.discover(echo_platforms.__path__, "echo_platforms"))
"""

SCRIPT = (
    PREAMBLE
    + """
import asyncio, json, sys
from typer.testing import CliRunner
from bot import config, runner
from bot.cli.admin import _token_checks
from bot.cli.root import cli
from bot.platforms import PLATFORMS

async def main() -> None:
    settings = config.load()
    stop = asyncio.Event()
    serving = asyncio.create_task(runner.serve(settings, ["echo"], stop))
    echo = sys.modules["echo_platforms.echo"]
    while not echo.SEEN:
        await asyncio.sleep(0.05)
    stop.set()
    await serving
    unset = config.load(ECHO_BOT_TOKEN=" ")
    refused = CliRunner().invoke(cli, ["run", "--platform", "echo"], env={"ECHO_BOT_TOKEN": "x"})
    print(json.dumps({
        "platforms": list(PLATFORMS),
        "greeting": settings.platforms.echo.greeting,
        "variables": [v for v in config.known_variables() if "ECHO" in v],
        "doctor": [(c.name, c.ok, c.detail) for c in _token_checks(settings, ["echo"])],
        "doctor_unset": [(c.name, c.ok, c.detail) for c in _token_checks(unset, ["echo"])],
        "help": CliRunner().invoke(cli, ["run", "--help"]).output,
        "refused": [refused.exit_code, refused.output],
        "seen": echo.SEEN,
    }))

asyncio.run(main())
"""
)


def _env(plugin: Path, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMBOT_", "ECHO_"))}
    env |= {
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(plugin)]),
        "MEMBOT_DB": str(tmp_path / "m.db"),
        "MEMBOT_EMBEDDER": "none",
        "ANTHROPIC_API_KEY": "",
        **extra,
    }
    return env


def _plugin(tmp_path: Path) -> Path:
    """A folder on the path holding a platforms package with ``echo.py`` (the registration)."""
    plugin = tmp_path / "plugin"
    (plugin / "echo_platforms").mkdir(parents=True)
    (plugin / "echo_platforms" / "__init__.py").write_text("")
    (plugin / "echo_platforms" / "echo.py").write_text(ECHO_PLATFORM)
    return plugin


def test_the_shipped_platforms_are_registered() -> None:
    assert list(PLATFORMS) == ["discord", "telegram"]
    assert {"TELEGRAM_BOT_TOKEN", "MEMBOT_DISCORD_SHARDS"} <= set(known_variables())


def test_a_new_platform_is_one_registration(tmp_path: Path) -> None:
    plugin = _plugin(tmp_path)
    env = _env(plugin, tmp_path, ECHO_BOT_TOKEN="e-secret", MEMBOT_ECHO_GREETING="hello")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["platforms"] == ["discord", "telegram", "echo"]
    # Its settings come from its own variables, documented like every other one.
    assert found["greeting"] == "hello"
    assert sorted(found["variables"]) == ["ECHO_BOT_TOKEN", "MEMBOT_ECHO_GREETING"]
    # Doctor checks its token; run names it, and refuses a token of another shape.
    assert found["doctor"] == [["echo token", True, "ECHO_BOT_TOKEN set"]]
    assert found["doctor_unset"] == [["echo token", False, "ECHO_BOT_TOKEN is not set"]]
    assert "discord, telegram, echo" in found["help"]
    assert found["refused"][0] == 2
    assert "ECHO_BOT_TOKEN does not look like a echo bot token" in found["refused"][1]
    # The runner built and started it: the bot answered it, then it was stopped.
    greeting, helped, *rest = found["seen"]
    assert greeting == "hello" and "/remember" in helped and rest == ["stopped"]
