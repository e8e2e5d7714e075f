"""Corrections as people say them: "Tom is a lecturer, not a teacher", "Actually I'm a nurse,
not a doctor", "I moved in 2024, not 2023", "we moved in 2024, not last year" (only a short
negated tail after a comma: "I'm not a good singer but…" is a statement, left to the rules).

The negated alternative is no part of the fact: the sentence is read without it (the new value
then goes through arbitration like any change — a confident fact is asked about, never
overwritten). A correction of *when* a move happened, naming no place, becomes a date-only
candidate for the user's home: arbitration moves the current home's date and keeps its value.
"""

from __future__ import annotations

import re
from datetime import datetime

from memory_core.extract import when
from memory_core.extract.base import Candidate
from memory_core.text import numbers
from memory_core.values import Category

#: ", not a teacher" / "— not 2023" / ", not last year" at the end of a clause (short: the
#: negated alternative is a word or a few; "not" starting a longer clause is a statement).
_NOT_TAIL = re.compile(
    r"\s*(?:,|;|—|–|-)\s*(?:and\s+|but\s+)?not\s+(?P<neg>(?:\w+[\s']*){1,4}?)\s*(?P<end>[.!]*)\s*$"
    # "i'm 34 not 43": a number for a number needs no comma; so does a name for a name ("the
    # dog's name is Baxter not Buster").
    r"|(?<=\d)\s+not\s+(?P<num>\d{1,4})\s*(?P<numend>[.!]*)\s*$"
    r"|(?<=[a-z])\s+not\s+(?P<nm>(?-i:[A-Z])[\w'-]+)\s*(?P<nmend>[.!]*)\s*$",
    re.IGNORECASE,
)
#: A correction's lead: "Actually", "Sorry,", "No,", "Correction:", "Sorry, I meant",
#: "Scratch that,", "My bad —" ("No one knows…", "I meant to call" are not).
_LEAD = re.compile(
    r"^\s*(?:(?:oh\s+)?(?:actually\s*[,:!—–-]?|(?:sorry|no|correction|wait|oops|my\s+bad|"
    r"scratch\s+that|to\s+be\s+clear|let\s+me\s+correct\s+(?:that|myself)|i\s+misspoke|"
    r"typo(?:\s+(?:earlier|before|there|above))?)\s*[,:!—–-]|i\s+meant(?:\s+to\s+say)?(?:\s+that)?\s*(?:[,:—–-]\s*)?"
    r"(?=(?:i|i'm|my|we|our)\b))\s*)+",
    re.IGNORECASE,
)
#: A correction's lead in the bot's other languages ("Kleine Korrektur:", "Me confundí ayer:",
#: "Oups, erreur de ma part :", "Небольшая поправка:", "Ой, я перепутала:"); an interjection
#: before it ("Ой,", "Oups,") goes with it, never alone ("Ой, как я устала" corrects nothing).
_LEAD_ABROAD = re.compile(
    r"^\s*(?:(?:oh|oops|ach|oje|ay|oups|ой|ох|ну)\s*[,!]?\s*)?"
    r"(?:"
    r"(?:kleine\s+)?korrektur|ich\s+muss\s+mich\s+korrigieren|ich\s+korrigiere\s+mich|"
    r"ich\s+hab(?:e)?\s+mich\s+(?:vertan|geirrt|versprochen)|das\s+stimmt\s+(?:so\s+)?nicht|"
    r"(?:pequeña\s+)?corrección|me\s+equivoqu[ée]|me\s+confundí|"
    r"rectifico|corrijo|error\s+mío|"
    r"(?:petite\s+)?correction|je\s+me\s+suis\s+tromp[ée]+|"
    r"je\s+rectifie|erreur\s+de\s+ma\s+part|"
    r"(?:небольшая\s+)?поправка|поправлю\s+себя|поправлюсь|я\s+ошиб(?:ся|лась)|"
    r"я\s+перепутал[а]?|"
    # and English ones the lead above leaves: "I told you the wrong date,"
    r"(?:wait\s*,?\s*)?i\s+(?:gave|told)\s+you\s+the\s+wrong\s+\w+|i\s+got\s+(?:that|the\s+\w+)\s+wrong"
    r")(?:\s+(?:el\s+otro\s+día|l['’]autre\s+jour|neulich|letztes\s+mal|на\s+днях|"
    r"в\s+прошлый\s+раз|the\s+other\s+day|last\s+time))?"
    # Whom or what it is about, before the colon: "Corrijo lo de Luis:", "Korrektur zu
    # Jonas:", "Je rectifie pour Hugo :", "Поправка про Олега:" (the learner finds the told
    # fact by the old words, so who is said only here).
    r"(?:\s+(?:lo\s+de|sobre|zu|wegen|bei|pour|à\s+propos\s+de|concernant|про|насчёт|насчет|"
    r"по\s+поводу|about|on|re|for)\s+[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?(?=\s*[:—–]))?"
    r"\s*(?:[:,!—–-]+|\.\.\.|…)\s*",
    re.IGNORECASE,
)


def without_lead_abroad(sentence: str) -> str:
    """``sentence`` without a correction's lead in German, Spanish, French or Russian
    ("Небольшая поправка: Мише уже 12." → "Мише уже 12."), or an English one :data:`_LEAD`
    leaves ("I told you the wrong date, …"); unchanged when it has none."""
    m = _LEAD_ABROAD.match(sentence)
    if m is None or m.end() >= len(sentence.rstrip(" .!")):
        return sentence
    rest = sentence[m.end() :]
    return rest[:1].upper() + rest[1:]


#: "Actually" or "No," opening a sentence in another language ("En realidad tengo 30", "Nein,
#: ich bin 30", "Вообще-то мне 30"): the sentence corrects what was told. A leading "no" needs
#: its comma ("No tengo hijos" is a statement); it is never a name.
_ACTUALLY_ABROAD = re.compile(
    r"^\s*(?:(?P<no>nein|nee|no|non|нет|не-а)\s*[,!:—–]+"
    r"|(?P<adverb>eigentlich|tatsächlich|in\s+wirklichkeit)\b\s*[,:]?"
    r"|(?:en\s+realidad|de\s+hecho|la\s+verdad\s+es\s+que|en\s+fait|à\s+vrai\s+dire|"
    r"en\s+réalité|на\s+самом\s+деле|вообще-то|вообще\s+то|actually)(?!\w)\s*[,:]?)\s*",
    re.IGNORECASE,
)


def lead_abroad(sentence: str) -> tuple[bool, str]:
    """Whether ``sentence`` (in another language) opens as a correction, and the statement
    it makes without that lead (:func:`without_lead_abroad`, :func:`without_actually_abroad`)."""
    plain = without_lead_abroad(sentence)
    actually = without_actually_abroad(plain)
    if actually is not None:
        return True, actually
    return plain != sentence, plain


#: A German verb in second place and its subject after it ("bin ich", "arbeite ich").
_VERB_SUBJECT = re.compile(r"(?P<verb>[^\W\d_]+)\s+(?P<subject>ich|wir)\b", re.IGNORECASE)


def without_actually_abroad(sentence: str) -> str | None:
    """``sentence`` without its "actually"/"no" lead in another language ("Nein, ich bin 30"
    → "Ich bin 30"; a German adverb stays, the verb after it is in second place: "Eigentlich
    bin ich 30" is left as it is); ``None`` when it has no such lead."""
    m = _ACTUALLY_ABROAD.match(sentence)
    if m is None or m.end() >= len(sentence.rstrip(" .!")):
        return None
    rest = sentence[m.end() :]
    if m.group("adverb"):
        # "Eigentlich bin ich 30" → "Ich bin 30": the subject first again.
        inverted = _VERB_SUBJECT.match(rest)
        if inverted is None:
            return sentence
        subject = inverted.group("subject")
        return (
            f"{subject[:1].upper()}{subject[1:]} {inverted.group('verb')}{rest[inverted.end() :]}"
        )
    return rest[:1].upper() + rest[1:]


#: "…, no 29", "…, nicht in Bonn", "…, pas à Lyon", "…, а не в Твери": the rejected value said
#: after a statement in another language — a number, or a short phrase opened by a preposition,
#: an article or a name ("…, no me gusta el ruido" is a statement of its own, not a tail).
_NOT_TAIL_ABROAD = re.compile(
    # "…, no 29", and "… et pas 29" with no comma after its "and".
    r"(?:\s*[,;—–-]\s*(?:y\s+|und\s+|et\s+)?|\s+(?:y|und|et)\s+)(?:no|nicht|pas|non|а\s+не|не)\s+"
    # "…, а не учителем": Russian's "rather than" says a rejected value whatever follows.
    r"(?:(?<=а\sне\s)[а-яё][\w-]*(?:\s+[а-яё][\w-]*)?|\d{1,4}|(?:en|a|al|el|la|in|im|nach|an|am|der|die|das|à|au|en|le|la|l['’]|в|во|на|"
    r"als|como|comme|как|bei|beim|zum|zur|chez|con|avec|с|de|du)"
    r"\s+[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?|(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w'’-]*)"
    r"\s*[.!]*\s*$",
    re.IGNORECASE,
)


def _not_tail(sentence: str) -> re.Match[str] | None:
    """``_NOT_TAIL``'s match; a name for a name only after a capitalised word ("Baxter not
    Buster", never "I like it not Buster")."""
    m = _NOT_TAIL.search(sentence)
    if m is None or m.group("nm") is None:
        return m
    before = sentence[: m.start()].split()
    if not before or not before[-1][:1].isupper() or len(before) < 2:
        return None
    return m


def without_negated_tail_abroad(sentence: str) -> str:
    """``sentence`` without the rejected value said after it in another language ("En
    realidad tengo 30 años, no 29." → "En realidad tengo 30 años"); unchanged when it has
    none."""
    return _NOT_TAIL_ABROAD.sub("", sentence)


def rejected_in(sentence: str) -> str | None:
    """The value a correction says is not so, without its article or preposition ("Actually
    I'm learning Greek, not Italian." → "Italian"; "…, nicht als Lehrer" → "Lehrer");
    ``None`` when it names none."""
    m = _not_tail(sentence) or _NOT_TAIL_ABROAD.search(sentence)
    if m is None or m.start() == 0:
        return None
    said = m.group(0).strip(" .!,;—–-")
    words = re.findall(r"[^\W_][\w'’-]*", said)[1:]  # after its "not"
    while words and words[0].lower() in _REJECTED_FILLER:
        words = words[1:]
    return " ".join(words) or None


#: What stands before a rejected value and is no part of it.
_REJECTED_FILLER = frozenset(
    "not nicht pas non no не а and but und y et a an the my our to in at as als como comme как "
    "ein eine einen einem einer der die das den dem un una el la los las le les l' au aux à en "
    "de du des nach im am an zum zur в во на".split()
)


#: "…, but not anymore": a change in time, not a rejected alternative.
_NOT_TIME = re.compile(r"(?:any\s*more|any\s+longer|yet|now|always|often)\b", re.IGNORECASE)
#: "I moved in 2024" / "we moved here in 2024": a move's date with no place.
_MOVED_WHEN = re.compile(
    r"^\s*(?:i|we)\s+(?:actually\s+)?(?:moved|relocated)(?:\s+(?:here|there|house|over))?"
    r"\s+(?P<when>(?:in|during|back\s+in|last|this|two|three|a)\b.*?)\s*[.!]*$",
    re.IGNORECASE,
)
#: The home key the rules file a move under (patterns_home_work).
HOME_KEY = "home_city"


def without_negation(sentence: str) -> str:
    """The sentence without its negated alternative ("X, not Y" → "X"; "not Y but X" → "X");
    unchanged when it has none."""
    m = _not_tail(sentence)
    if m is not None and m.start() > 0 and not _NOT_TIME.match(m.group("neg") or ""):
        return sentence[: m.start()] + (
            m.group("end") or m.group("numend") or m.group("nmend") or "."
        )
    return sentence


def opens_as_correction(sentence: str) -> bool:
    """Whether the sentence opens with a correction's lead and then a statement with its own
    subject ("Actually I'm a nurse now", not "Correction: 35, married")."""
    lead = _LEAD.match(sentence)
    return lead is not None and _CLAUSE.match(sentence[lead.end() :]) is not None


def is_correction(sentence: str) -> bool:
    """Whether the sentence corrects something said before (a lead or a negated alternative)."""
    tail = _not_tail(sentence)
    return bool(_LEAD.match(sentence)) or (
        tail is not None and tail.start() > 0 and not _NOT_TIME.match(tail.group("neg") or "")
    )


#: A correction in the middle of a sentence, as people catch themselves: "I live in Leeds, wait
#: no, it's York", "I speak Dutch, sorry, I mean Danish", "a Honda Civic, actually it's a
#: Honda Jazz", "two dogs, actually three", "I'm a teacher — no, a lecturer", "Chelsea, well,
#: Fulham really" ("well" only with its "really"/"actually": "I paint, well, I try" is none).
_MID = re.compile(
    r"\s*(?:,|;|—|–|\s-|\.\.\.|…)\s*"
    r"(?:(?P<mark>(?:wait|hang\s+on|hold\s+on)[,]?\s+no|no[,]?\s+wait|actually[,]?\s+no|"
    r"no[,]?\s+actually|sorry[,]?\s+i\s+mean[t]?|i\s+meant|or\s+rather|actually|well)"
    r"(?:\s*[,:—–]\s*|\s+)"
    # A bare "no" or "sorry" needs its comma ("two kids, no pets" corrects nothing).
    r"|(?P<bare>sorry|no|correction)\s*[,:—–]\s*)"
    r"(?P<new>[^,;:—–.!?]+?)"
    r"(?P<tail>\s+(?:really|actually))?\s*(?=[,;:—–.!?]|\s-\s|$)",
    re.IGNORECASE,
)
#: The new value said as "it's …" ("…, actually it's a Honda Jazz").
_ITS = re.compile(r"^(?:it's|it\s+is|it\s+was|that's|they're|she's|he's)\s+", re.IGNORECASE)
#: A new clause with its own subject ("…, hang on, no, I moved to York"): it replaces the head.
_CLAUSE = re.compile(r"^(?:i|i'm|i've|i'd|we|we're|we've|my|our)\b", re.IGNORECASE)
#: A clause that points back at what was said ("…, actually I love them") adds, not corrects.
_BACK = re.compile(r"\b(?:it|them|that|this|those|there|one)\b", re.IGNORECASE)
_NUMBER_WORD = re.compile(
    rf"\b(?:\d+|{'|'.join(numbers.values('en', low=1, high=12))})\b", re.IGNORECASE
)
_ARTICLE = re.compile(r"\b(?:a|an|the|my|our)\s", re.IGNORECASE)
#: Words that stand before a value, never in it: the value replaced is the words after them.
_BEFORE_VALUE = frozenset(
    "a an the my our in into on at as to of for from with is are am was were be i i'm i've "
    "we we're we've it's called named name's is it".split()
)
#: "…, not the 14th, nobody remembers": a comment after a negated alternative.
_NOT_THEN_COMMENT = re.compile(
    r"\s*(?:,|;|—|–|\s-)\s*not\s+(?:[\w']+\s*){1,4}?,\s*"
    r"(?:people|everyone|everybody|they|nobody|no\s+one|most\s+people|it's|that's)\b.*$",
    re.IGNORECASE,
)


def self_corrected(sentence: str) -> str:
    """The sentence as the speaker meant it when they correct themselves in it ("I live in
    Leeds, hang on, no, I moved to York." → "I moved to York."; "I speak Dutch, sorry, I mean
    Danish." → "I speak Danish."; "two dogs, actually three" → "three dogs"); unchanged when
    it has no such correction."""
    sentence = _NOT_THEN_COMMENT.sub(".", sentence)
    m = _MID.search(sentence)
    if m is None or m.start() == 0:
        return sentence
    lead = _LEAD.match(sentence)
    if lead is not None and lead.end() >= m.start():
        return sentence  # "Actually, no, I live in Porto": a correction of what was said before
    mark = (m.group("mark") or m.group("bare")).lower()
    if mark == "well" and not m.group("tail"):
        return sentence  # "I paint, well, I try": no correction
    head, rest = sentence[: m.start()], sentence[m.end() :]
    new = _ITS.sub("", m.group("new").strip())
    if not new:
        return sentence
    if _CLAUSE.match(new):
        if _BACK.search(new):
            return sentence  # "I like dogs, actually I love them": no correction, more said
        return new[:1].upper() + new[1:] + rest
    replaced = _replaced(head, new)
    return sentence if replaced is None else replaced + rest


def before_apology(sentence: str) -> str | None:
    """ "We bought a flat in Derby — sorry, I'm half asleep": the statement before a bare
    "sorry" that opens a clause of its own excusing the speaker's state (``_EXCUSE``), not
    the value meant; ``None`` when there is none."""
    m = _MID.search(sentence)
    if m is None or m.start() == 0 or (m.group("bare") or "").lower() != "sorry":
        return None
    said = _ITS.sub("", m.group("new").strip())
    if not _CLAUSE.match(said) or not _EXCUSE.search(sentence[m.start() :]):
        return None
    return sentence[: m.start()].rstrip() + "."


#: What an apology after a statement excuses: the speaker's state, not a value ("sorry, my
#: brain is fried", "sorry, I'm half asleep", "sorry, I'm rambling").
_EXCUSE = re.compile(
    r"\b(?:head|brain|mind|memory|tired|exhausted|sleepy|asleep|distracted|scatter\w*|"
    r"forgetful|typing|typo|all\s+over\s+the\s+place|long\s+day|rambling|ramble|a\s+mess|"
    r"confused|hungover|jet-?lagged|knackered|frazzled)\b",
    re.IGNORECASE,
)


def _replaced(head: str, new: str) -> str | None:
    """``head`` with the value its last words said replaced by ``new`` (``None`` when no
    value can be told apart)."""
    if _NUMBER_WORD.fullmatch(new.split()[0]):
        # "two dogs, actually three", "a dog, actually two dogs": the count said again.
        numbers = list(_NUMBER_WORD.finditer(head)) or list(
            re.finditer(r"\b(?:a|an)\b", head, re.IGNORECASE)
        )
        if not numbers:
            return None
        last = numbers[-1]
        if len(new.split()) > 1:
            return head[: last.start()] + new
        return head[: last.start()] + new + head[last.end() :]
    first = new.split()[0].lower()
    if first in _BEFORE_VALUE or _ARTICLE.match(new + " "):
        # "…, actually in 1991", "…, no, a lecturer": from the same word (or any article) on.
        same = list(re.finditer(rf"(?<!\w){re.escape(first)}(?!\w)", head, re.IGNORECASE))
        found = same or (list(_ARTICLE.finditer(head)) if _ARTICLE.match(new + " ") else [])
        if not found:
            return None
        return head[: found[-1].start()] + new
    words = head.split()
    run = 0
    for word in reversed(words[1:]):
        if word.lower().strip(",") in _BEFORE_VALUE:
            break
        run += 1
    k = min(len(new.split()), run)
    if k == 0:
        return None
    return " ".join([*words[: len(words) - k], new])


def corrected(sentence: str) -> str:
    """The statement a correction makes: no lead ("Actually, …"), no negated alternative."""
    if not is_correction(sentence):
        return sentence
    body = without_negation(sentence)
    stripped = _LEAD.sub("", body)
    return stripped[:1].upper() + stripped[1:] if stripped else body


def moved_date(sentence: str, now: datetime) -> Candidate | None:
    """ "I moved in 2024, not 2023": a date-only candidate for the user's home (``None`` when
    the sentence names no date or names a place — then the rules read it as a move)."""
    if not is_correction(sentence):
        return None  # "I moved here in 2007": the rules read a plain statement
    m = _MOVED_WHEN.match(corrected(sentence))
    if m is None:
        return None
    ref = when.resolve(m.group("when"), now)
    if ref is None or not (ref.past or ref.since):
        return None
    said = m.group("when") if re.search(r"\b\d{4}\b", m.group("when")) else f"in {ref.start.year}"
    return Candidate(
        key=HOME_KEY,
        value_text=f"The user moved home {said.rstrip(' .!')}.",
        category=Category.IDENTITY,
        confidence_hint=0.8,
        valid_from=ref.start,
        source_excerpt=sentence[:200],
        stated=True,
        date_only=True,
    )
