"""``misstated_list``: a list of values stated of entries the reply names together.

"You have three yoga activities scheduled. One with Alex, your sister, and your aunt." names
the yoga activities by what they are (one mention of the entries that share the name) and lists
who they are with. The list is read against the one property that links those entries to the
listed values (here the party): a listed value that none of the entries holds, while it is a
value of that property elsewhere in the KB, is wrong. When exactly one listed value is wrong and
exactly one value the entries hold goes unlisted, that value is the correction ("your sister"
-> "mother"); otherwise the wrong values are flagged without one. A value listed twice (which
occurrence is wrong?), a list in a question or under a negation, and a list whose values the
entries hold under no one property are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rdflib import URIRef

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.vocabulary import is_question
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["MisstatedListDetector"]

#: What may stand between two values of one list: "Alex, your mother, and your aunt".
_LISTED = re.compile(
    r"^\s*(?:,|,?\s*(?:and|&))\s*(?:(?:a|an|the|your|my|his|her|their|our)\s+)?$", re.I
)
#: Words that deny what their sentence states.
_NEGATION = re.compile(r"\b(?:not|no|never|none|neither|nor|without)\b|n't\b", re.I)
#: How many sentences before its list the mention of the entries may be.
_SENTENCES_BEFORE = 1


class MisstatedListDetector(Detector):
    name = "misstated_list"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        analysis = ctx.analysis
        mentions = sorted(analysis.mentions, key=lambda m: m.span.start)
        sets = [
            m for m in mentions if m.kind == "ambiguous" and len(m.candidates) > 1 and m.iri is None
        ]
        flags: list[Flag] = []
        for listed in _lists(mentions, analysis.text):
            segment = analysis.segments[listed[0].segment] if analysis.segments else None
            if segment is not None and (
                is_question(segment.text) or _NEGATION.search(segment.text)
            ):
                continue
            named = [
                s
                for s in sets
                if s.span.end <= listed[0].span.start
                and 0 <= listed[0].segment - s.segment <= _SENTENCES_BEFORE
            ]
            if named and not _named_between(mentions, named[-1], listed):
                flags += self._read(ctx, named[-1], listed)
        return flags

    def _read(self, ctx: DetectionContext, entries: Mention, listed: list[Mention]) -> list[Flag]:
        kb = ctx.kb
        iris = [URIRef(str(m.iri)) for m in listed]
        if len(set(iris)) < len(iris):
            return []  # a value listed twice: which of the two is wrong, the list does not say
        owners = [URIRef(c) for c in entries.candidates]
        linking = {p for c in owners for p, o in kb.facts(c) if isinstance(o, URIRef) and o in iris}
        if len(linking) != 1:
            return []
        (prop,) = linking
        held = list(dict.fromkeys(o for c in owners for o in kb.graph.objects(c, prop)))
        wrong = [
            m
            for m, iri in zip(listed, iris, strict=True)
            if iri not in held and _value_elsewhere(kb, prop, iri, owners)
        ]
        unlisted = [o for o in held if o not in iris and isinstance(o, URIRef)]
        correction = kb.label(unlisted[0]) if len(wrong) == 1 and len(unlisted) == 1 else None
        said = ", ".join(kb.label(o) for o in held if isinstance(o, URIRef))
        flags = []
        for m in wrong:
            message = (
                f"Not {m.text}: the {kb.ontology.label(prop)} of the {entries.text} in the KB: "
                f"{said}"
            )
            flags.append(
                self.flag(
                    span=m.span,
                    content=m.text,
                    message=message,
                    evidence=[
                        Evidence(
                            "kb",
                            message,
                            tuple(
                                (str(c), str(prop), str(o))
                                for c in owners
                                for o in kb.graph.objects(c, prop)
                            ),
                        )
                    ],
                    correction=correction,
                    correction_span=m.span if correction is not None else None,
                    kb_strength=1.0 if correction is not None else 0.8,
                )
            )
        return flags


def _lists(mentions: Sequence[Mention], text: str) -> list[list[Mention]]:
    """Runs of two or more KB entities of one sentence joined as a list ("Alex, your mother,
    and your aunt")."""
    runs: list[list[Mention]] = []
    current: list[Mention] = []
    for m in mentions:
        if m.kind != "entity" or m.iri is None:
            if m.kind != "speaker":  # "your" of "your mother" stands inside the list
                runs.append(current)
                current = []
            continue
        if current and (
            current[-1].segment != m.segment
            or not _LISTED.match(text[current[-1].span.end : m.span.start])
        ):
            runs.append(current)
            current = []
        current.append(m)
    runs.append(current)
    return [r for r in runs if len(r) >= 2]


def _named_between(mentions: Sequence[Mention], entries: Mention, listed: list[Mention]) -> bool:
    """Whether the reply names something else between the entries and the list ("the Honey Oat
    Granola ... There's also the Little Acre Granola, which contains gluten and sesame"): the
    list is said of that."""
    return any(
        entries.span.end <= m.span.start
        and m.span.end <= listed[0].span.start
        and m.kind in {"entity", "ambiguous", "name"}
        for m in mentions
    )


def _value_elsewhere(kb: KnowledgeBase, prop: URIRef, value: URIRef, owners: list[URIRef]) -> bool:
    """Whether ``value`` is a value of ``prop`` for something other than ``owners``: a value
    of the kind the list gives (another entry's party), not a thing listed by the way."""
    return any(s not in owners for s in kb.graph.subjects(prop, value))
