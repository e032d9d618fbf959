"""``nonexistent_entity``: a named person, place, team or thing the KB and the conversation lack."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict
from rdflib import URIRef

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import Mention
from kgcheck.spans import SpanIndex
from kgcheck.types import Evidence, Flag, FlagType

__all__ = ["NonexistentEntityDetector"]

#: Words right before a name that deny it is there: "no Starbucks", "couldn't find any X".
_DENIED = re.compile(
    r"(?:\b(?:no|nor|neither)|\b(?:not|n't|never|cannot|unable to)\s+(?:\w+\s+){0,2}"
    r"(?:find|locate|see|know|have|list|found|located|listed|seen|known|had)\s+"
    r"(?:(?:a|an|any|the)\s+)?)\s*$",
    re.I,
)


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive an unknown name is when the text gives it a class (a title, a role in a
    #: claim, an affiliation) that is not declared closed-world.
    open_world_strength: float = 0.35
    #: How decisive an unknown name is when nothing in the text says what it is.
    untyped_strength: float = 0.0
    #: How decisive a name that is a typo of a KB label is.
    typo_strength: float = 0.5
    report_typos: bool = True


class NonexistentEntityDetector(Detector):
    name = "nonexistent_entity"
    flag_type = FlagType.NONEXISTENT_ENTITY
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        params = self.params
        assert isinstance(params, _Params)
        analysis = ctx.analysis
        onto = ctx.kb.ontology
        # the words of a literal value ("job title is HR Director", "address is 394 Van Ness
        # Ave") and of dates and times ("5 PM") are not names of things
        values = SpanIndex(
            [
                c.object.span
                for c in analysis.claims
                if c.object.iri is None and onto.is_datatype_property(URIRef(c.predicate))
            ]
            + [t.span for t in analysis.temporals]
        )
        flags = []
        for m in analysis.mentions:
            if values.overlaps(m.span):
                continue
            if m.kind == "entity" and m.how == "fuzzy" and params.report_typos and m.iri:
                if _names_part_of(m.text, ctx.kb.label(URIRef(m.iri))):
                    continue  # "Jill" and the KB's "Jill's house": a name it builds on
                flags.append(self._typo(ctx, m, params.typo_strength))
            if m.kind != "name":
                continue
            if ctx.kb.has_literal(m.text) or ctx.kb.in_literal(m.text):
                continue  # a value the KB holds ("Portland", "200 Alester Ave")
            if ctx.state.entities.mentioned_by_user(m.text):
                continue  # the user introduced this name: a conversation entity
            if _DENIED.search(analysis.text[max(0, m.span.start - 40) : m.span.start]):
                continue  # "there is no Starbucks nearby": the reply agrees it is not there
            flag = self._unknown(ctx, m, params)
            if flag is not None:
                flags.append(flag)
        return flags

    def _typo(self, ctx: DetectionContext, m: Mention, strength: float) -> Flag:
        assert m.iri is not None
        label = ctx.kb.label(URIRef(m.iri))
        correction = label if m.title is None else _with_title(m, label)
        return self.flag(
            span=m.span,
            content=m.text,
            message=f"'{m.text}' is not a name in the knowledge base; it is probably a typo of "
            f"'{label}'",
            evidence=[Evidence("kb", f"closest KB label: {label}", ((m.iri, "label", label),))],
            suggestion=f"Did you mean {label}?",
            correction=correction,
            correction_span=m.span,
            focus=m.iri,
            kb_strength=strength,
        )

    def _unknown(self, ctx: DetectionContext, m: Mention, params: _Params) -> Flag | None:
        """The flag for an unknown name; ``None`` for one capitalised word nothing in the text
        gives a class, a title or a group ("GPS", "Navigation is set"): too little to call it
        a name of something that does not exist."""
        kb = ctx.kb
        onto = kb.ontology
        classes = self._classes_of(ctx, m)
        if not classes and m.affiliation is None and len(m.text.split()) == 1:
            return None
        closed = sorted(str(c) for c in onto.with_superclasses(classes) if c in onto.closed_world)
        evidence = []
        suggestion = None
        if m.affiliation is not None:
            group = URIRef(m.affiliation)
            members = sorted(
                {kb.label(s) for s in kb.graph.subjects(None, group) if isinstance(s, URIRef)}
                | {kb.label(o) for o in kb.graph.objects(group, None) if _is_named(kb, o)}
            )
            evidence.append(
                Evidence(
                    "kb_absence",
                    f"{kb.label(group)} has no one named '{m.text}'; the KB links it to: "
                    f"{', '.join(members) or 'nobody'}",
                )
            )
        if m.candidates:
            near = ", ".join(kb.label(URIRef(c)) for c in m.candidates)
            evidence.append(Evidence("kb", f"similar names elsewhere in the KB: {near}"))
            suggestion = f"Did you mean {near}?"
        if closed:
            names = ", ".join(onto.label(URIRef(c)) for c in closed)
            evidence.append(
                Evidence(
                    "kb_absence",
                    f"no KB entity is named '{m.text}', and the KB lists every "
                    f"{names} (closed world)",
                )
            )
        else:
            evidence.append(Evidence("kb_absence", f"no KB entity is named '{m.text}'"))
        return self.flag(
            span=m.span,
            content=m.text,
            message=f"'{m.text}' does not exist in the knowledge base or the conversation",
            evidence=evidence,
            suggestion=suggestion,
            kb_strength=(
                1.0
                if closed
                else params.open_world_strength
                if classes
                else params.untyped_strength
            ),
        )

    @staticmethod
    def _classes_of(ctx: DetectionContext, m: Mention) -> set[URIRef]:
        """Classes the text implies for a name: its title, its role in claims, its group."""
        onto = ctx.kb.ontology
        classes: set[URIRef] = set()
        if m.class_hint:
            classes.add(URIRef(m.class_hint))
        for claim in ctx.analysis.claims:
            prop = URIRef(claim.predicate)
            if claim.subject.span == m.span:
                classes |= onto.domain.get(prop, set())
            elif claim.object.mention is not None and claim.object.mention.span == m.span:
                classes |= onto.range.get(prop, set())
        if m.affiliation is not None or m.title is not None:
            classes |= {c for c in onto.closed_world if onto.is_person_class(c)}
        return classes


def _names_part_of(text: str, label: str) -> bool:
    """Whether ``label`` is built on the name ``text``: "Jill" in "Jill's house" or "jills
    house", "Chang" in "P.F. Changs" (words compared without a possessive or plural s)."""

    def words(value: str) -> list[str]:
        out = []
        for w in value.casefold().replace("’", "'").split():
            w = w.removesuffix("'s").removesuffix("'")
            out.append(w[:-1] if w.endswith("s") and len(w) > 3 else w)
        return out

    name, full = words(text), words(label)
    n = len(name)
    return 0 < n < len(full) and any(full[i : i + n] == name for i in range(len(full) - n + 1))


def _is_named(kb: KnowledgeBase, node: object) -> bool:
    return isinstance(node, URIRef) and kb.labels.display(str(node)) is not None


def _with_title(m: Mention, label: str) -> str:
    """Keep the title the reply used ("Dr. Amira Patell" -> "Dr. Amira Patel")."""
    title = m.text.split()[0]
    if label.split()[0].rstrip(".").lower() == title.rstrip(".").lower():
        return label
    return f"{title} {label}"
