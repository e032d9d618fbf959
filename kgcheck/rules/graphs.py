"""The graphs rules run over, and the workspace that holds them next to the KB.

SPARQL rules and SHACL shapes see the KB graph together with scratch named graphs:
``<urn:kgcheck:turn>`` (the reply's claims), ``<urn:kgcheck:history>`` (claims of earlier turns)
and ``<urn:kgcheck:output>`` (a structured output). Each claim is a ``kgc:Claim`` with
``kgc:subject``, ``kgc:predicate``, ``kgc:object``, ``kgc:polarity``, ``kgc:hedged`` and
``kgc:text`` (its sentence); history claims add ``kgc:turnIndex`` and ``kgc:speaker``.

The scratch graphs are written into the KB's own Oxigraph store for the time of one evaluation
and cleared after it, so queries join them with the KB through the store's indexes and nothing
is copied per turn. A KB without an Oxigraph store (``KnowledgeBase.from_graph``) is copied once
into a private in-memory store.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef

from kgcheck.history.state import DialogueState
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.store import KB_GRAPH
from kgcheck.nlp.analysis import Claim, TurnAnalysis
from kgcheck.nlp.vocabulary import is_question
from kgcheck.vocab import KGC_NS

__all__ = [
    "HISTORY_GRAPH",
    "OUTPUT_GRAPH",
    "TURN_GRAPH",
    "PastClaim",
    "Workspace",
    "claim_iri",
    "claim_quads",
    "history_claims",
    "history_iri",
]

TURN_GRAPH = "urn:kgcheck:turn"
HISTORY_GRAPH = "urn:kgcheck:history"
OUTPUT_GRAPH = "urn:kgcheck:output"
_SCRATCH = (TURN_GRAPH, HISTORY_GRAPH, OUTPUT_GRAPH)

_RDF_TYPE = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
_XSD = "http://www.w3.org/2001/XMLSchema#"
_CLAIM = ox.NamedNode(KGC_NS + "Claim")
_SUBJECT = ox.NamedNode(KGC_NS + "subject")
_PREDICATE = ox.NamedNode(KGC_NS + "predicate")
_OBJECT = ox.NamedNode(KGC_NS + "object")
_POLARITY = ox.NamedNode(KGC_NS + "polarity")
_HEDGED = ox.NamedNode(KGC_NS + "hedged")
_TEXT = ox.NamedNode(KGC_NS + "text")
_TURN_INDEX = ox.NamedNode(KGC_NS + "turnIndex")
_SPEAKER = ox.NamedNode(KGC_NS + "speaker")


@dataclass(frozen=True, slots=True)
class PastClaim:
    """A claim of an earlier turn: the turn's index and speaker, the claim and its sentence."""

    turn: int
    speaker: str
    claim: Claim
    sentence: str


def history_claims(state: DialogueState) -> list[PastClaim]:
    """The claims of the earlier turns of ``state``, oldest first; questions are left out.

    This is the one place the rules read the conversation: each turn's analysis (recorded by the
    checker, else the one in the report attached to the turn).
    """
    out = []
    for turn in state.turns:
        analysis = turn.analysis
        if analysis is None and turn.report is not None:
            analysis = turn.report.analysis
        if analysis is None:
            continue
        for claim in analysis.claims:
            sentence = _sentence(analysis, claim)
            if is_question(sentence):
                continue
            out.append(PastClaim(turn.index, turn.role, claim, sentence))
    return out


def _sentence(analysis: TurnAnalysis, claim: Claim) -> str:
    if claim.segment < len(analysis.segments):
        return analysis.segments[claim.segment].text.strip()
    return analysis.text.strip()


def claim_iri(index: int) -> str:
    """The node of the reply's claim ``index`` in ``<urn:kgcheck:turn>``."""
    return f"{TURN_GRAPH}#claim-{index}"


def history_iri(turn: int, index: int) -> str:
    """The node of claim ``index`` of earlier turn ``turn`` in ``<urn:kgcheck:history>``."""
    return f"{HISTORY_GRAPH}#turn-{turn}-claim-{index}"


def claim_quads(
    analysis: TurnAnalysis, past: Sequence[PastClaim] = ()
) -> tuple[list[ox.Quad], list[ox.Quad]]:
    """The quads of the turn graph (the reply's claims) and of the history graph."""
    turn_graph = ox.NamedNode(TURN_GRAPH)
    history_graph = ox.NamedNode(HISTORY_GRAPH)
    turn: list[ox.Quad] = []
    for claim in analysis.claims:
        node = ox.NamedNode(claim_iri(claim.index))
        turn.extend(_claim(node, claim, _sentence(analysis, claim), turn_graph))
    history: list[ox.Quad] = []
    for item in past:
        node = ox.NamedNode(history_iri(item.turn, item.claim.index))
        history.extend(_claim(node, item.claim, item.sentence, history_graph))
        history.append(ox.Quad(node, _TURN_INDEX, ox.Literal(item.turn), history_graph))
        history.append(ox.Quad(node, _SPEAKER, ox.Literal(item.speaker), history_graph))
    return turn, history


def _claim(node: ox.NamedNode, claim: Claim, sentence: str, graph: ox.NamedNode) -> list[ox.Quad]:
    quads = [
        ox.Quad(node, _RDF_TYPE, _CLAIM, graph),
        ox.Quad(node, _PREDICATE, ox.NamedNode(claim.predicate), graph),
        ox.Quad(node, _OBJECT, _object(claim), graph),
        ox.Quad(node, _POLARITY, ox.Literal(claim.polarity), graph),
        ox.Quad(node, _HEDGED, ox.Literal(claim.hedged), graph),
        ox.Quad(node, _TEXT, ox.Literal(sentence), graph),
    ]
    if claim.subject_iri is not None:
        quads.append(ox.Quad(node, _SUBJECT, ox.NamedNode(claim.subject_iri), graph))
    return quads


def _object(claim: Claim) -> ox.NamedNode | ox.Literal:
    obj = claim.object
    if obj.iri is not None:
        return ox.NamedNode(obj.iri)
    value = obj.value
    if value is None or obj.datatype is None:
        return ox.Literal(obj.text)
    if isinstance(value, bool):
        return ox.Literal(value)
    if isinstance(value, Decimal | int | float):
        number = Decimal(str(value))
        if obj.datatype == _XSD + "integer" and number == number.to_integral_value():
            return ox.Literal(str(int(number)), datatype=ox.NamedNode(obj.datatype))
        return ox.Literal(str(number), datatype=ox.NamedNode(_XSD + "decimal"))
    if isinstance(value, date):
        return ox.Literal(value.isoformat(), datatype=ox.NamedNode(obj.datatype))
    return ox.Literal(str(value))


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
