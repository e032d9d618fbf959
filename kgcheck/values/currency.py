"""Which currency a reply's bare dollar is.

"$75" and "75 dollars" name a dollar without saying whose: a driving school in Melbourne
means Australian dollars, a hotel in Toronto Canadian ones. A reply's bare dollar is read as
the one dollar currency its knowledge base (with the tool results of the conversation) keeps
amounts in; where it keeps none, or several, as US dollars. "US$75", "USD 75" and "75 US
dollars" stay US dollars. The dollar currencies are the ISO 4217 currencies Unicode CLDR
names dollars (Babel's locale data), not a hand list.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from babel.numbers import get_currency_name, list_currencies

#: The currency a bare dollar is read as where the knowledge base says no other.
DEFAULT_DOLLAR = "USD"


@cache
def dollar_currencies() -> frozenset[str]:
    """The ISO 4217 codes of the currencies called dollars (USD, AUD, CAD, NZD, SGD, ...)."""
    return frozenset(
        code
        for code in list_currencies()
        if "dollar" in get_currency_name(code, locale="en").lower()
    )


def bare_dollar(units: Iterable[str | None]) -> str:
    """The currency a bare "$" means among the units a knowledge base keeps values in: its one
    dollar currency, else :data:`DEFAULT_DOLLAR`."""
    dollars = {u for u in units if u is not None and u in dollar_currencies()}
    return dollars.pop() if len(dollars) == 1 else DEFAULT_DOLLAR
