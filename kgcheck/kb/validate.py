"""Values of the knowledge base checked at load, so that no bad literal fails a check later.

A ``kgc:tolerance`` must be a finite number from 0 up (``KGC206``); a numeric literal
(``xsd:decimal``, ``xsd:double``, ``xsd:float``, ``xsd:integer``) must be a finite number:
``"NaN"^^xsd:decimal`` or ``"INF"^^xsd:double`` is a load error (``KGC207``), not a value
compared at check time; a typed literal must be a value of its datatype (``"7.45"^^xsd:time``
is ``KGC210``: read as text it would "correct" a true reply). Each error names the file and
line of the triple where it can be found. rdflib's own warning (with its traceback) for an
ill-typed literal is held back while sources load (:func:`quiet_literal_warnings`): the error
says it once, in kgcheck's words.

Usage::

    check_values(graph, store, sources)   # raises KnowledgeBaseError
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
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
) -> None:
    """Raise on the first tolerance or numeric value of ``graph`` that is not a finite number,
    and (``literals``: the sources were just loaded) on the first ill-typed literal.

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
    for s, p, o, lexical in _not_finite(graph, store, remote):
        raise NonFiniteLiteral(
            f"{_where(sources, lexical)}<{s}> <{p}> {o}: a numeric value must be a finite number "
            "(NaN and infinities are not values kgcheck can compare)"
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
    if remote is not None:  # asked of the endpoint, then of the local part
        for found in remote.select(_QUERY):
            yield str(found["s"]), str(found["p"]), _n3(found["o"]), str(found["o"])
        graph = remote.local
    if store is not None:  # straight from Oxigraph: one query, no rdflib term conversion
        for row in store.query(_QUERY, use_default_graph_as_union=True):  # type: ignore[union-attr]
            s, p, o = row[0], row[1], row[2]
            yield s.value, p.value, f'"{o.value}"^^<{o.datatype.value}>', o.value
        return
    for row in graph.query(_QUERY):
        s, p, o = row  # type: ignore[misc]
        yield str(s), str(p), _n3(o), str(o)


def _n3(value: Node) -> str:
    return value.n3() if isinstance(value, Literal) else f"<{value}>"


def _where(sources: Sequence[Path], lexical: str) -> str:
    """``file:line: `` of the first source line holding ``value``'s lexical form in quotes (or
    bare, for a number), else nothing: the triple alone then says what to fix."""
    needles = (f'"{lexical}"', f"'{lexical}'", f" {lexical} ", f" {lexical};", f" {lexical}.")
    for path in sources:
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for n, line in enumerate(lines, 1):
            if any(needle in line for needle in needles):
                return f"{path}:{n}: "
    return ""
