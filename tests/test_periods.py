"""Calendar intervals: periods written as in ``kgc:period``, KB date literals, agreement."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest
from rdflib import XSD, Literal

from kgcheck.periods import (
    Granularity,
    Interval,
    day_interval,
    interval_of_literal,
    month_interval,
    parse_period,
    quarter_interval,
)


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity"),
    [
        ("2025", datetime(2025, 1, 1), datetime(2026, 1, 1), Granularity.YEAR),
        ("2025-Q2", datetime(2025, 4, 1), datetime(2025, 7, 1), Granularity.QUARTER),
        ("2025Q4", datetime(2025, 10, 1), datetime(2026, 1, 1), Granularity.QUARTER),
        ("2025-H2", datetime(2025, 7, 1), datetime(2026, 1, 1), Granularity.HALF),
        ("2025-03", datetime(2025, 3, 1), datetime(2025, 4, 1), Granularity.MONTH),
        ("2025-03-14", datetime(2025, 3, 14), datetime(2025, 3, 15), Granularity.DAY),
        ("2025-03-14T10:30", datetime(2025, 3, 14, 10, 30), datetime(2025, 3, 14, 10, 31),
         Granularity.MINUTE),
    ],
)  # fmt: skip
def test_periods_parse_period(
    text: str, start: datetime, end: datetime, granularity: Granularity
) -> None:
    assert parse_period(text) == Interval(start, end, granularity)


@pytest.mark.parametrize("text", ["2025-Q5", "2025-13", "2025-02-30", "Q2", "soon", ""])
def test_periods_parse_period_rejects_non_periods(text: str) -> None:
    assert parse_period(text) is None


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        (Literal(date(2025, 3, 14)), day_interval(date(2025, 3, 14))),
        (Literal("2025", datatype=XSD.gYear), parse_period("2025")),
        (Literal("2025-03", datatype=XSD.gYearMonth), month_interval(2025, 3)),
        (Literal("2025-Q2"), quarter_interval(2025, 2)),
        (Literal(datetime(2025, 3, 14, 10, 30)), parse_period("2025-03-14T10:30")),
    ],
)
def test_periods_interval_of_literal(literal: Literal, expected: Interval) -> None:
    assert interval_of_literal(literal) == expected


def test_periods_time_of_day_has_no_date() -> None:
    held = interval_of_literal(Literal(time(13, 0)))
    assert held is not None and not held.has_date and held.start.hour == 13


def test_periods_not_a_date_is_none() -> None:
    assert interval_of_literal(Literal(42)) is None
    assert interval_of_literal(Literal("Cardiology")) is None


@pytest.mark.parametrize(
    ("a", "b", "agreed"),
    [
        (month_interval(2025, 3), day_interval(date(2025, 3, 14)), True),
        (day_interval(date(2025, 3, 14)), month_interval(2025, 3), True),
        (month_interval(2025, 3), day_interval(date(2025, 4, 1)), False),
        (quarter_interval(2024, 3), quarter_interval(2024, 4), False),
    ],
)
def test_periods_agree_when_one_contains_the_other(a: Interval, b: Interval, agreed: bool) -> None:
    assert a.agrees(b) is agreed


@pytest.mark.parametrize(
    ("interval", "label"),
    [
        (quarter_interval(2024, 3), "2024-Q3"),
        (month_interval(2025, 3), "2025-03"),
        (day_interval(date(2025, 3, 14)), "2025-03-14"),
        (parse_period("2025"), "2025"),
        (quarter_interval(2025, 1, start_month=11), "2024-11/2025-01"),
    ],
)
def test_periods_label(interval: Interval | None, label: str) -> None:
    assert interval is not None and interval.label() == label


def test_day_interval_of_the_last_day_of_the_calendar_does_not_overflow() -> None:
    # 9999-12-31 + 1 day overflowed while a corrected reply was checked again
    from datetime import date, datetime

    from kgcheck.periods import day_interval

    last = day_interval(date.max)
    assert last.start == datetime(9999, 12, 31) and last.end == datetime.max
