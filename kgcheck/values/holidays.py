"""The names of holidays: days a reply names ("closed on Boxing Day", "On Christmas Eve, ..."),
never things of the KB nor names a reply made up.

The names come from the ``holidays`` library (public, bank and other observed holidays of the
English-speaking countries it covers, every category), read once. Holidays whose names share
all but the word for the day also go by what they share ("Christmas" of "Christmas Day" and
"Christmas Eve", "Easter" of "Easter Sunday" and "Easter Monday").

Usage::

    is_holiday_name("Boxing Day")      # True
    is_holiday_name("Christmas Eve")   # True
    is_holiday_name("Christmas")       # True: "Christmas Day" and "Christmas Eve" share it
    is_holiday_name("Kestrel Leeds")   # False
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from kgcheck.kb.normalize import name_tokens

__all__ = ["is_holiday_name"]

#: Countries whose holidays' English names are read.
_COUNTRIES = ("GB", "US", "IE", "CA", "AU", "NZ")
#: The words for the day a holiday's name may end with and go without.
_DAY_WORDS = frozenset({"day", "eve", "sunday", "monday"})
#: A year whose calendar holds every holiday the countries have.
_YEARS = (2026, 2027)


def is_holiday_name(text: str) -> bool:
    """Whether ``text`` is, as a whole, the name of a holiday (case and punctuation aside)."""
    return " ".join(name_tokens(text)) in _names()


@cache
def _names() -> frozenset[str]:
    import holidays

    found: set[str] = set()
    for country in _COUNTRIES:
        kind = type(holidays.country_holidays(country))
        categories = getattr(kind, "supported_categories", ())
        calendar = holidays.country_holidays(country, years=_YEARS, categories=categories)
        for name in calendar.values():
            for part in str(name).split(";"):
                plain = re.sub(r"\s*\([^)]*\)", "", part).strip()  # "Boxing Day (observed)"
                if plain:
                    found.add(" ".join(name_tokens(plain)))
    # "Christmas" of "Christmas Day" and "Christmas Eve": the words two holidays' names share
    # before their day's word (not "Victoria" of "Victoria Day" alone: a place's name too)
    stems = Counter(
        " ".join(words[:-1])
        for words in (name.split() for name in found)
        if len(words) > 1 and words[-1] in _DAY_WORDS
    )
    return frozenset(found | {stem for stem, n in stems.items() if n > 1})
