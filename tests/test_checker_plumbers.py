"""Days of the week a KB lists, holidays, round figures and a deal's price, in a domain of its
own: a plumbing firm in Leeds (``tests/fixtures/plumbers``) whose plumbers work on some days of
the week, whose branches close on others, and whose spring deal prices a boiler service below
its fixed price. Each test is named after what broke in a blind trial (dental clinics in
Dublin, a home-services firm in Manchester): a true reply must come out as it went in, and a
wrong value is found where the KB says what it is."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES, acted

PLUMBERS = FIXTURES / "plumbers" / "kgcheck.yaml"
NOW = "2026-11-24T09:30:00+00:00"  # a Tuesday in Leeds


@pytest.fixture(scope="module")
def firm() -> Checker:
    return Checker.from_config(PLUMBERS)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="t", now=NOW))


def test_days_of_the_week_in_the_plural_are_the_kbs_days(firm: Checker) -> None:
    # "Mondays, Wednesdays and Fridays" named no day: a wrong working day was never found
    true = "Priya Shah is in on Mondays, Wednesdays and Thursdays."
    assert check(firm, true).text == true
    wrong = check(firm, "Priya Shah is in on Mondays, Wednesdays and Fridays.")
    assert acted(wrong) == ["Fridays"]


def test_a_day_of_the_week_written_with_its_date_is_that_date(firm: Checker) -> None:
    # "closed on Monday 1 June" was read as "closed on Mondays", against the days the KB lists
    reply = "Headingley is closed on Tuesday 1 December for staff training."
    report = check(firm, reply)
    assert report.text == reply
    assert acted(report) == []


def test_a_holiday_named_without_its_day_is_no_made_up_name(firm: Checker) -> None:
    # "close for Christmas": "Christmas" was a name the KB lacks and the sentence was removed
    reply = (
        "All our branches close for Christmas from Friday 25 December and reopen on "
        "Tuesday 29 December."
    )
    report = check(firm, reply)
    assert report.text == reply
    assert acted(report) == []


@pytest.mark.parametrize(("reply", "agrees"), [
    ("A drainage survey takes about 3 hours.", True),
    ("A drainage survey takes about 5 hours.", False),
])  # fmt: skip
def test_a_lone_five_is_no_round_figure_of_three(firm: Checker, reply: str, agrees: bool) -> None:
    # "about 5 hours" agreed with 3 hours: a last 5 was read as rounding to the five
    report = check(firm, reply)
    assert (acted(report) == []) is agrees


def test_a_deals_price_is_the_price_of_what_it_offers(firm: Checker) -> None:
    # "gets you a boiler service for £79" was the service's fixed price, and the deal's true
    # price was rewritten to it
    for reply in (
        "Our Spring Service Deal gets you a boiler service for £72 instead of £90.",
        "The Spring Service Deal runs until 30 April, so book your £72 boiler service now.",
    ):
        report = check(firm, reply)
        assert report.text == reply
        assert acted(report) == []
    # a price that is neither the deal's nor the service's is flagged, not corrected to either
    reply = "Our Spring Service Deal gets you a boiler service for £62 instead of £90."
    report = check(firm, reply)
    assert acted(report) == ["£62"]
    assert report.text == reply
    wrong = check(firm, "A boiler service is £80.")
    assert wrong.text == "A boiler service is £90."


def test_a_count_of_the_rows_a_reply_restates_is_no_value_of_the_kb(firm: Checker) -> None:
    # "two of the three fillings, on teeth 14 and 25" of a quote with three line items was
    # read as the medical card's free fillings per year and rewritten to 2
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "Which radiators need new valves after the power flush?")
    rows = [{"item": "radiator valve", "room": room, "price": 35.0} for room in ("kitchen", "hall")]
    rows.append({"item": "radiator valve", "room": "landing", "price": 35.0})
    state.add_tool_result(
        "get_quote", {"quote_id": "Q-88", "line_items": rows}, arguments={"job": "power flush"}
    )
    reply = "Your power flush covers the three radiators, in the kitchen, hall and landing."
    report = firm.check_turn(reply, state)
    assert report.text == reply
    assert acted(report) == []
    # a count that restates no row is read against the KB, as before
    wrong = check(firm, "Your power flush covers three radiators.")
    assert acted(wrong) == ["three"]


def test_hours_on_weekdays_are_not_read_as_the_hours_of_the_saturday_named_after(
    firm: Checker,
) -> None:
    # with "Saturdays" a name of the KB's day, "8am to 5:30pm on weekdays" was read as the
    # Saturday hours and flagged
    reply = "Headingley is open 8am to 5:30pm on weekdays and 9am to 12pm on Saturdays."
    report = check(firm, reply)
    assert report.text == reply
    assert acted(report) == []
    wrong = check(
        firm, "Headingley is open 8am to 5:30pm on weekdays and 10am to 12pm on Saturdays."
    )
    assert acted(wrong) == ["10am"]
