"""Task-oriented replies about a family planner (``tests/fixtures/planner``), a domain written
from the README as a user would: lower-case entry names that several entries share ("taking
medicine" twice a day, two piano lessons, two review meetings), named in replies by kind ("take
your medicine", "plays football") and told apart by who takes part, item by item of a list."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import load_config
from kgcheck.report import TurnReport
from kgcheck.types import Decision
from tests.conftest import FIXTURES

PLANNER = FIXTURES / "planner" / "kgcheck.yaml"
NOW = "2026-11-23T08:00:00+00:00"


@pytest.fixture(scope="module")
def planner() -> Checker:
    return Checker.from_config(PLANNER)


def check(checker: Checker, reply: str, user: str = "") -> TurnReport:
    state = DialogueState(session_id="p", now=NOW)
    if user:
        state.add_turn("user", user)
    return checker.check_turn(reply, state)


def acted(report: TurnReport) -> list[str]:
    return [str(f.type) for f in report.flags if f.confidence >= 0.5]


MEDICINE = "When do I take my medicine?"
REVIEWS = "When are the review meetings?"


@pytest.mark.parametrize(
    ("user", "reply"),
    [
        (MEDICINE, "You take your medicine at 9 am and at 9 pm today."),
        (MEDICINE, "You have two, one at 9am and one at 9pm."),
        ("", "Maya has her piano lesson on Wednesday at 4:30 pm."),
        ("", "Tom plays football on Thursday at 6 pm."),
        (
            REVIEWS,
            "HR will be at the one on the 9th and the IT team will be at the one on the 10th.",
        ),
        (
            REVIEWS,
            "There are two: one on the 9th at 10 am with HR, and one on the 10th at 2 pm with "
            "the IT team.",
        ),
        ("", "Your piano lesson with Tom is on Friday at 5 pm."),
        ("", "You have football practice on Thursday at 6pm."),
    ],
)
def test_planner_true_reply_is_accepted_untouched(planner: Checker, user: str, reply: str) -> None:
    report = check(planner, reply, user)
    assert acted(report) == []
    assert report.text == reply


@pytest.mark.parametrize(
    ("user", "reply", "fixed"),
    [
        # "plays football" names the football practice
        ("", "Tom plays football on Thursday at 7 pm.", "Tom plays football on Thursday at 6 pm."),
        # HR is at the first meeting: the 9th; the name before "the one" says which one
        (
            REVIEWS,
            "HR will be at the one on the 10th and the IT team will be at the one on the 10th.",
            "HR will be at the one on the 9th and the IT team will be at the one on the 10th.",
        ),
        # the IT team's meeting is at 2 pm; HR, named in the item before, says nothing of it
        (
            REVIEWS,
            "There are two: one on the 9th at 10 am with HR, and one on the 10th at 3 pm with "
            "the IT team.",
            "There are two: one on the 9th at 10 am with HR, and one on the 10th at 2 pm with "
            "the IT team.",
        ),
        (
            "",
            "Your piano lesson with Tom is on Wednesday at 5 pm.",
            "Your piano lesson with Tom is on Friday at 5 pm.",
        ),
    ],
)
def test_planner_wrong_day_or_time_of_one_entry_is_corrected(
    planner: Checker, user: str, reply: str, fixed: str
) -> None:
    report = check(planner, reply, user)
    assert "wrong_attribute" in acted(report)
    assert report.text == fixed


@pytest.mark.parametrize(
    ("user", "reply", "wrong", "fixed"),
    [
        # the meeting on the 9th is HR's, and Tom has no entry that day: Tom is wrong
        (
            REVIEWS,
            "Tom will be at the one on the 9th.",
            "Tom",
            "HR will be at the one on the 9th.",
        ),
        # Maya's piano lesson is on Wednesday, and football is not hers: the name is wrong
        (
            "",
            "Your football practice with Maya is on Wednesday at 4:30 pm.",
            "football practice",
            "Your piano lesson with Maya is on Wednesday at 4:30 pm.",
        ),
    ],
)
def test_planner_wrong_person_or_entry_is_told_by_the_day_and_time(
    planner: Checker, user: str, reply: str, wrong: str, fixed: str
) -> None:
    report = check(planner, reply, user)
    flags = [f for f in report.flags if f.confidence >= 0.5]
    assert [(f.detector, f.content) for f in flags] == [("mismatched_entry", wrong)]
    assert report.text == fixed


def test_planner_one_of_the_entries_asked_about_is_checked_without_a_guess(
    planner: Checker,
) -> None:
    # "take my medicine" names both of the day's "taking medicine" entries; 8 pm is neither
    report = check(planner, "You have two, one at 9am and one at 8pm.", MEDICINE)
    (flag,) = [f for f in report.flags if f.confidence >= 0.5]
    assert flag.content == "8pm"
    assert flag.correction is None
    assert "9 am" in flag.message and "9 pm" in flag.message
    assert report.decision != Decision.ACCEPT


def test_planner_time_beside_a_relative_day_is_checked_without_a_clock() -> None:
    # with no reference time "today" cannot be checked, but "9 pm" beside it can
    config = load_config(PLANNER).model_copy(update={"now": None})
    checker = Checker(config)
    state = DialogueState(session_id="p")
    state.add_turn("user", MEDICINE)
    right = "You take it at 9 pm today."
    assert acted(checker.check_turn(right, state)) == []
    report = checker.check_turn("You take your medicine at 10 pm today.", state)
    assert [f.content for f in report.flags if f.confidence >= 0.5] == ["10 pm"]
