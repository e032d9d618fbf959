"""Generating a KB's statements and checking each one as a fresh conversation's first reply."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rdflib import URIRef

from kgcheck.config import Config
from kgcheck.errors import KnowledgeBaseError
from kgcheck.history.state import DialogueState
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.selftest.draft import Draft
from kgcheck.kb.selftest.facts import Fact, collect_facts, tolerance_of
from kgcheck.kb.selftest.generate import true_statements
from kgcheck.kb.selftest.model import Outcome, PropertyRow, SelftestResult, Statement
from kgcheck.kb.selftest.perturb import perturbed_drafts
from kgcheck.kb.selftest.phrasing import Phraser
from kgcheck.kb.selftest.replies import SPLITS, Template, load_templates, reply_statements
from kgcheck.kb.selftest.variants import relative_drafts, unit_drafts
from kgcheck.report import TurnReport
from kgcheck.types import Span

if TYPE_CHECKING:
    from kgcheck.checker import Checker

__all__ = [
    "SelftestChecker",
    "generate_statements",
    "load_checker",
    "run_statements",
    "selftest",
    "templates_of",
]


class SelftestChecker(Protocol):
    """What a self-test needs of a checker (a :class:`~kgcheck.checker.Checker` has it)."""

    kb: KnowledgeBase
    config: Config

    def check_turn(
        self, response: str, state: DialogueState | None = ..., *, record: bool = ...
    ) -> TurnReport: ...


def load_checker(config: str | Path, *, lexical_forms: bool = True) -> Checker:
    """The checker of a ``kgcheck.yaml``; ``lexical_forms`` false reads its ontology as if it had
    no ``kgc:lexicalForm`` (what kgcheck makes of an ontology without hand-written phrasings).

    Raises:
        KgcheckError: the configuration or its knowledge base cannot be loaded.
    """
    from kgcheck.checker import Checker
    from kgcheck.config import load_config

    loaded = load_config(config)
    if lexical_forms:
        return Checker(loaded)
    kb_cfg = loaded.knowledge_base
    try:
        kb = KnowledgeBase.from_config(kb_cfg, lexical_forms=False)
    except KnowledgeBaseError as exc:
        raise KnowledgeBaseError(
            f"{config}: knowledge_base.sources: {exc.message}", code=exc.code
        ) from exc
    return Checker(loaded, kb=kb)


def generate_statements(
    kb: KnowledgeBase,
    *,
    now: datetime | None = None,
    seed: int = 0,
    max_facts_per_property: int | None = 20,
    tolerances: Mapping[str, float] | None = None,
    notes: list[str] | None = None,
    templates: Sequence[Template] = (),
) -> list[Statement]:
    """The true and perturbed statements of ``kb``: the same list for the same seed.

    Each fact is stated alone in every phrasing its forms allow (:mod:`.generate`), made false
    (:mod:`.perturb`), said in another unit or relative to the clock (:mod:`.variants`), and,
    with ``templates``, once true and once per perturbation inside a reply
    (:mod:`.replies`).

    Args:
        kb: the knowledge base and its ontology.
        now: the reference time that decides tenses (default: now).
        seed: seeds the sample of facts and the choice of forms and replacement values.
        max_facts_per_property: facts stated per property at most (``None``: all).
        tolerances: relative tolerances per numeric kind (default: ``numeric.tolerances``'
            defaults); a wrong number lies outside them and the property's ``kgc:tolerance``.
        notes: gets a line for each thing left out and why.
        templates: reply templates (:func:`~kgcheck.kb.selftest.replies.load_templates`).
    """
    from kgcheck.config import NUMERIC_KINDS

    notes = notes if notes is not None else []
    rng = random.Random(seed)
    phraser = Phraser(kb, now or datetime.now(UTC))
    facts = collect_facts(kb, rng, max_facts_per_property, notes)
    statements = list(true_statements(phraser, facts, rng))
    kinds = NUMERIC_KINDS if tolerances is None else tolerances
    false = list(perturbed_drafts(phraser, facts, rng, kinds, notes))
    statements.extend(d.statement() for d in false)
    said = [
        draft
        for fact in _all(facts)
        for draft in (
            *unit_drafts(phraser, fact, rng, tolerance_of(kb, fact.prop, kinds)),
            *relative_drafts(phraser, fact, rng),
        )
    ]
    statements.extend(d.statement() for d in said)
    if templates:
        plain = [d for f in _all(facts) if (d := _draft(phraser, f, rng)) is not None]
        others: dict[URIRef, list[Draft]] = {}
        for d in plain:
            if d.fact.period is None:
                others.setdefault(d.fact.subject, []).append(d)
        statements.extend(reply_statements([*plain, *false, *said], others, templates, rng))
    return statements


def _all(facts: dict[URIRef, list[Fact]]) -> Iterator[Fact]:
    for prop_facts in facts.values():
        yield from prop_facts


def _draft(phraser: Phraser, fact: Fact, rng: random.Random) -> Draft | None:
    """The fact in one of its forms, chosen with ``rng``, as the KB holds it."""
    options = [(f, r) for f in phraser.forms(fact.prop) for r in phraser.renderings(fact, f)]
    if not options:
        return None
    form, shown = rng.choice(options)
    return Draft(phraser, fact, form, fact.value, shown.text)


def run_statements(
    checker: SelftestChecker,
    statements: Iterable[Statement],
    *,
    threshold: float | None = None,
    on_result: Callable[[Outcome], None] | None = None,
) -> SelftestResult:
    """Check each statement as the first reply of a new conversation.

    A flag counts when its confidence reaches ``threshold`` (default: the configuration's
    ``mitigation.flag_threshold``, the flags mitigation acts on): on a true statement it is a
    false alarm, on a perturbed one a catch.
    """
    limit = checker.config.mitigation.flag_threshold if threshold is None else threshold
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    rows: dict[str, PropertyRow] = {}
    for statement in statements:
        now = statement.now or checker.config.now
        state = DialogueState(session_id="selftest", now=now)
        report = checker.check_turn(statement.text, state, record=False)
        acted = [f for f in report.flags if f.confidence >= limit]
        on_fact = None
        if statement.span is not None:
            fact = Span(*statement.span)
            on_fact = any(f.span.overlaps(fact) for f in acted)
        outcome = Outcome(
            statement=statement,
            flags=tuple((str(f.type), round(f.confidence, 4), f.message) for f in acted),
            decision=str(report.decision),
            claimed=_claimed(checker.kb, report, statement.property),
            on_fact=on_fact,
        )
        outcomes.append(outcome)
        prop = statement.property
        if prop not in rows:
            rows[prop] = PropertyRow(prop, checker.kb.label(URIRef(prop)))
        rows[prop].add(outcome)
        if on_result is not None:
            on_result(outcome)
    return SelftestResult(
        rows=[rows[p] for p in sorted(rows)],
        outcomes=outcomes,
        flag_threshold=limit,
        seconds=time.perf_counter() - started,
    )


def _claimed(kb: KnowledgeBase, report: TurnReport, prop: str) -> bool:
    """Whether the report holds a claim for ``prop`` or its inverse: an s/p/o claim of the
    analysis, or a number the numeric check bound to the property."""
    inverse = kb.ontology.inverse.get(URIRef(prop))
    wanted = {prop} if inverse is None else {prop, str(inverse)}
    claims = report.analysis.claims if report.analysis is not None else ()
    return any(c.predicate in wanted for c in claims) or any(
        n.property in wanted for n in report.numeric_claims
    )


def selftest(
    checker: SelftestChecker,
    *,
    seed: int = 0,
    max_facts_per_property: int | None = 20,
    threshold: float | None = None,
    on_result: Callable[[Outcome], None] | None = None,
    templates: str | Sequence[Template] = "all",
) -> SelftestResult:
    """Generate true and perturbed statements from the checker's KB and check each one.

    ``templates`` are the reply templates: a split (``development``, ``held_out``), ``all``
    (both), ``none``, or templates loaded with
    :func:`~kgcheck.kb.selftest.replies.load_templates`.

    Usage::

        result = selftest(Checker.from_config("kgcheck.yaml"), seed=0, max_facts_per_property=20)
        result.totals.false_alarm_rate, result.totals.recall
    """
    notes: list[str] = []
    statements = generate_statements(
        checker.kb,
        now=checker.config.now,
        seed=seed,
        max_facts_per_property=max_facts_per_property,
        tolerances=checker.config.numeric.tolerances,
        notes=notes,
        templates=templates_of(templates),
    )
    result = run_statements(checker, statements, threshold=threshold, on_result=on_result)
    result.notes = notes
    return result


def templates_of(which: str | Sequence[Template]) -> tuple[Template, ...]:
    """The reply templates ``which`` names: a split, ``all``, ``none``, or the templates
    themselves.

    Raises:
        ConfigError: no such split.
    """
    if not isinstance(which, str):
        return tuple(which)
    if which == "none":
        return ()
    if which == "all":
        return tuple(t for split in SPLITS for t in load_templates(split))
    return load_templates(which)
