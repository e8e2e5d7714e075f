"""What the language model costs, per user and purpose, and the daily per-user allowance.

:class:`UsageMeter` is the providers' ``usage_sink``: it sums each call in memory (on the event
loop, under a lock, never a database write there) per model for the event log, and per UTC day,
user, purpose and model for ``llm_usage``; both are written by ``flush`` inside a transaction
that commits anyway (a turn's, a learning job's). :class:`LLMBudget` answers whether a user has
used up today's allowance (``MEMBOT_LLM_DAILY_TOKENS_PER_USER``): stored totals plus what is
still in the meter, so a reply's own tokens count before they are written.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC
from typing import TYPE_CHECKING

from sqlalchemy import Connection

from memory_core.clock import Clock, SystemClock
from memory_core.llm import Usage
from memory_core.runtime.executors import Lane
from memory_core.store import llm_usage
from memory_core.store.events import UsageBuffer

if TYPE_CHECKING:
    from memory_core.context import Context

_Key = tuple[str, str, str, str]  # day, user, purpose, model
#: After a user is erased, usage of calls still in flight for them is not kept for this long
#: (longer than a call's timeout and retries): nothing of theirs is written back.
ERASED_GRACE_S = 600.0


class UsageMeter(UsageBuffer):
    """LLM usage summed in memory per model (event log) and per day, user, purpose and model
    (``llm_usage``), written by :meth:`flush` in the caller's transaction."""

    def __init__(self, clock: Clock | None = None) -> None:
        super().__init__()
        self._clock = clock or SystemClock()
        self._rows_lock = threading.Lock()
        self._rows: dict[_Key, list[int]] = {}
        self._erased: dict[str, float] = {}  # user → monotonic time of erasure

    def day(self) -> str:
        """Today (UTC, by the meter's clock) as an ISO date: the unit of the daily cap."""
        return self._clock.now().astimezone(UTC).date().isoformat()

    def record(self, usage: Usage) -> None:
        """Add one call's usage (the provider's ``usage_sink``)."""
        super().record(usage)
        key = (self.day(), usage.user_id or "", usage.purpose or "other", usage.model)
        with self._rows_lock:
            erased = self._erased.get(key[1])
            if erased is not None and time.monotonic() - erased < ERASED_GRACE_S:
                key = (key[0], "", key[2], key[3])  # counted, but no longer theirs
            t = self._rows.setdefault(key, [0] * len(llm_usage.COUNTERS))
            t[0] += 1
            t[1] += usage.input_tokens
            t[2] += usage.output_tokens
            t[3] += usage.cache_read_input_tokens
            t[4] += usage.cache_creation_input_tokens

    def forget_user(self, user_id: str) -> None:
        """The user was erased: their unwritten usage, and that of calls still in flight for
        them, is kept without their id (``Memory.erase_listeners``)."""
        now = time.monotonic()
        with self._rows_lock:
            self._erased = {u: t for u, t in self._erased.items() if now - t < ERASED_GRACE_S}
            self._erased[user_id] = now
            for key in [k for k in self._rows if k[1] == user_id]:
                values = self._rows.pop(key)
                t = self._rows.setdefault((key[0], "", key[2], key[3]), [0] * len(values))
                for i, v in enumerate(values):
                    t[i] += v

    def pending(self) -> bool:
        """Whether there is usage not yet written."""
        with self._rows_lock:
            rows = bool(self._rows)
        return rows or super().pending()

    def pending_tokens(self, user_id: str, day: str) -> int:
        """Tokens of ``user_id`` on ``day`` recorded but not written yet."""
        with self._rows_lock:
            return sum(
                sum(v[1:])
                for (d, u, _purpose, _model), v in self._rows.items()
                if d == day and u == user_id
            )

    def flush(self, conn: Connection, ts: float) -> int:
        """Write the event-log sums and the per-user rows in the caller's transaction; if the
        write fails the sums are kept for the next flush."""
        written = super().flush(conn, ts)
        with self._rows_lock:
            taken, self._rows = self._rows, {}
        if not taken:
            return written
        rows = [llm_usage.UsageRow(*key, *values) for key, values in sorted(taken.items())]
        try:
            llm_usage.add(conn, rows)
        except BaseException:
            with self._rows_lock:
                for key, values in taken.items():
                    t = self._rows.setdefault(key, [0] * len(llm_usage.COUNTERS))
                    for i, v in enumerate(values):
                        t[i] += v
            raise
        return written + len(rows)


class LLMBudget:
    """The daily per-user token allowance; ``None`` means no cap."""

    def __init__(self, ctx: Context, meter: UsageMeter, daily_tokens_per_user: int | None):
        self.ctx = ctx
        self.meter = meter
        self.limit = daily_tokens_per_user

    async def spent_today(self, user_id: str) -> int:
        """Tokens billed for the user today (written and still in the meter)."""
        day = self.meter.day()
        stored = await self.ctx.lanes.read(Lane.REPLY, llm_usage.tokens_on, user_id, day)
        return stored + self.meter.pending_tokens(user_id, day)

    async def exhausted(self, user_id: str) -> bool:
        """Whether the user used up today's allowance (never, without a cap)."""
        if not self.limit:
            return False
        return await self.spent_today(user_id) >= self.limit

    async def first_notice_today(self, user_id: str) -> bool:
        """Record that the user is told the allowance is used up; ``True`` only the first time
        each day (they are told once)."""
        day = self.meter.day()
        now = self.ctx.clock.now()
        return await self.ctx.lanes.write_for(Lane.REPLY, llm_usage.claim_notice, user_id, day, now)
