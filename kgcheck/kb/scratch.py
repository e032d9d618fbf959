"""Scratch graphs next to the KB: private copies of the KB's store, lent one per evaluation.

A rule joins the reply's claims with the KB in one SPARQL query or SHACL validation, so both must
sit in one Oxigraph store. The KB's own store is never written: each evaluation borrows a private
in-memory copy, adds its quads (in graphs of its own, such as ``<urn:kgcheck:turn>``), and on
leaving clears those graphs and returns the copy to the pool. A copy is made the first time no
free one is left, so one thread costs one copy, made once, and several threads evaluating at once
never see each other's quads. The lock guards the free list only, never an evaluation.

Usage::

    with kb.scratch(quads) as store:      # KnowledgeBase.scratch
        store.query("SELECT ...", default_graph=[...], named_graphs=[...])
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef

from kgcheck.kb.store import KB_GRAPH

__all__ = ["ScratchPool", "copy_graph", "copy_store", "ox_term"]


class ScratchPool:
    """Private copies of one KB's store, made by ``copy`` when none is free."""

    def __init__(self, copy: Callable[[], ox.Store]) -> None:
        self._copy = copy
        self._free: list[ox.Store] = []
        self._lock = threading.Lock()  # guards _free only

    @contextmanager
    def lend(self, quads: Iterable[ox.Quad]) -> Iterator[ox.Store]:
        """A private store holding the KB and ``quads`` until the block ends.

        Raises:
            ValueError: a quad is in the default graph or in a graph the KB's store holds.
        """
        added = list(quads)
        with self._lock:
            store = self._free.pop() if self._free else None
        if store is None:
            store = self._copy()
        graphs = {q.graph_name for q in added}
        for graph in graphs:
            if not isinstance(graph, ox.NamedNode) or store.contains_named_graph(graph):
                self._give_back(store)
                raise ValueError(f"scratch quads must be in graphs of their own, not {graph}")
        try:
            store.extend(added)
            yield store
        finally:
            for graph in graphs:
                assert isinstance(graph, ox.NamedNode)
                store.remove_graph(graph)
            self._give_back(store)

    def _give_back(self, store: ox.Store) -> None:
        with self._lock:
            self._free.append(store)


def copy_store(source: ox.Store) -> ox.Store:
    """An in-memory store holding every quad of ``source``."""
    store = ox.Store()
    store.extend(source.quads_for_pattern(None, None, None, None))
    return store


def copy_graph(graph: Graph) -> ox.Store:
    """An in-memory store holding the triples of an rdflib-only KB in its named graph."""
    store = ox.Store()
    name = ox.NamedNode(KB_GRAPH)
    store.extend(
        ox.Quad(ox_term(s), ox_term(p), ox_term(o), name)  # type: ignore[arg-type]
        for s, p, o in graph
    )
    return store


def ox_term(term: object) -> ox.NamedNode | ox.BlankNode | ox.Literal:
    if isinstance(term, URIRef):
        return ox.NamedNode(str(term))
    if isinstance(term, BNode):
        return ox.BlankNode(str(term))
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype is not None:
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    raise TypeError(f"not an RDF term: {term!r}")
