"""SHACL shapes (Turtle) evaluated with pySHACL over the KB's store and the scratch graphs.

Each shape with a target is a rule: its id is the local name of the shape's IRI, its type is
``kgc:resultType`` (a flag type, or for outputs a type of the rule set), and ``kgc:resultAction``
optionally names the operator to apply. ``sh:resultSeverity`` maps to severity: ``sh:Violation``
high, ``sh:Warning`` medium, ``sh:Info`` low, and ``kgc:Critical`` (also ``kgc:High``,
``kgc:Medium``, ``kgc:Low``) as named. Shapes are parsed and checked once, when the rules load.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox
from pyshacl import Validator
from pyshacl.errors import ReportableRuntimeError
from pyshacl.graph_abstraction import DataGraph
from pyshacl.shapes_graph import ShapesGraph
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, SH
from rdflib.term import Node

from kgcheck.registry import actions as action_registry
from kgcheck.rules.schema import CODES, RuleProblem
from kgcheck.rules.sparql import QueryProblem, prepare_query
from kgcheck.types import Severity
from kgcheck.vocab import KGC_NS

__all__ = ["SEVERITIES", "ShapeResult", "ShapeRule", "Shapes", "load_shapes"]

log = logging.getLogger(__name__)

_KGC = KGC_NS
#: ``sh:resultSeverity`` -> severity.
SEVERITIES: dict[str, Severity] = {
    str(SH.Violation): Severity.HIGH,
    str(SH.Warning): Severity.MEDIUM,
    str(SH.Info): Severity.LOW,
    _KGC + "Critical": Severity.CRITICAL,
    _KGC + "High": Severity.HIGH,
    _KGC + "Medium": Severity.MEDIUM,
    _KGC + "Low": Severity.LOW,
}
_RESULT_TYPE = URIRef(_KGC + "resultType")
_RESULT_ACTION = URIRef(_KGC + "resultAction")
_TARGETS = (SH.targetClass, SH.targetNode, SH.targetSubjectsOf, SH.targetObjectsOf, SH.target)
_SPACE = re.compile(r"\s+")
_STANDARD = {
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
}


@dataclass(frozen=True, slots=True)
class ShapeRule:
    """A shape with a target, seen as a rule."""

    id: str
    type: str
    action: str | None
    source: str
    line: int | None


@dataclass(frozen=True, slots=True)
class ShapeResult:
    """One SHACL validation result, with the rule (shape) that raised it."""

    rule: ShapeRule
    focus: str
    severity: Severity
    message: str
    value: Node | None
    path: str | None


class Shapes:
    """The shapes of one file, ready to validate."""

    def __init__(self, path: str, graph: Graph, rules: dict[Node, ShapeRule]) -> None:
        self.path = path
        self.graph = graph
        self.rules = rules
        self._shapes = ShapesGraph(graph, False, log)
        self._shapes.shapes  # noqa: B018  (harvest the shapes now, not on the first turn)

    def validate(self, store: ox.Store, focus: Sequence[str]) -> list[ShapeResult]:
        """Results for the ``focus`` nodes, over the union of the store's graphs."""
        if not focus:
            return []
        data = DataGraph.from_oxigraph_store(store)
        validator = Validator(
            data,
            shacl_graph=self.graph,
            options={"inplace": True, "focus_nodes": list(focus), "logger": log},
        )
        validator.shacl_graph = self._shapes  # reuse the shapes harvested at load time
        _, report, _ = validator.run()  # type: ignore[no-untyped-call]
        return self._results(report)

    def _results(self, report: Graph) -> list[ShapeResult]:
        out = []
        for result in report.subjects(RDF.type, SH.ValidationResult):
            source = report.value(result, SH.sourceShape)
            rule = self._rule_of(source)
            if rule is None:
                continue
            severity_node = report.value(result, SH.resultSeverity)
            severity = SEVERITIES.get(str(severity_node), Severity.HIGH)
            messages = [str(m) for m in report.objects(result, SH.resultMessage)]
            path = report.value(result, SH.resultPath)
            out.append(
                ShapeResult(
                    rule=rule,
                    focus=str(report.value(result, SH.focusNode)),
                    severity=severity,
                    message=_SPACE.sub(" ", messages[0]).strip() if messages else "",
                    value=report.value(result, SH.value),
                    path=str(path) if isinstance(path, URIRef) else None,
                )
            )
        return out

    def _rule_of(self, shape: Node | None) -> ShapeRule | None:
        seen: set[Node] = set()
        while shape is not None and shape not in seen:
            if shape in self.rules:
                return self.rules[shape]
            seen.add(shape)
            shape = self.graph.value(None, SH.property, shape) or self.graph.value(
                None, SH.node, shape
            )
        return None


def load_shapes(
    path: Path, *, types: Collection[str], shown: str | None = None
) -> tuple[Shapes | None, list[RuleProblem]]:
    """Parse and check a shapes file.

    Args:
        path: the Turtle file.
        types: the result types its shapes may raise.
        shown: how messages name the file (default: ``path``).

    Returns:
        The shapes (``None`` when unusable) and every problem found.
    """
    where = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return None, [RuleProblem(where, f"cannot read the shapes ({exc.strerror})", CODES["read"])]
    try:
        list(ox.parse(text, format=ox.RdfFormat.TURTLE, base_iri=path.resolve().as_uri()))
    except SyntaxError as exc:
        message = _SPACE.sub(" ", str(exc.msg or exc)).strip()
        return None, [
            RuleProblem(where, f"Turtle syntax error: {message}", CODES["shacl"], exc.lineno)
        ]
    graph = Graph()
    graph.parse(data=text, format="turtle", publicID=path.resolve().as_uri())
    problems: list[RuleProblem] = []
    rules: dict[Node, ShapeRule] = {}
    lines = text.splitlines()
    for shape in _targeted_shapes(graph):
        rule = _shape_rule(graph, shape, types, where, lines, problems)
        if rule is not None:
            rules[shape] = rule
    _check_severities(graph, where, lines, problems)
    _check_queries(graph, where, lines, problems)
    if not rules and not problems:
        problems.append(
            RuleProblem(where, "no shape has a target (sh:targetClass, ...)", CODES["shacl"])
        )
    if problems:
        return None, problems
    try:
        shapes = Shapes(where, graph, rules)
    except ReportableRuntimeError as exc:
        message = _SPACE.sub(" ", str(exc.args[0] if exc.args else exc)).strip()
        return None, [
            RuleProblem(where, f"pySHACL cannot load the shapes: {message}", CODES["shacl"])
        ]
    return shapes, []


def _targeted_shapes(graph: Graph) -> list[Node]:
    found: dict[Node, None] = {}
    for target in _TARGETS:
        for shape in graph.subjects(target, None):
            found.setdefault(shape, None)
    return list(found)


def _shape_rule(
    graph: Graph,
    shape: Node,
    types: Collection[str],
    where: str,
    lines: list[str],
    problems: list[RuleProblem],
) -> ShapeRule | None:
    if not isinstance(shape, URIRef):
        problems.append(
            RuleProblem(
                where,
                "a shape with a target needs an IRI (its local name is the rule id)",
                CODES["shacl"],
            )
        )
        return None
    rule_id = _local(shape)
    line = _line(lines, graph, shape)
    kind = graph.value(shape, _RESULT_TYPE)
    if kind is None:
        problems.append(
            RuleProblem(where, "missing kgc:resultType", CODES["shacl"], line, rule=rule_id)
        )
        return None
    if str(kind) not in types:
        problems.append(
            RuleProblem(
                where,
                f"unknown result type '{kind}'; expected one of: {', '.join(sorted(types))}",
                CODES["shacl"],
                line,
                rule=rule_id,
                field="kgc:resultType",
            )
        )
        return None
    action = graph.value(shape, _RESULT_ACTION)
    if action is not None and str(action) not in action_registry.names():
        problems.append(
            RuleProblem(
                where,
                f"unknown action '{action}'; expected one of: {', '.join(action_registry.names())}",
                CODES["shacl"],
                line,
                rule=rule_id,
                field="kgc:resultAction",
            )
        )
        return None
    return ShapeRule(rule_id, str(kind), None if action is None else str(action), where, line)


def _check_severities(
    graph: Graph, where: str, lines: list[str], problems: list[RuleProblem]
) -> None:
    for shape, severity in graph.subject_objects(SH.severity):
        if str(severity) not in SEVERITIES:
            known = ", ".join(_curie(s) for s in SEVERITIES)
            owner = _owner(graph, shape)
            problems.append(
                RuleProblem(
                    where,
                    f"unknown severity <{severity}>; expected one of: {known}",
                    CODES["shacl"],
                    _line(lines, graph, owner),
                    rule=None if owner is None else _local(owner),
                    field=None if owner == shape else "sh:property",
                )
            )


def _check_queries(graph: Graph, where: str, lines: list[str], problems: list[RuleProblem]) -> None:
    for constraint, select in graph.subject_objects(SH.select):
        prefixes = _declared_prefixes(graph, constraint)
        try:
            # $PATH is replaced by pySHACL with the property shape's path before the query runs
            query = str(select).replace("$PATH", "<urn:kgcheck:path>")
            prepare_query(query, prefixes, declare="with sh:prefixes")
        except QueryProblem as exc:
            owner = _owner(graph, constraint)
            problems.append(
                RuleProblem(
                    where,
                    exc.message,
                    CODES["shacl"],
                    _line(lines, graph, owner),
                    rule=None if owner is None else _local(owner),
                    field="sh:select",
                )
            )


def _declared_prefixes(graph: Graph, constraint: Node) -> dict[str, str]:
    """The prefixes pySHACL gives the query: rdf, rdfs, owl and the ``sh:prefixes`` ones."""
    prefixes = {p: _STANDARD[p] for p in ("rdf", "rdfs", "owl")}
    for declarations in graph.objects(constraint, SH.prefixes):
        for decl in graph.objects(declarations, SH.declare):
            prefix, namespace = graph.value(decl, SH.prefix), graph.value(decl, SH.namespace)
            if isinstance(prefix, Literal) and namespace is not None:
                prefixes[str(prefix)] = str(namespace)
    return prefixes


def _owner(graph: Graph, node: Node) -> URIRef | None:
    """The named shape ``node`` belongs to (itself, or the shape holding it in a property,
    SPARQL constraint or nested shape)."""
    seen: set[Node] = set()
    current: Node | None = node
    while current is not None and not isinstance(current, URIRef) and current not in seen:
        seen.add(current)
        current = (
            graph.value(None, SH.property, current)
            or graph.value(None, SH.sparql, current)
            or graph.value(None, SH.node, current)
        )
    return current if isinstance(current, URIRef) else None


def _local(iri: Node) -> str:
    text = str(iri)
    return re.split(r"[#/]", text)[-1] or text


def _curie(iri: str) -> str:
    for prefix, ns in (("sh", str(SH)), ("kgc", _KGC)):
        if iri.startswith(ns):
            return f"{prefix}:{iri[len(ns) :]}"
    return f"<{iri}>"


def _line(lines: list[str], graph: Graph, node: Node | None) -> int | None:
    """The line where ``node`` is first written as a subject (best effort)."""
    if not isinstance(node, URIRef):
        return None
    names = {f"<{node}>"}
    for prefix, ns in graph.namespaces():
        if str(node).startswith(str(ns)):
            names.add(f"{prefix}:{str(node)[len(str(ns)) :]}")
    for number, line in enumerate(lines, start=1):
        stripped = line.lstrip()
        if any(stripped.startswith(n) and stripped[len(n) : len(n) + 1] in {" ", "\t", ""}
               for n in names):  # fmt: skip
            return number
    return None
