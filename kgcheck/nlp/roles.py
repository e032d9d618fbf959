"""Roles at a place: "Anh Nguyen is our tailor at the North York store", "The head chef at
The Mill is Priya Nair".

A person said to be someone's role *at* or *in* a place states that the person stands in the
relation the ontology phrases with that preposition between their two kinds ("works at",
"based in"), whatever the role noun is, where the role is no property of its own (a "general
manager" property is read by the claim builder). The property is chosen by the kinds of the
two things alone: one object property whose domain holds the first thing's class, whose range
holds the second's, and whose label or lexical form ends in the preposition; none or several,
and nothing is claimed.

Usage::

    role_claims(kb, toks, mentions, taken)   # "... is our tailor at North York": worksAt
"""

from __future__ import annotations

from collections.abc import Sequence

from rdflib import URIRef

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import Claim, ClaimObject, Mention
from kgcheck.nlp.tokens import Tok
from kgcheck.nlp.vocabulary import NEGATIONS
from kgcheck.types import Span

__all__ = ["role_claims"]

_COPULAS = frozenset({"is", "was", "'s", "are", "were"})
_PLACE_WORDS = frozenset({"at", "in"})
#: The words that may open a role: "our tailor", "the head chef", "a cook".
_DETERMINERS = frozenset({"our", "the", "a", "an", "their", "your", "his", "her", "its", "my"})
#: The most words a role noun phrase runs to ("senior pastry chef").
_MAX_ROLE_TOKENS = 3


def role_claims(
    kb: KnowledgeBase, toks: Sequence[Tok], mentions: Sequence[Mention], taken: Sequence[Claim]
) -> list[Claim]:
    """Claims "<person> <relation> <place>" of "<person> is (our) <role> at <place>" and "The
    <role> at <place> is <person>" not already claimed (see the module's docstring)."""
    named = [m for m in mentions if m.kind in {"entity", "pronoun"} and m.iri is not None]
    by_start = {m.token_start: m for m in named if m.kind == "entity"}
    covered = [(c.span.start, c.span.end) for c in taken]
    out: list[Claim] = []
    for first in named:
        found = _person_first(toks, first, by_start) or (
            _role_first(toks, first, by_start) if first.kind == "entity" else None
        )
        if found is None:
            continue
        person, place, preposition, negated = found
        span = Span(min(person.span.start, place.span.start), max(person.span.end, place.span.end))
        if any(a < place.span.end and place.span.start < b for a, b in covered):
            continue  # the place is another claim's object already
        assert person.iri is not None and place.iri is not None
        prop = _relation(kb, URIRef(person.iri), URIRef(place.iri), preposition)
        if prop is None:
            continue
        covered.append((place.span.start, place.span.end))
        out.append(
            Claim(
                subject=person,
                subject_iri=person.iri,
                predicate=str(prop),
                object=ClaimObject(span=place.span, text=place.text, iri=place.iri, mention=place),
                polarity=not negated,
                hedged=False,
                certain=False,
                span=span,
                segment=person.segment,
                form=preposition,
            )
        )
    return out


def _person_first(
    toks: Sequence[Tok], person: Mention, by_start: dict[int, Mention]
) -> tuple[Mention, Mention, str, bool] | None:
    """ "<person>(, who ...,) is (not) (our) <role> at <place>"."""
    k = person.token_end
    if k + 1 < len(toks) and toks[k].text == "," and toks[k + 1].lower in {"who", "whose"}:
        # "Anh Nguyen, who specializes in suit tailoring, is our tailor at ...": past the clause
        k = next(
            (j + 1 for j in range(k + 2, len(toks)) if toks[j].text == ","),
            len(toks),
        )
    if (
        k >= len(toks)
        or toks[k].lower not in _COPULAS
        or toks[k].sent != toks[person.token_start].sent
    ):
        return None
    k += 1
    negated = k < len(toks) and toks[k].lower in NEGATIONS
    k += 1 if negated else 0
    role = _role(toks, k)
    if role is None:
        return None
    k = role
    if k >= len(toks) or toks[k].lower not in _PLACE_WORDS:
        return None
    place = _place(toks, k + 1, by_start, person.segment)
    return (person, place, toks[k].lower, negated) if place is not None else None


def _role_first(
    toks: Sequence[Tok], place: Mention, by_start: dict[int, Mention]
) -> tuple[Mention, Mention, str, bool] | None:
    """ "The <role> at <place> is <person>", read from the place's mention."""
    k = place.token_start
    if k < 3 or (toks[k - 1].lower not in _PLACE_WORDS and toks[k - 2].lower not in _PLACE_WORDS):
        return None
    at = k - 1 if toks[k - 1].lower in _PLACE_WORDS else k - 2
    if at != k - 1 and toks[k - 1].lower not in _DETERMINERS:
        return None
    start = at - 1
    while start > 0 and at - start < _MAX_ROLE_TOKENS and toks[start - 1].is_alpha:
        if toks[start - 1].lower in _DETERMINERS:
            break
        start -= 1
    if start == 0 or toks[start - 1].lower not in _DETERMINERS:
        return None
    if not all(_nounish(t) or t.pos == "PROPN" for t in toks[start:at]):
        return None
    k = place.token_end
    if k >= len(toks) or toks[k].lower not in _COPULAS:
        return None
    k += 1
    negated = k < len(toks) and toks[k].lower in NEGATIONS
    k += 1 if negated else 0
    person = by_start.get(k)
    if person is None or person.segment != place.segment:
        return None
    return person, place, toks[at].lower, negated


def _role(toks: Sequence[Tok], k: int) -> int | None:
    """Where a role noun phrase starting at ``k`` ("our tailor") ends, or ``None``."""
    if k >= len(toks) or toks[k].lower not in _DETERMINERS:
        return None
    k += 1
    start = k
    while k < len(toks) and k - start < _MAX_ROLE_TOKENS and _nounish(toks[k]):
        k += 1
    if k == start or toks[k - 1].pos not in {"NOUN", ""}:
        return None
    return k


def _nounish(tok: Tok) -> bool:
    """A noun or an adjective; without a tagger (the blank pipeline), a lower-case word that
    is no preposition ("tour guide", not "at")."""
    if tok.pos:
        return tok.pos in {"NOUN", "ADJ"}
    return tok.is_alpha and tok.text.islower() and tok.lower not in _PLACE_WORDS | _DETERMINERS


def _place(
    toks: Sequence[Tok], k: int, by_start: dict[int, Mention], segment: int
) -> Mention | None:
    """The named place at ``k``, after an article or "our" ("at the North York store")."""
    if k < len(toks) and toks[k].lower in _DETERMINERS:
        k += 1
    place = by_start.get(k)
    return place if place is not None and place.segment == segment else None


def _relation(kb: KnowledgeBase, person: URIRef, place: URIRef, preposition: str) -> URIRef | None:
    """The one object property from ``person``'s kind to ``place``'s that the ontology
    phrases with ``preposition`` ("works at"), or ``None``."""
    onto = kb.ontology
    kinds, places = kb.types(person), kb.types(place)
    if not kinds or not places:
        return None
    found = [
        p
        for p in onto.properties
        if not onto.is_datatype_property(p)
        and onto.domain.get(p, set()) & kinds
        and onto.range.get(p, set()) & places
        and any(
            form.split()[-1:] == [preposition] for form in (onto.label(p), *onto.forms(p)) if form
        )
    ]
    return found[0] if len(found) == 1 else None
