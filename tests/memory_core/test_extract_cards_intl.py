"""Profile cards and the status words of an introduction in German, Spanish, French and
Russian (``extract/cards_intl.py``): each class on its own sentences (none from a blind set)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
ANY = object()


def slots_of(text: str) -> dict[str, str | None]:
    """Key → value of the slot facts (notes left out) the rules read in ``text``."""
    return {c.key: c.value for c in extract_rules(TurnInput(text, NOW)) if "note." not in c.key}


def texts_of(text: str) -> dict[str, str]:
    return {c.key: c.value_text for c in extract_rules(TurnInput(text, NOW))}


def _holds(found: dict[str, str | None], want: dict[str, object]) -> bool:
    return all(k in found and (v is ANY or found[k] == v) for k, v in want.items())


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # Fields split by commas, pipes, middle dots, slashes; an age as a number alone.
        (
            "Jana, 36, Tierärztin, Graz",
            {"name": "Jana", "age": "36", "job_title": "Tierärztin", "home_city": "Graz"},
        ),
        (
            "Marta | 29 | enfermera | Zaragoza",
            {"name": "Marta", "age": "29", "job_title": "enfermera", "home_city": "Zaragoza"},
        ),
        (
            "Hugo · 41 ans · boulanger · Dijon",
            {"name": "Hugo", "age": "41", "job_title": "boulanger", "home_city": "Dijon"},
        ),
        (
            "Лёша, 30 лет, программист, Пермь",
            {"name": "Лёша", "age": "30", "job_title": "программист", "home_city": "Пермь"},
        ),
        # A Russian job the list lacks: a person's noun in the nominative.
        ("Вика / 24 / стоматолог / Тула", {"age": "24", "job_title": "стоматолог"}),
        ("Рома, 33 года, агроном, Курск", {"job_title": "агроном", "home_city": "Курск"}),
        # The greeting and the verb before a name; ages with their verb.
        (
            "Servus! Bin der Sepp, 58 Jahre, Zimmerer aus Passau",
            {"name": "Sepp", "age": "58", "job_title": "Zimmerer", "origin": "Passau"},
        ),
        (
            "Hola, soy Nuria, tengo 44 años, contable en Huesca",
            {"age": "44", "home_city": "Huesca"},
        ),
        ("Moi c'est Lina, j'ai 23 ans, serveuse à Rennes", {"name": "Lina", "age": "23"}),
        ("Я Гоша, мне 51, электрик, Омск", {"name": "Гоша", "age": "51", "job_title": "электрик"}),
        # A German job ending like a town's people ("-ner", "-ger"), not a demonym.
        ("Olaf · 47 · Gärtner · Kiel", {"job_title": "Gärtner", "home_city": "Kiel"}),
        ("Pia, 31, Produktmanagerin, Bonn", {"job_title": "Produktmanagerin", "home_city": "Bonn"}),
        # A town ending like a job is the town.
        ("Timo, 35, Koch, Hannover", {"job_title": "Koch", "home_city": "Hannover"}),
        # A job's firm or town after it; with a town of its own, "en X" is the workplace.
        (
            "Iker | 33 | cocinero en El Faro | Bilbao",
            {"employer": "El Faro", "home_city": "Bilbao"},
        ),
        ("Udo, 39, Monteur bei Liebherr, Ulm", {"employer": "Liebherr", "home_city": "Ulm"}),
        (
            "Manon, 27 ans, pharmacienne à Nancy",
            {"job_title": "pharmacienne", "home_city": "Nancy"},
        ),
        ("Lola, 30, cocinera, Cádiz pero de Jerez", {"home_city": "Cádiz", "origin": "Jerez"}),
    ],
)
def test_a_card_fills_its_fields(text: str, want: dict[str, object]) -> None:
    found = slots_of(text)
    assert _holds(found, want), found


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # Marital status anywhere, a spouse by name after "mit/con/avec".
        ("Ich bin verheiratet.", {"relationship.married": None}),
        ("Estoy divorciada desde 2020.", {"relationship.divorced": None}),
        ("Je suis pacsée.", {"relationship.relationship": None}),
        ("Я замужем.", {"relationship.married": None}),
        ("Ute, 61, verheiratet mit Klaus, Rentnerin", {"family.spouse.name": "Klaus"}),
        # Children and grandchildren counted.
        ("Ich habe drei Kinder.", {"family.children": None}),
        ("Tengo cuatro nietos.", {"family.grandchildren": None}),
        ("J'ai deux filles.", {"family.daughter": None}),
        ("У меня трое детей.", {"family.children": None}),
        # Children named after a parent word.
        ("Rita, 40, Mutter von Ida und Max", {"family.child.ida.name": "Ida"}),
        ("Chloé, 35 ans, maman d'une petite Zoé", {"family.child.zoe.name": "Zoé"}),
        # Pets by species or breed, names in brackets, after a colon or in the next field.
        (
            "Tenemos tres perros: Rufo, Pipa y Lupo.",
            {"pet.dog.rufo.name": "Rufo", "pet.dog.lupo.name": "Lupo"},
        ),
        ("Hab noch einen Dackel, Fritz.", {"pet.dog.name": "Fritz"}),
        ("Есть собака Жучка.", {"pet.dog.name": "Жучка"}),
        ("Eva, 29, Hunde: Emil & Olga", {"pet.dog.emil.name": "Emil"}),
        # A species of two words keys as one ("guinea_pig").
        ("Wir haben zwei Meerschweinchen, Kiwi und Mango.", {"pet.guinea_pig.kiwi.name": "Kiwi"}),
        ("Tengo dos hámster", {"pet.hamster": None}),
        ("Gael, 26, dos gatos (Tina y Rayo), Lugo", {"pet.cat.tina.name": "Tina"}),
        # Studies, with the town of the university as home.
        ("Ich studiere Jura in Marburg.", {"education.student": None, "home_city": "Marburg"}),
        ("Soy Paula, estudiante de arquitectura", {"education.student": None}),
        ("Я студентка.", {"education.student": None}),
        # A labelled list of languages or hobbies.
        ("Sprachen: Deutsch, Polnisch, etwas Norwegisch", {"language.norwegian": ANY}),
        ("Idiomas: español y un poco de danés", {"language.danish": ANY}),
        ("Hobbys: Schach & Segeln", {"likes.schach": "Schach", "likes.segeln": "Segeln"}),
        # Where the user is from without a subject; a relative by name as a field.
        ("Родом из Калуги.", {"origin": "Калуга"}),
        ("Ursprünglich aus Graz.", {"origin": "Graz"}),
        ("Муж Андрей, сын Петя.", {"family.husband.андреи.name": "Андрей"}),
        # A diet said alone; a job's workplace after its verb.
        ("Ich heiße Anke und wohne in Jena. Veganerin 🌱", {"diet": "vegan"}),
        ("Je suis serveuse chez Paul.", {"employer": "Paul"}),
        ("Работаю бухгалтером в Сбербанке.", {"employer": "Сбербанк"}),
        # Tastes and games.
        ("Me encanta la escalada.", {"likes.escalada": "escalada"}),
        ("J'adore le ski et la voile.", {"likes.ski": "ski", "likes.voile": "voile"}),
        ("Обожаю театр.", {"likes.театр": "театр"}),
        ("Juego al pádel los domingos.", {"habit.play_padel": "pádel"}),
        # An article is a whole word ("les chiens" kept "s chiens", "leer" lost its "le").
        ("J'adore les chiens.", {"likes.chiens": "chiens"}),
        ("Ich mag die Berge.", {"likes.berge": "Berge"}),
        ("Je fais du ski.", {"habit.play_ski": "ski"}),
    ],
)
def test_an_introduction_keeps_its_status_family_pets_and_tastes(
    text: str, want: dict[str, object]
) -> None:
    found = slots_of(text)
    assert _holds(found, want), found


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        # A card of names and numbers only is no German/Spanish card by its guess alone.
        ("Ich liebe dich.", "likes."),
        ("Me encanta cocinar.", "likes."),
        ("Я люблю гулять по вечерам.", "likes."),
        # Counting people who are not the user's offspring, or no pets at all.
        ("Mein Nachbar hat zwei Hunde.", "pet."),
        # A town alone is no card.
        ("Berlin, Hamburg, München", "home_city"),
        # A relative's marriage, and a name that spells like a marital word.
        ("Mein Bruder ist verheiratet.", "relationship."),
        ("Je m'appelle Marie.", "relationship."),
        ("Mein Bruder hat zwei Kinder.", "family.children"),
        ("Mon fils est étudiant en droit.", "education."),
        # "un estudio" is a studio, not studying.
        ("Trabajo de fotógrafa en un estudio de Lugo.", "education."),
        ("Мой сын студент.", "education."),
        # "Frau Schmidt" is how one addresses someone, not a wife by name.
        ("Frau Schmidt, 52, Lehrerin", "family.wife"),
        # Reading is no thing loved ("leer" is a verb, not "le" + "er"); studying is no game.
        ("Me encanta leer autobiografías.", "likes."),
        ("Je fais des études de biologie.", "habit.play"),
        # "… mag ich nicht" is a dislike, not a liking of "ich nicht".
        ("Drachen mag ich nicht.", "likes."),
    ],
)
def test_what_is_no_fact_of_the_user(text: str, absent: str) -> None:
    found = slots_of(text)
    assert not any(k.startswith(absent) for k in found), found


@pytest.mark.parametrize(
    "text",
    [
        "J'ai regardé un documentaire ce matin, pas mal.",
        "Heute früh gab es Stau auf der A8, wie immer.",
        "Otra huelga de metro, qué sorpresa.",
        "Опять пробки на Садовом.",
        "Schon wieder Streik bei der Bahn.",
    ],
)
def test_a_moment_of_today_or_the_news_is_no_note(text: str) -> None:
    assert not texts_of(text), texts_of(text)


def test_a_card_counts_pets_in_its_text() -> None:
    assert texts_of("Ich habe 3 Katzen")["pet.cat"] == "The user has 3 cats."


# ---- the English card's shapes of the same session (``introductions.py``, ``filters.py``) ----


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # "·", "•" and "//" part a bio's fields.
        (
            "Bo // 44 // welder // Hull",
            {"name": "Bo", "age": "44", "job_title": "welder", "home_city": "Hull"},
        ),
        ("Lou • 33 • vet • Cork", {"name": "Lou", "age": "33", "home_city": "Cork"}),
        (
            "Name's Edna · 71 · retired nurse · Bath · 4 grandkids",
            {"name": "Edna", "age": "71", "home_city": "Bath", "family.grandchildren": None},
        ),
        # The age in brackets after "here", with or without "yo".
        ("hey, priya here (29), dentist in Leeds", {"name": "Priya", "age": "29"}),
        ("hi, maria here (34yo), nurse", {"name": "Maria", "age": "34", "job_title": "nurse"}),
        # "our …" after "with my wife …": what the user has.
        (
            "About me: 38, web developer, live in Leeds with my wife Ana and our dog",
            {"age": "38", "home_city": "Leeds", "family.wife.ana.name": "Ana", "pet.dog": None},
        ),
        # Languages parted by slashes; "vegan and proud".
        (
            "Ravi, 29, nurse, Leeds, Hindi/English/Urdu",
            {"language.hindi": "Hindi", "language.urdu": "Urdu"},
        ),
        ("Jo, 40, baker, Hull — vegan and proud", {"diet": "vegan", "home_city": "Hull"}),
    ],
)
def test_an_english_card_fills_its_fields(text: str, want: dict[str, object]) -> None:
    found = slots_of(text)
    assert _holds(found, want), found


@pytest.mark.parametrize(
    "text",
    [
        "my brother is the funny one",
        "my head is like 80% memes",
        "Leeds United till I die",
    ],
)
def test_banter_and_a_loyalty_for_life_are_no_facts(text: str) -> None:
    assert not texts_of(text), texts_of(text)


def test_a_card_keeps_its_facts_and_drops_a_loyalty_for_life() -> None:
    found = slots_of("Mo, 33, chef, Leeds, Leeds United till I die")
    assert _holds(found, {"name": "Mo", "age": "33", "job_title": "chef", "home_city": "Leeds"})
    assert not any("till" in k or "united" in k for k in found), found
