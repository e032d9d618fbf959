"""unsupported_claim: claims the sources they cite do not support."""

from __future__ import annotations

import pytest

from kgcheck import Checker, FlagType
from kgcheck.config import Config
from tests.nli.rule_scorer import RuleScorer

SOURCE = {"id": "S0", "text": "The city museum opened in 1901 and holds three thousand paintings."}


@pytest.fixture(scope="module")
def checker() -> Checker:
    built = Checker()
    built.nli = RuleScorer()
    return built


def test_each_ungrounded_claim_is_flagged(checker: Checker) -> None:
    report = checker.check_turn(
        "The city museum opened in 1901 [S0]. The city museum closed in 1950 [S0].",
        sources=[SOURCE],
    )
    (flag,) = report.flags
    assert flag.type == FlagType.UNSUPPORTED_CLAIM
    assert flag.content == "The city museum closed in 1950 [S0]."
    (evidence,) = flag.evidence
    assert evidence.kind == "source" and "cites S0" in evidence.text
    assert dict(evidence.scores)["p1"] == pytest.approx(0.1)
    assert flag.confidence >= checker.config.mitigation.flag_threshold


def test_a_grounded_reply_is_accepted(checker: Checker) -> None:
    report = checker.check_turn("The city museum opened in 1901 [S0].", sources=[SOURCE])
    assert report.flags == [] and report.ok
    assert report.grounding is not None and report.grounding.overall_grounded


def test_without_sources_nothing_is_flagged(checker: Checker) -> None:
    report = checker.check_turn("The city museum closed in 1950.")
    assert report.flags == [] and report.grounding is None


def test_without_a_model_grounding_is_skipped_and_said(checker: Checker) -> None:
    plain = Checker(Config.model_validate({"nli": {"model": "none"}}))
    report = plain.check_turn("The city museum closed in 1950 [S0].", sources=[SOURCE])
    assert report.grounding is None and report.flags == []
    assert report.skipped == ["grounding: no NLI model (nli.model is none)"]
