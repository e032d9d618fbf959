"""How much of a reply was read: the sentences that state something and produced no claim.

A reply sentence **states something** when it is a statement (not a question, a request or a
formula; not a restatement of what the user asked for) that names a thing (a KB entity or an
unknown proper name), a number or a date or time. It was **read** when it produced a claim, a
number or date checked against the KB or the sources (any verdict but ``unchecked``) or found in
a tool result the agent saw, or a flag.
An unread sentence is a gap in what kgcheck understands, not a pass: the report lists them, and
``benchmarks/trial.py``, ``benchmarks/selftest.py`` and ``kgcheck eval`` print the share read.

Usage::

    found = coverage(analysis, report.numeric_claims, report.flags)
    found.share, [analysis.text[s.start:s.end] for s in found.unread]
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.numeric_claims import RESULTS, UNCHECKED, NumericClaim, restated_spans
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
    """Which sentences of ``analysis`` state something, and which of them were not read (each
    item placed in its sentence once: the cost is linear in the reply's length)."""
    segments = analysis.segments
    starts = [s.span.start for s in segments]

    def at(span: Span) -> int:
        """The index of the sentence ``span`` starts in."""
        return bisect_right(starts, span.start) - 1

    stating = {m.segment for m in analysis.mentions if m.kind in _NAMING}
    stating |= {at(q.span) for q in analysis.quantities}
    stating |= {at(t.span) for t in analysis.temporals}
    read = {c.segment for c in analysis.claims}
    read |= {at(n.span) for n in numeric if n.verdict != UNCHECKED or n.source == RESULTS}
    read |= {at(f.span) for f in flags}
    restated = set(restated_spans(analysis))  # whole sentences
    stated: list[Span] = []
    unread: list[Span] = []
    for segment in segments:  # a segment's index is its position
        span = segment.span
        if segment.index not in stating:
            continue
        if segment.mood != "statement" or span in restated:
            continue
        stated.append(span)
        if segment.index not in read:
            unread.append(span)
    return Coverage(tuple(stated), tuple(unread))
