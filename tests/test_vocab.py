"""The ``kgc:`` namespace and ``kgcheck/ontologies/kgcheck.ttl`` agree: every term used in code is
declared, with a label and a comment."""

from __future__ import annotations

import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDFS

from kgcheck.package_data import ontology_file
from kgcheck.vocab import KGC, KGC_NS

ONTOLOGY = Graph().parse(ontology_file())


@pytest.mark.parametrize("term", sorted(KGC.__annotations__))
def test_vocab_term_is_declared_with_label_and_comment(term: str) -> None:
    iri = URIRef(KGC_NS + term)
    assert ONTOLOGY.value(iri, RDFS.label) is not None, f"kgc:{term} has no rdfs:label"
    assert ONTOLOGY.value(iri, RDFS.comment) is not None, f"kgc:{term} has no rdfs:comment"


def test_vocab_unknown_term_is_an_error() -> None:
    with pytest.raises(AttributeError):
        _ = KGC.notATerm
