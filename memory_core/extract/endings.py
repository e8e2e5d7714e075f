"""What the user says ended, in German, Spanish, French and Russian, and where they are now.

The English rules read an ending themselves (``patterns_home_work.former``, ``rules._ended``).
The other languages' slot rules search a sentence for the positive words, so a Spanish "ya no
vivo en Sevilla" was read as "vivo en Sevilla" and said back as true, and a German "nicht mehr
in Köln" was kept only as a note beside the home it ended. Here an ending's clause ("ich wohne
nicht mehr in Köln", "ya no soy enfermera", "je n'habite plus à Lyon", "я больше не живу в
Твери") is found, said positively, read by that language's slot rules, and each reading is
returned valid only until now — arbitration then ends the fact it contradicts (through the
confirmation policy) — while the clause is cut from what the slot rules read next.

A move said as an ending and where the user is now ("…, ahora estamos en Cádiz", "we're in
York now") gives the new home: "now" alone ("Wir sind jetzt in Rom") may be a trip, so it is
read only beside an ending of the home or a move in the same message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.rule import Context, fact
from memory_core.values import Category

#: Where a clause ends inside a sentence: a comma or semicolon, or a joining word.
_CLAUSE_BREAK = re.compile(
    r"\s*[,;]\s*|\s+(?=(?:y|und|et|и|pero|aber|mais|но|sondern|sino)\s)", re.IGNORECASE
)
#: An ending's words in each language: "nicht mehr", "kein … mehr"; "ya no", "no … más";
#: "ne … plus"; "больше не", "уже не". A plain "no"/"не" ends only a home ("no vivo en Cádiz",
#: as the English rules read "I don't live in Leeds").
_ENDING = {
    "de": re.compile(r"\bnicht\s+mehr\b|\bkein(?:e|en|em|er|es)?\b.*\bmehr\b", re.IGNORECASE),
    "es": re.compile(
        r"\bya\s+no\b|\bno\b.*\b(?:más|mas)\b|\bno\s+(?=(?:vivo|vivimos)\b)", re.IGNORECASE
    ),
    "fr": re.compile(r"\bne\s+\w+\s+plus\b|\bn['’]\w+\s+plus\b", re.IGNORECASE),
    "ru": re.compile(
        r"(?<!\w)(?:больше|уже|теперь)\s+не(?!\w)|(?<!\w)не\s+(?=(?:живу|живём|живем|проживаю)(?!\w))",
        re.IGNORECASE,
    ),
}
#: The same clause said positively: the ending's words taken out.
_POSITIVE: dict[str, Sequence[tuple[str, str]]] = {
    "de": (
        (r"\bnicht\s+mehr\s*", ""),
        (r"\bk(ein(?:e|en|em|er|es)?)\b", r"\1"),
        (r"\s*\bmehr\b", ""),
    ),
    "es": ((r"\bya\s+no\s+", ""), (r"\bno\s+", ""), (r"\s*\b(?:más|mas)\b", "")),
    "fr": (
        (r"\bne\s+(\w+)\s+plus\b", r"\1"),
        (r"\bn['’](\w+)\s+plus\b", r"\1"),
        # "je habite" → "j'habite": the elision the ending's "n'" took.
        (r"\b([Jj])e\s+(?=[aeiouhéèêâîôû])", r"\1'"),
    ),
    "ru": ((r"(?<!\w)(?:больше|уже|теперь)\s+не\s+", ""), (r"(?<!\w)не\s+", "")),
}
#: What can end: where one lives, works and as what, an allergy, a diet. A name, an age or a
#: person is never "no longer" so.
_ENDS = ("home_city", "home_country", "job_title", "employer", "allergy.", "diet", "school")

#: Below the positive readings (as the English ``former``), so a message that ends the old
#: home and names the new one keeps the new one for the key; arbitration asks about the change.
ENDED_HINT = 0.7
#: The words of an ending, which a note beside its reading would only repeat.
ENDING_WORDS = frozenset(
    "nicht mehr kein keine keinen keinem keiner keines ya no más mas ne n plus больше уже не "
    "теперь".split()
)


def split(sentence: str, language: str) -> tuple[list[str], str]:
    """The ending clauses of ``sentence`` said positively, and the rest of the sentence (what
    the slot rules still read): ``(["Vivo en Sevilla"], "ahora estamos en Cádiz")``."""
    ending = _ENDING.get(language)
    if ending is None or not ending.search(sentence):
        return [], sentence
    positive: list[str] = []
    rest: list[str] = []
    for piece in _CLAUSE_BREAK.split(sentence):
        if piece and ending.search(piece):
            for pattern, to in _POSITIVE[language]:
                piece = re.sub(pattern, to, piece, flags=re.IGNORECASE)
            positive.append(piece.strip())
        elif piece:
            rest.append(piece)
    return positive, ", ".join(rest)


def ended(found: Sequence[Candidate], ctx: Context) -> list[Candidate]:
    """The readings of an ending's positive clause, each valid until now and said as ended
    ("Ana no longer lives in Sevilla."); what cannot end is dropped."""
    out = []
    for cand in found:
        said = _no_longer(cand.value_text, ctx.subject)
        if said is None or not cand.key.startswith(_ENDS) or cand.temporary:
            continue
        hint = min(cand.confidence_hint, ENDED_HINT)
        out.append(
            replace(
                cand,
                value_text=said,
                confidence_hint=hint,
                valid_from=None,
                valid_to=ctx.time,
                multi_valued=False,
            )
        )
    return out


def _no_longer(text: str, subject: str) -> str | None:
    """ "Ana lives in Sevilla." → "Ana no longer lives in Sevilla."; ``None`` when the
    reading is not said so."""
    lead = re.escape(subject)
    m = re.match(rf"^{lead} has lived in (?P<v>.+?) since \d{{4}}\.$", text)
    if m is not None:
        return f"{subject} no longer lives in {m['v']}."
    if re.match(rf"^{lead} is ", text):
        return re.sub(rf"^{lead} is ", f"{subject} is no longer ", text)
    if re.match(rf"^{lead} (?:lives|works) ", text):
        return re.sub(rf"^{lead} ", f"{subject} no longer ", text)
    return None


#: Where the user is now, said beside an ending or a move ("we're in York now", "ahora
#: estamos en Cádiz", "jetzt sind wir in Gera", "on est à Nantes maintenant", "теперь мы в
#: Казани").
_CAP = r"(?-i:[A-ZÀ-ÖØ-Þ][\w'’-]*)"
_PLACE = rf"(?P<v>{_CAP}(?:[ -]{_CAP}){{0,2}})"
_NOW_IN = {
    "en": rf"\b(?:we're|we\s+are|i'm|i\s+am|im)\s+(?:now\s+)?(?:living\s+)?in\s+{_PLACE}",
    "de": rf"\b(?:(?:jetzt\s+)?(?:sind\s+wir|bin\s+ich)|(?:wir\s+sind|ich\s+bin))"
    rf"\s+(?:jetzt\s+)?in\s+{_PLACE}",
    "es": rf"\b(?:estamos|estoy)\s+(?:ahora\s+)?en\s+{_PLACE}",
    "fr": rf"\b(?:on\s+est|nous\s+sommes|je\s+suis)\s+(?:maintenant\s+)?(?:à|a)\s+{_PLACE}",
}
_RU_NOW_IN = re.compile(
    r"(?<!\w)(?i:теперь|сейчас)\s+(?i:мы|я)\s+(?i:во?)\s+(?P<w>[А-ЯЁ][а-яё-]*(?:\s+[А-ЯЁа-яё][а-яё-]*)?)"
)
#: A move said in the same message ("we moved", "sind umgezogen", "nos mudamos").
_MOVED = re.compile(
    r"\b(?:moved|relocated|umgezogen|gezogen|mudamos|mudé|mude|mudado|déménagé|"
    r"déménagés?|переехали|переехал|переехала)\b",
    re.IGNORECASE,
)
#: A move named by its noun ("Umzug geschafft", "déménagement fini", "mudanza hecha",
#: "переезд позади", "move done"): a move too, unless the line says a stay or a plan
#: ("wir planen einen Umzug, gerade sind wir in Rom im Urlaub").
_MOVE_NOUN = re.compile(
    r"\b(?:umzug\w*|déménagement|mudanza|переезд\w*|moving\s+day|house\s+move|"
    r"move\s+(?:is\s+|was\s+)?(?:done|over|finished|complete)|after\s+the\s+move)\b",
    re.IGNORECASE,
)
_PLANNED = re.compile(
    r"\b(?:plan\w*|geplant|bald|nächste\w*|soon|next|prévu\w*|bientôt|prochain\w*|"
    r"planea\w*|pronto|próxim\w*)\b|(?<!\w)(?:планир\w*|собира\w*|скоро|следующ\w*)(?!\w)",
    re.IGNORECASE,
)


def now_in(body: str, language: str, found: Sequence[Candidate], ctx: Context) -> list[Candidate]:
    """The new home of a message that ends the old one or says a move ("I don't live in
    Leeds any more, we're in York now"); said only with "now" ("Wir sind jetzt in Gera"), a
    change of the told home (asked about, ``changes``), never a first one: it may be a trip.
    Nothing when a reading gave the home."""
    if any(c.key == "home_city" and c.valid_to is None for c in found):
        return []
    place = _now_in(body, language)
    if place is None or any(place == c.value for c in found):
        return []
    moved = any(c.key == "home_city" and c.valid_to is not None for c in found)
    moved = moved or bool(_MOVED.search(body))
    moved = moved or bool(
        _MOVE_NOUN.search(body) and not _TRIP.search(body) and not _PLANNED.search(body)
    )
    if not moved and (not _NOW.search(body) or _TRIP.search(body)):
        return []
    text = f"{ctx.subject} lives in {place}."
    said = fact("home_city", text, Category.IDENTITY, 0.75 if moved else CHANGE_HINT, place)
    return said if moved else [replace(c, changes=True) for c in said]


#: "Now" in each language, said of where the user is.
_NOW = re.compile(
    r"\b(?:now|these\s+days|jetzt|inzwischen|mittlerweile|nun|ahora|maintenant|désormais|"
    r"à\s+présent)\b|(?<!\w)(?:теперь|сейчас)(?!\w)",
    re.IGNORECASE,
)
#: A stay, not a home ("for a week", "im Urlaub", "de vacaciones", "en vacances", "в отпуске").
_TRIP = re.compile(
    r"\b(?:holiday|vacation|trip|visit\w*|week\w*|days?|conference|tour\w*|hotel|"
    r"urlaub|ferien|reise|besuch\w*|woche\w*|tage|vacaciones|viaje|visita|semana\w*|días|"
    r"vacances|voyage|séjour|semaine\w*|jours|hôtel)\b"
    r"|(?<!\w)(?:отпуск\w*|поездк\w*|командировк\w*|недел\w*|дн\w*|гост\w*|отдыха\w*)(?!\w)",
    re.IGNORECASE,
)
#: Below a move's reading: a home said only with "now" is asked about, never taken alone.
CHANGE_HINT = 0.6


def _now_in(body: str, language: str) -> str | None:
    if language == "ru":
        m = _RU_NOW_IN.search(body)
        return russian.place_in(m["w"].split(), "loct") if m else None
    pattern = _NOW_IN.get(language)
    m = re.search(pattern, body, re.IGNORECASE) if pattern else None
    return m["v"] if m else None
