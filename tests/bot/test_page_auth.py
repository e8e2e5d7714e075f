"""The memory page's sign-in checks: Telegram Mini App initData (signed as Telegram signs it),
one-time links, session cookies and CSRF tokens."""

from __future__ import annotations

import json
import urllib.parse

import pytest

from bot.page.auth import (
    INIT_DATA_MAX_AGE_S,
    LINK_TTL_S,
    PageKeys,
    Refused,
    check_init_data,
    init_data_hash,
)
from devtools.fake_telegram import FakeTelegram, TgUser

TOKEN = "123456:ABCdefGhIJKlmNoPQRstuVWxyz0123456789"
NOW = 1_780_000_000.0
ANA = TgUser(42, "Ana", language_code="pt")


def init_data(**fields: str) -> str:
    """initData for Ana signed with TOKEN by the fake Bot API (as Telegram does)."""
    tg = FakeTelegram(token=TOKEN, now=lambda: NOW)
    return tg.init_data(ANA, **fields)


def test_init_data_signed_as_telegram_does_names_its_user() -> None:
    login = check_init_data(init_data(chat_type="sender"), TOKEN, NOW)
    assert (login.user_id, login.lang, login.name) == ("telegram:42", "pt", "Ana")


def test_the_hash_follows_telegrams_documented_construction() -> None:
    """Telegram's documented example construction, written out independently."""
    import hashlib
    import hmac

    fields = [("auth_date", "1"), ("query_id", "q"), ("user", '{"id":1}')]
    check = 'auth_date=1\nquery_id=q\nuser={"id":1}'
    secret = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    assert init_data_hash(fields, TOKEN) == hmac.new(secret, check.encode(), "sha256").hexdigest()


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (lambda d: d.replace("%22id%22%3A42", "%22id%22%3A43"), "bad_signature"),  # other user
        (lambda d: d + "&extra=1", "bad_signature"),  # a field Telegram did not sign
        (lambda d: d.replace("hash=", "hash=0"), "bad_signature"),
        (lambda d: "&".join(p for p in d.split("&") if not p.startswith("hash=")), "bad_signature"),
        (lambda d: d + "&" + d.split("&")[0], "malformed"),  # a repeated field
        (lambda d: "", "malformed"),
    ],
)
def test_forged_init_data_is_refused(tamper: object, reason: str) -> None:
    data = init_data()
    with pytest.raises(Refused) as refused:
        check_init_data(tamper(data), TOKEN, NOW)  # type: ignore[operator]
    assert refused.value.reason == reason


def test_init_data_signed_with_another_bots_token_is_refused() -> None:
    with pytest.raises(Refused, match="bad_signature"):
        check_init_data(init_data(), "999:other-token", NOW)


def test_init_data_older_than_an_hour_is_refused() -> None:
    data = init_data()
    check_init_data(data, TOKEN, NOW + INIT_DATA_MAX_AGE_S)  # exactly an hour: still fine
    with pytest.raises(Refused, match="expired"):
        check_init_data(data, TOKEN, NOW + INIT_DATA_MAX_AGE_S + 1)


@pytest.mark.parametrize("chat_type", ["group", "supergroup", "channel"])
def test_init_data_from_a_group_is_refused(chat_type: str) -> None:
    with pytest.raises(Refused, match="group"):
        check_init_data(init_data(chat_type=chat_type), TOKEN, NOW)


def test_init_data_with_a_group_chat_object_is_refused() -> None:
    chat = json.dumps({"id": -100, "type": "supergroup", "title": "Friends"})
    with pytest.raises(Refused, match="group"):
        check_init_data(init_data(chat=chat), TOKEN, NOW)


def test_a_link_works_for_fifteen_minutes_and_only_with_our_key() -> None:
    keys = PageKeys(b"k" * 32)
    token = keys.link_token("discord:7", NOW, "Ana")
    claim = keys.open_link(token, NOW + LINK_TTL_S)
    assert (claim.user_id, claim.name) == ("discord:7", "Ana")
    with pytest.raises(Refused, match="expired"):
        keys.open_link(token, NOW + LINK_TTL_S + 1)
    with pytest.raises(Refused, match="bad_signature"):
        PageKeys(b"x" * 32).open_link(token, NOW)
    payload, mac = token.split(".")
    other = urllib.parse.quote(payload[:-2] + "AA")
    with pytest.raises(Refused):
        keys.open_link(f"{other}.{mac}", NOW)
    assert keys.link_token("discord:7", NOW) != keys.link_token("discord:7", NOW)  # nonces


def test_sessions_and_csrf_tokens_are_bound_to_their_session() -> None:
    keys = PageKeys(b"k" * 32)
    one = keys.open_session(keys.session_cookie("console:ana", "en", "Ana", NOW), NOW)
    two = keys.open_session(keys.session_cookie("console:ana", "en", "Ana", NOW), NOW)
    assert one.user_id == "console:ana"
    assert keys.csrf_ok(one, keys.csrf(one))
    assert not keys.csrf_ok(one, keys.csrf(two))
    assert not keys.csrf_ok(one, "")
    with pytest.raises(Refused):
        keys.open_session(keys.link_token("console:ana", NOW), NOW)  # a link is no session
