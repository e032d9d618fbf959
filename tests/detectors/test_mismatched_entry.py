"""``mismatched_entry`` on a veterinary clinic's appointment book (``tests/fixtures/vet``), a
domain written from the README alone: two "check-up" entries, appointments "for" a pet and
"with" a vet. An item that names an appointment and a pet or vet the appointment does not have
is wrong in its name or in the pet or vet; the stated day and time say which."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from kgcheck.types import Decision, FlagType
from tests.conftest import FIXTURES

NOW = "2026-11-23T08:00:00+00:00"


@pytest.fixture(scope="module")
def vet() -> Checker:
    return Checker.from_config(FIXTURES / "vet" / "kgcheck.yaml")


def check(checker: Checker, reply: str, user: str = "") -> TurnReport:
    state = DialogueState(session_id="vet", now=NOW)
    if user:
        state.add_turn("user", user)
    return checker.check_turn(reply, state)


@pytest.mark.parametrize(
    ("user", "reply"),
    [
        ("", "Biscuit's check-up with Dr. Okafor is on Tuesday at 10 am."),
        ("", "The check-up for Luna is on Thursday at 3:30 pm with Dr. Lindqvist."),
        ("", "The vaccination for Pepper is at 11 am on Wednesday."),
        ("", "Your dental cleaning for Luna is on Friday at 9 am."),
        ("", "The vaccination with Okafor is on Wednesday."),
        ("When is Luna's check-up?", "It is on Thursday at 3:30 pm with Dr. Lindqvist."),
        (
            "",
            "Luna has two appointments: the check-up on Thursday and the dental cleaning on "
            "Friday.",
        ),
        (
            "",
            "The check-up with Dr. Okafor is on Tuesday, and the one with Dr. Lindqvist is on "
            "Thursday.",
        ),
    ],
)
def test_true_reply_is_accepted_untouched(vet: Checker, user: str, reply: str) -> None:
    report = check(vet, reply, user)
    assert report.decision == Decision.ACCEPT, [f.message for f in report.flags]
    assert report.text == reply


@pytest.mark.parametrize(
    ("reply", "flagged", "corrected"),
    [
        # the pet and the day and time are Pepper's vaccination: the name is wrong
        (
            "The check-up for Pepper is at 11 am on Wednesday.",
            "check-up",
            "The vaccination for Pepper is at 11 am on Wednesday.",
        ),
        (
            "Your dental cleaning for Biscuit is on Tuesday at 10 am.",
            "dental cleaning",
            "Your check-up for Biscuit is on Tuesday at 10 am.",
        ),
        # the name and the day and time are the vaccination: the pet is wrong
        (
            "The vaccination for Luna is at 11 am on Wednesday.",
            "Luna",
            "The vaccination for Pepper is at 11 am on Wednesday.",
        ),
        # Luna's check-up is on Thursday at 3:30 pm, with Dr. Lindqvist: the vet is wrong,
        # corrected in the form it was written
        (
            "The check-up for Luna is on Thursday at 3:30 pm with Dr. Okafor.",
            "Dr. Okafor",
            "The check-up for Luna is on Thursday at 3:30 pm with Dr. Lindqvist.",
        ),
    ],
)
def test_the_side_the_day_and_time_contradict_is_corrected(
    vet: Checker, reply: str, flagged: str, corrected: str
) -> None:
    report = check(vet, reply)
    ours = [f for f in report.flags if f.detector == "mismatched_entry"]
    assert [f.content for f in ours] == [flagged]
    assert ours[0].type == FlagType.WRONG_ATTRIBUTE and ours[0].confidence >= 0.8
    assert ours[0].evidence and ours[0].evidence[0].triples
    assert report.text == corrected


def test_a_day_and_time_that_fit_neither_side_is_flagged_without_a_correction(
    vet: Checker,
) -> None:
    # no vaccination is for Luna, and neither the vaccination nor Luna's entries are on
    # Friday at 11 am: something is wrong, and the reply cannot say what
    report = check(vet, "The vaccination for Luna is on Friday at 11 am.")
    ours = [f for f in report.flags if f.detector == "mismatched_entry"]
    assert len(ours) == 1 and ours[0].correction is None
    assert 0.5 <= ours[0].confidence < 0.8
    assert "check-up" in ours[0].message and "dental cleaning" in ours[0].message
    assert report.decision != Decision.ACCEPT
    # the date's own flag names each entry it could be, not all under one name
    dated = [f for f in report.flags if f.detector == "numeric_claim"]
    assert dated and "the dental cleaning on 27 November 2026" in dated[0].message
