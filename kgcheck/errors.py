"""Errors raised by kgcheck.

Every error a user can act on derives from :class:`KgcheckError` and carries a stable ``code``
that can be searched for in the documentation and issue tracker::

    KgcheckError
    ├── ConfigError          (KGC1xx) a configuration file or environment override is invalid
    ├── KnowledgeBaseError   (KGC2xx) a knowledge-base source cannot be read or parsed
    ├── RuleError            (KGC3xx) a rule file or shape is invalid
    ├── StoreError           (KGC4xx) a store cannot be opened or written
    ├── ModelError           (KGC5xx) a model cannot be loaded or run
    └── InputError           (KGC6xx) a reply or dialogue state passed to the checker is unusable

A check that fails *during* a turn is not raised: it is reported in ``report.errors`` with a
``KGC7xx`` code (see :mod:`kgcheck.failures`), and ``on_error`` decides what it does.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "InputError",
    "KgcheckError",
    "KnowledgeBaseError",
    "ModelError",
    "RuleError",
    "StoreError",
]


class KgcheckError(Exception):
    """Base class of every error kgcheck raises on purpose."""

    code = "KGC000"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        if code is not None:
            self.code = code
        self.message = message
        super().__init__(f"[{self.code}] {message}")


class ConfigError(KgcheckError):
    """A configuration file, a key in it, or a ``KGCHECK_*`` override is invalid."""

    code = "KGC100"


class KnowledgeBaseError(KgcheckError):
    """A knowledge-base source is missing, unreadable or syntactically broken."""

    code = "KGC200"


class RuleError(KgcheckError):
    """A rule file or a SHACL shape is invalid."""

    code = "KGC300"


class StoreError(KgcheckError):
    """A store cannot be opened, read or written."""

    code = "KGC400"
    #: Seconds the store asked the client to wait before trying again (HTTP ``Retry-After``).
    retry_after: float | None = None


class ModelError(KgcheckError):
    """A model cannot be loaded or run."""

    code = "KGC500"


class InputError(KgcheckError):
    """A reply or a dialogue state passed to the checker cannot be used."""

    code = "KGC600"
