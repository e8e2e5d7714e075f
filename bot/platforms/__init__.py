"""The platforms ``membot run`` can serve, one module each in this package (``telegram.py``,
``discord.py``): each registers a :class:`~bot.platforms.base.Platform` named ``PLATFORM`` —
its settings, its token and how its adapter (``adapters/<platform>/``) is built. The modules are
found here, so a new platform is its adapter folder and its module (docs/extending.md)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import Any

from bot.platforms.base import Edge, Platform, PlatformAdapter, PlatformSettings, RoleLock

__all__ = [
    "PLATFORMS",
    "Edge",
    "Platform",
    "PlatformAdapter",
    "PlatformSettings",
    "RoleLock",
    "discover",
]


def discover(path: Iterable[str], package: str) -> dict[str, Platform[Any]]:
    """The ``PLATFORM`` of every module of ``package`` (found in ``path``) but ``base``, by
    platform name, in the modules' alphabetical order."""
    found: dict[str, Platform[Any]] = {}
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        platform = getattr(module, "PLATFORM", None)
        if not isinstance(platform, Platform):
            raise TypeError(f"{module.__name__} registers no PLATFORM")
        if platform.name in found:
            raise TypeError(f"two platforms are named {platform.name!r}")
        found[platform.name] = platform
    return found


#: Every platform, by name.
PLATFORMS: dict[str, Platform[Any]] = discover(__path__, __name__)


def names() -> str:
    """The platforms' names, for help texts: ``discord, telegram``."""
    return ", ".join(PLATFORMS)
