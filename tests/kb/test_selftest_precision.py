"""The self-test as the precision benchmark: on the bundled KBs and on KBs written for the tests
from the README alone (a ferry line, a parks service), true statements in every phrasing (inside
replies of the development templates included) raise no more than 1 % false alarms and at least
95 % of perturbed ones are caught. NLI is off to
keep the suite fast; benchmarks/selftest.py measures with the model on."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker
from kgcheck.config import load_config
from kgcheck.kb.selftest import selftest
from tests.conftest import FIXTURES, ROOT

KBS = [
    FIXTURES / "ferry" / "kgcheck.yaml",
    FIXTURES / "selftest" / "kgcheck.yaml",
    ROOT / "kgcheck" / "examples" / "acme" / "kgcheck.yaml",
    ROOT / "data" / "finance" / "kgcheck.yaml",
]


@pytest.mark.parametrize("config", KBS, ids=lambda p: p.parent.name)
def test_selftest_false_alarms_at_most_one_percent_and_recall_at_least_95(config: Path) -> None:
    loaded = load_config(config, environ={"KGCHECK_NLI__MODEL": "none"})
    # the development reply templates only: the held-out ones are not developed against
    result = selftest(Checker(loaded), seed=0, max_facts_per_property=4, templates="development")
    totals = result.totals
    alarms = [o.statement.text for o in result.false_alarms[:5]]
    assert totals.false_alarm_rate is not None and totals.false_alarm_rate <= 0.01, alarms
    assert totals.recall is not None and totals.recall >= 0.95
