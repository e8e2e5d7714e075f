"""Categories as configuration (seed 003 §5): the file, its hard limits, and each consumer's
allowlist enforced at the memory_core door — a request outside it is refused, never narrowed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core.categories import (
    DEFAULT_POLICY,
    CategoryPolicy,
    Consumer,
    ContextMode,
    load,
)
from memory_core.clock import ManualClock
from memory_core.errors import CategoriesFileError, CategoryNotAllowedError
from memory_core.jobs import Activity, Enrichment, InsightDraft, Insights, Reflector, TemplateWriter
from memory_core.memory import Memory, MemoryConfig
from memory_core.read.query import MemoryQuery
from memory_core.store import users
from memory_core.values import Audience, Category, NewEpisode, NewFact, SearchFilters
from tests.factories import USER

BOB = "console:bob"


def policy_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "categories.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def open_memory(tmp_path: Path, clock: ManualClock) -> Iterator[object]:
    """``open_memory(policy)``: a lexical Memory on SQLite using ``policy``."""
    opened: list[Memory] = []

    def make(policy: CategoryPolicy = DEFAULT_POLICY) -> Memory:
        mem = Memory.open(
            tmp_path / f"m{len(opened)}.db",
            None,
            clock=clock,
            config=MemoryConfig(categories=policy),
        )
        opened.append(mem)
        return mem

    yield make
    for mem in opened:
        mem.close()


async def seed(memory: Memory, user: str = USER) -> dict[str, int]:
    """One fact per interesting category; their ids by a short name."""
    name = "Ana" if user == USER else "Bob"
    rows = {
        "home": NewFact("home_city", f"{name} lives in Lisbon.", Category.IDENTITY, 0.9),
        "tea": NewFact("likes.tea", f"{name} likes green tea.", Category.SOFT_PREFERENCE, 0.8),
        "sister": NewFact(
            "family.sister.name",
            f"{name}'s sister is called Mia.",
            Category.RELATIONSHIP,
            0.8,
            value_json={"value": "Mia"},
        ),
        "asthma": NewFact("condition", f"{name} has asthma.", Category.HEALTH, 0.9),
        "salary": NewFact("salary", f"{name} earns 4000 EUR a month.", Category.FINANCE, 0.9),
    }
    out = {}
    for short, new in rows.items():
        out[short] = (await memory.remember(user, new)).id
    return out


# ---- the file ------------------------------------------------------------------------------


def test_the_shipped_file_gives_every_category_a_mode_and_every_consumer_a_list() -> None:
    policy = load()
    assert set(policy.specs) == set(Category)
    assert set(policy.allowlists) == set(Consumer)
    assert policy.mode(Category.PROCEDURAL) == ContextMode.REQUEST
    assert policy.mode(Category.HEALTH) == ContextMode.ALL  # an allergy is always in the block
    assert policy.rag_length(Category.RELATIONSHIP) == 5
    # What the engine did before the file existed: all in the block but the searched ones.
    assert {c for c in Category if policy.mode(c) == ContextMode.ALL} == {
        Category.IDENTITY,
        Category.HARD_PREFERENCE,
        Category.SOFT_PREFERENCE,
        Category.TASK_CONTEXT,
        Category.HEALTH,
        Category.REFLECTION,
    }


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[allowlists]\ngroup = ["identity", "health"]\n', "group may not grant health"),
        ('[allowlists]\nreflection = ["credential"]\n', "reflection may not grant credential"),
        ('[allowlists]\ninsights = ["finance"]\n', "insights may not grant finance"),
        ('[allowlists]\nenrichment = ["identity_document"]\n', "may not grant identity_document"),
        ('[allowlists]\nplanner = ["identity"]\n', "unknown consumer 'planner'"),
        ('[allowlists]\nreply = ["tasks"]\n', "unknown category 'tasks'"),
        ('[categories.hobbies]\ncontext = "all"\n', "unknown category 'hobbies'"),
        ('[categories.other]\ncontext = "sometimes"\n', "context must be all, rag or request"),
        ('[categories.other]\ncontext = "rag"\nrag_length = 0\n', "rag_length must be"),
        ("[allowlists\n", "not valid TOML"),
        ("[agents]\nx = 1\n", "unknown table 'agents'"),
    ],
)
def test_a_file_that_widens_the_privacy_rules_or_is_wrong_is_refused(
    tmp_path: Path, text: str, said: str
) -> None:
    """The file can only narrow: a group granted health is refused at start-up, naming it."""
    path = policy_file(tmp_path, text)
    with pytest.raises(CategoriesFileError, match=said) as err:
        load(path)
    assert str(path) in str(err.value)


def test_an_operators_file_replaces_only_what_it_names(tmp_path: Path) -> None:
    path = policy_file(
        tmp_path,
        '[categories.relationship]\ncontext = "all"\n\n[allowlists]\nexport = ["identity"]\n',
    )
    policy = load(path)
    assert policy.mode(Category.RELATIONSHIP) == ContextMode.ALL
    assert policy.allowlists[Consumer.EXPORT] == {Category.IDENTITY}
    assert policy.allowlists[Consumer.REPLY] == DEFAULT_POLICY.allowlists[Consumer.REPLY]
    assert policy.mode(Category.HEALTH) == ContextMode.ALL


def test_a_group_never_gets_a_sensitive_category_whatever_is_asked() -> None:
    """Whatever the tools' list says, in a group it is narrowed by the group's (which the
    ceiling keeps free of anything sensitive)."""
    for category in (Category.HEALTH, Category.FINANCE, Category.CREDENTIAL, Category.REFLECTION):
        assert category not in DEFAULT_POLICY.allowed(Consumer.TOOLS, Audience.GROUP)
        with pytest.raises(CategoryNotAllowedError, match="tools in a group"):
            DEFAULT_POLICY.check(Consumer.TOOLS, [category], audience=Audience.GROUP)


# ---- each consumer at the door ----------------------------------------------------------------


async def test_reply_allowlist_keeps_a_category_out_of_the_block_and_refuses_asking(
    tmp_path: Path, open_memory: object
) -> None:
    path = policy_file(
        tmp_path,
        '[allowlists]\nreply = ["identity", "soft_preference", "health", "hard_preference"]\n',
    )
    memory = open_memory(load(path))  # type: ignore[operator]
    await seed(memory)
    recall = await memory.recall(USER, "what is my sister called?", chat_id="c1", group=False)
    assert "Mia" not in recall.block.text
    assert all(h.fact is None or h.fact.category != Category.RELATIONSHIP for h in recall.hits)
    assert "Ana lives in Lisbon." in recall.block.text
    with pytest.raises(CategoryNotAllowedError, match="relationship"):
        await memory.query(USER, MemoryQuery(categories=("relationship",)), consumer=Consumer.REPLY)


async def test_context_modes_decide_what_the_block_takes(
    tmp_path: Path, open_memory: object
) -> None:
    """``rag`` only when searched (at most rag_length), ``request`` never; ``all`` always."""
    path = policy_file(
        tmp_path,
        '[categories.soft_preference]\ncontext = "request"\n'
        '[categories.identity]\ncontext = "rag"\nrag_length = 1\n',
    )
    memory = open_memory(load(path))  # type: ignore[operator]
    await seed(memory)
    await memory.remember(
        USER, NewFact("job", "Ana works in Lisbon as a nurse.", Category.IDENTITY)
    )
    recall = await memory.recall(USER, "green tea in Lisbon?", chat_id="c1", group=False)
    assert "green tea" not in recall.block.text  # request: never in the block (nor its delta)
    sections = recall.block.text.split("\n\n## ", 1)[1]  # past the delta header
    assert sections.count("Lisbon") == 1  # rag: at most one identity hit
    assert "asthma" in sections  # all: always


async def test_tools_allowlist_refuses_a_category_and_the_filters_cannot_widen_it(
    tmp_path: Path, open_memory: object
) -> None:
    path = policy_file(tmp_path, '[allowlists]\ntools = ["identity", "soft_preference"]\n')
    memory = open_memory(load(path))  # type: ignore[operator]
    await seed(memory)
    tools = memory.tools(USER, Audience.PRIVATE, turn_id="t1", user_name="Ana")
    asked = await tools.run(
        "memory_query", {"query": "asthma", "categories": ["health", "identity"]}
    )
    assert asked.is_error and "not allowed for tools: health" in asked.content
    assert "asthma" not in asked.content
    # No categories named: the allowlist, whatever the query or filters say.
    loose = await tools.run(
        "memory_query",
        {"query": "asthma sister salary", "top_k": 10, "filters": {"confidence_min": 0}},
    )
    data = json.loads(loose.content)
    assert not loose.is_error
    assert {m["category"] for m in data["memories"]} <= {"identity", "soft_preference"}
    assert "asthma" not in loose.content and "Mia" not in loose.content


async def test_a_hostile_tool_call_gets_nothing_of_anyone_else(open_memory: object) -> None:
    """Another category, another user's id or person, a budget of 10^9 tokens: refused or
    nothing, and the same answer as for something that does not exist."""
    memory = open_memory()  # type: ignore[operator]
    await seed(memory)
    bobs = await seed(memory, BOB)
    await memory.remember(
        BOB,
        NewFact(
            "family.brother.name",
            "Bob's brother is called Zoltan.",
            Category.RELATIONSHIP,
            value_json={"value": "Zoltan"},
        ),
    )
    tools = memory.tools(USER, Audience.GROUP, turn_id="t1", user_name="Ana")
    calls = {
        "category": {"query": "asthma", "categories": ["health"]},
        "user": {"query": "salary", "filters": {"user_id": BOB}},
        "agent": {"query": "salary", "agent": "planner"},
        "budget": {"query": "tea", "budget_tokens": 10**9},
        "top_k": {"query": "tea", "top_k": 10**6},
    }
    for name, call in calls.items():
        result = await tools.run("memory_query", call)
        assert result.is_error, name
        assert "Bob" not in result.content and "asthma" not in result.content, name
    zoltan = await tools.run("memory_query", {"filters": {"person": "Zoltan"}})
    nobody = await tools.run("memory_query", {"filters": {"person": "Quentin"}})
    assert not zoltan.is_error and zoltan.content == nobody.content
    assert json.loads(zoltan.content)["memories"] == []
    # Another user's fact id through the write tools: not found, like a made-up one.
    foreign = await tools.run("confirm_fact", {"fact_id": bobs["home"]})
    missing = await tools.run("confirm_fact", {"fact_id": 999999})
    assert foreign.content == missing.content and foreign.is_error


async def test_group_allowlist_narrows_commands_and_the_block(
    tmp_path: Path, open_memory: object
) -> None:
    path = policy_file(tmp_path, '[allowlists]\ngroup = ["identity"]\n')
    memory = open_memory(load(path))  # type: ignore[operator]
    await seed(memory)
    view = memory.view(USER, Audience.GROUP)
    assert [f.category for f in await view.facts(limit=50)] == [Category.IDENTITY]
    recall = await memory.recall(USER, "green tea and my sister", chat_id="g1", group=True)
    assert "tea" not in recall.block.text and "Mia" not in recall.block.text
    with pytest.raises(CategoryNotAllowedError):
        await memory.query(
            USER, MemoryQuery(categories=("soft_preference",)), audience=Audience.GROUP
        )
    profile = await view.profile(fresh=True)
    assert profile is not None
    shown = [e.value_text for entries in profile.sections.values() for e in entries]
    assert shown == ["Ana lives in Lisbon."]
    # The same user's private chat is not narrowed by the group's list.
    private = await memory.view(USER, Audience.PRIVATE).facts(limit=50)
    assert len(private) == 5


async def test_reflection_reads_only_its_allowlist(
    tmp_path: Path, open_memory: object, clock: ManualClock
) -> None:
    path = policy_file(tmp_path, '[allowlists]\nreflection = ["identity", "relationship"]\n')
    memory = open_memory(load(path))  # type: ignore[operator]
    with memory.db.write() as conn:
        users.set_fields(conn, USER, clock.now(), private_chat="dm-1")
    await seed(memory)
    await memory.remember(USER, NewFact("job", "Ana is a nurse.", Category.IDENTITY))
    clock.advance(days=6)  # her first week
    post = await Reflector(memory, TemplateWriter()).compose(USER)
    assert post is not None
    text = (await memory.get_fact(USER, post.fact_id)).value_text
    assert "nurse" in text and "green tea" not in text and "asthma" not in text
    with pytest.raises(CategoryNotAllowedError, match="reflection: soft_preference"):
        memory.config.categories.scoped(
            Consumer.REFLECTION, SearchFilters(categories=(Category.SOFT_PREFERENCE,))
        )


async def test_insights_read_only_their_allowlist(
    tmp_path: Path, open_memory: object, clock: ManualClock
) -> None:
    path = policy_file(tmp_path, '[allowlists]\ninsights = ["soft_preference"]\n')
    memory = open_memory(load(path))  # type: ignore[operator]
    await seed(memory)
    for text in ("I built a shelf", "then a table", "and a chair", "next a bed", "then a door"):
        clock.advance(minutes=2)
        await memory.record_episodes(
            USER, [NewEpisode(chat_id="c1", role="user", text=text, created_at=clock.now())]
        )
    seen: list[Activity] = []

    class Writer:
        async def insights(self, activity: Activity) -> list[InsightDraft]:
            seen.append(activity)
            return []

    await Insights(memory, Writer()).run_user(USER)
    (activity,) = seen
    assert activity.known == ("Ana likes green tea.",)
    with pytest.raises(CategoryNotAllowedError, match="insights: identity"):
        memory.config.categories.scoped(
            Consumer.INSIGHTS, SearchFilters(categories=(Category.IDENTITY,))
        )


async def test_enrichment_reads_only_its_allowlist(tmp_path: Path, open_memory: object) -> None:
    path = policy_file(tmp_path, '[allowlists]\nenrichment = ["relationship"]\n')
    memory = open_memory(load(path))  # type: ignore[operator]
    ids = await seed(memory)

    class Reader:
        async def entities(self, texts: list[str]) -> list[list[object]]:
            return [[] for _ in texts]

    found = await Enrichment(memory, Reader()).users(USER)  # type: ignore[arg-type]
    assert [fid for fid, _ in found.get(USER, [])] == [ids["sister"]]
    with pytest.raises(CategoryNotAllowedError, match="enrichment: finance"):
        memory.config.categories.scoped(
            Consumer.ENRICHMENT, SearchFilters(categories=(Category.FINANCE,))
        )


async def test_export_leaves_out_what_its_allowlist_does_and_an_import_never_removes_it(
    tmp_path: Path, open_memory: object
) -> None:
    path = policy_file(
        tmp_path,
        '[allowlists]\nexport = ["identity", "soft_preference", "relationship", "health"]\n',
    )
    memory = open_memory(load(path))  # type: ignore[operator]
    ids = await seed(memory)
    export = await memory.export(USER, "Ana", None)
    assert "earns" not in export.markdown and "earns" not in export.json
    assert export.count == 4
    # The exported file sent back unchanged: nothing to do (the salary is not a removed line).
    plan = await memory.plan_import(USER, export.markdown.encode())
    assert plan.plan.empty
    assert (await memory.get_fact(USER, ids["salary"])).value_text == "Ana earns 4000 EUR a month."
    with pytest.raises(CategoryNotAllowedError, match="export: finance"):
        memory.config.categories.scoped(
            Consumer.EXPORT, SearchFilters(categories=(Category.FINANCE,))
        )


def test_the_on_demand_gauge_caps_the_share_of_turns() -> None:
    """At most ``max_share × window`` of the last ``window`` turns may use memory_query."""
    from memory_core.user.tools import OnDemandGauge

    gauge = OnDemandGauge(max_share=0.1, window=20)
    for _ in range(2):
        assert gauge.allows()
        gauge.record(True)
    assert not gauge.allows()  # 2 of the last 20 turns: the cap
    for _ in range(18):
        gauge.record(False)
    assert not gauge.allows()
    gauge.record(False)  # the oldest use leaves the window
    assert gauge.allows()
    assert gauge.share() == pytest.approx(1 / 20)
    assert not OnDemandGauge(max_share=0.0).allows()
