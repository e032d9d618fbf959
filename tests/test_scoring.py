"""Scoring: confidence = base(type) * (1 + sum_k w_k * (s_k - 0.5)), clamped; de-duplication."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kgcheck import Checker, DialogueState, Evidence, Flag, FlagType, Severity, Span
from kgcheck.config import ScoringConfig
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.scoring import Scorer
from kgcheck.types import BASE_SEVERITY

Analyse = Callable[..., TurnAnalysis]
WEIGHTS = {"kb": 0.35, "history": 0.25, "linguistic": 0.20, "consistency": 0.20}
EMPTY = TurnAnalysis(text="")


def make_flag(
    flag_type: FlagType = FlagType.WRONG_ATTRIBUTE,
    span: tuple[int, int] = (0, 4),
    *,
    detector: str = "d",
    kb: float = 1.0,
    history: float | None = None,
    claim: int | None = None,
    correction: str | None = None,
    evidence: str = "e",
) -> Flag:
    return Flag(
        type=flag_type,
        span=Span(*span),
        content="x",
        message=f"{flag_type} by {detector}",
        detector=detector,
        evidence=[Evidence("kb", evidence)],
        correction=correction,
        correction_span=Span(*span) if correction else None,
        kb_strength=kb,
        history_strength=history,
        claim_index=claim,
    )


def expected(
    base: float, kb: float, history: float, linguistic: float, consistency: float
) -> float:
    """The documented formula: evidence first, then the linguistic signal as a factor."""
    adjust = (
        WEIGHTS["kb"] * (kb - 0.5)
        + WEIGHTS["history"] * (history - 0.5)
        + WEIGHTS["consistency"] * (consistency - 0.5)
    )
    evidence = min(1.0, max(0.0, base * (1 + adjust)))
    return min(1.0, max(0.0, evidence * (1 + WEIGHTS["linguistic"] * (linguistic - 0.5))))


@pytest.mark.parametrize("flag_type", list(FlagType))
def test_scorer_neutral_evidence_keeps_the_base_severity(flag_type: FlagType) -> None:
    (flag,) = Scorer().score([make_flag(flag_type, kb=0.5)], EMPTY)
    assert flag.confidence == pytest.approx(BASE_SEVERITY[flag_type], abs=1e-4)


@pytest.mark.parametrize(
    ("flag_type", "kb", "history"),
    [
        (FlagType.WRONG_ATTRIBUTE, 1.0, None),
        (FlagType.WRONG_ATTRIBUTE, 0.6, None),
        (FlagType.WRONG_ATTRIBUTE, 0.0, None),
        (FlagType.NONEXISTENT_ENTITY, 0.35, None),
        (FlagType.UNSUPPORTED_CLAIM, 0.0, 0.0),
        (FlagType.TEMPORAL_ERROR, 1.0, 1.0),
        (FlagType.CONTRADICTS_PRIOR, 0.5, 0.9),
    ],
)
def test_scorer_confidence_follows_the_documented_formula(
    flag_type: FlagType, kb: float, history: float | None
) -> None:
    (flag,) = Scorer().score([make_flag(flag_type, kb=kb, history=history)], EMPTY)
    base = BASE_SEVERITY[flag_type]
    want = expected(base, kb, 0.5 if history is None else history, 0.5, 0.5)
    assert flag.confidence == pytest.approx(want, abs=1e-4)


@pytest.mark.parametrize(
    ("text", "linguistic"),
    [
        ("Daniel Kim is in room B-215.", 0.5),
        ("Probably Daniel Kim is in room B-215.", 0.0),
        ("Daniel Kim is definitely in room B-215.", 1.0),
    ],
)
def test_scorer_linguistic_signal_from_the_claim(
    analyse: Analyse, text: str, linguistic: float
) -> None:
    (flag,) = Scorer().score([make_flag(claim=0)], analyse(text))
    want = expected(BASE_SEVERITY[FlagType.WRONG_ATTRIBUTE], 1.0, 0.5, linguistic, 0.5)
    assert flag.confidence == pytest.approx(want, abs=1e-4)


def test_scorer_hedging_lowers_a_flag_the_kb_makes_certain(
    acme_checker: Checker, state: DialogueState
) -> None:
    plain = acme_checker.check_turn("Linh Nguyen is a doctor.", state).flags[0]
    hedged = acme_checker.check_turn("I think Linh Nguyen is a doctor.", state).flags[0]
    assert plain.confidence == 1.0
    assert hedged.confidence < plain.confidence


def test_scorer_hedging_lowers_and_certainty_raises_confidence(
    acme_checker: Checker, state: DialogueState
) -> None:
    def confidence(text: str) -> float:
        (flag,) = acme_checker.check_turn(text, state).flags
        assert flag.type == FlagType.WRONG_ATTRIBUTE
        return flag.confidence

    plain = confidence("Amira Patel works in Oncology.")
    hedged = confidence("I think Amira Patel works in Oncology.")
    certain = confidence("Amira Patel definitely works in Oncology.")
    assert hedged < plain < certain


def test_scorer_confidence_is_clamped_to_one() -> None:
    flag = make_flag(FlagType.CONTRADICTS_FACT, kb=1.0, history=1.0)
    (scored,) = Scorer().score([flag], EMPTY)
    assert scored.confidence == 1.0


def test_scorer_confidence_never_negative() -> None:
    weights = {"kb": 3.0, "history": 0.0, "linguistic": 0.0, "consistency": 0.0}
    scorer = Scorer(ScoringConfig(weights=weights))
    (flag,) = scorer.score([make_flag(kb=0.0)], EMPTY)
    assert flag.confidence == 0.0


def test_scorer_base_severity_override_from_config() -> None:
    scorer = Scorer(ScoringConfig(base_severity={FlagType.WRONG_ATTRIBUTE: 0.4}))
    (flag,) = scorer.score([make_flag(kb=0.5)], EMPTY)
    assert flag.confidence == pytest.approx(0.4)


def test_scorer_hedged_signal_from_config(analyse: Analyse) -> None:
    analysis = analyse("Probably Daniel Kim is in room B-215.")
    neutral = Scorer(ScoringConfig(hedged_signal=0.5)).score([make_flag(claim=0)], analysis)
    default = Scorer().score([make_flag(claim=0)], analysis)
    assert neutral[0].confidence == pytest.approx(0.75 * (1 + 0.35 * 0.5), abs=1e-4)
    assert default[0].confidence < neutral[0].confidence


@pytest.mark.parametrize(
    ("second_detector", "second_span", "boost"),
    [
        ("other", (5, 15), 0.2 * 0.5),  # another detector flags an overlapping span
        ("same", (5, 15), 0.0),  # the same detector does not corroborate itself
        ("other", (20, 30), 0.0),  # no overlap
    ],
)
def test_scorer_consistency_between_detectors(
    second_detector: str, second_span: tuple[int, int], boost: float
) -> None:
    first = make_flag(FlagType.WRONG_ATTRIBUTE, (0, 10), detector="same", kb=0.5)
    second = make_flag(FlagType.TEMPORAL_ERROR, second_span, detector=second_detector, kb=0.5)
    scored = {f.type: f.confidence for f in Scorer().score([first, second], EMPTY)}
    assert scored[FlagType.WRONG_ATTRIBUTE] == pytest.approx(0.75 * (1 + boost), abs=1e-4)
    assert scored[FlagType.TEMPORAL_ERROR] == pytest.approx(0.65 * (1 + boost), abs=1e-4)


def test_scorer_one_flag_per_claim_keeps_the_most_severe_type(analyse: Analyse) -> None:
    analysis = analyse("Miguel Reyes works in Oncology.")
    wrong = make_flag(
        FlagType.WRONG_ATTRIBUTE,
        (22, 30),
        detector="wa",
        claim=0,
        correction="Pediatrics",
        evidence="worksIn pediatrics",
    )
    contra = make_flag(
        FlagType.CONTRADICTS_FACT, (0, 30), detector="cf", claim=0, evidence="NOT oncology"
    )
    (kept,) = Scorer().score([wrong, contra], analysis)
    assert kept.type == FlagType.CONTRADICTS_FACT
    assert kept.correction == "Pediatrics"  # borrowed from the less severe flag
    assert kept.correction_span == Span(22, 30)
    assert [e.text for e in kept.evidence] == ["NOT oncology", "worksIn pediatrics"]


def test_scorer_same_type_and_span_merge_into_one() -> None:
    flags = [
        make_flag(kb=0.4, evidence="first"),
        make_flag(kb=0.9, evidence="second"),
    ]
    (kept,) = Scorer().score(flags, EMPTY)
    assert kept.kb_strength == 0.9
    assert {e.text for e in kept.evidence} == {"first", "second"}


def test_scorer_distinct_claims_stay_separate(analyse: Analyse) -> None:
    analysis = analyse("Amira Patel works in Oncology and her extension is 4413.")
    flags = [make_flag(span=(21, 29), claim=0), make_flag(span=(51, 55), claim=1)]
    assert len(Scorer().score(flags, analysis)) == 2


@pytest.mark.parametrize(
    ("flag_type", "severity"),
    [
        (FlagType.CONTRADICTS_FACT, Severity.CRITICAL),
        (FlagType.FABRICATED_FACT, Severity.CRITICAL),
        (FlagType.NONEXISTENT_ENTITY, Severity.CRITICAL),
        (FlagType.WRONG_ATTRIBUTE, Severity.HIGH),
        (FlagType.CONTRADICTS_PRIOR, Severity.HIGH),
        (FlagType.TEMPORAL_ERROR, Severity.MEDIUM),
        (FlagType.UNSUPPORTED_CLAIM, Severity.MEDIUM),
    ],
)
def test_scorer_sets_the_severity_tier(flag_type: FlagType, severity: Severity) -> None:
    (flag,) = Scorer().score([make_flag(flag_type)], EMPTY)
    assert flag.severity == severity


def test_scorer_orders_flags_by_position() -> None:
    flags = [make_flag(span=(10, 14)), make_flag(FlagType.TEMPORAL_ERROR, span=(0, 4))]
    assert [f.span.start for f in Scorer().score(flags, EMPTY)] == [0, 10]


def test_scorer_model_only_flag_follows_the_model_strength_not_the_base_severity() -> None:
    # a model-only contradiction at P 0.92 with model_strength 0.4 scored 0.91 (base 0.95)
    flag = make_flag(FlagType.CONTRADICTS_FACT, kb=0.4 * 0.92)
    flag.by_model = True
    (scored,) = Scorer().score([flag], EMPTY)
    assert scored.confidence == pytest.approx(0.368)


def test_scorer_model_finding_joins_the_symbolic_flag_it_overlaps() -> None:
    symbolic = make_flag(FlagType.WRONG_ATTRIBUTE, (10, 14), detector="numeric_claim")
    model = make_flag(FlagType.CONTRADICTS_FACT, (0, 30), detector="contradicts_fact")
    model.by_model = True
    model.evidence = [Evidence("model", "NLI: contradicts")]
    (kept,) = Scorer().score([model, symbolic], EMPTY)
    assert kept is symbolic and kept.type == FlagType.WRONG_ATTRIBUTE
    assert [e.kind for e in kept.evidence] == ["kb", "model"]
    # the model does not corroborate: the confidence is the symbolic flag's own
    (alone,) = Scorer().score([make_flag(FlagType.WRONG_ATTRIBUTE, (10, 14))], EMPTY)
    assert kept.confidence == alone.confidence


def test_scorer_configured_base_severity_sets_the_kept_type_and_the_tier(analyse: Analyse) -> None:
    plain = analyse("Miguel Reyes works in Oncology.")
    # contradicts_fact configured down to 0.1: the wrong_attribute flag on the same claim is
    # the more severe one now, and the tier follows the configured base, not the built-in one
    scorer = Scorer(ScoringConfig(base_severity={FlagType.CONTRADICTS_FACT: 0.1}))
    low = make_flag(FlagType.CONTRADICTS_FACT, kb=0.5, claim=0, detector="a")
    (kept,) = scorer.score([low], plain)
    assert kept.severity == Severity.LOW
    assert kept.confidence == pytest.approx(expected(0.1, 0.5, 0.5, 0.5, 0.5), abs=1e-4)
    fact = make_flag(FlagType.CONTRADICTS_FACT, claim=0, detector="a")
    attribute = make_flag(FlagType.WRONG_ATTRIBUTE, claim=0, detector="b")
    (kept,) = scorer.score([fact, attribute], plain)
    assert kept.type == FlagType.WRONG_ATTRIBUTE


def test_scorer_two_detectors_on_one_claim_are_corroborated_before_deduplication(
    analyse: Analyse,
) -> None:
    plain = analyse("Miguel Reyes works in Oncology.")
    scorer = Scorer()
    alone = scorer.score([make_flag(claim=0, detector="a")], plain)[0].confidence
    pair = [
        make_flag(FlagType.WRONG_ATTRIBUTE, (0, 4), claim=0, detector="a"),
        make_flag(FlagType.WRONG_ATTRIBUTE, (10, 14), claim=0, detector="b"),
    ]
    (kept,) = scorer.score(pair, plain)
    assert kept.confidence == pytest.approx(
        expected(BASE_SEVERITY[FlagType.WRONG_ATTRIBUTE], 1.0, 0.5, 0.5, 1.0), abs=1e-4
    )
    assert kept.confidence > alone


def test_scorer_a_model_finding_corroborates_nothing(analyse: Analyse) -> None:
    plain = analyse("Miguel Reyes works in Oncology.")
    symbolic = make_flag(FlagType.WRONG_ATTRIBUTE, claim=0, detector="a")
    model = make_flag(FlagType.CONTRADICTS_FACT, claim=0, detector="b", kb=0.9)
    model.by_model = True
    (kept,) = Scorer().score([symbolic, model], plain)
    assert kept is symbolic
    assert kept.confidence == pytest.approx(
        expected(BASE_SEVERITY[FlagType.WRONG_ATTRIBUTE], 1.0, 0.5, 0.5, 0.5), abs=1e-4
    )
