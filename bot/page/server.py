"""The memory page's HTTP side (aiohttp): sign-in, the pages, and every change they make.

Every read and write goes through the user's :class:`memory_core.UserView` in their private
audience (the same door and policies as the chat), for the user the session cookie names —
never for an id in the URL: a fact id of another user is "not found", like a missing one.
Every change is a POST carrying the session's CSRF token; every answer carries a
Content-Security-Policy without inline script and no third-party origin but Telegram's Mini
App script; requests are rate-limited per user and sign-ins per address; each request is
logged as ``page_read`` / ``page_write`` with the user id and the action, never a value.
"""

from __future__ import annotations

import dataclasses
import functools
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import structlog
from aiohttp import web

from bot.i18n import N_, supported, t
from bot.imports import preview_text
from bot.page import render
from bot.page.auth import (
    PageKeys,
    Refused,
    Session,
    check_init_data,
)
from bot.texts import refusal
from memory_core import Memory, UserView
from memory_core.errors import InvalidInputError, NotFoundError, Reason
from memory_core.types import ConflictChoice, ConflictOutcome, people_of
from memory_core.values import Audience, Category, Status

log = structlog.get_logger("bot.page")

STATIC = Path(__file__).parent / "static"
COOKIE = "membot_page"
#: The Mini App script is Telegram's own and must come from Telegram (its docs say so).
TELEGRAM_SCRIPT_ORIGIN = "https://telegram.org"
CSP = (
    "default-src 'none'; "
    f"script-src 'self' {TELEGRAM_SCRIPT_ORIGIN}; "
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; "
    # Telegram Web shows a Mini App in a frame; nothing else may frame the page.
    "frame-ancestors https://web.telegram.org"
)
#: Facts listed on the page at most (the export has them all).
MAX_LISTED = 5000
#: Search results shown for a query.
SEARCH_K = 30
#: A vector-only hit this similar still counts as about the words typed (as in chat).
_VECTOR_MATCH = 0.85
#: Largest MEMORY.md the page takes (the chat's limit is in memory_core too).
MAX_UPLOAD = 2 * 1024 * 1024
#: The owner the spent sign-in links are recorded under (no user's: an erasure keeps them).
SPENT_LINKS = "page-links"
#: The rate limits' window: ``PageLimits`` counts requests per this many seconds.
RATE_WINDOW_S = 60.0


class RateLimit:
    """At most ``limit`` events per ``window_s`` per key (a sliding window, in this process)."""

    def __init__(self, limit: int, window_s: float, now: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window_s = window_s
        self.now = now
        self._seen: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        """Count one event of ``key``; ``False`` when it is over the limit."""
        now = self.now()
        seen = self._seen.setdefault(key, deque())
        while seen and seen[0] <= now - self.window_s:
            seen.popleft()
        if len(seen) >= self.limit:
            return False
        seen.append(now)
        if len(self._seen) > 100_000:  # bounded: forget the quietest keys
            for stale in [k for k, v in self._seen.items() if not v][:50_000]:
                del self._seen[stale]
        return True


@dataclass(frozen=True, slots=True)
class PageLimits:
    """Requests per minute: reads and writes per user, sign-ins per address."""

    reads: int = 240
    writes: int = 60
    sign_ins: int = 20


class PageServer:
    """The memory page, under ``prefix`` of an aiohttp application (its own, or a shared one
    such as the webhook's). ``bot_token``: the Telegram token initData is signed with (``None``:
    no Mini App sign-in)."""

    def __init__(
        self,
        memory: Memory,
        keys: PageKeys,
        *,
        public_url: str | None = None,
        bot_token: str | None = None,
        listen: str = "127.0.0.1",
        port: int = 8480,
        prefix: str = "/memory",
        limits: PageLimits | None = None,
        now: Callable[[], float] | None = None,
        default_lang: str = "en",
        standalone: bool = True,
    ) -> None:
        self.memory = memory
        #: ``False``: another server (the Telegram webhook's, same port) serves the routes.
        self.standalone = standalone
        self.keys = keys
        #: Where users reach the page (``None``: this server's own address once listening).
        self._public_url = public_url.rstrip("/") if public_url else None
        self.bot_token = bot_token
        self.listen = listen
        self.port = port
        self.prefix = "/" + prefix.strip("/")
        limits = limits or PageLimits()
        self._reads = RateLimit(limits.reads, RATE_WINDOW_S)
        self._writes = RateLimit(limits.writes, RATE_WINDOW_S)
        self._sign_ins = RateLimit(limits.sign_ins, RATE_WINDOW_S)
        self.now = now or (lambda: memory.clock.now().timestamp())
        self.default_lang = supported(default_lang) or "en"
        self.secure = urlsplit(self.public_url).scheme == "https"
        self._runner: web.AppRunner | None = None

    # ---- links the chat hands out -----------------------------------------------------------

    @property
    def public_url(self) -> str:
        """The address users reach the server at."""
        return self._public_url or f"http://{self.listen}:{self.port}"

    @property
    def base_url(self) -> str:
        """The page's public address (``public_url`` + prefix)."""
        return self.public_url + self.prefix

    def link(self, user_id: str, name: str | None = None) -> str:
        """A one-time link to ``user_id``'s page (valid 15 minutes)."""
        token = self.keys.link_token(user_id, self.now(), name)
        return f"{self.base_url}/open?t={token}"

    def mini_app_url(self) -> str:
        """The Mini App's address (the menu button and the "Open memory" buttons)."""
        return f"{self.base_url}/tg"

    # ---- serving ------------------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        """Add the page's routes to ``app``."""
        p = self.prefix
        r = app.router
        r.add_get(p + "/open", self._wrap(self.open_form, auth=False))
        r.add_post(p + "/open", self._wrap(self.open_link, auth=False))
        r.add_get(p + "/tg", self._wrap(self.telegram_entry, auth=False))
        r.add_post(p + "/auth/telegram", self._wrap(self.telegram_sign_in, auth=False))
        r.add_get(p + "/static/{name}", self._wrap(self.static, auth=False))
        r.add_get(p + "/", self._wrap(self.main, action="list"))
        r.add_get(p, self._wrap(self.main, action="list"))
        r.add_get(p + "/search", self._wrap(self.search, action="search"))
        r.add_get(p + "/fact/{id}", self._wrap(self.fact, action="fact"))
        r.add_get(p + "/export.md", self._wrap(self.export, action="export"))
        for name in ("edit", "forget", "pin", "unpin", "restore", "reveal"):
            r.add_post(p + "/fact/{id}/" + name, self._wrap(self.fact_write, action=name))
        r.add_post(p + "/forget", self._wrap(self.forget_listed, action="forget"))
        r.add_post(p + "/undo", self._wrap(self.undo, action="undo"))
        r.add_post(p + "/conflict/{id}/{choice}", self._wrap(self.settle, action="settle"))
        r.add_post(p + "/import", self._wrap(self.plan_import, action="import_preview"))
        r.add_post(p + "/import/{id}/apply", self._wrap(self.apply_import, action="import_apply"))
        r.add_post(
            p + "/import/{id}/cancel", self._wrap(self.cancel_import, action="import_cancel")
        )
        r.add_post(p + "/pause", self._wrap(self.switch, action="pause"))
        r.add_post(p + "/resume", self._wrap(self.switch, action="resume"))
        r.add_post(p + "/erase", self._wrap(self.erase, action="erase"))
        r.add_post(p + "/logout", self._wrap(self.logout, action="logout"))

    def application(self) -> web.Application:
        """A stand-alone application serving the page."""
        app = web.Application(client_max_size=MAX_UPLOAD + 64 * 1024)
        self.install(app)
        return app

    async def start(self) -> None:
        """Listen on ``listen:port`` (``port=0``: any free port, read back into ``port``);
        nothing when another server serves the routes."""
        if not self.standalone:
            return
        runner = web.AppRunner(self.application(), access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.listen, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        server = site._server  # the chosen port when 0 was asked for
        sockets = getattr(server, "sockets", None) or ()
        if sockets:
            self.port = sockets[0].getsockname()[1]
        log.info("page_listening", host=self.listen, port=self.port)

    async def aclose(self) -> None:
        """Stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ---- the request frame ------------------------------------------------------------------

    def _wrap(
        self,
        handler: Callable[[web.Request, Session | None], Awaitable[web.StreamResponse]],
        *,
        auth: bool = True,
        action: str = "",
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def run(request: web.Request) -> web.StreamResponse:
            session: Session | None = None
            if request.method == "POST" and not _same_origin(request):
                log.warning("page_origin_refused", action=action or request.path)
                return self._plain(403, "forbidden\n")
            try:
                if auth:
                    session = await self._live_session(request)
                    if session is None:
                        return self._notice(
                            request,
                            None,
                            N_("Please open the page again"),
                            N_(
                                "This page was opened from an old or unknown link. Open it "
                                "again from your private chat with me (/memories web)."
                            ),
                            401,
                        )
                    # The memory owner now: an identity linked to a person since it signed
                    # in reads and writes that person's one memory (as in chat).
                    owner = await self.memory.owner_of(session.user_id)
                    session = dataclasses.replace(session, user_id=owner)
                    write = request.method == "POST"
                    limiter = self._writes if write else self._reads
                    if not limiter.allow(session.user_id):
                        log.warning("page_rate_limited", user_id=session.user_id, action=action)
                        return self._slow_down(request, session)
                    if write and not await self._csrf_ok(request, session):
                        log.warning("page_csrf_refused", user_id=session.user_id, action=action)
                        return self._plain(403, "forbidden\n")
                    fact_id = request.match_info.get("id")
                    log.info(
                        "page_write" if write else "page_read",
                        user_id=session.user_id,
                        action=action,
                        item_id=fact_id if fact_id and fact_id.isdigit() else None,
                    )
                response = await handler(request, session)
            except NotFoundError:
                response = self._notice(
                    request,
                    session,
                    N_("Not found"),
                    N_("I couldn't find that memory. It may have been forgotten already."),
                    404,
                )
            except InvalidInputError as exc:
                lang = session.lang if session else self.default_lang
                response = self._notice(
                    request,
                    session,
                    N_("Sorry"),
                    t(lang, "Sorry — I can't use that: {reason}.", reason=refusal(lang, exc)),
                    400,
                    translate=False,
                )
            self._harden(response)
            return response

        return run

    def _harden(self, response: web.StreamResponse) -> None:
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers.setdefault("Cache-Control", "no-store")

    def _session(self, request: web.Request) -> Session | None:
        cookie = request.cookies.get(COOKIE)
        if not cookie:
            return None
        try:
            return self.keys.open_session(cookie, self.now())
        except Refused:
            return None

    async def _live_session(self, request: web.Request) -> Session | None:
        """The cookie's session, if it was begun here and its record is kept: an erasure
        (/forgetme, from any device) deletes the user's records, and with them every page
        session the user has open elsewhere."""
        session = self._session(request)
        if session is None or not await self.memory.delivered(_session_mark(session.sid)):
            return None
        return session

    async def _csrf_ok(self, request: web.Request, session: Session) -> bool:
        given = request.headers.get("X-CSRF-Token", "")
        if not given:
            form = await request.post()
            value = form.get("csrf")
            given = value if isinstance(value, str) else ""
        return self.keys.csrf_ok(session, given)

    def _ctx(self, session: Session | None, *, telegram: bool = False) -> render.Ctx:
        if session is None:
            return render.Ctx(self.default_lang, None, "", self.prefix, telegram)
        return render.Ctx(session.lang, session.name, self.keys.csrf(session), self.prefix)

    def _html(self, body: str, status: int = 200) -> web.Response:
        return web.Response(text=body, status=status, content_type="text/html", charset="utf-8")

    def _plain(self, status: int, text: str) -> web.Response:
        return web.Response(text=text, status=status, content_type="text/plain")

    def _notice(
        self,
        request: web.Request,
        session: Session | None,
        title: str,
        message: str,
        status: int,
        *,
        translate: bool = True,
    ) -> web.Response:
        del request
        c = self._ctx(session)
        words = t(c.lang, message) if translate else message
        return self._html(render.notice_page(c, t(c.lang, title), words), status)

    def _slow_down(self, request: web.Request, session: Session | None) -> web.Response:
        """The answer to one request too many (429), in the user's language."""
        response = self._notice(
            request,
            session,
            N_("Slow down"),
            N_("That was a lot of requests in a short time. Wait a minute, then try again."),
            429,
        )
        response.headers["Retry-After"] = str(int(RATE_WINDOW_S))
        return response

    def _back(self, flash: str, *, to: str = "/", anchor: str = "") -> web.Response:
        location = f"{self.prefix}{to}?m={flash}" + (f"#{anchor}" if anchor else "")
        return _see_other(location)

    def _view(self, session: Session) -> UserView:
        # Always the session's own user, privately: no id from the request picks the owner.
        return self.memory.view(session.user_id, Audience.PRIVATE)

    async def _start_session(
        self, response: web.StreamResponse, user_id: str, lang: str, name: str | None
    ) -> None:
        value = self.keys.session_cookie(user_id, lang, name, self.now())
        sid = self.keys.open_session(value, self.now()).sid
        # Recorded under the memory's owner: erasing it ends the session.
        await self.memory.first_delivery(await self.memory.owner_of(user_id), _session_mark(sid))
        response.set_cookie(
            COOKIE,
            value,
            path=self.prefix,
            httponly=True,
            secure=self.secure,
            samesite="Strict",
            max_age=7200,
        )

    async def _lang(self, user_id: str, hint: str | None) -> str:
        known = await self.memory.user_language(user_id)
        return supported(known) or supported(hint) or self.default_lang

    # ---- signing in ---------------------------------------------------------------------------

    async def open_form(self, request: web.Request, _s: Session | None) -> web.StreamResponse:
        """A signed link's landing page: a button that spends it (previews never do)."""
        token = request.query.get("t", "")
        return self._html(render.open_page(self._ctx(None), token[:2048]))

    async def open_link(self, request: web.Request, _s: Session | None) -> web.StreamResponse:
        """Spend a one-time link and start a session for its user."""
        if not self._sign_ins.allow(request.remote or "?"):
            return self._slow_down(request, None)
        form = await request.post()
        token = form.get("t")
        try:
            claim = self.keys.open_link(token if isinstance(token, str) else "", self.now())
            # Spent once, in the database: every replica agrees, a replay is refused. Kept
            # under no user (a random nonce names no one), so /forgetme does not unspend it.
            if not await self.memory.first_delivery(SPENT_LINKS, f"page-link:{claim.nonce}"):
                raise Refused("replayed")
        except Refused as exc:
            log.warning("page_sign_in_refused", via="link", reason=exc.reason)
            return self._notice(
                request,
                None,
                N_("This link doesn't work"),
                N_(
                    "Links to your memory work once and for 15 minutes. Ask me for a new one "
                    "with /memories web in our private chat."
                ),
                403,
            )
        lang = await self._lang(claim.user_id, None)
        response = _see_other(self.prefix + "/")
        await self._start_session(response, claim.user_id, lang, claim.name)
        log.info("page_signed_in", user_id=claim.user_id, via="link")
        return response

    async def telegram_entry(self, request: web.Request, _s: Session | None) -> web.StreamResponse:
        """The Mini App's first page: its script posts ``initData`` to sign in."""
        del request
        return self._html(render.telegram_page(self._ctx(None, telegram=True)))

    async def telegram_sign_in(
        self, request: web.Request, _s: Session | None
    ) -> web.StreamResponse:
        """Check ``initData`` and start a session for the Telegram user it names."""
        if not self._sign_ins.allow(request.remote or "?"):
            # page.js reads this answer as JSON and shows its refusal text.
            response = web.json_response({"ok": False, "reason": "rate_limited"}, status=429)
            response.headers["Retry-After"] = str(int(RATE_WINDOW_S))
            return response
        form = await request.post()
        init_data = form.get("initData")
        try:
            if self.bot_token is None:
                raise Refused("no_telegram")
            login = check_init_data(
                init_data if isinstance(init_data, str) else "", self.bot_token, self.now()
            )
        except Refused as exc:
            log.warning("page_sign_in_refused", via="telegram", reason=exc.reason)
            return web.json_response({"ok": False, "reason": exc.reason}, status=403)
        lang = supported(login.lang) or await self._lang(login.user_id, None)
        response = web.json_response({"ok": True, "next": self.prefix + "/"})
        await self._start_session(response, login.user_id, lang, login.name)
        log.info("page_signed_in", user_id=login.user_id, via="telegram")
        return response

    async def logout(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """End the session."""
        del request, session
        response = _see_other(self.prefix + "/")
        response.del_cookie(COOKIE, path=self.prefix)
        return response

    async def static(self, request: web.Request, _s: Session | None) -> web.StreamResponse:
        """page.js and page.css, shipped in the package."""
        name = request.match_info["name"]
        types = {"page.js": "text/javascript", "page.css": "text/css"}
        if name not in types:
            raise web.HTTPNotFound()
        body = _static(name)
        response = web.Response(body=body, content_type=types[name], charset="utf-8")
        response.headers["Cache-Control"] = "max-age=300"
        return response

    # ---- reading ------------------------------------------------------------------------------

    async def main(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """The whole page (search results when ``q`` is given, the memory block for a
        sample message when ``sample`` is)."""
        assert session is not None
        view = self._view(session)
        query = request.query.get("q", "").strip()[:200]
        sample = request.query.get("sample", "").strip()[:500]
        everything = await view.facts(limit=MAX_LISTED)
        facts = await self._found(view, query) if query else everything
        settings = await self.memory.settings(session.user_id)
        page = render.main_page(
            self._ctx(session),
            facts=facts,
            query=query,
            # The people come from the facts already read (one query fewer per load).
            people=people_of(
                f
                for f in everything
                if f.kind == "fact"
                and f.category == Category.RELATIONSHIP
                and f.status == Status.ACTIVE
            ),
            plans=render.plans_of(everything, self.memory.clock.now()),
            conflicts=await view.open_conflicts(),
            faded=await view.faded(limit=200),
            paused=settings.paused,
            sample=sample,
            block=await view.sample_block(sample) if sample else None,
            flash_code=request.query.get("m"),
            rev=await self.memory.revision(session.user_id),
        )
        return self._html(page)

    async def _found(self, view: UserView, query: str) -> list[Any]:
        hits = await view.search(query, k=SEARCH_K)
        return [
            h.fact
            for h in hits
            if h.fact is not None
            and h.fact.status in (Status.ACTIVE, Status.PENDING)
            and (h.lexical > 0 or h.vector >= _VECTOR_MATCH)
        ]

    async def search(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """The fact list for a query, as an HTML fragment (search as you type)."""
        assert session is not None
        view = self._view(session)
        query = request.query.get("q", "").strip()[:200]
        c = self._ctx(session)
        if query:
            facts = await self._found(view, query)
        else:
            facts = [f for f in await view.facts(limit=MAX_LISTED) if f.kind != "note"]
        return self._html(render.fact_list(facts, c, query=query))

    async def fact(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """One fact's story with its actions."""
        assert session is not None
        view = self._view(session)
        fact = await view.fact(_item_id(request))
        page = render.fact_page(
            self._ctx(session),
            fact,
            await view.history(fact),
            flash_code=request.query.get("m"),
        )
        return self._html(page)

    async def export(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """MEMORY.md (secrets masked, as the chat's /export)."""
        del request
        assert session is not None
        exported = await self._view(session).export(session.name or "the user")
        response = web.Response(
            body=exported.markdown.encode(), content_type="text/markdown", charset="utf-8"
        )
        response.headers["Content-Disposition"] = 'attachment; filename="MEMORY.md"'
        return response

    # ---- changing -------------------------------------------------------------------------------

    async def fact_write(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """Edit, forget, pin, unpin, restore or reveal one fact."""
        assert session is not None
        view = self._view(session)
        fact_id = _item_id(request)
        action = request.path.rsplit("/", 1)[-1]
        if action == "forget":
            await view.forget(fact_id)
            return self._back("forgotten")
        if action == "restore":
            await view.restore(fact_id)
            return self._back("restored")
        if action in ("pin", "unpin"):
            await view.pin(fact_id, action == "pin")
            return self._back("pinned" if action == "pin" else "unpinned", to=f"/fact/{fact_id}")
        if action == "reveal":
            fact = await view.fact(fact_id)
            clear = await view.reveal(fact_id)
            page = render.fact_page(
                self._ctx(session), fact, await view.history(fact), revealed=clear
            )
            return self._html(page)
        form = await request.post()
        value = form.get("value")
        text = value if isinstance(value, str) else ""
        turn_id = f"page:{session.sid}:{uuid.uuid4().hex[:12]}"
        done = await view.correct(fact_id, text, turn_id=turn_id)
        if done.conflict_id is not None:
            return self._back("confirm", anchor="conflicts")
        if not done.changed:
            return self._back("same", to=f"/fact/{fact_id}")
        new_id = done.fact.id if done.fact is not None else fact_id
        return self._back("saved", to=f"/fact/{new_id}")

    async def forget_listed(
        self, request: web.Request, session: Session | None
    ) -> web.StreamResponse:
        """Forget the fact whose Forget button was pressed in a list."""
        assert session is not None
        form = await request.post()
        raw = form.get("id")
        if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > 12:
            raise NotFoundError("no such memory")
        log.info("page_forget", user_id=session.user_id, item_id=int(raw))
        await self._view(session).forget(int(raw))
        return self._back("forgotten")

    async def undo(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """Revert the user's last change (as /undo)."""
        del request
        assert session is not None
        result = await self._view(session).undo()
        return self._back("undone" if result.reverted else "nothing_to_undo")

    async def settle(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """One of the chat's choices for a pending conflict."""
        assert session is not None
        try:
            choice = ConflictChoice(request.match_info["choice"])
        except ValueError as exc:
            raise NotFoundError("no such choice") from exc
        view = self._view(session)
        conflict_id = _item_id(request)
        if await view.conflict(conflict_id) is None:
            raise NotFoundError("no such question")
        outcome = await view.settle_conflict(conflict_id, choice)
        done = outcome.outcome == ConflictOutcome.RESOLVED
        return self._back("settled" if done else "already")

    async def plan_import(
        self, request: web.Request, session: Session | None
    ) -> web.StreamResponse:
        """Preview what an edited MEMORY.md would change."""
        assert session is not None
        form = await request.post()
        upload = form.get("file")
        raw = b""
        if isinstance(upload, web.FileField):
            raw = upload.file.read(MAX_UPLOAD + 1)
        if not raw:
            text = form.get("text")
            raw = text.encode() if isinstance(text, str) else b""
        if not raw.strip():
            raise InvalidInputError(Reason("you sent no file"))
        if len(raw) > MAX_UPLOAD:
            raise InvalidInputError(
                Reason(
                    "that file is too big ({size} KB; the limit is {limit} KB)",
                    size=len(raw) // 1024,
                    limit=MAX_UPLOAD // 1024,
                )
            )
        rev = await self.memory.revision(session.user_id)
        pending = await self._view(session).plan_import(raw, owner=session.name or "the user")
        if pending.import_id is None:
            left_out = pending.plan.secrets or pending.plan.forgotten
            return self._back("import_left_out" if left_out else "import_same")
        preview = preview_text(pending.shown, session.lang, session.name)
        page = render.import_page(self._ctx(session), pending.import_id, preview, rev)
        return self._html(page)

    async def apply_import(
        self, request: web.Request, session: Session | None
    ) -> web.StreamResponse:
        """Apply a previewed import if memory is still what it was planned against."""
        assert session is not None
        import_id = _item_id(request)
        form = await request.post()
        rev = form.get("rev")
        uid = session.user_id
        if not isinstance(rev, str) or str(await self.memory.revision(uid)) != rev:
            await self.memory.cancel_import(uid, import_id)
            return self._back("stale")
        summary = await self.memory.settle_import(uid, import_id, apply=True)
        return self._back("imported" if summary is not None else "already")

    async def cancel_import(
        self, request: web.Request, session: Session | None
    ) -> web.StreamResponse:
        """Drop a previewed import."""
        assert session is not None
        await self.memory.cancel_import(session.user_id, _item_id(request))
        return self._back("import_cancelled")

    async def switch(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """Pause or resume automatic learning (as /pause and /resume)."""
        assert session is not None
        paused = request.path.endswith("/pause")
        await self.memory.update_settings(session.user_id, paused=paused)
        return self._back("paused" if paused else "resumed")

    async def erase(self, request: web.Request, session: Session | None) -> web.StreamResponse:
        """Erase everything about the user once they typed the word shown (as /forgetme)."""
        assert session is not None
        form = await request.post()
        typed = form.get("confirm")
        word = t(session.lang, render.ERASE_WORD)
        if not isinstance(typed, str) or typed.strip() != word:
            return self._back("erase_typed")
        # Any user may erase: no table rewrite that would stall everyone (PostgreSQL; the
        # scheduled rewrite job does it, docs/scaling.md), as /forgetme.
        await self.memory.erase(session.user_id, rewrite=False)
        response = self._notice(
            request,
            session,
            N_("Deleted"),
            N_("Done — I've deleted everything I knew about you."),
            200,
        )
        response.del_cookie(COOKIE, path=self.prefix)
        return response


def _session_mark(sid: str) -> str:
    """The record of a page session begun (kept with its user's data, so erased with it)."""
    return f"page-session:{sid}"


def _same_origin(request: web.Request) -> bool:
    """A POST sent by another site's page (its ``Origin`` names another host) is refused,
    sign-ins included: nobody can sign a visitor into someone else's page."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not sent by a browser form of another site (browsers send it)
    # "null" (an opaque origin, or a page that hides its own) is never ours: the page's
    # Referrer-Policy is same-origin, so the browser names our origin on our own forms.
    return urlsplit(origin).netloc == request.host


@functools.cache
def _static(name: str) -> bytes:
    """A shipped static file (read once)."""
    return (STATIC / name).read_bytes()


def _see_other(location: str) -> web.Response:
    return web.Response(status=303, headers={"Location": location})


def _item_id(request: web.Request) -> int:
    raw = request.match_info.get("id", "")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
        raise NotFoundError("no such item")
    return int(raw)
