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


PERIODS_KB = """
@prefix sosa: <http://www.w3.org/ns/sosa/> .
@prefix time: <http://www.w3.org/2006/time#> .
@prefix wd: <http://www.wikidata.org/entity/> .
@prefix p: <http://www.wikidata.org/prop/> .
@prefix ps: <http://www.wikidata.org/prop/statement/> .
@prefix pq: <http://www.wikidata.org/prop/qualifier/> .
ex:attendance a sosa:ObservableProperty ; rdfs:label "annual attendance" .
ex:wait a sosa:ObservableProperty ; rdfs:label "waiting time" .
ex:theatre rdfs:label "Quayside Theatre" .
[ a sosa:Observation ; sosa:hasFeatureOfInterest ex:theatre ; sosa:observedProperty ex:attendance ;
  sosa:hasSimpleResult 94300 ;
  sosa:phenomenonTime [ a time:Instant ; time:inXSDgYear "2024"^^xsd:gYear ] ] .
[ a sosa:Observation ; sosa:hasFeatureOfInterest ex:theatre ; sosa:observedProperty ex:wait ;
  sosa:hasSimpleResult "P12D"^^xsd:duration ;
  sosa:phenomenonTime [ a time:Interval ;
    time:hasBeginning [ time:inXSDDate "2026-09-01"^^xsd:date ] ;
    time:hasEnd [ time:inXSDDate "2026-09-30"^^xsd:date ] ] ] .
wd:P1174 rdfs:label "visitors per year" .
ex:gallery rdfs:label "Lantern Gallery" ;
    p:P1174 [ ps:P1174 41870 ; pq:P585 "2023"^^xsd:gYear ] ,
            [ ps:P1174 48210 ; pq:P585 "2024"^^xsd:gYear ] .
"""


def test_sosa_observations_take_owl_time_instants_and_intervals(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    kb = make_kb(PERIODS_KB)
    (attendance,) = observations(kb).get(URIRef(EX + "theatre"), URIRef(EX + "attendance"))
    assert attendance.period_text == "2024"
    assert attendance.period is not None and attendance.period.granularity == Granularity.YEAR
    (wait,) = observations(kb).get(URIRef(EX + "theatre"), URIRef(EX + "wait"))
    # the first to the last day of September is the month of September
    assert wait.period is not None and wait.period.granularity == Granularity.MONTH
    assert wait.period_text == "2026-09-01 to 2026-09-30"


def test_wikibase_statements_with_a_time_qualifier_are_values_for_their_period(
    make_kb: Callable[[str], KnowledgeBase],
) -> None:
    kb = make_kb(PERIODS_KB)
    visitors = URIRef("http://www.wikidata.org/prop/statement/P1174")
    found = observations(kb).get(URIRef(EX + "gallery"), visitors)
    assert [(o.period_text, str(o.value)) for o in found] == [
        ("2023", "41870"),
        ("2024", "48210"),
    ]
    # the ps: term is named on its property entity
    assert kb.ontology.label(visitors) == "visitors per year"
