"""``fabricated_fact``: a value the KB should have but does not.

Either the claim is about a subject the KB does not know (a named but unknown person, team or
thing; a name the KB holds as a value, such as a director's name as a string, is known), or its
predicate is declared ``kgc:complete`` and the KB has no value for the subject.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from rdflib import URIRef
from rdflib.namespace import RDF

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.nlp.analysis import Claim
from kgcheck.nlp.vocabulary import INDEFINITE_BEFORE
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["FabricatedFactDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive a claim about an unknown subject is when its class is not closed-world.
    open_world_strength: float = 0.4


class FabricatedFactDetector(Detector):
    name = "fabricated_fact"
    flag_type = FlagType.FABRICATED_FACT
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        flags = []
        for claim in ctx.analysis.claims:
            if not claim.polarity or claim.predicate == str(RDF.type):
                continue
            if claim.subject_iri is None and claim.subject.kind == "name":
                if ctx.state.entities.introduced_by_user(claim.subject.text):
                    continue  # someone the user told us about: a conversation entity
                if ctx.kb.has_literal(claim.subject.text) or ctx.kb.in_literal(claim.subject.text):
                    continue  # a name the KB holds as a value ("directed by Mara Quist")
                if INDEFINITE_BEFORE.search(ctx.analysis.text, 0, claim.subject.span.start):
                    continue  # "A Shih Tzu is in our small band": any one of a kind, no name
                flags.append(self._unknown_subject(ctx, claim))
            elif claim.subject_iri is not None:
                flag = self._missing_value(ctx, claim)
                if flag is not None:
                    flags.append(flag)
        return flags

    def _unknown_subject(self, ctx: DetectionContext, claim: Claim) -> Flag:
        params = self.params
        assert isinstance(params, _Params)
        kb, onto = ctx.kb, ctx.kb.ontology
        p = URIRef(claim.predicate)
        domain = onto.with_superclasses(onto.domain.get(p, set()))
        closed = bool(domain & onto.closed_world)
        evidence = [Evidence("kb_absence", f"the KB has no entity named '{claim.subject.text}'")]
        correction = None
        known = ""
        # "Dr. Helen Brooks leads Oncology": who the KB says holds that value instead
        if claim.object.iri is not None:
            holders = kb.holders(p, URIRef(claim.object.iri))
            inverse = onto.inverse.get(p)
            if holders:
                triples = tuple((str(h), str(p), claim.object.iri) for h in holders)
                evidence.append(
                    Evidence(
                        "kb",
                        "; ".join(kb.verbalise(h, p, URIRef(claim.object.iri)) for h in holders),
                        triples,
                    )
                )
                if len(holders) == 1 and inverse is not None and inverse in onto.functional:
                    correction = kb.label(holders[0])
                    known = f" ({kb.verbalise(URIRef(claim.object.iri), inverse, holders[0])})"
        return self.flag(
            span=claim.span,
            content=ctx.analysis.text[claim.span.start : claim.span.end],
            message=f"Claim about '{claim.subject.text}', whom the knowledge base does not "
            f"know{known.rstrip('.)') + ')' if known else ''}",
            evidence=evidence,
            correction=correction,
            correction_span=claim.subject.span if correction else None,
            kb_strength=1.0 if closed else params.open_world_strength,
            claim_index=claim.index,
        )

    def _missing_value(self, ctx: DetectionContext, claim: Claim) -> Flag | None:
        kb, onto = ctx.kb, ctx.kb.ontology
        assert claim.subject_iri is not None
        s, p = URIRef(claim.subject_iri), URIRef(claim.predicate)
        if p not in onto.complete or kb.values(s, p):
            return None
        domain = onto.domain.get(p, set())
        if domain and not domain & kb.types(s):
            return None  # complete for its domain only
        subject, prop = kb.label(s), onto.label(p)
        return self.flag(
            span=claim.span,
            content=ctx.analysis.text[claim.span.start : claim.span.end],
            message=f"The knowledge base lists no {prop} for {subject}, and its {prop} list is "
            "complete",
            evidence=[
                Evidence(
                    "kb_absence",
                    f"no ({subject}, {prop}, ?) in the KB; {prop} is declared kgc:complete",
                    ((str(s), str(p), "?"),),
                )
            ],
            suggestion=f"Say that no {prop} is on record for {subject}.",
            focus=str(s),
            kb_strength=1.0,
            claim_index=claim.index,
        )
