"""Who may call the service, and how much they may send."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from fastapi import Request
from fastapi.security import APIKeyHeader
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["API_KEY_HEADER", "BodyLimit", "check_api_key", "client_id", "given_key"]

#: The scheme OpenAPI shows; ``Authorization: Bearer <key>`` is accepted too.
API_KEY_HEADER = APIKeyHeader(name="X-API-Key", auto_error=False)


def given_key(request: Request) -> str | None:
    """The API key the request carries (``X-API-Key`` or ``Authorization: Bearer``)."""
    given = request.headers.get("x-api-key")
    if given is None:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            given = auth[7:].strip()
    return given


def client_id(request: Request) -> str:
    """Who is calling, for per-client limits: a digest of the API key, else the address."""
    key = given_key(request)
    if key:
        return "key:" + hashlib.sha256(key.encode()).hexdigest()[:16]
    return "addr:" + (request.client.host if request.client else "unknown")


def check_api_key(request: Request, given: str | None, keys: list[str]) -> None:
    """Refuse the request unless it carries one of ``keys`` (no keys: everyone may call).

    Raises:
        HTTPException: 401.
    """
    if not keys:
        return
    if given is None:
        given = given_key(request)
    if given and any(hmac.compare_digest(given.encode(), k.encode()) for k in keys):
        return
    raise HTTPException(
        401,
        "missing or unknown API key: send X-API-Key or Authorization: Bearer",
        headers={"WWW-Authenticate": "Bearer"},
    )


class BodyLimit:
    """ASGI middleware refusing request bodies over ``max_bytes`` with 413: at once when the
    declared length says so, else as soon as the body read so far does."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise HTTPException(413, self._message())
            return message

        await self.app(scope, limited, send)

    def _message(self) -> str:
        return f"request body larger than {self.max_bytes} bytes"

    async def _refuse(self, send: Send) -> None:
        body: dict[str, Any] = {"error": {"code": "HTTP413", "message": self._message()}}
        data = json.dumps(body).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(data)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})
