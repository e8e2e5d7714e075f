"""Statements in German, Spanish, French and Russian fill the slots an English one would
(``patterns_intl``, ``patterns_intl_people``, ``patterns_intl_life``), each value inside its
clause, and ``membot eval statements`` scores them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.evaluation.statements import (
    TUNE_PATH,
    Row,
    _key_matches,
    _slot_ok,
    answers,
    load_rows,
    plain,
)
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def slots_of(text: str) -> dict[str, str | None]:
    """Key → value of the slot facts (notes left out) the rules read in ``text``."""
    return {c.key: c.value for c in extract_rules(TurnInput(text, NOW)) if "note." not in c.key}


def has_note(text: str) -> bool:
    """Whether the sentence is also kept in the user's words."""
    return any(c.key.startswith("note.") for c in extract_rules(TurnInput(text, NOW)))


@pytest.mark.parametrize(
    ("text", "slots", "note"),
    [
        # "mit meiner Frau" says more than the town: kept beside it in the user's words.
        ("Ich wohne mit meiner Frau in Köln", {"home_city": "Köln"}, True),
        # Two clauses, two facts, no value across "und".
        ("Ich wohne in Köln und arbeite bei Ford",
         {"home_city": "Köln", "employer": "Ford"}, False),
        ("Ich bin am 2. März 1988 geboren", {"birthday": "1988-03-02"}, False),
        ("Ich hab am 14.7. geburtstag", {"birthday": "--07-14"}, False),
        ("Ich arbeite bei der Telekom als Projektleiterin",
         {"employer": "Telekom", "job_title": "Projektleiterin"}, False),
        ("Meine Kinder heißen Emil und Greta",
         {"family.child.emil.name": "Emil", "family.child.greta.name": "Greta"}, False),
        ("Mein Mann heißt Stefan", {"family.husband.name": "Stefan"}, False),
        # The age of a relative named beside their relation is theirs, not the user's.
        ("Meine Tochter Lena ist 7",
         {"family.daughter.lena.name": "Lena", "family.daughter.lena.age": "7"}, False),
        # Pets counted, as the English rules keep "I have 3 cats" (the note keeps the words).
        ("Ich habe 3 Katzen", {"pet.cat": None}, True),
        ("Mein Mann ist Arzt", {"family.husband.job": "Arzt"}, False),  # his job, not a name
        # The town after the job is home, as in "I'm a nurse in Leeds" (not a firm, not "in
        # Teilzeit"); "Moi c'est …" introduces.
        ("Je suis pharmacienne à Rennes", {"job_title": "pharmacienne", "home_city": "Rennes"},
         False),
        ("Moi c'est Lucie, je suis pharmacienne à Rennes",
         {"name": "Lucie", "job_title": "pharmacienne", "home_city": "Rennes"}, True),
        ("Я медсестра в Казани", {"job_title": "медсестра", "home_city": "Казань"}, False),
        ("Я программист в Сбербанке", {"job_title": "программист"}, True),
        ("Ich bin Lehrerin in Teilzeit", {"job_title": "Lehrerin"}, True),
        # What the job was, or how it was learned, said before it: kept with it, as "a
        # retired engineer" is.
        ("Ich bin ehemaliger Polizist", {"job_title": "ehemaliger Polizist"}, False),
        ("Я бывший учитель", {"job_title": "бывший учитель"}, False),
        ("Ich bin pensioniert", {}, True),
        ("Ich bin Berliner", {}, True),  # from a place, not a job
        ("Ich spreche fließend Französisch", {"language.french": "Französisch"}, False),
        ("Mi grupo favorito es Queen", {"favorite.band": "Queen"}, False),
        ("vivimos en granada con los niños", {"home_city": "granada"}, True),
        ("Trabajo en Inditex como diseñadora",
         {"employer": "Inditex", "job_title": "diseñadora"}, False),
        ("Tenemos una perrita que se llama Luna", {"pet.dog.name": "Luna"}, False),
        ("Soy alérgica al marisco", {"allergy.marisco": "marisco"}, False),  # not "l marisco"
        # The children's list ends its clause; how many they are is its own fact.
        ("Tengo dos hijos, Pablo y Marta, y un gato que se llama Michi",
         {"family.child.pablo.name": "Pablo", "family.child.marta.name": "Marta",
          "family.children": None, "pet.cat.name": "Michi"}, False),
        ("Nací el 15 de agosto de 1992", {"birthday": "1992-08-15"}, False),
        ("Mi cumpleaños es el 3 de mayo", {"birthday": "--05-03"}, False),
        ("Je me suis installé à Toulouse", {"home_city": "Toulouse"}, False),
        ("Je suis originaire de Bretagne", {"origin": "Bretagne"}, False),
        ("Mon plat préféré c'est la raclette", {"favorite.food": "raclette"}, False),
        ("Мы переехали в Казань", {"home_city": "Казань"}, False),
        ("Работаю в Газпроме инженером", {"job_title": "инженер", "employer": "Газпром"}, False),
        ("Я из Казахстана", {"origin": "Казахстан"}, False),
        ("Мою жену зовут Ирина", {"family.wife.name": "Ирина"}, False),
        # Russian: the language as "ты говоришь на …" takes it (prepositional).
        ("Я говорю по-русски и по-немецки",
         {"language.russian": "русском", "language.german": "немецком"}, False),
    ],
)  # fmt: skip
def test_a_statement_fills_its_slots_each_inside_its_clause(
    text: str, slots: dict[str, str], note: bool
) -> None:
    assert slots_of(text) == slots
    assert has_note(text) == note


@pytest.mark.parametrize(
    "text",
    [
        "Ich studiere Jura an der Uni Heidelberg",
        "Je suis étudiante à la Sorbonne",
        "Estudio medicina en la Universidad de Salamanca",
        "Я учусь в СПбГУ",
        "ich bin student an der LMU",
    ],
)
def test_a_student_studies_at_a_school_and_has_no_job(text: str) -> None:
    found = slots_of(text)
    assert "school" in found and "job_title" not in found, found


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("Meine Schwester heißt Paula, sie ist Lehrerin",
         {"family.sister.name": "Paula", "family.sister.job": "Lehrerin"}),
        ("Mi hermano se llama Diego y es electricista",
         {"family.brother.name": "Diego", "family.brother.job": "electricista"}),
        ("Mon frère s'appelle Hugo, il est plombier",
         {"family.brother.name": "Hugo", "family.brother.job": "plombier"}),
        # The accusative says whose: "my" may go unsaid in Russian.
        ("Брата зовут Саша, он врач",
         {"family.brother.name": "Саша", "family.brother.job": "врач"}),
        ("Моего брата зовут Саша, он врач",
         {"family.brother.name": "Саша", "family.brother.job": "врач"}),
        # Not a job: the clause after the naming says how she is.
        ("Meine Schwester heißt Paula, sie ist müde", {"family.sister.name": "Paula"}),
        # A friend's wife, not the user's.
        ("У друга жену зовут Оля", {}),
        # The pronoun left out: still theirs, and the user's own job stays untold (French
        # "travaille" is both persons: it was read as the user's job).
        ("Meine Frau heißt Anke und arbeitet als Ärztin",
         {"family.wife.name": "Anke", "family.wife.job": "Ärztin"}),
        ("Mon mari s'appelle Hugo et travaille comme plombier",
         {"family.husband.name": "Hugo", "family.husband.job": "plombier"}),
        ("Meine Frau heißt Greta und arbeitet bei Bosch",
         {"family.wife.name": "Greta", "family.wife.employer": "Bosch"}),
        ("Ma femme s'appelle Inès et elle travaille chez Airbus",
         {"family.wife.name": "Inès", "family.wife.employer": "Airbus"}),
        ("J'habite à Lyon et travaille comme infirmière",
         {"home_city": "Lyon", "job_title": "infirmière"}),
    ],
)  # fmt: skip
def test_the_clause_after_a_relative_s_naming_says_their_job(
    text: str, slots: dict[str, str]
) -> None:
    """ "… heißt Paula, sie ist Lehrerin": the job said in the clause after the one naming the
    relative is theirs (it was kept only as a note in the user's words)."""
    assert slots_of(text) == slots


@pytest.mark.parametrize(
    "text",
    [
        "wie heißt mein mann",
        "como se llama mi novio",
        "comment s'appelle ma copine",
        "j'habite ou deja",  # French asks with the question word last
    ],
)
def test_a_question_without_a_question_mark_is_not_kept(text: str) -> None:
    assert extract_rules(TurnInput(text, NOW)) == []


@pytest.mark.parametrize(
    "text", ["Wie gesagt, ich wohne in Köln", "Comme je disais, j'habite à Lyon"]
)
def test_a_statement_that_opens_like_a_question_is_kept(text: str) -> None:
    assert extract_rules(TurnInput(text, NOW))


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Soy vegetariano desde hace años, ¿sabe usted?", "vegetarian"),
        ("Ich spiele seit Jahren Schach, wissen Sie?", "Schach"),
        ("Je fais du yoga le matin, vous savez ?", "yoga"),
        ("Я играю на баяне, знаете ли?", "баян"),
    ],
)
def test_a_statement_with_a_question_tagged_on_is_kept(text: str, word: str) -> None:
    """ "…, ¿sabe usted?", "…, wissen Sie?": the tag asks for no answer, the statement is
    still told (it was dropped as a question)."""
    found = [c.value_text for c in extract_rules(TurnInput(text, NOW))]
    assert any(word.lower() in v.lower() for v in found), found


@pytest.mark.parametrize("text", ["¿Dónde trabajo, verdad?", "Wie alt ist mein Sohn, oder?"])
def test_a_question_with_a_tag_is_still_a_question(text: str) -> None:
    assert extract_rules(TurnInput(text, NOW)) == []


def test_a_russian_statement_with_our_in_another_case_is_about_the_user() -> None:
    """ "нашей", "наших" (our, in the genitive) say it is the user's, as "наша" does."""
    found = extract_rules(TurnInput("День рождения нашей внучки в апреле.", NOW))
    assert any("внучки" in c.value_text for c in found), found


def test_the_scorer_matches_keys_values_and_answers() -> None:
    """Person keys with or without the name, values without accents or case, answers at a
    word's start."""
    assert _key_matches(r"family.son.name", "family.son.mateo.name")
    assert not _key_matches(r"family.son.name", "family.daughter.name")
    assert plain("Артём Köln") == "артем koln"
    found = stored(extract_rules(TurnInput("Mon fils s'appelle Nathan", NOW)))
    assert _slot_ok("family.son.name", "nathan", found)
    row = Row("u", "fr", "", "", {}, (), ("14", "juillet"))
    assert answers("Tu as ton anniversaire le 14 Juillet.", row)
    assert not answers("Tu as ton anniversaire le 140 juin.", row)


def test_the_tune_rows_fill_their_slots() -> None:
    """The rows the rules were written from still hold (the held-out rows are only scored)."""
    for row in load_rows(TUNE_PATH):
        found = stored(extract_rules(TurnInput(row.say, NOW)))
        missing = [p for p, v in row.slots.items() if not _slot_ok(p, v, found)]
        assert found and not missing, (row.say, missing)


def test_a_birth_is_worded_as_the_english_rules_word_it() -> None:
    """ "nací el …" is "was born on …" (met by "when was I born?"), a birthday is "birthday"."""
    born = extract_rules(TurnInput("Nací el 15 de agosto de 1992", NOW))
    assert [c.value_text for c in born] == ["The user was born on 15 August 1992."]
    day = extract_rules(TurnInput("Mi cumpleaños es el 3 de mayo", NOW))
    assert [c.value_text for c in day] == ["The user's birthday is on 3 May."]


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("Я по профессии преподаватель истории.", "преподаватель истории"),
        ("Я работаю водителем автобуса.", "водитель автобуса"),
        ("Я работаю учительницей младших классов.", "учительница младших классов"),
        ("Я инженер-механик.", None),  # a hyphenated title the word list lacks: nothing
        ("Я повар в кафе.", "повар"),  # where is no part of the job
    ],
)
def test_a_russian_job_keeps_which_work_said_in_the_genitive(text: str, job: str | None) -> None:
    """Never half a title: "учитель химии" is not "учитель"."""
    assert slots_of(text).get("job_title") == job


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # A German job ending like a town's people ("-ger"), of the listed ones.
        ("Ich bin Altenpflegerin in Bremen.", "job_title", "Altenpflegerin"),
        # "мне 41," in chat, the years left out; a relative's job in the past.
        ("Мне 41, работаю в Перми.", "age", "41"),
        ("Моя бабушка всю жизнь проработала дояркой.", "family.grandmother.job", "доярка"),
        # An allergy: a German compound, a Russian one with "since childhood", in the nominative.
        ("Ich habe eine Katzenallergie.", "allergy.katzen", "Katzen"),
        ("У меня давно аллергия на кошачью шерсть.", "allergy.кошачья_шерсть", "кошачья шерсть"),
    ],
)
def test_a_statement_said_the_chat_way_fills_its_slot(text: str, key: str, value: str) -> None:
    assert slots_of(text).get(key) == value


@pytest.mark.parametrize("text", ["Ich bin Hamburger.", "Мне 5 минут.", "Ich habe eine Allergie."])
def test_what_only_looks_like_it_fills_no_slot(text: str) -> None:
    assert not {k for k in slots_of(text) if not k.startswith("note.")}


@pytest.mark.parametrize(
    "said",
    ["Im Sommer fahren wir oft an die Nordsee.", "Abends sitze ich gern im Garten."],
)
def test_german_im_is_no_english_im(said: str) -> None:
    """German "im" (in dem) is no typed "I'm": the English rules had stored "Ana is Sommer
    fahren wir …" and "… sitze ich gern Ana is Garten"; the sentence is a German note."""
    found = extract_rules(TurnInput(said, NOW, user_name="Ana"))
    assert found and all(c.key.startswith("note.de.") for c in found), found
    assert all("Ana is" not in c.value_text for c in found)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("Je bosse comme graphiste à Nantes.", {"job_title": "graphiste", "home_city": "Nantes"}),
        (
            "Trabajo como enfermera en Valencia.",
            {"job_title": "enfermera", "home_city": "Valencia"},
        ),
        ("Soy enfermera en Valencia.", {"job_title": "enfermera", "home_city": "Valencia"}),
        ("Trabajo como enfermera en una clínica.", {"job_title": "enfermera"}),
    ],
)
def test_a_job_in_a_town_is_the_job_and_the_town(text: str, slots: dict[str, str]) -> None:
    """As "ich arbeite als Gärtner in Ulm" was: the French job was "graphiste à Nantes" and the
    Spanish town was only a note."""
    assert {k: v for k, v in slots_of(text).items() if not k.startswith("note.")} == slots


@pytest.mark.parametrize(
    ("text", "slots", "note"),
    [
        # Whom one lives with, and how many, are the names read: no second copy as a note.
        ("Hola, soy Marta y vivo en Sevilla con mis dos hijos, Pablo y Lucía.",
         {"name": "Marta", "home_city": "Sevilla", "family.child.pablo.name": "Pablo",
          "family.child.lucia.name": "Lucía"}, False),
        ("Je vis à Lyon avec mes deux filles, Léa et Zoé.",
         {"home_city": "Lyon", "family.daughter.lea.name": "Léa",
          "family.daughter.zoe.name": "Zoé"}, False),
        # Three words between "with" and the town: the home is still read.
        ("Ich wohne mit meinen zwei Katzen in Köln.", {"home_city": "Köln"}, True),
        ("Vivo con mis dos perros en Cádiz.", {"home_city": "Cádiz"}, True),
    ],
)  # fmt: skip
def test_whom_one_lives_with_is_no_more_than_the_home_and_names(
    text: str, slots: dict[str, str], note: bool
) -> None:
    assert slots_of(text) == slots
    assert has_note(text) is note


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Wir wohnen noch in Bonn.", "Bonn"),
        ("Ich wohne inzwischen in Jena.", "Jena"),
        ("J'habite toujours à Lyon.", "Lyon"),
        ("Vivo todavía en Cádiz.", "Cádiz"),
        ("Vivimos por fin en Vigo.", "Vigo"),
    ],
)
def test_a_home_said_with_still_or_at_last_is_the_home(text: str, town: str) -> None:
    """ "noch", "toujours", "todavía" between the verb and the town: kept only as a note."""
    assert slots_of(text) == {"home_city": town}
    assert not has_note(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # With no greeting, "ich bin <Name>" is a name when the sentence goes on about the user.
        ("Ich bin Jonas und mein Hund heißt Bello.", "Jonas"),
        ("Ich bin Marie und arbeite bei Bosch.", "Marie"),
        ("Ich bin Mia, 29, und wohne in Kiel.", "Mia"),
        # A job, a people, a faith, a family word: no name.
        ("Ich bin Elektriker und mein Chef ist nett.", None),
        ("Ich bin Franzose und wohne in Köln.", None),
        ("Ich bin Muslim und faste im Ramadan.", None),
        ("Ich bin Mama und habe zwei Kinder.", None),
    ],
)
def test_a_german_name_said_without_a_greeting_is_read_when_more_follows(
    text: str, name: str | None
) -> None:
    """ "Ich bin Jonas und mein Hund heißt Bello" kept the dog and lost the name (German
    capitalises every noun, so only a greeting made the word a name); "what's my name?" was
    then answered with the dog's."""
    assert slots_of(text).get("name") == name


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Los sábados salgo a nadar al lago.", "nadar"),
        ("Ich gehe jeden Dienstag bouldern.", "Bouldern"),
        ("Je vais danser tous les jeudis.", "danser"),
        ("По вечерам я плаваю в бассейне.", "плавать"),
    ],
)
def test_a_sport_done_by_habit_said_with_its_verb_is_kept(text: str, value: str) -> None:
    """A run every Sunday, said with its verb, was kept only as a note, and a question about
    the user's sport found nothing: a sport said with its verb and a word of habit is liked."""
    assert value in slots_of(text).values(), slots_of(text)


@pytest.mark.parametrize(
    "text", ["Mañana salgo a nadar.", "Ich gehe heute bouldern.", "Ce soir je vais danser."]
)
def test_a_sport_done_once_is_no_habit(text: str) -> None:
    assert not any(k.startswith("likes.") for k in slots_of(text)), slots_of(text)


@pytest.mark.parametrize(
    ("text", "name", "origin"),
    [
        ("Servus! Ich bin Uwe aus Passau.", "Uwe", "Passau"),
        ("Hola, soy Nerea de Bilbao.", "Nerea", "Bilbao"),
        ("Coucou, je suis Maëlle de Brest.", "Maëlle", "Brest"),
        ("Привет! Я Даша из Самары.", "Даша", "Самара"),
    ],
)
def test_a_name_then_where_the_user_is_from_keeps_both(text: str, name: str, origin: str) -> None:
    """An introduction with the home town after the name ("I'm <name> from <town>") kept
    neither: the name's end was looked for before the town; and a German greeting said as its
    own sentence ("Moin!") no longer made the next one's word a name."""
    slots = slots_of(text)
    assert (slots.get("name"), slots.get("origin")) == (name, origin), slots


def test_a_greeting_alone_before_a_name_adds_no_note() -> None:
    assert slots_of("¡Hola! Soy Nerea.") == {"name": "Nerea"}
    assert not has_note("¡Hola! Soy Nerea.")


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # A relative's home in a country: "au", "aux", "en" (only "à" was read).
        ("Ma fille Inès vit au Japon.", "family.daughter.ines.home", "Japon"),
        ("Mon oncle habite en Belgique.", "family.uncle.home", "Belgique"),
        # A home rented there.
        ("Снимаю комнату в Твери.", "home_city", "Тверь"),
        # A pastime called one's passion or hobby.
        ("Töpfern ist meine große Leidenschaft.", "likes.topfern", "Töpfern"),
        ("La escalada es mi pasión.", "likes.escalada", "la escalada"),
        ("La couture, c'est ma passion.", "likes.couture", "la couture"),
        ("Вязание — моё хобби.", "likes.вязание", "вязание"),
        # The article a whole word: "Lacrosse" keeps its "La".
        ("Lacrosse ist mein Hobby.", "likes.lacrosse", "Lacrosse"),
    ],
)
def test_more_ways_of_saying_a_home_or_a_pastime_fill_their_slot(
    text: str, key: str, value: str
) -> None:
    """Each was kept only as a note (or lost): a son living "au Canada", "снимаю квартиру в
    Москве", "Segeln ist meine große Leidenschaft"."""
    assert slots_of(text).get(key) == value, slots_of(text)


@pytest.mark.parametrize("text", ["Mi hija es mi pasión.", "Das ist mein Hobby."])
def test_a_person_or_a_pronoun_called_a_passion_is_no_pastime(text: str) -> None:
    assert not any(k.startswith("likes.") for k in slots_of(text)), slots_of(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Bonsoir, c'est Maëlys.", "Maëlys"),
        ("En fait non, je suis pâtissière, pas boulangère.", None),
        ("Nein, ich bin Kellner, nicht Koch.", None),
        ("C'est Bastien qui m'a prêté sa voiture.", None),
    ],
)
def test_a_french_c_est_after_a_greeting_names_and_a_no_is_no_name(
    text: str, name: str | None
) -> None:
    """ "coucou, c'est <name>" was no name (the bot greeted the platform name), and "en fait
    non, je suis <job>, pas <job>" stored the name "Non" (read as a card's first field)."""
    assert slots_of(text).get("name") == name, slots_of(text)
