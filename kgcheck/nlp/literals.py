"""Literal objects parsed by the range of their property: numbers, dates and strings."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

__all__ = ["DATE_TYPES", "NUMERIC_TYPES", "parse_date", "parse_literal", "parse_number"]

XSD = "http://www.w3.org/2001/XMLSchema#"
NUMERIC_TYPES = frozenset(
    XSD + t
    for t in (
        "integer", "decimal", "double", "float", "int", "long", "short", "nonNegativeInteger",
        "positiveInteger", "negativeInteger", "nonPositiveInteger", "unsignedInt",
    )
)  # fmt: skip
DATE_TYPES = frozenset({XSD + "date", XSD + "dateTime", XSD + "gYear", XSD + "gYearMonth"})

_NUMBER = re.compile(
    r"(?P<sign>[-−])?(?P<cur>[$€£])?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s?(?P<scale>k|K|m|M|bn|B|thousand|million|billion|percent|%)?\b"
)
_SCALES = {
    "k": 1_000, "K": 1_000, "thousand": 1_000, "m": 1_000_000, "M": 1_000_000,
    "million": 1_000_000, "bn": 1_000_000_000, "B": 1_000_000_000, "billion": 1_000_000_000,
}  # fmt: skip
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def parse_number(text: str) -> Decimal | None:
    """The first number in ``text``: ``"$1.2M"`` -> 1200000, ``"4,850,000"`` -> 4850000."""
    m = _NUMBER.search(text)
    if m is None:
        return None
    try:
        value = Decimal(m.group("num").replace(",", ""))
    except InvalidOperation:
        return None
    scale = m.group("scale")
    if scale in _SCALES:
        value *= _SCALES[scale]
    if m.group("sign"):
        value = -value
    return value


def parse_date(text: str, now: datetime | None = None) -> date | None:
    m = _ISO_DATE.search(text)
    if m is not None:
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    import dateparser

    settings: dict[str, Any] = {"PREFER_DAY_OF_MONTH": "first", "RETURN_AS_TIMEZONE_AWARE": False}
    if now is not None:
        settings["RELATIVE_BASE"] = now.replace(tzinfo=None)
    parsed = dateparser.parse(text, languages=["en"], settings=settings)
    return parsed.date() if parsed is not None else None


def parse_literal(text: str, datatype: str | None, now: datetime | None = None) -> Any:
    """The value of ``text`` read as ``datatype`` (an XSD IRI); ``None`` when it is not one."""
    text = text.strip()
    if not text:
        return None
    if datatype in NUMERIC_TYPES:
        return parse_number(text)
    if datatype in DATE_TYPES:
        return parse_date(text, now)
    if datatype == XSD + "boolean":
        lowered = text.lower()
        return True if lowered in {"true", "yes"} else False if lowered in {"false", "no"} else None
    return text
