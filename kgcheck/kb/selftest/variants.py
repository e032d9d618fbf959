"""A fact's value said as people say it rather than as the KB writes it: in another unit ("2
hours" for 120 minutes, "1.5 kg" for 1500 g) and a date relative to the clock ("yesterday",
"tomorrow"); each true, and made false.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, time, timedelta
from decimal import Decimal

from rdflib import Literal
from rdflib.namespace import XSD

from kgcheck.kb.selftest.draft import Draft
from kgcheck.kb.selftest.english import NOUN, Form, date_of, number_of, write_number
from kgcheck.kb.selftest.facts import Fact
from kgcheck.kb.selftest.perturb import wrong_number
from kgcheck.kb.selftest.phrasing import Phraser
from kgcheck.periods import Granularity
from kgcheck.values.quantities import (
    canonical_unit,
    convert,
    dimension,
    minutes_of,
    plural,
    units_of,
)

__all__ = ["relative_drafts", "unit_drafts"]

#: Units a reply says a measure in; units named by a word take a plural ("2 hours").
_SAID_UNITS = frozenset(
    {"km", "m", "cm", "mm", "mile", "ft", "kg", "g", "lb", "l", "ml", "MB", "GB", "TB",
     "minute", "hour", "day", "week"}
)  # fmt: skip
_WORD_UNITS = frozenset({"mile", "minute", "hour", "day", "week"})


def unit_drafts(
    phraser: Phraser, fact: Fact, rng: random.Random, tolerance: float
) -> Iterator[Draft]:
    """The fact's measure in another unit where it comes out round ("2 hours", "500 g"), and a
    wrong measure (x1.5 and the like, outside ``tolerance``) in that unit."""
    measure = _measure(phraser, fact)
    if measure is None or fact.period is not None:
        return
    number, unit = measure
    said = [
        (u, c)
        for u in units_of(dimension(unit) or "")
        if u in _SAID_UNITS and u != unit
        for c in [convert(number, unit, u)]
        if c is not None and _round(c)
    ]
    forms = [f for f in phraser.forms(fact.prop) if not _names_a_unit(f)]
    if not said or not forms:
        return
    target, value = rng.choice(said)
    form = rng.choice(forms)
    yield Draft(phraser, fact, form, fact.value, _write(value, target), phrasing="unit")
    wrong = wrong_number(fact, tolerance, phraser)
    wrong_measure = (
        None if wrong is None else _measure(phraser, Fact(fact.subject, fact.prop, wrong))
    )
    if wrong is not None and wrong_measure is not None:
        shown = convert(wrong_measure[0], wrong_measure[1], target)
        if shown is not None:
            text = _write(shown, target)
            yield Draft(phraser, fact, form, wrong, text, perturbation="number", phrasing="unit")


def relative_drafts(phraser: Phraser, fact: Fact, rng: random.Random) -> Iterator[Draft]:
    """A day-precise date said as "yesterday" or "tomorrow" at a clock a day after or before
    it, and the same word at a clock four days off (a date three days wrong)."""
    interval = date_of(fact.value)
    if interval is None or interval.granularity > Granularity.DAY or fact.period is not None:
        return
    forms = [_without_on(f) for f in phraser.forms(fact.prop) if _relative_fits(f)]
    if not forms:
        return
    form = rng.choice(forms)
    day = interval.start.date()
    word, step = rng.choice((("yesterday", 1), ("tomorrow", -1)))
    zone = phraser.now.tzinfo
    for offset, perturbation in ((step, None), (step * 4, "date")):
        now = datetime.combine(day + timedelta(days=offset), time(10, 0), tzinfo=zone)
        said = now.date() - timedelta(days=step)  # the day "yesterday" names at ``now``
        value = fact.value if perturbation is None else Literal(said, datatype=XSD.date)
        yield Draft(
            Phraser(phraser.kb, now),
            fact,
            form,
            value,
            word,
            perturbation=perturbation,
            now=now,
            phrasing="relative",
        )


def _measure(phraser: Phraser, fact: Fact) -> tuple[Decimal, str] | None:
    """The fact's number and its unit (a length of time in minutes); ``None`` for a value
    without a unit that converts."""
    value = fact.value
    if isinstance(value, Literal) and value.datatype == XSD.duration:
        minutes = minutes_of(value.toPython())
        return None if minutes is None else (minutes, "minute")
    number = number_of(value)
    unit = canonical_unit(phraser.kb.ontology.unit.get(fact.prop))
    if number is None or unit is None or dimension(unit) is None:
        return None
    return number, unit


def _round(number: Decimal) -> bool:
    """A measure a person says: 1 to 10,000, at most one decimal."""
    return 1 <= number < 10_000 and number == round(number, 1)


def _write(number: Decimal, unit: str) -> str:
    text = write_number(number, None if unit in _WORD_UNITS else unit)
    if unit not in _WORD_UNITS:
        return text
    return f"{text} {unit if number == 1 else plural(unit)}"


def _names_a_unit(form: Form) -> bool:
    """A form that says the unit itself ("length in km", "duration in minutes")."""
    words = form.text.lower().split()
    return any(w != "in" and canonical_unit(w.removesuffix("s")) in _SAID_UNITS for w in words)


def _relative_fits(form: Form) -> bool:
    """A form that takes a day: a noun ("start date") or a verb ending "on" or in no
    preposition; "in" asks for a month or a year."""
    last = form.text.split()[-1]
    return form.shape == NOUN or last == "on" or last not in {"in", "at", "by", "until", "since"}


def _without_on(form: Form) -> Form:
    """ "open on" -> "open": "opened yesterday"."""
    if form.shape == NOUN or not form.text.endswith(" on"):
        return form
    return replace(form, text=form.text.removesuffix(" on"))
