"""Which currency a reply's bare dollar is, and how a reply writes the other currencies a
knowledge base keeps amounts in.

"$75" and "75 dollars" name a dollar without saying whose: a driving school in Melbourne
means Australian dollars, a hotel in Toronto Canadian ones. A reply's bare dollar is read as
the one dollar currency its knowledge base (with the tool results of the conversation) keeps
amounts in; where it keeps none, or several, as US dollars. "US$75", "USD 75" and "75 US
dollars" stay US dollars. The dollar currencies are the ISO 4217 currencies Unicode CLDR
names dollars (Babel's locale data), not a hand list.

Dollars, euros and pounds are read in any reply. A knowledge base that keeps amounts in another
currency (South African rand, Swiss francs) has its amounts written in that currency's signs
and names as Unicode CLDR gives them for English: "R150" and "150 rand" are ZAR, "CHF 40" and
"40 Swiss francs" CHF, "CA$30" CAD (:func:`currency_forms`). A sign such as "R" or "kr" is read
only where the KB keeps that currency: elsewhere it is a letter.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from babel.localedata import locale_identifiers
from babel.numbers import get_currency_name, get_currency_symbol, list_currencies

#: The currency a bare dollar is read as where the knowledge base says no other.
DEFAULT_DOLLAR = "USD"
#: The currencies every reply's amounts are read in, by their own signs and words.
BUILT_IN = frozenset({"USD", "EUR", "GBP"})


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


@cache
def _english_locales() -> tuple[str, ...]:
    return tuple(sorted(c for c in locale_identifiers() if c == "en" or c.startswith("en_")))


def is_iso_currency(code: str) -> bool:
    """Whether ``code`` is an ISO 4217 currency code Unicode CLDR knows ("ZAR", not "KG")."""
    return code in _iso_codes()


@cache
def _iso_codes() -> frozenset[str]:
    return frozenset(list_currencies())


@cache
def currency_forms(code: str) -> tuple[frozenset[str], frozenset[str]]:
    """How English text writes the currency ``code``: its signs (the ISO code and the CLDR
    symbols of the English locales, "R" and "ZAR"; never the bare "$", which
    :func:`bare_dollar` reads) and its words (the English names, whole and by their last word:
    "South African rand", "rand"; "Swiss francs", "francs"). Dollars' names are left to
    :func:`bare_dollar` too."""
    signs = {code} | {get_currency_symbol(code, locale) for locale in _english_locales()}
    signs.discard("$")
    names = {get_currency_name(code, count=n, locale="en") for n in (1, 2)}
    words = {n for n in names if "dollar" not in n.lower()}
    words |= {n.rsplit(" ", 1)[-1] for n in words}
    return frozenset(s for s in signs if s.strip()), frozenset(w.lower() for w in words if w)
