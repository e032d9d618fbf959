"""Errors as JSON: every failure answers ``{"error": {"code": ..., "message": ...}}`` with a
status code a client can act on.

Messages say what went wrong, never where the service keeps things: the flag store's directory
and URLs (the loopback address of the writer behind ``kgcheck serve --workers N`` included) and
any absolute file path are left out (:func:`public_message`); the log keeps the full message.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from kgcheck.errors import KgcheckError, http_status

__all__ = ["error_body", "install_error_handlers", "public_message", "status_of"]

log = logging.getLogger(__name__)


def status_of(exc: KgcheckError) -> int:
    """The HTTP status for a kgcheck error: its class's in :data:`kgcheck.errors.ERROR_CODES`
    (a subclass of its own answers like the class it derives from)."""
    return http_status(exc)


#: An absolute file path of two parts or more (``/var/kgcheck/flags/000152.sst``); not the
#: path of a URL (``http://host/a/b``: after a host name), nor a path within an IRI.
_PATH = re.compile(r"(?<![\w:/.~<-])/(?:[\w.+@~%=-]+/)+[\w.+@~%=-]*")


def public_message(message: str, private: Sequence[str] = ()) -> str:
    """``message`` without the names in ``private`` (a store's directory and URLs: see
    :meth:`kgcheck.store.FlagStore.private_names`) and without absolute file paths."""
    for name in sorted(private, key=len, reverse=True):
        if name:
            message = message.replace(name, "the flag store")
    return _PATH.sub("<path>", message)


def _private(request: Request) -> list[str]:
    svc = getattr(request.app.state, "kgcheck", None)
    store = getattr(svc, "store", None)
    return store.private_names() if store is not None else []


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def install_error_handlers(app: FastAPI) -> None:
    """JSON errors for kgcheck errors, HTTP errors, invalid requests and anything unexpected."""

    @app.exception_handler(KgcheckError)
    async def _kgcheck(request: Request, exc: KgcheckError) -> JSONResponse:
        status = status_of(exc)
        if status >= 500:
            log.error("%s", exc)
        message = public_message(exc.message, _private(request))
        return JSONResponse(error_body(exc.code, message), status_code=status)

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
