"""One person on several platforms: one-time link codes, the issuer's confirmation, the merge
of the joining identity's memory through the write policy, unlinking (``docs/linking.md``).

A memory owner is a string the store keys everything by. An identity (``telegram:123``) owns
the memory of its own key until it joins a person; ``identities`` then maps it to that person's
owner. Everything here is blocking work for a thread (the facade runs it).

The flow, and the guarantees:

- ``issue``: a private chat asks for a code — 8 characters from an alphabet without look-alikes,
  valid 10 minutes, stored only as a keyed hash (HMAC with an installation secret); asking again
  replaces the earlier code; a few codes per hour per identity.
- ``claim``: the other platform's private chat sends the code. Limits come first (failed tries
  per identity and in all, per window), the stored hash is compared in constant time, and a code
  is used once (the first claim wins under the write lock). A claim links nothing yet.
- ``settle``: the issuer confirms in their own private chat (a button only they can press), so a
  stolen or overheard code is worth nothing without the issuer's yes. Then the joining identity
  is mapped to the person and its memory is merged into the person's, fact by fact through the
  arbitration policy (duplicates merge, contradictions of a confident fact become conflict
  questions), each write's history saying it came from the link and from which platform; the
  joining identity's own store (its conversations, settings, old rows) is then erased.
- ``unlink``: the identity it is sent from leaves; the memory stays with the person's other
  identities and the leaving one starts with an empty memory of its own.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

import structlog
from sqlalchemy import Connection

from memory_core.config import LinkLimits
from memory_core.errors import InvalidInputError
from memory_core.extract.base import Candidate, is_multi_valued_key, is_valid_key
from memory_core.learn.apply import Applied, TurnRef
from memory_core.learn.arbitrate import decide_one
from memory_core.learn.decisions import Decision, Expire, Insert, Noop, Pending, Supersede, Update
from memory_core.learn.flow import Pipeline
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store import identities as repo
from memory_core.store import meta, users
from memory_core.store import outbox as outbox_repo
from memory_core.values import Fact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.linking")

T = TypeVar("T")


class _Remapped(Exception):
    """An identity's owner changed between the look-up and the locks: look up again."""


def _owner_locked(
    ctx: Context, find: Callable[[Connection], set[str]], body: Callable[[Connection], T]
) -> T:
    """Run ``body`` in one write holding the write locks of the memory owners ``find`` reads
    (the owners the identities involved map to now) — taken in key order, so two links never
    deadlock. They are read first and again under the locks: every change of an identity's
    owner holds that owner's lock (or the database-wide one), so owners that still match cannot
    change until the commit; owners that moved meanwhile are read again."""
    for _ in range(_REMAP_TRIES):
        with ctx.db.read() as conn:
            owners = find(conn)
        try:
            with ctx.db.write(users=owners) as conn:
                if find(conn) != owners:
                    raise _Remapped
                return body(conn)
        except _Remapped:
            continue
    # Mappings that keep moving (never seen in practice): every writer excluded instead.
    with ctx.db.write() as conn:
        return body(conn)


#: Look-ups of an identity's owner before a linking write falls back to the global lock.
_REMAP_TRIES = 3

#: No 0/O, 1/I/L: a code read off one screen and typed on another is typed right.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: Meta keys of merges under way (``link_merge:<code id>``).
_MERGE = "link_merge:"
_SECRET = "link_code_key"
#: What a merged memory's history says (the platform it came from follows).
MERGE_REASON = "merged when linking from"


class ClaimOutcome(StrEnum):
    """What sending a code did."""

    CLAIMED = "claimed"  # waiting for the issuer's confirmation
    INVALID = "invalid"  # no such code, expired, or used (one answer: no oracle)
    OWN_CODE = "own_code"  # sent from the identity that asked for it
    SAME_PLATFORM = "same_platform"  # the person has an identity on this platform already
    ALREADY_LINKED = "already_linked"
    LINKED_ELSEWHERE = "linked_elsewhere"  # this identity belongs to another person: unlink first
    TOO_MANY = "too_many"  # attempt limits reached


class SettleOutcome(StrEnum):
    """What the issuer's answer did."""

    LINKED = "linked"
    REFUSED = "refused"
    GONE = "gone"  # settled before, expired, or no longer possible


@dataclass(frozen=True, slots=True)
class Issued:
    """A new code (shown once, never stored), or ``None`` when the limit was reached."""

    code: str | None
    expires_at: datetime | None


@dataclass(frozen=True, slots=True)
class Claim:
    """A sent code's outcome; for a claim, where the issuer's confirmation goes."""

    outcome: ClaimOutcome
    code_id: int | None = None
    issuer: str | None = None
    issuer_chat: str | None = None
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """The outcome of the issuer's answer; for a link, what the merge did."""

    outcome: SettleOutcome
    joined: str | None = None
    merged: int = 0
    conflict_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class LinkedIdentity:
    """One identity of a person."""

    identity: str
    linked_at: datetime | None

    @property
    def platform(self) -> str:
        """The platform's name (``telegram``)."""
        return self.identity.partition(":")[0]


@dataclass(frozen=True, slots=True)
class Unlinked:
    """What ``unlink`` did: the identity's new owner, and who keeps the memory (empty when
    it was not linked)."""

    identity: str
    new_owner: str | None
    kept_by: tuple[str, ...]


def platform_of(identity: str) -> str:
    """``telegram:123`` → ``telegram``."""
    return identity.partition(":")[0]


def normalise_code(raw: str) -> str | None:
    """A typed code as issued (case, spaces and dashes do not matter), or ``None`` when it
    cannot be one."""
    code = "".join(ch for ch in raw.upper() if ch not in " -_\t")
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def _hash(ctx: Context, code: str) -> str:
    key = ctx.installation_secret(_SECRET, lambda: secrets.token_hex(32))
    return hmac.new(key.encode(), code.encode(), hashlib.sha256).hexdigest()


def identities(ctx: Context, owner: str) -> list[LinkedIdentity]:
    """The identities that read and write ``owner``'s memory (an unlinked identity: itself)."""
    with ctx.db.read() as conn:
        found = repo.of_owner(conn, owner)
    if not found and ":" in owner and "~" not in owner:
        return [LinkedIdentity(owner, None)]
    return [LinkedIdentity(i, at) for i, at in found]


def issue(ctx: Context, identity: str, chat_id: str, limits: LinkLimits) -> Issued:
    """A new one-time code for ``identity`` (asked in its private chat ``chat_id``)."""
    now = ctx.clock.now()
    code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    digest = _hash(ctx, code)

    def write(conn: Connection) -> Issued:
        if repo.codes_issued_since(conn, identity, now - limits.window) >= limits.codes_per_hour:
            return Issued(None, None)
        owner = repo.owner_of(conn, identity)
        expires = now + limits.code_ttl
        repo.add_code(conn, owner, identity, chat_id, digest, now, expires)
        return Issued(code, expires)

    # The identity's owner's lock: its codes (and their count per hour) are that owner's rows.
    issued = _owner_locked(ctx, lambda conn: {repo.owner_of(conn, identity)}, write)
    if issued.code is None:
        log.info("link_code_refused", reason="too_many_codes")
    else:
        log.info("link_code_issued", identity=identity)
    return issued


def claim(ctx: Context, identity: str, display_name: str, raw: str, limits: LinkLimits) -> Claim:
    """``identity`` sends a code: checked against the limits first, then compared."""
    now = ctx.clock.now()
    code = normalise_code(raw)
    digest = _hash(ctx, code) if code is not None else None
    # The database-wide lock: the failures counted "in all" are every identity's rows, and the
    # code (the first claim wins) belongs to an owner known only once it is read.
    with ctx.db.write() as conn:
        repo.prune_attempts(conn, now - 2 * limits.window)
        since = now - limits.window
        mine = repo.failures_since(conn, since, identity)
        if (
            mine >= limits.failures_per_identity
            or repo.failures_since(conn, since) >= limits.global_failures
        ):
            log.warning("link_claim_refused", reason="too_many_attempts")
            return Claim(ClaimOutcome.TOO_MANY)
        own = repo.owner_of(conn, identity)
        row = repo.code_by_hash(conn, digest) if digest is not None else None
        valid = (
            row is not None
            and digest is not None
            and hmac.compare_digest(row.code_hash, digest)
            and row.status == "open"
            and row.expires_at > now
        )
        if row is None or not valid:
            repo.add_attempt(conn, own, identity, now, ok=False)
            log.info("link_claim_refused", reason="invalid_code")
            return Claim(ClaimOutcome.INVALID)
        repo.add_attempt(conn, own, identity, now, ok=True)
        person = repo.owner_of(conn, row.issuer)
        if row.issuer == identity:
            return Claim(ClaimOutcome.OWN_CODE)
        if person != row.user_id:
            # The issuer's identity joined or left a person since: the code is void.
            return Claim(ClaimOutcome.INVALID)
        if own == person:
            return Claim(ClaimOutcome.ALREADY_LINKED)
        if any(i != identity for i, _ in repo.of_owner(conn, own)):
            return Claim(ClaimOutcome.LINKED_ELSEWHERE)
        theirs = {platform_of(i) for i, _ in repo.of_owner(conn, person)} | {
            platform_of(row.issuer)
        }
        if platform_of(identity) in theirs:
            return Claim(ClaimOutcome.SAME_PLATFORM)
        if not repo.claim_code(conn, row.id, identity, display_name[:64], now):
            return Claim(ClaimOutcome.INVALID)
    log.info("link_code_claimed", identity=identity, issuer=row.issuer)
    return Claim(ClaimOutcome.CLAIMED, row.id, row.issuer, row.issuer_chat, person)


def void(ctx: Context, raw: str) -> bool:
    """A code sent where others can read it (a group) is void from then on, whoever sent it;
    ``True`` when an open code was voided."""
    code = normalise_code(raw)
    if code is None:
        return False
    digest = _hash(ctx, code)
    # The database-wide lock: whose code it is (if anyone's) is known only once it is read.
    with ctx.db.write() as conn:
        voided = repo.void_code(conn, digest)
    if voided:
        log.info("link_code_voided", reason="shown_in_group")
    return voided


def claimant(ctx: Context, owner: str, code_id: int) -> tuple[str, str] | None:
    """Who claimed one of ``owner``'s codes: ``(identity, display name)``."""
    with ctx.db.read() as conn:
        row = repo.code_by_id(conn, owner, code_id)
    if row is None or row.claimed_by is None:
        return None
    return row.claimed_by, row.claimed_name or ""


@dataclass(frozen=True, slots=True)
class Joining:
    """A link being made: its code, the person, the identity joining, the memory owner it
    had, and that owner's memories still to merge."""

    code_id: int
    person: str
    joiner: str
    old_owner: str
    facts: tuple[Fact, ...]


def begin_settle(
    ctx: Context, owner: str, code_id: int, accept: bool, limits: LinkLimits
) -> Joining | SettleOutcome:
    """The issuer's answer, in one transaction: the identity is mapped to the person and its
    memory read for the merge (a refusal only closes the code)."""
    now = ctx.clock.now()

    def owners(conn: Connection) -> set[str]:
        # The person's and the joining identity's owners: the two memories a link touches.
        row = repo.code_by_id(conn, owner, code_id)
        joiner = row.claimed_by if row is not None else None
        return {owner} | ({repo.owner_of(conn, joiner)} if joiner is not None else set())

    return _owner_locked(
        ctx, owners, lambda conn: _settle(conn, owner, code_id, accept, limits, now)
    )


def _settle(
    conn: Connection, owner: str, code_id: int, accept: bool, limits: LinkLimits, now: datetime
) -> Joining | SettleOutcome:
    row = repo.code_by_id(conn, owner, code_id)
    if (
        row is None
        or row.status != "claimed"
        or row.claimed_by is None
        or row.claimed_at is None
        or row.claimed_at + limits.confirm_ttl < now
        or repo.owner_of(conn, row.issuer) != owner
    ):
        return SettleOutcome.GONE
    if not accept:
        repo.settle_code(conn, code_id, "refused")
        log.info("link_refused", issuer=row.issuer)
        return SettleOutcome.REFUSED
    joiner = row.claimed_by
    old_owner = repo.owner_of(conn, joiner)
    others = [i for i, _ in repo.of_owner(conn, old_owner) if i != joiner]
    theirs = {platform_of(i) for i, _ in repo.of_owner(conn, owner)} | {platform_of(row.issuer)}
    if old_owner == owner or others or platform_of(joiner) in theirs:
        repo.settle_code(conn, code_id, "refused")
        return SettleOutcome.GONE
    repo.settle_code(conn, code_id, "linked")
    if not repo.of_owner(conn, owner):
        repo.put(conn, row.issuer, owner, now)
    repo.put(conn, joiner, owner, now)
    # The merge's journal: a process that dies before the joining store is erased leaves
    # it, and the next start finishes the merge (``unfinished_merges``).
    meta.put(
        conn,
        f"{_MERGE}{code_id}",
        json.dumps({"person": owner, "joiner": joiner, "old_owner": old_owner}),
    )
    facts = _mergeable(conn, old_owner)
    log.info("identities_linked", person=owner, joined=joiner, facts=len(facts))
    return Joining(code_id, owner, joiner, old_owner, tuple(facts))


def _mergeable(conn: Connection, owner: str) -> list[Fact]:
    """The memories a joining identity brings: its active facts (not reflections, insights,
    pending values or what it forgot)."""
    return [
        f
        for f in fact_repo.list_facts(conn, owner, SearchFilters(), 2**62, 0)
        if f.status == Status.ACTIVE and f.kind == "fact"
    ]


def unfinished_merges(ctx: Context) -> list[Joining]:
    """Merges a dead process left unfinished, with what is left to merge of each."""
    out: list[Joining] = []
    with ctx.db.read() as conn:
        for code_id, raw in meta.with_prefix(conn, _MERGE).items():
            data = json.loads(raw)
            facts = _mergeable(conn, str(data["old_owner"]))
            out.append(
                Joining(
                    int(code_id),
                    str(data["person"]),
                    str(data["joiner"]),
                    str(data["old_owner"]),
                    tuple(facts),
                )
            )
    return out


def end_merge(ctx: Context, code_id: int) -> None:
    """The merge is complete (its joining store erased): drop its journal."""
    with ctx.db.write() as conn:
        meta.delete(conn, f"{_MERGE}{code_id}")


def merge_fact(ctx: Context, joining: Joining, fact: Fact) -> list[Applied]:
    """Learn one of the joining identity's facts into the person's memory through the write
    policy (old material: the forget guard applies, a confident fact is asked about)."""
    platform = platform_of(joining.joiner)
    key = fact.key if is_valid_key(fact.key) else "other.merged"
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    try:
        cand = Candidate(
            key=key,
            value_text=fact.value_text[:280],
            category=fact.category,
            confidence_hint=fact.confidence,
            value=str(value) if value is not None else None,
            event_time=fact.event_time,
            # Not the row's start: a duplicate learned on another day is still a duplicate
            # (``_as_merged`` keeps the start on a new fact).
            valid_to=fact.valid_to if fact.valid_to and fact.valid_to > ctx.clock.now() else None,
            sensitive=fact.sensitive,
            multi_valued=is_multi_valued_key(key),
            source_excerpt=(fact.source_excerpt or "")[:200],
            stated=True,
        )
    except InvalidInputError:
        log.warning("link_merge_skipped", fact_id=fact.id)
        return []
    now = ctx.clock.now()
    flow = Pipeline(ctx)
    related = flow.look_up_here(joining.person, [cand])
    decided = decide_one(cand, related.by_key.get(key, ()), explicit=False, now=now)
    if decided is None:
        return []
    guarded = flow.guard(decided, related)
    if guarded is None:
        return []
    decision = _as_merged(guarded, fact, f"{MERGE_REASON} {platform}")
    ref = TurnRef(joining.person, f"link:{joining.code_id}:{fact.id}", None, actor="link")
    with ctx.db.write(users=[joining.person]) as conn:
        return flow.apply(conn, ref, [decision], now)


def _as_merged(decision: Decision, fact: Fact, reason: str) -> Decision:
    """The decision with the merge as its reason, writing the fact as it was known (its
    confidence and sensitivity, not a first mention's)."""
    match decision:
        case Insert(proposal=p) | Update(proposal=p) | Supersede(proposal=p) | Pending(proposal=p):
            merged = replace(
                p,
                confidence=max(p.confidence, fact.confidence),
                sensitive=p.sensitive or fact.sensitive,
                valid_from=fact.valid_from if isinstance(decision, Insert) else p.valid_from,
            )
            return replace(decision, proposal=merged, reason=reason)
        case Noop() | Expire():
            return replace(decision, reason=reason)
    return decision


def unlink(ctx: Context, identity: str, own_key: str | None = None) -> Unlinked:
    """``identity`` leaves its person: the memory stays with the other identities; the
    leaving one gets an empty memory of its own (keyed ``own_key`` when its own key names a
    memory others still use: an erasure decides it before it begins)."""
    now = ctx.clock.now()

    def write(conn: Connection) -> Unlinked:
        person = repo.owner_of(conn, identity)
        members = [i for i, _ in repo.of_owner(conn, person)]
        others = tuple(i for i in members if i != identity)
        if identity not in members or not others:
            return Unlinked(identity, None, ())
        if needs_own_key(conn, identity, person):
            # Its key names a memory others still use: it needs an owner of its own.
            new_owner = own_key or own_key_for(identity)
            repo.put(conn, identity, new_owner, now)
        else:
            new_owner = identity
            repo.remove(conn, identity)
        if len(others) == 1 and others[0] == person:
            repo.remove(conn, person)  # alone again: the plain case, no row needed
        settings = users.get(conn, person)
        if settings.private_identity == identity:
            users.set_fields(conn, person, now, private_chat=None, private_identity=None)
        log.info("identity_unlinked", identity=identity, person=person)
        return Unlinked(identity, new_owner, others)

    # The person's lock: the identity leaves that memory (its rows and its settings).
    return _owner_locked(ctx, lambda conn: {repo.owner_of(conn, identity)}, write)


def own_key_for(identity: str) -> str:
    """A new owner key for an identity whose own key names a memory others use."""
    return f"{identity}~{secrets.token_hex(4)}"


def needs_own_key(conn: Connection, identity: str, person: str) -> bool:
    """Whether ``identity``, leaving ``person``, needs a new owner key (its own key names a
    memory others still use) — the rule :func:`unlink` applies."""
    return identity == person or bool(repo.of_owner(conn, identity))


def forget_platform_turns(ctx: Context, owner: str, platform: str) -> int:
    """Blank the person's conversations held on ``platform`` (episodes, learning jobs; their
    vectors are deleted), as a forgotten fact's turns are; returns the episodes blanked."""
    with ctx.db.write(users=[owner]) as conn:
        turns = episode_repo.turns_from(conn, owner, platform)
        blanked = episode_repo.forget_turns(conn, owner, turns)
        outbox_repo.forget_turns(conn, owner, turns, episode_repo.FORGOTTEN)
        ctx.vectors.queue_episode_deletes(conn, owner, blanked)
    return len(blanked)


def drop_codes(ctx: Context, identity_keys: list[str]) -> None:
    """Delete the codes these identities issued or claimed (their names and ids go)."""
    # The database-wide lock: a code they claimed is a row of the person who issued it.
    with ctx.db.write() as conn:
        for identity in identity_keys:
            repo.drop_codes_of(conn, identity)
