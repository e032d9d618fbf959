"""``/sparql``: the SPARQL 1.1 Protocol query operation over the flag store, read-only.

``GET /sparql?query=...``, ``POST`` with a form (``query=...``) or with
``Content-Type: application/sparql-query``. The answer's format follows ``Accept`` (SPARQL JSON,
XML, CSV or TSV results; Turtle, N-Triples or RDF/XML graphs). Updates (an ``update`` parameter,
``application/sparql-update``, or update operations in the query) are refused with 403, and so
are ``SERVICE`` calls, which would let callers make the service fetch other URLs: a SPARQL
parser decides (:mod:`kgcheck.store.gate`); text it cannot parse is refused with 400 (KGC404).

A query runs within the ``server:`` limits (:mod:`kgcheck.store.limited`): it is stopped after
``sparql_timeout`` seconds (503, KGC415) or when the client goes away, its answer holds at most
``sparql_max_rows`` rows (the ``Kgcheck-Truncated: true`` header says when rows were cut), and
one client may run ``sparql_concurrency`` queries at once (429, KGC416). With several workers
over an on-disk store, the writer process runs each query within the same limits, and counts
``sparql_workers`` and ``sparql_concurrency`` over all the workers. Error messages name no
store address or file (:func:`kgcheck.server.errors.public_message`).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from fastapi import APIRouter, Request, Response
from starlette.exceptions import HTTPException

from kgcheck.errors import QueryNotAllowed
from kgcheck.server.limits import client_id
from kgcheck.server.service import Service, ServiceDep
from kgcheck.store.limited import QueryLimits, run_query_async

__all__ = ["router"]

router = APIRouter(tags=["sparql"])

_DEFAULT_ACCEPT = "application/sparql-results+json, text/turtle;q=0.9"


async def _operation(request: Request) -> dict[str, list[str]]:
    params = {k: request.query_params.getlist(k) for k in request.query_params}
    if request.method == "GET":
        return params
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = await request.body()
    if media == "application/x-www-form-urlencoded":
        for key, values in parse_qs(body.decode("utf-8"), keep_blank_values=True).items():
            params.setdefault(key, []).extend(values)
        return params
    if media == "application/sparql-query":
        params.setdefault("query", []).append(body.decode("utf-8"))
        return params
    if media == "application/sparql-update":
        params.setdefault("update", []).append(body.decode("utf-8"))
        return params
    raise HTTPException(
        415,
        "send the query as application/x-www-form-urlencoded (query=...) or "
        "application/sparql-query",
    )


_RESPONSES: dict[int | str, dict[str, object]] = {
    200: {
        "content": {
            "application/sparql-results+json": {},
            "application/sparql-results+xml": {},
            "text/csv": {},
            "text/turtle": {},
        }
    }
}


@router.get(
    "/sparql",
    summary="SPARQL 1.1 query endpoint (read-only), GET",
    response_class=Response,
    responses=_RESPONSES,
)
async def sparql_get(request: Request, svc: ServiceDep) -> Response:
    """Run the query of ``?query=`` over the stored reports (the default graph is the union of
    all turn graphs; ``kgc:``, ``prov:``, ``rdf:``, ``rdfs:`` and ``xsd:`` are predeclared)."""
    return await _answer(request, svc)


@router.post(
    "/sparql",
    summary="SPARQL 1.1 query endpoint (read-only), POST",
    response_class=Response,
    responses=_RESPONSES,
)
async def sparql_post(request: Request, svc: ServiceDep) -> Response:
    """Run a query sent as a form (``query=...``) or as ``application/sparql-query``."""
    return await _answer(request, svc)


async def _answer(request: Request, svc: Service) -> Response:
    params = await _operation(request)
    if "update" in params:
        raise QueryNotAllowed("updates are refused: this endpoint is read-only")
    queries = params.get("query", [])
    if len(queries) != 1 or not queries[0].strip():
        raise HTTPException(400, "expected exactly one query parameter")
    if params.get("default-graph-uri") or params.get("named-graph-uri"):
        raise HTTPException(
            400, "default-graph-uri and named-graph-uri are not supported; use FROM or GRAPH"
        )
    accept = request.headers.get("accept") or _DEFAULT_ACCEPT
    settings = svc.settings
    limits = QueryLimits(
        timeout=settings.sparql_timeout,
        max_rows=settings.sparql_max_rows,
        service_allow=tuple(settings.sparql_service_allow),
        memory_mb=settings.sparql_memory_mb,
        # over the writer of several workers: the same slots over all of them
        workers=settings.sparql_workers,
        concurrency=settings.sparql_concurrency,
    )
    client = client_id(request)
    with svc.query_slot(client):
        result = await run_query_async(
            svc.store, queries[0], accept, limits, request.is_disconnected, client=client
        )
    headers = {"Kgcheck-Truncated": "true" if result.truncated else "false"}
    if result.truncated:
        headers["Kgcheck-Max-Rows"] = str(limits.max_rows)
    return Response(result.body, media_type=result.media_type, headers=headers)
