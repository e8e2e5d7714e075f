"""Button data: compact, signed, bound to one user, with a lifetime. Fits Telegram's 64-byte
callback_data.

Format: ``m2.<kind>.<id>.<arg>.<check>.<issued>.<owner>.<sig>`` where ``check`` is the fact
the button is about (for the kinds bound to one fact) or the user's memory revision when it
was sent, ``issued`` the minute it was made (base 36), ``owner`` a short hash of the user it
was sent to and ``sig`` an HMAC over everything before it. A press by someone else is refused
("This isn't yours"); one past its kind's lifetime has expired; anything that does not
verify, or names no known kind, is forged or malformed. Buttons made before issue times
(``m1``) still work for the harmless kinds and have expired for the destructive ones.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

PREFIX = "m2"
LEGACY_PREFIX = "m1"
MAX_LEN = 64


class Verdict(StrEnum):
    """The outcome of checking a press."""

    OK = "ok"
    NOT_YOURS = "not_yours"
    EXPIRED = "expired"
    INVALID = "invalid"


class ButtonKind(StrEnum):
    """What a button does; the value is its short code on the wire."""

    CONFLICT = "c"  # item: conflict id; arg: the choice; bound to the pending fact
    FORGET = "f"  # item: the fact to forget
    CANCEL = "x"
    PAGE = "p"  # item: the offset of the next /memories page
    FORGET_ME = "fm"  # carries the revision it was asked at
    IMPORT_APPLY = "ia"  # item: the pending import; carries the revision it was planned at
    IMPORT_CANCEL = "ix"
    REFLECTION_OK = "rk"  # item: the reflection post; bound to its fact
    REFLECTION_FIX = "rf"
    STILL_TRUE_KEEP = "sk"  # item: the "still true?" question; bound to its fact
    STILL_TRUE_FORGET = "sf"
    LINK_YES = "ly"  # item: the claimed link code; sent to the identity that asked for it
    LINK_NO = "ln"
    FORGET_ME_HERE = "fh"  # erase only this platform's identity; carries the revision

    @property
    def binds_fact(self) -> bool:
        """Whether the check slot carries the fact the button is about (not a revision)."""
        return self in _FACT_BOUND

    @property
    def lifetime(self) -> timedelta | None:
        """How long a button of this kind may be pressed (``None``: as long as what it acts
        on is open — conflicts, questions and imports are settled once by the store)."""
        return LIFETIMES.get(self)


_FACT_BOUND = frozenset(
    {
        ButtonKind.CONFLICT,
        ButtonKind.REFLECTION_OK,
        ButtonKind.REFLECTION_FIX,
        ButtonKind.STILL_TRUE_KEEP,
        ButtonKind.STILL_TRUE_FORGET,
    }
)
#: Destructive confirmations are short-lived: an old "Yes, delete everything" must not erase
#: weeks later.
LIFETIMES: dict[ButtonKind, timedelta] = {
    ButtonKind.FORGET_ME: timedelta(minutes=15),
    ButtonKind.FORGET_ME_HERE: timedelta(minutes=15),
    # The store refuses a claim older than its confirmation time (10 min) in any case.
    ButtonKind.LINK_YES: timedelta(minutes=15),
    ButtonKind.IMPORT_APPLY: timedelta(hours=24),
    ButtonKind.FORGET: timedelta(days=7),
    ButtonKind.PAGE: timedelta(days=30),
}


@dataclass(frozen=True, slots=True)
class Action:
    """A decoded button: what to do, on which item, with which argument, and what it was
    checked against when sent (``fact_id`` for kinds bound to a fact, else ``rev``)."""

    kind: ButtonKind
    item_id: int = 0
    arg: str = ""
    rev: int = 0
    fact_id: int = 0

    @property
    def check(self) -> int:
        """The number carried in the check slot."""
        return self.fact_id if self.kind.binds_fact else self.rev


def _b64(raw: bytes, n: int) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")[:n]


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def _minute(when: datetime) -> int:
    return int(when.timestamp() // 60)


class ButtonCodec:
    """Signs and verifies button data with a per-installation secret."""

    def __init__(self, secret: bytes, now: Callable[[], datetime] | None = None) -> None:
        if len(secret) < 16:
            raise ValueError("button secret must be at least 16 bytes")
        self._secret = secret
        self._now = now or (lambda: datetime.now(UTC))

    def _owner(self, user_key: str) -> str:
        return _b64(
            hmac.new(self._secret, b"owner:" + user_key.encode(), hashlib.sha256).digest(), 6
        )

    def _sig(self, body: str) -> str:
        return _b64(hmac.new(self._secret, body.encode(), hashlib.sha256).digest(), 10)

    def encode(self, user_key: str, action: Action) -> str:
        """Button data for ``action``, bound to ``user_key``, issued now."""
        if not action.arg.isalnum() and action.arg != "":
            raise ValueError("arg must be alphanumeric")
        body = ".".join(
            [
                PREFIX,
                action.kind.value,
                str(action.item_id),
                action.arg or "-",
                str(action.check),
                _base36(_minute(self._now())),
                self._owner(user_key),
            ]
        )
        data = f"{body}.{self._sig(body)}"
        if len(data.encode()) > MAX_LEN:
            raise ValueError("button data too long")
        return data

    def decode(self, user_key: str, data: str) -> tuple[Verdict, Action | None]:
        """Check a press by ``user_key``; the action is returned only when it verifies and
        has not expired."""
        if not isinstance(data, str) or len(data) > MAX_LEN:
            return Verdict.INVALID, None
        parts = data.split(".")
        legacy = len(parts) == 7 and parts[0] == LEGACY_PREFIX
        if not legacy and (len(parts) != 8 or parts[0] != PREFIX):
            return Verdict.INVALID, None
        body, sig, owner = ".".join(parts[:-1]), parts[-1], parts[-2]
        if not hmac.compare_digest(self._sig(body), sig):
            return Verdict.INVALID, None
        if not hmac.compare_digest(owner, self._owner(user_key)):
            return Verdict.NOT_YOURS, None
        try:
            kind = ButtonKind(parts[1])
            item_id, check = int(parts[2]), int(parts[4])
            issued = None if legacy else int(parts[5], 36)
        except ValueError:
            return Verdict.INVALID, None
        lifetime = kind.lifetime
        if lifetime is not None and (
            issued is None or _minute(self._now()) - issued > lifetime.total_seconds() // 60
        ):
            return Verdict.EXPIRED, None
        arg = "" if parts[3] == "-" else parts[3]
        if kind.binds_fact:
            return Verdict.OK, Action(kind, item_id, arg, fact_id=check)
        return Verdict.OK, Action(kind, item_id, arg, rev=check)
