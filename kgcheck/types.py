"""Public data types shared by every stage: flag types, flags, evidence and actions.

Flag types and action kinds are open: registered names, not closed enums, so that a plugin's
detector may emit a type of its own and its operator an action of its own."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Self

__all__ = [
    "BASE_SEVERITY",
    "Action",
    "ActionKind",
    "Decision",
    "Evidence",
    "Flag",
    "FlagType",
    "Severity",
    "Span",
    "severity_for",
]


class _Names(type):
    """The metaclass of registered names: iterating the class yields its registered values."""

    def __iter__(cls) -> Iterator[Any]:
        return iter(cls.known())  # type: ignore[attr-defined]

    def __len__(cls) -> int:
        return len(cls.known())  # type: ignore[attr-defined]


class _Name(str, metaclass=_Names):
    """A string that must be one of its class's registered values.

    Built-in values are class attributes (``FlagType.CONTRADICTS_FACT``); plugins register their
    own (``FlagType.register("policy_violation", base_severity=0.9)``). Constructing an
    unregistered value first reads the installed plugins (``_discover``), then raises
    ``ValueError`` naming the known values.
    """

    _registered: ClassVar[dict[str, Any]]
    _what: ClassVar[str]
    #: Reads the installed plugins' declarations once (set by ``kgcheck.registry``).
    _discover: ClassVar[Callable[[], None] | None] = None

    def __new__(cls, value: str) -> Self:
        if type(value) is cls:
            return value
        text = str(value)
        if text not in cls._registered and not _discovering:
            _discover_plugins(cls)
        if text not in cls._registered:
            known = ", ".join(cls._registered)
            raise ValueError(f"unknown {cls._what} {text!r}; known: {known}")
        found: Self = cls._registered[text][0]
        return found

    @classmethod
    def _make(cls, name: str) -> Self:
        if not name or not name.replace("_", "").isalnum() or not name.isascii():
            raise ValueError(f"{cls._what} {name!r}: expected letters, digits and '_'")
        return str.__new__(cls, name)

    @classmethod
    def known(cls) -> list[Self]:
        """The registered values, built-ins first, in the order they were registered."""
        return [entry[0] for entry in cls._registered.values()]

    @classmethod
    def installed(cls) -> list[Self]:
        """The registered values once the installed plugins are read (``known`` may not yet
        hold a plugin's values: they register when its classes are loaded)."""
        if not _discovering:
            _discover_plugins(cls)
        return cls.known()

    @property
    def value(self) -> str:
        """The plain string (as an enum member's ``value``)."""
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str.__str__(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str.__str__(self),))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(
            cls, core_schema.str_schema(), serialization=core_schema.to_string_ser_schema()
        )


_discovering = False


def _discover_plugins(cls: type[_Name]) -> None:
    """Read the installed plugins' declarations (once per unknown name; never recursively)."""
    global _discovering
    from importlib import import_module

    _discovering = True
    try:
        import_module("kgcheck.registry")  # sets ``_discover``
        if cls._discover is not None:
            cls._discover()
    finally:
        _discovering = False


class FlagType(_Name):
    """A kind of problem kgcheck reports: the eight of DESIGN.md, and those plugins register.

    A detector declares the types it emits with their base severity (``Detector.emits``); the
    declaration registers them. ``FlagType("policy_violation")`` is that registered value;
    ``list(FlagType)`` lists them all.
    """

    _registered: ClassVar[dict[str, tuple[FlagType, float, str | None]]] = {}
    _what = "flag type"

    FABRICATED_FACT: ClassVar[FlagType]
    NONEXISTENT_ENTITY: ClassVar[FlagType]
    WRONG_ATTRIBUTE: ClassVar[FlagType]
    CONTRADICTS_FACT: ClassVar[FlagType]
    CONTRADICTS_PRIOR: ClassVar[FlagType]
    UNSUPPORTED_CLAIM: ClassVar[FlagType]
    TEMPORAL_ERROR: ClassVar[FlagType]
    LOGICAL_INCONSISTENCY: ClassVar[FlagType]

    @classmethod
    def register(cls, name: str, base_severity: float, *, iri: str | None = None) -> FlagType:
        """Register (or look up) the flag type ``name`` with its base severity (0..1) and,
        optionally, the IRI the flag store writes for it (default: ``kgc:`` + its name in
        CamelCase). Registering a known name again with another severity or IRI is an error.

        Raises:
            ValueError: a bad name or severity, or a conflicting registration.
        """
        if not 0.0 <= base_severity <= 1.0:
            raise ValueError(f"flag type {name!r}: base severity {base_severity} not in [0, 1]")
        known = cls._registered.get(name)
        if known is not None:
            if (known[1], known[2]) != (base_severity, iri):
                raise ValueError(
                    f"flag type {name!r} is already registered with base severity {known[1]}"
                    f"{f' and IRI {known[2]}' if known[2] else ''}"
                )
            return known[0]
        value = cls._make(name)
        cls._registered[name] = (value, base_severity, iri)
        BASE_SEVERITY[value] = base_severity
        return value

    @property
    def base_severity(self) -> float:
        """The starting point of a flag's confidence (DESIGN.md), before configuration."""
        return self._registered[str.__str__(self)][1]

    @property
    def iri(self) -> str | None:
        """The IRI the flag store writes for this type, when registered with one."""
        return self._registered[str.__str__(self)][2]


#: Base severity of each registered type (DESIGN.md; plugins add theirs): the starting point of
#: a flag's confidence. ``scoring.base_severity`` in the configuration overrides it.
BASE_SEVERITY: dict[FlagType, float] = {}

for _name, _base in (
    ("fabricated_fact", 0.95),
    ("nonexistent_entity", 0.90),
    ("wrong_attribute", 0.75),
    ("contradicts_fact", 0.95),
    ("contradicts_prior", 0.80),
    ("unsupported_claim", 0.50),
    ("temporal_error", 0.65),
    ("logical_inconsistency", 0.60),
):
    setattr(FlagType, _name.upper(), FlagType.register(_name, _base))


class Severity(StrEnum):
    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


def severity_for(flag_type: FlagType | float) -> Severity:
    """The severity tier of a base severity, or of a flag type's registered one."""
    base = flag_type if isinstance(flag_type, float) else FlagType(flag_type).base_severity
    if base >= 0.9:
        return Severity.CRITICAL
    if base >= 0.75:
        return Severity.HIGH
    if base >= 0.5:
        return Severity.MEDIUM
    return Severity.LOW


class ActionKind(_Name):
    """What the mitigator did about flags: the operators of ``kgcheck.registry.actions``
    (``none``, ``flag``, ``correct``, ``remove``, ``regenerate``, ``escalate``) and those
    plugins register."""

    _registered: ClassVar[dict[str, tuple[ActionKind]]] = {}
    _what = "action kind"

    NONE: ClassVar[ActionKind]
    FLAG: ClassVar[ActionKind]
    CORRECT: ClassVar[ActionKind]
    REMOVE: ClassVar[ActionKind]
    REGENERATE: ClassVar[ActionKind]
    ESCALATE: ClassVar[ActionKind]

    @classmethod
    def register(cls, name: str) -> ActionKind:
        """Register (or look up) the action kind ``name``."""
        known = cls._registered.get(name)
        if known is not None:
            return known[0]
        value = cls._make(name)
        cls._registered[name] = (value,)
        return value


for _name in ("none", "flag", "correct", "remove", "regenerate", "escalate"):
    setattr(ActionKind, _name.upper(), ActionKind.register(_name))


class Decision(StrEnum):
    """The verdict on a turn, from the most lenient to the most severe."""

    ACCEPT = "accept"
    ACCEPT_WITH_WARNINGS = "accept_with_warnings"
    REVISE = "revise"
    REJECT = "reject"

    def at_least(self, floor: Decision) -> Decision:
        """This decision, or ``floor`` where ``floor`` is more severe."""
        order = list(Decision)
        return floor if order.index(floor) > order.index(self) else self


@dataclass(frozen=True, slots=True)
class Span:
    """Character offsets ``[start, end)`` into the checked reply."""

    start: int
    end: int

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end


@dataclass(frozen=True, slots=True)
class Evidence:
    """Why a flag was raised.

    ``kind`` is one of ``kb`` (triples the KB holds), ``kb_absence`` (what the KB does not hold
    though it should), ``history`` (an earlier turn), ``signal`` (a linguistic signal), ``rule``,
    ``source`` (a document the reply cites) or ``model`` (an NLI model's judgement).
    ``triples`` are N-Triples-like ``(s, p, o)`` strings; ``scores`` are a model's
    probabilities (``entailment``, ``neutral``, ``contradiction``).
    """

    kind: str
    text: str
    triples: tuple[tuple[str, str, str], ...] = ()
    scores: tuple[tuple[str, float], ...] = ()


@dataclass(slots=True)
class Flag:
    """One problem found in a reply.

    ``kb_strength`` (0..1) is how decisively the evidence settles the problem; the scoring stage
    turns it and the linguistic signals into the final ``confidence``.
    """

    type: FlagType
    span: Span
    content: str
    message: str
    detector: str
    evidence: list[Evidence] = field(default_factory=list)
    suggestion: str | None = None
    correction: str | None = None
    correction_span: Span | None = None
    focus: str | None = None
    rule: str | None = None
    kb_strength: float = 1.0
    history_strength: float | None = None
    claim_index: int | None = None
    confidence: float = 0.0
    severity: Severity = Severity.MEDIUM
    #: The operator a rule asks for (``escalate``, ...), instead of the policy's choice.
    action: str | None = None
    #: Raised on an NLI model's judgement alone, with no symbolic evidence: where a symbolic
    #: flag is on the same claim, that flag's type is kept and this one's evidence joins it.
    by_model: bool = False

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["type"] = str(self.type)
        data["severity"] = str(self.severity)
        data["span"] = {"start": self.span.start, "end": self.span.end}
        data["correction_span"] = (
            None
            if self.correction_span is None
            else {"start": self.correction_span.start, "end": self.correction_span.end}
        )
        data["evidence"] = [
            {"kind": e.kind, "text": e.text, "triples": [list(t) for t in e.triples]}
            | ({"scores": dict(e.scores)} if e.scores else {})
            for e in self.evidence
        ]
        return data


@dataclass(slots=True)
class Action:
    """What the mitigator did (or asks a person to do) about one or more flags."""

    kind: ActionKind
    flags: list[int]
    span: Span | None = None
    replacement: str | None = None
    guidance: str | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "flags": list(self.flags),
            "span": None if self.span is None else {"start": self.span.start, "end": self.span.end},
            "replacement": self.replacement,
            "guidance": self.guidance,
            "reason": self.reason,
        }
