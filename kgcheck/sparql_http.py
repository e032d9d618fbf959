"""Talking to a SPARQL 1.1 server over HTTP: one client for the flag store and the knowledge base.

Queries and updates go as form-encoded POSTs (``query=`` / ``update=``), the form every server
accepts, including Virtuoso 7.2, which mishandles others; every request has a timeout. Failures
become the store's error classes: an unreachable or overloaded server (timeouts, 5xx, 408, 429)
is ``StoreUnavailable`` with the ``Retry-After`` it named, if any; credentials refused are
``StoreRejected``; a 400 is ``InvalidQuery`` for a query and ``StoreBadRequest`` for an update
(which proxies send for their own reasons, so it is worth trying again). Credentials (HTTP basic
or digest) never appear in messages. A kgcheck endpoint (the writer behind ``kgcheck serve
--workers N``) names its own error code in the ``Kgcheck-Error`` header: that error's class is
raised, with the endpoint's message as it is (it names no address).

Usage::

    http = SparqlHttp("http://127.0.0.1:8890/sparql", timeout=5.0)
    rows = http.select("SELECT ?s WHERE { ?s ?p ?o } LIMIT 1")   # SPARQL JSON bindings
"""

from __future__ import annotations

import logging
import re
import time
import weakref
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any, NamedTuple

import httpx

from kgcheck.errors import (
    InvalidQuery,
    StoreBadRequest,
    StoreError,
    StoreRejected,
    StoreUnavailable,
)

if TYPE_CHECKING:
    from kgcheck.config import SparqlServerSettings

__all__ = ["ERROR_HEADER", "JSON_RESULTS", "Answer", "SparqlHttp", "retry_after"]

log = logging.getLogger(__name__)

JSON_RESULTS = "application/sparql-results+json"
_CREDENTIALS = re.compile(r"//[^/@]*@")
#: The header in which a kgcheck endpoint names the code of the error it answers with.
ERROR_HEADER = "Kgcheck-Error"
_STORE_CODE = re.compile(r"KGC4\d\d")


class Answer(NamedTuple):
    """A SELECT's bindings (SPARQL JSON), its variables, and the row limit the server cut it
    at (``None``: the answer is whole)."""

    bindings: list[dict[str, dict[str, Any]]]
    names: list[str]
    cut: int | None


class SparqlHttp:
    """An HTTP client for one SPARQL 1.1 server (query URL, update URL, credentials)."""

    def __init__(
        self,
        query_url: str,
        *,
        update_url: str | None = None,
        username: str | None = None,
        password: str | None = None,
        auth: str = "basic",
        timeout: float = 10.0,
    ) -> None:
        self.query_url = query_url
        self.update_url = update_url or query_url
        credentials: httpx.Auth | None = None
        if username is not None:
            if auth == "digest":
                credentials = httpx.DigestAuth(username, password or "")
            else:
                credentials = httpx.BasicAuth(username, password or "")
        self.client = httpx.Client(
            auth=credentials,
            timeout=httpx.Timeout(timeout),
            headers={"User-Agent": "kgcheck"},
        )
        #: Requests sent so far (for benchmarks and tests).
        self.requests = 0
        # a client dropped without close() still closes its connections
        weakref.finalize(self, self.client.close)

    @classmethod
    def configured(
        cls, query_url: str, settings: SparqlServerSettings, *, update_url: str | None = None
    ) -> SparqlHttp:
        """A client with the credentials and time-out of a configuration section."""
        password = settings.password
        return cls(
            query_url,
            update_url=update_url,
            username=settings.username,
            password=None if password is None else password.get_secret_value(),
            auth=settings.auth,
            timeout=settings.timeout,
        )

    def describe(self) -> str:
        """``sparql:<query URL>`` with any credentials in the URL left out."""
        return "sparql:" + _CREDENTIALS.sub("//", self.query_url)

    def close(self) -> None:
        self.client.close()

    def post(
        self, url: str, form: dict[str, str], accept: str, *, update: bool = False
    ) -> httpx.Response:
        """One POST; the response when it succeeded.

        Raises:
            StoreError: the server cannot be reached or refused the request (see the module).
        """
        self.requests += 1
        try:
            response = self.client.post(url, data=form, headers={"Accept": accept})
        except httpx.TimeoutException as exc:
            raise StoreUnavailable(
                f"{self.describe()}: no answer within {self.client.timeout.read}s"
            ) from exc
        except httpx.HTTPError as exc:
            raise StoreUnavailable(f"{self.describe()}: cannot reach the server ({exc})") from exc
        if response.is_success:
            return response
        raise self._failure(response, update=update)

    async def post_async(
        self,
        url: str,
        form: dict[str, str],
        accept: str,
        *,
        headers: dict[str, str] | None = None,
        timeout: float | None = None,
    ) -> httpx.Response:
        """One POST on the event loop (a client of its own, the same credentials): cancelling
        it closes the connection, so the server can stop what it was doing.

        Args:
            headers: more request headers.
            timeout: seconds to wait for the answer (default: this client's time-out).

        Raises:
            StoreError: as :meth:`post`.
        """
        self.requests += 1
        wait = self.client.timeout.read if timeout is None else timeout
        try:
            async with httpx.AsyncClient(
                auth=self.client.auth,
                timeout=httpx.Timeout(wait),
                headers={"User-Agent": "kgcheck"},
            ) as client:
                response = await client.post(
                    url, data=form, headers={"Accept": accept, **(headers or {})}
                )
        except httpx.TimeoutException as exc:
            raise StoreUnavailable(f"{self.describe()}: no answer within {wait}s") from exc
        except httpx.HTTPError as exc:
            raise StoreUnavailable(f"{self.describe()}: cannot reach the server ({exc})") from exc
        if response.is_success:
            return response
        raise self._failure(response, update=False)

    def _failure(self, response: httpx.Response, *, update: bool) -> StoreError:
        """The error of an answer that is not a success (see the module)."""
        detail = " ".join(response.text.split())[:300]
        code = response.headers.get(ERROR_HEADER, "")
        if _STORE_CODE.fullmatch(code):
            # a kgcheck endpoint's own error (a query stopped at its limit, ...): its class
            known = StoreError(detail, code=code)
            known.retry_after = retry_after(response.headers.get("retry-after"))
            return known
        status = response.status_code
        kind: type[StoreError]
        if status in (401, 403) or "permission" in detail.lower():
            kind = StoreRejected
        elif status >= 500 or status in (408, 429):
            kind = StoreUnavailable
        elif status == 400:
            # a query is the caller's to fix; an update kgcheck wrote is most likely fine and
            # the 400 a proxy's, so it is retried (and kept as a dead letter if it keeps failing)
            kind = StoreBadRequest if update else InvalidQuery
        else:
            kind = StoreRejected
        error = kind(f"{self.describe()}: HTTP {status}: {detail}")
        error.retry_after = retry_after(response.headers.get("retry-after"))
        return error

    def query(self, query: str, accept: str, *, default_graph: str | None = None) -> httpx.Response:
        """POST ``query`` to the query URL, over ``default_graph`` when one is named (the
        protocol's ``default-graph-uri``)."""
        form = {"query": query}
        if default_graph is not None:
            form["default-graph-uri"] = default_graph
        return self.post(self.query_url, form, accept)

    def select(
        self,
        query: str,
        *,
        default_graph: str | None = None,
        retries: int = 0,
        retry_delay: float = 0.2,
        whole: bool = False,
    ) -> list[dict[str, dict[str, Any]]]:
        """The bindings of a SELECT, as SPARQL JSON results hold them; an unavailable server is
        tried ``retries`` more times, the delay doubling (or as its ``Retry-After`` says).

        A server may cut a result at its row limit (Virtuoso's ``ResultSetMaxRows``, which it
        names in an ``X-SPARQL-MaxRows`` header). With ``whole``, a cut result is read again in
        pages of that many rows, ordered by every variable in a subquery and paged outside it
        (Virtuoso's "scrollable cursor": its sorted ``TOP`` alone stops at ``MaxSortedTopRows``),
        so a scan of a large KB misses nothing; ``query`` is then a plain ``SELECT ... WHERE
        {...}``, with no prologue and no solution modifiers. Without it, a cut is logged.

        Raises:
            StoreError: the server failed every try, or the answer is not SPARQL JSON results.
        """
        answer = self.answer(
            query, default_graph=default_graph, retries=retries, retry_delay=retry_delay
        )
        if answer.cut is None:
            return answer.bindings
        if not whole or not answer.names:
            log.warning(
                "%s cut the result at %s rows (its ResultSetMaxRows)", self.describe(), answer.cut
            )
            return answer.bindings
        log.info("%s cut a scan at %s rows: reading it in pages", self.describe(), answer.cut)
        order = " ".join(f"?{name}" for name in answer.names)
        rows: list[dict[str, dict[str, Any]]] = []
        while True:
            page = (
                f"SELECT * WHERE {{ {{ {query} ORDER BY {order} }} }} "
                f"OFFSET {len(rows)} LIMIT {answer.cut}"
            )
            got = self.answer(
                page, default_graph=default_graph, retries=retries, retry_delay=retry_delay
            )
            rows.extend(got.bindings)
            if len(got.bindings) < answer.cut:
                return rows

    def answer(
        self,
        query: str,
        *,
        default_graph: str | None = None,
        retries: int = 0,
        retry_delay: float = 0.2,
    ) -> Answer:
        """A SELECT's answer as the server gave it, with the row limit it was cut at, if it
        was (``Answer.cut``); retried as :meth:`select` is.

        Raises:
            StoreError: the server failed every try, or the answer is not SPARQL JSON results.
        """
        response = self._select(query, default_graph, retries, retry_delay)
        bindings, names = self._bindings(response)
        cut = _cut_at(response)
        return Answer(bindings, names, cut if cut is not None and len(bindings) >= cut else None)

    def _select(
        self, query: str, default_graph: str | None, retries: int, retry_delay: float
    ) -> httpx.Response:
        for attempt in range(retries + 1):
            try:
                return self.query(query, JSON_RESULTS, default_graph=default_graph)
            except StoreUnavailable as exc:
                if attempt == retries:
                    raise
                wait = exc.retry_after if exc.retry_after is not None else retry_delay * 2**attempt
                log.warning("%s; trying again in %.2fs", exc.message, wait)
                time.sleep(min(wait, 10.0))
        raise AssertionError("unreachable")  # pragma: no cover

    def _bindings(
        self, response: httpx.Response
    ) -> tuple[list[dict[str, dict[str, Any]]], list[str]]:
        """The bindings of an answer and its variables' names."""
        try:
            data = response.json()
            bindings: list[dict[str, dict[str, Any]]] = data["results"]["bindings"]
            names = [str(n) for n in data.get("head", {}).get("vars", [])]
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InvalidQuery(f"{self.describe()}: the answer is not SPARQL JSON results") from exc
        return bindings, names


def _cut_at(response: httpx.Response) -> int | None:
    """The row limit a server says it cut an answer at, if it says so."""
    value = response.headers.get("x-sparql-maxrows", "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else None


def retry_after(value: str | None) -> float | None:
    """Seconds of a ``Retry-After`` header (delta-seconds or an HTTP date), ``None`` if absent
    or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max((when - datetime.now(UTC)).total_seconds(), 0.0)
