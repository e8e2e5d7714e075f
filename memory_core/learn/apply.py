"""Apply: a turn's decisions → one transaction (facts, history, revision, conflicts, vectors,
relation edges, entity links).

Every action is recorded under its idempotency key ``(turn_id, key, action_hash)``: replaying
a turn applies nothing twice.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection

from memory_core.clock import to_ts
from memory_core.extract.notes import about_user, holds
from memory_core.learn import policy
from memory_core.learn.arbitrate import BESIDE_A_CHANGE, PARTNER_STATUSES, as_an_ex
from memory_core.learn.decisions import (
    Decision,
    Expire,
    Insert,
    Noop,
    Pending,
    Proposal,
    Supersede,
    Update,
    action_hash,
    decision_key,
)
from memory_core.read import entities
from memory_core.store import applied_actions as applied_repo
from memory_core.store import conflicts as conflict_repo
from memory_core.store import events as event_log
from memory_core.store import facts as fact_repo
from memory_core.store import relations as relation_repo
from memory_core.store.conflicts import ConflictRow
from memory_core.values import Category, Fact, NewFact, SearchFilters, Status


@dataclass(frozen=True, slots=True)
class Applied:
    """What one decision did: the fact it wrote, the one it replaced, a conflict it opened."""

    decision: Decision
    fact: Fact | None = None
    previous: Fact | None = None
    conflict_id: int | None = None
    replayed: bool = False
    #: A noop on a change that still waits for the user's answer (``previous``: the fact
    #: asked about).
    waits: bool = False


@dataclass(frozen=True, slots=True)
class TurnRef:
    """Where the decisions came from."""

    user_id: str
    turn_id: str
    chat_id: str | None
    actor: str = "observer"


def _new_fact(
    p: Proposal, ref: TurnRef, status: Status, *, supersedes: int | None = None
) -> NewFact:
    protected = p.confidence >= policy.EXPLICIT
    value_json: dict[str, Any] = {"value": p.value} if p.value else {}
    if p.held:
        value_json[HELD] = [_held_json(n) for n in p.held]
    return NewFact(
        key=p.key,
        value_text=p.value_text,
        category=p.category,
        confidence=p.confidence,
        value_json=value_json or None,
        event_time=p.event_time,
        valid_from=p.valid_from,
        valid_to=p.valid_to,
        status=status,
        source_turn_id=ref.turn_id,
        source_chat_id=ref.chat_id,
        source_excerpt=p.source_excerpt[:200] if p.source_excerpt else None,
        sensitive=p.sensitive,
        # Explicit remembers are protected from decay like confirmed facts.
        decay_rate=0.0 if protected else 0.1,
        importance=3 if policy.is_high_risk(p.category) else 2,
    )


#: ``value_json`` key of a pending fact: the notes of its line held back while it waits.
HELD = "held"


def _held_json(p: Proposal) -> dict[str, Any]:
    """A held note, as its pending fact keeps it."""
    return {
        "key": p.key,
        "text": p.value_text,
        "category": p.category.value,
        "confidence": p.confidence,
        "excerpt": p.source_excerpt,
    }


def held_notes(fact: Fact) -> list[Proposal]:
    """The notes held back with the pending ``fact`` (none for any other)."""
    data = fact.value_json.get(HELD) if isinstance(fact.value_json, dict) else None
    if not isinstance(data, list):
        return []
    return [
        Proposal(
            key=str(n["key"]),
            value_text=str(n["text"]),
            category=Category(n["category"]),
            confidence=float(n["confidence"]),
            source_excerpt=str(n.get("excerpt") or ""),
        )
        for n in data
        if isinstance(n, dict) and {"key", "text", "category", "confidence"} <= n.keys()
    ]


def _held_of(fact: Fact) -> dict[str, Any]:
    """The part of ``fact``'s ``value_json`` holding its line's notes (a pending value said
    again in new words keeps them)."""
    if not isinstance(fact.value_json, dict) or HELD not in fact.value_json:
        return {}
    return {HELD: fact.value_json[HELD]}


def without_held(fact: Fact) -> Any:
    """``fact``'s ``value_json`` without the notes held with it (a value that stands)."""
    if not isinstance(fact.value_json, dict) or HELD not in fact.value_json:
        return fact.value_json
    rest = {k: v for k, v in fact.value_json.items() if k != HELD}
    return rest or None


def write_held_notes(
    conn: Connection,
    user_id: str,
    pending: Fact,
    now: datetime,
    *,
    queue: Callable[[Connection, Fact], None],
    actor: str,
    reason: str,
    valid_to: datetime | None = None,
) -> list[Fact]:
    """The change ``pending`` stands: the notes of its line held back while it waited are
    written in the user's words ("Wir sind nach Jena gezogen, die Wohnung hat …" beside the
    home Jena), in place of the part of the line kept meanwhile (its other clauses, under the
    same key). ``valid_to``: the change holds only for now, and so do they."""
    out: list[Fact] = []
    parts = {
        n.key: n
        for n in (
            fact_repo.notes_of_turn(conn, user_id, pending.source_turn_id)
            if pending.source_turn_id
            else []
        )
    }
    for held in held_notes(pending):
        part = parts.get(held.key)
        if part is not None:
            after = fact_repo.transition(
                conn,
                user_id,
                part,
                now,
                event="updated",
                value_text=held.value_text,
                source_excerpt=held.source_excerpt[:200] or part.source_excerpt,
                valid_to=valid_to,
                actor=actor,
                reason=reason,
            )
        else:
            p = replace(held, valid_to=valid_to)
            ref = TurnRef(user_id, pending.source_turn_id or "", pending.source_chat_id, actor)
            new = _new_fact(p, ref, Status.ACTIVE)
            after = fact_repo.create(conn, user_id, new, now, actor=actor, reason=reason)
            entities.link_fact(conn, user_id, after)
        queue(conn, after)
        out.append(after)
    return out


#: How many of a user's active facts a partnership's end looks through for the partner's.
_PARTNER_READ = 2000


def kept_as_ex(
    conn: Connection,
    user_id: str,
    partner: Fact,
    now: datetime,
    *,
    queue: Callable[[Connection, Fact], None],
    actor: str,
    reason: str,
) -> list[Fact]:
    """The user said their partnership ended and it stands ("Single again." after "My wife is
    called Marta", confirmed or left a week): ``partner`` (ended by the caller) and the other
    facts of the partner are kept as an ex's ("Ana's ex-wife is named Marta": "what's my
    ex-wife's name?", "who is Marta?"), and a status saying a partner ("married") ends. Before,
    the partner was superseded and nothing took its place. Returns the facts written."""
    active = fact_repo.list_facts(
        conn, user_id, SearchFilters(statuses=(Status.ACTIVE,)), limit=_PARTNER_READ
    )
    out: list[Fact] = []
    for fact in [partner, *(f for f in active if f.id != partner.id)]:
        ex = as_an_ex(fact)
        if ex is None and fact.key not in PARTNER_STATUSES:
            continue
        if fact.id != partner.id:
            ended = fact_repo.transition(
                conn,
                user_id,
                fact,
                now,
                event="superseded",
                actor=actor,
                reason=reason,
                status=Status.SUPERSEDED,
                valid_to=now,
            )
            queue(conn, ended)
        if ex is None:
            continue
        ref = TurnRef(user_id, fact.source_turn_id or "", fact.source_chat_id, actor)
        new = _new_fact(ex, ref, Status.ACTIVE)
        made = fact_repo.create(conn, user_id, new, now, actor=actor, reason=reason)
        entities.link_fact(conn, user_id, made)
        queue(conn, made)
        out.append(made)
    return out


#: A Spanish verb in the first person of the past ("empecé", "trabajé"): said of the user.
_ES_I_DID = re.compile(r"(?<!\w)[a-zñ]{3,}é(?!\w)", re.IGNORECASE)


def _of_the_user(text: str, language: str) -> bool:
    """Whether a note says something of the user (in the first person), not of a place."""
    return about_user(text, language) or (language == "es" and bool(_ES_I_DID.search(text)))


def parts_kept_beside(conn: Connection, user_id: str, pending: Fact) -> list[Fact]:
    """The notes written from the line of the change ``pending`` while it waited (the clauses
    said beside it) that describe the new value rather than the user: "el piso tiene vistas al
    puerto" goes when the user keeps the old home; "ich habe dort als Bäcker angefangen" — the
    user's own statement, in the first person — is theirs, and stays."""
    if pending.source_turn_id is None:
        return []
    return [
        n
        for n in fact_repo.notes_of_turn(conn, user_id, pending.source_turn_id)
        if not _of_the_user(n.value_text, n.key.split(".")[1])
        and any(
            h.event == "created" and h.reason == BESIDE_A_CHANGE
            for h in fact_repo.history(conn, user_id, fact_id=n.id)
        )
    ]


def _claimer(conn: Connection, ref: TurnRef, now: datetime) -> Callable[[Decision], bool]:
    """Claims of this turn's actions: what is applied already is read once, then each new
    claim is a blind write (the caller holds the user's write lock: nobody else claims for
    this user's turn meanwhile). ``False``: applied already (a replayed turn)."""
    done = applied_repo.claimed(conn, ref.turn_id)

    def claim(decision: Decision) -> bool:
        mark = (decision_key(decision), action_hash(decision))
        if mark in done:
            return False
        done.add(mark)
        applied_repo.record(conn, ref.user_id, ref.turn_id, *mark, now)
        return True

    return claim


def apply_decisions(
    conn: Connection,
    ref: TurnRef,
    decisions: Sequence[Decision],
    now: datetime,
    *,
    queue: Callable[[Connection, Fact], None],
    links: Mapping[str, Sequence[tuple[int, float]]] | None = None,
) -> list[Applied]:
    """Apply ``decisions`` inside the caller's transaction; returns what each one did."""
    out: list[Applied] = []
    uid = ref.user_id

    def created(
        new: NewFact,
        reason: str,
        *,
        event: str = "created",
        summary: str | None = None,
        replaces: Fact | None = None,
    ) -> Fact:
        """Insert and audit a fact; queue its vector."""
        fact = fact_repo.create(
            conn,
            uid,
            new,
            now,
            actor=ref.actor,
            event=event,
            reason=reason,
            turn_id=ref.turn_id,
            summary=summary,
            replaces=replaces,
        )
        queue(conn, fact)
        return fact

    def changed(before: Fact, event: str, reason: str, *, bump: bool = True, **fields: Any) -> Fact:
        """Change and audit a fact; queue its vector unless it is a mere repetition."""
        after = fact_repo.transition(
            conn,
            uid,
            before,
            now,
            event=event,
            actor=ref.actor,
            reason=reason,
            turn_id=ref.turn_id,
            bump=bump,
            **fields,
        )
        if bump:  # a mere repetition changes no vector
            queue(conn, after)
        return after

    claim = _claimer(conn, ref, now)
    for decision in decisions:
        if not claim(decision):
            out.append(Applied(decision, replayed=True))
            continue
        match decision:
            case Insert(proposal=p, reason=reason):
                fact = created(_new_fact(p, ref, Status.ACTIVE), reason)
                _link(conn, uid, fact, (links or {}).get(p.key, ()), now)
                out.append(Applied(decision, fact))
            case Update(target_id=target, proposal=p, reason=reason):
                if (before := fact_repo.get(conn, uid, target)) is None:
                    continue
                if before.status == Status.DELETED and not before.faded:
                    continue  # forgotten meanwhile: never brought back by an update
                revived: dict[str, Any] = (
                    # Told again after it faded: back, and counted as used from now.
                    {"status": Status.ACTIVE, "valid_to": None, "deleted_at": None}
                    | {"last_accessed_at": now}
                    if before.faded
                    else {}
                )
                dated: dict[str, Any] = {
                    name: when
                    for name, when in (("valid_from", p.valid_from), ("event_time", p.event_time))
                    if when is not None
                }
                fact = changed(
                    before,
                    "restored" if before.faded else "updated",
                    reason,
                    **revived,
                    **dated,
                    value_text=p.value_text,
                    value_json=(
                        {"value": p.value} | _held_of(before) if p.value else before.value_json
                    ),
                    confidence=max(before.confidence, p.confidence),
                    last_mentioned_at=now,
                    mention_count=before.mention_count + 1,
                    source_turn_id=ref.turn_id,
                    source_excerpt=p.source_excerpt[:200] or before.source_excerpt,
                )
                out.append(Applied(decision, fact, before))
            case Supersede(target_id=target, proposal=p, reason=reason):
                if (before := fact_repo.get(conn, uid, target)) is None:
                    continue
                ended = changed(
                    before, "superseded", reason, status=Status.SUPERSEDED, valid_to=now
                )
                end_its_notes(
                    conn,
                    uid,
                    before,
                    ended,
                    now,
                    queue=queue,
                    event="superseded",
                    actor=ref.actor,
                    reason=reason,
                    turn_id=ref.turn_id,
                )
                fact = created(
                    _new_fact(p, ref, Status.ACTIVE), reason, event="updated", replaces=before
                )
                out.append(Applied(decision, fact, before))
            case Expire(target_id=target, valid_to=valid_to, reason=reason):
                before = fact_repo.get(conn, uid, target)
                if before is None or before.status != Status.ACTIVE:
                    continue
                fact = changed(
                    before, "expired", reason, status=Status.EXPIRED, valid_to=min(valid_to, now)
                )
                end_its_notes(
                    conn,
                    uid,
                    before,
                    fact,
                    now,
                    queue=queue,
                    event="expired",
                    actor=ref.actor,
                    reason=reason,
                    turn_id=ref.turn_id,
                )
                out.append(Applied(decision, fact, before))
            case Noop(target_id=target, confidence_delta=delta, reason=reason):
                if (before := fact_repo.get(conn, uid, target)) is None:
                    continue
                fact = changed(
                    before,
                    "mentioned",
                    reason,
                    bump=False,
                    confidence=min(1.0, max(0.0, before.confidence + delta)),
                    last_mentioned_at=now,
                    mention_count=before.mention_count + 1,
                )
                out.append(Applied(decision, fact, before))
            case Pending(target_id=target, proposal=p, reason=reason):
                if (before := fact_repo.get(conn, uid, target)) is None:
                    continue
                asked = [
                    c for c in conflict_repo.open_for_user(conn, uid) if c.old_fact_id == target
                ]
                if any(_still_asked(conn, uid, c, now) for c in asked):
                    # One change, one question: the fact is asked about already (a tool call
                    # and the turn's own learning, or two tool calls); its answer settles it.
                    out.append(Applied(decision, previous=before))
                    continue
                fact = created(
                    _new_fact(p, ref, Status.PENDING),
                    reason,
                    event="pending",
                    summary=f"[{p.category.value}] {p.value_text} (unconfirmed)",
                )
                cid = conflict_repo.open_conflict(
                    conn,
                    uid,
                    ref.chat_id,
                    target,
                    fact.id,
                    now,
                    now + timedelta(days=policy.CONFLICT_TTL_DAYS),
                )
                out.append(Applied(decision, fact, before, conflict_id=cid))
    for a in out:
        if a.fact is not None and isinstance(a.decision, Insert | Update | Supersede | Pending):
            entities.link_fact(conn, uid, a.fact)
    return [_still_waiting(conn, uid, a) for a in out]


def end_its_notes(
    conn: Connection,
    user_id: str,
    slot: Fact,
    ended: Fact,
    now: datetime,
    *,
    queue: Callable[[Connection, Fact], None],
    **how: Any,
) -> list[Fact]:
    """The notes said in the same message as ``slot`` that hold its value ("Wir wohnen in
    Pankow, ziemlich eng aber gemütlich" kept beside the home Pankow), ended with it: ``ended``
    is the slot after its change, whose status and end each note takes; ``how`` is that
    change's event, actor, reason and turn (one operation: ``/undo`` brings both back). A note
    left active answered "where do I live now?" with the old home after a move stood."""
    value = slot.value_json.get("value") if isinstance(slot.value_json, dict) else None
    if not isinstance(value, str) or not value:
        return []
    out = []
    for note in _notes_of_its_lines(conn, user_id, slot):
        if not holds(note.value_text, value):
            continue
        after = fact_repo.transition(
            conn, user_id, note, now, status=ended.status, valid_to=ended.valid_to, **how
        )
        queue(conn, after)
        out.append(after)
    return out


#: The events of a fact's history whose turn told it (created it, said it again or anew).
_TOLD = frozenset({"created", "updated", "mentioned", "restored"})


def _notes_of_its_lines(conn: Connection, user_id: str, slot: Fact) -> list[Fact]:
    """The active notes of every line that told ``slot``: the first, and each that said it
    again or in new words ("Wir leben in Gera, gleich am Stadtpark" after "Ich wohne in
    Gera": a mention of the slot, and a note of its own) — its history's turns."""
    turns = [slot.source_turn_id] + [
        h.turn_id
        for h in fact_repo.history(conn, user_id, fact_id=slot.id)
        if h.event in _TOLD  # not the line that ends it ("moved from Gera to …, Gera was …")
    ]
    seen: dict[int, Fact] = {}
    for turn in dict.fromkeys(t for t in turns if t):
        for note in fact_repo.notes_of_turn(conn, user_id, turn):
            seen.setdefault(note.id, note)
    return sorted(seen.values(), key=lambda n: n.id)


def _still_waiting(conn: Connection, uid: str, applied: Applied) -> Applied:
    """A change said again (a noop or a new wording) while it still waits for the user's
    answer: it waits still — ``previous`` is the fact asked about, and the acknowledgement
    says so, never "Got it"."""
    before = applied.previous
    if not isinstance(applied.decision, Noop | Update) or before is None:
        return applied
    if before.status != Status.PENDING:
        return applied
    asked = [c for c in conflict_repo.open_for_user(conn, uid) if c.new_fact_id == before.id]
    told = fact_repo.get(conn, uid, asked[0].old_fact_id) if asked else None
    if told is None:
        return applied
    return Applied(applied.decision, applied.fact, told, applied.conflict_id, waits=True)


def _still_asked(conn: Connection, user_id: str, row: ConflictRow, now: datetime) -> bool:
    """Whether an open question still waits for the user: its new value is pending. One whose
    value was undone or forgotten meanwhile is closed (it asked nothing any more, and a later
    correction of the same fact was swallowed as "asked already", with no question sent)."""
    new = fact_repo.get(conn, user_id, row.new_fact_id)
    if new is not None and new.status == Status.PENDING:
        return True
    conflict_repo.close(conn, user_id, row.id, "expired", "withdrawn", now)
    return False


def _link(
    conn: Connection,
    user_id: str,
    fact: Fact,
    neighbours: Sequence[tuple[int, float]],
    now: datetime,
) -> None:
    """Relations (seed 003 §2): edges to similar facts, strength = similarity, no duplicates.
    Each new edge is audited on the fact (seed 003 §8's LINK) and counted as a ``worker/link``
    event whose value is the milliseconds one edge took to write (seed 003 §2: ≤ 2 ms)."""
    edges = [(other, round(strength, 4)) for other, strength in neighbours if other != fact.id]
    if not edges or fact.kind != "fact":  # a procedure is no semantic neighbour (seed 003 §12)
        return
    started = time.perf_counter()
    made = [(o, s) for o, s in edges if relation_repo.add(conn, user_id, fact.id, o, s, now)]
    per_edge_ms = round((time.perf_counter() - started) * 1000 / len(edges), 3)
    for other, strength in made:
        fact_repo.record_link(conn, user_id, fact, other, strength, now)
    event_log.add(
        conn,
        [
            event_log.Event(
                "worker",
                "link",
                user_id=user_id,
                memory_id=fact.id,
                category=fact.category.value,
                sim=strength,
                value=per_edge_ms,
            )
            for _, strength in made
        ],
        to_ts(now),
    )
