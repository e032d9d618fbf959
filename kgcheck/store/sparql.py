"""The SPARQL 1.1 back-end: any server speaking the SPARQL 1.1 Protocol (Virtuoso, Fuseki,
GraphDB, Oxigraph server, ...), over plain HTTP.

Queries and updates go as form-encoded POSTs (``query=`` / ``update=``), the form every server
accepts, including Virtuoso 7.2, which mishandles others; SELECT and ASK ask for SPARQL JSON
results; every request has a timeout. An update answered 400 (which proxies and load balancers send
for their own reasons), 408 or 429 is worth trying again (``StoreBadRequest``,
``StoreUnavailable``), after the ``Retry-After`` the server names, if any. Credentials (HTTP basic
or digest) come from the configuration, where ``KGCHECK_STORE__PASSWORD`` can supply the password.

Updates from one store go to the server one at a time: each report's last update changes the
shared per-day counts, and concurrent updates of the same triples hold locks for long on
Virtuoso (whose 7.2 release has been seen to crash under them) and may deadlock elsewhere.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

import httpx

from kgcheck.errors import InvalidQuery, StoreError
from kgcheck.sparql_http import JSON_RESULTS, SparqlHttp
from kgcheck.store.base import FlagStore, WriteSettings
from kgcheck.store.results import QueryResult, RawResult
from kgcheck.store.spool import Spool

if TYPE_CHECKING:
    from kgcheck.config import StoreConfig

__all__ = ["SparqlFlagStore"]

log = logging.getLogger(__name__)

_JSON = JSON_RESULTS
_GRAPH_ACCEPT = "application/n-triples, text/plain;q=0.9, text/turtle;q=0.8"


class SparqlFlagStore(FlagStore):
    """Turn reports in a SPARQL 1.1 server.

    Usage::

        store = SparqlFlagStore(
            "http://127.0.0.1:8890/sparql", update_url="http://127.0.0.1:8890/sparql-auth",
            username="kgcheck", password="...", auth="digest",
        )
    """

    kind = "sparql"
    #: Virtuoso 7.2 refuses an INSERT DATA of more than some 2,000 triples (SP031).
    max_update_triples = 1000

    @classmethod
    def open(
        cls,
        location: str,
        config: StoreConfig,
        *,
        read_only: bool = False,
        spool: Spool | None = None,
        settings: WriteSettings,
    ) -> SparqlFlagStore:
        """``sparql:<query URL>``, with the ``store:`` section's update URL and credentials."""
        return cls(
            location,
            update_url=config.update_url,
            username=config.username,
            password=None if config.password is None else config.password.get_secret_value(),
            auth=config.auth,
            timeout=config.timeout,
            spool=spool,
            **settings,
        )

    def __init__(
        self,
        query_url: str,
        *,
        update_url: str | None = None,
        username: str | None = None,
        password: str | None = None,
        auth: str = "basic",
        timeout: float = 10.0,
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
        self._http = SparqlHttp(
            query_url,
            update_url=update_url,
            username=username,
            password=password,
            auth=auth,
            timeout=timeout,
        )
        self._updating = threading.Lock()
        self.query_url = self._http.query_url
        self.update_url = self._http.update_url
        if self.spool is not None and len(self.spool):
            try:
                self.replay()
            except StoreError as exc:
                log.error("%s: spooled reports not replayed (%s)", self.describe(), exc.message)

    def describe(self) -> str:
        return self._http.describe()

    def private_names(self) -> list[str]:
        names = {self.describe(), self.query_url, self.update_url}
        names |= {name.removeprefix("sparql:") for name in names}
        return sorted(names, key=len, reverse=True)

    def close(self) -> None:
        self._http.close()

    def _post(
        self, url: str, form: dict[str, str], accept: str, *, update: bool = False
    ) -> httpx.Response:
        return self._http.post(url, form, accept, update=update)

    def _select(self, query: str, form: str) -> QueryResult:
        if form in ("construct", "describe"):
            response = self._post(self.query_url, {"query": query}, _GRAPH_ACCEPT)
            return QueryResult(form, graph=response.text)
        response = self._post(self.query_url, {"query": query}, _JSON)
        if "x-sparql-maxrows" in response.headers:
            log.warning(
                "%s cut the result at %s rows (its ResultSetMaxRows)",
                self.describe(),
                response.headers["x-sparql-maxrows"],
            )
        try:
            data = response.json()
        except ValueError as exc:
            raise InvalidQuery(f"{self.describe()}: the answer is not SPARQL JSON results") from exc
        return QueryResult.from_json(form, data)

    def _raw(self, query: str, form: str, accept: str) -> RawResult:
        response = self._post(self.query_url, {"query": query}, accept or "*/*")
        media = response.headers.get("content-type", "application/octet-stream")
        return RawResult(response.content, media.split(";")[0].strip())

    async def query_raw_async(
        self,
        query: str,
        accept: str,
        *,
        headers: dict[str, str] | None = None,
        timeout: float | None = None,
    ) -> RawResult:
        """Run a query that passed the gate (its prefixes declared) on the event loop, for
        ``/sparql``: cancelling it closes the connection, and a kgcheck endpoint then stops the
        query. ``headers`` go with the request (a kgcheck endpoint's query limits);
        ``truncated`` is what the endpoint's ``Kgcheck-Truncated`` header says.

        Raises:
            StoreError: the server failed or refused the query.
        """
        response = await self._http.post_async(
            self.query_url, {"query": query}, accept or "*/*", headers=headers, timeout=timeout
        )
        media = response.headers.get("content-type", "application/octet-stream")
        truncated = response.headers.get("kgcheck-truncated", "").lower() == "true"
        return RawResult(response.content, media.split(";")[0].strip(), truncated)

    def _update(self, update: str) -> None:
        with self._updating:
            self._post(self.update_url, {"update": update}, _JSON, update=True)
