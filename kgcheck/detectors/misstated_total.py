"""``misstated_total``: an amount the reply works out from its own figures, worked out wrong.

"Marine Plywood is £39.10 a sheet, so eight sheets come to £321.80": the reply states a price
per sheet, a count of sheets and what they come to, and 8 × £39.10 is £312.80. Whatever the KB
holds, the reply's own arithmetic is wrong. The total is read only where the sentence presents
it as one ("come to", "in total", "that's", "works out at", "altogether") right after the
count, the price is said per the counted noun ("a sheet", "per sheet", "each"), and nothing is
added between them or to the total ("plus ten bags of mortar", "four tickets and parking",
"£50 with the £2 booking fee"): then the product is the only reading, and a total that is
neither it nor worked out from two other figures of the reply
(:func:`~kgcheck.values.arithmetic.worked_out`) is flagged, never rewritten (which figure is
wrong, the sentence does not say).
"""

from __future__ import annotations

import re
from decimal import Decimal

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.types import Evidence, Flag, FlagType
from kgcheck.values.arithmetic import worked_out
from kgcheck.values.quantities import COUNT, CURRENCY, NUMBER, Quantity, singular

__all__ = ["MisstatedTotalDetector"]

#: Words that present the figure after them as what the ones before come to.
_TOTAL_CUE = re.compile(
    r"\b(?:comes?\s+to|came\s+to|(?:would|will)\s+(?:come|be)\s+to|in\s+total|altogether|"
    r"totals?|totalling|that's|that\s+is|works?\s+out\s+(?:at|to)|makes?)\s*$",
    re.I,
)
#: Words that add something to the product: then it is not the whole total.
_ADDED = re.compile(
    r"\b(?:plus|including|inc|incl|as\s+well\s+as|together\s+with|on\s+top)\b|\+", re.I
)
#: Words that join something to what is counted, right before the total ("four tickets and
#: parking come to"), or to the total ("£50 with the £2 booking fee").
_JOINED = re.compile(r"\b(?:and|with)\b", re.I)
#: How far before the total its cue may start (characters).
_CUE_REACH = 30
#: Words that say an amount is for one of what is counted.
_EACH = frozenset({"each", "apiece", "per item", "a piece"})


class MisstatedTotalDetector(Detector):
    name = "misstated_total"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        analysis = ctx.analysis
        text = analysis.text
        flags: list[Flag] = []
        for segment in analysis.segments:
            span = segment.span
            inside = [q for q in analysis.quantities if span.contains(q.span)]
            for total in inside:
                if total.kind != CURRENCY or total.per is not None or total.approximate:
                    continue
                lead = text[max(span.start, total.span.start - _CUE_REACH) : total.span.start]
                if not _TOTAL_CUE.search(lead):
                    continue
                found = _product(text, total, inside)
                if found is None:
                    continue
                count, price, product = found
                if product == total.value or worked_out(total, analysis.quantities) is not None:
                    continue
                flags.append(self._flag(total, count, price, product))
        return flags

    def _flag(self, total: Quantity, count: Quantity, price: Quantity, product: Decimal) -> Flag:
        sign = total.text[: len(total.text) - len(total.text.lstrip("£$€¥"))]
        worked = f"{sign}{product:,.2f}" if sign else f"{product:,.2f}"
        counted = (
            f"{count.text} {count.unit}"
            if count.unit and count.unit not in count.text
            else count.text
        )
        message = f"{counted} at {price.text} come to {worked}, not {total.text}"
        return self.flag(
            span=total.span,
            content=total.text,
            message=message,
            evidence=[Evidence("arithmetic", message)],
            action="flag",
            kb_strength=0.8,
        )


def _product(
    text: str, total: Quantity, inside: list[Quantity]
) -> tuple[Quantity, Quantity, Decimal] | None:
    """The count right before the total and the one price per the counted thing before it,
    with their product; ``None`` where the sentence has not exactly one such pair, or adds
    something between them and the total."""
    counts = [
        q
        for q in inside
        if q.kind in {COUNT, NUMBER} and q.span.end <= total.span.start and q.value >= 2
    ]
    if not counts:
        return None
    count = counts[-1]
    noun = singular((count.unit or "").lower())
    prices = [
        q
        for q in inside
        if q is not total
        and q.kind == CURRENCY
        and q.currency == total.currency
        and q.span.end <= total.span.start
        and _per_one(text, q, noun)
    ]
    if len(prices) != 1:
        return None
    price = prices[0]
    start = min(price.span.start, count.span.start)
    between = text[start : total.span.start]
    for q in (price, count):
        between = between.replace(q.text, " ")
    if _ADDED.search(between) or _JOINED.search(text[count.span.end : total.span.start]):
        return None
    for q in inside:
        if q.kind == CURRENCY and q.span.start >= total.span.end:
            joining = text[total.span.end : q.span.start]
            if _ADDED.search(joining) or _JOINED.search(joining):
                return None  # "come to £50 with the £2 booking fee": the total holds more
    return count, price, price.value * count.value


def _per_one(text: str, price: Quantity, noun: str) -> bool:
    """Whether ``price`` is said for one of the counted ``noun`` ("£39.10 a sheet", "per
    sheet", "£1.85 each")."""
    if noun and price.per is not None and singular(price.per.lower()) == noun:
        return True
    after = text[price.span.end : price.span.end + 24].lower()
    if any(after.lstrip().startswith(w) for w in _EACH):
        return True
    return (
        bool(noun)
        and re.match(rf"\s*(?:a|an|per|for\s+each|each)\s+{re.escape(noun)}\b", after) is not None
    )
