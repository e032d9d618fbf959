"""``numeric_claims``: the reply's numbers, dates and amounts checked against the KB and the
sources (``kgcheck.numeric_claims``), with the last turns for what they refer to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgcheck.failures import NUMERIC_FAILED
from kgcheck.providers.base import Provider

if TYPE_CHECKING:
    from kgcheck.detectors.base import DetectionContext
    from kgcheck.numeric_claims import NumericClaim
    from kgcheck.values.quantities import Quantity

__all__ = ["NumericClaimsProvider", "users_numbers"]


def users_numbers(ctx: DetectionContext, *, asked: bool = False) -> list[Quantity]:
    """The numbers the user stated in the conversation ("I've got 1,200 points"), which the
    reply may restate as theirs; not those the user asked about ("Does it have 1 transfer?"):
    a reply that says so takes the question's premise for a fact. With ``asked``, only those
    the user asked about ("Is the café big enough for a group of 20?")."""
    from kgcheck.nlp.vocabulary import is_question

    found = []
    for turn in ctx.state.turns:
        if turn.role != "user" or turn.analysis is None:
            continue
        questions = [s.span for s in turn.analysis.segments if is_question(s.text)]
        found += [
            q
            for q in turn.analysis.quantities
            if any(a.contains(q.span) for a in questions) is asked
        ]
    return found


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
                theirs=users_numbers(ctx),
                asked=users_numbers(ctx, asked=True),
            )
        )
