"""Entity info, memory stats, procedures and link events on both stores (SQLite, PostgreSQL),
learned through the real pipeline with the offline rules."""

from __future__ import annotations

from memory_core.clock import ManualClock
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.values import Audience, Category
from tests.factories import USER


async def _learn(memory: Memory, clock: ManualClock, *lines: str, explicit: bool = False) -> None:
    obs = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.02)
    obs.start()
    try:
        for n, line in enumerate(lines):
            await obs.observe(
                Turn(f"t{n}:{line[:8]}", USER, "c1", line, clock.now(), explicit=explicit)
            )
            clock.advance(minutes=1)
        await obs.drain()
    finally:
        await obs.aclose()


async def test_entity_info_and_stats_on_both_stores(
    lexical: Memory, clock: ManualClock, db_rows
) -> None:
    await _learn(
        lexical,
        clock,
        "My sister Aoife lives in Cork.",
        "I'm going to Aoife's wedding in May.",
        "My sister Aoife has diabetes.",
    )
    view = lexical.view(USER, Audience.PRIVATE)
    info = await view.entity("aoife's")
    assert info is not None and info.relation == "sister" and info.protected
    assert "Aoife's" in info.aliases
    assert any("wedding" in f.value_text for f in info.facts)
    assert info.summary and "Cork" in info.summary and "diabetes" not in info.summary
    group = await lexical.view(USER, Audience.GROUP).entity("Aoife")
    assert group is not None and not any("diabetes" in f.value_text for f in group.facts)
    assert await lexical.view("console:bob", Audience.PRIVATE).entity("Aoife") is None
    stats = await view.stats()
    assert stats.by_kind["fact"] >= 3 and stats.entities >= 1
    assert "health" not in (await lexical.view(USER, Audience.GROUP).stats()).by_category
    # Seed 003 §14's hotpath/classify, one per learned turn.
    assert db_rows(lexical, "SELECT COUNT(*) FROM events WHERE op = 'classify'") == [(3,)]


async def test_a_procedure_is_its_own_kind_on_both_stores(
    lexical: Memory, clock: ManualClock
) -> None:
    await _learn(
        lexical,
        clock,
        "remember how I like my reports: 1. summary first 2. then the numbers",
        "how I like my code reviewed: 1. tests first 2. naming second",
    )
    facts = await lexical.list_facts(USER)
    assert sorted((f.kind, f.key, f.category) for f in facts) == [
        ("procedure", "procedure.code", Category.PROCEDURAL),
        ("procedure", "procedure.report", Category.PROCEDURAL),
    ]
    recall = await lexical.recall(USER, "how do I like my reports done?", chat_id="c1", group=False)
    assert [p.key for p in recall.procedures] == ["procedure.report"]
    assert "summary first" not in recall.block.text.casefold()


def test_procedure_triggers_and_questions_in_the_bots_languages() -> None:
    """The explicit trigger and the question in de, es, fr, ru (one topic key for both)."""
    from memory_core.text import procedures

    said = {
        "merk dir, wie ich meine Berichte mag: 1. Zusammenfassung zuerst 2. dann die Zahlen": (
            "Wie mag ich meine Berichte?",
            ["Zusammenfassung zuerst.", "Die Zahlen."],
        ),
        "recuerda cómo me gustan mis informes: primero un resumen; luego los números": (
            "¿Cómo me gustan mis informes?",
            ["Un resumen.", "Los números."],
        ),
        "souviens-toi comment j'aime mes rapports : d'abord un résumé, puis les chiffres": (
            "comment j'aime mes rapports ?",
            ["Un résumé.", "Les chiffres."],
        ),
        "запомни, как я люблю свои отчёты: сначала резюме; затем цифры": (
            "Как я люблю свои отчёты?",
            ["Резюме.", "Цифры."],
        ),
    }
    for told, (question, steps) in said.items():
        found = procedures.detect(told, explicit=False)
        assert found is not None, told
        assert procedures.steps_in(found.value_text) == steps, told
        topic = procedures.asked_topic(question)
        assert topic is not None and found.key == f"procedure.{procedures.topic_slug(topic)}"
    # Not a procedure: no trigger, or no steps.
    assert procedures.detect("how I like my coffee: strong", explicit=False) is None
    assert procedures.detect("I like my reports short", explicit=True) is None
