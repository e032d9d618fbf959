"""Self-test of a knowledge base: does kgcheck understand its ontology?

True statements are written from the KB's facts in every phrasing the ontology allows, and
perturbed (false) ones from the same facts; values said in another unit or relative to the
clock; and each fact, true and perturbed, inside a reply as assistants write it, from reply
templates of two splits (:mod:`kgcheck.kb.selftest.replies`: ``held_out`` was written by
someone who never read kgcheck's code and is not developed against). Each is checked as a
fresh conversation's reply.
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
from kgcheck.kb.selftest.replies import SPLITS, Template, load_templates
from kgcheck.kb.selftest.run import (
    SelftestChecker,
    generate_statements,
    load_checker,
    run_statements,
    selftest,
    templates_of,
)

__all__ = [
    "PERTURBATIONS",
    "PHRASINGS",
    "SPLITS",
    "Outcome",
    "PropertyRow",
    "SelftestChecker",
    "SelftestResult",
    "Statement",
    "Template",
    "generate_statements",
    "load_checker",
    "load_templates",
    "run_statements",
    "selftest",
    "templates_of",
]
