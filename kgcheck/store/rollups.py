"""Per-day counts over the flag store, kept as reports and reviews are written, so the console's
dashboard reads a few hundred numbers instead of joining every stored flag.

The turn graphs stay the record; the counts are derived from them and live in one named graph,
``<urn:kgcheck:rollups>``: one ``kgc:DailyCount`` per UTC day of the report's ``kgc:time``,
measure, key and status::

    <urn:kgcheck:rollup:2026-11-23/flags/https%3A%2F%2Fw3id.org%2Fkgcheck%23WrongAttribute>
        a kgc:DailyCount ; kgc:day "2026-11-23"^^xsd:date ; kgc:measure "flags" ;
        kgc:key kgc:WrongAttribute ; kgc:count 42 .

The measures (``MEASURES``): ``flags`` (key: flag type); ``replies`` and ``claims`` (key:
decision); ``flagged`` (replies with a flag); ``judged`` and ``unsupported`` (claims as the micro
rate counts them, :func:`kgcheck.metrics.claim_verdicts`) and ``judged_replies`` (the replies
that record them: reports stored by releases before 0.9 do not); ``reviews`` (key: detector,
``kgc:status``: review status): each detector's flags by where they stand in review.

How they stay right:

- a report's write adds its counts in the same request as the report's last part (the one with
  its ``rdf:type kgc:TurnReport``) and before it, only while that report is not stored: a report
  written again (a retry, a spool replayed twice) adds nothing (:func:`with_counts`);
- a review moves one flag from its old status's count to the new one, in the request that
  changes the status and guarded by the same old status (:func:`review_count_update`);
- the graph records the version of this layout (``kgc:rollupVersion``); where it is missing (a
  store written by an earlier release) :func:`ensure_rollups` rebuilds every count from the turn
  graphs in one update (:func:`rebuild_update`), the first time the dashboard asks.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING
from urllib.parse import quote

from rdflib import Literal, URIRef
from rdflib.namespace import XSD

from kgcheck.errors import StoreError
from kgcheck.metrics import claim_verdicts
from kgcheck.report import TurnReport
from kgcheck.store.queries import STATUS_IRI, ReviewStatus
from kgcheck.store.rdf import (
    DECISION_IRI,
    date_time,
    flag_type_iri,
    nt,
    report_iri,
    turn_graph,
)
from kgcheck.vocab import KGC

if TYPE_CHECKING:
    from kgcheck.store.base import FlagStore

__all__ = [
    "MEASURES",
    "ROLLUPS",
    "VERSION",
    "Count",
    "counter_iri",
    "ensure_rollups",
    "rebuild_update",
    "report_counts",
    "review_count_update",
    "rollups_ready",
    "with_counts",
]

#: The named graph of the counts.
ROLLUPS = URIRef("urn:kgcheck:rollups")
#: The layout of the counts; a store recording another version gets them rebuilt.
VERSION = 1
MEASURES = (
    "flags",
    "replies",
    "claims",
    "flagged",
    "judged",
    "unsupported",
    "judged_replies",
    "reviews",
)
_PENDING = STATUS_IRI[ReviewStatus.PENDING]
_BUILDING = threading.Lock()
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Count:
    """An amount to add to one day's count of ``measure`` for ``key`` (and ``status``)."""

    measure: str
    key: URIRef | Literal | None
    status: URIRef | None
    amount: int


def counter_iri(day: str, count: Count) -> URIRef:
    """The node of ``count``'s counter on ``day`` (``YYYY-MM-DD``); :func:`rebuild_update` makes
    the same IRIs in SPARQL (``ENCODE_FOR_URI`` is ``quote`` with nothing kept but letters,
    digits and ``-._~``)."""
    parts = [f"urn:kgcheck:rollup:{day}/{count.measure}"]
    parts += [quote(str(term), safe="") for term in (count.key, count.status) if term is not None]
    return URIRef("/".join(parts))


def report_counts(report: TurnReport) -> list[Count]:
    """What ``report`` adds to its day's counts."""
    decision = DECISION_IRI[report.decision]
    claims = int(report.counts.get("claims", 0))
    verdicts = claim_verdicts(claims, (f.claim_index for f in report.flags))
    out = [
        Count("replies", decision, None, 1),
        Count("claims", decision, None, claims),
        Count("judged", None, None, len(verdicts)),
        Count("unsupported", None, None, verdicts.count(False)),
        Count("judged_replies", None, None, 1),
    ]
    if report.flags:
        out.append(Count("flagged", None, None, 1))
    types = Counter(flag_type_iri(f.type) for f in report.flags)
    out += [Count("flags", t, None, n) for t, n in sorted(types.items())]
    detectors = Counter(f.detector for f in report.flags)
    out += [Count("reviews", Literal(d), _PENDING, n) for d, n in sorted(detectors.items())]
    return out


def report_day(report: TurnReport) -> str:
    """The UTC day a report counts on: the date of its stored ``kgc:time``."""
    return str(date_time(report.checked_at))[:10]


def _count_update(day: str, counts: Iterable[Count], guard: str) -> str:
    """One update adding ``counts`` to ``day``'s counters where ``guard`` (a filter) holds."""
    rows = "\n    ".join(
        f"({nt(counter_iri(day, c))} {nt(Literal(c.measure))} "
        f"{'UNDEF' if c.key is None else nt(c.key)} "
        f"{'UNDEF' if c.status is None else nt(c.status)} {int(c.amount)})"
        for c in counts
    )
    g, count = nt(ROLLUPS), nt(KGC.count)
    # full IRIs, no prefixes: this goes into a report's INSERT DATA request, which has none
    return (
        f"DELETE {{ GRAPH {g} {{ ?c {count} ?old }} }}\n"
        f"INSERT {{ GRAPH {g} {{ ?c a {nt(KGC.DailyCount)} ; {nt(KGC.day)} {nt(_date(day))} ; "
        f"{nt(KGC.measure)} ?m ; {count} ?new . ?c {nt(KGC.key)} ?k . "
        f"?c {nt(KGC.status)} ?s }} }}\n"
        "WHERE {\n"
        f"  VALUES (?c ?m ?k ?s ?add) {{\n    {rows}\n  }}\n"
        f"  {guard}\n"
        f"  OPTIONAL {{ GRAPH {g} {{ ?c {count} ?old }} }}\n"
        "  BIND(COALESCE(?old, 0) + ?add AS ?new)\n"
        "}"
    )


def _date(day: str) -> Literal:
    return Literal(date.fromisoformat(day).isoformat(), datatype=XSD.date)


def with_counts(report: TurnReport, updates: list[str]) -> list[str]:
    """``updates`` (the parts of ``report``'s turn graph, its ``rdf:type`` in the last) with the
    report's counts added in the last part's request, before it, while the report is not
    stored."""
    marker = f"{nt(report_iri(report.report_id))} a {nt(KGC.TurnReport)}"
    graph = nt(turn_graph(report.session_id, report.turn_index))
    guard = f"FILTER NOT EXISTS {{ GRAPH {graph} {{ {marker} }} }}"
    counts = _count_update(report_day(report), report_counts(report), guard)
    return [*updates[:-1], f"{counts} ;\n{updates[-1]}"]


def review_count_update(
    graph: str, flag: str, *, day: str, detector: str, before: ReviewStatus, after: ReviewStatus
) -> str | None:
    """The update moving ``flag`` (IRI, in turn graph ``graph``) from the ``before`` count of
    its detector and day to the ``after`` one, while the flag is still ``before``; ``None``
    when the status does not change."""
    if before == after:
        return None
    key = Literal(detector)
    counts = [
        Count("reviews", key, STATUS_IRI[before], -1),
        Count("reviews", key, STATUS_IRI[after], 1),
    ]
    guard = (
        f"FILTER EXISTS {{ GRAPH {nt(URIRef(graph))} {{ "
        f"{nt(URIRef(flag))} {nt(KGC.reviewStatus)} {nt(STATUS_IRI[before])} }} }}"
    )
    return _count_update(day, counts, guard)


def _node() -> str:
    return (
        'BIND(IRI(CONCAT("urn:kgcheck:rollup:", STR(?day), "/", ?m,\n'
        '    IF(BOUND(?k), CONCAT("/", ENCODE_FOR_URI(STR(?k))), ""),\n'
        '    IF(BOUND(?s), CONCAT("/", ENCODE_FOR_URI(STR(?s))), ""))) AS ?c)'
    )


_REPORT = (
    "GRAPH ?g { ?report a kgc:TurnReport ; kgc:time ?time ; %s }\n"
    "      BIND(STRDT(SUBSTR(STR(?time), 1, 10), xsd:date) AS ?day)"
)


def _measure(name: str, select: str, pattern: str, group: str) -> str:
    return (
        f"{{ {{ SELECT {select} WHERE {{ {_REPORT % pattern} }} GROUP BY {group} }}\n"
        f'    BIND("{name}" AS ?m) }}'
    )


def rebuild_update() -> str:
    """The update that computes every count again from the turn graphs, and records
    :data:`VERSION`."""
    measures = [
        _measure(
            "flags",
            "?day ?k (COUNT(*) AS ?n)",
            "kgc:hasFlag ?f . ?f kgc:flagType ?k",
            "?day ?k",
        ),
        _measure("replies", "?day ?k (COUNT(*) AS ?n)", "kgc:decision ?k", "?day ?k"),
        _measure(
            "claims", "?day ?k (SUM(?x) AS ?n)", "kgc:decision ?k ; kgc:claimCount ?x", "?day ?k"
        ),
        _measure("flagged", "?day (COUNT(DISTINCT ?report) AS ?n)", "kgc:hasFlag ?f", "?day"),
        _measure("judged", "?day (SUM(?x) AS ?n)", "kgc:judgedClaimCount ?x", "?day"),
        _measure("unsupported", "?day (SUM(?x) AS ?n)", "kgc:unsupportedClaimCount ?x", "?day"),
        _measure("judged_replies", "?day (COUNT(*) AS ?n)", "kgc:judgedClaimCount ?x", "?day"),
        _measure(
            "reviews",
            "?day ?k ?s (COUNT(*) AS ?n)",
            "kgc:hasFlag ?f . ?f kgc:detector ?k ; kgc:reviewStatus ?s",
            "?day ?k ?s",
        ),
    ]
    union = "\n  UNION ".join(measures)
    g = nt(ROLLUPS)
    return (
        f"DROP SILENT GRAPH {g} ;\n"
        f"INSERT {{ GRAPH {g} {{ ?c a kgc:DailyCount ; kgc:day ?day ; kgc:measure ?m ; "
        "kgc:count ?n . ?c kgc:key ?k . ?c kgc:status ?s } }\n"
        f"WHERE {{\n  {union}\n  {_node()}\n}} ;\n"
        f"INSERT DATA {{ GRAPH {g} {{ {g} kgc:rollupVersion {VERSION} }} }}"
    )


def rollups_ready(store: FlagStore) -> bool:
    """Whether ``store`` keeps the counts in this layout."""
    g = nt(ROLLUPS)
    return bool(
        store.own_query(f"ASK {{ GRAPH {g} {{ {g} kgc:rollupVersion {VERSION} }} }}").boolean
    )


def ensure_rollups(store: FlagStore) -> bool:
    """Rebuild ``store``'s counts when it does not keep them in this layout; ``False`` when it
    does not and cannot (a store opened read-only)."""
    if rollups_ready(store):
        return True
    with _BUILDING:  # one rebuild at a time: a second request waits for the first's
        if rollups_ready(store):
            return True
        log.info("%s: building the per-day counts from the turn graphs", store.describe())
        try:
            store.update(rebuild_update())
        except StoreError as exc:
            log.info("%s: per-day counts not built (%s)", store.describe(), exc.message)
            return False
    return rollups_ready(store)
