"""What a property points at: the shapes users give their values, read as one.

The same fact is written in several shapes: a literal (``ex:valero ex:address "200 Alester
Ave"``), a node of its own with the parts of the value (``schema:address [ a
schema:PostalAddress ; schema:streetAddress "200 Alester Ave" ; schema:postalCode "94301" ]``),
a structured value (``schema:weight [ schema:value 15 ; schema:unitCode "KGM" ]``), an offer
that holds a price (``schema:offers [ schema:price 35 ; schema:priceCurrency "GBP" ]``). One
pass over the KB's triples (:func:`read_shapes`) finds

- **structure nodes**: nodes that something points at and that have no name of their own (no
  label predicate): they hold parts of a value, and their facts are read as facts of whatever
  points at them (the branch's street address, the event's price). Where one subject points at
  several through one property (opening hours per day, a price per season) they are qualified
  statements, true under their qualifiers only (``DataShapes.qualified``): each value is read
  with the nodes beside it (its days of the week);
- **value nodes**: structure nodes with an ``rdf:value``, ``schema:value`` or
  ``qudt:numericValue``: they stand for that value (the weight is 15);
- **units** stated beside a value (``schema:unitCode``, ``schema:unitText``,
  ``schema:priceCurrency``, ``qudt:unit``): when every value of a property states the same unit,
  that is the property's unit, as if it were declared with ``kgc:unit``;
- **the predicates the data uses**, with the datatypes of their literal values: a predicate
  nobody declared (``schema:telephone`` in a KB whose ontology only declares its own terms) is
  still a property, phrased from its local name.

Usage::

    shapes = read_shapes(graph)
    shapes.value_of[node]          # Literal(15)
    shapes.children[subject]       # the structure nodes it points at
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SOSA, XSD
from rdflib.term import Node

from kgcheck.kb.labels import LABEL_PREDICATES
from kgcheck.values.quantities import canonical_unit

__all__ = [
    "RECURRENCE_PREDICATES",
    "UNIT_PREDICATES",
    "VALUE_PREDICATES",
    "DataShapes",
    "read_shapes",
    "recurrence_of",
    "unit_of",
    "value_classes",
]

_SCHEMAS = ("https://schema.org/", "http://schema.org/")
#: Predicates whose object is the value a node stands for.
VALUE_PREDICATES = frozenset(
    {
        str(RDF.value),
        *(s + "value" for s in _SCHEMAS),
        "http://qudt.org/schema/qudt/numericValue",
        "http://qudt.org/schema/qudt/value",
    }
)
#: Predicates that give the unit of the value beside them.
UNIT_PREDICATES = frozenset(
    {
        *(s + name for s in _SCHEMAS for name in ("unitCode", "unitText", "priceCurrency")),
        "http://qudt.org/schema/qudt/unit",
        "http://qudt.org/schema/qudt/hasUnit",
    }
)
#: Predicates that say how often what a node states recurs (``"P14D"``: every 14 days).
RECURRENCE_PREDICATES = frozenset(s + "repeatFrequency" for s in _SCHEMAS)
#: UN/CEFACT common codes (schema.org's ``unitCode``) and QUDT unit names for the units the
#: checker converts.
_UNIT_CODES = {
    "KGM": "kg", "GRM": "g", "TNE": "t", "LBR": "lb", "MTR": "m", "KMT": "km", "CMT": "cm",
    "MMT": "mm", "SMI": "mile", "FOT": "ft", "INH": "in", "LTR": "l", "MLT": "ml", "MIN": "minute",
    "HUR": "hour", "DAY": "day", "WEE": "week", "MON": "month", "ANN": "year", "SEC": "second",
    "CEL": "C", "FAH": "F", "P1": "%", "MTK": "m2", "FTK": "sqft", "MTQ": "m3", "FTQ": "ft3",
    "KiloGM": "kg", "GM": "g", "M": "m", "KiloM": "km", "CentiM": "cm", "MilliM": "mm",
    "MI": "mile", "FT": "ft", "L": "l", "MilliL": "ml", "HR": "hour", "DEG_C": "C", "DEG_F": "F",
    "PERCENT": "%", "M3": "m3", "FT3": "ft3",
}  # fmt: skip
#: Predicates that describe the schema, names, comments and the genders pronouns are read
#: by: never facts of a value, nor properties of their own.
_NOT_FACTS = frozenset(
    {
        str(RDF.type), str(RDFS.comment), str(RDFS.seeAlso), str(OWL.sameAs),
        *LABEL_PREDICATES, *UNIT_PREDICATES, *(s + "gender" for s in _SCHEMAS),
        "http://xmlns.com/foaf/0.1/gender",
    }
)  # fmt: skip
_SCHEMA_NAMESPACES = (str(RDF), str(RDFS), str(OWL), "http://www.w3.org/ns/shacl#")


@dataclass
class DataShapes:
    """What :func:`read_shapes` found (see the module docstring)."""

    #: structure node -> the (subject, property) pairs that point at it (a subject may be a
    #: structure node itself: an offer's price specification)
    pointers: dict[Node, list[tuple[Node, URIRef]]] = field(default_factory=dict)
    #: subject -> the structure nodes it points at
    children: dict[Node, list[Node]] = field(default_factory=lambda: defaultdict(list))
    #: value node -> the literal it stands for
    value_of: dict[Node, Literal] = field(default_factory=dict)
    #: structure node -> its string values, in the order the store gives them
    parts: dict[Node, tuple[Literal, ...]] = field(default_factory=dict)
    #: property -> the one unit stated beside all its values (canonical, as ``kgc:unit``)
    units: dict[URIRef, str] = field(default_factory=dict)
    #: predicates the data uses -> the datatypes of their literal values (``None``: a node)
    used: dict[URIRef, set[URIRef | None]] = field(default_factory=lambda: defaultdict(set))
    #: properties whose every node value is a value node (read as the values' datatypes)
    valued: set[URIRef] = field(default_factory=set)
    #: property -> node values read outside its own triples (the results of SOSA observations)
    node_values: dict[URIRef, list[Node]] = field(default_factory=lambda: defaultdict(list))
    #: subject -> its qualified statements: the several nodes it points at through one
    #: property (opening hours per day), each with its facts, read only with their qualifiers
    qualified: dict[Node, list[tuple[Node, URIRef]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    #: named nodes with nothing but names (and classes, comments) that properties point at:
    #: their names are string values of those properties ("14 Knaresborough Road")
    name_values: dict[Node, list[tuple[URIRef, URIRef]]] = field(default_factory=dict)
    #: named thing -> the relation nodes that point at it, each with the property that does:
    #: nodes with no name that nothing points at, which tie named things together and hold a
    #: fact of them all (an offer of rubble by a recycling centre at £4; a one-way fee from one
    #: branch to another). Their facts are qualified statements of each thing they name, true
    #: beside the others.
    relations: dict[Node, list[tuple[Node, URIRef]]] = field(
        default_factory=lambda: defaultdict(list)
    )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (nodes as ``["u", iri]``, ``["b", id]`` or ``["l", text, datatype,
        language]``), for keeping beside an on-disk store (:meth:`from_json` reads it back)."""
        return {
            "pointers": [[_node_json(n), _pairs_json(v)] for n, v in self.pointers.items()],
            "children": [
                [_node_json(n), [_node_json(c) for c in v]] for n, v in self.children.items()
            ],
            "value_of": [[_node_json(n), _node_json(v)] for n, v in self.value_of.items()],
            "parts": [[_node_json(n), [_node_json(x) for x in v]] for n, v in self.parts.items()],
            "units": [[str(p), u] for p, u in self.units.items()],
            "used": [
                [str(p), sorted("" if d is None else str(d) for d in v)]
                for p, v in self.used.items()
            ],
            "valued": sorted(str(p) for p in self.valued),
            "node_values": [
                [str(p), [_node_json(n) for n in v]] for p, v in self.node_values.items()
            ],
            "qualified": [[_node_json(n), _pairs_json(v)] for n, v in self.qualified.items()],
            "relations": [[_node_json(n), _pairs_json(v)] for n, v in self.relations.items()],
            "name_values": [
                [_node_json(n), [[str(a), str(b)] for a, b in v]]
                for n, v in self.name_values.items()
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DataShapes:
        """The shapes :meth:`to_json` wrote.

        Raises:
            ValueError, KeyError, TypeError: ``data`` is not what :meth:`to_json` writes.
        """
        node, pairs = _node_from, _pairs_from  # short names: every line below uses them
        shapes = cls()
        shapes.pointers = {node(n): pairs(v) for n, v in data["pointers"]}
        shapes.children.update({node(n): [node(c) for c in v] for n, v in data["children"]})
        shapes.value_of = {node(n): _literal(node(v)) for n, v in data["value_of"]}
        shapes.parts = {node(n): tuple(_literal(node(x)) for x in v) for n, v in data["parts"]}
        shapes.units = {URIRef(p): str(u) for p, u in data["units"]}
        shapes.used.update(
            {URIRef(p): {URIRef(d) if d else None for d in v} for p, v in data["used"]}
        )
        shapes.valued = {URIRef(p) for p in data["valued"]}
        shapes.node_values.update({URIRef(p): [node(n) for n in v] for p, v in data["node_values"]})
        shapes.qualified.update({node(n): pairs(v) for n, v in data["qualified"]})
        shapes.relations.update({node(n): pairs(v) for n, v in data["relations"]})
        shapes.name_values = {
            node(n): [(URIRef(a), URIRef(b)) for a, b in v] for n, v in data["name_values"]
        }
        return shapes

    def owners(self, subject: Node, prop: URIRef) -> list[tuple[URIRef, URIRef]]:
        """Whom a fact of ``subject`` is about: ``subject`` itself, or, for a structure node,
        the things that point at it, through as many structure nodes as there are (with
        ``prop``, the property read through them)."""
        out: list[tuple[URIRef, URIRef]] = []
        todo, seen = [subject], set[Node]()
        while todo and len(seen) < _MAX_DEPTH:
            node = todo.pop()
            if node in seen:
                continue
            seen.add(node)
            if node in self.pointers:
                todo.extend(s for s, _ in self.pointers[node])
            elif isinstance(node, URIRef) and (node, prop) not in out:
                out.append((node, prop))
        return out


def read_shapes(graph: Graph) -> DataShapes:
    """The shapes of the values in ``graph`` (one pass, then a look at each node found)."""
    named: set[Node] = set()
    pointed: dict[Node, list[tuple[Node, URIRef]]] = defaultdict(list)
    units_of: dict[Node, str] = {}
    shapes = DataShapes()
    for s, p, o in graph:
        if not isinstance(p, URIRef):
            continue
        pred = str(p)
        if pred in LABEL_PREDICATES:
            named.add(s)
            continue
        if pred in UNIT_PREDICATES and isinstance(o, Literal | URIRef):
            unit = _unit(o)
            if unit is not None:
                units_of[s] = unit
            continue
        if pred in _NOT_FACTS or pred.startswith(_SCHEMA_NAMESPACES) or pred.startswith(_KGC):
            continue
        shapes.used[p].add(o.datatype or XSD.string if isinstance(o, Literal) else None)
        if isinstance(o, URIRef | BNode) and isinstance(s, URIRef | BNode) and o != s:
            pointed[o].append((s, p))
    facts: dict[Node, list[tuple[URIRef, Node]]] = {}
    candidates: list[tuple[Node, list[tuple[Node, URIRef]]]] = []
    for node, by in pointed.items():
        if node in named:
            # a thing of its own; with nothing but names, its names are values of the
            # properties that point at it (an address node labelled "200 Alester Ave")
            holders = [(s, p) for s, p in by if isinstance(s, URIRef)]
            if holders and not any(
                isinstance(p, URIRef) and str(p) not in _NOT_FACTS
                for p in graph.predicates(node, None)
            ):
                shapes.name_values[node] = holders
            continue
        facts[node] = [
            (p, o)
            for p, o in graph.predicate_objects(node)
            if isinstance(p, URIRef) and str(p) not in _NOT_FACTS
        ]
        if not facts[node]:
            continue  # a node with nothing to read (a class, a bare individual)
        owners = list(by)
        candidates.append((node, owners))
    # several nodes for one (subject, property) are qualified statements (opening hours per
    # day, a price per season): their facts hold under their qualifiers, not of the subject
    per_pair = Counter(pair for _, owners in candidates for pair in owners)
    several = {node for node, owners in candidates if any(per_pair[p] > 1 for p in owners)}
    # a node of a class whose nodes are read so elsewhere is one too, alone as it may be (a
    # site's gate hours, one schema:OpeningHoursSpecification for every day, beside its
    # office hours per day): nodes of one class are read one way
    # nodes of one class are read one way; a lone one that says nothing it holds under (an
    # offer with a price and its currency alone) is the subject's plain value
    qualified_classes = {c for node in several for c in graph.objects(node, RDF.type)}
    for node, owners in candidates:
        if node in several or (
            any(c in qualified_classes for c in graph.objects(node, RDF.type))
            and _says_when_or_what(facts[node])
        ):
            for owner, pointer in owners:
                shapes.qualified[owner].append((node, pointer))
            continue
        shapes.pointers[node] = owners
        for s, _ in owners:
            shapes.children[s].append(node)
        for p, o in facts[node]:
            if str(p) in VALUE_PREDICATES and isinstance(o, Literal):
                shapes.value_of[node] = o
        strings = tuple(
            o
            for _, o in facts[node]
            if isinstance(o, Literal) and (o.datatype is None or o.datatype == XSD.string)
        )
        if strings and node not in shapes.value_of:
            shapes.parts[node] = strings
    _relations(shapes, graph, named, pointed)
    _read_units(shapes, facts, units_of, _named_values(graph, named, units_of))
    _value_types(shapes, pointed)
    _observed(shapes, graph)
    return shapes


def _relations(
    shapes: DataShapes,
    graph: Graph,
    named: set[Node],
    pointed: dict[Node, list[tuple[Node, URIRef]]],
) -> None:
    """The relation nodes (see :attr:`DataShapes.relations`): an unnamed node nothing points at
    that points at a named thing, with a value of its own to read (a literal, or a structure
    node). A SOSA observation is read by :mod:`kgcheck.kb.observations`, not here."""
    linked: dict[Node, list[tuple[Node, URIRef]]] = defaultdict(list)
    for target, by in pointed.items():
        if target in named and isinstance(target, URIRef):
            for s, p in by:
                if s not in named and s not in pointed:
                    linked[s].append((target, p))
    for node, targets in linked.items():
        if (node, SOSA.observedProperty, None) in graph or any(
            str(p).startswith(_KGC) for p in graph.predicates(node, None)
        ):
            continue  # an observation, read for its period (kgcheck.kb.observations)
        if not any(
            isinstance(o, Literal) or o in shapes.pointers
            for p, o in graph.predicate_objects(node)
            if str(p) not in _NOT_FACTS
        ):
            continue  # nothing of its own to read: a link between two things
        for target, p in targets:
            shapes.relations[target].append((node, p))


def _observed(shapes: DataShapes, graph: Graph) -> None:
    """A SOSA observation's observed property is a property of its feature of interest (an
    individual of ``sosa:ObservableProperty`` in SOSA, phrased from its name like any other),
    of the datatype of its simple results."""
    for node, prop in graph.subject_objects(SOSA.observedProperty):
        if isinstance(prop, URIRef):
            result = graph.value(node, SOSA.hasSimpleResult)
            if isinstance(result, Literal):
                shapes.used[prop].add(result.datatype or XSD.string)
            else:
                shapes.used[prop].add(None)
                if result is not None:
                    shapes.node_values[prop].append(result)


def value_classes(
    graph: Graph, prop: URIRef, values: list[Node], shapes: DataShapes, sample: int = 50
) -> set[Node]:
    """The classes every one of the first ``sample`` node values of ``prop`` has (the values
    given, else the objects of ``prop`` in ``graph``), when they are things of their own: a
    structure node's class (a ``PostalAddress``) is no range a reply's words could name."""
    nodes = values[:sample] or [
        o for o, _ in zip(graph.objects(None, prop), range(sample), strict=False)
    ]
    common: set[Node] | None = None
    for node in nodes:
        if isinstance(node, Literal) or node in shapes.pointers:
            return set()
        classes = set(graph.objects(node, RDF.type))
        common = classes if common is None else common & classes
    return common or set()


def _value_types(shapes: DataShapes, pointed: dict[Node, list[tuple[Node, URIRef]]]) -> None:
    """A property whose node values are all value nodes has their datatypes as its types (its
    range when the ontology gives none): ``schema:weight [ schema:value 15 ]`` is a number."""
    nodes: Counter[URIRef] = Counter()
    valued: Counter[URIRef] = Counter()
    datatypes: dict[URIRef, set[URIRef | None]] = defaultdict(set)
    for node, by in pointed.items():
        value = shapes.value_of.get(node)
        for _, p in by:
            nodes[p] += 1
            if value is not None:
                valued[p] += 1
                datatypes[p].add(value.datatype or XSD.string)
    for p, count in valued.items():
        if count == nodes[p]:
            shapes.valued.add(p)
            shapes.used[p].discard(None)
            shapes.used[p] |= datatypes[p]


def _node_json(node: Node) -> list[str]:
    if isinstance(node, Literal):
        return ["l", str(node), str(node.datatype or ""), node.language or ""]
    if isinstance(node, BNode):
        return ["b", str(node)]
    return ["u", str(node)]


def _node_from(data: list[str]) -> Node:
    kind = data[0]
    if kind == "l":
        text, datatype, language = data[1], data[2], data[3]
        return Literal(text, datatype=URIRef(datatype) if datatype else None, lang=language or None)
    if kind == "b":
        return BNode(data[1])
    if kind == "u":
        return URIRef(data[1])
    raise ValueError(f"not a node: {data!r}")


def _literal(node: Node) -> Literal:
    if not isinstance(node, Literal):
        raise TypeError(f"not a literal: {node!r}")
    return node


def _pairs_json(pairs: list[tuple[Node, URIRef]]) -> list[list[Any]]:
    return [[_node_json(n), str(p)] for n, p in pairs]


def _pairs_from(data: list[list[Any]]) -> list[tuple[Node, URIRef]]:
    return [(_node_from(n), URIRef(p)) for n, p in data]


_KGC = "https://w3id.org/kgcheck#"
#: The most nodes :meth:`DataShapes.owners` walks up from one fact.
_MAX_DEPTH = 64


def recurrence_of(term: Literal) -> timedelta | None:
    """The period of a recurrence written as an ISO 8601 duration in days or weeks (``"P7D"``,
    ``"P2W"``, typed ``xsd:duration`` or not); ``None`` for anything else (a month is no fixed
    number of days)."""
    text = str(term).strip()
    if not _DAYS_DURATION.fullmatch(text):
        return None
    value = Literal(text, datatype=XSD.duration).toPython()
    return value if isinstance(value, timedelta) and value >= timedelta(days=1) else None


_DAYS_DURATION = re.compile(r"P(?:\d+W|\d+D)")


def unit_of(term: Node) -> str | None:
    """The canonical unit a ``schema:unitCode``, ``unitText``, ``priceCurrency`` or QUDT unit
    names ("DAY" -> "day", "KGM" -> "kg")."""
    return _unit(term)


def _unit(term: Node) -> str | None:
    text = str(term).rsplit("/", 1)[-1].strip() if isinstance(term, URIRef) else str(term).strip()
    if not text:
        return None
    return canonical_unit(_UNIT_CODES.get(text, _UNIT_CODES.get(text.upper(), text)))


def _says_when_or_what(facts: list[tuple[URIRef, Node]]) -> bool:
    """Whether a node's facts name what its value holds under: a thing (its days, a board
    type) or a date (``validFrom``)."""
    return any(
        isinstance(o, URIRef)
        or (isinstance(o, Literal) and isinstance(o.toPython(), date | datetime))
        for _, o in facts
    )


def _named_values(
    graph: Graph, named: set[Node], units_of: dict[Node, str]
) -> dict[URIRef, set[str | None]]:
    """The unit of the one numeric value of a named thing that states a unit beside it (an
    offer with its name, price and currency: ``schema:price 79 ; schema:priceCurrency
    "GBP"``), by property; a thing with several numbers does not say which one is in it."""
    seen: dict[URIRef, set[str | None]] = defaultdict(set)
    for node in named:
        unit = units_of.get(node)
        if unit is None:
            continue
        numbers = [
            p
            for p, o in graph.predicate_objects(node)
            if isinstance(p, URIRef) and isinstance(o, Literal) and _numeric(o)
        ]
        if len(numbers) == 1:
            seen[numbers[0]].add(unit)
    return seen


def _read_units(
    shapes: DataShapes,
    facts: dict[Node, list[tuple[URIRef, Node]]],
    units_of: dict[Node, str],
    named: dict[URIRef, set[str | None]],
) -> None:
    """A property's unit: the one unit stated beside every one of its numeric values (on the
    value node, read for the property pointing at it; on a structure node, for its facts; on
    a named thing with one number, for it: ``named``)."""
    seen: dict[URIRef, set[str | None]] = defaultdict(set, {p: set(u) for p, u in named.items()})
    # a qualified statement's value is in a unit too (prices per board type, all in AUD)
    qualified = {node for pairs in shapes.qualified.values() for node, _ in pairs}
    for node in qualified:
        if node not in shapes.pointers:
            for p, o in facts.get(node, ()):
                if isinstance(o, Literal) and _numeric(o):
                    seen[p].add(units_of.get(node))
    for node, owners in shapes.pointers.items():
        unit = units_of.get(node)
        if node in shapes.value_of:
            for _, p in owners:
                seen[p].add(unit)
            continue
        for p, o in facts.get(node, ()):
            if isinstance(o, Literal) and _numeric(o):
                seen[p].add(unit)
    for p, units in seen.items():
        if len(units) == 1 and (unit := next(iter(units))) is not None:
            shapes.units[p] = unit


def _numeric(value: Literal) -> bool:
    python = value.toPython()
    if isinstance(python, bool):
        return False  # a yes or no, in no unit
    return isinstance(python, int | float) or str(value.datatype).endswith("decimal")
