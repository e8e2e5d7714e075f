"""The crisis reader: whether a message says its speaker may harm themselves (the crisis reply).

The sensitivity model's linear reader (:mod:`memory_core.text.sensitivity_meaning`) decides what
is private; its self-harm column also decided the crisis reply, so one threshold served two
aims. Look-alikes of self-harm ("I could sleep forever after that hike") pushed that threshold
up to keep the column's flags precise, and the crisis reply then answered fewer people who needed
it. This reader is calibrated for the crisis reply alone: a logistic regression over the same
passage vectors, self-harm against everything else (other special categories, mental health
included, and harmless look-alikes), trained by ``devtools/train_crisis.py`` on the ``tune`` rows
of the labelled lists only; its threshold is the lowest at which the cross-validated crisis
replies (the rules' self-harm readings and this reader's) stay ``CRISIS_PRECISION`` right. It
only upgrades a reading to self-harm — a text the rules or the other reader left unread, read
as health, or that the rules read as confided ("between us, I think about not waking up") — and
never for a message addressed to the bot or one that says death only as a figure of speech
(:func:`speaks_figuratively`: "I'm dying to see it", "my boss will kill me if …", a goal revised
downwards); such a figure also turns the other reader's self-harm reading into health (private,
no crisis reply). It never lowers anything else.
Self-harm said without its words — goodbye letters left, pills put aside, a railing or a roof's
edge, hoping not to wake, "cutting again", a pet rehomed "when I'm gone" — is read by word
classes (:func:`says_crisis_indirectly`) with the rules (``sensitive_topic``), on every path.
Deterministic, one dot product per vector; without its weights or with another embedder it is
off, and the crisis reply follows the sensitivity model's self-harm reading as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import structlog

from memory_core.text import animals, kin
from memory_core.values import Topic

log = structlog.get_logger("memory_core.sensitivity")

#: The weights shipped with the package (written by ``devtools/train_crisis.py``).
CRISIS_PATH = Path(__file__).parent / "crisis_weights.npz"

Matrix = npt.NDArray[np.float64]

#: Death and killing said as a figure of speech, in the bot's languages: longing, laughter,
#: hunger or tiredness said as dying ("I'm dying to see it", "me muero de ganas", "je meurs de
#: faim", "ich lach mich tot", "умираю, как хочу в отпуск", "dead tired", "вымотан до
#: смерти"); a boss's threat over a deadline ("my boss will kill me if …", "me va a matar si",
#: "va me tuer si", "убьёт, если"); dying or killing in a game ("killed the final boss", "меня
#: убили в катке"); sleeping forever after an effort ("I could sleep forever after that
#: hike"); and (``_GOAL`` with ``_REVISED`` below) a goal revised downwards ("twelve books
#: by June — okay, six"). Both readers by meaning took such sentences for self-harm and
#: brought the crisis reply (the tune rows of batch 111 and the look-alikes the lead probed);
#: the words of death in them are the idiom, not the speaker's.
_FIGURE = re.compile(
    # longing, laughter, hunger, boredom, tiredness said as dying
    r"\bdying\s+(?:to|for)\b|\b(?:die|died|dying|dead)\s+(?:of|from)\s+(?:laughter|laughing|"
    r"boredom|hunger|embarrassment|shame|curiosity|thirst|heat|cold)\b|\b(?:die|died|dying)\s+"
    r"laughing\b|\bdead\s+(?:tired|on\s+my\s+feet)\b|\bso\s+hungry\s+i\s+could\s+die\b"
    r"|\bme\s+muero\s+(?:de|por)\s+(?:ganas|risa|hambre|sed|sueño|frío|calor|aburrimiento|"
    r"vergüenza|envidia|curiosidad)\b|\bmuert[oa]s?\s+de\s+(?:risa|hambre|sed|sueño|cansancio|"
    r"frío|calor|aburrimiento|vergüenza)\b"
    r"|\bmeurs\s+(?:d['’]envie|de\s+(?:faim|soif|rire|chaud|froid|fatigue|sommeil|honte|"
    r"curiosité|ennui))\b|\bmort(?:e|s|es)?\s+de\s+(?:rire|faim|fatigue|soif|honte|froid|chaud|"
    r"ennui)\b|\bmourir\s+de\s+(?:rire|honte)\b"
    # sixteenth round: "I could literally die" beside the blunder that makes one blush
    r"|\bi\s+could\s+(?:\w+\s+)?(?:die|have\s+died)\b(?=.{0,100}\b(?:embarrass\w*|cringe\w*|mortif\w*|"
    r"awkward|in\s+front\s+of|wav(?:ed|ing)\s+(?:back|at)|blush\w*|so\s+red|red\s+as)\b)"
    r"|\b(?:embarrass\w*|cringe\w*|mortif\w*|awkward|blush\w*)\b.{0,60}\bi\s+could\s+(?:\w+\s+)?"
    r"(?:die|have\s+died)\b"
    r"|\btot(?:lachen|gelacht|müde)\b|\blach\w*\s+mich\s+(?:noch\s+)?tot\b|\bsterbe\s+"
    r"(?:gleich\s+|fast\s+)?vor\s+(?:hunger|durst|langeweile|neugier|lachen|hitze|kälte|"
    r"müdigkeit|scham)\b"
    r"|\bумира(?:ю|ем),?\s+(?:как\s+хоч|с\s+голоду|от\s+(?:скуки|жары|холода|смеха|"
    r"любопытства))|\bсо\s+(?:смеху|стыда|скуки)\b|\b(?:умер\w*|умира\w*)\s+от\s+стыда\b|\b(?:устал|вымотан|замучен|задолбал)\w*\s+до\s+смерти\b"
    r"|\bдо\s+смерти\s+(?:устал|хочу|надоел)\w*|\bсмертельно\s+устал\w*"
    # a commute or a chair killing one's back (twelfth round)
    r"|\b(?:kill|murder|destroy)(?:s|ing|ed)?\s+my\s+(?:back|feet|knees|neck|shoulders|ears|eyes|"
    r"head|hips|wallet|budget)\b"
    # fourteenth round: killing for a treat ("I'd murder a margherita", "I'd kill for a cold
    # beer", "würde morden für eine Pizza", "mataría por unas croquetas", "je tuerais pour un
    # croissant", "убил бы за шаурму"), and wearing oneself out doing something ("je me tue à le
    # lui dire", "me mato a trabajar", "arbeite mich noch tot")
    r"|\b(?:i['’]?d|i\s+would|i\s+could|could|would)\s+(?:(?:honestly|totally|literally|actually|"
    r"so|just|seriously|happily)\s+)?(?:murder|kill)\s+(?:for\s+)?(?:a|an|some|the|one|two|"
    r"another)\s+(?![^.!?]{0,30}\b(?:die|dead|death|end\s+it)\b)\w"
    r"|\b(?:kill|murder)\s+for\s+(?:a|an|some|one|another)\b(?![^.!?]{0,30}\b(?:die|dead|death|end\s+it)\b)"
    r"|\b(?:würde|könnte)\s+(?:ich\s+)?(?:\w+\s+)?(?:morden|töten)\s+für\b"
    r"|\bmatar(?:ía|ia)\s+por\b|\btuerais\s+pour\b|\bубил[аи]?\s+бы\s+за\b"
    r"|\bme\s+tue\s+(?:à|a)\s+(?:le\s+|la\s+|les\s+|lui\s+|leur\s+|vous\s+|te\s+|l['’]\s*)*\w+(?:er|ir|re)\b"
    r"|\bme\s+suis\s+tu[ée]e?\s+(?:à|au)\s+(?:la\s+tâche|travail|\w+(?:er|ir|re)\b)"
    r"|\bme\s+mat(?:o|é|e|aba|aré)\s+(?:a\s+)?\w+(?:ar|er|ir|ando|iendo)\b(?<!\bmatarme)"
    r"|\bme\s+estoy\s+matando\s+(?:a\s+)?\w+(?:ar|er|ir|ando|iendo)\b"
    r"|\b(?:arbeit|schuft|lern|ackr?)\w*\s+mich\s+(?:\w+\s+){0,2}tot\b|\btot\s*(?:gearbeitet|geschuftet)\b"
    # someone will kill me if … (a deadline, a mess)
    r"|\b(?:will|'ll|gonna|going\s+to)\s+(?:kill|murder|strangle)\s+me\s+(?:if|when|unless)\b"
    r"|\bme\s+(?:va|van)\s+a\s+matar\s+si\b|\bme\s+matar(?:á|án)\s+si\b"
    r"|\b(?:va|vont)\s+me\s+tuer\s+si\b|\bme\s+tuer(?:a|ont)\s+si\b"
    r"|\b(?:bringt|bringen)\s+mich\s+um,?\s+wenn\b|\bwird\s+mich\s+umbringen,?\s+wenn\b"
    r"|\bубь(?:ё|е)т,?\s+если\b|\bубьют,?\s+если\b"
    # sleeping forever after an effort
    r"|\b(?:could|would|'d)\s+(?:happily\s+)?sleep\s+(?:forever|for\s+(?:a\s+)?(?:week|days|"
    r"ever|year|month|hundred\s+years))\b.{0,40}\bafter\b"
    r"|\bafter\b.{0,60}\b(?:could|would|'d)\s+(?:happily\s+)?sleep\s+(?:forever|for\s+(?:a\s+)?"
    r"(?:week|days|ever))\b"
    r"|\bdormir(?:ía|ia)\s+(?:para\s+siempre|una\s+semana)\b.{0,30}\b(?:después|tras)\b"
    r"|\bdormir(?:ais|ait)\s+(?:pour\s+toujours|une\s+semaine)\b.{0,30}\baprès\b"
    r"|\baprès\b.{0,60}\bdormir(?:ais|ait)\s+(?:pour\s+toujours|une\s+semaine)\b"
    r"|\bnach\b.{0,60}\b(?:könnte|würde)\s+(?:ich\s+)?(?:ewig|eine\s+woche|tagelang)\s+"
    r"schlafen\b|\b(?:könnte|würde)\s+(?:ich\s+)?(?:ewig|eine\s+woche|tagelang)\s+schlafen\b"
    r".{0,30}\bnach\b"
    r"|\bпосле\b.{0,60}\b(?:спал|спала|проспал|проспала)\w*\s+(?:бы\s+)?(?:вечно|неделю|сутки)"
    r"|\bпосле\b.{0,60}\bбы\s+(?:мог\w*\s+)?(?:спал|спала|проспал\w*|спать)\s+(?:вечно|неделю|"
    r"сутки)"
    # dying or killing in a game (words only games use: a boss, a respawn, a raid, a squad)
    r"|\b(?:kill\w*|died|dying|убил\w*|убива\w*|умер\w*|mat\w+|tu[ée]\w*|tuer|gekillt|"
    r"gestorben|getötet)\b.{0,60}\b(?:boss|bosses|raid|squad|respawn\w*|elden\s+ring|fortnite|"
    r"valorant|minecraft|dota|endboss|jefe\s+final|boss\s+final|босс\w*|катк\w*)\b"
    r"|\b(?:boss|raid|endboss|jefe\s+final|boss\s+final|босс\w*|катк\w*)\b.{0,60}"
    r"\b(?:kill\w*|died|dying|gekillt|gestorben|mat\w+|tu[ée]\w*|убил\w*|убили|умер\w*)\b",
    re.IGNORECASE,
)

#: A goal or a resolution ("my goal is …", "I plan to …", "this year", "mein Vorsatz", "mi
#: propósito", "ma résolution", "моя цель") …
_GOAL = re.compile(
    r"\b(?:goal|resolution|aim|target|objective|(?:my|the|our)\s+plan|plan\s+to|planning\s+to|"
    r"ziel|vorsatz|meta|propósito|objetivo|objectif|résolution|цель|план\s+на|this\s+year|"
    r"next\s+year|dieses\s+jahr|este\s+año|cette\s+année|в\s+этом\s+году)\b",
    re.IGNORECASE,
)
#: … revised downwards in the same breath ("— no, five", ", well, cut back", "okay, maybe",
#: "scratch that", "let's be realistic", "bueno, seis", "enfin, disons", "ну ладно, на пять").
_REVISED = re.compile(
    r"(?:[—–-]|,)\s*(?:no|nah|okay|ok|well|fine|naja|na\s+gut|nein|bueno|vale|enfin|bon|non|"
    r"ну\s+ладно|ну\s+хорошо|ладно|нет)\s*,|\bscratch\s+that\b|\bmake\s+that\b"
    r"|\b(?:let['’]?s|let\s+us)\s+(?:be\s+(?:realistic|sensible)|not\s+kid\s+ourselves)\b"
    r"|\bseamos\s+realistas\b|\bsoyons\s+(?:réalistes|raisonnables)\b|\bbleiben\s+wir\s+"
    r"realistisch\b|\bбудем\s+реалистами\b",
    re.IGNORECASE,
)

#: What a person in crisis says of themselves, in the bot's languages: a figure of speech
#: beside any of these is not read as one ("I'm dying to just disappear", "let's be honest,
#: everyone would be better off without me", "I'd sleep forever and never wake up").
_OWN_HARM = re.compile(
    r"suicid|selbstmord|суицид|(?<!know\s)myself|\bme\s+kill|\bend(?:ing)?\s+(?:it|things|everything|my\s+"
    r"life)\b|\bmy\s+life\b|\balive\b|\blive\b|\bliving\b|\bwake\s+up|\bwaking\b|\bpills?\b|"
    r"overdose|tablet|\bhurt|\bharm|\bcut(?:ting)?\s+my|\bblade|\brazor|\bbridge|\bjump|"
    r"disappear|without\s+me|better\s+off|no\s+point|goodbye|burden|\brope\b|\bhang|\bgone\b|"
    r"miss\s+me|\b(?:not|won['’]?t|wouldn['’]?t)\s+(?:be\s+)?(?:here|around)\b|\b(?:no\s*one|nobody)\s+would\b|"
    r"\bwant\s+to\s+die\b|\bwish\s+i\s+(?:was|were)\s+dead\b|\bif\s+i\s+died\b|"
    r"\bnever\s+wake\b|\b(?:go|carry)\s+on\s*(?:$|[,.!…]|like\b|with\s+(?:this|it|life))"
    r"|\bso\s+weiter\b|\bseguir\s+así\b|\bcontinuer\s+(?:comme\s+ça|ainsi)\b|\bтак\s+(?:жить|дальше)\b"
    r"|matarme|quitarme|\bvivir|\bvida\b|\bmorir(?:me)?\b|despertar|pastillas|cortarme|"
    r"sin\s+mí|desaparecer|\bcarga\b|despedid|\btirarme\b"
    r"|me\s+tuer|\bvivre|\bvie\b|\bmourir\b(?!\s+de\s+(?:rire|honte))|réveill|médicament|cachets|"
    r"me\s+couper|scarif|sans\s+moi|dispara[iî]tre|fardeau|adieu|en\s+finir|me\s+jeter"
    r"|umbringen\s*$|mich\s+umbringen|\bleben|sterben\s+(?:will|möchte)|aufwach|tabletten|"
    r"ritz|ohne\s+mich|verschwinden|\b(?:eine|zur|nur)\s+last\b|abschied|brücke|springen"
    r"|покончить|убить\s+себя|\bжить|умереть|просну|таблет|порез|\bрежу|без\s+меня|исчезн|"
    r"обуз|прощальн|\bмост|прыгн|выпрыгн",
    re.IGNORECASE,
)


#: "I'd sooner die than …" said of something one dislikes ("would sooner die than sing karaoke,
#: haha", "lieber sterbe ich, als …", "prefiero morirme antes que …", "plutôt mourir que …",
#: "лучше умру, чем …"): its own words of dying are the idiom, so what a person in crisis says
#: of themselves (``_OWN_HARM``) is looked for in the rest of the sentence ("I would rather die than
#: go on living like this" is no figure).
_RATHER_DIE = re.compile(
    r"\b(?:i['’]?d|i\s+would|would)\s+(?:much\s+|far\s+)?(?:rather|sooner)\s+(?:die|drop\s+dead|"
    r"be\s+dead)(?:\s+\w+){0,2}?\s+than\b"
    r"|\blieber\s+(?:sterbe\s+ich|tot|würde\s+ich\s+sterben)\b|\b(?:sterbe|würde)\s+ich\s+"
    r"(?:doch\s+)?lieber(?:\s+sterben)?,?\s+als\b"
    r"|\bprefiero\s+morir(?:me)?,?\s+(?:antes\s+)?(?:que|de)\b|\bantes\s+muert[oa]\s+que\b"
    r"|\bplut[ôo]t\s+(?:mourir|crever)\b|\bpr[ée]f[ée]r(?:e|erais)\s+(?:encore\s+)?(?:mourir|"
    r"crever),?\s+que\b"
    r"|\bлучше\s+(?:я\s+)?(?:умру|сдохну|помру)\b",
    re.IGNORECASE,
)


#: Words of a wound or of wanting to die, in the bot's languages: a look-alike
#: (:func:`looks_like_self_harm`) beside any of these is read as before ("relapsed, had a drink
#: and cut my arm"; life in any language: "ending things with my life", "mit meinem Leben
#: Schluss machen", "terminar con mi vida").
_WOUND = re.compile(
    r"suicid|selbstmord|суицид|самоуби|\bkill(?:ing)?\s+myself\b|\bwant\s+to\s+die\b|"
    r"\bwish\s+i\s+(?:was|were)\s+dead\b|\bend(?:ing)?\s+(?:it\s+all|my\s+life)\b|self[-\s]?harm|"
    r"\bhurt(?:ing)?\s+myself\b|\b(?:wrists?|arms?|thighs?|legs?|skin|blood|bleed\w*|scars?)\b|"
    r"\bblades?\b|\brazor|overdose|\bpills?\b|\btablets?\b|\bdon['’]?t\s+want\s+to\s+(?:live|be\s+here)\b|"
    r"better\s+off\s+without\s+me|\blife\b|\bvida\b|\bvie\b|\bleben\b"
    r"|matarme|cortarme|autolesi|\bmuñecas?\b|\bbrazos?\b|\bsangre\b|\bmorir(?:me)?\b|\bmi\s+vida\b"
    r"|\bme\s+tuer\b|\bmourir\b|poignets?|\bbras\b|\bsang\b|scarif|\bma\s+vie\b"
    r"|umbringen|\bsterben\b|handgelenk|\barm\b|\bblut\b|ritz|\bmein\s+leben\b"
    r"|убить\s+себя|умереть|запясть|\bрук[иуа]\b|кров|\bвены\b|\bжизн\w*|с\s+собой",
    re.IGNORECASE,
)

#: Self-harm's look-alikes that are no figure of speech (the tune rows' and the issue's false
#: crisis replies, eleventh round), each read only without a word of a wound (``_WOUND``):
#: - a relapse of a habit — smoking, drinking, a diet, sugar — ("relapsed and smoked at a
#:   party", "Rückfall: wieder geraucht", "recaí con el tabaco", "j'ai rechuté, une clope",
#:   "сорвался и выкурил сигарету"): a relapse of self-harm names a cut, a blade or a burn;
_RELAPSE = (
    r"(?:relaps\w*|fell\s+off\s+the\s+wagon|r[üu]ckf[äa]ll\w*|reca[íi]\w*|rechut\w*|сорвал\w*|"
    r"срыв\w*)"
)
_HABIT = (
    r"(?:cigarettes?|cigs?|smok\w*|vap\w*|nicotine|tobacco|drink\w*|drank|beers?|wine|alcohol|"
    r"booze|diet\w*|sugar|chocolate|junk\s+food|fast\s+food|takeaway|crisps|sweets|caffeine|"
    r"coffee|gambl\w*|zigarett\w*|geraucht|rauch\w*|alkohol|bier|wein|di[äa]t|zucker|"
    r"schokolade|s[üu]ßigkeiten|cigarr\w*|tabaco|fum\w*|alcohol|cerveza|vino|dieta|az[úu]car|"
    r"dulces|clopes?|alcool|bi[èe]re|vin|r[ée]gime|sucre|сигарет\w*|кур\w*|алкогол\w*|пив\w*|"
    r"вин[оа]\w*|диет\w*|сладк\w*|сахар\w*)"
)
_HABIT_RELAPSE = re.compile(
    rf"\b{_RELAPSE}\b.{{0,60}}\b{_HABIT}\b|\b{_HABIT}\b.{{0,60}}\b{_RELAPSE}\b", re.IGNORECASE
)
#: - a leap off a roof or a bridge threatened at a thing ("if the printer eats one more page
#:   I'm jumping off the roof, lol"): a leap, and a machine, a meeting or the traffic, beside a joke
#:   or an "if" (a joke alone is not enough: "gonna jump off a bridge lol" is answered);
_THING = (
    r"\b(?:printer|laptop|computer|pc|wi-?fi|internet|router|phone|app|software|update|"
    r"spreadsheet|excel|bug|code|build|compiler|server|zoom|teams|meeting|traffic|bus|train|"
    r"drucker|rechner|handy|wlan|impresora|ordenador|port[áa]til|m[óo]vil|reuni[óo]n|tr[áa]fico|"
    r"imprimante|ordinateur|r[ée]union|bouchons|принтер\w*|ноутбук\w*|компьютер\w*|интернет\w*|"
    r"роутер\w*|телефон\w*|совещани\w*|пробк\w*)\b"
)
_JOKE = (
    r"\b(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jaja\w*|jeje\w*|mdr|ptdr|хаха\w*|ахах\w*|"
    r"i\s+swear|ich\s+schw[öo]re|te\s+lo\s+juro|je\s+(?:te\s+)?(?:le\s+)?jure|клянусь)\b|[😂🤣🙄😩😤]"
)
_IF = (
    r"\b(?:if|one\s+more|once\s+more|wenn|noch\s+einmal|si|una\s+vez\s+m[áa]s|encore\s+une\s+fois|"
    r"если|ещё\s+раз|еще\s+раз)\b"
)
_LEAP = (
    r"\b(?:jump\w*|leap\w*|throw\s+myself|spring\w*|tirarme|me\s+tiro|salto|me\s+lanzo|saltar\w*|"
    r"sauter|saute|me\s+jeter|"
    r"прыгн\w*|выпрыгн\w*|выброшусь)\b"
)
_THING_HYPERBOLE = re.compile(
    rf"(?=.*{_LEAP})(?=.*{_THING})(?=.*(?:{_JOKE}|{_IF}))", re.IGNORECASE | re.DOTALL
)
#: - ending things with a person or a business ("ending things with my plumber", "Schluss
#:   machen mit meinem Steuerberater", "terminar con mi gestor", "en finir avec mon comptable",
#:   "порвать с бухгалтером"): not with one's life (``_WOUND``);
_ENDING_WITH = re.compile(
    r"\bend(?:s|ed|ing)?\s+(?:things|it)\s+with\s+(?!myself\b|me\b|everything\b|everyone\b|the\s+world\b)\w"
    r"|\bschluss\s+(?:(?:machen|gemacht|mache)\s+)?mit\s+(?!mir\b|allem\b)\w|\bmit\s+(?:meine[mr]?|dem|der|ihm|ihr)\s+\w+\s+schluss\b"
    r"|\b(?:terminar|acabar|cortar)\s+(?:las\s+cosas\s+|lo\s+nuestro\s+)?con\s+(?:mi|mis|el|la|él|ella|su)\b"
    r"|\ben\s+finir\s+avec\s+(?:mon|ma|mes|le|la|lui|elle|ce|cette)\b"
    r"|\b(?:порвать|порвал\w*|расста\w*|покончить|покончил\w*)\s+с\s+(?!собой\b|жизнью\b)(?:моим|моей|моими|ним|ней|этим|этой|\w+ом\b|\w+ой\b)",
    re.IGNORECASE,
)
#: - a haircut "again" ("had my fringe trimmed again", "me corté el flequillo de
#:   nuevo", "encore chez le coiffeur, trop court", "wieder die Haare geschnitten", "опять
#:   подстриглась"): hair, a fringe or bangs cut is no self-harm cut.
_HAIR = (
    r"\b(?:hair\w*|fringe|bangs|undercut|mullet|barber\w*|pelo|cabello|flequillo|melena|"
    r"peluquer\w*|cheveux|frange|coiffeu\w*|coiffure|haare?n?|frisur|friseu\w*|ponyfransen|"
    r"волос\w*|ч[её]лк\w*|стрижк\w*|подстриг\w*|парикмахер\w*)\b"
)
_SHORN = (
    r"\b(?:cut\w*|haircut|trim\w*|chop\w*|cort\w*|coup\w*|schneid\w*|geschnitten|"
    r"abgeschnitten|стриг\w*|стриж\w*|подстриг\w*|отрез\w*|обрез\w*)\b"
)
_HAIRCUT = re.compile(
    rf"{_HAIR}.{{0,40}}{_SHORN}|{_SHORN}.{{0,40}}{_HAIR}|\b(?:haircuts?|haarschnitt\w*|стрижк\w*|"
    r"(?:bob|buzz|crew|pixie|pageboy)\s+cut)\b|\bcorte\s+de\s+(?:pelo|cabello)\b|\bcoupe\s+de\s+cheveux\b",
    re.IGNORECASE,
)


#: - food cut for oneself (a slice of bread, a wedge of pie, "ein Stück Brot", "un pedazo de
#:   pan", "une tranche de pain", "ломоть хлеба" cut for oneself; twelfth round): a slice or a
#:   piece is no wound;
_FOOD_CUT = re.compile(
    r"\bcut(?:s|ting)?\s+(?:myself|me)\s+(?:a|an|another|some|one\s+more|the\s+last)\s+(?:\w+\s+){0,2}"
    r"(?:slices?|pieces?|bits?|wedges?|chunks?|hunks?|slivers?|portions?|slabs?|squares?|helping)\b"
    r"|\b(?:mir|mich)\s+(?:\w+\s+){0,3}(?:stück\w*|scheibe\w*|ecke)\b.{0,40}\b(?:ab|auf)?geschnitten\b"
    r"|\bschneide\s+mir\s+(?:\w+\s+){0,2}(?:stück\w*|scheibe\w*)"
    r"|\bme\s+cort(?:é|e|o|aré|aba)\s+(?:un|una|otro|otra)\s+(?:\w+\s+)?(?:trozo|pedazo|porción|"
    r"rebanada|rodaja|loncha|tajada|cacho)\b"
    r"|\bme\s+(?:suis\s+)?coup[ée]e?s?\s+(?:une|un|une\s+autre|encore\s+une)\s+(?:\w+\s+)?(?:part|"
    r"parts|tranche|morceau|bout)\b|\bje\s+me\s+coupe\s+(?:une|un)\s+(?:\w+\s+)?(?:part|tranche|"
    r"morceau)\b"
    r"|\bотрезал\w*\s+(?:себе\s+)?(?:ещё\s+|еще\s+)?(?:кус\w*|ломт\w*|ломоть|долечк\w*)",
    re.IGNORECASE,
)
#: - an activity taken up again (swimming, running, painting, the gym — "repris le vélo",
#:   "wieder angefangen zu malen", "volví a correr", "снова начала бегать"): no wound
#:   (``_WOUND``) and no cut (``_CUTTING``);
_ACTIVITY = (
    r"(?:run\w*|jog\w*|swim\w*|gym|training|trained|cycl\w*|climb\w*|yoga|paint\w*|draw\w*|danc\w*|knit\w*|"
    r"piano|guitar|football|tennis|bak\w*|writ\w*|read\w*|courir|nager|natation|sport|vélo|"
    r"peindre|dessiner|danser|tricoter|lire|écrire|joggen|laufen|schwimmen|fitness|malen|"
    r"zeichnen|tanzen|stricken|lesen|schreiben|correr|nadar|gimnasio|gym|pintar|dibujar|bailar|"
    r"tejer|leer|escribir|бег\w*|бегать|плавать|рисовать|танц\w*|спорт\w*|зал\w*|вязать|читать|"
    r"писать)"
)
_RESUMED = re.compile(
    rf"\b(?:started|start|starting|took\s+up|back\s+to|recommenc\w*\s+(?:à|a)|repris\s+(?:le|la|"
    rf"l['’]|les)?|wieder\s+(?:angefangen\s+)?(?:zu\s+|mit\s+(?:dem\s+)?)?|volv[íi]\s+(?:a|al)|"
    rf"снова\s+(?:начал\w*\s+)?|опять\s+(?:начал\w*\s+)?)\s*{_ACTIVITY}\b"
    rf"|\b{_ACTIVITY}\b.{{0,20}}\bagain\b",
    re.IGNORECASE,
)
#: - suicide said of a thing (a route, a plan, a game or a test "was suicide", "a suicide
#:   mission", "career suicide", "das Spiel war Selbstmord", "ese plan es un suicidio", "ce plan,
#:   c'est du suicide", "этот план — самоубийство"): the rest of the sentence says nothing of one's
#:   own harm;
_THING_NOUN = (
    r"\b(?:exam\w*|test|quiz|match|game|race|shift|week|schedule|deadline|plan|idea|move|drive|"
    r"route|climb|hike|course|class|module|paper|interview|presentation|trade|bet|flight|commute|"
    r"diet|workout|level|outfit|decision|strategy|tactics?|defen[cs]e|attack|pass|overtake|"
    r"prüfung|klausur|spiel|idee|strecke|fahrt|tour|woche|schicht|entscheidung|taktik|abwehr|"
    r"examen|prueba|partido|juego|idea|ruta|semana|turno|decisión|táctica|defensa|contrôle|partie|"
    r"idée|trajet|semaine|décision|tactique|défense|экзамен\w*|зач[её]т\w*|контрольн\w*|матч\w*|"
    r"игр\w*|план\w*|иде\w*|поездк\w*|маршрут\w*|смен\w*|недел\w*|решени\w*|тактик\w*|защит\w*)\b"
)
_SUICIDE_COMPOUND = re.compile(
    r"\bsuicide\s+(?:missions?|squad|runs?|sprints?|drills?|pace|doors?|shifts?)\b"
    r"|\b(?:career|social|political|commercial|electoral|professional|financial|fashion)\s+"
    r"suicide\b|\bselbstmord(?:kommando|mission)\b|\bmisión\s+suicida\b|\bmission\s+suicide\b"
    r"|\bсамоубийственн\w+",
    re.IGNORECASE,
)
_SUICIDE_SAID_OF = re.compile(
    r"\b(?:was|is|['’]s|would\s+be|will\s+be|felt\s+like)\s+(?:\w+\s+){0,2}suicide\b"
    r"|\b(?:war|ist|wäre)\s+(?:\w+\s+){0,2}selbstmord\b"
    r"|\b(?:fue|es|era|sería|será)\s+(?:un\s+)?(?:\w+\s+)?suicidio\b"
    r"|\bc['’](?:était|est|serait|sera)\s+(?:\w+\s+){0,2}(?:du|un)\s+suicide\b"
    r"|\b(?:был[аио]?|будет|это)\s+(?:\w+\s+){0,2}самоубийств\w*",
    re.IGNORECASE,
)
_THING_RE = re.compile(
    _THING_NOUN + r"|^\W*(?:that|this|it|das|es|eso|esto|ça|cela|c['’]|это)\b", re.IGNORECASE
)
#: - a leap for fun: a bungee jump, a dive, a swim ("bungee jumping off the bridge");
_LEAP_FOR_FUN = re.compile(
    r"(?=.*\b(?:jump\w*|leap\w*|spring\w*|saltar\w*|salto|sauter|saute|sprung|прыг\w*)\b)"
    r"(?=.*\b(?:bungee|swim\w*|dive|diving|pool|parachut\w*|schwimm\w*|baden|nadar|piscina|"
    r"plonge\w*|piscine|baignade|купа\w*|нырн\w*|парашют\w*)\b)",
    re.IGNORECASE | re.DOTALL,
)
#: - a business or a plan ended ("end my gym membership", "cancel my contract"): not one's life.
_ENDING_A_PLAN = re.compile(
    r"\bend(?:s|ed|ing)?\s+my\s+(?:\w+\s+)?(?:membership|subscription|contract|lease|tenancy|"
    r"account|policy|streak)\b",
    re.IGNORECASE,
)


def says_suicide_of_a_thing(text: str) -> bool:
    """Whether ``text`` calls a thing suicide — an exam, a plan, a mission, a career move — and
    says nothing of the speaker's own harm beside it (``_OWN_HARM``, ``_WOUND``)."""
    rest = _SUICIDE_COMPOUND.sub(" ", text)
    if rest == text:
        if _SUICIDE_SAID_OF.search(text) is None or _THING_RE.search(text) is None:
            return False
        rest = _SUICIDE_SAID_OF.sub(" ", text)
    return _OWN_HARM.search(rest) is None and _WOUND.search(rest) is None


#: Someone else's story: a novel, a film, the news, an article or a documentary, told with no
#: word of the speaker (``_SPEAKER``: a heroine's farewell letter in a book, a study of suicide
#: among doctors) — the speaker's own crisis is not in it.
_STORY = re.compile(
    r"\b(?:novel|film|movie|book|series|episode|scene|character|hero|heroine|protagonist|news|article|"
    r"documentary|podcast|report|study|roman|buch|serie|szene|escena|scène|сцен\w*|(?:der|den|dem|des|ein\w*)\s+held\w*|heldin|"
    r"nachrichten|artikel|doku\w*|"
    r"bericht|studie|novela|película|libro|protagonista|noticias|artículo|documental|reportaje|"
    r"estudio|livre|série|héros|héroïne|infos|journal|documentaire|reportage|étude|роман\w*|"
    r"фильм\w*|книг\w*|сериал\w*|геро[йия]\w*|новост\w*|стать[яеи]\w*|репортаж\w*|исследовани\w*)\b",
    re.IGNORECASE,
)
_SPEAKER = re.compile(
    r"\b(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|me|my|myself|mine|ich|mich|mir|mein\w*|yo|mi|mis|conmigo|"
    r"je|moi|mon|ma|mes|я|меня|мне|мной|мой|моя|мо[её]|мои)\b|\b[jm]['’]",
    re.IGNORECASE,
)


#: Who the story is about, or what a study counts: a third person, a character, people, rates
#: (chat drops "I": "read an article on it, can't stop thinking about doing it" is no story).
_THEY = re.compile(
    r"\b(?:he|she|they|his|her|their|hero\w*|heroine|character|man|woman|boy|girl|someone|people|"
    r"rates?|statistics|prevention|awareness|among|er|sie|sein\w*|ihr\w*|(?:der|den|dem|des|ein\w*)\s+"
    r"held\w*|heldin|mann|frau|junge|"
    r"mädchen|jemand|menschen|él|ella|su|sus|chic[oa]|hombre|mujer|alguien|gente|tasas?|"
    r"prevención|entre|il|elle|son|sa|ses|héros|héroïne|homme|femme|garçon|fille|quelqu['’]un|gens|"
    r"taux|prévention|parmi|он|она|они|его|её|ее|их|геро[йи]\w*|мужчин\w*|женщин\w*|парн\w*|"
    r"девушк\w*|кто-то|люд\w*|профилактик\w*|среди)\b",
    re.IGNORECASE,
)


#: The speaker moved by a story (sixteenth round: "the heroine jumps off the tower and I cried like
#: a baby", "ich hab nur noch geheult", "lloré a mares", "j'ai pleuré", "я рыдала"): a
#: viewer's tears, read aside, so the rest may be someone else's story.
_VIEWER_TEARS = re.compile(
    r"(?:\b(?:and|so)\s+)?\bi(?:['’]ve|['’]m|\s+was|\s+am)?\s+(?:\w+\s+){0,2}?(?:cried|cry|crying|bawled|"
    r"bawling|sobbed|sobbing|wept|teared\s+up|tearing\s+up|in\s+tears|in\s+bits|in\s+pieces|a\s+mess|"
    r"wrecked|gutted)\b(?:\s+(?:my\s+eyes\s+out|like\s+a\s+baby|so\s+much|for\s+(?:an\s+hour|ages)))?"
    r"|(?:\bund\s+)?\b(?:ich\s+)?(?:hab\w*\s+)?(?:\w+\s+){0,3}?(?:geweint|geheult|geflennt)\b"
    r"|(?:\by\s+)?\b(?:lloré|he\s+llorado|me\s+hizo\s+llorar)\b(?:\s+(?:a\s+mares|much[íi]simo))?"
    r"|(?:\bet\s+)?\bj['’]ai\s+(?:\w+\s+)?pleuré\b|\bça\s+m['’]a\s+fait\s+pleurer\b"
    r"|(?:\bи\s+)?\bя\s+(?:\w+\s+)?(?:плакал\w*|рыдал\w*|ревел\w*)\b",
    re.IGNORECASE,
)


def tells_someone_elses_story(text: str) -> bool:
    """Whether ``text`` tells a story, the news or a study of someone else (``_THEY``) with
    no word of the speaker (``_SPEAKER``), the speaker's tears at it aside (``_VIEWER_TEARS``)."""
    rest = _VIEWER_TEARS.sub(" ", text)
    return (
        _STORY.search(rest) is not None
        and _SPEAKER.search(rest) is None
        and _THEY.search(rest) is not None
    )


#: A cut said beside a relapse, a leap or an ending (a haircut is the one cut that may be said).
_CUTTING = re.compile(
    r"\bcut(?:s|ting)?\b|\bcort(?:é|e|o|ando|arme)\b|\bcoup(?:é|ée|e|er)\b|\bschneid\w*|"
    r"geschnitten|\bреж\w*|\bрезал\w*|\bпорез\w*",
    re.IGNORECASE,
)


#: A game told of (a character, the controls, a level): its falls and deaths are no one's.
_IN_A_GAME = re.compile(
    r"\b(?:in\s+(?:this|the|that|a|my)\s+game|video\s*games?|my\s+(?:character|avatar|toon|sim|"
    r"champ)|the\s+controls|respawn\w*|checkpoint|gamepad|controller|im\s+spiel|in\s+dem\s+spiel|"
    r"meine?\s+(?:figur|charakter)|en\s+el\s+(?:juego|videojuego)|mi\s+personaje|dans\s+(?:le|ce)\s+"
    r"jeu|mon\s+perso\w*|в\s+игре|мой\s+персонаж)\b",
    re.IGNORECASE,
)
#: Self-harm studied or prevented — a thesis, research, a campaign, a hotline: someone's work,
#: not the speaker's crisis ("a cousin's dissertation about suicide awareness").
_STUDIED = re.compile(
    r"\b(?:suicide|self[-\s]?harm|selbstmord|suizid|selbstverletzung|autolesi[óo]n|suicidio|"
    r"automutilation|самоубийств\w*|суицид\w*|селфхарм\w*)\s*(?:-\s*)?(?:prevention|awareness|"
    r"research|hotline|helpline|charity|statistics|prävention|forschung|prevenci[óo]n|"
    r"investigaci[óo]n|pr[ée]vention|recherche|профилактик\w*|исследовани\w*)\b"
    r"|\b(?:thesis|dissertation|research|study|studies|paper|course|training|workshop|campaign|"
    r"charity|prevention|awareness|hotline|helpline|doktorarbeit|masterarbeit|forschung|"
    r"prävention|tesis|investigaci[óo]n|prevenci[óo]n|th[èe]se|m[ée]moire|recherche|"
    r"pr[ée]vention|диссертаци\w*|диплом\w*|исследовани\w*|профилактик\w*)\s+(?:on|about|into|of|"
    r"über|zu|zur|sobre|de|del|des|du|von|der|sur|по|о)\s+(?:[\w-]+\s+){0,3}?(?:suicide|self[-\s]?harm|selbstmord|suizid\w*|"
    r"selbstverletzung|autolesi[óo]n|suicidio|automutilation|самоубийств\w*|суицид\w*)\b",
    re.IGNORECASE,
)


def studies_self_harm(text: str) -> bool:
    """Whether ``text`` tells of self-harm studied or prevented (a thesis, research, a campaign,
    a hotline: ``_STUDIED``) and says nothing of the speaker's own harm beside it."""
    rest = _STUDIED.sub(" ", text)
    return rest != text and _OWN_HARM.search(rest) is None and _WOUND.search(rest) is None


#: Fourteenth round (h-crisis14, issue 22): look-alikes the held-out rows and the lead found.
#: - living somewhere, not living ("je ne veux plus vivre à Paris", "dont wanna live in Leeds
#:   anymore", "ich mag nicht mehr in Köln leben", "no quiero vivir más en este barrio", "не хочу
#:   больше жить на этой улице", "can't live with my parents anymore"): a place or the people one
#:   lives with, not this world, a pain, oneself or "this" (``_NOT_A_PLACE``);
_NOT_A_PLACE = (
    r"(?!(?:(?:this|that|the|a|such|dieser|diesem|der|dem|este|esta|ese|esa|el|la|ce|cette|le|"
    r"этом|этой|таком|такой)\s+)?(?:world|pain|fear|hell|misery|agony|darkness|body|head|shame|"
    r"guilt|secret|memory|memories|welt|schmerz\w*|angst|hölle|scham|schuld|mundo|dolor|miedo|"
    r"infierno|vergüenza|culpa|monde|douleur|peur|enfer|honte|culpabilité|мире|свете|боли|страхе|"
    r"аду|теле|стыде|вине)\b)"
    r"(?!(?:this|that|it|these|those|everything|myself|me|das|dem|es|mir|mich|esto|eso|ello|todo|"
    r"conmigo|mí|ça|cela|tout|moi|это|этим|этом|всем|собой|мной|ним|ней)\s*(?:$|[,.!?…]|any|"
    r"anymore|more|mehr|más|plus|больше|like|so|wie|así|comme|так|forever|for|ewig|para|pour))"
)
_LIVE_SOMEWHERE = re.compile(
    r"\b(?:live|living|leben|wohnen|vivir|viviendo|vivre|habiter|жить)\b(?:\s+(?:any\s*more|more|"
    r"m[áa]s|plus|mehr|больше|there|here|dort|aqu[íi]|ici|там|здесь|тут|ya))?\s+(?:in|at|with|near|"
    r"next\s+to|im|bei|mit|en|con|cerca\s+de|à|au|aux|dans|avec|chez|près\s+de|в|во|на|с|у|рядом\s+с)"
    r"\s+" + _NOT_A_PLACE + r"\w"
    r"|\b(?:in|im|bei|mit)\s+(?:der\s+|dem\s+|den\s+|meine[mnr]?\s+)?(?!(?:dieser\s+)?(?:welt|"
    r"schmerz\w*|angst|scham|schuld|mir|mich|dem|das)\b)(?!(?:meine[mnrs]?|deine[mnrs]?|seine[mnrs]?|"
    r"ihre[mnrs]?|unsere[mnrs]?|dem|der|den|das|einem|einer|diesem|dieser)\s+leben\b)(?!leben\b)\w+\s+"
    r"(?:(?!leben\b)\w+\s+)?(?:leben|wohnen)\b(?!\s+(?:schluss|ein\s+ende)\b)",
    re.IGNORECASE,
)


def lives_somewhere(text: str) -> bool:
    """Whether ``text`` speaks of living somewhere or with someone (``_LIVE_SOMEWHERE``) and,
    the place aside, says nothing of one's own harm (``_OWN_HARM``, ``_WOUND``)."""
    rest = _LIVE_SOMEWHERE.sub(" ", text)
    return rest != text and _OWN_HARM.search(rest) is None and _WOUND.search(rest) is None


#: - a plant, a pet or a thing better off without the speaker ("my succulents are better off
#:   without me", "meine Orchidee ist ohne mich besser dran", "mis plantas están mejor sin mí",
#:   "mes plantes vont mieux sans moi", "моему кактусу без меня лучше"), with no person beside
#:   it (``_PERSON_SPARED``): a joke about a green thumb, not a burden;
_PLANT_OR_PET = re.compile(
    r"\b(?:plants?|houseplants?|cact(?:us|i|uses)|succulents?|orchids?|ferns?|basil|herbs?|"
    r"flowers?|bonsai|monstera|tomato(?:es)?|seedlings?|garden|lawn|cats?|kittens?|dogs?|"
    r"pupp(?:y|ies)|pets?|fish|goldfish|hamsters?|rabbits?|tortoises?|parrots?|birds?|"
    r"pflanzen?|kakte(?:en)?|kaktus(?:se)?|sukkulenten?|orchideen?|farn|basilikum|blumen?|garten|"
    r"katzen?|kater|hunde?|fische?|hamster|kaninchen|plantas?|cactus|suculentas?|orquídeas?|"
    r"helechos?|albahaca|flores|jard[íi]n|gat[oa]s?|perr[oa]s?|pez|peces|h[áa]mster|conejos?|"
    r"plantes?|orchidées?|fougères?|basilic|fleurs?|jardin|chat(?:te)?s?|chiens?|poissons?|"
    r"lapins?|растени\w*|кактус\w*|суккулент\w*|орхиде\w*|папоротник\w*|цвет(?:ок|ку|ы|ам)|"
    r"кот\w*|кошк\w*|собак\w*|рыбк\w*|хомяк\w*)\b",
    re.IGNORECASE,
)
_BETTER_WITHOUT_ME = re.compile(
    r"\b(?:better|happier|healthier|easier)\s+(?:off\s+)?(?:without|w/o)\s+me\b"
    r"|\bohne\s+mich\b|\bsin\s+m[íi]\b|\bsans\s+moi\b|\bбез\s+меня\b",
    re.IGNORECASE,
)
_PERSON_SPARED = re.compile(
    r"\b(?:everyone|everybody|all|world|family|kids|children|parents|they|you|we|mum|mom|dad|"
    r"wife|husband|friends|he|she|people|alle|welt|familie|kinder|eltern|ihr|du|sie|todos|mundo|"
    r"familia|hijos|padres|ellos|amigos|tout\s+le\s+monde|famille|enfants|parents|amis|ils|"
    r"все\w*|мир\w*|семь\w*|дет\w*|родител\w*|друз\w*|они|мама|папа)\b",
    re.IGNORECASE,
)


def spares_a_plant_or_pet(text: str) -> bool:
    """Whether ``text`` says a plant, a pet or a thing is better off without the speaker
    (``_BETTER_WITHOUT_ME``, ``_PLANT_OR_PET``), with no person spared beside it
    (``_PERSON_SPARED``) and, the phrase aside, nothing of one's own harm."""
    if _BETTER_WITHOUT_ME.search(text) is None or _PLANT_OR_PET.search(text) is None:
        return False
    rest = _BETTER_WITHOUT_ME.sub(" ", text)
    return (
        _PERSON_SPARED.search(text) is None
        and _OWN_HARM.search(rest) is None
        and _WOUND.search(rest) is None
    )


#: Sixteenth round (h-crisis16): look-alikes of blind set 16 and the lead's.
#: - a thing hung up — curtains, pictures, shelves, the washing ("hung the fairy lights all
#:   afternoon", "Gardinen aufgehängt", "colgar los cuadros", "accrocher les rideaux",
#:   "повесил шторы"), or hanging out: no rope for oneself; read with nothing of one's own harm in
#:   the rest (``_OWN_HARM``, ``_WOUND``);
_THINGS_HUNG = (
    r"(?:curtains?|drapes|blinds|pictures?|paintings?|prints?|posters?|frames?|photos?|shel(?:f|ves)|"
    r"mirrors?|wallpaper|washing|laundry|clothes|coats?|jackets?|lights|fairy\s+lights|decorations?|"
    r"bunting|doors?|hammock|swing|art|artwork|tv|telly|clock|baskets?|wreath|flag|banner|"
    r"stockings?|lamps?|chandelier|gardinen|vorhänge|vorhang|bilder?|poster|regal\w*|spiegel|"
    r"wäsche|lampe\w*|lichterkette\w*|deko\w*|cortinas?|cuadros?|ropa|estanter[íi]as?|espejos?|"
    r"luces|l[áa]mparas?|rideaux|tableaux?|cadres?|[ée]tag[èe]res?|miroirs?|linge|guirlandes?|"
    r"lustre|шторы|штор|занавеск\w*|картин\w*|полк[уи]|зеркал\w*|бель[её]|гирлянд\w*|люстр\w*)"
)
_HUNG_A_THING = re.compile(
    r"\b(?:hang\w*|hung)\s+(?:up\s+)?(?:(?:the|a|an|my|our|some|new|those|these|his|her|their|two|"
    r"three|\d+)\s+)*(?:\w+\s+)?" + _THINGS_HUNG + r"\b"
    r"|\b" + _THINGS_HUNG + r"\s+(?:\w+\s+){0,2}?(?:hung|hanging|to\s+hang)\b"
    r"|\bhang(?:ing|s)?\s+(?:out|about|around|in\s+there|tight)\b|\bhung\s+(?:out|up\s+on)\b|\bhungover\b"
    r"|\b" + _THINGS_HUNG + r"\s+(?:\w+\s+){0,2}?(?:aufgehängt|aufhängen|aufzuhängen)\b"
    r"|\b(?:häng\w*|hing)\s+(?:\w+\s+){0,3}?" + _THINGS_HUNG + r"\s+auf\b"
    r"|\bcolg(?:ar|ando|u[ée]|ado|amos|o)\s+(?:\w+\s+){0,2}?" + _THINGS_HUNG + r"\b"
    r"|\b(?:accroch|suspend|pos)\w*\s+(?:\w+\s+){0,2}?"
    + _THINGS_HUNG
    + r"\b|\b[ée]tend\w*\s+le\s+linge\b"
    r"|\bпове(?:сил|сить|шу|сила|сили)\w*\s+(?:\w+\s+){0,2}?" + _THINGS_HUNG,
    re.IGNORECASE,
)


def hangs_a_thing(text: str) -> bool:
    """Whether ``text`` tells of a thing hung up or of hanging out (``_HUNG_A_THING``) and, that
    aside, nothing of one's own harm (``_OWN_HARM``, ``_WOUND``)."""
    rest = _HUNG_A_THING.sub(" ", text)
    return rest != text and _OWN_HARM.search(rest) is None and _WOUND.search(rest) is None


#: - an injury or a joint's illness that ends a pastime ("sprained my knee, so much for the
#:   race", "bad hips, so no more hiking for me", "Bänderriss, die Saison ist
#:   gelaufen", "me rompí el ligamento, adiós a la temporada", "entorse au genou, fini pour
#:   cette saison", "порвал связки, месяц без бега"): health, read with nothing of one's own
#:   harm in the rest (the injury's "hurt my wrist" aside).
_INJURY = re.compile(
    r"\b(?:twist\w*|sprain\w*|pull\w*|tor[en]|tear|tore|broke|broken|break|fractur\w*|dislocat\w*|"
    r"injur\w*|hurt|bust\w*|did|wreck\w*|blew\s+out|knacker\w*|strain\w*|rolled|jarred|bruised|"
    r"damag\w*)\s+(?:my|both|a|the|his|her|me\s+)?\s*(?:own\s+)?(?:left\s+|right\s+|bad\s+|dodgy\s+)?"
    r"(?:ankles?|knees?|hamstrings?|calf|calves|achilles|acl|mcl|meniscus|ligaments?|groin|shoulders?|"
    r"back|hips?|wrists?|elbows?|toes?|foot|feet|shins?|collarbone|ribs?|quads?|tendons?|"
    r"rotator\s+cuff|neck|fingers?|thumbs?)\b"
    r"|\b(?:arthritis|osteoarthritis|tendinitis|tendonitis|bursitis|sciatica|gout|plantar\s+fasciitis|"
    r"shin\s+splints|tennis\s+elbow|runner['’]?s\s+knee|slipped\s+disc|bad\s+knees?|bad\s+back|"
    r"dodgy\s+knees?|knees?\s+(?:are|is)\s+(?:shot|gone|done|knackered)|"
    r"bänderriss|kreuzband\w*|meniskus\w*|zerrung|verstaucht|umgeknickt|arthrose|arthritis|"
    r"sehnen\w*|muskelfaserriss|(?:knie|knöchel|fuß|rücken|schulter)\s+(?:ist\s+)?(?:hin|kaputt)|"
    r"esguince|me\s+(?:romp[íi]|torc[íi]|lesion[ée]|doblé)\s+(?:\w+\s+)?(?:el|la|los|las)?\s*\w+|"
    r"rotura|ligamentos?|menisco|tendinitis|artritis|artrosis|"
    r"entorse|foulure|tendinite|arthrite|arthrose|ligaments?|ménisque|claquage|déchirure|"
    r"me\s+suis\s+(?:tordu|foulé|cassé|blessé|fait\s+une\s+entorse)\w*|"
    r"порвал\w*\s+(?:\w+\s+)?связк\w*|растяжени\w*|вывих\w*|перелом\w*|артрит\w*|артроз\w*|"
    r"мениск\w*|потянул\w*\s+(?:\w+\s+)?(?:связк\w*|мышц\w*|спину|ногу))\b",
    re.IGNORECASE,
)
_PASTIME_OVER = re.compile(
    r"\bno\s+more\s+\w+(?:\s+\w+)?\s+for\s+(?:me|a\s+while|now|(?:a|the|this)\s+(?:month|week|season|"
    r"year|summer|winter))\b|\bno\s+\w+ing\s+for\s+(?:a|the|me)\b|\bso\s+much\s+for\b"
    r"|\bout\s+for\s+(?:the\s+)?(?:season|year|month|weeks?|summer|winter|rest\s+of)\b"
    r"|\b(?:done|finished|over)\s+for\s+(?:the|this)\s+season\b|\bbye\s+bye\s+\w+"
    r"|\b(?:season|marathon|race|training|trip)\s+(?:is\s+|['’]s\s+)?(?:over|done|ruined|off)\b"
    r"|\bcan['’]?t\s+(?:run|play|climb|ski|dance|walk|hike|cycle|train|tramp|surf)\s+(?:for|any\s*more)\b"
    r"|\berstmal\s+(?:kein\w*|vorbei|gestorben|pause)\b|\bsaison\s+(?:ist\s+)?(?:gelaufen|vorbei)\b"
    r"|\b(?:ist|sind)\s+für\s+mich\s+(?:erstmal\s+)?(?:gestorben|vorbei|erledigt)\b"
    r"|\bkein\w*\s+\w+\s+mehr\s+für\s+mich\b"
    r"|\badi[óo]s\s+(?:al|a\s+la|a\s+los|a\s+las|a\s+mis?|la|el|mis?)\s+\w+|\bsin\s+(?:correr|jugar|entrenar|esquiar|bailar)\b"
    r"|\bfuera\s+(?:toda\s+)?(?:la\s+)?temporada\b|\bse\s+acab[óo]\s+(?:el|la)\s+\w+"
    r"|\bfini\s+(?:pour\s+(?:cette|la)\s+saison|le\s+\w+|la\s+\w+)\b|\badieu\s+(?:le|la|les)\s+\w+"
    r"|\bplus\s+de\s+\w+\s+pour\s+moi\b|\bsaison\s+(?:termin[ée]e|finie)\b"
    r"|\b(?:месяц|неделю|недели|сезон|полгода)\s+без\s+\w+|\bпрощай\w*,?\s+\w+|\bсезон\s+(?:закончен|окончен)\b",
    re.IGNORECASE,
)


def tells_of_an_injury(text: str) -> bool:
    """Whether ``text`` tells of an injury or a joint's illness (``_INJURY``) and a pastime it
    ends (``_PASTIME_OVER``), with, the injury aside, nothing of one's own harm (``_OWN_HARM``,
    ``_WOUND``): health, no crisis reply by meaning."""
    if _PASTIME_OVER.search(text) is None or re.search(_SELF_HURT, text, re.IGNORECASE):
        return False
    rest = _INJURY.sub(" ", text)
    return rest != text and _OWN_HARM.search(rest) is None and _WOUND.search(rest) is None


def looks_like_self_harm(text: str) -> bool:
    """Whether ``text`` is one of self-harm's look-alikes that no figure of speech covers — a
    relapse of a habit, a leap threatened at a printer, ending things with a person, a business
    or a membership, an activity taken up again, a haircut "again", food cut for oneself — with
    no word of a wound or of wanting to die (``_WOUND``; and but for a haircut or a slice no
    cut, ``_CUTTING``); or suicide said of a thing ("the plan was suicide",
    :func:`says_suicide_of_a_thing`), or someone else's story told with no word of the speaker
    (:func:`tells_someone_elses_story`), living somewhere (:func:`lives_somewhere`) or a plant
    better off without one (:func:`spares_a_plant_or_pet`): no crisis reply
    (:func:`crisis_reading`, :func:`speaks_figuratively`)."""
    if (
        says_suicide_of_a_thing(text)
        or tells_someone_elses_story(text)
        or studies_self_harm(text)
        or lives_somewhere(text)
        or spares_a_plant_or_pet(text)
        or quotes_a_song(text)
        or tells_of_care_work(text)
        or hangs_a_thing(text)
        or tells_of_an_injury(text)
    ):
        return True
    if _WOUND.search(text) is not None:
        return False
    if _HAIRCUT.search(text) is not None or _FOOD_CUT.search(text) is not None:
        return True
    return _CUTTING.search(text) is None and (
        _HABIT_RELAPSE.search(text) is not None
        or _THING_HYPERBOLE.match(text) is not None
        or _ENDING_WITH.search(text) is not None
        or _ENDING_A_PLAN.search(text) is not None
        or _LEAP_FOR_FUN.match(text) is not None
        or _RESUMED.search(text) is not None
        or _IN_A_GAME.search(text) is not None
    )


#: - an illness or a loss told (anxiety, panic attacks, PTSD, a slipped disc, a miscarriage —
#:   "Angstzustände", "ansiedad", "crises d'angoisse", "тревожность", "Fehlgeburt", "aborto
#:   espontáneo", "fausse couche", "выкидыш"): private health, and the crisis reader's reading
#:   of it is no crisis unless one's own harm is said beside it (``_OWN_HARM``, ``_WOUND``).
#:   The rules' readings are kept. Tears alone are not in it: only the crisis reader reads
#:   "I cry in the car every morning" as private at all.
_ILLNESS = re.compile(
    r"\b(?:anxiety|anxious|panic\s+attacks?|ptsd|c-?ptsd|trauma|hernia|slipped\s+disc|"
    r"herniated|disc|miscarriage|miscarried|stillbirth|"
    r"angst\w*|panikattacke\w*|ptbs|bandscheibe\w*|fehlgeburt\w*|"
    r"ansiedad|ansios[oa]|ataques?\s+de\s+p[áa]nico|tept|hernia|aborto\s+espont[áa]neo|"
    r"perd[íi]\s+(?:el|al)\s+beb[ée]|angoiss\w*|anxi[ée]t[ée]|crises?\s+de\s+panique|"
    r"hernie|fausse\s+couche|тревог\w*|тревожн\w*|паническ\w*|птср|грыж\w*|выкидыш\w*)\b",
    re.IGNORECASE,
)


def tells_of_an_illness(text: str) -> bool:
    """Whether ``text`` tells of an illness or a loss (``_ILLNESS``) and nothing of
    one's own harm (``_OWN_HARM``, ``_WOUND``): health, no crisis reply by meaning."""
    return (
        _ILLNESS.search(text) is not None
        and _OWN_HARM.search(text) is None
        and _WOUND.search(text) is None
    )


#: Fifteenth round (h-crisis15, issue 22): what a person says of their own that is no risk.
#: - a secret confided ("don't tell anyone", "keep it between us", "erzähl das bloß keinem",
#:   "que quede entre nosotros", "ne dis rien à personne", "никому не говори"): the crisis reader
#:   took a vote told in confidence for self-harm; what is told is read without the confiding
#:   words, and only one's own harm said beside them (``_OWN_HARM``, ``_WOUND``) is a crisis
#:   ("between us, I think about not waking up" still is).
_CONFIDING = re.compile(
    r"\b(?:don['’]?t|dont|do\s+not|never|please\s+don['’]?t)\s+(?:tell|say\s+(?:it|this|that)\s+to)"
    r"\s+(?:anyone|anybody|a\s+soul|(?:my|the)\s+\w+)\b|\bpromise\s+(?:you\s+)?(?:won['’]?t|not\s+to)"
    r"\s+(?:tell|say)\b|\b(?:keep\s+(?:it|this|that)\s+)?(?:just\s+)?between\s+(?:us|you\s+and\s+me|"
    r"me\s+and\s+you|the\s+two\s+of\s+us)\b|\bkeep\s+(?:it|this|that)\s+(?:a\s+)?secret\b"
    r"|\b(?:erzähl|erzähle|sag|sage|verrat|verrate)\w*\s+(?:\w+\s+){0,4}?(?:keinem|keiner|"
    r"niemandem|niemand)\b|\bunter\s+uns\b|\bbehalt\w*\s+(?:das|es)\s+für\s+dich\b"
    r"|\bno\s+(?:se\s+lo\s+)?(?:digas|cuentes)\s+(?:\w+\s+){0,2}?(?:a\s+nadie|nada)\b|\bque\s+"
    r"quede\s+entre\s+nosotr[oa]s\b|\bentre\s+nosotr[oa]s\b|\bentre\s+(?:nous|toi\s+et\s+moi)\b|\bgarde\s+(?:ça|le|la)\s+pour\s+toi\b"
    r"|\bne\s+(?:le\s+|la\s+|l['’]\s*)?(?:dis|r[ée]p[èe]te)\s+(?:\w+\s+){0,2}?(?:à\s+personne|"
    r"rien)\b|\bникому\s+не\s+(?:говори|рассказывай|скажи)\b|\bмежду\s+нами\b",
    re.IGNORECASE,
)


def confides_no_harm(text: str) -> bool:
    """Whether ``text`` confides something (``_CONFIDING``) and, the confiding words aside,
    says nothing of one's own harm (``_OWN_HARM``, ``_WOUND``): private, but no crisis."""
    rest = _CONFIDING.sub(" ", text)
    return rest != text and _OWN_HARM.search(rest) is None and _WOUND.search(rest) is None


#: - tears said to last (every morning, every night, again, for weeks: "I cry in the car every
#:   morning", "ich heule jeden Abend", "lloro cada mañana", "je pleure chaque matin", "плачу
#:   каждое утро"): sadness, private as health, answered warmly — not a crisis unless one's own
#:   harm is said beside it. Tears of laughter, an onion's or a baby's are none of it.
_TEARS = (
    r"\b(?:i\s+|i['’]?ve\s+(?:been\s+)?|i['’]?m\s+|keep\s+|been\s+|just\s+|still\s+|always\s+)"
    r"(?:\w+\s+){0,2}?(?:cry|cried|crying|sob|sobbed|sobbing|in\s+tears|tearing\s+up|bawl\w*)\b"
    r"|^[\W_]*(?:lately\s+|still\s+)?(?:cry|cried|crying|sobbing)\b"
    # sixteenth round: the German verb needs its "ich" or "hab" ("zwei Weine" are wines)
    r"|\bich\s+(?:\w+\s+){0,2}?(?:heule|weine|flenne)\b|\b(?:heule|weine|flenne)\s+ich\b"
    r"|^[\W_]*(?:heule|weine|flenne)\b|\bhab\w*\s+(?:\w+\s+){0,3}?(?:geweint|geheult|geflennt)\b"
    r"|\b(?:lloro|llorando|he\s+llorado|lloré|lloraba)\b"
    r"|\b(?:je\s+pleure|j['’]ai\s+pleuré|je\s+pleurais|en\s+larmes)\b"
    r"|(?:^|\bя\s+)(?:плачу|плакала|плакал|реву|рыдаю)\b(?!\s+(?:взнос|по\s+кредит|налог|за\b|"
    r"деньг|штраф|аренд|ипотек))"
)
_LASTING = (
    r"\b(?:every|each)\s+(?:single\s+)?(?:morning|night|evening|day)\b|\bevery\s+time\b|"
    r"\ball\s+the\s+time\b|\bagain\b|\bfor\s+(?:days|weeks|months)\b|\bat\s+night\b|\bnon-?stop\b|"
    r"\bjeden\s+(?:morgen|abend|tag)\b|\bjede\s+nacht\b|\bständig\b|\bwieder\b|\bseit\s+(?:tagen|"
    r"wochen|monaten)\b|\bnachts\b|\bcada\s+(?:mañana|noche|día|tarde)\b|\btodas\s+las\s+"
    r"(?:mañanas|noches)\b|\btodos\s+los\s+días\b|\botra\s+vez\b|\bsin\s+parar\b|\bdesde\s+hace\b"
    r"|\btous\s+les\s+(?:matins|soirs|jours)\b|\btoutes\s+les\s+nuits\b|\bchaque\s+(?:matin|soir|"
    r"nuit|jour)\b|\bencore\b|\bsans\s+arr[êe]t\b|\bdepuis\s+des\b"
    r"|\bкажд(?:ое|ый|ую)\s+(?:утро|вечер|ночь|день)\b|\bпо\s+ночам\b|\bпостоянно\b|\bопять\b|"
    r"\bснова\b|\bвсё\s+время\b|\bуже\s+(?:неделю|месяц)\b"
)
_LAUGH_OR_ONION = re.compile(
    r"laugh|lol|😂|🤣|onion|joke|\bfunny\b|\brire\b|\brisa\b|\blach|смех|сме[юя]|ржал|"
    r"zwiebel|cebolla|oignon|лук\b|\bbaby\b|\bbébé\b|\bbebé\b|\bmovie\b|\bfilm\b|\bnovel\b|"
    r"\bending\b|\bpelícula\b|\bserie\b|\bсериал|\bфильм"
    # "плачу" is also "I pay": dues, rent, a loan
    r"|взнос|кредит|налог|деньг|штраф|аренд|ипотек|рубл|₽|\bза\s+(?:квартир|парковк|уч[её]б|"
    r"интернет|телефон|свет|газ|проезд|обед|коммуналк)",
    re.IGNORECASE,
)
_LASTING_TEARS = re.compile(
    rf"(?:{_TEARS}).{{0,60}}(?:{_LASTING})|(?:{_LASTING}).{{0,40}}(?:{_TEARS})", re.IGNORECASE
)


#: "Crying myself to sleep": tears, not harm to oneself.
_CRIED_TO_SLEEP = re.compile(r"\bcr(?:y|ied|ying)\s+myself\s+to\s+sleep\b", re.IGNORECASE)
#: Someone else's tears (sixteenth round: "my daughter has been crying every night", "mi hija
#: lleva llorando cada noche", "sie weint jeden Abend"): a child, a friend, "he" or "she" before
#: the tears — not the speaker's sadness unless the speaker's own are said too (``_MY_TEARS``).
_THEIR_TEARS = re.compile(
    r"\b(?:(?:my|our|mein\w*|unser\w*|mi|mis|nuestr[oa]s?|mon|ma|mes|notre|nos|мо[йяеи]|мои|наш\w*)\s+"
    r"(?:[\w-]+\s+){0,2}?\w+|he|she|they|er|sie|él|ella|ellos|ellas|il|elle|ils|elles|он|она|они)"
    r"\s+(?:\w+\s+){0,4}?(?:cry|cries|cried|crying|sobs|sobbed|sobbing|in\s+tears|bawl\w*|weint|"
    r"geweint|heult|geheult|llora|llor[óo]|llorando|lloraba|pleure|pleurait|pleuré|плачет|плакал\w*|"
    r"рыда\w*|ревёт|ревет)\b",
    re.IGNORECASE,
)
_MY_TEARS = re.compile(
    r"\bi(?:['’]ve|['’]m|\s+have|\s+am|\s+was)?\s+(?:\w+\s+){0,2}?(?:cry|cried|crying|sob|sobbed|sobbing|"
    r"in\s+tears|bawl\w*)\b|\bich\s+(?:\w+\s+){0,2}?(?:heule|weine|flenne)\b|\b(?:hab|habe)\s+"
    r"(?:\w+\s+){0,3}?(?:geweint|geheult)\b|\b(?:lloro|lloré|he\s+llorado)\b|\bje\s+pleure\b|"
    r"\bj['’]ai\s+pleuré\b|\bя\s+(?:\w+\s+)?(?:плачу|плакала|плакал|реву|рыдаю)\b",
    re.IGNORECASE,
)


def tells_of_tears(text: str) -> bool:
    """Whether ``text`` says the speaker keeps crying (``_LASTING_TEARS``: tears and a morning,
    a night, "again", weeks) with nothing of one's own harm beside it (``_OWN_HARM``,
    ``_WOUND``) and no laughter, onion, baby or film (``_LAUGH_OR_ONION``): sadness, private
    (health), answered warmly (:func:`is_sad`), no crisis reply."""
    rest = _CRIED_TO_SLEEP.sub("crying", text)
    if _THEIR_TEARS.search(rest) is not None and _MY_TEARS.search(rest) is None:
        return False  # someone else's tears: the speaker worries, is not the one crying
    return (
        _LASTING_TEARS.search(rest) is not None
        and _LAUGH_OR_ONION.search(rest) is None
        and _OWN_HARM.search(rest) is None
        and _WOUND.search(rest) is None
    )


#: - grief told: someone who died and is missed ("grandpa died in May and I miss
#:   him every day", "mein Opa ist gestorben, er fehlt mir", "murió mi abuela, la echo de
#:   menos", "mon grand-père est décédé, il me manque", "умерла бабушка, очень скучаю"): sad,
#:   answered warmly, no crisis unless one's own harm is said beside it.
_DIED = (
    r"\b(?:passed\s+away|passed\s+on|died|lost\s+(?:my|our)\s+\w+|funeral|"
    r"gestorben|verstorben|starb|beerdigung|"
    r"muri[óo]|falleci[óo]|ha\s+muerto|perd[íi]\s+a\s+mi|entierro|funeral|"
    r"(?:est|sont)\s+(?:décédée?s?|morte?s?|partie?s?)|décès|enterrement|obsèques|"
    r"умер(?:ла|ли)?|скончал\w*|похорон\w*)\b"
)
_MISSED = (
    r"\b(?:miss(?:ing)?\s+(?:him|her|them|my|our|\w+\s+so)|grie(?:f|ving|ve)|mourn\w*|"
    r"fehl(?:t|en)\s+(?:mir|uns)|vermiss\w*|trauer\w*|"
    r"(?:l[oa]s?|le|les)\s+(?:echo|extraño)|echo\s+de\s+menos|extraño|duelo|"
    r"(?:il|elle|ils|elles)\s+me\s+manque\w*|me\s+manque\w*|deuil|"
    r"скуча\w*|тоску\w*|горю(?:ю)?)\b"
)
_DIED_RE = re.compile(_DIED, re.IGNORECASE)
_GRIEF = re.compile(
    rf"(?:{_DIED}).{{0,80}}(?:{_MISSED})|(?:{_MISSED}).{{0,80}}(?:{_DIED})", re.IGNORECASE
)


def tells_of_grief(text: str) -> bool:
    """Whether ``text`` tells of someone who died and is missed (``_GRIEF``) and nothing of
    one's own harm (``_OWN_HARM`` — its "life", "gone" and "miss me" aside — and ``_WOUND``)."""
    return (
        _GRIEF.search(text) is not None
        and _OWN_HARM.search(text) is None
        and _WOUND.search(text) is None
    )


def tells_of_a_death(text: str) -> bool:
    """Whether ``text`` tells that one of the user's people or animals died ("my grandad
    passed away in February", "Mein Opa ist gestorben", "mi abuelo falleció", "наша собака
    умерла", "I lost my wife"): a loss, acknowledged with sympathy rather than "Got it". A
    phone that "died", a job "lost", names no one."""
    if _DIED_RE.search(text) is None:
        return False
    if kin.names_my_people(text):
        return True
    return any(animals.kind_of(word) for word in re.findall(r"[^\W\d_]+", text))


def is_sad(text: str) -> bool:
    """Whether ``text`` tells of sadness with no risk in it — tears that last
    (:func:`tells_of_tears`) or grief (:func:`tells_of_grief`): a warm reply, not the crisis
    reply."""
    return tells_of_tears(text) or tells_of_grief(text)


#: - a song or its lyrics ("a song about a man hurting himself", "una canción que dice que
#:   quiere morir", "в песне поётся …"), with the speaker liking or hearing it and
#:   not saying it is how they feel (``_RELATES``): the lyric's words of dying are the song's.
_SONG = re.compile(
    r"\b(?:song|songs|lyrics?|chorus|track|album|cover|ballad|sings?|singing|sang|"
    r"lied|liedtext|songtext|refrain|singt|canci[óo]n|letra|estribillo|canta|"
    r"chanson|paroles|refrain|chante|morceau|песн\w*|поётся|поется|припев\w*|трек\w*|"
    r"куплет\w*)\b",
    re.IGNORECASE,
)
_LIKES_OR_HEARS = re.compile(
    r"\b(?:love|loving|like|good|great|banger|amazing|unreal|favou?rite|listen\w*|hear\w*|"
    r"stuck\s+in\s+my\s+head|out\s+of\s+my\s+head|playing|on\s+repeat|hum\w*|"
    r"liebe|mag|toll|geil|hör\w*|ohrwurm|encanta|gusta|escuch\w*|buen[ií]sima|"
    r"adore|j['’]aime|[ée]cout\w*|g[ée]nial\w*|super|"
    r"люблю|нравится|классн\w*|крут\w*|слуша\w*|отличн\w*"
    # sixteenth round: a song praised ("ce texte est magnifique", "so beautiful", "wunderschön")
    r"|beautiful|gorgeous|stunning|masterpiece|haunting|catchy|sch[öo]n\w*|wundersch[öo]n|"
    r"meisterwerk|precios[oa]|hermos[oa]|obra\s+maestra|magnifique|sublime|superbe|"
    r"chef-d['’]œuvre|прекрасн\w*|красив\w*|шедевр\w*)\b",
    re.IGNORECASE,
)
_RELATES = re.compile(
    r"\b(?:how\s+i\s+feel|relate|that['’]?s\s+me|about\s+me|like\s+me|wie\s+ich\s+mich|"
    r"como\s+me\s+siento|sobre\s+m[íi]|ce\s+que\s+je\s+ressens|comme\s+moi|как\s+я\s+себя|"
    r"про\s+меня)\b",
    re.IGNORECASE,
)


_LYRIC = re.compile(
    r"\b(?:that|which)?\s*(?:says|goes|sings|que\s+dice|dice|qui\s+dit|où\s+(?:il|elle)\s+chante|"
    r"wo\s+es\s+hei(?:ß|ss)t|die\s+sagt|поётся|поется|где\s+поют|поют)\b.*$",
    re.IGNORECASE,
)


def quotes_a_song(text: str) -> bool:
    """Whether ``text`` speaks of a song the speaker likes or hears (``_SONG``,
    ``_LIKES_OR_HEARS``) and does not say it is how they feel (``_RELATES``), with none of
    the speaker's own harm in their own words (``_MY_HARM``; the lyric quoted after "says",
    "que dice", "поётся" … is the song's)."""
    return (
        _SONG.search(text) is not None
        and _LIKES_OR_HEARS.search(text) is not None
        and _RELATES.search(text) is None
        and _MY_HARM.search(_LYRIC.sub(" ", text)) is None
    )


#: - a job of care (a nurse, a psychiatrist, a paramedic, a hotline's volunteer) and its
#:   patients' attempts or overdoses ("trabajo en urgencias con intentos de suicidio",
#:   "psychiatre, je vois des patients suicidaires"): someone's work, not a crisis,
#:   unless the speaker's own harm is said in their own words (``_MY_HARM``).
_CARE_JOB = (
    r"(?:nurse|doctor|psychiatrist|psychologist|therapist|paramedic|counsell?or|medic|"
    r"clinician|gp|surgeon|midwife|volunteer|crisis\s+worker|"
    r"krankenschwester|krankenpfleger\w*|pfleger\w*|ärztin|arzt|notärzt\w*|notarzt|psychiater\w*|"
    r"psycholog\w*|therapeut\w*|sanitäter\w*|"
    r"enfermer[oa]|m[ée]dic[oa]|psiquiatra|psic[óo]log[oa]|terapeuta|param[ée]dic[oa]|"
    r"infirmi[eè]re?|m[ée]decin|psychiatre|psychologue|th[ée]rapeute|ambulanci\w*|urgentiste|"
    r"врач\w*|медсестр\w*|медбрат\w*|психиатр\w*|психолог\w*|терапевт\w*|фельдшер\w*)"
)
_CARE_WORK = re.compile(
    r"\b(?:i['’]?m|i\s+am|as|work(?:ing|s)?\s+as|ich\s+bin|arbeite\s+als|als|soy|trabajo\s+(?:de|como)|"
    r"je\s+suis|travaille\s+comme|en\s+tant\s+que|я|работаю)\s+(?:an?\s+|ein\w*\s+|una?\s+|une?\s+)?"
    # one word may qualify the job ("a psychiatric nurse"), never whose it is ("as my therapist")
    r"(?:(?!(?:my|his|her|your|their|our|mein\w*|dein\w*|sein\w*|ihr\w*|mi|tu|su|mon|ma|ton|ta|"
    r"son|sa|мо\w+|тво\w+|его|её|ее)\b)[\w&-]+\s+)?" + _CARE_JOB + r"\b"
    r"|\b(?:my|our|the)\s+patients\b|\bmis\s+pacientes\b|\batiendo\b|\bmes\s+patients\b|"
    r"\bje\s+(?:reçois|soigne)\b|\bmeine\s+patient\w*\b|\bмои\w*\s+пациент\w*|\bpatients?\s+"
    r"(?:who|with)\b|\bpacientes\s+(?:que|con)\b|\bpatients\s+(?:qui|suicidaires)\b",
    re.IGNORECASE,
)
#: The speaker's own harm in their own words (first person; none of a patient's).
_MY_HARM = re.compile(
    r"\b(?:i|i['’]?ve|i['’]?m|i['’]?ll|i['’]?d)\b[^.!?]{0,40}\b(?:pills|overdos\w*|jump\w*|bridge|rope|"
    r"cut\w*|hang\w*|die|dead|end\s+it|kill)\b|\bmyself\b|\bmy\s+(?:life|wrists?|arms?|pills|meds)\b|\bi\s+(?:want|wanna|wish)\s+(?:to\s+)?"
    r"(?:die|be\s+dead|end\s+it)|\bkill\s+me\b|\bi['’]?m\s+(?:suicidal|done\s+with\s+life)"
    r"|\bmich\s+(?:selbst|umbringen|ritz\w*|verletz\w*)|\bich\s+will\s+(?:nicht\s+mehr|sterben)"
    r"|\bmein\s+leben\b|\bme\s+(?:corto|corté|mato|quiero\s+morir|hago\s+daño)\b|\bquiero\s+morir"
    r"|\bmi\s+vida\b|\bme\s+(?:tuer|couper|scarifie|suicider)\b|\bje\s+veux\s+"
    r"(?:mourir|en\s+finir)|\bma\s+vie\b|\bя\b[^.!?]{0,30}\bсеб[яе]\b|\bя\s+хочу\s+умереть|\bмоя\s+жизнь",
    re.IGNORECASE,
)


def tells_of_care_work(text: str) -> bool:
    """Whether ``text`` tells of a job of care or its patients (``_CARE_WORK``) with no harm
    of the speaker's own (``_MY_HARM``)."""
    return _CARE_WORK.search(text) is not None and _MY_HARM.search(text) is None


def speaks_figuratively(text: str) -> bool:
    """Whether ``text`` says death or killing only as a figure of speech (``_FIGURE``,
    ``_RATHER_DIE``) or is a goal revised downwards (``_GOAL`` with ``_REVISED``), and nothing a
    person in crisis says of themselves (``_OWN_HARM``), or is one of self-harm's other
    look-alikes (:func:`looks_like_self_harm`), or tells of an illness or a loss and nothing of
    one's own harm (:func:`tells_of_an_illness`): neither reader by meaning gives it the crisis
    reply (the rules still read it; a self-harm reading becomes health)."""
    rest = _RATHER_DIE.sub(" ", text)
    said = (
        rest != text
        or _FIGURE.search(text) is not None
        or (_GOAL.search(text) is not None and _REVISED.search(text) is not None)
    )
    return (
        (said and _OWN_HARM.search(rest) is None)
        or looks_like_self_harm(text)
        or tells_of_an_illness(text)
        or confides_no_harm(text)
        or is_sad(text)
    )


#: Self-harm said without its words, by what a person about to act does or has done again
#: (the misses of the ninth and tenth rounds; tune batch 113, ``crisis_tune113.jsonl``), in the
#: bot's languages. Each class asks for the speaker's own act and a sign it is not an errand:
#: - farewells: goodbye letters or notes left ("Abschiedsbriefe", "cartas de despedida",
#:   "lettres d'adieu", "прощальные письма"), a note for the one who finds them, goodbyes said so
#:   nobody notices or for the last time;
_FAREWELL = (
    r"\b(?:goodbye|farewell|suicide)\s+(?:letter|note|message|text)s?\b"
    r"|\babschieds(?:brief|nachricht|zettel)\w*|\bcartas?\s+de\s+despedida\b"
    r"|\b(?:lettres?|mots?|messages?)\s+d['’]adieu\b|\bпрощальн\w+\s+(?:письм|записк|сообщени)\w*"
    r"|\b(?:whoever|who(?:ever)?(?:\s+will)?|when\s+they)\s+(?:finds?|discovers?)\s+me\b"
    r"|\b(?:wer|falls\s+man|wenn\s+man)\s+mich\s+(?:findet|entdeckt)\b|\bquien\s+me\s+(?:encuentre|descubra)\b"
    r"|\bcuando\s+me\s+encuentren\b|\b(?:celui|celle)\s+qui\s+me\s+(?:trouvera|découvrira)\b"
    r"|\bquand\s+on\s+me\s+trouvera\b|\bкто\s+меня\s+найд[её]т\b|\bкогда\s+меня\s+найдут\b"
    r"|\b(?:said|saying|say)\s+(?:my\s+)?goodbyes?\b.{0,40}\b(?:without|don['’]?t|didn['’]?t|"
    r"doesn['’]?t|not)\s+(?:\w+\s+){0,2}(?:know|knowing|realis|realiz|notic|telling)\w*"
    r"|\b(?:said|saying|say)\s+(?:my\s+)?goodbyes?\b.{0,40}\b(?:last\s+time|in\s+my\s+head)\b"
    r"|\bverabschiedet\b.{0,40}\b(?:wissen|merken|ahnen)\s+(?:es\s+)?(?:nicht|nichts)\b"
    r"|\bme\s+desped[íi]\b.{0,40}\bno\s+(?:se\s+)?(?:dieron\s+cuenta|saben|sab[íi]an)\b"
    r"|\b(?:dit\s+au\s+revoir|dit\s+adieu)\b.{0,40}\b(?:sans\s+qu|ne\s+(?:le\s+)?sa)\w*"
    r"|\bпопрощал\w*\b.{0,40}\bне\s+(?:знают|знали|поняли|заметили)\b"
)
#: - a last letter or message: not one sent before a trip or a flight (``_EVENT``; thirteenth
#:   round, "last message before my flight" was a farewell), and "the last msg you'll get from me";
_LAST_WORD = (
    r"\blast\s+(?:letter|note|message|text)s?\b"
    r"|\blast\s+(?:message|msg|text|txt|letter|note)\b.{0,30}\b(?:from\s+me|you['’]?ll\s+(?:ever\s+)?"
    r"(?:get|hear|read|receive))\b"
)
#: - means gathered: pills or tablets hoarded, stashed or put aside (a weaker "collect",
#:   "keep" or "save" when it is for a while, just in case or enough), a rope or noose hidden;
_PILLS = (
    r"(?:pills?|tablets?|painkillers?|antidepressants?|sleeping\s+pills|meds|zopiclone|"
    r"\w*tabletten|pastillas|somn[íi]feros|calmantes|cachets|comprim[ée]s|m[ée]dicaments|"
    r"somnif[èe]res|таблет\w*|снотворн\w*|лекарств\w*)"
)
#: Pills or a medicine (sixteenth round: "how much of that insulin would be fatal").
_DRUG = (
    r"(?:" + _PILLS + r"|medication|medicine|insulin|paracetamol|ibuprofen|aspirin|"
    r"medikament\w*|arznei\w*|medicamentos?|medicinas?|m[ée]dicaments?|m[ée]docs?|doliprane|"
    r"parac[ée]tamol|препарат\w*|парацетамол\w*|инсулин\w*)"
)
_MEANS = (
    r"\b(?:hoard\w*|stockpil\w*|stash\w*|squirrel\w*|(?:put|putting|set|setting)\s+aside|"
    r"saving\s+up|saved\s+up|gehortet|horte\w*|gebunkert|bunker\w*|acumul\w*|"
    r"(?:mets|mis|mettre|garde|gardé|garder)\s+(?:\w+\s+){0,3}de\s+c[ôo]t[ée]|"
    r"коплю|копил\w*|накопил\w*|припрятал\w*|набрал\w*|sammel\w*)\b.{0,40}"
    + _PILLS
    + r"|"
    + _PILLS
    + r".{0,40}\b(?:stashed|hoarded|stockpiled|put\s+aside|gehortet|"
    r"acumulad\w*|de\s+c[ôo]t[ée]|набралось|накопил\w*)"
    + r"|\b(?:collect\w*|gather\w*|sav(?:e|ing|ed)|keep\w*|kept|sammle\w*|gesammelt|spare\w*|"
    r"guard\w*|junt\w*|garde\w*|собира\w*|собрал\w*|храню)\b.{0,40}"
    + _PILLS
    + r".{0,40}\b(?:in\s+case|for\s+(?:a\s+while|weeks|months)|enough|für\s+den\s+fall|"
    r"seit\s+(?:wochen|monaten)|por\s+si\s+acaso|hace\s+(?:semanas|meses)|au\s+cas\s+o[uù]|"
    r"depuis\s+des\s+(?:semaines|mois)|на\s+всякий\s+случай|уже\s+(?:много|хватит))"
    + r"|\b(?:seit\s+(?:wochen|monaten)|llevo\s+(?:semanas|meses)|depuis\s+des\s+(?:semaines|mois)|"
    r"(?:несколько\s+)?(?:недел|месяц|полгода)\w*)\b.{0,30}\b(?:sammle|guardando|juntando|"
    r"collectionne|garde|коплю|собираю)\b.{0,20}"
    + _PILLS
    + r"|"
    + _PILLS
    + r".{0,20}\b(?:collected|gathered|saved|kept|gesammelt|gespart|guardad\w*|"
    r"juntad\w*|gard[ée]e?s|собрал\w*)\b.{0,40}\b(?:in\s+case|for\s+(?:a\s+while|weeks|months)|"
    r"enough|für\s+den\s+fall|seit\s+(?:wochen|monaten)|por\s+si\s+acaso|au\s+cas\s+o[uù]|"
    r"на\s+всякий\s+случай)"
    + r"|\bcount(?:ed|ing)?\b.{0,30}"
    + _PILLS
    + r".{0,40}\b(?:enough|would\s+take|do\s+it|doing\s+the\s+maths?|did\s+the\s+maths?|"
    r"if\s+you\s+know\s+what\s+i\s+mean)\b"
    + r"|\bhow\s+many\s+"
    + _PILLS
    + r"\s+(?:it\s+)?would\s+take\b"
    + r"|\b(?:look(?:ed|ing)?|search(?:ed|ing)?|googl\w*)\s+(?:up\s+)?how\s+high\b"
    + r"|\b(?:razor\s+)?blades?\b.{0,30}\bhid(?:den|ing|e)?\b|\bhid(?:den|ing|e)?\b.{0,30}"
    r"\b(?:razor\s+)?blades?\b"
    + r"|\b(?:rope|noose|strick|seil|soga|cuerda|corde|верёвк\w*|веревк\w*|петл\w+)\b.{0,40}"
    r"\b(?:hid|hidden|hide|ready|versteckt|bereit|escondid\w*|guardad\w*|lista|cach[ée]e?|"
    r"pr[êe]te?|спрятал\w*|готов\w*)\b|\b(?:bought|got)\s+(?:a\s+)?rope\b.{0,30}\bdon['’]?t\s+know\s+why\b"
    # fifteenth round: a rope or a noose hidden, said before it ("I've hidden a rope …"), and a
    # dose looked up that would stop one's heart
    r"|\b(?:hid|hidden|stashed|versteckt|escond\w+|cach[ée]e?|спрятал\w*)\s+(?:a|the|my|some|"
    r"ein\w*|meine?\w*|una|la|mi|une|ma)?\s*(?:rope|noose|strick|seil|soga|cuerda|corde|"
    r"верёвк\w*|веревк\w*|петл\w+)\b"
    r"|\b(?:looked\s+up|googl\w*|searched|checked|worked\s+out)\s+(?:what|which|how\s+much|how\s+many)"
    r"\s+(?:\w+\s+){0,5}?(?:would|will|could)\s+(?:stop\s+my\s+heart|kill\s+me|be\s+(?:fatal|lethal|"
    r"enough))\b"
    # thirteenth round: a rope bought "not for" an errand, or gone back to and looked at
    r"|\b(?:bought|got|buy|picked\s+up)\s+(?:a\s+|some\s+)?(?:(?:length|bit|piece|coil|roll)\s+of\s+|"
    r"(?:\w+\s+)?(?:metres|meters|feet|yards)\s+of\s+)?rope\b.{0,60}\b(?:not\s+for|isn['’]?t\s+for|"
    r"wasn['’]?t\s+for|ain['’]?t\s+for)\b"
    # sixteenth round: the same rope in four more languages
    r"|\b(?:seil|strick)\b.{0,40}\bgekauft\b.{0,40}\bnicht\s+(?:für|zum)\b"
    r"|\bcompr[ée]\s+(?:una\s+)?(?:\w+\s+)?(?:cuerda|soga)\b.{0,50}\bno\s+(?:es|era)\s+para\b"
    r"|\bachet[ée]e?\s+(?:une\s+)?(?:\w+\s+)?corde\b.{0,50}\b(?:pas|n['’](?:est|était)\s+pas)\s+pour\b"
    r"|\bкупил\w*\s+(?:\w+\s+)?(?:верёвк\w*|веревк\w*)\b.{0,50}\bне\s+для\b"
    r"|\b(?:rope|noose)\b.{0,60}\b(?:look\w*\s+at\s+it|star\w*\s+at\s+it|keep\s+(?:going|thinking|"
    r"looking|checking))\b"
    r"|\b(?:looked\s+up|googled|searched|checked|read\s+up\s+on)\s+(?:\w+\s+){0,2}(?:lethal|fatal|deadly)\s+"
    r"(?:amount|dose|dosage|quantity)\b|\b(?:lethal|fatal|deadly)\s+(?:amount|dose|dosage)\b.{0,60}"
    r"\b(?:counted|mine|i\s+have|i['’]?ve\s+got|there['’]?s\s+enough|enough)\b"
    r"|\btödlich\w*\s+(?:dosis|menge)\b.{0,60}\b(?:gezählt|genug|hab\w*)\b"
    r"|\b(?:dosis|cantidad)\s+(?:letal|mortal)\b.{0,60}\b(?:cont[ée]|tengo|suficiente\w*|busqu[ée])\b"
    r"|\bdose\s+(?:l[ée]tale|mortelle)\b.{0,60}\b(?:compt[ée]|j['’]ai|assez|cherch[ée])\b"
    r"|\bсмертельн\w*\s+доз\w*.{0,60}\b(?:посчитал\w*|хватит|есть|гуглил\w*|искал\w*)"
    r"|\bder\s+strick\b|\bnoose\b"
    # sixteenth round: how much of a drug is lethal, read up ("looked up how much of my insulin
    # would be lethal"); one's pills counted whether they are enough, in five languages ("alle
    # Schlaftabletten nachgezählt, genug", "conté las pastillas, a ver si alcanzan"); how many it
    # would take, in four more ("cuántas pastillas harían falta", "wie viele Tabletten ich
    # bräuchte", "combien de comprimés il me faudrait", "сколько таблеток нужно")
    r"|\bhow\s+(?:much|many)\s+(?:of\s+)?(?:\w+['’]?s?\s+){0,3}"
    + _DRUG
    + r"\b.{0,30}\b(?:is|are|would\s+be|"
    r"it\s+takes?\s+to\s+be)\s+(?:lethal|fatal|deadly|enough\s+to\s+(?:kill|die|not\s+wake))\b"
    r"|\b(?:count(?:ed|ing)?|gezählt|zähle|zählte|nachgezählt|cont[ée]|cuento|contado|compt[ée]e?s?|"
    r"compte|recompt\w*|посчитал\w*|пересчитал\w*|считаю)\b.{0,30}" + _DRUG + r".{0,50}\b(?:reicht|"
    r"reichen|genug|alcanz\w*|basta\w*|suficiente\w*|suffi\w*|assez|хватит|хватает)\b"
    r"|" + _DRUG + r".{0,20}\b(?:gezählt|nachgezählt|contad[oa]s|compt[ée]e?s|посчитал\w*|"
    r"пересчитал\w*)\b.{0,50}\b(?:reicht|reichen|genug|alcanz\w*|basta\w*|suficiente\w*|suffi\w*|"
    r"assez|хватит|хватает)\b"
    r"|\bcu[áa]nt[oa]s\s+(?:\w+\s+){0,2}?"
    + _DRUG
    + r"\b.{0,40}\b(?:har[íi]an\s+falta|necesitar[íi]a|"
    r"bastar[íi]an|ser[íi]an\s+(?:letales|mortales|suficientes))\b"
    r"|\bwie\s+viele?\s+(?:\w+\s+){0,2}?" + _DRUG + r"\b.{0,40}\b(?:bräuchte|brauchen\s+würde|"
    r"reichen\s+würden|tödlich\s+(?:wären|sind|ist))\b"
    r"|\bcombien\s+de\s+(?:\w+\s+){0,2}?" + _DRUG + r"\b.{0,40}\b(?:il\s+(?:me\s+)?faudrait|"
    r"suffiraient|(?:seraient|sont)\s+mortel\w*)\b"
    r"|\bсколько\s+(?:\w+\s+){0,2}?" + _DRUG + r".{0,40}(?:нужно\s+(?:выпить|чтобы)|понадобится|"
    r"хватит,?\s+чтобы|смертельн\w*)"
)
#: - letters left where they will be found ("in the drawer", "for when they find it");
_LEFT = (
    r"\b(?:letters?|notes?|briefe?|zettel|cartas?|notas?|lettres?|mots?|письма|записк\w*)\b.{0,50}"
    r"\b(?:drawer|schublade|caj[óo]n|tiroir|ящик\w*|explain\w*\s+everything|erkl[äa]r\w*\s+alles|"
    r"explic\w*\s+todo|expliqu\w*\s+tout|вс[её]\s+объясн\w*|when\s+they\s+find\s+it)\b"
    # sixteenth round: left for after one is gone ("a card for my brother, for afterwards",
    # "für danach", "para cuando yo no esté", "à lire après ma mort", "на потом")
    r"|\b(?:letters?|notes?|cards?|briefe?|zettel|nachricht\w*|cartas?|notas?|lettres?|mots?|"
    r"письм\w*|записк\w*)\b.{0,60}(?:\bfor\s+after(?:wards)?\s*(?:$|[.,!;…]|i['’]?m\s+gone)|"
    r"\bfor\s+when\s+i['’]?m\s+(?:gone|not\s+(?:here|around))\b|\bto\s+(?:be\s+)?open(?:ed)?\s+"
    r"(?:after\s+(?:i['’]?m\s+gone|my\s+death)|when\s+i['’]?m\s+gone)\b|\bfür\s+danach\s*(?:$|[.,!;…])|"
    r"\bfür\s+(?:die\s+zeit\s+)?nach\s+mir\b|\bpara\s+cuando\s+(?:ya\s+|yo\s+)*no\s+est[ée]\b|"
    r"\bpara\s+despu[ée]s\s+de\s+m[íi]\b|\bpour\s+(?:apr[èe]s\s*(?:$|[.,!;…]|ma\s+mort)|quand\s+"
    r"je\s+(?:ne\s+)?serai\s+(?:plus\s+là|parti))|\b(?:à|a)\s+(?:ouvrir|lire)\s+(?:apr[èe]s\s+ma\s+"
    r"mort|quand\s+(?:tout\s+sera\s+fini|je\s+ne\s+serai\s+plus))|\bна\s+потом\s*(?:$|[.,!;…])|"
    r"\bкогда\s+меня\s+не\s+станет\b)"
)
#: - a place to fall from: sitting or standing on a railing, a ledge, a roof's edge, over a
#:   bridge looking down (a view, a photo or fireworks is a sight, not a place to fall from);
_PLACE = (
    r"\b(?:railing|ledge|parapet|gel[äa]nder|br[üu]stung|baranda\w*|cornisa|rambarde|parapet|"
    r"перил\w*|карниз\w*)\b"
    r"|\b(?:roof|rooftop|dach\w*|azotea|tejado|toit|крыш\w*)\b.{0,50}\b(?:edge|kante|rand|borde|"
    r"bord|кра[йюя]\w*)\b|\b(?:edge|kante|borde|bord|кра[йюя]\w*)\b.{0,20}\b(?:roof|dach\w*|"
    r"azotea|tejado|toit|крыш\w*)\b"
    r"|\bedge\s+of\s+the\s+platform\b|\bplatform\s+edge\b|\bbahnsteigkante\b|\bborde\s+del\s+and[ée]n\b"
    r"|\bbord\s+du\s+quai\b|\bкра[йюя]\s+платформ\w*"
    r"|\b(?:picture|imagine|picturing|imagining)\s+(?:myself\s+)?(?:just\s+|simply\s+)?(?:stepping|jumping|"
    r"falling)\s+"
    r"(?:off|from|in\s+front)\b"
    # a crash pictured: steering into a barrier, a tree, a lorry (thirteenth round)
    r"|\b(?:picture|imagine|picturing|imagining)\s+(?:myself\s+)?(?:just\s+)?(?:steering|driving|"
    r"swerving|veering|crashing|ploughing|plowing)\s+(?:\w+\s+){0,3}into\s+(?:the|a|an|that|"
    r"oncoming)\s+(?:\w+\s+){0,2}(?:barrier|wall|tree|lorry|truck|oncoming|pillar|river|traffic|"
    r"bus)\b"
    r"|\b(?:bridge|overpass|br[üu]cke|puente|pont|мост\w*)\b.{0,50}\b(?:look(?:ing|ed)?\s+down|"
    r"down\s+(?:at|into)|below|schau\w*\s+(?:\w+\s+){0,2}(?:runter|hinunter|hinab|ins\s+wasser)|"
    r"(?:runter|hinunter|hinab|nach\s+unten)\s*(?:ge)?(?:schaut|guckt|blickt|sehen)\w*|"
    r"mirando\s+(?:abajo|el\s+(?:río|agua))|regard\w*\s+(?:en\s+bas|l['’]eau)|вниз|на\s+воду)"
)
#: - hoping not to wake (the rules read it in English and German);
_WAKE = (
    r"(?:\bojal[áa]\s+no\s+(?:me\s+)?desp(?:ie|e)rt\w*\b|\bespero\s+no\s+(?:volver\s+a\s+)?despertar\w*)\b"
    r"(?!\s+(?:a\s+las|temprano|antes|para|a\s+tiempo|tarde)\b)"
    r"|\b(?:espère|voudrais|aimerais|souhaite|pourvu\s+que)\b.{0,20}\bne\s+(?:pas|plus|jamais)\s+"
    r"me\s+r[ée]veill\w*\b(?!\s+(?:à|a|avant|tôt|pour|en|si)\b)|\bpourvu\s+que\s+je\s+ne\s+me\s+r[ée]veille\s+pas\b"
    r"|\b(?:надеюсь|хочу|хотелось\s+бы|лишь\s+бы|вот\s+бы)\b.{0,25}\bне\s+просн\w*"
    r"|\b(?:hoffe|w[üu]nschte|w[üu]nsche)\b.{0,30}\b(?:nicht|nie)\s+(?:mehr\s+|wieder\s+)?"
    r"(?:auf)?wach\w*"
    r"|\b(?:hope|hoping|wish|pray|praying)\b.{0,30}\bmorning\s+never\s+comes\b"
    r"|\bhoffe\b.{0,30}\bwache\b.{0,30}\b(?:nicht|nie)\s+(?:mehr\s+|wieder\s+)?auf\b"
)
#: - self-harm again after a time without ("cutting again", "relapsed … cuts", "wieder
#:   geritzt", "volví a cortarme", "j'ai rechuté … coupé", "опять резала");
_AGAIN = (
    r"(?:(?<!\bgot\s)(?<!\bget\s)(?<!\bgets\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbeen\s)(?<!\bis\s)"
    r"(?<!\bare\s)(?<!\bbe\s)\bcut|\bcutting|\bself[-\s]?harm\w*|\bburn(?:ed|ing|t)\s+myself|"
    r"\bhurt(?:ing)?\s+myself)\s+again\b"
    r"|\bcutting\s+is\s+back\b|\bback\s+to\s+(?:cutting|self[-\s]?harm\w*)\b"
    r"|\brelaps\w*\b.{0,40}\b(?:cut\w*|self[-\s]?harm\w*|blade|burn\w*\s+myself)\b"
    r"|\bwieder\b.{0,30}\b(?:ritz\w*|(?:auf)?geritzt|aufritz\w*|klinge|mich\s+(?:zu\s+)?(?:verletz|"
    r"schneid)\w*)"
    r"|\b(?:ritz\w*|(?:auf)?geritzt|aufritz\w*|klinge)\b.{0,30}\b(?:wieder|nach\s+\w+\s+(?:monaten|"
    r"wochen|jahren))\b"
    r"|\bvolv[íi]\s+a\s+(?:cortarme|hacerme\s+daño|autolesion\w*)|\bme\s+volv[íi]\s+a\s+cortar\b"
    r"|\breca[íi]\w*\b.{0,40}\bcort\w*|\b(?:otra\s+vez|de\s+nuevo)\b.{0,30}\b(?:me\s+estoy\s+"
    r"haciendo\s+daño|me\s+cort\w*|cortarme)|\bme\s+cort\w+\b.{0,30}\b(?:otra\s+vez|de\s+nuevo)\b"
    r"|\b(?:recommenc\w*|rechut\w*|repris\w*)\b.{0,40}\b(?:me\s+couper|coup[ée]e?s?|scarif\w*|"
    r"me\s+faire\s+du\s+mal|br[ûu]l\w*)|\bscarif\w*\b.{0,20}\brepris\w*"
    r"|\b(?:снова|опять)\b.{0,20}\b(?:реж\w*|резал\w*|порезал\w*|резать)\b"
    # the body named between the act and "again" ("cut my thighs again", twelfth round)
    r"|\b(?:cut|burn(?:ed|t)?|scratch(?:ed)?|hurt)\s+(?:my\s+)?(?:\w+\s+)?(?:arms?|wrists?|thighs?|"
    r"legs?|skin|stomach|hips?|forearms?)\s+(?:\w+\s+){0,3}again\b"
    r"|\bme\s+suis\s+(?:encore|de\s+nouveau|à\s+nouveau)\s+(?:coup|scarifi|brûl|taillad)[ée]e?s?\b"
    r"|\bme\s+suis\s+refaite?s?\s+des\s+(?:entailles|coupures|scarifications|marques|br[ûu]lures)\b"
    r"|\bme\s+suis\s+(?:coup|scarifi|brûl|taillad)[ée]e?s?\b.{0,40}\b(?:encore|de\s+nouveau|"
    r"à\s+nouveau|ça\s+faisait\s+des\s+(?:mois|semaines))"
    # sixteenth round: the blade again ("la cuchilla otra vez", "wieder zur Klinge
    # gegriffen", "la lame encore", "снова лезвие"; not a shave: ``_MISHAP``)
    r"|\b(?:again|otra\s+vez|de\s+nuevo|wieder|encore|de\s+nouveau|снова|опять)\b.{0,30}"
    r"\b(?:blades?|razor\s+blades?|cuchillas?|hojas?\s+de\s+afeitar|klinge\w*|rasierklinge\w*|"
    r"lames?|лезви\w*)\b"
    r"|\b(?:blades?|razor\s+blades?|cuchillas?|klinge\w*|rasierklinge\w*|lames?|лезви\w*)\b.{0,30}"
    r"\b(?:again|otra\s+vez|de\s+nuevo|wieder|encore|de\s+nouveau|снова|опять)\b"
)
#: - what one will not need, a pet rehomed, once one is gone ("when I'm gone", "wenn ich nicht
#:   mehr da bin", "cuando ya no esté", "quand je serai parti", "когда меня не станет");
_GONE = (
    r"(?:\b(?:when|after|once)\s+i['’]?m\s+gone\b|\b(?:won['’]?t|will\s+not|not\s+going\s+to)\s+be\s+"
    r"(?:here|around)\b|\bnicht\s+mehr\s+da\b|\bya\s+no\s+(?:esté|estaré|voy\s+a\s+estar)\b"
    r"|\bpronto\s+no\s+voy\s+a\s+estar\b|\bne\s+serai\s+(?:bientôt\s+)?plus\s+(?:là|de\s+ce\s+monde)\b"
    r"|\bменя\s+не\s+станет\b|\bменя\s+(?:больше\s+)?не\s+будет\b|\bwenn(?:\s+es|['’]s)\s+mich\s+"
    r"nicht\s+mehr\s+gibt\b"
    r"|\bgone\s+for\s+good\b|\bparti(?:e|s|es)?\s+pour\s+de\s+bon\b|\bfür\s+immer\s+weg\b"
    r"|\bme\s+habr[ée]\s+ido\s+para\s+siempre\b|\bуйду\s+навсегда\b)"
    r"(?!\s+(?:for|on|at|in|next|this|from|tomorrow|until|till|für|am|im|diese|nächste|el|la|"
    r"en|esta|este|ce|cette|pour|demain|на|в|с|завтра)\b)"
)
_GIVEN = (
    r"\b(?:gave|give|giving|given|hand(?:ed|ing)?|passed\s+on|rehom\w*|tak(?:e|es|ing)\s+(?:my|in\s+my)|look\s+after\s+my|"
    r"verschenkt|weggegeben|nimmt|kommt\s+zu|regal\w*|qued\w*\s+con|cuid\w*|donn[ée]\w*|"
    r"distribu[ée]\w*|prendra|gardera|(?:le|les)\s+di|di\s+(?:mi|mis)|a\s+pris\s+(?:mon|ma|mes)|garde\s+(?:mon|ma|mes)|confi[ée]\w*|laiss[ée]\w*|dej[ée]\s+(?:mi|mis)|"
    r"cancel\w*|closed|sold|gekündigt|verkauft|cancel[ée]\w*|vend[íi]\w*|résili[ée]\w*|vendu\w*|"
    r"раздал\w*|отдал\w*|забер[её]т|возьм[её]т|продал\w*)\b"
)
_DONE_WITH_THINGS = (
    _GIVEN
    + r".{0,80}"
    + _GONE
    + r"|"
    + _GONE
    + r".{0,60}"
    + _GIVEN
    + r"|"
    + _GIVEN
    + r".{0,60}(?:\b(?:won['’]?t|will\s+not)\s+(?:be\s+)?need(?:ing)?\s+"
    r"(?:them|it|any\s+of\s+(?:it|them)|either(?:\s+of\s+them)?)\b|\bno\s+use\s+to\s+me\b"
    r"|\bwhere\s+i['’]?m\s+(?:going|headed|heading)\b|\b(?:a\s+)?donde\s+voy\b|\bno\s+me\s+"
    r"(?:hacen|hace|harán|hará)\s+falta\b|\blà\s+où\s+je\s+vais\b|\bwo\s+ich\s+hin(?:gehe)?\b"
    r"|\bтам,?\s+где\s+я\s+(?:скоро\s+)?буду\b|\bне\s+нужн\w*"
    r"|\bbrauche\s+(?:sie|das|die|es)\s+"
    r"(?:ja\s+)?(?:bald\s+)?nicht\s+mehr\b|\bno\s+(?:las|los|lo)\s+voy\s+a\s+necesitar\b"
    r"|\b(?:n['’])?en\s+aurai\s+(?:plus|pas)\s+besoin\b|\bне\s+понадоб\w+|\bбольше\s+не\s+нужн\w*"
    # sixteenth round: what would I want them for ("para qué las quiero ya", "wozu brauch
    # ich die noch", "à quoi bon les garder", "зачем они мне")
    r"|\bwhat\s+(?:would|do|will)\s+i\s+(?:need|want)\s+(?:them|it|those)\s+for\b"
    r"|\bpara\s+qu[ée]\s+(?:los|las|lo|la)\s+(?:quiero|necesito|voy\s+a\s+(?:querer|necesitar))\b"
    r"|\bwozu\s+(?:brauch\w*|soll)\s+ich\s+(?:die|das|sie|es|den)\b"
    r"|\bà\s+quoi\s+bon\s+(?:les|le|la)\s+garder\b|\bà\s+quoi\s+(?:ils|elles|ça)\s+(?:me\s+)?"
    r"servir(?:aient|ait)\b|\bзачем\s+(?:они|оно|он|она|это)\s+мне\b)"
)
#: - a day and a way chosen ("chose the method and the date", "ya elegí la manera",
#:   "выбрал способ").
_PLANNED = (
    # sixteenth round: not an errand picked up "on the way home" (a route, not a way)
    r"\b(?:picked(?!\s+(?:up|out|off)\b)|chosen|chose|decided\s+on|elegí|elegido|choisi|"
    r"выбрал\w*|ausgesucht|festgelegt)\b.{0,40}\b(?:(?<!\bon\sthe\s)(?<!\bby\sthe\s)"
    r"(?<!\ball\sthe\s)(?<!\bon\smy\s)(?<!\bon\sour\s)(?<!\bon\sher\s)(?<!\bon\shis\s)"
    r"way(?!\s+(?:home|back|there|over|round|in|out|into)\b)|method|how|manera|forma|método|"
    r"moyen|méthode|способ\w*|methode|wie)\b"
    r"|\b(?:picked(?!\s+(?:up|out|off)\b)|chosen|chose|decided\s+on|elegí|elegido|choisi|выбрал\w*|ausgesucht|"
    r"festgelegt)\b.{0,60}\b(?:to\s+do\s+it|go\s+through\s+with\s+it|hacerlo|le\s+faire|"
    r"сделать\s+это|es\s+zu\s+tun)\b|\bwie\s+und\s+wann\s+ich\s+es\s+(?:tue|mache)\b"
)
#: - a day or a date picked with no event it is for ("I've chosen the day", "ich habe den Tag
#:   festgelegt", "ya fijé la fecha", "j'ai fixé le jour", "я назначила дату"; twelfth round):
#:   said by "I", never with a wedding, a move or a trip (``_EVENT``) — that is what a date is
#:   usually picked for;
_DATE_PICKED = (
    r"\bi(?:['’]ve|\s+have)?\s+(?:finally\s+|now\s+|already\s+|just\s+)?(?:picked|chosen|chose|set|"
    r"fixed|decided\s+on)\s+(?:a|the|my)\s+(?:date|day)\b(?!\s+(?:for|of|to|off|with|at)\b)"
    r"|\b(?:ich\s+)?(?:habe|hab)\s+(?:mir\s+)?(?:jetzt\s+|schon\s+)?(?:den|einen)\s+(?:tag|termin)\s+"
    r"(?:ausgesucht|festgelegt|gewählt|bestimmt)\b"
    r"|\b(?:ya\s+)?(?:elegí|he\s+elegido|escogí|he\s+escogido|fijé|he\s+fijado)\s+(?:el\s+día|"
    r"la\s+fecha)\b(?!\s+(?:de|para|del)\b)"
    r"|\bj['’]ai\s+(?:\w+\s+)?(?:choisi|fixé)\s+(?:la\s+date|le\s+jour)\b(?!\s+(?:de|du|pour|des)\b)"
    r"|\b(?:я\s+)?(?:уже\s+)?(?:выбрал|выбрала|назначил|назначила)\s+(?:\w+\s+)?(?:день|дату|число)\b"
    r"(?!\s+(?:свадьб|переезд|отпуск|поездк|встреч|праздник)\w*)"
    # the date said as set, and "I'll do it" (thirteenth round)
    r"|\b(?:the\s+(?:date|day)\s+is\s+(?:set|fixed|chosen)|la\s+date\s+est\s+(?:fix[ée]e|choisie)|le\s+jour\s+"
    r"est\s+(?:fix[ée]|choisi)|la\s+fecha\s+est[áa]\s+(?:fijada|elegida|decidida)|el\s+d[íi]a\s+est[áa]\s+"
    r"(?:fijado|elegido|decidido)|das\s+datum\s+steht|der\s+tag\s+steht|дата\s+(?:назначена|выбрана)|"
    r"день\s+(?:назначен|выбран))\b.{0,60}\b(?:i['’]?ll\s+do\s+it|i\s+will\s+do\s+it|je\s+le\s+ferai|"
    r"lo\s+har[ée]|ich\s+(?:mach|tu)\w*\s+es|я\s+сделаю\s+это)\b"
)
#: What a date is usually picked for (no crisis with one of these in the sentence).
_EVENT = (
    r"\b(?:wedding|party|move|moving|trip|holiday|vacation|surgery|operation|appointment|interview|"
    r"exam|launch|meeting|reunion|dinner|housewarming|christening|viewing|hochzeit|feier|party|"
    r"umzug|urlaub|reise|operation|vorstellungsgespräch|prüfung|treffen|boda|fiesta|mudanza|viaje|"
    r"vacaciones|cita|operación|entrevista|examen|reunión|cena|mariage|fête|soirée|déménagement|"
    r"voyage|vacances|rendez-vous|opération|entretien|réunion|dîner|flight|flug|vuelo|vol|"
    r"свадьб\w*|праздник\w*|рейс\w*|"
    r"вечеринк\w*|переезд\w*|поездк\w*|отпуск\w*|операци\w*|собеседовани\w*|экзамен\w*|встреч\w*)\b"
)
_EVENT_RE = re.compile(_EVENT, re.IGNORECASE)

#: Joy said with a date picked (an exclamation mark, "excited", "can't wait", "🎉",
#: "freu mich", "qué ilusión", "trop hâte", "ура"): a date looked forward to is no crisis.
_GLAD = (
    r"!|\b(?:excited|can['’]?t\s+wait|yay|woo+|hyped|so\s+happy|invites?|invitations?|"
    r"save\s+the\s+date|freu\w*|aufgeregt|ilusi[óo]n|emocionad\w*|h[âa]te|trop\s+content\w*|"
    r"ура|жду\s+не\s+дождусь)\b|[🎉🥳❤😍💍🥂🎊😊]"
)
#: Someone else's event, a time the day is set around, not what it is for ("right after my
#: sister's wedding, not to spoil it", "cuando mis hermanos estén de vacaciones").
_OTHERS_EVENT = re.compile(
    r"\b(?:after|before|during|while|when|nach|vor|während|wenn|después\s+de|antes\s+de|cuando|"
    r"mientras|après|avant|pendant|quand|после|до|когда)\s+(?:\w+['’]s|(?:my|mis|mi|meine[mnrs]?|"
    r"mes|mon|ma|мо\w+)\s+(?:\w+['’]s|brother|sister|parents|mum|mom|dad|son|daughter|friend|"
    r"bruder|schwester|eltern|hermano|hermana|padres|hij[oa]s?|amig[oa]s?|fr[èe]re|s[œo]eur|"
    r"parents|fils|fille|ami|amie|брат\w*|сестр\w*|родител\w*|друг\w*|сын\w*|доч\w*)"
    r"(?:\s+(?:est[ée]n|sean|are|is|sind|ist|seront|soient|sera|будут|будет))?)\s+(?:\w+\s+){0,2}?"
    + _EVENT,
    re.IGNORECASE,
)

_GLAD_RE = re.compile(_GLAD, re.IGNORECASE)


def _date_for_an_event_or_glad(text: str) -> bool:
    """Whether a date picked is for an event (one not set around someone else's,
    ``_OTHERS_EVENT``), or said with joy (``_GLAD``): no crisis."""
    if _GLAD_RE.search(text) is not None:
        return True
    return _EVENT_RE.search(_OTHERS_EVENT.sub(" ", text)) is not None


#: - a will made beside a sign of going: the funeral arranged, "before I go", "after my death",
#:   once one is gone ("Testament aufgesetzt, nach meinem Tod …", "hice testamento antes de
#:   irme", "j'ai signé mon testament … après ma mort");
_WILL = (
    # anchored: searched from the start only (each look-ahead reads the whole text once)
    r"(?s)^(?=.*\b(?:will|testament\w*|testamento|завещани\w*)\b)"
    r"(?=.*(?:\b(?:made|wrote|written|signed|drew\s+up|drawn\s+up|did|done|sorted|finished)\s+"
    r"(?:a|my|out\s+my)\s+(?:last\s+)?will\b|\btestament\b.{0,40}\b(?:gemacht|geschrieben|"
    r"aufgesetzt|unterschrieben|verfasst|fait|rédigé|écrit|signé)\b|\b(?:fait|rédigé|écrit|"
    r"signé)\s+(?:mon|un)\s+testament\b|\b(?:hice|he\s+hecho|redacté|he\s+redactado|firmé|"
    r"escribí|he\s+escrito|hecho)\s+(?:mi\s+|el\s+|un\s+)?testamento\b|\b(?:составил|составила|"
    r"написал|написала|оформил|оформила)\s+завещани\w*))"
    r"(?=.*(?:\b(?:funeral|burial|cremation|beerdigung|begräbnis|bestattung|trauerfeier|"
    r"entierro|funeral|velatorio|obsèques|enterrement|funérailles|похорон\w*)\b"
    r"|\bbefore\s+i\s+go\b|\bafter\s+my\s+death\b|\bfor\s+after\b|\bbevor\s+ich\s+gehe\b|"
    r"\bnach\s+meinem\s+tod\b|\bantes\s+de\s+irme\b|\bdespués\s+de\s+mi\s+muerte\b|"
    r"\bavant\s+de\s+partir\b|\baprès\s+ma\s+mort\b|\bпосле\s+моей\s+смерти\b|\bперед\s+уходом\b"
    r"|\b(?:when|after|once)\s+i['’]?m\s+gone\b|\bnicht\s+mehr\s+(?:da|gibt)\b|\bmich\s+nicht\s+"
    r"mehr\s+gibt\b|\bwenn\s+ich\s+(?:mal\s+)?weg\s+bin\b|\bcuando\s+me\s+vaya\b|\bquand\s+je\s+serai\s+"
    r"partie?\b|\bкогда\s+я\s+уйду\b|\bmich\s+nicht\s+"
    r"mehr\s+gibt\b|\bya\s+no\s+(?:esté|estaré)\b|\bne\s+serai\s+plus\s+là\b|\bменя\s+не\s+станет\b))"
)
#: - the others soon spared the speaker (they "won't need to look after me much longer", "nicht
#:   mehr lange … um mich", "dentro de poco no tendrán que cuidarme", "tu n'auras plus à me
#:   supporter bien longtemps", "скоро тебе не придётся обо мне заботиться");
_SPARED = (
    r"\b(?:won['’]?t|will\s+not|wouldn['’]?t|don['’]?t|not)\s+(?:have|need)\s+to\s+(?:deal\s+with|"
    r"put\s+up\s+with|worry\s+about|look\s+after|care\s+for|bother\s+with|cope\s+with|carry|"
    r"support|pay\s+for|see)\s+me\s+(?:for\s+)?(?:much|any|very|a\s+lot)\s+longer\b"
    r"|\b(?:be\s+rid\s+of\s+me|be\s+free\s+of\s+me)\s+(?:soon|for\s+good)\b"
    r"|\b(?:soon|shortly)\b.{0,30}\b(?:won['’]?t|will\s+not|never)\s+(?:have|need)\s+to\s+"
    r"(?:deal\s+with|put\s+up\s+with|worry\s+about|look\s+after|see)\s+me\b"
    r"|\bnicht\s+mehr\s+lange\b.{0,40}\b(?:mit\s+mir|um\s+mich|mich)\b|\b(?:mit\s+mir|um\s+mich)"
    r"\b.{0,40}\bnicht\s+mehr\s+lange\b"
    r"|\bbald\b.{0,30}\b(?:müsst|müssen|musst|brauchst|braucht|brauchen)\s+(?:ihr|sie|du)\s+"
    r"(?:euch|sich|dich)?\s*(?:nicht\s+mehr|nie\s+mehr|keine\s+sorgen\s+mehr)\b.{0,30}"
    r"\b(?:mit\s+mir|um\s+mich|mich)\b"
    r"|\b(?:pronto|dentro\s+de\s+poco)\b.{0,30}\bno\s+(?:tendr\w+|vais\s+a\s+tener|van\s+a\s+tener|"
    r"vas\s+a\s+tener)\s+que\s+(?:aguantar|soportar|cuidar|preocupar)\w*"
    r"|\bno\s+tendr\w+\s+que\s+(?:aguantarme|soportarme|cuidarme|preocupar\w*\s+por\s+mí)\s+"
    r"(?:mucho\s+)?(?:más|tiempo)\b"
    r"|\bn['’]aur(?:ez|as|ont|a)\s+plus\s+(?:à|a|besoin\s+de)\s+me\s+(?:supporter|gérer|porter|"
    r"subir|supporter)\b.{0,30}\b(?:longtemps|bientôt)\b"
    r"|\bскоро\b.{0,30}\bне\s+прид[её]тся\b.{0,30}\b(?:со\s+мной|меня|обо\s+мне|за\s+мной)\b"
    r"|\bнедолго\b.{0,30}\b(?:вам|тебе|им)\b.{0,30}\b(?:со\s+мной|меня|терпеть|мучиться)\b"
    # rid of the speaker soon or for good (thirteenth round)
    r"|\b(?:soon|finally|at\s+last|bald|endlich|pronto|por\s+fin|bientôt|enfin|скоро|наконец)\b.{0,50}"
    r"(?:\b(?:rid|free)\s+of\s+me\b|\bpeace\s+(?:and\s+quiet\s+)?from\s+me\b|\bruhe\s+vor\s+mir\b"
    r"|\bdébarrass\w*\s+de\s+moi\b|\blibr(?:es|ar[áa]n|ar[ée]is|ar[áa]s)\s+de\s+m[íi]\b|"
    r"\bse\s+librar\w*\s+de\s+m[íi]\b|\bизбав\w*\s+от\s+меня\b|\bот\s+меня\s+избав\w*|\bотдохн\w*\s+от\s+меня\b)"
    r"|(?:\bruhe\s+vor\s+mir\b|\bdébarrass\w*\s+de\s+moi\b|\b(?:rid|free)\s+of\s+me\b|"
    r"\bизбав\w*\s+от\s+меня\b)\b.{0,20}\b(?:for\s+good|forever|für\s+immer|pour\s+de\s+bon|"
    r"pour\s+toujours|para\s+siempre|навсегда)\b"
)
#: - pills gathered and kept somewhere (hidden in a shoebox, "in einer Socke versteckt",
#:   "escondo somníferos en un bote"): a verb of gathering or hiding beside the pills, and a
#:   container, a time or "enough" — medicine kept where it is taken is no crisis (``_MEDICINE``);
_GATHER = (
    r"\b(?:collect\w*|gather\w*|sav(?:e|es|ed|ing)\s+up|hoard\w*|hid|hidden|hide|hiding|"
    r"sammle\w*|gesammelt|versteck\w*|junt\w*|acumul\w*|escond\w*|collectionn\w*|cach[ée]\w*|"
    r"коплю|копил\w*|собира\w*|собрал\w*|пряч\w*|спрята\w*|откладыва\w*|kept\s+back|keeping\s+back|"
    r"held\s+back|put\s+by|sammel\w*)\b"
)
_KEPT_IN = (
    r"\b(?:tin|box|jar|sock|envelope|drawer|shoebox|dose|schachtel|kiste|socke|umschlag|schublade|"
    r"lata|caja|bote|sobre|calcet\w*|boîte|bocal|enveloppe|chaussette|tiroir|коробк\w*|банк[еау]|"
    r"конверт\w*|носк\w*|ящик\w*)\b"
    r"|\bfor\s+(?:weeks|months)\b|\bseit\s+(?:wochen|monaten)\b|\bdesde\s+hace\s+(?:semanas|meses)\b"
    r"|\bllevo\s+(?:semanas|meses)\b|\bdepuis\s+(?:des\s+semaines|des\s+mois|un\s+mois)\b"
    r"|\bнеделями\b|\bмесяцами\b|\benough\b|\bgenug\b|\bsuficientes\b|\bassez\b|\bхватит\b"
    r"|\b(?:reicht|reichts|reichen)\b|\bfor\s+(?:tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|"
    r"satur|sun)day|the\s+weekend)\b|\ball\s+(?:of\s+)?my\b"
)
_PILLS_GATHERED = (
    rf"(?s)^(?=.*(?:{_GATHER}.{{0,40}}{_PILLS}|{_PILLS}.{{0,40}}{_GATHER}))(?=.*(?:{_KEPT_IN}))"
)
#: Medicine taken as prescribed (no hoard): vitamins, an allergy, a weekly pill box.
_MEDICINE = (
    r"\b(?:vitamin\w*|allerg\w*|alerg\w*|supplement\w*|pill\s+(?:organi[sz]er|box)|weekly\s+box|"
    r"wochendosierer|pastillero|pilulier|таблетниц\w*|витамин\w*|pharmacy|chemist|apotheke|"
    r"farmacia|pharmacie|аптек\w*)\b"
)
#: - one's life ended, said in the words for ending it (German "Schluss machen" with one's life
#:   or with everything, "meinem Leben ein Ende", "poner fin a mi vida", "mettre fin à ma vie",
#:   "свести счёты с жизнью");
_END_OF_LIFE = (
    r"\bschluss\s+(?:machen\s+)?mit\s+(?:meinem\s+leben|dem\s+leben|allem(?=\s*(?:$|[.,!;:…]|"
    r"machen|und\b)))|\bmit\s+(?:meinem\s+leben|dem\s+leben|allem)\s+schluss\b"
    r"|\bmeinem\s+leben\s+ein\s+ende\b|\bmir\s+das\s+leben\s+(?:zu\s+)?nehmen\b|\bnehme\s+mir\s+"
    r"das\s+leben\b"
    r"|\b(?:acabar|terminar|poner\s+fin|poner\s+punto\s+final)\s+(?:con|a)\s+(?:mi\s+vida|"
    r"todo(?=\s*(?:$|[.,!;:…])))|\bquitarme\s+la\s+vida\b|\bme\s+quito\s+la\s+vida\b"
    r"|\bmettre\s+fin\s+à\s+(?:mes\s+jours|ma\s+vie)\b|\ben\s+finir\s+avec\s+(?:la\s+vie|ma\s+vie|"
    r"tout(?=\s*(?:$|[.,!;:…])))|\bme\s+donner\s+la\s+mort\b"
    r"|\bпокончить\s+(?:с\s+собой|с\s+жизнью|со\s+всем(?:\s+этим)?)\b|\bсо\s+всем\s+(?:этим\s+)?"
    r"покончить\b|\bсвести\s+сч[её]ты\s+с\s+жизнью\b|\bлишить\s+себя\s+жизни\b"
    # thirteenth round: "(je) veux en finir" with nothing else to finish; life no longer wanted
    r"|\b(?:je\s+|j['’]\s*)?(?:veux|vais|voudrais)\s+(?:juste\s+|vraiment\s+)?en\s+finir\b"
    r"(?!.{0,25}\bavec\s+(?!(?:la\s+vie|ma\s+vie|tout)\b))|\benvie\s+d['’]en\s+finir\b"
    r"(?!.{0,25}\bavec\s+(?!(?:la\s+vie|ma\s+vie|tout)\b))"
    r"|\bleben\s+(?:mag|will|möchte|kann)\s+ich\s+(?:so\s+)?(?:echt\s+|einfach\s+)?nicht\s+mehr\b"
)
#: - a leap thought of at a bridge, a roof or a cliff ("on the cliff thinking about jumping",
#:   "auf dem Dach und dachte daran zu springen"): not a swim, a dive or a bungee
#:   (``_LEISURE``).
_THINK = (
    r"\b(?:think\w*\s+(?:about|of)|thought\s+(?:about|of)|wonder\w*\s+(?:about|whether|if)|"
    r"überleg\w*|(?:denke?|dachte)\s+(?:dar(?:an|über)|nach)|pensando\s+en|pienso\s+en|pensé\s+en|"
    r"pens\w*\s+à|думал\w*|думаю|denk\w*\s+(?:\w+\s+)?(?:dar(?:an|über)|drüber|dran|drauf|nach))\b"
)
_LEAPT = r"\b(?:jump\w*|spring\w*|saltar|tirarme|sauter|me\s+jeter|прыгн\w*|шагн\w*)"
_HIGH = (
    r"\b(?:bridge|roof|cliff|ledge|br[üu]cke|dach|klippe|puente|azotea|tejado|acantilado|pont|toit|"
    r"falaise|мост\w*|крыш\w*|обрыв\w*|скал\w*)\b"
)
_LEAP_THOUGHT = (
    rf"{_HIGH}.{{0,80}}{_THINK}.{{0,30}}{_LEAPT}|{_THINK}.{{0,30}}{_LEAPT}.{{0,40}}{_HIGH}"
    rf"|{_THINK}.{{0,30}}{_HIGH}.{{0,30}}{_LEAPT}"
)
_LEISURE = (
    r"\b(?:bungee|swim\w*|dive|diving|pool|parachut\w*|schwimm\w*|baden|nadar|piscina|plonge\w*|"
    r"piscine|baignade|купа\w*|нырн\w*)\b"
)
#: What makes such a sentence about someone else or a story, or an errand: a novel or a film,
#: the news, a colleague's farewell or a move, a view from a bridge, a cut while cooking.
_NOT_ONESELF = re.compile(
    r"\b(?:novel|film|movie|book|story|series|show|episode|character|hero|heroine|protagonist|"
    r"detective|news|paper|article|reported|roman|buch|serie|(?:der|den|dem|des|ein\w*)\s+held\w*|"
    r"heldin|nachrichten|zeitung|"
    r"novela|película|libro|protagonista|noticias|periódico|livre|série|héros|héroïne|infos|"
    r"journal|роман\w*|фильм\w*|книг\w*|сериал\w*|геро[йия]\w*|новост\w*|газет\w*"
    r"|colleague|coworker|co-worker|retir\w*|leaving\s+do|kolleg\w*|rente|ruhestand|compañer\w*|"
    r"jubil\w*|coll[èe]gue|retraite|коллег\w*|пенси\w*"
    r"|mov(?:e|ing)|umzug|umziehen|mudanza|mudarnos|déménag\w*|переезд\w*)\b",
    re.IGNORECASE,
)
#: A sight from a bridge or a roof (a place to fall from only without one).
_VIEW = (
    r"\b(?:photo\w*|view|sunset|fireworks|selfie|foto\w*|aussicht|feuerwerk|sonnenuntergang|"
    r"vista|fuegos|atardecer|vue|feu\s+d['’]artifice|coucher\s+de\s+soleil|фото\w*|вид\b|"
    r"салют\w*|закат\w*)\b"
)
#: A cut while cooking or shaving (self-harm again only without one).
_MISHAP = (
    r"\b(?:cooking|kitchen|shaving|onions?|mandoline|kochen|küche|rasier\w*|cocin\w*|afeit\w*|"
    r"cuisin\w*|rasant|кухн\w*|готовил\w*|брил\w*"
    # a finger or a fall (a cut again of a finger, or off a bike, is a mishap)
    r"|fingers?|thumbs?|finger|daumen|dedos?|pulgar|doigts?|pouce|пал(?:ец|ьц)\w*|bike|fell|tripped|"
    r"gestürzt|hingefallen|me\s+caí|tomb[ée]e?|упал\w*)\b"
)
#: A trip, a move or a new place one is going to (things given away or sold for it: "won't
#: need it where I'm going, the city has trams").
_NEW_PLACE = (
    _EVENT
    + r"|\b(?:city|town|country|abroad|job|climate|weather|ciudad|pueblo|pa[íi]s|trabajo|ville|"
    r"pays|boulot|stadt|ausland|город\w*|стран\w*|работ\w*)\b"
)
#: Pills fetched from a pharmacy, or counted for a pill box (means gathered only without one;
#: sixteenth round: the box — not a prescription: pills hoarded "from each prescription" are).
_ERRAND = (
    r"\b(?:pharmacy|chemist|apotheke|farmacia|pharmacie|аптек\w*|pill\s*box|pill\s+organi[sz]er|"
    r"dosette|wochendosierer|dosierer|pastillero|pilulier|таблетниц\w*)\b"
)
#: Thirteenth round (h-crisis13; the misses of the blind sets 12 and 13, in chat's words):
#: - no reason left to wake, get up or live ("what's the point of getting up anymore", "why do
#:   I even bother living", "wozu noch aufstehen", "para qué seguir viviendo", "à quoi bon
#:   vivre", "зачем вообще жить") — not living somewhere, nor getting up early;
_POINTLESS = (
    r"\b(?:point|reason)\s+(?:of|in|to)\s+(?:me\s+)?(?:even\s+)?(?:living|being\s+alive|sticking\s+"
    r"around|existing|carrying\s+on)\b(?!\s+(?:in|at|with|near|on|there|together|abroad|here\s+if)\b)"
    r"|\b(?:point|reason)\s+(?:of|in|to)\s+(?:me\s+)?(?:even\s+)?(?:waking\s+up|getting\s+up|"
    r"getting\s+out\s+of\s+bed)\b(?=.{0,60}\b(?:any\s*more|at\s+all|no\s*one|nobody|anyone|"
    r"tomorrow|ever)\b)"
    r"|\bwhy\s+(?:do\s+|would\s+)?i\s+(?:even\s+|still\s+)?bother\s+(?:living|existing|being\s+alive|"
    r"sticking\s+around|(?:waking|getting)\s+up(?=.{0,60}\b(?:any\s*more|at\s+all|no\s*one|"
    r"nobody|anyone|ever)\b))"
    r"|\bwozu\s+(?:\w+\s+){0,2}(?:weiterleben|leben|aufstehen|aufwachen)\s*(?:$|[,.!?…]|wenn|"
    r"merkt|eh)|\bkein(?:en)?\s+(?:sinn|grund)\b.{0,20}\b(?:weiterzuleben|zu\s+leben|aufzustehen)\b"
    r"|\b(?:para\s+qu[ée]|ninguna\s+raz[óo]n|ning[úu]n\s+sentido|sin\s+sentido)\b.{0,25}\b(?:seguir\s+"
    r"vivo|seguir\s+viva|seguir\s+viviendo|vivir|levantarme|despertarme)\b(?!\s+(?:en|temprano|"
    r"con|a\s+las|así\s+de\s+temprano)\b)"
    r"|\b(?:à\s+quoi\s+bon|aucune\s+raison\s+de|pourquoi\s+(?:encore\s+)?)\s*(?:continuer\s+à\s+)?"
    r"(?:vivre|me\s+lever|me\s+r[ée]veiller)\b(?!\s+(?:à|en|ici|tôt|avec)\b)"
    r"|\b(?:зачем|ни\s+одной\s+причины|нет\s+смысла)\b.{0,25}\b(?:жить|просыпаться|вставать)\b"
    r"(?!\s+(?:в|рано|с|на)\b)"
)
#: - walking into the sea to keep walking, not to come back;
_INTO_WATER = (
    r"\b(?:walk\w*|wad\w*|go(?:ing)?|head\w*)\s+(?:\w+\s+)?into\s+the\s+(?:sea|ocean|lake|river|"
    r"water|waves)\b.{0,40}\b(?:keep\s+(?:walking|going)|not\s+(?:come|coming)\s+(?:back|out)|"
    r"never\s+(?:come|coming)\s+(?:back|out)|don['’]?t\s+stop)\b"
    r"|\b(?:ins|in\s+den|in\s+die)\s+(?:meer|wasser|see|fluss)\b.{0,40}\b(?:nicht\s+(?:mehr\s+)?"
    r"zurück|weiter(?:gehen|laufen))\b"
    r"|\b(?:meterme|entrar|caminar|andar)\b.{0,20}\b(?:mar|r[íi]o|lago|agua)\b.{0,40}\b(?:no\s+"
    r"volver|seguir\s+(?:andando|caminando))\b"
    r"|\b(?:marcher|entrer|avancer)\b.{0,20}\b(?:mer|rivi[èe]re|lac|l['’]eau)\b.{0,40}\b(?:(?:ne\s+)?"
    r"(?:pas|plus|jamais)\s+revenir|continuer)"
    r"|\b(?:зайти|зайду|войти|войду|уйти|уйду)\s+(?:в\s+)?(?:море|реку|озеро|воду)\b.{0,40}"
    r"(?:не\s+вернуться|не\s+вернусь|не\s+возвращаться|дальше)"
)
#: - a leap from a height said as what one will do ("demain je saute du viaduc", "me tiro del
#:   puente", "spring von der Brücke", "прыгну с моста", "I'm jumping off the bridge"), or a
#:   bridge looked at "para tirarme";
_LEAP_NOW = (
    r"\b(?:i['’]?m|i\s+am|i['’]?ll|i\s+will|gonna|going\s+to)\s+(?:just\s+)?(?:jump|jumping|throw\s+"
    r"myself|step)\s+(?:off|from|in\s+front\s+of)\s+(?:the|a|that|this)\s+(?:[\w-]+\s+)?(?:bridge|roof|"
    r"building|cliff|balcony|train|car\s+park|window|overpass|tower|ledge)\b"
    r"|\bje\s+(?:vais\s+)?saut(?:e|er)\s+(?:du|d['’]un|d['’]une|de\s+la|de\s+l['’]|par\s+la)\s*"
    r"(?:pont|toit|fen[êe]tre|falaise|balcon|immeuble|viaduc)\b"
    r"|\b(?:me\s+tiro|me\s+voy\s+a\s+tirar|voy\s+a\s+tirarme|tirarme|me\s+lanzo|lanzarme)\s+(?:del|de\s+"
    r"(?:un|una|la|el)|desde(?:\s+(?:el|la|un|una))?)\s+(?:\w+\s+)?(?:puente|azotea|edificio|"
    r"balc[óo]n|ventana|acantilado|tejado|viaducto|piso)\b|\bpara\s+tirarme\s*(?:$|[.,!…])"
    r"|\bspring\w*\s+(?:ich\s+)?(?:heute\s+|morgen\s+|gleich\s+)?(?:von|vor)\s+(?:der|die|den|dem|"
    r"einer|einem)\s+(?:\w+\s+)?(?:brücke|dach|zug|klippe|hochhaus|balkon)\b"
    r"|\b(?:прыгну|спрыгну|брошусь|кинусь|выброшусь|шагну)\s+(?:с|из|под|вниз)\b"
)
#: - the others better off without the speaker ("better off w/o me", "leichter ohne mich",
#:   "mejor sin mí", "plus tranquilles sans moi", "без меня будет проще"), and the world that
#:   loses nothing if one checks out;
_WITHOUT_ME = (
    r"\b(?:everyone|everybody|all|world|planet|family|kids|children|parents|they|you|we|mum|mom|"
    r"dad|wife|husband|friends|he|she)\b.{0,30}"
    r"\b(?:better|easier|happier|lighter|calmer|simpler)\s+(?:off\s+|life\s+|time\s+)?"
    r"(?:without|w/o)\s+me\b"
    r"|\b(?:world|planet|everyone|nobody|no\s+one)\s+(?:\w+\s+)?(?:loses?|lose|would\s+lose)\s+"
    r"(?:nothing|anything)\b.{0,30}\bif\s+i\s+(?:check\s+out|die|died|go|went|disappear\w*|vanish\w*|"
    r"wasn['’]?t\s+here|weren['’]?t\s+here)\b"
    r"|\b(?:besser|leichter|einfacher|ruhiger|glücklicher)\s+(?:dran\s+)?ohne\s+mich\b"
    r"|\bohne\s+mich\b.{0,30}\b(?:besser|leichter|einfacher|ruhiger)\b"
    r"|\b(?:mejor(?:es)?|m[áa]s\s+(?:tranquil\w+|f[áa]cil|feliz|felices|libres?))\s+sin\s+m[íi]\b"
    r"|\bsin\s+m[íi]\b.{0,30}\b(?:mejor|m[áa]s\s+tranquil\w+|m[áa]s\s+f[áa]cil)\b"
    r"|\b(?:mieux|plus\s+(?:tranquilles?|heureux|heureuses?|facile|l[ée]g[èe]re?s?|libres?))\s+"
    r"sans\s+moi\b|\bsans\s+moi\b.{0,30}\b(?:mieux|plus\s+(?:tranquilles?|facile|simple))\b"
    r"|\bбез\s+меня\b.{0,30}(?:лучше|проще|легче|спокойнее|счастливее)"
    r"|(?:лучше|проще|легче|спокойнее)\b.{0,15}\bбез\s+меня\b"
)
#: - burns pressed on one's own body (a lighter, a cigarette stubbed out, a hot spoon: "me
#:   apago cigarrillos en el brazo", "je me brûle avec une cigarette", "drück Zigaretten auf meiner
#:   Haut aus", "тушу сигареты об руку") — not a burn while cooking or ironing (``_MISHAP``);
_BODY = (
    r"(?:arms?|wrists?|thighs?|legs?|skin|hands?|stomach|forearms?|hips?|brazos?|piernas?|muslos?|"
    r"antebrazos?|piel|muñecas?|bras|jambes?|cuisses?|peau|poignets?|avant-bras|arm|arme[n]?|"
    r"beine?|oberschenkel|haut|handgelenk\w*|рук\w*|ног\w*|кож\w*|бедр\w*|запясть\w*)"
)
_SELF_BURN = (
    r"\b(?:burn\w*|held|hold\w*|press\w*|put|stub\w*)\b.{0,30}\b(?:lighter|cigarettes?|cigs?|hot\s+"
    r"(?:spoon|knife|metal|coin|iron)|matches)\b.{0,30}\b(?:my|own)\s+(?:\w+\s+)?" + _BODY + r"\b"
    r"|\b(?:burn\w*|held|hold\w*|press\w*|put|stub\w*)\b.{0,30}\b(?:my|own)\s+(?:\w+\s+)?"
    + _BODY
    + r"\b.{0,30}\b(?:lighter|cigarettes?|cigs?|hot\s+(?:spoon|knife|metal|coin)|matches)\b"
    r"|\b(?:held|hold\w*|press\w*|put)\s+(?:a\s+|the\s+)?(?:lighter|cigarette|hot\s+(?:spoon|knife|"
    r"metal|coin))\s+(?:to|on|against)\s+(?:my|own)\b"
    r"|\bme\s+(?:apago|apagu[ée]|quemo|quem[ée]|hago\s+quemaduras)\b.{0,40}\b(?:cigarr\w*|mechero|"
    r"encendedor|" + _BODY + r")\b"
    r"|\bje\s+me\s+(?:br[ûu]le|suis\s+br[ûu]l[ée]e?)\b.{0,30}\b(?:cigarette|briquet|clope|expr[èe]s)\b"
    r"|\b(?:[ée]cras\w*|[ée]teins?)\s+(?:des\s+|mes\s+)?(?:cigarettes|clopes)\s+sur\s+(?:mon|ma|mes)\b"
    r"|\b(?:drück\w*|mach\w*)\s+(?:mir\s+)?(?:\w+\s+)?zigarett\w*\s+(?:auf|an)\s+(?:meiner|meinem|"
    r"mir|der|dem)\b|\bverbrenne\s+mich\s+(?:absichtlich|mit)\b"
    r"|\bтуш\w*\s+(?:\w+\s+)?(?:сигарет\w*|бычк\w*|окурк\w*)\s+(?:об|о|на)\s+(?:себ\w*|"
    + _BODY
    + r")|\b(?:прижига\w*|жгу)\s+(?:себе\s+)?"
    + _BODY
)
#: - worth more dead, the life insurance all one is worth;
_WORTH = (
    r"\bworth\s+more\s+dead\b|\binsurance\b.{0,60}\b(?:only\s+thing\s+i['’]?m\s+worth|all\s+i['’]?m\s+"
    r"worth|worth\s+more)\b|\b(?:only\s+thing|all)\s+i['’]?m\s+worth\b.{0,60}\binsurance\b"
    r"|\btot\s+mehr\s+wert\b|\bmehr\s+wert\s+tot\b|\bvalgo\s+m[áa]s\s+muert[oa]\b|\bje\s+vaux\s+plus\s+"
    r"(?:cher\s+)?mort\w*|\b(?:мертвым|мёртвым|мертвой|мёртвой)\s+я\s+(?:стою|полезнее)"
)
#: - one's affairs wound up: accounts closed or deleted beside goodbyes said, debts settled,
#:   loose ends tied up or "when I'm gone";
_CLOSURE = (
    r"(?s)^(?=.*\b(?:deleted|closed|deactivated|shut\s+down|wiped|gelöscht|borr[ée]\w*|cerr[ée]\w*|"
    r"supprim[ée]\w*|ferm[ée]\w*|удалил\w*|закрыл\w*)\s+(?:all\s+|alle\s+|todas?\s+|tous\s+|все\s+)?"
    r"(?:of\s+)?(?:my|meine\w*|mis|mes|мои)?\s*(?:socials|social\s+media|accounts?|instagram|"
    r"facebook|profiles?|konten|accounts|cuentas|redes|comptes|r[ée]seaux|аккаунт\w*|страниц\w*|"
    r"соцсет\w*))"
    r"(?=.*(?:\bsaid\s+(?:bye|goodbye)|\bsettled\b|\bpaid\s+(?:back|off)\b|\bloose\s+ends\b|"
    r"\b(?:when|once)\s+i['’]?m\s+gone\b|\bgave\s+away\b|\bverabschiedet\b|\bme\s+desped[íi]\b|"
    r"\bdit\s+(?:au\s+revoir|adieu)\b|\bпопрощал\w*))"
    r"|\btying\s+up\s+(?:all\s+)?(?:the\s+|my\s+)?loose\s+ends\b(?=.{0,80}\b(?:before\s+(?:i\s+go|"
    r"the\s+weekend|friday|tonight)|for\s+good)\b)"
)
#: - a height worked out: which floor is high enough, how high a bridge is ("cuántos metros mide
#:   ese puente", "assez haut", "hoch genug", "достаточно высоко");
_HEIGHT = (
    r"\b(?:floor|storey|story|car\s*park|parking\s+garage|building|bridge|roof|balcony|overpass|"
    r"window|stockwerk|etage|parkhaus|br[üu]cke|dach|hochhaus|piso|planta|edificio|puente|azotea|"
    r"balc[óo]n|[ée]tage|immeuble|pont|toit|этаж\w*|мост\w*|крыш\w*|дом\w*)\b.{0,40}\b(?:high\s+"
    r"enough|hoch\s+genug|lo\s+bastante\s+alt[oa]|suficientemente\s+alt[oa]|assez\s+haut|"
    r"достаточно\s+высок\w*)"
    r"|\b(?:high\s+enough|hoch\s+genug|assez\s+haut|достаточно\s+высок\w*)\b.{0,40}\b(?:floor|"
    r"storey|car\s*park|building|bridge|roof|stockwerk|parkhaus|br[üu]cke|[ée]tage|immeuble|pont|"
    r"этаж\w*|мост\w*|крыш\w*)\b"
    r"|\b(?:worked\s+out|figured\s+out|checked|measured|calculated|googled|looked\s+up)\s+how\s+"
    r"(?:high|tall)\s+(?:the\s+|that\s+|it\s+)?(?:\w+\s+)?(?:bridge|roof|car\s+park|building|it)\b"
    r"|\b(?:bridge|roof|car\s+park|building)\b.{0,60}\b(?:worked\s+out|figured\s+out|measured|"
    r"calculated)\s+how\s+(?:high|tall)\b"
    r"|\bcu[áa]ntos\s+(?:metros|pisos)\s+(?:tiene|mide|hay)\b.{0,30}\b(?:puente|edificio|azotea|"
    r"viaducto|balc[óo]n)\b"
    r"|\bcombien\s+de\s+m[èe]tres\b.{0,30}\b(?:pont|immeuble|viaduc|toit)\b"
    r"|\bwie\s+hoch\s+(?:die|das|der)\s+(?:brücke|dach|parkhaus|hochhaus)\b.{0,30}\b(?:ist|sind)\b"
    r"(?=.{0,40}\b(?:ausgerechnet|nachgeschaut|gemessen|gegoogelt)\b)"
)
#: - all the pills swallowed at once ("swallow all my pills tonight", "tomarme todas las
#:   pastillas de golpe", "avaler toute la boîte de cachets", "alle Tabletten auf einmal
#:   schlucken", "выпить все таблетки разом");
_SWALLOW_ALL = (
    r"\bswallow\w*\s+(?:them\s+all|all\s+(?:of\s+)?(?:my|the|them)|every|the\s+whole|the\s+entire)\b"
    r"|\b(?:take|taking|down|neck)\s+(?:all|every\s+one)\s+(?:of\s+)?(?:my|the)\s+(?:\w+\s+)?"
    + _PILLS
    + r"\s+(?:at\s+once|in\s+one\s+go|together|tonight)\b"
    r"|\b(?:them\s+all|all\s+of\s+them)\s+at\s+once\b"
    r"|\b(?:tomarme|tragarme|me\s+tomo|me\s+trago|me\s+voy\s+a\s+tomar)\s+(?:todas?|el\s+bote|la\s+caja)\b"
    r".{0,30}" + _PILLS + r"?.{0,20}(?:de\s+golpe|de\s+una\s+vez|juntas|esta\s+noche)"
    r"|\b(?:avaler|avale|prendre)\s+(?:toute\s+la\s+bo[îi]te|tous\s+(?:mes|les))\b.{0,30}"
    r"(?:cachets|m[ée]docs|comprim[ée]s|m[ée]dicaments|somnif[èe]res)"
    r"|\b(?:alle|die\s+ganze\s+packung)\s+(?:\w+\s+)?tabletten\s+(?:auf\s+einmal|auf\s+ex|heute\s+nacht)"
    r"|\bschluck\w*\s+(?:heute\s+)?alle\b"
    r"|\b(?:выпью|выпить|проглочу|проглотить|сожру|сожрать)\s+все\s+(?:\w+\s+)?(?:таблет\w*|"
    r"снотворн\w*|лекарств\w*)"
)
#: - done with everything, and a plan for a day ("so done with it all, got a plan for saturday");
_DONE_AND_PLAN = (
    r"\b(?:done\s+with\s+(?:everything|it\s+all|life|all\s+of\s+(?:it|this))|can['’]?t\s+(?:do\s+"
    r"this|go\s+on|take\s+(?:it|this))\s+any\s*more)\b.{0,80}\b(?:(?:got|have|made)\s+a\s+plan|"
    r"doing\s+it|do\s+it)\b.{0,30}\b(?:tonight|tomorrow|this\s+weekend|on\s+\w+day|this\s+week|soon)\b"
)
#: - the only way out is not being there ("the only way out is me not being here", "der
#:   einzige Ausweg ist, nicht mehr da zu sein", "la única salida es desaparecer", "la seule
#:   issue c'est de disparaître", "единственный выход — исчезнуть").
_ONLY_WAY = (
    r"\bonly\s+(?:way\s+out|exit|solution|escape|option)\b.{0,60}\b(?:me\s+not\s+being|not\s+being\s+"
    r"(?:here|around|alive)|to\s+die|dying|my\s+death|disappear\w*|end(?:ing)?\s+it|me\s+gone|"
    r"check(?:ing)?\s+out)\b"
    r"|\beinzige[rn]?\s+(?:ausweg|lösung)\b.{0,60}\b(?:sterben|tod|nicht\s+mehr\s+(?:da|leben|zu\s+"
    r"leben)|verschwinden)\b"
    r"|\b[úu]nica\s+(?:salida|soluci[óo]n)\b.{0,60}\b(?:morir\w*|muerte|no\s+estar|desaparecer)\b"
    r"|\bseule\s+(?:issue|solution|sortie)\b.{0,60}\b(?:mourir|mort|dispara[îi]tre|plus\s+être\s+là)\b"
    r"|\bединственн\w+\s+выход\w*.{0,60}(?:умереть|смерть|исчезнуть|меня\s+не\s+будет|не\s+жить)"
)
#: Fourteenth round (h-crisis14; the held-out misses of the thirteenth round, in new words):
#: - harm done to oneself on purpose ("burned my hand … on purpose", "took double my dose …
#:   deliberately", "mich absichtlich … verletzt", "me quemé a propósito", "je me suis griffée
#:   exprès", "специально порезалась"), scars one made oneself ("von mir selbst"), and harm done
#:   to oneself counted ("hurt myself three times this month") — not at a gym or in a fall;
_SELF_HURT = (
    r"(?:\b(?:hurt\w*|cut\w*|burn\w*|hit\w*|punch\w*|scratch\w*|bang\w*|starv\w*|bit|bite\w*|"
    r"press\w*|pinch\w*|bruis\w*|slash\w*|harm\w*)\s+(?:\w+\s+)?(?:myself|my\s+(?:own\s+)?"
    r"(?:\w+\s+)?(?:" + _BODY[3:-1] + r"|palms?|head|face|fingers?|knuckles?|fists?))\b"
    r"|\b(?:took|take|taken|swallowed|downed)\s+(?:\w+\s+){0,4}?(?:too\s+many|double|triple|extra|"
    r"all|twice)\b)"
    r".{0,50}\b(?:on\s+purpose|deliberately|intentionally)\b"
    r"|\bself[-\s]inflicted\b"
    r"|\b(?:hurt|cut|harmed|burn(?:ed|t))\s+myself\s+(?:\w+\s+)?(?:\w+\s+times|twice)\s+"
    r"(?:this|last|a|every)\s+(?:week|month|night|day)\b"
    r"|\b(?:mich|mir)\s+(?:\w+\s+)?(?:absichtlich|mit\s+absicht)\b.{0,40}\b(?:verletz\w*|"
    r"geschnitten|verbrannt|geschlagen|gekratzt|geritzt|wehgetan|weh\s+getan)"
    r"|\b(?:verletz\w*|schneid\w*|verbrenn\w*|ritz\w*|schlag\w*|kratz\w*)\s+(?:ich\s+)?mich\s+"
    r"(?:\w+\s+)?(?:absichtlich|mit\s+absicht)\b"
    r"|\b(?:narben|wunden|schnitte|verletzungen)\b.{0,40}\bvon\s+mir\s+selbst\b"
    r"|\bme\s+(?:hago|hice|he\s+hecho)\s+daño\b.{0,30}\b(?:a\s+prop[óo]sito|adrede|queriendo)\b"
    r"|\bme\s+(?:quem\w+|cort\w+|golpe\w+|ara[ñn]\w+|pegu[ée]|pego|lastim\w+)\b.{0,40}"
    r"\b(?:a\s+prop[óo]sito|adrede|queriendo)\b"
    r"|\bme\s+(?:suis\s+)?(?:\w+\s+)?(?:br[ûu]l|coup|griff|frapp|bless|scarifi|tailla|mutil)\w*\b"
    r".{0,40}\b(?:expr[èe]s|volontairement|d[ée]lib[ée]r[ée]ment)\b"
    r"|\bme\s+fai[st]\s+(?:du\s+)?mal\b.{0,20}\bexpr[èe]s\b"
    r"|\b(?:специально|нарочно|намеренно)\b.{0,30}\b(?:порезал\w*|режу|резал\w*|обжег\w*|"
    r"обжёг\w*|обжига\w*|бью\s+себя|делаю\s+себе\s+больно|ранил\w*|причиняю\s+себе|"
    r"наглотал\w*|царапа\w*|поцарапал\w*)"
    r"|\b(?:порезал\w*|резал\w*|обжег\w*|обжёг\w*|наглотал\w*|поцарапал\w*)\b.{0,30}"
    r"\b(?:специально|нарочно|намеренно)\b"
)
#: A gym, a sport or a fall (a hurt counted there is no self-harm).
_SPORT = (
    r"\b(?:gym|climb\w*|training|workout|football|rugby|run|running|ski\w*|sport\w*|match|"
    r"bike|fell|tripped|accident\w*|by\s+mistake)\b"
)
#: - an overdose said of oneself: its forums read, which one is quickest, taken, or a hospital
#:   after it ("reading overdose forums", "which overdose would be quickest", "hospitalised
#:   after an overdose", "Foren über Überdosis", "sobredosis", "surdose", "передоз") — not
#:   a vitamin, caffeine or a pet's;
_OVERDOSE = (
    r"(?s)^(?=.*\b(?:overdos\w*|od['’]?d|[üu]berdosis|sobredosis|surdose|overdose|передоз\w*|"
    r"передозировк\w*)\b)"
    r"(?=.*(?:\b(?:forums?|threads?|sites?|reddit|methods?|quickest|fastest|painless\w*|which|"
    r"how\s+much|how\s+many|hospital\w*|a\s*&\s*e|er|icu|took|taken|foren|forum|methode\w*|krankenhaus|klinik|genommen|foros?|m[ée]todos?|hospital|"
    r"tom[ée]|forums?|m[ée]thodes?|h[ôo]pital|urgences|pris|форум\w*|способ\w*|больниц\w*|"
    r"реанимаци\w*|выпил\w*|наглотал\w*)\b))"
)
_NOT_MY_OVERDOSE = (
    r"\b(?:vitamin\w*|caffeine|coffee|sugar|chocolate|dogs?|cats?|pets?|patients?|accident\w*|"
    r"kid|child|son|daughter|friend|brother|sister|mum|mom|dad|he|she|they|koffein|zucker|hund|"
    r"katze|vitamin|cafe[íi]na|az[úu]car|perro|gato|vitamina|caf[ée]ine|sucre|chien|chat|"
    r"кофеин\w*|сахар\w*|собак\w*|кошк\w*|витамин\w*|nurse|paramedic\w*|shift)\b"
)
#: - a past attempt ("tried to end it when I was 19", "attempted to end it last winter",
#:   "intenté acabar con todo", "j'ai tenté de me tuer", "пыталась покончить с собой");
_ATTEMPT = (
    r"\b(?:tried|attempted|try|trying)\s+to\s+(?:end\s+it|kill\s+myself|end\s+my\s+(?:own\s+)?life|"
    r"take\s+my\s+(?:own\s+)?life|off\s+myself)\b(?!\s+with\b)"
    r"|\bversucht\w*,?\s+(?:mich\s+umzubringen|mir\s+das\s+leben\s+zu\s+nehmen|mich\s+zu\s+töten)"
    r"|\bintent[ée]\s+(?:suicidarme|matarme|quitarme\s+la\s+vida|acabar\s+con\s+(?:todo|mi\s+vida))"
    r"|\b(?:essay[ée]|tent[ée])\s+de\s+(?:me\s+tuer|me\s+suicider|mettre\s+fin\s+à\s+mes\s+jours|"
    r"en\s+finir)|\btentative\s+de\s+suicide\b"
    r"|\bпыталс?[яa]?\w*\s+(?:покончить|убить\s+себя|уйти\s+из\s+жизни|отравиться)"
)
#: - one's body cut, said as what one does ("I cut my forearms when it gets bad", "ritze ich mir
#:   die Unterarme auf", "me corto los muslos", "je me coupe les avant-bras", "режу руки", "режу
#:   себе предплечья") — not a finger while cooking (``_MISHAP``), nor on a nail or a fence;
_CUT_BODY = (
    r"\bcut(?:ting)?\s+(?:my\s+)?(?:own\s+)?(?:arms?|wrists?|thighs?|forearms?|legs?|stomach|skin|"
    r"hips?|veins?)\b(?!\s+(?:on|off|out|open\s+on|badly\s+on|by)\b)"
    r"|\britz\w*\s+(?:ich\s+)?(?:mir|mich)\b|\b(?:mir|mich)\s+(?:\w+\s+){0,3}(?:auf)?geritzt\b"
    r"|\bschneide\s+(?:ich\s+)?mir\s+(?:\w+\s+)?(?:die\s+)?(?:arme|unterarme|handgelenke|beine|"
    r"oberschenkel|haut|pulsadern)\b"
    r"|\bme\s+(?:corto|cortaba|rajo)\s+(?:los|las|el|la)\s+(?:brazos|muñecas|muslos|piernas|"
    r"antebrazos|piel|venas)\b"
    r"|\bje\s+me\s+(?:coupe|taillade|lac[èe]re|coupais)\s+(?:les\s+|le\s+)?(?:bras|poignets|cuisses|"
    r"jambes|avant-bras|veines|ventre|peau)\b|\bje\s+me\s+scarifi\w*"
    r"|\bрежу\s+(?:себе\s+)?(?:руки|вены|запясть\w*|предплечь\w*|ноги|б[её]дра|кожу|себя)\b"
    r"|\bрежусь\b|\bрезать\s+себя\b|\bрежу\s+себе\b"
)
#: - a platform, a bridge or a ledge pictured, stepping or jumping off it ("on the tube platform
#:   I picture just stepping off", "stell mir vor, von der Brücke zu springen", "me imagino
#:   tirándome", "je m'imagine sauter", "представляю, как шагаю с платформы") — not a swim;
_PICTURED = (
    r"(?s)^(?=.*(?:\b(?:pictur\w*|imagin\w*|visuali[sz]\w*|stell\w*\s+mir\s+vor|vorstell\w*|"
    r"me\s+imagino|m['’]imagine|представля\w*)\b))"
    r"(?=.*(?:\b(?:step(?:s|ping)?|jump(?:s|ing)?|fall(?:s|ing)?|throw(?:ing)?\s+myself)\s+(?:just\s+)?"
    r"(?:off|out|in\s+front|over|down)\b|\bspring\w*|\bfall\w*\s+lass\w*|\bsalt(?:o|ar|ando)|"
    r"\btir[áa]ndome|\bcayendo|\bsauter|\bme\s+jeter|\btomber|\bшага\w*|\bшагну\w*|\bпрыга\w*|"
    r"\bпрыгну\w*|\bпада\w*))"
    r"(?=.*\b(?:platform|tracks?|train|tube|bridge|ledge|roof|edge|balcony|cliff|window|"
    r"bahnsteig\w*|gleis\w*|zug|brücke|dach|balkon|fenster|and[ée]n|v[íi]as|tren|puente|azotea|"
    r"balc[óo]n|ventana|quai|rails?|pont|toit|balcon|fen[êe]tre|платформ\w*|рельс\w*|поезд\w*|"
    r"мост\w*|крыш\w*|балкон\w*|окн\w*)\b)"
)
#: - the means at hand and only the nerve left ("the rope's in the shed, I just need the nerve",
#:   "hab das Seil schon, mir fehlt nur noch der Mut", "tengo la cuerda, solo me falta valor",
#:   "j'ai les cachets, il me reste plus qu'à trouver le courage", "купил верёвку, осталось
#:   решиться");
_NERVE_LEFT = (
    r"(?s)^(?=.*\b(?:rope|noose|pills?|tablets?|blades?|razors?|gun|bridge|roof|strick|seil|"
    r"tabletten|klinge|pistole|cuerda|soga|pastillas|cuchilla|pistola|corde|cachets|m[ée]dicaments|"
    r"lame|верёвк\w*|веревк\w*|таблет\w*|лезви\w*|петл\w*|пистолет\w*)\b)"
    r"(?=.*(?:\bjust\s+need\s+(?:the\s+)?(?:nerve|courage|guts)|\b(?:only|all)\s+(?:thing\s+)?"
    r"(?:left|missing)\s+is\s+(?:the\s+)?(?:nerve|courage|guts)|\bnur\s+noch\s+(?:der\s+)?mut\b"
    r"|\bfehlt\s+(?:mir\s+)?(?:nur\s+)?(?:noch\s+)?(?:der\s+)?mut\b|\bme\s+falta\s+(?:el\s+)?"
    r"(?:valor|coraje|decidirme|atreverme)\b|\bme\s+reste\s+(?:plus\s+)?qu['’]à\s+(?:trouver\s+le\s+"
    r"courage|me\s+d[ée]cider|oser|le\s+faire)\b|\bосталось\s+(?:только\s+)?(?:решиться|"
    r"набраться\s+(?:смелости|духу))))"
)
#: - not wanting to be here any more ("ya no quiero seguir aquí", "je veux plus être là", "ich
#:   will nicht mehr hier sein", "не хочу больше здесь быть") — not at a job, a party or a city
#:   (``_NEW_PLACE``, ``_HERE_IS_A_PLACE``).
#: What a nerve may be needed for that is no crisis: a tent, a climb, a speech, a date.
_NERVE_FOR = (
    r"\b(?:tent|camp\w*|climb\w*|boat|sail\w*|swing|washing|laundry|abseil\w*|exam|speech|"
    r"interview|date|ask\s+(?:her|him)|zelt|kletter\w*|acampar|escal\w*|tienda|camping|tente|"
    r"палатк\w*|поход\w*)\b"
)
_NOT_HERE = (
    r"\b(?:don['’]?t|do\s+not)\s+want\s+to\s+be\s+(?:here|around)\s+any\s*more\b"
    r"|\b(?:ya\s+no\s+quiero|no\s+quiero)\s+(?:seguir|estar)\s+aqu[íi]\b"
    r"|\bje\s+(?:ne\s+)?veux\s+plus\s+[êe]tre\s+(?:là|ici)\b"
    r"|\bich\s+(?:will|mag|möchte)\s+nicht\s+mehr\s+(?:hier\s+)?(?:sein|da\s+sein)\b"
    r"|\bне\s+хочу\s+(?:больше\s+)?(?:здесь\s+быть|быть\s+здесь|тут\s+быть|быть\s+тут)\b"
)
_HERE_IS_A_PLACE = (
    r"\b(?:party|office|school|work|class|meeting|bar|club|house|flat|arbeit|büro|schule|firma|"
    r"party|wohnung|fiesta|oficina|escuela|trabajo|empresa|casa|piso|boulot|bureau|école|soirée|"
    r"appart\w*|работ\w*|школ\w*|офис\w*|вечеринк\w*|квартир\w*|dans\s+cette\s+\w+)\b"
)
#: Sixteenth round (h-crisis16, issue 22; the misses of blind set 16 and the lead's):
#: - a place to fall from gone to and lingered at, or nearly acted at ("up on the viaduct,
#:   almost did not come back", "at the level crossing again, stood there a long time", "j'ai
#:   failli sauter du pont", "casi me tiro del puente", "wäre fast von der Brücke gesprungen",
#:   "чуть не шагнул с крыши") — not a bungee jump or a swim (``_LEISURE``), a fright ("nearly
#:   jumped out of my skin") or a wait for a late train (``_WAIT_OR_FRIGHT``);
_FALL_PLACE = (
    r"\b(?:bridge|overpass|viaduct|cliffs?|ledge|roof|rooftop|edge|platform|(?:train\s+|railway\s+)?"
    r"tracks|railway\s+line|rail\s+line|level\s+crossing|balcony|car\s*park|multi-storey|"
    r"br[üu]cke|klippe\w*|dach\w*|gleis\w*|bahngleis\w*|bahnsteig\w*|balkon|parkhaus|puente|"
    r"acantilado|azotea|tejado|v[íi]as|and[ée]n|balc[óo]n|viaducto|pont|falaise|toit|voies?|quai|"
    r"balcon|viaduc|мост\w*|обрыв\w*|крыш\w*|рельс\w*|пут(?:и|ях|ям)|платформ\w*|балкон\w*)\b"
)
_NEARLY_DID = (
    r"(?s)^(?=.*" + _FALL_PLACE + r")(?=.*(?:"
    r"\b(?:nearly|almost|(?:came\s+|so\s+|this\s+)?close\s+to)\s+(?:\w+\s+)?(?:jump\w*|went\s+over|"
    r"going\s+over|stepp\w*\s+(?:off|out)|step\s+(?:off|out)|let\s+go|letting\s+go|did\s+it|doing\s+it|"
    r"didn['’]?t\s+(?:turn|come|go|walk|drive)\s+(?:back|home)|not\s+(?:turning|coming)\s+back)\b"
    r"|\b(?:j['’]ai\s+|j['’]ai\s+bien\s+)?failli\s+(?:\w+\s+)?(?:sauter|me\s+jeter|tomber|le\s+faire|"
    r"passer\s+par-dessus|ne\s+pas\s+(?:revenir|rentrer|faire\s+demi-tour))\b"
    r"|\b(?:casi|por\s+poco|estuve\s+a\s+punto\s+de)\s+(?:me\s+)?(?:tiro|tir[ée]|tirarme|salto|"
    r"salt[ée]|saltar|lanzarme|lanc[ée]|no\s+(?:vuelvo|volv[íi]|regreso|regres[ée]))\b"
    r"|\b(?:fast|beinahe|um\s+ein\s+haar)\s+(?:\w+\s+){0,4}?(?:gesprungen|runtergesprungen|"
    r"gesprungen|nicht\s+(?:mehr\s+)?(?:zurück(?:gegangen|gefahren|gekommen)|umgedreht|"
    r"umgekehrt|heimgefahren))\b"
    r"|\b(?:чуть\s+не|едва\s+не|почти)\s+(?:\w+\s+)?(?:прыгнул\w*|спрыгнул\w*|шагнул\w*|"
    r"сделал\w*\s+шаг|не\s+вернул\w*)"
    # gone to the tracks, a bridge or an edge and lingered there
    r"|\b(?:stood|standing|stand|sat|sitting|lingered|hovered|walked\s+(?:out\s+)?to|went\s+"
    r"(?:out\s+)?to|drove\s+(?:out\s+)?to|ended\s+up\s+at)\b[^.!?]{0,40}"
    + _FALL_PLACE
    + r"[^.!?]{0,60}\b(?:again|for\s+(?:ages|hours|an\s+hour|so\s+long|a\s+(?:long|good)\s+"
    r"(?:time|while)|ever)|a\s+long\s+time|too\s+long)\b"
    r"))"
)
_WAIT_OR_FRIGHT = (
    _LEISURE[:-3]
    + r"|out\s+of\s+my\s+skin|a\s+mile|fright|scare\w*|spider|wait\w*|late|delay\w*|cancel\w*|"
    r"view|sunset|sunrise|stars|birds|dolphins|whales|seals|boats|ships|planes|photo\w*|selfie|"
    r"fireworks|hik\w*|picnic|dog)\b"
)
#: - one's plans pointless since one will not be around ("no sense renewing the passport, won't
#:   be around next year anyway", "wozu, bin eh nicht mehr da", "para qué, ya no estaré",
#:   "à quoi bon, je ne serai plus là", "зачем, меня всё равно не будет") — not for a trip, a
#:   move or a job (``_NEW_PLACE``, ``_AWAY``);
_NOT_AROUND_ANYWAY = (
    r"(?s)^(?=.*(?:\b(?:won['’]?t|will\s+not|not\s+going\s+to|don['’]?t\s+plan\s+on|not\s+planning\s+on)"
    r"\s+(?:be(?:ing)?\s+)?(?:here|around|alive)\b|\b(?:bin|wäre|sein\s+werde)\s+(?:eh\s+|sowieso\s+|"
    r"dann\s+|doch\s+)*nicht\s+mehr\s+(?:da|hier|am\s+leben)\b|\bnicht\s+mehr\s+(?:da|hier)\s+sein\b"
    r"|\bya\s+no\s+(?:estar[ée]|voy\s+a\s+estar|seguir[ée])\b|\bne\s+serai\s+(?:plus|pas|même\s+plus)\s+"
    r"(?:là|ici|vivante?)\b|\bменя\s+(?:уже\s+|вс[её]\s+равно\s+)?не\s+будет\b))"
    r"(?=.*\b(?:no\s+point|what['’]?s\s+the\s+point|why\s+bother|pointless|anyway|doesn['’]?t\s+matter|"
    r"eh|sowieso|wozu|bringt\s+(?:doch\s+)?nichts|para\s+qu[ée]|de\s+todas\s+(?:formas|maneras)|"
    r"total|à\s+quoi\s+bon|de\s+toute\s+(?:façon|manière)|inutile|зачем|смысла\s+нет|"
    r"вс[её]\s+равно|без\s+толку)\b)"
)
_AWAY = (
    r"\b(?:visit\w*|conference|away|abroad|flying|travel\w*|off\s+to|leaving\s+for|shift|rota|"
    r"contract|lease|besuch\w*|unterwegs|dienstreise|fuera|viaje\w*|visita\w*|en\s+voyage|"
    r"partie?\s+(?:à|en|au)|déplacement|командировк\w*|уезжа\w*|уед\w*)\b"
)
#: - a crash meant: steering, swerving or driving into a tree, a wall or oncoming traffic said
#:   as what one might do ("might just swerve into a wall one night", "einfach gegen einen
#:   Baum fahren", "estrellarme contra un muro", "foncer dans un arbre", "врезаться в столб") —
#:   not a crash that nearly happened;
_NEAR_ACCIDENT = (
    r"\b(?:nearly|almost|ice|icy|black\s+ice|deer|fog|brakes?|skid\w*|glatteis|reh|bremse\w*|fast|"
    r"beinahe|hielo|ciervo|frenos?|casi|verglas|cerf|freins?|failli|гололёд\w*|гололед\w*|тормоз\w*|"
    r"чуть\s+не)\b"
)
_CRASH_MEANT = (
    r"\b(?:might|gonna|going\s+to|could|tempted\s+to|thinking\s+(?:about|of)|want\s+to|wanna|"
    r"should|i['’]?ll|i\s+will|urge\s+to)\s+(?:just\s+|simply\s+)?(?:steer\w*|driv\w*|swerv\w*|"
    r"veer\w*|crash\w*|plough\w*|plow\w*|run\s+(?:the\s+car|it))\s+(?:\w+\s+){0,3}?into\s+(?:the|a|an|"
    r"that|some|oncoming)\s+(?:\w+\s+){0,2}?(?:barrier|wall|tree|lorry|truck|oncoming|pillar|river|"
    r"traffic|bus|lamp\s*post|post|bridge)\b"
    r"|\b(?:might|gonna|going\s+to|could|tempted\s+to|thinking\s+(?:about|of|bout)|want\s+to|wanna|"
    r"should|i['’]?ll|i\s+will|urge\s+to)\s+(?:just\s+|simply\s+)?(?:steer\w*|driv\w*|swerv\w*|veer\w*)"
    r"\s+(?:\w+\s+){0,2}?off\s+(?:the\s+road|a\s+cliff|the\s+cliff|the\s+bridge|the\s+edge)\b"
    r"|\b(?:einfach\s+|mal\s+)?gegen\s+(?:einen|die|den|eine|ne|nen)\s+(?:baum|wand|mauer|"
    r"brückenpfeiler|pfeiler|leitplanke|lkw|laster)\s+(?:zu\s+)?(?:fahren|lenken|rasen|steuern|"
    r"knallen)\b"
    r"|\b(?:estrellarme|estamparme|empotrarme|estrellar\s+el\s+coche|chocar(?:me)?)\s+(?:con(?:tra)?)\s+"
    r"(?:un|una|el|la)\s+(?:árbol|arbol|muro|pared|camión|camion|farola|pilar|quitamiedos)\b"
    r"|\b(?:foncer|me\s+jeter|m['’]encastrer|me\s+planter|me\s+crasher)\s+(?:\w+\s+)?(?:dans|contre)\s+"
    r"(?:un|une|le|la)\s+(?:arbre|mur|camion|pilier|platane|poteau|glissière)\b"
    r"|\b(?:врезаться|влететь|въехать|врежусь|влечу|въеду)\s+(?:\w+\s+)?в\s+(?:\w+\s+)?(?:дерево|"
    r"столб|стену|отбойник|грузовик|фуру|опору)\b"
)
#: - tired of fighting it and the mind made up ("done fighting it, my mind is made up", "bin es
#:   leid zu kämpfen, ich hab mich entschieden", "cansada de luchar, ya lo he decidido",
#:   "fatiguée de me battre, ma décision est prise", "устала бороться, я решила") — not fighting
#:   with someone or over something;
#: What one may be tired of fighting that is no life: a cold, the council, a claim, a craving.
_FIGHT_FOR = (
    # (not _EVENT: a dinner told before it is not what one is tired of fighting)
    r"\b(?:surgery|operation|appointment|cold|flu|cough|infection|sick\s+day|doctor|gp|insurance|"
    r"appeal|claim|council|landlord|"
    r"ticket|bank|refund|lawsuit|divorce|custody|weight|diet|habit|cravings?|"
    r"erkältung|grippe|versicherung|vermieter|resfriado|gripe|seguro|casero|rhume|assurance|"
    r"propriétaire|простуд\w*|страховк\w*)\b"
)
_DONE_FIGHTING = (
    r"(?s)^(?=.*(?:\b(?:tired|sick|done|exhausted|weary)\s+(?:of\s+)?fighting\b(?!\s+(?:with|for|"
    r"over|about|against\s+the|the\s+(?:cold|flu|council|landlord|insurance|bank)))"
    r"|\b(?:es\s+leid|müde|keine\s+kraft\s+mehr),?\s+(?:zu\s+)?(?:kämpfen|weiterzukämpfen)\b"
    r"|\bcansad[oa]\s+de\s+(?:luchar|pelear)\b(?!\s+(?:con|por|contra))"
    r"|\b(?:fatigu[ée]e?|las(?:se)?|épuis[ée]e?)\s+de\s+(?:me\s+battre|lutter)\b(?!\s+(?:avec|pour|contre))"
    r"|\bустал\w*\s+бороться\b(?!\s+(?:с|за))))"
    r"(?=.*(?:\b(?:made\s+up\s+my\s+mind|(?:i['’]?ve|i\s+have)\s+decided|decision['’]?s\s+made|"
    r"tonight['’]?s\s+the\s+night|tonight\s+is\s+the\s+night|ready\s+to\s+let\s+go|mich\s+entschieden|"
    r"entscheidung\s+(?:ist\s+)?gefallen|heute\s+nacht\s+ist\s+es\s+so\s+weit|lo\s+(?:he\s+)?decid"
    r"|ya\s+decid[íi]|esta\s+noche\s+es\s+la\s+noche|ma\s+d[ée]cision\s+est\s+prise|j['’]ai\s+d[ée]cid"
    r"|c['’]est\s+pour\s+ce\s+soir|я\s+решил\w*|решение\s+принято|сегодня\s+ночью)))"
)
#: - cuts hidden under long sleeves ("long sleeves in the heat so nobody asks", "manga larga
#:   para tapar las marcas", "lange Ärmel, damit es keiner sieht", "manches longues pour cacher",
#:   "в длинных рукавах, чтобы не видели") — not a tattoo, a rash, the sun or the cold
#:   (``_SLEEVES_FOR``);
_SLEEVES_HIDE = (
    r"(?s)^(?=.*\b(?:long\s+sleeves?|long-sleeved|manga\s+larga|mangas\s+largas|lange\w*\s+ärmel\w*|"
    r"langärm\w*|manches\s+longues|длинн\w+\s+рукав\w*|рукава\s+длинные)\b)"
    r"(?=.*(?:\bso\s+(?:that\s+)?(?:nobody|no\s*one|no-one|they|people|my\s+\w+)\s+(?:[\w'’]+\s+)?(?:see|sees|"
    r"notice|notices|clocks?|asks?|finds?\s+out)\b|\bto\s+hide\b|\bhid(?:e|ing)\s+(?:the|my|it)\b|\bcover\w*\s+"
    r"(?:up\s+)?(?:the\s+)?(?:cuts|scars|marks|burns)\b|\bpara\s+que\s+no\b|\btapar\w*\b|\besconder\w*\b|"
    r"\bocultar\w*\b|\bdamit\s+(?:es\s+)?(?:keiner|niemand|man)\b|\bverstecken\b|\bverdeck\w*|"
    r"\bpour\s+(?:que\s+(?:personne|on\s+ne)|cacher)\b|\bcacher\b|\bчтобы\s+не\b|\bскрыва\w*|\bспаса\w*|"
    r"\bпрячу\b|\bхорошо,?\s+что\b))"
)
_SLEEVES_FOR = (
    r"\b(?:tattoo\w*|tatuaje\w*|tatouage\w*|tattoos?|tätowier\w*|тату\w*|eczema|ekzem\w*|eccema|"
    r"eczéma|экзем\w*|psoria\w*|псориаз\w*|rash|ausschlag|sarpullido|сыпь|sunburn\w*|sun|sonne\w*|"
    r"sol|soleil|солнц\w*|mosquito\w*|m[üu]cken\w*|moustiques?|комар\w*|cold|kalt\w*|fr[íi]o|froid|"
    r"холод\w*|dress\s+code|uniform\w*|dresscode|uniforme|bruis\w*|rugby|hickey|love\s+bites?|"
    r"knutschfleck\w*|chupet[óo]n\w*|su[çc]on\w*|засос\w*)\b"
)
#: - only one thing still keeping one here or alive ("the one thing still keeping me alive is
#:   my cat", "das Einzige, was mich noch hier hält", "lo único que me mantiene con vida", "la
#:   seule chose qui me retient ici", "единственное, что меня здесь держит") — not a job, a flat
#:   or a contract keeping one in a place (``_NEW_PLACE``, ``_HERE_IS_A_PLACE``, ``_AWAY``).
_LAST_TIE = (
    r"\b(?:only|one)\s+(?:thing|reason|one|person)\s+(?:that['’]?s\s+|still\s+)?(?:keeping|keeps|kept|"
    r"holding)\s+me\s+(?:here|alive|around|going\s+on|from\s+(?:doing\s+it|ending\s+it|"
    r"going\s+through\s+with\s+it))\b"
    r"|\b(?:only|one)\s+(?:reason|thing)\s+i['’]?m\s+still\s+(?:here|alive|around)\b"
    r"|\b(?:das\s+)?einzige,?\s+was\s+mich\s+(?:noch\s+)?(?:hier\s+|am\s+leben\s+)?(?:hält|festhält)\b"
    r"|\b(?:lo|la)\s+[úu]nic[oa]\s+que\s+me\s+(?:mantiene|retiene|sostiene)\s+(?:aqu[íi]|con\s+vida|"
    r"viv[oa])\b"
    r"|\bla\s+seule\s+(?:chose|raison)\s+qui\s+me\s+(?:retient|garde)\s+(?:ici|en\s+vie)\b"
    r"|\bединственн\w+,?\s+что\s+меня\s+(?:ещё\s+|еще\s+)?(?:здесь\s+|тут\s+)?(?:держит|удерживает)\b"
)
#: The word stems of pills and tablets (``_PILLS``).
_PILL_STEMS = (
    "pill",
    "tablet",
    "painkill",
    "antidepress",
    "meds",
    "zopiclone",
    "pastill",
    "somn",
    "calmante",
    "cachet",
    "comprim",
    "médicament",
    "medicament",
    "таблет",
    "снотвор",
    "лекарств",
)
_NEW_PLACE_RE = re.compile(_NEW_PLACE, re.IGNORECASE)
_HERE_IS_A_PLACE_RE = re.compile(_HERE_IS_A_PLACE, re.IGNORECASE)
_AWAY_RE = re.compile(_AWAY, re.IGNORECASE)
#: A treat said to keep one alive ("coffee is the one thing keeping me alive this week").
_TREAT_RE = re.compile(
    r"\b(?:coffee|caffeine|espresso|tea|snacks?|chocolate|sugar|biscuits|cake|wine|beer|pizza|"
    r"spite|memes|netflix|kaffee|schokolade|café|cafe|chocolate|chocolat|кофе|шоколад\w*)\b",
    re.IGNORECASE,
)
#: Each class with the word stems one of its sentences holds (a cheap look first: a sentence
#: with none of them, most of what people say, is not searched; the whole search took longer
#: than every rule together).
#: What rules a class's match out (a regex found in the text, or a test of the text).
Unless = str | Callable[[str], bool] | None


def _unless(unless: Unless) -> Callable[[str], bool] | None:
    if unless is None or callable(unless):
        return unless
    rx = re.compile(unless, re.IGNORECASE)
    return lambda text: rx.search(text) is not None


_CLASSES: tuple[tuple[tuple[str, ...], re.Pattern[str], Callable[[str], bool] | None], ...] = tuple(
    (stems, re.compile(pattern, re.IGNORECASE), _unless(unless))
    for stems, pattern, unless in (
        (
            (
                "goodbye",
                "farewell",
                "suicide",
                "last",
                "abschied",
                "despedida",
                "adieu",
                "прощ",
                "finds",
                "findet",
                "encuentre",
                "trouvera",
                "найд",
                "desped",
                "au revoir",
                "discover",
                "entdeckt",
                "descubra",
                "découvrira",
            ),
            _FAREWELL,
            None,
        ),
        (("last",), _LAST_WORD, _EVENT),
        (
            (
                *_PILL_STEMS,
                "rope",
                "noose",
                "strick",
                "seil",
                "soga",
                "cuerda",
                "corde",
                "верёвк",
                "веревк",
                "петл",
                "how high",
                "blade",
                "lethal",
                "fatal",
                "deadly",
                "tödlich",
                "letal",
                "mortal",
                "létale",
                "letale",
                "mortelle",
                "смертельн",
                "medication",
                "medicine",
                "insulin",
                "paracetamol",
                "ibuprofen",
                "aspirin",
                "medikament",
                "arznei",
                "medicina",
                "médoc",
                "medoc",
                "doliprane",
                "препарат",
                "парацетамол",
                "инсулин",
            ),
            _MEANS,
            _ERRAND,
        ),
        (
            (
                "drawer",
                "schublade",
                "cajón",
                "cajon",
                "tiroir",
                "ящик",
                "explain",
                "erklär",
                "erklar",
                "explic",
                "expliqu",
                "объясн",
                "find it",
                "after",
                "danach",
                "nach mir",
                "cuando",
                "despu",
                "après",
                "apres",
                "quand",
                "потом",
                "станет",
            ),
            _LEFT,
            None,
        ),
        (
            (
                "railing",
                "ledge",
                "parapet",
                "geländer",
                "gelander",
                "brüstung",
                "brustung",
                "barand",
                "cornisa",
                "rambarde",
                "перил",
                "карниз",
                "roof",
                "dach",
                "azotea",
                "tejado",
                "toit",
                "крыш",
                "platform",
                "bahnsteig",
                "andén",
                "anden",
                "quai",
                "платформ",
                "pictur",
                "imagin",
                "bridge",
                "overpass",
                "brücke",
                "brucke",
                "puente",
                "pont",
                "мост",
            ),
            _PLACE,
            _VIEW,
        ),
        (
            ("despert", "despiert", "réveill", "reveill", "просн", "wach", "never comes"),
            _WAKE,
            None,
        ),
        (
            (
                "again",
                "back",
                "relaps",
                "wieder",
                "ritz",
                "klinge",
                "volví",
                "volvi",
                "recaí",
                "recai",
                "otra vez",
                "de nuevo",
                "recommenc",
                "rechut",
                "repris",
                "scarif",
                "снова",
                "опять",
                "encore",
                "nouveau",
                "refait",
            ),
            _AGAIN,
            _MISHAP,
        ),
        (
            (
                "gone",
                "here",
                "around",
                "nicht mehr da",
                "nicht mehr gibt",
                "esté",
                "estaré",
                "estar",
                "plus là",
                "ce monde",
                "не станет",
                "не будет",
                "need",
                "no use",
                "brauche",
                "necesitar",
                "besoin",
                "понадоб",
                "нужн",
                "where i",
                "donde voy",
                "falta",
                "là où",
                "wo ich",
                "где я",
                "for good",
                "pour de bon",
                "für immer",
                "para siempre",
                "навсегда",
                "what would",
                "what do i",
                "what will i",
                "para qu",
                "wozu",
                "quoi",
                "зачем",
            ),
            _DONE_WITH_THINGS,
            _NEW_PLACE,  # given away for a trip, a move or a new place
        ),
        (
            (
                "picked",
                "chosen",
                "chose",
                "decided on",
                "elegí",
                "elegido",
                "choisi",
                "выбрал",
                "ausgesucht",
                "festgelegt",
                "wie und wann",
            ),
            _PLANNED,
            None,
        ),
        (
            (
                "date",
                "day",
                "tag",
                "termin",
                "datum",
                "día",
                "dia",
                "fecha",
                "jour",
                "день",
                "дат",
                "число",
            ),
            _DATE_PICKED,
            _date_for_an_event_or_glad,
        ),
        (("will", "testament", "завещан"), _WILL, None),
        (
            (
                "longer",
                "rid of",
                "free of",
                "soon",
                "lange",
                "bald",
                "pronto",
                "dentro de poco",
                "tendr",
                "longtemps",
                "bientôt",
                "скоро",
                "недолго",
                "ruhe vor",
                "débarrass",
                "libr",
                "избав",
                "отдохн",
                "peace",
            ),
            _SPARED,
            _EVENT,  # spared for a trip or a move
        ),
        (_PILL_STEMS, _PILLS_GATHERED, _MEDICINE),
        (
            (
                "schluss",
                "ende",
                "leben",
                "acabar",
                "terminar",
                "poner fin",
                "punto final",
                "quit",
                "fin à",
                "en finir",
                "la mort",
                "поконч",
                "счёты",
                "счеты",
                "лишить",
            ),
            _END_OF_LIFE,
            None,
        ),
        (
            (
                "bridge",
                "roof",
                "cliff",
                "ledge",
                "brücke",
                "brucke",
                "dach",
                "klippe",
                "puente",
                "azotea",
                "tejado",
                "acantilado",
                "pont",
                "toit",
                "falaise",
                "мост",
                "крыш",
                "обрыв",
                "скал",
            ),
            _LEAP_THOUGHT,
            _LEISURE,
        ),
        (
            (
                "point",
                "reason",
                "bother",
                "wozu",
                "sinn",
                "grund",
                "para qu",
                "razón",
                "razon",
                "sentido",
                "quoi bon",
                "raison",
                "pourquoi",
                "зачем",
                "причин",
                "смысл",
            ),
            _POINTLESS,
            None,
        ),
        (
            (
                "sea",
                "ocean",
                "lake",
                "river",
                "water",
                "waves",
                "meer",
                "wasser",
                "see",
                "fluss",
                "mar",
                "río",
                "rio",
                "lago",
                "agua",
                "mer",
                "rivière",
                "lac",
                "eau",
                "море",
                "реку",
                "озеро",
                "воду",
            ),
            _INTO_WATER,
            None,
        ),
        (
            (
                "jump",
                "throw myself",
                "step",
                "saut",
                "tir",
                "lanz",
                "spring",
                "прыгн",
                "брошусь",
                "кинусь",
                "выброшусь",
                "шагну",
            ),
            _LEAP_NOW,
            _LEISURE,
        ),
        (
            (
                "without me",
                "w/o me",
                "ohne mich",
                "sin mí",
                "sin mi",
                "sans moi",
                "без меня",
                "lose",
            ),
            _WITHOUT_ME,
            _EVENT,  # managing without me on a trip
        ),
        (
            (
                "lighter",
                "cig",
                "hot spoon",
                "hot knife",
                "hot metal",
                "hot coin",
                "hot iron",
                "matches",
                "apag",
                "quem",
                "brûl",
                "brul",
                "clope",
                "zigarett",
                "verbrenne",
                "туш",
                "прижига",
                "жгу",
            ),
            _SELF_BURN,
            _MISHAP,
        ),
        (("worth", "wert", "valgo", "vaux", "стою", "полезнее"), _WORTH, None),
        (
            (
                "deleted",
                "closed",
                "deactivated",
                "shut down",
                "wiped",
                "gelöscht",
                "borr",
                "cerr",
                "supprim",
                "ferm",
                "удалил",
                "закрыл",
                "loose ends",
            ),
            _CLOSURE,
            None,
        ),
        (
            (
                "high",
                "tall",
                "hoch",
                "alto",
                "alta",
                "haut",
                "высок",
                "metros",
                "pisos",
                "mètres",
                "metres",
            ),
            _HEIGHT,
            _VIEW,
        ),
        ((*_PILL_STEMS, "médoc", "medoc", "swallow", "all at once", "schluck"), _SWALLOW_ALL, None),
        (("done with", "any more", "anymore"), _DONE_AND_PLAN, _EVENT),
        (
            (
                "purpose",
                "deliberate",
                "intentional",
                "inflicted",
                "times",
                "twice",
                "absicht",
                "selbst",
                "propósito",
                "proposito",
                "adrede",
                "queriendo",
                "exprès",
                "expres",
                "volontaire",
                "délibér",
                "deliber",
                "специально",
                "нарочно",
                "намеренно",
            ),
            _SELF_HURT,
            _SPORT,
        ),
        (
            (
                "overdos",
                "od'd",
                "od’d",
                "überdosis",
                "uberdosis",
                "sobredosis",
                "surdose",
                "передоз",
            ),
            _OVERDOSE,
            _NOT_MY_OVERDOSE,
        ),
        (
            ("tried", "attempt", "try", "versucht", "intent", "essay", "tenté", "tente", "пыта"),
            _ATTEMPT,
            None,
        ),
        (
            (
                "cut",
                "ritz",
                "schneide",
                "corto",
                "cortaba",
                "rajo",
                "coup",
                "tailla",
                "lacè",
                "lace",
                "scarif",
                "реж",
                "резать",
            ),
            _CUT_BODY,
            _MISHAP,
        ),
        (
            (
                "pictur",
                "imagin",
                "visuali",
                "vorstell",
                "stell",
                "m'imagine",
                "m’imagine",
                "представля",
            ),
            _PICTURED,
            _LEISURE,
        ),
        (
            ("nerve", "courage", "guts", "mut", "falta", "reste", "осталось"),
            _NERVE_LEFT,
            _NERVE_FOR,
        ),
        (
            (
                "here",
                "around",
                "aquí",
                "aqui",
                "être là",
                "etre là",
                "être ici",
                "sein",
                "здесь",
                "тут",
            ),
            _NOT_HERE,
            lambda text: (
                _NEW_PLACE_RE.search(text) is not None
                or _HERE_IS_A_PLACE_RE.search(text) is not None
            ),
        ),
        (
            (
                "only",
                "einzig",
                "única",
                "unica",
                "seule",
                "единствен",
            ),
            _ONLY_WAY,
            None,
        ),
        (
            (
                "bridge",
                "overpass",
                "viaduct",
                "cliff",
                "ledge",
                "roof",
                "edge",
                "platform",
                "tracks",
                "rail",
                "crossing",
                "balcon",
                "car park",
                "carpark",
                "storey",
                "brücke",
                "brucke",
                "klippe",
                "dach",
                "gleis",
                "bahnsteig",
                "balkon",
                "parkhaus",
                "puente",
                "acantilado",
                "azotea",
                "tejado",
                "vías",
                "vias",
                "andén",
                "anden",
                "viaduc",
                "pont",
                "falaise",
                "toit",
                "voie",
                "quai",
                "мост",
                "обрыв",
                "крыш",
                "рельс",
                "пут",
                "платформ",
                "балкон",
            ),
            _NEARLY_DID,
            _WAIT_OR_FRIGHT,
        ),
        (
            (
                "won't",
                "won’t",
                "wont",
                "will not",
                "not going to",
                "plan on",
                "planning on",
                "nicht mehr",
                "ya no",
                "ne serai",
                "не будет",
            ),
            _NOT_AROUND_ANYWAY,
            lambda text: (
                _NEW_PLACE_RE.search(text) is not None or _AWAY_RE.search(text) is not None
            ),
        ),
        (
            (
                "into",
                "off the",
                "off a",
                "gegen",
                "estrell",
                "estamp",
                "empotr",
                "chocar",
                "foncer",
                "jeter",
                "encastr",
                "planter",
                "crasher",
                "вреза",
                "влет",
                "въех",
                "вреж",
                "влеч",
                "въед",
            ),
            _CRASH_MEANT,
            _NEAR_ACCIDENT,
        ),
        (
            ("fighting", "kämpfen", "kampfen", "luchar", "pelear", "battre", "lutter", "бороться"),
            _DONE_FIGHTING,
            _FIGHT_FOR,
        ),
        (
            ("sleeve", "manga", "ärmel", "armel", "langärm", "manches", "рукав"),
            _SLEEVES_HIDE,
            _SLEEVES_FOR,
        ),
        (
            (
                "keeping me",
                "keeps me",
                "kept me",
                "holding me",
                "still here",
                "still alive",
                "still around",
                "einzige",
                "único",
                "unico",
                "única",
                "unica",
                "seule",
                "единствен",
            ),
            _LAST_TIE,
            lambda text: (
                _NEW_PLACE_RE.search(text) is not None
                or _HERE_IS_A_PLACE_RE.search(text) is not None
                or _AWAY_RE.search(text) is not None
                or _TREAT_RE.search(text) is not None
            ),
        ),
    )
)
#: Gone, said of oneself (someone else at the sentence's start may take in one's pet).
_GONE_RE = re.compile(_GONE, re.IGNORECASE)
#: The others spared the speaker ("they" at the start is who will be spared).
_SPARED_RE = re.compile(_SPARED, re.IGNORECASE)
#: A sentence whose subject is someone else ("my grandad wrote letters …", "she stood on the
#: bridge"): what they did is no one's crisis here.
_OTHER_SUBJECT = re.compile(
    r"^[\W_]*(?:(?:my|his|her|our|their|mein\w*|sein\w*|ihr\w*|mi|mis|su|sus|mon|ma|mes|son|sa|"
    r"ses|мо[йяие]|мои|его|её|ее)\s+(?:grand\w*|gran|grandma|grandpa|nan|opa|oma|abuel\w*|"
    r"grand-\w+|бабушк\w*|дедушк\w*|дед\w*|neighbou?r|nachbar\w*|vecin\w*|voisin\w*|сосед\w*|"
    r"uncle|aunt|onkel|tante|tío|tía|oncle|дяд\w*|тёт\w*|тет\w*|dad|father|mum|mom|mother|vater|"
    r"mutter|padre|madre|père|mère|отец|мама|папа|мать)"
    # ("he" but the Spanish "he redactado": I have written)
    r"|(?:he(?!\s+\w+(?:ado|ido|cho|to)\b)|she|they|er|sie|él|ella|ellos|il|elle|ils|elles|он|она|они)\b)",
    re.IGNORECASE,
)


#: Chat's spellings of the words the classes look for ("thinking abt jumping", "tonite", "w/o
#: me", "jveux en finir", "sammel Tabletten"): read as the words they stand for.
_CHAT_SPELLINGS = (
    (re.compile(r"\babt\b", re.IGNORECASE), "about"),
    (re.compile(r"\btonite\b", re.IGNORECASE), "tonight"),
    (re.compile(r"\b(?:tmrw|tmr|2moro|2morrow)\b", re.IGNORECASE), "tomorrow"),
    (re.compile(r"\bw/o\b", re.IGNORECASE), "without"),
    (re.compile(r"\bthru\b", re.IGNORECASE), "through"),
    (re.compile(r"\bj['’]?(veux|vais)\b", re.IGNORECASE), r"je \1"),
    (re.compile(r"\bsammel\b", re.IGNORECASE), "sammle"),
)


def _spelled_out(text: str) -> str:
    """``text`` with chat's spellings (``_CHAT_SPELLINGS``) written out."""
    for rx, word in _CHAT_SPELLINGS:
        text = rx.sub(word, text)
    return text


def says_crisis_indirectly(text: str) -> bool:
    """Whether ``text`` says the speaker is about to harm themselves, or has again, without the
    words of it (``_CLASSES``: farewells left, means gathered, a place to fall from, hoping not
    to wake, self-harm again, things given away or a pet rehomed once one is gone, a day and a
    way chosen), of oneself (not a story, the news, a colleague's farewell, a move or a view:
    ``_NOT_ONESELF``; not someone else's act: ``_OTHER_SUBJECT``) and not as a figure of speech.
    Such a text brings the crisis reply (:func:`crisis_reading`). Chat's spellings are read as
    the words they stand for (``_CHAT_SPELLINGS``)."""
    text = _spelled_out(text)
    low = text.lower()
    return (
        any(
            any(stem in low for stem in stems)
            and rx.search(text)
            and (unless is None or not unless(text))
            for stems, rx, unless in _CLASSES
        )
        and _NOT_ONESELF.search(text) is None
        and (
            _OTHER_SUBJECT.search(text) is None
            or _GONE_RE.search(text) is not None
            or _SPARED_RE.search(text) is not None  # "they won't have to … me much longer"
        )
        and not speaks_figuratively(text)
    )


#: Fifteenth round (h-crisis15, issue 22): someone else at risk, told by one who worries — a
#: child, a friend, a roommate, a partner ("my daughter wants to kill herself", "my mate texted
#: goodbye and his phone is off", "mein Sohn ritzt sich", "mi amiga se corta los brazos", "ma
#: sœur s'est enfermée avec ses cachets", "друг раздал вещи и попрощался", and "the user cuts
#: their wrists"). It brings the crisis reply in its version for those worried about someone
#: (:func:`worries_about_someone`); a story, a game, a job of care or a study is none of it.
_SOMEONE = re.compile(
    r"\b(?:my|our|mein\w*|unser\w*|mi|mis|nuestr[oa]s?|mon|ma|mes|notre|nos|мо[йяеи]|мои|наш\w*)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:step|grand|god|half-?)?(?:friend|mate|buddy|pal|bestie|son|daughter|kid|"
    r"child|teen(?:ager)?|boy|"
    r"girl|brother|sister|roommate|flatmate|housemate|partner|boyfriend|girlfriend|wife|husband|"
    r"cousin|niece|nephew|student|pupil|year[\s-]old|"
    r"freund\w*|kumpel|sohn|tochter|kind|bruder|schwester|mitbewohner\w*|partner\w*|mann|frau|"
    r"cousin\w*|schüler\w*|"
    r"amig[oa]|hij[oa]|herman[oa]|novi[oa]|compañer[oa]|pareja|marido|mujer|prim[oa]|alumn[oa]|"
    r"ami|amie|copain|copine|pote|fils|fille|fr[èe]re|s[œo]e?ur|coloc\w*|mari|femme|élève|"
    r"друг\w*|подруг\w*|сын\w*|доч\w*|брат\w*|сестр\w*|сосед\w*|парень|девушк\w*|муж|жена|"
    r"реб[её]н\w*|ученик\w*)\b"
    r"|\bthe\s+user\b|\b\d+[\s-]year[\s-]old\b|^[\W_]*(?:друг|подруга|сын|дочь|брат|сестра)\b",
    re.IGNORECASE,
)
_THEIR_HARM = (
    # harm done to oneself, in the third person
    r"\b(?:kill\w*|hurt\w*|harm\w*|cut\w*|burn\w*|hang\w*|starv\w*)\s+(?:him|her|them)sel(?:f|ves)\b"
    r"|\b(?:cut|cuts|cutting|slit|slits|slitting|slash\w*|scratch\w*)\s+(?:his|her|their)\s+"
    r"(?:wrists?|arms|forearms|thighs|legs|veins)\b"
    r"|\b(?:end|take|ending|taking)\s+(?:his|her|their)\s+(?:own\s+)?life\b|\bsuicidal\b"
    r"|\b(?:better\s+off\s+dead|wants?\s+to\s+die)\b|\b(?:going\s+to|gonna|might|tried\s+to|"
    r"took\s+an?|taken\s+an?|nearly|almost|he|she|they|has|had)\s+(?:\w+\s+)?overdos\w*"
    r"|\b(?:hoard\w*|stockpil\w*|stash\w*|sav(?:ing|ed)\s+up|collect\w*)\s+(?:his|her|their)\s+"
    r"(?:pills|meds|tablets|medication)\b"
    r"|\bsich\s+(?:\w+\s+){0,3}?(?:umbringen|umzubringen|töten|das\s+leben\s+nehmen|(?:auf)?ritz\w*|"
    r"etwas\s+antun|was\s+antun)\b|\b(?:ritzt|schneidet)\s+sich\b|\bsich\s+(?:\w+\s+){0,2}?"
    r"(?:die\s+)?(?:arme|pulsadern|handgelenke|beine|oberschenkel)\s+(?:auf)?(?:ge)?(?:schnitten|"
    r"ritzt|schlitzt)\b"
    r"|\bselbstmord\w*|\bsuizid\w*"
    r"|\b(?:quiere|quería|va\s+a|intentó|habla\s+de)\s+(?:matarse|suicidarse|morirse|quitarse\s+la\s+"
    r"vida)\b|\bse\s+(?:corta|cortó|ha\s+cortado|autolesiona|hace\s+daño|quiere\s+matar)\b"
    r"|\b(?:veut|voulait|va|a\s+essayé\s+de|parle\s+de)\s+(?:se\s+tuer|se\s+suicider|mourir|en\s+"
    r"finir)\b|\bse\s+(?:scarifie|coupe\s+les\s+(?:bras|poignets|veines|cuisses)|mutile|fait\s+du\s+mal)\b"
    r"|\bхочет\s+(?:покончить\s+с\s+собой|умереть|убить\s+себя)|\bпокончить\s+с\s+собой\b"
    r"|\b(?:режет|резал\w*|порезал\w*|ранит)\s+(?:себе\s+)?(?:руки|вены|запяст\w*|бёдра|бедра)\b"
)
#: A farewell, and someone then out of reach or shut in (a phone off, no answer, a locked door).
_BYE = (
    r"(?:goodbye|good-bye|farewell|said\s+bye|abschied\w*|verabschiedet|despedid\w*|despedida|"
    r"se\s+despidi[óo]|adieu\w*|попрощал\w*|прощальн\w*)"
)
_OUT_OF_REACH = (
    r"(?:phone['’]?s\s+(?:\w+\s+)?(?:off|dead)|phone\s+is\s+(?:\w+\s+)?(?:off|dead)|switched\s+off|"
    r"(?:not|isn['’]?t|won['’]?t|doesn['’]?t|stopped|hasn['’]?t\s+been)\s+(?:answer\w*|pick\w*\s+up|"
    r"respond\w*|repl\w*|open\w*)|locked\s+(?:him|her|them)sel\w*\s+in|"
    r"nicht\s+(?:mehr\s+)?(?:ans\s+handy|ans\s+telefon|erreichbar)|geht\s+nicht\s+(?:mehr\s+)?ran|"
    r"handy\s+(?:ist\s+)?aus|eingeschlossen|"
    r"no\s+(?:contesta|responde|coge)|m[óo]vil\s+apagado|se\s+encerr[óo]|"
    r"ne\s+r[ée]pond\s+(?:plus|pas)|t[ée]l[ée]phone\s+[ée]teint|s['’]est\s+enferm[ée]e?|"
    r"не\s+(?:отвечает|берёт|берет)|телефон\s+выключен|заперл\w*|навсегда)"
)
_SHUT_IN_WITH = (
    r"(?:locked\s+(?:him|her|them)sel\w*\s+in|se\s+encerr[óo]|s['’]est\s+enferm[ée]e?|"
    r"hat\s+sich\s+eingeschlossen|заперл\w*)[^.!?]{0,60}(?:pills|tablets|meds|knife|razor|rope|"
    r"tonight['’]?s\s+the\s+night|tonight\s+is\s+the\s+night|not\s+answer\w*|won['’]?t\s+(?:answer|open)|"
    r"pastillas|cuchillo|no\s+(?:contesta|responde|abre)|médicaments|cachets|pilules|couteau|"
    r"ne\s+r[ée]pond|tabletten|messer|macht\s+nicht\s+auf|таблетк\w*|нож\w*|не\s+(?:отвечает|"
    r"открывает))"
    r"|(?:tonight['’]?s\s+the\s+night|tonight\s+is\s+the\s+night)[^.!?]{0,60}locked\s+(?:him|her|"
    r"them)sel\w*\s+in"
)
_GAVE_AWAY = (
    r"(?:(?:gave|giving|given|handed)\s+(?:away|out)|(?:gave|given)\s+(?:all|everything)|verschenkt|"
    r"regal[óa]\w*|donn[ée]\w*\s+(?:toutes|tous|tout)|раздал\w*)"
)
_THEY_ARE_AT_RISK = re.compile(
    _THEIR_HARM
    + rf"|{_BYE}[^.!?]{{0,80}}{_OUT_OF_REACH}|{_OUT_OF_REACH}[^.!?]{{0,60}}{_BYE}"
    + rf"|{_SHUT_IN_WITH}"
    + rf"|{_GAVE_AWAY}[^.!?]{{0,80}}{_BYE}|{_BYE}[^.!?]{{0,80}}{_GAVE_AWAY}",
    re.IGNORECASE,
)
#: A farewell at a station, a trip or a party, or someone leaving a job: no one at risk.
_TRIP = re.compile(
    r"\b(?:flight|airport|trip|holiday|vacation|abroad|station|party|train|exchange|semester|"
    r"flughafen|reise|urlaub|bahnhof|ausland|aeropuerto|viaje|vacaciones|estación|extranjero|"
    r"aéroport|voyage|vacances|gare|étranger|аэропорт\w*|поезд\w*|отпуск\w*|вокзал\w*|поездк\w*|"
    r"rehab|hospital|klinik|clínica|clinique|больниц\w*)\b",
    re.IGNORECASE,
)


def says_someone_is_at_risk(text: str) -> bool:
    """Whether ``text`` tells of someone else at risk (``_SOMEONE`` and ``_THEY_ARE_AT_RISK``:
    harm to themselves, a farewell and then no answer, shut in with pills, things given away
    and a goodbye), not in a story, a game, a study, a job of care or a trip
    (:func:`looks_like_self_harm`, ``_NOT_ONESELF``, ``_TRIP``)."""
    text = _spelled_out(text)
    return (
        _SOMEONE.search(text) is not None
        and _THEY_ARE_AT_RISK.search(text) is not None
        and _TRIP.search(text) is None
        and _DIED_RE.search(text) is None
        and _NOT_ONESELF.search(text) is None
        and not looks_like_self_harm(text)
    )


def worries_about_someone(text: str) -> bool:
    """Whether a self-harm message is about someone else at risk (:func:`says_someone_is_at_risk`)
    and says nothing of the speaker's own harm in their own words (``_MY_HARM``): the crisis
    reply for those worried about someone."""
    return says_someone_is_at_risk(text) and _MY_HARM.search(text) is None


def crisis_reading(topic: Topic | None, text: str) -> Topic | None:
    """``topic`` as the crisis reply reads it: self-harm said indirectly
    (:func:`says_crisis_indirectly`) turns any reading into self-harm (the crisis reply), as the
    rules read self-harm before every other category (a rope hidden in a wardrobe, "armario",
    is no coming out), and so does someone else at risk (:func:`says_someone_is_at_risk`); a
    rule's self-harm reading of a look-alike is dropped; tears said to last
    (:func:`tells_of_tears`) that nothing else made private are health."""
    if topic != Topic.SELF_HARM and (says_crisis_indirectly(text) or says_someone_is_at_risk(text)):
        return Topic.SELF_HARM
    if topic == Topic.SELF_HARM and looks_like_self_harm(text):
        return None  # "ending things with my plumber": a look-alike, nothing private
    if topic is None and tells_of_tears(text):
        return Topic.HEALTH  # sadness said to last: private, answered warmly, no crisis
    return topic


def sigmoid(scores: Matrix) -> Matrix:
    """Element-wise logistic function, stable for large scores."""
    out: Matrix = np.exp(-np.logaddexp(0.0, -scores))
    return out


@dataclass(frozen=True, slots=True)
class CrisisWeights:
    """A trained crisis reader: the embedder it belongs to, the input scaling, one weight
    vector and bias, and the threshold on P(self-harm)."""

    model_id: str
    mean: Matrix
    scale: Matrix
    weights: Matrix
    bias: float
    threshold: float

    def scores(self, vectors: npt.ArrayLike) -> Matrix:
        """Each vector's P(self-harm)."""
        x = (np.asarray(vectors, dtype=np.float64) - self.mean) / self.scale
        return sigmoid(x @ self.weights + self.bias)

    def crisis(self, vectors: npt.ArrayLike) -> list[bool]:
        """Whether each vector's text calls for the crisis reply."""
        return [bool(s >= self.threshold) for s in self.scores(vectors)]

    def save(self, path: Path) -> None:
        """Write the weights as an ``.npz`` file (no pickled objects)."""
        np.savez_compressed(
            path,
            model_id=np.array(self.model_id),
            mean=self.mean.astype(np.float32),
            scale=self.scale.astype(np.float32),
            weights=self.weights.astype(np.float32),
            bias=np.array(self.bias),
            threshold=np.array(self.threshold),
        )


def load_crisis(path: Path = CRISIS_PATH) -> CrisisWeights | None:
    """The crisis reader in ``path``, or None when the file is missing or unreadable."""
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            return CrisisWeights(
                model_id=str(data["model_id"]),
                mean=data["mean"].astype(np.float64),
                scale=data["scale"].astype(np.float64),
                weights=data["weights"].astype(np.float64),
                bias=float(data["bias"]),
                threshold=float(data["threshold"]),
            )
    except (OSError, KeyError, ValueError) as exc:
        log.warning("crisis_weights_ignored", error=str(exc))
        return None
