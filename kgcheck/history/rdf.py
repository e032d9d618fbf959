"""Claims as RDF: the one form of the reply's claims and of earlier turns' claims.

The reply's claims go to ``<urn:kgcheck:turn>``, earlier turns' claims to
``<urn:kgcheck:history>``. Each claim is a ``kgc:Claim`` with ``kgc:subject`` (when it is a KB
entity), ``kgc:predicate``, ``kgc:object``, ``kgc:polarity``, ``kgc:hedged`` and ``kgc:text``
(its sentence); history claims add ``kgc:turnIndex`` and ``kgc:speaker``. SPARQL rules and SHACL
shapes query these graphs (:mod:`kgcheck.rules`), and ``DialogueState.to_rdf`` exports the
history graph.

Usage::

    turn_quads, history_quads = claim_quads(analysis, history_claims(state))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgcheck.nlp.analysis import Claim, TurnAnalysis
from kgcheck.nlp.vocabulary import is_question
from kgcheck.vocab import KGC_NS

if TYPE_CHECKING:
    from kgcheck.history.state import DialogueState, Turn

__all__ = [
    "HISTORY_GRAPH",
    "TURN_GRAPH",
    "PastClaim",
    "claim_iri",
    "claim_quads",
    "history_claims",
    "history_iri",
    "history_quads",
    "turn_claims",
]

TURN_GRAPH = "urn:kgcheck:turn"
HISTORY_GRAPH = "urn:kgcheck:history"

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

    This is the one place the rules read the conversation (see :func:`turn_claims`).
    """
    return [claim for turn in state.turns for claim in turn_claims(turn) or ()]


def turn_claims(turn: Turn) -> list[PastClaim] | None:
    """The claims of one turn as the rules see them, questions left out: from the turn's
    analysis (recorded by the checker, else the one in the report attached to the turn), else
    those restored with the turn (``Turn.past``); ``None`` when the turn was not analysed."""
    analysis = turn.analysis
    if analysis is None and turn.report is not None:
        analysis = turn.report.analysis
    if analysis is None:
        return turn.past
    out = []
    for claim in analysis.claims:
        sentence = _sentence(analysis, claim)
        if not is_question(sentence):
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
    turn: list[ox.Quad] = []
    for claim in analysis.claims:
        node = ox.NamedNode(claim_iri(claim.index))
        turn.extend(_claim(node, claim, _sentence(analysis, claim), turn_graph))
    return turn, history_quads(past)


def history_quads(past: Sequence[PastClaim]) -> list[ox.Quad]:
    """The quads of the history graph: the claims ``past`` (see :func:`history_claims`)."""
    graph = ox.NamedNode(HISTORY_GRAPH)
    history: list[ox.Quad] = []
    for item in past:
        node = ox.NamedNode(history_iri(item.turn, item.claim.index))
        history.extend(_claim(node, item.claim, item.sentence, graph))
        history.append(ox.Quad(node, _TURN_INDEX, ox.Literal(item.turn), graph))
        history.append(ox.Quad(node, _SPEAKER, ox.Literal(item.speaker), graph))
    return history


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
