"""Period-specific values: ``kgc:Observation`` nodes, indexed by (subject, property).

::

    [ a kgc:Observation ; kgc:subject ex:harborPoint ; kgc:period "2025-Q2" ;
      ex:netOperatingIncome 2400000 ]

``kgc:period`` takes ``2025``, ``2025-Q2``, ``2025-H1``, ``2025-03`` or ``2025-03-14`` as a plain
literal, or an ``xsd:date``, ``xsd:gYear`` or ``xsd:gYearMonth``. The index is built once per
knowledge base; a lookup is a dictionary access.

SOSA/SSN observations are read the same way::

    [ a sosa:Observation ; sosa:hasFeatureOfInterest ex:carson ;
      sosa:observedProperty ex:weather ; sosa:hasSimpleResult ex:rain ;
      sosa:phenomenonTime "2026-11-29"^^xsd:date ]

(the feature of interest is the subject, the observed property the property, the simple
result, or a result node's value, the value, and the phenomenon time, a literal or an OWL-Time
instant with ``time:inXSDDate`` / ``time:inXSDDateTime``, else the result time, the period).

Usage::

    observations(kb).get(EX.harborPoint, EX.netOperatingIncome)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS, SKOS, SOSA, TIME
from rdflib.term import Node

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.wikibase import statements
from kgcheck.periods import Interval, interval_of_literal, spanning
from kgcheck.vocab import KGC

__all__ = ["Observation", "ObservationIndex", "observations", "time_of"]

_NOT_MEASURES = {RDF.type, KGC.subject, KGC.period, RDFS.label, RDFS.comment, SKOS.prefLabel}


@dataclass(frozen=True, slots=True)
class Observation:
    """The value of ``predicate`` for ``subject`` during ``period`` (the node says so)."""

    node: Node
    subject: URIRef
    predicate: URIRef
    value: Node
    period: Interval | None
    period_text: str


class ObservationIndex:
    """Observations of a graph by (subject, property)."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self._by_key: dict[tuple[URIRef, URIRef], list[Observation]] = defaultdict(list)
        self.predicates: set[URIRef] = set()
        graph = kb.graph
        nodes = set(graph.subjects(RDF.type, KGC.Observation)) | set(
            graph.subjects(KGC.period, None)
        )
        for node in nodes:
            subject = graph.value(node, KGC.subject)
            if not isinstance(subject, URIRef):
                continue
            period_node = graph.value(node, KGC.period)
            period = interval_of_literal(period_node) if period_node is not None else None
            shown = str(period_node) if period_node is not None else ""
            for predicate, value in graph.predicate_objects(node):
                if predicate in _NOT_MEASURES or not isinstance(predicate, URIRef):
                    continue
                if not isinstance(value, Literal | URIRef):
                    continue
                key = (subject, predicate)
                self._by_key[key].append(
                    Observation(node, subject, predicate, value, period, shown)
                )
                self.predicates.add(predicate)
        for node in set(graph.subjects(SOSA.observedProperty, None)):
            self._add_sosa(kb, node)
        for node, subject, predicate, value, period, shown in statements(graph, kb.shapes.used):
            # a Wikibase statement with a time qualifier: the value of its ps: term
            self._by_key[(subject, predicate)].append(
                Observation(node, subject, predicate, value, period, shown)
            )
            self.predicates.add(predicate)
        for found in self._by_key.values():
            found.sort(key=lambda o: o.period.start if o.period is not None else datetime.min)

    def _add_sosa(self, kb: KnowledgeBase, node: Node) -> None:
        graph = kb.graph
        subject = graph.value(node, SOSA.hasFeatureOfInterest)
        predicate = graph.value(node, SOSA.observedProperty)
        value = graph.value(node, SOSA.hasSimpleResult)
        if value is None:
            result = graph.value(node, SOSA.hasResult)
            value = kb.shapes.value_of.get(result, result) if result is not None else None
        if not isinstance(subject, URIRef) or not isinstance(predicate, URIRef):
            return
        if not isinstance(value, Literal | URIRef):
            return
        when = graph.value(node, SOSA.phenomenonTime) or graph.value(node, SOSA.resultTime)
        period, shown = time_of(graph, when) if when is not None else (None, "")
        self._by_key[(subject, predicate)].append(
            Observation(node, subject, predicate, value, period, shown)
        )
        self.predicates.add(predicate)

    def get(self, subject: URIRef, predicate: URIRef) -> list[Observation]:
        """Observations of ``predicate`` for ``subject``, earliest period first."""
        return list(self._by_key.get((subject, predicate), ()))

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_key.values())


#: OWL-Time's ways of giving an instant as an XSD literal.
_IN_XSD = (
    TIME.inXSDDate, TIME.inXSDDateTime, TIME.inXSDDateTimeStamp, TIME.inXSDgYear,
    TIME.inXSDgYearMonth,
)  # fmt: skip


def time_of(graph: Graph, when: Node) -> tuple[Interval | None, str]:
    """The period a time node gives, with how to show it: a literal; an OWL-Time instant by
    any of its XSD forms (``time:inXSDDate``, ``time:inXSDgYear``, ...); an OWL-Time interval
    from the start of its beginning to the end of its end (``time:hasBeginning``,
    ``time:hasEnd``: September 1 to September 30 is September)."""
    if isinstance(when, Literal):
        return interval_of_literal(when), str(when)
    for predicate in _IN_XSD:
        found = graph.value(when, predicate)
        if isinstance(found, Literal):
            return interval_of_literal(found), str(found)
    begin, end = graph.value(when, TIME.hasBeginning), graph.value(when, TIME.hasEnd)
    if begin is None or end is None:
        return None, ""
    (first, first_shown), (last, last_shown) = time_of(graph, begin), time_of(graph, end)
    if first is None or last is None or last.end < first.start:
        return None, ""
    return spanning(first, last), f"{first_shown} to {last_shown}"


_indexes = per_kb(ObservationIndex)


def observations(kb: KnowledgeBase) -> ObservationIndex:
    """The observation index of ``kb`` (built on first use, then shared)."""
    return _indexes(kb)
