"""The job vocabulary of German, Spanish, French and Russian: the words a job is said with
after the verb to be ("soy enfermera", "je suis infirmière", "я учитель", "ich bin Lehrerin"),
for the user (``patterns_intl``) and their relatives (``patterns_intl_kin``)."""

from __future__ import annotations

import re

from memory_core.text import kin

#: Jobs said with the verb to be ("soy enfermera", "je suis infirmière", "я учитель"): a
#: word of the list, with "de …" after it ("ingeniero de software", "prof de maths").
#: Jobs no list names, by a suffix that makes a trade of a word ("relojero", "horlogère",
#: "ébéniste", "psicóloga", "traductora", "électricienne"), less the adjectives and states
#: said with those endings ("soltero", "fière", "optimiste", "étrangère"); and a job's head
#: word with the field after it ("agent immobilier", "agente inmobiliaria", "asesora
#: fiscal", "conseiller bancaire").
_SUFFIXED = {
    "es": r"(?!(?:solter|extranjer|sincer|enter|liger|primer|postrer|traicioner|"
    r"mañaner|rastrer|casamenter|fiester|parrander|mujerieg|pendencier|altaner|zalamer|"
    r"optimist|pesimist|realist|idealist|perfeccionist|feminist|ecologist|egoíst|egoist|"
    r"materialist|racist|machist|comunist|socialist|nacionalist|independentist|"
    r"conformist|positivist|budist|cristian|ateo|motor|superior|inferior|mayor|menor|"
    # fans, travellers and traits: "soy madridista", "soy viajera", "soy casero"
    r"caser|viajer|aventurer|cafeter|cervecer|futboler|rocker|roquer|callejer|foraster|"
    r"pasajer|compañer|companer|guerrer|pioner|herreder|prisioner|verdader|sever|auster|"
    r"madridist|barcelonist|deportist|turist|pacifist|animalist|minimalist|bromist|"
    r"detallist|masoquist|oportunist|individualist|humanist|hinch)"
    r"(?:[oa]s?|as?|es)?\b)"
    r"[a-záéíóúñ]{3,}(?:er[oa]|ista|[oó]log[oa]|t[oó]ra?|ari[oa])",
    "fr": r"(?!(?:fier|fière|premier|première|dernier|dernière|entier|entière|singulier|"
    r"régulier|familier|particulier|étranger|étrangère|léger|légère|altier|grossier|"
    r"optimiste|pessimiste|réaliste|idéaliste|perfectionniste|féministe|écologiste|égoïste|"
    r"raciste|altruiste|fataliste|matérialiste|socialiste|communiste|nationaliste|"
    r"protecteur|protectrice|créateur|créatrice|moteur|supérieur|inférieur|extérieur|"
    r"intérieur|majeur|mineur|meilleur|chrétien|chrétienne|"
    # traits, beliefs and roles that end like a trade: "je suis casanière", "menteur"
    r"casanier|casanière|rancunier|rancunière|dépensier|dépensière|routinier|routinière|"
    r"cachottier|cachottière|menteur|amateur|spectateur|spectatrice|électeur|électrice|"
    r"lecteur|lectrice|admirateur|admiratrice|séducteur|séductrice|bouddhiste|baptiste|"
    r"touriste|pacifiste|minimaliste|humaniste|individualiste|supporter)\b)"
    r"[a-zàâçéèêëîïôûùüÿœ]{3,}(?:ier|ière|ger|gère|teur|trice|ologue|icien|icienne|iste)",
}
_HEADS = {
    "es": r"(?:agente|asesora?|técnic[oa]|tecnic[oa]|auxiliar|asistente|encargad[oa]|"
    r"emplead[oa]|jef[ea]|directora?|responsable|gestora?|operari[oa]|ayudante)"
    r"(?:\s+(?:de\s+)?(?!(?:desde|para|hasta|entre|sobre|como|donde|pero|aunque|porque|"
    r"cerca|aquí|allí|ahora|también|tambien|mucho|años)\b)[a-záéíóúñ]{4,}){1,2}",
    "fr": r"(?:agente?|conseill(?:er|ère)|technicien(?:ne)?|assistante?|employée?|"
    r"cheffe?|directeur|directrice|responsable|gestionnaire|ouvri(?:er|ère)|"
    r"chargée?\s+de|aide)(?:\s+(?:de\s+|d['’])?(?!(?:chez|dans|pour|avec|depuis|sans|vers|"
    r"entre|mais|comme|aussi|ici|maintenant|parce|quand|dont|très|trop|beaucoup|ans)\b)"
    r"[a-zàâçéèêëîïôûùüÿœ-]{4,}){1,2}",
}
JOB_WORDS = {
    "es": r"(?:enfermer[oa]|m[ée]dic[oa]|profesora?|maestr[oa]|ingenier[oa]|abogad[oa]|"
    r"camarer[oa]|cociner[oa]|programadora?|diseñadora?|disenadora?|arquitect[oa]|periodista|"
    r"dentista|electricista|fontaner[oa]|polic[ií]a|bomber[oa]|veterinari[oa]|"
    r"farmac[ée]utic[oa]|contable|administrativ[oa]|dependient[ea]|peluquer[oa]|psic[óo]log[oa]|"
    r"fisioterapeuta|inform[áa]tic[oa]|carpinter[oa]|mec[áa]nic[oa]|conductora?|taxista|"
    r"secretari[oa]|traductora?|m[úu]sic[oa]|artista|escritora?|investigadora?|funcionari[oa]|"
    r"empresari[oa]|jardiner[oa]|panader[oa]|economista|doctora?|cirujan[oa]|t[ée]cnic[oa]|"
    r"analista|consultora?|gerente|comercial|vendedora?|recepcionista|cajer[oa]|educadora?|"
    r"cuidadora?|fot[óo]graf[oa]|chef|actor|actriz|entrenadora?)",
    "fr": r"(?:infirmi(?:er|ère|ere)|médecin|medecin|prof|professeure?|enseignante?|"
    r"instit(?:uteur|utrice)?|ingénieure?|ingenieure?|développeu(?:r|se)|developpeu(?:r|se)|"
    r"avocate?|architecte|serveu(?:r|se)|cuisini(?:er|ère)|boulang(?:er|ère)|comptable|"
    r"vendeu(?:r|se)|pharmacien(?:ne)?|dentiste|journaliste|électricien(?:ne)?|plombier|"
    r"polici(?:er|ère)|pompier|secrétaire|graphiste|designer|chauffeur|mécanicien(?:ne)?|"
    r"coiffeu(?:r|se)|vétérinaire|psychologue|kiné(?:sithérapeute)?|informaticien(?:ne)?|"
    r"programmeu(?:r|se)|chercheu(?:r|se)|fonctionnaire|tradu(?:cteur|ctrice)|"
    r"agricult(?:eur|rice)|caissi(?:er|ère)|ouvri(?:er|ère)|artiste|musicien(?:ne)?|"
    r"écrivaine?|photographe|consultante?|commerciale?|sage-femme|aide-soignante?|"
    r"éduca(?:teur|trice)|menuisier|jardini(?:er|ère)|avocat|chef|comédien(?:ne)?)",
    "ru": r"(?:учитель|учительница|врач|программист|программистка|инженер|менеджер|бухгалтер|"
    r"юрист|медсестра|медбрат|дизайнер|водитель|повар|продавец|продавщица|преподаватель|"
    r"преподавательница|журналист|журналистка|архитектор|экономист|официант|официантка|"
    r"строитель|электрик|сантехник|парикмахер|психолог|фотограф|переводчик|переводчица|"
    r"разработчик|тестировщик|аналитик|фармацевт|стоматолог|ветеринар|полицейский|пожарный|"
    r"военный|механик|кассир|адвокат|нотариус|хирург|воспитатель|воспитательница|тренер|"
    r"дальнобойщик|сварщик|сварщица|крановщик|крановщица|лётчик|летчик|пилот|токарь|слесарь|"
    r"плотник|столяр|шахтёр|шахтер|акушерка|фельдшер|курьер|таксист|охранник|почтальон|"
    r"бармен|библиотекарь|пекарь|кондитер|маляр|фермер|лаборант|массажист|массажистка|"
    r"уборщица|няня|швея|художник|художница|музыкант|писатель|писательница)",
}
#: A job by its shape, for a sentence no other reading finds a job in: a head with its field,
#: then a trade by its suffix.
JOB_SHAPES = {lang: rf"(?:{_HEADS[lang]}|{_SUFFIXED[lang]})" for lang in _HEADS}
#: German nouns for a job said after "ich bin" ("Lehrerin", "Ingenieur", "Krankenpfleger"):
#: by their endings, less a student (no job), a diet, family and people from a place.
DE_JOB = re.compile(
    r"(?:erin|er|eur|eurin|ist|istin|ent|entin|ant|antin|arzt|ärztin|kraft|koch|köchin|loge|"
    r"login|anwalt|anwältin|wirt|wirtin|beamter|beamtin|kaufmann|kauffrau|"
    # "Physiotherapeutin", "Fotografin", "Sozialpädagoge", "Pilotin", "Soldat"
    r"therapeut|therapeutin|graf|grafin|graph|graphin|pädagoge|pädagogin|pilot|pilotin|"
    r"soldat|soldatin|diplomat|diplomatin|akrobat|akrobatin)$",
    re.IGNORECASE,
)
#: German jobs ending like a town's people do ("-ner", "-ger": "Berliner", "Hamburger" are
#: none, "Schreiner", "Projektmanagerin", "Krankenpfleger" are).
DE_JOBS_IN_NER = re.compile(
    r"(?:schreiner|gärtner|kellner|zöllner|designer|trainer|rechner|planer|banker|"
    r"schaffner|wagner|klempner|techniker|mechaniker|elektroniker|mechatroniker|manager|"
    r"ingenieur|ingenieurin|pfleger)(?:in)?$",
    re.IGNORECASE,
)
DE_NOT_A_JOB = re.compile(
    # Not a job listed among those that end like a town's people.
    r"^(?!\w*(?:schreiner|gärtner|kellner|zöllner|designer|trainer|planer|banker|schaffner|"
    r"klempner|techniker|mechaniker|elektroniker|mechatroniker|manager|pfleger)(?:in)?$)"
    r"(?:student|studentin|schüler|schülerin|vegetarier|vegetarierin|veganer|veganerin|"
    # A relative ("ist Mutter", "ist Schwester"): the shared vocabulary's German family words.
    rf"single|{'|'.join(sorted(kin.relation_words('de', group='family', plural=False)))}|"
    r"rentner|rentnerin|"
    r"\w*(?:aner|anerin|ener|enerin|ier|ierin|länder|länderin|zer|zerin|liner|linerin|"
    r"burger|burgerin|ner|nerin|ger|gerin)|deutscher|deutsche)$",
    re.IGNORECASE,
)


#: The user's own business said by its verb ("ich führe ein Café", "ich hab eine eigene
#: Werkstatt", "tengo una panadería", "je tiens un bar", "у меня своя пекарня"): a shop's,
#: a trade's or a firm's noun (a German compound by its last part: "Fahrradladen"); "have"
#: with any noun only as "my own" in German, never with a flat or a car ("своя квартира").
_BUSINESS_NOUNS = {
    "de": """café cafe bäckerei laden restaurant kneipe bar werkstatt firma geschäft betrieb
    hotel salon praxis buchhandlung bauernhof hof pension imbiss boutique agentur kanzlei
    konditorei metzgerei friseur gärtnerei schreinerei tischlerei brauerei weingut
    unternehmen atelier studio""",
    "es": """panadería panaderia cafetería cafeteria café cafe bar restaurante tienda taller
    negocio empresa librería libreria peluquería peluqueria hotel granja pastelería
    pasteleria floristería floristeria carnicería carniceria frutería fruteria clínica
    clinica agencia academia bodega hostal consulta ferretería ferreteria""",
    "fr": """boulangerie café cafe bar restaurant boutique magasin librairie salon garage
    atelier entreprise société societe hôtel hotel ferme épicerie epicerie pâtisserie
    patisserie cabinet agence brasserie bistrot crêperie creperie fromagerie boucherie
    auberge gîte gite commerce""",
    "ru": """пекарня пекарню кафе бизнес магазин магазинчик мастерская мастерскую фирма
    фирму компания компанию ресторан бар салон парикмахерская парикмахерскую кофейня
    кофейню автосервис ферма ферму булочная булочную студия студию агентство клиника
    клинику гостиница гостиницу ателье хозяйство столовая столовую""",
}
_BUSINESSES = {
    lang: ("[a-zäöüß]*" if lang == "de" else "")
    + "(?:"
    + "|".join(sorted(words.split(), key=len, reverse=True))
    + ")"
    for lang, words in _BUSINESS_NOUNS.items()
}
_SMALL = {
    "de": r"(?:(?:kleine[nrs]?|eigene[nrs]?)\s+)*",
    "es": r"(?:(?:pequeñ[oa]|propi[oa])\s+)*",
    "fr": r"(?:(?:petite?|propre)\s+)*",
    "ru": r"(?:(?:сво[йяёюе]|собственн\w+|небольш\w+|маленьк\w+)\s+)*",
}
_I_RUN = {
    "de": r"ich\s+(?:führe|betreibe|leite|habe?|besitze)\s+(?:eine[nm]?|ein|meine[nm]?|mein)\s+",
    "es": r"(?:yo\s+)?(?:tengo|llevo|regento|dirijo)\s+(?:un|una|mi)\s+",
    "fr": r"(?:je\s+(?:tiens|dirige|gère|gere|possède|possede)\s+(?:un|une|mon|ma)"
    r"|j['’]ai\s+(?:mon|ma)\s+(?:propre|petite?))\s+",
    "ru": r"(?:у\s+меня\s+(?=сво|собствен)|(?:я\s+)?(?:держу|владею)\s+)",
}


def own_business(sentence: str, language: str) -> str | None:
    """The noun of the user's own business said by its verb ("ich führe ein Café" → "Café",
    "у меня своя пекарня" → "пекарня"), or ``None``."""
    if language not in _I_RUN:
        return None
    own = (
        rf"(?:^|(?<=[,;]\s))\s*{_I_RUN[language]}{_SMALL[language]}"
        rf"(?P<b>{_BUSINESSES[language]})(?![\w-])"
    )
    m = re.search(own, sentence, re.IGNORECASE)
    if m is None:
        return None
    if language == "de" and re.match(r"ich\s+hab", m[0], re.IGNORECASE) and "eigen" not in m[0]:
        return None  # "ich hab einen Laden um die Ecke": near them, not theirs
    return _owner(language, m["b"])


#: The words a business of the user's own is told in ("ich führe ein kleines Café", "у меня
#: своя пекарня"): no more than the owner's title read from them.
BUSINESS_WORDS = frozenset(
    " ".join(_BUSINESS_NOUNS.values()).split()
    + """ich führe betreibe leite hab habe besitze ein eine einen einem kleine kleinen kleines
    kleiner eigene eigenen eigenes eigener meine meinen mein yo tengo llevo regento dirijo un
    una mi pequeño pequeña propio propia je tiens dirige gère gere possède possede une mon ma
    propre petit petite j ai у меня свой своя своё свою собственный собственная собственное
    небольшой небольшая небольшое маленький маленькая маленькое я держу владею""".split()
)


#: Feminine nouns of the lists, for the article an owner's title puts before them.
_FEMININE = {
    "de": r"(?:ei|ung|ur|werkstatt|firma|kneipe|bar|praxis|pension|boutique)$",
    "es": r"(?:ía|ia|tienda|empresa|granja|academia|bodega|consulta|clínica|clinica|agencia)$",
    "fr": r"(?:erie|ique|prise|iété|iete|ferme|agence|auberge)$",
}
_RU_GENITIVE = (
    (r"(?:ня|ню)$", "ни"),
    (r"(?:ая|ую)$", "ой"),
    (r"(?:ия|ию)$", "ии"),
    (r"(?<=[кгх])(?:а|у)$", "и"),
    (r"(?:а|у)$", "ы"),
    (r"ство$", "ства"),
    (r"(?<=[бвгдзклмнпрстфхцчшщ])$", "а"),
)


def _owner(language: str, noun: str) -> str:
    """The owner's title of a business in the user's language ("propriétaire d'une
    boulangerie", "владелец пекарни"), which "what do I do?" answers with."""
    feminine = re.search(_FEMININE.get(language, "^$"), noun, re.IGNORECASE) is not None
    if language == "de":
        return f"Inhaber von {'einer' if feminine else 'einem'} {noun}"
    if language == "es":
        return f"dueño de {'una' if feminine else 'un'} {noun}"
    if language == "fr":
        return f"propriétaire {'d’une' if feminine else 'd’un'} {noun}"
    for ending, genitive in _RU_GENITIVE:
        if re.search(ending, noun.lower()):
            return f"владелец {re.sub(ending, genitive, noun.lower())}"
    return f"владелец {noun.lower()}"  # "кафе", "ателье" do not decline
