"""Which of a user's memories answer a question, by meaning: answer or abstain.

The question's hybrid search hits (BM25 + the multilingual embedder, the search the memory
block already ran) are judged on absolute signals, because the fused score is relative to the
other hits: a hit's cosine similarity above the question's *baseline* — how similar the
question is to the user's memories in general (e5 similarities of unrelated short texts sit
around 0.75, and how high depends on the question) — plus a small bonus when its words match,
and a weighted bonus for being about the same areas of life as the question (``SearchHit.topic``,
``memory_core.text.domains``: "what's my trade?" and "The user is a waiter." are both about work;
the cat is not). The best hit answers when its margin clears ``min_margin`` and its cosine
``min_cosine``; further hits close to it answer too ("do I have any pets?" → the cat and the dog).

The answer score was fitted by ``membot eval answers`` on its tune split; kept in
``answer_score.json``, it is checked and refitted by ``devtools/answer_calibration.py`` on tune
questions dumped once by ``devtools/answer_dump.py`` (``membot eval answers``'s tune split —
questions written for MSC development personas — and the walk scripts no longer blind), and
reported on held-out personas, wordings and scripts (docs/evaluation.md); a lexical-only
search (vectors off) answers only on matching words.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean

from memory_core.extract.wordlists import words
from memory_core.read.people import (
    BROADER,
    Person,
    is_person_key,
    names_told_in,
    parse_key,
    relation_slug,
)
from memory_core.text import animals, kin
from memory_core.text.domains import (
    DIET,
    DOMAINS,
    FAVOURITE_FOOD,
    RESTRICTION,
    key_area,
    named_areas,
    told_areas,
)
from memory_core.text.spelling import plainly
from memory_core.values import SearchHit, Status

#: What the answer score weighs, of the hits ranked by relevance: the best one's cosine, area
#: agreement and word match, its relevance above the baseline and above the runner-up, how
#: crowded the search was, whether the best one's key names an area of life ("job_title"), the
#: runner-up's area agreement, the best cosine above the hits' mean, and how far the best
#: one's words name the question's areas.
FEATURES = (
    "bias",
    "cosine",
    "topic",
    "words",
    "margin",
    "gap",
    "crowd",
    "keyed",
    "second_topic",
    "above_mean",
    "area_words",
)

#: The answer score's data file (``devtools/answer_calibration.py`` writes it).
SCORE_PATH = Path(__file__).with_name("answer_score.json")


def load_score(path: Path = SCORE_PATH) -> tuple[tuple[float, ...], float]:
    """The answer score's weights and threshold from its data file; its features must be
    ``FEATURES``, in order (a file fitted on other features is refused, not misread)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES or len(data["weights"]) != len(FEATURES):
        raise ValueError(f"{path.name}: fitted on {data['features']}, not on {list(FEATURES)}")
    return tuple(float(w) for w in data["weights"]), float(data["min_probability"])


#: The shipped answer score: weights and threshold.
_SHIPPED_SCORE = load_score()


#: Hits a question's search reads: the answer's candidates and its baseline (the block takes
#: the best ``RecallConfig.search_k`` of the relevant ones).
ANSWER_K = 8


@dataclass(frozen=True, slots=True)
class AnswerConfig:
    """The calibrated answer-or-abstain thresholds (the answer score's from its data file,
    ``answer_score.json``; ``membot eval answers`` reports them)."""

    #: The best hit's relevance above the baseline needed to answer at all.
    min_margin: float = 0.0
    #: The best hit's cosine similarity needed to answer at all.
    min_cosine: float = 0.7
    #: The answer score's weights, one per name of ``FEATURES`` (a logistic model of "answering
    #: with the best hit is right"), and the score (0–1) needed to answer: fitted by
    #: ``devtools/answer_calibration.py`` on the tune questions and kept in ``answer_score.json``;
    #: empty weights: the margin and cosine alone decide.
    weights: tuple[float, ...] = field(default_factory=lambda: _SHIPPED_SCORE[0])
    min_probability: float = field(default_factory=lambda: _SHIPPED_SCORE[1])
    #: A runner-up answers too only when its relevance clears the baseline by this.
    runner_margin: float = 0.08
    #: Added to a hit's relevance when its words match the question (BM25 > 0).
    lexical_bonus: float = 0.02
    #: × the hit's agreement with the question on areas of life (``SearchHit.topic``, 0–1).
    topic_weight: float = 0.16
    #: × how far the hit's words name the areas the question is about
    #: (``SearchHit.topic_words``, 0–1).
    words_weight: float = 0.05
    #: A typical agreement, for the prior baseline.
    prior_topic: float = 0.3
    #: Further hits answer when they clear the margin themselves and their relevance is within
    #: this of the best one ("do I have any pets?": the cat and the dog).
    spread: float = 0.04
    #: At most this many memories in one answer.
    max_facts: int = 3
    #: The baseline when too few hits say what "unrelated" looks like for this question.
    prior_baseline: float = 0.75
    #: Fewer hits than this with a similarity: the baseline is the prior.
    min_for_baseline: int = 3
    #: The memory block's floor (seed 004 drops vector hits under 0.35 on its model's scale;
    #: e5 puts unrelated short texts near 0.75): a hit below it is in the block only when its
    #: words match and its similarity is at least ``block_min_lexical_cosine``.
    block_min_cosine: float = 0.79
    block_min_lexical_cosine: float = 0.76
    #: ... and a hit far below the best one is left out (a masked locker code is 0.79 similar
    #: to "when are my physics lectures?", the lectures 0.89).
    block_spread: float = 0.06


DEFAULT_ANSWER = AnswerConfig()

#: Everyday names for what the user asks about, said plainly before a question is matched
#: (by the search and by the slot templates): "my trade" is the job, "my boy" the son (the
#: names of the user's people, "my other half", "my hubby", are ``kin.plain_kin``'s).
_PLAIN_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), plain)
    for pattern, plain in (
        (r"\bmy (?:trade|line of work|vocation|occupation|profession|day job)\b", "my job"),
        (r"\bfurry (?:friend|companion)s?\b", "pets"),
        # "my boy", "my baby girl", "my kid": the son, the daughter, the child.
        (r"\bmy (?:little |lil |baby |eldest |oldest |youngest )?boy(?=(?:'?s)?\b)", "my son"),
        (r"\bmy (?:little |lil |baby |eldest |oldest |youngest )girl(?=(?:'?s)?\b)", "my daughter"),
        (r"\bmy (?:little |lil )?kid(?=(?:'s)?\b)", "my child"),
        # ("mein Kleiner", "ma petite", "mi peque" are the shared vocabulary's: ``kin``.)
        (r"\bmi (?:niño|nene)\b", "mi hijo"),
        (r"\bmi (?:niña|nena)\b", "mi hija"),
        # "how does Mia make her money?", "hows my brother earn a living": what they do for work.
        (
            r"\bhow(?:\s+does|\s+do|'s|s)?\s+(?P<who>(?!(?:i|you|we)\b)(?:my\s+)?[\w'-]+"
            r"(?:\s+[\w'-]+)?)\s+(?:make|makes|earn|earns)\s+(?:(?:his|her|their)\s+"
            r"(?:money|living|cash|dough|income|paycheck|crust)|a\s+living)\b",
            r"what does \g<who> do for work",
        ),
        # Spanish everyday words for work and the weekend ("¿De qué curro?", "los findes";
        # "Curro" with a capital is a name).
        (r"(?<!\w)(?-i:curro)(?!\w)", "trabajo"),
        (r"(?<!\w)(?-i:curr(as|a|amos|an|ar))(?!\w)", r"trabaj\1"),
        (r"(?<!\w)finde(?!\w)", "fin de semana"),
        (r"(?<!\w)findes(?!\w)", "fines de semana"),
        (r"\bmy wheels\b", "my car"),
        # Everyday and regional names of a car, a birthday, medicines, supporting a team,
        # earning one's living ("what do I do for a crust?", "my ute", "my bday", "the puffer").
        (r"\bmy (?:ute|ride|motor)\b", "my car"),
        (r"\bmotor[- ]car\b", "car"),
        (r"\b(?:b-?day|birth day)\b", "birthday"),
        (r"\bfave\b", "favourite"),
        (r"\bgood name\b", "name"),
        (r"\bfor a (?:crust|quid|buck|crust again)\b", "for a living"),
        (r"\b(?:puffer|tablets?|pills|meds)\b", "medication"),
        (r"\b((?:team|club|side)s?\s+do\s+i)\s+(?:go|barrack|root|cheer)\s+for\b", r"\1 support"),
        (r"\bдню(?:ха|хи|ху)\b", "день рождения"),
        (r"\b(?:ma|ta) fête\b(?=.*\?|\s*$)", "mon anniversaire"),
        # "Wo lebe ich?" is one of German's ways to ask for the home, but e5-small reads it as
        # no area in particular (its nearest area description is the name's): said as
        # "wo wohne ich", which it reads as the home.
        (r"\bwo\s+lebe\s+ich\b", "wo wohne ich"),
        # A job in slang ("tu te rappelles mon taf ?", "¿de qué es mi curro?", "mein Job"): the
        # embedder knows the plain word.
        (r"\b(mon|ton)\s+(?:taf|turbin|job)\b", r"\1 travail"),
        (r"\b(mi|tu)\s+(?:curro|chamba|laburo|chambita)\b", r"\1 trabajo"),
        (r"\b(mein|dein)\s+(?:job|brotjob)\b", r"\1 Beruf"),
        # "what do I do after work?" asks the free time, not the job its word names.
        (r"\bafter\s+work\b", "in my free time"),
        (r"\bnach\s+der\s+arbeit\b", "in meiner Freizeit"),
        (r"\bdespu[ée]s\s+del\s+(?:trabajo|curro)\b", "en mi tiempo libre"),
        (r"\bapr[èe]s\s+le\s+(?:travail|boulot|taf)\b", "pendant mon temps libre"),
        (r"(?<!\w)после\s+работы(?!\w)", "в свободное время"),
        # "what's my job again?", "C'est quoi mon métier déjà ?": the word says nothing about
        # what is asked (and is no part of the attribute "what's my X?" names).
        (
            r"\s+(?:again|déjà|nochmal|noch\s+mal|otra\s+vez|de\s+nuevo|снова|ещё\s+раз)"
            r"(?=\s*\??\s*$)",
            "",
        ),
    )
)


#: German words people type without umlauts or ß ("Was hoere ich gern?", "Wie heisst mein
#: Hund?"): the embedder reads "hoere" as no word it knows. Only these words are respelled —
#: "ue" and "ss" are German spellings too ("neue", "Wasser").
_GERMAN_SPELLED = """
höre hörst hören gehört über für fährt fährst mögen möchte möchtest größe brüder söhne töchter
mädchen fußball geschäft universität führerschein ernährung gemüse käse städte bücher küche
länder zurück schön früher später lieblingsgetränk gefällt ähnlich männer frau heißt heißen
weißt weiß spaß straße süßigkeiten schwäger schwägerin schwiegermütter großmutter großvater
großeltern übersetzer künstler bäcker ärztin arzt zahnärztin zahnarzt tierärztin tierarzt
verkäufer verkäuferin lehrerin schüler schülerin studiengebühren hündin kätzchen vögel
grün blöd müde glücklich gesundheitsprobleme allergien zuhause wohnort führe fühle
"""
_ASCII_GERMAN = {
    w.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss"): w
    for w in _GERMAN_SPELLED.split()
    if any(c in w for c in "äöüß")
}
_ASCII_WORD = re.compile(r"[^\W\d_]+")


def _german_spelling(text: str) -> str:
    """``text`` with the German words of ``_GERMAN_SPELLED`` typed without umlauts or ß
    respelled ("hoere" → "höre", "Heisst" → "Heißt")."""

    def respell(m: re.Match[str]) -> str:
        word = m.group(0)
        found = _ASCII_GERMAN.get(word.lower())
        if found is None:
            return word
        return found[0].upper() + found[1:] if word[0].isupper() else found

    return _ASCII_WORD.sub(respell, text)


#: The partner in kin slang, question side only (a statement's "mein Alter ist 40" is the
#: age): "meine Alte" (standing alone: "meine alte Adresse" is an address) is the wife, "mein
#: Alter" after a verb of the person ("Wie heißt mein Alter?", not "Was ist mein Alter?") the
#: husband, "моя старуха", "мой старик", "мой благоверный" the wife and the husband, in the
#: case they are said in.
_PARTNER_SLANG_DE = (
    (
        re.compile(
            rf"(?<!\w)(?P<my>meine|unsere)\s+Alte(?!\w){kin.standing_end('de')}", re.IGNORECASE
        ),
        r"\g<my> Frau",
    ),
    # Written as a noun, with no noun after it ("meine Alte beruflich"; German nouns are
    # written with a capital: "meine Alte Wohnung" is no one).
    (re.compile(r"(?<!\w)(?P<my>[Mm]eine|[Uu]nsere)\s+Alte(?!\w)(?!\s+[A-ZÄÖÜ])"), r"\g<my> Frau"),
    (
        re.compile(r"(?<!\w)(?P<my>[Mm]einer|[Uu]nserer)\s+Alten(?!\w)(?!\s+[A-ZÄÖÜ])"),
        r"\g<my> Frau",
    ),
    (
        re.compile(
            r"(?<!\w)(?P<verb>hei(?:ß|ss)t|arbeitet|wohnt|lebt|macht|mag|treibt|fährt|spielt)"
            r"\s+(?P<my>mein|unser)\s+Alter(?!\w)(?!\s+(?:ist|war|beträgt)(?!\w))",
            re.IGNORECASE,
        ),
        r"\g<verb> \g<my> Mann",
    ),
)
#: Russian case endings of "старуха" → "жена", "старик" → "муж", "благоверный" → "муж".
_WIFE_CASES = {"а": "жена", "у": "жену", "и": "жены", "е": "жене", "ой": "женой"}
_HUSBAND_CASES = {"": "муж", "а": "мужа", "у": "мужу", "ом": "мужем", "е": "муже"}
_HUSBAND_ADJ = {"ый": "муж", "ого": "мужа", "ому": "мужу", "ым": "мужем", "ом": "муже"}
_PARTNER_SLANG_RU = re.compile(
    r"(?<!\w)(?P<my>(?:мо|наш)(?:я|ю|ей|й|его|ему|им|ём|ем)?)\s+(?:старух(?P<w>ой|а|у|и|е)|"
    r"старик(?P<h>ом|а|у|е)?|благоверн(?P<b>ого|ому|ый|ым|ом))(?!\w)",
    re.IGNORECASE,
)


def _partner_slang_ru(m: re.Match[str]) -> str:
    if m["w"] is not None:
        return f"{m['my']} {_WIFE_CASES[m['w'].lower()]}"
    if m["b"] is not None:
        return f"{m['my']} {_HUSBAND_ADJ[m['b'].lower()]}"
    return f"{m['my']} {_HUSBAND_CASES[(m['h'] or '').lower()]}"


def _partner_slang(text: str) -> str:
    """``text`` with the partner said in kin slang said plainly (``_PARTNER_SLANG_DE``)."""
    for pattern, plain in _PARTNER_SLANG_DE:
        text = pattern.sub(plain, text)
    return _PARTNER_SLANG_RU.sub(_partner_slang_ru, text)


def plain_question(text: str) -> str:
    """A question with everyday names said plainly ("what does my other half do?" → "what
    does my partner do?", "what's my trade again?" → "what's my job?") and German typed
    without umlauts respelled ("Was hoere ich gern?" → "Was höre ich gern?")."""
    # "wat car do i drive", "whit's the dug called": chat shorthand and Scots said plainly.
    text = _little_ones_plainly(kin.plain_kin(_partner_slang(_german_spelling(plainly(text)))))
    for pattern, plain in _PLAIN_WORDS:
        text = pattern.sub(plain, text)
    return text


#: The other parent of the user's children, said through them ("the mother of my kids", "la
#: madre de mis hijas", "le papa de mes enfants", "der Vater meiner Kinder", "мама моих детей"):
#: the user's partner, not their mother or father.
_OF_THE_CHILDREN = {
    "en": r"of\s+(?:my|our|the)",
    "de": r"(?:meiner|meines|unserer|unseres|der|des|von\s+(?:meinen|unseren|meinem|unserem))",
    "es": r"de\s+(?:mis|mi|los|las|nuestros|nuestras|nuestro|nuestra)",
    "fr": r"(?:de\s+(?:mes|ma|mon|nos|notre)|des)",
    "ru": r"(?:моих|моего|моей|наших|нашего|нашей)",
}
_PARTNER_WORD = {"en": "my partner", "de": "mein Partner", "es": "mi pareja", "fr": "mon conjoint"}


def _partner_by_children() -> tuple[tuple[re.Pattern[str], str], ...]:
    rules = []
    children = kin.of_kind("child") | {"child"}
    for lang in kin.LANGUAGES:
        parents = {
            w
            for rel in ("mother", "father")
            for w in kin.RELATIONS[rel].singular.get(lang, ())
            if not w.endswith("*") and w not in kin.RELATIONS[rel].standing.get(lang, ())
        }
        kids = {
            w
            for rel in children
            for w in (*kin.RELATIONS[rel].singular.get(lang, ()), *kin.RELATIONS[rel].plural[lang])
            if not w.endswith("*") and w not in kin.RELATIONS[rel].standing.get(lang, ())
        }
        if not parents or not kids:
            continue
        article = r"(?:(?:the|die|der|la|el|le)\s+)?"
        pattern = (
            rf"(?<!\w){article}(?:{_words_alternation(parents)})\s+{_OF_THE_CHILDREN[lang]}\s+"
            rf"(?:{_words_alternation(kids)})(?!\w)"
        )
        plain = _PARTNER_WORD.get(lang, "мой партнёр")
        rules.append((re.compile(pattern, re.IGNORECASE), plain))
    return tuple(rules)


def _words_alternation(words: set[str]) -> str:
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)
    )


#: The partner said by what the user does with them, with no relation word: "the guy I'm
#: seeing", "la chica con la que salgo", "la fille avec qui je sors", "der Typ, mit dem ich
#: zusammen bin", "с которым я живу".
_PARTNER_SAID_OTHERWISE = (
    (
        r"(?<!\w)(?:the\s+)?(?:guy|man|girl|woman|person|one)\s+(?:that\s+|who\s+)?"
        r"(?:i'm|i\s+am|im)\s+(?:seeing|dating|with|going\s+out\s+with|together\s+with)(?!\w)",
        _PARTNER_WORD["en"],
    ),
    (
        r"(?<!\w)(?:el|la)\s+(?:chico|chica|hombre|mujer|persona|muchacho|muchacha|tío|tía)\s+"
        r"con\s+(?:(?:el|la)\s+que|quien)\s+(?:salgo|estoy|ando|vivo)(?!\w)",
        _PARTNER_WORD["es"],
    ),
    (
        r"(?<!\w)(?:le|la)\s+(?:garçon|gars|mec|fille|femme|homme|personne)\s+avec\s+"
        r"(?:qui|lequel|laquelle)\s+je\s+(?:sors|suis|vis)(?!\w)",
        _PARTNER_WORD["fr"],
    ),
    (
        r"(?<!\w)(?:der|die|den)\s+(?:typ|mann|frau|mädchen|junge|person)\s*,?\s+mit\s+"
        r"(?:dem|der)\s+ich\s+(?:zusammen\s+bin|gehe|zusammen\s+lebe|zusammenlebe)(?!\w)",
        _PARTNER_WORD["de"],
    ),
    (
        r"(?<!\w)(?:(?:человек|парень|девушка|тот|та)\s*,?\s*)?с\s+(?:кем|которым|которой)\s+"
        r"я\s+(?:встречаюсь|живу|вместе)(?!\w)",
        "мой партнёр",
    ),
)
_PARTNER_BY_CHILDREN = _partner_by_children() + tuple(
    (re.compile(pattern, re.IGNORECASE), plain) for pattern, plain in _PARTNER_SAID_OTHERWISE
)


#: Words before one of the user's people that say "mine" where a question says no "my"
#: ("which physician do I visit?", "how's the wife doing?", "Quel médecin je consulte ?",
#: "Bei welchem Arzt war ich?"); Russian says none ("Где учится дочь?", "Сколько лет брату?").
_DETERMINERS = {
    "en": "the which what",
    "de": "der die das den dem welche welcher welchem welchen welches",
    "es": "el la los las qué cuál cuáles",
    "fr": "le la les quel quelle quels quelles",
}
#: ... unless someone else's ("the father of Luke", "la madre de Ana", "жена Петра").
_OF_ANOTHER = r"(?!\s+(?:of|von|vom|de|des|del|du|d['’])(?!\w))(?!\s+(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ]))"


#: What may follow an adjective standing for a child after an article besides what may
#: follow it after "my" ("Quel âge a la petite déjà ?").
_AFTER_STANDING_LOOSE = {"fr": "déjà deja encore maintenant alors"}


def _loose_words(lang: str) -> str:
    """The words of ``lang`` for the user's people that say "mine" after an article: not one
    that names anyone beside no "my" ("Frau"), an adjective standing for a child ("la
    petite", "мелкая") only where no noun follows it ("la petite boulangerie"); the German
    ones, whose article says the child's sex, are ``_LITTLE_ONE_DE``'s."""
    table = kin.relation_words(lang, standing=True)
    words = {w for w, r in table.items() if w not in kin.RELATIONS[r].beside_my.get(lang, ())}
    standing = {w for w in words if w in kin.RELATIONS[table[w]].standing.get(lang, ())}
    said = _words_alternation(words - standing)
    if standing and lang != "de":
        end = kin.standing_end(lang)
        if lang in _AFTER_STANDING_LOOSE:
            more = "|".join(_AFTER_STANDING_LOOSE[lang].split())
            end = rf"(?:{end}|(?=\s+(?:{more})(?!\w)))"
        said += rf"|(?:{_words_alternation(standing)}){end}"
    return said


def _loose_relations() -> re.Pattern[str]:
    said = []
    for lang in kin.LANGUAGES:
        words = _loose_words(lang)
        if lang == "ru":  # no articles: the word alone
            said.append(rf"(?<!\w)(?P<{lang}>{words})(?!\w){_OF_ANOTHER}")
            continue
        before = "|".join(_DETERMINERS[lang].split())
        elided = r"|(?<!\w)l['’]" if lang == "fr" else ""
        said.append(rf"(?:(?<!\w)(?:{before})\s+{elided})(?P<{lang}>{words})(?!\w){_OF_ANOTHER}")
    return re.compile("|".join(said), re.IGNORECASE)


_LOOSE_RELATIONS = _loose_relations()


def _little_one_de() -> tuple[re.Pattern[str], dict[tuple[str, str], str]]:
    """German "der Kleine", "die Große", "den Kleinen": an adjective standing for one of the
    user's children after an article, and (stem, sex) → the relation ("klein", "m") → son;
    the article and the ending say the sex ("der Kleine" a boy, "der Kleinen" a girl)."""
    relations: dict[tuple[str, str], str] = {}
    for word, relation in kin.relation_words("de", standing=True).items():
        if word not in kin.RELATIONS[relation].standing.get("de", ()):
            continue
        if word.endswith("er"):
            relations[(word[:-2], "m")] = relation
        elif word.endswith("e"):
            relations[(word[:-1], "f")] = relation
    stems = _words_alternation({stem for stem, _ in relations})
    pattern = (
        rf"(?<!\w)(?P<art>der|die|den|dem|des)\s+(?P<adj>(?:{stems})(?:en|e))(?!\w)"
        r"(?!\s+(?:von|vom)(?!\w))"  # someone else's: "der Kleine von Jana"
    )
    return re.compile(pattern, re.IGNORECASE), relations


_LITTLE_ONE_DE, _LITTLE_ONE_RELATIONS = _little_one_de()
_STANDING_END_DE = re.compile(kin.standing_end("de"), re.IGNORECASE)
#: (article, ending) → the sex of the child: "der Kleine", "die Kleine", "der Kleinen", …
_LITTLE_ONE_SEX = {("der", "e"): "m", ("die", "e"): "f", ("der", "en"): "f"} | {
    (art, "en"): "m" for art in ("den", "dem", "des")
}


def _little_one_asked(question: str) -> str | None:
    """The child a German question asks about as "der Kleine", "die Große" (a noun, written
    with a capital, or followed by a verb or the end, not "der kleine Laden")."""
    return next((relation for _, relation in _little_ones(question)), None)


def _little_ones(question: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each "der Kleine", "die Große" of a German question (``_little_one_asked``) and the
    relation it says."""
    for m in _LITTLE_ONE_DE.finditer(question):
        adj = m["adj"]
        rest = question[m.end() :].split(maxsplit=1)
        after = rest[0].strip(".,;:!?") if rest else ""
        noun = adj[:1].isupper() and kin.relation_of(after, "de") is None
        if not noun and _STANDING_END_DE.match(question, m.end()) is None:
            continue
        ending = "en" if adj.lower().endswith("en") else "e"
        stem = adj.lower()[: -len(ending)]
        sex = _LITTLE_ONE_SEX.get((m["art"].lower(), ending))
        if sex is not None and (stem, sex) in _LITTLE_ONE_RELATIONS:
            yield m, _LITTLE_ONE_RELATIONS[(stem, sex)]


def _little_ones_plainly(text: str) -> str:
    """A child said as an adjective after an article with its plain word ("Wie alt ist die
    Kleine?" → "… die Tochter?", "le petit" → "le fils", "мелкой" → "дочь"), as after "my"."""
    spans: list[tuple[int, int, str]] = []
    for m in _LOOSE_RELATIONS.finditer(text):
        lang = m.lastgroup
        if lang is None or lang == "de":
            continue
        word = " ".join(m[lang].lower().split())
        relation = kin.relation_of(word, lang)
        if relation is None or word not in kin.RELATIONS[relation].standing.get(lang, ()):
            continue
        spans.append((m.start(lang), m.end(lang), kin.RELATIONS[relation].singular[lang][0]))
    for m, relation in _little_ones(text):
        plain = kin.RELATIONS[relation].singular["de"][0]
        spans.append((m.start("adj"), m.end("adj"), plain[:1].upper() + plain[1:]))
    for start, end, plain in sorted(spans, reverse=True):
        text = text[:start] + plain + text[end:]
    return text


def asked_relation(question: str) -> str | None:
    """The one of the user's people a question asks about: the partner as the other parent
    of the user's children ("le papa de mes enfants"), one named after "my" (``kin``), or
    after an article or a question word with no "my" ("which physician do I visit?", "how's
    the wife doing?", "Quel médecin je consulte ?") or, in Russian, alone ("Где учится
    дочь?"); ``None``: none of them."""
    if any(pattern.search(question) for pattern, _ in _PARTNER_BY_CHILDREN):
        return "partner"  # "la madre de mis hijas" (the words stay: a note may say them)
    said = kin.relation_asked(question)
    if said is not None:
        return said
    m = _LOOSE_RELATIONS.search(question)
    if m is None or m.lastgroup is None:
        return _little_one_asked(question)
    return kin.relation_of(m.group(m.lastgroup), m.lastgroup)


def relevance(hit: SearchHit, config: AnswerConfig = DEFAULT_ANSWER) -> float:
    """A hit's similarity to the question, with the bonus for matching words."""
    return (
        hit.vector
        + (config.lexical_bonus if hit.lexical > 0 else 0.0)
        + config.topic_weight * hit.topic
        + config.words_weight * hit.topic_words
    )


def baseline(hits: Sequence[SearchHit], config: AnswerConfig = DEFAULT_ANSWER) -> float:
    """How similar the question is to the user's memories in general (the mean of the hits;
    a prior when there are too few to say)."""
    sims = [
        h.vector + config.topic_weight * h.topic + config.words_weight * h.topic_words
        for h in hits
        if h.vector > 0
    ]
    if len(sims) < config.min_for_baseline:
        return config.prior_baseline + config.topic_weight * config.prior_topic
    return fmean(sims)


#: "What's my blood type?": a question naming the attribute it asks for, in the languages the
#: bot speaks ("Was ist meine Blutgruppe?", "¿Cuál es mi grupo sanguíneo?", "Quel est mon
#: groupe sanguin ?", "Какая у меня группа крови?").
_WHATS_MY: tuple[re.Pattern[str], ...] = tuple(
    re.compile(rf"^\s*(?:{lead})\s+(?P<x>[^\W\d_][\w' -]*?)(?:\s+like)?\s*\??\s*$", re.IGNORECASE)
    for lead in (
        r"(?:what|which)(?:'s|s|\s+is|\s+are|\s+was|\s+were)\s+my",
        r"(?:was|wie|welche[rs]?)\s+(?:ist|sind|war|waren)\s+(?:mein|meine|meiner|meinen)",
        r"¿?\s*(?:cuál|cual|qué|que)\s+(?:es|son|era|eran)\s+(?:mi|mis)",
        r"(?:quel|quelle|quels|quelles)\s+(?:est|sont|était|étaient)\s+(?:mon|ma|mes)"
        r"|c'est\s+quoi\s+(?:mon|ma|mes)",
        r"(?:какой|какая|какое|какие)\s+(?:у\s+меня|мой|моя|моё|мое|мои)",
    )
)
_STEM = 4


def _stems(text: str) -> set[str]:
    """The first letters of each word of three letters or more ("dietary" and "diet" meet)."""
    return {w[:_STEM] for w in re.findall(r"[^\W\d_]+", text.lower()) if len(w) >= 3}


#: The areas of life named in the other languages the bot speaks (the areas' descriptions are
#: English).
_AREA_WORDS = """
Beruf Arbeit Job Stelle Firma Arbeitgeber Wohnort Stadt Land Zuhause Adresse Haustier Haustiere
Tier Tiere Katze Hund Partner Partnerin Frau Mann Freund Freundin Ehe Kinder Kind Sohn Tochter
Eltern Mutter Vater Mama Papa Geschwister Bruder Schwester Familie Gesundheit Allergie Allergien
Ernährung Diät Essen Gericht Lieblingsessen Lieblingsgericht Küche Musik Band Instrument Sport
Hobby Hobbys Auto Fahrzeug Studium Ausbildung Schule Universität Buch Bücher Autor Lieblingsautor
Lieblingsbuch Name Alter Geburtstag Farbe Lieblingsfarbe Sprache Sprachen Reise Urlaub Film Filme
Religion Geld Pläne Ziel Ziele Traum Freunde
trabajo empleo profesión oficio empresa ciudad país casa hogar dirección mascota mascotas animal
animales gato perro pareja esposa esposo marido novio novia hijos hijo hija padres madre padre
hermanos hermano hermana familia salud alergia alergias dieta comida plato cocina música banda
instrumento deporte pasatiempo coche carro vehículo estudios formación carrera escuela
universidad libro libros autor nombre edad cumpleaños color idioma idiomas viaje vacaciones
película películas religión dinero planes meta metas sueño amigos
métier travail boulot emploi profession entreprise ville pays maison domicile adresse animal
animaux chat chien partenaire conjoint conjointe femme mari copain copine enfants enfant fils
fille parents mère père frères frère sœur sœurs famille santé allergie allergies régime
nourriture plat cuisine musique groupe instrument sport loisir loisirs voiture véhicule études
formation école université livre livres auteur nom âge anniversaire couleur langue langues
voyage vacances film films religion argent projets objectif objectifs rêve amis passe-temps
работа профессия должность компания город страна дом адрес питомец питомцы животное животные
кошка кот собака партнёр партнер жена муж дети ребёнок сын дочь родители мать мама отец папа
братья брат сестра семья здоровье аллергия диета еда блюдо кухня музыка группа инструмент спорт
хобби машина автомобиль учёба образование школа университет книга книги автор имя возраст
день рождения цвет язык языки путешествие отпуск фильм фильмы религия деньги планы цель мечта
друзья
Mannschaft Verein Fußballverein Team equipo club équipe команда клуб team club side
Lieblings preferido preferida favorito favorita préféré préférée favori favorite любимый
любимая любимое любимые but propósito Vorsatz Vorhaben
major Hauptfach Studiengang especialidad filière spécialité специальность
snacks snack Knabbereien botanas tentempiés grignotage закуски
called named heißen heißt llaman llama appellent appelle зовут звали
illness illnesses disease diseases conditions diagnosis disorder Krankheit Krankheiten Erkrankung
Erkrankungen Diagnose Leiden enfermedad enfermedades padecimiento padecimientos diagnóstico maladie
maladies pathologie pathologies diagnostic болезнь болезни болезней заболевание заболевания диагноз
диагнозы
"""


def _kin_words() -> str:
    """The plain words of the user's family in the five languages, singular and plural
    ("son", "sons", "Söhne", "сыновей"): a question naming them names the family's area.
    (Not the other people: "what's my son's teacher called?" asks for the teacher, whom only
    a memory naming them answers.)"""
    words = []
    for rel in kin.RELATIONS.values():
        if rel.group != "family":
            continue
        for lang in kin.LANGUAGES:
            words += [*rel.singular.get(lang, ())[:1], *rel.plural.get(lang, ())]
    return " ".join(w for w in words if not w.endswith("*"))


#: The words of the areas of life ("trade", "kids", "favourite colour", "Beruf", "profesión"),
#: the user's people in the plural too ("what are my sons called": "sons" and "called" name
#: the family and the name, not an attribute only a memory saying "sons" answers), the
#: illnesses ("Какие у меня болезни?"): an attribute named by one of them is what the areas'
#: agreement speaks for.
_AREA_STEMS = frozenset(_stems(" ".join(DOMAINS) + _AREA_WORDS + " " + _kin_words()))
#: Words that name no attribute ("what's my favourite kind of music?", "meine Lieblingssache",
#: "my health problems"): the rest of the phrase says what is asked.
_FILLER_STEMS = frozenset(
    _stems(
        "thing things stuff kind sort Sache Ding Dinge cosa cosas chose choses truc вещь "
        "all time ever absolute "  # "my all-time favourite food"
        "problem problems issues Probleme problemas problèmes проблемы"
    )
)


#: Where the attribute a "what's my X?" question names ends: "my goal for this year", "mein
#: Ziel für dieses Jahr", "mi meta para este año", "mon objectif pour cet été", "моя
#: цель на эту зиму" ask for the goal; the time they name is no word the answer must share.
_AFTER_ATTRIBUTE = re.compile(
    r"\s+(?:for|this|next|these\s+days|now|für|fürs|dieses|diesen|nächste[ns]?|jetzt|para|"
    r"este|esta|ahora|pour|cette|cet|ce|maintenant|на|в|во|для|сейчас)\b.*$",
    re.IGNORECASE,
)


def _asked_attribute(question: str) -> set[str] | None:
    """The stems of the attribute a "what's my X?" question names, unless the areas of life
    name it ("favourite colour"; "groupe sanguin" is not the music's "groupe"); ``None``: not
    such a question, or an area's words."""
    m = next((m for p in _WHATS_MY if (m := p.match(question)) is not None), None)
    if m is None:
        return None
    stems = _stems(_AFTER_ATTRIBUTE.sub("", m.group("x"))) - _FILLER_STEMS
    return None if stems <= _AREA_STEMS else stems


#: Attributes no area of life names and only a memory naming them answers, however the
#: question is put ("which blood group am I in?", "know my blood type?", "Welche Blutgruppe
#: hab ich denn?", "¿Sé mi tipo de sangre?", "Mon groupe sanguin, c'est lequel ?", "Группа
#: крови у меня какая?"); the "what's my X?" form is ``_asked_attribute``'s, for any X.
_NAMED_ATTRIBUTES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\bblood\s*(?:type|group)s?\b|\b(?:type|group|sort|kind)\s+of\s+blood\b|"
        r"\bblutgruppe\w*|\bgrupo\s+(?:sangu[íi]neo|de\s+sangre)\b|\btipo\s+de\s+sangre\b|"
        r"\bgroupe\s+sanguin\b|(?<!\w)групп\w*\s+крови(?!\w)|(?<!\w)крови\s+групп\w*",
        r"\bshoe\s*size\b|\bschuhgr(?:ö|oe)(?:ß|ss)e\b|\b(?:talla|n[úu]mero)\s+de\s+"
        r"(?:zapato|calzado)s?\b|\bpointure\b|(?<!\w)размер\w*\s+обуви(?!\w)",
    )
)


def _attribute_named(question: str) -> re.Pattern[str] | None:
    """The attribute of ``_NAMED_ATTRIBUTES`` a question names (its pattern), or ``None``."""
    if _ASKS_BIRTHDAY.search(question) and not _WHERE.search(question):
        return _BIRTH_SAID
    return next((p for p in _NAMED_ATTRIBUTES if p.search(question)), None)


#: A question for the user's birthday or the day they were born ("when's my birthday?",
#: "Weißt du mein Geburtsdatum?", "¿Cuándo es mi cumple?", "ma date de naissance", "je suis né
#: quand ?", "Когда у меня день рождения?"): only a memory saying a birthday or a birth
#: answers it (their age is no day: "tu as 20 ans" answered it).
_ASKS_BIRTHDAY = re.compile(
    r"\bbirth\s*days?\b|\bborn\b|\bdate\s+of\s+birth\b|\bgeburts\w*|\bgeboren\b|"
    r"\b(?:mi|tu|su|el|del)\s+cumple\b|\bcumpleaños\b|\bnac(?:í|iste|ido|ida)\b|\bnacimiento\b|"
    r"\banniversaire\b|"
    r"\bnaissance\b|\bn[ée]e?\s+(?:quel|quand|le)\b|\b(?:quand|quel\s+jour)\b[^?]*\bn[ée]e?\b|"
    r"(?<!\w)(?:день|дня|дню|днём|днем)\s+рождени\w*|(?<!\w)родил\w*|(?<!\w)рождени\w*",
    re.IGNORECASE,
)
#: ... and where one was born, which the home or origin answers (``_ORIGIN``).
_WHERE = re.compile(
    r"\b(?:where|wo|woher|d[óo]nde|o[ùu]|d'o[ùu])\b|(?<!\w)(?:где|откуда)(?!\w)", re.IGNORECASE
)
#: A memory saying a birthday or a birth (its words, key or the message it was learned from).
_BIRTH_SAID = re.compile(
    rf"{_ASKS_BIRTHDAY.pattern}|\bb-?day\b|\bn[ée]e?s?\s+(?:le|en|à|a|au|dans)\b|\bné\b|\bnée\b",
    re.IGNORECASE,
)


def _said(hit: SearchHit) -> str:
    """A memory's words, its key's and those it was learned from."""
    fact = hit.fact
    return (
        f"{hit.text} {fact.key.replace('_', ' ')} {fact.source_excerpt or ''}" if fact else hit.text
    )


def _names(hit: SearchHit, stems: set[str]) -> bool:
    fact = hit.fact
    said = f"{fact.key.replace('_', ' ')} {fact.source_excerpt or ''}" if fact else ""
    return bool(stems & _stems(f"{hit.text} {said}"))


#: The user's animals by kind, in the languages the bot speaks (``memory_core.text.animals``):
#: a question naming one ("what's my dog called?", "Wie heißt mein Hund?", "Comment s'appelle
#: mon chien ?") asks about that one, not the cat.
animal_named = animals.kind_asked
_WORD = re.compile(r"[^\W\d_]+")


#: A question about where the user comes from (born, grew up, hometown), in the languages
#: the bot speaks: where they live now is no answer to it.
_ORIGIN = re.compile(
    r"\bwhere\s+(?:was\s+i\s+born|did\s+i\s+grow\s+up|am\s+i\s+(?:originally\s+)?from|"
    r"do\s+i\s+come\s+from)\b|\bhome\s*town\b|\bbirth\s*place\b|\bgrew\s+up\b|"
    r"\bbrought\s+up\b|\bwhere\s+was\s+i\s+raised\b|"
    r"\baufgewachsen\b|\bgeboren\b|\bwoher\s+(?:komme|stamme)\s+ich\b|\bheimatstadt\b|"
    r"\bd[óo]nde\s+(?:nac[íi]|crec[íi]|me\s+cri[ée])\b|\bde\s+d[óo]nde\s+(?:soy|vengo)\b|"
    r"\bgrandi\b|\bo[ùu]\s+(?:suis-je|je\s+suis|est-ce\s+que\s+je\s+suis)\s+n[ée]e?\b|"
    r"\bd'o[ùu]\s+(?:je\s+viens|viens-je|est-ce\s+que\s+je\s+viens)\b|"
    r"\bвыр[оа]с\w*|\bродил\w*|\bродом\b|\bоткуда\s+я\b",
    re.IGNORECASE,
)
#: Where the user lives now: a slot's key, or a note's words.
_HOME_KEY = re.compile(r"^(?:home_city|home_country|home|address)(?:\.|$)")
_LIVES = re.compile(
    r"\b(?:live|lives|living|wohne|wohnen|lebe|leben|vivo|vivimos|habite|habitons|живу|живём|"
    r"живем)\b",
    re.IGNORECASE,
)


#: The user's own facts that one of their people has too (a job, a home, a name, an age): a
#: question about one of them ("what does my wife do?", "Was arbeitet Ute?") is not
#: answered with the user's own. (A note naming no one by "my" may still answer: "Tengo una
#: hija, Alba." names the daughter without it.)
_OWN_PERSONAL = re.compile(
    r"^(?:job_title|employer|occupation|work|home_city|home_country|home|address|name|age|"
    r"birthday|school|origin|nationality)(?:\.|$)"
)


def _one_of(hit: SearchHit) -> tuple[str, str | None] | None:
    """Whom a hit is about, when it is one of the user's people or animals: ("person",
    relation) or ("animal", kind), the relation or kind ``None`` when not known (a person
    named only, a golden retriever); ``None``: the user themselves, nobody, or a note."""
    fact = hit.fact
    key = fact.key if fact is not None else ""
    if key.startswith(("pet.", "pets.")):
        kind = key.split(".")[1] if key.count(".") >= 1 else ""
        return "animal", animals.kind_of(kind) or animals.kind_of(kind.rsplit("_", 1)[-1])
    person = parse_key(key) if key else None
    if person is not None:
        return "person", person.relation if person.group != "person" else None
    # A note is never taken for another: one message may name several people ("my sister
    # visited with her two boys"), and a note may name the child without "my".
    return None


#: A word of a note that may name one of the user's people ("hermano", "Eltern", "сына"):
#: words of one or two letters are possessives or names in another language ("ma", "pa").
_NOTE_WORD = re.compile(r"[^\W\d_]{3,}(?:-[^\W\d_]+)?")


def _covers(told: str, asked: str) -> bool:
    """Whether one of ``told`` (a relation a memory names) is, or holds, the one ``asked``
    about: the same relation, a group holding it ("parents" for the mother, "kids" for the
    son) or one it holds; one partner for another ("my wife" of a user who told of a
    husband)."""
    partners = BROADER.get("partner", frozenset())
    if relation_slug(asked) in partners and relation_slug(told) in partners:
        return True
    if relation_slug(told) in _WHOLE_FAMILY:  # the relatives, not the partner
        return relation_slug(asked) not in partners and (
            kin.relation_of(asked.replace("_", " ")) in _FAMILY_RELATIONS
        )
    return Person(None, told, "family").matches_relation(asked)


#: A group word that holds every one of the user's relatives ("My family has raised horses
#: …" is about the parents too; the partner is asked after by their own word), as a key
#: says it.
_WHOLE_FAMILY = frozenset(
    "family families relatives relations familie familien verwandte familia familias "
    "parientes famille familles proches семья семьи родные родственники".split()
)
_FAMILY_RELATIONS = kin.group_relations("family")


def relations_named(text: str) -> set[str]:
    """The relations a memory's words name, in any of the languages the bot speaks
    ("Mis padres viven en Jaén." → parent, "Сын у нас Петя." → son; "Jana is the mum of my
    children." → partner)."""
    for pattern, plain in _PARTNER_BY_CHILDREN:
        text = pattern.sub(plain, text)
    titled = {"doctor"} if _DOCTOR_TITLE.search(text) else set()
    return titled | {
        rel
        for m in _NOTE_WORD.finditer(text)
        for lang in kin.LANGUAGES
        if (rel := kin.relation_of(m.group(0), lang)) is not None
        and not _addressed(m, text, kin.RELATIONS[rel].beside_my.get(lang, frozenset()))
    }


#: A doctor named by their title ("Dr Patel", "Frau Dr. Seidel", "la Dra. López").
_DOCTOR_TITLE = re.compile(r"(?<!\w)(?:dr|dra)\.?\s+(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])", re.IGNORECASE)
#: A title after a word that names anyone ("Frau Dr. Seidel", "Herr Meier").
_TITLE_OR_NAME = re.compile(r"\s+(?:dr\b|prof\b|(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ]))", re.IGNORECASE)


def _addressed(m: re.Match[str], text: str, anyone: frozenset[str]) -> bool:
    """Whether a word that names anyone as well as a relative ("Frau", "Mann", "femme") is
    said as a form of address before a title or a name ("bei Frau Dr. Seidel in
    Behandlung" names no wife)."""
    return m.group(0).lower() in anyone and _TITLE_OR_NAME.match(text, m.end()) is not None


def _note_about_another(text: str, relation: str | None, animal: str | None) -> bool:
    """Whether a note in the user's words is about others than the one a question asks
    about: it names some of the user's people, none of them the relation asked (nor a group
    holding it), or some animals, none of the kind asked. A note naming none of them may
    still answer ("Tengo una hija, Alba." names the daughter; "our family farm" everyone)."""
    if relation is not None:
        told = relations_named(text)
        if told and _WHOLE_FAMILY & set(_NOTE_WORD.findall(text.lower())):
            # "A mi familia no le cae bien mi prometido." holds the mother too (as a key's
            # "family" does).
            told.add("family")
        return bool(told) and not any(_covers(r, relation) for r in told)
    if animal is not None:
        kinds = {animals.ASKED[w] for w in _WORD.findall(text.lower()) if w in animals.ASKED}
        return bool(kinds) and animal not in kinds
    return False


#: Words that say the user has a partner without naming them ("I've been married ten years").
_MARRIED = re.compile(rf"(?<!\w)(?:{kin.married_pattern()})(?!\w)", re.IGNORECASE)


def _of_the_user_alone(text: str, question: str) -> bool:
    """Whether a note speaks of the user alone ("Je suis plombier.", "Я работаю
    бариста."): a word of theirs, none of their people, no one the question names by name."""
    if not (kin.says_i(text) or _spanish_verb_first(text, question)):
        return False
    if relations_named(text) or _MARRIED.search(text):
        return False
    if _WHOLE_FAMILY & set(_NOTE_WORD.findall(text.lower())):
        return False  # "Ich hab eine Familie.", "J'habite avec ma famille."
    return not names_told_in(question, text)


#: Spanish says the user by the verb alone: a note opening with a verb in the first person
#: ("Trabajo de cajera …", "Curro en un bar.", "Soy enfermera.") speaks of the user.
_SPANISH_FIRST_WORD = re.compile(
    r"^\W*(?P<w>(?:[^\W\d_]{3,}o|soy|estoy|voy))(?!\w)(?=.*\b(?:de|en|un|una|el|la|a|con)\b)",
    re.IGNORECASE,
)


def _spanish_verb_first(text: str, question: str) -> bool:
    """Whether a note opens with a Spanish verb of the user's (not a name the question says:
    "Pablo trabaja en Vigo." for "¿En qué trabaja Pablo?")."""
    m = _SPANISH_FIRST_WORD.match(text)
    if m is None or not _SPANISH.search(question):
        return False
    return m.group("w").casefold() not in {w.casefold() for w in _WORD.findall(question)}


#: A note opened by one of the user's people ("Mein Mann arbeitet in der Telekommunikation.",
#: "Мой муж трудоголик.", "Mi novio trabaja en la NASA."): "my" and the relative's word.
_OPENED_BY_MY = re.compile(
    r"^\W*(?:my|mein|meine|meinem|meinen|meiner|unser|unsere|mi|mis|nuestr[oa]s?|mon|ma|mes|"
    r"notre|nos|мой|моя|мои|моё|наш|наша|наши)\s+(?P<who>[^\W\d_]+)"
    # Russian says them first, with "my" after or none ("Супруга моя, Наталья, ведёт …",
    # "Жена работает в школе.", "Сыну семь."): the word must name one of them.
    r"|^\W*(?P<ru>[а-яё]+)(?=[\s,])",
    re.IGNORECASE,
)


def _opened_by_them(text: str) -> re.Match[str] | None:
    """The opening of words that open with one of the user's people (its group ``who`` or
    ``ru`` names them), or ``None``."""
    m = _OPENED_BY_MY.match(text)
    if m is None or not relations_named(m["who"] or m["ru"]):
        return None
    return m


#: ... and the user's own word after it ("Mon père et moi, on bosse chez HP.", "Mi hermano y
#: yo tenemos un bar.", "Mein Mann hat mir …"): the user is in it too.
_USER_TOO = re.compile(
    r"(?<!\w)(?:(?:i|me|ich|mich|mir|wir|uns|yo|nosotros|nosotras|je|moi|nous|я|мы|меня|мне|"
    r"нас|нам)(?!\w)|j['’])",
    re.IGNORECASE,
)
#: The areas of life a question about the user's people names (their notes answer those).
_PEOPLE_AREAS = frozenset(
    i
    for i, a in enumerate(DOMAINS)
    if a.split(",")[0] in {"partner", "children", "parents", "siblings", "friends"}
)


def _opened_by_them_with_the_user(text: str) -> bool:
    """Whether words open with one of the user's people and have the user in them too ("My
    uncle gave me his old van.", "Mi hermano y yo tenemos un bar.")."""
    m = _opened_by_them(text)
    return m is not None and bool(_USER_TOO.search(text[m.end() :]))


def _theirs_asked_of_the_user(hit: SearchHit, question: str) -> bool:
    """Whether a memory is about one of the user's people alone (their key: "Javier's
    boyfriend works at NASA."; a note they open: "Мой муж трудоголик.") and the question
    about the user's own area of life ("Где я работаю?"): it names an area, none of them
    about people, and no relative nor marriage — or about a group of the user's people of
    another area than theirs ("do I have kids?" of the parents, ``_of_other_people``)."""
    key = hit.fact.key if hit.fact is not None else ""
    if key.startswith("note."):
        m = _opened_by_them(hit.text)
        if m is None or _USER_TOO.search(hit.text[m.end() :]):
            return False
    elif (_one_of(hit) or ("",))[0] != "person":
        return False
    elif hit.fact is not None and _opened_by_them_with_the_user(hit.fact.source_excerpt or ""):
        return False  # "My uncle gave me his old van.", kept under the uncle: the user's van
    areas = set(named_areas(question))
    if areas & _PEOPLE_AREAS:
        return _of_other_people(hit, areas & _PEOPLE_AREAS)
    if not areas and not _the_user_self(question):
        return False
    # A question of the user's own, in words naming no area ("Какую школу я окончила?",
    # "Wohin bin ich im Mai geflogen?"), is not answered with a note about their wife or friend.
    return not (relations_named(question) or _MARRIED.search(question))


#: The user said as "I" (not only "my": "Wer sind meine Racker?" may ask after their people).
_I_SAID = re.compile(
    r"(?<!\w)(?:i|me|myself|ich|mich|mir|yo|je|moi|я|меня|мне|мной)(?!\w)|(?<!\w)j['’]",
    re.IGNORECASE,
)


#: A question asking who: after someone, though the user is in it ("who visits me?").
_ASKS_WHO = re.compile(
    r"\b(?:who|whom|whose|wer|wen|wem|qui[ée]n(?:es)?|qui)\b|(?<!\w)(?:кто|кого|кому|кем)(?!\w)",
    re.IGNORECASE,
)


def _the_user_self(question: str) -> bool:
    """Whether a question says the user as "I" ("Wohin flog ich …?", "Какую школу я …?", a
    Russian or Spanish verb of theirs: "¿Qué coche tuve?")."""
    if _ASKS_WHO.search(question):
        return False  # "Wer ruft mich sonntags an?" asks after someone else
    if _I_SAID.search(question) or _RUSSIAN_FIRST_PERSON.search(question):
        return True
    return bool(_SPANISH.search(question) and _SPANISH_FIRST_PERSON.search(question))


def _of_other_people(hit: SearchHit, asked: set[int]) -> bool:
    """Whether a memory of one of the user's people (their key, or a note they open) is of
    people of other areas than ``asked`` ("do I have kids?" is not answered with "Pia's
    parents split up."), its words naming none of the areas asked either ("Pia has a
    husband and two boys."); not known: no. A question naming parents may ask whether the
    user is one ("am I a parent?", "Bin ich Vater oder Mutter?"): their children answer it."""
    if _PARENTS in asked:
        asked = asked | {_CHILDREN}
    key = hit.fact.key if hit.fact is not None else ""
    if key.startswith("note."):
        m = _opened_by_them(hit.text)
        theirs = _areas_of(relations_named(m["who"] or m["ru"])) if m is not None else set()
    else:
        theirs = {key_area(key)}
    if None in theirs or not theirs:
        return False
    return not (theirs | _areas_of(relations_named(hit.text))) & asked


def _areas_of(relations: set[str]) -> set[int | None]:
    """The areas of life of the user's people of ``relations`` (``None``: not known)."""
    return {key_area(f"family.{relation_slug(r)}") for r in relations}


_PARENTS = next(i for i, a in enumerate(DOMAINS) if a.startswith("parents,"))
_CHILDREN = next(i for i, a in enumerate(DOMAINS) if a.startswith("children,"))


def _own_of_them(hit: SearchHit, relation: str | None, question: str) -> bool:
    """Whether a fact of the user's own (not kept under one of their people, not a note)
    speaks of the one a question asks about, and the question asks what the user told of
    them at all ("what do you know about my spouse?", "¿Qué sabes de mis padres?"), not what
    they are called, do, where they live or how old they are: its key is about them ("Pia is
    single." under ``relationship.single``) or its words name them ("Pia lives with her mum
    and dad.", "Pia has two cats and a daughter.")."""
    key = hit.fact.key if hit.fact is not None else ""
    if relation is None or not key or key.startswith("note.") or is_person_key(key):
        return False
    if _ASKS_A_NAME.search(question) or _asks_not_the_name(question):
        return False
    area = key_area(f"family.{relation_slug(relation)}")
    if area is not None and area in _PEOPLE_AREAS and key_area(key) == area:
        return True
    return any(_covers(told, relation) for told in relations_named(hit.text))


def _person_named(question: str, hits: Sequence[SearchHit]) -> tuple[str | None] | None:
    """The relation of the one of the user's people the question names by name ("Was arbeitet
    Ute?" of a user whose wife is Ute), as a 1-tuple (its relation ``None`` when not
    known); ``None``: no name of theirs."""
    words = {w.casefold() for w in _WORD.findall(question)}
    for fact in (h.fact for h in hits if h.fact is not None):
        person = parse_key(fact.key)
        if person is None:
            continue
        if person.name is not None and person.name.replace("_", " ").casefold() in words:
            return (person.relation,)
        value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
        named = value if isinstance(value, str) and person.attribute == "name" else None
        if named and len(named) > 2 and named.casefold() in words:
            return (person.relation if person.group != "person" else None,)
    # A name said in a note ("Mi carnal Chuy reparte pizzas." for "¿En qué trabaja Chuy?",
    # "Сын у нас — Олег." for "Кем работает Олег?"): one of the user's people too.
    for hit in hits:
        if (
            hit.fact is not None
            and hit.fact.key.startswith("note.")
            and names_told_in(question, hit.text)
        ):
            told = relations_named(hit.text)
            return (next(iter(told)) if len(told) == 1 else None,)
    return None


def _about_another(hit: SearchHit, question: str, hits: Sequence[SearchHit]) -> bool:
    """Whether ``hit`` is about someone other than the one the question asks about: another
    of the user's people or animals than the relation or kind it names ("what's my dog
    called?" of a user with a cat, "¿Cómo se llama mi hijo?" of one with a daughter), the
    user's own job, home or name when it asks about one of their people ("what does my wife
    do?", "Was arbeitet Ute?"), or their home when it asks where they come from."""
    fact = hit.fact
    key = fact.key if fact is not None else ""
    if _ORIGIN.search(question) and (
        _HOME_KEY.match(key) or (key.startswith("note.") and _LIVES.search(hit.text))
    ):
        return True
    relation = asked_relation(question)
    named = _person_named(question, hits) if relation is None else None
    animal = animal_named(question) if relation is None and named is None else None
    if relation is None and named is None and animal is None:
        return _theirs_asked_of_the_user(hit, question) or _own_slot_not_asked(hit, question)
    whom = _one_of(hit)
    if whom is None and key.startswith("note."):
        if animal is None and _of_the_user_alone(hit.text, question):
            return (
                True  # "Ich bin Altenpflegerin." answers no "Was arbeitet eigentlich mein Freund?"
            )
        return _note_about_another(hit.text, relation, animal)
    if whom is None:  # the user's own job, home or name is not one of their people's (nor
        # their animals': "Un lapin, j'en ai un ?" is not answered with the home),
        # and nothing else of theirs that names none of their people ("which physician am I
        # with?" is not answered with the user's allergy)
        if _OWN_PERSONAL.match(key):
            return True
        return animal is None and not relations_named(hit.text) and not _MARRIED.search(hit.text)
    group, which = whom
    if animal is not None:
        return group == "person" or (which is not None and which != animal)
    if group == "animal":
        return True
    wanted = relation if relation is not None else named[0] if named else None
    if wanted is None or which is None:
        return False
    # One partner for another ("my wife" of a user who told of a husband), a group holding
    # the one asked about ("who are my parents?": "family.family.raised_horses").
    return not _covers(which, wanted)


#: A question asking what one of the user's people is called, in the languages the bot
#: speaks ("what's my son's name?", "Wie heißt mein Mann?", "¿Cómo se llama mi hija?",
#: "Comment s'appelle ma fille ?", "Как зовут мою жену?", "who is my wife?").
_ASKS_A_NAME = re.compile(
    r"\b(?:names?|called|call|named|who|whom|hei(?:ß|ss)(?:t|en|e)|namen?|wer|llaman?|"
    r"nombres?|qui[ée]n(?:es)?|appellen?t?|pr[ée]noms?|nom|qui|зовут|имя|звать|кто|кличк\w*|"
    r"pusi(?:mos|ste|eron)|puso|nombr(?:amos|aste|aron)|appel[ée]e?s?|nomm[ée]e?s?|genannt|"
    r"nannten|назвал\w*)\b",
    re.IGNORECASE,
)
#: ... one asking how old they are ("how old is my son?", "Wie alt ist meine Tochter?",
#: "¿Cuántos años tiene mi hijo?", "Quel âge a mon fils ?", "Сколько лет моему сыну?").
_ASKS_AGE = re.compile(
    r"\bhow\s+old\b|\bage\b|\bwie\s+alt\b|\balter\b|\bcu[áa]ntos\s+a[ñn]os\b|\bedad\b|"
    r"\b[âa]ge\b|\bсколько\s+(?:ему\s+|ей\s+)?лет\b|\bвозраст\w*",
    re.IGNORECASE,
)
#: A memory that only names one of the user's people ("Mein Mann heißt Jörg.", "Жену
#: зовут Вера."): a short sentence with a naming verb.
_ONLY_NAMES = re.compile(
    r"\b(?:is\s+called|is\s+named|name\s+is|hei(?:ß|ss)(?:t|en)|se\s+llaman?|"
    r"s'appellen?t?|зовут)\b",
    re.IGNORECASE,
)
_SHORT_NAMING = 6
#: At most this many words follow the naming verb in a note that only names someone.
_NAME_WORDS = 2
_JOB = next(i for i, a in enumerate(DOMAINS) if a.startswith("job,"))
_HOME = next(i for i, a in enumerate(DOMAINS) if a.startswith("home,"))


#: A question about one of the user's people that their name alone may answer besides "what
#: are they called?": what the user told of them, whether they have them, how many.
_ASKS_ABOUT_THEM = re.compile(
    r"\b(?:tell\s+me|know|remember|remind|did\s+i\s+(?:tell|say|mention)|do\s+i\s+have|"
    r"have\s+i\s+got|how\s+many|any|erz[äa]hl\w*|wei(?:ß|ss)t|erinner\w*|hab(?:e)?\s+ich|"
    r"wie\s+viele|sabes|cont[ée]|dije|cu[ée]ntame|recu[ée]rd\w*|tengo|cu[áa]nt[oa]s|"
    r"sais|t'ai\s+dit|parle|rappelle|raconte|j'ai|ai-je|combien|знаешь|расскаж\w*|напомни|"
    r"говорил\w*|есть|сколько)\b",
    re.IGNORECASE,
)


def _asks_not_the_name(question: str) -> bool:
    """Whether a question about one of the user's people asks something their name does not
    say: what they do, where they live, how old they are, what they study ("¿Y mi carnal
    qué hace?", "Mon frère vit où maintenant ?"), not what they are called, what the user
    told of them, whether or how many they have."""
    if _ASKS_AGE.search(question) or {_JOB, _HOME} & set(named_areas(question)):
        return not _ASKS_A_NAME.search(question)
    return not (_ASKS_A_NAME.search(question) or _ASKS_ABOUT_THEM.search(question))


def _only_a_name(hit: SearchHit) -> bool:
    """A memory that says no more of one of the user's people than their name: the name
    slot ("family.husband.name"), or a short note naming them ("Mi marido se llama Iker.")."""
    key = hit.fact.key if hit.fact is not None else ""
    person = parse_key(key) if key else None
    if person is not None:
        return person.attribute == "name"
    if not key.startswith("note."):
        return False
    m = _ONLY_NAMES.search(hit.text)
    if m is None or len(hit.text.split()) > _SHORT_NAMING:
        return False
    # "Mi primo se llama Iker y es cartero.", "Сестру зовут Оля, она повар.": a
    # clause after the name says more of them (a name of two words does not).
    return len(hit.text[m.end() :].split()) <= _NAME_WORDS


def _of_someone(hit: SearchHit) -> bool:
    """A memory of one of the user's people: their key, or a note naming one (those of
    others than the one asked about are left out before)."""
    key = hit.fact.key if hit.fact is not None else ""
    if key.startswith("note."):
        return bool(relations_named(hit.text))
    return is_person_key(key) if key else True


def _naming_the_attribute(hits: Sequence[SearchHit], question: str) -> list[SearchHit]:
    """The hits that name the attribute a question names, when no area of life says it
    ("what's my blood type?", "Welche Blutgruppe hab ich denn?"): being about health is not
    enough."""
    asked = _asked_attribute(question)
    if asked is not None:
        hits = [h for h in hits if _names(h, asked)]
    attribute = _attribute_named(question)
    if attribute is not None:
        hits = [h for h in hits if attribute.search(_said(h))]
    return list(hits)


#: A person key's attributes of a relative's home and of their job.
_HOME_ATTRIBUTE = re.compile(r"^(?:home|lives|city|country|address|location)")
_JOB_ATTRIBUTE = re.compile(r"^(?:job|work|employer|occupation|profession)")
_AGE_ATTRIBUTE = re.compile(r"^(?:age|birthday|born)")
_NOT_AGE_ATTRIBUTE = re.compile(rf"{_HOME_ATTRIBUTE.pattern}|{_JOB_ATTRIBUTE.pattern}")
_NOT_JOB_ATTRIBUTE = re.compile(rf"{_HOME_ATTRIBUTE.pattern}|{_AGE_ATTRIBUTE.pattern}")
_NOT_HOME_ATTRIBUTE = re.compile(rf"{_JOB_ATTRIBUTE.pattern}|{_AGE_ATTRIBUTE.pattern}")


#: A question asking what one of the user's people likes doing or does in their free time
#: ("what does my son like doing?", "Was macht der Kleine gerne?", "¿Qué le gusta hacer a mi
#: hija?", "Qu'est-ce qu'il aime faire ?", "Чем любит заниматься сын?"), or what they study
#: ("what does my daughter study?", "Was studiert …", "¿Qué estudia …?", "Qu'est-ce qu'elle
#: étudie ?", "Что изучает …", "На кого учится …"): their age, home, name or job says neither.
#: What they do on a day of the week or at the weekend ("Was macht mein Sohn sonntags?",
#: "¿Qué hace mi hijo los domingos?", "по выходным") is what they like doing too.
_DAYS = (
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|montags|dienstags|mittwochs|"
    r"donnerstags|freitags|samstags|sonntags|wochenende\w*|lunes|martes|mi[ée]rcoles|jueves|"
    r"viernes|s[áa]bados?|domingos?|fin(?:es)?\s+de\s+semana|lundi|mardi|mercredi|jeudi|"
    r"vendredi|samedi|dimanche|week-end|weekend"
)
_ASKS_PASTIME = re.compile(
    r"\b(?:like|likes|love|loves|enjoy|enjoys)\s+(?:doing|to\s+do)\b|\bfor\s+fun\b|"
    r"\bfree\s+time\b|\bspare\s+time\b|\bhobb(?:y|ies)\b|\bpastimes?\b|\bgerne?\b|\bhobbys?\b|"
    r"\bfreizeit\b|\bgusta\s+hacer\b|\bpasatiempos?\b|\btiempo\s+libre\b|\baime\s+faire\b|"
    r"\badore\s+faire\b|\bloisirs?\b|\btemps\s+libre\b|\bpasse-temps\b|(?<!\w)люб(?:ит|ят)\s+"
    r"(?:делать|заниматься)(?!\w)|(?<!\w)хобби(?!\w)|(?<!\w)увлека\w*|(?<!\w)свободное\s+время"
    rf"|\b(?:do|does|get\s+up\s+to|macht|hace|fait)\b.*\b(?:{_DAYS})\b"
    r"|(?<!\w)по\s+(?:выходным|понедельникам|вторникам|средам|четвергам|пятницам|субботам|"
    r"воскресеньям)(?!\w)",
    re.IGNORECASE,
)
_ASKS_STUDY = re.compile(
    r"\bstud(?:y|ies|ying)\b|\bmajor(?:ing)?\b|\bstudier\w*|\bstudium\b|\bestudi\w*|"
    r"\bcarrera\b|\b[ée]tudi\w*|\b[ée]tudes\b|(?<!\w)(?:изуча\w*|учит(?:ся|сь)|специальност\w*)"
    # ... or where ("where did I go to uni?", "An welcher Uni war ich?", "¿A qué universidad
    # fui?", "Où j'ai fait ma fac ?", "Где я учился?", "В каком вузе …")
    r"|\bunis?\b|\buniversit(?:y|ies|ät|é|e)\b|\bcollege\b|\bhochschule\b|"
    r"\buniversidad\b|\bfacultad\b|\bfac\b|(?<!\w)(?:учил(?:ся|ась|сь)|университет\w*|вуз\w*)",
    re.IGNORECASE,
)
#: The user's own slots that say no studies ("¿dónde hice la carrera?" is not answered with where
#: they come from or live).
_OWN_STUDY_NOT = re.compile(
    r"^(?:home|origin|nationality|address|age|birthday|born|name|preferred_name)(?:[._]|$)"
)


def _own_slot_not_asked(hit: SearchHit, question: str) -> bool:
    """Whether a slot of the user's own says another attribute than the one a question about
    the user asks: a question about their studies ("¿dónde hice la carrera?", "where did I go to
    uni?") is not answered with their origin, home, age or name."""
    key = hit.fact.key if hit.fact is not None else ""
    if not key or key.startswith("note.") or is_person_key(key):
        return False
    return _ASKS_STUDY.search(question) is not None and _OWN_STUDY_NOT.match(key) is not None


_PASTIME_NOT = re.compile(rf"{_NOT_AGE_ATTRIBUTE.pattern}|{_AGE_ATTRIBUTE.pattern}|^name")
_STUDY_NOT = re.compile(rf"{_HOME_ATTRIBUTE.pattern}|{_AGE_ATTRIBUTE.pattern}|^name")
#: A question asking where one of the user's people works, the place and not the trade ("where
#: does Jonah work?", "which company does he work for?", "Wo arbeitet …?", "¿Dónde trabaja …?",
#: "Où travaille … ?", "Где работает …?"): their job title alone does not say it.
_ASKS_WORKPLACE = re.compile(
    r"\bwhere\s+(?:does|do|is)\s+(?:\w+\s+){1,3}(?:work|working|employed)\b|"
    r"\b(?:which|what)\s+(?:company|firm|employer|place)\b.*\bwork|"
    r"\bwo\s+arbeite[tn]?\b|\bbei\s+welche[rm]\s+(?:firma|arbeitgeber|unternehmen)\b|"
    r"\bd[óo]nde\s+trabaja\w*|\b(?:en|para)\s+qu[ée]\s+empresa\b|"
    r"\bo[ùu]\s+(?:est-ce\s+qu(?:'|e\s+)\w+\s+)?travaill\w*|"
    r"\b(?:dans|pour)\s+quelle\s+(?:entreprise|boîte|boite|société)\b|"
    r"(?<!\w)где\s+(?:\w+\s+)?работа\w*|(?<!\w)в\s+какой\s+(?:компании|фирме|организации)",
    re.IGNORECASE,
)
#: A person key's attributes that name a trade, not a place of work.
_WORKPLACE_NOT = re.compile(
    rf"^(?:job|occupation|profession|work_as)|{_HOME_ATTRIBUTE.pattern}|{_AGE_ATTRIBUTE.pattern}"
)
#: A short note saying a relative's age ("Nuestro hijo Leo tiene seis años."): no more.
_AGE_SAID = re.compile(
    r"\b(?:years?\s+old|yrs?|jahre|jährig\w*|años|ans|лет|год|года)\b", re.IGNORECASE
)
_SHORT_AGE_NOTE = 8


def _only_an_age(hit: SearchHit) -> bool:
    key = hit.fact.key if hit.fact is not None else ""
    return (
        key.startswith("note.")
        and _AGE_SAID.search(hit.text) is not None
        and len(hit.text.split()) <= _SHORT_AGE_NOTE
    )


def _other_attribute(question: str) -> re.Pattern[str] | None:
    """A question asking a relative's job is not answered with their home, nor one asking
    their home with their job ("¿En qué trabaja mi mamá?" of a user who told where she
    lives), nor either with their age, nor one asking their age with either ("Wie alt ist
    Lars?" of a user who told
    what he does), nor one asking what they like doing or study with their age, home, name or
    job, nor one asking where they work with their job title: the attributes that do not
    answer, or ``None``."""
    areas = set(named_areas(question))
    if _ASKS_AGE.search(question):
        return _NOT_AGE_ATTRIBUTE
    if _ASKS_WORKPLACE.search(question):
        return _WORKPLACE_NOT  # "Wo arbeitet er samstags?" asks the place, not a pastime
    if _ASKS_PASTIME.search(question):
        return _PASTIME_NOT
    if _ASKS_STUDY.search(question):
        return _STUDY_NOT
    if _JOB in areas and _HOME not in areas:
        return _NOT_JOB_ATTRIBUTE
    if _HOME in areas and _JOB not in areas:
        return _NOT_HOME_ATTRIBUTE
    return None


def _attribute_of(hit: SearchHit, attributes: re.Pattern[str]) -> bool:
    person = parse_key(hit.fact.key) if hit.fact is not None else None
    return person is not None and attributes.match(person.attribute) is not None


def _saying_what_is_asked(
    hits: list[SearchHit], question: str, everyone: Sequence[SearchHit]
) -> list[SearchHit]:
    """Of the hits about one of the user's people the question asks about (by relation or
    by name), those that may say what it asks: a name alone is no job, home or age ("Was
    macht mein Mann beruflich?" of a user who told his name alone, "¿Cuántos años tiene Iván?"
    of one who told "Mi cuñado se llama Iván."), and only a memory of someone says a
    name ("what's my doctor called?")."""
    relation = asked_relation(question)
    if relation is None and _person_named(question, everyone) is None:
        return hits
    if _asks_not_the_name(question):
        other = _other_attribute(question)
        no_age = other is _PASTIME_NOT or other is _STUDY_NOT
        return [
            h
            for h in hits
            if not _only_a_name(h)
            and not (other and _attribute_of(h, other))
            and not (no_age and _only_an_age(h))
        ]
    if relation is not None and _ASKS_A_NAME.search(question):
        return [h for h in hits if _of_someone(h)]
    return hits


@dataclass(frozen=True, slots=True)
class Judged:
    """A question's hits as answering judges them: those that may answer, ranked by
    relevance, their baseline, and the ones without a vector yet that match its words."""

    ranked: list[SearchHit]
    base: float
    fresh: list[SearchHit]
    #: Hits left out as about someone else than the one asked about: never an answer, but
    #: the runner-up the best one must beat (``features``' gap).
    rivals: list[SearchHit] = field(default_factory=list)


#: Every word for one of the user's people, in any language the bot speaks.
_KIN_ANY = kin.relation_pattern(frozenset(kin.RELATIONS), alone=True)
#: A relative of someone named ("what's Owen's mum called?", "Wie heißt Ankes Mutter?", "die
#: Mutter von Anke", "la madre de Álvaro", "los padres de Iñaki", "la mère de Karim", "the
#: brother of Tom"): the question asks about that relative, not about the one named.
_RELATIVE_OF_NAMED = re.compile(
    rf"(?<![\w'’-])(?P<n>(?-i:[A-ZÀ-ÖØ-Þ])[^\W\d_]+?)(?:['’]s|['’]|s)\s+(?P<a>{_KIN_ANY})(?![\w'’-])"
    rf"|(?<![\w'’-])(?P<b>{_KIN_ANY})\s+(?:of|von|vom|de|del|du|d['’])\s*"
    r"(?P<m>(?-i:[A-ZÀ-ÖØ-Þ])[^\W\d_]+)"
    # Russian: the relative, then the one named in the genitive ("мать Натальи", "брат Олега").
    rf"|(?<![\w-])(?P<c>{_KIN_ANY})\s+(?P<r>(?-i:[А-ЯЁ])[а-яё]{{2,}}?)(?:ы|и|а|я)(?![\w-])",
    re.IGNORECASE,
)


def relative_of_named(question: str, told: Sequence[str]) -> str | None:
    """The relation a question asks about when it asks about a relative of someone the user
    named (``told``: the memories' words, which must name them): "Ankes Mutter" → mother;
    ``None``: no such question."""
    for m in _RELATIVE_OF_NAMED.finditer(question):
        name = m.group("n") or m.group("m") or m.group("r")
        word = m.group("a") or m.group("b") or m.group("c")
        # A Russian name is matched by its stem ("Натальи" of "Наталья").
        end = r"[а-яё]{0,3}" if m.group("r") else ""
        if not any(re.search(rf"(?<![\w-]){re.escape(name)}{end}(?![\w-])", t) for t in told):
            continue
        for lang in kin.LANGUAGES:
            relation = kin.relation_of(word, lang)
            if relation is not None:
                return relation
    return None


def _of_their_relative(hits: Sequence[SearchHit], question: str) -> list[SearchHit]:
    """``hits`` without those about the one named when the question asks about a relative of
    theirs ("what's Owen's mum called?" is not answered with "your husband Owen is a
    firefighter"): only a memory naming such a relative may answer."""
    relation = relative_of_named(question, [h.text for h in hits])
    if relation is None:
        return list(hits)
    return [h for h in hits if any(_covers(t, relation) for t in relations_named(h.text))]


#: A question asking the user's own name, in the languages the bot speaks ("what's my name?",
#: "what do my friends call me?", "who am I?", "Wie heiße ich?", "Wie nennen mich alle?",
#: "¿Cómo me llamo?", "¿Cómo me dicen?", "Comment je m'appelle ?", "C'est quoi mon surnom ?",
#: "Как меня зовут?", "Кто я?").
_ASKS_OWN_NAME = re.compile(
    r"\bmy\s+(?:(?:full|first|last|real|given|middle|sur|nick)\s*)?names?\b|"
    r"\bnames?\b[^?]*\b(?:me|i|am)\b|\bcall(?:s|ed)?\s+me\b|\bam\s+i\s+called\b|"
    r"\bwho\s+am\s+i\b|\bnick-?names?\b|"
    r"\bhei(?:ß|ss)e?\s+ich\b|\bich\s+hei(?:ß|ss)e?\b|\bmeine?n?\s+(?:vor|nach|spitz|ruf|kose)?namen?\b|"
    r"\bwer\s+bin\s+ich\b|\bmich\b[^?]*\bnenn\w*|\bnenn\w*\b[^?]*\bmich\b|"
    r"\bme\s+(?:llamo|llaman|dicen)\b|\bmi\s+(?:nombre|apodo|apellido)\b|\bqui[ée]n\s+soy\b|"
    r"\bje\s+m['’]appelle\b|(?<!\w)m['’]appelle(?:nt)?\b|\bmon\s+(?:pr[ée]nom|nom|surnom)\b|"
    r"\bqui\s+suis[- ]je\b|"
    r"(?<!\w)меня\s+(?:зовут|звать|звали|называ\w+)(?!\w)|(?<!\w)мо[её]\s+(?:имя|прозвище)(?!\w)|"
    r"(?<!\w)кто\s+я(?!\w)|"
    # "Unter welchem Namen kennst du mich?", "¿Con qué nombre me presenté?", "Sous quel nom je
    # me suis présenté ?", "Под каким именем я представился?": a name asked with the user in it.
    r"\bnamen?\b[^?]*\b(?:ich|mich|mir)\b|\bnombre\b[^?]*\b(?:me|yo)\b|"
    r"\bnom\b[^?]*(?:\b(?:je|moi)\b|(?<!\w)m['’])|(?<!\w)имен\w*[^?]*(?<!\w)(?:я|меня|мне)(?!\w)",
    re.IGNORECASE,
)
#: The user's own name slots: they answer only a question asking that name.
_OWN_NAME_KEYS = frozenset({"name", "preferred_name"})


def _not_the_own_name(hits: Sequence[SearchHit], question: str) -> list[SearchHit]:
    """The hits, less the user's own name when the question does not ask it: a question the
    embedder places near no area in particular lands nearest the name's ("¿Qué pinto yo?",
    "Wie heißt mein Herzbube?", "Кто у меня в Томске?"), and the name is never its answer."""
    if _ASKS_OWN_NAME.search(question):
        return list(hits)
    return [h for h in hits if h.fact is None or h.fact.key not in _OWN_NAME_KEYS]


def judged(
    hits: Sequence[SearchHit], config: AnswerConfig = DEFAULT_ANSWER, question: str | None = None
) -> Judged:
    """``hits`` ranked for answering (``ranked`` empty: no vectors to judge by)."""
    if question:
        hits = _not_the_own_name(_naming_the_attribute(hits, question), question)
    if question and _asks_what_one_likes_to_eat(question):
        hits = [h for h in hits if _restricts(h) != _ALLERGY_OR_INTOLERANCE and not _no_dish(h)]
    if question and _ASKS_ALLERGY.search(question):
        # "Je suis allergique à un truc, moi ?" is not answered with the doctor.
        hits = [h for h in hits if _restricts(h)]
    if question and (_ASKS_MEDICINE.search(question) or _ASKS_TAKEN.search(question)):
        # "Which medicines do I take?" is not answered with the doctor; "any medicine to
        # avoid?" is with an allergy.
        avoid = RESTRICTION.search(question) is not None or _NEGATED.search(question) is not None
        hits = [h for h in hits if _takes(h) or (avoid and _restricts(h))]
    # Another of the user's people (or themselves) than the one asked about may not answer,
    # but still says how similar the question is to their memories (the baseline).
    everyone = hits
    if question:
        relation = asked_relation(question)
        hits = [
            h
            for h in hits
            if _own_of_them(h, relation, question) or not _about_another(h, question, everyone)
        ]
        hits = _saying_what_is_asked(hits, question, everyone)
        hits = _of_their_relative(hits, question)
    # A memory learned a moment ago may have no vector yet: its words alone can answer.
    fresh = [h for h in hits if h.vector <= 0 and h.lexical > 0]
    if all(h.vector <= 0 for h in hits):
        return Judged([], 0.0, fresh)
    ranked = sorted(hits, key=lambda h: relevance(h, config), reverse=True)
    return Judged(ranked, baseline(everyone, config), fresh, _rivals(everyone, hits))


def _rivals(everyone: Sequence[SearchHit], kept: Sequence[SearchHit]) -> list[SearchHit]:
    """The hits the people gates left out (with a vector): what the question is nearest to
    among what the user told, though not the one asked about."""
    return [h for h in everyone if h not in kept and h.vector > 0]


def answering(
    hits: Sequence[SearchHit], config: AnswerConfig = DEFAULT_ANSWER, question: str | None = None
) -> list[SearchHit]:
    """The hits that answer the question, best first; empty: abstain.

    ``hits`` are one search's ranked hits (facts or notes); without vectors (lexical-only
    search) only a word match answers, and only the best one. The best hit answers when its
    cosine and margin clear the floors and the answer score (``probability``) its threshold.
    With the ``question``'s text, a question naming an attribute no area of life names
    ("what's my blood type?") is answered only by a memory that names it too: being about
    health is not enough.
    """
    if not hits or (question is not None and about_the_world(question, hits)):
        return []
    if question is not None and _ASKS_NAME_KEY.search(question):
        return _own_name(hits)
    j = judged(hits, config, question)
    ranked, base = j.ranked, j.base
    if not ranked:
        return j.fresh[:1]
    top = relevance(ranked[0], config)
    if ranked[0].vector < config.min_cosine or top - base < config.min_margin:
        return j.fresh[:1]
    if config.weights and probability(ranked, base, config, j.rivals) < config.min_probability:
        return j.fresh[:1]
    floor = max(top - config.spread, base + config.runner_margin)
    chosen = [ranked[0], *(h for h in ranked[1:] if relevance(h, config) >= floor)]
    chosen = chosen[: config.max_facts]
    chosen = _asked_key_first(chosen, ranked, base, config, question)
    chosen = _restriction_first(chosen, ranked, base, config, question)
    chosen = _subject_first(chosen, ranked, question)
    chosen = _relation_first(chosen, ranked, base, config, question)
    chosen = _team_or_sport_first(chosen, ranked, base, config, question)
    chosen = [*chosen, *_rest_of_group(chosen, ranked, base, config, question)]
    return _with_pending_sides([*chosen, *_rest_of_message(chosen, ranked, question)], ranked)


def _with_pending_sides(chosen: list[SearchHit], ranked: Sequence[SearchHit]) -> list[SearchHit]:
    """``chosen`` with, right after a memory, the other side of a correction waiting for the
    user's answer: the pending value of its key beside the told one, or the told one beside
    its pending correction (a question asked meanwhile hears both, the new one as not
    confirmed yet, as the slot templates say them; it heard the old note alone). A pending
    note whose message changed an answering slot at once ("Meine Schwester ist von Kiel nach
    Lübeck gezogen.": her home moved, the note of the sentence asks) brings no old value back:
    the answer says the slot."""
    out: list[SearchHit] = []
    landed = {
        message_of(h) for h in chosen if h.fact is not None and h.fact.status == Status.ACTIVE
    }
    for hit in chosen:
        if hit in out:
            continue
        out.append(hit)
        if hit.fact is None:
            continue
        pending = hit.fact.status == Status.PENDING
        if pending and message_of(hit) in landed:
            continue
        out += [
            h
            for h in ranked
            if h.fact is not None
            and h not in out
            and h.fact.key == hit.fact.key
            and (h.fact.status == Status.PENDING) != pending
            and Status.ACTIVE in (h.fact.status, hit.fact.status)
        ]
    return out


#: Beside the words with which the user names themselves (``kin.names_the_user``: "I", "my",
#: "unser", "mis", "nos", "наш"), Russian verbs in the first person ("живу", "болею", "учусь").
_RUSSIAN_FIRST_PERSON = re.compile(r"(?<!\w)[а-яё]+(?:ю|у|юсь|усь)(?!\w)", re.IGNORECASE)
#: Spanish says the user by the verb alone ("¿Dónde vivo?", "¿Dónde vivimos?", "¿Qué
#: estudié?", "¿Qué carrera hice?"): in a Spanish question, a word ending in an unstressed -o
#: or in -amos/-emos/-imos, or a past tense in -é or -í, may be a verb in the first person.
_SPANISH = re.compile(r"¿|\b(?:qué|cuál|cuáles|dónde|cómo|cuándo|quién|cuánt[oa]s?)\b", re.I)
_SPANISH_FIRST_PERSON = re.compile(
    r"\b[^\W\d_]{2,}o\b|\b[^\W\d_]{2,}[aei]mos\b|\b(?!qu[ée]\b|porqu[ée]\b)[^\W\d_]{3,}[éí]\b|"
    r"\b(?:soy|estoy|voy|sé|he|hice|fui|tuve|estuve|pude|puse|dije|vine|quise|supe)\b",
    re.IGNORECASE,
)


def about_the_user(question: str) -> bool:
    """Whether a question speaks of the user or their people ("where do I live?", "¿Dónde
    vivo?", "Wie heißt unser Hund?"); a question about the world ("Was ist die Hauptstadt
    von Frankreich?", "Who won the world cup?") does not."""
    if kin.names_the_user(question) or _RUSSIAN_FIRST_PERSON.search(question):
        return True
    return bool(_SPANISH.search(question) and _SPANISH_FIRST_PERSON.search(question))


def about_the_world(question: str, hits: Sequence[SearchHit]) -> bool:
    """A question the user's memories do not answer: it names neither the user nor their
    people, no area of life ("any pets?" does), and no word of any memory ("who is Tom?"
    does): "What's the capital of France?" is not answered with "you live in Paris"."""
    if about_the_user(question) or named_areas(question):
        return False
    return not any(h.lexical > 0 for h in hits)


#: What names the allergies and intolerances, and what names the diets, in what the user told
#: (five languages): a question about what they must not eat or take is answered with them.
_ALLERGY = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|unverträglich\w*|vertrage\s+(?:kein\w*|nicht)|al[ée]rgic\w*|"
    r"no\s+tolero|ne\s+supporte\s+pas|аллерги\w*|непереносим\w*|не\s+переношу|"
    # coeliac disease is an intolerance by name ("Soy celíaca.", "Ich habe Zöliakie.")
    r"c[oœ]?eliac\w*|z[öo]liakie\w*|cel[ií]ac[oa]s?|c[œo]e?liaqu\w*|целиаки\w*|целиакия)\b",
    re.IGNORECASE,
)
_DIET = re.compile(
    r"\b(?:vegan\w*|vegetari\w*|v[ée]g[ée]\w*|halal|kosher|koscher|gluten\w*|lactose|laktose\w*|"
    r"(?:don'?t|doesn'?t|never)\s+eats?|esse\s+kein\w*|no\s+como|ne\s+mange\s+pas|не\s+ем|"
    r"вегетариан\w*|веган\w*)\b",
    re.IGNORECASE,
)
#: ... and a question that asks what the user does not tolerate ("Was vertrage ich nicht?"):
#: a diet the user chose is no intolerance.
_TOLERATE = re.compile(
    r"\b(?:tolerat\w*|intoleran\w*|vertrag\w*|tolero|toleras|sienta\w*|supporte|переношу)\b",
    re.IGNORECASE,
)


_ALLERGY_OR_INTOLERANCE = 2
#: A question about the user's allergies ("do I have an allergy?", "¿Soy alérgica a algo raro?"):
#: only an allergy, intolerance or diet answers it.
_ASKS_ALLERGY = re.compile(
    r"\b(?:allerg\w*|al[ée]rgic\w*|alergi\w*|аллерги\w*|intoleran\w*|intol[ée]ran\w*|"
    r"unverträglich\w*|непереносим\w*)",
    re.IGNORECASE,
)

#: A question about the medicines the user takes ("which meds do I use?", "Welche Medikamente
#: bekomme ich?", "¿Tomo algún medicamento?", "Je prends quels médicaments ?", "Какие таблетки мне
#: выписали?"), in the languages the bot speaks.
_ASKS_MEDICINE = re.compile(
    r"\b(?:medicines?|medications?|meds|drugs?|pills?|tablets?|prescriptions?|treatments?|"
    r"medikament\w*|behandlung\w*|tratamientos?|traitements?|лечени\w*|"
    r"tablette\w*|pillen?|medicamentos?|medicinas?|pastillas?|m[ée]dicaments?|comprim[ée]s?|cachets?|"
    r"лекарств\w*|таблет\w*|препарат\w*)\b",
    re.IGNORECASE,
)
#: ... and what answers it: a medicine named, or something the user takes ("I take statins
#: at night", "Abends nehme ich Ramipril", "Tomo losartán", "Je prends du fer",
#: "Каждый день пью аспирин"); a doctor, a condition or an allergy alone does not.
#: ... asked by the verb alone ("what do I take at breakfast?", "Was nehme ich morgens?",
#: "¿Qué tomo cada mañana?", "Je prends quoi au réveil ?", "Что я принимаю по утрам?").
_ASKS_TAKEN = re.compile(
    r"\bwhat\s+(?:do|am|did)\s+i\s+(?:\w+\s+){0,2}?tak(?:e|ing)\b(?!\s+part)|"
    r"\bwas\s+nehme?\s+ich\b|"
    r"\bwas\s+schlucke\s+ich\b|\bqu[ée]\s+tomo\b|\bje\s+prends\s+quoi\b|"
    r"\bqu'est-ce\s+que\s+(?:je\s+prends|j'avale)\b|\bчто\s+я\s+(?:принимаю|пью)\b",
    re.IGNORECASE,
)
#: A negation ("¿Hay pastillas que no me convienen?"): a medicine question with one asks
#: what not to take, which an allergy answers.
_NEGATED = re.compile(
    r"\b(?:not|never|no|nicht|kein\w*|nie|nunca|ni|pas|jamais|не|нельзя)\b|n't\b", re.IGNORECASE
)
_TAKES = re.compile(
    r"\b(?:take|takes|taking|took|nehme|nehm|nimmt|nehmen|tomo|toma|tomamos|prends|prend|"
    r"принима\w*|пью|пьёт|пьет|insulin\w*|инсулин\w*)\b",
    re.IGNORECASE,
)


def _takes(hit: SearchHit) -> bool:
    """Whether a memory says a medicine the user takes (its key, its words or its source;
    "The user is on statins": a medicine the extractor's list names, after "on")."""
    fact = hit.fact
    key = fact.key if fact else ""
    said = f"{hit.text} {fact.source_excerpt or ''}" if fact else hit.text
    if key.startswith("medic") or _ASKS_MEDICINE.search(said) or _TAKES.search(said):
        return True
    return any(
        " ".join(words[:n]) in _medicine_names()
        for m in _ON.finditer(said)
        for words in [m["w"].lower().split()]
        for n in range(1, len(words) + 1)
    )


#: What one is "on" ("is on statins", "I'm on blood thinners"): up to three words.
_ON = re.compile(r"\b(?:is|am|are|'m|been|was)\s+on\s+(?P<w>[\w-]+(?:\s+[\w-]+){0,2})", re.I)


@functools.cache
def _medicine_names() -> frozenset[str]:
    """The medicines the extractor knows by name (``extract/data/medicines.txt``)."""
    return words("medicines")


def _asks_what_one_likes_to_eat(question: str) -> bool:
    """ "What do I love to eat?", "Qu'est-ce que j'aime manger ?": never an allergy."""
    return FAVOURITE_FOOD in named_areas(question) and DIET not in named_areas(question)


#: The keys of the user's tastes ("likes.stricken", "loves.jazz").
_TASTE_KEY = re.compile(r"^(?:likes|loves|dislikes|hates|favou?rite\w*)(?:\.|$)")


def _no_dish(hit: SearchHit) -> bool:
    """Whether a taste of the user's names another area of life than food ("Mia loves
    Stricken.": a pastime): no answer to "Was esse ich gern?"."""
    key = hit.fact.key if hit.fact is not None else ""
    if not _TASTE_KEY.match(key):
        return False
    areas = set(told_areas(hit.text))
    return bool(areas) and not areas & {FAVOURITE_FOOD, DIET}


def _restricts(hit: SearchHit) -> int:
    """2: the hit is an allergy or intolerance, 1: a diet, 0: neither."""
    fact = hit.fact
    key = fact.key if fact else ""
    said = f"{hit.text} {fact.source_excerpt or ''}" if fact else hit.text
    if key.startswith("allerg") or "intoleran" in key or _ALLERGY.search(said):
        return 2
    if key.startswith("diet") or _DIET.search(said):
        return 1
    return 0


def _restriction_first(
    chosen: list[SearchHit],
    ranked: Sequence[SearchHit],
    floor: float,
    config: AnswerConfig,
    question: str | None,
) -> list[SearchHit]:
    """A question about what the user must not eat or take ("is there anything I can't
    eat?", "Was vertrage ich nicht?") is answered with their allergies and intolerances
    first, then their diets (for "what don't I tolerate?" only when they told no
    intolerance), never with a dish they love that happened to rank first; one above the
    question's baseline (``floor``) is enough, as its words say what it is."""
    if not chosen or question is None or not RESTRICTION.search(question):
        return chosen
    wanted = [h for h in ranked if _restricts(h) and (h in chosen or relevance(h, config) >= floor)]
    if not wanted:
        return chosen
    if _TOLERATE.search(question) and any(_restricts(h) == 2 for h in wanted):
        wanted = [h for h in wanted if _restricts(h) == 2]
    wanted.sort(key=_restricts, reverse=True)  # stable: by relevance within a kind
    return wanted[: config.max_facts]


#: "What do I study?" asks for the subject, not where (the school slot holds the place; the
#: note of the same message says both), in the languages the bot speaks.
_ASKS_SUBJECT = re.compile(
    r"\bwhat\s+(?:do|did)\s+i\s+stud(?:y|ied)\b|\bwhat\s+am\s+i\s+studying\b|"
    r"\b(?:which|what)\s+subject|\bwhat\s+(?:is|was)\s+my\s+(?:major|subject)\b|"
    r"\bwas\s+studiere\s+ich\b|\bwas\s+habe\s+ich\s+studiert\b|\bwelches\s+fach\b|"
    r"\bstudienfach\b|\bqu[ée]\s+(?:estudi[oé]|carrera)\b|\bqu'est-ce\s+que\s+j'[ée]tudie\b|"
    r"\bj'[ée]tudie\s+quoi\b|\bquelles?\s+[ée]tudes\b|\bчто\s+я\s+изуча\w*|"
    r"\bна\s+кого\s+я\s+учусь\b|\bкакой\s+предмет\b",
    re.IGNORECASE,
)


def _subject_first(
    chosen: list[SearchHit], ranked: Sequence[SearchHit], question: str | None
) -> list[SearchHit]:
    """ "¿Qué estudio?" of a user who said "Estudio derecho en la Complutense": the note or
    the subject read from that message answers, not the school slot beside it."""
    if question is None or not _ASKS_SUBJECT.search(question):
        return chosen
    school = next((h for h in chosen if h.fact is not None and h.fact.key == "school"), None)
    if school is None:
        return chosen
    said = message_of(school)
    same = [h for h in ranked if h is not school and h.fact is not None and message_of(h) == said]
    if not same:
        return chosen
    return [same[0], *(h for h in chosen if h is not school and h is not same[0])]


def _relation_first(
    chosen: list[SearchHit],
    ranked: Sequence[SearchHit],
    floor: float,
    config: AnswerConfig,
    question: str | None,
) -> list[SearchHit]:
    """ "¿Cómo se llama mi gemela?" of a user who told of a twin and a godmother, both named
    alike: the facts of the relation asked for first (when they are near enough to answer),
    and those of the user's other people left out."""
    asked = asked_relation(question) if question else None
    if asked is None:
        return chosen

    def relation(hit: SearchHit) -> str | None:
        key = parse_key(hit.fact.key) if hit.fact is not None else None
        return key.relation if key is not None and key.group != "person" else None

    def theirs(hit: SearchHit) -> bool:
        rel = relation(hit)
        return rel is not None and Person(None, rel, "family").matches_relation(asked)

    if not chosen or theirs(chosen[0]):
        return chosen
    first = [h for h in ranked if theirs(h) and (h in chosen or relevance(h, config) >= floor)]
    if not first:
        return chosen
    rest = [h for h in chosen if h not in first and relation(h) is None]
    return [*first, *rest]


#: Supporting a team, in the languages the bot speaks — asked ("whose supporter am I?",
#: "Welchen Verein feuere ich an?", "¿De qué equipo soy hincha?", "Tu supportes quelle équipe ?",
#: "Какую команду я поддерживаю?") or told in a memory (a fan, "soy del Betis", "болею за").
_SUPPORTING = re.compile(
    r"\b(?:support\w*|cheer\w*|root\s+for|shout\s+for|follow\w*|fan|fans|unterst(?:ü|ue)tz\w*|"
    r"halte\s+(?:ich\s+)?zu|anfeuer\w*|anh(?:ä|ae)nger\w*|animo|apoyo|le\s+voy|hincha|"
    r"aficionad[oa]|soy\s+del?|encourag\w*|supporte\w*|боле(?:ю|ешь|ет|ем)|поддержива\w*|"
    r"болельщи\w*|fu(?:ß|ss)ballherz|daumen)\b",
    re.IGNORECASE,
)
_TEAM = re.compile(
    r"\b(?:teams?|clubs?|side|mannschaft|verein|equipo|club|[ée]quipe|команд\w*|клуб\w*)\b",
    re.IGNORECASE,
)
_PLAYS = re.compile(
    r"\b(?:play|plays|playing|practi[cs]e|spiele|spielst|treibe|juego|practico|joue|pratique|"
    r"играю|занимаюсь)\b",
    re.IGNORECASE,
)
#: ... and "do" as the verb ("and which sport is it I do?"; "what team do I rep?" has another).
_DOES = re.compile(
    r"\b(?:do\s+(?:i|we)\s+do|mache|machst|hago|fais)\b|\bdo\s*\??\s*$", re.IGNORECASE
)
_SPORT = next(i for i, a in enumerate(DOMAINS) if a.startswith("sport,"))


def _supports(hit: SearchHit) -> bool:
    return bool(_SUPPORTING.search(hit.text))


def _team_or_sport_first(
    chosen: list[SearchHit],
    ranked: Sequence[SearchHit],
    floor: float,
    config: AnswerConfig,
    question: str | None,
) -> list[SearchHit]:
    """Supporting a team and doing a sport are both sport: "which team do I support?" is
    answered with what the user supports first (above the question's baseline, ``floor``),
    and "what sport do I play?" with what they do, never the team they follow."""
    if not chosen or question is None:
        return chosen
    # A question: a verb of supporting, or a team asked without a verb of playing.
    supports = bool(_SUPPORTING.search(question)) or bool(
        _TEAM.search(question) and not _PLAYS.search(question)
    )
    plays = (
        not supports
        and _SPORT in named_areas(question)
        and bool(_PLAYS.search(question) or _DOES.search(question))
    )
    if not supports and not plays:
        return chosen
    near = [h for h in ranked if h in chosen or relevance(h, config) >= floor]
    if supports:
        wanted = [h for h in near if _supports(h)]
    elif _supports(chosen[0]):
        # ... a sport by its words, or as near the question's areas as the team is.
        wanted = [
            h
            for h in near
            if not _supports(h) and (_SPORT in told_areas(h.text) or h.topic >= chosen[0].topic)
        ]
    else:
        return chosen
    if plays:
        return wanted[: config.max_facts]  # the team alone is no sport the user does
    return wanted[: config.max_facts] if wanted else chosen


#: A question about a group of the user's people or animals, in the languages the bot speaks
#: ("what are my kids called?", "Wie heißen meine Kinder?", "Est-ce que j'ai des animaux ?"):
#: it is answered with every one of them the user told. The people: the plural words of the
#: shared vocabulary (``memory_core.text.kin``); the animals: the words here.
_ABOUT_A_GROUP = re.compile(
    rf"\b(?:{kin.relation_pattern(kin.group_relations('family'), singular=False)}|"
    r"pets|animals|haustiere[n]?|tiere[n]?|mascotas|animales|animaux|питомцы|питомцев|"
    # French "fils" is one word for one son and for several: plural after "mes"
    r"животные|животных|mes\s+fils)\b",
    re.IGNORECASE,
)
#: The user's conditions asked as a list ("what conditions do I have", "my health problems",
#: "Welche Krankheiten habe ich?", "¿Qué enfermedades tengo?", "Quelles maladies j'ai ?",
#: "Какие у меня болезни?", "Чем я болею?"): every health memory answers, as every child
#: answers "what are my kids called?".
_ASKS_CONDITIONS = re.compile(
    r"\b(?:conditions|illness(?:es)?|diseases|(?:health|medical)\s+(?:problems|issues)|"
    r"krankheiten|erkrankungen|beschwerden|gesundheitsprobleme|enfermedades|padecimientos|"
    r"problemas\s+de\s+salud|maladies|pathologies|probl[èe]mes\s+de\s+sant[ée])\b"
    r"|(?<!\w)(?:болезни|болезней|заболевания|заболеваний|диагнозы|болячки|болею)(?!\w)",
    re.IGNORECASE,
)
#: The most memories one answer about a group names.
_MOST_IN_GROUP = 6


def _group_of(key: str, children: bool = False) -> str:
    """The group a fact's key belongs to: "family.child" (the children; with ``children``
    the sons and daughters too), "pet" (every animal), "family.sibling" (brothers and
    sisters), "health" (the conditions)."""
    parts = key.split(".")
    if children and parts[0] == "family" and len(parts) > 1 and parts[1].rstrip("s") in _KIDS:
        return "family.child"  # "wie alt sind meine Kinder?": the son and the daughter
    if parts[0] in ("pet", "pets"):
        return "pet"
    if parts[0] == "health":
        return "health"
    if parts[0] == "family" and len(parts) > 1 and parts[1].rstrip("s") in _SIBLINGS:
        return "family.sibling"
    if parts[0] == "family" and len(parts) > 1 and parts[1] in _GRANDCHILDREN:
        return "family.grandchild"  # "Wie heißen meine Enkel?": the grandson and granddaughter
    return ".".join(parts[:2])


#: The relations a question about the user's siblings is answered with (a twin, a half-sister).
_SIBLINGS = frozenset(kin.RELATIONS[r].slug for r in kin.of_kind("sibling"))
#: The relations a question about the user's grandchildren is answered with.
_GRANDCHILDREN = frozenset(kin.RELATIONS[r].slug for r in kin.of_kind("grandchild"))
#: The relations a question about the user's children (not their sons alone) is answered with.
_KIDS = frozenset(kin.RELATIONS[r].slug for r in kin.of_kind("child"))
_ANY_CHILD = frozenset({"child", "baby"})


def _rest_of_group(
    chosen: Sequence[SearchHit],
    ranked: Sequence[SearchHit],
    floor: float,
    config: AnswerConfig,
    question: str | None,
) -> list[SearchHit]:
    """A question about a group answers with all of it: the other memories of the best
    one's group ("family.child", every pet, every condition when they are asked as a list)
    above the baseline (``floor``): their key says
    what they are, the runner-up's margin is not needed. Asked in a word no list holds
    ("Wer sind meine Racker?", "mes bébêtes"), the others the user named in the same
    message as the best one answer with it: what one message said is one answer."""
    top = chosen[0].fact if chosen else None
    if top is None or question is None:
        return []
    conditions = top.key.startswith("health.") and _ASKS_CONDITIONS.search(question) is not None
    if not top.key.startswith(("family.", "pet.", "pets.")) and not conditions:
        return []
    named_together = not conditions and not _ABOUT_A_GROUP.search(question)
    if named_together and (asked_relation(question) or animal_named(question)):
        return []  # "what's my rabbit called?": that one, not the hamster told beside it
    said = message_of(chosen[0])
    kids = not named_together and asked_relation(question) in _ANY_CHILD
    group = _group_of(top.key, kids)
    more = [
        h
        for h in ranked
        if h not in chosen
        and h.fact is not None
        and (
            _group_of(h.fact.key, kids) == group
            or (kids and group == "family.child" and _note_of_a_child(h, question))
        )
        # one told in the same message as the best one needs no floor: "Мои сыновья — Артём
        # и Денис" is one answer though the baseline of a user who told only that is high
        and (relevance(h, config) >= floor or message_of(h) == said)
        and (not named_together or message_of(h) == said)
    ]
    return more[: max(0, _MOST_IN_GROUP - len(chosen))]


def _note_of_a_child(hit: SearchHit, question: str) -> bool:
    """Whether a note speaks of the user's children alone ("Unser jüngster Sohn Max ist zwei
    Jahre alt.") and says their age when the question asks it: one of the children a
    question about them all lists."""
    if hit.fact is None or not hit.fact.key.startswith("note."):
        return False
    told = relations_named(hit.text)
    if not told or any(relation_slug(r) not in _KIDS for r in told):
        return False
    return not _ASKS_AGE.search(question) or _AGE_SAID.search(hit.text) is not None


#: A question joining two asks ("where do I live and what do I do?", "¿Mi chamba y mi
#: pueblo, cuáles son?", "Stadt und Verein?", "tu sais mon quartier et mon taf", "Город и работа?").
_JOINS_TWO = re.compile(r"(?<!\w)(?:and|und|y|e|et|и|а)(?!\w)|,\s*(?:et\s+puis|and\s+then)\b", re.I)
#: The most memories of one message that answer beside the best one.
_MOST_OF_A_MESSAGE = 3


def asks_two_things(question: str) -> bool:
    """Whether ``question`` joins two asks with "and" (in any of the five languages)."""
    return _JOINS_TWO.search(question) is not None


def _rest_of_message(
    chosen: Sequence[SearchHit], ranked: Sequence[SearchHit], question: str | None
) -> list[SearchHit]:
    """A question asking two things at once ("¿Mi chamba y mi pueblo, cuáles son?") is answered with
    all the best memory's message said ("Soy panadero y vivo en Soria": the job and the
    home), not the one part that stood out: what one message said is one answer."""
    if not chosen or question is None or not asks_two_things(question):
        return []
    said = message_of(chosen[0])
    more = [h for h in ranked if h not in chosen and message_of(h) == said]
    return more[:_MOST_OF_A_MESSAGE]


#: Questions that ask for one key of an area, in the languages the bot speaks: "Кем я
#: работаю?" asks for the job, not the employer, "where do I work?" for the employer.
_ASKED_KEYS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), key)
    for pattern, key in (
        (
            r"\bкем\s+я\b|\bals\s+was\b|\bwhat\s+do\s+i\s+work\s+as\b|\bjob\s+title\b|"
            r"\bde\s+qu[ée]\s+trabajo\b|\bcomme\s+quoi\b|\bwhat\s+am\s+i\s+working\s+as\b",
            "job_title",
        ),
        (
            r"\bгде\s+я\s+работаю\b|\bwo\s+arbeite\s+ich\b|\bwhere\s+do\s+i\s+work\b|"
            r"\bwho\s+do\s+i\s+work\s+for\b|\bd[óo]nde\s+trabajo\b|\bpara\s+qui[ée]n\s+trabajo\b|"
            r"\bo[ùu]\s+(?:est-ce\s+que\s+)?je\s+travaille\b|\bwo\s+bin\s+ich\s+angestellt\b",
            "employer",
        ),
        (
            r"\bwhat(?:'s|\s+is)\s+my\s+(?:first\s+|full\s+)?name\b|\bwhat\s+am\s+i\s+called\b|"
            r"\bwhat\s+i'?m\s+called\b|\bwie\s+hei(?:ß|ss)e\s+ich\b|\bmein(?:en)?\s+(?:vor)?namen?\b|"
            r"\bc[óo]mo\s+me\s+llamo\b|\bmi\s+nombre\b|\bje\s+m'appelle\b|\bmon\s+(?:pr[ée])?nom\b|"
            r"\bкак\s+меня\s+зовут\b|\bмо[её]\s+имя\b",
            "name",
        ),
    )
)
#: The keys a question asking for one key is not answered with, beside it: the employer
#: beside the job title and back, another's name beside the user's ("Tu te rappelles mon
#: prénom ?" is not answered with the rabbit's).
#: The user's own name asked in so many words ("c'est quoi mon prénom ?", "what's my name?"):
#: narrower than ``_ASKS_OWN_NAME`` ("the name of the dog I adopted" names "I" too).
_ASKS_NAME_KEY = next(p for p, k in _ASKED_KEYS if k == "name")
_RIVAL_KEYS: dict[str, re.Pattern[str]] = {
    "job_title": re.compile(r"^employer$"),
    "employer": re.compile(r"^job_title$"),
    "name": re.compile(r"\.name$"),
}


def _own_name(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """The answer to a question asking the user's own name in so many words ("c'est quoi mon
    prénom ?", "weißt du meinen Vornamen?"): their name fact, whatever its score (one short
    fact among few scores low against any wording); never another name (the dog's, a
    child's) — none: abstain."""
    return [h for h in hits if h.fact is not None and h.fact.key == "name"][:1]


def _asked_key_first(
    chosen: list[SearchHit],
    ranked: Sequence[SearchHit],
    floor: float,
    config: AnswerConfig,
    question: str | None,
) -> list[SearchHit]:
    """``chosen`` with the key a question asks for first ("Кем я работаю?": the job, not the
    employer, even a little below it), and its rival key left out when it is there."""
    key = next((k for p, k in _ASKED_KEYS if question and p.search(question)), None)
    if key is None:
        return chosen
    asked = [h for h in ranked if h.fact is not None and h.fact.key == key]
    asked = [h for h in asked if h in chosen or relevance(h, config) >= floor]
    if not asked and key == "employer":
        return _workplace_of_the_job(chosen, ranked)
    if not asked:
        return chosen
    rival = _RIVAL_KEYS[key]
    rest = [
        h for h in chosen if h not in asked and (h.fact is None or not rival.search(h.fact.key))
    ]
    return [*asked, *rest]


#: Where the user works, beside their job ("work_city": the town of the job).
_WORKPLACE_KEYS = ("workplace", "work_city", "work_place")


def _workplace_of_the_job(chosen: list[SearchHit], ranked: Sequence[SearchHit]) -> list[SearchHit]:
    """ "Wo arbeite ich?" of a user who told no employer: the note of the message the job was
    learned from ("Ich bin Lehrerin an einer Grundschule in Bonn.": the school and the town
    the job title left out) in the job title's place, else the job with where it is."""
    job = next((h for h in chosen if h.fact is not None and h.fact.key == "job_title"), None)
    if job is None:
        return chosen
    said = message_of(job)
    note = next(
        (
            h
            for h in ranked
            if h.fact is not None and h.fact.key.startswith("note.") and message_of(h) == said
        ),
        None,
    )
    place = [h for h in ranked if h.fact is not None and h.fact.key.startswith(_WORKPLACE_KEYS)]
    first = [note] if note is not None else [job, *place[:1]]
    return [*first, *(h for h in chosen if h not in first and h is not job)]


def features(
    ranked: Sequence[SearchHit],
    base: float,
    config: AnswerConfig = DEFAULT_ANSWER,
    rivals: Sequence[SearchHit] = (),
) -> list[float]:
    """The values of ``FEATURES`` for hits ranked by relevance (``base``: their baseline;
    ``rivals``: hits that may not answer but compete for the runner-up)."""
    top = ranked[0]
    # The runner-up is the best hit told in another message: a slot and the note beside it,
    # or two children named in one sentence, are one answer, not a tie.
    said = message_of(top)
    others = [h for h in (*ranked[1:], *rivals) if message_of(h) != said]
    second = max(others, key=lambda h: relevance(h, config), default=None)
    # ... and its evidence is the message's: the slot's key and area words, the note's
    # matching words ("¿dónde vivo?": "Vivo en Bilbao…" matches, "home_city" names the home).
    told = [h for h in ranked if message_of(h) == said]
    rel = relevance(top, config)
    sims = [h.vector for h in ranked if h.vector > 0]
    return [
        1.0,
        top.vector,
        max(h.topic for h in told),
        1.0 if any(h.lexical > 0 for h in told) else 0.0,
        rel - base,
        rel - (relevance(second, config) if second is not None else base),
        min(len(ranked), ANSWER_K) / ANSWER_K,
        1.0 if any(h.fact is not None and key_area(h.fact.key) is not None for h in told) else 0.0,
        second.topic if second is not None else 0.0,
        top.vector - fmean(sims) if sims else 0.0,
        max(h.topic_words for h in told),
    ]


def message_of(hit: SearchHit) -> str:
    """Which message a hit was learned from (its turn, else the words it was learned from;
    a hit of its own when neither is known, or when its source is no one message — a whole
    import, a night's reflection): what one message said is one answer."""
    fact = hit.fact
    if fact is None or (fact.source_turn_id or "").startswith(_NOT_A_MESSAGE):
        return f"hit:{hit.kind}:{hit.id}"
    if fact.source_turn_id:
        return f"turn:{fact.source_turn_id}"
    if fact.source_excerpt:
        return f"said:{fact.source_excerpt}"
    return f"hit:{hit.kind}:{hit.id}"


#: Sources of many facts at once that are not one message (``user.imports``, the nightly jobs).
_NOT_A_MESSAGE = ("import:", "insight:", "reflection:")


def probability(
    ranked: Sequence[SearchHit],
    base: float,
    config: AnswerConfig = DEFAULT_ANSWER,
    rivals: Sequence[SearchHit] = (),
) -> float:
    """The answer score: how likely the best of ``ranked`` answers the question (0–1), beside
    ``rivals`` (hits that may not answer it, still its runner-up when nearer)."""
    x = features(ranked, base, config, rivals)
    z = sum(w * v for w, v in zip(config.weights, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def relevant(hits: Sequence[SearchHit], config: AnswerConfig = DEFAULT_ANSWER) -> list[SearchHit]:
    """The hits worth a place in the memory block (the score floor of seeds 003 §6 and 004):
    similar enough and not far below the best hit, or matching words and not unrelated;
    without vectors, the word matches."""
    best = max((h.vector for h in hits), default=0.0)
    floor = max(config.block_min_cosine, best - config.block_spread)
    return [
        h
        for h in hits
        if h.vector >= floor
        or (h.lexical > 0 and (h.vector <= 0 or h.vector >= config.block_min_lexical_cosine))
    ]
