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


#: One of the user's own people or things named before the comma ("my niece", "meine
#: Tante", "mi tío", "ma nièce", "моя тётя"): a topic, though it holds "my".
_OWN_TOPIC = re.compile(
    r"^(?:and\s+|und\s+|y\s+|et\s+|а\s+|и\s+)?(?:my|our|mein\w*|unser\w*|mi|mis|tus?|"
    r"nuestr[oa]s?|mon|ma|mes|notre|nos|мо[йяеёи]\w*|наш\w*)\s+[\w'’-]+(?:\s+[\w'’-]+)?$",
    re.IGNORECASE,
)
#: What asks of such a topic after the comma: a question word not followed by a subject
#: (which makes it a relative clause: "my town, where I grew up", "mein Dorf, wo ich …").
_ASKS_OF_TOPIC = re.compile(
    r",\s*(?!(?:who|which|que|qui|der|die|das|который|которая|которое|которые)\b)[\w'’]+"
    r"(?:\s+me)?\s+(?!(?:i|we|he|she|they|ich|wir|er|sie|es|yo|je|j|il|elle|nous|я|мы|он|она)"
    r"(?![\w'’]))",
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
    if _OWN_TOPIC.match(head) and _ASKS_OF_TOPIC.match(text[m.start() :]):
        return True  # "my niece, what's her name", "meine Tante, wo wohnt die"
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
    r"|\b(?:as|is|are|was|were|called|named|at|in|from|with|for|studies|studied|does|did|"
    r"lives?|lived|works?|worked|born|goes|go|went|drives?|plays?|teaches|teach)\s+"
    r"(?:what|who|where)(?:\s*,?\s*again)?\s*[.!…]*$"
    # "der Hund heißt wie nochmal", "mein Bruder wohnt wo": the German question word last.
    r"|\b(?:heißt|heisst|hieß|hiess|heißen|wohnt|wohnen|wohnte|arbeitet|arbeiten|lebt|leben|"
    r"studiert|macht|ist|war|sind)\s+(?:wie|wo|was|wann|wer|woher)"
    r"(?:\s+(?:nochmal|noch\s+mal|gleich|denn|eigentlich))?\s*[.!…]*$"
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


#: Chat names the topic first and asks about it after, without a comma or "?" (session 17's
#: blind sets): Spanish with an accented question word after one of the user's people or
#: things ("mi abuela dónde nació", "el loro cómo se llamaba"; unaccented only "como se
#: llama…" and "donde vive/trabaja" ending the message: "mi pueblo donde nací es bonito"
#: tells); German with "wie/wo/wann/was/wer" and its verb after the topic ("mein Onkel wo
#: wohnt der", "unsere Katze wie hieß die"; "meine Tochter wie immer …" tells); Russian with
#: a question word between a short topic and a short tail ("тётя где работает", "попугай
#: как зовут"; a head that is a verb — "знаю где …", "живу как …" — and "как всегда", "как
#: в …" tell).
_TOPIC_THEN_ASKS = re.compile(
    r"^\s*(?:y\s+|pues\s+|oye\s+)?(?:mis?|tus?|nuestr[oa]s?|el|la|los|las)\s+"
    r"[^\W\d_]+(?:\s+[^\W\d_]+)?\s*,?\s+(?:"
    r"(?:cómo|dónde|cuándo|qué|quién(?:es)?|cuánt[oa]s?|cuál(?:es)?)\s+[^\W\d_]+"
    r"|como\s+se\s+llam\w*|donde\s+(?:vive|viven|trabaja|trabajan|estudia|naci[oó])\s*$)"
    r"|^\s*(?:und\s+|also\s+)?(?:mein\w*|unser\w*|der|die|das)\s+[^\W\d_]+\s*,?\s+"
    r"(?:wie|wo|wann|was|wer|woher|wohin)\s+(?!gesagt\b|immer\b|üblich\b|schon\b|auch\b|so\b|"
    r"ein\w*\b|der\b|die\b|das\b|ich\b|wir\b|er\b|sie\b|es\b|du\b|man\b|mein\w*\b)"
    r"[a-zäöüß]+\b(?![^,]*,)",
    re.IGNORECASE,
)
_RUSSIAN_TOPIC_ASKS = re.compile(
    r"^\s*(?:а\s+|и\s+|ну\s+)?(?:(?:мо[йяеёи]\w*|наш\w*)\s+)?(?P<head>[а-яё]+)"
    r"(?:\s+(?:мо[йяеёи]\w*|наш\w*))?\s+(?:где|как|когда|сколько|куда|откуда|кем|чем|кто|"
    r"какой|какая|какое|какие)(?![\w-])"
    r"(?!\s+(?:всегда|обычно|раз|и|будто|бы|только|правило|никогда|ни|же|уже|надо|нибудь|"
    r"угодно|в|во|на|у|с|со|из|по|к|за)(?![\w-]))"
    r"(?:\s+[а-яё]+){1,3}\s*[.…]*\s*$",
    re.IGNORECASE,
)
#: The endings of a Russian verb (first person, past, infinitive): such a head is no topic.
_RUSSIAN_VERB_END = re.compile(r"(?:ю|у|л|ла|ли|ло|лся|лась|ть|ешь|ем|им|ете|ите|ут|ют)$")
#: Russian asks whether the user has something with the thing first and "у меня есть"
#: last ("попугай у нас имеется", "внуки у меня есть"); "всё у меня есть" tells, and so does
#: a statement that goes on after it ("Сыновья у нас есть, трое").
_RUSSIAN_HAVE_LAST = re.compile(
    r"^\s*(?:а\s+|и\s+|ну\s+)?(?!(?:всё|все|это|то|ничего|что|там|тут|здесь)\s)[а-яё]+"
    r"(?:\s+[а-яё]+)?\s+у\s+(?:меня|нас)\s+(?:есть|имеется|имеются|был|была|было|были)"
    r"\s*[.…]*\s*$",
    re.IGNORECASE,
)


def _asks_after_topic(text: str) -> bool:
    """The forms of :data:`_TOPIC_THEN_ASKS`, :data:`_RUSSIAN_TOPIC_ASKS` and
    :data:`_RUSSIAN_HAVE_LAST`."""
    if _TOPIC_THEN_ASKS.match(text) and not _SPANISH_NOT_ASKING.search(text):
        return True
    if _RUSSIAN_HAVE_LAST.match(text):
        return True
    m = _RUSSIAN_TOPIC_ASKS.match(text)
    return m is not None and not _RUSSIAN_VERB_END.search(m.group("head").lower())


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
        or _asks_after_topic(text)
        or _SHORT_ASKS.match(text) is not None
    )


#: Short whole messages that ask in their opening words (the lead's walks, session 17): German
#: "gibt es / gibt's / gibts (irgend)was/etwas/jemand…" and "als was …" ("gibt es irgendwas, das
#: ich nicht esse" got the crisis reply; "als was arbeite ich eigentlich" was kept as a note);
#: Russian "где/куда/откуда/когда/сколько + я/мы + verb" as the whole message ("где я живу";
#: "где я живу, всегда холодно" goes on and tells).
_SHORT_ASKS = re.compile(
    r"^\s*(?:gibt\s+es|gibt['’]?s)\s+(?:irgend)?(?:was|etwas|jemand\w*|einen|eine|ein)\b"
    r"|^\s*als\s+was\s+[a-zäöüß]+\s+(?:ich|wir)\b"
    r"|^\s*(?:где|куда|откуда|когда|сколько)\s+(?:я|мы)\s+[а-яё]+(?:\s+[а-яё]+)?\s*[.…]*\s*$",
    re.IGNORECASE,
)
