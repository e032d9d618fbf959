"""Which currency a reply's bare dollar is (the knowledge base's own), and the other
currencies a knowledge base keeps amounts in, written with their CLDR signs and names."""

from __future__ import annotations

import pytest

from kgcheck.values.currency import (
    DEFAULT_DOLLAR,
    bare_dollar,
    currency_forms,
    dollar_currencies,
)
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


def test_a_currencys_signs_and_names_come_from_cldr() -> None:
    signs, words = currency_forms("ZAR")
    assert {"R", "ZAR"} <= signs
    assert "rand" in words
    signs, words = currency_forms("CAD")
    assert "CA$" in signs and "$" not in signs  # a bare dollar is bare_dollar's to read
    assert not words


@pytest.mark.parametrize(
    ("text", "written", "value"),
    [
        ("The Reserve Tasting is R350 per person.", "R350", "350"),
        ("Tickets are R1,250 each.", "R1,250", "1250"),
        ("A case is R 2,400 delivered.", "R 2,400", "2400"),
        ("That comes to 480 rand.", "480 rand", "480"),
        ("The invoice says ZAR 1,100.", "ZAR 1,100", "1100"),
    ],
)
def test_amounts_in_a_currency_the_kb_keeps_are_read_in_its_signs_and_names(
    text: str, written: str, value: str
) -> None:
    # a wine estate in Stellenbosch priced in rand: "R350" was no amount at all, and a
    # wrong price of its tastings went unseen
    (q,) = QuantityRecognizer(currencies=["ZAR"]).find(text)
    assert (q.text, str(q.value), q.currency) == (written, value, "ZAR")


@pytest.mark.parametrize(
    ("currencies", "text"),
    [
        ((), "The Reserve Tasting is R350 per person."),  # the KB keeps no rand
        (("ZAR",), "Your room is BR150."),  # a sign inside a word
        (("ZAR",), "Ask for the R2D2 model."),
    ],
)
def test_a_currency_sign_of_letters_is_a_letter_elsewhere(
    currencies: tuple[str, ...], text: str
) -> None:
    found = QuantityRecognizer(currencies=currencies).find(text)
    assert not [q for q in found if q.currency is not None]
