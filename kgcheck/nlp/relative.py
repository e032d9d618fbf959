"""Relative and aggregate values: "2 miles farther", "10 degrees warmer" state a difference, "two
tickets cost $25 in total", "that comes to $25" a sum, not a value of the property the unit names.

Such a quantity is left unbound (so unchecked) rather than read as the absolute value of the
property its unit names: a unit price of $12.50 does not make a total of $25 wrong.

Usage::

    is_relative(text, quantity.span)      # "2 miles farther than Starbucks": True
    is_relative(text, quantity.span)      # "260 points away from your next reward": True
    is_aggregate(text, quantity.span)     # "Two tickets for Tideline cost $25 in total": True
    is_summed_over(text, quantity.span)   # "three days" of "£7.50 for three days": True
    is_per(text, quantity.span)           # "£1" of "2 points per £1": True
"""

from __future__ import annotations

import re

from kgcheck.types import Span

__all__ = ["is_aggregate", "is_per", "is_relative", "is_summed_over"]

_COMPARATIVE = re.compile(
    r"\s*(?:[a-z]+\s+)?(?:farther|further|closer|nearer|warmer|colder|cooler|hotter|higher|"
    r"lower|more|less|fewer|longer|shorter|bigger|smaller|larger|cheaper|dearer|"
    r"above|below|apart)\b",
    re.I,
)


#: A gap to a goal after a count or an amount: "260 points away from your next reward",
#: "$50 short of Gold", "two stamps to go". After a length or a time, "away" is a distance.
_SHORT_OF = re.compile(r"\s*(?:[a-z]+\s+)?(?:away\s+from|short\s+of|(?:left\s+)?to\s+go\b)", re.I)


def is_relative(text: str, span: Span, *, measured: bool = False) -> bool:
    """Whether the quantity at ``span`` is followed by a comparative: a difference; or, when it
    is no measure (``measured``: a length, a time), by a gap to a goal ("260 points away
    from your next reward")."""
    return _COMPARATIVE.match(text, span.end) is not None or (
        not measured and _SHORT_OF.match(text, span.end) is not None
    )


_NUMBER_WORDS = (
    r"(?:(?<![\d.,:])(?:[2-9]|[1-9]\d{1,2})(?![\d.,:])|two|three|four|five|six|seven|eight|nine"
    r"|ten|twelve|both)"
)
#: Words before an amount that make it a sum: "comes to $25", "a total of $25", "$25 for both".
_SUM_BEFORE = re.compile(
    r"\b(?:in\s+total|totals|totall?ed|totall?ing|(?:a|the)\s+total\s+(?:of|is|was|comes)|"
    r"altogether|(?:comes?|came)\s+to|"
    r"adds?\s+up\s+to|added\s+up\s+to|sum\s+of)\b[^.!?]*$"
    # "15 hours of driving plus the Test Day Package, all for $1,150": what was listed, summed;
    # "4 bottles each of the Kloof Reserve, the Syrah and the Chenin, for R3,184"
    r"|\b(?:all|both)\s+for\s*$|\beach\s+of\s[^.!?]*,\s*for\s*$",
    re.I,
)
_SUM_AFTER = re.compile(
    # "four hours of instruction in total": what is summed may stand between
    rf"\s*(?:of\s+[a-z-]+(?:\s+[a-z-]+)?\s+)?"
    rf"(?:in\s+total|total(?=\s*(?:[.,;!?]|$))|altogether|all\s+together|combined|"
    rf"for\s+(?:both|all|each\s+of|the\s+{_NUMBER_WORDS}|{_NUMBER_WORDS})|"
    # "1,400 miles over the seven days": the days summed over, not "over the 12 km"
    rf"over\s+(?:the\s+)?{_NUMBER_WORDS}\s+(?:days|nights|weeks|months|years))\b",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
#: How far back in its sentence, in characters, a word of summing is looked for: a bound that
#: keeps a long reply's cost linear.
_LOOK_BACK = 300


def is_aggregate(text: str, span: Span) -> bool:
    """Whether the quantity at ``span`` is a sum: a word of summing before it in its sentence
    ("that comes to $25") or after it ("$25 in total", "$25 for both"). Several of something
    before an amount is not enough: "240 units and an NOI of $1.2M" states a value."""
    window = max(0, span.start - _LOOK_BACK)
    start = max((m.end() for m in _SENTENCE_END.finditer(text, window, span.start)), default=window)
    return bool(_SUM_BEFORE.search(text[start : span.start]) or _SUM_AFTER.match(text, span.end))


#: An amount of money and "for" right before a quantity: "£7.50 for (the) three days".
_AMOUNT_FOR = re.compile(
    r"(?:[£$€]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|pounds|euros|usd|gbp|eur))"
    r"\s+for\s+(?:the\s+)?$",
    re.I,
)
_SEVERAL = re.compile(_NUMBER_WORDS, re.I)
#: How far back, in characters, the amount a quantity is summed for is looked for.
_AMOUNT_BACK = 40


def is_summed_over(text: str, span: Span) -> bool:
    """Whether the quantity at ``span`` is what the sum said before it is taken over: "three
    days" of "£7.50 for three days", "2 nights" of "$300 for the 2 nights" (the amount is a sum:
    :func:`is_aggregate`). It says what was bought, not a value of the thing named next ("three
    days on the Europe Day Pass" is no pass that lasts three days). One of something is no sum:
    "£2.50 for one day" gives a rate and the period it is for."""
    before = text[max(0, span.start - _AMOUNT_BACK) : span.start]
    return bool(_AMOUNT_FOR.search(before)) and _SEVERAL.match(text, span.start) is not None


#: What a rate's second amount follows: "2 points per £1", "a point for every £1 spent" (not
#: "every" alone: "every 30 minutes" is how often).
_PER = re.compile(r"\b(?:per|for\s+every|for\s+each)\s*$", re.I)


def is_per(text: str, span: Span) -> bool:
    """Whether the quantity at ``span`` is what a rate is per ("£1" of "earn 2 points per £1",
    "a point for every £1 spent"): the measure of the rate, no value of a property."""
    return _PER.search(text, 0, span.start) is not None
