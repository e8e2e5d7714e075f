"""A stateful property test over the whole bot (issue "Trust", section "Prove it").

Three console users (ana, ben, cid) talk to one real runtime in their private chats and in
one group: plain, sensitive and secret statements, ``/remember``, ``/forget`` (pressing what
it offers), ``/undo``, ``/export`` → edited ``/import`` → Apply, ``/forgetme`` → Yes,
questions, the buttons the bot sent them (conflicts, "still true?", reflections), buttons of
someone else, and time passing so consolidation, expiry, decay and reflections run. After
every step, against a model of who told the bot what:

1. isolation — nothing one user sees, nor any recall of theirs, holds another user's words;
   a step by one user changes nobody else's memory;
2. forgotten is gone — what a user forgot (or erased) is not recalled, prompted, shown or
   re-learned until they tell it again; after ``/forgetme`` no row of theirs is left;
3. no silent high-risk change — an identity/health/finance value is replaced only by its
   owner (``/remember``, a conflict answer, ``/import``, ``/undo``);
4. groups and secrets — nothing a group can read holds a sensitive word or a secret, no
   output anywhere shows a secret in clear, unasked messages go only to private chats, and
   a secret is stored only when told explicitly;
5. every answered chat turn is stored once;
6. a misbehaving model is held to the write policy — a scripted reply model calls memory
   tools the user never asked for (ends a fact the user did not say ended, re-learns what
   they forgot, deletes or confirms a fact, corrects a value, while learning is paused too):
   no fact is deleted, no confident or high-risk fact ended or changed (a question with
   buttons instead), no "no longer …" note stored beside a fact, nothing written while
   paused, and one change never raises two open questions;
7. a group's own memory — the group's plans ("we decided to go to Tromso in May", said in the
   group, addressed or not; ``/groupmemory on|off``; the one-time consent button among the held
   ones) are never shown in a private chat nor held by anyone's own memory; the group's memory
   holds only plans of members who agreed (never a personal, sensitive or secret word), and
   after a member's ``/forgetme`` or ``/groupmemory off`` none of what they said.

Bounded for ``make test``: 200 examples of 12 steps, derandomized (the same sequences every
run). Every choice is drawn the same way whatever the bot did (``pick``: an index, never a
list the bot's timing shaped), so a replay draws what the first run drew; where timing
legitimately changes what the bot says (learning landing before or after a question), the
rule ends the step the same way whichever came first. Run it longer with
``MEMBOT_PROPERTY_EXAMPLES=5000 .venv/bin/pytest tests/test_properties.py`` (and
``MEMBOT_PROPERTY_STEPS`` for longer runs per example, ``MEMBOT_PROPERTY_RANDOM=1`` for a
fresh random seed each run instead of the fixed derandomized one).

Invariants the bot does not hold yet are listed in ``KNOWN_GAPS`` with their minimal
reproduction: only that one check is skipped, and the test is green otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule
from structlog.testing import LogCapture

from adapters.types import Attachment, Button, Reply
from bot import texts
from bot.buttons import ButtonKind
from memory_core import Memory
from memory_core.store.rows import owner_token
from memory_core.types import ImportLimits, Recall
from memory_core.user.imports import Progress
from memory_core.values import (
    HIGH_RISK_CATEGORIES,
    RETRIEVABLE,
    SENSITIVE_CATEGORIES,
    Audience,
    Status,
)
from tests.property_harness import (
    ALL_MARKERS,
    FORGET_WORDS,
    GROUP_CHAT,
    KIND,
    KLASS,
    MARKERS,
    OWNER,
    PLATFORM,
    PRIVATE_CHAT,
    QUESTIONS,
    SECOND,
    SECRET,
    SENSITIVE,
    STATEMENTS,
    USERS,
    WORDS,
    Harness,
    HeldButton,
    Statement,
    is_private,
    markers_in,
    user_key,
)

#: Invariant checks the bot is known to fail, by name, with the minimal reproduction: only
#: the named check is skipped (every other check still runs on the same steps).
KNOWN_GAPS: dict[str, str] = {}

T = TypeVar("T")
EXAMPLES = int(os.environ.get("MEMBOT_PROPERTY_EXAMPLES", "200"))
STEPS = int(os.environ.get("MEMBOT_PROPERTY_STEPS", "12"))
RANDOM = os.environ.get("MEMBOT_PROPERTY_RANDOM", "") not in ("", "0")

#: What the scripted model does unasked.
_MISCHIEF = ("negate", "relearn", "delete", "confirm", "correct")
#: How the scripted model ends a fact of each kind (in the user's voice).
_ENDINGS = {
    "city": "I no longer live in {}",
    "food": "I don't like {} any more",
    "allergy": "I'm no longer allergic to {}",
    "condition": "I don't have {} any more",
    "medication": "I don't take {} any more",
}
_ENDED = re.compile(r"\b(?:no longer|any ?more)\b", re.IGNORECASE)
_HIGH_RISK = frozenset(c.value for c in HIGH_RISK_CATEGORIES)
#: New lines in the import another user talks through (two per batch: several batches).
_IMPORT_LINES = 8


WHERE = ("private", "group", "group-unaddressed")
EXPLICIT_KINDS = frozenset({"remember", "import", "undo", "conflict"})
BACKGROUND_KINDS = frozenset({"clock", "job"})
#: Steps whose deletions are the user forgetting (a /forget press, a "still true?" → Forget,
#: a line deleted from MEMORY.md); an undo or a rejected conflict value is not forgetting.
FORGETTING_KINDS = frozenset({"forget", "press", "import"})
ALL_STATEMENTS = [(u, s) for u in USERS for s in STATEMENTS[u]]
OWN_MARKERS = [(u, m) for u in USERS for m in sorted(MARKERS[u])]
SECRET_WORDS = frozenset(m for m in ALL_MARKERS if KLASS[m] == SECRET)
#: Where a secret told explicitly lives in clear: its fact, the fact's audit rows, the change
#: log (the "since rev X" header is built from it, masked on the way out).
_SECRET_HOMES = frozenset({"facts", "fact_history", "change_log"})
PRIVATE_WORDS = frozenset(m for m in ALL_MARKERS if KLASS[m] in (SENSITIVE, SECRET))
_QUESTION_KINDS = frozenset(
    {
        ButtonKind.CONFLICT,
        ButtonKind.STILL_TRUE_KEEP,
        ButtonKind.STILL_TRUE_FORGET,
        ButtonKind.REFLECTION_OK,
        ButtonKind.REFLECTION_FIX,
    }
)
#: Each user's plan for the group (said only in the group, never about themselves).
GROUP_WORDS = {"ana": "Tromso", "ben": "Gdansk", "cid": "Nagoya"}
GROUP_OWNER = {w: u for u, w in GROUP_WORDS.items()}
GROUP_KEY = f"chat:console:{GROUP_CHAT}"
SECTION = {
    "city": "Identity",
    "pet": "People and pets",
    "food": "Preferences",
    "allergy": "Health",
    "condition": "Health",
    "medication": "Health",
    "pin": "Credentials",
    "password": "Credentials",
    "faith": "Other",
    "vote": "Other",
    "orientation": "Other",
    "record": "Other",
    "webmail": "Credentials",
    "door": "Credentials",
}
_RECALL_QUERY = " ".join(sorted(ALL_MARKERS)) + " where do I live what do you know about me"


@dataclass
class UserModel:
    """What one user told the bot, as the bot must treat it."""

    told: set[str] = field(default_factory=set)  # said (to the bot) and not forgotten since
    explicit: set[str] = field(default_factory=set)  # of those, told explicitly (secrets)
    forgotten: set[str] = field(default_factory=set)  # forgotten or erased, not told again
    #: secrets told explicitly since the last erase (a forgotten one may stay in the rows an
    #: /undo needs: the fact, its history and change log)
    kept_explicit: set[str] = field(default_factory=set)
    turns: list[str] = field(default_factory=list)  # chat turns answered since the last erase
    paused: bool = False  # /pause: plain chat teaches nothing until /resume
    said_paused: set[str] = field(default_factory=set)  # said only while paused
    #: Every word this memory was ever sent (said, imported, a model's tool call) since it
    #: was last erased: nothing else of its person may show up in it (a linked identity's
    #: words come in with the link; an unlinked one's never).
    heard: set[str] = field(default_factory=set)
    #: Forgotten by ``/forgetme``: nothing of it is left for a model to read, so a model that
    #: "re-learns" it would have made it up (the forget guard is about single forgets).
    erased: set[str] = field(default_factory=set)

    def merge(self, joining: UserModel) -> None:
        """A second identity's memory joined this one (``/link``, through the write policy):
        what it told counts as told; its conversations were not carried over."""
        self.told |= joining.told
        self.explicit |= joining.explicit
        self.forgotten = (self.forgotten | joining.forgotten) - self.told
        self.said_paused = (self.said_paused | joining.said_paused) - self.told
        self.heard |= joining.heard
        self.kept_explicit |= joining.kept_explicit

    def tell(self, words: Iterable[str], *, explicit: bool) -> None:
        """The user said ``words`` again."""
        for w in words:
            self.told.add(w)
            self.forgotten.discard(w)
            self.erased.discard(w)
            self.said_paused.discard(w)
            if explicit:
                self.explicit.add(w)
                self.kept_explicit.add(w)

    def forget(self, words: Iterable[str]) -> None:
        """The user made the bot forget ``words``."""
        for w in words:
            self.told.discard(w)
            self.explicit.discard(w)
            self.forgotten.add(w)


@dataclass
class Step:
    """The step being checked: who acted (``None``: time or a job) and how."""

    actor: str | None
    kind: str
    said: str = ""
    platform: str = PLATFORM


class InvariantFailed(AssertionError):
    """One named invariant check failed."""


@dataclass(frozen=True, slots=True)
class Row:
    """One fact row as a snapshot keeps it."""

    user: str  # the memory owner (``console:ana``)
    status: str
    value: str
    key: str
    category: str
    sensitive: bool
    kind: str  # fact, reflection or insight

    @property
    def live(self) -> bool:
        """Whether retrieval returns it (active or pending)."""
        return self.status in _LIVE

    @property
    def private(self) -> bool:
        """Whether the store marks it as never for a group (flag or category)."""
        return self.sensitive or self.category in _PRIVATE_CATEGORIES


_LIVE = frozenset(s.value for s in RETRIEVABLE)
_PRIVATE_CATEGORIES = frozenset(c.value for c in SENSITIVE_CATEGORIES)
Snapshot = dict[int, Row]


class TrustMachine(RuleBasedStateMachine):
    """The bot, three users and a model of what each told it."""

    def __init__(self) -> None:
        super().__init__()
        self.logs = LogCapture()
        self.h = Harness(processors=[self.logs])
        #: Each user's console memory (their person's, once linked) …
        self.model = {u: UserModel() for u in USERS}
        #: … and their second platform's own, while it is not linked to the console one.
        self.second = {u: UserModel() for u in USERS}
        self.linked = dict.fromkeys(USERS, False)
        self.held: list[HeldButton] = []
        self.unheard: list[str] = []  # group messages not addressed to the bot
        self.import_lines: dict[tuple[str, int], set[str]] = {}
        self.imported_while_talking = False
        self.history_seen = 0
        self.logs_seen = 0
        #: Secret words any user has sent the bot so far (the stored-secrets check reads these).
        self.secrets_said: set[str] = set()
        #: Turns that named a word in passing ("tell me a joke about 4821"): nothing says it is
        #: a secret there, so their episodes may hold it.
        self.in_passing: set[str] = set()
        self.last_turn = ""
        self._tables: list[str] = []
        self.snap = self._snapshot()

    def teardown(self) -> None:
        """Stop the bot and remove its files."""
        self.h.close()

    def unit(self, user: str, platform: str = PLATFORM) -> UserModel:
        """The memory ``user``'s identity on ``platform`` reads and writes."""
        if platform == PLATFORM or self.linked[user]:
            return self.model[user]
        return self.second[user]

    def units(self, users: Iterable[str] = USERS) -> list[tuple[str, str, UserModel]]:
        """Every memory of ``users``: ``(owner id, user, model)`` — the console one, and the
        second platform's while it is apart."""
        out = [(user_key(u), u, self.model[u]) for u in users]
        return out + [(user_key(u, SECOND), u, self.second[u]) for u in users if not self.linked[u]]

    # ---- checking ------------------------------------------------------------------------------

    def fail(self, check: str, message: str) -> None:
        """Report a failed invariant, unless it is a listed known gap."""
        if check in KNOWN_GAPS:
            return
        trail = "\n".join(f"  {line}" for line in self.h.trail)
        raise InvariantFailed(f"[{check}] {message}\nwhat the bot was sent:\n{trail}")

    def _snapshot(self) -> Snapshot:
        rows = self.h.sql(
            "SELECT id, user_id, status, value_text, key, category, sensitive, kind FROM facts"
        )
        return {
            int(str(r[0])): Row(
                user=str(r[1]),
                status=str(r[2]),
                value=str(r[3]),
                key=str(r[4]),
                category=str(r[5]),
                sensitive=bool(r[6]),
                kind=str(r[7]),
            )
            for r in rows
        }

    def _retrievable(
        self, snap: Snapshot, user: str, owner: str | None = None
    ) -> list[tuple[int, str]]:
        uid = owner or user_key(user)
        return [(i, r.value) for i, r in snap.items() if r.user == uid and r.live]

    def _stored_plain(self, word: str) -> bool:
        """Whether every fact (any status) holding ``word`` is stored as fit for a group (so
        a group seeing it is the classification gap, not the disclosure one)."""
        rows = [r for r in self.snap.values() if word.casefold() in r.value.casefold()]
        return bool(rows) and not any(r.private for r in rows)

    def _derived_only(self, user: str, words: set[str]) -> bool:
        """Whether each of ``words`` is held, among the user's live rows, only by derived ones
        (a weekly reflection, an insight): what shows it comes from there."""
        rows = [r for _i, r in self.snap.items() if r.user == user_key(user) and r.live]
        return all(
            any(w.casefold() in r.value.casefold() for r in rows)
            and not any(r.kind == "fact" and w.casefold() in r.value.casefold() for r in rows)
            for w in words
        )

    def _created_by(self, fact_id: int) -> str:
        """Who wrote a fact's first history row."""
        rows = self.h.sql(
            "SELECT actor FROM fact_history WHERE fact_id = ? ORDER BY id LIMIT 1", fact_id
        )
        return str(rows[0][0]) if rows else ""

    def _forgotten_check(self, user: str, words: set[str], check: str) -> str:
        """``check``, or ``forgotten_kept_in_reflection`` when the forgotten ``words`` are
        still held only by a reflection (a derived row) of the user."""
        return "forgotten_kept_in_reflection" if self._derived_only(user, words) else check

    def _group_check(self, words: set[str]) -> str:
        """The check a group seeing ``words`` fails."""
        plain = all(self._stored_plain(w) for w in words)
        return "sensitive_stored_as_plain" if plain else "group_sensitive"

    def finish(self, step: Step, *, retold: Iterable[str] = (), erased: bool = False) -> None:
        """Settle; take in what the user said again (``retold``, an undo's revival); check
        what the step showed; take in what they forgot or erased (``erased``: the actor's
        ``/forgetme`` went through); then check the state against the model."""
        self.h.settle()
        self.secrets_said |= markers_in("\n".join(self.h.log.said), SECRET_WORDS)
        _note(f"step: {step.kind}")  # coverage: pytest --hypothesis-show-statistics
        for out in self.h.log.outputs:
            if out.source == "unasked":
                _note(f"unasked: {out.text[:24]}")
            elif out.source.startswith("press"):
                _note(f"pressed → {out.text.split(':')[0][:30]}")
        before, after = self.snap, self._snapshot()
        self.snap = after
        model = None if step.actor is None else self.unit(step.actor, step.platform)
        if model is not None and step.actor is not None:
            model.tell(retold, explicit=True)
            if step.kind == "undo":  # its reply names what it brought back
                model.tell(self._revived(before, after, step.actor), explicit=True)
        self._check_outputs(step)
        kept: set[str] = set()
        if erased:
            assert step.actor is not None
            # The second identity's own memory, while apart, is not erased with the console's.
            kept = set() if self.linked[step.actor] else set(self.second[step.actor].heard)
            self._erase_model(step.actor)
        elif model is not None and step.actor is not None and step.kind in FORGETTING_KINDS:
            model.forget(self._deleted_by_user(before, after, step.actor))
        self._check_state(step, before, after)
        if erased:
            assert step.actor is not None
            self._check_erased(step.actor, kept=kept)
            self._check_group_erased(step.actor)
        self.held += [b for b in self.h.log.buttons if not erased or b.owner != step.actor]

    def _revived(self, before: Snapshot, after: Snapshot, user: str) -> set[str]:
        """Words of the user's facts an undo brought back."""
        was = {i for i, _ in self._retrievable(before, user)}
        return {m for i, v in self._retrievable(after, user) if i not in was for m in markers_in(v)}

    def _deleted_by_user(self, before: Snapshot, after: Snapshot, user: str) -> set[str]:
        """Words only in the user's facts this step deleted (forgotten, unless still held)."""
        uid = user_key(user)
        deleted = Status.DELETED.value
        gone = {
            m
            for i, row in before.items()
            if row.user == uid and row.live and (i not in after or after[i].status == deleted)
            for m in markers_in(row.value)
        }
        # Only what the user told counts as still held: a reflection quoting it does not.
        still = {
            m
            for i, v in self._retrievable(after, user)
            if after[i].kind == "fact"
            for m in markers_in(v)
        }
        return gone - still

    def _check_outputs(self, step: Step) -> None:
        # Words the user wrote this step may come back to them (an import's diff quotes
        # their file): an echo, not memory.
        echo = markers_in("\n".join(self.h.log.said))
        for out in self.h.log.outputs:
            on = "" if out.platform == PLATFORM else f" on {out.platform}"
            where = f"{out.source} (to {out.user}{on}{', in the group' if out.group else ''})"
            found = markers_in(out.text)
            foreign = {m for m in found if OWNER[m] != out.user}
            if foreign:
                self.fail("isolation_output", f"{where} shows {sorted(foreign)}: {out.text!r}")
            unit = self.unit(out.user, out.platform)
            crossed = {m for m in found if OWNER[m] == out.user} - unit.heard - echo
            if crossed:
                # The person's words, but told to a memory this identity does not share.
                self.fail("isolation_identity", f"{where} shows {sorted(crossed)}: {out.text!r}")
            forgotten = found & unit.forgotten - echo
            if forgotten:
                self.fail(
                    self._forgotten_check(out.user, forgotten, "forgotten_output"),
                    f"{where} shows {sorted(forgotten)}: {out.text!r}",
                )
            if found & SECRET_WORDS:
                secrets = sorted(found & SECRET_WORDS)
                self.fail("secret_in_clear", f"{where} shows {secrets}: {out.text!r}")
            if out.group and (words := found & PRIVATE_WORDS):
                self.fail(self._group_check(words), f"{where} shows {words}: {out.text!r}")
        for target, reply in self.h.log.unasked:
            if not is_private(target):
                self.fail(
                    "unasked_to_group",
                    f"an unasked message went to chat {target.chat_id}: {reply.text!r}",
                )

    def _check_state(self, step: Step, before: Snapshot, after: Snapshot) -> None:
        self._check_facts(after)
        # A user's recall reads only their own rows (and the clock): the actor's can have
        # changed, everyone's when time passed; a write for anyone else fails isolation_write.
        self._check_recall(USERS if step.actor is None else (step.actor,))
        self._check_turns()
        self._check_high_risk(step, before, after)
        self._check_history(step)
        self._check_questions()
        self._check_group(step)
        self._check_stored_secrets()
        self._check_errors()

    def _check_group(self, step: Step) -> None:
        """The group's memory: only from members who agreed, nothing personal, never shown
        privately, nothing of an erased or withdrawn member (item 7 above)."""
        words = set(GROUP_WORDS.values())
        for out in self.h.log.outputs:
            if not out.group and (found := markers_in(out.text, words)):
                self.fail("group_memory_in_private", f"to {out.user} privately: {out.text!r}")
        agreed = {
            str(r[0])
            for r in self.h.sql("SELECT user_id FROM group_consent WHERE state = 'agreed'")
        }
        said: dict[int, set[str]] = {}
        for member, fact_id in self.h.sql("SELECT user_id, fact_id FROM group_said"):
            said.setdefault(int(str(fact_id)), set()).add(str(member))
            if str(member) not in agreed:
                self.fail("group_quotes_unagreed", f"{member} is quoted without consent")
        for fid, row in self.snap.items():
            if row.user == GROUP_KEY and row.live:
                _note("group memory holds a plan")  # coverage
                if found := markers_in(row.value):
                    self.fail("group_holds_personal", f"group fact #{fid} holds {sorted(found)}")
                if markers_in(row.value, words) and not said.get(fid):
                    self.fail("group_keeps_withdrawn", f"group fact #{fid} has nobody behind it")
            elif row.user != GROUP_KEY and (found := markers_in(row.value, words)):
                self.fail("group_plan_in_personal", f"{row.user}'s #{fid} holds {sorted(found)}")

    def _check_group_erased(self, user: str) -> None:
        """After /forgetme: no fact (any status) holds a plan they said in the group."""
        word = GROUP_WORDS[user].casefold()
        for (value,) in self.h.sql("SELECT value_text FROM facts"):
            if word in str(value).casefold():
                self.fail("erase_left_group_plan", f"a fact still holds {word!r}: {value!r}")
        for (speaker,) in self.h.sql("SELECT user_id FROM group_said"):
            if str(speaker) == user_key(user):
                self.fail("erase_left_group_plan", f"{speaker} is still named in group_said")

    def _check_stored_secrets(self) -> None:
        """No secret is stored in clear anywhere the test can read (every table, both search
        indexes) unless its owner told it explicitly (``/remember``, an import): then only in
        the fact, its history and the change log. A casual "my gmail pw is …" or "door code is
        four seven …" said in chat is stored redacted, wherever it goes."""
        said = self.secrets_said
        if not said:
            return
        for table in self._text_tables():
            for row in self.h.sql(f'SELECT * FROM "{table}"'):
                if self.in_passing & {v for v in row if isinstance(v, str)}:
                    continue  # a turn that only mentioned the word (see ``mention``)
                if table == "imports" and "pending" in row:
                    continue  # the file the user sent, until Apply or Cancel settles it
                text = _row_text(table, row)
                for word in markers_in(text, said):
                    if self._kept_explicit(word) and table in _SECRET_HOMES:
                        continue
                    self.fail("secret_stored_in_clear", f"{table} holds {word!r}: {text[:200]!r}")
        for fts, home in (("facts_fts", True), ("episodes_fts", False)):
            for word in said:
                if home and self._kept_explicit(word):
                    continue
                hits = self.h.sql(f"SELECT rowid FROM {fts} WHERE {fts} MATCH ?", f'"{word}"')
                if not home:
                    hits = [h for h in hits if not self._mentioned_in_episode(int(str(h[0])))]
                if hits:
                    self.fail("secret_stored_in_clear", f"{fts} indexes {word!r}: {hits}")

    def _kept_explicit(self, word: str) -> bool:
        """Whether a memory of the word's owner (either platform's) keeps it on request."""
        return any(word in model.kept_explicit for _, _, model in self.units([OWNER[word]]))

    def _mentioned_in_episode(self, episode_id: int) -> bool:
        """Whether an episode is of a turn that only mentioned a word in passing."""
        rows = self.h.sql("SELECT turn_id FROM episodes WHERE id = ?", episode_id)
        return bool(rows) and str(rows[0][0]) in self.in_passing

    def _text_tables(self) -> list[str]:
        """The tables whose rows the checks read (virtual tables and their shadows aside)."""
        if not self._tables:
            self._tables = [
                str(r[0])
                for r in self.h.sql(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE "
                    "'CREATE VIRTUAL TABLE%' AND name NOT LIKE 'sqlite_%' "
                    "AND name NOT LIKE '%_fts_%'"
                )
            ]
        return self._tables

    def _check_questions(self) -> None:
        """One change, one question: no fact has two open conflicts."""
        rows = self.h.sql(
            "SELECT user_id, old_fact_id, COUNT(*) FROM conflicts WHERE status = 'open' "
            "GROUP BY user_id, old_fact_id HAVING COUNT(*) > 1"
        )
        for uid, fid, n in rows:
            self.fail("two_questions_one_change", f"{uid} fact #{fid} has {n} open questions")

    def _check_facts(self, snap: Snapshot) -> None:
        """Every live fact holds only words its owner told (and secrets told explicitly), and
        one holding a sensitive word or a secret is stored as private."""
        for user in USERS:
            if self.linked[user]:
                joined = [i for i, r in snap.items() if r.user == user_key(user, SECOND)]
                if joined:
                    self.fail("link_left_rows", f"{user}'s {SECOND} store kept facts {joined}")
        for owner, user, model in self.units():
            for fid, value in self._retrievable(snap, user, owner):
                row = snap[fid]
                # Reflections (and insights) are written by a job from facts: named apart.
                tag = "" if row.kind == "fact" else f"_in_{row.kind}"
                what = f"{owner}'s {row.kind} #{fid} {value!r}"
                if markers_in(value) & PRIVATE_WORDS and not row.private:
                    self.fail(
                        f"sensitive_stored_as_plain{tag}", f"{what} ({row.category}, not sensitive)"
                    )
                for m in markers_in(value):
                    if OWNER[m] != user:
                        self.fail(f"isolation_fact{tag}", f"{what} holds {m}")
                    elif m in model.forgotten:
                        check = self._forgotten_check(user, {m}, "forgotten_relearned")
                        if self._created_by(fid) == "consolidator":
                            check = "forgotten_relearned_by_consolidation"
                        self.fail(check, f"{what} holds {m}")
                    elif m not in model.told:
                        check = (
                            "learned_while_paused" if m in model.said_paused else "learned_untold"
                        )
                        self.fail(f"{check}{tag}", f"{what} holds {m}")
                    elif KLASS[m] == SECRET and m not in model.explicit:
                        self.fail(f"secret_stored_implicitly{tag}", f"{what} holds {m}")

    def _check_recall(self, users: Iterable[str]) -> None:
        """What a prompt for each of ``users`` would hold, privately and in the group."""
        memory = self.h.runtime.memory
        cases = [
            (owner, user, model, group)
            for owner, user, model in self.units(users)
            for group in (False, True)
        ]

        async def all_recalls() -> list[Recall]:
            return list(
                await asyncio.gather(
                    *(
                        memory.recall(
                            owner,
                            _RECALL_QUERY,
                            chat_id=GROUP_CHAT if group else PRIVATE_CHAT,
                            group=group,
                        )
                        for owner, _user, _model, group in cases
                    )
                )
            )

        for (owner, user, model, group), recall in zip(
            cases, self.h.run(all_recalls()), strict=True
        ):
            delta, _, rest = recall.block.text.partition("\n\n## ")
            if not delta.startswith("Memory updates since"):
                delta, rest = "", recall.block.text
            rest, _, reflection = rest.partition("## Latest reflection\n")
            shown = [("delta header", delta), ("reflection", reflection), ("block", rest)] + [
                ("hit" if h.fact.kind == "fact" else h.fact.kind, h.fact.value_text)
                for h in recall.hits
                if h.fact is not None
            ]
            where = f"recall({owner}, group={group})"
            for part, text in shown:
                # The delta header and the reflection are built on their own paths: named apart.
                tag = {"delta header": "_in_delta", "block": "", "hit": ""}.get(part, f"_in_{part}")
                found = markers_in(text)
                if foreign := {m for m in found if OWNER[m] != user}:
                    self.fail(f"isolation_recall{tag}", f"{where} {part} shows {foreign}: {text!r}")
                if crossed := found - foreign - model.heard:
                    check = f"isolation_identity_recall{tag}"
                    self.fail(check, f"{where} {part} shows {crossed}: {text!r}")
                if forgotten := found & model.forgotten:
                    check = f"forgotten_recalled{tag}"
                    if part != "delta header":
                        check = self._forgotten_check(user, forgotten, check)
                    self.fail(check, f"{where} {part} shows {forgotten}: {text!r}")
                if secrets := found & SECRET_WORDS:
                    self.fail(f"secret_in_clear{tag}", f"{where} {part} shows {secrets}: {text!r}")
                if group and (words := found & PRIVATE_WORDS):
                    check = self._group_check(words)
                    self.fail(f"{check}{tag}", f"{where} {part} shows {words}: {text!r}")

    def _check_turns(self) -> None:
        """Every answered chat turn is one user episode."""
        for owner, _user, model in self.units():
            for turn_id in model.turns:
                rows = self.h.sql(
                    "SELECT COUNT(*) FROM episodes WHERE turn_id = ? AND role = 'user' "
                    "AND user_id = ?",
                    turn_id,
                    owner,
                )
                if rows[0][0] != 1:
                    self.fail("turn_stored_once", f"turn {turn_id} has {rows[0][0]} episodes")
        for turn_id in self.unheard:
            rows = self.h.sql("SELECT COUNT(*) FROM episodes WHERE turn_id = ?", turn_id)
            if rows[0][0]:
                self.fail("unaddressed_silent", f"unaddressed {turn_id} was stored")

    def _check_high_risk(self, step: Step, before: Snapshot, after: Snapshot) -> None:
        """An active high-risk value is replaced only by its owner's explicit step."""
        risky = {c.value for c in HIGH_RISK_CATEGORIES}

        def active(snap: Snapshot) -> dict[tuple[str, str], set[str]]:
            out: dict[tuple[str, str], set[str]] = {}
            for r in snap.values():
                if r.status == Status.ACTIVE.value and r.category in risky:
                    out.setdefault((r.user, r.key), set()).add(r.value)
            return out

        old, new = active(before), active(after)
        for (uid, key), values in new.items():
            was = old.get((uid, key), set())
            if was and values and was - values and values - was:
                allowed = step.actor is not None and uid in _identities(step.actor)
                if not (allowed and step.kind in EXPLICIT_KINDS):
                    self.fail(
                        "silent_high_risk_change",
                        f"{uid} {key}: {sorted(was)} → {sorted(values)} in a {step.kind} step",
                    )

    def _check_history(self, step: Step) -> None:
        """Audit rows: no automatic value change of a high-risk fact; no write for a user
        who did not act (jobs aside)."""
        risky = {c.value for c in HIGH_RISK_CATEGORIES}
        rows = self.h.sql(
            "SELECT id, user_id, fact_id, event, before_json, after_json, actor "
            "FROM fact_history WHERE id > ? ORDER BY id",
            self.history_seen,
        )
        for hid, uid, fid, what, before_raw, after_raw, actor in rows:
            self.history_seen = max(self.history_seen, int(str(hid)))
            before = json.loads(str(before_raw)) if before_raw else {}
            after = json.loads(str(after_raw)) if after_raw else {}
            category = after.get("category") or before.get("category")
            changed = what == "superseded" or bool(
                before and after and before.get("value_text") != after.get("value_text")
            )
            if category in risky and changed and actor != "user":
                self.fail(
                    "silent_high_risk_change",
                    f"{uid} fact #{fid} {what} by {actor}: {before.get('value_text')!r} → "
                    f"{after.get('value_text')!r}",
                )
            acting = () if step.actor is None else _identities(step.actor)
            if (
                step.kind not in BACKGROUND_KINDS
                and uid not in acting
                and actor in ("user", "observer")
            ):
                self.fail(
                    "isolation_write",
                    f"{step.actor}'s {step.kind} step wrote {what} by {actor} for {uid}",
                )

    def _check_errors(self) -> None:
        """Background work raised nothing (a failed job or lane is logged, not raised)."""
        entries = self.logs.entries[self.logs_seen :]
        self.logs_seen = len(self.logs.entries)
        for e in entries:
            if e.get("log_level") in ("error", "critical", "exception"):
                self.fail("no_errors", f"logged {e.get('event')}: {e}")

    def _check_erased(self, user: str, uid: str | None = None, kept: Iterable[str] = ()) -> None:
        """After /forgetme: no row, no FTS entry, no text of the user's memory ``uid`` (their
        console one by default) left anywhere — the ``kept`` words aside (another memory of
        theirs, not erased, may hold them)."""
        uid = uid or user_key(user)
        tables = [
            str(r[0])
            for r in self.h.sql(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE "
                "'CREATE VIRTUAL TABLE%' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%'"
            )
        ]
        words = set(MARKERS[user]) - set(kept)
        for table in tables:
            cols = [str(r[1]) for r in self.h.sql(f'PRAGMA table_info("{table}")')]
            if "user_id" in cols:
                n = self.h.sql(f'SELECT COUNT(*) FROM "{table}" WHERE user_id = ?', uid)[0][0]
                if n:
                    self.fail("erase_left_rows", f"{table} still has {n} rows of {uid}")
            for row in self.h.sql(f'SELECT * FROM "{table}"'):
                if left := markers_in(_row_text(table, row), words):
                    self.fail("erase_left_text", f"{table} still holds {sorted(left)}: {row}")
        for fts in ("facts_fts", "episodes_fts"):
            token = owner_token(uid)
            n = self.h.sql(f"SELECT COUNT(*) FROM {fts} WHERE {fts} MATCH ?", f'"{token}"')[0][0]
            if n:
                self.fail("erase_left_index", f"{fts} still indexes {n} rows of {uid}")
            for word in words:
                hits = self.h.sql(f"SELECT rowid FROM {fts} WHERE {fts} MATCH ?", f'"{word}"')
                if hits:
                    self.fail("erase_left_index", f"{fts} still indexes {word!r}: {hits}")

    # ---- helpers -------------------------------------------------------------------------------

    def _say(self, user: str, text: str, where: str, platform: str = PLATFORM) -> list[Reply]:
        """One message; a plain chat turn that got an answer is remembered as a turn."""
        group = where != "private"
        addressed = where != "group-unaddressed"
        if addressed:
            self.unit(user, platform).heard |= markers_in(text, MARKERS[user])
        turn_id, replies = self.h.message(
            user, text, group=group, addressed=addressed, platform=platform
        )
        self.last_turn = turn_id
        if not addressed:
            self.unheard.append(turn_id)
            if replies:
                self.fail("unaddressed_silent", f"{user}'s unaddressed {text!r} got {replies}")
        chat = not text.startswith("/") and not text.lower().startswith("remember that ")
        if chat and replies:
            self.unit(user, platform).turns.append(turn_id)
        return replies

    def _erase_model(self, user: str) -> None:
        model = self.model[user]
        model.forget(set(MARKERS[user]))
        model.erased = set(model.forgotten) | set(MARKERS[user])
        model.kept_explicit.clear()
        model.turns.clear()
        model.heard.clear()
        model.paused = False  # settings are erased too
        if self.linked[user]:
            # Everything, everywhere: the second identity is a stranger again, with nothing.
            self.second[user] = UserModel(forgotten=set(MARKERS[user]))
            self.linked[user] = False
        self.held = [b for b in self.held if b.owner != user]

    # ---- rules: talking ------------------------------------------------------------------------

    @rule(said=st.sampled_from(ALL_STATEMENTS), where=st.sampled_from(WHERE))
    def tell(self, said: tuple[str, Statement], where: str) -> None:
        """A plain, sensitive or secret statement in plain chat."""
        user, statement = said
        model = self.model[user]
        self.h.begin()
        self._say(user, statement.text, where)
        if where == "group-unaddressed":
            pass  # the bot did not hear it
        elif model.paused and statement.marker not in model.told:
            model.said_paused.add(statement.marker)
        elif not model.paused:
            model.tell([statement.marker], explicit=False)
        self.finish(Step(user, "tell", statement.text))

    @rule(
        said=st.sampled_from(ALL_STATEMENTS),
        where=st.sampled_from(WHERE[:2]),
        form=st.sampled_from(("/remember ", "remember that ")),
    )
    def remember(self, said: tuple[str, Statement], where: str, form: str) -> None:
        """An explicit remember (command or "remember that …")."""
        user, statement = said
        self.h.begin()
        self.model[user].tell([statement.marker], explicit=True)
        self._say(user, form + statement.text, where)
        self.finish(Step(user, "remember", statement.text))

    @rule(
        mention=st.sampled_from(OWN_MARKERS),
        where=st.sampled_from(WHERE[:2]),
        form=st.sampled_from(("tell me a joke about {}", "is {} a good name for a band?")),
    )
    def mention(self, mention: tuple[str, str], where: str, form: str) -> None:
        """A word of the user's said in passing: it teaches the bot nothing."""
        user, word = mention
        self.h.begin()
        self._say(user, form.format(word), where)
        self.in_passing.add(self.last_turn)
        self.h.log.said.clear()  # named, not told as a secret
        self.finish(Step(user, "mention"))

    @rule(
        user=st.sampled_from(USERS),
        question=st.sampled_from(QUESTIONS),
        where=st.sampled_from(WHERE[:2]),
    )
    def ask(self, user: str, question: str, where: str) -> None:
        """A question about oneself, in private or in the group."""
        self.h.begin()
        self._say(user, question, where)
        self.finish(Step(user, "ask"))

    # ---- rules: forgetting, undo, erasure -----------------------------------------------------

    @rule(
        user=st.sampled_from(USERS),
        where=st.sampled_from(WHERE[:2]),
        pick=st.sampled_from(("first", "last", "cancel")),
        data=st.data(),
    )
    def forget(self, user: str, where: str, pick: str, data: st.DataObject) -> None:
        """``/forget <words>`` (mostly a word the user told), then press what it offers."""
        words = _told_or(data, self.model[user], FORGET_WORDS + tuple(sorted(MARKERS[user])))
        self.h.begin()
        replies = self._say(user, f"/forget {words}", where)
        buttons = [b for r in replies for row in r.buttons for b in row]
        offered = [b for b in buttons if b.label.startswith("Forget")]
        choice: Button | None = None
        if pick == "cancel":
            choice = next((b for b in buttons if b.label == "Cancel"), None)
        elif offered:
            choice = offered[0] if pick == "first" else offered[-1]
        if choice is not None:
            self.h.press(user, choice, private=where == "private")
        self.finish(Step(user, "forget"))

    @rule(
        where=st.sampled_from(WHERE),
        same=st.booleans(),
        explicit=st.booleans(),
        data=st.data(),
    )
    def retell(self, where: str, same: bool, explicit: bool, data: st.DataObject) -> None:
        """Say something told before again, or its other value ("I live in Lisbon" after
        "I live in Porto"): repetitions raise confidence, contradictions raise conflicts."""
        user = pick(data, [u for u in USERS if self.model[u].told], "user")
        if user is None:
            return  # nothing told yet
        word = pick(data, sorted(self.model[user].told), "told")
        assert word is not None
        siblings = [w for w in WORDS[user][KIND[word]] if w != word]
        if not same and siblings:
            word = siblings[0]
        statement = next(x for x in STATEMENTS[user] if x.marker == word)
        if explicit and where != "group-unaddressed":
            self.remember((user, statement), where, "/remember ")
        else:
            self.tell((user, statement), where)

    @rule(
        user=st.sampled_from(USERS),
        command=st.sampled_from(("/pause", "/resume", "/new")),
        where=st.sampled_from(WHERE[:2]),
    )
    def switch(self, user: str, command: str, where: str) -> None:
        """``/pause``, ``/resume`` (automatic learning) or ``/new`` (a new conversation)."""
        self.h.begin()
        self._say(user, command, where)
        if command != "/new":
            self.model[user].paused = command == "/pause"
        self.finish(Step(user, command[1:]))

    @rule(
        user=st.sampled_from(USERS),
        command=st.sampled_from(("/profile", "/memories", "/memories {}", "/why {}")),
        where=st.sampled_from(WHERE[:2]),
        data=st.data(),
    )
    def look(self, user: str, command: str, where: str, data: st.DataObject) -> None:
        """``/profile``, ``/memories [words]``, ``/why <words>`` (a group gets a notice, the
        answer goes to the private chat)."""
        word = _told_or(data, self.model[user], tuple(sorted(MARKERS[user])))
        self.h.begin()
        self._say(user, command.format(word), where)
        self.finish(Step(user, "look"))

    @rule(user=st.sampled_from(USERS), where=st.sampled_from(WHERE[1:]), agree=st.booleans())
    def plan(self, user: str, where: str, agree: bool) -> None:
        """A plan for the group, said in the group (to the bot or not); ``agree``: the user
        says ``/groupmemory on`` first."""
        text = f"we decided to go to {GROUP_WORDS[user]} in May"
        self.h.begin()
        if agree:
            self._say(user, "/groupmemory on", "group")
        self._say(user, text, where)
        self.finish(Step(user, "plan", text))

    @rule(user=st.sampled_from(USERS), on=st.booleans())
    def group_consent(self, user: str, on: bool) -> None:
        """``/groupmemory on|off`` in the group."""
        self.h.begin()
        self._say(user, f"/groupmemory {'on' if on else 'off'}", "group")
        self.finish(Step(user, "group_consent"))

    @rule(user=st.sampled_from(USERS), where=st.sampled_from(WHERE[:2]))
    def undo(self, user: str, where: str) -> None:
        """``/undo``."""
        self.h.begin()
        self._say(user, "/undo", where)
        self.finish(Step(user, "undo"))

    @rule(user=st.sampled_from(USERS), confirm=st.booleans(), race=st.booleans())
    def forgetme(self, user: str, confirm: bool, race: bool) -> None:
        """``/forgetme`` then "Yes" (or Cancel); with ``race``, right after a statement whose
        learning has not finished yet."""
        self.h.begin()
        if race:
            statement = STATEMENTS[user][0]
            self._say(user, statement.text, "private")
            self.model[user].tell([statement.marker], explicit=False)
        replies = self._say(user, "/forgetme", "private")
        buttons = [b for r in replies for row in r.buttons for b in row]
        # A linked person is asked "everything, or only this platform?": everything.
        label = ("Yes", "Everything") if confirm else ("Cancel",)
        choice = next(b for b in buttons if b.label.startswith(label))
        result = self.h.press(user, choice, private=True)
        if race and result.notice == texts.STALE_CONFIRMATION:
            # The learning landed between the question and the press (timing decides): the
            # user is asked to confirm again, and does, so every run ends the same way.
            self.h.settle()
            replies = self._say(user, "/forgetme", "private")
            buttons = [b for r in replies for row in r.buttons for b in row]
            choice = next(b for b in buttons if b.label.startswith(label))
            result = self.h.press(user, choice, private=True)
        self.finish(Step(user, "forgetme"), erased=result.notice == "Deleted")

    # ---- rules: export / import ---------------------------------------------------------------

    @rule(
        user=st.sampled_from(USERS),
        edit=st.sampled_from(("same", "drop", "add", "change", "foreign", "empty")),
        apply=st.booleans(),
        data=st.data(),
    )
    def export_import(self, user: str, edit: str, apply: bool, data: st.DataObject) -> None:
        """``/export``, edit MEMORY.md, ``/import`` it, then Apply (or Cancel)."""
        self.h.begin()
        replies = self._say(user, "/export", "private")
        document = replies[0].document
        assert document is not None, replies
        lines = document.content.decode().splitlines()
        tagged = [i for i, line in enumerate(lines) if re.search(r"\[#\d+\]\s*$", line)]
        told: set[str] = set()
        name = user.capitalize()
        if edit == "drop" and tagged:
            del lines[pick(data, tagged, "drop line") or 0]
        elif edit == "add":
            statement = data.draw(st.sampled_from(STATEMENTS[user]), label="add")
            lines += ["", f"## {SECTION[statement.kind]}", f"- {_third(name, statement)}"]
            told.add(statement.marker)
        elif edit == "change" and tagged:
            # A value replaced by another of the same kind (a masked secret by a new one).
            i = pick(data, tagged, "change line") or 0
            old = lines[i]
            found = sorted(markers_in(old, MARKERS[user]))
            kind = KIND[found[0]] if found else "pin" if "PIN" in old else "password"
            word = data.draw(st.sampled_from(WORDS[user][kind]), label="to word")
            if found:
                lines[i] = re.sub(re.escape(found[0]), word, old, flags=re.IGNORECASE)
                told.add(word)
            elif "••••" in old:
                lines[i] = re.sub(r"••••\S*?(?=\.? \[#)", word, old, count=1)
                told.add(word)
        elif edit == "foreign" and tagged:
            others = self.h.sql("SELECT MAX(id) FROM facts WHERE user_id != ?", user_key(user))
            if others[0][0] is not None:
                i = pick(data, tagged, "retag line") or 0
                lines[i] = re.sub(r"\[#\d+\]", f"[#{others[0][0]}]", lines[i])
                told |= markers_in(lines[i], MARKERS[user])
        elif edit == "empty":
            lines = ["# Memory", "", "nothing here"]
        attachment = Attachment("MEMORY.md", "\n".join(lines).encode())
        self.model[user].heard |= markers_in("\n".join(lines), MARKERS[user])
        _turn, replies = self.h.message(user, "/import", attachment=attachment)
        buttons = {b.label: b for r in replies for row in r.buttons for b in row}
        if "Apply" in buttons:
            action = self.h.decode(user, buttons["Apply"].data)
            if action is not None:
                self.import_lines[(user, action.item_id)] = told
            result = self.h.press(user, buttons["Apply" if apply else "Cancel"], private=True)
            if (result.edit or "").startswith("Imported"):
                self.finish(Step(user, "import"), retold=told)
                return
        self.finish(Step(user, "import-planned"))

    @precondition(lambda self: not self.imported_while_talking)
    @rule(
        pair=st.sampled_from([(a, b) for a in USERS for b in USERS if a != b]),
        where=st.sampled_from(WHERE[:2]),
        question=st.sampled_from(QUESTIONS[:3]),
    )
    def import_while_another_talks(self, pair: tuple[str, str], where: str, question: str) -> None:
        """A imports a MEMORY.md with new lines; while it is being applied (between two of its
        batches), B asks a question: B's turn is answered before A's import is done, not after
        it. Behavioural, not timed: the import rests (almost) forever after each batch, so it
        cannot finish first; then it is stopped and resumed from its journal, and completes."""
        importer, other = pair
        self.imported_while_talking = True  # once per example: it costs an import
        self.h.begin()
        replies = self._say(importer, "/export", "private")
        document = replies[0].document
        assert document is not None, replies
        name = importer.capitalize()
        extra = [f"- {name} keeps shelf number {n} tidy." for n in range(1, _IMPORT_LINES + 1)]
        body = document.content.decode() + "\n## Other\n" + "\n".join(extra) + "\n"
        _turn, replies = self.h.message(
            importer, "/import", attachment=Attachment("MEMORY.md", body.encode())
        )
        apply = next(
            (b for r in replies for row in r.buttons for b in row if b.label == "Apply"), None
        )
        if apply is None:  # a question of A's still open makes the file stale: nothing to do
            self.finish(Step(importer, "import-planned"))
            return
        action = self.h.decode(importer, apply.data)
        assert action is not None
        runtime = self.h.runtime
        memory, runner = runtime.memory, runtime.imports
        config, answer_within = memory.config, runner.answer_within_s
        # Batches of two rows; after each, a rest far longer than any turn; the press answers
        # at once ("it's under way") instead of waiting for the end.
        memory.config = replace(
            config, import_limits=ImportLimits(batch_rows=2, batch_seconds=5.0, rest_ratio=100.0)
        )
        runner.answer_within_s = 0
        try:
            self.h.press(importer, apply, private=True)
            uid = user_key(importer)
            started = self.h.run(_first_batch(memory, uid, action.item_id))
            if started is None or started.finished:
                self.fail("import_in_batches", f"{importer}'s import is not applied in batches")
            self.h.trail.append(f"  ({importer}'s import applying: {started})")
            self._say(other, question, where)
            during = self.h.run(memory.import_progress(uid, action.item_id))
            if during is None or during.finished:
                self.fail(
                    "turn_waited_for_import",
                    f"{other}'s turn was answered only after {importer}'s import ({during})",
                )
            # Stop the resting import; its journal keeps its place, and a resume finishes it.
            self.h.run(runner.aclose())
        finally:
            memory.config = config
            runner.answer_within_s = answer_within
        self.h.run(runner.resume())
        self.finish(Step(importer, "import"))

    # ---- rules: buttons --------------------------------------------------------------------------

    @rule(data=st.data())
    def press_held(self, data: st.DataObject) -> None:
        """Press a button the bot gave a user earlier (conflicts, questions, stale ones)."""
        if (button := pick(data, self.held, "button")) is not None:
            self._press_held(button)

    @rule(data=st.data())
    def answer(self, data: st.DataObject) -> None:
        """Answer a question the bot sent unasked (a conflict, "still true?", a reflection)."""
        asked = [b for b in self.held if self._asking(b)]
        if (button := pick(data, asked, "button")) is not None:
            self._press_held(button)

    def _asking(self, button: HeldButton) -> bool:
        action = self.h.decode(button.owner, button.data)
        return action is not None and action.kind in _QUESTION_KINDS

    def _press_held(self, button: HeldButton) -> None:
        user = button.owner
        action = self.h.decode(user, button.data)
        retold: set[str] = set()
        kind = "press"
        if action is not None and action.kind == ButtonKind.CONFLICT:
            kind = "conflict"
            owner = self.h.owner_of(user, button.platform)
            conflict = self.h.run(self.h.runtime.memory.conflict(owner, action.item_id))
            if conflict is not None:
                chosen = conflict.old if action.arg == "keep" else conflict.new
                retold = markers_in(chosen.value_text)
        self.h.begin()
        result = self.h.press(user, button, private=button.private)
        if result.notice == "Deleted":
            here = action is not None and action.kind == ButtonKind.FORGET_ME_HERE
            self._erased(user, button.platform, only_here=here)
            return
        imported = (result.edit or "").startswith("Imported")
        if action is not None and action.kind == ButtonKind.IMPORT_APPLY and imported:
            kind = "import"
            retold = self.import_lines.get((user, action.item_id), set())
        resolved = (result.edit or "").startswith(("Updated", "Kept", "Noted for now"))
        retold = retold if kind != "conflict" or resolved else set()
        self.finish(Step(user, kind, platform=button.platform), retold=retold)

    @rule(data=st.data())
    def press_foreign(self, data: st.DataObject) -> None:
        """Someone presses a button that was sent to another user: refused, nothing changes."""
        button = pick(data, self.held, "button")
        presser = pick(data, [u for u in USERS if button is None or u != button.owner], "who")
        if button is None or presser is None:
            return
        self.h.begin()
        before = self.snap
        result = self.h.press(presser, button, private=button.private)
        if result.notice != texts.NOT_YOURS:
            self.fail("isolation_button", f"{presser} pressed {button}: {result}")
        self.finish(Step(presser, "foreign-press"))
        if before != self.snap:
            self.fail("isolation_button", f"{presser}'s press of {button} changed memory")

    # ---- rules: a second platform, linked or apart ---------------------------------------------

    @rule(
        said=st.sampled_from(ALL_STATEMENTS),
        where=st.sampled_from(WHERE[:2]),
        explicit=st.booleans(),
    )
    def tell_second(self, said: tuple[str, Statement], where: str, explicit: bool) -> None:
        """A statement from the user's identity on the second platform: its own memory while
        apart, the person's once linked."""
        user, statement = said
        unit = self.unit(user, SECOND)
        self.h.begin()
        if explicit:
            unit.tell([statement.marker], explicit=True)
            self._say(user, f"/remember {statement.text}", where, SECOND)
        else:
            self._say(user, statement.text, where, SECOND)
            if unit.paused and statement.marker not in unit.told:
                unit.said_paused.add(statement.marker)
            elif not unit.paused:
                unit.tell([statement.marker], explicit=False)
        kind = "remember" if explicit else "tell"
        self.finish(Step(user, kind, statement.text, platform=SECOND))

    @initialize(
        told=st.lists(
            st.sampled_from(ALL_STATEMENTS), unique_by=lambda x: x[0], min_size=1, max_size=1
        )
    )
    def start_linked(self, told: list[tuple[str, Statement]]) -> None:
        """Every example starts with one user whose second identity told the bot something
        and was then linked (the rules go on from there: unlink, erase, tell either side)."""
        for user, statement in told:
            self.tell_second((user, statement), "private", explicit=False)
            self.link(user, accept=True, in_group=False)

    @rule(
        user=st.sampled_from(USERS),
        what=st.sampled_from(("/memories", "/profile", "/export", *QUESTIONS[:4])),
        where=st.sampled_from(WHERE[:2]),
    )
    def look_second(self, user: str, what: str, where: str) -> None:
        """The second identity looks at its memory or asks about itself: apart, it shows
        nothing the console identity was told; linked, the person's memory."""
        self.h.begin()
        self._say(user, what, where, SECOND)
        self.finish(Step(user, "look", platform=SECOND))

    @rule(user=st.sampled_from(USERS), accept=st.booleans(), in_group=st.booleans())
    def link(self, user: str, accept: bool, in_group: bool) -> None:
        """``/link`` on the console; the code sent from the second platform's private chat
        (or pasted into a group by mistake: void from then on); the console's answer to the
        confirmation question it is then asked."""
        self.h.begin()
        replies = self._say(user, "/link", "private")
        found = _CODE.search(" ".join(r.text for r in replies))
        if found is None:  # codes asked too often this hour
            self.finish(Step(user, "link"))
            return
        code = found.group(1)
        if in_group:
            self._say(user, f"/link {code}", "group", SECOND)
            replies = self._say(user, f"/link {code}", "private", SECOND)
            if "isn't valid" not in " ".join(r.text for r in replies):
                self.fail("link_code_in_group", f"a code shown in a group still works: {replies}")
            self.finish(Step(user, "link", platform=SECOND))
            return
        asked_from = len(self.h.sender.sent)
        self._say(user, f"/link {code}", "private", SECOND)
        asked = [r for _t, r in self.h.sender.sent[asked_from:] if r.buttons]
        if not asked:  # linked already: nothing to confirm
            self.finish(Step(user, "link", platform=SECOND))
            return
        yes, no = (b for row in asked[-1].buttons for b in row)
        result = self.h.press(user, yes if accept else no, private=True, platform=PLATFORM)
        linked = (result.edit or "").startswith("Linked")
        if linked != accept:
            self.fail("link_confirmation", f"{user} answered {accept}: {result}")
        if linked:
            _note("linked")
            self.model[user].merge(self.second[user])
            self.second[user] = UserModel()
            self.linked[user] = True
        self.finish(Step(user, "link"))

    @rule(user=st.sampled_from(USERS))
    def unlink(self, user: str) -> None:
        """``/unlink`` from the second platform: the memory stays with the console identity,
        the second one starts with an empty memory of its own."""
        self.h.begin()
        said = " ".join(r.text for r in self._say(user, "/unlink", "private", SECOND))
        expected = "Unlinked" if self.linked[user] else "isn't linked"
        if expected not in said:
            self.fail("unlink", f"{user}'s /unlink said {said!r}")
        if self.linked[user]:
            _note("unlinked")
            self.linked[user] = False
            self.second[user] = UserModel()
        # Right away the second identity looks: nothing of the person's may show.
        self._say(user, "/memories", "private", SECOND)
        self.finish(Step(user, "unlink", platform=SECOND))

    @rule(user=st.sampled_from(USERS), scope=st.sampled_from(("everything", "here", "cancel")))
    def forgetme_second(self, user: str, scope: str) -> None:
        """``/forgetme`` on the second platform: a linked person chooses everything or only
        this platform's identity; apart, it erases the second memory alone."""
        self.h.begin()
        replies = self._say(user, "/forgetme", "private", SECOND)
        buttons = [b for r in replies for row in r.buttons for b in row]
        here = self.linked[user] and scope == "here"
        label = (
            ("Cancel",) if scope == "cancel" else ("Only this",) if here else ("Yes", "Everything")
        )
        choice = next(b for b in buttons if b.label.startswith(label))
        result = self.h.press(user, choice, private=True, platform=SECOND)
        if result.notice == "Deleted":
            self._erased(user, SECOND, only_here=here)
        else:
            self.finish(Step(user, "forgetme", platform=SECOND))

    def _erased(self, user: str, platform: str, *, only_here: bool) -> None:
        """A ``/forgetme`` of ``user`` pressed on ``platform`` went through: finish the step
        and check the erased memory left nothing."""
        if platform == PLATFORM or (self.linked[user] and not only_here):
            self.finish(Step(user, "forgetme", platform=platform), erased=True)
            return
        second = user_key(user, SECOND)
        if only_here:
            # Unlinked, its conversations blanked; the memories stay with the console.
            self.linked[user] = False
            self.second[user] = UserModel()
        else:
            self.second[user] = UserModel(forgotten=set(MARKERS[user]))
        self.held = [b for b in self.held if (b.owner, b.platform) != (user, SECOND)]
        self.finish(Step(user, "forgetme", platform=SECOND))
        self._check_erased(user, second, kept=self.model[user].heard)

    # ---- rules: a misbehaving model -------------------------------------------------------------

    @rule(
        user=st.sampled_from(USERS),
        act=st.sampled_from(_MISCHIEF),
        where=st.sampled_from(WHERE[:2]),
        data=st.data(),
    )
    def model_misbehaves(self, user: str, act: str, where: str, data: st.DataObject) -> None:
        """The user says something that asks for no memory change; the reply model (scripted)
        calls memory tools anyway, through the same door a real model's tool calls take."""
        model = self.model[user]
        uid = user_key(user)
        told = sorted(model.told)
        live = sorted(i for i, _v in self._retrievable(self.snap, user))
        calls: list[tuple[str, dict[str, object]]] = []
        if act == "negate":
            pool = [w for w in told if KIND[w] in _ENDINGS] or sorted(
                w for w in MARKERS[user] if KIND[w] in _ENDINGS
            )
            word = pick(data, pool, "ended word")
            if word is not None:
                calls.append(("remember_fact", {"text": _ENDINGS[KIND[word]].format(word)}))
        elif act == "relearn":
            # What they made the bot forget (else a repetition of what they told). Not what
            # /forgetme erased: the model cannot know it (the conversation went with it), and
            # the bot keeps nothing of it to recognise it by.
            forgot = sorted(model.forgotten - model.erased)
            word = pick(data, forgot or told, "relearned word")
            if word is not None:
                statement = next(x for x in STATEMENTS[user] if x.marker == word)
                calls.append(("remember_fact", {"text": statement.text}))
        elif act == "correct":
            fid = pick(data, live, "corrected fact")
            word = pick(data, told, "to word")
            if fid is not None and word is not None:
                statement = next(x for x in STATEMENTS[user] if x.marker == word)
                calls.append(("correct_fact", {"fact_id": fid, "text": statement.text}))
        else:  # delete, confirm: a fact the user's message does not name
            fid = pick(data, live, "fact")
            if fid is not None:
                calls.append((f"{act}_fact", {"fact_id": fid}))
        self.secrets_said |= markers_in(repr(calls), SECRET_WORDS)
        self.h.begin()
        line = "what a day it has been"  # asks for no change to memory
        turn_id, _replies = self.h.message(user, line, group=where != "private")
        self.h.trail.append(f"  model (scripted) calls {calls}")
        if _replies:
            self.model[user].turns.append(turn_id)
        before = self._fact_state(uid)
        tools = self.h.runtime.memory.tools(
            uid,
            Audience.PRIVATE if where == "private" else Audience.GROUP,
            turn_id=turn_id,
            chat_id=PRIVATE_CHAT if where == "private" else GROUP_CHAT,
            user_name=user.capitalize(),
            user_text=line,
        )
        for name, args in calls:
            # What the scripted model writes came from it, not from another memory.
            model.heard |= markers_in(str(args.get("text", "")), MARKERS[user])
            self.h.run(tools.run(name, args))
        after = self._fact_state(uid)
        self.finish(Step(user, "model"))
        for fid, (status, confidence, category, value) in before.items():
            now = after.get(fid)
            was_live = status in _LIVE
            if was_live and (now is None or now[0] == Status.DELETED.value):
                self.fail("model_deleted_unasked", f"{uid} fact #{fid} {value!r} deleted")
            confident = confidence >= 0.8 or category in _HIGH_RISK
            if (
                status == Status.ACTIVE.value
                and confident
                and now is not None
                and now[0] != Status.ACTIVE.value
            ):
                self.fail(
                    "model_ended_confident",
                    f"{uid} fact #{fid} {value!r} ({category}, {confidence}) became {now[0]}",
                )
            if model.paused and now is not None and now[:2] != (status, confidence):
                self.fail("model_wrote_while_paused", f"{uid} fact #{fid} {status} → {now}")
        for fid, (status, _c, _cat, value) in after.items():
            if model.paused and fid not in before:
                self.fail("model_wrote_while_paused", f"{uid} fact #{fid} {value!r} added")
            if status == Status.ACTIVE.value and _ENDED.search(value):
                self.fail("contradicting_note", f"{uid} fact #{fid} {value!r} is active")

    def _fact_state(self, uid: str) -> dict[int, tuple[str, float, str, str]]:
        """Status, confidence, category and text of each fact of ``uid``."""
        rows = self.h.sql(
            "SELECT id, status, confidence, category, value_text FROM facts WHERE user_id = ?",
            uid,
        )
        return {int(str(r[0])): (str(r[1]), float(str(r[2])), str(r[3]), str(r[4])) for r in rows}

    # ---- rules: time -----------------------------------------------------------------------------

    @rule(hours=st.sampled_from((1, 5, 24, 24 * 7, 24 * 40)))
    def advance(self, hours: int) -> None:
        """Time passes: sessions end, scheduled jobs run (consolidation, expiry, decay…)."""
        self.h.begin()
        self.h.trail.append(f"(clock +{hours} h)")
        self.h.clock.advance(hours=hours)
        self.finish(Step(None, "clock"))

    @rule(job=st.sampled_from(("consolidate", "expire", "decay", "dedup", "reflect")))
    def run_job(self, job: str) -> None:
        """Run one background job now, as an operator would."""
        self.h.begin()
        self.h.trail.append(f"(job {job})")
        self.h.run(getattr(self.h.runtime.jobs, f"run_{job}")())
        self.finish(Step(None, "job"))


#: ``meta`` rows holding a random secret of the installation (its hex may spell a PIN).
_INSTALLATION_SECRETS = frozenset({"link_code_key", "page_secret"})
#: A digest (a link code's keyed hash), an FTS owner token or a random id: hex, not words.
_DIGEST = re.compile(r"u?[0-9a-f]{16,64}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}")
#: A process's lease owner id (``host:pid:random``): its pid may spell a PIN marker.
_PROCESS_ID = re.compile(r"[^:\s]{1,40}:\d+:[0-9a-f]{8}")


def _row_text(table: str, row: Sequence[object]) -> str:
    """The words a stored row holds that somebody said: not the installation's random secrets,
    a digest (a link code's keyed hash) or a process's lease owner id, whose digits may spell a
    marker by chance."""
    if table == "meta" and row and row[0] in _INSTALLATION_SECRETS:
        return ""
    return " ".join(
        str(v)
        for v in row
        if isinstance(v, str) and not _DIGEST.fullmatch(v) and not _PROCESS_ID.fullmatch(v)
    )


#: A link code in the bot's answer to ``/link``.
_CODE = re.compile(r"\b([A-Z2-9]{4}-[A-Z2-9]{4})\b")


def _identities(user: str) -> tuple[str, str]:
    """The memory owners a user's own step may write for: their console one, and their
    second platform's while it is apart."""
    return (user_key(user), user_key(user, SECOND))


async def _first_batch(memory: Memory, user_id: str, import_id: int) -> Progress | None:
    """The import's progress once its first batch is applied (``None`` if it never starts
    within a few seconds)."""
    for _ in range(500):
        progress = await memory.import_progress(user_id, import_id)
        if progress is not None and progress.done > 0:
            return progress
        await asyncio.sleep(0.01)
    return None


def pick(data: st.DataObject, options: Sequence[T], label: str) -> T | None:
    """One of ``options`` (``None`` if there are none), drawn the same way whatever the bot's
    state: an index, never ``sampled_from`` a list the bot's timing shaped, so a replay draws
    exactly what the first run drew (else hypothesis reports an inconsistent strategy)."""
    i = data.draw(st.integers(0, 1023), label=label)
    return options[i % len(options)] if options else None


def _told_or(data: st.DataObject, model: UserModel, pool: Sequence[str]) -> str:
    """Mostly a word the user told (the model's), else one of ``pool``."""
    told = sorted(model.told)
    use_told = data.draw(st.booleans(), label="a told word")
    word = pick(data, told if use_told and told else pool, "word")
    assert word is not None
    return word


def _note(text: str) -> None:
    """Count an event for ``--hypothesis-show-statistics`` (a replay outside a test skips it)."""
    with contextlib.suppress(InvalidArgument):
        event(text)


def _third(name: str, statement: Statement) -> str:
    """A MEMORY.md line for ``statement`` (as the bot writes them: third person)."""
    m = statement.marker
    return {
        "city": f"{name} lives in {m}.",
        "pet": f"{name}'s cat is named {m}.",
        "food": f"{name} likes {m}.",
        "allergy": f"{name} is allergic to {m}.",
        "condition": f"{name} has {m}.",
        "medication": f"{name} takes {m}.",
        "pin": f"{name}'s PIN is {m}.",
        "password": f"{name}'s password is {m}.",
        "faith": f"{name} is a practising {m}.",
        "vote": f"{name} always votes {m}.",
        "orientation": f"{name} is {m}.",
        "record": f"{name} was arrested for {m} in 2018.",
        "webmail": f"{name}'s gmail password is {m}.",
        "door": f"{name}'s door code is {m}.",
    }[statement.kind]


TrustMachine.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
# Longer runs outlast the suite's 300 s per-test timeout: give them about a second a step.
TestTrust = pytest.mark.timeout(max(300, EXAMPLES * STEPS))(TrustMachine.TestCase)
