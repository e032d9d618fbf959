"""Literal objects parsed by the range of their property: numbers, dates and strings."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from kgcheck.config import TemporalConfig
from kgcheck.periods import Granularity, Interval, parse_period
from kgcheck.values.addresses import STREET_ADDRESS
from kgcheck.values.durations import DURATION_TYPES, parse_duration
from kgcheck.values.temporal import TemporalRecognizer

__all__ = [
    "DATE_TYPES",
    "NUMERIC_TYPES",
    "TIME_TYPE",
    "parse_clock",
    "parse_date",
    "parse_literal",
    "parse_number",
]

XSD = "http://www.w3.org/2001/XMLSchema#"
NUMERIC_TYPES = frozenset(
    XSD + t
    for t in (
        "integer", "decimal", "double", "float", "int", "long", "short", "nonNegativeInteger",
        "positiveInteger", "negativeInteger", "nonPositiveInteger", "unsignedInt",
    )
)  # fmt: skip
DATE_TYPES = frozenset({XSD + "date", XSD + "dateTime", XSD + "gYear", XSD + "gYearMonth"})
TIME_TYPE = XSD + "time"

#: A number; not the digits of a code glued to a letter ("F7", "A4", "C14").
_NUMBER = re.compile(
    r"(?<![A-Za-z\d])(?P<sign>[-−])?(?P<cur>[$€£])?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s?(?P<scale>k|K|m|M|bn|B|thousand|million|billion|percent|%)?\b"
)
_SCALES = {
    "k": 1_000, "K": 1_000, "thousand": 1_000, "m": 1_000_000, "M": 1_000_000,
    "million": 1_000_000, "bn": 1_000_000_000, "B": 1_000_000_000, "billion": 1_000_000_000,
}  # fmt: skip
_RECOGNIZER = TemporalRecognizer()


@lru_cache(maxsize=16)
def _recognizer_of(date_order: str, fiscal_year_start: int) -> TemporalRecognizer:
    return TemporalRecognizer(
        TemporalConfig.model_validate(
            {"date_order": date_order, "fiscal_year_start": fiscal_year_start}
        )
    )


def _recognizer_for(config: TemporalConfig) -> TemporalRecognizer:
    return _recognizer_of(config.date_order, config.fiscal_year_start)


def parse_number(text: str) -> Decimal | None:
    """The first number in ``text``: ``"$1.2M"`` -> 1200000, ``"4,850,000"`` -> 4850000."""
    m = _NUMBER.search(text)
    if m is None:
        return None
    try:
        value = Decimal(m.group("num").replace(",", ""))
    except InvalidOperation:
        return None
    scale = m.group("scale")
    if scale in _SCALES:
        value *= _SCALES[scale]
    if m.group("sign"):
        value = -value
    return value


def parse_date(
    text: str,
    now: datetime | None = None,
    *,
    languages: Sequence[str] = ("en",),
    recognizer: TemporalRecognizer | None = None,
    before: str = "",
) -> date | Interval | None:
    """The date or period ``text`` states: a ``date`` for a day ("2 March 2015", "yesterday"),
    an :class:`~kgcheck.periods.Interval` for a longer period ("March 2025", "Q3 2024", "the
    1990s"); ``None`` for no date or an impossible one ("30 February 2025").

    kgcheck's own recognisers come first (``recognizer``, default month-first); ``dateparser``
    reads what they do not know, in ``languages`` only (its language detection is slow).
    ``before`` is the text of the reply before ``text``: a day of the month alone takes the
    month a date there names ("starts on Monday 21 September and finishes on Friday the 25th").
    """
    period = parse_period(text)
    if period is not None:  # "2006", "2024-Q3", "2025-03" standing alone
        return period.start.date() if period.granularity <= Granularity.DAY else period
    recognizer = recognizer or _RECOGNIZER
    found = recognizer.find(text, now)
    if before:
        # read with the text before it only where that names a month ("Friday the 25th"
        # after "Monday 21 September"); what reaches into ``text`` is its date
        around = recognizer.find(before + text, now)
        if any(e.span.end <= len(before) and "month" in e.stated for e in around):
            found = [e for e in around if e.span.end > len(before)]
    if found:
        expr = max(found, key=lambda e: e.span.end - e.span.start)
        interval = expr.interval
        if expr.error is not None or interval is None or not expr.has_date:
            return None
        if expr.granularity <= Granularity.DAY and not expr.parts:
            return interval.start.date()
        return interval
    import dateparser

    settings: dict[str, Any] = {"PREFER_DAY_OF_MONTH": "first", "RETURN_AS_TIMEZONE_AWARE": False}
    if now is not None:
        settings["RELATIVE_BASE"] = now.replace(tzinfo=None)
    try:
        parsed = dateparser.parse(text, languages=list(languages), settings=settings)
    except (ValueError, OverflowError):  # a date past the calendar's range
        return None
    return parsed.date() if parsed is not None else None


def parse_clock(text: str) -> time | None:
    """The time of day ``text`` states ("5PM", "at 17:30", "Friday at noon"), else ``None``."""
    for expr in _RECOGNIZER.find(text):
        if expr.has_time and expr.start is not None and expr.error is None:
            return expr.start.time()
    return None


def parse_literal(
    text: str,
    datatype: str | None,
    now: datetime | None = None,
    *,
    temporal: TemporalConfig | None = None,
    before: str = "",
) -> Any:
    """The value of ``text`` read as ``datatype`` (an XSD IRI); ``None`` when it is not one.

    ``temporal`` says how to read dates: day/month order, fiscal year, dateparser's languages.
    """
    text = text.strip()
    if not text:
        return None
    if datatype in NUMERIC_TYPES:
        if STREET_ADDRESS.match(text):
            return None  # "is at 5 Boscawen Street": a house number, no value of a number
        return parse_number(text)
    if datatype in DATE_TYPES:
        if temporal is None:
            return parse_date(text, now, before=before)
        return parse_date(
            text,
            now,
            languages=temporal.languages,
            recognizer=_recognizer_for(temporal),
            before=before,
        )
    if datatype == TIME_TYPE:
        return parse_clock(text)
    if datatype in DURATION_TYPES:
        return parse_duration(text)
    if datatype == XSD + "boolean":
        lowered = text.lower()
        return True if lowered in {"true", "yes"} else False if lowered in {"false", "no"} else None
    return text
