"""Period-specific values: ``kgc:Observation`` nodes indexed by (subject, property)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from rdflib import URIRef

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.observations import observations
from kgcheck.periods import Granularity

EX = "https://example.org/t#"
KB = """
ex:site a owl:Class .
ex:noi a owl:DatatypeProperty ; rdfs:range xsd:decimal .
ex:hp a ex:site ; rdfs:label "Harbor Point" ; ex:noi 999 .
[ a kgc:Observation ; kgc:subject ex:hp ; kgc:period "2025-Q2" ; ex:noi 2400000 ] .
[ a kgc:Observation ; kgc:subject ex:hp ; kgc:period "2024"^^xsd:gYear ; ex:noi 4800000 ] .
[ a kgc:Observation ; kgc:subject ex:hp ; kgc:period "2025-01"^^xsd:gYearMonth ; ex:noi 700000 ] .
[ kgc:subject ex:hp ; kgc:period "2025-03-31"^^xsd:date ; ex:noi 1 ] .
"""


def test_observations_by_subject_and_property_earliest_first(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    kb = make_kb(KB)
    found = observations(kb).get(URIRef(EX + "hp"), URIRef(EX + "noi"))
    assert [(o.period_text, o.value.toPython()) for o in found] == [
        ("2024", 4800000),
        ("2025-01", 700000),
        ("2025-03-31", 1),
        ("2025-Q2", 2400000),
    ]
    assert [o.period.granularity for o in found if o.period] == [
        Granularity.YEAR,
        Granularity.MONTH,
        Granularity.DAY,
        Granularity.QUARTER,
    ]


def test_observations_leave_direct_facts_to_the_kb(make_kb: Callable[[str], KnowledgeBase]) -> None:
    kb = make_kb(KB)
    held = kb.values(URIRef(EX + "hp"), URIRef(EX + "noi"))
    assert [Decimal(str(v)) for v in held] == [Decimal(999)]
    assert URIRef(EX + "noi") in observations(kb).predicates


def test_observations_index_is_built_once_per_kb(make_kb: Callable[[str], KnowledgeBase]) -> None:
    kb = make_kb(KB)
    assert observations(kb) is observations(kb)
    assert len(observations(kb)) == 4
