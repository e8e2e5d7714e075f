"""A TCP port for a test server on 127.0.0.1 that another test session on the machine is
unlikely to take between choosing it and listening on it.

Binding port 0 picks from the kernel's ephemeral range (32768-60999 on Linux), the range every
outgoing connection on the machine takes its source port from: between the test closing its
probe socket and its server listening, another process's connection — or another test
session's server — can take the same port. These ports come from below that range, at random,
and are checked free.
"""

from __future__ import annotations

import random
import socket

#: Below Linux's default ephemeral range (``net.ipv4.ip_local_port_range``).
LOW, HIGH = 20_000, 32_767
_rng = random.SystemRandom()


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing on ``host`` listens on now, chosen at random below the ephemeral range."""
    for _ in range(200):
        port = _rng.randint(LOW, HIGH)
        with socket.socket() as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:  # a machine using that whole range: the kernel's choice
        sock.bind((host, 0))
        return int(sock.getsockname()[1])
