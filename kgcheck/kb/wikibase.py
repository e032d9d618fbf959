"""Wikibase's RDF model (Wikidata's): statements as nodes, qualifiers beside their value.

::

    wd:Q1 p:P1174 [ ps:P1174 48210 ; pq:P585 "2024"^^xsd:gYear ] .
    wd:P1174 rdfs:label "visitors per year" ;
        wikibase:claim p:P1174 ; wikibase:statementProperty ps:P1174 .

A statement's value hangs on ``ps:`` (``<base>/prop/statement/P..``), its qualifiers on ``pq:``
(``<base>/prop/qualifier/P..``), and the property's name on the property entity
(``<base>/entity/P..``), linked by ``wikibase:statementProperty`` or, where the KB does not say
so, by Wikibase's own layout of namespaces. A time qualifier (point in time, start time, end
time) makes the statement a value for a period, read as an observation
(:mod:`kgcheck.kb.observations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.term import Node

from kgcheck.periods import Interval, interval_of_literal, spanning

__all__ = ["Statement", "entity_of", "statement_predicates", "statements"]

WIKIBASE = Namespace("http://wikiba.se/ontology#")
_STATEMENT = "/prop/statement/"
_QUALIFIER = "/prop/qualifier/"
#: Wikidata's time qualifiers: point in time, start time, end time.
_POINT, _START, _END = "P585", "P580", "P582"


#: A statement read as a value for a period: (node, subject, ps: term, value, period, how the
#: period is written).
Statement = tuple[Node, URIRef, URIRef, Node, Interval, str]


def entity_of(graph: Graph, prop: URIRef) -> URIRef | None:
    """The property entity a ``ps:``, ``p:`` or ``wdt:`` term stands for: the one the KB links
    to it (``wikibase:statementProperty``, ``wikibase:claim``, ``wikibase:directClaim``), else
    ``<base>/entity/P..`` for a term in Wikibase's namespaces; ``None`` for any other term."""
    for link in (WIKIBASE.statementProperty, WIKIBASE.claim, WIKIBASE.directClaim):
        found = graph.value(None, link, prop)
        if isinstance(found, URIRef):
            return found
    text = str(prop)
    for part in (_STATEMENT, "/prop/direct/", _QUALIFIER, "/prop/"):
        base, sep, local = text.rpartition(part)
        if sep and local and "/" not in local:
            return URIRef(f"{base}/entity/{local}")
    return None


def statement_predicates(predicates: Iterable[URIRef]) -> list[URIRef]:
    """The ``ps:`` terms among ``predicates`` (those the data uses)."""
    return [p for p in predicates if _STATEMENT in str(p)]


def statements(graph: Graph, predicates: Iterable[URIRef]) -> Iterator[Statement]:
    """The statements of ``graph`` through the ``ps:`` terms among ``predicates`` that have a
    time qualifier: values for a period."""
    for predicate in statement_predicates(predicates):
        yield from _statements(graph, predicate)


def _statements(graph: Graph, predicate: URIRef) -> Iterator[Statement]:
    for node, value in graph.subject_objects(predicate):
        if not isinstance(value, Literal | URIRef):
            continue
        subject = next(
            (s for s in graph.subjects(None, node) if isinstance(s, URIRef)),
            None,
        )
        if subject is None:
            continue
        period, shown = _period(graph, node)
        if period is not None:
            yield node, subject, predicate, value, period, shown


def _period(graph: Graph, node: Node) -> tuple[Interval | None, str]:
    times: dict[str, Literal] = {}
    for qualifier, value in graph.predicate_objects(node):
        text = str(qualifier)
        if _QUALIFIER in text and isinstance(value, Literal):
            times[text.rpartition("/")[2]] = value
    if _POINT in times:
        return interval_of_literal(times[_POINT]), str(times[_POINT])
    if _START in times and _END in times:
        first, last = interval_of_literal(times[_START]), interval_of_literal(times[_END])
        if first is not None and last is not None and first.start <= last.end:
            return spanning(first, last), f"{times[_START]} to {times[_END]}"
    return None, ""
