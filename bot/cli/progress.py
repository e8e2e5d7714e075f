"""Progress of long work on stderr, the same for every command: a rich bar with rate and ETA
on a terminal, a plain line now and then when stderr is a file or a pipe (logs, CI), nothing
with ``--json`` (stdout carries the figures, stderr stays quiet).

memory_core reports through plain callbacks (``progress(done, total)``); only this module turns
them into output, so memory_core never imports rich.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from bot.cli.common import err_console

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

#: Without a terminal, at most one line per label this often (the first and the last always).
PLAIN_EVERY_S = 10.0


class Reporter:
    """Told ``update(done, total, label)`` as work advances; shows it as its mode says."""

    def __init__(
        self, mode: str, label: str, every_s: float, console: Console, unit: str = ""
    ) -> None:
        self.mode = mode
        self.unit = unit
        self.label = label
        self.every_s = every_s
        self.console = console
        self.bar: Progress | None = None
        self._tasks: dict[str, TaskID] = {}
        self._started: dict[str, float] = {}
        self._shown: dict[str, float] = {}
        self._finished: set[str] = set()

    def __call__(self, done: int, total: int | None = None) -> None:
        """Progress of the current label (the shape memory_core's callbacks have)."""
        self.update(done, total)

    def update(self, done: int, total: int | None = None, label: str | None = None) -> None:
        """``done`` of ``total`` items (``None``: unknown) for ``label`` (default: the last)."""
        if label is not None:
            self.label = label
        label = self.label
        if self.mode == "quiet":
            return
        now = time.monotonic()
        started = self._started.setdefault(label, now)
        if self.mode == "bar":
            assert self.bar is not None
            if label not in self._tasks:
                self._tasks[label] = self.bar.add_task(label, total=total)
            self.bar.update(self._tasks[label], completed=done, total=total)
            return
        finished = total is not None and done >= total
        if label in self._finished:
            return
        last = self._shown.get(label)
        if not finished and last is not None and now - last < self.every_s:
            return
        self._shown[label] = now
        if finished:
            self._finished.add(label)
        line = _plain_line(label, done, total, now - started, self.unit)
        self.console.print(line, highlight=False, markup=False, soft_wrap=True)

    def note(self, message: str) -> None:
        """A phase with no count (``starting``, ``indexing``): the bar's title, or a line."""
        if self.mode == "quiet":
            return
        if self.mode == "bar":
            assert self.bar is not None
            if self.label in self._tasks:
                self.bar.update(self._tasks[self.label], description=f"{self.label}: {message}")
            else:
                self._tasks[self.label] = self.bar.add_task(f"{self.label}: {message}", total=None)
            return
        self.console.print(
            f"{self.label}: {message}", highlight=False, markup=False, soft_wrap=True
        )


def _plain_line(label: str, done: int, total: int | None, seconds: float, unit: str = "") -> str:
    """``label: 120 / 400 rows (30%), 41.2/s, about 7 s left`` — what a log file gets."""
    rate = done / seconds if seconds > 0 else 0.0
    unit = f" {unit}" if unit else ""
    if total is None:
        return f"{label}: {done:,}{unit}" + (f", {rate:,.1f}/s" if done else "")
    pct = 100 * done / total if total else 100.0
    line = f"{label}: {done:,} / {total:,}{unit} ({pct:.0f}%)"
    if done >= total:
        return f"{line}, done in {seconds:.1f} s"
    if done and rate:
        line += f", {rate:,.1f}/s, about {(total - done) / rate:.0f} s left"
    return line


@contextmanager
def progress(
    label: str,
    *,
    quiet: bool = False,
    every_s: float = PLAIN_EVERY_S,
    console: Console | None = None,
    transient: bool = True,
    unit: str = "",
) -> Iterator[Reporter]:
    """A :class:`Reporter` for the work inside the block; ``quiet`` (``--json``): silent.
    ``unit`` names what is counted in the plain lines (``rows``)."""
    out = console or err_console
    mode = "quiet" if quiet else ("bar" if out.is_terminal else "plain")
    reporter = Reporter(mode, label, every_s, out, unit)
    if mode != "bar":
        yield reporter
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Items per second, from rich's own speed estimate."""

        def render(self, task: Task) -> Text:
            """``41.2/s``, or nothing before the first estimate."""
            return Text(f"{task.speed:,.1f}/s" if task.speed else "", style="progress.data.speed")

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=out, transient=transient) as bar:
        reporter.bar = bar
        yield reporter
