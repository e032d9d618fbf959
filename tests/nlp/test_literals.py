"""Literal values read by the range of their property."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from decimal import Decimal

import pytest

from kgcheck.nlp.literals import XSD, parse_date, parse_literal, parse_number
from kgcheck.periods import decade_interval, month_interval, parse_period

NOW = datetime(2026, 11, 22, 10, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", Decimal(3)),
        ("4,850,000", Decimal(4850000)),
        ("$4.85 million", Decimal(4850000)),
        ("$1.2M", Decimal(1200000)),
        ("950k", Decimal(950000)),
        ("2 billion", Decimal(2000000000)),
        ("-5", Decimal(-5)),
        ("about 40 people", Decimal(40)),
        ("no digits", None),
    ],
)
def test_parse_number_reads_scales_and_separators(text: str, value: Decimal | None) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2015-03-02", date(2015, 3, 2)),
        ("March 2, 2015", date(2015, 3, 2)),
        ("2 March 2015", date(2015, 3, 2)),
        ("yesterday", date(2026, 11, 21)),  # relative to the reference time
        ("2015-13-45", None),
        ("not a date", None),
    ],
)
def test_parse_date_absolute_and_relative(text: str, value: date | None) -> None:
    assert parse_date(text, NOW) == value


@pytest.mark.parametrize(
    ("text", "datatype", "value"),
    [
        ("4412", XSD + "string", "4412"),
        ("  C-310 ", XSD + "string", "C-310"),
        ("3", XSD + "integer", Decimal(3)),
        ("2015-03-02", XSD + "date", date(2015, 3, 2)),
        ("yes", XSD + "boolean", True),
        ("no", XSD + "boolean", False),
        ("maybe", XSD + "boolean", None),
        ("", XSD + "string", None),
        ("anything", None, "anything"),
    ],
)
def test_parse_literal_by_datatype(text: str, datatype: str | None, value: object) -> None:
    assert parse_literal(text, datatype, NOW) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("March 2025", month_interval(2025, 3)),
        ("in 2035", parse_period("2035")),  # dateparser: 2035 with today's month
        ("2006", parse_period("2006")),
        ("Q3 2024", parse_period("2024-Q3")),  # dateparser: one day in August
        ("the 1990s", decade_interval(1990)),  # dateparser: some seconds ago
        ("30 February 2025", None),
        ("at 3pm", None),
    ],
)
def test_parse_date_periods_come_back_as_intervals(text: str, value: object) -> None:
    assert parse_date(text, NOW) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [("5PM", time(17, 0)), ("at 17:30", time(17, 30)), ("noon", time(12, 0)), ("soon", None)],
)
def test_literals_time_of_day_reads_a_clock(text: str, value: time | None) -> None:
    assert parse_literal(text, XSD + "time") == value


def test_a_street_address_is_no_number() -> None:
    # "the branch is at 5 Boscawen Street": the house number is no value of a rate that a
    # form "be at" names
    assert parse_literal("5 Boscawen Street, Truro", XSD + "decimal") is None
    assert parse_literal("4.05%", XSD + "decimal") == Decimal("4.05")
