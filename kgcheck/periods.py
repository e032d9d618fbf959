"""Calendar intervals with a granularity: what temporal expressions and KB date literals become.

A stated date and a KB literal are compared as intervals: "in March 2025" is the month
``[2025-03-01, 2025-04-01)`` and agrees with the KB's ``2025-03-14`` because one contains the
other. Half-open intervals of naive datetimes (the wall-clock time of the reference time).

Usage::

    interval_of_literal(Literal("2025-03", datatype=XSD.gYearMonth))   # March 2025, month
    parse_period("2025-Q2")                                            # April to June 2025
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import IntEnum

from rdflib import Literal
from rdflib.term import Node

__all__ = [
    "Granularity",
    "Interval",
    "add_months",
    "day_interval",
    "decade_interval",
    "fiscal_year_interval",
    "half_interval",
    "interval_of_literal",
    "month_interval",
    "parse_period",
    "quarter_interval",
    "spanning",
    "year_interval",
]

_XSD = "http://www.w3.org/2001/XMLSchema#"


class Granularity(IntEnum):
    """How precise an interval is, finest first (so that ``<`` means finer)."""

    SECOND = 0
    MINUTE = 1
    HOUR = 2
    DAY = 3
    WEEK = 4
    MONTH = 5
    QUARTER = 6
    HALF = 7
    YEAR = 8
    DECADE = 9
    CENTURY = 10

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Interval:
    """``[start, end)`` at ``granularity``; ``has_date`` is false for a time of day alone
    (an ``xsd:time`` literal), whose ``start`` then sits on 1 January of year 1."""

    start: datetime
    end: datetime
    granularity: Granularity
    has_date: bool = True

    def contains(self, other: Interval) -> bool:
        return self.start <= other.start and other.end <= self.end

    def overlaps(self, other: Interval) -> bool:
        return self.start < other.end and other.start < self.end

    def agrees(self, other: Interval) -> bool:
        """One interval contains the other: "2025" agrees with "2025-03-14" and the reverse."""
        if self.has_date != other.has_date:
            return True  # a time of day says nothing about a date, nor a date about a time
        return self.contains(other) or other.contains(self)

    def label(self) -> str:
        """The interval written at its granularity: ``2025-Q2``, ``2025-03``, ``2025-03-14``."""
        s = self.start
        if not self.has_date:
            return f"{s:%H:%M}"
        match self.granularity:
            case Granularity.CENTURY:
                return f"{s.year}s"
            case Granularity.DECADE:
                return f"{s.year}s"
            case Granularity.YEAR:
                return str(s.year) if self.end == add_months(s, 12) else self._range()
            case Granularity.HALF:
                return f"{s.year}-H{(s.month - 1) // 6 + 1}" if s.month in (1, 7) else self._range()
            case Granularity.QUARTER:
                return f"{s.year}-Q{(s.month - 1) // 3 + 1}" if s.month % 3 == 1 else self._range()
            case Granularity.MONTH:
                return f"{s:%Y-%m}" if self.end == add_months(s, 1) else self._range()
            case Granularity.WEEK | Granularity.DAY:
                return s.date().isoformat() if self.end - s == timedelta(days=1) else self._range()
            case _:
                return f"{s:%Y-%m-%dT%H:%M}"

    def _range(self) -> str:
        last = self.end - timedelta(microseconds=1)
        if self.granularity >= Granularity.MONTH:
            return f"{self.start:%Y-%m}/{last:%Y-%m}"
        return f"{self.start.date().isoformat()}/{last.date().isoformat()}"


def add_months(moment: datetime, months: int) -> datetime:
    """``moment`` moved by whole months, on the first of the month (``moment`` is one)."""
    index = moment.year * 12 + moment.month - 1 + months
    return moment.replace(year=index // 12, month=index % 12 + 1, day=1)


def day_interval(day: date) -> Interval:
    start = datetime.combine(day, time())
    # the last day of the calendar (9999-12-31) ends at the last moment there is
    end = start + timedelta(days=1) if start.date() < date.max else datetime.max
    return Interval(start, end, Granularity.DAY)


def month_interval(year: int, month: int) -> Interval:
    start = datetime(year, month, 1)
    return Interval(start, add_months(start, 1), Granularity.MONTH)


def year_interval(year: int) -> Interval:
    return Interval(datetime(year, 1, 1), datetime(year + 1, 1, 1), Granularity.YEAR)


def spanning(first: Interval, last: Interval) -> Interval:
    """From the start of ``first`` to the end of ``last``, as precise as the calendar unit it
    fills: September 1 to September 30 is the month of September, January 1 to December 31
    a year; any other stretch of days is as precise as its ends."""
    start, end = first.start, last.end
    if start.day == 1 and start.time() == time() and end == add_months(start, 1):
        return Interval(start, end, Granularity.MONTH)
    if (
        (start.month, start.day) == (1, 1)
        and start.time() == time()
        and end == start.replace(year=start.year + 1)
    ):
        return Interval(start, end, Granularity.YEAR)
    return Interval(start, end, min(first.granularity, last.granularity))


def fiscal_year_interval(year: int, start_month: int = 1) -> Interval:
    """Fiscal year ``year``, named by the calendar year it ends in (FY2025 from October 2024
    when ``start_month`` is 10)."""
    first = datetime(year if start_month == 1 else year - 1, start_month, 1)
    return Interval(first, add_months(first, 12), Granularity.YEAR)


def quarter_interval(year: int, quarter: int, start_month: int = 1) -> Interval:
    """Quarter ``quarter`` (1-4) of (fiscal) year ``year``."""
    first = add_months(fiscal_year_interval(year, start_month).start, 3 * (quarter - 1))
    return Interval(first, add_months(first, 3), Granularity.QUARTER)


def half_interval(year: int, half: int, start_month: int = 1) -> Interval:
    first = add_months(fiscal_year_interval(year, start_month).start, 6 * (half - 1))
    return Interval(first, add_months(first, 6), Granularity.HALF)


def decade_interval(first_year: int, *, century: bool = False) -> Interval:
    span = 100 if century else 10
    return Interval(
        datetime(first_year, 1, 1),
        datetime(first_year + span, 1, 1),
        Granularity.CENTURY if century else Granularity.DECADE,
    )


_PERIOD = re.compile(
    r"^(?P<year>\d{4})(?:"
    r"-?(?P<qh>[QH])(?P<n>\d)"
    r"|-(?P<month>\d{2})(?:-(?P<day>\d{2})(?:[T ](?P<hour>\d{2}):(?P<minute>\d{2}).*)?)?"
    r")?$"
)


def parse_period(text: str) -> Interval | None:
    """A period written as in ``kgc:period``: ``2025``, ``2025-Q2``, ``2025-H1``, ``2025-03``,
    ``2025-03-14`` or ``2025-03-14T10:00``; ``None`` when it is none of these or no date."""
    m = _PERIOD.match(text.strip())
    if m is None:
        return None
    year = int(m.group("year"))
    try:
        if m.group("qh") == "Q" and 1 <= int(m.group("n")) <= 4:
            return quarter_interval(year, int(m.group("n")))
        if m.group("qh") == "H" and 1 <= int(m.group("n")) <= 2:
            return half_interval(year, int(m.group("n")))
        if m.group("qh"):
            return None
        if m.group("hour") is not None:
            start = datetime(
                year,
                int(m.group("month")),
                int(m.group("day")),
                int(m.group("hour")),
                int(m.group("minute")),
            )
            return Interval(start, start + timedelta(minutes=1), Granularity.MINUTE)
        if m.group("day") is not None:
            return day_interval(date(year, int(m.group("month")), int(m.group("day"))))
        if m.group("month") is not None:
            return month_interval(year, int(m.group("month")))
        return year_interval(year)
    except (ValueError, OverflowError):  # not a date, or its end is past 9999-12-31
        return None


def interval_of_literal(node: Node) -> Interval | None:
    """The interval a KB literal denotes: ``xsd:date`` a day, ``xsd:dateTime`` a minute,
    ``xsd:gYear`` a year, ``xsd:gYearMonth`` a month, ``xsd:time`` a time of day, and a plain
    string in one of the forms of :func:`parse_period`; ``None`` for anything else."""
    if not isinstance(node, Literal):
        return None
    try:
        return _interval_of_literal(node)
    except (ValueError, OverflowError):  # a literal at the end of the calendar (9999-12-31)
        return None


def _interval_of_literal(node: Literal) -> Interval | None:
    datatype = str(node.datatype) if node.datatype is not None else None
    value = node.toPython()
    if isinstance(value, datetime):
        start = value.replace(tzinfo=None, second=0, microsecond=0)
        return Interval(start, start + timedelta(minutes=1), Granularity.MINUTE)
    if isinstance(value, date):
        return day_interval(value)
    if isinstance(value, time):
        start = datetime(1, 1, 1, value.hour, value.minute)
        return Interval(start, start + timedelta(minutes=1), Granularity.MINUTE, has_date=False)
    if datatype in {None, _XSD + "string", _XSD + "gYear", _XSD + "gYearMonth"}:
        return parse_period(str(node))
    return None
