"""Open attribute claims: "my office is room 401", "Tom's favourite colour is blue".

The ontology's lexicon cannot know every attribute a conversation establishes. A possessive
followed by a short noun phrase, a copula and a value is read as a claim with the predicate
``urn:kgcheck:attribute:<noun phrase>``, one value at a time, so that a later turn giving another
value can be caught.
"""

from __future__ import annotations

from collections.abc import Sequence

from kgcheck.nlp.analysis import Claim, ClaimObject, Mention
from kgcheck.nlp.literals import parse_number
from kgcheck.nlp.tokens import Tok, span_text
from kgcheck.nlp.vocabulary import (
    ARTICLES,
    CLAUSE_BREAKS,
    NEGATIONS,
    SKIPPABLE,
    SPEAKER_POSSESSIVES,
)
from kgcheck.types import Span

__all__ = ["ATTRIBUTE_NS", "attribute_claims", "is_attribute"]

ATTRIBUTE_NS = "urn:kgcheck:attribute:"
_COPULAS = frozenset({"is", "was", "'s", "remains", "are", "were"})
_MAX_ATTRIBUTE_TOKENS = 3
_THIRD_PERSON_POSSESSIVES = frozenset({"his", "her", "its", "their"})
_LOCATIVES = frozenset({"in", "at", "on"})
_NOT_ATTRIBUTES = frozenset({"name", "question", "answer", "point", "guess", "turn"})
#: Parts of speech that open a description of an event, not a value ("snapped in half").
_EVENTS = frozenset({"VERB", "AUX"})


def is_attribute(predicate: str) -> bool:
    return predicate.startswith(ATTRIBUTE_NS)


def attribute_claims(
    toks: Sequence[Tok], mentions: Sequence[Mention], taken: Sequence[Claim]
) -> list[Claim]:
    """Claims of the shape ``<possessor> <attribute> is <value>`` not already claimed."""
    by_start = {m.token_start: m for m in mentions}
    by_end = {m.token_end: m for m in mentions if m.kind in {"entity", "name", "pronoun"}}
    covered = [(c.span.start, c.span.end) for c in taken]
    out: list[Claim] = []
    for i, tok in enumerate(toks):
        possessor = _possessor(toks, i, by_start, by_end)
        if possessor is None:
            continue
        found = _attribute_and_value(toks, i + 1)
        if found is None:
            continue
        attr_end, value_start, value_end, negated = found
        start = possessor.span.start
        end = toks[value_end - 1].end
        if any(a < end and start < b for a, b in covered):
            continue
        lemmas = [t.lemma for t in toks[i + 1 : attr_end]]
        text = span_text(toks, value_start, value_end).rstrip(".!?")
        value = parse_number(text) if text.replace(",", "").replace(".", "").isdigit() else None
        out.append(
            Claim(
                subject=possessor,
                subject_iri=possessor.iri,
                predicate=ATTRIBUTE_NS + "_".join(lemmas),
                object=ClaimObject(
                    span=Span(toks[value_start].start, toks[value_start].start + len(text)),
                    text=text,
                    value=value if value is not None else text,
                ),
                polarity=not negated,
                hedged=False,
                certain=False,
                span=Span(start, toks[value_start].start + len(text)),
                segment=tok.sent,
                form=span_text(toks, i + 1, attr_end),
            )
        )
    return out


def _possessor(
    toks: Sequence[Tok], i: int, by_start: dict[int, Mention], by_end: dict[int, Mention]
) -> Mention | None:
    tok = toks[i]
    if tok.lower in SPEAKER_POSSESSIVES or tok.lower in _THIRD_PERSON_POSSESSIVES:
        return by_start.get(i)
    if tok.lemma == "'s":
        return by_end.get(i)
    return None


def _attribute_and_value(toks: Sequence[Tok], k: int) -> tuple[int, int, int, bool] | None:
    start = k
    while k < len(toks) and k - start < _MAX_ATTRIBUTE_TOKENS:
        t = toks[k]
        if t.lower in _COPULAS or not t.is_alpha or t.lower in ARTICLES:
            break
        k += 1
    if k == start or k >= len(toks) or toks[k].lower not in _COPULAS:
        return None
    if toks[k - 1].lower in _NOT_ATTRIBUTES or toks[k].sent != toks[start].sent:
        return None
    attr_end = k
    k += 1
    negated = False
    while k < len(toks) and toks[k].lower in SKIPPABLE:
        negated = negated or toks[k].lower in NEGATIONS
        k += 1
    # "my office is in room 401" and "... is room 401" state the same value
    while k < len(toks) and toks[k].lower in _LOCATIVES:
        k += 1
    value_start = k
    while k < len(toks) and toks[k].sent == toks[start].sent:
        t = toks[k]
        if t.text in {",", ";", ".", "!", "?"} or t.lower in CLAUSE_BREAKS or t.lower == "and":
            break
        k += 1
    if k == value_start or toks[value_start].pos in _EVENTS:
        # "my card's snapped in half", "your card was damaged": what happened to it, a state
        # that others may describe as well, not a value of it that excludes another
        return None
    return attr_end, value_start, k, negated
