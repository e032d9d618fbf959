"""``numeric_claims``: the reply's numbers, dates and amounts checked against the KB and the
sources (``kgcheck.numeric_claims``), with the last turns for what they refer to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgcheck.failures import NUMERIC_FAILED
from kgcheck.providers.base import Provider

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext
    from kgcheck.numeric_claims import NumericClaim

__all__ = ["NumericClaimsProvider"]


class NumericClaimsProvider(Provider):
    name = "numeric_claims"
    stage = "numeric"
    failure_code = NUMERIC_FAILED

    def compute(self, ctx: DetectionContext) -> tuple[NumericClaim, ...]:
        from kgcheck.numeric_claims import verify_numeric_claims

        return tuple(
            verify_numeric_claims(
                ctx.analysis,
                ctx.kb,
                ctx.sources,
                ctx.now,
                ctx.config.numeric,
                history=[t.text for t in reversed(ctx.state.turns[-4:])],
                temporal=ctx.config.temporal,
            )
        )
