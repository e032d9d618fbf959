"""Where the KB's RDF store lives: back-ends keyed by the scheme of ``knowledge_base.store``
(``kgcheck.registry.kb_stores``): ``memory`` and ``oxigraph:<directory>``. A back-end opens an
Oxigraph store; loading the sources into it and reopening it without reloading is
``kgcheck.kb.store.open_store``'s work, the same for every back-end."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path

import pyoxigraph as ox

from kgcheck.errors import KbStoreUnusable

__all__ = ["KbBackend", "MemoryBackend", "OxigraphBackend"]


class KbBackend(ABC):
    """Opens the store of ``knowledge_base.store: <scheme>:<location>``."""

    @abstractmethod
    def open(self, location: str) -> tuple[ox.Store, Path | None]:
        """The store, and its directory when it is on disk (caches are kept beside it).

        Raises:
            KnowledgeBaseError: the store cannot be opened.
        """


class MemoryBackend(KbBackend):
    """An in-memory store, loaded from the sources at every start."""

    def open(self, location: str) -> tuple[ox.Store, Path | None]:
        return ox.Store(), None


class OxigraphBackend(KbBackend):
    """The embedded on-disk Oxigraph store: persistent, reopened without reloading."""

    def open(self, location: str) -> tuple[ox.Store, Path | None]:
        directory = Path(location)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            return ox.Store(str(directory)), directory
        except OSError as exc:
            raise KbStoreUnusable(f"{directory}: cannot open the on-disk store ({exc})") from exc
