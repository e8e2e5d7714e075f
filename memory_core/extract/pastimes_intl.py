"""The car the user drives and a pastime they keep in a group, in German, Spanish, French and
Russian — read as the English rules read "I drive a Toyota Corolla" and "I sing in a choir"
(``habit.drive_<car>``, ``habit.<verb>_<group>``), so "what are my hobbies?" finds them.

Only the user's own first-person verb counts ("singe", "canto", "je chante", "пою"; "meine
Tochter singt im Chor" is hers), never with a "not", and a car only when a brand or a word for
a motor vehicle is said ("ich fahre einen Umweg" is a trip).
"""

from __future__ import annotations

import re

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.values import Category

_WORD = r"[^\W\d_][\w'’-]*|\d{2,4}"
_NOT = re.compile(
    r"(?<!\w)(?:nicht|kein\w*|nie|nunca|no|ne|n['’]|pas|jamais|не|больше)(?!\w)", re.IGNORECASE
)

#: The user's verb, then what they drive (up to four words).
_DRIVE = {
    "de": r"(?:ich\s+)?fahre\s+(?:privat\s+|selbst\s+|jetzt\s+|inzwischen\s+)?"
    r"(?:einen|ein|eine|nen|'nen)",
    "es": r"(?:yo\s+)?(?:conduzco|manejo)\s+(?:un|una|el|la|mi)",
    "fr": r"je\s+(?:roule\s+en|conduis\s+(?:une?|la|le|ma|mon))",
    "ru": r"(?:я\s+)?(?:(?P<on>езжу|катаюсь)\s+на|вожу)",
}
_DRIVE_END = (
    r"(?=\s*[,.;:!?]|\s*$|\s+(?:seit|und|aber|von|aus|mit|als|baujahr|bj|del|de|desde|y|pero|"
    r"que|con|depuis|et|mais|qui|avec|pour|с|и|но|уже|который|которая)(?!\w))"
)
#: A brand, a model or a word for a motor vehicle: what makes the words a car.
_VEHICLE = re.compile(
    r"(?<!\w)(?:vw|volkswagen|opel|bmw|audi|mercedes|benz|ford|toyota|skoda|škoda|seat|cupra|"
    r"renault|peugeot|citroën|citroen|fiat|tesla|nissan|kia|hyundai|mazda|volvo|dacia|honda|"
    r"mini|smart|porsche|jeep|subaru|suzuki|mitsubishi|lada|niva|alfa|lancia|saab|golf|polo|"
    r"passat|corsa|astra|clio|twingo|m[ée]gane|zo[ée]|ibiza|leon|le[óo]n|panda|punto|yaris|"
    r"corolla|prius|fiesta|focus|octavia|fabia|käfer|bulli|auto|wagen|kombi|bus|transporter|"
    r"van|cabrio|suv|geländewagen|motorrad|roller|e-auto|elektroauto|wohnmobil|pick-?up|"
    r"oldtimer|coche|carro|moto|furgoneta|camioneta|todoterreno|voiture|bagnole|scooter|"
    r"camionnette|fourgon|citadine|break|машина|автомобиль|мотоцикл|джип|внедорожник|лада|"
    r"нива|тойота|камри|киа|хендай|хёндай|хендэ|рено|шкода|фольксваген|мерседес|бмв|ауди|"
    r"форд|опель|мазда|ниссан|шевроле|уаз|газель|волга|жигули|москвич|приора|гранта|веста|"
    r"солярис|логан|тесла|\d{3})(?!\w)",
    re.IGNORECASE,
)


def _drives(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich fahre einen alten VW Bus", "conduzco un Seat Ibiza", "je roule en Clio", "езжу
    на старой Ниве": the car, in the user's words (``habit.drive_<car>``)."""
    verb = _DRIVE.get(language)
    if verb is None or _NOT.search(sentence):
        return []
    m = re.search(
        rf"(?:^|(?<=[,;]))\W*{verb}\s+(?P<car>(?:{_WORD})(?:\s+(?:{_WORD})){{0,3}}?){_DRIVE_END}",
        sentence,
        re.IGNORECASE,
    )
    if m is None:
        return []
    car = m["car"]
    if language == "ru":  # "на старой Ниве", "вожу Тойоту": said as called
        case = "loct" if m["on"] else "accs"
        car = russian.in_nominative(m["car"].split(), case) or ""
    if not _VEHICLE.search(car):
        return []
    text = f"{ctx.subject} drives {car}."
    return fact(f"habit.drive_{slug(car)}", text, Category.OTHER, 0.7, car)


#: The user's verb of a pastime kept in a group → the English verb.
_GROUP_VERBS = {
    "de": {"singe": "sing", "spiele": "play", "tanze": "dance"},
    "es": {"canto": "sing", "toco": "play", "bailo": "dance"},
    "fr": {"chante": "sing", "joue": "play", "danse": "dance"},
    "ru": {"пою": "sing", "играю": "play", "танцую": "dance"},
}
_SUBJECT = {"de": r"(?:ich\s+)?", "es": r"(?:yo\s+)?", "fr": r"je\s+", "ru": r"(?:я\s+)?"}
_IN = {
    "de": r"(?:im|beim|in\s+(?:einem|einer|der|dem|unserem|unserer|meinem|meiner))",
    "es": r"en\s+(?:un|una|el|la|mi|nuestro|nuestra)",
    "fr": r"(?:dans|en)(?:\s+(?:un|une|la|le|ma|mon|notre)|\s+l['’])?",
    "ru": r"во?",
}
#: A group one sings, plays or dances in → the English word ("Kirchenchor" → choir).
_GROUPS = {
    "de": ((r"\w*chor", "choir"), (r"\w*band", "band"), (r"\w*orchester|musikverein", "orchestra"),
           (r"(?:theater|tanz)gruppe", "group")),
    "es": ((r"coro", "choir"), (r"banda|grupo\s+de\s+(?:rock|música|jazz)", "band"),
           (r"orquesta", "orchestra"), (r"grupo\s+de\s+(?:teatro|baile)", "group")),
    "fr": ((r"chorale|ch(?:œ|oe)ur", "choir"),
           (r"groupe(?:\s+de\s+(?:rock|musique|jazz))?", "band"),
           (r"orchestre|fanfare|harmonie", "orchestra"), (r"troupe", "group")),
    "ru": ((r"хоре", "choir"), (r"(?:рок-)?группе", "band"), (r"оркестре", "orchestra"),
           (r"ансамбле", "group")),
}  # fmt: skip


def _in_a_group(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich singe im Chor", "canto en un coro", "je chante dans la chorale", "я пою в хоре":
    a pastime in a group (``habit.sing_choir``, the group in the user's words)."""
    verbs = _GROUP_VERBS.get(language)
    if verbs is None or _NOT.search(sentence):
        return []
    verb = "|".join(verbs)
    for group, english in _GROUPS[language]:
        m = re.search(
            rf"(?<!\w){_SUBJECT[language]}(?P<v>{verb})(?:\s+(?:{_WORD})){{0,4}}?\s+"
            rf"{_IN[language]}\s*(?:[^\W\d_][\w'’-]*\s+)?(?P<g>{group})(?!\w)",
            sentence,
            re.IGNORECASE,
        )
        if m is None:
            continue
        doing = verbs[m["v"].lower()]
        text = f"{ctx.subject} {doing}s in a {english}."
        # "plays_in_": not a "habit.play_<game>" (its phrase would say "du spielst
        # Laienorchester" of the orchestra the user plays in).
        key = f"habit.plays_in_{english}" if doing == "play" else f"habit.{doing}_{english}"
        return fact(key, text, Category.SOFT_PREFERENCE, 0.7, m["g"])
    return []


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The user's car and their pastimes in a group, in ``sentence`` (said in ``language``)."""
    return _drives(sentence, language, ctx) + _in_a_group(sentence, language, ctx)
