"""The gate in front of every user query: parse it, refuse what is not a read-only query.

A query reaches a store only after rdflib's SPARQL parser has read it: the text must parse as a
query (SELECT, ASK, CONSTRUCT or DESCRIBE), and its parse tree must hold no ``SERVICE`` clause
(at any depth: OPTIONAL, UNION, subqueries, FILTER EXISTS) unless the endpoint is listed in
``service_allow``. Keywords are never matched as text, so comments, strings, case and odd
spacing cannot hide them.

Two differences between the parsers are closed by rewriting the text before it is parsed, and
running the rewritten text: rdflib expands ``\\uXXXX`` escapes everywhere, Oxigraph only in
strings and IRIs, so they are expanded first (text that still holds escapes afterwards is
refused); and a carriage return ends a comment in Oxigraph but not in rdflib, so line ends are
normalised to ``\\n``.

rdflib's parser is not thread-safe: pyparsing works out how to call each parse action the first
time it runs, and threads doing so at once leave it broken for the rest of the process (every
later query fails with a ``TypeError``). Parsing is therefore done under one lock.

Usage::

    gated = gate_query(text)                     # raises StoreError (KGC404 / KGC405)
    store.run(gated.text, gated.form)
"""

from __future__ import annotations

import re
import threading
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any
from typing import Literal as TypingLiteral

from pyparsing import ParseBaseException
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue
from rdflib.term import URIRef

from kgcheck.errors import InvalidQuery, QueryNotAllowed, StoreError

__all__ = ["GatedQuery", "QueryForm", "gate_query"]

QueryForm = TypingLiteral["select", "ask", "construct", "describe"]

_FORMS: dict[str, QueryForm] = {
    "SelectQuery": "select",
    "AskQuery": "ask",
    "ConstructQuery": "construct",
    "DescribeQuery": "describe",
}
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
# Only to word the refusal of text that does not parse: a query with an update appended.
_NOISE = re.compile(
    r"""<[^<>"{}|^`\\\s]*>|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\#[^\n]*""", re.DOTALL
)
_UPDATE_WORD = re.compile(
    r"(?<![?$:\w])(insert|delete|load|clear|drop|create|add|move|copy)(?![\w:])", re.IGNORECASE
)
#: rdflib's SPARQL grammar (pyparsing) is not thread-safe: parses that run at once in a fresh
#: process mistake the arity of its parse actions, for good (every later parse raises TypeError),
#: so every parse holds this lock. The service's threads all go through here.
_PARSER = threading.Lock()


@dataclass(frozen=True, slots=True)
class GatedQuery:
    """A query that passed the gate: the text to run (line ends normalised) and its form."""

    text: str
    form: QueryForm


def gate_query(text: str, *, service_allow: Collection[str] = ()) -> GatedQuery:
    """Parse ``text`` and let it through only if it is a read-only query.

    Args:
        text: the query as the user sent it (prefixes may be left undeclared).
        service_allow: endpoints a ``SERVICE`` clause may call (exact IRIs); default none.

    Returns:
        The text to run and the query form.

    Raises:
        StoreError: KGC404 the text does not parse as SPARQL;
            KGC405 it is an update, or calls an endpoint not allowed (``SERVICE``).
    """
    text = _ESCAPE.sub(_expand, text)
    if _ESCAPE.search(text):
        raise InvalidQuery("\\u escapes that spell other escapes are not accepted in queries")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        with _PARSER:
            tree = parseQuery(text)
    except (ParseBaseException, ValueError) as exc:
        raise _refusal(text, exc) from exc
    form = next((_FORMS[n.name] for n in tree if getattr(n, "name", None) in _FORMS), None)
    if form is None:  # pragma: no cover - the grammar admits only the four forms
        raise QueryNotAllowed("not a SPARQL query")
    allowed = set(service_allow)
    for node in _nodes(tree):
        if node.name == "ServiceGraphPattern":
            endpoint = node.get("term")
            if not isinstance(endpoint, URIRef) or str(endpoint) not in allowed:
                raise QueryNotAllowed(
                    f"SERVICE (a call to another endpoint, here {endpoint}) is refused here"
                )
    return GatedQuery(text, form)


def _expand(match: re.Match[str]) -> str:
    code = int(match.group(1) or match.group(2), 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        raise InvalidQuery(f"SPARQL syntax error: no character {match.group(0)}")
    return chr(code)


def _refusal(text: str, exc: Exception) -> StoreError:
    try:
        with _PARSER:
            parseUpdate(text)
    except (ParseBaseException, ValueError):
        words = sorted({w.upper() for w in _UPDATE_WORD.findall(_NOISE.sub(" ", text))})
        if not words:
            detail = " ".join(str(exc).split())
            return InvalidQuery(f"SPARQL syntax error: {detail}")
        return QueryNotAllowed(_update_message(", ".join(words)))
    return QueryNotAllowed(_update_message("an update"))


def _update_message(what: str) -> str:
    return (
        f"updates are refused here ({what}); the flag store is read through queries, and "
        "changed by kgcheck and its review commands"
    )


def _nodes(value: Any) -> Iterator[CompValue]:
    """Every parse-tree node under ``value``, depth first."""
    if isinstance(value, CompValue):
        yield value
        for child in value.values():
            yield from _nodes(child)
    elif isinstance(value, list | tuple) or type(value).__name__ == "ParseResults":
        for child in value:
            yield from _nodes(child)
