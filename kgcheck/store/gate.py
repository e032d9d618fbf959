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

The parser descends recursively, some 40 Python frames for each bracket a query nests, and
rdflib's grammar took a dozen frames more for each triple pattern of a group (past Python's
recursion limit at 30 nested parentheses or 90 triple patterns). So the triple patterns of a
group (and of a CONSTRUCT template) are read in a loop, as rdflib itself reads those of an
update, and a query may nest brackets (``()``, ``{}``, ``[]``, counted outside strings, IRIs
and comments) ``MAX_NESTING`` (64) deep: the parse gets the recursion it needs for that, and a
deeper query is refused at once (KGC404, "nests brackets N deep").

Usage::

    gated = gate_query(text)                     # raises StoreError (KGC404 / KGC405)
    store.run(gated.text, gated.form)
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar
from typing import Literal as TypingLiteral

from pyparsing import Forward, Optional, ParseBaseException, ParserElement, Suppress, ZeroOrMore
from rdflib.plugins.sparql import parser as grammar
from rdflib.plugins.sparql.parser import parseQuery, parseUpdate
from rdflib.plugins.sparql.parserutils import CompValue, ParamList
from rdflib.term import URIRef

from kgcheck.errors import InvalidQuery, QueryNotAllowed, StoreError

__all__ = ["MAX_NESTING", "GatedQuery", "QueryForm", "gate_query"]

#: How deep a query may nest brackets (``()``, ``{}``, ``[]``); deeper is refused (KGC404).
MAX_NESTING = 64
#: Python frames the parse may take for each nested bracket (about 40 measured), and besides.
_FRAMES_PER_LEVEL = 80
_FRAMES = 1000
_T = TypeVar("_T")

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
#: What counts for nesting: brackets, outside strings, IRIs and comments (skipped whole).
_TOKENS = re.compile(
    "|".join(
        [
            r'"""(?:[^"\\]|\\.|"(?!""))*"""',
            r"'''(?:[^'\\]|\\.|'(?!''))*'''",
            r'"(?:[^"\\\n]|\\.)*"',
            r"'(?:[^'\\\n]|\\.)*'",
            r'<[^<>"{}|^`\\\s]*>',
            r"\#[^\n]*",
            r"[(){}\[\]]",
        ]
    )
)


def _loop_triples(block: Any, name: str, triple: Any) -> bool:
    """Have the recursive rule ``block ::= triple ( '.' block? )?`` read its triples in a loop,
    ``triple ( '.' triple )* '.'?``: the same language and parse tree (each triple added to the
    ``name`` list), without a level of recursion per triple. ``False`` if rdflib's grammar is
    not as expected (then it is left as it is)."""
    if not isinstance(block, Forward) or not isinstance(triple, ParserElement):
        return False
    looped = (
        ParamList(name, triple)
        + ZeroOrMore(Suppress(".") + ParamList(name, triple))
        + Optional(Suppress("."))
    )
    for comment in block.ignoreExprs:  # rdflib's comments, set on the whole grammar
        looped.ignore(comment)
    block <<= looped
    return True


_LOOPED = _loop_triples(
    getattr(grammar, "TriplesBlock", None),
    "triples",
    getattr(grammar, "TriplesSameSubjectPath", None),
) & _loop_triples(
    getattr(grammar, "ConstructTriples", None),
    "template",
    getattr(grammar, "TriplesSameSubject", None),
)


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
    depth = _nesting(text)
    if depth > MAX_NESTING:
        raise InvalidQuery(
            f"the query nests brackets {depth} deep; at most {MAX_NESTING} are read: "
            "flatten it (fewer parentheses or nested groups)"
        )
    try:
        tree = _parse(parseQuery, text, depth)
    except (ParseBaseException, ValueError) as exc:
        raise _refusal(text, depth, exc) from exc
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


def _nesting(text: str) -> int:
    """How deep ``text`` nests brackets, outside strings, IRIs and comments."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("(", "{", "["):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (")", "}", "]"):
            depth = max(depth - 1, 0)
    return deepest


def _parse(parse: Callable[[str], _T], text: str, depth: int) -> _T:
    """``parse(text)`` under the parser's lock, with the recursion a query nesting ``depth``
    brackets needs (the limit is raised for the parse only; Python 3.11 and later keep these
    frames off the C stack).

    Raises:
        InvalidQuery: the parse ran out of recursion all the same.
    """
    with _PARSER:
        limit = sys.getrecursionlimit()
        frames = _FRAMES + _FRAMES_PER_LEVEL * depth
        if not _LOOPED:  # rdflib's grammar recurses on each triple pattern
            frames += 15 * text.count(".")
        sys.setrecursionlimit(limit + frames)
        try:
            return parse(text)
        except RecursionError as exc:
            raise InvalidQuery(
                f"the query is nested too deeply to be read (brackets {depth} deep); flatten it"
            ) from exc
        finally:
            sys.setrecursionlimit(limit)


def _refusal(text: str, depth: int, exc: Exception) -> StoreError:
    try:
        _parse(parseUpdate, text, depth)
    except (ParseBaseException, ValueError, InvalidQuery):
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
    """Every parse-tree node under ``value``, depth first (a stack, not recursion: the tree of
    a deeply nested query is deep)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, CompValue):
            yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list | tuple) or type(item).__name__ == "ParseResults":
            stack.extend(reversed(list(item)))
