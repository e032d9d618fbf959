"""SPARQL text: the predeclared prefixes, telling queries from updates, and the queries behind
``kgcheck flags``, the patterns and the review queue.

Values from users (session ids, dates) enter queries only as escaped literals; flag types and
review statuses only as vocabulary IRIs, after they were checked against their enums.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from rdflib import Literal
from rdflib.namespace import PROV, RDF, RDFS, XSD

from kgcheck.errors import InvalidValue
from kgcheck.store.gate import QueryForm, gate_query
from kgcheck.store.rdf import date_time, flag_type_iri, nt
from kgcheck.types import FlagType
from kgcheck.vocab import KGC, KGC_NS

__all__ = [
    "EARLIEST",
    "LATEST",
    "PREFIXES",
    "STATUS_IRI",
    "FlagFilter",
    "GroupBy",
    "QueryForm",
    "ReviewStatus",
    "describe_flags_query",
    "events_query",
    "evidence_query",
    "examples_query",
    "flag_ids_query",
    "flag_reports_query",
    "later",
    "parse_since",
    "patterns_query",
    "query_form",
    "recent_type_counts",
    "reviewers_query",
    "utc_time",
    "with_prefixes",
]

#: Prefixes every query may use without declaring them.
PREFIXES: dict[str, str] = {
    "kgc": KGC_NS,
    "prov": str(PROV),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "xsd": str(XSD),
}


class ReviewStatus(StrEnum):
    """Where a stored flag stands in review."""

    PENDING = "pending"
    REVIEWED = "reviewed"
    APPROVED = "approved"
    REJECTED = "rejected"


STATUS_IRI = {
    ReviewStatus.PENDING: KGC.Pending,
    ReviewStatus.REVIEWED: KGC.Reviewed,
    ReviewStatus.APPROVED: KGC.Approved,
    ReviewStatus.REJECTED: KGC.Rejected,
}


class GroupBy(StrEnum):
    """What the patterns are counted by."""

    TYPE = "type"
    DETECTOR = "detector"
    RULE = "rule"
    ENTITY = "entity"


# --- telling queries from updates --------------------------------------------------------


def query_form(text: str, *, service_allow: Collection[str] = ()) -> QueryForm:
    """The form of a SPARQL query, refusing anything that would change the store or call
    another endpoint; see :func:`kgcheck.store.gate.gate_query`.

    Raises:
        StoreError: (KGC405) the text is an update, or calls an endpoint (``SERVICE``) not in
            ``service_allow``; (KGC404) it does not parse.
    """
    return gate_query(text, service_allow=service_allow).form


def with_prefixes(text: str) -> str:
    """``text`` with the predeclared prefixes it does not declare itself."""
    declared = {m.lower() for m in re.findall(r"(?i)\bprefix\s+([\w-]*):", text)}
    head = "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in PREFIXES.items() if p not in declared)
    return head + text


# --- flags and patterns ---------------------------------------------------------------


class FlagFilter:
    """Which stored flags to look at: by session, type, review status and time."""

    def __init__(
        self,
        *,
        session: str | None = None,
        flag_type: FlagType | str | None = None,
        status: ReviewStatus | str | None = None,
        since: datetime | None = None,
    ) -> None:
        self.session = session
        try:
            self.type = None if flag_type is None else FlagType(flag_type)
            self.status = None if status is None else ReviewStatus(status)
        except ValueError as exc:
            raise InvalidValue(f"unknown flag type or review status: {exc}") from exc
        self.since = since

    def clauses(self) -> str:
        parts = []
        if self.session is not None:
            parts.append(f"?report kgc:session {nt(Literal(self.session))} .")
        if self.type is not None:
            parts.append(f"?flag kgc:flagType {nt(flag_type_iri(self.type))} .")
        if self.status is not None:
            parts.append(f"?flag kgc:reviewStatus {nt(STATUS_IRI[self.status])} .")
        if self.since is not None:
            parts.append(f"FILTER(?time >= {nt(date_time(self.since))})")
        return "\n    ".join(parts)


# Queries stay small: a few triple patterns each. Some servers (Virtuoso) spend seconds
# optimising a star of a dozen patterns, so flags are found first and described afterwards.
_BASE = "?report a kgc:TurnReport ; kgc:hasFlag ?flag ; kgc:time ?time ."


def flag_ids_query(where: FlagFilter, *, limit: int = 50) -> str:
    """The flags ``where`` selects, newest first: ``?flag ?time``."""
    return with_prefixes(
        f"SELECT ?flag ?time WHERE {{\n    {_BASE}\n    {where.clauses()}\n}}\n"
        f"ORDER BY DESC(?time) ?flag\nLIMIT {int(limit)}"
    )


def describe_flags_query(flags: list[str]) -> str:
    """Every property of the given flags: ``?flag ?p ?o``."""
    values = " ".join(f"<{f}>" for f in flags)
    return with_prefixes(f"SELECT ?flag ?p ?o WHERE {{ VALUES ?flag {{ {values} }} ?flag ?p ?o }}")


def flag_reports_query(flags: list[str], *, reply: bool = False) -> str:
    """Session, turn and time (and with ``reply``, the reply text) of the flags' reports:
    ``?flag ?p ?o``."""
    values = " ".join(f"<{f}>" for f in flags)
    wanted = "kgc:session, kgc:turnIndex, kgc:time" + (", kgc:replyText" if reply else "")
    return with_prefixes(
        f"SELECT ?flag ?p ?o WHERE {{ VALUES ?flag {{ {values} }} "
        f"?report kgc:hasFlag ?flag ; ?p ?o . FILTER(?p IN ({wanted})) }}"
    )


def evidence_query(flag: str) -> str:
    return with_prefixes(
        "SELECT ?ev ?kind ?text WHERE {\n"
        f"    <{flag}> kgc:evidence ?ev . ?ev kgc:evidenceKind ?kind ; kgc:evidenceText ?text .\n"
        "} ORDER BY ?ev"
    )


def events_query(flag: str) -> str:
    """Everything recorded on the flag's review events: ``?event ?p ?o``."""
    return with_prefixes(f"SELECT ?event ?p ?o WHERE {{ ?event kgc:reviewOf <{flag}> ; ?p ?o }}")


def reviewers_query(flag: str) -> str:
    """Who made the flag's review events: ``?agent ?name``."""
    return with_prefixes(
        f"SELECT DISTINCT ?agent ?name WHERE {{ ?event kgc:reviewOf <{flag}> ; "
        "prov:wasAssociatedWith ?agent . ?agent rdfs:label ?name }"
    )


_KEY = {
    GroupBy.TYPE: "kgc:flagType",
    GroupBy.DETECTOR: "kgc:detector",
    GroupBy.RULE: "kgc:rule",
    GroupBy.ENTITY: "kgc:focusNode",
}


def patterns_query(by: GroupBy, where: FlagFilter, *, limit: int = 20) -> str:
    """How often flags occur per type, detector, rule or entity, and when last."""
    return with_prefixes(
        "SELECT ?key (COUNT(?flag) AS ?count) (MAX(?time) AS ?lastSeen)\n"
        f"WHERE {{\n    {_BASE} ?flag {_KEY[by]} ?key .\n    {where.clauses()}\n}}\n"
        f"GROUP BY ?key\nORDER BY DESC(?count) ?key\nLIMIT {int(limit)}"
    )


def examples_query(by: GroupBy, key: Literal | str, where: FlagFilter, *, limit: int = 3) -> str:
    """The newest flagged texts of one pattern."""
    value = nt(key) if isinstance(key, Literal) else f"<{key}>"
    return with_prefixes(
        f"SELECT ?content ?time\nWHERE {{\n    {_BASE} ?flag {_KEY[by]} {value} ; "
        f"kgc:content ?content .\n    {where.clauses()}\n}}\n"
        f"ORDER BY DESC(?time)\nLIMIT {int(limit)}"
    )


def recent_type_counts(turns: int) -> str:
    """Flags by type in the last ``turns`` checked turns (by time, across sessions)."""
    return with_prefixes(
        "SELECT ?type (COUNT(?flag) AS ?count)\nWHERE {\n"
        "    { SELECT ?report WHERE { ?report a kgc:TurnReport ; kgc:time ?time }\n"
        f"      ORDER BY DESC(?time) LIMIT {int(turns)} }}\n"
        "    ?report kgc:hasFlag ?flag . ?flag kgc:flagType ?type .\n"
        "}\nGROUP BY ?type\nORDER BY DESC(?count)"
    )


_RELATIVE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_since(text: str, *, now: datetime | None = None, name: str = "since") -> datetime:
    """A point in time, in UTC, from ISO 8601 (``2026-11-01``, ``2026-11-01T09:00:00+01:00``)
    or a span back from now (``90m``, ``24h``, ``7d``, ``2w``); times without a zone are UTC. A
    time whose zone puts it outside the years 1-9999 in UTC (``0001-01-01T00:00:00+14:00``)
    is the first (or last) moment of the calendar.

    Args:
        name: the parameter's name, for messages.

    Raises:
        StoreError: (KGC406) neither form, or a span back past the year 1.
    """
    match = _RELATIVE.match(text)
    if match:
        seconds = float(match.group(1)) * _UNIT_SECONDS[match.group(2)]
        try:
            return utc_time(now or datetime.now(UTC)) - timedelta(seconds=seconds)
        except (OverflowError, ValueError) as exc:  # before year 1 ("9999999999999d")
            raise InvalidValue(
                f"{name}: {text!r} reaches back before the year 1; give a shorter span"
            ) from exc
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError as exc:
        raise InvalidValue(
            f"{name}: expected an ISO 8601 date or time, or a span such as 24h or 7d; got {text!r}"
        ) from exc
    return utc_time(value)


#: The first and the last moment of the calendar, in UTC.
EARLIEST = datetime.min.replace(tzinfo=UTC)
LATEST = datetime.max.replace(tzinfo=UTC)


def utc_time(value: datetime) -> datetime:
    """``value`` in UTC (without a zone: taken as UTC), kept within the calendar: a time that
    its zone puts before the year 1 or after 9999 in UTC is :data:`EARLIEST` or :data:`LATEST`."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except OverflowError:
        return EARLIEST if value.year == 1 else LATEST


def later(value: datetime, span: timedelta) -> datetime:
    """``value + span``, or :data:`LATEST` when that is past the calendar."""
    try:
        return value + span
    except OverflowError:
        return LATEST
