"""Errors as an OpenAI client expects them: ``{"error": {"message", "type", "code"}}``.

An upstream's own errors are passed through untouched; these are the proxy's: 401 (no or a
wrong ``X-API-Key``), 400 (a body that is not a JSON object, or that the proxy will not forward:
:class:`Refused`, with the ``param`` at fault where there is one), 413 (a body over
``proxy.max_request_bytes``), 502/504 (the upstream cannot be reached or does not answer in time)
and 503 (the check failed: the reply is withheld).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

__all__ = [
    "CHECK_FAILED",
    "CheckFailed",
    "Refused",
    "install_openai_errors",
    "openai_error",
    "openai_error_body",
]

log = logging.getLogger(__name__)

#: The ``code`` of a reply withheld because checking it failed.
CHECK_FAILED = "kgcheck_check_failed"


class CheckFailed(Exception):
    """Checking a reply raised: the reply is not sent (503)."""


class Refused(Exception):
    """A request the proxy does not forward: answered ``status`` (400) with an
    ``invalid_request_error`` naming ``code`` and, where one is at fault, the body's ``param``.
    """

    def __init__(
        self, message: str, code: str, *, param: str | None = None, status: int = 400
    ) -> None:
        super().__init__(message)
        self.code = code
        self.param = param
        self.status = status


def openai_error_body(
    message: str, type_: str, code: str | None, *, param: str | None = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


def openai_error(
    status: int, message: str, type_: str, code: str | None, *, param: str | None = None
) -> JSONResponse:
    return JSONResponse(openai_error_body(message, type_, code, param=param), status_code=status)


def install_openai_errors(app: FastAPI) -> None:
    """OpenAI-style answers for the proxy's own failures, and for anything unexpected."""
    from kgcheck.proxy.upstream import UpstreamUnreachable  # upstream -> paths -> errors

    @app.exception_handler(UpstreamUnreachable)
    async def _unreachable(_: Request, exc: UpstreamUnreachable) -> JSONResponse:
        log.warning("%s", exc)
        return openai_error(exc.status, str(exc), "upstream_error", exc.code)

    @app.exception_handler(CheckFailed)
    async def _check_failed(_: Request, exc: CheckFailed) -> JSONResponse:
        return openai_error(503, str(exc), "kgcheck_error", CHECK_FAILED)

    @app.exception_handler(Refused)
    async def _refused(_: Request, exc: Refused) -> JSONResponse:
        return openai_error(
            exc.status, str(exc), "invalid_request_error", exc.code, param=exc.param
        )

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        code = "request_too_large" if exc.status_code == 413 else None
        return openai_error(exc.status_code, str(exc.detail), "invalid_request_error", code)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error in the proxy")
        return openai_error(
            500, f"internal error in the kgcheck proxy ({type(exc).__name__})", "server_error", None
        )
