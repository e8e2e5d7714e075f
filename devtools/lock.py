"""Write deploy/requirements.lock: every package the image installs, pinned with its hashes.

    python -m devtools.lock            # after changing dependencies in pyproject.toml

The Docker image installs exactly this file (``pip install --require-hashes``), then membot
itself with ``--no-deps``, so a build next month gets the same wheels as today's.
``tests/test_deploy.py`` fails when pyproject.toml and the lock disagree.

Resolved by ``uv pip compile`` (a dev dependency) from pyproject.toml's dependencies plus the
``postgres`` extra and its build-system requirements (the image builds membot without
fetching a build backend), for every platform the image may be built on (``--universal``), Python
3.11 as in the image. The versions installed in this environment are the preferred ones (they
are what the test suite ran with), so a re-lock moves a package only when pyproject.toml
demands it. Needs the package index (PyPI).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "deploy" / "requirements.lock"
#: The image's Python (deploy/Dockerfile's base) and the extras it installs.
PYTHON = "3.11"
EXTRAS = ("postgres",)
COMMAND = "python -m devtools.lock"
#: How the lock names the build-system requirements' source.
BUILD_SOURCE = "pyproject.toml [build-system]"


def build_requirements() -> list[str]:
    """pyproject.toml's ``[build-system] requires``."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(pyproject["build-system"]["requires"])


def installed_pins() -> list[str]:
    """``name==version`` of every distribution in this environment except membot itself and
    the packaging tools (a venv's own setuptools may be older than the build needs)."""
    pins = {
        dist.metadata["Name"].lower(): f"{dist.metadata['Name']}=={dist.version}"
        for dist in metadata.distributions()
        if dist.metadata["Name"]
        and dist.metadata["Name"].lower() not in {"membot", "pip", "setuptools", "wheel"}
    }
    return [pins[name] for name in sorted(pins)]


def uv() -> str:
    """The uv executable beside this Python, or on PATH."""
    here = Path(sys.executable).with_name("uv")
    found = str(here) if here.exists() else shutil.which("uv")
    if found is None:
        raise SystemExit("uv is not installed: pip install -e '.[dev]'")
    return found


def main() -> int:
    """Resolve and write the lock; exit non-zero with uv's message when it cannot."""
    with tempfile.TemporaryDirectory() as tmp:
        preferred = Path(tmp) / "installed.txt"
        preferred.write_text("\n".join(installed_pins()) + "\n", encoding="utf-8")
        build = Path(tmp) / "build-system.txt"
        build.write_text("\n".join(build_requirements()) + "\n", encoding="utf-8")
        args = [uv(), "pip", "compile", str(ROOT / "pyproject.toml"), str(build)]
        args += [arg for extra in EXTRAS for arg in ("--extra", extra)]
        args += [
            "--universal",
            "--python-version",
            PYTHON,
            "--generate-hashes",
            "--constraint",
            str(preferred),
            "--custom-compile-command",
            COMMAND,
            "--no-progress",
            "--quiet",
            "--output-file",
            str(LOCK),
        ]
        result = subprocess.run(args, cwd=ROOT, check=False)
    if result.returncode != 0:
        return result.returncode
    # Both helper inputs are temporary files: their names would change the lock on every run.
    text = LOCK.read_text(encoding="utf-8").replace(f"-r {build}", BUILD_SOURCE)
    kept = [
        line for line in text.splitlines() if not line.lstrip().startswith(f"#   -c {preferred}")
    ]
    LOCK.write_text("\n".join(kept) + "\n", encoding="utf-8")
    print(f"wrote {LOCK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
