"""Query results as plain values: what ``FlagStore.query`` returns for every back-end."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from rdflib.namespace import XSD

from kgcheck.store.rdf import name_of

__all__ = ["QueryResult", "RawResult", "Term"]

_INTEGERS = {
    str(XSD.integer),
    str(XSD.int),
    str(XSD.long),
    str(XSD.short),
    str(XSD.nonNegativeInteger),
    str(XSD.positiveInteger),
}
_DECIMAL, _BOOLEAN, _DATE_TIME = str(XSD.decimal), str(XSD.boolean), str(XSD.dateTime)
_FLOATS = {str(XSD.double), str(XSD.float)}


@dataclass(frozen=True, slots=True)
class Term:
    """One RDF term of a result row."""

    kind: Literal["uri", "literal", "bnode", "triple"]
    value: str
    datatype: str | None = None
    lang: str | None = None

    def python(self) -> Any:
        """A Python value: numbers, booleans and times converted, vocabulary individuals by
        their code names (``kgc:WrongAttribute`` -> ``wrong_attribute``), else the text."""
        if self.kind == "uri":
            return name_of(self.value)
        if self.kind != "literal" or self.datatype is None:
            return self.value
        try:
            if self.datatype in _INTEGERS:
                return int(self.value)
            if self.datatype == _DECIMAL:
                return float(Decimal(self.value))
            if self.datatype in _FLOATS:
                return float(self.value)
            if self.datatype == _BOOLEAN:
                return self.value in ("true", "1")
            if self.datatype == _DATE_TIME:
                return datetime.fromisoformat(self.value.replace("Z", "+00:00"))
        except (ValueError, InvalidOperation):
            return self.value
        return self.value

    def to_json(self) -> dict[str, str]:
        """The term as a SPARQL 1.1 JSON results binding."""
        kind = "bnode" if self.kind == "bnode" else self.kind
        out = {"type": kind, "value": self.value}
        if self.datatype is not None:
            out["datatype"] = self.datatype
        if self.lang is not None:
            out["xml:lang"] = self.lang
        return out

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Term:
        kind = data.get("type", "literal")
        if kind == "typed-literal":  # SPARQL 1.0 JSON, still sent by some servers
            kind = "literal"
        if kind not in ("uri", "literal", "bnode", "triple"):
            kind = "literal"
        return cls(kind, data.get("value", ""), data.get("datatype"), data.get("xml:lang"))  # type: ignore[arg-type]


@dataclass(slots=True)
class QueryResult:
    """The answer to a query: rows of a SELECT, the boolean of an ASK, or the serialised graph
    of a CONSTRUCT or DESCRIBE (``graph``, N-Triples or Turtle)."""

    form: str
    variables: list[str] = field(default_factory=list)
    rows: list[dict[str, Term]] = field(default_factory=list)
    boolean: bool | None = None
    graph: str | None = None

    def __len__(self) -> int:
        return len(self.rows)

    def records(self) -> list[dict[str, Any]]:
        """Rows as dicts of Python values (see :meth:`Term.python`); unbound is ``None``."""
        return [
            {v: (row[v].python() if v in row else None) for v in self.variables}
            for row in self.rows
        ]

    def to_json(self) -> dict[str, Any]:
        """SPARQL 1.1 Query Results JSON."""
        if self.boolean is not None:
            return {"head": {}, "boolean": self.boolean}
        return {
            "head": {"vars": list(self.variables)},
            "results": {
                "bindings": [{k: t.to_json() for k, t in row.items()} for row in self.rows]
            },
        }

    def to_csv(self) -> str:
        """SPARQL 1.1 Query Results CSV (values only)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        if self.boolean is not None:
            writer.writerow(["boolean"])
            writer.writerow(["true" if self.boolean else "false"])
            return out.getvalue()
        writer.writerow(self.variables)
        for row in self.rows:
            writer.writerow([row[v].value if v in row else "" for v in self.variables])
        return out.getvalue()

    @classmethod
    def from_json(cls, form: str, data: dict[str, Any]) -> QueryResult:
        """From SPARQL 1.1 Query Results JSON."""
        if "boolean" in data:
            return cls(form, boolean=bool(data["boolean"]))
        variables = list(data.get("head", {}).get("vars", []))
        rows = [
            {k: Term.from_json(v) for k, v in binding.items()}
            for binding in data.get("results", {}).get("bindings", [])
        ]
        return cls(form, variables, rows)


@dataclass(frozen=True, slots=True)
class RawResult:
    """A query answer as the store serialised it, for the SPARQL protocol endpoint."""

    body: bytes
    media_type: str
    #: Rows (or triples) were cut off at a row limit (a kgcheck endpoint says so).
    truncated: bool = False
