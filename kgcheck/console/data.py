"""What the queue and the conversation view show, read from the flag store with the queries of
:mod:`kgcheck.console.queries`; each page keeps the text of every query it ran (``queries``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from kgcheck.console import queries as q
from kgcheck.errors import StoreError
from kgcheck.store import FlagStore, SessionStore
from kgcheck.store.queries import STATUS_IRI
from kgcheck.store.rdf import short_flag_id
from kgcheck.store.results import Term
from kgcheck.vocab import KGC_NS

__all__ = [
    "Conversation",
    "Evidence",
    "FlagRow",
    "QueuePage",
    "Turn",
    "conversation",
    "queue",
    "value",
]

#: The first window of reports the queue looks at, and the most it looks at in one query.
FIRST_WINDOW, LARGEST_WINDOW = 64, 4096
#: Checked turns a conversation view shows at most.
MAX_TURNS = 500
_RDF_SUBJECT = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_STATUS = {str(iri): str(status) for status, iri in STATUS_IRI.items()}


def value(term: Term) -> Any:
    """A term as a Python value (:meth:`Term.python`), review statuses by name too."""
    return _STATUS.get(term.value) or term.python()


@dataclass(slots=True)
class Evidence:
    """One piece of a flag's evidence: its kind, its text, model scores and KB triples."""

    kind: str = ""
    text: str = ""
    scores: dict[str, float] = field(default_factory=dict)
    triples: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass(slots=True)
class FlagRow:
    """A stored flag with its report, as a queue row or a conversation's flag: ``props`` and
    ``report`` hold the stored properties by local name (``flagType``, ``severity``,
    ``replyText``, ...), vocabulary individuals by their code names (``wrong_attribute``)."""

    iri: str
    props: dict[str, Any]
    report: dict[str, Any]
    evidence: list[Evidence] = field(default_factory=list)

    @property
    def id(self) -> str:
        return short_flag_id(self.iri)

    @property
    def span(self) -> tuple[int, int] | None:
        start, end = self.props.get("spanStart"), self.props.get("spanEnd")
        return None if start is None or end is None else (int(start), int(end))


@dataclass(slots=True)
class QueuePage:
    rows: list[FlagRow]
    #: The cursor of the next page (time, flag IRI), when there is one.
    next: tuple[datetime, str] | None
    queries: list[tuple[str, str]]


def _props(rows: list[dict[str, Term]], key: str) -> dict[str, dict[str, Any]]:
    """``?key ?p ?o`` rows as {node: {local name of p: value}} (vocabulary IRIs by name)."""
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        p = row["p"].value
        name = p.removeprefix(KGC_NS).removeprefix(_RDF_SUBJECT)
        out.setdefault(row[key].value, {})[name] = value(row["o"])
    return out


def _evidence(store: FlagStore, flags: list[str]) -> tuple[dict[str, list[Evidence]], str]:
    text = q.evidence_query(flags)
    nodes: dict[str, dict[str, Evidence]] = {}
    triples: dict[tuple[str, str], dict[str, str]] = {}
    for row in store.own_query(text).rows:
        ev = nodes.setdefault(row["flag"].value, {}).setdefault(row["evidence"].value, Evidence())
        name = row["p"].value.removeprefix(KGC_NS).removeprefix(_RDF_SUBJECT)
        if "triple" in row:
            triples.setdefault((row["evidence"].value, row["triple"].value), {})[name] = row[
                "o"
            ].value
        elif name == "evidenceKind":
            ev.kind = row["o"].value
        elif name == "evidenceText":
            ev.text = row["o"].value
        elif name.endswith("Probability"):
            ev.scores[name.removesuffix("Probability")] = float(row["o"].value)
    for (evidence, _), parts in sorted(triples.items()):
        for by_flag in nodes.values():
            if evidence in by_flag:
                spo = (
                    parts.get("subject", ""),
                    parts.get("predicate", ""),
                    parts.get("object", ""),
                )
                by_flag[evidence].triples.append(spo)
    return {flag: list(evs.values()) for flag, evs in nodes.items()}, text


def describe(
    store: FlagStore,
    found: list[tuple[str, str]],
    reports: Sequence[str] = (),
) -> tuple[list[FlagRow], dict[str, dict[str, Any]], list[tuple[str, str]]]:
    """Rows for ``found`` (flag IRI, report IRI) with their evidence, the properties of their
    reports and of ``reports``, and the queries run."""
    flags = [f for f, _ in found]
    nodes = flags + sorted({r for _, r in found} | set(reports))
    if not nodes:
        return [], {}, []
    text = q.describe_query(nodes)
    props = _props(store.own_query(text).rows, "node")
    ran = [("their properties and replies", text)]
    evidence: dict[str, list[Evidence]] = {}
    if flags:
        evidence, evidence_text = _evidence(store, flags)
        ran.append(("their evidence", evidence_text))
    rows = [
        FlagRow(f, props[f], props.get(r, {}), evidence.get(f, [])) for f, r in found if f in props
    ]
    return rows, props, ran


def queue(store: FlagStore, where: q.QueueFilter, limit: int) -> QueuePage:
    """A page of ``limit`` flags: windows of ever more reports, newest first, until the page
    is full or no report is left."""
    found: list[tuple[str, str, datetime]] = []
    seen: set[str] = set()
    size, top = FIRST_WINDOW, None
    while True:
        window = q.window_query(where, size, at_or_before=top)
        listed = [(r["report"], r["time"]) for r in store.own_query(window).records()]
        fresh = [(r, t) for r, t in listed if r not in seen]
        seen.update(r for r, _ in fresh)
        ran = [("reports, newest first", window)]
        if fresh:
            ids = q.flag_ids_query(where, fresh, limit + 1 - len(found))
            ran.append(("the page's flags among them", ids))
            found += [(r["flag"], r["report"], r["time"]) for r in store.own_query(ids).records()]
        if len(found) > limit or len(listed) < size or not fresh:
            break
        # again from the oldest time seen (inclusive: reports tied with it may lie beyond)
        top, size = listed[-1][1], min(size * 4, LARGEST_WINDOW)
    rows, _, more = describe(store, [(f, r) for f, r, _ in found[:limit]])
    nxt = (found[limit - 1][2], found[limit - 1][0]) if len(found) > limit else None
    whole = (
        "the same selection as one query (slower over a large store)",
        q.queue_query(where, limit),
    )
    return QueuePage(rows, nxt, [*ran, *more, whole])


def conversation(store: FlagStore, session: str) -> Conversation:
    """A session's checked replies with their flags, and its users' turns when the service
    kept the session's dialogue state."""
    text = q.session_query(session, MAX_TURNS * 50)
    result = store.own_query(text).records()
    reports: dict[str, int] = {}
    found: list[tuple[str, str]] = []
    for row in result:
        reports.setdefault(row["report"], int(row["turn"]))
        if row["flag"] is not None:
            found.append((row["flag"], row["report"]))
    truncated = len(reports) > MAX_TURNS or len(result) >= MAX_TURNS * 50
    kept = dict(sorted(reports.items(), key=lambda kv: kv[1])[:MAX_TURNS])
    rows, props, ran = describe(store, [fr for fr in found if fr[1] in kept], list(kept))
    turns = {}
    for report, index in kept.items():
        p = props.get(report, {})
        turns[index] = Turn(
            index,
            "assistant",
            str(p.get("replyText", "")),
            p.get("mitigatedText"),
            p.get("decision"),
            p.get("time"),
        )
    for flag_row in rows:
        turns[int(flag_row.report.get("turnIndex", -1))].flags.append(flag_row)
    note = _user_turns(store, session, turns)
    ordered = [turns[i] for i in sorted(turns)]
    for turn in ordered:
        turn.flags.sort(key=lambda f: (f.span or (0, 0), f.iri))
    return Conversation(
        session, ordered, [("checked turns and flags", text), *ran], truncated, note
    )


def _user_turns(store: FlagStore, session: str, turns: dict[int, Turn]) -> str | None:
    """Add the users' turns from the stored dialogue state; why not, when they are missing."""
    try:
        loaded = SessionStore(store).load(session)
    except StoreError as exc:
        return f"the users' turns are not shown: the session's state cannot be read ({exc.message})"
    if loaded is None:
        return (
            "the users' turns are not shown: the store holds no dialogue state for this session "
            "(its replies were checked outside the service)"
        )
    for index, turn in enumerate(loaded[0].turns):
        if turn.role != "assistant" and index not in turns:
            turns[index] = Turn(index, turn.role, turn.text)
    return None


@dataclass(slots=True)
class Turn:
    """One turn of a conversation: a user's message, or a checked reply with its flags."""

    index: int
    role: str
    text: str
    mitigated: str | None = None
    decision: str | None = None
    time: datetime | None = None
    flags: list[FlagRow] = field(default_factory=list)


@dataclass(slots=True)
class Conversation:
    session: str
    turns: list[Turn]
    queries: list[tuple[str, str]]
    truncated: bool = False
    #: Why the user's turns are missing, when they are.
    note: str | None = None
