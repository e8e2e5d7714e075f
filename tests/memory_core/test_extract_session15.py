"""Extraction leftovers (session 15, issue 23), by class, in the five languages: a relative's
job said after "I have a <relative>" and a pronoun; where the user lived as a child (where
they grew up, never where they live now); a relationship status said alone ("Single again");
grandchildren whose sex the word does not say. What learning keeps
(``evaluation.extraction.stored``) is checked, as the evals score it."""

from __future__ import annotations

import pytest

from tests.memory_core.stored_facts import facts, kept, stored_from

# -- a relative's job, after "I have a <relative>" and a pronoun -------------------------------


@pytest.mark.parametrize(
    ("text", "key", "job"),
    [
        ("I have a brother, Sam, he's a plumber.", "family.brother.sam.job", "plumber"),
        ("I've got a daughter, Maya, and she is a dentist.", "family.daughter.maya.job", "dentist"),
        ("Tengo una hermana, Marta, ella es enfermera.", "family.sister.marta.job", "enfermera"),
        ("Tengo un primo, Raúl, es fontanero.", "family.cousin.raul.job", "fontanero"),
        ("Tengo un hijo y es abogado.", "family.son.job", "abogado"),
        ("Ich habe eine Schwester, Lena, sie ist Ärztin.", "family.sister.lena.job", "Ärztin"),
        ("Ich hab einen Sohn, er ist Koch.", "family.son.job", "Koch"),
        # a German demonstrative for the one had, and the naming it says first
        ("Ich hab nen Onkel, Kurt, der ist Bäcker.", "family.uncle.kurt.job", "Bäcker"),
        (
            "Ich habe eine Tochter, die heißt Maren und ist Ärztin.",
            "family.daughter.maren.job",
            "Ärztin",
        ),
        ("J'ai un frère, Hugo, il est plombier.", "family.brother.hugo.job", "plombier"),
        ("J'ai une fille, elle est infirmière.", "family.daughter.job", "infirmière"),
        ("У меня есть сестра Оля, она учительница.", "family.sister.оля.job", "учительница"),
    ],
)
def test_a_relatives_job_after_a_pronoun(text: str, key: str, job: str) -> None:
    assert kept(text).get(key) == job


@pytest.mark.parametrize(
    "text",
    [
        "I have a brother, Sam, he's tall.",
        "Tengo un hermano, Luis, él es muy alto.",
        "Ich habe einen Bruder, er ist nett.",
        "J'ai une sœur, elle est géniale.",
        "I have a brother and he's a pain.",
        "Ich habe einen Freund, der ist Arzt.",  # a friend as often as the partner
    ],
)
def test_no_job_where_the_pronoun_says_none(text: str) -> None:
    assert not [k for k in kept(text) if k.endswith(".job")]
    assert "job_title" not in kept(text)


# -- where the user lived as a child: where they grew up, not their home ----------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("When I was little, I lived in Bristol.", "Bristol"),
        ("I lived in Cork as a child.", "Cork"),
        ("Growing up I lived in Hull.", "Hull"),
        ("De niño vivía en Cádiz.", "Cádiz"),
        ("Vivía en Lugo cuando era pequeño.", "Lugo"),
        ("Crecí en Oviedo.", "Oviedo"),
        ("In meiner Kindheit habe ich in Linz gelebt.", "Linz"),
        ("Ich bin in Kassel aufgewachsen.", "Kassel"),
        ("Als ich klein war, wohnte ich in Ulm.", "Ulm"),
        ("Enfant, j'habitais à Brest.", "Brest"),
        ("J'ai grandi à Rouen.", "Rouen"),
        ("Когда я была маленькой, я жила в Самаре.", "Самара"),
        ("Я вырос в Омске.", "Омск"),
    ],
)
def test_a_childhood_home_is_where_the_user_grew_up(text: str, town: str) -> None:
    found = kept(text)
    assert found.get("origin") == town
    assert not [k for k in found if k.startswith(("home_city", "home_country"))]


@pytest.mark.parametrize(
    "text", ["In meiner Kindheit habe ich in Linz gelebt.", "Enfant, j'habitais à Brest."]
)
def test_a_childhood_home_keeps_no_note_beside_where_the_user_grew_up(text: str) -> None:
    # The note's words were all the origin's: the acknowledgement quoted "Quand j'étais petit".
    assert [c.key for c in stored_from(text)] == ["origin"]


@pytest.mark.parametrize(
    "text",
    [
        "Antes vivía en Vigo.",
        "Früher habe ich in Graz gewohnt.",
        "J'habitais à Nantes avant.",
        "Раньше я жил в Туле.",
        "I used to live in Leeds.",
    ],
)
def test_a_home_before_is_kept_but_is_no_home_now(text: str) -> None:
    found = stored_from(text)
    assert found  # kept: the note in the user's words, or a past fact
    assert not [c for c in found if c.key.startswith(("home_city", "home_country", "origin"))]


# -- a relationship status said alone ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("Single again.", "single"),
        ("single again lol", "single"),
        ("Divorced now.", "divorced"),
        ("Wieder Single.", "single"),
        ("Seit Mai geschieden.", "divorced"),
        ("Soltero de nuevo.", "single"),
        ("Divorciada desde enero.", "divorced"),
        ("Célibataire à nouveau.", "single"),
        ("Divorcée depuis l'an dernier.", "divorced"),
        ("Снова один.", "single"),
        ("Опять холост.", "single"),
    ],
)
def test_a_status_said_alone_is_the_users(text: str, state: str) -> None:
    assert f"relationship.{state}" in kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "Alone again tonight.",
        "Wieder allein zu Hause.",
        "Otra vez sola en casa.",
        "Снова одна дома.",
        "Mein Bruder ist wieder Single.",
    ],
)
def test_alone_at_home_is_no_status(text: str) -> None:
    assert not [k for k in kept(text) if k.startswith("relationship.")]


# -- grandchildren: the word says the sex, or it stays unknown --------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Meine Enkelin heißt Frieda.", "family.granddaughter.name"),
        ("Mi nieta se llama Olivia.", "family.granddaughter.name"),
        ("Ma petite-fille s'appelle Inès.", "family.granddaughter.name"),
        ("Мою внучку зовут Вера.", "family.granddaughter.name"),
        ("My granddaughter is called Ruby.", "family.granddaughter.name"),
        ("Mein Enkelsohn heißt Till.", "family.grandson.name"),
    ],
)
def test_a_grandchild_whose_word_says_the_sex(text: str, key: str) -> None:
    assert key in kept(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Unsere Enkel Paul und Greta wohnen in Jena.", {"paul", "greta"}),
        ("Ich habe zwei Enkel, Max und Romy.", {"max", "romy"}),
        ("Mis nietos Hugo y Carla viven en Lima.", {"hugo", "carla"}),
        ("Tengo dos nietos, Iker y Nora.", {"iker", "nora"}),
        ("У меня двое внуков, Гоша и Лиза.", {"гоша", "лиза"}),
    ],
)
def test_grandchildren_said_together_are_of_unknown_sex(text: str, names: set[str]) -> None:
    named = {c.key for c in facts(text) if c.key.endswith(".name")}
    assert named == {f"family.grandchild.{n}.name" for n in names}


# -- a condition said alone, the "I am" left out ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Type 2 diabetic since last year.", "diabetes"),
        ("Diabétique depuis 2010.", "diabète"),
        ("Diabetikerin seit zehn Jahren.", "Diabetes"),
        ("Diabética desde niña.", "diabetes"),
        ("Диабетик с детства.", "диабет"),
    ],
)
def test_a_condition_said_alone_is_the_users(text: str, value: str) -> None:
    found = [c for c in facts(text) if c.key == "health.diabetes"]
    assert [c.value for c in found] == [value]
    assert found[0].sensitive


@pytest.mark.parametrize(
    "text", ["Diabétique, mon père aussi.", "Mi padre, diabético desde 2010.", "Diabetes ist doof."]
)
def test_a_condition_of_someone_else_or_a_remark_is_not_the_users(text: str) -> None:
    assert not [k for k in kept(text) if k.startswith("health.")]


# -- the town of the user's own work or studies is where they live ---------------------------


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("I run a small cafe in Bristol.", "Bristol"),
        ("I own a tiny little bakery in Bath.", "Bath"),
        ("I do payroll for a school in Derby.", "Derby"),
        ("I'm studying law at the uni in York.", "York"),
        ("I'm a senior in high school in Boise.", "Boise"),
    ],
)
def test_the_town_of_the_users_work_or_studies_is_their_home(text: str, town: str) -> None:
    assert kept(text).get("home_city") == town


@pytest.mark.parametrize(
    "text", ["I run a tight ship in Bristol.", "I do yoga at a studio in Leeds."]
)
def test_a_pastime_or_a_saying_names_no_home(text: str) -> None:
    assert "home_city" not in kept(text)
