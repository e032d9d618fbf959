"""``temporal_error``: dates that cannot be right, whatever the KB says.

- a date that does not exist ("30 February 2025");
- a weekday that does not match its date ("Monday, 24 November 2026" is a Tuesday; so is
  "Monday 24 November" said within half a year of it: a date without its year is the nearest);
- a future date told in the past tense ("The clinic opened in 2041."), or a past one in the
  future tense, when the year is stated;
- a year implausibly far ahead (``temporal.max_years_ahead``);
- an order the dates contradict: a range that ends before it starts, "A before B" where A comes
  after B, something that finished before it started ("finished in March before it started in
  June"), and a stated date on the wrong side of a KB date its property must precede or follow
  (``ex:start kgc:precedes ex:end``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from itertools import pairwise

from rdflib import URIRef

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.periods import interval_of_literal
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.temporal import WEEKDAYS, TemporalExpression
from kgcheck.values.tense import FUTURE, PAST
from kgcheck.vocab import KGC

__all__ = ["TemporalErrorDetector"]

_START = re.compile(
    r"\b(?:start(?:s|ed|ing)?|beg[ia]n(?:s|ning)?|begun|open(?:s|ed|ing)?|launch(?:es|ed|ing)?"
    r"|kick(?:s|ed)?\s+off|found(?:ed)?|commenc(?:e|es|ed|ing))\b",
    re.I,
)
_END = re.compile(
    r"\b(?:end(?:s|ed|ing)?|finish(?:es|ed|ing)?|clos(?:e|es|ed|ing)|complet(?:e|es|ed|ing)"
    r"|conclud(?:e|es|ed|ing)|wrap(?:s|ped)?\s+up|expir(?:e|es|ed))\b",
    re.I,
)
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:before|after|and|but|while|whereas|then)\b", re.I)
_ORDER = re.compile(r"\b(before|after|prior to|earlier than|later than)\b", re.I)


#: How far from now a day and month stated without a year may be to be that year's: "Thursday
#: 4 December" said on 2 December 2026 is the coming 4 December, a Friday.
_NEAR = timedelta(days=183)


def _near(day: datetime, now: datetime | None) -> bool:
    """Whether a date stated without its year (resolved to the nearest one) lies within
    ``_NEAR`` of ``now``: a weekday beside it is then that date's or wrong."""
    return now is not None and abs(day.replace(tzinfo=None) - now) <= _NEAR


#: What stands between a day said relatively and a weekday said of it: "tomorrow, Friday",
#: "today (Monday)", "tomorrow - Thursday".
_APPOSED = re.compile(r"\s*(?:,|\(|-|–|—)\s*|\s+")
#: What stands between days listed: "Friday and Saturday", "Friday, Saturday".
_LISTED = re.compile(r"\s*(?:,|,?\s*(?:and|or|&))\s*", re.I)
#: A day said relatively.
_RELATIVE_DAY = re.compile(r"(?:today|tomorrow|yesterday|tonight)", re.I)
#: What a part of a weekly range states: a day of the week, perhaps with a time of it.
_WEEKLY = frozenset({"weekday", "hour", "minute"})


class TemporalErrorDetector(Detector):
    name = "temporal_error"
    flag_type = FlagType.TEMPORAL_ERROR

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        analysis = ctx.analysis
        now = ctx.now.replace(tzinfo=None) if ctx.now is not None else None
        flags: list[Flag] = []
        for expr in analysis.temporals:
            flag = self._calendar(expr, now) or self._clock(ctx, expr, now)
            if flag is not None:
                flags.append(flag)
        flags.extend(self._order(analysis))
        flags.extend(self._kb_order(ctx))
        flags.extend(self._apposed(analysis))
        return flags

    def _apposed(self, analysis: TurnAnalysis) -> Iterator[Flag]:
        """A day said relatively and a weekday beside it that is another day ("tomorrow,
        Friday" on a Wednesday; "today (Monday)"): the weekday is wrong, or the other."""
        text = analysis.text
        ordered = sorted(analysis.temporals, key=lambda t: t.span.start)
        for k, (a, b) in enumerate(pairwise(ordered)):
            if not _APPOSED.fullmatch(text[a.span.end : b.span.start]):
                continue
            before = text[ordered[k - 1].span.end : a.span.start] if k else None
            after = text[b.span.end : ordered[k + 2].span.start] if k + 2 < len(ordered) else None
            if any(gap is not None and _LISTED.fullmatch(gap) for gap in (before, after)):
                continue  # "Tomorrow, Friday and Saturday are free": days listed
            for rel, named in ((a, b), (b, a)):
                if (
                    rel.relative
                    and _RELATIVE_DAY.fullmatch(rel.text.strip())
                    and named.weekday is not None
                    and not named.relative
                    and rel.start is not None
                    and rel.start.weekday() != named.weekday
                ):
                    actual = WEEKDAYS[rel.start.weekday()]
                    yield self._make(
                        named.span,
                        named.text,
                        f"{rel.text} is {actual} {rel.start.day} {rel.start:%B}, not a "
                        f"{WEEKDAYS[named.weekday]}",
                        correction=actual if named.text.strip().isalpha() else None,
                        correction_span=named.span,
                    )

    # --- one expression ----------------------------------------------------------------------

    def _calendar(self, expr: TemporalExpression, now: datetime | None) -> Flag | None:
        if expr.error is not None:
            return self._make(expr.span, expr.text, f"{expr.text} is not a date: {expr.error}")
        for part in expr.parts:
            flag = self._calendar(part, now)
            if flag is not None:
                return flag
        if (
            expr.weekday is not None
            and expr.start is not None
            and {"month", "day"} <= expr.stated
            and ("year" in expr.stated or _near(expr.start, now))
            and expr.start.weekday() != expr.weekday
        ):
            actual = WEEKDAYS[expr.start.weekday()]
            day = f"{expr.start.day} {expr.start:%B} {expr.start.year}"
            named = re.search(r"[A-Za-z]+", expr.text)
            correction_span = None
            if named is not None:
                start = expr.span.start
                correction_span = Span(start + named.start(), start + named.end())
            return self._make(
                expr.span,
                expr.text,
                f"{day} is a {actual}, not a {WEEKDAYS[expr.weekday]}",
                correction=actual,
                correction_span=correction_span,
            )
        if len(expr.parts) == 2:
            first, last = expr.parts
            weekly = all(set(part.stated) <= _WEEKLY for part in expr.parts)
            if (
                not weekly  # "Monday to Saturday" is every week's, from whichever day is next
                and first.start is not None
                and last.end is not None
                and first.start >= last.end
            ):
                return self._make(
                    expr.span, expr.text, f"{expr.text}: the range ends before it starts"
                )
        return None

    def _clock(
        self, ctx: DetectionContext, expr: TemporalExpression, now: datetime | None
    ) -> Flag | None:
        if now is None or expr.start is None or expr.end is None or "year" not in expr.stated:
            return None
        if expr.relative:
            return None
        ahead = expr.start.year - now.year
        limit = ctx.temporal.max_years_ahead
        if ahead > limit:
            return self._make(
                expr.span,
                expr.text,
                f"{expr.text} is {ahead} years after {now:%Y-%m-%d}; more than {limit} years "
                "ahead is implausible",
            )
        if expr.tense == PAST and expr.start > now:
            return self._make(
                expr.span,
                expr.text,
                f"{expr.text} is still to come (today is {now:%Y-%m-%d}) but is told in the "
                "past tense",
            )
        if expr.tense == FUTURE and expr.end <= now.replace(hour=0, minute=0, second=0):
            return self._make(
                expr.span,
                expr.text,
                f"{expr.text} is already over (today is {now:%Y-%m-%d}) but is told in the "
                "future tense",
            )
        return None

    # --- order within the reply --------------------------------------------------------------

    def _order(self, analysis: TurnAnalysis) -> Iterator[Flag]:
        text = analysis.text
        dated = [t for t in analysis.temporals if t.start is not None and t.has_date]
        for a, b in pairwise(dated):
            if _segment(analysis, a) != _segment(analysis, b):
                continue
            assert a.start is not None and a.end is not None
            assert b.start is not None and b.end is not None
            between = text[a.span.end : b.span.start]
            said = text[a.span.start : b.span.end]
            word = _ORDER.search(between)
            if word is not None:
                before = word.group(1).lower() in {"before", "prior to", "earlier than"}
                if (before and a.start >= b.end) or (not before and a.end <= b.start):
                    yield self._make(
                        Span(a.span.start, b.span.end),
                        said,
                        f"{a.text} is not {word.group(1).lower()} {b.text}",
                    )
                    continue
            kind_a, kind_b = _event(text, analysis, a), _event(text, analysis, b)
            if {kind_a, kind_b} != {"start", "end"}:
                continue
            start, end = (a, b) if kind_a == "start" else (b, a)
            assert start.start is not None and end.end is not None
            if end.end <= start.start:
                yield self._make(
                    Span(a.span.start, b.span.end),
                    said,
                    f"It ends ({end.text}) before it starts ({start.text})",
                )

    # --- order against the KB ----------------------------------------------------------------

    def _kb_order(self, ctx: DetectionContext) -> Iterator[Flag]:
        kb = ctx.kb
        graph = kb.graph
        for expr in ctx.analysis.temporals:
            anchor = expr.anchor
            if anchor is None or expr.start is None or expr.end is None or not expr.absolute:
                continue
            for s_text in anchor.subjects:
                s = URIRef(s_text)
                for p_text in anchor.properties:
                    p = URIRef(p_text)
                    pairs = [(q, True) for q in graph.objects(p, KGC.precedes)]
                    pairs += [(q, False) for q in graph.subjects(KGC.precedes, p)]
                    for other, stated_first in pairs:
                        if not isinstance(other, URIRef):
                            continue
                        for value in kb.values(s, other):
                            held = interval_of_literal(value)
                            if held is None or not held.has_date:
                                continue
                            wrong = (
                                expr.start >= held.end if stated_first else expr.end <= held.start
                            )
                            if not wrong:
                                continue
                            side = "after" if stated_first else "before"
                            fact = kb.verbalise(s, other, value)
                            yield self._make(
                                expr.span,
                                expr.text,
                                f"The {kb.ontology.label(p)} of {kb.label(s)} cannot be "
                                f"{expr.text}: that is {side} its {kb.ontology.label(other)} "
                                f"({held.label()}) in the KB",
                                evidence=Evidence("kb", fact, ((str(s), str(other), str(value)),)),
                                focus=str(s),
                            )

    def _make(
        self,
        span: Span,
        content: str,
        message: str,
        *,
        correction: str | None = None,
        correction_span: Span | None = None,
        evidence: Evidence | None = None,
        focus: str | None = None,
    ) -> Flag:
        return self.flag(
            span=span,
            content=content,
            message=message,
            evidence=[evidence or Evidence("calendar", message)],
            correction=correction,
            correction_span=correction_span if correction is not None else None,
            focus=focus,
        )


def _segment(analysis: TurnAnalysis, expr: TemporalExpression) -> int:
    for seg in analysis.segments:
        if seg.span.start <= expr.span.start < seg.span.end:
            return seg.index
    return -1


def _event(text: str, analysis: TurnAnalysis, expr: TemporalExpression) -> str | None:
    """Whether the clause of ``expr`` tells of a start ("started", "opened") or an end."""
    seg = next((s for s in analysis.segments if s.span.start <= expr.span.start < s.span.end), None)
    lo = seg.span.start if seg is not None else 0
    hi = seg.span.end if seg is not None else len(text)
    before = text[lo : expr.span.start]
    breaks = list(_CLAUSE_BREAK.finditer(before))
    clause = before[breaks[-1].end() :] if breaks else before
    if not (_START.search(clause) or _END.search(clause)):
        after = text[expr.span.end : hi]
        stop = _CLAUSE_BREAK.search(after)
        clause = after[: stop.start()] if stop else after
    ends = [m.start() for m in _END.finditer(clause)]
    starts = [m.start() for m in _START.finditer(clause)]
    if ends and (not starts or ends[-1] > starts[-1]):
        return "end"
    if starts:
        return "start"
    return None
