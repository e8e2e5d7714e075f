"""A profile entry keeps the slot's value (the app says it in the user's language: "du wohnst
in Köln"), and never where the entry's text is masked for its audience."""

from __future__ import annotations

from memory_core.jobs import profile as profile_job
from memory_core.memory import Memory
from memory_core.values import Audience, Category, NewFact
from tests.factories import USER


def entries(profile: profile_job.Profile | None) -> dict[int, profile_job.Entry]:
    """A profile's entries by fact id."""
    assert profile is not None
    return {e.fact_id: e for section in profile.sections.values() for e in section}


async def test_a_profile_entry_keeps_its_slot_value_but_a_masked_one_does_not(
    lexical: Memory,
) -> None:
    home = await lexical.remember(
        USER,
        NewFact(
            key="home_city",
            value_text="Ana lives in Köln.",
            category=Category.IDENTITY,
            value_json={"value": "Köln"},
        ),
    )
    allergy = await lexical.remember(
        USER,
        NewFact(
            key="allergy",
            value_text="Ana is allergic to penicillin.",
            category=Category.HEALTH,
            value_json={"value": "penicillin"},
        ),
    )
    code = await lexical.remember(
        USER,
        NewFact(
            key="door_code",
            value_text="Ana's door code is 4711.",
            category=Category.CREDENTIAL,
            value_json={"value": "4711"},
        ),
    )
    await profile_job.rebuild(lexical, USER)
    private = entries(await lexical.view(USER, Audience.PRIVATE).profile())
    assert private[home.id].slot_value == "Köln"
    assert private[allergy.id].slot_value == "penicillin"
    # A secret is masked even in private: no slot value says it.
    assert "4711" not in private[code.id].value_text and private[code.id].slot_value is None
    group = entries(await lexical.view(USER, Audience.GROUP).profile())
    for entry in group.values():
        shown = f"{entry.value_text} {entry.slot_value}"
        assert "penicillin" not in shown and "4711" not in shown, entry


async def test_the_name_the_users_latest_message_came_with(lexical: Memory) -> None:
    """What the stored facts call the user ("Ana's home city…"), for saying them to her."""
    from memory_core.values import NewEpisode

    now = lexical.clock.now()
    assert await lexical.user_speaker(USER) is None
    await lexical.record_episodes(
        USER,
        [
            NewEpisode("c1", "user", "I live in Köln.", now, turn_id="t1", speaker="Ana Silva"),
            NewEpisode("c1", "assistant", "Got it.", now, turn_id="t1", speaker="assistant"),
        ],
    )
    assert await lexical.user_speaker(USER) == "Ana Silva"
    assert await lexical.user_speaker("console:someone-else") is None
