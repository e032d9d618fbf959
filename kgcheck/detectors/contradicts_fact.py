"""``contradicts_fact``: the claim is logically incompatible with what the KB asserts.

It negates an asserted fact, asserts a fact an ``owl:NegativePropertyAssertion`` rules out,
assigns a class disjoint with the subject's classes, or gives an object whose functional inverse
already points to someone else ("Sarah Lee leads Analytics" when Analytics is led by Priya Raman).

With an NLI model, each reply sentence the KB cannot decide itself (``kb_decided``) and no check
flagged (with ``nli.corroborate``, also those flagged) is also compared with the verbalised KB
facts of the entities it mentions (those sharing a word with it besides their names, unless it
states the fact's value: "Cafe Venetia is on 269 Alger Dr" is not compared with "The address of
Cafe Venetia is 269 Alger Dr."); a contradiction the model finds joins the symbolic flag on that
sentence as evidence, or becomes a flag of its own.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from rdflib import URIRef
from rdflib.namespace import RDF

from kgcheck.detectors.base import DetectionContext, ModelDetector
from kgcheck.detectors.model_checks import (
    add_finding,
    first_contradictions,
    kb_decided,
    model_evidence,
    restates,
    statements,
    states_value,
    worth_asking,
)
from kgcheck.kb.values import matches
from kgcheck.nli.batch import NliRequest
from kgcheck.nli.scorer import NliScores
from kgcheck.nlp.analysis import Claim, Segment
from kgcheck.nlp.content import content_words
from kgcheck.nlp.negation import denies_value, without_negation
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["ContradictsFactDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: Compare reply sentences with verbalised KB facts with the NLI model (``nli:`` settings).
    nli: bool = True
    #: A contradiction found by the model alone is flagged with confidence P(contradiction)
    #: times this: evidence a person may look at, never grounds to rewrite the reply.
    model_strength: float = Field(default=0.4, ge=0.0, le=1.0)


class ContradictsFactDetector(ModelDetector):
    name = "contradicts_fact"
    flag_type = FlagType.CONTRADICTS_FACT
    Params = _Params

    def ask(self, ctx: DetectionContext) -> tuple[list[Flag], NliRequest | None]:
        flags = []
        for claim in ctx.analysis.claims:
            if claim.subject_iri is None:
                continue
            if claim.predicate == str(RDF.type):
                flag = self._type(ctx, claim)
            elif not claim.polarity:
                flag = self._negated_fact(ctx, claim)
            else:
                flag = self._negative_assertion(ctx, claim) or self._inverse(ctx, claim)
            if flag is not None:
                flags.append(flag)
        params = self.params
        assert isinstance(params, _Params)
        if params.nli and ctx.nli is not None and ctx.nli_settings.fact_pairs > 0:
            return flags, self._nli(ctx, flags, params.model_strength)
        return flags, None

    def _facts(self, ctx: DetectionContext, segment: Segment) -> list[tuple[str, Evidence, str]]:
        """The verbalised facts of the entities ``segment`` mentions that share a word with it
        besides the entity's name, most shared first: (sentence, KB evidence, entity)."""
        kb = ctx.kb
        words = content_words(segment.text)
        entities: dict[str, set[str]] = {}
        for m in ctx.analysis.mentions:
            if m.segment == segment.index and m.iri is not None and m.kind != "pronoun":
                entities.setdefault(m.iri, set()).update(content_words(m.text))
        ranked = []
        for iri, name in entities.items():
            s = URIRef(iri)
            named = name | content_words(kb.label(s))
            for p, o in kb.facts(s):
                if p == RDF.type:
                    continue
                fact = kb.verbalise(s, p, o)
                shared = len((words - named) & (content_words(fact) - named))
                if (
                    shared
                    and not restates(fact, segment.text)
                    and not states_value(segment.text, fact, kb.label(o))
                ):
                    evidence = Evidence("kb", fact, ((iri, str(p), str(o)),))
                    ranked.append((-shared, fact, evidence, iri))
        ranked.sort(key=lambda r: (r[0], r[1]))
        return [(fact, ev, iri) for _, fact, ev, iri in ranked[: ctx.nli_settings.fact_pairs]]

    def _nli(self, ctx: DetectionContext, flags: list[Flag], strength: float) -> NliRequest:
        """What to ask the model: the reply sentences the KB does not decide (``worth_asking``)
        against the verbalised facts of the entities they mention."""
        cfg = ctx.nli_settings
        candidates = [
            (segment, fact)
            for segment in statements(ctx.analysis, cfg.max_sentences)
            if worth_asking(ctx, flags, segment, kb_decided(ctx, segment))
            for fact in self._facts(ctx, segment)
        ]

        def answer(scores: list[NliScores]) -> None:
            found = first_contradictions(
                candidates, scores, cfg.contradiction_threshold, lambda c: c[0]
            )
            for (segment, (fact, kb_evidence, iri)), score in found:
                add_finding(
                    self,
                    ctx,
                    flags,
                    segment,
                    model_evidence("the knowledge base", fact, score),
                    claim=next(
                        (
                            c
                            for c in ctx.analysis.claims
                            if c.segment == segment.index and c.subject_iri == iri
                        ),
                        None,
                    ),
                    also=[kb_evidence],
                    message=f"The knowledge base says otherwise: {fact}",
                    suggestion=fact,
                    focus=iri,
                    kb_strength=strength * score.contradiction,
                )

        return NliRequest([(f[0], s.text) for s, f in candidates], answer)

    def _negated_fact(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        kb = ctx.kb
        assert claim.subject_iri is not None
        s, p = URIRef(claim.subject_iri), URIRef(claim.predicate)
        held = [v for v in kb.values(s, p) if matches(claim.object.stated, claim.object.iri, v)]
        if not held or not denies_value(ctx.analysis.text, claim.object.span.end, claim.span.start):
            return None  # "doesn't close until 11:30 pm": the negation denies the bound
        fact = kb.verbalise(s, p, held[0])
        fix = without_negation(ctx.analysis.text, claim.span)
        return self._flag(
            ctx,
            claim,
            f"The knowledge base states the opposite: {fact}",
            Evidence("kb", fact, ((str(s), str(p), str(held[0])),)),
            suggestion=fact,
            correction=fix[1] if fix else None,
            correction_span=fix[0] if fix else None,
        )

    def _negative_assertion(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        kb = ctx.kb
        assert claim.subject_iri is not None
        s, p = URIRef(claim.subject_iri), URIRef(claim.predicate)
        ruled_out = [
            v for v in kb.negated(s, p) if matches(claim.object.stated, claim.object.iri, v)
        ]
        if not ruled_out:
            return None
        text = f"it is false that {kb.verbalise(s, p, ruled_out[0]).rstrip('.')}"
        return self._flag(
            ctx,
            claim,
            f"The knowledge base asserts {text}",
            Evidence(
                "kb",
                f"owl:NegativePropertyAssertion: {text}",
                ((str(s), f"NOT {p}", str(ruled_out[0])),),
            ),
        )

    def _inverse(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        """The object's functional inverse names another subject."""
        kb, onto = ctx.kb, ctx.kb.ontology
        assert claim.subject_iri is not None
        if claim.object.iri is None:
            return None
        s, p, o = URIRef(claim.subject_iri), URIRef(claim.predicate), URIRef(claim.object.iri)
        inverse = onto.inverse.get(p)
        if inverse is None or inverse not in onto.functional:
            return None
        others = [h for h in kb.values(o, inverse) if h != s]
        if not others or s in kb.values(o, inverse):
            return None
        fact = kb.verbalise(o, inverse, others[0])
        return self._flag(
            ctx,
            claim,
            f"{fact[:-1]}, not {kb.label(s)}",
            Evidence("kb", fact, ((str(o), str(inverse), str(others[0])),)),
            correction=kb.label(others[0]),
            correction_span=claim.subject.span,
        )

    def _type(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        kb, onto = ctx.kb, ctx.kb.ontology
        assert claim.subject_iri is not None and claim.object.iri is not None
        s, cls_ = URIRef(claim.subject_iri), URIRef(claim.object.iri)
        direct = kb.direct_types(s)
        if not claim.polarity:
            if cls_ not in kb.types(s):
                return None
            fact = kb.verbalise(s, RDF.type, cls_)
            return self._flag(
                ctx,
                claim,
                f"The knowledge base states the opposite: {fact}",
                Evidence("kb", fact, ((str(s), str(RDF.type), str(cls_)),)),
                suggestion=fact,
            )
        reason = onto.disjoint_with(direct).get(cls_)
        if reason is None:
            return None
        held = next((t for t in direct if reason in onto.with_superclasses({t})), reason)
        article = "an" if onto.label(held)[:1].lower() in "aeiou" else "a"
        return self._flag(
            ctx,
            claim,
            f"{kb.label(s)} is {article} {onto.label(held)}, and no {onto.label(reason)} is "
            f"{'an' if onto.label(cls_)[:1].lower() in 'aeiou' else 'a'} {onto.label(cls_)}",
            Evidence(
                "kb",
                f"{kb.verbalise(s, RDF.type, held)} {onto.label(reason)} "
                f"owl:disjointWith {onto.label(cls_)}.",
                ((str(s), str(RDF.type), str(held)), (str(reason), "owl:disjointWith", str(cls_))),
            ),
            correction=f"{article} {onto.label(held)}",
            correction_span=claim.object.span,
        )

    def _flag(
        self,
        ctx: DetectionContext,
        claim: Claim,
        message: str,
        evidence: Evidence,
        *,
        suggestion: str | None = None,
        correction: str | None = None,
        correction_span: object = None,
    ) -> Flag:
        return self.flag(
            span=claim.span,
            content=ctx.analysis.text[claim.span.start : claim.span.end],
            message=message,
            evidence=[evidence],
            suggestion=suggestion or (f"Use: {correction}" if correction else None),
            correction=correction,
            correction_span=correction_span,
            focus=claim.subject_iri,
            kb_strength=1.0,
            claim_index=claim.index,
        )
