"""Per-user limits on heavy operations (a whole memory at once: /import, /export, /forgetme and
the presses that apply them), so one user cannot occupy the bot's threads and writer lock.

Two rules, both per user: at most ``in_flight`` heavy operations at a time (an import being
applied in the background holds its slot until it is done), and at most ``per_hour`` started
in any sliding hour. A refusal is a sentence for the user; nothing was started. The counts
live in this process (each replica limits its own share).
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.i18n import t
from memory_core.clock import SystemClock

_WINDOW = timedelta(hours=1)


class HeavyQuota:
    """Admits or refuses a user's heavy operation; ``begin`` must be paired with ``end``."""

    def __init__(
        self,
        *,
        in_flight: int = 1,
        per_hour: int = 20,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.in_flight = max(1, in_flight)
        self.per_hour = max(1, per_hour)
        self._now = now or SystemClock().now
        self._running: dict[str, int] = {}
        self._started: dict[str, deque[datetime]] = {}
        # Background import appliers end their slot from another task; keep the maps whole.
        self._lock = threading.Lock()

    def begin(self, user_id: str, what: str, lang: str = "en") -> str | None:
        """Take one of ``user_id``'s slots for ``what``; ``None`` when admitted, else why not
        (in ``lang``)."""
        now = self._now()
        with self._lock:
            if self._running.get(user_id, 0) >= self.in_flight:
                return t(
                    lang,
                    "I'm still working on your last big request (an import, export or "
                    "deletion). Please send /{command} again once it's done.",
                    command=what,
                )
            started = self._started.setdefault(user_id, deque())
            while started and now - started[0] >= _WINDOW:
                started.popleft()
            if len(started) >= self.per_hour:
                wait = _WINDOW - (now - started[0])
                minutes = max(1, math.ceil(wait.total_seconds() / 60))
                return t(
                    lang,
                    "That's a lot of big requests in one hour (the limit is {limit}). "
                    "Please try /{command} again in {minutes} minutes.",
                    limit=self.per_hour,
                    command=what,
                    minutes=minutes,
                )
            started.append(now)
            self._running[user_id] = self._running.get(user_id, 0) + 1
            return None

    def hold(self, user_id: str) -> None:
        """Take a slot whatever the limits say (work that must go on: an import resumed at
        start); paired with ``end`` like ``begin``."""
        with self._lock:
            self._running[user_id] = self._running.get(user_id, 0) + 1

    def end(self, user_id: str) -> None:
        """Give back a slot taken by ``begin``."""
        with self._lock:
            left = self._running.get(user_id, 0) - 1
            if left > 0:
                self._running[user_id] = left
            else:
                self._running.pop(user_id, None)

    def busy(self, user_id: str) -> bool:
        """Whether the user has a heavy operation in flight."""
        with self._lock:
            return self._running.get(user_id, 0) > 0
