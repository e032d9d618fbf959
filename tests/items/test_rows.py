"""Reading a tool's rows: a name said in the plural, an amount said per a period, and a
number the user only asked about. In a domain of its own: a van hire desk."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport
from kgcheck.types import FlagType

NOW = "2026-11-28T10:00:00+00:00"

VANS = [
    {"model": "Ford Transit", "gearbox": "manual", "total_price": 96, "seats": 3},
    {"model": "Renault Kangoo", "gearbox": "automatic", "total_price": 150, "seats": 2},
    {"model": "Iveco Daily", "gearbox": "automatic", "total_price": 237, "seats": 3},
]


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}}))


def check(checker: Checker, reply: str, user: str) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", user)
    state.add_tool_result("search_vans", VANS, arguments={"pickup": "Leeds"})
    return checker.check_turn(reply, state)


def flagged(
    checker: Checker, reply: str, user: str = "Any vans for Friday to Monday?"
) -> list[str]:
    return [f.content for f in check(checker, reply, user).flags if f.confidence >= 0.5]


def test_a_rows_name_in_the_plural_and_an_amount_per_day_are_no_other_rows(
    checker: Checker,
) -> None:
    # "Renault Kangoos" is the Kangoo's model; "£50 a day" is no total price of any van (no
    # value supports it, but none is wrong either)
    reply = (
        "If you'd rather have an automatic, there are two Renault Kangoos at £50 a day "
        "(£150 in total), and there's one Iveco Daily left at £237 for the whole hire."
    )
    report = check(checker, reply, "Any vans for Friday to Monday?")
    assert report.text == reply
    assert [f.content for f in report.flags if f.type == FlagType.WRONG_ATTRIBUTE] == []
    assert [f.content for f in report.flags if f.type == FlagType.NONEXISTENT_ENTITY] == []


def test_a_number_the_user_asked_about_is_still_checked(checker: Checker) -> None:
    # the user's question gives a premise, not a fact: "it has 2 seats" of the Transit is wrong
    user = "Does the Ford Transit have 2 seats?"
    assert flagged(checker, "Yes, the Ford Transit has 2 seats and costs £96.", user) == ["2"]


def test_an_amount_written_to_the_penny_is_no_amount_one_percent_off(checker: Checker) -> None:
    # £96.90 is not the Transit's £96 (0.9% off): an amount written to the penny is exact
    assert flagged(checker, "The Ford Transit is a manual, £96.90 for the whole hire.") == [
        "£96.90"
    ]
