"""Figures a reply works out from its other figures: "packs of 10 for £18.00, which works out
at £1.80 a box", "£35.00 left, a seat is £24, so you'd still have £11", "Bank Rate plus 0.60%,
so with Bank Rate at 3.75% you'd pay 4.35%".

Such a figure is the value of no property: read against one only by a guess, it is no
misstatement of it. :func:`worked_out` says how one figure follows from two others of the same
reply (a sum or a difference of two amounts of one kind, an amount times or divided by a
count, an amount times a percentage, an amount with a percentage of it added or taken off);
the checks of numbers leave it to the arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from kgcheck.values.quantities import COUNT, CURRENCY, NUMBER, PERCENT, QUANTITY, Quantity

__all__ = ["worked_out"]

#: The kinds of figure a reply adds, subtracts and multiplies.
_AMOUNTS = frozenset({CURRENCY, PERCENT})
#: The kinds of figure that count or measure what an amount is multiplied by ("10", "four
#: hours", "3 people").
_FACTORS = frozenset({COUNT, NUMBER, QUANTITY})


def worked_out(q: Quantity, others: Sequence[Quantity]) -> str | None:
    """How ``q`` follows from two of ``others`` ("£18.00 / 10"), or ``None``: a sum or a
    difference of two figures of its kind and currency, a product or quotient of one of them
    and a count or measure of at least 2, an amount times a percentage, or with a percentage
    of it added or taken off ("£9.54 with VAT" of £7.95 at 20 %); or, for a count or
    measure, the quotient of two amounts. Figures are equal to
    the cent (a round figure said "about" or "roughly": to its last digit)."""
    if q.kind in _FACTORS and q.value >= 2:
        # "£404.00 in total ... for four hours, at £101 an hour": the hours are the quotient
        money = [o for o in others if o is not q and o.kind == CURRENCY and o.value > 0]
        for a in money:
            for b in money:
                if a is not b and a.currency == b.currency and _equal(q, a.value / b.value):
                    return f"{a.text} / {b.text}"
        return None
    if q.kind not in _AMOUNTS:
        return None
    same = [
        o
        for o in others
        if o is not q and o.kind == q.kind and o.currency == q.currency and o.value > 0
    ]
    factors = [o.value for o in others if o.kind in _FACTORS and o.value >= 2]
    percents = [o.value for o in others if o.kind == PERCENT and o.value > 0]
    for i, a in enumerate(same):
        for b in same[i + 1 :]:
            if _equal(q, a.value + b.value):
                return f"{a.text} + {b.text}"
            if _equal(q, abs(a.value - b.value)):
                return f"{a.text} - {b.text}" if a.value > b.value else f"{b.text} - {a.text}"
    for a in same:
        for n in factors:
            if _equal(q, a.value * n):
                return f"{a.text} x {n}"
            if _equal(q, a.value / n):
                return f"{a.text} / {n}"
        if q.kind == CURRENCY:
            for p in percents:
                if _equal(q, a.value * p / 100):
                    return f"{p}% of {a.text}"
                # "a £7.95 bag is £9.54 with VAT" at 20 %; "£40, less 10 %, is £36"
                if _equal(q, a.value * (100 + p) / 100):
                    return f"{a.text} + {p}%"
                if p < 100 and _equal(q, a.value * (100 - p) / 100):
                    return f"{a.text} - {p}%"
    return None


def _equal(q: Quantity, worked: Decimal) -> bool:
    """Whether ``q`` states ``worked``: to the cent, or, said as a round figure, to the last
    digit it writes."""
    if q.approximate:
        exponent = q.value.normalize().as_tuple().exponent
        step = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
        return abs(q.value - worked) <= step
    return abs(q.value - worked) < Decimal("0.005")
