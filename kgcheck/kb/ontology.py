"""The ontology view: what the schema says about properties and classes, read once at load."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field, replace

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS
from rdflib.term import Node

from kgcheck.kb.normalize import normalize
from kgcheck.kb.phrasings import Phrasing, derive, name_words, participle, telling_words
from kgcheck.kb.profiles import profile_facts
from kgcheck.kb.shapes import DataShapes, value_classes
from kgcheck.kb.wikibase import entity_of
from kgcheck.nlp.literals import NUMERIC_TYPES
from kgcheck.values.currency import bare_dollar, is_iso_currency
from kgcheck.values.durations import DURATION_TYPES
from kgcheck.values.quantities import MONEY_NOUNS, canonical_unit, split_rate, unit_in_text
from kgcheck.vocab import KGC

__all__ = ["OntologyView"]

#: A label or description that says its property counts something ("Number of bags",
#: "how many nights"): a count, whatever money it names after.
_COUNTING = re.compile(r"\s*(?:the\s+)?(?:(?:total\s+)?number\s+of|count\s+of|how\s+many)\b", re.I)

_PERSON_CLASSES = {
    URIRef("http://xmlns.com/foaf/0.1/Person"),
    URIRef("https://schema.org/Person"),
    URIRef("http://schema.org/Person"),
}


_XSD = "http://www.w3.org/2001/XMLSchema#"
_DATE_TYPES = frozenset(
    URIRef(_XSD + t) for t in ("date", "dateTime", "gYear", "gYearMonth", "dateTimeStamp")
)


def _one_family(types: set[Node | None] | set[URIRef | None]) -> bool:
    """Whether the datatypes of a property's values say what it holds: one datatype, or dates
    and date-times (a start date kept as ``xsd:date`` for runs and ``xsd:dateTime`` for
    concerts)."""
    if None in types or not types:
        return False
    return len(types) == 1 or {URIRef(str(t)) for t in types} <= _DATE_TYPES


_PROPERTY_TYPES = (
    RDF.Property,
    OWL.ObjectProperty,
    OWL.DatatypeProperty,
    OWL.FunctionalProperty,
    OWL.InverseFunctionalProperty,
    OWL.TransitiveProperty,
    OWL.SymmetricProperty,
)
_AUXILIARIES = frozenset({"be", "have", "can", "will", "may", "must", "do", "get"})
_PREPOSITIONS = frozenset(
    {"in", "at", "on", "to", "of", "by", "for", "from", "with", "into", "out", "as", "under"}
)


def _true(value: Node | None) -> bool:
    return isinstance(value, Literal) and bool(value.toPython()) is True


@dataclass
class OntologyView:
    """Property and class axioms, indexed for constant-time lookup."""

    functional: set[URIRef] = field(default_factory=set)
    inverse: dict[URIRef, URIRef] = field(default_factory=dict)
    symmetric: set[URIRef] = field(default_factory=set)
    domain: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    range: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    superclasses: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    disjoint: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    negative: dict[tuple[URIRef, URIRef], set[Node]] = field(
        default_factory=lambda: defaultdict(set)
    )
    #: The same, object first: ``(target, property) -> sources``.
    negative_sources: dict[tuple[Node, URIRef], set[URIRef]] = field(
        default_factory=lambda: defaultdict(set)
    )
    lexical_forms: dict[URIRef, list[str]] = field(default_factory=lambda: defaultdict(list))
    closed_world: set[URIRef] = field(default_factory=set)
    complete: set[URIRef] = field(default_factory=set)
    tolerance: dict[URIRef, float] = field(default_factory=dict)
    unit: dict[URIRef, str] = field(default_factory=dict)
    class_labels: dict[str, URIRef] = field(default_factory=dict)
    labels: dict[URIRef, str] = field(default_factory=dict)
    #: Declared properties (typed as one, or with a domain, range, form or super-property).
    properties: set[URIRef] = field(default_factory=set)
    datatype_properties: set[URIRef] = field(default_factory=set)
    transitive: set[URIRef] = field(default_factory=set)
    #: ``rdfs:subPropertyOf``, closed: every super-property of a property, and the converse.
    super_properties: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    sub_properties: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    #: Every phrasing of each property: its ``kgc:lexicalForm``s, then those derived from its
    #: label and local name (see :mod:`kgcheck.kb.phrasings`).
    phrasings: dict[URIRef, list[Phrasing]] = field(default_factory=lambda: defaultdict(list))
    #: Forms that name their property as a noun ("city", "home port").
    nominal: set[tuple[URIRef, str]] = field(default_factory=set)
    #: Predicates the data uses that no ontology declares (read as properties all the same).
    undeclared: set[URIRef] = field(default_factory=set)
    #: Properties whose forms all come from a vocabulary profile (:mod:`kgcheck.kb.profiles`).
    profile_formed: set[URIRef] = field(default_factory=set)
    #: Numeric properties priced in a currency the KB does not name: their label or
    #: description names money ("price", "fare"; :data:`~kgcheck.values.quantities.MONEY_NOUNS`).
    money: set[URIRef] = field(default_factory=set)
    #: Numeric properties with no unit whose label or description says they count something
    #: ("Number of UK texts included each month"): no amount of money or measure is theirs.
    counts: set[URIRef] = field(default_factory=set)
    #: Derived phrasings left out because they are also the name of a class or an entity:
    #: ``(property, phrasing, what it names)``.
    dropped: list[tuple[URIRef, str, str]] = field(default_factory=list)
    #: ``kgc:precedes``: a property whose value comes before another's (a start and its end,
    #: an opening time and its closing time), from the KB or a vocabulary profile.
    precedes: dict[URIRef, set[URIRef]] = field(default_factory=lambda: defaultdict(set))
    #: The entity a property is named on (a Wikibase property entity for its ps: term): its
    #: name is the property's own, not another thing's.
    named_by: dict[URIRef, URIRef] = field(default_factory=dict)

    @classmethod
    def from_graph(
        cls, graph: Graph, *, lexical_forms: bool = True, shapes: DataShapes | None = None
    ) -> OntologyView:
        """The view of ``graph``'s schema; ``lexical_forms`` false reads the ontology as if it
        had no ``kgc:lexicalForm`` (the self-test of an ontology without hand-written forms).
        With the ``shapes`` of its data, the predicates the data uses are properties even where
        the ontology does not declare them (phrased from their local names, their range the
        datatype of their values), and a unit stated beside every value of a property is its
        unit unless ``kgc:unit`` says otherwise (:mod:`kgcheck.kb.shapes`)."""
        view = cls()
        for prop in graph.subjects(RDF.type, OWL.FunctionalProperty):
            view.functional.add(URIRef(str(prop)))
        for prop in graph.subjects(RDF.type, OWL.SymmetricProperty):
            view.symmetric.add(URIRef(str(prop)))
        for a, b in graph.subject_objects(OWL.inverseOf):
            view.inverse[URIRef(str(a))] = URIRef(str(b))
            view.inverse[URIRef(str(b))] = URIRef(str(a))
        for prop, cls_ in graph.subject_objects(RDFS.domain):
            view.domain[URIRef(str(prop))].add(URIRef(str(cls_)))
        for prop, cls_ in graph.subject_objects(RDFS.range):
            view.range[URIRef(str(prop))].add(URIRef(str(cls_)))
        direct: dict[URIRef, set[URIRef]] = defaultdict(set)
        for sub, sup in graph.subject_objects(RDFS.subClassOf):
            if isinstance(sup, URIRef):
                direct[URIRef(str(sub))].add(sup)
        for cls_ in list(direct):
            view.superclasses[cls_] = _closure(cls_, direct)
        for a, b in graph.subject_objects(OWL.disjointWith):
            view.disjoint[URIRef(str(a))].add(URIRef(str(b)))
            view.disjoint[URIRef(str(b))].add(URIRef(str(a)))
        for npa in graph.subjects(RDF.type, OWL.NegativePropertyAssertion):
            source = graph.value(npa, OWL.sourceIndividual)
            asserted = graph.value(npa, OWL.assertionProperty)
            target: Node | None = graph.value(npa, OWL.targetIndividual) or graph.value(
                npa, OWL.targetValue
            )
            if isinstance(source, URIRef) and isinstance(asserted, URIRef) and target is not None:
                view.negative[(source, asserted)].add(target)
                view.negative_sources[(target, asserted)].add(source)
        for prop, form in graph.subject_objects(KGC.lexicalForm) if lexical_forms else ():
            view.lexical_forms[URIRef(str(prop))].append(str(form))
        for cls_, flag in graph.subject_objects(KGC.closedWorld):
            if _true(flag):
                view.closed_world.add(URIRef(str(cls_)))
        for prop, flag in graph.subject_objects(KGC.complete):
            if _true(flag):
                view.complete.add(URIRef(str(prop)))
        for prop, value in graph.subject_objects(KGC.tolerance):
            view.tolerance[URIRef(str(prop))] = float(str(value))
        for prop, value in graph.subject_objects(KGC.unit):
            view.unit[URIRef(str(prop))] = str(value)
        classes = set(graph.subjects(RDF.type, OWL.Class)) | set(
            graph.subjects(RDF.type, RDFS.Class)
        )
        # a label two classes share names the first by its label, then by its IRI: the same
        # class in every process (a set's order follows the hash seed)
        named = sorted(c for c in classes if isinstance(c, URIRef))
        for pred in (RDFS.label, SKOS.prefLabel, SKOS.altLabel):
            for cls_ in named:
                for label in sorted(graph.objects(cls_, pred), key=str):
                    key = normalize(str(label), drop_titles=False)
                    if key:
                        view.class_labels.setdefault(key, cls_)
                        if pred != SKOS.altLabel:
                            view.labels.setdefault(cls_, str(label))
        view._read_properties(graph)
        if shapes is not None:
            view._adopt(shapes, graph, lexical_forms=lexical_forms)
        for prop in view.properties:
            prop_label = graph.value(prop, RDFS.label) or graph.value(prop, SKOS.prefLabel)
            entity = entity_of(graph, prop) if prop_label is None else None
            if entity is not None:
                # a Wikibase term (ps:P1174) is named on its property entity (wd:P1174)
                prop_label = graph.value(entity, RDFS.label) or graph.value(entity, SKOS.prefLabel)
                view.named_by[prop] = entity
            if prop_label is not None:
                view.labels.setdefault(prop, str(prop_label))
        view._described_units(graph)
        view._phrase_properties()
        return view

    def _described_units(self, graph: Graph) -> None:
        """A numeric property with no unit takes the one its description names ("Temperature
        in Fahrenheit", "Percentage humidity": :func:`~kgcheck.values.quantities.unit_in_text`);
        one whose label, local name or description names money is priced (``money``)."""
        for prop in self.properties:
            if prop in self.unit or not {str(r) for r in self.range.get(prop, ())} & NUMERIC_TYPES:
                continue
            label = self.labels.get(prop, "")
            comment = " ".join(str(c) for c in graph.objects(prop, RDFS.comment))
            rate = split_rate(label)
            if rate is not None:
                # "points per pound": a rate is of what its label and description name before
                # "per"; the unit after it is what it is per, not its own
                label, comment = rate[0], (split_rate(comment) or (comment,))[0]
            unit = unit_in_text(comment) if comment else None
            if unit is not None:
                self.unit[prop] = unit
                continue
            if _COUNTING.match(label) or _COUNTING.match(comment):
                # "Number of deliveries a month with no delivery fee": a count
                self.counts.add(prop)
                continue
            words = set(re.findall(r"[a-z]+", f"{label} {comment}".lower()))
            words |= {w.lower() for w in re.findall(r"[A-Za-z][a-z]*", _local_name(prop))}
            if words & MONEY_NOUNS:
                self.money.add(prop)

    def _read_properties(self, graph: Graph) -> None:
        """Declared properties, their kinds and ``rdfs:subPropertyOf`` closed both ways."""
        for kind in _PROPERTY_TYPES:
            for prop in graph.subjects(RDF.type, kind):
                if isinstance(prop, URIRef):
                    self.properties.add(prop)
        for prop in graph.subjects(RDF.type, OWL.DatatypeProperty):
            if isinstance(prop, URIRef):
                self.datatype_properties.add(prop)
        for prop in graph.subjects(RDF.type, OWL.TransitiveProperty):
            if isinstance(prop, URIRef):
                self.transitive.add(prop)
        direct: dict[URIRef, set[URIRef]] = defaultdict(set)
        for sub, sup in graph.subject_objects(RDFS.subPropertyOf):
            if isinstance(sub, URIRef) and isinstance(sup, URIRef) and sub != sup:
                direct[sub].add(sup)
                self.properties.update((sub, sup))
        for prop in list(direct):
            for sup in _closure(prop, direct) - {prop}:
                self.super_properties[prop].add(sup)
                self.sub_properties[sup].add(prop)
        for first, then in graph.subject_objects(KGC.precedes):
            if isinstance(first, URIRef) and isinstance(then, URIRef):
                self.precedes[first].add(then)
        self.properties.update(self.lexical_forms, self.domain, self.range, self.inverse)
        self.properties.discard(RDF.type)

    def _adopt(self, shapes: DataShapes, graph: Graph, *, lexical_forms: bool) -> None:
        """The predicates the data uses that no ontology declares, kgcheck's annotations of
        the well-known ones (:mod:`kgcheck.kb.profiles`) where the KB has none of their kind,
        and the units the data states beside values."""
        written: dict[tuple[URIRef, URIRef], bool] = {}
        # a phrase the KB's author gave one of their own properties is theirs: the profile's
        # same phrase for another term is left out ("weigh" of ex:bagWeight, not schema:weight)
        own_forms = {f.lower() for forms in self.lexical_forms.values() for f in forms}
        for prop, annotation, value in profile_facts(shapes.used):
            key = (prop, annotation)
            if key not in written:  # the KB's own statement of this kind wins
                written[key] = (prop, annotation, None) in graph
            if written[key] and annotation != RDF.type:
                continue
            if annotation == RDF.type and value == OWL.FunctionalProperty:
                self.functional.add(prop)
            elif annotation == RDFS.label:
                self.labels.setdefault(prop, str(value))
            elif annotation == RDFS.range and isinstance(value, URIRef):
                self.range[prop].add(value)
            elif annotation == KGC.lexicalForm and lexical_forms:
                if str(value).lower() not in own_forms:
                    self.lexical_forms[prop].append(str(value))
                    self.profile_formed.add(prop)
            elif annotation == KGC.unit:
                self.unit.setdefault(prop, str(value))
            elif annotation == KGC.precedes and isinstance(value, URIRef):
                self.precedes[prop].add(value)
        for prop, types in shapes.used.items():
            if prop in self.properties:
                if prop in shapes.valued and not self.is_datatype_property(prop):
                    # declared as pointing at nodes, and every node is a value (rdf:value)
                    self.datatype_properties.add(prop)
                    self.range[prop] = {URIRef(str(t)) for t in types if t is not None}
                elif _one_family(types) and not self.range.get(prop):
                    # declared with no range (phrasings for schema:duration): the datatype of
                    # its values is what it holds (dates and date-times: a start date)
                    self.datatype_properties.add(prop)
                    self.range[prop].update(URIRef(str(t)) for t in types)
                continue
            self.properties.add(prop)
            self.undeclared.add(prop)
            if None not in types:
                self.datatype_properties.add(prop)
                if _one_family(types) and not self.range.get(prop):
                    self.range[prop].update(URIRef(str(t)) for t in types)
            elif not self.range.get(prop):
                # the one class all its values share: a closed set of conditions, a kind
                found = value_classes(graph, prop, shapes.node_values.get(prop, []), shapes)
                if len(found) == 1 and isinstance(cls_ := next(iter(found)), URIRef):
                    self.range[prop].add(cls_)
        for prop, unit in shapes.units.items():
            self.unit.setdefault(prop, unit)

    def _phrase_properties(self) -> None:
        """Each property's phrasings: its hand-written forms, the passive of a hand-written
        transitive verb, and (for a property without forms) those its label and local name
        give. A derived phrasing that repeats a hand-written form or a class label is dropped:
        the hand-written reading is trusted over it."""
        written = {f.lower() for forms in self.lexical_forms.values() for f in forms}
        taken = written | set(self.class_labels)
        moved: dict[URIRef, list[Phrasing]] = defaultdict(list)
        for prop in sorted(self.properties):
            forms = self.lexical_forms.get(prop, [])
            out = [Phrasing(f) for f in dict.fromkeys(forms)]
            datatype = self.is_datatype_property(prop)
            dated = bool(self.range.get(prop, set()) & _DATE_TYPES)
            names = [self.labels.get(prop, ""), _local_name(prop)]
            derived = [
                p
                for name in dict.fromkeys(n for n in names if n)
                for p in derive(name, datatype=datatype, dated=dated)
            ]
            for phrasing in derived:
                if phrasing.nominal and not phrasing.inverse:
                    self.nominal.add((prop, phrasing.text))
            if forms and prop not in self.profile_formed:
                # hand-written forms override the derived ones, bar the passive (a profile's
                # forms for a term the KB names do not: the KB's own label still phrases it)
                inverse = self.inverse.get(prop)
                derived = []
                if not datatype and not (inverse and self.lexical_forms.get(inverse)):
                    derived = [
                        Phrasing(f"be {participle(f)} by", inverse=True, derived=True)
                        for f in forms
                        if len(f.split()) == 1
                        and f not in _AUXILIARIES
                        and (prop, f) not in self.nominal
                    ]
            inverse_of = self.inverse.get(prop)
            for phrasing in derived:
                if phrasing.inverse and inverse_of is not None:
                    # a declared inverse says it directly: "the leader of T is S" is T ledBy S
                    moved[inverse_of].append(replace(phrasing, inverse=False))
                    if phrasing.nominal:
                        self.nominal.add((inverse_of, phrasing.text))
                elif phrasing.text in self.class_labels:
                    cls_ = self.class_labels[phrasing.text]
                    self.dropped.append((prop, phrasing.text, f"the class <{cls_}>"))
                elif phrasing.text not in taken and phrasing not in out:
                    out.append(phrasing)
            self.phrasings[prop] = out
        for prop, found in moved.items():
            own = self.phrasings[prop]
            own.extend(p for p in found if p.text not in taken and p not in own)
        for prop, words in telling_words(self._noun_labels()).items():
            for word in words:
                if word in taken or word in self.class_labels:
                    continue
                telling = Phrasing(word, derived=True, nominal=True)
                if telling not in self.phrasings[prop]:
                    self.phrasings[prop].append(telling)
                    self.nominal.add((prop, word))

    def _noun_labels(self) -> dict[URIRef, list[str]]:
        """The words of each property named by a noun phrase of two words or more and given no
        ``kgc:lexicalForm`` ("annual attendance", "low temperature")."""
        out = {}
        for prop in self.properties:
            if self.lexical_forms.get(prop):
                continue
            name = self.labels.get(prop, "") or _local_name(prop)
            words = name_words(name)
            if len(words) >= 2 and (prop, " ".join(words)) in self.nominal:
                out[prop] = words
        return out

    def drop_phrasings(self, clashes: dict[str, str]) -> None:
        """Drop the derived phrasings that are keys of ``clashes`` (names of KB entities, each
        with the entity: a phrasing that is also a name would turn the name into a
        predicate)."""
        for prop, found in self.phrasings.items():
            kept = []
            for p in found:
                if (
                    p.derived
                    and p.text in clashes
                    and clashes[p.text] != str(self.named_by.get(prop))
                ):
                    self.dropped.append((prop, p.text, f"the entity <{clashes[p.text]}>"))
                else:
                    kept.append(p)
            self.phrasings[prop] = kept

    def forms(self, prop: URIRef) -> list[str]:
        """The forms that state ``prop`` with its subject first: its ``kgc:lexicalForm``s, else
        the phrasings derived from its label and local name."""
        found = self.lexical_forms.get(prop)
        if found:
            return list(found)
        return [p.text for p in self.phrasings.get(prop, ()) if not p.inverse]

    def with_superclasses(self, classes: set[URIRef]) -> set[URIRef]:
        out = set(classes)
        for cls_ in classes:
            out |= self.superclasses.get(cls_, set())
        return out

    def is_person_class(self, cls_: URIRef) -> bool:
        return bool(self.with_superclasses({cls_}) & _PERSON_CLASSES) or cls_ in _PERSON_CLASSES

    def disjoint_with(self, classes: set[URIRef]) -> dict[URIRef, URIRef]:
        """Classes disjoint with any of ``classes`` (closed upwards), each with its reason."""
        out: dict[URIRef, URIRef] = {}
        for cls_ in self.with_superclasses(classes):
            for other in self.disjoint.get(cls_, ()):
                out[other] = cls_
        return out

    def is_datatype_property(self, prop: URIRef) -> bool:
        ranges = self.range.get(prop, set())
        if not ranges:
            return prop in self.datatype_properties
        return all(str(r).startswith(_XSD) or r == RDFS.Literal for r in ranges)

    def is_nominal(self, prop: URIRef, form: str) -> bool:
        """Whether a lexical form names the property as a noun ("extension", "start date")
        rather than a verb phrase ("works in", "leads", "is in room").

        A form the property's label or local name reads as a noun is one ("home port" of an
        object property); a form of several words that opens with an auxiliary or ends with a
        preposition is a verb phrase; otherwise a form of a datatype property is a noun and one
        of an object property a verb ("lead").
        """
        words = form.split()
        if not words:
            return False
        if (prop, form) in self.nominal:  # "home port", "genre": never "X genres Y"
            return True
        if words[0] in _AUXILIARIES or (len(words) > 1 and words[-1] in _PREPOSITIONS):
            return False
        return self.is_datatype_property(prop)

    def label(self, term: URIRef) -> str:
        return self.labels.get(term) or _local_name(term)

    def dollar(self) -> str:
        """The currency a reply's bare dollar ("$75") is read as: the one dollar currency the
        properties' units name (AUD in a KB that prices in Australian dollars), else USD."""
        return bare_dollar(self.unit_of(p) for p in self.unit)

    def currencies(self) -> frozenset[str]:
        """The ISO 4217 currencies the properties' units name ("ZAR" of prices in rand): a
        reply's amounts are read in these as well as in dollars, euros and pounds."""
        return frozenset(
            u for p in self.unit if (u := self.unit_of(p)) is not None and is_iso_currency(u)
        )

    def unit_of(self, prop: URIRef) -> str | None:
        """The unit of ``prop``'s values as a reply's quantity writes it: its ``kgc:unit``;
        minutes for lengths of time (``xsd:duration``), which compare as numbers of minutes."""
        unit = canonical_unit(self.unit.get(prop))
        if unit is None and {str(r) for r in self.range.get(prop, ())} & DURATION_TYPES:
            return "minute"
        return unit


def _closure(start: URIRef, direct: dict[URIRef, set[URIRef]]) -> set[URIRef]:
    seen: set[URIRef] = set()
    todo = list(direct.get(start, ()))
    while todo:
        cls_ = todo.pop()
        if cls_ not in seen:
            seen.add(cls_)
            todo.extend(direct.get(cls_, ()))
    return seen


def _local_name(term: URIRef) -> str:
    text = str(term)
    for sep in ("#", "/", ":"):
        if sep in text:
            text = text.rsplit(sep, 1)[-1]
    return text
