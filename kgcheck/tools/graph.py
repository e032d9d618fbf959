"""Tool results as RDF: rows become entities of the tool's kind, fields become properties.

The graph is what a user would write by hand for the same rows, so the KB route and the tool
route give the same verdicts (``kgcheck tools turtle`` writes it out):

- each kind is a class (``<urn:kgcheck:kind#restaurant>``, labelled "restaurant");
- each field is a property (``<urn:kgcheck:field#phone_number>``), labelled with its words
  ("phone number"), commented with the schema's description, its range the field's datatype
  (:mod:`kgcheck.tools.fields`), ``kgc:unit`` its currency (the rows' ``currency`` field, or
  the sign beside its values), ``kgc:tolerance`` 1 % for a number (a restated value may be
  rounded, no more), and ``owl:FunctionalProperty`` when no row holds two values;
- a field with a declared closed set of words (an enum, SGD's categorical slots) ranges over a
  class declared ``kgc:closedWorld`` and enumerated (``owl:oneOf``), one member per word: its
  words are values ("Theme Park"), whatever their case;
- a row is named by its name field (``name``, ``title``, or a field ending in ``name`` or
  ``title`` whose values tell the rows apart, the one naming the kind first:
  ``restaurant_name`` for restaurants): ``<urn:kgcheck:result#sino>`` labelled "Sino". A field
  whose value several rows of any call share names what they point at (the airport of each
  flight), never a row; a call's one row is named by no field where several could name it
  and none names its kind (a flight's origin and destination airports). A row
  with no name is named by its kind ("train"); several such rows of one call are its kind
  with the row's first time of day ("the 9:20 am bus"); a later call that returns such rows
  of the kind replaces them (the weather of the latest forecast asked for);
- an object holding one list of rows under a key that names them (``line_items``) is a thing
  of the tool's kind ("quote") with what it says beside the list (its ``total``), the rows of
  the key's kind ("line item"); under a key that names nothing (``results``), what it says
  beside the list is said of the call (``<urn:kgcheck:call#0>``, "get_quote call");
- each call (``<urn:kgcheck:call#0>``, a ``prov:Activity``) ``prov:generated`` the rows it
  returned and ``prov:wasInformedBy`` the call before it: a KB of the rows
  knows the latest call's rows, which a reply restates, as the tool route does;
- the same name in later results is the same entity, and a later result's value of a field
  replaces the earlier one (the latest results hold); an argument of the call the row does not
  state is a value of the row (a search for restaurants in San Jose returns restaurants in San
  Jose; a booking's arguments are what was booked).

Usage::

    graph = results_graph([ToolResult("FindRestaurants", rows)])
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rdflib import OWL, PROV, RDF, RDFS, XSD, BNode, Graph, Literal, URIRef
from rdflib.collection import Collection

from kgcheck.tools.fields import FieldSpec, declared_fields, infer_datatype, money, scalar
from kgcheck.tools.results import ToolResult, words_of_name
from kgcheck.values.quantities import (
    CURRENCIES,
    MONEY_NOUNS,
    canonical_unit,
    is_currency,
    is_unit_word,
    unit_in_text,
)
from kgcheck.vocab import KGC

__all__ = ["FIELD_NS", "KIND_NS", "RESULT_NS", "answered_rows", "latest_rows", "results_graph"]

RESULT_NS = "urn:kgcheck:result#"
KIND_NS = "urn:kgcheck:kind#"
FIELD_NS = "urn:kgcheck:field#"
VALUE_NS = "urn:kgcheck:value#"
CALL_NS = "urn:kgcheck:call#"

#: How far a number a reply restates may be from the tool's (a fraction of it): "$23,260" for
#: 23260.13 is the same amount, "$190" for 182 is not.
RESTATED_TOLERANCE = 0.01
#: Words naming a sum of money in a row that names its currency ("total", "amount").
_AMOUNTS = frozenset({"total", "amount", "subtotal", "sum"})
#: Words of a field's name that make "in pounds" a weight ("weight_pounds", "max_load").
_WEIGHT_WORDS = frozenset({"weight", "weighs", "mass", "load", "heavy", "payload"})
_NAME_FIELD = re.compile(r"(?:^|_|(?<=[a-z]))(?:name|title|Name|Title)$")
#: Units of time that a field's name ends in to say which one, not how long ("release_year").
_DATES = frozenset({"year", "month", "week", "day"})
#: A field description that calls the field the name of something ("Name of the trail").
_NAME_DESCRIPTION = re.compile(
    r"\s*(?:the\s+)?(?:name|title)\s+of\s+(?:the\s+|a\s+|an\s+)?(?P<what>[^.,;]+)", re.I
)


@dataclass
class _Field:
    name: str
    spec: FieldSpec = field(default_factory=FieldSpec)
    values: list[Any] = field(default_factory=list)
    multiple: bool = False


@dataclass
class _Entity:
    iri: URIRef
    label: str
    unnamed: bool = False
    kinds: set[str] = field(default_factory=set)
    #: field -> its values, from the latest result that stated the field
    facts: dict[str, list[Any]] = field(default_factory=dict)
    #: the calls that returned it as a row, by their place in the results
    calls: list[int] = field(default_factory=list)


def results_graph(results: Sequence[ToolResult]) -> Graph:
    """The RDF of ``results`` (ontology and rows), in the order they were returned."""
    fields: dict[str, _Field] = {}
    entities: dict[URIRef, _Entity] = {}
    shared = _shared_fields(results)
    for n, call in enumerate(results):
        declared = declared_fields(call.schema)
        rows = [_with_arguments(row, call.arguments) for row in call.rows()]
        for name, spec in declared.items():
            known = fields.setdefault(name, _Field(name))
            if known.spec == FieldSpec():
                known.spec = spec
        kind = call.rows_kind()
        name_field = _name_field(rows, kind, shared, declared)
        labels = _row_labels(rows, name_field, kind)
        if rows and name_field is None:
            # rows named by their kind alone are the latest search's: the earlier ones go
            for iri in [i for i, e in entities.items() if e.unnamed and kind in e.kinds]:
                del entities[iri]
        for i, row in enumerate(rows):
            label = labels[i]
            iri = URIRef(RESULT_NS + _slug(label if name_field else f"{kind} {n} {i}"))
            entity = entities.setdefault(iri, _Entity(iri, label, unnamed=name_field is None))
            entity.kinds.add(kind)
            entity.calls.append(n)
            for key, value in row.items():
                if key == name_field:
                    continue
                values = value if isinstance(value, list) else [value]
                values = [v for v in values if scalar(v) is not None]
                if not values:
                    continue
                known = fields.setdefault(key, _Field(key))
                known.values.extend(values)
                known.multiple = known.multiple or len(values) > 1
                entity.facts[key] = values
        envelope = {k: v for k, v in call.envelope().items() if scalar(v) is not None}
        if envelope:
            # what holds the rows, with facts of its own: the quote of its line items ("the
            # total is £504.50"), else the call ({"results": [...], "page": 1})
            whole = call.kind or call.name
            if kind != whole:
                node = URIRef(RESULT_NS + _slug(f"{whole} {n}"))
                entity = entities.setdefault(node, _Entity(node, whole, unnamed=True))
                entity.kinds.add(whole)
            else:
                node = URIRef(CALL_NS + str(n))
                entity = entities.setdefault(node, _Entity(node, f"{call.name} call"))
            for key, value in envelope.items():
                known = fields.setdefault(key, _Field(key))
                known.values.append(value)
                entity.facts[key] = [value]
    graph = _write(fields, entities)
    _provenance(graph, entities.values(), results)
    # the number of rows of the latest call of each kind: "I found 7 events" after a second
    # search for events counts the second's (the latest results hold)
    latest = {call.rows_kind(): n for n, call in enumerate(results)}
    for n, call in enumerate(results):
        if latest[call.rows_kind()] == n:
            _count(graph, call, n)
    if results:
        _results_count(graph, results[-1], len(results) - 1)
    return graph


def _provenance(graph: Graph, entities: Iterable[_Entity], results: Sequence[ToolResult]) -> None:
    """Which call returned which row, and in what order the calls were made (PROV-O): each
    call ``prov:generated`` its rows and ``prov:wasInformedBy`` the call before it.
    A KB of the rows then knows the latest call's rows, the results a reply restates
    and those it answers with, the call made right before it: ``kgc:turnIndex``, the number
    of dialogue turns before the call (:mod:`kgcheck.kb.calls`), as the tool route does."""
    for n, call in enumerate(results):
        node = URIRef(CALL_NS + str(n))
        graph.add((node, RDF.type, PROV.Activity))
        graph.add((node, KGC.turnIndex, Literal(call.turn)))
        if n:
            graph.add((node, PROV.wasInformedBy, URIRef(CALL_NS + str(n - 1))))
    for entity in entities:
        for n in dict.fromkeys(entity.calls):
            graph.add((URIRef(CALL_NS + str(n)), PROV.generated, entity.iri))


def answered_rows(results: Sequence[ToolResult], turns: int) -> tuple[str, ...]:
    """The entities a reply at turn ``turns`` answers about: the rows the latest call returned
    when it was made for that reply (after turn ``turns - 1``); nothing otherwise."""
    if not results or results[-1].turn != turns:
        return ()
    return latest_rows(results)


def latest_rows(results: Sequence[ToolResult]) -> tuple[str, ...]:
    """The entities of the rows the latest call returned (the results a reply may restate)."""
    if not results:
        return ()
    call = results[-1]
    rows = [_with_arguments(row, call.arguments) for row in call.rows()]
    kind = call.rows_kind()
    name_field = _name_field(rows, kind, _shared_fields(results), declared_fields(call.schema))
    labels = _row_labels(rows, name_field, kind)
    n = len(results) - 1
    return tuple(
        RESULT_NS + _slug(label if name_field else f"{kind} {n} {i}")
        for i, label in enumerate(labels)
    )


def _count(graph: Graph, call: ToolResult, n: int) -> None:
    """The number of rows ``call`` returned, as the value of "number of <kinds>" of the call
    ("I found 10 events")."""
    kind = call.rows_kind()
    node = URIRef(CALL_NS + str(n))
    graph.add((node, RDFS.label, Literal(f"{call.name} call")))
    _count_of(graph, node, call, "number_of_" + _slug(kind).replace("-", "_"), _plural(kind))


#: The nouns any search's results go by ("I found 4 options", "Search revealed 2 results").
RESULT_NOUNS = (
    "results", "options", "matches", "choices", "suggestions", "possibilities", "recommendations"
)  # fmt: skip


def _results_count(graph: Graph, call: ToolResult, n: int) -> None:
    """The number of rows of the latest call as "the number of results" (and of options,
    matches, choices): what "I found 4 options" counts is the latest search's rows, whatever
    their kind."""
    _count_of(graph, URIRef(CALL_NS + str(n)), call, "number_of_results", *RESULT_NOUNS)


def _count_of(graph: Graph, node: URIRef, call: ToolResult, name: str, *nouns: str) -> None:
    """``node``'s value of the count property ``name``, labelled "number of <the first noun>",
    the others its lexical forms."""
    prop = URIRef(FIELD_NS + name)
    graph.add((prop, RDF.type, OWL.DatatypeProperty))
    graph.add((prop, RDF.type, OWL.FunctionalProperty))
    graph.add((prop, RDFS.label, Literal(f"number of {nouns[0]}")))
    for noun in nouns[1:]:
        graph.add((prop, KGC.lexicalForm, Literal(f"number of {noun}")))
    graph.add((prop, RDFS.range, XSD.integer))
    graph.add((node, prop, Literal(len(call.rows()))))


def _plural(kind: str) -> str:
    import inflect  # about 2 s to import: only when a result is first read

    *head, last = kind.split()
    return " ".join([*head, inflect.engine().plural_noun(last)])


def _with_arguments(row: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    extra = {k: v for k, v in arguments.items() if k not in row and scalar(v) is not None}
    return {**row, **extra} if extra else row


def _shared_fields(results: Sequence[ToolResult]) -> frozenset[str]:
    """The fields whose value several rows of one call share (the airport of each flight): they
    name something the rows point at, never a row, in every call (a field is one property)."""
    shared = set()
    for call in results:
        rows = [_with_arguments(row, call.arguments) for row in call.rows()]
        for key in dict.fromkeys(k for row in rows for k in row):
            values = [scalar(row.get(key)) for row in rows if scalar(row.get(key)) is not None]
            if len(set(map(str, values))) < len(values):
                shared.add(key)
    return frozenset(shared)


def _name_field(
    rows: list[dict[str, Any]],
    kind: str,
    shared: frozenset[str] = frozenset(),
    declared: Mapping[str, FieldSpec] | None = None,
) -> str | None:
    """The field naming the rows (see the module's docstring), or ``None``: of a call's one row,
    none where several fields could name it and none names the kind (the origin and the
    destination airport of a flight name airports)."""
    kind_words = words_of_name(kind)
    candidates = []
    for key in dict.fromkeys(k for row in rows for k in row):
        spec = (declared or {}).get(key)
        named = (
            key.lower() in {"name", "title"}
            or _NAME_FIELD.search(key) is not None
            # "trail" of trails whose values are names (not "status" of a lift_status call's
            # "open" and "closed"), or a field its schema calls the name ("Name of the trail")
            or (words_of_name(key) == kind_words and _names(rows, key))
            or (spec is not None and _names_kind(spec.description, kind_words))
        )
        if key in shared or not named:
            continue
        values = [scalar(row.get(key)) for row in rows]
        if any(v is None or infer_datatype([v]) != "string" for v in values):
            continue
        if len(rows) > 1 and len(set(values)) < len(values):
            continue  # it does not tell the rows apart (an airport's name on each flight)
        candidates.append(key)
    if not candidates:
        return None
    own = [k for k in candidates if set(words_of_name(k)) & set(kind_words)]
    plain = [k for k in candidates if k.lower() in {"name", "title"}]
    if len(rows) == 1 and len(candidates) > 1 and not (plain or own):
        return None
    return (plain or own or candidates)[0]


def _names(rows: list[dict[str, Any]], key: str) -> bool:
    """Whether every row's ``key`` is written as a name: a string opening with a capital or a
    digit ("Cragside Loop", "57 Hotel")."""
    values = [scalar(row.get(key)) for row in rows]
    return all((isinstance(v, str) and v[:1].isupper()) or str(v)[:1].isdigit() for v in values)


def _names_kind(description: str | None, kind_words: list[str]) -> bool:
    """Whether a field's description calls it the name of the rows' kind ("Name of the trail"
    of trails; not "Name of airline" of flights)."""
    found = _NAME_DESCRIPTION.match(description or "")
    return found is not None and words_of_name(found["what"]) == kind_words


def _row_labels(rows: list[dict[str, Any]], name_field: str | None, kind: str) -> list[str]:
    if name_field is not None:
        return [str(scalar(row[name_field])) for row in rows]
    if len(rows) == 1:
        return [kind]
    labels = []
    for row in rows:
        times = [scalar(v) for v in row.values() if infer_datatype([v]) == "time"]
        first = times[0] if times else None
        labels.append(f"{_clock(first)} {kind}" if first else kind)
    return labels


def _clock(text: str) -> str:
    """``"09:20"`` -> ``"9:20 am"``."""
    hour, minute = (int(part) for part in text.split(":")[:2])
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'am' if hour < 12 else 'pm'}"


def _write(fields: dict[str, _Field], entities: dict[URIRef, _Entity]) -> Graph:
    graph = Graph()
    graph.bind("kgc", str(KGC._NS))
    for kind in {k for e in entities.values() for k in e.kinds}:
        cls_ = URIRef(KIND_NS + _slug(kind))
        graph.add((cls_, RDF.type, OWL.Class))
        graph.add((cls_, RDFS.label, Literal(kind)))
    currency = _currency(fields)
    writers = {name: _property(graph, f, currency) for name, f in fields.items() if f.values}
    for entity in entities.values():
        graph.add((entity.iri, RDFS.label, Literal(entity.label)))
        for kind in entity.kinds:
            graph.add((entity.iri, RDF.type, URIRef(KIND_NS + _slug(kind))))
        for key, values in entity.facts.items():
            prop, term = writers[key]
            for value in values:
                graph.add((entity.iri, prop, term(value)))
    return graph


#: Currency signs a field's description may name its currency by.
_SIGNS = {"£": "GBP", "$": "USD", "€": "EUR"}


def _described_currency(description: str | None) -> str | None:
    """The one currency a field's description names by its code or sign ("Amount including
    VAT, GBP"), else ``None``."""
    if not description:
        return None
    found = {w for w in re.findall(r"\b[A-Z]{3}\b", description) if w in CURRENCIES}
    found |= {code for sign, code in _SIGNS.items() if sign in description}
    return found.pop() if len(found) == 1 else None


def _in_cents(values: list[Any]) -> bool:
    """Whether the values are written as amounts: at most two decimals each, and two in some
    ("158.58", 102.3, 39.99; a number read from JSON drops a last zero): amounts of the rows'
    currency, whatever the field is called ("amount", "total")."""
    written = [str(scalar(v)) for v in values if v is not None]
    return (
        bool(written)
        and all(re.fullmatch(r"-?\d+(?:\.\d\d?)?", w) for w in written)
        and any(re.fullmatch(r"-?\d+\.\d\d", w) for w in written)
    )


def _currency(fields: dict[str, _Field]) -> str | None:
    """The one currency a ``currency`` field of the rows names ("USD"), or ``None``."""
    codes = {
        str(scalar(v)).upper()
        for name, f in fields.items()
        if "currency" in words_of_name(name)
        for v in f.values
    }
    return codes.pop() if len(codes) == 1 and is_currency(next(iter(codes))) else None


def _property(graph: Graph, found: _Field, currency: str | None) -> tuple[URIRef, Any]:
    """Declare ``found`` in ``graph``; its IRI and how a value of it is written. A number
    named for money ("price", "fare") is in the rows' ``currency`` where they name one."""
    prop = URIRef(FIELD_NS + _slug(found.name, keep_case=True))
    spec = found.spec
    graph.add((prop, RDFS.label, Literal(" ".join(words_of_name(found.name)))))
    if spec.description:
        graph.add((prop, RDFS.comment, Literal(spec.description)))
    if not found.multiple:
        graph.add((prop, RDF.type, OWL.FunctionalProperty))
    datatype = spec.datatype or infer_datatype(found.values)
    words = [v for v in spec.values if infer_datatype([v]) == "string"]
    if words and datatype == "string":
        return prop, _closed_set(graph, prop, found, words)
    graph.add((prop, RDF.type, OWL.DatatypeProperty))
    cash = money(found.values) if datatype == "string" else None
    unit = spec.unit or (cash[0] if cash else None)
    if unit is None and currency is not None and datatype in {"integer", "decimal"}:
        # a field named or described for money ("surcharge": "Extra charge on top of the
        # call-out fee")
        named = {*words_of_name(found.name), *words_of_name(spec.description or "")}
        unit = currency if named & (MONEY_NOUNS | _AMOUNTS) or _in_cents(found.values) else None
        if unit is None and currency == "GBP" and not named & _WEIGHT_WORDS:
            # "Weekend surcharge in pounds" in rows priced in pounds sterling: sterling, where
            # nothing says weight
            unit = currency if unit_in_text(spec.description or "") == "lb" else None
    if unit is None and datatype in {"integer", "decimal"}:
        # a currency its description names: "Amount including VAT, GBP", "Price in £"
        unit = _described_currency(spec.description)
    if unit is None and datatype in {"integer", "decimal"}:
        # a number field whose name ends in a unit ("distance_miles", "extra_data_gb",
        # "duration_minutes") holds numbers of that unit, not counts
        words = words_of_name(found.name)
        last = words[-1] if len(words) > 1 else ""
        unit = canonical_unit(last) if len(last) > 1 and is_unit_word(last) else None
        if unit in _DATES:
            unit = None  # "release_year", "start_day": a point in time, not a length of one
    if cash is not None:
        datatype = "decimal"
    if unit:
        graph.add((prop, KGC.unit, Literal(unit)))
    xsd = URIRef(str(XSD) + datatype)
    graph.add((prop, RDFS.range, xsd))
    if datatype in {"integer", "decimal"}:
        # a number a tool returned is exact: a reply restating it may round it, no more
        graph.add((prop, KGC.tolerance, Literal(RESTATED_TOLERANCE)))

    def term(value: Any) -> Literal:
        text = str(scalar(value))
        if cash is not None:
            amount = money([text])
            text = amount[1][0] if amount else text
        if datatype == "boolean":
            text = text.lower()
        elif datatype == "time" and text.count(":") == 1:
            text += ":00"
        if datatype == "string":
            return Literal(text)
        return Literal(text, datatype=xsd)

    return prop, term


def _closed_set(graph: Graph, prop: URIRef, found: _Field, words: list[str]) -> Any:
    cls_ = URIRef(KIND_NS + _slug(found.name, keep_case=True) + "Value")
    graph.add((prop, RDF.type, OWL.ObjectProperty))
    graph.add((prop, RDFS.range, cls_))
    graph.add((cls_, RDF.type, OWL.Class))
    graph.add((cls_, RDFS.label, Literal(" ".join(words_of_name(found.name)))))
    graph.add((cls_, KGC.closedWorld, Literal(True)))
    members = {w.casefold(): URIRef(VALUE_NS + _slug(f"{found.name} {w}")) for w in words}
    for word in words:
        member = members[word.casefold()]
        graph.add((member, RDF.type, cls_))
        graph.add((member, RDFS.label, Literal(word)))
    Collection(graph, listing := BNode(), list(dict.fromkeys(members.values())))
    graph.add((cls_, OWL.oneOf, listing))

    def term(value: Any) -> URIRef | Literal:
        text = str(scalar(value))
        return members.get(text.casefold()) or Literal(text)

    return term


def _slug(text: str, *, keep_case: bool = False) -> str:
    ascii_ = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9_]+", "-", ascii_).strip("-")
    return (slug if keep_case else slug.lower()) or "x"
