"""``misstated_code``: an identifier or a telephone number stated almost as the KB or a tool
result holds it.

"Your booking reference is LCH-581372" when the booking call returned LCH-583172: a booking
reference, a registration plate, a postcode or a flight number is copied, not paraphrased, so a
code of the form the KB's identifiers take (:data:`~kgcheck.kb.value_forms.CODE`: capitals and
digits) that no value and no earlier turn holds, within one edit (a character changed, added
or left out, or two neighbours swapped) of a code the KB does hold, is that code misstated.
It is corrected when exactly one held code is that near; flagged otherwise. A code the user or
the conversation gave first is the user's, not a misstatement.
"""

from __future__ import annotations

import re

from rdflib import Literal, URIRef
from rdflib.term import Node

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.kb.value_forms import PHONE, value_forms
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.codes import code_key, is_code
from kgcheck.values.phones import find_numbers, number_key

__all__ = ["MisstatedCodeDetector"]

#: A stretch that may be an identifier: capitals and digits, in up to three parts.
_CANDIDATE = re.compile(r"(?<![\w-])[A-Z0-9]{2,}(?:[- ][A-Z0-9]{2,}){0,2}(?![\w-])")
#: The shortest code (capitals and digits) a near miss is read for: shorter ones are too alike.
_SHORTEST = 5


class MisstatedCodeDetector(Detector):
    name = "misstated_code"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        forms = value_forms(ctx.kb)
        codes = forms.codes()
        flags = []
        said: set[str] | None = None
        for span, key in _stated(ctx.analysis.text) if codes else ():
            if key in codes or len(key) < _SHORTEST:
                continue
            near = forms.near_codes(key)
            if not near:
                continue
            if said is None:  # read once, and only for a near miss
                said = {
                    code_key(m.group())
                    for turn in ctx.state.turns
                    for m in _CANDIDATE.finditer(turn.text)
                }
            if key not in said:
                flags.append(self._flag(ctx, span, near, codes))
        # a telephone number a digit off one the KB holds ("on 0300 303 1858" of the lost
        # card line's 0300 303 1855), not one the conversation gave
        text = ctx.analysis.text
        for start, end in find_numbers(text, forms.regions) if forms.properties(PHONE) else ():
            number = number_key(text[start:end], forms.regions)
            phones = forms.phones(ctx.kb)
            if number is None or number in phones:
                continue
            near = forms.near_phones(ctx.kb, number)
            earlier = {
                number_key(turn.text[a:b], forms.regions)
                for turn in ctx.state.turns
                for a, b in find_numbers(turn.text, forms.regions)
            }
            if near and number not in earlier:
                flags.append(self._flag(ctx, Span(start, end), near, phones))
        return flags

    def _flag(
        self,
        ctx: DetectionContext,
        span: Span,
        near: list[str],
        codes: dict[str, list[tuple[Node, URIRef, str]]],
    ) -> Flag:
        kb = ctx.kb
        stated = ctx.analysis.text[span.start : span.end]
        # whose code it is: the thing itself, or whatever points at the node holding it (the
        # branch of an address node's postcode)
        held = [
            (owner, prop, text)
            for key in near
            for node, prop, text in codes[key]
            for owner, _ in kb.shapes.owners(node, prop)
        ]
        facts = list(dict.fromkeys(kb.verbalise(s, p, Literal(t)) for s, p, t in held))
        written = sorted({text for key in near for _, _, text in codes[key]})
        return self.flag(
            span=span,
            content=stated,
            message=f"Not {stated}: {' '.join(facts)}",
            evidence=[
                Evidence("kb", "; ".join(facts), tuple((str(s), str(p), t) for s, p, t in held))
            ],
            suggestion=None if len(written) == 1 else f"One of: {', '.join(written)}",
            correction=written[0] if len(written) == 1 else None,
            correction_span=span if len(written) == 1 else None,
            focus=str(held[0][0]) if len({s for s, _, _ in held}) == 1 else None,
            kb_strength=1.0,
        )


def _stated(text: str) -> list[tuple[Span, str]]:
    """The stretches of ``text`` written as identifiers, with their keys."""
    return [
        (Span(m.start(), m.end()), code_key(m.group()))
        for m in _CANDIDATE.finditer(text)
        if is_code(m.group())
    ]
