"""The ``kgc:`` vocabulary (``ontologies/kgcheck.ttl``) as an rdflib namespace."""

from __future__ import annotations

from rdflib.namespace import DefinedNamespace, Namespace
from rdflib.term import URIRef

__all__ = ["KGC", "KGC_NS"]

KGC_NS = "https://w3id.org/kgcheck#"


class KGC(DefinedNamespace):
    """Terms of ``https://w3id.org/kgcheck#``; an unknown term is an error."""

    _NS = Namespace(KGC_NS)
    _fail = True

    # annotations that drive checking
    lexicalForm: URIRef
    closedWorld: URIRef
    complete: URIRef
    tolerance: URIRef
    unit: URIRef
    # classes
    TurnReport: URIRef
    Flag: URIRef
    Action: URIRef
    Claim: URIRef
    Observation: URIRef
    FlagType: URIRef
    # reports, flags and actions
    session: URIRef
    turnIndex: URIRef
    time: URIRef
    decision: URIRef
    answerConfidence: URIRef
    hasFlag: URIRef
    hasAction: URIRef
    stageTiming: URIRef
    stage: URIRef
    seconds: URIRef
    segmentCount: URIRef
    claimCount: URIRef
    entityCount: URIRef
    flagType: URIRef
    typeName: URIRef
    baseSeverity: URIRef
    spanStart: URIRef
    spanEnd: URIRef
    content: URIRef
    confidence: URIRef
    severity: URIRef
    detector: URIRef
    rule: URIRef
    message: URIRef
    suggestion: URIRef
    evidence: URIRef
    reviewStatus: URIRef
    focusNode: URIRef
    actionKind: URIRef
    onFlag: URIRef
    replacement: URIRef
    guidance: URIRef
    # claims
    subject: URIRef
    predicate: URIRef
    object: URIRef
    polarity: URIRef
    hedged: URIRef
    text: URIRef
    speaker: URIRef
    period: URIRef
