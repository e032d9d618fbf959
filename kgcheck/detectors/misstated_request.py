"""``misstated_request``: a confirmation that restates what the user asked for with another count.

"Please confirm: 3 tickets for the Mets game on March 3rd" after the user asked for two tickets:
the sentence restates the request (:func:`~kgcheck.numeric_claims.restated_spans`), so its values
are the user's, checked against what the user said rather than the KB or the tool results. A
count of a noun is wrong when the user's last count was of that noun, with another number, and
is corrected to it. A later count of anything else or a bare number ("It's for 1 person" after
"3 passengers", "make it 3", "bought four") may have changed it, and so may another number said
with it: then the count is left alone. So are days and times, which users give in too many ways
("6:15 in the evening", "the day after") and agree to when the agent offers them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.numeric_claims import restated_spans
from kgcheck.types import Evidence, Flag, FlagType
from kgcheck.values.quantities import COUNT, QuantityRecognizer, counts_in, singular
from kgcheck.values.temporal import TemporalRecognizer

__all__ = ["MisstatedRequestDetector"]

#: "one", which ``counts_in`` leaves out (it is a pronoun as often): "I want one ticket".
_ONE = re.compile(r"\bone\b", re.IGNORECASE)


@dataclass
class _Asked:
    """The counts the user's turns stated, by noun, and the words that stated them."""

    counts: dict[str, Decimal] = field(default_factory=dict)
    #: nouns a later count or bare number may have changed
    recounted: set[str] = field(default_factory=set)
    quotes: dict[str, str] = field(default_factory=dict)


class MisstatedRequestDetector(Detector):
    name = "misstated_request"
    flag_type = FlagType.CONTRADICTS_PRIOR

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        restated = restated_spans(ctx.analysis)
        users = [t for t in ctx.state.turns if t.role == "user"]
        if not restated or not users:
            return []
        asked = _asked(((t.text, t.time) for t in users), ctx)
        flags: list[Flag] = []
        for q in ctx.analysis.quantities:
            if q.kind != COUNT or not q.unit or not any(r.contains(q.span) for r in restated):
                continue
            noun = singular(q.unit.lower())
            wanted = asked.counts.get(noun)
            if wanted is None or wanted == q.value or noun in asked.recounted:
                continue
            number = _number(q.value)
            flags.append(
                self.flag(
                    span=q.span,
                    content=q.text,
                    message=f"The user asked for {_number(wanted)} {q.unit}, not {number}",
                    evidence=[Evidence("history", f"the user: {asked.quotes[noun]!r}")],
                    correction=_number(wanted) if q.text == number else None,
                    correction_span=q.span if q.text == number else None,
                )
            )
        return flags


def _asked(turns: Iterable[tuple[str, datetime | None]], ctx: DetectionContext) -> _Asked:
    asked = _Asked()
    quantities = QuantityRecognizer()
    temporal = TemporalRecognizer(ctx.temporal)
    for text, when in turns:
        dates = [t.span for t in temporal.find(text, now=when or ctx.now)]
        # a number of this turn (but a date's or a time's) may change any count said before:
        # which one, a bare number ("it would be better if you bought four", "It's for 1
        # person" after "3 passengers") does not say
        plain = "".join(
            " " if any(d.start <= i < d.end for d in dates) else c for i, c in enumerate(text)
        )
        numbers = counts_in(plain) + [1] * len(_ONE.findall(plain))
        if numbers:
            asked.recounted.update(asked.counts)
        counted = [q for q in quantities.find(text, skip=dates) if q.kind == COUNT and q.unit]
        for q in counted:
            noun = singular((q.unit or "").lower())
            asked.counts[noun] = q.value
            asked.quotes[noun] = text
            # one count in the turn is what it asks for; several, which one changed is unsaid
            if len(numbers) == 1:
                asked.recounted.discard(noun)
    return asked


def _number(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral_value() else str(value)
