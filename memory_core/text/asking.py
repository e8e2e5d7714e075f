"""Questions written without a question mark, in the five languages the bot speaks.

In chat a question often has no "?" and its question word is not where a grammar puts it:
French says it last ("tu bosses où", "elle s'appelle comment ta sœur", "on mange quoi ce
soir"), after a preposition ("dans quel quartier", "avec qui"); Spanish drops the accents ("en
que ciudad", "cuantos primos tengo"); German asks with the verb first ("Trinke ich Kaffee") or
after a preposition ("Bei welcher Bank …", "Womit …"); Russian with "ли" ("Пью ли я …") or after a
preposition ("С кем …", "За какую …"); English texters drop the apostrophe ("whos", "whats") or
the verb ("any siblings on my dad's side"), or name the topic first and ask after a comma ("the
car, what colour is it") or end with "remind me".

Both sides read these the same way: a message the learner refuses as a question is answered as
one, and one the reader answers is never kept as a statement (``extract.filters.is_question``,
``extract.notes.is_question``, ``read.recall.is_question`` all ask :func:`asks_unmarked`).
"""

from __future__ import annotations

import re

#: French: "quoi" anywhere ("on mange quoi chez mes parents"); "comment", "qui", "combien"
#: last or before a short tail that is no clause ("comme boulot", "ton frère", "moi", "déjà",
#: "en vrai"). "la ville où mes parents vivent",
#: "un ami qui habite à Lyon", "content quand mon fils vient" are no questions: "où" and
#: "quand" only end a clause, "qui" and "comment" ask before a noun of the speaker's.
_FRENCH_LAST = re.compile(
    r"(?<![\w'’-])quoi(?!\s+que)(?![\w'’-])"
    r"|(?<![\w'’-])(?:comment|qui|combien)"
    r"(?=\s*(?:[,?!.…]|$|et\s|moi\b|toi\b|déjà\b|deja\b|en\s+vrai|au\s+juste|exactement|"
    r"comme\s|mon\s|ma\s|mes\s|ton\s|ta\s|tes\s|notre\s|nos\s))"
    r"|(?<![\w'’-])(?:où|quand)(?=\s*(?:[,?!.…]|$|et\s|moi\b|toi\b|déjà\b|deja\b|en\s+vrai|"
    r"au\s+juste|exactement|en\s+ce\s+moment|maintenant|actuellement|ces\s+temps))",
    re.IGNORECASE,
)
#: "je ne sais pas comment …", "n'importe quoi", "il y a de quoi": the word asks nothing.
_FRENCH_NOT_ASKING = re.compile(
    r"\b(?:sais\s+pas|ne\s+sais|n'importe|importe|y\s+a\s+de|avoir\s+de|de\s+quoi\s+vivre)\s+"
    r"(?:de\s+)?(?:quoi|comment|qui|où|quand|combien)\b",
    re.IGNORECASE,
)
#: French "quel(le)(s)" anywhere asks ("je roule dans quelle voiture"); the exclamation
#: ("Quelle journée !") tells nothing to keep either.
_FRENCH_WHICH = re.compile(
    r"(?<![\w'’-])(?:quel(?:le)?s?|laquelle|lequel|lesquel(?:le)?s)(?![\w'’-])"
    # "j'ai une voiture ou pas": a yes/no question said with its tail.
    r"|(?<![\w'’-])ou\s+pas\s*[.…]*\s*$",
    re.IGNORECASE,
)

#: French asks a yes/no question with "est-ce que" anywhere ("est-ce qu'on a un lapin", "et
#: mon neveu, est-ce qu'il vit …"; a tag "n'est-ce pas" is not), or with the verb and its pronoun
#: inverted first ("avons-nous …", "y a-t-il …", "ai-je …"; "Rendez-vous …" tells).
_FRENCH_YES_NO = re.compile(
    r"(?<![\w'’-])est-ce\s+qu(?:e\b|['’])"
    r"|^\s*(?:et\s+|mais\s+|alors\s+)?(?:y\s+)?(?!rendez-vous\b)[^\W\d_]+-(?:t-)?"
    r"(?:il|elle|on|je|nous|vous|tu|ils|elles)(?![\w-])",
    re.IGNORECASE,
)
#: A question word after a preposition at the start, in each language ("en que barrio",
#: "a quién", "dans quel coin", "avec qui", "bei welcher Firma", "mit wem", "с кем", "за какую",
#: "от чего", "на что"), or a German "wo-" pronoun ("womit", "wofür", "wovon", "wieso").
_PREPOSITION_ASKS = re.compile(
    r"^\s*¿?\s*(?:"
    r"(?:en|a|de|con|para|por|desde|hasta|sobre)\s+(?:qu[eé]|qui[eé]n(?:es)?|cu[aá]l(?:es)?|"
    r"cu[aá]nt[oa]s?|d[oó]nde)"
    r"|(?:dans|à|a|de|avec|chez|pour|en|sur|par|vers|depuis)\s+(?:quoi|qui|quel(?:le)?s?|"
    r"combien|où)"
    r"|(?:in|an|auf|mit|bei|für|fuer|von|zu|aus|nach|um|über|ueber|seit)\s+"
    r"(?:welche[rsnm]?|wem|wen|was|wann)"
    r"|wo(?:mit|von|ran|rauf|für|fuer|zu|hin|her|rin|bei|durch|nach|rüber|rum)|wieso|weshalb|"
    r"weswegen"
    r"|(?:с|со|за|от|на|в|во|о|об|обо|к|ко|у|для|из|по|про|при)\s+(?:кем|кого|кому|чем|чём|"
    r"что|чего|какой|какую|какое|какие|каком|какого|каких|какому|ком|сколько)"
    r")(?![\w-])",
    re.IGNORECASE,
)
#: A question word opening the message, written as chat writes it: Spanish without accents
#: ("que pelicula vimos", "cuantos primos tengo", "cual es mi talla"), German "was" before a
#: verb ("was koch ich morgen", not "Was ich mag, ist …"), French "qui est …", Russian "что я
#: …", "чем …", "кем …",
#: "как звать …", English without the apostrophe ("whos", "whens").
_OPENS_ASKING = re.compile(
    r"^\s*¿?\s*(?:"
    r"(?:que|cual(?:es)?|cuant[oa]s?|donde|quien(?:es)?)\s+(?!sepas|sepa|tengas|te\s+vaya|"
    r"le\s+vaya|os\s+vaya|yo\s+sepa|bueno|rico|bien|mal)"
    r"|was\s+(?!ich\b|du\b|wir\b|man\b|mich\b|mir\b|uns\b|für\s+ein\w*\s+\w+\s*!)[a-zäöüß]+"
    r"|qui\s+(?:est|sont|était|c'est)\b"
    r"|что\s+(?:я|у\s+меня|мне|мой|моя|моё|мои|за)\b|чем\s+|кем\s+|как\s+(?:звать|зовут|звали)\b"
    r"|(?:whos|whats|wheres|whens|whys|hows|whose)\b"
    r")",
    re.IGNORECASE,
)
#: Russian asks a yes/no question with "ли" after its first word ("Пью ли я …", "Есть ли у
#: нас …", "Живут ли …").
_RUSSIAN_LI = re.compile(r"^\s*[а-яё]+\s+ли(?![\w-])", re.IGNORECASE)
#: German asks a yes/no question with the verb first and "ich"/"wir" after it ("Trinke ich
#: genug", "Hab ich Cousinen", "Spielen wir heute"); a verb of telling after it ("Hab ich
#: dir doch gesagt …") or "doch"/"ja"/"schon" makes it a statement with its subject dropped.
_GERMAN_VERB_FIRST = re.compile(
    r"^\s*(?:hab|habe|haben|bin|sind|nehm|nehme|nehmen|spiel|spiele|spielen|mach|mache|machen|"
    r"ess|esse|essen|trink|trinke|trinken|fahr|fahre|fahren|wohn|wohne|wohnen|arbeit|arbeite|"
    r"arbeiten|treib|treibe|treiben|mag|mögen|kann|können|darf|dürfen|muss|müssen|soll|sollen|"
    r"will|wollen|kenn|kenne|kennen|geh|gehe|gehen|brauch|brauche|brauchen|vertrag|vertrage|"
    r"sammle|sammeln|rauch|rauche|sprech|spreche|sprechen|les|lese|hör|höre|hören|koch|koche|"
    r"lern|lerne|lernen|studier|studiere|besitz|besitze|leb|lebe|leben|heiß|heiße|war|waren|"
    r"hatte|hatten)\s+(?:ich|wir)\b(?!.*\b(?:doch|ja|schon|gesagt|erzählt|gemacht)\b)",
    re.IGNORECASE,
)
#: English texters ask with "any" and a noun, no verb ("any siblings on dad's side", "any
#: meds in the cupboard"); "Any time I …", "Anyone who …" tell.
_ANY = re.compile(
    r"^\s*(?:any\s+(?!time\b|day\b|way\b|moment\b|chance\b|minute\b|second\b|more\b|longer\b)"
    r"[a-z'-]+(?:\s+(?:at|in|for|on|with|from|of|to|round|around|about)\b[^.!]*)?\s*$"
    r"|anything\s+(?:i|we)\s+(?:should|can|must|need|ought|have\s+to)\b)",
    re.IGNORECASE,
)
#: "any …" / "anything" and what the user said of it, in a short clause of theirs that ends
#: the message ("any snacks i said i avoid", "any meds i take", "anything i'm allergic to",
#: "anything about my sister");
#: the same opened by "irgendwelche …, die ich …", "algún/alguna … que …", "des … que j'…".
#: Nothing after the clause: "Any food I eat makes me sick" has a verb of its own
#: (``_OWN_VERB``) and tells.
_ANY_THAT_I = re.compile(
    r"^\s*(?:"
    r"any(?:thing|\s+(?!time\b|day\b|way\b|moment\b|one\b|body\b)[a-z'-]+(?:\s+[a-z'-]+)?)"
    r"\s+(?:that\s+|which\s+)?(?:i|i'm|im|i've|ive|i'd|we|we're)\b"
    r"|anything\s+(?:about|on|regarding|from)\s+(?:my|our)\b"
    r"|irgendwelche[rsnm]?\s+\w+(?:\s+\w+)?\s*,?\s+(?:die|das|den|der|wo)\s+(?:ich|wir)\b"
    r"|irgendwas\s*,?\s+(?:das|was|wo)\s+(?:ich|wir)\b"
    r"|alg(?:ún|un|una|unos|unas|o)\s+(?:\w+\s+)?(?:que|de\s+lo\s+que)\s+(?:no\s+)?(?:yo\s+)?"
    r"\w+(?:\s+\w+)?\s*$"
    r"|(?:des|quelques|aucune?|d'autres)\s+[\w-]+\s+(?:que\s+|qu['’])(?:je\s+|j['’])"
    r")",
    re.IGNORECASE,
)
#: A verb of the sentence's own after such a clause: it tells ("… makes me sick", "… is
#: bland", "… turns out salty", "… helps", "… viennent dîner").
_OWN_VERB = re.compile(
    r"\b(?:is|are|was|were|makes?|made|gives?|turns?|tastes?|goes|gets|seems?|helps?|works?|"
    r"hurts?|causes?|ist|sind|macht|machen|es|son|está|están|hace|hacen|est|sont|font|fait|"
    r"viennent|vient)\b",
    re.IGNORECASE,
)
#: At most this many words follow "any …" in such a question.
_ANY_WORDS = 8


def _any_that_i(text: str) -> bool:
    """ "any snacks i said i avoid", "alguna alergia que tenga": "any …" and a short clause of
    the user's that ends the message."""
    m = _ANY_THAT_I.match(text)
    if m is None:
        return False
    rest = text[m.end() :]
    # "Anything I want, I get": a clause of its own after a comma tells.
    return len(rest.split()) <= _ANY_WORDS and "," not in rest and not _OWN_VERB.search(rest)


#: Russian "какой-нибудь …", "что-нибудь …" opening the message ask; "какие у меня болезни",
#: "какая у меня группа крови" with one or two words after "у меня" too (more is an
#: exclamation: "какой у меня был день").
_RUSSIAN_WHICH = re.compile(
    r"^\s*(?:(?:как(?:ой|ая|ое|ие|их|ую)|что|кто)-(?:нибудь|то)\b"
    r"|как(?:ой|ая|ое|ие)\s+у\s+(?:меня|нас)(?:\s+есть)?\s+(?!был\w*\b)[а-яё]+"
    r"(?:\s+[а-яё]+)?\s*[.…]*\s*$)",
    re.IGNORECASE,
)
#: "Did I tell you how …" said as a statement with the question inside: a verb of telling of
#: the user's and a question word after it ("hab ich dir gesagt, wie mein Hund heißt", "te
#: dije cómo se llama mi perro", "je t'ai dit comment s'appelle mon chien", "я говорил, как
#: зовут мою собаку"). "that" after it tells the value ("Te dije que tengo un perro", "я
#: говорил, что …"): it stays a statement.
_TOLD_YOU_WHICH = re.compile(
    r"^\s*(?:"
    r"(?:hab|habe|hatte)\s+ich\s+(?:dir|euch|Ihnen)\s+(?:\w+\s+)?(?:gesagt|erzählt|verraten)"
    r"\s*,?\s+(?:wie|wo|was|wer|wen|wann|welche[rsnm]?|ob|wohin|woher)\b"
    r"|(?:yo\s+)?te\s+(?:dije|cont[ée]|he\s+dicho|hab[íi]a\s+dicho|he\s+contado)\s*,?\s+"
    r"(?:c[óo]mo|d[óo]nde|qu[ée]\s+(?!\w+\s+que\b)|qui[ée]n|cu[áa]l|cu[áa]ndo|cu[áa]nt[oa]s?)"
    r"(?=\s)"
    r"|je\s+t['’]ai\s+(?:\w+\s+)?(?:dit|raconté)\s*,?\s+(?:comment|où|quel(?:le)?s?|qui|quand|"
    r"combien|le\s+nom|l['’]âge|le\s+métier)\b"
    r"|я\s+(?:тебе\s+)?(?:уже\s+)?(?:говорил|говорила|рассказывал|рассказывала|называл|"
    r"называла)\s*(?:тебе\s*)?,?\s+(?:как|где|кем|кто|сколько|когда|какой|какая|какое|какие|"
    r"чем)(?![\w-])"
    r")",
    re.IGNORECASE,
)
#: Asking to be reminded, last ("…, remind me", "Машину и гараж напомни").
_REMIND_LAST = re.compile(
    r"(?:remind\s+me(?:\s+again)?|erinnere?\s+mich|erinnern\s+Sie\s+mich|recu[ée]rdame|"
    r"recu[ée]rdeme|rappelle[- ]moi|rappelez[- ]moi|напомни(?:те)?)\s*[.!…]*\s*$",
    re.IGNORECASE,
)
#: A clause that asks, after a comma, to the end ("the car, what colour is it", "mi talla,
#: cuál es"); a relative clause between commas ("Sam, who is a doctor, lives …") asks nothing.
_ASKS_AFTER_COMMA = re.compile(
    r",\s*(?:what|what's|whats|who|who's|whos|where|where's|which|how|when|"
    r"remind\s+me|tell\s+me|was|wer|welche[rsnm]?|qué|quién|cuál|dónde|cómo|quel(?:le)?s?|"
    r"où|comment|что|кто|где|как|какой|какая|какое|какие)\b[^,]*$",
    re.IGNORECASE,
)
#: Words by which the user speaks of themselves: a head before the comma that holds one is a
#: statement of theirs ("I'm a nurse, what about you"), not a topic named.
_SELF = re.compile(
    r"(?<![\w'’])(?:i|i'm|i've|i'd|me|my|we|our|ich|mein\w*|wir|unser\w*|yo|mi|mis|soy|"
    r"tengo|je|j|moi|mon|ma|mes|nous|notre|nos|я|мой|моя|моё|мои|мне|меня|мы|наш\w*)"
    r"(?![\w'’])",
    re.IGNORECASE,
)
#: At most this many words name the topic before the comma ("job and home city, …").
_TOPIC_WORDS = 5
#: A verb of thinking or knowing ending the head: what follows the comma is what one thinks,
#: not a question ("всё чаще думаю, что …", "думаю, как бы …"; Russian drops "я").
_THINKS = re.compile(
    r"(?<![\w'’])(?:думаю|думала?|подумал[аи]?|думается|кажется|знаю|понимаю|понял[аи]?|чувствую|"
    r"мечтаю|считаю|представляю|вспоминаю|боюсь|надеюсь|жалею|сомневаюсь)\s*$",
    re.IGNORECASE,
)


def _topic_then_asks(text: str) -> bool:
    """A topic named first and then asked about ("the new flat, where is it", "Stadt und
    Verein, erinnere mich"): the head names no one of the speaker's and is short."""
    m = _ASKS_AFTER_COMMA.search(text) or _REMIND_LAST.search(text)
    if m is None:
        return False
    head = text[: m.start()].strip(" ,")
    words = head.split()
    return 0 < len(words) <= _TOPIC_WORDS and not _SELF.search(head) and not _THINKS.search(head)


#: Asked as a request to name or list ("list my cousins for me", "Nennen Sie mir meine
#: Neffen.", "Zähl mir mal … auf", "Nómbrame a mis sobrinos", "Cite-moi mes neveux",
#: "Перечисли моих племянников."), as what is asked of one of the user's people with
#: "please" ("name of my boss, please", "El nombre de mi jefe, por favor"), or with the
#: question word last ("my brother studies what, again"): no statement says these.
_REQUESTS = re.compile(
    r"^\s*(?:please\s+|pls\s+)?(?:list|name)\s+(?:all\s+)?(?:my|our)\s+[^:]*$"
    r"|^\s*(?:the\s+)?(?:name|names|age|job|birthday)\s+of\s+(?:my|our)\s+[\w' ]+?"
    r"(?:\s*,?\s*(?:please|pls|again))\s*[.!…]*$"
    r"|\b(?:as|is|are|called|named|at|in|from|with|for|studies|does)\s+(?:what|who|where)"
    r"(?:\s*,?\s*again)?\s*[.!…]*$"
    r"|^\s*(?:zähl|zähle|zählen|nenn|nenne|nennen)\s+(?:Sie\s+)?mir\b"
    # "Nennen Sie bitte unsere Töchter", "nenn mal meine Kinder": a request before the noun.
    r"|^\s*(?:zähl|zähle|zählen|nenn|nenne|nennen)\s+(?:Sie\s+)?(?:(?:bitte|mal|doch)\s+)+"
    r"(?:mir\s+)?(?:mein|meine|meinen|meiner|unser|unsere|unseren|die|alle)\b"
    r"|^\s*(?:nómbrame|nombrame|enumérame|enumerame|dime\s+los\s+nombres)\b"
    r"|^\s*(?:el|la|los|las)\s+(?:nombres?|edad|trabajo|oficio|cumpleaños)\s+de\s+"
    r"(?:mis?|nuestr[oa]s?)\s+[\w ]+?(?:\s*,?\s*(?:porfa|por\s+favor|otra\s+vez))\s*[.!…]*$"
    r"|^\s*(?:cite|liste|nomme|énumère|enumere)[- ]moi\b"
    r"|^\s*(?:назови(?:те)?|перечисли(?:те)?)\s+(?:мне\s+)?(?:моих|мою|моего|моё|мои|наших|нашу)\b",
    re.IGNORECASE,
)


#: Chat asks without "?" in further ways, in each language: Russian opens with a question word
#: statements do not open with ("откуда родом …", "какую еду …", "скока …", "кому …"), or names
#: the one asked about first and asks after ("брат мой где живёт", "сестру мою как звать",
#: "как подругу мою зовут"); a bare noun phrase asks for what it names ("the age of my niece",
#: "der Name meiner Nichte", "el nombre de mi sobrina", "le prénom de ma nièce", "имя моей
#: племянницы": no verb, no statement); a yes/no question ends "or what", "oder nicht", "o no",
#: "или нет" (not after "whether", "ob", "si", "ли", "если", "if"); English chat spells "when"
#: "wen" ("wen do i start").
_CHAT_ASKS = re.compile(
    r"^\s*(?:откуда|куда|зачем|скока|скоко|какую|каких|каким|каком|какого|какому|кого|кому)"
    r"(?![\w-])(?!\s+(?:бы|только|угодно|попало|ни)(?!\w))"
    r"|^\s*[а-яё]+\s+(?:мо[йяеёи]\w*|наш\w*)\s+(?:где|как|когда|откуда|куда|кем|чем|сколько|"
    r"скока|кто|что)(?![\w-])"
    r"|^\s*(?:мо[йяеёи]\w*|наш\w*)\s+[а-яё]+\s+(?:где|как|когда|откуда|куда|кем|чем|сколько|"
    r"скока|кто|что)(?![\w-])"
    r"|^\s*как\s+(?:[а-яё]+\s+){1,3}(?:зовут|звать|звали)\s*[.…]*\s*$"
    r"|^\s*(?:the\s+)?(?:names?|age|job|birthday|address)\s+of\s+(?:my|our)\s+[\w'-]+"
    r"(?:\s+[\w'-]+)?\s*[.…]*\s*$"
    r"|^\s*(?:der\s+|den\s+|das\s+)?(?:name|namen|vorname|geburtstag|beruf|alter)\s+"
    r"(?:meine[rs]?|unsere[rs]?)\s+\w+\s*[.…]*\s*$"
    r"|^\s*(?:el|la|los|las)\s+(?:nombres?|edad|trabajo|oficio|cumpleaños)\s+de\s+"
    r"(?:mis?|nuestr[oa]s?)\s+\w+\s*[.…]*\s*$"
    r"|^\s*(?:le|la|les|l['’])\s*(?:noms?|prénoms?|âge|métier|boulot|anniversaire)\s+"
    r"(?:de\s+|d['’])(?:mon|ma|mes|notre|nos)\s+\w+\s*[.…]*\s*$"
    r"|^\s*(?:имя|имена|возраст|профессия|день\s+рождения)\s+(?:моего|моей|моих|нашего|нашей|"
    r"наших)\s+[а-яё]+\s*[.…]*\s*$"
    r"|^\s*(?:wen|wut|wot)\s+(?:do|does|did|is|am|are|was|were|will|can|r)\s+(?:i|u|you|we|my)\b",
    re.IGNORECASE,
)
#: Openings statements do not have, in chat (session 16's blind sets): German "wie", "wem",
#: "wen", "wo", "wann", "warum" with the verb right after and the user after it ("wie komm
#: ich heim", "wem schreib ich so oft"; "Wie gesagt, ich …", "Wo ich wohne, …" tell);
#: French "c'est" cut to "c" before the question word ("c où ta banque", "c qui ce type"), "qui
#: c …", "pourquoi …" (not "pourquoi pas"), "comment" before a pronoun or "s'appelle"
#: ("comment elle s'appelle déjà ta prof"); Spanish "cuál" with its accent anywhere, or an
#: accented question word after a preposition inside the message ("juego en cuál puesto");
#: Russian "чё"/"чо"/"шо" and "почему" opening ("чё я ем на ужин"; "чё-то", "почему-то" tell).
_CHAT_OPENINGS = re.compile(
    r"^\s*(?:wie|wem|wen|wo|wann|warum)\s+(?!gesagt\b|immer\b|schon\b|auch\b|jeden\b|jedes\b|"
    r"jede\b|gewohnt\b|versprochen\b|ich\b|wir\b|du\b|man\b)[a-zäöüß]+\s+(?:ich|wir|mein\w*|"
    r"unser\w*)(?![\w-])"
    r"|^\s*c(?:['’]est|['’]|\s)\s*(?:qui|ki|où|quoi|koi|combien|comment|quand(?!\s+m[êe]me))"
    r"(?![\w'’-])"
    r"|^\s*qui\s+c(?![\w-])"
    r"|^\s*pourquoi(?![\w'’-])(?!\s+pas\b)"
    r"|^\s*comment\s+(?:il|elle|ils|elles|on|je|j['’]|tu|t['’]|vous|s['’]appell\w*|se)(?![\w'’-])"
    r"|(?<![\w-])cuál(?:es)?(?![\w-])"
    r"|(?<![\w-])(?:de|en|a|con|para|por|desde)\s+(?:qué|quién(?:es)?|dónde|cuánt[oa]s?)(?![\w-])"
    r"|^\s*(?:чё|чо|шо|почему)(?![\w-])(?!\s*,)",
    re.IGNORECASE,
)
#: "no sé de qué trabaja", "Me pregunto en qué …": the Spanish question word asks nothing.
_SPANISH_NOT_ASKING = re.compile(
    r"\b(?:sé|sabe|sabes|sabemos|saben|saber|idea|pregunto|entiendo|importa|decidir|elegir)\s+"
    r"(?:\w+\s+)?(?:(?:de|en|a|con|para|por|desde)\s+)?(?:qué|quién|dónde|cuánt|cuál)",
    re.IGNORECASE,
)


def _opens_in_chat(text: str) -> bool:
    """The openings and accented question words of :data:`_CHAT_OPENINGS`."""
    m = _CHAT_OPENINGS.search(text)
    return m is not None and not _SPANISH_NOT_ASKING.search(text)


_YES_NO_TAIL = re.compile(
    r"\s(?:or\s+(?:what|wat|nah)|oder\s+(?:nicht|was)|o\s+no|или\s+нет)\s*[.…]*\s*$",
    re.IGNORECASE,
)
_WHETHER = re.compile(r"(?<!\w)(?:whether|if|ob|si|ли|если)(?!\w)", re.IGNORECASE)


def _asks_in_chat(text: str) -> bool:
    """The further chat forms of :data:`_CHAT_ASKS` and :data:`_YES_NO_TAIL`."""
    if _CHAT_ASKS.search(text):
        return True
    return bool(_YES_NO_TAIL.search(text)) and not _WHETHER.search(text)


def asks_unmarked(text: str) -> bool:
    """Whether ``text`` asks something though it has no question mark (the forms of this
    module's docstring)."""
    text = text.strip()
    if not text or text.endswith("!"):
        return False
    if _FRENCH_LAST.search(text) and not _FRENCH_NOT_ASKING.search(text):
        return True
    return bool(
        _REQUESTS.search(text)
        or _FRENCH_WHICH.search(text)
        or _FRENCH_YES_NO.search(text)
        or _PREPOSITION_ASKS.match(text)
        or _OPENS_ASKING.match(text)
        or _RUSSIAN_LI.match(text)
        or _GERMAN_VERB_FIRST.match(text)
        or _ANY.match(text)
        or _any_that_i(text)
        or _RUSSIAN_WHICH.match(text)
        or _TOLD_YOU_WHICH.match(text)
        or _topic_then_asks(text)
        or _asks_in_chat(text)
        or _opens_in_chat(text)
    )
