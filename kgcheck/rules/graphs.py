"""The graphs rules run over, and the workspace that holds them next to the KB.

SPARQL rules and SHACL shapes see the KB graph together with scratch named graphs:
``<urn:kgcheck:turn>`` (the reply's claims), ``<urn:kgcheck:history>`` (claims of earlier turns),
both written by :mod:`kgcheck.history.rdf`, and ``<urn:kgcheck:output>`` (a structured output).

The scratch graphs are written into the KB's own Oxigraph store for the time of one evaluation
and cleared after it, so queries join them with the KB through the store's indexes and nothing
is copied per turn. A KB without an Oxigraph store (``KnowledgeBase.from_graph``) is copied once
into a private in-memory store.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef

from kgcheck.history.rdf import HISTORY_GRAPH, TURN_GRAPH
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.store import KB_GRAPH

__all__ = ["OUTPUT_GRAPH", "Workspace"]

OUTPUT_GRAPH = "urn:kgcheck:output"
_SCRATCH = (TURN_GRAPH, HISTORY_GRAPH, OUTPUT_GRAPH)


# Evaluations write scratch graphs into a shared store: one at a time per process.
_LOCK = threading.Lock()


class Workspace:
    """The store rules run in: the KB graph (``<urn:kgcheck:kb>``) plus scratch graphs.

    Usage::

        with workspace.holding({TURN_GRAPH: turn_quads}) as store:
            store.query(...)
    """

    def __init__(self, kb: KnowledgeBase) -> None:
        self._kb = kb
        self._store: ox.Store | None = _oxigraph_store(kb)

    @property
    def store(self) -> ox.Store:
        if self._store is None:
            self._store = _copy(self._kb)
        return self._store

    @contextmanager
    def holding(self, quads: Sequence[ox.Quad]) -> Iterator[ox.Store]:
        """The store with ``quads`` (in scratch graphs) added until the block ends."""
        store = self.store
        with _LOCK:
            _clear(store)
            try:
                store.extend(quads)
                yield store
            finally:
                _clear(store)


def _oxigraph_store(kb: KnowledgeBase) -> ox.Store | None:
    store = kb._ox  # the KB's own store: see kgcheck/kb/store.py
    return store if isinstance(store, ox.Store) else None


def _clear(store: ox.Store) -> None:
    for name in _SCRATCH:
        graph = ox.NamedNode(name)
        if next(iter(store.quads_for_pattern(None, None, None, graph)), None) is not None:
            store.clear_graph(graph)


def _copy(kb: KnowledgeBase) -> ox.Store:
    """A private in-memory store holding the KB graph of an rdflib-only KB."""
    store = ox.Store()
    graph = ox.NamedNode(KB_GRAPH)
    store.extend(
        ox.Quad(_ox_term(s), _ox_term(p), _ox_term(o), graph)  # type: ignore[arg-type]
        for s, p, o in kb.graph
    )
    return store


def _ox_term(term: object) -> ox.NamedNode | ox.BlankNode | ox.Literal:
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
