"""``misstated_value``: a near miss of a string value the KB holds for the entity it is stated of.

"Crumbs at 4 Mill Road" when Crumbs is at 4 Mill Lane, "P.F. Changs is 3 miles away at 667 El
Camino Real" when it is at 669: a stretch of the reply with as many words as one of the entity's
values of a functional property, equal to it but for one word, where the value has a digit (an
address, a phone number, a code) and the stretch has its digits where the value has them. The
stretch must be about that entity (the nearest KB entity before it in its sentence, else after
it, as for ``swapped_value``) and must not be a KB value itself (``swapped_value`` decides those)
nor the object of an extracted claim (``wrong_attribute`` decides those). Street words compare
abbreviated ("Avenue" = "Ave"), so "12 Quay Ave" is no near miss of "12 Quay Avenue".

Values with fewer than two words besides numbers are left alone ("Room 5" is too often another
room than a misstatement of the entity's own "Room 4"), but for identifiers written with digits
(a phone number, a booking reference, a postcode, a registration: six characters at least):
a stretch written like one, digits where it has digits, at most two characters off ("BW-58231"
for "BW-58213", "LS5 3TB" for "LS5 3BT"). A sentence that names nothing is about the
conversation's latest entities ("Your booking reference is BW-58231").
"""

from __future__ import annotations

import re
from collections import defaultdict

from rdflib import Literal, URIRef
from spacy.lang.en.stop_words import STOP_WORDS

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.detectors.swapped_value import segment_words, trimmed, value_owner
from kgcheck.kb.normalize import edit_distance, value_words
from kgcheck.nlp.analysis import Segment
from kgcheck.nlp.attributes import ATTRIBUTE_NS
from kgcheck.spans import SpanIndex
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.quantities import CURRENCY, PERCENT, QUANTITY

__all__ = ["MisstatedValueDetector"]

#: The kinds of quantity said with a unit or a currency.
_TYPED = frozenset({QUANTITY, CURRENCY, PERCENT})


class MisstatedValueDetector(Detector):
    name = "misstated_value"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        # a measure or an amount ("1.75 litre", "£2.30") is read with its unit and bound by
        # its type (``numeric_claim``): no near miss of a string ("£1.15/litre")
        measured = [q.span for q in ctx.analysis.quantities if q.kind in _TYPED]
        decided = SpanIndex([*(c.object.span for c in ctx.analysis.claims), *measured])
        # an identifier is left to ``wrong_attribute`` only where its claim's subject and
        # property are known (not "the depot's number", a word no property is named by)
        judged = SpanIndex(
            [
                *(
                    c.object.span
                    for c in ctx.analysis.claims
                    if c.subject_iri is not None and not c.predicate.startswith(ATTRIBUTE_NS)
                ),
                *measured,
            ]
        )
        flags = []
        by_segment: dict[int, set[URIRef]] = defaultdict(set)
        for m in ctx.analysis.mentions:
            if m.iri is not None:
                by_segment[m.segment].add(URIRef(m.iri))
        salient = [
            URIRef(k)
            for k in ctx.state.entities.salient_keys(_SALIENT)
            if not k.startswith("conv:")
        ]
        for segment in ctx.analysis.segments:
            # the entities the sentence names; where it names none, those the conversation is
            # about ("Your booking reference is BW-58231"), as ``value_owner`` reads it
            named = by_segment.get(segment.index) or set(salient)
            if not named:
                continue
            parts = [(start, end, w) for start, end, ws in segment_words(segment) for w in ws]
            for entity in sorted(named):
                for prop, value in self._values(ctx, entity):
                    seen = judged if _identifier(str(value)) else decided
                    flag = self._near_miss(ctx, segment, parts, entity, prop, value, seen)
                    if flag is not None:
                        flags.append(flag)
        return flags

    @staticmethod
    def _values(ctx: DetectionContext, entity: URIRef) -> list[tuple[URIRef, Literal]]:
        """The entity's values of functional properties that can be misstated by one word."""
        onto = ctx.kb.ontology
        out = []
        for prop, value in ctx.kb.facts(entity):
            if not isinstance(value, Literal):
                continue
            words = value_words(str(value))
            if _identifier(str(value)):
                # one value each will do: a depot's one phone number, a booking's reference
                if URIRef(prop) in onto.functional or ctx.kb.one_string_each(URIRef(prop)):
                    out.append((URIRef(prop), value))
            elif URIRef(prop) in onto.functional and (
                _has_digit(words) and sum(not _has_digit((w,)) for w in words) >= 2
            ):
                out.append((URIRef(prop), value))
        return out

    def _near_miss(
        self,
        ctx: DetectionContext,
        segment: Segment,
        parts: list[tuple[int, int, str]],
        entity: URIRef,
        prop: URIRef,
        value: Literal,
        decided: SpanIndex,
    ) -> Flag | None:
        """The flag for the first stretch of ``parts`` (the segment's words) one word off
        ``value``; ``None`` when the value is stated right or nowhere nearly."""
        held = value_words(str(value))
        n = len(held)
        windows = [tuple(w for _, _, w in parts[i : i + n]) for i in range(len(parts) - n + 1)]
        if held in windows:
            return None  # stated right
        text = ctx.analysis.text
        code = _identifier(str(value))
        for i, window in enumerate(windows):
            if not (_one_code_off(window, held) if code else _one_word_off(window, held)):
                continue
            span = Span(parts[i][0], trimmed(text, parts[i][0], parts[i + n - 1][1]))
            if decided.overlaps(span) or ctx.kb.owners_of_words(window):
                continue
            if str(value).casefold() in text[span.start : span.end].casefold():
                continue  # "Tickets are bought.1 Lincoln Financial Field Way": the value whole
            if value_owner(ctx, segment, span, [prop]) != entity:
                continue
            stated = text[span.start : span.end]
            fact = ctx.kb.verbalise(entity, prop, value)
            return self.flag(
                span=span,
                content=stated,
                message=f"Not {stated}: {fact}",
                evidence=[Evidence("kb", fact, ((str(entity), str(prop), str(value)),))],
                correction=str(value),
                correction_span=span,
                focus=str(entity),
                kb_strength=1.0,
            )
        return None


def _has_digit(words: tuple[str, ...]) -> bool:
    return any(c.isdigit() for w in words for c in w)


def _one_word_off(stated: tuple[str, ...], held: tuple[str, ...]) -> bool:
    """Equal but for one word, with digits where the value has digits: "667 el camino real"
    for "669 el camino real", "4 mill rd" for "4 mill ln"."""
    off = [k for k, (a, b) in enumerate(zip(stated, held, strict=True)) if a != b]
    if len(off) != 1 or stated[off[0]] in STOP_WORDS:
        return False  # "Your Galaxy S21" of "Samsung Galaxy S21": the value named short
    return all(_has_digit((a,)) == _has_digit((b,)) for a, b in zip(stated, held, strict=True))


#: How many of the conversation's entities a sentence that names none may be about.
_SALIENT = 3
_CODE = re.compile(r"[A-Za-z0-9]")


def _identifier(value: str) -> bool:
    """Whether ``value`` is an identifier written with digits: a phone number, a booking
    reference, a postcode, a registration ("07911 123456", "BW-58213", "LS5 3BT", "YK24 BWR"),
    of at most four words, one without a digit at most, and six characters at least; not a
    plain number."""
    chars = _CODE.findall(value)
    words = value_words(value)
    return (
        len(chars) >= 6
        and any(c.isdigit() for c in chars)
        and len(words) <= 4
        and sum(not _has_digit((w,)) for w in words) < 2  # not an address: "12 Quay Avenue"
        and not value.replace(".", "", 1).isdigit()
    )


def _one_code_off(stated: tuple[str, ...], held: tuple[str, ...]) -> bool:
    """Written like the identifier, digits where it has digits and letters where it has
    letters, and at most two characters off (two swapped count as one): "BW-58231" for
    "BW-58213", "07911 123465" for "07911 123456", "LS5 3TB" for "LS5 3BT"."""
    a, b = "".join(stated), "".join(held)
    if len(a) != len(b) or a == b:
        return False
    if any(x.isdigit() != y.isdigit() for x, y in zip(a, b, strict=True)):
        return False
    return edit_distance(a, b, limit=2) <= 2
