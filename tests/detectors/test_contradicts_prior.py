"""contradicts_prior: a reply against what the conversation already established."""

from __future__ import annotations

import json

import pytest

from kgcheck import Checker, DialogueState, FlagType
from tests.conftest import NOW

History = list[tuple[str, str]]


def check(checker: Checker, history: History, reply: str) -> tuple[DialogueState, object]:
    state = DialogueState(session_id="p", now=NOW)
    for role, text in history:
        state.add_turn(role, text)
    return state, checker.check_turn(reply, state)


def prior_flags(report: object) -> list[object]:
    return [f for f in report.flags if f.type == FlagType.CONTRADICTS_PRIOR]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("history", "reply", "correction"),
    [
        # a changed office: the KB has no room for Tom Okafor, the user stated one
        ([("user", "Tom Okafor is in room B-101 now.")], "Tom Okafor is in room B-105.", "B-101"),
        # the same, through a pronoun resolved across turns
        (
            [("user", "Tom Okafor moved. Tom Okafor is in room B-101."), ("assistant", "Noted.")],
            "He is in room B-105.",
            "B-101",
        ),
        # a preference the user stated, with no KB at all behind it
        ([("user", "My favourite colour is green.")], "Your favourite colour is blue.", "green"),
        ([("user", "My office is room 401.")], "Your office is in room 405.", "room 401"),
    ],
)
def test_contradicts_prior_changed_value_is_corrected_from_the_user(
    acme_checker: Checker, history: History, reply: str, correction: str
) -> None:
    _, report = check(acme_checker, history, reply)
    (flag,) = prior_flags(report)
    assert flag.correction == correction
    (evidence,) = [e for e in flag.evidence if e.kind == "history"]
    assert evidence.text.startswith("turn 0 (user):")
    assert correction in report.text  # type: ignore[attr-defined]


def test_contradicts_prior_negated_earlier_statement(acme_checker: Checker) -> None:
    history = [
        ("user", "Is Tom Okafor on the Analytics team?"),
        ("assistant", "Tom Okafor is not in room B-7."),
    ]
    _, report = check(acme_checker, history, "Tom Okafor is in room B-7.")
    (flag,) = prior_flags(report)
    assert "denied" in flag.message
    assert flag.correction is None  # the earlier turn was the assistant's own, unsupported
    assert 'turn 1 (assistant): "Tom Okafor is not in room B-7."' in flag.evidence[0].text


@pytest.mark.parametrize(
    ("history", "reply"),
    [
        # restating is not a conflict
        (
            [("user", "Tom Okafor is in room B-101 now.")],
            "Tom Okafor is in room B-101, as you said.",
        ),
        ([("user", "My office is room 401.")], "Your office is in room 401."),
        # a question is not a fact
        ([("user", "Does Dr. Reyes work in Oncology?")], "Dr. Reyes works in Pediatrics."),
        # the KB confirms the reply: an earlier wrong statement was corrected, not contradicted
        ([("assistant", "Dr. Patel works in Oncology.")], "Dr. Patel works in Cardiology."),
        # a non-functional property may have several values
        ([("user", "Tom Okafor is a member of Analytics.")], "Tom Okafor is a member of Finance."),
        # someone else's room
        ([("user", "Tom Okafor is in room B-101.")], "Daniel Kim is in room B-105."),
    ],
)
def test_contradicts_prior_silent(acme_checker: Checker, history: History, reply: str) -> None:
    _, report = check(acme_checker, history, reply)
    assert prior_flags(report) == []


def test_contradicts_prior_kb_backed_earlier_value_is_the_correction(
    acme_checker: Checker,
) -> None:
    # the assistant said the KB's value before; now it gives another one
    history = [("assistant", "Dr. Lindqvist is in room N-102.")]
    _, report = check(acme_checker, history, "Dr. Lindqvist is in room N-105.")
    (flag,) = report.flags  # wrong_attribute and contradicts_prior merged into one flag
    assert flag.type == FlagType.CONTRADICTS_PRIOR
    assert flag.correction == "N-102"
    # the model agrees: its evidence joins the same flag
    assert {e.kind for e in flag.evidence} >= {"kb", "history"}


def test_contradicts_prior_survives_serialisation(acme_checker: Checker) -> None:
    state, _ = check(acme_checker, [("user", "My office is room 401.")], "Fine.")
    restored = DialogueState.from_dict(json.loads(json.dumps(state.to_dict())))
    report = acme_checker.check_turn("Your office is room 405.", restored)
    (flag,) = prior_flags(report)
    assert flag.correction == "room 401"


def test_contradicts_prior_works_without_a_knowledge_base() -> None:
    checker = Checker()
    state = DialogueState()
    state.add_turn("user", "My office is room 401 and my favourite colour is green.")
    report = checker.check_turn("Your office is room 405.", state)
    (flag,) = report.flags
    assert flag.type == FlagType.CONTRADICTS_PRIOR
    assert report.text == "Your office is room 401."
    assert checker.check_turn("Your favourite colour is green.", state).flags == []
