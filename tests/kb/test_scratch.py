"""Scratch graphs next to the KB: private to one block and one thread, never in the KB's store."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pyoxigraph as ox
import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDF

from kgcheck import Checker, KnowledgeBase

GRAPH = ox.NamedNode("urn:kgcheck:turn")
KB_GRAPH = ox.NamedNode("urn:kgcheck:kb")


def _quad(value: str) -> ox.Quad:
    return ox.Quad(ox.NamedNode("urn:x"), ox.NamedNode("urn:p"), ox.Literal(value), GRAPH)


def _values(store: ox.Store) -> list[str]:
    return [q.object.value for q in store.quads_for_pattern(None, None, None, GRAPH)]


def _in_kb_store(kb: KnowledgeBase) -> bool:
    result = kb.sparql("ASK { GRAPH <urn:kgcheck:turn> { ?s ?p ?o } }")
    return bool(result)


def test_scratch_quads_last_for_the_block_and_never_reach_the_kb_store(
    acme_checker: Checker,
) -> None:
    kb = acme_checker.kb
    with pytest.raises(RuntimeError), kb.scratch([_quad("1")]) as store:
        assert _values(store) == ["1"]
        assert not _in_kb_store(kb)
        assert next(store.quads_for_pattern(None, None, None, KB_GRAPH), None) is not None
        raise RuntimeError("boom")
    with kb.scratch([]) as store:
        assert _values(store) == []


def test_scratch_threads_at_once_see_only_their_own_quads(acme_checker: Checker) -> None:
    kb = acme_checker.kb
    inside = threading.Barrier(4, timeout=30)

    def run(n: int) -> list[str]:
        with kb.scratch([_quad(str(n))]) as store:
            inside.wait()  # all four blocks are open at once
            seen = _values(store)
            inside.wait()
            return seen

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(run, range(4))) == [["0"], ["1"], ["2"], ["3"]]


def test_scratch_refuses_quads_in_the_kbs_own_graphs(acme_checker: Checker) -> None:
    quad = ox.Quad(ox.NamedNode("urn:x"), ox.NamedNode("urn:p"), ox.Literal("1"), KB_GRAPH)
    with pytest.raises(ValueError, match="graphs of their own"), acme_checker.kb.scratch([quad]):
        pass
    with acme_checker.kb.scratch([_quad("2")]) as store:  # the copy went back clean
        assert _values(store) == ["2"]
        assert (
            next(store.quads_for_pattern(ox.NamedNode("urn:x"), None, None, KB_GRAPH), None) is None
        )


def test_scratch_of_an_rdflib_only_kb_holds_its_triples_in_the_kb_graph() -> None:
    graph = Graph()
    graph.add((URIRef("urn:a"), RDF.type, URIRef("urn:C")))
    kb = KnowledgeBase.from_graph(graph)
    with kb.scratch([_quad("1")]) as store:
        assert len(list(store.quads_for_pattern(None, None, None, KB_GRAPH))) == 1
        assert _values(store) == ["1"]
