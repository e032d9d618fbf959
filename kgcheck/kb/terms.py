"""Oxigraph terms as rdflib terms, read straight from an Oxigraph store.

A KB held in Oxigraph is read through rdflib (``oxrdflib``) everywhere it does not matter; the
reads a check makes for every reply go to the store directly (:meth:`KnowledgeBase.match
<kgcheck.kb.knowledge_base.KnowledgeBase.match>`), and their terms are converted here. The
conversion is ``oxrdflib``'s (an IRI, a blank node, a literal with its language or datatype),
kept for the terms met most (an rdflib literal parses its lexical form each time it is made).
"""

from __future__ import annotations

from functools import lru_cache

import pyoxigraph as ox
from rdflib import BNode, Literal, URIRef
from rdflib.term import Node

__all__ = ["rdf_term"]

#: Terms kept converted: the entities, properties and values of the replies checked lately.
_KEPT = 1 << 16


@lru_cache(maxsize=_KEPT)
def rdf_term(term: ox.NamedNode | ox.BlankNode | ox.Literal) -> Node:
    """The rdflib term of an Oxigraph term.

    Raises:
        ValueError: ``term`` is of no kind a KB's triple holds (a quoted triple).
    """
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    raise ValueError(f"not a term a KB's triple holds: {term!r}")
