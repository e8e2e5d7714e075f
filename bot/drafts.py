"""The draft log (``adapters.types.DraftLog``): streamed answers on screen, noted in the store.

An adapter notes each streamed answer's messages while it shows them and closes the note once
the final text (or the apology) is shown. A process killed mid-stream leaves the note: at its
next start the adapter asks for what was left open and shows, in those messages, the turn's
committed answer (when the turn got that far) or says it was interrupted — never the partial
text with its "writing" marker for good.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from adapters.types import DraftLog, IncomingMessage, OpenDraft
from bot.router import turn_id_of
from memory_core import Memory


class StoredDrafts(DraftLog):
    """Drafts noted through the memory facade (one small record per streamed answer)."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    async def opened(self, message: IncomingMessage, chat_id: str, ids: Sequence[str]) -> None:
        """Note (again, with every message so far) the answer being shown."""
        record = {"user": message.user_key, "turn": turn_id_of(message), "messages": list(ids)}
        await self.memory.note_draft(_key(message, chat_id), json.dumps(record))

    async def closed(self, message: IncomingMessage, chat_id: str) -> None:
        """The answer's final text is shown."""
        await self.memory.note_draft(_key(message, chat_id), None)

    async def left_open(self, platform: str) -> list[OpenDraft]:
        """The drafts a killed process left, each with its turn's committed answer if any."""
        out = []
        for key, raw in (await self.memory.take_drafts(f"{platform}:")).items():
            record = json.loads(raw)
            answer = await self.memory.committed_answer(str(record["user"]), str(record["turn"]))
            chat_id = key.split(":", 1)[0]
            out.append(OpenDraft(chat_id, tuple(str(m) for m in record["messages"]), answer))
        return out


def _key(message: IncomingMessage, chat_id: str) -> str:
    return f"{message.platform}:{chat_id}:{message.message_id}"
