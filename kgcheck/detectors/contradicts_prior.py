"""``contradicts_prior``: a reply claim conflicts with a claim made earlier in the conversation.

Same subject and a functional predicate (or an open attribute such as "my office") with another
value, or the same statement with the opposite polarity. Restating is not a conflict, nor is a
reply the KB itself supports. The evidence quotes the earlier turn; the correction is the earlier
value when the user stated it or the KB supports it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from rdflib import URIRef
from rdflib.namespace import RDF

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.history.claims import HistoryClaim, object_key, subject_key
from kgcheck.kb.values import matches
from kgcheck.nlp.analysis import Claim
from kgcheck.nlp.attributes import is_attribute
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["ContradictsPriorDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive an earlier statement of the user (or one the KB supports) is.
    trusted_strength: float = 1.0
    #: How decisive an earlier commitment of the assistant that nothing else supports is.
    commitment_strength: float = 0.6


class ContradictsPriorDetector(Detector):
    name = "contradicts_prior"
    flag_type = FlagType.CONTRADICTS_PRIOR
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        flags = []
        for claim in ctx.analysis.claims:
            key = subject_key(claim.subject, "assistant")
            if key is None or self._kb_supports(ctx, claim):
                continue
            for earlier in reversed(ctx.state.claims.about(key, claim.predicate)):
                if earlier.asked:
                    continue
                conflict = self._conflict(ctx, claim, earlier)
                if conflict is not None:
                    flags.append(self._flag(ctx, claim, earlier, conflict))
                    break
        return flags

    def _conflict(self, ctx: DetectionContext, claim: Claim, earlier: HistoryClaim) -> str | None:
        same_value = object_key(claim) == earlier.object
        if same_value:
            return "polarity" if claim.polarity != earlier.polarity else None
        if not (claim.polarity and earlier.polarity):
            return None
        p = URIRef(claim.predicate)
        onto = ctx.kb.ontology
        if claim.predicate == str(RDF.type) and claim.object.iri is not None:
            disjoint = onto.disjoint_with({URIRef(earlier.object)})
            return "disjoint" if URIRef(claim.object.iri) in disjoint else None
        if p in onto.functional or is_attribute(claim.predicate):
            return "value"
        return None

    def _kb_supports(self, ctx: DetectionContext, claim: Claim) -> bool:
        """A reply the KB confirms is right, whatever was said before."""
        if claim.subject_iri is None or not claim.polarity:
            return False
        values = ctx.kb.values(URIRef(claim.subject_iri), URIRef(claim.predicate))
        return any(matches(claim.object.stated, claim.object.iri, v) for v in values)

    def _trusted(self, ctx: DetectionContext, earlier: HistoryClaim) -> bool:
        if earlier.role in {"user", "system"}:
            return True
        if earlier.subject.startswith(("conv:", "speaker:")) or not earlier.polarity:
            return False
        values = ctx.kb.values(URIRef(earlier.subject), URIRef(earlier.predicate))
        if earlier.object.startswith(("num:", "date:", "text:")):
            return any(matches(earlier.object_text, None, v) for v in values)
        return URIRef(earlier.object) in values

    def _flag(
        self, ctx: DetectionContext, claim: Claim, earlier: HistoryClaim, conflict: str
    ) -> Flag:
        params = self.params
        assert isinstance(params, _Params)
        trusted = self._trusted(ctx, earlier)
        who = "you" if earlier.role == "user" else "I" if earlier.role == "assistant" else "we"
        quote = f'turn {earlier.turn} ({earlier.role}): "{earlier.sentence}"'
        if conflict == "polarity":
            message = (
                f"Turn {earlier.turn} said the opposite: {earlier.sentence}"
                if earlier.polarity
                else f"Turn {earlier.turn} denied this: {earlier.sentence}"
            )
        else:
            message = (
                f"Earlier ({who}, turn {earlier.turn}) it was {earlier.object_text}, "
                f"not {claim.object.text}"
            )
        correction = earlier.object_text if trusted and conflict == "value" else None
        return self.flag(
            span=claim.span,
            content=ctx.analysis.text[claim.span.start : claim.span.end],
            message=message,
            evidence=[Evidence("history", quote)],
            suggestion=None if correction else f"Reconcile with {quote}",
            correction=correction,
            correction_span=claim.object.span if correction else None,
            focus=claim.subject_iri,
            kb_strength=0.5,
            history_strength=params.trusted_strength if trusted else params.commitment_strength,
            claim_index=claim.index,
        )
