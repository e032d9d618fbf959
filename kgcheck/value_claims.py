"""Closed-set values checked against the KB for their period ("snow on Friday").

Each :class:`~kgcheck.nlp.closed_values.StatedValue` bound to a subject becomes a
:class:`~kgcheck.numeric_claims.NumericClaim` of kind ``category``: ``verified`` when the KB
holds the value for the stated period (for a period of several days, on one of them; for a
list of days, "hot on Monday and Thursday", on each), ``wrong`` when it holds another value
(the correction is the KB's, written like the stated word: "snowing" for "raining"). A period
of several days is only found wrong when the KB covers every day of it; a period the KB holds
nothing for is left unchecked. A denied value ("no snow this week") is verified when the KB
holds it on any of the days, which contradicts the reply.

Usage::

    claims = verify_stated_values(analysis, kb, now, implied)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from rdflib import Literal, URIRef
from rdflib.namespace import RDFS, SKOS
from rdflib.term import Node

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.closed_values import StatedValue
from kgcheck.numeric_claims import VERIFIED, WRONG, NumericClaim, _Held
from kgcheck.periods import Interval
from kgcheck.values.temporal import TemporalExpression, agrees

__all__ = ["CATEGORY", "covered", "listed_periods", "verify_stated_values", "within_period"]

CATEGORY = "category"
#: What may stand between the days of a list: "Monday, Thursday and Saturday".
_LIST_GAP = re.compile(r"^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|&\s+)(?:on\s+)?$", re.I)


def listed_periods(analysis: TurnAnalysis, period: TemporalExpression) -> list[TemporalExpression]:
    """``period`` and the dates listed with it ("on Monday, Thursday and Saturday")."""
    dates = sorted(
        (t for t in analysis.temporals if t.has_date and t.interval is not None),
        key=lambda t: t.span.start,
    )
    if period not in dates:
        return [period]
    k = dates.index(period)
    lo = hi = k
    text = analysis.text
    while lo > 0 and _LIST_GAP.match(text[dates[lo - 1].span.end : dates[lo].span.start]):
        lo -= 1
    while hi + 1 < len(dates) and _LIST_GAP.match(
        text[dates[hi].span.end : dates[hi + 1].span.start]
    ):
        hi += 1
    return dates[lo : hi + 1]


def within_period(stated: TemporalExpression, period: Interval) -> bool:
    """Whether an observation's period falls within (or holds) the stated one: a day of "this
    week", the day "on Friday" names."""
    own = stated.interval
    if own is None:
        return False
    if not stated.absolute:
        return agrees(stated, period)
    return own.contains(period) or period.contains(own)


def covered(stated: TemporalExpression, periods: Sequence[Interval]) -> bool:
    """Whether ``periods`` cover every moment of the stated period."""
    own = stated.interval
    if own is None or not stated.absolute:
        return bool(periods)
    moment = own.start
    for p in sorted(periods, key=lambda p: p.start):
        if p.start > moment:
            return False
        moment = max(moment, p.end)
    return moment >= own.end


def verify_stated_values(
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    now: datetime,
    implied: Callable[[int], TemporalExpression | None],
    held: Callable[[Sequence[str], Sequence[str]], list[_Held]],
) -> list[NumericClaim]:
    """The verdicts on the closed-set values of ``analysis`` (see the module docstring);
    ``implied(start)`` is the period a value at character ``start`` takes when its sentence
    names none, ``held(subjects, properties)`` the KB's values and observations of them."""
    return [c for v in analysis.values if (c := _verify(v, analysis, kb, now, implied, held))]


def _verify(
    v: StatedValue,
    analysis: TurnAnalysis,
    kb: KnowledgeBase,
    now: datetime,
    implied: Callable[[int], TemporalExpression | None],
    held_by: Callable[[Sequence[str], Sequence[str]], list[_Held]],
) -> NumericClaim | None:
    anchor = v.anchor
    if anchor is None or not anchor.subjects:
        return None
    subjects = anchor.subjects[: anchor.nearest or None]
    held = held_by(subjects, anchor.properties)
    if not held:
        return None
    period = v.period or implied(v.span.start)
    value = URIRef(v.value)
    groups: list[list[_Held]] = []
    if period is None:
        current = [h for h in held if h.period is None] or [
            h for h in held if h.period is not None and h.period.start <= now < h.period.end
        ]
        groups = [current] if current else []
    else:
        for stated in listed_periods(analysis, period):
            chosen = [h for h in held if h.period is None or within_period(stated, h.period)]
            dated = [h.period for h in chosen if h.period is not None]
            if not chosen or (dated and not covered(stated, dated) and not _hit(chosen, value)):
                return None  # the KB does not say for this period: left unchecked
            groups.append(chosen)
    if not groups:
        return None
    hits = [_hit(g, value) for g in groups]
    ok = any(hits) if v.negated else all(hits)
    shown = [h for g, hit in zip(groups, hits, strict=True) if hit == ok for h in g] or groups[0]
    if ok:
        shown = [h for h in shown if h.value == value] or shown
    first = shown[0]
    what = f"{kb.ontology.label(first.prop)} of {kb.label(first.subject)}"
    when = ", ".join(dict.fromkeys(h.period_text for h in shown if h.period_text))
    kb_values = sorted({kb.label(h.value) for h in shown})
    if ok:
        message = f"{v.text} agrees with the KB: the {what} is {kb.label(value)}" + (
            f" on {when}" if when else ""
        )
    else:
        message = (
            f"Not {v.text}: the {what} is {' or '.join(kb_values)}"
            + (f" on {when}" if when else "")
            + " in the KB"
        )
    correction = None
    if not ok and len(groups) == 1 and len({h.value for h in shown}) == 1:
        correction = _written_like(kb, v.text, first.value)
    return NumericClaim(
        span=v.span,
        text=v.text,
        kind=CATEGORY,
        value=kb.label(value),
        unit=None,
        verdict=VERIFIED if ok else WRONG,
        subject=str(first.subject),
        property=str(first.prop),
        period=period.text if period is not None else None,
        matched=", ".join(kb_values),
        matched_period=when or None,
        source="kb",
        confidence=1.0,
        claim_index=anchor.claim_index,
        correction=correction,
        correction_span=v.span if correction is not None else None,
        message=message,
        evidence=tuple(t for h in shown for t in h.triples),
        functional=first.period is not None or first.prop in kb.ontology.functional,
        negated=v.negated,
    )


def _hit(held: Sequence[_Held], value: URIRef) -> bool:
    return any(h.value == value for h in held)


def _written_like(kb: KnowledgeBase, stated: str, value: Node) -> str:
    """The name of ``value`` that reads like the stated word: "snowing" after "raining",
    "snowy" after "rainy", else its label; capitalised like it."""
    names = [kb.label(value)]
    names += [
        str(o)
        for pred in (RDFS.label, SKOS.prefLabel, SKOS.altLabel)
        for o in kb.graph.objects(value, pred)
        if isinstance(o, Literal)
    ]
    names = list(dict.fromkeys(names))
    lower = stated.lower()
    for suffix in ("ing", "y"):
        if lower.endswith(suffix):
            alike = [n for n in names if n.lower().endswith(suffix) and " " not in n]
            if alike:
                names = alike
                break
    else:
        if " " not in lower:
            plain = [n for n in names if not n.lower().endswith(("ing", "y"))]
            names = plain or names
    chosen = names[0]
    return chosen[:1].upper() + chosen[1:] if stated[:1].isupper() else chosen
