"""logical_inconsistency: a reply that contradicts itself."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState, FlagType


@pytest.mark.parametrize(
    ("reply", "second"),
    [
        # two values for a functional property the KB says nothing about
        (
            "Tom Okafor is in room B-101. Tom Okafor is in room B-102.",
            "Tom Okafor is in room B-102",
        ),
        # P and not P (where the KB is silent)
        (
            "Tom Okafor is in room B-7, but Tom Okafor is not in room B-7.",
            "Tom Okafor is not in room B-7",
        ),
        # two values of one open attribute
        ("Your office is room 4. Your office is room 5.", "Your office is room 5"),
        # two disjoint classes for an unknown person the user introduced
        ("Karen Whitfield is a nurse. Karen Whitfield is a doctor.", "Karen Whitfield is a doctor"),
    ],
)
def test_logical_inconsistency_fires_on_the_second_statement(
    acme_checker: Checker, reply: str, second: str
) -> None:
    state = DialogueState()
    state.add_turn("user", "Karen Whitfield is my colleague.")
    report = acme_checker.check_turn(reply, state)
    (flag,) = [f for f in report.flags if f.type == FlagType.LOGICAL_INCONSISTENCY]
    assert flag.content == second
    assert flag.evidence[0].kind == "consistency"


@pytest.mark.parametrize(
    "reply",
    [
        "Tom Okafor is in room B-101. He is in room B-101.",
        "Tom Okafor is a member of Analytics and Tom Okafor is a member of Finance.",
        "Tom Okafor is in room B-101 and Daniel Kim is in room B-102.",
        "Linh Nguyen is a nurse. Dr. Patel is a doctor.",
    ],
)
def test_logical_inconsistency_silent_on_consistent_replies(
    acme_checker: Checker, reply: str
) -> None:
    report = acme_checker.check_turn(reply, DialogueState())
    assert [f for f in report.flags if f.type == FlagType.LOGICAL_INCONSISTENCY] == []
