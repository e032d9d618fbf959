"""Comparing a value stated in text with a value the KB holds (datatype-aware)."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from rdflib import Literal, URIRef
from rdflib.term import Node

from kgcheck.kb.normalize import normalize

__all__ = ["matches"]

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
