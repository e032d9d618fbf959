"""A ``TurnReport`` as RDF: the triples of one turn's named graph, and the IRIs they use.

Each checked turn is written to ``<urn:kgcheck:session:{session}/turn/{n}>``. The graph holds the
``kgc:TurnReport`` (shaped like a SHACL ``sh:ValidationReport``), one ``kgc:Flag`` per flag (shaped
like a ``sh:ValidationResult``: focus node, value, severity, message, source detector and rule),
one ``kgc:Action`` per action, one ``kgc:CheckError`` per check that failed (stage, code,
reason), the ``kgc:Check`` activity that produced them (PROV-O), and later
the review events. Every node is an IRI derived from the report id, never a blank node, so writing
the same report twice (a retry, a spool replayed twice) leaves the store as it was.

A turn's graph is written by one ``INSERT DATA``. A server that cannot take that many triples
at once (Virtuoso compiles each update to SQL and gives up past some 2,000 triples) gets it in
parts of at most ``max_triples``, the report's ``rdf:type kgc:TurnReport`` last: queries look for
reports by that type, so a half-written graph stays invisible until its last part lands, and
writing the parts again completes it.

Usage::

    (update,) = report_updates(report)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from urllib.parse import quote, unquote

from rdflib import Literal, URIRef
from rdflib.namespace import PROV, RDF, RDFS, XSD

from kgcheck.errors import NotFound
from kgcheck.metrics import claim_verdicts
from kgcheck.report import TurnReport
from kgcheck.types import ActionKind, Decision, Flag, FlagType, Severity
from kgcheck.vocab import KGC, KGC_NS

__all__ = [
    "ACTION_KIND_IRI",
    "AGENT",
    "DECISION_IRI",
    "FLAG_TYPE_IRI",
    "SEVERITY_IRI",
    "Triple",
    "action_kind_iri",
    "flag_id",
    "flag_iri",
    "flag_type_iri",
    "insert_data",
    "name_of",
    "nt",
    "parse_flag_id",
    "report_iri",
    "report_triples",
    "report_updates",
    "session_graph",
    "session_iri",
    "turn_graph",
]

Triple = tuple[URIRef, URIRef, URIRef | Literal]

#: The kgcheck software agent every check is associated with.
AGENT = URIRef("urn:kgcheck:agent:kgcheck")

FLAG_TYPE_IRI: dict[FlagType, URIRef] = {
    FlagType.FABRICATED_FACT: KGC.FabricatedFact,
    FlagType.NONEXISTENT_ENTITY: KGC.NonexistentEntity,
    FlagType.WRONG_ATTRIBUTE: KGC.WrongAttribute,
    FlagType.CONTRADICTS_FACT: KGC.ContradictsFact,
    FlagType.CONTRADICTS_PRIOR: KGC.ContradictsPrior,
    FlagType.UNSUPPORTED_CLAIM: KGC.UnsupportedClaim,
    FlagType.TEMPORAL_ERROR: KGC.TemporalError,
    FlagType.LOGICAL_INCONSISTENCY: KGC.LogicalInconsistency,
}
SEVERITY_IRI: dict[Severity, URIRef] = {
    Severity.CRITICAL: KGC.Critical,
    Severity.HIGH: KGC.High,
    Severity.MEDIUM: KGC.Medium,
    Severity.LOW: KGC.Low,
}
DECISION_IRI: dict[Decision, URIRef] = {
    Decision.ACCEPT: KGC.Accept,
    Decision.ACCEPT_WITH_WARNINGS: KGC.AcceptWithWarnings,
    Decision.REVISE: KGC.Revise,
    Decision.REJECT: KGC.Reject,
}
ACTION_KIND_IRI: dict[ActionKind, URIRef] = {
    ActionKind.NONE: KGC.NoAction,
    ActionKind.FLAG: KGC.FlagAction,
    ActionKind.CORRECT: KGC.CorrectAction,
    ActionKind.REMOVE: KGC.RemoveAction,
    ActionKind.REGENERATE: KGC.RegenerateAction,
    ActionKind.ESCALATE: KGC.EscalateAction,
}
_NAMES: dict[str, str] = {
    str(iri): str(name)
    for table in (FLAG_TYPE_IRI, SEVERITY_IRI, DECISION_IRI, ACTION_KIND_IRI)
    for name, iri in table.items()
}


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def flag_type_iri(flag_type: FlagType | str) -> URIRef:
    """The IRI of a flag type: the built-ins' ``kgc:`` individuals; a plugin's type, the IRI
    it was registered with, else ``kgc:`` + its name in CamelCase (``kgc:PolicyViolation``)."""
    known = FlagType(flag_type)
    iri = FLAG_TYPE_IRI.get(known)
    if iri is None:
        iri = URIRef(known.iri or f"{KGC_NS}{_camel(known)}")
        _NAMES.setdefault(str(iri), str(known))
    return iri


def action_kind_iri(kind: ActionKind | str) -> URIRef:
    """The IRI of an action kind: the built-ins' ``kgc:`` individuals; a plugin's kind,
    ``kgc:`` + its name in CamelCase + ``Action`` (``kgc:NotifyAction``)."""
    known = ActionKind(kind)
    iri = ACTION_KIND_IRI.get(known)
    if iri is None:
        iri = URIRef(f"{KGC_NS}{_camel(known)}Action")
        _NAMES.setdefault(str(iri), str(known))
    return iri


#: An evidence value that is an absolute IRI rather than a literal ("4412", "C-310").
#: An IRI a flag or evidence may point at (``\Z``, not ``$``: no trailing newline gets in).
_IRI_VALUE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>\"{}|\\^`]+\Z")
_SAFE = "-._~"
_FLAG_NS = "urn:kgcheck:flag:"
#: ``{report_id}-{position}``: report ids are hex (``new_report_id``).
_FLAG_ID = re.compile(r"[0-9a-f]{1,64}-[0-9]{1,9}")


def name_of(iri: str) -> str:
    """The code name of a vocabulary individual (``kgc:WrongAttribute`` -> ``wrong_attribute``);
    other IRIs are returned as they are."""
    found = _NAMES.get(iri)
    if found is None:  # a plugin's type or kind, once its plugin is loaded
        for flag_type in FlagType.known():
            flag_type_iri(flag_type)
        for kind in ActionKind.known():
            action_kind_iri(kind)
        found = _NAMES.get(iri, iri)
    return found


def _part(text: str) -> str:
    return quote(text, safe=_SAFE)


def turn_graph(session: str, turn: int) -> URIRef:
    """The named graph of one checked turn."""
    return URIRef(f"urn:kgcheck:session:{_part(session)}/turn/{turn}")


def session_iri(session: str) -> URIRef:
    return URIRef(f"urn:kgcheck:session:{_part(session)}")


def session_graph(session: str) -> URIRef:
    """The named graph holding a session's stored dialogue state."""
    return URIRef(f"urn:kgcheck:session:{_part(session)}/state")


def report_iri(report_id: str) -> URIRef:
    return URIRef(f"urn:kgcheck:report:{report_id}")


def flag_id(report_id: str, position: int) -> str:
    """The short id of a flag, as the review commands take it (``3f2a9c0d1b7e4a55-0``)."""
    return f"{report_id}-{position}"


def parse_flag_id(identifier: str) -> str:
    """The short id of a flag given by its short id (``3f2a9c0d1b7e4a55-0``) or its IRI
    (``urn:kgcheck:flag:3f2a9c0d1b7e4a55-0``), checked: a report id (hex) and a position.

    Raises:
        StoreError: (KGC410) anything else: no flag can have that id.
    """
    short = identifier.strip().removeprefix(_FLAG_NS)
    if not _FLAG_ID.fullmatch(short):
        shown = identifier if len(identifier) <= 80 else identifier[:77] + "..."
        raise NotFound(
            f"no flag {shown!r}: a flag id is a report id and a position, like 3f2a9c0d1b7e4a55-0"
        )
    return short


def flag_iri(identifier: str) -> URIRef:
    """The IRI of a flag from its short id or its IRI, checked by :func:`parse_flag_id`."""
    return URIRef(_FLAG_NS + parse_flag_id(identifier))


def short_flag_id(iri: str) -> str:
    """The inverse of :func:`flag_iri`."""
    return unquote(iri.removeprefix(_FLAG_NS))


def _decimal(value: float) -> Literal:
    return Literal(f"{value:.6f}", datatype=XSD.decimal)


def _integer(value: int) -> Literal:
    return Literal(str(int(value)), datatype=XSD.integer)


def _string(value: str) -> Literal:
    return Literal(value)


def date_time(value: datetime) -> Literal:
    """An ``xsd:dateTime`` in UTC with microseconds, comparable across back-ends."""
    utc = value.astimezone(UTC)
    return Literal(utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), datatype=XSD.dateTime)


def report_triples(report: TurnReport) -> list[Triple]:
    """The triples of ``report``'s turn graph (without the graph name). The same report always
    gives the same triples: the check ended at ``report.checked_at`` and started its total time
    earlier."""
    ended = report.checked_at
    started = ended - timedelta(seconds=report.timings.get("total", 0.0))
    rid = report.report_id
    node = report_iri(rid)
    check = URIRef(f"urn:kgcheck:check:{rid}")
    verdicts = claim_verdicts(report.counts.get("claims", 0), (f.claim_index for f in report.flags))
    out: list[Triple] = [
        (node, RDF.type, KGC.TurnReport),
        (node, KGC.session, _string(report.session_id)),
        (node, KGC.turnIndex, _integer(report.turn_index)),
        (node, KGC.time, date_time(ended)),
        (node, KGC.decision, DECISION_IRI[report.decision]),
        (node, KGC.answerConfidence, _decimal(report.answer_confidence)),
        (node, KGC.replyText, _string(report.original)),
        (node, KGC.mitigatedText, _string(report.text)),
        (node, KGC.segmentCount, _integer(report.counts.get("segments", 0))),
        (node, KGC.claimCount, _integer(report.counts.get("claims", 0))),
        (node, KGC.judgedClaimCount, _integer(len(verdicts))),
        (node, KGC.unsupportedClaimCount, _integer(verdicts.count(False))),
        (node, KGC.entityCount, _integer(report.counts.get("entities", 0))),
        (node, PROV.wasGeneratedBy, check),
        (check, RDF.type, KGC.Check),
        (check, PROV.startedAtTime, date_time(started)),
        (check, PROV.endedAtTime, date_time(ended)),
        (check, PROV.wasAssociatedWith, AGENT),
        (AGENT, RDF.type, PROV.SoftwareAgent),
        (AGENT, RDFS.label, _string("kgcheck")),
    ]
    out += [(node, KGC.skipped, _string(note)) for note in report.skipped]
    for position, error in enumerate(report.errors):
        failure = URIRef(f"{node}/error/{position}")
        out += [
            (node, KGC.hasError, failure),
            (failure, RDF.type, KGC.CheckError),
            (failure, KGC.stage, _string(error.stage)),
            (failure, KGC.errorCode, _string(error.code)),
            (failure, KGC.reason, _string(error.reason)),
        ]
    for stage, seconds in report.timings.items():
        timing = URIRef(f"{node}/timing/{_part(stage)}")
        out += [
            (node, KGC.stageTiming, timing),
            (timing, RDF.type, KGC.StageTiming),
            (timing, KGC.stage, _string(stage)),
            (timing, KGC.seconds, _decimal(seconds)),
        ]
    for position, flag in enumerate(report.flags):
        out += _flag_triples(node, check, rid, position, flag)
    for position, action in enumerate(report.actions):
        act = URIRef(f"urn:kgcheck:action:{rid}-{position}")
        out += [
            (node, KGC.hasAction, act),
            (act, RDF.type, KGC.Action),
            (act, KGC.position, _integer(position)),
            (act, KGC.actionKind, action_kind_iri(action.kind)),
        ]
        out += [
            (act, KGC.onFlag, flag_iri(flag_id(rid, n)))
            for n in action.flags
            if 0 <= n < len(report.flags)
        ]
        if action.span is not None:
            out += [
                (act, KGC.spanStart, _integer(action.span.start)),
                (act, KGC.spanEnd, _integer(action.span.end)),
            ]
        if action.replacement is not None:
            out.append((act, KGC.replacement, _string(action.replacement)))
        if action.guidance:
            out.append((act, KGC.guidance, _string(action.guidance)))
        if action.reason:
            out.append((act, KGC.reason, _string(action.reason)))
    return out


def _flag_triples(
    report: URIRef, check: URIRef, rid: str, position: int, flag: Flag
) -> list[Triple]:
    node = flag_iri(flag_id(rid, position))
    detector = URIRef(f"urn:kgcheck:detector:{_part(flag.detector)}")
    out: list[Triple] = [
        (report, KGC.hasFlag, node),
        (node, RDF.type, KGC.Flag),
        (node, KGC.position, _integer(position)),
        (node, KGC.flagType, flag_type_iri(flag.type)),
        (node, KGC.spanStart, _integer(flag.span.start)),
        (node, KGC.spanEnd, _integer(flag.span.end)),
        (node, KGC.content, _string(flag.content)),
        (node, KGC.confidence, _decimal(flag.confidence)),
        (node, KGC.severity, SEVERITY_IRI[Severity(flag.severity)]),
        (node, KGC.detector, _string(flag.detector)),
        (node, KGC.message, _string(flag.message)),
        (node, KGC.reviewStatus, KGC.Pending),
        (node, PROV.wasGeneratedBy, check),
        (node, PROV.wasAttributedTo, detector),
        (detector, RDF.type, PROV.SoftwareAgent),
        (detector, RDFS.label, _string(flag.detector)),
        (detector, PROV.actedOnBehalfOf, AGENT),
    ]
    if flag.rule:
        out.append((node, KGC.rule, _string(flag.rule)))
    if flag.claim_index is not None:
        out.append((node, KGC.claimIndex, _integer(flag.claim_index)))
    if flag.suggestion:
        out.append((node, KGC.suggestion, _string(flag.suggestion)))
    if flag.correction is not None:
        out.append((node, KGC.correction, _string(flag.correction)))
    if flag.focus and _IRI_VALUE.match(flag.focus):
        out.append((node, KGC.focusNode, URIRef(flag.focus)))
    for k, evidence in enumerate(flag.evidence):
        ev = URIRef(f"{node}/evidence/{k}")
        out += [
            (node, KGC.evidence, ev),
            (ev, RDF.type, KGC.Evidence),
            (ev, KGC.evidenceKind, _string(evidence.kind)),
            (ev, KGC.evidenceText, _string(evidence.text)),
        ]
        out += [
            (ev, _SCORE_PROPERTIES[name], Literal(round(value, 4), datatype=XSD.decimal))
            for name, value in evidence.scores
            if name in _SCORE_PROPERTIES
        ]
        for t, (s, p, o) in enumerate(evidence.triples):
            if not (_IRI_VALUE.match(s) and _IRI_VALUE.match(p)):
                continue
            st = URIRef(f"{ev}/triple/{t}")
            value: URIRef | Literal = URIRef(o) if _IRI_VALUE.match(o) else _string(o)
            out += [
                (ev, KGC.evidenceTriple, st),
                (st, RDF.type, RDF.Statement),
                (st, RDF.subject, URIRef(s)),
                (st, RDF.predicate, URIRef(p)),
                (st, RDF.object, value),
            ]
    return out


#: An NLI model's probabilities on evidence nodes.
_SCORE_PROPERTIES = {
    "entailment": KGC.entailmentProbability,
    "neutral": KGC.neutralProbability,
    "contradiction": KGC.contradictionProbability,
}

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def nt(term: URIRef | Literal) -> str:
    """A term in N-Triples syntax, which SPARQL accepts too. Literals are plain ASCII:
    characters outside it are written as ``\\uXXXX`` escapes, so no server's character-set
    handling can garble them."""
    if isinstance(term, URIRef):
        return f"<{term}>"
    text = []
    for char in str(term):
        if char in _ESCAPES:
            text.append(_ESCAPES[char])
        elif " " <= char <= "~":
            text.append(char)
        elif ord(char) <= 0xFFFF:
            text.append(f"\\u{ord(char):04X}")
        else:
            text.append(f"\\U{ord(char):08X}")
    quoted = '"' + "".join(text) + '"'
    if term.language:
        return f"{quoted}@{term.language}"
    if term.datatype is not None and term.datatype != XSD.string:
        return f"{quoted}^^<{term.datatype}>"
    return quoted


def insert_data(graph: URIRef, triples: Iterable[Triple]) -> str:
    """One SPARQL ``INSERT DATA`` that writes ``triples`` into ``graph``."""
    body = "\n".join(f"{nt(s)} {nt(p)} {nt(o)} ." for s, p, o in triples)
    return f"INSERT DATA {{ GRAPH {nt(graph)} {{\n{body}\n}} }}"


def report_updates(report: TurnReport, *, max_triples: int | None = None) -> list[str]:
    """The update(s) that write ``report``'s turn graph: one, unless it has more than
    ``max_triples`` triples."""
    graph = turn_graph(report.session_id, report.turn_index)
    triples = report_triples(report)
    if max_triples is None or len(triples) <= max_triples:
        return [insert_data(graph, triples)]
    marker = (report_iri(report.report_id), RDF.type, KGC.TurnReport)
    rest = [t for t in triples if t != marker]
    parts = [rest[n : n + max_triples] for n in range(0, len(rest), max_triples)]
    if len(parts[-1]) < max_triples:
        parts[-1].append(marker)
    else:
        parts.append([marker])
    return [insert_data(graph, part) for part in parts]
