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
    rf"(?:(?:живу|живём|живем|проживаю|проживаем)\s+(?:сейчас\s+|теперь\s+)?|"
    # "снимаю квартиру в Москве", "снимаем комнату в Питере": a home rented there.
    rf"(?:снимаю|снимаем)\s+(?:\w+\s+)?(?:квартиру|комнату|дом|жильё|жилье|студию|двушку|однушку|трёшку|трешку)\s+)во?\s+"
    rf"(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)
#: "я работаю врачом", "работаю сейчас старшим инженером", "я по профессии врач"; the same
#: with another verb of work ("подрабатываю баристой", "тружусь сварщиком", "вкалываю
#: грузчиком", "гоняю курьером") or a whole career ("всю жизнь проработал токарем").
_JOB = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:(?:я|мы)\s+)?(?:сейчас\s+|теперь\s+)?"
    r"(?:работаю|подрабатываю|тружусь|вкалываю|пашу|гоняю|проработал|проработала)\s+"
    r"(?:сейчас\s+|теперь\s+)?"
    rf"(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)
_JOB_NOMINATIVE = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:я\s+по\s+профессии|по\s+профессии\s+я)\s+(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)


#: "я переехал в Казань", "мы переехали в Москву": the town in the accusative.
_MOVED = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:(?:я|мы)\s+)?(?:недавно\s+|сейчас\s+|уже\s+)?"
    rf"(?:переехал|переехала|переехали|перебрался|перебралась|перебрались)\s+"
    # "Переехали наконец в Тулу", "переехали мы в Тверь": a particle or the pronoun after the verb.
    r"(?:(?:наконец(?:-то)?|недавно|уже|всё-таки|все-таки|тоже|мы|я|всей\s+семь[её]й)\s+){0,2}"
    rf"во?\s+"
    rf"(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)
#: "я работаю в Сбербанке", "работаю в Газпроме инженером": the firm (capitalised) in the
#: locative, and a job after it in the instrumental.
_AT_FIRM = re.compile(
    rf"(?:^|(?<=[\s,;]))(?:(?:я|мы)\s+)?(?:сейчас\s+|теперь\s+)?работаю\s+(?:сейчас\s+)?"
    rf"(?:в|во|на)\s+(?P<v>(?-i:[А-ЯЁA-Z])[\w-]*(?:\s+(?-i:[А-ЯЁA-Z])[\w-]*)?)"
    rf"(?:\s+(?P<job>{_WORD}(?:\s+{_WORD}){{0,2}}))?",
    re.IGNORECASE,
)
#: "я из Минска", "я родом из Казахстана": the place in the genitive.
_FROM = re.compile(
    rf"(?:^|(?<=[\s,;]))я\s+(?:родом\s+|сам\s+|сама\s+)?из\s+(?P<v>{_WORD}(?:\s+{_WORD}){{0,2}})",
    re.IGNORECASE,
)
#: "я учусь в МГУ", "учусь в Казанском университете".
_STUDY = re.compile(
    r"(?:^|(?<=[\s,;]))(?:я\s+)?(?:учусь|студент|студентка)\s+(?:\w+\s+)?(?:в|во)\s+"
    r"(?P<v>(?-i:[А-ЯЁA-Z])[\w-]*(?:\s+[\w-]+)?)",
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
    """The town of "я живу в Берлине" or "переехала в Казань" in the nominative ("Берлин",
    "Казань"), or ``None``."""
    if (m := _HOME.search(sentence)) is not None:
        return _nominative(m["v"].split(), "loct", place=True)
    if (m := _MOVED.search(sentence)) is not None:
        return _nominative(m["v"].split(), "accs", place=True)
    return None


def employer(sentence: str) -> str | None:
    """The firm of "я работаю в Сбербанке" in the nominative ("Сбербанк"); an abbreviation
    ("в МТС") as it is; ``None`` when there is none."""
    m = _AT_FIRM.search(sentence)
    if m is None:
        return None
    words = m["v"].split()
    if len(words) == 1 and (_abbreviation(words[0]) or not re.search(r"[А-ЯЁа-яё]", words[0])):
        return words[0]  # "МТС", "Google": not inflected
    return _nominative(words[:1], "loct", place=False)


def _abbreviation(word: str) -> bool:
    """ "МГУ", "СПбГУ", "МТС": two capitals or more, said as written."""
    return sum(c.isupper() for c in word) >= 2


def origin(sentence: str) -> str | None:
    """The place of "я из Минска" in the nominative ("Минск"), or ``None``."""
    m = _FROM.search(sentence)
    return _nominative(m["v"].split(), "gent", place=True) if m else None


def school(sentence: str) -> str | None:
    """The school of "я учусь в МГУ" ("МГУ"; an inflected name in the nominative)."""
    m = _STUDY.search(sentence)
    if m is None:
        return None
    first = m["v"].split()[0]
    if _abbreviation(first):
        return first
    return _nominative(m["v"].split(), "loct", place=False)


def job(sentence: str) -> str | None:
    """The job of "я работаю врачом" / "я по профессии врач" / "работаю в Газпроме
    инженером" in the nominative, or ``None``; what work it is, said in the genitive after
    it, is part of it ("учитель химии", "учительницей начальных классов")."""
    if (m := _AT_FIRM.search(sentence)) is not None and m["job"]:
        return titled(m["job"].split(), "ablt")
    if (m := _JOB.search(sentence)) is not None:
        said = titled(m["v"].split(), "ablt")
        first = m["v"].split()[0]
        return said if said is not None or not _person_noun(first) else first
    if (m := _JOB_NOMINATIVE.search(sentence)) is not None:
        return titled(m["v"].split(), "nomn")
    return None


def _person_noun(word: str) -> bool:
    """Whether ``word`` (lower case) names a person in the nominative: "работаю бариста" (a
    word that does not decline says the job as it is), never "работаю дома"."""
    morph = _analyser()
    if morph is None or not word.islower() or len(word) < 3:
        return False
    return any({"NOUN", "anim", "nomn"} <= set(p.tag.grammemes) for p in morph.parse(word))


def titled(words: list[str], case: str) -> str | None:
    """A job said in ``case`` in the nominative, with the genitive words that say which work
    ("учитель химии"): adjectives and one noun right after the job's own noun, as said."""
    title = _nominative(words, case, place=False)
    if title is None:
        return None
    rest = words[len(title.split()) :]
    field: list[str] = []
    for word in rest:
        p = _parse(word, "gent", place=False) if len(word) >= 3 and word.islower() else None
        if p is None:
            # "учительница английского": which work said by its adjective alone.
            return " ".join([title, *field])
        field.append(word)
        if "NOUN" in p.tag:
            return " ".join([title, *field])
    return title


def analyser() -> Any:
    """The morphological analyser (loaded on first use), or ``None`` without the package."""
    return _analyser()


def place_in(words: list[str], case: str) -> str | None:
    """A place said in ``case`` ("Калуги", "gent") in the nominative ("Калуга"), or ``None``."""
    return _nominative(words, case, place=True)


def in_nominative(words: list[str], case: str) -> str | None:
    """A job or title said in ``case`` ("учительницей", "ablt") in the nominative, or
    ``None`` (a relative's job: "работает учительницей")."""
    return _nominative(words, case, place=False)


def in_case(value: str, case: str) -> str:
    """A value the user named in the nominative ("пыльца", "кошачья шерсть") said in
    ``case`` ("accs": "пыльцу", "кошачью шерсть") where a phrase governs it ("аллергия на
    …"): its leading adjectives and one noun inflected, the words after them (who or what it
    is of: "цветение берёзы") as said; ``value`` itself when the analyser cannot read it so."""
    morph = _analyser()
    words = value.split()
    parses: list[Any] = []
    for i, word in enumerate(words):
        found = [
            p
            for p in (morph.parse(word) if morph is not None and len(word) >= 3 else ())
            if "nomn" in p.tag and {"NOUN", "ADJF"} & set(p.tag.grammemes)
        ]
        # Before another word an adjective is read first ("домашние кошки", not the noun).
        found.sort(key=lambda p: ("ADJF" not in p.tag) if i + 1 < len(words) else False)
        if not found:
            return value
        parses.append(found[0])
        if "NOUN" in found[0].tag:
            break
    else:
        return value
    noun = parses[-1].tag
    # The adjectives agree with the noun: its number, a singular's gender, and in the
    # accusative a plural's or masculine's animacy ("на домашних кошек").
    agree = {g for g in (noun.number, noun.gender if noun.number == "sing" else None) if g}
    if noun.animacy and (noun.number == "plur" or noun.gender == "masc"):
        agree.add(noun.animacy)
    out: list[str] = []
    for word, p in zip(words, parses, strict=False):
        said = (p.inflect({case} | agree) if "ADJF" in p.tag else None) or p.inflect({case})
        if said is None:
            return value
        out.append(_like(word, said.word))
    return " ".join(out + words[len(parses) :])


def name_in(word: str, case: str) -> str | None:
    """A first name said in ``case`` ("Маше", "datv"; "Олей", "ablt") as it is called
    ("Маша", "Оля"), or ``None`` when the analyser knows no such name in that case."""
    morph = _analyser()
    if morph is None or not word[:1].isupper():
        return None
    for p in morph.parse(word):
        if "Name" in p.tag and case in p.tag:
            said = p.inflect({"nomn"}) if case != "nomn" else p
            return _like(word, said.word) if said is not None else None
    return None


def firm(word: str) -> str | None:
    """A firm named after "в" ("в Яндексе") in the nominative; an abbreviation as it is."""
    if _abbreviation(word) or not re.search(r"[А-ЯЁа-яё]", word):
        return word
    return _nominative([word], "loct", place=False)


def town(words: str) -> str | None:
    """A town named after "в" ("в Твери") in the nominative ("Тверь"), or ``None``."""
    return _nominative(words.split(), "loct", place=True)


def known_town(word: str) -> str | None:
    """A town named after "в" in the nominative, only when the analyser knows the word for a
    place ("в Казани" → "Казань"; "в Сбербанке" → ``None``)."""
    parsed = _parse(word, "loct", place=True)
    if parsed is None or "Geox" not in parsed.tag:
        return None
    return town(word)
