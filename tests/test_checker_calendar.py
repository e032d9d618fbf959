"""Task-oriented replies: a personal calendar (``tests/fixtures/calendar``) written from the
README as a user of an assistant would, checked with the embedded NLI model on. Appointments
have a day and a start time (``xsd:time``); replies state both at once ("on Friday at 6 pm")."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from kgcheck.types import Decision
from tests.conftest import FIXTURES

CALENDAR = FIXTURES / "calendar" / "kgcheck.yaml"
MONDAY = "2026-11-23T09:00:00+00:00"


@pytest.fixture(scope="module")
def calendar() -> Checker:
    return Checker.from_config(CALENDAR)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="c", now=MONDAY))


def acted(report: TurnReport) -> list[str]:
    return [str(f.type) for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    [
        "Your swimming lesson is on Tuesday at 1 pm.",
        "Your dentist appointment is on the 5th at 2pm.",
        # a time of day is compared as a time, not as the string "17:00:00"
        "Your budget meeting is at 5PM.",
        "Your budget meeting with Alex is on Saturday at 5pm in conference room 100.",
    ],
)
def test_calendar_true_reply_is_accepted_untouched(calendar: Checker, reply: str) -> None:
    report = check(calendar, reply)
    assert acted(report) == []
    assert report.text == reply


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        # a wrong time beside a right day: only the time changes
        (
            "Your swimming lesson is on Tuesday at 10 am.",
            "Your swimming lesson is on Tuesday at 1 pm.",
        ),
        # a wrong day beside a right time: only the day changes, the time stays
        (
            "Your swimming lesson is on Friday at 1 pm.",
            "Your swimming lesson is on Tuesday at 1 pm.",
        ),
        (
            "Your dentist appointment is on the 6th at 2pm.",
            "Your dentist appointment is on the 5th at 2pm.",
        ),
        ("Your dentist appointment is at 5pm.", "Your dentist appointment is at 2pm."),
        # "with Alex" names who the meeting is with; the meeting is what is at 4pm
        (
            "Your budget meeting with Alex is on Saturday at 4pm in conference room 100.",
            "Your budget meeting with Alex is on Saturday at 5pm in conference room 100.",
        ),
    ],
)
def test_calendar_wrong_day_or_time_is_corrected_in_place(
    calendar: Checker, reply: str, fixed: str
) -> None:
    report = check(calendar, reply)
    assert "wrong_attribute" in acted(report)
    assert report.decision == Decision.REVISE
    assert report.text == fixed


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        # two dinners: the one with your father is on Friday at 6 pm
        (
            "Your dinner with your father is on Friday at 7pm.",
            "Your dinner with your father is on Friday at 6pm.",
        ),
        # two tennis games; Thursday's is at 11 am
        ("Your tennis is on Thursday at 10am.", "Your tennis is on Thursday at 11am."),
    ],
)
def test_calendar_same_named_appointments_are_told_apart_by_what_else_is_said(
    calendar: Checker, reply: str, fixed: str
) -> None:
    report = check(calendar, reply)
    assert report.text == fixed


@pytest.mark.parametrize(
    "reply",
    [
        "Your dinner with your father is on Friday at 6pm.",
        "Your dinner with your aunt is on the 8th at 7pm.",
        "Your tennis is on Thursday at 11am.",
        "Your tennis is on Saturday at 3pm.",
    ],
)
def test_calendar_same_named_appointment_stated_right_is_accepted(
    calendar: Checker, reply: str
) -> None:
    assert acted(check(calendar, reply)) == []


def test_calendar_day_of_one_and_time_of_another_is_caught_without_a_guess(
    calendar: Checker,
) -> None:
    # Thursday's game is at 11 am and the 3 pm game is on Saturday: which part is wrong is
    # not known, so nothing is corrected into the reply
    report = check(calendar, "Your tennis is on Thursday at 3pm.")
    (flag,) = [f for f in report.flags if f.confidence >= 0.5]
    assert flag.content == "Thursday at 3pm"
    assert flag.correction is None
    assert "11 am" in flag.message and "3 pm" in flag.message
    assert report.decision != Decision.ACCEPT


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        # a list of appointments named by who they are with
        (
            "You have two, one with Alex at 1pm on Saturday and one with your sister at 2pm "
            "on the 5th.",
            "You have two, one with Alex at 5pm on Saturday and one with your sister at 2pm "
            "on the 5th.",
        ),
        (
            "I have two dinners: one on Friday at 7 pm with your father and one on the 8th at "
            "7 pm with your aunt.",
            "I have two dinners: one on Friday at 6 pm with your father and one on the 8th at "
            "7 pm with your aunt.",
        ),
        # "Friday" would name this week's Friday; the aunt's dinner is in two weeks
        (
            "Your dinner with your aunt is on Friday at 7pm.",
            "Your dinner with your aunt is on 8 December 2026 at 7pm.",
        ),
    ],
)
def test_calendar_appointments_named_by_who_they_are_with(
    calendar: Checker, reply: str, fixed: str
) -> None:
    assert check(calendar, reply).text == fixed


@pytest.mark.parametrize(
    "reply",
    [
        "You have two, one with Alex at 5pm on Saturday and one with your sister at 2pm on the "
        "5th.",
        "You have dinner with your aunt on the 8th at 7pm.",
        # a person with no appointment that day is not an appointment's date
        "Alex started the project on Monday.",
    ],
)
def test_calendar_appointments_named_by_who_stated_right_are_accepted(
    calendar: Checker, reply: str
) -> None:
    assert acted(check(calendar, reply)) == []


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        # the KB's "swimming lesson", named by its kind
        ("Your swim lesson is on Tuesday at 10 am.", "Your swim lesson is on Tuesday at 1 pm."),
        # "tennis game" for the KB's "tennis" (Thursday's game)
        ("Your tennis game is on Thursday at 2pm.", "Your tennis game is on Thursday at 11am."),
    ],
)
def test_calendar_appointment_named_by_its_kind_is_checked(
    calendar: Checker, reply: str, fixed: str
) -> None:
    assert check(calendar, reply).text == fixed


@pytest.mark.parametrize(
    "reply",
    [
        "Your swim lesson is on Tuesday at 1 pm.",
        "Your swimming is on Tuesday at 1 pm.",
        # a verb is no appointment
        "You can swim on Friday at 9 am.",
    ],
)
def test_calendar_appointment_named_by_its_kind_stated_right_is_accepted(
    calendar: Checker, reply: str
) -> None:
    assert acted(check(calendar, reply)) == []


def test_calendar_one_of_the_entries_the_user_asked_about_is_checked(calendar: Checker) -> None:
    # "my tennis": both games are what the conversation is about; "one at ..." is one of them
    state = DialogueState(session_id="c", now=MONDAY)
    state.add_turn("user", "When is my tennis?")
    right = "There is one at 11am on Thursday, and another at 3pm on Saturday."
    assert acted(calendar.check_turn(right, state)) == []
    wrong = "There is one at 10am on Thursday, and another at 3pm on Saturday."
    report = calendar.check_turn(wrong, state)
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["10am on Thursday"]
