"""Notes: what the user says about themselves in a language the rules do not read, kept verbatim.

The slot rules (``patterns_*``) read English. A statement in German, Spanish, French, Russian
(or any language the detector names) is kept as a *note*: a fact under ``note.<lang>.<words>``
whose text is the user's own sentence, so it is searchable (the embedder is multilingual),
answerable by quoting it, listed, exported and forgettable like any fact. The policies that
guard every fact run first, in the message's language: questions, hypotheticals, ephemeral
wording ("nur heute", "por ahora"), greetings and small talk, figures of speech, secrets
("mein Passwort ist …": never a note; a secret value an explicit ``/remember`` names is kept
as a secret, masked, like in English), and a statement must be about the user.
Its category is read later by meaning (``memory_core.text.notes``), where the embedder is.
"""

from __future__ import annotations

import re

from memory_core.extract import (
    endings,
    jobs_intl,
    pastimes_intl,
    patterns_intl_health,
    patterns_intl_kin,
    patterns_intl_life,
    patterns_intl_people,
)
from memory_core.extract.base import Candidate
from memory_core.extract.explicit import note_key, sensitive_candidates
from memory_core.extract.filters import (
    find_sensitive,
    is_hypothetical,
    is_noise,
    normalize_value_text,
    without_meta_talk,
)
from memory_core.extract.lexicon import (
    ACUTE_CONDITIONS,
    EVALUATIVE,
    EVENT_NOUNS,
    MOMENTARY_ACTIVITIES,
    TRANSIENT_STATES,
)
from memory_core.extract.rule import Context, fact
from memory_core.text import animals, kin, numbers
from memory_core.text.asking import asks_unmarked
from memory_core.values import Category

#: A note's first confidence hint: what the user said, not yet read into a slot.
NOTE_HINT = 0.6

_FIRST_PERSON = {
    "de": r"ich|mein|meine|meinen|meinem|meiner|meines|mir|mich|wir|unser|unsere|unseren|"
    r"unserem|unserer|uns|bin|hab|habe|wohne|arbeite|spiele|spreche|studiere",
    "es": r"yo|mi|mis|me|soy|estoy|tengo|vivo|trabajo|estudio|hablo|juego|nací|crecí|llevo|"
    r"prefiero|odio|nosotros|nosotras|nuestro|nuestra|nuestros|nuestras|nos|tenemos|vivimos|"
    r"toco|practico|corro|nado|bailo|canto|cocino|leo|escribo|colecciono|hago|escucho|cumplo|"
    r"naci|trabajé|estudié|viví|vivía|vivia|vivíamos|viviamos|somos|estamos|fumo|bebo|tomo|uso|sigo|quiero|necesito|suelo|"
    r"salgo|conduzco|duermo|camino|amo|adoro|conozco|puedo|manejo|no\s+como|no\s+bebo|"
    r"aprendo|ahorro|sueño|cuido|soporto|aguanto|detesto|disfruto|entreno|pienso|intento|espero|"
    # "we" said by the verb alone ("en agosto pensamos viajar a Oaxaca"): plans and habits.
    r"queremos|pensamos|planeamos|esperamos|preferimos|necesitamos|jugamos|trabajamos|viajamos|"
    # A trip said by the verb alone ("en julio vamos a Italia", "este verano voy a Lisboa").
    r"voy|vamos|viajo|vuelo|volamos|"
    # The pronoun on the verb: "acabo de mudarme a Cáceres".
    r"mudarme|mudarnos",
    "fr": r"je|j|moi|mon|ma|mes|me|m|nous|notre|nos|on",
    "it": r"io|mio|mia|miei|mie|mi|sono|ho|abito|vivo|lavoro|noi|nostro|nostra|abbiamo",
    "pt": r"eu|meu|minha|meus|minhas|me|sou|estou|tenho|moro|trabalho|nós|nosso|nossa|temos",
    "nl": r"ik|mijn|me|mij|wij|we|ons|onze",
    "ru": r"я|мой|моя|моё|мое|мои|мою|моего|моему|моим|моей|моих|меня|мне|мной|мы|наш|наша|"
    r"наше|наши|нашу|нашего|нашей|нашим|наших|нашему|нашими|нас|нам|нами|работаю|живу|учусь|люблю|играю|говорю|занимаюсь|"
    r"переехал|переехала|переехали|родился|родилась|вырос|выросла|женат|замужем|хожу|езжу|"
    r"читаю|пишу|готовлю|слушаю|смотрю|увлекаюсь|обожаю|предпочитаю|знаю|владею|бегаю|"
    r"плаваю|катаюсь|учился|училась|работал|работала|жил|жила|болею|хочу|мечтаю|планирую|"
    r"собираюсь|коплю|учу|умею|пью|ем|курю|ношу|сижу|помню|вожу|держу|выращиваю|собираю|"
    r"надеюсь|ненавижу|терпеть|тренируюсь|пою|танцую|рисую|вяжу|коллекционирую|изучаю|"
    r"собираемся|хотим|планируем|мечтаем|живём|живем|любим|копим|"
    # A trip said by the verb alone ("летом едем в Турцию", "в июле летим в Испанию").
    r"еду|едем|едём|поеду|поедем|поедём|лечу|летим|полечу|полетим|отдыхаем|"
    # A reflexive verb in the first person ("встречаюсь", "стараюсь").
    r"[а-яё]{2,}(?:юсь|усь)",
    "uk": r"я|мій|моя|моє|мої|мене|мені|ми|наш|наша|наше|наші|нас|нам",
    "pl": r"ja|mój|moja|moje|moi|mnie|mi|my|nasz|nasza|nasze|jestem|mam|mieszkam|pracuję",
    "tr": r"ben|benim|bana|beni|biz|bizim",
    "sv": r"jag|min|mitt|mina|mig|vi|vår|vårt|våra|oss",
}
#: "Wie gesagt, …", "como te dije", "comme d'habitude", "как я уже говорил": a lead-in,
#: not a question.
_AS_SAID = (
    r"(?!wie\s+(?:gesagt|immer|du\s+wei(?:ß|ss)t)|como\s+(?:te\s+)?(?:dije|siempre|sabes)"
    r"|comme\s+(?:je\s+(?:te\s+)?(?:l'ai\s+)?(?:disais|dit)|d'habitude|toujours|tu\s+sais)"
    r"|как\s+(?:я\s+)?(?:уже\s+)?(?:говорил|говорила|сказал|сказала|обычно|всегда))"
)
_QUESTION_START = re.compile(
    r"^\s*" + _AS_SAID + r"(?:wer|was|wo|wie|warum|wann|welche[rsnm]?|wieso|weshalb|woher|"
    r"wohin|kannst|hast|bist|"
    r"qué|quién|quiénes|dónde|cómo|cuándo|cuál|cuáles|cuánto|cuánta|por\s+qué|"
    r"qui|que|quoi|où|comment|quand|quel|quelle|quels|quelles|pourquoi|est-ce|"
    r"кто|что|где|как|когда|почему|зачем|какой|какая|какое|какие|сколько|чей|"
    r"chi|cosa|dove|come|quando|perché|quale|quem|onde|porque|qual|"
    # "Erinnere mich an…", "Recuérdame…", "Rappelle-moi…": asking to be told, not telling.
    r"erinnere\s+mich|sag\s+mir|recu[ée]rdame|dime|rappelle[- ]moi|dis[- ]moi|напомни|скажи|"
    # … and said formally ("Erinnern Sie mich …", "Recuérdeme …", "Rappelez-moi …",
    # "Напомните …").
    r"erinnern\s+Sie\s+mich|sagen\s+Sie\s+mir|recu[ée]rdeme|d[ií]game|rappelez[- ]moi|"
    r"dites[- ]moi|напомните|скажите|подскажите)\b",
    re.IGNORECASE,
)
#: A question written without "?" or accents in chat ("wie heißt mein mann", "como se llama
#: mi novio", "comment s'appelle ma copine", "как зовут мою жену"): a question word with the
#: verb that makes it one, since "Como pizza", "Wie gesagt", "Как я уже говорил" are not.
UNMARKED_QUESTION = re.compile(
    r"^\s*(?:wie\s+(?:hei(?:ß|ss)t|hei(?:ß|ss)en|hie(?:ß|ss)|alt|lange|viele)"
    r"|was\s+(?:ist|sind|war|mache|arbeite|bin|studiere|esse|spiele|weißt|weisst)"
    r"|c[oó]mo\s+(?:se\s+llaman?|me\s+llamo)|d[oó]nde\s+(?:viv|trabaj|estudi|naci)\w*"
    r"|cu[aá]ndo\s+(?:es|naci|nací|cumplo)|cu[aá]l(?:es)?\s+(?:es|son)|qui[eé]n(?:es)?\s+(?:es|son)"
    r"|qu[eé]\s+(?:edad|idiomas?|instrumentos?|estudio|trabajo)|cu[aá]nt[oa]s\s+a[nñ]os"
    r"|comment\s+(?:s'appellen?t?|je\s+m'appelle)|c'est\s+quoi|qu'est-ce\s+que"
    r"|(?:ou|où)\s+(?:j'habite|je\s+vis|je\s+travaille|est-ce)"
    r"|(?:j'\w+|je\s+\w+(?:\s+\w+)?)\s+(?:o[uù]|quand|comment|quoi)(?:\s+d[ée]j[aà])?\s*[?!.]*$"
    r"|как\s+(?:зовут|звали|называется)|чем\s+я|на\s+(?:чём|чем|каком|какой|каких)"
    r"|в\s+каком|когда\s+(?:у\s+меня|мой|я\s+родил))(?![\w-])",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"^\s*(?:wenn|falls|angenommen|stell\s+dir\s+vor|si|supongamos|imagina|imagine|supposons|"
    r"если|представь|допустим|se|caso)\b"
    r"|\b(?:würde|würdest|hätte|wäre|gustaría|podría|sería|pourrais|pourrait|voudrais|serais|"
    r"serait|aurais|бы)\b",
    re.IGNORECASE,
)
_EPHEMERAL = re.compile(
    r"\b(?:nur\s+(?:für\s+)?heute|für\s+(?:jetzt|heute)|vorerst|im\s+moment|gerade|"
    r"solo\s+(?:por\s+)?hoy|por\s+ahora|de\s+momento|ahora\s+mismo|hoy|"
    r"juste\s+(?:pour\s+)?aujourd'hui|seulement\s+aujourd'hui|pour\s+l'instant|pour\s+le\s+moment|"
    r"pour\s+aujourd'hui|aujourd'hui|en\s+ce\s+moment|"
    r"только\s+сегодня|пока\s+что|на\s+сегодня|сегодня|сейчас|"
    r"heute|ahora|maintenant)\b",
    re.IGNORECASE,
)
_FIGURE_OF_SPEECH = re.compile(
    r"\b(?:buchstäblich|quasi|praktisch|literalmente|prácticamente|básicamente|littéralement|"
    r"pratiquement|carrément|буквально|практически|millionen|millones|millions|миллион\w*|"
    r"tot\s+gelacht|muerto\s+de\s+risa|mort\s+de\s+rire|умер\w*\s+со\s+смеху)\b",
    re.IGNORECASE,
)
#: Hyperbole, sarcasm and what the user is doing this minute, in the other languages ("Das
#: Meeting bringt mich um", "estoy muerta de sueño", "je meurs de faim", "умираю от скуки";
#: "Super, encore une panne", "Toll, schon wieder Stau"; "on est en train de …", "ich bin
#: gerade beim …", "я сейчас сижу …"): nothing in them is a lasting fact.
_NOISE_ABROAD = re.compile(
    r"\b(?:bringt|bringen|bringst)\s+mich\s+(?:\w+\s+){0,2}?um\b|\bich\s+sterbe\b|\btodmüde\b|"
    r"\bmuert[oa]s?\s+de\s+(?:cansancio|hambre|sueño|frío|frio|calor|aburrimiento|miedo)\b|"
    r"\bcasi\s+me\s+muero\b|\bmil\s+horas\b|\bje\s+(?:meurs|crève|creve)\s+de\b|"
    r"\bmort(?:e|s|es)?\s+de\s+(?:fatigue|faim|froid|chaud|ennui)\b|\bумира(?:ю|ем)\s+от\b|"
    r"\bумереть\s+от\b|"
    r"^(?:oh\s+|ah\s+|na\s+)?(?:toll|super|klasse|prima|herrlich|genial|perfecto|estupendo|"
    r"fantástico|génial|parfait|magnifique|отлично|прекрасно|супер|класс|чудесно)\s*[,!]+\s*"
    r"(?:schon|ja|encore|otra\s+vez|de\s+nuevo|опять|снова|wieder)\b|"
    r"\bgenau\s+was\s+ich\s+gebraucht\s+habe\b|\bjusto\s+lo\s+que\s+necesitaba\b|"
    r"\b(?:je\s+suis|j['’]suis|on\s+est|nous\s+sommes)\s+en\s+train\s+de\b|\bahora\s+mismo\s+estoy\b|"
    r"\b(?:ich\s+)?bin\s+gerade\s+(?:beim|am|dabei)\b|"
    r"\bgerade\s+(?:koche|putze|mache|sitze|esse|stehe|fahre|warte)\b|"
    r"\bя\s+сейчас\s+(?:стою|сижу|еду|иду|готовлю|убираю|жду)\b",
    re.IGNORECASE,
)


def is_noise_abroad(sentence: str) -> bool:
    """True for hyperbole, sarcasm or what the user is doing this minute said in German,
    Spanish, French or Russian: no slot and no note is kept of it."""
    return bool(_NOISE_ABROAD.search(sentence.strip()))


_SECRET = re.compile(
    r"\b(?:password|passcode|passwort|kennwort|pin|zugangsdaten|contraseña|clave|mot\s+de\s+passe|code\s+secret|"
    r"пароль|пин-?код|senha|wachtwoord|hasło|şifre|lösenord)\b",
    re.IGNORECASE,
)
_SMALL_TALK = re.compile(
    r"^(?:hallo|hi|hey|servus|moin|guten\s+(?:morgen|tag|abend)|gute\s+nacht|danke|danke\s+schön|"
    r"tschüss|bis\s+(?:bald|morgen|später)|wie\s+geht'?s|mir\s+geht'?s\s+gut|alles\s+klar|"
    r"hola|buenos\s+días|buenas\s+(?:tardes|noches)|gracias|adiós|hasta\s+(?:luego|mañana)|"
    r"estoy\s+bien|bonjour|bonsoir|salut|merci|au\s+revoir|à\s+(?:bientôt|demain)|ça\s+va|"
    r"je\s+vais\s+bien|привет|здравствуй(?:те)?|доброе\s+утро|добрый\s+(?:день|вечер)|спасибо|"
    r"пока|до\s+свидания|у\s+меня\s+всё\s+хорошо|всё\s+хорошо|"
    r"(?:c'est|es|ist|это)\s+\w+(?:\s+(?:again|wieder|de\s+nuevo|encore|снова|опять))?)"
    r"[\s!.,?…]*$",
    re.IGNORECASE,
)
#: An apology or excuse said before a statement ("Entschuldigung, ich bin 26", "perdón, tengo
#: 26", "pardon, j'ai 26 ans", "извини, мне 26"): no part of what is told, and no name.
APOLOGY_LEAD = re.compile(
    r"^\W*(?:(?:oh|ah|och|ay|ой|ах)\s*,?\s+)?(?:sorry|entschuldigung|entschuldige|entschuldigen\s+sie|"
    r"verzeihung|pardon|perd[oó]n|perdona|perdone|disculpa|disculpe|disculpad|lo\s+siento|"
    r"d[ée]sol[ée]e?s?|excuse[sz]?[- ]moi|извини|извините|простите|прости|сорри|"
    r"пардон)(?:\s+(?:mal|bitte|por\s+favor))?\s*[,:!.—–-]+\s*",
    re.IGNORECASE,
)
_GREETING_LEAD = re.compile(
    r"^(?:(?:hallo|hi|hey|hiya|servus|moin|hola|buenas|bonjour|salut|coucou|привет|здравствуйте|"
    r"ciao|olá|oi|hej|merhaba)\b[\s,!.…]*)+",
    re.IGNORECASE,
)
#: "Ich bin's wieder", "soy yo otra vez", "c'est moi", "это снова я": the user is back.
_BACK = re.compile(
    r"^(?:ich\s+bin(?:'s|\s+es)|hier\s+ist\s+\w+|soy\s+yo|c'est\s+(?:moi|\w+)|это\s+(?:снова\s+)?"
    r"(?:я|\w+)|sono\s+io|sou\s+eu)(?:\s+(?:wieder|nochmal|otra\s+vez|de\s+nuevo|encore|"
    r"à\s+nouveau|снова|опять|di\s+nuovo|de\s+novo))?[\s!.,…]*$",
    re.IGNORECASE,
)
#: How the user feels this minute, said in a clause of its own ("je suis crevé", "estoy
#: agotada", "ich bin total kaputt", "я вымотан", "j'ai faim", "tengo sueño", "ich habe
#: Hunger", "j'en ai marre"): a passing state or a complaint.
_STATE_NOW = re.compile(
    r"^(?:(?:und|aber|y|pero|et|mais|и|а|но)\s+)?(?:"
    r"(?:ich\s+bin|bin)\s+(?:(?:so|sehr|total|echt|völlig|voll|richtig|einfach|heute|gerade)\s+)*"
    r"(?:müde|kaputt|fertig|erschöpft|platt|k\.?o\.?|hungrig|durstig|genervt|gestresst|sauer)|"
    r"(?:ich\s+)?(?:habe|hab)\s+(?:so\s+|solchen\s+|total\s+)?(?:hunger|durst|keine\s+lust|"
    r"die\s+nase\s+voll)|"
    r"(?:estoy|ando)\s+(?:(?:muy|super|súper|tan|re|bastante|hoy)\s+)*(?:cansad[oa]|agotad[oa]|"
    r"muert[oa]|reventad[oa]|rendid[oa]|hart[oa]|estresad[oa]|molid[oa]|hambrient[oa])|"
    r"tengo\s+(?:(?:mucha|mucho|tanta|tanto)\s+)?(?:hambre|sed|sueño|frío|frio|calor)|"
    r"je\s+suis\s+(?:(?:très|trop|complètement|tellement|vraiment|super)\s+)*(?:fatigu[ée]e?s?|"
    r"crev[ée]e?|épuis[ée]e?|ko|naze|mort[e]?|vann[ée]e?|lessiv[ée]e?|stress[ée]e?|énerv[ée]e?)|"
    r"j['’]ai\s+(?:trop\s+|tellement\s+|très\s+)?(?:faim|soif|sommeil|froid|chaud)|"
    r"j['’]en\s+ai\s+marre|"
    r"я\s+(?:(?:так|очень|совсем|сегодня|жутко)\s+)*(?:устал[а]?|вымотан[а]?|выжат[а]?|"
    r"измотан[а]?|голоден|голодна|замотал(?:ся|ась)|задолбал(?:ся|ась))|"
    r"(?:мне\s+)?(?:всё\s+|все\s+)?надоело)"
    r"(?:\s+\S+){0,3}[\s!.…]*$",
    re.IGNORECASE,
)
#: The user's own words in a clause: a clause with none ("Grosse semaine au travail", "Harte
#: Woche") is a remark beside the state, no fact of theirs.
_MINE_WORDS = re.compile(
    r"(?<!\w)(?:ich|mich|mir|mein\w*|wir|uns|unser\w*|yo|me|mi|mis|nosotros|nuestr\w+|"
    r"je|j['’]|moi|mon|ma|mes|nous|notre|nos|я|меня|мне|мой|моя|моё|мое|мои|мы|нас|наш\w*|"
    r"tengo|soy|estoy|(?<!el\s)(?<!al\s)(?<!del\s)trabajo|vivo)(?!\w)",
    re.IGNORECASE,
)


def _passing_state(text: str) -> bool:
    """True when a sentence says how the user feels now and nothing else of theirs ("Grosse
    semaine au travail, je suis crevé", "Ich habe Hunger", "Estoy harta del tráfico")."""
    clauses = [c.strip() for c in re.split(r"\s*[,;:—–]\s*|\s+-\s+", text) if c.strip()]
    states = [c for c in clauses if _STATE_NOW.match(c)]
    if not states:
        return False
    rest = [c for c in clauses if c not in states]
    return all(not _MINE_WORDS.search(c) and len(c.split()) <= 6 for c in rest)


#: A mood or how the day goes: chat, not a lasting fact.
_MOOD = re.compile(
    r"^(?:ich\s+bin\s+(?:so\s+|sehr\s+)?(?:müde|glücklich|traurig|gestresst|hungrig|krank)|"
    r"estoy\s+(?:muy\s+)?(?:cansad[oa]|feliz|triste|estresad[oa]|enferm[oa])|"
    r"je\s+suis\s+(?:très\s+)?(?:fatigu[ée]e?|content[e]?|triste|stress[ée]e?|malade)|"
    r"я\s+(?:очень\s+)?(?:устал[а]?|рад[а]?|грустн\w+|болен|больна))\b[\s!.…]*$",
    re.IGNORECASE,
)

#: Saying what one is about to do, or how the weather is: chat that passes, not a fact about
#: the user ("Ich geh jetzt schlafen.", "Me voy a dormir, chao.", "Bon, je vais me coucher.",
#: "У нас опять дождь."). Kept as notes, they crowded the answers of later questions out.
_PASSING = re.compile(
    r"^(?:so|also|na\s+gut|gut|ok(?:ay)?|bueno|vale|bon|allez|bref|ладно|ну|всё|все)?[\s,.!…]*"
    r"(?:(?:ich\s+)?(?:geh|gehe|muss)\s+(?:jetzt\s+|dann\s+|mal\s+)*(?:schlafen|ins\s+bett|pennen|"
    r"los|weg)|ich\s+bin\s+(?:dann\s+)?(?:mal\s+)?weg|"
    r"me\s+voy\s+(?:a\s+(?:dormir|la\s+cama|acostar(?:me)?)|ya)|tengo\s+que\s+irme|"
    r"je\s+(?:vais|file|dois)\s+(?:me\s+coucher|dormir|au\s+lit|y\s+aller|filer)|j'y\s+vais|"
    r"(?:я\s+)?(?:иду|пойду|пошёл|пошел|пошла|ложусь)\s+(?:спать|баиньки)|мне\s+пора|"
    r"(?:я\s+|мы\s+)?(?:так\s+|очень\s+)?(?:хочу|хотим)\s+(?:спать|есть|пить|кушать|домой|"
    r"отдохнуть|в\s+отпуск)|(?:queremos|quiero)\s+(?:dormir|comer|irnos|irme)|"
    r"(?:(?:bei\s+uns|hier|heute)\s+)?(?:es\s+)?(?:regnet|schneit|ist\s+es\s+(?:kalt|heiß|warm))|"
    r"(?:aquí\s+|hoy\s+)?(?:llueve|está\s+lloviendo|nieva|hace\s+(?:mucho\s+)?(?:frío|calor))|"
    r"(?:ici\s+)?(?:il\s+(?:pleut|neige|fait\s+(?:très\s+)?(?:froid|chaud|beau)))|"
    r"(?:у\s+нас\s+|сегодня\s+|тут\s+)?(?:(?:опять|снова|весь\s+день)\s+)?"
    r"(?:дождь|снег|холодно|жарко|идёт\s+дождь|идет\s+дождь))"
    r"(?:\s+(?:wieder|schon\s+wieder|den\s+ganzen\s+tag|otra\s+vez|de\s+nuevo|todo\s+el\s+día|"
    r"encore|toute\s+la\s+journée|опять|снова))?[\s,.!…]*(?:\w+[\s!.…]*)?$",
    re.IGNORECASE,
)


#: A moment of today that passed ("J'ai écouté un podcast ce matin", "Heute früh hab ich
#: Brötchen geholt", "Esta mañana vi un documental", "Сегодня утром смотрел новости"): chat
#: about the day, not a lasting fact.
_THIS_MORNING = re.compile(
    r"(?<!\w)(?:ce\s+(?:matin|midi|soir)|cet\s+après-midi|tout\s+à\s+l['’]heure|"
    r"heute\s+(?:morgen|früh|mittag|nachmittag|abend)|vorhin|esta\s+(?:mañana|tarde|noche)|"
    r"hace\s+un\s+rato|сегодня\s+(?:утром|днём|днем|вечером)|только\s+что)(?!\w)",
    re.IGNORECASE,
)
#: What happens in the world around the user ("Encore une grève …", "Schon wieder Stau auf
#: der A8", "Otra huelga de metro", "Опять пробки"): a remark, no fact about the user unless
#: they say "I" in it.
_WORLD_EVENT = re.compile(
    r"(?<!\w)(?:grève|grèves|bouchons?|embouteillages?|streik|streiks|stau|staus|verspätung|"
    r"huelga|huelgas|atasco|atascos|забастовк\w*|пробк\w*)(?!\w)",
    re.IGNORECASE,
)
_I_SAID = re.compile(r"(?<!\w)(?:je|j['’]|moi|ich|yo|я|мне|меня)(?!\w)", re.IGNORECASE)


#: A request to the bot ("Erzähl mir einen Witz", "Cuéntame un chiste", "Raconte-moi une
#: blague", "Расскажи анекдот"): the "me" in it is no fact about the user.
_REQUEST = re.compile(
    r"^(?:(?:erzähl|erzähle|sag|sage|zeig|zeige|gib|hilf|schreib|schreibe|erklär|erkläre|nenn|"
    r"nenne|empfiehl)\s+(?:mir|uns)|(?:cuéntame|cuentame|dime|dame|muéstrame|muestrame|ayúdame|"
    r"ayudame|explícame|explicame|escríbeme|escribeme|recomiéndame|recomiendame)|(?:raconte|dis|"
    r"donne|montre|aide|explique|écris|ecris|recommande|conseille)-moi|(?:расскажи|скажи|покажи|"
    r"дай|помоги|объясни|напиши|посоветуй|порекомендуй))(?!\w)",
    re.IGNORECASE,
)


#: A reaction with nothing it is about ("me encanta", "j'adore !", "ich mag es", "обожаю"):
#: a reply to the last message, no fact about the user.
_BARE_REACTION = re.compile(
    r"^(?:(?:a\s+mí\s+)?me\s+(?:encanta|encantan|gusta|gustan)(?:\s+(?:mucho|muchísimo))?|"
    r"(?:moi\s+)?j['’](?:adore|aime)(?:\s+(?:trop|beaucoup|bien|ça))?|(?:ich\s+)?(?:liebe|mag)"
    r"(?:\s+(?:es|das|ich))?|(?:мне\s+)?(?:очень\s+)?(?:нравится|обожаю|люблю)(?:\s+это)?)"
    r"[\s!.…]*$",
    re.IGNORECASE,
)


#: A kin word or pet that may open a statement about the user's own (the shared vocabulary
#: holds Russian in every case, the nominative that opens a sentence too); not an adjective
#: that stands for a person only after "my" ("Kleine Kinder sind laut", "Мелкий дождь").
_KIN_FIRST = patterns_intl_people.KIN_WORDS - (
    kin.all_words(english=False) - kin.all_words(english=False, standing=False)
)


#: "Der Bruder meiner Kollegin …", "La madre de mi amigo …", "La sœur de mon voisin …",
#: "Брат моего друга …": one of someone's people, that someone one of the user's (``who``
#: and ``owner`` are words of the people vocabulary, ``owner`` a friend, colleague, neighbour).
_SOMEONES = {
    "de": rf"(?:der|die|das)\s+(?P<who>\w+)\s+{kin.possessive('de', 'other', 'dat')}",
    "es": rf"(?:el|la|los|las)\s+(?P<who>\w+)\s+de\s+{kin.possessive('es', 'nom', 'pl')}",
    "fr": rf"(?:le|la|les|l['’])\s*(?P<who>\w+)\s+de\s+{kin.possessive('fr', 'nom', 'pl')}",
    "ru": rf"(?P<who>\w+)\s+{kin.possessive('ru', 'acc', 'dat', 'other')}",
}
_SOMEONE_OF = {
    lang: re.compile(rf"^\s*{lead}\s+(?P<owner>\w+)(?!\w)", re.IGNORECASE)
    for lang, lead in _SOMEONES.items()
}


def of_someone_else(sentence: str, language: str) -> bool:
    """True when ``sentence`` is about one of the people of someone the user knows ("La madre
    de mi amigo trabaja en un hospital", "Брат моего друга живёт в Туле") and says no more of
    the user — as the English rules read "my mate's sister is a vet"; "Die Tochter meiner
    Schwester" (the user's own family) is not someone else's."""
    m = _SOMEONE_OF.get(language, re.compile(r"(?!)")).match(sentence)
    if m is None or kin.relation_of(m.group("who"), language) is None:
        return False
    owner = kin.relation_of(m.group("owner"), language)
    if owner is None or kin.RELATIONS[owner].group != "people":
        return False
    words = _FIRST_PERSON[language]
    return re.search(rf"(?<![\w])(?:{words})(?![\w])", sentence[m.end() :], re.I) is None


#: A German move said with "wir" left out ("Sind letzte Woche nach Kiel gezogen."): the verb
#: first, no other subject after it, the line ending with the move.
_DE_DROPPED_WIR = re.compile(
    r"^\s*sind\s+(?!(?:sie|die|der|das|du|ihr|deine?|seine?|ihre?|meine?)\b)(?:\S+\s+){0,4}?"
    r"(?:um|weg)?gezogen\s*[.!]*\s*$",
    re.IGNORECASE,
)


#: A Spanish clause opened by a verb in the first person singular, the pronoun left out as
#: Spanish does: a past said by its irregular or "-é" form ("Fui bombero veinte años" — not
#: "fui al mercado", an outing —, "Estuve casada con un marino", "Empecé en una imprenta"),
#: or a present "-o" or a past
#: "-aba" with what follows it ("Padezco de artrosis", "Sufro de insomnio", "Trabajaba de
#: panadero"). The list of first-person words above names the common verbs; these were
#: dropped as not about the user ("nothing said is lost"). Words that end the same way but
#: are no verb (a month, a weekday, a number, "café", "José", "como", "todo") are left out.
_ES_VERB_FIRST = re.compile(
    r"^\s*(?:(?:y|pues|bueno|ahora|antes|también|tambien|ya|aún|aun|todavía|todavia)\s*,?\s+)*"
    # "fui a/al …" is where one went (a passing outing), not what one was.
    r"(?:(?P<past>fui(?!\s+al?\b)|estuve|tuve|hice|pude|(?P<did>[a-zñáéíóú]{3,}é))(?![\w])|"
    r"(?P<now>[a-zñáéíóú]{3,}(?:o|aba))\s+(?:de|del|a|al|en|con|por|para|desde|durante|un|una|"
    r"unos|unas|el|la|los|las|mi|mis|mucho|muchísimo|bastante|casi|siempre|cada|todos|todas|"
    r"como)(?![\w]))",
    re.IGNORECASE,
)
_ES_NO_VERB = frozenset(
    "como cuando pero todo mucho poco algo esto eso aquello nuevo solo claro bueno tampoco otro "
    "mismo cierto primero luego pronto tanto cuanto medio dentro centro barrio pueblo campo "
    "domingo sábado sabado enero febrero marzo junio julio agosto cuatro cinco ocho cuarto "
    "quinto sexto séptimo octavo noveno décimo partido tiempo café bebé josé rené noé qué puré "
    "comité chalé nevaba granizaba tronaba".split()
)


def _spanish_verb_first(sentence: str) -> bool:
    """Whether a Spanish clause opens with a verb in the first person (``_ES_VERB_FIRST``)."""
    m = _ES_VERB_FIRST.match(sentence)
    if m is None:
        return False
    word = (m.group("did") or m.group("now") or "").lower()
    return word not in _ES_NO_VERB


def about_user(sentence: str, language: str) -> bool:
    """True when ``sentence`` (in ``language``) says something in the first person."""
    if language == "en":
        return _EN_FIRST_PERSON.search(sentence) is not None
    if language == "de" and _DE_DROPPED_WIR.match(sentence):
        return True
    if language == "es" and _spanish_verb_first(sentence):
        return True
    words = _FIRST_PERSON.get(language)
    if words is None:
        return False
    if re.search(rf"(?<![\w])(?:{words})(?![\w])", sentence, re.IGNORECASE) is not None:
        return True
    # "Сын Миша, ему семь", "Hija Lucía, 4 años": a kin word first, "my" left out in chat.
    first = re.match(r"\s*([^\W\d_]+)", sentence)
    return first is not None and first.group(1).lower() in _KIN_FIRST


#: "Wie gesagt, …", "Como te dije antes, …", "Comme je disais, …", "Как я уже говорила, …":
#: the user points back to what they said; the rest is what is said now.
_SAID_BEFORE = re.compile(
    r"^\W*(?:wie\s+(?:schon\s+)?(?:gesagt|erwähnt|ich\s+(?:schon\s+)?sagte)|"
    r"como\s+(?:ya\s+)?(?:te\s+)?(?:dije|decía|comenté|he\s+dicho)(?:\s+antes)?|"
    r"comme\s+(?:je\s+(?:te\s+)?(?:l['’]ai\s+)?(?:disais|dit)|dit)(?:\s+avant)?|"
    r"как\s+(?:я\s+)?(?:уже\s+)?(?:говорил|говорила|сказал|сказала|писал|писала))"
    r"(?:\s+(?:avant|antes|vorhin|раньше))?\s*[,:—–-]\s*",
    re.IGNORECASE,
)


def keepable(sentence: str, language: str, *, explicit: bool) -> bool:
    """True when a sentence in ``language`` may become a note: not a question, wish,
    hypothetical, greeting, mood, figure of speech, talk about the chat or secret, and about
    the user (what follows "wie gesagt, …" read alone)."""
    # What follows "wie gesagt, …", and what is said besides talk about the chat itself.
    text = _SAID_BEFORE.sub("", sentence.strip())
    text = without_meta_talk(text) or (text if explicit else "")
    if not text or (len(text.split()) < 2 and not explicit) or is_question(text):
        return False
    greeted = _GREETING_LEAD.sub("", text)
    if not greeted or _BACK.match(greeted):
        return False  # "Hallo!", "Hallo, ich bin's wieder": a greeting, nothing to keep
    if _REQUEST.match(greeted):
        return False  # "Erzähl mir einen Witz": asked of the bot, not said of the user
    if _HYPOTHETICAL.search(text) or _SMALL_TALK.match(text) or _MOOD.match(greeted):
        return False
    if _PASSING.match(greeted) or _passing_state(greeted):
        return False  # "Ich geh jetzt schlafen", "У нас опять дождь": chat that passes
    if _FIGURE_OF_SPEECH.search(text) or _BARE_REACTION.match(greeted):
        return False
    if language != "en" and is_noise_abroad(text):
        return False  # "Das Meeting bringt mich um", "Super, encore une réunion …"
    if _THIS_MORNING.search(text) or (_WORLD_EVENT.search(text) and not _I_SAID.search(text)):
        return False  # a moment of today, or the world's news: chat that passes
    if _SECRET.search(text) or find_sensitive(text):
        return False  # a secret is never a note (see ``note`` for an explicit request)
    # "La madre de mi amigo …": a friend's mother, not the user; "I'm at the dentist", "I
    # think so", "I like talking to you": English chat.
    return explicit or (
        about_user(text, language)
        and not of_someone_else(text, language)
        and not (language == "en" and english_chat(greeted))
    )


#: The user in English: "I", "my", "we", "our" (not the road "I-90").
_EN_FIRST_PERSON = re.compile(
    r"(?<![\w'’])(?:i(?:['’](?:m|ve|d|ll))?|im|ive|me|my|mine|myself|we|we['’](?:re|ve|d|ll)|"
    r"our|ours)(?![\w'’])(?![.-]\w)",
    re.IGNORECASE,
)
_EN_DEGREE = (
    r"(?:(?:so|really|very|pretty|quite|a\s+bit|a\s+little|kind\s+of|kinda|also|just|"
    r"totally|absolutely|super|too|feeling|doing)\s+)*"
)
#: "Thanks!", "I'm doing alright, thanks", "I'm so knackered": how the user is this minute.
_EN_MOOD = re.compile(
    rf"^(?:i(?:['’]m|\s+am|\s+feel|\s+was)|feeling)\s+{_EN_DEGREE}(?P<w>[a-z -]+?)"
    r"(?:\s+myself)?(?:\s*,?\s*(?:thanks|thank\s+you|cheers|ta|lol|haha|today|now))*\W*$",
    re.IGNORECASE,
)
_EN_SMALL_TALK = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|morning|evening|thanks|thank\s+you|cheers|ok|okay|yes|yeah|no|"
    r"nope|sure|cool|great|nice|lol|haha|bye|night|goodnight|good\s+(?:morning|night|evening))"
    r"(?:\s+there)?\b[\s,!.…]*)+$"
    # "(Hi) there, it's me again", "I'm back": the user is back.
    r"|^(?:there\b[\s,!.]*)?(?:(?:it['’]?s|it\s+is)\s+(?:just\s+)?(?:me|\w+)|i['’]m\s+back)"
    r"(?:\s+(?:again|here|back))?\W*$",
    re.IGNORECASE,
)
#: An opinion of the moment, a wish or a request, what the user is doing or where they are
#: right now ("I think that's fair", "I want a nap", "Tell me …", "I'm eating", "I'm at the
#: dentist"): chat, no fact to keep.
_EN_PASSING = re.compile(
    r"^(?:i\s+(?:(?:really|just|also|kind\s+of|kinda|do|don't|do\s+not|didn't|did\s+not)\s+)*"
    r"(?:think|guess|suppose|reckon|wonder|hope|mean|agree|disagree|bet(?!\s+on\b)|doubt|assume|"
    r"understand|see|know(?!\s+how\b)|forgot|remember|reali[sz]e|realized|realised|noticed|heard|"
    r"saw|feel\s+like|want|wanna|need|wish|would\s+like|'d\s+like|must|should|have\s+to|gotta)"
    r"|(?:please\s+)?(?:tell|give|show|help|explain|write|recommend|remind|let|send|find|get)"
    r"\s+(?:me|us)"
    rf"|i(?:['’]m|\s+am)\s+(?:just\s+|currently\s+|still\s+)?(?:{'|'.join(sorted(MOMENTARY_ACTIVITIES))})"
    r"|i(?:['’]m|\s+am|\s+was)\s+(?:just\s+|currently\s+|still\s+)?(?:at\s+(?:the|a|work|home|"
    r"school|my)|in\s+(?:bed|class|traffic|a\s+meeting|the\s+(?:car|shower|queue|office))|"
    r"on\s+(?:my|the)\s+way))\b",
    re.IGNORECASE,
)
#: A moment of the day, a time that moves with the calendar, or what happened again ("this
#: morning", "yesterday", "next week", "again"): wrong, or no news, a week later.
_EN_MOMENT = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|right\s+now|just\s+now|at\s+the\s+moment|ago|"
    r"earlier|later|again|last\s+night|(?:this|next|last|coming)\s+(?:morning|afternoon|"
    r"evening|week|weekend|month|year|summer|winter|spring|autumn|fall)|"
    # How long the day has been ("haven't eaten all day", "stuck for an hour").
    r"all\s+(?:day|night|morning|afternoon|evening|week|weekend)|for\s+(?:an?|one|two|three|"
    r"\d+)\s+hours?|for\s+hours|since\s+(?:breakfast|lunch|dinner|dawn|\d{1,2}(?::\d\d)?\s*"
    r"(?:am|pm)?)|"
    # The commute and the weather, this song, that film: the world around the user today.
    r"traffic|queue|rush\s+hour|weather|raining|snowing|heatwave|"
    r"(?:this|that|these|those)\s+(?:song|film|movie|show|episode|game|place|one|guy|girl|"
    r"day|week|weather|meeting|lecture|class))\b",
    re.IGNORECASE,
)
#: What the user is doing as they type, and how ("I'm drowning in laundry", "I'm so done"),
#: unlike what they are doing these years ("learning", "saving", "training" …).
_EN_DOING_NOW = re.compile(
    r"^(?:i['’]?m|i\s+am)\s+(?:just\s+|currently\s+|still\s+|so\s+|literally\s+)?"
    r"(?!(?:learning|studying|working|living|saving|training|raising|dating|planning|trying|"
    r"taking|teaching|volunteering|building|writing|renovating|expecting|retiring|moving|"
    r"recovering|going\s+(?:on|to\s+(?-i:[A-Z])|back\s+to\s+(?:school|college|uni)))\b)"
    r"[a-z]+ing\b|^i\s+was\s+(?:just\s+)?[a-z]+ing\b"
    # "I can't wait", "I can't be bothered": a feeling about now.
    r"|^i\s+(?:can't|cannot|can\s+not|could\s+not|couldn't)\s+(?:wait|believe|be\s+bothered|"
    r"even|deal|stop|stand\s+(?:it|this|that))\b"
    # "I'd love to …", "I'd rather …": a wish.
    r"|^i['’]d\s+(?:really\s+)?(?:love|like|prefer|rather)\b"
    # "I'm starving, …", "I'm so afraid …": how the user feels, first.
    rf"|^(?:i['’]?m|i\s+am)\s+{_EN_DEGREE}(?:{'|'.join(sorted(TRANSIENT_STATES))})\b"
    # "I'm so stuffed", "I'm dead tired": how the user feels, said with a degree.
    r"|^(?:i['’]?m|i\s+am)\s+(?:so+|really|very|dead|totally|absolutely|completely|super|"
    r"proper|utterly|well)\s+[\w-]+(?:\s+[\w-]+)?\s*(?:[,;.!…]|$)",
    re.IGNORECASE,
)
#: A thing of the user's misbehaving or busy now ("my phone battery is dying", "my laptop's
#: playing up"), not a fact about them.
_EN_THING_NOW = re.compile(
    r"^my\s+(?:[\w-]+\s+){0,3}?(?:is|are|'s|was|were)\s+(?:(?:so|really|still|totally)\s+)?"
    r"(?:[a-z]+ing|down|broken|dead|cancelled|canceled|delayed|late|slow|fried|sore|killing)\b",
    re.IGNORECASE,
)
#: Said in jest ("lol", "haha", "the queen of procrastination"), or about "it" alone ("I miss
#: it"), or with another subject first ("It takes up my time", "They …").
_EN_JEST = re.compile(
    # A reaction ("ugh", "omg"), a simile or a record no one keeps ("like a zombie", "the
    # best day ever").
    r"\b(?:ugh+|omg|wow|yay|meh|smh|ffs|argh+|oops|whoops|ooft?|phew)\b"
    r"|\b(?:like\s+a|as\s+\w+\s+as\s+a)\s+\w+|\b(?:best|worst|longest|weirdest)\s+(?:\w+\s+)?ever\b"
    r"|\b(?:lol+|lmf?ao|rofl|ha(?:ha)+h?|he(?:he)+|jk|kidding|joking)\b|[😂🤣😅😆]"
    r"|\b(?:the\s+)?(?:queen|king|master|god|goddess|champion)\s+of\b",
    re.IGNORECASE,
)
_EN_OTHER_SUBJECT = re.compile(
    # Someone else's life, plans or gossip ("my colleague is moving to …", "apparently …").
    r"^(?:my|our)\s+(?:\w+\s+)?(?:friend|mate|pal|colleague|coworker|co-worker|boss|manager|"
    r"neighbou?r|flatmate|roommate|housemate|classmate|teacher|landlord|landlady|ex|"
    r"friend's|mate's|colleague's|boss's|neighbou?r's)\b"
    # A stranger, though the user is in the sentence ("the lady below my flat …", "a guy
    # from my gym …"): their life, not the user's.
    r"|^(?:the|a|an|this|that|some)\s+(?:[\w-]+\s+){0,2}?(?:man|men|woman|women|guy|guys|"
    r"lady|ladies|bloke|girl|boy|kid|person|people|couple|family|chap|fella|fellow|stranger)\b"
    r"|^(?:it|it's|its|this|that|that's|these|those|there|there's|here|they|they're|he|he's|she|"
    r"she's)\b",
    re.IGNORECASE,
)
#: Hearsay ("apparently …", "… says"), or a pronoun whose person or thing was named before
#: ("I play tennis with him", "my sister hates it"): alone, the note would not say whom.
_EN_UNCLEAR = re.compile(
    r"\b(?:apparently|supposedly|rumou?r|gossip|says|said|reckons|heard|"
    r"him|her|(?<!of\s)them|it|he|she|they|hers|theirs)\b",
    re.IGNORECASE,
)
#: "You" in a statement kept: only as a lead ("I told you …", "you know").
_EN_TOLD_YOU = re.compile(
    r"\bi\s+(?:told|said\s+to|mentioned\s+to)\s+you\b|\b(?:you\s+know|as\s+you\s+know)\b", re.I
)
_EN_YOU = re.compile(r"(?<![\w'’])(?:you|your|yours|yourself|u|ur)(?![\w'’])", re.IGNORECASE)


#: A past event said first ("I went to a gig", "We got soaked", "My boss bought …", "Just
#: finished …") is a moment of the user's day unless a lasting word goes with it (born, grew
#: up, used to, for years, since 2019, never, every …).
_EN_PAST_EVENT = re.compile(
    r"^(?:(?:i|we|my\s+\w+(?:\s+\w+)?)\s+)?(?:(?:just|finally|actually|also|even|only)\s+)?"
    r"(?:[a-z]{3,}ed|went|got|had|saw|made|took|ate|drank|bought|found|lost|broke|spent|met|"
    r"came|left|won|ran|did|fell|forgot|heard|read|sat|slept|thought|told|wore|wrote|drew|threw|"
    r"bit|fought|caught|flew|drove|rode|sang|swam|sold|sent|built|brought|began|woke|kept|paid|"
    r"stood|hit|hurt|knocked|stole|dropped|burnt|spilt|tore|shook|chose|gave|ate)\b",
    re.IGNORECASE,
)
_EN_LASTING = re.compile(
    r"\b(?:born|grew\s+up|raised|used\s+to|never|always|every|since|years?|decades?|childhood|"
    r"as\s+a\s+(?:kid|child|teen|teenager|boy|girl)|when\s+i\s+was|retired|graduated|married|"
    r"divorced|adopted|moved|now|anymore|any\s+more|(?:19|20)\d\d|am|is|are|have|has|'m|'s|"
    r"'re|'ve)\b",
    re.IGNORECASE,
)
_EN_JUST_DID = re.compile(
    r"\bjust\s+(?:[a-z]+ed|got|had|did|saw|made|bought|found|lost|broke)\b", re.I
)


#: What the user has today: a headache, a meeting, three coffees, a trip to the beach.
_EN_HAD_TODAY = re.compile(
    r"\b(?:have|has|had|got|'ve\s+got|'ve\s+had)\s+(?:(?:a|an|the|so\s+much|loads\s+of|tons\s+of|"
    r"another|my|\w+)\s+)?(?:(?:big|long|busy|huge|early|late)\s+)?(?:"
    + "|".join(re.escape(w) for w in sorted(EVENT_NOUNS | ACUTE_CONDITIONS, key=len, reverse=True))
    + r")\b|\b(?:coffees|teas|beers|pints|drinks|cups\s+of)\b"
    r"|\b(?:off\s+to|heading\s+(?:to|out|off|home)|on\s+(?:my|our)\s+way)\b",
    re.IGNORECASE,
)


def _passing_event(text: str) -> bool:
    """True for a past event of the user's day with nothing lasting said of it, or what they
    have on today (a meeting, a cold, a third coffee, a trip to the beach)."""
    if _EN_JUST_DID.search(text) or _EN_HAD_TODAY.search(text):
        return True
    m = _EN_PAST_EVENT.match(text)
    return (
        m is not None
        and m.group(0).split()[-1].lower() not in {"used", "need", "seed"}
        and (_EN_LASTING.search(text) is None)
    )


#: A statement that says it lasts: a habit, a span of years, a life stage, "now" after a
#: change ("climbing is what I do on Sundays now").
_EN_DURABLE = re.compile(
    r"\b(?:always|never|usually|often|sometimes|normally|generally|every|each|now|nowadays|"
    r"these\s+days|anymore|any\s+more|still|since|years?|decades?|months|all\s+my\s+life|"
    r"my\s+whole\s+life|born|grew\s+up|raised|used\s+to|as\s+a\s+(?:kid|child|teen|teenager)|"
    r"when\s+i\s+was|weekends|evenings|mornings|on\s+(?:mondays|tuesdays|wednesdays|thursdays|"
    r"fridays|saturdays|sundays)|(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
#: One of the user's people or pets named ("my nan", "our dogs", "me and my brother").
_MY_OWN = re.compile(
    r"\b(?:my|our)\s+(?:\w+\s+)?(?:"
    + "|".join(
        re.escape(w).replace(r"\ ", r"\s+")
        for w in sorted(kin.relation_words("en"), key=len, reverse=True)
    )
    + r"|dogs?|cats?|pets?|puppy|kitten|horses?|rabbits?|parrots?|budgies?|tortoises?|"
    r"hamsters?|kids|children|grandchildren|grandkids|family|parents)\b",
    re.IGNORECASE,
)


#: One of the user's people or things judged ("my wife is sweet", "my sons are a piece of
#: work"): an opinion.
_EN_OPINION = re.compile(
    r"^(?:my|our)\s+[\w\s'’-]{1,30}?\s+(?:is|are|'s|was|were)\s+(?:(?:so|very|really|such|"
    r"quite|pretty|a\s+bit)\s+)*(?P<w>[\w -]+?)(?:\s+as\s+well|\s+too)?\W*$",
    re.IGNORECASE,
)
_EN_PRAISE = frozenset(
    "funny sweet fun great lovely nice cute busy cool kind sick ill poorly unwell".split()
)


def english_chat(sentence: str) -> bool:
    """True for an English line that is chat, not a lasting fact about the user: small talk or
    a mood, an opinion of the moment, a wish or a request, what the user is doing right now or
    today, a figure of speech or a what-if, or words said to the bot ("I like talking to you")."""
    text = sentence.strip()
    if _EN_SMALL_TALK.match(text) or _EN_PASSING.match(text) or _EN_MOMENT.search(text):
        return True
    if _EN_DOING_NOW.match(text) or _EN_THING_NOW.match(text):
        return True
    if _EN_JEST.search(text) or _EN_OTHER_SUBJECT.match(text) or _EN_UNCLEAR.search(text):
        return True
    if _passing_event(text):
        return True
    opinion = _EN_OPINION.match(text)
    if opinion is not None and opinion.group("w").lower() in EVALUATIVE | _EN_PRAISE:
        return True  # "My wife is sweet": how the user sees them, not what they are
    mood = _EN_MOOD.match(re.split(r"\s*[,;]\s*", text)[0])
    if mood is not None and mood.group("w").strip().lower() in TRANSIENT_STATES | EVALUATIVE:
        return True
    if is_hypothetical(text) or is_noise(text):
        return True
    if _EN_YOU.search(_EN_TOLD_YOU.sub(" ", text)) is not None:
        return True
    # What is left is kept only when it says it lasts, or names the user's people or pets:
    # a chat line that passes looks like a statement as often as a fact does.
    return _EN_DURABLE.search(text) is None and _MY_OWN.search(text) is None


#: A question tagged on after a statement, asking for no answer ("Soy alérgico al polen,
#: ¿sabe usted?", "J'ai deux chats, vous savez ?", "Ich bin Lehrerin, wissen Sie?", "Я врач,
#: знаете ли?"): the statement is still told.
_TAG_QUESTION = re.compile(
    r"\s*[,—–-]?\s*(?:¿\s*(?:sabe\s+usted|sabes|sab[eé]is|saben|verdad|no|eh|vale|sabe)\s*\?"
    r"|(?:n'est-ce\s+pas|vous\s+savez|tu\s+sais|vous\s+voyez|hein)\s*\?"
    r"|(?:oder|nicht\s+wahr|wissen\s+Sie|weißt\s+du|wisst\s+ihr|gell|ne)\s*\?"
    r"|(?:знаете(?:\s+ли)?|знаешь(?:\s+ли)?|не\s+так\s+ли|правда|представляете)\s*\?)\s*$",
    re.IGNORECASE,
)


def without_tag_question(sentence: str) -> str:
    """``sentence`` without a question tagged on after its statement ("Soy de Bilbao, ¿sabe
    usted?" → "Soy de Bilbao."); unchanged when it has none, or when the rest asks too."""
    m = _TAG_QUESTION.search(sentence)
    if m is None or m.start() == 0:
        return sentence
    head = sentence[: m.start()].rstrip(" ,")
    if not head or is_question(head):
        return sentence
    return head + "."


#: "Quand j'étais petit, j'avais un chien", "Cuando era pequeña, vivía en Vigo", "Когда я
#: был маленьким, …": a clause of when, then what was so — told, not asked (no "?").
_WHEN_CLAUSE = re.compile(
    r"^\s*(?:quand|lorsque|cuando|когда)\s+[^,?¿]+,\s*[^\W\d_]", re.IGNORECASE
)


def is_question(sentence: str) -> bool:
    """True for a question in any of the languages ("¿Dónde vivo?", "Wo wohne ich")."""
    if "?" not in sentence and "¿" not in sentence and _WHEN_CLAUSE.match(sentence):
        return False
    return (
        "?" in sentence
        or "¿" in sentence
        or bool(_QUESTION_START.match(sentence) or UNMARKED_QUESTION.match(sentence))
        or asks_unmarked(sentence)
    )


def says_more(sentence: str, slots: list[Candidate]) -> bool:
    """True when ``sentence`` says more than the slot values read from it: "Me llamo Ana y
    tengo dos perros" keeps its note beside the name, "Me llamo Ana." does not."""
    rest = APOLOGY_LEAD.sub("", _SAID_BEFORE.sub("", sentence.strip()))
    for cand in slots:
        if cand.value:  # the value as a word ("vegetarian" is no part of "vegetariano")
            rest = re.sub(rf"(?<!\w){re.escape(cand.value)}(?!\w)", " ", rest)
            rest = _without_inflected(rest, cand.value)
        if cand.valid_from is not None:  # "seit 2019": the slot's own start
            rest = re.sub(rf"(?<!\d){cand.valid_from.year}(?!\d)", " ", rest)
    rest = _GREETING_LEAD.sub("", rest)
    if re.search(r"\d", rest) and not any(c.key in ("birthday", "age") for c in slots):
        return True  # "Meine Tochter Lena ist 7": a number no slot holds
    words = re.findall(r"[^\W\d_]+", rest.lower())
    covered = _covered(slots)
    if any(c.key.startswith("health.") for c in slots):
        # "Je suis diabétique.", "Soy diabética.": the condition holds it all
        words = [w for w in words if not patterns_intl_health.is_word(w)]
    if any(c.key.startswith("favorite.") for c in slots):
        words = [w for w in words if not w.startswith("lieblings")]
    if any(c.key.startswith("likes.") for c in slots) and pastimes_intl.PASSION.search(rest):
        # "J'aime le jardinage et c'est ma passion": the taste holds it all
        words = [w for w in words if w not in pastimes_intl.TASTE_WORDS]
    return any(w not in covered for w in words)


def _covered(slots: list[Candidate]) -> set[str]:
    """The words a sentence may hold beside ``slots`` and say no more than they do."""
    covered = set(_INTRO_WORDS | _MONTH_WORDS | _ACTUALLY_WORDS | _SORRY_WORDS)
    if any(c.key.startswith(("family.", "people.", "pet.")) for c in slots):
        # "… con mis dos hijos, Pablo y Lucía": how many, and with whom, the names hold
        covered |= patterns_intl_people.KIN_WORDS | _PET_WORDS | _AGE_WORDS | _WITH_WORDS
    if any(c.key == "age" or c.key.endswith(".age") or _COUNTS.match(c.key) for c in slots):
        # "J'ai soixante-douze ans.", "Tengo dos hijos, …": the age or the count holds it all
        covered |= _AGE_WORDS
        # "Tengo 41 años, no 40", "мне 37, а не 36": the age it replaces holds nothing more
        covered |= _NOT_WORDS
    if any(c.valid_to is not None and not c.temporary for c in slots):
        covered |= endings.ENDING_WORDS  # "Ya no vivo en Sevilla": the ending holds it all
    if any(c.key == "job_title" or c.key.endswith(".job") for c in slots):
        covered |= patterns_intl_kin.TRADE_WORDS  # "Муж водит автобус": the job holds it all
        covered |= jobs_intl.BUSINESS_WORDS  # "Je tiens un bar": the owner's title too
    if any(c.key == "origin" for c in slots):
        # "Als Kind habe ich in Graz gewohnt": where the user grew up holds it all
        covered |= patterns_intl_life.CHILDHOOD_WORDS
    if any(c.key.startswith("favorite.") for c in slots):
        covered |= patterns_intl_life.TOPIC_WORDS
    return covered


#: The animals' words in every language, singular and plural ("gatas", "Kater", "кошки").
_PET_WORDS = frozenset(
    w
    for lang in ("de", "es", "fr", "ru", "en")
    for w in animals.words(lang, plural=True, singular=True)
)
#: "with" in each language ("vivo en Sevilla con mis hijos"): said of the people named.
_WITH_WORDS = frozenset("mit con avec с со together with".split())
#: "Actually" in each language ("En realidad tengo 30 años"): says nothing a slot does not.
_ACTUALLY_WORDS = frozenset(
    "en realidad fait vrai dire eigentlich tatsächlich de hecho на самом деле вообще-то вообще "
    "то".split()
)
#: An apology before what is told ("Perdona, tengo 41", "Извини, мне 37"): says nothing a slot
#: does not (it was kept as a note beside the age, and quoted back as "«perdona, no 40»").
_SORRY_WORDS = frozenset(
    "perdona perdón perdon perdone disculpa disculpe entschuldigung entschuldige sorry pardon "
    "désolé désolée oups oops ay ой извини извините прости простите".split()
)
#: "not" in each language: the value a correction replaces ("…, no 40", "…, а не 36").
_NOT_WORDS = frozenset("no not nicht pas non не а".split())
#: The keys that count or name the user's pets or children ("pet.cat", "family.children",
#: "pet.cat.kira.name"): "Tenemos dos gatas, Mimi y Lola" says no more than the two names.
_COUNTS = re.compile(r"^(?:pet\.|family\.(?:child|children|grandchildren|son|daughter)(?:\.|$))")
#: Every word of an age said in words, in the four languages ("trente", "cinq", "y").
_AGE_WORDS = frozenset(
    part
    for lang in numbers.LANGUAGES
    for word in numbers.values(lang, high=110)
    for part in re.findall(r"[^\W\d_]+", word.lower())
) | frozenset("jahre jahren alt años anos ans год года лет".split())


def holds(sentence: str, value: str) -> bool:
    """Whether ``sentence`` says ``value``: as a word ("Wir wohnen in Pankow, …" holds
    "Pankow"), or a Russian value's inflected form ("Я живу в Самаре" holds "Самара")."""
    if re.search(rf"(?<!\w){re.escape(value)}(?!\w)", sentence, re.IGNORECASE):
        return True
    return _without_inflected(sentence, value) != sentence


def _without_inflected(text: str, value: str) -> str:
    """``text`` without the inflected forms of a Russian ``value``'s words ("Берлин" read from
    "в Берлине", "врач" from "работаю врачом"): a word sharing all but the last two letters of
    a value word (at least three)."""
    stems = [w.lower() for w in re.findall(r"[А-ЯЁа-яё]+", value)]
    if not stems:
        return text

    def same(word: str) -> bool:
        low = word.lower()
        return any(low[: max(3, len(s) - 2)] == s[: max(3, len(s) - 2)] for s in stems)

    return re.sub(r"[А-ЯЁа-яё]+", lambda m: " " if same(m[0]) else m[0], text)


#: The words of the introductions ``patterns_intl`` reads ("ich heiße", "vivo en").
_INTRO_WORDS = frozenset(
    """ich heiße heisse mein meine meinen name ist wohne lebe wir wohnen leben in jetzt und
    me llamo mi mis nombre es vivo vivimos en ahora y desde depuis
    je m appelle mon mes nom est j habite vis nous habitons on à maintenant et
    меня зовут и
    bin jahre alt arbeite als jetzt hund hündin katze kater heißt heisst unser unsere
    vegetarier vegetarierin veganer veganerin allergisch gegen auf
    tengo años trabajo como de perro perra gato gata se llama nuestro nuestra soy vegetariano
    vegetariana vegano vegana alérgico alérgica alergico alergica a al los las la el
    ai ans travaille comme chien chienne chat chatte s appelle ma notre suis végétarien
    végétarienne vegan végane végétalien végétalienne allergique aux au les l
    мне лет год года мою нашу моего нашего собаку кошку пса кота щенка у аллергия на я
    вегетарианец вегетарианка веган веганка живу живём живем проживаю проживаем мы в во
    работаю сейчас теперь по профессии с
    bei der die das dem den ein eine einen einem seit jahren von beruf komme stamme ursprünglich
    eigentlich aus studiere student studentin an spreche kann fließend fliessend ist sind
    geburtstag geboren hab habe am namens heißen heissen haben nen er sie
    tenemos tiene un una llama on une a e nach gezogen umgezogen mudé mude mudamos mudado
    installé installée installés déménagé ai avons nous sommes
    acabo acabamos mudar mudarme mudarnos déménager vient venons перебрался перебралась
    перебрались
    нас есть моя мой моё мою переехал переехала переехали
    trabajo para soy vengo originario originaria de del estudio estudiante hablo favorito
    favorita preferido preferida es son cumpleaños cumple nací naci el que se llaman llamo
    travaille bosse chez pour viens originaire étudie etudie étudiant étudiante etudiant
    etudiante parle préféré préférée prefere preferee favori favorite c est anniversaire né née
    ne le qui s appellent il elle
    trabaja trabajan arbeitet arbeiten travaillent работает работают работал работала он она
    они él ella ellos noch immer inzwischen mittlerweile endlich todavía todavia aún aun por fin
    finalmente toujours encore enfin désormais
    учусь из родом говорю знаю владею любимый любимая любимое день рождения родился родилась
    года зовут есть его её ее по имени кличке""".split()
)
_MONTH_WORDS = frozenset(
    """januar jänner februar märz april mai juni juli august september oktober november
    dezember enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre
    diciembre janvier février mars avril juin juillet août septembre octobre novembre décembre
    января февраля марта апреля мая июня июля августа сентября октября ноября декабря""".split()
)


def is_ephemeral(sentence: str) -> bool:
    """True for "nur heute", "por ahora", "pour l'instant", "только сегодня": only for now."""
    return _EPHEMERAL.search(sentence) is not None


def note(sentence: str, language: str, ctx: Context, *, explicit: bool = False) -> list[Candidate]:
    """The sentence, in the user's own words, as a ``note.<lang>.<words>`` candidate (none when
    a policy says it must not be kept)."""
    text = sentence.strip().rstrip(" ,;")
    spans = find_sensitive(text)
    if explicit and spans:
        # "/remember meine IBAN ist DE89…": kept as a secret, masked like any other.
        return sensitive_candidates(text, spans, ctx)
    if not keepable(text, language, explicit=explicit):
        return []
    text = _GREETING_LEAD.sub("", text)  # "Hallo, ich wohne …" keeps what was said
    text = APOLOGY_LEAD.sub("", text)  # "Perdona, vivo en …": what is said, not the excuse
    text = text[:1].upper() + text[1:]
    if normalize_value_text(text, own_words=True) is None:
        return []
    key = "note." + language + "." + note_key(text).removeprefix("note.")
    temporary = is_ephemeral(text)
    return fact(key, text, Category.OTHER, NOTE_HINT, None, temporary=temporary, own_words=True)
