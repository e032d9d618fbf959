"""``numeric_claim``: numbers and dates checked against the KB and sources with tolerances.

A value outside the tolerance is ``wrong_attribute`` with the KB value, written like the stated
one, as the correction; a value the KB holds for another period is ``temporal_error``; a value
nothing supports is ``unsupported_claim``. Flags on the object of an extracted claim carry its
index, so that the scorer merges them with ``wrong_attribute``'s flag on the same claim.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.nlp.negation import denies_value, without_negation
from kgcheck.numeric_claims import (
    UNSUPPORTED,
    VERIFIED,
    WRONG,
    WRONG_PERIOD,
    NumericClaim,
)
from kgcheck.types import Evidence, Flag, FlagType, Span

__all__ = ["NumericClaimDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive a mismatch is on a property that is neither functional, complete nor
    #: period-specific (the KB may not list every value).
    open_world_strength: float = Field(default=0.6, ge=0.0, le=1.0)
    #: How decisive the absence of any supporting value is.
    unsupported_strength: float = Field(default=0.5, ge=0.0, le=1.0)
    #: How decisive a mismatch is where the reading is unsure (the value may be of another
    #: subject or property than the one it was checked against): shown, not acted on.
    unsure_strength: float = Field(default=0.6, ge=0.0, le=1.0)


class NumericClaimDetector(Detector):
    name = "numeric_claim"
    flag_type = FlagType.WRONG_ATTRIBUTE
    emits = (
        FlagType.WRONG_ATTRIBUTE,
        FlagType.UNSUPPORTED_CLAIM,
        FlagType.TEMPORAL_ERROR,
        FlagType.CONTRADICTS_FACT,
    )
    requires = frozenset({"numeric_claims"})
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        claims = ctx.verified_numbers()
        flags = []
        for claim in claims:
            flag = self._flag(ctx, claim)
            if flag is not None:
                flags.append(flag)
        return flags

    def _flag(self, ctx: DetectionContext, claim: NumericClaim) -> Flag | None:
        params = self.params
        assert isinstance(params, _Params)
        span = claim.span
        if claim.claim_index is not None:
            span = ctx.analysis.claims[claim.claim_index].span
        if claim.negated:
            # "was not 5.4%": a denial of the KB's value contradicts it; of another value, true
            if claim.verdict != VERIFIED:
                return None
            return self._denied(ctx, claim, span)
        if claim.verdict not in {WRONG, WRONG_PERIOD, UNSUPPORTED}:
            return None
        evidence = []
        if claim.evidence:
            evidence.append(Evidence("kb", claim.message, claim.evidence))
        if claim.verdict == UNSUPPORTED:
            evidence.append(Evidence("kb_absence", claim.message))
            flag_type, strength = FlagType.UNSUPPORTED_CLAIM, params.unsupported_strength
        elif claim.verdict == WRONG_PERIOD:
            flag_type, strength = FlagType.TEMPORAL_ERROR, 1.0
        else:
            flag_type = FlagType.WRONG_ATTRIBUTE
            strength = 1.0 if claim.functional else params.open_world_strength
        if not claim.certain:
            strength = min(strength, params.unsure_strength)
        return Flag(
            type=flag_type,
            detector=self.name,
            span=span,
            content=claim.text,
            message=claim.message,
            evidence=evidence,
            correction=claim.correction,
            correction_span=claim.correction_span,
            focus=claim.subject,
            kb_strength=strength,
            claim_index=claim.claim_index,
        )

    def _denied(self, ctx: DetectionContext, claim: NumericClaim, span: Span) -> Flag | None:
        """The reply denies a value the KB holds (not when the negation denies a bound or a
        degree before it: "never more than £60", "not until 11:30 pm")."""
        sentence = next(
            (s.span for s in ctx.analysis.segments if s.span.contains(claim.span)), span
        )
        if not denies_value(ctx.analysis.text, claim.span.start, sentence.start):
            return None
        fix = without_negation(ctx.analysis.text, Span(sentence.start, claim.span.start))
        return Flag(
            type=FlagType.CONTRADICTS_FACT,
            detector=self.name,
            span=span,
            content=claim.text,
            message=f"The knowledge base states it is {claim.text}: {claim.message}",
            evidence=[Evidence("kb", claim.message, claim.evidence)],
            correction=fix[1] if fix else None,
            correction_span=fix[0] if fix else None,
            focus=claim.subject,
            kb_strength=1.0 if claim.functional else 0.6,
            claim_index=claim.claim_index,
        )
