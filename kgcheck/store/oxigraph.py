"""The embedded Oxigraph back-end: in memory, or on disk in a directory (the default for
anything persistent).

One process at a time may hold an on-disk store for writing (RocksDB locks it); threads of that
process share it. A second process that finds the store locked keeps working: its writes fail
as transient (``StoreLocked``), so its reports are spooled and the holder, or the next process
to open the store, replays them; its queries read a read-only snapshot of the store. For several
processes writing at once, use a SPARQL server (``sparql:``).
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pyoxigraph as ox

from kgcheck.errors import (
    InvalidQuery,
    StoreError,
    StoreLocked,
    StoreMissing,
    StoreRejected,
    StoreUnavailable,
    StoreUnreadable,
    StoreWriteFailed,
)
from kgcheck.store.base import FlagStore, WriteSettings
from kgcheck.store.results import QueryResult, RawResult, Term
from kgcheck.store.spool import Spool

if TYPE_CHECKING:
    from kgcheck.config import StoreConfig

__all__ = ["OxigraphFlagStore", "answer_media", "negotiate", "open_on_disk", "serialize"]

log = logging.getLogger(__name__)

_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_T = TypeVar("_T")
#: Reads of a read-only snapshot that another process compacts meanwhile, before giving up.
_READS = 5
#: What a read fails with when the holder deleted a file the snapshot still listed.
_VANISHED = re.compile(r"no such file|io error|corruption", re.IGNORECASE)

_RESULT_FORMATS = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "application/xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
}
_GRAPH_FORMATS = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "text/plain": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/ld+json": ox.RdfFormat.JSON_LD,
}


def negotiate(accept: str, offered: list[str]) -> str:
    """The first of ``offered`` that ``accept`` (an HTTP Accept header) takes, by quality;
    the first offered when nothing matches."""
    choices: list[tuple[float, int, str]] = []
    for n, part in enumerate(accept.split(",")):
        fields = [f.strip() for f in part.split(";")]
        media = fields[0].lower()
        quality = 1.0
        for f in fields[1:]:
            if f.startswith("q="):
                try:
                    quality = float(f[2:])
                except ValueError:
                    quality = 0.0
        if not media or quality <= 0:
            continue
        for m in offered:
            if media in (m, "*/*") or (media.endswith("/*") and m.startswith(media[:-1])):
                choices.append((-quality, n, m))
                break
    return min(choices)[2] if choices else offered[0]


def answer_media(form: str, accept: str) -> str:
    """The media type of the answer to a query of ``form`` for an HTTP ``accept``."""
    offered = _GRAPH_FORMATS if form in ("construct", "describe") else _RESULT_FORMATS
    return negotiate(accept, list(offered))


def serialize(results: object, accept: str) -> tuple[bytes, str]:
    """The answer of ``Store.query`` serialised as ``accept`` (an HTTP Accept header) asks, and
    its media type.

    Raises:
        OSError: the store failed while the answer was read.
    """
    if isinstance(results, ox.QuerySolutions | ox.QueryBoolean):
        media = answer_media("select", accept)
        body = results.serialize(format=_RESULT_FORMATS[media])
    else:
        assert isinstance(results, ox.QueryTriples)
        media = answer_media("construct", accept)
        body = results.serialize(format=_GRAPH_FORMATS[media])
    assert isinstance(body, bytes)
    return body, media


def open_on_disk(directory: Path) -> ox.Store:
    """The on-disk store in ``directory`` (created if absent), opened for writing.

    Raises:
        StoreLocked: another process holds it.
        StoreUnreadable: it cannot be opened (permissions, not a store, damaged).
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        return ox.Store(str(directory))
    except OSError as exc:
        text = str(exc)
        if "lock" in text.lower():
            raise StoreLocked(f"{directory}: the store is held by another process") from exc
        raise StoreUnreadable(f"{directory}: cannot open the on-disk store ({text})") from exc


class OxigraphFlagStore(FlagStore):
    """Turn reports in an embedded Oxigraph store.

    Usage::

        store = OxigraphFlagStore(Path(".kgcheck/flags"), spool=Spool(Path(".kgcheck/spool")))
        store = OxigraphFlagStore(None)            # in memory
    """

    @classmethod
    def open(
        cls,
        location: str,
        config: StoreConfig,
        *,
        read_only: bool = False,
        spool: Spool | None = None,
        settings: WriteSettings,
    ) -> OxigraphFlagStore:
        """``memory`` (no location) or ``oxigraph:<directory>``."""
        if not location:
            return cls(None, **settings)
        return cls(Path(location), read_only=read_only, spool=spool, **settings)

    def __init__(
        self,
        directory: Path | None = None,
        *,
        read_only: bool = False,
        spool: Spool | None = None,
        retries: int = 2,
        retry_delay: float = 0.2,
        cooldown: float = 5.0,
        max_retry_after: float = 10.0,
        replay_batch: int = 50,
    ) -> None:
        super().__init__(
            spool=spool,
            retries=retries,
            retry_delay=retry_delay,
            cooldown=cooldown,
            max_retry_after=max_retry_after,
            replay_batch=replay_batch,
        )
        self.kind = "memory" if directory is None else "oxigraph"
        self.directory = directory
        self.read_only = read_only
        self._open_lock = threading.Lock()
        self._store: ox.Store | None = None
        if directory is None:
            self._store = ox.Store()
            return
        if read_only:
            return
        try:
            self._store = self._open()
        except StoreError as exc:
            if not isinstance(exc, StoreLocked) or not directory.is_dir():
                raise
            log.warning("%s; reports will be spooled until it is free", exc.message)
            return
        if self.spool is not None and len(self.spool):
            try:
                self.replay()
            except StoreError as exc:
                log.error("%s: spooled reports not replayed (%s)", self.describe(), exc.message)

    def describe(self) -> str:
        return "memory" if self.directory is None else f"oxigraph:{self.directory}"

    def private_names(self) -> list[str]:
        if self.directory is None:
            return []
        names = {self.describe(), str(self.directory), str(self.directory.absolute())}
        with contextlib.suppress(OSError):
            names.add(str(self.directory.resolve()))
        return sorted(names, key=len, reverse=True)

    def close(self) -> None:
        with self._open_lock:
            self._store = None

    def _open(self) -> ox.Store:
        assert self.directory is not None
        return open_on_disk(self.directory)

    def snapshot(self) -> tuple[Path | None, bytes]:
        """What a query process needs to read the store: its directory (opened read-only
        there), or, in memory, all of it as N-Quads."""
        if self.directory is not None:
            if not self.directory.is_dir():
                raise StoreMissing(f"{self.directory}: no flag store here yet")
            if self._store is not None:
                self._store.flush()
            return self.directory, b""
        assert self._store is not None
        data = self._store.dump(format=ox.RdfFormat.N_QUADS)
        return None, data if isinstance(data, bytes) else b""

    def _writable(self) -> ox.Store:
        if self.read_only:
            raise StoreRejected(f"{self.describe()}: opened read-only")
        with self._open_lock:
            if self._store is None:
                self._store = self._open()
            return self._store

    def _readable(self) -> ox.Store:
        if self._store is not None:
            return self._store
        assert self.directory is not None
        if not self.directory.is_dir():
            raise StoreMissing(f"{self.directory}: no flag store here yet")
        try:
            # held by another process: read the latest snapshot instead
            return ox.Store.read_only(str(self.directory))
        except OSError as exc:
            raise StoreUnreadable(
                f"{self.directory}: cannot read the on-disk store ({exc})"
            ) from exc

    def _reading(self, query: str, read: Callable[[object], _T]) -> _T:
        """``read`` of the query's results. Over a read-only snapshot (another process holds
        the store), a read that fails on a file that process compacted away meanwhile is done
        again on a fresh snapshot, up to ``_READS`` times.

        Raises:
            InvalidQuery: the query is malformed or failed.
            StoreUnavailable: the store's files kept changing under the query.
        """
        for attempt in range(_READS):
            store = self._readable()
            try:
                return read(store.query(query, use_default_graph_as_union=True))
            except SyntaxError as exc:
                raise InvalidQuery(f"SPARQL syntax error: {exc}") from exc
            except (OSError, ValueError, RuntimeError) as exc:
                if not _VANISHED.search(str(exc)):
                    raise InvalidQuery(f"query failed: {exc}") from exc
                if store is self._store or attempt == _READS - 1:
                    # the files of a store this process holds do not go away: not a race
                    raise StoreUnavailable(
                        f"{self.describe()}: the store's files changed under the query "
                        f"({attempt + 1} reads): try again"
                    ) from exc
                time.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    def _select(self, query: str, form: str) -> QueryResult:
        return self._reading(query, lambda results: _rows(results, form))

    def _raw(self, query: str, form: str, accept: str) -> RawResult:
        body, media = self._reading(query, lambda results: serialize(results, accept))
        return RawResult(body, media)

    def _update(self, update: str) -> None:
        store = self._writable()
        try:
            store.update(update)
        except SyntaxError as exc:
            raise InvalidQuery(f"SPARQL syntax error in update: {exc}") from exc
        except OSError as exc:
            raise StoreWriteFailed(f"{self.describe()}: update failed ({exc})") from exc


def _rows(results: object, form: str) -> QueryResult:
    """The results of ``Store.query`` as a :class:`QueryResult`."""
    if isinstance(results, ox.QuerySolutions):
        names = [v.value for v in results.variables]
        rows = []
        # a solution's values in order (looking each up by name costs more than the query
        # itself on large answers); each distinct term converted once
        terms: dict[object, Term] = {}
        for solution in results:
            row = {}
            for name, value in zip(names, solution, strict=True):
                if value is not None:
                    term = terms.get(value)
                    if term is None:
                        term = terms[value] = _term(value)
                    row[name] = term
            rows.append(row)
        return QueryResult(form, names, rows)
    if isinstance(results, ox.QueryBoolean):
        return QueryResult(form, boolean=bool(results))
    assert isinstance(results, ox.QueryTriples)
    text = results.serialize(format=ox.RdfFormat.N_TRIPLES)
    return QueryResult(form, graph=text.decode() if isinstance(text, bytes) else "")


def _term(value: object) -> Term:
    if isinstance(value, ox.NamedNode):
        return Term("uri", value.value)
    if isinstance(value, ox.Literal):
        if value.language:
            return Term("literal", value.value, None, value.language)
        datatype = value.datatype.value
        return Term("literal", value.value, None if datatype == _XSD_STRING else datatype)
    if isinstance(value, ox.BlankNode):
        return Term("bnode", value.value)
    return Term("triple", str(value))
