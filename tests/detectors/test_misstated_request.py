"""``misstated_request``: a confirmation restating what the user asked for with another value."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict
from kgcheck.report import TurnReport

NOW = "2019-03-01T09:00:00+00:00"


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _check(checker: Checker, user: list[str], reply: str) -> TurnReport:
    state = DialogueState(session_id="request", now=NOW)
    for text in user:
        state.add_turn("user", text)
    return checker.check_turn(reply, state)


def _ours(report: TurnReport) -> list[str]:
    return [f.content for f in report.flags if f.detector == "misstated_request"]


def test_a_count_the_user_said_otherwise_is_corrected(checker: Checker) -> None:
    user = ["I need two tickets for the Mets game on March 3rd at 7 pm."]
    reply = "Please confirm: 3 tickets for the Mets game on March 3rd at 7 pm."
    report = _check(checker, user, reply)
    assert _ours(report) == ["3"]
    assert report.flags[0].type == "contradicts_prior"
    assert report.text == reply.replace("3 tickets", "2 tickets")
    assert _ours(_check(checker, user, report.text)) == []


@pytest.mark.parametrize(
    ("user", "reply"),
    [
        # the same count said another way
        (["Two tickets for next Sunday, please."], "Please confirm: 2 tickets on March 3rd."),
        # the user changed the count with a bare number, or a count of another noun
        (["I need two tickets for Sunday.", "Actually, make it 3."], "To confirm, 3 tickets?"),
        (
            ["There's 3 passengers, going to Shiki.", "Nope. It's for 1 person."],
            "Please verify: you want a taxi for 1 passengers to go to Shiki.",
        ),
        (
            ["I want to buy 3 tickets.", "No, it would be better if you bought four."],
            "You want 4 tickets. Is that correct?",
        ),
        (["I'd like 3 tickets.", "No, I want one ticket."], "You want 1 ticket, right?"),
        # days and times are left alone ("6:15 in the evening", an offer agreed to)
        (["3 tickets, leaving at 6:15 in the evening."], "You want 3 tickets at 6:15 pm, right?"),
        # the latest count holds
        (["Two tickets please.", "Sorry, I need 4 tickets."], "Please confirm: 4 tickets."),
        # not a restatement: a statement of a result is checked elsewhere
        (["Two tickets for Sunday, please."], "There are 3 tickets left for Sunday."),
    ],
)
def test_what_the_user_said_is_left_alone(checker: Checker, user: list[str], reply: str) -> None:
    assert _ours(_check(checker, user, reply)) == []
