"""The tool calls a KB records, as :func:`kgcheck.tools.results_graph` writes them (PROV-O):
each call a ``prov:Activity`` that ``prov:generated`` the rows it returned and
``prov:wasInformedBy`` the call before it, ``kgc:turnIndex`` the number of dialogue
turns before it. The same rows as a KB file are then read as the tool route reads them: a
reply restates the latest call's rows, and answers with them when the call was made for it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rdflib import PROV, Literal, URIRef

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.vocab import KGC

__all__ = ["LatestCall", "answered_generated", "latest_call", "named_by_kind", "named_rows"]


#: A clock time opening a row's label ("9:20 am bus").
_CLOCK_OPENING = re.compile(r"^\d{1,2}:\d{2}\s*[ap]m\s+", re.IGNORECASE)


@dataclass(frozen=True)
class LatestCall:
    #: its rows, in IRI order
    rows: tuple[URIRef, ...] = ()
    #: the number of dialogue turns before it, where the KB says
    turn: int | None = None


@per_kb
def latest_call(kb: KnowledgeBase) -> LatestCall:
    """The KB's latest call: the one activity that generated rows and that no other such
    activity was informed by; an empty one where the KB records no such call, or several
    latest ones, or lies on an endpoint."""
    if kb.remote is not None:
        return LatestCall()
    graph = kb.graph
    calls = set(graph.subjects(PROV.generated, None, unique=True))
    earlier = {o for call in calls for o in graph.objects(call, PROV.wasInformedBy)}
    latest = calls - earlier
    if len(latest) != 1:
        return LatestCall()
    call = latest.pop()
    rows = graph.objects(call, PROV.generated, unique=True)
    turn = graph.value(call, KGC.turnIndex)
    return LatestCall(
        tuple(sorted(r for r in rows if isinstance(r, URIRef))),
        int(turn.toPython()) if isinstance(turn, Literal) and str(turn).isdigit() else None,
    )


def answered_generated(kb: KnowledgeBase, turns: int) -> tuple[str, ...]:
    """The rows a reply at turn ``turns`` answers with: the KB's latest call's, where it was
    made right before the reply (after turn ``turns - 1``), as
    :func:`kgcheck.tools.graph.answered_rows` reads a conversation's calls."""
    call = latest_call(kb)
    return tuple(map(str, call.rows)) if call.turn == turns else ()


def named_by_kind(kb: KnowledgeBase, row: URIRef) -> bool:
    """Whether ``row`` has no name of its own: no label, or its kind's ("bus", "the 9:20 am
    bus", as :func:`kgcheck.tools.results_graph` labels rows with no name field)."""
    label = kb.labels.display(str(row))
    if not label:
        return True
    kind = _CLOCK_OPENING.sub("", label).casefold()
    return any(kb.ontology.label(c).casefold() == kind for c in kb.direct_types(row))


def named_rows(kb: KnowledgeBase, rows: Iterable[str]) -> bool:
    """Whether some of ``rows`` are named by a field, not by their kind."""
    return any(not named_by_kind(kb, URIRef(row)) for row in rows)
