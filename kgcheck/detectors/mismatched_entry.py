"""``mismatched_entry``: an item names an entry and someone it is with that no entry has together.

"Your meeting with Martha is at 9 am" when the KB's meeting is not with Martha: either the name
or the person is wrong, and the day or time the item states says which. When Martha's entry at
9 am is the lab appointment (and no meeting is at 9 am), the name is wrong and is corrected to
"lab appointment"; when the meeting is at 9 am (and none of Martha's entries is), the person is
wrong and is corrected to the meeting's. When the day or time fits both sides or neither, the
item is flagged without a correction. The anchoring step finds such items
(``Anchor.described``); the verdict on the date (``NumericClaim.fitting``) says which entries
the stated day and time fit.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from rdflib import URIRef
from rdflib.namespace import RDFS

from kgcheck.detectors.base import DetectionContext, Detector
from kgcheck.items.values import unsaid_closed_values
from kgcheck.nlp.analysis import Mention
from kgcheck.nlp.anchors import Description, bare_value
from kgcheck.numeric_claims import DATE, NumericClaim
from kgcheck.types import Evidence, Flag, FlagType, Span
from kgcheck.values.temporal import TemporalExpression

__all__ = ["MismatchedEntryDetector"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: How decisive the mismatch is when the day or time does not say which side is wrong.
    undecided_strength: float = Field(default=0.5, ge=0.0, le=1.0)


class MismatchedEntryDetector(Detector):
    name = "mismatched_entry"
    flag_type = FlagType.WRONG_ATTRIBUTE
    requires = frozenset({"numeric_claims"})
    Params = _Params

    def detect(self, ctx: DetectionContext) -> list[Flag]:
        claims = ctx.verified_numbers()
        by_span = {c.span: c for c in claims if c.kind == DATE and not c.negated}
        flags: list[Flag] = []
        seen: set[tuple[Span, Span]] = set()
        # a value of a closed set not said to hold now ("we aim to have it fixed by
        # Wednesday": a status to come; asked about; offered) links the entry to nothing
        unsaid = set(unsaid_closed_values(ctx.analysis, ctx.kb))
        for t in ctx.analysis.temporals:
            claim = by_span.get(t.span)
            if t.anchor is None or not t.anchor.described or claim is None:
                continue
            described = t.anchor.described
            if len(described) > 1:
                # "the check-up for Luna with Dr. Okafor": the one reading in which the named
                # entry fits the day and time and only the linked entity is wrong
                described = tuple(
                    d
                    for d in described
                    if set(d.named) & set(claim.fitting) and not set(d.linked) & set(claim.fitting)
                )
                if len(described) != 1:
                    continue
            d = described[0]
            if d.link.span in unsaid and d.link.iri and bare_value(ctx.kb, URIRef(d.link.iri)):
                continue
            fits_named = bool(set(d.named) & set(claim.fitting))
            fits_linked = bool(set(d.linked) & set(claim.fitting))
            if d.name is None and not (fits_named and not fits_linked):
                # "the one on the 9th" that only the person's own entries fit: perhaps one the
                # conversation was not about; nothing says the person is wrong
                continue
            key = (t.span if d.name is None else d.name.span, d.link.span)
            if key not in seen:
                seen.add(key)
                flags.append(self._flag(ctx, t, d, claim))
        return flags

    def _flag(
        self, ctx: DetectionContext, t: TemporalExpression, d: Description, claim: NumericClaim
    ) -> Flag:
        params = self.params
        assert isinstance(params, _Params)
        kb = ctx.kb
        fits_name = [s for s in d.named if s in claim.fitting]
        fits_link = [s for s in d.linked if s in claim.fitting]
        link = kb.label(URIRef(d.link.iri)) if d.link.iri else d.link.text
        # what the item calls the entry: its name, else "the one"
        called = d.name.text if d.name is not None else "one"
        triples = tuple(
            (str(s), str(p), str(o))
            for s in (*fits_name, *fits_link)
            for p, o in kb.facts(URIRef(s))
        )
        # (the mention that is wrong, what it should be, which entries the evidence is of)
        wrong: Mention | None = None
        fixes: list[str] = []
        if fits_link and not fits_name and d.name is not None:
            wrong, fixes, focus = (
                d.name,
                sorted({kb.label(URIRef(s)) for s in fits_link}),
                fits_link,
            )
            message = (
                f"Not {d.name.text}: the entry with {link} ({t.text}) is the "
                f"{' or the '.join(fixes)}; no {d.name.text} is with {link}"
            )
        elif fits_name and not fits_link:
            fixes = sorted(
                {
                    _written_like(ctx, o, d.link.text)
                    for s in fits_name
                    for o in self._linked_like(ctx, s, d)
                }
            )
            wrong, focus = d.link, fits_name
            message = (
                f"Not {d.link.text}: the {called} ({t.text}) is with "
                f"{' or '.join(fixes) or 'another'}; nothing with {link} is {t.text}"
            )
        else:
            assert d.name is not None  # ``detect`` keeps only the other readings of "the one"
            focus = list(d.named)
            names = sorted({kb.label(URIRef(s)) for s in d.linked})
            message = (
                f"No {d.name.text} is with {link} in the KB: the entries with {link} are "
                f"{', '.join(names)}"
            )
        if wrong is not None:
            span = wrong.span
        else:
            assert d.name is not None
            span = Span(
                min(d.name.span.start, d.link.span.start), max(d.name.span.end, d.link.span.end)
            )
        fixed = wrong is not None and len(fixes) == 1
        return self.flag(
            span=span,
            content=ctx.analysis.text[span.start : span.end],
            message=message,
            evidence=[Evidence("kb", message, triples)],
            correction=fixes[0] if fixed else None,
            correction_span=span if fixed else None,
            focus=focus[0],
            kb_strength=1.0 if wrong is not None else params.undecided_strength,
        )

    @staticmethod
    def _linked_like(ctx: DetectionContext, entry: str, d: Description) -> list[URIRef]:
        """What ``entry`` is linked to by the properties that link the other side's entries to
        the stated entity (its party, where the other side's party is the one stated)."""
        targets = {URIRef(i) for i in ((d.link.iri,) if d.link.iri else d.link.candidates)}
        props = {p for s in d.linked for p, o in ctx.kb.facts(URIRef(s)) if o in targets}
        return [o for p, o in ctx.kb.facts(URIRef(entry)) if p in props and isinstance(o, URIRef)]


def _written_like(ctx: DetectionContext, term: URIRef, stated: str) -> str:
    """The label of ``term`` with as many words as ``stated`` ("Dr. Okafor" -> "Dr.
    Lindqvist", "Okafor" -> "Lindqvist"), else its display label."""
    labels = [str(v) for v in ctx.kb.values(term, RDFS.label)]
    same = sorted(label for label in labels if len(label.split()) == len(stated.split()))
    return same[0] if same else ctx.kb.label(term)
