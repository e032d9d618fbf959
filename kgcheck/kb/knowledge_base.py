"""``KnowledgeBase``: the RDF graph the checker trusts, with its label index and ontology view."""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import pyoxigraph as ox
from oxrdflib import OxigraphStore
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS, SKOS, XSD
from rdflib.term import Node

from kgcheck.errors import KnowledgeBaseError
from kgcheck.kb.labels import LABEL_PREDICATES, LabelIndex, is_clock
from kgcheck.kb.normalize import normalize, value_words
from kgcheck.kb.ontology import OntologyView
from kgcheck.kb.reads import remembered
from kgcheck.kb.remote import RemoteScratch, RemoteStore
from kgcheck.kb.scratch import ScratchPool, copy_graph, copy_store, ox_term
from kgcheck.kb.shapes import (
    RECURRENCE_PREDICATES,
    UNIT_PREDICATES,
    DataShapes,
    read_shapes,
    recurrence_of,
    unit_of,
)
from kgcheck.kb.store import KB_GRAPH, open_store
from kgcheck.kb.terms import rdf_term
from kgcheck.kb.validate import check_values, quiet_literal_warnings
from kgcheck.kb.values import written
from kgcheck.periods import Granularity, Interval, interval_of_literal
from kgcheck.values.codes import is_code
from kgcheck.values.quantities import PERIOD_WORDS, dimension, is_currency

if TYPE_CHECKING:
    from kgcheck.config import KnowledgeBaseConfig
    from kgcheck.kb.mappings import Materialized

__all__ = ["KnowledgeBase"]

#: The dimensions of the measures an amount may be said per ("£2.45 a litre", "£3.80 per kg").
_PER_MEASURES = frozenset({"mass", "volume", "length"})

#: The named graph that holds a KB in its Oxigraph store.
_KB_NODE = ox.NamedNode(KB_GRAPH)
#: The most structure nodes read for one subject's value (offers of offers of ...).
_MAX_STRUCTURE = 64

log = logging.getLogger(__name__)

_GENDER_PREDICATES = (
    URIRef("https://schema.org/gender"),
    URIRef("http://schema.org/gender"),
    URIRef("http://xmlns.com/foaf/0.1/gender"),
)


class KnowledgeBase:
    """An RDF knowledge base: facts by (subject, predicate), labels, and the ontology view.

    Usage::

        kb = KnowledgeBase.open(["ontology.ttl", "kb.ttl"], store="oxigraph:/var/kgcheck/kb")
        kb.values(EX.amiraPatel, EX.worksIn)     # [URIRef(EX.cardiology)]
    """

    def __init__(
        self,
        graph: Graph,
        *,
        store: ox.Store | None = None,
        reloaded: bool = True,
        fuzzy_min_length: int = 4,
        index_cache: _IndexCache | None = None,
        sources: Sequence[Path] = (),
        lexical_forms: bool = True,
        remote: RemoteStore | None = None,
    ) -> None:
        self.graph = graph
        self._ox = store
        #: The files the KB was loaded from (lint names the line of a finding in them).
        self.sources = tuple(sources)
        #: The endpoint's store when the KB is read from a SPARQL endpoint (``sparql:``).
        self.remote = remote
        self.reloaded = reloaded
        self.lexical_forms = lexical_forms
        #: The mappings materialised when the KB was opened (``kgcheck kb build`` reports them).
        self.built: tuple[Materialized, ...] = ()
        # a bad tolerance or a NaN value fails here, naming the triple (KnowledgeBaseError)
        # what an earlier open kept beside an on-disk store of the same sources: the label
        # index and the shapes of the values, read back instead of built from every triple;
        # kept only once the KB was built, so its values passed the checks then
        cached = _read_cache(index_cache) if index_cache is not None else None
        numbers = reloaded or cached is None or remote is not None
        check_values(graph, store, sources, remote=remote, literals=reloaded, numbers=numbers)
        # the shapes of the values (structure nodes, units beside values, undeclared predicates);
        # a KB on an endpoint is read as stated
        shapes = _cached_shapes(cached) if remote is None else DataShapes()
        built = shapes is None
        self.shapes = read_shapes(graph) if shapes is None else shapes
        self.ontology = OntologyView.from_graph(
            graph, lexical_forms=lexical_forms, shapes=self.shapes
        )
        self._lock = threading.Lock()
        own = store
        self._scratch: ScratchPool | RemoteScratch
        if remote is not None:
            self._scratch = RemoteScratch(remote)
        elif own is not None:
            self._scratch = ScratchPool(lambda: copy_store(own))
        else:
            self._scratch = ScratchPool(lambda: copy_graph(graph))
        self._strings: _StringIndex | None = None
        self._name_owners: dict[tuple[str, ...], tuple[tuple[URIRef, URIRef], ...]] | None = None
        labels = _load_index(cached, fuzzy_min_length) if cached is not None else None
        if labels is not None:
            self.labels = labels
        else:
            self.labels = LabelIndex(fuzzy_min_length=fuzzy_min_length)
            self.labels.add_all(self._label_triples())
            built = True
        if index_cache is not None and built:
            _save_index(index_cache, self.labels, self.shapes)
        clashes: dict[str, str] = {}
        for found in self.ontology.phrasings.values():
            for p in found:
                named = self.labels.exact(p.text) if p.derived else set()
                if named:
                    clashes[p.text] = min(named)
        self.ontology.drop_phrasings(clashes)

    def entity_labels(self) -> Iterator[tuple[str, str]]:
        """``(entity, label)`` for every label of every entity that is not a schema term."""
        return ((entity, label) for entity, label, _ in self._label_triples())

    def _label_triples(self) -> Iterator[tuple[str, str, int]]:
        """``(entity, label, rank)`` for every labelled entity that is not a schema term, and
        each label ending in a label of the entity's class, without it (:meth:`_kindless`)."""
        kindless: list[tuple[str, str]] = []
        ends = {key.rsplit(" ", 1)[-1] for key in self.ontology.class_labels}
        for iri, label, rank in self._own_label_triples():
            words = label.split()
            if len(words) > 2 and normalize(words[-1], drop_titles=False) in ends:
                kindless.append((iri, label))
            yield iri, label, rank
        last = len(LABEL_PREDICATES)
        for iri, label in kindless:
            for short in self._kindless(URIRef(iri), label):
                yield iri, short, last

    def _kindless(self, node: URIRef, label: str) -> list[str]:
        """``label`` without the label of a class of ``node`` it ends in, where two words or
        more are left: "copy statement" of the fee "copy statement fee", said as "a copy
        statement costs £3"."""
        key = normalize(label, drop_titles=False)
        words = label.split()
        out = []
        for cls_ in self.direct_types(node):
            kind = normalize(self.ontology.label(cls_), drop_titles=False)
            if kind and key.endswith(" " + kind):
                # the class label may be several words: cut as many words as it has
                rest = words[: len(words) - len(kind.split())]
                # a row named by its time and kind ("6:00 pm visit slot") is not named by the
                # time alone: that is a value a reply states
                shorter = " ".join(rest)
                if len(rest) >= 2 and not is_clock(normalize(shorter, drop_titles=False)):
                    out.append(shorter)
        return out

    def _own_label_triples(self) -> Iterator[tuple[str, str, int]]:
        schema_terms = {str(t) for t in self.ontology.labels}
        for rank, pred in enumerate(LABEL_PREDICATES):
            if self._ox is not None:  # straight from Oxigraph: no rdflib term conversion
                quads = self._ox.quads_for_pattern(None, ox.NamedNode(pred), None, _kb_node())
                for q in quads:
                    subject, label = q.subject, q.object
                    if (
                        isinstance(subject, ox.NamedNode)
                        and isinstance(label, ox.Literal)
                        and subject.value not in schema_terms
                    ):
                        yield subject.value, label.value, rank
                continue
            for node, text in self.graph.subject_objects(URIRef(pred)):
                if isinstance(node, URIRef) and str(node) not in schema_terms:
                    yield str(node), str(text), rank

    @classmethod
    def from_config(
        cls, config: KnowledgeBaseConfig, *, lexical_forms: bool = True, refresh: bool = False
    ) -> KnowledgeBase:
        """The KB a configuration's ``knowledge_base`` section names (see :meth:`open`)."""
        return cls.open(
            config.sources,
            store=config.store,
            fuzzy_min_length=config.fuzzy_min_length,
            lexical_forms=lexical_forms,
            config=config,
            refresh=refresh,
        )

    @classmethod
    def open(
        cls,
        sources: Sequence[str | Path] = (),
        *,
        store: str = "memory",
        fuzzy_min_length: int = 4,
        lexical_forms: bool = True,
        config: KnowledgeBaseConfig | None = None,
        refresh: bool = False,
    ) -> KnowledgeBase:
        """Load ``sources`` into the store (or reopen a persistent store that holds them); for
        ``sparql:<url>``, read the KB from that endpoint (``config`` has its settings: graph,
        credentials, timeouts, caches).

        ``lexical_forms`` false ignores every ``kgc:lexicalForm`` of the ontology (the store
        keeps them); ``refresh`` rebuilds the label index kept beside an on-disk store or for an
        endpoint (``kgcheck kb refresh``) instead of reading it back.

        Raises:
            KnowledgeBaseError: a source is missing or broken, or the store cannot be opened.
        """
        with quiet_literal_warnings():  # an ill-typed literal is reported once, as KGC210
            result = open_store(store, [Path(s) for s in sources], config, refresh=refresh)
        cache = None
        if result.directory is not None:
            cache = _IndexCache(result.directory / _INDEX_FILE, result.fingerprint)
            if refresh:
                cache.path.unlink(missing_ok=True)
        kb = cls(
            result.graph,
            store=result.store,
            reloaded=result.reloaded,
            fuzzy_min_length=fuzzy_min_length,
            index_cache=cache,
            sources=[Path(s) for s in sources],
            lexical_forms=lexical_forms,
            remote=result.remote,
        )
        kb.built = result.built
        return kb

    @classmethod
    def from_graph(cls, graph: Graph) -> KnowledgeBase:
        """A KB over an existing rdflib graph (any store)."""
        return cls(graph)

    def extended(self, extra: Graph) -> KnowledgeBase:
        """A new in-memory KB holding this one's triples and ``extra``'s (the tool results of
        a conversation: :mod:`kgcheck.tools.evidence`); this one is not changed. It is built
        as any KB is (shapes, ontology, label index), in time linear in the whole.

        Raises:
            KnowledgeBaseError: this KB is read from a SPARQL endpoint (nothing to copy), or
                ``extra`` holds a value the checks cannot read (KGC2xx).
        """
        if self.remote is not None:
            raise KnowledgeBaseError(
                "a KB on a SPARQL endpoint cannot be extended with other triples"
            )
        store = copy_store(self._ox) if self._ox is not None else copy_graph(self.graph)
        name = ox.NamedNode(KB_GRAPH)
        store.extend(
            ox.Quad(ox_term(s), ox_term(p), ox_term(o), name)  # type: ignore[arg-type]
            for s, p, o in extra
        )
        graph = Graph(store=OxigraphStore(store=store), identifier=URIRef(KB_GRAPH))
        return KnowledgeBase(
            graph,
            store=store,
            fuzzy_min_length=self.labels.fuzzy_min_length,
            sources=self.sources,
            lexical_forms=self.lexical_forms,
        )

    def __len__(self) -> int:
        if self._ox is not None:
            return sum(1 for _ in self._ox.quads_for_pattern(None, None, None, _kb_node()))
        return len(self.graph)

    def prefetch(self, entities: Iterable[str]) -> None:
        """Fetch the facts of ``entities`` together (one query for a KB on an endpoint, where
        each would otherwise cost one); a KB held locally has nothing to do."""
        if self.remote is not None:
            self.remote.prefetch(URIRef(e) for e in entities)

    # facts ------------------------------------------------------------------------------

    def match(
        self, subject: Node | None = None, predicate: Node | None = None, obj: Node | None = None
    ) -> Iterator[tuple[Node, Node, Node]]:
        """The KB's triples that match a pattern (``None`` matches any term), in the store's
        order: read from Oxigraph directly where the KB is held there (the reads every check
        makes), through the graph otherwise. A term no store could hold matches nothing."""
        if self._ox is None:
            yield from self.graph.triples((subject, predicate, obj))
            return
        try:
            s, p, o = (None if t is None else ox_term(t) for t in (subject, predicate, obj))
        except (TypeError, ValueError):
            return
        for q in self._ox.quads_for_pattern(s, p, o, _KB_NODE):  # type: ignore[arg-type]
            yield rdf_term(q.subject), rdf_term(q.predicate), rdf_term(q.object)

    def _objects(self, subject: Node, predicate: Node) -> Iterator[Node]:
        return (o for _, _, o in self.match(subject, predicate, None))

    def _subjects(self, predicate: Node, obj: Node) -> Iterator[Node]:
        return (s for s, _, _ in self.match(None, predicate, obj))

    def values(self, subject: URIRef, predicate: URIRef) -> list[Node]:
        """Objects of ``(subject, predicate)``: asserted, stated through the inverse or a
        symmetric property, values of its sub-properties (``rdfs:subPropertyOf``: a sub-property
        value is one of the super-property), and for an ``owl:TransitiveProperty`` the values
        reached through other values ("X in A", "A in B": B too)."""
        found = self._values(subject, predicate)
        if predicate in self.ontology.transitive:
            todo = [v for v in found if isinstance(v, URIRef)]
            seen = {subject, *found}
            while todo and len(found) < _MAX_TRANSITIVE:
                for more in self._values(todo.pop(), predicate):
                    if more not in seen:
                        seen.add(more)
                        found.append(more)
                        if isinstance(more, URIRef):
                            todo.append(more)
        return found

    @remembered
    def _values(self, subject: Node, predicate: URIRef) -> list[Node]:
        found: list[Node] = []
        for prop in (predicate, *sorted(self.ontology.sub_properties.get(predicate, ()))):
            found.extend(o for o in self._objects(subject, prop) if o not in found)
            inverse = self.ontology.inverse.get(prop)
            if inverse is not None:
                found.extend(o for o in self._subjects(inverse, subject) if o not in found)
            if prop in self.ontology.symmetric:
                found.extend(o for o in self._subjects(prop, subject) if o not in found)
        if not found:
            # through the structure nodes the subject points at, nearest first: a branch's
            # street address held by its schema:address node, a plant's price by the price
            # specification of its offer
            for layer in self._structure_layers(subject):
                for node in layer:
                    found.extend(o for o in self._objects(node, predicate) if o not in found)
                if found:
                    break
        # a value node stands for its value: schema:weight [ schema:value 15 ]
        return [self.shapes.value_of.get(o, o) for o in found]

    def _structure_layers(self, subject: Node) -> Iterator[list[Node]]:
        """The structure nodes ``subject`` points at, a layer at a time, nearest first (its
        own, then theirs), up to ``_MAX_STRUCTURE`` nodes."""
        children = self.shapes.children
        todo: list[Node] = list(children.get(subject, ()))
        seen: set[Node] = {subject}
        while todo and len(seen) < _MAX_STRUCTURE:
            layer = []
            for node in todo:
                if node not in seen:
                    seen.add(node)
                    layer.append(node)
            todo = [child for node in layer for child in children.get(node, ())]
            yield layer

    def holds(self, subject: URIRef, predicate: URIRef) -> bool:
        """Whether ``subject`` has a value of ``predicate`` of its own: one of :meth:`values`,
        or one in a qualified statement of its own (its opening hours on some days; not a
        relation node that points at it)."""
        return bool(
            self.values(subject, predicate) or self.qualified(subject, predicate, relations=False)
        )

    def qualified(
        self, subject: URIRef, predicate: URIRef, *, relations: bool = True
    ) -> list[QualifiedValue]:
        """The values of ``predicate`` in the qualified statements of ``subject`` (opening
        hours per day: :attr:`~kgcheck.kb.shapes.DataShapes.qualified`), each with the named
        things its statement names beside it (its days). A statement's value may sit in nodes
        of its own (an offer per region, each with a price specification per day and per
        week): it is read through them, with what each names beside it, and a value node
        stands for its value. A relation node that points at ``subject`` (an offer of rubble
        by this recycling centre) is a qualified statement of it too, with the other things
        it names beside its value (``relations=False``: not read)."""
        out: list[QualifiedValue] = []
        statements = [
            *((node, pointer, False) for node, pointer in self.shapes.qualified.get(subject, ())),
            *(
                (node, pointer, True)
                for node, pointer in (self.shapes.relations.get(subject, ()) if relations else ())
            ),
        ]
        for node, pointer, inverse in statements:
            todo: list[tuple[Node, frozenset[URIRef]]] = [(node, frozenset())]
            seen: set[Node] = set()
            while todo and len(seen) < _MAX_STRUCTURE:
                inner, outer = todo.pop(0)
                if inner in seen:
                    continue
                seen.add(inner)
                beside = outer | frozenset(
                    o
                    for p, o in self.graph.predicate_objects(inner)
                    if isinstance(o, URIRef) and p != RDF.type and p != predicate and o != subject
                )
                values = list(self.graph.objects(inner, predicate))
                units = {
                    unit
                    for p, o in self.graph.predicate_objects(inner)
                    if str(p) in UNIT_PREDICATES and (unit := unit_of(o)) is not None
                }
                currency = next((u for u in sorted(units) if is_currency(u)), None)
                # a period beside an amount is what it is per ("DAY" beside a price in GBP);
                # beside any other value, its unit ("DAY" of a duration kept in days)
                # ... and a measure beside it what it is per ("LTR" beside a price: a litre)
                per = (
                    next(
                        (
                            u
                            for u in sorted(units)
                            if u in PERIOD_WORDS or dimension(u) in _PER_MEASURES
                        ),
                        None,
                    )
                    if currency
                    else None
                )
                out.extend(
                    QualifiedValue(
                        self.shapes.value_of.get(v, v),
                        beside,
                        node,
                        pointer,
                        per,
                        currency,
                        inverse,
                    )
                    for v in values
                )
                if not values:
                    nested = [n for n, _ in self.shapes.qualified.get(inner, ())]
                    todo.extend(
                        (n, beside) for n in (*nested, *self.shapes.children.get(inner, ()))
                    )
        return out

    def validity(self, node: Node) -> Interval | None:
        """The period what ``node`` states holds in (``schema:validFrom`` to
        ``schema:validThrough``: winter opening hours from 1 October to 31 March); ``None``
        for a node that states none."""
        start: Interval | None = None
        end: Interval | None = None
        for p, o in self.graph.predicate_objects(node):
            if str(p) in VALID_FROM:
                start = interval_of_literal(o)
            elif str(p) in VALID_THROUGH:
                end = interval_of_literal(o)
        if start is None and end is None:
            return None
        lower = start.start if start is not None else datetime.min
        upper = end.end if end is not None else datetime.max
        return Interval(lower, upper, Granularity.DAY)

    def stating_node(self, subject: URIRef, predicate: URIRef, value: Node) -> Node:
        """The node that states ``value`` of ``(subject, predicate)``: the subject, or where
        :meth:`values` read it through the structure nodes the subject points at, the nearest
        of those that holds it (a course's ``schema:Schedule`` node with its start date)."""
        if value in self._objects(subject, predicate):
            return subject
        for layer in self._structure_layers(subject):
            for node in layer:
                if value in self._objects(node, predicate):
                    return node
        return subject

    def recurrence(self, node: Node) -> tuple[timedelta, Node] | None:
        """How often what ``node`` states recurs (``schema:repeatFrequency "P14D"``: every 14
        days) and the date the series starts on (its earliest date: a schedule's
        ``schema:startDate``); ``None`` for a node that states no recurrence in days."""
        every: timedelta | None = None
        dates: list[tuple[Interval, Node]] = []
        for p, o in self.graph.predicate_objects(node):
            if not isinstance(o, Literal):
                continue
            if str(p) in RECURRENCE_PREDICATES:
                every = recurrence_of(o)
            elif (iv := interval_of_literal(o)) is not None and iv.has_date:
                dates.append((iv, o))
        if every is None or not dates:
            return None
        return every, min(dates, key=lambda pair: pair[0].start)[1]

    def bounding_values(self, subject: URIRef, predicate: URIRef) -> tuple[URIRef, list[Node]]:
        """A functional super-property of ``predicate`` with values for ``subject``, and those
        values: a sub-property claim must name one of them ("X's city is Y" where the KB only
        says where X is located); ``(predicate, [])`` when there is none."""
        for sup in sorted(self.ontology.super_properties.get(predicate, ())):
            if sup in self.ontology.functional and sup not in self.ontology.transitive:
                found = self.values(subject, sup)
                if found:
                    return sup, found
        return predicate, []

    def alike_values(
        self, subject: URIRef, predicate: URIRef, obj: URIRef
    ) -> tuple[URIRef, list[Node]]:
        """The one other property of ``subject`` that points at things of the kind ``obj`` and
        ``predicate``'s range are of, and its values, where ``subject`` holds no value of
        ``predicate`` and is of no class its domain names: "The scrubbing grid is at Island
        Quay" read by a form of "located at" (of facilities, at a site) of a yard service the
        KB says is "offered at" a site. ``(predicate, [])`` where there is none, or several."""
        onto = self.ontology
        kinds = onto.range.get(predicate, set()) & self.types(obj)
        domain = onto.domain.get(predicate)
        if (
            not kinds
            or self.values(subject, predicate)
            or (domain and domain & self.types(subject))
        ):
            return predicate, []
        found: dict[URIRef, list[Node]] = {}
        for prop, value in self.graph.predicate_objects(subject):
            if (
                isinstance(prop, URIRef)
                and prop != predicate
                and isinstance(value, URIRef)
                and prop in onto.range
                and onto.range[prop] & kinds
                and self.types(value) & kinds
            ):
                found.setdefault(prop, []).append(value)
        if len(found) != 1:
            return predicate, []
        ((prop, values),) = found.items()
        return prop, values

    def rank_properties(
        self, candidates: Sequence[str], subject: str | None, inverted: Sequence[str] = ()
    ) -> list[str]:
        """``candidates`` (properties one phrase names) best first for ``subject``: one it has
        values for, then one whose ``rdfs:domain`` holds one of its classes, then one without a
        domain, then the rest (for those in ``inverted`` the subject is the object: its values
        are holders, its classes the range). Ties keep their order."""
        if len(candidates) < 2 or subject is None:
            return list(candidates)
        s = URIRef(subject)
        types = self.types(s)

        def rank(prop: str) -> int:
            p = URIRef(prop)
            if prop in inverted:
                held, classes = bool(self.holders(p, s)), self.ontology.range.get(p)
            else:
                held, classes = bool(self.values(s, p)), self.ontology.domain.get(p)
            if held:
                return 0
            if classes and classes & types:
                return 1
            return 2 if not classes else 3

        return sorted(candidates, key=rank)

    @remembered
    def facts(self, subject: URIRef, limit: int = 64) -> list[tuple[URIRef, Node]]:
        """Up to ``limit`` (predicate, object) pairs of ``subject``, names left out."""
        out: list[tuple[URIRef, Node]] = []
        for _, p, o in self.match(subject):
            if not isinstance(p, URIRef) or str(p) in LABEL_PREDICATES:
                continue
            out.append((p, o))
            if len(out) >= limit:
                break
        return out

    def agrees_with_parts(self, stated: str, value: Node) -> bool:
        """Whether ``stated`` says a structure node's value: each of its words is a word of the
        node's string parts, and one piece of it (between commas, or before "in" a place) is
        a whole part, or a whole piece of a part written with commas ("14 Knaresborough Road,
        Harrogate" and "41 Dorp Street in Stellenbosch" of a postal address; "Unit 4" of the
        street address "Unit 4, Avonmouth Way")."""
        parts = self.shapes.parts.get(value)
        if not parts:
            return False
        own = [value_words(str(p)) for p in parts]
        # a part written with commas of its own ("Unit 4, Avonmouth Way") has whole pieces too
        whole = own + [value_words(x) for p in parts if "," in str(p) for x in str(p).split(",")]
        # a locality after "in" is a piece of its own: "41 Dorp Street in Stellenbosch"
        pieces = [value_words(piece) for piece in _PIECE_BREAK.split(stated)]
        words = {w for piece in pieces for w in piece}
        return (
            bool(words)
            and words <= {w for p in own for w in p}
            and any(p and p in whole for p in pieces)
        )

    def part_like(self, stated: str, value: Node) -> Literal | None:
        """The part of a structure node that ``stated`` means to give: the node's value of the
        property that holds ``stated`` elsewhere in the KB ("3 Bromfield Lane" is another
        shop's street address, so this node's street address is what to say instead)."""
        if value not in self.shapes.parts:
            return None
        said = {p for _, p in self.owners_of_words(value_words(stated))}
        for prop in sorted(said):
            for part in self._objects(value, prop):
                if isinstance(part, Literal):
                    return part
        return None

    @remembered
    def holders(self, predicate: URIRef, obj: Node) -> list[Node]:
        """Subjects that have ``obj`` as a value of ``predicate`` (directly or via the inverse)."""
        found: list[Node] = []
        for s in self._subjects(predicate, obj):
            for owner, _ in self.shapes.owners(s, predicate):
                if owner not in found:
                    found.append(owner)
        inverse = self.ontology.inverse.get(predicate)
        if inverse is not None and isinstance(obj, URIRef):
            found.extend(s for s in self._objects(obj, inverse) if s not in found)
        return found

    @remembered
    def referrers(
        self, obj: URIRef, limit: int = 64, *, through_unnamed: bool = False
    ) -> list[URIRef]:
        """Up to ``limit`` entities with ``obj`` as the value of a property: the appointments
        with a person, the routes a vessel sails; ``through_unnamed``, also the entities that
        hold an unnamed node with it (a menu whose hours, a blank node, run on Mondays)."""
        out: list[URIRef] = []
        for s, p, _ in self.match(None, None, obj):
            if p == RDF.type:
                continue
            holders = (
                [h for h, _, _ in self.match(None, None, s) if isinstance(h, URIRef)]
                if isinstance(s, BNode) and through_unnamed
                else [s]
            )
            for h in holders:
                if isinstance(h, URIRef) and h not in out:
                    out.append(h)
                    if len(out) >= limit:
                        return out
        return out

    def negated(self, subject: URIRef, predicate: URIRef) -> set[Node]:
        """Values that ``owl:NegativePropertyAssertion``s rule out for ``(subject, predicate)``,
        stated for it or, object first, for its inverse; a value ruled out for a super-property
        is ruled out for its sub-properties."""
        found: set[Node] = set()
        for prop in (predicate, *self.ontology.super_properties.get(predicate, ())):
            found |= self.ontology.negative.get((subject, prop), set())
            inverse = self.ontology.inverse.get(prop)
            if inverse is not None:
                found |= self.ontology.negative_sources.get((subject, inverse), set())
        return found

    @remembered
    def types(self, subject: URIRef) -> set[URIRef]:
        """Asserted classes of ``subject`` with their superclasses."""
        return self.ontology.with_superclasses(self.direct_types(subject))

    @remembered
    def direct_types(self, subject: URIRef) -> set[URIRef]:
        return {URIRef(t) for t in self._objects(subject, RDF.type) if isinstance(t, URIRef)}

    @remembered
    def is_known(self, subject: URIRef) -> bool:
        return next(self.match(subject), None) is not None

    def has_literal(self, text: str) -> bool:
        """Whether some fact has the plain string ``text`` as its value (an indexed lookup)."""
        if self._ox is not None:
            found = self._ox.quads_for_pattern(None, None, ox.Literal(text), _kb_node())
            return next(iter(found), None) is not None
        return next(iter(self.graph.subjects(None, Literal(text))), None) is not None

    def in_literal(self, text: str) -> bool:
        """Whether the words of ``text`` stand, in order, inside a string value of the KB that
        is not a name ("Alester Ave" in the address "200 Alester Ave"): a thing the KB spells
        out as part of a value, not one it lacks. A word index of the KB's short string
        values, built on first use."""
        words = value_words(text)
        if not words or len(words) > _MAX_GRAM:
            return False
        return words in self._string_index().grams

    def owners_of_words(self, words: tuple[str, ...]) -> tuple[tuple[URIRef, URIRef], ...]:
        """The (subject, property) pairs whose string value has these words, compared as
        :func:`~kgcheck.kb.normalize.value_words` ("611 Ames Avenue" finds the place whose
        address is "611 Ames Ave")."""
        return self._string_index().owners.get(words, ())

    def one_string_each(self, predicate: URIRef) -> bool:
        """Whether no subject holds two string values of ``predicate`` (a telephone number,
        an address written as text): each such value names its one owner's, as a declared
        ``owl:FunctionalProperty``'s does."""
        return predicate not in self._string_index().several

    def _string_index(self) -> _StringIndex:
        with self._lock:
            if self._strings is None:
                self._strings = self._index_strings()
            return self._strings

    def _index_strings(self) -> _StringIndex:
        """The word n-grams of the KB's short string values that are not names, each whole
        value's owners, and, from the same pass (one read of every string value, minutes on a
        large KB on an endpoint), a sample of each property's values and every value written
        as an identifier."""
        grams: set[tuple[str, ...]] = set()
        owners: dict[tuple[str, ...], list[tuple[URIRef, URIRef]]] = {}
        held: dict[tuple[Node, Node], tuple[str, ...]] = {}
        several: set[URIRef] = set()
        sample: dict[URIRef, list[str]] = {}
        codes: list[tuple[Node, URIRef, str]] = []
        for subject, pred, text in self._string_values():
            some = sample.setdefault(pred, [])
            if len(some) < STRING_SAMPLE:
                some.append(text)
            if is_code(text):
                codes.append((subject, pred, text))
            words = value_words(text)
            if not words or len(words) > _MAX_LITERAL_WORDS:
                continue
            owners.setdefault(words, []).extend(self.shapes.owners(subject, pred))
            if held.setdefault((subject, pred), words) != words:
                several.add(pred)
            for n in range(1, min(_MAX_GRAM, len(words)) + 1):
                grams.update(tuple(words[i : i + n]) for i in range(len(words) - n + 1))
            # a web address names what it is the site of: "Netflix" of "NETFLIX.COM"
            grams.update((found[1],) for w in words if (found := _SITE.fullmatch(w)) is not None)
        return _StringIndex(
            frozenset(grams),
            {k: tuple(v) for k, v in owners.items()},
            frozenset(several),
            sample,
            tuple(codes),
        )

    def string_sample(self) -> tuple[dict[URIRef, list[str]], tuple[tuple[Node, URIRef, str], ...]]:
        """Up to ``STRING_SAMPLE`` string values of each property (in the KB's order) and every
        ``(subject, property, value)`` whose value is written as an identifier
        (:func:`~kgcheck.values.codes.is_code`): what tells the forms of a property's values,
        read in the pass that builds the word index."""
        found = self._string_index()
        return found.sample, found.codes

    def string_values(self) -> Iterator[tuple[Node, URIRef, str]]:
        """``(subject, predicate, text)`` of every plain or language-tagged string value that
        is not a name."""
        return self._string_values()

    def _string_values(self) -> Iterator[tuple[Node, URIRef, str]]:
        """``(subject, predicate, text)`` of every plain or language-tagged string value that is
        not a name (names have the label index)."""
        if self._ox is not None and self.remote is None:
            # straight from Oxigraph: only the string values become rdflib terms
            for q in self._ox.quads_for_pattern(None, None, None, _kb_node()):
                obj, pred = q.object, q.predicate.value
                if (
                    not isinstance(obj, ox.Literal)
                    or obj.datatype.value not in _OX_STRING_TYPES
                    or pred in LABEL_PREDICATES
                ):
                    continue
                subject = q.subject
                if isinstance(subject, ox.NamedNode):
                    yield URIRef(subject.value), URIRef(pred), obj.value
                elif isinstance(subject, ox.BlankNode):
                    yield BNode(subject.value), URIRef(pred), obj.value
            return
        names = {URIRef(p) for p in LABEL_PREDICATES}
        triples: Iterable[tuple[Node, Node, Node]] = self.graph
        if self.remote is not None:  # one query, not every triple of the endpoint
            triples = chain(
                self.remote.local,
                self.remote.string_values(LABEL_PREDICATES, _MAX_LITERAL_CHARS),
            )
        for node, predicate, value in triples:
            if (
                isinstance(value, Literal)
                and value.datatype in _STRING_TYPES
                and isinstance(predicate, URIRef)
                and predicate not in names
            ):
                yield node, predicate, str(value)

    def owners_of_name_values(self, words: tuple[str, ...]) -> tuple[tuple[URIRef, URIRef], ...]:
        """The (subject, property) pairs whose value is a node named with these words (an
        address node labelled "200 Alester Ave": :attr:`~kgcheck.kb.shapes.DataShapes.name_values`).
        Kept apart from :meth:`owners_of_words`: a name is a value only where a value is
        expected (a stretch stated of something, a description of a thing by its kind: "the
        nearest chinese restaurant"), never a name of the thing that has it."""
        with self._lock:
            if self._name_owners is None:
                index: dict[tuple[str, ...], list[tuple[URIRef, URIRef]]] = {}
                for node, owners in self.shapes.name_values.items():
                    for label in self._names_of(node):
                        index.setdefault(value_words(label), []).extend(owners)
                self._name_owners = {k: tuple(v) for k, v in index.items()}
            return self._name_owners.get(words, ())

    def _names_of(self, node: Node) -> list[str]:
        return [str(o) for p in LABEL_PREDICATES for o in self._objects(node, URIRef(p))]

    def value_words_of(self, value: Node) -> set[tuple[str, ...]]:
        """The words a value is stated in: a literal's, or each name of a node whose names are
        its value (:attr:`~kgcheck.kb.shapes.DataShapes.name_values`)."""
        if isinstance(value, Literal):
            return {value_words(str(value))}
        if value in self.shapes.name_values:
            return {value_words(n) for n in self._names_of(value)}
        return {value_words(str(value))}

    def instances(self, cls_: URIRef) -> Iterator[Node]:
        return self._subjects(RDF.type, cls_)

    @remembered
    def some_instances(self, cls_: URIRef, n: int) -> list[Node]:
        """The first ``n`` members of ``cls_``, in the store's order (enough to tell whether a
        class has more than ``n - 1``)."""
        return list(islice(self._subjects(RDF.type, cls_), n))

    def some_objects(self, prop: URIRef, n: int) -> list[Node]:
        """Up to ``n`` values of ``prop``, in the store's order: a sample that costs ``n``
        values on an endpoint too (``graph.objects(None, prop)`` there reads them all)."""
        if self.remote is not None:
            return [row["o"] for row in self.remote.some_objects(prop, n)]
        return list(islice(self.graph.objects(None, prop), n))

    def is_person(self, subject: URIRef) -> bool:
        return any(self.ontology.is_person_class(t) for t in self.direct_types(subject))

    def gender(self, subject: URIRef) -> str | None:
        for pred in _GENDER_PREDICATES:
            value = self.graph.value(subject, pred)
            if value is not None:
                text = str(value).rsplit("/", 1)[-1].casefold()
                if text in {"female", "f", "woman"}:
                    return "female"
                if text in {"male", "m", "man"}:
                    return "male"
        return None

    # naming -----------------------------------------------------------------------------

    def label(self, term: Node) -> str:
        """A human-readable name for a term: its display label, else its literal or local name."""
        if isinstance(term, Literal):
            return str(term)
        parts = self.shapes.parts.get(term)
        if parts:  # a structure node: its parts ("14 Knaresborough Road, Harrogate, HG2 7LU")
            return ", ".join(str(p) for p in parts)
        if isinstance(term, URIRef):
            shown = self.labels.display(str(term))
            if shown is not None:
                return shown
            for pred in (SKOS.prefLabel, RDFS.label):
                value = self.graph.value(term, pred)
                if value is not None:
                    return str(value)
            return self.ontology.label(term)
        return str(term)

    def verbalise(self, subject: Node, predicate: URIRef, obj: Node) -> str:
        """A short English sentence for a triple, e.g. ``"Amira Patel works in Cardiology."``"""
        subj = self.label(subject)
        if predicate == RDF.type and isinstance(obj, URIRef):
            noun = self.ontology.label(obj)
            article = "an" if noun[:1].lower() in "aeiou" else "a"
            return f"{subj} is {article} {noun}."
        phrase = self._phrase(predicate)
        shown = self.value_text(predicate, obj)
        if isinstance(obj, Literal) and obj.datatype == XSD.boolean and " " in phrase:
            # a yes-or-no verb phrase: "Fitzroy is not wheelchair accessible.", "X does not
            # allow dogs.", not "X be wheelchair accessible false."
            yes = obj.toPython() is True
            head, *rest = phrase.split()
            if head == "be":
                return f"{subj} {'is' if yes else 'is not'} {' '.join(rest)}."
            return f"{subj} {_third_person(phrase) if yes else 'does not ' + phrase}."
        if self.ontology.is_nominal(predicate, phrase):
            return f"The {phrase} of {subj} is {shown}."
        return f"{subj} {_third_person(phrase)} {shown}."

    def value_text(self, predicate: URIRef, obj: Node) -> str:
        """``obj`` as a reply would write it: an entity by its label, a literal with the
        property's ``kgc:unit`` ("$12.00", "48.5 km"), so that a model comparing the KB's
        sentence with the reply's compares like with like."""
        if isinstance(obj, Literal):
            return written(obj, self.ontology.unit.get(predicate))
        return self.label(obj)

    def _phrase(self, predicate: URIRef) -> str:
        """The form that reads best in a sentence: the one the property's label inflects
        ("works in" -> "work in"), else the shortest (hand-written forms, else derived ones)."""
        forms = sorted(self.ontology.forms(predicate), key=lambda f: (len(f), f))
        label = self.ontology.labels.get(predicate)
        if label is not None:
            for form in forms:
                if label in (form, _third_person(form)):
                    return form
        return forms[0] if forms else self.ontology.label(predicate)

    def scratch(self, quads: Iterable[ox.Quad]) -> AbstractContextManager[ox.Store]:
        """An Oxigraph store holding the KB (graph ``<urn:kgcheck:kb>``) and ``quads`` until the
        block ends, private to the caller: the KB's own store is never written, and threads
        holding scratch stores at once never see each other's quads (:mod:`kgcheck.kb.scratch`).

        Usage::

            with kb.scratch(turn_quads) as store:
                store.query(sparql, default_graph=[...], named_graphs=[...])

        Raises:
            ValueError: a quad is in the default graph or in a graph the KB's store holds.
        """
        return self._scratch.lend(quads)

    def sparql(self, query: str) -> object:
        """Run a SPARQL query against the KB (the KB graph is the default graph); a KB on an
        endpoint answers a SELECT's rows as ``{variable: term}``."""
        if self.remote is not None:
            return self.remote.select(query)
        if self._ox is not None:
            return self._ox.query(query, default_graph=_kb_node())
        return self.graph.query(query)


#: String values of at most this many words are indexed for :meth:`KnowledgeBase.in_literal`,
#: and names of at most ``_MAX_GRAM`` words looked up in them.
_MAX_LITERAL_WORDS = 16
#: Longer string values are not asked of an endpoint for the word index (16 words fit).
_MAX_LITERAL_CHARS = 256
#: Values of a transitive property followed at most this far (a cycle or a deep chain ends).
_MAX_TRANSITIVE = 256
_MAX_GRAM = 6
#: A web address as a value's word ("netflix.com", "www.tesco.co.uk"): the name of the site.
#: Where a value stated in pieces breaks: a comma, or "in" before a place ("41 Dorp Street in
#: Stellenbosch").
_PIECE_BREAK = re.compile(r",|\s+in\s+(?=[A-Z0-9])")
_SITE = re.compile(r"(?:www\.)?([a-z0-9-]+)(?:\.[a-z]{2,6}){1,2}")
_STRING_TYPES = frozenset({None, XSD.string})
#: The same, as Oxigraph names them (a language-tagged string is an ``rdf:langString``).
_OX_STRING_TYPES = frozenset({str(XSD.string), str(RDF.langString)})
#: String values read per property for :meth:`KnowledgeBase.string_sample`: enough to tell
#: their form, few enough for a large KB.
STRING_SAMPLE = 200


class _StringIndex(NamedTuple):
    """The word n-grams of the KB's short string values, each whole value's (subject,
    property), the properties some subject holds two such values of; a sample of each
    property's values and the values written as identifiers."""

    grams: frozenset[tuple[str, ...]]
    owners: dict[tuple[str, ...], tuple[tuple[URIRef, URIRef], ...]]
    several: frozenset[URIRef]
    sample: dict[URIRef, list[str]]
    codes: tuple[tuple[Node, URIRef, str], ...]


@dataclass(frozen=True, slots=True)
class QualifiedValue:
    """A value of a qualified statement: ``subject pointer node . node predicate value``,
    with the named things the node names beside it (``beside``: its days of the week)."""

    value: Node
    beside: frozenset[URIRef]
    node: Node
    pointer: URIRef
    #: The period the value is a rate per, by the unit stated beside it and its currency
    #: (``schema:unitCode "DAY"`` beside a price: per day); ``None`` when none is.
    per: str | None = None
    #: The currency stated beside the value (``schema:priceCurrency "EUR"``).
    currency: str | None = None
    #: Whether the statement points at the subject (``node pointer subject``: a relation
    #: node, :attr:`~kgcheck.kb.shapes.DataShapes.relations`), not the subject at it.
    inverse: bool = False


#: Predicates that open and close the period a node's statement holds in.
VALID_FROM = frozenset({"https://schema.org/validFrom", "http://schema.org/validFrom"})
VALID_THROUGH = frozenset({"https://schema.org/validThrough", "http://schema.org/validThrough"})

_INDEX_FILE = "kgcheck-labels.json"
_INDEX_VERSION = 17


@dataclass(frozen=True, slots=True)
class _IndexCache:
    """The label index and the shapes of the values, saved beside an on-disk store, valid for
    one set of sources."""

    path: Path
    fingerprint: str


def _read_cache(cache: _IndexCache) -> dict[str, Any] | None:
    """What was saved, when it was saved for the same sources by this version.

    It is plain JSON, so a damaged or foreign file costs a rebuild, never code execution.
    """
    try:
        with cache.path.open("rb") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    if (
        not isinstance(data, dict)
        or data.get("version") != _INDEX_VERSION
        or data.get("fingerprint") != cache.fingerprint
    ):
        return None
    return data


def _load_index(data: dict[str, Any], fuzzy_min_length: int) -> LabelIndex | None:
    """The saved label index, when it was built with the same settings."""
    try:
        if data["index"]["fuzzy_min_length"] != fuzzy_min_length:
            return None
        return LabelIndex.from_json(data["index"])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None


def _cached_shapes(data: dict[str, Any] | None) -> DataShapes | None:
    """The saved shapes of the values, if any could be read."""
    if data is None or "shapes" not in data:
        return None
    try:
        return DataShapes.from_json(data["shapes"])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None


def _save_index(cache: _IndexCache, index: LabelIndex, shapes: DataShapes) -> None:
    """Write the index and the shapes atomically; a failure only costs the next open a
    rebuild."""
    tmp = cache.path.with_suffix(".tmp")
    data = {
        "version": _INDEX_VERSION,
        "fingerprint": cache.fingerprint,
        "index": index.to_json(),
        "shapes": shapes.to_json(),
    }
    try:
        with tmp.open("w", encoding="utf-8") as fh:
            json.dump(data, fh, separators=(",", ":"))
        os.replace(tmp, cache.path)
    except OSError as exc:
        log.warning("could not save the label index to %s: %s", cache.path, exc)


def _kb_node() -> ox.NamedNode:
    return _KB_NODE


def _third_person(phrase: str) -> str:
    """Lemma form to third person singular: "work in" -> "works in", "be led by" -> "is led by"."""
    words = phrase.split()
    if not words:
        return phrase
    head = words[0]
    if head == "be":
        head = "is"
    elif head == "have":
        head = "has"
    elif head in {"can", "will", "may", "must", "should"}:
        pass
    elif head.endswith(("s", "sh", "ch", "x", "z")):
        head += "es"
    elif head.endswith("y") and len(head) > 1 and head[-2] not in "aeiou":
        head = head[:-1] + "ies"
    else:
        head += "s"
    return " ".join([head, *words[1:]])
