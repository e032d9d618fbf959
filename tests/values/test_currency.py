"""Which currency a reply's bare dollar is: the knowledge base's own."""

from __future__ import annotations

import pytest

from kgcheck.values.currency import DEFAULT_DOLLAR, bare_dollar, dollar_currencies
from kgcheck.values.quantities import QuantityRecognizer


def test_the_dollar_currencies_come_from_cldr() -> None:
    assert {"USD", "AUD", "CAD", "NZD", "SGD", "HKD"} <= dollar_currencies()
    assert not {"EUR", "GBP", "JPY"} & dollar_currencies()


@pytest.mark.parametrize(
    ("units", "dollar"),
    [
        (["AUD", "km", "%"], "AUD"),  # a KB that prices in Australian dollars
        (["GBP", "kg"], DEFAULT_DOLLAR),  # no dollar at all
        (["CAD", "AUD"], DEFAULT_DOLLAR),  # two: which one "$" is, is not known
        ([], DEFAULT_DOLLAR),
    ],
)
def test_a_bare_dollar_is_the_one_dollar_the_kb_holds(units: list[str], dollar: str) -> None:
    assert bare_dollar(units) == dollar


@pytest.mark.parametrize(
    ("text", "currency"),
    [
        ("a lesson is $75", "AUD"),
        ("seventy-five dollars", "AUD"),
        ("it costs 75 bucks", "AUD"),
        ("US$75 by card", "USD"),
        ("75 US dollars", "USD"),
        ("USD 75", "USD"),
        ("€75", "EUR"),
    ],
)
def test_the_recogniser_reads_a_bare_dollar_as_it_is_told(text: str, currency: str) -> None:
    (q,) = QuantityRecognizer(dollar="AUD").find(text)
    assert q.currency == currency
