"""What a question asks of one of the user's people picks that attribute of theirs
(``read.answer._other_attribute``, h-ans14): what they like doing or study is no age, where
they work is no job title, in the five languages."""

from __future__ import annotations

import pytest

from memory_core import answering as answered
from memory_core.read.answer import plain_question
from memory_core.values import SearchHit
from tests.factories import fact


def keyed(id: int, key: str, text: str, vector: float, topic: float = 0.7) -> SearchHit:
    return SearchHit("facts", id, text, 0.5, 0.0, vector, fact=fact(id, text, key=key), topic=topic)


FILLER = [keyed(8, "k8", "Pia knits scarves.", 0.76, 0.0), keyed(9, "k9", "Pia hums.", 0.75, 0.0)]


def answering(hits: list[SearchHit], question: str) -> list[SearchHit]:
    """As the bot asks: the question with its everyday words said plainly first."""
    return answered(hits, question=plain_question(question))


def ids(hits: list[SearchHit]) -> list[int]:
    return [h.id for h in hits]


@pytest.mark.parametrize(
    "question",
    [
        "what does my son like doing?",
        "what does Theo enjoy doing in his free time?",
        "Was macht mein Sohn gern?",
        "Was macht der Kleine gerne?",
        "¿Qué le gusta hacer a mi hijo?",
        "Qu'est-ce qu'il aime faire, mon fils ?",
        "Чем любит заниматься мой сын?",
        # ... or does on a day of the week, at the weekend.
        "what does my son get up to at weekends?",
        "Was macht mein Sohn sonntags?",
        "¿Qué hace mi hijo los domingos?",
        "Que fait mon fils le mercredi ?",
        "По выходным сын у меня что делает?",
    ],
)
def test_what_a_relative_likes_doing_is_not_their_age(question: str) -> None:
    """The son's age ranks first by meaning; his pastime answers, the age never does."""
    age = keyed(1, "family.son.theo.age", "Pia's son Theo is 9.", 0.88)
    pastime = keyed(2, "family.son.theo.plays_chess", "Theo plays chess at a club.", 0.84)
    assert ids(answering([age, pastime, *FILLER], question=question)) == [2]
    assert answering([age, *FILLER], question=question) == []


@pytest.mark.parametrize(
    "question",
    [
        "what does my daughter study?",
        "Was studiert meine Tochter?",
        "¿Qué estudia mi hija?",
        "Qu'est-ce qu'elle étudie, ma fille ?",
        "Что изучает моя дочь?",
    ],
)
def test_what_a_relative_studies_is_not_their_age(question: str) -> None:
    """The daughter's note of her studies answers before (and without) her age slot."""
    age = keyed(1, "family.daughter.mia.age", "Pia's daughter Mia is 20.", 0.88)
    study = keyed(2, "note.en.my_daughter_mia", "My daughter Mia studies law in Bristol.", 0.84)
    assert ids(answering([age, study, *FILLER], question=question)) == [2]
    assert answering([age, *FILLER], question=question) == []


def test_a_short_note_of_a_relatives_age_does_not_say_what_they_do_for_fun() -> None:
    """ "We have a girl, Ana, eight years old." says her age, not her Saturdays."""
    note = keyed(1, "note.es.tenemos_una_nina", "Tenemos una niña, Ana, de ocho años.", 0.88)
    assert answering([note, *FILLER], question="¿Qué le gusta hacer a mi hija?") == []
    assert ids(answering([note, *FILLER], question="¿Cuántos años tiene mi hija?")) == [1]


@pytest.mark.parametrize(
    "question",
    [
        "where does Jonah work?",
        "where does my brother work?",
        "Wo arbeitet Jonah?",
        "¿Dónde trabaja mi hermano?",
        "Où travaille Jonah ?",
        "Где работает мой брат?",
        "Which company does my brother work for?",
        "Samstags, wo arbeitet da der Bruder?",
    ],
)
def test_where_a_relative_works_is_their_employer_not_their_job(question: str) -> None:
    """Both told: the employer answers where he works; the job title alone does not."""
    job = keyed(1, "family.brother.jonah.job", "Pia's brother Jonah is a welder.", 0.88)
    name = keyed(3, "family.brother.jonah.name", "Pia's brother is named Jonah.", 0.70)
    employer = keyed(2, "family.brother.jonah.employer", "Jonah works at Harland Steel.", 0.84)
    assert ids(answering([job, employer, name, *FILLER], question=question)) == [2]
    assert answering([job, name, *FILLER], question=question) == []


def test_what_a_relative_does_for_work_is_still_their_job() -> None:
    job = keyed(1, "family.brother.jonah.job", "Pia's brother Jonah is a welder.", 0.88)
    name = keyed(3, "family.brother.jonah.name", "Pia's brother is named Jonah.", 0.70)
    for question in ("what does my brother do for a living?", "Was arbeitet mein Bruder?"):
        assert ids(answering([job, name, *FILLER], question=question))[:1] == [1]


@pytest.mark.parametrize(
    ("question", "key", "text"),
    [
        ("what was my major?", "education.degree", "Pia studied economics at Leeds."),
        ("Was war mein Hauptfach?", "education.degree", "Pia studied economics at Leeds."),
        ("¿Cuál era mi especialidad?", "education.degree", "Pia studied economics at Leeds."),
        ("C'était quoi ma filière ?", "education.degree", "Pia studied economics at Leeds."),
        ("Какая у меня специальность?", "education.degree", "Pia studied economics at Leeds."),
        ("what are my favourite snacks?", "favorite_food", "Pia loves salted pretzels."),
        ("Was sind meine Lieblingssnacks?", "favorite_food", "Pia loves salted pretzels."),
        ("¿Cuáles son mis botanas favoritas?", "favorite_food", "Pia loves salted pretzels."),
        ("Quel est mon grignotage préféré ?", "favorite_food", "Pia loves salted pretzels."),
        ("Какие у меня любимые закуски?", "favorite_food", "Pia loves salted pretzels."),
    ],
)
def test_a_major_or_snacks_are_words_of_an_area(question: str, key: str, text: str) -> None:
    """ "what was my major?", "my favourite snacks": words of an area (studies, food), so
    the memory of that area answers without repeating the word (they were withheld as an
    attribute no area names)."""
    told = keyed(1, key, text, 0.86)
    assert ids(answering([told, *FILLER], question=question)) == [1]


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Wie heißt meine Alte?", "Wie heißt meine Frau?"),
        ("Was treibt meine Alte so beruflich?", "Was treibt meine Frau so beruflich?"),
        ("Wie heißt mein Alter?", "Wie heißt mein Mann?"),
        ("Wo genau arbeitet mein Alter?", "Wo genau arbeitet mein Mann?"),
        ("Как зовут мою старуху?", "Как зовут мою жену?"),
        ("Сколько лет моей старухе?", "Сколько лет моей жене?"),
        ("Как зовут моего старика?", "Как зовут моего мужа?"),
        ("Чем занят мой благоверный?", "Чем занят мой муж?"),
    ],
)
def test_kin_slang_for_the_partner_is_said_plainly(question: str, plain: str) -> None:
    """ "meine Alte", "mein Alter", "моя старуха", "мой благоверный": the partner (it was
    answered with the user's own name)."""
    assert plain_question(question) == plain


@pytest.mark.parametrize(
    "question",
    [
        "Was ist mein Alter?",  # the age
        "Mein Alter ist 40, oder?",
        "Wie war meine alte Adresse?",  # an old address
        "Где живёт старуха-соседка?",
    ],
)
def test_words_of_age_are_no_partner(question: str) -> None:
    assert plain_question(question) == question


def test_the_partner_in_slang_is_not_answered_with_the_users_name() -> None:
    own = keyed(1, "name", "Pia's name is Pia.", 0.88)
    wife = keyed(2, "family.wife.karin.name", "Pia's wife is named Karin.", 0.84)
    assert ids(answering([own, wife, *FILLER], question="Wie heißt meine Alte?")) == [2]
    assert ids(answering([own, wife, *FILLER], question="Как зовут мою старуху?")) == [2]


@pytest.mark.parametrize(
    ("note", "question"),
    [
        ("Se llama Nerea y es fisio.", "a qué se dedica nerea"),
        ("Сестру зовут Даша, она бухгалтер.", "кем работает даша"),
        ("Sister is called Nell, a vet.", "what does Nell do for work?"),
    ],
)
def test_a_short_note_naming_someone_and_their_job_answers_their_job(
    note: str, question: str
) -> None:
    """A short note that names one of the user's people and says more after the name (h-walk16:
    "…, она парикмахер", "… y es bombero") is no note of a name alone: it answers what they do
    (it was left out, and the bot said it did not know)."""
    said = keyed(1, "note.x.sister", note, 0.86)
    assert ids(answering([said, *FILLER], question=question)) == [1]


def test_a_short_note_of_a_name_alone_still_says_no_job() -> None:
    named = keyed(1, "note.x.sister", "Mi hermana se llama Nerea Sanz.", 0.86)
    assert answering([named, *FILLER], question="a qué se dedica nerea") == []
