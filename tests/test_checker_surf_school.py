"""Amounts in a currency other than the US dollar, addresses written as people write them, and
names and dates read in the reply's context, in a domain of its own: an Australian surf
school (``tests/fixtures/surfschool``) that prices in Australian dollars, with offers per
board type. Each test is named after what broke in a blind trial (a driving school in
Melbourne, an aquarium in Sydney): a true reply must come out as it went in, and a wrong value
is found where the KB says what it is."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES, acted

SURF_SCHOOL = FIXTURES / "surfschool" / "kgcheck.yaml"
NOW = "2026-08-12T10:00:00+10:00"  # a Wednesday in Sydney


@pytest.fixture(scope="module")
def school() -> Checker:
    return Checker.from_config(SURF_SCHOOL)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="t", now=NOW))


def test_a_bare_dollar_is_the_knowledge_bases_own_dollar(school: Checker) -> None:
    # "$85" was read as US dollars and no price in AUD could be its value: every amount of
    # the domain was "unsupported", a wrong one never found
    reply = "A Group Lesson is $85, and the Weekend Surf Camp is $560."
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []
    wrong = check(school, "A Group Lesson is $95.")
    assert acted(wrong) == ["$95"]
    assert wrong.text == "A Group Lesson is $85."


def test_a_town_and_its_state_in_an_address_are_no_made_up_name(school: Checker) -> None:
    # "Nelson Bay NSW" (the address's locality and region run together) was a name the KB
    # lacks, and the sentence was removed
    reply = "You'll find us at 18 South Steyne, Manly NSW 2095. Lessons start on the beach."
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []


def test_a_name_ending_in_a_place_is_no_name_of_that_place(school: Checker) -> None:
    # "at the Reef" was a key of the event "Twilight at the Reef", so "a flat white at the
    # Reef Cafe" read the event's $65 ticket as the coffee's price and rewrote it
    reply = "A flat white at the Point Cafe is $5.20."
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []


def test_an_amount_for_a_value_many_things_are_linked_to_is_not_certain(school: Checker) -> None:
    # "($740 for manual)": the things linked to "manual" were searched for a price, the first
    # one's was taken as certain and the pack's true price for manual was rewritten
    reply = "The Five-Lesson Pack is $390 on a softboard ($440 for hardboard)."
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []


def test_a_day_of_the_month_alone_takes_the_month_named_before_it(school: Checker) -> None:
    # "finishes on Friday the 25th" after "Monday 21 September" was read as 25 August: "it
    # ends before it starts"
    reply = "The Five-Day Camp starts on Monday 21 September and finishes on Friday the 25th."
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []
    wrong = check(
        school, "The Five-Day Camp starts on Monday 21 September and finishes on Saturday the 26th."
    )
    assert acted(wrong) == ["Saturday the 26th"]


def test_an_amount_for_all_that_was_listed_is_a_total(school: Checker) -> None:
    # "15 hours of driving plus the Test Day Package, all for $1,150" was read as the
    # package's price and rewritten to it
    reply = (
        "The Five-Day Camp includes 10 hours of coaching plus the Board Hire Package, "
        "all for $1,150."
    )
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []


def test_both_before_a_list_of_values_is_no_value(school: Checker) -> None:
    # "he teaches both manual and automatic": the object was "both manual", no value of the
    # KB, and the reply was held back as a wrong attribute
    reply = "Kai Morgan teaches both softboard and hardboard."
    report = check(school, reply)
    assert report.text == reply
    assert acted(report) == []
    assert report.decision == "accept"


def test_a_round_figure_of_a_tool_rows_measure_agrees_with_what_rounds_to_it(
    school: Checker,
) -> None:
    # "about 6 km away" of a row's 6.1 km was flagged (and corrected to "about 6.1 km")
    state = DialogueState(session_id="t", now=NOW)
    state.add_tool_result(
        "find_breaks",
        [
            {"name": "Shelly Beach", "address": "2 Marine Parade", "distance_km": 6.1,
             "next_lesson": "2026-09-02"},
            {"name": "Freshwater", "address": "40 Lumsdaine Drive", "distance_km": 13.8,
             "next_lesson": "2026-08-25"},
        ],
    )  # fmt: skip
    reply = (
        "The closest break to you is Shelly Beach at 2 Marine Parade, about 6 km away, with the "
        "next lesson on Wednesday 2 September. Freshwater is further out at 13.8 km."
    )
    report = school.check_turn(reply, state)
    assert report.text == reply
    assert acted(report) == []
    wrong = school.check_turn(reply.replace("about 6 km", "about 8 km"), state)
    assert acted(wrong) == ["8 km"]
