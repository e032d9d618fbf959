"""Reading replies as assistants write them (issue 35), in a domain of its own: a Swiss show
dairy (``tests/fixtures/dairy``) priced in Swiss francs, with an age limit, a most of guests,
cheeses named with their vintage and an event named after its day. Each test is named after
what the blind trials broke (the winery's rand, vintages, "18 or older", "Maximum number of
guests", "Oyster Sunday ... from 12pm to 4pm" made false, and a coordinated name taken for a
second value): a true reply comes out as it went in, a wrong value is found."""

from __future__ import annotations

from typing import Any

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES, acted

DAIRY = FIXTURES / "dairy" / "kgcheck.yaml"
NOW = "2026-12-02T10:00:00+00:00"  # a Wednesday


@pytest.fixture(scope="module")
def dairy() -> Checker:
    return Checker.from_config(DAIRY)


def check(
    checker: Checker, reply: str, tool: tuple[str, list[dict[str, Any]]] | None = None
) -> TurnReport:
    state = DialogueState(session_id="t", now=NOW)
    if tool is not None:
        state.add_turn("user", "When can I go?")
        state.add_tool_result(*tool)
    return checker.check_turn(reply, state)


TRAINS = (
    "trains",
    [{"train": "Cheese Express", "departure": t} for t in ("13:10", "14:10", "15:10")],
)


@pytest.mark.parametrize(
    "reply",
    [
        # a currency other than the dollar, the pound and the euro, by its code or its name
        "A tasting at Alpina Show Dairy costs CHF 25 per person.",
        "A tasting at Alpina Show Dairy costs 25 francs per person.",
        # an age said as "aged 12" or "12 and older" is the minimum age, in years
        "Tours at Alpina Show Dairy are for visitors aged 12 and older.",
        "Alpina Show Dairy takes a maximum of 20 guests.",
        # a vintage said first ("the 2024 Gruyère") is the KB's "Gruyère 2024"
        "The 2024 Gruyère costs CHF 32.",
        # a day before a range of times is the day of both ends: 4pm is not the start
        "Fondue Sunday is on Sunday 6 December from 12pm to 4pm.",
        # a name after "and" with its own verb is the next clause's subject, no second value
        "Our cheesemaker at Alpina Show Dairy is Anna Keller, and Marco Rossi is the tour guide.",
        # a range of days is a least and a most the ontology pairs (kgc:precedes), in days
        # however the days are qualified
        "Deliveries to Ticino usually take 2 to 3 business days.",
        "Deliveries to Bern take between 1 and 2 working days.",
    ],
)
def test_true_reply_in_another_currency_age_vintage_or_day_range_is_untouched(
    dairy: Checker, reply: str
) -> None:
    report = check(dairy, reply)
    assert report.text == reply
    assert acted(report) == []


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        (
            "A tasting at Alpina Show Dairy costs CHF 30 per person.",
            "A tasting at Alpina Show Dairy costs CHF 25 per person.",
        ),
        ("The 2024 Gruyère costs CHF 38.", "The 2024 Gruyère costs CHF 32."),
    ],
)
def test_wrong_amount_in_another_currency_or_of_a_vintage_said_first_is_corrected(
    dairy: Checker, reply: str, fixed: str
) -> None:
    assert check(dairy, reply).text == fixed


@pytest.mark.parametrize(
    ("reply", "wrong"),
    [
        ("Tours at Alpina Show Dairy are for visitors 16 or older.", "16"),
        ("Alpina Show Dairy takes a maximum of 25 guests.", "25"),
        ("Deliveries to Ticino usually take 1 to 2 business days.", "1 to 2 business days"),
    ],
)
def test_wrong_age_most_of_guests_or_range_of_days_is_flagged(
    dairy: Checker, reply: str, wrong: str
) -> None:
    report = check(dairy, reply)
    assert acted(report) == [wrong]


def test_a_list_of_times_restating_a_result_is_untouched_and_a_wrong_one_flagged(
    dairy: Checker,
) -> None:
    reply = "The Cheese Express leaves at 13:10, 14:10 and 15:10."
    report = check(dairy, reply, TRAINS)
    assert (report.text, acted(report)) == (reply, [])
    report = check(dairy, "The Cheese Express leaves at 13:10, 14:40 and 15:10.", TRAINS)
    assert acted(report) == ["14:40"]


def test_a_time_of_day_is_of_the_day_the_sentence_names_elsewhere(dairy: Checker) -> None:
    # a winery's "Tonight the Oudekloof Wine Bar closes at 10pm" of a Thursday it closes at 9
    # passed: the time was read against every day's closing time. Today is a Wednesday.
    reply = "Today Alpina Show Dairy closes at 6pm."
    report = check(dairy, reply)
    assert (report.text, acted(report)) == (reply, [])
    assert acted(check(dairy, "Today Alpina Show Dairy closes at 4pm.")) == ["4pm"]
    reply = "On Sunday Alpina Show Dairy closes at 4pm."
    assert acted(check(dairy, reply)) == []
