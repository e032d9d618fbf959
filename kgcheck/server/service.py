"""What the routes share: the checker, the store, and the locks that keep one worker's
requests on a session in order."""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request

from kgcheck.checker import Checker
from kgcheck.config import ServerConfig
from kgcheck.errors import StoreError
from kgcheck.report import TurnReport
from kgcheck.server.limits import API_KEY_HEADER, check_api_key
from kgcheck.store import FlagStore, ReviewQueue, SessionStore

__all__ = ["Service", "ServiceDep", "authorised", "service"]


@dataclass
class Service:
    """The state of one worker."""

    checker: Checker
    store: FlagStore
    settings: ServerConfig
    sessions: SessionStore = field(init=False)
    review: ReviewQueue = field(init=False)
    #: spaCy pipelines are not meant to be run from several threads at once.
    check_lock: threading.Lock = field(default_factory=threading.Lock)
    _session_locks: weakref.WeakValueDictionary[str, threading.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    _guard: threading.Lock = field(default_factory=threading.Lock)
    #: ``/sparql`` queries running now, by client.
    _queries: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sessions = SessionStore(self.store)
        self.review = ReviewQueue(self.store)

    def record(self, report: TurnReport) -> None:
        """Write a checked turn to the store; the report says whether it was stored."""
        t0 = time.perf_counter()
        self.store.record(report)
        report.timings["store"] = round(time.perf_counter() - t0, 6)

    def session_lock(self, session_id: str) -> threading.Lock:
        """One lock per session in this worker (other workers are kept apart by versions)."""
        with self._guard:
            lock = self._session_locks.get(session_id)
            if lock is None:
                lock = threading.Lock()
                self._session_locks[session_id] = lock
            return lock

    @contextmanager
    def query_slot(self, client: str) -> Iterator[None]:
        """Hold one of ``client``'s ``sparql_concurrency`` query slots while the block runs.

        Raises:
            StoreError: (KGC416) the client runs as many queries as it may already.
        """
        limit = self.settings.sparql_concurrency
        with self._guard:
            running = self._queries.get(client, 0)
            if running >= limit:
                raise StoreError(
                    f"{running} queries of this client are running; at most {limit} at once",
                    code="KGC416",
                )
            self._queries[client] = running + 1
        try:
            yield
        finally:
            with self._guard:
                left = self._queries[client] - 1
                if left:
                    self._queries[client] = left
                else:
                    del self._queries[client]


def service(request: Request) -> Service:
    svc = request.app.state.kgcheck
    assert isinstance(svc, Service)
    return svc


ServiceDep = Annotated[Service, Depends(service)]


def authorised(request: Request, key: Annotated[str | None, Depends(API_KEY_HEADER)]) -> None:
    """Dependency of every route but ``/healthz`` and the docs."""
    keys = [k.get_secret_value() for k in service(request).settings.api_keys]
    check_api_key(request, key, keys)
