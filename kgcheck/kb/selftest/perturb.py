"""Perturbed statements: a true fact made false, each checked to be false against the KB.

- ``other_value``: another subject's value of the property, for a functional or ``kgc:complete``
  property only (an open-world property may have values the KB does not list);
- ``unknown_subject``: a made-up name of the subject's kind that matches no KB label;
- ``negation``: "S does not work in A.", "S is not 48.5 km long.";
- ``number``: the value x1.5 (x2, x3 while that is within tolerance);
- ``date``: another year, and for a day-precise value another day of the month.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import date, datetime
from decimal import Decimal

from rdflib import Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import Node

from kgcheck.kb.selftest.draft import Draft
from kgcheck.kb.selftest.english import Form, date_of, number_of
from kgcheck.kb.selftest.facts import Fact, holds, tolerance_of
from kgcheck.kb.selftest.model import Statement
from kgcheck.kb.selftest.phrasing import Phraser, Rendering
from kgcheck.periods import Granularity

__all__ = ["perturbed_drafts", "perturbed_statements", "wrong_number"]

_FIRST = ("Helen", "Oskar", "Greta", "Anselm", "Marisol", "Tobias", "Lidia", "Casimir")
_LAST = ("Brookhart", "Varga", "Lindqvale", "Okonjo", "Castellane", "Whitcombe", "Ferrante")
_PLACES = ("Westvale", "Brookmere", "Ashcombe", "Thornbury", "Larkfield", "Elmstead", "Quillon")


def perturbed_statements(
    phraser: Phraser,
    facts: dict[URIRef, list[Fact]],
    rng: random.Random,
    tolerances: Mapping[str, float],
    notes: list[str],
) -> Iterator[Statement]:
    """The perturbed statements of ``facts`` (property -> facts), each false against the KB
    (the drafts of :func:`perturbed_drafts`, each as a sentence)."""
    for draft in perturbed_drafts(phraser, facts, rng, tolerances, notes):
        yield draft.statement()


def perturbed_drafts(
    phraser: Phraser,
    facts: dict[URIRef, list[Fact]],
    rng: random.Random,
    tolerances: Mapping[str, float],
    notes: list[str],
) -> Iterator[Draft]:
    """The perturbed drafts of ``facts`` (property -> facts), each false against the KB.

    ``tolerances`` are the relative tolerances per numeric kind (``numeric.tolerances``); a
    wrong number is outside both them and the property's ``kgc:tolerance``. ``notes`` get a
    line per property left without an ``other_value`` perturbation.
    """
    kb = phraser.kb
    for prop, prop_facts in facts.items():
        closed = prop in kb.ontology.functional or prop in kb.ontology.complete
        if not closed:
            notes.append(
                f"{kb.label(prop)}: no other_value perturbation (neither functional nor "
                "kgc:complete: another value may be true)"
            )
        pool = sorted({f.value for f in prop_facts} | set(kb.graph.objects(None, prop)), key=str)
        tolerance = tolerance_of(kb, prop, tolerances)
        for fact in prop_facts:
            options = [(f, r) for f in phraser.forms(prop) for r in phraser.renderings(fact, f)]
            if not options:
                continue
            form, shown = rng.choice(options)
            make = _Maker(phraser, fact, form, shown)
            yield make("negation", fact.value, shown.text, polarity=False)
            name = _unknown_name(phraser, fact.subject, rng)
            if name is not None:
                yield make("unknown_subject", fact.value, shown.text, subject=name)
            if closed and fact.period is None:
                others = [
                    v
                    for v in pool
                    if v != fact.value and not holds(kb, fact.subject, prop, v, tolerance=tolerance)
                ]
                if others:
                    other = rng.choice(others)
                    yield make("other_value", other, phraser.write(prop, other, form, shown.grain))
            number = wrong_number(fact, tolerance, phraser)
            if number is not None:
                yield make("number", number, phraser.write(prop, number, form))
            for wrong, grain in _wrong_dates(fact, shown, rng, phraser):
                yield make("date", wrong, phraser.write(prop, wrong, form, grain))


class _Maker:
    """Builds the perturbed drafts of one fact in one form."""

    def __init__(self, phraser: Phraser, fact: Fact, form: Form, shown: Rendering) -> None:
        self.phraser, self.fact, self.form, self.shown = phraser, fact, form, shown

    def __call__(
        self,
        perturbation: str,
        value: Node,
        value_text: str,
        *,
        polarity: bool = True,
        subject: str | None = None,
    ) -> Draft:
        return Draft(
            self.phraser,
            self.fact,
            self.form,
            value,
            value_text,
            polarity=polarity,
            subject=subject,
            perturbation=perturbation,
        )


def _unknown_name(phraser: Phraser, subject: URIRef, rng: random.Random) -> str | None:
    """A made-up name of the subject's kind ("Helen Brookhart", "Westvale Department") that
    resolves to no KB label, not even one of its words."""
    kb = phraser.kb
    noun = phraser.class_label(subject)
    for _ in range(20):
        if kb.is_person(subject):
            name = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
        elif noun:
            name = f"{rng.choice(_PLACES)} {noun.title()}"
        else:
            name = rng.choice(_PLACES)
        words = [w for w in name.split() if noun is None or w.lower() not in noun.lower().split()]
        if kb.labels.lookup(name) is None and all(kb.labels.lookup(w) is None for w in words):
            return name
    return None


def wrong_number(fact: Fact, tolerance: float, phraser: Phraser) -> Literal | None:
    """The fact's number x1.5 (x0.5, x2, x3 while that is within ``tolerance``) in its own
    datatype; ``None`` for a value that is no number."""
    number = number_of(fact.value)
    if number is None or not isinstance(fact.value, Literal):
        return None
    integral = isinstance(fact.value.toPython(), int)
    percent = phraser.kb.ontology.unit.get(fact.prop) in {"%", "percent"}
    for factor in (Decimal("1.5"), Decimal("0.5"), Decimal(2), Decimal(3)):
        wrong = number * factor if number else Decimal(5) * factor
        if percent and wrong > 100:
            continue  # "140% occupancy" is false for any building, not a test of the KB
        if integral:
            wrong = wrong.to_integral_value()
            if wrong == number:
                wrong += 2
        candidate = Literal(wrong if not integral else int(wrong), datatype=fact.value.datatype)
        if not holds(phraser.kb, fact.subject, fact.prop, candidate, tolerance=tolerance):
            return candidate
    return None


def _wrong_dates(
    fact: Fact, shown: Rendering, rng: random.Random, phraser: Phraser
) -> Iterator[tuple[Literal, Granularity | None]]:
    """Another year (at the stated grain), and another day of the month for a stated day."""
    value = fact.value
    interval = date_of(value)
    if interval is None or not isinstance(value, Literal):
        return
    start = interval.start
    candidates: list[tuple[Literal, Granularity | None]] = []
    shift = rng.choice((-4, -3, -2, 2, 3, 4))
    candidates.append((_dated(value, start, start.year + shift, start.day), shown.grain))
    if interval.granularity <= Granularity.DAY and shown.grain is None:
        day = start.day + rng.choice((3, 5, 7, 9)) if start.day <= 18 else start.day - 11
        candidates.append((_dated(value, start, start.year, day), None))
    for wrong, grain in candidates:
        if not holds(phraser.kb, fact.subject, fact.prop, wrong, tolerance=0.0, grain=grain):
            yield wrong, grain


def _dated(value: Literal, start: datetime, year: int, day: int) -> Literal:
    """``value`` with another year and day, in its own datatype."""
    day = min(day, 28) if start.month == 2 else day
    if value.datatype == XSD.gYear:
        return Literal(f"{year:04d}", datatype=XSD.gYear)
    if value.datatype == XSD.gYearMonth:
        return Literal(f"{year:04d}-{start.month:02d}", datatype=XSD.gYearMonth)
    if value.datatype == XSD.dateTime:
        return Literal(start.replace(year=year, day=day), datatype=XSD.dateTime)
    return Literal(date(year, start.month, day), datatype=XSD.date)
