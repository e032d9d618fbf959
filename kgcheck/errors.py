"""Errors raised by kgcheck, and the one table of their codes.

Every error a user can act on derives from :class:`KgcheckError`. Each class owns a stable
``code`` (a class attribute, also on every instance) that can be searched for in
``docs/errors.md`` and the issue tracker, so ``raise StoreUnavailable("...")`` needs no code
string, and callers decide by class (``except StoreUnavailable``), never by code::

    KgcheckError             KGC000
    ├── ConfigError          KGC1xx  a configuration file or environment override is invalid
    ├── KnowledgeBaseError   KGC2xx  a knowledge-base source cannot be read or parsed
    ├── RuleError            KGC3xx  a rule file or shape is invalid
    ├── StoreError           KGC4xx  a store cannot be opened, read or written
    │   ├── StoreUnavailable   transient: retried, then the report is spooled
    │   │   └── StoreLocked, StoreBadRequest, StoreWriteFailed
    │   ├── StoreRejected      permanent: the store refuses the service (not retried)
    │   ├── StoreUnreadable    permanent: the on-disk store cannot be opened or read
    │   ├── InvalidQuery       permanent: the store cannot run the query or update
    │   ├── NotFound           no such flag; SessionNotFound, StoreMissing
    │   ├── StoreConflict      changed by someone else meanwhile
    │   └── ...
    ├── ModelError           KGC5xx  a model cannot be loaded or run
    └── InputError           KGC6xx  a reply or dialogue state passed to the checker is unusable

A check that fails *during* a turn is not raised: it is reported in ``report.errors`` with a
``KGC7xx`` code (see :mod:`kgcheck.failures`), and ``on_error`` decides what it does.

:data:`ERROR_CODES` is the single table: code -> class -> HTTP status -> documentation anchor
(``docs/errors.md#kgc401``). The HTTP service answers with :func:`http_status`.

Passing ``code=`` is kept for callers written before the classes: ``StoreError("...",
code="KGC402")`` builds the class that owns ``KGC402`` (a :class:`StoreUnavailable`) when that
class derives from the one named, so such callers still get the retry behaviour of the class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

__all__ = [
    "DOCS",
    "ERROR_CODES",
    "CalibrationInvalid",
    "ConfigError",
    "ConfigInvalid",
    "ConfigMissing",
    "ConfigNotMapping",
    "ConfigSyntaxError",
    "DatasetFormatError",
    "DatasetInvalid",
    "DatasetUnreadable",
    "ErrorCode",
    "HistoryLineInvalid",
    "IllTypedLiteral",
    "InputError",
    "InvalidParams",
    "InvalidQuery",
    "InvalidRole",
    "InvalidTime",
    "InvalidValue",
    "KbStoreUnusable",
    "KgcheckError",
    "KnowledgeBaseError",
    "LocalServerFailed",
    "MappingError",
    "ModelError",
    "ModelLoadFailed",
    "ModelNotInstalled",
    "ModelNotRunnable",
    "ModelUnusable",
    "NonFiniteLiteral",
    "NotFound",
    "NotJson",
    "NotJsonLd",
    "OpenServerRefused",
    "OverrideInvalid",
    "PluginUnusable",
    "QueryNotAllowed",
    "QueryTimeout",
    "QueryTooLarge",
    "RdfSyntaxError",
    "ReviewNotAllowed",
    "RuleContextError",
    "RuleError",
    "RuleFileUnreadable",
    "RuleRegexError",
    "RuleSchemaError",
    "RuleShapeError",
    "RuleSparqlError",
    "RuleValueError",
    "RuleYamlError",
    "ServiceError",
    "ServiceRefused",
    "ServiceUnreachable",
    "SessionNotFound",
    "SessionUnreadable",
    "SourceInvalid",
    "SourceNotFound",
    "SourceUnloadable",
    "SpoolUnwritable",
    "StateInvalid",
    "StoreBadRequest",
    "StoreConflict",
    "StoreError",
    "StoreLocked",
    "StoreMissing",
    "StoreNotConfigured",
    "StoreRejected",
    "StoreUnavailable",
    "StoreUnreadable",
    "StoreWriteFailed",
    "ToleranceInvalid",
    "TooManyQueries",
    "UnknownFormat",
    "UnknownModel",
    "UnknownPlugin",
    "error_code",
    "http_status",
]

#: The documentation of every code, one heading per code (``#kgc401``).
DOCS = "docs/errors.md"


class KgcheckError(Exception):
    """Base class of every error kgcheck raises on purpose."""

    code = "KGC000"

    def __new__(cls, message: str = "", *, code: str | None = None) -> Self:
        target: type[KgcheckError] = cls
        if code is not None and code != cls.code:
            row = _BY_CODE.get(code)
            if row is not None and row.error is not None and issubclass(row.error, cls):
                target = row.error
        instance = super().__new__(target, message)
        assert isinstance(instance, cls)
        return instance

    def __init__(self, message: str = "", *, code: str | None = None) -> None:
        if code is not None and code != type(self).code:
            self.code = code  # a code no subclass owns: kept for compatibility
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"


# --- KGC1xx: configuration -------------------------------------------------------------------


class ConfigError(KgcheckError):
    """A configuration file, a key in it, or a ``KGCHECK_*`` override is invalid; the
    configuration file cannot be read."""

    code = "KGC100"


class ConfigSyntaxError(ConfigError):
    """The configuration file is not UTF-8 text or not valid YAML."""

    code = "KGC101"


class ConfigNotMapping(ConfigError):
    """The configuration file's top level is not a mapping."""

    code = "KGC102"


class ConfigInvalid(ConfigError):
    """Keys or values of the configuration are invalid (each problem is listed)."""

    code = "KGC103"


class OverrideInvalid(ConfigError):
    """A ``KGCHECK_*`` environment override is not a valid YAML value."""

    code = "KGC104"


class ConfigMissing(ConfigError):
    """No configuration: neither given nor found (``$KGCHECK_CONFIG``, ``./kgcheck.yaml``)."""

    code = "KGC105"


class OpenServerRefused(ConfigError):
    """``kgcheck serve`` would listen beyond loopback without ``server.api_keys``."""

    code = "KGC106"


class InvalidParams(ConfigError):
    """A detector's parameters are invalid."""

    code = "KGC110"


class UnknownPlugin(ConfigError):
    """A detector or operator name names nothing registered."""

    code = "KGC111"


class PluginUnusable(ConfigError):
    """A registered plugin cannot be imported, or is not a subclass of what its group needs."""

    code = "KGC112"


# --- KGC2xx: knowledge base ------------------------------------------------------------------


class KnowledgeBaseError(KgcheckError):
    """A knowledge-base source is missing, unreadable or syntactically broken."""

    code = "KGC200"


class SourceNotFound(KnowledgeBaseError):
    """A knowledge-base source file does not exist."""

    code = "KGC201"


class UnknownFormat(KnowledgeBaseError):
    """A knowledge-base source has a file extension of no RDF format kgcheck reads."""

    code = "KGC202"


class KbStoreUnusable(KnowledgeBaseError):
    """The knowledge base's on-disk store cannot be opened."""

    code = "KGC203"


class RdfSyntaxError(KnowledgeBaseError):
    """A knowledge-base source has an RDF syntax error (file and line named)."""

    code = "KGC204"


class SourceUnloadable(KnowledgeBaseError):
    """A knowledge-base source cannot be loaded for another reason."""

    code = "KGC205"


class ToleranceInvalid(KnowledgeBaseError):
    """A ``kgc:tolerance`` is not a finite number from 0 up."""

    code = "KGC206"


class NonFiniteLiteral(KnowledgeBaseError):
    """A numeric literal in the knowledge base is NaN or infinite."""

    code = "KGC207"


class KbEndpointUnreachable(KnowledgeBaseError):
    """The SPARQL endpoint of a ``sparql:`` knowledge base cannot be read when it opens."""

    code = "KGC208"


class MappingError(KnowledgeBaseError):
    """A mapping of ``knowledge_base.mappings`` cannot be read or materialised: the message
    names the mapping file and line, and the problem."""

    code = "KGC209"


class IllTypedLiteral(KnowledgeBaseError):
    """A typed literal whose lexical form is not a value of its datatype
    (``"7.45"^^xsd:time``): the message names the file, line and triple."""

    code = "KGC210"


# --- KGC3xx: rules ---------------------------------------------------------------------------


class RuleError(KgcheckError):
    """A rule file or a SHACL shape is invalid (several problems: each is listed)."""

    code = "KGC300"


class RuleFileUnreadable(RuleError):
    """A rule file is missing or unreadable."""

    code = "KGC301"


class RuleYamlError(RuleError):
    """A rule file is not valid YAML, or not a mapping."""

    code = "KGC302"


class RuleSchemaError(RuleError):
    """A rule has an unknown key, lacks a key, or a value has the wrong type."""

    code = "KGC303"


class RuleValueError(RuleError):
    """A rule names an unknown prefix, type, action or placeholder, or repeats an id."""

    code = "KGC304"


class RuleSparqlError(RuleError):
    """A rule's SPARQL does not parse, is not a SELECT, or lacks ``?claim``."""

    code = "KGC305"


class RuleShapeError(RuleError):
    """A SHACL shape has a Turtle syntax error or cannot be used."""

    code = "KGC306"


class RuleRegexError(RuleError):
    """A rule's regular expression does not compile."""

    code = "KGC307"


class RuleContextError(RuleError):
    """A JSON-LD context of a rule file cannot be used."""

    code = "KGC308"


# --- KGC4xx: stores --------------------------------------------------------------------------


class StoreError(KgcheckError):
    """A store cannot be opened, read or written."""

    code = "KGC400"
    #: Seconds the store asked the client to wait before trying again (HTTP ``Retry-After``).
    retry_after: float | None = None


class StoreUnavailable(StoreError):
    """The store cannot be reached now (connection refused, timeout, HTTP 5xx, 408, 429):
    transient, so a write is retried and then spooled."""

    code = "KGC402"


class StoreLocked(StoreUnavailable):
    """The on-disk store is held by another process: transient, retried and spooled."""

    code = "KGC401"


class StoreBadRequest(StoreUnavailable):
    """The store (or a proxy before it) answered HTTP 400 to a write: retried and spooled,
    then a dead letter after ``dead_after`` replays that got the same answer."""

    code = "KGC409"


class StoreWriteFailed(StoreUnavailable):
    """The on-disk store failed to write (an I/O error, a full disk): transient, retried and
    spooled."""

    code = "KGC420"


class StoreRejected(StoreError):
    """The store refused the service's request (HTTP 401/403 or another 4xx, a store opened
    read-only): permanent, not retried; a report is spooled until the store is fixed."""

    code = "KGC403"


class StoreUnreadable(StoreError):
    """The on-disk store cannot be opened or read (permissions, not a store, damaged):
    permanent, not retried."""

    code = "KGC418"


class InvalidQuery(StoreError):
    """The store cannot run a query or update (a syntax error, an unknown function, an answer
    that is not SPARQL results): permanent; a report is kept as a dead letter."""

    code = "KGC404"


class QueryNotAllowed(StoreError):
    """An update, or a ``SERVICE`` call to an endpoint not allowed, was sent as a query."""

    code = "KGC405"


class InvalidValue(StoreError):
    """A value is invalid: a flag type, review status, time, reviewer or note."""

    code = "KGC406"


class StoreNotConfigured(StoreError):
    """No store is configured (or one that cannot do what was asked)."""

    code = "KGC407"


class SpoolUnwritable(StoreError):
    """The spool directory cannot be written."""

    code = "KGC408"


class NotFound(StoreError):
    """No such flag (and the base of every "no such thing" in a store)."""

    code = "KGC410"


class SessionNotFound(NotFound):
    """No such session."""

    code = "KGC413"


class StoreMissing(NotFound):
    """No flag store in that directory yet."""

    code = "KGC419"


class ReviewNotAllowed(StoreError):
    """The review change is not allowed from the flag's status."""

    code = "KGC411"


class StoreConflict(StoreError):
    """Someone else changed the flag or session meanwhile (optimistic concurrency)."""

    code = "KGC412"


class SessionUnreadable(StoreError):
    """A stored session cannot be read back."""

    code = "KGC414"


class QueryTimeout(StoreError):
    """A query ran past its time limit and was stopped."""

    code = "KGC415"


class TooManyQueries(StoreError):
    """Too many queries at once, from one client or over all."""

    code = "KGC416"


class QueryTooLarge(StoreError):
    """A query needed more memory than its process may take and was stopped."""

    code = "KGC417"


class LocalServerFailed(StoreError):
    """A local server kgcheck starts did not start: the SPARQL endpoint cannot listen, the
    on-disk store's writer process (``kgcheck serve --workers``) died, or the local Virtuoso of
    tests and benchmarks is not installed or refused a command. Permanent, not retried."""

    code = "KGC421"


# --- KGC5xx: models --------------------------------------------------------------------------


class ModelError(KgcheckError):
    """A model cannot be loaded or run."""

    code = "KGC500"


class ModelLoadFailed(ModelError):
    """A model cannot be downloaded, loaded or run."""

    code = "KGC501"


class ModelNotInstalled(ModelError):
    """The embedded NLI model is not installed."""

    code = "KGC502"


class ModelUnusable(ModelError):
    """The model has no entailment label."""

    code = "KGC503"


class UnknownModel(ModelError):
    """``nli.model`` is neither ``embedded``, a local directory nor a model name."""

    code = "KGC504"


class CalibrationInvalid(ModelError):
    """The model's calibration file cannot be read or its temperature is not a positive
    finite number."""

    code = "KGC505"


class ModelNotRunnable(ModelError):
    """The model cannot run in this installation: it is not a BERT encoder ONNX Runtime can
    run as kgcheck writes it, and torch is not installed."""

    code = "KGC506"


# --- KGC6xx: input ---------------------------------------------------------------------------


class InputError(KgcheckError):
    """A reply or a dialogue state passed to the checker cannot be used."""

    code = "KGC600"


class InvalidTime(InputError):
    """A time is not ISO 8601."""

    code = "KGC601"


class InvalidRole(InputError):
    """A turn's role is not ``user``, ``assistant`` or ``system``."""

    code = "KGC602"


class HistoryLineInvalid(InputError):
    """A line of a ``--history`` file is not a JSON object with ``role`` and ``text``."""

    code = "KGC603"


class SourceInvalid(InputError):
    """A source document cannot be read, or lacks ``id`` or ``text``."""

    code = "KGC604"


class StateInvalid(InputError):
    """A stored dialogue state cannot be read (a turn lacks ``role`` or ``text``), or a tool
    result lacks its tool's name or has arguments that are no JSON object."""

    code = "KGC605"


class NotJson(InputError):
    """A structured output is not JSON, or not a JSON object with string keys."""

    code = "KGC606"


class NotJsonLd(InputError):
    """A structured output is not valid JSON-LD."""

    code = "KGC607"


class DatasetUnreadable(InputError):
    """An evaluation dataset cannot be read."""

    code = "KGC610"


class DatasetInvalid(InputError):
    """An evaluation dataset's line is not a valid conversation (or there are none)."""

    code = "KGC611"


class DatasetFormatError(InputError):
    """A dataset file is not in the format it was read as (columns, header, labels)."""

    code = "KGC612"


# --- KGC9xx: the service, as its clients see it ---------------------------------------------


class ServiceError(KgcheckError):
    """A client of the kgcheck service (``kgcheck check --server``) got no usable answer."""

    code = "KGC900"


class ServiceUnreachable(ServiceError):
    """The kgcheck service cannot be reached, or did not answer in time."""

    code = "KGC901"


class ServiceRefused(ServiceError):
    """The kgcheck service answered a client's request with an error (its code and message
    follow)."""

    code = "KGC902"


# --- the table ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ErrorCode:
    """One row of :data:`ERROR_CODES`.

    Attributes:
        code: the stable code (``KGC401``).
        error: the class that owns it; ``None`` for a ``KGC7xx`` check failure, which is
            reported in ``report.errors``, never raised.
        status: the HTTP status the service answers with; ``None`` when never raised.
        summary: what it means, in one line.
    """

    code: str
    error: type[KgcheckError] | None
    status: int | None
    summary: str

    @property
    def anchor(self) -> str:
        """Where the code is documented: ``docs/errors.md#kgc401``."""
        return f"{DOCS}#{self.code.lower()}"


def _raised(error: type[KgcheckError], status: int) -> ErrorCode:
    summary = " ".join((error.__doc__ or "").split())
    return ErrorCode(error.code, error, status, summary)


def _reported(code: str, summary: str) -> ErrorCode:
    return ErrorCode(code, None, None, summary)


#: Every code: its class, HTTP status and summary (the anchor follows from the code).
ERROR_CODES: tuple[ErrorCode, ...] = (
    _raised(KgcheckError, 500),
    _raised(ConfigError, 500),
    _raised(ConfigSyntaxError, 500),
    _raised(ConfigNotMapping, 500),
    _raised(ConfigInvalid, 500),
    _raised(OverrideInvalid, 500),
    _raised(ConfigMissing, 500),
    _raised(OpenServerRefused, 500),
    _raised(InvalidParams, 500),
    _raised(UnknownPlugin, 500),
    _raised(PluginUnusable, 500),
    _raised(KnowledgeBaseError, 500),
    _raised(SourceNotFound, 500),
    _raised(UnknownFormat, 500),
    _raised(KbStoreUnusable, 500),
    _raised(RdfSyntaxError, 500),
    _raised(SourceUnloadable, 500),
    _raised(ToleranceInvalid, 500),
    _raised(NonFiniteLiteral, 500),
    _raised(KbEndpointUnreachable, 503),
    _raised(MappingError, 500),
    _raised(IllTypedLiteral, 500),
    _raised(RuleError, 400),
    _raised(RuleFileUnreadable, 400),
    _raised(RuleYamlError, 400),
    _raised(RuleSchemaError, 400),
    _raised(RuleValueError, 400),
    _raised(RuleSparqlError, 400),
    _raised(RuleShapeError, 400),
    _raised(RuleRegexError, 400),
    _raised(RuleContextError, 400),
    _raised(StoreError, 503),
    _raised(StoreLocked, 503),
    _raised(StoreUnavailable, 503),
    _raised(StoreRejected, 502),
    _raised(InvalidQuery, 400),
    _raised(QueryNotAllowed, 403),
    _raised(InvalidValue, 400),
    _raised(StoreNotConfigured, 500),
    _raised(SpoolUnwritable, 503),
    _raised(StoreBadRequest, 503),
    _raised(NotFound, 404),
    _raised(ReviewNotAllowed, 409),
    _raised(StoreConflict, 409),
    _raised(SessionNotFound, 404),
    _raised(SessionUnreadable, 500),
    _raised(QueryTimeout, 503),
    _raised(TooManyQueries, 429),
    _raised(QueryTooLarge, 503),
    _raised(StoreUnreadable, 503),
    _raised(StoreMissing, 404),
    _raised(StoreWriteFailed, 503),
    _raised(LocalServerFailed, 503),
    _raised(ModelError, 503),
    _raised(ModelLoadFailed, 503),
    _raised(ModelNotInstalled, 503),
    _raised(ModelUnusable, 503),
    _raised(UnknownModel, 503),
    _raised(CalibrationInvalid, 503),
    _raised(ModelNotRunnable, 503),
    _raised(InputError, 400),
    _raised(InvalidTime, 400),
    _raised(InvalidRole, 400),
    _raised(HistoryLineInvalid, 400),
    _raised(SourceInvalid, 400),
    _raised(StateInvalid, 400),
    _raised(NotJson, 400),
    _raised(NotJsonLd, 400),
    _raised(DatasetUnreadable, 400),
    _raised(DatasetInvalid, 400),
    _raised(DatasetFormatError, 400),
    _reported("KGC701", "A detector raised while checking a turn."),
    _reported("KGC702", "The NLI model could not be loaded or run for a turn."),
    _reported("KGC703", "Grounding the reply in its sources failed."),
    _reported("KGC704", "Verifying the reply's numbers and dates failed."),
    _reported("KGC705", "A rule or SHACL shape could not be evaluated on a turn."),
    _reported(
        "KGC706",
        "A detector returned a flag it may not (an undeclared type, a span outside the reply).",
    ),
    _reported("KGC707", "The knowledge base could not be read while the reply was analysed."),
    _reported("KGC708", "The check ran out of its CPU budget, or was cancelled, before a stage."),
    _reported("KGC709", "Reading the items the reply describes by their values failed."),
    _reported("KGC710", "The reply, or a corrected sentence of it, could not be analysed."),
    _raised(ServiceError, 502),
    _raised(ServiceUnreachable, 502),
    _raised(ServiceRefused, 502),
)

_BY_CODE: dict[str, ErrorCode] = {row.code: row for row in ERROR_CODES}
_BY_CLASS: dict[type[KgcheckError], ErrorCode] = {
    row.error: row for row in ERROR_CODES if row.error is not None
}


def error_code(code: str) -> ErrorCode:
    """The row of ``code``.

    Raises:
        KeyError: no such code.
    """
    return _BY_CODE[code]


def http_status(error: KgcheckError | type[KgcheckError]) -> int:
    """The HTTP status for an error (or an error class): its class's, else the nearest base
    class's (a plugin's own subclass answers like the class it derives from)."""
    cls = error if isinstance(error, type) else type(error)
    for base in cls.__mro__:
        row = _BY_CLASS.get(base)
        if row is not None and row.status is not None:
            return row.status
    return 500
