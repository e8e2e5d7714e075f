"""Answer selection leftovers of session 17 (issue 23): a relative's note or an unrelated slot of
the user's for a question about the user's own life, an intolerance asked by its category, a
list of children told as sons and daughters, and where the user works (``read.answer``)."""

from __future__ import annotations

from memory_core import answering
from memory_core.values import SearchHit
from tests.factories import fact


def keyed(
    id: int, key: str, text: str, vector: float, topic: float = 0.0, **told: str
) -> SearchHit:
    return SearchHit(
        "facts", id, text, 0.5, 0.0, vector, fact=fact(id, text, key=key, **told), topic=topic
    )


FILLER = [keyed(8, "k8", "Rosa knits scarves.", 0.76), keyed(9, "k9", "Rosa hums.", 0.75)]


def ids(hits: list[SearchHit]) -> list[int]:
    return [h.id for h in hits]


def test_a_relatives_note_does_not_answer_a_question_about_the_users_own_studies() -> None:
    """ "¿dónde hice la carrera?" of a user who told only where their sister studied: the sister's
    note is not the user's; "where did I go to uni?" likewise."""
    for sister in (
        keyed(1, "note.es.mi_hermana_estudio", "Mi hermana estudió Farmacia en Granada.", 0.87),
        keyed(1, "note.en.my_sister_went", "My sister went to uni in Bristol.", 0.87),
        keyed(1, "note.de.meine_schwester", "Meine Schwester hat in Jena studiert.", 0.87),
        keyed(1, "note.fr.ma_soeur", "Ma sœur a fait ses études à Rennes.", 0.87),
        keyed(1, "note.ru.моя_сестра", "Моя сестра училась в Томске.", 0.87),
    ):
        for question in (
            "¿dónde hice la carrera?",
            "where did I go to uni?",
            "Wo habe ich studiert?",
            "J'ai fait mes études où, déjà ?",
            "Где я учился?",
        ):
            assert answering([sister, *FILLER], question=question) == [], (sister.text, question)


def test_the_relatives_note_still_answers_about_the_relative() -> None:
    """... while "¿dónde estudió mi hermana?" is answered with it."""
    sister = keyed(1, "note.es.mi_hermana_estudio", "Mi hermana estudió Farmacia en Granada.", 0.9)
    assert ids(answering([sister, *FILLER], question="¿dónde estudió mi hermana?")) == [1]


def test_the_users_origin_or_home_does_not_answer_where_they_studied() -> None:
    """ "¿dónde hice la carrera?" of a user who told where they come from: the origin is a
    place, not the studies; "where did I go to uni?" is not answered with the home either."""
    origin = keyed(1, "origin", "Rosa is from Valencia.", 0.85, 0.7)
    home = keyed(2, "home_city", "Rosa lives in Cork.", 0.85, 0.6)
    for question in ("¿dónde hice la carrera?", "where did I go to uni?", "Wo habe ich studiert?"):
        assert answering([origin, home, *FILLER], question=question) == [], question
    school = keyed(3, "school", "Rosa studied at Trinity College.", 0.87, 0.7)
    assert ids(answering([origin, home, school, *FILLER], question="where did I go to uni?")) == [3]


def test_a_food_intolerance_by_its_condition_answers_a_question_about_intolerances() -> None:
    """ "¿tengo alguna intolerancia?" of a user who told they have coeliac disease: the
    condition is an intolerance (in every language the bot speaks)."""
    celiac = keyed(1, "health.celiac_disease", "Rosa has celiac disease.", 0.82, 0.5)
    rest = [
        keyed(2, "home_city", "Rosa lives in Sevilla.", 0.81),
        keyed(3, "likes.jazz", "Rosa loves jazz.", 0.80),
        keyed(4, "job_title", "Rosa works as enfermera.", 0.80),
    ]
    for question in (
        "¿tengo alguna intolerancia?",
        "do I have any food intolerances?",
        "Gibt es bei mir eine Unverträglichkeit?",
        "Est-ce que j'ai une intolérance ?",
        "У меня есть непереносимость чего-нибудь?",
    ):
        assert ids(answering([celiac, *rest], question=question)) == [1], question


def test_a_question_about_the_children_lists_sons_daughters_and_their_notes() -> None:
    """ "wie alt sind meine Kinder?" of a user who told a son's and a daughter's age as slots
    and the third child's in a note: all three answer, not the son alone."""
    said = {"source_excerpt": "Mein Sohn Paul ist acht Jahre alt."}
    son = keyed(1, "family.son.paul.age", "Rosa's son Paul is 8.", 0.888, 1.0, **said)
    daughter = keyed(
        2,
        "family.daughter.lea.age",
        "Rosa's daughter Lea is 5.",
        0.878,
        1.0,
        source_excerpt="Meine Tochter Lea ist fünf.",
    )
    third = keyed(
        3,
        "note.de.unser_jungster_sohn_max",
        "Unser jüngster Sohn Max ist zwei Jahre alt.",
        0.87,
        1.0,
    )
    names = [
        keyed(4, "family.son.paul.name", "Rosa's son is named Paul.", 0.879, 0.85, **said),
        keyed(5, "family.daughter.lea.name", "Rosa's daughter is named Lea.", 0.861, 0.85),
    ]
    chosen = ids(answering([third, son, *names, daughter], question="wie alt sind meine Kinder?"))
    assert sorted(chosen) == [1, 2, 3], chosen
    # A question naming one child is still answered with that one.
    assert ids(answering([third, son, *names, daughter], question="wie alt ist meine Tochter?"))[
        :1
    ] == [2]


def test_where_the_user_works_is_said_with_the_place_of_the_job_when_no_employer_is_told() -> None:
    """ "wo arbeite ich?" of a user who told "Ich bin Lehrerin an einer Grundschule in Bonn.":
    the note of the message, which holds the school and the town, not the job title alone."""
    said = {"source_excerpt": "Ich bin Lehrerin an einer Grundschule in Bonn."}
    note = keyed(1, "note.de.ich_bin_lehrerin", said["source_excerpt"], 0.856, **said)
    job = keyed(2, "job_title", "Rosa works as Lehrerin.", 0.855, 0.9, **said)
    home = keyed(3, "home_city", "Rosa lives in Siegburg.", 0.844)
    for question in ("wo arbeite ich?", "where do I work?", "¿dónde trabajo?", "Где я работаю?"):
        assert ids(answering([note, job, home], question=question))[:1] == [1], question
    # The employer, when told, answers it.
    employer = keyed(4, "employer", "Rosa works at Siemens.", 0.85, 0.9)
    assert ids(answering([note, job, home, employer], question="wo arbeite ich?"))[:1] == [4]


def test_a_taste_of_another_area_does_not_answer_what_the_user_likes_to_eat() -> None:
    """ "Was esse ich gern?" of a user who told they love knitting: a taste whose words name
    another area of life (a pastime) is no dish; a taste of food still answers."""
    knitting = keyed(1, "likes.stricken", "Mia loves Stricken.", 0.865, 0.5)
    rest = [
        keyed(2, "pet.dog", "Mia has a dog.", 0.845),
        keyed(3, "note.de.ich_hab_angst", "Ich hab Angst vorm Gewitter.", 0.829),
    ]
    for question in ("Was esse ich gern?", "what do I like to eat?", "¿Qué me gusta comer?"):
        assert answering([knitting, *rest], question=question) == [], question
    pizza = keyed(4, "likes.pizza", "Mia loves pizza.", 0.87, 0.5)
    assert ids(answering([knitting, pizza, *rest], question="what do I like to eat?"))[:1] == [4]


def test_a_taste_for_a_music_genre_names_music_in_every_language() -> None:
    """ "¿qué música me gusta?" of a user who told "Me encanta el flamenco.": the taste (kept
    as "… loves flamenco.", or its note) names music by its genre, so the question's area
    agrees with it; rock climbing is no music."""
    from memory_core.text.domains import AREAS, told_areas

    def areas(text: str) -> set[str]:
        return {AREAS[i].description.split(",")[0] for i in told_areas(text)}

    for told in (
        "Rosa loves flamenco.",
        "Me encanta el reggaetón.",
        "Ich mag Rock und Metal.",
        "J'adore le rap.",
        "Я очень люблю рок.",
        "Rosa loves рок.",
        "Rosa loves classical.",
        "Ich höre gern Schlager.",
        "J'aime la chanson française.",
    ):
        assert "music" in areas(told), told
    assert "music" not in areas("Rosa goes rock climbing.")
