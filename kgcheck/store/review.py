"""The review queue: people rule on stored flags, and every change is recorded in the store.

A new flag is ``pending``. A note moves it to ``reviewed`` (looked at, no ruling yet);
``approve`` says the flagged text was right (a false positive), ``reject`` that it was a
hallucination (confirmed). A ruling can be reversed; ruling the same way twice is refused. Each
change is a ``kgc:ReviewEvent`` in the flag's turn graph (who, when, from, to, note), written in
the same update that changes the status, and only if the status is still the one the reviewer
saw, so two reviewers never overwrite each other silently.

Usage::

    queue = ReviewQueue(store)
    for flag in queue.pending():
        queue.reject(flag.id, reviewer="ana", note="Patel's extension is 4412")
    queue.labels()   # confirmed labels for evaluation
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any
from urllib.parse import quote
from uuid import uuid4

from rdflib import Literal, URIRef

from kgcheck.errors import InvalidValue, NotFound, ReviewNotAllowed, StoreConflict
from kgcheck.store.base import FlagStore
from kgcheck.store.queries import (
    STATUS_IRI,
    FlagFilter,
    ReviewStatus,
    describe_flags_query,
    events_query,
    evidence_query,
    flag_ids_query,
    flag_reports_query,
    reviewers_query,
)
from kgcheck.store.rdf import date_time, flag_iri, nt, short_flag_id
from kgcheck.store.results import Term
from kgcheck.store.rollups import review_count_update
from kgcheck.vocab import KGC

__all__ = ["TRANSITIONS", "ReviewAction", "ReviewEvent", "ReviewQueue", "StoredFlag"]


class ReviewAction(StrEnum):
    APPROVE = "approve"
    REJECT = "reject"
    NOTE = "note"


S, A = ReviewStatus, ReviewAction
#: (status now, action) -> status after; pairs not listed are refused.
TRANSITIONS: dict[tuple[ReviewStatus, ReviewAction], ReviewStatus] = {
    (S.PENDING, A.APPROVE): S.APPROVED,
    (S.PENDING, A.REJECT): S.REJECTED,
    (S.PENDING, A.NOTE): S.REVIEWED,
    (S.REVIEWED, A.APPROVE): S.APPROVED,
    (S.REVIEWED, A.REJECT): S.REJECTED,
    (S.REVIEWED, A.NOTE): S.REVIEWED,
    (S.APPROVED, A.REJECT): S.REJECTED,
    (S.APPROVED, A.NOTE): S.APPROVED,
    (S.REJECTED, A.APPROVE): S.APPROVED,
    (S.REJECTED, A.NOTE): S.REJECTED,
}
_STATUS_OF = {str(iri): status for status, iri in STATUS_IRI.items()}
#: Stored properties of a flag and of its report, by the record field they fill.
_FIELDS = {
    str(KGC.flagType): "type",
    str(KGC.reviewStatus): "status",
    str(KGC.severity): "severity",
    str(KGC.confidence): "confidence",
    str(KGC.content): "content",
    str(KGC.message): "message",
    str(KGC.detector): "detector",
    str(KGC.rule): "rule",
    str(KGC.focusNode): "focus",
    str(KGC.suggestion): "suggestion",
    str(KGC.correction): "correction",
    str(KGC.spanStart): "start",
    str(KGC.spanEnd): "end",
    str(KGC.session): "session",
    str(KGC.turnIndex): "turn",
    str(KGC.time): "time",
    str(KGC.replyText): "reply",
}
_EVENT_FIELDS = {
    str(KGC.fromStatus): "from",
    str(KGC.toStatus): "to",
    str(KGC.note): "note",
    "http://www.w3.org/ns/prov#endedAtTime": "at",
    "http://www.w3.org/ns/prov#wasAssociatedWith": "agent",
}
#: Flags described per query (a VALUES block).
_BATCH = 200


@dataclass(frozen=True, slots=True)
class ReviewEvent:
    """One recorded review change."""

    flag: str
    from_status: ReviewStatus
    to_status: ReviewStatus
    reviewer: str
    time: datetime
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["from_status"] = str(self.from_status)
        data["to_status"] = str(self.to_status)
        data["time"] = self.time.isoformat()
        return data


@dataclass(slots=True)
class StoredFlag:
    """A flag as the store holds it, with where it was raised; ``show`` adds the details."""

    id: str
    type: str
    status: ReviewStatus
    severity: str
    confidence: float
    content: str
    message: str
    detector: str
    session: str
    turn: int
    time: datetime
    rule: str | None = None
    focus: str | None = None
    suggestion: str | None = None
    correction: str | None = None
    reply: str | None = None
    span: tuple[int, int] | None = None
    evidence: list[tuple[str, str]] = field(default_factory=list)
    events: list[ReviewEvent] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = str(self.status)
        data["time"] = self.time.isoformat()
        data["span"] = None if self.span is None else {"start": self.span[0], "end": self.span[1]}
        data["evidence"] = [{"kind": k, "text": t} for k, t in self.evidence]
        data["events"] = [e.to_dict() for e in self.events]
        return data

    @classmethod
    def from_record(cls, flag: str, r: dict[str, Any]) -> StoredFlag:
        status = _STATUS_OF.get(str(r["status"])) or ReviewStatus(r["status"])
        return cls(
            id=short_flag_id(flag),
            type=str(r["type"]),
            status=status,
            severity=str(r["severity"]),
            confidence=float(r["confidence"]),
            content=str(r["content"]),
            message=str(r["message"]),
            detector=str(r["detector"]),
            session=str(r["session"]),
            turn=int(r["turn"]),
            time=r["time"],
            rule=r.get("rule"),
            focus=r.get("focus"),
            suggestion=r.get("suggestion"),
            correction=r.get("correction"),
            reply=r.get("reply"),
            span=(int(r["start"]), int(r["end"])) if r.get("start") is not None else None,
        )


class ReviewQueue:
    """Review of the flags in a :class:`FlagStore`."""

    def __init__(self, store: FlagStore) -> None:
        self.store = store

    def find(self, where: FlagFilter | None = None, *, limit: int = 50) -> list[StoredFlag]:
        """Flags, newest first (default: the pending ones)."""
        where = where or FlagFilter(status=ReviewStatus.PENDING)
        rows = self.store.query(flag_ids_query(where, limit=limit)).rows
        return self._describe([row["flag"].value for row in rows])

    def _describe(self, flags: list[str], *, reply: bool = False) -> list[StoredFlag]:
        records: dict[str, dict[str, Any]] = {f: {} for f in flags}
        for n in range(0, len(flags), _BATCH):
            batch = flags[n : n + _BATCH]
            for query in (describe_flags_query(batch), flag_reports_query(batch, reply=reply)):
                for row in self.store.query(query).rows:
                    field_name = _FIELDS.get(row["p"].value)
                    if field_name is not None:
                        records[row["flag"].value][field_name] = row["o"].python()
        return [
            StoredFlag.from_record(flag, record)
            for flag, record in records.items()
            if {"type", "status", "session", "time"} <= record.keys()
        ]

    def pending(self, *, limit: int = 50) -> list[StoredFlag]:
        return self.find(FlagFilter(status=ReviewStatus.PENDING), limit=limit)

    def labels(self, *, since: datetime | None = None, limit: int = 100_000) -> list[StoredFlag]:
        """Flags a reviewer ruled on: ``rejected`` are confirmed hallucinations, ``approved``
        false positives. For evaluation."""
        out = []
        for status in (ReviewStatus.REJECTED, ReviewStatus.APPROVED):
            out += self.find(FlagFilter(status=status, since=since), limit=limit)
        return sorted(out, key=lambda f: f.time)

    def show(self, flag: str) -> StoredFlag:
        """One flag with its reply, evidence and review history.

        Raises:
            StoreError: (KGC410) no such flag.
        """
        iri = str(flag_iri(flag))
        found = self._describe([iri], reply=True)
        if not found:
            raise NotFound(f"no flag {flag!r} in {self.store.describe()}")
        stored = found[0]
        evidence = self.store.query(evidence_query(iri)).records()
        stored.evidence = [(str(r["kind"]), str(r["text"])) for r in evidence]
        stored.events = self._events(iri)
        return stored

    def _events(self, flag: str) -> list[ReviewEvent]:
        names = {
            row["agent"].value: row["name"].value
            for row in self.store.query(reviewers_query(flag)).rows
        }
        events: dict[str, dict[str, Term]] = {}
        for row in self.store.query(events_query(flag)).rows:
            field_name = _EVENT_FIELDS.get(row["p"].value)
            if field_name is not None:
                events.setdefault(row["event"].value, {})[field_name] = row["o"]
        out = [
            ReviewEvent(
                short_flag_id(flag),
                _STATUS_OF[e["from"].value],
                _STATUS_OF[e["to"].value],
                names.get(e["agent"].value, e["agent"].value),
                e["at"].python(),
                e["note"].value if "note" in e else None,
            )
            for e in events.values()
            if {"from", "to", "at", "agent"} <= e.keys()
        ]
        return sorted(out, key=lambda e: e.time)

    def approve(self, flag: str, *, reviewer: str, note: str | None = None) -> ReviewEvent:
        """The flagged text was right: the flag is a false positive."""
        return self.change(flag, ReviewAction.APPROVE, reviewer=reviewer, note=note)

    def reject(self, flag: str, *, reviewer: str, note: str | None = None) -> ReviewEvent:
        """The flagged text was wrong: a confirmed hallucination."""
        return self.change(flag, ReviewAction.REJECT, reviewer=reviewer, note=note)

    def note(self, flag: str, *, reviewer: str, note: str) -> ReviewEvent:
        """Comment on a flag; a pending flag becomes ``reviewed``."""
        if not note.strip():
            raise InvalidValue("a note needs some text")
        return self.change(flag, ReviewAction.NOTE, reviewer=reviewer, note=note)

    def change(
        self, flag: str, action: ReviewAction, *, reviewer: str, note: str | None = None
    ) -> ReviewEvent:
        """Apply ``action`` to ``flag`` and record who did it, when and why.

        Raises:
            StoreError: no such flag (KGC410), the change is not allowed from the flag's status
                (KGC411), or someone changed the flag meanwhile (KGC412).
        """
        reviewer = reviewer.strip()
        if not reviewer or len(reviewer) > 200:
            raise InvalidValue("a reviewer name (1 to 200 characters) is required")
        iri = flag_iri(flag)
        pattern = (
            f"GRAPH ?graph {{ {nt(iri)} kgc:reviewStatus ?status ; kgc:detector ?detector .\n"
            f"  ?report kgc:hasFlag {nt(iri)} ; kgc:time ?time }}"
        )
        found = self.store.query(
            f"SELECT ?graph ?status ?detector ?time WHERE {{ {pattern} }}"
        ).rows
        if not found:
            raise NotFound(f"no flag {flag!r} in {self.store.describe()}")
        graph, status_iri = found[0]["graph"].value, found[0]["status"].value
        before = _STATUS_OF[status_iri]
        after = TRANSITIONS.get((before, action))
        if after is None:
            raise ReviewNotAllowed(
                f"flag {short_flag_id(str(iri))} is already {before}; cannot {action} it"
            )
        now = datetime.now(UTC)
        event = URIRef(f"urn:kgcheck:review:{uuid4().hex}")
        agent = URIRef(f"urn:kgcheck:reviewer:{quote(reviewer, safe='')}")
        g, f = nt(URIRef(graph)), nt(iri)
        old, new = nt(STATUS_IRI[before]), nt(STATUS_IRI[after])
        note_triple = f"{nt(event)} kgc:note {nt(Literal(note))} ." if note else ""
        counts = review_count_update(
            graph,
            str(iri),
            day=found[0]["time"].value[:10],
            detector=found[0]["detector"].value,
            before=before,
            after=after,
        )
        self.store.update(
            ("" if counts is None else f"{counts} ;\n")
            + f"DELETE {{ GRAPH {g} {{ {f} kgc:reviewStatus {old} }} }}\n"
            f"INSERT {{ GRAPH {g} {{\n"
            f"  {f} kgc:reviewStatus {new} .\n"
            f"  {nt(event)} a kgc:ReviewEvent ; kgc:reviewOf {f} ; kgc:fromStatus {old} ;\n"
            f"    kgc:toStatus {new} ; prov:endedAtTime {nt(date_time(now))} ;\n"
            f"    prov:wasAssociatedWith {nt(agent)} .\n"
            f"  {nt(agent)} a prov:Agent ; rdfs:label {nt(Literal(reviewer))} .\n"
            f"  {note_triple}\n"
            f"}} }}\n"
            f"WHERE {{ GRAPH {g} {{ {f} kgc:reviewStatus {old} }} }}"
        )
        if not self.store.query(f"ASK {{ GRAPH {g} {{ {nt(event)} a kgc:ReviewEvent }} }}").boolean:
            raise StoreConflict(
                f"flag {short_flag_id(str(iri))} was changed by someone else meanwhile; "
                "look at it again"
            )
        return ReviewEvent(short_flag_id(str(iri)), before, after, reviewer, now, note)
