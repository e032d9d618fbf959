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

__all__ = ["worked_out", "worked_out_beside"]

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
    same = _same_kind(q, others)
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
            if (how := _by_count(q, a, n)) is not None:
                return how
        if q.kind == CURRENCY:
            for p in percents:
                if (how := _by_rate(q, a, p)) is not None:
                    return how
    return None


def worked_out_beside(
    q: Quantity,
    reply: Sequence[Quantity],
    *,
    theirs: Sequence[Quantity] = (),
    held: Decimal | None = None,
    rates: Sequence[Decimal] = (),
) -> str | None:
    """How the amount ``q`` follows from an amount of the ``reply`` and a figure from outside
    it, or ``None``: times or divided by a count the user gave (``theirs``: "£10 per person,
    so £90 for your group" of a group of 9), a held amount (``held``, the KB's) less an amount
    of the reply or the user's ("another $587.60 moves you up to Gold" of Gold's $1,200 and the
    $612.40 spent), or with a rate (``rates``, percentages the KB holds of what the reply names)
    of it added, taken off or taken ("$38.14 with HST" of $33.75 at 13 %).

    Narrower than :func:`worked_out` on purpose: a figure outside the reply is one operand at
    most, and a held amount only ever the larger side of a difference, so that a misstated
    figure is not explained by a coincidence with the value it misstates ("£230 in total"
    against £220 is not £220 plus the £10 surcharge the reply names)."""
    if q.kind not in _AMOUNTS:
        return None
    amounts = _same_kind(q, reply)
    counts = [o.value for o in theirs if o.kind in _FACTORS and o.value >= 2]
    for a in amounts:
        for n in counts:
            if (how := _by_count(q, a, n)) is not None:
                return how
    if held is not None and q.value < held:
        for a in [*amounts, *_same_kind(q, theirs)]:
            if _equal(q, held - a.value):
                return f"{held} - {a.text}"
    if q.kind == CURRENCY:
        for a in amounts:
            for p in (r for r in rates if r > 0):
                if (how := _by_rate(q, a, p)) is not None:
                    return how
    return None


def _same_kind(q: Quantity, others: Sequence[Quantity]) -> list[Quantity]:
    """The positive figures of ``others`` of ``q``'s kind and currency, ``q`` left out."""
    return [
        o
        for o in others
        if o is not q and o.kind == q.kind and o.currency == q.currency and o.value > 0
    ]


def _by_count(q: Quantity, a: Quantity, n: Decimal) -> str | None:
    """How ``q`` is ``a`` times or divided by ``n``, or ``None``."""
    if _equal(q, a.value * n):
        return f"{a.text} x {n}"
    if _equal(q, a.value / n):
        return f"{a.text} / {n}"
    return None


def _by_rate(q: Quantity, a: Quantity, p: Decimal) -> str | None:
    """How ``q`` is ``p`` percent of ``a``, or ``a`` with it added or taken off ("a £7.95 bag
    is £9.54 with VAT" at 20 %; "£40, less 10 %, is £36"), or ``None``."""
    if _equal(q, a.value * p / 100):
        return f"{p}% of {a.text}"
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
