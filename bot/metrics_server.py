"""``/metrics`` in Prometheus text format: a tiny asyncio HTTP server, off unless configured.

It serves the figures of ``membot admin metrics`` over the last 24 hours, the store counts of
``membot admin stats`` and process health, plus ``/healthz``. Figures are computed in a worker
thread (never on the event loop) and cached for a few seconds, so a burst of scrapes costs one
computation. One request per connection; anything but ``GET`` of a known path is
answered 404/405.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import resource
import threading
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping

import structlog

from memory_core import Memory
from memory_core.types import LLMPrice, MetricsReport, StoreStats

log = structlog.get_logger("bot.metrics")

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
WINDOW_S = 86400.0
_READ_TIMEOUT_S = 5.0
_MAX_HEADER_LINES = 100


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(labels: dict[str, str]) -> str:
    if not labels:
        return ""
    return "{" + ",".join(f'{k}="{_escape(v)}"' for k, v in sorted(labels.items())) + "}"


def _number(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "NaN"
    if isinstance(value, float) and math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value)) if isinstance(value, float) else str(value)


class _Text:
    """Collects samples grouped by metric, each metric with one HELP and TYPE line."""

    def __init__(self) -> None:
        self._help: dict[str, tuple[str, str]] = {}
        self._samples: dict[str, list[str]] = defaultdict(list)

    def add(
        self,
        name: str,
        value: float | None,
        help_text: str,
        labels: dict[str, str] | None = None,
        kind: str = "gauge",
    ) -> None:
        self._help.setdefault(name, (help_text, kind))
        self._samples[name].append(f"{name}{_labels(labels or {})} {_number(value)}")

    def render(self) -> str:
        lines: list[str] = []
        for name, (help_text, kind) in self._help.items():
            lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}", *self._samples[name]]
        return "\n".join(lines) + "\n"


def resident_bytes() -> float:
    """This process's resident memory now (``/proc``), else its peak (``ru_maxrss``)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return float(int(handle.read().split()[1]) * os.sysconf("SC_PAGESIZE"))
    except OSError:
        # ru_maxrss is the peak (KiB on Linux).
        return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)


def process_health(started_at: float) -> dict[str, float]:
    """This process: start time, CPU seconds, resident memory, open descriptors, threads."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out = {
        "start_time": started_at,
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "resident_bytes": resident_bytes(),
        "threads": float(threading.active_count()),
    }
    with contextlib.suppress(OSError):
        out["open_fds"] = float(len(os.listdir("/proc/self/fd")))
    return out


#: This process's counters (``memory_core/db/changes.py``): name → help text. Each is exposed
#: as ``membot_<name>_total`` from the process's start (zero until the first change), so
#: ``rate()`` and ``increase()`` read them across restarts as Prometheus counters.
COUNTERS = {
    "turns": "Turns committed by this process",
    "facts": "Fact changes committed by this process, by action (created, updated, deleted…)",
    "conflicts_asked": "Questions opened for a conflicting fact by this process",
    "conflicts_answered": "Conflict questions the user answered, by choice, in this process",
    "llm_calls": "LLM calls recorded by this process, by model",
    "llm_tokens": "LLM tokens recorded by this process, by model and type",
}

Counted = Mapping[tuple[str, tuple[tuple[str, str], ...]], float]


def render(
    report: MetricsReport,
    stats: StoreStats,
    process: dict[str, float],
    extra: dict[str, float],
    counters: Counted | None = None,
) -> str:
    """The Prometheus text exposition of a metrics report, store counts and process health,
    and this process's counters."""
    t = _Text()
    counted = counters or {}
    for name, help_text in COUNTERS.items():
        samples = sorted((labels, v) for (n, labels), v in counted.items() if n == name)
        if not samples and name in ("turns", "conflicts_asked"):
            samples = [((), 0.0)]  # unlabelled counters exist from the start
        for labels, value in samples:
            t.add(f"membot_{name}_total", value, help_text, dict(labels), kind="counter")
    t.add("membot_up", 1, "1 while the bot serves")
    t.add("membot_start_time_seconds", process["start_time"], "Process start, Unix time")
    t.add("process_cpu_seconds_total", process["cpu_seconds"], "CPU seconds used", kind="counter")
    t.add("process_resident_memory_bytes", process["resident_bytes"], "Resident memory")
    if "open_fds" in process:
        t.add("process_open_fds", process["open_fds"], "Open file descriptors")
    t.add("membot_threads", process["threads"], "Python threads")
    for key, value in sorted(extra.items()):
        t.add(f"membot_{key}", value, key.replace("_", " "))
    c = stats.counts
    t.add("membot_users", c.users, "Users with any stored data")
    for status, n in c.facts_by_status.items():
        t.add("membot_facts", n, "Facts by status", {"status": status})
    t.add("membot_episodes", c.episodes, "Stored turns")
    t.add("membot_pending_confirmations", c.pending_conflicts, "Conflicts waiting for the user")
    for status, n in c.outbox.items():
        t.add("membot_outbox_jobs", n, "Learning jobs by status", {"status": status})
    for job, n in c.failed_jobs.items():
        t.add("membot_failed_jobs", n, "Failed jobs (observer, scheduled)", {"job": job})
    t.add("membot_vector_queue", c.vector_queue, "Vector writes waiting")
    for file, n in stats.sizes.items():
        t.add("membot_db_size_bytes", n, "Database file sizes", {"file": file})
    day = "over the last 24 hours"
    t.add("membot_turns", report.turns, f"Answered turns {day}")
    t.add("membot_lexical_hit_rate", report.lexical_hit_rate, f"Lexical hit rate {day}")
    t.add("membot_vector_hit_rate", report.vector_hit_rate, f"Vector hit rate {day}")
    for stat in ("mean", "p50", "p95"):
        t.add(
            "membot_injected_memory_tokens",
            getattr(report.injected_tokens, stat),
            f"Memory block tokens per turn {day}",
            {"stat": stat},
        )
    t.add("membot_observer_jobs", report.observer_jobs, f"Learning jobs run {day}")
    t.add("membot_observer_errors", report.observer_errors, f"Learning job failures {day}")
    latency = report.observer_latency_ms
    for quantile, ms in (("0.5", latency.p50), ("0.95", latency.p95)):
        t.add(
            "membot_observer_latency_ms",
            ms,
            f"Learning job duration {day}",
            {"quantile": quantile},
        )
    t.add(
        "membot_confirmation_resolution_rate",
        report.confirmation_resolution_rate,
        f"Pending confirmations the user settled {day}",
    )
    t.add(
        "membot_wrong_overwrite_rate",
        report.wrong_overwrite_rate,
        f"Automatic overwrites the user corrected or undid {day}",
    )
    for (model, kind), total in sorted(_llm_totals(report).items()):
        if kind == "cost_usd":
            t.add("membot_llm_cost_usd", total, f"LLM cost in USD {day}", {"model": model})
        elif kind == "calls":
            t.add("membot_llm_calls", total, f"LLM calls {day}", {"model": model})
        else:
            t.add("membot_llm_tokens", total, f"LLM tokens {day}", {"model": model, "type": kind})
    return t.render()


def _llm_totals(report: MetricsReport) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = defaultdict(float)
    for d in report.llm_days:
        out[(d.model, "calls")] += d.calls
        out[(d.model, "input")] += d.input_tokens
        out[(d.model, "output")] += d.output_tokens
        out[(d.model, "cache_read")] += d.cache_read_tokens
        out[(d.model, "cache_write")] += d.cache_write_tokens
        if d.cost_usd is not None:  # unknown models have no cost line at all
            out[(d.model, "cost_usd")] += d.cost_usd
    return out


class MetricsServer:
    """Serves ``/metrics``, ``/healthz`` (liveness: the process and its event loop answer) and
    ``/readyz`` (readiness: 503 with the reasons while ``ready`` reports any problem, else 200
    with its warnings); owned by the
    runtime (``start()``/``aclose()``)."""

    def __init__(
        self,
        memory: Memory,
        *,
        host: str = "127.0.0.1",
        port: int = 9464,
        ttl: float = 15.0,
        extra: Callable[[], dict[str, float]] | None = None,
        now: Callable[[], float] = time.time,
        prices: Mapping[str, LLMPrice] | None = None,
        ready: Callable[[], Awaitable[tuple[list[str], list[str]]]] | None = None,
    ) -> None:
        self.operations = memory.operations(prices=prices)
        self._memory = memory  # figures are computed on its background lane
        # The memory's clock: events carry it, so the 24-hour window must be read with it.
        self.now = now
        self.host = host
        self.port = port
        self.ttl = ttl
        self.extra = extra or dict
        self.ready = ready
        self.started_at = time.time()
        self._server: asyncio.Server | None = None
        self._cache: tuple[float, str] | None = None
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        """Listen; with ``port=0`` the chosen port is in ``self.port`` afterwards."""
        self._server = await asyncio.start_server(self._handle, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("metrics_listening", host=self.host, port=self.port)

    async def aclose(self) -> None:
        """Stop listening and wait for open connections to finish."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def body(self) -> str:
        """The current exposition text (cached for ``ttl`` seconds)."""
        async with self._lock:
            now = time.monotonic()
            if self._cache is not None and now - self._cache[0] < self.ttl:
                return self._cache[1]
            extra = {**self.extra(), "asyncio_tasks": float(len(asyncio.all_tasks()))}
            text = await self._memory.in_background(self._compute, extra)
            self._cache = (now, text)
            return text

    def _compute(self, extra: dict[str, float]) -> str:
        until = self.now()
        report = self.operations.metrics(since=until - WINDOW_S, until=until)
        return render(
            report,
            self.operations.stats(),
            process_health(self.started_at),
            extra,
            self.operations.counters(),
        )

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            status, body = await asyncio.wait_for(self._respond(reader), _READ_TIMEOUT_S * 2)
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError, ValueError):
            status, body = "400 Bad Request", "bad request\n"
        except asyncio.CancelledError:
            writer.close()
            raise
        except Exception:  # the server's one outermost guard: a scrape must not kill the bot
            log.exception("metrics_failed")
            status, body = "500 Internal Server Error", "metrics failed, see the logs\n"
        await _send(writer, status, body)

    async def _respond(self, reader: asyncio.StreamReader) -> tuple[str, str]:
        request = (await reader.readline()).decode("latin-1").split()
        for _ in range(_MAX_HEADER_LINES):
            if (await reader.readline()) in (b"\r\n", b"\n", b""):
                break
        if len(request) < 2:
            raise ValueError("malformed request line")
        method, path = request[0], request[1].split("?", 1)[0]
        if path not in ("/metrics", "/healthz", "/readyz"):
            return "404 Not Found", "not found: try /metrics, /healthz or /readyz\n"
        if method != "GET":
            return "405 Method Not Allowed", "GET only\n"
        if path == "/healthz":
            return "200 OK", "ok\n"
        if path == "/readyz":
            problems, warnings = ([], []) if self.ready is None else await self.ready()
            if problems:
                return "503 Service Unavailable", "".join(f"{p}\n" for p in problems)
            return "200 OK", "ready\n" + "".join(f"warning: {w}\n" for w in warnings)
        return "200 OK", await self.body()


async def _send(writer: asyncio.StreamWriter, status: str, body: str) -> None:
    data = body.encode("utf-8")
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: {CONTENT_TYPE}\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    ).encode("ascii")
    try:
        writer.write(head + data)
        await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()
