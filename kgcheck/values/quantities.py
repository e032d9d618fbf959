"""Numeric quantities: currency, percentages, ratios, counts and quantities with units.

``$1,234,567.89``, ``$1.2M``, ``$1.5 million``, ``$500K``, "1.5 million dollars", € and £;
"85%", "12.5 percent"; "DSCR 1.25", "1.25x coverage", "a ratio of 1.25"; "5 miles", "30F",
"20 kg", "3 beds". Numbers that are part of something else (a room code "C-310", a phone number,
an e-mail address, an ordinal "3rd", a house number "434 Arastradero Rd") are not quantities,
nor are numbers inside the spans given to skip (dates and times, KB names like "The 76").

Usage::

    QuantityRecognizer().find("The NOI was $1.25M, with 85% occupancy.")
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING

from spacy.lang.en.stop_words import STOP_WORDS
from text_to_num import text2num

from kgcheck.types import Span
from kgcheck.values.addresses import STREET_WORDS
from kgcheck.values.currency import BUILT_IN, DEFAULT_DOLLAR, currency_forms
from kgcheck.values.durations import FRACTIONS, compound_duration
from kgcheck.values.lemmas import known_lemma

if TYPE_CHECKING:
    from kgcheck.nlp.anchors import Anchor
    from kgcheck.values.temporal import TemporalExpression

__all__ = [
    "COUNT",
    "COUNTING_WORDS",
    "CURRENCIES",
    "CURRENCY",
    "DIMENSION_WORDS",
    "KINDS",
    "NUMBER",
    "NUMBER_WORDS",
    "PERCENT",
    "QUANTITY",
    "RATIO",
    "Quantity",
    "QuantityRecognizer",
    "bound_words",
    "canonical_unit",
    "convert",
    "counted_nouns",
    "counts_in",
    "dimension",
    "is_unit_word",
    "measure_of_rate",
    "minutes_of",
    "plural",
    "qualified_time",
    "restates",
    "rounded_agrees",
    "said_as_age",
    "same_counted",
    "singular",
    "split_rate",
    "units_of",
]

CURRENCY = "currency"
PERCENT = "percent"
RATIO = "ratio"
COUNT = "count"
QUANTITY = "quantity"
NUMBER = "number"
KINDS = (CURRENCY, PERCENT, RATIO, COUNT, QUANTITY, NUMBER)


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number of the reply with what it measures.

    ``kind`` is one of :data:`KINDS`; ``value`` is the number as written, scaled ("$1.2M" ->
    1200000, "85%" -> 85); ``unit`` is canonical (``USD``, ``%``, ``x``, ``mile``, ``F``, or the
    counted noun); ``currency`` an ISO code. ``bound`` is ``min`` for "more than", "at least",
    ``max`` for "less than", "up to". ``anchor`` binds it to KB subjects and properties and
    ``period`` to the temporal expression it holds for (both set by the pipeline);
    ``approximate``: said after "about", "around", "roughly". ``per``: what an amount is a
    rate per (a period, a measure: "£3.80 per kg") or a count is counted per ("two bottles per
    table": ``table``). ``derived``:
    a difference or a sum ("2 miles farther", "$25 in total": ``kgcheck.nlp.relative``), the
    value of no property, so never checked.
    """

    span: Span
    text: str
    kind: str
    value: Decimal
    unit: str | None = None
    currency: str | None = None
    bound: str | None = None
    anchor: Anchor | None = None
    period: TemporalExpression | None = None
    derived: bool = False
    #: Said as a round figure ("about 52,700", "around 300"): the KB value rounded as the
    #: stated one is rounded agrees with it (:func:`rounded_agrees`).
    approximate: bool = False
    #: Of an amount said per period, the period ("£1,480 a year", "a monthly Direct Debit of
    #: £123": ``year``, ``month``; :func:`period_of_rate`).
    per: str | None = None
    #: The properties the words after it name, of those it may be of ("a 32 percent chance of
    #: rain": the precipitation, not the humidity): set by the pipeline where they name some.
    named: tuple[str, ...] = ()


_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_NUMBER = re.compile(rf"(?<![\w@/:#.\-])(?:{_NUM})")
_NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "dozen": 12, "twenty": 20, "hundred": 100,
}  # fmt: skip
#: The words of numbers written out ("thirty-two", "a hundred and sixty"), read by text2num.
_SPELLED = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    "|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty"
    "|ninety|hundred|thousand"
)
_WORD_NUMBER = re.compile(
    rf"\b(?:(?:a|one)\s+(?=hundred|thousand))?(?:{_SPELLED}|dozen)"
    rf"(?:(?:\s*-\s*|\s+and\s+|\s+)(?:{_SPELLED})(?![\w-]))*(?![\w-])",
    re.I,
)
#: The words read as numbers ("one" only where a noun follows it: it is also a pronoun).
NUMBER_WORDS = frozenset({"one", *_NUMBER_WORDS})
_SYMBOLS = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "USD": "USD", "EUR": "EUR"}
_SYMBOLS |= {"GBP": "GBP"}
#: The currencies a reply's amounts are read in.
CURRENCIES = frozenset(_SYMBOLS.values())
_PREFIX = re.compile(r"(?P<neg>[-−])?(?P<cur>US\$|\$|€|£|USD|EUR|GBP)\s?$")
#: What joins the parts of one measure: "7 feet 3 inches", "1 kg and 200 g".
_PARTS_GLUE = re.compile(r"\s*(?:,\s*)?(?:and\s+)?")
#: "m" after a number that is no amount of money: metres ("a 620 m drop", "at 2,940m").
_METRES = re.compile(r"\s?m(?![A-Za-z0-9²³/'])(?!\.[A-Za-z0-9])")
_SCALE_WORD = re.compile(r"\s?(?P<scale>thousand|million|billion|trillion)\b", re.I)
_SCALE_LETTER = re.compile(r"\s?(?P<scale>bn|mn|tn|mm|k|m|b)(?![A-Za-z])", re.I)
_SCALES = {
    "thousand": 10**3, "k": 10**3, "million": 10**6, "mn": 10**6, "mm": 10**6, "m": 10**6,
    "billion": 10**9, "bn": 10**9, "b": 10**9, "trillion": 10**12, "tn": 10**12,
}  # fmt: skip
_CURRENCY_WORD = re.compile(
    r"\s?(?P<word>(?:us\s+)?dollars?|usd|euros?|eur|pounds\s+sterling|gbp|bucks)\b", re.I
)
_PERCENT = re.compile(r"\s?(?:%|percent\b|per\s+cent\b|pct\b)", re.I)
#: Words after a bare number that make it an age ("16 or older") and before it ("aged 16").
_OLDER = re.compile(r"\s+(?:or|and)\s+older\b", re.I)
_AGED = re.compile(r"\baged\s+(?:between\s+)?$", re.I)
#: People said to be at least or under a bare number: "Participants need to be at least 14",
#: "you must be over 18", "children have to be under 12".
_PEOPLE_BE = re.compile(
    r"\b(?:participants|children|kids|students|guests|visitors|customers|drivers|riders"
    r"|skippers?|members|learners|applicants|passengers|people|everyone|anyone|you|they|he"
    r"|she)\s+(?:\w+\s+){0,2}?(?:be|are|is)\s+(?:at\s+least|over|under|older\s+than"
    r"|younger\s+than)\s+$",
    re.I,
)
#: What may follow an age said bare: the end of the clause, "to", "for", "or", "and".
_AFTER_BARE_AGE = re.compile(r"\s*(?:$|[.,;:!?)]|(?:to|for|and|or|on|at|in|if)\b)", re.I)
#: A word that says which days or hours count, then a unit of time ("business days", "more
#: hours"): read after a number, a count of those days (:func:`qualified_time`).
_QUALIFIED_TIME = re.compile(
    r"\s+(?!(?:and|or|to|of|per|a|an|the|in|on|at|for|from|than|each|every)\b)[a-z]{3,}"
    r"\s+(?P<unit>seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b"
)
_RATIO_SUFFIX = re.compile(r"(?:x(?![A-Za-z])|\s?times\b)", re.I)
_TEMPERATURE = re.compile(
    r"(?:\s?°\s?(?P<a>[FC])\b|(?P<b>[FC])(?![A-Za-z])|\s?degrees?(?:\s+(?P<c>fahrenheit|celsius))?\b"
    r"|\s(?P<d>fahrenheit|celsius)\b)",
    re.I,
)
_UNITS = {
    "mile": "mile", "miles": "mile", "mi": "mile", "km": "km", "kilometer": "km",
    "kilometers": "km", "kilometre": "km", "kilometres": "km", "meter": "m", "meters": "m",
    "metre": "m", "metres": "m", "feet": "ft", "foot": "ft", "ft": "ft", "kg": "kg",
    "kilogram": "kg", "kilograms": "kg", "kilos": "kg", "g": "g", "gram": "g", "grams": "g",
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "ton": "t", "tons": "t",
    "tonne": "t", "tonnes": "t", "liter": "l", "liters": "l", "litre": "l", "litres": "l",
    "mph": "mph", "km/h": "km/h", "kph": "km/h", "miles per hour": "mph",
    "mile per hour": "mph", "miles an hour": "mph", "kilometres per hour": "km/h",
    "kilometers per hour": "km/h", "km per hour": "km/h", "sq ft": "sqft", "sqft": "sqft",
    "square feet": "sqft", "square foot": "sqft", "m2": "m2", "m²": "m2",
    "square meters": "m2", "square metres": "m2", "m3": "m3", "m³": "m3", "cu m": "m3",
    "cubic meters": "m3", "cubic metres": "m3", "cubic meter": "m3", "cubic metre": "m3",
    "cu ft": "ft3", "ft³": "ft3", "cubic feet": "ft3", "cubic foot": "ft3",
    "second": "second", "seconds": "second", "sec": "second", "secs": "second",
    "minute": "minute", "minutes": "minute",
    "min": "minute", "mins": "minute", "hour": "hour", "hours": "hour", "hr": "hour",
    "hrs": "hour", "day": "day", "days": "day", "week": "week",
    "weeks": "week", "month": "month", "months": "month", "year": "year", "years": "year",
    "cm": "cm", "centimetre": "cm", "centimetres": "cm", "centimeter": "cm",
    "centimeters": "cm", "mm": "mm", "millimetre": "mm", "millimetres": "mm",
    "millimeter": "mm", "millimeters": "mm", "ml": "ml", "millilitre": "ml",
    "millilitres": "ml", "milliliter": "ml", "milliliters": "ml", "inch": "in", "inches": "in",
    "mb": "MB", "gb": "GB", "tb": "TB", "hz": "Hz", "khz": "kHz", "mhz": "MHz", "ghz": "GHz",
}  # fmt: skip


def said_as_age(text: str, start: int) -> bool:
    """Whether the number at ``start`` is said as an age ("aged 16", "aged between 8 and
    11")."""
    return bool(_AGED.search(text, max(0, start - 16), start))


def qualified_time(text: str, pos: int) -> tuple[str, int] | None:
    """The unit of time and the end of a qualified unit of time at ``pos`` ("2 *business
    days*", "five *working days*", "3 *more hours*"), or ``None``. A number before one is read
    as a count of the compound ("business days", which a field may count); a range of them
    ("2 to 4 business days") is a range of a length of time in that unit."""
    m = _QUALIFIED_TIME.match(text, pos)
    return (_UNITS[m["unit"]], m.end()) if m is not None else None


def _longest_first(words: dict[str, str]) -> str:
    """A regular expression alternation of ``words``, the longest first."""
    return "|".join(re.escape(u) for u in sorted(words, key=len, reverse=True))


#: A unit after its number: "12 km", "1TB", and joined to it as a modifier ("a 43-inch TV").
_UNIT = re.compile(rf"(?:\s?|-)(?P<unit>{_longest_first(_UNITS)})(?![A-Za-z0-9²³])", re.I)
#: Other spellings of units a KB may use in ``kgc:unit``.
_UNIT_ALIASES = {
    "%": "%", "percent": "%", "pct": "%", "usd": "USD", "$": "USD", "dollar": "USD",
    "eur": "EUR", "€": "EUR", "euro": "EUR", "gbp": "GBP", "£": "GBP", "x": "x",
    "ratio": "x", "times": "x", "f": "F", "°f": "F", "fahrenheit": "F", "c": "C", "°c": "C",
    "celsius": "C", "fraction": "fraction",
}  # fmt: skip
#: Conversions to a base unit per dimension: (dimension, factor).
_CONVERSIONS: dict[str, tuple[str, Decimal]] = {
    "mile": ("length", Decimal("1609.344")), "km": ("length", Decimal(1000)),
    "m": ("length", Decimal(1)), "ft": ("length", Decimal("0.3048")),
    "cm": ("length", Decimal("0.01")), "mm": ("length", Decimal("0.001")),
    "in": ("length", Decimal("0.0254")),
    # storage in decimal multiples (1 TB is 1,000 GB, as drives are sold); frequency in hertz
    "MB": ("data", Decimal(10**6)), "GB": ("data", Decimal(10**9)),
    "TB": ("data", Decimal(10**12)), "Hz": ("frequency", Decimal(1)),
    "kHz": ("frequency", Decimal(10**3)), "MHz": ("frequency", Decimal(10**6)),
    "GHz": ("frequency", Decimal(10**9)),
    "l": ("volume", Decimal(1)), "ml": ("volume", Decimal("0.001")),
    "m3": ("volume", Decimal(1000)), "ft3": ("volume", Decimal("28.316846592")),
    "kg": ("mass", Decimal(1)), "g": ("mass", Decimal("0.001")),
    "lb": ("mass", Decimal("0.45359237")), "t": ("mass", Decimal(1000)),
    "sqft": ("area", Decimal("0.09290304")), "m2": ("area", Decimal(1)),
    "second": ("time", Decimal(1)), "minute": ("time", Decimal(60)),
    "hour": ("time", Decimal(3600)),
    "day": ("time", Decimal(86400)), "week": ("time", Decimal(604800)),
    # the Gregorian calendar's mean month and year (a twelfth of 365.2425 days): 12 months
    # are a year, as xsd:duration's P12M and P1Y compare
    "month": ("time", Decimal(2629746)), "year": ("time", Decimal(31556952)),
}  # fmt: skip
#: Words naming what a unit measures, by dimension: a property with no declared unit takes a
#: measured value only where its name says it measures that ("weight" takes "9.6 kg"; a
#: "quantity" or "participants" takes no "10 minutes").
DIMENSION_WORDS: dict[str, frozenset[str]] = {
    "mass": frozenset({"weight", "weigh", "weighs", "mass", "heavy", "load", "payload"}),
    "length": frozenset(
        {"distance", "length", "range", "height", "width", "depth", "elevation", "altitude",
         "climb", "climbing", "ascent", "long", "tall", "diameter", "radius", "size", "far",
         "away", "route", "wheel", "frame", "reach"}
    ),
    "time": frozenset(
        {"duration", "time", "length", "period", "interval", "notice", "wait", "delay", "long",
         "last", "lasts", "takes", "minutes", "hours", "days", "weeks", "months", "booster",
         "lead", "turnaround", "stay", "term"}
    ),
    "volume": frozenset({"volume", "capacity", "size", "litre", "liter"}),
    "area": frozenset({"area", "size", "floor", "footage", "space"}),
    "data": frozenset(
        {"data", "storage", "memory", "ram", "capacity", "allowance", "download", "upload",
         "size", "cap", "quota"}
    ),
    "frequency": frozenset({"frequency", "refresh", "rate", "clock", "speed", "hz"}),
}  # fmt: skip
#: One of a unit of time written with an article: "an hour", "half an hour", "an hour and a
#: half", "a week".
_ONE_UNIT = re.compile(
    r"\b(?:(?P<half>half\s+an?)|an?|one)\s+(?P<unit>minute|hour|day|week|month|year)\b"
    r"(?P<and_half>\s+and\s+a\s+half)?",
    re.I,
)
#: What "an hour", "a week" must follow to be a length of time ("takes an hour", "for about a
#: week", "within a day"): after anything else it is a rate or a frequency ("£10 an hour",
#: "two health checks a year", "twice a week", "seven days a week").
_LENGTH_BEFORE = re.compile(
    r"\b(?:takes?|took|taking|lasts?|lasted|lasting|needs?|needed|is|are|was|were|be|been"
    r"|for|within|in|after|than|under|over|around|about|roughly|approximately|nearly|almost"
    r"|just|only|least|most|to)\s+$",
    re.I,
)
#: The units of a length of time (as :data:`_UNITS` names them) that one length is stated in.
_TIME_UNITS = frozenset({"second", "minute", "hour", "day", "week"})
#: A number, capitalised words (a name) and a lower-case plural noun: "4 Country Sourdough
#: loaves" (a count of the named thing, not a house number).
_NAMED_COUNT = re.compile(
    r"\s+(?:[A-Z][\w'-]*\s+(?:&\s+)?){0,4}(?P<last>[A-Z][\w'-]*)\s+(?P<noun>[a-z]{3,}s)\b"
)
#: A number and a name ending in a plural, nothing capitalised after it: "8 Vegan Apple
#: Danishes", "3 Rye & Caraway Loaves" (not "15 Princes Street").
_NAMED_PLURAL = re.compile(
    r"\s+(?:[A-Z][\w'-]*\s+(?:&\s+)?){0,4}(?P<last>[A-Z][\w'-]*[a-z]s)\b(?!\s+[A-Z&])"
)
#: A number, a fraction after "and", and a unit: "3 and a half hours", "two and a quarter km".
_SAID_FRACTIONS = "|".join(r"\s+".join(f.split()) for f in FRACTIONS)
_AND_FRACTION = re.compile(
    rf"(?<![\w.,])(?P<number>\d+|{_SPELLED})\s+and\s+(?P<fraction>{_SAID_FRACTIONS})"
    rf"\s+(?P<unit>{_longest_first(_UNITS)})(?![\w])",
    re.I,
)
_RATIO_WORDS = frozenset({"ratio", "dscr", "coverage", "multiple", "multiplier", "ltv", "leverage"})
_MIN_WORDS = r"(?:more than|over|above|at least|exceeding|greater than|upwards of)"
_MAX_WORDS = r"(?:less than|under|below|at most|up to|fewer than|no more than|within)"
_APPROXIMATE = re.compile(
    r"\b(?:about|around|roughly|approximately|nearly|almost|some|circa|c\.|~)\s*[$€£]?\s*$", re.I
)
_BOUNDS = (
    (re.compile(_MIN_WORDS + r"\s*$", re.I), "min"),
    (re.compile(_MAX_WORDS + r"\s*$", re.I), "max"),
)


def bound_words(before: str) -> str | None:
    """The words that make the number after ``before`` a most or a least ("within", "up to",
    "at least"), lower case, else ``None``."""
    for pattern, _ in _BOUNDS:
        found = pattern.search(before)
        if found is not None:
            return " ".join(found.group(0).lower().split())
    return None


_STOP_NOUNS = frozenset(
    {
        "and", "or", "of", "in", "at", "to", "is", "are", "was", "were", "the", "a", "an", "on",
        "for", "with", "from", "by", "it", "this", "that", "which", "who", "one", "ones", "more",
        "less", "than", "but", "so", "as", "if", "per", "each", "away", "am", "pm", "noon",
        "midnight", "midday",
    }
    # English function words ("a group of 20 should be fine", "20 before the show"): spaCy's
    # list, less the nouns in it a number may count ("3 parts", "2 sides")
    | (STOP_WORDS - {"amount", "back", "bottom", "call", "front", "name", "part", "show", "side",
                     "top", "move", "hundred", "third"})
)  # fmt: skip


#: Nouns that name an amount of money: a numeric property so named is priced in some currency
#: even where the KB names none ("price", "fare": "$272" can be its value).
MONEY_NOUNS = frozenset(
    {
        "price", "fare", "cost", "rent", "fee", "balance", "charge", "payment", "salary",
        "wage", "budget", "bill", "deposit", "revenue", "income", "expense", "refund", "toll",
        "tuition", "money", "spend", "spending", "prices", "fares", "costs", "fees",
    }
)  # fmt: skip
_UNIT_WORDS = {
    **{k: v for k, v in _UNITS.items() if len(k) > 2},
    "percent": "%", "percentage": "%", "per cent": "%", "fahrenheit": "F",
    "degrees fahrenheit": "F", "celsius": "C", "degrees celsius": "C", "us dollars": "USD",
    "dollars": "USD", "euros": "EUR", "pounds sterling": "GBP", "miles per hour": "mph",
    "kilometres per hour": "km/h", "kilometers per hour": "km/h",
}  # fmt: skip
_DESCRIBED_UNIT = re.compile(
    r"(?:\b(?:in|measured in|expressed in|given in)\s+(?:the\s+)?|^\s*)"
    rf"(?P<unit>{_longest_first(_UNIT_WORDS)})\b",
    re.I,
)


def counts_in(text: str) -> list[int]:
    """The whole numbers ``text`` writes in digits or in words ("Ten", "12"), in order."""
    out = []
    for word in re.findall(r"[A-Za-z]+|\d+(?![.,:/]\d)", text):
        if word.isdigit():
            out.append(int(word))
        elif (value := _NUMBER_WORDS.get(word.lower())) is not None:
            out.append(value)
    return out


#: The pence or cents after an amount written in words ("two pounds fifty", "ten dollars
#: and 99 cents").
_CENTS = re.compile(
    rf"\s+(?:and\s+)?(?P<c>(?:{_SPELLED})(?:[\s-]+(?:{_SPELLED}))?|\d{{1,2}})"
    r"(?:\s*(?:pence|p|cents?))?(?![\w-])",
    re.I,
)


def _with_cents(text: str, end: int, value: Decimal) -> tuple[Decimal, int]:
    """``value`` with the pence or cents written after it at ``end``, and where it ends."""
    m = _CENTS.match(text, end)
    if m is None:
        return value, end
    said = m.group("c")
    found = [int(said)] if said.isdigit() else [v for _, _, v in _spelled_numbers(said, 0)]
    if len(found) != 1 or not 0 < found[0] < 100:
        return value, end
    return value + Decimal(found[0]) / 100, m.end()


def _spelled_numbers(phrase: str, at: int) -> list[tuple[int, int, int]]:
    """The numbers a run of number words at ``at`` writes, with their spans: one
    ("thirty-two": 32, "a hundred and sixty": 160), else each word it reads alone ("two and
    three"); "one" alone is none (it is also a pronoun: "the one at 5 pm")."""
    whole = _spelled(re.sub(r"^a\s+", "one ", phrase.lower()))
    if whole is not None:
        return [(at, at + len(phrase), whole)]
    return [
        (at + w.start(), at + w.end(), value)
        for w in re.finditer(r"[A-Za-z]+", phrase)
        if (value := _spelled(w.group(0).lower())) is not None
    ]


def _spelled(words: str) -> int | None:
    """The number ``words`` write ("dozen", "thirty-two"); ``None`` for none, and for "one"
    alone."""
    if words in _NUMBER_WORDS:
        return _NUMBER_WORDS[words]
    if words in {"one", "and"}:
        return None
    try:
        return int(text2num(words, "en"))
    except ValueError:
        return None  # "two and three": no one number


def is_currency(unit: str) -> bool:
    """Whether a unit (as :func:`canonical_unit` writes it) is a currency: an ISO 4217 code."""
    return len(unit) == 3 and unit.isalpha() and unit.isupper()


def unit_in_text(text: str) -> str | None:
    """The unit a property's description names: "in <unit>" ("Temperature in Fahrenheit",
    "Wind speed in miles per hour", "Length of stay in days") or a unit opening it
    ("Percentage humidity"); ``None`` when it names none, and for a unit of time opening a
    description of a point in time ("Year in which the song was released", "Day when it
    opens"): the value is a year, not a number of years ("Minutes of travel" is a duration)."""
    found = _DESCRIBED_UNIT.search(text)
    if found is None:
        return None
    unit = _UNIT_WORDS[found["unit"].lower()]
    if (
        not text[: found.start("unit")].strip()
        and dimension(unit) == "time"
        and _POINT_IN_TIME.match(text, found.end())
    ):
        return None
    return unit


#: What follows a unit of time that opens a description of a point in time ("Year in which",
#: "Hour when").
_POINT_IN_TIME = re.compile(r"\s+(?:in\s+which|on\s+which|at\s+which|when)\b", re.I)


@lru_cache(maxsize=256)
def plural(noun: str) -> str:
    """The plural of ``noun``'s last word ("yard manager" -> "yard managers", "hour" ->
    "hours"), by inflect's English rules."""
    import inflect  # about 2 s to import: only when a plural is written

    *head, last = noun.split()
    return " ".join([*head, str(inflect.engine().plural_noun(last))])


def singular(word: str) -> str:
    """A noun's singular, enough to match "floors" with "floor", "Mondays" with "Monday",
    "buses" with "bus" and "EVs" with "EV": spaCy's lemma of a plural form where its lemma is
    a noun's singular ("statuses", "analyses", "wives"), else a plain English rule. Words in
    -us and -is ("bus", "campus", "analysis") are no plurals."""
    if word.endswith(("us", "is")):
        return word
    if word.endswith("s") and len(word) > 3:
        lemma = known_lemma(word)
        if lemma is None and word[0].isupper() and (lower := known_lemma(word.lower())):
            lemma = word[0] + lower[1:]  # "Mondays", "Buses"
        # a noun's singular starts like it ("less" is no plural of "little", "was" of "be");
        # a form the table gives as its own lemma is none ("species", "news")
        if lemma is not None and lemma[:2].lower() == word[:2].lower() and len(lemma) <= len(word):
            return lemma
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    if len(word) == 3 and word.endswith("s") and word[1] not in "aeiouy":
        return word[:-1]  # an initialism's plural: "EVs", "TVs", "PCs" (not "gas", "bus")
    return word


def restates(said: Quantity, theirs: Quantity) -> bool:
    """Whether ``said`` restates ``theirs``, a number someone else gave: the same kind, value
    and noun ("1,200 points" of "I've got 1,200 points")."""
    if said.kind != theirs.kind or said.value != theirs.value:
        return False
    if said.unit is None or theirs.unit is None:
        return said.unit == theirs.unit
    return singular(said.unit.lower()) == singular(theirs.unit.lower())


#: Words that make a phrase a count of the noun beside them ("number of floors", "reviews
#: count").
COUNTING_WORDS = frozenset({"number", "count", "total", "quantity"})


#: Words that end the noun a phrase counts ("number of baths in the apartment").
_AFTER_COUNTED = frozenset(
    {"in", "on", "at", "for", "per", "with", "to", "by", "from", "that", "which", "and", "or"}
)


#: Words before a counting phrase that bound the count, not change what it counts.
_BOUND_WORDS = frozenset({"maximum", "minimum", "max", "min", "total", "average", "typical"})


def counted_nouns(phrase: str) -> tuple[str, ...]:
    """The nouns a property's phrase counts, singular: "number of layovers", "number stops",
    "reviews count", "visitors per year"; of a noun of two words, the first, the last and the
    two written as one ("number of bed rooms": "bed", "room", "bedroom"), so that "3
    bedrooms" and "3 rooms" are counts of it. None for a phrase that counts nothing it names
    ("minimum rider age": an age, not riders) nor for a plain noun ("places" may be a
    course's size or the places left: a property labelled so counts it,
    :func:`kgcheck.nlp.anchors.counts_of`)."""
    words = [w for w in re.findall(r"[a-z]+", phrase.lower()) if w not in {"of", "the", "a"}]
    while len(words) > 1 and words[0] in _BOUND_WORDS:
        words = words[1:]  # "Maximum number of guests in one booking": a count of guests
    if not words:
        return ()
    if words[0] in COUNTING_WORDS:
        run = words[1:]
    elif words[-1] in COUNTING_WORDS:
        return (singular(words[-2]),) if len(words) > 1 else ()
    elif "per" in words[1:]:  # "visitors per year", "admissions per month": a count in a period
        noun = words[words.index("per") - 1]
        return (singular(noun),) if singular(noun) != noun else ()
    else:
        return ()
    if not run:
        return ()
    end = next((i for i, w in enumerate(run) if w in _AFTER_COUNTED), len(run))
    run = run[: min(end, 2)] or run[:1]
    found = [singular(run[0])]
    if len(run) == 2:
        found += [singular(run[1]), run[0] + singular(run[1])]
    return tuple(dict.fromkeys(found))


def same_counted(unit: str | None, other: str | None) -> bool:
    """Whether two count nouns name the same thing ("bike" and "bikes")."""
    if unit is None or other is None:
        return unit == other
    return singular(unit.lower()) == singular(other.lower())


def is_unit_word(word: str) -> bool:
    """Whether ``word`` names a unit ("minutes", "miles", "percent", "dollars")."""
    key = word.strip().lower()
    return key in _UNITS or key in _UNIT_ALIASES or key in _UNIT_WORDS


def canonical_unit(unit: str | None) -> str | None:
    """A unit as :class:`Quantity` writes it: ``"USD"``, ``"%"``, ``"mile"``, ``"F"``."""
    if unit is None:
        return None
    key = unit.strip().lower()
    if key in _UNIT_ALIASES:
        return _UNIT_ALIASES[key]
    return _UNITS.get(key, unit.strip())


def dimension(unit: str | None) -> str | None:
    """What ``unit`` measures: ``length``, ``mass``, ``time``, ``volume``, ``area``; ``None``
    for a currency, a percentage, a count or an unknown unit."""
    found = _CONVERSIONS.get(canonical_unit(unit) or "")
    return found[0] if found is not None else None


def units_of(dim: str) -> list[str]:
    """The units that measure ``dim`` ("time": minute, hour, day, ...)."""
    return [u for u, (d, _) in _CONVERSIONS.items() if d == dim]


def minutes_of(value: object) -> Decimal | None:
    """A length of time read from a literal (a ``timedelta``, or isodate's ``Duration`` of
    "P12M"), in minutes, as lengths of time compare; ``None`` for anything else."""
    if isinstance(value, timedelta):
        return Decimal(str(value.total_seconds())) / 60
    tdelta = getattr(value, "tdelta", None)
    if not isinstance(tdelta, timedelta):
        return None
    # "P12M": its months and years in minutes, as "12 months" is
    months = Decimal(str(getattr(value, "years", 0))) * 12
    months += Decimal(str(getattr(value, "months", 0)))
    in_minutes = convert(months, "month", "minute")
    rest = Decimal(str(tdelta.total_seconds())) / 60
    return None if in_minutes is None else in_minutes + rest


def convert(value: Decimal, unit: str | None, target: str | None) -> Decimal | None:
    """``value`` in ``unit`` expressed in ``target``; ``None`` when they do not convert."""
    unit, target = canonical_unit(unit), canonical_unit(target)
    if unit == target or target is None or unit is None:
        return value
    if unit == "%" and target == "fraction":
        return value / 100
    if {unit, target} == {"F", "C"}:
        return value * 9 / 5 + 32 if target == "F" else (value - 32) * 5 / 9
    a, b = _CONVERSIONS.get(unit), _CONVERSIONS.get(target)
    if a is None or b is None or a[0] != b[0]:
        return None
    return value * a[1] / b[1]


class QuantityRecognizer:
    """Finds quantities in text; a bare dollar ("$75", "75 dollars") is read as ``dollar``
    (the knowledge base's own: :func:`kgcheck.values.currency.bare_dollar`), and amounts in
    ``currencies`` (the other ones the KB keeps amounts in: "ZAR") by their signs and names
    ("R150", "150 rand": :func:`kgcheck.values.currency.currency_forms`)."""

    def __init__(self, dollar: str = DEFAULT_DOLLAR, currencies: Iterable[str] = ()) -> None:
        self.dollar = dollar
        signs: dict[str, str] = {}
        words: dict[str, str] = {}
        for code in sorted(set(currencies) - BUILT_IN):
            own_signs, own_words = currency_forms(code)
            signs.update((sign, code) for sign in own_signs if sign not in _SYMBOLS)
            words.update((word, code) for word in own_words)
        self._signs = signs
        self._words = {**words, **{code.lower(): code for code in signs.values()}}
        #: a sign before the number, not inside a word ("R150", "CHF 40"; not "BR150")
        self._sign_before = (
            re.compile(rf"(?P<neg>[-−])?(?<![A-Za-z0-9])(?P<cur>{_longest_first(signs)})\s?$")
            if signs
            else None
        )
        #: a number glued to a sign of letters, which no word boundary opens ("R150")
        self._glued = (
            re.compile(
                rf"(?<![\w@/:#.\-])(?:{_longest_first(signs)})(?P<number>{_NUM})"
                r"(?=(?:[bBmM][nN]|[kKmMbB])?(?![A-Za-z]))"
            )
            if signs
            else None
        )
        #: a code or name after it ("150 ZAR", "150 rand", "40 Swiss francs")
        self._word_after = (
            re.compile(rf"\s?(?P<word>{_longest_first(self._words)})(?![A-Za-z])", re.I)
            if self._words
            else None
        )

    def _other_currency(self, text: str, pos: int) -> re.Match[str] | None:
        """A code or name of one of the KB's other currencies right after ``pos``."""
        return self._word_after.match(text, pos) if self._word_after is not None else None

    def find(self, text: str, skip: Sequence[Span] = ()) -> list[Quantity]:
        """Quantities of ``text`` in order, leaving out numbers inside the ``skip`` spans."""
        skipped = sorted((s.start, s.end) for s in skip)
        skip_starts = [s for s, _ in skipped]
        reach = list(accumulate((e for _, e in skipped), max))  # furthest end so far
        found: list[Quantity] = []
        starts: list[int] = []

        def inside_skip(pos: int) -> bool:
            k = bisect_right(skip_starts, pos) - 1
            return k >= 0 and reach[k] > pos

        def add(quantity: Quantity | None) -> None:
            if quantity is None:
                return
            k = bisect_left(starts, quantity.span.start)
            near = found[max(k - 1, 0) : k + 1]
            if not any(q.span.overlaps(quantity.span) for q in near):
                starts.insert(k, quantity.span.start)
                found.insert(k, quantity)

        # "3 and a half hours" first: one measure, which "3" alone would overlap
        for m in _AND_FRACTION.finditer(text):
            number = m["number"].lower()
            whole = int(number) if number.isdigit() else 1 if number == "one" else _spelled(number)
            if whole is not None and not inside_skip(m.start()):
                fraction = FRACTIONS[" ".join(m["fraction"].lower().split())]
                unit = _UNITS[m["unit"].lower()]
                add(self._make(text, m.start(), m.end(), QUANTITY, whole + fraction, unit))
        # "R1,150" first: the number glued to its sign, which "150" alone would overlap
        for m in self._glued.finditer(text) if self._glued is not None else ():
            if not inside_skip(m.start()):
                add(self._read(text, m.start("number"), m.end("number"), m.group("number")))
        for m in _NUMBER.finditer(text):
            if not inside_skip(m.start()):
                add(self._read(text, m.start(), m.end(), m.group(0)))
        for m in _WORD_NUMBER.finditer(text):
            if not inside_skip(m.start()):
                for start, end, value in _spelled_numbers(m.group(0), m.start()):
                    add(self._worded(text, start, end, Decimal(value)))
        # "€630 for a week": the period an amount is said per, no length of time of its own
        per_phrases = [
            (q.span.end, after.end())
            for q in found
            if q.kind == CURRENCY and (after := _PER_AFTER.match(text, q.span.end)) is not None
        ]
        for m in _ONE_UNIT.finditer(text):
            if any(a <= m.start() and m.end() <= b for a, b in per_phrases):
                continue
            if not inside_skip(m.start()) and _LENGTH_BEFORE.search(text, 0, m.start()):
                # "takes an hour and a half", "half an hour": a length of time, not "£10 an
                # hour" (a rate) nor "twice a week" (a frequency)
                amount = Decimal("0.5") if m["half"] else Decimal(1)
                amount += Decimal("0.5") if m["and_half"] else Decimal(0)
                unit = _UNITS[m["unit"].lower()]
                add(self._make(text, m.start(), m.end(), QUANTITY, amount, unit))
        return self._compounds(text, found)

    def _compounds(self, text: str, found: list[Quantity]) -> list[Quantity]:
        """Lengths of time stated in parts made one: "an hour and ten minutes" is 70 minutes,
        not "an hour" and "ten minutes" (each of which would be checked, and corrected, alone);
        "an hour and a quarter" is 1.25 hours."""
        out: list[Quantity] = []
        for quantity in found:
            if out and out[-1].span.end > quantity.span.start:
                continue  # a part of the length of time before it
            joined = None
            if quantity.kind == QUANTITY and quantity.unit in _TIME_UNITS:
                joined = compound_duration(text, quantity.span.start, quantity.span.end)
            elif out and (measure := self._compound_measure(text, out[-1], quantity)) is not None:
                out[-1] = measure  # "7 feet 3 inches": 87 inches
                continue
            if joined is None or joined[0] < quantity.span.start:
                out.append(quantity)
                continue
            a, b, amount, unit = joined
            inside = [q for q in found if a <= q.span.start < b]
            if any(q.kind != QUANTITY or q.unit not in _TIME_UNITS for q in inside):
                out.append(quantity)
                continue
            out.append(self._make(text, a, b, QUANTITY, amount, unit))
        return out

    def _compound_measure(self, text: str, first: Quantity, second: Quantity) -> Quantity | None:
        """One measure stated in two parts, a larger unit then a smaller one of its kind, side
        by side ("7 feet 3 inches", "1 kg 200 g"), in the smaller unit; ``None`` otherwise."""
        if first.kind != QUANTITY or second.kind != QUANTITY or first.unit == second.unit:
            return None
        dim = dimension(first.unit)
        if dim is None or dim == "time" or dimension(second.unit) != dim:
            return None
        if not _PARTS_GLUE.fullmatch(text[first.span.end : second.span.start]):
            return None
        larger = convert(first.value, first.unit, second.unit)
        if larger is None or larger <= second.value:
            return None  # "3 inches 7 feet" is no one measure
        return self._make(
            text, first.span.start, second.span.end, QUANTITY, larger + second.value, second.unit
        )

    def _worded(self, text: str, start: int, end: int, value: Decimal) -> Quantity | None:
        """A number written as a word with what follows it: "ten minutes" (a length of time),
        "twenty euros", "five percent", "three beds" (a count)."""
        word = _CURRENCY_WORD.match(text, end)
        if word is not None:
            code = _currency_of(word.group("word"), self.dollar)
            value, stop = _with_cents(text, word.end(), value)
            return self._make(text, start, stop, CURRENCY, value, code, code)
        other = self._other_currency(text, end)
        if other is not None:  # "fifty rand"
            code = self._words[other.group("word").lower()]
            return self._make(text, start, other.end(), CURRENCY, value, code, code)
        percent = _PERCENT.match(text, end)
        if percent is not None:
            return self._make(text, start, percent.end(), PERCENT, value, "%")
        unit = _UNIT.match(text, end)
        if unit is not None and unit.group(0)[:1].isspace():
            stop = unit.end()
            if unit.group("unit").lower() == "pounds":  # "two pounds fifty": £2.50 or 2.5 lb
                value, stop = _with_cents(text, stop, value)
            return self._make(
                text, start, stop, QUANTITY, value, _UNITS[unit.group("unit").lower()]
            )
        return self._counted(text, start, end, value)

    def _read(self, text: str, start: int, end: int, digits: str) -> Quantity | None:
        try:
            value = Decimal(digits.replace(",", ""))
        except InvalidOperation:
            return None
        after = text[end:]
        if re.match(r"-\d|[.,:/]\d|\d", after) or re.match(r"(?:st|nd|rd|th)\b", after, re.I):
            return None  # a phone number, a list of digits, an ordinal
        prefix = _PREFIX.search(text[max(0, start - 4) : start])
        currency = _SYMBOLS[prefix.group("cur")] if prefix else None
        if prefix is not None and prefix.group("cur") == "$":
            currency = self.dollar
        if prefix is None and self._sign_before is not None:
            # "R150" where the KB keeps rand (the lookbehind sees the text before the window)
            prefix = self._sign_before.search(text, max(0, start - 8), start)
            currency = self._signs[prefix.group("cur")] if prefix else None
        if prefix is not None:
            start -= len(prefix.group(0))
            if prefix.group("neg"):
                value = -value
        elif start > 0 and text[start - 1] in "-−" and (start < 2 or not text[start - 2].isalnum()):
            value, start = -value, start - 1
        pos = end
        scale = _SCALE_WORD.match(text, pos)
        if scale is None and currency is not None:
            scale = _SCALE_LETTER.match(text, pos)
        if scale is None:
            letter = _SCALE_LETTER.match(text, pos)
            if letter is not None and _CURRENCY_WORD.match(text, letter.end()):
                scale = letter
        if scale is not None:
            value *= _SCALES[scale.group("scale").lower()]
            pos = scale.end()
        word = _CURRENCY_WORD.match(text, pos)
        if word is None and scale is not None and re.match(r"\s?pounds?\b", text[pos:], re.I):
            word = re.match(r"\s?(?P<word>pounds?)\b", text[pos:], re.I)
            if word is not None:
                return self._make(text, start, pos + word.end(), CURRENCY, value, "GBP", "GBP")
        if word is not None:
            code = _currency_of(word.group("word"), self.dollar)
            return self._make(text, start, word.end(), CURRENCY, value, code, code)
        other = self._other_currency(text, pos) if currency is None else None
        if other is not None:  # "150 ZAR", "40 Swiss francs"
            code = self._words[other.group("word").lower()]
            return self._make(text, start, other.end(), CURRENCY, value, code, code)
        if currency is not None:
            return self._make(text, start, pos, CURRENCY, value, currency, currency)
        percent = _PERCENT.match(text, pos)
        if percent is not None:
            return self._make(text, start, percent.end(), PERCENT, value, "%")
        if (
            _OLDER.match(text, pos)
            or said_as_age(text, start)
            or (
                _PEOPLE_BE.search(text, max(0, start - 60), start)
                and _AFTER_BARE_AGE.match(text, pos)
            )
        ):
            # "16 or older", "aged 16", "participants need to be at least 16": an age, in years
            return self._make(text, start, pos, QUANTITY, value, "year")
        ratio = _RATIO_SUFFIX.match(text, pos)
        if ratio is not None:
            return self._make(text, start, ratio.end(), RATIO, value, "x")
        temperature = _TEMPERATURE.match(text, pos)
        if temperature is not None:
            scale_name = next((g for g in temperature.groups() if g), "F")
            degree = scale_name[0].upper()
            return self._make(text, start, temperature.end(), QUANTITY, value, degree)
        unit = _UNIT.match(text, pos)
        if unit is not None and not (
            unit.group(0).startswith("-")
            and dimension(_UNITS[unit.group("unit").lower()]) == "time"
        ):
            # "a 43-inch TV", "1TB"; not "a 6-month warranty", which names a kind of warranty
            # as often as its length ("a 6-month warranty rather than 12")
            return self._make(
                text, start, unit.end(), QUANTITY, value, _UNITS[unit.group("unit").lower()]
            )
        metres = _METRES.match(text, pos)
        if metres is not None:
            # "a 620 m vertical drop", "2,940m": metres (a scale only before a currency)
            return self._make(text, start, metres.end(), QUANTITY, value, "m")
        if re.match(r"[A-Za-z]", text[pos : pos + 1]):
            return None  # "3rd", "4b", "v2": letters glued to the number
        named = _NAMED_COUNT.match(text, pos)
        if named is not None and named["last"].lower() not in STREET_WORDS and scale is None:
            # "4 Country Sourdough loaves", "2 Rye & Caraway loaves": a count of a named thing,
            # the lower-case noun after its name what is counted
            return self._make(text, start, pos, COUNT, value, named["noun"])
        named = _NAMED_PLURAL.match(text, pos)
        if (
            named is not None
            and singular(named["last"]) != named["last"]
            and scale is None
            and not re.search(r"[A-Z][\w'-]*\s+$", text[:start])  # "Route 66 Records"
        ):
            # "8 Vegan Apple Danishes": a name ending in a plural, what is counted
            return self._make(text, start, pos, COUNT, value, named["last"].lower())
        if re.match(r"\s+(?:[A-Z][a-z]+\s+)*[A-Z][a-z]+\b", text[pos:]) and scale is None:
            return None  # "434 Arastradero Rd": a house number
        counted = self._counted(text, start, pos, value)
        if counted is not None and value == value.to_integral_value():
            return counted
        if scale is None and _ratio_context(text, start):
            return self._make(text, start, pos, RATIO, value, "x")
        return self._make(text, start, pos, NUMBER, value)

    def _counted(self, text: str, start: int, end: int, value: Decimal | int) -> Quantity | None:
        """``value`` followed by a counted noun ("3 beds", "two shopping centers")."""
        m = re.match(r"\s+(?P<noun>[a-z][a-z-]{2,})\b", text[end:])
        if m is None or m.group("noun") in _STOP_NOUNS:
            return None
        return self._make(text, start, end, COUNT, Decimal(value), m.group("noun"))

    @staticmethod
    def _make(
        text: str,
        start: int,
        end: int,
        kind: str,
        value: Decimal,
        unit: str | None = None,
        currency: str | None = None,
    ) -> Quantity:
        bound = None
        before = text[max(0, start - 20) : start]
        for pattern, name in _BOUNDS:
            if pattern.search(before):
                bound = name
        return Quantity(
            span=Span(start, end),
            text=text[start:end],
            kind=kind,
            value=value,
            unit=unit,
            currency=currency,
            bound=bound,
            approximate=bool(_APPROXIMATE.search(before)),
            per=(period_of_rate(text, start, end) or measure_of_rate(text, end))
            if kind == CURRENCY
            else thing_of_count(text, end, start)
            if kind == COUNT
            else None,
        )


#: The periods an amount may be said per, by the words that name each.
PERIOD_WORDS = {
    "year": ("year", "years", "annual", "annually", "yearly", "annum"),
    "month": ("month", "months", "monthly"),
    "week": ("week", "weeks", "weekly"),
    "day": ("day", "days", "daily"),
    "night": ("night", "nights", "nightly"),
    "hour": ("hour", "hours", "hourly"),
}
#: Each word naming a period -> the period.
PERIOD_OF = {w: period for period, words in PERIOD_WORDS.items() for w in words}
#: "per" between what a rate counts and what it is counted per ("points per pound").
_PER = re.compile(r"\s+per\s+", re.I)


def split_rate(phrase: str) -> tuple[str, str] | None:
    """What a rate's phrase counts and the word it counts it per ("points per pound" ->
    ``("points", "pound")``); ``None`` for a phrase with no "per"."""
    parts = _PER.split(phrase, maxsplit=1)
    if len(parts) < 2:
        return None
    per = re.match(r"[A-Za-z]+", parts[1])
    return parts[0], per.group().lower() if per else ""


#: Words naming a charge paid once, or the sum of a whole stay or rental, unless a period is
#: named with them ("exit fee", "deposit", "total price"; not "monthly fee").
ONE_OFF_CHARGES = frozenset({"fee", "fees", "deposit", "excess", "penalty", "total", "subtotal"})
#: The nouns of periods ("a year", "per annum") and the words made from them ("monthly",
#: "annual"), as regular expression alternations.
_PERIOD_NOUNS = "|".join(w for w in PERIOD_OF if not w.endswith(("ly", "al", "s")))
_PERIOD_MODIFIERS = "|".join(w for w in PERIOD_OF if w.endswith(("ly", "al")))
#: After an amount: "a year", "per month", "/night", "each week", "for the whole day",
#: "monthly" (not "for the week": a total for the span a booking covers).
_PER_AFTER = re.compile(
    r"\s*(?:(?:a|an|per|each|every|/|for\s+(?:(?:a|an|one)(?:\s+(?:whole|full))?|the\s+(?:whole|full)))\s*"
    rf"(?P<noun>{_PERIOD_NOUNS})\b|(?P<adverb>{_PERIOD_MODIFIERS})\b)",
    re.I,
)
#: Before an amount, in its noun phrase: "a monthly Direct Debit of", "the annual cost is".
_PER_BEFORE = re.compile(
    rf"\b(?P<adjective>{_PERIOD_MODIFIERS})\s+(?:[\w-]+\s+){{0,3}}(?:of|is|was|at|:)?\s*$",
    re.I,
)


def period_of_rate(text: str, start: int, end: int) -> str | None:
    """The period an amount at ``text[start:end]`` is said per ("£1,480 a year": ``year``;
    "a monthly Direct Debit of £123": ``month``), or ``None`` (a one-off amount)."""
    after = _PER_AFTER.match(text, end)
    if after is not None:
        return PERIOD_OF[(after["noun"] or after["adverb"]).lower()]
    before = _PER_BEFORE.search(text[max(0, start - 40) : start])
    return PERIOD_OF[before["adjective"].lower()] if before is not None else None


#: After an amount, the measure it is said per: "£3.80 per kg", "£1.31 a litre", "£2/kg".
_PER_MEASURE = re.compile(
    r"(?:\s*/\s*|\s+(?:per|a|an|each)\s+)(?P<unit>(?:square|cubic)\s+[a-z]+|[a-z]+[²³23]?)\b",
    re.I,
)
#: What an amount may be said per: a mass, a volume, a length or an area ("£32 a tonne",
#: "85p a metre", "£12 per square metre"), not a time (a period: :func:`period_of_rate`).
_RATE_DIMENSIONS = frozenset({"mass", "volume", "length", "area"})


def measure_of_rate(text: str, end: int) -> str | None:
    """The unit of measure an amount ending at ``end`` is said per ("£3.80 per kg": ``kg``,
    "£1.31 a litre": ``l``, "£32 a tonne": ``t``), or ``None``."""
    m = _PER_MEASURE.match(text, end)
    if m is None:
        return None
    word = m["unit"].lower()
    unit = canonical_unit("kg" if word.startswith("kilo") else word)
    return unit if dimension(unit) in _RATE_DIMENSIONS else None


#: After a count, its noun and the thing it is counted per: "two bottles per table".
_COUNT_PER = re.compile(r"\s*[a-z]+\s+per\s+(?P<thing>[a-z]+)\b", re.I)
#: Before a count in its clause, each of what it is counted per: "Each Cellar Club shipment
#: has 12 bottles" (a name's words may stand between "each" and the thing).
_EACH_BEFORE = re.compile(
    r"\b(?i:each|every)\s+(?:[A-Z][\w'&-]*\s+){0,4}(?P<thing>[a-z]+)\b[^.;:!?,]*$"
)


def thing_of_count(text: str, end: int, start: int | None = None) -> str | None:
    """The thing a count ending at ``end`` (and starting at ``start``) is said per, in the
    singular ("two bottles per table", "Each shipment has 12 bottles": ``table``,
    ``shipment``), or ``None`` (for a period too: "3 lessons per week" is a rate)."""
    m = _COUNT_PER.match(text, end)
    if m is None and start is not None:
        m = _EACH_BEFORE.search(text, max(0, start - 60), start)
    thing = singular(m["thing"].lower()) if m is not None else None
    if thing is None or thing in PERIOD_OF or thing in _STOP_NOUNS:
        return None  # "3 lessons per week": a rate; "each of them"
    return thing


def _currency_of(word: str, dollar: str) -> str:
    """The currency a word after a number names; "dollars" and "bucks" are ``dollar``."""
    word = word.lower()
    if "euro" in word or word == "eur":
        return "EUR"
    if "pound" in word or word == "gbp":
        return "GBP"
    if word.startswith("us") or word == "usd":
        return "USD"
    return dollar


def _ratio_context(text: str, start: int) -> bool:
    """A bare number after a ratio word: "DSCR 1.25", "a ratio of 1.25", "DSCR was 1.5"."""
    words = re.findall(r"[A-Za-z]+", text[max(0, start - 40) : start])[-4:]
    return any(w.lower() in _RATIO_WORDS for w in words)


def rounded_agrees(stated: Decimal, expected: Decimal, *, to_unit: bool = True) -> bool:
    """Whether ``expected`` rounds to the round figure ``stated``: to the step its trailing
    zeros (or a last 5 after another digit) show, "52,700" to the hundred (52,655 agrees),
    "300" to the hundred (312 agrees), "80" and "50" to the ten, "15" to the five, "6" to the
    unit (6.1 agrees) unless not ``to_unit`` (a length of time: "about an hour" is no 45
    minutes)."""
    if stated == 0:
        return False
    digits = (
        str(abs(stated).normalize().quantize(Decimal(1)))
        if stated == stated.to_integral_value()
        else ""
    )
    if not digits:
        return False
    zeros = len(digits) - len(digits.rstrip("0"))
    step = Decimal(10) ** zeros
    if len(digits.rstrip("0")) > 1 and digits.rstrip("0")[-1] == "5":
        step *= 5  # "15", "250"; not a lone "5" nor "50" ("about 5 hours" is no 3 hours)
    if step == 1 and not to_unit:
        return False
    if step == 1:
        # "about 6 km" of 6.1 km: a whole number rounds to the unit (not "about two hours"
        # of two and a half)
        return abs(stated - expected) * 2 < step
    return abs(stated - expected) * 2 <= step
