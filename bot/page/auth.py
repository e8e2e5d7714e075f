"""Who may open the memory page: one-time signed links, Telegram Mini App ``initData``, and
the session cookie (with its CSRF token) either one is exchanged for.

* A **link** (``/memories web`` on Discord and the console) is ``<payload>.<mac>``: the user,
  a random nonce, the first name to address them by and an expiry at most 15 minutes out,
  signed with HMAC-SHA256 under the installation's page key. The server spends each nonce once
  (in the database, so every replica agrees) before it sets a cookie.
* **initData** is checked exactly as Telegram's Mini App documentation says: every received
  field but ``hash``, sorted by name, as ``key=<value>`` lines joined by ``\\n`` (the
  data-check-string); the secret key is HMAC-SHA256 of the bot token with the key
  ``"WebAppData"``; the hash must be the hex HMAC-SHA256 of the data-check-string under that
  secret key. ``auth_date`` older than an hour (or in the future) is refused, and so is data
  opened from a group, supergroup or channel.
* The **session** is a signed cookie value (user, language, name, session id, expiry); the
  CSRF token of a session is an HMAC of its id, so it needs no server state either.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qsl

#: A link opens the page at most this long after it was made (the issue: ≤ 15 minutes).
LINK_TTL_S = 15 * 60
#: initData older than this is refused (Telegram signs it when the Mini App opens).
INIT_DATA_MAX_AGE_S = 3600
#: A session cookie lasts this long; the page is opened again from the chat after that.
SESSION_TTL_S = 2 * 3600
#: Chats a Mini App may be opened from: the user's private chat with the bot (Telegram says
#: ``sender`` when it is opened from the user's own chat with the bot, ``private`` for another
#: private chat); ``group``, ``supergroup`` and ``channel`` are refused.
_PRIVATE_CHAT_TYPES = frozenset({"sender", "private"})


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True, slots=True)
class LinkClaim:
    """What a valid link says: whose page, its nonce (spent once), the name to use."""

    user_id: str
    nonce: str
    name: str | None
    expires: int


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in page visitor: who signed in (``platform:id``; the server resolves it to its
    memory owner on each request), the page's language and their name."""

    user_id: str
    sid: str
    lang: str
    name: str | None
    expires: int


@dataclass(frozen=True, slots=True)
class TelegramLogin:
    """The user a valid ``initData`` names."""

    user_id: str
    lang: str
    name: str | None


class Refused(Exception):
    """A link, initData or cookie that does not let anyone in; ``reason`` is for the log."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PageKeys:
    """Signs and checks links, sessions and CSRF tokens with one installation key."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def _mac(self, purpose: str, payload: str) -> str:
        msg = f"{purpose}\n{payload}".encode()
        return _b64(hmac.new(self._key, msg, hashlib.sha256).digest())

    def _seal(self, purpose: str, fields: dict[str, object]) -> str:
        payload = _b64(json.dumps(fields, separators=(",", ":")).encode())
        return f"{payload}.{self._mac(purpose, payload)}"

    def _open(self, purpose: str, token: str, now: float) -> dict[str, object]:
        payload, _, mac = token.partition(".")
        if not payload or not mac or len(token) > 2048:
            raise Refused("malformed")
        if not hmac.compare_digest(mac, self._mac(purpose, payload)):
            raise Refused("bad_signature")
        try:
            fields = json.loads(_unb64(payload))
        except ValueError as exc:
            raise Refused("malformed") from exc
        if not isinstance(fields, dict) or not isinstance(fields.get("e"), int):
            raise Refused("malformed")
        if fields["e"] < now:
            raise Refused("expired")
        return fields

    # ---- one-time links ----------------------------------------------------------------

    def link_token(self, user_id: str, now: float, name: str | None = None) -> str:
        """A token for one visit of ``user_id``'s page, valid for ``LINK_TTL_S``."""
        fields = {"u": user_id, "n": secrets.token_urlsafe(12), "e": int(now) + LINK_TTL_S}
        if name:
            fields["a"] = name[:64]
        return self._seal("link", fields)

    def open_link(self, token: str, now: float) -> LinkClaim:
        """The claim a link token makes (``Refused`` when forged, malformed or expired; the
        caller spends the nonce)."""
        fields = self._open("link", token, now)
        user, nonce, name = fields.get("u"), fields.get("n"), fields.get("a")
        if not isinstance(user, str) or not isinstance(nonce, str):
            raise Refused("malformed")
        if int(str(fields["e"])) > now + LINK_TTL_S:
            raise Refused("expired")  # never longer than the limit, whoever signed it
        return LinkClaim(
            user, nonce, name if isinstance(name, str) else None, int(str(fields["e"]))
        )

    # ---- sessions and CSRF -------------------------------------------------------------

    def session_cookie(self, user_id: str, lang: str, name: str | None, now: float) -> str:
        """A new session's cookie value."""
        fields = {
            "u": user_id,
            "s": secrets.token_urlsafe(12),
            "l": lang,
            "a": (name or "")[:64],
            "e": int(now) + SESSION_TTL_S,
        }
        return self._seal("session", fields)

    def open_session(self, cookie: str, now: float) -> Session:
        """The session a cookie value carries (``Refused`` otherwise)."""
        fields = self._open("session", cookie, now)
        user, sid, lang, name = fields.get("u"), fields.get("s"), fields.get("l"), fields.get("a")
        if not all(isinstance(v, str) for v in (user, sid, lang, name)):
            raise Refused("malformed")
        return Session(str(user), str(sid), str(lang), str(name) or None, int(str(fields["e"])))

    def csrf(self, session: Session) -> str:
        """The CSRF token every write of this session must carry."""
        return self._mac("csrf", session.sid)

    def csrf_ok(self, session: Session, given: str) -> bool:
        """Whether ``given`` is this session's CSRF token."""
        return bool(given) and hmac.compare_digest(given, self.csrf(session))


def init_data_hash(fields: list[tuple[str, str]], bot_token: str) -> str:
    """The hash Telegram puts in ``initData``: hex HMAC-SHA256 of the data-check-string under
    HMAC-SHA256(key ``"WebAppData"``, bot token)."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields) if k != "hash")
    secret_key = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    return hmac.new(secret_key, check.encode(), hashlib.sha256).hexdigest()


def check_init_data(
    init_data: str, bot_token: str, now: float, max_age: int = INIT_DATA_MAX_AGE_S
) -> TelegramLogin:
    """The user of a Mini App's ``initData`` once its signature, age and chat are checked."""
    values = _signed_fields(init_data, bot_token)
    try:
        auth_date = int(values.get("auth_date", ""))
    except ValueError as exc:
        raise Refused("malformed") from exc
    if auth_date < now - max_age or auth_date > now + 60:
        raise Refused("expired")
    chat_type = values.get("chat_type")
    if (chat_type is not None and chat_type not in _PRIVATE_CHAT_TYPES) or "chat" in values:
        # A chat object is only sent for group and channel launches.
        raise Refused("group")
    return _login_of(values.get("user", ""))


def _signed_fields(init_data: str, bot_token: str) -> dict[str, str]:
    """initData's fields once its hash is the one the bot token gives."""
    if not init_data or len(init_data) > 8192:
        raise Refused("malformed")
    try:
        fields = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as exc:
        raise Refused("malformed") from exc
    values = dict(fields)
    if len(values) != len(fields):
        raise Refused("malformed")  # a repeated field: which one was signed?
    given = values.get("hash", "")
    if not given or not hmac.compare_digest(given, init_data_hash(fields, bot_token)):
        raise Refused("bad_signature")
    return values


def _login_of(user_json: str) -> TelegramLogin:
    """The signed ``user`` field as a login (a bot is refused)."""
    try:
        user = json.loads(user_json)
    except ValueError as exc:
        raise Refused("malformed") from exc
    if not isinstance(user, dict) or not isinstance(user.get("id"), int):
        raise Refused("malformed")
    if user.get("is_bot"):
        raise Refused("bot")
    lang = user.get("language_code")
    name = user.get("first_name")
    return TelegramLogin(
        f"telegram:{user['id']}",
        lang if isinstance(lang, str) else "",
        name if isinstance(name, str) else None,
    )
