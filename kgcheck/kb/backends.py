"""Where the KB lives: back-ends keyed by the scheme of ``knowledge_base.store``
(``kgcheck.registry.kb_stores``).

- ``memory`` and ``oxigraph:<directory>`` hold the KB in an Oxigraph store (``StoreBackend``):
  loading the sources into it and reopening it without reloading is
  ``kgcheck.kb.store.load_sources``'s work, the same for both.
- ``sparql:<query URL>`` reads the KB from any SPARQL 1.1 endpoint, with no local copy of its
  facts (``kgcheck.kb.remote``).
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox
from rdflib import Graph, URIRef

from kgcheck.errors import KbEndpointUnreachable, KbStoreUnusable, StoreError
from kgcheck.kb.store import KB_GRAPH, LoadResult, load_sources

if TYPE_CHECKING:
    from kgcheck.config import KnowledgeBaseConfig

__all__ = ["KbBackend", "MemoryBackend", "OxigraphBackend", "SparqlBackend", "StoreBackend"]


class KbBackend(ABC):
    """Opens the KB of ``knowledge_base.store: <scheme>:<location>``."""

    @abstractmethod
    def open(
        self,
        location: str,
        sources: Sequence[Path],
        config: KnowledgeBaseConfig,
        *,
        refresh: bool = False,
    ) -> LoadResult:
        """The KB's graph with ``sources`` and the triples of ``config.mappings`` in it (each
        source checked to exist, with a known format); ``refresh``: ``kgcheck kb refresh``.

        Raises:
            KnowledgeBaseError: the store cannot be opened, or a source cannot be loaded.
        """


class StoreBackend(KbBackend):
    """A KB held in an Oxigraph store: the sources are loaded into it."""

    def open(
        self,
        location: str,
        sources: Sequence[Path],
        config: KnowledgeBaseConfig,
        *,
        refresh: bool = False,
    ) -> LoadResult:
        store, directory = self.open_store(location)
        return load_sources(
            store, sources, directory=directory, mappings=config.mappings, refresh=refresh
        )

    @abstractmethod
    def open_store(self, location: str) -> tuple[ox.Store, Path | None]:
        """The store, and its directory when it is on disk (caches are kept beside it).

        Raises:
            KnowledgeBaseError: the store cannot be opened.
        """


class MemoryBackend(StoreBackend):
    """An in-memory store, loaded from the sources at every start."""

    def open_store(self, location: str) -> tuple[ox.Store, Path | None]:
        return ox.Store(), None


class OxigraphBackend(StoreBackend):
    """The embedded on-disk Oxigraph store: persistent, reopened without reloading."""

    def open_store(self, location: str) -> tuple[ox.Store, Path | None]:
        directory = Path(location)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            return ox.Store(str(directory)), directory
        except OSError as exc:
            raise KbStoreUnusable(f"{directory}: cannot open the on-disk store ({exc})") from exc


class SparqlBackend(KbBackend):
    """Any SPARQL 1.1 endpoint (``knowledge_base.graph`` names a graph of it), read per turn.

    The local sources, if any (an ontology kept in a file, say), are loaded in memory beside it.
    The label index is built from the endpoint once and kept in ``knowledge_base.index_dir``
    until ``kgcheck kb refresh`` rebuilds it.
    """

    def open(
        self,
        location: str,
        sources: Sequence[Path],
        config: KnowledgeBaseConfig,
        *,
        refresh: bool = False,
    ) -> LoadResult:
        from kgcheck.kb.remote import RemoteStore
        from kgcheck.sparql_http import SparqlHttp

        http = SparqlHttp.configured(location, config)
        held = ox.Store()
        local = load_sources(held, sources, mappings=config.mappings)
        remote = RemoteStore(
            http,
            local=local.graph,
            graph=config.graph,
            cache_size=config.cache_size,
            cache_ttl=config.cache_ttl,
            retries=config.retries,
        )
        try:
            remote.select("SELECT ?s WHERE { ?s ?p ?o } LIMIT 1")
            blank = remote.blank_node_triples()
        except StoreError as exc:
            http.close()
            raise KbEndpointUnreachable(
                f"knowledge_base.store {http.describe()}: cannot read the KB ({exc.message})"
            ) from exc
        try:
            held.load(blank, format=ox.RdfFormat.N_TRIPLES, to_graph=ox.NamedNode(KB_GRAPH))
        except (SyntaxError, ValueError) as exc:
            raise KbEndpointUnreachable(
                f"{http.describe()}: the triples with blank nodes do not parse ({exc})"
            ) from exc
        key = f"sparql|{location}|{config.graph or ''}"
        directory = config.index_dir / hashlib.sha256(key.encode()).hexdigest()[:16]
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError:
            directory = None  # type: ignore[assignment]
        return LoadResult(
            graph=Graph(store=remote, identifier=URIRef(KB_GRAPH)),
            store=None,
            reloaded=True,
            directory=directory,
            fingerprint="\n".join([key, local.fingerprint]),
            remote=remote,
            built=local.built,
        )
