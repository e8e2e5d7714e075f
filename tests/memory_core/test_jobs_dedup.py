"""The daily dedup worker: similarity band, batch judging, merges with history, fingerprints."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.errors import InvalidLLMOutputError
from memory_core.jobs import DedupConfig, Deduplicator, LLMJudge, Pair, RulesJudge
from memory_core.llm import ChatReply, ToolCall, ToolSpec, Usage
from memory_core.memory import Memory
from memory_core.store import user_data as user_data_repo
from memory_core.values import Fact, NewFact, Status
from tests.factories import USER, fact


async def remember(memory: Memory, key: str, text: str, **kw: object) -> Fact:
    return await memory.remember(
        USER,
        NewFact(key=key, value_text=text, **kw),  # type: ignore[arg-type]
    )


class CountingJudge:
    """Says ``verdict`` for every pair and counts what it was asked."""

    def __init__(self, verdict: bool) -> None:
        self.verdict = verdict
        self.judged = 0

    async def same(self, pairs: Sequence[Pair]) -> list[bool]:
        self.judged += len(pairs)
        return [self.verdict] * len(pairs)


async def test_near_duplicates_are_merged_into_the_better_copy_with_history(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    keep = await remember(
        memory, "favourite_color", "Ana's favourite colour is blue.", confidence=0.7
    )
    dup = await remember(memory, "note.color", "Ana's favourite colour is deep blue.")
    await remember(memory, "likes.green_tea", "Ana likes green tea.")
    await remember(memory, "likes.black_tea", "Ana likes black tea.")
    report = await Deduplicator(memory, RulesJudge(), DedupConfig(min_similarity=0.9)).run_user(
        USER
    )
    assert report.merged == 1 and report.pairs >= 2  # the tea pair was judged different
    kept, gone = await memory.get_fact(USER, keep.id), await memory.get_fact(USER, dup.id)
    assert kept.status == Status.ACTIVE and kept.mention_count == 2
    assert gone.status == Status.SUPERSEDED
    events = db_rows(memory, "SELECT fact_id, event, reason FROM fact_history WHERE event='merged'")
    assert {(fid, reason) for fid, _e, reason in events} == {
        (dup.id, f"merged into #{keep.id}"),
        (keep.id, f"merged #{dup.id} into it"),
    }
    found = [h.id for h in await memory.search(USER, "favourite colour deep blue")]
    assert found[0] == keep.id and dup.id not in found
    assert len(db_rows(memory, "SELECT fingerprint FROM dedup_checks")) == report.pairs
    # Seed 003 §14: one worker/merge event, on the kept fact, with the pair's similarity.
    merge = db_rows(memory, "SELECT node, memory_id, category, sim FROM events WHERE op='merge'")
    assert len(merge) == 1 and merge[0][:3] == ("worker", keep.id, "other")
    assert merge[0][3] is not None and merge[0][3] >= 0.9
    tea = {f.key for f in await memory.list_facts(USER) if f.key.startswith("likes.")}
    assert tea == {"likes.green_tea", "likes.black_tea"}


async def test_checked_pairs_are_not_rechecked_for_14_days(
    lexical: Memory, clock: ManualClock
) -> None:
    await remember(lexical, "trip.a", "Ana flies to Rome in May.", importance=3)
    await remember(lexical, "trip.b", "Ana flies to Rome in June.", importance=3)
    judge = CountingJudge(verdict=False)
    job = Deduplicator(lexical, judge, DedupConfig(min_jaccard=0.5))
    assert (await job.run_user(USER)).pairs == 1
    clock.advance(days=13)
    second = await job.run_user(USER)
    assert (second.pairs, second.skipped_recent, judge.judged) == (0, 1, 1)
    clock.advance(days=2)
    assert (await job.run_user(USER)).pairs == 1 and judge.judged == 2


async def test_pairs_per_user_and_batches_are_bounded(lexical: Memory, clock: ManualClock) -> None:
    for month in ("May", "June", "July", "August"):
        await remember(lexical, f"trip.{month.lower()}", f"Ana flies to Rome in {month}.")
    batches: list[int] = []

    class Recording(CountingJudge):
        async def same(self, pairs: Sequence[Pair]) -> list[bool]:
            batches.append(len(pairs))
            return await super().same(pairs)

    job = Deduplicator(lexical, Recording(False), DedupConfig(pairs_per_user=5, batch=2))
    report = await job.run_user(USER)
    assert report.pairs == 5 and batches == [2, 2, 1]
    assert await job.users() == [USER]


class ScriptedLLM:
    """The LLM port, answering tool calls from a script."""

    def __init__(self, answers: list[dict[str, Any]]) -> None:
        self.answers = answers
        self.prompts: list[list[dict[str, Any]]] = []

    async def call_tool(
        self, *, system: str, messages: list[dict[str, Any]], tool: ToolSpec, max_tokens: int
    ) -> ToolCall:
        self.prompts.append(messages)
        return ToolCall(self.answers.pop(0), Usage("fake", 1, 1))

    async def chat(
        self, *, system: str, messages: list[dict[str, Any]], max_tokens: int
    ) -> ChatReply:
        raise NotImplementedError


def pair(a: str, b: str, ids: tuple[int, int] = (1, 2)) -> Pair:
    return Pair(fact(ids[0], a), fact(ids[1], b), 0.95)


async def test_llm_judge_needs_exactly_one_verdict_per_pair() -> None:
    llm = ScriptedLLM(
        [
            {"verdicts": [{"pair": 1, "same": True}]},  # pair 2 missing: re-prompted
            {"verdicts": [{"pair": 1, "same": True}, {"pair": 2, "same": False}]},
        ]
    )
    verdicts = await LLMJudge(llm).same(
        [
            pair("Ana has a cat named Tom.", "Ana's cat is called Tom."),
            pair("tea", "coffee", (3, 4)),
        ]
    )
    assert verdicts == [True, False]
    assert "rejected" in llm.prompts[1][-1]["content"]
    broken = ScriptedLLM([{"verdicts": []}] * 3)
    with pytest.raises(InvalidLLMOutputError):  # a failing judge never reads as "different"
        await LLMJudge(broken).same([pair("a", "b")])


class ErasingJudge(CountingJudge):
    """The user's /forgetme lands while their pairs are being judged."""

    def __init__(self, memory: Memory) -> None:
        super().__init__(verdict=True)
        self.memory = memory

    async def same(self, pairs: Sequence[Pair]) -> list[bool]:
        await self.memory.erase(USER)
        return await super().same(pairs)


async def test_an_erasure_while_pairs_are_judged_writes_nothing_back(lexical: Memory) -> None:
    await remember(lexical, "trip.a", "Ana flies to Rome in May.", importance=3)
    await remember(lexical, "trip.b", "Ana flies to Rome in June.", importance=3)
    job = Deduplicator(lexical, ErasingJudge(lexical), DedupConfig(min_jaccard=0.5))
    assert (await job.run_user(USER)).merged == 0
    with lexical.db.read() as conn:
        assert user_data_repo.leftovers(conn, USER) == {}


async def test_two_children_named_apart_by_their_keys_are_not_merged_offline(
    lexical: Memory, clock: ManualClock
) -> None:
    """ "Kofi is one of Ana's sons." and "Jo is …" are alike in every word but the name their
    keys hold: two sons (the offline judge's word overlap called them one, and a son went)."""
    kofi = await remember(lexical, "family.son.kofi.name", "Kofi is one of Ana's sons.")
    jo = await remember(lexical, "family.son.jo.name", "Jo is one of Ana's sons.")
    job = Deduplicator(lexical, RulesJudge(), DedupConfig(min_jaccard=0.3))
    report = await job.run_user(USER)
    assert report.pairs == 1 and report.merged == 0
    for son in (kofi, jo):
        assert (await lexical.get_fact(USER, son.id)).status == Status.ACTIVE


@pytest.mark.parametrize("judge", [RulesJudge(), CountingJudge(True)], ids=["rules", "model"])
async def test_a_persons_name_and_age_are_never_merged(
    lexical: Memory, clock: ManualClock, judge: Any
) -> None:
    """ "Ana's son is named Leo." and "Ana's son Leo is 7." share all but one word: the first
    nightly dedup merged the age into the name, and "how old is my son?" had no answer from
    the next day on (in every language). Two attributes of one person, or sentences whose
    numbers differ, are no pair for any judge."""
    name = await remember(lexical, "family.son.leo.name", "Ana's son is named Leo.")
    age = await remember(lexical, "family.son.leo.age", "Ana's son Leo is 7.")
    pet = await remember(lexical, "pet.note_a", "Ana walks the dog 2 times a day.")
    more = await remember(lexical, "pet.note_b", "Ana walks the dog 3 times a day.")
    home = await remember(lexical, "home_city", "Ana lives in Leeds.")
    work = await remember(lexical, "work_city", "Ana works in Leeds.")
    report = await Deduplicator(lexical, judge, DedupConfig(min_jaccard=0.3)).run_user(USER)
    assert report.pairs == 0 and report.merged == 0
    for told in (name, age, pet, more, home, work):
        assert (await lexical.get_fact(USER, told.id)).status == Status.ACTIVE
