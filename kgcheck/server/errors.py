"""Errors as JSON: every failure answers ``{"error": {"code": ..., "message": ...}}`` with a
status code a client can act on."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from kgcheck.errors import (
    ConfigError,
    InputError,
    KgcheckError,
    ModelError,
    RuleError,
    StoreError,
)

__all__ = ["error_body", "install_error_handlers", "status_of"]

log = logging.getLogger(__name__)

#: Store errors by code: what the client did wrong, or what is wrong behind the service.
_STORE_STATUS = {
    "KGC401": 503,  # store locked or unreadable
    "KGC402": 503,  # store unreachable
    "KGC403": 502,  # the store refused the service's request
    "KGC404": 400,  # malformed query
    "KGC405": 403,  # update (or SERVICE) sent to the query endpoint
    "KGC406": 400,  # bad filter value
    "KGC407": 500,  # no store configured
    "KGC408": 503,  # spool not writable
    "KGC409": 503,  # the store (or a proxy before it) answered 400 to a write
    "KGC410": 404,  # no such flag
    "KGC411": 409,  # review change not allowed from the flag's status
    "KGC412": 409,  # changed by someone else meanwhile
    "KGC413": 404,  # no such session
    "KGC414": 500,  # stored session unreadable
    "KGC415": 503,  # query ran past its time limit and was stopped
    "KGC416": 429,  # too many queries at once from one client, or over all
    "KGC417": 503,  # a query past its memory limit
}


def status_of(exc: KgcheckError) -> int:
    """The HTTP status for a kgcheck error."""
    if isinstance(exc, StoreError):
        return _STORE_STATUS.get(exc.code, 503)
    if isinstance(exc, InputError | RuleError):
        return 400
    if isinstance(exc, ModelError):
        return 503
    if isinstance(exc, ConfigError):
        return 500
    return 500


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def install_error_handlers(app: FastAPI) -> None:
    """JSON errors for kgcheck errors, HTTP errors, invalid requests and anything unexpected."""

    @app.exception_handler(KgcheckError)
    async def _kgcheck(_: Request, exc: KgcheckError) -> JSONResponse:
        status = status_of(exc)
        if status >= 500:
            log.error("%s", exc)
        return JSONResponse(error_body(exc.code, exc.message), status_code=status)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(
            error_body(f"HTTP{exc.status_code}", str(exc.detail)),
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(part) for part in err.get("loc", ()))
            problems.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse(
            error_body("HTTP422", "; ".join(problems) or "invalid request"), status_code=422
        )

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return JSONResponse(
            error_body("HTTP500", f"internal error ({type(exc).__name__})"), status_code=500
        )
