"""The forget guard (issue 22 item 5, issue 23 item 3): only what the user asked to forget is
guarded; the user's own new statement after the forget is learned; old material and the
model's tools never bring it back, in the same words or in other words (matched by meaning
with the real embedder); a faded fact is learned again when told again."""

from __future__ import annotations

from memory_core.clock import ManualClock
from memory_core.extract.rules import RulesExtractor
from memory_core.jobs import Lifecycle
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.values import Audience, SearchFilters, Status

USER = "console:ana"


async def _say(memory: Memory, clock: ManualClock, n: int, text: str) -> None:
    """One chat turn of the user, learned by the real rules (a minute later)."""
    clock.advance(minutes=1)
    observer = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.05)
    await observer.observe(
        Turn(
            turn_id=f"t{n}",
            user_id=USER,
            chat_id="c1",
            user_text=text,
            time=clock.now(),
            assistant_text="ok",
            user_name="Ana",
        )
    )
    observer.start()
    await observer.drain()
    await observer.aclose()


async def _active(memory: Memory) -> list[str]:
    facts = await memory.list_facts(USER, SearchFilters(statuses=(Status.ACTIVE,)))
    return [f.value_text for f in facts]


async def test_a_forgotten_fact_comes_back_only_when_the_user_says_it_anew(
    memory: Memory, clock: ManualClock
) -> None:
    await _say(memory, clock, 1, "I'm allergic to peanuts.")
    (allergy,) = await memory.list_facts(USER)
    clock.advance(minutes=1)
    await memory.forget(USER, allergy.id)
    tools = memory.tools(USER, Audience.PRIVATE, turn_id="t2", user_name="Ana")
    # The model, in the same or other words: never brought back.
    for words in ("I'm allergic to peanuts", "I have a peanut allergy"):
        result = await tools.run("remember_fact", {"text": words})
        assert result.changes == (), words
    assert await _active(memory) == []
    # The user's own new statement, after the forget, is their word: learned.
    await _say(memory, clock, 3, "I have a peanut allergy.")
    learned = await _active(memory)
    assert learned and all("peanut" in t for t in learned)


async def test_a_paraphrase_of_another_forgotten_fact_is_still_learned_when_different(
    memory: Memory, clock: ManualClock
) -> None:
    """Matching by meaning is not matching by shape: another allergy is another fact."""
    await _say(memory, clock, 1, "I'm allergic to peanuts.")
    (allergy,) = await memory.list_facts(USER)
    await memory.forget(USER, allergy.id)
    tools = memory.tools(USER, Audience.PRIVATE, turn_id="t2", user_name="Ana")
    result = await tools.run("remember_fact", {"text": "I'm allergic to penicillin"})
    assert len(result.changes) == 1
    assert [t for t in await _active(memory) if "penicillin" in t]


async def test_our_dog_biscuit_faded_then_told_again_is_known_again(
    memory: Memory, clock: ManualClock
) -> None:
    """The issue's report: a fact deleted by time could never be taught again."""
    await _say(memory, clock, 1, "I drive a Honda Civic.")
    (car,) = await memory.list_facts(USER)
    clock.advance(days=61)
    assert (await Lifecycle(memory).run()).faded == 1
    assert await memory.search(USER, "what car do I drive?") == []
    await _say(memory, clock, 2, "I drive a Honda Civic.")
    hits = await memory.search(USER, "what car do I drive?")
    assert [h.id for h in hits] == [car.id]  # the same memory, back, with its history
    events = [e.event for e in await memory.history(USER, fact_id=car.id)]
    assert events == ["created", "faded", "restored"]
