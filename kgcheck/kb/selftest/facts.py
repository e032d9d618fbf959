"""The facts a self-test states: which properties can be phrased, their facts, and whether a
value holds for a (subject, property)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from rdflib import BNode, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS
from rdflib.term import Node

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.labels import LABEL_PREDICATES
from kgcheck.kb.observations import observations
from kgcheck.kb.selftest.english import date_of, number_of
from kgcheck.kb.values import matches
from kgcheck.periods import (
    Granularity,
    Interval,
    month_interval,
    year_interval,
)
from kgcheck.values.quantities import canonical_unit
from kgcheck.vocab import KGC

__all__ = ["Fact", "collect_facts", "holds", "kb_values", "tolerance_of"]

_SCHEMA_NAMESPACES = (str(RDF), str(RDFS), str(OWL), str(SKOS), str(KGC))
#: Periods an observation may have to be stated ("in Q1 2024").
_SIMPLE_PERIODS = frozenset(
    {Granularity.DAY, Granularity.MONTH, Granularity.QUARTER, Granularity.HALF, Granularity.YEAR}
)
_KIND_OF_UNIT = {"USD": "currency", "EUR": "currency", "GBP": "currency", "%": "percent"}


@dataclass(frozen=True, slots=True)
class Fact:
    """``(subject, prop, value)``; ``period`` for a value a ``kgc:Observation`` states."""

    subject: URIRef
    prop: URIRef
    value: Node
    period: Interval | None = None


def collect_facts(
    kb: KnowledgeBase, rng: random.Random, max_facts: int | None, notes: list[str]
) -> dict[URIRef, list[Fact]]:
    """Up to ``max_facts`` facts (a seeded sample) of each property that can be phrased.

    Left out, with a line in ``notes``: ``rdf:type``, names, schema and annotation properties,
    properties with neither a ``kgc:lexicalForm`` nor a label, and observations whose period is
    not a day, month, quarter, half or year.
    """
    graph = kb.graph
    annotation = set(graph.subjects(RDF.type, OWL.AnnotationProperty))
    found: dict[URIRef, list[Fact]] = {}
    unnamed: set[URIRef] = set()
    nodes: set[URIRef] = set()
    for s, p, o in graph:
        if not isinstance(s, URIRef) or not isinstance(p, URIRef) or p == RDF.type:
            continue
        if str(p) in LABEL_PREDICATES or p in annotation or str(p).startswith(_SCHEMA_NAMESPACES):
            continue
        if not _nameable(kb, p):
            unnamed.add(p)
            continue
        if isinstance(o, BNode):
            nodes.add(p)  # an address or opening-hours node: its parts are stated, not it
            continue
        found.setdefault(p, []).append(Fact(s, p, o))
    skipped_periods = 0
    index = observations(kb)
    observed = {s for s in graph.objects(None, KGC.subject) if isinstance(s, URIRef)}
    for subject in observed:
        for p in index.predicates:
            for obs in index.get(subject, p):
                if obs.period is None or obs.period.granularity not in _SIMPLE_PERIODS:
                    skipped_periods += 1
                elif _nameable(kb, p):
                    found.setdefault(p, []).append(Fact(subject, p, obs.value, obs.period))
                else:
                    unnamed.add(p)
    for p in sorted(unnamed):
        notes.append(f"{kb.label(p)} <{p}>: no kgc:lexicalForm or label, not stated")
    for p in sorted(nodes - set(found)):
        notes.append(f"{kb.label(p)} <{p}>: its values are blank nodes, not stated")
    if skipped_periods:
        notes.append(
            f"{skipped_periods} observation value(s) without a day, month, quarter, half or "
            "year period: not stated"
        )
    out: dict[URIRef, list[Fact]] = {}
    for p in sorted(found):
        facts = sorted(set(found[p]), key=_fact_key)
        if max_facts is not None and len(facts) > max_facts:
            facts = sorted(rng.sample(facts, max_facts), key=_fact_key)
        out[p] = facts
    return out


def _fact_key(fact: Fact) -> tuple[str, str, str]:
    period = fact.period.label() if fact.period is not None else ""
    return str(fact.subject), period, str(fact.value)


def _nameable(kb: KnowledgeBase, prop: URIRef) -> bool:
    return bool(kb.ontology.phrasings.get(prop)) or prop in kb.ontology.labels


def kb_values(kb: KnowledgeBase, subject: URIRef, prop: URIRef) -> list[Node]:
    """The KB's values of ``(subject, prop)``: asserted, through the inverse, and observed."""
    found = kb.values(subject, prop)
    found.extend(o.value for o in observations(kb).get(subject, prop) if o.value not in found)
    return found


def tolerance_of(kb: KnowledgeBase, prop: URIRef, kinds: Mapping[str, float]) -> float:
    """The larger of ``prop``'s ``kgc:tolerance`` and its numeric kind's (currency, percent...)."""
    unit = canonical_unit(kb.ontology.unit.get(prop))
    if unit is None:
        kind = "number"
    else:
        kind = _KIND_OF_UNIT.get(unit, "ratio" if unit == "x" else "quantity")
    return max(kb.ontology.tolerance.get(prop, 0.0), kinds.get(kind, 0.0))


def holds(
    kb: KnowledgeBase,
    subject: URIRef,
    prop: URIRef,
    value: Node,
    *,
    tolerance: float,
    grain: Granularity | None = None,
) -> bool:
    """Whether ``value`` agrees with one of the KB's values of ``(subject, prop)``: the same
    entity, a number within ``tolerance``, a date in the same period (``grain``: the value is
    stated only to that granularity, "in 2015"), or the same text."""
    for held in kb_values(kb, subject, prop):
        if isinstance(value, URIRef) or isinstance(held, URIRef):
            if value == held:
                return True
            continue
        number = number_of(value)
        if number is not None:
            if matches(number, None, held, tolerance=tolerance):
                return True
            continue
        interval = date_of(value)
        if interval is not None:
            if grain is not None:
                interval = _coarsen(interval, grain)
            if matches(interval, None, held):
                return True
            continue
        if matches(str(value), None, held):
            return True
    return False


def _coarsen(interval: Interval, grain: Granularity) -> Interval:
    """``interval`` widened to ``grain`` (a month or a year)."""
    s = interval.start
    if grain >= Granularity.YEAR:
        return year_interval(s.year)
    if grain >= Granularity.MONTH:
        return month_interval(s.year, s.month)
    return interval
