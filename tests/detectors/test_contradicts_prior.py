"""contradicts_prior: a reply against what the conversation already established."""

from __future__ import annotations

import json

import pytest

from kgcheck import Checker, DialogueState, FlagType
from kgcheck.nli.scorer import NliScorer, NliScores
from tests.conftest import ACME_CONFIG, NOW

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


class _ContradictsAll(NliScorer):
    """A model that reads every pair as a contradiction, as the embedded one reads "You are
    welcome." against "Thank you." (P(contradiction) about 0.7); ``pairs`` records what it
    was asked."""

    def __init__(self) -> None:
        super().__init__("contradicts-all")
        self.pairs: list[tuple[str, str]] = []

    def _run(self, pairs: list[tuple[str, str]]) -> list[NliScores]:
        self.pairs += pairs
        return [NliScores(0.02, 0.08, 0.9) for _ in pairs]


@pytest.fixture(scope="module")
def eager_checker() -> Checker:
    built = Checker.from_config(ACME_CONFIG)
    built.nli = _ContradictsAll()
    return built


def _asked(checker: Checker) -> list[tuple[str, str]]:
    assert isinstance(checker.nli, _ContradictsAll)
    asked, checker.nli.pairs = checker.nli.pairs, []
    checker.nli._cache.clear()
    return asked


@pytest.mark.parametrize(
    "reply", ["You are welcome.", "You are very welcome, have a great day!", "Not a problem."]
)
def test_a_courtesy_reply_after_thanks_gets_no_flag(eager_checker: Checker, reply: str) -> None:
    history = [
        ("user", "My office is room C-204."),
        ("assistant", "Noted: your office is room C-204."),
        ("user", "Thank you."),
    ]
    _, report = check(eager_checker, history, reply)
    assert report.flags == []  # type: ignore[attr-defined]
    assert _asked(eager_checker) == []  # neither side of a formula goes to the model


def test_thanks_are_not_compared_but_a_contradiction_beside_them_is(
    eager_checker: Checker,
) -> None:
    history = [("user", "I have never owned a dog."), ("user", "Thanks so much!")]
    _, report = check(eager_checker, history, "You're welcome. You have owned a dog for years.")
    (flag,) = prior_flags(report)
    assert flag.by_model and flag.content == "You have owned a dog for years."  # type: ignore[attr-defined]
    assert _asked(eager_checker) == [
        ("You have never owned a dog.", "You have owned a dog for years.")
    ]


def test_an_action_the_user_asked_for_is_not_compared_with_the_request(
    eager_checker: Checker,
) -> None:
    """ "Setting a reminder ..." does what "Set a reminder ..." asks: a request states nothing
    to contradict. Read from the parse: the blank pipeline cannot tell a request."""
    if eager_checker.analyzer.pipeline_name.startswith("blank"):
        pytest.skip("requests are read from a parsed pipeline")
    history = [("user", "Set a reminder for my dentist appointment on Friday at 10 am.")]
    reply = "Okay, setting a reminder for your dentist appointment on Friday at 10 am."
    _, report = check(eager_checker, history, reply)
    assert prior_flags(report) == []
    assert _asked(eager_checker) == []
