"""MEMORY.md: the user's memory as readable markdown they can edit and import back (seed 004).

One memory per line, grouped by category, each tagged ``[#id]`` so an edited file can be
diffed against the store: changed lines update, removed lines forget, untagged lines remember.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from memory_core.errors import InvalidInputError, Reason
from memory_core.values import Category, Fact

#: Big enough for any export to import back (50,000 memories at ~100 bytes), well under
#: Telegram's 20 MB download limit.
MAX_IMPORT_BYTES = 8 * 1024 * 1024
#: The most memory lines one import may have (a bigger file is refused whole). An export is
#: never cut: one with more facts says it cannot be imported back in one file.
MAX_EXPORT = 50000
TITLES: dict[Category, str] = {
    Category.IDENTITY: "Identity",
    Category.HARD_PREFERENCE: "Hard preferences",
    Category.SOFT_PREFERENCE: "Preferences",
    Category.TASK_CONTEXT: "Current tasks",
    Category.RELATIONSHIP: "People and pets",
    Category.HEALTH: "Health",
    Category.FINANCE: "Finance",
    Category.IDENTITY_DOCUMENT: "Documents",
    Category.CREDENTIAL: "Credentials",
    Category.REFLECTION: "Reflections",
    Category.PROCEDURAL: "How I like things done",
    Category.OTHER: "Other",
}
#: The same sections as a user may title them in their language (the literal titles, and the
#: ones /profile and the memory page show in de, es, fr and ru): an edited file imports into
#: the same categories. The export is titled in the user's language only with titles read
#: here, so any file round-trips.
TRANSLATED_TITLES: dict[Category, tuple[str, ...]] = {
    Category.IDENTITY: (
        "About you", "About me", "Identität", "Über dich", "Über mich", "Identidad",
        "Sobre ti", "Sobre mí", "Identité", "À propos de toi", "À propos de moi", "Личность",
        "О тебе", "Обо мне",
    ),
    Category.HARD_PREFERENCE: (
        "Firm preferences", "Feste Vorlieben", "Harte Vorlieben", "Was für dich feststeht",
        "Preferencias firmes", "Preferencias estrictas", "Lo que para ti no es negociable",
        "Préférences fermes", "Préférences strictes", "Ce qui compte vraiment pour toi",
        "Твёрдые предпочтения", "Жёсткие предпочтения", "Что для тебя принципиально",
    ),
    Category.SOFT_PREFERENCE: (
        "Vorlieben", "Präferenzen", "Was du magst", "Preferencias", "Gustos",
        "Lo que te gusta", "Préférences", "Goûts", "Ce que tu aimes", "Предпочтения",
        "Что тебе нравится",
    ),
    Category.TASK_CONTEXT: (
        "Plans and goals", "Plans", "Goals", "What you're working on", "Pläne und Ziele",
        "Planes y metas", "Projets et objectifs", "Планы и цели", "Aktuelle Aufgaben",
        "Woran du gerade arbeitest",
        "Tareas actuales", "En qué estás trabajando", "Tâches en cours",
        "Ce sur quoi tu travailles", "Текущие задачи", "Над чем ты сейчас работаешь",
    ),
    Category.RELATIONSHIP: (
        "People", "Family", "Menschen und Haustiere", "Menschen", "Personen", "Familie",
        "Personas y mascotas", "Personas", "Familia", "Personnes et animaux", "Personnes",
        "Famille", "Proches", "Люди и питомцы", "Люди", "Семья",
    ),
    Category.HEALTH: ("Gesundheit", "Salud", "Santé", "Здоровье"),
    Category.FINANCE: (
        "Money", "Finanzen", "Geld", "Finanzas", "Dinero", "Finances", "Argent", "Финансы",
        "Деньги",
    ),
    Category.IDENTITY_DOCUMENT: ("Dokumente", "Documentos", "Papiers", "Документы"),
    Category.CREDENTIAL: (
        "Secrets", "Zugangsdaten", "Geheimnisse", "Passwörter", "Credenciales", "Secretos",
        "Contraseñas", "Identifiants", "Mots de passe", "Учётные данные", "Секреты", "Пароли",
    ),
    Category.REFLECTION: (
        "Rückblicke", "Resúmenes", "Reflexiones", "Bilans", "Réflexions", "Итоги",
        "Размышления",
    ),
    Category.PROCEDURAL: (
        "How you like things done", "Wie ich es gern habe", "Wie du es gern hast",
        "Cómo me gusta que se hagan las cosas", "Cómo te gusta que se hagan las cosas",
        "Comment j'aime que les choses soient faites",
        "Comment tu aimes que les choses soient faites", "Как я люблю, чтобы всё делалось",
        "Как ты любишь, чтобы всё делалось",
    ),
    Category.OTHER: (
        "Sonstiges", "Anderes", "Otras cosas", "Otros", "Autres choses", "Autre", "Divers",
        "Другое", "Прочее",
    ),
}  # fmt: skip
_BY_TITLE = {
    **{title.casefold(): cat for cat, titles in TRANSLATED_TITLES.items() for title in titles},
    **{title.casefold(): cat for cat, title in TITLES.items()},
}


def category_titled(title: str) -> Category:
    """The category of a ``## title`` line (English or translated; a trailing colon and
    case do not matter); ``other`` for a title it does not know."""
    key = " ".join(title.replace("’", "'").strip().rstrip(":").split()).casefold()
    return _BY_TITLE.get(key, Category.OTHER)


_LINE = re.compile(r"^\s*[-*+]\s+(?P<text>.*?)\s*(?:\[#(?P<id>\d+)\])?\s*$")
HEADER = (
    "<!-- membot MEMORY.md: edit freely and send it back with /import. One memory per line; "
    "keep the [#id] tags so I can tell which line is which. Delete a line to forget it, "
    "add a line (without a tag) to teach me something. -->"
)


class MemoryFileError(ValueError):
    """The uploaded file is not a MEMORY.md we can read; ``reason`` says why in words."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


def too_many(lines: int) -> Reason:
    """The refusal of a file with more memories than one import takes."""
    return Reason("that file has {n} memories; the limit is {limit}", n=lines, limit=MAX_EXPORT)


def render(
    facts: Sequence[Fact],
    owner: str,
    titles: Mapping[Category, str] | None = None,
    heading: str | None = None,
) -> str:
    """The markdown export of ``facts`` (active and pending); ``titles`` and ``heading``: the
    sections' titles and the first line in the user's language (a title ``category_titled``
    reads back, so the file imports into the same sections), else English."""
    lines = [f"# {heading or f'Memory of {owner}'}", "", HEADER]
    for cat, english in TITLES.items():
        group = [f for f in facts if f.category == cat]
        if not group:
            continue
        title = (titles or {}).get(cat, english)
        lines += ["", f"## {title if category_titled(title) == cat else english}"]
        lines += [f"- {f.value_text.strip()} [#{f.id}]" for f in group]
    return "\n".join(lines) + "\n"


def render_json(facts: Sequence[Fact]) -> str:
    """The machine-readable export."""
    return json.dumps({"facts": [f.as_json() for f in facts]}, ensure_ascii=False, indent=2)


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What applying an edited MEMORY.md would do."""

    add: list[tuple[str, str]] = field(default_factory=list)  # (category, text)
    change: list[tuple[int, str, str]] = field(default_factory=list)  # (id, old, new)
    remove: list[tuple[int, str]] = field(default_factory=list)  # (id, text)
    #: Lines not added: they bring back what the user asked to forget (an old file is old
    #: material; ``/remember`` or saying it again brings it back).
    forgotten: int = 0
    #: Lines of another assistant's export not added: they hold a secret (a password, PIN or
    #: code), which is kept only when the user says ``/remember`` — as in chat.
    secrets: int = 0
    #: Positions in ``add`` of the lines the sensitivity model read as private by meaning
    #: (no rule did): stored private.
    private: list[int] = field(default_factory=list)
    #: Another assistant's memory export (``chatgpt``, ``claude``; ``""``: a MEMORY.md) and
    #: the day it was read: every fact it adds says "imported from <source> on <day>".
    source: str = ""
    imported_on: str = ""

    @property
    def empty(self) -> bool:
        """True when the file matches the store."""
        return not (self.add or self.change or self.remove)

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly form (stored until the user confirms)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ImportPlan:
        """Inverse of ``as_dict``."""
        return cls(
            [tuple(x) for x in data.get("add", [])],
            [tuple(x) for x in data.get("change", [])],
            [tuple(x) for x in data.get("remove", [])],
            int(data.get("forgotten", 0)),
            secrets=int(data.get("secrets", 0)),
            private=[int(i) for i in data.get("private", [])],
            source=str(data.get("source", "")),
            imported_on=str(data.get("imported_on", "")),
        )

    @property
    def provenance(self) -> str | None:
        """ "imported from ChatGPT on 2026-03-01" for another assistant's export, else
        ``None``."""
        if not self.source:
            return None
        name = {"chatgpt": "ChatGPT", "claude": "Claude"}.get(self.source, self.source)
        return f"imported from {name} on {self.imported_on}"


@dataclass(frozen=True, slots=True)
class PendingImport:
    """An import plan stored for confirmation (``import_id`` is ``None`` when it changes
    nothing)."""

    import_id: int | None
    plan: ImportPlan
    #: The plan as the audience it was made for may read it (what a preview lists).
    shown: ImportPlan = field(default_factory=ImportPlan)


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What applying an import did."""

    added: int = 0
    changed: int = 0
    removed: int = 0


@dataclass(frozen=True, slots=True)
class Export:
    """The user's memory as MEMORY.md and as JSON."""

    markdown: str
    json: str
    count: int


def decode(raw: bytes) -> str:
    """Check size and encoding of an uploaded file."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise MemoryFileError(
            Reason(
                "that file is too big ({size} KB; the limit is {limit} KB)",
                size=len(raw) // 1024,
                limit=MAX_IMPORT_BYTES // 1024,
            )
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MemoryFileError(
            Reason("that file is not UTF-8 text; please send the MEMORY.md I exported")
        ) from exc
    if "\x00" in text:
        raise MemoryFileError(Reason("that file looks binary, not a MEMORY.md"))
    return text


def plan(
    text: str,
    current: Sequence[Fact],
    *,
    shown: Callable[[Fact], str] | None = None,
    clean: Callable[[str], str] | None = None,
    pace: Callable[[], None] = lambda: None,
) -> ImportPlan:
    """Diff an edited MEMORY.md against the user's current facts, or refuse the whole file
    (:class:`MemoryFileError` naming every bad line): no memory line at all, a line that is
    empty once cleaned or too long, a ``[#id]`` used twice, more lines than an export has.

    ``shown(fact)`` is how the export printed a fact (secrets masked): a line equal to it is
    unchanged. ``clean(text)`` validates and normalises one line's text (raising
    :class:`InvalidInputError` or ``ValueError`` with the reason). ``pace()`` is called after
    each line (a long file's planning rests between slices of work)."""
    by_id = {f.id: f for f in current}
    seen: set[int] = set()
    problems: list[Reason] = []
    result = ImportPlan()
    category = Category.OTHER
    lines = 0
    for number, raw_line in enumerate(text.splitlines(), start=1):
        pace()
        line = raw_line.strip()
        if line.startswith("## "):
            category = category_titled(line[3:])
            continue
        m = _LINE.match(line)
        if not m:
            continue
        lines += 1
        body = m.group("text").strip()
        tag = m.group("id")
        fid = int(tag) if tag is not None and len(tag) <= 12 else None
        if fid is not None and fid in seen:
            problems.append(Reason("line {number}: #{id} appears twice", number=number, id=fid))
            continue
        if fid is not None and fid in by_id:
            seen.add(fid)
            old = by_id[fid]
            if not body or body in (old.value_text.strip(), (shown or _plain)(old).strip()):
                continue
        try:
            value = clean(body) if clean is not None else body
        except (ValueError, InvalidInputError) as exc:
            problem = exc.reason if isinstance(exc, InvalidInputError) else Reason(str(exc))
            problems.append(Reason("line {number}: {problem}", number=number, problem=problem))
            continue
        if fid is not None and fid in by_id:
            result.change.append((fid, by_id[fid].value_text, value))
        else:
            result.add.append((category.value, value))
    if lines == 0:
        raise MemoryFileError(
            Reason(
                "that file has no memory lines (one “- memory” per line), so I changed "
                "nothing. To delete everything, use /forgetme"
            )
        )
    if lines > MAX_EXPORT:
        raise MemoryFileError(too_many(lines))
    if problems:
        raise MemoryFileError(_nothing_changed(problems))
    for fact in current:
        if fact.id not in seen:
            result.remove.append((fact.id, fact.value_text))
    return result


def _nothing_changed(problems: list[Reason]) -> Reason:
    """The refusal naming a file's bad lines (the first five, and how many more)."""
    if len(problems) > 5:
        return Reason(
            "I changed nothing: {problems} (and {more} more)",
            problems=problems[:5],
            more=len(problems) - 5,
        )
    return Reason("I changed nothing: {problems}", problems=problems)


def _plain(fact: Fact) -> str:
    return fact.value_text


def shown_plan(
    p: ImportPlan,
    show: Callable[[str, str | None, int | None], str],
    *,
    limit: int | None = None,
) -> ImportPlan:
    """The plan as an audience may read it: ``show(text, category, fact_id)`` renders each
    memory's text (the app puts it in words, in the user's language). With ``limit`` only the
    first ``limit`` lines of each part are rendered; the others keep their place (the counts
    stay right) with an empty text, never the unread one."""

    def upto(n: int) -> bool:
        return limit is None or n < limit

    return replace(
        p,
        add=[(c, show(t, c, None) if upto(n) else "") for n, (c, t) in enumerate(p.add)],
        change=[
            (i, show(o, None, i), show(new, None, i)) if upto(n) else (i, "", "")
            for n, (i, o, new) in enumerate(p.change)
        ],
        remove=[(i, show(t, None, i) if upto(n) else "") for n, (i, t) in enumerate(p.remove)],
    )
