"""Comparing a stated value with a KB value: entities, numbers, dates and strings."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from rdflib import XSD, BNode, Literal, URIRef

from kgcheck.kb.values import format_like, matches

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
    ],
)
def test_format_like_writes_the_kb_value_as_the_reply_wrote_its_own(
    stated: str, kb_value: Any, written: str
) -> None:
    assert format_like(stated, kb_value, fallback="Cardiology") == written
