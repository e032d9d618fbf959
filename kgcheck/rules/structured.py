"""Validating structured (JSON) outputs of a model: alerts, a summary and a decision.

Usage::

    report = checker.check_output({"total_pages": 3, "boundaries": [...], "metadata": {...}})
    report.decision          # accept | accept_with_warnings | reject
    report.to_dict()         # alerts, summary by severity and by type, reasons

Each output rule set maps the object to RDF with its own ``@context`` (see
``kgcheck.rules.jsonld``), then runs its built-in checks, SPARQL rules (the default graph is the
output together with the KB; the output alone is ``<urn:kgcheck:output>``) and SHACL shapes.
The rejection policy (``outputs.reject`` in the configuration) rejects an output with at least
the configured number of alerts of a severity (by default: one critical, or three high), or with
an alert whose rule asks for ``escalate`` or ``regenerate``.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import unquote

import pyoxigraph as ox
from rdflib import URIRef

from kgcheck.config import OutputsConfig
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.store import KB_GRAPH
from kgcheck.rules.facts import OutputFacts
from kgcheck.rules.graphs import OUTPUT_GRAPH
from kgcheck.rules.jsonld import map_output
from kgcheck.rules.loader import CompiledRule, OutputRuleSet
from kgcheck.rules.masking import Masker, mask_value
from kgcheck.rules.sparql import Term
from kgcheck.rules.template import fill
from kgcheck.types import Decision, Severity

__all__ = ["Alert", "OutputReport", "check_output"]

log = logging.getLogger(__name__)

_REJECTING_ACTIONS = frozenset({"escalate", "regenerate"})


@dataclass(frozen=True, slots=True)
class Alert:
    """One problem in a structured output."""

    type: str
    severity: Severity
    description: str
    detected: str | None
    expected: str | None
    confidence: float
    rule: str
    path: str = ""
    action: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "severity": str(self.severity),
            "description": self.description,
            "detected_value": self.detected,
            "expected_value": self.expected,
            "confidence": self.confidence,
            "rule_id": self.rule,
            "path": self.path,
            "action": self.action,
        }


@dataclass
class OutputReport:
    """The result of ``check_output``: alerts, a summary and the policy's decision."""

    alerts: list[Alert]
    decision: Decision
    reasons: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.decision != Decision.REJECT

    @property
    def summary(self) -> dict[str, Any]:
        by_severity = Counter(str(a.severity) for a in self.alerts)
        return {
            "total": len(self.alerts),
            "by_severity": {str(s): by_severity.get(str(s), 0) for s in Severity},
            "by_type": dict(sorted(Counter(a.type for a in self.alerts).items())),
        }

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types only."""
        return {
            "decision": str(self.decision),
            "reasons": list(self.reasons),
            "alerts": [a.to_dict() for a in self.alerts],
            "summary": self.summary,
            "timings": dict(self.timings),
            "skipped": list(self.skipped),
        }


def check_output(
    rule_sets: Sequence[OutputRuleSet],
    kb: KnowledgeBase,
    data: Mapping[str, Any],
    *,
    context: Mapping[str, Any] | None,
    policy: OutputsConfig,
    now: datetime,
) -> OutputReport:
    """Run every output rule set on ``data``.

    Raises:
        InputError: ``data`` is not a JSON object or not valid JSON-LD under the context.
    """
    started = time.perf_counter()
    alerts: list[Alert] = []
    skipped: list[str] = []
    masker = Masker(policy.mask)
    if not rule_sets:
        skipped.append("no rule file with 'target: output' is configured ('rules:')")
    for rule_set in rule_sets:
        contexts = [rule_set.context] + ([context] if context else [])
        mapped = map_output(data, contexts)
        run = _Run(rule_set, kb, mapped.triples, mapped.paths, now, masker)
        run.builtins(skipped)
        run.graph_rules(skipped)
        alerts.extend(run.alerts)
    alerts.sort(key=lambda a: (list(Severity).index(a.severity), a.path, a.rule))
    decision, reasons = _decide(alerts, policy)
    for alert in alerts:
        log.debug("output alert %s (%s, rule %s): %s", alert.type, alert.severity, alert.rule,
                  alert.description)  # fmt: skip
    return OutputReport(
        alerts=alerts,
        decision=decision,
        reasons=reasons,
        timings={"total": round(time.perf_counter() - started, 6)},
        skipped=skipped,
    )


def _decide(alerts: list[Alert], policy: OutputsConfig) -> tuple[Decision, list[str]]:
    counts = Counter(a.severity for a in alerts)
    reasons = []
    for severity in Severity:
        limit = policy.reject.get(severity)
        if limit is not None and counts[severity] >= limit:
            reasons.append(
                f"{counts[severity]} {severity} alert(s) (the policy rejects at {limit})"
            )
    for alert in alerts:
        if alert.action in _REJECTING_ACTIONS:
            reasons.append(f"rule '{alert.rule}' asks to {alert.action}")
    if reasons:
        return Decision.REJECT, reasons
    return (Decision.ACCEPT_WITH_WARNINGS if alerts else Decision.ACCEPT), []


class _Run:
    """One rule set on one output."""

    def __init__(
        self,
        rule_set: OutputRuleSet,
        kb: KnowledgeBase,
        triples: list[ox.Triple],
        paths: dict[str, str],
        now: datetime,
        masker: Masker,
    ) -> None:
        self.rule_set = rule_set
        self.kb = kb
        self.triples = triples
        self.paths = paths
        keys = dict(rule_set.keys)
        for t in triples:
            p = t.predicate.value
            if p not in keys and p.startswith(rule_set.vocab):
                keys[p] = unquote(p[len(rule_set.vocab) :])
        self.keys = keys
        self.view = OutputFacts(triples, kb, now, paths=paths, keys=keys)
        secret = [
            t.object.value
            for t in triples
            if t.predicate.value in rule_set.sensitive and isinstance(t.object, ox.Literal)
        ]
        self.secret = set(secret)
        self.masker = masker.with_values(secret)
        self.alerts: list[Alert] = []

    def _alert(
        self,
        rule: CompiledRule,
        values: dict[str, str],
        *,
        detected: str | None,
        expected: str | None,
        path: str,
        sensitive: bool,
    ) -> None:
        if sensitive:  # the value itself; other sensitive values are among the masker's
            detected = None if detected is None else mask_value(detected)
            values = {k: (mask_value(v) if k == "value" else v) for k, v in values.items()}
        values = {k: self.masker.mask(v) for k, v in values.items()}
        self.alerts.append(
            Alert(
                type=rule.type,
                severity=rule.severity,
                description=self.masker.mask(fill(rule.message, values)),
                detected=None if detected is None else self.masker.mask(detected),
                expected=None if expected is None else self.masker.mask(expected),
                confidence=rule.confidence,
                rule=rule.id,
                path=path,
                action=rule.action,
            )
        )

    def builtins(self, skipped: list[str]) -> None:
        view = self.view
        for rule in self.rule_set.rules:
            if not rule.enabled or rule.check is None:
                continue
            try:
                findings = rule.check.evaluate(view)
            except Exception as exc:  # one broken rule must not hide the others' alerts
                log.exception("rule %s failed", rule.id)
                skipped.append(f"rule '{rule.id}': failed ({type(exc).__name__}: {exc})")
                continue
            for f in findings:
                values = {
                    "subject": view.describe_subject(f.fact.subject),
                    "property": view.describe_property(f.fact.predicate),
                    "value": f.value,
                    "expected": f.expected or "",
                    "measured": f.measured or f.value,
                    "sentence": "",
                    "path": view.path(f.fact),
                }
                self._alert(
                    rule,
                    values,
                    detected=f.value,
                    expected=f.expected,
                    path=view.path(f.fact),
                    sensitive=f.fact.predicate in self.rule_set.sensitive,
                )

    def graph_rules(self, skipped: list[str]) -> None:
        queries = [r for r in self.rule_set.rules if r.enabled and r.query is not None]
        if not queries and not self.rule_set.shapes:
            return
        graph = ox.NamedNode(OUTPUT_GRAPH)
        quads = [ox.Quad(t.subject, t.predicate, t.object, graph) for t in self.triples]
        kb_graph = ox.NamedNode(KB_GRAPH)
        focus = sorted(
            {t.subject.value for t in self.triples if isinstance(t.subject, ox.NamedNode)}
        )
        with self.kb.scratch(quads) as store:
            for rule in queries:
                assert rule.query is not None
                try:
                    rows = rule.query.run(
                        store, default_graph=[graph, kb_graph], named_graphs=[graph, kb_graph]
                    )
                except (OSError, ValueError, SyntaxError) as exc:
                    skipped.append(f"rule '{rule.id}': failed ({type(exc).__name__}: {exc})")
                    continue
                seen: set[tuple[tuple[str, str], ...]] = set()
                for row in rows:
                    key = tuple(sorted((k, str(v)) for k, v in row.items()))
                    if key not in seen:
                        seen.add(key)
                        self._row(rule, row)
            for shapes in self.rule_set.shapes:
                try:
                    results = shapes.validate(store, focus)
                except Exception as exc:
                    log.exception("shapes %s failed", shapes.path)
                    skipped.append(f"shapes {shapes.path}: failed ({type(exc).__name__}: {exc})")
                    continue
                for result in results:
                    name = self.keys.get(result.path or "", "")
                    where = self.paths.get(result.focus, result.focus)
                    path = f"{where}.{name}" if where and name else (where or name)
                    value = None if result.value is None else self._show(result.value)
                    sensitive = result.path in self.rule_set.sensitive
                    if sensitive and value is not None:
                        value = mask_value(value)
                    message = result.message or f"{path or 'the output'} violates {result.rule.id}"
                    self.alerts.append(
                        Alert(
                            type=result.rule.type,
                            severity=result.severity,
                            description=self.masker.mask(message),
                            detected=None if value is None else self.masker.mask(value),
                            expected=None,
                            confidence=1.0,
                            rule=result.rule.id,
                            path=path,
                            action=result.rule.action,
                        )
                    )

    def _row(self, rule: CompiledRule, row: dict[str, Term]) -> None:
        values = {k: self._show(v) for k, v in row.items()}
        node = row.get("node")
        path = self.paths.get(node.value, "") if isinstance(node, ox.NamedNode) else ""
        prop = row.get("property")
        sensitive = False
        if isinstance(prop, ox.NamedNode):
            key = self.keys.get(prop.value, prop.value)
            path = f"{path}.{key}" if path else key
            sensitive = prop.value in self.rule_set.sensitive
        self._alert(
            rule,
            values,
            detected=values.get("value"),
            expected=values.get("expected"),
            path=path,
            sensitive=sensitive,
        )

    def _show(self, term: Any) -> str:
        if isinstance(term, ox.NamedNode | URIRef):
            iri = term.value if isinstance(term, ox.NamedNode) else str(term)
            if iri in self.paths:
                return self.paths[iri] or "the output"
            if iri in self.keys:
                return self.keys[iri]
            return self.kb.label(URIRef(iri))
        if isinstance(term, ox.Literal | ox.BlankNode):
            return str(term.value)
        return str(term)
