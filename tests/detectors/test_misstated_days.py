"""``misstated_days``: the days of the week a reply says something happens on, read against
the days the KB holds for it, in a domain of its own (the show dairy of
``tests/fixtures/dairy``: opening hours Tuesday to Sunday, deliveries to Ticino on Tuesdays
and Fridays). Blind trials broke it: "Eikeboom Restaurant is open from Monday to Saturday" of a
restaurant closed on Mondays and Tuesdays, and pickups "on Tuesdays, Thursdays and Sundays" of
a zone collected on Saturdays, both passed."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from tests.conftest import FIXTURES

NOW = "2026-12-02T10:00:00+00:00"  # a Wednesday


@pytest.fixture(scope="module")
def dairy() -> Checker:
    return Checker.from_config(FIXTURES / "dairy" / "kgcheck.yaml")


def days_flagged(checker: Checker, reply: str) -> list[str]:
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW))
    return [f.content for f in report.flags if f.detector == "misstated_days"]


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        # the days of its opening hours' nodes are the dairy's days
        ("Alpina Show Dairy is open from Monday to Saturday, 9am to 6pm.", ["Monday to Saturday"]),
        ("Alpina Show Dairy is open every day.", ["every day"]),
        # the values of a property whose values are days
        ("Deliveries to Ticino go out on Tuesdays and Thursdays.", ["Thursdays"]),
    ],
)
def test_a_day_the_thing_does_not_hold_is_flagged(
    dairy: Checker, reply: str, flagged: list[str]
) -> None:
    assert days_flagged(dairy, reply) == flagged


@pytest.mark.parametrize(
    "reply",
    [
        "Alpina Show Dairy is open from Tuesday to Saturday, 9am to 6pm, and on Sundays.",
        "Deliveries to Ticino go out on Tuesdays and Fridays.",
        # a denial or an exception names days it does not happen on
        "Alpina Show Dairy is closed on Mondays.",
        "Alpina Show Dairy is open every day except Monday.",
        # a day said as one date is no day it happens on each week
        "Your cheese from Alpina Show Dairy will be ready next Monday.",
        "Alpina Show Dairy posted your order on Monday, December 1.",
        # a question asks
        "Is Alpina Show Dairy open on Mondays?",
        # no thing that holds days is named
        "We can talk again on Monday.",
    ],
)
def test_days_the_thing_holds_or_days_said_otherwise_are_left_alone(
    dairy: Checker, reply: str
) -> None:
    assert days_flagged(dairy, reply) == []


def test_every_day_but_some_is_the_week_less_those_days(dairy: Checker) -> None:
    # the winery's "We run cellar tours every day except Monday" of tours run Monday to
    # Saturday passed: "every day except" says every other day
    assert days_flagged(dairy, "Alpina Show Dairy is open every day except Sunday.") == [
        "every day except Sunday"
    ]
    assert days_flagged(dairy, "Alpina Show Dairy is open daily apart from Mondays.") == []
