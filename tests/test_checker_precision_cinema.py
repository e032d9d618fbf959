"""Precision on a cinema box office written from the README alone (``tests/fixtures/cinema``):
start times, running times, ratings and ticket prices. A sum the assistant works out ("two
tickets ... that comes to $25") is no ticket price: it is neither corrected to the unit price nor
reported as unsupported.
"""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.types import Decision
from tests.conftest import FIXTURES, NOW

CINEMA = FIXTURES / "cinema" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def cinema() -> Checker:
    return Checker.from_config(CINEMA)


def check(checker: Checker, asked: str, reply: str) -> object:
    state = DialogueState(session_id="cinema", now=NOW)
    state.add_turn("user", asked)
    return checker.check_turn(reply, state)


TRUE_REPLIES = [
    ("What's on tonight?", "Tideline starts at 7:30 pm on screen 3."),
    (
        "What's on tonight?",
        "Tideline, directed by Mara Quist, starts at 7:30 pm and tickets cost $12.50.",
    ),
    ("What's on tonight?", "Paper Moons begins at 5:15 pm. It runs 95 minutes and is rated PG."),
    ("How long is Tideline?", "Tideline runs for 118 minutes, just under two hours."),
    # sums of the ticket price
    (
        "Two for Tideline, please.",
        "Booking two tickets for Tideline at 7:30 pm. That comes to $25.",
    ),
    ("How much for two?", "Two tickets for Tideline cost $25 in total."),
    ("How much for two?", "Tideline tickets are $12.50 each, so $25 for two."),
]


@pytest.mark.parametrize(("asked", "reply"), TRUE_REPLIES)
def test_cinema_true_reply_is_accepted_untouched(cinema: Checker, asked: str, reply: str) -> None:
    report = check(cinema, asked, reply)
    assert [(f.type, f.content) for f in report.flags if f.confidence >= 0.5] == []  # type: ignore[attr-defined]
    assert report.decision == Decision.ACCEPT  # type: ignore[attr-defined]
    assert report.text == reply  # type: ignore[attr-defined]


FALSE_REPLIES = [
    ("Tideline starts at 8:30 pm on screen 3.", "Tideline starts at 7:30 pm on screen 3."),
    ("Tideline costs $25.", "Tideline costs $12.50."),
    ("Tideline runs for 128 minutes.", "Tideline runs for 118 minutes."),
    ("Paper Moons is directed by Mara Quist.", "Paper Moons is directed by Idris Vale."),
]


@pytest.mark.parametrize(("reply", "corrected"), FALSE_REPLIES)
def test_cinema_false_reply_is_corrected(cinema: Checker, reply: str, corrected: str) -> None:
    report = check(cinema, "Tell me about tonight's films.", reply)
    assert report.decision == Decision.REVISE  # type: ignore[attr-defined]
    assert report.text == corrected  # type: ignore[attr-defined]
