"""Comparing a value stated in text with a value the KB holds (datatype-aware)."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from rdflib import Literal, URIRef
from rdflib.term import Node

from kgcheck.kb.normalize import normalize

__all__ = ["format_like", "matches"]

_DIGITS = re.compile(r"\d")


def matches(stated: Any, stated_iri: str | None, kb_value: Node, *, tolerance: float = 0.0) -> bool:
    """Whether a stated value agrees with ``kb_value``.

    Entities agree by IRI; numbers within the relative ``tolerance``; dates at the stated
    granularity; strings after normalisation (case, spacing, punctuation), and strings made of
    digits (phone numbers, extensions) digit by digit.
    """
    if isinstance(kb_value, URIRef):
        return stated_iri is not None and URIRef(stated_iri) == kb_value
    if not isinstance(kb_value, Literal):
        return False
    expected = kb_value.toPython()
    if isinstance(stated, Decimal | int | float) and not isinstance(stated, bool):
        number = _number(expected)
        if number is None:
            return _text_match(str(stated), str(kb_value))
        stated_number = Decimal(str(stated))
        if number == 0:
            return stated_number == 0
        return abs(stated_number - number) <= abs(number) * Decimal(str(tolerance))
    if isinstance(stated, date):
        if isinstance(expected, datetime):
            expected = expected.date()
        if isinstance(expected, date):
            return stated == expected
        return str(kb_value).startswith(stated.isoformat()[: len(str(kb_value))])
    return _text_match(str(stated), str(kb_value))


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


def _text_match(a: str, b: str) -> bool:
    if normalize(a, drop_titles=False) == normalize(b, drop_titles=False):
        return True
    digits_a, digits_b = "".join(_DIGITS.findall(a)), "".join(_DIGITS.findall(b))
    letters = re.sub(r"[\d\W_]", "", a + b)
    return bool(digits_a) and digits_a == digits_b and not letters


_STATED_NUMBER = re.compile(
    r"(?P<num>\d[\d,]*(?:\.\d+)?)(?P<space>\s?)"
    r"(?P<scale>thousand|million|billion|bn|k|K|m|M|B)?\b"
)
_SCALES = {
    "thousand": 1_000, "k": 1_000, "K": 1_000, "million": 1_000_000, "m": 1_000_000,
    "M": 1_000_000, "billion": 10**9, "bn": 10**9, "B": 10**9,
}  # fmt: skip
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MONTH_FIRST = re.compile(r"^[A-Za-z]+\s+\d")


def format_like(stated: str, value: Node, fallback: str) -> str:
    """``value`` written the way the reply wrote the wrong one: "$6 million" with a KB value of
    4850000 becomes "$4.85 million"; "3 March 2018" with 2019-09-16 becomes "16 September 2019".
    Other values come back as ``fallback`` (the KB's label)."""
    if not isinstance(value, Literal):
        return fallback
    python = value.toPython()
    if isinstance(python, datetime):
        python = python.date()
    if isinstance(python, date):
        text = stated.strip()
        if _ISO.match(text):
            return python.isoformat()
        if _MONTH_FIRST.match(text):
            return f"{python:%B} {python.day}, {python.year}"
        return f"{python.day} {python:%B} {python.year}"
    number = _number(python)
    found = _STATED_NUMBER.search(stated)
    if number is None or found is None:
        return fallback
    # only the number changes: currency, scale word, unit and percent stay as the reply wrote them
    scale = found.group("scale")
    scaled = number / _SCALES[scale] if scale else number
    digits = f"{scaled:,.2f}" if "," in found.group("num") else f"{scaled:.2f}"
    digits = digits.rstrip("0").rstrip(".") if "." in digits else digits
    return stated[: found.start("num")] + digits + stated[found.end("num") :]
