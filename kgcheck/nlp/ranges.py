"""Ranges of a measure: "20-30F", "between 70F and 100F", "from 20F to 100F".

A range states the lowest and highest value over its period ("This week it will range from 20F
to 100F": the week's lowest low and highest high), never one day's value: its ends are no
quantities of their own. It is bound like a number (:mod:`kgcheck.nlp.anchors`): properties by
a lexical form or the unit of its upper end, the subject of the sentence or the conversation,
the nearest date of the sentence.

Usage::

    binder = RangeBinder(anchorer)
    found = binder.find(text, skip)            # before the quantities are read
    ranges = binder.bind(ItemBinder(anchorer, toks, mentions, ...), found)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from kgcheck.nlp.anchors import Anchor, Anchorer, _token_at
from kgcheck.nlp.items import ItemBinder
from kgcheck.types import Span
from kgcheck.values.quantities import (
    COUNT,
    CURRENCY,
    NUMBER,
    PERCENT,
    QUANTITY,
    Quantity,
    QuantityRecognizer,
    qualified_time,
    said_as_age,
)
from kgcheck.values.temporal import TemporalExpression

__all__ = ["RangeBinder", "StatedRange"]

_RANGE = re.compile(
    r"(?:\b(?P<between>between)\s+|\b(?P<from>from)\s+)?"
    r"(?<![\w.$-])(?P<low>\$?-?\d+(?:\.\d+)?)(?P<low_unit>\s?°?\s?[A-Za-z%]{0,10})?"
    r"\s*(?:(?P<dash>[-–—])|\b(?P<to>to)\b|\b(?P<and>and)\b)\s*"
    r"(?P<high>\$?-?\d+(?:\.\d+)?)",
    re.I,
)
#: Kinds a range is read for (a count, "3 to 4 beds", or a year, "2019-2021", is none).
_KINDS = frozenset({QUANTITY, CURRENCY, PERCENT})


@dataclass(frozen=True, slots=True)
class StatedRange:
    """A range of the reply: ``low`` to ``high`` of ``unit`` (both in the stated unit)."""

    span: Span
    text: str
    low: Quantity
    high: Quantity
    anchor: Anchor | None = None
    period: TemporalExpression | None = None


class RangeBinder:
    """Finds ranges and binds them (see the module docstring)."""

    def __init__(self, anchorer: Anchorer) -> None:
        self.anchorer = anchorer
        self.recognizer = QuantityRecognizer(anchorer.dollar, anchorer.currencies)

    def find(self, text: str, skip: Sequence[Span] = ()) -> list[StatedRange]:
        """The ranges of ``text`` outside the ``skip`` spans."""
        out = []
        for m in _RANGE.finditer(text):
            if m.group("and") and not m.group("between"):
                continue  # "70F and 100F" is two values; "between 70F and 100F" a range
            span = Span(m.start(), m.end())
            if any(s.overlaps(span) for s in skip):
                continue
            high = next(iter(self.recognizer.find(text[m.start("high") :])), None)
            if high is not None and high.kind == COUNT:
                # "2 to 4 business days": a range of a length of time, in days
                high = _as_time(high, text[m.start("high") :])
            if high is not None and high.kind in {COUNT, NUMBER} and said_as_age(text, m.start()):
                # "children aged 8 to 11": a range of ages, in years
                high = replace(high, kind=QUANTITY, unit="year", currency=None)
            if high is None or high.span.start != 0 or high.kind not in _KINDS:
                continue
            low_end = m.end("low_unit") if m.group("low_unit") else m.end("low")
            low_text = text[m.start("low") : low_end]
            low = next(iter(self.recognizer.find(low_text.strip())), None)
            if low is None:
                continue
            if low.kind in _KINDS and (low.kind, low.unit, low.currency) != (
                high.kind,
                high.unit,
                high.currency,
            ):
                continue  # "from 5 miles to 30F": two measures
            if low.kind not in _KINDS and (m.group("low_unit") or "").strip():
                continue  # "from 3 beds to 40F"
            end = m.start("high") + high.span.end
            shift = m.start("high")
            high = replace(high, span=Span(shift, end), text=text[shift:end])
            low_span = Span(m.start("low"), m.start("low") + len(low_text.rstrip()))
            low = replace(
                low,
                span=low_span,
                text=text[low_span.start : low_span.end],
                kind=high.kind,
                unit=high.unit,
                currency=high.currency,
            )
            if low.value > high.value:
                continue
            out.append(StatedRange(Span(m.start(), end), text[m.start() : end], low, high))
        return out

    def bind(self, items: ItemBinder, found: Sequence[StatedRange]) -> list[StatedRange]:
        """``found`` with their anchors and periods."""
        if not found:
            return []
        starts = items.starts
        anchorer = self.anchorer
        out = []
        for r in found:
            i = _token_at(starts, r.high.span.start)
            anchor, period = items.bind(
                _token_at(starts, r.span.start),
                i,
                fits=lambda p, q=r.high: anchorer._fits(q, p),  # type: ignore[misc]
                fallback=lambda q=r.high: anchorer._by_unit(q),  # type: ignore[misc]
            )
            out.append(replace(r, anchor=anchor, period=period))
        return out


def _as_time(q: Quantity, text: str) -> Quantity:
    """``q``, a count of qualified units of time ("4 business days"), as that length of time;
    any other count as it is."""
    found = qualified_time(text, q.span.end)
    if found is None:
        return q
    unit, end = found
    span = Span(q.span.start, end)
    return replace(q, kind=QUANTITY, unit=unit, span=span, text=text[span.start : span.end])
