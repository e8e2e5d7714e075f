"""A group's own memory: what members say about the group (plans, decisions, schedules,
rules, shared facts) kept under the chat's own owner key, read only in that chat (and forum
topic), with each member's consent (``docs/group-ctx.md``).

The guarantees, enforced here (the facade runs these functions on a thread):

- **Owner.** ``chat:<platform>:<chat id>[:<topic>]`` owns a group's facts in the ordinary
  tables, so search, the write policy, conflicts and vectors work as for a person; a group key
  is never a platform identity, so no private chat or other group can name it.
- **Consent.** A statement is written only while its speaker has agreed for that chat, checked
  again inside the write transaction (an answer withdrawn meanwhile wins). The statement that
  prompted the question waits, with the member's row, until they answer.
- **Nothing private.** Only what ``extract.group`` reads as the group's (never a sensitive
  topic, a secret value or something said in confidence) is written.
- **Who said it.** ``group_said`` names the member behind each fact: they and the group's admins
  may forget it; a member's ``/forgetme`` and a withdrawn consent remove what only they said
  (deleted for good, history included) and their name from what others said too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

import structlog
from sqlalchemy import Connection

from memory_core.db.changes import log_key
from memory_core.errors import EmbedderError
from memory_core.extract.base import Candidate
from memory_core.extract.group import group_candidate, schedule_of
from memory_core.learn.apply import TurnRef
from memory_core.learn.arbitrate import decide_one
from memory_core.learn.decisions import Pending, Supersede
from memory_core.learn.flow import Pipeline
from memory_core.store import facts as fact_repo
from memory_core.store import groups as repo
from memory_core.store import lifecycle
from memory_core.values import Fact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.groups")

PREFIX = "chat:"


def group_key(platform: str, chat_id: str, topic: str | None = None) -> str:
    """The memory owner of a group chat (a forum topic has its own)."""
    base = f"{PREFIX}{platform}:{chat_id}"
    return f"{base}:{topic}" if topic else base


def chat_of(group: str) -> str:
    """The chat a group key belongs to, topic dropped (consent is per chat)."""
    parts = group.split(":")
    return ":".join(parts[:3])


def is_group_key(owner: str) -> bool:
    """Whether ``owner`` names a group's memory."""
    return owner.startswith(PREFIX)


class Consent(StrEnum):
    """A member's answer for one chat."""

    UNASKED = "unasked"
    ASKED = "asked"
    AGREED = "agreed"
    REFUSED = "refused"


class ForgetOutcome(StrEnum):
    """What a request to forget a group fact did."""

    FORGOTTEN = "forgotten"
    NOT_ALLOWED = "not_allowed"  # neither an admin nor the member who said it
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class Heard:
    """What a member's message did to the group's memory: ``statement`` when it was about the
    group; the fact written (or refreshed), the conflicts it opened, and the consent state."""

    statement: bool
    consent: Consent
    fact: Fact | None = None
    conflict_ids: tuple[int, ...] = ()
    #: The consent question should be asked now (first group statement of this member here).
    ask: bool = False


@dataclass(frozen=True, slots=True)
class GroupFact:
    """One fact of a group's memory and the names of the members who said it."""

    fact: Fact
    said_by: tuple[str, ...]
    members: tuple[str, ...]


def _check(conn: Connection, member: str, chat: str) -> Consent:
    row = repo.consent(conn, member, chat)
    return Consent.UNASKED if row is None else Consent(row.state)


def consent_of(ctx: Context, member: str, chat: str) -> Consent:
    """``member``'s consent for ``chat``."""
    with ctx.db.read() as conn:
        return _check(conn, member, chat)


def hear(
    ctx: Context,
    group: str,
    member: str,
    name: str,
    turn_id: str,
    text: str,
    at: datetime,
    *,
    ask: bool = True,
) -> Heard:
    """A member's message in a group: a statement about the group is written to its memory when
    they agreed; the first one of a member never asked is kept until they answer (``ask``
    False — a message not for the bot, which stays silent: nothing is kept or asked)."""
    candidate = _candidate(ctx, text)
    chat = chat_of(group)
    if candidate is None:
        return Heard(False, consent_of(ctx, member, chat))
    state = consent_of(ctx, member, chat)
    if state == Consent.AGREED:
        return _write(ctx, group, member, name, turn_id, text, at)
    if state == Consent.UNASKED and ask:
        with ctx.db.write(users=[member]) as conn:
            if _check(conn, member, chat) != Consent.UNASKED:
                return Heard(True, _check(conn, member, chat))
            now = ctx.clock.now()
            repo.put_consent(conn, member, chat, "asked", now, (text, turn_id, group, name, at))
        log.info("group_consent_asked", group=group)
        return Heard(True, Consent.ASKED, ask=True)
    return Heard(True, state)


def _candidate(ctx: Context, text: str) -> Candidate | None:
    """The group's candidate fact in ``text`` (``group_candidate``), or None when the one
    sensitivity model reads it as private: the rules (there), then the reader by meaning — a
    statement only it finds sensitive ("we're keeping an eye on Ana after what she tried") is
    never the group's to keep. The rules' answer stands when the embedder fails."""
    candidate = group_candidate(text)
    if candidate is None or ctx.sensitivity is None:
        return candidate
    try:
        (topic,) = ctx.sensitivity.topics([text.strip()])
    except EmbedderError as exc:
        log.warning("sensitivity_meaning_failed", error=str(exc))
        return candidate
    return candidate if topic is None else None


def _write(
    ctx: Context, group: str, member: str, name: str, turn_id: str, text: str, at: datetime
) -> Heard:
    """Learn one statement into the group's memory through the write policy (a changed plan
    of a confident one opens a conflict), if the member still agrees at write time."""
    candidate = _candidate(ctx, text)
    chat = chat_of(group)
    if candidate is None:
        return Heard(False, consent_of(ctx, member, chat))
    now = ctx.clock.now()
    flow = Pipeline(ctx)
    related = flow.look_up_here(group, [candidate], at)
    same = _same_plan(candidate.value_text, related.by_key.get(candidate.key, ()))
    if same is not None:
        return _second(ctx, group, member, name, same, now)
    decided = decide_one(
        candidate, related.by_key.get(candidate.key, ()), explicit=False, now=now, said_at=at
    )
    guarded = None if decided is None else flow.guard(decided, related, said_at=at)
    if isinstance(guarded, Supersede):
        # A group's plan changed by one member's word ("Fridays now") is the group's call:
        # asked in the chat, settled by an admin (the conflict policy).
        guarded = Pending(guarded.target_id, guarded.proposal)
    with ctx.db.write(users=[group, member]) as conn:
        state = _check(conn, member, chat)
        if state != Consent.AGREED:  # withdrawn while we looked: nothing is written
            return Heard(True, state)
        if guarded is None:
            return Heard(True, state)
        ref = TurnRef(group, turn_id, chat.partition(":")[2].partition(":")[2], actor="group")
        applied = flow.apply(conn, ref, [guarded], now)
        known = repo.speakers(conn, group)
        fact = None
        conflicts: list[int] = []
        for done in applied:
            if done.fact is not None:
                fact = done.fact
                if member not in {m for m, _ in known.get(done.fact.id, [])}:
                    repo.add_said(conn, member, group, done.fact.id, name, now)
            if done.conflict_id is not None:
                conflicts.append(done.conflict_id)
    log.info(
        "group_fact_learned",
        group=group,
        key=log_key(candidate.key, private=candidate.sensitive),
        conflicts=len(conflicts),
    )
    return Heard(True, Consent.AGREED, fact, tuple(conflicts))


def _same_plan(said: str, current: Sequence[Fact]) -> Fact | None:
    """The group's current fact that ``said`` repeats in other words (the same days and
    times: "we meet on Thursdays at 7, agreed"), or ``None``."""
    when = schedule_of(said)
    if not when:
        return None
    return next(
        (f for f in current if f.status == Status.ACTIVE and schedule_of(f.value_text) == when),
        None,
    )


def _second(ctx: Context, group: str, member: str, name: str, fact: Fact, now: datetime) -> Heard:
    """A member repeats the group's plan: they are named beside it (nothing else changes)."""
    chat = chat_of(group)
    with ctx.db.write(users=[group, member]) as conn:
        state = _check(conn, member, chat)
        if state != Consent.AGREED:
            return Heard(True, state)
        if member not in {m for m, _ in repo.speakers(conn, group).get(fact.id, [])}:
            repo.add_said(conn, member, group, fact.id, name, now)
    log.info("group_fact_seconded", group=group, fact_id=fact.id)
    return Heard(True, Consent.AGREED, fact)


def answer_consent(ctx: Context, member: str, chat: str, *, agree: bool) -> Heard | None:
    """A member's answer (the one-time button, or the command): agreeing writes the statement
    that waited for it; refusing (or withdrawing) removes what they said from the chat's
    memories. ``None`` when nothing waited."""
    now = ctx.clock.now()
    with ctx.db.write(users=[member]) as conn:
        row = repo.consent(conn, member, chat)
        repo.put_consent(conn, member, chat, "agreed" if agree else "refused", now)
    log.info("group_consent_answered", agreed=agree)
    if not agree:
        remove_member(ctx, member, chat)
        return None
    if row is None or row.pending_text is None or row.pending_group is None:
        return None
    at = row.pending_at or now
    return _write(
        ctx,
        row.pending_group,
        member,
        row.pending_name or "",
        row.pending_turn or "",
        row.pending_text,
        at,
    )


def facts(ctx: Context, group: str) -> list[GroupFact]:
    """The group's memory as its chat may see it (active facts and open plan changes)."""
    with ctx.db.read() as conn:
        found = [
            f
            for f in fact_repo.list_facts(conn, group, SearchFilters(), 200, 0)
            if f.status == Status.ACTIVE and f.kind == "fact"
        ]
        said = repo.speakers(conn, group)
    return [
        GroupFact(
            f,
            tuple(n for _, n in said.get(f.id, [])),
            tuple(m for m, _ in said.get(f.id, [])),
        )
        for f in found
    ]


def forget(ctx: Context, group: str, fact_id: int, member: str, *, admin: bool) -> ForgetOutcome:
    """Forget one group fact for good, asked by an admin or by a member who said it."""
    with ctx.db.write(users=[group]) as conn:
        fact = fact_repo.get(conn, group, fact_id)
        if fact is None or fact.status == Status.DELETED:
            return ForgetOutcome.NOT_FOUND
        members = {m for m, _ in repo.speakers(conn, group).get(fact_id, [])}
        if not admin and member not in members:
            log.info("group_forget_refused", group=group, fact_id=fact_id)
            return ForgetOutcome.NOT_ALLOWED
        _purge(ctx, conn, group, fact, "admin" if admin else "speaker")
    log.info("group_fact_forgotten", group=group, fact_id=fact_id, admin=admin)
    return ForgetOutcome.FORGOTTEN


def _purge(ctx: Context, conn: Connection, group: str, fact: Fact, actor: str) -> None:
    """Delete a group fact and everything that names it (history, conflicts, vector)."""
    now = ctx.clock.now()
    if fact.status != Status.DELETED:
        gone = fact_repo.delete(conn, group, fact, now, actor=actor, reason="forget")
        ctx.vectors.queue_fact(conn, gone)
    lifecycle.purge(conn, group, fact.id, vectors=ctx.vectors.enabled)
    repo.drop_said(conn, group, fact.id)


def remove_member(ctx: Context, member: str, chat: str | None = None) -> int:
    """What ``member`` said in group memories (``chat``'s only, when given): a fact only they
    said is deleted for good; from one others said too, only their name goes. Returns the
    facts deleted."""
    removed = 0
    with ctx.db.write(users=[member]) as conn:
        said = repo.said_by(conn, member, chat)
    for group, fact_id in said:
        with ctx.db.write(users=[group, member]) as conn:
            members = {m for m, _ in repo.speakers(conn, group).get(fact_id, [])}
            fact = fact_repo.get(conn, group, fact_id)
            if fact is not None and members <= {member}:
                _purge(ctx, conn, group, fact, "system")
                removed += 1
            else:
                repo.drop_member_said(conn, member, group, fact_id)
    if said:
        log.info("group_statements_removed", facts=removed, mentions=len(said))
    return removed


def conflict_group(ctx: Context, chat: str, conflict_id: int) -> str | None:
    """The group of ``chat`` (any topic) whose memory conflict ``conflict_id`` is."""
    with ctx.db.read() as conn:
        return repo.conflict_group(conn, chat, conflict_id)
