"""SPARQL rules over a knowledge base on an endpoint: the turn's claims go as ``VALUES``.

A reply rule reads the turn's claims in ``GRAPH <urn:kgcheck:turn> { ... }`` (and earlier turns'
in ``GRAPH <urn:kgcheck:history> { ... }``) and joins them with the KB. Those graphs exist only
here, so each such block is evaluated locally, over the claims alone, and replaced by a
``VALUES`` table of its solutions: the block's solutions are the same wherever they are computed,
so the rewritten query asks the endpoint exactly what the rule asked, over the whole KB. Every
term in the table is written by :func:`~kgcheck.kb.remote.sparql_term` (IRIs checked, literals
escaped); no text from a reply is pasted into the query.

A query that reads those graphs in any other way (``GRAPH ?g``, ``FROM NAMED``) or whose blocks
hold blank nodes cannot be rewritten; :func:`endpoint_query` says so with ``None`` and the caller
runs it over a local neighbourhood of the KB instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import pyoxigraph as ox
from rdflib import URIRef
from rdflib.term import Node

from kgcheck.kb.remote import sparql_term
from kgcheck.kb.terms import rdf_term

__all__ = ["endpoint_query", "graph_blocks"]

_IRIREF = re.compile(r'<[^<>"{}|^`\\\x00-\x20]*>')
_GRAPH = re.compile(r"GRAPH\s+(<[^<>\s]*>)\s*\{", re.IGNORECASE)
_STRING_OPENERS = ('"""', "'''", '"', "'")


def _skip(text: str, i: int) -> int:
    """The index after the string, IRI or comment that starts at ``i`` (``i`` when none does)."""
    for quote in _STRING_OPENERS:
        if text.startswith(quote, i):
            j = i + len(quote)
            while j < len(text):
                if text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(quote, j):
                    return j + len(quote)
                j += 1
            return len(text)
    if text[i] == "<":
        m = _IRIREF.match(text, i)
        return m.end() if m else i
    if text[i] == "#":
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    return i


def graph_blocks(text: str, graphs: Sequence[str]) -> list[tuple[int, int, str]] | None:
    """``(start, end, inner text)`` of each ``GRAPH <g> { ... }`` block of ``text`` naming one
    of ``graphs`` (``end`` after its closing brace); ``None`` when ``text`` names one of them in
    any other way, or its braces do not balance."""
    blocks: list[tuple[int, int, str]] = []
    names = {f"<{g}>" for g in graphs}
    i = 0
    while i < len(text):
        j = _skip(text, i)
        if j != i:
            if text[i] == "<" and text[i:j] in names:
                return None  # the graph named outside a GRAPH block of ours
            i = j
            continue
        m = _GRAPH.match(text, i)
        if m is not None and m.group(1) in names and (i == 0 or not text[i - 1].isalnum()):
            close = _closing_brace(text, m.end())
            if close is None:
                return None
            blocks.append((i, close + 1, text[m.end() : close]))
            i = close + 1
            continue
        i += 1
    return blocks


def _closing_brace(text: str, i: int) -> int | None:
    depth = 1
    while i < len(text):
        j = _skip(text, i)
        if j != i:
            i = j
            continue
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None


def endpoint_query(
    text: str,
    prefixes: Mapping[str, str],
    quads: Sequence[ox.Quad],
    graphs: Sequence[str],
) -> str | None:
    """``text`` with each block over ``graphs`` replaced by the ``VALUES`` of its solutions
    over ``quads``, and ``prefixes`` declared: a query the KB's endpoint can answer alone;
    ``None`` when it cannot be rewritten so.

    Raises:
        ValueError: a prefix IRI is not a well-formed IRI.
    """
    blocks = graph_blocks(text, graphs)
    if blocks is None:
        return None
    store = ox.Store()
    store.extend(quads)
    prologue = "".join(
        f"PREFIX {name}: {sparql_term(URIRef(iri))}\n" for name, iri in prefixes.items()
    )
    out: list[str] = []
    last = 0
    for start, end, _ in blocks:
        table = _values(store, text[start:end], dict(prefixes))
        if table is None:
            return None
        out.append(text[last:start])
        out.append(table)
        last = end
    out.append(text[last:])
    return prologue + "".join(out)


def _values(store: ox.Store, block: str, prefixes: dict[str, str]) -> str | None:
    solutions = store.query(
        f"SELECT * WHERE {{ {block} }}", prefixes=prefixes, use_default_graph_as_union=False
    )
    assert isinstance(solutions, ox.QuerySolutions)
    names = [v.value for v in solutions.variables]
    rows = []
    for solution in solutions:
        cells = []
        for name in names:
            term = solution[name]
            if term is None:
                cells.append("UNDEF")
                continue
            node = _node(term)
            if node is None:
                return None
            cells.append(sparql_term(node))
        rows.append(cells)
    if not names:  # a block without variables: it matched (one empty solution) or not
        return "{ }" if rows else "FILTER(false)"
    head = " ".join(f"?{n}" for n in names)
    body = " ".join("(" + " ".join(cells) + ")" for cells in rows)
    return f"VALUES ({head}) {{ {body} }}"


def _node(term: object) -> Node | None:
    if isinstance(term, (ox.NamedNode, ox.Literal)):
        return rdf_term(term)
    return None  # a blank node has no name the endpoint would know
