"""``logical_inconsistency``: the reply contradicts itself.

Two values for a functional property (or an open attribute) of the same subject, a statement and
its negation, or two classes the ontology declares disjoint. With an NLI model, pairs of the
reply's sentences are also compared; the model's finding joins a symbolic flag on the later
sentence or becomes a flag of its own.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from rdflib import URIRef
from rdflib.namespace import RDF

from kgcheck.detectors.base import DetectionContext, ModelDetector
from kgcheck.detectors.model_checks import (
    add_finding,
    claim_in,
    first_contradictions,
    kb_decided,
    model_evidence,
    restates,
    statements,
    worth_asking,
)
from kgcheck.history.claims import object_key, subject_key
from kgcheck.nli.batch import NliRequest
from kgcheck.nli.scorer import NliScores
from kgcheck.nlp.analysis import Claim, Segment
from kgcheck.nlp.attributes import is_attribute
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["LogicalInconsistencyDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: Compare the reply's sentences pairwise with the NLI model (``nli:`` settings).
    nli: bool = True
    #: A contradiction found by the model alone is flagged with confidence P(contradiction)
    #: times this: evidence a person may look at, never grounds to rewrite the reply.
    model_strength: float = Field(default=0.45, ge=0.0, le=1.0)


class LogicalInconsistencyDetector(ModelDetector):
    name = "logical_inconsistency"
    flag_type = FlagType.LOGICAL_INCONSISTENCY
    Params = _Params

    def ask(self, ctx: DetectionContext) -> tuple[list[Flag], NliRequest | None]:
        # per (subject, predicate): the first claim of each (object, polarity), and the first
        # positive claim; each new claim is compared with those alone, so a long reply that
        # repeats itself costs linear time
        firsts: dict[tuple[str, str], dict[tuple[str, bool], Claim]] = {}
        positives: dict[tuple[str, str], list[Claim]] = {}
        flags = []
        for claim in ctx.analysis.claims:
            key = subject_key(claim.subject, "assistant")
            if key is None:
                continue
            slot = (key, claim.predicate)
            seen = firsts.setdefault(slot, {})
            obj = object_key(claim)
            clash = seen.get((obj, not claim.polarity))
            if clash is None and claim.polarity:
                clash = next(
                    (p for p in positives.get(slot, ()) if self._different_values(ctx, p, claim)),
                    None,
                )
            if clash is not None:
                flags.append(self._flag(ctx, clash, claim))
            if (obj, claim.polarity) not in seen:
                seen[(obj, claim.polarity)] = claim
                if claim.polarity:
                    positives.setdefault(slot, []).append(claim)
        params = self.params
        assert isinstance(params, _Params)
        if params.nli and ctx.nli is not None:
            return flags, self._nli(ctx, flags)
        return flags, None

    @staticmethod
    def _entities(ctx: DetectionContext, sentences: list[Segment]) -> dict[int, set[str]]:
        """The entities each sentence mentions (KB IRIs, else names as written)."""
        out: dict[int, set[str]] = {s.index: set() for s in sentences}
        for m in ctx.analysis.mentions:
            if m.segment in out and (m.iri is not None or m.kind in {"entity", "name"}):
                out[m.segment].add(m.iri or m.text.casefold())
        return out

    def _nli(self, ctx: DetectionContext, flags: list[Flag]) -> NliRequest:
        """What to ask the model: each pair of the reply's sentences that the KB does not
        decide (``worth_asking``) and that may be about the same thing."""
        cfg = ctx.nli_settings
        sentences = statements(ctx.analysis, cfg.max_sentences)
        sentences = [s for s in sentences if worth_asking(ctx, flags, s, kb_decided(ctx, s))]
        entities = self._entities(ctx, sentences)
        pairs = [
            (first, second)
            for j, second in enumerate(sentences)
            for first in sentences[:j]
            if not restates(first.text, second.text)
            # sentences about different people or things cannot contradict each other
            and not (
                entities[first.index]
                and entities[second.index]
                and entities[first.index].isdisjoint(entities[second.index])
            )
        ]

        def answer(scores: list[NliScores]) -> None:
            found = first_contradictions(pairs, scores, cfg.contradiction_threshold, lambda p: p[1])
            for (first, second), score in found:
                add_finding(
                    self,
                    ctx,
                    flags,
                    second,
                    model_evidence("earlier in this reply", first.text, score),
                    claim=claim_in(ctx.analysis, second),
                    message=f'The reply contradicts itself: it also says "{first.text}"',
                    suggestion="Keep one of the two statements.",
                    kb_strength=self._model_strength() * score.contradiction,
                )

        return NliRequest([(a.text, b.text) for a, b in pairs], answer)

    def _model_strength(self) -> float:
        params = self.params
        assert isinstance(params, _Params)
        return params.model_strength

    def _different_values(self, ctx: DetectionContext, first: Claim, second: Claim) -> bool:
        """Two positive claims with different objects that cannot both hold: not the objects
        one statement lists ("is on Creek Lane, Batson, TQ8 8NJ": the parts of one address;
        "is based at A and B" is a wrong value, if any, for the KB to find, not two
        statements)."""
        if object_key(first) == object_key(second):
            return False
        if _one_statement(first, second):
            return False
        onto = ctx.kb.ontology
        if second.predicate == str(RDF.type):
            a, b = first.object.iri, second.object.iri
            return a is not None and b is not None and URIRef(b) in onto.disjoint_with({URIRef(a)})
        return URIRef(second.predicate) in onto.functional or is_attribute(second.predicate)

    def _flag(self, ctx: DetectionContext, first: Claim, second: Claim) -> Flag:
        text = ctx.analysis.text
        said = text[first.span.start : first.span.end]
        return self.flag(
            span=second.span,
            content=text[second.span.start : second.span.end],
            message=f'The reply contradicts itself: it also says "{said}"',
            evidence=[Evidence("consistency", f'earlier in this reply: "{said}"')],
            suggestion="Keep one of the two statements.",
            focus=second.subject_iri,
            kb_strength=0.5,
            claim_index=second.index,
        )


def _one_statement(first: Claim, second: Claim) -> bool:
    """Whether two claims are read from one statement: one subject as written, one form of
    the predicate, in one sentence (its objects listed)."""
    return (
        first.segment == second.segment
        and first.subject.span == second.subject.span
        and first.form == second.form
    )
