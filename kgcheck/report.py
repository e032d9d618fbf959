"""``TurnReport``: everything the checker found and did for one reply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.types import Action, Decision, Flag

__all__ = ["TurnReport"]


@dataclass
class TurnReport:
    """The result of ``check_turn``.

    ``text`` is the reply after mitigation, ``original`` the reply as given; ``skipped`` says
    which checks did not run and why; ``timings`` are seconds per stage.
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
    analysis: TurnAnalysis | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
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
        }
