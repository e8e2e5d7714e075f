"""The memory engine's error tree (a leaf module: it imports nothing of ours).

    MemoryCoreError
    ├── StoreError                  the database could not be opened or used
    │   ├── SchemaTooNewError       the file was written by a newer membot
    │   ├── ForeignDatabaseError    the file is another program's database
    │   └── VectorIndexUnavailable  vectors are disabled (model lock mismatch)
    ├── NotFoundError               no such fact/item for this user
    ├── InvalidInputError           the caller passed something unusable
    │   └── CategoryNotAllowedError a consumer asked for a category outside its allowlist
    ├── CategoriesFileError         the categories file is unreadable or grants too much
    ├── EmbedderError               the embedding model failed (retryable)
    └── LLMError                    the language model failed
        └── InvalidLLMOutputError   it answered, but not in the schema we asked for

Expected outcomes (nothing found, nothing to learn) are values, never exceptions.

A refusal a user reads (a file /import cannot take, a memory too long) carries its
:class:`Reason`: the English wording as a template with its fields, which the app puts in the
user's language (bot/i18n.py; ``devtools/locales.py`` collects every ``Reason("…")`` here).
"""

from __future__ import annotations

from collections.abc import Callable


class Reason:
    """Why an input was refused, in words: an English template and its ``str.format`` fields
    (a field may be a Reason too, or a list of them, said one after another with "; ").
    ``str()`` is the English; ``said(translate)`` words it through a catalogue."""

    __slots__ = ("fields", "template")

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template
        self.fields = fields

    def said(self, translate: Callable[[str], str]) -> str:
        """The reason with ``translate`` applied to its template and to every inner reason's."""

        def value(field: object) -> object:
            if isinstance(field, Reason):
                return field.said(translate)
            if isinstance(field, list) and all(isinstance(f, Reason) for f in field):
                return "; ".join(f.said(translate) for f in field)
            return field

        text = translate(self.template)
        return text.format(**{k: value(v) for k, v in self.fields.items()}) if self.fields else text

    def __str__(self) -> str:
        return self.said(lambda template: template)

    def __repr__(self) -> str:
        return f"Reason({str(self)!r})"


class MemoryCoreError(Exception):
    """Base of every error raised by ``memory_core``."""

    retryable: bool = False


class StoreError(MemoryCoreError):
    """The database could not be opened, migrated or queried."""

    #: A lock wait gave up (a lock timeout or deadlock): the whole transaction was rolled
    #: back, and running it again is safe.
    lock_wait: bool = False
    #: A batched write's connection was found dead before its COMMIT went out: nothing was
    #: written, and running it again (on a new connection) is safe.
    uncommitted: bool = False


class SchemaTooNewError(StoreError):
    """The database schema is newer than this program understands."""


class ForeignDatabaseError(StoreError):
    """The file is a database, but not membot's: it is never migrated (that would change it)."""


class VectorIndexUnavailable(StoreError):
    """Vector search is disabled for this database (see the model lock warning)."""


class NotFoundError(MemoryCoreError):
    """The requested item does not exist for this user."""


class InvalidInputError(MemoryCoreError):
    """The input cannot be stored or searched (empty, too long, malformed); ``reason`` is why,
    in words the app can translate (a plain text when no user reads it)."""

    def __init__(self, reason: str | Reason = "") -> None:
        self.reason = reason if isinstance(reason, Reason) else Reason(reason)
        super().__init__(str(self.reason))


class CategoryNotAllowedError(InvalidInputError):
    """A consumer (the reply model, its tools, a group, a job, an export) asked for a category
    its allowlist does not hold: refused whole, never silently narrowed."""

    def __init__(self, consumer: str, categories: list[str]) -> None:
        super().__init__(
            f"categories not allowed for {consumer}: {', '.join(categories)} "
            "(ask only for the categories you are allowed)"
        )
        self.consumer = consumer
        self.categories = categories


class CategoriesFileError(MemoryCoreError):
    """The categories file cannot be read, names an unknown category or consumer, or grants a
    consumer a category its hard privacy rules forbid."""


class EmbedderError(MemoryCoreError):
    """The embedding model failed; the write is kept and retried later."""

    retryable = True


class LLMError(MemoryCoreError):
    """The language model call failed (network, overload, refusal)."""

    def __init__(self, message: str, *, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


class InvalidLLMOutputError(LLMError):
    """The model answered, but its output did not validate against our schema."""
