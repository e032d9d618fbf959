"""``RuleEngine``: a rule book bound to a KB; evaluates reply rules into flags and checks
structured outputs.

Usage::

    engine = RuleEngine(load_rules(config.rules), kb)
    flags, notes = engine.reply_flags(analysis, state, now)
    report = engine.check_output(data, policy=config.outputs)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from datetime import UTC, datetime
from typing import Any

import pyoxigraph as ox
from rdflib import URIRef

from kgcheck.config import OutputsConfig
from kgcheck.history.rdf import (
    HISTORY_GRAPH,
    TURN_GRAPH,
    PastClaim,
    claim_iri,
    claim_quads,
    history_claims,
    history_iri,
)
from kgcheck.history.state import DialogueState
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.scratch import ox_term
from kgcheck.kb.store import KB_GRAPH
from kgcheck.kb.values import format_like
from kgcheck.nlp.analysis import Claim, TurnAnalysis
from kgcheck.rules.checks import Finding
from kgcheck.rules.facts import ReplyFacts
from kgcheck.rules.loader import CompiledRule, RuleBook
from kgcheck.rules.sparql import SparqlQuery, Term
from kgcheck.rules.structured import OutputReport, check_output
from kgcheck.rules.template import fill
from kgcheck.rules.values import endpoint_query
from kgcheck.types import Evidence, Flag, FlagType, Severity

__all__ = ["DETECTOR", "RuleEngine"]

log = logging.getLogger(__name__)

#: The detector name rule flags carry.
DETECTOR = "rules"


class RuleEngine:
    """A rule book bound to a knowledge base."""

    def __init__(self, book: RuleBook, kb: KnowledgeBase) -> None:
        self.book = book
        self.kb = kb

    # --- replies ---------------------------------------------------------------------------

    def reply_flags(
        self, analysis: TurnAnalysis, state: DialogueState, now: datetime | None = None
    ) -> tuple[list[Flag], list[str]]:
        """The flags the reply rules and shapes raise on ``analysis``, and notes on rules that
        could not run."""
        active = [r for r in self.book.reply if r.enabled]
        if not analysis.claims or (not active and not self.book.reply_shapes):
            return [], []
        past = history_claims(state)
        flags: list[Flag] = []
        notes: list[str] = []
        builtins = [r for r in active if r.check is not None]
        if builtins:
            view = ReplyFacts(analysis, self.kb, past, now or datetime.now(UTC))
            for rule in builtins:
                assert rule.check is not None
                try:
                    findings = rule.check.evaluate(view)
                except Exception as exc:  # one broken rule must not hide the others' flags
                    log.exception("rule %s failed", rule.id)
                    notes.append(f"rule '{rule.id}': failed ({type(exc).__name__}: {exc})")
                    continue
                for f in findings:
                    if isinstance(f.fact.ref, Claim):
                        flags.append(self._finding_flag(rule, f, view.sentence(f.fact), analysis))
        queries = [r for r in active if r.query is not None]
        if queries or self.book.reply_shapes:
            flags.extend(self._graph_rules(analysis, past, queries, notes))
        return flags, notes

    def _graph_rules(
        self,
        analysis: TurnAnalysis,
        past: list[PastClaim],
        queries: list[CompiledRule],
        notes: list[str],
    ) -> list[Flag]:
        turn, history = claim_quads(analysis, past)
        claims = {claim_iri(c.index): c for c in analysis.claims}
        sentences = {claim_iri(c.index): _sentence(analysis, c) for c in analysis.claims}
        sentences.update({history_iri(p.turn, p.claim.index): p.sentence for p in past})
        flags: list[Flag] = []
        with ExitStack() as blocks:
            scratch: list[ox.Store] = []

            def local() -> ox.Store:  # made once, and only when a query or shape needs it
                if not scratch:
                    scratch.append(blocks.enter_context(self.kb.scratch(turn + history)))
                return scratch[0]

            for rule in queries:
                assert rule.query is not None
                try:
                    rows = self._rows(rule.query, turn + history, local)
                except (OSError, ValueError, SyntaxError) as exc:
                    notes.append(f"rule '{rule.id}': failed ({type(exc).__name__}: {exc})")
                    continue
                seen: set[tuple[tuple[str, str], ...]] = set()
                for row in rows:
                    node = row.get("claim")
                    claim = claims.get(node.value) if isinstance(node, ox.NamedNode) else None
                    key = tuple(sorted((k, str(v)) for k, v in row.items()))
                    if claim is None or key in seen:
                        continue
                    seen.add(key)
                    flags.append(self._row_flag(rule, row, claim, analysis, sentences))
            for shapes in self.book.reply_shapes:
                try:
                    results = shapes.validate(local(), list(claims))
                except Exception as exc:
                    log.exception("shapes %s failed", shapes.path)
                    notes.append(f"shapes {shapes.path}: failed ({type(exc).__name__}: {exc})")
                    continue
                for result in results:
                    claim = claims.get(result.focus)
                    if claim is None:
                        continue
                    rule_text = f"shape {result.rule.id} ({result.rule.source})"
                    flags.append(
                        self._flag(
                            claim,
                            analysis,
                            type_=result.rule.type,
                            severity=result.severity,
                            message=result.message or f"violates {result.rule.id}",
                            rule_id=result.rule.id,
                            evidence=Evidence("rule", rule_text),
                            action=result.rule.action,
                            confidence=1.0,
                        )
                    )
        return flags

    def _rows(
        self, query: SparqlQuery, quads: list[ox.Quad], local: Callable[[], ox.Store]
    ) -> list[dict[str, Term]]:
        """The rows of a rule's query: asked of the KB's endpoint with the claims as VALUES
        when the KB is on one (:mod:`kgcheck.rules.values`), else run in the scratch store."""
        remote = self.kb.remote
        if remote is not None:
            text = endpoint_query(query.text, query.prefixes, quads, [TURN_GRAPH, HISTORY_GRAPH])
            if text is not None:
                names = set(query.variables)
                return [
                    {k: ox_term(v) for k, v in row.items() if k in names}
                    for row in remote.select(text)
                ]
        return query.run(
            local(),
            default_graph=[ox.NamedNode(KB_GRAPH)],
            named_graphs=[ox.NamedNode(TURN_GRAPH), ox.NamedNode(HISTORY_GRAPH)],
        )

    def _row_flag(
        self,
        rule: CompiledRule,
        row: dict[str, Term],
        claim: Claim,
        analysis: TurnAnalysis,
        sentences: dict[str, str],
    ) -> Flag:
        values = {k: self._show(v, sentences) for k, v in row.items()}
        expected = row.get("expected")
        return self._flag(
            claim,
            analysis,
            type_=rule.type,
            severity=rule.severity,
            message=fill(rule.message, values),
            rule_id=rule.id,
            evidence=Evidence("rule", _describe(rule)),
            action=rule.action,
            confidence=rule.confidence,
            correction=None if expected is None else values["expected"],
        )

    def _finding_flag(
        self, rule: CompiledRule, finding: Finding, sentence: str, analysis: TurnAnalysis
    ) -> Flag:
        claim = finding.fact.ref
        assert isinstance(claim, Claim)
        kb = self.kb
        evidence = [Evidence("rule", _describe(rule))]
        fix = finding.correction
        correction = None
        if fix is not None and fix.node is not None and fix.subject is not None:
            s, p = URIRef(fix.subject), URIRef(fix.predicate)
            evidence.append(
                Evidence("kb", kb.verbalise(s, p, fix.node), ((str(s), str(p), str(fix.node)),))
            )
            correction = format_like(claim.object.text, fix.node, fix.lexical)
        values = {
            "subject": kb.label(URIRef(claim.subject_iri)) if claim.subject_iri else "",
            "property": kb.ontology.label(URIRef(claim.predicate)),
            "value": finding.value,
            "expected": correction or finding.expected or "",
            "measured": finding.measured or finding.value,
            "sentence": sentence,
            "path": "",
        }
        return self._flag(
            claim,
            analysis,
            type_=rule.type,
            severity=rule.severity,
            message=fill(rule.message, values),
            rule_id=rule.id,
            evidence=evidence,
            action=rule.action,
            confidence=rule.confidence,
            correction=correction,
        )

    def _flag(
        self,
        claim: Claim,
        analysis: TurnAnalysis,
        *,
        type_: str,
        severity: Severity,
        message: str,
        rule_id: str,
        evidence: Evidence | list[Evidence],
        action: str | None,
        confidence: float,
        correction: str | None = None,
    ) -> Flag:
        return Flag(
            type=FlagType(type_),
            span=claim.span,
            content=analysis.text[claim.span.start : claim.span.end],
            message=message,
            detector=DETECTOR,
            evidence=evidence if isinstance(evidence, list) else [evidence],
            correction=correction,
            correction_span=claim.object.span if correction is not None else None,
            focus=claim.subject_iri,
            rule=rule_id,
            kb_strength=confidence,
            claim_index=claim.index,
            severity=severity,
            action=action,
        )

    def _show(self, term: Term, sentences: dict[str, str]) -> str:
        if isinstance(term, ox.NamedNode):
            if term.value in sentences:
                return sentences[term.value]
            return self.kb.label(URIRef(term.value))
        if isinstance(term, ox.Literal | ox.BlankNode):
            return str(term.value)
        return str(term)

    # --- structured outputs ----------------------------------------------------------------

    def check_output(
        self,
        data: Mapping[str, Any],
        *,
        context: Mapping[str, Any] | None = None,
        policy: OutputsConfig | None = None,
        now: datetime | None = None,
    ) -> OutputReport:
        """Check a structured output against every ``target: output`` rule set."""
        return check_output(
            self.book.outputs,
            self.kb,
            data,
            context=context,
            policy=policy or OutputsConfig(),
            now=now or datetime.now(UTC),
        )


def _describe(rule: CompiledRule) -> str:
    where = f"{rule.source}:{rule.line}" if rule.line else rule.source
    return f"rule {rule.id} ({where}): {rule.description}"


def _sentence(analysis: TurnAnalysis, claim: Claim) -> str:
    if claim.segment < len(analysis.segments):
        return analysis.segments[claim.segment].text.strip()
    return analysis.text.strip()
