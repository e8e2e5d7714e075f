"""The memory page over HTTP (no browser): sign-in by one-time link, every change through the
chat's door and policies, CSRF, headers, rate limits, logs, and no other user's memory."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import structlog

from bot.page.server import CSP, PageLimits
from memory_core.clock import ManualClock
from memory_core.values import Status
from tests.bot.page_harness import page_bot

pytestmark = pytest.mark.timeout(120)


def fact_ids(html: str) -> set[int]:
    """The fact ids a page lists."""
    return {int(x) for x in re.findall(r'data-id="(\d+)"', html)}


async def test_a_link_opens_the_page_once(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        link = await bot.link()
        async with bot.visitor() as page:
            first = await page.open_link(link)
            assert first.status == 200 and first.url.path == "/memory/"
            cookie = first.history[0].headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            assert "Secure" not in cookie  # plain http on localhost
            status, html = await page.get("/")
            assert status == 200 and "You live in Lisbon." in html
        async with bot.visitor() as thief:  # the same link again: spent
            replay = await thief.open_link(link)
            assert replay.status == 403
            status, _ = await thief.get("/")
            assert status == 401


async def test_forged_and_expired_links_are_refused(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        link = await bot.link()
        payload, mac = link.split("t=", 1)[1].split(".")
        async with bot.visitor() as page:
            forged = await page.open_link(f"{page.base}/open?t={payload}.{mac[:-2]}xx")
            assert forged.status == 403
            clock.advance(minutes=16)
            expired = await page.open_link(link)
            assert expired.status == 403
            assert (await page.get("/"))[0] == 401


async def test_no_link_is_given_in_a_group(tmp_path: Path, clock: ManualClock) -> None:
    from tests.factories import group_message

    async with page_bot(tmp_path, clock) as bot:
        assert bot.session.runtime is not None
        replies = await bot.session.runtime.router.on_message(
            group_message("/memories web", at=clock.now())
        )
        said = " ".join(r.text for r in replies)
        assert "/memory/open" not in said and "private chat" in said


async def test_tls_makes_the_cookie_secure(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock, public_url="https://bot.example.com") as bot:
        assert bot.page.secure
        assert bot.page.link("console:ana").startswith("https://bot.example.com/memory/open?t=")


async def test_every_answer_carries_the_policy(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot, bot.signed_in() as page:
        async with page.http.get(page.base + "/") as r:
            assert r.headers["Content-Security-Policy"] == CSP
            assert r.headers["X-Content-Type-Options"] == "nosniff"
            html = await r.text()
        assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP
        assert "<script>" not in html and " on" + "click=" not in html  # no inline script
        assert "script-src 'self' https://telegram.org;" in CSP


async def test_search_edit_forget_undo_and_pin(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "I live in Lisbon", "My favourite colour is green")
        async with bot.signed_in() as page:
            facts = {f.value_text: f for f in await bot.facts()}
            home = next(f for k, f in facts.items() if "Lisbon" in k)
            colour = next(f for k, f in facts.items() if "green" in k)
            status, found = await page.get("/search", q="lisbon")
            assert status == 200 and fact_ids(found) == {home.id}
            # A preference learned in passing is corrected at once...
            status, html = await page.post(
                f"/fact/{colour.id}/edit", value="My favourite colour is blue"
            )
            assert status == 200 and "Saved." in html and "blue" in html
            active = [f.value_text for f in await bot.facts(statuses=(Status.ACTIVE,))]
            assert any("blue" in v for v in active) and not any("green" in v for v in active)
            # ... where one's home is (high risk) asks first, with the chat's choices.
            status, html = await page.post(f"/fact/{home.id}/edit", value="I live in Porto")
            assert "confirm the change below" in html
            assert "Only for now" in html
            conflict = int(re.search(r"/conflict/(\d+)/update", html).group(1))  # type: ignore[union-attr]
            active = [f.value_text for f in await bot.facts(statuses=(Status.ACTIVE,))]
            assert any("Lisbon" in v for v in active) and not any("Porto" in v for v in active)
            status, html = await page.post(f"/conflict/{conflict}/update")
            assert "Done." in html
            active = [f.value_text for f in await bot.facts(statuses=(Status.ACTIVE,))]
            assert any("Porto" in v for v in active) and not any("Lisbon" in v for v in active)
            assert "/conflict/" not in html
            # Forget, then undo.
            porto = next(f for f in await bot.facts() if "Porto" in f.value_text)
            status, html = await page.post(f"/fact/{porto.id}/forget")
            assert "Forgotten." in html and "Porto" not in html
            status, html = await page.post("/undo")
            assert "Undone." in html and "Porto" in html
            # Pin.
            status, html = await page.post(f"/fact/{porto.id}/pin")
            assert "Pinned" in html
            assert next(f for f in await bot.facts() if f.id == porto.id).pinned


async def test_secrets_are_masked_until_revealed(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember my wifi password is hunter2-Gr33n")
        async with bot.signed_in() as page:
            status, html = await page.get("/")
            assert "hunter2-Gr33n" not in html and "••••" in html
            secret = next(f for f in await bot.facts() if "hunter2" in f.value_text)
            status, html = await page.get(f"/fact/{secret.id}")
            assert "hunter2-Gr33n" not in html
            status, html = await page.post(f"/fact/{secret.id}/reveal")
            assert status == 200 and "hunter2-Gr33n" in html


async def test_preview_export_import_pause_and_erase(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I'm allergic to peanuts", "/remember I live in Lisbon")
        async with bot.signed_in() as page:
            status, html = await page.get("/", sample="Can you suggest a snack?")
            assert status == 200 and 'class="block"' in html and "peanuts" in html
            async with page.http.get(page.base + "/export.md") as r:
                markdown = await r.text()
                assert r.status == 200 and "attachment" in r.headers["Content-Disposition"]
            edited = markdown.replace("Lisbon", "Porto") + "\n- I play the cello\n"
            status, html = await page.post("/import", text=edited)
            assert status == 200 and 'id="import-preview"' in html and "cello" in html
            assert not any("cello" in f.value_text for f in await bot.facts())  # preview only
            import_id = re.search(r"/import/(\d+)/apply", html).group(1)  # type: ignore[union-attr]
            rev = re.search(r'name="rev" value="(\d+)"', html).group(1)  # type: ignore[union-attr]
            status, html = await page.post(f"/import/{import_id}/apply", rev=rev)
            assert "Imported." in html
            values = [f.value_text for f in await bot.facts(statuses=(Status.ACTIVE,))]
            assert any("cello" in v for v in values) and any("Porto" in v for v in values)
            # A file whose only lines are secrets says so (not "matches what I already have").
            secrets_only = "```\n[2025-01-03] - Wifi password is Xk29pQ7788\n```\n"
            status, html = await page.post("/import", text=secrets_only)
            assert "password, PIN or code" in html and "Xk29pQ7788" not in html
            status, html = await page.post("/pause")
            assert "Paused" in html and (await bot.memory.settings("console:ana")).paused
            status, html = await page.post("/resume")
            assert not (await bot.memory.settings("console:ana")).paused
            status, html = await page.post("/erase", confirm="erase")  # not the word shown
            assert "Type the word exactly" in html and await bot.facts()
            status, html = await page.post("/erase", confirm="ERASE")
            assert "deleted everything" in html and not await bot.facts()
            assert (await page.get("/"))[0] == 401  # the session ended with the memory


async def test_writes_without_the_csrf_token_change_nothing(
    tmp_path: Path, clock: ManualClock
) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        async with bot.signed_in() as page:
            fact = (await bot.facts())[0]
            for token in ("", "forged", page.csrf[:-2] + "xx"):
                status, _ = await page.post(f"/fact/{fact.id}/forget", csrf=token)
                assert status == 403
            status, _ = await page.post("/erase", csrf="", confirm="ERASE")
            assert status == 403
            assert [f.id for f in await bot.facts()] == [fact.id]


async def test_no_page_shows_or_changes_another_users_memory(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Ana, signed in, tries every id of Bob's: each is "not found", and Bob's memory is
    exactly what it was."""
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("bob", "/remember my name is Bob", "/remember I live in Oslo")
        await bot.say("bob", "/remember my name is Robert")  # a conflict of Bob's
        await bot.say("ana", "/remember I live in Lisbon")
        bobs = await bot.facts("bob")
        assert len(bobs) >= 3
        before = sorted((f.id, f.value_text, f.status, f.pinned) for f in bobs)
        bob = bot.memory.view("console:bob", "private")
        conflicts = await bob.open_conflicts()
        assert conflicts
        pending = await bob.plan_import(b"- I live in Rome\n- I play chess\n", owner="Bob")
        assert pending.import_id is not None
        async with bot.signed_in("ana") as page:
            for fact in bobs:
                status, html = await page.get(f"/fact/{fact.id}")
                assert status == 404 and fact.value_text not in html
                for action in ("forget", "pin", "unpin", "restore", "reveal"):
                    status, html = await page.post(f"/fact/{fact.id}/{action}")
                    assert status == 404, action
                status, _ = await page.post(f"/fact/{fact.id}/edit", value="I live in Rome")
                assert status == 404
                status, _ = await page.post("/forget", id=str(fact.id))  # a list's button
                assert status == 404
            for conflict in conflicts:
                for choice in ("update", "keep", "now"):
                    status, _ = await page.post(f"/conflict/{conflict.id}/{choice}")
                    assert status == 404
            rev = str(await bot.memory.revision("console:ana"))
            for action in ("apply", "cancel"):
                status, _ = await page.post(f"/import/{pending.import_id}/{action}", rev=rev)
                assert status in (200, 404)  # said "already settled" or not found: never applied
            bob_ids = {f.id for f in bobs}
            for path, query in (("/", "Oslo"), ("/search", "Oslo"), ("/search", "Robert")):
                status, html = await page.get(path, q=query)
                assert status == 200 and not fact_ids(html) & bob_ids
                assert "live in Oslo" not in html and "name is Robert" not in html
        after = sorted((f.id, f.value_text, f.status, f.pinned) for f in await bot.facts("bob"))
        assert after == before
        assert await bob.open_conflicts() == conflicts
        # Bob's import is still his to apply: Ana's presses neither applied nor cancelled it.
        assert await bot.memory.settle_import("console:bob", pending.import_id, apply=True)
        assert any("chess" in f.value_text for f in await bot.facts("bob"))


async def test_rate_limits(tmp_path: Path, clock: ManualClock) -> None:
    limits = PageLimits(reads=5, writes=2, sign_ins=1)
    async with page_bot(tmp_path, clock, limits=limits) as bot, bot.signed_in() as page:
        # The one sign-in per minute is spent: the next, by link or by Telegram, waits.
        async with page.http.post(f"{page.base}/open", data={"t": "x"}) as r:
            assert r.status == 429 and r.headers["Retry-After"] == "60"
        async with page.http.post(f"{page.base}/auth/telegram", data={"initData": "x"}) as r:
            assert r.status == 429 and (await r.json())["reason"] == "rate_limited"
        # Signing in used two reads.
        answers = [await page.get("/search", q="x") for _ in range(4)]
        assert [status for status, _ in answers] == [200, 200, 200, 429]
        assert "Wait a minute, then try again." in answers[3][1]  # a page in words, not a code
        assert [(await page.post("/pause"))[0] for _ in range(3)][-1] == 429


async def test_every_read_and_write_is_logged_without_values(
    tmp_path: Path, clock: ManualClock
) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        fact = (await bot.facts())[0]
        async with bot.signed_in() as page:
            with structlog.testing.capture_logs() as logs:
                await page.get("/search", q="Lisbon")
                await page.post(f"/fact/{fact.id}/edit", value="I live in Porto")
        page_events = [e for e in logs if e["event"] in ("page_read", "page_write")]
        assert [(e["event"], e["action"]) for e in page_events] == [
            ("page_read", "search"),
            ("page_write", "edit"),
            ("page_read", "list"),  # the redirect: the change waits for a confirmation
        ]
        assert all(e["user_id"] == "console:ana" for e in page_events)
        assert "Lisbon" not in repr(logs) and "Porto" not in repr(logs)


async def test_memories_web_per_platform(tmp_path: Path, clock: ManualClock) -> None:
    """Discord gets a one-time link, Telegram a Mini App button, a group nothing; /profile
    and /memories carry an "Open memory" button on Telegram."""
    from tests.factories import message

    async with page_bot(tmp_path, clock) as bot:
        router = bot.session.runtime.router  # type: ignore[union-attr]
        [discord] = await router.on_message(
            message("/memories web", platform="discord", user="7", at=clock.now())
        )
        assert re.search(r"/memory/open\?t=\S+", discord.text) and not discord.buttons
        token = discord.text.split("t=", 1)[1].split()[0]
        assert bot.page.keys.open_link(token, clock.now().timestamp()).user_id == "discord:7"
        [telegram] = await router.on_message(
            message("/memories web", platform="telegram", user="8", at=clock.now())
        )
        [[button]] = telegram.buttons
        assert button.web_app == bot.page.mini_app_url() and "/open?" not in telegram.text
        for command in ("/memories", "/profile"):
            [reply] = await router.on_message(
                message(command, platform="telegram", user="8", at=clock.now())
            )
            assert reply.buttons[-1][-1].web_app == bot.page.mini_app_url()
        for platform in ("discord", "telegram", "console"):
            replies = await router.on_message(
                message("/memories web", platform=platform, private=False, at=clock.now())
            )
            said = " ".join(r.text for r in replies)
            assert "/memory/open" not in said
            assert not any(b.web_app for r in replies for row in r.buttons for b in row)


async def test_a_post_from_another_site_is_refused(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        link = await bot.link()
        async with bot.visitor() as page:
            evil = {"Origin": "https://evil.example"}
            token = link.split("t=", 1)[1]
            async with page.http.post(f"{page.base}/open", data={"t": token}, headers=evil) as r:
                assert r.status == 403
            assert (await page.open_link(link)).status == 200  # not spent by the refusal
            await page.get("/")
            async with page.http.post(
                f"{page.base}/pause", data={"csrf": page.csrf}, headers=evil
            ) as r:
                assert r.status == 403
            assert not (await bot.memory.settings("console:ana")).paused


async def test_the_page_can_share_the_webhooks_port(tmp_path: Path, clock: ManualClock) -> None:
    """In webhook mode on the same port, the webhook's server serves the page too."""
    import socket

    import aiohttp

    from adapters.webhook import WebhookReceiver
    from bot.page import PageKeys, PageServer

    async with page_bot(tmp_path, clock) as bot:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        shared = PageServer(
            bot.memory,
            PageKeys(b"k" * 32),
            public_url=f"http://127.0.0.1:{port}",
            standalone=False,
        )
        await shared.start()  # nothing: the webhook's server serves it
        receiver = WebhookReceiver(
            bot.memory,  # never reached: every request below is refused or is the page's
            listen="127.0.0.1",
            port=port,
            path="telegram",
            secret="s3cret",
            routes=shared.install,
        )
        await receiver.start()
        try:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/memory/tg") as r:
                    assert r.status == 200 and "telegram-web-app.js" in await r.text()
                async with http.post(f"http://127.0.0.1:{port}/telegram", json={}) as r:
                    assert r.status == 403  # the webhook still wants its secret
        finally:
            await receiver.stop()


async def test_an_opaque_origin_is_refused(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot, bot.signed_in() as page:
        async with page.http.post(
            f"{page.base}/pause", data={"csrf": page.csrf}, headers={"Origin": "null"}
        ) as r:
            assert r.status == 403
        async with page.http.get(page.base + "/") as r:
            assert r.headers["Referrer-Policy"] == "same-origin"


async def test_a_linked_identity_opens_the_persons_one_memory(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Ana linked her Discord account to her console one: a link asked for on Discord opens
    the person's one memory (as /memories there shows it)."""
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        memory = bot.memory
        issued = await memory.issue_link_code("console:ana", "console")
        assert issued.code is not None
        claim = await memory.claim_link_code("discord:7", "Ana", issued.code)
        assert claim.code_id is not None
        settled = await memory.settle_link("console:ana", claim.code_id, accept=True)
        assert settled.joined
        link = bot.page.link("discord:7", "Ana")
        async with bot.visitor() as page:
            assert (await page.open_link(link)).status == 200
            status, html = await page.get("/")
            assert status == 200 and "You live in Lisbon." in html
