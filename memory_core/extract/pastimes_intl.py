"""Pastimes in German, Spanish, French and Russian: what the user loves or plays ("ich liebe
Jazz", "juego al pádel" → ``likes.<thing>``, ``habit.play_<game>``), a sport done by habit
("los domingos salgo a correr"), a pastime called their passion ("Le jardinage, c'est ma
passion"), the car they drive and a pastime they keep in a group — read as the English rules
read "I love jazz", "I drive a Toyota Corolla" and "I sing in a choir" (``habit.drive_<car>``,
``habit.<verb>_<group>``), so "what are my hobbies?" finds them.

Only the user's own first-person verb counts ("singe", "canto", "je chante", "пою"; "meine
Tochter singt im Chor" is hers), never with a "not", and a car only when a brand or a word for
a motor vehicle is said ("ich fahre einen Umweg" is a trip).
"""

from __future__ import annotations

import re

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import plain_field, slug
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


#: What the user loves or plays: "ich liebe Jazz", "me encanta la escalada", "j'adore le
#: ski", "обожаю театр", "je joue au tennis", "juego al pádel", "играю в шахматы".
_LOVE = {
    "de": r"(?:ich\s+)?(?:liebe|mag)",
    "es": r"(?:me\s+(?:encanta|encantan|gusta\s+mucho|gustan\s+mucho|flipa|flipan|apasiona|"
    r"apasionan|chifla|chiflan)|adoro)",
    "fr": r"(?:j['’]adore|j['’]aime\s+beaucoup|passionnée?\s+(?:de|par))",
    "ru": r"(?:я\s+)?(?:люблю|обожаю)",
}
_PLAY = {
    "de": r"(?:ich\s+)?spiele\s+(?:gern\s+|gerne\s+)?",
    "es": r"juego\s+(?:al|a\s+la|a)\s+",
    # ("je fais des études" is studying: "fais" plays only "du" and "de la" — "je fais du ski").
    "fr": r"je\s+(?:joue\s+(?:au|à\s+la|du|de\s+la|des|aux)|fais\s+(?:du|de\s+la))\s+",
    "ru": r"(?:я\s+)?играю\s+в\s+",
}
#: An article is a whole word, or "l'" ("les chiens" kept "s chiens", "leer" lost its "le").
_TASTE_ARTICLE = re.compile(
    r"^(?:(?:el|la|los|las|le|les|der|den|die|das|einen|eine|ein)\s+|l['’]\s*)", re.IGNORECASE
)
_TASTE_END = (
    r"(?=\s*[,;.!?]|\s*$|\s+(?:aber|pero|mais|но|depuis|desde|seit|con|avec|mit|с|los|las|"
    r"le|les|am|jeden|jede|cada|tous|toutes|по|каждый|каждую|todos|todas|"
    # where or with whom it is played: "Handball im Verein", "au foot dans un club"
    r"im|beim|in|en|dans|в|во|на|zweimal|dos|deux|два)\s)"
)
_NOT_TASTE = re.compile(
    r"^(?:sein|dich|euch|es|sie|ihn|das|te|os|lo|la|eso|esto|tu|toi|vous|ça|cela|тебя|вас|его|её|ее|"
    r"это|их|мою|моего|моих|meine?n?|mi|mis|mon|ma|mes|ich|yo|je|я|nicht|no|pas|не)$|^(?-i:[a-zà-ÿ]+(?:en|ar|er|ir|re))$|"
    r"(?:ть|ться|чь)$",
    re.IGNORECASE,
)


#: "…, c'est ma passion", "… y es mi pasión", "… und das ist meine Leidenschaft", "…, это моя
#: страсть": said after a taste, of it.
_PASSION_AFTER = {
    "de": r"(?:\s*,\s*|\s+und\s+)(?:das\s+)?(?:ist|sind)\s+(?:meine?|mein)\s+(?:\w+\s+)?"
    r"(?:leidenschaft|hobby|ding)\b.*$",
    "es": r"(?:\s*,\s*|\s+y\s+)(?:eso\s+|esto\s+)?(?:es|son)\s+(?:mi\s+(?:\w+\s+)?(?:pasión|"
    r"pasion|hobby|afición|aficion|vida)|lo\s+m[íi]o)\b.*$",
    "fr": r"(?:\s*,\s*|\s+et\s+)(?:ça\s+|ca\s+)?(?:c['’]est|est)\s+(?:vraiment\s+)?(?:ma|mon)\s+"
    r"(?:\w+\s+)?(?:passion|hobby|loisir|dada|truc|vie)\b.*$",
    "ru": r"(?:\s*,\s*|\s+и\s+)(?:это\s+)?(?:моя|моё|мое|мой)\s+(?:\w+\s+)?(?:страсть|хобби|"
    r"увлечение|жизнь)(?!\w).*$",
}


#: The words of a sentence that says a taste or a passion and no more, beside its value ("J'aime
#: le jardinage et c'est ma passion" keeps no note beside ``likes.jardinage``).
TASTE_WORDS = frozenset(
    """ich liebe mag gern gerne ist sind mein meine das und total voll leidenschaft große größte
    hobby ding der die den me encanta encantan gusta gustan mucho flipa apasiona adoro es son mi
    gran pasión pasion afición aficion lo mío mio y eso esto el la los las j adore aime beaucoup
    c est ma mon passion grande hobby loisir dada truc vraiment et ça ca le les l я люблю обожаю
    это моя моё мое мой страсть хобби увлечение главное любимое и""".split()
)
#: A taste called the user's passion or hobby, in any of the four languages.
PASSION = re.compile(
    r"(?<!\w)(?:leidenschaft|hobby|ding|pasión|pasion|afición|aficion|lo\s+m[íi]o|passion|loisir|"
    r"dada|truc|страсть|хобби|увлечение)(?!\w)",
    re.IGNORECASE,
)
#: A plain "I like", love only when the user calls the thing their passion after it.
_PLAIN_LIKE = {"fr": r"j['’]aime", "es": r"me\s+gustan?"}


def _tastes(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What the user loves (``likes.<thing>``) and plays (``habit.play_<game>``)."""
    out: list[Candidate] = []
    # "J'aime la poterie et c'est ma passion": the clause that calls it so is no taste, and
    # says the plain "j'aime", "me gusta" is love.
    loves = _LOVE.get(language)
    if language in _PASSION_AFTER:
        plain = re.sub(_PASSION_AFTER[language], "", sentence, flags=re.IGNORECASE)
        if plain != sentence and language in _PLAIN_LIKE:
            loves = f"{loves}|{_PLAIN_LIKE[language]}"
        sentence = plain
    # "le tennis et la natation": the article after "and" starts the next item.
    sentence = re.sub(
        r"\s(et|y|und)\s+(?:le|la|les|l['’]|el|los|las|der|die|das)\s*", r" \1 ", sentence
    )
    for verb, played in ((loves, False), (_PLAY.get(language), True)):
        if verb is None:
            continue
        m = re.search(
            # The verb whole: "ich bin lieber im Haus" says no "liebe".
            rf"(?:^|(?<=[\s,;]))(?:{verb})(?:(?<=\s)|(?![\w-]))\s*(?P<v>[^,;.!?]+?){_TASTE_END}",
            sentence,
            re.IGNORECASE,
        )
        if m is None:
            continue
        for item in re.split(r"\s*(?:,|\bund\b|\by\b|\bet\b|\bи\b)\s*", m["v"]):
            item = _TASTE_ARTICLE.sub("", plain_field(item))
            words = item.split()
            if not words or len(words) > 3 or _NOT_TASTE.search(words[0]):
                continue
            if language == "ru" and not played:
                item = russian.in_nominative(words, "accs") or item
            if played:
                text = f"{ctx.subject} plays {item}."
                out += fact(f"habit.play_{slug(item)}", text, Category.SOFT_PREFERENCE, 0.7, item)
            else:
                text = f"{ctx.subject} loves {item}."
                out += fact(f"likes.{slug(item)}", text, Category.SOFT_PREFERENCE, 0.7, item)
    return out


#: A sport done by habit, said with its verb ("los domingos salgo a correr", "ich gehe jeden
#: Samstag klettern", "je vais nager tous les mardis", "по утрам я бегаю"): the verb said as
#: its infinitive → the English activity. Only with a word of habit (a day said as every such
#: day, "every", "often", "twice a week"): "mañana salgo a correr" is a plan for a morning.
_SPORT_VERBS = {
    "es": (
        r"(?:salgo|salimos|suelo\s+salir|suelo)\s+a\s+(?P<v>correr|caminar|nadar|pedalear|"
        r"escalar|patinar|bucear|remar|surfear|montar\s+en\s+bici)|(?<!\w)(?P<w>corro|nado|"
        r"escalo|buceo|patino|remo)(?!\w)"
    ),
    "de": (
        r"(?:ich\s+)?(?:gehe|geh)\s+(?:\w+\s+){0,3}?(?P<v>joggen|laufen|schwimmen|klettern|"
        r"bouldern|wandern|radfahren|tanzen|reiten|segeln|rudern|surfen|skifahren)(?!\w)|"
        r"(?:ich\s+)?(?P<w>jogge|schwimme|klettere|wandere|tanze|reite|rudere)(?!\w)"
    ),
    "fr": (
        r"je\s+vais\s+(?:\w+\s+){0,3}?(?P<v>courir|nager|grimper|danser|marcher|ramer|surfer|"
        r"skier)(?!\w)|je\s+(?P<w>cours|nage|grimpe|danse|rame)(?!\w)"
    ),
    "ru": r"(?:я\s+)?(?P<w>бегаю|плаваю|танцую|хожу\s+в\s+походы|хожу\s+в\s+бассейн)(?!\w)",
}
_SPORT_INFINITIVE = {
    "corro": "correr", "nado": "nadar", "escalo": "escalar", "buceo": "bucear",
    "patino": "patinar", "remo": "remar", "jogge": "joggen", "schwimme": "schwimmen",
    "klettere": "klettern", "wandere": "wandern", "tanze": "tanzen", "reite": "reiten",
    "rudere": "rudern", "cours": "courir", "nage": "nager", "grimpe": "grimper",
    "danse": "danser", "rame": "ramer", "бегаю": "бегать", "плаваю": "плавать",
    "танцую": "танцевать", "хожу в походы": "ходить в походы", "хожу в бассейн": "ходить в бассейн",
}  # fmt: skip
_HABITUALLY = re.compile(
    r"(?<!\w)(?:los\s+(?:lunes|martes|miércoles|jueves|viernes|sábados|domingos|fines\s+de\s+semana)|"
    r"cada|todos\s+los|todas\s+las|siempre|a\s+menudo|suelo|veces\s+(?:a|por)\s+la\s+semana|"
    r"por\s+las\s+(?:mañanas|tardes|noches)|jede[nmrs]?|immer|oft|regelmäßig|\w+mal\s+die\s+woche|"
    r"montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags|morgens|abends|"
    r"am\s+wochenende|tous\s+les|toutes\s+les|chaque|souvent|le\s+(?:lundi|mardi|mercredi|jeudi|"
    r"vendredi|samedi|dimanche|week-end|matin|soir)|fois\s+par|каждый|каждую|каждое|часто|"
    r"по\s+(?:утрам|вечерам|выходным|понедельникам|вторникам|средам|четвергам|пятницам|"
    r"субботам|воскресеньям)|раза?\s+в\s+неделю)(?!\w)",
    re.IGNORECASE,
)
_SPORT_ENGLISH = {
    "correr": "running", "caminar": "walking", "nadar": "swimming", "pedalear": "cycling",
    "escalar": "climbing", "patinar": "skating", "bucear": "diving", "remar": "rowing",
    "surfear": "surfing", "montar en bici": "cycling", "joggen": "jogging", "laufen": "running",
    "schwimmen": "swimming", "klettern": "climbing", "bouldern": "bouldering",
    "wandern": "hiking", "radfahren": "cycling", "tanzen": "dancing", "reiten": "riding",
    "segeln": "sailing", "rudern": "rowing", "surfen": "surfing", "skifahren": "skiing",
    "courir": "running", "nager": "swimming", "grimper": "climbing", "danser": "dancing",
    "marcher": "walking", "ramer": "rowing", "surfer": "surfing", "skier": "skiing",
    "бегать": "running", "плавать": "swimming", "танцевать": "dancing",
    "ходить в походы": "hiking", "ходить в бассейн": "swimming",
}  # fmt: skip


def _sport_habits(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """A sport the user does by habit, said with its verb (``likes.<activity>``, the value in
    their words: "correr", "klettern", "бегать")."""
    pattern = _SPORT_VERBS.get(language)
    if pattern is None or not _HABITUALLY.search(sentence):
        return []
    m = re.search(pattern, sentence, re.IGNORECASE)
    if m is None:
        return []
    found = m.groupdict()
    verb = re.sub(r"\s+", " ", (found.get("v") or found.get("w") or "").lower())
    said = _SPORT_INFINITIVE.get(verb, verb)
    english = _SPORT_ENGLISH[said]
    if language == "de":
        said = said.capitalize()  # the verb as a noun: "Klettern"
    text = f"{ctx.subject} goes {english} regularly."
    return fact(f"likes.{slug(english)}", text, Category.SOFT_PREFERENCE, 0.7, said)


#: "Segeln ist meine große Leidenschaft", "La fotografía es mi pasión", "Le jardinage, c'est
#: ma passion", "Рыбалка — моё хобби": a pastime named first, then said to be the user's.
_PASSION = {
    "de": r"(?:ist|sind)\s+(?:meine\s+(?:große\s+|größte\s+|absolute\s+)?leidenschaft|"
    r"mein\s+(?:großes\s+|liebstes\s+)?hobby|(?:total\s+|voll\s+|genau\s+)?mein\s+ding)",
    "es": r"(?:es|son)\s+(?:mi\s+(?:gran\s+|mayor\s+)?(?:pasión|pasion|hobby|afición|aficion)|"
    r"lo\s+m[íi]o)",
    "fr": r",?\s*(?:c['’]est|est)\s+(?:ma\s+(?:grande\s+)?passion|"
    r"(?:vraiment\s+|trop\s+)?mon\s+(?:hobby|loisir|dada|truc))",
    "ru": r"(?:\s*[—–-]\s*|\s+это\s+)(?:моё|мое|моя)\s+(?:главное\s+|любимое\s+)?(?:хобби|"
    r"страсть|увлечение)",
}
#: A person or a pronoun called one's passion ("Mi hija es mi pasión", "Das ist mein Hobby").
_NOT_A_PASTIME = re.compile(
    r"(?:mi|mis|tu|su|mon|ma|mes|ton|ta|son|sa|mein\w*|dein\w*|sein\w*|ihr\w*|мо\w*|тво\w*|"
    r"das|dies\w*|es|eso|esto|ça|cela|ce|это|он|она|er|sie|él|ella|il|elle)$",
    re.IGNORECASE,
)


def _passion(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """A pastime the user calls their passion or hobby (``likes.<thing>``, in their words)."""
    said = _PASSION.get(language)
    if said is None:
        return []
    m = re.match(
        rf"^\W*(?P<v>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}}?)\s*{said}\s*[.!]*$",
        sentence.strip(),
        re.IGNORECASE,
    )
    if m is None:
        return []
    thing = _TASTE_ARTICLE.sub("", m["v"]).strip()
    if not thing or _NOT_A_PASTIME.match(thing.split()[0]):
        return []
    loves = "|".join(filter(None, (_LOVE[language], _PLAIN_LIKE.get(language))))
    if re.match(rf"(?:{loves})(?![\w-])", m["v"], re.IGNORECASE):
        return []  # "J'adore le jardinage, c'est ma passion": the taste's reader reads it
    said = m["v"].strip()
    if language != "de":
        thing, said = thing.lower(), said[:1].lower() + said[1:]
    # The value as said, with its article in Spanish and French ("te gusta la fotografía").
    value = said if language in {"es", "fr"} else thing
    text = f"{ctx.subject} loves {thing}."
    return fact(f"likes.{slug(thing)}", text, Category.SOFT_PREFERENCE, 0.7, value)


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What the user loves, plays, does by habit or calls their passion, their car and their
    pastimes in a group, in ``sentence`` (said in ``language``)."""
    out = _tastes(sentence, language, ctx) + _sport_habits(sentence, language, ctx)
    out += _passion(sentence, language, ctx)
    return out + _drives(sentence, language, ctx) + _in_a_group(sentence, language, ctx)
