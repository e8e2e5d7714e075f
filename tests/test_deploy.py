"""deploy/: the Dockerfile, compose file and systemd unit keep the operational contract.

Docker is not available here, so the files are checked structurally; the systemd unit goes
through ``systemd-analyze verify`` when that exists.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined and comments dropped."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    joined = re.sub(r"\\\n", " ", text)
    out = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), " ".join(rest.split())))
    return out


def final_stage() -> list[tuple[str, str]]:
    ins = dockerfile_instructions()
    last_from = max(i for i, (word, _) in enumerate(ins) if word == "FROM")
    return ins[last_from:]


def test_image_runs_as_a_non_root_user() -> None:
    users = [arg for word, arg in final_stage() if word == "USER"]
    assert users, "the final stage sets no USER"
    assert users[-1] not in ("root", "0", "0:0")


def test_image_base_is_slim_python() -> None:
    bases = [arg for word, arg in dockerfile_instructions() if word == "FROM"]
    assert all(re.match(r"python:3\.11-slim\b", b) for b in bases), bases


def test_healthcheck_runs_membot_admin_doctor() -> None:
    checks = [arg for word, arg in final_stage() if word == "HEALTHCHECK"]
    assert len(checks) == 1
    assert re.search(r'CMD \["membot", "admin", "doctor"', checks[0]), checks[0]


def test_data_folder_is_a_volume_holding_the_database() -> None:
    stage = final_stage()
    volumes = " ".join(arg for word, arg in stage if word == "VOLUME")
    env = " ".join(arg for word, arg in stage if word == "ENV")
    match = re.search(r"MEMBOT_DB=(\S+)", env)
    assert match, "MEMBOT_DB is not set in the image"
    assert str(Path(match.group(1)).parent) in volumes


def test_image_installs_the_package_and_stops_on_sigterm() -> None:
    ins = dockerfile_instructions()
    runs = " ".join(arg for word, arg in ins if word == "RUN")
    assert "pip install ." in runs
    assert ("STOPSIGNAL", "SIGTERM") in final_stage()
    assert any(word == "ENTRYPOINT" and "membot" in arg for word, arg in final_stage())


def test_compose_has_the_bot_a_named_volume_and_an_env_file() -> None:
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:  # pyyaml is not a dependency: check the structure as text
        assert re.search(r"^services:\n  membot:\n", text, re.M)
        assert re.search(r"^    env_file:\n      - \.env$", text, re.M)
        volume = re.search(r"^      - ([\w-]+):/data$", text, re.M)
        assert volume, "no named volume mounted on /data"
        assert re.search(rf"^volumes:\n  {volume.group(1)}:", text, re.M)
        assert "dockerfile: deploy/Dockerfile" in text
        return
    doc = yaml.safe_load(text)
    service = doc["services"]["membot"]
    assert service["env_file"]
    source = service["volumes"][0].split(":")[0]
    assert source in doc["volumes"]


UNIT = DEPLOY / "membot.service"


def unit_values() -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", ";")):
            key, _, value = line.partition("=")
            values.setdefault(key.strip(), []).append(value.strip())
    return values


def test_systemd_unit_restarts_and_stops_gracefully() -> None:
    v = unit_values()
    assert v["Restart"] == ["on-failure"]
    assert v["KillSignal"] == ["SIGTERM"]
    timeout = v["TimeoutStopSec"][0]
    assert int(timeout.rstrip("s")) > 20 + 10, "must outlast shutdown + observer drain"
    assert v["EnvironmentFile"]
    assert any("membot run --platform" in cmd for cmd in v["ExecStart"])
    assert v["User"] != ["root"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_unit_verifies(tmp_path: Path) -> None:
    """``systemd-analyze verify`` with the binary path pointed at this checkout's membot."""
    membot = Path(sys.executable).with_name("membot")
    if not membot.exists():
        pytest.skip("membot console script not installed in this environment")
    unit = tmp_path / "membot.service"
    unit.write_text(UNIT.read_text().replace("/opt/membot/bin/membot", str(membot)))
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_env_example_documents_the_metrics_settings() -> None:
    text = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    assert "MEMBOT_METRICS_PORT" in text
    assert "MEMBOT_METRICS_HOST" in text


def test_the_wheel_ships_the_product_and_no_dev_tooling() -> None:
    """The packages setuptools puts in the wheel: bot, memory_core, adapters; not devtools/."""
    setuptools = pytest.importorskip("setuptools")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    find = pyproject["tool"]["setuptools"]["packages"]["find"]
    packages = setuptools.find_packages(
        str(ROOT), include=find["include"], exclude=find.get("exclude", ())
    )
    assert {p.split(".")[0] for p in packages} == {"bot", "memory_core", "adapters"}
    assert "bot.cli" in packages
    assert (ROOT / "devtools" / "fake_telegram.py").exists()  # it exists, it is just not shipped
