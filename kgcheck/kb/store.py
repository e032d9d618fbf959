"""Opening the KB's RDF store and loading sources into it.

Back-ends (``kgcheck.kb.backends``, registered by scheme in ``kgcheck.registry.kb_stores``):
``memory`` (an in-memory Oxigraph store) and ``oxigraph:<dir>`` (the embedded on-disk Oxigraph
store, persistent). Both are seen through rdflib. The KB lives in one named graph with a
fixed identifier, so a persistent store reopened later finds it again; a manifest of the loaded
sources (path, size, modification time) sits beside it in a second named graph, and a store whose
manifest matches the configured sources is reopened without reloading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox
from oxrdflib import OxigraphStore
from rdflib import Graph, URIRef

if TYPE_CHECKING:
    from kgcheck.config import KnowledgeBaseConfig, MappingConfig
    from kgcheck.kb.mappings import Materialized
    from kgcheck.kb.remote import RemoteStore

from kgcheck.errors import (
    RdfSyntaxError,
    SourceNotFound,
    SourceUnloadable,
    UnknownFormat,
)

__all__ = ["KB_GRAPH", "META_GRAPH", "LoadResult", "load_sources", "manifest_of", "open_store"]

KB_GRAPH = "urn:kgcheck:kb"
META_GRAPH = "urn:kgcheck:kb-meta"
_MANIFEST = ox.NamedNode("urn:kgcheck:manifest")
_SOURCE = ox.NamedNode("urn:kgcheck:source")

_FORMATS = {
    ".ttl": ox.RdfFormat.TURTLE,
    ".turtle": ox.RdfFormat.TURTLE,
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".ntriples": ox.RdfFormat.N_TRIPLES,
    ".n3": ox.RdfFormat.N3,
    ".jsonld": ox.RdfFormat.JSON_LD,
    ".json": ox.RdfFormat.JSON_LD,
    ".rdf": ox.RdfFormat.RDF_XML,
    ".owl": ox.RdfFormat.RDF_XML,
    ".xml": ox.RdfFormat.RDF_XML,
}


@dataclass(frozen=True, slots=True)
class LoadResult:
    """An opened store: the rdflib view of the KB graph, the raw Oxigraph store, and whether the
    sources were (re)loaded or found already in place."""

    graph: Graph
    #: ``None`` for a KB read from a SPARQL endpoint (``remote``).
    store: ox.Store | None
    reloaded: bool
    #: The on-disk store's directory (``None`` in memory) and the sources' fingerprint, which
    #: key caches kept beside the store.
    directory: Path | None = None
    fingerprint: str = ""
    remote: RemoteStore | None = None
    #: The mappings materialised by this open (none when the store held them already).
    built: tuple[Materialized, ...] = ()


def open_store(
    spec: str,
    sources: Sequence[Path],
    config: KnowledgeBaseConfig | None = None,
    *,
    refresh: bool = False,
) -> LoadResult:
    """Open the KB named by ``spec`` (``<scheme>:<location>``) and make sure it holds exactly
    ``sources`` and what ``config.mappings`` make (``refresh``: materialise the mappings again).

    Raises:
        KnowledgeBaseError: a source is missing, has an unknown format or a syntax error, or the
            store cannot be opened.
    """
    for path in sources:
        if not path.is_file():
            raise SourceNotFound(f"{path}: knowledge-base source not found")
        if path.suffix.lower() not in _FORMATS:
            raise UnknownFormat(
                f"{path}: unknown RDF format {path.suffix!r}; expected one of "
                f"{', '.join(sorted(_FORMATS))}"
            )
    from kgcheck.config import KnowledgeBaseConfig
    from kgcheck.registry import kb_stores

    scheme, _, location = spec.partition(":")
    backend = kb_stores.get(scheme)()
    return backend.open(location, sources, config or KnowledgeBaseConfig(), refresh=refresh)


def load_sources(
    store: ox.Store,
    sources: Sequence[Path],
    *,
    directory: Path | None = None,
    mappings: Sequence[MappingConfig] = (),
    refresh: bool = False,
) -> LoadResult:
    """``store`` holding exactly ``sources`` and the triples of ``mappings`` in the KB graph:
    loaded, unless its manifest says it holds them already (the files each mapping read are in
    the manifest; ``refresh`` materialises the mappings again, for a database server's changes,
    which no manifest sees).

    Raises:
        KnowledgeBaseError: a source or a mapping cannot be loaded (the mappings are
            materialised before the store is touched: a broken one leaves it as it was).
    """
    kb_graph = ox.NamedNode(KB_GRAPH)
    wanted = manifest_of(sources) + [_mapping_entry(m) for m in mappings]
    stored = _stored_manifest(store)
    current = (
        stored is not None
        and [e for e in stored if not e.startswith(_INPUT)] == wanted
        and all(_unchanged(e) for e in stored if e.startswith(_INPUT))
        and not (refresh and mappings)
    )
    reloaded = False
    built: tuple[Materialized, ...] = ()
    if not current or ((sources or mappings) and not _has_graph(store, kb_graph)):
        if mappings:
            from kgcheck.kb.mappings import materialize

            built = tuple(materialize(m) for m in mappings)
        store.clear_graph(kb_graph)
        store.clear_graph(ox.NamedNode(META_GRAPH))
        for path in sources:
            _load(store, path, kb_graph)
        for made in built:
            store.load(made.ntriples, format=ox.RdfFormat.N_TRIPLES, to_graph=kb_graph)
        inputs = [_INPUT + entry for made in built for entry in manifest_of(made.inputs)]
        stored = wanted + inputs
        _write_manifest(store, stored)
        store.flush()
        reloaded = True
    graph = Graph(store=OxigraphStore(store=store), identifier=URIRef(KB_GRAPH))
    return LoadResult(
        graph=graph,
        store=store,
        reloaded=reloaded,
        directory=directory,
        fingerprint="\n".join(stored or wanted),
        built=built,
    )


#: Manifest entries of the files a mapping read (checked again at each open).
_INPUT = "input|"


def _mapping_entry(mapping: MappingConfig) -> str:
    from kgcheck.kb.mappings import redacted

    db = redacted(mapping.db_url) if mapping.db_url else ""
    return f"mapping|{mapping.path.resolve()}|{db}"


def _unchanged(entry: str) -> bool:
    """Whether the file of an input entry (``input|path|size|mtime``) is as it was."""
    path = Path(entry.removeprefix(_INPUT).rsplit("|", 2)[0])
    try:
        return manifest_of([path]) == [entry.removeprefix(_INPUT)]
    except OSError:
        return False


def _load(store: ox.Store, path: Path, graph: ox.NamedNode) -> None:
    try:
        store.bulk_load(path=str(path), format=_FORMATS[path.suffix.lower()], to_graph=graph)
    except SyntaxError as exc:
        store.clear_graph(graph)
        line = f" line {exc.lineno}" if exc.lineno else ""
        raise RdfSyntaxError(f"{path}:{line}: RDF syntax error: {exc.msg}") from exc
    except (OSError, ValueError) as exc:
        store.clear_graph(graph)
        raise SourceUnloadable(f"{path}: cannot load ({exc})") from exc


def manifest_of(sources: Sequence[Path]) -> list[str]:
    entries = []
    for path in sources:
        stat = path.stat()
        entries.append(f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}")
    return entries


def _stored_manifest(store: ox.Store) -> list[str] | None:
    quads = list(store.quads_for_pattern(_MANIFEST, _SOURCE, None, ox.NamedNode(META_GRAPH)))
    if not quads:
        return None
    entries = sorted(
        (q.object.value for q in quads if isinstance(q.object, ox.Literal)),
        key=lambda e: int(e.split("#", 1)[0]),
    )
    return [e.split("#", 1)[1] for e in entries if not e.startswith("-1#")]


def _write_manifest(store: ox.Store, entries: list[str]) -> None:
    meta = ox.NamedNode(META_GRAPH)
    # an empty source list is still a manifest: it tells "loaded, and nothing to load"
    store.add(ox.Quad(_MANIFEST, _SOURCE, ox.Literal("-1#"), meta))
    for i, entry in enumerate(entries):
        store.add(ox.Quad(_MANIFEST, _SOURCE, ox.Literal(f"{i}#{entry}"), meta))


def _has_graph(store: ox.Store, graph: ox.NamedNode) -> bool:
    return next(iter(store.quads_for_pattern(None, None, None, graph)), None) is not None
