"""Telephone numbers: which strings are one, whether two are the same number, and where a text
states one, read by Google's libphonenumber (the ``phonenumbers`` package).

"+1 416-663-9500", "416-663-9500" and "(416) 663 9500" are one number; a number written without
its country code is read in the regions the KB's own numbers are of (:func:`regions_of`).

Usage::

    same_number("+1 416-663-9500", "416-663-9500")       # True
    regions = regions_of(["+1 416-663-9500", "650-522-9698"])   # ("US",) or ("CA", ...)
    [text[s:e] for s, e in find_numbers(text, regions)]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

import phonenumbers
from phonenumbers import MatchType, NumberParseException

__all__ = [
    "DEFAULT_REGIONS",
    "find_numbers",
    "is_number",
    "number_key",
    "regions_of",
    "same_number",
]

#: Where a number with no country code is read when the KB's numbers say nothing of theirs.
DEFAULT_REGIONS = ("US",)
#: The form of a written telephone number: digits in groups, a "+" before a country code,
#: brackets round an area code; seven digits at least.
_FORM = re.compile(r"\+?\(?\d[\d\s().\-]{5,22}\d")
_DIGITS = re.compile(r"\d")
_SEPARATED = re.compile(r"^\+|\d[\s().\-]+\d")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: The regions tried for a KB's numbers written without a country code, most used first.
_TRIED = ("US", "GB", "IE", "CA", "AU", "IN", "DE", "FR", "ES", "IT", "NL")


def is_number(text: str, regions: Iterable[str] = DEFAULT_REGIONS) -> bool:
    """Whether ``text`` is, as a whole, a telephone number as people write one: digit groups
    (or a "+"), seven digits at least, a possible number of its country or of ``regions``."""
    text = text.strip()
    if not _FORM.fullmatch(text) or _ISO_DATE.match(text) or not _SEPARATED.search(text):
        return False
    if len(_DIGITS.findall(text)) < 7:
        return False
    return _parsed(text, regions) is not None


def number_key(text: str, regions: Iterable[str] = DEFAULT_REGIONS) -> str | None:
    """A telephone number's national digits ("13265551000" of "+44 1326 555100" and of
    "01326 555100"), to compare numbers however written; ``None`` for no number."""
    number = _parsed(text.strip(), regions)
    return None if number is None else str(number.national_number)


def same_number(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one telephone number, written with or without the country
    code and in any grouping; ``False`` when either is no number."""
    if not (_FORM.fullmatch(a.strip()) and _FORM.fullmatch(b.strip())):
        return False
    try:
        match = phonenumbers.is_number_match(a, b)
    except NumberParseException:
        return False
    return match in (MatchType.EXACT_MATCH, MatchType.NSN_MATCH)


def regions_of(values: Iterable[str]) -> tuple[str, ...]:
    """The regions a KB's telephone numbers are of, most common first: a number's country code
    says its own; numbers without one are tried in the common regions. ``DEFAULT_REGIONS`` when
    none says."""
    found = Counter[str]()
    for value in values:
        text = value.strip()
        if text.startswith("+"):
            number = _parsed(text, ())
            region = phonenumbers.region_code_for_number(number) if number else None
            if region:
                found[region] += 1
            continue
        for region in _TRIED:
            number = _parsed(text, (region,))
            if number is not None and phonenumbers.is_valid_number(number):
                found[region] += 1
                break
    return tuple(r for r, _ in found.most_common()) or DEFAULT_REGIONS


def find_numbers(text: str, regions: Iterable[str] = DEFAULT_REGIONS) -> list[tuple[int, int]]:
    """The stretches of ``text`` that are telephone numbers (start, end), read in each of
    ``regions`` in turn; the first reading of a stretch wins."""
    out: list[tuple[int, int]] = []
    for region in regions:
        for match in phonenumbers.PhoneNumberMatcher(text, region):
            span = (match.start, match.end)
            if not any(s < span[1] and span[0] < e for s, e in out) and is_number(
                match.raw_string, (region,)
            ):
                out.append(span)
    return sorted(out)


def _parsed(text: str, regions: Iterable[str]) -> phonenumbers.PhoneNumber | None:
    for region in (*regions, None) if not text.startswith("+") else (None,):
        try:
            number = phonenumbers.parse(text, region)
        except NumberParseException:
            continue
        if phonenumbers.is_possible_number(number):
            return number
    return None
