"""The console adapter: ``membot chat`` in a terminal, or scripted through stdin.

Interactive: line editing and history (readline), buttons shown as numbered choices.
Buttons are numbered choices: a line holding only one of their numbers (or ``/tap N``) presses
button N of the most recent message with buttons. Scripted (stdin not a terminal): one line is
one message; every bot message is printed as ``bot> <text>`` followed by ``  [N] <label>`` per
button and the hint ``(type 1 or 2 to choose)``; files the bot sends (``/export``) are saved
beside the database and their path printed; after each line the console waits until
background learning has finished (so confirmations it raises are printed before the next line
is read).

A chat answer from the language model is printed as it is written (the finished output is the
same as an answer printed whole); when the final text does not continue what was printed (a
fallback after a failure midway), it is printed again as a new message.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TextIO

from adapters.ordering import ChatOrder
from adapters.types import (
    N_,
    Attachment,
    Button,
    ButtonPress,
    Handler,
    IncomingMessage,
    Reply,
    Target,
    Words,
    english,
)

# The console's own texts, in the bot's default language (a terminal tells no app language).
CANT_READ = N_("I can't read {path}: {reason}. Nothing changed.")
TAP_USAGE = N_("Usage: /tap N, with N between 1 and {n}.")
NO_BUTTONS = N_("There are no buttons to tap.")
CHOOSE = N_("(type {numbers} to choose)")
EITHER = N_("{items} or {last}")
SAVED = N_("[saved {name} to {path}]")
WELCOME = N_("membot — type /help; Ctrl-D to leave.")


class ConsoleStream:
    """Prints a streamed answer as it grows (``adapters.types.ReplyStream``)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        #: The answer text printed so far (without the console's indentation).
        self.printed = ""

    async def update(self, text: str) -> None:
        """Print what ``text`` adds to what is on screen (a new message if it replaces it)."""
        text = text.strip()
        if not text:
            return
        if not self.printed:
            self.out.write("bot> ")
        elif not text.startswith(self.printed):
            self.out.write("\nbot> ")  # a different answer (a fallback): start anew
            self.printed = ""
        self.out.write(text[len(self.printed) :].replace("\n", "\n     "))
        self.out.flush()
        self.printed = text

    async def finish(self, reply: Reply) -> bool:
        """End the streamed answer with its final text; ``False`` when nothing was printed
        (the reply is shown like any other)."""
        if not self.printed:
            return False
        await self.update(reply.text)
        self.out.write("\n")
        self.out.flush()
        return True


PLATFORM = "console"
CHAT_ID = "console"
#: Long work a press starts (a large /import) prints a progress line at most this often.
PROGRESS_EVERY_S = 3.0


class ConsoleAdapter:
    """Reads user lines, prints bot messages; also the console's outbound sender."""

    platform = PLATFORM

    def __init__(
        self,
        handler: Handler,
        *,
        user: str,
        display_name: str | None = None,
        now: Callable[[], datetime],
        settle: Callable[[], Awaitable[None]] | None = None,
        out: TextIO | None = None,
        save_dir: str = ".",
        stream: bool = True,
        words: Words = english,
    ) -> None:
        self.handler = handler
        #: Puts the console's own texts into the default language (the bot's catalogue).
        self.words = words
        self.user = user
        self.display_name = display_name or user
        self.now = now
        self.settle = settle
        self.out = out or sys.stdout
        self.save_dir = save_dir
        #: Print language-model answers as they are written.
        self.stream = stream
        self._last_buttons: tuple[Button, ...] = ()
        self._counter = 0
        self._order = ChatOrder()

    # ---- output ----------------------------------------------------------------------------

    def show(self, reply: Reply) -> None:
        """Print one bot message (documents are saved to files)."""
        text = reply.text
        if reply.document is not None:
            path = os.path.abspath(os.path.join(self.save_dir, reply.document.filename))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(reply.document.content)
            saved = self._say(SAVED, name=reply.document.filename, path=path)
            text = f"{text}\n{saved}".strip()
        lines = text.splitlines() or [""]
        print("bot> " + lines[0], file=self.out)
        for line in lines[1:]:
            print("     " + line, file=self.out)
        flat = tuple(b for row in reply.buttons for b in row)
        for i, button in enumerate(flat, start=1):
            print(f"  [{i}] {button.label}", file=self.out)
        if flat:
            self._last_buttons = flat
            print(f"  {choose_hint(len(flat), self.words)}", file=self.out)
        self.out.flush()

    def _say(self, text: str, **fields: object) -> str:
        """One of the console's own texts, in the default language, its fields filled."""
        return self.words("", text).format(**fields)

    async def send(self, target: Target, reply: Reply) -> None:
        """Outbound messages (conflict questions, reflections) print like any other, after
        the answer being printed (a question never above the reply that introduces it)."""
        await self._order.after_answers(CHAT_ID)
        self.show(reply)

    # ---- input -----------------------------------------------------------------------------

    async def handle_line(self, line: str) -> None:
        """Process one input line (a message, or ``/tap N``)."""
        stripped = line.strip()
        if stripped.startswith("/tap"):
            await self._tap(stripped[4:].strip())
        elif stripped.isdigit() and 1 <= int(stripped) <= len(self._last_buttons):
            await self._tap(stripped)  # a bare number presses a button of the open keyboard
        else:
            await self._message(line.rstrip("\n"))
        if self.settle is not None:
            await self.settle()

    async def _message(self, text: str) -> None:
        self._counter += 1
        attachment = None
        if text.strip().startswith("/import "):
            path = text.strip()[len("/import ") :].strip()
            try:
                attachment = _read_attachment(path)
            except OSError as exc:  # the console's own file, like a failed upload elsewhere
                reason = exc.strerror or str(exc)
                self.show(Reply(self._say(CANT_READ, path=path, reason=reason)))
                return
            text = "/import"
        msg = IncomingMessage(
            platform=PLATFORM,
            chat_id=CHAT_ID,
            user_id=self.user,
            display_name=self.display_name,
            text=text,
            time=self.now(),
            is_private=True,
            addressed=True,
            message_id=None,
            attachment=attachment,
        )
        async with self._order.answering(CHAT_ID):
            if not self.stream:
                for reply in await self.handler.on_message(msg):
                    self.show(reply)
                return
            stream = ConsoleStream(self.out)
            for reply in await self.handler.on_message(msg, stream=stream):
                if not (reply.streamed and await stream.finish(reply)):
                    self.show(reply)

    async def _tap(self, arg: str) -> None:
        if not arg.isdigit() or not 1 <= int(arg) <= len(self._last_buttons):
            n = len(self._last_buttons)
            self.show(Reply(self._say(TAP_USAGE, n=n) if n else self._say(NO_BUTTONS)))
            return
        button = self._last_buttons[int(arg) - 1]
        self._last_buttons = ()
        result = await self.handler.on_button(
            ButtonPress(
                platform=PLATFORM,
                chat_id=CHAT_ID,
                user_id=self.user,
                display_name=self.display_name,
                data=button.data,
                time=self.now(),
                is_private=True,
                progress=self._progress_printer(),
            )
        )
        self.show(Reply(result.edit or result.notice))
        for reply in result.followups:
            self.show(reply)

    def _progress_printer(self) -> Callable[[int, int], None]:
        """A ``(done, total)`` callback for long work a press starts (a large /import): a
        line now and then (every few seconds, and at the end), printed on the event loop."""
        loop = asyncio.get_running_loop()
        shown = {"at": time.monotonic(), "lines": 0}

        def show(done: int, total: int) -> None:
            # Quick work prints nothing; long work a line every few seconds, then its end.
            now = time.monotonic()
            if done < total and now - shown["at"] < PROGRESS_EVERY_S:
                return
            if done >= total and not shown["lines"]:
                return
            shown["at"], shown["lines"] = now, shown["lines"] + 1
            line = f"bot> … {done:,} of {total:,} ({100 * done // max(total, 1)}%)"
            loop.call_soon_threadsafe(self._print_line, line)

        return show

    def _print_line(self, line: str) -> None:
        print(line, file=self.out)
        self.out.flush()

    async def run(self, stdin: TextIO | None = None) -> None:
        """Read until end of input."""
        stdin = stdin or sys.stdin
        interactive = stdin.isatty()
        if interactive:
            _enable_line_editing()
            print(self._say(WELCOME), file=self.out)
        while True:
            line = await asyncio.to_thread(_read_line, stdin, interactive)
            if line is None:
                return
            if not line.strip() and not interactive:
                continue
            await self.handle_line(line)


def choose_hint(n: int, words: Words = english) -> str:
    """The line under a keyboard: ``(type 1, 2 or 3 to choose)``."""
    numbers = [str(i) for i in range(1, n + 1)]
    listed = (
        numbers[0]
        if n == 1
        else words("", EITHER).format(items=", ".join(numbers[:-1]), last=numbers[-1])
    )
    return words("", CHOOSE).format(numbers=listed)


def _read_line(stdin: TextIO, interactive: bool) -> str | None:
    try:
        if interactive:
            return input("you> ")
        line = stdin.readline()
        return line if line else None
    except (EOFError, KeyboardInterrupt):
        return None


def _read_attachment(path: str) -> Attachment:
    """The file at ``path`` as an attachment (``OSError`` when it cannot be read)."""
    with open(path, "rb") as fh:
        return Attachment(filename=path.rsplit("/", 1)[-1], content=fh.read())


def _enable_line_editing() -> None:
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  - importing enables line editing and history for input()
