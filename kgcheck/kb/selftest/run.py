"""Generating a KB's statements and checking each one as a fresh conversation's first reply."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rdflib import URIRef

from kgcheck.config import Config
from kgcheck.errors import KnowledgeBaseError
from kgcheck.history.state import DialogueState
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.selftest.facts import collect_facts
from kgcheck.kb.selftest.generate import true_statements
from kgcheck.kb.selftest.model import Outcome, PropertyRow, SelftestResult, Statement
from kgcheck.kb.selftest.perturb import perturbed_statements
from kgcheck.kb.selftest.phrasing import Phraser
from kgcheck.report import TurnReport

if TYPE_CHECKING:
    from kgcheck.checker import Checker

__all__ = [
    "SelftestChecker",
    "generate_statements",
    "load_checker",
    "run_statements",
    "selftest",
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
) -> list[Statement]:
    """The true and perturbed statements of ``kb``: the same list for the same seed.

    Args:
        kb: the knowledge base and its ontology.
        now: the reference time that decides tenses (default: now).
        seed: seeds the sample of facts and the choice of forms and replacement values.
        max_facts_per_property: facts stated per property at most (``None``: all).
        tolerances: relative tolerances per numeric kind (default: ``numeric.tolerances``'
            defaults); a wrong number lies outside them and the property's ``kgc:tolerance``.
        notes: gets a line for each thing left out and why.
    """
    from kgcheck.config import NUMERIC_KINDS

    notes = notes if notes is not None else []
    rng = random.Random(seed)
    phraser = Phraser(kb, now or datetime.now(UTC))
    facts = collect_facts(kb, rng, max_facts_per_property, notes)
    statements = list(true_statements(phraser, facts, rng))
    kinds = NUMERIC_KINDS if tolerances is None else tolerances
    statements.extend(perturbed_statements(phraser, facts, rng, kinds, notes))
    return statements


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
        state = DialogueState(session_id="selftest", now=checker.config.now)
        report = checker.check_turn(statement.text, state, record=False)
        outcome = Outcome(
            statement=statement,
            flags=tuple(
                (str(f.type), round(f.confidence, 4), f.message)
                for f in report.flags
                if f.confidence >= limit
            ),
            decision=str(report.decision),
            claimed=_claimed(checker.kb, report, statement.property),
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
) -> SelftestResult:
    """Generate true and perturbed statements from the checker's KB and check each one.

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
    )
    result = run_statements(checker, statements, threshold=threshold, on_result=on_result)
    result.notes = notes
    return result
