"""SPARQL rules: SELECT queries checked once when the rules load, then run as written.

A query is never assembled from data: the claims it reads are in graphs (see
``kgcheck.history.rdf``), and its prefixes are passed to the engine beside the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pyoxigraph as ox

__all__ = ["QueryProblem", "SparqlQuery", "Term", "prepare_query"]

Term = ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple

_POSITION = re.compile(r"^error at (\d+):(\d+): (.*)$", re.DOTALL)


class QueryProblem(ValueError):
    """A query that cannot be used; ``line`` and ``column`` are 1-based within the query."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@dataclass(frozen=True)
class SparqlQuery:
    """A checked SELECT query and the variables it projects."""

    text: str
    prefixes: Mapping[str, str]
    variables: tuple[str, ...]

    def run(
        self,
        store: ox.Store,
        *,
        default_graph: Sequence[ox.NamedNode],
        named_graphs: Sequence[ox.NamedNode],
    ) -> list[dict[str, Term]]:
        """The result rows, each as ``{variable: term}`` for the bound variables."""
        solutions = store.query(
            self.text,
            prefixes=dict(self.prefixes),
            default_graph=list(default_graph),
            named_graphs=list(named_graphs),
        )
        assert isinstance(solutions, ox.QuerySolutions)
        rows = []
        for solution in solutions:
            row = {}
            for name in self.variables:
                term = solution[name]
                if term is not None:
                    row[name] = term
            rows.append(row)
        return rows


_EMPTY = ox.Store()
_MAX_DETAIL = 120
_PREFIXED = re.compile(r"([A-Za-z][\w.-]*)?:[\w.-]*$")


def _prefix_before(text: str, line: int, column: int) -> str:
    lines = text.splitlines()
    before = lines[line - 1][: column - 1] if 0 < line <= len(lines) else ""
    m = _PREFIXED.search(before)
    return (m.group(1) or "") if m else ""


def prepare_query(
    text: str,
    prefixes: Mapping[str, str],
    *,
    require: Sequence[str] = (),
    declare: str = "under 'prefixes' or in the query",
) -> SparqlQuery:
    """Parse ``text`` and check that it is a SELECT that projects ``require``.

    ``declare`` says where an unknown prefix should be declared.

    Raises:
        QueryProblem: the query does not parse, is not a SELECT, or lacks a required variable.
    """
    try:
        result = _EMPTY.query(text, prefixes=dict(prefixes))
    except SyntaxError as exc:
        message = str(exc)
        m = _POSITION.match(message)
        if m is None:
            raise QueryProblem(f"SPARQL syntax error: {message}") from None
        line, column = int(m.group(1)), int(m.group(2))
        detail = " ".join(m.group(3).split())
        if "Prefix not found" in detail:
            prefix = _prefix_before(text, line, column)
            detail = f"unknown prefix '{prefix}:'; declare it {declare}"
        elif len(detail) > _MAX_DETAIL:
            detail = detail[:_MAX_DETAIL].rstrip() + " ..."
        raise QueryProblem(
            f"SPARQL syntax error at query line {line}, column {column}: {detail}", line, column
        ) from None
    if not isinstance(result, ox.QuerySolutions):
        raise QueryProblem("must be a SELECT query")
    variables = tuple(v.value for v in result.variables)
    missing = [v for v in require if v not in variables]
    if missing:
        names = ", ".join(f"?{v}" for v in missing)
        raise QueryProblem(f"the query must select {names} (the claim each row flags)")
    return SparqlQuery(text, dict(prefixes), variables)
