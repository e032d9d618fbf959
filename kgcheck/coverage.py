"""How much of a reply was read: the sentences that state something and produced no claim.

A reply sentence **states something** when it is a statement (not a question, a request or a
formula; not a restatement of what the user asked for) that names a thing (a KB entity or an
unknown proper name), a number or a date or time. It was **read** when it produced a claim, a
number or date checked against the KB or the sources (any verdict but ``unchecked``), or a flag.
An unread sentence is a gap in what kgcheck understands, not a pass: the report lists them, and
``benchmarks/trial.py``, ``benchmarks/selftest.py`` and ``kgcheck eval`` print the share read.

Usage::

    found = coverage(analysis, report.numeric_claims, report.flags)
    found.share, [analysis.text[s.start:s.end] for s in found.unread]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.numeric_claims import UNCHECKED, NumericClaim, restated_spans
from kgcheck.types import Flag, Span

__all__ = ["Coverage", "coverage"]

#: Kinds of mention that name a thing a fact can be about.
_NAMING = frozenset({"entity", "ambiguous", "name"})


@dataclass(frozen=True, slots=True)
class Coverage:
    """The sentences of a reply that state something (``stated``), and those of them that
    produced no claim (``unread``)."""

    stated: tuple[Span, ...] = ()
    unread: tuple[Span, ...] = ()

    @property
    def share(self) -> float | None:
        """The share of the stating sentences that were read; ``None`` when none states."""
        if not self.stated:
            return None
        return 1 - len(self.unread) / len(self.stated)

    def to_dict(self, text: str) -> dict[str, Any]:
        return {
            "stated": len(self.stated),
            "read": len(self.stated) - len(self.unread),
            "unread": [
                {"start": s.start, "end": s.end, "text": text[s.start : s.end]} for s in self.unread
            ],
        }


def coverage(
    analysis: TurnAnalysis, numeric: Sequence[NumericClaim], flags: Sequence[Flag]
) -> Coverage:
    """Which sentences of ``analysis`` state something, and which of them were not read."""
    restated = restated_spans(analysis)
    stated: list[Span] = []
    unread: list[Span] = []
    for segment in analysis.segments:
        span = segment.span
        if segment.mood != "statement" or any(r.contains(span) for r in restated):
            continue
        inside = span.contains
        states = (
            any(m.kind in _NAMING and inside(m.span) for m in analysis.mentions)
            or any(inside(q.span) for q in analysis.quantities)
            or any(inside(t.span) for t in analysis.temporals)
        )
        if not states:
            continue
        stated.append(span)
        read = (
            any(c.segment == segment.index for c in analysis.claims)
            or any(n.verdict != UNCHECKED and inside(n.span) for n in numeric)
            or any(span.overlaps(f.span) for f in flags)
        )
        if not read:
            unread.append(span)
    return Coverage(tuple(stated), tuple(unread))
