"""``TurnReport``: everything the checker found and did for one reply."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from kgcheck.coverage import Coverage
from kgcheck.failures import CheckError
from kgcheck.nli.grounding import GroundingReport
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.numeric_claims import NumericClaim
from kgcheck.types import Action, Decision, Flag

__all__ = ["TurnReport", "new_report_id"]


def new_report_id() -> str:
    """A random id for a report; its flags are ``{report_id}-{position}`` in the flag store."""
    return uuid4().hex[:16]


@dataclass
class TurnReport:
    """The result of ``check_turn``.

    ``text`` is the reply after mitigation, ``original`` the reply as given; ``skipped`` says
    which checks did not run and why; ``errors`` lists the checks that failed (one
    :class:`~kgcheck.failures.CheckError` each; the configuration's ``on_error`` says what they
    did to the decision); ``timings`` are seconds per stage. ``report_id`` names the
    report in the flag store; ``store_status`` is ``stored``, ``spooled`` (the store was down: the
    report waits on disk and is written when it is back) or ``failed``, and ``None`` when no
    store is configured.
    """

    original: str
    text: str
    flags: list[Flag]
    actions: list[Action]
    decision: Decision
    answer_confidence: float
    session_id: str
    turn_index: int
    timings: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    #: Checks that failed on this turn (not those the configuration turned off).
    errors: list[CheckError] = field(default_factory=list)
    #: Every number and date checked against the KB and sources, with its verdict.
    numeric_claims: list[NumericClaim] = field(default_factory=list)
    report_id: str = field(default_factory=new_report_id)
    #: When the check ended (UTC).
    checked_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    store_status: str | None = None
    #: How well the reply rests on the sources it was given; ``None`` without sources.
    grounding: GroundingReport | None = None
    #: The sentences that state something, and those of them that produced no claim (a gap in
    #: what was read, not a pass); ``None`` where the reply was not analysed.
    coverage: Coverage | None = None
    analysis: TurnAnalysis | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        """Whether the reply can be sent as it is: accepted, so never with a failed check
        unless ``on_error`` is ``fail_open``."""
        return self.decision == Decision.ACCEPT

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types only."""
        claims = []
        if self.analysis is not None:
            for c in self.analysis.claims:
                claims.append(
                    {
                        "text": self.analysis.text[c.span.start : c.span.end],
                        "subject": c.subject_iri or c.subject.text,
                        "predicate": c.predicate,
                        "object": c.object.iri or c.object.text,
                        "polarity": c.polarity,
                        "hedged": c.hedged,
                        "span": {"start": c.span.start, "end": c.span.end},
                    }
                )
        return {
            "report_id": self.report_id,
            "checked_at": self.checked_at.isoformat(),
            "session_id": self.session_id,
            "turn_index": self.turn_index,
            "original": self.original,
            "text": self.text,
            "decision": str(self.decision),
            "answer_confidence": self.answer_confidence,
            "flags": [f.to_dict() for f in self.flags],
            "actions": [a.to_dict() for a in self.actions],
            "claims": claims,
            "timings": dict(self.timings),
            "counts": dict(self.counts),
            "skipped": list(self.skipped),
            "errors": [e.to_dict() for e in self.errors],
            "numeric_claims": [c.to_dict() for c in self.numeric_claims],
            "store_status": self.store_status,
            "grounding": None if self.grounding is None else self.grounding.to_dict(),
            "coverage": None if self.coverage is None else self.coverage.to_dict(self.original),
            # the spaCy pipeline the claims were read with ("blank:en" means no parser)
            "pipeline": None if self.analysis is None else self.analysis.pipeline,
        }
