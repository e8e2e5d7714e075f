"""Russian home and job statements as slot facts, with a dictionary lemmatiser (pymorphy3).

Russian inflects what the other languages' rules copy as it stands: a town after "в" is in the
locative ("Я живу в Берлине" → Берлин, "в Нижнем Новгороде" → Нижний Новгород) and a job after
"работаю" in the instrumental ("Я работаю врачом" → врач, "старшим инженером" → старший
инженер). pymorphy3 (a maintained OpenCorpora-dictionary analyser, MIT) reads each word's case
and gives its nominative; a word it cannot read in the case the phrase needs ends the value,
and when nothing is read the sentence stays a note as before. The analyser (~15 MB, ~0.5 s)
is loaded on the first Russian statement, once per process; without the package every Russian
statement stays a note.
"""

from __future__ import annotations

import re
import threading
from typing import Any

#: The analyser, loaded once (``None`` until then; ``False``: the package is missing).
_MORPH: Any = None
_LOCK = threading.Lock()


def _analyser() -> Any:
    global _MORPH
    if _MORPH is None:
        with _LOCK:
            if _MORPH is None:
                try:
                    import pymorphy3  # loaded on the first Russian statement

                    _MORPH = pymorphy3.MorphAnalyzer(lang="ru")
                except ImportError:
                    _MORPH = False
    return _MORPH or None


_WORD = r"[А-ЯЁа-яё][а-яё-]*"
#: "я живу в …", "мы живём во …", "я сейчас живу в …", "живу в …" at the clause's start.
_HOME = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:(?:я|мы)\s+)?(?:сейчас\s+|теперь\s+)?"
    rf"(?:живу|живём|живем|проживаю|проживаем)\s+(?:сейчас\s+|теперь\s+)?во?\s+"
    rf"(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)
#: "я работаю врачом", "работаю сейчас старшим инженером", "я по профессии врач".
_JOB = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:(?:я|мы)\s+)?(?:сейчас\s+|теперь\s+)?работаю\s+(?:сейчас\s+|теперь\s+)?"
    rf"(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)
_JOB_NOMINATIVE = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:я\s+по\s+профессии|по\s+профессии\s+я)\s+(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)


def _parse(word: str, case: str, *, place: bool) -> Any | None:
    """The analysis of ``word`` in grammatical ``case`` as a noun or adjective (a place name
    first for a town), or ``None``."""
    morph = _analyser()
    if morph is None:
        return None
    parses = [
        p for p in morph.parse(word) if case in p.tag and ({"NOUN", "ADJF"} & set(p.tag.grammemes))
    ]
    if place:
        parses.sort(key=lambda p: "Geox" not in p.tag)
    return parses[0] if parses else None


def _nominative(words: list[str], case: str, *, place: bool) -> str | None:
    """The leading adjectives and one noun of ``words`` in ``case`` (a place: capitalised),
    said in the nominative; ``None`` when the first word is not in that case."""
    out: list[str] = []
    for word in words:
        # "в", "на" are read as abbreviations in every case: a value word has three letters.
        p = _parse(word, case, place=place) if len(word) >= 3 else None
        if p is None or (place and word[0].islower()):
            break
        said = p.inflect({"nomn"}) if case != "nomn" else p
        if said is None:
            break
        form = said.word
        out.append(_like(word, form))
        if "NOUN" in p.tag:
            return " ".join(out)
    return None


def _like(original: str, form: str) -> str:
    """``form`` written with ``original``'s capitals (each hyphenated part; "США" as it is)."""
    if original.isupper() and len(original) > 1:
        return original if original.lower() == form else form.upper()
    parts, orig = form.split("-"), original.split("-")
    return "-".join(
        p[:1].upper() + p[1:] if i < len(orig) and orig[i][:1].isupper() else p
        for i, p in enumerate(parts)
    )


def home_town(sentence: str) -> str | None:
    """The town of "я живу в Берлине" in the nominative ("Берлин"), or ``None``."""
    m = _HOME.search(sentence)
    return _nominative(m["v"].split(), "loct", place=True) if m else None


def job(sentence: str) -> str | None:
    """The job of "я работаю врачом" / "я по профессии врач" in the nominative, or ``None``."""
    if (m := _JOB.search(sentence)) is not None:
        return _nominative(m["v"].split(), "ablt", place=False)
    if (m := _JOB_NOMINATIVE.search(sentence)) is not None:
        return _nominative(m["v"].split(), "nomn", place=False)
    return None
