"""A TCP proxy in front of a PostgreSQL server that makes it answer as if it were ``rtt_ms``
away: what the client sends reaches the server that much later, so each *round trip* costs the
delay once — a batch of statements sent together pays it once, as over a real network.

It also counts the client's flights (a flight: everything the client sends before the server
next answers), so a benchmark or a test can tell how many round trips some work costs.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy.engine import make_url

_CHUNK = 65536


def server_address(url: str) -> tuple[str, int] | str:
    """Where a ``postgresql://`` URL's server listens: ``(host, port)``, or a Unix socket path."""
    parsed = make_url(url)
    query_host = parsed.query.get("host")
    host = query_host if isinstance(query_host, str) else parsed.host
    port = int(parsed.query.get("port") or parsed.port or 5432)  # type: ignore[arg-type]
    if not host or host.startswith("/"):
        return f"{host or '/var/run/postgresql'}/.s.PGSQL.{port}"
    return (host, port)


def via(url: str, port: int) -> str:
    """``url`` with its server replaced by the proxy on 127.0.0.1:``port``."""
    parsed = make_url(url).difference_update_query(["host", "port"])
    return parsed.set(host="127.0.0.1", port=port).render_as_string(hide_password=False)


class DelayProxy:
    """Forwards 127.0.0.1:``port`` to a server, delaying the client's bytes by ``rtt_ms``."""

    def __init__(self, target: tuple[str, int] | str, rtt_ms: float) -> None:
        self._target = target
        self._delay = rtt_ms / 1000
        self._flights = 0
        self._count_lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._server: asyncio.Server | None = None
        self._open_writers: set[asyncio.StreamWriter] = set()
        self._links: set[_Link] = set()
        self.port = 0
        self._thread = threading.Thread(target=self._run, name="delay-proxy", daemon=True)

    @property
    def flights(self) -> int:
        """The client flights forwarded so far, all connections together."""
        with self._count_lock:
            return self._flights

    def settled(self, quiet_s: float = 0.03, timeout_s: float = 10.0) -> int:
        """The flights so far, read once the proxy is settled: no connection has a flight on
        its way (sent and not yet answered, or still held back by the delay) and no bytes
        moved for ``quiet_s``. Read before and after some work, the difference is that work's
        round trips alone — not a late one before it (a pooled connection's reset, another
        thread's read) nor one still under way."""
        deadline = time.monotonic() + timeout_s
        while True:
            with self._count_lock:
                links = list(self._links)
            now = time.monotonic()
            quiet = all(link.idle for link in links) and all(
                now - link.moved_at >= quiet_s for link in links
            )
            if quiet:
                return self.flights
            if now > deadline:
                raise TimeoutError(f"the proxy did not settle in {timeout_s:g} s")
            time.sleep(quiet_s / 3)

    def start(self) -> int:
        """Start listening; returns the port."""
        self._thread.start()
        self._ready.wait(10)
        return self.port

    def close(self) -> None:
        """Stop listening and end every forwarded connection."""
        asyncio.run_coroutine_threadsafe(self._shut(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _shut(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in list(self._open_writers):
            writer.close()
        await asyncio.sleep(0.05)  # the connections' tasks see their streams end

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", 0)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if isinstance(self._target, str):
            return await asyncio.open_unix_connection(self._target)
        return await asyncio.open_connection(*self._target)

    def _flight(self) -> None:
        with self._count_lock:
            self._flights += 1

    async def _serve(self, c_reader: asyncio.StreamReader, c_writer: asyncio.StreamWriter) -> None:
        s_reader, s_writer = await self._open()
        self._open_writers.update((c_writer, s_writer))
        link = _Link(self._delay, self._flight)
        with self._count_lock:
            self._links.add(link)
        tasks = [
            asyncio.create_task(link.upstream(c_reader)),
            asyncio.create_task(link.deliver(s_writer)),
            asyncio.create_task(link.downstream(s_reader, c_writer)),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for writer in (c_writer, s_writer):
            writer.close()
            self._open_writers.discard(writer)
        await asyncio.wait(tasks, timeout=1)
        for task in tasks:
            task.cancel()
        with self._count_lock:
            self._links.discard(link)


#: PostgreSQL's Flush message: the server sends what it has, and nothing when it has none.
_FLUSH = b"H\x00\x00\x00\x04"


class _Link:
    """One proxied connection: the client's bytes go through a queue that holds each chunk
    until its time; the server's come straight back."""

    def __init__(self, delay: float, on_flight: Callable[[], None]) -> None:
        self._delay = delay
        self._on_flight = on_flight
        self._answered = True  # the server spoke last: the client's next bytes start a flight
        self._queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        #: When bytes last moved either way (``time.monotonic()``).
        self.moved_at = time.monotonic()

    @property
    def idle(self) -> bool:
        """No flight on its way: the server spoke last and nothing waits to be delivered."""
        return self._answered and self._queue.empty()

    async def upstream(self, reader: asyncio.StreamReader) -> None:
        """Client → queue, each chunk stamped with when it may reach the server."""
        while data := await _read(reader):
            self.moved_at = time.monotonic()
            # A lone Flush (psycopg's pipeline sends one) asks for nothing the server owes:
            # waiting for its answer left the proxy unsettled for good, now and then.
            if self._answered and data.replace(_FLUSH, b""):
                self._answered = False
                self._on_flight()
            self._queue.put_nowait((time.monotonic() + self._delay, data))
        self._queue.put_nowait((0.0, b""))

    async def deliver(self, writer: asyncio.StreamWriter) -> None:
        """Queue → server, each chunk at its time, in order."""
        while True:
            due, data = await self._queue.get()
            if not data:
                writer.close()
                return
            if (wait := due - time.monotonic()) > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            with contextlib.suppress(ConnectionError):
                await writer.drain()

    async def downstream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Server → client, at once."""
        while data := await _read(reader):
            self.moved_at = time.monotonic()
            self._answered = True
            writer.write(data)
            with contextlib.suppress(ConnectionError):
                await writer.drain()
        writer.close()


async def _read(reader: asyncio.StreamReader) -> bytes:
    """The next bytes, or ``b""`` at the end of the stream or when it broke."""
    try:
        return await reader.read(_CHUNK)
    except ConnectionError:
        return b""


@contextmanager
def delayed(url: str, rtt_ms: float) -> Iterator[tuple[str, DelayProxy]]:
    """``url`` reached through a :class:`DelayProxy` adding ``rtt_ms`` per round trip."""
    proxy = DelayProxy(server_address(url), rtt_ms)
    port = proxy.start()
    try:
        yield via(url, port), proxy
    finally:
        proxy.close()
