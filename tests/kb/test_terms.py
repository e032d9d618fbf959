"""A KB's triples read from Oxigraph directly are those rdflib reads (kgcheck.kb.terms)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, XSD
from rdflib.term import Node

from kgcheck import KnowledgeBase

EX = "https://example.org/t#"
BODY = """
ex:alice a ex:Person ; rdfs:label "Alice Adams"@en , "Alicia"@es ; ex:age 41 ;
    ex:start "2015-03-02"^^xsd:date ; ex:rate 1.50 ; ex:note "plain" ;
    ex:address [ ex:street "14 Mill Lane" ; ex:town "Leeds" ] ; ex:knows ex:bob .
ex:bob a ex:Person ; ex:knows ex:alice .
"""
PATTERNS: list[tuple[Node | None, Node | None, Node | None]] = [
    (URIRef(EX + "alice"), None, None),
    (None, RDF.type, URIRef(EX + "Person")),
    (None, None, URIRef(EX + "alice")),
    (None, URIRef(EX + "age"), Literal(41)),
    (None, None, Literal("Alicia", lang="es")),
    (None, None, Literal("2015-03-02", datatype=XSD.date)),
    (None, URIRef(EX + "street"), None),
    (None, None, None),
]


@pytest.mark.parametrize("store", ["memory", "oxigraph"])
def test_match_reads_what_the_graph_reads_in_its_order(
    write_ttl: Callable[[str, str], Path], tmp_path: Path, store: str
) -> None:
    location = "memory" if store == "memory" else f"oxigraph:{tmp_path / 'store'}"
    kb = KnowledgeBase.open([write_ttl(BODY, "kb.ttl")], store=location)
    for pattern in PATTERNS:
        direct = list(kb.match(*pattern))
        assert direct == list(kb.graph.triples(pattern)), pattern
        assert [tuple(type(t) for t in triple) for triple in direct] == [
            tuple(type(t) for t in triple) for triple in kb.graph.triples(pattern)
        ]
    ages = [o for _, _, o in kb.match(URIRef(EX + "alice"), URIRef(EX + "age"))]
    assert ages == [Literal(41)] and ages[0].datatype == XSD.integer
    (node,) = [o for _, _, o in kb.match(URIRef(EX + "alice"), URIRef(EX + "address"))]
    assert isinstance(node, BNode)
    assert [str(o) for _, _, o in kb.match(node, URIRef(EX + "town"))] == ["Leeds"]


def test_a_term_no_store_can_hold_matches_nothing(make_kb: Callable[[str], KnowledgeBase]) -> None:
    kb = make_kb(BODY)
    assert list(kb.match(URIRef("not an iri"), None, None)) == []
    assert list(kb.graph.triples((URIRef("not an iri"), None, None))) == []


def test_a_kb_over_an_rdflib_graph_is_matched_through_the_graph() -> None:
    graph = Graph()
    graph.add((URIRef(EX + "alice"), URIRef(EX + "age"), Literal(41)))
    kb = KnowledgeBase.from_graph(graph)
    assert list(kb.match(None, URIRef(EX + "age"))) == [
        (URIRef(EX + "alice"), URIRef(EX + "age"), Literal(41))
    ]
    assert kb.facts(URIRef(EX + "alice")) == [(URIRef(EX + "age"), Literal(41))]
