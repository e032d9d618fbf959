"""Who is welcome where: "Dogs are welcome at the Estate Tasting Room, but not at Eikeboom".

A yes-or-no property named by what it allows and how ("dogs allowed", "children welcome"), or
phrased so ("welcome dogs", "allow children"), is stated of a place by the two words turned
into a sentence about the first: "<dogs> are (not)
<allowed> at <place>", with more places after "and at", "or" or ", but not at" (which
turns yes into no for the places after it). Each place is a claim of yes or no.

Usage::

    allowance_claims(kb, toks, mentions, taken)   # "Dogs are welcome at X": (X, dogs, yes)
"""

from __future__ import annotations

from collections.abc import Sequence

from rdflib import XSD, URIRef

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import name_tokens
from kgcheck.kb.phrasings import participle
from kgcheck.nlp.analysis import Claim, ClaimObject, Mention
from kgcheck.nlp.tokens import Tok, span_text
from kgcheck.nlp.vocabulary import ARTICLES, NEGATIONS
from kgcheck.types import Span
from kgcheck.values.quantities import singular

__all__ = ["allowance_claims"]

_COPULAS = frozenset({"is", "are", "'re", "'s"})
_PLACE_WORDS = frozenset({"at", "in"})
#: Words that may stand between one place and the next of the same answer.
_BETWEEN = frozenset({"and", "or", ",", "but", "unfortunately", "also", "too", "sadly"})


def allowance_claims(
    kb: KnowledgeBase, toks: Sequence[Tok], mentions: Sequence[Mention], taken: Sequence[Claim]
) -> list[Claim]:
    """Claims of "<who> are (not) <allowed> at <place>, ..." (see the module's docstring)."""
    allowed = _allowances(kb)
    if not allowed:
        return []
    places = {m.token_start: m for m in mentions if m.kind == "entity" and m.iri is not None}
    covered = [c.object.span for c in taken] + [c.subject.span for c in taken]
    out: list[Claim] = []
    for i in range(len(toks) - 3):
        who = singular(toks[i].lower)
        if toks[i + 1].lower not in _COPULAS:
            continue
        j = i + 2
        negated = toks[j].lower in NEGATIONS
        j += 1 if negated else 0
        prop = allowed.get((who, toks[j].lower if j < len(toks) else ""))
        if prop is None:
            continue
        words = Span(toks[i].start, toks[j].end)
        for place, no in _places(toks, j + 1, places, negated):
            if any(place.span.overlaps(c) for c in covered):
                continue
            assert place.iri is not None
            if prop not in _props_of(kb, URIRef(place.iri)):
                continue
            out.append(
                Claim(
                    subject=place,
                    subject_iri=place.iri,
                    predicate=str(prop),
                    object=ClaimObject(
                        span=words,
                        text=span_text(toks, i, j + 1),
                        value=True,
                        datatype=str(XSD.boolean),
                    ),
                    polarity=not no,
                    hedged=False,
                    certain=False,
                    span=Span(words.start, place.span.end),
                    segment=place.segment,
                    form=span_text(toks, i, j + 1),
                )
            )
    return out


def _allowances(kb: KnowledgeBase) -> dict[tuple[str, str], URIRef]:
    """The yes-or-no properties named "<who> <how>" ("dogs allowed"), by (who, how)."""
    onto = kb.ontology
    found: dict[tuple[str, str], URIRef] = {}
    for prop in onto.properties:
        if XSD.boolean not in onto.range.get(prop, set()):
            continue
        words = name_tokens(onto.label(prop))
        if len(words) == 2:
            found.setdefault((singular(words[0]), words[1]), prop)
        for form in onto.forms(prop):
            # "welcome dogs": "dogs are welcome"; "allow dogs": "dogs are allowed"
            verb, *rest = form.lower().split()
            if len(rest) == 1:
                for how in (verb, participle(verb)):
                    found.setdefault((singular(rest[0]), how), prop)
    return found


def _places(
    toks: Sequence[Tok], k: int, places: dict[int, Mention], negated: bool
) -> list[tuple[Mention, bool]]:
    """The places from token ``k`` on, each with whether it is denied: "at A, but not at B or
    C" denies B and C; a relative clause after a place ("A, which has a play area,") is
    passed over."""
    out: list[tuple[Mention, bool]] = []
    sent = toks[k - 1].sent
    while k < len(toks) and toks[k].sent == sent:
        tok = toks[k]
        if tok.lower in NEGATIONS:
            negated = True
        elif tok.lower == "but":
            negated = not negated
        elif tok.lower in _PLACE_WORDS or (out and tok.lower in ARTICLES) or k in places:
            at = k + 1 if tok.lower in _PLACE_WORDS else k
            while at < len(toks) and toks[at].lower in ARTICLES and at not in places:
                at += 1
            place = places.get(at)
            if place is None:
                break
            out.append((place, negated))
            k = place.token_end
            continue
        elif tok.lower == "which" and out:
            # "A, which also has a play area, and at B": past the clause
            k = next((j for j in range(k, len(toks)) if toks[j].text == ","), len(toks))
        elif tok.lower not in _BETWEEN:
            break
        k += 1
    return out


def _props_of(kb: KnowledgeBase, place: URIRef) -> set[URIRef]:
    """The properties ``place`` holds a value of."""
    return {p for p, _ in kb.facts(place)}
