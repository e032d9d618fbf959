"""Comparing a stated value with a KB value: entities, numbers, dates and strings."""

from __future__ import annotations

from datetime import date, time
from decimal import Decimal
from typing import Any

import pytest
from rdflib import XSD, BNode, Literal, URIRef

from kgcheck.kb.values import format_like, matches, relative_difference, within_tolerance, written
from kgcheck.periods import month_interval, parse_period

CARDIO = URIRef("https://example.org/acme#cardiology")
BUDGET = Literal(Decimal("4850000.00"), datatype=XSD.decimal)


@pytest.mark.parametrize(
    ("stated", "stated_iri", "kb_value", "tolerance", "agrees"),
    [
        # entities agree by IRI only
        ("Cardiology", str(CARDIO), CARDIO, 0.0, True),
        ("Cardiology", None, CARDIO, 0.0, False),
        ("Cardiology", "https://example.org/acme#oncology", CARDIO, 0.0, False),
        # strings after normalisation of case and spacing
        ("C-310", None, Literal("C-310"), 0.0, True),
        ("C-311", None, Literal("C-310"), 0.0, False),
        (
            "Amira.Patel@AcmeHealth.example",
            None,
            Literal("amira.patel@acmehealth.example"),
            0.0,
            True,
        ),
        ("amira.p@acmehealth.example", None, Literal("amira.patel@acmehealth.example"), 0.0, False),
        ("Chief  of Cardiology", None, Literal("Chief of Cardiology"), 0.0, True),
        # digit strings digit by digit
        ("4412", None, Literal("4412"), 0.0, True),
        ("4413", None, Literal("4412"), 0.0, False),
        ("(555) 123-4567", None, Literal("555-123-4567"), 0.0, True),
        ("555 123 4568", None, Literal("555-123-4567"), 0.0, False),
        # numbers within the relative tolerance
        (Decimal("3"), None, Literal(3), 0.0, True),
        (Decimal("4"), None, Literal(3), 0.0, False),
        (Decimal("4850000"), None, BUDGET, 0.0, True),
        (Decimal("5000000"), None, BUDGET, 0.0, False),
        (Decimal("5000000"), None, BUDGET, 0.05, True),  # 3.1 % off
        (Decimal("5200000"), None, BUDGET, 0.05, False),  # 7.2 % off
        (Decimal("0"), None, Literal(0), 0.0, True),
        (Decimal("1"), None, Literal(0), 0.5, False),
        # dates exactly
        (date(2015, 3, 2), None, Literal(date(2015, 3, 2)), 0.0, True),
        (date(2015, 3, 3), None, Literal(date(2015, 3, 2)), 0.0, False),
        # anything else
        ("x", None, BNode(), 0.0, False),
    ],
)
def test_values_matches_by_datatype(
    stated: Any, stated_iri: str | None, kb_value: Any, tolerance: float, agrees: bool
) -> None:
    assert matches(stated, stated_iri, kb_value, tolerance=tolerance) is agrees


def test_values_number_against_a_string_literal_compares_text() -> None:
    assert matches(Decimal("4412"), None, Literal("4412"))
    assert not matches(Decimal("4413"), None, Literal("4412"))


@pytest.mark.parametrize(
    ("stated", "kb_value", "written"),
    [
        ("$6 million", BUDGET, "$4.85 million"),
        ("$6M", BUDGET, "$4.85M"),
        ("6,000,000 dollars", BUDGET, "4,850,000 dollars"),
        ("6000000", BUDGET, "4850000"),
        ("12.5%", Literal(Decimal("11.0"), datatype=XSD.decimal), "11%"),
        ("3 March 2018", Literal(date(2019, 9, 16)), "16 September 2019"),
        ("March 3, 2018", Literal(date(2019, 9, 16)), "September 16, 2019"),
        ("2018-03-03", Literal(date(2019, 9, 16)), "2019-09-16"),
        ("Oncology", CARDIO, "Cardiology"),
        # money keeps its cents ("$7.60" was written "$7.6")
        ("$9.50", Literal(Decimal("7.6"), datatype=XSD.decimal), "$7.60"),
        # an amount with cents has two of them, however the reply wrote its own
        ("$12", Literal(Decimal("9.5"), datatype=XSD.decimal), "$9.50"),
        # a bare year stays a year ("in 2041" became "in 30 November 2019")
        ("2041", Literal(date(2019, 11, 30)), "2019"),
        ("in 2041", Literal(date(2019, 11, 30)), "in 2019"),
        ("on 3 May 2008", Literal(date(2008, 4, 2)), "on 2 April 2008"),
        ("on 2008-05-03", Literal(date(2008, 4, 2)), "on 2008-04-02"),
        ("on 5/3/2008", Literal(date(2008, 4, 2)), "on 4/2/2008"),
    ],
)
def test_format_like_writes_the_kb_value_as_the_reply_wrote_its_own(
    stated: str, kb_value: Any, written: str
) -> None:
    assert format_like(stated, kb_value, fallback="Cardiology") == written


@pytest.mark.parametrize(
    ("stated", "kb_value", "agrees"),
    [
        # dates at the coarser granularity of the two
        (month_interval(2025, 3), Literal(date(2025, 3, 14)), True),
        (month_interval(2025, 3), Literal(date(2025, 4, 14)), False),
        (date(2025, 3, 14), Literal("2025", datatype=XSD.gYear), True),
        (date(2025, 3, 14), Literal("2024", datatype=XSD.gYear), False),
        (date(2025, 3, 14), Literal("2025-03", datatype=XSD.gYearMonth), True),
        (parse_period("2024-Q3"), Literal(date(2024, 8, 1)), True),
        (parse_period("2024-Q3"), Literal(date(2024, 10, 1)), False),
    ],
)
def test_values_matches_dates_at_the_stated_granularity(
    stated: Any, kb_value: Literal, agrees: bool
) -> None:
    assert matches(stated, None, kb_value) is agrees


@pytest.mark.parametrize(
    ("stated", "expected", "tolerance", "bound", "within"),
    [
        ("1250000", "1200000", 0.05, None, True),  # 4.2 %
        ("1500000", "1200000", 0.05, None, False),  # 25 %
        ("1000000", "1200000", 0.0, "min", True),  # "more than $1M"
        ("1000000", "1200000", 0.0, "max", False),  # "less than $1M"
        ("0", "0", 0.0, None, True),
    ],
)
def test_values_within_tolerance(
    stated: str, expected: str, tolerance: float, bound: str | None, within: bool
) -> None:
    assert within_tolerance(Decimal(stated), Decimal(expected), tolerance, bound) is within


def test_values_relative_difference() -> None:
    assert relative_difference(Decimal("1500000"), Decimal("1200000")) == pytest.approx(0.25)
    assert relative_difference(Decimal(1), Decimal(0)) is None


@pytest.mark.parametrize(
    ("stated", "kb_value", "written"),
    [
        ("in May 2024", Literal(date(2024, 7, 2)), "in July 2024"),
        ("Q4 2024", Literal("2024-Q3"), "Q3 2024"),
        ("2021", Literal("2023", datatype=XSD.gYear), "2023"),
        ("on Tuesday", Literal(date(2026, 11, 26)), "on Thursday"),
        ("the 14th", Literal(date(2026, 11, 3)), "the 3rd"),
        ("at 3 pm", Literal(time(13, 0)), "at 1 pm"),
        ("3pm", Literal(time(9, 30)), "9:30am"),
        ("15:00", Literal(time(9, 30)), "09:30"),
        ("March 3", Literal(date(2026, 7, 2)), "July 2"),
        # the weekday goes with the date it names
        ("Friday 11 December", Literal(date(2026, 12, 10)), "Thursday 10 December"),
        ("Friday, December 11", Literal(date(2026, 12, 10)), "Thursday, December 10"),
    ],
)
def test_format_like_dates_at_the_stated_granularity(
    stated: str, kb_value: Literal, written: str
) -> None:
    assert format_like(stated, kb_value, fallback="?") == written


@pytest.mark.parametrize(
    ("value", "unit", "shown"),
    [
        (Literal("12.00", datatype=XSD.decimal), "USD", "$12.00"),
        (Literal("7.60", datatype=XSD.decimal), "USD", "$7.60"),
        (Literal("48.5", datatype=XSD.decimal), "km", "48.5 km"),
        (Literal("0.85", datatype=XSD.decimal), "fraction", "85%"),
        (Literal("85", datatype=XSD.decimal), "%", "85%"),
        (Literal("1.25", datatype=XSD.decimal), "x", "1.25x"),
        (Literal("12.5", datatype=XSD.decimal), "USD", "$12.50"),  # cents in full
        (Literal("7.60", datatype=XSD.decimal), "USD", "$7.60"),
        (Literal(3), None, "3"),
        (Literal(date(2019, 11, 30)), None, "30 November 2019"),
        (Literal("Cardiology"), None, "Cardiology"),
    ],
)
def test_written_gives_a_kb_value_as_a_reply_writes_it(
    value: Literal, unit: str | None, shown: str
) -> None:
    assert written(value, unit) == shown


@pytest.mark.parametrize(
    ("stated", "kb_value", "shown"),
    [
        # only the wrong part of a day with a time changes
        ("Friday at 1 pm", Literal("2026-11-24", datatype=XSD.date), "Tuesday at 1 pm"),
        ("Friday at 1 pm", Literal("15:30:00", datatype=XSD.time), "Friday at 3:30 pm"),
        ("at 5pm on the 6th", Literal("2026-12-05", datatype=XSD.date), "at 5pm on the 5th"),
        ("5PM", Literal("14:00:00", datatype=XSD.time), "2PM"),
    ],
)
def test_format_like_a_day_with_a_time_keeps_the_part_that_was_right(
    stated: str, kb_value: Literal, shown: str
) -> None:
    assert format_like(stated, kb_value, "fallback") == shown


def test_values_times_of_day_agree_to_the_minute() -> None:
    five = Literal("17:00:00", datatype=XSD.time)
    assert matches(time(17, 0), None, five)
    assert not matches(time(16, 0), None, five)
    assert written(five) == "5 pm"


def test_a_telephone_number_agrees_without_its_country_code_and_in_any_grouping() -> None:
    assert matches("416-551-2800", None, Literal("+1 416-551-2800"))
    assert matches("(416) 551 2800", None, Literal("+1 416-551-2800"))
    assert not matches("416-551-2801", None, Literal("+1 416-551-2800"))
