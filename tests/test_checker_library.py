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
    ("reply", "fixed"),
    [
        (
            "Northgate Library is managed by Tomas Reid.",
            "Northgate Library is managed by Ines Varga.",
        ),
        (
            "The loan period at Riverside Library is 21 days.",
            "The loan period at Riverside Library is 14 days.",
        ),
        ("The Recording Studio has 6 seats.", "The Recording Studio has 4 seats."),
        (
            "The late fee at Riverside Library is $0.75.",
            "The late fee at Riverside Library is $0.50.",
        ),
    ],
)
def test_library_false_replies_are_corrected_with_the_configured_severity(
    library: Checker, reply: str, fixed: str
) -> None:
    report = library.check_turn(reply, DialogueState())
    (flag,) = report.flags
    assert flag.type == FlagType.WRONG_ATTRIBUTE
    # base 0.7 (configured, not the built-in 0.75): a medium flag, not a high one
    assert flag.severity == Severity.MEDIUM
    assert flag.confidence == pytest.approx(0.7 * (1 + 0.35 * 0.5), abs=1e-4)
    assert (report.decision, report.text) == (Decision.REVISE, fixed)
