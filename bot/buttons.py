"""Button data: compact, signed, bound to one user. Fits Telegram's 64-byte callback_data.

Format: ``m1.<kind>.<id>.<arg>.<check>.<owner>.<sig>`` where ``check`` is the fact the button
is about (for the kinds bound to one fact) or the user's memory revision when it was sent,
``owner`` is a short hash of the user the button was sent to and ``sig`` an HMAC over
everything before it. A press by someone else is refused ("This isn't yours"); anything that
does not verify, or names no known kind, is forged or malformed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from enum import StrEnum

PREFIX = "m1"
MAX_LEN = 64


class Verdict(StrEnum):
    """The outcome of checking a press."""

    OK = "ok"
    NOT_YOURS = "not_yours"
    INVALID = "invalid"


class ButtonKind(StrEnum):
    """What a button does; the value is its short code on the wire."""

    CONFLICT = "c"  # item: conflict id; arg: the choice; bound to the pending fact
    FORGET = "f"  # item: the fact to forget
    CANCEL = "x"
    PAGE = "p"  # item: the offset of the next /memories page
    FORGET_ME = "fm"
    IMPORT_APPLY = "ia"  # item: the pending import
    IMPORT_CANCEL = "ix"
    REFLECTION_OK = "rk"  # item: the reflection post; bound to its fact
    REFLECTION_FIX = "rf"
    STILL_TRUE_KEEP = "sk"  # item: the "still true?" question; bound to its fact
    STILL_TRUE_FORGET = "sf"

    @property
    def binds_fact(self) -> bool:
        """Whether the check slot carries the fact the button is about (not a revision)."""
        return self in _FACT_BOUND


_FACT_BOUND = frozenset(
    {
        ButtonKind.CONFLICT,
        ButtonKind.REFLECTION_OK,
        ButtonKind.REFLECTION_FIX,
        ButtonKind.STILL_TRUE_KEEP,
        ButtonKind.STILL_TRUE_FORGET,
    }
)


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


class ButtonCodec:
    """Signs and verifies button data with a per-installation secret."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("button secret must be at least 16 bytes")
        self._secret = secret

    def _owner(self, user_key: str) -> str:
        return _b64(
            hmac.new(self._secret, b"owner:" + user_key.encode(), hashlib.sha256).digest(), 6
        )

    def _sig(self, body: str) -> str:
        return _b64(hmac.new(self._secret, body.encode(), hashlib.sha256).digest(), 10)

    def encode(self, user_key: str, action: Action) -> str:
        """Button data for ``action``, bound to ``user_key``."""
        if not action.arg.isalnum() and action.arg != "":
            raise ValueError("arg must be alphanumeric")
        body = ".".join(
            [
                PREFIX,
                action.kind.value,
                str(action.item_id),
                action.arg or "-",
                str(action.check),
                self._owner(user_key),
            ]
        )
        data = f"{body}.{self._sig(body)}"
        if len(data.encode()) > MAX_LEN:
            raise ValueError("button data too long")
        return data

    def decode(self, user_key: str, data: str) -> tuple[Verdict, Action | None]:
        """Check a press by ``user_key``; the action is returned only when it verifies."""
        if not isinstance(data, str) or len(data) > MAX_LEN:
            return Verdict.INVALID, None
        parts = data.split(".")
        if len(parts) != 7 or parts[0] != PREFIX:
            return Verdict.INVALID, None
        body, sig = ".".join(parts[:6]), parts[6]
        if not hmac.compare_digest(self._sig(body), sig):
            return Verdict.INVALID, None
        if not hmac.compare_digest(parts[5], self._owner(user_key)):
            return Verdict.NOT_YOURS, None
        try:
            kind = ButtonKind(parts[1])
            item_id, check = int(parts[2]), int(parts[4])
        except ValueError:
            return Verdict.INVALID, None
        arg = "" if parts[3] == "-" else parts[3]
        if kind.binds_fact:
            return Verdict.OK, Action(kind, item_id, arg, fact_id=check)
        return Verdict.OK, Action(kind, item_id, arg, rev=check)
