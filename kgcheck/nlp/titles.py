"""Titles said of people: "Dave Yeo, our yard manager, can book you a slot", "Our yard
manager, Tom Hext, looks after lift-outs", "Margaux Petit is our head baker".

A noun phrase that is, word for word, a value the KB holds of a title property (a property
whose name says it holds a job title, a role or a position: ``schema:jobTitle``), set beside a
named thing that holds such a title (a person, as a rule) by apposition ("<person>, our
<title>", "our <title>, <person>") or said of them with a copula ("<person> is (not) our
<title>"), states that property of them. Only a title the KB holds of someone is read: "our
manager" of a "Shop Manager" is no title, and common words are read only where a title is.

Usage::

    title_claims(kb, toks, mentions, taken)   # "Dave Yeo, our yard manager": jobTitle
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rdflib import Literal, URIRef
from rdflib.namespace import XSD

from kgcheck.kb.cache import per_kb
from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.nlp.analysis import Claim, ClaimObject, Mention
from kgcheck.nlp.tokens import Tok
from kgcheck.nlp.vocabulary import NEGATIONS
from kgcheck.types import Span

__all__ = ["title_claims"]

#: Words of a property's name that say its values are titles.
_TITLE_WORDS = frozenset({"title", "role", "position", "occupation", "job"})
_COPULAS = frozenset({"is", "was", "'s", "are", "were"})
#: Words that open a title said of someone: "our head baker", "the yard manager".
_DETERMINERS = frozenset({"our", "the", "a", "an", "their", "your"})
#: The most words a title runs to ("senior class teacher", "head of wholesale sales").
_MAX_WORDS = 5
#: What may follow a title: the end of the clause, or a place or time after it.
_AFTER = frozenset({",", ".", "!", "?", ";", ":", "-", "–", "—", "at", "in", "and", "for", "here"})


def _read_titles(kb: KnowledgeBase) -> dict[tuple[str, ...], set[URIRef]]:
    """The titles the KB holds, as lower-case words, and the title properties holding each."""
    onto = kb.ontology
    out: dict[tuple[str, ...], set[URIRef]] = {}
    for prop in onto.properties:
        name = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", onto.label(prop)).lower())
        if not set(name) & _TITLE_WORDS:
            continue
        for value in kb.some_objects(prop, 2000):
            if not isinstance(value, Literal) or value.datatype not in {None, XSD.string}:
                continue
            words = tuple(re.findall(r"[a-z]+", str(value).lower()))
            if 0 < len(words) <= _MAX_WORDS and len(" ".join(words)) >= 4:
                out.setdefault(words, set()).add(prop)
    return out


_titles = per_kb(_read_titles)


def _read_holders(kb: KnowledgeBase) -> dict[str, set[URIRef]]:
    """The things holding a title, and the title properties each holds one of: a title is
    read only of someone who has one."""
    out: dict[str, set[URIRef]] = {}
    for prop in {p for props in _titles(kb).values() for p in props}:
        for subject, _ in kb.graph.subject_objects(prop):
            if isinstance(subject, URIRef):
                out.setdefault(str(subject), set()).add(prop)
    return out


_holders = per_kb(_read_holders)


def title_claims(
    kb: KnowledgeBase, toks: Sequence[Tok], mentions: Sequence[Mention], taken: Sequence[Claim]
) -> list[Claim]:
    """Claims "<person> <title property> <title>" of a title set beside or said of a named
    person (see the module's docstring), where no claim covers the title already."""
    titles = _titles(kb)
    if not titles:
        return []
    holders = _holders(kb)
    people = [m for m in mentions if m.kind == "entity" and m.iri is not None and m.iri in holders]
    # a title another claim reads already ("Tom Reed is our executive director": the
    # theatre's director) is one statement, flagged once
    covered = [c.span for c in taken]
    out: list[Claim] = []
    for person in people:
        found = _after(toks, person, titles) or _before(toks, person, titles)
        if found is None:
            continue
        start, end, negated = found
        span = Span(toks[start].start, toks[end - 1].end)
        if any(s.start < span.end and span.start < s.end for s in covered):
            continue
        words = tuple(t.lower for t in toks[start:end])
        assert person.iri is not None
        props = sorted(p for p in titles[words] if p in holders[person.iri])
        if len(props) != 1:
            continue
        text = " ".join(t.text for t in toks[start:end])
        out.append(
            Claim(
                subject=person,
                subject_iri=person.iri,
                predicate=str(props[0]),
                object=ClaimObject(span=span, text=text, value=Literal(text)),
                polarity=not negated,
                hedged=False,
                certain=False,
                span=Span(min(person.span.start, span.start), max(person.span.end, span.end)),
                segment=person.segment,
                form="title",
            )
        )
        covered.append(span)
    return out


def _after(
    toks: Sequence[Tok], person: Mention, titles: dict[tuple[str, ...], set[URIRef]]
) -> tuple[int, int, bool] | None:
    """A title after the person: "<person>, our <title>," or "<person> is (not) our <title>"."""
    k = person.token_end
    if k >= len(toks) or toks[k].sent != toks[person.token_start].sent:
        return None
    negated = False
    if toks[k].text == ",":
        k += 1
    elif toks[k].lower in _COPULAS:
        k += 1
        if k < len(toks) and toks[k].lower in NEGATIONS:
            negated, k = True, k + 1
    else:
        return None
    if k >= len(toks) or toks[k].lower not in _DETERMINERS:
        return None
    end = _title_end(toks, k + 1, titles)
    return (k + 1, end, negated) if end is not None else None


def _before(
    toks: Sequence[Tok], person: Mention, titles: dict[tuple[str, ...], set[URIRef]]
) -> tuple[int, int, bool] | None:
    """A title before the person, set off by a comma: "Our <title>, <person>, ..."."""
    k = person.token_start - 1
    if k < 2 or toks[k].text != ",":
        return None
    for start in range(max(0, k - _MAX_WORDS), k):
        if start == 0 or toks[start - 1].lower not in _DETERMINERS:
            continue
        words = tuple(t.lower for t in toks[start:k])
        if words in titles and toks[start].sent == toks[person.token_start].sent:
            return start, k, False
    return None


def _title_end(
    toks: Sequence[Tok], start: int, titles: dict[tuple[str, ...], set[URIRef]]
) -> int | None:
    """The end of the longest title from ``start`` followed by the end of its phrase."""
    for end in range(min(len(toks), start + _MAX_WORDS), start, -1):
        words = tuple(t.lower for t in toks[start:end])
        if words in titles and (end == len(toks) or toks[end].lower in _AFTER):
            return end
    return None
