"""Evidence-use grounding: does each claim of a reply rest on the sources it cites?

For each claim (a sentence of the reply, citations such as ``[S0]`` removed):

- p1 = P(entailed | all sources), p0 = P(entailed | the cited sources replaced by
  ``[REDACTED]``), both from the NLI model (the best over windows of the sources, so long
  sources are read in parts);
- evidence use = p1 - p0: how much the cited sources themselves raise the claim;
- ``kl_bits`` = KL(Bernoulli(p1) || Bernoulli(p0)), the information the evidence delivers, and
  ``budget_gap`` = the bits needed to get from p0 to the target reliability minus those: a
  positive gap means the evidence falls short;
- confidence = p1 x sqrt(delivered / needed bits, at most 1), times ``uncited_penalty`` when the
  claim cites nothing.

A claim is grounded when it cites a given source, its evidence use exceeds
``evidence_use_threshold`` and its confidence ``confidence_threshold``; the reply is grounded when
at least ``grounded_ratio`` of its claims are. With exactly one source and no citation anywhere in
the reply, every claim counts as citing it (``single_source_cites_all``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kgcheck.config import GroundingConfig
from kgcheck.nli.scorer import NliScorer, NliScores
from kgcheck.nlp.analysis import TurnAnalysis
from kgcheck.nlp.content import CITATION, content_words, negated
from kgcheck.nlp.vocabulary import is_question
from kgcheck.numeric_claims import VERIFIED, NumericClaim
from kgcheck.types import Span

__all__ = [
    "COVERED",
    "REDACTED",
    "GroundedClaim",
    "GroundingPlan",
    "GroundingReport",
    "citations",
    "ground",
    "kl_bits",
    "plan_grounding",
]

REDACTED = "[REDACTED]"
#: P(entailed) of a claim whose every content word is in the sources (see ``ground``).
COVERED = 0.9
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
#: Words per window of a long source (the model reads 256 tokens).
_WINDOW_WORDS = 150
_EPS = 1e-6


@dataclass(frozen=True, slots=True)
class _Source:
    id: str
    text: str


@dataclass
class GroundedClaim:
    """One claim of the reply and how well its citations support it."""

    text: str
    span: Span
    citing: list[str]
    p1: float
    p0: float
    evidence_use: float
    kl_bits: float
    budget_gap: float
    confidence: float
    grounded: bool
    warning: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "span": {"start": self.span.start, "end": self.span.end},
            "citing": list(self.citing),
            "p1": round(self.p1, 4),
            "p0": round(self.p0, 4),
            "evidence_use": round(self.evidence_use, 4),
            "kl_bits": round(self.kl_bits, 4),
            "budget_gap": round(self.budget_gap, 4),
            "confidence": round(self.confidence, 4),
            "grounded": self.grounded,
            "warning": self.warning,
        }


@dataclass
class GroundingReport:
    """How well a reply is grounded in its sources (``report.grounding``)."""

    overall_grounded: bool
    grounded_claims: int
    total_claims: int
    grounding_ratio: float
    claims: list[GroundedClaim] = field(default_factory=list)

    @property
    def score(self) -> float:
        """The mean grounding confidence of the claims (1.0 with no claims)."""
        if not self.claims:
            return 1.0
        return sum(c.confidence for c in self.claims) / len(self.claims)

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall_grounded": self.overall_grounded,
            "grounded_claims": self.grounded_claims,
            "total_claims": self.total_claims,
            "grounding_ratio": round(self.grounding_ratio, 4),
            "score": round(self.score, 4),
            "claims": [c.to_dict() for c in self.claims],
        }


def kl_bits(p: float, q: float) -> float:
    """KL(Bernoulli(p) || Bernoulli(q)) in bits."""
    p = min(max(p, _EPS), 1 - _EPS)
    q = min(max(q, _EPS), 1 - _EPS)
    return p * math.log2(p / q) + (1 - p) * math.log2((1 - p) / (1 - q))


def citations(text: str) -> list[str]:
    """Source ids cited in ``text``: ``[S0]``, ``[S0, S1]``, ``[S0; S1]``."""
    out: list[str] = []
    for match in CITATION.finditer(text):
        for part in re.split(r"[,;]", match.group(1)):
            if part.strip() and part.strip() not in out:
                out.append(part.strip())
    return out


def _windows(text: str) -> list[str]:
    """``text`` in parts of about ``_WINDOW_WORDS`` words, cut at sentence ends."""
    if len(text.split()) <= _WINDOW_WORDS:
        return [text]
    out: list[str] = []
    current: list[str] = []
    for sentence in _SENTENCE_END.split(text):
        words = sentence.split()
        if current and len(current) + len(words) > _WINDOW_WORDS:
            out.append(" ".join(current))
            current = current[-20:]  # some overlap: a claim may span the cut
        current.extend(words)
    if current:
        out.append(" ".join(current))
    return out


def _premises(sources: Sequence[_Source], redacted: set[str]) -> list[str]:
    """What the model reads: all sources together when they are short, else each source's
    windows; the ``redacted`` sources replaced by ``[REDACTED]``."""
    texts = [REDACTED if s.id in redacted else s.text for s in sources]
    joined = "\n".join(texts)
    if len(joined.split()) <= _WINDOW_WORDS:
        return [joined]
    return [w for t in texts for w in _windows(t)]


@dataclass
class _Claim:
    text: str
    span: Span
    cited: list[str]


def _claims(analysis: TurnAnalysis, config: GroundingConfig) -> list[_Claim]:
    """The reply's sentences as claims, citations read and removed. A citation belongs to the
    sentence it starts in; one standing alone after a sentence ("... in 2019. [S1]") belongs
    to that sentence."""
    text = analysis.text
    found = list(CITATION.finditer(text))
    masked = list(text)
    for match in found:
        masked[match.start() : match.end()] = " " * (match.end() - match.start())
    plain = "".join(masked)
    out: list[_Claim] = []
    for segment in analysis.segments:
        start, end = segment.span.start, segment.span.end
        clean = re.sub(r"\s+([.,;:!?])", r"\1", " ".join(plain[start:end].split()))
        cited: list[str] = []
        for match in found:
            if start <= match.start() < end:
                cited += [c for c in citations(match.group(0)) if c not in cited]
        if len(clean) < config.min_claim_chars or is_question(clean):
            if out and cited and not clean.strip(" .,;:[]"):
                out[-1].cited.extend(c for c in cited if c not in out[-1].cited)
            continue
        if len(out) < config.max_claims:
            out.append(_Claim(clean, segment.span, cited))
    return out


def ground(
    analysis: TurnAnalysis,
    sources: Sequence[Any],
    scorer: NliScorer,
    config: GroundingConfig,
    numbers: Sequence[NumericClaim] = (),
    lemmas: Callable[[str], list[str]] | None = None,
) -> GroundingReport:
    """Ground the analysed reply in ``sources`` (objects with ``id`` and ``text``).

    ``numbers`` are the reply's numeric claims as ``verify_numeric_claims`` checked them: a
    number a cited source states (within tolerance) counts as that source entailing the claim
    with the verdict's confidence, since models read "$1.28M" and "$1,280,000" poorly.
    With ``lemmas`` (a lemmatiser), a claim whose every content lemma is in the sources, with
    the same polarity, counts as entailed with probability ``COVERED``: the model misses
    paraphrases such as "X leads Cardiology" / "Cardiology is led by X".

    Raises:
        ModelError: the NLI model cannot be loaded.
    """
    plan = plan_grounding(analysis, sources, config, numbers, lemmas)
    return plan.report(scorer.score(plan.pairs) if plan.pairs else [])


def plan_grounding(
    analysis: TurnAnalysis,
    sources: Sequence[Any],
    config: GroundingConfig,
    numbers: Sequence[NumericClaim] = (),
    lemmas: Callable[[str], list[str]] | None = None,
) -> GroundingPlan:
    """``ground`` in two steps: the pairs to ask the model about (``plan.pairs``), then
    ``plan.report(scores)``; the checker scores the pairs with the other checks' in one pass."""
    docs = [_Source(str(s.id), str(s.text)) for s in sources]
    known = {d.id for d in docs}
    claims = _claims(analysis, config)
    default = (
        [docs[0].id]
        if config.single_source_cites_all and len(docs) == 1 and not any(c.cited for c in claims)
        else []
    )
    citings = [[c for c in claim.cited if c in known] or default for claim in claims]
    full = _premises(docs, set())
    pairs: list[tuple[str, str]] = []
    plan: list[tuple[int, int, int]] = []  # per claim: start, p1 pairs, p0 pairs
    for claim, citing in zip(claims, citings, strict=True):
        without = _premises(docs, set(citing)) if citing else []
        plan.append((len(pairs), len(full), len(without)))
        pairs += [(p, claim.text) for p in full] + [(p, claim.text) for p in without]
    return GroundingPlan(pairs, docs, claims, citings, plan, config, tuple(numbers), lemmas)


@dataclass
class GroundingPlan:
    """The pairs grounding asks the model about (``pairs``), and how their scores are graded
    (``report``). Made by ``plan_grounding``."""

    pairs: list[tuple[str, str]]
    _docs: list[_Source]
    _claims: list[_Claim]
    _citings: list[list[str]]
    #: per claim: where its pairs start, how many have all sources, how many have the cited
    #: ones redacted
    _plan: list[tuple[int, int, int]]
    _config: GroundingConfig
    _numbers: tuple[NumericClaim, ...]
    _lemmas: Callable[[str], list[str]] | None

    def report(self, scores: Sequence[NliScores]) -> GroundingReport:
        """The grounding of the reply, given the model's ``scores`` of ``pairs``, in order."""
        docs, lemmas = self._docs, self._lemmas
        known = {d.id for d in docs}
        words: dict[tuple[str, ...], tuple[set[str], bool]] = {}  # lemmas of sources left in

        def lemmas_of(kept: tuple[str, ...]) -> tuple[set[str], bool]:
            assert lemmas is not None
            if kept not in words:
                found = lemmas(" ".join(d.text for d in docs if d.id in kept))
                words[kept] = (content_words(" ".join(found)), negated(found))
            return words[kept]

        out: list[GroundedClaim] = []
        for claim, citing, (start, n1, n0) in zip(
            self._claims, self._citings, self._plan, strict=True
        ):
            unknown = [c for c in claim.cited if c not in known]
            p1 = max(s.entailment for s in scores[start : start + n1])
            p0 = max((s.entailment for s in scores[start + n1 : start + n1 + n0]), default=0.0)
            if lemmas is not None:
                claim_words = lemmas(claim.text)
                if _covered(claim_words, lemmas_of(tuple(d.id for d in docs))):
                    p1 = max(p1, COVERED)
                    if _covered(
                        claim_words, lemmas_of(tuple(d.id for d in docs if d.id not in citing))
                    ):
                        p0 = max(p0, COVERED)
            p1 = max(
                [p1]
                + [
                    n.confidence
                    for n in self._numbers
                    if n.verdict == VERIFIED and n.source in citing and claim.span.contains(n.span)
                ]
            )
            if not n0:  # nothing cited: nothing to take away
                p0 = p1
            out.append(_grade(claim, citing, unknown, p1, p0, self._config))
        grounded = sum(1 for c in out if c.grounded)
        ratio = grounded / len(out) if out else 1.0
        return GroundingReport(
            overall_grounded=ratio >= self._config.grounded_ratio,
            grounded_claims=grounded,
            total_claims=len(out),
            grounding_ratio=ratio,
            claims=out,
        )


def _covered(claim: list[str], source: tuple[set[str], bool]) -> bool:
    """Every content word of the claim's lemmas is in the source (the content words of its
    lemmas, whether it is negated), and both or neither are negated."""
    words = content_words(" ".join(claim))
    return bool(words) and words <= source[0] and negated(claim) == source[1]


def _grade(
    claim: _Claim,
    citing: list[str],
    unknown: list[str],
    p1: float,
    p0: float,
    config: GroundingConfig,
) -> GroundedClaim:
    use = p1 - p0
    delivered = kl_bits(p1, p0) if p1 > p0 else 0.0
    needed = kl_bits(config.target_reliability, p0) if p0 < config.target_reliability else 0.0
    share = 1.0 if needed <= 0 else min(1.0, delivered / needed)
    confidence = p1 * math.sqrt(share)
    if not citing:
        confidence *= config.uncited_penalty
    grounded = (
        bool(citing)
        and use > config.evidence_use_threshold
        and confidence > config.confidence_threshold
    )
    warning = None
    if unknown:
        warning = f"cites {', '.join(unknown)}, which is not among the sources"
    elif not citing:
        warning = "cites no source"
    elif p1 < 0.5:
        warning = f"the sources do not support it (P(entailed) {p1:.2f})"
    elif use <= config.evidence_use_threshold:
        warning = (
            f"as likely without {', '.join(citing)} (evidence use {use:.2f}): the citation is "
            "not what supports it"
        )
    elif not grounded:
        warning = f"weakly supported (confidence {confidence:.2f})"
    return GroundedClaim(
        text=claim.text,
        span=claim.span,
        citing=citing,
        p1=p1,
        p0=p0,
        evidence_use=use,
        kl_bits=delivered,
        budget_gap=needed - delivered,
        confidence=confidence,
        grounded=grounded,
        warning=warning,
    )
