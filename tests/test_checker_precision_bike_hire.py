"""Precision on a city bike-hire assistant written from the README alone
(``tests/fixtures/bike_hire``): docking stations with an address, a distance, the bikes docked
and whether they are open (a closed set of values). True replies that restate the KB or the
conversation in other words, report what the assistant does, or answer "No, ..." get no flag,
not even a model's evidence; false ones are corrected by the symbolic checks. CI runs this file
again with ``KGCHECK_NLP__PIPELINE=blank``.

A model that calls every pair a contradiction (the failure the embedded model showed on task
replies: "The address of Cafe Venetia is 269 Alger Dr." against "The nearest coffee shop is Cafe
Venetia on 269 Alger Dr") shows which comparisons reach the model at all.
"""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.nli.scorer import NliScorer, NliScores
from kgcheck.types import Decision
from tests.conftest import FIXTURES, NOW

BIKE_HIRE = FIXTURES / "bike_hire" / "kgcheck.yaml"


class Contrarian(NliScorer):
    """Every pair a contradiction; ``pairs`` records what it was asked."""

    def __init__(self) -> None:
        super().__init__("contrarian")
        self.pairs: list[tuple[str, str]] = []

    def _run(self, pairs: list[tuple[str, str]]) -> list[NliScores]:
        self.pairs.extend(pairs)
        return [NliScores(0.02, 0.03, 0.95) for _ in pairs]


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker.from_config(BIKE_HIRE)


@pytest.fixture(scope="module")
def contrarian(checker: Checker) -> Checker:
    built = Checker(checker.config, kb=checker.kb)
    built.nli = Contrarian()
    return built


def check(checker: Checker, conversation: list[str]) -> object:
    """Check the last line as the reply to the lines before it (user and assistant by turn)."""
    state = DialogueState(session_id="bike", now=NOW)
    for n, text in enumerate(conversation[:-1]):
        state.add_turn("user" if n % 2 == 0 else "assistant", text)
    return checker.check_turn(conversation[-1], state)


RESTATED = [
    # the KB's facts in the reply's own words
    ["Where can I go?", "The nearest dock is Quayside Dock on 4 Wharf Street."],
    ["Where can I get a bike?", "Quayside Dock at 4 Wharf Street has 9 bikes available."],
    # an answer "No," denies the question, not the fact that follows
    ["Is College Green open?", "No, College Green Dock is closed today."],
    # a report of what the assistant does (read from the parse: the blank pipeline has none)
    ["Take me to Quayside Dock.", "Navigating you to Quayside Dock at 4 Wharf Street now."],
    ["Set a route to College Green Dock.", "Setting a route to College Green Dock at 18 Elm Row."],
    # an earlier turn said again, with more
    [
        "Where can I get a bike?",
        "Quayside Dock is 1.2 km away.",
        "How many bikes are there?",
        "Quayside Dock, 1.2 km away, has 9 bikes.",
    ],
    # what the user asked for, done: a request is no premise
    ["Book me a bike at Quayside Dock for 9 am.", "Your bike at Quayside Dock is booked for 9 am."],
    ["Set route for Quayside Dock please.", "Your route to Quayside Dock is set."],
]


@pytest.mark.parametrize("conversation", RESTATED, ids=lambda c: c[-1][:40])
def test_restating_a_true_fact_never_reaches_the_model(
    contrarian: Checker, conversation: list[str]
) -> None:
    if (
        conversation[-1].startswith("Navigating")
        and contrarian.analyzer.pipeline_name == "blank:en"
    ):
        pytest.skip("a report is read from the dependency parse only")
    report = check(contrarian, conversation)
    assert report.flags == []  # type: ignore[attr-defined]
    assert report.decision == Decision.ACCEPT  # type: ignore[attr-defined]


TRUE_REPLIES = [
    *RESTATED,
    # "with bikes" is compared with the bikes docked there: only a model can read it
    ["Where can I get a bike?", "The nearest dock with bikes is Quayside Dock on 4 Wharf Street."],
    ["Where can I get a bike?", "Quayside Dock is 1.2 km away and it is open."],
    ["I need a bike near the market.", "Market Square Dock is 0.5 km away, but it has 0 bikes."],
    ["I need a dock with bikes.", "College Green Dock has 14 bikes, but it is closed."],
    ["How many bikes does Quayside Dock have?", "It has 9 bikes."],
    ["Is Quayside open?", "Quayside Dock is not closed."],
]


@pytest.mark.parametrize("conversation", TRUE_REPLIES, ids=lambda c: c[-1][:40])
def test_true_reply_is_accepted_untouched(checker: Checker, conversation: list[str]) -> None:
    report = check(checker, conversation)
    assert [f for f in report.flags if f.confidence >= 0.5] == []  # type: ignore[attr-defined]
    assert report.decision == Decision.ACCEPT  # type: ignore[attr-defined]
    assert report.text == conversation[-1]  # type: ignore[attr-defined]


FALSE_REPLIES = [
    ("Quayside Dock is 2.5 km away.", "Quayside Dock is 1.2 km away."),
    ("Quayside Dock has 12 bikes.", "Quayside Dock has 9 bikes."),
    ("There are 4 bikes at College Green Dock.", "There are 14 bikes at College Green Dock."),
    (
        "Quayside Dock at 31 Corn Exchange Lane has 9 bikes.",
        "Quayside Dock at 4 Wharf Street has 9 bikes.",
    ),
    # a status is one of a closed set of values named in lower case (ontology.ttl)
    ("Yes, College Green Dock is open.", "Yes, College Green Dock is closed."),
    ("Quayside Dock is closed today.", "Quayside Dock is open today."),
]


@pytest.mark.parametrize(("reply", "corrected"), FALSE_REPLIES)
def test_false_reply_is_corrected(checker: Checker, reply: str, corrected: str) -> None:
    report = check(checker, ["Where can I get a bike?", reply])
    assert report.decision == Decision.REVISE  # type: ignore[attr-defined]
    assert report.text == corrected  # type: ignore[attr-defined]


def test_an_unknown_dock_is_flagged(checker: Checker) -> None:
    report = check(checker, ["Where can I get a bike?", "Harbour Dock has 9 bikes available."])
    assert [(f.type, f.content) for f in report.flags] == [  # type: ignore[attr-defined]
        ("nonexistent_entity", "Harbour Dock")
    ]
