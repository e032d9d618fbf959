"""A lending library written from the README alone (``tests/fixtures/library``), with the
engine's configuration at work: ``scoring.base_severity`` sets both the confidence and the
severity tier, and ``mitigation.actions`` entries take ``{operator, params}``."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, Decision, DialogueState, FlagType, Severity

CONFIG = Path(__file__).parent / "fixtures" / "library" / "kgcheck.yaml"


@pytest.fixture(scope="module")
def library() -> Checker:
    return Checker.from_config(CONFIG)


@pytest.mark.parametrize(
    "reply",
    [
        "Northgate Library is managed by Ines Varga.",
        "The loan period at Riverside Library is 14 days.",
        "The Map Room has 12 seats and is in Northgate Library.",
        "The late fee at Northgate Library is $0.25.",
        "Tomas Reid manages Riverside Library.",
    ],
)
def test_library_true_replies_are_accepted_unflagged(library: Checker, reply: str) -> None:
    report = library.check_turn(reply, DialogueState())
    assert (report.flags, report.decision, report.text) == ([], Decision.ACCEPT, reply)


@pytest.mark.parametrize(
    ("reply", "fixed", "consistency"),
    [
        (
            "Northgate Library is managed by Tomas Reid.",
            "Northgate Library is managed by Ines Varga.",
            0.5,
        ),
        # "the loan period at X is": a claim of X (as "of X"), whose number numeric_claim
        # finds wrong too: one flag, corroborated by a second detector
        (
            "The loan period at Riverside Library is 21 days.",
            "The loan period at Riverside Library is 14 days.",
            1.0,
        ),
        ("The Recording Studio has 6 seats.", "The Recording Studio has 4 seats.", 0.5),
        (
            "The late fee at Riverside Library is $0.75.",
            "The late fee at Riverside Library is $0.50.",
            1.0,
        ),
    ],
)
def test_library_false_replies_are_corrected_with_the_configured_severity(
    library: Checker, reply: str, fixed: str, consistency: float
) -> None:
    report = library.check_turn(reply, DialogueState())
    (flag,) = report.flags
    assert flag.type == FlagType.WRONG_ATTRIBUTE
    # base 0.7 (configured, not the built-in 0.75): a medium flag, not a high one; a second
    # detector's agreement (consistency 1.0) adds 0.2 x 0.5 to the evidence term
    assert flag.severity == Severity.MEDIUM
    expected = 0.7 * (1 + 0.35 * 0.5 + 0.2 * (consistency - 0.5))
    assert flag.confidence == pytest.approx(expected, abs=1e-4)
    assert (report.decision, report.text) == (Decision.REVISE, fixed)
