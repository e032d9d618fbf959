"""Reading the one row a call returned: a date said with values that name the row is of the
row's date, flagged (never rewritten: no verb ties it to one of the row's dates, and it may be
of something else the sentence speaks of). In a domain of its own: a boiler-cover plan."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport

NOW = "2026-11-28T10:00:00+00:00"

PLAN = {
    "plan_ref": "HC-20931",
    "plan_name": "HomeCare Plus",
    "status": "active",
    "monthly_cost": 19.5,
    "currency": "GBP",
    "next_payment": "2026-12-01",
}


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}}))


def check(checker: Checker, reply: str) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "When do you take my next payment for plan HC-20931?")
    state.add_tool_result("get_plan", PLAN, arguments={"plan_ref": "HC-20931"})
    return checker.check_turn(reply, state)


def test_a_wrong_date_said_with_the_rows_values_is_flagged_not_rewritten(
    checker: Checker,
) -> None:
    # "on 2 December" is no date of the plan; £19.50 and "HomeCare Plus" name the one row
    reply = "Your HomeCare Plus plan is active, and the next £19.50 payment is taken on 2 December."
    report = check(checker, reply)
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["2 December"]
    assert report.text == reply


def test_the_rows_own_date_said_with_its_values_is_untouched(checker: Checker) -> None:
    reply = "Your HomeCare Plus plan is active, and the next £19.50 payment is taken on 1 December."
    report = check(checker, reply)
    assert [f.content for f in report.flags if f.confidence >= 0.5] == []
    assert report.text == reply
