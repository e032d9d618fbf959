"""``numeric_claim``: wrong numbers corrected, wrong periods named, unsupported ones flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgcheck import Checker, DialogueState
from kgcheck.detectors.base import DetectionContext
from kgcheck.detectors.numeric_claim import NumericClaimDetector
from kgcheck.report import TurnReport
from kgcheck.types import FlagType

FINANCE = Path(__file__).resolve().parents[2] / "data" / "finance" / "kgcheck.yaml"
NOW = "2025-08-15T09:00:00+00:00"


@pytest.fixture(scope="module")
def finance() -> Checker:
    return Checker.from_config(FINANCE)


def check(checker: Checker, text: str, now: str = NOW) -> TurnReport:
    return checker.check_turn(text, DialogueState(session_id="n", now=now))


@pytest.mark.parametrize(
    ("text", "flag_type", "correction", "fixed"),
    [
        ("Harbor Point's NOI in Q3 2024 was $1.5M.", FlagType.WRONG_ATTRIBUTE, "$1.2M",
         "Harbor Point's NOI in Q3 2024 was $1.2M."),
        ("Harbor Point had 95% occupancy in Q3 2024.", FlagType.WRONG_ATTRIBUTE, "85%",
         "Harbor Point had 85% occupancy in Q3 2024."),
        ("Harbor Point's DSCR was 1.5 in Q3 2024.", FlagType.WRONG_ATTRIBUTE, "1.25",
         "Harbor Point's DSCR was 1.25 in Q3 2024."),
        ("Harbor Point's NOI was $1.2M in Q4 2024.", FlagType.TEMPORAL_ERROR, "Q3 2024", None),
        ("Bayview Commons was acquired in March 2020.", FlagType.WRONG_ATTRIBUTE, "March 2021",
         "Bayview Commons was acquired in March 2021."),
    ],
)  # fmt: skip
def test_numeric_claim_flags_and_corrections(
    finance: Checker, text: str, flag_type: FlagType, correction: str, fixed: str | None
) -> None:
    report = check(finance, text)
    (flag,) = report.flags
    assert (flag.type, flag.correction) == (flag_type, correction)
    # on the object of an extracted claim, wrong_attribute's flag and this one are merged
    assert flag.detector in {"numeric_claim", "wrong_attribute"}
    assert flag.evidence[0].kind == "kb" and flag.evidence[0].triples
    if fixed is not None:
        assert report.text == fixed


@pytest.mark.parametrize(
    "text",
    [
        "Harbor Point's NOI in Q3 2024 was $1.2M.",
        "Harbor Point's NOI in Q3 2024 was $1.25M.",
        "Harbor Point had 85% occupancy and a DSCR of 1.25 in Q3 2024.",
        "In 2025-Q2 Cedar Court's NOI was $228K on revenue of $470K.",
        "Bayview Commons was built in 2006 and acquired in March 2021.",
        "Harbor Point has 240 units.",
        "Cedar Court's renovation began in January 2025.",
    ],
)
def test_numeric_claim_true_statements_stay_silent(finance: Checker, text: str) -> None:
    report = check(finance, text)
    assert report.flags == []
    assert report.numeric_claims and report.answer_confidence == 1.0


def test_numeric_claim_one_flag_when_wrong_attribute_also_checks_the_claim(
    acme_checker: Checker,
) -> None:
    report = check(acme_checker, "Cardiology's budget is $5.2 million.", "2026-11-22T10:00:00Z")
    (flag,) = report.flags
    assert flag.type == FlagType.WRONG_ATTRIBUTE and flag.correction == "$4.85 million"
    assert report.text == "Cardiology's budget is $4.85 million."


def test_numeric_claim_detector_checks_claims_itself_when_not_given(finance: Checker) -> None:
    text = "Harbor Point's NOI in Q3 2024 was $1.5M."
    now = finance.config.now
    ctx = DetectionContext(
        analysis=finance.analyzer.analyse(text, now=now),
        kb=finance.kb,
        state=DialogueState(),
        now=now,
        config=finance.config,
    )
    (flag,) = NumericClaimDetector().detect(ctx)
    assert flag.type == FlagType.WRONG_ATTRIBUTE and flag.kb_strength == 1.0


def test_numeric_claim_unsupported_is_a_weaker_flag(finance: Checker) -> None:
    (flag,) = check(finance, "Harbor Point's NOI in Q4 2024 was $1.28M.").flags
    assert flag.type == FlagType.UNSUPPORTED_CLAIM
    assert flag.kb_strength == 0.5 and flag.correction is None
