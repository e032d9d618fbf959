"""Values of the knowledge base checked at load, so that no bad literal fails a check later.

A ``kgc:tolerance`` must be a finite number from 0 up (``KGC206``); a numeric literal
(``xsd:decimal``, ``xsd:double``, ``xsd:float``, ``xsd:integer``) must be a finite number:
``"NaN"^^xsd:decimal`` or ``"INF"^^xsd:double`` is a load error (``KGC207``), not a value
compared at check time, and so is a number beyond its datatype's range
(``"1e999"^^xsd:double``, which Oxigraph reads as ``INF``: the error shows it as written); a
typed literal must be a value of its datatype (``"7.45"^^xsd:time`` is ``KGC210``: read as text
it would "correct" a true reply). Each error names the file and line of the triple where it
can be found. rdflib's own warning (with its traceback) for an ill-typed literal is held back
while sources load (:func:`quiet_literal_warnings`): the error says it once, in kgcheck's words.

Usage::

    check_values(graph, store, sources)   # raises KnowledgeBaseError
"""

from __future__ import annotations

import logging
import math
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox
from rdflib import Graph, Literal, URIRef
from rdflib.term import Node

from kgcheck.errors import IllTypedLiteral, NonFiniteLiteral, ToleranceInvalid
from kgcheck.vocab import KGC

if TYPE_CHECKING:
    from kgcheck.kb.remote import RemoteStore

__all__ = ["check_values", "quiet_literal_warnings"]

_XSD = "http://www.w3.org/2001/XMLSchema#"
#: The numeric types a NaN or an infinity can be written in (well-typed or not).
_NUMERIC = tuple(_XSD + t for t in ("decimal", "double", "float", "integer"))
_NOT_FINITE = ("NAN", "INF", "+INF", "-INF", "INFINITY", "+INFINITY", "-INFINITY")
_QUERY = (
    "SELECT ?s ?p ?o WHERE { ?s ?p ?o . FILTER(isLiteral(?o) && datatype(?o) IN ("
    + ", ".join(f"<{t}>" for t in _NUMERIC)
    + ") && UCASE(STR(?o)) IN ("
    + ", ".join(f'"{v}"' for v in _NOT_FINITE)
    + ")) } LIMIT 1"
)


def check_values(
    graph: Graph,
    store: ox.Store | None = None,
    sources: Sequence[Path] = (),
    *,
    remote: RemoteStore | None = None,
    literals: bool = True,
    numbers: bool = True,
) -> None:
    """Raise on the first tolerance or numeric value of ``graph`` that is not a finite number,
    and (``literals``: the sources were just loaded) on the first ill-typed literal.
    ``numbers`` false skips the numeric values: a store reopened on the sources it was loaded
    from, whose KB was built once (its indexes saved), holds the values checked then.

    Raises:
        KnowledgeBaseError: (KGC206) a ``kgc:tolerance`` that is not a number from 0 up;
            (KGC207) a numeric literal that is NaN or infinite; (KGC210) a typed literal whose
            lexical form is not a value of its datatype.
    """
    for prop, value in graph.subject_objects(KGC.tolerance):
        if _tolerance(value) is None:
            triple = f"<{prop}> kgc:tolerance {_n3(value)}"
            raise ToleranceInvalid(
                f"{_where(sources, str(value))}{triple}: expected a finite number from 0 up "
                "(a relative tolerance such as 0.05)"
            )
    for s, p, lexical, datatype in _not_finite(graph, store, remote) if numbers else ():
        where, written = _where_not_finite(sources, lexical, datatype, p)
        why = ""
        if written.strip().upper() not in _NOT_FINITE:  # as written, a number out of range
            sign = "-" if written.strip().startswith("-") else ""
            why = f"{written} is beyond the range of {_short(datatype)} (it reads as {sign}INF); "
        raise NonFiniteLiteral(
            f'{where}<{s}> <{p}> "{written}"^^<{datatype}>: {why}a numeric value must be a finite '
            "number (NaN and infinities are not values kgcheck can compare)"
        )
    if remote is None and literals:
        for subj, pred, lit in _ill_typed(graph, store):
            raise IllTypedLiteral(
                f'{_where(sources, str(lit))}<{subj}> <{pred}> "{lit}"^^<{lit.datatype}>: '
                f"{str(lit)!r} is not "
                f"a value of {_short(lit.datatype)}"
            )


def _ill_typed(graph: Graph, store: ox.Store | None) -> Iterator[tuple[Node, Node, Literal]]:
    """The triples whose object is a literal of an XSD datatype that its lexical form does not
    fit (rdflib's own parse of the lexical form decides)."""
    with quiet_literal_warnings():
        if store is not None:  # straight from Oxigraph: only typed literals become rdflib terms
            for q in store.quads_for_pattern(None, None, None):
                obj = q.object
                if isinstance(obj, ox.Literal) and obj.datatype.value.startswith(_XSD):
                    lit = Literal(obj.value, datatype=obj.datatype.value)
                    if lit.ill_typed:
                        subject = q.subject
                        name = subject.value if not isinstance(subject, ox.Triple) else ""
                        yield URIRef(name), URIRef(q.predicate.value), lit
            return
        for s, p, o in graph:
            if isinstance(o, Literal) and o.ill_typed:
                yield s, p, o


def _short(datatype: object) -> str:
    text = str(datatype)
    return "xsd:" + text[len(_XSD) :] if text.startswith(_XSD) else f"<{text}>"


class _DropLiteralWarnings(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Failed to convert Literal lexical form")


@contextmanager
def quiet_literal_warnings() -> Iterator[None]:
    """Hold back rdflib's warning (and traceback) for each ill-typed literal it reads:
    :func:`check_values` reports the first as an error naming the file and line."""
    logger = logging.getLogger("rdflib.term")
    dropped = _DropLiteralWarnings()
    logger.addFilter(dropped)
    try:
        yield
    finally:
        logger.removeFilter(dropped)


def _tolerance(value: Node) -> float | None:
    try:
        number = float(str(value))
    except ValueError:
        return None
    return number if math.isfinite(number) and number >= 0 else None


def _not_finite(
    graph: Graph, store: ox.Store | None, remote: RemoteStore | None
) -> Iterator[tuple[str, str, str, str]]:
    """``(subject, predicate, lexical form, datatype)`` of the numeric literals that are not
    finite numbers: NaN or an infinity, written so or as a number beyond the datatype's range
    (Oxigraph reads ``"1e999"^^xsd:double`` as ``"INF"``; rdflib keeps ``1e999``)."""
    if remote is not None:  # asked of the endpoint, then of the local part
        for found in remote.select(_QUERY):
            literal = found["o"]
            datatype = literal.datatype if isinstance(literal, Literal) else None
            yield str(found["s"]), str(found["p"]), str(literal), str(datatype or _XSD + "double")
        graph = remote.local
    if store is not None:  # straight from Oxigraph: one query, no rdflib term conversion
        for row in store.query(_QUERY, use_default_graph_as_union=True):  # type: ignore[union-attr]
            s, p, o = row[0], row[1], row[2]
            yield s.value, p.value, o.value, o.datatype.value
        return
    for s, p, o in graph:
        if isinstance(o, Literal) and str(o.datatype) in _NUMERIC and not _finite(o):
            yield str(s), str(p), str(o), str(o.datatype)


#: The largest xsd:float (single precision); larger values read as INF.
_FLOAT_MAX = 3.4028234663852886e38


def _largest(datatype: str) -> float:
    """The largest finite value of a numeric datatype, as far as kgcheck reads it."""
    return _FLOAT_MAX if datatype == _XSD + "float" else sys.float_info.max


def _finite(literal: Literal) -> bool:
    """Whether a numeric literal (read by rdflib) is a finite number of its datatype."""
    if str(literal).strip().upper() in _NOT_FINITE:
        return False
    value = literal.value
    if isinstance(value, Decimal):
        return value.is_finite()
    if isinstance(value, float):
        return math.isfinite(value) and abs(value) <= _largest(str(literal.datatype))
    return True


def _n3(value: Node) -> str:
    return value.n3() if isinstance(value, Literal) else f"<{value}>"


#: A number as written in Turtle, JSON-LD or RDF/XML (not a part of a name or of a number).
_WRITTEN_NUMBER = re.compile(r"(?<![\w.+-])[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?![\w.])")


def _where_not_finite(
    sources: Sequence[Path], lexical: str, datatype: str, predicate: str
) -> tuple[str, str]:
    """``(file:line: , the literal as written)`` of a non-finite value. Oxigraph keeps an
    overflowing number as ``INF``: the line is then the first holding a number that overflows
    the datatype with that sign, one that names the predicate first."""
    if lexical.strip().upper().lstrip("+-") in ("INF", "INFINITY"):
        negative = lexical.strip().startswith("-")
        limit = _largest(datatype)
        local = re.split(r"[#/:]", predicate)[-1]
        first: tuple[str, str] | None = None
        for path, n, line in _source_lines(sources):
            for match in _WRITTEN_NUMBER.finditer(line):
                number = float(match.group())
                if abs(number) > limit and (number < 0) == negative:
                    if local and local in line:
                        return f"{path}:{n}: ", match.group()
                    first = first or (f"{path}:{n}: ", match.group())
        if first is not None:
            return first
    return _where(sources, lexical), lexical


def _where(sources: Sequence[Path], lexical: str) -> str:
    """``file:line: `` of the first source line holding ``value``'s lexical form in quotes (or
    bare, for a number), else nothing: the triple alone then says what to fix."""
    needles = (
        f'"{lexical}"',
        f"'{lexical}'",
        f" {lexical} ",
        f" {lexical};",
        f" {lexical}.",
        f">{lexical}<",
    )
    for path, n, line in _source_lines(sources):
        if any(needle in line for needle in needles):
            return f"{path}:{n}: "
    return ""


def _source_lines(sources: Sequence[Path]) -> Iterator[tuple[Path, int, str]]:
    """``(file, 1-based line number, line)`` of every readable source, in order."""
    for path in sources:
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for n, line in enumerate(lines, 1):
            yield path, n, line
