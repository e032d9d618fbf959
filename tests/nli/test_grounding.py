"""Evidence-use grounding: each claim of a reply against the sources it cites."""

from __future__ import annotations

import math

import pytest

from kgcheck import Checker
from kgcheck.config import GroundingConfig
from kgcheck.detectors.base import Source
from kgcheck.nli.grounding import citations, ground, kl_bits, plan_grounding
from tests.nli.rule_scorer import RuleScorer

MUSEUM = Source("S0", "The city museum opened in 1901 and holds three thousand paintings.")
BRIDGE = Source("S1", "The old bridge was rebuilt in 1988 after the flood.")


@pytest.fixture(scope="module")
def checker() -> Checker:
    built = Checker()
    built.nli = RuleScorer()
    return built


def grounded(checker: Checker, reply: str, sources: list[Source], **settings: object):
    analysis = checker.analyzer.analyse(reply)
    assert checker.nli is not None
    return ground(analysis, sources, checker.nli, GroundingConfig(**settings))  # type: ignore[arg-type]


def test_a_cited_supported_claim_is_grounded(checker: Checker) -> None:
    report = grounded(checker, "The city museum opened in 1901 [S0].", [MUSEUM, BRIDGE])
    (claim,) = report.claims
    assert claim.text == "The city museum opened in 1901."
    assert claim.citing == ["S0"]
    assert claim.p1 == pytest.approx(0.9) and claim.p0 == pytest.approx(0.1)
    assert claim.evidence_use == pytest.approx(0.8)
    assert claim.kl_bits == pytest.approx(kl_bits(0.9, 0.1))
    assert claim.budget_gap == pytest.approx(kl_bits(0.95, 0.1) - kl_bits(0.9, 0.1))
    assert claim.grounded and claim.warning is None
    assert report.overall_grounded and report.grounding_ratio == 1.0


def test_a_claim_the_cited_source_does_not_support_is_not_grounded(checker: Checker) -> None:
    report = grounded(checker, "The city museum closed in 1950 [S0].", [MUSEUM, BRIDGE])
    (claim,) = report.claims
    assert not claim.grounded
    assert "do not support" in (claim.warning or "")
    assert not report.overall_grounded


def test_citing_the_wrong_source_does_not_ground_a_claim(checker: Checker) -> None:
    # true by S0, but it cites S1: removing S1 changes nothing, so the citation is not used
    report = grounded(checker, "The city museum opened in 1901 [S1].", [MUSEUM, BRIDGE])
    (claim,) = report.claims
    assert claim.p1 == pytest.approx(0.9) and claim.p0 == pytest.approx(0.9)
    assert not claim.grounded
    assert "as likely without S1" in (claim.warning or "")


def test_an_uncited_claim_is_penalised(checker: Checker) -> None:
    report = grounded(checker, "The city museum opened in 1901.", [MUSEUM, BRIDGE])
    (claim,) = report.claims
    assert claim.citing == [] and not claim.grounded
    assert claim.warning == "cites no source"
    assert claim.confidence <= 0.5 * claim.p1


def test_one_source_and_no_citations_counts_as_citing_it(checker: Checker) -> None:
    report = grounded(checker, "The city museum opened in 1901.", [MUSEUM])
    assert report.claims[0].citing == ["S0"] and report.claims[0].grounded
    report = grounded(
        checker, "The city museum opened in 1901.", [MUSEUM], single_source_cites_all=False
    )
    assert report.claims[0].citing == [] and not report.claims[0].grounded


def test_citations_are_read_in_their_forms(checker: Checker) -> None:
    assert citations("It opened in 1901 [S0, S1] and [doc-3; S0].") == ["S0", "S1", "doc-3"]
    report = grounded(checker, "The old bridge was rebuilt in 1988. [S1]", [MUSEUM, BRIDGE])
    (claim,) = report.claims
    assert claim.citing == ["S1"] and claim.grounded


def test_an_unknown_citation_is_reported(checker: Checker) -> None:
    report = grounded(checker, "The city museum opened in 1901 [S9].", [MUSEUM, BRIDGE])
    (claim,) = report.claims
    assert claim.citing == [] and not claim.grounded
    assert "S9" in (claim.warning or "")


def test_short_fragments_questions_and_the_claim_limit(checker: Checker) -> None:
    reply = (
        "Yes [S0]. Did it open in 1901? The city museum opened in 1901 [S0]. "
        "The old bridge was rebuilt in 1988 [S1]. The city museum holds three thousand "
        "paintings [S0]."
    )
    report = grounded(checker, reply, [MUSEUM, BRIDGE])
    assert [c.text[:14] for c in report.claims] == [
        "The city museu",
        "The old bridge",
        "The city museu",
    ]
    report = grounded(checker, reply, [MUSEUM, BRIDGE], max_claims=2)
    assert report.total_claims == 2
    report = grounded(checker, reply, [MUSEUM, BRIDGE], min_claim_chars=40)
    assert report.total_claims == 1


def test_the_reply_is_grounded_when_enough_claims_are(checker: Checker) -> None:
    reply = "The city museum opened in 1901 [S0]. The old bridge was painted blue [S1]."
    report = grounded(checker, reply, [MUSEUM, BRIDGE])
    assert (report.grounded_claims, report.total_claims) == (1, 2)
    assert report.grounding_ratio == 0.5 and not report.overall_grounded
    report = grounded(checker, reply, [MUSEUM, BRIDGE], grounded_ratio=0.5)
    assert report.overall_grounded


def test_long_sources_are_read_in_windows(checker: Checker) -> None:
    filler = " ".join(f"Clause {n} says nothing of note." for n in range(80))
    long = Source("S0", filler + " The city museum opened in 1901.")
    report = grounded(checker, "The city museum opened in 1901 [S0].", [long, BRIDGE])
    assert report.claims[0].p1 == pytest.approx(0.9) and report.claims[0].grounded


def test_plan_grounding_asks_the_pairs_ground_scores(checker: Checker) -> None:
    analysis = checker.analyzer.analyse("The city museum opened in 1901 [S0]. It was rebuilt [S1].")
    config = GroundingConfig()
    plan = plan_grounding(analysis, [MUSEUM, BRIDGE], config)
    assert all(
        hypothesis in {c.text for c in plan.report(RuleScorer().score(plan.pairs)).claims}
        for _, hypothesis in plan.pairs
    )
    assert checker.nli is not None
    expected = ground(analysis, [MUSEUM, BRIDGE], checker.nli, config)  # type: ignore[arg-type]
    assert plan.report(RuleScorer().score(plan.pairs)) == expected


def test_kl_bits() -> None:
    assert kl_bits(0.5, 0.5) == pytest.approx(0.0)
    expected = 0.9 * math.log2(0.9 / 0.2) + 0.1 * math.log2(0.1 / 0.8)
    assert kl_bits(0.9, 0.2) == pytest.approx(expected)
    assert kl_bits(0.9, 0.2) != pytest.approx(kl_bits(0.2, 0.9))
    assert math.isfinite(kl_bits(1.0, 0.0))


def test_report_grounding_is_pinned(checker: Checker) -> None:
    report = checker.check_turn(
        "The city museum opened in 1901 [S0]. The city museum closed in 1950 [S0].",
        sources=[{"id": "S0", "text": MUSEUM.text}],
    )
    data = report.to_dict()["grounding"]
    assert {
        "overall_grounded",
        "grounded_claims",
        "total_claims",
        "grounding_ratio",
        "claims",
    } <= set(data)
    for claim in data["claims"]:
        assert {"text", "citing", "p1", "p0", "confidence", "grounded", "warning"} <= set(claim)
    assert data["grounded_claims"] == 1 and data["total_claims"] == 2
    assert checker.check_turn("The city museum opened in 1901.").grounding is None


def test_a_claim_whose_words_the_cited_source_holds_is_grounded(checker: Checker) -> None:
    # the stand-in model misses "leads"/"led" and "teams"/"team": the lemmas do not
    sources = [{"id": "S0", "text": "Amira Patel led two teams."}, {"id": "S1", "text": "x"}]
    report = checker.check_turn("Amira Patel leads the team [S0].", sources=sources)
    assert report.grounding is not None
    (claim,) = report.grounding.claims
    assert (claim.p1, claim.p0, claim.grounded) == (pytest.approx(0.9), pytest.approx(0.1), True)
    # a negation the source does not have is not covered
    report = checker.check_turn("Amira Patel never led the team [S0].", sources=sources)
    assert report.grounding is not None and not report.grounding.claims[0].grounded
