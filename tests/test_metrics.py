"""Hallucination metrics against values computed by hand, their edge cases and the profile."""

from __future__ import annotations

import json
import math

import pytest

from kgcheck.metrics import (
    ConfusionMatrix,
    HallucinationProfile,
    Reliability,
    confusion_matrix,
    consensus_f1,
    fact_score,
    false_acceptance_rate,
    fleiss_kappa,
    is_abstention,
    kappa_band,
    macro_hallucination_rate,
    mean_uncertainty,
    micro_hallucination_rate,
    percentile,
    rating_table,
    shannon_entropy,
    uncertainty,
)

# Four responses: 4 claims (one unsupported), 1 claim, 1 unsupported claim, no claims.
VERDICTS = [[True, False, True, True], [True], [False], []]

# Fleiss (1971) as worked on Wikipedia: 10 items, 14 raters, 5 categories; kappa 0.210.
WIKIPEDIA_TABLE = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
]


def test_micro_hallucination_rate_counts_unsupported_claims_over_all_claims() -> None:
    assert micro_hallucination_rate(VERDICTS) == pytest.approx(2 / 6)


def test_macro_hallucination_rate_counts_responses_with_one() -> None:
    assert macro_hallucination_rate(VERDICTS) == pytest.approx(2 / 4)


def test_fact_score_is_supported_claims_over_claims() -> None:
    assert fact_score(VERDICTS) == pytest.approx(4 / 6)


@pytest.mark.parametrize("verdicts", [[], [[], []]])
def test_claim_rates_without_claims_have_no_value(verdicts: list[list[bool]]) -> None:
    assert micro_hallucination_rate(verdicts) is None
    assert fact_score(verdicts) is None


def test_macro_hallucination_rate_edge_cases() -> None:
    assert macro_hallucination_rate([]) is None
    assert macro_hallucination_rate([[], []]) == 0.0


def test_confusion_matrix_scores() -> None:
    cm = confusion_matrix(
        [True, True, True, False, False, False, False],
        [True, True, False, True, False, False, False],
    )
    assert (cm.tp, cm.fp, cm.fn, cm.tn) == (2, 1, 1, 3)
    assert cm.accuracy == pytest.approx(5 / 7)
    assert cm.precision == pytest.approx(2 / 3)
    assert cm.recall == pytest.approx(2 / 3)
    assert cm.f1 == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("cm", "expected"),
    [
        (ConfusionMatrix(), (None, None, None, None)),
        (ConfusionMatrix(tn=3), (1.0, None, None, None)),
        (ConfusionMatrix(fn=2), (0.0, None, 0.0, 0.0)),
        (ConfusionMatrix(fp=2), (0.0, 0.0, None, 0.0)),
    ],
)
def test_confusion_matrix_undefined_scores_have_no_value(
    cm: ConfusionMatrix, expected: tuple[float | None, ...]
) -> None:
    assert (cm.accuracy, cm.precision, cm.recall, cm.f1) == expected


def test_confusion_matrix_lengths_must_agree() -> None:
    with pytest.raises(ValueError, match="2 gold labels but 1 predictions"):
        confusion_matrix([True, False], [True])


def test_confusion_matrix_adds_counts() -> None:
    total = ConfusionMatrix(1, 2, 3, 4) + ConfusionMatrix(tp=1)
    assert total == ConfusionMatrix(2, 2, 3, 4)


def test_fleiss_kappa_wikipedia_example() -> None:
    agreement = fleiss_kappa(WIKIPEDIA_TABLE)
    assert agreement.kappa == pytest.approx(0.2099, abs=1e-4)
    assert (agreement.raters, agreement.items, agreement.band) == (14, 10, "fair")


def test_fleiss_kappa_two_raters_by_hand() -> None:
    # 7 items, 2 raters agreeing on 5: P = 5/7, shares 4/7 and 3/7, Pe = 25/49, kappa = 10/24
    gold = [False, True, True, True, False, True, False]
    pred = [False, True, True, False, True, True, False]
    assert fleiss_kappa(rating_table([gold, pred])).kappa == pytest.approx(10 / 24)


def test_fleiss_kappa_perfect_agreement() -> None:
    agreement = fleiss_kappa([[2, 0], [0, 2]])
    assert agreement.kappa == pytest.approx(1.0)
    assert agreement.band == "almost perfect"


@pytest.mark.parametrize(
    "table",
    [
        [[1, 0], [0, 1]],  # one rater
        [],  # no items
        [[3, 0], [3, 0]],  # every rating in one category: 0 / 0
    ],
)
def test_fleiss_kappa_undefined(table: list[list[int]]) -> None:
    agreement = fleiss_kappa(table)
    assert agreement.kappa is None
    assert agreement.band == "undefined"


def test_fleiss_kappa_needs_the_same_number_of_raters_per_item() -> None:
    with pytest.raises(ValueError, match="same number of raters"):
        fleiss_kappa([[2, 0], [1, 0]])


def test_rating_table_counts_raters_per_category() -> None:
    assert rating_table([["a", "b", "a"], ["a", "a", "a"]]) == [[2, 0], [1, 1], [2, 0]]


@pytest.mark.parametrize(
    ("kappa", "band"),
    [
        (-0.1, "poor"),
        (0.19, "poor"),
        (0.2, "fair"),
        (0.39, "fair"),
        (0.4, "moderate"),
        (0.59, "moderate"),
        (0.6, "substantial"),
        (0.8, "substantial"),
        (0.81, "almost perfect"),
        (None, "undefined"),
    ],
)
def test_kappa_band_boundaries(kappa: float | None, band: str) -> None:
    assert kappa_band(kappa) == band


def test_consensus_f1_by_hand() -> None:
    # votes per claim: 3/3, 2/3, 1/3, 1/3 supported -> consensus T, T, F, F
    matrix = [
        [True, True, False, False],  # agrees with the consensus: F1 1
        [True, False, False, True],  # finds c2, misses c3, wrongly rejects c1: F1 2/4
        [True, True, True, False],  # finds c3, misses c2: F1 2/3
    ]
    result = consensus_f1(matrix)
    assert result.consensus == (True, True, False, False)
    assert result.per_rater == pytest.approx((1.0, 0.5, 2 / 3))
    assert result.value == pytest.approx((1.0 + 0.5 + 2 / 3) / 3)


def test_consensus_f1_tie_leaves_claim_unsupported() -> None:
    assert consensus_f1([[True], [False]]).consensus == (False,)


def test_consensus_f1_edge_cases() -> None:
    assert consensus_f1([]).value is None
    assert consensus_f1([[True, True], [True, True]]).value is None  # nothing to find
    with pytest.raises(ValueError, match="every claim"):
        consensus_f1([[True], [True, False]])


@pytest.mark.parametrize(
    ("distribution", "normalize", "expected"),
    [
        ([0.5, 0.5], False, 1.0),
        ([0.25] * 4, False, 2.0),
        ([0.25] * 4, True, 1.0),
        ([1, 1, 2], False, 1.5),  # counts are normalised
        ([1, 1, 2], True, 1.5 / math.log2(3)),
        ([1.0, 0.0], False, 0.0),
        ([], False, None),
        ([0, 0], False, None),
    ],
)
def test_shannon_entropy(
    distribution: list[float], normalize: bool, expected: float | None
) -> None:
    assert shannon_entropy(distribution, normalize=normalize) == pytest.approx(expected)


def test_shannon_entropy_in_nats() -> None:
    assert shannon_entropy([0.5, 0.5], base=math.e) == pytest.approx(math.log(2))


def test_shannon_entropy_rejects_negative_values() -> None:
    with pytest.raises(ValueError, match="negative"):
        shannon_entropy([0.5, -0.5])


@pytest.mark.parametrize(
    ("samples", "entropy", "epistemic", "aleatoric"),
    [
        # two confident samples that disagree: mostly epistemic
        ([0.9, 0.1], 1.0, 0.16, 0.09),
        # certain samples, 3 of 5 say yes: all epistemic
        ([1, 0, 1, 0, 1], -(0.6 * math.log2(0.6) + 0.4 * math.log2(0.4)), 0.24, 0.0),
        # one undecided sample: all aleatoric
        ([0.5], 1.0, 0.0, 0.25),
    ],
)
def test_uncertainty_by_hand(
    samples: list[float], entropy: float, epistemic: float, aleatoric: float
) -> None:
    result = uncertainty(samples)
    assert result.entropy == pytest.approx(entropy)
    assert result.epistemic == pytest.approx(epistemic)
    assert result.aleatoric == pytest.approx(aleatoric)
    mean = sum(samples) / len(samples)
    assert result.total == pytest.approx(mean * (1 - mean))  # the law of total variance


def test_uncertainty_without_samples_has_no_value() -> None:
    result = uncertainty([])
    assert (result.entropy, result.epistemic, result.aleatoric, result.total) == (None,) * 4


def test_uncertainty_rejects_probabilities_out_of_range() -> None:
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        uncertainty([1.5])


def test_mean_uncertainty_averages_items_with_samples() -> None:
    result = mean_uncertainty([[0.9, 0.1], [1.0], []])
    assert result.entropy == pytest.approx(0.5)
    assert result.epistemic == pytest.approx(0.08)
    assert result.aleatoric == pytest.approx(0.045)
    assert mean_uncertainty([[], []]).entropy is None


@pytest.mark.parametrize(
    ("text", "abstains"),
    [
        ("I could not find anyone called Helen Brooks at Acme Health.", True),
        ("I couldn’t find a Dr. Brooks.", True),
        ("There is no Dr. Marco Rossi in Neurology.", True),
        ("I don't know who that is.", True),
        ("I have no record of a Karen Whitfield.", True),
        ("Dr. Helen Brooks's extension is 4990.", False),
        ("Marco Rossi joined Neurology in 2018.", False),
    ],
)
def test_is_abstention(text: str, abstains: bool) -> None:
    assert is_abstention(text) is abstains


def test_false_acceptance_rate_counts_answers_that_do_not_abstain() -> None:
    answers = [
        "I could not find anyone called Helen Brooks.",
        "Helen Brooks's extension is 4990.",
        "There is no Dr. Marco Rossi here.",
        "Dr. Rossi joined in 2018.",
    ]
    assert false_acceptance_rate(answers) == pytest.approx(0.5)
    assert false_acceptance_rate(answers, abstains=lambda a: "Rossi" in a) == pytest.approx(0.5)
    assert false_acceptance_rate([]) is None


@pytest.mark.parametrize(
    ("values", "q", "expected"),
    [
        ([4, 1, 3, 2], 50, 2.5),
        ([1, 2, 3, 4], 0, 1),
        ([1, 2, 3, 4], 100, 4),
        ([1, 2, 3, 4], 90, 3.7),
        ([5], 99, 5),
        ([], 50, None),
    ],
)
def test_percentile_interpolates_between_ranks(
    values: list[float], q: float, expected: float | None
) -> None:
    assert percentile(values, q) == pytest.approx(expected)


def test_percentile_rejects_q_out_of_range() -> None:
    with pytest.raises(ValueError, match="between 0 and 100"):
        percentile([1.0], 101)


def _profile(
    mihr: float | None, kappa: float | None, unc: float | None, far: float | None = None
) -> HallucinationProfile:
    return HallucinationProfile(
        micro_hallucination_rate=mihr,
        macro_hallucination_rate=None,
        fact_score=None if mihr is None else 1 - mihr,
        kappa=kappa,
        uncertainty=unc,
        false_acceptance_rate=far,
    )


@pytest.mark.parametrize(
    ("mihr", "kappa", "unc", "reliability"),
    [
        (0.10, 0.70, 0.30, Reliability.HIGH),
        (0.15, 0.60, 0.50, Reliability.HIGH),  # the bounds are inclusive
        (0.31, 0.70, 0.30, Reliability.LOW),
        (0.10, 0.39, 0.30, Reliability.LOW),
        (0.10, 0.70, 0.81, Reliability.LOW),
        (0.20, 0.70, 0.30, Reliability.MEDIUM),
        (0.10, 0.50, 0.30, Reliability.MEDIUM),
        (0.10, 0.70, 0.60, Reliability.MEDIUM),
        (0.30, 0.40, 0.80, Reliability.MEDIUM),  # on the low bounds, not past them
        (0.10, None, 0.30, Reliability.MEDIUM),  # no kappa cannot vouch for high
        (0.40, None, None, Reliability.LOW),
        (None, None, None, Reliability.MEDIUM),
    ],
)
def test_profile_reliability_classes(
    mihr: float | None, kappa: float | None, unc: float | None, reliability: Reliability
) -> None:
    assert _profile(mihr, kappa, unc).reliability is reliability


@pytest.mark.parametrize(
    ("mihr", "far", "high_risk"),
    [(0.31, None, True), (0.1, 0.31, True), (0.3, 0.3, False), (None, None, False)],
)
def test_profile_high_risk(mihr: float | None, far: float | None, high_risk: bool) -> None:
    assert _profile(mihr, 0.7, 0.3, far).high_risk is high_risk


def test_profile_measure_combines_the_metrics() -> None:
    profile = HallucinationProfile.measure(
        VERDICTS,
        ratings=WIKIPEDIA_TABLE,
        samples=[[0.9, 0.1], [0.5]],
        nonexistent_answers=["I could not find her.", "Her extension is 4990."],
        verification_matrix=[[True, False], [True, True], [True, False]],
    )
    assert profile.micro_hallucination_rate == pytest.approx(2 / 6)
    assert profile.macro_hallucination_rate == pytest.approx(0.5)
    assert profile.fact_score == pytest.approx(4 / 6)
    assert profile.kappa == pytest.approx(0.2099, abs=1e-4)
    assert profile.uncertainty == pytest.approx(1.0)
    assert profile.false_acceptance_rate == pytest.approx(0.5)
    assert profile.consensus_f1 == pytest.approx((1.0 + 0.0 + 1.0) / 3)
    assert (profile.responses, profile.claims) == (4, 6)
    assert profile.reliability is Reliability.LOW  # mihr 0.33 and kappa 0.21
    assert profile.high_risk


def test_profile_json_round_trip() -> None:
    profile = _profile(0.1, 0.7, 0.3, far=0.0)
    data = json.loads(profile.to_json())
    assert data["reliability"] == "high"
    assert data["high_risk"] is False
    assert data["kappa_band"] == "substantial"
    assert HallucinationProfile.from_json(profile.to_json()) == profile


def test_profile_from_dict_recomputes_derived_keys() -> None:
    data = _profile(0.5, 0.7, 0.3).to_dict() | {"reliability": "high", "high_risk": False}
    profile = HallucinationProfile.from_dict(data)
    assert profile.reliability is Reliability.LOW
    assert profile.high_risk


def test_profile_from_dict_rejects_unknown_keys() -> None:
    with pytest.raises(ValueError, match="unknown profile key"):
        HallucinationProfile.from_dict(_profile(0.1, 0.7, 0.3).to_dict() | {"mhr": 0.1})
