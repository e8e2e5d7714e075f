"""Decide whether a fact's text reveals a sensitive topic: health, finance or identity documents.

``sensitive`` finds secret *values* (a password, an IBAN, a passport number); this module reads
the *topic*: "Ana takes insulin.", "I owe the bank 20000 euros", "my passport expires in May"
hold no secret value but must still never be shown in a group. It runs on every written fact,
in three steps over the lower-cased text:

1. a secret value found by :func:`sensitive.find_sensitive` decides outright;
2. phrases that only *look* sensitive are blanked out: jobs and workplaces ("I'm a diabetes
   nurse", "works at a bank"), trades, media and causes ("sells hearing aids", "a book about
   addiction", "cancer research"), idioms and homonyms ("retail therapy", "star sign is Cancer");
3. the identity-document, finance and health vocabularies are looked up, in that order, on what
   is left: words and phrases in sets (a condition, a medicine, "student loan"), drug and
   procedure stems by their endings ("-pril", "-olol", "-ectomy"), and context patterns
   ("takes … pills", "owe … 500", "is … broke").

Speed: a regex alternation of hundreds of branches is tried at every position, which costs
~0.5 ms per sentence. So words are looked up in sets, and every context pattern is filed
under the words any of its matches must contain (its *triggers*): a text only runs the
patterns whose trigger words it holds, usually none or one or two.

It errs towards flagging: a pet's insulin or a relative's cancer is still health. Negation does
not clear a topic ("Ana isn't pregnant" still speaks about her health).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import methodcaller

from memory_core.extract import health
from memory_core.extract import special_categories as special
from memory_core.extract import special_categories_intl as intl
from memory_core.extract.sensitive import find_sensitive
from memory_core.extract.wordlists import mapping, phrases
from memory_core.text.crisis import crisis_reading
from memory_core.text.lazy_pattern import LazyPattern
from memory_core.values import SENSITIVE_CATEGORIES, TOPIC_CATEGORY, Category, Topic

#: When one text holds several secret values, the category that wins.
_SPAN_PRIORITY = (Category.CREDENTIAL, Category.IDENTITY_DOCUMENT, Category.FINANCE)
#: A word as the lexicons see it: "crohn's" and "a&e" stay whole; hyphens and slashes split.
#: Letters of any script ("möchte", "себя"): the trigger index files Russian words too.
_TOKEN = re.compile(r"[^\W_]+(?:['&][^\W_]+)*")
#: A word, or a mark where phrase lookup stops (punctuation, the trace of a blanked near miss).
_TOKEN_OR_BREAK = re.compile(r"[^\W_]+(?:['&][^\W_]+)*|[|,.;:!?()\[\]\"]")
_BREAKS = frozenset('|,.;:!?()[]"')
_FLAGS = re.IGNORECASE


def _phrases(text: str) -> list[str]:
    """Comma-separated phrases, stripped."""
    return [p.strip() for p in text.split(",") if p.strip()]


def _alternation(text: str) -> str:
    """A regex alternation of comma-separated phrases (a space matches spaces or hyphens)."""
    phrases = sorted(set(_phrases(text)), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in phrases) + ")"


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _segments(text: str) -> tuple[list[str], list[list[str]]]:
    """The words of ``text``, and the same words cut into runs at punctuation."""
    words: list[str] = []
    segments: list[list[str]] = [[]]
    for token in _TOKEN_OR_BREAK.findall(text):
        if token in _BREAKS:
            if segments[-1]:
                segments.append([])
        else:
            words.append(token)
            segments[-1].append(token)
    return words, segments


class _Lexicon:
    """Words and phrases looked up whole, on token n-grams that do not cross punctuation."""

    def __init__(self, *groups: str) -> None:
        entries = {" ".join(_tokens(p.lower())) for g in groups for p in _phrases(g)}
        entries.discard("")
        self._entries = frozenset(entries)
        self._longest = max(len(e.split()) for e in entries)
        # Only a phrase's first word can start a match longer than one word.
        self._starts = frozenset(e.split()[0] for e in entries if " " in e)

    def found_in(self, segments: list[list[str]]) -> bool:
        """True when any entry appears in any segment's tokens."""
        entries, starts = self._entries, self._starts
        for words in segments:
            if not entries.isdisjoint(words):
                return True
            for i, word in enumerate(words):
                if word in starts:
                    for n in range(2, min(self._longest, len(words) - i) + 1):
                        if " ".join(words[i : i + n]) in entries:
                            return True
        return False


class _Stems:
    """Tokens known by how they start or end (``pregnan…``, ``…pril``, ``…ectomy``)."""

    def __init__(self, prefixes: str = "", suffixes: str = "", min_stem: int = 3) -> None:
        self._prefixes = tuple(_phrases(prefixes))
        self._suffixes = tuple(_phrases(suffixes))
        ends = "|".join(self._suffixes) or "(?!)"
        self._suffix_word = re.compile(rf"[a-z]{{{min_stem},}}(?:{ends})")
        # C-level first passes over all words; the exact check runs only on a candidate.
        self._starts = methodcaller("startswith", self._prefixes)
        self._ends = methodcaller("endswith", self._suffixes)

    def found_in(self, words: list[str], exceptions: frozenset[str]) -> bool:
        """True when a token has one of the prefixes or (after enough letters) suffixes."""
        starts = bool(self._prefixes) and any(map(self._starts, words))
        ends = bool(self._suffixes) and any(map(self._ends, words))
        if not (starts or ends):
            return False
        for word in words:
            if word in exceptions:
                continue
            if starts and word.startswith(self._prefixes):
                return True
            if ends and word.endswith(self._suffixes) and self._suffix_word.fullmatch(word):
                return True
        return False


class _Rules:
    """Context patterns, each filed under its trigger words; only triggered patterns run (and
    each is compiled when first triggered: most never are in a process's life)."""

    def __init__(self, *rules: tuple[str, str]) -> None:
        self._patterns = [LazyPattern(regex, _FLAGS) for _, regex in rules]
        index: dict[str, list[int]] = {}
        for number, (triggers, _) in enumerate(rules):
            for word in triggers.split():
                index.setdefault(word, []).append(number)
        self._index = {word: tuple(numbers) for word, numbers in index.items()}

    def triggered(self, words: Iterable[str]) -> list[re.Pattern[str]]:
        """The patterns some word of the text triggers, in the order they were declared."""
        numbers: set[int] = set()
        index = self._index
        for word in words:
            hit = index.get(word)
            if hit:
                numbers.update(hit)
        return [self._patterns[n].compiled for n in sorted(numbers)]

    def search(self, text: str, words: Iterable[str]) -> bool:
        """True when a triggered pattern matches ``text``."""
        return any(p.search(text) for p in self.triggered(words))

    def blank(self, text: str, words: Iterable[str]) -> str:
        """``text`` with every match of a triggered pattern replaced by a break mark."""
        for pattern in self.triggered(words):
            text = pattern.sub(" | ", text)
        return text


# Where a clause ends, for phrases that run "to the end of the clause".
_CLAUSE_END = r"(?=$|[,.;:!?()]|\s(?:and|but|because|since|so|while|though|although|after|who)\b)"
_POSSESSIVE = r"(?:my|his|her|their|our|your|the\s+user's|[a-z]+'s)"
_BE = r"(?:i'm|im|i\s+am|am|is|was|are|were|'s|'re|be|been|being|become|became)"

# ---------------------------------------------------------------------------------------------
# Step 2: near misses, blanked before the topic vocabularies are looked up.

_ROLE_WORDS = ", ".join(phrases("care_and_money_roles"))
_ROLE = _alternation(_ROLE_WORDS)
_ROLE_TRIGGERS = " ".join(f"{w} {w}s" for w in {p.split()[-1] for p in _phrases(_ROLE_WORDS)})
_MEDIA = """book books film films movie movies documentary documentaries podcast podcasts
    article articles series novel novels lecture lectures talk talks course courses class
    classes paper papers thesis essay essays song songs album albums track tracks show shows
    video videos play plays chapter chapters textbook textbooks module modules"""
_TRADES = """build builds built building design designs designed designing sell sells sold
    selling repair repairs repaired repairing fix fixes fixed fixing develop develops developed
    developing manufacture manufactures manufacturing coach coaches coached coaching distribute
    distributes market markets marketing supply supplies install installs deliver delivers
    delivering translate translates translating test tests testing"""
_WORK = """work works worked working volunteer volunteers volunteered volunteering employed job
    jobs intern interns interning shift shifts"""
_STUDY = """study studies studying studied teach teaches teaching taught major majoring degree
    phd masters"""
_CAUSES = """charity charities research awareness foundation fundraiser fundraising campaign
    society association prevention education industry sector broker brokers advisor advisors
    adviser advisers lender lenders underwriter underwriters officer officers lifter lifters
    rates"""
_BUSINESSES = """clinic centre center pharmacy practice charity company business shop firm bank
    hospital agency programme program fund"""

#: Gratitude said as a debt: "I'm in debt to you for the help".
_IN_YOUR_DEBT = r"\bin\s+(?:your|his|her|their)\s+debt\b|\bin\s+debt\s+to\s+(?:you|him|her|them)\b"
#: A habit called liberal or conservative: "liberal with the salt", "a conservative eater".
_A_HABITS_LEANING = (
    r"\b(?:liberal|conservative)\s+(?:with|about)\s+(?:the\s+|my\s+)?[\w'-]+"
    # ... and of a habit or a guess: "a conservative eater", "a liberal estimate".
    r"|\b(?:liberal|conservative)\s+(?:eater|dresser|driver|spender|estimate|guess|"
    r"portion|amount|approach)s?\b"
)
#: No interest in politics: "I don't follow politics much", "Politik interessiert mich nicht",
#: "no me interesa la política", "la politique ne m'intéresse pas", "не интересуюсь политикой".
_NO_POLITICS = (
    r"\b(?:don't|dont|do\s+not|never|barely|hardly)\s+(?:really\s+)?(?:follow|care\s+about|"
    r"talk\s+about|get\s+into|read\s+about)\s+politics\b|\bnot\s+(?:really\s+)?(?:into|"
    r"interested\s+in)\s+politics\b|\bpolitik\s+interessiert\s+mich\s+(?:\w+\s+)?nicht\b"
    r"|\bno\s+me\s+interesa\s+(?:\w+\s+)?la\s+pol[ií]tica\b"
    r"|\bla\s+politique\s+ne\s+m['’]int[ée]resse\s+pas\b|\bне\s+интересуюсь\s+политик\w*"
)
#: "If it ain't broke, don't fix it": no one's money, health or life.
#: A good time that ends (a holiday, the summer, a weekend, a series), in the bot's languages.
_GOOD_TIMES = (
    r"(?:holidays?|vacation|summer|weekend|break|season|series|show|finale|trip|festival|"
    r"party|christmas|tour|term|ferien|urlaub|sommer|wochenende|saison|serie|staffel|"
    r"feiertage|weihnachten|verano|vacaciones|fin\s+de\s+semana|temporada|puente|navidad|"
    r"vacances|week-end|été|série|noël)"
)
#: Where a shop keeps a thing ("next to the toothpaste", "by the tills", "al lado del champú",
#: "à côté des brosses à dents", "neben den Zahnbürsten", "у кассы").
_IN_THE_SHOP = (
    r"(?:(?:(?:right|just|gleich|direkt|прямо)\s+)?(?:next\s+to|by|beside|near|behind|at)\s+the\s+"
    r"(?:checkout|tills?|counter|toothpaste|shampoo|condoms|vitamins|door|entrance)\b"
    r"|(?:al\s+lado\s+de|junto\s+a|cerca\s+de|en\s+el\s+pasillo|en\s+la\s+estanter[íi]a)"
    r"|(?:à\s+côté\s+d|près\s+d|au\s+rayon|en\s+rayon)"
    r"|(?:(?:gleich\s+|direkt\s+)?neben|an\s+der\s+kasse|im\s+regal)"
    r"|(?:(?:прямо\s+)?(?:у\s+кассы|рядом\s+с|на\s+полке|возле)))"
)
#: A habit one may give up with no illness said: vaping, smoking, coffee, sugar.
_A_HABIT = (
    r"(?:vaping|vapes?|smoking|cigarettes|coffee|caffeine|sugar|energy\s+drinks|fizzy\s+drinks)"
)
_NOT_BROKEN = r"\b(?:ain'?t|isn'?t|is\s+not)\s+broke\b"
_FIGURES_OF_SPEECH = {
    Topic.FINANCE: re.compile(f"{_IN_YOUR_DEBT}|{_NOT_BROKEN}", _FLAGS),
    Topic.SELF_HARM: re.compile(_NOT_BROKEN, _FLAGS),
    Topic.HEALTH: re.compile(_NOT_BROKEN, _FLAGS),
    Topic.POLITICS: re.compile(f"{_A_HABITS_LEANING}|{_NO_POLITICS}", _FLAGS),
}


def says_in_a_figure(topic: Topic, text: str) -> bool:
    """Whether ``text`` names ``topic``'s words in a figure of speech that tells nothing of the
    speaker's own ("I'm in debt to you for the help", "liberal with the salt", "I don't follow
    politics much")."""
    pattern = _FIGURES_OF_SPEECH.get(topic)
    return pattern is not None and pattern.search(_normalise(text)) is not None


#: A thing's number, in the bot's languages: a record, a locker, a seat, an order, a ticket, a
#: jersey ("Ana owns the record number 33", "Bestellnummer 4411", "número de pedido",
#: "numéro de siège", "номер заказа"): no secret and no document.
_A_THINGS_NUMBER = re.compile(
    r"\b(?:records?|lockers?|seats?|rooms?|orders?|receipts?|membership|member|employee|staff|"
    r"students?|tickets?|tracking|issues?|bugs?|tables?|flights?|gates?|platforms?|bus|buses|"
    r"trams?|trains?|routes?|jerseys?|shirts?|house|flat|apartment|pages?|chapters?|tracks?|"
    r"episodes?|invoices?|bookings?|reservations?|cases?|items?|products?|models?|customers?|"
    r"loyalty|parcels?|packages?|reference|ref|queue|lottery|raffle|bib|badge|desk|parking|"
    r"space|bay|lane|cabin|carriage|coach|box|batch|version|lot|hymn|player|shoe|dress|size)\s+"
    r"(?:number|numbers|no\.?|nr\.?|#|id)(?=\s|$|[:.,;!?)])"
    # an order said with its number alone ("pedido 44519", "order #5521", "commande 8812")
    r"|\b(?:orders?|pedido|commande|bestellung|заказ)\s*(?:#|n[º°o]\.?\s*|nr\.?\s*|№\s*)?\d{3,}\b"
    r"|\b(?:bestell|sitzplatz|sitz|zimmer|rücken|kunden|mitglieds|ticket|sendungs|auftrags|"
    r"rechnungs|haus|seiten|platz|flug|tisch|spind)nummer\b"
    r"|\bn[uú]mero\s+de\s+(?:pedido|asiento|habitaci[oó]n|socio|cliente|seguimiento|ticket|"
    r"vuelo|mesa|taquilla|dorsal|factura|reserva|p[aá]gina|camiseta)\b"
    r"|\bnum[eé]ro\s+de\s+(?:commande|si[eè]ge|place|chambre|suivi|client|adh[eé]rent|ticket|vol|"
    r"table|casier|dossard|facture|r[eé]servation|page|maillot)\b"
    r"|\bномер\s+(?:заказа|места|комнаты|шкафчика|билета|рейса|столика|трека|посылки|клиента|"
    r"страницы|квартиры|дома|автобуса|маршрута|футболки)\b",
    _FLAGS,
)
#: Words that make a number a secret or a document's after all.
_A_SECRETS_WORD = re.compile(
    r"\b(?:password|passwort|contraseña|mot\s+de\s+passe|пароль|pin|passcode|code|passport|"
    r"ssn|social\s+security|national\s+insurance|iban|account|konto|cuenta|compte|сч[её]т|"
    r"licen[cs]e|tax|steuer|card|karte|tarjeta|carte|карт\w*|паспорт\w*|login)\b",
    _FLAGS,
)


def numbers_a_thing(text: str) -> bool:
    """Whether ``text`` gives a thing's number ("Ana owns the record number 33", "seat number
    14C", "número de pedido 8812") with no word of a secret or a document beside it."""
    raw = _normalise(text)
    return _A_THINGS_NUMBER.search(raw) is not None and _A_SECRETS_WORD.search(raw) is None


#: What may follow an errand for someone else's medicine: the end of the text, or why, when and
#: on the way to where — never "and …", whatever the rest says of the tablets.
_ERRAND_END = (
    r"(?=\s*(?:$|[.!?…]+\s*$|(?:since|because|on\s+(?:the|my)\s+way|today|tomorrow|"
    r"y\s+(?:luego|después)|et\s+(?:ensuite|après)|und\s+dann|по\s+дороге)\b))"
)

#: Health words said in passing (a mood at a holiday's end, a shop's stock, a habit given up,
#: a nuisance, a game, a first-aid kit, nerves before a test): near misses of the rules, and what
#: the reader by meaning must not read as health either (:func:`says_health_in_passing`).
_HEALTH_IN_PASSING: tuple[tuple[str, str], ...] = (
    # Low about a good time ending ("depressed that the holidays are over", "so depressed the
    # season finale aired", "deprimiert, dass die Ferien vorbei sind", "me deprime que se acabe
    # el verano", "ça me déprime que le week-end soit fini"): no one's mood disorder.
    (
        "depressed depressing deprimiert deprime déprime",
        r"\bdepress(?:ed|ing)\s+(?:that\s+|about\s+|now\s+that\s+|how\s+)?(?:the|my|our|this)\s+"
        r"(?:[\w'-]+\s+){0,2}?" + _GOOD_TIMES + r"\b[^,.;:!?()]*"
        r"|\bdeprimiert\s*,?\s*(?:dass|weil)\s+(?:der|die|das|mein|meine|unser|unsere)\s+"
        r"(?:\w+\s+){0,2}?" + _GOOD_TIMES + r"[^,.;:!?()]*"
        r"|\b(?:me|nos)\s+d[ée]prime\s+(?:un\s+poco\s+|mucho\s+|bastante\s+)?que\s+(?:se\s+)?"
        r"(?:\w+\s+){0,2}?(?:el|la|las|los|mi|mis|le|la|les|mes|nos)\s+"
        + _GOOD_TIMES
        + r"[^,.;:!?()]*",
    ),
    # Pregnancy tests as a shop's stock (an aisle, a shelf, next to the toothpaste, by the
    # tills, moved or stocked), in the bot's languages: no one's pregnancy.
    (
        "pregnancy pruebas prueba test tests тест тесты schwangerschaftstests schwangerschaftstest",
        r"\bpregnancy\s+tests?\s+(?:aisle|shelf|shelves|section|display|stand|counter)\b"
        r"|\bpregnancy\s+tests?\s+(?:are|is|were|sit|sits|stand)?\s*(?:right\s+|just\s+)?"
        + _IN_THE_SHOP
        + r"|\b(?:moved|stock|stocks|stocked|sell|sells)\s+(?:the\s+)?pregnancy\s+tests?\b"
        r"|\bpruebas?\s+de\s+embarazo\s+(?:est[áa]n\s+)?"
        + _IN_THE_SHOP
        + r"|\btests?\s+de\s+grossesse\s+(?:sont\s+|est\s+)?"
        + _IN_THE_SHOP
        + r"|\bschwangerschaftstests?\s+(?:stehen\s+|liegen\s+|sind\s+)?"
        + _IN_THE_SHOP
        + r"|\bтест\w*\s+на\s+беременность\s+(?:стоят\s+|лежат\s+|продаются\s+)?"
        + _IN_THE_SHOP,
    ),
    # A habit given up (vaping, smoking, coffee, sugar): "quit vaping for good", "ich hab mit
    # dem Dampfen aufgehört", "dejé el vapeo", "j'ai arrêté de fumer", "бросил вейп" — a
    # relapse, a craving or a symptom said beside it is still read.
    (
        "quit quitting stopped gave giving aufgehört dejé deje arrêté arrete бросил бросила",
        r"\b(?:quit|quitting|stopped|gave\s+up|giving\s+up)\s+(?:the\s+)?" + _A_HABIT + r"\b"
        r"|\b(?:mit\s+dem\s+)?(?:rauchen|dampfen)\s+aufgehört\b|\baufgehört\s*,?\s+zu\s+"
        r"(?:rauchen|dampfen)\b"
        r"|\bdej[ée]\s+(?:de\s+fumar|de\s+vapear|el\s+vapeo|el\s+tabaco|el\s+café|el\s+azúcar)\b"
        r"|\barr[êe]t[ée]\s+(?:de\s+fumer|de\s+vapoter|la\s+clope|la\s+cigarette|la\s+vapoteuse|"
        r"le\s+café|le\s+sucre)\b"
        r"|\bбросил\w*\s+(?:курить|вейп\w*|кофе|сахар)\b",
    ),
    # A day's nuisance called a headache ("this spreadsheet is giving me a migraine"); a
    # game's character ill or pregnant ("my sim got pregnant again").
    (
        "migraine headache",
        r"\b(?:this|that|the|these|those)\s+(?:[\w'-]+\s+){0,2}?(?:is|are|was|were)\s+giving\s+"
        r"me\s+(?:a\s+|such\s+a\s+)?(?:migraine|headache)\b",
    ),
    (
        "sim sims character avatar",
        r"\b(?:sims?|character|avatar)\s+(?:got|gets|is|was|has|had|caught)\s+(?:\w+\s+)?"
        r"(?:pregnant|sick|ill|poisoned|infected|the\s+plague)\b",
    ),
    # A first-aid kit restocked ("the first aid kit needs new plasters", "Verbandskasten",
    # "botiquín", "trousse de secours", "аптечка"): no one's injury.
    (
        "first aid kit verbandskasten botiquín botiquin trousse аптечку аптечка аптечке",
        r"\bfirst[\s-]aid\s+(?:kit|box|bag)\b[^,.;:!?()]*|\bverbandskasten\b[^,.;:!?()]*"
        r"|\bbotiqu[íi]n\b[^,.;:!?()]*|[^,.;:!?()]*\btrousse\s+de\s+secours\b"
        r"|[^,.;:!?()]*\b(?:автомобильн\w+\s+)?аптечк\w*\b[^,.;:!?()]*",
    ),
    # A game's character in the bot's other languages ("в игре мой персонаж заболел").
    (
        "game spiel juego jeu игре",
        r"\b(?:in\s+the\s+game|im\s+spiel|en\s+el\s+juego|dans\s+le\s+jeu|в\s+игре)\b"
        r"[^.;!?()]*",
    ),
    # A condition's name said of a habit or a joke ("a bit OCD about my desk", "that project
    # gave me PTSD lol"): a degree word before it, or a joke after it.
    (
        "ocd ptsd",
        r"\b(?:a\s+(?:bit|little)|so|super|kinda|totally|slightly)\s+ocd\s+(?:about|with|when)\b"
        r"[^,.;:!?()]*"
        r"|\b(?:gave|gives|giving)\s+me\s+(?:ptsd|trauma)\b[^,.;:!?()]*?\b(?:lol|haha\w*|lmao)\b",
    ),
    # A surgery, a clinic or a pharmacy as a place with its hours ("our GP surgery is closed on
    # Wednesdays"), a therapy dog, and a friend who is a doctor ("my doctor friend").
    (
        "surgery clinic pharmacy hospital therapy doctor nurse dentist",
        r"\b(?:doctor'?s\s+surgery|gp\s+surgery|the\s+surgery|the\s+clinic|the\s+pharmacy|"
        r"the\s+hospital)\s+(?:\w+\s+){0,2}?(?:opening\s+hours|opens|closes|closed|moved|"
        r"car\s+park|parking|café|cafe|canteen)\b[^,.;:!?()]*"
        r"|\btherapy\s+(?:dogs?|animals?|ponies|pony|horses?)\b"
        r"|\bmy\s+(?:doctor|nurse|dentist|pharmacist|gp)\s+(?:friend|mate|neighbou?r|cousin|"
        r"uncle|aunt)\b",
    ),
    # A hospital's car park, café or shuttle said first ("parking at the hospital costs a
    # fortune"), and a prescription collected for someone else ("collected a prescription for
    # my neighbour"; not one's own, nor what it is for: "… for his heart pills" is still read).
    (
        "parking park café cafe canteen shuttle prescription prescriptions",
        r"\b(?:parking|car\s+park|café|cafe|canteen|shuttle(?:\s+bus)?)\s+(?:at|of|for)\s+the\s+"
        r"hospital\b"
        r"|\b(?:pick(?:ed|ing)?\s+up|collect(?:ed|ing|s)?|fetch(?:ed|ing)?|grab(?:bed|bing)?)\s+"
        r"(?:a|the|his|her|their|[a-z]+'s)\s+(?:repeat\s+)?prescriptions?(?:\s+for\s+(?:my|our|"
        r"the)\s+(?:neighbou?r|nan|gran|grandma|grandpa|mum|mom|dad|aunt|uncle|friend|flatmate|"
        r"colleague|boss|mother-in-law|father-in-law))?"
        r"(?=\s*(?:$|[,.;:!?]|(?:since|and|then|on|from|at|while|before|after|because|so|"
        r"today|tomorrow)\b))",
    ),
    # Someone else's tablets or medicine collected or brought on an errand (sixteenth round,
    # tune batch 39: "grabbed grandad's tablets from the chemist", "Omas Tabletten aus der
    # Apotheke mitgebracht", "le recogí las pastillas a mi abuela", "récupéré les médicaments de
    # ma voisine", "забрала маме лекарства из аптеки"); not one's own, nor what they are for
    # ("… tablets for his heart" is still read), and only as the whole errand (:data:`_ERRAND_END`:
    # "picked up grandma's tablets and I've been saving them" is read as before).
    (
        "tablets pills meds medicine medication medications tabletten medikamente pastillas "
        "medicinas medicamentos médicaments médocs cachets лекарства таблетки",
        r"\b(?:pick(?:ed|ing)?\s+up|collect(?:ed|ing|s)?|fetch(?:ed|ing)?|grab(?:bed|bing)?|"
        r"brought|got)\s+(?:(?:my|our)\s+)?(?:his|her|their|[a-z]+'s)\s+"
        r"(?:tablets|pills|meds|medicine|medication)"
        r"(?:\s+(?:from|at)\s+the\s+(?:chemist|pharmacy|chemist's))?"
        + _ERRAND_END
        + r"|\b(?:\w+s|seine|ihre|meiner\s+\w+|meinem\s+\w+)\s+(?:tabletten|medikamente)\s+"
        r"(?:aus|von)\s+der\s+apotheke\s+(?:mitgebracht|geholt|abgeholt|besorgt)"
        + _ERRAND_END
        + r"|\b(?:le|les)\s+(?:recog\w+|traj\w+|compr\w+|busqu\w+)\s+(?:las|los)\s+(?:pastillas|"
        r"medicinas|medicamentos)\s+a\s+(?:mi|su|mis|sus)\s+\w+(?:\s+en\s+la\s+farmacia)?"
        + _ERRAND_END
        + r"|\b(?:récupéré|pris|cherché|acheté)\s+(?:les|ses)\s+(?:médicaments|médocs|cachets)\s+"
        r"(?:de|pour)\s+(?:ma|mon|mes|sa|son)\s+\w+(?:\s+à\s+la\s+pharmacie)?"
        + _ERRAND_END
        + r"|\b(?:забрал\w*|купил\w*|взял\w*|привез\w*|привёз\w*)\s+(?:\w+(?:е|у))\s+"
        r"(?:лекарства|таблетки)(?:\s+из\s+аптеки)?" + _ERRAND_END,
    ),
    # An animal's routine care ("the puppy's second vaccination", "our kitten got her worming
    # tablet", "der Hund bekommt Tabletten gegen Zecken", "la vacuna de la rabia del perro",
    # "le rappel de vaccin du chat", "прививка коту"): no one's health (a pet's illness is read).
    (
        "vaccination vaccinations vaccine vaccines jab jabs booster shots worming wormer flea "
        "fleas tick ticks spay spayed neuter neutered zecken impfung wurmkur vacuna vacunas "
        "vaccin rappel прививку прививка прививки",
        r"\b(?:pupp(?:y|ies)|kittens?|dogs?|cats?|rabbits?|horses?|ponies|pony|mare|hamsters?|"
        r"parrots?|pets?)(?:'s)?\s+(?:\w+\s+){0,3}?(?:vaccinations?|vaccines?|jabs?|booster|"
        r"shots?|worming|wormer|flea|tick|spay(?:ed)?|neuter(?:ed)?)\b"
        r"|\b(?:vaccinations?|jabs?|booster|worming|flea|tick)\s+(?:\w+\s+){0,2}?for\s+"
        r"(?:the|our|my)\s+(?:pupp(?:y|ies)|kittens?|dogs?|cats?|rabbits?|horses?|pets?)\b"
        r"|\b(?:hund|katze|kater|welpe|pferd)\w*\s+(?:\w+\s+){0,3}?(?:impfung|wurmkur|"
        r"tabletten\s+gegen\s+(?:zecken|flöhe|würmer))\b"
        r"|\bvacunas?\s+(?:\w+\s+){0,2}?(?:del|al|para\s+el|para\s+la)\s+(?:perr[oa]|gat[oa]|"
        r"cachorr[oa])\b|\b(?:perr[oa]|gat[oa]|cachorr[oa])\s+(?:\w+\s+){0,4}?vacunas?\b"
        r"|\b(?:rappel\s+(?:du\s+|de\s+)?)?vaccins?\s+(?:\w+\s+){0,2}?(?:du|au|pour\s+le|pour\s+la)\s+"
        r"(?:chat|chien|chiot|chaton)\b"
        r"|\b(?:кот\w*|кошк\w*|собак\w*|щен\w*)\s+(?:\w+\s+){0,2}?прививк\w*"
        r"|\bприви(?:вк\w*|ть)\s+(?:\w+\s+){0,2}?(?:кот\w*|кошк\w*|собак\w*|щен\w*)",
    ),
    # An animal pregnant or expecting ("our hamster is pregnant", "die Katze ist trächtig",
    # "la perra está preñada", "la chatte est pleine"): a pet's pregnancy is no one's health,
    # as the labels have it (tune batch 39).
    (
        "pregnant expecting trächtig schwanger embarazada preñada enceinte pleine gestante",
        r"\b(?:pupp(?:y|ies)|dogs?|bitch|cats?|kittens?|hamsters?|guinea\s+pigs?|rabbits?|bunny|"
        r"horses?|mares?|pony|cows?|goats?|ewes?|sheep|pigs?|sows?|rats?|mice|mouse|budgie|"
        r"guppy|guppies|fish|hen|hündin|katze|stute|kaninchen|häsin|meerschweinchen|kuh|ziege|"
        r"perra|gata|yegua|coneja|cobaya|vaca|cabra|chienne|chatte|jument|lapine|vache|chèvre)"
        r"(?:'s)?\s+(?:is|was|got|gets|seems|might\s+be|must\s+be|ist|war|scheint|está|estaba|"
        r"parece|est|était|semble)\s+(?:\w+\s+){0,2}?(?:pregnant|expecting|trächtig|schwanger|"
        r"embarazada|preñada|enceinte|pleine|gestante)\b",
    ),
    # A thing said to cause cancer ("a cancer-causing paint", "krebserregend", "cancérigène"),
    # and a vaccine campaign in the news: no one's health.
    (
        "cancer causing carcinogenic krebserregend krebserregende krebserregender cancerígena "
        "cancerígeno cancérigène cancérogène канцероген канцерогенный canceríge",
        r"\b(?:cancer[\s-]causing|carcinogenic|krebserregend\w*|cancer[íi]gen\w*|"
        r"canc[ée]rig[èe]ne\w*|canc[ée]rog[èe]ne\w*|канцероген\w*)\b",
    ),
    (
        "vaccine vaccination vaccines vacunación vaccination impfkampagne",
        r"\bvaccin\w*\s+(?:rollout|roll-out|campaign|programme|program|drive)\b"
        r"|\bcampaña\s+de\s+vacunaci[óo]n\b|\bcampagne\s+de\s+vaccination\b|\bimpfkampagne\b",
    ),
    # Nerves before an exam, a test or a talk ("so nervous before my driving test").
    (
        "nervous nervös nerviosa nervioso stressé stressée волновался волновалась",
        r"\b(?:nervous|nervös|nerviosa|nervioso|stress[ée]e?|волновал\w*)\s+(?:before|about|for|"
        r"vor|antes\s+de|avant|перед)\s+(?:\w+\s+){0,2}?(?:test|exam|interview|speech|"
        r"presentation|flight|match|game|gig|race|wedding|date|prüfung|vortrag|examen|"
        r"entrevista|entretien|экзамен\w*|собеседовани\w*|выступлени\w*)\b[^,.;:!?()]*",
    ),
)


#: Jobs, workplaces and businesses: near misses of the rules, and what the reader by meaning
#: must not read as one's own health, money or faith (:func:`tells_of_work`).
_JOB_RULES: tuple[tuple[str, str], ...] = (
    # Jobs: "I'm a diabetes nurse", "Ana is a therapist", "works as a loan officer".
    (
        _ROLE_TRIGGERS,
        rf"\b{_BE}\s+(?:a|an)\s+(?:[\w'-]+\s+){{0,3}}?{_ROLE}s?\b"
        rf"|\bas\s+(?:a|an)\s+(?:[\w'-]+\s+){{0,3}}?{_ROLE}s?\b",
    ),
    # Workplaces: "I work in mental health services", "volunteers at a cancer charity".
    (
        _WORK,
        r"\b(?<!off\s)(?:work|works|worked|working|volunteer|volunteers|volunteered|volunteering"
        r"|employed|job|jobs|intern|interns|interning|shifts?)\s+(?:as|at|in|for|with|on)\b"
        rf"[^,.;:!?()]*?{_CLAUSE_END}",
    ),
    (
        _BUSINESSES,
        r"\b(?:run|runs|ran|own|owns|owned|manage|manages|managed|founded|opened)\s+"
        r"(?:a|an|the|my|his|her|our|their)\s+(?:[\w'-]+\s+){0,3}?(?:clinic|centre|center|"
        r"pharmacy|practice|charity|company|business|shop|firm|bank|hospital|agency|programme|"
        r"program|fund)\b",
    ),
)

#: Who is in the news or holds a public role ("the senator", "a footballer", "der Minister",
#: "el alcalde", "le maire", "депутат"): what is said of one (arrested, ill, devout) is no
#: special category of the user's — unless the user is in the sentence too (:data:`_FIRST_PERSON`).
_PUBLIC_ROLES = (
    r"(?:senators?|president|presidents|prime\s+minister|ministers?|mps?|mayors?|governors?|"
    r"congress(?:man|woman|men|women)|politicians?|footballers?|players?|singers?|actors?|"
    r"actress(?:es)?|rappers?|celebrit(?:y|ies)|ceos?|bishops?|pop\s+stars?|influencers?|"
    r"councillors?|chancellor|senador(?:a|es)?|presidente|ministr[oa]s?|alcaldes?|alcaldesa|"
    r"futbolistas?|cantantes?|actriz|pol[ií]tic[oa]s?|diputad[oa]s?|sénat(?:eur|rice)s?|maires?|"
    r"député(?:e|s)?|footballeurs?|chanteu(?:r|se)s?|acteurs?|actrices?|ministres?|"
    r"bürgermeister(?:in)?|politiker(?:in)?|fußballer(?:in)?|sänger(?:in)?|schauspieler(?:in)?|"
    r"minister(?:in)?|abgeordnete[rn]?|сенатор\w*|министр\w*|депутат\w*|мэр\w*|"
    r"футболист\w*|певиц\w*|певец|певца|актёр\w*|актер\w*|актрис\w*|политик\w*|губернатор\w*)"
)
_PUBLIC_TRIGGERS = (
    "senator senators president presidents prime minister ministers mp mps mayor mayors governor "
    "governors congressman congresswoman congressmen congresswomen politician politicians "
    "footballer footballers player players singer singers actor actors actress actresses rapper "
    "rappers celebrity celebrities ceo ceos bishop bishops pop influencer influencers councillor "
    "councillors chancellor senador senadora senadores presidente ministro ministra ministros "
    "alcalde alcaldes alcaldesa futbolista futbolistas cantante cantantes actriz político política "
    "politico politica políticos diputado diputada sénateur sénatrice sénateurs maire maires "
    "député députée députés footballeur footballeurs chanteur chanteuse acteur acteurs actrice "
    "actrices ministre ministres bürgermeister bürgermeisterin politiker politikerin fußballer "
    "sänger sängerin schauspieler schauspielerin ministerin abgeordnete abgeordneter "
    "l'acteur l'actrice l'ancien l'ancienne l'alcalde l'ex"
)
#: The user (or the user's own people) in a sentence, in the bot's languages.
_FIRST_PERSON = (
    r"\b(?:i|i'm|i've|i'd|me|my|mine|myself|we|we're|us|our|ich|mich|mir|mein\w*|wir|uns|"
    r"unser\w*|yo|mi|mis|m[ií]o|m[ií]a|nos|nosotr[oa]s|nuestr[oa]s?|je|j|moi|mon|ma|mes|nous|"
    r"notre|nos|я|меня|мне|мной|мой|моя|моё|мое|мои|мы|нас|нам|наш\w*)\b"
)
_PUBLIC_FIGURE = re.compile(
    r"(?:^|[\s,;:(\"'«])(?:the|a|an|that|this|some|another|der|die|ein|eine|el|la|un|una|le|les|"
    r"l'|ce|cette|этот|эта|один|одна)?\s*(?:(?:former|local|new|famous|ex|ehemalige[rn]?|"
    r"berühmte[rn]?|famos[oa]|célèbre|ancien|ancienne|бывш\w+|известн\w+)[\s-]+)?"
    + _PUBLIC_ROLES
    + r"(?:'s)?\b",
    _FLAGS,
)
_SOMEONE_ELSE = re.compile(_FIRST_PERSON, _FLAGS)


def speaks_of_a_public_figure(text: str) -> bool:
    """Whether ``text`` speaks of someone in a public role and not of the user ("the senator was
    arrested", "a rapper was charged", "der Minister ist krank"; not "the
    judge gave me two years" nor "I voted for the mayor")."""
    raw = _normalise(text)
    return _PUBLIC_FIGURE.search(raw) is not None and _SOMEONE_ELSE.search(raw) is None


#: "Tea is my religion", "Fußball ist meine Religion", "el fútbol es mi religión", "le foot
#: c'est ma religion", "футбол — моя религия", "my religion is football": a pastime praised.
_PASTIMES = (
    r"(?:football|soccer|rugby|cricket|basketball|baseball|hockey|golf|tennis|f1|formula\s+1|"
    r"coffee|tea|food|pizza|pasta|chocolate|music|metal|jazz|cycling|running|climbing|sleep|"
    r"netflix|gaming|the\s+gym|fitness|cooking|baking|gardening|shopping|fishing|surfing)"
)
_RELIGION_AS_A_FIGURE = re.compile(
    r"\b(?:is|are|'s|ist|es|est|c'est)\s+(?:basically|like|practically|pretty\s+much|kind\s+of|"
    r"sort\s+of|quasi|praktisch|prácticamente|casi|carrément|presque|genre)?\s*"
    r"(?:my|our|meine|unsere|mi|nuestra|ma|notre)\s+(?:religion|religión|church|kirche|iglesia|"
    r"église)\b"
    rf"|\bmy\s+(?:only\s+|true\s+|real\s+)?religion\s+is\s+(?:basically\s+)?{_PASTIMES}\b"
    r"|(?:—|–|-|это)\s*(?:моя|наша)\s+религия\b",
    _FLAGS,
)


def calls_something_a_religion(text: str) -> bool:
    """Whether ``text`` calls a pastime or a drink the speaker's religion ("tea is pretty much
    my religion", "my religion is football, ha")."""
    return _RELIGION_AS_A_FIGURE.search(_normalise(text)) is not None


#: Things that break, said "broke" ("my phone is broke", "the printer's broke"), and the idiom.
_A_THING_BROKE = (
    r"\b(?:phone|car|laptop|computer|pc|tv|telly|fridge|freezer|bike|printer|watch|camera|screen|"
    r"dishwasher|heater|boiler|oven|washer|dryer|machine|console|controller|charger|headphones|"
    r"radio|clock|lamp|door|window|lock|tap|toilet|shower|app|website|site|server|game|build|"
    r"engine|van|truck|kettle|microwave|router|wifi|elevator|lift|zip|chair|table)"
    r"(?:\s+(?:is|was|are|were|got|went)|'s|'re)\s+(?:\w+\s+)?broke\b|" + _NOT_BROKEN
)
#: A visa applied for or needed for a trip, a holiday or a conference.
_A_TRIP_VISA = (
    r"\b(?:need|needs|needed|apply|applies|applied|applying|application|get|getting|got)\s+"
    r"(?:\w+\s+){0,3}?visas?\b(?:\s+\w+){0,2}?\s+(?:for|to)\s+(?:\w+\s+){0,3}?"
    r"(?:trip|holiday|holidays|vacation|conference|visit|honeymoon|tour)\b"
    r"|\bvisas?\s+(?:application\s+)?for\s+(?:the|a|my|our|this)\s+(?:\w+\s+){0,2}?"
    r"(?:trip|holiday|holidays|vacation|conference|honeymoon|tour)\b"
)


_NEAR_MISSES = _Rules(
    *_JOB_RULES,
    *_HEALTH_IN_PASSING,
    # Someone in a public role, with the user nowhere in the sentence: "the senator was
    # arrested for bribery", "der Bürgermeister ist krank" — to the sentence's end.
    (
        _PUBLIC_TRIGGERS,
        r"(?:^|(?<=[\s,;:(\"'«]))(?:the|a|an|that|this|some|another|der|die|ein|eine|el|la|un|una|"
        r"le|les|l'|ce|cette)?\s*(?:(?:former|local|new|famous|ex)[\s-]+)?"
        + _PUBLIC_ROLES
        + r"(?:'s)?\b(?![^.;!?]*"
        + _FIRST_PERSON
        + r")[^.;!?]*",
    ),
    # A pastime called one's religion ("my religion is football, ha").
    ("religion religión church kirche iglesia église религия", _RELIGION_AS_A_FIGURE.pattern),
    # Money words that are no one's money: a film's bonus scene, a league's salary cap.
    (
        "bonus",
        r"\bbonus\s+(?:scenes?|levels?|rounds?|points?|tracks?|episodes?|features?|material|"
        r"content|questions?|stages?|li(?:fe|ves)|items?)\b",
    ),
    ("salary", r"\bsalary\s+caps?\b"),
    # A house of worship seen as a building: "to the mosque to see the architecture".
    (
        "mosque church cathedral temple synagogue",
        r"\b(?:mosque|church|cathedral|temple|synagogue)\s+(?:to\s+(?:see|look\s+at|admire|"
        r"photograph|sketch)|for\s+the\s+(?:architecture|view|views|concert|tour))\b[^,.;:!?()]*",
    ),
    # Trades and products: "I sell hearing aids", "designs insulin pens for a living".
    (
        _TRADES,
        rf"\b(?:{'|'.join(_TRADES.split())})\s+"
        r"(?!(?:my|his|her|their|our|all\s+my|me|him|them)\b)"
        rf"[^,.;:!?()]*?(?:{_CLAUSE_END})",
    ),
    ("living", r"[^,.;:!?()]*\bfor\s+a\s+living\b"),
    (
        "virus bug malware worm trojan",
        r"\b(?:computer|laptop|phone|pc|mac|server|files?|website|site|system|machine|device|"
        r"tablet|router)\s+(?:has|had|got|caught|is\s+infected\s+with)\s+(?:a\s+)?"
        r"(?:virus|bug|malware|worm|trojan)",
    ),
    # Studies and teaching: "Ana studies pharmacology", "I teach a personal finance course".
    (_STUDY, rf"\b(?:{'|'.join(_STUDY.split())})\s+(?:in\s+)?[^,.;:!?()]*?{_CLAUSE_END}"),
    # Media and talks about a topic: "a book about addiction", "a podcast about money", and
    # named after it: "the national debt podcast" — not one's own ("my cancer book"), nor an
    # article taken for the topic ("a video about my depression").
    (
        _MEDIA,
        r"(?:(?<!\bmy\s)(?<!\bour\s)\b(?!(?:a|an|the|my|our|his|her|their|your|this|that|"
        r"some|one|new|good|great|old|first|last)\b)[\w'-]+\s+(?=(?:books?|films?|movies?|"
        r"documentar(?:y|ies)|podcasts?|articles?|lectures?|novels?|essays?|videos?|chapters?|"
        r"textbooks?|modules?)\b))?"
        r"\b(?:books?|films?|movies?|documentar(?:y|ies)|podcasts?|articles?|series|novels?|"
        r"lectures?|talks?|courses?|class(?:es)?|papers?|thesis|essays?|songs?|albums?|tracks?|"
        r"shows?|videos?|plays?|chapters?|textbooks?|modules?)\s+(?:about|on|called|named|"
        r"titled)?\s*[^,.;:!?()]*?"
        rf"{_CLAUSE_END}",
    ),
    ("read reading", r"\b(?:read|reading)\s+(?:up\s+)?about\b[^,.;:!?()]*"),
    # A game, an escape room or a story set somewhere ("an escape room set in a prison", "a
    # board game set in a hospital"; tune batch 39): no one's record or health.
    (
        "set",
        r"\b(?:escape\s+rooms?|(?:board\s+|video\s+|card\s+)?games?|levels?|stor(?:y|ies)|"
        r"films?|movies?|novels?|books?|shows?|series|plays?|musicals?|episodes?|quests?)\s+"
        r"(?:\w+\s+){0,2}?set\s+(?:in|inside|on)\b[^,.;:!?()]*",
    ),
    # Causes and industries: "cancer research", "diabetes awareness", "mortgage broker".
    (_CAUSES, rf"\b[\w'-]+\s+(?:{'|'.join(_CAUSES.split())})\b"),
    # Homonyms and idioms.
    (
        "cancer",
        r"\b(?:i'm|im|i\s+am|is|she's|he's)\s+a\s+cancer\b(?!\s+(?:patient|survivor))"
        r"|\b(?:star|zodiac|sun|moon|rising|astrological)\s+sign\s+(?:is\s+)?(?:a\s+)?cancer\b"
        r"|\bcancer\s+(?:season|sign|zodiac|horoscope)\b",
    ),
    ("depression", r"\b(?:great|tropical|economic)\s+depression\b"),
    (
        "pregnant",
        r"\bpregnant\s+with\s+(?:ideas?|meaning|possibilit\w+|anticipation|expectation|"
        r"promise|hope)\b",
    ),
    (
        "attack",
        r"\b(?:gave|give|gives|giving|nearly\s+had|almost\s+had|nearly\s+gave|almost\s+gave)"
        r"\s+(?:me|him|her|us|them)?\s*(?:a\s+)?(?:mini\s+)?heart\s+attack\b"
        # a fright said in passing: "lost my keys, heart attack moment"
        r"|\bheart\s+attack\s+moment\b",
    ),
    ("retail", r"\bretail\s+therapy\b"),
    ("syndrome", r"\b(?:imposter|impostor|stockholm|shiny\s+object|middle\s+child)\s+syndrome\b"),
    ("disorder", r"\b(?:public|civil|eating\s+out)\s+disorder\b"),
    (
        "detox",
        r"\b(?:digital|juice|social\s+media|sugar|phone|screen|dopamine|news|tech)\s+detox\b",
    ),
    (
        "allergic",
        r"\ballergic\s+to\s+(?:mondays?|work|people|mornings?|exercise|effort|homework|"
        r"stupidity|nonsense|drama|running|meetings?|emails?|admin|paperwork|small\s+talk|"
        r"cardio|deadlines?|chores|housework|commitment|responsibility|alarm\s+clocks?)\b",
    ),
    ("recovery", r"\b(?:disaster|data|account|password|file|photo|key)\s+recovery\b"),
    # "I'm in debt to you for the help", "I drink too much coffee", "liberal with the salt".
    ("debt", _IN_YOUR_DEBT),
    (
        "drink drinks drinking",
        r"\bdrinks?\s+(?:way\s+)?too\s+much\s+(?:coffee|tea|water|coke|soda|cola|juice|"
        r"milk|caffeine|energy\s+drinks?)\b",
    ),
    ("liberal conservative", _A_HABITS_LEANING),
    (
        "bank banks",
        r"\b(?:blood|sperm|river|west|left|right|piggy|memory|power|data|question)\s+banks?\b",
    ),
    # A thing that is broke is broken, not poor ("my phone is broke"); nor is the idiom ("if
    # it ain't broke …") anyone's money.
    ("broke", _A_THING_BROKE),
    # A visa applied for a trip is a travel formality, not one's status ("need a visa for the
    # trip to India", "applied for a tourist visa for the conference").
    ("visa visas", _A_TRIP_VISA),
    # Someone expected for dinner or a parcel expected is no pregnancy ("expecting my sister
    # tonight", "expecting a delivery").
    (
        "expecting",
        r"\bexpecting\s+(?:my|our|his|her|their|a|an|the|some|few|guests|visitors|company)\s+"
        r"(?:[\w'-]+\s+)?(?:sister|brother|mum|mom|mother|dad|father|parents|in-laws|friends?|"
        r"guests?|visitors?|company|parcel|package|delivery|call|reply|answer|email|letter|"
        r"plumber|electrician|builder|courier|snow|rain|storm)s?\b",
    ),
    # A grandparent's or an ancestor's flight long ago is family history ("my grandma was a
    # refugee during the war").
    (
        "refugee refugees",
        r"\b(?:grand(?:ma|pa|mother|father|parents|mum|mom|dad|ad)|nan|nana|granny|gran|"
        r"great[\s-]grand\w*|ancestors|forebears)\s+(?:was|were)\s+(?:a\s+|both\s+)?"
        r"refugees?\b",
    ),
)

#: A job's role ("an addiction counsellor") or business ("runs a pharmacy").
_ROLES = _Rules(_JOB_RULES[0], _JOB_RULES[2])
#: A workplace, in the bot's languages: "works at a rehab centre", "I work in debt recovery",
#: "ich arbeite als …", "trabajo en …", "je travaille comme …", "работаю в …" / "работаю
#: врачом" (not "worked on", "works with": "ivf worked on the third round").
_WORKPLACE = re.compile(
    r"\b(?:work|works|worked|working|volunteer|volunteers|volunteering|employed|intern|interning)"
    r"\s+(?:as|at|in|for)\b"
    r"|\b(?:arbeite\w*|tätig)\s+(?:als|bei|im|in|an|für)\b|\bvon\s+beruf\b"
    r"|\btrabaj\w*\s+(?:como|en|de|para)\b|\btravaill\w*\s+(?:comme|dans|à|au|chez|en|pour)\b"
    r"|\bработа\w*\s+(?:в|во|на|кем)\b|\bработа\w*\s+\w+(?:ом|ем|ой|ицей)\b",
    _FLAGS,
)


#: Work changed by something of one's own: "I work at home since my stroke", "arbeite wegen
#: meiner …" — not a job's words alone.
_BECAUSE_OF_MINE = re.compile(
    r"\b(?:since|because\s+of|after|due\s+to|seit|wegen|nach|desde|por|tras|depuis|"
    r"à\s+cause\s+de|après|из-за|после)\s+(?:my|meine[mrns]?|mi|mis|ma|mon|mes|мо\w+)\b",
    _FLAGS,
)


def tells_of_work(text: str) -> bool:
    """Whether ``text`` tells of a job, a workplace or a business ("Ana is an addiction
    counsellor", "I work in debt recovery", "ich arbeite als Erzieherin"), and not of work
    changed by something of one's own ("I work at home since my stroke")."""
    raw = _normalise(text)
    if _BECAUSE_OF_MINE.search(raw):
        return False
    return _ROLES.search(raw, _tokens(raw)) or _WORKPLACE.search(raw) is not None


_IN_PASSING = _Rules(*_HEALTH_IN_PASSING)


def says_health_in_passing(text: str) -> bool:
    """Whether ``text`` says a health word in passing, as the rules' near misses know it ("the
    pregnancy tests are by the tills", "quit vaping for good", "depressed the holidays are
    over")."""
    raw = _normalise(text)
    return _IN_PASSING.search(raw, _tokens(raw))


# ---------------------------------------------------------------------------------------------
# Step 3a: identity documents named without a number.

_IDENTITY = _Rules(
    (
        "passport passports",
        r"\bpassports?\b(?!\s+(?:photographers?|office|offices|officers?|control|agency|"
        r"photo\s+booths?))",
    ),
    (
        "national photo identity identification citizen citizenship voter",
        r"\b(?:national|photo|identity|identification|citizen(?:ship)?|voter)\s+(?:id|ids|card|"
        r"cards|document|documents|number)\b|\bphoto\s+id\b",
    ),
    (
        "id ids",
        # An order's, a ticket's or a customer's id is no identity document.
        r"(?<!order\s)(?<!ticket\s)(?<!booking\s)(?<!customer\s)(?<!employee\s)(?<!member\s)"
        r"(?<!tracking\s)(?<!user\s)(?<!product\s)(?<!case\s)(?<!device\s)(?<!session\s)"
        r"\bid\s+(?:cards?|documents?|numbers?)\b(?!\s+(?:of|for|on)\s+(?:the\s+|my\s+|your\s+|this\s+|"
        r"our\s+|an?\s+)?(?:orders?|tickets?|bookings?|packages?|parcels?|accounts?|invoices?|"
        r"transactions?|cases?|claims?|requests?|deliver(?:y|ies)|shipments?|reservations?|items?|"
        r"products?|devices?))"
        r"|\b(?:valid|government|state|government-issued|official|national|no)\s+(?:photo\s+)?"
        r"ids?\b(?!\s+(?:badge|lanyard))"
        r"|\b(?:my|his|her|their)\s+ids?\b(?!\s+(?:is|was|:)\s*@)"
        r"|\btax\s+(?:id|identification)\b",
    ),
    ("identification", r"\btax\s+identification\b"),
    ("sin", r"\bsin\s+(?:number|no\.?|#)|\b(?:my|his|her|their)\s+sin\s+is\s+\d"),
    (
        "licence license licences licenses",
        r"\bdriv(?:er'?s?|ing)\s+licen[cs]es?\b|\blicen[cs]e\s+(?:number|no\.?)\b",
    ),
    ("ssn security", r"\b(?:ssn|social\s+security\s+(?:number|card|no\.?))\b"),
    ("insurance", r"\bnational\s+insurance\b"),
    ("card cards", r"\b(?:pan|medicare)\s+card\b"),
    (
        "certificate certificates",
        r"\b(?:birth|marriage|naturali[sz]ation|citizenship)\s+certificates?\b",
    ),
    (
        "document documents brp number",
        r"\btravel\s+documents?\b|\bbrp\b|\bni\s+number\b|\bpersonal\s+(?:id\s+)?number\b"
        r"|\b(?:sin|nhs)\s+number\b",
    ),
    (
        "nif nie dni cpf rg aadhaar aadhar nino bsn pesel tfn",
        r"(?<!oficina\sdel\s)(?<!oficina\sde\s)\b(?:nif|dni|cpf|rg|aadhaar|aadhar|nino|bsn|"
        r"pesel|tfn)\b"
        # Spain's NIE only in capitals or after "mi/el/número de": German "nie" is "never" ("hat
        # mich nie im Stich gelassen" was read as an identity document).
        r"|(?<!oficina\sdel\s)(?<!oficina\sde\s)(?-i:\bNIE\b)"
        r"|\b(?:mi|el|tu|su|número\s+de|numero\s+de)\s+nie\b",
    ),
    *intl.IDENTITY_DOCUMENT,
)

#: One's immigration status said through its papers: a visa, a residence or work permit, a
#: green card, in the bot's languages ("my work visa runs out in June", "mein Aufenthaltstitel
#: läuft ab", "mi tarjeta de residencia", "ma carte de séjour", "мой вид на жительство"). The
#: labels call these immigration; a document's number is still a document (a secret value
#: decides first), and a visa applied for a trip is a near miss (:data:`_A_TRIP_VISA`).
_STATUS_PAPERS = _Rules(
    (
        "permit permits card cards",
        r"\b(?:residence|residency|work|resident)\s+(?:permit|card)s?\b|\bgreen\s+card\b",
    ),
    (
        "visa visas",
        r"\b(?:work|student|tourist|travel|residence|spouse|partner|family|golden|nomad|"
        r"h-?1b|schengen|working\s+holiday)\s+visas?\b"
        rf"|\b{_POSSESSIVE}\s+visa\b(?!\s+(?:card|debit|credit|gold|platinum))",
    ),
    (
        "aufenthaltstitel aufenthaltstitels aufenthaltserlaubnis niederlassungserlaubnis "
        "arbeitserlaubnis",
        r"\b(?:aufenthaltstitel|aufenthaltserlaubnis|niederlassungserlaubnis|arbeitserlaubnis)\w*",
    ),
    (
        "tarjeta permiso residencia",
        r"\b(?:tarjeta|permiso)\s+de\s+(?:residencia|trabajo)\b",
    ),
    ("titre carte séjour", r"\b(?:titre|carte)\s+de\s+séjour\b"),
    (
        "вид виза визу визы внж",
        r"\bвид\w*\s+на\s+жительство\b|\bвнж\b|\b(?:мо[яюей]|рабоч\w+|студенческ\w+)\s+виз\w*",
    ),
)


#: A document's number named ("number", "Nummer", "número", "numéro", "номер", "no.", "#").
_PAPERS_NUMBER = re.compile(
    r"\b(?:number|numbers|nummer|número|numero|numéro|номер)\b|\bno\.\s*\w|#\s*\w", _FLAGS
)


def names_status_papers(text: str) -> bool:
    """Whether ``text`` names one's immigration papers (a visa, a residence or work permit, a
    green card) — not a visa applied for a trip, nor a payment card."""
    raw = _normalise(text)
    raw_words = _tokens(raw)
    blanked = _NEAR_MISSES.blank(raw, raw_words)
    return _STATUS_PAPERS.search(blanked, _tokens(blanked)) and not _PAPERS_NUMBER.search(raw)


# ---------------------------------------------------------------------------------------------
# Step 3b: finance.

_CURRENCY_WORD = (
    r"(?:euros?|eur|dollars?|usd|bucks|pounds?|gbp|quid|grand|reais|real|francs?|chf|yen|"
    r"yuan|rupees?|pesos?|zloty|kronor|krona|kroner|rand|lira|dirhams?)"
)
_NUMBER = r"\d[\d,.' ]*\d|\d"
_SCALE = r"(?:k|m|bn|mil|million|millions|thousand|hundred|billion)"
_NOT_MONEY = (
    r"(?!\s*(?:points?|xp|coins?|miles?|km|kms|kg|kgs|followers?|subscribers?|views?|likes?|"
    r"steps?|stars?|people|users?|words?|pages?|calories|kcal|cookies?|cakes?)\b)"
)
#: An amount that is certainly money: a currency sign or word, "60k", "six figures".
_MONEY = (
    rf"(?:[$€£¥₹]\s?(?:{_NUMBER})\s?{_SCALE}?\b"
    rf"|(?:{_NUMBER})\s?{_SCALE}?\s?(?:[$€£¥₹]|{_CURRENCY_WORD}\b)"
    rf"|\b(?:{_NUMBER})\s?(?:k|grand|million|mil|bn)\b{_NOT_MONEY}"
    r"|\b(?:six|seven|eight|five)[\s-]figures?\b"
    r"|\b(?:a|one|two|three|four|five|ten|twenty|fifty|a\s+few|a\s+hundred)\s+"
    rf"(?:thousand|million|grand|hundred)\s+{_CURRENCY_WORD}?)"
)
#: A bare number large enough to be a sum of money ("borrowed 5000").
_BIG_NUMBER = r"\b(?:\d{3,}|\d{1,3}(?:[,.]\d{3})+)\b"
#: Any number, when the words around it already speak of money ("I earn 15 an hour").
_AMOUNT = rf"(?:{_MONEY}|\b\d[\d,.]*\b{_NOT_MONEY})"
_PERIOD = r"(?:a|an|per|every|each)\s+(?:year|yr|annum|month|week|hour|hr|day|fortnight)"
_BANKS = _alternation(", ".join(phrases("banks")))


def _combine(firsts: str, seconds: str) -> str:
    """Every "first second" phrase, as a comma-separated list."""
    return ", ".join(f"{a} {b}" for a in firsts.split() for b in seconds.split())


#: Words and phrases that speak of money matters wherever they appear.
_FINANCE_WORDS = _Lexicon(
    ", ".join(phrases("money_phrases")),
    _combine(
        "student car home personal payday bank business mortgage housing auto consolidation sba "
        "title",
        "loan loans",
    ),
    _combine("money financial cash", "problem problems trouble troubles worries issue issues")
    + ", "
    + _combine("money financial cash", "difficulty difficulties hardship situation stress")
    + ", "
    + _combine("money financial cash", "strain struggles pressure crisis")
    + ", make ends meet, making ends meet, financially strained, financially struggling,"
    " living off savings, living off my savings, living on my savings, living off our savings",
    """credit card debt, credit card bill, credit card bills, credit card balance,
    credit cards debt, credit cards bill, credit cards bills, credit cards balance""",
    _combine("bank savings checking current chequing brokerage isa joint", "account accounts"),
    _combine(
        "unemployment disability housing child social state welfare sickness", "benefit benefits"
    ),
    _combine(
        "disability carer's carers attendance housing child jobseeker's jobseekers",
        "allowance payment payments",
    )
    + ", personal independence payment, personal independence payments, pip payment, "
    "pip payments",
    _combine("social", "security") + " benefits, social security checks, social security "
    "cheques, social security payments, stocks and shares isa, cash isa, lifetime isa",
)
_FINANCE_STEMS = _Stems(prefixes="foreclos, repossess, cosign, inherit")
_FINANCE_RULES = _Rules(
    # Payments behind, a home at risk: "rent's three months behind", "we'll lose the house".
    (
        "behind lose losing",
        r"\b(?:rent|mortgage|payments?|bills?)(?:'s|\s+is|\s+are|'re)\s+(?:\w+\s+){0,3}?behind\b"
        r"|\b(?:lose|losing)\s+(?:the|our|my)\s+(?:house|home|flat)\b(?!\s+keys)",
    ),
    # Income: "I earn 85000 a year", "Ana makes $120,000 a year", "my salary is 3200".
    (
        "earn earns earned earning",
        r"\bearn(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,4}?"
        rf"(?:{_AMOUNT}|good\s+money|decent\s+money|a\s+lot|(?:a\s+)?little|more|less|twice|"
        r"double|half|triple|(?:two|three|four|\d+)\s+times|way\s+more|much\s+more|much\s+less|"
        r"minimum\s+wage|peanuts|well|enough|nothing|next\s+to\s+nothing)",
    ),
    (
        "year yr annum month week hour hr day fortnight gross net tax",
        rf"\b(?:make|makes|made|making|get|gets|got|take\s+home|takes\s+home|bring\s+in|"
        rf"brings\s+in|paid|pays\s+me|pay\s+me|on)\s+(?:[\w'-]+\s+){{0,3}}?{_MONEY}\s*"
        rf"(?:{_PERIOD}|gross|net|before\s+tax|after\s+tax|a\s+year|a\s+month)",
    ),
    ("paid", r"\bget(?:s|ting)?\s+paid\s+(?:[\w'-]+\s+){0,3}?" + _AMOUNT),
    (
        "charge charges charged bill bills billed",
        rf"\b(?:charge|charges|charged|bill|bills|billed)\s+(?:[\w'-]+\s+){{0,2}}?{_MONEY}\s*"
        rf"{_PERIOD}",
    ),
    ("pay", rf"\b{_POSSESSIVE}\s+pay\b(?!-|\s+(?:for|the|it|them|you|back|attention))"),
    (
        "afford",
        r"\b(?:can't|cannot|can\s+not|couldn't)\s+afford\b"
        r"(?!\s+to\s+(?:lose|miss|waste|be|wait|let|take|go|fail|ignore|get))",
    ),
    (
        "bank banks banked banking",
        r"\b(?:use|uses|used|using|rely\s+on|relies\s+on|relying\s+on|depend\s+on|depends\s+on|"
        r"go\s+to|goes\s+to|going\s+to|went\s+to)\s+(?:the|a)\s+food\s+banks?\b"
        rf"|\b(?:bank|banks|banked|banking)\s+with\s+(?:{_BANKS}|\w+\s+bank)\b"
        r"|\bmakes?\s+bank\b",
    ),
    (
        "money cash savings",
        r"\b(?:no|out\s+of|ran\s+out\s+of|running\s+out\s+of|low\s+on)\s+(?:money|cash|savings)\b",
    ),
    (
        "borrow borrows borrowed borrowing lent lend lends loaned",
        r"\b(?:borrow|borrows|borrowed|borrowing|lent|lend|lends|loaned)\s+(?:[\w'-]+\s+){0,3}?"
        rf"(?:money|cash|{_MONEY}|{_BIG_NUMBER})",
    ),
    (
        "saved saving save saves",
        rf"\b(?:saved|saving|save|saves)\s+(?:up\s+)?(?:about\s+|around\s+|over\s+)?"
        rf"(?:{_MONEY}|{_BIG_NUMBER}\s*{_PERIOD})",
    ),
    (
        "rich wealthy off loaded poor skint up",
        r"\b(?:am|i'm|im|is|are|we're|was|were)\s+(?:very\s+|quite\s+|pretty\s+|super\s+|"
        r"really\s+|so\s+|dirt\s+)?(?:rich|wealthy|well[\s-]off|loaded|poor|skint|hard\s+up)\b"
        r"(?!\s+(?:at|in|with|of)\b)",
    ),
    (
        "maxed payday",
        r"\bcredit\s+cards?\b[^.;!?]{0,20}\bmaxed\b|\b(?:until|till|til|before)\s+payday\b",
    ),
    (
        "make makes made making earn earns earned earning",
        r"\b(?:make|makes|made|making|earn|earns|earned|earning)\s+(?:about|around|roughly|like|"
        rf"only|just|over|under|almost|nearly|close\s+to)?\s*{_MONEY}",
    ),
    ("rolling", r"\brolling\s+in\s+(?:it|money|cash)\b"),
    (
        "shares stock stocks bitcoin btc crypto portfolio bonds",
        r"\b(?:shares|stocks?|bitcoin|btc|crypto|portfolio|bonds)\b[^.;!?]{0,20}?" + _MONEY,
    ),
    ("on", rf"\b{_BE}\s+on\s+(?:about\s+|around\s+|roughly\s+)?{_MONEY}"),
    ("raise rise", rf"\b(?:raise|rise)\s+(?:to|of)\s+{_AMOUNT}"),
    # Debt: "I owe the bank 20000 euros", "I'm in debt", "paying off a car loan".
    (
        "owe owes owed owing",
        r"\b(?:owe|owes|owed|owing)\s+(?:[\w'-]+\s+){0,5}?"
        rf"(?:{_AMOUNT}|money|cash|rent|(?:back\s+)?tax(?:es)?|the\s+(?:bank|irs|hmrc|tax\s*man|"
        r"taxman|landlord|government|state|council))",
    ),
    (
        "loan loans",
        r"\b(?:took|take|taking|takes|got|get|gets|have|has|had|need|needs|needed|applied\s+for|"
        r"apply\s+for|paying\s+off|pay\s+off|pays\s+off|paid\s+off|repay|repaying)\s+(?:out\s+)?"
        r"(?:a|an|my|his|her|their|our|the)\s+(?:[\w'-]+\s+){0,2}?loans?\b"
        r"|\bloans?\s+(?:repayments?|payments?|from\s+the\s+bank|of\s+\S+|for\s+(?:the|my|a|an))",
    ),
    (
        "behind late",
        rf"\b(?:behind|late)\s+on\s+(?:{_POSSESSIVE}\s+)?(?:rent|payments?|bills?|mortgage|"
        r"loan|car\s+payments?|credit\s+card)",
    ),
    (
        "afford pay",
        r"\b(?:can't|cannot|can\s+not|couldn't|unable\s+to|struggl\w+\s+to)\s+(?:afford|pay)\s+"
        rf"(?:{_POSSESSIVE}\s+|the\s+)?(?:rent|bills?|mortgage|debts?|loans?|credit\s+card)",
    ),
    (
        "broke",
        rf"\b{_BE}\s+(?:so\s+|totally\s+|completely\s+|flat\s+|dead\s+|always\s+|still\s+)?broke\b",
    ),
    # Without the verb, as chat says it: "completely skint this week", "totally broke till friday".
    (
        "skint broke",
        r"(?:^|[,.;:!?]\s*)(?:so\s+|totally\s+|completely\s+|proper\s+|flat\s+|dead\s+|well\s+)"
        r"(?:skint|broke)\b",
    ),
    # Bare, with the day it ends: "skint till the weekend", "broke until payday".
    (
        "skint broke",
        r"(?:^|[,.;:!?]\s*)(?:skint|broke)\s+(?:till|until|til|'til|before)\b",
    ),
    ("financially money", r"\bstruggl\w+\s+(?:financially|with\s+money)\b"),
    # Money held: savings, balances, accounts, investments, pensions, benefits.
    (
        "savings saved invested bank account bitcoin crypto stocks shares bonds funds etf etfs "
        "market",
        rf"{_MONEY}\s+(?:in\s+)?(?:[\w'-]+\s+){{0,2}}?(?:savings|saved|invested|in\s+the\s+bank|"
        r"in\s+(?:my|his|her|their|our)\s+(?:bank\s+|savings\s+|current\s+|checking\s+)?account|"
        r"in\s+(?:bitcoin|crypto|stocks|shares|bonds|index\s+funds|etfs?|the\s+stock\s+market))",
    ),
    (
        "savings",
        r"\b(?:my|his|her|their|our|no|any|all\s+(?:my|his|her|their|our)|[a-z]+'s)\s+savings\b"
        r"|\bsavings\s+(?:are|is|of|account|accounts|total)\b",
    ),
    ("balance", r"\bbalance\s+is\b"),
    ("account accounts", rf"\baccounts?\s+(?:at|with)\s+(?:{_BANKS}|\w+\s+bank)\b"),
    (
        "invest invests invested investing",
        r"\b(?:invest|invests|invested|investing)\s+(?:[\w'-]+\s+){0,3}?"
        rf"(?:{_MONEY}|in\s+(?:stocks|shares|crypto|bitcoin|index\s+funds|etfs?|property))",
    ),
    ("worth", r"\bportfolio\s+is\s+worth\b"),
    (
        "won win wins",
        rf"\b(?:won|win|wins)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_MONEY}|the\s+lottery|the\s+jackpot)",
    ),
    ("lost lose loses losing", rf"\b(?:lost|lose|loses|losing)\s+(?:[\w'-]+\s+){{0,2}}?{_MONEY}"),
    (
        "benefits welfare dole stamps credit security",
        r"\bon\s+(?:benefits|welfare|the\s+dole|food\s+stamps|universal\s+credit|"
        r"social\s+security)\b",
    ),
    (
        "pension pensions",
        rf"\b(?:{_POSSESSIVE}|state)\s+pensions?\b|\bpension\s+(?:is|of|pot)\b",
    ),
    ("rent", rf"\brent\b[^.;!?]{{0,30}}?{_AMOUNT}|{_AMOUNT}[^.;!?]{{0,15}}?\bin\s+rent\b"),
    ("iva", r"\b(?:in|on|entered|into)\s+an?\s+iva\b"),
    (
        "ira 401 403 401k 403b isa",
        r"\b(?:an|my|his|her|their)\s+ira\b|\b40[13]\s?\(?k\)?|\b403b\b",
    ),
    (
        "bitcoin bitcoins btc ethereum eth crypto shares stock stocks",
        r"\b(?:own|owns|have|has|bought|buy|buys|hold|holds|sold|sell|sells)\s+"
        r"(?:some\s+|\d[\d.,]*\s+)?(?:bitcoins?|btc|ethereum|eth|crypto|shares|stocks?)\b",
    ),
    *intl.FINANCE,
)

# ---------------------------------------------------------------------------------------------
# Step 3c: health.

#: Conditions, diagnoses, care and treatments that speak for themselves wherever they appear.
_CONDITIONS = ", ".join(sorted(health.SENSITIVE))  # health_conditions.txt
#: Medicines and drug classes by name.
_MEDICINES = ", ".join(phrases("medicines"))
_HEALTH_WORDS = _Lexicon(_CONDITIONS, _MEDICINES)
#: Stems (health_stems.txt): "antidepress…", "pregnan…"; procedures and inflammations ("vasectomy",
#: "colonoscopy", "fasciitis", "leukaemia"); international non-proprietary drug-name stems
#: ("-pril" ramipril, "-olol" bisoprolol, "-statin", "-mab" adalimumab, "-azepam" …).
_STEM_KINDS = mapping("health_stems")
if set(_STEM_KINDS.values()) - {"prefix", "suffix", "not"}:
    raise ValueError("health_stems.txt: a stem's kind is prefix, suffix or not")


def _stems(kind: str) -> str:
    """The stems of one kind, as a comma-separated list."""
    return ", ".join(stem for stem, of in _STEM_KINDS.items() if of == kind)


_HEALTH_STEMS = _Stems(prefixes=_stems("prefix"), suffixes=_stems("suffix"))
_NOT_HEALTH_STEMS = frozenset(_stems("not").split(", "))
_SUBSTANCES = _alternation(", ".join(phrases("addictions")))
_MED_NOUNS = """meds medication medications medicine pills pill tablets steroids lithium
    testosterone t hormones hormone oxygen injections shots"""
_CARERS = """therapist psychotherapist psychiatrist psychologist counsellor counselor shrink
    doctor doctors gp specialist oncologist cardiologist neurologist endocrinologist
    dermatologist gynaecologist gynecologist urologist rheumatologist physio physiotherapist
    midwife consultant surgeon"""
_BODY_VERBS = """broke broken fractured fracture sprained sprain twisted tore torn dislocated
    pulled injured hurt damaged slipped"""
_HEALTH_RULES = _Rules(
    # Medication in general: "I'm on meds", "takes lithium", "on the pill".
    (
        _MED_NOUNS,
        r"\bon\s+(?:(?:my|his|her|their|some|the|strong|new|daily|lots\s+of)\s+)?(?:meds|"
        r"medication|medications|medicine|pills|tablets|the\s+pill|steroids|lithium|"
        r"testosterone|t|hormones|hormone\s+therapy|oxygen)\b"
        r"|\b(?:take|takes|took|taking|prescribed|started|start|starts|stopped|stop|quit|"
        r"came\s+off|coming\s+off|inject|injects|injecting)\s+(?:(?:my|his|her|their|some|daily|"
        r"a\s+daily|an?|the)\s+)?(?:meds|medication|medications|medicine|pills|tablets|lithium|"
        r"steroids|testosterone|hormones|injections|shots|pill)\b",
    ),
    (
        "something stuff pills tablets meds medicine",
        r"\b(?:take|takes|took|taking)\s+(?:something|stuff|pills|tablets|meds|medicine)\s+for\s+"
        r"(?:my|his|her|their)\b",
    ),
    ("prescribed", r"\bprescribed\s+(?:for|me|him|her|them|to)\b"),
    (
        "prescription prescriptions meds medication medications",
        r"\bprescription\s+(?:for|meds|drugs|medication|medicine|painkillers|pills)\b"
        rf"|\b{_POSSESSIVE}\s+(?:prescription|prescriptions|meds|medication|medications)\b",
    ),
    # Care: "sees a therapist", "my psychiatrist", "a doctor's appointment", "in hospital".
    (
        _CARERS,
        r"\b(?:see|sees|seeing|saw|seen|visit|visits|visiting|visited|go\s+to|goes\s+to|going\s+to|"
        r"went\s+to|talk\s+to|talks\s+to|talking\s+to|talked\s+to|have|has|had|got|get|found|"
        r"need|needs|started\s+with|referred\s+to|appointment\s+with)\s+(?:a|an|my|his|her|"
        r"their|the|our)?\s*(?:new\s+|private\s+)?(?:therapist|psychotherapist|psychiatrist|"
        r"psychologist|counsell?or|shrink|doctor|gp|specialist|oncologist|cardiologist|"
        r"neurologist|endocrinologist|dermatologist|gynaecologist|gynecologist|urologist|"
        r"rheumatologist|physio|physiotherapist|midwife|consultant)\b"
        rf"|\b{_POSSESSIVE}\s+(?:therapist|psychotherapist|psychiatrist|psychologist|"
        r"counsell?or|shrink|doctor|doctors|gp|oncologist|cardiologist|neurologist|"
        r"endocrinologist|physio|physiotherapist|midwife|specialist|consultant|surgeon)\b"
        r"(?!\s+(?:is|was)\s+(?:a|an|my|his|her)\b)",
    ),
    (
        "appointment appointments visit visits checkup checkups check result results",
        r"\b(?:doctor's|doctors|gp|hospital|clinic|medical|dental|specialist|therapy)\s+"
        r"(?:appointment|appointments|visit|visits|check-?ups?|results?)\b",
    ),
    ("hospital", r"\b(?:in|into|to|from|out\s+of|at)\s+(?:the\s+)?hospital\b"),
    # Tests and results: "my HIV test came back positive", "tested positive for covid".
    (
        "back",
        r"\b(?:test|tests|results?|scan|scans|biopsy|screening|swab)\s+(?:came|come|comes|"
        r"coming)\s+back\s+(?:positive|negative|clear|benign|malignant|abnormal|normal|"
        r"inconclusive)",
    ),
    (
        "positive negative",
        r"\btest(?:ed|s)?\s+(?:positive|negative)\s+for\b"
        r"|\b(?:positive|negative)\s+for\s+(?:covid|hiv|the\s+virus|chlamydia|cancer|\w+itis)\b",
    ),
    (
        "test tests result results level levels screening panel",
        r"\b(?:hiv|covid|std|sti|blood|pregnancy|smear|cancer|genetic|dna|allergy|liver|"
        r"kidney|thyroid|glucose|sugar|cholesterol|urine|drug)\s+(?:test|tests|results?|"
        r"levels?|screening|panel)\b",
    ),
    (
        "showed shows found result results",
        r"\b(?:scan|mri|x-ray|xray|ct)\s+(?:showed|shows|found|results?)\b",
    ),
    # Conditions that need their context: "had a stroke", "have a cold", "have MS".
    (
        "stroke",
        r"\b(?:had|have|has|suffered|survived|after|since|recovering\s+from)\s+(?:a\s+)?"
        r"(?:mini[\s-]?|minor\s+|major\s+|massive\s+|small\s+)?stroke\b(?!\s+of\b)",
    ),
    (
        "cold flu fever virus bug",
        r"\b(?:have|has|had|got|caught|catch|with|fighting|getting\s+over|get\s+over)\s+"
        r"(?:a\s+|the\s+)?(?:bad\s+|nasty\s+|heavy\s+|head\s+|chest\s+|common\s+|stomach\s+)?"
        r"(?:cold|flu|fever|virus|stomach\s+bug|tummy\s+bug)\b"
        r"(?=\s*(?:$|[,.;:!?]|(?:and|but|so|since|for|from|all|this|last|right|at|today|again|"
        r"too|now|going\s+around)\b))",
    ),
    (
        "covid corona coronavirus flu norovirus",
        r"\b(?:have|has|had|got|caught|with|positive\s+for|recovering\s+from|getting\s+over)\s+"
        r"(?:covid|covid-19|corona|coronavirus|the\s+flu|flu|norovirus|the\s+norovirus)\b",
    ),
    (
        "cough",
        r"\b(?:have|has|had|got)\s+(?:a\s+)?(?:bad\s+|nasty\s+|dry\s+|chesty\s+|persistent\s+)?"
        r"cough\b(?!\s+(?:drops?|sweets?))",
    ),
    (
        "add ms aids cfs pots eds als mnd ibs",
        r"\b(?:have|has|had|with|diagnosed\s+with|living\s+with|lives\s+with)\s+(?:add|ms|aids|"
        r"cfs|pots|eds|als|mnd)(?=\s*(?:$|[,.;!?]|\s(?:and|since|too|as|so|but|for)\b))"
        r"|\b(?:my|his|her|their)\s+(?:ms|aids|pots|eds|als|mnd|ibs|add)\b",
    ),
    ("suffer suffers suffered suffering", r"\b(?:suffer|suffers|suffered|suffering)\s+from\b"),
    (
        "blind sighted deaf",
        rf"\b{_BE}\s+(?:(?:partially|legally|completely|totally|going|gone|almost|"
        r"nearly)\s+)?blind\b(?!\s+date)|\bblind\s+in\s+(?:one|both|my|his|her|the)\b"
        r"|\b(?:partially|legally|registered)\s+(?:blind|sighted|deaf)\b",
    ),
    (
        "disabled",
        rf"\b{_BE}\s+(?:(?:physically|mentally|severely|registered|also)\s+)?disabled\b"
        r"|\bdisabled\s+(?:person|people|veteran|badge|parking|child|son|daughter|since)\b",
    ),
    (
        "operation operations surgeries",
        r"\b(?:had|have|having|get|getting|got|need|needs|scheduled\s+for|booked\s+for|"
        r"recovering\s+from)\s+(?:an?\s+|my\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:operations?|surgeries)\b"
        r"|\boperation\s+on\s+(?:my|his|her|their)\b",
    ),
    (
        "removed operated amputated replaced",
        r"\b(?:had|having|get|getting|got)\s+(?:my|his|her|their)\s+(?:[\w-]+\s+){0,2}?"
        r"(?:removed|operated\s+on|amputated|replaced)\b",
    ),
    ("replacement", r"\b(?:hip|knee|joint|valve|shoulder)\s+replacement\b"),
    (
        _BODY_VERBS,
        rf"\b(?:{'|'.join(_BODY_VERBS.split())})\s+(?:my|his|her|their|a|an|the)?\s*"
        r"(?:left\s+|right\s+)?(?:leg|arm|wrist|ankle|knee|hip|back|neck|shoulder|collarbone|"
        r"rib|foot|toe|finger|hand|elbow|nose|jaw|skull|spine|hamstring|achilles|ligament|"
        r"tendon|muscle|disc|pelvis|vertebra|cruciate)s?\b",
    ),
    ("lump", r"\b(?:a|my|his|her)\s+lump\b"),
    (
        "pain pains ache aches problem problems issue issues condition trouble disease failure "
        "damage infection surgery ulcer cramps",
        r"\b(?:chest|back|neck|knee|hip|joint|stomach|abdominal|pelvic|nerve|muscle|shoulder|"
        r"tooth|ear|eye|kidney|liver|heart|lung|bladder|bowel|skin|foot|leg|period)\s+(?:pain|pains|"
        r"ache|aches|problems?|issues?|condition|trouble|disease|failure|damage|infection|"
        r"surgery|ulcer|cramps)\b",
    ),
    (
        "pain",
        r"\bin\s+(?:a\s+lot\s+of\s+|so\s+much\s+|constant\s+|chronic\s+|severe\s+)?pain\b",
    ),
    (
        "losing",
        r"\blosing\s+(?:my|his|her|their)\s+(?:hearing|sight|eyesight|vision|memory)\b",
    ),
    (
        "because due",
        r"\b(?:because\s+of|due\s+to)\s+(?:my|his|her|their)\s+(?:knees?|back|hips?|heart|lungs?|"
        r"health|condition|illness|disability|injury|meds|medication|diagnosis)\b",
    ),
    (
        "breakdown",
        r"\b(?:had|having|have|has)\s+a\s+(?:total\s+|complete\s+|full\s+)?breakdown\b"
        r"(?!\s+of\b)",
    ),
    (
        "cane walker stick frame scooter",
        r"\b(?:use|uses|using|walk\s+with|walks\s+with|need|needs)\s+a\s+(?:cane|walking\s+stick|"
        r"walker|zimmer\s+frame|mobility\s+scooter|stick\s+to\s+walk)\b(?!\s+app)",
    ),
    (
        "purge purges purged purging",
        r"\bpurg(?:e|es|ed|ing)\s+after\s+(?:meals|eating|food)\b|\bbinge\s+and\s+purge\b",
    ),
    (
        "drink drinks drinking drinker",
        r"\bdrink\w*\s+(?:every\s+(?:night|day|morning)|daily|alone|to\s+(?:sleep|cope|forget))\b",
    ),
    (
        "trauma",
        rf"\b(?:have|has|had|with|childhood|{_POSSESSIVE}|from|past|deal\w*\s+with|process\w*|"
        r"unresolved)\s+trauma\b|\btrauma\s+(?:therapy|response|bond\w*)\b",
    ),
    (
        "sick",
        r"\b(?:been|was|were|got|getting|get|feel|feeling|felt|fell|off|called\s+in|call\s+in|"
        r"home|calling\s+in|really|very|so)\s+sick\b(?!\s+(?:of|and\s+tired|beat|beats|trick))"
        r"|\bsick\s+with\b",
    ),
    (
        "ill",
        r"\b(?:i'm|im|is|am|was|were|are|been|fell|falling|seriously|terminally|critically|"
        r"chronically|very|mentally|quite)\s+ill\b(?!-)",
    ),
    (
        "health condition illness diagnosis symptoms recovery",
        rf"\b{_POSSESSIVE}\s+(?:health|condition|illness|diagnosis|symptoms|recovery)\b"
        r"(?!\s+(?:insurance|app|apps|plan|club|food|kick|bar|tips))",
    ),
    (
        "condition conditions",
        r"\b(?:medical|health|chronic|genetic|rare|skin|heart|lung|kidney|liver|neurological|"
        r"mental|pre-existing|preexisting|autoimmune|underlying|serious)\s+conditions?\b",
    ),
    (
        "injection injections shot shots jab jabs",
        r"\b(?:get|gets|getting|got|have|has|had|need|needs|daily|weekly|monthly|b12|insulin|"
        r"steroid|botox|cortisone|fertility|hormone|testosterone)\s+(?:injections?|shots?|jabs?)\b",
    ),
    # Addiction and recovery: "I'm in rehab", "sober for three years", "clean for months".
    (
        "recovery recovering",
        r"\bin\s+recovery\b|\brecovering\s+(?:alcoholic|addict|drug\s+addict|gambler)\b",
    ),
    ("addicted", rf"\baddicted\s+to\s+(?:[\w'-]+\s+){{0,2}}?{_SUBSTANCES}\b"),
    (
        "addict addicts",
        r"\b(?:recovering|former|ex|drug|heroin|opioid|crack|meth|sex|gambling|alcohol)"
        r"[\s-]addicts?\b",
    ),
    (
        "problem problems issue issues habit abuse disorder dependency dependence",
        r"\b(?:gambling|drinking|drug|alcohol|substance|porn|opioid)\s+(?:problem|problems|"
        r"issue|issues|habit|abuse|use\s+disorder|dependency|dependence)\b",
    ),
    (
        "sober",
        r"\bsober\b(?!\s+(?:colou?rs?|tones?|look|suit|style|palette|mood|assessment|reflection))",
    ),
    (
        "clean",
        r"\b(?:been|stayed|stay|staying|am|is|i'm|got)\s+clean\s+(?:for|since)\b"
        r"|\b\w+\s+(?:days|weeks|months|years)\s+clean\b",
    ),
    (
        "aa na",
        r"\b(?:aa|na)\s+(?:meetings?|sponsor|group)\b"
        r"|\b(?:go|goes|going|went|attend|attends|attending|joined)\s+(?:to\s+)?(?:aa|na)\b",
    ),
    # Pregnancy: "we're expecting a baby", "trying to conceive", "she's due in May".
    (
        "expecting",
        # "expecting my order / our guests / their call" waits for a thing, not a child.
        r"\bexpecting\s+(?:a\s+baby|a\s+child|(?:our|my|her|his|their)\b(?!\s+(?:\w+\s+)?"
        r"(?:order|package|parcel|delivery|results?|call|guests?|visitors?|flight|refund|"
        r"pay(?:check|cheque)?|bonus|letter|email|reply|answer|exam)s?\b)|twins|triplets|a\s+boy|"
        r"a\s+girl|baby)\b|\b(?:we're|we\s+are|she's|she\s+is|i'm|i\s+am)\s+expecting\s*(?:$|[.!])",
    ),
    (
        "trying",
        r"\btrying\s+(?:for\s+a\s+baby|to\s+(?:conceive|get\s+pregnant|have\s+a\s+baby))\b",
    ),
    (
        "due along",
        r"\bbaby\s+(?:is\s+)?due\b|\b\d+\s+weeks\s+(?:pregnant|along)\b"
        r"|\b(?:i'm|i\s+am|she's|she\s+is|we're|we\s+are|the\s+user\s+is)\s+due\s+(?:in|on|any|"
        r"next|this|around)\b",
    ),
    # The weeks of a pregnancy said bare (tune batch 37): "I'm 30 weeks so my partner shops",
    # "waddling around at 34 weeks" — not "I'm 3 weeks into the job", "at 8 weeks old".
    (
        "weeks",
        r"\b(?:i'm|im|i\s+am|she's|she\s+is)\s+(?:[1-3]\d|4[0-2]|twenty|thirty)[\s-]?\w*\s+weeks"
        r"(?=\s*(?:$|[,.;!?]|\s+(?:so|and|now|today|tomorrow|already|with)\b))"
        r"|\bat\s+(?:[2-3]\d|4[0-2])\s+weeks\s*(?:$|[,.;!?])",
    ),
    ("baby pregnancy", r"\blost\s+(?:the|our|my|her|their|a)\s+(?:baby|pregnancy)\b"),
    (
        "baby way",
        r"\b(?:we're|we\s+are|i'm|i\s+am|she's|she\s+is|they're|[a-z]+\s+and\s+i\s+are)\s+having"
        r"\s+a\s+baby\b|\bbaby\s+on\s+the\s+way\b",
    ),
    (
        "period periods late missed",
        r"\b(?:my|her)\s+period\s+is\s+(?:[\w-]+\s+){0,3}?late\b"
        r"|\bmissed\s+(?:my|her|a)\s+period\b",
    ),
    (
        "drink drinking much bottle",
        r"\bdrink(?:s|ing)?\s+(?:way\s+|far\s+|much\s+)?too\s+much\b"
        r"|\b(?:a|one|two|half\s+a)\s+bottles?\s+of\s+(?:wine|vodka|whisky|whiskey|gin|rum)\s+"
        r"(?:a|every|each|per)\s+(?:day|night|evening)\b",
    ),
    # Drinking to get through the day: "need a couple of beers every night to unwind".
    (
        "beers drinks glass glasses wine vodka whisky whiskey unwind cope sleep",
        r"\b(?:need|needs|needed|rely\s+on|relies\s+on|relying\s+on|depend\s+on|depends\s+on)\s+"
        r"(?:a\s+(?:few|couple\s+of)\s+|a\s+|some\s+|two\s+|three\s+)?(?:beers?|drinks?|(?:glass|glasses)\s+of\s+wine|"
        r"wine|vodka|whiske?y|gin)\s+(?:\w+\s+){0,3}?(?:to\s+(?:unwind|cope|sleep|get\s+through|function|relax))\b",
    ),
    # Work and leave: "off work with stress", "signed off".
    (
        "off",
        r"\b(?:off\s+sick|signed\s+off|off\s+work\s+(?:with|because\s+of|due\s+to|for|since))\b",
    ),
    ("spectrum", r"\bon\s+the\s+(?:autism\s+|autistic\s+)?spectrum\b"),
    ("type", r"\b(?:have|has|got|with|am|is|i'm|diagnosed)\s+type\s+(?:1|2|one|two|i|ii)\b"),
    (
        "coke cocaine heroin meth mdma ecstasy ketamine lsd acid shrooms crack opium weed "
        "cannabis marijuana pot",
        r"\b(?:do|does|did|doing|use|uses|used|using|take|takes|took|taking|on|smoke|smokes|"
        r"snort|snorts|inject|injects)\s+(?:coke|cocaine|heroin|meth|crystal\s+meth|mdma|ecstasy|"
        r"ketamine|lsd|acid|shrooms|crack|opium|weed|cannabis|marijuana)\b|\bsmokes?\s+pot\b",
    ),
    (
        "chronic",
        r"\bchronic\s+(?:[\w-]+\s+)?(?:pain|fatigue|illness|condition|disease|migraines?|"
        r"headaches?|infections?|inflammation|back|kidney|insomnia|depression|anxiety|cough)\b",
    ),
    ("survivor", r"\b(?:ptsd|trauma|cancer|stroke|covid)\s+survivor\b"),
    (
        "drinking smoking alcohol booze vaping drugs weed cigarettes",
        r"\b(?:quit|quitting|stopped|stop|gave\s+up|give\s+up|giving\s+up|cut\s+out|trying\s+to\s+quit)"
        r"\s+(?:drinking|smoking|alcohol|booze|vaping|drugs|weed|cigarettes)\b",
    ),
    (
        "smoke smokes vape vapes",
        r"\b(?:i|we|she|he|they|user|[a-z]+)\s+(?:still\s+|also\s+|only\s+)?(?:smoke|smokes|vape|"
        r"vapes)\b(?!\s+(?:alarms?|detectors?|salmon|meat|bbq|brisket|ribs|fish|cheese|machine|my|"
        r"his|her|their|our|own|the)\b)",
    ),
    *intl.HEALTH,
)


def _normalise(text: str) -> str:
    """Lower-cased, with typographic apostrophes straightened and spaces collapsed."""
    return " ".join(text.replace("’", "'").replace("‘", "'").lower().split())


_SPAN_TOPIC = {
    Category.CREDENTIAL: Topic.CREDENTIAL,
    Category.IDENTITY_DOCUMENT: Topic.IDENTITY_DOCUMENT,
    Category.FINANCE: Topic.FINANCE,
}


#: The special categories (:mod:`special_categories`), in the order they are asked: the most
#: urgent first, then the ones whose words overlap a later one ("possession", "visa").
class _TopicRules:
    """Several topics' context patterns behind one trigger index: one pass over a text's
    words finds every triggered pattern; the first topic (in order) with a match wins. Each
    pattern is compiled when first triggered."""

    def __init__(self, *topics: tuple[Topic, tuple[tuple[str, str], ...]]) -> None:
        self._patterns: list[tuple[Topic, LazyPattern]] = []
        index: dict[str, list[int]] = {}
        for topic, rules in topics:
            for triggers, regex in rules:
                number = len(self._patterns)
                self._patterns.append((topic, LazyPattern(regex, _FLAGS)))
                for word in triggers.split():
                    index.setdefault(word, []).append(number)
        self._index = {word: tuple(numbers) for word, numbers in index.items()}

    def first(self, text: str, words: Iterable[str]) -> Topic | None:
        """The first topic one of whose triggered patterns matches ``text``, or None."""
        numbers: set[int] = set()
        index = self._index
        for word in words:
            hit = index.get(word)
            if hit:
                numbers.update(hit)
        for number in sorted(numbers):
            topic, pattern = self._patterns[number]
            if pattern.search(text):
                return topic
        return None


_SPECIAL = _TopicRules(
    (Topic.SELF_HARM, special.SELF_HARM + intl.SELF_HARM),
    (Topic.CRIMINAL, special.CRIMINAL + intl.CRIMINAL),
    (Topic.IMMIGRATION, special.IMMIGRATION + intl.IMMIGRATION),
    (Topic.SEX_LIFE, special.SEX_LIFE + intl.SEX_LIFE),
    (Topic.RELIGION, special.RELIGION + intl.RELIGION),
    (Topic.POLITICS, special.POLITICS + intl.POLITICS),
    (Topic.UNION, special.UNION + intl.UNION),
)
#: Read before near misses are blanked: "I sell weed" looks like a trade, "Ana is a union rep"
#: like a job; words told in confidence are never a near miss.
_SPECIAL_RAW = _TopicRules(
    (Topic.CRIMINAL, special.CRIMINAL_RAW),
    (Topic.SEX_LIFE, special.SEX_LIFE_RAW),
    (Topic.UNION, special.UNION),
    (Topic.CONFIDED, special.CONFIDED),
)


def _span_category(text: str) -> Category | None:
    """The category of the most serious secret value in ``text``, if any."""
    found = {span.category for span in find_sensitive(text)}
    for category in _SPAN_PRIORITY:
        if category in found:
            return category
    return None


def _topic(raw: str) -> Topic | None:
    """The sensitive topic of a normalised text with no secret value in it, or None."""
    raw_words = _tokens(raw)
    text = _NEAR_MISSES.blank(raw, raw_words)
    words, segments = _segments(text)
    found = _SPECIAL.first(text, words)
    if found is not None:
        return found
    raw_found = _SPECIAL_RAW.first(raw, raw_words)
    if raw_found is not None and raw_found != Topic.CONFIDED:
        return raw_found
    if _STATUS_PAPERS.search(text, words):
        # its number is a document's ("my residence permit number is …")
        return Topic.IDENTITY_DOCUMENT if _PAPERS_NUMBER.search(text) else Topic.IMMIGRATION
    if _IDENTITY.search(text, words):
        return Topic.IDENTITY_DOCUMENT
    if (
        _FINANCE_WORDS.found_in(segments)
        or _FINANCE_STEMS.found_in(words, frozenset())
        or _FINANCE_RULES.search(text, words)
    ):
        return Topic.FINANCE
    if (
        _HEALTH_WORDS.found_in(segments)
        or _HEALTH_STEMS.found_in(words, _NOT_HEALTH_STEMS)
        or _HEALTH_RULES.search(text, words)
    ):
        return Topic.HEALTH
    return raw_found


def sensitive_topic(text: str) -> Topic | None:
    """What makes ``text`` private, or None: the one sensitivity model every path asks.

    A secret value in the text decides first (``credential``, ``identity_document``,
    ``finance``; see :func:`sensitive.find_sensitive`); then self-harm, the special categories
    (criminal record, immigration status, sex life and orientation, religion, politics, union
    membership), identity documents, finance and health, in that order; last, words that say
    the text was told in confidence ("don't tell anyone"). Self-harm said without its words
    (:func:`memory_core.text.crisis.says_crisis_indirectly`) is self-harm over no topic, health
    or confided.
    """
    if not text or not text.strip():
        return None
    span = _span_category(text)
    if span is not None:
        return _SPAN_TOPIC[span]
    # Self-harm said without its words ("cutting again", goodbye letters written,
    # pills put aside) turns no reading, health or confided into self-harm: the crisis reply.
    return crisis_reading(_topic(_normalise(text)), text)


def is_self_harm(text: str) -> bool:
    """Whether ``text`` speaks of self-harm or suicidal thoughts (it deserves a caring reply)."""
    return sensitive_topic(text) == Topic.SELF_HARM


def classified(category: Category, sensitive: bool, *texts: str) -> tuple[Category, bool]:
    """A fact's category and sensitivity once its texts are read (the write path's one
    check, for learning, ``/remember``, ``/import``, tools and insights alike): a sensitive topic
    in any text marks the fact sensitive, and a plain ``other`` fact takes the topic's category
    when it has one (a special category such as religion keeps the fact's own); a category is
    never downgraded, and a fact about someone else keeps its own category."""
    if category in SENSITIVE_CATEGORIES:
        return category, True
    for text in texts:
        found = sensitive_topic(text) if text else None
        if found is not None:
            filed = TOPIC_CATEGORY.get(found)
            return (filed if filed and category == Category.OTHER else category), True
    return category, sensitive
