"""Overlap queries over many spans in logarithmic time."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from kgcheck.types import Span

__all__ = ["SpanIndex"]


class SpanIndex:
    """Spans merged into sorted, disjoint intervals: whether a span overlaps any of them is a
    bisection, so checking every mention of a long reply against every value stays linear."""

    def __init__(self, spans: Iterable[Span]) -> None:
        merged: list[list[int]] = []
        for span in sorted(spans, key=lambda s: s.start):
            if span.end <= span.start:
                continue
            if merged and span.start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], span.end)
            else:
                merged.append([span.start, span.end])
        self._starts = [a for a, _ in merged]
        self._ends = [b for _, b in merged]

    def overlaps(self, span: Span) -> bool:
        """Whether ``span`` shares a character with one of the spans."""
        k = bisect_right(self._starts, span.start) - 1
        if k >= 0 and self._ends[k] > span.start:
            return True
        return k + 1 < len(self._starts) and self._starts[k + 1] < span.end
