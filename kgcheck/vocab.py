"""The ``kgc:`` vocabulary as an rdflib namespace; its Turtle is
``kgcheck/ontologies/kgcheck.ttl`` (``kgcheck.package_data.ontology_file()``)."""

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
    precedes: URIRef
    # annotations on SHACL shapes used as rules (kgcheck/rules/shacl.py)
    resultType: URIRef
    resultAction: URIRef
    # classes
    TurnReport: URIRef
    Flag: URIRef
    Action: URIRef
    Claim: URIRef
    Observation: URIRef
    FlagType: URIRef
    Output: URIRef
    # classes of the flag store
    Check: URIRef
    Evidence: URIRef
    ReviewEvent: URIRef
    Session: URIRef
    SessionVersion: URIRef
    StageTiming: URIRef
    CheckError: URIRef
    Severity: URIRef
    ActionKind: URIRef
    ReviewStatus: URIRef
    Decision: URIRef
    # individuals: flag types, severities, action kinds, review statuses, decisions
    FabricatedFact: URIRef
    NonexistentEntity: URIRef
    WrongAttribute: URIRef
    ContradictsFact: URIRef
    ContradictsPrior: URIRef
    UnsupportedClaim: URIRef
    TemporalError: URIRef
    LogicalInconsistency: URIRef
    Critical: URIRef
    High: URIRef
    Medium: URIRef
    Low: URIRef
    NoAction: URIRef
    FlagAction: URIRef
    CorrectAction: URIRef
    RemoveAction: URIRef
    RegenerateAction: URIRef
    EscalateAction: URIRef
    Pending: URIRef
    Reviewed: URIRef
    Approved: URIRef
    Rejected: URIRef
    Accept: URIRef
    AcceptWithWarnings: URIRef
    Revise: URIRef
    Reject: URIRef
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
    judgedClaimCount: URIRef
    unsupportedClaimCount: URIRef
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
    # stored reports, flags and actions (kgcheck/store/rdf.py)
    replyText: URIRef
    mitigatedText: URIRef
    skipped: URIRef
    hasError: URIRef
    errorCode: URIRef
    position: URIRef
    correction: URIRef
    reason: URIRef
    evidenceKind: URIRef
    evidenceText: URIRef
    entailmentProbability: URIRef
    neutralProbability: URIRef
    contradictionProbability: URIRef
    evidenceTriple: URIRef
    claimIndex: URIRef
    # per-day counts of the flag store (kgcheck/store/rollups.py)
    DailyCount: URIRef
    day: URIRef
    measure: URIRef
    key: URIRef
    status: URIRef
    count: URIRef
    rollupVersion: URIRef
    # review events (kgcheck/store/review.py)
    reviewOf: URIRef
    fromStatus: URIRef
    toStatus: URIRef
    note: URIRef
    # sessions kept by the service (kgcheck/store/sessions.py)
    sessionState: URIRef
    version: URIRef
    writer: URIRef
    head: URIRef
    turnRecord: URIRef
    turnCount: URIRef
    referenceTime: URIRef
    # claims
    subject: URIRef
    predicate: URIRef
    object: URIRef
    polarity: URIRef
    hedged: URIRef
    text: URIRef
    speaker: URIRef
    period: URIRef
