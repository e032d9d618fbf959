"""Vocabulary profiles: how kgcheck reads well-known vocabularies without annotation.

A KB that says ``schema:streetAddress`` or ``schema:startDate`` should be checked without its
author writing ``kgc:lexicalForm`` or ``owl:FunctionalProperty`` for terms they do not own.
``kgcheck/ontologies/profiles/*.ttl`` hold kgcheck's own annotations of such terms (schema.org,
for ``https://schema.org/`` and ``http://schema.org/`` alike). :func:`profile_facts` gives the
ones about the terms a KB uses; :class:`~kgcheck.kb.ontology.OntologyView` takes each only where
the KB says nothing of its kind about that term.

Usage::

    for prop, annotation, value in profile_facts(used_predicates):
        ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib.resources import files

from rdflib import Graph, URIRef
from rdflib.term import Node

from kgcheck.vocab import KGC

__all__ = ["profile_facts"]

_HTTPS, _HTTP = "https://schema.org/", "http://schema.org/"


@lru_cache(maxsize=1)
def _profiles() -> dict[URIRef, tuple[tuple[URIRef, Node], ...]]:
    """Every profile's annotations, by term (schema.org terms under both schemes)."""
    graph = Graph()
    for resource in sorted((files("kgcheck") / "ontologies" / "profiles").iterdir(), key=str):
        if resource.name.endswith(".ttl"):
            graph.parse(data=resource.read_text(encoding="utf-8"), format="turtle")
    out: dict[URIRef, list[tuple[URIRef, Node]]] = {}
    for s, p, o in graph:
        if isinstance(s, URIRef) and isinstance(p, URIRef):
            out.setdefault(s, []).append((p, o))
            if str(s).startswith(_HTTPS):
                # a term named as a value (kgc:precedes schema:closes) in the same scheme
                same = _http(o) if isinstance(o, URIRef) and p == KGC.precedes else o
                out.setdefault(_http(s), []).append((p, same))
    return {term: tuple(facts) for term, facts in out.items()}


def _http(term: URIRef) -> URIRef:
    """A schema.org term under ``http://`` (others as they are)."""
    if str(term).startswith(_HTTPS):
        return URIRef(_HTTP + str(term)[len(_HTTPS) :])
    return term


def profile_facts(terms: Iterable[URIRef]) -> Iterator[tuple[URIRef, URIRef, Node]]:
    """The profiles' annotations ``(term, annotation, value)`` of ``terms``."""
    known = _profiles()
    for term in terms:
        for p, o in known.get(term, ()):
            yield term, p, o
