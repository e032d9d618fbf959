"""What built-in checks read: facts ``(subject, predicate, value)`` of the checked data (a reply's
claims or a structured output's graph), of earlier turns and of the KB, behind one interface."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

import pyoxigraph as ox
from rdflib import Literal, URIRef
from rdflib.namespace import RDF
from rdflib.term import Node

from kgcheck.history.rdf import PastClaim
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import normalize
from kgcheck.kb.values import matches
from kgcheck.nlp.analysis import Claim, TurnAnalysis
from kgcheck.nlp.literals import NUMERIC_TYPES

__all__ = ["Fact", "FactView", "OutputFacts", "ReplyFacts", "agree", "as_number", "py_value"]

_XSD = "http://www.w3.org/2001/XMLSchema#"


@dataclass(frozen=True, slots=True)
class Fact:
    """One value of a property of a subject.

    ``text`` is the value as the checked data wrote it, ``lexical`` its canonical text (a
    literal's lexical form, an entity's label); ``value`` is what comparisons use (``Decimal``,
    ``date``, ``bool``, ``str``, or the IRI for entities). ``origin`` is ``data``, ``history`` or
    ``kb``; ``ref`` locates a data fact (its ``Claim`` in a reply, its JSON path in an output).
    """

    subject: str | None
    predicate: str
    value: Any
    text: str
    lexical: str
    iri: str | None = None
    origin: str = "data"
    ref: Any = None
    node: Node | None = None


def py_value(lexical: str, datatype: str | None) -> Any:
    """The comparable value of a literal: numbers as ``Decimal``, dates, booleans, else text."""
    if datatype in NUMERIC_TYPES or datatype == _XSD + "integer":
        try:
            return Decimal(lexical)
        except InvalidOperation:
            return lexical
    try:
        if datatype == _XSD + "date":
            return date.fromisoformat(lexical)
        if datatype == _XSD + "dateTime":
            return datetime.fromisoformat(lexical)
    except ValueError:
        return lexical
    if datatype == _XSD + "boolean":
        return lexical.strip().lower() in {"true", "1"}
    return lexical


def as_number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int | float):
        return Decimal(str(value))
    return None


def agree(a: Fact, b: Fact, tolerance: float = 0.0) -> bool:
    """Whether two facts give the same value (KB values compare datatype-aware)."""
    if b.node is not None:
        return matches(a.value, a.iri, b.node, tolerance=tolerance)
    if a.node is not None:
        return matches(b.value, b.iri, a.node, tolerance=tolerance)
    if a.iri is not None or b.iri is not None:
        return a.iri == b.iri
    x, y = as_number(a.value), as_number(b.value)
    if x is not None and y is not None:
        return abs(x - y) <= abs(y) * Decimal(str(tolerance))
    if isinstance(a.value, date) and isinstance(b.value, date):
        return _day(a.value) == _day(b.value)
    return normalize(str(a.lexical), drop_titles=False) == normalize(
        str(b.lexical), drop_titles=False
    )


def _day(value: date) -> date:
    return value.date() if isinstance(value, datetime) else value


class FactView(ABC):
    """The facts a built-in check reads."""

    def __init__(self, kb: KnowledgeBase | None, now: datetime) -> None:
        self.kb = kb
        self.now = now
        self._data: dict[str, list[Fact]] = defaultdict(list)

    def _index(self, facts: Iterable[Fact]) -> None:
        for fact in facts:
            self._data[fact.predicate].append(fact)

    def data(self, predicate: str) -> list[Fact]:
        """Facts of the checked data with this predicate, in the order written."""
        return self._data.get(predicate, [])

    def on(self, subject: str | None, predicate: str) -> list[Fact]:
        return [f for f in self.data(predicate) if f.subject == subject]

    def kb_facts(self, subject: str | None, predicate: str) -> list[Fact]:
        """The KB's values of ``(subject, predicate)`` (with inverse and symmetric statements)."""
        if self.kb is None or subject is None or not _is_iri(subject):
            return []
        out = []
        for node in self.kb.values(URIRef(subject), URIRef(predicate)):
            out.append(self.kb_fact(subject, predicate, node))
        return out

    def kb_fact(self, subject: str, predicate: str, node: Node) -> Fact:
        assert self.kb is not None
        if isinstance(node, Literal):
            lexical = str(node)
            dt = str(node.datatype) if node.datatype is not None else None
            value = py_value(lexical, dt)
            return Fact(subject, predicate, value, lexical, lexical, origin="kb", node=node)
        label = self.kb.label(node)
        return Fact(subject, predicate, str(node), label, label, str(node), "kb", node=node)

    @abstractmethod
    def history(self, subject: str | None, predicate: str) -> list[Fact]:
        """Values earlier turns gave for ``(subject, predicate)``."""

    @abstractmethod
    def has_class(self, subject: str | None, cls: str) -> bool:
        """Whether ``subject`` is an instance of ``cls`` (or of a subclass)."""

    @abstractmethod
    def subjects_of_class(self, cls: str) -> list[str]:
        """Subjects of the checked data that are instances of ``cls``."""

    @abstractmethod
    def describe_subject(self, subject: str | None) -> str:
        """How messages name a subject."""

    @abstractmethod
    def describe_property(self, predicate: str) -> str:
        """How messages name a property."""

    @abstractmethod
    def anchor(self, subject: str, predicate: str, count: int) -> Fact | None:
        """A fact to report a per-subject finding (a ``count``) on, or ``None``."""

    def sentence(self, fact: Fact) -> str:
        return ""

    def path(self, fact: Fact) -> str:
        return ""


def _is_iri(text: str) -> bool:
    return ":" in text


class ReplyFacts(FactView):
    """A reply's claims (positive ones; negations state no value), earlier turns and the KB."""

    def __init__(
        self,
        analysis: TurnAnalysis,
        kb: KnowledgeBase,
        past: Sequence[PastClaim],
        now: datetime,
    ) -> None:
        super().__init__(kb, now)
        self.analysis = analysis
        self._index(self._claim_fact(c) for c in analysis.claims if c.polarity)
        self._past: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        for item in past:
            c = item.claim
            if c.polarity and c.subject_iri is not None:
                fact = self._claim_fact(c, origin="history", ref=item)
                self._past[(c.subject_iri, c.predicate)].append(fact)

    def _claim_fact(self, claim: Claim, origin: str = "data", ref: Any = None) -> Fact:
        assert self.kb is not None
        obj = claim.object
        if obj.iri is not None:
            label = self.kb.label(URIRef(obj.iri))
            return Fact(
                claim.subject_iri, claim.predicate, obj.iri, obj.text, label, obj.iri, origin,
                claim if ref is None else ref,
            )  # fmt: skip
        value = obj.value if obj.value is not None else obj.text
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = Decimal(str(value))
        lexical = value.isoformat() if isinstance(value, date) else str(value)
        return Fact(
            claim.subject_iri, claim.predicate, value, obj.text, lexical, None, origin,
            claim if ref is None else ref,
        )  # fmt: skip

    def history(self, subject: str | None, predicate: str) -> list[Fact]:
        return [] if subject is None else list(self._past.get((subject, predicate), ()))

    def has_class(self, subject: str | None, cls: str) -> bool:
        if subject is None or self.kb is None:
            return False
        return URIRef(cls) in self.kb.types(URIRef(subject))

    def subjects_of_class(self, cls: str) -> list[str]:
        seen = {c.subject_iri for c in self.analysis.claims if c.subject_iri is not None}
        return sorted(s for s in seen if self.has_class(s, cls))

    def describe_subject(self, subject: str | None) -> str:
        if subject is None or self.kb is None:
            return ""
        return self.kb.label(URIRef(subject))

    def describe_property(self, predicate: str) -> str:
        if self.kb is None:
            return predicate
        return self.kb.ontology.label(URIRef(predicate))

    def anchor(self, subject: str, predicate: str, count: int) -> Fact | None:
        facts = self.on(subject, predicate)
        return facts[-1] if facts else None

    def sentence(self, fact: Fact) -> str:
        claim = fact.ref
        if isinstance(claim, Claim) and claim.segment < len(self.analysis.segments):
            return self.analysis.segments[claim.segment].text.strip()
        return ""


class OutputFacts(FactView):
    """The graph of a structured output (see ``kgcheck.rules.jsonld``), with the KB."""

    def __init__(
        self,
        triples: Sequence[ox.Triple | ox.Quad],
        kb: KnowledgeBase | None,
        now: datetime,
        *,
        paths: dict[str, str],
        keys: dict[str, str],
    ) -> None:
        super().__init__(kb, now)
        self._paths = paths
        self._keys = keys
        self._types: dict[str, set[str]] = defaultdict(set)
        facts = []
        for t in triples:
            if isinstance(t.subject, ox.Triple):
                continue
            s, p, o = t.subject.value, t.predicate.value, t.object
            if p == str(RDF.type) and isinstance(o, ox.NamedNode):
                self._types[s].add(o.value)
                continue
            facts.append(self._fact(s, p, o))
        self._index(facts)

    def _fact(self, s: str, p: str, o: Any) -> Fact:
        where = self.join(self._paths.get(s, ""), self.key(p))
        if isinstance(o, ox.Literal):
            value = py_value(o.value, o.datatype.value if o.datatype is not None else None)
            return Fact(s, p, value, o.value, o.value, ref=where)
        shown = self._paths.get(o.value, o.value)
        return Fact(s, p, o.value, shown, shown, o.value, ref=where)

    @staticmethod
    def join(path: str, key: str) -> str:
        return f"{path}.{key}" if path else key

    def key(self, predicate: str) -> str:
        return self._keys.get(predicate, predicate)

    def history(self, subject: str | None, predicate: str) -> list[Fact]:
        return []

    def has_class(self, subject: str | None, cls: str) -> bool:
        return subject is not None and cls in self._types.get(subject, set())

    def subjects_of_class(self, cls: str) -> list[str]:
        return sorted(s for s, types in self._types.items() if cls in types)

    def describe_subject(self, subject: str | None) -> str:
        if subject is None:
            return ""
        return self._paths.get(subject, subject) or "the output"

    def describe_property(self, predicate: str) -> str:
        return self.key(predicate)

    def anchor(self, subject: str, predicate: str, count: int) -> Fact:
        where = self.join(self._paths.get(subject, ""), self.key(predicate))
        return Fact(subject, predicate, Decimal(count), str(count), str(count), ref=where)

    def path(self, fact: Fact) -> str:
        return str(fact.ref or "")
