"""Closed sets of values: the entities a period-specific property's values are drawn from, when
the ontology lists them all.

A property has a closed set of values when its ``rdfs:range`` is a class declared
``kgc:closedWorld true`` (its instances are all there are) or an OWL enumeration (``owl:oneOf``),
and either ``kgc:Observation`` nodes give values of it or the members have nothing but a class,
names and comments: named in lower case (a station's status, "open" or "closed") when the class
is closed, in any case when it is an enumeration (a tool's enum field, an attraction's category
"Theme Park": ``owl:oneOf`` lists the values a property takes, as ``xsd`` lists a datatype's).
Other properties are left to the claims: a closed class of things (departments, people) is not
a set of values. A word of the reply that names one of
them ("snow", "clear skies") is then a value of that property, whatever else the sentence
says::

    fc:Condition a owl:Class ; kgc:closedWorld true .
    fc:weather rdfs:range fc:Condition .
    fc:snow a fc:Condition ; rdfs:label "snow" ; skos:altLabel "snowing" , "snowy" .

Usage::

    closed_values(kb).properties_of(FC.snow)   # (fc:weather,)
"""

from __future__ import annotations

from collections import defaultdict

from rdflib import Graph, URIRef
from rdflib.collection import Collection
from rdflib.namespace import OWL, RDF, RDFS, SKOS

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.observations import observations

__all__ = ["ClosedValueIndex", "closed_values"]


class ClosedValueIndex:
    """For each member of a closed set, the properties it can be a value of."""

    def __init__(self, kb: KnowledgeBase) -> None:
        graph = kb.graph
        members: dict[URIRef, set[URIRef]] = defaultdict(set)
        for closed in kb.ontology.closed_world:
            members[closed].update(s for s in kb.instances(closed) if isinstance(s, URIRef))
        enumerated: set[URIRef] = set()
        for listed, head in graph.subject_objects(OWL.oneOf):
            if isinstance(listed, URIRef):
                listing = {m for m in Collection(graph, head) if isinstance(m, URIRef)}
                members[listed].update(listing)
                enumerated |= listing
        by_value: dict[URIRef, set[URIRef]] = defaultdict(set)
        observed = observations(kb).predicates
        for prop, ranges in kb.ontology.range.items():
            for cls_ in ranges:
                found = members.get(cls_, set())
                if prop in observed or (
                    found and all(_named_only(graph, m, m in enumerated) for m in found)
                ):
                    for member in found:
                        by_value[member].add(prop)
        self._by_value = {v: tuple(sorted(ps)) for v, ps in by_value.items()}
        #: The properties with a closed set of values.
        self.properties = frozenset(p for ps in self._by_value.values() for p in ps)
        # an individual typed with the class as well as listed counts once
        self._members = {
            p: frozenset(v for v, ps in self._by_value.items() if p in ps) for p in self.properties
        }

    def properties_of(self, value: URIRef | str) -> tuple[URIRef, ...]:
        """The properties ``value`` is a member of the closed set of; ``()`` for anything else."""
        return self._by_value.get(URIRef(str(value)), ())

    def members(self, prop: URIRef) -> frozenset[URIRef]:
        """The closed set of ``prop``'s values (empty when it has none)."""
        return self._members.get(prop, frozenset())


#: What a member of a set of values may say of itself: its class, names and comments.
_NAMING = frozenset([RDF.type, RDFS.label, RDFS.comment, SKOS.prefLabel, SKOS.altLabel,
                     SKOS.hiddenLabel, SKOS.definition])  # fmt: skip


def _named_only(graph: Graph, member: URIRef, enumerated: bool = False) -> bool:
    """Whether ``member`` has nothing but a class, names and comments, and (a member of a
    closed class, not of an enumeration) its names are common words, not proper names: a value
    ("open"), not a thing ("Cardiology", a department, with or without facts of its own)."""
    names = [str(o) for o in graph.objects(member, RDFS.label)]
    return (
        bool(names)
        and (enumerated or all(n == n.lower() for n in names))
        and all(p in _NAMING for p in graph.predicates(member, None))
    )


_indexes = per_kb(ClosedValueIndex)


def closed_values(kb: KnowledgeBase) -> ClosedValueIndex:
    """The closed-value index of ``kb`` (built on first use, then shared)."""
    return _indexes(kb)
