"""Extraction leftovers (session 14, issue 23 part 2 — nothing said is lost), by class: several
people of one relation named in a list, ages said after a naming, "I have a husband" in other
languages, chronic conditions said in German, Spanish, French and Russian, job nouns no list
holds. What learning keeps (``evaluation.extraction.stored``) is checked, as the evals score
it."""

from __future__ import annotations

import pytest

from tests.memory_core.stored_facts import facts, kept, stored_from

# -- several of one relation, named in a list ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("Unsere Enkel Ben und Ida wohnen in Köln.", {"ben", "ida"}),
        ("Meine Schwestern Lea, Ida und Pia sind älter als ich.", {"lea", "ida", "pia"}),
        ("Ich habe zwei Brüder, Tim und Jan.", {"tim", "jan"}),
        ("Tengo dos hermanas, Lucía y Marta.", {"lucia", "marta"}),
        ("Mis primos Diego y Raúl viven en Quito.", {"diego", "raul"}),
        ("Mes fils s'appellent Hugo et Louis.", {"hugo", "louis"}),
        ("J'ai trois neveux : Théo, Noah et Sacha.", {"theo", "noah", "sacha"}),
        ("Мои сыновья — Петя и Ваня.", {"петя", "ваня"}),
        ("У меня две сестры, Маша и Аня.", {"маша", "аня"}),
        ("My sons Tom and Ben are at school.", {"tom", "ben"}),
        ("Our grandkids Alfie and Poppy visit on Sundays.", {"alfie", "poppy"}),
    ],
)
def test_each_of_several_named_in_a_list_is_kept(text: str, keys: set[str]) -> None:
    names = {c.key.split(".")[2] for c in facts(text) if c.key.endswith(".name")}
    assert names == keys


@pytest.mark.parametrize(
    "text",
    [
        "Meine Brüder sind beide älter.",
        "Mis hermanos viven lejos.",
        "my sons love football.",
        "Мои сыновья учатся в школе.",
        "Die Brüder, Tim und Jan, spielen Fußball.",  # whose brothers, it does not say
        "Los hermanos, Juan y Pedro, viven aquí.",
    ],
)
def test_a_plural_relation_without_names_names_no_one(text: str) -> None:
    assert not [c for c in facts(text) if c.key.endswith(".name")]


# -- ages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "age"),
    [
        ("Жену зовут Ира, ей 35.", "family.wife.age", "35"),
        ("Брата зовут Дима, ему уже 17.", "family.brother.age", "17"),
        ("Мою сестру зовут Оля, ей 29 лет.", "family.sister.age", "29"),
        ("Mi hija tiene 7 años.", "family.daughter.age", "7"),
        ("Сыну 5 лет.", "family.son.age", "5"),
    ],
)
def test_an_age_said_after_the_naming_or_alone(text: str, key: str, age: str) -> None:
    assert kept(text).get(key) == age


# -- "I have a husband" in other languages ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Ich hab einen Mann.", "family.husband"),
        ("Ich habe einen Freund.", "family.boyfriend"),
        ("Tengo novio.", "family.boyfriend"),
        ("Tengo una hermana mayor.", "family.sister"),
        ("J'ai un copain.", "family.boyfriend"),
        ("J'ai une sœur.", "family.sister"),
        ("У меня есть муж.", "family.husband"),
        ("У меня есть девушка.", "family.girlfriend"),
    ],
)
def test_having_one_of_the_family_is_kept(text: str, key: str) -> None:
    assert key in kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "No tengo novio.",
        "Ich habe keinen Freund.",
        "У меня нет мужа.",
        "Ich habe einen Freund, der in Berlin wohnt.",  # a friend, not the partner
        "J'ai un copain qui joue du piano.",
        "Ich habe einen Bruder angerufen.",  # the perfect: something done
        "Meine Schwester hat einen Freund.",
        "Tengo un amigo en Madrid.",
        "Tengo hermanos.",  # several: no "a brother"
    ],
)
def test_no_partner_or_relative_had_where_none_is_said(text: str) -> None:
    assert not [k for k in kept(text) if k in {"family.boyfriend", "family.brother"}]


# -- chronic conditions in other languages ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Ich habe Diabetes.", "health.diabetes", "Diabetes"),
        ("Ich leide seit Jahren an Migräne.", "health.migraines", "Migräne"),
        ("Ich bin Asthmatikerin.", "health.asthma", "Asthma"),
        ("Tengo asma.", "health.asthma", "asma"),
        ("Soy celíaca.", "health.celiac_disease", "celiaquía"),
        ("Padezco migrañas desde niña.", "health.migraines", "migrañas"),
        ("Je suis diabétique.", "health.diabetes", "diabète"),
        ("J'ai de l'asthme.", "health.asthma", "asthme"),
        ("Je souffre de migraines.", "health.migraines", "migraines"),
        ("У меня астма.", "health.asthma", "астма"),
        ("Я диабетик.", "health.diabetes", "диабет"),
    ],
)
def test_a_condition_said_in_another_language_is_a_private_health_fact(
    text: str, key: str, value: str
) -> None:
    found = {c.key: c for c in facts(text)}
    assert key in found
    assert found[key].value == value
    assert found[key].sensitive
    assert "job_title" not in found  # "Ich bin Asthmatikerin" is no job


@pytest.mark.parametrize(
    "text",
    [
        "No tengo diabetes.",
        "Ich habe keine Migräne.",
        "Mein Vater hat Diabetes.",
        "Je n'ai pas d'asthme.",
        "У меня нет астмы.",
        "Ich habe Hunger.",
        "J'ai faim.",
        "Ich habe MS Office installiert.",
    ],
)
def test_no_condition_of_the_user_where_none_is_said(text: str) -> None:
    assert not [k for k in kept(text) if k.startswith("health.")]


def test_a_condition_note_is_not_kept_beside_its_fact() -> None:
    """ "Soy diabética." says no more than the health fact: no note beside it."""
    found = stored_from("Soy diabética.")
    assert [c.key for c in found] == ["health.diabetes"]


# -- job nouns no list holds --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("Je suis horloger.", "horloger"),
        ("Je suis sommelière.", "sommelière"),
        ("Je suis agent immobilier.", "agent immobilier"),
        ("Je suis conseillère bancaire.", "conseillère bancaire"),
        ("Je suis ébéniste.", "ébéniste"),
        ("Soy relojero.", "relojero"),
        ("Soy agente inmobiliario.", "agente inmobiliario"),
        ("Soy psicóloga.", "psicóloga"),
        ("Ich bin Physiotherapeutin.", "Physiotherapeutin"),
        ("Ich bin Fotografin.", "Fotografin"),
        ("Работаю бариста.", "бариста"),
        ("Я работаю крупье в казино.", "крупье"),
    ],
)
def test_a_job_no_list_holds_is_read_by_its_shape(text: str, job: str) -> None:
    assert kept(text).get("job_title") == job


@pytest.mark.parametrize(
    "text",
    [
        "Je suis fatigué.",
        "Je suis fière de toi.",
        "Je suis étrangère.",
        "Je suis optimiste.",
        "Je suis casanière.",
        "Soy soltera.",
        "Soy optimista.",
        "Soy madridista.",
        "Soy viajera.",
        "Ich bin müde.",
        "Ich bin Berliner.",
        "Я работаю дома.",
        "Работаю удалённо.",
    ],
)
def test_a_trait_or_state_is_no_job(text: str) -> None:
    assert "job_title" not in kept(text)


# -- short English lines without "I" ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Gone vegan.", "diet"),
        ("Married now.", "relationship.married"),
        ("Engaged now!", "relationship.engaged"),
        ("Retired now.", "work.retired"),
        ("Lactose intolerant so no milk for me.", "health.lactose_intolerance"),
        ("Got married last month.", "relationship.married"),
        ("Just turned 38.", "age"),
    ],
)
def test_a_short_line_without_i_is_the_users(text: str, key: str) -> None:
    assert key in kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "Married couples pay less tax.",
        "Retired people love cruises.",
        "Vegan food is great.",
        "Diabetic socks are weird.",
    ],
)
def test_a_state_word_opening_a_remark_is_no_state_of_the_user(text: str) -> None:
    assert kept(text) == {}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I enjoy eating apples, but I am allergic to them.", "apples"),
        ("I love cats but I'm allergic to them.", "cats"),
        ("We love prawns but I'm severely allergic to them.", "prawns"),
        ("I like strawberries but sadly I'm allergic to them.", "strawberries"),
    ],
)
def test_allergic_to_them_is_the_thing_liked_before(text: str, thing: str) -> None:
    assert kept(text).get(f"allergy.{thing}") == thing


# -- told, not asked; passing states are no notes --------------------------------------------


def notes_of(text: str) -> list[str]:
    """The notes kept from ``text``."""
    found = stored_from(text)
    return [c.key for c in found if c.key.startswith("note.")]


@pytest.mark.parametrize(
    "text",
    [
        "Quand j'étais petit, j'avais un chien.",
        "Quand j'étais petite, je vivais à Lyon.",
        "Когда я был маленьким, у меня была собака.",
    ],
)
def test_a_when_clause_is_told_not_asked(text: str) -> None:
    assert notes_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "Grosse semaine au travail, je suis crevé.",
        "Semana dura en el trabajo, estoy agotada.",
        "Harte Woche auf der Arbeit, ich bin total kaputt.",
        "Тяжёлая неделя на работе, я вымотан.",
        "Ich habe Hunger.",
        "J'ai faim.",
        "Tengo hambre.",
        "Estoy harta del tráfico.",
    ],
)
def test_a_passing_state_is_no_note(text: str) -> None:
    assert notes_of(text) == []
    assert "job_title" not in kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "Je suis crevée, j'ai trois enfants.",
        "Estoy cansada porque trabajo de noche en un hospital.",
        "Je suis fatigué de mon travail de comptable.",
    ],
)
def test_a_state_beside_a_fact_of_the_user_keeps_the_fact(text: str) -> None:
    assert notes_of(text) or kept(text)


# -- what is played, in the user's language ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Ich spiele Volleyball im Verein.", "habit.play_volleyball", "Volleyball"),
        ("Je joue au foot dans un club.", "habit.play_foot", "foot"),
        ("Juego al tenis en un club.", "habit.play_tenis", "tenis"),
        ("Я играю в футбол в команде.", "habit.play_футбол", "футбол"),
    ],
)
def test_what_is_played_ends_where_the_place_starts(text: str, key: str, value: str) -> None:
    assert kept(text).get(key) == value
