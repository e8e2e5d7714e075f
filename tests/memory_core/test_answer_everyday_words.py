"""Questions said with everyday words the user's people and life go by ("die Kleine", "la
petite", "mis críos", "¿De qué curro?", "los findes"): read as the plain words (session 13
probe)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("Und was macht die Kleine so den ganzen Tag?", "daughter"),
        ("Wie alt wird die Kleine dieses Jahr?", "daughter"),
        ("Wann hat der Kleine Geburtstag?", "son"),
        ("Geht es der Kleinen wieder besser?", "daughter"),
        ("Hast du den Kleinen schon kennengelernt?", "son"),
        ("Und die Große, wie heißt sie nochmal?", "daughter"),
        ("Quel âge a la petite déjà ?", "daughter"),
        ("Il s'appelle comment, le petit ?", "son"),
        ("Сколько сейчас лет мелкой?", "daughter"),
        ("Die kleine Schwester von Anna ist nett, oder?", None),
        ("Ist der kleine Laden an der Ecke noch offen?", None),
        ("Wie alt ist der Kleine von Jana?", None),
        ("La petite boulangerie ferme à quelle heure ?", None),
    ],
)
def test_the_little_one_asked_after_an_article_is_the_users_child(
    question: str, relation: str | None
) -> None:
    """ "die Kleine", "der Kleine", "la petite", "мелкая" with an article and no "my" stand
    for the user's daughter or son, as after "my" (session 13 probe: "how old is the little
    one?" was read as a question about the world); in German the article says which
    ("der Kleine" a boy, "der Kleinen" a girl); an adjective before a noun names no one."""
    from memory_core.read.answer import asked_relation

    assert asked_relation(question) == relation


def test_the_little_one_is_read_as_the_plain_word() -> None:
    """ "die Kleine", "der Kleinen", "le petit", "мелкой" are read as the plain word, as
    "meine Kleine" is, so a question finds the daughter's or son's facts; "der kleine Laden"
    stays as it was."""
    from memory_core.read.answer import plain_question

    assert plain_question("Wie alt wird die Kleine dieses Jahr?") == (
        "Wie alt wird die Tochter dieses Jahr?"
    )
    assert plain_question("Was schenken wir der Kleinen?") == "Was schenken wir der Tochter?"
    assert plain_question("Il s'appelle comment, le petit ?") == "Il s'appelle comment, le fils ?"
    assert plain_question("Сколько сейчас лет мелкой?") == "Сколько сейчас лет дочь?"
    assert plain_question("Ist der kleine Laden offen?") == "Ist der kleine Laden offen?"


def test_spanish_everyday_words_for_work_weekends_and_kids_are_read_plainly() -> None:
    """ "curro" (work), "el finde" (the weekend), "mis críos" (my kids) are read as the plain
    words (session 13 probe: "¿Cómo se llaman mis críos?" was answered with the user's own
    name, "¿De qué curro?" and "¿Qué hago los findes?" not at all)."""
    from memory_core.read.answer import plain_question

    assert plain_question("¿Y tú sabes de qué curro?") == "¿Y tú sabes de qué trabajo?"
    assert plain_question("¿Dónde curra mi hermana?") == "¿Dónde trabaja mi hermana?"
    assert plain_question("¿Qué tal mi curro nuevo?") == "¿Qué tal mi trabajo nuevo?"
    assert plain_question("¿Dónde vive Curro?") == "¿Dónde vive Curro?"  # a name
    assert plain_question("¿Adónde voy el finde?") == "¿Adónde voy el fin de semana?"
    assert plain_question("¿Qué hacemos los findes?") == "¿Qué hacemos los fines de semana?"
    assert plain_question("¿Cuántos años tienen mis críos?") == "¿Cuántos años tienen mis hijos?"


@pytest.mark.parametrize(
    "told",
    [
        "Ich spiele dienstags Tischtennis im Verein.",
        "Je joue au basket avec des collègues.",
        "Juego al pádel con mi cuñado.",
        "Играю в хоккей по субботам.",
        "I play tennis most Sundays.",
    ],
)
def test_a_sport_the_user_plays_is_a_hobby_too(told: str) -> None:
    """A sport the user plays names their free time as well as sport (session 13 probe: "Was
    mache ich in meiner Freizeit?" was not answered by a note of a sport played in a club)."""
    from memory_core.text.domains import AREAS, told_areas

    named = {AREAS[i].description.split(",")[0] for i in told_areas(told)}
    assert "hobbies" in named, named
