"""``misstated_days``: the days of the week a reply says something happens on, against the
days the KB holds for it.

"Eikeboom Restaurant is open from Monday to Saturday" of a restaurant whose opening hours are
given for Wednesday to Sunday; "North York Zone pickups happen on Tuesdays, Thursdays and
Sundays" of a zone whose delivery days are Tuesday, Thursday and Saturday. A sentence naming
days of the week is read against the days its first KB thing (its topic) holds: the days
are the values of one of its properties that are days (``lc:deliveryDay schema:Tuesday``), or
those of the nodes it links to (``schema:openingHoursSpecification`` nodes' ``dayOfWeek``: the
days it has hours). A day, range or group of days the sentence names that holds a day the thing
does not is wrong: flagged, never corrected or removed (which day was meant, a list rarely says).

Every day but some ("every day except Monday", "daily apart from Sundays") is the week less
those days, read so. Left alone: a question; a sentence that denies or makes another exception
("closed on Mondays", "not on Sundays"); a day said as one date ("next Monday", "ready
since Monday", "Saturday, June 20", "for Saturday to Monday", "the two weekends"); days
narrowed by a clause ("every day we're open"); a day inside a name, and a first thing named by
a day ("the Saturday morning slot"); a first thing holding days under two properties (delivery
days and collection days) or none.
"""

from __future__ import annotations

import re

from rdflib import BNode, URIRef
from rdflib.namespace import RDFS, SDO, SKOS
from rdflib.term import Node

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.vocabulary import is_question
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.weekdays import WEEKDAYS, weekday_mentions

__all__ = ["MisstatedDaysDetector"]

#: Words that deny, close or except: the days they govern are not days something happens on.
_NOT_ON = re.compile(
    r"\b(?:not|no|never|closed?|closes|shut|except|excluding|apart\s+from|other\s+than|"
    r"besides|only\s+not|unavailable|off)\b|n't\b",
    re.I,
)
#: Every day but some: "every day except Monday", "daily apart from Sundays and Mondays".
_ALL_BUT = re.compile(
    r"\b(?:every\s+day|each\s+day|daily|seven\s+days\s+a\s+week)\s*,?\s*"
    r"(?:except|but|apart\s+from|other\s+than|excluding|besides)\s+(?:on\s+|for\s+)?"
    r"(?P<days>(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s*,\s*|\s+(?:and|or)\s+)?)+)",
    re.I,
)
#: Before a day of the week: it names one date ("next Monday", "ready since Monday").
_DATE_BEFORE = re.compile(
    r"\b(?:next|this|last|coming|since|by|until|till|before|after|tomorrow|today|for|the|"
    r"two|three|four|both)\s*,?\s*$",
    re.I,
)
#: After a day of the week: the date it is ("Saturday, June 20", "Friday 19 June").
_DATE_AFTER = re.compile(
    r"^,?\s*(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]*\.?\s+\d)",
    re.I,
)
#: After a day or group: a clause that narrows it ("every day we're open", "weekdays when").
_RESTRICTED = re.compile(r"\s+(?:we|you|they|it|that|when|which|where)\b", re.I)
#: A triple behind a thing's days: (subject, property, day).
_Triple = tuple[str, str, str]


class MisstatedDaysDetector(Detector):
    name = "misstated_days"
    flag_type = FlagType.WRONG_ATTRIBUTE

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        analysis = ctx.analysis
        flags: list[Flag] = []
        for segment in analysis.segments:
            text = segment.text
            but = _ALL_BUT.search(text)
            if but is not None:
                # "every day except Monday": the week less the days excepted, when nothing
                # else in the sentence denies
                rest = text[: but.start()] + text[but.end() :]
                excepted = {d for _, _, days in weekday_mentions(but["days"]) for d in days}
                end = but.start() + len(but.group().rstrip(" ,"))
                mentions = [(but.start(), end, tuple(d for d in WEEKDAYS if d not in excepted))]
                if is_question(text) or _NOT_ON.search(rest) or not excepted:
                    continue
            elif is_question(text) or _NOT_ON.search(text):
                continue
            else:
                mentions = weekday_mentions(text)
            if not mentions:
                continue
            named = sorted(
                (m for m in analysis.mentions if m.segment == segment.index and m.iri is not None),
                key=lambda m: m.span.start,
            )
            if not named:
                continue
            # the days are the sentence's first thing's, its topic ("The Weekend Intensive at
            # Frankston ... two weekends" speaks of the course, not of the branch's hours); a
            # thing named by a day ("the Saturday morning slot") says nothing of other days
            thing = URIRef(str(named[0].iri))
            found = _days_of(ctx.kb, thing)
            if found is None or weekday_mentions(ctx.kb.label(thing)):
                continue
            held, triples = found
            inside = [
                (m.span.start - segment.span.start, m.span.end - segment.span.start) for m in named
            ]
            said = ", ".join(d.title() for d in WEEKDAYS if d in held)
            for start, end, days in mentions:
                missing = [d for d in days if d not in held]
                if (
                    not missing
                    or _one_date(text, start, end)
                    or _RESTRICTED.match(text, end)
                    or any(a <= start < b for a, b in inside)  # a day in a name
                ):
                    continue
                span = Span(segment.span.start + start, segment.span.start + end)
                shown = analysis.text[span.start : span.end]
                message = (
                    f"Not {shown}: {ctx.kb.label(thing)} has no "
                    f"{' or '.join(d.title() for d in missing)} in the KB (its days: {said})"
                )
                flags.append(
                    self.flag(
                        span=span,
                        content=shown,
                        message=message,
                        evidence=[Evidence("kb", message, tuple(triples))],
                        # flagged, never removed: which day was meant is not said
                        kb_strength=0.6,
                    )
                )
        return flags


def _one_date(text: str, start: int, end: int) -> bool:
    """Whether the day of the week at ``start:end`` names one date, not a day it happens on
    each week: it is said with its date or as the next, last or since."""
    return bool(_DATE_BEFORE.search(text[max(0, start - 16) : start])) or bool(
        _DATE_AFTER.match(text[end : end + 16])
    )


def _days_of(kb: KnowledgeBase, thing: URIRef) -> tuple[set[str], list[_Triple]] | None:
    """The days of the week ``thing`` holds, and the triples that say so: the values of its one
    property whose values are days, or the days of the nodes it links to under one property
    (its opening hours); ``None`` where it holds none, or days under two properties."""
    found: dict[Node, tuple[set[str], list[_Triple]]] = {}
    for prop, value in kb.graph.predicate_objects(thing):
        day = _day(kb, value)
        pairs: list[tuple[Node, Node, Node, str]]
        if day is not None:
            pairs = [(thing, prop, value, day)]
        elif isinstance(value, BNode) or (isinstance(value, URIRef) and not _named(kb, value)):
            # a node of this thing's own (its opening hours): the days it holds are its days
            pairs = [
                (value, p, v, d) for p, v in kb.graph.predicate_objects(value) if (d := _day(kb, v))
            ]
        else:
            continue
        for s, p, v, d in pairs:
            days, triples = found.setdefault(prop, (set(), []))
            days.add(d)
            triples.append((str(s), str(p), str(v)))
    if len(found) != 1:
        return None
    return next(iter(found.values()))


def _named(kb: KnowledgeBase, node: URIRef) -> bool:
    """Whether ``node`` is a thing of its own, with a name (a venue, a tour), not a part of
    another thing (an opening hours node)."""
    return any((node, p, None) in kb.graph for p in _NAMES)


#: Properties that give a thing its name.
_NAMES = (RDFS.label, SDO.name, URIRef("http://schema.org/name"), SKOS.prefLabel)


def _day(kb: KnowledgeBase, value: Node) -> str | None:
    """The day of the week ``value`` is (``schema:Monday``, or anything labelled "Monday")."""
    if not isinstance(value, URIRef):
        return None
    local = re.split(r"[/#]", str(value))[-1].lower()
    if local in WEEKDAYS:
        return local
    label = kb.label(value).lower()
    return label if label in WEEKDAYS else None
