"""``misstated_value``: a near miss of a string value the KB holds for the entity it is stated of.

"Crumbs at 4 Mill Road" when Crumbs is at 4 Mill Lane, "P.F. Changs is 3 miles away at 667 El
Camino Real" when it is at 669: a stretch of the reply with as many words as one of the entity's
values of a functional property, equal to it but for one word, where the value has a digit (an
address, a phone number, a code) and the stretch has its digits where the value has them. The
stretch must be about that entity (the nearest KB entity before it in its sentence, else after
it, as for ``swapped_value``) and must not be a KB value itself (``swapped_value`` decides those)
nor the object of an extracted claim (``wrong_attribute`` decides those). Street words compare
abbreviated ("Avenue" = "Ave"), so "12 Quay Ave" is no near miss of "12 Quay Avenue".

Values with fewer than two words besides numbers are left alone: "Room 5" is too often another
room than a misstatement of the entity's own "Room 4", and a phone number is all digits.
"""

from __future__ import annotations

from collections import defaultdict

from rdflib import Literal, URIRef

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.detectors.swapped_value import segment_words, trimmed, value_owner
from kgcheck.kb.normalize import value_words
from kgcheck.nlp.analysis import Segment
from kgcheck.spans import SpanIndex
from kgcheck.types import Evidence, Flag, FlagType, Span

__all__ = ["MisstatedValueDetector"]


class MisstatedValueDetector(Detector):
    name = "misstated_value"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        decided = SpanIndex(c.object.span for c in ctx.analysis.claims)
        flags = []
        by_segment: dict[int, set[URIRef]] = defaultdict(set)
        for m in ctx.analysis.mentions:
            if m.iri is not None:
                by_segment[m.segment].add(URIRef(m.iri))
        for segment in ctx.analysis.segments:
            named = by_segment.get(segment.index)
            if not named:
                continue
            parts = [(start, end, w) for start, end, ws in segment_words(segment) for w in ws]
            for entity in sorted(named):
                for prop, value in self._values(ctx, entity):
                    flag = self._near_miss(ctx, segment, parts, entity, prop, value, decided)
                    if flag is not None:
                        flags.append(flag)
        return flags

    @staticmethod
    def _values(ctx: DetectionContext, entity: URIRef) -> list[tuple[URIRef, Literal]]:
        """The entity's values of functional properties that can be misstated by one word."""
        onto = ctx.kb.ontology
        out = []
        for prop, value in ctx.kb.facts(entity):
            if not isinstance(value, Literal) or URIRef(prop) not in onto.functional:
                continue
            words = value_words(str(value))
            if _has_digit(words) and sum(not _has_digit((w,)) for w in words) >= 2:
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
        for i, window in enumerate(windows):
            if not _one_word_off(window, held):
                continue
            span = Span(parts[i][0], trimmed(text, parts[i][0], parts[i + n - 1][1]))
            if decided.overlaps(span) or ctx.kb.owners_of_words(window):
                continue
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
    if len(off) != 1:
        return False
    return all(_has_digit((a,)) == _has_digit((b,)) for a, b in zip(stated, held, strict=True))
