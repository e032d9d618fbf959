"""What the routes share: the checker, the store, the locks that keep one worker's requests on
a session in order, and the sessions this worker could not save while the store was down.

While the store is unreachable (:class:`~kgcheck.errors.StoreUnavailable`) a session is kept in
this worker's memory (as JSON, at most ``MAX_CACHED`` sessions) and saved with the first request on
it once the store answers again, unless another worker saved the session meanwhile (then the
store's version wins and the turns kept here are dropped, with an error in the log). Reports are
spooled meanwhile.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, Request

from kgcheck.checker import Checker
from kgcheck.config import ServerConfig
from kgcheck.errors import StoreError, StoreUnavailable
from kgcheck.history.state import DialogueState
from kgcheck.report import TurnReport
from kgcheck.server.health import Health, StoreProbe
from kgcheck.server.limits import API_KEY_HEADER, check_api_key
from kgcheck.server.metrics import ServiceMetrics
from kgcheck.store import FlagStore, ReviewQueue, SessionStore
from kgcheck.store.limited import QuerySlots

__all__ = ["MAX_CACHED", "Service", "ServiceDep", "authorised", "service"]

log = logging.getLogger(__name__)

#: Unsaved sessions one worker keeps while the store is down; the oldest go first.
MAX_CACHED = 10_000


@dataclass
class Service:
    """The state of one worker."""

    checker: Checker
    store: FlagStore
    settings: ServerConfig
    sessions: SessionStore = field(init=False)
    review: ReviewQueue = field(init=False)
    #: ``/healthz``'s answer, and the cached probe of the store it shares with ``/metrics``.
    health: Health = field(init=False)
    metrics: ServiceMetrics = field(init=False)
    _session_locks: weakref.WeakValueDictionary[str, threading.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    _guard: threading.Lock = field(default_factory=threading.Lock)
    #: ``/sparql`` queries running now, by client.
    _slots: QuerySlots = field(default_factory=QuerySlots)
    #: Sessions not saved yet (the store was down): their JSON and the version they built on.
    _unsaved: OrderedDict[str, tuple[dict[str, Any], int]] = field(default_factory=OrderedDict)

    def __post_init__(self) -> None:
        self.sessions = SessionStore(self.store)
        self.review = ReviewQueue(self.store)
        probe = StoreProbe(self.store)
        self.health = Health(self.checker, self.store, probe)
        flag_types = sorted({str(t) for d in self.checker.detectors for t in d.emitted})
        self.metrics = ServiceMetrics(self.store, probe, flag_types=flag_types)

    def record(self, report: TurnReport, *, staged: Path | None = None) -> None:
        """Write a checked turn to the store; the report says whether it was stored."""
        t0 = time.perf_counter()
        self.store.record(report, staged=staged)
        report.timings["store"] = round(time.perf_counter() - t0, 6)

    def stage(self, report: TurnReport) -> Path | None:
        """Keep ``report`` on disk before its session is saved (``None``: no spool, or the
        spool cannot be written; then it is written after the save, as before)."""
        try:
            return self.store.stage(report)
        except StoreError as exc:
            log.error("report %s not staged: %s", report.report_id, exc.message)
            return None

    def unstage(self, staged: Path | None, *, keep: bool) -> None:
        """Drop a staged report (its check is done again), or ``keep`` it in the spool."""
        if staged is None or self.store.spool is None:
            return
        if keep:
            self.store.spool.promote(staged, "the request failed before the report was stored")
        else:
            self.store.spool.unstage(staged)

    def load_session(self, session_id: str) -> tuple[DialogueState, int] | None:
        """The session and its version: the store's, or this worker's unsaved copy when the
        store is down or has not seen that copy's changes yet.

        Raises:
            StoreError: the store failed other than by being unreachable.
        """
        try:
            loaded = self.sessions.load(session_id)
        except StoreError as exc:
            if not isinstance(exc, StoreUnavailable):
                raise
            with self._guard:
                unsaved = self._unsaved.get(session_id)
            if unsaved is None:
                return None
            return DialogueState.from_dict(unsaved[0]), unsaved[1]
        with self._guard:
            unsaved = self._unsaved.get(session_id)
        if unsaved is None:
            return loaded
        stored_version = 0 if loaded is None else loaded[1]
        if unsaved[1] == stored_version:
            return DialogueState.from_dict(unsaved[0]), unsaved[1]
        log.error(
            "session %r: saved by another worker while the store was down here; the turns "
            "kept in this worker are dropped",
            session_id,
        )
        with self._guard:
            self._unsaved.pop(session_id, None)
        return loaded

    def unsaved_sessions(self) -> set[str]:
        """Sessions this worker keeps in memory because the store did not take them yet."""
        with self._guard:
            return set(self._unsaved)

    def save_session(self, state: DialogueState, *, version: int) -> tuple[int, bool]:
        """Save ``state`` over ``version``; while the store is down, keep it in memory.

        Returns:
            the version now, and whether the store has it.

        Raises:
            StoreConflict: another worker saved the session meanwhile, or the store failed
                other than by being unreachable.
        """
        try:
            saved = self.sessions.save(state, version=version)
        except StoreError as exc:
            if not isinstance(exc, StoreUnavailable):
                raise
            log.warning("session %r kept in memory: %s", state.session_id, exc.message)
            with self._guard:
                self._unsaved[state.session_id] = (state.to_dict(), version)
                self._unsaved.move_to_end(state.session_id)
                while len(self._unsaved) > MAX_CACHED:
                    dropped, _ = self._unsaved.popitem(last=False)
                    log.error("session %r: too many unsaved sessions, dropped", dropped)
            return version, False
        with self._guard:
            self._unsaved.pop(state.session_id, None)
        return saved, True

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
        """Hold one of ``client``'s ``sparql_concurrency`` query slots (and one of the
        server's ``sparql_workers``) while the block runs.

        Raises:
            TooManyQueries: the client, or the server, runs as many queries as it may.
        """
        settings = self.settings
        concurrency, workers = settings.sparql_concurrency, settings.sparql_workers
        with self._slots.hold(client, concurrency=concurrency, workers=workers):
            yield


def service(request: Request) -> Service:
    svc = request.app.state.kgcheck
    assert isinstance(svc, Service)
    return svc


ServiceDep = Annotated[Service, Depends(service)]


def authorised(request: Request, key: Annotated[str | None, Depends(API_KEY_HEADER)]) -> None:
    """Dependency of every route but ``/healthz``, ``/metrics`` and the docs."""
    keys = [k.get_secret_value() for k in service(request).settings.api_keys]
    check_api_key(request, key, keys)
