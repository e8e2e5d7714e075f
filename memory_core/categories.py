"""Categories as configuration (seed 003 §5): each category's context mode, and which
consumer may read which category, enforced here at the memory_core door.

The file (``categories.toml`` shipped in the package; an operator's override by path) gives
each category a context mode — ``all`` (always in the reply's memory block), ``rag`` (only
when a search finds it, at most ``rag_length`` facts of it a turn) or ``request`` (never in
the block; only a query naming the category reads it) — and an allowlist per
:class:`Consumer`. A consumer asking for a category outside its allowlist gets
:class:`~memory_core.errors.CategoryNotAllowedError`, never a silently narrowed answer.

The hard privacy rules (:data:`CEILINGS`) sit above the file: it can narrow them, never widen
them. A file granting a group a sensitive category (or the reflection job a secret one) is
refused at load with :class:`~memory_core.errors.CategoriesFileError`, naming the entry.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

from memory_core.errors import CategoriesFileError, CategoryNotAllowedError
from memory_core.values import (
    SECRET_CATEGORIES,
    SENSITIVE_CATEGORIES,
    Audience,
    Category,
    SearchFilters,
)


class Consumer(StrEnum):
    """Who reads memory; each has its own allowlist."""

    REPLY = "reply"  # the reply model's memory block
    TOOLS = "tools"  # the model's memory tools (memory_query)
    GROUP = "group"  # anything shown or injected for a group chat
    REFLECTION = "reflection"  # the weekly reflection job
    INSIGHTS = "insights"  # the insights job
    ENRICHMENT = "enrichment"  # entity enrichment
    EXPORT = "export"  # /export (MEMORY.md, JSON) and what an import may change


class ContextMode(StrEnum):
    """How a category reaches the reply's memory block."""

    ALL = "all"
    RAG = "rag"
    REQUEST = "request"


_EVERY = frozenset(Category)
#: What no categories file can grant (the file only narrows these).
CEILINGS: Mapping[Consumer, frozenset[Category]] = {
    Consumer.REPLY: _EVERY,
    Consumer.TOOLS: _EVERY,
    # Nothing sensitive in a group, nor the bot's weekly summary of the user.
    Consumer.GROUP: _EVERY - SENSITIVE_CATEGORIES - {Category.REFLECTION},
    Consumer.REFLECTION: _EVERY - SENSITIVE_CATEGORIES,
    Consumer.INSIGHTS: _EVERY - SENSITIVE_CATEGORIES,
    # The model re-reads these for names: never a secret.
    Consumer.ENRICHMENT: _EVERY - SECRET_CATEGORIES,
    Consumer.EXPORT: _EVERY,
}
#: The shipped file's name inside the package.
DEFAULT_FILE = "categories.toml"


@dataclass(frozen=True, slots=True)
class CategorySpec:
    """One category's context mode (``rag_length``: at most this many of its facts from a
    turn's search; ``None`` for the other modes)."""

    category: Category
    context: ContextMode
    rag_length: int | None = None


@dataclass(frozen=True, slots=True)
class CategoryPolicy:
    """The loaded categories file: context modes and allowlists, checked against the ceilings."""

    specs: Mapping[Category, CategorySpec]
    allowlists: Mapping[Consumer, frozenset[Category]]
    source: str = DEFAULT_FILE

    def allowed(
        self, consumer: Consumer, audience: Audience = Audience.PRIVATE
    ) -> frozenset[Category]:
        """What ``consumer`` may read for ``audience`` (a group narrows it by its own list)."""
        out = self.allowlists[consumer]
        if audience == Audience.GROUP:
            out = out & self.allowlists[Consumer.GROUP]
        return out

    def check(
        self,
        consumer: Consumer,
        requested: Iterable[Category | str] = (),
        *,
        audience: Audience = Audience.PRIVATE,
    ) -> frozenset[Category]:
        """The categories a request may read: what it named, when all of it is allowed (else
        :class:`CategoryNotAllowedError`, naming what is not); with none named, everything
        allowed whose context is not ``request`` (those are read only when asked for)."""
        allowed = self.allowed(consumer, audience)
        names = [str(c.value if isinstance(c, Category) else c) for c in requested]
        if not names:
            return frozenset(c for c in allowed if self.mode(c) != ContextMode.REQUEST)
        known = {c.value: c for c in Category}
        wanted = {known.get(n) for n in names}
        refused = sorted({n for n in names if known.get(n) is None or known[n] not in allowed})
        if refused:
            who = f"{consumer.value} in a group" if audience == Audience.GROUP else consumer.value
            raise CategoryNotAllowedError(who, [n[:40] for n in refused[:8]])
        return frozenset(c for c in wanted if c is not None)

    def scoped(
        self,
        consumer: Consumer,
        filters: SearchFilters | None = None,
        *,
        audience: Audience = Audience.PRIVATE,
    ) -> SearchFilters:
        """``filters`` as ``consumer`` may run them: categories it names must all be allowed
        (else :class:`CategoryNotAllowedError`); none named reads everything allowed."""
        filters = filters or SearchFilters()
        if filters.categories:
            cats = self.check(consumer, filters.categories, audience=audience)
        else:
            cats = self.allowed(consumer, audience)
        return replace(filters, categories=tuple(sorted(cats)))

    def mode(self, category: Category) -> ContextMode:
        """The category's context mode."""
        return self.specs[category].context

    def in_block(self, category: Category, *, searched: bool) -> bool:
        """Whether a fact of ``category`` may be in the reply's block: from the profile slice
        (``searched`` False) only for ``all``; from a search hit for ``all`` and ``rag``."""
        mode = self.mode(category)
        return mode == ContextMode.ALL or (searched and mode == ContextMode.RAG)

    def rag_length(self, category: Category) -> int | None:
        """At most this many facts of ``category`` come from one turn's search (``None``: no
        limit of its own)."""
        return self.specs[category].rag_length


def _fail(source: str, message: str) -> CategoriesFileError:
    return CategoriesFileError(f"{source}: {message}")


def _read(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(source, f"not valid TOML ({exc})") from exc


def _specs(data: Any, source: str) -> dict[Category, CategorySpec]:
    if not isinstance(data, dict):
        raise _fail(source, "[categories] must be a table of categories")
    out: dict[Category, CategorySpec] = {}
    for name, entry in data.items():
        if name not in Category._value2member_map_:
            known = ", ".join(c.value for c in Category)
            raise _fail(source, f"unknown category {name!r} (known: {known})")
        if not isinstance(entry, dict) or set(entry) - {"context", "rag_length"}:
            raise _fail(source, f"[categories.{name}] takes only context and rag_length")
        try:
            mode = ContextMode(entry.get("context", ""))
        except ValueError:
            raise _fail(
                source, f"[categories.{name}] context must be all, rag or request"
            ) from None
        length = entry.get("rag_length")
        if length is not None and (
            isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= 50
        ):
            raise _fail(source, f"[categories.{name}] rag_length must be a whole number 1-50")
        if mode != ContextMode.RAG:
            length = None
        out[Category(name)] = CategorySpec(Category(name), mode, length)
    return out


def _allowlists(data: Any, source: str) -> dict[Consumer, frozenset[Category]]:
    if not isinstance(data, dict):
        raise _fail(source, "[allowlists] must be a table of consumers")
    out: dict[Consumer, frozenset[Category]] = {}
    for name, names in data.items():
        if name not in Consumer._value2member_map_:
            known = ", ".join(c.value for c in Consumer)
            raise _fail(source, f"unknown consumer {name!r} in [allowlists] (known: {known})")
        consumer = Consumer(name)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise _fail(source, f"allowlists.{name} must be a list of category names")
        unknown = [n for n in names if n not in Category._value2member_map_]
        if unknown:
            raise _fail(source, f"allowlists.{name}: unknown category {unknown[0]!r}")
        granted = frozenset(Category(n) for n in names)
        beyond = sorted(c.value for c in granted - CEILINGS[consumer])
        if beyond:
            raise _fail(
                source,
                f"allowlists.{name} may not grant {', '.join(beyond)}: the privacy rules keep "
                f"them from {name} (a file can narrow an allowlist, never widen it)",
            )
        out[consumer] = granted
    return out


def _parse(
    text: str, source: str
) -> tuple[dict[Category, CategorySpec], dict[Consumer, frozenset[Category]]]:
    data = _read(text, source)
    extra = set(data) - {"categories", "allowlists"}
    if extra:
        raise _fail(
            source, f"unknown table {sorted(extra)[0]!r} (use [categories] and [allowlists])"
        )
    return _specs(data.get("categories", {}), source), _allowlists(
        data.get("allowlists", {}), source
    )


def load(path: Path | str | None = None) -> CategoryPolicy:
    """The shipped categories file, with the entries of ``path`` (an operator's file)
    replacing its own; :class:`CategoriesFileError` naming what is wrong."""
    shipped = resources.files("memory_core").joinpath(DEFAULT_FILE).read_text(encoding="utf-8")
    specs, lists = _parse(shipped, DEFAULT_FILE)
    source = DEFAULT_FILE
    if path is not None:
        source = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise _fail(source, f"cannot read it ({type(exc).__name__})") from exc
        more_specs, more_lists = _parse(text, source)
        specs.update(more_specs)
        lists.update(more_lists)
    missing = [c.value for c in Category if c not in specs]
    if missing:
        raise _fail(source, f"no context mode for {', '.join(missing)}")
    absent = [c.value for c in Consumer if c not in lists]
    if absent:
        raise _fail(source, f"no allowlist for {', '.join(absent)}")
    return CategoryPolicy(specs, lists, source)


#: The shipped file, loaded once (what an engine uses unless given an operator's file).
DEFAULT_POLICY: CategoryPolicy = load()
