"""The worked example ``data/assistant``: one user's calendar, nearby places and the week's
forecast, checked as the README shows, with the embedded NLI model on. True replies pass
untouched; a wrong day, time, address, distance, condition or range is corrected in place."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.report import TurnReport
from tests.conftest import ROOT

ASSISTANT = ROOT / "data" / "assistant" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def assistant() -> Checker:
    return Checker.from_config(ASSISTANT)


def check(checker: Checker, reply: str) -> TurnReport:
    return checker.check_turn(reply, DialogueState(session_id="a"))


@pytest.mark.parametrize(
    "reply",
    [
        "Your dinner with your father is on Friday at 6 pm.",
        "You have two dinners: one on Friday at 6 pm with your father and one on the 8th at "
        "7 pm with your aunt.",
        "Your tennis with Alex is on Saturday at 3pm.",
        "The budget meeting is on Wednesday at 2 pm in conference room 100.",
        "Valero is 4 miles away at 200 Alester Ave.",
        "The nearest gas station is Valero, 4 miles away.",
        "P.F. Changs is at 669 El Camino Real, 3 miles from you.",
        "On Thursday there will be snow in Alhambra, with a low of 20F and a high of 30F.",
        "It will be sunny in Alhambra on Friday.",
        "Carson will be foggy today and tomorrow.",
        "This week Alhambra will range from 20F to 100F.",
        # a relative distance is not read as Chevron's distance
        "Chevron is 1 mile farther than Valero.",
        # a place denied to exist is not an unknown name
        "There is no Starbucks nearby.",
    ],
)
def test_assistant_true_reply_is_accepted_untouched(assistant: Checker, reply: str) -> None:
    report = check(assistant, reply)
    assert [f.type for f in report.flags if f.confidence >= 0.5] == []
    assert report.text == reply


@pytest.mark.parametrize(
    ("reply", "fixed"),
    [
        (
            "Your dinner with your father is on Friday at 7 pm.",
            "Your dinner with your father is on Friday at 6 pm.",
        ),
        (
            "Your tennis with Alex is on Thursday at 3pm.",
            "Your tennis with Alex is on Saturday at 3pm.",
        ),
        (
            "The budget meeting is on Wednesday at 3 pm in conference room 100.",
            "The budget meeting is on Wednesday at 2 pm in conference room 100.",
        ),
        # Chevron's address stated of Valero
        ("Valero is 4 miles away at 783 Arcadia Pl.", "Valero is 4 miles away at 200 Alester Ave."),
        # a near miss of Valero's own address
        (
            "Valero is 4 miles away at 200 Alester Road.",
            "Valero is 4 miles away at 200 Alester Ave.",
        ),
        (
            "The nearest gas station is Valero, 6 miles away.",
            "The nearest gas station is Valero, 4 miles away.",
        ),
        (
            "On Thursday there will be rain in Alhambra, with a low of 20F and a high of 30F.",
            "On Thursday there will be snow in Alhambra, with a low of 20F and a high of 30F.",
        ),
        ("It will be snowy in Alhambra on Friday.", "It will be sunny in Alhambra on Friday."),
        ("Carson will have a high of 90F on Monday.", "Carson will have a high of 60F on Monday."),
        (
            "This week Alhambra will range from 30F to 100F.",
            "This week Alhambra will range from 20F to 100F.",
        ),
        (
            "Your dentist appointment with your sister is on the 4th at 9:30 am.",
            "Your dentist appointment with your sister is on the 3rd at 9:30 am.",
        ),
    ],
)
def test_assistant_wrong_value_is_corrected_in_place(
    assistant: Checker, reply: str, fixed: str
) -> None:
    report = check(assistant, reply)
    assert "wrong_attribute" in [f.type for f in report.flags if f.confidence >= 0.5]
    assert report.text == fixed


@pytest.mark.parametrize(
    "reply",
    [
        "Jon will be attending the budget meeting.",
        "Martha will attend your dinner on Friday.",
    ],
)
def test_assistant_made_up_party_opening_a_sentence_is_caught(
    assistant: Checker, reply: str
) -> None:
    # a name opening its sentence before "will" is a person, not a capitalised word
    report = check(assistant, reply)
    assert [f for f in report.flags if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "reply",
    ["Snow will fall in Alhambra on Thursday.", "Alex will join you for tennis on Saturday."],
)
def test_assistant_common_word_or_known_name_before_will_is_no_made_up_name(
    assistant: Checker, reply: str
) -> None:
    assert [f for f in check(assistant, reply).flags if f.confidence >= 0.5] == []
