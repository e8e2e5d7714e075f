"""The job registry: a module of ``memory_core/jobs/`` that declares ``JOB`` is scheduled.

A new background job (a new kind of memory written on a schedule) is its module and nothing
else here: ``JOB = ScheduledJob(name, cron, about, run)``. The engine collects every declared
job when it builds its schedule (``membot jobs list``, ``membot jobs run <name>``, the
scheduler); an operator moves one with ``MEMBOT_JOBS_CRON='{"<name>": "<cron>"}'``. The run
step gets a :class:`JobHost`: the engine's context, its language model (``None`` offline),
each user's lane and the profile rebuild.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from memory_core.context import Context
    from memory_core.jobs.profile import Profile
    from memory_core.llm import LLM

#: The attribute a job module declares.
ATTRIBUTE = "JOB"


class JobHost(Protocol):
    """What a declared job's run step may use of the engine."""

    @property
    def ctx(self) -> Context: ...
    @property
    def llm(self) -> LLM | None: ...
    async def in_lanes(
        self, users: list[str], name: str, work: Callable[[str], Awaitable[dict[str, Any]]]
    ) -> list[dict[str, Any]]: ...
    async def refresh_profile(
        self, user_id: str, *, every_turns: int | None = None
    ) -> Profile | None: ...


#: A declared job's body: the host, and the one user it is run for (``None``: everyone).
JobRun = Callable[["JobHost", "str | None"], Awaitable[dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class ScheduledJob:
    """A job a module declares: its name, default cron, what it does, and its body (which
    returns a small, log-safe summary)."""

    name: str
    cron: str
    about: str
    run: JobRun


def declared() -> list[ScheduledJob]:
    """Every job the modules of this package declare, by module name."""
    import memory_core.jobs as package

    found = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        job = getattr(module, ATTRIBUTE, None)
        if isinstance(job, ScheduledJob):
            found.append(job)
    return found
