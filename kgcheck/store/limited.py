"""User queries with limits: a time limit, a row limit, and a process that can be stopped.

Oxigraph cannot interrupt a query, so a query over an Oxigraph store (on disk or in memory) runs
in a process of its own (:mod:`kgcheck.store.query_worker`), which is killed when the time is up
or the caller goes away; the on-disk store is opened read-only there, an in-memory store is
copied to it. A ``sparql:`` store runs the query on its server, bounded by the store's own
``timeout``. Every query passes the gate first (:mod:`kgcheck.store.gate`).

More rows (or triples) than ``max_rows`` are cut to ``max_rows``, and the result says so
(``truncated``); ``/sparql`` reports it in the ``Kgcheck-Truncated`` header.

Codes: KGC415 the query ran past its time limit and was stopped.

Usage::

    result = run_query(store, "SELECT * WHERE { ?s ?p ?o }", "text/csv", QueryLimits(timeout=5))
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from kgcheck.errors import InvalidQuery, QueryTimeout, QueryTooLarge, StoreError
from kgcheck.store.base import FlagStore
from kgcheck.store.gate import QueryForm, gate_query
from kgcheck.store.oxigraph import OxigraphFlagStore, answer_media
from kgcheck.store.queries import with_prefixes

__all__ = ["LimitedResult", "QueryJob", "QueryLimits", "run_query", "run_query_async"]

_WORKER = Path(__file__).with_name("query_worker.py")
_JSON = "application/sparql-results+json"


@dataclass(frozen=True, slots=True)
class QueryLimits:
    """How long a query may run, how many rows it may answer, which endpoints it may call."""

    timeout: float = 10.0
    max_rows: int = 10_000
    service_allow: tuple[str, ...] = ()
    #: Address space the worker process may use, in MiB (0: no limit); past it the query
    #: fails (KGC417) instead of taking the server's memory.
    memory_mb: int = 1024


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
        store: OxigraphFlagStore,
        text: str,
        form: QueryForm,
        media: str,
        max_rows: int,
        memory_mb: int = 0,
    ) -> None:
        directory, data = store.snapshot()
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
                # an allocation past the address-space cap aborts the process
                raise QueryTooLarge(
                    f"the query needed more than {self._memory_mb} MiB and was stopped; "
                    f"narrow it down (LIMIT, more specific patterns) ({detail[0]})"
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


def _prepare(store: FlagStore, text: str, accept: str, limits: QueryLimits) -> QueryJob | None:
    """The worker of an Oxigraph store's query (``None``: run it on the store's server)."""
    gated = gate_query(text, service_allow=limits.service_allow)
    if not isinstance(store, OxigraphFlagStore):
        return None
    media = answer_media(gated.form, accept)
    return QueryJob(
        store, with_prefixes(gated.text), gated.form, media, limits.max_rows, limits.memory_mb
    )


def _direct(store: FlagStore, text: str, accept: str, limits: QueryLimits) -> LimitedResult:
    gated = gate_query(text, service_allow=limits.service_allow)
    raw = store.query_raw(gated.text, accept, service_allow=limits.service_allow)
    return LimitedResult(raw.body, raw.media_type, gated.form)


def run_query(store: FlagStore, text: str, accept: str, limits: QueryLimits) -> LimitedResult:
    """Run a user query within ``limits``, answering in a format ``accept`` takes.

    Raises:
        StoreError: the gate refused it (KGC404, KGC405), it ran too long (KGC415), or failed.
    """
    job = _prepare(store, text, accept, limits)
    if job is None:
        return _direct(store, text, accept, limits)
    try:
        return job.wait(limits.timeout)
    finally:
        job.stop()


async def run_query_async(
    store: FlagStore,
    text: str,
    accept: str,
    limits: QueryLimits,
    gone: Callable[[], Awaitable[bool]],
    *,
    poll: float = 0.2,
) -> LimitedResult:
    """:func:`run_query` for the service: the worker is also killed as soon as ``gone()``
    says the client has left."""
    job = _prepare(store, text, accept, limits)
    if job is None:
        return await asyncio.to_thread(_direct, store, text, accept, limits)
    task = asyncio.ensure_future(asyncio.to_thread(job.wait, limits.timeout))
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=poll)
            if not task.done() and await gone():
                job.stop()
        return await task
    finally:
        job.stop()
