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

from rdflib import Literal, URIRef
from rdflib.namespace import RDF, RDFS, SKOS, SOSA, TIME
from rdflib.term import Node

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.periods import Interval, interval_of_literal
from kgcheck.vocab import KGC

__all__ = ["Observation", "ObservationIndex", "observations"]

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
        if when is not None and not isinstance(when, Literal):  # an OWL-Time instant
            when = graph.value(when, TIME.inXSDDate) or graph.value(when, TIME.inXSDDateTime)
        period = interval_of_literal(when) if isinstance(when, Literal) else None
        shown = str(when) if when is not None else ""
        self._by_key[(subject, predicate)].append(
            Observation(node, subject, predicate, value, period, shown)
        )
        self.predicates.add(predicate)

    def get(self, subject: URIRef, predicate: URIRef) -> list[Observation]:
        """Observations of ``predicate`` for ``subject``, earliest period first."""
        return list(self._by_key.get((subject, predicate), ()))

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_key.values())


_indexes = per_kb(ObservationIndex)


def observations(kb: KnowledgeBase) -> ObservationIndex:
    """The observation index of ``kb`` (built on first use, then shared)."""
    return _indexes(kb)
