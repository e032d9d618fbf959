"""What the queue and the conversation view show, read from the flag store with the queries of
:mod:`kgcheck.console.queries` (the queue's flags found by :mod:`kgcheck.console.finder`); each
page keeps the text of every query it ran (``queries``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from kgcheck.console import finder
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

#: Checked turns a conversation view shows at most.
MAX_TURNS = 500
_RDF_SUBJECT = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_STATUS = {str(iri): str(status) for status, iri in STATUS_IRI.items()}
_EVIDENCE = Term("uri", f"{KGC_NS}evidence")
#: The properties that link the nodes of a conversation, not shown as values.
_LINKS = {"hasFlag", "evidence", "evidenceTriple"}


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
    #: The filter's conditions no stored flag meets (``detector "nope"``), when that is why
    #: the page is empty.
    unmatched: str | None = None


#: Nodes by IRI: their properties by local name, each with its values.
Nodes = dict[str, dict[str, list[Term]]]


def _local(iri: str) -> str:
    return iri.removeprefix(KGC_NS).removeprefix(_RDF_SUBJECT)


def _props(rows: list[dict[str, Term]], key: str) -> dict[str, dict[str, Any]]:
    """``?key ?p ?o`` rows as {node: {local name of p: value}} (vocabulary IRIs by name)."""
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        out.setdefault(row[key].value, {})[_local(row["p"].value)] = value(row["o"])
    return out


def _nodes(triples: Iterable[tuple[Term, Term, Term]]) -> Nodes:
    out: Nodes = {}
    for s, p, o in triples:
        out.setdefault(s.value, {}).setdefault(_local(p.value), []).append(o)
    return out


def _text(node: dict[str, list[Term]], name: str) -> str:
    terms = node.get(name)
    return terms[-1].value if terms else ""


def _evidence_of(nodes: Nodes, flag: str) -> list[Evidence]:
    """A flag's evidence (by IRI), each with its scores and the KB triples it cites."""
    out = []
    for iri in sorted({t.value for t in nodes.get(flag, {}).get("evidence", [])}):
        node = nodes.get(iri, {})
        found = Evidence(_text(node, "evidenceKind"), _text(node, "evidenceText"))
        for name, terms in node.items():
            if name.endswith("Probability"):
                found.scores[name.removesuffix("Probability")] = float(terms[-1].value)
        for statement in sorted({t.value for t in node.get("evidenceTriple", [])}):
            parts = nodes.get(statement, {})
            found.triples.append(
                (_text(parts, "subject"), _text(parts, "predicate"), _text(parts, "object"))
            )
        out.append(found)
    return out


def _evidence(store: FlagStore, flags: list[str]) -> tuple[dict[str, list[Evidence]], str]:
    text = q.evidence_query(flags)
    triples: list[tuple[Term, Term, Term]] = []
    for row in store.own_query(text).rows:
        flag, evidence, p, o = row["flag"], row["evidence"], row["p"], row["o"]
        triples.append((flag, _EVIDENCE, evidence))
        triples.append((row.get("triple", evidence), p, o))
    nodes = _nodes(triples)
    return {flag: _evidence_of(nodes, flag) for flag in flags if flag in nodes}, text


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
    """A page of ``limit`` flags, newest first (found as :mod:`kgcheck.console.finder` says)."""
    finding = finder.find(store, where, limit)
    found = finding.found
    rows, _, more = describe(store, [(f, r) for f, r, _ in found[:limit]])
    nxt = (found[limit - 1][2], found[limit - 1][0]) if len(found) > limit else None
    whole = (
        "the same selection as one query (slower over a large store)",
        q.queue_query(where, limit),
    )
    return QueuePage(rows, nxt, [*finding.queries, *more, whole], finding.unmatched)


def conversation(store: FlagStore, session: str) -> Conversation:
    """A session's checked replies with their flags, and its users' turns when the service
    kept the session's dialogue state."""
    text = q.turns_query(session, MAX_TURNS + 1)
    listed = store.own_query(text).rows
    truncated = len(listed) > MAX_TURNS
    kept = {row["report"].value: int(row["turn"].value) for row in listed[:MAX_TURNS]}
    ran = [("checked turns", text)]
    nodes: Nodes = {}
    if kept:
        graphs = sorted({row["g"].value for row in listed[:MAX_TURNS]})
        content = q.content_query(graphs)
        rows = store.own_query(content).rows
        nodes = _nodes((row["s"], row["p"], row["o"]) for row in rows)
        ran.append(("their replies, flags and evidence", content))
    turns = {}
    for report, index in kept.items():
        p = _shown(nodes, report)
        turns[index] = Turn(
            index,
            "assistant",
            str(p.get("replyText", "")),
            p.get("mitigatedText"),
            p.get("decision"),
            p.get("time"),
        )
        about = p | {"session": session, "turnIndex": index}
        for flag in dict.fromkeys(t.value for t in nodes.get(report, {}).get("hasFlag", [])):
            row = FlagRow(flag, _shown(nodes, flag), about, _evidence_of(nodes, flag))
            turns[index].flags.append(row)
    note = _user_turns(store, session, turns)
    ordered = [turns[i] for i in sorted(turns)]
    for turn in ordered:
        turn.flags.sort(key=lambda f: (f.span or (0, 0), f.iri))
    return Conversation(session, ordered, ran, truncated, note)


def _shown(nodes: Nodes, node: str) -> dict[str, Any]:
    """The shown properties of ``node`` as Python values (vocabulary IRIs by name)."""
    props = nodes.get(node, {})
    return {name: value(terms[-1]) for name, terms in props.items() if name not in _LINKS}


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
