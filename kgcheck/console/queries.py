"""The SPARQL of each console view: the text a page runs is the text it shows.

Values from the browser enter a query only as escaped literals (:func:`~kgcheck.store.rdf.nt`);
flag types, severities and review statuses only as vocabulary IRIs, after their enums accepted
them. The queries follow the store's layout, one named graph per checked turn holding its report
and its flags. Over 100k flags Oxigraph answers in milliseconds what starts from a few bound
nodes (a ``VALUES`` block, one session) and takes seconds to join the whole store, so:

- the queue first counts, up to a cap, the flags each of its flag conditions selects on its own
  (:func:`counts_query`: a few index rows each). A condition that selects none empties the page
  at once; one that selects few starts the page from its flags (:func:`flag_first_query`);
  otherwise the queue lists windows of the newest reports (:func:`window_query`) and picks the
  flags of the page among them (:func:`flag_ids_query`), unless they turn out too sparse there
  and the conditions together select few (:func:`intersection_query`). Then it reads those
  flags, their reports (:func:`describe_query`) and their evidence (:func:`evidence_query`);
  :func:`queue_query` is the same selection as one query, shown for use in ``/sparql``;
- a conversation lists the session's checked turns and their graphs (:func:`turns_query`),
  then reads what the page shows from those graphs in one pass (:func:`content_query`);
- the dashboard sums the per-day counts the store keeps as it is written
  (:mod:`kgcheck.store.rollups`): a few hundred numbers, where computing them from the turn
  graphs (:func:`turn_graph_queries`, the fallback) joins every flag of the window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from rdflib import Literal, URIRef
from rdflib.namespace import XSD

from kgcheck.store.queries import STATUS_IRI, ReviewStatus
from kgcheck.store.rdf import SEVERITY_IRI, date_time, flag_type_iri, nt
from kgcheck.store.rollups import ROLLUPS
from kgcheck.types import FlagType, Severity

__all__ = [
    "CONVERSATION_SHOWN",
    "SHOWN",
    "QueueFilter",
    "content_query",
    "counts_query",
    "dashboard_queries",
    "describe_query",
    "evidence_query",
    "flag_first_query",
    "flag_ids_query",
    "intersection_query",
    "queue_query",
    "specific_first",
    "time_literal",
    "turn_graph_queries",
    "turns_query",
    "window_query",
]

_DATE_TIME = "http://www.w3.org/2001/XMLSchema#dateTime"
#: The flag conditions, most specific first: the order :func:`intersection_query` joins them.
_SPECIFIC_FIRST = ("rule", "detector", "type", "severity", "status")


def time_literal(value: datetime) -> str:
    """``nt(date_time(value))``, the text rdflib writes, without building an rdflib literal
    (which parses its text again: 45 µs, for every report of a window)."""
    return f'"{value.astimezone(UTC).isoformat()}"^^<{_DATE_TIME}>'


@dataclass(frozen=True, slots=True)
class QueueFilter:
    """What the queue shows: by review status, type, severity, detector, rule, session and
    time (``start`` inclusive, ``end`` exclusive), older than a cursor (``before``: the time
    and flag IRI of the last row of the page before)."""

    status: ReviewStatus | None = ReviewStatus.PENDING
    flag_type: FlagType | None = None
    severity: Severity | None = None
    detector: str | None = None
    rule: str | None = None
    session: str | None = None
    start: datetime | None = None
    end: datetime | None = None
    before: tuple[datetime, str] | None = None

    def report_clauses(self) -> str:
        """Patterns and filters on a report (``?report``, ``?time``)."""
        parts = ["?report kgc:time ?time ."]
        if self.session is not None:
            parts.insert(0, f"?report kgc:session {nt(Literal(self.session))} .")
        if self.start is not None:
            parts.append(f"FILTER(?time >= {time_literal(self.start)})")
        if self.end is not None:
            parts.append(f"FILTER(?time < {time_literal(self.end)})")
        if self.before is not None:
            parts.append(f"FILTER(?time <= {time_literal(self.before[0])})")
        return " ".join(parts)

    def flag_conditions(self) -> dict[str, str]:
        """The conditions on a flag (``?flag``) by filter field (``status``, ``type``,
        ``severity``, ``detector``, ``rule``): each pattern's predicate and object."""
        parts = {}
        if self.status is not None:
            parts["status"] = f"kgc:reviewStatus {nt(STATUS_IRI[self.status])}"
        if self.flag_type is not None:
            parts["type"] = f"kgc:flagType {nt(flag_type_iri(self.flag_type))}"
        if self.severity is not None:
            parts["severity"] = f"kgc:severity {nt(SEVERITY_IRI[self.severity])}"
        if self.detector is not None:
            parts["detector"] = f"kgc:detector {nt(Literal(self.detector))}"
        if self.rule is not None:
            parts["rule"] = f"kgc:rule {nt(Literal(self.rule))}"
        return parts

    def flag_clauses(self, *, besides: Sequence[str] = ()) -> str:
        """Patterns on a flag (``?flag``) of a report (``?report``), but those of the fields
        ``besides``."""
        parts = ["?report a kgc:TurnReport ; kgc:hasFlag ?flag ."]
        parts += [
            f"?flag {pattern} ."
            for name, pattern in self.flag_conditions().items()
            if name not in besides
        ]
        return "\n    ".join(parts)

    def cursor_clause(self) -> str:
        """The rows after the cursor: older, or as old and later in flag order."""
        if self.before is None:
            return ""
        at, flag = time_literal(self.before[0]), nt(Literal(self.before[1]))
        return f"\n  FILTER(?time < {at} || STR(?flag) > {flag})"


def window_query(
    where: QueueFilter, reports: int, *, after: tuple[datetime, str] | None = None
) -> str:
    """The newest ``reports`` reports ``where`` allows, newest first, then by IRI; only those
    listed after ``after`` (the time and IRI of the last report listed before): older, or as
    old and later by IRI, so that reports of one time are listed once however many there are."""
    clauses = where.report_clauses()
    if after is not None:
        at, iri = time_literal(after[0]), nt(Literal(after[1]))
        clauses += f" FILTER(?time < {at} || (?time = {at} && STR(?report) > {iri}))"
    return (
        f"SELECT ?report ?time WHERE {{ GRAPH ?g {{ {clauses} }} }}\n"
        f"ORDER BY DESC(?time) ?report\nLIMIT {int(reports)}"
    )


def flag_ids_query(where: QueueFilter, reports: list[tuple[str, datetime]], limit: int) -> str:
    """The newest ``limit`` flags ``where`` selects among ``reports`` (IRI, time)."""
    values = "\n    ".join(f"({nt(URIRef(r))} {time_literal(t)})" for r, t in reports)
    return (
        "SELECT ?flag ?report ?time WHERE {\n"
        f"  VALUES (?report ?time) {{\n    {values}\n  }}\n"
        f"  {where.flag_clauses()}{where.cursor_clause()}\n"
        f"}}\nORDER BY DESC(?time) STR(?flag)\nLIMIT {int(limit)}"
    )


def counts_query(where: QueueFilter, cap: int) -> str:
    """How many flags each flag condition of ``where`` selects on its own, counted up to
    ``cap`` + 1 (so each count reads at most that many index entries): one row,
    ``?<field>Flags`` per condition."""
    conditions = where.flag_conditions()
    counts = " ".join(f"(COUNT(?{name}) AS ?{name}Flags)" for name in conditions)
    branches = "\n  UNION ".join(
        f"{{ SELECT (?flag AS ?{name}) WHERE {{ ?flag {pattern} }} LIMIT {int(cap) + 1} }}"
        for name, pattern in conditions.items()
    )
    return f"SELECT {counts} WHERE {{\n  {branches}\n}}"


def _subqueries(where: QueueFilter, fields: Sequence[str]) -> str:
    """The flags each condition of ``fields`` selects, as subqueries: Oxigraph reads each one's
    index range on its own (several hashed together) before it joins the rest, where the same
    patterns written flat are looked up flag by flag (seconds for conditions of 12k flags)."""
    conditions = where.flag_conditions()
    return "\n  ".join(
        f"{{ SELECT ?flag WHERE {{ ?flag {conditions[name]} }} }}" for name in fields
    )


def specific_first(where: QueueFilter) -> list[str]:
    """The fields of ``where``'s flag conditions, the most specific kinds first."""
    return [name for name in _SPECIFIC_FIRST if name in where.flag_conditions()]


def intersection_query(where: QueueFilter, cap: int) -> str:
    """How many flags ``where``'s flag conditions select together, counted up to ``cap`` + 1:
    ``?flags``."""
    return (
        "SELECT (COUNT(*) AS ?flags) WHERE {\n"
        f"  {{ SELECT ?flag WHERE {{\n  {_subqueries(where, specific_first(where))}\n"
        f"  }} LIMIT {int(cap) + 1} }}\n}}"
    )


def flag_first_query(where: QueueFilter, drivers: Sequence[str], limit: int) -> str:
    """The newest ``limit`` flags ``where`` selects, from the flags that its conditions
    ``drivers`` (fields) select: those first, then their reports, times and other conditions
    flag by flag. As fast as the drivers select few flags."""
    return (
        "SELECT ?flag ?report ?time WHERE {\n"
        f"  {_subqueries(where, drivers)}\n"
        f"  {where.flag_clauses(besides=drivers)}\n"
        f"  {where.report_clauses()}{where.cursor_clause()}\n"
        f"}}\nORDER BY DESC(?time) STR(?flag)\nLIMIT {int(limit)}"
    )


def queue_query(where: QueueFilter, limit: int) -> str:
    """The queue's selection as one query: the newest ``limit`` flags ``where`` selects."""
    return (
        "SELECT ?flag ?time WHERE {\n"
        f"  {where.report_clauses()}\n  {where.flag_clauses()}{where.cursor_clause()}\n"
        f"}}\nORDER BY DESC(?time) STR(?flag)\nLIMIT {int(limit)}"
    )


#: The properties of flags and reports the pages show.
SHOWN = [
    "flagType",
    "severity",
    "reviewStatus",
    "confidence",
    "content",
    "message",
    "detector",
    "rule",
    "correction",
    "suggestion",
    "spanStart",
    "spanEnd",
    "session",
    "turnIndex",
    "time",
    "decision",
    "replyText",
    "mitigatedText",
]


def describe_query(nodes: list[str]) -> str:
    """The shown properties of the given flags and reports (IRIs): ``?node ?p ?o``."""
    values = " ".join(nt(URIRef(n)) for n in nodes) or "<urn:kgcheck:none>"
    wanted = ", ".join(f"kgc:{name}" for name in SHOWN)
    return (
        f"SELECT ?node ?p ?o WHERE {{\n  VALUES ?node {{ {values} }}\n  ?node ?p ?o\n"
        f"  FILTER(?p IN ({wanted}))\n}}"
    )


def evidence_query(flags: list[str]) -> str:
    """The evidence of the given flags (IRIs): each evidence node's properties, and those of
    the KB triples it cites (``?triple``); unordered (sorting by IRI here costs more than the
    rest of the query; the page sorts them)."""
    values = " ".join(nt(URIRef(f)) for f in flags) or "<urn:kgcheck:none>"
    return (
        "SELECT ?flag ?evidence ?triple ?p ?o WHERE {\n"
        f"  VALUES ?flag {{ {values} }}\n"
        "  ?flag kgc:evidence ?evidence .\n"
        "  { ?evidence ?p ?o }\n"
        "  UNION { ?evidence kgc:evidenceTriple ?triple . ?triple ?p ?o }\n"
        "}"
    )


#: What a conversation shows of each turn graph (:func:`content_query`): its reports' replies and
#: decisions, its flags' shown properties, the links from a report to its flags, from a flag to
#: its evidence and from evidence to the KB triples it cites (``rdf:subject``, ...), and the
#: evidence's kind, text and model scores (``kgcheck.store.rdf``'s score properties).
CONVERSATION_SHOWN = [
    "time",
    "decision",
    "replyText",
    "mitigatedText",
    "hasFlag",
    "flagType",
    "reviewStatus",
    "content",
    "message",
    "correction",
    "spanStart",
    "spanEnd",
    "evidence",
    "evidenceKind",
    "evidenceText",
    "entailmentProbability",
    "neutralProbability",
    "contradictionProbability",
    "evidenceTriple",
]


def turns_query(session: str, limit: int) -> str:
    """A session's checked turns, oldest first: each report, its turn index and its graph."""
    return (
        "SELECT ?report ?turn ?g WHERE {\n"
        f"  GRAPH ?g {{ ?report kgc:session {nt(Literal(session))} ; a kgc:TurnReport ; "
        "kgc:turnIndex ?turn }\n"
        f"}}\nORDER BY ?turn ?report\nLIMIT {int(limit)}"
    )


def content_query(graphs: list[str]) -> str:
    """What a conversation shows of the given turn graphs (:data:`CONVERSATION_SHOWN`):
    ``?s ?p ?o``. One pass over each graph's index range: reading the session's flags, then
    each flag and report by IRI, then their evidence took three queries and about three times
    as long (50 turns, 200 flags)."""
    values = " ".join(nt(URIRef(g)) for g in graphs) or "<urn:kgcheck:none>"
    wanted = ", ".join(f"kgc:{name}" for name in CONVERSATION_SHOWN)
    wanted += ", rdf:subject, rdf:predicate, rdf:object"
    return (
        f"SELECT ?s ?p ?o WHERE {{\n  VALUES ?g {{ {values} }}\n  GRAPH ?g {{ ?s ?p ?o }}\n"
        f"  FILTER(?p IN ({wanted}))\n}}"
    )


def _window(since: datetime) -> str:
    return (
        "{ SELECT ?g ?day WHERE { GRAPH ?g { ?report kgc:time ?time }\n"
        f"      FILTER(?time >= {nt(date_time(since))})\n"
        "      BIND(SUBSTR(STR(?time), 1, 10) AS ?day) } }"
    )


def _ruled() -> str:
    return " ".join(
        nt(STATUS_IRI[s])
        for s in (ReviewStatus.APPROVED, ReviewStatus.REJECTED, ReviewStatus.REVIEWED)
    )


def dashboard_queries(since: datetime) -> dict[str, str]:
    """The dashboard's queries over the per-day counts (:mod:`kgcheck.store.rollups`) of the
    days since ``since``, by table: ``flags`` (per UTC day and type), ``replies`` (per
    decision: replies, claims), ``flagged`` (replies with at least one flag), ``micro`` (claims
    judged and unsupported, and the replies that record them), ``reviews`` (per detector and
    review status). :func:`turn_graph_queries` computes the same from the turn graphs."""
    day = nt(Literal(since.date().isoformat(), datatype=XSD.date))

    def counts(measure: str, select: str, group: str = "", *, extra: str = "") -> str:
        return (
            f"SELECT {select} WHERE {{\n"
            f"  GRAPH {nt(ROLLUPS)} {{ ?c kgc:measure {nt(Literal(measure))} ; kgc:day ?day ; "
            f"kgc:count ?n{extra} }}\n"
            f"  FILTER(?day >= {day})\n}}"
            + (f"\nGROUP BY {group}\nORDER BY {group}" if group else "")
        )

    def total(measure: str, name: str) -> str:
        return f"(SUM(IF(?m = {nt(Literal(measure))}, ?n, 0)) AS ?{name})"

    return {
        "flags": counts(
            "flags", "?day ?type (SUM(?n) AS ?flags)", "?day ?type", extra=" ; kgc:key ?type"
        ),
        "replies": (
            f"SELECT ?decision {total('replies', 'replies')} {total('claims', 'claimsChecked')} "
            "WHERE {\n"
            f"  GRAPH {nt(ROLLUPS)} {{ ?c kgc:measure ?m ; kgc:day ?day ; kgc:key ?decision ; "
            "kgc:count ?n }\n"
            f'  FILTER(?m IN ("replies", "claims") && ?day >= {day})\n'
            "}\nGROUP BY ?decision\nORDER BY DESC(?replies)"
        ),
        "flagged": counts("flagged", "(SUM(?n) AS ?flaggedReplies)"),
        "micro": (
            f"SELECT {total('judged', 'judgedClaims')} {total('unsupported', 'unsupportedClaims')} "
            f"{total('judged_replies', 'judgedReplies')} WHERE {{\n"
            f"  GRAPH {nt(ROLLUPS)} {{ ?c kgc:measure ?m ; kgc:day ?day ; kgc:count ?n }}\n"
            f"  FILTER(?day >= {day})\n}}"
        ),
        "reviews": (
            "SELECT ?detector ?status (SUM(?n) AS ?flags) WHERE {\n"
            f"  VALUES ?status {{ {_ruled()} }}\n"
            f'  GRAPH {nt(ROLLUPS)} {{ ?c kgc:measure "reviews" ; kgc:day ?day ; '
            "kgc:key ?detector ; kgc:status ?status ; kgc:count ?n }\n"
            f"  FILTER(?day >= {day} && ?n > 0)\n"
            "}\nGROUP BY ?detector ?status\nORDER BY ?detector ?status"
        ),
    }


def turn_graph_queries(since: datetime) -> dict[str, str]:
    """:func:`dashboard_queries` computed from the turn graphs themselves, for a store that
    keeps no per-day counts (one opened read-only, written by an earlier release). They join
    every stored flag of the window: seconds over 100k flags, where the counts take
    milliseconds."""
    window = _window(since)
    return {
        "flags": (
            "SELECT ?day ?type (COUNT(*) AS ?flags) WHERE {\n"
            f"  {window}\n"
            "  { SELECT ?g ?type WHERE { GRAPH ?g { ?flag kgc:flagType ?type } } }\n"
            "}\nGROUP BY ?day ?type\nORDER BY ?day ?type"
        ),
        "replies": (
            "SELECT ?decision (COUNT(*) AS ?replies) (SUM(?claims) AS ?claimsChecked) WHERE {\n"
            f"  {window}\n"
            "  { SELECT ?g ?decision WHERE { GRAPH ?g { ?report kgc:decision ?decision } } }\n"
            "  { SELECT ?g ?claims WHERE { GRAPH ?g { ?report kgc:claimCount ?claims } } }\n"
            "}\nGROUP BY ?decision\nORDER BY DESC(?replies)"
        ),
        "flagged": (
            "SELECT (COUNT(*) AS ?flaggedReplies) WHERE {\n"
            f"  {window}\n"
            "  { SELECT DISTINCT ?g WHERE { GRAPH ?g { ?report kgc:hasFlag ?flag } } }\n"
            "}"
        ),
        "micro": (
            "SELECT (SUM(?j) AS ?judgedClaims) (SUM(?u) AS ?unsupportedClaims) "
            "(COUNT(*) AS ?judgedReplies) WHERE {\n"
            f"  {window}\n"
            "  { SELECT ?g ?j ?u WHERE { GRAPH ?g { ?report kgc:judgedClaimCount ?j ; "
            "kgc:unsupportedClaimCount ?u } } }\n"
            "}"
        ),
        "reviews": (
            "SELECT ?detector ?status (COUNT(*) AS ?flags) WHERE {\n"
            f"  VALUES ?status {{ {_ruled()} }}\n"
            "  GRAPH ?g { ?flag kgc:reviewStatus ?status ; kgc:detector ?detector .\n"
            "    ?report kgc:time ?time }\n"
            f"  FILTER(?time >= {nt(date_time(since))})\n"
            "}\nGROUP BY ?detector ?status\nORDER BY ?detector ?status"
        ),
    }
