"""Precision first: true replies pass untouched, false ones are caught, and mitigation never
makes a reply worse. Each case is named after what broke when kgcheck was first tried on
knowledge bases nobody here wrote; the ferry line (``tests/fixtures/ferry``) is one such KB, run
with the embedded NLI model on, as a new user would."""

from __future__ import annotations

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.types import ActionKind, Decision
from tests.conftest import FIXTURES, NOW

FERRY = FIXTURES / "ferry" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def ferry() -> Checker:
    return Checker.from_config(FERRY)


def check(checker: Checker, reply: str) -> object:
    return checker.check_turn(reply, DialogueState(session_id="p", now=NOW))


def acted(report: object) -> list[object]:
    """The flags the mitigator acts on (at or above the flag threshold)."""
    return [f for f in report.flags if f.confidence >= 0.5]  # type: ignore[attr-defined]


TRUE_REPLIES = [
    "Gull Harbour has 1 berth.",
    "East Pier has 3 berths.",
    "The Island Run is 48.5 km long.",
    "The fare on the Island Run is $12.00.",
    "The fare on the Bay Loop is $7.60.",
    "Mara Lind's phone extension is 5530.",
    "The MV Petrel carries 350 passengers.",
    "The Petrel operates the Island Run and the Bay Loop.",
    "Mara Lind is the captain of the MV Petrel.",
    "The MV Tern was launched in 2008.",
    "The Petrel is based at East Pier.",
    "Olaf Brenner captains the MV Tern.",
    "The Tern has a capacity of 120.",
    "East Pier is located at 14 Harbour Road.",
    "Storm Point has 7 berths and a cafe on berth 2.",
    "There is no cafe on Harbour Road.",
]


@pytest.mark.parametrize("reply", TRUE_REPLIES)
def test_precision_true_statement_with_the_model_on_is_accepted_untouched(
    ferry: Checker, reply: str
) -> None:
    report = check(ferry, reply)
    assert acted(report) == []
    assert report.decision == Decision.ACCEPT  # type: ignore[attr-defined]
    assert report.text == reply  # type: ignore[attr-defined]


def test_precision_model_is_not_asked_about_a_number_the_kb_verified(ferry: Checker) -> None:
    report = check(ferry, "The Island Run is 48.5 km long.")
    assert [n.verdict for n in report.numeric_claims] == ["verified"]  # type: ignore[attr-defined]
    assert report.flags == []  # type: ignore[attr-defined]
    assert "detector.contradicts_fact" in report.timings  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("reply", "mitigated"),
    [
        # "has 3 platforms" became "has 1 platforms"
        ("Gull Harbour has 2 berths.", "Gull Harbour has 1 berth."),
        ("East Pier has 1 berth.", "East Pier has 3 berths."),
        # "$7.60" style was lost ("$7.5")
        ("The fare on the Bay Loop is $9.50.", "The fare on the Bay Loop is $7.60."),
        ("The Island Run is 60 km long.", "The Island Run is 48.5 km long."),
        # "opened in 2041" became "opened in 30 November 2019"
        ("The MV Tern was launched in 2041.", "The MV Tern was launched in 2008."),
        ("The MV Tern was launched on 3 May 2008.", "The MV Tern was launched on 2 April 2008."),
        ("The MV Tern was launched on 2008-05-03.", "The MV Tern was launched on 2008-04-02."),
        # "remove" emptied a reply although a precise correction existed
        ("The MV Petrel carries 500 passengers.", "The MV Petrel carries 350 passengers."),
        (
            "Olaf Brenner is the captain of the MV Petrel.",
            "Mara Lind is the captain of the MV Petrel.",
        ),
        # a correction for one conjunct was applied to the subject of both
        ("Mara Lind captains the MV Tern and the MV Petrel.", "Mara Lind captains the MV Petrel."),
        (
            "The Petrel operates the Island Run and the Coral Loop.",
            "The Petrel operates the Island Run.",
        ),
        ("The Tern has a capacity of 150.", "The Tern has a capacity of 120."),
        # the denial of a KB fact is corrected by dropping the negation
        ("Gull Harbour does not have 1 berth.", "Gull Harbour does have 1 berth."),
    ],
)
def test_precision_false_statement_is_caught_and_only_the_false_value_changes(
    ferry: Checker, reply: str, mitigated: str
) -> None:
    report = check(ferry, reply)
    assert acted(report)
    assert report.decision == Decision.REVISE  # type: ignore[attr-defined]
    assert report.text == mitigated  # type: ignore[attr-defined]


def test_precision_number_after_a_noun_names_a_thing_it_does_not_count(ferry: Checker) -> None:
    # "Harrow Quay has a cafe on platform 1" became "... platform 2"
    report = check(ferry, "Storm Point has a cafe on berth 2.")
    assert acted(report) == []
    assert report.text == "Storm Point has a cafe on berth 2."  # type: ignore[attr-defined]


def test_precision_words_of_a_kb_value_are_not_unknown_names(ferry: Checker) -> None:
    report = check(ferry, "The ticket office is on Harbour Road, next to the pier.")
    assert [f.type for f in acted(report)] == []


@pytest.mark.parametrize(
    "reply",
    ["There is no Starbucks at East Pier.", "I could not find any Starbucks near East Pier."],
)
def test_precision_a_name_the_reply_says_is_not_there_is_not_flagged(
    ferry: Checker, reply: str
) -> None:
    assert [f.type for f in acted(check(ferry, reply))] == []


def test_precision_unknown_name_is_still_caught(ferry: Checker) -> None:
    report = check(ferry, "Captain Ivo Maren commands the MV Tern.")
    assert {"nonexistent_entity", "fabricated_fact"} & {f.type for f in acted(report)}
    assert report.decision != Decision.ACCEPT  # type: ignore[attr-defined]


def test_precision_riverside_campus_floor_count(acme_checker: Checker) -> None:
    # true was flagged and emptied, false was accepted
    true = check(acme_checker, "Riverside Campus has 6 floors.")
    assert acted(true) == [] and true.text == "Riverside Campus has 6 floors."  # type: ignore[attr-defined]
    false = check(acme_checker, "Riverside Campus has 9 floors.")
    assert [f.type for f in acted(false)] == ["wrong_attribute"]


def test_precision_correction_for_one_conjunct_leaves_the_shared_subject(
    acme_checker: Checker,
) -> None:
    # became "Dr. Hiroshi Tanaka leads Cardiology and Oncology."
    report = check(acme_checker, "Dr. Amira Patel leads Cardiology and Oncology.")
    assert report.text == "Dr. Amira Patel leads Cardiology."  # type: ignore[attr-defined]
    assert report.decision == Decision.REVISE  # type: ignore[attr-defined]


def test_precision_reply_mitigation_would_empty_is_regenerated_not_revised(
    acme_checker: Checker,
) -> None:
    report = check(acme_checker, "Dr. Helen Brooks works in Oncology.")
    assert report.decision == Decision.REJECT  # type: ignore[attr-defined]
    assert report.text.strip()  # type: ignore[attr-defined]
    (regenerate,) = [a for a in report.actions if a.kind == ActionKind.REGENERATE]  # type: ignore[attr-defined]
    assert "Dr. Helen Brooks" in (regenerate.guidance or "")


def test_precision_flag_content_is_the_value_not_its_preposition(ferry: Checker) -> None:
    # a flag content read "Not of 7"
    report = check(ferry, "The Tern has a capacity of 150.")
    (flag,) = acted(report)
    assert flag.content == "150"  # type: ignore[attr-defined]
    assert flag.message.startswith("Not 150:")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "reply",
    [
        # KVRET turns flagged as given: a KB place written with the possessive the KB dropped,
        # a sentence-opening gerund, a request taken for a fact, a run-on after "Dr."
        "Setting GPS to the quickest route for East Pier now.",
        "Displaying GPS now. Shall I give you directions?",
        "East Pier is located at 14 Harbour Rd. do you need directions?",
        "East Pier is located at 14 Harbour Road. Setting navigation now.",
    ],
)
def test_precision_task_replies_kvret_style_pass_untouched(ferry: Checker, reply: str) -> None:
    report = check(ferry, reply)
    assert acted(report) == []
    assert report.text == reply  # type: ignore[attr-defined]


def test_precision_a_request_is_not_a_fact_to_contradict(ferry: Checker) -> None:
    state = DialogueState(session_id="p", now=NOW)
    state.add_turn("user", "give me the fare for the Bay Loop")
    report = ferry.check_turn("The fare for the Bay Loop is $7.60.", state)
    assert acted(report) == []


@pytest.mark.parametrize(
    ("reply", "flagged"),
    [
        ("Island Run is 48.5 km long. The route costs 12 dollars.", False),
        ("Island Run is 61 km long. Bay Loop costs 7.60 dollars.", True),
    ],
)
def test_precision_english_with_few_function_words_is_still_checked(
    ferry: Checker, reply: str, flagged: bool
) -> None:
    # names and numbers outweigh "the" and "is": still English, never skipped unchecked
    report = check(ferry, reply)
    assert not any("English" in note for note in report.skipped)  # type: ignore[attr-defined]
    assert bool(acted(report)) is flagged


def test_precision_each_number_is_the_nearest_names_not_any_names(ferry: Checker) -> None:
    # Island Run is 48.5 km and Bay Loop 22 km: "Island Run 22 km" is wrong even though
    # another route of the sentence is 22 km long
    report = check(ferry, "Island Run is 22 km long and Bay Loop is 22 km long.")
    assert [f.content for f in acted(report)] == ["22 km"]  # type: ignore[attr-defined]
    assert acted(check(ferry, "Island Run is 48.5 km long and Bay Loop is 22 km long.")) == []
