"""Streamed answers on screen, noted in the store: a draft is handed out once, and only when
the process that noted it is gone (on PostgreSQL, a live replica's liveness lock keeps it)."""

from __future__ import annotations

from memory_core.memory import Memory
from memory_core.runtime.leases import process_id


async def test_a_dead_processes_draft_is_handed_out_once(memory: Memory) -> None:
    await memory.note_draft("telegram:1:10", '{"turn": "a"}')
    await memory.note_draft("telegram:1:11", '{"turn": "b"}')
    await memory.note_draft("telegram:1:11", None)  # finished
    await memory.note_draft("discord:5:1", '{"turn": "c"}')
    assert await memory.take_drafts("telegram:") == {}  # this process is alive
    memory.owner = process_id()  # the next process (the one that noted them died)
    assert await memory.take_drafts("telegram:") == {"1:10": '{"turn": "a"}'}
    assert await memory.take_drafts("telegram:") == {}
    assert list(await memory.take_drafts("discord:")) == ["5:1"]
