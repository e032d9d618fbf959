"""Comparing a value stated in text with a value the KB holds (datatype-aware)."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from rdflib import Literal, URIRef
from rdflib.term import Node

from kgcheck.kb.normalize import value_words
from kgcheck.periods import Granularity, Interval, day_interval, interval_of_literal
from kgcheck.values.durations import write_duration
from kgcheck.values.phones import same_number
from kgcheck.values.quantities import canonical_unit, plural
from kgcheck.values.temporal import WEEKDAYS, TemporalExpression, TemporalRecognizer

__all__ = ["format_like", "matches", "relative_difference", "within_tolerance", "written"]

_DIGITS = re.compile(r"\d")


def matches(stated: Any, stated_iri: str | None, kb_value: Node, *, tolerance: float = 0.0) -> bool:
    """Whether a stated value agrees with ``kb_value``.

    Entities agree by IRI; numbers within the relative ``tolerance``; times of day to the minute;
    dates (a ``date`` or an
    :class:`~kgcheck.periods.Interval`) at the coarser of the two granularities, so that
    "March 2025" agrees with ``2025-03-14`` and ``2025-03-14`` with ``"2025"^^xsd:gYear``;
    strings after normalisation (case, spacing, punctuation), telephone numbers with or without
    their country code, and other strings made of digits (extensions) digit by digit.
    """
    if isinstance(kb_value, URIRef):
        return stated_iri is not None and URIRef(stated_iri) == kb_value
    if not isinstance(kb_value, Literal):
        return False
    expected = kb_value.toPython()
    if isinstance(stated, timedelta) or isinstance(expected, timedelta):
        # a length of time in any units: "2 hours" is PT120M
        if not isinstance(stated, timedelta) or not isinstance(expected, timedelta):
            return _text_match(str(stated), str(kb_value))
        slack = abs(expected.total_seconds()) * tolerance
        return abs(stated.total_seconds() - expected.total_seconds()) <= slack
    if isinstance(stated, Decimal | int | float) and not isinstance(stated, bool):
        number = _number(expected)
        if number is None:
            return _text_match(str(stated), str(kb_value))
        stated_number = Decimal(str(stated))
        if number == 0:
            return stated_number == 0
        return abs(stated_number - number) <= abs(number) * Decimal(str(tolerance))
    if isinstance(stated, time):
        held_time = expected.time() if isinstance(expected, datetime) else expected
        if not isinstance(held_time, time):
            return _text_match(str(stated), str(kb_value))
        return (stated.hour, stated.minute) == (held_time.hour, held_time.minute)
    if isinstance(stated, date | Interval):
        own = stated if isinstance(stated, Interval) else _interval_of_date(stated)
        held = interval_of_literal(kb_value)
        if held is None:
            return _text_match(str(stated), str(kb_value))
        return own.agrees(held)
    return _text_match(str(stated), str(kb_value))


def _interval_of_date(value: date) -> Interval:
    if isinstance(value, datetime):
        start = value.replace(tzinfo=None, second=0, microsecond=0)
        return Interval(start, start + _MINUTE, Granularity.MINUTE)
    return day_interval(value)


def within_tolerance(
    stated: Decimal, expected: Decimal, tolerance: float, bound: str | None = None
) -> bool:
    """Whether ``stated`` agrees with ``expected`` within the relative ``tolerance``.

    ``bound`` ``min`` ("more than $1M") accepts anything from the stated value less the
    tolerance upwards; ``max`` ("up to 10%") anything up to it plus the tolerance.
    """
    slack = abs(expected if expected != 0 else stated) * Decimal(str(tolerance))
    if bound == "min":
        return expected >= stated - slack
    if bound == "max":
        return expected <= stated + slack
    if expected == 0:
        return stated == 0
    return abs(stated - expected) <= slack


def relative_difference(stated: Decimal, expected: Decimal) -> float | None:
    """``|stated - expected| / |expected|``; ``None`` when ``expected`` is zero."""
    if expected == 0:
        return None
    return float(abs(stated - expected) / abs(expected))


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None  # NaN compares with nothing


def _text_match(a: str, b: str) -> bool:
    if value_words(a) == value_words(b) or same_number(a, b):
        return True
    digits_a, digits_b = "".join(_DIGITS.findall(a)), "".join(_DIGITS.findall(b))
    letters = re.sub(r"[\d\W_]", "", a + b)
    return bool(digits_a) and digits_a == digits_b and not letters


#: A number with its scale word; a unit glued to it ("90F") is no scale and stays.
_STATED_NUMBER = re.compile(
    r"(?P<num>\d[\d,]*(?:\.\d+)?)(?!\d)"
    r"(?:\s?(?P<scale>thousand|million|billion|bn|k|K|m|M|B)\b)?"
)
_SCALES = {
    "thousand": 1_000, "k": 1_000, "K": 1_000, "million": 1_000_000, "m": 1_000_000,
    "M": 1_000_000, "billion": 10**9, "bn": 10**9, "B": 10**9,
}  # fmt: skip
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MINUTE = timedelta(minutes=1)
_RECOGNIZER = TemporalRecognizer()
#: A date with its month first ("December 11", "Friday, December 11"), a weekday before it or not.
_MONTH_FIRST = re.compile(
    r"^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:the\s+)?"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d",
    re.I,
)
_WEEKDAY_FIRST = re.compile(r"^(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
_MONEY = re.compile(r"[$€£]|\b(?:USD|EUR|GBP|dollars?|euros?|pounds?)\b", re.I)
_NUMERIC_DATE = re.compile(r"(?P<first>\d{1,2})(?P<sep>[/.-])\d{1,2}(?P=sep)\d{2,4}")
_YEAR = re.compile(r"^(?:in\s+)?(\d{4})$")


_CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}
_TIGHT_UNITS = frozenset({"%", "x", "F", "C"})


def written(value: Literal, unit: str | None = None) -> str:
    """A KB literal as a person writes it, with the property's ``kgc:unit``: ``"$12.00"``,
    ``"48.5 km"``, ``"85%"`` (also for a ``fraction`` of 0.85), ``"1.25x"``, dates as
    ``"30 November 2019"``, times as ``"5 pm"``. Numbers keep the KB's own digits ("7.60"
    stays "7.60")."""
    python = value.toPython()
    if isinstance(python, timedelta):
        return write_duration(python)
    if isinstance(python, datetime):
        return f"{python.day} {python:%B} {python.year}, {python:%H:%M}"
    if isinstance(python, date):
        return f"{python.day} {python:%B} {python.year}"
    if isinstance(python, time):
        return _clock_like("1 pm", datetime.combine(date(2000, 1, 1), python))
    number = _number(python) if not isinstance(python, str) else None
    unit = canonical_unit(unit)
    if number is None or unit is None:
        return str(value)
    digits = str(value).strip()
    if unit == "fraction":
        return f"{_plain(number * 100)}%"
    if unit in _CURRENCY_SIGNS:
        cents = digits.partition(".")[2]
        if len(cents) == 1 and cents.isdigit():  # a store may drop a zero: 12.50 -> "12.5"
            digits += "0"
        return f"{_CURRENCY_SIGNS[unit]}{digits}"
    if unit in _TIGHT_UNITS:
        return f"{digits}{unit}"
    if number != 1 and unit.isalpha() and unit.islower() and len(unit) > 2:
        unit = plural(unit)  # "21 years", not "21 year"
    return f"{digits} {unit}"


def _plain(number: Decimal) -> str:
    text = f"{number:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def format_like(stated: str, value: Node, fallback: str) -> str:
    """``value`` written the way the reply wrote the wrong one: "$6 million" with a KB value of
    4850000 becomes "$4.85 million"; "3 March 2018" with 2019-09-16 becomes "16 September 2019";
    at the stated granularity, "in May 2024" with 2024-07-02 becomes "July 2024", "Q4 2024" with
    "2024-Q3" becomes "Q3 2024", "on Tuesday" with 2026-11-26 becomes "Thursday", "at 3 pm" with
    13:00 becomes "1 pm". Other values come back as ``fallback`` (the KB's label)."""
    if not isinstance(value, Literal):
        return fallback
    if isinstance(value.toPython(), timedelta):
        return write_duration(value.toPython(), stated)
    interval = interval_of_literal(value)
    if interval is not None:
        shown = _date_like(stated, interval)
        if shown is not None:
            return shown
    python = value.toPython()
    if isinstance(python, datetime):
        python = python.date()
    if isinstance(python, date):
        text = stated.strip()
        if _ISO.match(text):
            return python.isoformat()
        year = _YEAR.match(text)
        if year is not None:  # "2041" alone: the year, not a whole date
            return stated.replace(year.group(1), str(python.year), 1)
        if _MONTH_FIRST.match(text):
            return f"{python:%B} {python.day}, {python.year}"
        return f"{python.day} {python:%B} {python.year}"
    number = _number(python)
    found = _STATED_NUMBER.search(stated)
    if number is None or found is None:
        return fallback
    # only the number changes: currency, scale word, unit and percent stay as the reply wrote them
    scale = found.group("scale")
    scaled = number / _SCALES[scale] if scale else number
    stated_digits = found.group("num")
    places = len(stated_digits.partition(".")[2])
    if scale:  # "$1.25M": at most two decimals of the scale
        digits = f"{scaled:,.2f}" if "," in stated_digits else f"{scaled:.2f}"
        digits = digits.rstrip("0").rstrip(".") if "." in digits else digits
    else:
        digits = _plain(scaled)
        if "," in stated_digits:
            whole, _, frac = digits.partition(".")
            digits = f"{int(whole):,}" + (f".{frac}" if frac else "")
    # "$9.50" -> "$7.60": money keeps the cents the reply wrote, when the value needs no more
    own = len(digits.partition(".")[2])
    if _MONEY.search(stated) and not scale:
        if places > own:
            digits = (digits if own else digits + ".") + "0" * (places - own)
        elif own == 1:  # "$25" -> "$12.50": an amount with cents has two of them
            digits += "0"
    return stated[: found.start("num")] + digits + stated[found.end("num") :]


def _date_like(stated: str, held: Interval) -> str | None:
    """``held`` written at the granularity and in the style of the expression in ``stated``;
    the words around the expression stay ("in May 2024" -> "in July 2024")."""
    found = _RECOGNIZER.find(stated)
    if len(found) != 1 or found[0].parts:
        return None
    expr = found[0]
    if expr.clock is not None and (not held.has_date or held.granularity == Granularity.DAY):
        # "Friday at 1 pm" with a day, or with a time: only that part changes
        span, text = expr.part(time=not held.has_date)
        shown = _date_like(text, held)
    else:
        span, shown = expr.span, _expression_like(expr, held)
    if shown is None:
        return None
    return stated[: span.start] + shown + stated[span.end :]


def _expression_like(expr: TemporalExpression, held: Interval) -> str | None:
    s = held.start
    text = expr.text
    if expr.has_time and not expr.has_date:
        if held.granularity > Granularity.HOUR:
            return None
        return _clock_like(expr.text, s)
    if not held.has_date:
        return None
    stated_fields = expr.stated
    if expr.relative or held.granularity > expr.granularity:
        return None
    if stated_fields == frozenset({"weekday"}):
        return WEEKDAYS[s.weekday()]
    if stated_fields == frozenset({"day"}):
        return f"the {_ordinal(s.day)}"
    match expr.granularity:
        case Granularity.YEAR if not expr.fiscal:
            return str(s.year)
        case Granularity.QUARTER if not expr.fiscal:
            return f"Q{(s.month - 1) // 3 + 1} {s.year}"
        case Granularity.MONTH:
            return f"{s:%B} {s.year}" if "year" in stated_fields else f"{s:%B}"
        case Granularity.DAY if "year" not in stated_fields and not expr.has_time:
            shown = f"{s:%B} {s.day}" if _MONTH_FIRST.match(text) else f"{s.day} {s:%B}"
            weekday = _WEEKDAY_FIRST.match(text)
            if weekday is None:
                return shown
            # "Friday 11 December" -> "Thursday 10 December": the weekday goes with the date
            return (
                WEEKDAYS[s.weekday()]
                + text[weekday.end() : weekday.end() + 2].rstrip("0123456789 ")
                + " "
                + shown
            )
        case Granularity.DAY if not expr.has_time:
            return _day_like(expr, s)
    return None


def _day_like(expr: TemporalExpression, day: datetime) -> str:
    """A whole date written like ``expr``: ISO, numeric in the stated order, or in words."""
    text = expr.text
    if _ISO.match(text):
        return day.date().isoformat()
    numeric = _NUMERIC_DATE.search(text)
    if numeric is not None and expr.start is not None:
        sep, first = numeric.group("sep"), int(numeric.group("first"))
        a, b = (day.month, day.day) if first == expr.start.month else (day.day, day.month)
        return f"{a}{sep}{b}{sep}{day.year}"
    if _MONTH_FIRST.match(text):
        return f"{day:%B} {day.day}, {day.year}"
    return f"{day.day} {day:%B} {day.year}"


def _clock_like(stated: str, moment: datetime) -> str:
    """13:00 written like "3 pm", "3pm", "3:30 p.m." or "15:00"."""
    lowered = stated.lower()
    if "m" not in lowered:
        return f"{moment:%H:%M}"
    hour = moment.hour % 12 or 12
    marker = "pm" if moment.hour >= 12 else "am"
    if "." in lowered:
        marker = f"{marker[0]}.m."
    if stated[-2:].isupper():
        marker = marker.upper()
    clock = f"{hour}:{moment.minute:02d}" if ":" in stated or moment.minute else str(hour)
    space = " " if re.search(r"\d\s+[apAP]", stated) else ""
    return f"{clock}{space}{marker}"


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"
