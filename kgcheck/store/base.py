"""``FlagStore``: where checked turns go, and how they are read back.

A back-end implements three primitives (a query answered as rows, a query answered as the
store's own serialisation, and an update); this class adds what every back-end needs on top:
the predeclared prefixes, refusing updates sent as queries, and a write path that loses nothing.
``write`` sends a turn's graph in one ``INSERT DATA``; a transient failure (store locked,
unreachable, timed out, 5xx, and the 400, 408 and 429 that proxies send) is retried with a
doubling delay, or the delay the server asks for in ``Retry-After`` (at most
``max_retry_after``), and when the store stays down the update is spooled to disk and the report
says so. While the store is down (for ``cooldown`` seconds after a failure) reports go straight to
the spool. The first write that succeeds afterwards, and from then on one write every
``cooldown`` seconds, starts a background thread that replays the spool in batches of
``replay_batch`` (no turn waits for the replay); opening the store replays it at once. An update
the store cannot run at all (:class:`~kgcheck.errors.InvalidQuery`) is kept in the spool's
dead-letter folder, never dropped.

What a failed write does is decided by the error's class (see :mod:`kgcheck.errors` and
``docs/errors.md``)::

    StoreUnavailable (StoreLocked, StoreBadRequest, StoreWriteFailed)
                     transient: retried, then spooled; the store counts as down
    InvalidQuery     the store cannot run the update: not retried, kept as a dead letter
    any other        permanent (StoreRejected, StoreUnreadable, ...): not retried, spooled
                     until someone fixes the store; the store counts as down
"""

from __future__ import annotations

import logging
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from kgcheck.errors import StoreError, StoreUnavailable
from kgcheck.report import TurnReport
from kgcheck.store.gate import QueryForm, gate_query
from kgcheck.store.queries import with_prefixes
from kgcheck.store.rdf import report_updates
from kgcheck.store.results import QueryResult, RawResult
from kgcheck.store.rollups import with_counts
from kgcheck.store.spool import PERMANENT, Spool

if TYPE_CHECKING:
    from kgcheck.config import StoreConfig

__all__ = ["FlagStore", "StoreStatus", "WriteResult"]

_ASK = re.compile(r"\s*ASK\b", re.IGNORECASE)

log = logging.getLogger(__name__)


class StoreStatus(StrEnum):
    """What became of a report sent to the store."""

    STORED = "stored"
    SPOOLED = "spooled"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class WriteResult:
    status: StoreStatus
    #: Why the report was not stored, when it was not.
    reason: str | None = None


class WriteSettings(TypedDict):
    """How every back-end retries and replays writes (the ``store:`` section's keys)."""

    retries: int
    retry_delay: float
    cooldown: float
    max_retry_after: float
    replay_batch: int


class FlagStore(ABC):
    """A SPARQL store of turn reports, flags, review events and sessions.

    Usage::

        store = open_flag_store(config.store)
        store.record(report)                        # report.store_status == "stored"
        store.query("SELECT ?f WHERE { ?f a kgc:Flag }").records()
    """

    #: ``memory``, ``oxigraph`` or ``sparql``.
    kind: str = ""
    #: The most triples one update may carry (``None``: no limit); see ``rdf.report_updates``.
    max_update_triples: int | None = None

    def __init__(
        self,
        *,
        spool: Spool | None = None,
        retries: int = 2,
        retry_delay: float = 0.2,
        cooldown: float = 5.0,
        max_retry_after: float = 10.0,
        replay_batch: int = 50,
    ) -> None:
        self.spool = spool
        self.retries = retries
        self.retry_delay = retry_delay
        self.cooldown = cooldown
        self.max_retry_after = max_retry_after
        self.replay_batch = replay_batch
        self._state_lock = threading.Lock()
        self._replay_lock = threading.Lock()
        self._replayer: threading.Thread | None = None
        self._down_until = 0.0
        self._down_reason: str | None = None
        self._next_spool_check = 0.0

    @classmethod
    @abstractmethod
    def open(
        cls,
        location: str,
        config: StoreConfig,
        *,
        read_only: bool = False,
        spool: Spool | None = None,
        settings: WriteSettings,
    ) -> FlagStore:
        """The store at ``location`` (what follows ``<scheme>:`` in ``store.backend``; empty
        for ``memory``), as ``kgcheck.store.open_flag_store`` opens it for the back-end
        registered under that scheme (``kgcheck.registry.stores``).

        Raises:
            StoreError: the store cannot be opened.
        """

    # --- back-end primitives ------------------------------------------------------------

    @abstractmethod
    def _select(self, query: str, form: str) -> QueryResult:
        """Run a query (prefixes already added) and answer with plain values."""

    @abstractmethod
    def _raw(self, query: str, form: str, accept: str) -> RawResult:
        """Run a query and answer in the store's own serialisation, chosen by ``accept``."""

    @abstractmethod
    def _update(self, update: str) -> None:
        """Run a SPARQL update, atomically."""

    def describe(self) -> str:
        """The store for messages, without credentials (``oxigraph:/var/kgcheck/flags``)."""
        return self.kind

    def private_names(self) -> list[str]:
        """What in a message would say where the store is (its directory, its URLs), longest
        first: the HTTP service leaves them out of the errors it answers with."""
        return []

    @abstractmethod
    def close(self) -> None:
        """Let the store go (an on-disk store is locked while open)."""

    # --- reading --------------------------------------------------------------------------

    def query(self, text: str, *, service_allow: Collection[str] = ()) -> QueryResult:
        """Run a SPARQL query; ``kgc:``, ``prov:``, ``rdf:``, ``rdfs:`` and ``xsd:`` are
        predeclared, and the default graph is the union of all stored turns. The query passes
        the gate first (:func:`kgcheck.store.gate.gate_query`): only read-only queries, no
        ``SERVICE`` but to the endpoints of ``service_allow``.

        Raises:
            StoreError: the text is an update or calls another endpoint (QueryNotAllowed) or
                is malformed (InvalidQuery), or the store is unavailable.
        """
        gated = gate_query(text, service_allow=service_allow)
        return self._select(with_prefixes(gated.text), gated.form)

    def own_query(self, text: str) -> QueryResult:
        """Run a SELECT or ASK that kgcheck wrote itself (sessions, health probes), without the
        gate: its parse costs milliseconds on every turn. Never for text from outside."""
        form: QueryForm = "ask" if _ASK.match(text) else "select"
        return self._select(with_prefixes(text), form)

    def query_raw(
        self, text: str, accept: str, *, service_allow: Collection[str] = ()
    ) -> RawResult:
        """Run a query for the SPARQL protocol endpoint: the answer as the store writes it."""
        gated = gate_query(text, service_allow=service_allow)
        return self._raw(with_prefixes(gated.text), gated.form, accept)

    def update(self, text: str) -> None:
        """Run a SPARQL update (prefixes predeclared) once, without spooling: for changes a
        person is waiting for, such as a review."""
        self._update(with_prefixes(text))

    # --- writing reports ----------------------------------------------------------------

    def _report_updates(self, report: TurnReport) -> list[str]:
        """The updates writing ``report``'s turn graph and adding it to the per-day counts
        (:mod:`kgcheck.store.rollups`)."""
        return with_counts(report, report_updates(report, max_triples=self.max_update_triples))

    def write(self, report: TurnReport) -> WriteResult:
        """Store ``report`` as its turn's named graph, retrying transient failures and spooling
        it when the store stays down.

        Raises:
            StoreError: the store failed and there is no spool, or the spool cannot be written.
        """
        updates = self._report_updates(report)
        reason = self._skip_reason()
        kind: type[StoreError] = StoreUnavailable
        rejected, code = False, StoreUnavailable.code
        if reason is None:
            try:
                for update in updates:
                    self._update_with_retries(update)
            except StoreError as exc:
                reason, kind, code = exc.message, type(exc), exc.code
                rejected = isinstance(exc, PERMANENT)
                if not rejected:
                    self._mark_down(reason)
            else:
                self._after_success()
                return WriteResult(StoreStatus.STORED)
        if self.spool is None:
            raise kind(f"{self.describe()}: report not stored ({reason})", code=code)
        path = self.spool.put(
            updates,
            report_id=report.report_id,
            session=report.session_id,
            turn=report.turn_index,
            reason=reason,
            rejected=rejected,
        )
        if rejected:
            return WriteResult(
                StoreStatus.FAILED, f"the store refused it ({reason}); kept in {path}"
            )
        return WriteResult(StoreStatus.SPOOLED, reason)

    def stage(self, report: TurnReport) -> Path | None:
        """Keep ``report`` on disk before something it must not be lost with (the session
        save); then :meth:`record` it with ``staged=``. ``None`` without a spool.

        Raises:
            SpoolUnwritable: the spool cannot be written.
        """
        if self.spool is None:
            return None
        updates = self._report_updates(report)
        return self.spool.stage(
            updates, report_id=report.report_id, session=report.session_id, turn=report.turn_index
        )

    def record(self, report: TurnReport, *, staged: Path | None = None) -> StoreStatus:
        """:meth:`write` that never raises: sets ``report.store_status``, and notes in
        ``report.skipped`` when the report was spooled or lost. ``staged``: the file of
        :meth:`stage`, deleted once the report is stored and spooled in its place otherwise."""
        if staged is not None:
            return self._record_staged(report, staged)
        try:
            result = self.write(report)
        except StoreError as exc:
            log.error("report %s not stored: %s", report.report_id, exc.message)
            report.store_status = str(StoreStatus.FAILED)
            report.skipped.append(f"store: report not stored ({exc.message})")
            return StoreStatus.FAILED
        report.store_status = str(result.status)
        if result.status is StoreStatus.FAILED:
            log.error("report %s not stored: %s", report.report_id, result.reason)
            report.skipped.append(f"store: report not stored: {result.reason}")
        elif result.status is StoreStatus.SPOOLED:
            assert self.spool is not None
            report.skipped.append(
                f"store: {self.describe()} unavailable ({result.reason}); report spooled to "
                f"{self.spool.directory}, written when the store is back"
            )
        return result.status

    def _record_staged(self, report: TurnReport, staged: Path) -> StoreStatus:
        assert self.spool is not None
        updates = self._report_updates(report)
        reason = self._skip_reason()
        if reason is None:
            try:
                for update in updates:
                    self._update_with_retries(update)
            except StoreError as exc:
                reason = exc.message
                if not isinstance(exc, PERMANENT):
                    self._mark_down(reason)
            else:
                self.spool.unstage(staged)
                self._after_success()
                report.store_status = str(StoreStatus.STORED)
                return StoreStatus.STORED
        try:
            self.spool.promote(staged, reason)
        except StoreError as exc:
            log.error("report %s: %s (still in %s)", report.report_id, exc.message, staged)
        report.store_status = str(StoreStatus.SPOOLED)
        report.skipped.append(
            f"store: {self.describe()} unavailable ({reason}); report spooled to "
            f"{self.spool.directory}, written when the store is back"
        )
        return StoreStatus.SPOOLED

    def replay(self) -> int:
        """Write the spooled reports now; returns how many were written.

        Raises:
            StoreError: the store failed; the reports not written stay spooled.
        """
        if self.spool is None:
            return 0
        with self._replay_lock:
            try:
                done = self.spool.replay(self._update_with_retries)
            except StoreError as exc:
                self._mark_down(exc.message)
                raise
        return done

    def _update_with_retries(self, update: str) -> None:
        for attempt in range(self.retries + 1):
            try:
                self._update(update)
                return
            except StoreError as exc:
                if not isinstance(exc, StoreUnavailable) or attempt == self.retries:
                    raise
                log.warning("%s: %s; retrying", self.describe(), exc.message)
                delay = self.retry_delay * 2**attempt
                if exc.retry_after is not None:
                    delay = min(max(exc.retry_after, 0.0), self.max_retry_after)
                time.sleep(delay)

    def _skip_reason(self) -> str | None:
        with self._state_lock:
            if time.monotonic() < self._down_until:
                return self._down_reason
        return None

    def _mark_down(self, reason: str) -> None:
        with self._state_lock:
            self._down_until = time.monotonic() + self.cooldown
            self._down_reason = reason
        log.error("%s unavailable (%s); spooling reports", self.describe(), reason)

    def _after_success(self) -> None:
        """After a recovery, and now and then (other processes may spool), start replaying the
        spool in the background."""
        if self.spool is None:
            return
        now = time.monotonic()
        with self._state_lock:
            recovered = self._down_reason is not None
            due = now >= self._next_spool_check
            if not (recovered or due):
                return
            self._down_reason = None
            self._next_spool_check = now + self.cooldown
            if self._replayer is not None and self._replayer.is_alive():
                return
            self._replayer = threading.Thread(
                target=self._replay_batches, name="kgcheck-spool-replay", daemon=True
            )
            self._replayer.start()

    def wait_for_replay(self, timeout: float | None = None) -> bool:
        """Wait for a background replay to end (for tests and shutdown); ``False`` if it is
        still running after ``timeout`` seconds."""
        replayer = self._replayer
        if replayer is None:
            return True
        replayer.join(timeout)
        return not replayer.is_alive()

    def _replay_batches(self) -> None:
        assert self.spool is not None
        spool = self.spool
        while True:
            if not self._replay_lock.acquire(blocking=False):
                return  # someone replays already
            try:
                done = spool.replay(self._update_with_retries, limit=self.replay_batch)
            except StoreError as exc:
                self._mark_down(exc.message)
                return
            except OSError as exc:  # the spool itself: try again after the next success
                log.error("%s: spool replay failed (%s)", spool.directory, exc)
                return
            finally:
                self._replay_lock.release()
            if done < self.replay_batch or self._skip_reason() is not None:
                return
