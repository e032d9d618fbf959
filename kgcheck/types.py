"""Public data types shared by every stage: flag types, flags, evidence and actions."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

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


class FlagType(StrEnum):
    """The eight kinds of hallucination kgcheck reports."""

    FABRICATED_FACT = "fabricated_fact"
    NONEXISTENT_ENTITY = "nonexistent_entity"
    WRONG_ATTRIBUTE = "wrong_attribute"
    CONTRADICTS_FACT = "contradicts_fact"
    CONTRADICTS_PRIOR = "contradicts_prior"
    UNSUPPORTED_CLAIM = "unsupported_claim"
    TEMPORAL_ERROR = "temporal_error"
    LOGICAL_INCONSISTENCY = "logical_inconsistency"


#: Base severity of each type (DESIGN.md): the starting point of a flag's confidence.
BASE_SEVERITY: dict[FlagType, float] = {
    FlagType.FABRICATED_FACT: 0.95,
    FlagType.NONEXISTENT_ENTITY: 0.90,
    FlagType.WRONG_ATTRIBUTE: 0.75,
    FlagType.CONTRADICTS_FACT: 0.95,
    FlagType.CONTRADICTS_PRIOR: 0.80,
    FlagType.UNSUPPORTED_CLAIM: 0.50,
    FlagType.TEMPORAL_ERROR: 0.65,
    FlagType.LOGICAL_INCONSISTENCY: 0.60,
}


class Severity(StrEnum):
    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


def severity_for(flag_type: FlagType) -> Severity:
    """The severity tier of a flag type, from its base severity."""
    base = BASE_SEVERITY[flag_type]
    if base >= 0.9:
        return Severity.CRITICAL
    if base >= 0.75:
        return Severity.HIGH
    if base >= 0.5:
        return Severity.MEDIUM
    return Severity.LOW


class ActionKind(StrEnum):
    NONE = "none"
    FLAG = "flag"
    CORRECT = "correct"
    REMOVE = "remove"
    REGENERATE = "regenerate"
    ESCALATE = "escalate"


class Decision(StrEnum):
    ACCEPT = "accept"
    ACCEPT_WITH_WARNINGS = "accept_with_warnings"
    REVISE = "revise"
    REJECT = "reject"


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
