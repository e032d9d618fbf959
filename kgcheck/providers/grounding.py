"""``grounding``: how well the reply is grounded in the sources it answered from
(``kgcheck.nli.grounding``), judged by the NLI model in the turn's shared model pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgcheck.failures import GROUNDING_FAILED
from kgcheck.providers.base import ModelProvider

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext
    from kgcheck.nli.batch import NliRequest

__all__ = ["GroundingProvider"]


class GroundingProvider(ModelProvider):
    """Nothing without sources; without a model, nothing and a note in ``skipped``."""

    name = "grounding"
    stage = "grounding"
    failure_code = GROUNDING_FAILED

    def ask(self, ctx: DetectionContext) -> NliRequest | None:
        from kgcheck.nli.batch import NliRequest
        from kgcheck.nli.grounding import plan_grounding
        from kgcheck.nli.scorer import NliScores

        if not ctx.sources:
            return None
        if ctx.nli is None:
            note = "grounding: no NLI model (nli.model is none)"
            if note not in ctx.notes:
                ctx.notes.append(note)
            return None
        plan = plan_grounding(
            ctx.analysis,
            ctx.sources,
            ctx.config.grounding,
            ctx.verified_numbers(),
            lemmas=ctx.lemmas,
        )

        def answer(scores: list[NliScores]) -> None:
            ctx.results.put(self.name, plan.report(scores))

        return NliRequest(plan.pairs, answer)
