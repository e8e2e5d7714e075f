"""A group's own memory at the memory_core door (both stores): consent gates every write and
is re-checked in the write transaction, topics and chats are apart, nothing private goes in,
and a member's erasure leaves no row or word of theirs in it."""

from __future__ import annotations

from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.learn.flow import Pipeline
from memory_core.learn.lookup import Related
from memory_core.memory import Memory
from memory_core.types import GroupConsent, GroupForgetOutcome, chat_of, group_key
from memory_core.user import groups as groups_mod
from memory_core.user.erase import leftovers

ANA, BOB = "telegram:1", "telegram:2"
GROUP = group_key("telegram", "-100")
TOPIC = group_key("telegram", "-100", "7")
OTHER = group_key("telegram", "-200")


async def _agreed(memory: Memory, member: str, group: str = GROUP) -> None:
    await memory.answer_group_consent(member, chat_of(group), agree=True)


async def test_nothing_is_kept_before_the_member_agrees_and_the_first_statement_waits(
    lexical: Memory, clock: ManualClock
) -> None:
    heard = await lexical.hear_in_group(
        GROUP, ANA, "Ana", "t1", "our book club meets on Thursdays at 7", clock.now()
    )
    assert heard.statement and heard.ask and heard.consent == GroupConsent.ASKED
    assert await lexical.group_facts(GROUP) == []
    # A quiet remark (not for the bot) from someone never asked: nothing kept, nothing waits.
    quiet = await lexical.hear_in_group(
        GROUP, BOB, "Bob", "t2", "we decided to go to Lisbon in May", clock.now(), ask=False
    )
    assert quiet.statement and not quiet.ask and await lexical.group_facts(GROUP) == []
    kept = await lexical.answer_group_consent(ANA, chat_of(GROUP), agree=True)
    assert kept is not None and kept.fact is not None
    assert [f.fact.value_text for f in await lexical.group_facts(GROUP)] == [
        "Our book club meets on Thursdays at 7."
    ]


async def test_a_consent_withdrawn_while_learning_wins(
    lexical: Memory, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Consent is checked again inside the write transaction, after the look-ups."""
    await _agreed(lexical, ANA)
    real = Pipeline.look_up_here

    def withdraw_meanwhile(self: Pipeline, *args: Any, **kwargs: Any) -> Related:
        found = real(self, *args, **kwargs)
        groups_mod.remove_member(lexical, ANA, chat_of(GROUP))
        with lexical.db.write() as conn:
            groups_mod.repo.put_consent(conn, ANA, chat_of(GROUP), "refused", clock.now())
        return found

    monkeypatch.setattr(Pipeline, "look_up_here", withdraw_meanwhile)
    heard = await lexical.hear_in_group(
        GROUP, ANA, "Ana", "t1", "we decided to go to Lisbon in May", clock.now()
    )
    assert heard.fact is None and heard.consent == GroupConsent.REFUSED
    assert await lexical.group_facts(GROUP) == []


async def test_topics_and_chats_are_apart_and_a_person_never_reads_them(
    lexical: Memory, clock: ManualClock
) -> None:
    await _agreed(lexical, ANA)
    await lexical.hear_in_group(
        TOPIC, ANA, "Ana", "t1", "our band rehearses, we meet on Mondays at 6", clock.now()
    )
    assert [f.fact.value_text for f in await lexical.group_facts(TOPIC)]
    assert await lexical.group_facts(GROUP) == []
    assert await lexical.group_facts(OTHER) == []
    # Neither the member's own memory nor another chat's recall reads it.
    for owner, group in ((ANA, None), (ANA, GROUP), (BOB, OTHER)):
        recall = await lexical.recall(
            owner,
            "when do we meet? Mondays",
            chat_id="x",
            group=group is not None,
            group_key=group,
        )
        shown = " ".join(h.fact.value_text for h in [*recall.hits, *recall.group_hits] if h.fact)
        assert "Mondays" not in shown
    here = await lexical.recall(
        BOB, "when do we meet? Mondays", chat_id="-100", group=True, group_key=TOPIC
    )
    assert any("Mondays" in h.fact.value_text for h in here.group_hits if h.fact)
    # A group key is no platform identity: nobody resolves to it.
    assert await lexical.owner_of(TOPIC) == TOPIC and not TOPIC.startswith("telegram:")


async def test_nothing_private_or_secret_goes_in(lexical: Memory, clock: ManualClock) -> None:
    await _agreed(lexical, ANA)
    for n, text in enumerate(
        (
            "our wifi password is hunter22, we meet at 7",
            "we all know Bob has HIV, we decided to help him",
            "between us, we decided Cy is leaving in May",
            "we meet at Bob's place, he has debts and diabetes",
        )
    ):
        heard = await lexical.hear_in_group(GROUP, ANA, "Ana", f"t{n}", text, clock.now())
        assert heard.fact is None, text
    assert await lexical.group_facts(GROUP) == []


@pytest.mark.sqlite_only  # the reading happens before the store is touched
async def test_a_statement_private_only_by_meaning_is_not_the_groups(
    memory: Memory, clock: ManualClock
) -> None:
    """The group's path reads with the one sensitivity model, not the rules alone: a plan
    that speaks of self-harm or worship in words no rule knows is not kept (nor held for
    consent), and an everyday plan still is."""
    await _agreed(memory, ANA)
    for n, text in enumerate(
        (
            "we decided Ana should not be alone on Friday after what she tried last week",
            "our group meets every Tuesday at the mosque for evening prayer",
        )
    ):
        heard = await memory.hear_in_group(GROUP, ANA, "Ana", f"t{n}", text, clock.now())
        assert not heard.statement and heard.fact is None, text
    heard = await memory.hear_in_group(
        GROUP, ANA, "Ana", "t9", "our book club meets on Thursdays at 7", clock.now()
    )
    assert heard.fact is not None
    assert [f.fact.value_text for f in await memory.group_facts(GROUP)] == [
        "Our book club meets on Thursdays at 7."
    ]


async def test_forget_is_for_admins_and_the_speaker_and_erasure_leaves_nothing(
    lexical: Memory, clock: ManualClock
) -> None:
    await _agreed(lexical, ANA)
    await _agreed(lexical, BOB)
    ana = await lexical.hear_in_group(
        GROUP, ANA, "Ana", "t1", "we decided to go to Lisbon in May", clock.now()
    )
    bob = await lexical.hear_in_group(
        GROUP, BOB, "Bob", "t2", "the rota: Bob does the shopping this week", clock.now()
    )
    assert ana.fact is not None and bob.fact is not None
    refused = await lexical.forget_group_fact(GROUP, ana.fact.id, BOB, admin=False)
    assert refused == GroupForgetOutcome.NOT_ALLOWED
    assert await lexical.forget_group_fact(GROUP, bob.fact.id, BOB, admin=False) == (
        GroupForgetOutcome.FORGOTTEN
    )
    assert await lexical.forget_group_fact(GROUP, bob.fact.id, ANA, admin=True) == (
        GroupForgetOutcome.NOT_FOUND
    )
    # Ana's /forgetme: what only she said is gone for good, and no row of hers is left.
    await lexical.erase(ANA, rewrite=False)
    assert await lexical.group_facts(GROUP) == []
    assert leftovers(lexical.db, ANA) == {}
    with lexical.db.read() as conn:
        rows = conn.exec_driver_sql(
            "SELECT value_text FROM facts WHERE user_id = 'chat:telegram:-100'"
        ).all()
        said = conn.exec_driver_sql("SELECT COUNT(*) FROM group_said").scalar()
    assert not [r for r in rows if "Lisbon" in str(r[0])] and said == 0


async def test_the_same_plan_in_other_words_names_the_second_member_and_asks_nothing(
    lexical: Memory, clock: ManualClock
) -> None:
    await _agreed(lexical, ANA)
    await _agreed(lexical, BOB)
    await lexical.hear_in_group(
        GROUP, ANA, "Ana", "t1", "our book club meets on Thursdays at 7", clock.now()
    )
    again = await lexical.hear_in_group(
        GROUP, BOB, "Bob", "t2", "we meet on Thursdays at 7, agreed", clock.now()
    )
    assert again.fact is not None and again.conflict_ids == ()
    (only,) = await lexical.group_facts(GROUP)
    assert only.said_by == ("Ana", "Bob")
    moved = await lexical.hear_in_group(
        GROUP, BOB, "Bob", "t3", "we meet on Fridays at 8 from now on", clock.now()
    )
    assert moved.conflict_ids  # a changed plan asks the group's admins
    # Ana's /forgetme leaves the plan Bob said too, under his name only.
    await lexical.erase(ANA, rewrite=False)
    (left,) = await lexical.group_facts(GROUP)
    assert left.said_by == ("Bob",) and "Thursdays" in left.fact.value_text


def test_group_plans_are_read_in_the_bots_other_languages() -> None:
    """German, Spanish, French and Russian group statements are the group's, filed as meeting,
    rota, rule or plan; their questions, maybes and secrets are not (issue 23)."""
    from memory_core.extract.group import group_candidate

    kinds = {
        "Unser Lesekreis trifft sich donnerstags um 19 Uhr": "group.meeting",
        "Wir haben beschlossen, im Mai nach Lissabon zu fahren": "group.plan.",
        "Nuestro club se reúne los martes a las 8": "group.meeting",
        "Decidimos ir a Oporto en junio": "group.plan.",
        "Cette semaine, c'est le tour de Léa de faire les courses": "group.rota",
        "On a décidé de partir à Lyon en septembre": "group.plan.",
        "Мы решили поехать в Казань в июле": "group.plan.",
        "В нашем клубе правило: никогда не опаздывать": "group.rule.",
    }
    for text, kind in kinds.items():
        found = group_candidate(text)
        assert found is not None and found.key.startswith(kind), (text, found)
    for text in (
        "Wann treffen wir uns am Samstag?",
        "Vielleicht fahren wir im Mai nach Rom",
        "¿Quedamos el viernes?",
        "Si on part en juin, on prend le train",
        "Между нами, мы решили уволить Олега в мае",
        "Wir treffen uns am Freitag, mein Passwort ist hunter22",
        # English "on" is not French "on" (we): the speaker's own habits stay theirs.
        "I play padel on Sundays",
        "On Monday I go to the gym alone",
    ):
        assert group_candidate(text) is None, text
