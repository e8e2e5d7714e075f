"""deploy/: the Dockerfile, compose file and systemd unit keep the operational contract.

Docker is not available here, so the files are checked structurally; the systemd unit goes
through ``systemd-analyze verify`` when that exists.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

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
    assert 'pip install ".[postgres]"' in runs  # one image for SQLite and PostgreSQL
    assert ("STOPSIGNAL", "SIGTERM") in final_stage()
    assert any(word == "ENTRYPOINT" and "membot" in arg for word, arg in final_stage())


def compose() -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    return doc


def test_compose_has_the_bot_a_named_volume_and_an_env_file() -> None:
    doc = compose()
    service = doc["services"]["membot"]
    assert service["env_file"] == [".env"]
    assert service["build"]["dockerfile"] == "deploy/Dockerfile"
    source, target = service["volumes"][0].split(":")
    assert target == "/data" and source in doc["volumes"]


# ---- the "scale" profile: PostgreSQL, three replicas, a reverse proxy ------------------------
#
# Docker is not on the test machines: the compose file is parsed and its variables resolved
# here the way compose does (``${NAME}``, ``${NAME:-default}``), then checked for what the
# running stack needs; the Caddyfile is read as text.

_VAR = re.compile(r"\$\{(\w+)(?::?-([^}]*))?\}")
REPLICAS = ("membot-1", "membot-2", "membot-3")
#: What an operator puts in deploy/.env for the scale profile.
SCALE_ENV = {
    "POSTGRES_PASSWORD": "pw0123456789abcdef",
    "MEMBOT_DOMAIN": "bot.example.com",
    "MEMBOT_TELEGRAM_WEBHOOK_SECRET": "s3cret_Token-1",
}


def resolve(value: str, env: dict[str, str]) -> str:
    """Compose's variable substitution (the forms this file uses)."""
    return _VAR.sub(lambda m: env.get(m.group(1)) or (m.group(2) or ""), value)


def service_env(name: str, env: dict[str, str]) -> dict[str, str]:
    raw = compose()["services"][name].get("environment", {})
    return {k: resolve(str(v), env) for k, v in raw.items()}


def test_profiles_keep_the_single_bot_and_the_scale_stack_apart() -> None:
    services = compose()["services"]
    assert services["membot"]["profiles"] == ["single"]
    scale = {name for name, s in services.items() if s.get("profiles") == ["scale"]}
    assert scale == {"postgres", *REPLICAS, "proxy"}
    assert set(services) == scale | {"membot"}  # no service runs in both (one Telegram token)
    example = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    assert re.search(r"^COMPOSE_PROFILES=single$", example, re.M)


def test_every_image_is_pinned() -> None:
    for name, service in compose()["services"].items():
        image = service["image"]
        repo, _, tag = image.rpartition(":")
        assert repo and tag, f"{name}: {image} has no tag"
        if "build" not in service:  # pulled from a registry: a fixed version, never latest
            assert tag != "latest", f"{name}: {image}"
    services = compose()["services"]
    assert services["postgres"]["image"] == "pgvector/pgvector:pg17"
    assert re.fullmatch(r"caddy:2\.\d+\.\d+(-alpine)?", services["proxy"]["image"])


def test_postgres_has_a_healthcheck_a_volume_and_pgvector() -> None:
    doc = compose()
    pg = doc["services"]["postgres"]
    assert "pg_isready" in " ".join(pg["healthcheck"]["test"])
    volumes = dict(v.split(":", 1) for v in pg["volumes"])
    data = next(src for src, dst in volumes.items() if dst == "/var/lib/postgresql/data")
    assert data in doc["volumes"]  # a named volume, kept across restarts
    init = next(src for src, dst in volumes.items() if "docker-entrypoint-initdb.d" in dst)
    assert "CREATE EXTENSION IF NOT EXISTS vector" in (DEPLOY / init).read_text()
    assert service_env("postgres", SCALE_ENV)["POSTGRES_PASSWORD"] == "pw0123456789abcdef"
    assert "ports" not in pg  # reached on the compose network only


def test_three_replicas_share_the_image_database_and_webhook_secret() -> None:
    services = compose()["services"]
    replicas = [services[name] for name in REPLICAS]
    assert all(r == replicas[0] for r in replicas)  # one definition, three containers
    first = replicas[0]
    assert first["command"] == ["run", "--platform", "telegram"]
    assert first["image"] == services["membot"]["image"]
    assert first["build"] == services["membot"]["build"]
    assert first["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    envs = [service_env(name, SCALE_ENV) for name in REPLICAS]
    assert all(e == envs[0] for e in envs)
    env = envs[0]
    pg = service_env("postgres", SCALE_ENV)
    assert env["MEMBOT_DB"] == (
        f"postgresql://{pg['POSTGRES_USER']}:{pg['POSTGRES_PASSWORD']}@postgres:5432/"
        f"{pg['POSTGRES_DB']}"
    )
    assert env["MEMBOT_TELEGRAM_MODE"] == "webhook"
    assert env["MEMBOT_TELEGRAM_WEBHOOK_SECRET"] == SCALE_ENV["MEMBOT_TELEGRAM_WEBHOOK_SECRET"]
    assert env["MEMBOT_TELEGRAM_WEBHOOK_URL"] == "https://bot.example.com/telegram"
    assert env["MEMBOT_TELEGRAM_WEBHOOK_LISTEN"] == "0.0.0.0"


def test_the_replicas_settings_are_real_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every MEMBOT_* a replica gets is a setting of this membot, and they validate."""
    from bot.config import Settings

    env = service_env("membot-1", SCALE_ENV)
    for name in list(os.environ):
        if name.startswith("MEMBOT_"):
            monkeypatch.delenv(name)
    for key, value in env.items():
        assert key.removeprefix("MEMBOT_").lower() in Settings.model_fields, key
        monkeypatch.setenv(key, value)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.telegram_mode == "webhook"
    assert settings.telegram_webhook_port == 8443 and settings.metrics_port == 9464
    assert str(settings.db).startswith("postgresql://")


def caddy_site() -> str:
    text = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def test_the_proxy_spreads_the_webhook_path_over_every_replica() -> None:
    services = compose()["services"]
    proxy = services["proxy"]
    assert {"443:443", "80:80"} <= set(proxy["ports"])
    mounts = dict(v.rsplit(":", 2)[:2] for v in proxy["volumes"])
    assert mounts["./Caddyfile"] == "/etc/caddy/Caddyfile"
    assert (DEPLOY / "Caddyfile").exists()
    assert proxy["depends_on"] == {r: {"condition": "service_healthy"} for r in REPLICAS}
    site = caddy_site()
    replica = service_env("membot-1", SCALE_ENV)
    port = replica["MEMBOT_TELEGRAM_WEBHOOK_PORT"]
    assert re.search(r"^\{\$MEMBOT_DOMAIN\} \{$", site, re.M)
    upstreams = re.findall(r"^\s*reverse_proxy (.+?) \{$", site, re.M)
    assert len(upstreams) == 1
    assert set(upstreams[0].split()) == {f"{name}:{port}" for name in REPLICAS}
    assert services["membot-1"]["expose"] == [port]
    # Caddy and the replicas agree on the path, the domain and the health port.
    proxy_env = service_env("proxy", SCALE_ENV)
    path = proxy_env["MEMBOT_TELEGRAM_WEBHOOK_PATH"]
    assert path == replica["MEMBOT_TELEGRAM_WEBHOOK_PATH"] == "telegram"
    assert re.search(r"^\s*handle /\{\$MEMBOT_TELEGRAM_WEBHOOK_PATH\} \{$", site, re.M)
    assert replica["MEMBOT_TELEGRAM_WEBHOOK_URL"] == f"https://{proxy_env['MEMBOT_DOMAIN']}/{path}"
    assert re.search(rf"^\s*health_port {replica['MEMBOT_METRICS_PORT']}$", site, re.M)
    # Readiness, not liveness: a replica without its database session gets no updates.
    assert re.search(r"^\s*health_uri /readyz$", site, re.M)
    assert re.search(r"^\s*lb_policy round_robin$", site, re.M)


def test_the_proxy_terminates_tls_and_logs_no_secret() -> None:
    site = caddy_site()
    assert re.search(r"^\s*\{\$MEMBOT_TLS\}$", site, re.M)  # empty: automatic HTTPS
    assert not re.search(r"^\s*log\b", site, re.M)  # access logs would record the secret
    proxy = compose()["services"]["proxy"]
    assert any(v.endswith(":/data") for v in proxy["volumes"])  # certificates survive
    assert service_env("proxy", {})["MEMBOT_TLS"] == ""
    # The braces balance (a Caddyfile that does not parse would stop the proxy).
    assert site.count("{") == site.count("}")


def test_env_example_documents_the_scale_settings() -> None:
    text = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    for name in ("POSTGRES_PASSWORD", "MEMBOT_DOMAIN", "MEMBOT_TLS", "COMPOSE_PROFILES"):
        assert re.search(rf"^#? ?{name}=", text, re.M), name


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
