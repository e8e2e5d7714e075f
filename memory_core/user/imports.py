"""Importing an edited MEMORY.md without stalling anyone else: the file is read and planned on a
thread, and the confirmed plan is applied in short batches through a journal.

All or nothing, rolled forward:

- **Before Apply nothing changes.** Planning only stores the plan (``imports``, ``pending``).
- **Apply is the commit point.** Pressing it takes the import (``applied``) and writes its
  journal entry (rows done: 0) in one short transaction. From then on the import is durable:
  it will be applied whole, even if the process dies.
- **Batches.** Each batch is one write transaction that applies the next rows of the plan and
  advances the journal in the same commit, bounded by rows and by time (``ImportLimits``), so
  other users' writes take the lock between batches. A row is never applied twice nor skipped:
  a batch that dies rolls back with its journal update.
- **Recovery.** A journal entry left by a dead process is found at start
  (:func:`unfinished`) and the apply resumes from the last committed row.

While a big import is being applied its user sees it arrive (their own memory only); no other
user's memory or latency is touched. Erasing the user mid-apply stops it (its plan is gone).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import structlog
from sqlalchemy import Connection

from memory_core.categories import Consumer
from memory_core.config import ImportLimits
from memory_core.errors import EmbedderError, InvalidInputError, Reason
from memory_core.extract.sensitive import find_sensitive
from memory_core.extract.sensitivity import classified
from memory_core.extract.text import third_person
from memory_core.learn.arbitrate import normalise_value
from memory_core.read import disclosure
from memory_core.runtime.executors import Pacer
from memory_core.store import facts as fact_repo
from memory_core.store import users
from memory_core.text.cleaning import MAX_FACT_CHARS, clean_text
from memory_core.user import foreign_memory, memory_md
from memory_core.user.remember import remember_in
from memory_core.values import RETRIEVABLE, Audience, Category, Fact, NewFact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.imports")
_REASON = "edited MEMORY.md"


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an import being applied stands; ``summary`` once ``done == total``."""

    done: int
    total: int
    summary: memory_md.ImportSummary

    @property
    def finished(self) -> bool:
        """Whether every row is applied."""
        return self.done >= self.total


# ---- planning (on a thread) -------------------------------------------------------------------


def plan(
    ctx: Context, user_id: str, raw: bytes, owner: str, audience: Audience
) -> memory_md.PendingImport:
    """Read an edited MEMORY.md, store what applying it would change and describe it for
    ``audience`` — blocking work for a thread. A group is never shown an import."""
    if audience == Audience.GROUP:
        raise InvalidInputError(Reason("an import is only read in your private chat"))
    with ctx.db.read() as conn:
        # What an export holds: a category the export leaves out is not in the file, and its
        # facts are not "removed lines" (docs/categories.md).
        scope = ctx.config.categories.scoped(Consumer.EXPORT)
        current = fact_repo.list_facts(conn, user_id, scope, memory_md.MAX_EXPORT, 0)

    # Long pure-Python work holding the GIL: it rests as long as it works, in short slices,
    # so the event loop and other users' replies are not held up (``Lane.BULK``).
    # It also steps aside while another user's reply is being answered.
    pace = Pacer(
        PLAN_SLICE_S, ctx.config.import_limits.rest_ratio, busy=ctx.lanes.executors.replies.busy
    )

    def clean(line: str) -> str:
        value = clean_text(line, limit=MAX_FACT_CHARS)
        # Stored memories are third person, like everything the bot learns.
        return third_person(value, owner)

    try:
        text = memory_md.decode(raw)
        foreign = foreign_memory.read(text)
        if foreign is not None:
            the_plan = _foreign_plan(foreign, current, owner, ctx.clock.now().date().isoformat())
        else:
            the_plan = memory_md.plan(
                text,
                [f for f in current if f.kind in ("fact", "procedure")],
                shown=lambda f: disclosure.shown(f, Audience.PRIVATE).value_text,
                clean=clean,
                pace=pace,
            )
    except memory_md.MemoryFileError as exc:
        raise InvalidInputError(exc.reason) from exc
    # An old file is old material: what the user asked to forget is not brought back.
    the_plan = without_forgotten(ctx, user_id, the_plan, pace)
    if the_plan.empty:
        return memory_md.PendingImport(None, the_plan)
    the_plan = replace(the_plan, private=_private_by_meaning(ctx, the_plan, pace))
    with ctx.db.write(users=[user_id]) as conn:
        import_id = users.add_import(conn, user_id, the_plan.as_dict(), ctx.clock.now())
    by_id = {f.id: f for f in current}
    # Only the lines a preview lists are put in words (read for the audience line by line:
    # all 50,000 of a big file took most of its planning); the others are counted.
    shown = memory_md.shown_plan(the_plan, _line_for(by_id, audience), limit=SHOWN_LINES)
    return memory_md.PendingImport(import_id, the_plan, shown)


#: Work slices of planning between rests (see :class:`Pacer`).
PLAN_SLICE_S = 0.02
#: How many lines of each part of a plan (add, change, remove) a preview may list.
SHOWN_LINES = 20
#: New lines of one import read by meaning when it is planned (~10 ms each on a background
#: thread); beyond them the rules alone decide, on the write path and at display time.
MEANING_LINES = 2_000
#: Lines embedded at a time when reading by meaning.
MEANING_BATCH = 32


def _private_by_meaning(
    ctx: Context, the_plan: memory_md.ImportPlan, pace: Callable[[], None]
) -> list[int]:
    """Positions of the new lines the sensitivity model reads as private by meaning where no
    rule does (none without a fitting embedder, or when it fails: the rules still decide)."""
    model = ctx.sensitivity
    if model is None:
        return []
    unread: list[int] = []
    for i, (category, text) in enumerate(the_plan.add[:MEANING_LINES]):
        if not classified(_category(category), False, text)[1]:
            unread.append(i)
        pace()

    private: list[int] = []
    for start in range(0, len(unread), MEANING_BATCH):
        batch = unread[start : start + MEANING_BATCH]
        try:
            topics = model.topics([the_plan.add[i][1] for i in batch])
        except EmbedderError as exc:
            log.warning("sensitivity_meaning_failed", error=str(exc))
            return []
        # No rest here: embedding lets go of the GIL while it computes (a rest after each
        # batch doubled planning). It stays on this thread, at the process's priority: on the
        # niced background threads a loaded machine starved it (500 lines planned in 99 s
        # instead of 44 s, load ≈ 8-11; A waits for the preview), for no measurable gain in
        # B's replies (docs/import.md).
        private += [i for i, topic in zip(batch, topics, strict=True) if topic is not None]
    return private


def _category(value: str | None) -> Category:
    """A plan line's category (``other`` when it names none we know)."""
    if value is not None and value in Category._value2member_map_:
        return Category(value)
    return Category.OTHER


def _foreign_plan(
    foreign: foreign_memory.ForeignMemory, current: Sequence[Fact], owner: str, today: str
) -> memory_md.ImportPlan:
    """Another assistant's memories as lines to add (nothing of ours is changed or removed:
    the file never held our memories); what we know already, word for word, is left out."""
    known = {f.value_text.casefold() for f in current}
    add: list[tuple[str, str]] = []
    secrets = 0
    for item in foreign.items:
        value = clean_text(third_person(foreign_memory.as_statement(item.text), owner), limit=10**6)
        if find_sensitive(value):
            # A secret the other assistant wrote down is treated as one said in passing in
            # chat: not stored (only an explicit /remember keeps a secret), not even redacted.
            secrets += 1
            continue
        if len(value) > MAX_FACT_CHARS:
            # Prose may run long: kept to the limit, at a word.
            value = value[: MAX_FACT_CHARS - 1].rsplit(" ", 1)[0] + "…"
        if value.casefold() in known:
            continue
        known.add(value.casefold())
        add.append((item.category.value, value))
    if not add and not foreign.items:
        raise memory_md.MemoryFileError(
            Reason(
                "that {source} export holds no memories, so I changed nothing",
                source=foreign.source_name,
            )
        )
    if len(add) > memory_md.MAX_EXPORT:
        raise memory_md.MemoryFileError(memory_md.too_many(len(add)))
    return memory_md.ImportPlan(add=add, secrets=secrets, source=foreign.source, imported_on=today)


def _line_for(
    current: dict[int, Fact], audience: Audience
) -> Callable[[str, str | None, int | None], str]:
    """How one line of the plan is shown: a known fact as its stored sensitivity says, a new
    line as the sensitivity model reads its text (never merely its heading's category)."""

    def show(text: str, category: str | None, fact_id: int | None) -> str:
        fact = current.get(fact_id) if fact_id is not None else None
        if fact is not None:
            cat, sensitive = classified(fact.category, fact.sensitive, text)
            return disclosure.shown_text(text, cat, audience, sensitive)
        cat, sensitive = classified(_category(category), False, text)
        return disclosure.shown_text(text, cat, audience, sensitive)

    return show


# ---- applying (short batches, journaled) ------------------------------------------------------


def begin(ctx: Context, user_id: str, import_id: int) -> bool:
    """Take a pending import for applying (the commit point); ``False`` when it was already
    settled (applied, being applied, cancelled) or is not the user's."""
    with ctx.db.write(users=[user_id]) as conn:
        data = users.take_import(conn, user_id, import_id, "applied")
        if data is None:
            return False
        p = memory_md.ImportPlan.from_dict(data)
        total = len(p.add) + len(p.change) + len(p.remove)
        users.put_journal(conn, import_id, _progress(0, total, memory_md.ImportSummary()))
    return True


def cancel(ctx: Context, user_id: str, import_id: int) -> bool:
    """Cancel a pending import; ``False`` when it was already settled."""
    with ctx.db.write(users=[user_id]) as conn:
        if users.take_import(conn, user_id, import_id, "cancelled") is None:
            return False
        users.drop_plan(conn, import_id)
        return True


def in_progress(ctx: Context, user_id: str, import_id: int) -> Progress | None:
    """How far one of the user's imports being applied got, or ``None`` when it is not being
    applied (or not theirs)."""
    with ctx.db.read() as conn:
        if not users.has_import(conn, user_id, import_id):
            return None
        state = users.journal(conn, import_id)
    return None if state is None else _from_state(state)


def unfinished(ctx: Context) -> list[tuple[str, int]]:
    """``(user_id, import_id)`` of imports a dead process left half-applied."""
    with ctx.db.write() as conn:
        return users.unfinished_imports(conn)


#: Work a batch does before it gives way to a reply being answered (each batch commits, so
#: ending one for every reply costs a commit; a reply waits at most this for the GIL).
GIVE_WAY_AFTER_S = 0.01


@dataclass
class Applier:
    """Applies one taken import batch by batch (each ``step`` on a thread). Keeps the plan
    and an index of the user's facts by key and value, read once (a per-line query by key
    was quadratic when thousands of lines shared one)."""

    ctx: Context
    user_id: str
    import_id: int
    limits: ImportLimits = field(default_factory=ImportLimits)
    _rows: list[tuple[Any, ...]] | None = None
    _index: dict[tuple[str, str], int] = field(default_factory=dict)
    #: "imported from ChatGPT on …" for another assistant's export (every fact says it).
    _provenance: str | None = None
    _source: str = ""

    def load(self) -> bool:
        """Read the plan and the user's facts; ``False`` when the import is gone (erased)."""
        with self.ctx.db.read() as conn:
            data = users.import_plan(conn, self.user_id, self.import_id)
            if data is None:
                return False
            facts = fact_repo.keys_and_values(conn, self.user_id, RETRIEVABLE)
        p = memory_md.ImportPlan.from_dict(data)
        self._provenance, self._source = p.provenance, p.source
        private = frozenset(p.private)
        self._rows = [
            *(("remove", fid) for fid, _text in p.remove),
            *(("change", fid, new) for fid, _old, new in p.change),
            *(("add", category, text, i in private) for i, (category, text) in enumerate(p.add)),
        ]
        self._index = {(key, value.casefold()): fid for fid, key, value in facts}
        return True

    def step(self) -> Progress | None:
        """Apply the next batch in one transaction; ``None`` when the import is no longer
        being applied (finished by another process, or its user erased)."""
        assert self._rows is not None, "load() first"
        started = time.monotonic()
        deadline = started + self.limits.batch_seconds
        replies = self.ctx.lanes.executors.replies
        now = self.ctx.clock.now()
        with self.ctx.db.write(users=[self.user_id]) as conn:
            state = users.journal(conn, self.import_id)
            if state is None:
                return None
            if not users.has_import(conn, self.user_id, self.import_id):
                users.end_journal(conn, self.import_id)  # the user was erased meanwhile
                return None
            progress = _from_state(state)
            done, counts = progress.done, _counts(progress.summary)
            end = min(len(self._rows), done + self.limits.batch_rows)
            while done < end:
                counts[self._apply_row(conn, self._rows[done], now)] += 1
                done += 1
                if self._batch_over(started, deadline, replies.busy):
                    break
            summary = memory_md.ImportSummary(counts["add"], counts["change"], counts["remove"])
            if done >= len(self._rows):
                users.end_journal(conn, self.import_id)
                users.drop_plan(conn, self.import_id)
            else:
                users.put_journal(conn, self.import_id, _progress(done, len(self._rows), summary))
        return Progress(done, len(self._rows), summary)

    def _batch_over(self, started: float, deadline: float, replying: Callable[[], bool]) -> bool:
        """Whether the batch ends here: its time is up, a reply's write waits for the writer
        lock (it goes first), or a reply is being answered (its thread needs the GIL this one
        holds; ``Memory.apply_import`` then waits for it before the next batch)."""
        clock = time.monotonic()
        if clock >= deadline or self.ctx.db.reply_waiting:
            return True
        return clock - started >= GIVE_WAY_AFTER_S and replying()

    def _apply_row(self, conn: Connection, row: Sequence[Any], now: Any) -> str:
        """Apply one row of the plan; returns what it counted as (``skip`` when the fact it
        was about is gone already)."""
        kind = row[0]
        if kind == "add":
            self._add(
                conn,
                NewFact(
                    key="",
                    value_text=row[2],
                    category=Category(row[1]),
                    confidence=0.95,
                    decay_rate=0.0,
                    # Read as private by meaning when the import was planned.
                    sensitive=len(row) > 3 and bool(row[3]),
                ),
                now,
            )
            return "add"
        before = fact_repo.get(conn, self.user_id, int(row[1]))
        if before is None or before.status not in RETRIEVABLE:
            return "skip"
        if kind == "remove":
            after = fact_repo.delete(conn, self.user_id, before, now, actor="user", reason=_REASON)
            self.ctx.vectors.queue_fact(conn, after)
            self._index.pop((before.key, before.value_text.casefold()), None)
            return "remove"
        after = fact_repo.transition(
            conn,
            self.user_id,
            before,
            now,
            event="superseded",
            actor="user",
            reason=_REASON,
            status=Status.SUPERSEDED,
            valid_to=now,
        )
        self.ctx.vectors.queue_fact(conn, after)
        self._index.pop((before.key, before.value_text.casefold()), None)
        self._add(
            conn,
            NewFact(
                key=before.key,
                value_text=row[2],
                category=before.category,
                confidence=0.95,
                decay_rate=0.0,
            ),
            now,
        )
        return "change"

    def _add(self, conn: Connection, new: NewFact, now: Any) -> None:
        def same(key: str, value: str) -> list[Fact]:
            fid = self._index.get((key, value.casefold()))
            fact = fact_repo.get(conn, self.user_id, fid) if fid is not None else None
            return [fact] if fact is not None and fact.status in RETRIEVABLE else []

        reason = "MEMORY.md import"
        if self._provenance is not None:
            # Another assistant's memory: every fact says where and when it came from.
            reason = self._provenance
            new = replace(
                new,
                source_turn_id=f"import:{self._source}:{self.import_id}",
                source_excerpt=self._provenance,
            )
        # A memory line of an imported MEMORY.md as the user stated it: confident, not
        # decaying (its sensitivity is read off its text when it is written).
        fact = remember_in(self.ctx, conn, self.user_id, new, "user", reason, now, same=same)
        self._index[(fact.key, fact.value_text.casefold())] = fact.id


def _counts(summary: memory_md.ImportSummary) -> dict[str, int]:
    return {"add": summary.added, "change": summary.changed, "remove": summary.removed, "skip": 0}


def _progress(done: int, total: int, summary: memory_md.ImportSummary) -> dict[str, int]:
    return {
        "done": done,
        "total": total,
        "added": summary.added,
        "changed": summary.changed,
        "removed": summary.removed,
    }


def _from_state(state: dict[str, int]) -> Progress:
    summary = memory_md.ImportSummary(
        state.get("added", 0), state.get("changed", 0), state.get("removed", 0)
    )
    return Progress(state.get("done", 0), state.get("total", -1), summary)


def without_forgotten(
    ctx: Context,
    user_id: str,
    plan: memory_md.ImportPlan,
    pace: Callable[[], None] | None = None,
) -> memory_md.ImportPlan:
    """The plan without the lines that bring back what the user asked to forget (an old
    file is old material: the forget guard's rule, by the same text)."""
    if not plan.add:
        return plan
    with ctx.db.read() as conn:
        gone = fact_repo.list_facts(
            conn, user_id, SearchFilters(statuses=(Status.DELETED,)), limit=1000
        )
    said = {normalise_value(f.value_text) for f in gone if f.kind == "fact" and not f.faded}
    if not said:
        return plan
    kept: list[tuple[str, str]] = []
    for category, text in plan.add:
        if normalise_value(text) not in said:
            kept.append((category, text))
        if pace is not None:
            pace()
    if len(kept) == len(plan.add):
        return plan
    return replace(plan, add=kept, forgotten=plan.forgotten + len(plan.add) - len(kept))
