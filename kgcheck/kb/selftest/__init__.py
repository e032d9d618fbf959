"""Self-test of a knowledge base: does kgcheck understand its ontology?

True statements are written from the KB's facts in every phrasing the ontology allows, and
perturbed (false) ones from the same facts; each is checked as a fresh conversation's reply.
A flag at or above ``mitigation.flag_threshold`` on a true statement is a false alarm, on a
perturbed one a catch.

Usage::

    from kgcheck.kb.selftest import selftest

    result = selftest(checker, seed=0, max_facts_per_property=20)
    result.totals.false_alarm_rate, result.totals.recall, result.false_alarms
"""

from kgcheck.kb.selftest.model import (
    PERTURBATIONS,
    PHRASINGS,
    Outcome,
    PropertyRow,
    SelftestResult,
    Statement,
)
from kgcheck.kb.selftest.run import (
    SelftestChecker,
    generate_statements,
    load_checker,
    run_statements,
    selftest,
)

__all__ = [
    "PERTURBATIONS",
    "PHRASINGS",
    "Outcome",
    "PropertyRow",
    "SelftestChecker",
    "SelftestResult",
    "Statement",
    "generate_statements",
    "load_checker",
    "run_statements",
    "selftest",
]
