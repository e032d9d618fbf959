"""A year said before a name: "the 2021 Syrah" of the KB's "Syrah 2022".

A thing whose name ends in a year that one of its properties holds (a wine's vintage, a car's
model year) is named with that year; a year said right before its name, outside the name the
linker matched (:meth:`~kgcheck.nlp.linker.EntityLinker` links "the 2021 Syrah" to the one
Syrah of a year), states that property's value: a claim, which the KB then confirms or
contradicts.

Usage::

    year_claims(kb, toks, mentions, taken)   # "the 2021 Syrah": (Syrah 2022, vintage, 2021)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rdflib import Literal, URIRef

from kgcheck.kb.knowledge_base import KnowledgeBase
from kgcheck.kb.normalize import name_tokens
from kgcheck.nlp.analysis import Claim, ClaimObject, Mention
from kgcheck.nlp.tokens import Tok
from kgcheck.types import Span

__all__ = ["year_claims"]

_YEAR = re.compile(r"(?:19|20)\d\d")


def year_claims(
    kb: KnowledgeBase, toks: Sequence[Tok], mentions: Sequence[Mention], taken: Sequence[Claim]
) -> list[Claim]:
    """Claims of the year said right before a named thing whose name ends in its year (see the
    module's docstring), where no claim reads that year already."""
    covered = [c.object.span for c in taken]
    out: list[Claim] = []
    for m in mentions:
        k = m.token_start - 1
        if m.kind != "entity" or m.iri is None or k < 0 or not _YEAR.fullmatch(toks[k].text):
            continue
        year = toks[k]
        span = Span(year.start, year.end)
        if year.sent != toks[m.token_start].sent or any(span.overlaps(c) for c in covered):
            continue
        prop = _year_property(kb, URIRef(m.iri))
        if prop is None:
            continue
        out.append(
            Claim(
                subject=m,
                subject_iri=m.iri,
                predicate=str(prop),
                object=ClaimObject(span=span, text=year.text, value=int(year.text)),
                polarity=True,
                hedged=False,
                certain=False,
                span=Span(year.start, m.span.end),
                segment=m.segment,
                form="",
            )
        )
    return out


def _year_property(kb: KnowledgeBase, thing: URIRef) -> URIRef | None:
    """The one property of ``thing`` whose value is the year its name ends in, or ``None``."""
    last = (name_tokens(kb.label(thing)) or [""])[-1]
    if not _YEAR.fullmatch(last):
        return None
    found = {
        prop
        for prop, value in kb.facts(thing)
        if isinstance(value, Literal) and str(value).strip() == last
    }
    return found.pop() if len(found) == 1 else None
