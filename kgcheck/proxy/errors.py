"""Errors as an OpenAI client expects them: ``{"error": {"message", "type", "code"}}``.

An upstream's own errors are passed through untouched; these are the proxy's: 401 (no or a
wrong ``X-API-Key``), 400 (a body that is not a JSON object), 502/504 (the upstream cannot be
reached or does not answer in time) and 503 (the check failed: the reply is withheld).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from kgcheck.proxy.upstream import UpstreamUnreachable

__all__ = [
    "CHECK_FAILED",
    "CheckFailed",
    "install_openai_errors",
    "openai_error",
    "openai_error_body",
]

log = logging.getLogger(__name__)

#: The ``code`` of a reply withheld because checking it failed.
CHECK_FAILED = "kgcheck_check_failed"


class CheckFailed(Exception):
    """Checking a reply raised: the reply is not sent (503)."""


def openai_error_body(message: str, type_: str, code: str | None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def openai_error(status: int, message: str, type_: str, code: str | None) -> JSONResponse:
    return JSONResponse(openai_error_body(message, type_, code), status_code=status)


def install_openai_errors(app: FastAPI) -> None:
    """OpenAI-style answers for the proxy's own failures, and for anything unexpected."""

    @app.exception_handler(UpstreamUnreachable)
    async def _unreachable(_: Request, exc: UpstreamUnreachable) -> JSONResponse:
        log.warning("%s", exc)
        return openai_error(exc.status, str(exc), "upstream_error", exc.code)

    @app.exception_handler(CheckFailed)
    async def _check_failed(_: Request, exc: CheckFailed) -> JSONResponse:
        return openai_error(503, str(exc), "kgcheck_error", CHECK_FAILED)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        return openai_error(exc.status_code, str(exc.detail), "invalid_request_error", None)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error in the proxy")
        return openai_error(
            500, f"internal error in the kgcheck proxy ({type(exc).__name__})", "server_error", None
        )
