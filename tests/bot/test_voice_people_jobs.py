"""A person's job said in Russian reads as a sentence ("Сергей работает водителем"), not as a
form's field ("Сергей: профессия — водитель"): the job in the instrumental the verb governs."""

from __future__ import annotations

import pytest

from bot.slots import slot_words


@pytest.mark.parametrize(
    ("key", "job", "stored", "said"),
    [
        ("person.gleb.job", "водитель", "Gleb works as a driver.", "Глеб работает водителем"),
        (
            "family.sister.job",
            "медсестра",
            "My sister is a nurse.",
            "твоя сестра работает медсестрой",
        ),
        (
            "family.uncle.job",
            "старший инженер",
            "My uncle is a senior engineer.",
            "твой дядя работает старшим инженером",
        ),
    ],
)
def test_a_persons_job_in_russian_is_said_with_the_verb(
    key: str, job: str, stored: str, said: str
) -> None:
    out = slot_words("ru", key, job, stored)
    assert out is not None and out.endswith(said.removeprefix("Глеб")), out


def test_a_persons_job_reads_as_before_in_the_other_languages() -> None:
    assert slot_words("fr", "person.julien.job", "prof de maths", "") == (
        "Julien travaille comme prof de maths"
    )
    assert slot_words("de", "family.brother.job", "Bäcker", "") == "dein Bruder arbeitet als Bäcker"
