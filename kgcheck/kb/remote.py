"""The knowledge base read from a SPARQL 1.1 endpoint, with no local copy of its facts.

``RemoteStore`` is an rdflib store, so everything that reads ``KnowledgeBase.graph`` works
unchanged; what it fetches it caches with a bound (least recently used, each entry for
``cache_ttl`` seconds):

- a subject's facts (``<s> ?p ?o``) in one query, whichever of its properties is asked for, and
  several subjects' facts in one query (``prefetch``: the entities a reply names);
- the subjects holding a value (``?s <p> <o>``, or ``?s ?p <o>``);
- a property's pairs (``?s <p> ?o``, for the ontology view and the indexes built at start),
  streamed, and cached only when small.

Every query is a fixed text with the terms it looks up in ``VALUES`` or in place of a variable,
each written by rdflib's ``n3()`` after a check that it is a well-formed IRI or literal: no text
from a reply is ever pasted into a query. A named graph goes as the protocol's
``default-graph-uri`` parameter.

Blank nodes have no name a second query could use, so the triples that hold one (owl:oneOf lists,
negative property assertions, observations) are fetched once, in one CONSTRUCT, into a local
in-memory graph beside the KB's local sources (an ontology kept in a file, say); the endpoint is
asked only for triples without blank nodes, and each pattern is answered from both.

SPARQL rules go to the endpoint with the turn's claims as ``VALUES`` (``kgcheck.rules.values``).
SHACL shapes, and queries that cannot be rewritten so, run in a private in-memory store
(``RemoteScratch``) holding the turn's claims, the local graph, and the facts of every entity the
claims name and of the entities those facts name (two hops), fetched in one batched query each.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any

import pyoxigraph as ox
from cachetools import TTLCache
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, XSD
from rdflib.store import Store
from rdflib.term import Node

from kgcheck.kb.scratch import ScratchPool, copy_graph, ox_term
from kgcheck.kb.store import KB_GRAPH
from kgcheck.sparql_http import SparqlHttp

__all__ = ["RemoteScratch", "RemoteStore", "sparql_term"]

log = logging.getLogger(__name__)

_Triple = tuple[Node, Node, Node]
_Pairs = tuple[tuple[Node, Node], ...]

#: Subjects per batched query (the text of a query stays far below servers' limits).
_BATCH = 200
#: A property's pairs are cached only when there are at most this many.
_CACHE_PAIRS = 2_000
_IRI = re.compile(r'^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|^`\\]*$')
_LANGUAGE = re.compile(r"^[A-Za-z]+(-[A-Za-z0-9]+)*$")
#: SPARQL's string escapes (ECHAR): nothing in a looked-up value can end the string.
_ESCAPES = str.maketrans(
    {
        "\\": "\\\\",
        '"': '\\"',
        "'": "\\'",
        "\n": "\\n",
        "\r": "\\r",
        "\t": "\\t",
        "\b": "\\b",
        "\f": "\\f",
    }
)
_NON_BLANK = "FILTER(!isBlank(?s) && !isBlank(?o))"


def sparql_term(term: Node) -> str:
    """``term`` as SPARQL text: an IRI checked to be well formed, a literal escaped.

    Raises:
        ValueError: a blank node, or an IRI with characters an IRI cannot hold.
    """
    if isinstance(term, URIRef):
        if not _IRI.match(str(term)):
            raise ValueError(f"not a well-formed IRI: {str(term)[:80]!r}")
        return f"<{term}>"
    if isinstance(term, Literal):
        text = '"' + str(term).translate(_ESCAPES) + '"'
        if term.language is not None:
            if not _LANGUAGE.match(term.language):
                raise ValueError(f"not a language tag: {term.language[:20]!r}")
            return f"{text}@{term.language}"
        if term.datatype is not None:
            return f"{text}^^{sparql_term(URIRef(term.datatype))}"
        return text
    raise ValueError(f"cannot look up {type(term).__name__} {term!r} on an endpoint")


def _term(binding: dict[str, Any]) -> Node:
    kind, value = binding["type"], binding["value"]
    if kind == "uri":
        return URIRef(value)
    if kind == "bnode":
        return BNode(value)
    datatype = binding.get("datatype")
    if datatype == str(XSD.string):
        datatype = None  # a simple literal, as rdflib and Oxigraph give it
    return Literal(value, lang=binding.get("xml:lang"), datatype=datatype)


class RemoteStore(Store):
    """The facts of a SPARQL endpoint (read only), cached, with a local graph for the rest."""

    context_aware = False
    formula_aware = False
    transaction_aware = False
    graph_aware = False

    def __init__(
        self,
        http: SparqlHttp,
        *,
        local: Graph,
        graph: str | None = None,
        cache_size: int = 50_000,
        cache_ttl: float = 300.0,
        retries: int = 2,
        retry_delay: float = 0.2,
    ) -> None:
        super().__init__()
        self.http = http
        #: Triples with a blank node, and the KB's local sources.
        self.local = local
        self.named_graph = graph
        self._retries = retries
        self._retry_delay = retry_delay
        self._lock = threading.Lock()  # guards the caches only, never a request
        self._out: TTLCache[Node, _Pairs] = TTLCache(maxsize=cache_size, ttl=cache_ttl)
        self._in: TTLCache[tuple[Node | None, Node], _Pairs] = TTLCache(
            maxsize=cache_size, ttl=cache_ttl
        )
        self._pairs: TTLCache[Node, _Pairs] = TTLCache(maxsize=1024, ttl=cache_ttl)

    # queries -----------------------------------------------------------------------------

    def select(self, query: str, *, whole: bool = False) -> list[dict[str, Node]]:
        """The rows of a SELECT against the KB, each ``{variable: term}``; with ``whole``, all
        of them, read in pages where the server cuts results at a row limit (a plain ``SELECT
        ... WHERE {...}`` only: see :meth:`SparqlHttp.select`).

        Raises:
            StoreError: the endpoint failed (after the configured retries) or refused the query.
        """
        rows = self.http.select(
            query,
            default_graph=self.named_graph,
            retries=self._retries,
            retry_delay=self._retry_delay,
            whole=whole,
        )
        return [{k: _term(v) for k, v in row.items()} for row in rows]

    def construct(self, query: str) -> bytes:
        """The N-Triples of a CONSTRUCT against the KB."""
        accept = "application/n-triples, text/plain;q=0.9"
        response = self.http.query(query, accept, default_graph=self.named_graph)
        if "x-sparql-maxrows" in response.headers:  # a blank node's name holds in one answer
            log.warning(
                "%s cut the triples at %s (its ResultSetMaxRows): raise it to read them all",
                self.http.describe(),
                response.headers["x-sparql-maxrows"],
            )
        return response.content

    def blank_node_triples(self) -> bytes:
        """Every triple holding a blank node, as N-Triples (one document, so that a blank node
        keeps one name across the triples that share it)."""
        return self.construct(
            "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o FILTER(isBlank(?s) || isBlank(?o)) }"
        )

    # rdflib's store interface ------------------------------------------------------------

    def triples(
        self, triple_pattern: tuple[Any, Any, Any], context: Any = None
    ) -> Iterator[tuple[_Triple, Iterator[Any]]]:
        s, p, o = triple_pattern
        seen: set[_Triple] = set()
        for t in self.local.triples((s, p, o)):
            seen.add(t)
            yield t, iter(())
        if isinstance(s, BNode | Literal) or isinstance(o, BNode) or isinstance(p, BNode):
            return  # blank nodes are in the local graph only
        for t in self._remote(s, p, o):
            if t not in seen:
                yield t, iter(())

    def __len__(self, context: Any = None) -> int:
        rows = self.select(f"SELECT (COUNT(*) AS ?n) WHERE {{ ?s ?p ?o {_NON_BLANK} }}")
        remote = int(str(rows[0]["n"])) if rows else 0
        return remote + len(self.local)

    def add(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a knowledge base on a SPARQL endpoint is read only")

    def remove(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a knowledge base on a SPARQL endpoint is read only")

    def _remote(self, s: Node | None, p: Node | None, o: Node | None) -> Iterator[_Triple]:
        if s is not None:
            for pp, oo in self.facts(s):
                if (p is None or pp == p) and (o is None or oo == o):
                    yield s, pp, oo
        elif o is not None:
            for ss, pp in self.holders(p, o):
                yield ss, pp, o
        elif p is not None:
            for ss, oo in self._property_pairs(p):
                yield ss, p, oo
        else:
            log.info("%s: reading every triple of the KB", self.http.describe())
            query = f"SELECT ?s ?p ?o WHERE {{ ?s ?p ?o {_NON_BLANK} }}"
            for row in self.select(query, whole=True):
                yield row["s"], row["p"], row["o"]

    # cached lookups ----------------------------------------------------------------------

    def facts(self, subject: Node) -> _Pairs:
        """``(predicate, object)`` of ``subject`` (objects that are not blank nodes); none for
        a name that is not an IRI."""
        with self._lock:
            found = self._out.get(subject)
        if found is None:
            found = self.prefetch([subject]).get(subject, ())
        return found

    def prefetch(self, subjects: Iterable[Node]) -> dict[Node, _Pairs]:
        """The facts of each of ``subjects``, those not cached fetched in batched queries."""
        wanted = list(dict.fromkeys(s for s in subjects if isinstance(s, URIRef) and _IRI.match(s)))
        out: dict[Node, _Pairs] = {}
        missing = []
        with self._lock:
            for s in wanted:
                cached = self._out.get(s)
                if cached is None:
                    missing.append(s)
                else:
                    out[s] = cached
        for start in range(0, len(missing), _BATCH):
            chunk = missing[start : start + _BATCH]
            values = " ".join(sparql_term(s) for s in chunk)
            rows = self.select(
                f"SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {values} }} ?s ?p ?o "
                "FILTER(!isBlank(?o)) }",
                whole=True,
            )
            got: dict[Node, list[tuple[Node, Node]]] = {s: [] for s in chunk}
            for row in rows:
                got.setdefault(row["s"], []).append((row["p"], row["o"]))
            with self._lock:
                for subject, pairs in got.items():
                    out[subject] = self._out[subject] = tuple(dict.fromkeys(pairs))
        return out

    def holders(self, predicate: Node | None, obj: Node) -> _Pairs:
        """``(subject, predicate)`` of the triples with ``obj`` as their object (through
        ``predicate`` when it is given)."""
        with self._lock:
            found = self._in.get((predicate, obj))
            if found is None and predicate is not None:
                every = self._in.get((None, obj))
                if every is not None:
                    return tuple((s, p) for s, p in every if p == predicate)
        if found is not None:
            return found
        target = sparql_term(obj)
        if predicate is None:
            rows = self.select(
                f"SELECT ?s ?p WHERE {{ ?s ?p {target} FILTER(!isBlank(?s)) }}", whole=True
            )
            found = tuple(dict.fromkeys((r["s"], r["p"]) for r in rows))
        else:
            rows = self.select(
                f"SELECT ?s WHERE {{ ?s {sparql_term(predicate)} {target} FILTER(!isBlank(?s)) }}",
                whole=True,
            )
            found = tuple(dict.fromkeys((r["s"], predicate) for r in rows))
        with self._lock:
            self._in[(predicate, obj)] = found
        return found

    def _property_pairs(self, predicate: Node) -> _Pairs:
        with self._lock:
            found = self._pairs.get(predicate)
        if found is not None:
            return found
        rows = self.select(
            f"SELECT ?s ?o WHERE {{ ?s {sparql_term(predicate)} ?o {_NON_BLANK} }}", whole=True
        )
        found = tuple((r["s"], r["o"]) for r in rows)
        if len(found) <= _CACHE_PAIRS:
            with self._lock:
                self._pairs[predicate] = found
        return found

    def some_objects(self, predicate: URIRef, n: int) -> list[dict[str, Node]]:
        """Up to ``n`` rows ``{"o": value}`` of ``predicate``'s values (the local graph's
        first), in one query whatever the property's size."""
        local = [{"o": o} for o in islice(self.local.objects(None, predicate), n)]
        if len(local) >= n:
            return local
        rows = self.select(
            f"SELECT ?o WHERE {{ ?s {sparql_term(predicate)} ?o {_NON_BLANK} }} "
            f"LIMIT {int(n) - len(local)}"
        )
        return local + rows

    def string_values(self, skip: Sequence[str], max_chars: int) -> Iterator[_Triple]:
        """``(subject, predicate, value)`` of the string values of at most ``max_chars``
        characters, properties in ``skip`` left out, for the KB's word index: one query, or,
        where the server cuts it at its row limit, one per property holding literals (each
        read by its property's index, and paged only if it alone passes the limit: a page of
        the whole scan is a sort of every string value of the KB)."""
        kept = (
            f"isIRI(?s) && isLiteral(?o) && datatype(?o) IN (<{XSD.string}>, "
            f"<{RDF.langString}>) && STRLEN(STR(?o)) <= {int(max_chars)}"
        )
        left_out = ", ".join(sparql_term(URIRef(p)) for p in skip) or "<urn:kgcheck:none>"
        answer = self.http.answer(
            f"SELECT ?s ?p ?o WHERE {{ ?s ?p ?o FILTER({kept} && ?p NOT IN ({left_out})) }}",
            default_graph=self.named_graph,
            retries=self._retries,
            retry_delay=self._retry_delay,
        )
        if answer.cut is None:
            for binding in answer.bindings:
                yield _term(binding["s"]), _term(binding["p"]), _term(binding["o"])
            return
        log.info(
            "%s cut the string values at %s rows: reading them by property",
            self.http.describe(),
            answer.cut,
        )
        found = self.select(
            "SELECT DISTINCT ?p WHERE { ?s ?p ?o FILTER(isLiteral(?o)) }", whole=True
        )
        for prop in sorted({str(r["p"]) for r in found} - set(skip)):
            term = sparql_term(URIRef(prop))
            for row in self.select(
                f"SELECT ?s ?o WHERE {{ ?s {term} ?o FILTER({kept}) }}", whole=True
            ):
                yield row["s"], URIRef(prop), row["o"]

    def cached(self) -> int:
        """Entries held in the caches."""
        with self._lock:
            return len(self._out) + len(self._in) + len(self._pairs)

    def clear(self) -> None:
        """Forget everything cached (the KB changed on the endpoint)."""
        with self._lock:
            self._out.clear()
            self._in.clear()
            self._pairs.clear()

    # rules -------------------------------------------------------------------------------

    def scratch_pool(self) -> RemoteScratch:
        return RemoteScratch(self)


class RemoteScratch:
    """Private stores for rules over a remote KB: the local graph, plus the facts of the
    entities the added quads name and of the entities those facts name (two hops)."""

    def __init__(self, remote: RemoteStore) -> None:
        self._remote = remote
        self._pool = ScratchPool(lambda: copy_graph(remote.local))

    @contextmanager
    def lend(self, quads: Iterable[ox.Quad]) -> Iterator[ox.Store]:
        added = list(quads)
        named = {_rdflib(t) for q in added for t in (q.subject, q.object)}
        first = self._remote.prefetch(t for t in named if isinstance(t, URIRef))
        second = self._remote.prefetch(
            o for pairs in first.values() for _, o in pairs if isinstance(o, URIRef)
        )
        graph = ox.NamedNode(KB_GRAPH)
        facts = [
            ox.Quad(ox_term(s), ox_term(p), ox_term(o), graph)  # type: ignore[arg-type]
            for found in (first, second)
            for s, pairs in found.items()
            for p, o in pairs
        ]
        with self._pool.lend(added) as store:
            extra = [q for q in dict.fromkeys(facts) if q not in store]
            store.extend(extra)
            try:
                yield store
            finally:
                for q in extra:
                    store.remove(q)


def _rdflib(term: object) -> Node | None:
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    return None
