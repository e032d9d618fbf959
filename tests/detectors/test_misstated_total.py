"""``misstated_total``: an amount the reply works out from its own figures, worked out wrong."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.config import config_from_dict

NOW = "2026-03-11T10:00:00+00:00"


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker(config_from_dict({"nli": {"model": "none"}, "now": NOW}))


def _totals(checker: Checker, reply: str) -> list[tuple[str, str]]:
    report = checker.check_turn(reply, DialogueState(session_id="t", now=NOW), record=False)
    assert report.text == reply  # flagged, never rewritten
    return [(f.content, f.message) for f in report.flags if f.detector == "misstated_total"]


@pytest.mark.parametrize(
    ("reply", "content", "worked"),
    [
        (
            "Decking boards are £39.10 a board, so eight boards come to £321.80.",
            "£321.80",
            "£312.80",
        ),
        ("Tickets are £12 each, so four tickets come to £50.", "£50", "£48.00"),
        (
            "Lessons cost £25 per lesson, and six lessons would come to £140 altogether.",
            "£140",
            "£150.00",
        ),
    ],
)
def test_a_total_its_count_and_price_do_not_give_is_flagged(
    checker: Checker, reply: str, content: str, worked: str
) -> None:
    ((flagged, message),) = _totals(checker, reply)
    assert flagged == content
    assert worked in message


@pytest.mark.parametrize(
    "reply",
    [
        "Decking boards are £39.10 a board, so eight boards come to £312.80.",
        # something added between the product and the total
        "Two packs at £372.00 a pack plus ten bags of mortar come to £800.00.",
        "Tickets are £12 each, so four tickets and parking come to £55.",
        # the price is of something else than what is counted
        "Parking is £5 a day, so four tickets come to £50.",
        # no total said as one
        "Tickets are £12 each; four tickets are in your basket, and the show is £50 off peak.",
        # worked out from two other figures: £48 plus £2 booking fee
        "Tickets are £12 each, so four tickets come to £50 with the £2 booking fee.",
    ],
)
def test_a_total_that_may_hold_more_is_left_alone(checker: Checker, reply: str) -> None:
    assert _totals(checker, reply) == []
