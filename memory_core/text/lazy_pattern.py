"""Regular expressions compiled the first time they are used, not when their module is imported.

The rule tables compile ~2,000 patterns; at import that took ~2.2 s of CPU of the ~3 s every
process spent importing the bot (``membot run``, each CLI command, each replica a test starts),
while a conversation in English used patterns worth ~0.3 s of it. Tables whose patterns run
only when a trigger word is seen (most of the sensitivity rules) hold them as
:class:`LazyPattern` and compile each one when it is first needed; the compiled pattern is the
one ``re.compile`` makes, so what matches is unchanged.

Every lazy pattern is also recorded (:func:`every_lazy_pattern`): a test compiles them all, so a
pattern that does not compile still fails the suite rather than its first user.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

_ALL: list[LazyPattern] = []


class LazyPattern:
    """``re.compile(pattern, flags)``, made on first use (two threads racing to it both get
    an equal pattern; one is kept)."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None
        _ALL.append(self)

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if it was not yet)."""
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self.flags)
        return compiled

    def search(self, text: str) -> re.Match[str] | None:
        """``re.Pattern.search``."""
        return self.compiled.search(text)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
        """``re.Pattern.sub``."""
        return self.compiled.sub(repl, text)

    def __repr__(self) -> str:
        state = "compiled" if self._compiled is not None else "not compiled yet"
        return f"LazyPattern({self.pattern!r}, {self.flags!r}; {state})"


def every_lazy_pattern() -> Iterator[LazyPattern]:
    """Every lazy pattern made so far (the modules imported decide which)."""
    return iter(tuple(_ALL))
