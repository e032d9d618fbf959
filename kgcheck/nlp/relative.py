"""Relative and aggregate values: "2 miles farther", "10 degrees warmer" state a difference, "two
tickets cost $25 in total", "that comes to $25" a sum, not a value of the property the unit names.

Such a quantity is left unbound (so unchecked) rather than read as the absolute value of the
property its unit names: a unit price of $12.50 does not make a total of $25 wrong.

Usage::

    is_relative(text, quantity.span)      # "2 miles farther than Starbucks": True
    is_aggregate(text, quantity.span)     # "Two tickets for Tideline cost $25": True
"""

from __future__ import annotations

import re

from kgcheck.types import Span

__all__ = ["is_aggregate", "is_relative"]

_COMPARATIVE = re.compile(
    r"\s*(?:[a-z]+\s+)?(?:farther|further|closer|nearer|warmer|colder|cooler|hotter|higher|"
    r"lower|more|less|fewer|longer|shorter|bigger|smaller|larger|cheaper|dearer|"
    r"above|below|apart)\b",
    re.I,
)


def is_relative(text: str, span: Span) -> bool:
    """Whether the quantity at ``span`` is followed by a comparative: a difference."""
    return _COMPARATIVE.match(text, span.end) is not None


_NUMBER_WORDS = (
    r"(?:(?<![\d.,:])(?:[2-9]|[1-9]\d{1,2})(?![\d.,:])|two|three|four|five|six|seven|eight|nine"
    r"|ten|twelve|both)"
)
#: Words before an amount that make it a sum: "comes to $25", "a total of $25", "$25 for both".
_SUM_BEFORE = re.compile(
    r"\b(?:in\s+total|totals?|totall?ed|totall?ing|altogether|combined|(?:comes?|came)\s+to|"
    r"adds?\s+up\s+to|added\s+up\s+to|sum\s+of)\b[^.!?]*$",
    re.I,
)
_SUM_AFTER = re.compile(
    rf"\s*(?:in\s+total|total|altogether|all\s+together|combined|together|"
    rf"for\s+(?:both|all|each\s+of|the\s+{_NUMBER_WORDS}|{_NUMBER_WORDS}))\b",
    re.I,
)
#: Several of something before the amount in its sentence: "Two tickets ... cost $25".
_SEVERAL = re.compile(
    rf"\b{_NUMBER_WORDS}\s+(?:[a-z-]+\s+)?(?!(?:was|has|is|does|this|its|his|us|as|yes|always|"
    rf"plus)\b)[a-z]+s\b",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def is_aggregate(text: str, span: Span, money: bool = True) -> bool:
    """Whether the quantity at ``span`` is a sum: a word of summing before it in its sentence
    ("that comes to $25") or after it ("$25 in total", "$25 for both"), or, for an amount of
    money (``money``), several of something before it in its sentence ("Booking two tickets:
    $25")."""
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, span.start)), default=0)
    before = text[start : span.start]
    if _SUM_BEFORE.search(before) or _SUM_AFTER.match(text, span.end):
        return True
    return money and _SEVERAL.search(before) is not None
