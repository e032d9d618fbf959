"""Durations as replies state them ("90 minutes", "two hours", "an hour and a half", a "3-hour
session") and as KBs hold them (``xsd:duration``, ``xsd:dayTimeDuration``: ``"PT1H30M"``).

A stated duration and a KB duration agree when they are the same length of time, whatever the
units: "2 hours" is ``PT120M``. A correction is written in the unit the reply used ("90 minutes"
against ``PT2H`` becomes "120 minutes"; "three hours" becomes "2 hours").

Usage::

    parse_duration("an hour and a half")        # timedelta(seconds=5400)
    write_duration(timedelta(hours=2), "90 minutes")   # "120 minutes"
"""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal
from itertools import pairwise

__all__ = [
    "DURATION_TYPES",
    "FRACTIONS",
    "compound_duration",
    "parse_duration",
    "write_duration",
    "write_months",
]

_XSD = "http://www.w3.org/2001/XMLSchema#"
DURATION_TYPES = frozenset({_XSD + "duration", _XSD + "dayTimeDuration"})

_SECONDS = {
    "second": 1, "sec": 1, "minute": 60, "min": 60, "hour": 3600, "hr": 3600, "day": 86400,
    "week": 604800,
}  # fmt: skip
#: Units a duration is written in, largest first.
_LARGEST_FIRST = ("week", "day", "hour", "minute", "second")
_WORDS: dict[str, int | Decimal] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90,
    "half an": Decimal("0.5"), "half a": Decimal("0.5"), "a quarter of an": Decimal("0.25"),
    "three quarters of an": Decimal("0.75"), "half": Decimal("0.5"), "a half": Decimal("0.5"),
    "quarter": Decimal("0.25"), "a quarter": Decimal("0.25"),
}  # fmt: skip
#: What "and ..." adds to the amount before or after a unit: "an hour and a half".
FRACTIONS = {"a half": Decimal("0.5"), "a quarter": Decimal("0.25"),
             "three quarters": Decimal("0.75")}  # fmt: skip
_AMOUNT = r"\d+(?:\.\d+)?|" + "|".join(sorted((re.escape(w) for w in _WORDS), key=len)[::-1])
_FRACTION = "|".join(FRACTIONS)
_PART = re.compile(
    rf"(?P<amount>\b(?:{_AMOUNT}))?(?:\s+and\s+(?P<and_half>{_FRACTION}))?[\s-]*"
    r"(?<![A-Za-z])(?P<unit>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)\b"
    rf"(?:\s+and\s+(?P<half>{_FRACTION}))?",
    re.I,
)
#: Words before a bare unit that make it a particular day or hour ("the same day", "the next
#: hour", "that week"), not a length of time.
_POINTING = re.compile(r"\b(?:same|the|that|this|next|following|previous|last)\s*$", re.I)
#: What may join the parts of one length of time: "1 hour 30 minutes", "2 hours and 15 minutes".
_JOIN = re.compile(r"\s*(?:,\s*)?(?:and\s+)?$", re.I)


def parse_duration(text: str) -> timedelta | None:
    """The length of time ``text`` states (each "N unit" added up: "1 hour 30 minutes"); a
    bare unit is one of it ("lasts an hour", "hour"); ``None`` without a unit of time."""
    total = Decimal(0)
    found = False
    for m in _PART.finditer(text):
        amount = m.group("amount")
        if amount is None and _POINTING.search(text, 0, m.start()):
            continue  # "the same day", "that week": a day or a week, not how long
        if amount is None:
            number = Decimal(1)
        elif amount[0].isdigit():
            number = Decimal(amount)
        else:
            number = Decimal(_WORDS[amount.lower()])
        fraction = m.group("half") or (m.group("and_half") if amount is not None else None)
        if fraction:
            number += FRACTIONS[fraction.lower()]
        unit = m.group("unit").lower().rstrip("s")
        total += number * _SECONDS[unit]
        found = True
    if not found:
        return None
    try:
        return timedelta(seconds=float(total))
    except OverflowError:
        return None  # "9999999999999999999999 days": no length of time a timedelta holds


def duration_around(text: str, start: int, end: int) -> tuple[int, int, timedelta] | None:
    """The length of time ``text`` states that overlaps ``[start, end)``, with its parts
    ("an hour and a half" around "hour"; "1 hour 30 minutes" around "hour"): its start, end
    and value; ``None`` where none overlaps."""
    parts = [m for m in _PART.finditer(text) if m.group("unit")]
    for k, m in enumerate(parts):
        if not (m.start() < end and start < m.end()):
            continue
        lo = hi = k
        while lo > 0 and _JOIN.match(text[parts[lo - 1].end() : parts[lo].start()]):
            lo -= 1
        while hi + 1 < len(parts) and _JOIN.match(text[parts[hi].end() : parts[hi + 1].start()]):
            hi += 1
        a, b = parts[lo].start(), parts[hi].end()
        while a < b and text[a] in " -":
            a += 1  # a bare unit's match opens on the space before it ("every hour")
        value = parse_duration(text[a:b])
        return (a, b, value) if value is not None else None
    return None


#: The unit names of :mod:`kgcheck.values.quantities` for the abbreviations above.
_CANONICAL = {"sec": "second", "min": "minute", "hr": "hour"}


def compound_duration(text: str, start: int, end: int) -> tuple[int, int, Decimal, str] | None:
    """One length of time stated in parts around ``[start, end)``: "an hour and ten minutes",
    "1 hour 52 minutes", "an hour and a quarter". Returns its start, end, amount and unit (the
    smallest unit stated: ``70, "minute"``), or ``None`` where the stretch is one part only or
    its parts do not go from larger units to smaller ones ("15 minutes and 30 minutes" are two
    lengths of time, not one)."""
    around = duration_around(text, start, end)
    if around is None:
        return None
    a, b, value = around
    parts = list(_PART.finditer(text, a, b))
    units = [_CANONICAL.get(u, u) for u in (m.group("unit").lower().rstrip("s") for m in parts)]
    fractions = any(m.group("half") or m.group("and_half") for m in parts)
    if len(parts) < 2 and not fractions:
        return None
    order = [_LARGEST_FIRST.index(u) for u in units]
    if any(x >= y for x, y in pairwise(order)):
        return None
    unit = units[-1]
    amount = Decimal(int(value.total_seconds())) / _SECONDS[unit]
    whole = amount.to_integral_value()
    return a, b, whole if amount == whole else amount.normalize(), unit


def write_duration(value: timedelta, stated: str = "") -> str:
    """``value`` in the largest unit of the stated text (or the largest whole one): "120
    minutes" for a reply in minutes, "2 hours", "1.5 hours", "5 days"."""
    seconds = Decimal(int(value.total_seconds()))
    units = {m.group("unit").lower().rstrip("s") for m in _PART.finditer(stated)}
    unit = next((u for u in _LARGEST_FIRST if u in units), None)
    if unit is None or (seconds / _SECONDS[unit]) % Decimal("0.5"):
        # the largest unit it is a whole number of ("0 minutes" for no time at all)
        unit = next((u for u in _LARGEST_FIRST if seconds and not seconds % _SECONDS[u]), "minute")
    amount = (seconds / _SECONDS[unit]).normalize()
    text = f"{amount:f}"
    return f"{text} {unit}" + ("" if amount == 1 else "s")


def write_months(months: int, stated: str = "") -> str:
    """A calendar length of ``months`` in years where the stated text speaks in years and it
    is whole ones ("2 years" of P24M for "three years"), in months otherwise ("12 months")."""
    if re.search(r"\byears?\b", stated, re.I) and months % 12 == 0:
        years = months // 12
        return f"{years} year" + ("" if years == 1 else "s")
    return f"{months} month" + ("" if months == 1 else "s")
