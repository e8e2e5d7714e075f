"""A note's category, read by meaning: the nearest labelled exemplars, with the embedder.

Notes (``note.<lang>.<words>``, see ``memory_core.extract.notes``) are statements the rules did
not read into a slot, in any language, so no word list can say what they are about. The
bundled embedder is multilingual: a note takes the category of the labelled exemplars it is
closest to ("Tengo alergia a la penicilina" lands by "I'm allergic to penicillin", health),
or stays ``other`` when nothing is close. It never files a note under a sensitive category
(health, money …) by itself: that is the one sensitivity model's call (rules, then its reader by
meaning, ``read_by_meaning``), which files a note it reads as private under its topic's category.
The nearest exemplar of a short sentence is often merely one in the same language ("I support
this club" in Russian sat nearest "I have asthma" in Russian, since "болеть за" is to support a
team), so such a note was filed as private health.
"""

from __future__ import annotations

import contextlib
import re
import threading
import weakref
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from memory_core.embed import Embedder
from memory_core.extract.base import Candidate
from memory_core.values import SENSITIVE_CATEGORIES, Category

#: Labelled exemplars per category, in several languages (not the test set's sentences).
EXEMPLARS: dict[Category, tuple[str, ...]] = {
    Category.HEALTH: (
        "I'm allergic to penicillin.",
        "I have asthma and use an inhaler.",
        "Ich habe Diabetes und spritze Insulin.",
        "Tengo migrañas muy a menudo.",
        "Je prends des médicaments pour la tension.",
        "У меня астма.",
        "I had knee surgery last year.",
        "Ich bin schwanger.",
        "I take blood pressure pills every day.",
        "Ich habe eine Laktoseintoleranz.",
        "Я принимаю антидепрессанты.",
    ),
    Category.FINANCE: (
        "I owe the bank twenty thousand euros.",
        "My salary is 50,000 a year.",
        "Ich habe Schulden bei meiner Bank.",
        "Tengo una hipoteca de 200.000 euros.",
        "J'ai un crédit immobilier à rembourser.",
        "У меня большой кредит.",
    ),
    Category.RELATIONSHIP: (
        # Someone's job is theirs, not a health or money matter of the user's.
        "Mein Freund arbeitet als Koch.",
        "Mi mujer es profesora de yoga.",
        "Моя жена — юрист.",
        "My sister lives in Cork.",
        "We have a cat named Mochi.",
        "Mein Mann heißt Thomas.",
        "Mi hija tiene siete años.",
        "Mon frère est médecin.",
        "Мою собаку зовут Шарик.",
        "My best friend is getting married.",
        "Unser Hund ist ein Labrador.",
        "My brother lives in Madrid.",
        "Mi madre vive en Lima.",
        "Ma femme s'appelle Julie.",
        # Pets, one or several, named (a pet is no health or money matter).
        "I have two dogs, Max and Bella.",
        "Wir haben drei Katzen.",
        "Tenemos un perro y dos gatos.",
        "Nous avons deux chiens, Filou et Pompon.",
        "У нас есть кот и две собаки.",
        "У меня есть попугай Кеша.",
        "У меня живут две морские свинки.",
        "Mein Kaninchen heißt Hoppel.",
        "Mi gato se llama Tigre.",
        "Notre chatte s'appelle Mimi.",
    ),
    Category.IDENTITY: (
        # Jobs, where one comes from, in every language (a job in a bank or a clinic is work).
        "Ich arbeite als Ingenieurin bei einem Autohersteller.",
        "Ich bin Erzieherin in einer Kita.",
        "Ich bin in Hamburg geboren und aufgewachsen.",
        "Soy fontanero y tengo mi propio taller.",
        "Crecí en Asturias.",
        "Je suis professeur des écoles.",
        "Je suis née à Lille.",
        "Работаю бухгалтером в строительной фирме.",
        "Я вырос в Новосибирске.",
        "I live in Toronto.",
        "I work as an electrician.",
        "Ich wohne in Berlin.",
        "Trabajo como profesora en un colegio.",
        "Je m'appelle Claire et j'ai 34 ans.",
        "Я живу в Москве и работаю инженером.",
        "I was born in Ireland.",
        "Ich spreche Deutsch und Englisch.",
        "Ich arbeite als Lehrer.",
        "Vivo en Barcelona.",
        "J'habite à Paris depuis cinq ans.",
        "I'm a nurse at the local hospital.",
        "Je suis ingénieur.",
        "Soy de México.",
    ),
    Category.HARD_PREFERENCE: (
        "I'm vegetarian.",
        "I never eat pork.",
        "Ich trinke keinen Alkohol.",
        "No como carne.",
        "Je suis végane.",
        "Я не ем мясо.",
    ),
    Category.SOFT_PREFERENCE: (
        # Teams, instruments, pastimes in every language.
        "Ich bin großer Fan vom FC Bayern.",
        "Ich gehe gern klettern.",
        "Soy del Real Madrid de toda la vida.",
        "Toco la guitarra en un grupo.",
        "Je suis supporter de l'OM.",
        "Я болею за ЦСКА.",
        "Я играю на скрипке.",
        "I love hiking in the mountains.",
        "My favourite band is Radiohead.",
        "Ich lese gern Krimis.",
        "Me encanta el fútbol.",
        "J'adore la cuisine italienne.",
        "Я люблю играть в шахматы.",
        "I play the fiddle.",
        "Ich spiele jeden Samstag Tennis.",
    ),
    Category.TASK_CONTEXT: (
        # Goals set for oneself.
        "Ich möchte bis zum Sommer zehn Kilo abnehmen.",
        "Quiero aprender a nadar este verano.",
        "Mon but est de finir un triathlon.",
        "Хочу выучить испанский к лету.",
        "I'm training for a marathon in May.",
        "I'm planning a trip to Japan next year.",
        "Ich lerne gerade für meine Prüfung.",
        "Estoy buscando un piso nuevo.",
        "Je prépare mon déménagement.",
        "Я готовлюсь к экзамену.",
        # Learning a language is a goal under way, not who one is (speaking one is identity).
        "I'm learning Greek with an app.",
        "Ich lerne seit dem Winter Portugiesisch.",
        "Estoy aprendiendo chino por las tardes.",
        "Aprendo alemán en clases nocturnas.",
        "J'apprends l'arabe avec une application.",
        "Я изучаю корейский по вечерам.",
    ),
    Category.OTHER: (
        "My car is a blue Honda.",
        "Ich habe ein altes Fahrrad.",
        "Mi casa tiene un jardín grande.",
        "Mon téléphone est un vieux modèle.",
        "У меня старый ноутбук.",
        "I drive a pickup truck.",
    ),
}
#: Below this cosine similarity to its nearest exemplar a note stays ``other`` (e5 vectors of
#: unrelated sentences still score ~0.75-0.80; a paraphrase ~0.88+).
MIN_SIMILARITY = 0.84
#: How many nearest exemplars vote (weighted by similarity).
NEIGHBOURS = 3


#: The exemplars' vectors by embedder object (the same embedder gives the same vectors): every
#: engine a process opens with it embeds them once in all, not once each (a test suite opens
#: hundreds; on a loaded 2-core machine a first note waited 34 s for them).
_EMBEDDED: weakref.WeakKeyDictionary[Embedder, np.ndarray] = weakref.WeakKeyDictionary()


class NoteCategories:
    """Reads a note's category by its nearest exemplars (exemplars embedded once, lazily)."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._lock = threading.Lock()
        self._matrix: np.ndarray | None = None
        self._labels: list[Category] = []

    def _exemplars(self) -> tuple[np.ndarray, list[Category]]:
        with self._lock:
            if self._matrix is None:
                self._labels = [cat for cat, texts in EXEMPLARS.items() for _ in texts]
                self._matrix = _exemplar_vectors(self.embedder)
            return self._matrix, self._labels

    def categories(self, texts: Sequence[str]) -> list[Category]:
        """The category of each text (``other`` when no exemplar is close)."""
        if not texts:
            return []
        matrix, labels = self._exemplars()
        vectors = np.asarray(self.embedder.embed_passages(list(texts)), dtype=np.float32)
        out: list[Category] = []
        for sims in vectors @ matrix.T:
            order = np.argsort(-sims)[:NEIGHBOURS]
            if float(sims[order[0]]) < MIN_SIMILARITY:
                out.append(Category.OTHER)
                continue
            votes: dict[Category, float] = {}
            for i in order:
                if float(sims[i]) >= MIN_SIMILARITY:
                    votes[labels[i]] = votes.get(labels[i], 0.0) + float(sims[i])
            out.append(max(votes, key=lambda c: votes[c]))
        return out


def _exemplar_vectors(embedder: Embedder) -> np.ndarray:
    """The exemplars' passage vectors, in ``EXEMPLARS`` order (embedded once per embedder)."""
    try:
        known = _EMBEDDED.get(embedder)
    except TypeError:  # an embedder that cannot be weakly referenced: not shared
        known = None
    if known is not None:
        return known
    texts = [t for group in EXEMPLARS.values() for t in group]
    matrix = np.asarray(embedder.embed_passages(texts), dtype=np.float32)
    matrix.setflags(write=False)  # shared between engines
    with contextlib.suppress(TypeError):
        _EMBEDDED[embedder] = matrix
    return matrix


def is_note(key: str) -> bool:
    """True for a note's key (``note.…``)."""
    return key.startswith("note.")


def note_language(key: str) -> str | None:
    """The language a note was said in, from its key (``note.de.…`` → "de"); None for an
    English or explicit note (``note.<words>``)."""
    parts = key.split(".")
    return parts[1] if len(parts) >= 3 and parts[0] == "note" and len(parts[1]) == 2 else None


def categorize(reader: NoteCategories | None, candidates: Sequence[Candidate]) -> list[Candidate]:
    """``candidates`` with each uncategorised note's category read by meaning (a sensitive
    category is left to the sensitivity model: such a note stays ``other`` here)."""
    todo = [i for i, c in enumerate(candidates) if is_note(c.key) and c.category == Category.OTHER]
    if reader is None or not todo:
        return list(candidates)
    found = reader.categories([candidates[i].value_text for i in todo])
    out = list(candidates)
    for i, category in zip(todo, found, strict=True):
        if category not in SENSITIVE_CATEGORIES:
            out[i] = replace(out[i], category=category)
    return out


#: Where a sentence divides into clauses ("…, arbeite bei Bosch und spiele gern Schach").
_CLAUSE_BREAK = re.compile(
    r"\s*[,;]\s*(?:(?:und|y|e|et|и|and|but|aber|pero|mais|а|но)\s+)?"
    r"|\s+(?:und|y|e|et|и|and|but|aber|pero|mais|а|но)\s+",
    re.IGNORECASE,
)


def said_clauses(words: str) -> list[str]:
    """The clauses of a sentence in the user's words, in any of the languages ("Ich wohne in
    Köln und spiele gern Schach" → "Ich wohne in Köln", "spiele gern Schach")."""
    return [p for p in _CLAUSE_BREAK.split(words) if p]


def covers(value: str, clause: str) -> bool:
    """Whether a slot's value is said in ``clause`` (in any inflection: "Самара" in "в
    Самаре")."""
    said = re.findall(r"\w+", clause.casefold())
    # each word of a value of several ("cantar flamenco" in "me encanta cantar flamenco")
    return all(
        any(w.startswith(word[: max(4, len(word) - 2)]) for w in said)
        for word in re.findall(r"\w+", value.casefold())
    ) and bool(re.search(r"\w", value))
