"""Memory exported by another assistant, read into memory lines for ``/import``
(``docs/import.md``). Pure: text in, lines out; planning and applying are ``imports``'.

Two published shapes are recognised:

- **Claude** — ``memories.json`` of Claude's data export (Settings → Privacy → Export data): a
  JSON list of objects with ``conversations_memory`` (markdown prose about the user, in sections
  such as ``**Work context**``) and ``project_memories`` (project id → prose), plus
  ``account_uuid``. Each sentence becomes one memory; a section's title picks its category.
- **ChatGPT** — ChatGPT's data export holds conversations, not its saved memories; what it gives
  is the list it writes when asked for every memory it stored (the prompt Claude's
  "Import memory" page publishes): one entry per line, ``[date saved] - memory content``, in
  one code block. Each entry becomes one memory, dated when the entry says when it was saved.

Anything else is not a foreign memory (``read`` returns ``None``) and is read as MEMORY.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memory_core.values import Category

SOURCES = {"chatgpt": "ChatGPT", "claude": "Claude"}
#: A line of ChatGPT's memory list: ``[2025-03-01] - Prefers concise answers``.
_DATED = re.compile(
    r"^\s*(?:[-*•]\s*)?\[(?P<date>[^\]\n]{0,40})\]\s*[-–—:]\s*(?P<text>\S.*)$", re.MULTILINE
)
_FENCE = re.compile(r"^\s*```")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s*(?P<h>.+?)\s*#*|\*\*(?P<b>[^*]+)\*\*:?)\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")
#: Section titles (Claude writes ``**Work context**``, ``**Personal context**`` …) → category.
_SECTION_WORDS: tuple[tuple[str, Category], ...] = (
    ("work", Category.TASK_CONTEXT),
    ("project", Category.TASK_CONTEXT),
    ("personal", Category.IDENTITY),
    ("about", Category.IDENTITY),
    ("preference", Category.SOFT_PREFERENCE),
    ("instruction", Category.SOFT_PREFERENCE),
    ("style", Category.SOFT_PREFERENCE),
    ("interest", Category.SOFT_PREFERENCE),
)
_DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d.%m.%Y", "%B %d, %Y", "%b %d, %Y", "%Y-%m-%dT%H:%M:%S")


@dataclass(frozen=True, slots=True)
class ForeignItem:
    """One memory line read from another assistant's export."""

    category: Category
    text: str
    #: When the other assistant saved it, when the export says.
    saved: datetime | None = None


@dataclass(frozen=True, slots=True)
class ForeignMemory:
    """What another assistant's memory export holds: its source (``chatgpt``, ``claude``)
    and the memories, in order."""

    source: str
    items: tuple[ForeignItem, ...]

    @property
    def source_name(self) -> str:
        """The assistant's name ("ChatGPT")."""
        return SOURCES.get(self.source, self.source)


def read(text: str) -> ForeignMemory | None:
    """The foreign memory in ``text``, or ``None`` when it is neither shape."""
    stripped = text.strip()
    if stripped[:1] in "[{":
        try:
            data = json.loads(stripped)
        except ValueError:
            data = None
        if data is not None:
            return _claude(data)
    if _DATED.search(text) is not None:
        return _chatgpt(text)
    return None


#: A sentence about a named person: "Sam is …", "Sam Rivera works …", "Sam's dog …".
_NAMED_SUBJECT = re.compile(
    r"^(?P<n>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)(?:'s\b|\s+(?:is|was|has|had|lives|works|"
    r"likes|loves|prefers|wants|uses|enjoys|studies|speaks|plays|runs|writes|moved|grew|"
    r"recently|currently|often|also|usually)\b)"
)


def _owner(items: list[ForeignItem]) -> str | None:
    """The name the export calls the user ("Sam" in "Sam has a greyhound called Pixel."):
    the first name most of its sentences open with, when at least two do; ``None`` when the
    export speaks of "the user" or of no one in particular."""
    firsts: dict[str, int] = {}
    for item in items:
        m = _NAMED_SUBJECT.match(item.text)
        if m is not None and m["n"].split()[0] not in ("The", "User", "Prefers", "Likes"):
            first = m["n"].split()[0]
            firsts[first] = firsts.get(first, 0) + 1
    if not firsts:
        return None
    name, count = max(firsts.items(), key=lambda kv: kv[1])
    return name if count >= 2 else None


def _as_the_user(items: list[ForeignItem]) -> list[ForeignItem]:
    """The export's sentences about its owner ("Sam Rivera is a nurse", "Sam's dog …") said
    of "the user", as every memory is stored, and the full name they were called kept as a
    memory of its own ("The user's name is Sam Rivera.")."""
    name = _owner(items)
    if name is None:
        return items
    said = re.compile(rf"^{re.escape(name)}(?:\s+(?P<last>[A-Z][a-z'-]+)(?=\s|'s))?(?P<s>'s)?\b")
    full = name
    out: list[ForeignItem] = []
    for item in items:
        m = said.match(item.text)
        if m is None:
            out.append(item)
            continue
        if m["last"] and full == name:
            full = f"{name} {m['last']}"
        text = ("The user's" if m["s"] else "The user") + item.text[m.end() :]
        out.append(ForeignItem(item.category, text, item.saved))
    return [ForeignItem(Category.IDENTITY, f"The user's name is {full}."), *out]


def _claude(data: Any) -> ForeignMemory | None:
    entries = data if isinstance(data, list) else [data]
    items: list[ForeignItem] = []
    found = False
    for entry in entries:
        if not isinstance(entry, dict) or not (
            "conversations_memory" in entry or "project_memories" in entry
        ):
            continue
        found = True
        items += _prose(str(entry.get("conversations_memory") or ""))
        projects = entry.get("project_memories") or {}
        if isinstance(projects, dict):
            for prose in projects.values():
                items += _prose(str(prose or ""), Category.TASK_CONTEXT)
    return ForeignMemory("claude", tuple(_as_the_user(items))) if found else None


def _prose(text: str, default: Category = Category.OTHER) -> list[ForeignItem]:
    """Markdown prose → one item per sentence; a heading sets the category below it."""
    out: list[ForeignItem] = []
    category = default
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading is not None:
            category = _section(heading.group("h") or heading.group("b") or "", default)
            continue
        body = _BULLET.sub("", line).strip()
        if not body:
            continue
        out += [ForeignItem(category, s) for s in _sentences(body)]
    return out


def _section(title: str, default: Category) -> Category:
    lowered = title.casefold()
    return next((cat for word, cat in _SECTION_WORDS if word in lowered), default)


def _sentences(body: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(body) if s.strip()]


def _chatgpt(text: str) -> ForeignMemory:
    items: list[ForeignItem] = []
    for line in text.splitlines():
        if _FENCE.match(line):
            continue
        m = _DATED.match(line)
        if m is not None:
            items.append(ForeignItem(Category.OTHER, m.group("text").strip(), _date(m["date"])))
        elif (body := _BULLET.sub("", line).strip()) and line[:1] in "-*•" and items:
            # An undated entry in a dated list ("[unknown] - …" written as "- …").
            items.append(ForeignItem(Category.OTHER, body))
    return ForeignMemory("chatgpt", tuple(_as_the_user(items)))


def _date(raw: str) -> datetime | None:
    raw = raw.strip()
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(raw, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


def as_statement(text: str) -> str:
    """An assistant's note about "the user" ("User prefers tea", "Prefers tea") as a stored
    memory: a sentence about the user, ending with a full stop."""
    text = re.sub(r"^(?:the\s+)?user\b", "The user", text.strip(), flags=re.IGNORECASE)
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    if re.match(r"^(?:Is|Has|Likes|Loves|Prefers|Wants|Works|Lives|Uses|Enjoys)\b", text):
        text = f"The user {text[0].lower()}{text[1:]}"
    if text and text[-1] not in ".!?":
        text += "."
    return text
