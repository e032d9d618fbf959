"""Hallucination metrics: rates, FactScore, agreement, uncertainty and classification scores.

Every measure whose denominator is empty (no claims, no responses, no raters) returns ``None``,
"no value", never raises ``ZeroDivisionError``: an empty evaluation has no rate, not a rate of 0.

Claims are given per response, one boolean per claim, ``True`` when the claim is supported::

    verdicts = [[True, False], [True], []]      # three responses, three claims
    micro_hallucination_rate(verdicts)          # 1/3: one unsupported claim of three
    macro_hallucination_rate(verdicts)          # 1/3: one response of three has one
    fact_score(verdicts)                        # 2/3
    fleiss_kappa(rating_table([["a", "b"], ["a", "a"]])).band
    HallucinationProfile.measure(verdicts).reliability
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

__all__ = [
    "HIGH_RISK_RATE",
    "Agreement",
    "ConfusionMatrix",
    "ConsensusF1",
    "HallucinationProfile",
    "Reliability",
    "Uncertainty",
    "claim_verdicts",
    "confusion_matrix",
    "consensus_f1",
    "fact_score",
    "false_acceptance_rate",
    "fleiss_kappa",
    "is_abstention",
    "kappa_band",
    "macro_hallucination_rate",
    "mean_uncertainty",
    "micro_hallucination_rate",
    "percentile",
    "rating_table",
    "ratio",
    "shannon_entropy",
    "uncertainty",
]

#: Above this micro hallucination rate or false acceptance rate a profile is high-risk.
HIGH_RISK_RATE = 0.3


def ratio(numerator: float, denominator: float) -> float | None:
    """``numerator / denominator``, or ``None`` when the denominator is 0."""
    return None if denominator == 0 else numerator / denominator


# -- claim-level rates -------------------------------------------------------------------------


def claim_verdicts(claims: int, flagged: Iterable[int | None]) -> list[bool]:
    """One verdict per claim of a reply (``True`` = supported) from how many claims it had and
    the claim each flag is about (``None``: a flag on no claim, such as an unknown name): claims
    with a flag are unsupported, and each flag on no claim counts as one more unsupported claim.
    The evaluation runner and the flag store's per-reply counts both use this."""
    flags = list(flagged)
    on_claims = {c for c in flags if c is not None}
    loose = sum(1 for c in flags if c is None)
    supported = max(claims - len(on_claims), 0)
    return [True] * supported + [False] * (len(on_claims) + loose)


def micro_hallucination_rate(verdicts: Sequence[Sequence[bool]]) -> float | None:
    """Unsupported claims / claims, over all responses (MiHR); ``None`` without claims."""
    claims = [v for response in verdicts for v in response]
    return ratio(sum(not v for v in claims), len(claims))


def macro_hallucination_rate(verdicts: Sequence[Sequence[bool]]) -> float | None:
    """Responses with at least one unsupported claim / responses (MaHR); ``None`` without
    responses. A response without claims has no hallucination."""
    return ratio(sum(not all(response) for response in verdicts), len(verdicts))


def fact_score(verdicts: Sequence[Sequence[bool]]) -> float | None:
    """Supported claims / claims (FactScore); ``None`` without claims."""
    claims = [v for response in verdicts for v in response]
    return ratio(sum(claims), len(claims))


# -- classification ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConfusionMatrix:
    """Counts of a binary decision against the truth; the positive class is "hallucinated".

    Each score is ``None`` where it is undefined: precision without predicted positives, recall
    without actual positives, F1 (``2tp / (2tp + fp + fn)``) when both are empty.
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    @property
    def accuracy(self) -> float | None:
        return ratio(self.tp + self.tn, self.total)

    @property
    def precision(self) -> float | None:
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        return ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float | None:
        return ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    def __add__(self, other: ConfusionMatrix) -> ConfusionMatrix:
        return ConfusionMatrix(
            self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.tn + other.tn
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "accuracy": self.accuracy,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }


def confusion_matrix(gold: Sequence[bool], predicted: Sequence[bool]) -> ConfusionMatrix:
    """Counts of ``predicted`` against ``gold`` (``True`` = hallucinated).

    Raises:
        ValueError: the two sequences differ in length.
    """
    if len(gold) != len(predicted):
        raise ValueError(f"{len(gold)} gold labels but {len(predicted)} predictions")
    pairs = list(zip(gold, predicted, strict=True))
    return ConfusionMatrix(
        tp=sum(g and p for g, p in pairs),
        fp=sum(p and not g for g, p in pairs),
        fn=sum(g and not p for g, p in pairs),
        tn=sum(not g and not p for g, p in pairs),
    )


@dataclass(frozen=True, slots=True)
class ConsensusF1:
    """Each rater's F1 against the majority of all raters.

    ``consensus[c]`` is ``True`` when a strict majority of raters support claim ``c`` (a tie
    leaves it unsupported); F1 is that of finding the unsupported claims; ``value`` is the mean
    of the raters' defined F1 scores.
    """

    consensus: tuple[bool, ...]
    per_rater: tuple[float | None, ...]
    value: float | None


def consensus_f1(matrix: Sequence[Sequence[bool]]) -> ConsensusF1:
    """Consensus F1 over a claim-verification matrix: one row per checker or model, one column
    per claim, ``True`` when that rater finds the claim supported.

    Raises:
        ValueError: the rows differ in length.
    """
    if len({len(row) for row in matrix}) > 1:
        raise ValueError("every rater must give a verdict on every claim")
    claims = len(matrix[0]) if matrix else 0
    consensus = tuple(2 * sum(row[c] for row in matrix) > len(matrix) for c in range(claims))
    gold = [not c for c in consensus]
    per_rater = tuple(confusion_matrix(gold, [not v for v in row]).f1 for row in matrix)
    defined = [f for f in per_rater if f is not None]
    return ConsensusF1(consensus, per_rater, ratio(sum(defined), len(defined)))


# -- agreement ---------------------------------------------------------------------------------

_BANDS = ((0.2, "poor"), (0.4, "fair"), (0.6, "moderate"))


def kappa_band(kappa: float | None) -> str:
    """The interpretation band of a kappa: poor (< 0.2), fair (0.2 to < 0.4), moderate (0.4 to
    < 0.6), substantial (0.6 to 0.8), almost perfect (> 0.8); ``undefined`` for ``None``."""
    if kappa is None:
        return "undefined"
    for upper, band in _BANDS:
        if kappa < upper:
            return band
    return "substantial" if kappa <= 0.8 else "almost perfect"


@dataclass(frozen=True, slots=True)
class Agreement:
    """Fleiss' kappa over ``items`` rated by ``raters`` each; ``kappa`` is ``None`` (band
    ``undefined``) with fewer than two raters, no items, or every rating in one category."""

    kappa: float | None
    raters: int
    items: int

    @property
    def band(self) -> str:
        return kappa_band(self.kappa)


def rating_table(labels: Sequence[Sequence[Hashable]]) -> list[list[int]]:
    """Turn one row of labels per rater (same items, same order) into Fleiss' table: one row
    per item, one column per category, each cell the number of raters who chose it.

    Raises:
        ValueError: the raters label different numbers of items.
    """
    if len({len(row) for row in labels}) > 1:
        raise ValueError("every rater must label every item")
    categories = sorted({label for row in labels for label in row}, key=repr)
    items = len(labels[0]) if labels else 0
    return [[sum(row[i] == c for row in labels) for c in categories] for i in range(items)]


def fleiss_kappa(table: Sequence[Sequence[int]]) -> Agreement:
    """Fleiss' kappa of a table with one row per item and one column per category, each cell
    the number of raters who put the item in the category (see ``rating_table``).

    Raises:
        ValueError: the rows sum to different numbers of raters, or a count is negative.
    """
    if any(n < 0 for row in table for n in row):
        raise ValueError("rating counts cannot be negative")
    sums = {sum(row) for row in table}
    if len(sums) > 1:
        raise ValueError(f"every item needs the same number of raters, got {sorted(sums)}")
    raters = sums.pop() if sums else 0
    items = len(table)
    if raters < 2 or items == 0:
        return Agreement(None, raters, items)
    per_item = [(sum(n * n for n in row) - raters) / (raters * (raters - 1)) for row in table]
    observed = sum(per_item) / items
    shares = [sum(col) / (items * raters) for col in zip(*table, strict=True)]
    chance = sum(p * p for p in shares)
    if math.isclose(chance, 1.0):
        return Agreement(None, raters, items)
    return Agreement((observed - chance) / (1 - chance), raters, items)


# -- uncertainty -------------------------------------------------------------------------------


def shannon_entropy(
    distribution: Sequence[float], *, normalize: bool = False, base: float = 2.0
) -> float | None:
    """Entropy of a discrete distribution (probabilities or counts, normalised here).

    With ``normalize`` the entropy is divided by its maximum, ``log(k)`` for ``k`` outcomes,
    so it lies in [0, 1]. ``None`` for an empty or all-zero distribution.

    Raises:
        ValueError: a value is negative.
    """
    if any(p < 0 for p in distribution):
        raise ValueError("probabilities cannot be negative")
    total = sum(distribution)
    if total == 0:
        return None
    entropy = -sum(p / total * math.log(p / total, base) for p in distribution if p > 0)
    entropy = max(entropy, 0.0)  # -0.0 and rounding below zero
    if normalize:
        return 0.0 if len(distribution) < 2 else entropy / math.log(len(distribution), base)
    return entropy


@dataclass(frozen=True, slots=True)
class Uncertainty:
    """Uncertainty about a binary outcome (hallucinated or not) seen in several samples.

    ``entropy`` is the Shannon entropy in bits (0 to 1) of the mean probability; ``epistemic``
    the variance of the samples' means (how much the samples disagree); ``aleatoric`` the mean
    of their variances (how uncertain each is). Their sum is the variance of the mixture.
    """

    entropy: float | None
    epistemic: float | None
    aleatoric: float | None

    @property
    def total(self) -> float | None:
        if self.epistemic is None or self.aleatoric is None:
            return None
        return self.epistemic + self.aleatoric


def uncertainty(probabilities: Sequence[float]) -> Uncertainty:
    """Uncertainty of one item from the probability each sample gives it (a sampled answer, a
    model, a run). Sample ``s`` is a Bernoulli outcome with mean ``p_s`` and variance
    ``p_s (1 - p_s)``. All ``None`` without samples.

    Raises:
        ValueError: a probability lies outside [0, 1].
    """
    if any(not 0.0 <= p <= 1.0 for p in probabilities):
        raise ValueError("probabilities must lie in [0, 1]")
    n = len(probabilities)
    if n == 0:
        return Uncertainty(None, None, None)
    mean = sum(probabilities) / n
    return Uncertainty(
        entropy=shannon_entropy([mean, 1.0 - mean]),
        epistemic=sum((p - mean) ** 2 for p in probabilities) / n,
        aleatoric=sum(p * (1.0 - p) for p in probabilities) / n,
    )


def mean_uncertainty(items: Sequence[Sequence[float]]) -> Uncertainty:
    """The mean of ``uncertainty`` over items (one probability per sample each); items without
    samples are left out; all ``None`` when none has any."""
    parts = [uncertainty(samples) for samples in items if samples]
    if not parts:
        return Uncertainty(None, None, None)

    def mean(values: list[float | None]) -> float:
        return sum(v for v in values if v is not None) / len(values)

    return Uncertainty(
        entropy=mean([u.entropy for u in parts]),
        epistemic=mean([u.epistemic for u in parts]),
        aleatoric=mean([u.aleatoric for u in parts]),
    )


# -- abstention --------------------------------------------------------------------------------

_ABSTENTION = re.compile(
    r"\b(?:"
    r"i (?:do not|don't|dont) know|i(?:'m| am) not (?:sure|aware)|not aware of"
    r"|i (?:could not|couldn't|cannot|can't|can not|was unable to) (?:find|locate|confirm|verify)"
    r"|(?:unable|not able) to (?:find|locate|confirm|verify)"
    r"|(?:have|has|found) no (?:record|information|data|entry)|no (?:record|entry) of"
    r"|there (?:is|are|was|were) no|no (?:one|such \w+) (?:called|named|by that name)"
    r"|(?:does not|doesn't|did not|didn't) (?:exist|appear)|not in (?:our|the|my) records"
    r")\b",
    re.IGNORECASE,
)


def is_abstention(text: str) -> bool:
    """Whether a reply declines to answer ("I could not find...", "I don't know", "there is no
    such..."): a phrase heuristic, replaceable in ``false_acceptance_rate``."""
    return _ABSTENTION.search(text.replace("\u2019", "'")) is not None


def false_acceptance_rate(
    answers: Sequence[str], *, abstains: Callable[[str], bool] = is_abstention
) -> float | None:
    """Share of answers to questions about nonexistent entities that do not abstain, i.e. go
    along with the false premise; ``None`` without answers."""
    return ratio(sum(not abstains(a) for a in answers), len(answers))


# -- summary statistics ------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0-100), interpolating linearly between closest ranks;
    ``None`` for no values.

    Raises:
        ValueError: ``q`` is outside [0, 100].
    """
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be between 0 and 100, got {q}")
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


# -- the profile -------------------------------------------------------------------------------


class Reliability(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


@dataclass(frozen=True)
class HallucinationProfile:
    """The hallucination measures of a set of responses and what they add up to.

    ``reliability`` is ``high`` when MiHR <= 0.15, kappa >= 0.6 and uncertainty (entropy)
    <= 0.5; ``low`` when MiHR > 0.3, kappa < 0.4 or uncertainty > 0.8; ``medium`` otherwise.
    A measure without value cannot vouch for ``high`` and does not make a profile ``low``.
    ``high_risk``: more than 30 % of claims unsupported, or more than 30 % of questions about
    nonexistent entities answered as if they existed.

    Usage::

        profile = HallucinationProfile.measure(verdicts, ratings=table, samples=probs)
        HallucinationProfile.from_json(profile.to_json()) == profile
    """

    micro_hallucination_rate: float | None
    macro_hallucination_rate: float | None
    fact_score: float | None
    kappa: float | None = None
    uncertainty: float | None = None
    false_acceptance_rate: float | None = None
    consensus_f1: float | None = None
    responses: int = 0
    claims: int = 0

    @classmethod
    def measure(
        cls,
        verdicts: Sequence[Sequence[bool]],
        *,
        ratings: Sequence[Sequence[int]] | None = None,
        samples: Sequence[Sequence[float]] | None = None,
        nonexistent_answers: Sequence[str] | None = None,
        verification_matrix: Sequence[Sequence[bool]] | None = None,
    ) -> HallucinationProfile:
        """A profile from raw data: claim verdicts per response, a Fleiss rating table, the
        probabilities of hallucination per item and sample, the answers to questions about
        nonexistent entities, and a claim-verification matrix of several checkers."""
        return cls(
            micro_hallucination_rate=micro_hallucination_rate(verdicts),
            macro_hallucination_rate=macro_hallucination_rate(verdicts),
            fact_score=fact_score(verdicts),
            kappa=None if ratings is None else fleiss_kappa(ratings).kappa,
            uncertainty=None if samples is None else mean_uncertainty(samples).entropy,
            false_acceptance_rate=(
                None if nonexistent_answers is None else false_acceptance_rate(nonexistent_answers)
            ),
            consensus_f1=(
                None if verification_matrix is None else consensus_f1(verification_matrix).value
            ),
            responses=len(verdicts),
            claims=sum(len(v) for v in verdicts),
        )

    @property
    def reliability(self) -> Reliability:
        mihr, kappa, unc = self.micro_hallucination_rate, self.kappa, self.uncertainty
        if (
            (mihr is not None and mihr > 0.3)
            or (kappa is not None and kappa < 0.4)
            or (unc is not None and unc > 0.8)
        ):
            return Reliability.LOW
        if (
            mihr is not None
            and mihr <= 0.15
            and kappa is not None
            and kappa >= 0.6
            and unc is not None
            and unc <= 0.5
        ):
            return Reliability.HIGH
        return Reliability.MEDIUM

    @property
    def high_risk(self) -> bool:
        return any(
            rate is not None and rate > HIGH_RISK_RATE
            for rate in (self.micro_hallucination_rate, self.false_acceptance_rate)
        )

    @property
    def kappa_band(self) -> str:
        return kappa_band(self.kappa)

    def to_dict(self) -> dict[str, Any]:
        """The measures, plus the derived ``reliability``, ``high_risk`` and ``kappa_band``."""
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(
            reliability=str(self.reliability), high_risk=self.high_risk, kappa_band=self.kappa_band
        )
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HallucinationProfile:
        """The profile of ``to_dict``; the derived keys are recomputed, not read.

        Raises:
            ValueError: a key is unknown.
        """
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names - {"reliability", "high_risk", "kappa_band"}
        if unknown:
            raise ValueError(f"unknown profile key(s): {', '.join(sorted(unknown))}")
        return cls(**{k: v for k, v in data.items() if k in names})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_json(cls, text: str) -> HallucinationProfile:
        return cls.from_dict(json.loads(text))
