"""Numbers over a period of several observations: ranges, highest and lowest, "this week".

The KB gives a value per day (``kgc:Observation``); a reply may speak of a longer period:

- a range ("This week it will range from 20F to 100F", "between 70F and 100F on Monday and
  Friday") is the lowest and the highest value of the properties it is bound to over its
  period (the week's lowest low and highest high; on one day, its low and high): ``verified``
  when both ends agree within the tolerance, else ``wrong``, corrected to the KB's ends. A
  period with a single value ("30F" on the day) only has to lie within the range.
- "the highest this week is 100F" ("hottest", "maximum", ...) is the largest value over the
  period, "the lowest ..." the smallest;
- any other value over a period of several observations ("it will reach 100F this week") is
  ``verified`` when one of them agrees and otherwise left unchecked: it is no one day's value.

A period the KB does not cover day by day is left unchecked (never a ``wrong_period``).

Usage::

    over = PeriodValues(analysis, kb, held, implied, tolerance)
    over.range(stated_range)          # NumericClaim | None
    over.quantity(q)                  # (handled, NumericClaim | None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from rdflib import Literal, URIRef

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.values import format_like, within_tolerance
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.ranges import StatedRange
from kgcheck.numeric_claims import VERIFIED, WRONG, NumericClaim, _decimal, _Held, _plain
from kgcheck.value_claims import covered, listed_periods, within_period
from kgcheck.values.quantities import QUANTITY, Quantity, canonical_unit, convert
from kgcheck.values.temporal import TemporalExpression

__all__ = ["PeriodValues"]

_HIGHEST = re.compile(r"\b(?:highest|hottest|warmest|maximum|max|peak|top|most)\b", re.I)
_LOWEST = re.compile(r"\b(?:lowest|coldest|coolest|minimum|min|least)\b", re.I)
_CLAUSE = re.compile(r"[,;:.!?]\s|\s(?:and|but|while|whereas)\s", re.I)


class PeriodValues:
    """Checks ranges and numbers over several observations (see the module docstring)."""

    def __init__(
        self,
        analysis: TurnAnalysis,
        kb: KnowledgeBase,
        held: Callable[[Sequence[str], Sequence[str]], list[_Held]],
        implied: Callable[[int], TemporalExpression | None],
        tolerance: Callable[[URIRef, str], float],
    ) -> None:
        self.analysis = analysis
        self.kb = kb
        self.held = held
        self.implied = implied
        self.tolerance = tolerance

    # --- ranges ------------------------------------------------------------------------------

    def range(self, r: StatedRange) -> NumericClaim | None:
        """The verdict on a range; ``None`` when it is bound to nothing the KB covers."""
        anchor = r.anchor
        if anchor is None or not anchor.subjects:
            return None
        period = r.period or self.implied(r.span.start)
        found = self._over(anchor.subjects[: anchor.nearest or None], anchor.properties, period)
        if found is None:
            found = self._least_and_most(
                anchor.subjects[: anchor.nearest or None], anchor.properties
            )
            if found is None:
                return None
            period = None
            paired = True
        else:
            paired = False
        values = self._in_unit(r.high, found)
        if not values:
            return None
        lo, hi = min(v for v, _ in values), max(v for v, _ in values)
        tolerance = max(self.tolerance(h.prop, r.high.kind) for _, h in values)
        if len(values) == 1:
            ok = r.low.value <= lo <= r.high.value
        else:
            ok = within_tolerance(r.low.value, lo, tolerance) and within_tolerance(
                r.high.value, hi, tolerance
            )
        first = values[0][1]
        if paired:  # the least first: "the minimum delivery days and maximum delivery days"
            ordered = sorted(values, key=lambda v: v[0])
            names = list(dict.fromkeys(self.kb.ontology.label(h.prop) for _, h in ordered))
        else:
            names = sorted({self.kb.ontology.label(h.prop) for _, h in values})
        what = f"{' and '.join(names)} of {self.kb.label(first.subject)}"
        when = _when(values)
        kb_range = f"{_like(r.low, lo)} to {_like(r.high, hi)}" if lo != hi else _like(r.high, hi)
        verb = "are" if paired else "is"
        message = (
            f"{r.text} agrees with the KB: the {what} {verb} {kb_range}{when}"
            if ok
            else f"Not {r.text}: the {what} {verb} {kb_range}{when} in the KB"
        )
        correction = None
        if not ok and lo != hi:
            correction = _rewritten(r, lo, hi)
        return NumericClaim(
            span=r.span,
            text=r.text,
            kind=r.high.kind,
            value=f"{_plain(r.low.value)}-{_plain(r.high.value)}",
            unit=r.high.currency or r.high.unit,
            verdict=VERIFIED if ok else WRONG,
            subject=str(first.subject),
            property=str(first.prop),
            period=period.text if period is not None else None,
            matched=f"{_plain(lo)}-{_plain(hi)}",
            matched_period=when.removeprefix(" on ") or None,
            tolerance=tolerance,
            source="kb",
            confidence=1.0,
            correction=correction,
            correction_span=r.span if correction is not None else None,
            message=message,
            evidence=tuple(t for _, h in values for t in h.triples),
            functional=True,
            certain=anchor.certain,
        )

    def _least_and_most(
        self, subjects: Sequence[str], properties: Sequence[str]
    ) -> list[_Held] | None:
        """The values of a least and a most the ontology pairs (``kgc:precedes``: minimum
        delivery days before maximum delivery days) of the first of ``subjects`` that holds
        both: "takes 2 to 4 business days" states the pair, its ends are the two values."""
        precedes = self.kb.ontology.precedes
        pairs = [
            (URIRef(a), b)
            for a in properties
            for b in precedes.get(URIRef(a), ())
            if str(b) in properties
        ]
        for subject in subjects:
            for first, then in pairs:
                held = self.held([subject], [str(first), str(then)])
                ends = {h.prop for h in held if h.period is None}
                if ends == {first, then}:
                    return [h for h in held if h.period is None]
        return None

    # --- one number over several observations ------------------------------------------------

    def quantity(self, q: Quantity) -> tuple[bool, NumericClaim | None]:
        """``(handled, claim)``: whether ``q`` is a number over a period of several observations
        (then ``claim`` is its verdict, or ``None`` when it is left unchecked)."""
        anchor = q.anchor
        if q.period is None or anchor is None or not anchor.subjects:
            return False, None
        own = q.period.interval
        subjects = anchor.subjects[: anchor.nearest or None]
        held = [h for h in self.held(subjects, anchor.properties) if _decimal(h.value) is not None]
        inside = [
            h
            for h in held
            if own is not None
            and h.period is not None
            and q.period.absolute
            and own.contains(h.period)
            and own != h.period
        ]
        if not inside:
            return False, None  # one observation's period, or no observation: the usual check
        found = self._over(subjects, anchor.properties, q.period)
        values = self._in_unit(q, found) if found is not None else []
        if not values:
            return True, None
        clause = self._clause_before(q)
        if _HIGHEST.search(clause):
            target: Sequence[tuple[Decimal, _Held]] = [max(values, key=lambda v: v[0])]
            which = "highest"
        elif _LOWEST.search(clause):
            target = [min(values, key=lambda v: v[0])]
            which = "lowest"
        else:
            which = ""
            target = values
        hits = [
            (v, h)
            for v, h in target
            if within_tolerance(q.value, v, self.tolerance(h.prop, q.kind))
        ]
        if not hits and not which:
            return True, None  # not one day's value: left unchecked
        v, h = (hits or target)[0]
        what = f"{self.kb.ontology.label(h.prop)} of {self.kb.label(h.subject)}"
        if which:
            what = f"{which} {what} over {q.period.text}"
        ok = bool(hits)
        message = (
            f"{q.text} agrees with the KB: the {what} is {_like(q, v)} (on {h.period_text})"
            if ok
            else f"Not {q.text}: the {what} is {_like(q, v)} (on {h.period_text}) in the KB"
        )
        return True, NumericClaim(
            span=q.span,
            text=q.text,
            kind=q.kind,
            value=_plain(q.value),
            unit=q.currency or q.unit,
            verdict=VERIFIED if ok else WRONG,
            subject=str(h.subject),
            property=str(h.prop),
            period=q.period.text,
            matched=_plain(v),
            matched_period=h.period_text or None,
            tolerance=self.tolerance(h.prop, q.kind),
            source="kb",
            confidence=1.0,
            claim_index=anchor.claim_index,
            correction=None if ok else _like(q, v),
            correction_span=None if ok else q.span,
            message=message,
            evidence=h.triples,
            functional=True,
        )

    # --- shared ------------------------------------------------------------------------------

    def _over(
        self,
        subjects: Sequence[str],
        properties: Sequence[str],
        period: TemporalExpression | None,
    ) -> list[_Held] | None:
        """The observations of the period (and the days listed with it), when the KB covers
        each of them; ``None`` otherwise."""
        held = [h for h in self.held(subjects, properties) if h.period is not None]
        if period is None or not held:
            return None
        out: list[_Held] = []
        for stated in listed_periods(self.analysis, period):
            chosen = [h for h in held if h.period is not None and within_period(stated, h.period)]
            if not chosen or not covered(stated, [h.period for h in chosen if h.period]):
                return None
            out += chosen
        return out

    def _in_unit(self, q: Quantity, held: Sequence[_Held]) -> list[tuple[Decimal, _Held]]:
        """The numeric values of ``held`` in the unit of ``q``."""
        out = []
        for h in held:
            value = _decimal(h.value)
            unit = canonical_unit(self.kb.ontology.unit.get(h.prop))
            if value is None or unit == "fraction":
                continue
            if q.kind == QUANTITY and unit is not None:
                value = convert(value, unit, q.unit)
                if value is None:
                    continue
            out.append((value, h))
        return out

    def _clause_before(self, q: Quantity) -> str:
        sentence = next((s for s in self.analysis.segments if s.span.contains(q.span)), None)
        start = sentence.span.start if sentence is not None else 0
        before = self.analysis.text[start : q.span.start]
        breaks = list(_CLAUSE.finditer(before))
        return before[breaks[-1].end() :] if breaks else before


def _when(values: Sequence[tuple[Decimal, _Held]]) -> str:
    days = sorted({h.period_text for _, h in values if h.period_text})
    if not days:
        return ""
    return f" on {days[0]}" if len(days) == 1 else f" from {days[0]} to {days[-1]}"


def _like(q: Quantity, value: Decimal) -> str:
    return format_like(q.text, Literal(value), _plain(value))


def _rewritten(r: StatedRange, lo: Decimal, hi: Decimal) -> str:
    """The range with the KB's ends, written as stated ("20-30F" -> "30-50F")."""
    text = r.text
    high_at = r.high.span.start - r.span.start
    low_at = r.low.span.start - r.span.start
    high = re.sub(r"-?\d+(?:\.\d+)?", _plain(hi), text[high_at:], count=1)
    middle = text[low_at:high_at]
    low = re.sub(r"-?\d+(?:\.\d+)?", _plain(lo), middle, count=1)
    return text[:low_at] + low + high
