"""Special categories and self-harm through the real Telegram adapter: what a member says in a
group about their sexuality, faith, politics, union, criminal record, immigration status, money
or health is never echoed to the group, nor shown there later; self-harm gets a caring reply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import structlog
from structlog.contextvars import merge_contextvars

from bot import responder, texts
from bot.i18n import t
from tests.adapters.test_telegram_e2e import BOT, running, text_of

#: One statement per special category, with the words that must never reach the group.
STATEMENTS = {
    "I'm bisexual and my parents don't know": "bisexual",
    "I'm a practising Muslim": "muslim",
    "I vote Labour every time": "labour",
    "I'm a shop steward for Unite": "steward",
    "I was arrested for shoplifting in 2018": "shoplifting",
    "I overstayed my visa and I'm undocumented": "undocumented",
    "We're in serious financial strain this year": "strain",
    "I'm 12 weeks pregnant": "pregnant",
}


async def test_a_group_never_sees_a_members_special_categories(tmp_path: Path) -> None:
    async with running(tmp_path) as h:
        group = h.tg.group(-1002, "Friends")
        ana = h.tg.user(201, "Ana")
        for statement, word in STATEMENTS.items():
            said = await h.say(ana, f"@{BOT} {statement}", group)
            assert word not in text_of(said).lower(), statement
        await h.settle()
        # Learned privately, all of it (the user's memory keeps what they said) …
        facts = await h.runtime.memory.list_facts(f"telegram:{ana.id}")
        private = [f for f in facts if f.sensitive]
        assert len(private) >= len(STATEMENTS) - 1
        # … and never shown in the group, however she asks.
        for question in ("what do you know about me?", "am I religious?", "who do I vote for?"):
            shown = text_of(await h.say(ana, f"@{BOT} {question}", group)).lower()
            assert not any(word in shown for word in STATEMENTS.values()), question
        assert not any(word in text_of(h.tg.sent(group.id)).lower() for word in STATEMENTS.values())


async def test_self_harm_gets_care_in_private_and_is_never_repeated_in_a_group(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as h:
        ana = h.tg.user(301, "Ana")
        reply = text_of(await h.say(ana, "Some days I think about ending it all"))
        assert responder.CARE_REPLY in reply and texts.HELP_POINTER in reply
        assert "Got it" not in reply and "ending it all" not in reply

        group = h.tg.group(-1003, "Team")
        ben = h.tg.user(302, "Ben")
        said = text_of(await h.say(ben, f"@{BOT} honestly I don't see the point in living", group))
        assert said == responder.GROUP_CARE_REPLY
        await h.settle()
        later = text_of(await h.say(ben, f"@{BOT} what do you know about me?", group))
        assert "point in living" not in later and "living" not in later


#: A crisis said in each of the bot's other languages (read by the rules), by a user whose app
#: is in English: the crisis reply follows the language of the message.
CRISIS_BY_LANGUAGE = {
    "de": "ich will mit meinem Leben Schluss machen, ich kann nicht mehr",
    "es": "quiero poner fin a mi vida, no aguanto más",
    "fr": "je vais mettre fin à ma vie ce week-end",
    "ru": "хочу свести счёты с жизнью, больше не могу",
}


@pytest.mark.parametrize(("lang", "said"), sorted(CRISIS_BY_LANGUAGE.items()))
async def test_the_crisis_reply_is_in_the_language_the_user_wrote_in_and_a_group_hears_none_of_it(
    tmp_path: Path, lang: str, said: str
) -> None:
    """Private: the caring reply and where to find help, both from the catalogue in the
    message's language (never the English text, never "Got it"). Group: the group's short word
    in that language, and neither the user's words nor the help pointer."""
    care, pointer = t(lang, responder.CARE_REPLY), t(lang, texts.HELP_POINTER)
    group_care = t(lang, responder.GROUP_CARE_REPLY)
    assert responder.CARE_REPLY not in {care, group_care} and pointer != texts.HELP_POINTER
    async with running(tmp_path) as h:
        ana = h.tg.user(401, "Ana", language_code="en")
        reply = text_of(await h.say(ana, said))
        assert care in reply and pointer in reply, reply
        assert responder.CARE_REPLY not in reply and texts.HELP_POINTER not in reply
        assert said not in reply

        group = h.tg.group(-1004, "Team")
        ben = h.tg.user(402, "Ben", language_code="en")
        shown = text_of(await h.say(ben, f"@{BOT} {said}", group))
        assert shown == group_care, shown
        await h.settle()
        # Learning afterwards posts nothing more there: the short word is all the group got.
        assert text_of(h.tg.sent(group.id)) == group_care


async def test_a_private_facts_words_never_reach_a_log_through_its_key(tmp_path: Path) -> None:
    """Keys are made of the user's words ("habit.vote_greens…", "past.abortion…"): a private
    fact's key is logged by its first part only — learned, skipped or forgotten."""
    said = {
        "I always vote Greens, every single election": "greens",
        "I had an abortion in the spring": "abortion",
        "tengo deudas enormes con el banco": "deudas",
    }
    with structlog.testing.capture_logs(processors=[merge_contextvars]) as logs:
        async with running(tmp_path) as h:
            ana = h.tg.user(401, "Ana")
            for line in said:
                await h.say(ana, line)
            await h.settle()
            facts = await h.runtime.memory.list_facts(f"telegram:{ana.id}")
            assert any(f.sensitive for f in facts)  # learned, privately
            for fact in facts:
                await h.runtime.memory.forget(f"telegram:{ana.id}", fact.id)
    logged = json.dumps([{k: str(v) for k, v in e.items()} for e in logs]).lower()
    assert "fact_learned" in logged and "fact_forgotten" in logged
    assert [w for w in said.values() if w in logged] == []
