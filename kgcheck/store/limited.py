"""User queries with limits: a time limit, a row limit, and a process that can be stopped.

Oxigraph cannot interrupt a query, so a query over an Oxigraph store (on disk or in memory) runs
in a process of its own (:mod:`kgcheck.store.query_worker`), which is killed when the time is up
or the caller goes away; the on-disk store is opened read-only there, an in-memory store is
copied to it. A ``sparql:`` store runs the query on its server, bounded by the store's own
``timeout``; the limits go with the query in the ``Kgcheck-Query-Limits`` header, so that a
kgcheck endpoint (the writer of ``kgcheck serve --workers N``, :mod:`kgcheck.endpoint`) runs it
in such a process too, within the same time, memory and row limits, and at most ``workers``
such queries at once (``concurrency`` per client). A caller that goes away closes its
connection, and the endpoint stops the query. Every query passes the gate first
(:mod:`kgcheck.store.gate`).

More rows (or triples) than ``max_rows`` are cut to ``max_rows``, and the result says so
(``truncated``); ``/sparql`` reports it in the ``Kgcheck-Truncated`` header.

Codes: KGC415 the query ran past its time limit and was stopped; KGC416 too many queries at
once; KGC417 past its memory limit.

Usage::

    result = run_query(store, "SELECT * WHERE { ?s ?p ?o }", "text/csv", QueryLimits(timeout=5))
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from kgcheck.errors import (
    InvalidQuery,
    InvalidValue,
    QueryTimeout,
    QueryTooLarge,
    StoreError,
    StoreUnavailable,
    TooManyQueries,
)
from kgcheck.store.base import FlagStore
from kgcheck.store.gate import GatedQuery, QueryForm, gate_query
from kgcheck.store.oxigraph import OxigraphFlagStore, answer_media
from kgcheck.store.queries import with_prefixes
from kgcheck.store.sparql import SparqlFlagStore

__all__ = [
    "LIMITS_HEADER",
    "LimitedResult",
    "QueryJob",
    "QueryLimits",
    "QuerySlots",
    "QuerySource",
    "run_query",
    "run_query_async",
    "wait_for_job",
]

log = logging.getLogger(__name__)

_WORKER = Path(__file__).with_name("query_worker.py")
_JSON = "application/sparql-results+json"
#: The request header that carries a query's limits to a kgcheck endpoint.
LIMITS_HEADER = "Kgcheck-Query-Limits"
#: Seconds a ``sparql:`` store is given past the query's time limit to say it stopped it.
_GRACE = 5.0
_FORMS: dict[Any, QueryForm] = {
    "select": "select",
    "ask": "ask",
    "construct": "construct",
    "describe": "describe",
}
#: What a query process reads: an on-disk store's directory, or an in-memory store's N-Quads.
QuerySource = tuple[Path | None, bytes]


@dataclass(frozen=True, slots=True)
class QueryLimits:
    """How long a query may run, how many rows it may answer, which endpoints it may call."""

    timeout: float = 10.0
    max_rows: int = 10_000
    service_allow: tuple[str, ...] = ()
    #: Address space the worker process may use, in MiB (0: no limit); past it the query
    #: fails (KGC417) instead of taking the server's memory.
    memory_mb: int = 1024
    #: Queries a kgcheck endpoint runs at once for everyone sending limits (0: no limit).
    workers: int = 0
    #: Queries a kgcheck endpoint runs at once for one client (0: no limit).
    concurrency: int = 0

    def header(self, form: QueryForm, client: str = "") -> str:
        """These limits as :data:`LIMITS_HEADER` says them, with the form of the query (which
        passed the gate) and who asks (for ``concurrency``)."""
        fields = asdict(self)
        del fields["service_allow"]  # the gate has been passed already
        return json.dumps({**fields, "form": form, "client": client}, separators=(",", ":"))

    @classmethod
    def from_header(cls, text: str) -> tuple[QueryLimits, str, QueryForm]:
        """The limits, the client and the query's form of a :data:`LIMITS_HEADER`.

        Raises:
            InvalidValue: (KGC406) not such a header.
        """
        try:
            fields: dict[str, Any] = json.loads(text)
            client = str(fields.pop("client", ""))
            form = _FORMS[fields.get("form", "select")]
            limits = cls(
                timeout=float(fields["timeout"]),
                max_rows=int(fields["max_rows"]),
                memory_mb=int(fields["memory_mb"]),
                workers=int(fields.get("workers", 0)),
                concurrency=int(fields.get("concurrency", 0)),
            )
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise InvalidValue(f"{LIMITS_HEADER}: not the limits of a query ({exc})") from exc
        if not 0 < limits.timeout < 86_400 or limits.max_rows < 1 or limits.memory_mb < 0:
            raise InvalidValue(f"{LIMITS_HEADER}: limits out of range")
        return limits, client, form


class QuerySlots:
    """The queries running now, by client: at most ``concurrency`` of one client and ``workers``
    over all at once (0: no limit)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._running: dict[str, int] = {}

    @contextmanager
    def hold(self, client: str, *, concurrency: int, workers: int) -> Iterator[None]:
        """Hold one of ``client``'s slots (and one of everyone's) while the block runs.

        Raises:
            TooManyQueries: (KGC416) the client, or everyone, runs as many queries as it may.
        """
        with self._guard:
            running = self._running.get(client, 0)
            if concurrency and running >= concurrency:
                raise TooManyQueries(
                    f"{running} queries of this client are running; at most {concurrency} at once"
                )
            everyone = sum(self._running.values())
            if workers and everyone >= workers:
                raise TooManyQueries(
                    f"{everyone} queries are running; at most {workers} at once "
                    "(server.sparql_workers): try again shortly"
                )
            self._running[client] = running + 1
        try:
            yield
        finally:
            with self._guard:
                left = self._running[client] - 1
                if left:
                    self._running[client] = left
                else:
                    del self._running[client]


@dataclass(frozen=True, slots=True)
class LimitedResult:
    """An answer as serialised for the caller, and whether rows were cut off."""

    body: bytes
    media_type: str
    form: QueryForm
    truncated: bool = False


class QueryJob:
    """One query in a worker process; :meth:`stop` kills it."""

    def __init__(
        self,
        store: OxigraphFlagStore | QuerySource,
        text: str,
        form: QueryForm,
        media: str,
        max_rows: int,
        memory_mb: int = 0,
    ) -> None:
        directory, data = store.snapshot() if isinstance(store, OxigraphFlagStore) else store
        job = {
            "query": text,
            "media": media,
            "max_rows": max_rows,
            "memory_mb": memory_mb,
            "directory": None if directory is None else str(directory),
        }
        self.form = form
        self._memory_mb = memory_mb
        self._input = json.dumps(job).encode() + b"\n" + data
        # -I: no user site, no script directory on sys.path, no PYTHON* variables
        self._proc = subprocess.Popen(
            [sys.executable, "-I", str(_WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_WORKER_ENV,
        )

    @property
    def running(self) -> bool:
        """Whether the worker process is still alive."""
        return self._proc.poll() is None

    def wait(self, timeout: float) -> LimitedResult:
        """The answer, once the worker has written it.

        Raises:
            QueryTimeout: not done within ``timeout`` seconds (the worker is killed);
            QueryTooLarge: past its memory limit; InvalidQuery: the query failed;
            StoreUnreadable: the store could not be read.
        """
        try:
            out, err = self._proc.communicate(self._input, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            self._proc.kill()
            self._proc.communicate()  # reaps it and closes the pipes
            raise QueryTimeout(
                f"the query ran longer than {timeout:g}s and was stopped; narrow it down "
                "(LIMIT, more specific patterns)"
            ) from exc
        head, _, body = out.partition(b"\n")
        try:
            status = json.loads(head)
        except ValueError:
            detail = err.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no answer"]
            if self._memory_mb and self._proc.returncode != 0:
                # an allocation past the address-space cap aborts the process (what it said
                # last is a line of Rust's panic message: not the caller's business)
                log.info("query process ended with %s: %s", self._proc.returncode, detail[0])
                raise QueryTooLarge(
                    f"the query needed more than {self._memory_mb} MiB and was stopped; "
                    "narrow it down (LIMIT, more specific patterns)"
                ) from None
            raise InvalidQuery(f"the query process failed ({detail[0]})") from None
        if not status.get("ok"):  # the worker names the code: StoreError builds its class
            raise StoreError(str(status.get("message")), code=str(status.get("code")))
        return LimitedResult(body, str(status["media"]), self.form, bool(status["truncated"]))

    def stop(self) -> None:
        """Kill the worker (if it still runs) and reap it."""
        if self._proc.poll() is None:
            self._proc.kill()
        self._proc.wait()


#: Two malloc arenas: glibc reserves 64 MiB of address space for each of the store's threads'
#: arenas, which took half of a 1 GiB ``memory_mb`` before the query ran (and failed some
#: queries at random with KGC417).
_WORKER_ENV = {**os.environ, "MALLOC_ARENA_MAX": "2"}


def _prepare(
    store: FlagStore, text: str, accept: str, limits: QueryLimits
) -> tuple[GatedQuery, QueryJob | None]:
    """The query past the gate, and its worker for an Oxigraph store (``None``: run it on the
    store's server)."""
    gated = gate_query(text, service_allow=limits.service_allow)
    if not isinstance(store, OxigraphFlagStore):
        return gated, None
    media = answer_media(gated.form, accept)
    job = QueryJob(
        store, with_prefixes(gated.text), gated.form, media, limits.max_rows, limits.memory_mb
    )
    return gated, job


def _direct(store: FlagStore, gated: GatedQuery, accept: str, limits: QueryLimits) -> LimitedResult:
    raw = store.query_raw(gated.text, accept, service_allow=limits.service_allow)
    return LimitedResult(raw.body, raw.media_type, gated.form)


def run_query(store: FlagStore, text: str, accept: str, limits: QueryLimits) -> LimitedResult:
    """Run a user query within ``limits``, answering in a format ``accept`` takes.

    Raises:
        StoreError: the gate refused it (KGC404, KGC405), it ran too long (KGC415), or failed.
    """
    gated, job = _prepare(store, text, accept, limits)
    if job is None:
        return _direct(store, gated, accept, limits)
    try:
        return job.wait(limits.timeout)
    finally:
        job.stop()


async def wait_for_job(
    job: QueryJob, timeout: float, gone: Callable[[], Awaitable[bool]], *, poll: float = 0.2
) -> LimitedResult:
    """:meth:`QueryJob.wait` on the event loop; the worker is also killed as soon as ``gone()``
    says the caller has left. The worker is gone when this returns."""
    task = asyncio.ensure_future(asyncio.to_thread(job.wait, timeout))
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=poll)
            if not task.done() and await gone():
                job.stop()
        return await task
    finally:
        job.stop()


async def run_query_async(
    store: FlagStore,
    text: str,
    accept: str,
    limits: QueryLimits,
    gone: Callable[[], Awaitable[bool]],
    *,
    client: str = "",
    poll: float = 0.2,
) -> LimitedResult:
    """:func:`run_query` for the service: the worker is also killed as soon as ``gone()``
    says the client has left. Over a ``sparql:`` store the limits (and ``client``, for
    ``concurrency``) go with the query, and the request is dropped when the client leaves."""
    # the parse of a long query takes seconds (rdflib): off the event loop
    gated, job = await asyncio.to_thread(_prepare, store, text, accept, limits)
    if job is not None:
        return await wait_for_job(job, limits.timeout, gone, poll=poll)
    if not isinstance(store, SparqlFlagStore):
        return await asyncio.to_thread(_direct, store, gated, accept, limits)
    asked = store.query_raw_async(
        with_prefixes(gated.text),
        accept,
        headers={LIMITS_HEADER: limits.header(gated.form, client)},
        timeout=limits.timeout + _GRACE,
    )
    task = asyncio.ensure_future(asked)
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=poll)
            if not task.done() and await gone():
                task.cancel()
                raise StoreUnavailable("the query was stopped: the client went away")
        raw = task.result()
    finally:
        task.cancel()
    return LimitedResult(raw.body, raw.media_type, gated.form, raw.truncated)
