"""The scratch workspace rules run in."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDF

from kgcheck import Checker, KnowledgeBase
from kgcheck.history.rdf import TURN_GRAPH
from kgcheck.rules.graphs import Workspace


def test_graphs_workspace_clears_its_graphs_even_when_the_block_fails(
    acme_checker: Checker,
) -> None:
    workspace = Workspace(acme_checker.kb)
    quad = ox.Quad(
        ox.NamedNode("urn:x"), ox.NamedNode("urn:p"), ox.Literal("1"), ox.NamedNode(TURN_GRAPH)
    )
    with pytest.raises(RuntimeError), workspace.holding([quad]) as store:
        assert quad in store
        raise RuntimeError("boom")
    assert quad not in workspace.store


def test_graphs_rdflib_only_kb_is_copied_once_into_a_private_store() -> None:
    graph = Graph()
    graph.add((URIRef("urn:a"), RDF.type, URIRef("urn:C")))
    kb = KnowledgeBase.from_graph(graph)
    workspace = Workspace(kb)
    store = workspace.store
    assert store is workspace.store
    assert len(list(store.quads_for_pattern(None, None, None, ox.NamedNode("urn:kgcheck:kb")))) == 1
