"""``unsupported_claim``: a claim of the reply that the sources it cites do not support.

Reads the checker's evidence-use grounding (``kgcheck.nli.grounding``; only when the turn was
checked with ``sources``): each claim that is not grounded becomes a flag whose evidence gives
p1, p0 and the claim's warning. Silent without sources. The grounding is a model's judgement:
such a flag is marked ``by_model`` (it may be shown or escalated, never used to rewrite the
reply), with confidence ``model_strength`` x (1 - the claim's grounding confidence).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.types import Evidence, Flag, FlagType

if TYPE_CHECKING:
    from kgcheck.nli.grounding import GroundingReport

__all__ = ["UnsupportedClaimDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: The flag's confidence is this times (1 - the claim's grounding confidence).
    model_strength: float = Field(default=1.0, ge=0.0, le=1.0)


class UnsupportedClaimDetector(Detector):
    name = "unsupported_claim"
    flag_type = FlagType.UNSUPPORTED_CLAIM
    requires = frozenset({"grounding"})
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        grounding: GroundingReport | None = ctx.require("grounding")
        if grounding is None:
            return []
        params = self.params
        assert isinstance(params, _Params)
        flags = []
        for claim in grounding.claims:
            if claim.grounded:
                continue
            cited = ", ".join(claim.citing) if claim.citing else "no source"
            claim_index = next(
                (c.index for c in ctx.analysis.claims if claim.span.contains(c.span)), None
            )
            flags.append(
                self.flag(
                    span=claim.span,
                    content=ctx.analysis.text[claim.span.start : claim.span.end],
                    message=f"Not supported by its sources: {claim.warning}",
                    evidence=[
                        Evidence(
                            "source",
                            f"cites {cited}: P(entailed | sources) {claim.p1:.2f}, "
                            f"without the cited ones {claim.p0:.2f}, evidence use "
                            f"{claim.evidence_use:.2f}, confidence {claim.confidence:.2f}",
                            scores=(("p1", claim.p1), ("p0", claim.p0)),
                        )
                    ],
                    suggestion="Cite the source that states this, or remove the claim.",
                    kb_strength=params.model_strength * (1.0 - claim.confidence),
                    claim_index=claim_index,
                    by_model=True,
                )
            )
        return flags
