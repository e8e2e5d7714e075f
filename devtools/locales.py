"""Build the message catalogue (bot/locales): extract the msgids from bot/ and adapters/
(and the refusals memory_core words as ``Reason("…")``), merge them into every language's
``membot.po`` and compile each to the ``membot.mo`` the bot reads.

    python -m devtools.locales update     # new msgids into every .po (then translate them)
    python -m devtools.locales compile    # .po → .mo (commit both)
    python -m devtools.locales check      # exit 1 if a translation is missing or a .mo stale

Uses Babel (a dev dependency); the running bot needs only the stdlib's gettext.
"""

from __future__ import annotations

import ast
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
#: The packages whose texts users read (adapters mark theirs with ``N_`` and translate them
#: through the ``words`` the composition root gives them).
SOURCES = (ROOT / "bot", ROOT / "adapters")
#: The engine says nothing to users itself, but the reasons it refuses an input with
#: (``memory_core.errors.Reason``) reach them: only those are read there.
ENGINE = ROOT / "memory_core"
LOCALES = ROOT / "bot" / "locales"
DOMAIN = "membot"
#: The catalogue's marker functions: ``t(lang, msgid)``, ``tn(lang, singular, plural, n)``,
#: ``N_(msgid)`` (a constant translated where shown), ``_say(msgid)`` / ``say(msgid)`` (the
#: offline responder, ``bot.wording``).
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "t": (2,),
    "tn": (2, 3),
    "N_": None,
    "_say": None,
    "say": None,
    "Reason": None,
}
ENGINE_KEYWORDS: dict[str, tuple[int, ...] | None] = {"Reason": None}
LANGUAGES = ("de", "es", "fr", "ru")


def po_path(lang: str) -> Path:
    """Where one language's catalogue source lives."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template() -> Catalog:
    """Every msgid the code uses (with where), as a catalogue template."""
    catalog = Catalog(domain=DOMAIN, project="membot", fuzzy=False)
    app = sorted(p for source in SOURCES for p in source.rglob("*.py"))
    engine = sorted(ENGINE.rglob("*.py"))
    for paths, keywords in ((app, KEYWORDS), (engine, ENGINE_KEYWORDS)):
        for path in paths:
            _collect(catalog, path, keywords)
    return catalog


def _collect(catalog: Catalog, path: Path, keywords: dict[str, tuple[int, ...] | None]) -> None:
    """Add one source file's marked msgids to ``catalog``."""
    with path.open("rb") as f:
        for lineno, message, comments, context in extract(
            "python", f, keywords=keywords, comment_tags=("i18n:",)
        ):
            where = (str(path.relative_to(ROOT)), lineno)
            catalog.add(message, locations=[where], auto_comments=comments, context=context)
    for lineno, message in unseen_by_babel(path, keywords):
        if catalog.get(message) is None:
            catalog.add(message, locations=[(str(path.relative_to(ROOT)), lineno)])


def unseen_by_babel(
    path: Path, keywords: dict[str, tuple[int, ...] | None] = KEYWORDS
) -> list[tuple[int, str | tuple[str, str]]]:
    """Marked msgids Babel's extractor skips: a marker call inside an f-string
    (``f"{t(lang, 'People')}"``) or inside another call's arguments
    (``t(lang, EVENTS.get(e, N_("changed")))``)."""
    found: list[tuple[int, str | tuple[str, str]]] = []
    for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in keywords:
            continue
        spec = keywords[node.func.id] or (1,)
        texts = [
            arg.value
            for i in spec
            if len(node.args) >= i
            and isinstance(arg := node.args[i - 1], ast.Constant)
            and isinstance(arg.value, str)
        ]
        if len(texts) == len(spec) == 1:
            found.append((node.lineno, texts[0]))
        elif len(texts) == len(spec) == 2:
            found.append((node.lineno, (texts[0], texts[1])))
    return found


def read(lang: str) -> Catalog:
    """One language's catalogue as committed."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalogue (what ``compile`` writes)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    """Merge the code's msgids into every ``.po`` (new ones untranslated, gone ones dropped)."""
    pot = template()
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = read(lang)
            created = catalog.creation_date
            catalog.update(pot, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            # The header's date stays put: an update that changes no text changes no file.
            catalog.creation_date = created
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain=DOMAIN, project="membot")
            catalog.update(pot, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header is ours, not a guess
        with path.open("wb") as f:
            # Locations without line numbers: moving code does not touch the catalogues (nor
            # make branches that each moved some code conflict in them).
            write_po(
                f, catalog, width=100, sort_output=False, omit_header=False, include_lineno=False
            )


def compile_all() -> None:
    """Write every language's ``.mo`` from its ``.po``."""
    for lang in LANGUAGES:
        po_path(lang).with_suffix(".mo").write_bytes(compiled(read(lang)))


def main(argv: list[str]) -> int:
    """The command line (see the module docstring)."""
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        pot = template()
        bad = 0
        for lang in LANGUAGES:
            catalog = read(lang)
            for message in pot:
                if not message.id:
                    continue
                found = catalog.get(message.id)
                strings = found.string if found is not None else None
                if not strings or (isinstance(strings, tuple) and not all(strings)):
                    print(f"{lang}: missing {message.id!r}")
                    bad += 1
            mo = po_path(lang).with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(catalog):
                print(f"{lang}: {mo.name} is stale: run python -m devtools.locales compile")
                bad += 1
        return 1 if bad else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
