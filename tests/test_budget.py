"""The budget of one check: CPU seconds, cancellation, and what a check that stops reports."""

from __future__ import annotations

import threading

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.budget import Budget, BudgetSpent
from kgcheck.types import Decision

WRONG = "Dr. Patel works in Oncology."  # the KB: Cardiology; the checker corrects it


class _StopAt(Budget):
    """A budget that runs out right before ``stage``."""

    def __init__(self, stage: str) -> None:
        super().__init__(None)
        self.stage = stage
        self.asked: list[str] = []

    def check(self, stage: str) -> None:
        self.asked.append(stage)
        if stage == self.stage:
            raise BudgetSpent(f"spent before {stage}", stage=stage)


def test_budget_counts_cpu_time_of_the_checking_thread() -> None:
    budget = Budget(0.05)
    budget.check("nlp")  # the thread that asks first is the one counted
    seen: list[float] = []
    other = threading.Thread(target=lambda: seen.append(budget.spent()))
    other.start()
    other.join()
    assert seen == [0.0]
    while budget.spent() <= 0.05:
        sum(range(10_000))
    with pytest.raises(BudgetSpent, match=r"budget of 0\.05 s CPU") as spent:
        budget.check("detector.wrong_attribute")
    assert spent.value.stage == "detector.wrong_attribute"
    assert not spent.value.cancelled


def test_a_cancelled_budget_stops_at_the_next_stage_whatever_its_limit() -> None:
    budget = Budget(None)
    budget.check("nlp")
    budget.cancel()
    with pytest.raises(BudgetSpent, match="cancelled before numeric") as spent:
        budget.check("numeric")
    assert spent.value.cancelled


def test_a_check_past_its_budget_is_reported_and_never_accepted(acme_checker: Checker) -> None:
    report = acme_checker.check_turn(WRONG, DialogueState(), budget=Budget(1e-9), record=False)
    assert [(e.stage, e.code) for e in report.errors] == [("nlp", "KGC708")]
    assert report.decision != Decision.ACCEPT
    assert report.text == WRONG  # nothing was checked, so nothing is rewritten
    assert "nlp: not run (budget spent)" in report.skipped
    assert "detector.wrong_attribute: not run (budget spent)" in report.skipped


def test_a_cancelled_check_says_so(acme_checker: Checker) -> None:
    budget = Budget(None)
    budget.cancel()
    report = acme_checker.check_turn(WRONG, DialogueState(), budget=budget, record=False)
    assert report.errors[0].code == "KGC708"
    assert "cancelled" in report.errors[0].reason
    assert "nlp: not run (cancelled)" in report.skipped


def test_a_budget_spent_before_the_recheck_writes_no_unchecked_correction(
    acme_checker: Checker,
) -> None:
    full = acme_checker.check_turn(WRONG, DialogueState(), record=False)
    assert full.text == "Dr. Patel works in Cardiology."  # what an unhurried check writes
    budget = _StopAt("recheck")
    report = acme_checker.check_turn(WRONG, DialogueState(), budget=budget, record=False)
    assert "recheck" in budget.asked
    assert [(e.stage, e.code) for e in report.errors] == [("recheck", "KGC708")]
    assert report.text == WRONG
    assert [f.type for f in report.flags] == [f.type for f in full.flags]  # still flagged
    assert report.decision != Decision.ACCEPT


def test_a_budget_spent_midway_keeps_the_flags_found_before(acme_checker: Checker) -> None:
    budget = _StopAt("detector.unsupported_claim")
    report = acme_checker.check_turn(WRONG, DialogueState(), budget=budget, record=False)
    assert "wrong_attribute" in {f.type.value for f in report.flags}
    assert "detector.unsupported_claim: not run (budget spent)" in report.skipped
    assert report.errors[0].stage == "detector.unsupported_claim"


def test_the_default_budget_comes_from_the_configuration(acme_checker: Checker) -> None:
    assert acme_checker.config.budget_s == 5.0
    report = acme_checker.check_turn(WRONG, DialogueState(), record=False)
    assert report.errors == []
