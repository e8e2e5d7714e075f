"""Questions about what the user never told, answered with something else they told
(session 17, issue 23): a note about one of their people for a question of their own, the age
for the day they were born, the home for where they were brought up, a dog or a father in
words the vocabulary did not know."""

from __future__ import annotations

from memory_core import answering
from memory_core.read.answer import asked_relation, judged
from memory_core.text.animals import kind_asked
from memory_core.values import SearchHit
from tests.factories import fact


def keyed(id: int, key: str, text: str, vector: float, topic: float = 0.0) -> SearchHit:
    return SearchHit("facts", id, text, 0.5, 0.0, vector, fact=fact(id, text, key=key), topic=topic)


FILLER = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]


def test_a_question_of_the_users_own_is_not_answered_with_a_note_about_their_people() -> None:
    """ "Wo bin ich im Sommer hingefahren?" of a user who told only that their friend works
    even on holiday; Russian says the relative first ("Муж мой …", "Брат …")."""
    friend = keyed(1, "note.de.n1", "Mein Kumpel Theo arbeitet sogar im Sommerurlaub.", 0.88, 0.4)
    assert answering([friend, *FILLER], question="Wo bin ich im Sommer hingefahren?") == []
    husband = keyed(2, "note.ru.n2", "Муж мой, Игорь, преподаёт химию в колледже.", 0.88, 0.4)
    assert answering([husband, *FILLER], question="Какой колледж я окончила?") == []
    brother = keyed(3, "note.ru.n3", "Брат купил себе новую машину.", 0.88, 0.4)
    assert answering([brother, *FILLER], question="чё у меня за машина") == []
    # ... with the user in it, or asked of them, it still answers.
    both = keyed(4, "note.de.n4", "Mein Kumpel Theo und ich waren im Sommer auf Korsika.", 0.88)
    asked = answering([both, *FILLER], question="Wo bin ich im Sommer hingefahren?")
    assert [h.id for h in asked] == [4]
    # ... and a question asking who is after someone, though the user is in it.
    caller = keyed(5, "note.de.n5", "Meine Tante Irma schreibt mir jeden Freitag aus Graz.", 0.88)
    asked = answering([caller, *FILLER], question="Wer schreibt mir freitags Briefe?")
    assert [h.id for h in asked] == [5]
    assert [
        h.id for h in answering([husband, *FILLER], question="Где сейчас работает мой муж?")
    ] == [2]


def test_the_day_one_was_born_is_answered_only_by_a_birthday_or_a_birth() -> None:
    """ "Tu sais quand je suis né ?" was answered with the age; where one was born is the
    origin's, not this gate's."""
    age = keyed(1, "age", "Malo is 24.", 0.9, 0.5)
    assert answering([age, *FILLER], question="Tu sais quand je suis né ?") == []
    assert answering([age, *FILLER], question="Wann habe ich Geburtstag?") == []
    assert answering([age, *FILLER], question="¿Cuándo es mi cumple?") == []
    assert answering([age, *FILLER], question="Когда у меня день рождения?") == []
    party = keyed(2, "note.fr.n2", "Mon anniversaire tombe le 12 juin.", 0.88, 0.5)
    assert [h.id for h in answering([party, *FILLER], question="Tu sais quand je suis né ?")] == [2]
    hometown = keyed(3, "hometown", "Malo is from Brest.", 0.9, 0.5)
    ranked = judged([hometown, *FILLER], question="Où est-ce que je suis né ?").ranked
    assert 3 in [h.id for h in ranked]


def test_where_one_was_brought_up_is_not_the_home() -> None:
    home = keyed(1, "home_city", "Ada lives in Perth.", 0.9, 0.6)
    assert answering([home, *FILLER], question="the town I got brought up in?") == []


def test_slang_for_a_dog_a_cat_and_ones_people_is_read() -> None:
    assert kind_asked("t'as vu mon clebs ?") == "dog"
    assert kind_asked("il est où le minou ?") == "cat"
    for question, relation in (
        ("а батя мой где сейчас живёт?", "father"),
        ("сколько лет бате?", "father"),
        ("как зовут мамку", "mother"),
        ("где учится братишка?", "brother"),
        ("как зовут сестрёнку?", "sister"),
    ):
        assert asked_relation(question) == relation, question
