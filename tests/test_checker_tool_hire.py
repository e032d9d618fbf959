"""Reading what a property points at and what a number says of itself, in a domain of its
own: a tool hire depot (``tests/fixtures/toolhire``) with office hours per day beside one
set of yard hours for every day, items measured by structured values and a weekly induction
kept as a ``schema:Schedule`` node. Each test is named after what broke in a blind trial (a
self-storage company, a language school): a true reply must come out as it went in, and a
wrong value is found where the KB says what it is."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import FIXTURES, acted

TOOL_HIRE = FIXTURES / "toolhire" / "kgcheck.yaml"
NOW = "2026-05-14T10:30:00+01:00"  # a Thursday


@pytest.fixture(scope="module")
def depot() -> Checker:
    return Checker.from_config(TOOL_HIRE)


def check(checker: Checker, reply: str, state: DialogueState | None = None) -> TurnReport:
    return checker.check_turn(reply, state or DialogueState(session_id="t", now=NOW))


def test_a_number_with_a_word_of_its_own_shares_no_property_with_the_one_before(
    depot: Checker,
) -> None:
    # "5 ft deep" took the width of "10 ft wide" before it and was removed as a wrong width
    reply = "The trench plate is 8 ft wide by 4 ft deep."
    report = check(depot, reply)
    assert report.text == reply
    assert acted(report) == []
    wrong = check(depot, "The trench plate is 8 ft wide by 6 ft deep.")
    assert acted(wrong) == ["6 ft"]
    assert "depth" in wrong.flags[0].message


def test_a_date_read_through_a_schedule_node_recurs_with_it(depot: Checker) -> None:
    # the start date sits on the course's weekly schedule node: "next Monday, 18 May" is one
    # of its Mondays (it was rewritten to "next 5 January 2026", the series' first)
    reply = (
        "The Site Safety Induction runs every Monday, so the next start date is next "
        "Monday, 18 May."
    )
    report = check(depot, reply)
    assert report.text == reply
    assert acted(report) == []


def test_a_lone_node_of_a_class_read_per_day_elsewhere_holds_on_its_days(
    depot: Checker,
) -> None:
    # the yard's one OpeningHoursSpecification for every day was read without its days, so
    # "every day" kept only the office's hours and 6am was called wrong
    for reply in (
        "Our Ripon office opens at 8am on Saturdays. If you only need the yard, it is open "
        "from 6am to 10pm every day.",
        "At Hirewell Ripon the yard is open from 6am to 10pm every day.",
    ):
        report = check(depot, reply)
        assert report.text == reply
        assert acted(report) == []


def test_an_opening_word_set_off_by_a_comma_is_no_name(depot: Checker) -> None:
    # "Congratulations, Wei!" beside a row's name was read as a made-up name listed with it,
    # and the sentence was removed
    state = DialogueState(session_id="t", now=NOW)
    state.add_turn("user", "Did I pass the induction? I'm Ana Silva.")
    state.add_tool_result(
        "get_induction_result",
        [{"trainee_name": "Ana Silva", "result": "pass", "score": 18, "max_score": 20}],
    )
    reply = "Congratulations, Ana! You passed with 18 out of 20."
    report = check(depot, reply, state)
    assert report.text == reply
    assert [f.type for f in report.flags if f.type == "nonexistent_entity"] == []
